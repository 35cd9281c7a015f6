"""Read a record's value again from its corrected quote.

    reread(claim with quote '800 W' and value 800 W, '850 W') -> Reread(Value(printed='850', number=850.0, unit='W', ...), None)

When an article's figure is corrected, ``verifier reanchor`` finds the record's new quote
(:class:`verifier.ingest.reanchor.Changed`); the record's value must follow the text, and a
person must look at it. The new value is read the way the old one relates to its quote, so
nothing the reviewer decided is lost:

1. the old and the new quote are read by the quantity layer (:func:`verifier.quantities.extract`),
   each on its own;
2. the old figure is the quantity of the old quote whose printed number is the record's
   ``value.printed`` (the only quantity, when the quote holds one);
3. the new quote must hold as many quantities, and the one in the same position must be
   read in the same unit with the same approximation word; otherwise the value is not
   re-read and the reason is given;
4. the record's value relates to the old quantity by one factor (a share written as a
   percent, a unit normalised by a person); the new quantity is scaled by the same factor,
   its resolution too (a record without a resolution, an exact count, stays without one).
   A record that kept the figure as printed (factor 1) but no unit takes the unit the quantity
   layer reads ('9%' is 9 %, never a bare 9). Dates take the new ISO date, with the record's
   year when the quote prints none;
5. the new ``printed`` is cut from the new figure as the record's was from the old one: a
   record that printed '12%' prints '9%', one that printed '12' prints '9'.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from verifier.extract.context import printed_of
from verifier.models.claim import Claim, Value
from verifier.quantities import Quantity, extract
from verifier.quantities.limits import representable


@dataclass(frozen=True)
class Reread:
    """The value read from a corrected quote.

    Attributes:
        value: the new value, or None when it cannot be read safely.
        why: why not (for people), when ``value`` is None.
    """

    value: Value | None
    why: str | None = None


def reread(claim: Claim, quote: str) -> Reread:
    """The value of ``claim`` read from its corrected ``quote`` (see the module docstring)."""
    old_qs, new_qs = extract(claim.anchor.quote), extract(quote)
    i = _old_index(claim, old_qs)
    if i is None:
        return Reread(None, "the recorded figure is not one quantity of the old quote")
    if len(new_qs) != len(old_qs):
        return Reread(None, f"the new quote holds {len(new_qs)} figure(s), the old one {len(old_qs)}")
    oq, nq = old_qs[i], new_qs[i]
    if nq.unit != oq.unit or nq.kind == "date" and oq.kind != "date":
        return Reread(None, f"the figure is now read in {nq.unit or 'no unit'}, not {oq.unit or 'no unit'}")
    if nq.approx != oq.approx:
        return Reread(None, f"the approximation word changed ({oq.approx or 'none'} -> {nq.approx or 'none'})")
    printed = _printed(claim.value.printed, oq.surface, nq.surface)
    if claim.value.iso is not None:
        return _date(claim, nq, printed)
    factor = _factor(claim.value, oq)
    if factor is None or nq.value is None:
        return Reread(None, "the record's value does not follow from its quote by one factor")
    return _scaled(claim.value, nq, printed, factor)


def _old_index(claim: Claim, qs: list[Quantity]) -> int | None:
    """Position of the recorded figure among the old quote's quantities."""
    want = "".join(claim.value.printed.split())
    hits = [i for i, q in enumerate(qs) if "".join(printed_of(q.surface).split()) == want]
    if len(hits) == 1:
        return hits[0]
    return 0 if len(qs) == 1 else None


def _printed(old: str, old_surface: str, new_surface: str) -> str:
    """The new figure as the record prints it: ``new_surface`` without what the record's
    ``old`` printed form left out of ``old_surface`` ('约12%' printed '12%' -> '约9%' printed
    '9%'); the number alone (:func:`printed_of`) when the record's form is not the old number
    with some of its surface around it."""
    number = printed_of(new_surface)
    at = old_surface.find(old)
    if at < 0 or printed_of(old_surface) not in old:
        return number
    lead, tail = old_surface[:at], old_surface[at + len(old):]
    if not (new_surface.startswith(lead) and new_surface.endswith(tail)):
        return number
    cut = new_surface[len(lead):len(new_surface) - len(tail)].strip()
    return cut if number in cut else number


def _ends(v: object) -> tuple[float | None, ...]:
    """A quantity value or a record value as its ends: (x,) for a point, (low, high) for a range."""
    if isinstance(v, Value):
        return (v.number,) if v.number is not None else (v.low, v.high)
    if isinstance(v, tuple):
        return v
    return (None if v is None else float(v),)


def _factor(value: Value, oq: Quantity) -> float | None:
    """The one factor that turns the old quantity into the record's value, or None."""
    rec, got = _ends(value), _ends(oq.value)
    if len(got) == 2 and len(rec) == 1:  # an open range recorded as its bound ('more than 20' -> 20)
        got = tuple(x for x in got if x is not None)
    if len(rec) != len(got):
        return None
    pairs = [(r, g) for r, g in zip(rec, got) if r is not None or g is not None]
    if not pairs or any(r is None or g is None for r, g in pairs):
        return None
    nonzero = [(r, g) for r, g in pairs if g != 0]
    factor = nonzero[0][0] / nonzero[0][1] if nonzero else 1.0
    if factor == 0 or not all(math.isclose(r, g * factor, rel_tol=1e-9, abs_tol=1e-12) for r, g in pairs):
        return None
    return factor


def _scaled(old: Value, nq: Quantity, printed: str, factor: float) -> Reread:
    """The new quantity as a record value, scaled by ``factor``."""
    ends = tuple(None if x is None else float(x) * factor for x in _ends(nq.value))
    res = None if old.resolution is None or not nq.resolution else float(nq.resolution) * abs(factor)
    if not representable(tuple(x for x in ends if x is not None)) or (res is not None and not representable(res)):
        return Reread(None, "the new figure is beyond the range the checker computes in")
    if len(ends) == 2 and None in ends:
        ends = tuple(x for x in ends if x is not None)
    # a record that kept the figure as printed but left its unit out takes the parser's unit
    unit = nq.unit if old.unit is None and factor == 1 else old.unit
    if len(ends) == 1:
        return Reread(Value(printed=printed, number=ends[0], unit=unit, resolution=res))
    return Reread(Value(printed=printed, low=ends[0], high=ends[1], unit=unit, resolution=res))


def _date(claim: Claim, nq: Quantity, printed: str) -> Reread:
    """A date record: the new ISO date, with the record's year when the quote prints none."""
    iso, old = nq.iso, claim.value.iso or ""
    if not iso:
        return Reread(None, "the new quote prints no date")
    if iso.startswith("--") and old[:4].isdigit():
        iso = old[:4] + iso[1:]
    return Reread(Value(printed=printed, iso=iso))
