"""Run rules over a corpus and assemble the :class:`~verifier.models.report.Report`.

Stages are pure: :func:`audit` takes a loaded corpus and returns a report; it prints nothing.
A rule that raises is reported as a finding of that rule (``internal-error``) and the run
goes on, so one bad rule never hides the others' findings.
"""

from __future__ import annotations


from collections import Counter, defaultdict
from collections.abc import Sequence

from verifier.graph import provenance
from verifier.ingest.corpus import Corpus
from verifier.models.claim import Claim
from verifier.models.finding import SEVERITY_ORDER, Finding, Severity
from verifier.models.report import ClaimEntry, Coverage, LeftOut, Report, SourceCoverage, SourceEntry, Summary
from verifier.progress import Callback, installed, quiet
from verifier.rules.context import Context, is_summary, sentence_around
from verifier.rules.coverage import numbers_in_text
from verifier.rules.aligned import one_finding_per_pair
from verifier.rules.registry import Rule, select_rules
from verifier.vocabulary import inverse_of

TYPE_CHECKING = False
if TYPE_CHECKING:
    from verifier.engines import Mapper
    from verifier.rules.regroup import Kept
    from verifier.shelf import Shelf


def check(ctx: Context, rules: list[Rule] | None = None, progress: Callback | None = None) -> list[Finding]:
    """The findings of ``rules`` (default: the enabled rules) on ``ctx``'s corpus, in report
    order: what the graph and the fact sheet need, without the report around them.

    ``progress(done, total)`` is called in rules run, before the first and after each
    (default: the callback installed by :func:`verifier.progress.reporting`, if any)."""
    findings: list[Finding] = []
    chosen = rules if rules is not None else select_rules()
    tick = progress or installed() or quiet
    tick(0, len(chosen))
    for done, r in enumerate(chosen, 1):
        findings += findings_of(ctx, r)
        tick(done, len(chosen))
    return sorted(one_finding_per_pair(set_unique(findings)), key=Finding.sort_key)


def findings_of(ctx: Context, r: Rule) -> list[Finding]:
    """The findings of rule ``r`` on ``ctx``, each held to :func:`kept_promise`; a rule that
    crashes gives what it found before, then one ``internal-error`` finding saying so, so
    that one bad rule never hides the others'."""
    out: list[Finding] = []
    try:
        out.extend(kept_promise(ctx, r, f) for f in r.func(ctx))
    except Exception as err:  # a crashing rule must not hide the others
        out.append(Finding(rule=r.code, name="internal-error", severity=Severity.error,
                           message=f"rule {r.code} ({r.name}) crashed: {type(err).__name__}: {err}"))
    return out


def audit(corpus: Corpus, rules: list[Rule] | None = None, listed: bool = True) -> Report:
    """Check ``corpus`` with ``rules`` (default: the enabled rules) and build the report.

    ``listed`` False leaves out what only a whole-document format prints, which grows with the
    corpus: the report's sources, claims and provenance are empty lists and its summary has no
    coverage per article (``--format jsonl`` prints findings and the summary's totals; a
    claim per article of a 100,000-article archive is what made its report gigabytes). The
    indexes the rules built are let go before the report is made, so the two never peak
    together."""
    ctx = Context(corpus)
    findings = check(ctx, rules)
    ctx.memo = {k: v for k, v in ctx.memo.items() if k in _SUMMARY_MEMO}
    if not listed:
        return Report(summary=_summary(ctx, findings, per_source=False), sources=[], claims=[], findings=findings)
    return Report(
        summary=_summary(ctx, findings),
        sources=[_source_entry(s) for _, s in sorted(corpus.sources.items())],
        claims=_claim_entries(ctx),
        findings=findings,
        provenance=provenance(corpus, [cid for f in findings for cid in f.claims]),
    )


_SUMMARY_MEMO = ("numbers",)
"""The memo of :mod:`verifier.rules.coverage` the summary reads again; the rules' other indexes
are dropped once they have run."""


