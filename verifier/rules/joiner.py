"""Articles joined into groups by the keys they share, each key carried as a stable 64-bit code.

    code = key_code(("whose", block, "reading", "the city"), True)   # the same in every process and run
    joiner = Joiner()
    joiner.add("a000017", codes)          # one article at a time, in the corpus's order
    joiner.groups() -> [["a000017", ...], ...]
    article_groups({source id: [(key, active)]}) -> [[source id]]

A key (:mod:`verifier.rules.groups`: a tuple of strings and numbers) is carried as a *code*: 63
bits of a BLAKE2b digest of its canonical text (:func:`canonical`), shifted left, its activity
in the lowest bit. The code is computed where the key is made (the frames pass's workers, and
kept in the results cache with its result), so the parent joins integers, and is the same in
every process and run (Python's own ``hash`` of a string is not), so a re-audit can join the
codes an earlier audit kept (:mod:`verifier.rules.regroup`). Two keys of one code would only
join more articles, never fewer: at 2^63 codes that takes ~3 billion keys to be likely.
"""

from __future__ import annotations

import hashlib
from array import array
from collections import defaultdict
from collections.abc import Hashable, Iterable

Code = int
"""A key's code: its :func:`key_hash` shifted left one bit, its activity (1: active) in the lowest bit."""


def canonical(value: Hashable) -> str:
    """The text of a key that two equal keys share: numbers that are equal in Python (``1``,
    ``1.0``, ``True``; ``0.0`` and ``-0.0``) are written alike, strings quoted (so that a string
    never reads as a number or as a tuple's separators), tuples and frozensets (sorted) bracketed.

    Raises:
        TypeError: ``value`` is of another kind (its text could differ between runs)."""
    kind = type(value)
    if kind is str:
        return repr(value)
    if kind is tuple:
        return "(" + ",".join(map(canonical, value)) + ")"
    if kind is float:
        return str(int(value)) if value.is_integer() else repr(value)
    if kind is int or kind is bool:
        return str(int(value))
    if value is None:
        return "None"
    if kind is frozenset:
        return "{" + ",".join(sorted(map(canonical, value))) + "}"
    raise TypeError(f"a key holds {kind.__name__} {value!r}, which has no canonical text")


def key_hash(key: Hashable) -> int:
    """63 bits of the BLAKE2b digest of :func:`canonical` ``key``: the same for equal keys, in any process."""
    return int.from_bytes(hashlib.blake2b(canonical(key).encode(), digest_size=8).digest(), "little") >> 1


def key_code(key: Hashable, active: bool) -> Code:
    """The :data:`Code` of ``key`` given ``active`` (True) or passive (False)."""
    return key_hash(key) << 1 | bool(active)


def codes(pairs: Iterable[tuple[Hashable, bool]]) -> array:
    """The :data:`Code` of each (key, active) pair, as an unsigned 64-bit array (8 bytes a key)."""
    return array("Q", [key_code(k, a) for k, a in pairs])


class Joiner:
    """Union-find over the articles' keys, fed one article at a time, holding no article's
    keys: a key is kept as its hash (its code without the activity bit), with the first article
    that gave it and, until one gives it active, the others that gave it passive."""

    def __init__(self) -> None:
        self._order: list[str] = []
        self._parent: list[int] = []
        self._first: dict[int, int] = {}
        self._active: set[int] = set()
        self._waiting: dict[int, list[int]] = {}

    def _root(self, i: int) -> int:
        parent = self._parent
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    def _join(self, a: int, b: int) -> None:
        ra, rb = self._root(a), self._root(b)
        if ra != rb:
            self._parent[max(ra, rb)] = min(ra, rb)

    def add(self, sid: str, keys: Iterable[Code]) -> None:
        """Join article ``sid`` (the next in corpus order) by the codes of its keys (:func:`key_code`)."""
        i = len(self._order)
        self._order.append(sid)
        self._parent.append(i)
        first_of, active, waiting = self._first, self._active, self._waiting
        for code in keys:
            h, on = code >> 1, code & 1
            first = first_of.get(h)
            if first is None:
                first_of[h] = i
                if on:
                    active.add(h)
            elif h in active:
                self._join(i, first)
            elif on:
                active.add(h)
                self._join(i, first)
                for j in waiting.pop(h, ()):
                    self._join(j, first)
            else:
                waiting.setdefault(h, []).append(i)

    def groups(self) -> list[list[str]]:
        """The groups so far: in the order of their first article, each in the order articles were added."""
        out: dict[int, list[str]] = defaultdict(list)
        for i, sid in enumerate(self._order):
            out[self._root(i)].append(sid)
        return [out[r] for r in sorted(out)]


def article_groups(keys: dict[str, Iterable[tuple[Hashable, bool]]]) -> list[list[str]]:
    """Articles joined by union-find over the keys they share: a key joins every article that
    gives it once one of them gives it active. Groups in the order of their first article, each
    in the order of ``keys`` (the corpus's)."""
    joiner = Joiner()
    for sid, ks in keys.items():
        joiner.add(sid, codes(ks))
    return joiner.groups()
