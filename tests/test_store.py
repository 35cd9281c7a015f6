"""The claim store (``verifier audit --store DIR``, ``verifier store``): Parquet written whole or
not at all, read back with DuckDB, the fact groups from SQL equal to the checker's, the README's
column table equal to the Arrow schema."""

from __future__ import annotations

import datetime as dt
import json
import os
import re
import shutil
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pyarrow.parquet as pq
import pytest

from tests.builders import copy_fixture, run_cli
from verifier import __version__, load_corpus
from verifier.extract.corpus import extract_missing
from verifier.factindex import build_facts
from verifier.models.report import SCHEMA_VERSION
from verifier.rules.context import Context
from verifier.store import connect, fact_groups
from verifier.store.rows import unit_group
from verifier.store.schema import CLAIMS, PARTITION_KEY, STORE_VERSION, TABLES, file_schema, schema_table

ROOT = Path(__file__).resolve().parents[1]
PRESS = ROOT.parent / "shared" / "press" / "cases"
CASE = PRESS / "case12"  # a case with two facts that print one id (a level and a change)


def _audit_with_store(args: list[str], store: Path):
    """``verifier audit ARGS --format json --store STORE``: the result and the report."""
    result = run_cli("audit", *args, "--format", "json", "--store", str(store))
    assert result.exit_code == 0, result.output
    return result, json.loads(result.stdout)


@pytest.fixture(scope="module")
def seed(tmp_path_factory) -> tuple[Path, dict]:
    """The store and the JSON report of the shipped corpus (``verifier audit sources``, run from the checkout)."""
    store = tmp_path_factory.mktemp("seed") / "store"
    with pytest.MonkeyPatch.context() as mp:
        mp.chdir(ROOT)
        _, report = _audit_with_store(["sources"], store)
    return store, report


def _one(con, sql: str):
    """The one value of ``sql``'s one row."""
    [(value,)] = con.execute(sql).fetchall()
    return value


def _facts_of(paths: list[Path]) -> list:
    corpus = load_corpus(paths)
    extract_missing(corpus)
    return build_facts(Context(corpus))


def test_the_store_holds_every_claim_source_and_finding_of_the_report(seed) -> None:
    store, report = seed
    con = connect(store)
    assert report["summary"]["by_severity"] == {"error": 6, "warning": 0, "info": 0}
    assert _one(con, "SELECT count(*) FROM claims") == len(report["claims"]) == 193
    assert _one(con, "SELECT count(*) FROM sources") == len(report["sources"]) == 5
    assert _one(con, "SELECT count(*) FROM findings") == len(report["findings"]) == 6
    rows = con.sql('SELECT id, source, quote, start, "end", value, low, high, iso, unit FROM claims ORDER BY source, start, id').fetchall()
    expected = []
    for c in report["claims"]:
        v = c["value"]
        point, (low, high), iso = (v if isinstance(v, (int, float)) else None), (v if isinstance(v, list) else (None, None)), (v if isinstance(v, str) else None)
        expected.append((c["id"], c["source"], c["quote"], c["start"], c["end"], point, low, high, iso, c["unit"]))
    assert rows == expected


def test_specific_claims_round_trip(seed) -> None:
    con = connect(seed[0])
    got = con.sql('SELECT id, source, line, quote, start, "end", value, low, high, iso, unit, unit_group FROM claims '
                  "WHERE id IN ('s003-c017', 's001-c033', 's001-c001') ORDER BY id").fetchall()
    assert got == [
        ("s001-c001", "s001", 30, "8月25日", 0, 5, None, None, None, "2026-08-25", None, "count"),
        ("s001-c033", "s001", 36, "18到36个月", 1123, 1130, None, 18.0, 36.0, None, "month", "time"),
        ("s003-c017", "s003", 19, "1000W", 644, 649, 1000.0, None, None, None, "W", "power"),
    ]
    assert con.sql("SELECT approx, scope['basis'], fact_key, fact_kind, attribution.origin, attribution.tier FROM claims WHERE id = 's003-c017'").fetchall()[0] \
        == ("about", "rated", "GB200|power||basis=rated", "measurement", "openai", "primary")
    tier, cites = con.sql("SELECT tier, cites FROM sources WHERE id = 's003'").fetchall()[0]
    assert tier == "secondary" and [c["source"] for c in cites] == ["openai", "inferencex"]


