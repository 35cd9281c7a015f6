"""Parts of a whole (verifier/extract/portions.py): counts and shares after 其中 / 'of those'."""

from __future__ import annotations

import pytest

from tests.builders import art, codes_of, corpus, findings
from verifier.extract import extract_claims
from verifier.extract.portions import part_name


@pytest.mark.parametrize("between, after, name", [
    ("", " were fast chargers, only 8% of the total", "fast chargers"),
    ("快充桩 ", " 台，仅占 8%", "快充桩"),
    (" ", " 台为快充桩。", "快充桩"),
    ("", " fast chargers, only 8%", "fast chargers"),
    ("", " of them, only 8%", None),
    ("", " goes to pipe renewal and $0.9 billion to treatment plants.", "pipe renewal"),
    (" $1.2 billion goes to pipe renewal and ", " to treatment plants.", "treatment plants"),
    (" $1.2 billion goes to pipe renewal, ", " to treatment plants and $0.3 billion to ferries.", "treatment plants"),
    ("", " to 2025, up 3%", None),
    ("", "用于管网改造，9亿元用于水厂。", "管网改造"),
    ("12亿元用于管网改造，", "用于水厂。", "水厂"),
])
def test_part_name(between: str, after: str, name: str | None) -> None:
    assert part_name(between, after) == name


@pytest.mark.parametrize("body", [
    "Shares of Voltline rose. Voltline installed 12,000 chargers last year. Of those, 1,500 were fast chargers, only {pct} of the total.",
    "Voltline 去年共安装 12,000 台充电桩，其中快充桩 1,500 台，仅占 {pct}。",
])
@pytest.mark.parametrize("pct, codes", [("12.5%", []), ("8%", ["V101"])])
def test_a_share_of_a_whole_is_recomputed_from_the_part_and_the_whole(body: str, pct: str, codes: list) -> None:
    source = art("sh", body.format(pct=pct))
    claims = extract_claims(source)
    assert [(c.subject, c.metric, c.value.number, c.value.unit, c.scope.get("part") is not None,
             c.comparison and (c.comparison.relation, c.comparison.target, c.comparison.scope)) for c in claims] == [
        ("Voltline", "count", 12000, "chargers", False, None),
        ("Voltline", "count", 1500, "chargers", True, None),
        ("Voltline", "count", float(pct.rstrip("%")), "%", True, ("share", "Voltline", {"part": ""}))]
    assert codes_of(findings(corpus([source], claims))) == codes


def test_a_share_of_money_names_its_part() -> None:
    claims = extract_claims(art("rv", "Voltline 去年营收 50 亿元，其中海外收入 20 亿元，占 40%。"))
    assert [(c.value.number, c.scope) for c in claims] == [
        (5e9, {}), (2e9, {"part": "海外收入"}), (40, {"part": "海外收入"})]


def test_a_clause_that_names_its_own_subject_is_no_part() -> None:
    claims = extract_claims(art("np", "Zephyr X1 有三款型号，其中，Zephyr X1 Pro 功耗为 700W。"))
    assert [(c.subject, c.scope.get("part")) for c in claims if c.subject] == [("Zephyr X1 Pro", None)]


def test_a_plural_noun_after_a_bare_number_is_what_it_counts() -> None:
    claims = extract_claims(art("pc", "Shares of Voltline rose. Voltline sold 40,000 scooters and 3 times more bikes."))
    assert [(c.value.number, c.value.unit) for c in claims if c.metric == "count"] == [(40000, "scooters")]


@pytest.mark.parametrize("body, codes", [
    # two figures of one subject and metric, not set side by side: two facts, not one restated
    ("Shares of Voltline rose. The Voltline E5 draws 2 W on standby and is rated at 320 kW.", []),
    ("The Voltline E5 charger is rated at 150 kW, or 15,000 watts.", ["V104"]),
    ("The Voltline E5 charger is rated at 150 kW, or 150,000 watts.", []),
])
def test_extracted_figures_are_restatements_only_side_by_side(body: str, codes: list) -> None:
    source = art("ap", body)
    assert codes_of(findings(corpus([source], extract_claims(source)), "V104")) == codes


def test_a_comparison_is_recomputed_from_the_figures_it_follows() -> None:
    body = ("星河X7首发当日销量达到12.6万台，而澜图P60首发当日的销量为8.4万台，星河X7的首日销量是后者的1.5倍。"
            "公司为星河X7定下的全年出货目标为1200万台。")
    source = art("nr", body)
    assert codes_of(findings(corpus([source], extract_claims(source)), "V101")) == []


