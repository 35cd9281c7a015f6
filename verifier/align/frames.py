"""The frame of a claim: everything besides its value that says which quantity it is.

    frame_of(body, claim, primary) -> Frame

A frame holds the normalised measured thing (:mod:`verifier.align.things`), the family of its
unit (a pint dimension, 'count' for a number of things, 'fraction' for percentages, percentage
points and per mille, 'multiple' for 'x'), its role (a level, or the size of a change: '12.6%'
after 同比增长 is a change, '19.8%' of a population a level), its holder, its time (scope keys
``year`` and ``months``) and its other scalar scope keys. Two figures can be the same quantity
only when their families and roles agree; the rest is weighed by :mod:`verifier.align.pairs`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Final

from verifier.align.things import Thing, thing_of
from verifier.align.withdrawn import withdrawn
from verifier.extract.derivations import cues
from verifier.extract.frame_words import words as frame_words
from verifier.extract.scope import ROW_YEAR
from verifier.extract.segment import clause_end, clause_start
from verifier.extract.time_frames import marks
from verifier.models.claim import HOLDER_FLOOR, Claim
from verifier.numeric import Interval
from verifier.units import dimension
from verifier.words import alternation, section, trie_alternation

WINDOW: Final = 40
"""Characters searched before and after a figure for a word of change (the derivation finder's window)."""

TIME_KEYS: Final = ("year", "months")
"""Scope keys that say when a figure holds."""

FRACTIONS: Final = frozenset({"%", "pp", "‰"})
"""Units of a fraction: percent, percentage points, per mille."""

CHANGE_OPS: Final = frozenset({"percent_change", "pp_change", "times_more", "times_less", "multiple", "difference"})
"""Derivation ops (:mod:`verifier.extract.derivations`) whose stated figure is the size of a change."""


@dataclass(frozen=True, slots=True)
class Frame:
    """One claim as alignment reads it.

    Attributes:
        claim: the claim.
        thing: its normalised measured thing, or None when it names none.
        family: unit family ('count', 'fraction', 'multiple', or a pint dimension such as
            'money', 'power', 'time').
        role: 'change' (the size of a change) or 'level'.
        holder: the claim's subject, or None (also for a holder decided under
            :data:`~verifier.models.claim.HOLDER_FLOOR`, such as an article's topic: a
            guess that says neither 'same' nor 'another').
        when: the time keys it gives (``year``, ``months``).
        qualifiers: its other scalar scope keys.
        primary: True when its article is a primary source (tier ``primary``).
        published: the year its article was published, or None: a figure that states no year
            is about the time it was written, so two such figures from articles of different
            years are not taken for one time.
        row: for a table cell, the label of its row ('Division of Police'), or None: cells of
            other rows, and figures outside the table, are other quantities (:func:`row_label`).
        band: for a figure implied rather than printed, the band it is implied in (in the
            claim's unit); None for a printed figure (its printed band).
        implied_by: for an implied figure, the id of the change claim that implies it from
            ``claim`` (:mod:`verifier.align.implied`).
        direction: for a change, 'up' or 'down' as its words say ('fell 4.5%' is down), or None.
        mood: 'forecast' for a figure of plan, expectation or hypothesis ('expected to reach',
            'would have been', '预计'), 'withdrawn' for a figure its source takes back ('Those
            times were wrong': :mod:`verifier.align.withdrawn`), 'reading' otherwise (:func:`mood_of`).
        names: for a frame without a holder, the corpus's holders (casefolded) that its
            article's title or body names: the figure is likely about one of them ('the jobless rate fell to 4%' in an article about Leeds), so it is set only
            against figures of those holders or of no holder
            (:meth:`verifier.align.pairs.Holders.facets`); empty when the article names none.
    """

    claim: Claim
    thing: Thing | None
    family: str
    role: str
    holder: str | None
    when: dict[str, str]
    qualifiers: dict[str, str]
    primary: bool
    published: str | None = None
    row: str | None = None
    band: Interval | None = None
    implied_by: str | None = None
    direction: str | None = None
    mood: str = "reading"
    names: frozenset[str] = frozenset()


ANAPHORS: Final = re.compile(r"(?:这一|这个|该|此)(?:数据|数字|比例|比率|指标|水平)|\b(?:this|that|the)\s+(?:figure|number|rate|share|level)\b",
                             re.IGNORECASE)
"""A noun phrase that points back at the thing named before ('2019年这一数据为77.4岁', 'this figure
was 12%'): the figure measures the previous figure's measured thing."""


def refers_back(body: str, c: Claim) -> bool:
    """True when the clause before claim ``c`` holds an anaphor (:data:`ANAPHORS`) and the claim names no thing."""
    if c.measured:
        return False
    return ANAPHORS.search(_clause_before(body, c.anchor.start, WINDOW)) is not None


_SENTENCE_STOP: Final = re.compile(r"[.!?]\s")
"""An English sentence end (the clause marks of :data:`verifier.extract.segment.CLAUSE` hold the Chinese ones)."""


def _clause_before(body: str, pos: int, reach: int) -> str:
    """The text of the clause that ends at ``pos``, at most ``reach`` characters back
    (:func:`verifier.extract.segment.clause_start`, cut at an English sentence end too); a
    bracket that closes right before the clause's words is theirs ('零售总额(不含汽车)为…')."""
    lo = max(0, pos - reach)
    stops = [m.end() for m in _SENTENCE_STOP.finditer(body, lo, pos)]
    lo = stops[-1] if stops else lo
    start = clause_start(body, lo, pos)
    if start > lo and body[start - 1] in ")）":
        opened = max(body.rfind("(", lo, start), body.rfind("（", lo, start))
        if opened >= lo:
            start = clause_start(body, lo, opened)
    return body[start:pos]


def _clause_after(body: str, pos: int, reach: int) -> str:
    """The text of the clause that starts at ``pos``, at most ``reach`` characters on."""
    hi = min(len(body), pos + reach)
    stop = _SENTENCE_STOP.search(body, pos, hi)
    return body[pos:clause_end(body, pos, stop.start() + 1 if stop else hi)]


MOOD_REACH: Final = 28
"""Characters before a figure searched for a word of plan or expectation that governs it
('expected to reach about', 'would have been about', '预计全年产销量有可能超过')."""

_OBJECT: Final = re.compile(r"(?<![A-Za-z])(?:a|an|the|its|their)\s", re.IGNORECASE)
"""An article between the modal word and the figure: the figure is inside a noun phrase that
another verb takes ('expected to approve a $1.03 billion budget'), not the expected value."""


def mood_of(body: str, c: Claim) -> str:
    """'forecast' when the figure's clause, before it, holds a word of plan, expectation or a
    hypothesis (``modal_words`` of ``verifier/data/frames/<lang>.yaml``: 'expected to reach 5%',
    'would have been 16.3%', '预计全年超过500万辆'); 'reading' otherwise. A forecast and a
    reading of one thing are two quantities: neither contradicts the other."""
    before = _clause_before(body, c.anchor.start, MOOD_REACH)
    m = None
    for m in _modal().finditer(before):
        pass
    if m is None or _OBJECT.search(before, m.end()):
        return "reading"  # 'is expected to approve a $1.03 billion budget': the figure is another verb's object
    return "forecast"


@lru_cache(maxsize=1)
def _modal() -> re.Pattern:
    en, zh = frame_words("en")["modal_words"], frame_words("zh")["modal_words"]
    nouns = "|".join(MODAL_NOUNS)
    return re.compile(r"(?<![A-Za-z])(?:" + alternation(sorted(en, key=len, reverse=True)) + r")(?![A-Za-z])|(?!" + nouns
                      + ")(?:" + alternation(sorted(zh, key=len, reverse=True)) + ")", re.IGNORECASE)


MODAL_NOUNS: Final = ("预期寿命",)
"""Chinese nouns that begin with a word of expectation ('预期寿命', life expectancy): no modal."""


CONDITIONS: Final = re.compile(
    r"(?<![A-Za-z])(?:(?:not\s+|un)?seasonally[\s-]adjusted|unadjusted|adjusted\s+for\s+inflation|in\s+real\s+terms"
    r"|(?:not\s+including|excluding|including|net\s+of|without)\s+(?:the\s+|its\s+|their\s+)?[a-z][a-z-]*(?:\s+[a-z][a-z-]*){0,2}"
    r"(?:\s+(?:on|off|running|included|excluded|adjustments?))?"
    r"|with\s+(?:the\s+|its\s+|their\s+)?[a-z][a-z-]*(?:\s+[a-z][a-z-]*){0,2}?\s+(?:on|off|running|included|excluded)"
    r"|(?:using|running|turning\s+(?:on|off)|switching\s+(?:on|off))\s+(?:the\s+|its\s+|their\s+)?[a-z][a-z-]*(?:\s+[a-z][a-z-]*)?"
    r"(?=\s+(?:at|in|on|cut|cuts|reduced|reduces|raised|raises|lowered|lowers|increased|increases|added|adds)\b|\s*,|\s*$))(?![A-Za-z])"
    r"|(?:未经|经)季节调整|扣除价格因素|按可比价格计算|(?:不含|不包括|含)[\u4e00-\u9fff]{1,6}?(?=[，,。；;、）)]|在内|的|$)"
    r"|未?(?:剔除|扣除)[\u4e00-\u9fff]{1,10}?(?:影响)?(?:后|时)?(?=[，,。；;、）)]|在内|的|$)",
    re.IGNORECASE)
"""A condition a figure is stated under, in its clause: seasonally adjusted or not, in real terms,
with or without a part ('with the cabin heater off', 'excluding fuel', '不含税', '扣除价格因素'; a
bare 'with' only with the part's state after it: 'with growth of 2.9%' is no condition),
a part in use as the subject of the clause ('Using the heater at 20°F cut range by 41 percent':
the gerund's object, ended by a preposition, a verb of change or a comma). Two figures under
different conditions are two quantities (a qualifier of the frame)."""

OPENING_REACH: Final = 60
"""Longest opening phrase of a sentence read as the condition of its main clause ('At 20°F with
the cabin heater off, range fell 12 percent')."""


def condition_of(body: str, c: Claim) -> str | None:
    """The condition of :data:`CONDITIONS` in the figure's clause (before or after it), lower case,
    or None. The nearest one wins when the clause holds several."""
    before, after = _clause_before(body, c.anchor.start, 2 * WINDOW), _clause_after(body, c.anchor.end, WINDOW)
    found = [m.group(0) for m in CONDITIONS.finditer(before)][-1:] or [m.group(0) for m in CONDITIONS.finditer(after)][:1] \
        or [m.group(0) for m in CONDITIONS.finditer(_opening(body, c.anchor.start))][-1:]
    return " ".join(found[0].lower().split()) if found else None


SENTENCE_REACH: Final = 300
"""Characters back from a figure searched for its sentence's start (:func:`_opening`)."""


def _opening(body: str, pos: int) -> str:
    """The opening phrases of the sentence that holds offset ``pos``, before the figure's clause
    ('At 20°F with the cabin heater off, | combined range fell 12 percent'; 'In the cold, with the
    heat on, the study found, | range fell'): the text from the sentence start to the last comma
    before ``pos``, at most :data:`OPENING_REACH` characters a phrase, when no phrase holds a verb
    or noun of change (a clause of its own, with its own figure); '' otherwise. Their condition
    is the main clause's."""
    lo = max(0, pos - SENTENCE_REACH)
    stops = [m.end() for m in _SENTENCE_STOP.finditer(body, lo, pos)]
    start = max(stops[-1] if stops else lo, body.rfind("\n", lo, pos) + 1)
    text = body[start:pos]
    cut = max(text.rfind(","), text.rfind("，"))
    if cut < 0:
        return ""
    phrases = re.split(r"[,，]", text[:cut])
    if any(len(p) > OPENING_REACH or _change_word().search(p) for p in phrases):
        return ""
    return text[:cut]


@lru_cache(maxsize=4096)
def family_of(unit: str | None) -> str:
    """The family of a unit: 'fraction', 'multiple', a pint dimension, or 'count' (no unit, or a
    noun such as 'inhabitants' or 'babies' that counts things)."""
    if unit in FRACTIONS:
        return "fraction"
    if unit == "x":
        return "multiple"
    return dimension(unit) or "count"


def role_of(body: str, c: Claim) -> tuple[str, str | None]:
    """('change', direction) when the figure is the size of a change (a change derivation's
    result, a comparison, or a figure right after a verb or noun of change, or before a noun of
    change: 'rose 12%', '同比增长12.6%', 'a 14.6% reduction'), the direction 'up' or 'down' as
    the words say (None when they say neither); ('level', None) otherwise."""
    if c.derived is not None and c.derived.op in CHANGE_OPS:
        return "change", c.derived.direction
    if c.comparison is not None:
        return "change", {"reduction": "down", "increase": "up"}.get(c.comparison.relation)
    cue = cues()
    before = body[max(0, c.anchor.start - WINDOW):c.anchor.start]
    after = body[c.anchor.end:c.anchor.end + WINDOW]
    if _change_word().search(before):  # the word test first: the cue patterns, anchored at the end, are slow to search
        for p, direction in cue.change_before:
            if p.search(before):
                return "change", direction
    for p, direction in cue.change_after:
        if p.match(after):  # anchored at the start ('^'): match tries there only, where search tries every offset
            return "change", direction
    return "level", None


@lru_cache(maxsize=1)
def _change_word() -> re.Pattern:
    """Any verb or noun of change, in either language (:mod:`verifier.words`): a figure with none
    in its window before it is no change's size by a word before it."""
    words = [w for key in ("up", "down", "up_nouns", "down_nouns") for lang in ("en", "zh") for w in section(key, lang)]
    return re.compile(trie_alternation(words), re.IGNORECASE)  # asked only whether one occurs: a trie is ~4x faster


YEAR_IN_TEXT: Final = re.compile(r"(?<![\d.])((?:19|20)\d{2})(?![\d.%])")
"""A year written in an article (1900-2099, not part of a longer number or a decimal)."""


LEAD: Final = 300
"""Characters of an article's opening that set its frame (the lead of a release or a story)."""


HISTORY: Final = 5
"""Years before its publication from which the one year an article names is a past it recalls
('bettered the record from 1985' in a story of 2018), not the time of its figures: statistics
are released a year or two after the year they describe, a census a few."""


def only_year(body: str, title: str = "", published: str | None = None) -> str | None:
    """The one year an article names, when it names exactly one and names it in its title or
    lead (a statistical release about 2022 that opens '2022年末…' and says '全年' after): its
    figures without a year of their own are for that year. None when it names none or several,
    names its one year only in passing further down (a story of 2023 that recalls 2022), or
    names a year more than :data:`HISTORY` years before ``published`` (its publication year)."""
    years = set(YEAR_IN_TEXT.findall(body))
    if len(years) != 1:
        return None
    year = years.pop()
    if published and published.isdigit() and int(published) - int(year) > HISTORY:
        return None
    return year if year in title or year in body[:LEAD] else None


def this_year(sentence: str, published: str | None) -> str | None:
    """The publication year when ``sentence`` dates its figures by 'this year' (今年, 本年): a time
    counted from the day of writing, which the article's date resolves. None otherwise (no such
    word, a 'this year' that is a comparison's base, or no publication date)."""
    if not published:
        return None
    for k in marks(sentence):
        if k.relative == "this" and not k.base:
            return published
    return None


def row_label(sentence: str, quote: str) -> str | None:
    """The label of the Markdown table row ``sentence`` when it is one ('| Division of Police |
    359.0 | 37.0% |' -> 'Division of Police'): its first cell that does not hold the figure and
    has a letter or a Chinese character; None outside a table or for a row labelled by a year."""
    line = sentence.strip()
    if not (line.startswith("|") and line.endswith("|")):
        return None
    cells = [x.strip() for x in line.strip("|").split("|")]
    for cell in cells:
        if quote in cell:
            continue
        if ROW_YEAR.fullmatch(cell):
            return None  # a row labelled by a year: its time, which the figure's ``year`` holds
        if re.search(r"[A-Za-z]|[\u4e00-\u9fff]", cell):
            return cell
    return None


def holder_of(c: Claim) -> str | None:
    """The holder a frame of ``c`` gives: its subject, or None when the holder was decided under
    :data:`~verifier.models.claim.HOLDER_FLOOR` (read from the claim alone, so that a whole-corpus
    index of holders needs no frames: :class:`verifier.rules.stats.Stats`)."""
    held = c.decided.get("holder")
    return c.subject if held is None or held.confidence >= HOLDER_FLOOR else None


def frame_of(body: str, c: Claim, primary: bool, year: str | None = None, published: str | None = None,
             sentence: str = "", thing: Thing | None = None, role: tuple[str, str | None] | None = None) -> Frame:
    """The :class:`Frame` of claim ``c`` printed in ``body`` (its article's text).

    Args:
        year: the article's :func:`only_year`, taken for a figure that gives none.
        published: the year of the article's publication date; it also dates a figure of a
            sentence that says 'this year' (:func:`this_year`).
        sentence: the sentence that holds the claim.
        thing: the measured thing to take when the claim names none (an anaphor's antecedent,
            see :func:`refers_back`).
        role: the claim's :func:`role_of` when the caller has read it.
    """
    when = {k: str(c.scope[k]) for k in TIME_KEYS if isinstance(c.scope.get(k), str)}
    if "year" not in when:
        now = this_year(sentence, published)
        if now or year:
            when["year"] = now or year
    quals = {k: v for k, v in c.scope.items() if k not in TIME_KEYS and isinstance(v, str)}
    condition = condition_of(body, c)
    if condition and "condition" not in quals:
        quals["condition"] = condition
    family = family_of(c.value.unit)
    thing = thing_of(CONDITIONS.sub("", c.measured).strip() if c.measured else c.measured) or thing  # a condition is no part of the thing
    if thing is None and family == "count" and c.value.unit and c.value.unit in body[c.anchor.end:c.anchor.end + WINDOW]:
        thing = thing_of(c.value.unit)  # '1,250 building permits': the counted noun, as printed, is the thing
    holder = holder_of(c)
    role, direction = role or role_of(body, c)
    return Frame(c, thing, family, role, holder, when, quals, primary, published, row_label(sentence, c.anchor.quote),
                 direction=direction, mood="withdrawn" if withdrawn(body, c) else mood_of(body, c))
