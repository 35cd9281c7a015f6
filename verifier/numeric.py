"""Precision bands and interval arithmetic: judging a figure at the precision it is printed with.

A printed figure stands for every value that rounds to it (statcheck's rule): ``1.9`` stands
for [1.85, 1.95], ``8.54万`` for [85350, 85450], ``1400`` W for [1399.5, 1400.5]. Derived
figures are computed on these intervals, so rounding in the operands widens the result:
1000 / [0.685, 0.695] ms = [1438.8, 1459.9] tokens/s, which holds a printed 1459.

Approximation and bound words widen or open the band by the constants in
:data:`APPROX_WIDTH`. These are editorial conventions, not measurements; they are set so
that ordinary journalistic rounding ("about 4.5万" for 44,960; "nearly 1.9x" for 1.898) is
never flagged while a figure that is off by more than a few per cent still is.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass

INF = math.inf

APPROX_WIDTH: dict[str | None, tuple[float, float]] = {
    None: (0.0, 0.0),
    "exactly": (0.0, 0.0),
    "about": (0.05, 0.05),  # 约, about: ±5 % of the value beyond the rounding band
    "nearly": (0.10, 0.02),  # 接近, nearly: up to 10 % below, 2 % above
    "over": (0.0, INF),  # 超过, more than: at or above the printed value
    "at_least": (0.0, INF),
    "under": (INF, 0.0),  # 不到, under: at or below the printed value
    "at_most": (INF, 0.0),  # 以内, up to: at or below the printed value
}
"""Relative widening (below, above) of a printed value's band by approximation word.