@pytest.mark.parametrize("body, pct, relation, target", [
    ("星河X7起售价为4999元，较上代星河X6的4599元上涨了百分之十二。", "百分之十二", "increase", "星河X6"),
    ("星河X7起售价为4999元，比星河X6的4599元上涨了12%。", "12%", "increase", "星河X6"),
    ("The X7 costs $4,999, 12% more than the X6 at $4,599.", "12%", "increase", "X6"),
    ("The X7 costs $4,999, up 12% from the X6's $4,599.", "12%", "increase", "X6"),
    ("The X7 costs $4,999, 9% cheaper than the X6 at $5,499.", "9%", "reduction", "X6"),
])
def test_percentage_changes_name_their_direction_and_target(body: str, pct: str, relation: str, target: str) -> None:
    claims = extract_claims(art("pc", body))
    hit = [c for c in claims if c.anchor.quote == pct]
    assert [(c.comparison.relation, c.comparison.target) for c in hit] == [(relation, target)]
    assert {c.subject for c in claims} == {target, "X7" if "X7" in body and "星河" not in body else "星河X7"}


def test_a_wrong_percentage_increase_is_flagged() -> None:
    source = art("pi", "星河X7起售价为4999元，较上代星河X6的4599元上涨了百分之十二。")
    assert codes_of(findings(corpus([source], extract_claims(source)), "V101")) == ["V101"]


def test_a_bound_count_names_what_it_counts() -> None:
    claims = extract_claims(art("bc", "Shares of Voltara rose. The Voltara E12 can seat or stand up to 90 passengers."))
    assert [(c.value.number, c.value.unit, c.approx) for c in claims] == [(90, "passengers", "at_most")]


@pytest.mark.parametrize("body, codes", [
    ("赫利昂的HP-150K和HP-320K额定功率分别为150kW和320kW。目前，赫利昂组串式逆变器的功率覆盖150kW至{high}kW。", None),
    ("Shares of Helion rose. The HP-150K is rated at 150 kW and the HP-320K at 320 kW, against 300 kW for the CE-300K. "
     "Across the lineup, ratings span 150 to {high} kW.", None),
])
@pytest.mark.parametrize("high, expected", [("320", []), ("300", ["V105"])])
def test_a_range_over_a_product_family_spans_its_members(body: str, codes, high: str, expected: list) -> None:
    source = art("fm", body.format(high=high))
    claims = extract_claims(source)
    assert [c.subject for c in claims if c.value.low is not None] == ["HP-150K|HP-320K"]  # the rival CE-300K is no member
    assert codes_of(findings(corpus([source], claims), "V105")) == expected


def test_a_standby_figure_is_no_member_of_a_rated_range() -> None:
    source = art("fs", "赫利昂的HP-150K和HP-320K额定功率分别为150kW和320kW，HP-320K待机功耗仅2W。"
                       "目前，赫利昂组串式逆变器的功率覆盖150kW至320kW。")
    assert codes_of(findings(corpus([source], extract_claims(source)), "V105")) == []


@pytest.mark.parametrize("pct, codes", [("40%", []), ("45%", ["V101"])])
def test_a_part_named_before_accounted_for_and_its_share_of_the_total(pct: str, codes: list) -> None:
    source = art("ac", "Shares of Helion rose. Helion shipped 18.5 GW of inverters in 2025. "
                       f"Overseas markets accounted for 7.4 GW, or {pct} of the total.")
    claims = extract_claims(source)
    assert [(c.value.number, c.scope.get("part"), c.comparison and c.comparison.relation) for c in claims if c.metric != "date"] == [
        (18.5, None, None), (7.4, "Overseas markets", None), (float(pct[:-1]), "Overseas markets", "share")]
    assert codes_of(findings(corpus([source], claims), "V101")) == codes


def test_each_part_after_其中_names_itself_and_the_whole_is_the_latest_year() -> None:
    claims = extract_claims(art("zp", "手机厂商Helion 2025年出货1850万台，较2024年的1240万台增长约49%。"
                                      "其中海外出货740万台，国内出货1110万台。"))
    assert [(c.value.number, c.scope.get("part"), c.scope.get("year")) for c in claims if "part" in c.scope] == [
        (7.4e6, "海外出货", "2025"), (1.11e7, "国内出货", "2025")]


@pytest.mark.parametrize("gap, codes", [("900", []), ("1,100", ["V102"])])
def test_undercutting_by_is_a_difference(gap: str, codes: list) -> None:
    source = art("uc", f"Shares of Helion rose. The HP-320K is listed at $8,900, undercutting the CE-300K's $9,800 by ${gap}.")
    claims = extract_claims(source)
    assert [c.comparison.relation for c in claims if c.comparison] == ["difference"]
    assert codes_of(findings(corpus([source], claims), "V102", "V201")) == codes


