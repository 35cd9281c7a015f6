"""Who a figure is attributed to: '据X', 'X表示', 'according to X', a platform name after a
sentence, or the article's primary source when the text says 官方/official.

The origin is an id of the source registry. A mention is mapped to an id by comparing its
slug with the ids the article cites (front matter ``cites``): 'OpenAI' -> 'openai', or
'openai-blog' when that is the only cited id it prefixes. Tiers come from the external
registry when given, else from the kind of the mention.

Shape::

    Attribution(origin="weibo", said_by=None, tier="social")
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Final

from verifier.extract.lexicon import ORIGIN_KINDS, Mention
from verifier.extract.spans import SpanIndex
from verifier.models.claim import Attribution
from verifier.models.source import ExternalSource, Source

SAY_AFTER: Final = re.compile(
    r"\s*(?:的)?(?:官方|公司|团队)?\s*"  # no '^': matched at the name's end, where '^' would fail
    r"(?:表示|称|说|披露|指出|强调|认为|透露|宣布|公布|显示|估计|估算|预计|报道|援引|给出|提供|介绍"
    r"|said|says|reported|reports|estimated|estimates|claims|claimed|found|announced|disclosed|stated|quotes|quoted|cites|cited)"
)
"""A verb of saying right after the origin's name: 'OpenAI表示', 'Omdia said'."""

SAY_BEFORE: Final = re.compile(r"(?:据|根据|援引|来自|按照|according to|per|citing|cited by)\s*[《「『“\"]?\s*$", re.IGNORECASE)
"""A preposition right before the origin's name: '据微博', '据《电车观察》', 'according to Omdia'."""

THE_COMPANY: Final = re.compile(
    r"\b(?:the|its)\s+(?:company|firm|maker|manufacturer|vendor)\s*(?:'s\s+\w+\s+)?(?:said|says|stated|added|claims|claimed|announced)\b"  # 'the company said'
    r"|\baccording to (?:the|its) (?:company|firm|maker|manufacturer|vendor)\b"                                   # 'according to the company'
    r"|(?:该公司|公司方面|厂商)(?:表示|称|介绍|透露|披露)",                                                              # '该公司表示'
    re.IGNORECASE,
)
"""'The company said': the figures are the company's, the company named last before it."""

DESCRIPTOR_BEFORE: Final = re.compile(r"(?:\b(?:the|an?)\s+)?(?:[a-z][a-z-]*\s+){0,3}$")
"""Lower-case words that describe a name before it, past an article: 'according to the consumer
group HomeWatt', 'said the farm lobby Agriforum' (the speech verb or preposition comes before them)."""


def speaker(body: str, start: int, end: int) -> bool:
    """True when the name at ``[start, end)`` is framed as who says the figures ('Omdia said',
    'according to the Ministry of Finance', 'according to the consumer group HomeWatt', '据海关总署',
    ', said Jane Doe'), with the verbs of :data:`SAY_AFTER` and the prepositions of :data:`SAY_BEFORE`."""
    before = re.sub(r"(?:\bthe\s+|\s+)$", "", body[max(0, start - 24):start], flags=re.IGNORECASE)
    described = DESCRIPTOR_BEFORE.search(body, max(0, start - 60), start)
    bare = body[max(0, start - 60):described.start()] if described and described.start() < start else None
    return bool(SAY_AFTER.match(body, end) or SAY_BEFORE.search(before + " ")
                or SAY_AFTER.fullmatch(" " + before.rsplit(" ", 1)[-1].rstrip(","))
                or (bare is not None and bare.strip() and SAY_BEFORE.search(bare.rstrip() + " ")))


def is_speaker(body: str, m: Mention) -> bool:
    """True when mention ``m`` is framed as who says the figures ('据Aquaflow介绍', 'Omdia said',
    'according to Omdia'), not as what they are about."""
    return bool(SAY_AFTER.match(body, m.end) or SAY_BEFORE.search(body, max(0, m.start - 16), m.start))


OFFICIAL: Final = ("官方", "official", "厂商公布", "vendor's own")
"""Words that point a figure at the article's primary source (its ``cites`` with relation
primary-source)."""

