"""The time a figure is for: its year and its months, from the phrase bound to it or the frame its sentence sets.

Two figures of one quantity in different articles are the same fact only for the same time, so a
figure's ``year`` and ``months`` (scope keys; months in the notation of :mod:`.periods`) must be
read from the grammar of the sentence, figure by figure::

    time_of("2021年,我国居民人均预期寿命由2020年的76.85岁提高到77.6岁", 18, 24)  -> ("2020", None)
    time_of("2021年,我国居民人均预期寿命由2020年的76.85岁提高到77.6岁", 28, 33)  -> ("2021", None)
    time_of("The rate fell from 14.7 percent in April to 13.3 percent in May", 44, 56) -> (None, "5")
    time_of("In 2022, revenue rose to $5bn from $3bn a year earlier", 35, 39)    -> ("2021", None)

A *mark* is a printed time: a year ('2022年', 'in 2022', "Skyvane's 2025 revenue"), a part of a
year (:func:`.periods.periods`: '1-11月', '7月', 'in April'), both ('2023年7月', 'April 2023', 'the
first quarter of 2023'), or a time relative to another ('上年同期', 'a year earlier', 'last year').
A mark is, from the grammar of each language:

* *bound* to one figure: in Chinese a time joined to the figure after it by 的/为/是/达
  ('2020年的76.85岁', '上年同期为400亿', '分别为2022年的1205万人和2023年的1263万人'); in English a
  prepositional time right after the figure in its clause with no other figure between
  ('17% in 2015, 5% in 2016', '14.7 percent in April', '$3 billion a year earlier');
* a *base*: the time a comparison is made with ('比2021年增长5%', '比上年', 'than in 2021'): no
  figure's own time and no frame (but '比2021年的X' is bound to X, the base figure itself);
* an *event time* in an attributive clause ('今年7月发布的公报', 'the survey published in May'):
  no frame;
* otherwise a *frame*: it holds for the later figures that have no bound time, to the end of the
  sentence when it is Chinese (a time adverbial sets the topic of the comma-joined clauses after
  it: '2022年全国…达到…，比上年…') or a clause of its own ('In 2022, …'), else to the end of its
  clause ('In 2022 the county spent …'); a later frame replaces it.

A figure takes its bound mark, else the frame. The months of the frame go with a bound year only
when it is the frame's year. A relative time is resolved only where the sentence makes it certain:
a word of the year before the sentence's own year ('上年', 'the previous year', 'a year earlier':
:func:`verifier.words.subset` ``year_before_frame``) under a frame that prints a year; a time
counted from the day of writing ('last year', '去年', '今年') stays unresolved (None), since the
article's date is not the frame, and it keeps the sentence's frame from reaching its figure.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Final

from verifier.extract.periods import periods
from verifier.extract.segment import CLAUSE
from verifier.words import alternation, section, subset

_YEAR = r"((?:19|20)\d{2})"

YEAR_ZH: Final = re.compile(
    r"(?<!\d)" + _YEAR + r"\s*年"
    r"(?!代|度|以来|起|开始|至今|以前|之前|以后|之后|后|前(?![一二两三四五六七八九十\d])"  # not '年代', '2015年以来', '2015年前'
    r"|\s*[-—–~至到]\s*(?:(?:19|20)\d{2}|\d{2})(?!\d)"                             # nor a span of years '2015年至2019年'
    r"|\s*\d{1,2}\s*月\s*\d{1,2}\s*[日号])")                                       # nor a day's date '2023年7月15日'
"""A Chinese year: '2022年', '2023年7月' (with the month the periods read), '2022年前三季度'."""

YEAR_EN: Final = re.compile(
    r"\b(?:[Ii]n|[Dd]uring|[Ff]or|[Tt]hroughout)\s+(?:(?:fiscal|calendar)\s+(?:year\s+)?|FY\s?|the\s+(?:fiscal\s+)?year\s+)?"
    + _YEAR + r"\b(?!\s*[-–/]\d|s\b)")
"""'in 2022', 'for fiscal 2025', 'during the year 2021' (not 'in 2015-2019', not 'in the 1990s'):
a year that may follow its figure ('18.5 GW in 2025')."""

YEAR_MODIFIER_EN: Final = re.compile(
    r"(?:['’]s|\b[Ii]ts|\b[Tt]heir|\b[Tt]he)\s+(?:fiscal\s+)?" + _YEAR + r"(?=\s+[a-z])|\b" + _YEAR + r"['’]s\b")
"""A year that qualifies a noun: "Skyvane's 2025 revenue", 'the 2022 harvest', "2022's total"."""

YEAR_AFTER_PERIOD: Final = re.compile(r"\s*(?:of\s+|,\s*)?" + _YEAR + r"\b(?!\s*[-–/]\d)")
"""The year of an English part of a year: 'April 2023', 'the first quarter of 2023'."""

BASE_BEFORE_ZH: Final = re.compile(r"(?:比|较|与|同|相比|对比|低于|高于|超过|不及)\s*$")
"""What makes the Chinese time after it the base of a comparison: '比2021年', '较上年', '与2021年相比'."""

BASE_BEFORE_EN: Final = re.compile(r"\b(?:than|compared\s+(?:with|to)|versus|vs\.?|from|over|against|on|since|before|after)\s*$",
                                   re.IGNORECASE)
"""What makes an English time after it a base or no frame: 'than in 2021', 'from a year earlier', 'on
the previous year', 'since 2015'."""

