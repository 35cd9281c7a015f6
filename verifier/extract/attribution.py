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
from typing import Final

from verifier.extract.lexicon import ORIGIN_KINDS, Mention
from verifier.extract.spans import SpanIndex
from verifier.models.claim import Attribution
from verifier.models.source import ExternalSource, Source

SAY_AFTER: Final = re.compile(
    r"^\s*(?:的)?(?:官方|公司|团队)?\s*"
    r"(?:表示|称|说|披露|指出|强调|认为|透露|宣布|公布|显示|估计|估算|预计|报道|援引|给出|提供"
    r"|said|says|reported|reports|estimated|estimates|claims|claimed|found|announced|disclosed|stated)"
)
"""A verb of saying right after the origin's name: 'OpenAI表示', 'Omdia said'."""

SAY_BEFORE: Final = re.compile(r"(?:据|根据|援引|来自|按照|according to|per|citing|cited by)\s*$", re.IGNORECASE)
"""A preposition right before the origin's name: '据微博', 'according to Omdia'."""

OFFICIAL: Final = ("官方", "official", "厂商公布", "vendor's own")
"""Words that point a figure at the article's primary source (its ``cites`` with relation
primary-source)."""

KIND_TIER: Final = {"platform": "social", "analyst": "estimate", "outlet": "secondary", "company": "primary", "vendor": "primary", "person": "estimate"}
"""Tier of an origin missing from the registry, by the kind of its lexicon entry
(see ``verifier/models/tier.py`` for the ladder)."""


def slug(name: str) -> str:
    """'Yole Group' -> 'yole-group'; '微博' stays as is (ids of Chinese sources are pinyin)."""
    return re.sub(r"[^0-9a-z]+", "-", name.casefold()).strip("-")


def origin_id(mention: Mention, source: Source, external: dict[str, ExternalSource]) -> str | None:
    """Registry id of the origin named by ``mention``, or None when no cited id fits."""
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
    return None


def tier_of(origin: str | None, mention: Mention | None, source: Source, external: dict[str, ExternalSource]) -> str:
    """Tier of ``origin`` (registry, then kind of the mention), else the article's own tier."""
    if origin and origin in external:
        return external[origin].tier.value
    if origin and mention is not None and mention.kind in KIND_TIER:
        return KIND_TIER[mention.kind]
    return source.meta.tier.value


def explicit(body: str, start: int, end: int, mentions: SpanIndex[Mention]) -> Mention | None:
    """The origin a sentence ``body[start:end]`` names with a verb or preposition of saying."""
    for m in mentions.within(start, end):
        if m.kind not in ORIGIN_KINDS:
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


def attribute(source: Source, external: dict[str, ExternalSource], body: str, sent: tuple[int, int],
              unit: tuple[int, int], mentions: SpanIndex[Mention]) -> Attribution:
    """Attribution of the figures of sentence ``sent`` (within paragraph ``unit``), given the
    article's mentions.

    Order: an origin named in the sentence; a platform after it; 官方/official earlier in the
    paragraph (the primary source the article cites); else no origin, the article's tier.
    """
    m = explicit(body, sent[0], sent[1], mentions) or trailing(body, sent[1], mentions)
    if m is not None:
        origin = origin_id(m, source, external)
        if origin is not None or m.kind == "platform":
            return Attribution(origin=origin, said_by=None, tier=tier_of(origin, m, source, external))
    before = body[unit[0]:sent[1]].lower()
    if any(w in before for w in OFFICIAL):
        primary = next((c.source for c in source.meta.cites if c.relation == "primary-source"), None)
        if primary is not None:
            return Attribution(origin=primary, said_by=None, tier=tier_of(primary, None, source, external) if primary in external else "primary")
    return Attribution(origin=None, said_by=None, tier=source.meta.tier.value)