def test_who_quotes_a_product_figure_does_not_own_it() -> None:
    claims = extract_claims(art("qt", "Shares of Helion rose. On paper the HP-320K leads its class. Helion quotes a weight of 116 kg."))
    assert [(c.subject, c.value.number) for c in claims] == [("HP-320K", 116)]


@pytest.mark.parametrize("pct, codes", [("约百分之十七", []), ("约百分之二十", ["V101"])])
def test_a_whole_then_中_opens_its_parts(pct: str, codes: list) -> None:
    source = art("zz", f"星河X7首发当日销量达到12.6万台。在首批售出的12.6万台中，约2.1万台为1TB存储版本，占比{pct}。")
    claims = extract_claims(source)
    assert [(c.value.number, c.scope.get("part")) for c in claims if "part" in c.scope] == [
        (21000, "1TB存储版本"), (float(17 if "十七" in pct else 20), "1TB存储版本")]
    assert codes_of(findings(corpus([source], claims), "V101")) == codes


@pytest.mark.parametrize("restated, codes", [("约11.1GW", []), ("约111GW", ["V104"])])
def test_a_restatement_in_other_units_takes_the_figures_scope(restated: str, codes: list) -> None:
    source = art("rs", f"光伏企业Helion 2025年出货1850万千瓦。其中海外出货740万千瓦，国内出货1110万千瓦（{restated}）。")
    claims = extract_claims(source)
    assert claims[-1].scope == claims[-2].scope == {"year": "2025", "part": "国内出货"}
    assert codes_of(findings(corpus([source], claims), "V104")) == codes


def test_a_range_figure_compared_in_its_sentence_is_a_range_too() -> None:
    claims = extract_claims(art("rg", "Shares of Voltara rose. Voltara says the E12 travels 350 km on a single charge, "
                                      "30% farther than the Kestrel K12's 280 km."))
    assert [(c.subject, c.metric) for c in claims] == [("E12", "range"), ("E12", "range"), ("Kestrel K12", "range")]


@pytest.mark.parametrize("body", [
    "Shares of Helion rose. On paper the HP-320K leads its class. Helion quotes a conversion efficiency of 99.1%.",
    "HP-320K最高转换效率为99.1%。",
])
def test_a_percentage_metric_is_a_measurement_not_a_share(body: str) -> None:
    claims = extract_claims(art("ef", body))
    assert [(c.subject, c.metric, c.value.number, c.comparison) for c in claims] == [("HP-320K", "efficiency", 99.1, None)]


def test_a_base_figure_in_a_capacity_sentence_is_a_capacity() -> None:
    claims = extract_claims(art("cp", "光伏企业Helion 2025年出货1850万千瓦，较2024年的1240万千瓦增长约49%。"))
    assert [c.metric for c in claims] == ["power_capacity"] * 3


@pytest.mark.parametrize("pct, codes", [("17%", []), ("20%", ["V101"])])
def test_a_change_with_words_and_figures_between_its_sides(pct: str, codes: list) -> None:
    source = art("ch", "Shares of Harrowgate rose. Emissions from the Harrowgate fleet will fall from 21,000 tonnes of CO2 "
                       f"a year to 17,500 tonnes once the first 40 electric buses are running, a {pct} cut.")
    claims = extract_claims(source)
    assert [(c.metric, c.scope.get("period")) for c in claims if c.metric == "emissions"] == [
        ("emissions", "before"), ("emissions", "after"), ("emissions", "after")]
    assert codes_of(findings(corpus([source], claims), "V101")) == codes


def test_a_chemical_formula_is_no_product() -> None:
    claims = extract_claims(art("cf", "Shares of Harrowgate rose. CO2 output at Harrowgate was 21,000 tonnes."))
    assert {c.subject for c in claims} == {"Harrowgate"}


@pytest.mark.parametrize("body, codes", [
    ("Shares of Norrvik rose. The HX9 costs €6,900. The Aero 12 costs €8,600, €1,700 more than the HX9.", []),
    ("Shares of Norrvik rose. The HX9 costs €6,900. The Aero 12 costs €8,600, €1,900 more than the HX9.", ["V102"]),
    ("航天企业Astra 2025年营收为38亿元（合3.8亿美元）。", []),
    ("航天企业Astra 2025年营收为38亿元（合3800万元）。", ["V104"]),
])
def test_a_bare_comma_is_no_restatement_and_a_bracketed_合_is(body: str, codes: list) -> None:
    source = art("rs2", body)
    assert codes_of(findings(corpus([source], extract_claims(source)), "V102", "V104")) == codes
