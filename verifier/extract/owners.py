"""Whose figure is it: the subject and comparison target of one figure in its sentence.

    subject_and_target(run, body, sent, f, cs, paired, row_pair, rank, reading) -> ("Helix H3", "Helix H2")

The subject is read from the nearest evidence first: a 'from A to B' role, a distributive pair,
a 'for <product>' owner, a table row's pair, a name in the figure's clause, a pronoun or an
example ('以X为例'), a restated figure, the sentence and the paragraph before, and last the
article's main subject. The comparison target of a comparative figure is the name next to it
(:func:`.subjects.find_target`), else the one implied by its context (:func:`.targets.implicit_target`).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Final, NamedTuple

from verifier.extract import metrics as M
from verifier.extract import targets as T
from verifier.extract.attribution import is_speaker
from verifier.extract.changes import rival_change
from verifier.extract.context import Figure
from verifier.extract.counts import GOODS_UNITS
from verifier.extract.lexicon import Mention, resolve_alias
from verifier.extract.segment import Sentence, clause_end
from verifier.extract.subjects import COMPANY_METRICS, FORMER, LATTER, PRODUCT_KINDS, SHIPMENTS, find_target, in_clause
from verifier.words import subset_pattern

if TYPE_CHECKING:
    from verifier.extract.run import Run

SENTENCE_STOP: Final = re.compile(r"[。！？!?]|\.(?=\s)|\n")
"""The end of a full sentence (a semicolon only ends a clause)."""

PRONOUN: Final = re.compile(r"^\s*(?:其|它|它们|该芯片|该系统|its\b|it\b|their\b)", re.IGNORECASE)
"""A clause that opens on a pronoun speaks of the subject named last before its sentence."""

EXAMPLE: Final = re.compile(r"以\s*([^，,。；;]{1,24}?)\s*为例|(?:Take|Taking)\s+([^,.;]{1,24}?)\s*(?:as an example)?,", re.IGNORECASE)
"""'以X为例' / 'Take X,': X is the subject of the sentence's figures."""

DIFF_AFTER: Final = re.compile(r"\s*(?:" + subset_pattern("difference_after", "en") + r")\s+than\b", re.IGNORECASE)
"""Words after a figure that make it a difference: '$1,500 more than the H9'."""

POSSESSIVE: Final = re.compile(r"['’]s\s")
"""'Helio Power's new unit, the Aurora P5, stores …': the owner is not the topic when a product follows."""

FOR_AFTER: Final = re.compile(
    r"(?:\s+of\s+[a-z]+)?"                                                                      # '9 kW of heating for ...'
    r"\s+(?:for|on)\s+(?:the\s+|its\s+)?"                                                      # 'for the', 'on its'
    r"(?:(?:previous|older|old|new|newer|latest|current|original|outgoing|earlier|first|second|third|rival)\s+)?",  # 'previous'
    re.IGNORECASE)
"""'$6,000 for the H9', '14 months for the Zephyr X1', '150 kW for the previous Helix H2', '30
minutes on the H2', '9 kW of heating for the older HX-5': the name right after is the figure's subject."""

RELATIVE: Final = re.compile(r"\s*(?:which|that|who)\b", re.IGNORECASE)
"""A clause that opens on a relative pronoun speaks of the name right before it."""

APPOSED: Final = re.compile(r"(?:\s+[a-z][a-z-]*){0,2}\s*[,，]\s*")
"""What lies between a name and a clause set after it: 'the E9 midibus, rated for 240 km' (at
most two lower-case words and a comma): the clause's figure is that name's."""

PORTIONS: Final = frozenset({"cost_share", "share"})
"""Metrics of a share of a total: no fallback to the article's main subject."""


def subject_and_target(run: Run, body: str, sent: Sentence, f: Figure, cs: int, paired: dict, row_pair, rank: int,
                       reading: M.Reading) -> Owners:
    """The subject of figure ``f`` and, when its reading is comparative, its comparison target
    (either may be None: the figure is then not proposed, or proposed without a comparison),
    each with the evidence it was decided from (:class:`Owners`, labels and confidences in
    :data:`verifier.extract.decided.CONFIDENCE`)."""
    return _subject_and_target(run, body, sent, f, cs, paired, row_pair, rank, reading)


