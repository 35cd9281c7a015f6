"""V1xx: derived figures recomputed from their operands, judged at printed precision.

Every rule here follows the same steps: take the band the stated figure stands for (its
printed precision, widened by any approximation word), recompute the figure on the bands of
its operands, and report only when the two bands do not meet. A figure that agrees with its
operands within rounding is never flagged.
"""

from __future__ import annotations

import math
from bisect import bisect_left
from itertools import product
from typing import Iterator

from verifier.apposition import apposed, in_order
from verifier.extract.derived_claims import scale_word
from verifier.models.claim import Claim, scope_of_target
from verifier.models.finding import Band, Finding, Severity
from verifier.numeric import Interval, abs_interval, fmt, fmt_interval
from verifier.rules.context import (ALTERNATIVES, Context, figure_text, is_summary, loose_note, operand, point_band, range_bands,
                                    stated_band)
from verifier.rules.derive import best_derivation
from verifier.rules.facts import agrees_as_rounded_conversion, disagreeing_comparisons, disagreeing_measurements, linked_as_restatement
from verifier.rules.registry import rule
from verifier.rules.relations import FORMULA, RATIO_RELATIONS, from_q, to_q
from verifier.units import factor, reciprocal_factor
from verifier.vocabulary import inverse_of, quotient_of


def _stated_interval(claim: Claim) -> Interval:
    """A point figure's band, or a range's full span [low band's low, high band's high]."""
    if claim.value.number is not None:
        return point_band(claim)
    lo, hi = range_bands(claim)
    return Interval(lo.lo if lo else float("-inf"), hi.hi if hi else float("inf"))


@rule("V101", "comparison-mismatch", "A ratio, share or percentage change disagrees with the figures it compares.")
def comparison_mismatch(ctx: Context) -> Iterator[Finding]:
    """A comparison figure ("1.9x", "3.6 times lower", "28 % of", "cut by 35 %") is
    recomputed from the two measurements it compares: the subject's value s and the
    target's value t for the same metric and a comparable scope, from the claim's own
    article when it prints both, otherwise the most precise pair in the corpus. A metric's
    inverse (tokens/s vs ms/token) also serves, with q inverted.

    Tolerance: the stated figure's printed band (half its last digit, widened by an
    approximation word) must meet the band recomputed from the operands' printed bands.

    Okay: "The Aero 12 heat pump delivers 9.6 kW against 4.8 kW for the Aero 10, twice as much."
    V101: "The Aero 12 heat pump delivers 9.6 kW against 4.8 kW for the Aero 10, 2.5 times as much." (9.6 / 4.8 = 2)
    """
    me = comparison_mismatch.rule
    for c in ctx.live:
        comp = c.comparison
        if comp is None or comp.relation not in RATIO_RELATIONS or is_summary(c):
            continue
        d = best_derivation(ctx, c.subject, comp.target, c.metric, c.scope, c.source, comp.scope, c.anchor.start)
        if d is None:
            continue
        ctx.checked.update({c.id, d.subject_claim.id, d.target_claim.id})
        stated = _stated_interval(c)
        if to_q(comp.relation, stated).meets(d.q):
            continue
        shown = from_q(comp.relation, d.q)
        s, t = d.operands
        if d.inverted:  # s and t are figures of the inverse metric: s / t of this metric is t' / s'
            ratio = f"s / t = {_op(t)} / {_op(s)} (inverse metric {s.metric})"
        else:
            ratio = f"s = {_op(s)}, t = {_op(t)}"
        missing = ctx.loose(c)
        yield me.finding(
            f"{c.subject} {c.metric} vs {comp.target}: stated {figure_text(c)} but "
            f"{FORMULA[comp.relation]} with {ratio} gives {fmt_interval(shown)}" + loose_note(missing),
            severity=Severity.warning if missing else None, claims=[c.id, s.id, t.id], stated=stated_band(c, stated),
            recomputed=Band(low=shown.lo, high=shown.hi, unit=c.value.unit, basis=f"{FORMULA[comp.relation]} on the printed bands of the operands"),
            operands=[operand(s), operand(t)], formula=f"{FORMULA[comp.relation]}; {ratio}",
            **ctx.location(c),
        )


