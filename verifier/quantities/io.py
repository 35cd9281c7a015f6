"""JSON entry points used by ``verifier quantities`` and ``python -m verifier.quantities``.

* :func:`main_text`: one text -> one JSON list on ``stdout``.
* :func:`main_jsonl`: lines ``{"id", "text", ...}`` on ``stdin`` -> lines
  ``{"id", "quantities": [...]}`` on ``stdout``, in input order.  A line that is not valid
  JSON (or has no "text") produces ``{"id": ..., "quantities": [], "error": "..."}`` and
  the run goes on.
"""

from __future__ import annotations

import json

from .extract import extract

TYPE_CHECKING = False
if TYPE_CHECKING:  # typing costs ~5 ms to import; annotations are strings here
    from typing import IO, Final


_ENCODER: Final[json.JSONEncoder] = json.JSONEncoder(ensure_ascii=False)


def quantities_json(text: str, lang: str | None = None) -> list[dict[str, object]]:
    """Extract and convert to JSON-ready dicts."""
    return [q.to_json() for q in extract(text, lang)]


def main_text(text: str, stdout: IO[str]) -> int:
    """Write the quantities of ``text`` as one JSON list (and a newline). Returns 0."""
    stdout.write(json.dumps(quantities_json(text), ensure_ascii=False))
    stdout.write("\n")
    return 0


def main_jsonl(stdin: IO[str], stdout: IO[str]) -> int:
    """Batch mode: one JSON object per input line, one result line per input line.

    Returns:
        0 when every line was read, 1 when some line was malformed (reported inline).
    """
    status = 0
    out: list[str] = []
    dumps = _ENCODER.encode  # json.dumps(..., ensure_ascii=False) builds an encoder per call
    for line in stdin:
        line = line.strip()
        if not line:
            continue
        obj = None
        try:
            obj = json.loads(line)
            text = obj["text"]
            result: dict[str, object] = {
                "id": obj.get("id"), "quantities": [q.to_json() for q in extract(text)]}
        except (ValueError, KeyError, TypeError) as exc:
            status = 1
            result = {"id": None, "quantities": [], "error": f"{type(exc).__name__}: {exc}"}
            if isinstance(obj, dict):
                result["id"] = obj.get("id")
        out.append(dumps(result))
        if len(out) >= 256:
            stdout.write("\n".join(out) + "\n")
            out.clear()
    if out:
        stdout.write("\n".join(out) + "\n")
    return status
