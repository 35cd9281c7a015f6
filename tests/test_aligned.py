"""Alignment across articles end to end (rules V203 differs-from-primary, V204 misattributed-figure)
and the alignment stage under them (:mod:`verifier.align`).

Each case is a primary source (front matter ``tier: primary``) and a coverage article, both
written for this test in domains the shipped corpus does not cover (budgets, health, jobs,
energy, transport, farming, sport), in English and Chinese. They are extracted with an empty
lexicon, as the rules' docstring examples are (tests/test_rule_examples.py), and audited with
V203 and V204 alone. A firing case asserts the rule, the severity and a phrase of the message
(the slip it names, or why it is only a warning); a quiet case asserts no finding at all, and
each quiet case has a firing twin that differs only in what keeps the quiet one quiet, so a
quiet case cannot pass because nothing was extracted.

Constructions that do not work yet are marked ``xfail(strict=True)`` with the cause found.
"""

from __future__ import annotations

from typing import Final

import pytest

from tests.builders import art, corpus, findings
from verifier.align.frames import Frame, frame_of
from verifier.align.pairs import align
from verifier.align.things import CJK, PART, UNJUDGED, opposite, similarity, thing_of
from verifier.extract import extract_claims
from verifier.extract.lexicon import Lexicon

Found = tuple[str, str, str]
"""(rule code, severity, message) of a finding."""


def audit(primary: str, *coverage: str) -> list[Found]:
    """V203 and V204 findings on a primary source ``primary`` and coverage articles ``coverage``."""
    arts = [art("prim", primary + "\n", tier="primary")] + [art(f"cov{i}", t + "\n") for i, t in enumerate(coverage)]
    claims = [c for a in arts for c in extract_claims(a, lexicon=Lexicon([]))]
    return [(f.rule, f.severity.value, f.message) for f in findings(corpus(arts, claims), "V203", "V204")]


def one(primary: str, *coverage: str) -> Found:
    """The only finding on the corpus (fails when there are none or several)."""
    got = audit(primary, *coverage)
    assert len(got) == 1, got
    return got[0]


# --- V203: a different value for the same thing and year ----------------------------------------

FIRES = {
    # name: (primary, coverage, severity, phrases the message must contain)
    "en other value": (
        "The city's 2024 general fund budget is $969.5 million.",
        "The city's 2024 general fund budget is $1.03 billion.",
        "error", ["'$1.03 billion' differs from the primary source prim", "'$969.5 million'", "same year 2024"]),
    "zh other value": (
        "2023年全市一般公共预算收入为1234.5亿元。",
        "2023年全市一般公共预算收入为1300.2亿元。",
        "error", ["'1300.2亿元' differs from the primary source prim", "'1234.5亿元'", "same year 2023"]),
    "en holder and year": (
        "In 2023 Ohio's population was 11.8 million.",
        "In 2023 Ohio's population was 12.4 million.",
        "error", ["'12.4 million'", "same holder 'Ohio'", "same year 2023"]),
    "zh holder and year": (
        "2023年江苏省常住人口为8526万人。",
        "2023年江苏省常住人口为8650万人。",
        "error", ["'8650万'", "same holder '江苏省'", "same year 2023"]),
    # holders one letter apart may be two towns: a reading to review, not an error
    "en holders spelt apart": (
        "In 2023 Norlingwood's population was 11.8 million.",
        "In 2023 Lorlingwood's population was 12.4 million.",
        "warning", ["holders alike 'Lorlingwood' ~ 'Norlingwood'", "spelt differently ('Lorlingwood', 'Norlingwood') and may be two"]),
    # the slips, each named
    "zh 万 for 亿": (
        "2023年全市一般公共预算收入为1234.5亿元。",
        "2023年全市一般公共预算收入为1234.5万元。",
        "error", ["a scale slip: 10,000 times too small", "万 and 亿"]),
    "en billion for million": (
        "The city's 2024 general fund budget is $969.5 million.",
        "The city's 2024 general fund budget is $969.5 billion.",
        "error", ["a scale slip: 1,000 times too large", "million and billion"]),
    "en percent for points": (
        "The jobless rate fell by 0.4 percentage points in 2023.",
        "The jobless rate fell by 0.4% in 2023.",
        "error", ["% written for pp", "percent and percentage points are different things"]),
    "zh percent for points": (
        "2023年全市城镇调查失业率比上年下降0.4个百分点。",
        "2023年全市城镇调查失业率比上年下降0.4%。",
        "error", ["% written for pp", "percent and percentage points"]),
    "en range narrowed": (
        "In 2025 the ferry fleet will need 20 to 50 new crew members.",
        "In 2025 the ferry fleet will need 20 to 25 new crew members.",
        "error", ["'20 to 25'", "the primary's range 20–50 narrowed"]),
    "en range widened": (
        "In 2025 the ferry fleet will need 20 to 25 new crew members.",
        "In 2025 the ferry fleet will need 20 to 50 new crew members.",
        "error", ["the primary's range 20–25 widened"]),
    "zh range narrowed": (
        "2024年该县小麦亩产为20至50公斤。",
        "2024年该县小麦亩产为20至25公斤。",
        "error", ["'20至25公斤'", "the primary's range 20–50 narrowed"]),
    "en ten times": (
        "The Volta E12 bus has a range of 320 km.",
        "The Volta E12 bus has a range of 3,200 km.",
        "error", ["a scale slip: 10 times too large"]),
    # only one side states the year: a warning that says so
    "en year on one side": (
        "The city's 2024 general fund budget is $969.5 million.",
        "The city's general fund budget is $1.03 billion.",
        "warning", ["'$1.03 billion' differs", "Needs review: only one side states the year"]),
    "zh year on one side": (
        "2023年全市一般公共预算收入为1234.5亿元。",
        "全市一般公共预算收入为1300.2亿元。",
        "warning", ["'1300.2亿元' differs", "Needs review: only one side states the year"]),
}


@pytest.mark.parametrize("primary, coverage, severity, phrases", FIRES.values(), ids=FIRES.keys())
def test_v203_fires_and_names_the_slip(primary, coverage, severity, phrases):
    rule, sev, message = one(primary, coverage)
    assert (rule, sev) == ("V203", severity), message
    for phrase in phrases:
        assert phrase in message, (phrase, message)


def test_v203_an_exact_value_without_a_slip_names_none():
    _, _, message = one("In 2023 Ohio's population was 11.8 million.", "In 2023 Ohio's population was 12.4 million.")
    assert "slip" not in message and "narrowed" not in message and "percentage points" not in message


