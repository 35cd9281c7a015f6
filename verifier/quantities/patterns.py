"""Named regular expressions of the scanner, both scripts.  Compiled once at import.

Every pattern runs on the *normalised* text (:data:`FOLD_TABLE`: full-width digits and
signs folded to ASCII one for one, so offsets are unchanged).
"""

from __future__ import annotations

import re

from .numerals import CN_NUMERAL_CHARS

TYPE_CHECKING = False
if TYPE_CHECKING:  # typing costs ~5 ms to import; annotations are strings here
    from typing import Final

# Full-width forms -> ASCII, one code point for one (offsets stay valid).
FOLD_TABLE: Final[dict[int, str]] = {
    **{0xFF10 + i: str(i) for i in range(10)},   # ０-９
    0xFF0E: ".", 0xFF0C: ",", 0xFF05: "%", 0xFF0D: "-", 0xFF5E: "~", 0xFF0B: "+",
    0x2212: "-", 0x3000: " ", 0x00A0: " ", 0x03BC: "µ", 0xFF04: "$", 0xFF1A: ":",
    0xFF0F: "/",
}

_CN = CN_NUMERAL_CHARS + "廿卅"
_CN_PLACE = "十拾百佰千仟万萬亿億"

# Arabic number, optionally continued by Chinese place characters ("8.54万", "2千零30万").
NUMBER_RE: Final[re.Pattern[str]] = re.compile(
    r"(?P<arabic>"
    r"(?<![\d.点點])"                          # not the tail of a longer number
    r"(?:\d{1,3}(?:,\d{3})+(?!\d)|\d+)"       # grouped "1,400" or plain "1400" integer part
    r"(?:\.\d+)?"                             # decimals
    r"|(?<![\d\w])\.\d+"                      # ".77"
    r")"
    r"(?P<exp>[eE][-+]?\d+(?![\w.])"          # scientific "2e5", "-12e-1"
    r"|\s?[x×*]\s?10(?:\^|\*\*)?-?\d+)?"      # "1.3x10^6", "5.5x10-3"
    r"(?P<cnmag>"                             # Chinese place characters after digits
    r"(?:(?:\s(?=[千百]?[万萬亿億]))?"          # "1050 亿": one space before 万/亿
    r"[多余几幾]?[" + _CN_PLACE + r"](?![米克瓦焦卡赫字比兆])"  # 千米 is km, not 1000 m
    r"(?:[零〇" + _CN + r"]|\d+|[多余几幾](?=[" + _CN_PLACE + r"]))*)?"
    r")"
)

# A run of Chinese numeral characters, with sign and decimals ("负一点五", "壹佰万零伍拾肆").
CN_RUN_RE: Final[re.Pattern[str]] = re.compile(
    r"(?P<sign>[负負])?"                      # minus
    r"(?P<cn>"
    r"(?:半(?=[" + _CN_PLACE + r"])|(?=[" + _CN + r"零〇]))"  # 半百
    r"[" + _CN + r"零〇]?"                     # first numeral character
    r"(?:[" + _CN.replace("两", "").replace("兩", "") + r"零〇]"  # more numeral characters
    r"|[两兩](?=[" + _CN_PLACE + r"])"        # 两 inside only before a place: 一千两百
    r"|\d+|[多余几幾](?=[" + _CN_PLACE + r"]))*"  # digits; 十几万
    r"(?:[点點][零〇一二三四五六七八九壹贰貳叁參肆伍陆陸柒捌玖\d]+)?"   # decimals
    r")"
)

# Spoken percent and fractions: 百分之三十, 千分之二, 四分之三, 16分之5.
CN_FRACTION_RE: Final[re.Pattern[str]] = re.compile(
    r"(?P<sign>[负負])?"
    r"(?P<whole>[" + _CN + r"\d]+又)?"        # 一又二分之一
    r"(?P<den>[" + _CN + r"零\d.]*[" + _CN + r"\d])?"  # denominator (absent: 百分之 = %)
    r"(?P<pc>(?<![" + _CN + r"\d])[百千仟万萬]|百万)?"  # bare 百/千/万 => percent forms
    r"分之"
    r"(?P<nsign>[负負])?"
    r"(?P<num>[" + _CN + r"零〇\d.,]+(?:[点點][零〇一二三四五六七八九壹贰貳叁參肆伍陆陸柒捌玖\d]+)?)"
)

