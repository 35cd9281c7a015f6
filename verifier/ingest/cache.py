"""A cache of validated claim records, keyed by the content of the records file.

Parsing YAML costs about 0.6 ms a claim (PyYAML builds Python objects in Python); a corpus
of a few thousand records is read in seconds on every run. The cache keeps each file's
validated records as JSON under a key made of the file's text and the record schema, so an
edited file or a new version of the schema is simply a miss: nothing stale is ever used.

Location: ``records-1/`` in the cache folder (:mod:`verifier.ingest.cache_folder`: a folder
others may write is refused; ``VERIFIER_CACHE_DIR=off`` turns it off), its folders 0700 and
files 0600. A cache that cannot be read or written is ignored (the run reads the YAML as
without one).
"""

from __future__ import annotations

import hashlib
import json
from functools import lru_cache
from pathlib import Path
from typing import Any

from verifier.ingest import cache_folder

FORMAT = "records-1"
"""Bumped when the cache layout changes."""


@lru_cache(maxsize=1)
def _folder() -> Path | None:
    return cache_folder.folder(FORMAT)


@lru_cache(maxsize=1)
def _schema_digest() -> str:
    from verifier.models.claim import Claim

    return hashlib.sha1(json.dumps(Claim.model_json_schema(), sort_keys=True).encode()).hexdigest()[:16]


def key_of(text: str) -> str:
    """Cache key of a records file's text (its content and the record schema)."""
    return hashlib.sha1((_schema_digest() + "\0" + text).encode("utf-8")).hexdigest()


def get(key: str) -> Any | None:
    """The cached value for ``key``, or None (missing, unreadable, cache off)."""
    folder = _folder()
    if folder is None:
        return None
    try:
        return json.loads((folder / key[:2] / (key + ".json")).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None


def put(key: str, value: Any) -> None:
    """Store ``value`` (JSON-able) under ``key``; failures are ignored."""
    folder = _folder()
    if folder is None:
        return
    try:
        path = folder / key[:2] / (key + ".json")
        cache_folder.make_private(path.parent)
        cache_folder.write_private(path, json.dumps(value, ensure_ascii=False).encode("utf-8"))
    except OSError:
        pass
