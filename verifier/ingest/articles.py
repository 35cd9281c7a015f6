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
_FENCE = "---"
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
    """Split ``text`` into (front matter YAML or None, body, 1-based line where the body starts)."""
    if not text.startswith(_FENCE + "\n"):
        return None, text, 1
    end = text.find("\n" + _FENCE + "\n", len(_FENCE))
    if end < 0:
        if text.endswith("\n" + _FENCE):
            end = len(text) - len(_FENCE) - 1
        else:
            return None, text, 1
    front = text[len(_FENCE) + 1 : end + 1]
    body = text[end + len(_FENCE) + 2 :]
    return front, body, front.count("\n") + 3


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
    front, body, body_line = split_front_matter(text)
    if front is None:
        meta = _default_meta(path, body)
    else:
        doc, node = load_yaml(front, shown, line_offset=1)
        if not isinstance(doc, dict):
            raise InputError(shown, 2, "front matter must be a YAML mapping (key: value lines)")
        try:
            meta = SourceMeta.model_validate(doc)
        except ValidationError as err:
            raise_validation(err, node, shown, line_offset=1)
    return Source(meta=meta, path=shown, body=body, body_line=body_line)


def _default_meta(path: Path, body: str) -> SourceMeta:
    first = next((ln.strip().lstrip("#").strip() for ln in body.splitlines() if ln.strip()), path.stem)
    return SourceMeta(id=path.stem, title=first[:120], languages=guess_languages(body), tier="secondary")
