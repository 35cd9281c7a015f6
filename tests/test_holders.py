"""holder_candidates: whose figure it is, found without a lexicon, in sentences written for these
tests across budgets, health, jobs, population, transport, energy, elections, sport, farming,
education and trade (none taken from a corpus)."""

from __future__ import annotations

import subprocess
import sys

import pytest

from frame_cases import figure
from verifier.extract.decided import CONFIDENCE, CONFIDENT, OTHER_CLAUSE
from verifier.extract.holders import holder_candidates

EN = [
    # (text, figure, top holder, by)
    ("Acme Corp's quarterly revenue rose to $1.5 billion from $1.2 billion.", "$1.2 billion", "Acme Corp", "possessive"),
    ("Nigeria's population reached 223 million people.", "223 million", "Nigeria", "possessive"),
    ("Fairfax County approved a budget of $4.2 billion.", "$4.2 billion", "Fairfax County", "sentence subject"),
    ("The Tigers scored 112 points against the Hawks.", "112", "Tigers", "sentence subject"),
    ("Metro Transit carried 2.3 million passengers in July.", "2.3 million", "Metro Transit", "sentence subject"),
    ("The Bank of England raised its key rate to 5.25%.", "5.25%", "Bank of England", "sentence subject"),
    ("Greenfield Energy, a utility based in Leeds, installed 4,500 heat pumps.", "4,500", "Greenfield Energy", "apposition"),
    ("Its flagship school, Lincoln High, enrolled 2,100 students.", "2,100", "Lincoln High", "apposition"),
    ("The state pays $9,000 per pupil for Lincoln Academy.", "$9,000", "Lincoln Academy", "for phrase"),
    ("Revenue at Northwind Traders climbed 8% to $640 million.", "$640 million", "Northwind Traders", "for phrase"),
    ("Enrollment at Lincoln High School was 1,850.", "1,850", "Lincoln High School", "for phrase"),
    ("Spending reached $12,400 per pupil in Fairfax County.", "$12,400", "Fairfax County", "in phrase"),
    ("Wheat output in Kansas fell 9%.", "9%", "Kansas", "in phrase"),
    ("Unemployment in Ohio rose to 5.2%, the Labor Department said.", "5.2%", "Ohio", "in phrase"),
    ("The city hired 1,200 teachers last year.", "1,200", "city", "common noun subject"),
    # a word opening its sentence is a name when the article prints it possessive elsewhere
    ("Dunlingdale's budget grew. Dunlingdale employed 9,621 staff in 2016.", "9,621", "Dunlingdale", "sentence subject"),
]

ZH = [
    ("比亚迪新能源汽车出口量达到120万辆。", "120万", "比亚迪", "segmenter person"),
    ("河南省小麦产量为762.6亿斤。", "762.6亿斤", "河南省", "segmenter place"),
    ("今年夏粮丰收，河南省小麦产量为762.6亿斤。", "762.6亿斤", "河南省", "segmenter place"),
    ("中国男性72206万人，女性68969万人。", "72206万", "中国", "segmenter place"),
    ("铁路完成旅客发送量3.2亿人次。", "3.2亿", "铁路", "segmenter noun"),
    ("国家统计局共有职工5000人。", "5000", "国家统计局", "segmenter organisation"),
    ("华为去年研发投入1647亿元。", "1647亿元", "华为", "segmenter person"),
    ("深圳市财政预算支出达到4500亿元。", "4500亿元", "深圳市", "segmenter place"),
    ("张明全场得分28分。", "28", "张明", "segmenter person"),
    ("广东电网最高负荷突破1.5亿千瓦。", "突破1.5亿千瓦", "广东电网", "segmenter organisation"),
    ("北京协和医院去年门诊量达到300万人次。", "300万", "北京协和医院", "segmenter organisation"),
    ("三峡电站全年发电量达到882亿千瓦时。", "882亿千瓦时", "三峡电站", "segmenter organisation"),
    ("黑龙江省大豆种植面积达到7400万亩。", "7400万亩", "黑龙江省", "segmenter place"),
    ("中国队在本届奥运会上获得40枚金牌。", "40", "中国队", "segmenter organisation"),
    ("市教育局今年预算为12亿元。", "12亿元", "市教育局", "segmenter organisation"),
    ("学校有1200名教师。", "1200", "学校", "segmenter noun"),
    ("8月30日，江苏省光伏装机容量达到5000万千瓦。", "5000万千瓦", "江苏省", "segmenter place"),
    ("2019年，兴下源市太阳能发电量为1238吉瓦时。", "1238吉瓦时", "兴下源市", "segmenter place"),  # one made-up word, tagged v
    ("2022年，江下州县地铁运营里程为226公里。", "226公里", "江下州县地铁", "segmenter organisation"),  # 江下州 + 县 + 地铁
    ("2022年，盛下岭市新增就业岗位3120个。", "3120", "盛下岭市", "segmenter place"),  # 盛下 (made up, tagged v) + 岭市
    ("兴下泉县2024年地铁运营里程为305公里。", "305公里", "兴下泉县", "segmenter place"),  # 兴下泉 (made up, v) + 县
]


