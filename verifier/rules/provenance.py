"""V4xx: provenance, citations and evidence tiers of sources and claims."""

from __future__ import annotations

from typing import Iterator

from verifier.models.finding import Finding
from verifier.models.tier import rank
from verifier.rules.context import Context
from verifier.rules.registry import rule


@rule("V401", "unknown-origin", "A claim is attributed to a source that is neither an article nor in the external registry.")
def unknown_origin(ctx: Context) -> Iterator[Finding]:
    """``attribution.origin`` must name an article of the corpus or an entry of
    ``sources/external.yaml``, so that every attribution points at a record with a tier.

    Okay: origin "openai-blog" listed in the registry.
    V401: origin "opanai-blog" (a typo).
    """
    me = unknown_origin.rule
    sources, external = ctx.corpus.sources, ctx.corpus.external  # looked up, never joined: a group's claims are checked beside every article
    for c in ctx.corpus.claims:
        origin = c.attribution.origin
        if origin is not None and origin not in sources and origin not in external:
            yield me.finding(f"{c.id} is attributed to {origin!r}, which is not an article or a registered external source", claims=[c.id], **ctx.location(c))


@rule("V402", "unknown-citation", "An article or external source cites an id that is not recorded.")
def unknown_citation(ctx: Context) -> Iterator[Finding]:
    """Every ``cites`` entry in front matter or in the external registry must point at an
    article or a registered external source.

    Okay: an article citing "semianalysis", which the registry lists.
    V402: an article citing "semi-analysis".
    """
    me = unknown_citation.rule
    known = ctx.corpus.sources.keys() | ctx.corpus.external.keys()
    for src in ctx.corpus.sources.values():
        for cite in src.meta.cites:
            if cite.source not in known:
                yield me.finding(f"{src.id} cites {cite.source!r}, which is not an article or a registered external source",
                                 source=src.id, path=src.path, line=None)
    for ext in ctx.corpus.external.values():
        for cite in ext.cites:
            if cite.source not in known:
                yield me.finding(f"external source {ext.id} cites {cite.source!r}, which is not recorded", source=None)


@rule("V403", "tier-above-origin", "A claim's evidence tier is stronger than the tier of the origin it is attributed to.", severity="info")
def tier_above_origin(ctx: Context) -> Iterator[Finding]:
    """A figure cannot be better evidenced than where it comes from: a claim attributed to a
    social post cannot be ``primary``. The claim's tier must be the origin's or weaker.

    Severity info: the record's tier label is at fault, not the figure (the evidence status
    of a fact reads the origin's own tier, :mod:`verifier.corroboration`).

    Okay: a figure attributed to the vendor's blog (primary) recorded as primary.
    V403: a figure attributed to a Weibo post (social) recorded as primary.
    """
    me = tier_above_origin.rule
    for c in ctx.corpus.claims:
        origin_tier = ctx.corpus.tier_of(c.attribution.origin)
        if origin_tier is not None and rank(c.attribution.tier) < rank(origin_tier):
            yield me.finding(f"{c.id} is recorded as {c.attribution.tier.value} but its origin {c.attribution.origin} is {origin_tier.value}",
                             claims=[c.id], **ctx.location(c))


@rule("V404", "unattributed-primary", "A claim is recorded as primary or independent evidence, but neither its record nor its own article is its origin.",
      severity="info")
def unattributed_primary(ctx: Context) -> Iterator[Finding]:
    """A primary or independent tier says who measured the figure; when neither the record
    nor its article says who that was, the reader cannot follow it there.

    The origin is the one :meth:`~verifier.rules.context.Context.origin_of` gives: the
    attribution's origin, else the claim's own article when that article is as strong as the
    claim's tier. A primary article's own figures are their own origin (a vendor's page
    stating the vendor's numbers), so only a figure that an article of a weaker tier relays as
    primary or independent, without naming from whom, is reported. A claim that names who
    said it (``said_by``, as extraction records '据中车华岳介绍') names its origin, even when
    the registry does not list it.

    Severity info: this is about provenance, not about the figure; nothing says it is wrong.

    Okay: tier primary with origin "openai-blog"; tier primary said by "中车华岳"; tier primary in a primary article.
    V404: tier primary with no origin, in a secondary article.
    """
    me = unattributed_primary.rule
    for c in ctx.corpus.claims:
        if rank(c.attribution.tier) <= 2 and not c.attribution.said_by and ctx.origin_of(c) is None:
            carrier = ctx.corpus.tier_of(c.source)
            article = f", and its article {c.source} is {carrier.value}" if carrier is not None else ""
            yield me.finding(f"{c.id} is {c.attribution.tier.value} evidence but names no origin{article}", claims=[c.id], **ctx.location(c))
