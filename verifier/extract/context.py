"""Figures of an article: the quantity layer's output with the printed number, and fix-ups.

A :class:`Figure` wraps a :class:`verifier.quantities.Quantity` with what a claim needs:
the printed number (the digits of the quote, without unit and approximation words), the
approximation word, an ISO date with the year filled in, and ``skip`` for figures that are
not claims (the size inside a model name such as 'GPT-OSS 120B').

Fix-ups, where the quantity layer reads a span one way and a claim needs another:

* a bare number followed by a spaced scale and currency ('1050 亿美元') becomes money;
* 'fell from $9,000 to $7,500' (one range for the quantity layer) becomes two figures when
  a verb of change governs it: a change over time, not a range (see :data:`CHANGE_BEFORE`);
  so do 'rose 15% to 2.3 million' and 'fell by 300 to 4,100' right after a verb of change: the
  size of a change and the level reached (see :data:`CHANGE_RIGHT_BEFORE`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from typing import Final

from verifier.extract.lexicon import Mention
from verifier.quantities.approx import word_before_comparative
from verifier.quantities.units import CN_MAGNITUDES, CURRENCY_SPELLINGS, MAGNITUDE_LETTERS
from verifier.words import alternation


def _chars(table: dict[str, float], value: float) -> str:
    """The one-character keys of ``table`` worth ``value``, as a regex class body."""
    return "".join(re.escape(k) for k, v in table.items() if v == value and len(k) == 1)


_SCALE: Final = (r"(?:\s*(?:[" + _chars(CN_MAGNITUDES, 1e4) + _chars(CN_MAGNITUDES, 1e8) + "]|["
                 + _chars(CN_MAGNITUDES, 1e3) + r"](?![瓦克米焦卡帕赫兆]))+|[" + _chars(MAGNITUDE_LETTERS, 1e3) + r"](?![a-zA-Z]))?")
"""A scale word after digits ('8.54万', '8k'); 千 that starts a unit ('13.5千瓦时', '135千克') is the unit's."""

_PRINTED: Final = re.compile(
    r"[0-9][0-9,.]*" + _SCALE +                                           # 8.54万, 85,448, 1050, 8k
    r"(?:\s*(?:至|到|-|–|~|to)\s*[0-9][0-9,.]*" + _SCALE + r")?"          # a range's upper end
    r"|[零〇一二两三四五六七八九十百千万亿半]+(?:分之[零一二两三四五六七八九十]+)?"  # Chinese numerals
    r"|(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|half|a third|a quarter)",
    re.IGNORECASE,
)
"""The printed number inside a quantity's surface."""

SCALES: Final = {**{k: v for k, v in CN_MAGNITUDES.items() if v >= 1e3},
                  **{a + b: va * vb for a, va in CN_MAGNITUDES.items() if va == 1e4
                     for b, vb in CN_MAGNITUDES.items() if vb == 1e8}}
"""Chinese scale words after a number, from the quantity layer's one table
(:data:`verifier.quantities.units.CN_MAGNITUDES`): 千 万 亿 and 万亿 ({word: factor})."""

CURRENCY: Final = {name: code for code, names in CURRENCY_SPELLINGS.items() for name in names
                   if all("\u4e00" <= ch <= "\u9fff" for ch in name)}
"""Currencies spelled in Chinese characters, from the quantity layer's one table
(:data:`verifier.quantities.units.CURRENCY_SPELLINGS`): {'美元': 'USD', '元': 'CNY', ...}."""

_SCALED_MONEY: Final = re.compile(r"\s*(" + alternation(sorted(SCALES, key=len, reverse=True)) + r")\s*("
                                  + alternation(sorted(CURRENCY, key=len, reverse=True)) + ")")
"""A scale and currency printed after a bare number: ' 亿美元'."""

_YEAR: Final = re.compile(r"(?<!\d)(20\d\d)\s*年")
"""A year printed in Chinese ('2026 年'), used to date '8月25日' in the same article."""

_SIZE: Final = re.compile(r"\d+(?:\.\d+)?[BTMK]")
"""A parameter size printed after a model name: '120B', '1T'."""



def _change_alternation() -> str:
    from verifier.extract.derivations import change_verbs_en

    words = sorted(change_verbs_en(), key=len, reverse=True)
    return "|".join(re.escape(w).replace(r"\ ", r"\s+") for w in words)


