"""Who a date is about and who signs a deal: the subject of an event date ('Jalapeño initial
deployment', 'Hot Chips opening', 'OpenAI–Broadcom deal signing', '<title> publication') and
of the figures of a signed deal ('OpenAI–Broadcom deal'). The event vocabulary and the rules of
who acts are in :mod:`.events`; this module finds the names in an article's run.

Shape::

    event_subject(run, body, sent, f, near, after) -> "Hot Chips opening"
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from verifier.extract.events import DEAL_NOUN, WITH, actor_pair, agent_event, event_of, publication_of
from verifier.extract.owners import name_of
from verifier.extract.subjects import PRODUCT_KINDS

if TYPE_CHECKING:
    from verifier.extract.run import Run
    from verifier.extract.context import Figure
    from verifier.extract.segment import Sentence


def event_subject(run: Run, body: str, sent: Sentence, f: Figure, near: str, after: str) -> str | None:
    """Subject of a date: the product named in the sentence (else the article's main one) and
    the event the date marks ('Jalapeño initial deployment'), or the actor and its act
    ('Hot Chips opening', 'OpenAI–Broadcom deal signing', :data:`.events.AGENT_EVENTS`), or the
    title a reference-list item dates ('<title> publication'); None when the event is unnamed."""
    line_start = body.rfind("\n", 0, f.q.start) + 1
    line_end = body.find("\n", f.q.end)
    published = publication_of(body[line_start:f.q.start], body[f.q.end:len(body) if line_end < 0 else line_end + 1])
    if published:
        return published
    nxt = body[f.q.end:sent.end]
    following = nxt[len(after) + 1:][:60] if not after.strip() else ""
    event = event_of(after, near, following)
    cs = f.q.start - len(near)
    acted = agent_event(body[cs:f.q.end + len(after)], following)
    if acted is not None and event in (None, "results announcement"):
        name, which, offset = acted
        base = f.q.end + len(after) + 1 if which else cs
        actor = _actor(run, body, base, base + offset, base + len(following) if which else f.q.end + len(after))
        if actor:
            return f"{actor} {name}"
    if event is None:
        return None
    products = [m for m in run.mentions.starting(sent.start, sent.end) if m.kind in PRODUCT_KINDS]
    name = name_of(run, products[0]) if products else run.memo.main
    return f"{name} {event}" if name else None


_NOT_ACTORS: Final = frozenset({"generic", "person", "place"})


def _actor(run: Run, body: str, lo: int, hi: int, end: int | None = None) -> str | None:
    """Who does the act whose verb starts at ``hi``: the last name in ``body[lo:hi]`` (a pair
    when two are joined by 与/and, or when a name follows 'with' in ``body[hi:end]``,
    :func:`.events.actor_pair`)."""
    ms = [m for m in run.mentions.starting(lo, hi) if m.end <= hi and m.kind not in _NOT_ACTORS]
    partner = next((name_of(run, m) for m in run.mentions.starting(hi, end or hi)
                    if m.kind not in _NOT_ACTORS and WITH.search(body, hi, m.start)), None)
    return actor_pair([(name_of(run, m), body[m.end:nxt.start]) for m, nxt in zip(ms, ms[1:])]
                      + [(name_of(run, ms[-1]), "")], partner) if ms else None


def deal_subject(run: Run, body: str, cs: int, ce: int, q) -> str | None:
    """'OpenAI与博通…签下10GW定制加速器大单': a figure inside a signed deal is the deal's,
    'OpenAI–Broadcom deal'; None when the clause signs no deal between two named parties."""
    acted = agent_event(body[cs:ce])
    if acted is None or acted[0] != "deal signing" or not DEAL_NOUN.search(body, q.end, ce):
        return None
    actor = _actor(run, body, cs, cs + acted[2], ce)
    return f"{actor} deal" if actor and "–" in actor else None