class Owners(NamedTuple):
    """The holder and comparison target of one figure, and the evidence each was decided from."""

    subject: str | None
    target: str | None
    by: str = "sentence name"
    target_by: str = "named target"


def _subject_and_target(run: Run, body: str, sent: Sentence, f: Figure, cs: int, paired: dict, row_pair, rank: int,
                        reading: M.Reading) -> Owners:
    q, memo = f.q, run.memo
    role_metric = SHIPMENTS if reading.metric == "count" and reading.unit in GOODS_UNITS else reading.metric
    comparative = reading.relation is not None
    named = comparative and (reading.relation != "difference" or DIFF_AFTER.match(body, q.end, sent.end))  # 'X 的容量多出 4 kWh': X is the subject
    target, _ = (find_target(body, cs, q.start, q.end, sent.end, run.subjects, memo) if named else (None, None))
    exclude = set(target.split("|")) if target else set()
    near = body[cs:q.start]
    before = run.claims.starting(sent.start, q.start)
    role = None if comparative else T.from_to_role(body, q.start, q.end, [s for s in run.spans if s != (q.start, q.end)])
    if role == "to" and before and before[-1].subject not in (memo.main, None) and memo.main \
            and "period" not in before[-1].scope:
        return Owners(memo.main, None, "from-to role")  # the rivals had the 'from' figure: the subject has the 'to' one
    if role == "from":
        # '由 A 降至 B': A is the rivals' figure when the sentence compares with them, else the
        # subject's former value when a verb of change says so (scope period: before, see
        # :func:`_claim`); without one, A is not proposed (it would read as a restatement of B)
        rivals = rival_change(run, body, sent)
        if rivals:
            return Owners(rivals, None, "from-to role")
        if T.change_side(body, q.start, q.end, run.spans, sent.start) is None:
            return Owners(None, None)
    if comparative and any(w in near for w in FORMER):
        return Owners(*memo.pair(), "former and latter", "former and latter")
    if q.start in paired:
        return Owners(paired[q.start].name, target, "distributive pair")
    owner = FOR_AFTER.match(body, q.end, sent.end)
    owner = run.subjects.starting(owner.end(), owner.end() + 1) if owner and not comparative else []
    if owner and owner[0].kind in PRODUCT_KINDS:
        return Owners(name_of(run, owner[0]), None, "for phrase")
    if row_pair is not None:
        if comparative:
            return Owners(row_pair[0].name, target or row_pair[1].name, "table row", "named target" if target else "table row")
        return Owners((row_pair[0] if rank == 0 else row_pair[1]).name, target, "table row")
    if role_metric not in COMPANY_METRICS:  # 'Helion quotes a weight of 116 kg': who says a product figure does not own it
        exclude = exclude | {o.name for o in run.subjects.within(sent.start, q.start) if is_speaker(body, o)}
    m = in_clause(body, cs, q.start, run.subjects, exclude, role_metric)
    by = "clause name"
    if m is None and RELATIVE.match(near):  # '…than Hollin Bank, which in turn is 420 MW bigger': Hollin Bank's
        m, by = _set_after(run, body, sent, cs, exclude), "relative clause"
    if comparative and m is None and target is None and before and before[-1].comparison is not None:
        # a nameless clause goes on with the sentence's comparison
        return Owners(before[-1].subject, before[-1].comparison.target, "sentence comparison", "sentence comparison")
    subject = name_of(run, m) if m else None
    if subject is None and comparative and not target and reading.relation == "share" and q.kind == "fraction":
        return Owners(*memo.pair(), "last two names", "last two names")
    definite = DEFINITE.match(body, cs, q.start)  # the figure's own clause opens on 'The <thing>'
    if subject is None and definite and definite.group(1).lower().rstrip("s") in THINGS:
        subject, by = _described(run, body, sent, definite.group(1)), "definite description"
    elif subject is None and definite and definite.group(1).lower() in FIRMS:
        subject, by = _firm(run, sent), "definite description"
    if subject is None and PRONOUN.search(near):  # the name nearest before the pronoun: this sentence's, else the paragraph's
        m = in_clause(body, sent.start, cs, run.subjects, exclude, role_metric) \
            or in_clause(body, sent.unit.start, sent.start, run.subjects, exclude, role_metric)
        subject, by = (name_of(run, m) if m else None), "pronoun"
    if subject is None:
        example = EXAMPLE.search(body, sent.start, cs)
        m = example and in_clause(body, example.start(1), example.end(1), run.subjects, exclude, role_metric)
        subject, by = (name_of(run, m) if m else None), "example"
    if subject is None and not comparative:  # 'the articulated E18, rated for 300 km': the name the clause is set after
        named = _set_after(run, body, sent, cs, exclude)
        subject, by = (name_of(run, named) if named else None), "apposition"
    if subject is None:
        subject, by = memo.restated(f.printed, reading.unit), "restated figure"
    if subject is None:
        by = "sentence name"
        owners = {o.name for o in run.subjects.within(sent.start, cs) if POSSESSIVE.match(body, o.end)}
        # a generic name owns a count only in the count's own clause ('AI芯片市场将分化为两个赛道')
        others = exclude | (run.generic if role_metric == "count" else set())
        if role_metric not in COMPANY_METRICS:  # '据Aquaflow介绍，…重量为95公斤': the speaker owns no product figure
            others = others | {o.name for o in run.subjects.within(sent.start, cs) if is_speaker(body, o)}
        m = in_clause(body, sent.start, cs, run.subjects, others | owners, role_metric, nearest=False) \
            or in_clause(body, sent.start, cs, run.subjects, others, role_metric, nearest=False)
        subject = name_of(run, m) if m else None
    if subject is None and (reading.metric in PORTIONS or role_metric == SHIPMENTS):
        return Owners(None, None)  # a share of a total, or a count of goods, belongs to an owner the sentence must name
    if subject is None and comparative and target and any(w in near for w in LATTER):
        former, latter = memo.pair()
        subject, by = (former if former != target else None), "former and latter"
    if subject is None and _only_rivals_follow(run, body, q.end, sent.end):
        subject, by = memo.main, "contrast with a rival"
    if subject is None:
        prev = run.last.get(id(sent.unit))
        # a clause after ';' or '；' goes on with its sentence's holder; a new sentence may not
        by = "previous clause" if prev is not None and not SENTENCE_STOP.search(body, prev.anchor.end, sent.start) else "previous sentence"
        subject = prev.subject if prev is not None and prev.subject not in run.generic else None
        subject = _not_a_rival(run, sent, subject)
        if subject in run.companies and role_metric not in COMPANY_METRICS:
            subject = None  # a company's count or money figure does not make it the owner of a product's figures
    if subject is None:
        m = in_clause(body, sent.unit.start, sent.start, run.subjects, exclude, role_metric)
        subject, by = (name_of(run, m), "paragraph name") if m else (memo.main, "article topic")
    target_by = "named target"
    if comparative and not target and subject:
        paragraph = run.claims.starting(sent.unit.start, sent.start)
        target = T.implicit_target(subject, reading.metric, body[sent.start:q.end] + body[q.end:clause_end(body, q.end, sent.end)],
                                   before, paragraph, memo.compare_set, reading.unit == "x", memo.main)
        target_by = "implicit target"
    return Owners(subject, target, by, target_by)


