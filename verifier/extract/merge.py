"""Fold proposed claims into a records file without destroying human work.

Policy (the promise to reviewers):

* an existing record is never changed or dropped, whatever its status: accepted and
  rejected records, corrected fields, notes and YAML comments all survive a re-run, as does
  a record extraction no longer proposes;
* a proposal whose anchor matches an existing record (same offsets, or the same quote
  overlapping it) is already reviewed or pending, and is not added again; when the article
  was corrected since, the record is first re-anchored in memory
  (:func:`verifier.ingest.reanchor.reanchor`), so a figure that only moved is matched where
  it is now, and a corrected figure is not proposed beside the record that ``verifier
  reanchor`` marks for review (a record whose context fits several places equally matches
  all of them; the file itself keeps the old offsets until ``verifier reanchor`` rewrites them);
* other proposals are appended in offset order, renumbered past the ids already used
  ('<source>-xNNN'), with status 'proposed'.

Existing records are read and validated first (nothing is written when one is invalid);
new proposals are appended to the file as text, atomically, so the reviewed part of the file
keeps every byte.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import yaml
from pydantic import ValidationError

from verifier.errors import InputError
from verifier.ingest.reanchor import Ambiguous, Changed, Moved, reanchor
from verifier.models.claim import Anchor, Claim

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


def _spans(rec: Any, body: str | None) -> list[tuple[int, int, str]]:
    """Where ``rec`` is in the article ``body`` now: its recorded anchor, or where re-anchoring
    moves it (a corrected quote included: the record covers it, pending review), or (when its
    context fits several places equally) each of those places too."""
    a = _anchor(rec)
    if a is None or body is None:
        return [] if a is None else [a]
    try:
        anchor = rec.anchor if isinstance(rec, Claim) else Anchor.model_validate(dict(rec["anchor"]))
    except (ValidationError, TypeError, ValueError):
        return [a]
    found = reanchor(body, anchor)
    if isinstance(found, (Moved, Changed)):
        return [(found.anchor.start, found.anchor.end, found.anchor.quote)]
    if isinstance(found, Ambiguous):
        return [a, *((p.start, p.end, p.text) for p in found.places)]
    return [a]


def _same_place(a: tuple[int, int, str], proposed: Claim) -> bool:
    s, e, quote = a
    p = proposed.anchor
    if (s, e) == (p.start, p.end):
        return True
    return s < p.end and p.start < e and (quote in p.quote or p.quote in quote)


def merge_records(existing: list, proposed: list[Claim], body: str | None = None) -> list:
    """Merge ``proposed`` claims into ``existing`` records (see the module docstring).

    Args:
        existing: records as loaded (plain dicts or Claims); this
            list object is extended in place and returned, so comments stay attached.
        proposed: claims from :func:`verifier.extract.extract_claims`.
        body: the article as it is now; existing records are re-anchored in it (in memory
            only) before proposals are matched to them. None matches recorded offsets.

    Returns:
        The merged list: every existing record, in its order, then the new proposals as
        plain dicts (or Claims when ``existing`` holds Claims).
    """
    used = {_id(r) for r in existing}
    top = max((int(m.group(1)) for i in used if (m := _ID_NUMBER.search(i))), default=0)
    as_claims = bool(existing) and all(isinstance(r, Claim) for r in existing)
    spans = [span for r in existing for span in _spans(r, body)]
    for claim in sorted(proposed, key=lambda c: (c.anchor.start, c.anchor.end)):
        if any(_same_place(span, claim) for span in spans):
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


def merge_file(path: Path, proposed: list[Claim], dry_run: bool = False, body: str | None = None) -> tuple[int, int]:
    """Merge ``proposed`` into the records file ``path`` (created when missing); ``body`` is
    the article as it is now (see :func:`merge_records`).

    New records are appended to the file as text: every byte of the existing records (their
    comments, quoting, indentation and nulls) stays as the reviewer left it.

    Returns:
        (records before, records added).

    Raises:
        InputError: the file is not valid YAML or not a list, or it cannot be written (a
            link to nothing, a folder, a link out of the corpus (:func:`~verifier.ingest.confine.refuse_outside`); checked on a dry run too, so a run that checks every
            file first writes none when one would fail).
        RecordError: an existing record does not validate (nothing is written).
    """
    from verifier.ingest.confine import refuse_outside
    from verifier.ingest.files import plan_write, read_text, write_atomic
    from verifier.ingest.records import read_claims

    refuse_outside(path)
    text = read_text(path, str(path)) if path.exists() else ""
    existing, _lines = read_claims(path, str(path)) if text.strip() else ([], {})
    before = len(existing)
    merged = merge_records(list(existing), proposed, body)
    added = [c if isinstance(c, dict) else c.model_dump(mode="json") for c in merged[before:]]
    try:
        if dry_run and added and path.parent.is_dir():
            plan_write(path)
        if not dry_run and added:
            tail = yaml.safe_dump(added, allow_unicode=True, sort_keys=False, default_flow_style=False, width=4096)
            sep = "" if not text or text.endswith("\n") else "\n"
            path.parent.mkdir(parents=True, exist_ok=True)  # claims/ is the tool's own folder
            write_atomic(path, lambda handle: handle.write(text + sep + tail))
    except OSError as err:
        raise InputError(str(path), None, f"cannot write: {err.strerror or err}") from None
    return before, len(added)
