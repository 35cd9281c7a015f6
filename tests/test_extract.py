"""Claim extraction: constructions in both languages, the reference set, merge and CLI.

The articles are made up for the tests (fictional 'Zephyr X1', 'Orca 9', '星河Z1');
``tests/fixtures/extraction/labels.yaml`` holds their hand-labelled claims.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from verifier.errors import InputError
import yaml
from typer.testing import CliRunner

from tests.builders import art, codes_of, corpus, findings
from verifier.cli import app
from verifier.extract import extract_claims
from verifier.extract.lexicon_files import load_lexicon
from verifier.extract.merge import merge_file, merge_records
from verifier.extract.segment import segment
from verifier.ingest.articles import read_article
from verifier.models.source import ExternalSource

FIX = Path(__file__).parent / "fixtures" / "extraction"
LEXICON = load_lexicon(None, (str(FIX / "subjects.yaml"),))
"""The reference set's own lexicon (a corpus subjects.yaml), over the shipped general one."""
RECALL_FLOOR = 0.95
PRECISION_FLOOR = 0.94
"""Floors just under the measured level (0.986 / 0.971 at the time of writing; the miss: 'A GB 200' is
read as 1 GB); raise them as extraction improves."""


def by_quote(claims, quote):
    return next(c for c in claims if quote in c.anchor.quote or c.anchor.quote in quote and c.anchor.quote.strip())


def test_reference_set_recall_and_precision() -> None:
    labels = yaml.safe_load((FIX / "labels.yaml").read_text(encoding="utf-8"))
    props = {}
    for f in sorted(FIX.glob("*.md")):
        src = read_article(f)
        props[src.id] = extract_claims(src, lexicon=LEXICON)
    hit = 0
    for sid, quote, value, unit, subject, metric in labels:
        cands = [c for c in props[sid] if quote in src_body(sid) and (quote in c.anchor.quote or c.anchor.quote in quote)]
        hit += any(c.value.number == pytest.approx(value) and c.value.unit == unit and c.subject == subject
                   and c.metric == metric for c in cands)
    total = sum(len(v) for v in props.values())
    recall, precision = hit / len(labels), hit / total
    print(f"reference set: recall {recall:.3f}, precision {precision:.3f}")
    assert recall >= RECALL_FLOOR, recall
    assert precision >= PRECISION_FLOOR, precision


def src_body(sid: str) -> str:
    for f in FIX.glob("*.md"):
        src = read_article(f)
        if src.id == sid:
            return src.body
    raise KeyError(sid)


@pytest.mark.parametrize("body, expect", [
    ("Zephyr X1 and Orca 9 draw 700 W and 1200 W respectively.", {"700 W": "Zephyr X1", "1200 W": "Orca 9"}),
    ("Zephyr X1和Orca 9的功耗分别为650W和1100W。", {"650W": "Zephyr X1", "1100W": "Orca 9"}),
])
def test_distributive(body: str, expect: dict) -> None:
    claims = extract_claims(art("d1", body))
    assert {c.anchor.quote: c.subject for c in claims} == expect
    assert all(c.metric == "power" and c.scope["basis"] == "rated" for c in claims)


@pytest.mark.parametrize("body, quote, relation, metric", [
    ("The Zephyr X1 delivers 2.1 times more tokens per watt than the Orca 9.", "2.1 times", "ratio", "throughput_per_power"),
    ("The Zephyr X1 holds 1.6 times as much energy as the Orca 9.", "1.6 times", "ratio", "energy"),
    ("The Zephyr X1's energy is 1.6 times that of the Orca 9.", "1.6 times", "ratio", "energy"),
    ("The Zephyr X1 stores 1.6 times more energy than the Orca 9.", "1.6 times", "ratio", "energy"),
    ("Zephyr X1的储能是Orca 9的1.6倍。", "1.6倍", "ratio", "energy"),
    ("Zephyr X1的每瓦吞吐量是Orca 9的1.8倍。", "1.8倍", "ratio", "throughput_per_power"),
    ("Zephyr X1的端到端延迟比Orca 9低1.7倍。", "1.7倍", "inverse_ratio", "latency_e2e"),
    ("Zephyr X1和Orca 9逐一对比；Zephyr X1端到端延迟方面的优势更为醒目，达到 1.7 倍。", "1.7 倍", "inverse_ratio", "latency_e2e"),
])
def test_comparison(body: str, quote: str, relation: str, metric: str) -> None:
    c = by_quote(extract_claims(art("c1", body)), quote)
    assert (c.subject, c.metric, c.comparison.target, c.comparison.relation) == ("Zephyr X1", metric, "Orca 9", relation)


