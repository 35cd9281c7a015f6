"""schema.org ClaimReview JSON-LD for every miscalculated or contradicted claim of an audit.

Only errors rate a claim: a warning is a reading that needs a person's review (a weaker
alignment, a guessed construction), and a ClaimReview is a published verdict.

Fact-checkers publish ClaimReview markup so that search engines and aggregators can show the
verdict next to the claim (https://schema.org/ClaimReview). One review is written per claim:

* a claim is *miscalculated* when it is the figure an arithmetic rule (V1xx) judged wrong
  (the first claim of the finding);
* it is *contradicted* when a contradiction rule (V2xx) places it in the outlying cluster
  (a claim of the finding that is not one of its ``operands``, the other sources' figures).

``claimReviewed`` is the sentence that holds the quote (the quote itself when none); ``itemReviewed`` is a ``Claim`` (its ``text`` the exact quote) whose ``appearance``
is the article (``CreativeWork`` with headline, url and datePublished when the front matter gives them) and whose ``author`` is the origin
the figure is attributed to (``Person`` for a person in the registry, else ``Organization``;
the article's publisher when the figure is unattributed, and no author when that is unknown). ``reviewRating`` carries a textual
rating (``alternateName``) and the arithmetic (``ratingExplanation``). No dates are written,
so the output is byte-stable; add ``datePublished`` and ``url`` when publishing.
"""

from __future__ import annotations

import json

from verifier.models.finding import Finding, Severity
from verifier.models.report import ProvenanceEntry, Report, SourceEntry
from verifier.report.common import arithmetic_rows

CONTEXT = "https://schema.org"
REVIEWER = "verifier"
"""Name of the reviewing organisation written as the review's ``author``."""

RATINGS = {"V1": "Miscalculated", "V2": "Contradicted by other sources"}
"""Textual rating (``alternateName``) by rule family."""


def reviewed_claims(report: Report) -> dict[str, list[Finding]]:
    """Claim id -> the V1xx/V2xx errors that rate it (see the module docstring), in finding order.
    Warnings are left out: a warning says a figure needs review, and a published rating is a verdict."""
    out: dict[str, list[Finding]] = {}
    for f in report.findings:
        if f.severity != Severity.error:
            continue
        if f.rule.startswith("V1") and f.claims:
            out.setdefault(f.claims[0], []).append(f)
        elif f.rule.startswith("V2"):
            others = {o.claim for o in f.operands}
            for cid in f.claims:
                if cid not in others:
                    out.setdefault(cid, []).append(f)
    return out


def _explain(f: Finding) -> str:
    parts = [f"{f.rule} {f.name}: {f.message.rstrip('.')}."] + [f"{label}: {text}." for label, text in arithmetic_rows(f)]
    return " ".join(parts)


def _author(p: ProvenanceEntry | None, src: SourceEntry) -> dict | None:
    """The origin as a Person or Organization; the publisher for an unattributed figure; None when unknown."""
    if p is not None and p.origin is not None:
        kind = "Person" if p.origin_kind == "person" else "Organization"
        return {"@type": kind, "name": p.origin_name or p.origin}
    return {"@type": "Organization", "name": src.publisher} if src.publisher else None


def _item(appearance: dict, author: dict | None, quote: str) -> dict:
    item = {"@type": "Claim", "text": quote, "appearance": appearance}
    if author is not None:
        item["author"] = author
    return item


def claim_reviews(report: Report) -> list[dict]:
    """ClaimReview objects (JSON-LD dicts) for the rated claims of ``report``, in report claim order."""
    rated = reviewed_claims(report)
    sources = {s.id: s for s in report.sources}
    prov = {p.claim: p for p in report.provenance}
    out = []
    for c in report.claims:
        if c.id not in rated or c.source not in sources:
            continue
        src = sources[c.source]
        findings = rated[c.id]
        ratings = list(dict.fromkeys(RATINGS[f.rule[:2]] for f in findings))
        appearance = {"@type": "CreativeWork", "headline": src.title}
        if src.url:
            appearance["url"] = src.url
        if src.published:
            appearance["datePublished"] = src.published.isoformat()
        if src.publisher:
            appearance["publisher"] = {"@type": "Organization", "name": src.publisher}
        out.append({
            "@context": CONTEXT,
            "@type": "ClaimReview",
            "identifier": c.id,
            "claimReviewed": c.sentence or c.quote,
            "itemReviewed": _item(appearance, _author(prov.get(c.id), src), c.quote),
            "reviewRating": {
                "@type": "Rating",
                "alternateName": "; ".join(ratings),
                "ratingExplanation": " ".join(_explain(f) for f in findings),
            },
            "author": {"@type": "Organization", "name": REVIEWER},
        })
    return out


def render(report: Report) -> str:
    """The reviews as one JSON list (indented, UTF-8 text, ends with a newline)."""
    return json.dumps(claim_reviews(report), ensure_ascii=False, indent=2) + "\n"