def _top(text: str, surface: str, title: str = "", nth: int = 0):
    q, sent, para, _ = figure(text, surface, nth)
    return holder_candidates(text, sent, para, q, title)


@pytest.mark.parametrize(("text", "surface", "holder", "by"), EN + ZH)
def test_top_holder(text, surface, holder, by):
    found = _top(text, surface)
    assert found, "no candidate"
    top = found[0]
    assert (top.value, top.by) == (holder, by)
    assert text[top.start:top.end] == holder
    assert [d.confidence for d in found] == sorted((d.confidence for d in found), reverse=True)


def test_a_name_in_another_clause_is_weaker():
    top = _top("In Fairfax County, spending rose 12%.", "12%")[0]
    assert (top.value, top.by) == ("Fairfax County", "in phrase")
    assert top.confidence == pytest.approx(CONFIDENCE["in phrase"] - OTHER_CLAUSE) and not top.confident
    zh = _top("浙江省一般公共预算收入8600亿元，同比增长5%。", "5%")[0]
    assert (zh.value, zh.confidence) == ("浙江省", pytest.approx(CONFIDENCE["segmenter place"] - OTHER_CLAUSE))


@pytest.mark.parametrize(("text", "surface"), [
    ("Quarterly revenue rose to $1.5 billion from $1.2 billion.", "$1.5 billion"),  # 'Quarterly' opens the sentence
    ("Turnout was 62%.", "62%"),
    ("The unemployment rate fell to 4.1% in March.", "4.1%"),
    ("About 30% of households own a car.", "About 30%"),
    ("2025年末全国人口为139820万人。", "139820万"),
    ("城镇化率达到65.22%。", "65.22%"),
    ("本次选举投票率为62%。", "62%"),
    ("全国城镇调查失业率为5.1%。", "5.1%"),
    ("The flight took 3 hours.", "3 hours"),  # a duration verb links the measured thing: no doer
    # a later clause's name, or the base of a comparison, holds no figure
    ("全市汽车出口量达到52.1万辆，超过邻省成为全国第一。", "52.1万"),
    ("该县小麦亩产达到412公斤，比河南省高出12公斤。", "412公斤"),
])
def test_no_holder(text, surface):
    assert _top(text, surface) == []


@pytest.mark.parametrize(("text", "surface", "speaker"), [
    ("Inflation reached 3.4% in May, according to the Ministry of Finance.", "3.4%", "Ministry of Finance"),
    ("The economy added 250,000 jobs in June, the White House said.", "250,000", "White House"),
    ("On Monday, Harbor Transit said ridership rose 7%.", "7%", "Harbor Transit"),
    ("Ridership rose 7%, said Jane Doe, a spokeswoman.", "7%", "Jane Doe"),
    ("据海关总署统计，前三季度进出口总值32.33万亿元。", "32.33万亿元", "海关总署"),
    ("教育部公布，今年高考报名人数为1342万。", "1342万", "教育部"),
    ("世界卫生组织表示，全球麻疹病例增加了20%。", "20%", "世界卫生组织"),
    ("国家统计局发布数据显示，2025年末全国人口为139820万人。", "139820万", "国家统计局"),
])
def test_speaker_is_not_holder(text, surface, speaker):
    assert speaker not in [d.value for d in _top(text, surface)]


