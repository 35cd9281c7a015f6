"""Named regular expressions of the scanner, both scripts, each compiled on first use.

Every pattern runs on the *normalised* text (:data:`FOLD_TABLE`: full-width digits and
signs folded to ASCII one for one, so offsets are unchanged).
"""

from __future__ import annotations

import re

from .numerals import CN_NUMERAL_CHARS

TYPE_CHECKING = False
if TYPE_CHECKING:  # typing costs ~5 ms to import; annotations are strings here
    from typing import Any, Final

class LazyRe:
    """A regular expression compiled on its first use, then as fast as a compiled one.

    Compiling is most of the start-up cost of this package (one Chinese character class
    costs ~0.3 ms in ``re``'s pure-Python compiler), and a run on English text never needs
    the Chinese patterns, nor a run without clock times the clock patterns.  The methods
    live in slots: the first lookup misses, :meth:`__getattr__` compiles the pattern (from
    through ``re``) and fills the slots, and later
    lookups never reach it again.
    """

    __slots__ = ("pattern", "flags", "search", "match", "fullmatch", "finditer", "sub")

    def __init__(self, pattern: str, flags: int = 0) -> None:
        self.pattern, self.flags = pattern, flags

    def __getattr__(self, name: str) -> Any:
        rx = re.compile(self.pattern, self.flags)
        for attr in self.__slots__[2:]:  # the pattern's methods: looked up here once, then plain attributes
            setattr(self, attr, getattr(rx, attr))
        return getattr(rx, name)


def preload() -> None:
    """Compile the patterns nearly every text needs now (before a fork: the child inherits them)."""
    for lazy in (DIGIT_RE, NUMBER_RE):
        lazy.search  # noqa: B018 - the first lookup compiles


# Full-width forms -> ASCII, one code point for one (offsets stay valid).
FOLD_TABLE: Final[dict[int, str]] = {
    **{0xFF10 + i: str(i) for i in range(10)},   # ０-９
    0xFF0E: ".", 0xFF0C: ",", 0xFF05: "%", 0xFF0D: "-", 0xFF5E: "~", 0xFF0B: "+",
    0x2212: "-", 0x3000: " ", 0x00A0: "\u2009", 0x202F: "\u2009", 0x03BC: "µ", 0xFF04: "$", 0xFF1A: ":",
    0xFF0F: "/",
}

_CN = CN_NUMERAL_CHARS + "廿卅"
_CN_PLACE = "十拾百佰千仟万萬亿億"
# Characters that make a place character before them a unit prefix: 千瓦 kW, 千米 km, 千克 kg,
# 千焦 kJ, 千卡 kcal, 千赫 kHz, 千字节 kB, 千比特 kbit, 千兆 giga, 千帕 kPa, 千伏 kV.
_UNIT_AFTER_PLACE = "米克瓦焦卡赫字比兆帕伏"
# After a scale word (万/亿) a 千 that starts a unit is the unit's prefix, not a digit of the
# number: 1850万千瓦 is 1850万 kW, 两千万千瓦 is 2000万 kW (never 1850万 + 1000 W).
_SCALE_THEN_PREFIX = r"(?<=[万萬亿億])[千仟](?=[" + _UNIT_AFTER_PLACE + r"])"

# Arabic number, optionally continued by Chinese place characters ("8.54万", "2千零30万").
NUMBER_RE: Final[LazyRe] = LazyRe(
    r"(?=[\d.])"                              # a digit or a point starts every match: a test that fails fast
                                              # elsewhere, where trying each branch below costs ~5x more
    r"(?P<arabic>"
    r"(?<![\d.点點])"                          # not the tail of a longer number
    r"(?:\d{1,2}(?:,\d\d)+,\d{3}(?!\d|,\d)"  # Indian lakh grouping "7,00,000", "1,25,50,000"
    r"|\d{1,3}(?:,\d{3})+(?!\d)"             # grouped "1,400"
    r"|\d{1,3}(?:\u2009\d{3})+(?![\d,])"      # grouped by a thin or no-break space "1 400" (folded to U+2009)
    r"|\d{1,3}(?: \d{3})*(?: 0\d{2})(?: \d{3})*(?!\d)"  # plain spaces, when a group starts with 0: "48 000" (never "000")
    r"|\d+)"                                  # or plain "1400" integer part
    r"(?:\.\d+)?"                             # decimals
    r"|(?<![\d\w])\.\d+"                      # ".77"
    r")"
    r"(?P<exp>[eE][-+]?\d+(?![\w.])"          # scientific "2e5", "-12e-1"
    r"|\s?[x×*]\s?10(?:\^|\*\*)?-?\d+)?"      # "1.3x10^6", "5.5x10-3"
    r"(?P<cnmag>"                             # Chinese place characters after digits
    r"(?:(?:\s(?=[千百]?[万萬亿億]))?"          # "1050 亿": one space before 万/亿
    r"[多余几幾]?(?:[十拾百佰万萬亿億]|[千仟](?![" + _UNIT_AFTER_PLACE + r"]))"  # 千米 is km, not 1000 m; 1.2万瓦 is 12,000 W
    r"(?:(?!" + _SCALE_THEN_PREFIX + r")[零〇" + _CN + r"]"  # more numerals, not 万千瓦's 千
    r"|\d+|[多余几幾](?=[" + _CN_PLACE + r"]))*)?"
    r")"
)