AGAINST: Final = re.compile(r"(?:\bagainst|\bcompared (?:with|to)|\bversus|\bvs\.?|\bthan|相比|对比)\s*(?:the\s+|约|近)?$", re.IGNORECASE)
"""Words before a figure that set it against the subject's: its owner is a rival ('against 3.0 for the Aero 10')."""


DEFINITE: Final = re.compile(r"\s*The\s+([a-z]{3,})\b(?!\s+(?:of|to|same|first|last)\b)")
"""A sentence that opens on 'The <noun>' ('The farm now exports 1,380 MW') speaks of a name of
that kind given before (:func:`_described`)."""


THINGS: Final = frozenset(
    "farm plant project unit device model system vehicle car bus truck train line network station chip phone "
    "turbine pump satellite rocket launcher mine factory facility array fleet site product machine battery charger "
    "drone aircraft plane ship reactor inverter server processor accelerator".split())
"""Nouns for things a name stands for: 'The farm', 'The unit' refer back to a named one ('The list
price', 'The company' do not resolve this way)."""


FIRMS: Final = frozenset({"company", "firm", "group", "maker", "manufacturer", "operator", "producer", "supplier"})
"""Nouns by which an article refers back to its company: 'The company produced 4.2 million tonnes'."""


def _firm(run: Run, sent: Sentence) -> str | None:
    """The company 'the company' stands for: the last company name before the sentence in its
    paragraph, else the paragraph's first name (the one its opening sentence is about)."""
    names = run.subjects.within(sent.unit.start, sent.start)
    companies = [m for m in names if m.kind == "company"]
    pick = companies[-1] if companies else (names[0] if names else None)
    return name_of(run, pick) if pick else None


