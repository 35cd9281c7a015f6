"""The numbers of one article as the audit counts them: small enough to hold for every article
of an archive.

A body's quantities are found once, by extraction (in a worker process), and the audit needs
of them only counts, the figures no claim covers (with the reason each is no claim) and the
figures outside the checked range. :func:`numbers_found` reduces them to that where the claims
are made, so that the main process never holds every quantity of every article: measured on
the synthetic corpus of 1,000 articles (benchmarks/synth_corpus.py, ``sys.getsizeof`` over the
objects), 14 quantities an article took 4.7 KB; its :class:`NumbersFound`, with the 8 numbers
no claim covers, takes 1.6 KB.

Shape::

    body = "In 2025 the county said 1,200 of 4,000 households (30%) had applied."
    numbers_found(extract(body), [(24, 29), (33, 38), (51, 54)], body)
        -> NumbersFound(found=4, counted=3, left=(LeftNumber('2025', 3, 7, 'a date or a time of day'),), outside=())
"""

from __future__ import annotations

from typing import Iterable, NamedTuple, Sequence

from verifier.quantities.limits import checkable
from verifier.quantities.model import Quantity
from verifier.quantities.not_claims import why_not_a_claim

AFTER, BEFORE = 12, 4
"""Characters after and before a number that :func:`~verifier.quantities.not_claims.why_not_a_claim`
reads to tell why it is no claim ('个月' after '6', '前' before '11个月')."""


class LeftNumber(NamedTuple):
    """A number of a body that no claim's quote overlaps: as printed, its span (code points) and
    why it is no claim (:func:`~verifier.quantities.not_claims.why_not_a_claim`; None when it
    may be one and was not read or recorded as one)."""

    surface: str
    start: int
    end: int
    reason: str | None


class NumbersFound(NamedTuple):
    """The numbers of one body, as the coverage count and rules V601, V603 and V604 read them.

    Attributes:
        found: quantities the scan found (:func:`verifier.quantities.extract.article_quantities`).
        counted: of them, those neither a date nor outside the checked range: the figures an
            article that names no holder leaves unheld (V603).
        left: those no claim's quote overlaps, in offset order.
        outside: those outside the range verifier computes in (:func:`outside_range`), in
            offset order, whole (V604 describes their values).
    """

    found: int
    counted: int
    left: tuple[LeftNumber, ...]
    outside: tuple[Quantity, ...]


def numbers_found(quantities: Sequence[Quantity], spans: Iterable[tuple[int, int]], body: str) -> NumbersFound:
    """The :class:`NumbersFound` of ``body``, whose quantities are ``quantities`` and whose
    claims' quotes span ``spans`` (start, end offsets, any order, rejected claims too: a
    number a record covers is recorded, whatever its review status). Linear in the body and
    the quantities: the covered offsets are marked once, not claims x numbers."""
    covered = bytearray(len(body) + 1)
    for s, e in spans:
        covered[s:e] = b"\x01" * max(0, e - s)
    left = tuple(LeftNumber(q.surface, q.start, q.end, why_not_a_claim(q, body[q.end:q.end + AFTER], body[max(0, q.start - BEFORE):q.start]))
                 for q in quantities if covered.find(1, q.start, q.end) < 0)
    outside = tuple(q for q in quantities if outside_range(q))
    counted = sum(1 for q in quantities if q.kind != "date") - sum(1 for q in outside if q.kind != "date")
    return NumbersFound(len(quantities), counted, left, outside)


def outside_range(q: Quantity) -> bool:
    """True when quantity ``q`` is beyond the double range or outside the checked range
    (:func:`verifier.quantities.limits.checkable`)."""
    if q.out_of_range:
        return True
    values = q.value if isinstance(q.value, tuple) else (q.value,)
    return not all(v is None or checkable(v) for v in values)
