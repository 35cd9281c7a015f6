"""Facts of a corpus: every claim grouped with the others that speak of the same fact.

A *fact* is a subject, a metric and a comparable scope (see :mod:`verifier.rules.context`).
The facts are the checker's own :class:`verifier.rules.facts.FactGroup` records, keyed on
subject, metric and the values of the metric's discriminating scope keys: the very groups
and clusters the contradiction rules (V2xx) judge, so the fact sheet and the audit never
disagree on what one fact is. Three families of facts are built:

* measurements ("Zephyr X1 power, basis=rated"): figures in a unit, compared on their printed
  bands after unit conversion;
* comparisons ("Zephyr X1 vs Orca 9 throughput_per_power"): ratios, shares and percentage
  changes, all mapped to q = s / t (through the inverse metric where needed) before they
  are compared, as rule V202 does;
* differences ("Zephyr X1 vs Orca 9 die_area, difference"): compared on their bands.

Within a fact, figures are split into *clusters* that agree at printed precision
(:func:`verifier.rules.facts.clusters`). A claim that leaves out a discriminating key is in a
*loose* fact of its own ("model not stated"), never set beside a well-scoped one: the checker
never compares the two, so the sheet does not either.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from verifier.models.claim import Claim
from verifier.rules.context import Context
from verifier.rules.facts import MISSING, FactGroup, comparison_facts, difference_facts, measurement_facts
from verifier.units import factor
from verifier.vocabulary import METRICS


@dataclass
class Fact:
    """One fact and the claims about it.

    Attributes:
        id: stable text key, e.g. ``'Orca 9|power||basis=rated'`` (subject|metric|target|scope).
        subject: canonical subject name.
        metric: metric of the vocabulary (for comparisons, the metric of the first claim).
        target: for comparisons and differences, the subject compared against; else None.
        family: ``'measurement'``, ``'comparison'`` or ``'difference'``.
        scope: the discriminating scope values that define the fact (may be empty).
        claims: every claim of the fact, in (source, offset) order.
        clusters: the claims split into groups that agree at printed precision.
        unit: the unit the bands were compared in (measurements and differences).
        in_unit: True when the unit is part of the fact's identity (a metric such as ``count``
            stated for several kinds of thing: models, stacks).
    """

    id: str
    subject: str
    metric: str
    target: str | None
    family: str
    scope: dict[str, str]
    claims: list[Claim]
    clusters: list[list[Claim]]
    unit: str | None = None
    in_unit: bool = False

    def label(self) -> str:
        """Human-readable name: 'Orca 9 power (basis=rated)', 'Zephyr X1 vs Orca 9 throughput_per_power'."""
        head = f"{self.subject} vs {self.target}" if self.target else self.subject
        tail = f" ({scope_text(self.scope)})" if self.scope else ""
        kind = ", difference" if self.family == "difference" else ""
        unit = f" in {self.unit}" if self.in_unit else ""
        return f"{head} {self.metric}{unit}{kind}{tail}"


def scope_text(scope: dict) -> str:
    """'basis=rated, model=Atlas 70B' (keys sorted; list values joined by ' / '; a left-out key as 'basis not stated')."""
    return ", ".join(f"{k} not stated" if v == MISSING else f"{k}={' / '.join(v) if isinstance(v, list) else v}"
                     for k, v in sorted(scope.items()))


def build_facts(ctx: Context) -> list[Fact]:
    """Every fact of ``ctx``'s live claims (numeric, not rejected), in a stable order.

    The facts are the checker's own (:func:`verifier.rules.facts.measurement_facts`,
    :func:`~verifier.rules.facts.difference_facts`, :func:`~verifier.rules.facts.comparison_facts`):
    the same grouping and the same clusters the contradiction rules judge. Claims that leave
    out a discriminating scope key form *loose* facts of their own (scope value
    :data:`verifier.rules.facts.MISSING`, shown as "not stated"), as the rules group them.

    Returns:
        Facts sorted by (subject, metric, target, scope). Date-only claims and summaries
        (list scopes, alternative subjects) belong to no fact.
    """
    facts = [_fact(g) for g in (*measurement_facts(ctx), *difference_facts(ctx), *comparison_facts(ctx))]
    return sorted(facts, key=lambda f: (f.subject, f.metric, f.target or "", f.id))


def _fact(group: FactGroup) -> Fact:
    first = group.claims[0]
    scope = dict(group.scope)
    counts = Counter(c.metric for c in group.claims)
    metric = max(sorted(counts), key=lambda m: counts[m])  # the metric most claims use (comparisons mix a metric and its inverse)
    target = first.comparison.target if first.comparison else None
    fid = "|".join([first.subject, metric, target or "", scope_text(scope)])
    order = lambda c: (c.source, c.anchor.start, c.id)  # noqa: E731 - one sort key, used twice
    ordered = sorted((sorted(g, key=order) for g in group.clusters), key=lambda g: order(g[0]))
    fact = Fact(fid, first.subject, metric, target, group.family, scope, sorted(group.claims, key=order), ordered)
    if group.family == "comparison":
        return fact
    fact.unit = group.unit
    canonical = METRICS[fact.metric].unit if fact.metric in METRICS else None
    if group.unit is not None and (canonical is None or factor(group.unit, canonical) is None):
        fact.id += f"|{group.unit}"  # a metric stated in two dimensions ('count' of models, of stacks) is two facts
        fact.in_unit = True
    return fact


def subjects_of(corpus) -> list[str]:
    """Canonical subject names of the corpus's live claims (alternatives such as 'A|B' left out), sorted."""
    return sorted({c.subject for c in Context(corpus).live if "|" not in c.subject})
