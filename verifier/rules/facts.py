"""Grouping claims into facts and splitting each fact's figures into agreeing clusters.

The one place where claims become facts (:class:`FactGroup`, built once per run by
:func:`measurement_facts`, :func:`difference_facts` and :func:`comparison_facts`). The
restatement rules (V104, V107) and the contradiction rules (V2xx) read them, and so do the
fact index, the fact sheet and the evidence graph (:mod:`verifier.factindex`): figures of one
fact that do not all agree fall into two or more clusters; each cluster's figures agree with
one another at printed precision.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from typing import Callable, Iterable, TypeVar

from verifier.models.claim import Claim
from verifier.apposition import apposed
from verifier.numeric import Interval, restates_rounded
from verifier.rules.things import same_thing
from verifier.rules.context import ALTERNATIVES, MISSING, QUALIFYING, Context, is_summary, point_band, range_bands, rounded_band
from verifier.rules.derive import best_derivation
from verifier.rules.relations import RATIO_RELATIONS, invert_q, to_q
from verifier.vocabulary import inverse_of
from verifier.units import factor

T = TypeVar("T")


def qualifiers_of(claims: Iterable[Claim]) -> dict[str, set[str]]:
    """Metric -> the :data:`~verifier.rules.context.QUALIFYING` keys some of ``claims`` give:
    read over every claim of a kind of fact, as :func:`fact_groups` groups them (a union per metric)."""
    out: dict[str, set[str]] = defaultdict(set)
    for c in claims:
        out[c.metric].update(QUALIFYING & c.scope.keys())
    return out


def fact_groups(ctx: Context, claims: Iterable[Claim], key: Callable[[Claim], tuple],
                family: str | None = None) -> list[tuple[dict[str, str], list[Claim]]]:
    """Group ``claims`` by ``key`` plus the values of their metric's discriminating scope keys.

    A claim that lacks a discriminating key is ambiguous (a figure for "the chip" when the
    records hold figures for three models): it is never compared with claims that give the
    key, only with claims that leave out the same keys and agree on the rest (see
    :func:`missing_keys`; rules report such groups at a lower severity). Claims with a list
    scope (summaries) are left out. Single-claim groups are kept (a fact stated once is still
    a fact).

    A qualifying key (:data:`~verifier.rules.context.QUALIFYING`: workload, part, year, per)
    separates facts as soon as one claim of the metric gives it: a standby power, a part, a
    year's figure or an average is never compared with a figure that does not say so.

    ``family`` names the kind of fact (:data:`FACT_KINDS`) whose qualifiers the context's
    whole-corpus :attr:`~verifier.rules.context.Context.stats` hold, read instead of ``claims``'.

    Returns:
        (scope, group) pairs in the order of their key's text, claims within a group in
        input order. The scope is what sets the group apart: each discriminating key of the
        metric with its value (:data:`~verifier.rules.context.MISSING` when the claims leave
        it out) and each qualifying key the claims give; a qualifier they do not give is
        left out (an unqualified figure, not an unstated scope).
    """
    groups: dict[tuple, list[Claim]] = defaultdict(list)
    scopes: dict[tuple, dict[str, str]] = {}
    claims = list(claims)
    own: dict[str, set[str]] | None = None
    for c in claims:
        disc = ctx.discriminating.get(c.metric, set())
        qualifying = ctx.stats.qualifying(family, c.metric) if ctx.stats is not None and family else None
        if qualifying is None:
            own = qualifiers_of(claims) if own is None else own
            qualifying = own.get(c.metric, set())
        keys = sorted(disc | qualifying)
        if any(isinstance(c.scope.get(k), list) for k in keys):
            continue
        group_key = key(c) + tuple((k, c.scope.get(k, MISSING)) for k in keys)
        groups[group_key].append(c)
        scopes.setdefault(group_key, {k: c.scope.get(k, MISSING) for k in keys if k in disc or k in c.scope})
    return [(scopes[gk], g) for gk, g in sorted(groups.items(), key=lambda kv: str(kv[0]))]


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


def by_dimension(group: list[Claim]) -> list[list[Claim]]:
    """Split claims into groups whose units convert into one another ('3 models' and '8 stacks' are two facts).

    Returns:
        Groups in order of their first claim; a single group when every unit converts.
    """
    out: list[list[Claim]] = []
    for c in group:
        for g in out:
            if factor(c.value.unit, g[0].value.unit) is not None:
                g.append(c)
                break
        else:
            out.append([c])
    return out


@dataclass(frozen=True, slots=True)
class FactGroup:
    """One fact as the checker reads it: the claims grouped together and their agreeing clusters.

    Attributes:
        family: ``'measurement'``, ``'difference'`` or ``'comparison'``.
        claims: every claim of the fact, in input (offset) order.
        clusters: the claims that could be banded, split into clusters that agree at printed
            precision (:func:`clusters`, first fit in upper-edge order); two or more clusters
            mean two figures disagree.
        bands: claim id -> (band, None) for points or (low band, high band) for ranges, in
            ``unit`` for measurements and differences, as q = s / t for comparisons.
        unit: the unit the bands are in (None for comparisons).
        missing: discriminating scope keys the claims leave out (:func:`missing_keys`).
        scope: the scope that sets the fact apart (:func:`fact_groups`).
    """

    family: str
    scope: dict[str, str]
    claims: list[Claim]
    clusters: list[list[Claim]]
    bands: dict[str, tuple[Interval, Interval | None]]
    unit: str | None
    missing: list[str]


def _clustered(ctx: Context, family: str, scope: dict[str, str], group: list[Claim], unit: str | None,
               bands: dict[str, tuple[Interval, Interval | None]]) -> FactGroup:
    usable = sorted((c for c in group if c.id in bands), key=lambda c: (upper_edge(bands[c.id]), c.source, c.anchor.start))
    return FactGroup(family, scope, group, clusters(usable, lambda c: bands[c.id]), bands, unit, missing_keys(ctx, group))


def _banded_facts(ctx: Context, family: str, claims: list[Claim], key: Callable[[Claim], tuple]) -> list[FactGroup]:
    """Facts of figures in a unit: grouped by ``key`` and scope, one fact per dimension, bands in the
    most common unit. A rounded conversion printed beside its source (:func:`rounded_restatements`)
    is no second statement of the fact: the source takes the span of both figures' bands (another
    article's '8,000 feet' agrees with '2,450 meters (8,000 feet)'), and the conversion keeps none."""
    out = []
    for scope, group in fact_groups(ctx, claims, key, family):
        for dim in by_dimension(group):
            unit, bands = unit_bands(dim)
            for first, restated in rounded_restatements(ctx, dim):
                if first in bands and restated in bands:  # one statement: the pair's figures as one band
                    both = (bands[first][0], bands.pop(restated)[0])
                    bands[first] = (Interval(min(b.lo for b in both), max(b.hi for b in both)), None)
            out.append(_clustered(ctx, family, scope, dim, unit, bands))
    return out


