"""V7xx: how the articles were read: metadata not read, defaults taken, text cleaned, files not read.

Most are notes (``info``): the run went on and every figure was audited, but a reviewer may
want to fix the file or add what it leaves out. They come from the readers
(:class:`~verifier.models.source.ReadNote`, :attr:`~verifier.models.source.Source.defaulted`).
An article read with no text at all is a warning (V704): its silence is no evidence. A file
that could not be read at all is an error (V705): the audit went on without it
(:class:`~verifier.ingest.unread.Unread`).
"""

from __future__ import annotations

from typing import Iterator

from verifier.models.finding import Finding
from verifier.rules.context import Context
from verifier.rules.registry import rule


@rule("V701", "unread-metadata", "A front matter key or value was not read (a likely misspelling, or a value of the wrong type).", severity="info")
def unread_metadata(ctx: Context) -> Iterator[Finding]:
    """Front matter keys verifier does not read are kept as metadata and never stop a run
    (``tags``, ``layout``, ``draft``). A key within two edits of one it reads is most likely a
    misspelling, and what it says is then lost: the note names the key and the spelling it
    resembles. A value that cannot be read as its field (a date that is no ISO date) is kept
    as metadata, and noted too.

    Okay: front matter ``tier: primary`` and ``tags: [budget]``.
    V701: front matter ``teir: primary`` (did you mean 'tier'?).
    """
    me = unread_metadata.rule
    for sid, src in sorted(ctx.corpus.sources.items()):
        for note in src.notes:
            if note.kind in ("unread-key", "unread-value"):
                yield me.finding(note.message, source=sid, path=src.path, line=note.line)


@rule("V702", "default-tier", "Articles name no evidence tier and are read as secondary reporting.", severity="info")
def default_tier(ctx: Context) -> Iterator[Finding]:
    """An article whose metadata gives no ``tier`` is read as ``secondary`` (reporting that
    relays figures it did not measure), the safe reading: its figures never outrank a source
    that says what it is. One note per corpus lists them; set ``tier:`` in their front matter
    or, for files you cannot edit, in a ``sources.yaml`` beside them.

    Okay: every article names its tier.
    V702: two articles without a ``tier:`` line.
    """
    me = default_tier.rule
    missing = sorted(sid for sid, src in ctx.corpus.sources.items() if "tier" in src.defaulted)
    if missing:
        shown = ", ".join(missing[:8]) + (f" and {len(missing) - 8} more" if len(missing) > 8 else "")
        yield me.finding(f"{len(missing)} of {len(ctx.corpus.sources)} articles name no evidence tier and are read as "
                         f"secondary: {shown}; set tier: in their front matter or in a sources.yaml beside them")


@rule("V703", "control-characters", "An article holds control characters (NUL and the like); they were read as spaces.", severity="info")
def control_characters(ctx: Context) -> Iterator[Finding]:
    """NUL bytes and other control characters are no text: they come from a broken export or
    a binary file saved as text. Each is read as a space (offsets still count the file's
    characters) and the rest of the article is read; the note names the lines.

    Okay: an article of printable text, tabs and line ends.
    V703: an article with a NUL byte on line 3.
    """
    me = control_characters.rule
    for sid, src in sorted(ctx.corpus.sources.items()):
        for note in src.notes:
            if note.kind == "control-characters":
                yield me.finding(note.message, source=sid, path=src.path, line=note.line)


@rule("V704", "empty-article", "An article has no text after its front matter: nothing in it could be checked.", severity="warning")
def empty_article(ctx: Context) -> Iterator[Finding]:
    """An article whose body is empty or only white space (a file saved before it was written,
    an export that kept the metadata and lost the text, an HTML page whose main text the
    extractor found none of) reads as 'no claims', which looks like 'nothing wrong'. The warning
    says the article was read but held nothing to check, so that the file can be fixed or left
    out.

    Okay: an article with a body.
    V704: a file of front matter alone, or an empty file.
    """
    me = empty_article.rule
    for sid, src in sorted(ctx.corpus.sources.items()):
        if not src.body.strip():
            yield me.finding(f"{sid} has no text after its front matter: nothing in it was read or checked; "
                             "fix the file or leave it out", source=sid, path=src.path)


@rule("V705", "unreadable-file", "An article file could not be read (binary, not UTF-8, broken front matter): it was left out of the audit.")
def unreadable_file(ctx: Context) -> Iterator[Finding]:
    """One file that cannot be read does not stop the audit of a folder: as a linter does, the
    run reports the file, at the line at fault, and audits the others. Whatever stops a file from
    being read as an article is reported here in its own words: a binary file (a NUL byte among
    its first 8000 bytes and no UTF-8), text in another encoding (Windows-1252, GBK: the first
    byte that is not UTF-8; save the file as UTF-8, since a guessed encoding could misread a
    figure), front matter opened with ``---`` and never closed (a rule that opens an article
    needs a blank line before it), front matter that is not valid YAML or TOML, or metadata
    that fails validation. Nothing in the file was checked, and the records beside it
    (``claims/<stem>.yaml``) were not read. ``verifier validate`` and the commands that write
    records stop on such a file with its ``path:line: message`` and exit 2.

    Okay: a UTF-8 article with closed front matter.
    V705: an article saved in Windows-1252 (``caf\\xe9`` on line 3).
    """
    me = unreadable_file.rule
    for left in ctx.corpus.unread:
        if not left.report:
            yield me.finding(f"{left.message}; the file was left out of the audit", path=left.path, line=left.line)
