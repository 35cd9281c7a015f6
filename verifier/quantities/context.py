"""Second pass: read the words around a bare number (units, currency, approximation).

Each function takes the normalised text and one :class:`~.scan.Hit`, looks at a few
characters on one side, and widens the hit.  Returning False drops the hit (it was part of
a name such as "GB200" or a clock time).
"""

from __future__ import annotations

import re

from . import patterns as P
from .approx import APPROX_AFTER, LAST_CHARS, POINT_AFTER, word_after, word_before
from .patterns import LazyRe
from .rates import attach_per
from .limits import tidy
from .scan import CLASSIFIERS, Hit
from .small_money import digit, pence, small_money
from .units import MAGNITUDE_LETTERS, MAGNITUDE_WORDS, is_currency, match_unit

TYPE_CHECKING = False
if TYPE_CHECKING:  # typing costs ~5 ms to import; annotations are strings here
    from typing import Final

# Currency written before the number: "$", "US$", "c $" (Canadian, news-wire spacing),
# "USD", "Rs.", "人民币".  Anchored at the end of the text before the number.
CURRENCY_BEFORE_RE: Final[LazyRe] = LazyRe(
    r"(?P<cur>U\.S\.\$|US\$|HK\$|NT\$|[cC]\s?\$|A\$|S\$|(?i:mxn|aud|nzd|usd)\$|\$|€|£|¥|₿|₹"
    r"|Rs\.?|(?<![A-Za-z])(?:USD|EUR|GBP|CNY|RMB|rmb|usd|CHF|CAD|AUD|JPY|MYR|UAH|INR|HKD"
    r"|SGD|dollars?)"
    r"|人民币|人民幣|美元)"
    r"\s?$"
)
_PREFIX_CODES: Final[dict[str, str]] = {
    "$": "USD", "US$": "USD", "U.S.$": "USD", "usd$": "USD", "dollar": "USD", "dollars": "USD",
    "HK$": "HKD", "NT$": "TWD", "C$": "CAD", "c$": "CAD", "A$": "AUD", "S$": "SGD",
    "mxn$": "MXN", "aud$": "AUD", "nzd$": "NZD", "€": "EUR", "£": "GBP", "¥": "CNY",
    "₿": "BTC", "₹": "INR", "Rs": "INR", "Rs.": "INR", "RMB": "CNY", "rmb": "CNY",
    "人民币": "CNY", "人民幣": "CNY", "美元": "USD",
}
# model names before a size ("GPT-OSS 120B", "DeepSeek R1 670B", "Kimi K2.5 1T")
MODEL_BEFORE_RE: Final[LazyRe] = LazyRe(
    r"(?:[A-Z][\w.\-]*[A-Z0-9][\w.\-]*|[A-Z][a-z]+[A-Z]\w*|[A-Z][a-z]+)\s$"
)
PARAMS_AFTER_RE: Final[LazyRe] = LazyRe(
    r"\s?(?:parameters?|params?|model|参数|模型)", re.IGNORECASE
)
# A name right before a bare number makes it part of the name: "Orca 9", "Windows 11",
# "iPhone 15", "GB 200", "version 3": a capitalised word, a camel-case word or an
# upper-case code, then one space or hyphen.  Common words are excluded (_NOT_NAMES).
NAME_BEFORE_RE: Final[LazyRe] = LazyRe(
    r"(?<![\w.])(?P<w>[A-Z][A-Za-z]+"          # Orca, Windows, GB, RTX
    r"|[a-z]{1,3}[A-Z][A-Za-z]*"               # iPhone, macOS
    r"|version|v|V|No\.|Fig\.)[ -]$"           # version 3, v 2
)
# Capitalised words that start sentences or headlines before a count ("All 70 of us").
_NOT_NAMES: Final[frozenset[str]] = frozenset("""
the an all only just about around over under nearly almost some another each every last
next first top in on at by for from to of with without and but or nor so yet if when while
since after before until during between among per plus minus than then also both either
neither those these this that its their his her our your my we they he she it you up down
out off many few more most less least roughly approximately exactly total additional extra
still even here there where why how what which who whom whose is are was were be been has
have had will would can could may might must should shall do does did got get within via
against like unlike including except into onto upon across through toward towards beyond
below above once twice other such same new no not now today reach reaches hit hits tops
cut cuts add adds rise rises fall falls buy buys sell sells hire hires ship ships raise
raises see sees expect expects number count page step day week month year years months
days weeks hours minutes seconds times rank ranked
""".split())


