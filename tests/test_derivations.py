"""Derivations among the figures of one sentence (verifier.extract.derivations).

Each case is a sentence written for this test (budgets, health, jobs, population, energy,
transport, sport, farming, elections), the figures the claim layer gives it, and the exact
derivations expected: op, result index, operand indices, the words (their exact span is the
first occurrence of the text given, or the n-th with 'text@n'), direction, stated value, basis.
For each op and language there is a case that finds it, one that stays quiet (a near miss that
is not the construction) and one at a boundary (the order reversed, or a figure missing).
"""

from __future__ import annotations

import pytest

from verifier.extract.context import article_figures
from verifier.extract.derivations import OPS, WARNING_BELOW, Derivation, cues, derivations
from verifier.extract.segment import segment, sentences
from verifier.quantities import extract

UP, DOWN, YOY, POP = "up", "down", "year on year", "period on period"


def E(op, result, operands, words, direction=None, stated=None, basis=None):
    """One expected derivation: its fields, the words as text (see the module docstring)."""
    return (op, result, tuple(operands), words, direction, stated, basis)


def _figures(body: str) -> list:
    """The quantities the claim layer reads in ``body`` (its range split for 'from A to B' changes)."""
    return [f.q for f in article_figures(body)]


def _span(body: str, words: str) -> tuple[int, int]:
    text, _, nth = words.partition("@")
    at = -1
    for _ in range(int(nth or 1)):
        at = body.index(text, at + 1)
    return at, at + len(text)


def _got(body: str, sent: tuple[int, int] | None = None, figures: list | None = None) -> list[Derivation]:
    figures = _figures(body) if figures is None else figures
    return derivations(body, sent or (0, len(body)), figures)


def _check(body: str, expected: list) -> list[Derivation]:
    got = _got(body)
    want = [(op, res, ops, _span(body, w), d, st, b) for op, res, ops, w, d, st, b in expected]
    assert [(d.op, d.result, d.operands, d.words, d.direction, d.stated, d.basis) for d in got] == want, \
        [(d.op, d.result, d.operands, body[d.words[0]:d.words[1]], d.direction, d.stated, d.basis) for d in got]
    return got


