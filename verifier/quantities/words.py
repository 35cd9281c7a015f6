"""English number words: "one hundred and sixty-one", "two thirds", "three point five".

:func:`parse_words` reads the longest numeral at the start of a list of lower-cased word
tokens and reports how many tokens it used, so the scanner can go on after it ("3 hundred
and 2 hundred" is two numbers, "twenty one" is one).
"""

from __future__ import annotations

import re

from .limits import tidy
from .patterns import LazyRe

TYPE_CHECKING = False
if TYPE_CHECKING:  # typing costs ~5 ms to import; annotations are strings here
    from collections.abc import Iterator
    from typing import Final

ONES: Final[dict[str, int]] = {
    "zero": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
    "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13,
    "fourteen": 14, "fifteen": 15, "sixteen": 16, "seventeen": 17, "eighteen": 18,
    "nineteen": 19,
}
TENS: Final[dict[str, int]] = {
    "twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70,
    "eighty": 80, "ninety": 90,
}
SCALES: Final[dict[str, int]] = {
    "thousand": 10**3, "thousands": 10**3, "million": 10**6, "millions": 10**6,
    "billion": 10**9, "billions": 10**9, "trillion": 10**12, "trillions": 10**12,
}
# denominators of spoken fractions ("two thirds", "a fifth", "three halves")
DENOMINATORS: Final[dict[str, int]] = {
    "half": 2, "halves": 2, "third": 3, "thirds": 3, "quarter": 4, "quarters": 4,
    "fourth": 4, "fourths": 4, "fifth": 5, "fifths": 5, "sixth": 6, "sixths": 6,
    "seventh": 7, "sevenths": 7, "eighth": 8, "eighths": 8, "ninth": 9, "ninths": 9,
    "tenth": 10, "tenths": 10, "hundredth": 100, "hundredths": 100,
}
# A quarter or a half named by an ordinal or a determiner is a period of the year, not a
# fraction: "the second quarter", "the third quarter", "in the quarter to June", "first half".
PERIOD_WORDS: Final[frozenset[str]] = frozenset({"quarter", "quarters", "half"})
PERIOD_ORDINALS: Final[frozenset[str]] = frozenset({
    "first", "second", "third", "fourth", "1st", "2nd", "3rd", "4th", "last", "final", "next",
    "previous", "past", "current", "latest", "opening", "closing", "fiscal", "calendar"})
PERIOD_DETERMINERS: Final[frozenset[str]] = frozenset({
    "the", "this", "that", "each", "every", "per", "same", "whole"})
"""Only before "quarter": "the half" and "each half" are also shares ("each half of the pie")."""
_NUMBER_WORDS: Final[tuple[str, ...]] = (
    *ONES, *TENS, *SCALES, *DENOMINATORS, "hundred", "hundreds", "dozen", "dozens", "point",
)
TOKEN_RE: Final[re.Pattern[str]] = re.compile(r"[A-Za-z]+")
_WORD_SET: Final[frozenset[str]] = frozenset(_NUMBER_WORDS)
_JOINERS: Final[frozenset[str]] = frozenset({"and", "a", "an"})
_GAP_RE: Final[re.Pattern[str]] = re.compile(r"[\s-]+")


def iter_word_runs(t: str) -> Iterator[tuple[int, int]]:
    """Spans of runs of number words joined by spaces, hyphens and "and"/"a"/"an".

    A Python loop over the words of the text: ~10x faster than the alternation regex on
    long English articles, because each word costs one set lookup; the gap before a word is
    read only for a number word or a joiner.
    """
    start = last = num_end = art_start = art_end = -1
    for m in TOKEN_RE.finditer(t):
        w = m.group().lower()
        if w in _WORD_SET:
            s, e = m.span()
            joined = last >= 0 and _GAP_RE.fullmatch(t, last, s) is not None
            if start < 0 or not joined:
                if start >= 0:
                    yield start, num_end
                near_art = art_start >= 0 and _GAP_RE.fullmatch(t, art_end, s) is not None
                start = art_start if near_art else s
            last = num_end = e
            art_start = -1
        elif w in _JOINERS:
            s, e = m.span()
            if start >= 0 and last >= 0 and _GAP_RE.fullmatch(t, last, s) is not None:
                last = e
            if w != "and":
                art_start, art_end = s, e
        else:  # any other word ends a run (most words: no span, no gap read)
            if start >= 0:
                yield start, num_end
            start = last = art_start = -1
    if start >= 0:
        yield start, num_end

WordParse = tuple[float, float | None, int]
"""(value, resolution, tokens used)."""



def _fraction(tokens: list[str], i: int, num: float) -> WordParse | None:
    """``tokens[i]`` is a denominator: "two thirds" -> 2/3 (``num`` already read)."""
    den = DENOMINATORS[tokens[i]]
    if den == 100 or num == 0:
        return None
    nxt = tokens[i + 1] if i + 1 < len(tokens) else ""
    if nxt in SCALES:  # "a quarter million" = 250 000
        return tidy(num / den * SCALES[nxt]), None, i + 2
    return tidy(num / den), None, i + 1


def _decimals(tokens: list[str], i: int) -> tuple[str, int]:
    """Digits spoken after "point": "seventy one" -> ("71", next index)."""
    out = ""
    while i < len(tokens):
        t = tokens[i]
        if t in TENS:
            nxt = tokens[i + 1] if i + 1 < len(tokens) else ""
            if 0 < ONES.get(nxt, 0) < 10:
                out += str(TENS[t] + ONES[nxt])
                i += 2
                continue
            out += str(TENS[t])
        elif t in ONES and ONES[t] < 10:
            out += str(ONES[t])
        else:
            break
        i += 1
    return out, i


