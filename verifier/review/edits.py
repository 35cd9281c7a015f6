"""A reviewer's decision written into ``claims/<stem>.yaml``, as a person would edit it by hand.

A decision is a set of record fields: ``status`` (accepted / rejected / proposed), a comment
(``note``), and corrected fields (``subject``, ``metric``, ``measured``, and the value's
``number``, ``low``, ``high``, ``unit``). They are spliced into the file in place by
:func:`verifier.ingest.records.replace_fields` (every other byte, comment and key order kept;
the result read back and compared), the new file is validated as a whole
(:func:`verifier.ingest.records.parse_claims`) and only then replaced atomically
(:func:`verifier.ingest.files.write_atomic`). Nothing is written when any step fails.

A form carries the :func:`version` of the record it was read from and the
:func:`article_version` of its article (a :class:`ReadState`); when the record on disk has
another version (edited in another tab, or by hand, since), or the article changed (its figures
may have moved: the record's anchor would be stale), the edit is refused with :class:`Conflict`
rather than written.

The records file is read, changed and replaced by :func:`verifier.ingest.rewrite.rewrite`, under
a file lock; lines another writer appended meanwhile are kept, and when it changed the file
otherwise, the edit is applied again to what it wrote (a change to the same record is a Conflict).
"""

from __future__ import annotations

import codecs
import hashlib
import math
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Mapping

from verifier.errors import InputError
from verifier.ingest.confine import refuse_outside
from verifier.ingest.files import decode
from verifier.ingest.rewrite import rewrite
from verifier.ingest.records import parse_claims, replace_fields
from verifier.models.claim import Claim

STATUSES = ("accepted", "rejected", "proposed")
"""The review statuses a form may set (:attr:`verifier.models.claim.Claim.status`)."""
TEXT_FIELDS = ("subject", "metric", "measured", "note")
"""Record fields a form may correct as text; an empty ``subject``, ``measured`` or ``note`` is null."""
VALUE_FIELDS = ("number", "low", "high")
"""Numeric fields of the record's ``value`` a form may correct."""
MAX_TEXT = 5000
"""Most characters a form's text field may hold (a note is a sentence or a paragraph: a page
of text is a mistake, or an attack on the records file, not a comment)."""


class EditError(ValueError):
    """A form that fails validation: the message says which field and why; nothing is written."""


class Conflict(Exception):
    """The record, or its article, changed on disk since the page was read; nothing is written."""


@dataclass(frozen=True)
class ReadState:
    """What a decision's page was read from: the record's :func:`version`, and the article
    (``article`` on disk, ``article_shown`` its name in messages) with its :func:`article_version`."""

    version: str
    article: Path
    article_shown: str
    article_version: str


def version(claim: Claim) -> str:
    """A short content hash of a record as validated (16 hex digits of SHA-256 of its JSON)."""
    return hashlib.sha256(claim.model_dump_json().encode()).hexdigest()[:16]


def article_version(path: Path) -> str:
    """A short content hash of an article file (16 hex digits of SHA-256 of its bytes; '' when
    it cannot be read)."""
    try:
        return hashlib.sha256(path.read_bytes()).hexdigest()[:16]
    except OSError:
        return ""


def fields_from_form(form: Mapping[str, str], claim: Claim) -> dict[str, Any]:
    """The record fields a submitted form sets, ``{field: value}`` with ``value`` a dict for
    the nested ``value`` mapping; fields the form does not carry are left alone.

    Raises:
        EditError: an unknown status, an empty metric, a text over :data:`MAX_TEXT` characters,
            a number that does not parse or is not finite, a point value given a range or the
            other way round.
    """
    for key, text in form.items():
        if key in (*TEXT_FIELDS, *VALUE_FIELDS, "unit") and len(text) > MAX_TEXT:
            raise EditError(f"{key}: {len(text):,} characters; a field holds at most {MAX_TEXT:,}")
    out: dict[str, Any] = {}
    if "status" in form:
        if form["status"] not in STATUSES:
            raise EditError(f"status must be one of {', '.join(STATUSES)}, not {form['status']!r}")
        out["status"] = form["status"]
    for key in TEXT_FIELDS:
        if key in form:
            text = form[key].strip()
            if key == "metric" and not text:
                raise EditError("metric: a record needs a metric")
            out[key] = text or None
    value: dict[str, Any] = {}
    for key in VALUE_FIELDS:
        if key in form:
            value[key] = _number(key, form[key], claim)
    if "unit" in form:
        value["unit"] = form["unit"].strip() or None
    if value:
        out["value"] = value
    return out


