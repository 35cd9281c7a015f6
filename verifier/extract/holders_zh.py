"""Holder candidates in Chinese text, from the segmenter's tags (:mod:`.zh_names`).

- a name before the figure (nt organisation, ns place, nr person, nz proper noun, or a noun
  with an organisation suffix), by its tag's label: 国家统计局, 河南省, 张明, 比亚迪;
- a common noun opening the figure's clause and followed by a verb that takes an object
  (铁路完成旅客发送量…, 学校有1200名教师): *segmenter noun*.

A name framed as who says the figures (据海关总署统计, 世界卫生组织表示，…, 教育部公布，…) is not a
holder (:func:`.holders.speaker`, and a name whose clause ends on a verb of saying).

Shape::

    candidates(body, sent, start, end) -> [Decided("河南省", "segmenter place", 0.75, 0, 3)]
"""

from __future__ import annotations

from typing import Final

from verifier.extract.attribution import SAY_AFTER
from verifier.extract.decided import OTHER_CLAUSE, Decided, decide
from verifier.extract.frame_words import words
from verifier.extract.segment import clause_end, clause_start
from verifier.extract.zh_names import Name, label_of, names_in
from verifier.extract.zh_tags import words_in

LEAD_TAGS: Final = frozenset({"t", "d", "p", "f", "x", "c", "m", "mq"})
"""Tags passed over before a clause's subject noun: times, adverbs, prepositions, punctuation."""


def candidates(body: str, sent: tuple[int, int], start: int, end: int) -> list[Decided]:
    """Holder candidates of a figure at ``[start, end)`` in Chinese sentence ``sent``."""
    from verifier.extract.holders import speaker

    cs, ce = clause_start(body, sent[0], start), clause_end(body, end, sent[1])
    out: list[Decided] = []
    for n in names_in(body, sent[0], sent[1]):
        if speaker(body, n.start, n.end) or _says(body, sent, n, start):
            continue
        near = cs <= n.start < ce and n.end <= start
        out.append(decide(n.text, n.by, n.start, n.end, 0.0 if near else OTHER_CLAUSE))
    noun = _subject_noun(body, cs, start)
    if noun is not None and not any(d.start <= noun.start < d.end for d in out):
        out.append(noun)
    return out


def _says(body: str, sent: tuple[int, int], n: Name, start: int) -> bool:
    """True when the name's clause, before the figure's, ends on a verb of saying (教育部公布，…)."""
    ce = clause_end(body, n.end, sent[1])
    if start < ce:
        return False
    ws = words_in(body, n.end, ce)
    return bool(ws) and SAY_AFTER.fullmatch(ws[-1].text) is not None


def _subject_noun(body: str, cs: int, start: int) -> Decided | None:
    """The common noun opening the clause when a verb with an object follows it (铁路完成…)."""
    zh = words("zh")
    ws = [w for w in words_in(body, cs, start)]
    i = 0
    while i < len(ws) and (ws[i].tag in LEAD_TAGS or ws[i].text in zh["time_words"]):
        i += 1
    if i + 1 >= len(ws) or ws[i].tag != "n" or ws[i].text in zh["not_names"] or label_of(ws[i]):
        return None
    j = i + 1
    while j < len(ws) and (ws[j].tag in ("d", "t") or ws[j].text in zh["time_words"]):
        j += 1
    if j < len(ws) and ws[j].tag == "v" and ws[j].text not in zh["linking"] \
            and (ws[j].text in zh["phrase_stops"] or j + 1 < len(ws)):
        return decide(ws[i].text, "segmenter noun", ws[i].start, ws[i].end)
    return None


def topic(title: str) -> str | None:
    """The first name of a Chinese title that is not a speaker, or None."""
    names = names_in(title, 0, len(title))
    return names[0].text if names else None
