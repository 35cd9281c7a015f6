"""One decision of a claim's frame (its holder, measured thing or target) and why it was made.

A frame decision carries the text decided, the way it was found (one label of
:data:`DECIDED_BY`), a confidence taken from one table (:data:`CONFIDENCE`) and the span of
the evidence, so a reviewer sees why a figure got its holder and a rule can refuse to raise
an error on a weak one.

Shape::

    Decided(value="Acme Corp", by="possessive", confidence=0.85, start=0, end=9)
    Decided(value="Acme", by="article topic", confidence=0.35, start=-1, end=-1)   # from the title
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from verifier.models.claim import CONFIDENT, Decision  # noqa: F401  (CONFIDENT: one home, the claim model)

CONFIDENCE: Final[dict[str, float]] = {
    # the reviewer's own word: a name listed in a lexicon file
    "lexicon": 0.9,
    # grammar that ties a name to the figure's noun phrase itself
    "possessive": 0.85,         # "Acme Corp's quarterly revenue rose to ...": the owner is printed
    "apposition": 0.8,          # "Fairfax County, the state's largest district, spends ...": named twice
    "sentence subject": 0.8,    # a name as the clause's subject: "Acme Corp reported revenue of ..."
    "for phrase": 0.75,         # "$12,400 per pupil for Fairfax", "turnout at Lincoln High": an owner
    "in phrase": 0.7,           # "unemployment in Ohio": an owner, but "in" also sets a scope or a place
    "segmenter organisation": 0.8,  # jieba tag nt (or a noun with an organisation suffix) before the figure
    "segmenter place": 0.75,    # tag ns in subject position: 河南省小麦产量, 中国男性 ...
    "segmenter person": 0.65,   # tag nr: a player's points, but the tagger also tags firms nr (比亚迪)
    "segmenter proper noun": 0.65,  # tag nz: a proper noun of unknown kind
    "segmenter noun": 0.5,      # a common noun as the clause subject (铁路完成...): the tagger's guess
    "scope reference": 0.7,     # 全县 / 全省 / 本市 before the figure: the place of that level named last before it
    "capitalised name": 0.6,    # a name in the sentence, in no position that ties it to the figure
    "common noun subject": 0.5, # "the city hired 1,200 teachers": a holder, but only a common noun
    "previous sentence": 0.45,  # the subject of the sentence before: the story goes on, or not
    "article topic": 0.35,      # a name in the title: what the article is about, not this figure's owner
    # measured thing
    "noun before figure": 0.8,  # "Quarterly revenue rose to $1.5 billion", "全国人口为139820万人"
    "noun after figure": 0.8,   # "1,200 teachers", "a $4.2 billion budget", "1200名教师"
    "of phrase": 0.8,           # "48 of 420 patients", "30% of households", "12 km of road"
    "share phrase": 0.75,       # "占全国人口的19.8%" after its subject: read as "X占全国人口的比重"
    "clause topic": 0.7,        # a Chinese clause with no subject takes the one before it: '汽车出口量…，达到522.1万辆'
    "time taken": 0.8,          # 'won in 2:04:17', 'in a time of 2hr 6min', '以2小时8分夺冠': a finishing time (see .elapsed)
    "list heading": 0.75,       # an item of a results list: the heading or sentence that opens the list names what it gives
    "column header": 0.75,      # a table cell: its column's header ('报名人数(万人)', 'Turnout (%)') names what it measures
    "unit noun": 0.6,           # only the figure's classifier or counted unit: "1200人" -> 人
    # the subject path's ladder (extract/owners.py), for articles whose names a lexicon or discovery gives:
    # the figure's own clause or an explicit construction names the holder
    "clause name": 0.9,         # a name in the figure's own clause
    "distributive pair": 0.85,  # 'A and B draw 700 W and 900 W respectively'
    "table row": 0.85,          # the row's name in a table
    "list item": 0.85,          # the label of a results list's item: '3. Jane Doe (Canada) 2:11:05', '- Ward 4: 1,204 votes'
    "relative clause": 0.8,     # '…Hollin Bank, which in turn is 420 MW bigger'
    "example": 0.8,             # '以X为例', 'Take X,'
    "restated figure": 0.8,     # the figure restates one given for a name before
    "named target": 0.9,        # the comparison's other side is named next to the figure ('than the H2')
    # a name elsewhere in the sentence, or a comparison the sentence set up: usually right
    "sentence name": 0.75, "sentence comparison": 0.75, "from-to role": 0.75,
    "previous clause": 0.75,    # a clause after ';' or '；' goes on with its sentence's holder
    "former and latter": 0.75,  # 前者 / 后者, 'the former' / 'the latter'
    "contrast with a rival": 0.75,  # '续航约600公里，而Vela 7只有约450公里': the article's subject against a rival named after it
    # a reference back across sentences, or a guess from the article as a whole: needs review
    "pronoun": 0.6, "definite description": 0.6, "paragraph name": 0.55, "implicit target": 0.6,
    "last two names": 0.5,      # a comparison that names no target: the two names given last, a guess
    "unnamed list": 0.0,        # no holder: one of a list of figures whose scopes the text does not name
    "a change amount": 0.0,     # no holder: the size of a change ('up $657.4 million'), no level of anyone's
}
"""Confidence of each way of deciding (0..1), in one table; :data:`CONFIDENT` marks the least
an error may rest on. The values are judgements of how often each grammatical position names
the right thing, written from the grammar of the two languages, not fitted to a corpus."""

DECIDED_BY: Final = frozenset(CONFIDENCE)
"""The labels a decision's ``by`` may take:

- lexicon: a name of a lexicon file (the reviewer's word);
- possessive, apposition, sentence subject, for phrase, in phrase, capitalised name,
  common noun subject: English grammar around the figure (see :mod:`.holders`);
- segmenter organisation / place / person / proper noun / noun: a Chinese word the
  part-of-speech tagger marks nt / ns / nr / nz, or a common noun in subject position;
- scope reference: a Chinese word for the whole of a place by its level (全县, 全省), resolved
  to the place of that level named last before it (see :mod:`.holders_zh`);
- previous sentence, article topic: fallbacks from the sentence before and the title;
- noun before figure, noun after figure, of phrase, share phrase, unit noun: the measured
  thing (see :mod:`.measured`);
- clause name ... last two names: the subject path's ladder (:mod:`.owners`), from the
  figure's own clause out to guesses from the article as a whole.
"""


def decision(by: str) -> Decision:
    """The record of a decision made by ``by`` (a :data:`CONFIDENCE` key), for a claim's ``decided``.

    Raises:
        KeyError: ``by`` is not a way of deciding :data:`CONFIDENCE` rates."""
    return Decision(by=by, confidence=CONFIDENCE[by])

OTHER_CLAUSE: Final = 0.1
"""Confidence taken off a holder found in another clause of the figure's sentence than the
figure's own: the nearer clause is likelier the figure's ("河南省夏粮丰收，小麦产量为..."
still gives 河南省, at 0.65)."""


@dataclass(frozen=True)
class Decided:
    """One decision of a claim's frame (its holder, measured thing or target) and why."""

    value: str          # the text decided ('quarterly revenue', '国家统计局'), normalised whitespace, as printed otherwise
    by: str             # how it was decided: one of DECIDED_BY
    confidence: float   # 0..1; CONFIDENT (0.75) or more means an error-severity finding may rest on it
    start: int          # offsets in body of the evidence phrase (end exclusive); -1/-1 for the title
    end: int

    @property
    def confident(self) -> bool:
        """True when an error-severity finding may rest on this decision (:data:`CONFIDENT`)."""
        return self.confidence >= CONFIDENT


def decide(value: str, by: str, start: int, end: int, penalty: float = 0.0) -> Decided:
    """A :class:`Decided` with whitespace normalised and the confidence of ``by`` from
    :data:`CONFIDENCE`, less ``penalty`` (e.g. :data:`OTHER_CLAUSE`).

    Raises:
        KeyError: ``by`` is not a label of :data:`DECIDED_BY`.
    """
    return Decided(" ".join(value.split()), by, round(max(0.0, CONFIDENCE[by] - penalty), 2), start, end)