def kept_promise(ctx: Context, r: Rule, f: Finding) -> Finding:
    """``f``, or ``f`` as a warning that says why it needs review when it is an error and one of
    its claims decided a part the rule rests on (:attr:`Rule.rests_on`: holder, measured thing,
    target, derivation) with less than :data:`~verifier.models.claim.CONFIDENT` confidence: the
    linters' promise that an error rests only on claims decided with confidence."""
    if f.severity != Severity.error:
        return f
    weak = [(cid, part, d) for cid in f.claims if (c := ctx.by_id.get(cid)) is not None for part, d in c.weak(r.rests_on)]
    if not weak:
        return f
    why = "; ".join(f"{part} of {cid} decided by {d.by} (confidence {d.confidence:.2f})" for cid, part, d in weak)
    return f.model_copy(update={"severity": Severity.warning, "message": f"{f.message} (needs review: {why})"})


def set_unique(findings: list[Finding]) -> list[Finding]:
    """Drop exact duplicates (two rules reaching the same finding), keeping the first."""
    seen: set[str] = set()
    out = []
    for f in findings:
        key = f.model_dump_json()
        if key not in seen:
            seen.add(key)
            out.append(f)
    return out


def _summary(ctx: Context, findings: list[Finding], per_source: bool = True) -> Summary:
    tally = Tally()
    tally.add(ctx)
    if not per_source:
        return tally.summary(findings)
    recorded = [c for c in ctx.corpus.claims if c.status != "rejected"]
    return tally.summary(findings, _coverage_by_source(ctx, recorded, tally.testable))


class Tally:
    """The coverage counts of a report's summary, added up over the groups of articles an
    audit checks one at a time (:func:`audit_shelved`), or over one context holding every claim.
    The ids of the claims some check could test are kept, not counted: a group's may name
    another group's claim (a derivation's operand), so they are a union, not a sum."""

    def __init__(self) -> None:
        self.numbers = self.unrecorded = self.claims_recorded = self.claims_checked = 0
        self.testable: set[str] = set()

    def add(self, ctx: Context) -> None:
        """Count ``ctx``'s articles and claims (after its rules ran: ``ctx.checked`` is read)."""
        found = numbers_in_text(ctx).values()
        self.numbers += sum(n.found for n in found)
        self.unrecorded += sum(len(n.left) for n in found)
        recorded = [c.id for c in ctx.corpus.claims if c.status != "rejected"]
        self.claims_recorded += len(recorded)
        self.claims_checked += len(ctx.checked.intersection(recorded))
        self.testable |= checkable(ctx) | ctx.checked  # a claim some rule compared could be checked, whatever the estimate said

    def merge(self, other: Tally) -> None:
        """Add the counts of ``other`` (another group's)."""
        self.numbers += other.numbers
        self.unrecorded += other.unrecorded
        self.claims_recorded += other.claims_recorded
        self.claims_checked += other.claims_checked
        self.testable |= other.testable

    def summary(self, findings: list[Finding], coverage_by_source: list[SourceCoverage] | None = None) -> Summary:
        """The summary of a report with ``findings`` and the counts added so far."""
        by_sev = Counter(f.severity.value for f in findings)
        by_source: dict[str, Counter] = defaultdict(Counter)
        for f in findings:
            by_source[f.source or "(corpus)"][f.severity.value] += 1
        return Summary(
            by_severity={s.value: by_sev.get(s.value, 0) for s in sorted(Severity, key=SEVERITY_ORDER.get)},
            by_source={k: dict(sorted(v.items())) for k, v in sorted(by_source.items())},
            by_rule=dict(sorted(Counter(f.rule for f in findings).items())),
            coverage=Coverage(
                numbers_in_text=self.numbers, numbers_recorded=self.numbers - self.unrecorded,
                claims_recorded=self.claims_recorded, claims_checkable=len(self.testable), claims_checked=self.claims_checked,
            ),
            coverage_by_source=coverage_by_source or [],
        )


def audit_shelved(corpus: Corpus, shelf: Shelf, rules: list[Rule] | None = None, jobs: int | None = None,
                  mapper: Mapper | None = None, kept: Kept | None = None) -> Report:
    """:func:`audit` with ``listed`` False of a corpus whose extracted claims are on ``shelf``
    (:func:`verifier.extract.corpus.extract_missing` with a shelf; ``corpus.claims`` holds the
    curated records): the rules run one group of articles at a time
    (:func:`verifier.rules.groups.by_group`), each group's claims decoded from the shelf and let
    go, so a large archive's claims are never all in memory, on ``mapper`` (:mod:`verifier.engines`;
    None: ``jobs`` processes of this machine, None for one per core). The same findings and
    summary as :func:`audit` of the corpus holding every claim. ``kept``: where the grouped stage
    keeps what a re-audit starts from (:class:`~verifier.rules.regroup.Kept`, :mod:`verifier.reaudit`), or None."""
    from verifier.rules.groups import by_group
    from verifier.shelf import ClaimsBySource

    findings, _, tally = by_group(corpus, ClaimsBySource(corpus.claims, shelf), rules, jobs, mapper, kept)
    return Report(summary=tally.summary(findings), sources=[], claims=[], findings=findings)