def is_name_before(t: str, start: int) -> bool:
    """True when a product or series name is written right before ``t[start]``."""
    m = NAME_BEFORE_RE.search(t, max(0, start - 16), start)
    return m is not None and m.group("w").lower() not in _NOT_NAMES


# comparison words glued by hyphens between two figures: "700W-versus-1400W"
_VERSUS_RE: Final[LazyRe] = LazyRe(
    r"(?<![a-z])(?:versus|vs\.?|against|compared-to|or|and)-$")  # on lower-case text
_RISKY_UNITS: Final[frozenset[str]] = frozenset({"in", "ft", "deg", "t", "day", "year"})
_LENGTH_WORDS_RE: Final[LazyRe] = LazyRe(
    r"\s(?:thick|long|wide|tall|high|deep|gap|away|across|of)\b|[\s]*(?:[^\w\s]|$)"
)


def attach_left(t: str, h: Hit, prev_end: int = -1) -> bool:
    """Currency prefix, sign and approximation word before the number.

    Args:
        t: normalised text.
        h: the hit, widened in place.
        prev_end: end of the previous quantity (-1 if none); the left context never
            reaches into it.

    Returns:
        False when the number is glued to a name on its left ("GB200", "GPT-4o").
    """
    floor = max(prev_end, h.start - 12, 0)
    before = t[floor:h.start]
    if prev_end >= h.start - 1 and before.endswith("-"):
        pass  # "1.6m-3.9m": the letters belong to the previous quantity's unit
    elif before and before[-1].isascii() and before[-1].isalpha():
        run = _CODE_BEFORE_RE.search(before)
        code = run.group() if run else ""
        sym = match_unit(code, 0) if code else None
        if not sym or sym[1] != len(code) or not is_currency(sym[0]):
            return False
        h.unit, h.start, h.kind = sym[0], h.start - len(code), "money"
    elif before.endswith("-") and len(before) > 1 and before[-2].isalpha() and not (
            _VERSUS_RE.search(before.lower())):
        return False  # "GPT-4", but not "700W-versus-1400W"
    elif h.script != "fixed" and (m := CURRENCY_BEFORE_RE.search(before)):
        cur = m.group("cur").replace(" ", "")
        h.unit = _PREFIX_CODES.get(cur) or _PREFIX_CODES.get(cur.lower()) or cur.upper()
        h.start, h.kind = h.start - len(m.group()), "money"
    if P.ORDINAL_BEFORE_RE.search(t, max(0, h.start - 4), h.start):
        return False
    lo = max(prev_end, h.start - 24, 0)
    last = t[lo:h.start].rstrip()[-1:].lower()
    if last in _SIGN_LAST:  # the cheap test of the last character spares most searches
        _attach_sign(t, h, prev_end)
        last = t[lo:h.start].rstrip()[-1:].lower()
    if last in LAST_CHARS:
        _attach_approx(t, h, prev_end)
    return True


def _attach_sign(t: str, h: Hit, prev_end: int) -> None:
    """"-4.5", "负一点五", "minus 3": negate the value (not after a range's first end)."""
    sign = P.SIGN_BEFORE_RE.search(t[max(prev_end, h.start - 10, 0):h.start])
    if (sign and isinstance(h.value, (int, float)) and h.script != "fixed"
            and not (prev_end > 0 and t[prev_end:h.start - len(sign.group())].isspace())
            and h.start - len(sign.group()) != prev_end):
        h.value, h.start = -h.value, h.start - len(sign.group())


