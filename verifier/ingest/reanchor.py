"""Re-anchoring: find a claim's quote again after its article was corrected.

A record anchors its claim twice over (W3C Web Annotation): by position (``start``/``end``)
and by quote with context (``quote``, ``prefix``, ``suffix``). When a journalist fixes a
typo, corrects a figure or inserts a paragraph, the positions go stale but the context still
says where the claim is. :func:`reanchor` finds that place again, in the manner of the fuzzy
anchoring of annotation tools (Hypothesis' dom-anchor-text-quote: exact quote, then context,
then a fuzzy match of quote and context, scored with a hint of the old position). It is a
pure function of the new body and the old anchor, and it would rather change nothing than
move a claim to the wrong sentence: a wrong anchor makes every later check speak about
another text, and the audit afterwards is clean.

The context says *which* figure a record is about; the quote is what a correction may have
changed. So the context decides, in two tiers, all in rendered text (:mod:`.rendered`:
re-wrapped Chinese lines and runs of spaces compare equal):

1. places with the recorded prefix and suffix exactly around them: each occurrence of the
   quote, and each stretch of text between the prefix and the suffix (a quote that was
   edited: found from a side that is evidence on its own, within :data:`REACH`, on one
   line, printing a figure, cutting no word or number). One such place wins outright,
   whatever its quote, so an exact quote elsewhere with another context never beats the
   right context with an edited quote; several are :class:`Ambiguous` (the same sentence
   printed twice: nothing in the text tells which is the record's);
2. otherwise, every occurrence of the quote, every place after an occurrence of the prefix
   or before one of the suffix, and the best fuzzy match of prefix + quote + suffix in the
   body (rapidfuzz) are scored (:func:`score`: context first, then quote, then nearness to
   the old offsets). The best wins when its context scores at least :data:`MIN_SCORE`, it
   leads the next place by :data:`MARGIN`, and, when its quote differs, one side of the
   context is exactly next to it with :data:`MIN_SIDE` characters of the quote's own line
   (:func:`near_lengths`: after a line is deleted, '.' and the next paragraph fit the line
   before as well, and prove nothing). A tie is :class:`Ambiguous`, and no place that
   qualifies is :class:`Orphaned`.

A record with no context at all is found by its quote alone (cut at both line edges, as a
whole line); nothing else can tell its place.

A winner whose text renders as the recorded quote is :class:`Moved` (same quote, new
offsets and context); one whose text differs is :class:`Changed` (old and new quote; the
caller re-reads the value and marks the record for review). Every outcome has its code
(:data:`OUTCOMES`), shown by ``verifier reanchor``.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from dataclasses import dataclass
from typing import ClassVar, Final

from rapidfuzz import fuzz
from rapidfuzz.distance import Indel

from verifier.ingest.rendered import CJK, Folded, fold, fold_anchor
from verifier.models.claim import Anchor
from verifier.quantities.numerals import CN_NUMERAL_CHARS

CONTEXT: Final = 32
"""Most characters of prefix and suffix an anchor keeps (the Anchor model's limit)."""

MIN_SCORE: Final = 0.65
"""Least context score (0..1) for a place to take over a stale anchor.

Measured on the shipped corpus at the time of writing (``tests/test_reanchor.py`` keeps the
first figure in check): the occurrences of a record's quote elsewhere in its article (same
figure, another sentence) score at most 0.53 against the record's context; a record whose
prefix keeps the half next to the quote but has its far half rewritten scores 0.69 or more
(median 0.77), a three-character insertion next to the quote about 0.95, a typo fixed in the
context about 0.98. 0.65 sits between the worst wrong place and the least edited right one;
heavier rewrites of the context are reported for a person to resolve rather than guessed."""

MARGIN: Final = 0.1
"""Least lead (0..1) of the best place's :func:`score` over the next; closer is a tie.

A judgement, not a measurement: repeated table rows ('| 约低 1.7 倍 |') give places whose
contexts differ in a few characters only, and a score that separates them by less than a
tenth is not evidence enough to prefer one."""

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


@dataclass(frozen=True)
class Moved:
    """The quote is found again, unchanged (as rendered), with new offsets or context."""

    anchor: Anchor
    code: ClassVar[str] = "R001"
    name: ClassVar[str] = "moved"


@dataclass(frozen=True)
class Changed:
    """The context is found and the quote between it differs: a corrected figure.

    ``anchor`` holds the new quote (the body's text at the place) and its offsets; the
    record must be re-read and reviewed, never silently accepted.
    """

    anchor: Anchor
    code: ClassVar[str] = "R002"
    name: ClassVar[str] = "changed"


@dataclass(frozen=True)
class Ambiguous:
    """Several places fit the context about equally: nothing is changed.

    Attributes:
        places: the places in question, best first.
    """

    places: tuple[Place, ...]
    code: ClassVar[str] = "R003"
    name: ClassVar[str] = "ambiguous"

    def describe(self) -> str:
        """One line for people: the places that fit, and why none was chosen."""
        shown = "; ".join(p.describe() for p in self.places[:5])
        return f"{len(self.places)} places fit the context about equally: {shown}"


@dataclass(frozen=True)
class Orphaned:
    """No place fits the context well enough: the sentence was rewritten or deleted.

    Attributes:
        places: the best places that were considered and refused (best first; empty when
            the quote and its context occur nowhere).
    """

    places: tuple[Place, ...]
    code: ClassVar[str] = "R004"
    name: ClassVar[str] = "orphaned"

    def describe(self) -> str:
        """One line for people: why nothing fits."""
        if not self.places:
            return "neither the quote nor its context occurs in the article"
        best = "; ".join(p.describe() for p in self.places[:3])
        return f"no place fits the context well enough (at least {MIN_SCORE:.2f} needed): nearest {best}"


Outcome = Moved | Changed | Ambiguous | Orphaned
OUTCOMES: Final = {c.name: c.code for c in (Moved, Changed, Ambiguous, Orphaned)}
"""Each outcome's name and code, as ``verifier reanchor`` prints them."""


def anchor_holds(body: str, anchor: Anchor) -> bool:
    """True when the quote is at its offsets with its prefix and suffix around it (V301, V303),
    exactly or as rendered (:func:`holds_rendered`)."""
    exact = body[anchor.start:anchor.end] == anchor.quote and _context_is(body, anchor, anchor.start)
    return exact or holds_rendered(body, anchor)


def holds_rendered(body: str, anchor: Anchor) -> bool:
    """True when the text from ``anchor.start`` renders as the recorded quote does, with the
    recorded prefix and suffix rendered around it (unrendered whitespace aside: :mod:`.rendered`)."""
    fp, fq, fs = fold_anchor(anchor.prefix, anchor.quote, anchor.suffix)
    w0 = max(0, anchor.start - 2 * CONTEXT)
    window = fold(body[w0:anchor.end + 2 * len(anchor.quote) + 2 * CONTEXT])
    i, t = window.folded(anchor.start - w0), window.text
    return t.startswith(fq, i) and t[:i].endswith(fp) and t.startswith(fs, i + len(fq))


def occurrences(body: str, quote: str) -> list[int]:
    """Offsets (code points) of every occurrence of ``quote`` in ``body``, overlapping ones included."""
    found: list[int] = []
    at = body.find(quote) if quote else -1
    while at >= 0:
        found.append(at)
        at = body.find(quote, at + 1)
    return found


def _context_is(body: str, anchor: Anchor, start: int) -> bool:
    """True when the recorded prefix and suffix are verbatim around ``quote`` placed at ``start``."""
    end = start + len(anchor.quote)
    return body[max(0, start - len(anchor.prefix)):start] == anchor.prefix and body[end:end + len(anchor.suffix)] == anchor.suffix


def context_score(body: str, anchor: Anchor, start: int) -> float:
    """Similarity (0..1) of the anchor's context to the text around ``quote`` placed at ``start``
    (verbatim text; see :func:`_context` for the rendered form the rule uses)."""
    end = start + len(anchor.quote)
    return _sides(anchor.prefix, anchor.suffix, body[max(0, start - len(anchor.prefix)):start], body[end:end + len(anchor.suffix)])


def _sides(prefix: str, suffix: str, before: str, after: str) -> float:
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
class _Search:
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
        return _sides(self.prefix, self.suffix, t[max(0, s - len(self.prefix)):s], t[e:e + len(self.suffix)])

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


def reanchor(body: str, anchor: Anchor) -> Anchor | Outcome:
    """Find ``anchor``'s claim in ``body`` (the corrected article) by its context.

    Args:
        body: the article body as it is now (code points, as read).
        anchor: the recorded anchor, possibly stale.

    Returns:
        ``anchor`` itself when it still holds (:func:`anchor_holds`); else the outcome (see
        the module docstring): :class:`Moved` or :class:`Changed` with the new anchor,
        :class:`Ambiguous` or :class:`Orphaned` with the places considered.
    """
    if anchor_holds(body, anchor):
        return anchor
    fp, fq, fs = fold_anchor(anchor.prefix, anchor.quote, anchor.suffix)
    search = _Search(body, fold(body), fp, fq, fs, anchor.start, *cut_at_lines(anchor), near=near_lengths(anchor))
    exact = _exact_context(search)
    if len(exact) == 1:
        return _outcome(body, anchor, exact[0], search)
    if len(exact) > 1:
        return Ambiguous(tuple(sorted(exact, key=lambda p: -p.score)))
    found = [p for p in _candidates(search) if _keeps_figure(fq, fold(p.text).text)]
    ranked = _distinct(sorted(found, key=lambda p: (-p.score, p.start)))
    fitting = [p for p in ranked if p.context >= MIN_SCORE and (p.quote == 1.0 or p.sided)]
    if not fitting:
        return Orphaned(tuple(ranked[:3]))
    best = fitting[0]
    tied = [p for p in ranked if p is not best and best.score - p.score < MARGIN]
    if tied:
        return Ambiguous((best, *tied))
    return _outcome(body, anchor, best, search)


def _exact_context(search: _Search) -> list[Place]:
    """Places with the rendered prefix and suffix exactly around them (tier 1): occurrences
    of the quote, and stretches between the prefix and the suffix that still print a figure.

    A stretch is found from a side that is evidence on its own (``strong`` in
    :meth:`_Search.prefix_ends`), paired with the nearest occurrence of the other side
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
    return _distinct(places)


def _stretch(search: _Search, s: int, e: int) -> bool:
    """True when folded ``s:e`` can be a corrected quote: not empty, no outer space, no cut
    word or number (:func:`_cuts`), a figure in it when the quote had one, on one line."""
    t = search.folded.text
    if e <= s or t[s:e].strip() != t[s:e] or _cuts(t, s, e, _joined(search)) or not _keeps_figure(search.quote, t[s:e]):
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


def _candidates(search: _Search) -> list[Place]:
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


def _fit(search: _Search, s: int, e: int, move_start: bool = True, move_end: bool = True) -> Place:
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


def _keeps_figure(quote: str, text: str) -> bool:
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


def _joined(search: _Search) -> tuple[bool, bool]:
    """Whether the recorded quote was joined to its prefix, and to its suffix, inside a word."""
    def word(x: str, y: str) -> bool:
        return x.isascii() and y.isascii() and x.isalnum() and y.isalnum()
    fp, fq, fs = search.prefix, search.quote, search.suffix
    return bool(fp and fq and word(fp[-1], fq[0])), bool(fq and fs and word(fq[-1], fs[0]))


def _distinct(places: list[Place]) -> list[Place]:
    """``places`` without any that overlaps an earlier one (the same claim found twice)."""
    kept: list[Place] = []
    for p in places:
        if p.end > p.start and not any(p.start < k.end and k.start < p.end for k in kept):
            kept.append(p)
    return kept


def _outcome(body: str, anchor: Anchor, place: Place, search: _Search) -> Moved | Changed:
    """Moved when the place renders as the recorded quote, else Changed; with the new anchor."""
    text = place.text
    new = renew_context(body, anchor, place.start, text)
    return Moved(new) if fold(text).text.strip() == search.quote else Changed(new)


def renew_context(body: str, anchor: Anchor, start: int, quote: str | None = None) -> Anchor:
    """The anchor with ``quote`` (default: the recorded one) at ``start`` and prefix/suffix taken from ``body``.

    Each side keeps its recorded convention: a side of :data:`CONTEXT` characters, or one
    that spans a line break, is renewed at up to :data:`CONTEXT` characters; a shorter one
    without a line break was cut at a line end (the curated records stop there) or at the
    edge of the body, and is renewed up to :data:`CONTEXT` characters within its line.
    """
    quote = anchor.quote if quote is None else quote
    end = start + len(quote)
    prefix = body[max(0, start - CONTEXT):start]
    suffix = body[end:end + CONTEXT]
    if len(anchor.prefix) < CONTEXT and "\n" not in anchor.prefix:
        prefix = prefix[prefix.rfind("\n") + 1:]
    if len(anchor.suffix) < CONTEXT and "\n" not in anchor.suffix:
        suffix = suffix.split("\n", 1)[0]
    return Anchor(quote=quote, start=start, end=end, prefix=prefix, suffix=suffix)
