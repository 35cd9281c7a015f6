"""Approximation and bound words next to a number, both scripts: 约, 超过, 以上, about...

Found by dictionary lookups of the text's suffix before the number (:func:`word_before`)
or its prefix after the number (:func:`word_after`), not by regular expressions: the
alternation of these ~130 words cost ~3 ms to compile (with IGNORECASE), more than a
tenth of a whole batch run of the reference cases, while a lookup costs a few µs.
"""

from __future__ import annotations

import re

TYPE_CHECKING = False
if TYPE_CHECKING:  # typing costs ~5 ms to import; annotations are strings here
    from collections.abc import Iterable
    from typing import Final

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

# Tails allowed between a word and the number: 超过了 5, 大概有 5, 高达到 5, 正好是 5.
_TAILS: Final[str] = "了有达到是"
# An approximation word parted from its number by a comparative: "约低 1.7 倍", "nearly
# higher by 2x" (the approximation words here are keys of APPROX_BEFORE).
_CMP_APPROX_ZH: Final[tuple[str, ...]] = ("大约", "大概", "约", "接近", "将近", "近", "几乎")
_CMP_APPROX_EN: Final[tuple[str, ...]] = ("about", "around", "roughly", "approximately",
                                          "nearly", "almost")
_CMP_ZH: Final[tuple[str, ...]] = (
    "高出", "低出", "多出", "高了", "低了", "多了", "少了", "快了", "慢了", "提升了", "提升",
    "提高了", "提高", "降低了", "降低", "增加了", "增加", "减少了", "减少", "下降了", "下降",
    "增长了", "增长", "高", "低", "快", "慢", "多", "少")
_CMP_EN: Final[tuple[str, ...]] = ("lower by", "higher by", "faster by", "slower by",
                                   "more by", "less by", "smaller by", "larger by", "lower",
                                   "higher", "faster", "slower", "more", "less", "smaller",
                                   "larger")


class _Table:
    """Words found by a suffix (or prefix) lookup: per end (or start) character, the word
    lengths to try, longest first, so a lookup costs one probe per plausible length."""

    __slots__ = ("words", "lengths")

    def __init__(self, words: Iterable[str], at_end: bool = True) -> None:
        self.words = frozenset(words)
        by_char: dict[str, set[int]] = {}
        for w in self.words:
            by_char.setdefault(w[-1] if at_end else w[0], set()).add(len(w))
        self.lengths = {c: tuple(sorted(n, reverse=True)) for c, n in by_char.items()}


_BEFORE: Final[_Table] = _Table(APPROX_BEFORE)
_AFTER: Final[_Table] = _Table(APPROX_AFTER, at_end=False)
_CMP_ZH_T: Final[_Table] = _Table(_CMP_ZH)
_CMP_EN_T: Final[_Table] = _Table(_CMP_EN)
_CMP_APPROX_ZH_T: Final[_Table] = _Table(_CMP_APPROX_ZH)
_CMP_APPROX_EN_T: Final[_Table] = _Table(_CMP_APPROX_EN)
LAST_CHARS: Final[frozenset[str]] = frozenset(
    {w[-1].lower() for w in (*APPROX_BEFORE, *_CMP_ZH, *_CMP_EN)} | set(_TAILS))
"""Last characters of every word before a number: any other spares the lookups."""


def _latin_glued(t: str, start: int) -> bool:
    """True when a Latin word starting at ``start`` continues a word on its left."""
    return start > 0 and t[start].isascii() and t[start].isalpha() and (
        t[start - 1].isascii() and t[start - 1].isalpha())


def _rstrip(t: str, lo: int, end: int) -> int:
    """``end`` moved left over white space, not below ``lo``."""
    while end > lo and t[end - 1].isspace():
        end -= 1
    return end


def _ending_at(t: str, lo: int, end: int, table: _Table) -> tuple[str, int] | None:
    """The longest word of ``table`` (lower-case) ending at ``end``: (word, start)."""
    if end <= lo:
        return None
    for n in table.lengths.get(t[end - 1].lower(), ()):
        start = end - n
        if start < lo:
            continue
        word = t[start:end].lower()
        if word in table.words and not _latin_glued(t, start):
            return word, start
    return None


_MULTIPLE_BEFORE = re.compile(r"(?:\d\s*(?:%|x|×)|\b(?:times|percent|fold|per cent)|倍)\s*$", re.IGNORECASE)
"""A multiple or percentage right before 'lower than' / 'more than': the words compare, they bound nothing."""


def word_before(t: str, lo: int, end: int) -> tuple[str, int] | None:
    """The approximation word before a number starting at ``end``, within ``t[lo:end]``.

    Returns:
        (approx key, start of the word) or None.  "约 700" -> ("about", 0); "超过了 5" ->
        ("over", 0); "约低 1.7 倍" -> ("about", 0) (a comparative in between).
    """
    i = _rstrip(t, lo, end)
    found = _ending_at(t, lo, i, _BEFORE)
    if i > lo and t[i - 1] in _TAILS:  # 超过了: the word may end before the tail
        tailed = _ending_at(t, lo, _rstrip(t, lo, i - 1), _BEFORE)
        if tailed and (found is None or tailed[1] < found[1]):
            found = tailed
    if found:
        if found[0].endswith(" than") and _MULTIPLE_BEFORE.search(t, max(0, found[1] - 12), found[1]):
            return None  # '2.5 times lower than $3,350', '30% more than 280 km': a comparison's target, no bound
        return APPROX_BEFORE[found[0]], found[1]
    return word_before_comparative(t, lo, i)


def word_before_comparative(t: str, lo: int, i: int) -> tuple[str, int] | None:
    """"约低 1.7 倍", "nearly higher by 2x": an approximation word, then a comparative, ending
    at ``i`` (white space before ``i`` not skipped) within ``t[lo:i]``.

    Returns:
        (approx key, start of the approximation word) or None.
    """
    cmp_ = _ending_at(t, lo, i, _CMP_ZH_T)
    words = _CMP_APPROX_ZH_T
    if cmp_ is None:
        cmp_ = _ending_at(t, lo, i, _CMP_EN_T)
        words = _CMP_APPROX_EN_T
        if cmp_ is None or cmp_[1] == lo or not t[cmp_[1] - 1].isspace():
            return None  # English needs a space between the two words
    found = _ending_at(t, lo, _rstrip(t, lo, cmp_[1]), words)
    return (APPROX_BEFORE[found[0]], found[1]) if found else None


def word_after(t: str, end: int) -> tuple[str, int] | None:
    """The bound word after a number or its unit: "以上", "左右", "or more".

    Returns:
        (lower-case word, end of the word) or None.
    """
    n = len(t)
    i = end
    while i < n and t[i].isspace():
        i += 1
    if i >= n:
        return None
    for length in _AFTER.lengths.get(t[i].lower(), ()):
        stop = i + length
        if stop > n:
            continue
        word = t[i:stop].lower()
        if word in APPROX_AFTER and not (stop < n and (
                (t[stop].isascii() and t[stop].isalpha()) or t[stop] == "文")):
            return word, stop
    return None