def _attach_approx(t: str, h: Hit, prev_end: int) -> None:
    """"约 700W", "more than 20", "约低 1.7 倍": the approximation word before the number."""
    lo = max(prev_end, h.start - 24, 0)
    found = word_before(t, lo, h.start)
    if found is None:
        return
    key, start = found
    if t[start] == "~" and prev_end > 0 and not t[prev_end:start].strip():
        return  # "2~3": a range separator, not "about"
    h.approx, h.start = key, start


# last characters of the sign words ("-", 负, minus, negative)
_SIGN_LAST: Final[frozenset[str]] = frozenset("-负負se")


_CODE_BEFORE_RE: Final[LazyRe] = LazyRe(r"[A-Za-z]+\.?$")


def attach_magnitude(t: str, h: Hit) -> None:
    """Magnitude letters or words after the number: 10k, 1.2M, $2 million, 120B (params)."""
    if h.script == "fixed" or not isinstance(h.value, (int, float)):
        return
    e = h.end
    m = _MAG_LETTER_RE.match(t, e)
    if m and h.script == "arabic":
        letter = m.group(1)
        if letter == "m" and h.kind != "money":
            return
        if letter in "BT" and h.kind != "money" and (
                MODEL_BEFORE_RE.search(t, max(0, h.start - 24), h.start)
                or PARAMS_AFTER_RE.match(t, e + 1)):
            h.unit, h.kind = "params", "model_size"
        _multiply(h, MAGNITUDE_LETTERS[letter], e + len(letter))
        return
    m = _MAG_WORD_RE.match(t, e, e + 16)
    if m and m.group(1).lower() in MAGNITUDE_WORDS:
        _multiply(h, MAGNITUDE_WORDS[m.group(1).lower()], m.end())


_MAG_LETTER_RE: Final[LazyRe] = LazyRe(r"(bn|[kKMBbTm])(?![A-Za-z])")
_MAG_WORD_RE: Final[LazyRe] = LazyRe(r"\s{0,2}([A-Za-z]+)")


def _multiply(h: Hit, factor: float, end: int) -> None:
    """Fold a magnitude into value and resolution and move the end."""
    h.value = tidy(h.value * factor)
    h.mag *= factor
    h.res = tidy(h.res * factor) if h.res is not None else None
    h.end = end


def attach_unit(t: str, h: Hit) -> bool:
    """The unit after the number (and 半, compound "/s", money sub-units).

    Returns:
        False when letters glued to the number are no unit ("4o", "3P": a name).
    """
    if h.script == "fixed" and h.unit:
        return True
    if is_currency(h.unit):  # a prefix ("$10 in 3 years") is the unit; "$15.4/hour"
        _after_unit(t, h)
        return True
    pos, n = h.end, len(t)
    m = _PLUS_MINUS_RE.match(t, pos)
    if m:
        pos = h.end = m.end()  # "9.83e-3 +/- 1e-5 km/s2": skip the error term
    while pos < n and pos - h.end < 2 and t[pos] in " \u2009":
        pos += 1
    pos = _cn_infix(t, h, pos)
    if pos >= n:
        return True
    if t[pos] == "-" and pos + 1 < n and t[pos + 1].isalpha() and not match_unit(t, pos):
        pos += 1  # "3-inch", "30-minutes", "twenty-pound"
    elif h.kind == "fraction" and (m := _OF_RE.match(t, pos)):
        pos = m.end()  # "tenth of a gallon"
    u = match_unit(t, pos) or pence(t, h, pos)
    if u and u[0] in _RISKY_UNITS and not _risky_ok(t, h, pos, u):
        u = None
    if u is None and t.startswith("/", pos):
        u = _per_time(t, pos)
    if u is None and small_money(t, h, pos):
        return True
    if u is None:
        return _no_unit(t, h)
    h.unit, h.end = u[0], u[1]
    if len(h.unit) == 4 and h.unit[0] == "M" and is_currency(h.unit[1:]):
        h.unit = h.unit[1:]
        _multiply(h, 1e6, h.end)
    _after_unit(t, h)
    return True


_PLUS_MINUS_RE: Final[LazyRe] = LazyRe(
    r"\s?(?:\+/-|±)\s?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?")