def linked_as_restatement(ctx: Context, first: Claim, later: Claim) -> bool:
    """Whether the text sets ``later`` right after ``first`` as the same figure restated
    ('30 km (20 miles)', '350 km, or 217 miles': :func:`verifier.apposition.apposed`)."""
    if first.source != later.source or first.anchor.end > later.anchor.start:
        return False
    return apposed(ctx.corpus.sources[first.source].body[first.anchor.end:later.anchor.start])


def agrees_as_rounded_conversion(first: Claim, later: Claim) -> bool:
    """Whether two point figures in different units agree as a conversion rounded as printed, in
    either direction (:func:`verifier.numeric.restates_rounded`); False when the units do not convert."""
    if first.value.number is None or later.value.number is None or first.value.unit == later.value.unit:
        return False
    k = factor(first.value.unit, later.value.unit)
    if k is None:
        return False
    return restates_rounded(point_band(first).scale(k), rounded_band(first).scale(k), point_band(later), rounded_band(later), k)


def rounded_restatements(ctx: Context, group: list[Claim]) -> list[tuple[str, str]]:
    """(first id, restatement id) of the figures of ``group`` that restate the figure before them in
    another unit, linked by the text and agreeing as a rounded conversion ('30 kilometers (20
    miles)': 20 is 18.6 at tens), in text order."""
    by_source: dict[str, list[Claim]] = defaultdict(list)
    for c in group:
        by_source[c.source].append(c)
    out = []
    for _, cs in sorted(by_source.items()):
        cs.sort(key=lambda c: c.anchor.start)
        out.extend((a.id, b.id) for a, b in zip(cs, cs[1:])
                   if agrees_as_rounded_conversion(a, b) and linked_as_restatement(ctx, a, b))
    return out


FACT_KINDS = ("measurement", "difference", "comparison")
"""The kinds of fact, each grouped from its own claims (:func:`fact_claims`)."""


def fact_claims(ctx: Context, kind: str) -> list[Claim]:
    """The claims facts of ``kind`` (:data:`FACT_KINDS`) are grouped from: measurements (no
    comparison, not a summary); differences; ratios, shares and percentage changes of one
    subject, without a list scope or a range with an open end."""
    if kind == "measurement":
        return [c for c in ctx.live if c.comparison is None and not is_summary(c)]
    if kind == "difference":
        return [c for c in ctx.live if c.comparison and c.comparison.relation == "difference" and not is_summary(c)]
    return [c for c in ctx.live
            if c.comparison and c.comparison.relation in RATIO_RELATIONS and ALTERNATIVES not in c.subject
            and not any(isinstance(v, list) for v in c.scope.values())
            and (c.value.number is not None or None not in (c.value.low, c.value.high))]


