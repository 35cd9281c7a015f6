"""The ``dask`` engine: the per-article map as tasks on the workers of a Dask cluster.

    mapper = DaskMapper("tcp://10.0.0.5:8786")   # or None: a LocalCluster, started on first use
    mapper.connect()                             # raises UsageError when unreachable or workerless
    mapper.map(func, items, progress) -> [func(x) for x in items]   # in input order
    mapper.imap_shared(func, shared, items) -> func(shared, x) for each x, in order (shared scattered once)
    mapper.close()                               # the client, and the LocalCluster if it is ours

The items are cut into batches, about :data:`BATCHES_PER_THREAD` per worker thread (as
:func:`verifier.parallel.map_articles` cuts its chunks), and each batch is one task,
``_run_batch(func, batch, code)``, submitted with ``Client.submit``. Results come back as tasks
finish (``distributed.as_completed``), so progress ticks batch by batch, and are put back in
input order. The items travel inside the tasks (pickled by the client), so a worker needs no
access to the client's files.

Every worker must run the verifier code the client runs: the extraction cache stores what the
workers computed under keys the client made from its own code. Each batch checks that its
worker's :func:`verifier.ingest.entries.code_digest` is the client's before it runs, and fails
the run with :class:`OtherCode` otherwise.

This module imports distributed (and dask) when it is imported: :func:`verifier.engines.open_mapper`
imports it only for ``--engine dask``, so a run on the local engine never loads them.
"""

from __future__ import annotations

import logging
from collections import deque
from collections.abc import Callable, Iterator, Sequence
from functools import partial
from typing import Any, Final, TypeVar

import distributed

from verifier.errors import UsageError
from verifier.parallel import default_jobs
from verifier.progress import Callback

S = TypeVar("S")
T = TypeVar("T")
R = TypeVar("R")

CONNECT_TIMEOUT: Final = "5s"
"""How long to try a ``--scheduler`` address, and to wait there for a first worker, before giving up
(distributed retries a refused connection until then)."""

AHEAD: Final = 2
"""Batches per worker thread :meth:`DaskMapper.imap_shared` keeps submitted beyond the one it reads."""

BATCHES_PER_THREAD: Final = 8
"""Batches per worker thread: enough for the fast workers to take over from a slow one, few enough
that each task's overhead (~1 ms on the scheduler, the pickling of its batch) stays small beside
its articles (tens of milliseconds each)."""


NO_DASHBOARD: Final = {"dashboard_address": "127.0.0.1:0", "scheduler_kwargs": {"dashboard": False}}
"""LocalCluster arguments for no dashboard. The scheduler serves its HTTP routes (health, metrics)
in any case, on port 8787 when no address is given (and a warning when another cluster holds it):
here on a free port of the loopback, and without the dashboard even where bokeh is installed."""


class OtherCode(UsageError):
    """A worker runs other verifier code (or library versions) than the client."""