def test_unnamed_comparison_side_is_not_guessed() -> None:
    """'比<words that are no subject>快' names a target extraction cannot resolve: no guess, the
    figure is a claim nobody holds, with no comparison."""
    claims = extract_claims(art("c2", "Zephyr X1上，AI生成的代码比人类专家编写的代码快1.5倍。"))
    assert [(c.anchor.quote, c.subject, c.comparison) for c in claims] == [("1.5倍", None, None)]


def test_from_to_gives_rivals_the_first_figure() -> None:
    body = "Zephyr X1与Orca 9相比，端到端延迟由 3.30 秒降至 1.50 秒。"
    got = {c.anchor.quote: c.subject for c in extract_claims(art("r1", body))}
    assert got == {"3.30 秒": "Orca 9", "1.50 秒": "Zephyr X1"}
    alone = {c.anchor.quote: (c.subject, c.scope.get("period")) for c in extract_claims(art("r2", "Zephyr X1的功耗由 700W 降至 550W。"))}
    assert alone == {"700W": ("Zephyr X1", "before"), "550W": ("Zephyr X1", "after")}  # a change over time
    plain = extract_claims(art("r3", "Zephyr X1的功耗从 700W 到 550W。"))
    assert plain and all("period" not in c.scope for c in plain)  # no verb of change: no change over time


@pytest.mark.parametrize("body, before, after, pct", [
    ("Orca Labs cut the price of the Zephyr X1 from $4,000 to $3,000, a 25% reduction.", "$4,000", "$3,000", "25%"),
    ("Zephyr X1的售价由4000美元降至3000美元，降幅为25%。", "4000美元", "3000美元", "25%"),
])
def test_change_over_time_compares_the_subject_with_itself(body: str, before: str, after: str, pct: str) -> None:
    claims = extract_claims(art("ch", body))
    got = {c.anchor.quote: (c.subject, c.metric, c.scope.get("period")) for c in claims}
    assert got[before] == ("Zephyr X1", "price", "before") and got[after] == ("Zephyr X1", "price", "after")
    c = by_quote(claims, pct)
    assert (c.subject, c.metric, c.scope, c.comparison.model_dump()) == (
        "Zephyr X1", "price", {"period": "after"}, {"target": "Zephyr X1", "relation": "reduction", "scope": {"period": "before"}})


def test_a_range_is_no_change() -> None:
    claims = extract_claims(art("rg", "The Zephyr X1 sells for anywhere from $3,000 to $4,000."))
    assert [(c.value.low, c.value.high, c.scope) for c in claims] == [(3000, 4000, {})]


@pytest.mark.parametrize("body, quotes", [
    ("The Zephyr X2 stores 12 kWh. The X2 weighs 90 kg, and Zephyr says it draws 3 kW.", ["12 kWh", "90 kg", "3 kW"]),
    ("星河 Z1 的容量为12千瓦时。Z1重90公斤。", ["12千瓦时", "90公斤"]),
])
def test_short_forms_take_the_full_name(body: str, quotes: list) -> None:
    claims = extract_claims(art("sf", body))
    assert {by_quote(claims, q).subject for q in quotes} == {"Zephyr X2" if "Zephyr" in body else "星河 Z1"}


def test_short_form_of_two_names_is_ambiguous() -> None:
    body = "The Zephyr X2 stores 12 kWh and the Zephyr X3 stores 15 kWh. Zephyr gives both 3 kW of output."
    assert by_quote(extract_claims(art("sa", body)), "3 kW").subject == "Zephyr"


@pytest.mark.parametrize("body, expect", [
    ("The Zephyr X1 supplies 5 kW of continuous output; its charger input is 1.2 kW.",
     {"5 kW": {"basis": "rated", "part": "output", "workload": "continuous"}, "1.2 kW": {"basis": "rated", "part": "input"}}),
    ("Zephyr X1 runs for 2.7 hours on a charge and comes with a 10-year warranty.",
     {"2.7 hours": {"workload": "runtime"}, "10-year": {"workload": "warranty"}}),
    ("Zephyr X1质保10年，持续输出功率为5千瓦。", {"10年": {"workload": "warranty"},
                                      "5千瓦": {"basis": "measured", "part": "output", "workload": "continuous"}}),
])
def test_scope_from_the_noun_a_figure_qualifies(body: str, expect: dict) -> None:
    assert {c.anchor.quote: c.scope for c in extract_claims(art("sc", body))} == expect


def test_a_duration_of_nothing_named_has_no_holder() -> None:
    """'took 2.7 hours' names no activity: nothing tells it from the product's other periods."""
    assert [(c.anchor.quote, c.subject, c.metric) for c in extract_claims(art("dn", "Zephyr X1 took 2.7 hours."))] == [
        ("2.7 hours", None, "duration")]


