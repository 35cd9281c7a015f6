"""Dates are facts about events: '2026年底以极小规模部署' is the date of the product's initial
deployment, not a figure of the product. A date claim's subject is therefore the product
and the event, 'Jalapeño initial deployment', so that two dates of one event can be
compared and dates of different events never are.

The event comes from words in the date's clause (Chinese puts the verb after the date,
'2027年才能大规模扩展'; English before or after, 'volume deployment in 2027'), or, when the
date opens the sentence on its own ('8月25日，OpenAI 公布了…'), from the next clause. A date
whose event is not one of these is not proposed: its fact cannot be named.

Shape::

    event_of("以极小规模部署到…", "Jalapeño将在") -> "initial deployment"
"""

from __future__ import annotations

import re
from typing import Final

EVENTS: Final[tuple[tuple[str, re.Pattern], ...]] = (
    ("volume deployment", re.compile(r"上量|大规模(?:部署|扩展|交付|量产)|规模化部署|volume (?:deployment|production)|at scale|mass deploy", re.I)),
    ("initial deployment", re.compile(r"(?:极?小规模|小批量|首批|初步|试点)(?:部署|交付|上线)|initial deploy|first deploy|small[- ]scale deploy", re.I)),
    ("results announcement", re.compile(
        r"(?:公布|发布|披露|展示|交出)[^，,。；;]{0,30}(?:结果|成绩|数据|测试)"
        r"|(?:announc|publish|releas|report)\w*[^,.;]{0,24}(?:results|scores|benchmark)", re.I)),
    ("first unveiling", re.compile(r"首次亮相|首次公开|unveil|debut", re.I)),
    ("tape-out", re.compile(r"流片|tape-?out|taped out", re.I)),
    ("mass production", re.compile(r"量产|mass production", re.I)),
    ("deployment", re.compile(r"部署|交付|deploy|ship", re.I)),
    ("launch", re.compile(r"上市|发售|launch|goes on sale", re.I)),
)
"""Events a date can mark, most specific first (a volume deployment is also a deployment)."""


def event_of(after: str, before: str = "", following: str = "") -> str | None:
    """The event a date marks, from the clause after it, the clause before it, then the next clause.

    Args:
        after: the rest of the date's clause.
        before: the start of the date's clause.
        following: the next clause, used only when nothing follows the date in its own clause.
    """
    for text in (after, before, following if not after.strip() else ""):
        for name, rx in EVENTS:
            if text and rx.search(text):
                return name
    return None
