"""Candidates for a figure's holder: the entity the figure belongs to (a company, product,
country, province, agency, school, team, event), best first, found without a lexicon.

English (:func:`_english`) reads capitalised names (:mod:`.en_names`) and their grammar:

- *possessive*: "Acme Corp's quarterly revenue rose to ..." -> Acme Corp;
- *apposition*: "Greenfield Energy, a utility based in Leeds, installed ..." -> Greenfield Energy;
- *for phrase* / *in phrase*: "$9,000 per pupil for Lincoln Academy", "revenue at Northwind
  Traders", "unemployment in Ohio";
- *sentence subject*: a name opening the sentence or the figure's clause;
- *common noun subject*: "The city hired 1,200 teachers" -> city;
- *capitalised name*: any other name of the sentence.

Chinese (:mod:`.holders_zh`) reads the segmenter's tags. In both, a speaker ("…, the White House
said", "according to the ministry", "据海关总署统计", "教育部公布，…") is not a holder, nor is a
comparison target ("against the Hawks"), a time or a date. A name found in another clause of
the sentence loses :data:`.decided.OTHER_CLAUSE`. Then come the fallbacks: the subject of the
sentence before (*previous sentence*) and a name in the title (*article topic*).

Shape::

    holder_candidates(body, sent, para, q, title) -> [Decided("Acme Corp", "possessive", 0.85, 0, 9), ...]
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Final

from verifier.extract.attribution import speaker
from verifier.extract.decided import OTHER_CLAUSE, Decided, decide
from verifier.extract.en_names import Name, names_in, possessive, tokens
from verifier.extract.frame_words import words
from verifier.extract.segment import Unit, clause_end, clause_start, sentences
from verifier.extract.zh_tags import has_cjk
from verifier.quantities import Quantity

APPOSITION_AFTER: Final = re.compile(r"\s*,\s*(?:a|an|the|its|one of)\s[^,;:.()]{1,80},")
"""A name followed by a descriptive phrase between commas: 'Greenfield Energy, a utility based in Leeds,'."""

APPOSITION_BEFORE: Final = re.compile(r"\b(?:[Ii]ts|[Tt]heir|[Tt]he|[Aa]n?)\s[a-z][a-z -]{0,40},\s*$")
"""A name set between commas after a descriptive phrase: 'its flagship school, Lincoln High, ...'."""

PRIOR_LABELS: Final = frozenset({"possessive", "apposition", "sentence subject", "common noun subject",
                                 "segmenter organisation", "segmenter place", "segmenter person",
                                 "segmenter proper noun", "segmenter noun"})
"""Labels of a candidate that may stand as the subject of the sentence before (its topic goes on)."""


def holder_candidates(body: str, sent: tuple[int, int], para: tuple[int, int], q: Quantity,
                      title: str = "") -> list[Decided]:
    """The holder candidates of figure ``q``, best first (highest confidence, then nearest to
    the figure); each value appears once. An empty list when nothing fits: many figures have
    no holder ("Turnout was 62%").

    Args:
        body: the article text.
        sent: the span of the figure's sentence.
        para: the span of its paragraph (for the sentence before).
        q: the figure.
        title: the article's title (its first name is the weak *article topic*; span -1/-1).
    """
    found = _in_sentence(body, sent, q.start, q.end, title, q.kind == "duration")
    prev = _previous_sentence(body, para, sent[0])
    if prev is not None:
        found += _prior(body, prev)
    topic = _topic(title)
    if topic:
        found.append(decide(topic, "article topic", -1, -1))
    best: dict[str, Decided] = {}
    for d in found:
        if d.value not in best or d.confidence > best[d.value].confidence:
            best[d.value] = d
    return sorted(best.values(), key=lambda d: (-d.confidence, d.start < 0, abs(d.start - q.start)))


@lru_cache(maxsize=64)
def _prior(body: str, prev: tuple[int, int]) -> list[Decided]:
    """The *previous sentence* candidate: the first subject-like candidate of sentence ``prev``
    (cached: every figure of the next sentence asks)."""
    return [decide(d.value, "previous sentence", d.start, d.end)
            for d in _in_sentence(body, prev, prev[1], prev[1])[:1] if d.by in PRIOR_LABELS]


def _in_sentence(body: str, sent: tuple[int, int], start: int, end: int, title: str = "",
                 duration: bool = False) -> list[Decided]:
    """Candidates read from one sentence for a figure at ``[start, end)`` (a ``duration``:
    :func:`_common_subject`)."""
    if has_cjk(body, sent[0], sent[1]):  # the sentence's language decides (a mixed one reads as Chinese)
        from verifier.extract import holders_zh

        return holders_zh.candidates(body, sent, start, end, title)
    return _english(body, sent, start, end, duration)


INDEFINITE_SUBJECT: Final = re.compile(r"[\"'“‘(]?(?:A|An)\s+(?![A-Z$€£¥\d])[a-z][a-z-]*")
"""A clause opening on an indefinite noun phrase ('A family using 12,000 kWh…', 'A separate fund of
£2 million', 'A government scheme offers'): a new referent, not one named before."""

INDEFINITE_ZH: Final = re.compile(r"[^，。；\d]{0,3}?(?:一家|一个|一所|一位|一名|某)")
"""A Chinese clause opening (past a place word or two: 当地) on an indefinite noun phrase
(一家养殖场, 某企业)."""


def unheld(body: str, sent: tuple[int, int], q: Quantity) -> bool:
    """True when the figure's own clause says that no name given elsewhere holds it: it opens on
    an indefinite noun phrase (:data:`INDEFINITE_SUBJECT`, :data:`INDEFINITE_ZH`: 'A typical system
    costs…', 'A family…would save…', '当地一家养殖场的成本…'), or a national or world scope
    stands before the figure in its sentence ('Nationally, …', 'a national average of $1,510':
    ``national_words``) or its clause (全国, 我国:
    ``national_references`` of ``zh.yaml``). A holder guessed from outside the clause (the
    previous figure's, the article's topic) is then not taken; one named in the clause still is."""
    cs = clause_start(body, sent[0], q.start)
    text = body[cs:q.start]
    if has_cjk(body, sent[0], sent[1]):
        zh = words("zh")
        lead = text.lstrip("，,、 ")
        for w in sorted(zh["time_words"], key=len, reverse=True):
            lead = lead.removeprefix(w)
        return any(r in text for r in zh["national_references"]) or bool(INDEFINITE_ZH.match(lead))
    opening = text.lstrip(" \t,;:")
    return bool(INDEFINITE_SUBJECT.match(opening)) \
        or any(t.text.lower() in words("en")["national_words"] for t in tokens(body, sent[0], q.start))


def _english(body: str, sent: tuple[int, int], start: int, end: int, duration: bool = False) -> list[Decided]:
    en = words("en")
    cs, ce = clause_start(body, sent[0], start), clause_end(body, end, sent[1])
    out: list[Decided] = []
    for n in names_in(body, sent[0], sent[1], sent[0]):
        if speaker(body, n.start, n.end) or _word_before(body, sent[0], n) in en["target_prepositions"]:
            continue
        by = _label(body, sent, cs, n)
        near = cs <= n.start < ce or by in ("sentence subject", "apposition")
        out.append(decide(n.text, by, n.start, n.end, 0.0 if near else OTHER_CLAUSE))
    if not any(d.by in ("sentence subject", "apposition") for d in out):
        common = _common_subject(body, sent, start, duration)
        if common is not None:
            out.append(common)
    return out


_WORD_BEFORE: Final = re.compile(r"([A-Za-z]+)\s+(?:(?:the|its|their)\s+)?$")
"""The word before a name, past a 'the' ('at the Lincoln School' -> 'at')."""


def _word_before(body: str, lo: int, n: Name) -> str:
    """The lower-case word before a name, past a 'the' ('at the Lincoln School' -> 'at')."""
    m = _WORD_BEFORE.search(body, max(lo, n.start - 24), n.start)
    return m.group(1).lower() if m else ""


def _label(body: str, sent: tuple[int, int], cs: int, n: Name) -> str:
    """How a name in the sentence is tied to the figure (see the module docstring)."""
    prep = words("en")["owner_prepositions"].get(_word_before(body, sent[0], n))
    if possessive(body, n.end):
        return "possessive"
    if prep:
        return prep
    if APPOSITION_AFTER.match(body, n.end, sent[1]) or (
            APPOSITION_BEFORE.search(body, sent[0], n.start) and body[n.end:n.end + 1] == ","):
        return "apposition"
    opening = body[sent[0]:n.start].strip(" \t\"'“‘([*")
    if opening in ("", "The", "the") or not body[cs:n.start].strip(" \t\"'“‘(").removeprefix("the").strip():
        return "sentence subject"
    return "capitalised name"


_COMMON_SUBJECT: Final = re.compile(r"[\"'“‘(]?(?:The|A|An|This|Its|Our|Their|the)\s+((?:[a-z][a-z-]+\s+){0,2}?[a-z][a-z-]+)\s+([a-z]+)\b")
"""A sentence opening on a common noun phrase and a word: 'The city hired', 'The economy added'."""


def _common_subject(body: str, sent: tuple[int, int], start: int, duration: bool = False) -> Decided | None:
    """'The city hired 1,200 teachers' -> city: a lower-case subject followed by a verb of
    action (not a linking verb: 'The unemployment rate fell to 4.1%' names the measured thing;
    for a ``duration`` figure, nor a duration verb: 'The flight took 3 hours')."""
    en = words("en")
    m = _COMMON_SUBJECT.match(body, sent[0], start)
    if m is None:
        return None
    noun, verb = m.group(1), m.group(2)
    if verb in en["linking_verbs"] or (duration and verb in en["duration_verbs"]) \
            or not (verb in en["action_verbs"] or verb.endswith("ed")) \
            or any(w in en["time_words"] or w in en["determiners"] for w in noun.split()):
        return None
    return decide(noun, "common noun subject", m.start(1), m.end(1))


@lru_cache(maxsize=64)
def _sentences_of(body: str, para: tuple[int, int]) -> tuple[tuple[int, int], ...]:
    """The sentence spans of a paragraph (cached: every figure of it asks)."""
    return tuple((s.start, s.end) for s in sentences(body, Unit("paragraph", para[0], para[1])))


def _previous_sentence(body: str, para: tuple[int, int], start: int) -> tuple[int, int] | None:
    """The sentence of the paragraph that ends last before ``start``, or None."""
    before = [s for s in _sentences_of(body, para) if s[1] <= start]
    return before[-1] if before else None


@lru_cache(maxsize=64)
def _topic(title: str) -> str | None:
    """The first name of the title (a company, a place), or None."""
    if not title.strip():
        return None
    if has_cjk(title):
        from verifier.extract import holders_zh

        return holders_zh.topic(title)
    names = [n for n in names_in(title, 0, len(title), 0) if not speaker(title, n.start, n.end)]
    return names[0].text if names else None