@pytest.mark.parametrize("body, expect", [
    ("The Zephyr X1 weighs 120 kg, for an energy density of 110 Wh/kg.",
     [("120 kg", "mass", "120", "kg"), ("110 Wh/kg", "energy_density", "110", "Wh/kg")]),
    ("Zephyr X1容量为13.5千瓦时，重135公斤。", [("13.5千瓦时", "energy", "13.5", "kWh"), ("135公斤", "mass", "135", "kg")]),
])
def test_mass_energy_density_and_printed_number(body: str, expect: list) -> None:
    got = [(c.anchor.quote, c.metric, c.value.printed, c.value.unit) for c in extract_claims(art("ms", body))]
    assert got == expect


@pytest.mark.parametrize("body, quote", [
    ("与Orca 9的10千瓦时相比，Zephyr X1的容量多出3.5千瓦时。", "3.5千瓦时"),
    ("The Zephyr X1 costs $6,000 against $4,500 for the Orca 9, a difference of $1,500.", "$1,500"),
])
def test_difference_between_two_subjects(body: str, quote: str) -> None:
    claims = extract_claims(art("df", body))
    c = by_quote(claims, quote)
    assert c.kind == "difference" and {c.subject, c.comparison.target} == {"Zephyr X1", "Orca 9"}


def test_a_list_of_unnamed_percentages_is_held_by_nobody() -> None:
    """Three scopes the text does not name: no fact of the product's, each a figure of its sentence."""
    body = "The Zephyr X1's efficiency was 89%, 91% and 94% in its three modes."
    assert [(c.anchor.quote, c.subject) for c in extract_claims(art("pl", body)) if c.value.unit == "%"] == [
        ("89%", None), ("91%", None), ("94%", None)]


def test_difference_to_a_reference_point() -> None:
    claims = extract_claims(art("d2", "Zephyr X1面积约800平方毫米，距掩模版极限858平方毫米只差58平方毫米。"), lexicon=LEXICON)
    assert [(c.anchor.quote, c.subject, c.kind, c.comparison and (c.comparison.relation, c.comparison.target))
            for c in claims] == [
        ("约800平方毫米", "Zephyr X1", "spec", None),
        ("858平方毫米", "EUV reticle limit", "spec", None),  # the reference point's own figure, named by the lexicon
        ("58平方毫米", "Zephyr X1", "difference", ("difference", "EUV reticle limit"))]


def test_a_reference_point_the_lexicon_does_not_know_keeps_its_printed_name() -> None:
    claims = extract_claims(art("d3", "Zephyr X1面积约800平方毫米，距光刻极限858平方毫米只差58平方毫米。"))
    assert [(c.subject, c.comparison and c.comparison.target) for c in claims] == [
        ("Zephyr X1", None), ("光刻极限", None), ("Zephyr X1", "光刻极限")]


@pytest.mark.parametrize("body, quote, subject", [
    ("Zephyr X1将在2027年底以小规模部署，真正上量要等到2028年。", "2027年底", "Zephyr X1 initial deployment"),
    ("Zephyr X1将在2027年底以小规模部署，真正上量要等到2028年。", "2028年", "Zephyr X1 volume deployment"),
    ("8月25日，Zephyr X1公布了首批测试结果。", "8月25日", "Zephyr X1 results announcement"),
])
def test_dates_are_events(body: str, quote: str, subject: str) -> None:
    assert by_quote(extract_claims(art("e1", body)), quote).subject == subject


def test_dates_and_durations_without_an_event_have_no_holder() -> None:
    body = "8月25日，Hot Stuff大会开幕。短期来看（6-12个月），Zephyr X1的地位不会动摇。两天前，Zephyr X1刷屏了。"
    claims = extract_claims(art("e2", body))
    # an actor's event; a period of nothing named, held by nobody; '两天前' is a date counted back, no claim
    assert [(c.anchor.quote, c.subject) for c in claims] == [("8月25日", "Hot Stuff opening"), ("6-12个月", None)]


