"""Claim extraction: propose claim records for an article (issue 3, step 2).

Public API: :func:`extract_claims` (one article -> proposed :class:`~verifier.models.claim.Claim`
records), :func:`verifier.extract.merge.merge_records` (fold proposals into a records file
without losing human work), and :func:`extract_corpus` (a corpus with extracted records).
"""

from __future__ import annotations

from .claims import extract_claims

__all__ = ["extract_claims"]