CASES = [
    # percent_change, English -------------------------------------------------------------
    ("The city's transport budget rose to $1.5 billion from $1.2 billion, an increase of 27%.",   # budgets
     [E("percent_change", 2, (1, 0), "an increase of", UP)]),
    ("Wind generation grew from 18.5 TWh to 22.2 TWh, up 20% year on year.",                     # energy
     [E("percent_change", 2, (0, 1), "up", UP, basis=YOY)]),
    ("Wheat exports fell 12% to 3,400 tonnes from 3,900 tonnes.",                                # farming, reversed
     [E("percent_change", 0, (2, 1), "fell", DOWN)]),
    ("Bus ridership was 4.2 million, up 8% from 3.9 million.",                                   # transport, unmarked new
     [E("percent_change", 1, (2, 0), "up", UP)]),
    ("The health budget was $4.2 billion, 8% higher than the $3.9 billion of the year before.",  # budgets, comparative
     [E("percent_change", 1, (2, 0), "higher than", UP)]),
    ("Ticket sales rose 15% to 2.3 million.", []),                                               # boundary: no base
    ("Battery charge went from 10% to 80% in 18 minutes.", []),                                  # quiet: levels
    ("Approval ranged from 89% to 92% across the five polls.", []),                              # quiet: a range
    ("The surplus grew by 12% from 2019 to 2023.", []),                                          # quiet: years
    ("Prices fell 3% to $97 from $94.",                                                          # words disagree with figures
     [E("percent_change", 0, (2, 1), "fell", DOWN)]),
    ("The jobless rate fell from 4.5% to 4.1%, a drop of 0.4%.",                                 # % stated between two %
     [E("percent_change", 2, (0, 1), "a drop of", DOWN)]),
    # percent_change, Chinese -------------------------------------------------------------
    ("今年粮食产量6.9亿吨，比上年的6.8亿吨增长1.5%。",                                               # farming, 比 base
     [E("percent_change", 2, (1, 0), "增长", UP, basis=YOY)]),
    ("全省发电量由2020年的120亿千瓦时增至2024年的150亿千瓦时，增长25%。",                            # energy, dates stepped over
     [E("percent_change", 4, (1, 3), "增长", UP)]),
    ("门票收入从3亿元降至2.4亿元，下降20%。",                                                       # sport
     [E("percent_change", 2, (0, 1), "下降", DOWN)]),
    ("5月社会消费品零售总额3.2万亿元，比上月的3.0万亿元增长6.7%。",                                   # budgets, 环比 basis
     [E("percent_change", 3, (2, 1), "增长", UP, basis=POP)]),
    ("铁路客运量同比增长8.3%，达到36.8亿人次。", []),                                               # boundary: no base
    ("全省耕地面积约1.2亿亩，占全国的35.2%。", []),                                                  # quiet: a share, not a change
    # pp_change -------------------------------------------------------------------------
    ("Unemployment fell to 4.1% from 4.5%, a drop of 0.6 percentage points.",                    # jobs
     [E("pp_change", 2, (1, 0), "a drop of", DOWN)]),
    ("The vaccination rate rose 2.5 percentage points to 71.5% from 69%.",                       # health, change first
     [E("pp_change", 0, (2, 1), "rose", UP)]),
    ("Turnout rose 3 points to 64% from 61%.",                                                   # elections, bare 'points'
     [E("pp_change", 0, (2, 1), "rose", UP)]),
    ("The rate stood at 4.1%, 0.6 percentage points below the national average.", []),           # boundary: one level
    ("城镇调查失业率由5.5%降至5.1%，下降0.4个百分点。",                                               # jobs
     [E("pp_change", 2, (0, 1), "下降", DOWN)]),
    ("小麦良种覆盖率从92%提高到96%，提高了4个点。",                                                   # farming, 个点
     [E("pp_change", 2, (0, 1), "提高了", UP)]),
    ("出生率为7.42‰，比上年提高0.50个百分点。", []),                                                 # boundary: no base figure
    # ratio -----------------------------------------------------------------------------
    ("Car exports reached 180,000 in 2025, 2.5 times the 60,000 shipped in 2023.",               # transport
     [E("ratio", 2, (0, 3), "the")]),
    ("The new line carries 36,000 passengers a day, three times as many as the 12,000 the buses carried.",
     [E("ratio", 2, (0, 3), "as many as")]),
    ("The stadium is three times the size it was.", []),                                         # quiet: no figure to compare
    ("今年用户120万，是去年40万的3倍。",                                                             # jobs / population
     [E("ratio", 2, (0, 1), "是")]),
    ("光伏装机达到2.4亿千瓦，为2020年的3倍。", []),                                                  # boundary: a year is no operand
    # times_more ------------------------------------------------------------------------
    ("Measles cases reached 3,600, three times higher than the 1,200 recorded in 2020.",         # health
     [E("times_more", 1, (0, 2), "higher than", UP)]),
    ("Fares are three times higher in the capital.", []),                                        # quiet
    ("出口量从60万辆增长到180万辆，增长了两倍。",                                                     # transport
     [E("times_more", 2, (1, 0), "增长了", UP)]),
    ("甲队得分120分，比乙队的40分高2倍。",                                                           # sport, A比B高x倍
     [E("times_more", 2, (0, 1), "高", UP)]),
    # times_less ------------------------------------------------------------------------
    ("Emissions of 400 tonnes are 5 times lower than the 2,000 tonnes of the old plant.",        # energy
     [E("times_less", 1, (0, 2), "lower than", DOWN)]),
    ("Waiting times are 3 times shorter now.", []),                                              # quiet
    ("事故数从300起下降到100起，下降了3倍。",                                                         # transport
     [E("times_less", 2, (1, 0), "下降了", DOWN)]),
    ("新工艺使能耗降低3倍。", []),                                                                  # boundary: no figures
    # multiple --------------------------------------------------------------------------
    ("The wheat harvest doubled to 3,000 tonnes from 1,500 tonnes.",                             # farming
     [E("multiple", None, (1, 0), "doubled", UP, 2.0)]),
    ("Solar capacity tripled to 12 GW from 4 GW.",                                               # energy
     [E("multiple", None, (1, 0), "tripled", UP, 3.0)]),
    ("Waiting lists halved to 4,000 from 8,000.",                                                # health
     [E("multiple", None, (1, 0), "halved", DOWN, 0.5)]),
    ("Sales doubled last year.", []),                                                            # quiet
    ("出口量从60万辆增长到120万辆，翻了两番。",                                                       # transport
     [E("multiple", None, (0, 1), "翻了两番", UP, 4.0)]),
    ("粮食产量从1,000万吨增至2,000万吨，翻了一番。",                                                   # farming
     [E("multiple", None, (0, 1), "翻了一番", UP, 2.0)]),
    ("居民收入比2010年翻一番。", []),                                                               # boundary: a year, no figure
    # share -----------------------------------------------------------------------------
    ("48 of 420 patients (21.4%) had side effects.",                                             # health
     [E("share", 2, (0, 1), "of")]),
    ("Of the 420 patients, 48 (11.4%) reported headaches.",                                      # health, whole first
     [E("share", 2, (1, 0), "Of")]),
    ("Some 1,240 out of 5,000 voters, or 24.8%, backed the plan.",                               # elections
     [E("share", 2, (0, 1), "out of")]),
    ("1 in 5 adults (20%) smoke.",                                                               # boundary: a rate with %
     [E("share", 2, (0, 1), "in")]),
    ("1 in 5 adults smoke.", []),                                                                # quiet: no % beside
    ("3 of the 5 largest banks cut rates.", []),                                                 # quiet: ordinal-like
    ("Of 40 players, 12 were injured.", []),                                                     # quiet: no %
    ("1,200名受访者中有360人，占三成。",                                                             # elections, 成
     [E("share", 2, (1, 0), "中有")]),
    ("水田420万亩，占全省耕地1,200万亩的35%。",                                                       # farming, 占M的P%
     [E("share", 2, (0, 1), "占")]),
    ("全省耕地占全国的35.2%。", []),
    ("在2,000名患者中，有300人（15%）出现副作用。",                                                   # health, 中，有 (P%)
     [E("share", 2, (1, 0), "中")]),
    ("2023年接待的520万人次观众中，外地游客312万人次，占比75%。",                                      # museums, 中，X N，占比P%
     [E("share", 3, (2, 1), "中")]),
    ("About 30% of the 2,000 farms, or 600, grow rice.",                                         # farming, P% of the M, or N
     [E("share", 0, (2, 1), "of")]),                                                                # quiet: the whole not in the sentence
    # difference ------------------------------------------------------------------------
    ("The clinic saw 4,210 patients, 310 more than the 3,900 it saw in 2023.",                   # health
     [E("difference", 1, (2, 0), "more than", UP)]),
    ("Team A scored 102 points to Team B's 95, a gap of 7.",                                     # sport
     [E("difference", 2, (0, 1), "a gap of")]),
    ("The club has 310 more members than last season.", []),                                     # quiet: one figure
    ("新增就业1,256万人，比上年的1,206万人多50万人。",                                                  # jobs
     [E("difference", 2, (1, 0), "多", UP, basis=YOY)]),
    ("年末就业人员7.4亿人，比上年多646万人。", []),                                                    # boundary: one figure
    ("两队比分为98比91，相差7分。",                                                                  # sport
     [E("difference", 2, (0, 1), "相差")]),
    # sum -------------------------------------------------------------------------------
    ("Inspectors rated 412 schools high, 1,930 medium and 608 low, 2,950 in all.",               # budgets / schools
     [E("sum", 3, (0, 1, 2), "in all")]),
    ("Asked about the bypass, 52% were for, 41% against and 9% undecided.",                      # elections, partition
     [E("sum", None, (0, 1, 2), "undecided", stated=100.0)]),
    ("Turnout was 52% in 2016, 41% in 2020 and 9% in 2024.", []),                                # quiet: one % a year
    ("高412所、中1,930所、低608所，合计2,950所。",                                                     # whole after
     [E("sum", 3, (0, 1, 2), "合计")]),
    ("全市共有学校3,082所，其中高412所、中2,006所、低561所。",                                          # whole first, 其中
     [E("sum", 0, (1, 2, 3), "共有")]),
    ("甲村种植小麦515亩、玉米2,006亩。", []),                                                          # quiet: no whole
    # per_every / rate --------------------------------------------------------------------
    ("The town recorded 7.42 births for every 1,000 people.",                                    # population
     [E("rate", None, (0, 1), "for every")]),
    ("For every 1,000 residents, there were 3.2 doctors.",                                       # health, reversed
     [E("rate", None, (1, 0), "For every")]),
    ("每1,000人中有7.42人出生，出生率为7.42‰。",                                                      # population
     [E("per_every", 2, (1, 0), "每")]),
    ("每年新增就业1,100万人。", []),                                                                 # quiet: 每年 is no rate
    # a change, then an example of it after a word that restates or illustrates it ---------
    ("Bus fares rise by 25 percent, meaning a $4.00 ticket will cost $5.00.",                    # transport
     [E("percent_change", 0, (1, 2), "rise", UP)]),
    ("Food prices rose 20% last year: a basket that cost $50 now costs $60.",                    # prices, a colon
     [E("percent_change", 0, (1, 2), "rose", UP)]),
    ("电价上涨20%，也就是说，每月100元的电费将变为120元。",                                          # energy
     [E("percent_change", 0, (1, 2), "上涨", UP)]),
    ("Turnout rose 5%, with 1,200 voters in Ward 1 and 1,500 in Ward 2.", []),                   # quiet: no link word
    ("Bus fares rise by 25 percent, meaning a $4.00 ticket will cost more. Parking costs $5.00.", []),  # quiet: a sentence between
    # never operands ----------------------------------------------------------------------
    ("The hazard ratio was 0.67 (95% CI 0.48 to 0.91).", []),
    ("From 2019 to 2023 the league grew by 12 clubs.", []),
]