@rule("V102", "difference-mismatch", "A stated difference disagrees with the two figures it subtracts.")
def difference_mismatch(ctx: Context) -> Iterator[Finding]:
    """A difference ("only 18 mm² short of the 858 mm² limit", "4.5 kWh more than the H9")
    is recomputed as |t − s| from the two measurements of the same metric, converted to the
    difference's unit. Printed differences are magnitudes (the direction is in the words,
    "more", "short of"), so the sign is not judged: either subject/target order works.

    Tolerance: the printed band of the difference must meet |t − s| on the operands' bands.

    Okay: "The Sea Swift draws 860 kW, 140 kW less than the Sea Lark's 1,000 kW."
    V102: "The Sea Swift draws 860 kW, 240 kW less than the Sea Lark's 1,000 kW." (1,000 − 860 = 140)
    """
    me = difference_mismatch.rule
    for c in ctx.live:
        if c.comparison is None or c.comparison.relation != "difference" or c.value.number is None:
            continue
        pairs = []
        for (sc, s_iv), (tc, t_iv) in product(ctx.find(c.subject, c.metric, c.scope), ctx.find(c.comparison.target, c.metric, scope_of_target(c.scope, c.comparison.scope))):
            ks, kt = factor(sc.value.unit, c.value.unit), factor(tc.value.unit, c.value.unit)
            if ks is not None and kt is not None:
                pairs.append((sc.source != c.source or tc.source != c.source, sc, tc, abs_interval(t_iv.scale(kt) - s_iv.scale(ks))))
        if not pairs:
            continue
        stated = point_band(c)
        # the article's own figures first; among them the pair nearest the stated difference, so that
        # a figure of another fact under the same name (a price per kg beside a price) is not blamed
        _, sc, tc, diff = min(pairs, key=lambda p: (p[0], _gap(p[3], stated), p[3].hi - p[3].lo, p[1].id, p[2].id))
        ctx.checked.update({c.id, sc.id, tc.id})
        if stated.meets(diff):
            continue
        missing = ctx.loose(c)
        yield me.finding(
            f"{c.subject} {c.metric}: stated difference {figure_text(c)} but |t − s| = "
            f"{_op(tc)} − {_op(sc)} gives {fmt_interval(diff)}" + loose_note(missing),
            severity=Severity.warning if missing else None, claims=[c.id, sc.id, tc.id], stated=stated_band(c),
            recomputed=Band(low=diff.lo, high=diff.hi, unit=c.value.unit, basis="|t − s| on the printed bands"),
            operands=[operand(sc), operand(tc)], formula=f"|t − s|; s = {_op(sc)}, t = {_op(tc)}", **ctx.location(c),
        )


def _gap(a: Interval, b: Interval) -> float:
    """Distance between two intervals (0 when they meet)."""
    return max(0.0, a.lo - b.hi, b.lo - a.hi)


