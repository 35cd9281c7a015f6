"""Write the claim store of an audit: Parquet files under one folder, replaced whole or not at all.

Layout (Hive style, so DuckDB, pyarrow, Spark or polars read the partition column from the path)::

    DIR/store.json                                manifest (verifier.store.manifest)
    DIR/sources.parquet                           one row per article
    DIR/findings.parquet                          one row per finding, in report order
    DIR/claims/unit_group=<group>/part-0.parquet  the claims of one unit group, in report order

The columns are :mod:`verifier.store.schema`'s. The store is written into a temporary folder
beside ``DIR`` and renamed into place: a failed run leaves the old store (or nothing) and no
half-written files. An existing ``DIR`` is replaced only when it is a store (its
``store.json``) or empty; any other folder with files in it is refused before any work
(:func:`plan_store`).
"""

from __future__ import annotations

import json
import os
import shutil
import tempfile
from collections import defaultdict
from pathlib import Path
from typing import Any

import pyarrow as pa
import pyarrow.parquet as pq

from verifier.errors import InputError
from verifier.ingest.corpus import Corpus
from verifier.models.report import Report
from verifier.store.manifest import MANIFEST, build_manifest, is_store
from verifier.store.rows import claim_rows, finding_rows, source_rows
from verifier.store.schema import PARTITION_KEY, STORE_VERSION, file_schema

COMPRESSION = "zstd"
"""Parquet compression of every file (read by DuckDB, pyarrow, Spark and polars alike)."""


def plan_store(directory: Path) -> Path:
    """Refuse a ``directory`` that cannot take a store, before the work that fills it.

    Returns:
        The folder to write: ``directory`` with symbolic links resolved (a link to a store
        stays a link; its target is replaced).

    Raises:
        InputError: as ``DIR: cannot write the store: reason``, when ``DIR`` is a file, a
            folder with files in it that is not a store, or in a folder that does not exist or
            cannot be written.
    """
    target = directory.resolve()
    if target.exists() and not target.is_dir():
        raise _refused(directory, "not a folder")
    if target.is_dir() and not is_store(target) and any(target.iterdir()):
        raise _refused(directory, f"a folder with files in it and no {MANIFEST} (not a verifier store); name a new or empty folder")
    if not target.parent.is_dir():
        raise _refused(directory, f"no such folder {target.parent}")
    if not os.access(target.parent, os.W_OK | os.X_OK):
        raise _refused(directory, f"permission denied in {target.parent}")
    return target


def _refused(directory: Path, why: str) -> InputError:
    return InputError(str(directory), None, f"cannot write the store: {why}")


def write_store(report: Report, corpus: Corpus, directory: Path) -> dict[str, Any]:
    """Write the store of ``report`` (made of ``corpus``) to ``directory``, replacing a store there.

    Returns:
        The manifest written (:func:`verifier.store.manifest.build_manifest`).

    Raises:
        InputError: ``directory`` is refused (:func:`plan_store`) or the files cannot be
            written (a full disk, permissions), as ``DIR: cannot write the store: reason``;
            nothing is left behind and a store that was there is kept.
    """
    target = plan_store(directory)
    claims = claim_rows(report, corpus)
    groups: dict[str, list[dict]] = defaultdict(list)
    for row in claims:
        groups[row.pop(PARTITION_KEY)].append(row)
    counts = {"claims": len(claims), "sources": len(report.sources), "findings": len(report.findings),
              "facts": len({r["fact_key"] for r in claims if r["fact_key"] is not None})}
    manifest = build_manifest(counts, {g: len(rows) for g, rows in groups.items()}, PARTITION_KEY, STORE_VERSION)
    temp = Path(tempfile.mkdtemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent))
    try:
        os.chmod(temp, _folder_mode(target))  # mkdtemp's 0700 would hide the store from the analysts it is for
        _table(temp / "sources.parquet", "sources", source_rows(report))
        _table(temp / "findings.parquet", "findings", finding_rows(report))
        for group, rows in sorted(groups.items()):
            (temp / "claims" / f"{PARTITION_KEY}={group}").mkdir(parents=True)
            _table(temp / "claims" / f"{PARTITION_KEY}={group}" / "part-0.parquet", "claims", rows)
        (temp / MANIFEST).write_text(json.dumps(manifest, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
        _swap(temp, target)
    except OSError as err:
        raise _refused(directory, err.strerror or str(err)) from None
    finally:
        shutil.rmtree(temp, ignore_errors=True)  # gone already after a swap
    return manifest


def _folder_mode(target: Path) -> int:
    """The permission bits of the store folder: those of the store it replaces, else a new
    folder's (0777 less the umask)."""
    if target.is_dir():
        return target.stat().st_mode & 0o7777
    umask = os.umask(0)
    os.umask(umask)
    return 0o777 & ~umask


def _table(path: Path, name: str, rows: list[dict]) -> None:
    pq.write_table(pa.Table.from_pylist(rows, schema=file_schema(name)), path, compression=COMPRESSION)


def _swap(new: Path, target: Path) -> None:
    """Put folder ``new`` at ``target``: the old store (or empty folder) is moved aside, ``new``
    renamed into its place, the old one removed. Should the rename fail, the old one is put back.
    Renames within one folder: the store is never seen half-written."""
    if not target.exists():
        os.rename(new, target)
        return
    aside = Path(tempfile.mkdtemp(prefix=f".{target.name}.", suffix=".old", dir=target.parent))
    os.rename(target, aside / "store")
    try:
        os.rename(new, target)
    except OSError:
        os.rename(aside / "store", target)
        raise
    finally:
        shutil.rmtree(aside, ignore_errors=True)
