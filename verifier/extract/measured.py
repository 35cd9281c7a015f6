"""The measured thing of a figure: the open-vocabulary noun phrase the figure counts or measures.

    "Quarterly revenue rose to $1.5 billion from $1.2 billion" -> "quarterly revenue" (both figures)
    "48 of 420 patients (21.4%) died"                          -> "patients" (all three)
    "the city hired 1,200 teachers"                            -> "teachers"
    "全国人口为139820万人" -> "全国人口"     "男性72206万人" -> "男性"     "1200人" -> "人"

The phrase is read from grammar, in this order (each a label of :data:`.decided.DECIDED_BY`):

1. *noun before figure* linked to it by a verb ("revenue rose to", "turnout was", "出口量达到"),
   or directly before it in Chinese ("旅客发送量3.2亿人次");
2. *of phrase*: "48 of 420 patients", "30% of households", "12 km of road";
3. *noun after figure*: "1,200 teachers", "a $4.2 billion budget", "1200名教师";
4. a noun before the figure linked only by "of" ("a budget of $4.2 billion");
5. the measured thing of the sentence's figure before, when the figure's own clause names none
   ("…, up 12% from a year earlier", "…，同比增长5%", "(29.6%)", "5.3%, 0.1 percentage point
   higher": a comparative after a figure has no noun, so the difference measures the rate);
6. in English, the subject of the sentence's first linking verb ("Ridership fell for a second
   straight year, down 3%" -> ridership), less :data:`.decided.OTHER_CLAUSE`;
7. *unit noun*: the classifier after a Chinese count ("1200人" -> 人).

None, rather than a wrong word: a date or time of day; a place in a series ("a seventh
consecutive increase": ``serial_words``); the bound of an age group before its noun ("60岁及以上
人口": :func:`.measured_zh.age_bound`). An age group is part of its phrase in both languages
("urban residents aged 16 to 24", :data:`AGE_GROUP`; "16—59岁劳动年龄人口").

The words that end a phrase are general vocabulary (:mod:`.frame_words`); Chinese is read from
the segmenter's words (:mod:`.zh_tags`, tagged once per article). Linear in the sentence.
"""

from __future__ import annotations

import re
from itertools import islice
from typing import Final

from verifier.extract.counts import NOT_COUNTED
from verifier.extract.decided import Decided, decide
from verifier.extract.en_names import TOKEN, Token, capitalised, is_word, opens_sentence, tokens
from verifier.extract.frame_words import words
from verifier.extract.lexicon import STOP_WORDS
from verifier.extract.segment import clause_end, clause_start
from verifier.extract.spans import SpanIndex
from verifier.extract.zh_tags import has_cjk
from verifier.quantities import Quantity
from verifier.quantities.approx import APPROX_BEFORE
from verifier.words import section

NO_THING: Final = frozenset({"date", "time"})
"""Kinds of figure that measure nothing: a date or a time of day places a fact in time."""

NOT_MEASURED: Final = NOT_COUNTED - {"points"}
"""Words after a figure that are no measured thing: units, comparisons and function words
(:data:`.counts.NOT_COUNTED`), except "points", which a score counts ("112 points")."""

COMPARATIVES: Final = frozenset(section("more", "en") + section("less", "en") + section("time_order", "en"))
"""Comparatives after a figure ('0.1 percentage point higher', '$640 million more', '22% fewer'):
no noun of their own; a figure with one is the difference of the thing named before it in the
sentence ('the overall rate rose to 5.3%, 0.1 percentage point higher': overall rate). From
``more``, ``less`` and ``time_order`` of :mod:`verifier.words`; one before a noun is passed over
('20% more patients': patients)."""

YEAR: Final = re.compile(r"[12]\d{3}")
"""A token that is a year ('for 2011', 'in 2023'): with the preposition before it, a time phrase."""

