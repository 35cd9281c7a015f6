"""Proportions and rates with a stated base (:mod:`verifier.quantities.proportions`).

Each text is written for this test, in domains of budgets, polls, hospitals and health
statistics, English and Chinese; each asserts the value, the base size and the base noun read.
"""

from __future__ import annotations

import pytest

from verifier.quantities import extract
from verifier.quantities.proportions import Base, read_bases


def bases(text: str) -> list[Base]:
    return read_bases(text, extract(text))


def only(text: str) -> Base:
    got = bases(text)
    assert len(got) == 1, got
    return got[0]


PROPORTIONS = {
    # text: (value, size, base noun, the count figure it starts at)
    "Parks take 14 cents of every dollar the county spends.": (0.14, 100, "dollar", "14 cents"),
    "Parks take 14 cents of every budget dollar the county spends.": (0.14, 100, "dollar", "14 cents"),
    "About 35 of every 100 patients recovered within a week.": (0.35, 100, "patients", "About 35"),
    "The survey found one in four voters undecided.": (0.25, 4, "voters", "one"),
    "Only 3 out of 10 voters backed the levy.": (0.3, 10, "voters", "3"),
    "Of every 100 people tested at the clinic, 12 were positive.": (0.12, 100, "people", "12"),
    "每100人中有35人接种了疫苗。": (0.35, 100, "人", "35"),
    "全市每10个人中就有3个是老人。": (0.3, 10, "人", "3"),
    "五分之一的成年人患有高血压。": (0.2, None, "成年人", "五分之一"),
    "十个人中就有三个参加了投票。": (0.3, 10, "人", "三"),
}


@pytest.mark.parametrize("text", PROPORTIONS)
def test_a_proportion_is_read_with_its_value_and_base(text):
    value, size, noun, figure = PROPORTIONS[text]
    b = only(text)
    assert b.kind == "proportion"
    assert b.value == pytest.approx(value)
    assert b.size == size and b.noun == noun
    assert text[b.count:].startswith(figure)  # the count figure (a word numeral the quantity layer leaves alone, too)


RATES = {
    # text: (value, size, base noun or None, event or None)
    "The ward recorded 2.1 infections per 1,000 patient-days in 2024.": (2.1, 1000, "patient-days", "infections"),
    "The county's birth rate was 9.4 births per 1,000 women last year.": (9.4, 1000, "women", "births"),
    "For every 1,000 residents, there were 2.4 doctors.": (2.4, 1000, "residents", "doctors"),
    "The death rate was 8.1 per thousand.": (8.1, 1000, None, None),
    "全省每千人口拥有执业医师3.2人。": (3.2, 1000, "人口", "执业医师"),
    "全市每千人3.6张病床。": (3.6, 1000, "人", "病床"),
    "全市死亡率为7.1‰。": (7.1, 1000, None, None),
}


@pytest.mark.parametrize("text", RATES)
def test_a_rate_is_read_with_its_event_base_and_size(text):
    value, size, noun, event = RATES[text]
    b = only(text)
    assert b.kind == "rate"
    assert (b.value, b.size, b.noun, b.event) == (pytest.approx(value), size, noun, event)


def test_a_chinese_share_keeps_its_whole_without_the_words_of_the_share():
    b = only("风电装机占全省总发电装机的比重达到31.5%。")
    assert (b.kind, b.value, b.whole, b.size) == ("proportion", pytest.approx(0.315), "全省总发电装机", None)
    assert bases("该项目占比为31.5%。") == []  # 占比: a share with no whole named


def test_a_whole_is_kept_with_its_qualifier_and_its_universal_word():
    b = only("Transit takes 9.5% of the city's U.S. revenue. Next year it will grow.")
    assert (b.kind, b.value, b.noun, b.whole) == ("proportion", pytest.approx(0.095), "revenue", "the city's U.S. revenue")
    assert not b.every
    e = only("Transit takes 9.5 cents of every revenue dollar the city collects.")
    assert e.every and e.whole == "revenue dollar the city collects" and e.value == pytest.approx(0.095)


NOT_BASES = [
    "Sales rose 5 in 2020.",              # a year is no base
    "每公里电耗1.3千瓦时。",                # a unit per a unit is a rate of the quantity layer, not a base
    "每年营收300亿美元。",                  # a period, not a base
    "He scored 3 in the first half.",     # no count of a base after 'in'
    "Sales fell one in five in April.",   # a month after 'one in five' is no base noun
    "每一个模型乘每一颗芯片，都是一笔账。",   # 每一 is 'each', no base
    "Fares cost $2 of every trip.",       # no size and no money subunit: no proportion
]


@pytest.mark.parametrize("text", NOT_BASES)
def test_figures_without_a_base_give_none(text):
    assert bases(text) == []


def test_the_quantities_themselves_are_unchanged():
    text = "Of every 100 people tested, 12 were positive; 6.77 births per 1,000 women."
    before = extract(text)
    bases(text)
    assert extract(text) == before
