"""Pydantic models: sources, claims, findings and the evidence-tier ladder."""

from verifier.models.claim import Anchor, Attribution, Claim, Comparison, Value
from verifier.models.finding import Band, Finding, Operand, Severity
from verifier.models.source import Citation, ExternalSource, Source, SourceMeta
from verifier.models.tier import Tier, rank

__all__ = [
    "Anchor", "Attribution", "Band", "Citation", "Claim", "Comparison", "ExternalSource", "Finding",
    "Operand", "Severity", "Source", "SourceMeta", "Tier", "Value", "rank",
]
