"""The audit report: the JSON contract of ``verifier audit --format json``.

``schema_version`` changes when a field is removed or changes meaning; new fields may be
added within a version. The JSON Schema is ``verifier schema report``.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from verifier.models.claim import Attribution, Comparison, Decision, Derived, Streak
from verifier.models.compact import Compact
from verifier.models.finding import Finding
from verifier.models.source import Citation, Format
from verifier.models.tier import Tier

SCHEMA_VERSION = "1.1"
"""1.1: a claim's ``subject`` may be null (a figure no entity holds), claims carry ``measured``,
``derived`` and ``decided``, and the summary gives ``coverage_by_source``."""


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
    url: str | None = Field(None, description="Canonical URL of the article, null when unknown.")
    published: dt.date | None = Field(None, description="Publication date from the front matter, null when unknown.")
    authors: list[str] = Field(default_factory=list, description="Bylines from the front matter or the page's metadata.")
    format: Format = Field("markdown", description="How the file was read: markdown, text or html.")
    tier_given: bool = Field(True, description="False when the file names no tier and it was read as secondary.")
    metadata: dict[str, Any] = Field(default_factory=dict, description="Front matter keys verifier does not read (tags, layout, ...), as written.")


class ClaimEntry(Compact):
    """One claim as listed in the report. ``value`` is a number, ``[low, high]`` or an ISO date."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    id: str
    source: str
    quote: str
    start: int
    end: int
    subject: str | None
    metric: str
    measured: str | None = None
    kind: str
    printed: str
    value: float | list[float | None] | str | None
    unit: str | None
    approx: str | None
    scope: dict[str, str | list[str]]
    comparison: Comparison | None
    attribution: Attribution
    derived: Derived | None = None
    streak: Streak | None = None
    decided: dict[str, Decision] = Field(default_factory=dict)
    status: str
    sentence: str = Field("", description="The sentence of the article that holds the quote (for readers and ClaimReview).")


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


class LeftOut(Compact):
    """A figure of an article that no claim covers, and why."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    quote: str = Field(description="The figure as printed.")
    start: int = Field(description="Offset of the figure in the body (code points).")
    end: int
    line: int | None = Field(None, description="Line of the figure in the article file.")
    reason: str = Field(description="Why it is no claim: 'a year', 'a date or a time of day', 'the word 'one'', "
                        "'a time counted back', 'the base of a rate', 'a threshold', 'beyond the range checked (V604)', "
                        "'not recorded' (the article's records leave it out) or 'not read as a claim'.")


class SourceCoverage(Coverage):
    """The coverage of one article, with the figures left out.

    claims_held: claims with a holder (the others are checked only within their sentence).
    claims_checkable counts every claim a rule compared (so checked never exceeds it)."""

    source: str
    claims_held: int = 0
    left_out: list[LeftOut] = Field(default_factory=list, description="Figures no claim covers, in offset order, with the reason.")


class Summary(BaseModel):
    """Counts for the report's head."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    by_severity: dict[str, int]
    by_source: dict[str, dict[str, int]]
    by_rule: dict[str, int]
    coverage: Coverage
    coverage_by_source: list[SourceCoverage] = Field(default_factory=list, description="Coverage per article, in id order.")


class Hop(BaseModel):
    """One source on a chain of citations, and how the previous one cites it."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    source: str = Field(description="Article or external source id.")
    kind: str = Field(description="'article', 'external' or 'unknown' (an id recorded nowhere).")
    name: str | None = Field(None, description="Title of an article or name of an external source.")
    tier: Tier | None = Field(None, description="Evidence tier of the source (null when unknown).")
    relation: str | None = Field(
        None, description="How the previous hop cites this one (a front-matter relation, or 'attributed' when only the "
        "claim's attribution links them); null for the article that prints the claim.",
    )


class ProvenanceEntry(BaseModel):
    """Where a flagged claim comes from: its origin's tier and the chains of citations that carried it."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    claim: str
    carrier_tier: Tier = Field(description="Tier of the article that prints the claim.")
    origin: str | None = Field(description="Attribution origin id (null when unattributed: the article is its own origin).")
    origin_name: str | None
    origin_kind: str | None = Field(description="Kind of the origin: article, or the registry's kind (vendor, person...).")
    origin_tier: Tier = Field(description="Tier of the origin (of the article when unattributed).")
    chains: list[list[Hop]] = Field(description="Each path from the article through the origin to the sources it relays.")


class Report(BaseModel):
    """Everything an audit produced, in deterministic order."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    schema_version: str = Field(SCHEMA_VERSION, description="Version of this JSON contract.")
    summary: Summary
    sources: list[SourceEntry]
    claims: list[ClaimEntry]
    findings: list[Finding]
    provenance: list[ProvenanceEntry] = Field(
        default_factory=list, description="For every claim named by a finding: origin tier and citation chains (by claim id).",
    )
