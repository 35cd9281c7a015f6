"""The claim store's manifest, ``DIR/store.json``: what marks a folder as a store, and what it holds.

    {"format": "verifier-claim-store", "store_version": "1", "verifier_version": "0.1.0",
     "report_schema_version": "1.1", "created": "2027-01-05T10:12:03Z",
     "partition_key": "unit_group", "partitions": {"count": 81, "power": 29, ...},
     "counts": {"claims": 193, "sources": 5, "findings": 6, "facts": 88},
     "tables": {"claims": "claims/unit_group=*/part-0.parquet", "sources": "sources.parquet",
                "findings": "findings.parquet"}}

Only a folder whose ``store.json`` says ``"format": "verifier-claim-store"`` is replaced by a
new store (:func:`verifier.store.write.write_store`); any other folder with files in it is refused.
"""

from __future__ import annotations

import datetime as dt
import json
from pathlib import Path
from typing import Any, Final

from verifier.errors import InputError

MANIFEST: Final = "store.json"
"""File name of the manifest inside the store folder."""

FORMAT: Final = "verifier-claim-store"
"""The manifest's ``format``: what tells a store from any other folder."""

TABLE_FILES: Final = {"claims": "claims/{key}=*/part-0.parquet", "sources": "sources.parquet", "findings": "findings.parquet"}
"""Where each table's Parquet files are, relative to the store folder (``{key}``: the partition key)."""


def build_manifest(counts: dict[str, int], partitions: dict[str, int], partition_key: str, store_version: str) -> dict[str, Any]:
    """The manifest of a store being written now (UTC, to the second).

    Args:
        counts: rows per table, and ``facts``: distinct fact keys.
        partitions: claims per partition value, sorted by value.
    """
    from verifier import __version__
    from verifier.models.report import SCHEMA_VERSION

    return {
        "format": FORMAT, "store_version": store_version, "verifier_version": __version__,
        "report_schema_version": SCHEMA_VERSION,
        "created": dt.datetime.now(dt.timezone.utc).replace(microsecond=0).isoformat().replace("+00:00", "Z"),
        "partition_key": partition_key, "partitions": dict(sorted(partitions.items())), "counts": counts,
        "tables": {name: path.format(key=partition_key) for name, path in TABLE_FILES.items()},
    }


def is_store(directory: Path) -> bool:
    """True when ``directory`` holds a manifest of :data:`FORMAT` (an unreadable one is no store's)."""
    try:
        return json.loads((directory / MANIFEST).read_text(encoding="utf-8")).get("format") == FORMAT
    except (OSError, ValueError, AttributeError):
        return False


def read_manifest(directory: Path) -> dict[str, Any]:
    """The manifest of the store in ``directory``.

    Raises:
        InputError: ``directory`` is no store (no readable ``store.json`` of :data:`FORMAT`),
            as ``DIR: not a verifier claim store (no store.json); write one with verifier audit --store DIR``.
    """
    if not is_store(directory):
        raise InputError(str(directory), None, f"not a verifier claim store (no {MANIFEST}); write one with `verifier audit --store {directory}`")
    return json.loads((directory / MANIFEST).read_text(encoding="utf-8"))
