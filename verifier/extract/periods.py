"""The part of a year a figure is for: a cumulative period or a single month or quarter.

    months_of("1-11月，全国铁路完成旅客发送量36.2亿人次") -> "1-11"      (January to November, cumulative)
    months_of("11月当月，旅客发送量2.87亿人次")          -> "11"        (November alone)
    months_of("In the first three quarters, output …")  -> "1-9"
    months_of("Year-to-date sales rose 4%")              -> "ytd"
    months_of("截至11月底，全国铁路旅客发送量")             -> "1-11"      (up to the end of November)
    months_of("2023年7月，青年调查失业率")                -> "7"         (a bare month is that month)
    months_of("Unemployment in April")                    -> "4"

Statistics bureaus publish the same measure for a month and for the year so far ('1-11月' and
'11月'), and coverage swaps them; a monthly figure and a cumulative one are different facts,
never a contradiction. The period becomes the scope key ``months`` (a qualifier: a figure that
gives it is only compared with figures for the same months, :data:`verifier.rules.context.QUALIFYING`).
The numbers inside a period ('1-11', '前11个月') are no claims (:func:`period_spans`).
Values: 'a-b' for a cumulative period from month a to month b, 'b' for one month, 'ytd' for
a year to date whose end is not printed.

The forms come from the grammar of dates in each language: in Chinese a month is a numeral
before 月 ('7月', '11月份'), a period to its end is 截至/到 … 月底/月末 (the year so far), and a
half or quarter of the year is 上半年/下半年/季度; in English a month name needs a word that makes
it a time (a preposition 'in April', a possessive "April's", an article 'the April data', a year
'April 2023'), since 'May' and 'March' are also words, and a quarter or half needs the year it
divides ('the first quarter of 2023', 'third-quarter'), since games have quarters and halves too.
Which figure a period belongs to is :mod:`verifier.extract.time_frames`' business.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Final

_ZH_NUM: Final = {"一": 1, "二": 2, "两": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8, "九": 9, "十": 10,
                  "十一": 11, "十二": 12}
_EN_NUM: Final = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9,
                  "ten": 10, "eleven": 11, "twelve": 12, "first": 1, "second": 2, "third": 3, "fourth": 4}
MONTHS_EN: Final = ("january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
                    "november", "december")
"""English month names, in order (their index + 1 is the month)."""

_N = r"(\d{1,2}|十[一二]?|[一二两三四五六七八九十])"
_N_FIRST = r"\d一二两三四五六七八九十"
"""The characters a month number of ``_N`` starts with. A pattern opens with a lookahead on its
first character, ``(?=[...])``: it fails fast at any other character, where trying the branches
costs several times more (``tests/test_regex_leads.py`` checks that it changes no match)."""
_MONTH_EN = r"(" + "|".join(m.capitalize() for m in MONTHS_EN) + r")"

CUMULATIVE_ZH: Final = re.compile(rf"(?=[{_N_FIRST}])" + _N + r"\s*(?:月份?)?\s*[-—–~至到]\s*" + _N + r"\s*月(?:份)?")
"""'1-11月', '1至11月份', '一至十一月', '1月至11月': January (or month a) to month b."""

TO_END_ZH: Final = re.compile(r"(?:截至|截止到?|到|至)\s*(?:(?:(?:19|20)\d{2}\s*年|今年|本年|当年|去年|上年)\s*)?" + _N
                              + r"\s*月份?\s*(?:底|末)")
"""'截至11月底', '到11月末', '截至2023年11月底', '截至今年6月底': the year up to the end of month b (a
year mark inside is read by :mod:`.time_frames` too, a relative one by the publication date)."""

ALONE_ZH: Final = re.compile(r"(?:单看|仅看|只看|单独看|仅)\s*" + _N + r"\s*月份?(?!\s*\d)")
"""'单看11月', '仅11月': that month alone."""

HALF_ZH: Final = re.compile(r"(上|下)半年")
"""'上半年', '下半年': the first or second half of the year."""

MONTH_ZH: Final = re.compile(rf"(?=[{_N_FIRST}])(?<![\d\-—–~至到])" + _N + r"\s*月份?"
                             r"(?!\s*\d|\s*(?:底|末|初|上旬|中旬|下旬|以来|起|至|到|中|前|后|以后|以前|[-—–~]))")
"""A bare month, '7月', '11月份' (not '7月1日', '11月底', '7月以来', nor the first month of a range):
the figures of that month ('7月，青年失业率为21.3%')."""

FIRST_ZH: Final = re.compile(r"前\s*" + _N + r"\s*(?:个)?\s*(月|季度)")
"""'前11个月', '前三季度': the first b months or quarters of the year."""

SINCE_ZH: Final = re.compile(r"今年以来|年初以来|年初至今|截至目前")
"""'今年以来': the year to date."""

SINGLE_ZH: Final = re.compile(rf"(?=[{_N_FIRST}当单])(?:" + _N + r"\s*月(?:份)?\s*(?:当月|单月)|(?:当月|单月))")
"""'11月当月', '11月份单月', '当月': one month."""

QUARTER_ZH: Final = re.compile(rf"(?=[{_N_FIRST}第])(?:第\s*)?" + _N + r"\s*季度")
"""'三季度', '第三季度': one quarter (after FIRST_ZH has taken '前三季度')."""

FIRST_EN: Final = re.compile(r"\b(?:in\s+)?the\s+first\s+(\w+)\s+(months|quarters)\b", re.IGNORECASE)
"""'in the first eleven months', 'the first three quarters'."""

RANGE_EN: Final = re.compile(r"\b" + _MONTH_EN + r"\s*(?:-|–|—|to|through|thru)\s*" + _MONTH_EN + r"\b")
"""'January-November', 'January through November'."""

SINCE_EN: Final = re.compile(r"\byear[- ]to[- ]date\b|\bso far this year\b|\bsince the start of the year\b", re.IGNORECASE)

TO_END_EN: Final = re.compile(r"\b(?:[Tt]hrough|[Tt]hru|[Tt]o|[Uu]ntil|[Tt]ill|[Aa]s of)\s+the\s+end\s+of\s+" + _MONTH_EN + r"\b")
"""'through the end of November', 'up to the end of November', 'as of the end of June': the year
up to the end of that month."""

_YEAR_EN = r"(?:19|20)\d{2}"
MONTH_EN: Final = re.compile(
    r"\b(?:[Ii]n|[Ff]or|[Dd]uring|[Tt]hroughout|[Ii]n\s+the\s+month\s+of)\s+" + _MONTH_EN + r"\b(?!\s+\d{1,2}(?!\d))"
    r"|\b" + _MONTH_EN + r"['’]s\b"
    r"|\b[Tt]he\s+" + _MONTH_EN + r"\s+(?=[a-z])"
    r"|\b" + _MONTH_EN + r"\s+(?=" + _YEAR_EN + r"\b)"
    r"|\b" + _MONTH_EN + r"\s+alone\b")
"""An English month that the grammar makes a time: 'in April', 'for July', "June's rate", 'the
July data', 'April 2023', 'November alone' (not 'April 3', a day; nor a bare 'May')."""

