"""``python -m verifier.quantities [TEXT] | --jsonl [--jobs N]``: the quantity extractor.

Without TEXT and without --jsonl the text is read from stdin.  ``--jobs=N`` sets the worker
processes of the batch mode (default: 2 when a CPU is idle; large batches only, see
:func:`~verifier.quantities.io.main_jsonl`).  Exit codes: 0 ok, 1 some JSONL line
was malformed, 2 bad usage.
"""

from __future__ import annotations

import sys

from .io import main_jsonl, main_text


def main(argv: list[str] | None = None) -> int:
    """Parse the tiny command line and run one entry point."""
    args = sys.argv[1:] if argv is None else argv
    flags = {a.partition("=")[0] for a in args if a.startswith("--")}
    texts = [a for a in args if not a.startswith("--")]
    unknown = flags - {"--jsonl", "--json", "--jobs"}
    if unknown:
        sys.stderr.write(f"unknown option: {sorted(unknown)[0]}\n")
        return 2
    jobs = [a.partition("=")[2] for a in args if a.startswith("--jobs")]
    if jobs and not (jobs[-1].isdigit() and int(jobs[-1]) >= 1):
        sys.stderr.write("--jobs takes a positive integer: --jobs=2\n")
        return 2
    if "--jsonl" in flags:
        return main_jsonl(sys.stdin, sys.stdout, int(jobs[-1]) if jobs else None)
    text = " ".join(texts) if texts else sys.stdin.read()
    return main_text(text, sys.stdout)


if __name__ == "__main__":
    sys.exit(main())
