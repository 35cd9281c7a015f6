"""measured_thing: the noun phrase a figure counts or measures, in sentences written for these
tests across budgets, health, jobs, population, transport, energy, elections, sport, farming,
education and trade (none taken from a corpus)."""

from __future__ import annotations

import pytest

from frame_cases import figure
from verifier.extract.decided import CONFIDENCE, DECIDED_BY
from verifier.extract.measured import measured_thing

EN = [
    # (text, figure, measured thing, by)
    ("Quarterly revenue rose to $1.5 billion from $1.2 billion.", "$1.5 billion", "quarterly revenue", "noun before figure"),
    ("Quarterly revenue rose to $1.5 billion from $1.2 billion.", "$1.2 billion", "quarterly revenue", "noun before figure"),
    ("Acme Corp's quarterly revenue rose to $1.5 billion.", "$1.5 billion", "quarterly revenue", "noun before figure"),
    ("Of those admitted, 48 of 420 patients (21.4%) died.", "48", "patients", "of phrase"),
    ("Of those admitted, 48 of 420 patients (21.4%) died.", "420", "patients", "noun after figure"),
    ("Of those admitted, 48 of 420 patients (21.4%) died.", "21.4%", "patients", "noun after figure"),
    ("The unemployment rate fell to 4.1% in March.", "4.1%", "unemployment rate", "noun before figure"),
    ("The country recorded 7.42 births for every 1,000 people.", "7.42", "births", "noun after figure"),
    ("The city hired 1,200 teachers last year.", "1,200", "teachers", "noun after figure"),
    ("Fairfax County approved a budget of $4.2 billion.", "$4.2 billion", "budget", "noun before figure"),
    ("Turnout was 62%.", "62%", "turnout", "noun before figure"),
    ("Police recovered 370 BMW cars.", "370", "BMW cars", "noun after figure"),
    ("Volunteers logged 20 to 50 questions answered per shift.", "20 to 50", "questions answered", "noun after figure"),
    ("Spending on roads rose 12%.", "12%", "spending on roads", "noun before figure"),
    ("Revenue at Northwind Traders climbed 8% to $640 million.", "$640 million", "revenue", "noun before figure"),
    ("Unemployment in Ohio rose to 5.2%, the Labor Department said.", "5.2%", "unemployment", "noun before figure"),
    ("Greenfield Energy, a utility based in Leeds, installed 4,500 heat pumps.", "4,500", "heat pumps", "noun after figure"),
    ("The Tigers scored 112 points against the Hawks.", "112", "points", "noun after figure"),
    ("Hospital admissions rose 14% this winter.", "14%", "hospital admissions", "noun before figure"),
    ("Metro Transit carried 2.3 million passengers in July.", "2.3 million", "passengers", "noun after figure"),
    ("Enrollment at Lincoln High School was 1,850.", "1,850", "enrollment", "noun before figure"),
    ("The Bank of England raised its key rate to 5.25%.", "5.25%", "key rate", "noun before figure"),
    ("About 30% of households own a car.", "About 30%", "households", "of phrase"),
    ("Nigeria's population reached 223 million people.", "223 million", "population", "noun before figure"),
    ("Crews paved 12 km of road.", "12 km", "road", "of phrase"),
    ("The farm produced 5 million tonnes of wheat.", "5 million tonnes", "wheat", "of phrase"),
    ("Revenue rose to $1.5 billion, up 12% from a year earlier.", "12%", "revenue", "noun before figure"),
    ("A $4.2 billion budget passed the council.", "$4.2 billion", "budget", "noun after figure"),
    ("The average commute in Leeds took 41 minutes in 2015.", "41 minutes", "commute", "noun before figure"),  # a duration verb links
    ("The trial lasted three weeks.", "three weeks", "trial", "noun before figure"),
    ("The company took a $40 million charge in 2023.", "$40 million", "charge", "noun after figure"),  # not a duration: 'took' is an action
    ("Leeds's budget for 2011 is $3.0 billion.", "$3.0 billion", "budget", "noun before figure"),  # a time phrase before the verb
    ("In 2011, the unemployment rate of Leeds was 3.3%.", "3.3%", "unemployment rate", "noun before figure"),  # 'of' opens the owner
    ("Wind power supplied 18.4% of Leeds's electricity in 2011.", "18.4%", "electricity", "of phrase"),  # the owner is no thing
]