# 成 (tenths) and 折 (discount, tenths of the price): 九成 = 90 %, 八点五折 = 85 %.
CN_TENTHS_RE: Final[re.Pattern[str]] = re.compile(
    r"(?P<n>半|[对對]|[\d.]+|[零〇一二三四五六七八九两兩壹贰貳叁參肆伍陆陸柒捌玖]{1,2}"
    r"(?:[点點][一二三四五六七八九\d])?)"
    r"(?P<u>[成折])"
)

# "8k/1k": input/output sequence lengths of a benchmark.
SEQUENCE_RE: Final[re.Pattern[str]] = re.compile(
    r"(?<![\w.])(\d+(?:\.\d+)?)[kK]\s?/\s?(\d+(?:\.\d+)?)[kK](?![\w])"
)

# "1/2", "-4/5", "2 1/2" (mixed), but not dates "8/25/2026" or "GB200/GB300".
FRACTION_RE: Final[re.Pattern[str]] = re.compile(
    r"(?<![\w/.,])"
    r"(?:(?P<whole>\d+)\s)?"                 # mixed number: "2 1/2"
    r"(?P<num>\d+)/(?P<den>\d+)"             # numerator / denominator
    r"(?![\w/]|\.\d)"
)
VULGAR: Final[dict[str, float]] = {"½": 0.5, "¼": 0.25, "¾": 0.75, "⅓": 1 / 3, "⅔": 2 / 3,
                                   "⅕": 0.2, "⅛": 0.125}

# Clock times and URLs are not quantities.
TIME_AFTER_RE: Final[re.Pattern[str]] = re.compile(r"\s?(?:[ap]\.?m\.?)(?![A-Za-z])", re.I)
CLOCK_RE: Final[re.Pattern[str]] = re.compile(r"\d{1,2}:\d{2}(?::\d{2})?")
URL_RE: Final[re.Pattern[str]] = re.compile(
    r"(?:https?://|www\.)\S+"              # web addresses
    r"|[\w.+-]+@[\w-]+(?:\.[\w-]+)+"      # e-mail addresses
)
# "+1-222-2222": phone numbers and other chains of three or more digit groups.
PHONE_RE: Final[re.Pattern[str]] = re.compile(r"\+?\d+(?:[-/]\d+){2,}|\+\d[\d -]{6,}")
# "3.11.2" versions, "v2.1" handled as letter-glued.
VERSION_RE: Final[re.Pattern[str]] = re.compile(r"\d+\.\d+\.\d+")

# Approximation and comparison words *before* a number, longest first; value = approx key.
APPROX_BEFORE: Final[dict[str, str]] = {
    # English
    "approximately": "about", "about": "about", "around": "about", "roughly": "about",
    "some": "about", "~": "about", "circa": "about", "estimated": "about",
    "nearly": "nearly", "almost": "nearly", "close to": "nearly", "near": "nearly",
    "more than": "over", "over": "over", "above": "over", "exceeding": "over",
    "exceeds": "over", "exceed": "over", "surpass": "over", "greater than": "over",
    "higher than": "over", "in excess of": "over", "upwards of": "over", ">": "over",
    "at least": "at_least", "no less than": "at_least", "not less than": "at_least",
    "no fewer than": "at_least", ">=": "at_least", "≥": "at_least", "minimum of": "at_least",
    "less than": "under", "fewer than": "under", "under": "under", "below": "under",
    "lower than": "under", "smaller than": "under", "<": "under",
    "at most": "at_most", "up to": "at_most", "no more than": "at_most",
    "not more than": "at_most", "<=": "at_most", "≤": "at_most", "maximum of": "at_most",
    "smaller or equal than": "at_most", "as many as": "at_most", "as much as": "at_most",
    "exactly": "exactly", "equal to": "exactly", "precisely": "exactly",
    # Chinese
    "约": "about", "大约": "about", "大概": "about", "约为": "about", "大概有": "about",
    "近": "nearly", "接近": "nearly", "将近": "nearly", "几乎": "nearly", "逼近": "nearly",
    "超过": "over", "超过了": "over", "超": "over", "逾": "over", "过": "over",
    "多于": "over", "大于": "over", "高于": "over", "突破": "over",
    "至少": "at_least", "起码": "at_least", "起碼": "at_least", "不低于": "at_least",
    "不少于": "at_least", "不小于": "at_least", "大于等于": "at_least", "不低於": "at_least",
    "不到": "under", "低于": "under", "少于": "under", "小于": "under", "不足": "under",
    "低於": "under", "小於": "under",
    "不超过": "at_most", "不大于": "at_most", "最高": "at_most", "最多": "at_most",
    "小于等于": "at_most", "不高于": "at_most", "高达": "at_most", "最高达": "at_most",
    "等于": "exactly", "整整": "exactly", "正好": "exactly", "恰好": "exactly",
    "刚好": "exactly", "剛好": "exactly",
}
# ... and *after* a number or its unit.
APPROX_AFTER: Final[dict[str, str]] = {
    "左右": "about", "上下": "about", "以上": "at_least", "或以上": "at_least",
    "以下": "at_most", "以内": "at_most", "或以下": "at_most", "之内": "at_most",
    "or more": "at_least", "or greater": "at_least", "or above": "at_least",
    "or higher": "at_least", "or less": "at_most", "or fewer": "at_most",
    "or below": "at_most", "plus": "at_least", "+": "at_least", "还多": "over",
    "還多": "over",
}
# After-words that bound a point value instead of opening a range ("一半还多" -> 50, over).
POINT_AFTER: Final[frozenset[str]] = frozenset({"还多", "還多"})