class DaskMapper:
    """The ``dask`` engine's :class:`verifier.engines.Mapper`.

    Args:
        scheduler: the address of a running scheduler (``tcp://host:8786``), or None to start a
            ``LocalCluster`` of ``jobs`` worker processes (None: one per core,
            :func:`verifier.parallel.default_jobs`) with one thread each and no dashboard
            (:data:`NO_DASHBOARD`).
        jobs: the LocalCluster's workers; ignored with a ``scheduler``.
    """

    def __init__(self, scheduler: str | None = None, jobs: int | None = None) -> None:
        self.scheduler = scheduler
        self.jobs = jobs
        self._client: distributed.Client | None = None
        self._cluster: distributed.LocalCluster | None = None

    def connect(self) -> distributed.Client:
        """The client, connected (or its LocalCluster started) on the first call.

        Raises:
            UsageError: the scheduler cannot be reached within :data:`CONNECT_TIMEOUT`, its
                address is malformed, or no worker joins it within that time.
        """
        if self._client is not None:
            return self._client
        if self.scheduler is None:
            self._cluster = distributed.LocalCluster(
                n_workers=self.jobs or default_jobs(), threads_per_worker=1, processes=True,
                **NO_DASHBOARD, silence_logs=logging.ERROR)
            self._client = distributed.Client(self._cluster)
            return self._client
        where = f"the Dask scheduler at {self.scheduler}"
        try:
            client = distributed.Client(self.scheduler, timeout=CONNECT_TIMEOUT)
        except (OSError, ValueError, TypeError) as err:  # timed out or refused; a malformed address
            raise UsageError(f"cannot reach {where} (--scheduler): {_one_line(err)}") from None
        try:
            client.wait_for_workers(1, timeout=CONNECT_TIMEOUT)
        except (TimeoutError, OSError):
            client.close()
            raise UsageError(f"{where} has no workers (start one: dask worker {self.scheduler})") from None
        self._client = client
        return client

    def map(self, func: Callable[[T], R], items: Sequence[T], progress: Callback | None = None) -> list[R]:
        """As :meth:`verifier.engines.Mapper.map`; connects first if there is any item.

        Raises:
            UsageError: as :meth:`connect`.
            OtherCode: a worker runs other verifier code than this process.
            Whatever ``func`` raises, for the first failing batch to come back.
        """
        items = list(items)
        tick = progress or (lambda done, total: None)
        tick(0, len(items))
        if not items:
            return []
        client, threads, size, code = self._batches(items)
        starts = range(0, len(items), size)
        futures = [client.submit(_run_batch, func, items[s:s + size], code, pure=False) for s in starts]
        at = {f.key: s for f, s in zip(futures, starts)}
        out: list[Any] = [None] * len(items)
        done = 0
        for future, batch in distributed.as_completed(futures, with_results=True):
            s = at[future.key]
            out[s:s + len(batch)] = batch
            done += len(batch)
            tick(done, len(items))
        return out

    def imap_shared(self, func: Callable[[S, T], R], shared: S, items: Sequence[T], progress: Callback | None = None) -> Iterator[R]:
        """As :meth:`verifier.engines.Mapper.imap_shared`: ``shared`` scattered to every worker once
        (``Client.scatter(broadcast=True)``), the items in batches as :meth:`map` cuts them, at most
        :data:`AHEAD` batches per worker thread submitted ahead of the one being read (so an
        archive's items are never all on the cluster at once), results yielded in input order.

        Raises:
            UsageError: as :meth:`connect`.
            OtherCode: a worker runs other verifier code than this process.
            Whatever ``func`` raises, for the first failing batch read.
        """
        items = list(items)
        tick = progress or (lambda done, total: None)
        tick(0, len(items))
        if not items:
            return
        client, threads, size, code = self._batches(items)
        [on_workers] = client.scatter([shared], broadcast=True)
        waiting: deque = deque()
        starts = iter(range(0, len(items), size))
        done = 0
        try:
            while True:
                while len(waiting) < threads * AHEAD and (s := next(starts, None)) is not None:
                    waiting.append(client.submit(_run_shared_batch, func, on_workers, items[s:s + size], code, pure=False))
                if not waiting:
                    return
                for result in waiting.popleft().result():
                    done += 1
                    yield result
                    tick(done, len(items))
        finally:
            client.cancel(list(waiting))
            client.cancel([on_workers])

    def _batches(self, items: Sequence) -> tuple[distributed.Client, int, int, str]:
        """(the client, connected; its worker threads; the batch size for ``items``, about
        :data:`BATCHES_PER_THREAD` batches per thread; this process's code digest, which each
        batch checks on its worker)."""
        from verifier.ingest.entries import code_digest

        client = self.connect()
        threads = max(1, sum(client.nthreads().values()))
        return client, threads, max(1, len(items) // (threads * BATCHES_PER_THREAD)), code_digest()

    def close(self) -> None:
        """Close the client and, when this mapper started it, the LocalCluster (a cluster
        named by ``scheduler`` is left running)."""
        if self._client is not None:
            self._client.close()
            self._client = None
        if self._cluster is not None:
            self._cluster.close()
            self._cluster = None


def _run_batch(func: Callable[[T], R], batch: list[T], code: str) -> list[R]:
    """``[func(x) for x in batch]`` on a worker, once its verifier code is checked to be ``code``
    (the client's :func:`verifier.ingest.entries.code_digest`).

    Raises:
        OtherCode: this worker's code digest is not ``code``.
    """
    from verifier.ingest.entries import code_digest

    if code_digest() != code:
        worker = distributed.get_worker().address
        raise OtherCode(f"the Dask worker at {worker} runs another verifier (or other library versions) "
                        "than this one: install the same on the workers")
    return [func(x) for x in batch]


def _run_shared_batch(func: Callable[[S, T], R], shared: S, batch: list[T], code: str) -> list[R]:
    """``[func(shared, x) for x in batch]`` on a worker (``shared`` the scattered value), its code
    checked as :func:`_run_batch` checks it.

    Raises:
        OtherCode: this worker's code digest is not ``code``.
    """
    return _run_batch(partial(func, shared), batch, code)


def _one_line(err: Exception) -> str:
    """The first line of ``err``'s message (or its type's name when it has none)."""
    text = str(err).strip()
    return text.splitlines()[0] if text else type(err).__name__
