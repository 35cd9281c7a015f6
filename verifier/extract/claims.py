"""Propose claim records for an article: quantities linked to subjects, metrics and scopes.

    extract_claims(source) -> [Claim(status='proposed', id='<source>-x001', ...), ...]

Pipeline (a pure function of the article, so it can be mapped over a corpus by any engine):
segment the body (:mod:`.segment`), find quantities (:mod:`verifier.quantities`), subjects
(:mod:`.lexicon`), then for each quantity in each sentence read its metric
(:mod:`.metrics`), its subject and comparison target (:mod:`.subjects`), its scope
(:mod:`.scope`) and attribution (:mod:`.attribution`). Figures that are not claims (ordinals,
idioms, the size inside a model's name) are skipped. Lookups of mentions, figures and claims in
a sentence or paragraph go through :class:`.spans.SpanIndex`, so time is linear in the article.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from typing import Final

from verifier.extract import metrics as M
from verifier.extract import scope as S
from verifier.extract import targets as T
from verifier.extract.attribution import attribute, registered_kinds, registry_mentions
from verifier.extract.events import event_of
from verifier.extract.context import Figure, article_figures, model_mentions
from verifier.extract.lexicon import Lexicon, Mention, demote_benchmarks, discover, learn_aliases, load_lexicon, resolve_alias
from verifier.extract.names import expand_short_forms, join_cjk_prefixes
from verifier.extract.segment import Sentence, segment, sentences
from verifier.extract.spans import SpanIndex
from verifier.extract.subjects import (COMPANY_METRICS, SHIPMENTS, FORMER, LATTER, PRODUCT_KINDS, RIVAL_WORDS, UNRESOLVED, ArticleSubjects, article_subjects, distributive, find_target,
                                       in_clause, subject_mentions, vs_pair)
from verifier.models.claim import Anchor, Claim, Comparison, Value
from verifier.models.source import ExternalSource, Source

CONTEXT: Final = 32
"""Characters of prefix and suffix kept in an anchor (the W3C TextQuoteSelector context)."""

CLAUSE: Final = re.compile(r"[，；;：:。！？!?（）()]|(?<!\d),|,(?!\d)|——|—| · ")
"""Clause boundaries inside a sentence (a comma between digits is a thousands separator: '$4,000')."""

PRONOUN: Final = re.compile(r"^\s*(?:其|它|它们|该芯片|该系统|its\b|it\b|their\b)", re.IGNORECASE)
"""A clause that opens on a pronoun speaks of the subject named last before its sentence."""

EXAMPLE: Final = re.compile(r"以\s*([^，,。；;]{1,24}?)\s*为例|(?:Take|Taking)\s+([^,.;]{1,24}?)\s*(?:as an example)?,", re.IGNORECASE)
"""'以X为例' / 'Take X,': X is the subject of the sentence's figures."""

REFERENCE: Final = re.compile(r"(?:距离|距|相距|离)\s*([^，,。；;\d]{2,16}?)\s*(?=\d)")
"""'距EUV掩模版极限858平方毫米': a reference point and its figure, which a difference is taken from."""

DIFFERENCE: Final = re.compile(r"(?:只差|仅差|相差|还差|差了|差)\s*(?:约|近)?\s*$")
"""'只差18平方毫米': the figure is a difference to the reference point (relation 'difference')."""

DIFF_BEFORE: Final = re.compile(r"(?:多出|多了|高出|少了|少出|低了|快了|慢了|缩短了|相差|差距为|差距是|a difference of|difference of)\s*(?:约|近|about|nearly)?\s*$",
                                re.IGNORECASE)
"""Words before a figure that make it a difference between two subjects: '多出4.5千瓦时', 'a difference of $1,500'."""

DIFF_AFTER: Final = re.compile(r"\s*(?:more|less|higher|lower|larger|smaller|bigger|heavier|lighter|cheaper|dearer)\s+than\b", re.IGNORECASE)
"""Words after a figure that make it a difference: '$1,500 more than the H9'."""

TIME_DIFF_AFTER: Final = re.compile(r"\s*(?:faster|quicker|sooner|slower|longer|shorter|earlier|later)\b", re.IGNORECASE)
"""A duration followed by these is a difference of two durations ('10 minutes faster than the
H2', '10 minutes faster per session'), with or without 'than'."""

