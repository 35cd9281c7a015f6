"""What a reader gives: the article's text, where its lines sit in the file, its metadata."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from verifier.models.source import Format, ReadNote


@dataclass(frozen=True)
class Document:
    """What a reader gives.

    Attributes:
        body: the article text claims anchor into.
        format: how it was read (``markdown``, ``text`` or ``html``).
        front: the metadata the file carries, as written (a mapping), or None.
        front_lines: file line of each key of ``front``.
        body_line: 1-based file line on which ``body`` starts.
        line_map: file line of each body line, when the body is not a slice of the file.
        notes: what the reader noticed and did not let stop it.
    """

    body: str
    format: Format
    front: dict[str, Any] | None = None
    front_lines: dict[str, int] = field(default_factory=dict)
    body_line: int = 1
    line_map: tuple[int, ...] | None = None
    notes: tuple[ReadNote, ...] = ()
