"""Reporters: one function per format, all taking the same :class:`~verifier.models.report.Report`.

Output is byte-stable: sorted, no timestamps, no absolute paths.
"""

from __future__ import annotations

from typing import Callable

from verifier.errors import UsageError
from verifier.models.report import Report


def _markdown(report: Report) -> str:
    from verifier.report.markdown import render

    return render(report)


def _json(report: Report) -> str:
    return report.model_dump_json(indent=2) + "\n"


def _html(report: Report) -> str:
    from verifier.report.html import render

    return render(report)


def _claimreview(report: Report) -> str:
    from verifier.report.claimreview import render

    return render(report)


RENDERERS: dict[str, Callable[[Report], str]] = {
    "markdown": _markdown, "json": _json, "html": _html, "claimreview": _claimreview,
}


def render(report: Report, fmt: str) -> str:
    """Render ``report`` in format ``fmt``.

    Raises:
        UsageError: unknown format.
    """
    try:
        return RENDERERS[fmt](report)
    except KeyError:
        raise UsageError(f"unknown format {fmt!r} (choose {', '.join(RENDERERS)})") from None
