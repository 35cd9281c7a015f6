"""What every renderer says about a finding's arithmetic, in one place."""

from __future__ import annotations

import re

from verifier.models.finding import Band, Finding
from verifier.numeric import fmt_pair


def band_text(b: Band, with_basis: bool = True) -> str:
    """'[4.85, 4.95] x (printed 4.9 ±0.05)': the band, its unit and, optionally, how it was set."""
    unit = f" {b.unit}" if b.unit else ""
    return f"{fmt_pair(b.low, b.high)}{unit}" + (f" ({b.basis})" if with_basis and b.basis else "")


def arithmetic_rows(f: Finding) -> list[tuple[str, str]]:
    """(label, text) rows for the stated band, the recomputed band and the arithmetic of ``f``."""
    rows = []
    if f.stated:
        rows.append(("Stated", band_text(f.stated)))
    if f.recomputed:
        rows.append(("Recomputed", band_text(f.recomputed)))
    if f.formula:
        rows.append(("Arithmetic", f.formula))
    return rows


_PUNCT_AFTER_BACKSLASH = re.compile(r"\\(?=[!-/:-@\[-`{-~])")
"""A backslash before ASCII punctuation: Markdown reads it as an escape, so it is doubled to
show as itself."""

_ENTITY = re.compile(r"&(?=#?[0-9A-Za-z]+;)")
"""An ampersand that starts an entity reference (``&lt;``, ``&#60;``): shown as typed, not
decoded. A lone ``&`` ('AT&T') is left alone; it is text to every renderer."""

_LINK_CLOSE = re.compile(r"\](?=\s*[(\[:])")
"""A ``]`` that would close a link's text: ``[x](url)``, ``[x][ref]``, ``[x]: url`` (spaces
allowed, as the original Markdown allows them). A band such as ``[4.85, 4.95] x`` is left
alone."""

_LINE_END = re.compile(r"\r\n|\r|\n")
"""Every line ending CommonMark knows (a lone CR ends a line too)."""


def cell(text: str) -> str:
    """``text`` from an article or record, made inert for one line of Markdown (a table cell,
    a heading, a quote, a list item): nothing in it becomes HTML, a link or a code span.

    ``<`` and ``>`` become entities (raw HTML such as ``<script>`` or
    ``<img onerror=...>``, and autolinks such as ``<javascript:...>``, need a ``<``), entity
    references keep their ampersand as text, backticks and link-closing brackets are
    backslash-escaped, pipes too (table cells), and line endings become spaces. Entities
    rather than backslashes for ``<``: the original Markdown does not honour ``\\<``.
    """
    text = _PUNCT_AFTER_BACKSLASH.sub(r"\\\\", text)
    text = _ENTITY.sub("&amp;", text).replace("<", "&lt;").replace(">", "&gt;")
    text = text.replace("`", "\\`").replace("|", "\\|")
    return _LINE_END.sub(" ", _LINK_CLOSE.sub(r"\\]", text))


def code(text: str) -> str:
    """``text`` as a Markdown code span: fenced by one backtick more than its longest run of
    backticks (padded when it starts or ends with one), line endings as spaces. The content
    of a code span is shown literally, so it is not escaped otherwise."""
    text = _LINE_END.sub(" ", text)
    fence = "`" * (max((len(run) for run in re.findall(r"`+", text)), default=0) + 1)
    pad = " " if text.startswith("`") or text.endswith("`") else ""
    return f"{fence}{pad}{text}{pad}{fence}"


def left_out_reasons(left) -> list[tuple[str, int]]:
    """(reason, count) of an article's figures left out (:class:`~verifier.models.report.LeftOut`), most frequent first."""
    counts: dict[str, int] = {}
    for x in left:
        counts[x.reason] = counts.get(x.reason, 0) + 1
    return sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))
