"""Articles: one file (or standard input) -> a :class:`~verifier.models.source.Source`.

A file is read by the reader for its format (:mod:`verifier.ingest.readers`: Markdown, plain
text, HTML); its metadata (front matter or page meta tags) is normalised from the spellings
other tools write (:mod:`verifier.ingest.frontmatter`); what it leaves out is filled in:

* ``id``: the file stem (``stdin`` for standard input);
* ``title``: the first non-empty line of the body;
* ``languages``: guessed from the script of the body (:func:`guess_languages`);
* ``tier``: ``secondary`` (the audit says so once per corpus, rule V702).

A corpus's ``sources.yaml`` may set fields for files it cannot edit
(:mod:`verifier.ingest.sources_file`); those settings are applied over the file's own.

Control characters (NUL and the other C0 and C1 controls but tab and line ends) are read as
spaces, one for one, so offsets still count the file's characters, and are reported with
their lines (rule V703).
"""

from __future__ import annotations

import re
from pathlib import Path, PurePath
from typing import Any, Callable

from pydantic import ValidationError

from verifier.errors import InputError, NotAnArticle
from verifier.ingest.files import decode, read_bytes
from verifier.ingest.frontmatter import Normalised, field_of, normalise
from verifier.ingest.document import Document
from verifier.ingest.readers import looks_like_html, reader_for, sniff, split_front_matter
from verifier.ingest.yamlio import raise_validation
from verifier.models.source import ReadNote, Source, SourceMeta
from verifier.report.marker import is_report

__all__ = ["decode_article", "guess_languages", "read_article", "read_article_text", "split_front_matter"]

Settings = Callable[[str, str], dict[str, Any]]
"""``settings(article id, file name) -> {field: value}``: corpus settings to apply over a file's own."""

_HAN = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]")
_KANA = re.compile(r"[\u3040-\u30ff]")
_HANGUL = re.compile(r"[\uac00-\ud7af]")
_LATIN_WORD = re.compile(r"[A-Za-z]{3,}")
_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]")
"""Control characters that are no text: C0 but tab, newline and carriage return; DEL; C1."""


def guess_languages(text: str) -> list[str]:
    """Guess ISO 639-1 codes from the script mix: ``['zh']``, ``['en']`` or ``['zh', 'en']``.

    A language counts when it holds at least 15 % of the letters (Han characters vs Latin
    words of three or more letters, a word weighted as three characters). Kana makes Han text
    Japanese and Hangul Korean, so neither is read as Chinese. Latin script is taken as
    English: verifier's extraction reads English and Chinese only.
    """
    sample = text[:200_000]  # the mix of the first 200,000 characters tells; a 50 MB body need not be counted whole
    han = len(_HAN.findall(sample))
    kana, hangul = len(_KANA.findall(sample)), len(_HANGUL.findall(sample))
    latin = 3 * len(_LATIN_WORD.findall(sample))
    total = han + kana + hangul + latin or 1
    cjk = "ja" if kana > 0.1 * (han + kana) else "ko" if hangul > han else "zh"
    langs = [code for code, n in ((cjk, han + kana + hangul), ("en", latin)) if n / total >= 0.15]
    return langs or ["en"]


def clean_controls(text: str) -> tuple[str, list[ReadNote]]:
    """Replace control characters by spaces, one for one; a note names the lines that held them.

    Returns:
        (the text, same length; notes: one, or none when the text is clean).
    """
    hits = [m.start() for m in _CONTROL.finditer(text)]
    if not hits:
        return text, []
    lines = sorted({text.count("\n", 0, h) + 1 for h in hits[:1000]})
    shown = ", ".join(map(str, lines[:5])) + (", ..." if len(lines) > 5 else "")
    kinds = sorted({f"U+{ord(text[h]):04X}" for h in hits[:1000]})
    note = ReadNote(kind="control-characters", line=lines[0],
                    message=f"{len(hits)} control character(s) ({', '.join(kinds[:4])}) on line(s) {shown} read as spaces")
    return _CONTROL.sub(" ", text), [note]


