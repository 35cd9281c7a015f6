"""verifier: extract numeric claims from press articles, recompute derived figures,
flag contradictions between sources, and report with provenance.

The library API, in pipeline order (imported on first use, so ``import verifier`` stays cheap
for the quantity command)::

    from verifier import load_corpus, extract_missing, audit, render
    corpus = load_corpus([Path("my-corpus")])      # articles, records, external registry
    extract_missing(corpus)                         # propose claims for unrecorded articles
    report = audit(corpus)                          # run the enabled rules -> Report
    print(render(report, "markdown"))               # or "json", "html", "claimreview"

``extract_quantities(text)`` finds the quantities of a text; ``extract_claims(source)``
proposes the claims of one article.
"""

from __future__ import annotations

__version__ = "0.1.0"

_API = {
    "load_corpus": ("verifier.ingest.corpus", "load_corpus"),
    "extract_missing": ("verifier.extract.corpus", "extract_missing"),
    "audit": ("verifier.engine", "audit"),
    "render": ("verifier.report", "render"),
    "extract_claims": ("verifier.extract", "extract_claims"),
    "extract_quantities": ("verifier.quantities", "extract"),
    "Claim": ("verifier.models.claim", "Claim"),
    "Finding": ("verifier.models.finding", "Finding"),
    "Report": ("verifier.models.report", "Report"),
    "VerifierError": ("verifier.errors", "VerifierError"),
}

__all__ = sorted(_API)


def __getattr__(name: str) -> object:
    """Import the public names lazily (PEP 562).

    ``importlib`` is imported here, not at the top: ``verifier quantities`` imports this
    package on its start-up path, where every millisecond counts.
    """
    if name not in _API:
        raise AttributeError(f"module 'verifier' has no attribute {name!r}")
    from importlib import import_module

    module, attr = _API[name]
    return getattr(import_module(module), attr)
