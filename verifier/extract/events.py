"""Dates are facts about events: '2026年底以极小规模部署' is the date of the product's initial
deployment, not a figure of the product. A date claim's subject is therefore the product
and the event, 'Jalapeño initial deployment', so that two dates of one event can be
compared and dates of different events never are.

The event comes from words in the date's clause (Chinese puts the verb after the date,
'2027年才能大规模扩展'; English before or after, 'volume deployment in 2027'), or, when the
date opens the sentence on its own ('8月25日，OpenAI 公布了…'), from the next clause. A date
whose event is not one of these is not proposed: its fact cannot be named.

Events of a product (deployment, tape-out, results) take the product named in the sentence.
Events of an actor (:data:`AGENT_EVENTS`: a conference opening, a deal signed, an outlet's
report) take the name that does the act, the last one before the event's verb; two names
joined by 与/和/and make a pair, 'OpenAI与博通…签下…大单' -> 'OpenAI–Broadcom deal signing'.
The figures of a signed deal ('签下10GW定制加速器大单') are the deal's (:func:`deal_owner`).

Shape::

    event_of("以极小规模部署到…", "Jalapeño将在") -> "initial deployment"
    agent_event("财联社8月27日援引分析师观点报道") -> ("report", 0, 15)
"""

from __future__ import annotations

import re
from typing import Final

EVENTS: Final[tuple[tuple[str, re.Pattern], ...]] = (
    ("volume deployment", re.compile(r"上量|大规模(?:部署|扩展|交付|量产)|volume (?:deployment|production)|at scale|mass deploy", re.I)),
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


AGENT_EVENTS: Final[tuple[tuple[str, re.Pattern], ...]] = (
    ("deal signing", re.compile(
        r"(?:签下|签署|签订|签约|达成|敲定)[^，,。；;]{0,24}?(?:大单|订单|协议|合同|合作|交易)"
        r"|\b(?:sign|ink|strike|struck)\w*\b[^,.;]{0,40}?\b(?:deal|agreement|contract|order|partnership)\b", re.I)),
    ("opening", re.compile(r"开幕|揭幕|开展|拉开帷幕|\bopen(?:s|ed)\b|\bkick(?:s|ed) off\b", re.I)),
    ("report", re.compile(r"(?<!据)报道|报导|\breport(?:s|ed)\b(?! that)", re.I)),
)
"""Events an actor does, most specific first; their date's subject is the actor (a name of any
kind), not the product the sentence is about. '据…报道' (according to a report) names a source,
not a report's date; 'reported that' likewise introduces what was reported."""

REFERENCE_ENTRY: Final = re.compile(
    r"^[ \t]*(?:[-*+]|\d{1,3}[.)])[ \t]+[^：:\n]{1,60}[：:][ \t]*(?P<title>[^\n]{4,200}?)[ \t]*[，,][ \t]*$")
"""The text before a date that ends a reference-list item, '- OpenAI：The full stack behind
abundant intelligence，' (publisher, title, date): the date is the title's publication."""

REFERENCE_END: Final = re.compile(r"[ \t]*[。.]?[ \t]*(?:\n|$)")


def publication_of(line_head: str, line_tail: str) -> str | None:
    """'<title> publication' when a date ends a reference-list item, else None.

    Args:
        line_head: the date's line up to the date; line_tail: the rest of the line after it.
    """
    m = REFERENCE_ENTRY.match(line_head)
    if m is None or not REFERENCE_END.match(line_tail):
        return None
    return f"{m.group('title').strip()} publication"


WITH: Final = re.compile(r"\s+with\s+(?:the\s+)?$", re.I)
"""'… deal with Globex': the name after it is the other party of an English deal."""

DEAL_NOUN: Final = re.compile(r"大单|订单|协议|合同|交易|\b(?:deal|agreement|contract|order)\b", re.I)

PAIR: Final = re.compile(r"\s*(?:与|和|及|同|跟|and|&|with)\s*$", re.I)
"""What joins two actors of one act: 'OpenAI与博通', 'OpenAI and Broadcom', 'OpenAI with Broadcom'."""


def agent_event(clause: str, following: str = "") -> tuple[str, int, int] | None:
    """The actor event a date marks: ``(event, which, offset)``, where ``which`` is 0 when the
    verb is in ``clause`` (the date's own clause, the date included) and 1 when it is in
    ``following`` (the next clause, read only when the date's clause has no verb), and
    ``offset`` is where the verb starts in that text. None when there is no actor event."""
    for which, text in enumerate((clause, following)):
        for name, rx in AGENT_EVENTS:
            m = rx.search(text) if text else None
            if m:
                return name, which, m.start()
    return None


def actor_pair(names: list[tuple[str, str]], partner: str | None = None) -> str | None:
    """The actor from the mentions before a verb, ``[(name, text between it and the next), ...]``
    in text order: the last name, or 'A–B' when the one before it is joined to it by 与/and,
    or when ``partner`` (the name after 'with' in 'A signed a deal with B') is given."""
    if not names:
        return None
    last = names[-1][0]
    if len(names) >= 2 and PAIR.match(names[-2][1]) and names[-2][0] != last:
        return f"{names[-2][0]}–{last}"
    return f"{last}–{partner}" if partner and partner != last else last


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
