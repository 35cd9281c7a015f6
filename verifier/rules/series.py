"""V209, V210: streaks, checked against the values the corpus gives (rankings: :mod:`.rankings`).

* V209 streak-contradicted-by-series: a streak ('the third consecutive year above 400 mm',
  '连续第三年突破500亿元', 'rose for six consecutive years') that the corpus's own yearly values of
  the same measured thing break.
* V210 conflicting-streaks: two streaks of one count for one measured thing going opposite ways
  ('a fifth consecutive decline' and 'a fifth consecutive increase'), or a streak against a
  direction stated for every period ('Admissions have risen every week this winter').

Streaks are read by :mod:`verifier.extract.streaks` into claims whose figure is the count
(:attr:`~verifier.models.claim.Claim.streak`). Whether a value is of the streak's measured thing is decided by the alignment
(:func:`verifier.align.things.similarity` on the frames of :func:`verifier.rules.aligned.frames`).
"""

from __future__ import annotations

import bisect
from collections import defaultdict
from dataclasses import dataclass
from typing import Final, Iterator, Sequence

from verifier.align.frames import Frame, family_of
from verifier.align.things import PART, Thing, block_keys, similarity, thing_of
from verifier.extract.segment import clause_end, clause_start
from verifier.extract.streaks import every_period
from verifier.extract.time_frames import marks
from verifier.models.claim import CONFIDENT, Claim
from verifier.models.finding import Band, Finding, Severity
from verifier.numeric import Interval, fmt
from verifier.rules.aligned import frames
from verifier.rules.context import Context, figure_text, operand, point_band, sentence_ends
from verifier.rules.registry import rule

OPPOSITE: Final = {"up": "down", "down": "up"}
"""Directions a streak may go, each with its opposite."""

THINGS: Final = frozenset({"measured"})
"""What a finding of these rules rests on: the measured thing, not a holder (streaks have none)."""


# -- streaks against the series (V209) --------------------------------------------------------


@dataclass(frozen=True)
class Point:
    """One value of a yearly series: its frame, the band its printed figure stands for, why it is
    taken for the streak's measured thing, and whether that was decided with confidence."""

    frame: Frame
    band: Interval
    how: str
    sure: bool


def _thing(c: Claim) -> Thing | None:
    return thing_of(c.measured)


def _published(ctx: Context, sid: str):
    src = ctx.corpus.sources.get(sid)
    return src.meta.published if src and src.meta.published else None


SERIES_PERIODS: Final = frozenset({"year", "month"})
"""Periods whose series V209 reads from the frames: years, and months of a stated year."""


def key_of(f: Frame, period: str) -> int | None:
    """The index of the period a frame's figure is for: the year (2024), or for a month its
    count from year 0 (12 × 2024 + 5 for June 2024); None when the frame is for no single one."""
    year, months = f.when.get("year", ""), f.when.get("months")
    if not year.isdigit():
        return None
    if period == "year":
        return int(year) if months is None else None
    return 12 * int(year) + int(months) - 1 if months and months.isdigit() and 1 <= int(months) <= 12 else None


def shown_key(k: int, period: str) -> str:
    """A period index of :func:`key_of` as printed in messages: '2024', '2024-06'."""
    return str(k) if period == "year" else f"{k // 12}-{k % 12 + 1:02d}"


def _periodic(ctx: Context, period: str) -> dict[str, list[tuple[int, Frame]]]:
    """Printed level readings for one single period (a year, or a month of a stated year), with
    its index (:func:`key_of`), by source (memoised)."""
    name = f"series_{period}"
    if name not in ctx.memo:
        out: dict[str, list[tuple[int, Frame]]] = defaultdict(list)
        for f in frames(ctx):
            k = key_of(f, period)
            if k is not None and f.implied_by is None and f.role == "level" and f.claim.value.number is not None and f.mood == "reading":
                out[f.claim.source].append((k, f))
        ctx.memo[name] = out
    return ctx.memo[name]


def _blocked(ctx: Context, period: str) -> dict[str, list[tuple[int, Frame]]]:
    """The readings of :func:`_periodic` that name a thing, by each block key of their thing
    (:func:`~verifier.align.things.block_keys`; memoised): a streak meets only the readings a
    similarity above 0 is possible with, so the cost is linear in readings, not streaks x readings."""
    name = f"series_{period}_blocks"
    if name not in ctx.memo:
        out: dict[str, list[tuple[int, Frame]]] = defaultdict(list)
        for fs in _periodic(ctx, period).values():
            for k, f in fs:
                if f.thing is not None:
                    for key in block_keys(f.thing):
                        out[key].append((k, f))
        ctx.memo[name] = out
    return ctx.memo[name]


