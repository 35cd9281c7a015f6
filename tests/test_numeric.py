"""Precision bands, interval arithmetic, number formatting and unit factors.

These are the primitives every V1xx/V2xx rule judges with; the constants of APPROX_WIDTH are
pinned here so that changing them is a deliberate, visible act.
"""

from __future__ import annotations

import math

import pytest

from verifier.numeric import APPROX_WIDTH, INF, Interval, band, describe_band, fmt, fmt_interval, resolution_of
from verifier.units import factor, reciprocal_factor


# --- band -----------------------------------------------------------------------------------

@pytest.mark.parametrize(("number", "resolution", "low", "high"), [
    (1.9, 0.1, 1.85, 1.95),  # a printed 1.9 stands for [1.85, 1.95]
    (85400, 100, 85350, 85450),  # 8.54万
    (1400, 1, 1399.5, 1400.5),  # 1400 W
    (0.69, 0.01, 0.685, 0.695),
    (-2.5, 0.1, -2.55, -2.45),
])
def test_band_is_half_a_last_digit_each_side(number, resolution, low, high):
    iv = band(number, resolution)
    assert (iv.lo, iv.hi) == (pytest.approx(low), pytest.approx(high))


def test_band_without_resolution_is_the_exact_point():
    assert band(700, None) == Interval(700, 700)


def test_band_about_widens_five_percent_each_side_beyond_rounding():
    iv = band(2.0, 0.1, "about")
    assert iv.lo == pytest.approx(2.0 - 0.05 - 0.10)
    assert iv.hi == pytest.approx(2.0 + 0.05 + 0.10)


def test_band_nearly_is_mostly_below():
    iv = band(2.0, 0.1, "nearly")
    assert iv.lo == pytest.approx(2.0 - 0.05 - 0.20)
    assert iv.hi == pytest.approx(2.0 + 0.05 + 0.04)


@pytest.mark.parametrize(("approx", "low", "high"), [
    ("over", 1.45, INF), ("at_least", 1.45, INF), ("under", -INF, 1.55), ("at_most", -INF, 1.55),
    ("exactly", 1.45, 1.55), (None, 1.45, 1.55),
])
def test_band_bound_words_open_one_side(approx, low, high):
    iv = band(1.5, 0.1, approx)
    assert (iv.lo, iv.hi) == (pytest.approx(low), pytest.approx(high))


def test_band_unknown_word_does_not_widen():
    assert band(1.5, 0.1, "roughly-ish") == band(1.5, 0.1)


def test_approx_width_constants_are_pinned():
    assert APPROX_WIDTH["about"] == (0.05, 0.05)
    assert APPROX_WIDTH["nearly"] == (0.10, 0.02)
    assert set(APPROX_WIDTH) == {None, "exactly", "about", "nearly", "over", "at_least", "under", "at_most"}


# --- resolution_of --------------------------------------------------------------------------

@pytest.mark.parametrize(("printed", "number", "step"), [
    ("1.03", 1.03, 0.01),
    ("1400", 1400, 1),
    ("85,448", 85448, 1),  # thousands separator is not a decimal point
    ("8.54万", 85400, 100),  # scale word: the last digit is a hundred
    ("1200亿", 1.2e11, 1e8),
    ("120B", 1.2e11, 1e9),
    ("0.7 kW", 700, 100),  # value normalised to W
    ("０.６９", 0.69, 0.01),  # full-width digits
    ("1.5 至 1.9", 1.5, 0.1),  # a range: the first number sets the step
    ("一千", 1000, 1),  # Chinese numerals are exact integers
    ("0", 0, 1),
])
def test_resolution_of(printed, number, step):
    assert resolution_of(printed, number) == pytest.approx(step)


# --- Interval -------------------------------------------------------------------------------

def test_interval_rejects_an_empty_interval():
    with pytest.raises(ValueError, match="empty interval"):
        Interval(2, 1)


def test_interval_point_and_mid():
    assert Interval.point(3) == Interval(3, 3)
    assert Interval(1, 2).mid == 1.5
    assert Interval(-INF, 5).mid == 5
    assert Interval(5, INF).mid == 5


def test_interval_meets_touching_edges_and_float_slack():
    assert Interval(1.85, 1.95).meets(Interval(1.95, 2.0))
    assert Interval(1.85, 1.95).meets(Interval(1.95 + 1e-12, 2.0))  # float noise is not a gap
    assert not Interval(1.85, 1.95).meets(Interval(1.951, 2.0))
    assert Interval(-INF, 1).meets(Interval(0.5, INF))


def test_interval_contains():
    assert Interval(1, 2).contains(2)
    assert not Interval(1, 2).contains(2.001)


def test_interval_scale_is_sign_aware():
    assert Interval(1, 2).scale(1000) == Interval(1000, 2000)
    assert Interval(1, 2).scale(-1) == Interval(-2, -1)