BOUND_DROPPED = {
    "en more than 24": ("The county recorded more than 24 road deaths in 2023.", "The county recorded 24 road deaths in 2023."),
    "zh 超过240": ("2023年全县交通事故死亡人数超过240人。", "2023年全县交通事故死亡人数为240人。"),
}


@pytest.mark.parametrize("primary, coverage", BOUND_DROPPED.values(), ids=BOUND_DROPPED.keys())
def test_v203_a_bound_dropped_is_named(primary, coverage):
    rule, sev, message = one(primary, coverage)
    assert (rule, sev) == ("V203", "warning")
    assert "drops the bound" in message and "(over:" in message


def test_v203_the_same_bound_is_quiet():
    assert audit("The county recorded more than 24 road deaths in 2023.",
                 "The county recorded more than 24 road deaths in 2023.") == []


# --- V203: a figure moved to another frame -------------------------------------------------------

MOVED = {
    "en November as the first eleven months": (
        "In November, new car registrations were 41,200. In the first eleven months, new car registrations were 398,700.",
        "In the first eleven months, new car registrations were 41,200.", "'41,200'", "'398,700'", "months 11"),
    "zh 11月 as 1—11月": (
        "11月份，全市新能源汽车产量为4.12万辆；1—11月，全市新能源汽车产量为39.87万辆。",
        "1—11月，全市新能源汽车产量为4.12万辆。", "'4.12万'", "'39.87万'", "months 11"),
}


@pytest.mark.parametrize("primary, coverage, shown, right, frame", MOVED.values(), ids=MOVED.keys())
def test_v203_a_monthly_figure_given_for_the_months_to_date(primary, coverage, shown, right, frame):
    got = audit(primary, coverage)
    v203 = [f for f in got if f[0] == "V203"]
    assert len(v203) == 1, got
    _, sev, message = v203[0]
    assert sev == "error"
    assert message.startswith(f"{shown} differs from the primary source prim, which gives {right} for this frame")
    assert f"is the primary's figure for {frame}" in message
    assert "the figure was moved from one frame to another" in message
    # V204 sees the same move from its side: the same specific figure in two frames
    assert [r for r, _, _ in got if r == "V204"] == []  # one slip, one finding: V203 names both frames


@pytest.mark.xfail(strict=True, reason=(
    "'From January to November' is read as a base time: BASE_BEFORE_EN (time_frames.py) matches "
    "'from' before the period, so the mark is base=True and no figure takes months 1-11"))
def test_v203_moved_frame_from_january_to_november():
    _, sev, message = one(
        "In November, new car registrations were 41,200. From January to November, new car registrations were 398,700.",
        "From January to November, new car registrations were 41,200.")
    assert sev == "error" and "the figure was moved from one frame to another" in message


# --- V203: quiet, each with its firing twin -------------------------------------------------------

QUIET = {
    # name: (primary, coverage that stays quiet, coverage that fires)
    "en another year": (
        "The city's 2024 general fund budget is $969.5 million.",
        "The city's 2023 general fund budget was $912.4 million.",
        "The city's 2024 general fund budget was $912.4 million."),
    "zh another year": (
        "2023年全市一般公共预算收入为1234.5亿元。",
        "2022年全市一般公共预算收入为1180.3亿元。",
        "2023年全市一般公共预算收入为1180.3亿元。"),
    "en another month": (
        "In November, new car registrations were 41,200.",
        "In October, new car registrations were 39,800.",
        "In November, new car registrations were 39,800."),
    "zh another month": (
        "11月份，全市新能源汽车产量为4.12万辆。",
        "10月份，全市新能源汽车产量为3.95万辆。",
        "11月份，全市新能源汽车产量为3.95万辆。"),
    "en another region": (
        "In 2023 Ohio's population was 11.8 million.",
        "In 2023 Texas's population was 12.4 million.",
        "In 2023 Ohio's population was 12.4 million."),
    "zh another region": (
        "2023年江苏省常住人口为8526万人。",
        "2023年浙江省常住人口为8650万人。",
        "2023年江苏省常住人口为8650万人。"),
    "en another holder": (
        "Mercy Hospital treated 41,200 patients in 2023.",
        "Riverside Clinic treated 39,900 patients in 2023.",
        "Mercy Hospital treated 39,900 patients in 2023."),
    # the coverage value is printed in the primary (for something we read as another thing)
    "en value in the primary": (
        "In 2023 the average wage was $52,300 and the median household income was $61,800.",
        "In 2023 the average wage was $61,800.",
        "In 2023 the average wage was $58,100."),
    "zh value in the primary": (
        "2023年全市城镇居民人均可支配收入为5.23万元。2023年全市农村居民人均可支配收入为2.81万元。",
        "2023年全市城镇居民人均可支配收入为2.81万元。",
        "2023年全市城镇居民人均可支配收入为4.96万元。"),
    # more than ten times apart and no slip explains it: two quantities, not one misreported
    "en over ten times": (
        "In 2023 the state's rice output was 4.8 million tonnes.",
        "In 2023 the state's rice output was 72 million tonnes.",
        "In 2023 the state's rice output was 7.2 million tonnes."),
    "zh over ten times": (
        "2023年全省粮食产量为480.2万吨。",
        "2023年全省粮食产量为6200万吨。",
        "2023年全省粮食产量为520.6万吨。"),
}


@pytest.mark.parametrize("primary, quiet, loud", QUIET.values(), ids=QUIET.keys())
def test_v203_quiet_for_another_frame_or_an_explained_value(primary, quiet, loud):
    assert audit(primary, quiet) == []
    rule, sev, _ = one(primary, loud)
    assert (rule, sev) == ("V203", "error")


SEVERAL = {
    # the primary gives several values for the thing (a first and a revised estimate): which one
    # the coverage meant is unknown; with one of them only, the coverage's figure is wrong
    "en several values": (
        "In 2023 wheat output was 134.5 million tonnes. Revised data put 2023 wheat output at 131.2 million tonnes.",
        "In 2023 wheat output was 134.5 million tonnes.",
        "In 2023 wheat output was 128.7 million tonnes."),
    "zh several values": (
        "2023年全省粮食产量为480.2万吨。据修订后的数据，2023年全省粮食产量为476.5万吨。",
        "2023年全省粮食产量为480.2万吨。",
        "2023年全省粮食产量为470.3万吨。"),
}


@pytest.mark.parametrize("several, single, coverage", SEVERAL.values(), ids=SEVERAL.keys())
def test_v203_quiet_when_the_primary_gives_several_values(several, single, coverage):
    assert audit(several, coverage) == []
    rule, sev, _ = one(single, coverage)
    assert (rule, sev) == ("V203", "error")