def test_comparison_target_is_not_holder():
    assert "Hawks" not in [d.value for d in _top("The Tigers scored 112 points against the Hawks.", "112")]


@pytest.mark.parametrize(("text", "surface"), [
    ("By 8:30 in March, 5,000 runners had finished.", "5,000"),
    ("On Tuesday, 400 flights were cancelled.", "400"),
    ("3月份，全国居民消费价格同比上涨0.4%。", "0.4%"),
])
def test_time_is_never_holder(text, surface):
    assert _top(text, surface) == []


def test_previous_sentence_subject():
    text = "Acme Corp opened a plant in Ohio. It employs 1,200 workers."
    found = _top(text, "1,200")
    assert [(d.value, d.by) for d in found] == [("Acme Corp", "previous sentence")]
    assert found[0].confidence < CONFIDENT and text[found[0].start:found[0].end] == "Acme Corp"
    zh = _top("比亚迪发布新车。上月销量达到30万辆。", "30万")
    assert [(d.value, d.by) for d in zh] == [("比亚迪", "previous sentence")]


def test_article_topic_from_title():
    found = _top("Output rose to 40,000 units.", "40,000", title="Acme Corp doubles output")
    assert [(d.value, d.by, d.start, d.end) for d in found] == [("Acme Corp", "article topic", -1, -1)]
    assert found[0].confidence < CONFIDENT
    zh = _top("全年发电量达到882亿千瓦时。", "882亿千瓦时", title="三峡电站创发电新纪录")
    assert [(d.value, d.by) for d in zh] == [("三峡电站", "article topic")]


def test_a_holder_in_the_sentence_outranks_the_title():
    found = _top("Fairfax County approved a budget of $4.2 billion.", "$4.2 billion", title="Acme Corp doubles output")
    assert [d.value for d in found] == ["Fairfax County", "Acme Corp"]


def test_empty_lexicon(monkeypatch):
    """The holders are found with no lexicon at all: loading one fails the test."""
    from verifier.extract import lexicon_files

    def no_lexicon(*args, **kwargs):
        raise AssertionError("holder_candidates read a lexicon")

    monkeypatch.setattr(lexicon_files, "load_lexicon", no_lexicon)
    for text, surface, holder in [("国家统计局共有职工5000人。", "5000", "国家统计局"), ("比亚迪新能源汽车出口量达到120万辆。", "120万", "比亚迪"),
                                  ("河南省小麦产量为762.6亿斤。", "762.6亿斤", "河南省"), ("铁路完成旅客发送量3.2亿人次。", "3.2亿", "铁路"),
                                  ("中国男性72206万人。", "72206万", "中国"), ("Metro Transit carried 2.3 million passengers.", "2.3 million", "Metro Transit")]:
        assert _top(text, surface)[0].value == holder


def _run(code: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)


def test_segmenter_is_loaded_only_for_chinese_and_quietly():
    common = ("from verifier.quantities import extract\n"
              "from verifier.extract.holders import holder_candidates\n"
              "from verifier.extract.measured import measured_thing\n"
              "import sys\n"
              "def run(t):\n"
              "    for q in extract(t):\n"
              "        measured_thing(t, (0, len(t)), q, extract(t)); holder_candidates(t, (0, len(t)), (0, len(t)), q)\n")
    english = _run(common + "run('Metro Transit carried 2.3 million passengers.')\nprint('rjieba' in sys.modules, 'jieba' in sys.modules)")
    assert english.stdout.split() == ["False", "False"]
    chinese = _run(common + "run('河南省小麦产量为762.6亿斤。')\nprint('rjieba' in sys.modules)")
    assert chinese.stdout.split() == ["True"] and chinese.stderr == ""


