"""Claim extraction: propose claim records for an article (issue 3, step 2).

Public API: :func:`extract_claims` (one article -> proposed :class:`~verifier.models.claim.Claim`
records), :func:`verifier.extract.merge.merge_records` (fold proposals into a records file
without losing human work), and :func:`verifier.extract.corpus.extract_missing` (a corpus
loaded by :mod:`verifier.ingest`, with proposals for the articles that have no records).

Extraction is a straight sequence of stages, each a function of what the stages above it gave
(:func:`.claims.extract_claims` runs them for one article; the document and quantities stages
depend on nothing but the body, so it may read figures before it segments)::

    Source ──document──> [Unit] -> [Sentence]
           ──quantities─> [Figure]                       (each holding a Quantity)
           ──frames─────> Reading, [Mention], Decided     (what, whose, measured what)
           ──claims─────> [Claim]                          (status 'proposed')
           ──derivations> [Claim]                          (the derived ones linked to operands)

1. **document**: :class:`~verifier.models.source.Source` (from :mod:`verifier.ingest`: its
   ``body`` with offsets into the file) -> :func:`.segment.segment` ``(body, markdown, tables) -> list[Unit]``
   (paragraphs, list items, table rows with their cells and headings) ->
   :func:`.segment.sentences` ``(body, unit) -> list[Sentence]`` (character offsets in ``body``).
2. **quantities**: ``body`` -> :func:`.context.article_figures` ``(body) -> list[Figure]``: the
   :class:`verifier.quantities.Quantity` values of the text (:func:`verifier.quantities.extract`),
   each with the number as printed, its approximation word and, for a date, its ISO form.
3. **frames** of each figure in its sentence: what it measures,
   :func:`.metrics.read` ``-> Reading | None`` (metric, unit, kind, relation); the names around it,
   :meth:`.lexicon.Lexicon.find` and :func:`.lexicon.discover` ``-> list[Mention]``
   (lexicon from :func:`.lexicon_files.load_lexicon`); its holder,
   :func:`.holders.holder_candidates` ``-> list[Decided]``; its measured thing,
   :func:`.measured.measured_thing` ``-> Decided | None``; and its scope (:mod:`.scope`).
4. **claims**: a figure with its frames -> :func:`.build.build_claim` ``-> Claim | None``, through
   the claim stages that settle subject and comparison target (:mod:`.owners`, :mod:`.actors`,
   :mod:`.families`, :mod:`.changes`, :mod:`.portions`) or leave the figure open
   (:mod:`.open_claims`). They share one per-article state, :class:`.run.Run` (mentions, claims so
   far), defined below them all; :mod:`.claims` is the only module that imports them.
5. **derivations**: ``(body, sentences, figures, claims)`` -> :func:`.derived_claims.link`
   ``-> list[Claim]``: the same claims, a derived one (a change, a share, a multiple, a sum) with
   :class:`~verifier.models.claim.Derived` naming its operands by claim id
   (structure from :func:`.derivations.derivations`).

Over a corpus, :func:`.corpus.extract_missing` maps :func:`extract_claims` over the articles
without records and gives one product one name across them (:func:`.corpus_names.unify_subjects`).
:mod:`verifier.ingest` never imports this package (``tests/test_house.py``).
"""

from __future__ import annotations

__all__ = ["extract_claims"]


def __getattr__(name: str) -> object:
    """``extract_claims``, imported on first use (PEP 562): a module that needs one table of
    this package (``verifier.extract.derivations``) does not load the whole pipeline."""
    if name == "extract_claims":
        from .claims import extract_claims

        return extract_claims
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
