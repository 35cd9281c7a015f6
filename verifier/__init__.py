"""verifier: extract numeric claims from press articles, recompute derived figures,
flag contradictions between sources, and report with provenance."""

__version__ = "0.1.0"
