"""The measured thing of a Chinese figure, read from the segmenter's words (:mod:`.zh_tags`).

Walking back from the figure: linking words (为, 达到, 同比增长, 约: ``linking`` of
``zh.yaml`` and the approximation words) are passed over, then the noun phrase is gathered:
nouns, nominal verbs and abbreviations, and a verb when it opens the phrase (全年出生1032万人)
or modifies a measure head (高考报名人数, 大豆种植面积). The phrase ends at a name (比亚迪,
河南省: the holder), a time word, a numeral, punctuation, a pronoun, a preposition, 的, or a
verb that takes the phrase as object (完成, 拥有, 采用: ``phrase_stops``). Inside the phrase, 的
and a locative after a noun stay (全国铁路的旅客发送量, 规模以上工业增加值: the modifier says
which). On the way back the other figures of a change and their dates are passed over too
(由2020年的76.85岁提高到77.6岁: both measure the subject), with 比/较 and time words (比上年增长).

A share '占Y的P%' has no noun of its own before the figure: it is read as "X占Y的比重", X the
phrase before 占 (or the previous figure's thing when 占 opens the clause), the noun a share
is printed with (比重), so that it meets the same share printed as '…占Y的比重为P%'. A phrase
that is only a verb with an object or an empty noun (数据, 口径: ``empty_heads``) gives None.

Shape::

    before(body, sent, q, figures) -> Decided("新能源汽车出口量", "noun before figure", 0.8, 3, 11)
    after(body, q, clause_end)     -> Decided("教师", "noun after figure", 0.8, 9, 11)  # 1200名教师
    before(...)  # 占全国人口的21.1% -> Decided("60岁及以上人口占全国人口的比重", "share phrase", 0.75, ...)
    age_bound(body, q) -> True                          # the 60岁 of 60岁及以上人口
"""

from __future__ import annotations

import re
from typing import Final

from verifier.extract.decided import Decided, decide
from verifier.extract.frame_words import words
from verifier.extract.segment import clause_start
from verifier.extract.zh_names import label_of, names_in
from verifier.extract.zh_tags import Word, words_in
from verifier.words import section as words_of
from verifier.quantities import Quantity
from verifier.quantities.approx import APPROX_BEFORE
from verifier.quantities.scan import CLASSIFIERS

NOUN_TAGS: Final = frozenset({"n", "ng", "nl", "vn", "j", "l", "an", "nrt", "s", "i"})
"""Tags of words a measured thing is made of (nouns, nominal verbs, abbreviations, set phrases)."""

MODIFIER_TAGS: Final = frozenset({"a", "b", "ad"})
"""Tags of words that may open a measured thing before its nouns (一般公共预算收入, 最高负荷)."""

TOPIC_OPENERS: Final = ("其中", "此外", "同时", "另外")
"""Words that open a clause before its subject ('其中出口…', '同时，…'): passed over by :func:`topic`."""

PASS_TAGS: Final = frozenset({"d", "ul", "uz", "ug"})
"""Tags passed over between a measured thing and its figure: adverbs and aspect particles."""

RATE_BASES: Final = frozenset("公斤千克克吨斤亩升米")
"""Characters of a rate's base after 每 that the classifiers leave out (每公斤, 每千克, 每亩)."""

AGE_BEFORE: Final = re.compile(r"(?:\d{1,3}|[一二三四五六七八九十百]+)\s*(?:周)?岁?\s*(?:[-—–~至到]\s*(?:\d{1,3}|[一二三四五六七八九十]+)\s*(?:周)?岁)?"
                               r"(?:及以上|以上|及以下|以下)?(?:的)?(?<=[岁上下的])")
"""An age group before a noun ('60岁及以上', '16—59岁', '65周岁以上的'): part of the measured thing,
which the segmenter's words leave out (numerals and 岁 are no nouns)."""

MAX_WORDS: Final = 6
"""Most words of a measured thing ("全国/城镇/调查/失业率" has four)."""

