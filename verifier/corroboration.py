"""Independent corroboration: how many independent origins stand behind each fact, and its status.

Ten articles repeating a vendor's blog are one origin, not ten. Every claim has an *origin
node*: the source its attribution names, or, for an unattributed figure, the article that
prints it. Its *ancestry* is that node plus everything upstream of it:

* an external source relays what it cites as ``primary-source``, ``attributes``, ``quotes``
  or ``copies`` (:data:`RELAYS_EXTERNAL`): the registry cannot say which figures came from
  where, so all of them are assumed to;
* an article relays only what it is built on (``primary-source``) or ``copies``
  (:data:`RELAYS_ARTICLE`): its ``attributes`` and ``quotes`` citations concern particular
  figures, and those are recorded on the claims themselves;
* articles whose bodies copy one another (:mod:`verifier.copies`) share one ancestor;
* every ancestry that reaches a ``primary`` source shares one ancestor, the fact's owner:
  by the tier's definition a primary source is the party that owns the fact, so two primary
  origins (a blog post and a keynote) are the owner speaking twice, not two confirmations.

Two claims are *dependent* when their ancestries meet; the independent *origin groups* of a
set of claims are the connected components of that relation. A group's tier is the
strongest tier in its ancestry, so a third party relaying the vendor's numbers counts as the
vendor. ``cites`` and ``cross-check`` citations never make claims dependent.

The evidence status of a fact (:class:`Status`) is decided in :mod:`verifier.factsheet` with
:func:`support_status`; the ladder is documented on :class:`Status`.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from functools import cached_property

from verifier.copies import copy_groups
from verifier.ingest.corpus import Corpus
from verifier.models.claim import Claim
from verifier.models.tier import Tier, rank

RELAYS_EXTERNAL = frozenset({"primary-source", "attributes", "quotes", "copies"})
"""Citation relations through which an external source's figures are taken to come from the cited source."""

RELAYS_ARTICLE = frozenset({"primary-source", "copies"})
"""Citation relations through which all of an article's own (unattributed) figures come from the cited source."""

OWNER = "@owner"
"""Ancestor shared by every ancestry that reaches a primary source (the fact's owner)."""

COUNTED_TIERS = frozenset({Tier.primary, Tier.independent, Tier.secondary})
"""Tiers of origin groups that count towards corroboration. A social post or an estimate that
repeats a figure is shown, but is not evidence for it (IFCN practice: prefer primary sources
and say when a figure is relayed)."""


class Status(str, Enum):
    """Evidence status of a fact, from the ladder below (the first rule that applies wins).

    1. ``miscalculated``: every figure of the fact is flagged by an arithmetic rule (V1xx);
       nothing printed about it survives recomputation.
    2. ``contested``: the audit reports a contradiction among the fact's figures (a V2xx
       finding: figures from different sources that disagree at printed precision). The
       best-supported value is still shown; each dissenting figure says why it ranks lower,
       a lower tier included.
    3. ``independently-verified``: the best-supported value has an origin group whose
       strongest tier is ``independent``: a third party measured it, without relaying the
       owner's numbers.
    4. ``corroborated``: two or more independent origin groups of tier secondary or stronger
       give the best-supported value (the count is reported with it).
    5. ``primary-only``: the value rests on the owner's own word, however often relayed.
    6. ``single-secondary``: one origin, secondary or weaker (social, estimate); the tier is
       shown beside the status.
    """

    miscalculated = "miscalculated"
    contested = "contested"
    independently_verified = "independently-verified"
    corroborated = "corroborated"
    primary_only = "primary-only"
    single_secondary = "single-secondary"


@dataclass(frozen=True)
class OriginGroup:
    """Claims that share an origin, with the sources behind them.

    Attributes:
        origins: the origin nodes of the claims (attribution origin or carrying article), sorted.
        ancestry: every source upstream of those origins, sorted (without :data:`OWNER`).
        tier: the strongest tier found in the ancestry.
        claims: ids of the claims in the group, sorted.
    """

    origins: tuple[str, ...]
    ancestry: tuple[str, ...]
    tier: Tier
    claims: tuple[str, ...]


