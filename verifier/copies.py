"""Detecting articles that copy each other's text, by overlap of character shingles.

Two outlets that run the same wire copy, or a blog that pastes a newspaper's paragraphs, are
one origin for corroboration, however many times the text is republished. Copies are found
without any language model: each body is normalised (Unicode NFKC, case folded, runs of
whitespace collapsed to one space), cut into overlapping character *shingles* of
:data:`SHINGLE_SIZE` characters, and two texts are copies when the share of the smaller
text's shingles found in the larger (*containment*) reaches :data:`COPY_THRESHOLD`.

Character shingles work the same for Chinese (no word boundaries) and English, and
containment (rather than Jaccard) catches an article that copies part of a longer one.
"""

from __future__ import annotations

import re
import unicodedata
from typing import Mapping

SHINGLE_SIZE = 5
"""Characters per shingle. Five characters are about one English word or two to three Chinese
words: long enough that two independent texts on one topic share few of them, short enough
that light edits (a changed figure, a reworded clause) leave most shingles of a copy intact.
Source: the customary range for near-duplicate detection of short documents (Broder 1997 used
word shingles; character 5-grams are its usual equivalent for text without spaces)."""

COPY_THRESHOLD = 0.5
"""Containment at or above which two texts count as copies: at least half of the smaller
text's shingles occur in the larger. Independent reports on one event, which share names and
figures but not sentences, stay far below it (typically under 0.15); a lightly edited copy
stays far above (over 0.8). The middle value keeps both errors unlikely."""

_SPACE = re.compile(r"\s+")  # any run of whitespace, collapsed to one space


def normalise(text: str) -> str:
    """NFKC, case-folded, whitespace-collapsed, stripped text (full-width forms become ASCII)."""
    return _SPACE.sub(" ", unicodedata.normalize("NFKC", text).casefold()).strip()


def shingles(text: str, size: int = SHINGLE_SIZE) -> frozenset[str]:
    """The set of ``size``-character substrings of the normalised ``text``.

    A text shorter than ``size`` (after normalisation) is its own single shingle; an empty
    text has none.

    Raises:
        ValueError: ``size`` is not positive.
    """
    if size < 1:
        raise ValueError(f"shingle size must be positive, not {size}")
    norm = normalise(text)
    if len(norm) <= size:
        return frozenset([norm]) if norm else frozenset()
    return frozenset(norm[i:i + size] for i in range(len(norm) - size + 1))


def containment(a: frozenset[str], b: frozenset[str]) -> float:
    """Share of the smaller set found in the larger, in [0, 1]; 0 when either is empty."""
    if not a or not b:
        return 0.0
    return len(a & b) / min(len(a), len(b))


def jaccard(a: frozenset[str], b: frozenset[str]) -> float:
    """|a ∩ b| / |a ∪ b| in [0, 1]; 0 when both are empty."""
    union = len(a | b)
    return len(a & b) / union if union else 0.0


def copy_groups(texts: Mapping[str, str], threshold: float = COPY_THRESHOLD, size: int = SHINGLE_SIZE) -> list[list[str]]:
    """Groups of text ids that copy one another (connected by containment >= ``threshold``).

    Args:
        texts: id -> text (an article body).
        threshold: containment at or above which two texts are copies.
        size: shingle size in characters.

    Returns:
        Groups of two or more ids, each sorted, the groups sorted by their first id. Copying is
        taken as transitive: if A copies B and B copies C, all three are one group.
    """
    ids = sorted(texts)
    sets = {i: shingles(texts[i], size) for i in ids}
    parent = {i: i for i in ids}

    def root(i: str) -> str:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    for n, a in enumerate(ids):
        for b in ids[n + 1:]:
            if containment(sets[a], sets[b]) >= threshold:
                parent[root(b)] = root(a)
    groups: dict[str, list[str]] = {}
    for i in ids:
        groups.setdefault(root(i), []).append(i)
    return sorted((g for g in groups.values() if len(g) > 1), key=lambda g: g[0])
