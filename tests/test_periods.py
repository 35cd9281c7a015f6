"""The part of a year a figure is for: a cumulative period ('1-11月', 'the first three quarters')
or one month ('11月当月') is its scope `months`, and a monthly figure never contradicts a cumulative one."""

from __future__ import annotations

import pytest

from builders import art, corpus, findings
from verifier.extract import extract_claims
from verifier.extract.periods import NEEDS, months_of
from verifier.quantities import extract as quantities
from verifier.quantities.not_claims import why_not_a_claim


@pytest.mark.parametrize("head, want", [
    ("1-11月，全国铁路完成旅客发送量", "1-11"),
    ("今年1至11月份，全省粮食收购量", "1-11"),
    ("前11个月，全市出口额", "1-11"),
    ("前三季度，地区生产总值", "1-9"),
    ("三季度，地区生产总值", "7-9"),
    ("11月份当月，旅客发送量为", "11"),
    ("今年以来，新增就业", "ytd"),
    ("In the first eleven months, exports", "1-11"),
    ("In the first three quarters, output", "1-9"),
    ("From January through November, sales", "1-11"),
    ("Year-to-date sales", "ytd"),
    ("截至11月底，全省公路客运量", "1-11"),
    ("截至今年6月底，全省风电装机", "1-6"),        # a relative year inside: its year is the publication's
    ("截至去年9月末，全市存款余额", "1-9"),
    ("到9月末，全市新增就业", "1-9"),
    ("单看11月，旅客发送量", "11"),
    ("1月至11月，全省粮食收购量", "1-11"),
    ("2023年7月，青年调查失业率", "7"),
    ("上半年，全省发电量", "1-6"),
    ("Through the end of November, the railway", "1-11"),
    ("In November alone, the railway", "11"),
    ("The July data showed that wages", "7"),
    ("In the second half of 2023, exports", "7-12"),
    ("Third-quarter wheat exports", "7-9"),
    ("7月1日起，新规实施", None),         # a day's date: no period
    ("11月底前完成", None),             # the end of a month is no period without 截至/到
    ("The team scored in the fourth quarter", None),  # a game's quarter
    ("短期来看（6-12个月），", None),  # a horizon of months, no period of the year
    ("In 2025, sales", None),
])
def test_the_period_a_figure_is_for(head, want):
    assert months_of(head) == want


GUARDED = ["1-11月，今年1至11月份，前三季度，第三季度，11月份当月，单月，截至2023年11月底，单看11月，上半年，7月",
           "In the first eleven months, Year-to-date, so far this YEAR, from January through November, through the "
           "end of November, in November alone, the July data, April 2023, June's rate, the first quarter of 2023, "
           "third-quarter output, Q3 2023, 2023 Q4, the second half of 2023, first-half sales, the firſt three quarters"]


@pytest.mark.parametrize("rx", list(NEEDS), ids=lambda rx: rx.pattern[:30])
def test_every_match_of_a_period_holds_what_its_guard_looks_for(rx):
    """A period pattern is not run on a text without its guard (:data:`NEEDS`): the guard must
    be in every match, or a period would be lost."""
    need = NEEDS[rx]
    matched = [m.group(0) for text in GUARDED for m in rx.finditer(text)]
    assert matched, rx.pattern
    for found in matched:
        assert (need in found) if isinstance(need, str) else need.search(found), (rx.pattern, found)


def test_the_numbers_of_a_period_are_no_claims():
    body = "1-11月，全国铁路完成旅客发送量36.2亿人次，前11个月累计增长12%。\n"
    quotes = [c.anchor.quote for c in extract_claims(art("p1", body))]
    assert "1-11" not in quotes and "11个月" not in quotes and "36.2亿" in quotes
    reasons = {q.surface: why_not_a_claim(q, body[q.end:q.end + 12], body[max(0, q.start - 4):q.start]) for q in quantities(body)}
    assert reasons["1-11"] == "a period of the year" and reasons["11个月"] == "a period of the year"


def test_a_month_never_contradicts_the_months_to_date():
    a = art("r1", "1-11月，蓝海铁路局旅客发送量为36.2亿人次。\n")
    b = art("r2", "11月份当月，蓝海铁路局旅客发送量为2.87亿人次。\n")
    claims = extract_claims(a) + extract_claims(b)
    assert {c.scope.get("months") for c in claims if c.subject} == {"1-11", "11"}
    assert findings(corpus([a, b], claims), "V201") == []


def test_two_figures_for_the_same_months_still_meet():
    a = art("r3", "1-11月，蓝海铁路局旅客发送量为36.2亿人次。\n")
    b = art("r4", "1至11月，蓝海铁路局旅客发送量为40.2亿人次。\n")
    found = findings(corpus([a, b], extract_claims(a) + extract_claims(b)), "V201")
    assert [f.rule for f in found] == ["V201"]