POSSESSIVE: Final = re.compile(r"['’]s\s")
"""'Helio Power's new unit, the Aurora P5, stores …': the owner is not the topic when a product follows."""

FOR_AFTER: Final = re.compile(
    r"\s+(?:for|on)\s+(?:the\s+|its\s+)?"                                                      # 'for the', 'on its'
    r"(?:(?:previous|older|old|new|newer|latest|current|original|outgoing|earlier|first|second|third|rival)\s+)?",  # 'previous'
    re.IGNORECASE)
"""'$6,000 for the H9', '14 months for the Zephyr X1', '150 kW for the previous Helix H2', '30
minutes on the H2': the name right after is the figure's subject."""

PORTIONS: Final = frozenset({"cost_share", "share"})
"""Metrics of a share of a total: no fallback to the article's main subject."""

METADATA: Final = frozenset({"reading_time", "word_count"})


@dataclass
class _Run:
    """State of one article's extraction. Mentions, subject mentions, models and claims are held
    in :class:`SpanIndex` instances, so that each figure looks only at its own sentence or
    paragraph (linear time in the article's length)."""

    source: Source
    external: dict[str, ExternalSource]
    mentions: SpanIndex[Mention]
    subjects: SpanIndex[Mention]
    models: S.Models
    memo: ArticleSubjects
    aliases: dict[str, str]
    generic: frozenset[str] = frozenset()
    companies: frozenset[str] = frozenset()
    claims: SpanIndex[Claim] = field(default_factory=lambda: SpanIndex(start=_anchor_start))
    last: dict[int, Claim] = field(default_factory=dict)
    spans: list[tuple[int, int]] = field(default_factory=list)


def _anchor_start(c: Claim) -> int:
    return c.anchor.start


def extract_claims(source: Source, external: dict[str, ExternalSource] | None = None,
                   lexicon: Lexicon | None = None) -> list[Claim]:
    """Propose the claim records of ``source`` (status 'proposed', ids '<source>-xNNN' in offset order).

    Args:
        source: the article.
        external: the registry of external sources (for origin tiers); optional.
        lexicon: subjects lexicon (default: the shipped one).
    """
    body = source.body
    lx = lexicon or load_lexicon()
    figures = article_figures(body)
    found = lx.find(body)
    known = [m for m in discover(body, [(m.start, m.end) for m in found], lx) if m.kind not in ("discovered", "quoted")]
    found = found + known  # variants of lexicon names ('GB 200') win over the quantities inside them
    found = found + registry_mentions(body, external or {}, [(m.start, m.end) for m in found])
    known_ix = SpanIndex(known)
    taken = [(m.start, m.end) for m in found] + [(f.q.start, f.q.end) for f in figures if f.q.unit is not None
                                                  and not known_ix.covering(f.q.start, f.q.start + 1)]
    mentions = join_cjk_prefixes(body, sorted(found + discover(body, taken, lx), key=lambda m: m.start), source.meta.title or "")
    mentions_ix = SpanIndex(mentions)
    figures = [replace(f, skip=True) if mentions_ix.covering(f.q.start, f.q.end)
               or known_ix.overlapping(f.q.start, f.q.end) else f for f in figures]
    models, mentions = model_mentions(body, demote_benchmarks(body, mentions), figures)
    mentions = registered_kinds(expand_short_forms(mentions), external or {})
    units = segment(body)
    sents = [s for u in units for s in sentences(body, u)]
    memo = article_subjects(body, mentions, [(s.start, s.end) for s in sents])
    fig_at = SpanIndex(sorted(figures, key=lambda f: f.q.start), start=lambda f: f.q.start, end=lambda f: f.q.end)
    indexes = (SpanIndex(mentions), SpanIndex(subject_mentions(mentions)))
    for _ in range(2):
        run = _Run(source, external or {}, *indexes, S.Models(models), replace(memo, by_figure={}, recent=[]),
                   learn_aliases(body, mentions), frozenset(e.name for e in lx.entries if e.kind == "generic"),
                   frozenset(m.name for m in mentions if m.kind == "company"))
        for sent in sents:
            inside = fig_at.within(sent.start, sent.end)
            if inside:
                _sentence(run, body, sent, inside)
        rivals = T.rivals(list(run.claims), memo.main, [(x.start, x.end) for x in sents])
        if set(rivals) <= set(memo.compare_set):
            break
        memo = replace(memo, compare_set=memo.compare_set + [r for r in rivals if r not in memo.compare_set])
    return [c.model_copy(update={"id": f"{source.id}-x{i:03d}"}) for i, c in enumerate(run.claims, 1)]


