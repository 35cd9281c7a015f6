"""Readers, one per file format, behind one interface: text in, :class:`Document` out.

A reader gives the article's body (the text claims anchor into), where its lines sit in the
file, the metadata the file carries (front matter, or a page's meta tags) and notes. The
reader is chosen by :func:`reader_for`, from the extension and then the content:

=====================  =======================================================================
``.md``, ``.markdown``  Markdown, with or without front matter (YAML between ``---`` lines, or
                        TOML between ``+++`` lines as Hugo writes it)
``.txt``, no extension  plain text: front matter read the same way, paragraphs split on blank
                        lines, never parsed as Markdown (``# 5 reasons`` is text)
``.html``, ``.htm``     HTML: the page's main text (:mod:`verifier.ingest.html`)
=====================  =======================================================================

A file of any extension that opens with ``<!DOCTYPE html`` or ``<html`` is read as HTML.
"""

from __future__ import annotations

import re
import tomllib
from pathlib import PurePath
from typing import Any, Callable

from verifier.errors import InputError
from verifier.ingest.document import Document
from verifier.ingest.yamlio import load_yaml, node_line


_YAML_FENCE = re.compile(r"^---[ \t]*(?:\r?\n|\Z)", re.M)
"""A YAML front matter fence: a line of three hyphens (trailing blanks allowed)."""
_TOML_FENCE = re.compile(r"^\+\+\+[ \t]*(?:\r?\n|\Z)", re.M)
"""A TOML front matter fence (Hugo): a line of three plus signs."""
_HTML_START = re.compile(r"\s*(?:<!--.*?-->\s*)*<(?:!doctype\s+html|html)[\s>]", re.I | re.S)
"""A file that opens as an HTML document (comments before the doctype allowed)."""


def split_front_matter(text: str, fence: re.Pattern = _YAML_FENCE) -> tuple[str | None, str, int]:
    """Split ``text`` into (front matter or None, body, 1-based line where the body starts).

    Fences are lines of exactly ``---`` (or ``+++`` with the TOML fence); ``\\n`` or ``\\r\\n``
    line ends are kept in the body.

    Raises:
        ValueError: the text opens a front matter fence that is never closed.
    """
    first = fence.match(text)
    if not first:
        return None, text, 1
    close = fence.search(text, first.end())
    if close is None:
        mark = text[first.start():first.end()].strip()
        raise ValueError(f"front matter opened with '{mark}' on line 1 is never closed (add a '{mark}' line after it; "
                         f"a rule that opens the article needs a blank line before it)")
    return text[first.end():close.start()], text[close.end():], text.count("\n", 0, close.end()) + 1


def fence_of(text: str) -> re.Pattern:
    """The front matter fence ``text`` opens with: TOML's ``+++`` or (by default) YAML's ``---``."""
    return _TOML_FENCE if _TOML_FENCE.match(text) else _YAML_FENCE


def _front(text: str, shown: str) -> tuple[dict[str, Any] | None, dict[str, int], str, int]:
    """(front matter mapping, key lines, body, body line) of a Markdown or plain-text file.

    Raises:
        InputError: a fence never closed, invalid YAML or TOML, or front matter that is not a mapping.
    """
    fence = fence_of(text)
    try:
        front, body, body_line = split_front_matter(text, fence)
    except ValueError as err:
        raise InputError(shown, 1, str(err)) from None
    if front is None:
        return None, {}, body, 1
    if fence is _TOML_FENCE:
        try:
            doc = tomllib.loads(front)
        except tomllib.TOMLDecodeError as err:
            raise InputError(shown, _toml_line(err), f"invalid TOML front matter: {err}") from None
        lines = {k: n + 2 for n, ln in enumerate(front.splitlines()) for k in [ln.split("=", 1)[0].strip()] if "=" in ln}
        return doc, lines, body, body_line
    doc, node = load_yaml(front, shown, line_offset=1, front=True)
    if doc is None:
        return {}, {}, body, body_line
    if not isinstance(doc, dict):
        raise InputError(shown, 2, "front matter must be a YAML mapping (key: value lines)")
    lines = {str(k.value): node_line(k, 1) for k, _ in node.value}
    return doc, lines, body, body_line


def _toml_line(err: Exception) -> int | None:
    m = re.search(r"line (\d+)", str(err))
    return int(m.group(1)) + 1 if m else None


def read_markdown(text: str, shown: str) -> Document:
    """Read a Markdown article: front matter (optional) and the body after it, byte for byte.

    Raises:
        InputError: invalid front matter (with its line).
    """
    front, lines, body, body_line = _front(text, shown)
    return Document(body=body, format="markdown", front=front, front_lines=lines, body_line=body_line)


def read_plain(text: str, shown: str) -> Document:
    """Read a plain-text article: like Markdown for front matter, but the body is text only
    (the segmenter splits it on blank lines and never parses Markdown syntax).

    Raises:
        InputError: invalid front matter (with its line).
    """
    front, lines, body, body_line = _front(text, shown)
    return Document(body=body, format="text", front=front, front_lines=lines, body_line=body_line)


def read_html(text: str, shown: str) -> Document:
    """Read an HTML page: its main text and metadata (:func:`verifier.ingest.html.read_page`)."""
    from verifier.ingest.html import read_page

    return read_page(text, shown)


Reader = Callable[[str, str], Document]

READERS: dict[str, Reader] = {".md": read_markdown, ".markdown": read_markdown, ".txt": read_plain, "": read_plain,
                              ".html": read_html, ".htm": read_html}
"""Extension (lower case, ``''`` for none) -> reader."""

FOLDER_SUFFIXES = (".md", ".markdown", ".txt", ".html", ".htm")
"""Extensions read from a folder of articles (a file without extension is read when named)."""


def looks_like_html(text: str) -> bool:
    """True when ``text`` opens as an HTML document (``<!DOCTYPE html`` or ``<html``)."""
    return bool(_HTML_START.match(text[:4096]))


def reader_for(path: PurePath, text: str) -> Reader | None:
    """The reader for ``path`` with content ``text``: HTML when the text opens as an HTML
    document, else by extension; None for an extension no reader takes."""
    if looks_like_html(text):
        return read_html
    return READERS.get(path.suffix.lower())


def sniff(text: str) -> Reader:
    """The reader for text without a file name (standard input): HTML when it opens as an
    HTML document, else Markdown (which reads plain prose the same way)."""
    return read_html if looks_like_html(text) else read_markdown