def test_v203_quiet_when_the_figures_agree_at_printed_precision():
    assert audit("The city's 2024 general fund budget is $969.5 million.",
                 "The city's 2024 general fund budget is about $970 million.") == []
    assert audit("2023年全市一般公共预算收入为1234.5亿元。", "2023年全市一般公共预算收入为1234.5亿元。") == []


# --- separations: a rated against a measured figure; one model's figure against another's --------

def test_zh_rated_and_measured_output_are_not_one_figure():
    primary = "山谷电站额定功率为120兆瓦。"
    assert audit(primary, "山谷电站实测功率为96兆瓦。") == []
    rule, sev, _ = one(primary, "山谷电站额定功率为150兆瓦。")
    assert (rule, sev) == ("V203", "error")


@pytest.mark.xfail(strict=True, reason=(
    "English 'measured power' is read as 'power' ('measured' is a linking verb in "
    "verifier/data/frames/en.yaml, so it ends the noun phrase), and with an empty lexicon an "
    "English power figure gets no 'basis' scope; 'rated power' / 'power' then align as a part "
    "(0.6) and V203 gives a warning"))
def test_en_rated_and_measured_output_are_not_one_figure():
    assert audit("The Hillside plant has a rated power of 120 MW.", "The Hillside plant has a measured power of 96 MW.") == []


def test_en_rated_output_against_rated_output_is_compared():
    rule, sev, message = one("The Hillside plant has a rated power of 120 MW.", "The Hillside plant has a rated power of 150 MW.")
    assert (rule, sev) == ("V203", "error") and "same measured thing 'rated power'" in message


MODELS = {
    "en two bus models": (
        "The Volta E12 bus has a range of 320 km.",
        "The Kestrel K9 bus has a range of 280 km.",
        "The Volta E12 bus has a range of 280 km.", "same holder 'Volta E12'"),
    "zh two bus models": (
        "沃尔塔E12公交车的续航里程为320公里。",
        "凯斯特K9公交车的续航里程为280公里。",
        "沃尔塔E12公交车的续航里程为280公里。", "same holder '沃尔塔E12'"),
    "en both models in the primary": (
        "The Volta E12 bus has a range of 320 km and the Kestrel K9 bus has a range of 280 km.",
        "The Volta E12 bus has a range of 320 km.",
        "The Kestrel K9 bus has a range of 300 km.", "same holder 'Kestrel K9'"),
}


@pytest.mark.parametrize("primary, other_model, same_model, holder", MODELS.values(), ids=MODELS.keys())
def test_one_models_figure_is_not_compared_with_anothers(primary, other_model, same_model, holder):
    assert audit(primary, other_model) == []
    rule, sev, message = one(primary, same_model)
    assert (rule, sev) == ("V203", "error") and holder in message


# --- V204: the same specific value in another year ------------------------------------------------

def test_v204_en_same_value_another_year():
    rule, sev, message = one("Wheat output reached 134.5 million tonnes in 2023.",
                             "Wheat output reached 134.5 million tonnes in 2022.")
    assert (rule, sev) == ("V204", "warning")
    assert "'134.5 million tonnes' is given for year 2022" in message
    assert "prim (the primary source) gives the same figure for year 2023" in message
    assert "year 2022 here, 2023 in prim" in message


def test_v204_zh_same_value_another_year():
    rule, sev, message = one("2023年全省粮食产量为480.2万吨。", "2022年全省粮食产量为480.2万吨。")
    assert (rule, sev) == ("V204", "warning")
    assert "'480.2万吨' is given for year 2022" in message and "year 2022 here, 2023 in prim" in message


def test_v204_between_two_coverage_articles():
    arts = [art("a", "2023年全市城镇调查失业率为5.23%。\n"), art("b", "2022年全市城镇调查失业率为5.23%。\n")]
    claims = [c for a in arts for c in extract_claims(a, lexicon=Lexicon([]))]
    (f,) = findings(corpus(arts, claims), "V204")
    assert (f.rule, f.severity.value) == ("V204", "warning") and "the primary source" not in f.message


V204_QUIET = {
    # two significant digits: such values recur for unrelated quantities
    "en two digits": ("In 2023 the region's jobless rate was 4.7%.", "In 2022 the region's jobless rate was 4.7%.",
                      "In 2023 the region's jobless rate was 4.73%.", "In 2022 the region's jobless rate was 4.73%."),
    "zh two digits": ("2023年全市城镇调查失业率为5.2%。", "2022年全市城镇调查失业率为5.2%。",
                      "2023年全市城镇调查失业率为5.23%。", "2022年全市城镇调查失业率为5.23%。"),
    # the years agree: the same figure in the same frame is a copy, not a move
    "en same year": ("Wheat output reached 134.5 million tonnes in 2023.", "Wheat output reached 134.5 million tonnes in 2023.",
                     "Wheat output reached 134.5 million tonnes in 2023.", "Wheat output reached 134.5 million tonnes in 2022."),
    "zh same year": ("2023年全省粮食产量为480.2万吨。", "2023年全省粮食产量为480.2万吨。",
                     "2023年全省粮食产量为480.2万吨。", "2022年全省粮食产量为480.2万吨。"),
}


@pytest.mark.parametrize("primary, quiet, primary_loud, loud", V204_QUIET.values(), ids=V204_QUIET.keys())
def test_v204_quiet(primary, quiet, primary_loud, loud):
    assert audit(primary, quiet) == []
    rule, sev, _ = one(primary_loud, loud)
    assert (rule, sev) == ("V204", "warning")


# --- measured things: normalisation and similarity -----------------------------------------------

@pytest.mark.parametrize("a, b", [
    ("the general fund budget", "General fund budgets"),      # article, plural, case
    ("the city's bus fares", "city bus fare"),                 # possessive, plural
    ("60周岁及以上人口", "60岁及以上的人口"),                       # 周岁 for 岁, 的
    ("全国粮食产量", "粮食产量"),                                   # 全国 names the nation
    ("我国出生人口", "出生人口"),                                   # so does 我国
])
def test_thing_normalisation_makes_one_text(a, b):
    assert thing_of(a).text == thing_of(b).text
    assert similarity(thing_of(a), thing_of(b))[0] == 1.0


def test_thing_parts():
    t = thing_of("the general fund budget")
    assert (t.text, t.head, t.concept, t.modifiers, t.zh) == ("general fund budget", "budget", "budget", "general fund", False)
    z = thing_of("60周岁及以上人口")
    assert (z.text, z.concept, z.modifiers, z.digits, z.zh) == ("60岁及以上人口", "population", "60岁及以上", ("60",), True)


