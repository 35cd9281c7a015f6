"""The measured thing of each figure through the real extraction path (:func:`extract_claims`,
empty lexicon): changes whose two figures share the clause subject, shares, modifiers kept,
age groups kept whole, and junk (verbs, comparatives, series words) giving None. Sentences
written for these tests across budgets, health, jobs, energy, transport, sport and farming;
none taken from a corpus."""

from __future__ import annotations

import pytest

from tests.builders import art
from verifier.extract import extract_claims
from verifier.extract.decided import CONFIDENCE, CONFIDENT
from verifier.extract.lexicon import Lexicon


def measured(body: str) -> dict[str, str | None]:
    """{quote: measured thing} of the claims extracted from ``body``."""
    return {c.anchor.quote: c.measured for c in extract_claims(art("m1", body), lexicon=Lexicon([]))}


def decided(body: str, quote: str):
    c = next(c for c in extract_claims(art("m1", body), lexicon=Lexicon([])) if c.anchor.quote == quote)
    return c.decided.get("measured")


ZH = [
    # a clause that opens with its verb takes the subject of the clause before (a topic chain)
    ("全市粮食产量稳步提升,达到612.4万吨。", {"612.4万吨": "全市粮食产量"}),
    ("今年天气较好,达到历史最高的35.2℃。", {"35.2℃": None}),
    # a life stage the segmenter tags as a time (青年, 老年) is part of the group the phrase names
    ("2023年7月,16—24岁青年调查失业率上升至18.6%。", {"18.6%": "16—24岁青年调查失业率"}),
    ("全市18—35岁青年人口为120万人。", {"120万": "18—35岁青年人口"}),
    # a change: both figures measure the clause subject, past 由/从, the date and its 的
    ("居民人均预期寿命由2020年的76.85岁提高到77.6岁。", {"76.85岁": "居民人均预期寿命", "77.6岁": "居民人均预期寿命"}),
    ("全市公交客运量比上年增长6.5%。", {"6.5%": "公交客运量"}),
    ("全县小麦种植面积比去年同期减少3万亩。", {"3万亩": "小麦种植面积"}),
    ("猪肉价格攀升12%。", {"12%": "猪肉价格"}),                      # 攀升: a verb of change links
    # modifiers kept: X的Y, 规模以上, place words that name no holder
    ("全省铁路的货物发送量为4.2亿吨。", {"4.2亿吨": "铁路的货物发送量"}),
    ("规模以上工业增加值同比增长6.1%。", {"6.1%": "规模以上工业增加值"}),
    ("全国城镇常住人口为9.4亿人。", {"9.4亿": "全国城镇常住人口"}),
    ("全国老年人口为2.9亿人。", {"2.9亿": "全国老年人口"}),           # the segmenter's 老年人/口为 mended
    # an age group stays whole; its bound measures nothing
    ("全市16—59岁劳动年龄人口为600万人。", {"16—59岁": None, "600万": "16—59岁劳动年龄人口"}),
    # shares: X占Y的P% reads as X占Y的比重
    ("光伏发电量占全社会用电量的9.4%。", {"9.4%": "光伏发电量占全社会用电量的比重"}),
    ("研发投入占到营业收入的12%。", {"12%": "研发投入占营业收入的比重"}),
    ("全市65岁及以上常住人口为180万人，占全市常住人口的15.2%。",
     {"180万": "65岁及以上常住人口", "15.2%": "65岁及以上常住人口占全市常住人口的比重"}),
    # the nearest figure before that names a thing gives the part ('同比增长18.2%' names none)
    ("全省风电装机达到3200万千瓦，同比增长9.5%，约占全省电力总装机的21.4%。",
     {"3200万千瓦": "风电装机", "21.4%": "风电装机占全省电力总装机的比重"}),
    # a share printed with its noun walks back over 占 to the part, past the word budget of one phrase
    ("全省新能源汽车销量占全省汽车总销量的比重达到38.5%。", {"38.5%": "新能源汽车销量占全省汽车总销量的比重"}),
    # a measure head tagged as a verb (收入) is a noun before 的
    ("城镇居民人均消费支出占人均可支配收入的比重为67.2%。", {"67.2%": "城镇居民人均消费支出占人均可支配收入的比重"}),
    # a prefix the segmenter cuts from its noun stays in the phrase (可再生能源, 非公有制)
    ("全国可再生能源装机达到6500万千瓦。", {"6500万千瓦": "全国可再生能源装机"}),
    ("全市非公有制经济增加值为4120亿元。", {"4120亿元": "非公有制经济增加值"}),
    # verbs and function words are no measured thing
    ("部分医院采用5%的折扣。", {"5%": None}),
    ("已有14个乡镇完成改造。", {"14": "乡镇"}),
]


