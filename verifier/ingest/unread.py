"""An article file left out of a run: one that could not be read, or one of verifier's reports.

One unreadable file (binary, not UTF-8, front matter that is not closed or not valid YAML,
metadata that fails validation) must not stop the audit of a folder: as a linter does, the run
reports it and goes on. Reading a file gives a :class:`~verifier.models.source.Source` or an
:class:`Unread` holding the error it raised (:func:`verifier.ingest.corpus.load_corpus` keeps
them in ``Corpus.unread``); the audit turns each into a finding (rule V705), the commands that
write records or validate a corpus stop on the first with its ``path:line: message`` as before,
and a report (:class:`~verifier.errors.NotAnArticle`) is only noted on standard error.
"""

from __future__ import annotations

from dataclasses import dataclass

from verifier.errors import InputError, NotAnArticle


@dataclass(frozen=True)
class Unread:
    """An article file that was not read.

    Attributes:
        path: the file as reports name it.
        line: 1-based line at fault, or None when the whole file is.
        message: what is wrong and what to do about it (the error's own words).
        file: the file on disk, links followed (the article cache keys its entry on it).
        report: True when the file is a verifier report, which is no article (not a defect).
    """

    path: str
    line: int | None
    message: str
    file: str | None = None
    report: bool = False

    @classmethod
    def of(cls, err: InputError, file: str | None) -> Unread:
        """The file ``err`` was raised for, left out."""
        return cls(err.path, err.line, err.message, file, isinstance(err, NotAnArticle))

    def error(self) -> InputError:
        """The error the file raised, to stop a command that cannot go on without it."""
        return (NotAnArticle if self.report else InputError)(self.path, self.line, self.message)
