"""First pass of the extractor: find the bare numbers of a text, before any context.

Each finder appends :class:`Hit` records (span, value, resolution) for one family of forms;
they run in priority order and skip any span already taken, so "8k/1k" is one sequence and
not a fraction, and "百分之三十" is a percent and not the numbers 百 and 三十.
"""

from __future__ import annotations

import re

from . import patterns as P
from .limits import INF, digits_value, exponent, representable, tidy, times_pow10
from .numerals import (CN_DIGITS, CN_PLACES, parse_arabic, parse_chinese,
                       parse_digit_string)
from .patterns import LazyRe, alone
from .units import match_unit
from .words import TOKEN_RE, is_ordinal_end, is_period, iter_word_runs, parse_words, word_before

TYPE_CHECKING = False
if TYPE_CHECKING:  # typing costs ~5 ms to import; annotations are strings here
    from collections.abc import Iterable
    from typing import Any, Final


class Hit:
    """A number being built (mutable; frozen into a Quantity at the end).

    A plain slotted class rather than a dataclass: :mod:`dataclasses` costs ~20 ms to import.

    Attributes:
        start, end: span in code points (end exclusive).
        value: number, (low, high), or None for dates.
        res: resolution of the last printed digit, or None.
        kind: see :class:`~verifier.quantities.model.Quantity`.
        script: "arabic", "cn", "word" or "fixed" (complete forms that take no unit).
        unit, approx, iso: as in :class:`~verifier.quantities.model.Quantity`.
        mag: product of the magnitude words folded into the value ("2-3 million").
        point: an approximation word bounds a point value ("两个多月") instead of opening a
            range.
    """

    __slots__ = ("start", "end", "value", "res", "kind", "script", "unit", "approx", "iso",
                 "mag", "point")

    def __init__(self, start: int, end: int, value: Any, res: Any, kind: str = "number",
                 script: str = "arabic", unit: str | None = None, approx: str | None = None,
                 iso: str | None = None, mag: float = 1.0, point: bool = False) -> None:
        self.start, self.end, self.value, self.res = start, end, value, res
        self.kind, self.script, self.unit, self.approx = kind, script, unit, approx
        self.iso, self.mag, self.point = iso, mag, point

    def __repr__(self) -> str:
        return f"Hit({self.start}, {self.end}, {self.value!r}, {self.kind!r}, {self.unit!r})"


class Spans:
    """Taken character positions of one text, as a byte mask (C-speed overlap checks)."""

    __slots__ = ("mask",)

    def __init__(self, size: int) -> None:
        self.mask = bytearray(size + 1)

    def append(self, span: tuple[int, int]) -> None:
        """Mark [start, end) as taken."""
        start, end = span
        if end > start:
            self.mask[start:end] = b"\x01" * (end - start)

    def extend(self, spans: Iterable[tuple[int, int]]) -> None:
        """Mark several spans."""
        for span in spans:
            self.append(span)

    def free(self, start: int, end: int) -> bool:
        """True when no position of [start, end) is taken."""
        return self.mask.find(1, start, end) < 0

_PERCENT_DEN: Final[dict[str, float]] = {"百": 1.0, "千": 0.1, "仟": 0.1, "万": 0.01,
                                         "萬": 0.01, "百万": 0.0001}
# characters that may follow a lone Chinese digit for it to count (classifiers, units)
CLASSIFIERS: Final[str] = ("个個只台次件条條项項款颗顆枚张張辆輛架座所户戶例份篇部支名人位家双雙"
                           "对對打倍年岁歲天日周週月小时時分秒米克斤两兩吨噸升元块塊圆角毛号號"
                           "層层级級场場轮輪期届屆代种種类類组組批套间間栋棟艘口股本页頁章节節")
# words in which a numeral character is not a number ("统一", "之一" as "one of")
_CN_STOP_BEFORE: Final[str] = "统統唯之万萬同专專如单單逐划劃均第初"


def scan_sequences(t: str, spans: Spans, out: list[Hit]) -> None:
    """"8k/1k" -> two sequence lengths, 8000 and 1000 tokens."""
    for m in P.SEQUENCE_RE.finditer(t):
        for g in (1, 2):
            value, res = parse_arabic(m.group(g)) or (0, 1)
            out.append(Hit(m.start(g), m.end(g) + 1, _scale(value, 1000),
                           res * 1000 if res is not None else None,
                           "sequence", "fixed", "tokens"))
        spans.append(m.span())


