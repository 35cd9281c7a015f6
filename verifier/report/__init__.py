"""Reporters: one function per format, all taking the same :class:`~verifier.models.report.Report`.

Each yields the text of the report in pieces, so that a streamed format (``jsonl``: one line
per finding) is written as it is made rather than joined into one string first; the
whole-document formats yield one piece. Output is byte-stable: sorted, no timestamps, no
absolute paths.
"""

from __future__ import annotations

import json
from typing import Callable, Iterable, Iterator

from verifier.errors import UsageError
from verifier.models.report import Report


def _markdown(report: Report) -> Iterator[str]:
    from verifier.report.markdown import render

    yield render(report)


def _json(report: Report) -> Iterator[str]:
    yield report.model_dump_json(indent=2) + "\n"


def _jsonl(report: Report) -> Iterator[str]:
    """JSON Lines: each finding as one line (the :class:`~verifier.models.finding.Finding`
    JSON, in report order), then one last line ``{"schema_version", "findings", "summary"}``
    with the number of findings and the report's summary without its coverage per article. A
    stream cut short has no summary line, so a reader knows it is incomplete. Sources, claims,
    provenance and the coverage per article are left out: they are what makes the JSON report
    grow with every article (the format is in :data:`TOTALS_ONLY`)."""
    for f in report.findings:
        yield f.model_dump_json() + "\n"
    head = json.dumps({"schema_version": report.schema_version, "findings": len(report.findings)}, separators=(",", ":"))
    yield f'{head[:-1]},"summary":{report.summary.model_dump_json(exclude={"coverage_by_source"})}}}\n'


def _html(report: Report) -> Iterator[str]:
    from verifier.report.html import render

    yield render(report)


def _claimreview(report: Report) -> Iterator[str]:
    from verifier.report.claimreview import render

    yield render(report)


RENDERERS: dict[str, Callable[[Report], Iterable[str]]] = {
    "markdown": _markdown, "json": _json, "jsonl": _jsonl, "html": _html, "claimreview": _claimreview,
}
"""Every format of ``verifier audit --format``, in the order the help lists them."""


TOTALS_ONLY: frozenset[str] = frozenset({"jsonl"})
"""Formats that print the findings and the summary's totals only: for them
:func:`verifier.engine.audit` may leave out the listings of sources, claims, provenance and
coverage per article (``listed=False``)."""


def pieces(report: Report, fmt: str) -> Iterable[str]:
    """The text of ``report`` in format ``fmt``, in pieces to write one after the other.

    Raises:
        UsageError: unknown format.
    """
    try:
        renderer = RENDERERS[fmt]
    except KeyError:
        raise UsageError(f"unknown format {fmt!r} (choose {', '.join(RENDERERS)})") from None
    return renderer(report)


def render(report: Report, fmt: str) -> str:
    """Render ``report`` in format ``fmt``, as one string.

    Raises:
        UsageError: unknown format.
    """
    return "".join(pieces(report, fmt))
