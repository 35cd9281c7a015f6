"""Measures written in more than one piece: the sides of a size ("4 x 5 m") and one measure
in two units ("6 ft 2 in", "3 lb 4 oz", "2 kilometer, 1 metre").

Both run over the completed hits of :mod:`.extract` (units attached, before ranges), look only
at two neighbours at a time, and change hits in place or join two into one.
"""

from __future__ import annotations

from .patterns import LazyRe
from .limits import tidy
from .scan import Hit
from .units import COMPOUND_STEPS, POWER_BASES

TYPE_CHECKING = False
if TYPE_CHECKING:  # typing costs ~5 ms to import; annotations are strings here
    from typing import Final

_LATIN_RE: Final[LazyRe] = LazyRe(r"[A-Za-z]")


def join_sides(t: str, hits: list[Hit]) -> None:
    """"4 x 5 m", "10 × 20 × 30 cm": the sides of a size share the length unit written after the
    last one, so "4 x" is 4 m, not a multiplier of 4 (in place, right to left for chains)."""
    for i in range(len(hits) - 2, -1, -1):
        a, b = hits[i], hits[i + 1]
        if (a.unit == "x" and b.unit in _LENGTHS and t[a.end - 1] in "x×"
                and isinstance(a.value, (int, float)) and t[a.end:b.start].isspace()):
            a.unit, a.kind = b.unit, "number"
            a.end -= 1
            while a.end > a.start and t[a.end - 1] in " \u2009":
                a.end -= 1


_LENGTHS: Final[frozenset[str]] = frozenset(POWER_BASES)


def join_measures(t: str, hits: list[Hit]) -> list[Hit]:
    """"6 ft 2 in", "5-foot-10", "3 lb 4 oz", "2 kilometer, 1 metre": one measure in a larger
    unit and the next smaller (:data:`~.units.COMPOUND_STEPS`), given in the smaller unit (74 in,
    52 oz, 2001 m).  A bare second figure counts inches after feet only ("5-foot-10")."""
    out: list[Hit] = []
    for h in hits:
        a = out[-1] if out else None
        step = _step(t, a, h) if a is not None else None
        if step is None:
            out.append(h)
            continue
        out[-1] = Hit(a.start, h.end, tidy(a.value * step + h.value), h.res, "number", a.script,
                      h.unit or "in", a.approx)
    return out


def _step(t: str, a: Hit, b: Hit) -> int | None:
    """The factor joining ``a`` and ``b`` into one measure, or None."""
    if a.unit is None or b.approx:  # dates and times carry no unit, and no number as value
        return None
    if not isinstance(a.value, (int, float)) or not isinstance(b.value, (int, float)):
        return None
    gap = t[a.end:b.start]
    if b.unit is None:
        if a.unit != "ft" or gap not in (" ", "-") or b.value.__class__ is not int or (
                gap == " " and _LATIN_RE.match(t, b.end + 1)
                and not t.startswith((" tall", " high"), b.end)):
            return None  # "5 ft 10 people": no inches; "a 5-foot-10 guard": inches
        step = 12
    else:
        step = COMPOUND_STEPS.get((a.unit, b.unit))
        if step is None or _MEASURE_GAP_RE.fullmatch(gap) is None:
            return None
    return step if 0 <= b.value < step and a.value >= 0 else None


_MEASURE_GAP_RE: Final[LazyRe] = LazyRe(r"[ \u2009]?(?:,\s?|\s?and\s|-)?")