def scan_cn_fractions(t: str, spans: Spans, out: list[Hit]) -> None:
    """百分之三十 -> 30 %, 千分之二 -> 0.2 %, 四分之三 -> 0.75, 一又二分之一 -> 1.5."""
    if "分之" not in t:
        return
    for m in P.CN_FRACTION_RE.finditer(t):
        num_s = m.group("num").rstrip(".,")
        num = parse_chinese(num_s)
        while num is None and len(num_s) > 1:  # "百分之七十百分位": stop before 百分位
            num_s = num_s[:-1]
            num = parse_chinese(num_s)
        if num is None or not spans.free(*m.span()):
            continue
        sign = -1 if (m.group("sign") or m.group("nsign")) else 1
        den_s = m.group("den") or ""
        end = m.start("num") + len(num_s)
        if den_s in _PERCENT_DEN:
            value = _scale(num[0], _PERCENT_DEN[den_s] * sign)
            hit = Hit(m.start(), end, value, _scale(num[1], _PERCENT_DEN[den_s]), "percent",
                      "fixed", "%")
        else:
            den = parse_chinese(den_s)
            if den is None or den[0] == 0:
                continue
            whole = parse_chinese(m.group("whole")[:-1]) if m.group("whole") else (0, 1)
            if whole is None:
                continue
            value = sign * (whole[0] + num[0] / den[0])
            hit = Hit(m.start(), end, tidy(value), None, "fraction", "fixed")
        out.append(hit)
        spans.append((hit.start, hit.end))


def scan_tenths(t: str, spans: Spans, out: list[Hit]) -> None:
    """九成 -> 90 %, 八点五折 -> 85 %, 对折 -> 50 % (成 and 折 count tenths)."""
    if "成" not in t and "折" not in t:
        return
    for m in P.CN_TENTHS_RE.finditer(t):
        n, unit = m.group("n"), m.group("u")
        if not spans.free(*m.span()) or t.startswith(("合", "算", "旧", "叠", "扣", "为", "为"),
                                                        m.end()):
            continue
        if n in ("半",):
            tenths: float | None = 0.5 if unit == "成" else 5.0
        elif n in ("对", "對"):
            tenths = 5.0 if unit == "折" else None
        elif "点" in n or "點" in n or not n[0].isdigit() and len(n) == 1:
            parsed = parse_chinese(n)
            tenths = parsed[0] if parsed else None
        elif n[0].isdigit():
            parsed = parse_arabic(n)
            tenths = parsed[0] if parsed else None
        else:
            tenths = parse_digit_string(n)
            if tenths is not None:
                tenths /= 10
        if tenths is None or not 0 < tenths < 10:
            continue
        # the step of the last tenth printed: 三成 is a whole tenth (10 %), 八点五折 a hundredth (1 %)
        step = 10.0 if float(tenths).is_integer() and "点" not in n and "點" not in n and "." not in n else 1.0
        out.append(Hit(m.start(), m.end(), tidy(tenths * 10), step, "percent", "fixed", "%"))
        spans.append(m.span())


def scan_halves(t: str, spans: Spans, out: list[Hit]) -> None:
    """一半 -> 50 % (resolution 50); 大半 ("the greater part") -> 50 %, approx over.

    Skipped before a unit or classifier: 大半年 is most of a year, not a percent.
    """
    i = t.find("半", 1)
    while i > 0:
        start, end, i = i - 1, i + 1, t.find("半", i + 1)
        if t[start] not in "一大" or (start and t[start - 1] in _HALF_NUMERALS):
            continue  # 一半 and 大半, not 十一半 (a misread number)
        if not spans.free(start, end):
            continue
        nxt = t[end] if end < len(t) else ""
        if nxt and (nxt in "个個年天月日" or match_unit(t, end)):
            continue
        big = t[start] == "大"
        out.append(Hit(start, end, 50, 50, "percent", "fixed", "%", "over" if big else None,
                       point=big))
        spans.append((start, end))


_HALF_NUMERALS: Final[str] = "一二三四五六七八九十两兩"


def scan_fractions(t: str, spans: Spans, out: list[Hit]) -> None:
    """"1/2", "2 1/2", "½" -> 0.5, 2.5, 0.5."""
    vulgar = not t.isascii() and any(v in t for v in P.VULGAR)
    if "/" not in t and not vulgar:
        return
    for m in P.FRACTION_RE.finditer(t):
        num, den = digits_value(m.group("num")), digits_value(m.group("den"))
        if den == 0 or not spans.free(*m.span()):
            spans.append(m.span())
            continue
        whole = digits_value(m.group("whole")) if m.group("whole") else 0
        # a side beyond the double range (a 400-digit numerator) makes the value out of range
        value = num / den + whole if representable((num, den, whole)) else INF
        out.append(Hit(m.start(), m.end(), tidy(value), None, "fraction"))
        spans.append(m.span())
    for i, ch in enumerate(t) if vulgar else ():
        if ch in P.VULGAR and spans.free(i, i + 1):
            out.append(Hit(i, i + 1, tidy(P.VULGAR[ch]), None, "fraction"))
            spans.append((i, i + 1))


