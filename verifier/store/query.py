"""Query a claim store with SQL: DuckDB views over its Parquet files, and the groups the
cross-article stage reads.

    con = connect(Path("store"))            # views claims, sources, findings
    con.sql("SELECT rule, count(*) FROM findings GROUP BY rule").fetchall()
    fact_groups(con)                         # {fact key: [claim id, ...]}
    columns, rows = run(con, "SELECT ...")   # for `verifier store query`
    render(columns, rows, "csv")             # 'table', 'csv' or 'json'
"""

from __future__ import annotations

import csv
import datetime as dt
import io
import json
from pathlib import Path
from typing import Any, Final

import duckdb

from verifier.errors import UsageError
from verifier.store.manifest import TABLE_FILES, read_manifest
from verifier.store.schema import PARTITION_KEY

FORMATS: Final = ("table", "csv", "json")
"""Output formats of :func:`render`."""


def _literal(path: Path) -> str:
    """``path`` as an SQL string literal (a quote in a folder name doubled)."""
    return "'" + str(path).replace("'", "''") + "'"


def connect(directory: Path) -> duckdb.DuckDBPyConnection:
    """An in-memory DuckDB connection with the views ``claims``, ``sources`` and ``findings``
    over the store in ``directory`` (columns: :mod:`verifier.store.schema`; ``claims`` has the
    partition column ``unit_group`` from its Hive paths).

    Raises:
        InputError: ``directory`` is no store (:func:`verifier.store.manifest.read_manifest`).
    """
    manifest = read_manifest(directory)
    root = directory.resolve()
    con = duckdb.connect()
    for name in ("sources", "findings"):
        con.execute(f"CREATE VIEW {name} AS SELECT * FROM read_parquet({_literal(root / TABLE_FILES[name])})")
    if manifest["counts"]["claims"]:
        files = _literal(root / TABLE_FILES["claims"].format(key=PARTITION_KEY))
        con.execute(f"CREATE VIEW claims AS SELECT * FROM read_parquet({files}, hive_partitioning = true, "
                    f"hive_types = {{'{PARTITION_KEY}': 'VARCHAR'}})")
    else:  # no claims, no partition: an empty view with the table's columns
        import pyarrow as pa

        from verifier.store.schema import CLAIMS

        con.from_arrow(pa.Table.from_pylist([], schema=CLAIMS)).create_view("claims")
    return con


FACT_GROUPS_SQL: Final = """
SELECT fact_key, list(id ORDER BY source, start, id) AS claims
FROM claims WHERE fact_key IS NOT NULL
GROUP BY fact_key ORDER BY fact_key
"""
"""The claims of each fact, in (source, offset) order: the groups the V2xx rules judge."""


def fact_groups(con: duckdb.DuckDBPyConnection) -> dict[str, list[str]]:
    """Claim ids grouped by fact, read from the store with SQL (:data:`FACT_GROUPS_SQL`).

    Today this is what the store gives the cross-article stage: the same groups as
    :func:`verifier.factindex.build_facts` (a test holds them equal), readable by any SQL
    engine from a store of any size; the rules still build theirs in memory.

    Returns:
        {fact key: [claim id, ...]}, keys sorted, ids in (source, offset, id) order.
    """
    return {key: list(ids) for key, ids in con.execute(FACT_GROUPS_SQL).fetchall()}


def run(con: duckdb.DuckDBPyConnection, sql: str) -> tuple[list[str], list[tuple]]:
    """The result of one SQL statement on ``con``.

    Returns:
        (column names, rows); no rows for a statement without a result (``CREATE VIEW ...``).

    Raises:
        UsageError: DuckDB refused the SQL (its first line of explanation).
    """
    try:
        cursor = con.execute(sql)
        rows = cursor.fetchall()
        return [d[0] for d in cursor.description or []], rows
    except duckdb.Error as err:
        raise UsageError(f"SQL: {str(err).splitlines()[0]}") from None


def _plain(x: Any) -> Any:
    """A query value as JSON can hold it (dates as ISO text, decimals and UUIDs as text)."""
    if isinstance(x, (dt.date, dt.datetime, dt.time)):
        return x.isoformat()
    if isinstance(x, dict):
        return {str(k): _plain(v) for k, v in x.items()}
    if isinstance(x, (list, tuple)):
        return [_plain(v) for v in x]
    if x is None or isinstance(x, (str, int, float, bool)):
        return x
    return str(x)


def render(columns: list[str], rows: list[tuple], format: str, width: int = 120) -> str:
    """``rows`` as text: 'table' (a terminal table, ``width`` columns wide), 'csv' (a header line,
    nested values as JSON) or 'json' (a list of {column: value} objects).

    Raises:
        UsageError: an unknown ``format``.
    """
    if format == "json":
        return json.dumps([dict(zip(columns, map(_plain, r))) for r in rows], ensure_ascii=False, indent=2) + "\n"
    if format == "csv":
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(columns)
        for r in rows:
            writer.writerow(["" if v is None else json.dumps(_plain(v), ensure_ascii=False) if isinstance(v, (list, dict, tuple)) else _plain(v)
                             for v in r])
        return out.getvalue()
    if format == "table":
        return _table(columns, rows, width)
    raise UsageError(f"unknown format {format!r} (choose {', '.join(FORMATS)})")


def _table(columns: list[str], rows: list[tuple], width: int) -> str:
    from rich.console import Console
    from rich.table import Table
    from rich.text import Text

    table = Table(*columns)
    for r in rows:
        table.add_row(*(Text("" if v is None else str(_plain(v))) for v in r))  # Text: no markup read in the data
    out = io.StringIO()
    console = Console(file=out, width=width, no_color=True, highlight=False)
    console.print(table)
    console.print(Text(f"{len(rows)} row{'s' if len(rows) != 1 else ''}"))
    return out.getvalue()
