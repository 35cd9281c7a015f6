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
    # the issue: "两个多月" -> 2 (unit month); 多 bounds the point value, it opens no range
    q = one("用了两个多月")
    assert (q.value, q.unit, q.kind, q.approx) == (2, "month", "duration", "over")
    assert q.surface == "两个多月" and (q.start, q.end) == (2, 6)
    assert one("十多个人").value == (10, None)  # 十多 is "more than ten"


def test_offsets_and_surface_in_mixed_text() -> None:
    text = "Cobaltño TDP 为 700W，HX300 为 1400W。"
    qs = extract(text)
    a, b = text.index("700W"), text.index("1400W")
    assert [(q.start, q.end, q.surface, q.value, q.unit) for q in qs] == [
        (a, a + 4, "700W", 700, "W"), (b, b + 5, "1400W", 1400, "W")]
    assert (a, b) == (15, 28)


@pytest.mark.parametrize(("text", "resolution"), [
    ("1.03 W", 0.01), ("8.54万", 100), ("1,400", 1), ("1.5 至 1.9 倍", 0.1), ("九个月", 1),
    ("$2 million", 1_000_000), ("二十万", 10_000), ("二十", 1), ("1.5千", 100),
])
def test_resolution(text: str, resolution: float) -> None:
    assert one(text).resolution == pytest.approx(resolution)


def test_model_sizes_follow_model_names() -> None:
    qs = extract("测试覆盖 Nova-Chat 120B、Orca R1 670B 与 Lumo K2.5 1T")
    assert [(q.surface, q.value, q.unit, q.kind) for q in qs] == [
        ("120B", 120e9, "params", "model_size"), ("670B", 670e9, "params", "model_size"),
        ("1T", 1e12, "params", "model_size")]
    q = one("模型（1200亿参数）")
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


# --- regressions reported by the claim-extraction engineer (issue 3) ---------------------

def check(text: str, surface: str, value: object, unit: str | None, kind: str,
          approx: str | None = None) -> Quantity:
    """The quantity ``surface`` of ``text`` with the given reading and offsets."""
    q = find(text, surface)
    assert (q.value, q.unit, q.kind, q.approx) == (value, unit, kind, approx)
    assert (q.start, q.end) == (text.index(surface), text.index(surface) + len(surface))
    return q


@pytest.mark.parametrize(("text", "surface", "value"), [
    ("净流出 1050 亿美元", "1050 亿美元", 105_000_000_000),
    ("融资70 亿美元。", "70 亿美元", 7_000_000_000),
    ("an outflow of 105 billion dollars", "105 billion dollars", 105_000_000_000),
])
def test_magnitude_after_a_space(text: str, surface: str, value: int) -> None:
    q = check(text, surface, value, "USD", "money")
    assert q.resolution == (100_000_000 if "亿" in text else 1_000_000_000)


@pytest.mark.parametrize("text", ["A GB 200 rack", "they ship a GB 200 rack",
                                  "英伟达 GB 200 机柜上市", "Orca 9 launched", "Windows 11",
                                  "iPhone 15 sales", "Apple Watch Series 7", "发布 Orca 9 芯片"])
def test_article_and_name_before_a_number(text: str) -> None:
    assert [q.surface for q in extract(text)] == []


def test_name_before_a_number_keeps_units_and_measure_words() -> None:
    check("Orca 9 draws 1400 W", "1400 W", 1400, "W", "dimension")
    q = find("采购 Orca 9 台", "9")
    assert (q.value, q.unit, q.start, q.end) == (9, None, 8, 9)
    check("All 70 of us came", "70", 70, None, "number")
    check("a month later", "a month", 1, "month", "duration")


@pytest.mark.parametrize(("text", "surface", "unit"), [
    ("decode speed 1459/s", "1459/s", "/s"),
    ("吞吐达到535/s", "535/s", "/s"),
    ("1459/s per user on 8k/1k tokens", "1459/s", "tokens/s"),
    ("每用户 token 输出 535/s", "535/s", "tokens/s"),
    ("30/day on average", "30/day", "/day"),
])
def test_bare_count_per_second_is_a_rate(text: str, surface: str, unit: str) -> None:
    check(text, surface, int(surface.split("/")[0]), unit, "rate")


@pytest.mark.parametrize(("text", "surface", "approx", "resolution"), [
    ("正好一半的用户", "正好一半", "exactly", 50),
    ("一半还多", "一半还多", "over", 50),
    ("约一半", "约一半", "about", 50),
    ("一半", "一半", None, 50),
    ("大半的时间", "大半", "over", 50),
])
def test_halves(text: str, surface: str, approx: str | None, resolution: int) -> None:
    assert check(text, surface, 50, "%", "percent", approx).resolution == resolution


def test_thirds_and_more_than_half() -> None:
    check("近三分之一", "近三分之一", pytest.approx(1 / 3), None, "fraction", "nearly")
    check("超过一半", "超过一半", (50, None), "%", "percent", "over")
    check("more than half", "more than half", (0.5, None), None, "fraction", "over")


@pytest.mark.parametrize("text", ["700W-versus-1400W", "700W vs 1400W", "700 W/1400 W",
                                  "700W-vs-1400W", "700W 对比 1400W", "700瓦对1400瓦"])
def test_both_sides_of_a_comparison(text: str) -> None:
    qs = extract(text)
    assert [(q.value, q.unit, q.kind) for q in qs] == [(700, "W", "dimension"),
                                                       (1400, "W", "dimension")]
    assert [text[q.start:q.end] for q in qs] == [q.surface for q in qs]
    assert qs[1].end == len(text)