@rule("V103", "reciprocal-mismatch", "A figure and its reciprocal in the same article disagree (ms per token vs tokens per second).")
def reciprocal_mismatch(ctx: Context) -> Iterator[Finding]:
    """When an article gives a figure and converts it to its reciprocal metric ("0.69 ms
    between tokens, i.e. about 1459 tokens per second"), the later figure is recomputed as
    k / earlier, with k from the units (1000 for ms/token to tokens/s).

    Tolerance: the band of k / [x - r/2, x + r/2] must meet the stated band; 1000 / 0.69 =
    1449 is consistent with a printed 1459 because 0.69 may be 0.6854 (1000 / 0.6854 = 1459).

    Okay: 0.69 ms/token and 1459 tokens/s.
    V103: 0.69 ms/token and 1600 tokens/s.
    """
    me = reciprocal_mismatch.rule
    for b in ctx.live:
        inv = inverse_of(b.metric)
        if inv is None or b.comparison is not None or b.value.number is None:
            continue
        for a, a_iv in ctx.find(b.subject, inv, b.scope):
            if a.source != b.source or a.anchor.start >= b.anchor.start or not ctx.comparable(a, b, (a.metric, b.metric)):
                continue
            k = reciprocal_factor(a.value.unit, b.value.unit)
            if k is None:
                continue
            ctx.checked.update({a.id, b.id})
            expect = Interval.point(k) / a_iv
            if point_band(b).meets(expect):
                continue
            yield me.finding(
                f"{b.subject}: {figure_text(b)} does not follow from {figure_text(a)}: "
                f"{fmt(k)} / {_op(a)} gives {fmt_interval(expect)} {b.value.unit}",
                claims=[b.id, a.id], stated=stated_band(b),
                recomputed=Band(low=expect.lo, high=expect.hi, unit=b.value.unit, basis=f"{fmt(k)} / x on the printed band of x"),
                operands=[operand(a)], formula=f"{fmt(k)} / x; x = {_op(a)}", **ctx.location(b),
            )


def _op(c: Claim) -> str:
    """'700 tokens/s (s001)' for messages."""
    return f"{figure_text(c)} ({c.source})"


@rule("V105", "range-summary-mismatch", "A range that summarises several figures does not span them.")
def range_summary_mismatch(ctx: Context) -> Iterator[Finding]:
    """A range printed over several scopes or subjects ("1.5 to 1.9 times across the three
    models", "latency from 1.80–5.99 s") is compared with the figures it summarises: for each
    combination (each model of the list, each alternative subject or target) the figure is
    recomputed from measurements, or else taken from a stated comparison; the range's low end
    must meet the smallest and its high end the largest.

    Only ranges at least two-thirds covered by the records are checked. Coverage counts
    scope combinations when the range lists scopes (each model is compared with one of the
    alternative targets, so one figure per model covers it), and alternatives otherwise.

    Okay: 1.5–1.9x over per-model ratios 1.90, 1.67 and 1.53.
    V105: 1.5–2.4x over per-model ratios 1.90, 1.67 and 1.53.
    """
    me = range_summary_mismatch.rule
    for c in ctx.live:
        if not c.value.is_range or not is_summary(c) or c.value.low is None or c.value.high is None:
            continue
        combos = list(_combinations(c))
        found = [(scope, subj, tgt, _figure(ctx, c, scope, subj, tgt)) for scope, subj, tgt in combos]
        found = [f for f in found if f[3] is not None]
        units = {_unit_key(c, f) for f in combos}
        covered = {_unit_key(c, f) for f in found}
        if len(found) < 2 or 3 * len(covered) < 2 * len(units):
            continue
        ivs = [f[3][0] for f in found]
        low = Interval(min(i.lo for i in ivs), min(i.hi for i in ivs))
        high = Interval(max(i.lo for i in ivs), max(i.hi for i in ivs))
        used = list({cl.id: cl for f in found for cl in f[3][1]}.values())
        ctx.checked.update({c.id, *(u.id for u in used)})
        lo_b, hi_b = range_bands(c)
        bad = [(name, s, e) for name, s, e in (("low", lo_b, low), ("high", hi_b, high)) if not s.meets(e)]
        if not bad:
            continue
        parts = "; ".join(f"{name} end {fmt_interval(s)} vs {fmt_interval(e)}" for name, s, e in bad)
        yield me.finding(
            f"{c.subject} {c.metric}: range {figure_text(c)} does not span the "
            f"{len(found)} figures it summarises ({', '.join(fmt(i.mid) for i in ivs)}): {parts}",
            claims=[c.id, *(u.id for u in used)], stated=Band(low=lo_b.lo, high=hi_b.hi, unit=c.value.unit, basis=f"printed {c.value.printed} ±{fmt((c.value.resolution or 0) / 2)} at each end"),
            recomputed=Band(low=low.lo, high=high.hi, unit=c.value.unit, basis="smallest and largest of the summarised figures"),
            operands=[operand(u) for u in used], formula="min and max over " + ", ".join(_label(f) for f in found),
            **ctx.location(c),
        )


