"""Claim records on disk: ``claims/<article-stem>.yaml``, a YAML list of claims.

Reading validates every record with :class:`~verifier.models.claim.Claim` and reports the
first bad one as ``path:line: field: message``. Writing is atomic (a temporary file in the
same folder, then ``os.replace``), so a failed run never leaves half a file.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pydantic import ValidationError

from verifier.errors import InputError, RecordError
from verifier.ingest.files import read_text, write_atomic
from verifier.ingest.yamlio import load_yaml, node_line, raise_validation, yaml_rt
from verifier.models.claim import Claim
from verifier.models.source import ExternalSource


def read_claims(path: Path, display: str | None = None) -> tuple[list[Claim], dict[str, int]]:
    """Read and validate one claims file.

    Returns:
        (claims in file order, {claim id: 1-based line of its record}).

    Raises:
        InputError: unreadable or invalid YAML, or not a list.
        RecordError: a record fails validation, or an id repeats within the file.
    """
    shown = display or str(path)
    doc, root = _load(path, shown)
    if doc is None:
        return [], {}
    if not isinstance(doc, list):
        raise InputError(shown, 1, "a claims file must be a YAML list of records (lines starting with '- id:')")
    claims: list[Claim] = []
    lines: dict[str, int] = {}
    for i, (item, node) in enumerate(zip(doc, root.value)):
        line = node_line(node)
        try:
            claim = Claim.model_validate(item)
        except ValidationError as err:
            raise_validation(err, node, shown, loc_prefix=(i,), label=_record_label(item, i))
        if claim.id in lines:
            raise RecordError(shown, line, f"duplicate claim id {claim.id!r} (first at line {lines[claim.id]})")
        claims.append(claim)
        lines[claim.id] = line or 0
    return claims, lines


def read_external(path: Path, display: str | None = None) -> list[ExternalSource]:
    """Read the registry of external sources (a YAML list).

    Raises:
        InputError: unreadable or invalid YAML, or not a list.
        RecordError: an entry fails validation or an id repeats.
    """
    shown = display or str(path)
    doc, root = _load(path, shown)
    if doc is None:
        return []
    if not isinstance(doc, list):
        raise InputError(shown, 1, "the external-source registry must be a YAML list of entries")
    out: list[ExternalSource] = []
    seen: set[str] = set()
    for i, (item, node) in enumerate(zip(doc, root.value)):
        try:
            ext = ExternalSource.model_validate(item)
        except ValidationError as err:
            raise_validation(err, node, shown, loc_prefix=(i,), schema="external", label=_record_label(item, i))
        if ext.id in seen:
            raise RecordError(shown, node_line(node), f"duplicate external source id {ext.id!r}")
        seen.add(ext.id)
        out.append(ext)
    return out


def write_yaml_atomic(path: Path, doc: Any) -> None:
    """Write ``doc`` as round-trip YAML to ``path`` atomically (temp file + rename in the same folder)."""
    write_atomic(path, lambda handle: yaml_rt().dump(doc, handle))


def _record_label(item: Any, index: int) -> str:
    """'s001-c014' when the record has a usable id, else 'record 3' (1-based)."""
    if isinstance(item, dict) and isinstance(item.get("id"), str) and item["id"]:
        return item["id"]
    return f"record {index + 1}"


def _load(path: Path, shown: str) -> tuple[Any, Any]:
    return load_yaml(read_text(path, shown), shown)