class Provenance:
    """Origins and ancestries of the claims of one corpus (computed lazily, cached).

    Args:
        corpus: the loaded corpus; article bodies are compared for copies once.
    """

    def __init__(self, corpus: Corpus) -> None:
        self.corpus = corpus
        self._ancestry: dict[str, frozenset[str]] = {}

    @cached_property
    def copies(self) -> dict[str, str]:
        """Article id -> token shared by all articles of its copy group (only articles in a group)."""
        groups = copy_groups({sid: s.body for sid, s in self.corpus.sources.items()})
        return {sid: "@copy:" + g[0] for g in groups for sid in g}

    def origin_of(self, claim: Claim) -> str:
        """The node a claim's figure comes from: its attribution's origin, else its article."""
        return claim.attribution.origin or claim.source

    def parents(self, node: str) -> list[str]:
        """Sources ``node`` relays figures from (see the module docstring), sorted."""
        if node in self.corpus.sources:
            cites, relays = self.corpus.sources[node].meta.cites, RELAYS_ARTICLE
        elif node in self.corpus.external:
            cites, relays = self.corpus.external[node].cites, RELAYS_EXTERNAL
        else:
            return []
        return sorted({c.source for c in cites if c.relation in relays})

    def ancestry(self, node: str) -> frozenset[str]:
        """``node`` and every source upstream of it (cycles are safe), plus copy and owner tokens."""
        if node in self._ancestry:
            return self._ancestry[node]
        seen: set[str] = set()
        stack = [node]
        while stack:
            n = stack.pop()
            if n in seen:
                continue
            seen.add(n)
            stack.extend(self.parents(n))
        tokens = set(seen) | {self.copies[n] for n in seen if n in self.copies}
        if any(self.corpus.tier_of(n) == Tier.primary for n in seen):
            tokens.add(OWNER)
        self._ancestry[node] = frozenset(tokens)
        return self._ancestry[node]

    def tier_of_claim_origin(self, claim: Claim) -> Tier:
        """Tier of the claim's origin node, or the claim's recorded tier when the origin is unknown."""
        return self.corpus.tier_of(self.origin_of(claim)) or claim.attribution.tier

    def groups(self, claims: list[Claim]) -> list[OriginGroup]:
        """Independent origin groups of ``claims``, strongest tier first, then by first origin."""
        items = sorted(claims, key=lambda c: c.id)
        tokens = [self.ancestry(self.origin_of(c)) for c in items]
        parent = list(range(len(items)))

        def root(i: int) -> int:
            while parent[i] != i:
                parent[i] = parent[parent[i]]
                i = parent[i]
            return i

        for i in range(len(items)):
            for j in range(i + 1, len(items)):
                if tokens[i] & tokens[j]:
                    parent[root(j)] = root(i)
        members: dict[int, list[int]] = {}
        for i in range(len(items)):
            members.setdefault(root(i), []).append(i)
        out = [self._group([items[i] for i in idx], [tokens[i] for i in idx]) for idx in members.values()]
        return sorted(out, key=lambda g: (rank(g.tier), g.origins))

    def _group(self, claims: list[Claim], tokens: list[frozenset[str]]) -> OriginGroup:
        ancestry = sorted({t for ts in tokens for t in ts if not t.startswith("@")})
        tiers = [t for t in (self.corpus.tier_of(n) for n in ancestry) if t is not None]
        tiers += [self.tier_of_claim_origin(c) for c in claims]
        return OriginGroup(
            origins=tuple(sorted({self.origin_of(c) for c in claims})), ancestry=tuple(ancestry),
            tier=min(tiers, key=rank), claims=tuple(sorted(c.id for c in claims)),
        )


def counted(groups: list[OriginGroup]) -> list[OriginGroup]:
    """The groups that count towards corroboration (tier in :data:`COUNTED_TIERS`)."""
    return [g for g in groups if g.tier in COUNTED_TIERS]


def support_status(groups: list[OriginGroup]) -> Status:
    """Status of an undisputed, correctly computed value from its origin groups (rungs 3-6 of :class:`Status`).

    Raises:
        ValueError: ``groups`` is empty (a value always has at least one origin).
    """
    if not groups:
        raise ValueError("a value has at least one origin group")
    if any(g.tier == Tier.independent for g in groups):
        return Status.independently_verified
    if len(counted(groups)) >= 2:
        return Status.corroborated
    if groups[0].tier == Tier.primary:
        return Status.primary_only
    return Status.single_secondary
