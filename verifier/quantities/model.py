"""The :class:`Quantity` record: one number found in a text, with unit, span and precision.

Shape of ``to_json()`` (the contract of ``verifier quantities --json``)::

    {"value": 85400 | [low, high] | null, "unit": "USD" | null, "start": 12, "end": 18,
     "surface": "8.54万", "kind": "number", "approx": "about" | null, "resolution": 100}

plus ``"iso"`` for dates ("--08-25", "2026-08-25", "2026-12").
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final

Number = int | float
Value = Number | tuple[Number | None, Number | None] | None
"""A scalar, or (low, high) for a range with None for an open end; None for dates."""

APPROX_WORDS: Final[tuple[str, ...]] = ("about", "nearly", "over", "at_least", "under",
                                        "at_most", "exactly")
"""Allowed values of :attr:`Quantity.approx` (see ``patterns.APPROX`` for the words)."""


@dataclass(frozen=True, slots=True)
class Quantity:
    """One quantity found in a text.

    Attributes:
        value: expanded number (8.54万 -> 85400), or (low, high) for a range; an open end is
            None ("more than 20" -> (20, None)).  None for a date (see ``iso``).
        unit: normalised symbol ("W", "ms", "tokens/s"), ISO 4217 code ("USD"), "%", "pp",
            "x", "params", or None for a bare count.
        start: code-point offset of the first character (inclusive).
        end: code-point offset after the last character (exclusive).
        surface: ``text[start:end]``.
        kind: number, percent, multiplier, range, money, duration, date, rate, dimension,
            model_size, sequence or fraction.
        approx: one of :data:`APPROX_WORDS` or None.
        resolution: step of the last printed digit, in the unit of ``value`` ("1.03" ->
            0.01, "8.54万" -> 100); None when not meaningful (fractions, dates).
        iso: ISO-8601 form of a date ("2026-08-25", "--08-25", "2026-12"), else None.
    """

    value: Value
    unit: str | None
    start: int
    end: int
    surface: str
    kind: str
    approx: str | None = None
    resolution: Number | None = None
    iso: str | None = None

    def to_json(self) -> dict[str, Any]:
        """Return the JSON-ready dict (ranges become two-item lists; ``iso`` only if set)."""
        value: Any = list(self.value) if isinstance(self.value, tuple) else self.value
        out: dict[str, Any] = {
            "value": value, "unit": self.unit, "start": self.start, "end": self.end,
            "surface": self.surface, "kind": self.kind, "approx": self.approx,
            "resolution": self.resolution,
        }
        if self.iso is not None:
            out["iso"] = self.iso
        return out
