"""Money written below its main unit: pence glued to a figure ("50p") and the parts of a yuan
after a digit (五毛钱, 两角五分, 壹分), when no 元 comes before them (:func:`.context.attach_subunits`
reads 五元三毛).  Both are tried by :func:`.context.attach_unit` where the unit table has no match.
"""

from __future__ import annotations

from .numerals import CN_DIGITS
from .patterns import LazyRe
from .limits import tidy
from .scan import Hit

TYPE_CHECKING = False
if TYPE_CHECKING:  # typing costs ~5 ms to import; annotations are strings here
    from typing import Final


def digit(ch: str) -> int:
    """One digit, Arabic or Chinese (0 if neither)."""
    return int(ch) if ch.isdigit() else CN_DIGITS.get(ch, 0)


_PENCE_RE: Final[LazyRe] = LazyRe(r"p(?!\w|\.[mM])")


def pence(t: str, h: Hit, pos: int) -> tuple[str, int] | None:
    """"50p", "1p", "7.5p": pence, the letter glued to a figure under 100 (British usage: 100p
    and more are written in pounds, and "720p", "1080p" are video resolutions)."""
    v = h.value
    if (pos != h.end or h.script != "arabic" or not isinstance(v, (int, float))
            or not 0 < v < 100 or _PENCE_RE.match(t, pos) is None):
        return None
    return "penny", pos + 1


_SMALL_MONEY_RE: Final[LazyRe] = LazyRe(
    r"(?P<u>[角毛分])(?P<qian>钱|錢)?"                         # 五毛钱, 三角, 壹分
    r"(?:(?<=[角毛])(?P<fen>[一二三四五六七八九两壹贰貳叁參肆伍陆陸柒捌玖\d])分(?:钱|錢)?)?")  # 两角五分
_FINANCIAL_DIGITS: Final[str] = "壹贰貳叁參肆伍陆陸柒捌玖"


def small_money(t: str, h: Hit, pos: int) -> bool:
    """"五毛钱", "两角五分", "壹分": the sub-units of the yuan after a digit, with no 元 before
    (a tenth for 角 and 毛, a hundredth for 分).  Read when 钱 follows, when the digit is a
    financial one (壹, 贰...), when 角/毛 is followed by its 分, or when 毛 ends the phrase; a bare
    分 after an everyday digit stays minutes or points, a bare 角 a corner or star anise (八角),
    and 三角形 a triangle."""
    v = h.value
    if pos != h.end or not isinstance(v, int) or not 0 < abs(v) < 10:
        return False
    m = _SMALL_MONEY_RE.match(t, pos)
    if m is None:
        return False
    nxt = t[m.end()] if m.end() < len(t) else ""
    financial = t[h.end - 1] in _FINANCIAL_DIGITS
    ends = not nxt or not ("\u4e00" <= nxt <= "\u9fff")
    if not (m.group("qian") or financial or m.group("fen")
            or (m.group("u") == "毛" and ends)):  # 八角 alone may be star anise, 四角 corners
        return False
    value = v * (0.01 if m.group("u") == "分" else 0.1)
    if m.group("fen"):
        value += (1 if v > 0 else -1) * digit(m.group("fen")) * 0.01
    h.value, h.res, h.unit, h.kind, h.end = tidy(value), 0.01, "CNY", "money", m.end()
    return True
