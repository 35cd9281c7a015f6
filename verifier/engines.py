"""Where the per-article map runs: on this machine (the default) or on a Dask cluster.

    with open_mapper("dask", scheduler="tcp://10.0.0.5:8786") as mapper:
        extract_missing(corpus, mapper=mapper)         # articles extracted on the cluster's workers
    mapper.map(func, items, progress) -> [func(x) for x in items]   # in input order

A :class:`Mapper` maps a pure, module-level (picklable) function over picklable items, one per
article, and returns the results in input order, calling ``progress(done, total)`` as they come
back. The engines (:data:`ENGINES`):

* ``local``: :func:`verifier.parallel.map_articles`: one process under
  :data:`verifier.parallel.MIN_ITEMS` articles, else a process pool on this machine's cores.
  The default.
* ``dask``: :class:`verifier.dask_engine.DaskMapper`: the items in batches on the workers of a
  Dask cluster, the one whose scheduler is at ``scheduler`` or a ``LocalCluster`` started for
  the run. dask and distributed are an optional extra (``pip install 'verifier[dask]'``),
  imported only when this engine is asked for.

Extraction (:func:`verifier.extract.corpus.extract_missing`) is mapped with :meth:`Mapper.map`.
A totals-only audit (``--format jsonl``) also runs its grouped stage on the engine
(:func:`verifier.rules.groups.by_group`, with :meth:`Mapper.imap_shared`): each article's
claims and frames passes, then each group of articles that share a key (the per-fact
shuffle: the groups are formed here, from every article's keys, and each is sent to a worker
with the whole corpus's indexes, which every worker receives once). The other formats list
every claim and run the rules here, on the whole corpus.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Final, Protocol, TypeVar

from verifier.errors import UsageError
from verifier.parallel import imap_shared, map_articles
from verifier.progress import Callback

S = TypeVar("S")
T = TypeVar("T")
R = TypeVar("R")

ENGINES: Final = ("local", "dask")
"""The engine names, the default first."""

INSTALL_DASK: Final = "pip install 'verifier[dask]'"
"""How a user gets the dask engine's libraries (the ``dask`` extra of pyproject.toml)."""


class Mapper(Protocol):
    """Maps a function over the articles of a run."""

    def map(self, func: Callable[[T], R], items: Sequence[T], progress: Callback | None = None) -> list[R]:
        """``[func(x) for x in items]``, in order; ``progress(done, total)`` is called with
        ``done`` 0 before any result, then as results come back.

        Raises:
            Whatever ``func`` raises, for the first failing item (or batch) seen.
        """
        ...

    def imap_shared(self, func: Callable[[S, T], R], shared: S, items: Sequence[T], progress: Callback | None = None) -> Iterator[R]:
        """``func(shared, x)`` for each of ``items``, yielded in order as they come, ``shared``
        sent to each worker once (not with every item); ``progress`` as for :meth:`map`.

        Raises:
            Whatever ``func`` raises, for the first failing item (or batch) seen.
        """
        ...


@dataclass(frozen=True)
class LocalMapper:
    """The ``local`` engine: :func:`verifier.parallel.map_articles` with ``jobs`` processes
    (None: one per core)."""

    jobs: int | None = None

    def map(self, func: Callable[[T], R], items: Sequence[T], progress: Callback | None = None) -> list[R]:
        """As :meth:`Mapper.map`."""
        return map_articles(func, items, self.jobs, progress)

    def imap_shared(self, func: Callable[[S, T], R], shared: S, items: Sequence[T], progress: Callback | None = None) -> Iterator[R]:
        """As :meth:`Mapper.imap_shared`: :func:`verifier.parallel.imap_shared` (forked workers inherit ``shared``)."""
        return imap_shared(func, shared, items, self.jobs, progress)


def resolve_engine(engine: str | None, scheduler: str | None) -> str:
    """The engine a run uses: ``engine``, or when it is None ``dask`` if a ``scheduler``
    address is given and ``local`` otherwise.

    Raises:
        UsageError: ``engine`` is not one of :data:`ENGINES`, or a scheduler is given to the
            ``local`` engine.
    """
    if engine is None:
        return "dask" if scheduler else ENGINES[0]
    if engine not in ENGINES:
        raise UsageError(f"unknown engine {engine!r} (choose {', '.join(ENGINES)})")
    if scheduler and engine != "dask":
        raise UsageError(f"--scheduler is the address of a Dask scheduler: it needs --engine dask, not {engine}")
    return engine


@contextmanager
def open_mapper(engine: str | None = None, scheduler: str | None = None, jobs: int | None = None) -> Iterator[Mapper]:
    """The mapper of ``engine`` (:func:`resolve_engine`), closed on leaving the block.

    With ``dask``, a ``scheduler`` address is connected to at once, so a wrong one fails before
    any work; without one, a ``LocalCluster`` of ``jobs`` worker processes (None: one per core)
    is started when the first article is mapped (never, when every article has records or
    comes from the extraction cache) and closed with the block.

    Raises:
        UsageError: as :func:`resolve_engine`; dask is not installed (naming
            :data:`INSTALL_DASK`); the scheduler cannot be reached or has no workers.
    """
    name = resolve_engine(engine, scheduler)
    if name == "local":
        yield LocalMapper(jobs)
        return
    try:
        from verifier.dask_engine import DaskMapper
    except ImportError as err:
        if (err.name or "").split(".")[0] not in ("dask", "distributed"):
            raise
        raise UsageError(f"--engine dask needs dask and distributed ({err.name} is not installed): {INSTALL_DASK}") from None
    mapper = DaskMapper(scheduler, jobs)
    try:
        if scheduler:
            mapper.connect()
        yield mapper
    finally:
        mapper.close()
