"""Issue 37: things that are not quantities, and sums the text never states.

Mechanisms, each tested on made-up sentences (quiet / still fires / boundary):

1. A decade name, a day of the month, a clock time, the number of a list item or a number
   inside a name is not a quantity and becomes no claim and no operand
   (:func:`verifier.quantities.not_claims.not_a_quantity`).
2. A total is checked against a sum of parts only when the text states them as its parts: a
   parts word (其中, including) between the total and its first part, or a list of siblings with
   no total or parts word of its own between them, each counting with the same counter word.
3. 'The rest of one whole' is read only from a rest word that opens its item ('其余7%'),
   not one qualified by a name ('湖北其他地区', the rest of a part).
"""

from __future__ import annotations

import pytest

from tests.builders import art, corpus, findings
from verifier.extract import extract_claims
from verifier.quantities import extract as quantities
from verifier.quantities.not_claims import why_not_a_claim


def _reason(text: str, surface: str) -> str | None:
    q = next(q for q in quantities(text) if q.surface == surface)
    return why_not_a_claim(q, text[q.end:q.end + 12], text[max(0, q.start - 12):q.start])


def _quotes(body: str) -> list[str]:
    return [c.anchor.quote for c in extract_claims(art("nq", body))]


def _v108(body: str) -> list[tuple[str, str]]:
    a = art("nq", body)
    return [(f.severity.value, f.message.split(" (")[0].split("stated ")[1]) for f in findings(corpus([a], extract_claims(a)), "V108")]


# 1. not quantities ----------------------------------------------------------------------------

@pytest.mark.parametrize("text, surface, reason", [
    ("他出生于上世纪50年代的农村。", "50年", "a decade of the calendar"),
    ("七十年代以来，这里的人口翻了一番。", "七十年", "a decade of the calendar"),
    ("Prices were lower in the 70s, he said.", "70s", "a decade of the calendar"),
    ("新增确诊病例320例，较17日减少45例。", "17日", "a day of the month"),
    ("他于当晚10点半离开医院。", "10", "a clock time"),
    ("会议下午3点开始。", "3", "a clock time"),
    ("名单如下：\n3、张家三口人，均已隔离。", "3", "the number of an item of a list"),
    ("参考文献\n7. 某某报道，2019年。", "7", "the number of an item of a list"),
    ("Sources:\n4. A report by the city council.", "4", "the number of an item of a list"),
    ("他住在陆家巷的一间出租屋。", "陆", "part of a name"),
])
def test_a_point_of_the_calendar_or_clock_a_list_number_or_a_name_is_no_quantity(text: str, surface: str, reason: str) -> None:
    assert _reason(text, surface) == reason


@pytest.mark.parametrize("text, surface", [
    ("这家工厂已经运营了50年。", "50年"),            # a length of years, no 代 after it
    ("Races are timed to 70s or better.", "70s"),      # seconds: no 'the' before
    ("连续5日新增病例下降。", "5日"),                  # a length of days
    ("7日内完成排查。", "7日"),
    ("近7日新增病例下降。", "近7日"),                  # an approximate length of days
    ("本市新增病例分别为3、5、7例。", "3"),            # items of a list of counts inside a sentence
    ("上涨9点，创下新高。", "9"),                      # 点 without a clock shape or a part of the day
    ("共收到人民币陆万元捐款。", "人民币陆万"),          # a capital numeral in an amount of money
])
def test_the_same_numbers_as_amounts_stay_quantities(text: str, surface: str) -> None:
    assert _reason(text, surface) is None


def test_boundary_a_list_number_is_told_by_the_line_it_opens() -> None:
    assert _reason("情况如下。2、一家人均已隔离。", "2") == "the number of an item of a list"  # after a sentence's end
    assert _reason("本周新增病例，2、3月份以来最少。", "2") is None                     # inside a sentence
    assert _quotes("1. The county reported 40 new cases.\n") == ["40"]


def test_a_day_of_the_month_is_no_operand_but_the_change_is_still_checked() -> None:
    assert _v108("截至25日，重症病例5200例、危重症病例900例，较22日分别减少180例、60例。\n") == []
    # the same shape with the base printed: the date stays out, 5300 − 5200 is checked
    assert _v108("截至25日，全省重症病例为5200例，较22日的5300例减少180例。\n") == [("error", "180")]


def test_decades_make_no_claims_but_a_duration_does() -> None:
    assert _quotes("上世纪50年代，这座工厂有工人3000人。\n") == ["3000"]
    assert "50年" in _quotes("这座工厂已经运营了50年，有工人3000人。\n")


# 2. sums the text never states ----------------------------------------------------------------

def test_a_bulletin_of_different_counts_is_no_sum() -> None:
    body = "截至3月5日，22个省（区、市）报告的确诊病例增至1830例，其中重症病例270例，累计死亡病例45例，累计治愈出院38例，现有疑似病例3200例。\n"
    assert _v108(body) == []


def test_parts_counted_in_another_counter_are_no_parts() -> None:
    assert _v108("据报告，累计排查病例30例，完成调查核实22例，其中东区10个摊位、西区2个摊位，为14人。\n") == []
    assert _v108("全市共有病例30例，其中东区10个摊位、西区2个摊位。\n") == []  # boundary: 其中 right after, stalls


@pytest.mark.parametrize("body", [
    "全市共有病例30例，其中东区10例、西区2例和南区3例。\n",
    "全市共有学校330所，其中小学180所、初中100所和高中40所。\n",
    "小学180所、初中100所和高中40所，合计330所。\n",
    "180 primary, 100 middle and 40 high schools, 330 in all.\n",
    "共有患者300名，其中男性120人、女性170人。\n",  # boundary: 名 and 人 count the same people
])
def test_a_stated_sum_that_is_wrong_still_fires(body: str) -> None:
    assert [sev for sev, _ in _v108(body)] == ["error"]


# 3. the rest of one whole ---------------------------------------------------------------------

@pytest.mark.parametrize("body, want", [
    ("患者中，广州占到61.0%，广东其他地区占24.3%。\n", []),                  # the rest of Guangdong, not of the whole
    ("患者中，广州占到61.0%，其他地区占24.3%。\n", [("warning", "24.3%")]),    # says it is the rest: 100 − 61.0 ≠ 24.3
    ("患者中，广州占到61.0%，其他地区占39.0%。\n", []),
    ("民调中52%赞成，38%反对，其余7%未表态。\n", [("warning", "7%")]),
    ("52% for, 38% against and 7% undecided.\n", [("warning", "7%")]),
    ("Of the patients, 61.0% were in Boston and 24.3% in Boston's other suburbs.\n", []),
    ("Of the patients, 61.0% were in Boston and 24.3% in the other suburbs.\n", [("warning", "24.3%")]),
    ("In the poll, 52% backed Smith, 38% backed Jones and 7% were undecided.\n", [("warning", "7%")]),
])
def test_the_rest_of_one_whole_only_when_the_rest_word_opens_its_item(body: str, want: list) -> None:
    assert _v108(body) == want