def _unit_key(c: Claim, combo: tuple) -> tuple:
    """What coverage counts for a summary: its scope combination when it lists scopes (each
    model compared with one of the alternative targets), else each alternative itself."""
    scope, subj, tgt = combo[:3]
    if any(isinstance(v, list) for v in c.scope.values()):
        return tuple(sorted(scope.items()))
    return (subj, tgt)


def _label(found: tuple) -> str:
    scope, subj, tgt, _ = found
    bits = [subj] + ([f"vs {tgt}"] if tgt else []) + [f"{k}={v}" for k, v in sorted(scope.items())]
    return " ".join(bits)


def _combinations(c: Claim) -> Iterator[tuple[dict, str, str | None]]:
    keys = [k for k, v in c.scope.items() if isinstance(v, list)]
    fixed = {k: v for k, v in c.scope.items() if not isinstance(v, list)}
    targets = c.comparison.target.split(ALTERNATIVES) if c.comparison else [None]
    for values in product(*(c.scope[k] for k in keys)):  # alternatives of one scope are disjunctive
        for subj in c.subject.split(ALTERNATIVES):
            for tgt in targets:
                yield {**fixed, **dict(zip(keys, values))}, subj, tgt


def _figure(ctx: Context, c: Claim, scope: dict, subj: str, tgt: str | None) -> tuple[Interval, list[Claim]] | None:
    """The figure one combination contributes, in ``c``'s terms, with the claims it came from."""
    if tgt is None:
        hits = [(m, iv.scale(k)) for m, iv in ctx.find(subj, c.metric, scope) if (k := factor(m.value.unit, c.value.unit)) is not None]
        if not hits:
            return None
        m, iv = min(hits, key=lambda h: (h[1].hi - h[1].lo, h[0].id))
        return iv, [m]
    rel = c.comparison.relation
    if rel not in RATIO_RELATIONS:
        return None
    d = best_derivation(ctx, subj, tgt, c.metric, scope, c.source)
    if d is not None:
        return from_q(rel, d.q), list(d.operands)
    stated = [s for s in ctx.live if s.comparison and s.comparison.target == tgt and s.subject == subj and s.metric == c.metric
              and s.comparison.relation in RATIO_RELATIONS and s.value.number is not None and not is_summary(s)
              and ctx.comparable(s.scope, scope, (c.metric,))]
    if not stated:
        return None
    s = min(stated, key=lambda s: (s.source != c.source, s.value.resolution or 0, s.id))
    return from_q(rel, to_q(s.comparison.relation, point_band(s))), [s]