``INF`` opens that side. Source of the constants: the project's own convention, documented
in README "Precision"; changing them changes what is flagged, so tests pin their effect.
"""

BOUND_WORDS = frozenset(k for k, (below, above) in APPROX_WIDTH.items() if math.isinf(below) or math.isinf(above))
"""Approximation words that make a figure a bound ('more than 13 million', '不到', 'up to'): those
that open a side of its band in :data:`APPROX_WIDTH`."""

REL_EPS = 1e-9
"""Floating-point slack when testing whether two intervals meet."""


@dataclass(frozen=True, slots=True)
class Interval:
    """A closed interval [lo, hi] of real numbers; ``lo`` may be -inf and ``hi`` +inf.

    Raises:
        ValueError: ``lo > hi``, or an end is NaN (arithmetic that lost its meaning, such as
            inf - inf, must fail loudly rather than compare as False everywhere).
    """

    lo: float
    hi: float

    def __post_init__(self) -> None:
        if not self.lo <= self.hi:  # also False when either end is NaN
            raise ValueError(f"empty interval [{self.lo}, {self.hi}]")

    @staticmethod
    def point(x: float) -> "Interval":
        """The degenerate interval [x, x]."""
        return Interval(x, x)

    @property
    def mid(self) -> float:
        """Midpoint (or the finite end when one side is open)."""
        if math.isinf(self.lo):
            return self.hi
        if math.isinf(self.hi):
            return self.lo
        return (self.lo + self.hi) / 2

    def meets(self, other: "Interval") -> bool:
        """True when the two intervals share at least one value (with float slack)."""
        eps = REL_EPS * max(1.0, abs(self.mid), abs(other.mid))
        return self.lo <= other.hi + eps and other.lo <= self.hi + eps

    def overlaps(self, other: "Interval") -> bool:
        """True when the two intervals share more than an edge: printed 77.4 ([77.35, 77.45)) and
        77.3 ([77.25, 77.35)) touch at 77.35, which rounds to 77.4 only, so they cannot both be
        right. A point (lo == hi) overlaps an interval that contains it."""
        slack = REL_EPS * max(abs(self.lo), abs(self.hi), abs(other.lo), abs(other.hi), 1.0)
        if self.lo == self.hi or other.lo == other.hi:
            return self.meets(other)
        return min(self.hi, other.hi) - max(self.lo, other.lo) > slack

    def contains(self, x: float) -> bool:
        """True when ``x`` lies in the interval (with float slack)."""
        eps = REL_EPS * max(1.0, abs(x))
        return self.lo - eps <= x <= self.hi + eps

    def scale(self, k: float) -> "Interval":
        """Multiply by a constant ``k`` (sign-aware)."""
        a, b = self.lo * k, self.hi * k
        return Interval(min(a, b), max(a, b))

    def __truediv__(self, other: "Interval") -> "Interval":
        if other.lo <= 0 <= other.hi:
            return Interval(-INF, INF)
        cands = [_safe_div(a, b) for a in (self.lo, self.hi) for b in (other.lo, other.hi)]
        return Interval(min(cands), max(cands))

    def __mul__(self, other: "Interval") -> "Interval":
        cands = [_safe_mul(a, b) for a in (self.lo, self.hi) for b in (other.lo, other.hi)]
        return Interval(min(cands), max(cands))

    def __sub__(self, other: "Interval") -> "Interval":
        return Interval(self.lo - other.hi, self.hi - other.lo)

    def reciprocal(self) -> "Interval":
        """1 / self (for intervals that do not contain 0)."""
        return Interval.point(1.0) / self

    def one_minus(self) -> "Interval":
        """1 - self."""
        return Interval(1 - self.hi, 1 - self.lo)


def abs_interval(iv: Interval) -> Interval:
    """{|x| : x in iv}: [0, max] when the interval straddles zero."""
    if iv.lo >= 0:
        return iv
    if iv.hi <= 0:
        return Interval(-iv.hi, -iv.lo)
    return Interval(0.0, max(-iv.lo, iv.hi))


def _safe_div(a: float, b: float) -> float:
    if b == 0:
        return INF if a >= 0 else -INF
    if math.isinf(a) and math.isinf(b):
        return INF if (a > 0) == (b > 0) else -INF
    return a / b


def _safe_mul(a: float, b: float) -> float:
    if (a == 0 and math.isinf(b)) or (b == 0 and math.isinf(a)):
        return 0.0
    return a * b


_DIGITS = re.compile(r"[0-9０-９][0-9０-９,，]*(?:[.．][0-9０-９]+)?")


def resolution_of(printed: str, number: float) -> float:
    """Infer the step of the last printed digit of ``printed`` in the units of ``number``.

    Counts the decimals of the first Arabic number in ``printed`` and scales by the ratio of
    ``number`` to that number (so ``8.54万`` with number 85400 gives 0.01 * 1e4 = 100).
    Figures written in Chinese numerals or words are taken as exact integers (1).

    Returns:
        A positive step, in the unit of ``number``.
    """
    match = _DIGITS.search(printed)
    if not match:
        return 1.0
    text = match.group(0).replace(",", "").replace("，", "").replace("．", ".")
    text = text.translate(str.maketrans("０１２３４５６７８９", "0123456789"))
    decimals = len(text.split(".", 1)[1]) if "." in text else 0
    shown = float(text)
    factor = (number / shown) if shown else 1.0
    return abs(10.0 ** (-decimals) * factor) or 1.0


def band(number: float, resolution: float | None, approx: str | None = None) -> Interval:
    """The interval a printed point value stands for.

    Args:
        number: the normalised value.
        resolution: step of the last printed digit (same unit); None means exact.
        approx: approximation word (a key of :data:`APPROX_WIDTH`).

    Returns:
        [number - resolution/2 - below * |number|, number + resolution/2 + above * |number|],
        with a side opened to infinity where the word is a bound.
    """
    half = (resolution or 0.0) / 2
    below, above = APPROX_WIDTH.get(approx, (0.0, 0.0))
    lo = -INF if math.isinf(below) else number - half - below * abs(number)
    hi = INF if math.isinf(above) else number + half + above * abs(number)
    return Interval(lo, hi)


def scale_step(stated: Interval, other: Interval) -> int:
    """k (non-zero) when ``stated`` is ``other`` moved by a power of ten: ``stated`` / 10**k meets
    ``other`` (1.09万 against 1.09亿: k = -4; $376 against [2,985, 3,808]: k = -1); 0 when no
    power of ten but 1 reconciles them, or when either band holds zero or spans signs."""
    if stated.lo <= 0 <= stated.hi or other.lo <= 0 <= other.hi or (stated.mid > 0) != (other.mid > 0):
        return 0
    k = round(math.log10(abs(stated.mid) / abs(other.mid)))
    return k if k and stated.scale(10.0 ** -k).meets(other) else 0


def describe_step(k: int) -> str:
    """A scale step in words: 'a scale slip: 10,000 times too small (a step between scale words
    such as 万 and 亿, or million and billion)'; for a step of 10 or 100, 'a digit or a decimal
    point out of place'."""
    why = ("a step between scale words such as 万 and 亿, or million and billion" if abs(k) in (3, 4, 8)
           else "a digit or a decimal point out of place")
    return f"a scale slip: {fmt(10.0 ** abs(k))} times {'too large' if k > 0 else 'too small'} ({why})"