@pytest.mark.parametrize("phrase", [None, "", "the", "占全国人口"])
def test_no_thing(phrase):
    assert thing_of(phrase) is None


def test_one_concept_across_languages():
    score, why = similarity(thing_of("population"), thing_of("人口"))
    assert (score, why) == (0.9, "same measured thing 'population', in two languages")
    assert similarity(thing_of("jobless rate"), thing_of("失业率"))[0] == 0.9
    assert similarity(thing_of("passengers"), thing_of("旅客发送量"))[0] == 0.9


def test_two_names_of_one_concept_in_one_language_are_synonyms_not_sure():
    score, why = similarity(thing_of("revenue"), thing_of("turnover"))
    assert score == 0.7 and why == "same measured thing 'revenue', named 'revenue' and 'turnover'"
    assert similarity(thing_of("报名人数"), thing_of("考生"))[0] == 0.7


@pytest.mark.parametrize("a, b", [
    ("budget", "general fund budget"),
    ("出口量", "新能源汽车出口量"),
    ("youth jobless rate", "失业率"),
    ("hospital beds", "public hospital beds"),   # outside the vocabulary: the longer ends with the shorter
])
def test_a_modifier_dropped_is_a_part(a, b):
    score, why = similarity(thing_of(a), thing_of(b))
    assert score == PART and why


def test_modifiers_in_two_languages_are_not_judged():
    assert similarity(thing_of("youth jobless rate"), thing_of("青年失业率"))[0] == UNJUDGED


@pytest.mark.parametrize("a, b", [
    ("aged 16 to 24 jobless rate", "aged 18 to 24 jobless rate"),
    ("16至24岁失业率", "25至29岁失业率"),
    ("60岁及以上人口", "65岁及以上人口"),
])
def test_different_numbers_inside_the_phrase_are_different_groups(a, b):
    assert similarity(thing_of(a), thing_of(b)) == (0.0, "")


@pytest.mark.parametrize("a, b", [("budget", "revenue"), ("wheat output", "rice output"), ("人口", "失业率"), ("hospital beds", "school places")])
def test_different_things_are_zero(a, b):
    assert similarity(thing_of(a), thing_of(b))[0] == 0.0


def test_an_age_group_with_a_dash_or_至_is_one_group():
    assert similarity(thing_of("16—24岁失业率"), thing_of("16至24岁失业率"))[0] == 1.0
    assert similarity(thing_of("16—24岁失业率"), thing_of("1624岁失业率"))[0] == 0.0


# --- align: differs, one_sided, evidence ----------------------------------------------------------

def frame(body: str, quote: str, primary: bool = False) -> Frame:
    """The frame of the figure quoted ``quote`` in the article ``body`` (extracted with an empty lexicon)."""
    source = art("p" if primary else "s", body + "\n", tier="primary" if primary else "secondary")
    (c,) = [c for c in extract_claims(source, lexicon=Lexicon([])) if c.anchor.quote == quote]
    return frame_of(source.body, c, primary)


def test_align_same_frame():
    al = align(frame("In 2023 Ohio's population was 12.4 million.", "12.4 million"),
               frame("In 2023 Ohio's population was 11.8 million.", "11.8 million", primary=True))
    assert al is not None and al.score == 1.0
    assert al.evidence == ("same measured thing 'population'", "same holder 'Ohio'", "same year 2023", "same unit")
    assert (al.differs, al.one_sided) == ((), ())
    assert al.describe().endswith("(alignment 1.00)")


def test_align_another_year_differs():
    al = align(frame("2022年全省粮食产量为480.2万吨。", "480.2万吨"), frame("2023年全省粮食产量为480.2万吨。", "480.2万吨", True))
    assert al.differs == (("year", "2022", "2023"),) and al.one_sided == ()
    assert "same measured thing '粮食产量'" in al.evidence


def test_align_another_holder_differs():
    al = align(frame("2023年浙江省常住人口为6627万人。", "6627万"), frame("2023年江苏省常住人口为8526万人。", "8526万", True))
    assert ("holder", "浙江省", "江苏省") in al.differs


def test_align_a_year_on_one_side():
    al = align(frame("The city's general fund budget is $1.03 billion.", "$1.03 billion"),
               frame("The city's 2024 general fund budget is $969.5 million.", "$969.5 million", True))
    assert al.one_sided == ("year",) and al.differs == ()
    assert al.score == pytest.approx(0.9)


def test_align_no_year_against_a_year_by_publication():
    """A figure without a year is for the time its article was written: against a stated year it
    is that time when the year is its publication's or the one before (annual data lag a year)."""
    from dataclasses import replace

    stated = frame("In 2022 the county's recycling rate was 41.5%.", "41.5%", True)
    unstated = frame("The county's recycling rate was 41.5%.", "41.5%")
    assert stated.when == {"year": "2022"} and unstated.when == {}
    for written, apart in (("2022", False), ("2023", False), ("2024", True), ("2021", True)):
        al = align(replace(unstated, published=written), replace(stated, published="2030"))
        assert (("published", written, "2022") in al.differs) is apart, written
    al = align(replace(unstated, published="2023"), replace(stated, when={}, published="2024"))
    assert ("published", "2023", "2024") in al.differs  # no year on either side: their publication years


def test_align_another_month_differs():
    al = align(frame("In October, new car registrations were 39,800.", "39,800"),
               frame("In November, new car registrations were 41,200.", "41,200", True))
    assert al.differs == (("months", "10", "11"),)


def test_align_percent_and_points_names_both_units():
    al = align(frame("The jobless rate fell by 0.4% in 2023.", "0.4%"),
               frame("The jobless rate fell by 0.4 percentage points in 2023.", "0.4 percentage points", True))
    assert al.evidence[-1] == "units % and pp"


def test_align_a_part_is_scored_as_a_part():
    al = align(frame("The Hillside plant's power is 96 MW.", "96 MW"),
               frame("The Hillside plant has a rated power of 120 MW.", "120 MW", True))
    assert al.score == PART and al.evidence[0] == "'rated power' adds modifiers to 'power'"
    assert not al.confident


@pytest.mark.parametrize("a, qa, b, qb", [
    # another unit family: a share against a count
    ("In 2023 the region's jobless rate was 4.7%.", "4.7%", "In 2023 the region's jobless were 47,000.", "47,000"),
    # a change against a level
    ("In 2023 the region's jobless rate rose 0.4 percentage points.", "0.4 percentage points",
     "In 2023 the region's jobless rate was 4.7%.", "4.7%"),
    # unlike things
    ("In 2023 the city's budget was $969.5 million.", "$969.5 million", "In 2023 the city's revenue was $912.4 million.", "$912.4 million"),
])
def test_align_none(a, qa, b, qb):
    assert align(frame(a, qa), frame(b, qb, True)) is None


