"""Propose claim records for an article: quantities linked to subjects, metrics and scopes.

    extract_claims(source) -> [Claim(status='proposed', id='<source>-x001', ...), ...]

Pipeline (a pure function of the article, so it can be mapped over a corpus by any engine):
segment the body (:mod:`.segment`), find quantities (:mod:`verifier.quantities`), subjects
(:mod:`.lexicon`), then for each quantity in each sentence read its metric
(:mod:`.metrics`), its subject and comparison target (:mod:`.owners`, over :mod:`.subjects`
and :mod:`.targets`), what it compares across a change (:mod:`.changes`), and build the record
with its scope and attribution (:mod:`.build`). Figures that are not claims (ordinals,
idioms, the size inside a model's name) are skipped. Lookups of mentions, figures and claims in
a sentence or paragraph go through :class:`.spans.SpanIndex`, so time is linear in the article.
"""

from __future__ import annotations

import re
from functools import lru_cache
from dataclasses import replace
from typing import Final

from verifier.apposition import apposed
from verifier.extract import metrics as M
from verifier.extract import scope as S
from verifier.extract import targets as T
from verifier.extract.bases import with_bases
from verifier.extract.counts import NOUN_AFTER
from verifier.extract.attribution import registered_kinds, registry_mentions
from verifier.extract.build import build_claim
from verifier.extract.changes import compare
from verifier.extract.context import Figure, article_figures, model_mentions
from verifier.extract.actors import deal_subject, event_subject
from verifier.extract.columns import column_unit
from verifier.extract.families import family_subject
from verifier.extract.lexicon import Lexicon, demote_benchmarks, discover, learn_aliases
from verifier.extract.lexicon_files import load_lexicon
from verifier.extract.names import expand_short_forms, join_cjk_prefixes
from verifier import words
from verifier.extract.open_claims import framed, open_claim
from verifier.extract.periods import period_spans
from verifier.extract.derived_claims import PER_AFTER, link
from verifier.extract.portions import portion_claim
from verifier.extract.run import Run
from verifier.quantities.not_claims import not_a_quantity
from verifier.extract.decided import decision
from verifier.extract.owners import DIFF_AFTER, name_of, subject_and_target
from verifier.extract.segment import Sentence, clause_end, clause_start, segment, sentences
from verifier.extract.spans import SpanIndex
from verifier.extract.streaks import streak_claim, streaks
from verifier.extract.subjects import ArticleSubjects, article_subjects, distributive, subject_mentions, vs_pair
from verifier.models.claim import Claim, Comparison
from verifier.models.source import ExternalSource, Source
from verifier.progress import Callback, installed, quiet
from verifier.units import factor
from verifier.vocabulary import METRICS, Metric
from verifier.words import subset_pattern

FROM_BASE: Final = re.compile(r"\b(?:down|up)\s+from\s+(?:about\s+)?$|较\s*$", re.IGNORECASE)
"""'down from' before a figure: the figure is the base of a change, a value of the figure before it."""

TIMES_THE: Final = re.compile(r"\b(?:times|fold)\s+(?:the|that of|those of)\s*$|倍于\s*$", re.IGNORECASE)
"""'2.5 times the 60,000': the bare figure after is the multiple's base, in the unit of the figure before."""

CHARGE_LEVELS: Final = re.compile(
    r"(?:电量|电池|battery|charge|SOC)[^，,。；;]{0,8}?(?:从|from)\s*\d+(?:\.\d+)?\s*%\s*(?:充|charg\w*)?\s*(?:到|至|to)\s*\d+(?:\.\d+)?\s*%"
    r"|(?:从|from)\s*\d+(?:\.\d+)?\s*%\s*(?:充|charg\w*)\s*(?:到|至|to)\s*\d+(?:\.\d+)?\s*%", re.IGNORECASE)
"""A battery's charge levels ('电量从10%充到80%', 'charges from 10% to 80%'): percentages that state no share."""

WAITS: Final = frozenset({"wait_time"})
"""Metrics of a wait that, set after a rate's comparison in one sentence, are that rate's inverse."""

NO_METRIC: Final = Metric(None, "")

REFERENCE: Final = re.compile(r"(?:距离|距|相距|离)\s*([^，,。；;\d]{2,16}?)\s*(?=\d)")
"""'距EUV掩模版极限858平方毫米': a reference point and its figure, which a difference is taken from."""