def _series(ctx: Context, c: Claim, family: str | None, unit: str | None) -> dict[int, Point]:
    """The values of streak ``c``'s measured thing that the corpus gives for single periods of
    its kind, by period index (:func:`key_of`).

    With a measured thing, the streak takes the values whose thing is like it (:func:`similarity`
    at least :data:`PART`; sure from :data:`CONFIDENT` when the streak's own thing was decided
    with confidence). Without one, it takes the yearly values of its own sentence in the
    threshold's unit. Either way, a series another article gives beside the same value for the
    same period as one of the streak's own article (one figure linking the two series, as a
    primary's table beside a story's figure) is taken too, never as sure. A year given two
    different values is left out (for a month, the values for that month of a stated year)."""
    mine, sentence = _thing(c), ctx.sentence(c)
    d = c.decided.get("measured")
    own_sure = d is None or d.confidence >= CONFIDENT
    yearly = _periodic(ctx, c.streak.period)
    points: dict[int, list[Point]] = defaultdict(list)

    def fits(f: Frame) -> bool:
        return (family is None or f.family == family) and (unit is None or f.claim.value.unit == unit)

    period = c.streak.period
    if mine is not None:
        blocks = _blocked(ctx, period)
        near = {id(f): (k, f) for key in block_keys(mine) for k, f in blocks.get(key, ())}
        for k, f in near.values():
            if fits(f):
                score, why = similarity(mine, f.thing)
                if score >= PART:
                    points[k].append(Point(f, point_band(f.claim), why, own_sure and score >= CONFIDENT))
    else:
        for k, f in yearly.get(c.source, []):
            if fits(f) and ctx.sentence(f.claim) == sentence:
                points[k].append(Point(f, point_band(f.claim), f"a value of the streak's own sentence", False))
    for k0, own in [(k, p.frame) for k, ps in list(points.items()) for p in ps if p.frame.claim.source == c.source]:
        for sid, fs in yearly.items():
            if sid == c.source:
                continue
            for kg, g in fs:
                if kg != k0 or g.claim.value.number != own.claim.value.number or g.claim.value.unit != own.claim.value.unit:
                    continue
                for kh, h in fs:
                    if fits(h) and h.claim.value.unit == g.claim.value.unit and ctx.sentence(h.claim) == ctx.sentence(g.claim) \
                            and all(p.frame.claim.id != h.claim.id for p in points[kh]):
                        points[kh].append(Point(h, point_band(h.claim), f"{sid} gives it beside {figure_text(g.claim)} for "
                                                f"{shown_key(kg, period)}, as {c.source} does", False))
    out = {}
    for year, ps in points.items():
        if len({(p.frame.claim.value.number, p.frame.claim.value.unit) for p in ps}) == 1:
            out[year] = min(ps, key=lambda p: (p.frame.claim.source != c.source, p.frame.claim.id))
    return out


def _fails(c: Claim, series: dict[int, Point], year: int) -> bool | None:
    """True when the series breaks the streak's event in ``year``, False when it keeps it, None when it does not say."""
    s = c.streak
    p = series.get(year)
    if s.event in ("above", "below"):
        if p is None:
            return None
        return p.band.hi < s.threshold if s.event == "above" else p.band.lo > s.threshold
    before = series.get(year - 1)
    if p is None or before is None:
        return None
    return p.band.hi < before.band.lo if s.event == "up" else p.band.lo > before.band.hi


def _ends(ctx: Context, c: Claim) -> tuple[list[int], str]:
    """The periods the streak may end in (:func:`key_of` indexes): the year stated, else the
    publication's period and the one before (a story of June 2024 counts 2024, or the last full
    year 2023; May or April 2024 for a monthly streak, whose month is seldom stated)."""
    period = c.streak.period
    if period == "year" and c.streak.end and c.streak.end.isdigit():
        return [int(c.streak.end)], ""
    day = _published(ctx, c.source)
    if day is None:
        return [], ""
    now = day.year if period == "year" else 12 * day.year + day.month - 1
    return [now, now - 1], (f"the streak's last {period} is not stated: {shown_key(now, period)} or "
                            f"{shown_key(now - 1, period)} from the article's date")


