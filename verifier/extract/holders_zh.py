"""Holder candidates in Chinese text, from the segmenter's tags (:mod:`.zh_names`).

- a name before the figure (nt organisation, ns place, nr person, nz proper noun, or a noun
  with an organisation suffix), by its tag's label: 国家统计局, 河南省, 张明, 比亚迪;
- a common noun opening the figure's clause and followed by a verb that takes an object
  (铁路完成旅客发送量…, 学校有1200名教师): *segmenter noun*;
- a word that refers to the whole of a place by its level (全县, 全省, 本市, 省内:
  ``scope_references`` of ``zh.yaml``) before the figure: the nearest place of that level named
  before it in the text, else in the title (全县一般公共预算收入… after 青川县…): *scope reference*;
  so is an organisation named by its place's level alone (市教育局 after 青河市 -> 青河市教育局),
  which, when the article names no such place, is kept as printed but never sure enough for an
  error (two articles' 市教育局 are two cities' bureaus).

A name framed as who says the figures (据海关总署统计, 世界卫生组织表示，…, 教育部公布，…,
国家统计局13日发布数据，…) is not a holder (:func:`.attribution.speaker`, and a name whose predicate
is a verb of saying or of releasing data: ``release_verbs`` and ``release_objects``).

Shape::

    candidates(body, sent, start, end) -> [Decided("河南省", "segmenter place", 0.75, 0, 3)]
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Final

from verifier.extract.attribution import SAY_AFTER, speaker
from verifier.extract.decided import CONFIDENCE, OTHER_CLAUSE, Decided, decide
from verifier.extract.time_frames import BASE_BEFORE_ZH
from verifier.extract.frame_words import words
from verifier.extract.measured_zh import measure_head
from verifier.extract.segment import clause_end, clause_start
from verifier.extract.zh_names import PLACE_JOINS, TIME_TAGS, Name, institution, label_of, names_in, opening_conjunction, unsure_lead
from verifier.extract.zh_tags import has_cjk, tagged, words_in

LEAD_TAGS: Final = frozenset({"t", "d", "p", "f", "x", "c", "m", "mq"})
"""Tags passed over before a clause's subject noun: times, adverbs, prepositions, punctuation."""

EDGE_TAGS: Final = frozenset({"x", "m", "mq", "p", "c", "u", "uj", "ul", "uz", "ug", "uv", "ud", "d", "r", "f", "t", "q"})
"""Tags of a word that may stand right before a name without touching its spelling: punctuation,
numbers, prepositions, conjunctions, particles, adverbs, pronouns, place and time words."""

GLUED: Final = 0.1
"""Confidence taken off a name right after Chinese characters the segmenter cut off (:func:`glued_at`),
or opening on a word that may not be its own (:func:`led_unsure`):
where the name starts is uncertain, so it is never the ground of an error."""


def glued_at(body: str, lo: int, at: int) -> bool:
    """True when Chinese characters the segmenter cut off stand right before offset ``at`` of
    ``body`` (searched from ``lo``): a word of one or two characters ending there, no name itself
    (广东省 + 深圳市 are two names; one character tagged a name is none: 康 + 丰州县) and of no
    kind that may border a name (:data:`EDGE_TAGS`, time
    and scope words): '安' (tagged a verb) + 金港县 of an unknown county 安金港县, which another
    article's 临金港县 would otherwise share."""
    ws = words_in(body, lo, at)
    if not ws or ws[-1].end != at or len(ws[-1].text) > 2 or not has_cjk(ws[-1].text):
        return False
    if opening_conjunction(ws, len(ws) - 1):
        return True  # 和 + 东源市 at a clause's opening: nothing to join, so 和 may be the name's first character
    w, zh = ws[-1], words("zh")
    return w.tag not in EDGE_TAGS and (label_of(w) is None or len(w.text) == 1) and w.text not in zh["time_words"] \
        and w.text not in zh["not_names"] and w.text not in zh["admin_prefixes"]


def led_unsure(body: str, n: Name) -> bool:
    """True when name ``n`` opens on a word that may not be its own (:func:`.zh_names.unsure_lead`:
    松 of 松金源县, a verb to the segmenter): where the name starts is uncertain, as when characters
    cut off stand before it (:func:`glued_at`)."""
    ws = words_in(body, n.start, n.end)
    return len(ws) > 1 and unsure_lead(ws, 0)


def named_at(text: str, start: int, end: int) -> bool:
    """True when ``text[start:end]`` stands in ``text`` as a whole name, as the segmenter reads
    it: it starts and ends on the edges of words, with no characters cut off glued before it
    (:func:`glued_at`). '上源市' in '和上源市' (和, a conjunction) is; in '兴上源市', another
    county's name, it is not."""
    ws = words_in(text, start, end)
    return bool(ws) and ws[0].start == start and ws[-1].end == end and not glued_at(text, max(0, start - 8), start)


