"""JSON entry points used by ``verifier quantities`` and ``python -m verifier.quantities``.

* :func:`main_text`: one text -> one JSON list on ``stdout``.
* :func:`main_jsonl`: lines ``{"id", "text", ...}`` on ``stdin`` -> lines
  ``{"id", "quantities": [...]}`` on ``stdout``, in input order.  A line that is not valid
  JSON (or has no "text") produces ``{"id": ..., "quantities": [], "error": "..."}`` and
  the run goes on.
"""

from __future__ import annotations

import json
import os
from itertools import islice

from .extract import extract
from .patterns import preload

TYPE_CHECKING = False
if TYPE_CHECKING:  # typing costs ~5 ms to import; annotations are strings here
    from collections.abc import Iterable
    from typing import IO, Final

_ENCODER: Final[json.JSONEncoder] = json.JSONEncoder(ensure_ascii=False)
# The C encoder behind _ENCODER.encode, built once instead of once per call (same output:
# default separators, ensure_ascii=False; no circular-reference check, the result dicts
# hold none).  The C scanner behind json.loads, called without its Python wrappers.
_encode_c = (json.encoder.c_make_encoder(
    None, _ENCODER.default, json.encoder.encode_basestring, None, ": ", ", ", False, False,
    True) if json.encoder.c_make_encoder is not None else None)
_scan_once = json.decoder.JSONDecoder().scan_once


def _encode(obj: object) -> str:
    """``_ENCODER.encode(obj)``, faster."""
    if _encode_c is None:
        return _ENCODER.encode(obj)
    return "".join(_encode_c(obj, 0))


def _loads(line: str) -> object:
    """``json.loads(line)`` for a stripped line; errors are json.loads's own."""
    try:
        obj, end = _scan_once(line, 0)
        if end == len(line):
            return obj
    except (StopIteration, ValueError, RecursionError):
        pass
    return json.loads(line)  # the slow path raises the usual error


def quantities_json(text: str, lang: str | None = None) -> list[dict[str, object]]:
    """Extract and convert to JSON-ready dicts."""
    return [q.to_json() for q in extract(text, lang)]


def main_text(text: str, stdout: IO[str]) -> int:
    """Write the quantities of ``text`` as one JSON list (and a newline). Returns 0."""
    stdout.write(_ENCODER.encode(quantities_json(text)))
    stdout.write("\n")
    return 0


def main_jsonl(stdin: IO[str], stdout: IO[str], jobs: int | None = 1) -> int:
    """Batch mode: one JSON object per input line, one result line per input line.

    Args:
        stdin, stdout: text streams.  With one job the input is streamed (results are
            written every 256 lines).
        jobs: worker processes, or None for :func:`auto_jobs` (decided once the input is
            read, when the writer of the input has gone quiet).  With 2 or more, fork
            available and at least ``2 * MIN_LINES_PER_JOB`` lines, the second half of the
            lines runs in a forked child while this process runs the first half.  The
            output (order included) does not depend on ``jobs``.

    Returns:
        0 when every line was read, 1 when some line was malformed (reported inline).
    """
    lines: Iterable[str] = stdin
    if (jobs is None or jobs > 1) and hasattr(os, "fork"):
        head = list(islice(stdin, 2 * MIN_LINES_PER_JOB))
        if len(head) == 2 * MIN_LINES_PER_JOB:
            head += stdin.readlines()
            if (auto_jobs() if jobs is None else jobs) > 1:
                return _two_processes(head, stdout)
        lines = head
    status, out = 0, []
    for line in lines:
        ok, result = _one_line(line)
        if result:
            status |= not ok
            out.append(result)
        if len(out) >= 256:
            stdout.write("\n".join(out) + "\n")
            out.clear()
    if out:
        stdout.write("\n".join(out) + "\n")
    return status


def auto_jobs() -> int:
    """2 when a CPU is idle right now, else 1.

    A second process only pays when it gets a core of its own; on a busy machine it would
    share one with the first and add its start-up cost.  "Idle right now" is read from
    the runnable-task count of ``/proc/loadavg`` (this process included); the 1-minute load
    average lags a minute behind and would misjudge a batch that takes a tenth of a second.
    Without ``/proc`` (not Linux) the batch runs in one process.
    """
    cpus = os.cpu_count() or 1
    try:
        with open("/proc/loadavg", encoding="ascii") as fh:
            running = int(fh.read().split()[3].partition("/")[0])
    except (OSError, ValueError, IndexError):
        return 1
    return 2 if cpus >= 2 and running < cpus else 1


MIN_LINES_PER_JOB: Final[int] = 200
"""Below this many lines a second process costs more (fork, its own regex compilation)
than it saves."""


def _one_line(line: str) -> tuple[bool, str]:
    """(ok, result line) for one input line; ("" for a blank line)."""
    line = line.strip()
    if not line:
        return True, ""
    obj = None
    try:
        obj = _loads(line)
        result: dict[str, object] = {
            "id": obj.get("id"), "quantities": quantities_json(obj["text"], obj.get("lang"))}
        ok = True
    except (ValueError, KeyError, TypeError, AttributeError) as exc:
        ok = False
        result = {"id": obj.get("id") if isinstance(obj, dict) else None, "quantities": [],
                  "error": f"{type(exc).__name__}: {exc}"}
    return ok, _encode(result)


def _run_lines(lines: list[str]) -> tuple[int, str]:
    """Status and output text (one line per non-blank input line) of a list of lines."""
    results = [_one_line(line) for line in lines]
    out = [r for _, r in results if r]
    return int(not all(ok for ok, _ in results)), "".join(r + "\n" for r in out)


_CHILD_CRASHED: Final[int] = 3


def _two_processes(lines: list[str], stdout: IO[str]) -> int:
    """Run the first half of ``lines`` here and the second half in a forked child.

    The compiled regular expressions are read from their cache (:func:`.patterns.preload`)
    before the fork, so the child inherits them.  The child writes its output to a pipe and
    leaves with ``os._exit`` (no atexit handlers, no flush of buffers inherited from this
    process).  This process writes its part, then the child's, so the output is in input
    order; if the child crashed, its part is run here instead.
    """
    preload()
    half = len(lines) // 2
    read_fd, write_fd = os.pipe()
    pid = os.fork()
    if pid == 0:  # child
        code = _CHILD_CRASHED
        try:
            os.close(read_fd)
            code, text = _run_lines(lines[half:])
            data = memoryview(text.encode("utf-8"))
            while data:  # a full pipe takes part of the data per write
                data = data[os.write(write_fd, data):]
        finally:
            os._exit(code)
    os.close(write_fd)
    mine, text = _run_lines(lines[:half])
    stdout.write(text)
    with os.fdopen(read_fd, "rb") as pipe:
        rest = pipe.read().decode("utf-8")
    child = os.waitstatus_to_exitcode(os.waitpid(pid, 0)[1])
    if child not in (0, 1):
        child, rest = _run_lines(lines[half:])
    stdout.write(rest)
    return mine or child
