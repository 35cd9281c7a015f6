"""Standard output as the CLI's one output boundary: a write that fails is one line and exit 2.

A report printed to a full disk (``verifier audit . > /dev/full``) or a device that fails must
not end as a truncated report with exit 0, nor as a traceback. :func:`install` puts a stream in
place of ``sys.stdout`` whose every write to the descriptor goes through one function, so a
failure of standard output (and only of it: a file the run reads or writes raises its own
errors) surfaces as :class:`StdoutError`; the entry point flushes explicitly at the end of
the command and turns the error into :data:`MESSAGE` on standard error.

A reader that closed the pipe (``verifier audit | head``) is not a failure of the run: the
rest of the report is dropped quietly with exit 1, as click does for the commands it runs.
"""

from __future__ import annotations

import errno
import io
import os
import sys

MESSAGE = "verifier: cannot write the report to standard output: {reason}"
"""The line printed on standard error when standard output fails (``reason``: the system's words)."""

FAILED = 2
"""Exit code when the report could not be written: the run's output is unusable."""

CLOSED_PIPE = 1
"""Exit code when the reader closed the pipe (click's own for EPIPE)."""


class StdoutError(OSError):
    """A write to standard output failed (``errno`` and ``strerror`` as the system gave them)."""


class _Descriptor(io.RawIOBase):
    """File descriptor ``fd`` as a raw stream whose failed writes raise :class:`StdoutError`."""

    def __init__(self, fd: int) -> None:
        super().__init__()
        self._fd = fd

    def writable(self) -> bool:
        return True

    def fileno(self) -> int:
        return self._fd

    def isatty(self) -> bool:
        return os.isatty(self._fd)

    def write(self, data) -> int:  # type: ignore[override]
        try:
            return os.write(self._fd, data)
        except OSError as err:
            raise StdoutError(err.errno, err.strerror) from None


def install() -> None:
    """Put a guarded stream in place of ``sys.stdout`` for the rest of the process (the entry
    point's, which ends with the command): its writes to the descriptor raise
    :class:`StdoutError` when they fail. A stream without a descriptor (a test's capture) is
    left as it is."""
    original = sys.stdout
    try:
        fd = original.fileno()
    except (AttributeError, OSError, ValueError):
        return
    original.flush()
    sys.stdout = io.TextIOWrapper(io.BufferedWriter(_Descriptor(fd)), encoding=original.encoding,
                                  errors=original.errors, line_buffering=original.line_buffering)


def finish() -> None:
    """Flush standard output (the end of every command: a report held in the buffer is written
    here, and its failure seen, not lost at exit).

    Raises:
        StdoutError: the flush failed.
    """
    sys.stdout.flush()


def failed(err: OSError) -> int:
    """Report the failure of standard output ``err`` and give the exit code: a closed pipe
    quietly :data:`CLOSED_PIPE`, anything else one line (:data:`MESSAGE`) and :data:`FAILED`.
    Standard output is pointed at ``os.devnull`` so that nothing tries the failed write again
    at exit (Python's advice for EPIPE, which holds for a full disk too)."""
    try:
        null = os.open(os.devnull, os.O_WRONLY)
        try:
            os.dup2(null, sys.stdout.fileno())
        finally:
            os.close(null)
    except (OSError, ValueError):
        pass
    if err.errno == errno.EPIPE:
        return CLOSED_PIPE
    sys.stderr.write(MESSAGE.format(reason=err.strerror or err) + "\n")
    return FAILED
