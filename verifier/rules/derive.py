"""Recomputing q = s / t for a comparison from measurements in the records.

Shared by the arithmetic rules (a stated ratio against its operands) and the contradiction
rules (which stay silent where the operands settle the question).
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import product

from verifier.models.claim import Claim
from verifier.numeric import Interval
from verifier.rules.context import Context, point_band
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


def derivations(ctx: Context, subject: str, target: str, metric: str, scope: dict) -> list[Derivation]:
    """Every q = s / t for ``metric`` (or 1 / q from its inverse metric) from comparable measurement pairs."""
    out: list[Derivation] = []
    for m, inverted in ((metric, False), (inverse_of(metric), True)):
        if m is None:
            continue
        subs = ctx.find(subject, m, scope)
        for (sc, s_iv), (tc, _) in product(subs, ctx.find(target, m, scope)):
            if not ctx.comparable(sc, tc, (m,)):
                continue
            k = factor(tc.value.unit, sc.value.unit)
            if k is None:
                continue
            q = s_iv / point_band(tc).scale(k)
            out.append(Derivation(invert_q(q) if inverted else q, sc, tc, inverted))
    return out


def best(derivs: list[Derivation], source: str) -> Derivation | None:
    """The derivation to judge by: from ``source``'s own figures if any, else the most precise."""
    own = [d for d in derivs if d.subject_claim.source == source and d.target_claim.source == source]
    pool = own or derivs
    return min(pool, key=lambda d: (d.width(), d.subject_claim.id, d.target_claim.id)) if pool else None
