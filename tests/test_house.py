"""The layout of the package: no import circle inside ``verifier/extract/``, and ``verifier/ingest/``
never imports ``verifier/extract/`` (extraction takes ingest's corpus, not the other way round).

Imports are read with :mod:`ast` by ``benchmarks/import_graph.py`` (so the benchmark and the test
read one graph): every import counts, at the top of a module, inside a function, or under
``if TYPE_CHECKING:``.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
_spec = importlib.util.spec_from_file_location("import_graph", ROOT / "benchmarks" / "import_graph.py")
G = importlib.util.module_from_spec(_spec)
sys.modules["import_graph"] = G
_spec.loader.exec_module(G)


def _inside(module: str, package: str) -> bool:
    return module == package or module.startswith(package + ".")


def test_no_import_circle_inside_extract() -> None:
    graph = G.import_graph(ROOT)
    extract = {m: {t: lines for t, lines in edges.items() if _inside(t, "verifier.extract")}
               for m, edges in graph.items() if _inside(m, "verifier.extract")}
    assert G.circles(extract) == []


def test_ingest_imports_nothing_of_extract() -> None:
    assert G.edges_between(G.import_graph(ROOT), "verifier.ingest", "verifier.extract") == []


def test_the_stage_modules_take_run_from_its_own_module() -> None:
    """Only claims.py imports the claim stages; run.py imports none of them."""
    graph = G.import_graph(ROOT)
    stages = {f"verifier.extract.{m}" for m in ("owners", "actors", "families", "changes", "portions", "open_claims", "build")}
    for stage in stages:
        assert "verifier.extract.run" in graph[stage], stage
        assert "verifier.extract.claims" not in graph[stage], stage
    assert not stages & set(graph["verifier.extract.run"])


def _package(tmp_path: Path, files: dict[str, str]) -> Path:
    for name, text in files.items():
        path = tmp_path / "pkg" / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return tmp_path


def test_a_circle_through_type_checking_or_a_local_import_is_found(tmp_path: Path) -> None:
    root = _package(tmp_path, {
        "__init__.py": "from .budget import total\n",  # a package's face: no circle with its modules
        "budget.py": "from pkg.ledger import Ledger\n\ndef total(): ...\n",
        "ledger.py": "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from pkg.budget import total\nclass Ledger: ...\n",
        "clinic.py": "def visits():\n    from . import wards\n    return wards\n",
        "wards/__init__.py": "",
        "wards/beds.py": "import pkg.clinic\n",
        "farm.py": "from pkg import budget\n",  # a leaf that imports a module of the circle: not in it
    })
    graph = G.import_graph(root, "pkg")
    assert G.circles(graph) == [["pkg.budget", "pkg.ledger"]]
    assert graph["pkg.clinic"] == {"pkg.wards": [2]}
    assert graph["pkg.wards.beds"] == {"pkg.clinic": [1]}
    # a function-local relative import into a package whose module imports back: a circle
    (root / "pkg" / "wards" / "__init__.py").write_text("from pkg.wards.beds import *\n", encoding="utf-8")
    assert G.circles(G.import_graph(root, "pkg")) == [["pkg.budget", "pkg.ledger"], ["pkg.clinic", "pkg.wards", "pkg.wards.beds"]]


def test_imports_from_one_package_into_another_are_listed(tmp_path: Path) -> None:
    root = _package(tmp_path, {
        "__init__.py": "",
        "read/__init__.py": "",
        "read/files.py": "def load():\n    from pkg.judge.rules import check\n",
        "judge/__init__.py": "",
        "judge/rules.py": "from pkg.read.files import load\n\ndef check(): ...\n",
    })
    graph = G.import_graph(root, "pkg")
    assert G.edges_between(graph, "pkg.read", "pkg.judge") == [("pkg.read.files", "pkg.judge.rules", [2])]
    assert G.edges_between(graph, "pkg.judge", "pkg.read") == [("pkg.judge.rules", "pkg.read.files", [1])]
