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
from verifier.rules.context import Context, is_summary, point_band, range_bands
from verifier.units import factor

T = TypeVar("T")


def partitions(ctx: Context, claims: Iterable[Claim], key: Callable[[Claim], tuple]) -> list[list[Claim]]:
    """Group ``claims`` by ``key`` plus the values of their metric's discriminating scope keys.

    Claims that lack a discriminating key are left out: they are ambiguous (a figure for
    "the chip" when the records hold figures for three models) and are never compared.
    """
    groups: dict[tuple, list[Claim]] = defaultdict(list)
    for c in claims:
        disc = sorted(ctx.discriminating.get(c.metric, set()))
        if any(k not in c.scope or isinstance(c.scope[k], list) for k in disc):
            continue
        groups[key(c) + tuple((k, c.scope[k]) for k in disc)].append(c)
    return [g for _, g in sorted(groups.items(), key=lambda kv: str(kv[0])) if len(g) > 1]


def _outlier_first(group: list[Claim]) -> tuple:
    """Order clusters so the likeliest outlier comes first: fewest figures, hedged ('about') figures, then source."""
    return (len(group), -sum(c.approx is not None for c in group), group[0].source, group[0].anchor.start)


def clusters(items: list[T], agree: Callable[[T, T], bool]) -> list[list[T]]:
    """Connected components of the 'agrees with' relation (union-find), in first-seen order."""
    parent = list(range(len(items)))

    def root(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    for i in range(len(items)):
        for j in range(i + 1, len(items)):
            if agree(items[i], items[j]):
                parent[root(j)] = root(i)
    out: dict[int, list[T]] = {}
    for i, item in enumerate(items):
        out.setdefault(root(i), []).append(item)
    return list(out.values())


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


def agree_bands(a: tuple[Interval, Interval | None], b: tuple[Interval, Interval | None]) -> bool:
    """Points agree when their bands meet; ranges when both ends meet; a point and a range never conflict."""
    if (a[1] is None) != (b[1] is None):
        return True
    if a[1] is None:
        return a[0].meets(b[0])
    return a[0].meets(b[0]) and a[1].meets(b[1])


def split_by_source(groups: list[list[Claim]]) -> bool:
    """True when no source appears in two clusters (a disagreement between sources only)."""
    seen: dict[str, int] = {}
    for i, g in enumerate(groups):
        for c in g:
            if seen.setdefault(c.source, i) != i:
                return False
    return True


def disagreeing_measurements(ctx: Context) -> list[tuple[str | None, list[list[Claim]]]]:
    """Each fact whose measurements fall into more than one cluster: (unit, clusters), smallest cluster first.

    Computed once per run and kept in ``ctx.memo`` (V104 and V201 both read it).
    """
    if "disagreeing" in ctx.memo:
        return ctx.memo["disagreeing"]
    out = []
    claims = [c for c in ctx.live if c.comparison is None and not is_summary(c)]
    for group in partitions(ctx, claims, lambda c: (c.subject, c.metric)):
        unit, bands = unit_bands(group)
        usable = [c for c in group if c.id in bands]
        ctx.checked.update(c.id for c in usable if len(usable) > 1)
        groups = clusters(usable, lambda a, b: agree_bands(bands[a.id], bands[b.id]))
        if len(groups) > 1:
            out.append((unit, sorted(groups, key=_outlier_first)))
    ctx.memo["disagreeing"] = out
    return out