def parse_words(tokens: list[str]) -> WordParse | None:  # noqa: C901 - one small grammar
    """Read the longest English numeral at the start of ``tokens``.

    Args:
        tokens: lower-cased words, hyphens split ("sixty-one" -> "sixty", "one").

    Returns:
        (value, resolution, tokens used) or None if the first token starts no numeral.
    """
    if not tokens or tokens[0] in SCALES or tokens[0] in ("hundred", "hundreds", "point"):
        return None
    total, current, res = 0.0, 0.0, 1.0
    last = ""  # kind of the last token: "ones", "tens", "hundred", "scale"
    i, n, seen = 0, len(tokens), False
    while i < n:
        t = tokens[i]
        if t in ("a", "an"):
            nxt = tokens[i + 1] if i + 1 < n else ""
            if seen and last != "and" and not (last == "half" and (
                    nxt in ("dozen", "dozens", "hundred") or nxt in SCALES)):  # "half a million"
                break
            if nxt in DENOMINATORS or nxt in SCALES or nxt in ("dozen", "hundred"):
                if not seen:
                    current, last, seen = 1.0, "ones", True
                i += 1
                continue
            break
        if t == "and":
            if not seen or i + 1 >= n:
                break
            nxt = tokens[i + 1]
            if nxt in ("a", "an") and i + 2 < n and tokens[i + 2] in DENOMINATORS:
                value = total + current + 1 / DENOMINATORS[tokens[i + 2]]
                return tidy(value), None, i + 3
            if nxt == "half":
                return tidy(total + current + 0.5), None, i + 2
            den = DENOMINATORS.get(tokens[i + 2], 0) if i + 2 < n else 0
            if nxt in ONES and 0 < ONES[nxt] < 10 and 1 < den < 100:
                # a mixed number: "one and one-half", "two and three quarters"
                return tidy(total + current + ONES[nxt] / den), None, i + 3
            if not (last in ("hundred", "scale") and (nxt in ONES or nxt in TENS)
                    or last == "tens" and 0 < ONES.get(nxt, 0) < 10):
                # "and" joins after hundred or a scale ("one hundred and five") and a digit
                # after a ten ("twenty and four"); "five and ten" and "twenty and thirty" are two
                break
            last = "and"
            i += 1
            continue
        if t in ONES:
            if last in ("ones",) or (last == "tens" and not 0 < ONES[t] < 10):
                break
            current += ONES[t]
            res = 1.0
            last, seen = "ones", True
        elif t in TENS:
            if last in ("ones", "tens"):
                break
            current += TENS[t]
            res, last, seen = 10.0, "tens", True
        elif t in ("hundred", "hundreds"):
            current = (current or 1) * 100
            res = 100.0 if last in ("", "ones", "tens") and current % 100 == 0 else res
            last, seen = "hundred", True
        elif t in SCALES:
            s = SCALES[t]
            total += (current or (0 if total else 1)) * s
            if total == 0:
                total = s
            res, current, last, seen = (res or 1.0) * s, 0.0, "scale", True
        elif t in ("dozen", "dozens"):
            current = (current or 1) * 12
            last, seen = "scale", True
        elif t == "half" and not seen:
            current, res, last, seen = 0.5, None, "half", True
        elif t in DENOMINATORS and seen and last in ("ones", "tens"):
            return _fraction(tokens, i, total + current)
        elif t in DENOMINATORS and not seen and DENOMINATORS[t] >= 3:
            return tidy(1 / DENOMINATORS[t]), None, i + 1
        elif t == "point" and seen:
            digits, j = _decimals(tokens, i + 1)
            if not digits:
                break
            value = total + current + float("0." + digits)
            return tidy(value), 10.0 ** -len(digits), j
        else:
            break
        i += 1
    if not seen or last == "and":
        return None
    return tidy(total + current), res, i


def is_period(word: str, before: str, after: str = "") -> bool:
    """True when the fraction word ``word`` names a period ("second quarter", "the quarter").

    Args:
        word: lower-cased token read as a denominator ("quarter", "half", "third").
        before: the lower-cased word before it ("" if none).
        after: the lower-cased word after it ("third" is an ordinal in "third quarter").
    """
    if word in ("third", "fourth") and after in PERIOD_WORDS:
        return True
    if word not in PERIOD_WORDS:
        return False
    return before in PERIOD_ORDINALS or (word != "half" and before in PERIOD_DETERMINERS)


def is_ordinal_end(t: str, toks: list[tuple[str, int, int]], j: int) -> bool:
    """True when the numeral ending at token ``j`` is the tens of a compound ordinal:
    "twenty-first" (the ordinal "first" follows a ten by a hyphen) or "thirty-third" (read as
    a fraction, a ten over a singular denominator)."""
    w, _, end = toks[j]
    if w in TENS and t.startswith("-", end):
        nxt = _ORDINAL_WORD_RE.match(t, end + 1)
        return nxt is not None
    return (w in _ORDINAL_ONES and j > 0 and toks[j - 1][0] in TENS
            and t[toks[j - 1][2]:toks[j][1]] == "-")


_ORDINAL_ONES: Final[frozenset[str]] = frozenset(
    {"third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth"})
_ORDINAL_WORD_RE: Final[LazyRe] = LazyRe(
    r"(?i:first|second|third|fourth|fifth|sixth|seventh|eighth|ninth)(?![A-Za-z])")


_WORD_BEFORE_RE: Final[LazyRe] = LazyRe(r"([A-Za-z]+|\d+(?:st|nd|rd|th))[\s-]*$")


def word_before(t: str, start: int) -> str:
    """The lower-cased word (or "3rd") right before ``t[start]``, "" if none."""
    m = _WORD_BEFORE_RE.search(t, max(0, start - 16), start)
    return m.group(1).lower() if m else ""
