"""Compound "per" units: one unit per another, kept as one symbol "numerator/denominator".

Forms read (both scripts)::

    1.3 kWh/km   1.3 kWh per km   1.3千瓦时/公里   1.3千瓦时每公里   -> kWh/km
    每公里1.3千瓦时   每公里电耗1.3千瓦时 (每 + unit before the number)    -> kWh/km
    $0.18/km   $0.18 per kilometre   每公里0.18美元   0.5元/度            -> USD/km, CNY/kWh
    $15.4/hour   $2 an hour                                               -> USD/h

Keeping the denominator attached is what stops figures of different dimensions from being
compared ("1.3 kWh per km" is no energy, "$0.18 per km" no price); :mod:`verifier.units`
converts between spellings of one dimension ("Wh/km" and "kWh/km").  Token rates
("tokens/s/kW") have their own rules in :mod:`.context`.
"""

from __future__ import annotations

import re

from .patterns import LazyRe
from .scan import Hit
from .units import is_currency, match_unit

TYPE_CHECKING = False
if TYPE_CHECKING:  # typing costs ~5 ms to import; annotations are strings here
    from typing import Final

# The joint between the two units, matched right after the first one:
PER_AFTER_RE: Final[LazyRe] = LazyRe(
    r"\s?/\s?"                                # "kWh/km", "kWh / km"
    r"|\s(?:per|a|an)\s(?=[A-Za-z1])"          # "kWh per km", "per 100 km", "$2 an hour"
    r"|\s?每"                                  # "千瓦时每公里"
)
# "a year earlier", "a month ago": after "a" + time unit, a point in time, not a rate
_TIME_ADVERB_RE: Final[LazyRe] = LazyRe(
    r"\s+(?:ago|earlier|later|before|after|prior|from|back|since)\b", re.IGNORECASE)
RATIO_UNITS: Final[frozenset[str]] = frozenset({"x", "%", "‰", "pp", "bp"})
"""Units that are no physical unit: never a numerator nor a denominator of a word-form rate."""
TIME_UNITS: Final[frozenset[str]] = frozenset(
    {"ns", "µs", "ms", "s", "min", "h", "day", "week", "month", "quarter", "year", "decade"})
"""A duration is not read as the numerator of a word-form rate ("3 days a week")."""
CALENDAR_UNITS: Final[frozenset[str]] = frozenset(
    {"day", "week", "month", "quarter", "year", "decade"})
"""Denominators not taken from 每 before a number: 每年营收300亿美元 stays a sum in USD (the
period is scope, not unit), while 每小时2美元 is a price per hour."""
_PER_BEFORE_WINDOW: Final[int] = 12
"""Characters before a number searched for 每 + unit: 每 (1), a count (百: 1), a unit (up to
4: 平方公里) and a noun (up to :data:`_PER_BEFORE_GAP`); an approximation word (约) is already
part of the number's span."""
_PER_BEFORE_GAP: Final[int] = 4
"""Longest noun between 每 + unit and the number (每公里电耗, 每吨成本, 每千瓦时电价)."""
# A round count before a denominator: "per 100 km", "/1,000 km", 每百公里 (not 百分之, %)
_COUNT_RE: Final[LazyRe] = LazyRe(r"(?:(10{1,4}|1,000|10,000)\s?|([百千万])(?=[公千英]))")
_CN_COUNTS: Final[dict[str, str]] = {"百": "100", "千": "1000", "万": "10000"}
"""Chinese round counts before a distance unit: 百公里 is 100 km."""
_CN_DEGREE: Final[str] = "度"
"""度 after a price is the kilowatt-hour of electricity bills (电价0.5元/度), not a degree."""


