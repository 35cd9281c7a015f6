"""What the review pages show, computed from a :class:`~verifier.review.desk.Loaded` corpus.

Pure functions from the loaded corpus to small records the templates render; no text here is
HTML (the templates escape everything, :mod:`verifier.review.app`).
"""

from __future__ import annotations

import hashlib
from collections import Counter
from dataclasses import dataclass

from verifier.models.claim import Claim
from verifier.models.finding import SEVERITY_ORDER, Finding, Severity
from verifier.quantities.extract import article_quantities
from verifier.review.desk import Loaded
from verifier.rules.context import sentence_around

STATES = ("accepted", "proposed", "rejected", "none")
"""A figure's state in the article view: the status of the claim covering it, or ``none``."""


@dataclass(frozen=True)
class Segment:
    """A run of an article's body: plain text (``state`` None) or one figure with its state."""

    text: str
    state: str | None = None
    claim: str | None = None
    line: int | None = None


@dataclass(frozen=True)
class ArticleRow:
    """One line of the corpus overview."""

    id: str
    title: str
    path: str
    figures: int
    covered: int
    statuses: dict[str, int]
    severities: dict[str, int]
    on_disk: bool

    @property
    def coverage(self) -> int:
        """Percent of the figures found in the text that a claim covers (0-100)."""
        return round(100 * self.covered / self.figures) if self.figures else 100


def overview(loaded: Loaded) -> list[ArticleRow]:
    """One row per article, in id order: figures found and covered, claims by status, findings by severity."""
    rows = []
    for sid, src in sorted(loaded.corpus.sources.items()):
        claims = [c for c in loaded.corpus.claims if c.source == sid]
        spans = [(c.anchor.start, c.anchor.end) for c in claims if c.status != "rejected"]
        figures = article_quantities(src.body)
        covered = sum(1 for q in figures if any(s < q.end and q.start < e for s, e in spans))
        statuses = Counter(c.status for c in claims)
        severities = Counter(f.severity.value for f in loaded.findings_of(sid))
        rows.append(ArticleRow(
            id=sid, title=src.meta.title, path=src.path, figures=len(figures), covered=covered,
            statuses={s: statuses.get(s, 0) for s in STATES[:3]},
            severities={s.value: severities.get(s.value, 0) for s in sorted(Severity, key=SEVERITY_ORDER.get)},
            on_disk=any(loaded.on_disk(c.id) for c in claims),
        ))
    return rows


def segments(loaded: Loaded, source_id: str) -> list[Segment]:
    """The body of ``source_id`` cut into text and figures: every claim's quote with the claim's
    status, and every other number the text holds as ``none``. Overlapping spans: the earlier
    start wins (a claim before a bare number at the same place)."""
    src = loaded.corpus.sources[source_id]
    spans: list[tuple[int, int, str, str | None]] = [
        (c.anchor.start, c.anchor.end, c.status, c.id) for c in loaded.corpus.claims_of(source_id)
    ]
    spans += [(q.start, q.end, "none", None) for q in article_quantities(src.body)]
    spans.sort(key=lambda s: (s[0], s[2] == "none", -s[1]))
    out: list[Segment] = []
    at = 0
    for start, end, state, cid in spans:
        if start < at or end > len(src.body):
            continue
        if start > at:
            out.append(Segment(src.body[at:start]))
        out.append(Segment(src.body[start:end], state, cid, src.line_of(start)))
        at = end
    if at < len(src.body):
        out.append(Segment(src.body[at:]))
    return out


def sentence_of(loaded: Loaded, claim: Claim) -> str:
    """The sentence of its article that holds ``claim``'s quote."""
    body = loaded.corpus.sources[claim.source].body
    return sentence_around(body, claim.anchor.start, claim.anchor.end)


def queue(loaded: Loaded, source_id: str | None = None) -> list[Claim]:
    """The records on disk (of ``source_id``, or of every article), in article and text order."""
    return [c for sid in sorted(loaded.corpus.sources) if source_id in (None, sid)
            for c in loaded.corpus.claims_of(sid) if loaded.on_disk(c.id)]


def next_proposal(records: list[Claim], after: str | None = None) -> Claim | None:
    """The first proposal after record ``after`` (wrapping round), or the first one; None when none is left."""
    ids = [c.id for c in records]
    start = ids.index(after) + 1 if after in ids else 0
    for c in records[start:] + records[:start]:
        if c.status == "proposed" and c.id != after:
            return c
    return None


def finding_key(f: Finding) -> tuple:
    """What identifies a finding across two runs: rule, severity, claims and message."""
    return (f.rule, f.severity.value, tuple(f.claims), f.message)


def changes(before: list[Finding], after: list[Finding]) -> tuple[list[Finding], list[Finding]]:
    """(findings that appeared, findings that went) between two runs over one article."""
    old, new = {finding_key(f) for f in before}, {finding_key(f) for f in after}
    return [f for f in after if finding_key(f) not in old], [f for f in before if finding_key(f) not in new]


def finding_id(f: Finding) -> str:
    """A short stable id for a finding's page (12 hex digits of its key's hash)."""
    return hashlib.sha256(repr(finding_key(f)).encode()).hexdigest()[:12]