def candidates(body: str, sent: tuple[int, int], start: int, end: int, title: str = "") -> list[Decided]:
    """Holder candidates of a figure at ``[start, end)`` in Chinese sentence ``sent`` (``title``:
    the article's, where a scope reference may find its place)."""
    cs, ce = clause_start(body, sent[0], start), clause_end(body, end, sent[1])
    out: list[Decided] = []
    names = names_in(body, sent[0], sent[1])
    for k, n in enumerate(names):
        if speaker(body, n.start, n.end) or _says(body, sent, n, start) or _after_its_place(body, names, k):
            continue
        if n.start >= ce or BASE_BEFORE_ZH.search(body, max(sent[0], n.start - 4), n.start):
            continue  # a later clause's name, or the base of a comparison ('超过日本成为…', '比广东省'): no holder
        near = cs <= n.start < ce and n.end <= start
        unsure = glued_at(body, sent[0], n.start) or led_unsure(body, n)
        penalty = (0.0 if near else OTHER_CLAUSE) + (GLUED if unsure else 0.0)
        if _relative(body, n):
            place = _place_of_level(body, n.start, n.text[0], title)
            if place is not None:  # 市教育局 in an article on 青河市: 青河市教育局
                out.append(decide(place[0] + n.text[1:], "scope reference", n.start, n.end, penalty))
                continue
            penalty += OTHER_CLAUSE  # whose bureau the article does not say: never the ground of an error
        out.append(decide(n.text, n.by, n.start, n.end, penalty))
    noun = _subject_noun(body, cs, start)
    if noun is not None and not any(d.start <= noun.start < d.end for d in out):
        out.append(noun)
    scoped = scope_holder(body, sent, cs, start, title)
    if scoped is not None:
        out.append(scoped)
    return out


def _after_its_place(body: str, names: tuple[Name, ...], k: int) -> bool:
    """True when name ``k`` is a place word without a level right after a place with one, or
    after it and a time (松川县 + 海洋捕捞量, 松川县 + 2023年 + 海洋捕捞量; 海洋 'marine' is tagged a
    place by the segmenter's dictionary): a place nested in a place carries its own level
    (广东省深圳市), so the word is no second holder but a part of what is measured, and the place
    before it holds the figure."""
    if k == 0:
        return False
    n, before = names[k], names[k - 1]
    levels = words("zh")["place_levels"]
    if not (n.by == "segmenter place" and before.by == "segmenter place" and before.text[-1] in levels
            and not any(ch in levels for ch in n.text)):
        return False
    between = words_in(body, before.end, n.start)  # nothing, or a time: 2023年
    return all(w.tag in TIME_TAGS for w in between) and sum(len(w.text) for w in between) == n.start - before.end


def _says(body: str, sent: tuple[int, int], n: Name, start: int) -> bool:
    """True when the name's clause, before the figure's, has a verb of saying or of releasing data
    as its predicate (教育部公布，…; 国家统计局13日发布数据，…): the first verb after the name, past
    time words and adverbs, or the clause's last word."""
    ce = clause_end(body, n.end, sent[1])
    if start < ce:
        return False
    ws = words_in(body, n.end, ce)
    if not ws:
        return False
    if SAY_AFTER.fullmatch(ws[-1].text) is not None:
        return True
    zh = words("zh")
    for i, w in enumerate(ws):
        if w.tag in LEAD_TAGS or w.text in zh["time_words"]:
            continue
        if SAY_AFTER.fullmatch(w.text) is not None:
            return True
        nxt = ws[i + 1].text if i + 1 < len(ws) else ""
        return w.text in zh["release_verbs"] and (not nxt or nxt in zh["release_objects"])
    return False


@lru_cache(maxsize=8)
def _scope_word() -> re.Pattern:
    """The scope references of ``zh.yaml``, longest first."""
    refs = sorted(words("zh")["scope_references"], key=len, reverse=True)
    return re.compile("|".join(map(re.escape, refs)))


def scope_holder(body: str, sent: tuple[int, int], cs: int, start: int, title: str = "") -> Decided | None:
    """The place a scope reference before the figure refers to (全县 -> the county named last before
    it, else in the title), as a *scope reference* (less :data:`.decided.OTHER_CLAUSE` when the
    reference is in another clause than the figure's), or None."""
    refs = list(_scope_word().finditer(body, sent[0], start))
    if not refs:
        return None
    ref = refs[-1]
    level = words("zh")["scope_references"][ref.group()]
    penalty = 0.0 if ref.start() >= cs else OTHER_CLAUSE
    place = _place_of_level(body, ref.start(), level, title)
    return decide(*place, penalty) if place is not None else None