# --- V206: two coverage articles, no primary ----------------------------------------------------

SHARED: Final = {"en": " Harbor Transit employs 1,200 drivers.", "zh": "江苏省有1200名公交司机。"}
"""A sentence every article of :func:`across` ends with: a holder they all name, so that their
figures without a holder are taken for one holder's (V206 sets no figures of two articles that
name no holder in common against each other: :func:`verifier.align.pairs.whose_known`)."""


def across(*texts: str, shared: bool = True) -> list[Found]:
    """V201 and V206 findings on articles ``texts``, none of them a primary source, each ending
    with the :data:`SHARED` sentence of its language unless ``shared`` is False."""
    arts = [art(f"a{i}", t + (SHARED["zh" if CJK.search(t) else "en"] if shared else "") + "\n") for i, t in enumerate(texts)]
    claims = [c for a in arts for c in extract_claims(a, lexicon=Lexicon([]))]
    return [(f.rule, f.severity.value, f.message) for f in findings(corpus(arts, claims), "V201", "V206")]


@pytest.mark.parametrize("a, b, severity, phrase", [
    # a holder on one side that the other article names: an error (one holder on both sides is V201's)
    ("2025年江苏省公交客运量为4.82亿人次。", "江苏省交通厅表示，2025年公交客运量为5.31亿人次。", "error",
     "'5.31亿' differs from another article, a0"),
])
def test_v206_two_coverage_articles_that_disagree(a, b, severity, phrase):
    (got,) = across(a, b)
    assert got[0] == "V206" and got[1] == severity and phrase in got[2], got


@pytest.mark.parametrize("a, b", [
    ("Crews worked through the storm. Repairs took 579 hours in 2025.", "Crews worked through the storm. Repairs took 567 hours in 2025."),
    ("2025年全市公交客运量为4.82亿人次。", "2025年全市公交客运量为5.31亿人次。"),
])
def test_v206_figures_of_no_holder_linked_by_a_name_elsewhere_are_a_warning(a, b):
    """Neither figure says whose it is; the articles meet only because each prints a holder in
    another sentence (a footer, a wire credit): a warning that says so, never an error. With the
    holder named beside one figure it can still be an error (the test above)."""
    got = across(a, b)
    assert [(f[0], f[1], "neither figure says whose it is" in f[2]) for f in got] == [("V206", "warning", True)], got


@pytest.mark.parametrize("a, b", [
    ("Bus ridership reached 4.82 million trips in 2025.", "Bus ridership reached 5.31 million trips in 2025."),
    ("2025年全市公交客运量为4.82亿人次。", "2025年全市公交客运量为5.31亿人次。"),
])
def test_v206_two_articles_that_name_no_holder_in_common_are_not_compared(a, b):
    """Neither article says whose figure, nor names a holder the other gives: two places, maybe
    (across an archive, most often two places). The same pair naming one holder conflicts."""
    assert across(a, b, shared=False) == []
    assert [f[0] for f in across(a, b)] in (["V206"], ["V201"])  # V201 when the shared name is read as the holder


def test_v206_a_name_read_weakly_links_no_two_articles():
    """Two articles on two unknown counties whose figures have no holder; one reads the weak name
    '县地铁' (its county cut off), which the other's text holds as a string: no evidence that
    both give one county's figures."""
    got = across("2022年，松玉源县地铁运营里程为304公里。松玉源县2021年平均通勤时间为30分钟。",
                 "2022年，安下原县地铁运营里程为182公里。安下原县2021年平均通勤时间为52分钟。", shared=False)
    assert got == []


def test_v206_a_chinese_name_inside_another_names_no_holder():
    """'上源市' holds one article's figure; the other prints it only inside another county's
    name (兴上源市): no evidence that it gives 上源市's figures."""
    assert across("据财政局介绍，和上源市2020年财政预算总额为6.1亿元。", "兴上源市2020年财政预算总额为1.7亿元。", shared=False) == []


@pytest.mark.parametrize("a, b", [
    # the same figure
    ("Bus ridership reached 4.82 million trips in 2025.", "Bus ridership reached 4.82 million trips in 2025."),
    # another year
    ("Bus ridership reached 4.82 million trips in 2025.", "Bus ridership reached 5.31 million trips in 2024."),
    ("2025年全市公交客运量为4.82亿人次。", "2024年全市公交客运量为5.31亿人次。"),
    # the other article prints this value too
    ("Bus ridership reached 4.82 million trips in 2025.",
     "Bus ridership reached 5.31 million trips in 2025. An earlier count said 4.82 million."),
])
def test_v206_quiet(a, b):
    assert [f for f in across(a, b) if f[0] == "V206"] == []


# --- implied bases: a level and its change against a year earlier imply last year's level ------

@pytest.mark.parametrize("primary, coverage", [
    ("In 2023, wind power's share of electricity generation was 18.8%.",
     "In 2024, wind power's share of electricity generation was 23.8%, up 4.7 percentage points from a year earlier."),
    ("2023年,全市新能源汽车的渗透率为18.8%。",
     "2024年,全市新能源汽车的渗透率为23.8%,比上年提高4.7个百分点。"),
    ("In 2023, the port's container throughput was 4.20 million boxes.",
     "In 2024, the port's container throughput was 4.80 million boxes, up 12% from a year earlier."),
])
def test_v203_a_change_that_implies_another_base_than_the_primary(primary, coverage):
    (got,) = [f for f in audit(primary, coverage) if f[0] == "V203"]
    assert "implies" in got[2] and "year 2023" in got[2]


@pytest.mark.parametrize("primary, coverage", [
    ("In 2023, wind power's share of electricity generation was 18.8%.",
     "In 2024, wind power's share of electricity generation was 23.8%, up 5.0 percentage points from a year earlier."),
    ("2023年,全市新能源汽车的渗透率为18.8%。",
     "2024年,全市新能源汽车的渗透率为23.8%,比上年提高5.0个百分点。"),
    ("In 2023, the port's container throughput was 4.29 million boxes.",
     "In 2024, the port's container throughput was 4.80 million boxes, up 12% from a year earlier."),
])
def test_v203_a_change_that_implies_the_primarys_base_is_quiet(primary, coverage):
    assert [f for f in audit(primary, coverage) if f[0] == "V203"] == []


# --- a hedge against a reference covers the last printed digits, not five per cent -------------

def test_a_hedged_four_digit_figure_still_differs_from_the_primary():
    got = audit("2024年全省高考报名人数为1342万人。", "2024年全省高考报名人数约为1351万人。")
    assert [f[:2] for f in got if f[0] == "V203"] == [("V203", "error")]