# Groups of three digits after plain spaces ("1 250", "12 500 000"), tried after a number of
# one to three digits: read as one number only when a unit follows (scan.scan_arabic), since
# plain spaces also part two figures ("in 3 250 people ...").  Thin and no-break spaces and
# groups that start with 0 ("48 000") are read by NUMBER_RE itself.
SPACE_GROUPS_RE: Final[LazyRe] = LazyRe(r"(?: \d{3})+(?:\.\d+)?(?![\d,.]\d|\d)")

# A run of Chinese numeral characters, with sign and decimals ("负一点五", "壹佰万零伍拾肆").
CN_RUN_RE: Final[LazyRe] = LazyRe(
    r"(?P<sign>[负負])?"                      # minus
    r"(?P<cn>"
    r"(?:半(?=[" + _CN_PLACE + r"])|(?=[" + _CN + r"零〇]))"  # 半百
    r"[" + _CN + r"零〇]?"                     # first numeral character
    r"(?:(?!" + _SCALE_THEN_PREFIX + r")"     # 两千万千瓦: the run stops before 千瓦
    r"[" + _CN.replace("两", "").replace("兩", "") + r"零〇]"  # more numeral characters
    r"|[两兩](?=[" + _CN_PLACE + r"])"        # 两 inside only before a place: 一千两百
    r"|\d+|[多余几幾](?=[" + _CN_PLACE + r"]))*"  # digits; 十几万
    r"(?:[点點][零〇一二三四五六七八九壹贰貳叁參肆伍陆陸柒捌玖\d]+)?"   # decimals
    r")"
)

# Pre-checks: a text without a digit (Unicode \d, as the patterns read it) skips every
# Arabic-number finder, a text without a Chinese numeral character (or 半) the Chinese ones.
DIGIT_RE: Final[LazyRe] = LazyRe(r"\d")
CN_CHAR_RE: Final[LazyRe] = LazyRe(r"[" + _CN + r"零〇半]")

# Spoken percent and fractions: 百分之三十, 千分之二, 四分之三, 16分之5.
CN_FRACTION_RE: Final[LazyRe] = LazyRe(
    r"(?P<sign>[负負])?"
    r"(?P<whole>[" + _CN + r"\d]+又)?"        # 一又二分之一
    r"(?P<den>[" + _CN + r"零\d.]*[" + _CN + r"\d])?"  # denominator (absent: 百分之 = %)
    r"(?P<pc>(?<![" + _CN + r"\d])[百千仟万萬]|百万)?"  # bare 百/千/万 => percent forms
    r"分之"
    r"(?P<nsign>[负負])?"
    r"(?P<num>[" + _CN + r"零〇\d.,]+(?:[点點][零〇一二三四五六七八九壹贰貳叁參肆伍陆陸柒捌玖\d]+)?)"
)

# 成 (tenths) and 折 (discount, tenths of the price): 九成 = 90 %, 八点五折 = 85 %.
CN_TENTHS_RE: Final[LazyRe] = LazyRe(
    r"(?P<n>半|[对對]|[\d.]+|[零〇一二三四五六七八九两兩壹贰貳叁參肆伍陆陸柒捌玖]{1,2}"
    r"(?:[点點][一二三四五六七八九\d])?)"
    r"(?P<u>[成折])"
)