def test_findings_keep_report_order_and_their_claims(seed) -> None:
    store, report = seed
    con = connect(store)  # kept: duckdb 1.0 closes a connection nothing holds, under its relation
    rows = con.sql("SELECT n, rule, severity, message, claims, stated.low, stated.high FROM findings ORDER BY n").fetchall()
    assert [(r[1], r[2], r[3], r[4]) for r in rows] == [(f["rule"], f["severity"], f["message"], f["claims"]) for f in report["findings"]]
    assert [(r[5], r[6]) for r in rows] == [((f["stated"] or {}).get("low"), (f["stated"] or {}).get("high")) for f in report["findings"]]
    assert [r[0] for r in rows] == list(range(1, 7))


def test_claims_are_partitioned_hive_style_by_unit_group(seed) -> None:
    store, report = seed
    folders = sorted(p.name for p in (store / "claims").iterdir())
    assert folders == ["unit_group=area", "unit_group=count", "unit_group=distance", "unit_group=money",
                       "unit_group=power", "unit_group=ratio", "unit_group=time"]
    for folder in folders:
        assert [p.name for p in (store / "claims" / folder).iterdir()] == ["part-0.parquet"]
        assert pq.read_schema(store / "claims" / folder / "part-0.parquet").remove_metadata() == file_schema("claims").remove_metadata()
    con = connect(store)
    assert Counter(unit_group(c["unit"]) for c in report["claims"]) == Counter(
        dict(con.sql("SELECT unit_group, count(*) FROM claims GROUP BY unit_group").fetchall()))
    families = con.sql("SELECT DISTINCT family FROM claims WHERE unit_group = 'ratio' ORDER BY 1").fetchall()
    assert families == [("fraction",), ("multiple",)]


def test_every_fact_lies_in_one_partition_and_some_mix_percent_and_times(seed) -> None:
    """Why fractions and multiples share a partition: one comparison fact holds '40% faster' and '1.4x'."""
    con = connect(seed[0])
    assert con.sql("SELECT fact_key FROM claims WHERE fact_key IS NOT NULL GROUP BY fact_key HAVING count(DISTINCT unit_group) > 1").fetchall() == []
    mixed = con.sql("SELECT fact_key FROM claims WHERE fact_key IS NOT NULL GROUP BY fact_key HAVING count(DISTINCT family) > 1 ORDER BY 1").fetchall()
    assert mixed == [("Jalapeño|generation_speed|GB300|model=DeepSeek R1 670B, workload=single user",),
                     ("Jalapeño|latency_e2e|GB300|model=DeepSeek R1 670B",)]


def test_the_manifest_says_what_the_store_holds(seed) -> None:
    store, report = seed
    manifest = json.loads((store / "store.json").read_text(encoding="utf-8"))
    created = manifest.pop("created")
    assert dt.datetime.fromisoformat(created.replace("Z", "+00:00")).tzinfo is not None
    assert manifest == {
        "format": "verifier-claim-store", "store_version": STORE_VERSION, "verifier_version": __version__,
        "report_schema_version": SCHEMA_VERSION, "partition_key": "unit_group",
        "partitions": {"area": 3, "count": 81, "distance": 1, "money": 3, "power": 29, "ratio": 47, "time": 29},
        "counts": {"claims": 193, "sources": 5, "findings": 6, "facts": 88},
        "tables": {"claims": "claims/unit_group=*/part-0.parquet", "sources": "sources.parquet", "findings": "findings.parquet"},
    }
    assert sorted(p.name for p in store.iterdir()) == ["claims", "findings.parquet", "sources.parquet", "store.json"]
    umask = os.umask(0)
    os.umask(umask)
    assert store.stat().st_mode & 0o777 == 0o777 & ~umask  # a new folder's mode, not mkdtemp's 0700