@pytest.mark.parametrize("body, expected", [
    ("Acme与Globex去年10月签下5GW定制电池大单，为后续合作铺平了道路。",
     [("去年10月", "Acme–Globex deal signing", "date"), ("5GW", "Acme–Globex deal", "power_capacity")]),
    ("Shares of Acme rose. Acme and Globex signed a 5 GW supply deal on May 2, 2025.",
     [("5 GW", "Acme–Globex deal", "power_capacity"), ("May 2, 2025", "Acme–Globex deal signing", "date")]),
    ("Shares of Acme rose. In May 2025, Acme signed a 5 GW supply deal with Globex.",
     [("May 2025", "Acme–Globex deal signing", "date"), ("5 GW", "Acme–Globex deal", "power_capacity")]),
    ("On March 3, the Solar Summit opened in Denver.", [("March 3", "Solar Summit opening", "date")]),
    ("Reuters reported on June 3 that Zephyr X1 sales fell.", [("June 3", "Reuters report", "date")]),
    ("财联社8月27日援引分析师观点报道，Zephyr X1销量下滑。", [("8月27日", "CLS report", "date")]),
])
def test_actor_events_take_the_actor_and_deal_figures_the_deal(body: str, expected: list) -> None:
    claims = extract_claims(art("e3", body))
    assert [(c.anchor.quote, c.subject, c.metric) for c in claims] == expected


def test_according_to_a_report_dates_no_report() -> None:
    claims = extract_claims(art("e4", "据新华社8月27日报道，Zephyr X1的功耗为700W。"))
    assert [(c.subject, c.metric) for c in claims] == [("Zephyr X1", "power")]


def test_a_date_ending_a_reference_item_is_the_titles_publication() -> None:
    body = ("## 参考\n\n- Acme：Zephyr X1 launch notes，2026 年 8 月 25 日。\n"
            "- Globex: Why Zephyr is slow, August 26, 2026.\n")
    claims = extract_claims(art("e5", body))
    assert [(c.subject, c.value.iso) for c in claims] == [
        ("Zephyr X1 launch notes publication", "2026-08-25"), ("Why Zephyr is slow publication", "2026-08-26")]


def test_duration_stage_and_industry_norm() -> None:
    claims = extract_claims(art("n1", "Zephyr X1从设计到流片用了11个月，而业内常见周期是20到30个月。"))
    assert [(c.subject, c.scope) for c in claims] == [("Zephyr X1", {"stage": "tape-out"}), ("industry", {"stage": "tape-out"})]


@pytest.mark.parametrize("body, parts", [
    ("Zephyr X1测试采用固定 8k 输入、1k 输出。", ["input", "output"]),
    ("Zephyr X1测试采用 8k/1k 序列。", ["input", "output"]),
])
def test_sequence_parts(body: str, parts: list) -> None:
    assert [c.scope.get("part") for c in extract_claims(art("q1", body))] == parts


def test_part_scope_and_baseline_target() -> None:
    claims = extract_claims(art("p1", "Zephyr X1的AI辅助设计让SIMD单元面积减少了8%，矩阵引擎面积减少了10%。"))
    assert [(c.scope.get("part"), c.comparison.target) for c in claims] == [("SIMD单元", "baseline"), ("矩阵引擎", "baseline")]


def test_pronoun_takes_the_last_named_subject() -> None:
    body = "Zephyr X1功耗为700W。Orca 9是下一关。它更难，其请求长度显著高于 8k。"
    assert by_quote(extract_claims(art("p2", body)), "8k").subject == "Orca 9"


def test_benchmark_names_are_not_subjects() -> None:
    body = "基于Zephyr Bench公开基准，Zephyr X1端到端延迟降低1.7倍，与Orca 9对比。"
    assert {c.subject for c in extract_claims(art("b1", body))} == {"Zephyr X1"}


def test_attribution_en_zh_and_trailing_platform() -> None:
    en = art("a1", "According to Weibo, Zephyr X1 draws 700 W.", cites=["weibo"])
    zh = art("a2", "据知乎，Zephyr X1功耗为700W。", cites=["zhihu"])
    tail = art("a3", "Zephyr X1功耗为700W。微博", cites=["weibo"])
    assert extract_claims(en)[0].attribution.origin == "weibo"
    assert extract_claims(zh)[0].attribution.origin == "zhihu"
    assert extract_claims(tail)[0].attribution.origin == "weibo"
    bare = extract_claims(art("a4", "Zephyr X1 draws 700 W."))[0].attribution
    assert bare.origin is None and bare.tier.value == "secondary"


def test_scope_from_table_row_and_heading() -> None:
    body = ("## Latency\n\n| Model | System | Latency |\n|---|---|---|\n| Nova 70B | Zephyr X1 vs Orca 9 | 1.2 s vs 2.4 s |\n")
    claims = extract_claims(art("t1", body))
    assert [(c.subject, c.metric, c.scope.get("model")) for c in claims] == [
        ("Zephyr X1", "latency_e2e", "Nova 70B"), ("Orca 9", "latency_e2e", "Nova 70B")]
    units = segment(body)
    assert units[0].kind == "heading" and units[-1].heading == "Latency" and units[-1].header[2] == "Latency"


