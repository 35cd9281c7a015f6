"""The audit report as one self-contained HTML page (inline CSS, no scripts, no external assets).

Every string that comes from a source, a record or a finding is escaped with
:func:`html.escape` (quotes included) before it is placed in the page, so an article whose
text holds ``<script>`` or an ``onerror=`` attribute shows that text and runs nothing. The
page also carries a Content-Security-Policy that forbids scripts, as a second line of defence.
:func:`page` is shared with the fact sheet (:mod:`verifier.report.factsheet`).
"""

from __future__ import annotations

from html import escape

from verifier.models.finding import Finding
from verifier.models.report import ClaimEntry, Hop, ProvenanceEntry, Report
from verifier.report.common import arithmetic_rows, left_out_reasons
from verifier.report.marker import HTML_MARK

CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; script-src 'none'"
"""Content-Security-Policy of every page: inline styles only; no scripts, fonts, frames or remote images."""

CSS = """
:root{--ink:#1d2330;--muted:#5b6473;--line:#e3e6ec;--bg:#f6f7f9;--card:#fff;--accent:#2f5fd0;
--err:#b42318;--err-bg:#fdecea;--warn:#9a6700;--warn-bg:#fff4d6;--info:#1f6feb;--info-bg:#e7f0ff;--ok:#1a7f37;--ok-bg:#e6f4ea}
*{box-sizing:border-box}
body{margin:0;background:var(--bg);color:var(--ink);font:15px/1.55 system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans","Noto Sans CJK SC","PingFang SC",sans-serif}
main{max-width:980px;margin:0 auto;padding:32px 24px 64px}
h1{font-size:28px;margin:0 0 4px}
h2{font-size:20px;margin:36px 0 12px;padding-bottom:6px;border-bottom:2px solid var(--line)}
h3{font-size:16px;margin:0 0 8px}
p.lede{color:var(--muted);margin:0 0 20px}
.stats{display:flex;flex-wrap:wrap;gap:12px;margin:16px 0}
.stat{background:var(--card);border:1px solid var(--line);border-radius:10px;padding:10px 16px;min-width:120px}
.stat b{display:block;font-size:22px}
.stat span{color:var(--muted);font-size:13px}
table{width:100%;border-collapse:collapse;background:var(--card);border:1px solid var(--line);border-radius:10px;overflow:hidden;font-size:14px}
th,td{text-align:left;padding:8px 10px;border-bottom:1px solid var(--line);vertical-align:top}
th{background:#eef1f6;font-weight:600}
td.num{text-align:right;font-variant-numeric:tabular-nums}
.card{background:var(--card);border:1px solid var(--line);border-left:4px solid var(--accent);border-radius:10px;padding:16px 18px;margin:14px 0}
.card.error{border-left-color:var(--err)}.card.warning{border-left-color:var(--warn)}.card.info{border-left-color:var(--info)}
.badge{display:inline-block;font-size:12px;font-weight:600;padding:1px 8px;border-radius:999px;margin-right:6px;white-space:nowrap;background:#eef1f6;color:var(--ink)}
.b-error,.b-miscalculated,.b-contested{background:var(--err-bg);color:var(--err)}
.b-warning,.b-single-secondary{background:var(--warn-bg);color:var(--warn)}
.b-info,.b-primary-only{background:var(--info-bg);color:var(--info)}
.b-corroborated,.b-independently-verified{background:var(--ok-bg);color:var(--ok)}
.t-primary{background:#e8e4fb;color:#4b2bb3}.t-independent{background:var(--ok-bg);color:var(--ok)}
.t-secondary{background:#eef1f6;color:#3b4556}.t-social{background:var(--warn-bg);color:var(--warn)}.t-estimate{background:#fbe9f3;color:#9b1c6b}
.where{color:var(--muted);font-size:13px;font-family:ui-monospace,SFMono-Regular,Menlo,monospace}
.msg{margin:8px 0 10px;font-weight:500}
dl.kv{display:grid;grid-template-columns:max-content 1fr;gap:2px 14px;margin:8px 0;font-size:14px}
dl.kv dt{color:var(--muted)}dl.kv dd{margin:0}
ul.claims{list-style:none;padding:0;margin:8px 0 0}
ul.claims li{border-top:1px dashed var(--line);padding:8px 0}
q,blockquote{font-family:Georgia,"Noto Serif","Noto Serif CJK SC",serif}
blockquote{margin:.4em 0 .6em;padding:.3em .9em;border-left:3px solid #cbd5e1;color:#334155;background:#f8fafc}
q{quotes:"\\201C" "\\201D";background:#fffbe6;padding:0 3px;border-radius:3px}
.chain{font-size:13px;color:var(--muted);margin-top:3px}
.chain .arrow{color:#9aa3b2;margin:0 4px}
code{font-family:ui-monospace,SFMono-Regular,Menlo,monospace;font-size:13px;background:#eef1f6;padding:0 4px;border-radius:4px}
.value{font-size:22px;font-weight:700;margin:2px 0}
sup a,a.cite{color:var(--accent);text-decoration:none;font-weight:600}
ol.refs{padding-left:28px;font-size:14px}ol.refs li{margin:6px 0}
nav.toc{margin:18px 0;line-height:2}nav.toc a{color:var(--accent);text-decoration:none;font-weight:600;margin-right:2px}
nav.toc .where{margin-right:12px}
footer{margin-top:40px;color:var(--muted);font-size:13px}
"""