def _sentence(run: _Run, body: str, sent: Sentence, figs: list[Figure]) -> None:
    unit = sent.unit
    paired = distributive(body, (sent.start, sent.end), run.subjects, [f.q for f in figs if not f.skip])
    row_pair = vs_pair(body, list(unit.cells), run.subjects) if unit.cells else None
    rank = 0
    run.spans = [(f.q.start, f.q.end) for f in figs if not f.skip]
    for f in figs:
        if f.skip:
            continue
        claim = _claim(run, body, sent, f, paired, row_pair, rank)
        if claim is not None:
            run.claims.add(claim)
            if claim.metric != "date":
                run.last[id(unit)] = claim
            if claim.comparison is None:
                rank += 1


def _clause_start(body: str, lo: int, pos: int) -> int:
    starts = [m.end() for m in CLAUSE.finditer(body, lo, pos)]
    return starts[-1] if starts else lo


_OF_AFTER = re.compile(r"\s*(?:of\b|的|倍|times\b|x\b)")
"""A bare number followed by 'of' or 'times' is a share or a multiple, not a list item ('0.58 of it')."""
_OF_BEFORE = re.compile(r"的\s*$")
"""...nor one after 的 ('后者的 0.58')."""


def _clause_end(body: str, pos: int, hi: int) -> int:
    m = CLAUSE.search(body, pos, hi)
    return m.start() if m else hi


def _claim(run: _Run, body: str, sent: Sentence, f: Figure, paired: dict, row_pair, rank: int) -> Claim | None:
    q, unit = f.q, sent.unit
    cs = _clause_start(body, sent.start, q.start)
    near = body[cs:q.start]
    header = unit.header[unit.cell_at(q.start)] if unit.cells and unit.cell_at(q.start) is not None and unit.header else ""
    wide = " ".join(x for x in (unit.heading or "", header, body[unit.start:q.start]) if x)
    after = body[q.end:_clause_end(body, q.end, sent.end)]
    prev = run.last.get(id(unit))
    same_sentence = prev is not None and prev.anchor.start >= sent.start
    listed = same_sentence and not _OF_AFTER.match(after) and not _OF_BEFORE.search(near)
    reading = _reading(q, near, wide, after, header, body[sent.start:q.start], prev, same_sentence, listed)
    if reading is None or _idiom(body, q) or not reading.metric or (q.kind == "fraction" and reading.relation is None):
        return None
    if reading.kind == "percent" and reading.relation is None and body.count("%", sent.start, sent.end) > q.surface.count("%"):
        return None  # '89%, 91% and 94% in the three modes': a list of scopes the text does not name
    if reading.metric == "memory_capacity" and reading.kind in ("ratio", "percent") and _stores_energy(run):
        reading = replace(reading, metric="energy")  # 'capacity' of a battery: the article gives energies, not memory
    reference = REFERENCE.search(body, sent.start, sent.end)
    reference = reference if reference and reference.end() <= q.start else None
    if reference and reference.end() == q.start and "差" in body[q.end:sent.end]:
        return None  # '距X 858平方毫米只差18平方毫米': 858 is X's figure, and X is no subject
    if reference and DIFFERENCE.search(near) and reading.kind not in ("ratio", "percent", "date"):
        subject, _ = _subject_and_target(run, body, sent, f, cs, paired, row_pair, rank, reading)
        if subject is None:
            return None
        return _build(run, body, sent, f, reading, subject, Comparison(target=reference.group(1).strip(), relation="difference"),
                      near, wide, after)
    if reading.kind not in ("ratio", "percent", "date") and q.unit and (DIFF_BEFORE.search(near) or DIFF_AFTER.match(after)
                                                                       or (reading.metric == "duration" and TIME_DIFF_AFTER.match(after))):
        reading = replace(reading, relation="difference")  # 'X2的容量多出4.5千瓦时', 'a difference of $1,500'
    if reading.metric == "date":
        subject, target = _event_subject(run, body, sent, f, near, after), None
    elif reading.metric in METADATA or (reading.metric == "count" and reading.unit == "authors"):
        subject, target = run.source.id, None  # figures about the article itself (its bylines, length)
    elif reading.metric == "model_size":
        owner = run.models.by_end.starting(f.q.start - 3, f.q.end + 1)  # m.end in [q.start - 3, q.end]
        if not owner:
            return None
        subject, target = " ".join(owner[-1].surface.split()), None  # the size is about the model as printed, with its size
    else:
        subject, target = _subject_and_target(run, body, sent, f, cs, paired, row_pair, rank, reading)
    if subject is None:
        return None
    comparison, extra = None, {}
    if reading.relation:
        change = _after_change(run, sent, f, target)
        across = _change_across(run, body, sent, f) if change is None else None
        if across is not None:  # 'from $60,000 for the H2 to $48,000 for the H3, a 25% cut': the H3 against the H2
            subject, target, reading = across[1].subject, across[0].subject, replace(reading, metric=across[1].metric)
            comparison = Comparison(target=target, relation=reading.relation)
        elif change is not None:  # 'from $9,000 to $7,500, a 25% reduction': the subject against itself
            subject, reading = change.subject, replace(reading, metric=change.metric)
            comparison, extra = Comparison(target=subject, relation=reading.relation, scope={"period": "before"}), {"period": "after"}
        elif not target or target == subject or target == UNRESOLVED or (reading.relation == "difference" and target == T.BASELINE):
            return None
        else:
            comparison = Comparison(target=target, relation=reading.relation)
    else:
        side = T.change_side(body, f.q.start, f.q.end, run.spans, sent.start)
        prior = run.claims.starting(sent.start, f.q.start)
        if (side == "before" and not _rival_change(run, body, sent)) or \
                (side == "after" and prior and prior[-1].scope.get("period") == "before" and prior[-1].subject == subject):
            extra = {"period": side}
    return _build(run, body, sent, f, reading, subject, comparison, near, wide, after, extra)