def test_frame_words_are_words():
    """YAML reads no, on, off as booleans: every entry of the word files must stay a word."""
    from verifier.extract.frame_words import LANGUAGES, words

    for lang in LANGUAGES:
        for key, table in words(lang).items():
            assert not {w for w in table if w in ("True", "False", "None")}, (lang, key)
    assert "no" in words("en")["determiners"] and "on" in words("en")["np_inner"]


@pytest.mark.parametrize(("text", "surface", "holder", "by"), [
    # a place name the segmenter split from its administrative word is joined to it
    ("甘泉省粮食总产量达到680亿斤。", "680亿斤", "甘泉省", "segmenter place"),
    # a name and the field words up to its organisation suffix are one organisation
    ("白鹭市交通运输局今年预算为3.5亿元。", "3.5亿元", "白鹭市交通运输局", "segmenter organisation"),
    ("桃源县人民医院去年门诊量达到48万人次。", "48万", "桃源县人民医院", "segmenter organisation"),
    # a place name unknown to the segmenter, split into pieces, is joined again at a clause's opening
    ("丰玉湖县2019年公交客运量为96.7万人次。", "96.7万", "丰玉湖县", "segmenter place"),
    ("2022年，福金州市太阳能发电量为677吉瓦时。", "677吉瓦时", "福金州市", "segmenter place"),
    ("云西源市2023年地铁运营里程为151公里。", "151公里", "云西源市", "segmenter place"),
    ("2024年，丰上州县人均预期寿命为94.1岁。", "94.1岁", "丰上州县", "segmenter place"),
])
def test_chinese_names_are_joined(text, surface, holder, by):
    top = _top(text, surface)[0]
    assert (top.value, top.by) == (holder, by)


@pytest.mark.parametrize(("text", "surface", "not_holder"), [
    ("夏粮产量3100亿斤，秋粮产量9800亿斤。", "3100亿斤", "夏"),   # a crop tagged nr before 产量 is no person
    ("玉米产量同比增长4%。", "4%", "玉米"),
    ("目前已接种疫苗约9.6万剂。", "约9.6万", "万剂"),          # the scale word stays with the numeral
    ("太阳能发电量为677吉瓦时，同比增长5%。", "5%", "吉瓦时"),   # a unit after a number, tagged nrt, is no person
])
def test_a_measure_word_is_no_name(text, surface, not_holder):
    assert not any(not_holder in d.value for d in _top(text, surface))


@pytest.mark.parametrize(("text", "names"), [
    ("广东省深圳市2020年地区生产总值为2.77万亿元。", ["广东省", "深圳市"]),  # two known places stay two names
    ("北京楼市2020年成交量为15万套。", ["北京"]),                           # 楼市 is the housing market, no place
    ("东部地区2020年增长5%。", []),                                       # a region word, no name
    ("云南的数据显示，增长5%。", ["云南"]),
    ("省会江州市收入占全省的31.4%。", ["江州市"]),                          # 省会 (the capital) is no piece of it
    ("云在天上，增长5%。", []),                                           # one character is no name
])
def test_split_place_names_are_joined_only_at_a_level_character(text, names):
    from verifier.extract.zh_names import names_in

    assert [n.text for n in names_in(text, 0, len(text))] == names


@pytest.mark.parametrize(("text", "surface", "speaker"), [
    ("农业农村部12日发布数据，全国生猪存栏4.2亿头。", "4.2亿", "农业农村部"),
    ("据国家疾控局通报，流感阳性率为21%。", "21%", "国家疾控局"),
    ("省统计局5日公布，全省城镇新增就业62万人。", "62万", "省统计局"),
])
def test_an_organisation_releasing_data_is_no_holder(text, surface, speaker):
    assert speaker not in [d.value for d in _top(text, surface)]


def test_releasing_a_product_is_not_saying():
    found = _top("白鹭汽车发布新车，当月销量达到2万辆。", "2万")
    assert "白鹭汽车" in [d.value for d in found] or "白鹭" in [d.value for d in found]