@rule("V106", "quotient-mismatch", "A per-unit figure (bandwidth per watt) disagrees with the two figures it divides.")
def quotient_mismatch(ctx: Context) -> Iterator[Finding]:
    """A rate whose metric is a quotient in the vocabulary (``bandwidth_per_power`` =
    ``memory_bandwidth`` / ``power``) is recomputed from the same subject's numerator and
    denominator figures with comparable scopes, converted to the rate's unit. When several
    denominators fit (a rated and a measured power), the figure is flagged only if it
    agrees with none of them: an article may divide by either.

    Tolerance: the printed band of the rate must meet numerator / denominator on their bands.

    Okay: 15.4 TB/s and 700 W printed as "22 GB/s per W" (15.4 / 700 = 0.022 TB/s/W).
    V106: 15.4 TB/s and 700 W printed as "32 GB/s per W".
    """
    me = quotient_mismatch.rule
    for c in ctx.live:
        parts = quotient_of(c.metric)
        if parts is None or c.comparison is not None or c.value.number is None or c.value.unit is None:
            continue
        tries = []
        for (n, n_iv), (d, d_iv) in product(_any_scope(ctx, c, parts[0]), _any_scope(ctx, c, parts[1])):
            k = factor(f"{n.value.unit}/{d.value.unit}", c.value.unit) if n.value.unit and d.value.unit else None
            if k is not None:
                tries.append(((n_iv / d_iv).scale(k), n, d))
        if not tries:
            continue
        ctx.checked.update({c.id, *(t[1].id for t in tries), *(t[2].id for t in tries)})
        stated = point_band(c)
        if any(stated.meets(iv) for iv, _, _ in tries):
            continue
        iv, n, d = min(tries, key=lambda t: (t[1].source != c.source or t[2].source != c.source, t[1].id, t[2].id))
        yield me.finding(
            f"{c.subject} {c.metric}: stated {figure_text(c)} but {_op(n)} / {_op(d)} gives {fmt_interval(iv)} {c.value.unit}"
            + (f" ({len(tries)} combinations tried, none agrees)" if len(tries) > 1 else ""),
            claims=[c.id, n.id, d.id], stated=stated_band(c),
            recomputed=Band(low=iv.lo, high=iv.hi, unit=c.value.unit, basis="numerator / denominator on their printed bands"),
            operands=[operand(n), operand(d)], formula=f"n / d; n = {_op(n)}, d = {_op(d)}", **ctx.location(c),
        )


def _any_scope(ctx: Context, c: Claim, metric: str) -> list[tuple[Claim, Interval]]:
    """Point figures of ``c.subject``'s ``metric`` whose scope does not contradict ``c``'s: a
    rate may divide by any of them (a rated or a measured power), so none is ruled out for
    leaving a key unstated. At most :data:`QUOTIENT_OPERANDS` of them, in offset order."""
    out = [(m, iv) for m in ctx.measurements.get((c.subject, metric), []) if m.value.number is not None
           and all(m.scope[k] == v for k, v in c.scope.items() if k in m.scope)
           and math.isfinite((iv := point_band(m)).lo) and math.isfinite(iv.hi)]  # a bound is no operand
    return out[:QUOTIENT_OPERANDS]


QUOTIENT_OPERANDS = 50
"""Figures tried on each side of a quotient: bounds the pairs tried for a much-repeated figure."""


@rule("V107", "derived-comparison-mismatch", "Two comparison figures in one article disagree once converted (a reduction that does not follow from a ratio).")
def derived_comparison_mismatch(ctx: Context) -> Iterator[Finding]:
    """An article that turns a ratio into another form ("1.5–1.9 times the work per watt,
    so power costs fall by 35–47 %"; "3 times faster, a third of the wait") must stay
    consistent: both figures are mapped to q = s / t of the same metric (through the
    inverse metric where needed; ranges end by end) and must agree. Used only where the
    two measurements themselves are not on record (then V101 judges each figure).

    Tolerance: the two figures' printed bands, mapped to q, must meet.

    Okay: "1.5–1.9x work per watt" and "energy per task cut by 35–47 %" (1 − 1/1.45 = 31 %, 1 − 1/1.55 = 35.5 %).
    V107: "1.5–1.9x work per watt" and "energy per task cut by 50–60 %".
    """
    me = derived_comparison_mismatch.rule
    for groups, qs, missing in disagreeing_comparisons(ctx):
        for source in sorted({c.source for g in groups for c in g}):
            mine = [(i, c) for i, g in enumerate(groups) for c in g if c.source == source]
            if len({i for i, _ in mine}) < 2:
                continue
            ordered = sorted((c for _, c in mine), key=lambda c: c.anchor.start)
            first = ordered[0]
            home = next(i for i, c in mine if c.id == first.id)
            later = next(c for i, c in sorted(mine, key=lambda m: m[1].anchor.start) if i != home)
            q = qs[first.id]
            yield me.finding(
                f"{later.subject} vs {later.comparison.target}: {figure_text(later)} ({later.comparison.relation}, {later.metric}) "
                f"does not follow from {figure_text(first)} ({first.comparison.relation}, {first.metric}) earlier in the article: "
                f"as s / t they give {_q_text(qs[later.id])} vs {_q_text(q)}",
                severity=Severity.warning if missing else None, claims=[later.id, first.id], stated=stated_band(later),
                recomputed=Band(low=q[0].lo, high=(q[1] or q[0]).hi, unit="x", basis=f"q = s / t from {first.value.printed}"),
                operands=[operand(first)], formula=f"{FORMULA.get(later.comparison.relation, '')} with s / t from the earlier figure",
                **ctx.location(later),
            )