_VERBS: Final = _change_alternation()
"""The English words of change of ``verifier/data/derivations.yaml`` (their one home), as one alternation."""

CHANGE_BEFORE: Final = re.compile(r"(?:\b(?:" + _VERBS + r")\b[^,.;:]{0,40})$", re.IGNORECASE)  # 'cut the launch price '
"""A verb of change in the clause before 'from A to B': the figures are a subject's value before
and after the change ('cut the price from $9,000 to $7,500', 'doubled from 1,500 to 3,000'), not
a range ('ranged from 89% to 92%')."""

CHANGE_RIGHT_BEFORE: Final = re.compile(
    r"\b(?:" + _VERBS + r")(?:\s+by)?(?:\s+(?:about|around|nearly|almost|some|roughly|just|only|another|a\s+further))?\s*$",
    re.IGNORECASE)
"""A verb of change right before 'P% to B' or 'by N to B' ('rose 15% to 2.3 million', 'fell by
300 to 4,100'): the first figure is the size of the change and the second the level reached,
never a range."""

_SIZE_TO: Final = re.compile(r"(\S.*?)\s+to\s+(\S.*)", re.IGNORECASE)
"""The two sides of a span 'A to B' the quantity layer read as one range."""

_FROM_TO: Final = re.compile(r"from\s+(\S.*?)\s+(?:down |up )?to\s+(\S.*)", re.IGNORECASE)
"""The two sides of a range printed 'from A to B'."""


@dataclass(frozen=True, slots=True)
class Figure:
    """A quantity with the fields a claim needs (see the module docstring)."""

    q: object
    printed: str
    approx: str | None
    iso: str | None = None
    skip: bool = False


def _rstrip(body: str, end: int) -> int:
    """``end`` moved left over white space."""
    while end > 0 and body[end - 1].isspace():
        end -= 1
    return end


def printed_of(surface: str) -> str:
    """The number as printed in ``surface``: '约8.54万个token每秒' -> '8.54万'."""
    m = _PRINTED.search(surface)
    return m.group(0).strip() if m else surface


def article_figures(body: str) -> list[Figure]:
    """Quantities of ``body`` as figures, fixed up (see the module docstring)."""
    from verifier.quantities import Quantity, extract
    from verifier.quantities.extract import article_quantities

    out: list[Figure] = []
    year = _YEAR.search(body)
    for q in article_quantities(body):
        if q.value is None and q.kind != "date":
            continue  # a time of day, or a figure out of range (rule V604 reports it): no value for a claim
        if q.unit is None and q.kind == "number":
            m = _SCALED_MONEY.match(body, q.end)
            if m:
                q = _money(q, m, body, Quantity)
        approx = q.approx
        if approx is None and (found := word_before_comparative(body, max(0, q.start - 4), _rstrip(body, q.start))):
            approx = found[0]  # '约低 1.7 倍': an approximation word parted from the figure by a comparative
        if q.kind == "range":
            parts = _change(body, q, extract)
            if parts:
                out.extend(Figure(p, printed_of(p.surface), p.approx) for p in parts)
                continue
        iso = q.iso
        if iso and iso.startswith("--") and year:
            iso = str(int(year.group(1)) + (q.year_offset or 0)) + iso[1:]  # 去年10月: the year before
        out.append(Figure(q, printed_of(q.surface), approx, iso))
    return out


