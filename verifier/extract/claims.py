"""Propose claim records for an article: quantities linked to subjects, metrics and scopes.

    extract_claims(source) -> [Claim(status='proposed', id='<source>-x001', ...), ...]

Pipeline (a pure function of the article, so it can be mapped over a corpus by any engine):
segment the body (:mod:`.segment`), find quantities (:mod:`verifier.quantities`), subjects
(:mod:`.lexicon`), then for each quantity in each sentence read its metric
(:mod:`.metrics`), its subject and comparison target (:mod:`.subjects`), its scope and
attribution (:mod:`.attribution`). Figures that are not claims (ordinals, idioms, the size
inside a model's name) are skipped.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from typing import Final

from verifier.extract import metrics as M
from verifier.extract.attribution import attribute
from verifier.extract.context import Figure, article_figures, model_mentions
from verifier.extract.lexicon import Lexicon, Mention, discover, learn_aliases, load_lexicon, resolve_alias
from verifier.extract.segment import Sentence, Unit, segment, sentences
from verifier.extract.subjects import (FORMER, LATTER, ArticleSubjects, article_subjects, distributive, find_target,
                                       in_clause, vs_pair)
from verifier.models.claim import Anchor, Claim, Comparison, Value
from verifier.models.source import ExternalSource, Source

CONTEXT: Final = 32
"""Characters of prefix and suffix kept in an anchor (the W3C TextQuoteSelector context)."""

CLAUSE: Final = re.compile(r"[，,；;：:。！？!?（）()]|——|—| · ")
"""Clause boundaries inside a sentence."""

PERFORMANCE: Final = frozenset({"throughput_per_power", "throughput", "generation_speed", "inter_token_latency", "latency_e2e",
                                "interactivity_gain", "energy_per_work", "task_time", "wait_time"})
"""Metrics whose figures depend on the model run (scope key ``model``)."""

STAGES: Final = (
    ("tape-out", ("流片", "tape-out", "tapeout", "taped out")),
    ("project start", ("项目启动", "立项", "kicked off", "kick-off", "project start", "project began")),
    ("first unveiling", ("首次亮相", "亮相", "unveil", "debut")),
    ("deployment", ("部署", "deploy")),
    ("mass production", ("量产", "mass production", "volume production")),
    ("launch", ("发布", "上市", "launch")),
)
"""Milestones a duration runs from or to (scope key ``stage``)."""

METADATA: Final = frozenset({"reading_time", "word_count"})


@dataclass
class _Run:
    """State of one article's extraction."""

    source: Source
    external: dict[str, ExternalSource]
    mentions: list[Mention]
    models: list[Mention]
    memo: ArticleSubjects
    aliases: dict[str, str]
    all_models: list[str]
    generic: frozenset[str] = frozenset()
    claims: list[Claim] = field(default_factory=list)
    last: dict[int, Claim] = field(default_factory=dict)
    setting_model: dict[int, str] = field(default_factory=dict)


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
    taken = [(m.start, m.end) for m in found] + [(f.q.start, f.q.end) for f in figures if f.q.unit is not None
                                                  and not any(m.start <= f.q.start < m.end for m in known)]
    mentions = sorted(found + discover(body, taken, lx), key=lambda m: m.start)
    figures = [replace(f, skip=True) if any(m.start <= f.q.start and f.q.end <= m.end for m in mentions)
               or any(f.q.start < m.end and m.start < f.q.end for m in known) else f for f in figures]
    models, mentions = model_mentions(body, mentions, figures)
    units = segment(body)
    sents = [s for u in units for s in sentences(body, u)]
    run = _Run(source, external or {}, mentions, models, article_subjects(body, mentions, [(s.start, s.end) for s in sents]),
               learn_aliases(body, mentions), list(dict.fromkeys(m.name for m in models)),
               frozenset(e.name for e in lx.entries if e.kind == "generic"))
    fig_at = sorted(figures, key=lambda f: f.q.start)
    for sent in sents:
        inside = [f for f in fig_at if sent.start <= f.q.start and f.q.end <= sent.end]
        if inside:
            _sentence(run, body, sent, inside)
    return [c.model_copy(update={"id": f"{source.id}-x{i:03d}"}) for i, c in enumerate(run.claims, 1)]