def _q_text(q: tuple[Interval, Interval | None]) -> str:
    return fmt_interval(q[0]) if q[1] is None else f"{fmt_interval(q[0])}–{fmt_interval(q[1])}"


def _apposed_pair(ctx: Context, cs: list[Claim], where: dict[str, int]) -> tuple[Claim, Claim] | None:
    """The first two claims of ``cs`` (one article, text order) in different agreeing groups
    that the text sets side by side as one figure restated ('150 kW, or 15,000 W'), or None.

    Extracted claims take part in V104 only so: their scope is read from the text and is
    often incomplete (standby vs rated power, 2024 vs 2025), so two figures of one subject and
    metric in one article are more often two facts than one fact stated twice.

    Two figures of one unit and one scale so set ('a $199 or $299 price') are
    alternatives or a part, not one figure restated (as for op 'conversion':
    :func:`verifier.extract.derived_claims.restatements`); a bracket that restates an
    enumeration pairs its figures item by item, in order ('5 km by 8 km (3.1 miles by 4.9
    miles)': :func:`verifier.apposition.in_order`).
    """
    body = ctx.corpus.sources[cs[0].source].body
    at, spans = _figure_spans(ctx, cs[0].source)
    for a, b in zip(cs, cs[1:]):
        gap = body[a.anchor.end:b.anchor.start]
        if where[a.id] == where[b.id] or not apposed(gap):
            continue
        if a.value.unit == b.value.unit and scale_word(a.anchor.quote) == scale_word(b.anchor.quote):
            continue  # one unit and scale twice: alternatives ('$199 or $299'), not a restatement
        k = bisect_left(spans, (b.anchor.start, b.anchor.end))
        order = in_order(body, spans, k) if 0 < k < len(spans) and spans[k - 1] == (a.anchor.start, a.anchor.end) else None
        if order is None:
            return a, b
        first = at.get(spans[order[k]])
        if first is not None and first.id in where and where[first.id] != where[b.id]:
            return first, b  # '5 km by 8 km (9 miles by 4.9 miles)': 9 miles restates 5 km
    return None


def _figure_spans(ctx: Context, source: str) -> tuple[dict[tuple[int, int], Claim], list[tuple[int, int]]]:
    """The article's figures by span, and their spans in text order (every article's, read once and memoised)."""
    if "figure_spans" not in ctx.memo:
        by: dict[str, dict[tuple[int, int], Claim]] = {}
        for c in ctx.figures:
            by.setdefault(c.source, {})[(c.anchor.start, c.anchor.end)] = c
        ctx.memo["figure_spans"] = {sid: (at, sorted(at)) for sid, at in by.items()}
    return ctx.memo["figure_spans"].get(source, ({}, []))


