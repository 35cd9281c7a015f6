"""Range lookups over an article's spans (mentions, figures, claims) in time proportional to
the window asked about, not to the article.

Extraction asks the same questions for every figure and every sentence: which mentions start
in this clause, which figures lie in this sentence, which claims were proposed earlier in this
paragraph, does some mention cover this figure. A list comprehension over all the article's
spans answers each in O(article), which makes extraction quadratic (a 200 KB article took
10 s, 2 MB did not finish in 10 minutes). A :class:`SpanIndex` keeps the items sorted by
their start offset and answers by bisection::

    ix = SpanIndex(mentions)                # items with .start and .end
    ix.starting(10, 40)                     # [m for m in mentions if 10 <= m.start < 40]
    ix.within(10, 40)                       # [m for m in mentions if 10 <= m.start and m.end <= 40]
    ix.last_within(0, 40)                   # (ix.within(0, 40) or [None])[-1]
    ix.covering(12, 15)                     # any(m.start <= 12 and 15 <= m.end for m in mentions)
    ix.overlapping(12, 15)                  # any(m.start < 15 and 12 < m.end for m in mentions)

Lists come back in the order the items were given (or added), so each query returns exactly
what the comprehension it replaces returned.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Callable, Iterable, Iterator
from itertools import accumulate
from typing import Generic, TypeVar

T = TypeVar("T")


def _start(item) -> int:
    return item.start


def _end(item) -> int:
    return item.end


class SpanIndex(Generic[T]):
    """Items sorted by start offset (ties in insertion order), for range queries by bisection.

    Args:
        items: the items, in the order queries should return them.
        start: offset an item is sorted and queried by (default: ``item.start``).
        end: end offset of an item, exclusive (default: ``item.end``); used by :meth:`within`,
            :meth:`covering` and :meth:`overlapping`, which assume ``start(item) <= end(item)``.
    """

    def __init__(self, items: Iterable[T] = (), start: Callable[[T], int] = _start,
                 end: Callable[[T], int] = _end) -> None:
        self._start, self._end = start, end
        given = list(items)
        order = sorted(range(len(given)), key=lambda i: start(given[i]))
        self._items = [given[i] for i in order]
        self._starts = [start(x) for x in self._items]
        self._seq = order  # insertion rank of each sorted item
        self._in_order = order == list(range(len(given)))
        self._max_end: list[int] | None = None

    def __len__(self) -> int:
        return len(self._items)

    def __iter__(self) -> Iterator[T]:
        """Items in insertion order."""
        if self._in_order:
            return iter(self._items)
        return iter([x for _, x in sorted(zip(self._seq, self._items), key=lambda p: p[0])])

    def add(self, item: T) -> None:
        """Add ``item`` after the others (O(1) when it starts at or after the last one)."""
        key, rank = self._start(item), len(self._items)
        if not self._starts or key >= self._starts[-1]:
            pos = rank
        else:
            pos = bisect_right(self._starts, key)
            self._in_order = False
        self._items.insert(pos, item)
        self._starts.insert(pos, key)
        self._seq.insert(pos, rank)
        self._max_end = None

    def starting(self, lo: int, hi: int) -> list[T]:
        """Items with ``lo <= start < hi``, in insertion order."""
        a, b = bisect_left(self._starts, lo), bisect_left(self._starts, hi)
        if self._in_order or b - a < 2:
            return self._items[a:b]
        ranked = sorted(range(a, b), key=self._seq.__getitem__)
        return [self._items[i] for i in ranked]

    def within(self, lo: int, hi: int) -> list[T]:
        """Items with ``lo <= start`` and ``end <= hi``, in insertion order."""
        end = self._end
        return [x for x in self.starting(lo, hi + 1) if end(x) <= hi]

    def last_within(self, lo: int, hi: int) -> T | None:
        """The last item (in insertion order) of :meth:`within` ``(lo, hi)``, or None. For items
        added in start order it costs the items that start before ``hi`` and end after it (a
        look-back from the end of an article to its start is not a walk through every item)."""
        if not self._in_order:
            found = self.within(lo, hi)
            return found[-1] if found else None
        end = self._end
        i = bisect_left(self._starts, hi + 1) - 1
        while i >= 0 and self._starts[i] >= lo:
            if end(self._items[i]) <= hi:
                return self._items[i]
            i -= 1
        return None

    def nearest_within(self, lo: int, hi: int, keep: Callable[[T], bool]) -> T | None:
        """``max((x for x in self.within(lo, hi) if keep(x)), key=start)``: of the items that
        pass ``keep``, the one starting last, the first given among those that start there; or
        None. Walks back from ``hi`` over the items that start before it and stops at the first
        start that holds one (a look-back from a figure is not a walk through every figure)."""
        end = self._end
        i = bisect_left(self._starts, hi + 1) - 1
        best: int | None = None
        while i >= 0 and self._starts[i] >= lo:
            if best is not None and self._starts[i] != self._starts[best]:
                break
            x = self._items[i]
            if end(x) <= hi and keep(x) and (best is None or self._seq[i] < self._seq[best]):
                best = i
            i -= 1
        return None if best is None else self._items[best]

    def _ends_upto(self, pos: int) -> int | None:
        """Largest end among items starting before ``pos`` (None when there are none)."""
        if self._max_end is None:
            self._max_end = list(accumulate((self._end(x) for x in self._items), max))
        i = bisect_left(self._starts, pos)
        return self._max_end[i - 1] if i else None

    def covering(self, s: int, e: int) -> bool:
        """True when some item has ``start <= s`` and ``e <= end``."""
        top = self._ends_upto(s + 1)
        return top is not None and top >= e

    def overlapping(self, s: int, e: int) -> bool:
        """True when some item has ``start < e`` and ``s < end``."""
        top = self._ends_upto(e)
        return top is not None and top > s
