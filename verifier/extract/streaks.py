"""Streaks, read from the grammar of both languages (rankings: :mod:`.rankings`).

    streaks(body, figures, sentences) -> [Found(start, end, count, printed, Streak, measured)]
    every_period(body) -> [Persistent(start, end, period, direction)]   # 'It has risen every month'

A **streak** counts periods in each of which one event held: "for the third consecutive year",
"a seventh straight monthly decline", "the fifth month in a row", "rose for six consecutive
quarters", "连续第三年突破500亿元", "连续7个月下降". Its parts:

* the count (an ordinal, 'third', '第三', or a cardinal with a plural period, 'six consecutive
  quarters', '连续7个月'): the claim's figure, anchored at its printed words;
* the period (year, quarter, month, week, day), when printed ('a fifth consecutive increase'
  prints none);
* the event: a direction, from the words of change of ``verifier/data/derivations.yaml`` next to
  the count in its clause ('monthly decline', 'set to decline for', '下降'), or a level beyond a
  threshold, from a bound figure of the clause ('above 400 mm', '突破500亿元': the quantity
  layer reads the bound word). A streak with neither ('won the title for the third straight
  year') counts nothing a figure could check and is not read;
* the measured thing: the noun phrase before the count in its clause ('the jobless rate was set
  to decline ...' -> 'jobless rate'; '出口额连续三年增长' -> '出口额'), or none;
* the end, when the sentence names exactly one year that is no comparison's base ('比2023年'
  and 'from 2021' are bases: :func:`verifier.extract.time_frames.marks`).

The words live in ``verifier/data/series.yaml`` (their one home).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Final, Iterable

from verifier import words
from verifier.extract.segment import clause_end, clause_start
from verifier.extract.time_frames import marks
from verifier.extract.decided import decision
from verifier.models.claim import CONFIDENT, Anchor, Attribution, Claim, Streak, Value
from verifier.quantities.numerals import parse_arabic, parse_chinese
from verifier.quantities.words import ONES, TENS

DATA: Final = Path(__file__).resolve().parents[1] / "data" / "series.yaml"
"""The words of streaks and rankings (their one home)."""

MAX_COUNT: Final = 100
"""Largest count read as a streak's or a place's number: above it the words are no ordinal claim."""

CARDINALS: Final = {w: n for w, n in {**ONES, **TENS}.items() if 2 <= n <= 20}
"""English number words that count the periods of a streak ('for six consecutive quarters'):
the quantity layer's own (:data:`verifier.quantities.words.ONES`, ``TENS``), two to twenty."""

ZH_NUM: Final = r"[0-9]+|[一二两三四五六七八九十百]+"
"""A count written in digits or Chinese numerals ('7', '三', '十二')."""

AUXILIARIES: Final = ("was", "were", "is", "are", "has", "have", "had", "will", "would", "could", "may", "might", "set",
                      "stayed", "remained", "looked", "appeared", "edged", "slipped", "topped", "exceeded", "posted",
                      "recorded", "registered", "logged", "marked", "extended", "saw", "hit", "reached")
"""Verbs, besides those of change (``verifier/data/derivations.yaml``), that end an English
clause's subject ('the jobless rate was set to decline', 'Exports posted a sixth straight rise')."""


@lru_cache(maxsize=1)
def _subject_end() -> re.Pattern:
    """The first verb of an English clause: the subject stands before it."""
    verbs = AUXILIARIES + words.section("up", "en") + words.section("down", "en")
    return re.compile(rf"\s+(?:{longest_first(verbs)})\b", re.IGNORECASE)


LEADING: Final = re.compile(r"^(?:(?:and|but|as|while|which|after|with|since|because|when|so|the|its|their|a|an)\s+"
                            r"|(?:in|by|during|for|since)\s+(?:(?:19|20)\d{2}|this\s+year|last\s+year)\s*,?\s*)", re.IGNORECASE)
"""Words that open a clause or a noun phrase before its subject's nouns ('as the rate was ...',
'In 2024 rainfall stayed ...')."""

PRONOUNS: Final = frozenset({"it", "they", "this", "that", "these", "those", "which", "he", "she", "we"})
"""Subjects that name no measured thing."""

NOT_NUMBER_START: Final = re.compile(r"^[^0-9一二两三四五六七八九十百千万亿零〇]+")
"""The bound words before a threshold's number ('突破', 'more than ')."""

ZH_FILLER: Final = re.compile(r"(?:已经|已|均|都|也|再|仍然|仍|持续|实现|保持|出现|将|或将|有望|第)+$")
"""Adverbs and light verbs between a Chinese subject and 连续 ('出口额已连续三年')."""