def test_scope_from_paragraph_setting_zh() -> None:
    body = "以Nova 70B为例，Zephyr X1单用户生成速度约为420个token每秒，而Orca 9只有210个token每秒。"
    claims = extract_claims(art("z1", body))
    assert [(c.subject, c.value.number, c.scope) for c in claims] == [
        ("Zephyr X1", 420, {"model": "Nova 70B", "workload": "single user"}),
        ("Orca 9", 210, {"model": "Nova 70B", "workload": "single user"})]


@pytest.mark.parametrize("body", [
    "A H 200 system costs about $3.2 per hour.",
    "英伟达H200每小时成本约2.9美元。"])
def test_fuzzy_subject(body: str) -> None:
    claims = extract_claims(art("f1", body), lexicon=LEXICON)
    assert [(c.subject, c.metric) for c in claims] == [("H200", "cost_per_hour")]


@pytest.mark.parametrize("body, subject", [
    ("The Cobaltño accelerator draws 700 W.", "Cobaltño"),
    ("Kestrel Q7功耗为450W。", "Kestrel Q7"),
])
def test_subject_discovery(body: str, subject: str) -> None:
    assert extract_claims(art("s1", body))[0].subject == subject


def test_offsets_are_exact_and_ids_stable() -> None:
    src = read_article(FIX / "zh_launch.md")
    first, second = extract_claims(src), extract_claims(src)
    assert [c.id for c in first] == [c.id for c in second]
    for c in first:
        assert src.body[c.anchor.start:c.anchor.end] == c.anchor.quote
        assert c.status == "proposed" and c.id.startswith("zh1-x")


# merge ------------------------------------------------------------------------------------

HUMAN = """\
# reviewed by hand
- id: en1-x001
  source: en1
  anchor: {quote: 700 W, start: 0, end: 5, prefix: '', suffix: ''}
  subject: Zephyr X1  # corrected by a reviewer
  metric: power
  kind: spec
  value: {printed: '700', number: 700, unit: W, resolution: 1}
  scope: {basis: rated}
  attribution: {origin: null, said_by: null, tier: secondary}
  status: accepted
  note: checked against the vendor page
- id: en1-x009
  source: en1
  anchor: {quote: 9 W, start: 100, end: 103, prefix: '', suffix: ''}
  subject: Orca 9
  metric: power
  kind: spec
  value: {printed: '9', number: 9, unit: W, resolution: 1}
  attribution: {origin: null, said_by: null, tier: secondary}
  status: rejected
"""


def test_merge_keeps_human_work(tmp_path: Path) -> None:
    path = tmp_path / "claims" / "en1.yaml"
    path.parent.mkdir()
    path.write_text(HUMAN, encoding="utf-8")
    src = art("en1", "700 W for Zephyr X1; Orca 9 draws 1200 W.")
    before, added = merge_file(path, extract_claims(src))
    text = path.read_text(encoding="utf-8")
    assert text.startswith(HUMAN)  # every byte of the reviewed records is kept; proposals are appended
    recs = yaml.safe_load(text)
    assert recs[0]["status"] == "accepted" and recs[0]["note"] == "checked against the vendor page"
    assert recs[1]["status"] == "rejected"  # kept although extraction no longer proposes it
    assert (before, added) == (2, 1) and recs[2]["status"] == "proposed" and recs[2]["id"] not in ("en1-x001", "en1-x009")
    assert merge_file(path, extract_claims(src)) == (3, 0)  # a re-run adds nothing


def test_merge_writes_nothing_on_error(tmp_path: Path) -> None:
    path = tmp_path / "en1.yaml"
    path.write_text("- id: [unclosed\n", encoding="utf-8")
    with pytest.raises(InputError, match="invalid YAML"):
        merge_file(path, extract_claims(art("en1", "Zephyr X1 draws 700 W.")))
    assert path.read_text(encoding="utf-8") == "- id: [unclosed\n"
    assert [p.name for p in tmp_path.iterdir()] == ["en1.yaml"]


def test_merge_records_with_claims() -> None:
    claims = extract_claims(art("m1", "Zephyr X1 draws 700 W; Orca 9 draws 900 W."))
    merged = merge_records([claims[0]], claims)
    assert len(merged) == 2 and merged[0] is claims[0]


# CLI --------------------------------------------------------------------------------------

def _corpus(tmp_path: Path) -> Path:
    (tmp_path / "sources").mkdir()
    (tmp_path / "sources" / "zh1.md").write_text((FIX / "zh_launch.md").read_text(encoding="utf-8"), encoding="utf-8")
    return tmp_path


