"""The mark every report verifier writes carries, and how a file is recognised by it.

A report written into the corpus (``verifier audit DIR -o DIR/report.md``) must not be read
back as an article by the next run: its figures, quotes and file names would become claims
and findings of their own. It is recognised by its content, never by its name (a user may
call an article ``report.md``, or a report anything):

==============================  ==========================================================
Markdown (audit, fact sheet)    first line :data:`MARKDOWN_MARK`, an HTML comment, so it
                                shows nowhere when the Markdown is rendered
HTML (audit, fact sheet)        :data:`HTML_MARK` in the page's head
JSON (audit)                    the object opens with its ``"schema_version"`` key, as the
                                report model writes it (no article opens so)
==============================  ==========================================================

The other formats (JSON Lines, ClaimReview, the graph exports, the fact sheet's JSON) are
never read as articles under their usual names (``.jsonl``, ``.json``, ``.graphml``, ``.dot``).
"""

from __future__ import annotations

import re

MARKDOWN_MARK = "<!-- written by verifier: a report, not an article -->"
"""First line of every Markdown report."""

HTML_MARK = '<meta name="generator" content="verifier">'
"""A meta tag in the head of every HTML report."""

_HEAD = 4096
"""Characters of a file looked at: the marks sit at its start (the HTML one in the head)."""

_MARKDOWN = re.compile(r"\A\ufeff?" + re.escape(MARKDOWN_MARK) + r"[ \t]*(?:\r?\n|\Z)")
"""The Markdown mark as the first line (a byte-order mark an editor added allowed)."""

_HTML = re.compile(r"<meta\s+name=[\"']generator[\"']\s+content=[\"']verifier[\"']\s*/?>", re.I)
"""The HTML mark, however an editor re-quoted or closed it."""

_JSON = re.compile(r"\A\ufeff?\s*\{\s*\"schema_version\"\s*:")
"""The opening of the JSON audit report (:class:`verifier.models.report.Report` writes ``schema_version`` first)."""


def is_report(text: str) -> bool:
    """True when ``text`` (a file's decoded content) is a report verifier wrote (see the module docstring)."""
    head = text[:_HEAD]
    return bool(_MARKDOWN.match(head) or _JSON.match(head) or _HTML.search(head.split("</head>", 1)[0]))