BOUND_GAP_ZH: Final = re.compile(r"\s*(?:的|为|是|达到?|仅为?|约为?|共计?|分别为|分别是)\s*")
"""What joins a Chinese time to the figure it is bound to: '2020年的76.85岁', '上年同期为400亿'."""

AFTER_REACH: Final = 5
"""Words after a figure searched for an English time bound to it ('18.5 GW of inverters in 2025',
"18.4% of Quarwickwood's electricity in 2011"): words, not characters, so that a long name
between reaches as far as a short one; a possessive is part of its word."""

NOW_WORDS: Final = (("this", ("今年", "本年", "this year")), ("next", ("明年", "next year")))
"""Times counted from the day of writing that :func:`verifier.words.section` ``earlier_period``
lacks: this year keeps the frame's months, next year none. Never resolved (the article's date is
not read here)."""

UNIT_REACH: Final = 2
"""Words of a figure's unit after its last digit ('14 percent', '$3 billion', '4.1 percentage points')."""

_GAP_WORD: Final = re.compile(r"[^\W\d_]+(?:['’][sS]\b)?")
"""A word of the gap between a figure and a time after it."""


def _words(gap: str) -> int:
    """Words in ``gap`` (:data:`_GAP_WORD`)."""
    return len(_GAP_WORD.findall(gap))

_DIGIT: Final = re.compile(r"\d")


@dataclass(frozen=True)
class Mark:
    """One printed time of a sentence (offsets in the sentence).

    Attributes:
        year: '2022', or None when the mark names no year.
        months: a value of :mod:`.periods` ('1-11', '7', 'ytd'), or None.
        relative: None for a printed time; 'year_before' for the year before the frame's
            ('上年', 'the previous year'), 'same_period' for the same months a year before
            ('上年同期', 'a year earlier'), 'unresolved' for a time counted from the writing
            ('去年', 'last year', 'a month earlier'), 'this' for this year (keeps the months).
        after: an English time that may follow the figure it is bound to ('17% in 2015').
        base: a comparison's base ('比2021年'): no figure's own time, no frame.
    """

    start: int
    end: int
    year: str | None = None
    months: str | None = None
    relative: str | None = None
    after: bool = False
    base: bool = False


def _relative_table() -> list[tuple[str, str, bool]]:
    """(word, kind, English) of every relative time, longest first (so '上年同期' wins over '上年')."""
    year_before = {w.lower() for lang in ("en", "zh") for w in subset("year_before_frame", lang)}
    same = {w.lower() for lang in ("en", "zh") for w in subset("same_period_year_before", lang)}
    out = []
    for lang in ("en", "zh"):
        for w in section("earlier_period", lang):
            kind = "same_period" if w.lower() in same else "year_before" if w.lower() in year_before else \
                "unresolved_same" if "同期" in w else "unresolved"
            out.append((w, kind, lang == "en"))
    for kind, words in NOW_WORDS:
        out.extend((w, kind, w.isascii()) for w in words)
    return sorted(out, key=lambda t: -len(t[0]))


@lru_cache(maxsize=1)
def _relative() -> tuple[re.Pattern, dict[str, tuple[str, bool]]]:
    table = _relative_table()
    rx = re.compile(r"(?<![A-Za-z])(?:" + alternation([w for w, _, _ in table]) + r")(?![A-Za-z])", re.IGNORECASE)
    return rx, {w.lower(): (k, a) for w, k, a in table}


