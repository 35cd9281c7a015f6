"""Streaks and rankings (verifier/extract/streaks.py, verifier/rules/series.py: V110, V209, V210),
on short articles written for these tests: rainfall, exports, hospital admissions, unemployment,
election turnout, tourism revenue, in English and Chinese."""

from __future__ import annotations

import datetime as dt

from builders import art, corpus, findings
from verifier.extract import extract_claims
from verifier.extract.lexicon import Lexicon
from verifier.models.source import Source


def dated(a: Source, day: str) -> Source:
    """``a`` published on ``day`` (ISO)."""
    return a.model_copy(update={"meta": a.meta.model_copy(update={"published": dt.date.fromisoformat(day)})})


def audit_of(*arts: Source, codes=("V110", "V209", "V210")):
    claims = [c for a in arts for c in extract_claims(a, lexicon=Lexicon([]))]
    return claims, findings(corpus(arts, claims), *codes)


def streaks_of(a: Source):
    return [(c.anchor.quote, c.value.number, c.streak.period, c.streak.event, c.streak.threshold, c.measured)
            for c in extract_claims(a, lexicon=Lexicon([])) if c.streak]


# -- extraction -----------------------------------------------------------------------------------


def test_english_streaks_are_read_with_count_period_event_and_thing():
    a = art("en", "Exports rose for six consecutive quarters. Imports fell for the fifth month in a row.\n"
                  "The jobless rate posted a seventh straight monthly decline.\n"
                  "Rainfall stayed above 400 mm for the third consecutive year in 2024.\n")
    assert streaks_of(a) == [
        ("six consecutive quarters", 6.0, "quarter", "up", None, "Exports"),
        ("fifth month in a row", 5.0, "month", "down", None, "Imports"),
        ("seventh straight monthly", 7.0, "month", "down", None, "jobless rate"),
        ("third consecutive year", 3.0, "year", "above", 400.0, "Rainfall"),
    ]
    rain = [c for c in extract_claims(a, lexicon=Lexicon([])) if c.streak and c.streak.event == "above"][0]
    assert rain.streak.end == "2024" and rain.streak.threshold_printed == "400 mm"


def test_chinese_streaks_are_read_and_the_count_is_no_duration():
    a = art("zh", "今年以来，全省出口额连续三年增长，城镇调查失业率已连续7个月下降。\n")
    claims = extract_claims(a, lexicon=Lexicon([]))
    assert [(c.anchor.quote, c.value.number, c.streak.period, c.streak.event, c.measured) for c in claims if c.streak] == [
        ("连续三年", 3.0, "year", "up", "全省出口额"), ("连续7个月", 7.0, "month", "down", "城镇调查失业率")]
    assert not [c for c in claims if c.streak is None and c.anchor.quote in ("7个月", "三年")]  # no duration claims of the counts


def test_every_streak_match_holds_a_marker_so_sentences_without_one_are_skipped():
    """:func:`streaks._matches` reads a sentence with the patterns only when it holds a marker."""
    from verifier.extract.streaks import _en_patterns, _markers, _zh_pattern

    text = ("Exports rose for SIX CONSECUTIVE QUARTERS, the fifth month in a row, a seventh straight monthly "
            "decline, 12 successive weeks, six years In A Row. 出口额连续三年增长，连续7个月下降，连续第三年")
    en, zh = _markers()
    for rx, marker in [*((p, en) for p in _en_patterns()), (_zh_pattern(), zh)]:
        found = [m.group(0) for m in rx.finditer(text)]
        assert found, rx.pattern
        assert all(marker.search(f) for f in found), rx.pattern


def test_a_streak_with_no_event_is_not_read():
    assert streaks_of(art("en", "The club won the league title for the third consecutive year.\n")) == []


def test_a_fraction_word_before_a_streak_is_its_count_not_a_sixth():
    claims = extract_claims(art("en", "Admissions were set to fall for a sixth consecutive week.\n"), lexicon=Lexicon([]))
    assert [(c.anchor.quote, c.unit if hasattr(c, "unit") else c.value.unit, c.value.number) for c in claims] == [
        ("sixth consecutive week", None, 6.0)]


# -- V209: a streak against the series ------------------------------------------------------------


def test_a_threshold_streak_broken_by_the_series_is_an_error_when_its_end_is_stated():
    a = art("rain", "Rainfall was 380 mm in 2022 and 455 mm in 2023.\n\n"
                    "In 2024 rainfall stayed above 400 mm for the third consecutive year.\n")
    claims, found = audit_of(a)
    assert [(f.rule, f.severity.value) for f in found] == [("V209", "error")]
    f = found[0]
    assert "2022: 380 mm" in f.message and "at most 2 years in a row" in f.message
    assert (f.stated.low, f.stated.high, f.recomputed.high) == (3, 3, 2)
    by_quote = {c.id: c.anchor.quote for c in claims}
    assert [by_quote[i] for i in f.claims] == ["third consecutive year", "above 400 mm", "380 mm"]