@lru_cache(maxsize=1)
def table() -> dict:
    """``verifier/data/series.yaml`` as loaded, once per process.

    Raises:
        OSError, InputError: the file cannot be read or parsed.
    """
    from verifier.ingest.yamlio import load_table

    return load_table(DATA)


@dataclass(frozen=True)
class Found:
    """A streak in an article body: ``start``/``end`` the words that count it (the claim's
    quote: 'sixth consecutive month', '连续第三年'), ``printed`` the count as printed ('sixth', '三'), ``phrase_start``/``phrase_end`` the whole phrase, ``threshold_span`` the bound figure's
    span or None, ``measured`` the measured thing before it or None."""

    start: int
    end: int
    phrase_start: int
    phrase_end: int
    count: int
    printed: str
    streak: Streak
    measured: str | None
    threshold_span: tuple[int, int] | None = None
    sentence_start: int = 0


@dataclass(frozen=True)
class Persistent:
    """A direction stated for every period of a time ('Admissions have risen every week this winter', '逐月上升')."""

    start: int
    end: int
    period: str
    direction: str


def longest_first(ws: Iterable[str]) -> str:
    """A regex alternation of ``ws``, longest first (so 'monthly' is tried before 'month')."""
    return words.alternation(sorted(ws, key=len, reverse=True))


@lru_cache(maxsize=1)
def _en_patterns() -> tuple[re.Pattern, ...]:
    t = table()
    ords = longest_first(t["ordinals"]["en"]) + r"|\d{1,2}(?:st|nd|rd|th)"
    cards = longest_first(CARDINALS) + r"|\d{1,2}"
    mark = longest_first(t["streak_markers"]["en"])
    per = longest_first(t["periods"]["en"])
    after = longest_first(t["streak_markers"]["en_after"])
    return (
        # 'a sixth consecutive month', 'the third straight annual rise', 'a fifth consecutive increase'
        re.compile(rf"\b(?P<n>{ords})\s+(?:{mark})\s+(?:(?P<p>{per})\b)?", re.IGNORECASE),
        # 'the fifth month in a row'
        re.compile(rf"\b(?P<n>{ords})\s+(?P<p>{per})\s+(?:{after})\b", re.IGNORECASE),
        # 'for six consecutive quarters', 'six years in a row'
        re.compile(rf"\b(?P<c>{cards})\s+(?:(?:{mark})\s+(?P<p>{per})\b|(?P<p2>{per})\s+(?:{after})\b)", re.IGNORECASE),
    )


@lru_cache(maxsize=1)
def _zh_pattern() -> re.Pattern:
    t = table()
    mark = longest_first(t["streak_markers"]["zh"])
    per = longest_first(t["periods"]["zh"])
    # '连续第三年', '连续7个月', '连续两个季度'
    return re.compile(rf"(?:{mark})(?P<o>第)?(?P<n>{ZH_NUM})\s*(?:个)?(?P<p>{per})")


@lru_cache(maxsize=1)
def _direction_words() -> tuple[re.Pattern, re.Pattern]:
    up = words.section("up", "en") + words.section("up_nouns", "en") + words.section("up", "zh") + words.section("up_nouns", "zh")
    down = words.section("down", "en") + words.section("down_nouns", "en") + words.section("down", "zh") + words.section("down_nouns", "zh")

    def pat(ws: tuple[str, ...]) -> re.Pattern:
        en = [w for w in ws if w.isascii()]
        zh = [w for w in ws if not w.isascii()]
        return re.compile(rf"\b(?:{longest_first(en)})\b|(?:{longest_first(zh)})", re.IGNORECASE)

    return pat(up), pat(down)


def count_of(text: str) -> int | None:
    """The number an ordinal, a number word or a numeral stands for ('seventh', 'six', '三', '7'),
    or None outside 1..:data:`MAX_COUNT`."""
    t = table()
    low = text.lower()
    n = t["ordinals"]["en"].get(low) or CARDINALS.get(low)
    if n is None:
        digits = re.match(r"\d+", low)
        if digits:
            n = int(digits.group())
        else:
            parsed = parse_chinese(text) or parse_arabic(text)
            n = int(parsed[0]) if parsed and float(parsed[0]).is_integer() else None
    return n if n is not None and 1 <= n <= MAX_COUNT else None


def _direction(text: str, last: bool) -> str | None:
    """'up' or 'down' for the first (or ``last``) word of change in ``text``, or None."""
    hit = _direction_at(text, last)
    return hit[0] if hit else None


def _direction_at(text: str, last: bool) -> tuple[str, int] | None:
    """('up' or 'down', the end offset in ``text``) of the first (or ``last``) word of change in ``text``, or None."""
    up, down = _direction_words()
    hits = [(m.start(), m.end(), "up") for m in up.finditer(text)] + [(m.start(), m.end(), "down") for m in down.finditer(text)]
    if not hits:
        return None
    _, end, way = (max if last else min)(hits)
    return way, end