@rule("V209", "streak-contradicted-by-series", "A streak ('the third consecutive year above 400 mm', '连续7个月下降') "
      "is broken by the values the corpus gives for the same measured thing.", rests_on=THINGS)
def streak_contradicted_by_series(ctx: Context) -> Iterator[Finding]:
    """A streak of N years (or months) says each of its last N periods kept its event: a level above (or
    below) the threshold ('for the third consecutive year above 400 mm', '连续第三年突破
    500亿元'), or a rise (a fall) on the year before ('rose for six consecutive years'). When the
    corpus gives the yearly values of the same measured thing (the same article or another, a
    primary source above all) and one of those years broke the event, the streak is wrong. The
    measured thing is matched by the alignment's similarity; a streak that names none takes the
    yearly values of its own sentence, and the series another article gives beside one of them.
    When its last period is not stated, the streak must be broken whether it ends in the
    publication's year (month) or the one before. Monthly values count only for a stated year.

    Tolerance: each value's printed band (half its last digit, widened by an approximation
    word) must lie wholly on the wrong side of the threshold, or of the band of the year before.

    Severity: an error when the last year is stated and every value's measured thing matches
    the streak's with confidence; otherwise a warning that says why it needs review.

    Okay: "Rainfall was 410 mm in 2022 and 455 mm in 2023. In 2024 rainfall topped 400 mm for the third consecutive year." (410, 455 and 2024 all above)
    V209: "Rainfall was 380 mm in 2022 and 455 mm in 2023. In 2024 rainfall stayed above 400 mm for the third consecutive year." (2022: 380 mm, below 400)
    Okay: "In 2024 rainfall stayed above 400 mm for the third consecutive year." (no yearly values given)
    """
    me = streak_contradicted_by_series.rule
    for c in ctx.streaks:
        s = c.streak
        if s.period not in SERIES_PERIODS or (s.event in ("above", "below") and s.threshold is None):
            continue
        threshold = _threshold_claim(ctx, c)
        family = "count" if threshold is None else family_of(threshold.value.unit)
        unit = threshold.value.unit if threshold is not None else None
        series = _series(ctx, c, family if s.event in ("above", "below") else None, unit)
        if not series:
            continue
        ends, unstated = _ends(ctx, c)
        n = int(c.value.number)
        broken: list[list[int]] = []
        for end in ends:
            years = range(end - n + 1, end + 1)
            broken.append([y for y in years if _fails(c, series, y)])
        if not ends or not all(broken):
            continue
        common = sorted(set.intersection(*(set(b) for b in broken))) or broken[0]
        ctx.checked.update({c.id, *(series[y].frame.claim.id for y in common)})
        yield _streak_finding(ctx, me, c, threshold, series, common, ends, unstated)


def _threshold_claim(ctx: Context, c: Claim) -> Claim | None:
    """The claim of the streak's threshold figure ('突破500亿元'), printed in the streak's sentence."""
    s = c.streak
    if s.threshold_printed is None:
        return None
    sentence = ctx.sentence(c)
    return next((o for o in ctx.figures if o.source == c.source and s.threshold_printed in o.anchor.quote
                 and o.value.number == s.threshold and ctx.sentence(o) == sentence), None)


def _streak_finding(ctx: Context, me, c: Claim, threshold: Claim | None, series: dict[int, Point], broken: list[int],
                    ends: list[int], unstated: str) -> Finding:
    s = c.streak
    n = int(c.value.number)
    period = s.period
    event = {"above": f"above {s.threshold_printed or fmt(s.threshold)}", "below": f"below {s.threshold_printed or fmt(s.threshold)}",
             "up": f"a rise on the {period} before", "down": f"a fall on the {period} before"}[s.event]
    shown = "; ".join(
        (f"{shown_key(y, period)}: {series[y].frame.claim.anchor.quote}" if s.event in ("above", "below")
         else f"{shown_key(y - 1, period)} {series[y - 1].frame.claim.anchor.quote} to {shown_key(y, period)} {series[y].frame.claim.anchor.quote}")
        + f" ({series[y].frame.claim.source})" for y in broken)
    longest = max(e - max([y for y in broken if y <= e], default=e - n) for e in ends)
    why = []
    if unstated:
        why.append(unstated)
    used = [series[y] for y in broken] + ([series[y - 1] for y in broken] if s.event in ("up", "down") else [])
    if not all(p.sure for p in used):
        why.append("the values are taken for the streak's measured thing by " + "; ".join(sorted({p.how for p in used if not p.sure})))
    severity = Severity.error if not why else Severity.warning
    tail = f" (needs review: {'; '.join(why)})" if why else ""
    ops = [series[y].frame.claim for y in broken] + ([series[y - 1].frame.claim for y in broken if s.event in ("up", "down")])
    claims = [c.id] + ([threshold.id] if threshold is not None else []) + sorted({o.id for o in ops})
    return me.finding(
        f"'{s.phrase}' says {n} {period}s in a row {event}, but {shown}: at most {longest} {period}"
        f"{'s' if longest != 1 else ''} in a row{tail}",
        severity=severity, claims=claims, **ctx.location(c),
        stated=Band(low=n, high=n, unit=s.period, basis=f"printed '{c.anchor.quote}': {n} {period}s"),
        recomputed=Band(low=0, high=longest, unit=s.period, basis=f"the {period}s the series allows to end in {' or '.join(shown_key(e, period) for e in ends)}"),
        operands=[operand(o) for o in sorted({o.id: o for o in ops}.values(), key=lambda o: o.id)],
    )