def _described(run: Run, body: str, sent: Sentence, noun: str) -> str | None:
    """The name 'the <noun>' stands for: the last name in the paragraph before the sentence that
    the text calls a <noun> ('Northgale Array … wind farm'), else the last one that no other
    noun follows ('its Northgale Array' rather than 'its 92 Corvid V236 turbines'); None when
    the paragraph names none."""
    names = run.subjects.within(sent.unit.start, sent.start)
    stem = noun.rstrip("s")
    called = [m for m in names if re.search(rf"\b{re.escape(stem)}s?\b", body[max(0, m.start - 40):min(m.end + 40, sent.start)],
                                            re.IGNORECASE)]
    if called:
        return name_of(run, called[-1])
    bare = [m for m in names if not _NOUN_AFTER.match(body, m.end)]
    return name_of(run, bare[-1]) if bare else None


_NOUN_AFTER: Final = re.compile(r"\s+[a-z]{3,}s?\b(?!\s+(?:on|in|at|of|to|and|with|for)\b)")


def _set_after(run: Run, body: str, sent: Sentence, cs: int, exclude: set[str]) -> Mention | None:
    """The name a clause starting at ``cs`` is set after (:data:`APPOSED`: 'the E9 midibus, rated
    for…', 'Hollin Bank, which…'), or None when another word, or an excluded name, stands there."""
    ahead = run.subjects.within(sent.start, cs)
    return ahead[-1] if ahead and ahead[-1].name not in exclude and APPOSED.fullmatch(body, ahead[-1].end, cs) else None


def _not_a_rival(run: Run, sent: Sentence, subject: str | None) -> str | None:
    """``subject``, unless the paragraph named it only as what its subject was compared with
    (a comparison's target, or a figure set 'against' the subject's: 'COP of 4.2, against 3.0
    for the Aero 10 it replaces. The list price fell…': the price is the Aero 12's); then the
    paragraph's last subject that was not so named."""
    para = run.claims.starting(sent.unit.start, sent.start)
    body = run.source.body
    rivals = {t for c in para if c.comparison for t in c.comparison.target.split("|")} \
        | {c.subject for c in para if AGAINST.search(body, max(0, c.anchor.start - 16), c.anchor.start)}
    rivals -= {c.subject for c in para if c.comparison}
    if subject not in rivals:
        return subject
    return next((c.subject for c in reversed(para) if c.subject not in rivals and c.metric != "date"
                 and c.subject not in run.generic), subject)


def _only_rivals_follow(run: Run, body: str, start: int, end: int) -> bool:
    """True when the rest of the sentence names only systems of the comparison set
    ('约700 token每秒，而GB300只有约169个'): the unnamed figure is the main subject's."""
    later = [m.name for m in run.mentions.starting(start, end) if m.kind in ("product", "discovered")]
    return bool(later) and all(n in run.memo.compare_set for n in later) and run.memo.main not in later


def name_of(run: Run, m: Mention) -> str:
    """The subject name a mention stands for (a quoted nickname resolves to the name it aliases)."""
    if m.kind == "quoted":
        return resolve_alias(m.name, run.aliases) or m.name
    return m.name
