"""Change and comparison language end to end (rules V108, V109): an article is written, its
claims extracted, and the rules run; the codes and severities found are asserted.

Every sentence is written for this test, in domains the shipped corpus does not cover (budgets,
health, jobs, energy, elections, transport, farming). For each construction and language there
is a case that fires, one that stays quiet (a correct figure), one at the rounding boundary that
is right only within its printed precision (quiet) and one just outside it (fires). The bands
are the printed ones: '4.12%' stands for [4.115, 4.125], '0.4' for [0.35, 0.45].
"""

from __future__ import annotations

import pytest

from tests.builders import art, corpus, findings
from verifier.extract import extract_claims

ERR, WARN = ("V108", "error"), ("V108", "warning")
FALL = ("V109", "warning")


def found(body: str) -> list[tuple[str, str]]:
    """(code, severity) of the V108 / V109 findings on the article ``body``, sorted."""
    source = art("d", body)
    return sorted((f.rule, f.severity.value) for f in findings(corpus([source], extract_claims(source)), "V108", "V109"))


def derived_of(body: str) -> list[tuple[str, str | None, str | None]]:
    """(op, direction, basis) of the derived claims extracted from ``body``."""
    return [(c.derived.op, c.derived.direction, c.derived.basis) for c in extract_claims(art("d", body)) if c.derived]


def message(body: str) -> str:
    source = art("d", body)
    (f,) = findings(corpus([source], extract_claims(source)), "V108", "V109")
    return f.message


