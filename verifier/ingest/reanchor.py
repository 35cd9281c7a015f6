"""Re-anchoring: find a claim's quote again after its article was corrected.

A record anchors its claim twice over (W3C Web Annotation): by position (``start``/``end``)
and by quote with context (``quote``, ``prefix``, ``suffix``). When a journalist fixes a
typo or inserts a paragraph, the positions go stale but the quote and its context still
say where the claim is. :func:`reanchor` finds that place again; it is a pure function of
the new body and the old anchor, and it would rather change nothing than move a claim to
the wrong figure (a wrong anchor would make every later check speak about another text).

The rule, in order:

1. the anchor still holds (quote at its offsets, prefix and suffix around it): unchanged;
2. the quote occurs nowhere in the body: ``None`` (the figure was edited or deleted);
3. exactly one occurrence has the recorded prefix and suffix around it verbatim: that one;
   two or more: :class:`Ambiguous`;
4. otherwise each occurrence is scored by the similarity of the recorded context to the
   text around it (:func:`context_score`, rapidfuzz Indel similarity, 0..1); the best wins
   when it scores at least :data:`MIN_SCORE` and leads the runner-up by at least
   :data:`MARGIN`; else :class:`Ambiguous` (a tie, or no place that fits well enough).

The new anchor keeps the quote, takes the new offsets and renews ``prefix``/``suffix`` from
the new text (:func:`renew_context`), so ``verifier validate`` passes afterwards.

:func:`plan_reanchor` applies the rule to every record of a corpus whose anchor no longer
holds, and :func:`write_reanchored` rewrites only those anchors in the records files
(``verifier reanchor``).
"""

from __future__ import annotations

import codecs
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Final

from rapidfuzz.distance import Indel

from verifier.errors import InputError
from verifier.ingest.files import read_text, write_atomic
from verifier.ingest.records import replace_anchors
from verifier.models.claim import Anchor, Claim

if TYPE_CHECKING:
    from verifier.ingest.corpus import Corpus

CONTEXT: Final = 32
"""Most characters of prefix and suffix an anchor keeps (the Anchor model's limit)."""

MIN_SCORE: Final = 0.65
"""Least context score (0..1) for an occurrence to take over a stale anchor.

Measured on the shipped corpus at the time of writing (``tests/test_reanchor.py`` keeps the
first figure in check): the 145 occurrences of a record's quote elsewhere in its article
(same figure, another sentence) score at most 0.53 against the record's context; a record
whose prefix keeps the half next to the quote but has its far half rewritten scores 0.69 or
more (median 0.77), a three-character insertion next to the quote about 0.95, a typo fixed
in the context about 0.98. 0.65 sits between the worst wrong place and the least edited
right one; heavier rewrites of the context (both sides half rewritten score about 0.53, like
a wrong place) are reported for a person to resolve rather than guessed."""

MARGIN: Final = 0.1
"""Least lead (0..1) of the best occurrence over the runner-up; closer is a tie.

A judgement, not a measurement: repeated table rows ('| 约低 1.7 倍 |') give occurrences
whose contexts differ in a few characters only, and a fuzzy score that separates them by
less than a tenth of the context (about six of 64 characters) is not evidence enough to
prefer one."""


@dataclass(frozen=True)
class Ambiguous:
    """The quote is in the body but no single place fits its context: nothing is changed.

    Attributes:
        starts: the offsets in question, best first: the tied occurrences, or every
            occurrence when none scores :data:`MIN_SCORE`.
        scores: their context scores (0..1), in the same order.
    """

    starts: tuple[int, ...]
    scores: tuple[float, ...]

    @property
    def weak(self) -> bool:
        """True when no occurrence fits the context well enough (rather than several equally)."""
        return self.scores[0] < MIN_SCORE

    def describe(self) -> str:
        """One line for people: where the quote is, and why none of the places was chosen."""
        places = ", ".join(f"{s} ({c:.2f})" for s, c in zip(self.starts[:5], self.scores))
        if self.weak:
            return f"the context matches nowhere well enough (at least {MIN_SCORE:.2f} needed): found at {places}"
        return f"the context fits several places equally well: found at {places}"


def anchor_holds(body: str, anchor: Anchor) -> bool:
    """True when the quote is at its offsets with its prefix and suffix around it (V301, V303)."""
    return body[anchor.start:anchor.end] == anchor.quote and _context_is(body, anchor, anchor.start)


def occurrences(body: str, quote: str) -> list[int]:
    """Offsets (code points) of every occurrence of ``quote`` in ``body``, overlapping ones included."""
    found: list[int] = []
    at = body.find(quote)
    while at >= 0:
        found.append(at)
        at = body.find(quote, at + 1)
    return found


def _context_is(body: str, anchor: Anchor, start: int) -> bool:
    """True when the recorded prefix and suffix are verbatim around ``quote`` placed at ``start``."""
    end = start + len(anchor.quote)
    return body[max(0, start - len(anchor.prefix)):start] == anchor.prefix and body[end:end + len(anchor.suffix)] == anchor.suffix