QUARTER_EN: Final = re.compile(
    r"\b(first|second|third|fourth)[- ]quarter\b(?=\s+(?:of\s+(?:the\s+year|fiscal|" + _YEAR_EN + r")|[a-z]))"
    r"|\b(first|second|third|fourth)\s+quarter\s+of\s+(?:the\s+year|fiscal|" + _YEAR_EN + r")"
    r"|\bQ([1-4])(?=\s*" + _YEAR_EN + r"\b)|(?<=" + _YEAR_EN + r"\s)Q([1-4])\b", re.IGNORECASE)
"""A quarter of a year: 'the first quarter of 2023', 'third-quarter output', 'Q3 2023', '2023 Q3'
(a quarter with no year or noun after it may be a game's)."""

HALF_EN: Final = re.compile(r"\b(first|second)[- ]half\s+of\s+(?:the\s+year|fiscal|" + _YEAR_EN + r")\b"
                            r"|\b(first|second)-half\s+(?=[a-z])", re.IGNORECASE)
"""'the first half of 2023', 'second-half sales': a half of the year (not a game's half)."""

_MONTH_NAME: Final = re.compile(_MONTH_EN)
"""A capitalised English month name, which every match of RANGE_EN, TO_END_EN and MONTH_EN holds."""

NEEDS: Final[dict[re.Pattern, str | re.Pattern]] = {
    CUMULATIVE_ZH: "月", TO_END_ZH: "月", ALONE_ZH: "月", SINGLE_ZH: "月", MONTH_ZH: "月",  # (当月, 单月 hold 月 too)
    HALF_ZH: "半年", QUARTER_ZH: "季度",
    FIRST_EN: re.compile("first", re.IGNORECASE),
    SINCE_EN: re.compile("year", re.IGNORECASE),
    QUARTER_EN: re.compile("quarter|q[1-4]", re.IGNORECASE),
    HALF_EN: re.compile("half", re.IGNORECASE),
    RANGE_EN: _MONTH_NAME, TO_END_EN: _MONTH_NAME, MONTH_EN: _MONTH_NAME,
}
"""What every match of a period pattern holds in the text it consumes: a string, or a pattern
compiled with the same case rule as the period's (so 'ſ' or 'K' fold alike). A text without it has
no match, and the pattern is not run: most sentences name no period, and these patterns, which
try many branches at every character, scan 5-15 MB/s against the guards' 150 MB/s and more."""


