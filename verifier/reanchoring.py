"""``verifier reanchor``: re-anchor a corpus's records after its articles were corrected.

:func:`plan_reanchor` runs the anchoring rule (:func:`verifier.ingest.reanchor.reanchor`) on
every record whose anchor no longer holds and, for a corrected quote, reads the value again
(:func:`verifier.extract.reread.reread`); :func:`write_reanchored` writes the results into
the records files. What is written, per outcome (codes from :data:`~verifier.ingest.reanchor.OUTCOMES`):

=====  =========  ===================================================================
R001   moved      the anchor fields (offsets, prefix, suffix; the quote only when its
                  unrendered whitespace differs)
R002   changed    the anchor (the new quote), the value re-read from it when that is
                  safe, and ``status: proposed`` (a rejected record stays rejected): a
                  correction is never accepted silently, a person reviews it
R003   ambiguous  nothing; the places that fit are listed
R004   orphaned   nothing; the nearest places considered are listed
=====  =========  ===================================================================
"""

from __future__ import annotations

import codecs
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from verifier.errors import InputError
from verifier.extract.reread import Reread, reread
from verifier.ingest.confine import refuse_outside
from verifier.ingest.files import read_text, write_atomic
from verifier.ingest.reanchor import Ambiguous, Changed, Moved, Orphaned, Outcome, anchor_holds, reanchor
from verifier.ingest.records import replace_fields
from verifier.models.claim import Anchor, Claim

if TYPE_CHECKING:
    from verifier.ingest.corpus import Corpus


@dataclass(frozen=True)
class Step:
    """What re-anchoring does to one record whose anchor no longer holds.

    Attributes:
        claim: the record as loaded.
        path: its records file, as shown in messages.
        line: the 1-based line of the record in that file.
        outcome: the anchoring outcome.
        value: for a :class:`Changed` outcome, the value read from the new quote.
    """

    claim: Claim
    path: str
    line: int
    outcome: Outcome
    value: Reread | None = None

    @property
    def settled(self) -> bool:
        """True when no person needs to look (the quote only moved)."""
        return isinstance(self.outcome, Moved)

    def fields(self) -> dict[str, Any] | None:
        """The record fields to write ({field: new value}), or None when nothing is written."""
        o = self.outcome
        if isinstance(o, Moved):
            return {"anchor": o.anchor.model_dump()}
        if not isinstance(o, Changed):
            return None
        out: dict[str, Any] = {"anchor": o.anchor.model_dump()}
        if self.value is not None and self.value.value is not None:
            out["value"] = self.value.value.model_dump()
        if self.claim.status != "rejected":
            out["status"] = "proposed"
        return out

    def message(self) -> str:
        """The outcome's line: 'claims/a.yaml:2: R001 moved a-c001 48:53 -> 70:75'."""
        o, old = self.outcome, self.claim.anchor
        head = f"{self.path}:{self.line}: {o.code} {o.name} {self.claim.id}"
        if isinstance(o, (Moved, Changed)):
            new = o.anchor
            span = f"{old.start}:{old.end} -> {new.start}:{new.end}"
            if isinstance(o, Moved):
                note = " (context renewed)" if (new.start, new.end) == (old.start, old.end) else ""
                note += " (line breaks or spaces re-wrapped in the quote)" if new.quote != old.quote else ""
                return f"{head} {span}{note}"
            return f"{head} {span}: quote {old.quote!r} -> {new.quote!r}; {self._value_note()}"
        return f"{head} quote {old.quote!r}: {o.describe()}; nothing changed"

    def _value_note(self) -> str:
        """What became of the value of a changed record."""
        rv, status = self.value, "" if self.claim.status == "rejected" else "; marked proposed: review it"
        if rv is None or rv.value is None:
            why = rv.why if rv is not None else "not read"
            return f"value {self.claim.value.printed!r} kept, not re-read ({why}): correct it by hand{status}"
        return f"value {self.claim.value.printed!r} -> {rv.value.printed!r} (re-read from the new quote){status}"


def plan_reanchor(corpus: Corpus) -> list[Step]:
    """Re-anchor, in memory, every record of ``corpus`` whose anchor no longer holds.

    Returns:
        One :class:`Step` per such record, in the order the records were read.
    """
    out: list[Step] = []
    for claim in corpus.claims:
        body = corpus.sources[claim.source].body
        if anchor_holds(body, claim.anchor):
            continue
        result = reanchor(body, claim.anchor)
        if isinstance(result, Anchor):
            continue
        path, line = corpus.record_lines[claim.id]
        value = reread(claim, result.anchor.quote) if isinstance(result, Changed) else None
        out.append(Step(claim, path, line, result, value))
    return out


def write_reanchored(corpus: Corpus, steps: list[Step], dry_run: bool = False) -> list[str]:
    """Write the fields of the moved and changed records into their records files.

    Every file is rewritten in memory first (:func:`~verifier.ingest.records.replace_fields`),
    then each is replaced atomically, so an error leaves every file as it was.

    Returns:
        The records files (as shown) that change, or would change with ``dry_run``.

    Raises:
        InputError: a records file cannot be read or rewritten in place, or is reached through
            a link out of its corpus (:func:`~verifier.ingest.confine.refuse_outside`).
    """
    by_file: dict[str, dict[str, dict[str, Any]]] = {}
    for s in steps:
        fields = s.fields()
        if fields is not None:
            by_file.setdefault(s.path, {})[s.claim.id] = fields
    texts: dict[Path, str] = {}
    for shown, edits in by_file.items():
        path = corpus.record_paths[shown]
        refuse_outside(path)
        text = replace_fields(read_text(path, shown), shown, edits)
        bom = "\ufeff" if path.read_bytes().startswith(codecs.BOM_UTF8) else ""  # read_text drops it; keep the file's bytes
        texts[path] = bom + text
    if not dry_run:
        for path, text in texts.items():
            try:
                write_atomic(path, lambda handle, text=text: handle.write(text))
            except OSError as err:
                raise InputError(str(path), None, f"cannot write: {err.strerror or err}") from None
    return list(by_file)


__all__ = ["Ambiguous", "Changed", "Moved", "Orphaned", "Step", "plan_reanchor", "write_reanchored"]