def test_cli_extract_dry_run_then_write(tmp_path: Path, monkeypatch) -> None:
    root = _corpus(tmp_path)
    monkeypatch.chdir(root)
    runner = CliRunner()
    dry = runner.invoke(app, ["extract", "sources", "--dry-run"])
    assert dry.exit_code == 0 and "would add" in dry.output and not (root / "claims").exists()
    out = runner.invoke(app, ["extract", "sources"])
    assert out.exit_code == 0 and (root / "claims" / "zh1.yaml").is_file()
    again = runner.invoke(app, ["extract", "sources"])
    assert "0 proposed claims added" in again.output
    assert runner.invoke(app, ["validate", "."]).exit_code == 0


def test_cli_audit_extracts_articles_without_records(tmp_path: Path, monkeypatch) -> None:
    root = _corpus(tmp_path)
    monkeypatch.chdir(root)
    out = CliRunner().invoke(app, ["audit", ".", "--format", "json"])
    assert out.exit_code == 0
    import json

    report = json.loads(out.output)
    assert report["claims"] and all(c["status"] == "proposed" for c in report["claims"])


def test_cli_audit_extract_ignores_records() -> None:
    out = CliRunner().invoke(app, ["audit", "--extract", "--format", "json"])
    import json

    report = json.loads(out.output)
    assert out.exit_code == 0 and all(c["status"] == "proposed" for c in report["claims"])


@pytest.mark.parametrize("lang, body", [
    ("en", "The Zephyr X0 is rated at 700 W while the Orca 9 draws 1200 W, or 0.58 of it."),
    ("zh", "Zephyr X0 的额定功耗为 700 瓦，Orca 9 为 1200 瓦，前者只有后者的 0.58。"),
])
def test_a_bare_share_after_figures_does_not_inherit_their_unit(lang: str, body: str) -> None:
    claims = extract_claims(art(lang + "1", body))
    assert [(c.value.printed, c.value.unit) for c in claims if c.metric == "power"] == [("700", "W"), ("1200", "W")]


# --- constructions from a made-up EV charger corpus ('Voltara Q5' vs 'Voltara Q4') ---------------

def _one(claims, quote):
    return next(c for c in claims if c.anchor.quote == quote)


def test_figure_for_a_named_product_belongs_to_it() -> None:
    claims = extract_claims(art("ev1", "The Voltara Q5 delivers 300 kW against 120 kW for the previous Voltara Q4."))
    assert _one(claims, "300 kW").subject == "Voltara Q5"
    assert _one(claims, "120 kW").subject == "Voltara Q4"


@pytest.mark.parametrize("body, quote", [
    ("The Voltara Q5 draws 30 W on standby, three times lower than the Voltara Q4.", "three times"),
    ("The Voltara Q5 draws 30 W on standby, 3 times less than the Voltara Q4.", "3 times"),
    ("Voltara Q5的待机功耗比Voltara Q4低3倍。", "3倍"),
])
def test_n_times_lower_is_an_inverse_ratio(body: str, quote: str) -> None:
    c = _one(extract_claims(art("ev2", body)), quote)
    assert c.comparison is not None and c.comparison.relation == "inverse_ratio"


@pytest.mark.parametrize("body, quote", [
    ("The Voltara Q5 has a standby draw of 30 W.", "30 W"),
    ("Voltara Q5的待机功耗为30瓦。", "30瓦"),
    ("The Voltara Q5 idles at 30 W.", "30 W"),
])
def test_standby_power_has_its_own_workload(body: str, quote: str) -> None:
    assert _one(extract_claims(art("ev3", body)), quote).scope.get("workload") == "standby"


@pytest.mark.parametrize("body, subject, target", [
    ("The list price fell from $50,000 for the Voltara Q4 to $40,000 for the Voltara Q5, a 20% cut.", "Voltara Q5", "Voltara Q4"),
    ("Voltara Q5售价4万美元，比Voltara Q4的5万美元降了20%。", "Voltara Q5", "Voltara Q4"),
])
def test_a_change_between_two_products(body: str, subject: str, target: str) -> None:
    c = next(c for c in extract_claims(art("ev4", body)) if c.value.unit == "%")
    assert (c.subject, c.comparison.target, c.comparison.relation) == (subject, target, "reduction")


def test_counts_with_classifiers_need_a_named_owner() -> None:
    reg = {"zapco": ExternalSource(id="zapco", name="Zapco Energy (company statements)", kind="vendor", tier="primary")}
    c = _one(extract_claims(art("ev5", "去年Zapco共出货1.2万台充电桩。"), reg), "1.2万")
    assert (c.subject, c.metric, c.value.unit) == ("Zapco Energy", "count", "chargers")
    # the sentence names no owner: the product of the sentence before is no holder of a count of chargers
    assert [c.subject for c in extract_claims(art("ev6", "The Voltara Q5 is new. Last year 1.2万台充电桩 were sold."))
            if "1.2万" in c.anchor.quote] == [None]