@pytest.mark.parametrize(("body", "want"), ZH)
def test_chinese_measured_things(body, want):
    got = measured(body)
    assert {q: got.get(q, "<no claim>") for q in want} == want


EN = [
    # a percentage of the thing after 'of' measures that thing, whoever holds it
    ("In the cold snap the buses lost 28 percent of their range.", {"28 percent": "range"}),
    ("The Green Party won 12.4% of the vote.", {"12.4%": "vote"}),
    # a determiner after 'of' is inside the phrase: its head stands before 'of'
    ("Shares of the carmaker fell 4.5 percent.", {"4.5 percent": "shares of the carmaker"}),
    ("Sales of the new model reached 40,000 units.", {"40,000": "sales of the new model"}),
    # the difference after a comparative measures the thing named before it
    ("The overall rate rose to 5.3%, 0.1 percentage point higher than in June.",
     {"5.3%": "overall rate", "0.1 percentage point": "overall rate"}),
    ("Wheat exports were worth $640 million more than a year ago.", {"$640 million": "wheat exports"}),
    ("Clinics saw 20% more patients.", {"20%": "patients"}),
    # a streak's count ('a seventh consecutive increase': no fraction) measures what its clause's topic measures
    ("Prices rose 0.4% in May, a seventh consecutive increase.", {"0.4%": "prices", "seventh consecutive": "prices"}),
    # a clause with no noun of its own: the sentence's subject
    ("Ridership fell for a second straight year, down 3%.", {"3%": "ridership"}),
    # modifiers and age groups kept
    ("The youth unemployment rate rose to 17.1%.", {"17.1%": "youth unemployment rate"}),
    ("The city's general fund budget is $4.2 billion.", {"$4.2 billion": "general fund budget"}),
    ("Urban residents aged 16 to 24 numbered 96 million.", {"96 million": "urban residents aged 16 to 24"}),
    ("Unemployment among 16- to 24-year-olds in cities rose to 14%.",
     {"14%": "unemployment among 16- to 24-year-olds in cities"}),
]


@pytest.mark.parametrize(("body", "want"), EN)
def test_english_measured_things(body, want):
    got = measured(body)
    assert {q: got.get(q, "<no claim>") for q in want} == want


def test_a_share_records_its_own_way_of_deciding():
    d = decided("光伏发电量占全社会用电量的9.4%。", "9.4%")
    assert (d.by, d.confidence) == ("share phrase", CONFIDENCE["share phrase"])


def test_a_subject_from_another_clause_is_less_sure():
    d = decided("Ridership fell for a second straight year, down 3%.", "3%")
    assert d.by == "noun before figure" and d.confidence < CONFIDENCE["noun before figure"]


@pytest.mark.parametrize("body", ["青河县2022年电网最高负荷为1500兆瓦。", "2022年，青河县电网最高负荷为1500兆瓦。"])
def test_a_places_institution_holds_its_figure_however_the_year_falls(body):
    """A place's institution noun opening the measured thing (电网 after 青河县) is the holder's,
    as where the words stand together, so both word orders give one holder and one thing."""
    c = next(c for c in extract_claims(art("m1", body), lexicon=Lexicon([])) if c.anchor.quote.startswith("1500"))
    assert (c.subject, c.measured) == ("青河县电网", "最高负荷")