def test_interval_division_on_rounding_bands():
    # 1000 / [0.685, 0.695] ms = [1438.8, 1459.9] tokens/s: holds a printed 1459
    iv = Interval.point(1000) / band(0.69, 0.01)
    assert iv.lo == pytest.approx(1000 / 0.695)
    assert iv.hi == pytest.approx(1000 / 0.685)
    assert iv.contains(1459)


def test_interval_division_by_an_interval_holding_zero_is_everything():
    assert Interval(1, 2) / Interval(-1, 1) == Interval(-INF, INF)


def test_interval_mul_sub_reciprocal_one_minus():
    assert Interval(1, 2) * Interval(-3, 4) == Interval(-6, 8)
    assert Interval(0, 1) * Interval(0, INF) == Interval(0, INF)  # 0 × ∞ taken as 0
    assert Interval(858, 860) - Interval(840, 841) == Interval(17, 20)
    recip = Interval(2, 4).reciprocal()
    assert (recip.lo, recip.hi) == (0.25, 0.5)
    flipped = Interval(0.275, 0.285).one_minus()
    assert (flipped.lo, flipped.hi) == (pytest.approx(0.715), pytest.approx(0.725))


# --- messages -------------------------------------------------------------------------------

@pytest.mark.parametrize(("x", "text"), [
    (1459.854, "1,460"), (0.6854, "0.6854"), (3.0, "3"), (-2.5, "-2.5"), (85448.4, "85,448"),
    (0, "0"), (None, "?"), (INF, "∞"), (-INF, "-∞"), (1e-7, "1.000e-07"), (1e16, "1.000e+16"),
])
def test_fmt_four_significant_digits(x, text):
    assert fmt(x) == text


def test_fmt_interval():
    assert fmt_interval(Interval(1438.85, 1459.85)) == "[1,439, 1,460]"
    assert fmt_interval(Interval.point(1.9)) == "1.9"


@pytest.mark.parametrize(("args", "text"), [
    (("1.9", 0.1, None), "printed 1.9 ±0.05"),
    (("3", None, None), "printed 3 (exact)"),
    (("2.0", 0.1, "about"), "printed 2.0 ±0.05; 'about' widens by -5%/+5%"),
    (("2.0", 0.1, "nearly"), "printed 2.0 ±0.05; 'nearly' widens by -10%/+2%"),
    (("1.5 kW", 0.1, "at_most"), "printed 1.5 kW ±0.05; 'at_most' opens the lower side"),
    (("3", 1, "over"), "printed 3 ±0.5; 'over' opens the upper side"),
    (("3", 1, "exactly"), "printed 3 ±0.5"),
])
def test_describe_band(args, text):
    assert describe_band(*args) == text


# --- units ----------------------------------------------------------------------------------

@pytest.mark.parametrize(("src", "dst", "k"), [
    ("kW", "W", 1000), ("W", "kW", 0.001), ("MW", "kW", 1000), ("GiB", "GB", 1.073741824),
    ("cm²", "mm²", 100), ("tokens/s/kW", "tokens/s/W", 0.001), ("%", "x", 0.01), (None, None, 1), ("W", "W", 1),
])
def test_factor_between_compatible_units(src, dst, k):
    assert factor(src, dst) == pytest.approx(k)


@pytest.mark.parametrize(("src", "dst"), [("W", "s"), (None, "W"), ("W", None), ("USD", "CNY"), ("W", "no-such-unit")])
def test_factor_is_none_for_incompatible_units(src, dst):
    assert factor(src, dst) is None


@pytest.mark.parametrize(("src", "dst", "k"), [
    ("ms/token", "tokens/s", 1000),  # 0.69 ms/token is 1000 / 0.69 tokens/s
    ("tokens/s", "ms/token", 1000),
    ("J/token", "tokens/s/kW", 1000),  # energy per token vs work per kW
])
def test_reciprocal_factor(src, dst, k):
    assert reciprocal_factor(src, dst) == pytest.approx(k)


@pytest.mark.parametrize(("src", "dst"), [("W", "s"), ("s", "W"), (None, "s"), ("ms/token", "tokens/min/W")])
def test_reciprocal_factor_is_none_for_non_reciprocal_units(src, dst):
    assert reciprocal_factor(src, dst) is None


def test_float_slack_is_relative():
    big = 1e9
    assert Interval(big, big).meets(Interval(big * (1 + 1e-12), big * 2))
    assert not math.isinf(band(1e9, 1).hi)


def test_an_interval_with_a_nan_end_is_refused():
    for lo, hi in ((math.nan, 1.0), (0.0, math.nan), (math.nan, math.nan)):
        with pytest.raises(ValueError, match="empty interval"):
            Interval(lo, hi)
    assert Interval(-math.inf, math.inf).meets(Interval.point(1.0))
