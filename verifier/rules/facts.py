"""Grouping claims into facts and splitting each fact's figures into agreeing clusters.

Used by the restatement rule (V104) and the contradiction rules (V2xx): figures of one fact
that do not all agree fall into two or more clusters; each cluster's figures agree with one
another at printed precision.
"""

from __future__ import annotations

from collections import defaultdict
from typing import Callable, Iterable, TypeVar

from verifier.models.claim import Claim
from verifier.numeric import Interval
from verifier.rules.context import ALTERNATIVES, MISSING, QUALIFYING, Context, is_summary, point_band, range_bands
from verifier.rules.derive import best_derivation
from verifier.rules.relations import RATIO_RELATIONS, invert_q, to_q
from verifier.vocabulary import inverse_of
from verifier.units import factor

T = TypeVar("T")



def partitions(ctx: Context, claims: Iterable[Claim], key: Callable[[Claim], tuple]) -> list[list[Claim]]:
    """Group ``claims`` by ``key`` plus the values of their metric's discriminating scope keys.

    A claim that lacks a discriminating key is ambiguous (a figure for "the chip" when the
    records hold figures for three models): it is never compared with claims that give the
    key, only with claims that leave out the same keys and agree on the rest (see
    :func:`missing_keys`; rules report such groups at a lower severity). Claims with a list
    scope (summaries) are left out. Only groups of two or more claims are returned (see
    :func:`fact_groups` for all).
    """
    return [g for g in fact_groups(ctx, claims, key) if len(g) > 1]


def fact_groups(ctx: Context, claims: Iterable[Claim], key: Callable[[Claim], tuple]) -> list[list[Claim]]:
    """Like :func:`partitions`, but single-claim groups are kept (a fact stated once is still a fact).

    A qualifying key (:data:`~verifier.rules.context.QUALIFYING`: workload, part, year, per)
    separates facts as soon as one claim of the metric gives it: a standby power, a part, a
    year's figure or an average is never compared with a figure that does not say so.

    Returns:
        Groups in the order of their key's text; claims within a group in input order.
    """
    groups: dict[tuple, list[Claim]] = defaultdict(list)
    claims = list(claims)
    qualifiers: dict[str, set[str]] = defaultdict(set)
    for c in claims:
        qualifiers[c.metric].update(QUALIFYING & c.scope.keys())
    for c in claims:
        disc = sorted(ctx.discriminating.get(c.metric, set()) | qualifiers.get(c.metric, set()))
        if any(isinstance(c.scope.get(k), list) for k in disc):
            continue
        groups[key(c) + tuple((k, c.scope.get(k, MISSING)) for k in disc)].append(c)
    return [g for _, g in sorted(groups.items(), key=lambda kv: str(kv[0]))]


def missing_keys(ctx: Context, group: list[Claim]) -> list[str]:
    """Discriminating scope keys that the claims of ``group`` leave out (empty for a well-scoped fact)."""
    disc = ctx.discriminating.get(group[0].metric, set())
    return sorted(k for k in disc if k not in group[0].scope)


def _outlier_first(group: list[Claim]) -> tuple:
    """Order clusters so the likeliest outlier comes first: fewest figures, hedged ('about') figures, then source."""
    return (len(group), -sum(c.approx is not None for c in group), group[0].source, group[0].anchor.start)


def clusters(items: list[T], band_of: Callable[[T], tuple[Interval, Interval | None]]) -> list[list[T]]:
    """Split ``items`` into clusters whose members all agree with one another (first fit).

    ``band_of(item)`` gives a point figure's band ``(band, None)`` or a range's ``(low band,
    high band)``. Two points agree when their bands meet, two ranges when both ends do, and a
    point and a range always. Bands on a line that meet pairwise share a
    point (Helly's theorem in one dimension, end by end for ranges), so a cluster is kept as
    the intersection of its bands and each item is tested against that, not against every
    member: linear in the figures of a fact, however many times a text repeats one.

    Each item joins the first cluster it agrees with entirely, or starts a new one. Pass
    items sorted by their bands' upper edge: first fit then finds the fewest clusters, and two
    clusters exist exactly when two figures disagree, so a coarse figure that meets both of
    two disagreeing ones ("1 kW" beside 1000 W and 1200 W) cannot hide the conflict.
    """
    points: list[tuple[Interval, list[T]]] = []
    ranges: list[tuple[Interval, Interval, list[T]]] = []
    for item in items:
        lo, hi = band_of(item)
        if hi is None:
            for i, (common, members) in enumerate(points):
                if common.meets(lo):
                    points[i] = (_meet(common, lo), members)
                    members.append(item)
                    break
            else:
                points.append((lo, [item]))
        else:
            for i, (c_lo, c_hi, members) in enumerate(ranges):
                if c_lo.meets(lo) and c_hi.meets(hi):
                    ranges[i] = (_meet(c_lo, lo), _meet(c_hi, hi), members)
                    members.append(item)
                    break
            else:
                ranges.append((lo, hi, [item]))
    out = [members for _, members in points]
    range_groups = [members for _, _, members in ranges]
    if out and len(range_groups) == 1:
        out[0] = out[0] + range_groups[0]  # ranges that agree among themselves agree with any point
        return out
    return out + range_groups