def scan_arabic(t: str, spans: Spans, out: list[Hit]) -> None:
    """Arabic numerals, with exponent or Chinese magnitude ("8.54万" -> 85400)."""
    for m in P.NUMBER_RE.finditer(t):
        start, end = m.span()
        if not spans.free(start, end):
            continue
        if m.group("cnmag"):
            parsed = parse_chinese(m.group("arabic") + m.group("cnmag").lstrip())
            if parsed is None:
                end = m.end("exp") if m.group("exp") else m.end("arabic")
                parsed = parse_arabic(m.group("arabic"))
        else:
            parsed = parse_arabic(m.group("arabic"))
        if parsed is None:
            continue
        if end < len(t) and t[end] == " " and not m.group("exp") and not m.group("cnmag"):
            end, parsed = _space_groups(t, m.group("arabic"), end, spans) or (end, parsed)
        value, res = parsed
        if value == 10 and m.group("arabic") == "10" and (pw := _POWER_OF_TEN_RE.match(t, end)):
            value, res, end = times_pow10(1, int(pw.group(1))), None, pw.end()  # "10^6", "10**-3"
            out.append(Hit(start, end, tidy(value), res))
            spans.append((start, end))
            continue
        exp = m.group("exp")
        if exp and not exp[0] in "eE":
            power = exponent(re.sub(r"^\s?[x×*]\s?10(?:\^|\*\*)?", "", exp))
            value, res = tidy(times_pow10(value, power)), None
        elif exp:
            parsed = parse_arabic(m.group("arabic") + exp)
            value, res = parsed if parsed else (value, res)
        hit = Hit(start, end, value, res)
        if m.group("cnmag") and _INNER_MORE_RE.search(m.group("cnmag")):
            hit.approx = "over"  # "1000多万元": more than ten million
        out.append(hit)
        spans.append((start, end))


_POWER_OF_TEN_RE: Final[LazyRe] = LazyRe(r"(?:\^|\*\*)(-?\d{1,3})(?![\d.])")


def _space_groups(t: str, head: str, end: int, spans: Spans) -> tuple[int, Any] | None:
    """"1 250 km", "12 500 000 t": groups of three digits after plain spaces, joined to a head of
    one to three digits when a unit follows (the SI and ISO 80000 grouping, and press copy that
    lost its no-break spaces).  Returns (end, parsed value) or None."""
    if not head.isdigit() or len(head) > 3:
        return None
    g = P.SPACE_GROUPS_RE.match(t, end)
    if g is None or not spans.free(end, g.end()):
        return None
    pos = g.end() + (t.startswith(" ", g.end()))
    u = match_unit(t, pos)
    if u is None or t[pos:u[1]] in _WORD_UNITS:
        return None
    nxt = _NEXT_WORD_RE.match(t, u[1])
    if nxt and nxt.group(1).lower() not in _PHRASE_ENDS:
        return None  # "1 400 W charger": the unit may modify a noun, and "1" count it
    parsed = parse_arabic(head + g.group())
    return (g.end(), parsed) if parsed else None


_WORD_UNITS: Final[frozenset[str]] = frozenset({"in", "In", "'", '"', "°", "度", "年", "日", "天"})
"""Unit spellings that are also words or marks ("1 250 in total"): no support for a space-grouped number."""
_NEXT_WORD_RE: Final[LazyRe] = LazyRe(r"[ \u2009]([A-Za-z]+)")
_PHRASE_ENDS: Final[frozenset[str]] = frozenset("""
of in on at to from for and or but per a an the this that these those last next each every
across along long wide high deep tall thick away over under above below by with within into
through between was were is are be been has have had will would could can may might did does
do not more less than ago later so as while when if since until after before during off up
down out last year years month months week weeks day days
""".split())
"""Words after a unit that end its phrase (function words, verbs of being, time): the figure and
unit are an amount ("1 250 km across", "816 000 t last year"), not a measure that modifies a
noun ("1 400 W charger", where "1" may count the chargers)."""


def _lone_digit_ok(t: str, start: int, end: int) -> bool:
    """A one-character Chinese numeral counts only before a classifier or unit, or alone."""
    before = t[start - 1] if start else ""
    after = t[end] if end < len(t) else ""
    if before and before in _CN_STOP_BEFORE:
        return False
    if after and (after in CLASSIFIERS or after in "以左多余打" or match_unit(t, end)):
        return True
    if after in "到至~-—–" and end + 1 < len(t) and t[end + 1] in CN_DIGITS:
        return True  # 三到五倍, 一至二个月: the first end of a range, its classifier after the second
    if t[start] in "壹贰貳叁參肆伍陆陸柒捌玖拾佰仟":
        return alone(t, start, end)
    return not after or not ("\u4e00" <= after <= "\u9fff")


