"""The extractor: text -> list of :class:`Quantity`, in three passes.

1. **scan** (:mod:`.scan`, :mod:`.dates`, :mod:`.clocks`): find dates, clock readings
   (durations or times of day) and bare numbers; block URLs, phone numbers and version
   strings first.
2. **context** (:mod:`.context`): widen each number with currency, sign, approximation
   words, magnitude words, units and money sub-units; drop numbers glued to names; join the
   parts of a compound duration ("2小时6分21秒", :mod:`.durations`); read "2:06.32" as
   h:mm.ss where the text's other times make it plausible (:mod:`.dotted`).
3. **ranges** (here): join "1.5 至 1.9 倍", "between 2 and 3", "大于10小于20" into one
   range, turn over/under words into open ranges, give each quantity its kind.
"""

from __future__ import annotations

from functools import lru_cache

from . import patterns as P
from .patterns import alone
from .context import (CURRENCY_BEFORE_RE, attach_left, attach_magnitude, attach_right_approx,
                      attach_unit, is_classifier, is_name_before)
from .clocks import find_clocks
from .dates import find_dates, year_offset
from .dotted import read_dotted
from .durations import join_compounds
from .limits import representable
from .model import Quantity
from .patterns import LazyRe
from .rates import attach_per_before
from .scan import (Hit, Spans, scan_arabic, scan_chinese, scan_cn_fractions,
                   scan_fractions, scan_halves, scan_sequences, scan_tenths,
                   scan_words)
from .measures import join_measures, join_sides
from .units import is_currency, match_unit

TYPE_CHECKING = False
if TYPE_CHECKING:  # typing costs ~5 ms to import; annotations are strings here
    from typing import Final

_LATIN_RE: Final[LazyRe] = LazyRe(r"[A-Za-z]")
# "a month", "an hour": the article stands for one before a unit word
_ARTICLE_RE: Final[LazyRe] = LazyRe(
    r"(?<![A-Za-z])(?:[aA][nN]?|[oO][nN][eE])\s+(?=[A-Za-z$])")
_NAME_NUMBER_RE: Final[LazyRe] = LazyRe(r"[ -]?\d")
_TEMP_PREFIX_RE: Final[LazyRe] = LazyRe(r"(摄氏|攝氏|华氏|華氏)$")
_PREFIX_WINDOW = 16
"""Characters before a number searched for a currency or temperature prefix: longer than the
longest prefix ('U.S.$ ', 'dollars '), so the search costs the same however long the text."""
_TIME_UNITS: Final[frozenset[str]] = frozenset(
    {"ns", "µs", "ms", "s", "min", "h", "day", "week", "month", "quarter", "year", "decade",
     "Ga"})
_OPEN_LOW: Final[frozenset[str]] = frozenset({"over", "at_least"})
_OPEN_HIGH: Final[frozenset[str]] = frozenset({"under", "at_most"})
_UNRANGED: Final[frozenset[str]] = frozenset({"date", "time", "sequence"})
_HALF_RE: Final[LazyRe] = LazyRe(r"\s(?:and\s)?(?:a\s)?half(?![A-Za-z])")


def _blocked_spans(t: str, has_digit: bool = True) -> Spans:
    """Spans that hold no quantity: URLs, e-mails, phone numbers, versions.

    Each pattern runs only when the text holds the characters it needs.
    """
    spans = Spans(len(t))
    if "//" in t or "www." in t or "@" in t:
        spans.extend(m.span() for m in P.URL_RE.finditer(t))
    if has_digit and ("-" in t or "/" in t or "+" in t):
        spans.extend(m.span() for m in P.PHONE_RE.finditer(t))
    if has_digit and t.count(".") >= 2:
        spans.extend(m.span() for m in P.VERSION_RE.finditer(t))
    return spans


def _scan_clocks(t: str, spans: Spans, hits: list[Hit]) -> None:
    """Clock readings ("finished in 2:06:21" -> 7581 s; "14:30" -> a time of day, see
    :mod:`.clocks`); any other colon-joined digits ("1:2:3:4") are blocked, never read as
    bare numbers."""
    dates = [(h.start, h.end) for h in hits if h.kind == "date"]
    for s, e, seconds, res, iso in find_clocks(t, dates):
        if not spans.free(s, e):
            continue
        if seconds is None:
            hits.append(Hit(s, e, None, None, "time", "fixed", iso=iso))
        else:
            hits.append(Hit(s, e, seconds, res, "duration", "fixed", "s"))
        spans.append((s, e))
    spans.extend(m.span() for m in P.CLOCK_RE.finditer(t))