def _meet(a: Interval, b: Interval) -> Interval:
    """The common part of two bands that meet (float slack kept: never an empty interval)."""
    lo, hi = max(a.lo, b.lo), min(a.hi, b.hi)
    return Interval(min(lo, hi), max(lo, hi))


def unit_bands(group: list[Claim]) -> tuple[str | None, dict[str, tuple[Interval, Interval | None]]]:
    """Bands of every claim of ``group`` in one unit (the most common one).

    Returns:
        (unit, {claim id: (band, None) for points or (low band, high band) for ranges}).
        Claims whose unit does not convert are left out.
    """
    counts: dict[str | None, int] = defaultdict(int)
    for c in group:
        counts[c.value.unit] += 1
    unit = max(counts, key=lambda u: (counts[u], str(u)))
    out: dict[str, tuple[Interval, Interval | None]] = {}
    for c in group:
        k = factor(c.value.unit, unit)
        if k is None:
            continue
        if c.value.number is not None:
            out[c.id] = (point_band(c).scale(k), None)
        else:
            lo, hi = range_bands(c)
            if lo is not None and hi is not None:
                out[c.id] = (lo.scale(k), hi.scale(k))
    return unit, out


def upper_edge(bands: tuple[Interval, Interval | None]) -> float:
    """Upper edge of a point band or of a range's high end (clusters want items in this order)."""
    return (bands[1] or bands[0]).hi



def disagreeing_measurements(ctx: Context) -> list[tuple[str | None, list[list[Claim]], list[str]]]:
    """Each fact whose measurements fall into more than one cluster.

    Returns:
        (unit, clusters with the likeliest outlier first, discriminating scope keys the
        claims leave out); rules report a fact with left-out keys at a lower severity.

    Computed once per run and kept in ``ctx.memo`` (V104 and V201 both read it).
    """
    if "disagreeing" in ctx.memo:
        return ctx.memo["disagreeing"]
    out = []
    claims = [c for c in ctx.live if c.comparison is None and not is_summary(c)]
    for group in partitions(ctx, claims, lambda c: (c.subject, c.metric)):
        unit, bands = unit_bands(group)
        usable = sorted((c for c in group if c.id in bands), key=lambda c: (upper_edge(bands[c.id]), c.source, c.anchor.start))
        ctx.checked.update(c.id for c in usable if len(usable) > 1)
        groups = clusters(usable, lambda c: bands[c.id])
        if len(groups) > 1:
            out.append((unit, sorted(groups, key=_outlier_first), missing_keys(ctx, group)))
    ctx.memo["disagreeing"] = out
    return out


def base_metric(metric: str) -> str:
    """The one of a metric and its inverse that comparisons are expressed in (alphabetically first)."""
    inv = inverse_of(metric)
    return min(metric, inv) if inv else metric


def comparison_key(c: Claim) -> tuple:
    """What makes two comparison figures the same comparison: subject, target, base metric and
    the target's scope (a cut against the price before is not a ratio against a rival)."""
    return c.subject, c.comparison.target, base_metric(c.metric), tuple(sorted(c.comparison.scope.items()))


def comparison_q(c: Claim) -> tuple[Interval, Interval | None]:
    """A comparison figure as q = s / t of its base metric: (band,) for points, (low-end band, high-end band) for ranges."""
    flip = base_metric(c.metric) != c.metric

    def q(iv: Interval) -> Interval:
        out = to_q(c.comparison.relation, iv)
        return invert_q(out) if flip else out

    if c.value.number is not None:
        return q(point_band(c)), None
    lo, hi = range_bands(c)
    a, b = q(lo), q(hi)
    return (a, b) if a.mid <= b.mid else (b, a)


def disagreeing_comparisons(ctx: Context) -> list[tuple[list[list[Claim]], dict, list[str]]]:
    """Comparisons of one subject, target and base metric whose q-bands fall into several clusters.

    Comparisons whose two measurements are on record are left to V101. Ranges are compared
    end by end. Memoised in ``ctx.memo``.

    Returns:
        (clusters, {claim id: q bands}, discriminating keys left out) per disagreeing group.
    """
    if "disagreeing_comparisons" in ctx.memo:
        return ctx.memo["disagreeing_comparisons"]
    claims = [
        c for c in ctx.live
        if c.comparison and c.comparison.relation in RATIO_RELATIONS and ALTERNATIVES not in c.subject
        and not any(isinstance(v, list) for v in c.scope.values()) and (c.value.number is not None or None not in (c.value.low, c.value.high))
    ]
    qs = {c.id: comparison_q(c) for c in claims}
    out = []
    key = comparison_key
    for group in partitions(ctx, claims, key):
        first = group[0]
        if ALTERNATIVES not in first.comparison.target and best_derivation(
                ctx, first.subject, first.comparison.target, first.metric, first.scope, first.source, first.comparison.scope):
            continue
        ctx.checked.update(c.id for c in group)
        ordered = sorted(group, key=lambda c: (upper_edge(qs[c.id]), c.source, c.anchor.start))
        groups = clusters(ordered, lambda c: qs[c.id])
        if len(groups) > 1:
            out.append((sorted(groups, key=_outlier_first), qs, missing_keys(ctx, group)))
    ctx.memo["disagreeing_comparisons"] = out
    return out
