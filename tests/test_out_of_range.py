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


# --- extraction, rules and reports --------------------------------------------------------

from pathlib import Path  # noqa: E402

from tests.builders import art, claim, codes_of, corpus, findings, run_cli  # noqa: E402
from verifier.extract import extract_claims  # noqa: E402
from verifier.models.claim import Value  # noqa: E402

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


def test_the_report_says_each_figure_out_of_range_is_too_large_to_check():
    src = art("big", BIG_BODY)
    found = findings(corpus([src], extract_claims(src)), "V604")
    messages = [f.message for f in found]
    assert len(messages) == 4, messages
    assert all("too large to check: beyond the double range" in m for m in messages)
    assert any(m.startswith("'2e308 kW' at 26:34 ") for m in messages)
    assert any("(401 characters)" in m for m in messages)  # a long numeral is shortened in the message


NUMERIC_RULES = ("V101", "V103", "V104", "V106", "V107", "V201", "V202", "V604")
"""The rules that do arithmetic on figures, and the one that reports figures out of range."""


def test_a_ratio_of_a_huge_and_a_tiny_figure_is_not_checked_but_reported():
    # 1e200 / 1e-200 = 1e400 would overflow to infinity: both figures are outside the checked range
    a = art("r1", "Zephyr X1 runs 1e200 ops/s, Orca 9 runs 1e-200 ops/s: 1.5x the rate.")
    c = [claim(a, "1e200 ops/s", "Zephyr X1", "throughput", 1e200, "ops/s", resolution=1e200),
         claim(a, "1e-200 ops/s", "Orca 9", "throughput", 1e-200, "ops/s", resolution=1e-200),
         claim(a, "1.5x", "Zephyr X1", "throughput", 1.5, target="Orca 9", relation="ratio")]
    found = findings(corpus([a], c), *NUMERIC_RULES)
    assert codes_of(found) == ["V604", "V604"]  # no V101 on an infinite ratio
    assert [f.claims for f in found] == [["r1-c015"], ["r1-c040"]]
    assert "too small to check" in found[1].message and "too large to check" in found[0].message


def test_figures_at_the_edges_of_the_checked_range_are_checked_in_finite_arithmetic():
    a = art("r2", "Zephyr X1 runs 1e100 ops/s, Orca 9 runs 1e-100 ops/s: 1.5x the rate.")
    c = [claim(a, "1e100 ops/s", "Zephyr X1", "throughput", 1e100, "ops/s", resolution=1e99),
         claim(a, "1e-100 ops/s", "Orca 9", "throughput", 1e-100, "ops/s", resolution=1e-101),
         claim(a, "1.5x", "Zephyr X1", "throughput", 1.5, target="Orca 9", relation="ratio")]
    [f] = findings(corpus([a], c), *NUMERIC_RULES)
    assert f.rule == "V101"  # 1e200, not 1.5: a real mismatch, found with finite bands
    assert f.recomputed.low == pytest.approx(1e200, rel=0.2) and f.recomputed.high < FLOAT_MAX


def test_a_record_cannot_hold_an_infinite_or_nan_number():
    for bad in (float("inf"), float("-inf"), float("nan"), "1e309"):
        with pytest.raises(ValueError, match="finite number"):
            Value(printed="1e309", number=bad)
    with pytest.raises(ValueError, match="valid number"):
        Value(printed=WRITTEN, number=10**400)  # an integer no double holds
    assert not Value(printed="1e200", number=1e200).checkable and Value(printed="0", number=0).checkable


def _write(tmp_path: Path, body: str, records: str | None = None) -> Path:
    root = tmp_path / "c"
    (root / "sources").mkdir(parents=True)
    (root / "sources" / "big.md").write_text(
        "---\nid: big\ntitle: Big figures\npublisher: Test Desk\nlanguages: [en, zh]\ntier: secondary\n---\n" + body,
        encoding="utf-8")
    if records is not None:
        (root / "claims").mkdir()
        (root / "claims" / "big.yaml").write_text(records, encoding="utf-8")
    return root