@lru_cache(maxsize=64)
def marks(text: str) -> tuple[Mark, ...]:
    """Every printed time of ``text`` (a sentence), in text order, a year and the part of the
    year it names fused into one mark ('2023年7月', 'April 2023', '今年1-11月')."""
    found: list[Mark] = []
    for m in YEAR_ZH.finditer(text):
        found.append(Mark(m.start(), m.end(), year=m.group(1), base=bool(BASE_BEFORE_ZH.search(text, 0, m.start()))))
    for rx in (YEAR_EN, YEAR_MODIFIER_EN):
        for m in rx.finditer(text):
            if not any(k.start < m.end() and m.start() < k.end for k in found):
                found.append(Mark(m.start(), m.end(), year=next(g for g in m.groups() if g), after=rx is YEAR_EN,
                                  base=bool(BASE_BEFORE_EN.search(text, 0, m.start()))))
    rel, kinds = _relative()
    for m in rel.finditer(text):
        if not any(k.start < m.end() and m.start() < k.end for k in found):
            kind, after = kinds[m.group(0).lower()]
            before = BASE_BEFORE_EN if after else BASE_BEFORE_ZH
            found.append(Mark(m.start(), m.end(), relative=kind, after=after, base=bool(before.search(text, 0, m.start()))))
    for s, e, value in periods(text):
        found = _with_period(text, found, s, e, value)
    return tuple(sorted(found, key=lambda k: k.start))


def _with_period(text: str, found: list[Mark], s: int, e: int, value: str) -> list[Mark]:
    """``found`` with the period ``value`` at [s, e): fused with a year right before it or inside
    it ('2023年7月', '截至2023年11月底') or an English year right after it ('April 2023'), else a
    mark of its own (an English period may follow its figure: '13.3 percent in May')."""
    for i, k in enumerate(found):
        if (k.start >= s and k.end <= e) or (k.end <= s and not text[k.end:s].strip(" 的")):
            if k.months is None and (k.year or k.relative in ("this", None)):
                found[i] = replace(k, end=max(k.end, e), months=value)
                return found
    year = YEAR_AFTER_PERIOD.match(text, e)
    base = bool(BASE_BEFORE_EN.search(text, 0, s) or BASE_BEFORE_ZH.search(text, 0, s))  # 'since October 2007'
    after = bool(re.match(r"(?i)\s*(?:in|for|during|throughout|through|thru|to|until|till|as of)\b", text[s:e])) or \
        text[s:e].rstrip().endswith("alone")
    if year and not any(k.start < year.end() and year.start() < k.end for k in found if k.year):
        found = [k for k in found if not (k.start >= year.start() and k.end <= year.end())]
        return found + [Mark(s, year.end(), year=year.group(1), months=value, after=after, base=base)]
    if year:  # 'in April 2023': the year mark already read is this period's
        for i, k in enumerate(found):
            if k.year and k.start < year.end() and year.start() < k.end:
                found[i] = replace(k, start=min(s, k.start), end=max(e, k.end), months=value, after=after or k.after,
                                   base=base or k.base)
                return found
    return found + [Mark(s, e, months=value, after=after, base=base)]


def _after_bound(text: str, ms: tuple[Mark, ...], hi: int) -> Mark | None:
    """The English time right after the figure ending at ``hi`` in its clause, with no other figure,
    clause break or base word between ('17% in 2015', '$3 billion a year earlier')."""
    for k in ms:
        if k.start < hi or not k.after or k.base:
            continue
        gap = text[hi:k.start]
        if _words(gap) > AFTER_REACH or _DIGIT.search(gap) or CLAUSE.search(gap) or BASE_BEFORE_EN.search(gap):
            return None
        return k
    return None


def _bound_before(text: str, k: Mark) -> int | None:
    """Where the figure starts that Chinese time ``k`` is bound to ('2020年的76.85岁'), or None."""
    if k.after or re.search(r"[A-Za-z]", text[k.start:k.end]):
        return None
    m = BOUND_GAP_ZH.match(text, k.end)
    return m.end() if m and m.end() < len(text) and text[m.end()].isdigit() else None


def _bound_after_other(text: str, k: Mark) -> bool:
    """Whether English time ``k`` follows an earlier figure it is bound to ('$5 million in 2022 to …'):
    a digit before it within the reach of :func:`_after_bound` and a unit word (:data:`UNIT_REACH`),
    with no clause break or base word between."""
    if not k.after:
        return False
    digits = [m.end() for m in _DIGIT.finditer(text, 0, k.start)]
    if not digits:
        return False
    gap = text[digits[-1]:k.start]
    return _words(gap) <= AFTER_REACH + UNIT_REACH and not CLAUSE.search(gap) and not BASE_BEFORE_EN.search(gap)


def _frame(text: str, ms: tuple[Mark, ...], lo: int) -> tuple[str | None, str | None]:
    """(year, months) the frames before offset ``lo`` set: each frame replaces the one before it
    (a time bound to a figure, this one's included, is no frame)."""
    year: str | None = None
    months: str | None = None
    for k in ms:
        if k.end > lo:
            break
        if WHEN_AFTER.match(text, k.end) and not k.base:
            year, months = _apply(k, year, months)  # 'up from 7.18 in 2021, when China recorded …': the clause is that year's
            continue
        bound = _bound_before(text, k)
        if k.base or bound is not None or _bound_after_other(text, k):  # bound to a figure: its own time
            continue
        if _event_time(text, k) or (not _holds_on(text, k) and CLAUSE.search(text, k.end, lo)):
            continue  # a time inside an English clause ('In 2003 it appeared …, but …') holds only there
        year, months = _apply(k, year, months)
    return year, months