def _en_subject(clause: str) -> str | None:
    text = clause.strip()
    while (m := LEADING.match(text)):
        text = text[m.end():]
    verb = _subject_end().search(" " + text)
    if not verb:
        return None
    subject = text[:max(0, verb.start() - 1)].strip(" ,")
    if not subject or subject.lower() in PRONOUNS or len(subject.split()) > 6 or not re.search(r"[a-z]", subject, re.IGNORECASE):
        return None
    return subject


def _zh_subject(clause: str) -> str | None:
    text = ZH_FILLER.sub("", clause.strip())
    han = re.findall(r"[\u4e00-\u9fff]", text)
    return text if len(han) >= 2 and not re.search(r"[0-9]", text) else None


def _end_year(body: str, lo: int, hi: int) -> str | None:
    """The one year the sentence ``body[lo:hi]`` prints that is no comparison's base
    (:func:`verifier.extract.time_frames.marks`: '比2023年' and 'from 2021' are bases), or None."""
    years = {k.year for k in marks(body[lo:hi]) if k.year and not k.base}
    return years.pop() if len(years) == 1 else None


def streaks(body: str, figures: list, sentences: list[tuple[int, int]]) -> list[Found]:
    """The streaks of ``body`` (see the module docstring), in offset order.

    Args:
        body: the article text.
        figures: its quantities (:class:`verifier.quantities.Quantity`), in offset order: a
            bound one in the streak's clause is its threshold.
        sentences: (start, end) of each sentence, in order.
    """
    out: list[Found] = []
    if not any(marker.search(body) for marker in _markers()):
        return out  # (every streak holds a marker: :func:`_matches`)
    for lo, hi in sentences:
        seen: list[tuple[int, int]] = []
        for m, zh in _matches(body, lo, hi):
            if any(s < m.end() and m.start() < e for s, e in seen):
                continue
            found = _read(body, lo, hi, m, zh, figures)
            if found is not None:
                seen.append((m.start(), m.end()))
                out.append(found)
    return sorted(out, key=lambda f: f.start)


@lru_cache(maxsize=1)
def _markers() -> tuple[re.Pattern, re.Pattern]:
    """The streak markers of each language ('consecutive', 'in a row'; '连续'), one of which
    every match of :func:`_en_patterns` (resp. :func:`_zh_pattern`) holds, with the same case rule."""
    t = table()["streak_markers"]
    en = t["en"] + t["en_after"]
    # opens with a lookahead on the words' first letters (same case rule): at any other
    # character the search fails fast, where trying each branch costs ~2x more
    lead = "(?=[" + "".join(sorted({re.escape(w[0]) for w in en})) + "])"
    return (re.compile(f"{lead}(?:{longest_first(en)})", re.IGNORECASE), re.compile(longest_first(t["zh"])))


def _matches(body: str, lo: int, hi: int) -> Iterable[tuple[re.Match, bool]]:
    """The streak patterns' matches in the sentence ``body[lo:hi]``, English first, each with
    True when Chinese. A sentence without a marker (:func:`_markers`, a fast literal scan) is not
    read with the patterns, whose alternations of ordinals and periods scan slowly."""
    en, zh = _markers()
    if en.search(body, lo, hi):
        for p in _en_patterns():
            for m in p.finditer(body, lo, hi):
                yield m, False
    if zh.search(body, lo, hi):
        for m in _zh_pattern().finditer(body, lo, hi):
            yield m, True


def _read(body: str, lo: int, hi: int, m: re.Match, zh: bool, figures: list) -> Found | None:
    groups = m.groupdict()
    key = "n" if groups.get("n") else "c"
    count = count_of(m.group(key))
    if count is None:
        return None
    word = groups.get("p") or groups.get("p2")
    periods = table()["periods"]["zh" if zh else "en"]
    period = periods.get(word.lower() if word and not zh else word) if word else None
    c0, c1 = clause_start(body, lo, m.start()), clause_end(body, m.end(), hi)
    before, after = body[c0:m.start()], body[m.end():c1]
    bound = _threshold(figures, c0, c1, m)
    if bound is not None:
        q, above = bound
        event, threshold, span = ("above" if above else "below"), float(q.value[0] if above else q.value[1]), (q.start, q.end)
        printed = NOT_NUMBER_START.sub("", q.surface)  # '突破500亿元' -> '500亿元', 'more than 400 mm' -> '400 mm'
    else:
        # the words after the count first ('monthly decline', '下降'), then the verb before it ('to decline for')
        threshold = printed = span = None
        hit = _direction_at(after[:24], last=False)
        if hit:
            event, span = hit[0], (m.end(), m.end() + hit[1])  # the phrase runs to the event's word
        else:
            event = _direction(before[-24:], last=True)
    if event is None:
        return None
    if not zh and period is None:
        adj = re.match(r"\s*(\w+)", after)  # 'a seventh straight monthly decline'
        period = periods.get(adj.group(1).lower()) if adj else None
    measured = _zh_subject(before) if zh else _en_subject(before)
    end = _end_year(body, lo, hi)
    s, e = m.span(key)
    q1 = m.start() + len(m.group().rstrip())
    phrase_end = max(q1, span[1] if span else q1)
    streak = Streak(phrase=body[m.start():phrase_end], period=period, event=event, threshold=threshold,
                    threshold_printed=printed, end=end)
    return Found(m.start(), q1, m.start(), phrase_end, count, body[s:e], streak, measured,
                 span if threshold is not None else None, lo)


