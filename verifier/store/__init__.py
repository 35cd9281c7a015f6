"""The claim store: the claims, sources and findings of an audit as Parquet, for SQL.

``verifier audit --store DIR`` writes it (:func:`write_store`); ``verifier store query DIR SQL``
and :func:`connect` read it with DuckDB through the views ``claims``, ``sources`` and
``findings``. The columns are defined once, in :mod:`verifier.store.schema`; the README's
table is rendered from it (``verifier store schema``).

Claims are partitioned (Hive style) by their *unit group*: the unit family alignment reads
(:func:`verifier.align.frames.family_of`), with fractions and multiples together. Every claim
has exactly one; frames are paired only within a family and a fact's figures convert into one
unit, so any two claims the cross-article rules (V2xx) could set side by side are in one
partition, and a corpus gives a dozen folders or so, not one per fact. The derivation rules
(V1xx) read across partitions: a percentage change is recomputed from two money figures.

What the store does today: analysts query claims with SQL, and :func:`fact_groups` reads the
claim ids of each fact (column ``fact_key``) from it, the same groups as
:func:`verifier.factindex.build_facts` (a test holds them equal). What it will do: the
cross-article rules read their groups from the store, one partition at a time, instead of
building them in memory for the whole corpus. The rules engine does not read it yet.

pyarrow (writing) and duckdb (querying) are optional (``pip install 'verifier[store]'``) and
imported only here, when a store is written or read: a plain audit never imports them.
"""

from __future__ import annotations

from importlib import import_module
from typing import Any

from verifier.errors import UsageError

INSTALL = "pip install 'verifier[store]'"
"""How a user gets the store's libraries."""

_API = {
    "plan_store": ("verifier.store.write", "plan_store", "pyarrow"),
    "write_store": ("verifier.store.write", "write_store", "pyarrow"),
    "connect": ("verifier.store.query", "connect", "duckdb"),
    "fact_groups": ("verifier.store.query", "fact_groups", "duckdb"),
    "run": ("verifier.store.query", "run", "duckdb"),
    "render": ("verifier.store.query", "render", "duckdb"),
    "schema_table": ("verifier.store.schema", "schema_table", "pyarrow"),
}

__all__ = sorted(_API) + ["INSTALL", "require"]


def require(*modules: str) -> None:
    """Import ``modules`` (default: pyarrow and duckdb) or say how to install them.

    Raises:
        UsageError: one is not installed: ``the claim store needs pyarrow: pip install 'verifier[store]'``.
    """
    for name in modules or ("pyarrow", "duckdb"):
        try:
            import_module(name)
        except ImportError:
            raise UsageError(f"the claim store needs {name}: {INSTALL}") from None


def __getattr__(name: str) -> Any:
    """The public functions, imported on first use, each after :func:`require` of its library."""
    if name not in _API:
        raise AttributeError(f"module 'verifier.store' has no attribute {name!r}")
    module, attr, library = _API[name]
    require(library)
    return getattr(import_module(module), attr)