def test_a_hedge_covers_rounding_to_its_printed_digits():
    assert [f for f in audit("In 2024 the county had 44,960 registered voters.",
                             "In 2024 the county had about 45,000 registered voters.") if f[0] == "V203"] == []


# --- a change's direction is part of its value; one phrase's words in another order ------------

def test_v206_a_change_that_goes_the_other_way():
    (got,) = [f for f in across("Rail ridership fell 4.5% in 2024.", "Rail ridership rose 4.5% in 2024.") if f[0] == "V206"]
    assert "the change goes the other way (up here, down in a0)" in got[2]


def test_v206_one_change_told_twice_is_quiet():
    assert [f for f in across("Rail ridership fell 4.5% in 2024.", "Rail ridership dropped 4.5% in 2024.") if f[0] == "V206"] == []


def test_words_in_another_order_are_one_thing():
    assert similarity(thing_of("the carmaker's shares"), thing_of("shares of the carmaker"))[0] == 0.95
    assert similarity(thing_of("总发电装机比重"), thing_of("发电总装机比重"))[0] == 0.95
    assert similarity(thing_of("出口量"), thing_of("量出口")) == (0.0, "")


# --- a part is not set against its whole; a level not against a change; one slip, one finding --

def test_v203_a_part_against_its_whole_is_quiet():
    got = audit("A total of 412,600 votes were cast in Lakeshire in 2024.", "Lakeshire counted 96,400 postal votes in 2024.")
    assert [f for f in got if f[0] == "V203"] == []


def test_v203_a_shortened_name_still_meets_the_primarys():
    got = audit("The city's 2024 general fund budget is $969.5 million.", "The city's 2024 budget is $1.03 billion.")
    assert [f[:2] for f in got if f[0] == "V203"] == [("V203", "warning")]


def test_v201_does_not_set_a_level_against_a_change():
    arts = [art("a1", "In 2024, Riverside's share of patients seen within 18 weeks was 41.2%.\n"),
            art("a2", "In 2024, Riverside's share of patients seen within 18 weeks rose by 4.7%.\n")]
    claims = [c for a in arts for c in extract_claims(a, lexicon=Lexicon([]))]
    assert [f for f in findings(corpus(arts, claims), "V201")] == []


def test_one_slip_one_finding():
    primary = "In 2024, the county's wheat harvest was 1.46 million tonnes."
    arts = [art("prim", primary + "\n", tier="primary"),
            art("cov", "In 2024, the county's wheat harvest was 1.64 million tonnes.\n")]
    claims = [c for a in arts for c in extract_claims(a, lexicon=Lexicon([]))]
    got = [f.rule for f in findings(corpus(arts, claims), "V201", "V203", "V204", "V206")]
    assert got == ["V203"]


# --- a figure moved to another thing: coverage's value is the primary's figure for something else

@pytest.mark.parametrize("primary, coverage", [
    ("In 2024, the county's college graduates numbered 1,158.\n\nIn 2024, the county's exam applicants numbered 1,342.",
     "In 2024, the county's exam applicants numbered 1,158."),
    ("2024年,全市高校毕业生为1158人。\n\n2024年,全市高考报名人数为1342人。",
     "2024年,全市高考报名人数为1158人。"),
])
def test_v203_the_primarys_figure_for_another_thing(primary, coverage):
    (got,) = [f for f in audit(primary, coverage) if f[0] == "V203"]
    assert got[1] == "warning" and "the figure was moved to another thing" in got[2]


# --- a forecast is no reading of the same thing ---------------------------------------------------

@pytest.mark.parametrize("primary, coverage", [
    ("In 2024, the county's jobless rate was 4.8%.", "In 2024, the county's jobless rate was expected to reach 5.5%."),
    ("2024年,全市粮食产量为612.4万吨。", "2024年,全市粮食产量预计为650.0万吨。"),
])
def test_v203_a_forecast_against_a_reading_is_quiet(primary, coverage):
    assert [f for f in audit(primary, coverage) if f[0] == "V203"] == []


def test_a_figure_inside_another_verbs_object_is_a_reading():
    got = audit("The city's 2024 general fund budget is $969.5 million.",
                "The council is expected to approve a $1.03 billion general fund budget for 2024.")
    assert [f[0] for f in got if f[0] == "V203"] == ["V203"]


def test_life_expectancy_is_no_expectation():
    f = frame("2021年,全国居民人均预期寿命为77.6岁。", "77.6岁")
    assert f.mood == "reading"


def test_v204_one_age_group_in_two_languages_moved_to_another_month():
    arts = [art("a0", "In June, the jobless rate for 16- to 24-year-olds in cities hit 18.6%.\n"),
            art("a1", "2024年7月,16—24岁青年调查失业率上升至18.6%。\n")]
    claims = [c for a in arts for c in extract_claims(a, lexicon=Lexicon([]))]
    got = [(f.rule, f.severity.value, f.message) for f in findings(corpus(arts, claims), "V204")]
    assert len(got) == 1 and got[0][1] == "warning"
    assert "months 6 here, 7 in a1" in got[0][2] and "for the same group (16-24)" in got[0][2]


# --- a condition the figure is stated under is part of its frame ---------------------------------

def test_v206_figures_under_two_conditions_are_quiet():
    got = across("In 2024, retail sales excluding fuel rose 3.2%.", "In 2024, retail sales including fuel rose 4.1%.")
    assert [f for f in got if f[0] == "V206"] == []


def test_v206_figures_under_one_condition_still_conflict():
    got = across("In 2024, retail sales excluding fuel rose 3.2%.", "In 2024, retail sales excluding fuel rose 4.1%.")
    assert [f[0] for f in got if f[0] == "V206"] == ["V206"]


def test_a_chinese_condition_is_read():
    assert frame("2024年,全市社会消费品零售总额(不含汽车)为1234.5亿元。", "1234.5亿元").qualifiers.get("condition") == "不含汽车"


def test_a_condition_in_the_opening_phrase_or_a_gerund_subject_is_read():
    """'At 10°F with the defroster off, range fell 9 percent': the opening phrase's condition is
    the main clause's; 'Running the defroster … cut range by 28 percent': the gerund's object."""
    body = "At 10°F with the defroster off, the bus's range fell by 9 percent. Running the defroster at 10°F cut the bus's range by 28 percent."
    off, on = frame(body, "9 percent"), frame(body, "28 percent")
    assert off.qualifiers.get("condition") == "with the defroster off" and on.qualifiers.get("condition") == "running the defroster"
    assert (off.role, off.direction, on.role, on.direction) == ("change", "down", "change", "down")  # 'fell by', 'cut … by'
    assert off.holder is None  # the F of '10°F' is no name
    assert frame("In 2024, the shops, which opened in May, sold 4,100 heaters.", "4,100").qualifiers.get("condition") is None
    assert frame("Online sales rose, with growth of 2.9% in the north.", "2.9%").qualifiers.get("condition") is None  # no state: no condition


