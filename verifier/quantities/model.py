"""The :class:`Quantity` record: one number found in a text, with unit, span and precision.

Shape of ``to_json()`` (the contract of ``verifier quantities --json``)::

    {"value": 85400 | [low, high] | null, "unit": "USD" | null, "start": 12, "end": 18,
     "surface": "8.54万", "kind": "number", "approx": "about" | null, "resolution": 100}

plus ``"iso"`` for dates and times of day ("--08-25", "2026-08-25", "2026-12", "14:30"),
``"year_offset"`` for dates relative to the year of writing (去年10月 -> -1) and
``"out_of_range": true`` for a numeral beyond the double range ("1e309": its value is null;
see :mod:`.limits`).

The record is a named tuple, not a dataclass: importing :mod:`dataclasses` (and
:mod:`inspect` with it) costs ~20 ms, a tenth of a whole batch run of the reference cases.
"""

from __future__ import annotations

from collections import namedtuple

TYPE_CHECKING = False
if TYPE_CHECKING:  # typing costs ~5 ms to import; annotations are strings here
    from typing import Any, Final

Number = int | float
Value = Number | tuple[Number | None, Number | None] | None
"""A scalar, or (low, high) for a range with None for an open end; None for dates."""

APPROX_WORDS: Final[tuple[str, ...]] = ("about", "nearly", "over", "at_least", "under",
                                        "at_most", "exactly")
"""Allowed values of :attr:`Quantity.approx` (see :mod:`.approx` for the words)."""

_FIELDS: Final[tuple[str, ...]] = ("value", "unit", "start", "end", "surface", "kind",
                                   "approx", "resolution", "iso", "year_offset", "out_of_range")

# A named tuple is built in C (a slotted class with ten object.__setattr__ calls costs 4x
# more per quantity) and is immutable: setting an attribute raises AttributeError.
_QuantityBase = namedtuple("_QuantityBase", _FIELDS, defaults=(None, None, None, None, False))


class Quantity(_QuantityBase):
    """One quantity found in a text (immutable).

    Attributes:
        value: expanded number (8.54万 -> 85400), or (low, high) for a range; an open end is
            None ("more than 20" -> (20, None)).  None for a date or a time of day.
        unit: normalised symbol ("W", "ms", "tokens/s", "/s"), ISO 4217 code ("USD"), "%",
            "pp", "x", "params", or None for a bare count.  A rate keeps its denominator
            ("kWh/km", "kW/kg", "USD/km", "kWh/100km"; see :mod:`.rates`).
        start: code-point offset of the first character (inclusive).
        end: code-point offset after the last character (exclusive).
        surface: ``text[start:end]``.
        kind: number, percent, multiplier, range, money, duration, date, time, rate,
            dimension, model_size, sequence or fraction.
        approx: one of :data:`APPROX_WORDS` or None.  With "over"/"under"-like words the
            value is usually an open range; a word after the figure that only bounds it
            ("两个多月", "一半还多") keeps a point value.
        resolution: step of the last printed digit, in the unit of ``value`` ("1.03" ->
            0.01, "8.54万" -> 100); None when not meaningful (fractions, dates).
        iso: ISO-8601 form of a date ("2026-08-25", "--08-25", "2026-12") or time of day
            ("14:30"), else None.
        year_offset: for a date relative to the year of writing (今年 0, 去年 -1, 明年 1),
            the offset in years; else None.
        out_of_range: True when the numeral (or an end of a range) lies beyond the double
            range, or is non-zero but would read as 0.0 ("1e309", a 400-digit integer,
            "1e-400"); ``value`` and ``resolution`` are then None, the span, surface, unit
            and kind are kept (:mod:`.limits`).
    """

    __slots__ = ()

    value: Value
    unit: str | None
    start: int
    end: int
    surface: str
    kind: str
    approx: str | None
    resolution: Number | None
    iso: str | None
    year_offset: int | None
    out_of_range: bool

    def to_json(self) -> dict[str, Any]:
        """Return the JSON-ready dict (ranges become two-item lists; ``iso``,
        ``year_offset`` and ``out_of_range`` only if set)."""
        value, unit, start, end, surface, kind, approx, res, iso, offset, outside = self
        out: dict[str, Any] = {
            "value": list(value) if value.__class__ is tuple else value, "unit": unit,
            "start": start, "end": end, "surface": surface, "kind": kind, "approx": approx,
            "resolution": res,
        }
        if iso is not None:
            out["iso"] = iso
        if offset is not None:
            out["year_offset"] = offset
        if outside:
            out["out_of_range"] = True
        return out