def scan_chinese(t: str, spans: Spans, out: list[Hit]) -> None:
    """Chinese numerals ("一百零十万", "负一点五", "两三个" -> range 2-3)."""
    for m in P.CN_RUN_RE.finditer(t):
        start, end = m.span()
        if not spans.free(start, end):
            continue
        cn = m.group("cn")
        if len(cn) == 1 and cn not in ("十", "廿", "卅") and not _lone_digit_ok(t, start, end):
            continue
        if not any(ch in CN_DIGITS or ch in "十拾廿卅半" or ch.isdigit() for ch in cn):
            continue
        parsed = parse_chinese(cn)
        if parsed is None:
            hit = _digit_pair(t, start, end, cn)
            if hit is None and cn[-1] in CN_PLACES and len(cn) > 1:
                parsed, end = parse_chinese(cn[:-1]), end - 1  # "一百千瓦" = 100 kW
            if hit is not None:
                out.append(hit)
                spans.append((start, end))
                continue
            if parsed is None:
                continue
        value, res = parsed
        if m.group("sign"):
            value = -value
        if end < len(t) and t[end] == "打":  # 打 = a dozen
            value, res, end = value * 12, res * 12, end + 1
        out.append(Hit(start, end, value, res, script="cn",
                       approx="over" if _INNER_MORE_RE.search(cn, 1) else None))
        spans.append((start, end))
    for m in _HALF_RE.finditer(t):  # 半年, 半小时, 半公升: one half of a unit
        if spans.free(m.start(), m.end()) and match_unit(t, m.end()):
            out.append(Hit(m.start(), m.end(), 0.5, None, script="cn"))
            spans.append(m.span())


_HALF_RE: Final[LazyRe] = LazyRe(r"(?<![一二三四五六七八九十两个個])半")
# 多 / 余 / 几 inside a numeral, after a figure and before a place: 一千多万 is "ten million and
# more", 二十几万 "twenty-some ten-thousands", 500余亿: the written figure is a lower bound.
# (At the start, 几十万 "several hundred thousand" has no figure to bound.)
_INNER_MORE_RE: Final[LazyRe] = LazyRe(
    r"(?:^|(?<=[\d" + P._CN + r"零〇]))[多余餘几幾](?=[" + P._CN_PLACE + r"])")


def _digit_pair(t: str, start: int, end: int, cn: str) -> Hit | None:
    """"两三个" / "五六年": two neighbouring digits before a classifier mean a range; before a
    place ("七八十人", "三四百元", "五六万") the range is of that place: 70-80, 300-400, 5-6万."""
    if len(cn) < 2:
        return None
    a, b = CN_DIGITS.get(cn[0]), CN_DIGITS.get(cn[1])
    if a is None or b is None or b != a + 1:
        return None
    if len(cn) == 2:
        if end >= len(t) or t[end] not in CLASSIFIERS:
            return None
        return Hit(start, end, (a, b), 1, "range", "cn")
    if any(ch not in CN_PLACES and ch not in "万萬亿億" for ch in cn[2:]):
        return None
    place = parse_chinese("一" + cn[2:])
    if place is None:
        return None
    step = place[0]
    return Hit(start, end, (tidy(a * step), tidy(b * step)), step, "range", "cn")


def scan_words(t: str, spans: Spans, out: list[Hit]) -> None:
    """English number words; one run may hold several numbers ("3 hundred and 2 hundred")."""
    for run_start, run_end in iter_word_runs(t):
        if not spans.free(run_start, run_end):
            continue
        toks = [(w.group().lower(), w.start(), w.end())
                for w in TOKEN_RE.finditer(t, run_start, run_end)]
        i = 0
        while i < len(toks):
            before = toks[i - 1][0] if i else word_before(t, run_start)
            after = toks[i + 1][0] if i + 1 < len(toks) else ""
            if is_period(toks[i][0], before, after):
                i += 1 + (toks[i][0] in ("third", "fourth"))  # "third quarter": both words
                continue
            parsed = parse_words([w for w, _, _ in toks[i:]])
            if parsed is None:
                i += 1
                continue
            value, res, used = parsed
            last = toks[i + used - 1]
            if is_ordinal_end(t, toks, i + used - 1):
                spans.append((toks[i][1], last[2]))  # "twenty-first", "thirty-third": an ordinal
                i += used
                continue
            approx = None
            if toks[i][0] == "dozens" and used == 1:
                value, approx = 24, "over"  # "dozens of": two dozen or more, never one dozen
            j = i + used - 1
            start, end = toks[i][1], toks[j][2]
            while toks[j][0] == "and" and j > i:
                j -= 1
            out.append(Hit(start, toks[j][2] if j < i + used else end, value, res,
                           "fraction" if res is None else "number", "word", approx=approx))
            spans.append((start, end))
            i += used


def _scale(value: Any, factor: float) -> Any:
    """Multiply a number by ``factor`` keeping ints exact where possible."""
    return tidy(value * factor)