@pytest.mark.parametrize("body, expected", CASES, ids=[c[0][:40] for c in CASES])
def test_case(body, expected):
    _check(body, expected)


def test_at_least_sixty_sentences_and_every_op():
    assert len(CASES) >= 60
    found = {e[0] for _, exp in CASES for e in exp}
    assert found == set(OPS)


def test_levels_stay_quiet_when_their_range_is_split():
    """'from 10% to 80% charge' read as two figures (as a claim layer may pass them) still is no change."""
    body = "Battery charge went from 10% to 80% in 18 minutes."
    figs = [q for side in ("10%", "80%", "18 minutes") for q in extract(side)]
    figs = [q._replace(start=body.index(q.surface), end=body.index(q.surface) + len(q.surface)) for q in figs]
    assert _got(body, figures=figs) == []


def test_offsets_inside_an_article():
    """The sentence is a slice of a longer body: spans are the body's, indices the figures'."""
    body = "# Harvest\n\nRain was late in May. The wheat harvest doubled to 3,000 tonnes from 1,500 tonnes.\n"
    unit = next(u for u in segment(body) if u.kind == "paragraph")
    sent = next(s for s in sentences(body, unit) if "doubled" in body[s.start:s.end])
    figs = [q for q in _figures(body) if sent.start <= q.start < sent.end]
    (d,) = derivations(body, (sent.start, sent.end), figs)
    assert (d.op, d.operands, body[d.words[0]:d.words[1]], d.stated) == ("multiple", (1, 0), "doubled", 2.0)
    assert d.words == (body.index("doubled"), body.index("doubled") + 7)