AGE_GROUP: Final = re.compile(
    r"\baged\s+\d{1,3}(?:\s*(?:to|-|–)\s*\d{1,3}|\s+(?:and|or)\s+(?:over|older|above|under|younger))?"  # aged 16 to 24, aged 65 and over
    r"|\b\d{1,3}-?\s*(?:to|and|or)\s+\d{1,3}-year-olds?\b"  # 16- to 24-year-olds
    r"|\b\d{1,3}-year-olds?\b")                                # five-year-olds are words; 15-year-olds
"""An English age group, part of the noun phrase it follows or heads ('urban residents aged 16 to
24', 'unemployment among 16- to 24-year-olds'): its figures say which people, and measure nothing."""

MAX_WORDS: Final = 6
"""Most words (or Chinese words) of a measured thing; press noun phrases before a figure run
to four or five ("average weekly household spending on food")."""

LOOK_BACK: Final = 400
"""Most characters before a figure (or a verb) read for the noun phrase that names it: a reader
finds the measured thing within the clause, a few words back ("Quarterly revenue rose to $1.5
billion from $1.2 billion"), not hundreds of figures back on a line of bare figures ("1 1 1 ...",
where reading the whole clause before each figure made extraction cubic). 400 characters hold
some 60 words, past the longest predicate of the press corpora; a walk that reaches the edge of a
cut clause finds nothing rather than a phrase cut short."""

LOOK_AHEAD: Final = 32
"""Most tokens after a figure read for the noun phrase after it ("1,200 teachers", "30% of
households"): the phrase runs to :data:`MAX_WORDS` words after a comparative or an 'of' and a
possessive name; reading the rest of the clause after every figure made a long clause quadratic."""


def measured_thing(body: str, sent: tuple[int, int], q: Quantity,
                   figures: list[Quantity] | SpanIndex[Quantity]) -> Decided | None:
    """The noun phrase figure ``q`` counts or measures (see the module docstring), or None.

    Args:
        body: the article text.
        sent: the span of the figure's sentence in ``body`` (end exclusive).
        q: the figure.
        figures: the quantities found in the sentence (or the article), ``q`` among them; another
            figure is skipped when walking back ("rose to $1.5 billion from $1.2 billion"). A
            :class:`.spans.SpanIndex` of them, built once per sentence, keeps a sentence of
            thousands of figures linear.

    Returns:
        The decision, its value normalised ("quarterly revenue": a capital that only opens the
        sentence is lowered) and its span the phrase's; None for a date or time of day, or when
        no phrase is found.
    """
    if q.kind in NO_THING or _serial(body, q):
        return None
    if _chinese(body, sent, q):
        from verifier.extract.measured_zh import age_bound

        if age_bound(body, q):
            return None  # '60岁及以上人口': the figure bounds the group the phrase after it names
    index = figures if isinstance(figures, SpanIndex) else SpanIndex(figures)
    found = _own(body, sent, q, index)
    if found is not None:
        return found
    earlier = index.nearest_within(sent[0], q.start, lambda f: f.kind not in NO_THING)
    if earlier is not None:
        found = _own(body, sent, earlier, index)
    if found is None and not _chinese(body, sent, q):
        found = _en_subject(body, sent, q, index)
    return found or (_unit_noun(body, q) if q.kind == "number" and _chinese(body, sent, q) else None)


def _serial(body: str, q: Quantity) -> bool:
    """True when a word of a series follows the figure ('a seventh consecutive increase', 'a
    fourth straight year'): the figure is a place in a run of events, and measures nothing."""
    toks = tokens(body, q.end, min(len(body), q.end + 40))
    return bool(toks) and toks[0].text.lower() in words("en")["serial_words"]


def _chinese(body: str, sent: tuple[int, int], q: Quantity) -> bool:
    """The sentence's language decides (a mixed one reads as Chinese, as :mod:`.holders` does)."""
    return has_cjk(body, sent[0], sent[1])