def test_a_registered_company_is_no_comparison_target_and_is_the_origin() -> None:
    reg = {"zapco": ExternalSource(id="zapco", name="Zapco Energy (company statements)", kind="vendor", tier="primary")}
    body = ("Zapco Energy unveiled the Voltara Q5. The company said the Q5 delivers 300 kW against 120 kW "
            "for the previous Voltara Q4, 2.5 times as much power.")
    claims = extract_claims(art("ev7", body, cites=["zapco"]), reg)
    ratio = _one(claims, "2.5 times")
    assert ratio.comparison.target == "Voltara Q4"
    assert ratio.attribution.origin == "zapco" and ratio.attribution.tier.value == "primary"
    zh = extract_claims(art("ev8", "据Zapco介绍，Voltara Q5的峰值功率为300千瓦。", cites=["zapco"]), reg)
    assert _one(zh, "300千瓦").attribution.origin == "zapco"


def test_an_unregistered_company_is_named_in_said_by() -> None:
    c = _one(extract_claims(art("ev9", "The Voltara Q5 weighs 300 kg, Microsoft said."), lexicon=LEXICON), "300 kg")
    assert c.attribution.origin is None and c.attribution.said_by == "Microsoft" and c.attribution.tier.value == "primary"


@pytest.mark.parametrize("body, speaker", [
    ("The Voltara Q5 weighs 300 kg, Microsoft said.", "Microsoft"),
    ("According to Harbor Transit, the Lakeview line carried 41.2 million riders in 2023.", "Harbor Transit"),
])
def test_a_name_no_lexicon_knows_is_named_in_said_by_at_the_articles_tier(body: str, speaker: str) -> None:
    """With no lexicon entry, the speaker is still recorded (said_by), but its kind is unknown, so
    the figure keeps the article's own tier instead of a company's primary one."""
    [c] = [c for c in extract_claims(art("ev11", body)) if c.value.number in (300, 41_200_000)]
    assert (c.attribution.origin, c.attribution.said_by, c.attribution.tier.value) == (None, speaker, "secondary")


@pytest.mark.parametrize("body, quote, workload", [
    ("An SUV charges to 80% in 20 minutes on the Voltara Q5, compared with 35 minutes on the Voltara Q4.", "35 minutes", "charging"),
    ("在Voltara Q5上，一辆SUV从10%充到80%只需20分钟。", "20分钟", "charging"),
])
def test_plain_charging_durations_are_proposed(body: str, quote: str, workload: str) -> None:
    assert _one(extract_claims(art("ev10", body)), quote).scope.get("workload") == workload


@pytest.mark.parametrize("body, quote", [
    ("An SUV charges in 20 minutes on the Voltara Q5 and in 35 minutes on the Voltara Q4, which makes it 15 minutes faster.", "15 minutes"),
    ("Voltara Q5充到80%用了20分钟，Voltara Q4需要35分钟，Voltara Q5比Voltara Q4快了15分钟。", "15分钟"),
])
def test_minutes_faster_is_a_difference(body: str, quote: str) -> None:
    c = _one(extract_claims(art("ev11", body)), quote)
    assert c.comparison is not None and c.comparison.relation == "difference" and c.scope.get("workload") == "charging"
    assert {c.subject, c.comparison.target} == {"Voltara Q5", "Voltara Q4"}


def test_drawn_and_delivered_power_are_different_sides_and_of_phrase_owners() -> None:
    body = ("The Zephyr X1 heat pump delivers 12 kW of heating while drawing 3 kW, "
            "against 9 kW of heating for the older Orca 9.")
    got = [(c.value.printed, c.subject, c.scope.get("part")) for c in extract_claims(art("en1", body)) if c.metric == "power"]
    assert got == [("12", "Zephyr X1", "output"), ("3", "Zephyr X1", "input"), ("9", "Orca 9", "output")]


@pytest.mark.parametrize("stated, codes", [("58", []), ("68", ["V102"])])
def test_an_extracted_difference_to_a_reference_point_is_checked(stated: str, codes: list) -> None:
    source = art("d4", f"Zephyr X1面积为800平方毫米，距光刻极限858平方毫米只差{stated}平方毫米。")
    assert codes_of(findings(corpus([source], extract_claims(source)), "V102")) == codes


