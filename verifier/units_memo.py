"""Answers of :mod:`verifier.units` kept on disk, so a run asks pint only about new units.

    @lru_cache(maxsize=4096)
    @remembered("factor")
    def factor(src, dst): ...          # looked up in the table first; pint only on a miss

pint takes ~0.2 s to import and build its registry in every process that converts a unit: a
third of a five-article audit, and once more in each worker of a parallel run. Yet the
answers are a pure function of the unit symbols, pint's version and verifier's unit
definitions, and a desk meets the same few dozen symbols run after run. So each answer is
kept in a JSON table under the cache folder (:func:`verifier.ingest.cache_folder.folder`,
``VERIFIER_CACHE_DIR=off`` turns it off; a folder others may write is refused; the table 0600), named by a digest of what the answers depend on
(:func:`_digest`): a new pint or an edited unit table is a new file, nothing stale is read.

New answers are written when the process exits, merged with what other processes wrote
meanwhile, by an atomic rename: concurrent runs may lose an answer to each other, never
corrupt the table. A table that cannot be read or written is ignored (pint answers).
"""

from __future__ import annotations

import atexit
import hashlib
import json
from collections.abc import Callable
from functools import lru_cache, wraps
from pathlib import Path
from typing import Any, Final, TypeVar

FORMAT: Final = "units-1"
"""The table's folder under the cache root; bumped when the layout of the table changes."""

_SEP: Final = "\x1f"
"""Joins the unit symbols of one question into a table key (a control character no symbol holds)."""

F = TypeVar("F", bound=Callable[..., Any])

_table: dict[str, dict[str, Any]] | None = None
"""The answers read from disk plus those found in this process: function name -> key -> answer."""
_new: dict[str, dict[str, Any]] = {}
"""The answers found in this process, written at exit."""
_registered = False


def _digest() -> str:
    """What every answer depends on: pint's version and the source of verifier's unit modules
    (:mod:`verifier.units`, which defines the registry, and :mod:`verifier.quantities.units`,
    whose currency table it reads)."""
    from importlib import metadata

    from verifier import units
    from verifier.quantities import units as quantity_units

    h = hashlib.sha1(FORMAT.encode())
    try:
        h.update(metadata.version("pint").encode())
    except metadata.PackageNotFoundError:
        h.update(b"-")
    for module in (units, quantity_units):
        h.update(b"\0" + Path(module.__file__ or "").read_bytes())
    return h.hexdigest()[:16]


@lru_cache(maxsize=1)
def _file() -> Path | None:
    from verifier.ingest import cache_folder

    base = cache_folder.folder(FORMAT)
    return None if base is None else base / f"{_digest()}.json"


def _read(path: Path | None) -> dict[str, dict[str, Any]]:
    if path is None:
        return {}
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return {k: v for k, v in data.items() if isinstance(v, dict)} if isinstance(data, dict) else {}


def _answers() -> dict[str, dict[str, Any]]:
    global _table
    if _table is None:
        _table = _read(_file())
    return _table


def remembered(name: str) -> Callable[[F], F]:
    """Decorate a function of unit symbols (str arguments; None ones pass through unremembered)
    whose JSON-able answer is kept in the table under ``name``."""

    def wrap(func: F) -> F:
        @wraps(func)
        def ask(*symbols):
            if not all(isinstance(s, str) for s in symbols):
                return func(*symbols)
            key = _SEP.join(symbols)
            known = _answers().setdefault(name, {})
            if key in known:
                return known[key]
            answer = known[key] = func(*symbols)
            _at_exit()
            _new.setdefault(name, {})[key] = answer
            return answer

        return ask  # type: ignore[return-value]

    return wrap


def _at_exit() -> None:
    global _registered
    if not _registered:
        atexit.register(flush)
        _registered = True


def flush() -> None:
    """Write this process's new answers into the table on disk (merged with what is there now),
    then forget them; nothing when there are none or the cache is off or unwritable."""
    path = _file()
    if not _new or path is None:
        _new.clear()
        return
    merged = _read(path)
    for name, answers in _new.items():
        merged.setdefault(name, {}).update(answers)
    _new.clear()
    try:
        from verifier.ingest import cache_folder

        cache_folder.make_private(path.parent)
        cache_folder.write_private(path, json.dumps(merged, ensure_ascii=False, sort_keys=True).encode("utf-8"))
    except OSError:
        pass


def forget() -> None:
    """Drop the answers held in memory (read again from disk on the next question): for tests,
    and for a process whose cache folder changed."""
    global _table
    _table = None
    _new.clear()
    _file.cache_clear()
