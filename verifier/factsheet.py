"""Sourced fact sheets: for each fact, the best-supported value, its status and its evidence.

For every fact of the corpus (:mod:`verifier.factindex`) the figures are split into clusters
that agree at printed precision. Figures flagged by an arithmetic rule (V1xx) never win. The
remaining clusters are ranked by, in order:

1. the tier of their strongest origin group (primary before independent before secondary...);
2. the number of independent origin groups that count (:mod:`verifier.corroboration`);
3. the number of independent origin groups of any tier;
4. the number of articles that carry them, then the number of claims.

The first cluster is the best-supported value; its status comes from the ladder of
:class:`verifier.corroboration.Status`. A fact is ``contested`` exactly when the audit
reports a contradiction (a V2xx finding, :func:`verifier.rules.contradictions.contradicted_claims`)
among its figures: the facts and their clusters are the checker's own
(:mod:`verifier.factindex`), and the sheet does not judge disagreement a second time.

Every other figure is a *dissent*, with the reason it ranks lower: ``arithmetic error``
(flagged by a V1xx rule), ``lower tier``, ``outlier`` (same tier, less support),
``equally supported`` (a tie), ``same article`` (the article that gives the value shown
also gives this figure, and the audit reads one article's differing figures as different
facts, a part or a year left unsaid, not as a contradiction) or ``not compared`` (no
contradiction rule compares these figures, e.g. differences, or comparisons that V101
judges against the measurements on record). A figure of another scope (a part, another
year, a scope left unsaid) is no dissent: it is a fact of its own. Every figure on the
sheet cites a numbered quote.
"""

from __future__ import annotations

from dataclasses import dataclass

from pydantic import BaseModel, ConfigDict, Field

from verifier.corroboration import OriginGroup, Provenance, Status, counted, support_status
from verifier.factindex import Fact, build_facts
from verifier.ingest.corpus import Corpus
from verifier.models.claim import Claim
from verifier.models.finding import Finding
from verifier.models.tier import Tier, rank
from verifier.numeric import fmt_pair
from verifier.rules.context import Context, figure_text
from verifier.rules.contradictions import contradicted_claims

SCHEMA_VERSION = "1.0"


class SheetCitation(BaseModel):
    """One numbered citation: a claim's exact quote in its article, and where it comes from."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    n: int = Field(description="Citation number, from 1, in order of first use.")
    claim: str
    source: str
    path: str
    line: int
    title: str
    publisher: str | None
    url: str | None
    quote: str
    start: int
    end: int
    origin: str | None = Field(description="Attribution origin id, null when unattributed.")
    origin_name: str | None
    origin_tier: Tier = Field(description="Tier of the origin (of the article itself when unattributed).")
    carrier_tier: Tier = Field(description="Tier of the article that prints the quote.")


class Dissent(BaseModel):
    """A figure that loses, with the reason."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    figure: str
    citation: int
    reason: str = Field(description="arithmetic error, lower tier, outlier, equally supported, same article or not compared.")
    detail: str


class OriginEntry(BaseModel):
    """One independent origin group behind the best-supported value."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    origins: list[str]
    ancestry: list[str]
    tier: Tier
    counted: bool = Field(description="True when the group's tier counts towards corroboration.")


class FactEntry(BaseModel):
    """One fact on the sheet."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    id: str
    label: str
    subject: str
    metric: str
    target: str | None
    scope: dict[str, str]
    status: str = Field(description="A rung of the evidence ladder (verifier.corroboration.Status).")
    status_text: str = Field(description="The status in words, with the count of independent origins.")
    tier: Tier | None = Field(description="Strongest origin tier behind the value (null when miscalculated).")
    value: str = Field(description="The best-supported figure as printed, or the flagged figure when miscalculated.")
    citation: int = Field(description="Citation of the figure shown in `value`.")
    support: list[int] = Field(description="Citations of every figure that agrees with it.")
    independent_origins: int = Field(description="Independent origin groups that count towards corroboration.")
    origins: list[OriginEntry]
    recomputed: str | None = Field(None, description="For a miscalculated fact: what the operands give.")
    recomputed_from: list[int] = Field(default_factory=list, description="Citations of the operands.")
    dissent: list[Dissent]


