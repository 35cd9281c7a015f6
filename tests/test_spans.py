"""SpanIndex answers exactly what the list comprehensions it replaces answered."""

from __future__ import annotations

import random
from dataclasses import dataclass

from verifier.extract.spans import SpanIndex


@dataclass(frozen=True)
class Span:
    start: int
    end: int


def _spans(seed: int, n: int = 60) -> list[Span]:
    rng = random.Random(seed)
    out = []
    for _ in range(n):
        s = rng.randrange(200)
        out.append(Span(s, s + rng.randrange(1, 12)))
    return out


def test_last_within_is_the_last_of_within() -> None:
    for seed, ordered in ((1, True), (2, True), (3, False)):
        spans = _spans(seed)
        if ordered:
            spans.sort(key=lambda x: x.start)
        ix = SpanIndex(spans)
        for lo, hi in ((0, 200), (0, 37), (15, 90), (120, 121), (199, 250), (50, 40)):
            expected = [x for x in spans if lo <= x.start and x.end <= hi]
            assert ix.last_within(lo, hi) == (expected[-1] if expected else None), (seed, lo, hi)


def test_last_within_skips_a_span_that_runs_past_the_end() -> None:
    ix = SpanIndex([Span(0, 4), Span(10, 14), Span(12, 30)])
    assert ix.last_within(0, 20) == Span(10, 14)
    assert ix.last_within(11, 20) is None


@dataclass(frozen=True)
class Tagged:
    start: int
    end: int
    tag: int


def test_nearest_within_is_the_max_of_within_by_start() -> None:
    for seed, ordered in ((4, True), (5, False)):
        rng = random.Random(seed)
        spans = [Tagged(s, s + rng.randrange(1, 12), n) for n, s in enumerate(rng.randrange(200) for _ in range(80))]
        if ordered:
            spans.sort(key=lambda x: x.start)
        ix = SpanIndex(spans)
        for lo, hi in ((0, 200), (0, 37), (15, 90), (120, 121), (199, 250), (50, 40)):
            for keep in (lambda x: True, lambda x: x.tag % 3 == 0):
                found = [x for x in spans if lo <= x.start and x.end <= hi and keep(x)]
                expected = max(found, key=lambda x: x.start) if found else None  # the first given among ties
                assert ix.nearest_within(lo, hi, keep) == expected, (seed, lo, hi)


def test_nearest_within_takes_the_first_given_of_a_tie() -> None:
    a, b, c = Tagged(5, 8, 0), Tagged(5, 7, 1), Tagged(1, 3, 2)
    assert SpanIndex([a, b, c]).nearest_within(0, 10, lambda x: True) is a
    assert SpanIndex([b, a, c]).nearest_within(0, 10, lambda x: True) is b
    assert SpanIndex([a, b, c]).nearest_within(0, 7, lambda x: True) is b  # a runs past 7
