"""``python -m verifier.quantities [TEXT] | --jsonl``: the quantity extractor on its own.

Without TEXT and without --jsonl the text is read from stdin.  Exit codes: 0 ok, 1 some
JSONL line was malformed, 2 bad usage.
"""

from __future__ import annotations

import sys

from .io import main_jsonl, main_text


def main(argv: list[str] | None = None) -> int:
    """Parse the tiny command line and run one entry point."""
    args = sys.argv[1:] if argv is None else argv
    flags = {a for a in args if a.startswith("--")}
    texts = [a for a in args if not a.startswith("--")]
    unknown = flags - {"--jsonl", "--json"}
    if unknown:
        sys.stderr.write(f"unknown option: {sorted(unknown)[0]}\n")
        return 2
    if "--jsonl" in flags:
        return main_jsonl(sys.stdin, sys.stdout)
    text = " ".join(texts) if texts else sys.stdin.read()
    return main_text(text, sys.stdout)


if __name__ == "__main__":
    sys.exit(main())
