"""The HTML reader: a saved news page's main text and metadata, by trafilatura.

trafilatura (Barbaresi 2021, maintained, Apache-2.0) finds the article's main text and drops
navigation, scripts, styles, sidebars, footers and comments; it also reads the title, author,
date and site name from the page's meta tags and JSON-LD. It was measured against
readability-lxml on six saved pages of news templates in both languages
(``benchmarks/html_extractors.py``, results in ``benchmarks/html_extractors.md``): both found
49 of 51 article paragraphs, but readability let 21 boilerplate figures into the text (captions,
promos, bios, related-post dates) against trafilatura's 1, and gives no author or date.
``favor_precision`` drops ad labels at no cost in recall there.

The body is trafilatura's plain-text output, one paragraph per line, rewritten with a blank
line between paragraphs (table rows, which it prints as pipe rows, stay together), so that
the segmenter reads paragraphs, headings and tables from it and never Markdown syntax. Claim
quotes anchor into this text; the record names the HTML file. Each body line is mapped to the
page line where its first words occur (searched forward from ``<body``), so findings cite a
line of the page; a line whose words are not found cites the line of the one before it.
"""

from __future__ import annotations

import html as htmllib
import re

from verifier.errors import InputError
from verifier.ingest.document import Document

_TABLE_ROW = re.compile(r"^\|.*\|\s*$")
"""A table row as trafilatura prints it: ``| cell | cell |``."""
_DELIMITER = re.compile(r"^\|(?:\s*:?-{3,}:?\s*\|)+\s*$")
"""A table's delimiter row: ``|---|---|``."""
_LANG_ATTR = re.compile(r"<html\b[^>]*?\blang\s*=\s*[\"']?([A-Za-z]{2,3}(?:[-_][A-Za-z0-9]+)*)", re.I)
"""The page's declared language (``<html lang="zh-CN">``)."""
_BODY_TAG = re.compile(r"<body\b", re.I)
ANCHOR_PROBE = 16
"""Characters of a body line looked up in the page to find its line: enough to be distinctive
in a page, few enough to rarely straddle an inline tag or a wrapped line."""


_CHARSET = re.compile(rb"""<meta[^>]+charset\s*=\s*["']?([A-Za-z0-9_.:-]+)""", re.I)
"""The page's declared encoding (``<meta charset="gbk">`` or the http-equiv form)."""


def decode_page(raw: bytes, shown: str) -> str:
    """Decode a saved page: UTF-8 (a byte-order mark dropped), else the charset its
    ``<meta>`` declares (Chinese portals often save GBK or GB18030 pages).

    Raises:
        InputError: the bytes are neither UTF-8 nor in a declared encoding Python knows.
    """
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as err:
        first = err
    m = _CHARSET.search(raw[:8192])
    declared = m.group(1).decode("ascii").lower() if m else None
    if declared in ("gb2312", "gbk"):
        declared = "gb18030"  # a superset: pages labelled gb2312 routinely hold GBK characters
    if declared:
        try:
            return raw.decode(declared)
        except (LookupError, UnicodeDecodeError):
            pass
    line = raw.count(b"\n", 0, first.start) + 1
    what = f"nor in its declared charset {declared!r}" if declared else "and declares no charset"
    raise InputError(shown, line, f"not UTF-8 text ({first.reason} at byte {first.start}) {what}; save the page as UTF-8")