KIND_TIER: Final = {"platform": "social", "analyst": "estimate", "outlet": "secondary", "company": "primary", "vendor": "primary", "person": "estimate"}
"""Tier of an origin missing from the registry, by the kind of its lexicon entry
(see ``verifier/models/tier.py`` for the ladder)."""


def slug(name: str) -> str:
    """'Yole Group' -> 'yole-group'; '微博' stays as is (ids of Chinese sources are pinyin)."""
    return re.sub(r"[^0-9a-z]+", "-", name.casefold()).strip("-")


PARTY_KINDS: Final = frozenset({"vendor", "organization"})
"""Registry kinds whose entries are companies: a discovered name that is one of them is a
company (an origin, and a subject of money figures only), never a product."""


def _base_name(name: str) -> str:
    """'Norvolt Charging (company statements)' -> 'norvolt charging'."""
    return re.sub(r"\s*\(.*?\)\s*", " ", name).strip().casefold()


def registry_entry(name: str, external: dict[str, ExternalSource]) -> ExternalSource | None:
    """The registry entry a printed name stands for: its id is the name's slug or the slug's
    first word ('Norvolt Charging' -> 'norvolt'), or its name (without a parenthesis) is the
    name or begins with it as a whole word ('Norvolt' -> 'Norvolt Charging (…)')."""
    s = slug(name)
    if not s:
        return None
    if s in external:
        return external[s]
    low = " ".join(name.split()).casefold()
    named = [e for e in external.values() if _base_name(e.name) == low or _base_name(e.name).startswith(low + " ")]
    if len(named) == 1:
        return named[0]
    first = s.split("-", 1)[0]
    return external[first] if first != s and first in external and _base_name(external[first].name).startswith(first) else None


def registered_kinds(mentions: list[Mention], external: dict[str, ExternalSource]) -> list[Mention]:
    """Discovered names that the registry lists as a company ('Norvolt' with an entry of kind
    vendor) take the kind 'company': a company is not the product a figure is about."""
    out = []
    seen: dict[str, ExternalSource | None] = {}  # a name recurs: look each up once
    for m in mentions:
        if m.kind in ("discovered", "quoted") and m.name not in seen:
            seen[m.name] = registry_entry(m.name, external)
        entry = seen.get(m.name) if m.kind in ("discovered", "quoted") else None
        out.append(replace(m, kind="company") if entry is not None and entry.kind in PARTY_KINDS else m)
    return out


def registry_mentions(body: str, external: dict[str, ExternalSource], taken: list[tuple[int, int]]) -> list[Mention]:
    """Mentions of the registry's companies (kinds :data:`PARTY_KINDS`) in ``body``, outside
    ``taken`` spans: the entry's name without its parenthesis ('Norvolt Charging') and, when the
    entry's id is its first word, that word alone ('Norvolt'). A title ('OpenAI blog: …') names
    no party. Latin names match as whole words, ignoring case."""
    out: list[Mention] = []
    occupied = bytearray(len(body) + 1)  # one byte per character: a look-up per match, not per taken span
    for s, e in taken:
        occupied[s:e] = b"\x01" * max(0, e - s)
    for e in external.values():
        base = re.sub(r"\s*\(.*?\)\s*", " ", e.name).strip()
        if e.kind not in PARTY_KINDS or not base or ":" in base:
            continue
        aliases = [base] + ([base.split()[0]] if base.split()[0].casefold() == e.id and " " in base else [])
        for alias in aliases:
            edge = r"(?<![A-Za-z0-9])" if alias[:1].isascii() else ""
            for m in re.finditer(edge + re.escape(alias) + (r"(?![A-Za-z0-9])" if alias[-1:].isascii() else ""), body, re.IGNORECASE):
                if occupied.find(1, m.start(), m.end()) < 0:
                    out.append(Mention(m.start(), m.end(), base, "company", m.group(0)))
                    occupied[m.start():m.end()] = b"\x01" * (m.end() - m.start())
    return out