WHEN_AFTER: Final = re.compile(r"\s*,?\s*(?:when|during which|by which time)\b", re.IGNORECASE)
"""A relative clause of time after an English time ('in 2021, when China recorded 10 million
deaths'): the time holds for that clause, even when it is also bound to the figure before it."""


def _holds_on(text: str, k: Mark) -> bool:
    """Whether frame ``k`` holds past its own clause: it is a clause of its own ('In 2022, …',
    '2021年,…') or Chinese (a Chinese time adverbial sets the topic of the comma-joined clauses
    after it: '2022年全国…达到…，比上年…', '货运方面,1至11月全国…，同比增长2.5%')."""
    return bool(re.match(r"\s*[，,:：]", text[k.end:])) or not re.search(r"[A-Za-z]", text[k.start:k.end])


EVENT_VERBS: Final = re.compile(r"[\u4e00-\u9fff]{0,4}?(?:发布|公布|印发|出台|召开|举行|发表|披露)的"
                                r"|\b(?:released|published|issued|announced|held|reported)\s+$", re.IGNORECASE)
"""A time that dates an event in an attributive clause rather than the figures ('今年7月发布的公报显示',
'the survey published in May'): after the mark in Chinese, before it in English."""


def _event_time(text: str, k: Mark) -> bool:
    """Whether mark ``k`` dates an event named by :data:`EVENT_VERBS` (so it is no frame)."""
    return bool(EVENT_VERBS.match(text, k.end) or EVENT_VERBS.search(text[max(0, k.start - 12):k.start]))


def _apply(k: Mark, year: str | None, months: str | None) -> tuple[str | None, str | None]:
    """(year, months) of mark ``k`` read against the frame (``year``, ``months``) before it."""
    if k.relative is None:
        if k.year is None:
            return year, k.months
        return k.year, k.months or (months if year in (None, k.year) else None)
    if k.relative in ("year_before", "same_period"):
        y = str(int(year) - 1) if year and year.isdigit() else None
        return y, k.months or (months if k.relative == "same_period" else None)
    if k.relative == "this":
        return None, k.months or months
    return None, k.months or (months if k.relative == "unresolved_same" else None)


def time_of(text: str, lo: int, hi: int, dated: bool = True) -> tuple[str | None, str | None]:
    """(year, months) of the figure at [lo, hi) of sentence ``text`` (see the module docstring).

    Args:
        dated: False for a span of time ('a 10-year warranty', '335天'), which only a time bound
            to it dates ('2022年的335天'), never the sentence's frame.

    Returns:
        ('2021', '7') or with None for what the sentence leaves unsaid or uncertain.
    """
    ms = marks(text)
    frame = _frame(text, ms, lo)
    own = _after_bound(text, ms, hi) or next((k for k in reversed(ms) if k.end <= lo and _bound_before(text, k) == lo), None)
    if own is None:
        return frame if dated else (None, None)
    if own.relative in ("year_before", "same_period") and frame[0] is None:
        # 'to 1.4118 billion in 2022, down from 1.4126 billion a year earlier': the year before the one printed last
        printed = [k for k in ms if k.end <= own.start and k.year and k.relative is None and not k.base]
        if printed:
            frame = (printed[-1].year, frame[1])
    return _apply(own, *frame)


LEVEL_CUES: Final = re.compile(r"预期寿命|寿命|年龄|平均|人均|中位|纪录|记录|用时|成绩|life expectancy|\bage\b|\baverage|\bmedian"
                               r"|\bmean\b|\brecord\b|\bwinning time\b|\bfinish(?:ing)? time\b", re.IGNORECASE)
"""Words that make a duration a level at a time rather than a span: a life expectancy, an age, an
average or median time, a record or a race time ('人均预期寿命77.6岁', 'a median wait of 14 weeks')."""

AGE_AFTER: Final = re.compile(r"\s*(?:years?[- ]old|of age)\b", re.IGNORECASE)


def is_level(surface: str, kind: str, near: str, after: str) -> bool:
    """Whether a duration figure is a level at a time (dated by its sentence's frame) rather than
    a span: an age ('77.6岁', '58 years old') that is no age group ('16—24岁青年', a range), or a
    duration after a word of :data:`LEVEL_CUES` in its clause."""
    age = surface.endswith(("岁", "歲")) or bool(AGE_AFTER.match(after))
    return (age and kind != "range") or bool(LEVEL_CUES.search(near))
