"""Mapping a pure per-article function over many articles, on every core when it pays.

Extraction and quantity scanning are pure functions of one article, so a corpus can be
split across processes. A pool costs a fork and pickling of the results, so it is used only
for :data:`MIN_ITEMS` or more articles; measured on 2 cores (PERFORMANCE.md: a
multiprocessing pool gave 1.9x on a per-article map), and by benchmarks/bench_audit.py.
"""

from __future__ import annotations

import os
from typing import Callable, Iterable, Iterator, Sequence, TypeVar

S = TypeVar("S")
T = TypeVar("T")
R = TypeVar("R")

MIN_ITEMS = 64
"""Fewest articles worth a process pool; below it one process is faster (fork and pickling)."""


def default_jobs() -> int:
    """Worker processes to use: the cores this process may run on."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not on Linux
        return max(1, os.cpu_count() or 1)


def map_articles(func: Callable[[T], R], items: Iterable[T], jobs: int | None = None,
                 progress: Callable[[int, int], None] | None = None) -> list[R]:
    """``[func(x) for x in items]``, in order, spread over ``jobs`` processes when worth it.

    Args:
        func: a module-level (picklable) pure function.
        items: its inputs (picklable).
        jobs: processes to use; None means :func:`default_jobs`; 1 forces one process.
        progress: called as ``progress(done, total)`` before the first item (``done`` 0)
            and after each item.

    Raises:
        Whatever ``func`` raises, for the first failing item.
    """
    return list(imap_shared(_call, func, list(items), jobs, progress))


def _call(func: Callable[[T], R], x: T) -> R:
    return func(x)


ITEMS_PER_POOL = 5000
"""Items :func:`imap_shared` gives one pool's workers before it forks new ones. A forked worker
shares the parent's memory until it writes to it, and Python writes to every object it reads
(its reference count), so a worker's own copy of the parent's pages grows with what it has
read. On the 100,000-article synthetic archive, forking fresh workers every 5,000 items took
the audit's peak over its process tree from 2,579 to 2,228 MiB (proportional set sizes); a
fresh fork costs milliseconds."""

_SHARED: object = None
"""What :func:`imap_shared`'s workers read beside each item: set in each worker when it starts."""


def _receive(shared: object) -> None:
    global _SHARED
    _SHARED = shared


def _apply(func: Callable, item):
    return func(_SHARED, item)


def imap_shared(func: Callable[[S, T], R], shared: S, items: Sequence[T], jobs: int | None = None,
                progress: Callable[[int, int], None] | None = None) -> Iterator[R]:
    """``func(shared, x)`` for each of ``items``, yielded in order as they come, spread over
    ``jobs`` processes when worth it (as :func:`map_articles`), ``shared`` handed to each worker
    once as it starts: forked workers inherit it without a copy (read-only; what a worker touches
    of it is copied page by page), so a large index costs nothing per item; where processes
    cannot be forked (Windows), each worker receives it pickled. The caller folds the results
    as they come, so they are never all held.

    Raises:
        Whatever ``func`` raises, for the first failing item.
    """
    import multiprocessing

    jobs = default_jobs() if jobs is None else max(1, jobs)
    tick = progress or (lambda done, total: None)
    tick(0, len(items))
    if jobs == 1 or len(items) < MIN_ITEMS:
        for done, x in enumerate(items, 1):
            yield func(shared, x)
            tick(done, len(items))
        return
    from concurrent.futures import ProcessPoolExecutor
    from functools import partial

    chunk = max(1, min(64, len(items) // (jobs * 8)))
    context = multiprocessing.get_context("fork" if "fork" in multiprocessing.get_all_start_methods() else None)
    done = 0
    for start in range(0, len(items), ITEMS_PER_POOL):  # fresh workers now and then: see ITEMS_PER_POOL
        with ProcessPoolExecutor(max_workers=jobs, mp_context=context, initializer=_receive, initargs=(shared,)) as pool:
            for result in pool.map(partial(_apply, func), items[start:start + ITEMS_PER_POOL], chunksize=chunk):
                done += 1
                yield result
                tick(done, len(items))
