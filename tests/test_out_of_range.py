"""Numbers beyond the double range: read without an error, kept without a value, never infinite.

The mechanism is :mod:`verifier.quantities.limits`: a numeral beyond ±1.8e308 (or a non-zero
one that would read as 0.0) becomes a quantity with ``out_of_range`` set and no value.
"""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from verifier.quantities import extract
from verifier.quantities.limits import (FLOAT_MAX, checkable, digits_value, exponent, pow10, representable,
                                        times_pow10)
from verifier.quantities.numerals import parse_arabic, parse_chinese
from verifier.quantities.words import parse_words

NINES_YI = "9" * 305 + "亿元"
"""305 nines before 亿元: 1e305 x 1e8 yuan, beyond the double range."""

WRITTEN = str(10**400)
"""A 401-digit integer written out."""


def _strict(obj: object) -> str:
    """JSON text of ``obj``; raises ValueError on an infinity or NaN (JSON has neither)."""
    return json.dumps(obj, allow_nan=False, ensure_ascii=False)


def _no_constants(text: str) -> object:
    """Parse JSON, refusing the Infinity / NaN extensions Python's json accepts."""
    def refuse(name: str) -> None:
        raise ValueError(f"not JSON: {name}")
    return json.loads(text, parse_constant=refuse)


@pytest.mark.parametrize("text, surface, unit, kind", [
    ("1e309", "1e309", None, "number"),
    ("draws 2e308 kW", "2e308 kW", "kW", "dimension"),
    ("营收" + NINES_YI, NINES_YI, "CNY", "money"),
    ("sold " + WRITTEN + " units", WRITTEN, None, "number"),
    ("x " + "7" * 5000, "7" * 5000, None, "number"),            # past Python's 4300-digit int() limit
    ("a gap of 1e-400 m", "1e-400 m", "m", "dimension"),         # non-zero, would read as 0.0
    ("1x10^400 J", "1x10^400 J", "J", "dimension"),
    ("5x10^-900 m", "5x10^-900 m", "m", "dimension"),
    ("1e" + "9" * 5000, "1e" + "9" * 5000, None, "number"),     # an exponent of 5000 digits
    ("1.5e308 to 2e308 W", "1.5e308 to 2e308 W", "W", "range"),  # one end out: the range is out
    ("10e307 million", "10e307 million", None, "number"),        # in range, then scaled out of it
    ("一" + "亿" * 50, "一" + "亿" * 50, None, "number"),
    ("1" * 400 + "/3", "1" * 400 + "/3", None, "fraction"),
    ("$1e309", "$1e309", "USD", "money"),
])
def test_a_numeral_beyond_the_double_range_keeps_its_span_and_no_value(text, surface, unit, kind):
    [q] = extract(text)
    assert (q.surface, q.unit, q.kind, q.out_of_range) == (surface, unit, kind, True)
    assert q.value is None and q.resolution is None
    assert text[q.start:q.end] == q.surface
    assert _strict(q.to_json())  # no Infinity in the JSON contract
    assert q.to_json()["out_of_range"] is True and q.to_json()["value"] is None


@pytest.mark.parametrize("text, value", [
    ("1.7e308", 1.7e308),  # the largest doubles are kept
    ("0e99999", 0),        # a printed zero is zero, whatever its exponent
    ("0x10^400", 0),
    ("1e-300 m", 1e-300),
    ("9" * 308, int("9" * 308)),
])
def test_numerals_within_the_double_range_keep_their_value(text, value):
    [q] = extract(text)
    assert q.out_of_range is False and q.value == value
    assert "out_of_range" not in q.to_json()
    _strict(q.to_json())


def test_parsers_return_an_infinity_marker_and_never_raise():
    assert parse_arabic("1e309") == (float("inf"), None)
    assert parse_arabic("1e-400") == (float("inf"), None)  # non-zero read as 0: the out-of-range marker
    assert parse_arabic("0e400") == (0, None)
    assert parse_arabic("9" * 400)[0] == float("inf")
    assert parse_arabic("1e" + "9" * 5000)[0] == float("inf")
    assert parse_chinese("9" * 305 + "亿")[0] == float("inf")
    assert parse_words(["a", "billion"] + ["billion"] * 40) is not None


def test_limits_compare_big_integers_exactly():
    assert representable(int(FLOAT_MAX)) and not representable(int(FLOAT_MAX) * 2)
    assert not representable(10**400) and not representable(float("nan")) and not representable((1.0, float("inf")))
    assert representable((None, 5)) and representable(None)
    assert digits_value("-" + "9" * 400) == float("-inf") and digits_value("007") == 7
    assert exponent("-" + "9" * 5000) == -100_000 and exponent("+0012") == 12
    assert pow10(309) == float("inf") and pow10(-401) == 0.0 and pow10(2) == 100.0
    assert times_pow10(5, -900) == float("inf") and times_pow10(-5, 400) == float("-inf") and times_pow10(0, 900) == 0
    assert checkable(0) and checkable(1e100) and checkable(-1e-100) and checkable(None)
    assert not checkable(1.1e100) and not checkable(1e-101)


def test_quantities_command_prints_valid_json_and_exits_0():
    text = f"功耗 2e308 kW，营收{NINES_YI}，sold {WRITTEN} units, 1e309%"
    done = subprocess.run([sys.executable, "-m", "verifier.quantities", text], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    found = _no_constants(done.stdout)
    assert [q["out_of_range"] for q in found] == [True] * 4
    assert [q["value"] for q in found] == [None] * 4
    lines = json.dumps({"id": "a", "text": text}) + "\n"
    done = subprocess.run([sys.executable, "-m", "verifier.quantities", "--jsonl"], input=lines, capture_output=True,
                          text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert len(_no_constants(done.stdout)["quantities"]) == 4



# --- extraction ----------------------------------------------------------------------------

from tests.builders import art  # noqa: E402
from verifier.extract import extract_claims  # noqa: E402

BIG_BODY = (
    "The Zephyr X1 plant draws 2e308 kW, while the Orca 9 plant draws 1e309 kW.\n"
    f"Zephyr 公司营收达到{NINES_YI}。\n"
    f"The Zephyr X1 sold {WRITTEN} units.\n"
    "The Zephyr X1 draws 700 kW and the Orca 9 draws 1400 kW.\n"
)


def test_extraction_builds_no_claim_from_a_figure_out_of_range():
    src = art("big", BIG_BODY)
    claims = extract_claims(src)
    for c in claims:
        assert src.body[c.anchor.start:c.anchor.end] == c.anchor.quote
        assert all(x is None or abs(x) < FLOAT_MAX for x in (c.value.number, c.value.low, c.value.high))
    quotes = {c.anchor.quote for c in claims}
    assert {"700 kW", "1400 kW"} <= quotes
    assert not quotes & {"2e308 kW", "1e309 kW", WRITTEN}
