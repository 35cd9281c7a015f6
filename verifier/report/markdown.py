"""The audit report as Markdown: summary, coverage, then each finding with its arithmetic.

Every string that comes from a source, a record or a finding passes through
:func:`~verifier.report.common.cell` (or :func:`~verifier.report.common.code` inside a code
span), so HTML in an article (``<script>``, ``onerror=``) or a ``javascript:`` link shows as
text when the report is rendered, as in the HTML report.
"""

from __future__ import annotations

from verifier.models.finding import Finding
from verifier.models.report import ClaimEntry, Hop, ProvenanceEntry, Report
from verifier.report.common import arithmetic_rows, cell, code, left_out_reasons
from verifier.report.marker import MARKDOWN_MARK


def render(report: Report) -> str:
    """Render ``report`` as a Markdown document (ends with a newline), its first line the mark
    that keeps it from being read as an article (:data:`~verifier.report.marker.MARKDOWN_MARK`)."""
    claims = {c.id: c for c in report.claims}
    s = report.summary
    cov = s.coverage
    sev = s.by_severity
    lines = [
        MARKDOWN_MARK,
        "# verifier audit report",
        "",
        f"{len(report.sources)} sources · {cov.claims_recorded} claims · {len(report.findings)} findings: "
        f"{sev.get('error', 0)} errors, {sev.get('warning', 0)} warnings, {sev.get('info', 0)} info",
        "",
        f"Coverage: {cov.numbers_in_text} numbers in the text, {cov.numbers_recorded} covered by records; "
        f"{cov.claims_recorded} claims recorded, {cov.claims_checkable} checkable, {cov.claims_checked} checked.",
        "",
        "| source | path | tier | figures | in claims | held | checkable | checked | errors | warnings | info |",
        "|---|---|---|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    per = {c.source: c for c in s.coverage_by_source}
    for src in report.sources:
        counts = s.by_source.get(src.id, {})
        c = per.get(src.id)
        figures = f"{c.numbers_in_text} | {c.numbers_recorded} | {c.claims_held} | {c.claims_checkable} | {c.claims_checked}" if c else " | | | | "
        lines.append(f"| {cell(src.id)} | {cell(src.path)} | {src.tier.value} | {figures} | "
                     f"{counts.get('error', 0)} | {counts.get('warning', 0)} | {counts.get('info', 0)} |")
    if "(corpus)" in s.by_source:
        counts = s.by_source["(corpus)"]
        lines.append(f"| (corpus) | | | | | | | | {counts.get('error', 0)} | {counts.get('warning', 0)} | {counts.get('info', 0)} |")
    if s.coverage_by_source:
        lines += ["", "*figures*: numbers found in the article; *in claims*: those a claim covers; *held*: claims that name "
                  "a holder (only these meet other articles' figures); *checkable*: claims a check could test; *checked*: "
                  "claims a check compared."]
    left = [(c.source, c.left_out) for c in s.coverage_by_source if c.left_out]
    if left:
        lines += ["", "Figures no claim covers: " + "; ".join(f"{cell(sid)}: " + ", ".join(
            f"{n} {reason}" for reason, n in left_out_reasons(out)) for sid, out in left) + " (the JSON report lists each)."]
    lines += ["", "## Findings", ""]
    if not report.findings:
        lines += ["No findings.", ""]
    chains = {p.claim: p for p in report.provenance}
    for i, f in enumerate(report.findings, 1):
        lines += _finding(i, f, claims, chains)
    return "\n".join(lines).rstrip("\n") + "\n"


def _finding(i: int, f: Finding, claims: dict[str, ClaimEntry], chains: dict[str, ProvenanceEntry]) -> list[str]:
    where = f"{f.path}:{f.line}" if f.path and f.line else (f.path or f.source or "corpus")
    out = [f"### {i}. {f.rule} {f.name} ({f.severity.value}) · {cell(where)}", "", cell(f.message), ""]
    first = claims.get(f.claims[0]) if f.claims else None
    if first is not None and first.sentence:
        out += [f"> {cell(first.sentence)}", ""]
    out += [f"- **{label}:** {cell(text)}" for label, text in arithmetic_rows(f)]
    if f.claims:
        out.append("- **Claims:**")
        for cid in f.claims:
            c = claims.get(cid)
            if c is None:
                continue
            origin = c.attribution.origin or "unattributed"
            out.append(f"  - {code(cid)} ({cell(c.source)}, {c.start}–{c.end}; origin {cell(origin)}, {c.attribution.tier.value}): “{cell(c.quote)}”")
            if cid in chains:
                out += [f"    - chain: {chain_text(ch)}" for ch in chains[cid].chains]
    out.append("")
    return out


def chain_text(chain: list[Hop]) -> str:
    """'s001 (secondary) → attributes → openai (primary)': one chain of citations in words
    (Markdown-safe: the ids pass through :func:`~verifier.report.common.cell`)."""
    parts = []
    for hop in chain:
        if hop.relation:
            parts.append(f"→ {hop.relation} →")
        parts.append(f"{cell(hop.source)} ({hop.tier.value if hop.tier else 'unknown tier'})")
    return " ".join(parts)


