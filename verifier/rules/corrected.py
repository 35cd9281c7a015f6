"""V207 corrected-figure: a figure that a correction in the corpus says was printed wrongly.

A correction notice, or a story that sets another right, names a wrong figure and the right
one in one sentence or two: "The report gave the cost of the bridge as $40m; the correct
figure is $26m", "for 14 years, not 30 years as stated in the report", "An earlier version
incorrectly said 5.2%. It is 4.9%", "应为2.6万人，而非26万人". The wording is read by
:func:`corrections_in` with the patterns of ``verifier/data/corrections.yaml`` (grammar of
corrections only). A figure of another article that prints the wrong value in a unit of the
same dimension is the figure corrected, and the finding gives the right one with the
correction's sentence.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import lru_cache
from pathlib import Path
from typing import Final, Iterator

from verifier.align.frames import family_of
from verifier.align.pairs import align
from verifier.models.claim import Claim
from verifier.models.finding import Band, Finding, Severity
from verifier.numeric import Interval
from verifier.rules.aligned import NEEDS_REVIEW, frames
from verifier.rules.context import Context, operand, point_band, sentence_around, sentence_ends, stated_band
from verifier.rules.registry import rule
from verifier.units import factor

WORDING: Final = Path(__file__).resolve().parents[1] / "data" / "corrections.yaml"
"""The patterns of a correction's wording, per language (see the file's header)."""

REACH: Final = 240
"""Most characters between a wrong figure and the right one of one correction (a sentence, or
a short one and the next: 'incorrectly said 5.2%. It is 4.9%')."""


@dataclass(frozen=True)
class Correction:
    """A correction printed in one article: ``wrong`` is the figure it says was printed, ``right``
    the figure it gives instead (both claims of that article, in units of one dimension), and
    ``sentence`` the text that says so."""

    wrong: Claim
    right: Claim
    sentence: str


@lru_cache(maxsize=1)
def _wording() -> dict[str, list[re.Pattern]]:
    """The patterns of :data:`WORDING`, both languages merged per key (their words do not overlap)."""
    from verifier.ingest.yamlio import load_table

    raw = load_table(WORDING)
    out: dict[str, list[re.Pattern]] = defaultdict(list)
    for table in raw.values():
        for key, patterns in table.items():
            out[key] += [re.compile(p, re.IGNORECASE) for p in patterns if p]
    return dict(out)


def _any(key: str, text: str, how: str = "fullmatch") -> bool:
    return any(getattr(p, how)(text) for p in _wording().get(key, ()))


def _factor(a: Claim, b: Claim) -> float | None:
    """k with a figure in ``b``'s unit = k * the same in ``a``'s, or None when they do not convert.
    Counts convert 1:1 when one names no noun or both name the same ('1,200 patients' / '12,000')."""
    ua, ub = a.value.unit, b.value.unit
    if family_of(ua) != family_of(ub):
        return None
    if family_of(ua) == "count" and (ua is None or ub is None or ua == ub):
        return 1.0
    return factor(ua, ub)


def _comparable(a: Claim, b: Claim) -> bool:
    """Two figures one could be put right by the other: one unit family, units that convert."""
    return _factor(a, b) is not None


def _apart(a: Claim, b: Claim) -> bool:
    """True when the two figures cannot be one value at their printed precision."""
    k = _factor(b, a)
    return k is not None and not point_band(a).meets(point_band(b).scale(k))


def corrections_in(body: str, claims: list[Claim], ends: Sequence[int] | None = None) -> list[Correction]:
    """The corrections printed in one article.

    Args:
        body: the article's text.
        claims: its figures, in offset order.
        ends: the body's :func:`~verifier.rules.context.sentence_ends`, when the caller has them.

    Each pair of neighbouring figures of one dimension, at most :data:`REACH` apart and of values
    apart at printed precision, is a correction when the text between them is worded as one
    (``wrong_then_right``); or, the right figure first, when it is ``right_then_wrong`` with
    ``after_wrong`` after the wrong figure or ``before_right`` before the right one; or when the
    first figure's sentence says it was printed wrongly (``wrong_before``) and the second follows
    after ``it_is`` or ``wrong_then_right``.
    """
    out = []
    for a, b in zip(claims, claims[1:]):
        if b.anchor.start - a.anchor.end > REACH or not _comparable(a, b) or not _apart(a, b):
            continue
        if ends is None:
            ends = sentence_ends(body)
        between = body[a.anchor.end:b.anchor.start]
        i = bisect_right(ends, a.anchor.start)
        lead = body[ends[i - 1] if i else 0:a.anchor.start]
        sentence = sentence_around(body, a.anchor.start, b.anchor.end, ends)
        if _any("wrong_then_right", between) or (_any("wrong_before", lead, "search") and _any("it_is", between)):
            out.append(Correction(a, b, sentence))
        elif _any("right_then_wrong", between) and (_any("after_wrong", body[b.anchor.end:b.anchor.end + 80], "match")
                                                    or _any("before_right", lead, "search")):
            out.append(Correction(b, a, sentence))
    return out


def _digits(c: Claim) -> str:
    """The significant digits of a figure as printed ('40kg' -> '4', '1.09万' -> '109', '0.26' -> '26'):
    the key that finds one value printed again, in any scale or unit."""
    return re.sub(r"^0+|0+$", "", re.sub(r"\D", "", c.value.printed.split()[0] if c.value.printed else ""))


def corrections(ctx: Context) -> list[Correction]:
    """Every correction of the corpus (:func:`corrections_in` per article), memoised in ``ctx.memo``."""
    if "corrections" not in ctx.memo:
        by_source: dict[str, list[Claim]] = defaultdict(list)
        for c in ctx.figures:
            if c.value.number is not None:
                by_source[c.source].append(c)
        out = []
        for sid, claims in by_source.items():
            out += corrections_in(ctx.corpus.sources[sid].body, claims, ctx.ends(sid))
        ctx.memo["corrections"] = out
    return ctx.memo["corrections"]


@rule("V207", "corrected-figure", "A figure that a correction in the corpus says was wrong.", severity="error")
def corrected_figure(ctx: Context) -> Iterator[Finding]:
    """A figure printed in one article that a correction in another says was wrong: the same
    value at printed precision, in a unit of the same dimension, as the figure the correction
    names as printed ('the report gave … as 40kg; the correct amount is 260kg', 'not 30 years as
    stated'). The finding gives the right figure and the correction's sentence.

    An error when the corrected figure and the correction's wrong figure are aligned with
    confidence as one quantity (:mod:`verifier.align`); otherwise a warning that needs review
    (the value and unit match; what the two figures measure could not be matched); a bare count or a percentage
    is taken only when its measured thing aligns (:func:`_specific`). Figures of the correcting
    article itself, and the figures other corrections name, are never the figure corrected.

    Okay: "The bridge will cost $26m." | "Correction: an earlier report gave the bridge's cost as $40m; the correct figure is $26m."
    V207: "The bridge will cost $40m." | "Correction: an earlier report gave the bridge's cost as $40m; the correct figure is $26m."
    """
    me = corrected_figure.rule
    found = corrections(ctx)
    if not found:
        return
    named = {c.id for x in found for c in (x.wrong, x.right)}
    by_digits: dict[str, list[Claim]] = defaultdict(list)
    for c in ctx.figures:
        if c.value.number is not None and c.id not in named:
            by_digits[_digits(c)].append(c)
    frame_of = {f.claim.id: f for f in frames(ctx) if f.implied_by is None}
    seen: set[str] = set()
    for x in found:
        for f in by_digits.get(_digits(x.wrong), ()):
            if f.source == x.wrong.source or f.id in seen or not _comparable(f, x.wrong) or _apart(f, x.wrong):
                continue
            a, b = frame_of.get(f.id), frame_of.get(x.wrong.id)
            # the wrong figure's frame is withdrawn (no reading): compared here as the reading it was printed as
            al = align(a, replace(b, mood=a.mood)) if a is not None and b is not None else None
            if al is None and not _specific(f, x):
                continue
            seen.add(f.id)
            yield _finding(ctx, me, f, x, al)


def _specific(f: Claim, x: Correction) -> bool:
    """True when value and unit alone tie figure ``f`` to the correction's wrong figure: a unit of
    a dimension ('40kg', '30 years'), or a count of the noun the correction counts ('12,000
    patients' for '1,200 patients, not 12,000'). A bare count or a percentage recurs for unrelated
    things, so it needs its measured thing aligned too."""
    family = family_of(f.value.unit)
    if family == "fraction":
        return False
    if family == "count":
        noun = x.wrong.value.unit or x.right.value.unit
        return noun is not None and f.value.unit == noun
    return True


def _finding(ctx: Context, me, f: Claim, x: Correction, al) -> Finding:
    sure = al is not None and al.confident and not al.differs
    k = _factor(x.right, f) or 1.0
    right: Interval = point_band(x.right).scale(k)
    unit = f.value.unit
    how = (f"Aligned with the corrected figure by {al.describe()}." if al is not None
           else "Matched by the same value" + (" in the same unit." if f.value.unit == x.wrong.value.unit
                                                else f" (units {f.value.unit or 'none'} and {x.wrong.value.unit or 'none'})."))
    tail = "" if sure else NEEDS_REVIEW + "the value and unit match the corrected figure, but what the two figures measure could not be matched."
    return me.finding(
        f"'{f.anchor.quote}' is the figure {x.wrong.source} corrects: it gives '{x.right.anchor.quote}' in place of "
        f"'{x.wrong.anchor.quote}' (\"{x.sentence.strip()}\"). {how}" + tail,
        severity=None if sure else Severity.warning, claims=[f.id, x.wrong.id, x.right.id], stated=stated_band(f),
        recomputed=Band(low=right.lo, high=right.hi, unit=unit, basis=f"the right figure, as {x.right.source} gives it"),
        operands=[operand(x.wrong), operand(x.right)], formula=f"corrected by {x.right.source}", **ctx.location(f))
