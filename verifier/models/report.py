"""The audit report: the JSON contract of ``verifier audit --format json``.

``schema_version`` changes when a field is removed or changes meaning; new fields may be
added within a version. The JSON Schema is ``verifier schema report``.
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field

from verifier.models.claim import Attribution, Comparison
from verifier.models.finding import Finding
from verifier.models.source import Citation
from verifier.models.tier import Tier

SCHEMA_VERSION = "1.0"


class SourceEntry(BaseModel):
    """One article as listed in the report."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    id: str
    path: str
    title: str
    publisher: str | None
    tier: Tier
    languages: list[str]
    cites: list[Citation]


class ClaimEntry(BaseModel):
    """One claim as listed in the report. ``value`` is a number, ``[low, high]`` or an ISO date."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    id: str
    source: str
    quote: str
    start: int
    end: int
    subject: str
    metric: str
    kind: str
    printed: str
    value: float | list[float | None] | str | None
    unit: str | None
    approx: str | None
    scope: dict[str, str | list[str]]
    comparison: Comparison | None
    attribution: Attribution
    status: str


class Coverage(BaseModel):
    """How much of the text the audit covered, so silence is visible.

    numbers_in_text: quantities the extractor finds in the bodies; numbers_recorded: those
    overlapped by a claim's quote; claims_recorded: claims not rejected; claims_checkable:
    claims with a derivation, a comparison or a second figure for the same fact;
    claims_checked: claims some rule actually compared.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    numbers_in_text: int
    numbers_recorded: int
    claims_recorded: int
    claims_checkable: int
    claims_checked: int


class Summary(BaseModel):
    """Counts for the report's head."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    by_severity: dict[str, int]
    by_source: dict[str, dict[str, int]]
    by_rule: dict[str, int]
    coverage: Coverage


class Report(BaseModel):
    """Everything an audit produced, in deterministic order."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    schema_version: str = Field(SCHEMA_VERSION, description="Version of this JSON contract.")
    summary: Summary
    sources: list[SourceEntry]
    claims: list[ClaimEntry]
    findings: list[Finding]