CASES = {
    # 0. a sentence that restates the one before it ('In other words, …', '也就是说，…') -------------
    "restated en fires": ("The county's road budget rose by 40 percent. In other words, it climbed from $1.2 billion to $1.5 billion.", [ERR]),
    "restated en quiet": ("The county's road budget rose by 25 percent. In other words, it climbed from $1.2 billion to $1.5 billion.", []),
    "restated zh fires": ("该市财政收入增长了40%。也就是说，从120亿元增加到150亿元。", [ERR]),
    "restated zh quiet": ("该市财政收入增长了25%。也就是说，从120亿元增加到150亿元。", []),
    "not restated en": ("The county's road budget rose by 40 percent. Separately, spending climbed from $1.2 billion to $1.5 billion.", []),
    # 1. percent vs percentage points vs per mille --------------------------------------------
    "pp en quiet": ("The jobless rate rose from 4.1% to 4.5%, an increase of 0.4 percentage points.", []),
    "pp en fires": ("The jobless rate rose from 4.1% to 4.5%, an increase of 0.6 percentage points.", [ERR]),
    "pp en stated as %": ("The jobless rate rose from 4.1% to 4.5%, an increase of 0.4%.", [WARN]),
    "pp en edge in": ("The vacancy rate rose from 4.12% to 4.47%, a rise of 0.4 percentage points.", []),
    "pp en edge out": ("The vacancy rate rose from 4.12% to 4.47%, a rise of 0.37 percentage points.", [ERR]),
    "pp zh quiet": ("城镇调查失业率由5.10%提高到5.60%，提高0.50个百分点。", []),
    "pp zh fires": ("城镇调查失业率由5.10%提高到5.60%，提高0.40个百分点。", [ERR]),
    "pp zh stated as %": ("城镇调查失业率由5.10%提高到5.60%，提高0.50%。", [WARN]),
    "pp zh edge in": ("全省森林覆盖率由5.12%提高到5.47%，提高0.4个百分点。", []),
    "pp zh edge out": ("全省森林覆盖率由5.12%提高到5.47%，提高0.37个百分点。", [ERR]),
    "permille zh quiet": ("全市每1000人中有7.42人出生，人口出生率为7.42‰。", []),
    "permille zh fires": ("全市每1000人中有7.42人出生，人口出生率为7.05‰。", [ERR]),
    "permille zh edge in": ("全市每1000人中有7.42人出生，人口出生率为7.4‰。", []),
    "permille zh edge out": ("全市每1000人中有7.42人出生，人口出生率为7.5‰。", [ERR]),
    # 2. 'x times more' (x or 1 + x) vs 'x times as much' (x) ---------------------------------
    "more en quiet as x": ("Flu admissions reached 1,200, three times more than the 400 of last winter.", []),
    "more en quiet as 1+x": ("Flu admissions reached 1,600, three times more than the 400 of last winter.", []),
    "more en fires": ("Flu admissions reached 2,000, three times more than the 400 of last winter.", [ERR]),
    "more en edge in": ("The mill ground 3,540 t, 2.5 times more than the 1,000 t of the old mill.", []),
    "more en edge out": ("The mill ground 3,560 t, 2.5 times more than the 1,000 t of the old mill.", [ERR]),
    "as much en quiet": ("Solar farms produced 1,200 MW, three times as much as the 400 MW of 2019.", []),
    "as much en fires (1+x)": ("Solar farms produced 1,600 MW, three times as much as the 400 MW of 2019.", [ERR]),
    "as much en edge in": ("Solar farms produced 1,018 MW, 2.5 times as much as the 400 MW of 2019.", []),
    "as much en edge out": ("Solar farms produced 1,030 MW, 2.5 times as much as the 400 MW of 2019.", [ERR]),
    # 3. 翻一番 / 翻两番 / 翻三番, doubled, tripled, halved ------------------------------------------
    "翻两番 quiet": ("全市快递业务量从60亿件增长到240亿件，翻了两番。", []),
    "翻两番 fires": ("全市快递业务量从60亿件增长到180亿件，翻了两番。", [ERR]),
    "翻一番 quiet": ("全县光伏装机从35万千瓦增长到70万千瓦，翻了一番。", []),
    "翻三番 quiet": ("全市快递业务量从60亿件增长到480亿件，翻了三番。", []),
    "翻三番 fires": ("全市快递业务量从60亿件增长到400亿件，翻了三番。", [ERR]),
    "翻两番 edge in": ("全市快递业务量从60亿件增长到250亿件，翻了两番。", []),
    "翻两番 edge out": ("全市快递业务量从60亿件增长到260亿件，翻了两番。", [ERR]),
    "doubled quiet": ("Enrolment in the night school doubled from 1,500 to 3,000.", []),
    "doubled fires": ("Enrolment in the night school doubled from 1,500 to 3,400.", [ERR]),
    "doubled edge in": ("Enrolment in the night school doubled from 1,500 to 3,120.", []),
    "doubled edge out": ("Enrolment in the night school doubled from 1,500 to 3,200.", [ERR]),
    "doubled reversed": ("Enrolment in the night school doubled to 3,400 from 1,500.", [ERR]),
    "tripled quiet": ("Offshore wind capacity tripled from 12 GW to 36 GW.", []),
    "tripled fires": ("Offshore wind capacity tripled from 12 GW to 30 GW.", [ERR]),
    "halved quiet": ("Road deaths in the county halved from 800 to 400.", []),
    "halved fires": ("Road deaths in the county halved from 800 to 500.", [ERR]),
    # 4. 增长了x倍 (1 + x, or x) vs 是…的x倍 (x) -------------------------------------------------
    "增长了x倍 quiet as 1+x": ("今年全县小麦产量为36万吨，比上年的12万吨增长了两倍。", []),
    "增长了x倍 quiet as x": ("今年全县小麦产量为36万吨，比上年的12万吨增长了三倍。", []),
    "增长了x倍 fires": ("今年全县小麦产量为36万吨，比上年的12万吨增长了五倍。", [ERR]),
    "增长了x倍 edge in": ("今年全县小麦产量为3540吨，比上年的1000吨增长了2.5倍。", []),
    "增长了x倍 edge out": ("今年全县小麦产量为3560吨，比上年的1000吨增长了2.5倍。", [ERR]),
    "是…的x倍 quiet": ("今年全县小麦产量为36万吨，是上年12万吨的3倍。", []),
    "是…的x倍 fires": ("今年全县小麦产量为36万吨，是上年12万吨的4倍。", [ERR]),
    "是…的x倍 edge in": ("今年全县小麦产量为1018吨，是上年400吨的2.5倍。", []),
    "是…的x倍 edge out": ("今年全县小麦产量为1030吨，是上年400吨的2.5倍。", [ERR]),
    # 5. 下降了x倍, 'x times lower' ---------------------------------------------------------------
    "下降了x倍": ("今年全县化肥用量为4万吨，比上年的12万吨下降了3倍。", [FALL]),
    "减少了x倍 misfit": ("今年全县化肥用量为4万吨，比上年的12万吨减少了2倍。", [FALL]),
    "times lower than": ("The new bus fare of $2 is three times lower than the $6 charged before.", [FALL]),
    "times lower.": ("Bus fares fell to $2 from $6, three times lower.", [FALL]),
    "a third of quiet": ("Bus fares fell to $2 from $6, a third of what they were.", []),
    # 6. 同比 / 环比 with both periods' figures ----------------------------------------------------
    "同比 quiet": ("2024年全市新能源汽车销量为91260辆，2023年为81120辆，同比增长12.5%。", []),
    "同比 fires": ("2024年全市新能源汽车销量为91260辆，2023年为81120辆，同比增长15%。", [ERR]),
    "同比 edge in": ("2024年全市新能源汽车销量为91260辆，2023年为81120辆，同比增长12.50%。", []),
    "同比 edge out": ("2024年全市新能源汽车销量为91260辆，2023年为81120辆，同比增长12.6%。", [ERR]),
    "同比 base after": ("一季度全市用电量为450.0亿千瓦时，同比增长15.0%，上年同期为400.0亿千瓦时。", [ERR]),
    "同比 base after quiet": ("一季度全市用电量为450.0亿千瓦时，同比增长12.5%，上年同期为400.0亿千瓦时。", []),
    "环比 quiet": ("三月全市地铁客运量1100万人次，比二月的1000万人次环比增长10%。", []),
    "环比 fires": ("三月全市地铁客运量1100万人次，比二月的1000万人次环比增长20%。", [ERR]),
    "yoy en quiet": ("Farm exports were $91,260 million in 2024 and $81,120 million in 2023, up 12.5% year on year.", []),
    "yoy en fires": ("Farm exports were $91,260 million in 2024 and $81,120 million in 2023, up 15% year on year.", [ERR]),
    # 7. 成 ---------------------------------------------------------------------------------
    "成 quiet": ("全村500户中有150户种植水稻，占三成。", []),
    "成 fires": ("全村500户中有200户种植水稻，占三成。", [ERR]),
    "成 of whole quiet": ("全村种植水稻的有150户，占全村500户的三成。", []),
    "成 edge in": ("全村500户中有170户种植水稻，占三成。", []),
    "成 edge out": ("全村500户中有180户种植水稻，占三成。", [ERR]),
    # 8. for every X ... Y / 每X人中有Y ---------------------------------------------------------
    "every en quiet": ("For every 1,000 residents there are 2.4 doctors, a rate of 0.24%.", []),
    "every en fires": ("For every 1,000 residents there are 2.4 doctors, a rate of 0.3%.", [ERR]),
    "every en after": ("There are 2.4 doctors for every 1,000 residents, or 0.24%.", []),
    "every en edge in": ("For every 1,000 residents there are 2.45 doctors, a rate of 0.2%.", []),
    "every en edge out": ("For every 1,000 residents there are 2.56 doctors, a rate of 0.25%.", [ERR]),
    "每 zh quiet": ("全市每1000人中有2.4名医生，比例为0.24%。", []),
    "每 zh fires": ("全市每1000人中有2.4名医生，比例为0.3%。", [ERR]),
    # 9. N of M (P%), N out of M ---------------------------------------------------------------
    "of en quiet": ("In all, 375 of 1,250 applicants (30%) were hired.", []),
    "of en fires": ("In all, 375 of 1,250 applicants (35%) were hired.", [ERR]),
    "of en edge in": ("In all, 381 of 1,250 applicants (30%) were hired.", []),
    "of en edge out": ("In all, 382 of 1,250 applicants (30.4%) were hired.", [ERR]),
    "out of en quiet": ("In all, 375 out of 1,250 applicants, or 30%, were hired.", []),
    "out of en fires": ("In all, 375 out of 1,250 applicants, or 33%, were hired.", [ERR]),
    "of the en": ("Of the 1,250 applicants, 375 (35%) were hired.", [ERR]),
    "中有 zh quiet": ("全县1250名考生中有375人被录取，占30%。", []),
    "中有 zh fires": ("全县1250名考生中有375人被录取，占35%。", [ERR]),
    "占 zh fires": ("被录取的考生有375人，占全县1250名考生的35%。", [ERR]),
    # 10. from A to B, an increase of P %; rose P% to B from A; B, up P% from A -----------------
    "from-to quiet": ("The school meals budget rose from $80 million to $92 million, an increase of 15%.", []),
    "from-to fires": ("The school meals budget rose from $80 million to $92 million, an increase of 18%.", [ERR]),
    "from-to edge in": ("Hospital beds rose from 1,250 to 1,437, an increase of 15.0%.", []),
    "from-to edge out": ("Hospital beds rose from 1,250 to 1,437, an increase of 15.1%.", [ERR]),
    "P% to B from A quiet": ("Ticket sales rose 15% to 2.30 million from 2.00 million.", []),
    "P% to B from A fires": ("Ticket sales rose 25% to 2.30 million from 2.00 million.", [ERR]),
    "by N to B from A quiet": ("Ridership rose by 300,000 to 2.3 million from 2.0 million.", []),
    "by N to B from A fires": ("Ridership rose by 500,000 to 2.3 million from 2.0 million.", [ERR]),
    "B, up P% from A quiet": ("The clinic's budget was $92 million, up 15% from $80 million.", []),
    "B, up P% from A fires": ("The clinic's budget was $92 million, up 18% from $80 million.", [ERR]),
    "由A增至B zh quiet": ("门票收入从3.00亿元降至2.40亿元，下降20%。", []),
    "由A增至B zh fires": ("门票收入从3.00亿元降至2.40亿元，下降25%。", [ERR]),
    # 11. shares of one whole, parts of a printed total ---------------------------------------
    "partition en quiet": ("In the poll, 52% were for the bypass, 41% against and 7% undecided.", []),
    "partition en rounding": ("In the poll, 52% were for the bypass, 41% against and 9% undecided.", []),
    "partition en fires": ("In the poll, 52% were for the bypass, 41% against and 12% undecided.", [ERR]),
    "partition zh quiet": ("民调显示，52%的受访者支持，41%反对，其余7%未表态。", []),
    "partition zh fires": ("民调显示，52%的受访者支持，41%反对，其余12%未表态。", [ERR]),
    "different wholes": ("Turnout was 61% in the north, 58% in the south and 40% in the west.", []),
    "total en quiet": ("The county spent $4.5 million on roads, $2.5 million on schools and $1.0 million on parks, "
                       "a total of $8.0 million.", []),
    "total en fires": ("The county spent $4.5 million on roads, $2.5 million on schools and $1.0 million on parks, "
                       "a total of $9.0 million.", [ERR]),
    "total en edge in": ("The county spent $4.5 million on roads, $2.5 million on schools and $1.0 million on parks, "
                         "a total of $8.1 million.", []),
    "total en edge out": ("The county spent $4.5 million on roads, $2.5 million on schools and $1.0 million on parks, "
                          "a total of $8.3 million.", [ERR]),
    "其中 zh quiet": ("全县共有学校120所，其中小学80所、初中30所、高中10所。", []),
    "其中 zh fires": ("全县共有学校120所，其中小学80所、初中30所、高中20所。", [ERR]),
    # 12. a change whose sign disagrees with its words ---------------------------------------
    "sign en fires": ("Diesel prices fell 2.7% to $1.52 a litre from $1.48.", [ERR]),
    "sign en quiet": ("Diesel prices rose 2.7% to $1.52 a litre from $1.48.", []),
    "sign pp en fires": ("The jobless rate fell from 4.1% to 4.5%, a drop of 0.4 percentage points.", [ERR]),
    "sign zh fires": ("全市粮食产量由650万吨降至620万吨，增长4.6%。", [ERR]),
    "sign zh quiet": ("全市粮食产量由650万吨降至620万吨，下降4.6%。", []),
}


