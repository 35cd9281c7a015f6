"""The mark every report verifier writes carries, and how a file is recognised by it.

A report written into the corpus (``verifier audit DIR -o DIR/report.md``) must not be read
back as an article by the next run: its figures, quotes and file names would become claims
and findings of their own. It is recognised by its content, never by its name (a user may
call an article ``report.md``, or a report anything):

==============================  ==========================================================
Markdown (audit, fact sheet)    first line :data:`MARKDOWN_MARK`, an HTML comment, so it
                                shows nowhere when the Markdown is rendered
HTML (audit, fact sheet)        :data:`HTML_MARK` in the page's head
JSON (audit, fact sheet)        the object opens with its ``"schema_version"`` key, as the
                                report models write it (no article opens so)
JSON Lines (audit)              the first line is a finding (``{"rule":"V101","name":...``),
                                or, with no finding, the summary line (``schema_version``)
ClaimReview (audit)             a list whose first item opens with schema.org's
                                ``@context`` and ``"@type": "ClaimReview"``
==============================  ==========================================================

The JSON formats are recognised by how verifier's own models open them, so that no line is
added to a pinned contract. The graph exports (GraphML, DOT, node-link JSON) are data for
other tools, never read as articles under their usual names (``.graphml``, ``.dot``, ``.json``).
"""

from __future__ import annotations

import os
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
"""The opening of the JSON audit report and fact sheet (their models write ``schema_version`` first)."""

_JSONL = re.compile(r'\A\ufeff?\{"rule":"[A-Z]\d{3}","name":"')
"""The first line of a JSON Lines audit: a finding (:class:`verifier.models.finding.Finding` writes ``rule`` and ``name`` first)."""

_CLAIMREVIEW = re.compile(r'\A\ufeff?\s*\[\s*\{\s*"@context"\s*:\s*"https://schema\.org"\s*,\s*"@type"\s*:\s*"ClaimReview"')
"""The opening of the ClaimReview report (:mod:`verifier.report.claimreview`)."""


def is_report(text: str) -> bool:
    """True when ``text`` (a file's decoded content) is a report verifier wrote (see the module docstring)."""
    head = text[:_HEAD]
    return bool(_MARKDOWN.match(head) or _JSON.match(head) or _JSONL.match(head) or _CLAIMREVIEW.match(head)
                or _HTML.search(head.split("</head>", 1)[0]))


def is_report_file(path: str | os.PathLike) -> bool:
    """True when the file at ``path`` opens as a report verifier wrote (:func:`is_report` of its
    first bytes); False when it cannot be read."""
    try:
        with open(path, "rb") as handle:
            head = handle.read(_HEAD * 4)  # UTF-8: at most four bytes a character
    except OSError:
        return False
    return is_report(head.decode("utf-8", errors="replace"))
