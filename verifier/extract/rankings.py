"""Rankings: places given to values, read from the grammar of both languages.

    rankings(body, lo, hi, values) -> [Ranked(place, start, end, group, reverse, words)]

A ranking gives an item's place with its value: 'came second with 95', 'ranked third at
12.4%', 'the second-largest, at 4.1 million', '以1060毫米位居第三', and a group at the top with its
values in order: '甲省和乙省位列全国前两名，降水量分别为1380毫米和1150毫米'. The rule
:mod:`verifier.rules.rankings` checks the order against the values. The words live in
``verifier/data/series.yaml`` (section ``ranks``, with the ordinals of the streaks).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Final

from verifier.extract.segment import clause_end, clause_start
from verifier.extract.streaks import CARDINALS, ZH_NUM, count_of, longest_first, table
from verifier.extract.subjects import DISTRIBUTIVE

EACH: Final = DISTRIBUTIVE
"""分别 before the values of a Chinese list, 'respectively' after those of an English one, one
per name ('分别为1380毫米和1150毫米'): :data:`verifier.extract.subjects.DISTRIBUTIVE`."""

VALUE_REACH: Final = 30
"""Characters after an English place's 'with' or 'at' within which its value must start ('with a turnout of 61%')."""


@dataclass(frozen=True)
class Ranked:
    """A place given to a value: ``place`` 1 for the first; ``start``/``end`` the value's span in
    the body; ``group`` the size of a top group listed with it ('前两名': 2), else 1."""

    place: int
    start: int
    end: int
    group: int = 1
    reverse: bool = False
    words: tuple[int, int] = (0, 0)
    """The span of the words that give the place ('came first with', '位列全国前两名')."""


@lru_cache(maxsize=1)
def _rank_patterns() -> tuple[re.Pattern, ...]:
    r = table()["ranks"]
    ords = longest_first(table()["ordinals"]["en"]) + r"|\d{1,2}(?:st|nd|rd|th)"
    zh_verbs = longest_first(r["zh_verbs"])
    return (
        # 'came second with 95', 'ranked third nationally, at 12.4%'
        re.compile(rf"\b(?:{longest_first(r['en_verbs'])})\s+(?P<n>{ords})\b(?:\s+(?:place|overall|nationally))?,?\s+(?:{longest_first(r['en_with'])})\s+",
                   re.IGNORECASE),
        # 'the second-largest, at 4.1 million', 'the largest with 138,000'
        re.compile(rf"\bthe\s+(?:(?P<n>{ords})[-\s]?)?(?P<s>{longest_first(r['en_largest'] + r['en_smallest'])})\b[^,.;:\d]{{0,40}}?,?\s+(?:{longest_first(r['en_with'])})\s+",
                   re.IGNORECASE),
        # '以1060毫米位居第三', '排名第二'
        re.compile(rf"(?:{zh_verbs})(?:[^，,。；;：:\d第前]{{0,4}}?)第(?P<n>{ZH_NUM})(?:名|位)?"),
        # '位列全国前两名'
        re.compile(rf"(?:{zh_verbs})(?:[^，,。；;：:\d第前]{{0,4}}?)前(?P<n>{ZH_NUM})(?:名|位)"),
        # 'were the top two', 'ranked in the top three'
        re.compile(rf"\b(?:{longest_first(r['en_verbs'])})\s+(?:in\s+)?the\s+top\s+(?P<n>{longest_first(CARDINALS)}|\d{{1,2}})\b",
                   re.IGNORECASE),
    )


def rankings(body: str, lo: int, hi: int, values: list[tuple[int, int]]) -> list[Ranked]:
    """The places the sentence ``body[lo:hi]`` gives to its values (spans in ``values``, in
    offset order), in offset order of the places. A place takes the value right after its words
    ('came second with 95'), the value right before them after 以 ('以1060毫米位居第三'), or the
    first value of its clause after them ('位居第三，为1060毫米'); a top group takes one value per
    place, those after 分别 ('前两名，分别为…') or before 'respectively' ('the top two, with 71% and
    64% respectively'). A ranking from the bottom
    ('the second-smallest', '最低') is marked ``reverse``."""
    en_place, en_sup, zh_place, zh_top, en_top = _rank_patterns()
    reverse_all = _from_the_bottom().search(body, lo, hi) is not None
    out: list[Ranked] = []
    for pat in (en_place, en_sup):
        for m in pat.finditer(body, lo, hi):
            place = count_of(m.group("n")) if m.group("n") else 1
            end = min(clause_end(body, m.end(), hi), m.end() + VALUE_REACH)
            v = next((s for s in values if m.end() <= s[0] < end), None)  # 'with 95', 'with a turnout of 61%'
            if place and v:
                sup = m.groupdict().get("s")
                out.append(Ranked(place, *v, reverse=reverse_all or bool(sup and sup.lower() in table()["ranks"]["en_smallest"]),
                                  words=m.span()))
    for m in zh_place.finditer(body, lo, hi):
        place = count_of(m.group("n"))
        lead = body[clause_start(body, lo, m.start()):m.start()]
        v = next((s for s in reversed(values) if s[1] <= m.start() and "以" in lead
                  and s[0] >= clause_start(body, lo, m.start()) and m.start() - s[1] <= 3), None)
        if v is None:
            end = clause_end(body, m.end(), hi)
            v = next((s for s in values if m.end() <= s[0] < end), None)
        if place and v:
            out.append(Ranked(place, *v, reverse=reverse_all, words=m.span()))
    for m in zh_top.finditer(body, lo, hi):  # '前两名，分别为1380毫米和1150毫米': the values after 分别
        k = count_of(m.group("n"))
        each = EACH.search(body, m.end(), hi)
        if not k or k < 2 or each is None:
            continue
        end = clause_end(body, each.end(), hi)
        listed = [s for s in values if each.end() <= s[0] < end][:k]
        if len(listed) == k:
            out.extend(Ranked(k, *s, group=k, reverse=reverse_all, words=m.span()) for s in listed)
    for m in en_top.finditer(body, lo, hi):  # 'were the top two, with 71% and 64% respectively': the values before it
        k = count_of(m.group("n"))
        each = EACH.search(body, m.end(), hi)
        if not k or k < 2 or each is None:
            continue
        listed = [s for s in values if m.end() <= s[0] and s[1] <= each.start()][-k:]
        if len(listed) == k:
            out.extend(Ranked(k, *s, group=k, reverse=reverse_all, words=m.span()) for s in listed)
    return sorted(out, key=lambda r: r.start)


@lru_cache(maxsize=1)
def _from_the_bottom() -> re.Pattern:
    """A superlative of the bottom ('the lowest', 'smallest', '最低'), but not 'at least'."""
    r = table()["ranks"]
    return re.compile(rf"(?<!at )\b(?:{longest_first(r['en_smallest'])})\b|{longest_first(r['zh_smallest'])}", re.IGNORECASE)