@pytest.mark.parametrize("body", ["兴金城市2021年财政预算总额为6.2亿元。", "2021年，兴金城市财政预算总额为6.2亿元。"])
def test_an_unknown_name_before_city_is_a_place(body):
    """A word the segmenter's dictionary lacks (兴金) before 城市 is a city's name, not 'city'."""
    c = next(c for c in extract_claims(art("m1", body), lexicon=Lexicon([])) if c.anchor.quote.startswith("6.2"))
    assert (c.subject, c.measured) == ("兴金城市", "财政预算总额")


@pytest.mark.parametrize("body", ["平西城市2019年财政赤字率为2.2%。", "2019年，平西城市财政赤字率为2.2%。"])
def test_a_known_place_before_city_ends_the_name_however_the_year_falls(body):
    """A place the segmenter knows (平西) right before 城市 is the city 平西城市 in both word
    orders: 城市 neither vanishes before the year nor opens the measured thing after it, so the
    two printings meet."""
    c = next(c for c in extract_claims(art("m1", body), lexicon=Lexicon([])) if c.anchor.quote.startswith("2.2"))
    assert (c.subject, c.measured) == ("平西城市", "财政赤字率")


@pytest.mark.parametrize("body", ["江上城市2021年财政预算总额为6.9亿元。", "2021年，江上城市财政预算总额为6.9亿元。",
                                  "和下城市2021年财政预算总额为6.9亿元。", "2021年，和下城市财政预算总额为6.9亿元。"])
def test_two_lone_characters_before_city_are_a_name(body):
    """Two characters the segmenter left as words of their own before 城市 (江 + 上, and 和 + 下
    with 和 opening the clause) are a city's name in both word orders."""
    c = next(c for c in extract_claims(art("m1", body), lexicon=Lexicon([])) if c.anchor.quote.startswith("6.9"))
    assert (c.subject, c.measured) == (body.split("城市")[0].split("，")[-1] + "城市", "财政预算总额")


@pytest.mark.parametrize("body", ["平西城市2021年公交客运量为425.8万人次。", "2021年，平西城市公交客运量为425.8万人次。",
                                  "2021年，和下城市公交客运量为425.8万人次。"])
def test_city_glued_to_the_word_after_it_still_ends_the_name(body):
    """The segmenter reads 城市公交 ('city bus') as one word; after a place (平西) or characters
    it left alone (和 + 下), 城市 still ends the name, as where it stands alone."""
    c = next(c for c in extract_claims(art("m1", body), lexicon=Lexicon([])) if c.anchor.quote.startswith("425.8"))
    assert (c.subject, c.measured) == (body.split("城市")[0].split("，")[-1] + "城市", "公交客运量")


@pytest.mark.parametrize("body", ["新城市人口增长3%。", "其他城市人口增长3%。", "许多城市人口增长3%。"])
def test_a_word_before_city_that_names_no_place_holds_nothing(body):
    """One character (新) or a word that names no place (其他, 许多) before 城市 makes no holder."""
    c = next(c for c in extract_claims(art("m1", body), lexicon=Lexicon([])) if c.anchor.quote.startswith("3"))
    assert c.subject is None


def test_city_after_a_known_place_is_never_dropped_into_the_place_alone():
    """北京城市人口 is held by 北京城市, not 北京: an urban figure never meets the whole place's."""
    c = next(c for c in extract_claims(art("m1", "2020年，北京城市人口为1900万。"), lexicon=Lexicon([]))
             if c.anchor.quote.startswith("1900"))
    assert c.subject == "北京城市" and c.measured == "人口"


def test_a_places_institution_keeps_the_places_doubts():
    """A place that opens on a character the segmenter read as a verb (安 + 金港 + 县) is unsure, and so is its metro."""
    c = next(c for c in extract_claims(art("m1", "安金港县2022年地铁运营里程为84公里。"), lexicon=Lexicon([]))
             if c.anchor.quote.startswith("84"))
    assert c.subject == "安金港县地铁" and c.decided["holder"].confidence < CONFIDENT