def e(text: object) -> str:
    """Escape any value for HTML text or a double-quoted attribute (None becomes '')."""
    return escape("" if text is None else str(text), quote=True)


def page(title: str, body: list[str]) -> str:
    """A complete HTML document: ``title`` (escaped) and ``body`` (already escaped HTML fragments),
    marked as a report in its head (:data:`~verifier.report.marker.HTML_MARK`)."""
    head = [
        "<!DOCTYPE html>", '<html lang="en">', "<head>", '<meta charset="utf-8">',
        f'<meta http-equiv="Content-Security-Policy" content="{e(CSP)}">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">', HTML_MARK,
        f"<title>{e(title)}</title>", f"<style>{CSS}</style>", "</head>", "<body>", "<main>",
    ]
    tail = ['<footer>Generated by verifier. Figures are judged at the precision they are printed with.</footer>',
            "</main>", "</body>", "</html>"]
    return "\n".join(head + body + tail) + "\n"


def badge(text: str, cls: str) -> str:
    """A small coloured label; ``cls`` is a CSS class suffix such as 'b-error' or 't-primary'."""
    return f'<span class="badge {e(cls)}">{e(text)}</span>'


def chain_html(chain: list[Hop]) -> str:
    """One chain of citations: 's001 (secondary) → attributes → openai (primary)', escaped."""
    parts = []
    for hop in chain:
        if hop.relation:
            parts.append(f'<span class="arrow">→ {e(hop.relation)} →</span>')
        tier = hop.tier.value if hop.tier else "unknown"
        parts.append(f'<span title="{e(hop.name)}">{e(hop.source)}</span> {badge(tier, "t-" + tier)}')
    return '<div class="chain">chain: ' + " ".join(parts) + "</div>"


