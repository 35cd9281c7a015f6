"""Progress from inside a long stage, reported to a callback that the caller installs.

Stages stay pure: they never print. A stage that can take long on one input (extracting the
claims of a 10 MB article) calls ``progress(done, total)``, with the callback it was given or,
when it was given none, the one installed around it with :func:`reporting`::

    with reporting(lambda done, total: print(done, total)):
        extract_missing(corpus)             # extract_claims reports inside each article

The installed callback is what lets ``verifier audit`` show progress inside one big article
through library calls (``extract_missing``) that pass no callback down. Only the process that
installed it sees it: a worker process forked inside the block reports nothing, so that only
the command line draws (see ``verifier/cli.py``).
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar

Callback = Callable[[int, int], None]
"""``progress(done, total)``: units of work done out of ``total`` (the stage says which units)."""

_INSTALLED: ContextVar[tuple[int, Callback] | None] = ContextVar("verifier_progress", default=None)


@contextmanager
def reporting(callback: Callback) -> Iterator[None]:
    """Install ``callback`` for the stages run inside the block (in this process and context)."""
    token = _INSTALLED.set((os.getpid(), callback))
    try:
        yield
    finally:
        _INSTALLED.reset(token)


def installed() -> Callback | None:
    """The callback :func:`reporting` installed around the caller in this process, or None."""
    got = _INSTALLED.get()
    return got[1] if got is not None and got[0] == os.getpid() else None


def quiet(done: int, total: int) -> None:
    """A callback that reports nowhere."""