@pytest.mark.parametrize("name", list(CASES))
def test_construction(name: str) -> None:
    body, expected = CASES[name]
    assert found(body) == sorted(expected)


def test_the_message_names_each_operand_by_its_role() -> None:
    got = message("The jobless rate fell from 4.5% to 4.1%, a drop of 0.6 percentage points.")
    assert "base 4.5%, new 4.1%" in got and "stated 0.6 percentage points" in got and "gives [-0.5, -0.3] pp" in got
    got = message("全村500户中有200户种植水稻，占三成。")
    assert "stated '三成' (a share)" in got and "part 200, whole 500 gives 40 %" in got


def test_times_more_names_both_readings_when_neither_fits() -> None:
    got = message("Flu admissions reached 2,000, three times more than the 400 of last winter.")
    assert "compared 2,000, reference 400 gives 5 x; nor compared / reference − 1 = 4" in got


def test_words_that_disagree_with_the_figures_are_named() -> None:
    got = message("Diesel prices fell 2.7% to $1.52 a litre from $1.48.")
    assert got.endswith("the words say it went down, the figures go up")


def test_a_fall_stated_as_a_multiple_says_what_was_meant() -> None:
    got = message("今年全县化肥用量为4万吨，比上年的12万吨下降了3倍。")
    assert got.startswith("'3倍' states a fall as a multiple") and "the larger figure 12万吨 / the smaller 4万吨" in got
    assert "the smaller is 1/3 of the larger" in got