def _same_groups(sql: dict[str, list[str]], facts: list) -> None:
    """The groups read with SQL are build_facts' facts: the same claim lists, keyed by the fact ids."""
    assert sorted(sql.values()) == sorted([c.id for c in f.claims] for f in facts)
    assert Counter(key.split("#")[0] for key in sql) == Counter(f.id for f in facts)


def test_fact_groups_from_sql_equal_the_checkers_facts(seed) -> None:
    with pytest.MonkeyPatch.context() as mp:
        mp.chdir(ROOT)
        facts = _facts_of([Path("sources")])
    groups = fact_groups(connect(seed[0]))
    assert len(groups) == len(facts) == 88
    _same_groups(groups, facts)


@pytest.mark.skipif(not CASE.is_dir(), reason="the development press corpora are not beside this checkout")
def test_a_press_case_copied_in_gives_the_same_facts_from_sql(tmp_path: Path) -> None:
    case = tmp_path / "case"
    case.mkdir()
    for article in CASE.glob("*.md"):
        shutil.copy(article, case)
    _, report = _audit_with_store([str(case)], tmp_path / "store")
    con = connect(tmp_path / "store")
    assert _one(con, "SELECT count(*) FROM claims") == len(report["claims"]) > 0
    assert {r[0] for r in con.sql("SELECT id FROM sources").fetchall()} == {s["id"] for s in report["sources"]}
    facts = _facts_of([case])
    groups = fact_groups(con)
    _same_groups(groups, facts)
    assert len({f.id for f in facts}) < len(facts)  # two facts print one id: the store keeps them apart
    assert any(key.endswith("#2") for key in groups)


def test_a_folder_that_is_not_a_store_is_refused_and_left_untouched(tmp_path: Path) -> None:
    corpus = copy_fixture(tmp_path)
    folder = tmp_path / "notes"
    folder.mkdir()
    (folder / "todo.txt").write_text("keep me\n", encoding="utf-8")
    report = tmp_path / "report.json"
    result = run_cli("audit", str(corpus), "--format", "json", "-o", str(report), "--store", str(folder))
    assert result.exit_code == 2
    assert result.stderr == f"{folder}: cannot write the store: a folder with files in it and no store.json (not a verifier store); name a new or empty folder\n"
    assert [p.name for p in folder.iterdir()] == ["todo.txt"] and (folder / "todo.txt").read_text(encoding="utf-8") == "keep me\n"
    assert not report.exists() and result.stdout == ""
    assert sorted(p.name for p in tmp_path.iterdir()) == ["corpus", "notes"]  # no temporary folder left


def test_a_file_or_a_missing_folder_is_refused(tmp_path: Path) -> None:
    corpus = copy_fixture(tmp_path)
    (tmp_path / "file").write_text("x", encoding="utf-8")
    for target, why in ((tmp_path / "file", "not a folder"), (tmp_path / "nowhere" / "store", f"no such folder {tmp_path / 'nowhere'}")):
        result = run_cli("audit", str(corpus), "--store", str(target))
        assert result.exit_code == 2 and result.stderr == f"{target}: cannot write the store: {why}\n"
    assert not (tmp_path / "nowhere").exists()


def test_a_report_inside_the_store_folder_is_refused(tmp_path: Path) -> None:
    corpus = copy_fixture(tmp_path)
    result = run_cli("audit", str(corpus), "-o", str(tmp_path / "store" / "report.md"), "--store", str(tmp_path / "store"))
    assert result.exit_code == 2 and "is inside the store folder" in result.stderr and result.stderr.count("\n") == 1
    assert sorted(p.name for p in tmp_path.iterdir()) == ["corpus"]