def _scan(t: str, has_cjk: bool, has_latin: bool) -> list[Hit]:
    """Pass 1: dates and bare numbers, in priority order, sorted by start.

    A finder runs only when the text holds a character every one of its matches needs
    (a digit, a Chinese numeral, a slash...): most texts skip most finders.
    """
    has_digit = P.DIGIT_RE.search(t) is not None
    spans = _blocked_spans(t, has_digit)
    hits: list[Hit] = []
    for s, e, iso in find_dates(t, has_cjk, has_latin, has_digit):
        if spans.free(s, e):
            hits.append(Hit(s, e, None, None, "date", "fixed", iso=iso))
            spans.append((s, e))
    if has_digit and ":" in t:
        _scan_clocks(t, spans, hits)
    if has_digit and "/" in t:
        scan_sequences(t, spans, hits)
    if has_cjk:
        scan_cn_fractions(t, spans, hits)
        scan_tenths(t, spans, hits)
        if "半" in t:
            scan_halves(t, spans, hits)
    scan_fractions(t, spans, hits)
    if has_digit:
        scan_arabic(t, spans, hits)
    if has_cjk and P.CN_CHAR_RE.search(t):  # every Chinese numeral holds one of these
        scan_chinese(t, spans, hits)
    if has_latin:
        scan_words(t, spans, hits)
        _scan_articles(t, spans, hits)
    hits.sort(key=lambda h: h.start)
    return hits


def _scan_articles(t: str, spans: Spans, out: list[Hit]) -> None:
    """"a month", "an hour", "one mile": 1 of a unit spelt as a word of 3+ letters."""
    for m in _ARTICLE_RE.finditer(t):
        u = match_unit(t, m.end())
        word = t[m.end():u[1]] if u else ""
        if u is None or len(word) < 2 or not word.isalpha() or word.lower() in _NOT_AFTER_ARTICLE:
            continue
        if t[m.start()].isupper() and not _sentence_start(t, m.start()):
            continue  # "Candidate A won", "Plan A costs": a letter naming something, no article
        if _NAME_NUMBER_RE.match(t, u[1]):
            continue  # "a GB 200 rack": an article before a name, not one of a unit
        if spans.free(m.start(), m.end()):
            out.append(Hit(m.start(), m.end() - 1, 1, 1, script="word"))
            spans.append((m.start(), u[1]))


_NOT_AFTER_ARTICLE: Final[frozenset[str]] = frozenset({"second", "won"})
"""Unit spellings that are other words after an article: "a second look", "a won" (no one
writes one won so)."""
_SENTENCE_END: Final[str] = ".!?:;\n\"'(“‘"


def _sentence_start(t: str, pos: int) -> bool:
    """True when only white space and a sentence end (or nothing) come before ``t[pos]``."""
    i = pos - 1
    while i >= 0 and t[i] in " \t\u2009":
        i -= 1
    return i < 0 or t[i] in _SENTENCE_END


def _complete(t: str, h: Hit, prev_end: int) -> bool:
    """Pass 2 for one hit; False drops it."""
    if h.kind in ("date", "time"):
        return True
    if not attach_left(t, h, prev_end):
        return False
    attach_magnitude(t, h)
    if not attach_unit(t, h):
        return False
    if is_currency(h.unit):
        attach_magnitude(t, h)  # "75 USD million" ("$20 and 43c": attach_unit joined the subunits)
        if h.kind != "money" and (m := CURRENCY_BEFORE_RE.search(t, max(0, h.start - _PREFIX_WINDOW), h.start)) is None:
            h.kind = "money"
    if h.unit in _TIME_UNITS and isinstance(h.value, (int, float)):
        m = _HALF_RE.match(t, h.end)
        if m:
            h.value, h.end = h.value + 0.5, m.end()
    if h.unit in (None, "deg") and (m := _TEMP_PREFIX_RE.search(t, max(0, h.start - _PREFIX_WINDOW), h.start)):
        h.unit = "°C" if m.group(1) in ("摄氏", "攝氏") else "°F"
        h.start = m.start()
    if h.kind != "sequence":
        attach_right_approx(t, h)
    return True


def _gap_sep(t: str, a: Hit, b: Hit) -> str | None:
    """The range separator between two hits, or None."""
    m = P.RANGE_SEP_RE.fullmatch(t, a.end, b.start)
    return m.group("sep").lower() if m else None