def _coverage_by_source(ctx: Context, recorded: list[Claim], testable: set[str]) -> list[SourceCoverage]:
    """Per article: figures found, figures a claim covers, claims (held, checkable, checked), and
    each figure left out with the reason (:func:`verifier.quantities.not_claims.why_not_a_claim`;
    'not recorded' for an article whose claims are curated records, else 'not read as a claim')."""
    numbers = numbers_in_text(ctx)
    mine: dict[str, list[Claim]] = defaultdict(list)
    for c in recorded:
        mine[c.source].append(c)
    proposed = {c.source for c in ctx.corpus.claims if c.status == "proposed"}
    out = []
    for sid, src in sorted(ctx.corpus.sources.items()):
        claims = mine.get(sid, [])
        ids = {c.id for c in claims}
        fallback = "not read as a claim" if sid in proposed or not claims else "not recorded"
        left = [LeftOut(quote=n.surface, start=n.start, end=n.end, line=src.line_of(n.start), reason=n.reason or fallback)
                for n in numbers[sid].left]
        found = numbers[sid].found
        out.append(SourceCoverage(
            source=sid, numbers_in_text=found, numbers_recorded=found - len(left), claims_recorded=len(claims),
            claims_held=sum(1 for c in claims if c.subject), claims_checkable=len(ids & testable),
            claims_checked=len(ids & ctx.checked), left_out=left,
        ))
    return out


def checkable(ctx: Context) -> set[str]:
    """Ids of the claims that some arithmetic or comparison could test: see
    :class:`~verifier.models.report.Coverage`. Figures of one subject and metric are counted
    over the whole corpus (``ctx.stats.held`` when ``ctx`` is a group of its articles)."""
    facts = ctx.stats.held if ctx.stats is not None else Counter((c.subject, c.metric) for c in ctx.live)
    held = {
        c.id for c in ctx.live
        if c.comparison is not None or is_summary(c) or inverse_of(c.metric) or facts[(c.subject, c.metric)] > 1
    }
    return held | {i for c in ctx.figures if c.derived is not None for i in (c.id, *c.derived.operands)}


def _source_entry(s) -> SourceEntry:
    m = s.meta
    return SourceEntry(id=m.id, path=s.path, title=m.title, publisher=m.publisher, tier=m.tier, languages=m.languages, cites=m.cites, url=m.url, published=m.published,
                       authors=m.authors, format=s.format, tier_given="tier" not in s.defaulted, metadata=m.metadata)


def _claim_entries(ctx: Context) -> list[ClaimEntry]:
    """Report entries of every claim, in (source, offset) order; sentence ends found once per body (:meth:`Context.ends`)."""
    corpus = ctx.corpus
    ordered = sorted(corpus.claims, key=lambda c: (c.source, c.anchor.start, c.id))
    return [_claim_entry(c, corpus.sources[c.source].body, ctx.ends(c.source)) for c in ordered]


def _claim_entry(c: Claim, body: str, ends: Sequence[int]) -> ClaimEntry:
    v = c.value
    value = v.number if v.number is not None else ([v.low, v.high] if v.is_range else v.iso)
    return ClaimEntry(
        id=c.id, source=c.source, quote=c.anchor.quote, start=c.anchor.start, end=c.anchor.end, subject=c.subject,
        metric=c.metric, measured=c.measured, kind=c.kind, printed=v.printed, value=value, unit=v.unit, approx=c.approx, scope=c.scope,
        comparison=c.comparison, attribution=c.attribution, derived=c.derived, streak=c.streak, decided=c.decided, status=c.status,
        sentence=sentence_around(body, c.anchor.start, c.anchor.end, ends),
    )