def origin_id(mention: Mention, source: Source, external: dict[str, ExternalSource]) -> str | None:
    """Registry id of the origin named by ``mention``, or None when no cited id or registry
    entry fits ('Norvolt Charging' -> 'norvolt' when the article cites 'norvolt')."""
    s = slug(mention.name)
    cited = [c.source for c in source.meta.cites]
    if not s:
        return None
    for cand in cited:
        if cand == s:
            return cand
    prefixed = [c for c in cited if c.startswith(s + "-")]
    if len(prefixed) == 1:
        return prefixed[0]
    if s in external:
        return s
    entry = registry_entry(mention.name, external)
    return entry.id if entry is not None else None


def tier_of(origin: str | None, mention: Mention | None, source: Source, external: dict[str, ExternalSource]) -> str:
    """Tier of ``origin`` (registry, then kind of the mention), else the article's own tier."""
    if origin and origin in external:
        return external[origin].tier.value
    if origin and mention is not None and mention.kind in KIND_TIER:
        return KIND_TIER[mention.kind]
    return source.meta.tier.value


def explicit(body: str, start: int, end: int, mentions: SpanIndex[Mention]) -> Mention | None:
    """The origin a sentence ``body[start:end]`` names with a verb or preposition of saying: a
    lexicon origin, or a name found in the text ('…, Harbor Transit said')."""
    for m in mentions.within(start, end):
        if m.kind not in ORIGIN_KINDS and m.kind != "discovered":
            continue
        if SAY_BEFORE.search(body[max(start, m.start - 14):m.start]) or SAY_AFTER.match(body, m.end, min(end, m.end + 12)):
            return m
    return None


def trailing(body: str, end: int, mentions: SpanIndex[Mention]) -> Mention | None:
    """A platform named right after a sentence ends ('…28% 至 59%。微博'): it credits that sentence."""
    pos = end
    while pos < len(body) and body[pos] in " \t":
        pos += 1
    for m in mentions.starting(pos, pos + 1):
        if m.kind == "platform":
            return m
    return None


def _the_company(body: str, sent: tuple[int, int], companies: SpanIndex[Mention]) -> Mention | None:
    """The company 'the company said' refers to: the last company named before the words."""
    said = THE_COMPANY.search(body, sent[0], sent[1])
    if said is None:
        return None
    return companies.last_within(0, said.start())


def attribute(source: Source, external: dict[str, ExternalSource], body: str, sent: tuple[int, int],
              unit: tuple[int, int], mentions: SpanIndex[Mention], *, companies: SpanIndex[Mention]) -> Attribution:
    """Attribution of the figures of sentence ``sent`` (within paragraph ``unit``), given the
    article's mentions and, among them, those of kind 'company' (an index of their own, so that
    'the company said' finds the last one named without a walk back through every mention).

    Order: an origin named in the sentence; a platform after it; 官方/official earlier in the
    paragraph (the primary source the article cites); else no origin, the article's tier.
    """
    m = explicit(body, sent[0], sent[1], mentions) or trailing(body, sent[1], mentions) or _the_company(body, sent, companies)
    if m is not None:
        origin = origin_id(m, source, external)
        if origin is not None or m.kind == "platform":
            return Attribution(origin=origin, said_by=None, tier=tier_of(origin, m, source, external))
        if m.kind in ("company", "vendor"):  # a named company outside the registry: its name, its kind's tier
            return Attribution(origin=None, said_by=m.name, tier=KIND_TIER[m.kind])
        if m.kind == "discovered":  # a name no lexicon knows: who said it, at the article's own tier (what it is, unknown)
            return Attribution(origin=None, said_by=m.name, tier=source.meta.tier.value)
    before = body[unit[0]:sent[1]].lower()
    if any(w in before for w in OFFICIAL):
        primary = next((c.source for c in source.meta.cites if c.relation == "primary-source"), None)
        if primary is not None:
            return Attribution(origin=primary, said_by=None, tier=tier_of(primary, None, source, external) if primary in external else "primary")
    return Attribution(origin=None, said_by=None, tier=source.meta.tier.value)
