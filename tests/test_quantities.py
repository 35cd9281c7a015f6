"""Tests of verifier.quantities: one case per construction and language, names, entry points.

Inputs are written for these tests (no reading from sources/ or /work/shared).
"""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

from verifier.quantities import Quantity, extract, main_jsonl, main_text

ROOT = Path(__file__).resolve().parents[1]


def one(text: str) -> Quantity:
    """The single quantity of ``text`` (fails if there is not exactly one)."""
    qs = extract(text)
    assert len(qs) == 1, [q.to_json() for q in qs]
    return qs[0]


def find(text: str, surface: str) -> Quantity:
    """The quantity whose surface is ``surface``; checks offsets against the text."""
    for q in extract(text):
        if q.surface == surface:
            assert text[q.start:q.end] == surface
            return q
    raise AssertionError(f"{surface!r} not in {[q.surface for q in extract(text)]}")


# (text, surface, value, unit, kind)
CASES = [
    # grouped, decimal, full-width numbers and magnitudes
    ("Revenue was 1,400 units.", "1,400", 1400, None, "number"),
    ("收入８．５４万元", "８．５４万元", 85400, "CNY", "money"),
    ("净流出1050亿美元", "1050亿美元", 105_000_000_000, "USD", "money"),
    ("a fund of $2 million", "$2 million", 2_000_000, "USD", "money"),
    ("规模达1万亿", "1万亿", 10**12, None, "number"),
    ("用户8.54万", "8.54万", 85400, None, "number"),
    # Chinese numerals
    ("历时九个月完成", "九个月", 9, "month", "duration"),
    ("壹佰万零伍拾肆", "壹佰万零伍拾肆", 1000054, None, "number"),
    ("一百零十万", "一百零十万", 1_100_000, None, "number"),
    ("占四分之三", "四分之三", 0.75, None, "fraction"),
    ("只有十分之一", "十分之一", 0.1, None, "fraction"),
    ("增长百分之三十", "百分之三十", 30, "%", "percent"),
    ("两三个工程师", "两三", (2, 3), None, "range"),
    # ranges
    ("能效为对手的1.5 至 1.9 倍", "1.5 至 1.9 倍", (1.5, 1.9), "x", "range"),
    ("周期18–24 个月", "18–24 个月", (18, 24), "month", "range"),
    ("占比28% 至 59%", "28% 至 59%", (28, 59), "%", "range"),
    ("提升1.5-1.9倍", "1.5-1.9倍", (1.5, 1.9), "x", "range"),
    ("between 2 and 3 weeks", "between 2 and 3 weeks", (2, 3), "week", "range"),
    ("priced at 15-20 USD", "15-20 USD", (15, 20), "USD", "range"),
    ("性能提升2.1到4.1倍", "2.1到4.1倍", (2.1, 4.1), "x", "range"),
    ("a range of 1.5 to 1.9 times", "1.5 to 1.9 times", (1.5, 1.9), "x", "range"),
    # multipliers, percent, percentage points
    ("it is 3.6 times faster", "3.6 times", 3.6, "x", "multiplier"),
    ("a 10-fold gain", "10-fold", 10, "x", "multiplier"),
    ("1.7x lower latency", "1.7x", 1.7, "x", "multiplier"),
    ("提高1.9倍", "1.9倍", 1.9, "x", "multiplier"),
    ("up 12 percent", "12 percent", 12, "%", "percent"),
    ("fell 2.5 percentage points", "2.5 percentage points", 2.5, "pp", "percent"),
    ("下降3个百分点", "3个百分点", 3, "pp", "percent"),
    # units in both scripts
    ("TDP is 700W", "700W", 700, "W", "dimension"),
    ("功耗为700瓦", "700瓦", 700, "W", "dimension"),
    ("a 5 kW rack", "5 kW", 5, "kW", "dimension"),
    ("装机20千瓦", "20千瓦", 20, "kW", "dimension"),
    ("a 300 MW campus", "300 MW", 300, "MW", "dimension"),
    ("电站装机300兆瓦", "300兆瓦", 300, "MW", "dimension"),
    ("uses 2 GW", "2 GW", 2, "GW", "dimension"),
    ("stores 80 Wh", "80 Wh", 80, "Wh", "dimension"),
    ("latency of 40 ms", "40 ms", 40, "ms", "duration"),
    ("延迟40毫秒", "40毫秒", 40, "ms", "duration"),
    ("超时3秒", "3秒", 3, "s", "duration"),
    ("output of 1459 tokens/s", "1459 tokens/s", 1459, "tokens/s", "rate"),
    ("速度达到500 token每秒", "500 token每秒", 500, "tokens/s", "rate"),
    ("输出500个token每秒", "500个token每秒", 500, "tokens/s", "rate"),
    ("delivers 900 tokens/s per kW", "900 tokens/s per kW", 900, "tokens/s/kW", "rate"),
    ("每千瓦900 tokens/s", "900 tokens/s", 900, "tokens/s", "rate"),
    ("has 192 GB of HBM", "192 GB", 192, "GB", "dimension"),
    ("has 288 GiB", "288 GiB", 288, "GiB", "dimension"),
    ("bandwidth of 8 TB/s", "8 TB/s", 8, "TB/s", "rate"),
    ("links at 800 Gbps", "800 Gbps", 800, "Gbit/s", "rate"),
    ("a die of 800 mm²", "800 mm²", 800, "mm²", "dimension"),
    ("芯片面积800平方毫米", "800平方毫米", 800, "mm²", "dimension"),
    ("built on 3 nm", "3 nm", 3, "nm", "dimension"),
    ("售价10美元", "10美元", 10, "USD", "money"),
    ("融资5亿美元", "5亿美元", 500_000_000, "USD", "money"),
    ("售价99元", "99元", 99, "CNY", "money"),
    ("costs €20", "€20", 20, "EUR", "money"),
    ("lasted 6 months", "6 months", 6, "month", "duration"),
    ("用了3年", "3年", 3, "year", "duration"),
    ("took 2 years", "2 years", 2, "year", "duration"),
]


