"""The measured thing of a Chinese figure, read from the segmenter's words (:mod:`.zh_tags`).

Walking back from the figure: linking words (为, 达到, 同比增长, 约: ``linking`` of
``zh.yaml`` and the approximation words) are passed over, then the noun phrase is gathered:
nouns, nominal verbs and abbreviations, and a verb when it opens the phrase (全年出生956万人)
or modifies a measure head (高考报名人数, 大豆种植面积). The phrase ends at a name (比亚迪,
河南省: the holder), a time word, a numeral, punctuation, a pronoun, a preposition, 的, or a
verb that takes the phrase as object (完成, 拥有: ``phrase_stops``).

Shape::

    before(body, sent, q, figures) -> Decided("新能源汽车出口量", "noun before figure", 0.8, 3, 11)
    after(body, q, clause_end)     -> Decided("教师", "noun after figure", 0.8, 9, 11)  # 1200名教师
"""

from __future__ import annotations

import re
from typing import Final

from verifier.extract.decided import Decided, decide
from verifier.extract.frame_words import words
from verifier.extract.segment import clause_start
from verifier.extract.zh_names import label_of, names_in
from verifier.extract.zh_tags import Word, words_in
from verifier.quantities import Quantity
from verifier.quantities.approx import APPROX_BEFORE
from verifier.quantities.scan import CLASSIFIERS

NOUN_TAGS: Final = frozenset({"n", "ng", "nl", "vn", "j", "l", "an", "nrt", "s", "i"})
"""Tags of words a measured thing is made of (nouns, nominal verbs, abbreviations, set phrases)."""

MODIFIER_TAGS: Final = frozenset({"a", "b", "ad"})
"""Tags of words that may open a measured thing before its nouns (一般公共预算收入, 最高负荷)."""

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


def before(body: str, sent: tuple[int, int], q: Quantity, figures: list[Quantity],
           through_verb: bool = False) -> Decided | None:
    """The noun phrase before a Chinese figure, in its clause (see the module docstring). With
    ``through_verb``, a verb that takes an object (``phrase_stops``) right before the figure is
    passed over too: asked when no noun follows the figure to be that object ('支出安排61.3亿元')."""
    zh = words("zh")
    lo = clause_start(body, sent[0], q.start)
    lo = max([lo] + [f.end for f in figures if lo <= f.end <= q.start and f.start != q.start])
    ws = words_in(body, lo, q.start)
    name_cover = [(n.start, n.end) for n in names_in(body, lo, q.start)]
    i = len(ws) - 1
    while i >= 0 and _passed(ws[i]):
        i -= 1
    if through_verb and i >= 0 and ws[i].text in zh["phrase_stops"]:
        i -= 1  # '支出安排61.3亿元', '收入完成4218亿元': the verb has no object, its subject is measured
        while i >= 0 and _passed(ws[i]):
            i -= 1
    picked: list[Word] = []
    while i >= 0 and len(picked) < MAX_WORDS:
        w = ws[i]
        if any(s <= w.start < e for s, e in name_cover) or _stops(w, picked):
            break
        picked.append(w)
        i -= 1
    while picked and _scope(picked[-1]):
        picked.pop()  # '全县民生支出' measures 民生支出; 全县 says whose (holders_zh.scope_holder)
    if not picked or all(w.tag in MODIFIER_TAGS for w in picked):
        return None
    start, end = picked[-1].start, picked[0].end
    age = AGE_BEFORE.search(body, clause_start(body, sent[0], q.start), start)  # '60岁及以上人口': the age group is part of the thing
    if age is not None and age.end() == start:
        start = age.start()
    return decide(body[start:end], "noun before figure", start, end)


def _passed(w: Word) -> bool:
    """Words between a measured thing and its figure: linking words, approximation words, adverbs
    and particles, words of plan (收入预计为…), and the base of a rate ('每公斤14.6元': 每 and its
    classifier belong to the figure's unit)."""
    zh = words("zh")
    return (w.text in zh["linking"] or w.text in APPROX_BEFORE or w.tag in PASS_TAGS or w.text in zh["modal_words"]
            or (len(w.text) > 1 and w.text[0] == "每" and all(ch in CLASSIFIERS or ch in RATE_BASES for ch in w.text[1:])))


def _scope(w: Word) -> bool:
    """A word that refers to the whole of a place named before (全县, 全省: ``scope_references``):
    the place is the figure's holder, no part of what it measures. 全国 and 我国 stay (全国人口):
    they name no holder, so they are the only trace of the figure's scope."""
    return w.text in words("zh")["scope_references"]


def _stops(w: Word, picked: list[Word]) -> bool:
    """True when word ``w`` (before the words ``picked`` so far, nearest first) ends the phrase."""
    zh = words("zh")
    if w.text in zh["time_words"] or label_of(w) is not None:
        return True
    if w.text in zh["phrase_stops"]:  # its object follows, unless it modifies the head itself: 种植面积
        return not (len(picked) == 1 and measure_head(picked[0]))
    if w.tag in NOUN_TAGS or w.text in zh["not_names"]:
        return False
    if w.tag in MODIFIER_TAGS:
        return not picked
    if w.tag.startswith("v"):
        # a verb opens the phrase ('出生956万人', '研发投入') or modifies a measure head ('报名人数')
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