# -- opposite streaks (V210) ------------------------------------------------------------------


def _same_thing(a: Claim, b: Claim) -> tuple[bool, str]:
    """Whether two streaks may be of one measured thing, and how it was judged."""
    ta, tb = _thing(a), _thing(b)
    if ta is None or tb is None:
        return True, "one of them names no measured thing: read as its article's"
    score, why = similarity(ta, tb)
    return score >= PART, why


def _times(ctx: Context, c: Claim) -> tuple[tuple, bool]:
    """The times printed in streak ``c``'s clause (no comparison's base), and whether one of them
    is counted back from the writing ('last year', '去年', 'the previous month')."""
    return _times_at(ctx.corpus.sources[c.source].body, c.anchor.start, c.anchor.end, ctx.ends(c.source))


def _times_at(body: str, start: int, end: int, ends: Sequence[int]) -> tuple[tuple, bool]:
    """:func:`_times` of the clause of ``body`` holding ``body[start:end]``; ``ends`` are the
    body's sentence ends (:meth:`Context.ends`, found once per article, not once per streak)."""
    i = bisect.bisect_right(ends, start)
    lo, hi = (ends[i - 1] if i else 0), (ends[i] if i < len(ends) else len(body))
    clause = body[clause_start(body, lo, start):clause_end(body, end, hi)]
    ks = [k for k in marks(clause) if not k.base]
    return tuple(sorted((k.year or "", k.months or "", k.relative or "") for k in ks)), any(k.relative not in (None, "this") for k in ks)


def _same_time(ctx: Context, a: Claim, b: Claim) -> bool:
    """False when two streaks of one article are dated apart: each clause prints a time and the
    two differ ('in March' / 'last year'), or one of them is counted back ('after rising for a
    third straight month last year')."""
    return _one_time(_times(ctx, a), _times(ctx, b))


def _one_time(a: tuple[tuple, bool], b: tuple[tuple, bool]) -> bool:
    """True when two clauses' times (:func:`_times`) may be one time: none counted back, and equal when both print one."""
    (ta, back_a), (tb, back_b) = a, b
    return not (back_a or back_b) and (not ta or not tb or ta == tb)


def _periods_meet(a: Claim, b: Claim) -> bool:
    pa, pb = a.streak.period, b.streak.period
    return pa is None or pb is None or pa == pb


@rule("V210", "conflicting-streaks", "Two streaks of one count for one measured thing go opposite ways, or a streak "
      "goes against a direction stated for every period.", severity="warning", rests_on=THINGS)