@rule("V104", "restatement-mismatch", "One article gives the same fact twice with values that disagree (often a unit or scale conversion).")
def restatement_mismatch(ctx: Context) -> Iterator[Finding]:
    """An article that states one fact twice, often once converted ("120B (1200亿参数)",
    "700 W ... 0.7 kW"), must give values that agree after unit and scale conversion. The
    finding sits at the later statement.

    Tolerance: the two printed bands, converted to one unit, must meet. A converted figure
    printed beside its source is consistent when it is the exact conversion of the source's
    printed interval, rounded to the precision the converted figure is printed at or coarser
    (the place of its last non-zero digit: 20 -> tens, 5,000 -> thousands), in either direction
    (:func:`verifier.numeric.restates_rounded`); such a restatement is no second statement of
    the fact. Two figures in different units that agree only so, where the text does not link
    them as one, are a warning that says so; a unit slip ('100 km (100 miles)') stays an error.

    Extracted (proposed) claims are compared only when the text sets the two figures side
    by side as one ("150 kW, or 150,000 W", "1200万台，即1.2亿台": :mod:`verifier.apposition`);
    two figures of one unit and one scale so set are alternatives ("a $199 or $299 price"),
    and a bracket that restates an enumeration restates it item by item, in order ("5 km by
    8 km (3.1 miles by 4.9 miles)").

    Okay: "The Harbor Bridge cost $1.2 billion (1,200 million dollars)."
    Okay: "The Vanta ferry route is 30 kilometers (20 miles) long." (30 km is 18.6 miles, 20 at tens)
    Okay: "Vanta湖面积达到60平方英里（160平方公里）。" (160 km² is 61.8 sq mi, 60 at tens)
    Okay: "Carriers pay the difference on the Kessel phone's $199 or $299 retail price." (two prices, alternatives)
    Okay: "The Kessel search zone spans 5 kilometers by 8 kilometers (3.1 miles by 4.9 miles)." (side by side, in order)
    V104: "The Harbor Bridge cost $1.2 billion, or $120 million." (1.2 billion is 1,200 million)
    V104: "The Kessel search zone spans 5 kilometers by 8 kilometers (9 miles by 4.9 miles)." (5 km is 3.1 miles)
    """
    me = restatement_mismatch.rule
    for _unit, groups, missing in disagreeing_measurements(ctx):
        where = {c.id: i for i, g in enumerate(groups) for c in g}
        by_source: dict[str, list[Claim]] = {}
        for g in groups:
            for c in g:
                by_source.setdefault(c.source, []).append(c)
        for source, cs in sorted(by_source.items()):
            if len({where[c.id] for c in cs}) < 2:
                continue
            cs = sorted(cs, key=lambda c: c.anchor.start)
            first, later = cs[0], next(c for c in cs if where[c.id] != where[cs[0].id])
            if first.status == "proposed" or later.status == "proposed":
                pair = _apposed_pair(ctx, cs, where)
                if pair is None:
                    continue
                first, later = pair
            k = factor(first.value.unit, later.value.unit)
            conv = point_band(first).scale(k) if k is not None and first.value.number is not None else None
            loose = agrees_as_rounded_conversion(first, later) and not linked_as_restatement(ctx, first, later)  # linked: one fact (facts.py)
            yield me.finding(
                f"{later.subject} {later.metric}: {figure_text(later)} here, but "
                f"{figure_text(first)} earlier in the same article"
                + (f" ({fmt_interval(conv)} {later.value.unit or ''} after conversion)" if conv else "")
                + ("; they agree as a conversion rounded at the last non-zero digit, but the text does not set them "
                   "side by side as one figure restated" if loose else ""),
                severity=Severity.warning if missing or loose else None,
                claims=[later.id, first.id], stated=stated_band(later),
                recomputed=Band(low=conv.lo, high=conv.hi, unit=later.value.unit, basis="the earlier figure converted to this unit") if conv else None,
                operands=[operand(first)],
                formula=f"unit factor {fmt(k)}" if k is not None else None, **ctx.location(later),
            )