SHARE_VERBS: Final = frozenset(words_of("share", "zh_part"))
"""Verbs of a share ('占全国人口的19.8%'): ``share.zh_part`` of :mod:`verifier.words`."""

SHARE_NOUNS: Final = frozenset(words_of("share", "zh_noun"))
"""Nouns a share is named by ('X占Y的比重为P%'): ``share.zh_noun`` of :mod:`verifier.words`. A
phrase ending in one walks back over 占 to its part X, so both ways of printing a share read as
'X占Y的比重'."""

_CHANGE_WORDS: Final = frozenset(words_of("up", "zh") + words_of("down", "zh"))
"""Chinese verbs of change (攀升, 回落: ``up`` and ``down`` of :mod:`verifier.words`), passed over
like the linking words between a measured thing and the size of its change ('房价攀升5%')."""

CJK_NOUN_START: Final = re.compile(r"[\u3400-\u9fff]")
"""A Chinese character after an age group: the group's noun follows it."""


def before(body: str, sent: tuple[int, int], q: Quantity, figures: list[Quantity],
           through_verb: bool = False) -> Decided | None:
    """The noun phrase before a Chinese figure, in its clause (see the module docstring). With
    ``through_verb``, a verb that takes an object (``phrase_stops``) right before the figure is
    passed over too: asked when no noun follows the figure to be that object ('支出安排61.3亿元');
    its subject is taken only when it names a measure ('收入完成4218亿元', not '机构采用3.5%').

    The other figures of a change and their dates are passed over on the way back, so both
    figures of '居民人均预期寿命由2020年的76.85岁提高到77.6岁' measure 居民人均预期寿命; a share
    '占全国人口的19.8%' is read by :func:`_share`.
    """
    zh = words("zh")
    lo = _clause_lo(body, sent[0], q.start)
    others = [(f.start, f.end) for f in figures if lo <= f.start and f.end <= q.start and f.start != q.start]
    ws = words_in(body, lo, q.start)
    i = _pass_back(ws, len(ws) - 1, others)
    if i >= 0 and ws[i].text == "的":
        return _share(body, sent, q, figures, ws, i)
    if through_verb and i >= 0 and ws[i].text in zh["phrase_stops"]:
        i = _pass_back(ws, i - 1, others)  # '支出安排61.3亿元': the verb has no object, its subject is measured
        found = _phrase(body, lo, ws, i, sent[0])
        return found if found is not None and _names_a_measure(found.value) else None
    if i < 0 and ws and lo > sent[0]:
        return topic(body, sent[0], lo)  # '汽车出口量连续跨过两个百万级台阶，达到522.1万辆': the clause has no subject
    return _phrase(body, lo, ws, i, sent[0])


def topic(body: str, sent0: int, lo: int) -> Decided | None:
    """The subject of the clause before offset ``lo`` (a clause start), for a clause that opens
    with its verb and names no subject ('…汽车出口量连续跨过两个百万级台阶，达到522.1万辆'): a
    Chinese topic chain, whose later clauses share the first one's subject. The subject is the
    run of nouns that opens that clause, after time words and a leading 其中; taken only when it
    names a measure (:func:`_names_a_measure`), decided as 'clause topic'."""
    start = clause_start(body, sent0, max(sent0, lo - 1))
    ws = words_in(body, start, lo)
    j = 0
    while j < len(ws) and (_time(ws[j]) or ws[j].text in TOPIC_OPENERS or ws[j].tag == "x"):
        j += 1
    run: list[Word] = []
    zh, bases = words("zh"), {*words_of("year_on_year", "zh"), *words_of("period_on_period", "zh")}
    while j < len(ws) and ws[j].text not in bases and (ws[j].tag in NOUN_TAGS or ws[j].text in zh["not_names"]
                                                       or (run and ws[j].text in zh["inner_locatives"])):
        run.append(ws[j])  # '全国规模以上工业原煤产量': a locative inside the phrase stays
        j += 1
    if not run:
        return None
    value = body[run[0].start:run[-1].end]
    if not _names_a_measure(value):
        return None
    return decide(value, "clause topic", run[0].start, run[-1].end)