ZH = [
    ("2025年末全国人口为139820万人。", "139820万", "全国人口", "noun before figure"),
    ("比亚迪新能源汽车出口量达到120万辆。", "120万", "新能源汽车出口量", "noun before figure"),
    ("全年出生1032万人，人口出生率为7.42‰。", "1032万", "出生", "noun before figure"),
    ("全年出生1032万人，人口出生率为7.42‰。", "7.42‰", "人口出生率", "noun before figure"),
    ("城镇化率达到65.22%。", "65.22%", "城镇化率", "noun before figure"),
    ("春运期间旅客发送量3.2亿人次。", "3.2亿", "旅客发送量", "noun before figure"),
    ("今年高考报名人数为1342万。", "1342万", "高考报名人数", "noun before figure"),
    ("中国男性72206万人，女性68969万人。", "72206万", "男性", "noun before figure"),
    ("中国男性72206万人，女性68969万人。", "68969万", "女性", "noun before figure"),
    ("河南省小麦产量为762.6亿斤。", "762.6亿斤", "小麦产量", "noun before figure"),
    ("铁路完成旅客发送量3.2亿人次。", "3.2亿", "旅客发送量", "noun before figure"),
    ("国家统计局共有职工5000人。", "5000", "职工", "noun before figure"),
    ("华为去年研发投入1647亿元。", "1647亿元", "研发投入", "noun before figure"),
    ("深圳市财政预算支出达到4500亿元。", "4500亿元", "财政预算支出", "noun before figure"),
    ("广东电网最高负荷突破1.5亿千瓦。", "突破1.5亿千瓦", "最高负荷", "noun before figure"),
    ("北京协和医院去年门诊量达到300万人次。", "300万", "门诊量", "noun before figure"),
    ("本次选举投票率为62%。", "62%", "选举投票率", "noun before figure"),
    ("全国城镇调查失业率为5.1%。", "5.1%", "全国城镇调查失业率", "noun before figure"),
    ("黑龙江省大豆种植面积达到7400万亩。", "7400万亩", "大豆种植面积", "noun before figure"),
    ("中国队在本届奥运会上获得40枚金牌。", "40", "金牌", "noun after figure"),
    ("北京地铁日均客运量超过1000万人次。", "超过1000万", "客运量", "noun before figure"),
    ("市教育局今年预算为12亿元。", "12亿元", "预算", "noun before figure"),
    ("3月份，全国居民消费价格同比上涨0.4%。", "0.4%", "全国居民消费价格", "noun before figure"),
    ("学校有1200名教师。", "1200", "教师", "noun after figure"),
    ("浙江省一般公共预算收入8600亿元，同比增长5%。", "5%", "一般公共预算收入", "noun before figure"),
    ("世界卫生组织表示，全球麻疹病例增加了20%。", "20%", "全球麻疹病例", "noun before figure"),
    ("8月30日，江苏省光伏装机容量达到5000万千瓦。", "5000万千瓦", "光伏装机容量", "noun before figure"),
    ("张明全场得分28分。", "28", "全场得分", "noun before figure"),
    ("2021年财政赤字率为3.9%。", "3.9%", "财政赤字率", "noun before figure"),  # the segmenter glues 率为: 率 goes back
]


@pytest.mark.parametrize(("text", "surface", "thing", "by"), EN + ZH)
def test_measured_thing(text, surface, thing, by):
    q, sent, _, qs = figure(text, surface)
    d = measured_thing(text, sent, q, qs)
    assert d is not None
    assert (d.value, d.by) == (thing, by)
    assert d.confidence == CONFIDENCE[by] and by in DECIDED_BY
    assert " ".join(text[d.start:d.end].split()).lower() == thing.lower()  # the span is the evidence