@pytest.mark.parametrize("fmt", ["markdown", "json", "html", "claimreview"])
def test_every_report_format_says_too_large_and_stays_valid(tmp_path: Path, fmt: str):
    root = _write(tmp_path, BIG_BODY)
    result = run_cli("audit", str(root), "--format", fmt)
    assert result.exit_code == 0, result.output
    assert result.exception is None
    out = result.stdout
    assert "Infinity" not in out and "NaN" not in out and "inf" not in out.replace("info", "")
    if fmt in ("json", "claimreview"):
        data = _no_constants(out)
        if fmt == "json":
            assert data["summary"]["by_rule"].get("V604") == 4
            assert data["summary"]["coverage"]["numbers_in_text"] >= 6
    else:
        assert out.count("too large to check") == 4 or fmt == "claimreview"
    failing = run_cli("audit", str(root), "--format", fmt, "--fail-on", "info")
    assert failing.exit_code == 1
    assert failing.exception is None or isinstance(failing.exception, SystemExit)  # an exit, not a crash


def test_a_record_with_an_infinite_number_is_an_input_error(tmp_path: Path):
    body = "The Zephyr X1 draws 1e309 kW.\n"
    start = body.index("1e309 kW")
    record = f"""- id: big-c001
  source: big
  anchor: {{quote: 1e309 kW, start: {start}, end: {start + 8}}}
  subject: Zephyr X1
  metric: power
  kind: measurement
  value: {{printed: 1e309, number: .inf, unit: kW}}
  attribution: {{tier: secondary}}
"""
    root = _write(tmp_path, body, record)
    result = run_cli("audit", str(root))
    assert result.exit_code == 2
    assert "big.yaml:7" in result.output and "finite number" in result.output
    assert "Traceback" not in result.output


def test_quantities_command_through_the_cli(tmp_path: Path):
    result = run_cli("quantities", "功耗 2e308 kW")
    assert result.exit_code == 0
    assert _no_constants(result.stdout)[0]["out_of_range"] is True
    script = Path(sys.executable).with_name("verifier")  # the console script's own fast path (verifier.entry)
    if script.exists():
        done = subprocess.run([str(script), "quantities", "1e309 and " + WRITTEN], capture_output=True, text=True, timeout=60)
        assert done.returncode == 0 and done.stderr == ""
        assert [q["out_of_range"] for q in _no_constants(done.stdout)] == [True, True]


# --- the checked range keeps the interval arithmetic finite -------------------------------

from hypothesis import given  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from verifier.numeric import APPROX_WIDTH, band  # noqa: E402
from verifier.quantities.limits import CHECK_MAX, CHECK_MIN  # noqa: E402
from verifier.rules.relations import FORMULA, from_q, to_q  # noqa: E402

_magnitudes = st.floats(min_value=CHECK_MIN, max_value=CHECK_MAX)
_checkable = st.one_of(st.just(0.0), _magnitudes, _magnitudes.map(lambda x: -x))
_factor = st.floats(min_value=1e-30, max_value=1e30)  # unit factors (see verifier.quantities.limits)
_approx = st.sampled_from([k for k, (lo, hi) in APPROX_WIDTH.items() if lo != float("inf") and hi != float("inf")])


@st.composite
def _point(draw: st.DrawFn) -> tuple[float, float | None, str | None]:
    x = draw(_checkable)
    res = draw(st.one_of(st.none(), st.floats(min_value=0.0, max_value=max(abs(x), CHECK_MIN)).filter(bool)))
    return x, res, draw(_approx)


def _finite_or_unbounded(lo: float, hi: float) -> bool:
    """Both ends finite, or the whole line (a divisor band that holds zero): never one end
    infinite by overflow, never NaN."""
    import math
    return (math.isfinite(lo) and math.isfinite(hi)) or (lo == -math.inf and hi == math.inf)


@given(_point(), _point(), _factor)
def test_quotients_and_comparisons_of_checkable_figures_stay_finite(s, t, k):
    q = band(*s) / band(*t).scale(k)
    assert _finite_or_unbounded(q.lo, q.hi), (s, t, k, q)
    if q.lo != -float("inf"):
        for relation in FORMULA:
            shown = from_q(relation, q)
            assert _finite_or_unbounded(shown.lo, shown.hi), (relation, q, shown)
            back = to_q(relation, band(*s))
            assert _finite_or_unbounded(back.lo, back.hi), (relation, back)
    d = band(*t).scale(k) - band(*s)
    p = band(*s) * band(*t).scale(k)
    assert _finite_or_unbounded(d.lo, d.hi) and _finite_or_unbounded(p.lo, p.hi)
