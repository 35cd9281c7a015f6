"""Ranges over a product family: 'ratings across the lineup span 150 to 300 kW',
'赫利昂组串式逆变器的功率覆盖150kW至300kW' summarise the figures of the products of one series
(HP-150K, HP-320K), so the subject of such a range is those products as alternatives
('HP-150K|HP-320K') and rule V105 checks that the range spans their figures.

Shape::

    series("Voltara E12") -> "E";  family_subject(run, body, sent, f, reading, "CE-300K") -> "HP-150K|HP-320K"
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Final

from verifier.extract.subjects import join_names

if TYPE_CHECKING:
    from verifier.extract.run import Run
    from verifier.extract.context import Figure
    from verifier.extract.segment import Sentence


FAMILY: Final = re.compile(
    r"\b(?:line-?up|family|portfolio|product line|range of models|across (?:the|its|all)|all (?:of )?(?:its|the) models)\b"
    r"|全系|系列|全线|产品线|覆盖|涵盖|各款", re.IGNORECASE)
"""Words that make a range a summary of a product family ('ranges across the Voltara lineup
span 260 to 350 km', '组串式逆变器的功率覆盖150kW至300kW')."""


def family_subject(run: Run, body: str, sent: Sentence, f: Figure, reading, subject: str) -> str | None:
    """The members of the family a summary range spans, as alternatives ('E12|E18|E9'): the
    subjects of one series (:func:`series`) that the article gave a figure of the same metric
    before it, the series of ``subject`` (the one the range was first given to) when it has
    two such members, else the series with most; None when the range is no family summary or
    fewer than two members are known. The checker then tests that the range spans the
    members' figures (V105)."""
    if not isinstance(f.q.value, tuple) or None in f.q.value or not FAMILY.search(body, sent.start, f.q.start):
        return None
    groups: dict[str, list[str]] = {}
    for c in run.claims.starting(0, f.q.start):
        key = series(c.subject) if c.metric == reading.metric and c.comparison is None and c.value.number is not None \
            and "|" not in c.subject else None
        if key and c.subject not in groups.setdefault(key, []):
            groups[key].append(c.subject)
    mine = groups.get(series(subject) or "", [])
    members = mine if len(mine) >= 2 else max(groups.values(), key=len, default=[])
    return join_names(members) if len(members) >= 2 else None


_SERIES: Final = re.compile(r"([A-Za-z]+)[ -]?\d")


def series(name: str) -> str | None:
    """The series of a product code: the letters before the number of its last code ('Voltara
    E12' -> 'E', 'HP-320K' -> 'HP'); None for a name without a code ('Kestrel CityLine 12')."""
    codes = _SERIES.findall(name.split()[-1]) if name.split() else []
    return codes[-1].upper() if codes else None