def read_article(path: Path, display: str | None = None, settings: Settings | None = None, file: str | None = None) -> Source:
    """Read one article file.

    Args:
        path: the file (Markdown, plain text or HTML), UTF-8.
        display: the path to show in messages (defaults to ``str(path)``).
        settings: fields that override the file's own (see :func:`read_article_text`), or None.
        file: the file's absolute path, links followed, when the caller knows it (default: ``path`` resolved).

    Returns:
        The :class:`Source` with its metadata and body.

    Raises:
        InputError: unreadable file, not UTF-8, a format no reader takes, or metadata that is
            not valid (with the line at fault).
    """
    shown = display or str(path)
    text = decode_article(read_bytes(path, shown), shown, path.suffix)
    return read_article_text(text, path, shown, settings, file=file or str(path.resolve()))


def decode_article(raw: bytes, shown: str, suffix: str = "") -> str:
    """An article's bytes as text: an HTML page (by its ``suffix``, or by its opening) in
    UTF-8 or the charset it declares (:func:`verifier.ingest.html.decode_page`), anything else
    as UTF-8 (:func:`verifier.ingest.files.decode`). Files and standard input are decoded here alike.

    Raises:
        InputError: the bytes are not text in an encoding the input admits.
    """
    if suffix.lower() in (".html", ".htm") or looks_like_html(raw[:4096].decode("latin-1")):
        from verifier.ingest.html import decode_page

        return decode_page(raw, shown)
    return decode(raw, shown)


def read_article_text(text: str, path: PurePath, shown: str, settings: Settings | None = None,
                      file: str | None = None) -> Source:
    """Read one article from its text (a file's, or standard input's when ``path`` is ``-``).

    Args:
        text: the decoded text.
        path: the file name (its extension chooses the reader; ``-`` sniffs the content).
        shown: how the file is named in messages.
        settings: ``settings(id, file name) -> dict`` of fields to apply over the file's own
            (:meth:`verifier.ingest.sources_file.SourcesFile.settings_for`), or None.
        file: the absolute file on disk, or None.

    Raises:
        InputError: as :func:`read_article`.
        NotAnArticle: the text is one of verifier's reports (:func:`verifier.report.marker.is_report`).
    """
    if is_report(text):
        raise NotAnArticle(shown, None, "a verifier report, not an article")
    text, notes = clean_controls(text)
    reader = sniff(text) if str(path) == "-" else reader_for(path, text)
    if reader is None:
        raise InputError(shown, None, f"no reader for {path.suffix!r} files (articles are .md, .markdown, .txt, .html, .htm or have no extension)")
    doc = reader(text, shown)
    stem = "stdin" if str(path) == "-" else path.stem
    norm = normalise(doc.front or {}, doc.front_lines)
    meta, defaulted = _meta(doc, norm, stem, shown, settings, path.name)
    return Source(meta=meta, path=shown, body=doc.body, body_line=doc.body_line, file=file, format=doc.format,
                  line_map=doc.line_map, notes=tuple(notes) + doc.notes + tuple(norm.notes), defaulted=defaulted)


def _meta(doc: Document, norm: Normalised, stem: str, shown: str, settings: Settings | None, name: str) -> tuple[SourceMeta, tuple[str, ...]]:
    """The article's metadata: the file's fields, the corpus settings over them, defaults for the rest.

    Raises:
        InputError: a field fails validation (at its line in the file).
    """
    fields = dict(norm.fields)
    fields["metadata"] = norm.metadata
    ident = str(fields.get("id") or stem)
    override = settings(ident, name) if settings else {}
    fields.update(override)
    defaults = {"id": stem, "title": _first_line(doc), "languages": None, "tier": "secondary"}
    defaulted = tuple(k for k in defaults if not fields.get(k))
    for key in defaulted:
        fields[key] = guess_languages(doc.body) if key == "languages" else defaults[key]
    try:
        return SourceMeta.model_validate(fields), defaulted
    except ValidationError as err:
        lines = {fld: line for key, line in doc.front_lines.items() if (fld := field_of(key)) and fld not in override}
        raise_validation(err, None, shown, schema="source", lines=lines)
    raise AssertionError("unreachable")  # raise_validation always raises


def _first_line(doc: Document) -> str:
    """The first non-empty line of the body, without Markdown heading marks, at most 120 characters."""
    for ln in doc.body.splitlines():
        if ln.strip():
            text = ln.strip()
            return (text.lstrip("#").strip() if doc.format == "markdown" else text)[:120] or text[:120]
    return "(untitled)"
