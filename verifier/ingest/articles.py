"""Articles: Markdown files with YAML front matter, body kept exactly.

Layout of one article file::

    ---
    id: s001
    title: ...
    tier: secondary
    ...
    ---
    <body, byte for byte as published>

The body starts right after the newline of the closing ``---`` line; claim offsets count
code points into it. A file without front matter (a plain ``.txt`` or ``.md`` dropped into a
folder) is still read: its id is the file stem, its title the first non-empty line, its tier
``secondary`` and its languages guessed from the script of the body.
"""

from __future__ import annotations

import re
from pathlib import Path

from pydantic import ValidationError

from verifier.errors import InputError
from verifier.ingest.files import read_text
from verifier.ingest.yamlio import load_yaml, raise_validation
from verifier.models.source import Source, SourceMeta

ARTICLE_SUFFIXES = (".md", ".markdown", ".txt")
_FENCE_LINE = re.compile(r"^---[ \t]*(?:\r?\n|\Z)", re.M)
"""A front matter fence: a line of three hyphens (trailing blanks allowed)."""
_HAN = re.compile(r"[\u4e00-\u9fff]")
_LATIN_WORD = re.compile(r"[A-Za-z]{3,}")


def guess_languages(text: str) -> list[str]:
    """Guess ISO 639-1 codes from the script mix: ``['zh']``, ``['en']`` or ``['zh', 'en']``.

    A language counts when it holds at least 15 % of the letters (Han characters vs Latin
    words of three or more letters, a word weighted as three characters).
    """
    han = len(_HAN.findall(text))
    latin = 3 * len(_LATIN_WORD.findall(text))
    total = han + latin or 1
    langs = [code for code, n in (("zh", han), ("en", latin)) if n / total >= 0.15]
    return langs or ["en"]


def split_front_matter(text: str) -> tuple[str | None, str, int]:
    """Split ``text`` into (front matter YAML or None, body, 1-based line where the body starts).

    Fences are lines of exactly ``---`` (``\n`` or ``\r\n`` line ends are kept in the body).

    Raises:
        ValueError: the text opens a front matter fence that is never closed.
    """
    first = _FENCE_LINE.match(text)
    if not first:
        return None, text, 1
    close = _FENCE_LINE.search(text, first.end())
    if close is None:
        raise ValueError("front matter opened with '---' on line 1 is never closed (add a '---' line after it)")
    front = text[first.end():close.start()]
    body = text[close.end():]
    return front, body, text.count("\n", 0, close.end()) + 1


def read_article(path: Path, display: str | None = None) -> Source:
    """Read one article file.

    Args:
        path: the file (.md, .markdown or .txt), UTF-8.
        display: the path to show in messages (defaults to ``str(path)``).

    Returns:
        The :class:`Source` with its metadata and exact body.

    Raises:
        InputError: unreadable file, not UTF-8, or front matter that is not valid.
    """
    shown = display or str(path)
    text = read_text(path, shown)
    try:
        front, body, body_line = split_front_matter(text)
    except ValueError as err:
        raise InputError(shown, 1, str(err)) from None
    if front is None:
        meta = _default_meta(path, body)
    else:
        doc, node = load_yaml(front, shown, line_offset=1)
        if not isinstance(doc, dict):
            raise InputError(shown, 2, "front matter must be a YAML mapping (key: value lines)")
        defaults = _default_meta(path, body)  # what the front matter leaves out is read as for an article without one
        for key in ("id", "title", "languages", "tier"):
            doc.setdefault(key, getattr(defaults, key))
        try:
            meta = SourceMeta.model_validate(doc)
        except ValidationError as err:
            raise_validation(err, node, shown, line_offset=1, schema="source")
    return Source(meta=meta, path=shown, body=body, body_line=body_line, file=str(path.resolve()))


def _default_meta(path: Path, body: str) -> SourceMeta:
    first = next((ln.strip().lstrip("#").strip() for ln in body.splitlines() if ln.strip()), path.stem)
    return SourceMeta(id=path.stem, title=first[:120], languages=guess_languages(body), tier="secondary")