def _threshold(figures: list, c0: int, c1: int, m: re.Match) -> tuple[object, bool] | None:
    """The bound figure of the clause ``c0..c1`` nearest the streak ``m`` (after it first), with
    True for a lower bound ('above 400 mm', '突破500亿元'), False for an upper one."""
    best = None
    for q in figures:
        if q.start < c0 or q.end > c1 or q.approx not in ("over", "at_least", "under", "at_most") or not isinstance(q.value, tuple):
            continue
        if m.start() <= q.start < m.end():
            continue
        above = q.approx in ("over", "at_least")
        if (above and q.value[0] is None) or (not above and q.value[1] is None):
            continue
        gap = q.start - m.end() if q.start >= m.end() else (m.start() - q.end) * 2  # after the streak is the usual place
        if best is None or gap < best[0]:
            best = (gap, q, above)
    return (best[1], best[2]) if best else None


def every_period(body: str) -> list[Persistent]:
    """Directions stated for every period ('Admissions have risen every week this winter', '逐月上升'), in offset order."""
    t = table()["every_period"]
    en = re.compile(rf"\b(?:{longest_first(t['en'])})\b", re.IGNORECASE)
    zh = re.compile(longest_first(t["zh"]))
    out = []
    for pat, table_ in ((en, t["en"]), (zh, t["zh"])):
        for m in pat.finditer(body):
            c0, c1 = clause_start(body, max(0, m.start() - 80), m.start()), clause_end(body, m.end(), min(len(body), m.end() + 40))
            near = body[max(c0, m.start() - 24):m.start()] + " " + body[m.end():min(c1, m.end() + 8)]
            direction = _direction(near, last=True)
            if direction:
                key = m.group().lower() if m.group().isascii() else m.group()
                out.append(Persistent(m.start(), m.end(), table_[key], direction))
    return sorted(out, key=lambda p: p.start)


CONTEXT: Final = 32
"""Characters of context kept on each side of a streak claim's quote (as for every claim)."""


def streak_claim(body: str, f: Found, source: str, tier: str, claims: list[Claim]) -> Claim:
    """The proposed claim of streak ``f`` of article ``source`` (id to be numbered by the caller):
    its count as the figure (no unit: the period is the streak's), no holder, and its measured
    thing: the noun before it in its clause, or else (a Chinese clause with no subject of its
    own, '2024年旅游收入为530亿元，连续第三年突破500亿元') the topic of the clause before, the
    measured thing of the last figure before it in its sentence that was decided with confidence
    and, for a threshold, has the threshold's unit (``claims``: the article's other claims)."""
    measured, by = f.measured, "noun before figure"
    if measured is None:
        measured, by = _topic(f, claims), "clause topic"
    decided = {"measured": decision(by)} if measured else {}
    return Claim(
        id=f"{source}-streak", source=source,
        anchor=Anchor(quote=body[f.start:f.end], start=f.start, end=f.end,
                      prefix=body[max(0, f.start - CONTEXT):f.start], suffix=body[f.end:f.end + CONTEXT]),
        subject=None, metric="streak", measured=measured, kind="count",
        value=Value(printed=f.printed, number=float(f.count), resolution=1.0),
        attribution=Attribution(origin=None, said_by=None, tier=tier), streak=f.streak, decided=decided, status="proposed",
    )


def _topic(f: Found, claims: list[Claim]) -> str | None:
    """The measured thing of the last confidently framed figure before streak ``f`` in its sentence (see :func:`streak_claim`)."""
    unit = next((c.value.unit for c in claims if f.threshold_span and c.anchor.start < f.threshold_span[1]
                 and f.threshold_span[0] < c.anchor.end), None)
    before = [c for c in claims if f.sentence_start <= c.anchor.start and c.anchor.end <= f.start and c.measured
              and c.decided.get("measured") is not None and c.decided["measured"].confidence >= CONFIDENT
              and (f.threshold_span is None or c.value.unit == unit)]
    return before[-1].measured if before else None