def _change(body: str, q, extract) -> list:
    """The two figures of 'cut the price from $9,000 to $7,500' (see :data:`CHANGE_BEFORE`), or []
    when the range is no change or a side does not read as one quantity."""
    m = _FROM_TO.fullmatch(q.surface)
    line_start = body.rfind("\n", 0, q.start) + 1
    sized = False
    if not m or not CHANGE_BEFORE.search(body, max(line_start, q.start - 60), q.start):
        m = _SIZE_TO.fullmatch(q.surface)
        verb = CHANGE_RIGHT_BEFORE.search(body, max(line_start, q.start - 60), q.start)
        if not m or not verb or q.surface.lower().startswith("from"):
            return []
        sized = True  # 'rose 15% to 2.3 million': a change and the level reached
        by = re.search(r"\bby\b", verb.group(), re.IGNORECASE) is not None
    out = []
    for g in (1, 2):
        got = extract(m.group(g))
        if len(got) != 1 or got[0].kind == "range" or got[0].out_of_range:
            return []
        out.append(got[0]._replace(start=q.start + m.start(g) + got[0].start, end=q.start + m.start(g) + got[0].end))
    if out[0].unit is None and out[1].unit not in ("%", "pp", "‰", "x"):
        out[0] = out[0]._replace(unit=out[1].unit, kind=out[1].kind)  # 'from 700 to 550 W', 'by 300 to 4,100 t'
    if sized:
        # '2% to 3%' after a verb is a forecast's range ('to grow 2% to 3%'), and 'rose 300 to 400'
        # may be one: sides in one unit are a change and a level only after 'by'
        same = out[0].unit == out[1].unit
        return out if out[1].unit not in ("pp", "x") and not (same and (out[0].unit == "%" or not by)) else []
    return out if out[0].unit == out[1].unit else []


def _money(q, m: re.Match, body: str, quantity_cls):
    scale = SCALES[m.group(1)]
    hi = q.value[1] if isinstance(q.value, tuple) else q.value
    value = q.value if not isinstance(q.value, tuple) else tuple(v * scale if v is not None else None for v in q.value)
    value = value * scale if not isinstance(value, tuple) else value
    approx = q.approx if not (isinstance(q.value, tuple) and q.value[0] is None and hi is not None) else q.approx
    return quantity_cls(value=value, unit=CURRENCY[m.group(2)], start=q.start, end=m.end(), surface=body[q.start:m.end()],
                        kind="money", approx=approx, resolution=(q.resolution or 1) * scale)


def model_mentions(body: str, mentions: list[Mention], figures: list[Figure]) -> tuple[list[Mention], list[Mention]]:
    """Split off AI-model mentions, joining a parameter size printed after the name.

    A lexicon model ('GPT-OSS') or a discovered name followed by a parameter count
    ('Nova 70B') is a model; its size figure is marked ``skip`` unless the article restates
    it in parentheses ('120B（1200亿参数）'), where both figures are claims about the model.

    Returns:
        (model mentions with full names, the other mentions).
    """
    by_start = {f.q.start: i for i, f in enumerate(figures)}
    by_end = {f.q.end: i for i, f in enumerate(figures)}
    models: list[Mention] = []
    rest: list[Mention] = []
    for m in mentions:
        gap = 1 if body[m.end:m.end + 1] in (" ", "-") else 0
        i = by_start.get(m.end + gap)
        size = figures[i] if i is not None and figures[i].q.unit == "params" else None
        if m.kind != "model" and size is None:
            rest.append(m)
            continue
        if size is None:
            models.append(m)
            inner = by_end.get(m.end)  # a lexicon name that holds its size ('GPT-OSS 120B')
            if inner is not None and figures[inner].q.unit == "params" and _RESTATED.match(body, m.end, m.end + 16):
                figures[inner] = replace(figures[inner], skip=False)
            continue
        # a lexicon model keeps its canonical name (the size is a description: 'DeepSeek R1 670B'
        # and 'DeepSeek R1' are one model); a discovered one is named with its size ('Nova 70B')
        name = m.name if m.kind == "model" else f"{m.name} {size.q.surface}"
        models.append(Mention(m.start, size.q.end, name, "model", body[m.start:size.q.end]))
        figures[i] = replace(size, skip=not _RESTATED.match(body, size.q.end, size.q.end + 16))
    return _harmonise(models), rest


_RESTATED: Final = re.compile(r"\s*[（(][^）)]{0,12}参数|\s*\(\s*[\d.]+\s*(?:billion|trillion)")
"""A parameter count restated in parentheses after a model's size: '120B（1200亿参数）'."""


def _harmonise(models: list[Mention]) -> list[Mention]:
    """'DeepSeek R1' -> 'DeepSeek R1 670B' when the article gives that one sized name for it."""
    sized: dict[str, set[str]] = {}
    for m in models:
        base, _, size = m.name.rpartition(" ")
        if base and _SIZE.fullmatch(size):
            sized.setdefault(base, set()).add(m.name)
    out = []
    for m in models:
        full = sized.get(m.name)
        out.append(replace(m, name=next(iter(full))) if full and len(full) == 1 else m)
    return out
