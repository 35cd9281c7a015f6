"""Console entry point of ``verifier``.

``verifier quantities`` is the hot path of batch pipelines (one process per batch, where
start-up counts): it is dispatched before the typer app is imported, which saves ~0.3 s of
imports. Every other command, and ``quantities --help``, goes through :mod:`verifier.cli`.
"""

from __future__ import annotations

import sys


def main() -> None:
    """Run ``verifier`` with ``sys.argv``."""
    argv = sys.argv[1:]
    if argv[:1] == ["quantities"] and not {"-h", "--help"} & set(argv):
        from verifier.quantities.__main__ import main as quantities_main

        sys.exit(quantities_main(argv[1:]))
    from verifier.cli import app

    app()