@pytest.mark.parametrize(("text", "surface", "place", "in_own_clause"), [
    ("桃源县召开两会。全县一般公共预算收入为18亿元。", "18亿元", "桃源县", True),
    ("甘泉省统计局发布数据，全省常住人口为4100万人。", "4100万", "甘泉省", True),
    ("白鹭市新建学校12所。本市在校学生达到52万人。", "52万", "白鹭市", True),
    ("全县26个乡镇中，有9个乡镇实现了增长。", "9", "桃源县", False),   # the title names the county
])
def test_scope_reference_is_the_place_of_its_level(text, surface, place, in_own_clause):
    found = [d for d in _top(text, surface, title="桃源县经济稳中有进") if d.by == "scope reference"]
    assert [d.value for d in found] == [place]
    expected = CONFIDENCE["scope reference"] - (0.0 if in_own_clause else OTHER_CLAUSE)
    assert found[0].confidence == pytest.approx(expected)


def test_scope_reference_needs_a_place_of_its_level():
    # 全省 refers to a province: a county named before is not it, nor is a title with no province
    assert not [d for d in _top("桃源县召开两会。全省粮食产量为300亿斤。", "300亿斤") if d.by == "scope reference"]


@pytest.mark.parametrize(("text", "surface", "not_holder"), [
    ("Farmers' incomes fell 8% in the dry year.", "8%", "Farmers"),             # a plural possessive opener
    ("Club revenue was A$3.2 million, with tickets making up 40% of it.", "40%", "A"),  # 'A$' is a currency
    ("Ticket sales reached NZ$8 million.", "$8 million", "NZ"),
    ("A typical commuter spends $1,900 a year on fares, according to the rider group TransitWatch.",
     "$1,900 a year", "TransitWatch"),                                                   # a described speaker
    ("Nurses' pay rose 4%, the Royal Nursing Federation said.", "4%", "Royal Nursing Federation"),
])
def test_not_an_english_holder(text, surface, not_holder):
    assert not_holder not in [d.value for d in _top(text, surface)]


def test_a_plural_possessive_inside_a_name():
    from verifier.extract.en_names import names_in
    text = "Membership of the Dairy Farmers' Association rose to 3,100."
    assert [n.text for n in names_in(text, 0, len(text), 0)] == ["Dairy Farmers' Association"]


@pytest.mark.parametrize("heading", ["# Annual report 2025", "## Harvest statement 2026", "> Quarterly figures", "- Wheat output"])
def test_a_word_capitalised_by_a_markdown_line_mark_is_no_name(heading):
    """The first word after a heading, list or quotation mark opens its line as a sentence's first
    word does: capitalised by position, no name (never an article's topic holder)."""
    from verifier.extract.en_names import names_in
    from verifier.extract.lexicon import Lexicon, discover

    text = heading + "\n\nBarley output was 1.26 million tonnes, against 1.40 million tonnes a year earlier.\n"
    first = heading.lstrip("#>- ").split()[0]
    assert first not in [m.name.split()[0] for m in discover(text, [], Lexicon([]))]
    assert first not in [n.text for n in names_in(text, 0, len(text), 0)]


def test_a_name_opening_a_heading_stays_a_name_the_article_shows():
    """A word the article also capitalises inside a sentence is a name at a heading's opening too."""
    from verifier.extract.en_names import names_in

    text = "# Northvale harvest\n\nThe Northvale figures rose."
    assert [n.text for n in names_in(text, 0, len(text), 0)][:1] == ["Northvale"]


@pytest.mark.parametrize(("text", "surface", "expected"), [
    ("A typical household pays $1,450 a year for water.", "$1,450 a year", True),
    ("An average family would save $300.", "$300", True),
    ("Fares rose 3%, against a national average of 5%.", "5%", True),
    ("Nationally, turnout was 61%.", "61%", True),
    ("Riverton hired 40 nurses.", "40", False),
    ("The county spent $2 million.", "$2 million", False),
    ("A$120 million went to farms.", "A$120 million", False),       # 'A$' is a currency, not 'a'
    ("全国人均粮食占有量为480公斤。", "480公斤", True),
    ("我国新能源汽车出口120万辆。", "120万", True),
    ("当地一家养殖场的成本为每公斤12元。", "12元", True),
    ("桃源县粮食产量为30亿斤。", "30亿斤", False),
])
def test_unheld(text, surface, expected):
    from verifier.extract.holders import unheld
    q, sent, _, _ = figure(text, surface)
    assert unheld(text, sent, q) is expected