def _stores_energy(run: _Run) -> bool:
    """True when the article's figures so far include energies and no memory capacity."""
    metrics = {c.metric for c in run.claims}
    return "energy" in metrics and "memory_capacity" not in metrics


def _rival_change(run: _Run, body: str, sent: Sentence) -> str | None:
    """The rivals (joined) when a 'from A to B' sentence compares with them, so that A is theirs."""
    sentence = body[sent.start:sent.end].lower()
    rivals = [x for x in run.memo.compare_set if x != run.memo.main]
    if rivals and any(w in sentence for w in RIVAL_WORDS + T.COMPARE_WORDS):
        return T.join(rivals)
    return None


def _after_change(run: _Run, sent: Sentence, f: Figure, target: str | None) -> Claim | None:
    """The 'to' figure of a change earlier in the sentence ('from $9,000 to $7,500'), when the
    comparison figure ``f`` names no other target: a percentage or multiplier that follows a
    change compares the subject's value after it with its value before."""
    if f.q.unit not in ("%", "x"):
        return None
    prior = [c for c in run.claims.starting(sent.start, f.q.start) if c.comparison is None]
    if len(prior) >= 2 and prior[-1].scope.get("period") == "after" and prior[-2].scope.get("period") == "before" \
            and target in (None, T.BASELINE, prior[-1].subject):
        return prior[-1]
    return None


_FROM_NAMED: Final = re.compile(r"(?:\bfrom|从|由)\s*[^,，;；.。\d]{0,24}?$", re.IGNORECASE)
"""'from', '从', '由' before the first figure of a change, with at most a name between ('从H2的')."""

_TO_NAMED: Final = re.compile(r"[^,，;；。]{0,40}?(?:\b(?:down |up )?to\s+|(?:降|减|涨|增|升|提高|下调|上调)?(?:至|到))[^,，;；。\d]{0,24}?")
"""What joins the two figures of 'from A for X to B for Y' / '从X的A降至Y的B'."""


