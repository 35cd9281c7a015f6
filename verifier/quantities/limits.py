"""The range of numbers verifier reads and the range it checks: one place for both.

Two limits, one per layer:

* **representable** (the quantity layer): a value is kept when it is a finite IEEE-754
  double, ``|x| <= sys.float_info.max`` (1.7976931348623157e308).  A numeral beyond it
  ("1e309", "2e308 kW", 305 nines before 亿元, a 400-digit integer), or a non-zero numeral
  that rounds to zero ("1e-400"), keeps its span and surface but no value: the quantity is
  marked :attr:`~verifier.quantities.model.Quantity.out_of_range` and its value is None, never
  an infinity.  The parsers read such numerals without raising (:func:`pow10`,
  :func:`exponent`, :func:`digits_value`).
* **checkable** (the checker): a figure takes part in checks when it is zero or its
  magnitude lies in [:data:`CHECK_MIN`, :data:`CHECK_MAX`].  The window keeps the interval
  arithmetic of the rules exact in kind: a quotient or product of two checkable figures
  times a unit factor (pint's factors between the units records use stay below 1e30, e.g.
  nanoseconds to giga-years ~3e25) stays within about 1e230, far inside the double range, so no
  recomputed band overflows to infinity or underflows to zero.  A figure outside the window
  is reported (rule V604) instead of checked.

Sources of the constants: ``sys.float_info`` for the double range; :data:`CHECK_MAX` is a
googol, above any count or measure press copy prints (world GDP is ~1e14 USD, Avogadro's
number 6e23, the atoms of the observable universe ~1e80), with :data:`CHECK_MIN` its
reciprocal.
"""

from __future__ import annotations

import sys

TYPE_CHECKING = False
if TYPE_CHECKING:  # typing costs ~5 ms to import; annotations are strings here
    from typing import Final

FLOAT_MAX: Final[float] = sys.float_info.max
"""Largest finite double, 1.7976931348623157e308."""

INF: Final[float] = float("inf")

MAX_DIGITS: Final[int] = len(str(int(FLOAT_MAX)))
"""309: an integer with more significant digits than this exceeds :data:`FLOAT_MAX`
(and Python refuses to convert integers of more than 4300 digits at all)."""

MAX_EXPONENT: Final[int] = 100_000
"""Exponents are clamped to ±this before use: any larger one over- or underflows anyway, and
``int()`` of a longer digit string is refused (more than 4300 digits) or slow."""

CHECK_MAX: Final[float] = 1e100
"""Largest magnitude a figure may have to be checked (a googol; see the module docstring)."""

CHECK_MIN: Final[float] = 1e-100
"""Smallest non-zero magnitude a figure may have to be checked (1 / :data:`CHECK_MAX`)."""


def representable(x: object) -> bool:
    """True when ``x`` (int, float, (low, high) with None for an open end, or None) holds only
    finite values within the double range.

    Integers are compared exactly (``math.isfinite`` would raise OverflowError on 10**400).
    """
    if x.__class__ is tuple:
        return all(v is None or representable(v) for v in x)  # type: ignore[union-attr]
    if x.__class__ is int:
        return -FLOAT_MAX <= x <= FLOAT_MAX  # type: ignore[operator]
    if x.__class__ is float:
        return x - x == 0.0  # False for inf and nan, without a call to math.isfinite
    return True


def checkable(x: float | None) -> bool:
    """True when ``x`` is None, zero, or a finite magnitude in [CHECK_MIN, CHECK_MAX]."""
    if x is None or x == 0:
        return True
    return CHECK_MIN <= abs(x) <= CHECK_MAX


def pow10(n: int) -> float:
    """``10.0 ** n`` without OverflowError: inf above the double range, 0.0 below it."""
    if n > 308:
        return INF
    if n < -400:
        return 0.0
    return 10.0 ** n


def times_pow10(x: int | float, n: int) -> int | float:
    """``x * 10 ** n`` ("1.3x10^6"): an infinity when it leaves the double range, either way
    (a non-zero ``x`` that would round to 0.0 also gives ±inf, the marker of a value out of
    range, so that no figure is silently read as zero)."""
    if not x:
        return x
    y = x * pow10(n)
    return y if y else (INF if x > 0 else -INF)


def exponent(text: str) -> int:
    """An exponent's digits (with an optional sign) as an int clamped to ±:data:`MAX_EXPONENT`.

    Raises:
        ValueError: ``text`` holds no digits.
    """
    sign = -1 if text[:1] == "-" else 1
    digits = text.lstrip("+-").lstrip("0") or "0"
    if len(digits) > len(str(MAX_EXPONENT)):
        return sign * MAX_EXPONENT
    return sign * min(int(digits), MAX_EXPONENT)


def digits_value(digits: str) -> int | float:
    """An integer written as a run of digits (an optional sign first), or ±inf when it has
    more than :data:`MAX_DIGITS` significant digits or exceeds :data:`FLOAT_MAX`.

    Raises:
        ValueError: ``digits`` is not an integer numeral.
    """
    body = digits.lstrip("+-").lstrip("0")
    if len(body) > MAX_DIGITS:
        if not body.isdecimal():
            raise ValueError(f"not an integer: {digits[:20]!r}")
        return -INF if digits[:1] == "-" else INF
    value = int(digits)
    if -FLOAT_MAX <= value <= FLOAT_MAX:
        return value
    return -INF if value < 0 else INF


def tidy(x: float) -> float:
    """``x`` without binary noise, at 15 significant digits (what a double holds of a
    decimal): 4.1 * 1e6 is 4099999.9999999995 and 8.54 * 1e4 85399.99999999999 in binary
    floating point, 4100000 and 85400 here; an int when integral (JSON prints 85400, not
    85400.0); an infinity (a value beyond the double range) as it is. One function for every
    parser of the layer (a long decimal keeps its digits: 0.000500050005005)."""
    if x - x != 0.0:
        return x
    x = float(f"{x:.15g}")
    if x == int(x) and abs(x) < 1e18:
        return int(x)
    return x
