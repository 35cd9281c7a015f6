"""The time each figure is for: scope ``year`` and ``months`` read figure by figure from the grammar
(verifier/extract/time_frames.py, periods.py), through the real extraction path.

Every sentence here is written for the test, in varied domains and both languages."""

from __future__ import annotations

import pytest

from builders import art
from verifier.extract import extract_claims
from verifier.extract.time_frames import time_of


def times(body: str) -> list[tuple[str, str | None, str | None]]:
    """(quote, year, months) of every claim extracted from ``body`` that is no date."""
    return [(c.anchor.quote, c.scope.get("year"), c.scope.get("months"))
            for c in extract_claims(art("t", body + "\n")) if c.metric != "date"]


@pytest.mark.parametrize("body, want", [
    # a level of years of age takes the year of its own phrase, else the sentence's frame
    ("2021年,我国居民人均预期寿命由2020年的76.85岁提高到77.6岁。",
     [("76.85岁", "2020", None), ("77.6岁", "2021", None)]),
    ("全省居民人均预期寿命从2015年的76.34岁提高到2019年的77.3岁。",
     [("76.34岁", "2015", None), ("77.3岁", "2019", None)]),
    ("In 2022, the median age of farm operators was 58.1 years.", [("58.1 years", "2022", None)]),
    ("In 2023, the average commute in the city was 27.6 minutes.", [("27.6 minutes", "2023", None)]),
    # a span stays undated unless a time is bound to it
    ("2022年，全市空气质量优良天数为335天。", [("335天", None, None)]),
    ("He served as harbour master for 14 years.", [("14 years", None, None)]),
])
def test_durations_that_are_levels_get_their_year_and_spans_do_not(body, want):
    assert times(body) == want


@pytest.mark.parametrize("body, want", [
    # 'a year earlier' bound to a figure counts from the year printed before it, bound or not
    ("Enrolment rose to 48,300 in 2024, up from 46,900 a year earlier.",
     [("48,300", "2024", None), ("46,900", "2023", None)]),
    # a relative clause of time ('…in 2021, when …') is that year's
    ("Admissions fell to 8,400 in 2022 from 9,100 in 2021, when the county recorded 1,230 flu deaths.",
     [("8,400", "2022", None), ("9,100", "2021", None), ("1,230", "2021", None)]),
    # the start of a change takes its own year or month, the end its own, or the frame's
    ("The jobless rate fell from 14.7 percent in April to 13.3 percent in May.",
     [("14.7 percent", None, "4"), ("13.3 percent", None, "5")]),
    ("In 2020 the jobless rate fell from 14.7 percent in April to 13.3 percent in May.",
     [("14.7 percent", "2020", "4"), ("13.3 percent", "2020", "5")]),
    ("Ticket sales rose to $8 million in 2023 from $5 million in 2022.",
     [("$8 million", "2023", None), ("$5 million", "2022", None)]),
    # a list distributes its years
    ("Hospital admissions grew 17% in 2015, 5% in 2016 and 4% in 2017.",
     [("17%", "2015", None), ("5%", "2016", None), ("4%", "2017", None)]),
    ("全国高校毕业生人数分别为2022年的1205万人和2023年的1263万人。",
     [("1205万", "2022", None), ("1263万", "2023", None)]),
    # the reach is counted in words: a long name between reaches as far as a short one
    ("Wind power supplied 18.4% of Quarwickwood's electricity in 2011.", [("18.4%", "2011", None)]),
])
def test_each_figure_takes_the_time_bound_to_it(body, want):
    assert times(body) == want


