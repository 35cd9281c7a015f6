"""V2xx: different sources giving incompatible figures for the same fact.

A fact is a subject, a metric and a scope (see :mod:`verifier.rules.context`): a TDP and a
measured power are different facts (scope ``basis``), and so are one model's figure and
another's (scope ``model``). Figures agree when their printed bands meet. The facts and
their clusters are :func:`verifier.rules.facts.measurement_facts` and
:func:`~verifier.rules.facts.comparison_facts`, the very records the fact sheet shows; the
sheet calls a fact contested exactly when a finding of this family covers its figures
(:func:`contradicted_claims`).
"""

from __future__ import annotations

from typing import Iterable, Iterator

from verifier.models.claim import Claim
from verifier.models.finding import Band, Finding, Severity
from verifier.numeric import fmt_interval
from verifier.rules.context import Context, figure_text, loose_note, operand, stated_band
from verifier.rules.facts import disagreeing_comparisons, disagreeing_measurements
from verifier.rules.registry import rule
from verifier.units import factor


FAMILY = "V2"
"""Code prefix of the contradiction rules (the family digit of :mod:`verifier.rules.registry`)."""


def contradicted_claims(findings: Iterable[Finding]) -> set[str]:
    """Ids of the claims a contradiction finding (:data:`FAMILY`) lists: every figure of each contradicted fact."""
    return {cid for f in findings if f.rule.startswith(FAMILY) for cid in f.claims}


def _scope_text(c: Claim) -> str:
    return ", ".join(f"{k}={v}" for k, v in sorted(c.scope.items())) or "no scope"


def _figure(c: Claim) -> str:
    return figure_text(c) + (f" ({c.approx})" if c.approx else "")


def _describe(groups: list[list[Claim]]) -> str:
    """'1200 W (about) in s003 vs 1400 W in s000 (×6), s001, s002' for messages."""
    parts = []
    for g in groups:
        by_text: dict[str, dict[str, int]] = {}
        for c in g:
            per = by_text.setdefault(_figure(c), {})
            per[c.source] = per.get(c.source, 0) + 1
        parts.append("; ".join(f"{text} in " + ", ".join(s + (f" (×{n})" if n > 1 else "") for s, n in per.items())
                               for text, per in by_text.items()))
    return " vs ".join(parts)


@rule("V201", "conflicting-figures", "Sources give incompatible figures for the same subject, metric and scope.")
def conflicting_figures(ctx: Context) -> Iterator[Finding]:
    """Figures for one fact from different sources are split into clusters that agree at
    printed precision (after unit and scale conversion); more than one cluster is a
    contradiction. The finding sits at the smallest cluster (the outlier) and lists all.

    Tolerance: two figures agree when their bands meet (half a last digit each, widened by
    approximation words); ranges agree when both ends do.

    Okay: "The Sea Swift ferry is rated at 1,000 kW." | "The Sea Swift ferry is rated at 1 MW."
    V201: "The Sea Swift ferry is rated at 1,000 kW." | "The Sea Swift ferry is rated at 1,200 kW."
    """
    me = conflicting_figures.rule
    for _unit, groups, missing in disagreeing_measurements(ctx):
        sources = {c.source for g in groups for c in g}
        if len(sources) < 2:
            continue
        out = groups[0][0]
        others = [c for g in groups[1:] for c in g]
        hull = _hull(others, out.value.unit)
        yield me.finding(
            f"{out.subject} {out.metric} ({_scope_text(out)}): {_describe(groups)}" + loose_note(missing),
            severity=Severity.warning if missing else None, claims=[c.id for g in groups for c in g],
            stated=stated_band(out),
            recomputed=Band(low=hull[0], high=hull[1], unit=out.value.unit, basis="the other sources' figures, each at its printed band, in this unit") if hull else None,
            operands=[operand(c) for c in others], formula=f"{len(groups)} clusters of figures that do not agree at printed precision",
            **ctx.location(out),
        )


def _hull(claims: list[Claim], unit: str | None) -> tuple[float, float] | None:
    """Lowest and highest band edge of the figures among ``claims`` (points and ranges), converted to ``unit``."""
    bands = []
    for c in claims:
        k = factor(c.value.unit, unit)
        if k is not None:
            b = stated_band(c)
            bands.append(sorted((b.low * k, b.high * k)))
    return (min(b[0] for b in bands), max(b[1] for b in bands)) if bands else None


@rule("V202", "conflicting-comparisons", "Sources give incompatible ratios for the same comparison, and no measurements settle it.")
def conflicting_comparisons(ctx: Context) -> Iterator[Finding]:
    """Comparison figures for the same subject, target and metric from different sources
    (a ratio in one, a share or a reduction in another, all mapped to q = s / t, through the
    inverse metric if needed; ranges end by end) that fall into more than one agreeing
    cluster. When the records hold the two measurements, V101 judges each figure against
    them instead, and this rule stays silent.

    Okay: "1.9x" in one source and "about 1.9x" in another.
    V202: "1.5x" in one source and "1.7x" in another, with no measurements recorded.
    """
    me = conflicting_comparisons.rule
    for groups, qs, missing in disagreeing_comparisons(ctx):
        if len({c.source for g in groups for c in g}) < 2:
            continue
        out = groups[0][0]
        other_q = [qs[c.id] for g in groups[1:] for c in g]
        q_lo, q_hi = min(q[0].lo for q in other_q), max((q[1] or q[0]).hi for q in other_q)
        yield me.finding(
            f"{out.subject} vs {out.comparison.target} {out.metric} ({_scope_text(out)}): {_describe(groups)}; "
            f"as s/t: " + " vs ".join(_q_text(qs[g[0].id]) for g in groups) + loose_note(missing),
            severity=Severity.warning if missing else None, claims=[c.id for g in groups for c in g],
            stated=stated_band(out), recomputed=Band(low=q_lo, high=q_hi, unit="x", basis="the other sources' figures as q = s / t"),
            operands=[operand(c) for g in groups[1:] for c in g], formula="each figure mapped to q = s / t", **ctx.location(out),
        )


def _q_text(q) -> str:
    return fmt_interval(q[0]) if q[1] is None else f"{fmt_interval(q[0])}–{fmt_interval(q[1])}"