def measurement_facts(ctx: Context) -> list[FactGroup]:
    """Facts of measurements (no comparison, not a summary), single-claim facts included, a level
    and the size of a change never one fact ('41.2%' and 'rose by 4.7%': :func:`verifier.align.frames.role_of`);
    memoised in ``ctx.memo``."""
    if "measurement_facts" not in ctx.memo:
        claims = fact_claims(ctx, "measurement")
        ctx.memo["measurement_facts"] = _banded_facts(ctx, "measurement", claims, lambda c: (c.subject, c.metric, ctx.role(c)[0]))
    return ctx.memo["measurement_facts"]


def difference_facts(ctx: Context) -> list[FactGroup]:
    """Facts of differences ('300 W more than the Orca 9'), keyed on subject, target and metric; memoised."""
    if "difference_facts" not in ctx.memo:
        claims = fact_claims(ctx, "difference")
        ctx.memo["difference_facts"] = _banded_facts(ctx, "difference", claims,
                                                     lambda c: (c.subject, c.comparison.target, c.metric))
    return ctx.memo["difference_facts"]


def comparison_facts(ctx: Context) -> list[FactGroup]:
    """Facts of ratios, shares and percentage changes, keyed by :func:`comparison_key`, banded as q = s / t; memoised.

    Comparisons of alternative subjects ('A|B'), with a list scope, or a range with an open
    end are left out; an alternative target is kept (it is compared with the same alternatives).
    """
    if "comparison_facts" not in ctx.memo:
        claims = fact_claims(ctx, "comparison")
        ctx.memo["comparison_facts"] = [
            _clustered(ctx, "comparison", scope, g, None, {c.id: comparison_q(c) for c in g})
            for scope, g in fact_groups(ctx, claims, comparison_key, "comparison")
        ]
    return ctx.memo["comparison_facts"]


def disagreeing_measurements(ctx: Context) -> list[tuple[str | None, list[list[Claim]], list[str]]]:
    """Each measurement fact (:func:`measurement_facts`) whose figures fall into more than one cluster.

    Returns:
        (unit, clusters with the likeliest outlier first, discriminating scope keys the
        claims leave out); rules report a fact with left-out keys at a lower severity.

    Computed once per run and kept in ``ctx.memo`` (V104 and V201 both read it).
    """
    if "disagreeing" in ctx.memo:
        return ctx.memo["disagreeing"]
    out = []
    for fact in measurement_facts(ctx):
        usable = [c for g in fact.clusters for c in g]
        ctx.checked.update(c.id for c in usable if len(usable) > 1)
        clusters = _same_things(fact.clusters) if len(fact.clusters) > 1 else fact.clusters
        if len(clusters) > 1:
            out.append((fact.unit, sorted(clusters, key=_outlier_first), fact.missing))
    ctx.memo["disagreeing"] = out
    return out


def _same_things(clusters: list[list[Claim]]) -> list[list[Claim]]:
    """``clusters`` without the figures whose measured thing no figure of another cluster can share
    (:func:`verifier.rules.things.same_thing`: 'overruns' against 'estimated cost'): a disagreement
    with them would rest on two different nouns. Only measured things decided with confidence
    count. Emptied clusters are dropped."""
    kept = []
    for i, g in enumerate(clusters):
        others = [c for j, h in enumerate(clusters) if j != i for c in h]
        g = [c for c in g if any(same_thing(_thing(c), _thing(o)) for o in others)]
        if g:
            kept.append(g)
    return kept


def _thing(c: Claim) -> str | None:
    """A claim's measured thing when it was decided with confidence (a bare classifier, '台', is not)."""
    return c.measured if not c.weak({"measured"}) else None


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
    """Comparison facts (:func:`comparison_facts`) whose q-bands fall into several clusters.

    Comparisons whose two measurements are on record are left to V101. Ranges are compared
    end by end. Memoised in ``ctx.memo``.

    Returns:
        (clusters, {claim id: q bands}, discriminating keys left out) per disagreeing group.
    """
    if "disagreeing_comparisons" in ctx.memo:
        return ctx.memo["disagreeing_comparisons"]
    out = []
    for fact in comparison_facts(ctx):
        if len(fact.claims) < 2 or settled_by_measurements(ctx, fact):
            continue
        ctx.checked.update(c.id for c in fact.claims)
        if len(fact.clusters) > 1:
            out.append((sorted(fact.clusters, key=_outlier_first), fact.bands, fact.missing))
    ctx.memo["disagreeing_comparisons"] = out
    return out


def settled_by_measurements(ctx: Context, fact: FactGroup) -> bool:
    """True when the records hold the two measurements a comparison fact is about (V101 then judges each figure)."""
    first = fact.claims[0]
    return ALTERNATIVES not in first.comparison.target and best_derivation(
        ctx, first.subject, first.comparison.target, first.metric, first.scope, first.source, first.comparison.scope) is not None