def _relative(body: str, n: Name) -> bool:
    """True for an organisation named by the level of its place alone (市 + 教育局, 县 + 地铁:
    ``admin_prefixes`` of ``zh.yaml``): 'the city's education bureau', whose city the article
    gives, so two articles' 市教育局 are two cities' bureaus."""
    ws = words_in(body, n.start, n.end)
    return n.by == "segmenter organisation" and len(ws) > 1 and ws[0].text in words("zh")["admin_prefixes"]


def _place_of_level(body: str, at: int, level: str, title: str) -> tuple[str, str, int, int] | None:
    """(name, "scope reference", start, end) of the place of ``level`` (市, 县) named last before
    offset ``at`` in ``body``, else first in ``title`` (span -1, -1), or None."""
    found = [p for p in _places(body) if p[2] <= at and p[0].endswith(level)]
    if found:
        return (found[-1][0], "scope reference", found[-1][1], found[-1][2])
    named = [p for p in _places(title) if p[0].endswith(level)] if title and has_cjk(title) else []
    return (named[0][0], "scope reference", -1, -1) if named else None


@lru_cache(maxsize=8)
def _places(text: str) -> tuple[tuple[str, int, int], ...]:
    """The place names of ``text`` with their administrative word (南岭 + 省 -> 南岭省), in order,
    also those that open an organisation's name (甘泉省 in 甘泉省统计局)."""
    ws = tagged(text)
    prefixes = words("zh")["admin_prefixes"]
    out = []
    for i, w in enumerate(ws):
        by = label_of(w)
        joined = i + 1 < len(ws) and ws[i + 1].text in prefixes and by in PLACE_JOINS
        if by == "segmenter place" or joined:
            end = ws[i + 1].end if joined else w.end
            out.append((text[w.start:end], w.start, end))
    return tuple(out)


def _subject_noun(body: str, cs: int, start: int) -> Decided | None:
    """The common noun opening the clause when a verb with an object follows it (铁路完成…); not a
    word of plan (计划出栏…: ``modal_words``), nor a noun before a measure word the tagger tags a
    verb (非税收入下降…, 财政支出增长…: the measured thing, not a doer and its verb)."""
    zh = words("zh")
    ws = [w for w in words_in(body, cs, start)]
    i = 0
    while i < len(ws) and (ws[i].tag in LEAD_TAGS or ws[i].text in zh["time_words"]):
        i += 1
    if i + 1 >= len(ws) or ws[i].tag != "n" or ws[i].text in zh["not_names"] or ws[i].text in zh["modal_words"] \
            or label_of(ws[i]):
        return None
    j = i + 1
    while j < len(ws) and (ws[j].tag in ("d", "t") or ws[j].text in zh["time_words"]):
        j += 1
    if j < len(ws) and ws[j].tag == "v" and ws[j].text not in zh["linking"] and not measure_head(ws[j]) \
            and (ws[j].text in zh["phrase_stops"] or j + 1 < len(ws)):
        return decide(ws[i].text, "segmenter noun", ws[i].start, ws[i].end)
    return None


def topic(title: str) -> str | None:
    """The first name of a Chinese title that is not a speaker, or None."""
    names = names_in(title, 0, len(title))
    return names[0].text if names else None


def place_institution(body: str, holder: Decided, thing: Decided) -> tuple[Decided, Decided] | None:
    """(holder, measured thing) when a place holds a figure whose measured thing opens on an
    institution noun of its own (``organisation_suffixes`` of ``zh.yaml``: 地铁, 电网, 医院) with
    more after it: the place's institution holds the figure and the rest is measured
    ('龙上林县2022年地铁运营里程' -> 龙上林县地铁, 运营里程). It is how the words read where they
    stand together ('龙上林县地铁运营里程', joined by :func:`.zh_names.names_in`), so that an article
    that puts the year between them gives the same holder and thing; the institution keeps what
    the place's confidence lost (a name glued to a cut-off character stays unsure). None otherwise
    (a holder not read as a place, a thing in English or without such a noun, or one that is the
    noun alone)."""
    if holder.by != "segmenter place" or thing.start < 0 or not has_cjk(thing.value):
        return None
    ws = words_in(body, thing.start, thing.end)
    if len(ws) < 2 or not institution(ws[0]):
        return None
    rest = body[ws[1].start:thing.end]
    lost = CONFIDENCE[holder.by] - holder.confidence  # the place's doubts stay with its institution (:data:`GLUED`)
    return (decide(holder.value + ws[0].text, "segmenter organisation", holder.start, holder.end, lost),
            decide(rest, thing.by, ws[1].start, thing.end))
