"""Fold proposed claims into a records file without destroying human work.

Policy (the promise to reviewers):

* an existing record is never changed or dropped, whatever its status: accepted and
  rejected records, corrected fields, notes and YAML comments all survive a re-run, as does
  a record extraction no longer proposes;
* a proposal whose anchor matches an existing record (same offsets, or the same quote
  overlapping it) is already reviewed or pending, and is not added again;
* other proposals are appended in offset order, renumbered past the ids already used
  ('<source>-xNNN'), with status 'proposed'.

Files are read and written with ruamel.yaml's round-trip mode (comments and key order kept)
and written atomically; the merged list is validated before anything is written.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from verifier.errors import InputError, RecordError
from verifier.models.claim import Claim

_ID_NUMBER = re.compile(r"-x(\d+)$")


def _anchor(rec: Any) -> tuple[int, int, str] | None:
    if isinstance(rec, Claim):
        return rec.anchor.start, rec.anchor.end, rec.anchor.quote
    anchor = rec.get("anchor") if hasattr(rec, "get") else None
    if not hasattr(anchor, "get"):
        return None
    try:
        return int(anchor.get("start")), int(anchor.get("end")), str(anchor.get("quote"))
    except (TypeError, ValueError):
        return None


def _id(rec: Any) -> str:
    return rec.id if isinstance(rec, Claim) else str(rec.get("id", ""))


def matches(existing: Any, proposed: Claim) -> bool:
    """True when ``proposed`` is the claim ``existing`` already records (same anchor)."""
    a = _anchor(existing)
    if a is None:
        return False
    s, e, quote = a
    p = proposed.anchor
    if (s, e) == (p.start, p.end):
        return True
    return s < p.end and p.start < e and (quote in p.quote or p.quote in quote)


def merge_records(existing: list, proposed: list[Claim]) -> list:
    """Merge ``proposed`` claims into ``existing`` records (see the module docstring).

    Args:
        existing: records as loaded (ruamel CommentedMaps, plain dicts or Claims); this
            list object is extended in place and returned, so comments stay attached.
        proposed: claims from :func:`verifier.extract.extract_claims`.

    Returns:
        The merged list: every existing record, in its order, then the new proposals as
        plain dicts (or Claims when ``existing`` holds Claims).
    """
    used = {_id(r) for r in existing}
    top = max((int(m.group(1)) for i in used if (m := _ID_NUMBER.search(i))), default=0)
    as_claims = bool(existing) and all(isinstance(r, Claim) for r in existing)
    for claim in sorted(proposed, key=lambda c: (c.anchor.start, c.anchor.end)):
        if any(matches(r, claim) for r in existing):
            continue
        new_id = claim.id
        if new_id in used:
            top += 1
            new_id = f"{claim.source}-x{top:03d}"
        else:
            m = _ID_NUMBER.search(new_id)
            top = max(top, int(m.group(1))) if m else top
        used.add(new_id)
        claim = claim.model_copy(update={"id": new_id})
        existing.append(claim if as_claims else claim.model_dump(mode="json"))
    return existing


def merge_file(path: Path, proposed: list[Claim], dry_run: bool = False) -> tuple[int, int]:
    """Merge ``proposed`` into the records file ``path`` (created when missing).

    Returns:
        (records before, records added).

    Raises:
        InputError: the file is not valid YAML or not a list.
        RecordError: the merged list would not validate (nothing is written).
    """
    from verifier.ingest.records import write_yaml_atomic
    from verifier.ingest.yamlio import yaml_rt

    doc: Any = []
    if path.exists():
        try:
            doc = yaml_rt().load(path.read_text(encoding="utf-8")) or []
        except Exception as err:  # ruamel raises many error types; all mean unusable input
            raise InputError(str(path), getattr(getattr(err, "problem_mark", None), "line", -1) + 1 or None,
                             f"invalid YAML: {getattr(err, 'problem', err)}") from None
        if not isinstance(doc, list):
            raise InputError(str(path), 1, "a claims file must be a YAML list of records")
    before = len(doc)
    merged = merge_records(doc, proposed)
    for i, rec in enumerate(merged):
        try:
            Claim.model_validate(rec)
        except ValidationError as err:
            raise RecordError(str(path), None, f"record {i} ({_id(rec)}) would not validate: {err.errors()[0]['msg']}") from None
    if not dry_run and len(merged) > before:
        write_yaml_atomic(path, merged)
    return before, len(merged) - before