@pytest.mark.parametrize(("text", "surface", "value", "unit", "kind"), CASES)
def test_construction(text: str, surface: str, value: object, unit: str | None,
                      kind: str) -> None:
    q = find(text, surface)
    assert q.value == value
    assert q.unit == unit
    assert q.kind == kind


@pytest.mark.parametrize(("text", "value", "approx"), [
    ("more than 20 chips", (20, None), "over"),
    ("up to 700 workers", (None, 700), "at_most"),
    ("at least 4 racks", (4, None), "at_least"),
    ("less than 3 ms", (None, 3), "under"),
    ("about 90 minutes", 90, "about"),
    ("nearly 40%", 40, "nearly"),
    ("约 700W", 700, "about"),
    ("接近3倍", 3, "nearly"),
    ("超过1秒", (1, None), "over"),
    ("550W以下", (None, 550), "at_most"),
    ("1000W左右", 1000, "about"),
    ("至少5台", (5, None), "at_least"),
    ("不到3个月", (None, 3), "under"),
    ("最高700W", (None, 700), "at_most"),
])
def test_approximation_words(text: str, value: object, approx: str) -> None:
    q = one(text)
    assert (q.value, q.approx) == (value, approx)


def test_two_months_and_more() -> None:
    q = one("用了两个多月")
    assert q.unit == "month" and q.approx == "over" and q.value in (2, (2, None))
    assert q.surface == "两个多月" and (q.start, q.end) == (2, 6)


def test_offsets_and_surface_in_mixed_text() -> None:
    text = "Jalapeño TDP 为 700W，GB300 为 1400W。"
    qs = extract(text)
    a, b = text.index("700W"), text.index("1400W")
    assert [(q.start, q.end, q.surface, q.value, q.unit) for q in qs] == [
        (a, a + 4, "700W", 700, "W"), (b, b + 5, "1400W", 1400, "W")]
    assert (a, b) == (15, 28)


@pytest.mark.parametrize(("text", "resolution"), [
    ("1.03 W", 0.01), ("8.54万", 100), ("1,400", 1), ("1.5 至 1.9 倍", 0.1), ("九个月", 1),
    ("$2 million", 1_000_000), ("二十万", 100_000),
])
def test_resolution(text: str, resolution: float) -> None:
    assert one(text).resolution == pytest.approx(resolution)