def _clause_lo(body: str, sent0: int, pos: int) -> int:
    """Where the clause of offset ``pos`` starts (:func:`clause_start`), a bracket that closes right
    before its words taken in with the clause before it ('零售总额（含汽车）增长6.5%')."""
    lo = clause_start(body, sent0, pos)
    if lo > sent0 and body[lo - 1] in "）)":
        opened = max(body.rfind("（", sent0, lo), body.rfind("(", sent0, lo))
        if opened >= sent0:
            return clause_start(body, sent0, opened)
    return lo


def _pass_back(ws: tuple[Word, ...], i: int, others: list[tuple[int, int]]) -> int:
    """Index of the last word at or before ``i`` that is no link between a phrase and its figure:
    linking words and the rest of :func:`_passed`, the other figures of the clause and their
    dates ('由2020年的76.85岁提高到'), a time word ('比上年增长'), and 的 after a date or figure."""
    while i >= 0:
        w = ws[i]
        if _passed(w) or _in_figure(w, others) or _time(w):
            i -= 1
        elif w.text == "的" and i > 0 and (_in_figure(ws[i - 1], others) or _time(ws[i - 1])):
            i -= 1
        elif w.text in "）)" and (opened := _opened(ws, i)) is not None:
            i = opened - 1  # '零售总额（含汽车）增长6.5%': a bracket after the phrase says how it is counted
        else:
            break
    return i


def _opened(ws: tuple[Word, ...], i: int) -> int | None:
    """Index of the bracket that the closing bracket ``ws[i]`` closes, within :data:`MAX_WORDS` words and
    with no figure inside, or None."""
    for j in range(i - 1, max(-1, i - 1 - MAX_WORDS), -1):
        if ws[j].text in "（(":
            return j
        if ws[j].tag == "m" or ws[j].text in "）)":
            return None
    return None


def _phrase(body: str, lo: int, ws: tuple[Word, ...], i: int, sent0: int) -> Decided | None:
    """The noun phrase of words ``ws`` (the clause from ``lo``) ending at index ``i`` (nearest word
    first, back to a stop), with an age group before it (searched from the sentence start
    ``sent0``: the dash of '16—59岁' may end a clause), or None when it holds no noun."""
    zh = words("zh")
    picked: list[Word] = []
    name_cover = [(n.start, n.end) for n in names_in(body, lo, ws[i].end)] if i >= 0 else []
    budget = MAX_WORDS
    while i >= 0 and budget > 0:
        w = ws[i]
        if any(s <= w.start < e for s, e in name_cover) or _stops(w, picked, ws[i - 1] if i > 0 else None):
            break
        picked.append(w)
        budget -= w.text != "的"
        if _opens_share(w) and picked[0].text in SHARE_NOUNS:
            budget = MAX_WORDS  # 'X占Y的比重': the part X is walked with a budget of its own
        i -= 1
    while picked and (_scope(picked[-1]) or picked[-1].text == "的"):
        picked.pop()  # '全县民生支出' measures 民生支出; 全县 says whose (holders_zh.scope_holder)
    if not picked or all(w.tag in MODIFIER_TAGS for w in picked):
        return None
    if len(picked) == 1 and picked[0].text in zh["empty_heads"]:
        return None  # '数据' alone names no quantity
    return _decided(body, sent0, picked)


