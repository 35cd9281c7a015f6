"""Build small in-memory corpora from made-up articles, and run rules over them.

The rule tests never read the shipped corpus: each test writes a few sentences about two
fictional chips ("Zephyr X1" and "Orca 9"), records claims by quoting those sentences, and
runs the rules. A claim's anchor (offsets, prefix, suffix) is computed from where its quote
sits in the body, so a test only says *which* text it means::

    a = art("en1", "Zephyr X1 draws 700 W; Orca 9 draws 1.2 kW.")
    c = claim(a, "700 W", "Zephyr X1", "power", 700, "W")
    findings(corpus([a], [c]), "V201")
"""

from __future__ import annotations

from pathlib import Path

from typing import Iterable

from verifier.engine import audit
from verifier.ingest.articles import guess_languages
from verifier.ingest.corpus import Corpus
from verifier.models import Anchor, Attribution, Citation, Claim, Comparison, ExternalSource, Finding, Source, SourceMeta, Value
from verifier.numeric import resolution_of
from verifier.rules.registry import all_rules

CONTEXT = 32
"""Characters of prefix and suffix context kept in an anchor (the Anchor model's limit)."""

_KIND_OF_RELATION = {"ratio": "ratio", "inverse_ratio": "ratio", "share": "percent", "reduction": "percent",
                     "increase": "percent", "difference": "difference"}
_UNIT_OF_RELATION = {"ratio": "x", "inverse_ratio": "x", "share": "%", "reduction": "%", "increase": "%"}


def art(id: str, body: str, tier: str = "secondary", cites: Iterable[str] = ()) -> Source:
    """An article ``id`` with ``body``; ``cites`` are ids of the sources it cites."""
    first = body.strip().splitlines()[0] if body.strip() else id
    meta = SourceMeta(id=id, title=first[:60], languages=guess_languages(body), tier=tier,
                      cites=[Citation(source=c) for c in cites])
    return Source(meta=meta, path=f"sources/{id}.md", body=body)


def ext(id: str, tier: str = "primary", kind: str = "vendor", cites: Iterable[str] = ()) -> ExternalSource:
    """An entry of the external registry."""
    return ExternalSource(id=id, name=id.replace("-", " ").title(), kind=kind, tier=tier,
                          cites=[Citation(source=c) for c in cites])


def anchor_at(body: str, quote: str, nth: int = 0) -> Anchor:
    """The anchor of the ``nth`` occurrence (0-based) of ``quote`` in ``body``.

    Raises:
        ValueError: ``quote`` occurs fewer than ``nth + 1`` times (a typo in the test).
    """
    start = -1
    for _ in range(nth + 1):
        start = body.find(quote, start + 1)
        if start < 0:
            raise ValueError(f"occurrence {nth} of {quote!r} not in {body!r}")
    end = start + len(quote)
    return Anchor(quote=quote, start=start, end=end, prefix=body[max(0, start - CONTEXT):start], suffix=body[end:end + CONTEXT])


def claim(
    src: Source, quote: str, subject: str, metric: str, value: float | None, unit: str | None = None, *,
    nth: int = 0, resolution: float | None = None, approx: str | None = None, scope: dict | None = None,
    target: str | None = None, relation: str | None = None, kind: str | None = None, origin: str | None = None,
    tier: str = "primary", printed: str | None = None, low: float | None = None, high: float | None = None,
    id: str | None = None, target_scope: dict | None = None,
) -> Claim:
    """A claim of ``src`` anchored on the ``nth`` occurrence of ``quote``.

    ``printed`` defaults to the quote, and ``resolution`` to the step of its last printed
    digit (:func:`verifier.numeric.resolution_of`), so quote only the figure ("1.9x",
    "8.54万"). A comparison (``target`` and ``relation``) gets unit 'x' or '%' unless
    ``unit`` is given. A range passes ``value=None`` with ``low``/``high``. ``target_scope``
    gives the scope keys that differ for the target (the same product ``{"period": "before"}``).
    """
    anchor = anchor_at(src.body, quote, nth)
    printed = quote if printed is None else printed
    if unit is None and relation is not None:
        unit = _UNIT_OF_RELATION.get(relation)
    if resolution is None:
        base = value if value is not None else (low if low is not None else high)
        resolution = resolution_of(printed, base)
    return Claim(
        id=id or f"{src.id}-c{anchor.start:03d}",
        source=src.id,
        anchor=anchor,
        subject=subject,
        metric=metric,
        kind=kind or (_KIND_OF_RELATION[relation] if relation else "measurement"),
        value=Value(printed=printed, number=value, low=low, high=high, unit=unit, resolution=resolution),
        approx=approx,
        scope=scope or {},
        comparison=Comparison(target=target, relation=relation, scope=target_scope or {}) if relation else None,
        attribution=Attribution(origin=origin, tier=tier),
    )


def corpus(sources: Iterable[Source], claims: Iterable[Claim], external: Iterable[ExternalSource] = ()) -> Corpus:
    """A corpus of ``sources``, ``claims`` and the external registry ``external``."""
    return Corpus(sources={s.id: s for s in sources}, external={e.id: e for e in external}, claims=list(claims))


def findings(corp: Corpus, *codes: str) -> list[Finding]:
    """Findings of the rules ``codes`` (all registered rules when none is given), in report order.

    Raises:
        AssertionError: a rule crashed (the engine turns a crash into an 'internal-error'
            finding with the rule's code, which a test must never mistake for a firing).
    """
    rules = [r for code, r in all_rules().items() if not codes or code in codes]
    assert not codes or len(rules) == len(set(codes)), f"unknown rule code among {codes}"
    out = audit(corp, rules).findings
    crashed = [f.message for f in out if f.name == "internal-error"]
    assert not crashed, crashed
    return out


def codes_of(found: list[Finding]) -> list[str]:
    """The rule codes of ``found``, sorted (compare findings as a multiset of codes)."""
    return sorted(f.rule for f in found)


FIXTURE = Path(__file__).parent / "fixtures" / "corpus"
"""The small made-up corpus on disk: two articles (English, Chinese), seven claims."""


def run_cli(*args: str):
    """Invoke ``verifier ARGS`` in process (typer's CliRunner); returns the click Result."""
    from typer.testing import CliRunner

    from verifier.cli import app

    return CliRunner().invoke(app, list(args))


def copy_fixture(tmp_path: Path) -> Path:
    """A writable copy of :data:`FIXTURE` under ``tmp_path``."""
    import shutil

    dst = tmp_path / "corpus"
    shutil.copytree(FIXTURE, dst)
    return dst


def quantity_at(text: str, surface: str):
    """The quantity of ``text`` (the quantity layer's reading) whose surface is ``surface``; the
    span is checked against the text.

    Raises:
        AssertionError: no quantity has that surface (the message lists those found).
    """
    from verifier.quantities import extract

    found = extract(text)
    for q in found:
        if q.surface == surface:
            assert text[q.start:q.end] == surface
            return q
    raise AssertionError(f"{surface!r} not in {[q.surface for q in found]}")



def write_synthetic(out: Path, articles: int, lexicon: bool = False) -> Path:
    """Write the synthetic corpus of ``benchmarks/synth_corpus.py`` (``articles`` articles, with a
    subjects.yaml naming its cities when ``lexicon``) into ``out``; return ``out``."""
    import sys

    benchmarks = str(Path(__file__).resolve().parents[1] / "benchmarks")
    sys.path.insert(0, benchmarks)
    try:
        from synth_corpus import write_corpus
    finally:
        sys.path.remove(benchmarks)
    write_corpus(out, articles, lexicon=lexicon)
    return out