def test_an_existing_store_or_empty_folder_is_replaced(tmp_path: Path) -> None:
    corpus = copy_fixture(tmp_path)
    store = tmp_path / "store"
    store.mkdir()  # an empty folder is taken
    with pytest.MonkeyPatch.context() as mp:
        mp.chdir(ROOT)
        _audit_with_store(["sources"], store)
    assert json.loads((store / "store.json").read_text(encoding="utf-8"))["counts"]["claims"] == 193
    store.chmod(0o750)
    _, report = _audit_with_store([str(corpus)], store)
    assert store.stat().st_mode & 0o777 == 0o750  # the replaced store's mode is kept
    manifest = json.loads((store / "store.json").read_text(encoding="utf-8"))
    assert manifest["counts"] == {"claims": 7, "sources": 2, "findings": 2, "facts": manifest["counts"]["facts"]}
    assert _one(connect(store), "SELECT count(*) FROM claims") == len(report["claims"]) == 7
    assert {p.name for p in (store / "claims").iterdir()} == {f"unit_group={g}" for g in manifest["partitions"]}
    assert sorted(p.name for p in tmp_path.iterdir()) == ["corpus", "store"]


def test_a_failed_write_keeps_the_old_store_and_leaves_nothing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    corpus = copy_fixture(tmp_path)
    store = tmp_path / "store"
    _audit_with_store([str(corpus)], store)
    before = {p.relative_to(store): p.read_bytes() for p in store.rglob("*") if p.is_file()}
    import verifier.store.write as write

    def full_disk(path, name, rows):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(write, "_table", full_disk)
    result = run_cli("audit", str(corpus), "--store", str(store))
    assert result.exit_code == 2 and result.stderr == f"{store}: cannot write the store: No space left on device\n"
    assert {p.relative_to(store): p.read_bytes() for p in store.rglob("*") if p.is_file()} == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["corpus", "store"]