def _decided(body: str, lo: int, picked: list[Word]) -> Decided:
    """The decision for the words ``picked`` (nearest first), an age group before them included
    ('60岁及以上人口', '16—59岁劳动年龄人口'), and the place words before the age group ('全国')."""
    start, end = picked[-1].start, picked[0].end
    age = next((m for m in AGE_BEFORE.finditer(body, lo, start) if m.end() == start), None)
    if age is not None:
        start = age.start()
        for w in reversed(words_in(body, lo, start)):
            if w.end != start or w.text not in words("zh")["not_names"] or _scope(w):
                break
            start = w.start  # '全国60岁及以上人口': 全国 stays, as it does before any noun
    return decide(body[start:end], "noun before figure", start, end)


def _share(body: str, sent: tuple[int, int], q: Quantity, figures: list[Quantity],
           ws: tuple[Word, ...], i: int) -> Decided | None:
    """'X占Y的19.8%': a share of X in the base Y, read as the phrase 'X占Y的比重' (the noun a
    Chinese share is named by when printed: 比重). ``ws[i]`` is the 的 before the figure. X is the
    phrase before 占 in the clause or, when 占 opens the clause ('…为29697万人，占全国人口的21.1%'),
    the measured thing of the figure before in the sentence. None when no 占 opens Y or no X is
    found: a bare '…的19.8%' names no whole."""
    j = i - 1
    while j >= 0 and i - j <= MAX_WORDS and not _opens_share(ws[j]) and ws[j].tag != "x":
        j -= 1
    if j < 0 or not _opens_share(ws[j]) or (j == i - 1 and ws[j].text in SHARE_VERBS):
        return None
    # the segmenter may glue 占 to the base's first character ('占全/社会'): the base starts after 占
    m = j + 1
    while m < i - 1 and ws[m].text in words("zh")["linking"]:
        m += 1  # '占到营业收入的': 到 links, it is no part of the base
    base_start = ws[m].start if ws[j].text in SHARE_VERBS or ws[j].text[1:] in words("zh")["linking"] \
        else ws[j].start + 1
    base = body[base_start:ws[i - 1].end]
    lo = clause_start(body, sent[0], q.start)
    k = j - 1
    while k >= 0 and _passed(ws[k]):
        k -= 1
    subject = _phrase(body, lo, ws, k, sent[0]) if k >= 0 else None
    if subject is None and k < 0:
        prev = [f for f in figures if sent[0] <= f.start and f.end <= lo and not age_bound(body, f)]
        for p in sorted(prev, key=lambda f: f.start, reverse=True):
            subject = before(body, sent, p, figures)  # the nearest figure that names a thing: '…达到13.22亿千瓦，同比增长18.2%，约占…的48.8%'
            if subject is not None:
                break
    if subject is None:
        return None
    start = subject.start if subject.end <= ws[j].start and subject.start >= lo else ws[j].start
    return decide(f"{subject.value}占{base}的比重", "share phrase", start, ws[i - 1].end)


def _opens_share(w: Word) -> bool:
    """占 and the words the segmenter makes of it with what follows (占到, 占了, or 占全 of 占全社会)."""
    return w.text in SHARE_VERBS or (len(w.text) == 2 and w.text[0] in SHARE_VERBS)


def _in_figure(w: Word, others: list[tuple[int, int]]) -> bool:
    return any(s < w.end and w.start < e for s, e in others)


def _time(w: Word) -> bool:
    """A time word ('上年', '全年', '2020年', or two joined: '去年同期'): it places the figure in time,
    no part of what it measures; a life stage (``life_stages``: 青年, 老年) is a group, not a time."""
    times = words("zh")["time_words"]
    if w.text in words("zh")["life_stages"]:
        return False  # 青年, 老年: a group of people the tagger tags as a time
    return w.text in times or w.tag == "t" or (w.tag == "m" and w.text[-1:] in "年月日") \
        or any(w.text[:k] in times and w.text[k:] in times for k in range(1, len(w.text)))  # 去年同期


def _names_a_measure(value: str) -> bool:
    return any(value.endswith(h) for h in words("zh")["measure_heads"])


