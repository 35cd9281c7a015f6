"""Calendar dates in both scripts: 8月25日, 2026年底, August 25, 2026, Oct. 2008, in 1990.

Dates are found before numbers so that their digits are not read as counts ("2016年" is a
year, not 2016 years).  Each date becomes a :class:`Quantity` of kind "date" whose value is
None and whose ``iso`` is an ISO-8601 string, reduced where parts are missing
("--08-25" for a day without year, "2026-12" for 2026年底).
"""

from __future__ import annotations

import re

from .numerals import parse_chinese
from .patterns import LazyRe

TYPE_CHECKING = False
if TYPE_CHECKING:  # typing costs ~5 ms to import; annotations are strings here
    from collections.abc import Iterator
    from typing import Final

_CN_SMALL = "一二三四五六七八九十两〇零"

# 2026年8月25日 / 8月25日 / 2026年8月 / 九月九日 / 2026年底.
ZH_DATE_RE: Final[LazyRe] = LazyRe(
    r"(?<!\d)"
    r"(?P<rel>[今去明前后後]年\s?)?"                          # relative year: 今年6月
    r"(?:(?P<y>[12]\d{3})\s?年\s?)?"                       # year
    r"(?:(?P<m>1[0-2]|0?[1-9]|[" + _CN_SMALL + r"]{1,3})\s?月(?!份?[多余])"  # month
    r"(?:\s?(?P<d>3[01]|[12]\d|0?[1-9]|[" + _CN_SMALL + r"]{1,3})\s?[日号號])?"  # day
    r"|(?P<y2>[12]\d{3})\s?年(?P<part>底|末|初|中|内|前|后|上半年|下半年)?)"
)
_PART_MONTH: Final[dict[str, str]] = {"底": "12", "末": "12", "初": "01", "中": "06",
                                      "上半年": "H1", "下半年": "H2"}

_MONTHS: Final[dict[str, int]] = {
    "january": 1, "jan": 1, "february": 2, "feb": 2, "march": 3, "mar": 3, "april": 4,
    "apr": 4, "may": 5, "june": 6, "jun": 6, "july": 7, "jul": 7, "august": 8, "aug": 8,
    "september": 9, "sept": 9, "sep": 9, "october": 10, "oct": 10, "november": 11,
    "nov": 11, "december": 12, "dec": 12,
}
_MONTH_ALT = "|".join(sorted(_MONTHS, key=len, reverse=True))
_YEAR_WORDS: Final[tuple[str, ...]] = (
    "in", "since", "by", "until", "from", "during", "of", "before", "after", "early", "late", "mid", "year", "the")
"""Words a bare four-digit year follows to be read as a year ('in 1990', 'the 1960s')."""
# What every English date starts with: a digit, or the first letter of a month name or of a
# year word. EN_DATE_RE opens with a lookahead on it, which fails fast at any other
# character where trying each branch costs ~2-3x more (same case rule as the pattern).
_EN_DATE_LEAD = "(?=[\\d" + "".join(sorted({w[0] for w in (*_MONTHS, *_YEAR_WORDS)})) + "])"

# "August 25, 2026", "Aug. 25", "sept . 30", "25 August 2026", "October 2008", "in 1990".
EN_DATE_RE: Final[LazyRe] = LazyRe(
    _EN_DATE_LEAD + r"(?<![A-Za-z])(?:"
    r"(?P<mon>" + _MONTH_ALT + r")\s?\.?\s?"               # month name, optional period
    r"(?:(?P<d>3[01]|[12]\d|0?[1-9])(?:st|nd|rd|th)?(?!\d)(?:\s?,?\s?(?P<y>[12]\d{3}))?"
    r"|,?\s?(?P<y2>[12]\d{3}))"                            # or month + year
    r"|(?P<d3>3[01]|[12]\d|0?[1-9])\s(?P<mon3>" + _MONTH_ALT + r")(?:\s(?P<y3>[12]\d{3}))?"
    r"|(?:" + "|".join(_YEAR_WORDS) + r")[\s-]"
    r"(?P<y4>1[89]\d{2}|20\d{2})(?P<s>s)?(?!-\d)"        # "in 1990", "the 1960s"
    r"|(?P<y5>[12]\d{3})-(?P<m5>0[1-9]|1[0-2])(?:-(?P<d5>[0-3]\d))?"  # ISO "1995-01"
    r"|(?P<y6>1[89]\d{2}|20\d{2})-(?P<y6b>\d{2})(?!\d)"   # "2013-14"
    r")(?![A-Za-z\d])",
    re.IGNORECASE,
)
# A fiscal or season year written as two years, the second by its last two digits: "2012–13",
# "2023/24", "FY2019-20", "2012–13财年".  It names one year that straddles two calendar years,
# so the two numbers are never a range nor a fraction; only read when the tail is the next
# year (:func:`_fiscal_years`), as the label always is.
FISCAL_YEAR_RE: Final[LazyRe] = LazyRe(
    r"(?P<y>(?:1[89]|20)\d\d)(?<![\d.,/-]....)"  # the first year (not the tail of a number)
    r"\s?[-–—/]\s?(?P<tail>\d{2})"          # dash or slash, the next year's last two digits
    r"(?![\d/.,]\d|\d|%)"
)
# Every English date holds a month name (its first three letters) or a four-digit year;
# this cheap test spares the full pattern on most texts.
_EN_HINT_RE: Final[LazyRe] = LazyRe(
    r"\d{4}|(?i:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)")
