"""The base of each figure read as a proportion or a rate (:mod:`verifier.quantities.proportions`).

    with_bases(body, claims) -> claims, each whose figure counts something of or per a base
                                carrying it in :attr:`~verifier.models.claim.Claim.base`

One step after the claims are made: the reader looks at the article's quantities and the words
between them, so a claim's base is whatever the text says around the figure it starts at.
"""

from __future__ import annotations

from verifier.models.claim import Base, Claim
from verifier.quantities.extract import article_quantities
from verifier.quantities.proportions import read_bases


def with_bases(body: str, claims: list[Claim]) -> list[Claim]:
    """``claims`` (in order), each whose figure starts a proportion or a rate given its base."""
    found = {b.count: b for b in read_bases(body, article_quantities(body))}
    if not found:
        return claims
    out = []
    for c in claims:
        b = found.get(c.anchor.start)
        if b is not None and c.base is None and c.value.number is not None:
            c = c.model_copy(update={"base": Base(kind=b.kind, size=b.size, noun=b.noun, whole=b.whole, event=b.event,
                                                  every=b.every, start=b.start, end=max(b.end, b.start + 1))})
        out.append(c)
    return out
