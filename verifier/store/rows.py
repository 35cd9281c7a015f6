"""Rows of the claim store's tables, read off the report and its corpus (plain Python, no Arrow).

    claim_rows(report, corpus) -> [{column: value}] for the ``claims`` table
    source_rows(report)        -> [{column: value}] for ``sources``
    finding_rows(report)       -> [{column: value}] for ``findings``

Columns and their meanings are :mod:`verifier.store.schema`'s. The claims are the report's
``claims`` list, in its order; the grouping columns come from the checker's own code:
``family`` from :func:`verifier.align.frames.family_of`, ``fact_key`` and ``fact_kind`` from
:func:`verifier.factindex.build_facts`.
"""

from __future__ import annotations

from typing import Any, Final

from verifier.align.frames import family_of
from verifier.factindex import build_facts
from verifier.ingest.corpus import Corpus
from verifier.models.report import ClaimEntry, Report
from verifier.rules.context import Context

Row = dict[str, Any]

RATIO_FAMILIES: Final = frozenset({"fraction", "multiple"})
"""Unit families kept in one partition: a comparison fact holds both '40% faster' (fraction)
and '1.4x' (multiple), and '%' converts to 'x' (:func:`verifier.units.factor`)."""

RATIO_GROUP: Final = "ratio"
"""The partition of :data:`RATIO_FAMILIES`."""


def unit_group(unit: str | None) -> str:
    """The partition of a claim in ``unit``: its unit family (:func:`~verifier.align.frames.family_of`),
    'ratio' for a fraction or a multiple. Claims that the cross-article stage can set side by side
    share it: frames are paired only within a family (:func:`verifier.align.pairs.align`), and a
    fact's figures convert into one another's unit."""
    family = family_of(unit)
    return RATIO_GROUP if family in RATIO_FAMILIES else family


def fact_keys(corpus: Corpus) -> dict[str, tuple[str, str]]:
    """Claim id -> (fact key, fact kind) for every claim of a fact (:func:`verifier.factindex.build_facts`).

    The key is the fact's id; a second (third...) fact that prints the same id gets '#2'
    ('#3'...) in build_facts' order: the id leaves out a level's or a change's role, so 'price'
    and 'price rose 5%' of one subject print one id, and GROUP BY must not join them.
    """
    out: dict[str, tuple[str, str]] = {}
    seen: dict[str, int] = {}
    for fact in build_facts(Context(corpus)):
        seen[fact.id] = seen.get(fact.id, 0) + 1
        key = fact.id if seen[fact.id] == 1 else f"{fact.id}#{seen[fact.id]}"
        for c in fact.claims:
            out[c.id] = (key, fact.family)
    return out


def claim_rows(report: Report, corpus: Corpus) -> list[Row]:
    """One row per claim of ``report.claims`` (report order), columns of :data:`verifier.store.schema.CLAIMS`.

    ``corpus`` is the corpus the report was made of (lines of the quotes, facts).
    """
    facts = fact_keys(corpus)
    return [_claim_row(e, corpus.sources[e.source].line_of(e.start), facts.get(e.id, (None, None))) for e in report.claims]


def _claim_row(e: ClaimEntry, line: int, fact: tuple[str | None, str | None]) -> Row:
    value, low, high, iso = _value_columns(e.value)
    cmp = e.comparison
    return {
        "id": e.id, "source": e.source, "line": line, "quote": e.quote, "start": e.start, "end": e.end,
        "sentence": e.sentence, "subject": e.subject, "metric": e.metric, "measured": e.measured, "kind": e.kind,
        "printed": e.printed, "value": value, "low": low, "high": high, "iso": iso, "unit": e.unit, "approx": e.approx,
        "scope": _scope(e.scope),
        "comparison": None if cmp is None else {"target": cmp.target, "relation": cmp.relation, "scope": list(cmp.scope.items())},
        "attribution": {"origin": e.attribution.origin, "said_by": e.attribution.said_by, "tier": e.attribution.tier.value},
        "derived": None if e.derived is None else e.derived.model_dump(),
        "streak": None if e.streak is None else e.streak.model_dump(),
        "decided": [(part, {"by": d.by, "confidence": d.confidence}) for part, d in sorted(e.decided.items())],
        "status": e.status, "family": family_of(e.unit), "fact_key": fact[0], "fact_kind": fact[1],
        "unit_group": unit_group(e.unit),
    }


def _value_columns(value: float | list | str | None) -> tuple[float | None, float | None, float | None, str | None]:
    """(value, low, high, iso) of a report entry's value: a number, ``[low, high]`` or an ISO date."""
    if isinstance(value, list):
        return None, value[0], value[1], None
    if isinstance(value, str):
        return None, None, None, value
    return value, None, None, None


def _scope(scope: dict[str, str | list[str]]) -> list[tuple[str, str]]:
    """A scope as map entries, keys sorted, a list value joined by ' / ' (as :func:`verifier.factindex.scope_text` prints it)."""
    return [(k, " / ".join(v) if isinstance(v, list) else v) for k, v in sorted(scope.items())]


def source_rows(report: Report) -> list[Row]:
    """One row per source of ``report.sources`` (id order), columns of :data:`verifier.store.schema.SOURCES`."""
    return [{
        "id": s.id, "path": s.path, "title": s.title, "publisher": s.publisher, "tier": s.tier.value,
        "tier_given": s.tier_given, "published": s.published, "url": s.url, "languages": list(s.languages),
        "authors": list(s.authors), "format": s.format,
        "cites": [{"source": c.source, "relation": c.relation, "note": c.note} for c in s.cites],
    } for s in report.sources]


def finding_rows(report: Report) -> list[Row]:
    """One row per finding of ``report.findings`` (report order), columns of :data:`verifier.store.schema.FINDINGS`."""
    return [{
        "n": n, "rule": f.rule, "name": f.name, "severity": f.severity.value, "message": f.message, "source": f.source,
        "path": f.path, "line": f.line, "claims": list(f.claims),
        "stated": None if f.stated is None else f.stated.model_dump(),
        "recomputed": None if f.recomputed is None else f.recomputed.model_dump(),
        "formula": f.formula, "operands": [o.model_dump() for o in f.operands],
    } for n, f in enumerate(report.findings, 1)]