@pytest.mark.parametrize(("text", "surface", "not_holder"), [
    ("今年计划新增病床800张。", "800", "计划"),           # a word of plan is no doer
    ("非税收入下降了6.5个百分点。", "6.5个百分点", "非税"),  # a noun before a measure word tagged v
])
def test_not_a_chinese_subject_noun(text, surface, not_holder):
    assert not_holder not in [d.value for d in _top(text, surface)]


def _holders(body: str) -> dict[str, str | None]:
    from builders import art
    from verifier.extract.claims import extract_claims
    from verifier.extract.lexicon import Lexicon

    return {c.anchor.quote: c.subject for c in extract_claims(art("h1", body), lexicon=Lexicon([]))}


def test_an_unheld_clause_keeps_no_guessed_holder():
    # Riverton owns the sentence before; 'A typical household' and 'a national average' are nobody's
    got = _holders("Riverton Water Board raised its rates by 6% in March, to $1,380 a year. "
                   "A typical household now pays $1,450 a year, against a national average of $1,200 a year.\n")
    assert got["$1,380 a year"] == "Riverton Water Board"
    assert got["$1,450 a year"] is None and got["$1,200 a year"] is None


def test_a_chinese_scope_reference_holds_the_figures_of_its_place():
    got = _holders("桃源县统计局6日发布数据。全县粮食总产量为42亿斤，同比增长3%。\n")
    assert got["42亿斤"] == "桃源县" and got["3%"] == "桃源县"


def test_a_holder_taken_over_from_the_previous_figure_is_no_surer_than_it_was():
    from builders import art
    from verifier.extract.claims import extract_claims
    from verifier.extract.lexicon import Lexicon

    body = ("Households in Ostrava Vale installed 90,000 solar panels in 2025, the Ostrava Vale energy agency said.\n\n"
            "Panels cost about 210 euros each, against 260 euros two years ago.\n")
    got = {c.anchor.quote: c.decided["holder"] for c in extract_claims(art("h2", body), lexicon=Lexicon([]))}
    assert (got["about 210 euros"].by, got["about 210 euros"].confidence) == ("article topic", CONFIDENCE["article topic"])
    assert (got["260 euros"].by, got["260 euros"].confidence) == ("previous clause", CONFIDENCE["article topic"])


def test_an_organisation_named_by_its_places_level_takes_the_place():
    """市教育局 is 'the city's education bureau': the city the article names before it, so two
    articles on two cities give two holders; one that names no city keeps it, too weak for an error."""
    top = _top("青河市扩大学校规模。2020年，市教育局招聘教师1200名。", "1200")[0]
    assert (top.value, top.by) == ("青河市教育局", "scope reference")
    alone = _top("2020年，市教育局招聘教师1200名。", "1200")[0]
    assert alone.value == "市教育局" and alone.confidence < CONFIDENT


def test_a_name_glued_to_a_character_cut_off_is_never_sure():
    """'安' (a verb) + 金港 + 县: the segmenter cut a character off an unknown county's name, so the
    name keeps it (安金港县, which another article's 临金港县 does not share) but where it starts is
    uncertain and the holder is too weak for an error; after a preposition (在金港县) the name's
    edge is plain; after a verb, a place the dictionary knows stands on its own (到安吉县)."""
    glued = _top("2021年，安金港县在编公务人员为4472名。", "4472")[0]
    plain = _top("在金港县的在编公务人员为4472名。", "4472")[0]
    assert (glued.value, plain.value) == ("安金港县", "金港县")
    assert glued.confidence < CONFIDENT <= plain.confidence
    assert _top("2020年，到安吉县旅游的人数为100万。", "100万")[0].value == "安吉县"