def context_score(body: str, anchor: Anchor, start: int) -> float:
    """Similarity (0..1) of the anchor's context to the text around ``quote`` placed at ``start``.

    Each side is compared with the text of the same length next to the occurrence (rapidfuzz
    Indel normalised similarity: 1 - insertions and deletions / total length), and the two
    are weighted by their lengths. An anchor without context scores 1 everywhere.
    """
    end = start + len(anchor.quote)
    sides = [(anchor.prefix, body[max(0, start - len(anchor.prefix)):start]), (anchor.suffix, body[end:end + len(anchor.suffix)])]
    total = sum(len(want) for want, _ in sides)
    if total == 0:
        return 1.0
    return sum(len(want) * Indel.normalized_similarity(want, got) for want, got in sides if want) / total


def renew_context(body: str, anchor: Anchor, start: int) -> Anchor:
    """The anchor with its quote at ``start`` and prefix/suffix taken from ``body``.

    Each side keeps its recorded convention: a side of :data:`CONTEXT` characters, or one
    that spans a line break, is renewed at up to :data:`CONTEXT` characters; a shorter one
    without a line break was cut at a line end (the curated records stop there) or at the
    edge of the body, and is renewed up to :data:`CONTEXT` characters within its line.
    """
    end = start + len(anchor.quote)
    prefix = body[max(0, start - CONTEXT):start]
    suffix = body[end:end + CONTEXT]
    if len(anchor.prefix) < CONTEXT and "\n" not in anchor.prefix:
        prefix = prefix[prefix.rfind("\n") + 1:]
    if len(anchor.suffix) < CONTEXT and "\n" not in anchor.suffix:
        suffix = suffix.split("\n", 1)[0]
    return Anchor(quote=anchor.quote, start=start, end=end, prefix=prefix, suffix=suffix)


def reanchor(body: str, anchor: Anchor) -> Anchor | Ambiguous | None:
    """Find ``anchor``'s quote in ``body`` (the corrected article) by its context.

    Args:
        body: the article body as it is now (code points, as read).
        anchor: the recorded anchor, possibly stale.

    Returns:
        ``anchor`` itself when it still holds; a new :class:`Anchor` (same quote, new
        offsets, renewed context) when one place fits (see the module docstring); an
        :class:`Ambiguous` when several fit equally or none fits well enough; ``None`` when
        the quote occurs nowhere.
    """
    if anchor_holds(body, anchor):
        return anchor
    starts = occurrences(body, anchor.quote)
    if not starts:
        return None
    exact = [s for s in starts if _context_is(body, anchor, s)]
    if len(exact) == 1:
        return renew_context(body, anchor, exact[0])
    if len(exact) > 1:
        return Ambiguous(tuple(exact), tuple(1.0 for _ in exact))
    ranked = sorted(((context_score(body, anchor, s), s) for s in starts), key=lambda p: (-p[0], p[1]))
    best, at = ranked[0]
    if best < MIN_SCORE:
        return Ambiguous(tuple(s for _, s in ranked), tuple(c for c, _ in ranked))
    tied = [(c, s) for c, s in ranked if best - c < MARGIN]
    if len(tied) > 1:
        return Ambiguous(tuple(s for _, s in tied), tuple(c for c, _ in tied))
    return renew_context(body, anchor, at)


@dataclass(frozen=True)
class Outcome:
    """What re-anchoring does to one record whose anchor no longer holds.

    Attributes:
        claim: the record as loaded.
        path: its records file, as shown in messages.
        line: the 1-based line of the record in that file.
        result: the new anchor, an :class:`Ambiguous`, or None when the quote is gone.
    """

    claim: Claim
    path: str
    line: int
    result: Anchor | Ambiguous | None

    @property
    def resolved(self) -> bool:
        """True when the record gets a new anchor."""
        return isinstance(self.result, Anchor)


def plan_reanchor(corpus: Corpus) -> list[Outcome]:
    """Re-anchor, in memory, every record of ``corpus`` whose anchor no longer holds.

    Returns:
        One :class:`Outcome` per such record, in the order the records were read.
    """
    out: list[Outcome] = []
    for claim in corpus.claims:
        body = corpus.sources[claim.source].body
        if anchor_holds(body, claim.anchor):
            continue
        path, line = corpus.record_lines[claim.id]
        out.append(Outcome(claim, path, line, reanchor(body, claim.anchor)))
    return out


def write_reanchored(corpus: Corpus, outcomes: list[Outcome], dry_run: bool = False) -> list[str]:
    """Rewrite the anchor fields of the resolved outcomes in their records files.

    Every file is rewritten in memory first (:func:`~verifier.ingest.records.replace_anchors`),
    then each is replaced atomically, so an error leaves every file as it was.

    Returns:
        The records files (as shown) that change, or would change with ``dry_run``.

    Raises:
        InputError: a records file cannot be read or rewritten in place.
    """
    by_file: dict[str, dict[str, Anchor]] = {}
    for o in outcomes:
        if isinstance(o.result, Anchor):
            by_file.setdefault(o.path, {})[o.claim.id] = o.result
    texts: dict[Path, str] = {}
    for shown, anchors in by_file.items():
        path = corpus.record_paths[shown]
        text = replace_anchors(read_text(path, shown), shown, anchors)
        bom = "\ufeff" if path.read_bytes().startswith(codecs.BOM_UTF8) else ""  # read_text drops it; keep the file's bytes
        texts[path] = bom + text
    if not dry_run:
        for path, text in texts.items():
            try:
                write_atomic(path, lambda handle, text=text: handle.write(text))
            except OSError as err:
                raise InputError(str(path), None, f"cannot write: {err.strerror or err}") from None
    return list(by_file)
