"""The fact sheet as Markdown, HTML or JSON (:class:`verifier.factsheet.FactSheet`).

Every figure is followed by its citation number; the citations at the end give the article,
the line and the exact quote. Every string from a source is escaped: in HTML by
:func:`verifier.report.html.e`, in Markdown by :func:`verifier.report.common.cell` (so HTML
in an article shows as text wherever the Markdown is rendered).
"""

from __future__ import annotations

from typing import Callable

from verifier.errors import UsageError
from verifier.factsheet import FactEntry, FactSheet, SheetCitation
from verifier.report.common import cell
from verifier.report.html import badge, e, page
from verifier.report.marker import MARKDOWN_MARK

STATUS_HELP = {
    "miscalculated": "every figure printed for it fails recomputation",
    "contested": "the audit reports a contradiction (V2xx) among its figures",
    "independently-verified": "a third party measured it, without relaying the owner",
    "corroborated": "independent origins agree",
    "primary-only": "rests on the owner's own word, however often relayed",
    "single-secondary": "one origin, secondary or weaker",
}
"""One line per evidence status (the ladder is :class:`verifier.corroboration.Status`)."""


def _cites(ns: list[int]) -> str:
    return "".join(f"[{n}]" for n in ns)


def render_markdown(sheet: FactSheet) -> str:
    """The fact sheet as a Markdown document (ends with a newline), marked as a report
    (:data:`~verifier.report.marker.MARKDOWN_MARK`)."""
    n_facts = sum(len(s.facts) for s in sheet.subjects)
    lines = [MARKDOWN_MARK, "# Fact sheet", "", f"{len(sheet.subjects)} subjects · {n_facts} facts · {len(sheet.citations)} quotes cited", ""]
    for subj in sheet.subjects:
        lines += [f"## {cell(subj.subject)}", ""]
        for f in subj.facts:
            lines += _factcell(f)
    lines += ["## Citations", ""]
    for c in sheet.citations:
        origin = f"origin {cell(c.origin)} ({c.origin_tier.value})" if c.origin else f"unattributed ({c.origin_tier.value})"
        lines.append(f"{c.n}. {cell(c.source)} “{cell(c.title)}”, {cell(c.path)}:{c.line}, chars {c.start}–{c.end}: “{cell(c.quote)}” — {origin}")
    return "\n".join(lines).rstrip("\n") + "\n"


def _factcell(f: FactEntry) -> list[str]:
    tier = f", {f.tier.value} origin" if f.tier else ""
    out = [f"### {cell(f.label)}", "", f"**{cell(f.value)}** {_cites([f.citation])} · {cell(f.status_text)}{tier}", ""]
    if len(f.support) > 1:
        out.append(f"- Also stated by: {_cites([n for n in f.support if n != f.citation])}")
    if f.origins:
        groups = "; ".join(cell(" + ".join(g.origins)) + f" ({g.tier.value}{'' if g.counted else ', not counted'})" for g in f.origins)
        out.append(f"- Independent origins: {groups}")
    if f.recomputed:
        out.append(f"- Recomputed: {cell(f.recomputed)} {_cites(f.recomputed_from)}")
    for d in f.dissent:
        out.append(f"- Dissent: {cell(d.figure)} [{d.citation}]: {cell(d.reason)}: {cell(d.detail)}")
    out.append("")
    return out


