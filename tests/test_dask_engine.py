"""The dask engine (``--engine dask``, ``--scheduler``): the same findings as the local engine, on a
real cluster of worker processes, and one-line errors for what cannot work.

One LocalCluster (two worker processes, one thread each, no dashboard) serves the module; the run
that starts its own cluster gets two workers too. The extraction cache is off unless a test says
otherwise, so every article is extracted by the engine under test.
"""

from __future__ import annotations

import hashlib
import json
import logging
import shutil
import socket
import sqlite3
import sys
from pathlib import Path

import pytest

distributed = pytest.importorskip("distributed")

from tests.builders import run_cli, write_synthetic  # noqa: E402
from verifier.extract import cached  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
PRESS_CASE = ROOT.parent / "shared" / "press" / "cases" / "case17"
"""A development press case (five articles, errors, warnings and an info finding) beside the checkout."""

SYNTH_ARTICLES = 64
""":data:`verifier.parallel.MIN_ITEMS`, so the local engine runs its process pool."""


@pytest.fixture(scope="module")
def cluster():
    """A LocalCluster of two worker processes for the module's tests."""
    from verifier.dask_engine import NO_DASHBOARD

    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  **NO_DASHBOARD, silence_logs=logging.ERROR) as running:
        yield running


@pytest.fixture(autouse=True)
def no_cache(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("VERIFIER_CACHE_DIR", "off")
    monkeypatch.setattr("verifier.dask_engine.default_jobs", lambda: 2)  # the run's own cluster stays small


@pytest.fixture(scope="module")
def synthetic(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A synthetic corpus of :data:`SYNTH_ARTICLES` articles, with a corpus lexicon (subjects.yaml)."""
    return write_synthetic(tmp_path_factory.mktemp("synthetic"), SYNTH_ARTICLES, lexicon=True)


@pytest.fixture(scope="module")
def synthetic_local(synthetic: Path) -> dict:
    """The JSON report of :func:`synthetic` on the local engine (its process pool)."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("VERIFIER_CACHE_DIR", "off")
        return _report(str(synthetic))


def _report(*args: str) -> dict:
    result = run_cli("audit", *args, "--format", "json")
    assert result.exit_code == 0, result.output[-500:]
    return json.loads(result.stdout)


def _digest(report: dict) -> str:
    return hashlib.sha1(json.dumps(report["findings"], sort_keys=True).encode()).hexdigest()


def _batches_run(cluster) -> int:
    """Tasks of the dask engine (``_run_batch``, its key prefix ``run_batch``) the cluster's scheduler has seen."""
    prefix = cluster.scheduler.task_prefixes.get("run_batch")
    return 0 if prefix is None else sum(prefix.state_counts.values())


def test_a_scheduler_and_a_cluster_of_its_own_give_the_local_findings_on_the_synthetic_corpus(
        synthetic_local: dict, cluster, synthetic: Path) -> None:
    local = synthetic_local
    assert local["summary"]["by_severity"]["error"] > 0 and len(local["sources"]) == SYNTH_ARTICLES
    before = _batches_run(cluster)
    remote = _report(str(synthetic), "--scheduler", cluster.scheduler_address)
    assert _batches_run(cluster) > before  # the articles were extracted on the cluster's workers
    own = _report(str(synthetic), "--engine", "dask")
    assert remote["findings"] == local["findings"] and own["findings"] == local["findings"]
    assert _digest(remote) == _digest(own) == _digest(local)
    assert remote == local == own  # claims, coverage and summary too


def _shared_batches_run(cluster) -> int:
    """Tasks of the grouped stage on the dask engine (``_run_shared_batch``) the cluster's scheduler has seen."""
    prefix = cluster.scheduler.task_prefixes.get("run_shared_batch")
    return 0 if prefix is None else sum(prefix.state_counts.values())


def test_the_grouped_stage_runs_on_the_cluster_with_the_local_findings(cluster, synthetic: Path) -> None:
    """A totals-only audit (JSON Lines) sends each article's passes and each group of articles to
    the workers (the per-fact shuffle): the same report, byte for byte, as the local engine's."""
    local = run_cli("audit", str(synthetic), "--format", "jsonl")
    before = _shared_batches_run(cluster)
    remote = run_cli("audit", str(synthetic), "--format", "jsonl", "--scheduler", cluster.scheduler_address)
    assert local.exit_code == remote.exit_code == 0, remote.output[-500:]
    assert _shared_batches_run(cluster) - before >= 3  # the claims pass, the frames pass and the groups, each in batches
    lines = [json.loads(line) for line in local.stdout.splitlines()]
    assert sum(1 for line in lines if "rule" in line) > 0
    assert remote.stdout == local.stdout


@pytest.mark.skipif(not PRESS_CASE.is_dir(), reason="the development press corpora are not beside this checkout")
def test_a_press_case_gives_the_same_findings_on_dask(cluster, tmp_path: Path) -> None:
    case = tmp_path / "case"
    shutil.copytree(PRESS_CASE, case, ignore=shutil.ignore_patterns("answer.yaml"))
    local = _report(str(case))
    assert local["summary"]["by_severity"] == {"error": 2, "warning": 3, "info": 1}
    remote = _report(str(case), "--engine", "dask", "--scheduler", cluster.scheduler_address)
    assert remote["findings"] == local["findings"] and _digest(remote) == _digest(local)


def test_the_cache_stores_what_the_workers_extracted(synthetic_local: dict, cluster, synthetic: Path, tmp_path: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("VERIFIER_CACHE_DIR", str(tmp_path / "cache"))
    on_dask = _report(str(synthetic), "--scheduler", cluster.scheduler_address)
    with sqlite3.connect(tmp_path / "cache" / f"{cached.FORMAT}.sqlite") as db:
        assert db.execute("SELECT COUNT(*) FROM entries").fetchone() == (SYNTH_ARTICLES,)
    before = _batches_run(cluster)
    again = _report(str(synthetic), "--scheduler", cluster.scheduler_address)
    assert _batches_run(cluster) == before  # every article a hit: nothing sent to the workers
    assert on_dask == again == synthetic_local
    assert _report(str(synthetic)) == on_dask  # the local engine reads what the workers computed


@pytest.mark.skipif(not PRESS_CASE.is_dir(), reason="the development press corpora are not beside this checkout")
def test_graph_and_factsheet_take_the_engine(cluster) -> None:
    for command in ("graph", "factsheet"):
        local = run_cli(command, str(PRESS_CASE), "--format", "json")
        remote = run_cli(command, str(PRESS_CASE), "--format", "json", "--scheduler", cluster.scheduler_address)
        assert local.exit_code == remote.exit_code == 0, remote.output[-300:]
        assert remote.stdout == local.stdout


def _closed_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _one_line_error(args: list[str], corpus: Path) -> str:
    result = run_cli("audit", str(corpus), *args)
    assert result.exit_code == 2, result.output
    assert len(result.stderr.strip().splitlines()) == 1 and "Traceback" not in result.output
    assert result.stdout == ""
    return result.stderr.strip()


def test_an_unknown_engine_or_a_scheduler_for_the_local_engine_is_one_line(synthetic: Path) -> None:
    assert _one_line_error(["--engine", "spark"], synthetic) == "verifier: error: unknown engine 'spark' (choose local, dask)"
    assert "needs --engine dask" in _one_line_error(["--engine", "local", "--scheduler", "tcp://127.0.0.1:8786"], synthetic)


def test_an_unreachable_scheduler_is_one_line_naming_it(synthetic: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("verifier.dask_engine.CONNECT_TIMEOUT", "1s")  # a refused connection is retried until then
    address = f"tcp://127.0.0.1:{_closed_port()}"
    assert _one_line_error(["--scheduler", address], synthetic).startswith(f"verifier: error: cannot reach the Dask scheduler at {address} (--scheduler): ")
    assert "cannot reach the Dask scheduler at no-port" in _one_line_error(["--engine", "dask", "--scheduler", "no-port"], synthetic)


def test_without_dask_the_engine_says_how_to_install_it(synthetic: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delitem(sys.modules, "verifier.dask_engine", raising=False)
    monkeypatch.setitem(sys.modules, "distributed", None)  # `import distributed` raises ImportError
    message = _one_line_error(["--engine", "dask"], synthetic)
    assert message == "verifier: error: --engine dask needs dask and distributed (distributed is not installed): pip install 'verifier[dask]'"


def test_workers_running_other_code_stop_the_run(cluster, synthetic: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("verifier.ingest.entries.code_digest", lambda: "0" * 40)  # this client only: the workers keep theirs
    message = _one_line_error(["--scheduler", cluster.scheduler_address], synthetic)
    assert message.startswith("verifier: error: the Dask worker at tcp://127.0.0.1:") and "runs another verifier" in message


def test_the_work_sent_to_a_worker_carries_the_corpus_lexicon(synthetic: Path) -> None:
    """A worker on another machine has not the corpus's subjects.yaml: the job holds its text."""
    from verifier.extract.corpus import _extract_one, lexicon_texts
    from verifier.ingest.corpus import load_corpus

    corpus = load_corpus([synthetic])
    paths, texts = lexicon_texts(corpus)
    assert len(paths) == 1 and "kind: place" in texts[0]
    src = corpus.sources[sorted(corpus.sources)[0]]
    here = _extract_one((src, corpus.external, (paths, texts)))
    elsewhere = _extract_one((src, corpus.external, (("/nowhere/sources/subjects.yaml",), texts)))
    assert here[1] is None and here[0].count > 0 and len(here[0].claims()) == here[0].count
    assert elsewhere == here