def test_the_shares_of_one_whole_say_they_exceed_it() -> None:
    got = message("In the poll, 52% were for the bypass, 41% against and 12% undecided.")
    assert "100 − the other shares with share 52%, share 41% gives [6, 8] %" in got
    assert got.endswith("the shares add up to more than the whole (100 %)")


@pytest.mark.parametrize("body, basis", [
    ("2024年全市新能源汽车销量为91260辆，2023年为81120辆，同比增长12.5%。", "year on year"),
    ("三月全市地铁客运量1100万人次，比二月的1000万人次环比增长10%。", "period on period"),
    ("Farm exports were $91,260 million in 2024 and $81,120 million in 2023, up 12.5% year on year.", "year on year"),
])
def test_the_basis_of_a_change_is_recorded(body: str, basis: str) -> None:
    assert derived_of(body) == [("percent_change", "up", basis)]


@pytest.mark.parametrize("body, quotes", [
    ("Ticket sales rose 15% to 2.3 million.", ["15%", "2.3 million"]),
    ("Ridership fell by 300,000 to 2.3 million.", ["300,000", "2.3 million"]),
    ("Enrolment doubled from 1,500 to 3,000.", ["doubled", "1,500", "3,000"]),
    ("Growth is forecast to rise 2% to 3% next year.", ["2% to 3%"]),       # a forecast's range stays one
])
def test_a_change_and_its_level_are_two_figures(body: str, quotes: list[str]) -> None:
    assert sorted(c.anchor.quote for c in extract_claims(art("d", body))) == sorted(quotes)