def _can_merge(t: str, a: Hit, b: Hit) -> str | None:
    """How two neighbouring hits form a range: "sep", "pair" or None."""
    if a.kind in _UNRANGED or b.kind in _UNRANGED:
        return None
    if not isinstance(a.value, (int, float)) or not isinstance(b.value, (int, float)):
        return None
    if a.unit and b.unit and a.unit != b.unit and not (
            is_currency(a.unit) and b.unit.startswith(a.unit + "/")):
        return None  # but "$0.18 to $0.20 per km": the price's denominator holds for both
    if ((a.approx in _OPEN_LOW and b.approx in _OPEN_HIGH)
            or (a.approx in _OPEN_HIGH and b.approx in _OPEN_LOW)):
        gap = t[a.end:b.start]
        if _PAIR_WORDS_RE.fullmatch(gap):  # "more than 5 but less than 10 kg"
            return "pair"
        return "pair" if all(c.isspace() or c in ",，、且并" for c in gap) else None
    if (a.approx is None and b.approx == "at_most" and t[a.end:b.start].isspace()
            and P.RANGE_OPEN_RE.search(t, max(0, a.start - 12), a.start)
            and t[b.start:b.start + 2].lower() == "up" and a.value < b.value):
        return "sep"  # "from 10 km up to 20 km": the closing end of a range, not a bound alone
    if a.approx in _OPEN_LOW | _OPEN_HIGH or b.approx in _OPEN_LOW | _OPEN_HIGH:
        return None
    sep = _gap_sep(t, a, b)
    if sep is None:
        if (a.unit is None and b.unit is not None and a.kind == "number"
                and _OR_RE.fullmatch(t, a.end, b.start) and 0 < a.value < b.value <= 10 * a.value):
            return "sep"  # "5 or 6 km", "2 or 3 weeks": an approximate range, the unit after both
        return None
    if sep in ("and", "与", "和"):
        opened = P.RANGE_OPEN_RE.search(t, max(0, a.start - 12), a.start)
        closed = P.RANGE_CLOSE_RE.match(t, b.end)
        if not opened and not closed:
            return None
    if sep in ("-", "–", "—") and a.value > b.value:
        return None
    if b.unit and not a.unit and a.kind == "money":
        return None
    return "sep"


_PAIR_WORDS_RE: Final[LazyRe] = LazyRe(r",?\s+(?:and|but)\s+")
_OR_RE: Final[LazyRe] = LazyRe(r"\s+or\s+")


def _merge(t: str, a: Hit, b: Hit, how: str) -> Hit:
    """Join two hits into one closed range."""
    av, bv = a.value, b.value
    if b.mag > 1 and a.mag == 1 and av * b.mag <= bv:
        av = av * b.mag  # "2-3 million": the magnitude word belongs to both ends
    lo, hi = (av, bv) if av <= bv else (bv, av)
    start, end = a.start, b.end
    if how == "sep":
        opened = P.RANGE_OPEN_RE.search(t, max(0, a.start - 12), a.start)
        if opened:
            start = opened.start()
        closed = P.RANGE_CLOSE_RE.match(t, end)
        if closed:
            end = closed.end()
    res = min((r for r in (a.res, b.res) if r is not None), default=None)
    approx = a.approx if a.approx in ("about", "nearly") else b.approx
    if how == "pair" or approx in _OPEN_LOW | _OPEN_HIGH:
        approx = None  # "from 10 km up to 20 km": both ends given, no bound left open
    return Hit(start, end, (lo, hi), res, "range", a.script, b.unit or a.unit,
               approx if how == "sep" else None)


def _ranges(t: str, hits: list[Hit]) -> list[Hit]:
    """Pass 3a: join neighbouring hits into ranges."""
    out: list[Hit] = []
    for h in hits:
        if out and (how := _can_merge(t, out[-1], h)):
            out[-1] = _merge(t, out[-1], h, how)
        else:
            out.append(h)
    return out


def _kind(h: Hit) -> str:
    """Kind from the unit (money, percent, duration...) unless already specific."""
    if h.kind in ("date", "time", "sequence", "range", "model_size"):
        return h.kind
    u = h.unit
    if u is None:
        return h.kind
    if is_currency(u):
        return "money"
    if u in ("%", "‰", "bp", "pp"):
        return "percent"
    if u == "x":
        return "multiplier"
    if u == "params":
        return "model_size"
    if u in _TIME_UNITS:
        return "duration"
    if "/" in u:
        return "rate"
    return "dimension"