def test_a_streak_the_series_confirms_gives_nothing():
    a = art("rain", "Rainfall was 410 mm in 2022 and 455 mm in 2023.\n\n"
                    "In 2024 rainfall topped 400 mm for the third consecutive year.\n")
    assert audit_of(a)[1] == []


def test_a_streak_whose_series_is_not_in_the_corpus_gives_nothing():
    a = art("rain", "In 2024 rainfall stayed above 400 mm for the third consecutive year.\n\n"
                    "Reservoir levels were 380 mm in 2022.\n")
    assert audit_of(a)[1] == []


def test_a_rising_streak_broken_by_a_fall_in_the_series():
    a = art("exp", "Exports were $41.2 billion in 2021. Exports were $39.8 billion in 2022. Exports were $44.0 billion in 2023.\n\n"
                   "In 2023 exports rose for a third consecutive year.\n")
    found = audit_of(a)[1]
    assert [(f.rule, f.severity.value) for f in found] == [("V209", "error")]
    assert "2021 $41.2 billion to 2022 $39.8 billion" in found[0].message


def test_chinese_streak_with_an_elided_subject_against_a_primary_series_is_a_warning():
    story = dated(art("story", "2024年全市旅游收入为530亿元，比2023年的486亿元增加44亿元，连续第三年突破500亿元。\n"), "2024-03-02")
    bureau = art("bureau", "全市旅游收入：2022年为452亿元，2023年为486亿元。\n", tier="primary")
    claims, found = audit_of(story, bureau)
    assert [(f.rule, f.severity.value) for f in found] == [("V209", "warning")]
    f = found[0]
    assert "2023: 486亿元" in f.message and "needs review" in f.message
    quotes = {c.id: (c.source, c.anchor.quote) for c in claims}
    assert ("story", "连续第三年") in [quotes[i] for i in f.claims] and ("bureau", "452亿元") in [quotes[i] for i in f.claims]


def test_a_streak_of_another_measured_thing_is_not_checked_against_the_series():
    a = art("trade", "Imports were 380 million tonnes in 2022 and 455 million tonnes in 2023.\n\n"
                     "In 2024 exports stayed above 400 million tonnes for the third consecutive year.\n")
    assert audit_of(a)[1] == []


def test_a_monthly_streak_broken_by_the_monthly_series_is_a_warning_when_its_month_is_unstated():
    a = dated(art("jobs", "The jobless rate was 5.1% in January 2025, 5.3% in February 2025 and 5.0% in March 2025.\n\n"
                          "The jobless rate fell for a third consecutive month.\n"), "2025-04-02")
    found = audit_of(a)[1]
    assert [(f.rule, f.severity.value) for f in found] == [("V209", "warning")]
    assert "2025-01 5.1% to 2025-02 5.3%" in found[0].message and "2025-04 or 2025-03" in found[0].message


def test_a_monthly_streak_the_series_confirms_gives_nothing():
    a = dated(art("jobs", "The jobless rate was 5.4% in January 2025, 5.3% in February 2025 and 5.0% in March 2025.\n\n"
                          "The jobless rate fell for a third consecutive month.\n"), "2025-04-02")
    assert audit_of(a)[1] == []


# -- V210: opposite streaks -------------------------------------------------------------------------


def test_opposite_streaks_in_one_article_are_a_warning_that_names_the_side_the_article_supports():
    a = art("hosp", "Hospital admissions were expected to fall for a fifth consecutive week, officials said.\n\n"
                    "Admissions have risen every week this winter. The new wards opened ahead of a fifth consecutive increase.\n")
    claims, found = audit_of(a)
    assert [(f.rule, f.severity.value) for f in found] == [("V210", "warning")]
    f = found[0]
    assert f.stated.low == 5 and "agrees with 'fifth consecutive increase'" in f.message
    assert [c.anchor.quote for c in claims if c.id in f.claims] == ["fifth consecutive week", "fifth consecutive"]
    assert "'fifth consecutive increase' (rises)" in f.message


def test_opposite_streaks_of_different_things_or_counts_give_nothing():
    a = art("trade", "Exports rose for a third consecutive month. Imports fell for a third consecutive month.\n"
                     "Tariff revenue fell for a second consecutive month.\n")
    assert audit_of(a)[1] == []


def test_a_direction_for_every_period_of_another_time_gives_nothing():
    a = art("jobs", "The unemployment rate fell for a fourth consecutive month.\n\nLast year it had risen every month.\n")
    assert audit_of(a)[1] == []