@pytest.mark.parametrize(("text", "surface", "holder"), [
    ("2020年，松金源县财政赤字率为3.1%。", "3.1%", "松金源县"),        # 松 (a verb) + 金源 + 县
    ("安上林市2021年公交客运量为273.1万人次。", "273.1万", "安上林市"),  # 安上 (a verb) + 林市 (made up)
])
def test_a_name_opening_on_a_verb_keeps_it_unsure(text, surface, holder):
    top = _top(text, surface)[0]
    assert (top.value, top.by) == (holder, "segmenter place") and top.confidence < CONFIDENT


def test_one_character_tagged_a_name_opens_the_place_after_it():
    """The tagger tags a character of an unknown name as a person or a place (康:nr, 泰:ns): before
    a place it knows and its level (丰州 + 县) it is the name's first character (康丰州县), and a
    name read without it is not sure where it starts (two counties' 丰州县 would meet)."""
    top = _top("康丰州县2024年地铁运营里程为11公里。", "11公里")[0]
    assert (top.value, top.confidence) == ("康丰州县", CONFIDENCE["segmenter place"])
    from verifier.extract.holders_zh import glued_at
    assert glued_at("泰丰州县", 0, 1)


@pytest.mark.parametrize("text", ["2023年，松川县海洋捕捞量为18.6万吨。", "松川县2023年海洋捕捞量为16.8万吨。"])
def test_a_place_word_without_a_level_after_a_place_is_what_is_measured(text):
    """海洋 ('marine', tagged a place by the dictionary) after 松川县, or after it and the year, is
    a part of what is measured (海洋捕捞量), not a second holder: a nested place has its own level."""
    surface = text[text.index("为") + 1:text.index("吨") + 1]
    assert _top(text, surface)[0].value == "松川县"
    assert _top("广东省深圳市2023年地区生产总值为3.46万亿元。", "3.46万亿元")[0].value == "深圳市"


def test_a_level_glued_to_the_next_character_is_cut_apart():
    """'江新峰市月平均工资': the segmenter glues 市 to 月 (市月, a word it made up); the level goes back
    to the name and the month word stands alone, as where the year stands between (江新峰市2019年月…)."""
    from verifier.extract.zh_tags import tagged

    words = [(w.text, w.tag) for w in tagged("2019年，江新峰市月平均工资为5153元。")]
    assert words[2:7] == [("江", "nr"), ("新峰", "ns"), ("市", "n"), ("月", "m"), ("平均工资", "n")]
    assert [w.text for w in tagged("深圳市民人均收入")][:2] == ["深圳", "市民"]  # a word the dictionary has stays whole
    assert _top("2019年，江新峰市月平均工资为5153元。", "5153元")[0].value == "江新峰市"


def test_a_conjunction_opening_a_clause_leaves_the_name_after_it_unsure():
    """和 after '2022年，' joins nothing, so it is likely the first character of an unknown name
    (和北岭市): the holder read after it (北岭市) is too weak for an error; between two names 和
    joins them and both edges are plain."""
    opening = _top("2022年，和北岭市新增就业岗位3120个。", "3120")[0]
    joining = _top("南岭市和北岭市新增就业岗位3120个和2870个。", "2870")[0]
    assert opening.value == joining.value == "北岭市"
    assert opening.confidence < CONFIDENT <= joining.confidence


@pytest.mark.parametrize("text, name, whole", [
    ("青河市和上源市2020年财政预算总额分别为4.2亿元和6.1亿元。", "上源市", True),  # after a conjunction joining two names: whole
    ("据财政局介绍，和上源市2020年财政预算总额为6.1亿元。", "上源市", False),  # 和 opening a clause joins nothing: likely 和上源市
    ("江苏省交通厅表示，公交客运量为5.31亿人次。", "江苏省", True),
    ("2020年，兴上源市财政预算总额为1.7亿元。", "上源市", False),             # inside another county's name
    ("上源市场规模扩大。", "上源市", False),                                 # inside a word: 市场
])
def test_a_chinese_name_counts_where_it_stands_whole(text, name, whole):
    from verifier.extract.holders_zh import named_at

    i = text.index(name)
    assert named_at(text, i, i + len(name)) is whole
