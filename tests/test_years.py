"""Figures for a year: scope ``year``, and changes between years (verifier/extract/scope.py, changes.py)."""

from __future__ import annotations

import pytest

from tests.builders import art, codes_of, corpus, findings
from verifier.extract import extract_claims


def test_figures_for_two_years_are_two_facts_and_their_change_is_checked() -> None:
    body = "Shares of Helion rose. Helion shipped 18.5 GW of inverters in 2025, up from 12.4 GW in 2024, a {pct} increase."
    for pct, codes in (("49%", []), ("59%", ["V101"])):
        source = art("y1", body.format(pct=pct))
        claims = extract_claims(source)
        assert [(c.value.number, c.scope.get("year"), c.comparison and c.comparison.scope) for c in claims if c.metric != "date"] == [
            (18.5, "2025", None), (12.4, "2024", None), (float(pct[:-1]), "2025", {"year": "2024"})]
        assert codes_of(findings(corpus([source], claims), "V101", "V201")) == codes


@pytest.mark.parametrize("body, codes", [
    ("光伏企业Helion 2025年出货量为1850万千瓦，2024年为1240万千瓦，同比增长49%。", []),
    ("光伏企业Helion 2025年出货量为1850万千瓦，2024年为1240万千瓦，同比增长59%。", ["V101"]),
])
def test_chinese_years_and_year_on_year_growth(body: str, codes: list) -> None:
    source = art("y2", body)
    claims = extract_claims(source)
    assert [(c.subject, c.metric, c.scope.get("year")) for c in claims] == [
        ("Helion", "power_capacity", "2025"), ("Helion", "power_capacity", "2024"), ("Helion", "power_capacity", "2025")]
    assert codes_of(findings(corpus([source], claims), "V101", "V201")) == codes


def test_year_on_year_compares_with_the_year_before() -> None:
    claims = extract_claims(art("y3", "光伏企业Helion 2025年营收为50亿元，同比增长25%。"))
    assert [(c.comparison.relation, c.comparison.target, c.comparison.scope) for c in claims if c.comparison] == [
        ("increase", "Helion", {"year": "2024"})]


def test_a_year_is_no_part_of_a_name() -> None:
    claims = extract_claims(art("y4", "光伏企业Helion 2025年营收为50亿元。"))
    assert [c.subject for c in claims] == ["Helion"]


@pytest.mark.parametrize("pct, codes", [("15.6%", []), ("30%", ["V101"])])
def test_a_year_opening_the_sentence_holds_for_its_figures(pct: str, codes: list) -> None:
    source = art("y5", f"2025年，Stellar全网充电量达52亿千瓦时，较2024年的45亿千瓦时同比增长{pct}。")
    claims = extract_claims(source)
    assert [c.scope.get("year") for c in claims] == ["2025", "2024", "2025"]
    assert codes_of(findings(corpus([source], claims), "V101")) == codes


@pytest.mark.parametrize("ratio, codes", [("3", []), ("2.5", ["V101"])])
def test_times_the_base_of_an_earlier_year(ratio: str, codes: list) -> None:
    source = art("y6", f"Shares of Norrvik rose. Norrvik shipped 180,000 heat pumps in 2025, {ratio} times the 60,000 it shipped in 2023.")
    claims = extract_claims(source)
    assert [(c.value.number, c.scope.get("year"), c.comparison and c.comparison.scope) for c in claims] == [
        (180000, "2025", None), (float(ratio), "2025", {"year": "2023"}), (60000, "2023", None)]  # the years date no event
    assert codes_of(findings(corpus([source], claims), "V101")) == codes


@pytest.mark.parametrize("pct, codes", [("37%", []), ("48%", ["V101"])])
def test_a_year_as_modifier_and_a_year_on_year_base(pct: str, codes: list) -> None:
    source = art("y7", f"Shares of Skyvane rose. Skyvane's 2025 revenue was $71 million, up {pct} year on year from $52 million.")
    claims = extract_claims(source)
    assert [c.scope.get("year") for c in claims] == ["2025", "2025", "2024"]
    assert codes_of(findings(corpus([source], claims), "V101")) == codes


@pytest.mark.parametrize("ratio, codes", [("1.2", []), ("1.5", ["V101"])])
def test_a_ratio_of_revenues_across_paragraphs(ratio: str, codes: list) -> None:
    source = art("y8", "Shares of Skyvane rose. Skyvane revenue was $71 million. Aerodrop revenue was $58 million.\n\n"
                       f"Skyvane revenue was {ratio} times that of Aerodrop.")
    assert codes_of(findings(corpus([source], extract_claims(source)), "V101")) == codes


def test_the_company_and_two_years_win_over_an_implied_rival() -> None:
    body = ("Cement maker Graystone said its Kiln K4 emits 0.58 tonnes of CO2, down from 0.72 tonnes on the older "
            "Kiln K2, a {cut} reduction. The company produced 4.2 million tonnes of cement in 2025, up from 3.5 million "
            "tonnes in 2024, a {rise} increase.")
    for cut, rise, codes in (("19%", "20%", []), ("25%", "20%", ["V101"]), ("19%", "30%", ["V101"])):
        source = art("y9", body.format(cut=cut, rise=rise))
        claims = extract_claims(source)
        assert [(c.subject, c.metric) for c in claims] == [
            ("Kiln K4", "emissions"), ("Kiln K2", "emissions"), ("Kiln K4", "emissions"),
            ("Graystone", "mass"), ("Graystone", "mass"), ("Graystone", "mass")]
        assert codes_of(findings(corpus([source], claims), "V101")) == codes
