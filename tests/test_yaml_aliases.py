"""YAML aliases that cannot blow up: every YAML verifier reads (front matter, claim records,
``sources.yaml``, a corpus lexicon, the shipped tables) goes through one loader, which refuses a
recursive alias and an expansion past :data:`~verifier.ingest.yamlio.ALIAS_NODES` with one
``path:line: message`` and exit 2 (an article's front matter: a V705 finding at that line in an
audit, exit 2 from ``validate``), and reads small aliases as before.

The bombs are built here; each test simply finishes (memory is never measured in a test).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.builders import copy_fixture, run_cli
from verifier.errors import InputError
from verifier.ingest.articles import read_article
from verifier.ingest.yamlio import ALIAS_NODES, load_table, load_yaml


def laughs(levels: int = 8, indent: str = "") -> str:
    """The billion-laughs YAML: ``l0`` a list of nine scalars, each next level nine aliases of
    the one before (eight levels: 9**9 scalars once expanded, ~530 bytes of text)."""
    lines = [f"{indent}l0: &l0 [x, x, x, x, x, x, x, x, x]"]
    lines += [f"{indent}l{i}: &l{i} [" + ", ".join([f"*l{i - 1}"] * 9) + "]" for i in range(1, levels + 1)]
    return "\n".join(lines) + "\n"


RECURSIVE = "tags: &a [1, *a]\n"


def line_of(text: str, needle: str) -> int:
    """1-based line of the first ``needle`` in ``text``."""
    return text[:text.index(needle)].count("\n") + 1


@pytest.fixture()
def corpus(tmp_path: Path) -> Path:
    """A writable copy of the small made-up corpus."""
    return copy_fixture(tmp_path)


def _fails_at(corpus: Path, path: Path, needle: str, why: str) -> None:
    """``verifier audit`` stops with exit 2 and one ``path:line: message`` line naming the line of
    ``needle`` in ``path``."""
    result = run_cli("audit", str(corpus))
    assert result.exit_code == 2, result.output
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert "Traceback" not in result.output
    assert lines[0].startswith(f"{path.relative_to(corpus)}:{line_of(path.read_text(encoding='utf-8'), needle)}: ") \
        or f"{path.name}:{line_of(path.read_text(encoding='utf-8'), needle)}: " in lines[0], lines[0]
    assert why in lines[0]


def _article_fails_at(corpus: Path, path: Path, needle: str, why: str) -> None:
    """An article's front matter is refused at the line of ``needle``: ``verifier validate`` stops
    with exit 2 and one ``path:line: message`` line, and ``verifier audit`` reports the file as a
    V705 finding at that line and audits the rest (an unreadable article is a finding)."""
    line = line_of(path.read_text(encoding="utf-8"), needle)
    result = run_cli("validate", str(corpus))
    assert result.exit_code == 2, result.output
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in result.output, result.stderr
    assert f"{path.name}:{line}: " in lines[0] and why in lines[0], lines[0]
    result = run_cli("audit", str(corpus), "--format", "json")
    assert "Traceback" not in result.output
    found = json.loads(result.stdout)["findings"]
    [v705] = [f for f in found if f["rule"] == "V705"]
    assert v705["path"].endswith(path.name) and v705["line"] == line and why in v705["message"], v705
    assert "beta" in {s["id"] for s in json.loads(result.stdout)["sources"]}  # the other article is still audited


def _front(corpus: Path, yaml_text: str) -> Path:
    """alpha.md with ``yaml_text`` added at the top of its front matter."""
    path = corpus / "sources" / "alpha.md"
    text = path.read_text(encoding="utf-8")
    assert text.startswith("---\n")
    path.write_text("---\n" + yaml_text + text[4:], encoding="utf-8")
    return path


# front matter ----------------------------------------------------------------------------------

def test_billion_laughs_in_front_matter_is_refused(corpus: Path) -> None:
    # l4 is the first value past the limit: 1 + 9 * 7381 = 66,430 nodes
    path = _front(corpus, laughs(8))
    _article_fails_at(corpus, path, "l4: &l4", "YAML aliases expand this value to 66,430 nodes")


def test_recursive_alias_in_front_matter_is_refused(corpus: Path) -> None:
    path = _front(corpus, RECURSIVE)
    _article_fails_at(corpus, path, "tags:", "YAML alias refers to the value that contains it")


def test_merge_key_bomb_is_refused(corpus: Path) -> None:
    # '<<' merges copy the merged pairs into each mapping: nine merges a level grow as aliases do
    levels = ["m0: &m0 {a: 1, b: 2, c: 3, d: 4, e: 5, f: 6, g: 7, h: 8, i: 9}"]
    levels += [f"m{i}: &m{i} {{<<: [{', '.join([f'*m{i - 1}'] * 9)}]}}" for i in range(1, 9)]
    path = _front(corpus, "\n".join(levels) + "\n")
    _article_fails_at(corpus, path, "m3: &m3", "YAML aliases expand this value")


def test_small_alias_in_front_matter_still_reads(corpus: Path) -> None:
    path = _front(corpus, "a: &x 1\nb: *x\nshared: &s {k: v, n: [1, 2]}\nagain: *s\n")
    meta = read_article(path, "sources/alpha.md").meta.metadata
    assert (meta["a"], meta["b"]) == (1, 1)
    assert meta["shared"] == meta["again"] == {"k": "v", "n": [1, 2]}
    result = run_cli("audit", str(corpus), "--format", "json")
    assert result.exit_code == 0, result.output


# records, sources.yaml, a corpus lexicon --------------------------------------------------------

def test_billion_laughs_in_a_record_is_refused(corpus: Path) -> None:
    path = corpus / "claims" / "alpha.yaml"
    path.write_text(path.read_text(encoding="utf-8") + "- id: alpha-c099\n" + laughs(8, "  "), encoding="utf-8")
    _fails_at(corpus, path, "l4: &l4", "YAML aliases expand this value to 66,430 nodes")


def test_recursive_alias_in_a_record_is_refused(corpus: Path) -> None:
    path = corpus / "claims" / "alpha.yaml"
    path.write_text(path.read_text(encoding="utf-8") + "- id: alpha-c099\n  " + RECURSIVE, encoding="utf-8")
    _fails_at(corpus, path, "tags:", "YAML alias refers to the value that contains it")


def test_billion_laughs_in_sources_yaml_is_refused(corpus: Path) -> None:
    path = corpus / "sources" / "sources.yaml"
    path.write_text("'*':\n" + laughs(8, "  "), encoding="utf-8")
    _fails_at(corpus, path, "l4: &l4", "YAML aliases expand this value to 66,430 nodes")


def test_recursive_alias_in_sources_yaml_is_refused(corpus: Path) -> None:
    path = corpus / "sources" / "sources.yaml"
    path.write_text("'*':\n  " + RECURSIVE, encoding="utf-8")
    _fails_at(corpus, path, "tags:", "YAML alias refers to the value that contains it")


def test_billion_laughs_in_a_corpus_lexicon_is_refused(corpus: Path) -> None:
    path = corpus / "sources" / "subjects.yaml"
    path.write_text("- name: 星桩充电\n  kind: company\n" + laughs(8, "  "), encoding="utf-8")
    _fails_at(corpus, path, "l4: &l4", "YAML aliases expand this value to 66,430 nodes")


# the limit --------------------------------------------------------------------------------------

def _repeated(times: int) -> str:
    """A list of 99 scalars (100 nodes) aliased ``times`` times: aliases add ``100 * times`` nodes."""
    return "a: &a [" + ", ".join(["x"] * 99) + "]\nb: [" + ", ".join(["*a"] * times) + "]\n"


def test_aliases_may_add_up_to_the_limit_and_no_more() -> None:
    assert ALIAS_NODES == 10_000
    data, _ = load_yaml(_repeated(100), "f.yaml")  # exactly 10,000 added
    assert len(data["b"]) == 100 and data["b"][99] == ["x"] * 99
    with pytest.raises(InputError) as err:
        load_yaml(_repeated(101), "f.yaml", line_offset=1)  # 10,100 added
    assert str(err.value).startswith("f.yaml:2: YAML aliases expand this value to 10,204 nodes")


def test_shipped_tables_use_the_same_loader(tmp_path: Path) -> None:
    path = tmp_path / "table.yaml"
    path.write_text(RECURSIVE, encoding="utf-8")
    with pytest.raises(InputError) as err:
        load_table(path)
    assert str(err.value).startswith(f"{path}:1: YAML alias refers to the value that contains it")
