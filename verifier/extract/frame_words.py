"""The general vocabulary of frames, one data file per language, read once.

``verifier/data/frames/en.yaml`` and ``zh.yaml`` hold the grammar words that end or link a
measured thing and a holder (determiners, linking verbs, time words, Chinese linking words and
measure heads...). Each key is a list of words (read as a frozenset) or a mapping of words to
labels (read as a dict). Words kept elsewhere are reused, not copied here: speech verbs
(:mod:`.attribution`), sentence openers and month names (:data:`.lexicon.STOP_WORDS`),
approximation words (:mod:`verifier.quantities.approx`), classifiers
(:data:`verifier.quantities.scan.CLASSIFIERS`).

Shape::

    words("en")["linking_verbs"] -> frozenset({"rose", "fell", "was", ...})
    words("en")["owner_prepositions"] -> {"for": "for phrase", "at": "for phrase", "in": "in phrase"}
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Final

FRAMES_DIR: Final = Path(__file__).resolve().parents[1] / "data" / "frames"
"""Folder of the per-language word files (``<lang>.yaml``)."""

LANGUAGES: Final = ("en", "zh")


@lru_cache(maxsize=len(LANGUAGES))
def words(lang: str) -> dict[str, frozenset[str] | dict[str, str]]:
    """The word tables of language ``lang`` ("en" or "zh"), read once per process.

    Raises:
        ValueError: ``lang`` is not one of :data:`LANGUAGES`, or a table is neither a list nor
            a mapping of words.
    """
    if lang not in LANGUAGES:
        raise ValueError(f"no frame words for language {lang!r} (one of {', '.join(LANGUAGES)})")
    from verifier.ingest.yamlio import load_table

    raw = load_table(FRAMES_DIR / f"{lang}.yaml") or {}
    out: dict[str, frozenset[str] | dict[str, str]] = {}
    for key, table in raw.items():
        if isinstance(table, list):
            out[key] = frozenset(str(w) for w in table)
        elif isinstance(table, dict):
            out[key] = {str(k): str(v) for k, v in table.items()}
        else:
            raise ValueError(f"{lang}.yaml: {key} must be a list or a mapping of words")
    return out