def _denominator(t: str, pos: int, numerator: str, word: bool) -> tuple[str, int] | None:
    """The unit starting at ``t[pos]`` when it may divide ``numerator``, else None.

    A round count may come first ("per 100 km", "/1,000 km", 百公里): the symbol is then
    the counted unit, "100km" (:mod:`verifier.units` reads "kWh/100km" as kWh per 100 km).
    """
    m = _COUNT_RE.match(t, pos)
    if m:
        count = m.group(1).replace(",", "") if m.group(1) else _CN_COUNTS[m.group(2)]
        v = match_unit(t, m.end())
        if v is None or not v[0].isalpha() or v[0] in RATIO_UNITS or is_currency(v[0]):
            return None  # a count takes a plain unit only ("per 100 km", not "per 100 %")
        return count + v[0], v[1]
    v = match_unit(t, pos)
    if v is None or v[0] in RATIO_UNITS or is_currency(v[0]):
        return None
    if word and t[pos:v[1]].lower() in ("in", "t"):
        return None  # "per in", "a t": words, not units
    if v[0] == "deg" and t[pos:v[1]] == _CN_DEGREE and is_currency(numerator):
        return "kWh", v[1]
    return v


def attach_per(t: str, h: Hit) -> int:
    """Extend ``h.unit`` with a denominator written after it; return the new end.

    Args:
        t: normalised text.
        h: a hit whose unit ends at ``h.end`` (its unit is changed in place).

    Returns:
        The end of the compound unit, or ``h.end`` when none follows.  The slash form
        takes any physical numerator ("1.3 kWh/km", "10 l/km", "$15.4/hour"); the word
        forms (per, a, an, 每) take no duration and no ratio as numerator ("3 days a week",
        "20 per cent"), and "a"/"an" only money per a time unit ("$2 an hour").
    """
    unit, e = h.unit, h.end
    if unit is None or unit in RATIO_UNITS or e >= len(t):
        return e
    if t[e] != "/" and t[e] != "每" and not t[e].isspace():
        return e  # the cheap test spares most regex calls
    m = PER_AFTER_RE.match(t, e)
    if m is None:
        return e
    joint = m.group().strip()
    word = joint != "/"
    if word and unit in TIME_UNITS:
        return e
    v = _denominator(t, m.end(), unit, word)
    if v is None:
        return e
    if joint in ("a", "an") and not (is_currency(unit) and v[0] in TIME_UNITS
                                     and _TIME_ADVERB_RE.match(t, v[1]) is None):
        return e  # "5 kg a day" is left alone; "$1.2 billion a year earlier" is a date
    h.unit = f"{unit}/{v[0]}"
    return v[1]


def attach_per_before(t: str, h: Hit, prev_end: int) -> None:
    """每 + unit before a number with a unit: 每公里1.3千瓦时 -> kWh/km (span unchanged).

    Args:
        t: normalised text.
        h: a hit with a unit and no denominator yet (its unit is changed in place).
        prev_end: end of the previous quantity; the 每 must come after it.

    Between the unit and the number only Chinese characters may stand, at most
    :data:`_PER_BEFORE_GAP` of them (the noun: 每公里电耗1.3千瓦时); punctuation or
    another figure ends the search.
    """
    unit = h.unit
    if unit is None or "/" in unit or unit in RATIO_UNITS or unit in TIME_UNITS or (
            unit.startswith("token")):
        return
    lo = max(prev_end, h.start - _PER_BEFORE_WINDOW, 0)
    i = t.rfind("每", lo, h.start)
    if i < 0:  # 百公里电耗15千瓦时: "per hundred kilometres" needs no 每
        i = t.rfind("百公里", lo, h.start) - 1
        if i < lo - 1:
            return
    v = _denominator(t, i + 1, unit, True)
    if v is None or v[0] in CALENDAR_UNITS or v[1] > h.start:
        return
    gap = t[v[1]:h.start]
    if len(gap) > _PER_BEFORE_GAP or not all("\u4e00" <= ch <= "\u9fff" for ch in gap):
        return
    h.unit = f"{unit}/{v[0]}"