def _sentence(run: _Run, body: str, sent: Sentence, figs: list[Figure]) -> None:
    unit = sent.unit
    paired = distributive(body, (sent.start, sent.end), run.mentions, [f.q for f in figs if not f.skip])
    row_pair = vs_pair(body, list(unit.cells), run.mentions) if unit.cells else None
    rank = 0
    for f in figs:
        if f.skip:
            continue
        claim = _claim(run, body, sent, f, paired, row_pair, rank)
        if claim is not None:
            run.claims.append(claim)
            run.last[id(unit)] = claim
            if claim.comparison is None:
                rank += 1


def _clause_start(body: str, lo: int, pos: int) -> int:
    starts = [m.end() for m in CLAUSE.finditer(body, lo, pos)]
    return starts[-1] if starts else lo


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
    reading = M.read(q, header + " " + near, wide, after, header)
    prev = run.last.get(id(unit))
    same_sentence = prev is not None and prev.anchor.start >= sent.start
    if reading is None and q.unit is None and same_sentence and prev.comparison is None and prev.value.unit \
            and any(ch.isdigit() for ch in q.surface) \
            and prev.metric not in ("date", "count", "duration"):
        reading = M.Reading(prev.metric, prev.value.unit, prev.kind)
    if reading is None or _idiom(body, q):
        return None
    if reading.metric == "" and reading.kind == "money":
        metric = prev.metric if same_sentence and prev.kind == "money" else (M.pick(wide, M.MONEY_CUES) or "cost")
        reading = M.Reading(metric, f"{q.unit}/h" if metric == "cost_per_hour" else q.unit, "money")
    if reading.metric == "":
        metric = prev.metric if prev is not None else M.pick(wide, M.RATIO_CUES)
        reading = M.Reading(metric or "", reading.unit, reading.kind, reading.relation)
    if not reading.metric or (q.kind == "fraction" and reading.relation is None):
        return None
    if reading.metric in METADATA:
        subject, target = run.source.id, None
    elif reading.metric == "model_size":
        owner = [m for m in run.models if m.end <= f.q.end and f.q.start - m.end <= 3 or m.end == f.q.end]
        if not owner:
            return None
        subject, target = owner[-1].name, None
    else:
        subject, target = _subject_and_target(run, body, sent, f, cs, paired, row_pair, rank, reading)
    if subject is None:
        return None
    comparison = None
    if reading.kind in ("ratio", "percent") and reading.relation:
        if not target or target == subject:
            return None
        comparison = Comparison(target=target, relation=reading.relation)
    return _build(run, body, sent, f, reading, subject, comparison, near, wide, after)


def _idiom(body: str, q) -> bool:
    """'这一天', '一年一度', '每一度': a Chinese 一 that counts nothing."""
    if not q.surface.startswith("一"):
        return False
    return body[q.start - 1:q.start] in ("这", "那", "每", "同", "第") or body[q.end:q.end + 1] == "一"