@pytest.mark.parametrize("body, want", [
    ("2023年7月,16—24岁青年调查失业率上升至21.3%。", [("21.3%", "2023", "7")]),
    ("2022年全国粮食总产量达到68653万吨，比上年增加368万吨。", [("68653万吨", "2022", None), ("368万吨", "2022", None)]),
    ("In 2022 the county spent $4.2 billion on schools.", [("$4.2 billion", "2022", None)]),
    ("In April 2023, the wind farms generated 310 GWh.", [("310 GWh", "2023", "4")]),
    ("June's unemployment rate was 4.1%.", [("4.1%", None, "6")]),
    ("2023年上半年，全国新能源汽车销量为375万辆。", [("375万", "2023", "1-6")]),
    ("2023年前三季度，全省粮食产量为3200万吨，其中三季度为900万吨。",
     [("3200万吨", "2023", "1-9"), ("900万吨", "2023", "7-9")]),
    ("In the first quarter of 2023, the airline carried 4.2 million passengers, up 12% from a year earlier.",
     [("4.2 million", "2023", "1-3"), ("12%", "2023", "1-3")]),
])
def test_a_frame_opening_the_sentence_holds_for_its_figures(body, want):
    got = times(body)
    assert [g for g in got if g[0] in {w[0] for w in want}] == want


@pytest.mark.parametrize("body, want", [
    ("截至11月底，全国铁路旅客发送量36.2亿人次。", [("36.2亿", None, "1-11")]),
    ("截至2023年11月末，全国累计建成充电桩859万台。", [("859万", "2023", "1-11")]),
    ("单看11月，全国铁路旅客发送量2.87亿人次。", [("2.87亿", None, "11")]),
    ("11月份当月，全省发电量为210亿千瓦时。", [("210亿千瓦时", None, "11")]),
    ("Through the end of November, the railway carried 3.8 billion passengers; in November alone it carried 304 million.",
     [("3.8 billion", None, "1-11"), ("304 million", None, "11")]),
])
def test_cumulative_and_single_months(body, want):
    assert times(body) == want


@pytest.mark.parametrize("body, want", [
    # a time counted from the writing stays unresolved and keeps the frame off its figure
    ("去年，该市地区生产总值为5000亿元。", [("5000亿元", None, None)]),
    ("Last year the co-op harvested 1,200 tonnes of wheat.", [("1,200 tonnes", None, None)]),
    # the year before the sentence's printed year is certain
    ("In 2022, the port's revenue rose to $5 billion from $3 billion a year earlier.",
     [("$5 billion", "2022", None), ("$3 billion", "2021", None)]),
    ("2022年全市一般公共预算收入820亿元，上年同期为760亿元。", [("820亿元", "2022", None), ("760亿元", "2021", None)]),
    # a comparison's base year is no figure's own year
    ("Wheat output was 5% higher than in 2021.", [("5%", None, None)]),
])
def test_relative_and_base_years(body, want):
    assert times(body) == want


def test_time_of_offsets_in_a_sentence():
    text = "2021年,我国居民人均预期寿命由2020年的76.85岁提高到77.6岁"
    assert time_of(text, text.index("76.85"), text.index("76.85") + 6) == ("2020", None)
    assert time_of(text, text.index("77.6岁"), text.index("77.6岁") + 5) == ("2021", None)
    assert time_of(text, text.index("77.6岁"), text.index("77.6岁") + 5, dated=False) == (None, None)


@pytest.mark.parametrize("body, want", [
    # a time that dates an event in an attributive clause is no frame of the figures
    ("The survey published in May showed that 41% of dairy farms had broadband.", [("41%", None, None)]),
    ("今年7月发布的统计公报显示，全省粮食播种面积为1.2亿亩。", [("1.2亿亩", None, None)]),
    # a time after 'since' starts a span: no frame
    ("The stadium's cost has climbed to $2.3 billion since October 2019.", [("$2.3 billion", None, None)]),
    # an English time inside a clause holds to its end only
    ("In 2003 the line carried 12 million riders, but planners now expect 30 million.",
     [("12 million", "2003", None), ("30 million", None, None)]),
    # a Chinese frame holds over the comma-joined clauses after it, also mid-sentence
    ("货运方面，1至11月全国铁路货运发送量47.15亿吨，同比增长2.5%。",
     [("47.15亿吨", None, "1-11"), ("2.5%", None, "1-11")]),
])
def test_event_times_spans_and_the_reach_of_a_frame(body, want):
    assert times(body) == want