def test_chinese_conditions_with_剔除_are_two_states_of_one_part():
    body = "2024年，剔除沙尘天气影响后，全市PM2.5平均浓度为28.4微克/立方米；未剔除沙尘天气影响时，全市PM2.5平均浓度为33.2微克/立方米。"
    off, on = frame(body, "28.4微克/立方米"), frame(body, "33.2微克/立方米")
    assert (off.qualifiers.get("condition"), on.qualifiers.get("condition")) == ("剔除沙尘天气影响后", "未剔除沙尘天气影响时")
    assert one(body, "2024年，全市PM2.5平均浓度为28.4微克/立方米。")[0] == "V204"  # the condition dropped


def test_a_condition_is_no_part_of_the_measured_thing():
    f = frame("2023年全市不含汽车的社会消费品零售总额增长9.5%。", "9.5%")
    assert (f.thing.text, f.qualifiers.get("condition")) == ("社会消费品零售总额", "不含汽车")
    f = frame("2023年全市社会消费品零售总额（含汽车）增长6.5%。", "6.5%")  # a bracket after the phrase
    assert (f.thing.text, f.qualifiers.get("condition")) == ("社会消费品零售总额", "含汽车")


DEFROSTER = ("Running the defroster at 10°F cut the bus's range by 28 percent. "
             "At 10°F with the defroster off, the bus's range fell by 9 percent.")
RETAIL = "2023年全市社会消费品零售总额（含汽车）增长6.5%，不含汽车的社会消费品零售总额增长9.5%。"


@pytest.mark.parametrize("primary, coverage, phrases", [
    (DEFROSTER, "In the cold, the buses lost 28 percent of their range.",
     ["'28 percent' is stated with no condition", "only under 'running the defroster'", "under 'with the defroster off' it gives '9 percent'"]),
    (RETAIL, "2023年全市社会消费品零售总额增长9.5%。", ["'9.5%' is stated with no condition", "only under '不含汽车'", "under '含汽车' it gives '6.5%'"]),
])
def test_v204_a_condition_dropped(primary, coverage, phrases):
    rule, severity, message = one(primary, coverage)
    assert (rule, severity) == ("V204", "warning")
    assert all(p in message for p in phrases), message


@pytest.mark.parametrize("primary, coverage", [
    (DEFROSTER, "In the cold, with the defroster on, the buses lost 28 percent of their range."),   # the condition kept
    (DEFROSTER, "In the cold, running the heat, the buses lost 28 percent of their range."),        # another part: no pair
    (RETAIL, "2023年全市不含汽车的社会消费品零售总额增长9.5%。"),                                          # the condition kept
    # the primary gives the value with no condition too
    (DEFROSTER + " Over the winter the bus's range fell by 28 percent.", "In the cold, the buses lost 28 percent of their range."),
])
def test_v204_a_condition_kept_is_quiet(primary, coverage):
    assert [f for f in audit(primary, coverage) if "no condition" in f[2]] == []


# --- opposite things: never one quantity; a figure moved to the opposite is a label flipped ---------

@pytest.mark.parametrize("a, b", [
    ("unemployment rate", "employment rate"), ("uninsured adults", "insured adults"),
    ("non-farm payrolls", "farm payrolls"), ("失业率", "就业率"), ("非公有制经济增加值", "公有制经济增加值"),
    ("youth jobless rate", "youth employment rate"),
])
def test_opposite_things_never_align(a, b):
    assert opposite(thing_of(a), thing_of(b)) and similarity(thing_of(a), thing_of(b))[0] == 0.0


@pytest.mark.parametrize("a, b", [("union members", "members"), ("unit costs", "costs"), ("employment rate", "employment")])
def test_words_that_only_begin_like_a_negation_are_no_opposites(a, b):
    assert not opposite(thing_of(a), thing_of(b))


@pytest.mark.parametrize("primary, coverage, phrase", [
    ("In March the county's uninsured rate was 12.6 percent.", "In March the county's insured rate was 12.6 percent.",
     "'12.6 percent' is given for 'insured rate'; the primary source prim gives the same figure for 'uninsured rate'"),
    ("3月份，全省城镇调查失业率为5.35%。", "3月份，全省城镇就业率为5.35%。", "the measured thing is turned into its opposite"),
    # two digits are enough when both state one time
    ("In March 2024 the county's unemployment rate was 5.1%.", "In March 2024 the county's employment rate was 5.1%.",
     "'5.1%' is given for 'employment rate'"),
])
def test_v204_a_label_turned_into_its_opposite(primary, coverage, phrase):
    rule, severity, message = one(primary, coverage)
    assert (rule, severity) == ("V204", "warning") and phrase in message, message


@pytest.mark.parametrize("primary, coverage", [
    ("In March the county's uninsured rate was 12.6 percent.", "In March the county's insured rate was 87.4 percent."),  # another value
    ("In March the county's uninsured rate was 12.6 percent.", "In April the county's insured rate was 12.6 percent."),  # another month
    ("The county's uninsured rate was 12 percent.", "The county's insured rate was 12 percent."),      # two digits, no time stated
])
def test_v204_opposites_quiet(primary, coverage):
    assert [f for f in audit(primary, coverage) if "opposite" in f[2]] == []


def test_a_printed_figure_is_never_judged_by_its_implied_base_alignments():
    """'1063亿元，同比增长9.8%' against a primary that prints 1036亿元 (no year) and 943.6亿元 for the
    year before: the printed figure differs from 1036, its implied base (968亿) from 943.6; the
    printed 1063 is never set against last year's 943.6."""
    primary = "2024年，全市接待游客8650万人次。实现旅游总收入1036亿元，同比增长9.8%。2023年旅游总收入为943.6亿元。"
    got = [m for r, _s, m in audit(primary, "2024年全市接待游客8650万人次。旅游总收入达1063亿元，同比增长9.8%。") if r == "V203"]
    assert len(got) == 2, got
    assert any(m.startswith("'1063亿元' differs from the primary source prim, which gives '1036亿元'") for m in got)
    assert any(m.startswith("'1063亿元' with the change '9.8%' implies") and "'943.6亿元'" in m for m in got)
    assert not any("differs from the primary source prim, which gives '943.6亿元'" in m for m in got)