def _subject_and_target(run: _Run, body: str, sent: Sentence, f: Figure, cs: int, paired: dict, row_pair, rank: int,
                        reading: M.Reading) -> tuple[str | None, str | None]:
    q, memo = f.q, run.memo
    comparative = reading.kind in ("ratio", "percent") and reading.relation is not None
    target, _ = (find_target(body, cs, q.start, q.end, sent.end, run.mentions, memo) if comparative else (None, None))
    exclude = set(target.split("|")) if target else set()
    near = body[cs:q.start]
    if comparative and any(w in near for w in FORMER):
        return memo.pair()
    if q.start in paired:
        return paired[q.start].name, target
    if row_pair is not None:
        if comparative:
            return row_pair[0].name, target or row_pair[1].name
        return (row_pair[0] if rank == 0 else row_pair[1]).name, target
    m = in_clause(body, cs, q.start, run.mentions, exclude, reading.metric)
    subject = _name(run, m) if m else None
    if subject is None and comparative and not target and reading.relation == "share" and q.kind == "fraction":
        return memo.pair()
    subject = subject or memo.restated(f.printed, reading.unit)
    if subject is None:
        m = in_clause(body, sent.start, cs, run.mentions, exclude, reading.metric, nearest=False)
        subject = _name(run, m) if m else None
    if subject is None and comparative and target and any(w in near for w in LATTER):
        former, latter = memo.pair()
        subject = former if former != target else None
    if subject is None and _only_rivals_follow(run, body, q.end, sent.end):
        subject = memo.main
    if subject is None:
        prev = run.last.get(id(sent.unit))
        subject = prev.subject if prev is not None and prev.subject not in run.generic else None
    if subject is None:
        m = in_clause(body, sent.unit.start, sent.start, run.mentions, exclude, reading.metric)
        subject = _name(run, m) if m else memo.main
    if comparative and not target and subject:
        target = "|".join(x for x in memo.compare_set if x != subject) or None
    return subject, target


def _only_rivals_follow(run: _Run, body: str, start: int, end: int) -> bool:
    """True when the rest of the sentence names only systems of the comparison set
    ('约700 token每秒，而GB300只有约169个'): the unnamed figure is the main subject's."""
    later = [m.name for m in run.mentions if start <= m.start < end and m.kind in ("product", "discovered")]
    return bool(later) and all(n in run.memo.compare_set for n in later) and run.memo.main not in later


def _name(run: _Run, m: Mention) -> str:
    if m.kind == "quoted":
        return resolve_alias(m.name, run.aliases) or m.name
    return m.name


def _build(run: _Run, body: str, sent: Sentence, f: Figure, r: M.Reading, subject: str, comparison: Comparison | None,
           near: str, wide: str, after: str) -> Claim:
    q = f.q
    scope = _scope(run, body, sent, f, r, near, wide, after, comparison)
    value = _value(f, r)
    explicit = not (comparison is None and run.memo.restated(f.printed, r.unit) == subject)
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


def _scope(run: _Run, body: str, sent: Sentence, f: Figure, r: M.Reading, near: str, wide: str, after: str,
           comparison: Comparison | None) -> dict:
    scope: dict = {}
    if r.metric == "power":
        scope["basis"] = M.basis(near, body[sent.start:f.q.start])
    if r.metric in PERFORMANCE:
        model = _model(run, body, sent, f, r, comparison)
        if model:
            scope["model"] = model
        work = M.workload(near, wide, r.metric)
        if work:
            scope["workload"] = work
    if r.metric == "duration":
        stage = M.pick(near, STAGES) or M.pick(after, STAGES, before=False) or M.pick(body[sent.start:sent.end], STAGES)
        if stage:
            scope["stage"] = stage
    if r.metric == "sequence_length":
        tail = body[f.q.end:f.q.end + 4]
        scope["part"] = "input" if tail.startswith("/") or M.has(after[:6], ("输入", "input")) else "output"
    return scope


def _model(run: _Run, body: str, sent: Sentence, f: Figure, r: M.Reading, comparison: Comparison | None) -> str | list[str] | None:
    """Model of a performance figure: the table row, the sentence, the paragraph's 以X为例, or
    all the article's models for a range compared with several systems."""
    unit = sent.unit
    lo, hi = (unit.start, unit.end) if unit.cells else (sent.start, sent.end)
    named = list(dict.fromkeys(m.name for m in run.models if lo <= m.start < hi))
    if len(named) == 1:
        run.setting_model[id(unit)] = named[0]
        return named[0]
    if len(named) > 1:
        return named
    if id(unit) in run.setting_model:
        return run.setting_model[id(unit)]
    setting = [m.name for m in run.models if unit.start <= m.start < sent.start]
    if setting:
        return setting[-1]
    several = comparison is not None and "|" in comparison.target
    if several and f.q.kind == "range" and len(run.all_models) > 1:
        return list(run.all_models)
    return None
