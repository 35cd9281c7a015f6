"""Figure first: the claim of a figure the subject path did not claim.

    open_claim(run, body, sent, f, reading, near, wide, after) -> Claim(subject=None, metric='count', kind='count', ...)

Every quantity that measures or counts something becomes a claim, whether or not a holder is
named: 'Turnout was 62%' is a claim with no holder. What such a claim is about is its
*measured thing* (the noun phrase it counts or measures, :attr:`Claim.measured`) and, when the
text names one, its holder; both are recorded with how they were decided. Its metric is the
measured thing as printed when there is one (so that two figures meet as one fact only when
they measure the same thing for the same holder), else the coarse class of its unit (money,
count, percent, ratio, duration, or the unit's physical dimension), and such a claim takes part
only in the checks among the figures of its own sentence (:mod:`verifier.rules.derived`).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Final

from verifier.extract import metrics as M
from verifier.extract.build import build_claim
from verifier.extract.context import Figure
from verifier.extract.columns import HEADER_UNIT
from verifier.extract.decided import CONFIDENCE, Decided, decision
from verifier.extract.elapsed import FINISH_TIME, finish_time, finisher
from verifier.extract.holders import holder_candidates, unheld
from verifier.extract.holders_zh import place_institution
from verifier.extract.measured import measured_thing
from verifier.extract.spans import SpanIndex
from verifier.extract.result_lists import Item, list_item
from verifier.extract.segment import Sentence, clause_end, clause_start
from verifier.models.claim import HOLDER_FLOOR, Claim, Decision
from verifier.quantities.not_claims import NOT_CLAIM_KINDS, why_not_a_claim
from verifier.quantities.units import is_currency
from verifier.vocabulary import unit_dimension

if TYPE_CHECKING:
    from verifier.extract.run import Run


RATIO_UNITS: Final = frozenset({"x"})
PERCENT_UNITS: Final = frozenset({"%", "pp", "‰"})


def measures_nothing(q, after: str, before: str = "") -> bool:
    """True for a quantity that counts or measures nothing a claim could state (a year, a date,
    the word 'one', an ordinal, a time counted back...: :func:`verifier.quantities.not_claims.why_not_a_claim`)."""
    return why_not_a_claim(q, after, before) is not None


def coarse_reading(q) -> M.Reading | None:
    """The coarse reading of quantity ``q`` when no vocabulary metric fits: its kind and unit,
    with the class as metric ('money', 'count', 'percent', 'ratio', 'duration', or the unit's
    dimension from :func:`verifier.vocabulary.unit_dimension`, else 'measurement'); None
    for dates, times, sequence lengths and model sizes (:data:`~verifier.quantities.not_claims.NOT_CLAIM_KINDS`)."""
    if q.kind in NOT_CLAIM_KINDS or q.iso is not None or q.value is None:
        return None
    unit = q.unit
    if unit in PERCENT_UNITS or q.kind == "fraction":
        return M.Reading("percent", "%" if q.kind == "fraction" else unit, "percent")
    if unit in RATIO_UNITS:
        return M.Reading("ratio", unit, "ratio")
    if q.kind == "money" or is_currency(unit):
        return M.Reading("money", unit, "money")
    if unit is None:
        return M.Reading("count", None, "count")
    dimension = unit_dimension(unit.split("/")[0])
    if dimension == "time" and "/" not in unit:
        return M.Reading("duration", unit, "duration")
    return M.Reading(dimension or "measurement", unit, "measurement")


LIST_JOIN: Final = re.compile(r"\s*(?:[,，、]\s*(?:and\s+|or\s+)?|and\s+|or\s+|[和及与或])\s*")
"""What joins the items of a list of figures: '89%, 91% and 94%', '89%、91%和94%'."""

def _in_list(body: str, spans: list[tuple[int, int]], q) -> bool:
    """True when percentage ``q`` is an item of a list of percentages of its sentence ('89%, 91%
    and 94% in its three modes'): the figure before or after it is a percentage joined to it by a
    comma or 'and' only (``spans``: the sentence's figures)."""
    if q.unit != "%":
        return False
    i = spans.index((q.start, q.end)) if (q.start, q.end) in spans else -1
    near = [spans[j] for j in (i - 1, i + 1) if 0 <= j < len(spans) and i >= 0]
    return any(body[s:e].rstrip().endswith("%") and LIST_JOIN.fullmatch(body[min(e, q.end):max(s, q.start)]) for s, e in near)



def open_claim(run: Run, body: str, sent: Sentence, f: Figure, reading: M.Reading | None, near: str, wide: str,
               after: str, holder: bool = True, why: str | None = None) -> Claim | None:
    """The claim of figure ``f`` with no holder the subject path accepts, with its coarse reading
    when ``reading`` is None, and no comparison (:func:`framed` then gives it a measured thing
    and a holder, unless it is an item of a list of percentages: see :data:`NO_HOLDER`). None
    for a figure that measures nothing (:func:`coarse_reading`). ``holder`` False gives it none
    whatever the grammar says, recording ``why`` (a change amount: the size of a change is no level
    of its holder's)."""
    coarse = coarse_reading(f.q)
    if coarse is None or measures_nothing(f.q, after, body[max(0, f.q.start - 12):f.q.start]):
        return None
    unit = reading.unit if reading is not None and reading.metric not in ("", "date") else coarse.unit  # '420 patients'
    reading = M.Reading(coarse.metric, unit, coarse.kind)
    decided = {"holder": Decision(by=NO_HOLDER, confidence=0.0)} if _in_list(body, run.spans, f.q) else {}
    if not holder:
        decided = {"holder": Decision(by=why or NO_HOLDER, confidence=0.0)}
    return build_claim(run, body, sent, f, reading, None, None, near, wide, after, open_claim=True, decided=decided)


GUESSED: Final = frozenset({"previous clause", "previous sentence", "paragraph name", "article topic",
                            "last two names", "contrast with a rival"})
"""Holder labels of the subject path's ladder (:mod:`.owners`) that take a name from outside the
figure's clause: the previous figure's holder, a name of the paragraph, the article's topic. A
figure whose clause says no such name holds it (:func:`.holders.unheld`: 'A typical household
pays…', 'a national average of…', 全国…) keeps none of them."""

NO_HOLDER: Final = "unnamed list"
"""The ``decided['holder']`` of a figure in a list whose scopes the text does not name ('89%,
91% and 94% in its three modes'): one holder would get three values for one fact."""


def framed(claim: Claim, body: str, sent: Sentence, q, quantities: SpanIndex, title: str, header: str = "") -> Claim:
    """``claim`` with its measured thing (:func:`.measured.measured_thing`) and, for a claim the
    subject path gave no holder, its holder from the grammar around the figure
    (:func:`.holders.holder_candidates`, the best-scored candidate), each recorded in
    ``decided``; a claim that already has its measured thing (a restatement takes its figure's)
    keeps it. A holder the subject path guessed from outside the figure's clause
    (:data:`GUESSED`) is dropped when the clause says no such name holds it
    (:func:`.holders.unheld`). An open claim's metric becomes its measured thing, so that two figures are one
    fact only when they measure the same thing for the same holder; an open claim whose
    measured thing is not found keeps no holder (nothing says which of the holder's figures it is)."""
    item = list_item(body, q)
    timed = None if claim.measured else finish_time(body, (sent.start, sent.end), q) or _ranked_time(item, q)
    thing = timed or (None if claim.measured else measured_thing(body, (sent.start, sent.end), q, quantities))
    if thing is None and not claim.measured and header:
        thing = header_thing(header)
    if thing is None and not claim.measured and item is not None:
        # a ranked list's heading says what its items give; a bullet's own label, before its figure, does
        said = item.heading if item.ranked else item.label
        thing = _listed(header_thing(said)) if said else None
    update: dict = {}
    decided = dict(claim.decided)
    agent = _holder_of_item(item, thing) or (finisher(body, (sent.start, sent.end), q) if timed else None)
    if agent is not None and (decided.get("holder") is None or decided["holder"].by != "lexicon"):
        update["subject"] = agent.value  # a list item's label, a finishing time's finisher: what holds it
        decided["holder"] = _record(agent)
    if thing is not None:
        update["measured"] = thing.value
        decided["measured"] = _record(thing)
    held = decided.get("holder")
    subject = update.get("subject", claim.subject)
    guessed = agent is None and subject is not None and held is not None and held.by in GUESSED and claim.comparison is None
    opened = agent is None and subject is None and claim.metric != "date" and thing is not None and "holder" not in decided
    # the clause says no name from outside it holds the figure: asked once, and only when it matters
    nobodys = (guessed or opened) and unheld(body, (sent.start, sent.end), q)
    if guessed and nobodys:
        subject = update["subject"] = None  # 'A typical household pays…' after a sentence about Acme: not Acme's figure
        decided.pop("holder")
        opened = claim.metric != "date" and thing is not None
    if opened:
        holders = holder_candidates(body, (sent.start, sent.end), (sent.unit.start, sent.unit.end), q, title)
        if nobodys:  # only a name in the figure's own clause may hold it
            cs, ce = clause_start(body, sent.start, q.start), clause_end(body, q.end, sent.end)
            holders = [d for d in holders if cs <= d.start < ce]
        if item is not None:  # a bullet's label that names the measured thing holds nothing
            holders = [d for d in holders if d.value.casefold() != item.label.casefold()]
        if holders and holders[0].confidence >= HOLDER_FLOOR:
            top = holders[0]
            if (moved := place_institution(body, top, thing)) is not None:
                top, thing = moved  # 龙上林县 + 地铁运营里程 -> 龙上林县地铁 + 运营里程
                update["measured"] = thing.value
            update["subject"] = top.value
            decided["holder"] = _record(top)
        update["metric"] = " ".join(thing.value.lower().split())
    elif agent is not None and thing is not None and claim.subject is None:
        update["metric"] = " ".join(thing.value.lower().split())
    if not update:
        return claim
    return claim.model_copy(update={**update, "decided": decided})


def _ranked_time(item: Item | None, q) -> Decided | None:
    """A time in seconds in a ranked item of a results list is its finisher's finishing time
    (the list ranks by it), anchored nowhere in the item."""
    if item is None or not item.ranked or q.kind != "duration" or q.unit != "s":
        return None
    return Decided(FINISH_TIME, "list heading", CONFIDENCE["list heading"], -1, -1)


def _listed(heading: Decided | None) -> Decided | None:
    """A list's heading read as a column header is, for its items, the list's heading."""
    return None if heading is None else Decided(heading.value, "list heading", CONFIDENCE["list heading"], -1, -1)


def _holder_of_item(item: Item | None, thing: Decided | None) -> Decided | None:
    """The holder a results list's item gives its figure: its label, in a ranked list (a ranking
    ranks holders) or in a bullet whose figure measures a thing the label does not name ('- Ward
    4: 1,204 votes'). A bullet's label that is the figure's measured thing ('- Revenue: $5.2
    billion'), or with nothing measured beside it, names what is measured, not whose it is."""
    if item is None:
        return None
    if not item.ranked and (thing is None or item.label.casefold() in thing.value.casefold()):
        return None
    return Decided(item.label, "list item", CONFIDENCE["list item"], item.start, item.end)


def header_thing(header: str) -> Decided | None:
    """What a table column's cells measure, from its header without the bracketed unit
    ('报名人数(万人)' -> '报名人数', 'Turnout (%)' -> 'Turnout'); None for a header with no word
    left (a year column, a bare unit). Anchored nowhere in the cell (offsets -1)."""
    text = HEADER_UNIT.sub("", header).strip(" :：|")
    if not re.search(r"[A-Za-z]{3}|[\u4e00-\u9fff]{2}", text):
        return None
    return Decided(" ".join(text.split()), "column header", CONFIDENCE["column header"], -1, -1)


def _record(d: Decided) -> Decision:
    """The claim's record of a frame decision: how, and how sure (the text and span stay in extraction)."""
    return Decision(by=d.by, confidence=round(d.confidence, 2))