def _own(body: str, sent: tuple[int, int], q: Quantity, figures: SpanIndex[Quantity]) -> Decided | None:
    """The measured thing found in the figure's own clause, without fallbacks."""
    if _chinese(body, sent, q):
        from verifier.extract import measured_zh

        listed = list(figures)
        return measured_zh.before(body, sent, q, listed) or measured_zh.after(body, q, clause_end(body, q.end, sent[1])) \
            or measured_zh.before(body, sent, q, listed, through_verb=True)
    spans = figures  # q's own span meets no token before it: the walk back reads only [.., q.start)
    ce = clause_end(body, q.end, sent[1])
    if q.unit == "%" and (whole := _en_of(body, q.end, ce, figures)) is not None:
        return whole  # 'the cars lost 41 percent of their range', 'won 52% of the vote': a percentage of the thing after 'of'
    before, linked = _en_before(body, sent, q, spans)
    if before is not None and linked:
        return before
    return _en_of(body, q.end, ce, figures) or _en_after(body, q.end, ce) or before


def _in_figure(t: Token, spans: SpanIndex) -> bool:
    """True when token ``t`` overlaps one of ``spans`` (found by bisection)."""
    return spans.overlapping(t.start, t.end)


def _skippable(low: str) -> bool:
    """Words between a measured thing and its figure: auxiliaries, prepositions, hedges, adverbs."""
    en = words("en")
    return low in en["auxiliaries"] or low in en["figure_prepositions"] or low in APPROX_BEFORE \
        or (low.endswith("ly") and len(low) > 4)


def _en_before(body: str, sent: tuple[int, int], q: Quantity, spans) -> tuple[Decided | None, bool]:
    """The noun phrase before an English figure, and whether a linking verb ties it to the
    figure (else only 'of' or a preposition does)."""
    link = words("en")["duration_verbs"] if q.kind == "duration" else frozenset()
    return _en_before_at(body, sent, clause_start(body, sent[0], q.start), q.start, spans, link)


def _en_before_at(body: str, sent: tuple[int, int], lo: int, pos: int, spans,
                  link: frozenset[str] = frozenset()) -> tuple[Decided | None, bool]:
    """:func:`_en_before` for the text ``[lo, pos)`` before a figure (or a verb) at ``pos``;
    ``link`` are verbs that link here besides the linking verbs (a duration's 'took', 'lasted')."""
    en = words("en")
    cut = pos - lo > LOOK_BACK
    if cut:  # read the last LOOK_BACK characters, from a space so that no word is cut
        lo = body.find(" ", pos - LOOK_BACK, pos)
        if lo < 0:
            return None, False
    toks = tokens(body, lo, pos)
    ages = SpanIndex(AGE_GROUP.finditer(body, lo, pos), start=re.Match.start, end=re.Match.end)
    i, linked = len(toks) - 1, False
    while i >= 0:  # step 1: back over the predicate (verb, prepositions, other figures, owners)
        t = toks[i]
        low = t.text.lower()
        if _in_figure(t, ages):
            break  # 'residents aged 16 to 24 numbered…': the age group belongs to the phrase
        if _in_figure(t, spans) and YEAR.fullmatch(t.text) and (k := _owner_start(toks, i, spans)) is not None:
            i = k - 1  # 'budget for 2011 is $3.0 billion': a time phrase between the thing and its verb
            continue
        if _in_figure(t, spans) or t.text in "$€£¥~-–" or low in en["linking_verbs"] or low in link:
            linked = linked or low in en["linking_verbs"] or low in link
        elif _skippable(low):
            pass
        elif is_word(t) and (capitalised(t) or low in en["time_words"]):
            k = _owner_start(toks, i, spans)
            if k is None:
                break
            i = k
        else:
            break
        i -= 1
    if cut and i < 0:
        return None, False  # the predicate runs on past LOOK_BACK: no phrase near the figure
    picked: list[Token] = []
    aged = 0  # tokens of an age group picked: they do not count against MAX_WORDS
    while i >= 0 and len(picked) - aged < MAX_WORDS:  # step 2: the noun phrase itself
        t = toks[i]
        low = t.text.lower()
        if _in_figure(t, ages):
            picked.append(t)
            aged += 1
            i -= 1
            continue
        if picked and low in words("en")["determiners"] and i >= 2 and toks[i - 1].text.lower() in en["np_inner"] \
                and is_word(toks[i - 2]) and not _ends_phrase(toks[i - 2].text.lower()):
            picked += [t, toks[i - 1]]  # 'shares of the carmaker': a determiner after 'of' is inside the phrase
            i -= 2
            continue
        if not is_word(t) or _ends_phrase(low) or (not picked and low.endswith("ed")):
            break
        if low in en["np_inner"]:
            if not picked or i == 0 or not is_word(toks[i - 1]) or _ends_phrase(toks[i - 1].text.lower()):
                break
        elif capitalised(t) and not _opens(body, sent[0], t, toks, i):
            break
        picked.append(t)
        i -= 1
    if cut and i < 0 and len(picked) - aged < MAX_WORDS:
        return None, False  # the phrase may run on before the cut: none rather than one cut short
    while picked and picked[-1].text.lower() in en["np_inner"]:
        picked.pop()
    if not picked or all(_in_figure(t, ages) for t in picked):
        return None, False
    first, last = picked[-1], picked[0]
    value = body[first.start:last.end]
    if capitalised(first) and not first.text.isupper() and _opens(body, sent[0], first, toks, i + len(picked)):
        value = value[0].lower() + value[1:]
    return decide(value, "noun before figure", first.start, last.end), linked