def test_opposite_streaks_dated_apart_give_nothing():
    a = art("shop", "Retail sales fell for a third straight month in March, after rising for a third straight month last year.\n"
                    "零售额3月连续三个月下降。去年零售额曾连续三个月增长。\n")
    assert audit_of(a)[1] == []


def test_chinese_opposite_streaks_of_one_thing():
    a = art("jobs", "城镇调查失业率连续5个月下降。\n\n分析人士指出，城镇调查失业率已连续5个月上升。\n")
    found = audit_of(a)[1]
    assert [(f.rule, f.severity.value) for f in found] == [("V210", "warning")]


def test_a_streak_against_a_direction_stated_for_every_period():
    a = art("jobs", "The unemployment rate fell for a fourth consecutive month.\n\nJoblessness has risen every month since the spring.\n")
    found = audit_of(a)[1]
    assert [(f.rule, f.severity.value) for f in found] == [("V210", "warning")]
    assert "Joblessness has risen every month since the spring." in found[0].message


# -- V110: rankings ---------------------------------------------------------------------------------


def test_a_ranking_contradicted_by_its_values_is_an_error():
    a = art("vote", "Ohio came first with a turnout of 61% and Iowa came second with a turnout of 64%.\n")
    claims, found = audit_of(a)
    assert [(f.rule, f.severity.value) for f in found] == [("V110", "error")]
    assert "61% is given place 1 and 64% place 2" in found[0].message
    assert (found[0].stated.low, found[0].stated.high) == (60.5, 61.5)


def test_a_ranking_whose_values_name_no_measured_thing_is_a_warning():
    a = art("vote", "In the turnout table, Ohio came first with 61% and Iowa came second with 64%.\n")
    found = audit_of(a)[1]
    assert [(f.rule, f.severity.value) for f in found] == [("V110", "warning")]
    assert "needs review: measured thing of vote-x001 not decided with confidence" in found[0].message


def test_a_ranking_that_agrees_gives_nothing():
    a = art("vote", "In the turnout table, Ohio came first with 71% and Iowa came second with 64%.\n")
    assert audit_of(a)[1] == []


def test_a_ranking_of_different_years_or_units_gives_nothing():
    years = art("vote", "Ohio came first with 71% in 2020 and Iowa came second with 74% in 2016.\n")
    units = art("farm", "Iowa ranked first with 12,000 farms and Ohio ranked second with 14,000 tonnes.\n")
    assert audit_of(years)[1] == [] and audit_of(units)[1] == []


def test_a_rate_is_not_ranked_against_a_count():
    a = art("flu", "The county came first with 12 cases per 100,000 residents, and the city came second with 15 cases.\n")
    assert audit_of(a)[1] == []


def test_a_ranking_from_the_bottom_is_read_the_other_way():
    a = art("jobs", "With the lowest jobless rates, Utah ranked first at 2.9% and Idaho ranked second at 3.4%.\n")
    assert audit_of(a)[1] == []


def test_chinese_top_group_and_third_place_against_their_values():
    a = art("rain", "各省份中，甲省和乙省位列全国前两名，降水量分别为1380毫米和950毫米；丙省以1060毫米位居第三，丁省为920毫米。\n")
    found = audit_of(a)[1]
    assert [f.rule for f in found] == ["V110"]
    assert "950毫米 is given among the first 2 and 1060毫米 place 3" in found[0].message


def test_chinese_ranking_that_agrees():
    a = art("rain", "甲省和乙省位列全国前两名，降水量分别为1380毫米和1150毫米；丙省以1060毫米位居第三。\n")
    assert audit_of(a)[1] == []


def test_english_top_group_against_the_place_after_it():
    a = art("vote", "Ohio and Iowa were the top two, with turnout of 71% and 62% respectively; Utah came third with turnout of 66%.\n")
    found = audit_of(a)[1]
    assert [f.rule for f in found] == ["V110"]
    assert "62% is given among the first 2 and 66% place 3" in found[0].message


def test_at_least_is_no_ranking_from_the_bottom():
    a = art("vote", "At least two counties reported. Ohio came first with a turnout of 61% and Iowa came second with a turnout of 64%.\n")
    assert [f.rule for f in audit_of(a)[1]] == ["V110"]


def test_opposite_streaks_across_articles_of_one_month_are_a_warning():
    a = dated(art("wire", "The unemployment rate fell for a third consecutive month.\n"), "2025-05-02")
    b = dated(art("daily", "The unemployment rate rose for a third consecutive month.\n"), "2025-05-03")
    c = dated(art("weekly", "The unemployment rate rose for a third consecutive month.\n"), "2025-09-01")
    found = audit_of(a, b, c)[1]
    assert [(f.rule, f.source, f.severity.value) for f in found] == [("V210", "daily", "warning")]
    assert "in daily and wire" in found[0].message or "in wire and daily" in found[0].message