class SubjectEntry(BaseModel):
    """The facts of one subject."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    subject: str
    facts: list[FactEntry]


class FactSheet(BaseModel):
    """The fact sheet: subjects with their facts, and the numbered citations they use."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    schema_version: str = SCHEMA_VERSION
    subjects: list[SubjectEntry]
    citations: list[SheetCitation]


@dataclass
class _Cluster:
    claims: list[Claim]
    groups: list[OriginGroup]

    @property
    def tier(self) -> Tier:
        return self.groups[0].tier

    def key(self) -> tuple:
        carriers = len({c.source for c in self.claims})
        first = min((c.source, c.anchor.start) for c in self.claims)
        return (rank(self.tier), -len(counted(self.groups)), -len(self.groups), -carriers, -len(self.claims), first)


def build_factsheet(corpus: Corpus, findings: list[Finding], subjects: list[str] | None = None) -> FactSheet:
    """The fact sheet of ``corpus``, using the arithmetic findings of its audit.

    Args:
        corpus: the loaded corpus.
        findings: the audit's findings (:func:`verifier.engine.check`); the V1xx ones mark
            miscalculated figures (the first claim of each is the figure judged), the V2xx
            ones the contested facts.
        subjects: canonical subject names to keep (all when None); see
            :func:`verifier.subjects.match_subject` to resolve a user's spelling.
    """
    ctx = Context(corpus)
    prov = Provenance(corpus)
    flagged = {f.claims[0]: f for f in findings if f.rule.startswith("V1") and f.claims}
    contradicted = contradicted_claims(findings)
    cites = _Citations(corpus, prov)
    by_subject: dict[str, list[FactEntry]] = {}
    for fact in build_facts(ctx):
        if subjects is not None and fact.subject not in subjects:
            continue
        contested = any(c.id in contradicted for c in fact.claims)
        by_subject.setdefault(fact.subject, []).append(_entry(fact, contested, flagged, prov, cites))
    return FactSheet(subjects=[SubjectEntry(subject=s, facts=f) for s, f in sorted(by_subject.items())], citations=cites.all)


def _entry(fact: Fact, contested: bool, flagged: dict[str, Finding], prov: Provenance, cites: "_Citations") -> FactEntry:
    ranked = []
    for cl in fact.clusters:
        ok = [c for c in cl if c.id not in flagged]
        if ok:
            ranked.append(_Cluster(ok, prov.groups(ok)))
    ranked.sort(key=_Cluster.key)
    if not ranked:
        return _miscalculated(fact, flagged, cites)
    win = ranked[0]
    rep = _representative(win.claims, prov)
    dissent: list[Dissent] = []
    one_article = len({c.source for c in fact.claims}) == 1
    for other in ranked[1:]:
        reason, detail = _why_loses(other, win, contested, one_article)
        dissent += [Dissent(figure=_fig(c), citation=cites.of(c), reason=reason, detail=detail) for c in other.claims]
    dissent += _flagged_dissent(fact, flagged, cites)
    status = Status.contested if contested else support_status(win.groups)
    n = len(counted(win.groups))
    return FactEntry(
        id=fact.id, label=fact.label(), subject=fact.subject, metric=fact.metric, target=fact.target, scope=fact.scope,
        status=status.value, status_text=_status_text(status, n, win.tier), tier=win.tier, value=_fig(rep),
        citation=cites.of(rep), support=sorted({cites.of(c) for c in win.claims}), independent_origins=n,
        origins=[OriginEntry(origins=list(g.origins), ancestry=list(g.ancestry), tier=g.tier, counted=g in counted(win.groups)) for g in win.groups],
        dissent=dissent,
    )


def _miscalculated(fact: Fact, flagged: dict[str, Finding], cites: "_Citations") -> FactEntry:
    first = fact.claims[0]
    f = flagged[first.id]
    ops = [cites.by_id(o.claim) for o in f.operands]
    recomputed = None
    if f.recomputed is not None:
        recomputed = f"{fmt_pair(f.recomputed.low, f.recomputed.high)} {f.recomputed.unit or ''}".strip() + f" ({f.formula or f.recomputed.basis})"
    return FactEntry(
        id=fact.id, label=fact.label(), subject=fact.subject, metric=fact.metric, target=fact.target, scope=fact.scope,
        status=Status.miscalculated.value, status_text=f"miscalculated ({f.rule} {f.name})", tier=None, value=_fig(first),
        citation=cites.of(first), support=[], independent_origins=0, origins=[], recomputed=recomputed,
        recomputed_from=[n for n in ops if n is not None],
        dissent=[d for d in _flagged_dissent(fact, flagged, cites) if d.citation != cites.of(first)],
    )