@pytest.mark.parametrize(("text", "surface", "iso", "offset"), [
    ("今年6月发布", "今年6月", "--06", 0), ("去年10月上市", "去年10月", "--10", -1),
    ("明年 3月", "明年 3月", "--03", 1), ("6月起", "6月", "--06", None),
    ("三月开盘", "三月", "--03", None),
])
def test_month_dates(text: str, surface: str, iso: str, offset: int | None) -> None:
    q = check(text, surface, None, None, "date")
    assert (q.iso, q.year_offset) == (iso, offset)
    assert q.to_json().get("year_offset") == offset


def test_month_spans_and_counts_are_not_dates() -> None:
    assert find("1-6月营收", "1-6").value == (1, 6)
    assert find("历时九个月", "九个月").unit == "month"


@pytest.mark.parametrize(("text", "surface", "seconds"), [
    ("the video is 01:52 long", "01:52", 112), ("视频第 01:52 处", "01:52", 112),
    ("Intro\n01:52\nThe demo", "01:52", 112), ("clip runs 1:02:03", "1:02:03", 3723),
])
def test_clock_reading_in_media_is_a_duration(text: str, surface: str, seconds: int) -> None:
    assert check(text, surface, seconds, "s", "duration").resolution == 1


@pytest.mark.parametrize(("text", "surface", "iso"), [
    ("we met at 14:30 in Paris", "14:30", "14:30"), ("at 2:00 pm", "2:00 pm", "14:00"),
    ("会议下午2:30开始", "2:30", "14:30"), ("上午 09:05 开盘", "09:05", "09:05"),
])
def test_clock_reading_elsewhere_is_a_time_of_day(text: str, surface: str, iso: str) -> None:
    assert check(text, surface, None, None, "time").iso == iso
    assert len(extract(text)) == 1  # never two bare numbers


@pytest.mark.parametrize(("text", "surface", "approx"), [
    ("延迟约低 1.7 倍", "约低 1.7 倍", "about"), ("速度大约快3倍", "大约快3倍", "about"),
    ("接近高出 20%", "接近高出 20%", "nearly"),
    ("latency is about lower by 1.7x", "about lower by 1.7x", "about"),
    ("nearly higher by 20%", "nearly higher by 20%", "nearly"),
])
def test_approximation_word_before_a_comparative(text: str, surface: str,
                                                 approx: str) -> None:
    q = find(text, surface)
    assert q.approx == approx and q.unit in ("x", "%")


def test_batch_in_two_processes_matches_one() -> None:
    lines = "".join(json.dumps({"id": f"c{i}", "text": text}, ensure_ascii=False) + "\n"
                    for i, (text, *_rest) in enumerate(CASES * 8))
    lines += "not json\n"
    outputs = []
    for jobs in ("--jobs=1", "--jobs=2"):
        proc = subprocess.run([sys.executable, "-m", "verifier.quantities", "--jsonl", jobs],
                              input=lines, capture_output=True, text=True, cwd=ROOT)
        assert proc.returncode == 1  # the malformed line
        outputs.append(proc.stdout)
    assert outputs[0] == outputs[1]
    assert len(outputs[1].splitlines()) == len(CASES) * 8 + 1


def test_jobs_option_is_checked() -> None:
    proc = subprocess.run([sys.executable, "-m", "verifier.quantities", "--jsonl", "--jobs=0"],
                          input="", capture_output=True, text=True, cwd=ROOT)
    assert proc.returncode == 2 and "--jobs" in proc.stderr


@pytest.mark.parametrize("text, surface, value, unit", [
    ("rated at 1\u00a0400 W", "1\u00a0400 W", 1400, "W"),             # no-break space as thousands separator
    ("1\u202f234\u202f567 tokens", "1\u202f234\u202f567 tokens", 1234567, "tokens"),  # narrow no-break space
    ("额定 700\u00a0W", "700\u00a0W", 700, "W"),                       # no-break space before the unit
    ("约 8.54\u00a0万", "约 8.54\u00a0万", 85400, None),
])
def test_no_break_spaces_group_digits_and_join_units(text: str, surface: str, value: int, unit: str | None) -> None:
    q = find(text, surface)
    assert (q.value, q.unit, q.start, q.end) == (value, unit, text.index(surface), text.index(surface) + len(surface))


def test_a_plain_space_does_not_group_digits() -> None:
    # "1 400 W" with an ordinary space stays two numbers: the space may separate a count from a rating
    assert [q.surface for q in extract("1 400 W charger")] == ["1", "400 W"]


@pytest.mark.parametrize("text, surface, value", [
    ("price $48 000, and more", "$48 000", 48000),
    ("售价 48 000 美元，", "48 000 美元", 48000),
    ("1 040 kg", "1 040 kg", 1040),
])
def test_plain_space_groups_when_a_group_starts_with_zero(text: str, surface: str, value: int) -> None:
    # no one prints a standalone "000" or "040": such a group continues the number before it
    assert find(text, surface).value == value


@pytest.mark.parametrize(("text", "value"), [
    ("4.1 million visitors", 4100000),     # 4.1 * 1e6 is 4099999.9999999995 in binary floating point
    ("1.15 million", 1150000),
    ("0.3 billion", 300000000),
    ("2/3 of voters", 0.666666666666667),  # a fraction keeps the 15 digits a double holds of a decimal
    ("a dose of 0.000500050005005 g", 0.000500050005005),  # so does a long decimal (12 places would cut it)
    ("零点零零零五零零零五零零零五零零五", 0.000500050005005),
])
def test_a_scaled_value_prints_as_written(text, value):
    """A scale word's product has no binary noise in the record or the JSON report."""
    (q,) = extract(text)
    assert q.value == value and type(q.value) is type(value)