def test_unit_noun_is_the_fallback():
    text = "到场1200人。"
    q, sent, _, qs = figure(text, "1200")
    d = measured_thing(text, sent, q, qs)
    assert (d.value, d.by, d.confidence) == ("人", "unit noun", CONFIDENCE["unit noun"])
    assert d.confidence < 0.75  # a classifier alone never carries an error


def test_unit_noun_yields_to_a_phrase():
    text = "男性72206万人。"
    q, sent, _, qs = figure(text, "72206万")
    assert measured_thing(text, sent, q, qs).value == "男性"


def test_earlier_figure_lends_its_thing_to_a_bare_clause():
    text = "Of those admitted, 48 of 420 patients (21.4%) died."
    q, sent, _, qs = figure(text, "21.4%")
    d = measured_thing(text, sent, q, qs)
    assert (d.start, d.end) == (text.index("patients"), text.index("patients") + 8)


@pytest.mark.parametrize(("text", "surface"), [
    ("The meeting opened at 8:30.", "8:30"),
    ("Voting closed on March 4, 2026.", "March 4, 2026"),
    ("It rose 5.", "5"),
])
def test_nothing_measured(text, surface):
    q, sent, _, qs = figure(text, surface)
    assert measured_thing(text, sent, q, qs) is None


def test_offsets_are_in_the_body():
    body = "# Budget\n\nThe council met on Monday.\n\nSpending on roads rose 12% this year."
    q, sent, _, qs = figure(body, "12%")
    d = measured_thing(body, sent, q, qs)
    assert body[d.start:d.end] == "Spending on roads" and d.value == "spending on roads"


@pytest.mark.parametrize(("text", "surface", "thing"), [
    ("全县农业总产值为86亿元。", "86亿元", "农业总产值"),          # 全县 says whose, not what
    ("本市公交客运量达到210万人次。", "210万", "公交客运量"),
    ("全国居民人均可支配收入为4.1万元。", "4.1万元", "全国居民人均可支配收入"),  # 全国 names no holder: it stays
    ("鲜牛奶零售价格为每升12.5元。", "12.5元", "鲜牛奶零售价格"),     # 每升 belongs to the unit
    ("小麦收购价格为每公斤2.4元。", "2.4元", "小麦收购价格"),
    ("全年财政收入预计为52亿元。", "52亿元", "财政收入"),           # a word of plan is passed over
    ("医保基金支出首次突破900亿元。", "突破900亿元", "医保基金支出"),  # so is 首次
    ("教育经费安排38亿元。", "38亿元", "教育经费"),                 # a verb with no object after it
    ("旅游收入从12亿元增加到15亿元。", "12亿元", "旅游收入"),       # 从 … 增加到
])
def test_chinese_measured_thing_past_scope_rate_base_and_plan(text, surface, thing):
    q, sent, _, qs = figure(text, surface)
    d = measured_thing(text, sent, q, qs)
    assert d is not None and d.value == thing


def test_a_verb_with_its_object_after_the_figure_still_ends_the_phrase():
    text = "铁路完成旅客发送量3.2亿人次。"   # the object comes first: 旅客发送量, not 铁路
    q, sent, _, qs = figure(text, "3.2亿")
    assert measured_thing(text, sent, q, qs).value == "旅客发送量"


def test_an_age_group_is_part_of_the_measured_thing():
    """'60周岁及以上人口': the age group says which population; 周岁 is full years of age, no weeks."""
    from verifier.extract.measured import measured_thing
    from verifier.quantities import extract as quantities
    from verifier.quantities.not_claims import why_not_a_claim

    for text, want in (("老龄化方面，60周岁及以上人口8004万人。", "60周岁及以上人口"),
                       ("全县65岁以上户籍人口有12.3万人。", "65岁以上户籍人口"),
                       ("全市16至59岁劳动年龄人口为600万人。", "16至59岁劳动年龄人口"),
                       ("全市常住人口为1000万人。", "常住人口")):
        figs = quantities(text)
        f = next(q for q in figs if q.surface.endswith("万"))
        assert measured_thing(text, (0, len(text)), f, figs).value == want
    text = "60周岁及以上人口8004万人"
    weeks = next(q for q in quantities(text) if q.surface == "60周")
    assert why_not_a_claim(weeks, text[weeks.end:]) == "an age group"