def test_model_sizes_follow_model_names() -> None:
    qs = extract("测试覆盖 GPT-OSS 120B、DeepSeek R1 670B 与 Kimi K2.5 1T")
    assert [(q.surface, q.value, q.unit, q.kind) for q in qs] == [
        ("120B", 120e9, "params", "model_size"), ("670B", 670e9, "params", "model_size"),
        ("1T", 1e12, "params", "model_size")]
    q = one("GPT-OSS 120B（1200亿参数）".replace("GPT-OSS 120B", "模型"))
    assert (q.value, q.unit) == (120_000_000_000, "params")


def test_sequence_shape() -> None:
    qs = extract("nominal 8k/1k context")
    assert [(q.surface, q.value, q.unit, q.kind) for q in qs] == [
        ("8k", 8000, "tokens", "sequence"), ("1k", 1000, "tokens", "sequence")]


@pytest.mark.parametrize(("text", "iso"), [
    ("8月25日发布", "--08-25"), ("2026年底交付", "2026-12"),
    ("on August 25, 2026 it shipped", "2026-08-25"), ("九月九日开盘", "--09-09"),
])
def test_dates(text: str, iso: str) -> None:
    q = one(text)
    assert (q.kind, q.iso, q.value) == ("date", iso, None)


@pytest.mark.parametrize("text", [
    "GB200 and GB300 racks", "H100 GPUs", "Kimi K2.5 launched", "TSMC N3P node",
    "HBM4 memory", "GPT-4o replies", "Windows 11 update", "version 3.11.2 released",
    "call +1-222-2222-3333", "订单号 A202107211321363588510367", "we met at 2 pm",
    "see https://example.com/a/123 for more",
])
def test_names_and_ids_are_not_quantities(text: str) -> None:
    assert [q.surface for q in extract(text) if q.kind != "date"] == []


@pytest.mark.parametrize(("text", "value"), [
    ("one hundred and sixty-one", 161), ("two thirds", pytest.approx(2 / 3)),
    ("three point five miles", 3.5), ("a dozen", 12), ("二百五", 250), ("负一点五", -1.5),
    ("一又二分之一", 1.5), ("-4.5", -4.5), ("1.3x10^6", 1_300_000),
])
def test_number_words_and_signs(text: str, value: object) -> None:
    assert one(text).value == value


def test_json_shape() -> None:
    q = one("1.5 至 1.9 倍")
    assert q.to_json() == {"value": [1.5, 1.9], "unit": "x", "start": 0, "end": 11,
                           "surface": "1.5 至 1.9 倍", "kind": "range", "approx": None,
                           "resolution": 0.1}
    assert one("8月25日").to_json()["iso"] == "--08-25"


def test_main_text_prints_one_json_list() -> None:
    out = io.StringIO()
    assert main_text("功耗700W", out) == 0
    data = json.loads(out.getvalue())
    assert data == [{"value": 700, "unit": "W", "start": 2, "end": 6, "surface": "700W",
                     "kind": "dimension", "approx": None, "resolution": 1}]


def test_main_jsonl_round_trip_and_bad_line() -> None:
    stdin = io.StringIO('{"id": "a", "text": "up to 700 W"}\nnot json\n'
                        '{"id": "b", "lang": "zh", "text": "九个月"}\n')
    out = io.StringIO()
    assert main_jsonl(stdin, out) == 1
    lines = [json.loads(x) for x in out.getvalue().splitlines()]
    assert [x["id"] for x in lines] == ["a", None, "b"]
    assert lines[0]["quantities"][0]["value"] == [None, 700]
    assert "error" in lines[1]
    assert lines[2]["quantities"][0]["unit"] == "month"


def test_python_dash_m_entry_point() -> None:
    proc = subprocess.run([sys.executable, "-m", "verifier.quantities", "--jsonl"],
                          input='{"id": "x", "text": "约 九个月"}\n', capture_output=True,
                          text=True, cwd=ROOT, check=True)
    assert json.loads(proc.stdout)["quantities"][0]["approx"] == "about"
    proc = subprocess.run([sys.executable, "-m", "verifier.quantities", "3.6 times"],
                          capture_output=True, text=True, cwd=ROOT, check=True)
    assert json.loads(proc.stdout)[0]["unit"] == "x"


def test_quantity_is_frozen() -> None:
    q = one("700W")
    with pytest.raises(AttributeError):
        q.value = 1  # type: ignore[misc]