# Month names that are also ordinary words need a day or a year next to them.
_AMBIGUOUS: Final[frozenset[str]] = frozenset({"may", "march", "mar", "jan", "dec", "sep"})

# years counted from the year of writing: 去年10月 is in the year before the article's
REL_YEARS: Final[dict[str, int]] = {"今": 0, "去": -1, "明": 1, "前": -2, "后": 2, "後": 2}


def year_offset(surface: str) -> int | None:
    """Year offset of a relative date ("去年10月" -> -1), None for other dates."""
    if len(surface) > 2 and surface[1] == "年" and surface[0] in REL_YEARS:
        return REL_YEARS[surface[0]]
    return None


DateHit = tuple[int, int, str]
"""(start, end, iso) of one date."""


def _cn_int(s: str | None) -> int | None:
    """Read a month/day written in Arabic or Chinese digits ("08", "九", "二十五")."""
    if not s:
        return None
    if s.isdigit():
        return int(s)
    parsed = parse_chinese(s)
    if not parsed or parsed[0] - parsed[0] != 0:  # none, or beyond the double range
        return None
    return int(parsed[0]) if parsed[0] == int(parsed[0]) else None


def _iso(y: str | None, m: int | None, d: int | None) -> str:
    """ISO-8601 with missing parts dropped ("--08-25" when the year is unknown)."""
    if m is None:
        return y or ""
    if d is None:
        return f"{y}-{m:02d}" if y else f"--{m:02d}"
    return f"{y}-{m:02d}-{d:02d}" if y else f"--{m:02d}-{d:02d}"


def _zh_dates(text: str) -> Iterator[DateHit]:
    """Chinese dates (see :data:`ZH_DATE_RE`)."""
    for m in ZH_DATE_RE.finditer(text):
        if m.group("y2"):
            part = m.group("part") or ""
            iso = m.group("y2") + ("-" + _PART_MONTH[part] if part in _PART_MONTH else "")
            yield m.start(), m.end(), iso
            continue
        month, day = _cn_int(m.group("m")), _cn_int(m.group("d"))
        if month is None or not 1 <= month <= 12 or (day is not None and not 1 <= day <= 31):
            continue
        if m.group("y") is None and day is None and not _month_alone_ok(text, m):
            continue
        yield m.start(), m.end(), _iso(m.group("y"), month, day)


_RANGE_BEFORE_RE: Final[LazyRe] = LazyRe(r"[\d" + _CN_SMALL + r"]\s?[-–~至到]\s?$")


def _month_alone_ok(text: str, m: re.Match[str]) -> bool:
    """"6月", "今年6月" are months; "1-6月" (a span of months) and "两月" (two months) are not."""
    if m.group("rel"):
        return True
    if m.group("m") in ("两", "兩"):
        return False
    return _RANGE_BEFORE_RE.search(text, max(0, m.start() - 4), m.start()) is None


def _en_dates(text: str) -> Iterator[DateHit]:
    """English dates (see :data:`EN_DATE_RE`)."""
    for m in EN_DATE_RE.finditer(text):
        g = m.groupdict()
        if g["y4"]:
            yield m.start("y4"), m.end(), g["y4"] + ("s" if g["s"] else "")
        elif g["y5"]:
            day = int(g["d5"]) if g["d5"] else None
            yield m.start(), m.end(), _iso(g["y5"], int(g["m5"]), day)
        elif g["y6"]:
            yield m.start(), m.end(), f"{g['y6']}/{g['y6'][:2]}{g['y6b']}"
        elif g["mon3"]:
            yield m.start(), m.end(), _iso(g["y3"], _MONTHS[g["mon3"].lower()], int(g["d3"]))
        else:
            name = g["mon"].lower()
            if name in _AMBIGUOUS and not g["y"] and not g["y2"] and g["mon"].islower():
                continue
            day = int(g["d"]) if g["d"] else None
            yield m.start(), m.end(), _iso(g["y"] or g["y2"], _MONTHS[name], day)


def _fiscal_years(text: str) -> Iterator[DateHit]:
    """Fiscal and season years (see :data:`FISCAL_YEAR_RE`), ISO-like "2012/2013"."""
    for m in FISCAL_YEAR_RE.finditer(text):
        y, tail = m.group("y"), m.group("tail")
        if (int(y) + 1) % 100 == int(tail):
            start = m.start()
            label = _FY_RE.search(text, max(0, start - 3), start)  # "FY2019-20", "FY 2019-20"
            yield (label.start() if label else start), m.end(), f"{y}/{int(y) + 1}"


_FY_RE: Final[LazyRe] = LazyRe(r"(?<![A-Za-z])FY\s?$")


def find_dates(text: str, has_cjk: bool, has_latin: bool,
               has_digit: bool = True) -> list[DateHit]:
    """All dates in ``text`` (normalised), in order of appearance.

    Args:
        text: normalised text.
        has_cjk: run the Chinese patterns (skipped on pure-Latin text for speed).
        has_latin: run the English patterns.
        has_digit: False when the text holds no digit (every English date has one).
    """
    hits: list[DateHit] = []
    if has_digit and ("-" in text or "/" in text or "–" in text or "—" in text):
        hits.extend(_fiscal_years(text))
    if has_cjk and ("月" in text or "年" in text):  # every Chinese date holds one
        hits.extend(_zh_dates(text))
    if has_latin and has_digit and _EN_HINT_RE.search(text):
        hits.extend(_en_dates(text))
    return hits