_OF_RE: Final[LazyRe] = LazyRe(r"of\s(?:an?\s)?")


def _cn_infix(t: str, h: Hit, pos: int) -> int:
    """Read 个/多/半 between a Chinese count and its unit: 两个多月, 一个半月."""
    infix = False
    if t.startswith(("个多", "個多", "多个", "多個"), pos):
        # 两个多月 is "two months and some" (a point, as the issue reads it); 十多个 is
        # "more than ten" (an open range, as the reference cases read 500多亿)
        h.point = t[pos] in "个個"
        h.approx, pos, infix = "over", pos + 2, True
    elif t.startswith(("个半", "個半", "分半"), pos) and isinstance(h.value, (int, float)):
        if t[pos] == "分":
            h.unit, pos = "min", pos + 1
        h.value, pos, infix = h.value + 0.5, pos + 2, True
    elif pos < len(t) and t[pos] in "多余餘" and h.script != "word":
        h.approx, pos = "over", pos + 1
    elif (pos < len(t) and t[pos] in "几幾" and h.script == "cn" and pos == h.end
          and t[pos - 1] in "十拾百佰千仟万萬"):
        h.approx, pos = "over", pos + 1  # 十几个人, 二十几岁: ten-odd, a lower bound
    if h.unit == "min":
        h.end = pos + (1 if t.startswith(("钟", "鐘"), pos) else 0)
        return len(t)
    if infix and pos < len(t) and t[pos] == "月":
        h.unit, h.end = "month", pos + 1
        return len(t)  # unit found; nothing more to match
    if pos < len(t) and t[pos] in ("个", "個") and not match_unit(t, pos) and match_unit(
            t, pos + 1):
        return pos + 1  # 20个比特币
    return pos


def _per_time(t: str, pos: int) -> tuple[str, int] | None:
    """"1459/s", "30/day": a bare count per time unit.

    Returns:
        ("tokens/s", end) when "token" is written within :data:`_TOKEN_WINDOW` characters,
        else ("/s", end) (or "/h", "/day"...); None when no time unit follows the slash.
    """
    v = match_unit(t, pos + 1)
    if v is None or v[0] not in _PER_UNITS:
        return None
    lo, hi = max(0, pos - _TOKEN_WINDOW), v[1] + _TOKEN_WINDOW
    if v[0] == "s" and ("token" in t[lo:hi].lower() or "词元" in t[lo:hi]):
        return "tokens/s", v[1]
    return "/" + v[0], v[1]


# time units that make a rate after a bare count and a slash
_PER_UNITS: Final[frozenset[str]] = frozenset(
    {"ms", "s", "min", "h", "day", "week", "month", "year"})
_TOKEN_WINDOW: Final[int] = 40
"""Characters on each side of "1459/s" searched for "token" (the clause, in press copy)."""


def _risky_ok(t: str, h: Hit, pos: int, u: tuple[str, int]) -> bool:
    """Short unit spellings that are also words need support from the context."""
    sym, end = u
    surface = t[pos:end]
    if sym == "in" and surface.lower() == "in":
        return bool(_LENGTH_WORDS_RE.match(t, end))
    if sym in ("year", "day") and surface in ("年", "日", "天"):
        return not (isinstance(h.value, int) and 1000 <= h.value <= 2999 and surface == "年")
    if sym == "t":
        if surface.lower() != "t":
            return True  # "tonnes", "吨", "tCO2"
        if surface != "t" or h.script != "arabic":
            return False
        # a figure printed with thousands groups ("816 000 t", "12,500 t") is an amount, not a
        # vehicle class or a tesla reading
        return _TONNE_AFTER_RE.match(t, end) is not None or any(c in ", \u2009" for c in t[h.start:h.end])
    return True


# What may follow a lone "t" for it to be tonnes: "5 t of CO2", "5 t CO2", "5 t." ("5 T" may
# be tesla; "a 5 t truck" is left alone).
_TONNE_AFTER_RE: Final[LazyRe] = LazyRe(
    r"\s(?:of\s|CO[2₂])"                     # "5 t of steel", "5 t CO2"
    r"|\s?(?:[,.;:)|]|$)", re.MULTILINE)      # "5 t.", "5 t, ...", a table cell "18.5 t |", a line's end