def _change_across(run: _Run, body: str, sent: Sentence, f: Figure) -> tuple[Claim, Claim] | None:
    """The two figures of a change between two subjects ('from $60,000 for the H2 to $48,000 for
    the H3', '从H2的6万美元降至H3的4.8万美元') before the percentage or multiplier ``f``: the
    'from' figure's subject is the target, the 'to' figure's the subject."""
    if f.q.unit not in ("%", "x"):
        return None
    prior = [c for c in run.claims.starting(sent.start, f.q.start) if c.comparison is None]
    if len(prior) < 2:
        return None
    a, b = prior[-2], prior[-1]
    if a.subject == b.subject or a.metric != b.metric or T.ALTERNATIVES in a.subject + b.subject:
        return None
    if _FROM_NAMED.search(body, sent.start, a.anchor.start) and _TO_NAMED.fullmatch(body, a.anchor.end, b.anchor.start):
        return a, b
    return None


def _reading(q, near: str, wide: str, after: str, header: str, sentence: str, prev: Claim | None,
             same_sentence: bool, listed: bool) -> M.Reading | None:
    """What a figure measures (:func:`metrics.read`); a bare number continuing a list or a
    distributive pair ('8.54万…，而GB200约为4.5万个'; ``listed``: not followed by 'of' or
    'times', which make it a share or a multiple) takes the previous figure's metric, and a ratio whose clause names no metric takes the previous
    claim's in the same sentence, else the nearest cue of its sentence, else the previous claim's."""
    reading = M.read(q, header + " " + near, wide, after, header, "" if same_sentence else sentence)
    if reading is None and q.unit is None and listed and prev.comparison is None and prev.value.unit \
            and any(ch.isdigit() for ch in q.surface) and prev.metric not in ("date", "count", "duration"):
        reading = M.Reading(prev.metric, prev.value.unit, prev.kind)
    if reading is None:
        return None
    if reading.metric == "" and reading.kind == "money":
        metric = prev.metric if same_sentence and prev.kind == "money" else (M.pick(wide, M.MONEY_CUES) or "cost")
        reading = M.Reading(metric, f"{q.unit}/h" if metric == "cost_per_hour" else q.unit, "money")
    if reading.metric == "":
        metric = prev.metric if prev is not None else M.pick(wide, M.RATIO_CUES)
        reading = M.Reading(metric or "", reading.unit, reading.kind, reading.relation)
    return reading


def _event_subject(run: _Run, body: str, sent: Sentence, f: Figure, near: str, after: str) -> str | None:
    """Subject of a date: the product named in the sentence (else the article's main one) and
    the event the date marks ('Jalapeño initial deployment'); None when the event is unnamed."""
    nxt = body[f.q.end:sent.end]
    following = nxt[len(after) + 1:][:60] if not after.strip() else ""
    event = event_of(after, near, following)
    if event is None:
        return None
    products = [m for m in run.mentions.starting(sent.start, sent.end) if m.kind in PRODUCT_KINDS]
    name = _name(run, products[0]) if products else run.memo.main
    return f"{name} {event}" if name else None


def _idiom(body: str, q) -> bool:
    """'这一天', '一年一度', '每一度': a Chinese 一 that counts nothing."""
    if not q.surface.startswith("一"):
        return False
    return body[q.start - 1:q.start] in ("这", "那", "每", "同", "第") or body[q.end:q.end + 1] == "一"