def _number(key: str, text: str, claim: Claim) -> float | None:
    """The number typed into field ``key`` (blank: keep none, allowed only where the record has none)."""
    text = text.strip().replace(",", "").replace("_", "")
    current = getattr(claim.value, key)
    if not text:
        if current is not None:
            raise EditError(f"value {key}: give a number (the record has {current:g})")
        return None
    try:
        number = float(text)
    except ValueError:
        raise EditError(f"value {key}: {text!r} is not a number") from None
    if not math.isfinite(number):
        raise EditError(f"value {key}: {text!r} is not a finite number")
    if current is None:
        raise EditError(f"value {key}: the record has no {key} ({'a range' if key == 'number' else 'a point value'})")
    return number


def apply_edit(path: Path, shown: str, claim_id: str, read: ReadState, fields: Mapping[str, Any]) -> tuple[Claim, Claim]:
    """Write ``fields`` into record ``claim_id`` of the records file ``path``.

    Args:
        path: the records file on disk; ``shown``: its name in messages.
        claim_id: the record's id; ``read``: what the page was read from.
        fields: from :func:`fields_from_form`.

    Returns:
        (the record before, the record after), as validated.

    Raises:
        Conflict: the record on disk is not the version the page was read from (or is gone),
            or the article is not.
        EditError: the edited file does not validate, the file cannot be rewritten in place, or
            it cannot be written (permissions, a full disk: the old file stays as it was; a link
            out of its corpus, :func:`~verifier.ingest.confine.refuse_outside`).
    """
    if article_version(read.article) != read.article_version:
        raise Conflict(f"the article {read.article_shown} changed since this page was read (its figures may have "
                       "moved, and the record's anchor with them); reload the page and decide again")
    done: dict[str, Claim] = {}

    def change(raw: bytes) -> str:
        done["old"], done["new"], text = _edited(raw, shown, claim_id, read.version, fields)
        return raw.decode("utf-8") if text is None else text

    try:
        refuse_outside(path)
    except InputError as err:
        raise EditError(str(err)) from None
    try:
        rewrite(path, change)
    except OSError as err:  # the old file stays whole
        raise EditError(f"{shown}: cannot write: {err.strerror or err}") from None
    return done["old"], done["new"]


def _edited(raw: bytes, shown: str, claim_id: str, read_version: str, fields: Mapping[str, Any]) -> tuple[Claim, Claim, str | None]:
    """(the record before, the record after, the file's new text or None when unchanged) for
    the records file whose bytes are ``raw``.

    Raises:
        Conflict, EditError: as :func:`apply_edit`.
    """
    text = decode(raw, shown)
    before = {c.id: c for c in parse_claims(text, shown)[0]}
    old = before.get(claim_id)
    if old is None or version(old) != read_version:
        raise Conflict(f"{claim_id} changed in {shown} since this page was read" if old else f"{claim_id} is no longer in {shown}")
    try:
        new_text = replace_fields(text, shown, {claim_id: dict(fields)})
        new = {c.id: c for c in parse_claims(new_text, shown)[0]}[claim_id]
    except InputError as err:  # RecordError too: the edited record does not validate
        raise EditError(str(err)) from None
    if new_text == text:
        return old, new, None
    bom = "\ufeff" if raw.startswith(codecs.BOM_UTF8) else ""  # decode drops it; keep the file's bytes
    return old, new, bom + new_text