def conflicting_streaks(ctx: Context) -> Iterator[Finding]:
    """'Admissions were expected to fall for a fifth consecutive week' and, further
    down, 'ahead of a fifth consecutive increase': one count, one period (or one left unsaid), two
    directions. One of them is wrong; a direction stated for every period ('It has risen every
    month this year', '逐月上升') says which. Inside one article the streaks meet unless both name
    measured things that differ or their clauses are dated apart ('in March' / 'last year'); across articles both must name the same measured thing with
    confidence, count the same period and end in the same year (or month) of publication. A streak
    alone against a direction stated for its every period in its own article is flagged too.

    Always a warning: which side is wrong needs a reader (the writer may mean two things).

    Okay: "Exports rose for a third consecutive month. Imports fell for a third consecutive month."
    V210: "Admissions fell for a fifth consecutive week. Hospitals expect a fifth consecutive increase."
    Okay: "Admissions fell for a fifth consecutive week. Admissions rose for a second consecutive year."
    """
    me = conflicting_streaks.rule
    by_count: dict[int, list[Claim]] = defaultdict(list)
    for c in ctx.streaks:
        if c.streak.event in OPPOSITE:
            by_count[int(c.value.number)].append(c)
    persistent = {sid: every_period(src.body) for sid, src in ctx.corpus.sources.items()
                  if any(c.source == sid for c in ctx.streaks)}
    paired: set[str] = set()
    for n, cs in sorted(by_count.items()):
        for i, a in enumerate(cs):
            for b in cs[i + 1:]:
                if b.streak.event != OPPOSITE[a.streak.event] or not _periods_meet(a, b):
                    continue
                same, why = (_same_thing(a, b) if _same_time(ctx, a, b) else (False, "")) if a.source == b.source else _across(ctx, a, b)
                if not same:
                    continue
                paired.update({a.id, b.id})
                yield _pair_finding(ctx, me, a, b, why, persistent.get(a.source, []) if a.source == b.source else [])
    for c in ctx.streaks:
        if c.id in paired or c.streak.event not in OPPOSITE:
            continue
        body = ctx.corpus.sources[c.source].body
        mine = _times(ctx, c)
        against = [p for p in persistent.get(c.source, []) if p.direction == OPPOSITE[c.streak.event]
                   and (c.streak.period is None or p.period == c.streak.period) and _one_time(mine, _times_at(body, p.start, p.end, ctx.ends(c.source)))]
        if against:
            p = against[0]
            yield me.finding(
                f"'{c.streak.phrase}' says {int(c.value.number)} {_way(c.streak.event)} in a row, but the article says "
                f"'{_clause(body, p.start, p.end)}': the other way",
                claims=[c.id], **ctx.location(c), stated=_count_band(c))


def _across(ctx: Context, a: Claim, b: Claim) -> tuple[bool, str]:
    ta, tb = _thing(a), _thing(b)
    if ta is None or tb is None or a.streak.period is None or a.streak.period != b.streak.period:
        return False, ""
    score, why = similarity(ta, tb)
    pa, pb = (ctx.corpus.sources[x.source].meta.published for x in (a, b))
    if pa is None or pb is None:
        return False, ""
    when = (lambda d: d.year) if a.streak.period == "year" else (lambda d: (d.year, d.month))
    ends = (a.streak.end, b.streak.end)
    same_end = ends[0] == ends[1] if all(ends) else (not any(ends) and when(pa) == when(pb))
    return score >= CONFIDENT and same_end, why


def _way(event: str) -> str:
    return {"up": "rises", "down": "falls"}[event]


def _count_band(c: Claim) -> Band:
    n = int(c.value.number)
    return Band(low=n, high=n, unit=c.streak.period, basis=f"printed '{c.anchor.quote}': a streak of {n}")


def _clause(body: str, start: int, end: int) -> str:
    ends = sentence_ends(body)
    i = bisect.bisect_right(ends, start)
    lo = ends[i - 1] if i else 0
    j = bisect.bisect_right(ends, end - 1)
    hi = ends[j] if j < len(ends) else len(body)
    return body[lo:hi].strip()


def _pair_finding(ctx: Context, me, a: Claim, b: Claim, why: str, persistent: list) -> Finding:
    n = int(a.value.number)
    body = ctx.corpus.sources[a.source].body
    said = [p for p in persistent if a.streak.period in (None, p.period) or b.streak.period in (None, p.period)]
    side = ""
    if said and len({p.direction for p in said}) == 1:
        p = said[0]
        right, wrong = (a, b) if p.direction == a.streak.event else (b, a)
        side = f"; the article also says '{_clause(body, p.start, p.end)}', which agrees with '{right.streak.phrase}', not '{wrong.streak.phrase}'"
    where = "in one article" if a.source == b.source else f"in {a.source} and {b.source}"
    return me.finding(
        f"'{a.streak.phrase}' ({_way(a.streak.event)}) and '{b.streak.phrase}' ({_way(b.streak.event)}) {where}: "
        f"{n} in a row both ways ({why}){side}",
        claims=[a.id, b.id], **ctx.location(a), stated=_count_band(a),
        operands=[operand(a), operand(b)],
    )