def test_confidence_marks_the_weaker_readings():
    (sure,) = _got("Revenue rose from $1.2 billion to $1.5 billion, an increase of 27%.")
    (likely,) = _got("Bus ridership was 4.2 million, up 8% from 3.9 million.")
    (guess,) = _got("Backing was 52% among men, 41% among women and 9% among students.")
    assert (sure.confidence, likely.confidence) == (0.9, 0.85)
    assert guess.op == "sum" and guess.stated == 100.0 and guess.confidence < WARNING_BELOW


def test_an_example_across_a_restating_sentence_is_a_guess():
    """'…falls by 41 percent. In other words, a van with 100 miles of range manages 49': the two
    sentences read as one (restating), the example as the change's, at a guess's confidence."""
    body = "In the cold a delivery van's range falls by 41 percent. In other words, a van with 100 miles of range manages 49 miles."
    (d,) = _got(body)
    assert (d.op, d.result, d.operands, d.direction) == ("percent_change", 0, (1, 2), DOWN)
    assert d.confidence < WARNING_BELOW


@pytest.mark.parametrize(("body", "expected"), [
    ("A&E treated 18,240 patients in March. Of those, 13,680 were seen within four hours, or 82%.",  # health
     [E("share", 3, (1, 0), "Of those")]),
    ("全市共有学校320所。其中，小学180所，占56.3%。",                                                   # schools
     [E("share", 2, (1, 0), "其中")]),
    # the earlier level of a change is no whole: 其中 takes the 520万 of 2023
    ("2023年共接待观众520万人次，比2022年的400万人次增长了45%。其中外地游客312万人次，占观众总数的75%。",
     [E("percent_change", 4, (3, 1), "增长了", UP), E("share", 6, (5, 1), "其中")]),
    # quiet: 'those' may take either count of the sentence before
    ("A&E treated 18,240 patients in March and 17,100 in February. Of those, 13,680 were seen, or 82%.", []),
    ("Of those, 13,680 were seen within four hours.", []),                                          # quiet: no percentage
])
def test_a_partitive_opener_takes_its_whole_from_the_sentence_before(body, expected):
    _check(body, expected)