def _ends_phrase(low: str) -> bool:
    en = words("en")
    return (low in en["determiners"] or low in en["clause_words"] or low in en["linking_verbs"]
            or low in en["duration_verbs"] or low in en["action_verbs"] or low in en["time_words"] or low in ("'s", "’s"))


def _opens(body: str, sentence_start: int, t: Token, toks: list[Token], i: int) -> bool:
    """True when ``t`` opens the sentence and is capitalised by position only (no possessive
    after it, not an acronym)."""
    return opens_sentence(body, t.start, sentence_start) and not t.text.isupper() \
        and not (i + 1 < len(toks) and toks[i + 1].text in ("'s", "’s"))


def _owner_start(toks: list[Token], i: int, spans) -> int | None:
    """Index of the preposition opening an owner or time phrase that ends at token ``i``
    ('at Northwind Traders', 'in Ohio', 'in March'), or None when no preposition opens it."""
    en = words("en")
    k = i
    while k >= 0 and (capitalised(toks[k]) or toks[k].text in ("of", "&") or _in_figure(toks[k], spans)
                      or toks[k].text.lower() in en["time_words"] or toks[k].text.lower() in en["determiners"]):
        k -= 1
    if k >= 0 and toks[k].text.lower() in {*en["owner_prepositions"], "on", "during", "since", "across", "last", "this"}:
        return k
    if 0 <= k < i and toks[k + 1].text == "of" and is_word(toks[k]) and not capitalised(toks[k]):
        return k + 1  # 'the unemployment rate of Silmarport was': 'of' opens the owner after a common noun
    return None


def _en_of(body: str, pos: int, ce: int, figures: SpanIndex[Quantity]) -> Decided | None:
    """'48 of 420 patients', '30% of households', '12 km of road': the noun after 'of'."""
    toks = _tokens_after(body, pos, ce)
    if not toks or toks[0].text.lower() != "of" or len(toks) < 2:
        return None
    nxt = toks[1].start
    if toks[1].text.lower() in words("en")["determiners"] and len(toks) > 2:
        nxt = toks[2].start
    elif (owned := _possessor_end(toks, 1)) is not None:
        nxt = toks[owned].start  # '18.4% of Quarwickwood's electricity': the owner's name is no thing measured
    other = next(iter(figures.starting(nxt, nxt + 1)), None)
    found = _en_after(body, other.end if other else nxt - 1, ce)
    return decide(found.value, "of phrase", found.start, found.end) if found else None