def render_html(sheet: FactSheet) -> str:
    """The fact sheet as a self-contained HTML page."""
    n_facts = sum(len(s.facts) for s in sheet.subjects)
    counts: dict[str, int] = {}
    for subj in sheet.subjects:
        for f in subj.facts:
            counts[f.status] = counts.get(f.status, 0) + 1
    body = [
        "<h1>Fact sheet</h1>",
        f'<p class="lede">{len(sheet.subjects)} subjects · {n_facts} facts · {len(sheet.citations)} quotes cited. '
        "Each value is the best-supported figure for its fact; every figure links to the quote it comes from.</p>",
        "<table><thead><tr><th>status</th><th class=\"num\">facts</th><th>meaning</th></tr></thead><tbody>",
        *(f"<tr><td>{badge(k, 'b-' + k)}</td><td class=\"num\">{counts.get(k, 0)}</td><td>{e(v)}</td></tr>"
          for k, v in STATUS_HELP.items()),
        "</tbody></table>",
        '<nav class="toc">' + " ".join(f'<a href="#subject-{i}">{e(s.subject)}</a> <span class="where">{len(s.facts)}</span>'
                                        for i, s in enumerate(sheet.subjects, 1)) + "</nav>",
    ]
    quotes = {c.n: c for c in sheet.citations}
    for i, subj in enumerate(sheet.subjects, 1):
        body.append(f'<h2 id="subject-{i}">{e(subj.subject)}</h2>')
        for f in subj.facts:
            body += _fact_html(f, quotes)
    body += ["<h2>Citations</h2>", '<ol class="refs">']
    for c in sheet.citations:
        origin = f"origin <b>{e(c.origin)}</b>" if c.origin else "unattributed"
        body.append(
            f'<li id="cite-{c.n}"><q>{e(c.quote)}</q> — <code>{e(c.source)}</code> {e(c.title)} '
            f'<span class="where">{e(c.path)}:{c.line}, chars {c.start}–{c.end}</span> · {origin} '
            f'{badge(c.origin_tier.value, "t-" + c.origin_tier.value)}</li>'
        )
    body.append("</ol>")
    return page("Fact sheet", body)


def _links(ns: list[int]) -> str:
    return "".join(f'<sup><a href="#cite-{n}">[{n}]</a></sup>' for n in ns)


def _fact_html(f: FactEntry, quotes: dict[int, SheetCitation]) -> list[str]:
    cls = {"miscalculated": "error", "contested": "error", "single-secondary": "warning"}.get(f.status, "")
    q = quotes[f.citation]
    out = [
        f'<section class="card {cls}">', f"<h3>{e(f.label)}</h3>",
        f'<div class="value">{e(f.value)} {_links([f.citation])}</div>',
        f'<div class="where"><q>{e(q.quote)}</q> — {e(q.source)}, {e(q.path)}:{q.line}</div>',
        f"<div>{badge(f.status_text, 'b-' + f.status)}"
        + (f" origin tier {badge(f.tier.value, 't-' + f.tier.value)}" if f.tier else "") + "</div>",
        '<dl class="kv">',
    ]
    if len(f.support) > 1:
        out.append(f"<dt>Also stated by</dt><dd>{_links([n for n in f.support if n != f.citation])}</dd>")
    if f.origins:
        groups = "; ".join(e(" + ".join(g.origins)) + " " + badge(g.tier.value, "t-" + g.tier.value)
                           + ("" if g.counted else " (not counted)") for g in f.origins)
        out.append(f"<dt>Independent origins</dt><dd>{groups}</dd>")
    if f.recomputed:
        out.append(f"<dt>Recomputed</dt><dd>{e(f.recomputed)} {_links(f.recomputed_from)}</dd>")
    out.append("</dl>")
    if f.dissent:
        out.append("<table><thead><tr><th>dissenting figure</th><th>why it loses</th></tr></thead><tbody>")
        for d in f.dissent:
            out.append(f"<tr><td>{e(d.figure)} {_links([d.citation])}</td><td><b>{e(d.reason)}</b>: {e(d.detail)}</td></tr>")
        out.append("</tbody></table>")
    out.append("</section>")
    return out


def render_json(sheet: FactSheet) -> str:
    """The fact sheet as indented JSON (the :class:`~verifier.factsheet.FactSheet` model)."""
    return sheet.model_dump_json(indent=2) + "\n"


FORMATS: dict[str, Callable[[FactSheet], str]] = {"markdown": render_markdown, "html": render_html, "json": render_json}
"""Fact sheet formats by name (``verifier factsheet --format``)."""


def render(sheet: FactSheet, fmt: str) -> str:
    """Render ``sheet`` in ``fmt``.

    Raises:
        UsageError: unknown format.
    """
    if fmt not in FORMATS:
        raise UsageError(f"unknown format {fmt!r} (choose {', '.join(FORMATS)})")
    return FORMATS[fmt](sheet)