def test_a_partitive_sentence_is_read_with_the_one_before():
    """In an article the two sentences are read together (:func:`restating`), so the share is
    recorded on the claim of its percentage, against the whole of the sentence before."""
    from builders import art
    from verifier.extract.claims import extract_claims
    from verifier.extract.lexicon import Lexicon

    body = ("The trust treated 18,240 emergency patients in March, its board papers show.\n\n"
            "Of those, 13,680 were seen within four hours, or 82% of all arrivals.\n")
    claims = extract_claims(art("w", body), lexicon=Lexicon([]))
    quote = {c.id: c.anchor.quote for c in claims}
    d = next(c for c in claims if c.anchor.quote == "82%").derived
    assert d is not None and d.op == "share" and [quote[o] for o in d.operands] == ["13,680", "18,240"]


def test_one_character_verbs_need_a_comparison():
    """'高412所' is a grade and '低561所' another: 高 / 低 are verbs of change only after 比 / 较."""
    assert _got("学校评级为高412所、低561所。") == []
    (d,) = _got("甲队得分120分，比乙队的40分高2倍。")
    assert d.op == "times_more"


def test_a_clause_of_another_subject_is_not_the_base():
    """'Profit was $2 billion, and revenue rose 12% from $4.0 billion': the $2 billion is no new level."""
    assert _got("Profit was $2 billion, and revenue rose 12% from $4.0 billion.") == []


def test_cue_words_come_from_the_data_file():
    c = cues()
    assert c.factors["翻两番"] == 4.0 and c.factors["翻三番"] == 8.0 and c.factors["halved"] == 0.5
    assert c.year_on_year.search("同比增长") and c.period_on_period.search("环比下降")


def test_no_figures_or_one_figure():
    assert derivations("Prices rose 3%.", (0, 15), extract("Prices rose 3%.")) == []
    assert derivations("", (0, 0), []) == []