def _possessor_end(toks: list[Token], i: int) -> int | None:
    """Index of the token after a possessive name that starts at token ``i`` ('Quarwickwood's',
    'New York City's'), or None when none starts there or nothing follows it."""
    k = i
    while k < len(toks) and is_word(toks[k]) and capitalised(toks[k]):
        k += 1
    if k > i and k + 1 < len(toks) and toks[k].text in ("'s", "’s"):
        return k + 1
    return None


def _en_after(body: str, pos: int, ce: int) -> Decided | None:
    """The noun phrase right after an English figure: '1,200 teachers', '370 BMW cars',
    '20 to 50 questions answered' (a participle ends it when nothing follows it). A comparative
    before the noun is passed over ('20% more patients'); one with no noun after it gives None
    ('0.1 percentage point higher': the caller then takes the thing named before), and so does a
    word of a series ('a seventh consecutive increase': a place in a run, no measured thing)."""
    en = words("en")
    toks = _tokens_after(body, pos, ce)
    picked: list[Token] = []
    last = pos
    for n, t in enumerate(toks):
        low = t.text.lower()
        gap = body[last:t.start]
        if not is_word(t) or gap.strip() or len(picked) >= MAX_WORDS - 2:
            break
        if low in en["serial_words"]:
            return None
        if not picked and low in COMPARATIVES:
            last = t.end
            continue
        stop = (low in en["np_inner"] or low in en["figure_prepositions"] or _ends_phrase(low) or t.text in STOP_WORDS
                or low in en["auxiliaries"] or low.endswith("ly"))
        if not picked and (stop or low in NOT_MEASURED or low.endswith(("ed", "ing"))):
            return None
        if picked and low.endswith("ed") and not stop:
            after = toks[n + 1] if n + 1 < len(toks) else None
            if after is None or not is_word(after) or _ends_phrase(after.text.lower()) \
                    or after.text.lower() in en["np_inner"] or after.text.lower() in en["figure_prepositions"]:
                picked.append(t)  # '50 questions answered', '1,200 teachers hired last year'
            break
        if stop or (picked and n + 1 < len(toks) and toks[n + 1].text.lower() in en["determiners"]):
            break  # a word before a determiner is a verb: '30% of households own a car'
        picked.append(t)
        last = t.end
    if not picked:
        return None
    return decide(body[picked[0].start:picked[-1].end], "noun after figure", picked[0].start, picked[-1].end)


def _en_subject(body: str, sent: tuple[int, int], q: Quantity, figures: SpanIndex[Quantity]) -> Decided | None:
    """The subject of the sentence's first linking verb before the figure's clause, for a figure
    whose clause names nothing and follows no figure: 'Ridership fell for a second straight year,
    down 3%' -> ridership. Taken with :data:`.decided.OTHER_CLAUSE` off: another clause's."""
    from verifier.extract.decided import OTHER_CLAUSE

    cs = clause_start(body, sent[0], q.start)
    verb = next((t for t in tokens(body, sent[0], cs) if t.text.lower() in words("en")["linking_verbs"]), None)
    if verb is None:
        return None
    found, linked = _en_before_at(body, sent, clause_start(body, sent[0], verb.start), verb.end, figures)
    if found is None or not linked:
        return None
    return decide(found.value, found.by, found.start, found.end, penalty=OTHER_CLAUSE)


def _unit_noun(body: str, q: Quantity) -> Decided | None:
    """The classifier right after a Chinese count ('1200人' -> 人, '3.2亿人次' -> 人次)."""
    from verifier.quantities.scan import CLASSIFIERS

    end = q.end
    while end < len(body) and end - q.end < 2 and body[end] in CLASSIFIERS:
        end += 1
    return decide(body[q.end:end], "unit noun", q.end, end) if end > q.end else None


def _tokens_after(body: str, pos: int, end: int) -> list[Token]:
    """The first :data:`LOOK_AHEAD` tokens of ``body[pos:end]``."""
    new = tuple.__new__  # as :func:`.en_names.tokens` makes them
    return [new(Token, (m.group(), m.start(), m.end())) for m in islice(TOKEN.finditer(body, pos, end), LOOK_AHEAD)]
