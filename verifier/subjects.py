"""Resolving a subject name typed by a user to the canonical names of the records.

``--subject 'gb 200'`` should find ``GB200`` and ``jalapeno`` should find ``Jalapeño``: names
are compared after :func:`fold` (accents stripped, case folded, everything but letters and
digits dropped); failing an exact folded match, a close one is accepted when rapidfuzz's
``WRatio`` score reaches :data:`ACCEPT_SCORE` and no other name scores as well.
"""

from __future__ import annotations

import unicodedata
from typing import Iterable

from rapidfuzz import fuzz, process

from verifier.errors import UsageError

ACCEPT_SCORE = 90.0
"""rapidfuzz WRatio (0-100) at or above which a folded name counts as a spelling of a subject.
90 accepts one slip in a name of ten characters or more ('Jalapeo') and rejects a different
model number ('GB300' for 'GB200' scores 80)."""

SUGGESTIONS = 3
"""How many close names an unknown-subject error suggests."""


class UnknownSubject(UsageError):
    """A ``--subject`` that names no subject of the corpus; the message suggests close names."""


def fold(name: str) -> str:
    """'Jalapeño' -> 'jalapeno', 'GB 200' -> 'gb200': NFKD, accents dropped, case folded, alphanumerics only."""
    decomposed = unicodedata.normalize("NFKD", name)
    return "".join(ch for ch in decomposed.casefold() if ch.isalnum() and not unicodedata.combining(ch))


def match_subject(query: str, names: Iterable[str]) -> list[str]:
    """Canonical subject names that ``query`` designates.

    Args:
        query: what the user typed.
        names: the canonical subject names of the corpus.

    Returns:
        The names whose folded form equals the query's (usually one), else the single
        best fuzzy match.

    Raises:
        UnknownSubject: nothing matches closely enough; the message names the closest subjects.
    """
    names = sorted(set(names))
    key = fold(query)
    exact = [n for n in names if fold(n) == key and key]
    if exact:
        return exact
    folded = {n: fold(n) for n in names}
    scored = process.extract(key, folded, scorer=fuzz.WRatio, limit=max(SUGGESTIONS, 2)) if key else []
    scored = sorted(scored, key=lambda t: (-t[1], t[2]))
    if scored and scored[0][1] >= ACCEPT_SCORE and (len(scored) == 1 or scored[1][1] < scored[0][1]):
        return [scored[0][2]]
    close = ", ".join(t[2] for t in scored[:SUGGESTIONS]) or "none"
    raise UnknownSubject(f"unknown subject {query!r} (closest: {close})")
