"""Build a claim record from a figure whose reading and subject are known.

    build_claim(run, body, sent, f, reading, "Helix H3", None, near, wide, after)
        -> Claim(id="pending", subject="Helix H3", metric="price", value=Value(...), scope={...}, ...)

The record carries the figure's anchor (quote, offsets and :data:`CONTEXT` characters each
side), its value at the printed precision (:func:`_value`), its scope (:func:`.scope.scope_of`,
completed from the sentence's sibling figures) and its attribution (:mod:`.attribution`).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Final

from verifier.extract import metrics as M
from verifier.extract import scope as S
from verifier.extract.attribution import attribute
from verifier.extract.context import Figure
from verifier.extract.segment import Sentence
from verifier.models.claim import Anchor, Claim, Comparison, Value
from verifier.numeric import BOUND_WORDS
from verifier.quantities.limits import representable

if TYPE_CHECKING:
    from verifier.extract.run import Run

CONTEXT: Final = 32
"""Characters of prefix and suffix kept in an anchor (the W3C TextQuoteSelector context)."""

THAT_SAME: Final = re.compile(r"\b(?:that|this|the same)\s+(?:charge|session|task|run|test)\b|同样的|该次", re.IGNORECASE)
"""Words that refer back to the activity of the figures before ('for that charge')."""


PERIOD_NOUN: Final = re.compile(
    r"(?:\s*的)?\s*([\u4e00-\u9fff]{0,4}(?:窗口|周期|时段|时间窗))"
    r"|(?:-long)?\s+((?:[a-z]+\s+)?(?:window|period|cycle))\b", re.IGNORECASE)
"""A duration that names its period right after ('一小时分析窗口', 'a one-hour analysis
window'): the period is its scope part, which tells it apart from the article's other periods."""


def build_claim(run: Run, body: str, sent: Sentence, f: Figure, r: M.Reading, subject: str | None, comparison: Comparison | None,
                near: str, wide: str, after: str, extra: dict | None = None, decided: dict | None = None,
                open_claim: bool = False, measured: str | None = None) -> Claim | None:
    """The proposed record of figure ``f`` (id 'pending'); None for a duration that names no
    milestone or activity (unless it is an ``open_claim``, whose measured thing tells it apart:
    :mod:`.open_claims`), or for a value beyond the double range (:func:`_value`). Remembers the
    subject (and any target) in ``run.memo``, except for an open claim."""
    q = f.q
    scope = {**S.scope_of(body, sent, f, r, near, wide, after, comparison, run.models), **(extra or {})}
    unit = sent.unit
    column = unit.header[unit.cell_at(q.start)] if unit.cells and unit.header and unit.cell_at(q.start) is not None else ""
    if column and r.metric == "power" and "workload" not in scope:  # a '待机功耗' column: its cells are standby figures
        mode = S.next_to(column, "", S.POWER_MODES)
        if mode:
            scope["workload"] = mode
    if r.metric in S.SIBLING_SCOPED and not any(k in scope for k in ("stage", "workload")):
        scope.update(_sibling_scope(run, body, sent, f, r))
    if r.metric == "power" and r.unit == "x" and "part" not in scope:
        scope.update(_sibling_part(run, sent, f, subject, comparison))
    if r.metric == "duration" and "stage" not in scope and "workload" not in scope and "part" not in scope:
        window = PERIOD_NOUN.match(after)
        if window:
            scope["part"] = window.group(1) or window.group(2)  # '一小时分析窗口', 'a one-hour analysis window'
    if r.metric == "duration" and "stage" not in scope and "workload" not in scope and "part" not in scope and not open_claim:
        return None  # a period with no milestone or activity cannot be told apart from the article's other periods
    value = _value(f, r)
    if value is None:
        return None
    explicit = not (comparison is None and run.memo.restated(f.printed, r.unit) == subject) \
        and f.approx not in BOUND_WORDS  # 'more than 8k' states no 8k for a later restatement to echo
    if r.metric != "date" and not open_claim:  # an event ('X initial deployment') is no subject for later figures
        run.memo.remember(f.printed, r.unit, subject, explicit)
    if comparison is not None:
        for t in comparison.target.split("|"):
            run.memo.remember("", None, t, False)
    att = attribute(run.source, run.external, body, (sent.start, sent.end), (sent.unit.start, sent.unit.end), run.mentions,
                    companies=run.company_mentions)
    kind = "percent" if r.kind == "percent" else (M.kind_of(r.metric, scope.get("basis")) if r.kind in ("measurement", "spec") else r.kind)
    if comparison is not None and comparison.relation == "difference":
        kind = "difference"
    return Claim(
        id="pending", source=run.source.id,
        anchor=Anchor(quote=q.surface, start=q.start, end=q.end, prefix=body[max(0, q.start - CONTEXT):q.start],
                      suffix=body[q.end:q.end + CONTEXT]),
        subject=subject, metric=r.metric, measured=measured, kind=kind, value=value, approx=f.approx, scope=scope,
        comparison=comparison, attribution=att, status="proposed", decided=decided or {},
    )


def _sibling_scope(run: Run, body: str, sent: Sentence, f: Figure, r: M.Reading) -> dict:
    """The workload of the figures of ``r.metric`` the sentence gave before ``f``, when they agree
    ('charges in 18 minutes on the H3, compared with 30 minutes on the H2 … 10 minutes faster':
    all three are charging times; 'Standby draw is 45 W, four times lower than the H2's 120 W':
    all are standby figures); a power in watts takes no workload from kilowatts (a different
    operating point). A sentence that continues its paragraph's figures with a semicolon or
    'that' ('took 42 minutes for that charge') also takes the paragraph's."""
    go_on = body[max(sent.unit.start, sent.start - 8):sent.start].rstrip().endswith((";", "；")) \
        or THAT_SAME.search(body, sent.start, sent.end)
    lo = sent.unit.start if go_on else sent.start
    works = {c.scope.get("workload") for c in run.claims.starting(lo, f.q.start)
             if c.metric == r.metric and (r.unit in ("x", "%") or c.value.unit == r.unit or r.metric == "duration")}
    works.discard(None)
    if r.metric == "power":
        works &= {"standby"}  # peak and continuous figures are stated one by one; standby is a setting of the sentence
    return {"workload": works.pop()} if len(works) == 1 else {}


def _sibling_part(run: Run, sent: Sentence, f: Figure, subject: str, comparison: Comparison | None) -> dict:
    """The side (input/output) of the power figures a multiplier compares: the one side the
    sentence gave them all ('delivers 350 kW against 150 kW …, 2.8 times as much power'), else
    the one side the paragraph gave the target, when the subject has a figure on that side too
    ('12 kW of heating while drawing 3 kW, against 9 kW of heating for the HX-5. That makes the
    HX-7 1.8 times as powerful')."""
    parts = {c.scope.get("part") for c in run.claims.starting(sent.start, f.q.start) if c.metric == "power" and c.comparison is None}
    if len(parts) == 1 and None not in parts:
        return {"part": parts.pop()}
    if comparison is None or parts:
        return {}
    before = [c for c in run.claims.starting(sent.unit.start, f.q.start) if c.metric == "power" and c.comparison is None]
    theirs = {c.scope.get("part") for c in before if c.subject == comparison.target}
    ours = {c.scope.get("part") for c in before if c.subject == subject}
    return {"part": theirs.pop()} if len(theirs) == 1 and None not in theirs and theirs <= ours else {}


def _value(f: Figure, r: M.Reading) -> Value | None:
    """The record value of figure ``f`` read as ``r``; None when a scale the extractor applied
    (a percent of a fraction) takes it beyond the double range, where no claim can hold it
    (:mod:`verifier.quantities.limits`; rule V604 reports the figure from the text)."""
    q = f.q
    if r.metric == "date":
        return Value(printed=f.printed, iso=f.iso)
    v = q.value
    scale = 100.0 if (q.kind == "fraction" and r.unit == "%") else 1.0
    res = q.resolution * scale if q.resolution else None
    if r.kind == "count" and res == 1 and f.approx is None:
        res = None  # '9次', '40 buses': a count of things printed to the unit is exact (no 8.5 launches)
    ends = [x * scale for x in v if x is not None] if isinstance(v, tuple) else [float(v) * scale]
    if not representable(tuple(ends)) or (res is not None and not representable(res)):
        return None
    if isinstance(v, tuple):
        lo, hi = v
        if lo is None or hi is None:
            return Value(printed=f.printed, number=(lo if hi is None else hi) * scale, unit=r.unit, resolution=res)
        return Value(printed=f.printed, low=lo * scale, high=hi * scale, unit=r.unit, resolution=res)
    return Value(printed=f.printed, number=float(v) * scale, unit=r.unit, resolution=res)