def _representative(claims: list[Claim], prov: Provenance) -> Claim:
    """The figure to show: strongest origin, unhedged, most precise, then first in the corpus."""
    def key(c: Claim) -> tuple:
        v = c.value
        rel = (v.resolution or 0) / abs(v.number) if v.number else 1.0
        return (rank(prov.tier_of_claim_origin(c)), c.approx is not None, rel, c.source, c.anchor.start)
    return min(claims, key=key)


def _why_loses(other: _Cluster, win: _Cluster, contested: bool, one_article: bool) -> tuple[str, str]:
    """(reason, detail) of a cluster that ranks below the value shown; only a contested fact has rivals of equal standing."""
    if not contested and one_article:
        return "same article", ("the article that gives the value shown gives this figure too; the audit reads one "
                                "article's differing figures as different facts (a part or a year left unsaid), not as a contradiction")
    if rank(other.tier) > rank(win.tier):
        return "lower tier", f"its strongest origin is {other.tier.value}; the value shown has a {win.tier.value} origin"
    if not contested:
        return "not compared", "the audit reports no contradiction (V2xx) between this figure and the value shown"
    a, b = _support(other), _support(win)
    if a == b:
        return "equally supported", f"as well supported as the value shown ({b}); the fact is contested"
    return "outlier", f"{a}, against {b} for the value shown, at the same tier ({win.tier.value})"


def _support(cl: _Cluster) -> str:
    carriers = len({c.source for c in cl.claims})
    return f"{len(cl.groups)} independent origin{'s' * (len(cl.groups) != 1)} in {carriers} article{'s' * (carriers != 1)}"


def _flagged_dissent(fact: Fact, flagged: dict[str, Finding], cites: "_Citations") -> list[Dissent]:
    out = []
    for c in fact.claims:
        f = flagged.get(c.id)
        if f is not None:
            out.append(Dissent(figure=_fig(c), citation=cites.of(c), reason="arithmetic error", detail=f"{f.rule} {f.name}: {f.message}"))
    return out


def _fig(c: Claim) -> str:
    text = figure_text(c) + (f" ({c.approx.replace('_', ' ')})" if c.approx else "")
    if c.comparison is not None:
        text += f" {c.comparison.relation.replace('_', ' ')} vs {c.comparison.target}"
    return text


def _status_text(status: Status, n: int, tier: Tier) -> str:
    if status == Status.corroborated:
        return f"corroborated ({n} independent origins)"
    if status == Status.single_secondary:
        return f"single {tier.value} source"
    return status.value


class _Citations:
    """Numbers claims' quotes in order of first use."""

    def __init__(self, corpus: Corpus, prov: Provenance) -> None:
        self.corpus, self.prov = corpus, prov
        self.claims = {c.id: c for c in corpus.claims}
        self.numbers: dict[str, int] = {}
        self.all: list[SheetCitation] = []

    def of(self, c: Claim) -> int:
        """The number of ``c``'s quote, assigning the next one on first use."""
        if c.id not in self.numbers:
            src = self.corpus.sources[c.source]
            origin = c.attribution.origin
            ext = self.corpus.external.get(origin or "")
            self.numbers[c.id] = len(self.all) + 1
            self.all.append(SheetCitation(
                n=self.numbers[c.id], claim=c.id, source=c.source, path=src.path, line=src.line_of(c.anchor.start),
                title=src.meta.title, publisher=src.meta.publisher, url=src.meta.url, quote=c.anchor.quote,
                start=c.anchor.start, end=c.anchor.end, origin=origin,
                origin_name=ext.name if ext else (self.corpus.sources[origin].meta.title if origin in self.corpus.sources else None),
                origin_tier=self.prov.tier_of_claim_origin(c), carrier_tier=src.meta.tier,
            ))
        return self.numbers[c.id]

    def by_id(self, claim_id: str) -> int | None:
        """Citation number of a claim id (None for an id not in the corpus)."""
        c = self.claims.get(claim_id)
        return self.of(c) if c is not None else None