def _subject_and_target(run: _Run, body: str, sent: Sentence, f: Figure, cs: int, paired: dict, row_pair, rank: int,
                        reading: M.Reading) -> tuple[str | None, str | None]:
    q, memo = f.q, run.memo
    role_metric = SHIPMENTS if reading.metric == "count" and reading.unit in M.GOODS_UNITS else reading.metric
    comparative = reading.relation is not None
    named = comparative and (reading.relation != "difference" or DIFF_AFTER.match(body, q.end, sent.end))  # 'X 的容量多出 4 kWh': X is the subject
    target, _ = (find_target(body, cs, q.start, q.end, sent.end, run.subjects, memo) if named else (None, None))
    exclude = set(target.split("|")) if target else set()
    near = body[cs:q.start]
    before = run.claims.starting(sent.start, q.start)
    role = None if comparative else T.from_to_role(body, q.start, q.end, [s for s in run.spans if s != (q.start, q.end)])
    if role == "to" and before and before[-1].subject not in (memo.main, None) and memo.main \
            and "period" not in before[-1].scope:
        return memo.main, None  # the rivals had the 'from' figure: the subject has the 'to' one
    if role == "from":
        # '由 A 降至 B': A is the rivals' figure when the sentence compares with them, else the
        # subject's former value when a verb of change says so (scope period: before, see
        # :func:`_claim`); without one, A is not proposed (it would read as a restatement of B)
        rivals = _rival_change(run, body, sent)
        if rivals:
            return rivals, None
        if T.change_side(body, q.start, q.end, run.spans, sent.start) is None:
            return None, None
    if comparative and any(w in near for w in FORMER):
        return memo.pair()
    if q.start in paired:
        return paired[q.start].name, target
    owner = FOR_AFTER.match(body, q.end, sent.end)
    owner = run.subjects.starting(owner.end(), owner.end() + 1) if owner and not comparative else []
    if owner and owner[0].kind in PRODUCT_KINDS:
        return _name(run, owner[0]), None
    if row_pair is not None:
        if comparative:
            return row_pair[0].name, target or row_pair[1].name
        return (row_pair[0] if rank == 0 else row_pair[1]).name, target
    m = in_clause(body, cs, q.start, run.subjects, exclude, role_metric)
    if comparative and m is None and target is None and before and before[-1].comparison is not None:
        return before[-1].subject, before[-1].comparison.target  # a nameless clause goes on with the sentence's comparison
    subject = _name(run, m) if m else None
    if subject is None and comparative and not target and reading.relation == "share" and q.kind == "fraction":
        return memo.pair()
    if subject is None and PRONOUN.search(near):
        m = in_clause(body, sent.unit.start, sent.start, run.subjects, exclude, role_metric)
        subject = _name(run, m) if m else None
    if subject is None:
        example = EXAMPLE.search(body, sent.start, cs)
        m = example and in_clause(body, example.start(1), example.end(1), run.subjects, exclude, role_metric)
        subject = _name(run, m) if m else None
    subject = subject or memo.restated(f.printed, reading.unit)
    if subject is None:
        owners = {o.name for o in run.subjects.within(sent.start, cs) if POSSESSIVE.match(body, o.end)}
        m = in_clause(body, sent.start, cs, run.subjects, exclude | owners, role_metric, nearest=False) \
            or in_clause(body, sent.start, cs, run.subjects, exclude, role_metric, nearest=False)
        subject = _name(run, m) if m else None
    if subject is None and (reading.metric in PORTIONS or role_metric == SHIPMENTS):
        return None, None  # a share of a total, or a count of goods, belongs to an owner the sentence must name
    if subject is None and comparative and target and any(w in near for w in LATTER):
        former, latter = memo.pair()
        subject = former if former != target else None
    if subject is None and _only_rivals_follow(run, body, q.end, sent.end):
        subject = memo.main
    if subject is None:
        prev = run.last.get(id(sent.unit))
        subject = prev.subject if prev is not None and prev.subject not in run.generic else None
        if subject in run.companies and role_metric not in COMPANY_METRICS:
            subject = None  # a company's count or money figure does not make it the owner of a product's figures
    if subject is None:
        m = in_clause(body, sent.unit.start, sent.start, run.subjects, exclude, role_metric)
        subject = _name(run, m) if m else memo.main
    if comparative and not target and subject:
        paragraph = run.claims.starting(sent.unit.start, sent.start)
        target = T.implicit_target(subject, reading.metric, body[sent.start:q.end] + body[q.end:_clause_end(body, q.end, sent.end)],
                                   before, paragraph, memo.compare_set, reading.unit == "x", memo.main)
    return subject, target


def _only_rivals_follow(run: _Run, body: str, start: int, end: int) -> bool:
    """True when the rest of the sentence names only systems of the comparison set
    ('约700 token每秒，而GB300只有约169个'): the unnamed figure is the main subject's."""
    later = [m.name for m in run.mentions.starting(start, end) if m.kind in ("product", "discovered")]
    return bool(later) and all(n in run.memo.compare_set for n in later) and run.memo.main not in later


def _name(run: _Run, m: Mention) -> str:
    if m.kind == "quoted":
        return resolve_alias(m.name, run.aliases) or m.name
    return m.name