def test_without_pyarrow_or_duckdb_the_store_says_how_to_install(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    corpus = copy_fixture(tmp_path)
    store = tmp_path / "store"
    _audit_with_store([str(corpus)], store)
    monkeypatch.setitem(sys.modules, "pyarrow", None)  # import pyarrow now raises ImportError
    result = run_cli("audit", str(corpus), "--store", str(tmp_path / "new"))
    assert result.exit_code == 2 and result.stderr == "verifier: error: the claim store needs pyarrow: pip install 'verifier[store]'\n"
    assert result.stdout == "" and not (tmp_path / "new").exists()
    monkeypatch.setitem(sys.modules, "duckdb", None)
    result = run_cli("store", "query", str(store), "SELECT 1")
    assert result.exit_code == 2 and result.stderr == "verifier: error: the claim store needs duckdb: pip install 'verifier[store]'\n"


def test_the_help_names_the_extra_to_install() -> None:
    """'[store]' is escaped for rich, which would read it as markup and print 'verifier'."""
    result = run_cli("audit", "--help")
    assert result.exit_code == 0 and "'verifier[store]'" in result.stdout


def test_a_plain_audit_imports_neither_pyarrow_nor_duckdb(tmp_path: Path) -> None:
    corpus = copy_fixture(tmp_path)
    run = subprocess.run([sys.executable, "-X", "importtime", "-m", "verifier", "audit", str(corpus)],
                         capture_output=True, text=True, env={**os.environ, "VERIFIER_CACHE_DIR": "off"})
    assert run.returncode == 0, run.stderr[-500:]
    assert "verifier.engine" in run.stderr  # importtime did report
    assert not re.search(r"pyarrow|duckdb", run.stderr, re.I)


def test_store_query_prints_a_table_csv_or_json(seed) -> None:
    store = str(seed[0])
    sql = "SELECT tier, count(*) AS claims FROM claims JOIN sources ON sources.id = claims.source GROUP BY tier ORDER BY tier"
    as_csv = run_cli("store", "query", store, sql, "--format", "csv")
    assert as_csv.exit_code == 0 and as_csv.stdout == "tier,claims\nsecondary,168\nsocial,25\n"
    as_json = run_cli("store", "query", store, sql, "-f", "json")
    assert json.loads(as_json.stdout) == [{"tier": "secondary", "claims": 168}, {"tier": "social", "claims": 25}]
    table = run_cli("store", "query", store, sql)
    assert table.exit_code == 0 and "secondary" in table.stdout and "168" in table.stdout and table.stdout.endswith("2 rows\n")
    nested = run_cli("store", "query", store, "SELECT claims, stated FROM findings WHERE n = 1", "-f", "csv")
    assert nested.stdout.splitlines()[1].startswith('"[""s001-c017"", ""s001-c015"", ""s001-c016""]","{""low"": 4.85')


def test_store_query_errors_are_one_line(seed, tmp_path: Path) -> None:
    bad_sql = run_cli("store", "query", str(seed[0]), "SELEC 1")
    assert bad_sql.exit_code == 2 and bad_sql.stderr.startswith("verifier: error: SQL: Parser Error") and bad_sql.stderr.count("\n") == 1
    no_store = run_cli("store", "query", str(tmp_path), "SELECT 1")
    assert no_store.exit_code == 2
    assert no_store.stderr == f"{tmp_path}: not a verifier claim store (no store.json); write one with `verifier audit --store {tmp_path}`\n"
    bad_format = run_cli("store", "query", str(seed[0]), "SELECT 1", "-f", "xml")
    assert bad_format.exit_code == 2 and "unknown format 'xml'" in bad_format.stderr


def test_a_store_without_claims_still_has_its_views(tmp_path: Path) -> None:
    (tmp_path / "a.md").write_text("No figures in this note.\n", encoding="utf-8")
    _, report = _audit_with_store([str(tmp_path / "a.md")], tmp_path / "store")
    assert report["claims"] == []
    con = connect(tmp_path / "store")
    assert _one(con, "SELECT count(*) FROM claims") == 0
    assert con.sql("SELECT * FROM claims").columns == CLAIMS.names
    assert fact_groups(con) == {} and _one(con, "SELECT count(*) FROM sources") == 1


def test_duckdb_reads_every_column_of_the_schema(seed) -> None:
    con = connect(seed[0])
    for name, schema in TABLES.items():
        assert con.sql(f"SELECT * FROM {name}").columns == schema.names, name
    assert PARTITION_KEY == CLAIMS.names[-1]


README = (ROOT / "README.md").read_text(encoding="utf-8")


def _store_section() -> str:
    return re.search(r"\n## Claim store\n(.*?)\n## ", README, re.S).group(1)


def test_the_readme_column_table_is_the_arrow_schema() -> None:
    table = re.search(r"<!-- store-schema:start -->\n(.*?)<!-- store-schema:end -->", README, re.S).group(1)
    assert table == schema_table() == run_cli("store", "schema").stdout
    columns = re.findall(r"^\| (\w+) \| `(\w+)` \| `([^`]+)` \|", table, re.M)
    assert [(t, c) for t, c, _ in columns] == [(t, f.name) for t, s in TABLES.items() for f in s]


def test_the_readme_queries_run_on_the_store(seed, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every ```sql block of the section runs through the views, and its Python block as printed
    (from a folder holding the seed's store as ``store``)."""
    section = _store_section()
    blocks = re.findall(r"```sql\n(.*?)```", section, re.S)
    assert len(blocks) >= 3
    con = connect(seed[0])
    for sql in blocks:
        assert con.sql(sql).fetchall(), sql
    [python] = re.findall(r"```python\n(.*?)```", section, re.S)
    shutil.copytree(seed[0], tmp_path / "store")
    monkeypatch.chdir(tmp_path)
    exec(compile(python, "README.md", "exec"), {})