DIFFERENCE: Final = re.compile(r"(?:只差|仅差|相差|还差|差了|差)\s*(?:约|近)?\s*$")
"""'只差18平方毫米': the figure is a difference to the reference point (relation 'difference')."""

DIFF_BEFORE: Final = re.compile(r"(?:" + subset_pattern("difference_before", "zh")              # '多出', '相差', '增加了'
                                + r"|(?:" + subset_pattern("difference_of", "en") + r") of"          # 'a difference of'
                                + r"|an? (?:" + subset_pattern("difference_noun_of", "en") + r") of"  # 'a premium of'
                                + r"|\b(?:" + subset_pattern("difference_by", "en")                  # 'undercutting ... by'
                                + r")\b(?:[^,，.;。]|(?<=\d)[,.](?=\d)){0,40}\bby)\s*(?:约|近|about|nearly|roughly|some)?\s*$",
                                re.IGNORECASE)
"""Words before a figure that make it a difference between two subjects: '多出4.5千瓦时', 'a difference of $1,500',
"undercutting the CE-300K's $9,800 by $1,100"."""

TIME_DIFF_AFTER: Final = re.compile(r"\s*(?:" + subset_pattern("time_difference_after", "en") + r")\b", re.IGNORECASE)
"""A duration followed by these is a difference of two durations ('10 minutes faster than the
H2', '10 minutes faster per session'), with or without 'than'."""

METADATA: Final = frozenset({"reading_time", "word_count"})

CARRIED: Final = frozenset({"previous clause", "previous sentence"})
"""Ways of deciding a holder that carry the holder of the figure before (its confidence caps theirs)."""

_OF_AFTER = re.compile(r"\s*(?:of\b|的|倍|times\b|x\b)")
"""A bare number followed by 'of' or 'times' is a share or a multiple, not a list item ('0.58 of it')."""
_OF_BEFORE = re.compile(r"的\s*$")
"""...nor one after 的 ('后者的 0.58')."""


