"""Where a stale anchor's claim may be now: the places re-anchoring weighs, and their scores.

    Search(body, fold(body), prefix, quote, suffix, old_start, ...).place(s, e)
        -> Place(start, end, text, context, quote, score, sided)

The search side of :mod:`verifier.ingest.reanchor`, which decides between the places: the
body and the anchor in rendered form (:mod:`verifier.ingest.rendered`), the places with the
exact context (:func:`exact_context`), the places a scored search considers
(:func:`candidates`), and the checks a corrected quote must pass (a figure in it, one line,
no cut word or number). Offsets inside a :class:`Search` are folded; a :class:`Place` gives
the body's.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from dataclasses import dataclass
from typing import Final

from rapidfuzz import fuzz
from rapidfuzz.distance import Indel

from verifier.ingest.rendered import CJK, Folded, fold
from verifier.models.claim import Anchor
from verifier.quantities.numerals import CN_NUMERAL_CHARS

CONTEXT: Final = 32
"""Most characters of prefix and suffix an anchor keeps (the Anchor model's limit)."""


WEIGHTS: Final = (0.7, 0.2, 0.1)
"""Weights of context, quote and nearness in :func:`score` (they sum to 1).

The context identifies the claim and weighs most; the quote's likeness tells an untouched
figure from an edited one; nearness to the old offsets (Hypothesis' position hint) only
separates places that are otherwise alike."""

MIN_SIDE: Final = 4
"""Least characters of a prefix or suffix searched for on its own (a shorter one is found by chance)."""

REACH: Final = 16
"""Characters an edited quote may grow by, beyond twice its recorded length, between its prefix and suffix."""

SLACK: Final = 6
"""Characters a fuzzy place's edges are moved by, each way, when fitting it to the context."""


NUMERAL: Final = re.compile(f"[0-9\uff10-\uff19{CN_NUMERAL_CHARS}]")
"""A digit (ASCII or fullwidth) or a Chinese numeral character: a corrected quote of a figure
still prints one, else the sentence was rewritten and the place is not the claim's."""


@dataclass(frozen=True)
class Place:
    """A place in the new body where the record's claim may be now.

    Attributes:
        start: offset of its first character (code points of the body).
        end: offset one past its last character.
        text: ``body[start:end]``.
        context: how well the recorded prefix and suffix fit around it (0..1).
        quote: how much its text is like the recorded quote (0..1, rendered text).
        score: the combined :func:`score` (0..1).
        sided: True when a side of the context is exactly next to it (rendered text) and
            holds at least :data:`MIN_SIDE` characters of the quote's own line
            (:func:`near_lengths`): evidence enough for a corrected quote.
    """

    start: int
    end: int
    text: str
    context: float
    quote: float
    score: float
    sided: bool = False

    def describe(self) -> str:
        """'48:53 '800 W' (context 1.00)'."""
        return f"{self.start}:{self.end} {self.text!r} (context {self.context:.2f})"


def occurrences(body: str, quote: str) -> list[int]:
    """Offsets (code points) of every occurrence of ``quote`` in ``body``, overlapping ones included."""
    found: list[int] = []
    at = body.find(quote) if quote else -1
    while at >= 0:
        found.append(at)
        at = body.find(quote, at + 1)
    return found


def sides(prefix: str, suffix: str, before: str, after: str) -> float:
    """Each side compared with the text of the same length next to a place (rapidfuzz Indel
    normalised similarity: 1 - insertions and deletions / total length), weighted by the
    sides' lengths. No context scores 1 everywhere."""
    total = len(prefix) + len(suffix)
    if total == 0:
        return 1.0
    score = len(prefix) * Indel.normalized_similarity(prefix, before) if prefix else 0.0
    score += len(suffix) * Indel.normalized_similarity(suffix, after) if suffix else 0.0
    return score / total


@dataclass(frozen=True)
class Search:
    """The record's anchor in rendered form, and the body it is looked for in."""

    body: str
    folded: Folded
    prefix: str
    quote: str
    suffix: str
    old_start: int
    line_prefix: bool = False
    line_suffix: bool = False
    near: tuple[int, int] = (0, 0)

    def context(self, s: int, e: int) -> float:
        """Fit of the context around folded span ``s:e``."""
        t = self.folded.text
        return sides(self.prefix, self.suffix, t[max(0, s - len(self.prefix)):s], t[e:e + len(self.suffix)])

    def place(self, s: int, e: int) -> Place:
        """The :class:`Place` of folded span ``s:e``, scored."""
        start, end = self.folded.original(s), self.folded.original_end(e)
        ctx, q = self.context(s, e), Indel.normalized_similarity(self.quote, self.folded.text[s:e])
        near = 1.0 - min(1.0, abs(start - self.old_start) / max(len(self.body), 1))
        t, fp, fs = self.folded.text, self.prefix, self.suffix
        sided = self.near[0] >= MIN_SIDE and t[max(0, s - len(fp)):s] == fp or self.near[1] >= MIN_SIDE and t[e:e + len(fs)] == fs
        return Place(start, end, self.body[start:end], ctx, q, score(ctx, q, near), bool(sided))

    def prefix_ends(self, strong: bool) -> list[int]:
        """Folded offsets just after an occurrence of the prefix. ``strong``: only those that
        are evidence on their own (the prefix holds :data:`MIN_SIDE` characters of the quote's
        line, or it was cut at a line start and one starts there); else every occurrence."""
        t, fp = self.folded.text, self.prefix
        out = [p + len(fp) for p in occurrences(t, fp)] if fp and (not strong or self.near[0] >= MIN_SIDE) else []
        if self.line_prefix:
            out += [f + len(fp) for f in self._lines(starts=True) if t.startswith(fp, f)]
        return sorted(set(out))

    def suffix_starts(self, strong: bool) -> list[int]:
        """Folded offsets where the suffix begins; ``strong`` as for :meth:`prefix_ends`."""
        t, fs = self.folded.text, self.suffix
        out = occurrences(t, fs) if fs and (not strong or self.near[1] >= MIN_SIDE) else []
        if self.line_suffix:
            out += [f - len(fs) for f in self._lines(starts=False) if f >= len(fs) and t[f - len(fs):f] == fs]
        return sorted(set(out))

    def _lines(self, starts: bool) -> list[int]:
        """Folded offsets of the body's line starts (or line ends), the body's edges included."""
        breaks = [i for i, ch in enumerate(self.body) if ch == "\n"] if "\n" in self.body else []
        if starts:
            return [0, *(self.folded.folded(i + 1) for i in breaks)]
        return [*(self.folded.folded(i) for i in breaks), len(self.folded.text)]


def score(context: float, quote: float, near: float) -> float:
    """The weighted score of a place (:data:`WEIGHTS`), each part 0..1."""
    wc, wq, wn = WEIGHTS
    return wc * context + wq * quote + wn * near


def exact_context(search: Search) -> list[Place]:
    """Places with the rendered prefix and suffix exactly around them (tier 1): occurrences
    of the quote, and stretches between the prefix and the suffix that still print a figure.

    A stretch is found from a side that is evidence on its own (``strong`` in
    :meth:`Search.prefix_ends`), paired with the nearest occurrence of the other side
    within :data:`REACH` that makes a whole stretch (:func:`_stretch`): a short suffix ('.')
    follows a long prefix, a short prefix precedes a long suffix.
    """
    t, fp, fq, fs = search.folded.text, search.prefix, search.quote, search.suffix
    spans = {(s, s + len(fq)) for s in occurrences(t, fq) if t[max(0, s - len(fp)):s] == fp and t.startswith(fs, s + len(fq))}
    if sum(search.near) >= MIN_SIDE:
        reach = 2 * len(fq) + REACH
        ends, starts = search.prefix_ends(strong=False), search.suffix_starts(strong=False)
        for s in search.prefix_ends(strong=True):
            e = next((e for e in starts[bisect_right(starts, s):] if e <= s + reach and _stretch(search, s, e)), None) \
                if starts else None
            if e is not None:
                spans.add((s, e))
        for e in search.suffix_starts(strong=True):
            k = bisect_right(ends, e - 1)
            s = next((s for s in reversed(ends[:k]) if s >= e - reach and _stretch(search, s, e)), None)
            if s is not None:
                spans.add((s, e))
    # an untouched quote before a stretch that merely contains it: exact quotes first
    places = sorted((search.place(s, e) for s, e in spans), key=lambda p: (-p.quote, p.start))
    return distinct(places)


def _stretch(search: Search, s: int, e: int) -> bool:
    """True when folded ``s:e`` can be a corrected quote: not empty, no outer space, no cut
    word or number (:func:`_cuts`), a figure in it when the quote had one, on one line."""
    t = search.folded.text
    if e <= s or t[s:e].strip() != t[s:e] or _cuts(t, s, e, _joined(search)) or not keeps_figure(search.quote, t[s:e]):
        return False
    return _one_line(search.body[search.folded.original(s):search.folded.original_end(e)])


def _one_line(text: str) -> bool:
    """True when every line break in ``text`` renders as nothing (between CJK characters, as
    after re-wrapping): a corrected figure stays within its line."""
    return all(fold(text[max(0, i - 1):i + 2]).text == text[max(0, i - 1):i] + text[i + 1:i + 2]
               for i, ch in enumerate(text) if ch == "\n")


def near_lengths(anchor: Anchor) -> tuple[int, int]:
    """Rendered characters of the prefix and of the suffix that lie on the quote's own line
    (up to a line break that renders: one between two CJK characters does not).

    A side that runs past a line break is mostly about the next block: after the quote's
    line is deleted, '.' plus the next paragraph fits the line before just as well. Only
    the part on the quote's line is evidence of which figure was corrected.
    """
    def near(side: str, before: bool) -> int:
        cut = side
        for i in (range(len(side) - 1, -1, -1) if before else range(len(side))):
            if side[i] == "\n" and not (0 < i < len(side) - 1 and CJK.match(side[i - 1]) and CJK.match(side[i + 1])):
                cut = side[i + 1:] if before else side[:i]
                break
        return len(fold(cut).text.strip())
    return near(anchor.prefix, True), near(anchor.suffix, False)


def cut_at_lines(anchor: Anchor) -> tuple[bool, bool]:
    """Whether the anchor's prefix and suffix were cut at a line's edge: a side shorter than
    :data:`CONTEXT` with no line break in it (the convention :func:`renew_context` keeps)."""
    return (len(anchor.prefix) < CONTEXT and "\n" not in anchor.prefix,
            len(anchor.suffix) < CONTEXT and "\n" not in anchor.suffix)


def candidates(search: Search) -> list[Place]:
    """Places to score when no place has the exact context (tier 2)."""
    t, fp, fq, fs = search.folded.text, search.prefix, search.quote, search.suffix
    out = [search.place(s, s + len(fq)) for s in occurrences(t, fq)]
    if len(fp) >= MIN_SIDE:
        out += [_fit(search, p + len(fp), p + len(fp) + len(fq), move_start=False) for p in occurrences(t, fp)]
    if len(fs) >= MIN_SIDE:
        out += [_fit(search, s - len(fq), s, move_end=False) for s in occurrences(t, fs)]
    whole = fp + fq + fs
    if whole and t:
        m = fuzz.partial_ratio_alignment(whole, t)
        if m is not None and m.score > 0:
            s = m.dest_start + max(0, len(fp) - m.src_start)
            out.append(_fit(search, s, s + len(fq)))
    return out


def _fit(search: Search, s: int, e: int, move_start: bool = True, move_end: bool = True) -> Place:
    """The span near folded ``s:e`` (edges moved by up to :data:`SLACK`) that best fits the
    context and the quote; an edge found by an exact side is kept."""
    n = len(search.folded.text)
    joined = _joined(search)
    starts = range(max(0, s - SLACK), min(n, s + SLACK) + 1) if move_start else (max(0, min(s, n)),)
    best: tuple[float, int, int] | None = None
    for a in starts:
        ends = range(max(a + 1, e - SLACK), min(n, e + SLACK) + 1) if move_end else (e,)
        for b in ends:
            if b <= a or b > n or _cuts(search.folded.text, a, b, joined):
                continue
            fit = WEIGHTS[0] * search.context(a, b) + WEIGHTS[1] * Indel.normalized_similarity(search.quote, search.folded.text[a:b])
            if best is None or fit > best[0]:
                best = (fit, a, b)
    if best is None:
        return search.place(max(0, min(s, n - 1)), max(1, min(e, n)))
    return search.place(best[1], best[2])


def keeps_figure(quote: str, text: str) -> bool:
    """True unless ``quote`` prints a figure (:data:`NUMERAL`) and ``text`` prints none."""
    return not NUMERAL.search(quote) or bool(NUMERAL.search(text))


def _cuts(t: str, a: int, b: int, joined: tuple[bool, bool] = (False, False)) -> bool:
    """True when span ``a:b`` of ``t`` starts or ends with a space, or cuts a Latin word or a
    number in two (CJK text has no word spaces: any character edge will do). ``joined``: the
    recorded quote itself was joined to its prefix, or to its suffix ('Jalapeño2026年底'),
    so that edge may be too."""
    def inside(i: int) -> bool:
        if not 0 < i < len(t):
            return False
        x, y = t[i - 1], t[i]
        if x.isascii() and y.isascii() and x.isalnum() and y.isalnum():
            return True
        # '19,641' and '1.03' are one number: no cut next to a separator between digits
        return (x.isdigit() and y in ".," and t[i + 1:i + 2].isdigit()) or (x in ".," and y.isdigit() and t[i - 2:i - 1].isdigit())
    return t[a].isspace() or t[b - 1].isspace() or (inside(a) and not joined[0]) or (inside(b) and not joined[1])


def _joined(search: Search) -> tuple[bool, bool]:
    """Whether the recorded quote was joined to its prefix, and to its suffix, inside a word."""
    def word(x: str, y: str) -> bool:
        return x.isascii() and y.isascii() and x.isalnum() and y.isalnum()
    fp, fq, fs = search.prefix, search.quote, search.suffix
    return bool(fp and fq and word(fp[-1], fq[0])), bool(fq and fs and word(fq[-1], fs[0]))


def distinct(places: list[Place]) -> list[Place]:
    """``places`` without any that overlaps an earlier one (the same claim found twice)."""
    kept: list[Place] = []
    for p in places:
        if p.end > p.start and not any(p.start < k.end and k.start < p.end for k in kept):
            kept.append(p)
    return kept