# "8k/1k": input/output sequence lengths of a benchmark.
SEQUENCE_RE: Final[LazyRe] = LazyRe(
    r"(?<![\w.])(\d+(?:\.\d+)?)[kK]\s?/\s?(\d+(?:\.\d+)?)[kK](?![\w])"
)

# "1/2", "-4/5", "2 1/2" (mixed), but not dates "8/25/2026" or "GB200/GB300".
FRACTION_RE: Final[LazyRe] = LazyRe(
    r"(?<![\w/.,])"
    r"(?:(?P<whole>\d+)\s)?"                 # mixed number: "2 1/2"
    r"(?P<num>\d+)/(?P<den>\d+)"             # numerator / denominator
    r"(?![\w/]|\.\d)"
)
VULGAR: Final[dict[str, float]] = {"½": 0.5, "¼": 0.25, "¾": 0.75, "⅓": 1 / 3, "⅔": 2 / 3,
                                   "⅕": 0.2, "⅛": 0.125}

# "2 pm" (an hour, not a count); colon-joined digits that are no clock reading
# (:data:`.clocks.CLOCK_RE` reads those); URLs and e-mail addresses.
TIME_AFTER_RE: Final[LazyRe] = LazyRe(r"\s?[aApP]\.?[mM]\.?(?![A-Za-z])")
CLOCK_RE: Final[LazyRe] = LazyRe(r"\d{1,2}:\d{2}(?::\d{2})?")
URL_RE: Final[LazyRe] = LazyRe(
    r"(?:https?://|www\.)\S+"              # web addresses
    r"|[\w.+-]+@[\w-]+(?:\.[\w-]+)+"      # e-mail addresses
)
# "+1-222-2222": phone numbers and other chains of three or more digit groups.
PHONE_RE: Final[LazyRe] = LazyRe(r"\+?\d+(?:[-/]\d+){2,}|\+\d[\d -]{6,}")
# "3.11.2" versions, "v2.1" handled as letter-glued.
VERSION_RE: Final[LazyRe] = LazyRe(r"\d+\.\d+\.\d+")

# Separators of a closed range: "1.5 至 1.9", "18–24", "2.1到4.1", "between 2 and 3".
RANGE_SEP_RE: Final[LazyRe] = LazyRe(  # used with fullmatch on the gap
    r"\s*(?P<sep>-|–|—|~|〜|to|至|到|and|与|和|through|\.\.)\s*", re.IGNORECASE
)
RANGE_OPEN_RE: Final[LazyRe] = LazyRe(
    r"(?:between|from|位于|介于|介於|在)\s*$", re.IGNORECASE
)
RANGE_CLOSE_RE: Final[LazyRe] = LazyRe(r"\s*(?:之间|之間|间|間)")
# sign words before a number
SIGN_BEFORE_RE: Final[LazyRe] = LazyRe(
    r"(?:(?<![A-Za-z])(?:minus|negative)\s+|[负負]|(?<![\w.\-)~])(?<![\d%-]\s)-\s?)$",
    re.IGNORECASE
)
# a number written right after these is an ordinal or an index, not a quantity
ORDINAL_BEFORE_RE: Final[LazyRe] = LazyRe(r"(?:第|No\.\s?|#)$")
ORDINAL_AFTER_RE: Final[LazyRe] = LazyRe(r"(?:st|nd|rd|th)(?![A-Za-z])")
# a bare number after these nouns is a label or an index ("page 12", "gate 4", "route 66"),
# not a count; with a unit it measures again ("a room 5 m wide"), see extract._keep
INDEX_BEFORE_RE: Final[LazyRe] = LazyRe(
    r"(?<![A-Za-z])(?:pages?|pp?\.|chapters?|sections?|articles?|clauses?|paragraphs?|items?"
    r"|figures?|fig\.|tables?|verses?|rooms?|gates?|platforms?|routes?|highways?|exits?"
    r"|episodes?|terminals?|wards?|districts?|precincts?|lanes?|aisles?)\s$", re.IGNORECASE)


_NON_SPACE_RE: Final[LazyRe] = LazyRe(r"\S")


def alone(t: str, start: int, end: int) -> bool:
    """True when ``t[start:end]`` is the whole text but for white space (a bare "one", "壹").

    Looks only as far as the first visible character on each side, so it costs the same
    however long the text is (slicing and stripping the whole text did not).
    """
    return _NON_SPACE_RE.search(t, 0, start) is None and _NON_SPACE_RE.search(t, end) is None