def last_digit_step(number: float, resolution: float | None) -> float | None:
    """The place of the last non-zero printed digit of a figure, in the figure's unit: 20 -> 10,
    5,000 -> 1,000, 580 -> 10, 0.01 -> 0.01, 26,330 -> 10, 3万 -> 1万 (``resolution`` is already
    10,000). A figure printed exact (``resolution`` None) or zero keeps ``resolution``.

    This is the coarsest precision a writer who rounds a conversion may have meant: '20 miles'
    printed for 18.6 miles is 18.6 rounded to tens, not a claim of 20 ± 0.5.
    """
    if not resolution or not number or not math.isfinite(number):
        return resolution
    step = resolution
    while step * 10 <= abs(number):
        ratio = number / (step * 10)
        if abs(ratio - round(ratio)) > 1e-6 * max(1.0, abs(ratio)):
            break
        step *= 10
    return step


def rounding_band(number: float, resolution: float | None, approx: str | None = None) -> Interval:
    """The band of a figure read at the place of its last non-zero digit (:func:`last_digit_step`),
    widened by an approximation word as :func:`band` does: '20 miles' as [15, 25], 'more than 3,000
    km' as [2,500, ∞)."""
    return band(number, last_digit_step(number, resolution), approx)


UNCONVERTED_NEAR = (0.8, 1.25)
"""Unit factors this close to 1 (yards and metres) leave a figure printed unconverted
indistinguishable from a rounded conversion, so :func:`unit_slip` does not look for one."""


def unit_slip(first: Interval, second: Interval, k: float) -> str | None:
    """Why ``second`` is ``first`` moved by a known wrong factor rather than converted, or None.

    Both bands are in the second figure's unit; ``k`` is the factor from the first figure's unit
    to it. '100 km (100 miles)' prints the number unconverted (second = first / k); '100 miles
    (62 km)' converts the wrong way (second = first / k²). A power of ten is told by
    :func:`scale_step`. Only when the right conversion does not meet ``second`` at printed precision.
    """
    if not k or UNCONVERTED_NEAR[0] <= abs(k) <= UNCONVERTED_NEAR[1] or first.meets(second):
        return None
    if second.meets(first.scale(1 / k)):
        return "the same number in both units: a unit slip, the figure was not converted"
    if second.meets(first.scale(1 / k ** 2)):
        return "the conversion run the wrong way: a unit slip, the two units swapped"
    return None


def restates_rounded(first: Interval, first_rounded: Interval, second: Interval, second_rounded: Interval,
                     k: float = 1.0) -> bool:
    """Whether two figures printed side by side as one amount in two units agree as a conversion
    rounded the way journalists print it. All four bands are in one unit: each figure's printed
    band (:func:`band`) and its band at the place of its last non-zero digit (:func:`rounding_band`).

    A converted figure printed beside its source is consistent when it is the exact conversion of
    the source's printed interval, rounded to the precision the converted figure is printed at or
    coarser, in either direction (the writer may have converted from either figure): '30 km
    (20 miles)' (30 km is 18.6 miles, 20 at tens), '9,000 gallons (35,000 liters)' (9,000 gallons
    is 34,069 L, not 35,000 at thousands, but 35,000 L is 9,246 gallons, 9,000 at thousands). A
    figure exactly half a step away agrees (bands are closed). A factor slip ('5 miles (8,000
    km)') or a difference no such rounding explains ('1,600 feet (560 meters)': 488 m, and 560 m
    is 1,837 feet) does not, nor does a unit slip (:func:`unit_slip`, when ``k``, the factor from
    the first figure's unit to the common one, is given): '100 km (100 miles)'.
    """
    if unit_slip(first, second, k):
        return False
    return first.meets(second_rounded) or first_rounded.meets(second)