def age_bound(body: str, q: Quantity) -> bool:
    """True when figure ``q`` is the bound of an age group that a noun follows ('60岁及以上人口',
    '16至59岁劳动年龄人口'): it says which group, it measures nothing of its own."""
    m = AGE_BEFORE.match(body, q.start)
    return m is not None and m.end() >= q.end and "岁" in m.group() and m.end() < len(body) \
        and bool(CJK_NOUN_START.match(body, m.end()))


def _passed(w: Word) -> bool:
    """Words between a measured thing and its figure: linking words, approximation words, adverbs
    and particles, words of plan (收入预计为…), and the base of a rate ('每公斤14.6元': 每 and its
    classifier belong to the figure's unit)."""
    zh = words("zh")
    return (w.text in zh["linking"] or w.text in _CHANGE_WORDS or w.text in APPROX_BEFORE or w.tag in PASS_TAGS or w.text in zh["modal_words"]
            or (len(w.text) > 1 and w.text[0] == "每" and all(ch in CLASSIFIERS or ch in RATE_BASES for ch in w.text[1:])))


def _scope(w: Word) -> bool:
    """A word that refers to the whole of a place named before (全县, 全省: ``scope_references``):
    the place is the figure's holder, no part of what it measures. 全国 and 我国 stay (全国人口):
    they name no holder, so they are the only trace of the figure's scope."""
    return w.text in words("zh")["scope_references"]


def _stops(w: Word, picked: list[Word], prev: Word | None = None) -> bool:
    """True when word ``w`` (before the words ``picked`` so far, nearest first; ``prev`` the word
    before ``w``) ends the phrase. 的 between two nouns stays inside ('全国铁路的旅客发送量': the
    modifier says which), and so does a locative after a noun ('规模以上工业': above the size)."""
    zh = words("zh")
    if w.text in zh["time_words"] or label_of(w) is not None:
        return True
    if (w.text == "的" or w.text in zh["inner_locatives"]) and picked and prev is not None:
        return not (prev.tag in NOUN_TAGS or prev.text in zh["not_names"] or measure_head(prev)) or _time(prev) \
            or label_of(prev) is not None  # a measure head is a noun though tagged a verb: '可支配收入的比重'
    if w.text in zh["phrase_stops"]:  # its object follows, unless it modifies the head itself: 种植面积
        return not (len(picked) == 1 and measure_head(picked[0]))
    if w.tag in NOUN_TAGS or w.text in zh["not_names"] or w.text in zh["life_stages"]:
        return False
    if w.text in zh["bound_prefixes"] and picked and picked[-1].start == w.end and picked[-1].tag in NOUN_TAGS:
        return False  # '可/再生能源': a prefix the segmenter cut from its noun
    if w.tag in MODIFIER_TAGS:
        return not picked
    if w.tag.startswith("v"):
        # a verb opens the phrase ('出生1032万人', '研发投入') or modifies a measure head ('报名人数')
        return bool(picked) and not measure_head(picked[0])
    return True


def after(body: str, q: Quantity, ce: int) -> Decided | None:
    """The nouns after a Chinese count and its classifier: '1200名教师' -> 教师, '40枚金牌' -> 金牌."""
    pos = q.end
    while pos < ce and pos - q.end < 2 and body[pos] in CLASSIFIERS:
        pos += 1
    picked: list[Word] = []
    for w in words_in(body, pos, ce):
        if w.tag not in NOUN_TAGS or w.text in words("zh")["time_words"] or len(picked) >= 3:
            break
        picked.append(w)
    if not picked or picked[0].start != pos:
        return None
    return decide(body[picked[0].start:picked[-1].end], "noun after figure", picked[0].start, picked[-1].end)


def measure_head(w: Word) -> bool:
    """True when ``w`` ends in a measure head (人数, 面积, 收入: ``measure_heads`` of ``zh.yaml``)."""
    return any(w.text.endswith(h) for h in words("zh")["measure_heads"])