def read_page(text: str, shown: str) -> Document:
    """Read one HTML page.

    Returns:
        A :class:`~verifier.ingest.readers.Document` with format ``html``: the main text,
        the page's metadata as front matter keys (``title``, ``author``, ``date``, ``site``,
        ``url``, ``lang``) and a line map into the page.

    Raises:
        InputError: the page holds no text trafilatura can take as an article.
    """
    try:
        import trafilatura
    except ImportError as err:  # an install without its HTML dependencies: say what to install
        raise InputError(shown, None, f"cannot read HTML here ({err}); install verifier with its dependencies "
                         "(pip install .) or add trafilatura and lxml_html_clean") from None
    doc = trafilatura.bare_extraction(text, include_comments=False, include_tables=True, favor_precision=True,
                                      with_metadata=True, deduplicate=False)
    raw = (getattr(doc, "text", None) or "") if doc is not None else ""
    if not raw.strip():
        raise InputError(shown, None, "no article text found in this HTML page (is it a saved news page?)")
    body = _paragraphs(raw)
    front = {k: v for k, v in (
        ("title", getattr(doc, "title", None)), ("author", _authors(getattr(doc, "author", None))),
        ("date", getattr(doc, "date", None)), ("site", getattr(doc, "sitename", None)),
        ("url", getattr(doc, "url", None)), ("lang", _page_language(text)),
    ) if v}
    return Document(body=body, format="html", front=front, line_map=line_map(text, body))


def _paragraphs(raw: str) -> str:
    """trafilatura's lines as blocks with a blank line between them: each paragraph a block,
    each table one block (:func:`_tidy_table`)."""
    blocks: list[list[str]] = []
    for ln in (ln.rstrip() for ln in raw.splitlines() if ln.strip()):
        if _TABLE_ROW.match(ln) and blocks and _TABLE_ROW.match(blocks[-1][-1]):
            blocks[-1].append(ln)
        else:
            blocks.append([ln])
    out: list[str] = []
    for block in blocks:
        out.extend(_tidy_table(block) if _TABLE_ROW.match(block[0]) else block)
        out.append("")
    return "\n".join(out[:-1]) + "\n"


def _cells(row: str) -> list[str]:
    return [c.strip() for c in row.strip().strip("|").split("|")]


def _tidy_table(rows: list[str]) -> list[str]:
    """A table as the segmenter reads one: a caption (a first row with one filled cell, as
    trafilatura prints ``<caption>``) set above it as a paragraph, then the header row and
    exactly one delimiter row after it (trafilatura gives none when the header uses ``<td>``,
    and one more after a caption)."""
    delimiter = [r for r in rows if _DELIMITER.match(r)]
    body = [r for r in rows if not _DELIMITER.match(r)]
    caption: list[str] = []
    if len(body) > 2 and delimiter and sum(1 for c in _cells(body[0]) if c) == 1:
        caption = [next(c for c in _cells(body[0]) if c), ""]
        body = body[1:]
    if len(body) < 2:
        return caption + body
    width = len(_cells(body[0]))
    return caption + [body[0], "|" + "---|" * width] + body[1:]


_BYLINE = re.compile(r"^(?:by\s+|记者[\s:：]*|文[/／:：]\s*)", re.I)
"""A byline's lead-in ('By Jane Roe', '记者 林晓燕', '文/林晓燕'), not part of the name."""


def _authors(value: str | None) -> list[str] | None:
    """trafilatura joins several authors with '; '; a byline's lead-in is dropped."""
    return [_BYLINE.sub("", a.strip()) for a in value.split(";") if a.strip()] if value else None


def _page_language(page: str) -> str | None:
    m = _LANG_ATTR.search(page[:65536])
    return m.group(1) if m else None


def line_map(page: str, body: str) -> tuple[int, ...]:
    """File line (1-based) of each line of ``body`` in ``page``.

    The page is unescaped (entities hold no newline, so its lines stay where they are) and
    each body line's first :data:`ANCHOR_PROBE` characters are searched forward from the
    previous match, starting at ``<body``. Cost: one forward pass over the page.
    """
    flat = htmllib.unescape(page)
    start = _BODY_TAG.search(flat)
    pos = start.end() if start else 0
    line, counted = flat.count("\n", 0, pos) + 1, pos
    out: list[int] = []
    for text in body.split("\n"):
        cells = [c.strip() for c in text.split("|") if c.strip()] if _TABLE_ROW.match(text) else [text.strip()]
        probe = cells[0][:ANCHOR_PROBE] if cells else ""
        hit = flat.find(probe, pos) if probe else -1
        if hit >= 0:
            line += flat.count("\n", counted, hit)
            counted = pos = hit
        out.append(line)
    return tuple(out)
