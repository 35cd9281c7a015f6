"""Console entry point of ``verifier``.

``verifier quantities`` is the hot path of batch pipelines (one process per batch, where
start-up counts): it is dispatched before the typer app is imported, which saves ~0.3 s of
imports. Every other command, and ``quantities --help``, goes through :mod:`verifier.cli`.

A command runs without Python's cycle collector (:func:`gc.disable`, inherited by the
extraction workers a pool forks): a batch run builds millions of long-lived objects (claims,
their indexes, the report) and almost no cyclic garbage, so the collector's full passes over
them are pure cost. Measured on 10,000 synthetic articles (benchmarks/synth_corpus.py, claims
from the extraction cache, one process): 17 full collections took 9.6 s of a 43 s run, and
with the collector off the audit freed just 915 cyclic objects at its end (extraction: 56 per
1,000 articles). ``verifier review`` serves until stopped, so it turns the collector back on.

Standard output is the one output boundary (:mod:`verifier.stdout`): it is flushed explicitly
when the command ends, and a failed write (a full disk) is one line on stderr with exit 2; a
reader that closed the pipe ends the run quietly with exit 1.

Usage errors (an unknown option or command, a missing argument) are printed as one line,
``verifier: error: ...``, with exit code 2, like every other input error of the tool.
"""

from __future__ import annotations

import gc
import sys


def main() -> None:
    """Run ``verifier`` with ``sys.argv``, standard output guarded (see the module docstring)."""
    from verifier import stdout

    stdout.install()
    try:
        code = _run(sys.argv[1:])
        stdout.finish()
    except stdout.StdoutError as err:
        code = stdout.failed(err)
    sys.exit(code)


def _run(argv: list[str]) -> int:
    """Run the command of ``argv``; its exit code."""
    gc.disable()  # a batch run: see the module docstring
    if argv[:1] == ["quantities"] and not {"-h", "--help"} & set(argv):
        from verifier.quantities.__main__ import main as quantities_main

        return quantities_main(argv[1:])
    import typer.main

    from verifier.cli import app

    command = typer.main.get_command(app)
    try:
        code = command.main(args=argv, prog_name="verifier", standalone_mode=False)
    except Exception as err:  # typer vendors click: its usage errors carry exit_code 2 and format_message
        if getattr(err, "exit_code", None) != 2 or not hasattr(err, "format_message"):
            raise
        message = err.format_message().strip()
        if not message:  # bare `verifier`: the help was printed
            return 0
        where = f"verifier {argv[0]}" if argv and argv[0] in getattr(command, "commands", {}) else "verifier"
        sys.stderr.write(f"verifier: error: {message} (see '{where} --help')\n")
        return 2
    return code if isinstance(code, int) else 0