def test_a_pronoun_clause_takes_the_paragraphs_camel_case_name() -> None:
    body = "RoadX 是更严格的下一关。它重放长会话。其请求长度显著高于 8k，还会在一小时分析窗口中持续施压。"
    claims = extract_claims(art("p2", body))
    assert [(c.anchor.quote, c.subject, c.metric, c.approx, c.scope) for c in claims] == [
        ("高于 8k", "RoadX", "sequence_length", "over", {"part": "input"}),
        ("一小时", "RoadX", "duration", None, {"part": "分析窗口"})]


def test_a_bound_is_no_restatement_for_a_later_bare_figure() -> None:
    body = ("Zephyr X1 的测试采用 8k/1k 序列。RoadX 是更严格的下一关，其请求长度高于 8k。"
            "这些模式会施压调度，固定 8k/1k 请求无法覆盖它们。")
    assert [(c.anchor.quote, c.subject) for c in extract_claims(art("p3", body))] == [
        ("8k", "Zephyr X1"), ("1k", "Zephyr X1"), ("高于 8k", "RoadX"), ("8k", "Zephyr X1"), ("1k", "Zephyr X1")]


def test_a_market_named_in_the_clause_owns_its_count_of_segments() -> None:
    body = "长期来看，AI芯片市场将分化为训练和推理两个相对独立的赛道，Zephyr X1配6颗HBM4。"
    claims = extract_claims(art("m1", body), lexicon=LEXICON)
    assert [(c.subject, c.value.number, c.value.unit) for c in claims] == [
        ("AI chip market", 2, "tracks"), ("Zephyr X1", 6, "stacks")]


@pytest.mark.parametrize("cut, codes", [("近四分之三", []), ("近90%", ["V101"])])
def test_a_wait_after_a_speed_comparison_is_the_speeds_inverse(cut: str, codes: list) -> None:
    source = art("w1", "跑同一模型时，Zephyr X1单用户生成速度约700 token每秒，而Helio H2只有约169个token每秒，"
                       f"换算下来是后者的4.1倍，用户等待时间缩短了{cut}。")
    claims = extract_claims(source)
    assert [(c.metric, c.comparison.relation, c.comparison.target) for c in claims[-1:]] == [
        ("inter_token_latency", "reduction", "Helio H2")]
    assert codes_of(findings(corpus([source], claims))) == codes


def test_a_verb_before_a_code_in_the_title_is_no_part_of_its_name() -> None:
    body = "Aquaflow 发布 HX-7 热泵\n\n据Aquaflow介绍，HX-7 热泵制热功率为 12 千瓦，重量为 95 公斤。"
    claims = extract_claims(art("v1", body))
    assert [(c.subject, c.metric, c.value.number) for c in claims] == [("HX-7", "power", 12), ("HX-7", "mass", 95)]


@pytest.mark.parametrize("body", [
    "据Aquaflow介绍，HX-7 热泵重量为 95 公斤。",
    "According to Aquaflow, the HX-7 heat pump weighs 95 kg.",
])
def test_who_says_a_figure_does_not_own_it(body: str) -> None:
    assert [c.subject for c in extract_claims(art("v2", body))] == ["HX-7"]


@pytest.mark.parametrize("ratio, codes", [("1.33", []), ("1.8", ["V101"])])
def test_a_multiplier_takes_the_side_the_paragraph_gave_its_target(ratio: str, codes: list) -> None:
    source = art("h1", "The HX-7 heat pump delivers 12 kW of heating while drawing 3 kW, against 9 kW of heating "
                       f"for the older HX-5. That makes the HX-7 {ratio} times as powerful as the HX-5.")
    claims = extract_claims(source)
    assert [(c.scope.get("part"), c.comparison.target) for c in claims if c.comparison] == [("output", "HX-5")]
    assert codes_of(findings(corpus([source], claims), "V101")) == codes


def test_a_clause_set_after_a_name_gives_the_figure_to_that_name() -> None:
    body = ("Shares of Voltara rose. The E12 joins a family that already includes the articulated E18, rated for "
            "300 kW, and the E9 midibus, rated for 240 kW.")
    assert [(c.subject, c.value.number) for c in extract_claims(art("ap", body))] == [("E18", 300), ("E9", 240)]


def test_extraction_runs_with_an_empty_lexicon() -> None:
    from verifier.extract.lexicon import Lexicon

    source = art("el", "Harbor Transit carried 41.2 million riders in 2023, up 12% from 36.8 million in 2022.")
    assert Lexicon([]).find(source.body) == []
    claims = extract_claims(source, lexicon=Lexicon([]))
    assert [(c.subject, c.value.number) for c in claims][:1] == [("Harbor Transit", 41_200_000)]