def test_a_respectively_list_implies_no_base():
    """'产量和销量分别为A和B，同比分别增长x%和y%': B is followed by x, which is A's change."""
    from tests.builders import art as _art
    from verifier.align.implied import bases
    body = "2023年，全省新能源汽车产量和销量分别为58.7万辆和49.5万辆，同比分别增长35.8%和37.9%。\n"
    source = _art("s", body)
    fs = [frame_of(source.body, c, False, "2023") for c in extract_claims(source, lexicon=Lexicon([]))]
    assert bases(((f, body.strip()) for f in fs), source.body) == []


def test_frames_of_two_times_and_two_values_are_not_aligned_at_all():
    """The test before alignment (V203, V206): another year with another value can be neither the
    same quantity nor a figure moved; another year with the same value can be a figure moved."""
    from verifier.rules.aligned import _may_meet

    a = frame("In 2023 the county's bus ridership was 41.2 million.", "41.2 million")
    b = frame("In 2022 the county's bus ridership was 38.5 million.", "38.5 million")
    c = frame("In 2022 the county's bus ridership was 41.2 million.", "41.2 million")
    d = frame("The county's bus ridership was 38.5 million.", "38.5 million")
    assert not _may_meet(a, b) and _may_meet(a, c) and _may_meet(a, d)


def test_an_implied_band_is_shown_in_the_scale_its_figure_is_printed_in():
    from dataclasses import replace

    from verifier.numeric import Interval
    from verifier.rules.aligned import implied_text

    f = frame("2024年全市旅游总收入达1063亿元。", "1063亿元")
    assert implied_text(replace(f, band=Interval(96_722_803_823.4, 96_902_050_113.9))) == "967.2亿–969亿 CNY"
    g = frame("The port handled 41.6 million tonnes in 2024.", "41.6 million tonnes")
    assert implied_text(replace(g, band=Interval(38_500_000, 38_600_000))).startswith("38.5 million–38.6 million")
    h = frame("Turnout was 61.2% in 2024.", "61.2%")
    assert implied_text(replace(h, band=Interval(58.1, 58.3))) == "58.1–58.3 %"


@pytest.mark.parametrize("base, fires", [("52.0", True), ("50.2", False)])
def test_the_base_of_a_change_measures_what_its_level_measures(base, fires):
    """'…supplied 48.6 million m³ of water, down 3.1% from 50.2 million m³ in 2024': the base names
    no thing of its own; it is the same quantity a year earlier, so a coverage base of 52.0
    million differs from the primary's 50.2 million."""
    primary = "In 2025 the county supplied 48.6 million cubic metres of water, down 3.1% from 50.2 million cubic metres in 2024."
    coverage = f"The county supplied 48.6 million cubic metres of water in 2025, a fall of 3.1% from {base} million cubic metres in 2024."
    got = [m for r, _s, m in audit(primary, coverage) if r == "V203"]
    assert bool(got) is fires, got
    if fires:
        assert got[0].startswith("'52.0 million cubic metres' differs from the primary source prim, which gives '50.2 million cubic metres'")


# --- V204 across an archive: one value by chance is no figure moved ------------------------------

def _moved(texts: list[str], cites: dict[str, list[str]] | None = None) -> list[str]:
    """V204 findings on articles ``texts`` (ids a0, a1, ...), as 'source:quote' of their two claims."""
    arts = [art(f"a{i}", t + "\n", cites=(cites or {}).get(f"a{i}", [])) for i, t in enumerate(texts)]
    claims = [c for a in arts for c in extract_claims(a, lexicon=Lexicon([]))]
    by_id = {c.id: c for c in claims}
    return [" ".join(f"{by_id[i].source}:{by_id[i].anchor.quote}" for i in f.claims) for f in findings(corpus(arts, claims), "V204")]


def test_chance_pairs_is_the_birthday_bound():
    from tests.builders import claim
    from verifier.rules.aligned import chance_pairs

    s = art("s", "Life expectancy was 80.7 years.\n")
    c = claim(s, "80.7", "life expectancy", "life_expectancy", 80.7, "years", printed="80.7")
    assert chance_pairs(2, c) == pytest.approx(0.1 / 80.7)
    assert chance_pairs(1000, c) == pytest.approx(499500 * 0.1 / 80.7)
    assert chance_pairs(1, c) == 0.0
    staff = claim(art("t", "The city employed 4,664 staff.\n"), "4,664", "staff", "count", 4664, None, printed="4,664")
    staff = staff.model_copy(update={"value": staff.value.model_copy(update={"resolution": None})})  # exact, as extracted
    assert chance_pairs(1000, staff) == pytest.approx(499500 * 1 / 4664)  # an exact count: its last digit's step, not 0


ARCHIVE = [f"In {2011 + i % 9}, the average commute was {30 + i * 7 % 50}.{i % 10} minutes." for i in range(40)]
"""Forty articles giving a commute time each, whose holder no article names."""


def test_one_value_in_two_unlinked_articles_of_an_archive_is_chance():
    texts = ARCHIVE + ["In 2019, the average commute was 41.3 minutes.", "In 2022, the average commute was 41.3 minutes."]
    assert [m for m in _moved(texts) if "41.3" in m] == []


def test_one_value_in_two_articles_of_one_story_is_a_figure_moved():
    texts = ARCHIVE + ["In 2019, the average commute was 41.3 minutes.", "In 2022, the average commute was 41.3 minutes."]
    n = len(ARCHIVE)
    assert [m for m in _moved(texts, {f"a{n + 1}": [f"a{n}"]}) if "41.3" in m] == [f"a{n}:41.3 minutes a{n + 1}:41.3 minutes"]
    shared = texts[:-2] + [texts[-2] + " Fares rose to $2.75.", texts[-1] + " A ride costs $2.75."]
    assert len([m for m in _moved(shared) if "41.3" in m]) == 1
    assert len([m for m in _moved(texts[-2:]) if "41.3" in m]) == 1  # two articles alone: chance is unlikely


def test_a_second_value_common_in_the_archive_links_no_story():
    """Two unlinked articles that share a second value are one story only when that value is
    unlikely to be shared by chance among the archive's figures in its unit: here every article
    prints a fare, so '$2.75' in both is chance too."""
    fares = [t + f" Fares were ${1 + i % 3}.{i * 7 % 100:02d}." for i, t in enumerate(ARCHIVE)]
    texts = fares + ["In 2019, the average commute was 41.3 minutes. A ride costs $2.75.",
                     "In 2022, the average commute was 41.3 minutes. Fares rose to $2.75."]
    assert [m for m in _moved(texts) if "41.3" in m] == []
