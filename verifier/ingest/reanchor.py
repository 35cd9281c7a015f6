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

from dataclasses import dataclass
from typing import ClassVar, Final

from verifier.ingest.anchor_places import (
    CONTEXT, MIN_SIDE, REACH, WEIGHTS, Place, Search, candidates, cut_at_lines, distinct, exact_context, keeps_figure,
    near_lengths, occurrences, sides,
)
from verifier.ingest.rendered import fold, fold_anchor, renders_as
from verifier.models.claim import Anchor

__all__ = ["CONTEXT", "MARGIN", "MIN_SCORE", "MIN_SIDE", "OUTCOMES", "REACH", "WEIGHTS", "Ambiguous", "Changed", "Moved",
           "Orphaned", "Outcome", "Place", "anchor_holds", "context_score", "holds_rendered", "occurrences", "reanchor",
           "renew_context"]

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
    """True when the text at ``anchor.start:anchor.end`` renders as the recorded quote does
    (:func:`~verifier.ingest.rendered.renders_as`: the offsets cover all of it), with the
    recorded prefix and suffix rendered around it (unrendered whitespace aside: :mod:`.rendered`)."""
    if not renders_as(body, anchor.start, anchor.end, anchor.quote):
        return False
    fp, fq, fs = fold_anchor(anchor.prefix, anchor.quote, anchor.suffix)
    w0 = max(0, anchor.start - 2 * CONTEXT)
    window = fold(body[w0:anchor.end + 2 * len(anchor.quote) + 2 * CONTEXT])
    i, t = window.folded(anchor.start - w0), window.text
    return t.startswith(fq, i) and t[:i].endswith(fp) and t.startswith(fs, i + len(fq))


def _context_is(body: str, anchor: Anchor, start: int) -> bool:
    """True when the recorded prefix and suffix are verbatim around ``quote`` placed at ``start``."""
    end = start + len(anchor.quote)
    return body[max(0, start - len(anchor.prefix)):start] == anchor.prefix and body[end:end + len(anchor.suffix)] == anchor.suffix


def context_score(body: str, anchor: Anchor, start: int) -> float:
    """Similarity (0..1) of the anchor's context to the text around ``quote`` placed at ``start``
    (verbatim text; see :func:`_context` for the rendered form the rule uses)."""
    end = start + len(anchor.quote)
    return sides(anchor.prefix, anchor.suffix, body[max(0, start - len(anchor.prefix)):start], body[end:end + len(anchor.suffix)])


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
    search = Search(body, fold(body), fp, fq, fs, anchor.start, *cut_at_lines(anchor), near=near_lengths(anchor))
    exact = exact_context(search)
    if len(exact) == 1:
        return _outcome(body, anchor, exact[0], search)
    if len(exact) > 1:
        return Ambiguous(tuple(sorted(exact, key=lambda p: -p.score)))
    found = [p for p in candidates(search) if keeps_figure(fq, fold(p.text).text)]
    ranked = distinct(sorted(found, key=lambda p: (-p.score, p.start)))
    fitting = [p for p in ranked if p.context >= MIN_SCORE and (p.quote == 1.0 or p.sided)]
    if not fitting:
        return Orphaned(tuple(ranked[:3]))
    best = fitting[0]
    tied = [p for p in ranked if p is not best and best.score - p.score < MARGIN]
    if tied:
        return Ambiguous((best, *tied))
    return _outcome(body, anchor, best, search)


def _outcome(body: str, anchor: Anchor, place: Place, search: Search) -> Moved | Changed:
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
