"""What every renderer says about a finding's arithmetic, in one place."""

from __future__ import annotations

from verifier.models.finding import Band, Finding
from verifier.numeric import fmt_pair


def band_text(b: Band, with_basis: bool = True) -> str:
    """'[4.85, 4.95] x (printed 4.9 ±0.05)': the band, its unit and, optionally, how it was set."""
    unit = f" {b.unit}" if b.unit else ""
    return f"{fmt_pair(b.low, b.high)}{unit}" + (f" ({b.basis})" if with_basis and b.basis else "")


def arithmetic_rows(f: Finding) -> list[tuple[str, str]]:
    """(label, text) rows for the stated band, the recomputed band and the arithmetic of ``f``."""
    rows = []
    if f.stated:
        rows.append(("Stated", band_text(f.stated)))
    if f.recomputed:
        rows.append(("Recomputed", band_text(f.recomputed)))
    if f.formula:
        rows.append(("Arithmetic", f.formula))
    return rows


def cell(text: str) -> str:
    """``text`` made safe for one Markdown table cell or quote line: pipes escaped, lines joined."""
    return text.replace("|", "\\|").replace("\n", " ")
