"""V208 misattributed-base end to end: a share of another whole, a rate per another base.

Each case is a primary source and a coverage article written for this test (a city budget, a
poll, a hospital's infection rate, a city's doctors and births, a company's sales), in English
and Chinese, extracted with an empty lexicon and audited with V208 alone. A firing case asserts
the severity and phrases of the message; each quiet case is a firing case's twin that differs
only in what keeps it quiet (the same whole, another year, the same base).
"""

from __future__ import annotations

import pytest

from tests.builders import art, corpus, findings
from verifier.extract import extract_claims
from verifier.extract.lexicon import Lexicon

BUDGET = "In 2024 public safety takes 38.5% of the city's general fund budget."
POLL = "In the 2024 poll, 30% of rural voters backed the levy."
WARD = "The hospital's infection rate was 2.15 per 1,000 patient-days in 2024."
DOCTORS = "2023年全市每千人口拥有执业医师3.25人。"
SALES = "2024年，线上销售额占公司国内销售额的18.5%。"
BIRTHS = "2023年全市出生率为7.82‰。"


def audit(primary: str, coverage: str) -> list[tuple[str, str]]:
    """(severity, message) of each V208 finding on a primary source and one coverage article."""
    arts = [art("prim", primary + "\n", tier="primary"), art("cov", coverage + "\n")]
    claims = [c for a in arts for c in extract_claims(a, lexicon=Lexicon([]))]
    return [(f.severity.value, f.message) for f in findings(corpus(arts, claims), "V208")]


FIRES = {
    # name: (primary, coverage, severity, phrases)
    "en budget widened to every dollar": (
        BUDGET, "In 2024 public safety takes 38.5 cents of every budget dollar the city spends.",
        "warning", ["'38.5 cents' is given as a share of 'budget dollar the city spends' (all of it)",
                    "qualified 'general fund'", "a scope qualifier of the whole dropped", "Needs review: one side leaves"]),
    "en budget another part": (
        BUDGET.replace("general fund", "operating"), "In 2024 public safety takes 38.5% of the city's capital budget.",
        "error", ["qualified 'capital'", "qualified 'operating'", "another qualifier of the whole", "same year 2024"]),
    "en poll two digits": (
        POLL, "In the 2024 poll, 3 out of 10 urban voters backed the levy.",
        "warning", ["qualified 'urban'", "qualified 'rural'", "a figure of 1 significant digit may recur"]),
    "en hospital rate per another base": (
        WARD, "The hospital's infection rate was 2.15 per 1,000 patients in 2024.",
        "error", ["'2.15' is given per 1,000 patients", "per 1,000 patient-days", "misattributed (patients for patient days)"]),
    "zh doctors per another base": (
        DOCTORS, "2023年全市每千名患者拥有执业医师3.25人。",
        "error", ["per 1,000 患者", "per 1,000 人口", "(patients for population)"]),
    "zh sales widened": (
        SALES, "2024年，线上销售额占公司全部销售额的18.5%。",
        "warning", ["'公司全部销售额' (all of it)", "qualified '国内'", "dropped"]),
    "births per women against a crude rate": (
        BIRTHS, "In 2023 the city's birth rate was 7.82 births per 1,000 women.",
        "warning", ["per 1,000 women", "no base named: a crude rate is per 1,000 of the population", "(women for population)",
                    "in two languages"]),
}


@pytest.mark.parametrize("name", FIRES)
def test_another_whole_or_base_is_flagged(name):
    primary, coverage, severity, phrases = FIRES[name]
    got = audit(primary, coverage)
    assert len(got) == 1, got
    assert got[0][0] == severity, got
    for phrase in phrases:
        assert phrase in got[0][1], (phrase, got[0][1])


QUIET = {
    # name: (primary, coverage), each the twin of a firing case
    "same whole": (BUDGET, BUDGET),
    "another year": (BUDGET, "In 2023 public safety took 38.5 cents of every budget dollar the city spent."),
    "a shortened name is no wider whole": (BUDGET, "In 2024 public safety takes 38.5% of the city's budget."),
    "the primary gives both wholes": (
        BUDGET + " Public safety takes 38.5% of the city's total budget in 2024.",
        "In 2024 public safety takes 38.5 cents of every budget dollar the city spends."),
    "same rate base": (WARD, WARD),
    "rate of another year": (WARD, "In 2023, the hospital's infection rate was 2.15 per 1,000 patients."),
    "zh same base": (DOCTORS, DOCTORS),
    "zh rate of another year": (DOCTORS, "2022年全市每千名患者拥有执业医师3.25人。"),
    "zh share of another year": (SALES, "2023年，线上销售额占公司全部销售额的18.5%。"),
    "zh shortened whole": (SALES, "2024年，线上销售额占公司销售额的18.5%。"),
    "people is the crude rate's base": (BIRTHS, "In 2023 the city's birth rate was 7.82 per 1,000 people."),
    "per thousand is the crude rate's base": (BIRTHS, "In 2023 the city's birth rate was 7.82 per thousand."),
    "another value": (WARD, "The hospital's infection rate was 2.45 per 1,000 patients in 2024."),
}


@pytest.mark.parametrize("name", QUIET)
def test_the_same_whole_or_base_or_another_frame_is_not_flagged(name):
    primary, coverage = QUIET[name]
    assert audit(primary, coverage) == []


def test_extraction_records_the_base_on_the_claim_and_a_record_without_one_is_written_as_before():
    a = art("ward", WARD + "\n", tier="primary")
    claims = extract_claims(a, lexicon=Lexicon([]))
    rate = next(c for c in claims if c.anchor.quote == "2.15")
    assert rate.base is not None
    assert (rate.base.kind, rate.base.size, rate.base.noun) == ("rate", 1000.0, "patient-days")
    assert WARD[rate.base.start:rate.base.end].startswith("2.15 per 1,000 patient-days")
    dumped = rate.model_dump(mode="json")
    assert dumped["base"]["noun"] == "patient-days" and type(rate).model_validate(dumped) == rate
    size = next(c for c in claims if c.anchor.quote == "1,000")
    assert size.base is None and "base" not in size.model_dump(mode="json")


def test_a_base_a_reviewer_corrects_in_the_record_is_what_the_rule_reads():
    arts = [art("prim", WARD + "\n", tier="primary"), art("cov", WARD + "\n")]
    claims = [c for a in arts for c in extract_claims(a, lexicon=Lexicon([]))]
    fixed = [c.model_copy(update={"base": c.base.model_copy(update={"noun": "admissions"})})
             if c.source == "cov" and c.base is not None else c for c in claims]
    got = findings(corpus(arts, fixed), "V208")
    assert [f.rule for f in got] == ["V208"] and "per 1,000 admissions" in got[0].message