def _alternation(words: dict[str, str]) -> str:
    """Escaped alternation of ``words``, longest first (so "大于等于" beats "大于")."""
    return "|".join(re.escape(w) for w in sorted(words, key=len, reverse=True))


# Anchored at the end of the text before a number: "(?:about) $" with optional space.
_LATIN_APPROX = {k: v for k, v in APPROX_BEFORE.items() if k[0].isascii() and k[0].isalpha()}
_OTHER_APPROX = {k: v for k, v in APPROX_BEFORE.items() if k not in _LATIN_APPROX}
APPROX_BEFORE_RE: Final[re.Pattern[str]] = re.compile(
    r"(?:(?<![A-Za-z])(?:" + _alternation(_LATIN_APPROX) + r")"  # English words
    r"|(?:" + _alternation(_OTHER_APPROX) + r"))"                 # Chinese words, symbols
    r"\s*(?:了|有|达|到|是)?\s*$",                               # 超过了, 大概有, 正好是
    re.IGNORECASE,
)
# An approximation word parted from its number by a comparative: "约低 1.7 倍", "nearly
# higher by 2x".  Group "w" is the approximation word (a key of APPROX_BEFORE).
APPROX_CMP_RE: Final[re.Pattern[str]] = re.compile(
    r"(?:(?<![A-Za-z])(?P<w>about|around|roughly|approximately|nearly|almost)\s+"
    r"(?:lower|higher|faster|slower|more|less|smaller|larger)(?:\s+by)?"      # English
    r"|(?P<wz>大约|大概|约|接近|将近|近|几乎)\s*"
    r"(?:[高低多少]出|[高低多少快慢]了|提[升高]了?|降低了?|增加了?|减少了?|下降了?"
    r"|增长了?|[高低快慢多少]))"                                               # Chinese
    r"\s*$",
    re.IGNORECASE,
)
# Last characters of the words above (and of the 了/有/达/到/是 tails): a number whose
# left context ends otherwise needs no regex search.
APPROX_LAST_CHARS: Final[frozenset[str]] = frozenset(
    {w[-1].lower() for w in APPROX_BEFORE} | set("了有达到是"))
CMP_LAST_CHARS: Final[frozenset[str]] = frozenset("高低快慢多少出了升长加降rsey")
APPROX_AFTER_RE: Final[re.Pattern[str]] = re.compile(
    r"\s*(?:" + _alternation(APPROX_AFTER) + r")(?![A-Za-z文])", re.IGNORECASE
)
# Separators of a closed range: "1.5 至 1.9", "18–24", "2.1到4.1", "between 2 and 3".
RANGE_SEP_RE: Final[re.Pattern[str]] = re.compile(  # used with fullmatch on the gap
    r"\s*(?P<sep>-|–|—|~|〜|to|至|到|and|与|和|through|\.\.)\s*", re.IGNORECASE
)
RANGE_OPEN_RE: Final[re.Pattern[str]] = re.compile(
    r"(?:between|from|位于|介于|介於|在)\s*$", re.IGNORECASE
)
RANGE_CLOSE_RE: Final[re.Pattern[str]] = re.compile(r"\s*(?:之间|之間|间|間)")
# sign words before a number
SIGN_BEFORE_RE: Final[re.Pattern[str]] = re.compile(
    r"(?:(?<![A-Za-z])(?:minus|negative)\s+|[负負]|(?<![\w.\-)~])(?<![\d%-]\s)-\s?)$",
    re.IGNORECASE
)
# a number written right after these is an ordinal or an index, not a quantity
ORDINAL_BEFORE_RE: Final[re.Pattern[str]] = re.compile(r"(?:第|No\.\s?|#)$")
ORDINAL_AFTER_RE: Final[re.Pattern[str]] = re.compile(r"(?:st|nd|rd|th)(?![A-Za-z])")