# After N座 these make it a seating layout (五座SUV, 7座车型, 双座版: a five-seat car), not a count
# of buildings or mountains (五座桥, 三座城市 are counts).
_SEATING_AFTER: Final[tuple[str, ...]] = (
    "车", "車", "轿", "轎", "SUV", "MPV", "版", "布局", "客车", "跑车", "跑車", "电动车", "机型", "皮卡")


def _keep(t: str, h: Hit) -> bool:
    """Last filters: product names before a bare number, lone "one", seating layouts."""
    if h.unit is None and t.startswith("座", h.end) and t.startswith(_SEATING_AFTER, h.end + 1):
        return False
    if h.unit is None and h.kind == "number" and h.approx is None:
        if is_name_before(t, h.start) and not _measure_after(t, h.end):
            return False
        if h.script == "arabic" and P.INDEX_BEFORE_RE.search(t, max(0, h.start - 12), h.start):
            return False  # "page 12", "gate 4": a label
        if h.script == "word" and t[h.start:h.end].lower() in ("one", "a", "an"):
            return alone(t, h.start, h.end)
    return True


def _measure_after(t: str, end: int) -> bool:
    """A Chinese measure word after the number ("Orca 9 台") makes it a count again."""
    end += t.startswith(" ", end)
    return end < len(t) and is_classifier(t[end])


def _finish(text: str, h: Hit) -> Quantity:
    """Freeze a hit: open ranges from approximation words, kind, surface."""
    value = h.value
    if h.point or not isinstance(value, (int, float)):
        pass  # "两个多月": a point value with a bound word
    elif h.approx in _OPEN_LOW:
        value = (value, None)
    elif h.approx in _OPEN_HIGH:
        value = (None, value)
    surface = text[h.start:h.end]
    offset = year_offset(surface) if h.kind == "date" else None
    if not representable(value):  # "1e309": the figure is kept, its value is not (see .limits)
        return Quantity(None, h.unit, h.start, h.end, surface, _kind(h), h.approx, None, None,
                        None, True)
    # a step a scale word took beyond the double range ("0e300 trillion": value 0, step 1e312)
    res = h.res if representable(h.res) else None
    return Quantity(value, h.unit, h.start, h.end, surface, _kind(h), h.approx, res, h.iso,
                    offset)


def extract(text: str, lang: str | None = None) -> list[Quantity]:
    """Find the quantities of a text.

    Args:
        text: any text, English, Chinese or mixed; offsets refer to it as given.
        lang: optional hint "en" / "zh" (not needed: both grammars run where the script
            occurs).

    Returns:
        Quantities sorted by start offset, spans not overlapping.
    """
    del lang  # both grammars are chosen by the scripts present
    if not text:
        return []
    t = text if text.isascii() else text.translate(P.FOLD_TABLE)  # the table is non-ASCII
    # Any character from U+3000 up (CJK punctuation, 〇, ideographs, full width) turns the
    # Chinese grammar on; a superset test is enough, the grammar only reads Chinese
    # characters.  (The regex "[\u4e00-\u9fff]" would cost 3 ms to compile: its range is
    # expanded one code point at a time.)
    has_cjk = not t.isascii() and max(t) >= "\u3000"
    has_latin = _LATIN_RE.search(t) is not None
    hits: list[Hit] = []
    last_end = -1
    for h in _scan(t, has_cjk, has_latin):
        if h.start >= last_end and _complete(t, h, last_end):
            if h.start < last_end:
                continue  # its left context belongs to the previous quantity
            hits.append(h)
            last_end = h.end
    hits = join_compounds(t, hits)  # "2小时6分21秒": one duration, before ranges are joined
    if ":" in t:
        read_dotted(t, hits)  # "2:06.32" beside "2hr 6min 21sec": h:mm.ss (see .dotted)
    if has_latin:
        join_sides(t, hits)
        hits = join_measures(t, hits)
    hits = [h for h in _ranges(t, hits) if _keep(t, h)]
    if has_cjk:  # 每公里1.3千瓦时, 每公里1.3至1.5千瓦时: kWh/km (after ranges: one unit for both ends)
        for i, h in enumerate(hits):
            if h.unit is not None:
                attach_per_before(t, h, hits[i - 1].end if i else -1)
    return [_finish(text, h) for h in hits]


@lru_cache(maxsize=128)
def article_quantities(text: str) -> tuple[Quantity, ...]:
    """:func:`extract` of a whole article, remembered: an audit of unrecorded articles reads the
    quantities once for extraction and once for the coverage line, in one process."""
    return tuple(extract(text))