def _matches(rx: re.Pattern, text: str):
    """``rx.finditer(text)``, or nothing when ``text`` lacks what every match holds (:data:`NEEDS`)."""
    need = NEEDS.get(rx)
    if need is not None and (need not in text if isinstance(need, str) else need.search(text) is None):
        return ()
    return rx.finditer(text)


def _n(text: str) -> int | None:
    """A month or count number printed in digits or words (1 to 12)."""
    text = text.strip().lower()
    v = int(text) if text.isdigit() else _ZH_NUM.get(text, _EN_NUM.get(text))
    return v if v is not None and 1 <= v <= 12 else None


@lru_cache(maxsize=64)
def _found(text: str) -> tuple[tuple[int, int, str, bool], ...]:
    """Every period of ``text`` as (start, end, months value, dated), in text order: ``dated`` for
    the forms whose number is also a date an event may be given ('7月', 'in April', '截至11月底',
    'through the end of November') or a duration ('上半年'), which stay figures as they were before
    these forms were read; the others' numbers are no claims."""
    out: list[tuple[int, int, str, bool]] = []
    dated = False

    def add(m: re.Match, value: str | None) -> None:
        if value and not any(s < m.end() and m.start() < e for s, e, _, _ in out):
            out.append((m.start(), m.end(), value, dated))

    for m in _matches(CUMULATIVE_ZH, text):
        a, b = _n(m.group(1)), _n(m.group(2))
        add(m, f"{a}-{b}" if a and b and a < b else None)
    for m in _matches(FIRST_ZH, text):
        b = _n(m.group(1))
        add(m, (f"1-{b}" if m.group(2) == "月" else f"1-{3 * b}") if b and (m.group(2) == "月" or b <= 4) else None)
    for m in _matches(SINCE_ZH, text):
        add(m, "ytd")
    dated = True
    for m in _matches(TO_END_ZH, text):
        b = _n(m.group(1))
        add(m, (f"1-{b}" if b > 1 else "1") if b else None)
    for m in _matches(HALF_ZH, text):  # '半年' stays a figure, as before these periods were read
        add(m, "1-6" if m.group(1) == "上" else "7-12")
    dated = False
    for m in _matches(ALONE_ZH, text):
        add(m, str(_n(m.group(1)) or "") or None)
    for m in _matches(SINGLE_ZH, text):
        add(m, str(_n(m.group(1))) if m.group(1) and _n(m.group(1)) else None)
    for m in _matches(QUARTER_ZH, text):
        q = _n(m.group(1))
        add(m, f"{3 * q - 2}-{3 * q}" if q and q <= 4 else None)
    for m in _matches(FIRST_EN, text):
        b = _n(m.group(1))
        unit = m.group(2).lower()
        add(m, (f"1-{b}" if unit == "months" else f"1-{3 * b}") if b and (unit == "months" or b <= 4) else None)
    for m in _matches(RANGE_EN, text):
        a, b = MONTHS_EN.index(m.group(1).lower()) + 1, MONTHS_EN.index(m.group(2).lower()) + 1
        add(m, f"{a}-{b}" if a < b else None)
    for m in _matches(SINCE_EN, text):
        add(m, "ytd")
    dated = True
    for m in _matches(TO_END_EN, text):
        b = MONTHS_EN.index(m.group(1).lower()) + 1
        add(m, f"1-{b}" if b > 1 else "1")
    dated = False
    for m in _matches(QUARTER_EN, text):
        word = next(g for g in m.groups() if g)
        q = int(word) if word.isdigit() else _EN_NUM[word.lower()]
        add(m, f"{3 * q - 2}-{3 * q}")
    for m in _matches(HALF_EN, text):
        add(m, "1-6" if (m.group(1) or m.group(2)).lower() == "first" else "7-12")
    dated = True
    for m in _matches(MONTH_ZH, text):
        add(m, str(_n(m.group(1)) or "") or None)
    for m in _matches(MONTH_EN, text):
        add(m, str(MONTHS_EN.index(next(g for g in m.groups() if g).lower()) + 1))
    return tuple(sorted(out))


def periods(text: str) -> tuple[tuple[int, int, str], ...]:
    """Every period of a year printed in ``text``: (start, end, months value), in text order
    (cached: every figure of a sentence asks about the same sentence)."""
    return tuple((s, e, v) for s, e, v, _ in _found(text))



def months_of(sentence: str, at: int | None = None) -> str | None:
    """The period a figure at offset ``at`` of ``sentence`` is for: the last period printed
    wholly before it (default: before the end), or None."""
    end = len(sentence) if at is None else at
    found = [value for s, e, value in periods(sentence) if e <= end]
    return found[-1] if found else None


def period_spans(text: str) -> list[tuple[int, int]]:
    """Spans of the periods of ``text`` whose numbers are no claims (not the dated forms of
    :func:`_found`: '去年10月' stays a date)."""
    return [(s, e) for s, e, _, dated in _found(text) if not dated]
