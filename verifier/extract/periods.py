"""The part of a year a figure is for: a cumulative period or a single month or quarter.

    months_of("1-11月，全国铁路完成旅客发送量38.5亿人次") -> "1-11"      (January to November, cumulative)
    months_of("11月当月，旅客发送量3.04亿人次")          -> "11"        (November alone)
    months_of("In the first three quarters, output …")  -> "1-9"
    months_of("Year-to-date sales rose 4%")              -> "ytd"

Statistics bureaus publish the same measure for a month and for the year so far ('1-11月' and
'11月'), and coverage swaps them; a monthly figure and a cumulative one are different facts,
never a contradiction. The period becomes the scope key ``months`` (a qualifier: a figure that
gives it is only compared with figures for the same months, :data:`verifier.rules.context.QUALIFYING`).
The numbers inside a period ('1-11', '前11个月') are no claims (:func:`period_spans`).
Values: 'a-b' for a cumulative period from month a to month b, 'b' for one month, 'ytd' for
a year to date whose end is not printed.
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
_MONTH_EN = r"(" + "|".join(m.capitalize() for m in MONTHS_EN) + r")"

CUMULATIVE_ZH: Final = re.compile(_N + r"\s*[-—–~至到]\s*" + _N + r"\s*月(?:份)?")
"""'1-11月', '1至11月份', '一至十一月': January (or month a) to month b."""

FIRST_ZH: Final = re.compile(r"前\s*" + _N + r"\s*(?:个)?\s*(月|季度)")
"""'前11个月', '前三季度': the first b months or quarters of the year."""

SINCE_ZH: Final = re.compile(r"今年以来|年初以来|年初至今|截至目前")
"""'今年以来': the year to date."""

SINGLE_ZH: Final = re.compile(_N + r"\s*月(?:份)?\s*(?:当月|单月)|(?:当月|单月)")
"""'11月当月', '11月份单月', '当月': one month."""

QUARTER_ZH: Final = re.compile(r"(?:第\s*)?" + _N + r"\s*季度")
"""'三季度', '第三季度': one quarter (after FIRST_ZH has taken '前三季度')."""

FIRST_EN: Final = re.compile(r"\b(?:in\s+)?the\s+first\s+(\w+)\s+(months|quarters)\b", re.IGNORECASE)
"""'in the first eleven months', 'the first three quarters'."""

RANGE_EN: Final = re.compile(r"\b" + _MONTH_EN + r"\s*(?:-|–|—|to|through|thru)\s*" + _MONTH_EN + r"\b")
"""'January-November', 'January through November'."""

SINCE_EN: Final = re.compile(r"\byear[- ]to[- ]date\b|\bso far this year\b|\bsince the start of the year\b", re.IGNORECASE)


def _n(text: str) -> int | None:
    """A month or count number printed in digits or words (1 to 12)."""
    text = text.strip().lower()
    v = int(text) if text.isdigit() else _ZH_NUM.get(text, _EN_NUM.get(text))
    return v if v is not None and 1 <= v <= 12 else None


@lru_cache(maxsize=64)
def periods(text: str) -> tuple[tuple[int, int, str], ...]:
    """Every period of a year printed in ``text``: (start, end, months value), in text order
    (cached: every figure of a sentence asks about the same sentence)."""
    out: list[tuple[int, int, str]] = []

    def add(m: re.Match, value: str | None) -> None:
        if value and not any(s < m.end() and m.start() < e for s, e, _ in out):
            out.append((m.start(), m.end(), value))

    for m in CUMULATIVE_ZH.finditer(text):
        a, b = _n(m.group(1)), _n(m.group(2))
        add(m, f"{a}-{b}" if a and b and a < b else None)
    for m in FIRST_ZH.finditer(text):
        b = _n(m.group(1))
        add(m, (f"1-{b}" if m.group(2) == "月" else f"1-{3 * b}") if b and (m.group(2) == "月" or b <= 4) else None)
    for m in SINCE_ZH.finditer(text):
        add(m, "ytd")
    for m in SINGLE_ZH.finditer(text):
        add(m, str(_n(m.group(1))) if m.group(1) and _n(m.group(1)) else None)
    for m in QUARTER_ZH.finditer(text):
        q = _n(m.group(1))
        add(m, f"{3 * q - 2}-{3 * q}" if q and q <= 4 else None)
    for m in FIRST_EN.finditer(text):
        b = _n(m.group(1))
        unit = m.group(2).lower()
        add(m, (f"1-{b}" if unit == "months" else f"1-{3 * b}") if b and (unit == "months" or b <= 4) else None)
    for m in RANGE_EN.finditer(text):
        a, b = MONTHS_EN.index(m.group(1).lower()) + 1, MONTHS_EN.index(m.group(2).lower()) + 1
        add(m, f"{a}-{b}" if a < b else None)
    for m in SINCE_EN.finditer(text):
        add(m, "ytd")
    return tuple(sorted(out))


def months_of(sentence: str, at: int | None = None) -> str | None:
    """The period a figure at offset ``at`` of ``sentence`` is for: the last period printed
    wholly before it (default: before the end), or None."""
    end = len(sentence) if at is None else at
    found = [value for s, e, value in periods(sentence) if e <= end]
    return found[-1] if found else None


def period_spans(text: str) -> list[tuple[int, int]]:
    """Spans of the periods of ``text`` (the numbers inside them are no claims)."""
    return [(s, e) for s, e, _ in periods(text)]
