"""Recomputing q = s / t for a comparison from measurements in the records.

Shared by the arithmetic rules (a stated ratio against its operands) and the contradiction
rules (which stay silent where the operands settle the question).
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import product

from verifier.models.claim import Claim, scope_of_target
from verifier.numeric import Interval
from verifier.rules.context import Context
from verifier.rules.relations import invert_q
from verifier.units import factor
from verifier.vocabulary import inverse_of


@dataclass(frozen=True)
class Derivation:
    """q = s / t computed from two measurements, and whether it went through the inverse metric."""

    q: Interval
    subject_claim: Claim
    target_claim: Claim
    inverted: bool

    @property
    def operands(self) -> tuple[Claim, Claim]:
        """(subject measurement, target measurement)."""
        return self.subject_claim, self.target_claim

    def width(self) -> float:
        """Relative width of q: smaller is more precise."""
        return (self.q.hi - self.q.lo) / max(abs(self.q.mid), 1e-300)


def best_derivation(ctx: Context, subject: str, target: str, metric: str, scope: dict, source: str,
                    target_scope: dict | None = None, at: int | None = None) -> Derivation | None:
    """The derivation to judge a comparison printed in ``source`` by, without trying every pair.

    A pair from ``source`` itself when it prints both figures (the article's own
    arithmetic), else the most precise pair in the corpus. The relative width of s / t is about the sum of the operands' relative widths,
    so the most precise pair is the most precise s with the most precise t: linear, not
    quadratic, in the number of figures. Memoised per run in ``ctx.memo``.

    ``target_scope`` overrides scope keys for the target (the same product before a price
    cut: ``{"period": "before"}``). ``at``, the offset of the comparison in ``source``, picks
    the article's own figures nearest to it (those before it first) rather than the most
    precise: an article that gives a product's first-day sales and its annual target compares
    the figures it has just printed.
    """
    t_scope = scope_of_target(scope, target_scope)
    key = ("best_derivation", subject, target, metric, _frozen(scope), _frozen(t_scope), source, at)
    if key in ctx.memo:
        return ctx.memo[key]
    own: list[Derivation] = []
    others: list[Derivation] = []
    for m, inverted in ((metric, False), (inverse_of(metric), True)):
        if m is None:
            continue
        subs, tgts = ctx.find(subject, m, scope), ctx.find(target, m, t_scope)
        if not subs or not tgts:
            continue
        mine_s = [x for x in subs if x[0].source == source]
        mine_t = [x for x in tgts if x[0].source == source]
        if mine_s and mine_t:  # the article's own figures: nearest the comparison, else the most precise
            pick = _rel_width if at is None else (lambda x: (_distance(x[0], at), _rel_width(x)))
            own += _pairs([min(mine_s, key=pick)], [min(mine_t, key=pick)], inverted)
        others += _pairs([min(subs, key=_rel_width)], [min(tgts, key=_rel_width)], inverted)
    pool = own or others
    found = min(pool, key=lambda d: (d.width(), d.subject_claim.id, d.target_claim.id)) if pool else None
    ctx.memo[key] = found
    return found


def _frozen(scope: dict) -> tuple:
    return tuple(sorted((k, str(v)) for k, v in scope.items()))


def _distance(c: Claim, at: int) -> int:
    """Characters from a figure to the comparison at ``at``; a figure after it counts double."""
    return at - c.anchor.start if c.anchor.start <= at else 2 * (c.anchor.start - at)


def _rel_width(item: tuple[Claim, Interval]) -> tuple:
    iv = item[1]
    return ((iv.hi - iv.lo) / max(abs(iv.mid), 1e-300), item[0].id)


def _pairs(subs: list, tgts: list, inverted: bool) -> list[Derivation]:
    out = []
    for (sc, s_iv), (tc, t_iv) in product(subs, tgts):
        k = factor(tc.value.unit, sc.value.unit)
        if k is not None:
            q = s_iv / t_iv.scale(k)
            out.append(Derivation(invert_q(q) if inverted else q, sc, tc, inverted))
    return out