def _no_unit(t: str, h: Hit) -> bool:
    """No unit after the number: reject names glued on the right ("4o", "3P", "777F")."""
    e = h.end
    if e < len(t) and t[e].isascii() and t[e].isalpha():
        return False  # "4o", "3P", "21st": a name or an ordinal
    if P.TIME_AFTER_RE.match(t, e) and h.script != "fixed":
        return False
    return True


def _after_unit(t: str, h: Hit) -> None:
    """Compound units ("/s", " per kW", 每秒, :mod:`.rates`), 半 after a unit and money
    sub-units."""
    e = h.end
    if h.unit in ("tokens", "tokens/s"):
        m = _PER_SECOND_RE.match(t, e)
        if m and h.unit == "tokens":
            h.unit, e = "tokens/s", m.end()
        m = _PER_KW_RE.match(t, e)
        if m:
            h.unit, e = "tokens/s/kW", m.end()
    else:
        e = attach_per(t, h)  # "kWh/km", "kW per kilogram", "$0.18 per km", "$2 an hour"
    if e < len(t) and t[e] == "半" and isinstance(h.value, (int, float)):
        h.value, e = h.value + 0.5, e + 1
    h.end = e
    attach_subunits(t, h)


_PER_SECOND_RE: Final[LazyRe] = LazyRe(r"\s?(?:/\s?s|per second|每秒)")
_PER_KW_RE: Final[LazyRe] = LazyRe(r"\s?(?:/\s?kW|per kW|每千瓦)")
_CN_SUB_RE: Final[LazyRe] = LazyRe(
    r"(?:(?P<jiao>[零一二三四五六七八九两壹贰貳叁參肆伍陆陸柒捌玖\d])[角毛])?"
    r"(?:(?P<fen>[零一二三四五六七八九两壹贰貳叁參肆伍陆陸柒捌玖\d])分)?"
    r"(?P<bare>(?<=[块塊])[一二三四五六七八九两\d](?![\d一二三四五六七八九十百千万亿]))?"
)
_EN_CENTS_RE: Final[LazyRe] = LazyRe(
    r"\s?(?:[aA][nN][dD]\s)?(?P<c>\d{1,2}|[A-Za-z-]+)\s?(?:[cC](?:[eE][nN][tT][sS]?)?)"
    r"(?![A-Za-z])"
)


def attach_subunits(t: str, h: Hit) -> None:
    """Money sub-units: 五元三毛 -> 5.3, 50元6角三分 -> 50.63, $20 and 43c -> 20.43."""
    if h.unit == "CNY" and isinstance(h.value, (int, float)):
        m = _CN_SUB_RE.match(t, h.end)
        if m and m.end() > h.end:
            add = 0.0
            for g, f in (("jiao", 0.1), ("fen", 0.01), ("bare", 0.1)):
                if m.group(g):
                    add += digit(m.group(g)) * f
            h.value, h.end, h.res = tidy(h.value + add), m.end(), 0.01
    elif h.unit == "USD" and isinstance(h.value, (int, float)):
        m = _EN_CENTS_RE.match(t, h.end)
        if m and m.group("c").isdigit():
            h.value, h.end, h.res = tidy(h.value + int(m.group("c")) / 100), m.end(), 0.01


def attach_right_approx(t: str, h: Hit) -> None:
    """以上 / 左右 / or more after the number or its unit."""
    found = word_after(t, h.end)
    if found and (h.approx is None or h.approx == "about"):
        word, end = found
        if word == "+" and end < len(t) and t[end].isdigit():
            return  # "1+1": an operator
        h.approx, h.end = APPROX_AFTER[word], end
        h.point = h.point or word in POINT_AFTER


def is_classifier(ch: str) -> bool:
    """True for a Chinese classifier or unit character ("个", "台", "年")."""
    return ch in CLASSIFIERS
