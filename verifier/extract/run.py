"""The state of one article's extraction: what every claim stage reads and adds to.

    Run(source, external, mentions, subjects, models, memo, aliases, ...) -> run.claims, run.open

:func:`verifier.extract.claims.extract_claims` makes one :class:`Run` per pass over an article's
sentences and hands it to each claim stage (:mod:`.owners`, :mod:`.actors`, :mod:`.families`,
:mod:`.changes`, :mod:`.portions`, :mod:`.open_claims`, :mod:`.build`). It lives in a module of
its own, which imports none of those stages, so that they depend on it and on nothing above
them: :mod:`.claims` is the one module that imports the stages.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from verifier.extract.lexicon import Mention
from verifier.extract.scope import Models
from verifier.extract.spans import SpanIndex
from verifier.extract.subjects import ArticleSubjects
from verifier.models.claim import Claim
from verifier.models.source import ExternalSource, Source


def anchor_start(c: Claim) -> int:
    """Where a claim's anchor starts (character offset in the article body): the key
    :attr:`Run.claims` is indexed by."""
    return c.anchor.start


@dataclass
class Run:
    """State of one article's extraction. Mentions, subject mentions, models and claims are held
    in :class:`SpanIndex` instances, so that each figure looks only at its own sentence or
    paragraph (linear time in the article's length).

    Attributes:
        source, external: the article and the registry of external sources (for origin tiers).
        mentions: every name mention of the article; ``subjects``: those that can hold a figure.
        models: the AI models the article names (the ``model`` scope).
        memo: per-article memory of subjects (main subject, comparison set, recent subjects).
        aliases: short name -> full name, as the article introduces them.
        generic: names of the lexicon's generic entries; ``companies``: company names of the
            article, with ``company_mentions`` their mentions.
        claims: the claims proposed so far with a holder, by anchor start.
        open: claims of figures no holder was accepted for (:mod:`.open_claims`), kept apart so
            that the subject path's look-backs (the previous claim, the sentence's comparison)
            see only held ones.
        last: the last held claim (other than a date) of each unit, by ``id`` of the unit.
        spans: the (start, end) offsets of the current sentence's figures.
    """

    source: Source
    external: dict[str, ExternalSource]
    mentions: SpanIndex[Mention]
    subjects: SpanIndex[Mention]
    models: Models
    memo: ArticleSubjects
    aliases: dict[str, str]
    generic: frozenset[str] = frozenset()
    companies: frozenset[str] = frozenset()
    company_mentions: SpanIndex[Mention] = field(default_factory=SpanIndex)
    claims: SpanIndex[Claim] = field(default_factory=lambda: SpanIndex(start=anchor_start))
    open: list[Claim] = field(default_factory=list)
    last: dict[int, Claim] = field(default_factory=dict)
    spans: list[tuple[int, int]] = field(default_factory=list)