def render(report: Report) -> str:
    """Render ``report`` as a self-contained HTML page."""
    s, cov = report.summary, report.summary.coverage
    sev = s.by_severity
    body = [
        "<h1>verifier audit report</h1>",
        f'<p class="lede">{len(report.sources)} sources · {cov.claims_recorded} claims · {len(report.findings)} findings</p>',
        '<div class="stats">',
        *(f'<div class="stat"><b>{sev.get(k, 0)}</b><span>{k}s</span></div>' for k in ("error", "warning")),
        f'<div class="stat"><b>{sev.get("info", 0)}</b><span>info</span></div>',
        f'<div class="stat"><b>{cov.claims_checked}</b><span>claims checked of {cov.claims_checkable} checkable</span></div>',
        f'<div class="stat"><b>{cov.numbers_recorded}</b><span>of {cov.numbers_in_text} numbers recorded</span></div>',
        "</div>",
        f"<p>Coverage: {cov.numbers_in_text} numbers in the text, {cov.numbers_recorded} covered by records; "
        f"{cov.claims_recorded} claims recorded, {cov.claims_checkable} checkable, {cov.claims_checked} checked.</p>",
        "<h2>Sources</h2>", "<table><thead><tr><th>source</th><th>title</th><th>tier</th>"
        '<th class="num">figures</th><th class="num">in claims</th><th class="num">held</th><th class="num">checked</th>'
        '<th class="num">errors</th><th class="num">warnings</th><th class="num">info</th><th>left out</th></tr></thead><tbody>',
    ]
    per = {c.source: c for c in s.coverage_by_source}
    for src in report.sources:
        n = s.by_source.get(src.id, {})
        c = per.get(src.id)
        cover = [c.numbers_in_text, c.numbers_recorded, c.claims_held, c.claims_checked] if c else ["", "", "", ""]
        left = ", ".join(f"{k} {reason}" for reason, k in left_out_reasons(c.left_out)) if c else ""
        body.append(
            f'<tr><td><code>{e(src.id)}</code><div class="where">{e(src.path)}</div></td><td>{e(src.title)}'
            f'<div class="where">{e(src.publisher or "")}</div></td><td>{badge(src.tier.value, "t-" + src.tier.value)}</td>'
            + "".join(f'<td class="num">{x}</td>' for x in cover)
            + "".join(f'<td class="num">{n.get(k, 0)}</td>' for k in ("error", "warning", "info"))
            + f'<td class="where">{e(left)}</td></tr>'
        )
    body += ["</tbody></table>", "<h2>Findings</h2>"]
    if not report.findings:
        body.append("<p>No findings.</p>")
    claims = {c.id: c for c in report.claims}
    chains = {p.claim: p for p in report.provenance}
    for i, f in enumerate(report.findings, 1):
        body += _finding(i, f, claims, chains)
    return page("verifier audit report", body)


def _finding(i: int, f: Finding, claims: dict[str, ClaimEntry], chains: dict[str, ProvenanceEntry]) -> list[str]:
    where = f"{f.path}:{f.line}" if f.path and f.line else (f.path or f.source or "corpus")
    out = [
        f'<section class="card {e(f.severity.value)}" id="finding-{i}">',
        f"<h3>{i}. {badge(f.severity.value, 'b-' + f.severity.value)}<code>{e(f.rule)}</code> {e(f.name)}</h3>",
        f'<div class="where">{e(where)}</div>', f'<p class="msg">{e(f.message)}</p>',
    ]
    first = claims.get(f.claims[0]) if f.claims else None
    if first is not None and first.sentence:
        out.append(f"<blockquote>{e(first.sentence)}</blockquote>")
    out.append('<dl class="kv">')
    out += [f"<dt>{label}</dt><dd>{e(text)}</dd>" for label, text in arithmetic_rows(f)]
    out.append("</dl>")
    if f.claims:
        out.append('<ul class="claims">')
        for cid in f.claims:
            c = claims.get(cid)
            if c is None:
                continue
            p = chains.get(cid)
            tier = (p.origin_tier if p else c.attribution.tier).value
            origin = c.attribution.origin or "unattributed"
            out.append(
                f"<li><code>{e(cid)}</code> <q>{e(c.quote)}</q> <span class=\"where\">{e(c.source)} {c.start}–{c.end}</span>"
                f"<div>origin <b>{e(origin)}</b> {badge(tier, 't-' + tier)}</div>"
                + "".join(chain_html(ch) for ch in (p.chains if p else [])) + "</li>"
            )
        out.append("</ul>")
    out.append("</section>")
    return out


