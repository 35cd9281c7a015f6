"""Findings: what a rule reports, in one flat frozen record."""

from __future__ import annotations

from enum import Enum

import math

from pydantic import BaseModel, ConfigDict, Field, field_serializer

SIGNIFICANT = 12
"""Significant digits kept when bands are written out: enough for any printed figure, few
enough to hide binary noise (1.65 rather than 1.6500000000000001)."""


def tidy(x: float | None) -> float | None:
    """``x`` rounded to :data:`SIGNIFICANT` significant digits (None and infinities unchanged)."""
    if x is None or not math.isfinite(x):
        return x
    return float(f"{x:.{SIGNIFICANT}g}")


class Severity(str, Enum):
    """How bad a finding is. ``error``: a figure is wrong or a record is broken; ``warning``:
    likely wrong or contested; ``info``: worth a look, not a defect."""

    error = "error"
    warning = "warning"
    info = "info"


SEVERITY_ORDER = {Severity.error: 0, Severity.warning: 1, Severity.info: 2}


class Operand(BaseModel):
    """A figure used in a recomputation, with where it came from."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    claim: str
    source: str
    quote: str
    printed: str
    low: float | None = Field(description="Lower edge of the band the printed figure stands for.")
    high: float | None = Field(description="Upper edge of that band.")
    unit: str | None = None

    @field_serializer("low", "high")
    def _tidy(self, x: float | None) -> float | None:
        return tidy(x)


class Band(BaseModel):
    """An interval of values, with the reason for its width."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    low: float | None
    high: float | None
    unit: str | None = None
    basis: str = Field("", description="How the band was set, e.g. 'printed 1.9 ±0.05 (1 decimal)'.")

    @field_serializer("low", "high")
    def _tidy(self, x: float | None) -> float | None:
        return tidy(x)


class Finding(BaseModel):
    """One reported problem.

    ``stated`` is the band of the figure as printed; ``recomputed`` the band derived from the
    ``operands``; ``formula`` shows the arithmetic in words.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    rule: str = Field(description="Rule code, e.g. 'V101'.")
    name: str = Field(description="Rule name, kebab-case.")
    severity: Severity
    message: str
    source: str | None = Field(None, description="Source id where the finding is located.")
    path: str | None = None
    line: int | None = None
    claims: list[str] = Field(default_factory=list)
    stated: Band | None = None
    recomputed: Band | None = None
    operands: list[Operand] = Field(default_factory=list)
    formula: str | None = None

    def sort_key(self) -> tuple:
        """Deterministic order: source, line, rule, claims."""
        return (self.source or "", self.line or 0, self.rule, tuple(self.claims), self.message)