def extract_claims(source: Source, external: dict[str, ExternalSource] | None = None,
                   lexicon: Lexicon | None = None, progress: Callback | None = None) -> list[Claim]:
    """Propose the claim records of ``source`` (status 'proposed', ids '<source>-xNNN' in offset order).

    Args:
        source: the article.
        external: the registry of external sources (for origin tiers); optional.
        lexicon: subjects lexicon (default: the shipped one).
        progress: called as ``progress(done, total)`` in characters read, the body being read
            twice: whole (quantities, names, sentences; ``done`` steps through quarters of the
            body's length ``n`` as each of four steps ends), then sentence by sentence
            (``done`` = ``n`` + the end offset of the sentence just read). ``total`` is ``2 * n``
            and grows by ``n`` when a second sentence-by-sentence pass is needed (the comparison
            set grew); the last call is ``(total, total)``. Default: the callback installed by
            :func:`verifier.progress.reporting`, if any.
    """
    body = source.body
    n = len(body)
    tick = progress or installed() or quiet
    tick(0, 2 * n)
    lx = lexicon or load_lexicon()
    figures = article_figures(body)
    tick(n // 4, 2 * n)
    found = lx.find(body)
    known = [m for m in discover(body, [(m.start, m.end) for m in found], lx) if m.kind not in ("discovered", "quoted")]
    found = found + known  # variants of lexicon names ('GB 200') win over the quantities inside them
    found = found + registry_mentions(body, external or {}, [(m.start, m.end) for m in found])
    known_ix = SpanIndex(known)
    taken = [(m.start, m.end) for m in found] + [(f.q.start, f.q.end) for f in figures if f.q.unit is not None
                                                  and not known_ix.covering(f.q.start, f.q.start + 1)]
    mentions = join_cjk_prefixes(body, sorted(found + discover(body, taken, lx), key=lambda m: m.start), source.meta.title or "")
    mentions_ix = SpanIndex(mentions)
    tick(n // 2, 2 * n)
    in_periods = bytearray(n + 1)  # '1-11月', '前11个月': the numbers of a period of the year are no claims
    for s, e in period_spans(body):
        in_periods[s:e] = b"\x01" * (e - s)
    figures = [replace(f, skip=True) if mentions_ix.covering(f.q.start, f.q.end)
               or known_ix.overlapping(f.q.start, f.q.end) or in_periods.find(1, f.q.start, f.q.end) >= 0 else f for f in figures]
    models, mentions = model_mentions(body, demote_benchmarks(body, mentions), figures)
    mentions = registered_kinds(expand_short_forms(mentions), external or {})
    tick(3 * n // 4, 2 * n)
    units = segment(body, markdown=source.format == "markdown", tables=source.format == "html")
    sents = [s for u in units for s in sentences(body, u)]
    found_streaks = streaks(body, [f.q for f in figures], [(s.start, s.end) for s in sents])
    if found_streaks:  # 'a sixth consecutive month', '连续7个月': the count is no fraction or duration of its own
        counted = SpanIndex([(x.start, x.end) for x in found_streaks], start=lambda x: x[0], end=lambda x: x[1])
        figures = [replace(f, skip=True) if counted.overlapping(f.q.start, f.q.end) else f for f in figures]
    memo = article_subjects(body, mentions, [(s.start, s.end) for s in sents], lx.rival_words)
    fig_at = SpanIndex(sorted(figures, key=lambda f: f.q.start), start=lambda f: f.q.start, end=lambda f: f.q.end)
    indexes = (SpanIndex(mentions), SpanIndex(subject_mentions(mentions)))
    aliases = learn_aliases(body, mentions)
    generic = frozenset(e.name for e in lx.entries if e.kind == "generic")
    companies = frozenset(m.name for m in mentions if m.kind == "company")
    company_ix = SpanIndex([m for m in mentions if m.kind == "company"])
    total = 2 * n
    for _ in range(2):
        read = total - n  # characters read before this pass
        tick(read, total)
        run = Run(source, external or {}, *indexes, S.Models(models), replace(memo, by_figure={}, recent=[]),
                  aliases, generic, companies, company_ix)
        for sent in sents:
            inside = fig_at.within(sent.start, sent.end)
            if inside:
                _sentence(run, body, sent, inside)
            tick(read + sent.end, total)
        rivals = T.rivals(list(run.claims), memo.main, [(x.start, x.end) for x in sents])
        if set(rivals) <= set(memo.compare_set):
            break
        memo = replace(memo, compare_set=memo.compare_set + [r for r in rivals if r not in memo.compare_set])
        total += n
    tick(total, total)
    tier = source.meta.tier.value
    claims = sorted([*run.claims, *run.open], key=lambda c: (c.anchor.start, c.anchor.end))
    claims = sorted([*claims, *(streak_claim(body, x, source.id, tier, claims) for x in found_streaks)],
                    key=lambda c: (c.anchor.start, c.anchor.end))
    claims = [c.model_copy(update={"id": f"{source.id}-x{i:03d}"}) for i, c in enumerate(claims, 1)]
    return with_bases(body, link(body, sents, [f.q for f in figures if not f.skip], claims, source.id))


def _sentence(run: Run, body: str, sent: Sentence, figs: list[Figure]) -> None:
    unit = sent.unit
    paired = distributive(body, (sent.start, sent.end), run.subjects, [f.q for f in figs if not f.skip])
    row_pair = vs_pair(body, list(unit.cells), run.subjects) if unit.cells else None
    rank = 0
    run.spans = [(f.q.start, f.q.end) for f in figs if not f.skip]
    quantities = SpanIndex([f.q for f in figs if not f.skip])  # the measured thing's look-backs bisect it
    for f in figs:
        if f.skip:
            continue
        claim = _claim(run, body, sent, f, paired, row_pair, rank)
        if claim is None:
            continue
        held = claim.subject is not None  # a holder from the figure-first grammar never feeds the ladder's look-backs
        header = unit.header[unit.cell_at(f.q.start)] if unit.cells and unit.header and unit.cell_at(f.q.start) is not None else ""
        claim = framed(claim, body, sent, f.q, quantities, run.source.meta.title or "", header)
        if not held or claim.subject is None:  # (framing drops a guessed holder the clause denies)
            run.open.append(claim)
        else:
            run.claims.add(claim)
            if claim.metric != "date":
                run.last[id(unit)] = claim
            if claim.comparison is None:
                rank += 1


def _claim(run: Run, body: str, sent: Sentence, f: Figure, paired: dict, row_pair, rank: int) -> Claim | None:
    q, unit = f.q, sent.unit
    cs = clause_start(body, sent.start, q.start)
    near = body[cs:q.start]
    header = unit.header[unit.cell_at(q.start)] if unit.cells and unit.cell_at(q.start) is not None and unit.header else ""
    if header:
        q = column_unit(header, q)  # 'Capacity (MW)': a bare 860 is 860 MW; 'Price per kg': '$2,045' is USD/kg
        f = replace(f, q=q)
    if not_a_quantity(q, body[q.end:q.end + 12], body[max(0, q.start - 12):q.start]) is not None:
        return None  # '上世纪40年代', '较24日', '晚上9点半', '2、' opening a line, 陆 of '陆家浜路': no amount
    wide = " ".join(x for x in (unit.heading or "", header, body[unit.start:q.start]) if x)
    after = body[q.end:clause_end(body, q.end, sent.end)]
    prev = run.last.get(id(unit))
    same_sentence = prev is not None and prev.anchor.start >= sent.start
    listed = same_sentence and not _OF_AFTER.match(after) and not _OF_BEFORE.search(near) and not NOUN_AFTER.match(after)
    if q.unit == "%" and any(m.start() <= q.start and q.end <= m.end() for m in CHARGE_LEVELS.finditer(body, sent.start, sent.end)):
        return None  # '电量从10%充到80%', 'from 10% to 80% charge': levels of a battery, no claim of a share
    restated = _restatement(run, body, sent, f, prev) if same_sentence else None
    if restated is not None:
        return restated
    portion = portion_claim(run, body, sent, f, near, wide, after) if not unit.cells else None
    if portion is not None:
        return portion
    restating = same_sentence and apposed(body[prev.anchor.end:q.start])  # '2.8千瓦时（约合10.1兆焦）'
    reading = _reading(q, near, wide, after, header, body[sent.start:q.start], prev, same_sentence, listed, restating)
    if reading is None and q.unit is None and same_sentence and TIMES_THE.search(near):
        base = next((c for c in reversed(run.claims.starting(sent.start, q.start)) if c.comparison is None and c.value.unit), None)
        if base is not None:  # '180,000 heat pumps in 2025, 2.5 times the 60,000 it shipped in 2023': the base is in heat pumps
            reading = M.Reading(base.metric, base.value.unit, "count" if base.metric == "count" else "measurement")
    if _idiom(body, q):
        return None  # '这一天', '一年一度': no figure of a measured thing
    if reading is None or not reading.metric or (q.kind == "fraction" and reading.relation is None):
        # 'by a third', 'two-thirds of them': a share whose whole the subject path does not settle
        return open_claim(run, body, sent, f, reading, near, wide, after)
    if reading.metric in WAITS and reading.relation is not None and same_sentence and METRICS.get(prev.metric, NO_METRIC).inverse:
        # '生成速度…是后者的4.9倍，用户等待时间缩短了近四分之三': the wait for a rate's output is
        # the rate's inverse (time per token), so the cut can be recomputed from the speeds
        reading = replace(reading, metric=METRICS[prev.metric].inverse)
    if reading.kind == "percent" and reading.relation is None and body.count("%", sent.start, sent.end) > q.surface.count("%"):
        # '89%, 91% and 94% in the three modes': a list of scopes the text does not name, so no
        # holder's fact; each is still a figure of its sentence
        return open_claim(run, body, sent, f, reading, near, wide, after)
    if reading.metric == "memory_capacity" and reading.kind in ("ratio", "percent") and _stores_energy(run):
        reading = replace(reading, metric="energy")  # 'capacity' of a battery: the article gives energies, not memory
    reference = REFERENCE.search(body, sent.start, sent.end)
    reference = reference if reference and reference.end() <= q.start else None
    if reference and reference.end() == q.start and "差" in body[q.end:sent.end]:
        # '距EUV掩模版极限858平方毫米只差18平方毫米': 858 is the reference point's own figure
        return build_claim(run, body, sent, f, reading, _point(run, reference), None, near, wide, after)
    if reference and DIFFERENCE.search(near) and reading.kind not in ("ratio", "percent", "date"):
        owners = subject_and_target(run, body, sent, f, cs, paired, row_pair, rank, reading)
        if owners.subject is None:
            return open_claim(run, body, sent, f, reading, near, wide, after)
        return build_claim(run, body, sent, f, reading, owners.subject, Comparison(target=_point(run, reference), relation="difference"),
                           near, wide, after, decided={"holder": decision(owners.by), "target": decision("named target")})
    if reading.kind not in ("ratio", "percent", "date") and q.unit and (DIFF_BEFORE.search(near) or DIFF_AFTER.match(after)
                                                                       or (reading.metric == "duration" and TIME_DIFF_AFTER.match(after))):
        reading = replace(reading, relation="difference")  # 'X2的容量多出4.5千瓦时', 'a difference of $1,500'
    if reading.relation is None and q.unit not in (None, "%", "x", "pp", "‰") and change_amount(near):
        # '$2.3 billion, up $657.4 million since 2007', '比上年增加21.6亿斤': the size of a change, no level
        # of its holder's (a level it would contradict); a figure of its sentence, held by nobody
        return open_claim(run, body, sent, f, reading, near, wide, after, holder=False, why="a change amount")
    if reading.metric == "date" and re.fullmatch(r"\d{4}", f.iso or "") and _sets_a_year(body, sent, f, run):
        return None  # 'shipped 180,000 heat pumps in 2025': the year scopes that figure, it dates no event
    by, target_by = "clause name", "named target"
    if reading.metric == "date":
        subject, target, by = event_subject(run, body, sent, f, near, after), None, "sentence name"
    elif reading.metric in METADATA or (reading.metric == "count" and reading.unit == "authors"):
        subject, target, by = run.source.id, None, "lexicon"  # figures about the article itself (its bylines, length)
    elif reading.metric == "model_size":
        owner = run.models.by_end.starting(f.q.start - 3, f.q.end + 1)  # m.end in [q.start - 3, q.end]
        if not owner:
            return None
        subject, target = " ".join(owner[-1].surface.split()), None  # the size is about the model as printed, with its size
    elif (deal := deal_subject(run, body, cs, clause_end(body, q.end, sent.end), q)) is not None:
        subject, target = deal, None
    else:
        subject, target, by, target_by = subject_and_target(run, body, sent, f, cs, paired, row_pair, rank, reading)
    if subject is None:
        return open_claim(run, body, sent, f, reading, near, wide, after)
    family = family_subject(run, body, sent, f, reading, subject) if target is None else None
    subject = family or subject
    settled = compare(run, body, sent, f, reading, subject, target)
    if settled is None:
        return open_claim(run, body, sent, f, reading, near, wide, after)
    subject2, reading, comparison, extra = settled
    holder = decision(by if subject2 == subject else "sentence comparison")
    if by in CARRIED and subject2 == subject and (prev := run.last.get(id(sent.unit))) is not None and "holder" in prev.decided:
        # a holder carried from the figure before is no surer than that figure's own
        holder = holder.model_copy(update={"confidence": min(holder.confidence, prev.decided["holder"].confidence)})
    decided = {"holder": holder}
    if comparison is not None:
        decided["target"] = decision(target_by if comparison.target == target else "sentence comparison")
    # a figure the subject path cannot tell apart from its holder's other figures (a period with no
    # milestone: '30 years', '12 hours') is still a figure of its sentence
    return build_claim(run, body, sent, f, reading, subject2, comparison, near, wide, after, extra, decided) \
        or open_claim(run, body, sent, f, reading, near, wide, after)


def _restatement(run: Run, body: str, sent: Sentence, f: Figure, prev: Claim) -> Claim | None:
    """The figure ``f`` as a restatement of the figure just before it, in other units or
    scale: it takes that figure's subject, metric and scope, so that a conversion error is
    found (V104) and the two count as one statement of one fact."""
    q = f.q
    if prev.comparison is not None or prev.value.number is None or q.unit in (None, "%", "x") or not prev.value.unit \
            or factor(q.unit, prev.value.unit) is None or not apposed(body[prev.anchor.end:q.start]) \
            or PER_AFTER.match(body, q.end):
        return None  # ('$61 billion, or $512 for every one of …': a figure per thing, no restatement)
    reading = M.Reading(prev.metric, q.unit, "count" if prev.metric == "count" else "measurement")
    return build_claim(run, body, sent, f, reading, prev.subject, None, body[sent.start:q.start], "", "", dict(prev.scope), dict(prev.decided),
                       measured=prev.measured)


def _a_year(q) -> bool:
    """A bare whole number between 1900 and 2100 ('through 2028'): a year, never a magnitude in a
    neighbour's unit."""
    return q.unit is None and isinstance(q.value, (int, float)) and float(q.value).is_integer() and 1900 <= q.value <= 2100


def _sets_a_year(body: str, sent: Sentence, f: Figure, run: Run) -> bool:
    """True when a bare year ('in 2025', '2025年') shares its clause with another figure, whose
    year it is (scope ``year``), rather than dating an event."""
    lo, hi = clause_start(body, sent.start, f.q.start), clause_end(body, f.q.end, sent.end)
    return any(lo <= s < hi and (s, e) != (f.q.start, f.q.end) for s, e in run.spans)


def _point(run: Run, reference: re.Match) -> str:
    """The name of a reference point ('距EUV掩模版极限…' -> 'EUV reticle limit' when the lexicon
    knows it, else the words as printed)."""
    named = [m for m in run.mentions.starting(reference.start(1), reference.end(1)) if m.end <= reference.end(1)]
    return name_of(run, named[-1]) if named else reference.group(1).strip()


def _stores_energy(run: Run) -> bool:
    """True when the article's figures so far include energies and no memory capacity."""
    metrics = {c.metric for c in run.claims}
    return "energy" in metrics and "memory_capacity" not in metrics


def _reading(q, near: str, wide: str, after: str, header: str, sentence: str, prev: Claim | None,
             same_sentence: bool, listed: bool, restating: bool = False) -> M.Reading | None:
    """What a figure measures (:func:`metrics.read`); a bare number continuing a list or a
    distributive pair ('8.54万…，而GB200约为4.5万个'; ``listed``: not followed by 'of' or
    'times', which make it a share or a multiple) takes the previous figure's metric, and a ratio whose clause names no metric takes the previous
    claim's in the same sentence, else the nearest cue of its sentence, else the previous claim's."""
    reading = M.read(q, header + " " + near, wide, after, header, "" if same_sentence else sentence)
    if reading is None and q.unit is None and listed and prev.comparison is None and prev.value.unit \
            and any(ch.isdigit() for ch in q.surface) and prev.metric not in ("date", "count", "duration") \
            and not _a_year(q) and not restating:
        reading = M.Reading(prev.metric, prev.value.unit, prev.kind)
    if reading is None:
        return None
    if same_sentence and prev.comparison is None and prev.metric != reading.metric and FROM_BASE.search(near) \
            and q.unit and prev.value.unit and factor(q.unit, prev.value.unit) is not None:
        reading = replace(reading, metric=prev.metric)  # '0.58 t of CO2 …, down from 0.72 t': the base is what changed
    if reading.metric == "distance" and same_sentence and prev.metric == "range" and not M.pick(near, M.LENGTH_CUES):
        reading = replace(reading, metric="range")  # '350 km on a single charge, 30% farther than the CityLine 12's 280 km'
    if reading.metric == "power" and same_sentence and prev.metric == "power_capacity" and not M.has(near, M.POWER_WORDS):
        reading = replace(reading, metric="power_capacity")  # '2025年出货量为1850万千瓦，2024年为1240万千瓦'
    if reading.metric == "" and reading.kind == "money":
        metric = prev.metric if same_sentence and prev.kind == "money" else (M.pick(wide, M.MONEY_CUES) or "cost")
        reading = M.Reading(metric, f"{q.unit}/h" if metric == "cost_per_hour" else q.unit, "money")
    if reading.metric == "":
        metric = prev.metric if prev is not None else M.pick(wide, M.RATIO_CUES)
        reading = M.Reading(metric or "", reading.unit, reading.kind, reading.relation)
    return reading


@lru_cache(maxsize=1)
def _change_amount() -> re.Pattern:
    """A verb or adverb of change right before a figure, with 'by' and a hedge ('up', 'rose by
    about', '增加了', '减少约'): the figure is the size of the change. Chinese verbs of one
    character (多, 高) are left out: they also make comparatives and names."""
    en = words.alternation(words.section("up", "en") + words.section("down", "en"))
    zh = words.alternation(tuple(w for w in words.section("up", "zh") + words.section("down", "zh") if len(w) > 1))
    return re.compile(rf"(?:\b(?:{en})(?:\s+by)?(?:\s+(?:about|around|nearly|almost|some|roughly|more\s+than|over))?"
                      rf"|(?:{zh})了?(?:约|近)?)\s*$", re.IGNORECASE)


def change_amount(near: str) -> bool:
    """True when the clause before a figure ends on a verb or adverb of change (:func:`_change_amount`)."""
    return _change_amount().search(near[-40:]) is not None


def _idiom(body: str, q) -> bool:
    """'这一天', '一年一度', '每一度': a Chinese 一 that counts nothing."""
    if not q.surface.startswith("一"):
        return False
    return body[q.start - 1:q.start] in ("这", "那", "每", "同", "第") or body[q.end:q.end + 1] == "一"
