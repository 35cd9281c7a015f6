"""Exceptions raised by the library; the CLI turns them into one-line errors.

Tree::

    VerifierError
    ├── InputError          bad input: unreadable file, invalid front matter or record
    │   ├── RecordError     a claim record that fails validation (carries path and line)
    │   └── NotAnArticle    a file that is one of verifier's own reports
    └── UsageError          bad options (unknown format, unknown rule code)

Every ``InputError`` carries ``path`` and ``line`` so the CLI can print ``path:line: message``
and exit with code 2 before anything is written.
"""

from __future__ import annotations


class VerifierError(Exception):
    """Base class of every error the library raises on purpose."""


class InputError(VerifierError):
    """Unusable input. ``str(err)`` is ``path:line: message``.

    Args:
        path: the file at fault (as given, or relative to the corpus root).
        line: 1-based line in that file, or None when the whole file is at fault.
        message: what is wrong and, where possible, what to do about it.
    """

    def __init__(self, path: str, line: int | None, message: str) -> None:
        self.path = str(path)
        self.line = line
        self.message = message
        super().__init__(self.location() + ": " + message)

    def __reduce__(self):
        """Rebuilt from its three fields: an error raised in a worker process reaches the caller whole."""
        return type(self), (self.path, self.line, self.message)

    def location(self) -> str:
        """``path:line`` (or just ``path`` when the line is unknown)."""
        return f"{self.path}:{self.line}" if self.line else self.path


class RecordError(InputError):
    """A claim record or external-source entry that fails validation."""


class NotAnArticle(InputError):
    """A file among the articles that is one of verifier's own reports
    (:func:`verifier.report.marker.is_report`): left out of the run with a note, never a finding."""


class UsageError(VerifierError):
    """Bad options: an unknown output format, rule code or severity."""