@pytest.mark.parametrize("body, want", [
    # a whole, then its part after 'of whom' / 'including' / 其中, then the part's share
    ("The county has 12,000 nurses, of whom 3,000 (25%) work nights.\n", []),
    ("The county has 12,000 nurses, of whom 3,000 (30%) work nights.\n", [ERR]),
    ("The fund spent $9.0 million, including $3.0 million on roads, or 33%.\n", []),
    ("全市常住人口1000万人，其中城镇人口700万人，占70%。\n", []),
    ("全市常住人口1000万人，其中城镇人口700万人，占60%。\n", [ERR]),
    ("全市常住人口1000万人，其中城镇人口700万人；乡村人口300万人，占30%。\n", []),  # another clause: another part
])
def test_a_part_named_within_its_whole(body, want):
    assert found(body) == want


@pytest.mark.parametrize("body, want", [
    ("The race started in a high of 22.7°C (74.8°F).", [ERR]),   # 22.7 °C is 72.9 °F
    ("The race started in a high of 22.7°C (72.9°F).", []),
    ("By noon it was 24°C, or 75.2°F.", []),
])
def test_a_temperature_restated_across_an_offset(body, want):
    # °C and °F differ by an offset, not a factor: converting them must neither crash extraction nor skip the check
    assert found(body) == want


def test_a_derived_figure_off_by_a_power_of_ten_names_the_slip():
    text = message("The county will spend $49 million, or $376 for every one of its 13,000 residents.")
    assert "a scale slip: 10 times too small (a digit or a decimal point out of place)" in text


def test_scale_step():
    from verifier.numeric import Interval, scale_step

    assert scale_step(Interval(1.085e4, 1.095e4), Interval(1.085e8, 1.095e8)) == -4
    assert scale_step(Interval(370, 380), Interval(2985, 3808)) == -1
    assert scale_step(Interval(370, 380), Interval(390, 400)) == 0
    assert scale_step(Interval(-1, 1), Interval(10, 20)) == 0