HEDGE_STEPS = 2.0
"""Steps of the last printed digit a hedge ('about', 'nearly') covers beyond the rounding band
when a figure is set against a reference figure for the same quantity (:func:`reference_band`)."""


def reference_band(number: float, resolution: float | None, approx: str | None = None) -> Interval:
    """The band of a printed figure set against another source's figure for the same quantity.

    Like :func:`band`, except that a hedge widens by :data:`HEDGE_STEPS` steps of the last
    printed digit, not by a share of the value: a writer who prints '约1351万' or 'about
    48.8%' to four or three digits hedges those digits, not five per cent ('about 1351万' is
    [1348.5, 1353.5]万, so the primary's 1342万 disagrees; 'about 4.5万' is [43000, 47000], so
    44,960 agrees). A round integer is hedged to its last non-zero digit ('about 45,000' steps by
    1,000). Bounds open their side as in :func:`band`; a figure printed without a
    resolution keeps :func:`band`'s widening.
    """
    if approx not in ("about", "nearly") or not resolution:
        return band(number, resolution, approx)
    if number and float(number).is_integer():  # 'about 45,000': the hedge rounds to its last non-zero digit
        n, zeros = int(abs(number)), 0
        while n and n % 10 == 0:
            n, zeros = n // 10, zeros + 1
        resolution = max(resolution, 10.0 ** zeros)
    half, step = resolution / 2, HEDGE_STEPS * resolution
    below, above = (step, step) if approx == "about" else (step, 0.0)
    return Interval(number - half - below, number + half + above)


def describe_band(printed: str, resolution: float | None, approx: str | None) -> str:
    """One phrase that says which band was used, e.g. ``printed 1.9 ±0.05; 'about' ±5%``."""
    parts = [f"printed {printed}" + (f" ±{fmt(resolution / 2)}" if resolution else " (exact)")]
    if approx and approx != "exactly":
        below, above = APPROX_WIDTH[approx]
        if math.isinf(below) or math.isinf(above):
            parts.append(f"'{approx}' opens the {'lower' if math.isinf(below) else 'upper'} side")
        else:
            parts.append(f"'{approx}' widens by -{below:.0%}/+{above:.0%}")
    return "; ".join(parts)


def fmt(x: float | None, sig: int = 4) -> str:
    """Format a number for messages: 4 significant digits, no exponent for ordinary sizes."""
    if x is None:
        return "?"
    if math.isinf(x):
        return "∞" if x > 0 else "-∞"
    if x == 0:
        return "0"
    mag = math.floor(math.log10(abs(x)))
    if mag >= 15 or mag <= -6:
        return f"{x:.{sig - 1}e}"
    decimals = max(0, sig - 1 - mag)
    text = f"{x:,.{decimals}f}"
    if "." in text:
        text = text.rstrip("0").rstrip(".")
    return text


def fmt_interval(iv: Interval) -> str:
    """``[lo, hi]`` with :func:`fmt`, or a single number for a degenerate interval."""
    return fmt_pair(iv.lo, iv.hi)


def fmt_pair(lo: float | None, hi: float | None) -> str:
    """``[lo, hi]`` with just enough significant digits (4 to 9) for the two ends to differ."""
    if lo is not None and lo == hi:
        return fmt(lo)
    sig = 4
    while lo is not None and hi is not None and fmt(lo, sig) == fmt(hi, sig) and sig < 9:
        sig += 1
    return f"[{fmt(lo, sig)}, {fmt(hi, sig)}]"