def _build(run: _Run, body: str, sent: Sentence, f: Figure, r: M.Reading, subject: str, comparison: Comparison | None,
           near: str, wide: str, after: str, extra: dict | None = None) -> Claim | None:
    q = f.q
    scope = {**S.scope_of(body, sent, f, r, near, wide, after, comparison, run.models), **(extra or {})}
    if r.metric in S.SIBLING_SCOPED and not any(k in scope for k in ("stage", "workload")):
        scope.update(_sibling_scope(run, body, sent, f, r))
    if r.metric == "power" and r.unit == "x" and "part" not in scope:
        scope.update(_sibling_part(run, sent, f))
    if r.metric == "duration" and "stage" not in scope and "workload" not in scope:
        return None  # a period with no milestone or activity cannot be told apart from the article's other periods
    value = _value(f, r)
    explicit = not (comparison is None and run.memo.restated(f.printed, r.unit) == subject)
    if r.metric != "date":  # an event ('X initial deployment') is no subject for later figures
        run.memo.remember(f.printed, r.unit, subject, explicit)
    if comparison is not None:
        for t in comparison.target.split("|"):
            run.memo.remember("", None, t, False)
    att = attribute(run.source, run.external, body, (sent.start, sent.end), (sent.unit.start, sent.unit.end), run.mentions)
    kind = "percent" if r.kind == "percent" else (M.kind_of(r.metric, scope.get("basis")) if r.kind in ("measurement", "spec") else r.kind)
    if comparison is not None and comparison.relation == "difference":
        kind = "difference"
    return Claim(
        id="pending", source=run.source.id,
        anchor=Anchor(quote=q.surface, start=q.start, end=q.end, prefix=body[max(0, q.start - CONTEXT):q.start],
                      suffix=body[q.end:q.end + CONTEXT]),
        subject=subject, metric=r.metric, kind=kind, value=value, approx=f.approx, scope=scope,
        comparison=comparison, attribution=att, status="proposed",
    )


def _sibling_scope(run: _Run, body: str, sent: Sentence, f: Figure, r: M.Reading) -> dict:
    """The workload of the figures of ``r.metric`` the sentence gave before ``f``, when they agree
    ('charges in 18 minutes on the H3, compared with 30 minutes on the H2 … 10 minutes faster':
    all three are charging times; 'Standby draw is 45 W, four times lower than the H2's 120 W':
    all are standby figures); a power in watts takes no workload from kilowatts (a different
    operating point). A sentence that continues its paragraph's figures with a semicolon or
    'that' ('took 42 minutes for that charge') also takes the paragraph's."""
    go_on = body[:sent.start].rstrip().endswith((";", "；")) or THAT_SAME.search(body, sent.start, sent.end)
    lo = sent.unit.start if go_on else sent.start
    works = {c.scope.get("workload") for c in run.claims.starting(lo, f.q.start)
             if c.metric == r.metric and (r.unit in ("x", "%") or c.value.unit == r.unit or r.metric == "duration")}
    works.discard(None)
    if r.metric == "power":
        works &= {"standby"}  # peak and continuous figures are stated one by one; standby is a setting of the sentence
    return {"workload": works.pop()} if len(works) == 1 else {}


def _sibling_part(run: _Run, sent: Sentence, f: Figure) -> dict:
    """The side (input/output) of the power figures a multiplier compares, when the sentence
    gave them all one side ('delivers 350 kW against 150 kW …, 2.8 times as much power')."""
    parts = {c.scope.get("part") for c in run.claims.starting(sent.start, f.q.start) if c.metric == "power" and c.comparison is None}
    return {"part": parts.pop()} if len(parts) == 1 and None not in parts else {}


THAT_SAME: Final = re.compile(r"\b(?:that|this|the same)\s+(?:charge|session|task|run|test)\b|同样的|该次", re.IGNORECASE)
"""Words that refer back to the activity of the figures before ('for that charge')."""


def _value(f: Figure, r: M.Reading) -> Value:
    q = f.q
    if r.metric == "date":
        return Value(printed=f.printed, iso=f.iso)
    v = q.value
    scale = 100.0 if (q.kind == "fraction" and r.unit == "%") else 1.0
    res = q.resolution * scale if q.resolution else None
    if isinstance(v, tuple):
        lo, hi = v
        if lo is None or hi is None:
            return Value(printed=f.printed, number=(lo if hi is None else hi) * scale, unit=r.unit, resolution=res)
        return Value(printed=f.printed, low=lo * scale, high=hi * scale, unit=r.unit, resolution=res)
    return Value(printed=f.printed, number=float(v) * scale, unit=r.unit, resolution=res)
