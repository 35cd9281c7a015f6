"""``-o PATH`` onto what is not a plain new file: links, devices, FIFOs, folders.

A regular file (or a link to one) is replaced atomically and a link stays a link; a FIFO or a
device is written through, never replaced by a plain file; a folder, a link to nothing or a
missing folder is a one-line error with exit 2 and nothing written.
"""

from __future__ import annotations

import os
import stat
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from tests.builders import copy_fixture, run_cli
from verifier.cli import app
from verifier.ingest import files

COMMANDS = {"audit": [], "graph": [], "factsheet": []}
"""Every command with an ``--output`` option, and the arguments it needs besides the corpus."""


@pytest.fixture()
def corpus(tmp_path: Path) -> Path:
    """A writable copy of the small made-up corpus."""
    return copy_fixture(tmp_path)


@pytest.fixture()
def no_replace(monkeypatch: pytest.MonkeyPatch) -> None:
    """Fail loudly instead of renaming a temporary file over a device (the tests may run as
    root, where a regression would replace /dev/null for the whole machine)."""
    def refuse(*args, **kwargs):
        raise AssertionError(f"a temporary file was made or renamed: {args}")

    monkeypatch.setattr(files.tempfile, "mkstemp", refuse)
    monkeypatch.setattr(files.os, "replace", refuse)


def expected(command: str, corpus: Path) -> str:
    """What ``command`` prints on standard output for ``corpus``."""
    result = run_cli(command, str(corpus), *COMMANDS[command])
    assert result.exit_code == 0, result.output
    return result.stdout


def test_every_command_with_an_output_option_is_covered() -> None:
    import typer.main

    group = typer.main.get_command(app)
    with_output = {name for name, cmd in group.commands.items() if any(p.name == "output" for p in cmd.params)}
    assert with_output == set(COMMANDS)


@pytest.mark.parametrize("command", sorted(COMMANDS))
def test_a_link_to_a_file_stays_a_link_with_the_new_text_behind_it(command: str, corpus: Path, tmp_path: Path) -> None:
    (tmp_path / "reports").mkdir()
    target = tmp_path / "reports" / "latest.txt"
    target.write_text("old report\n")
    target.chmod(0o640)
    link = tmp_path / "out" / "report.txt"
    link.parent.mkdir()
    link.symlink_to(Path("..") / "reports" / "latest.txt")
    result = run_cli(command, str(corpus), *COMMANDS[command], "-o", str(link))
    assert result.exit_code == 0, result.output
    assert link.is_symlink() and os.readlink(link) == str(Path("..") / "reports" / "latest.txt")
    assert target.read_text() == expected(command, corpus)
    assert stat.S_IMODE(target.stat().st_mode) == 0o640  # the replaced file's permissions are kept
    assert sorted(p.name for p in link.parent.iterdir()) == ["report.txt"]  # no temporary file left
    assert sorted(p.name for p in target.parent.iterdir()) == ["latest.txt"]


def test_a_chain_of_links_replaces_the_last_target(corpus: Path, tmp_path: Path) -> None:
    target = tmp_path / "report.md"
    target.write_text("old\n")
    (tmp_path / "b.md").symlink_to("report.md")
    (tmp_path / "a.md").symlink_to(tmp_path / "b.md")
    assert run_cli("audit", str(corpus), "-o", str(tmp_path / "a.md")).exit_code == 0
    assert (tmp_path / "a.md").is_symlink() and (tmp_path / "b.md").is_symlink()
    assert target.read_text() == expected("audit", corpus)


@pytest.mark.parametrize("command", sorted(COMMANDS))
def test_dev_null_is_written_to_not_replaced(command: str, corpus: Path, no_replace: None) -> None:
    result = run_cli(command, str(corpus), *COMMANDS[command], "-o", os.devnull)
    assert result.exit_code == 0, result.output
    assert stat.S_ISCHR(os.stat(os.devnull).st_mode)


@pytest.mark.parametrize("command", sorted(COMMANDS))
def test_a_fifo_is_written_through_to_its_reader(command: str, corpus: Path, tmp_path: Path, no_replace: None) -> None:
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    received: list[bytes] = []

    def read() -> None:
        with open(fifo, "rb") as handle:
            received.append(handle.read())

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    result = run_cli(command, str(corpus), *COMMANDS[command], "-o", str(fifo))
    reader.join(timeout=10)
    assert result.exit_code == 0, result.output
    assert stat.S_ISFIFO(fifo.lstat().st_mode)
    assert received == [expected(command, corpus).encode("utf-8")]


def test_a_fifo_nobody_reads_is_an_error_in_time(corpus: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(files, "READER_WAIT", 0.2)
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    result = run_cli("audit", str(corpus), "-o", str(fifo))
    assert result.exit_code == 2
    assert result.stderr == f"{fifo}: cannot write: no reader on the FIFO after 0.2 s\n"
    assert stat.S_ISFIFO(fifo.lstat().st_mode)


def test_a_reader_that_leaves_early_is_an_error_not_a_traceback(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)

    def read_a_little() -> None:
        with open(fifo, "rb") as handle:
            handle.read(10)

    reader = threading.Thread(target=read_a_little, daemon=True)
    reader.start()
    with pytest.raises(BrokenPipeError):  # an OSError: the CLI makes it 'cannot write: Broken pipe'
        files.write_atomic(fifo, lambda handle: handle.write("x" * 1_000_000))
    reader.join(timeout=10)


GUARDED_MAIN = """
import os, sys, tempfile

def refuse(*args, **kwargs):
    sys.exit(f"a temporary file was made or renamed: {args}")

tempfile.mkstemp = os.replace = refuse  # a regression must not replace /dev/stdout (as root it could)
from verifier.cli import app
app(sys.argv[1:])
"""
"""``verifier`` in a child process that refuses to make or rename a temporary file."""


def _run_guarded(args: list[str], stdout) -> subprocess.CompletedProcess:
    """Run ``verifier ARGS`` in a child process (:data:`GUARDED_MAIN`) with ``stdout`` as its
    standard output, so ``/dev/stdout`` is that of the child."""
    return subprocess.run([sys.executable, "-c", GUARDED_MAIN, *args], stdout=stdout, stderr=subprocess.PIPE,
                          text=True, timeout=120, env={**os.environ, "PYTHONPATH": str(Path(__file__).parents[1])})


def test_dev_stdout_is_the_standard_output(corpus: Path) -> None:
    done = _run_guarded(["audit", str(corpus), "-o", "/dev/stdout"], subprocess.PIPE)
    assert done.returncode == 0, done.stderr
    assert done.stdout == expected("audit", corpus)


def test_dev_stdout_appended_to_a_file_keeps_what_was_there(corpus: Path, tmp_path: Path) -> None:
    log = tmp_path / "log.txt"
    log.write_text("earlier line\n")
    with open(log, "a") as handle:  # a shell's '>> log.txt'
        done = _run_guarded(["audit", str(corpus), "-o", "/dev/stdout"], handle)
    assert done.returncode == 0, done.stderr
    assert log.read_text() == "earlier line\n" + expected("audit", corpus)


@pytest.mark.parametrize("command", sorted(COMMANDS))
def test_a_link_to_nothing_is_a_one_line_error(command: str, corpus: Path, tmp_path: Path) -> None:
    link = tmp_path / "report.md"
    link.symlink_to("gone.md")
    result = run_cli(command, str(corpus), *COMMANDS[command], "-o", str(link))
    assert result.exit_code == 2
    assert result.stderr == f"{link}: cannot write: symbolic link to nothing (gone.md does not exist)\n"
    assert link.is_symlink() and not (tmp_path / "gone.md").exists()


@pytest.mark.parametrize("make", ["folder", "link to a folder"])
def test_a_folder_is_a_one_line_error(make: str, corpus: Path, tmp_path: Path) -> None:
    folder = tmp_path / "reports"
    folder.mkdir()
    path = folder
    if make == "link to a folder":
        path = tmp_path / "link"
        path.symlink_to(folder)
    result = run_cli("audit", str(corpus), "-o", str(path))
    assert result.exit_code == 2
    assert result.stderr == f"{path}: cannot write: is a folder\n"
    assert list(folder.iterdir()) == []


def test_a_loop_of_links_is_a_one_line_error(corpus: Path, tmp_path: Path) -> None:
    loop = tmp_path / "loop.md"
    loop.symlink_to("loop.md")
    result = run_cli("audit", str(corpus), "-o", str(loop))
    assert result.exit_code == 2
    assert len(result.stderr.splitlines()) == 1 and result.stderr.startswith(f"{loop}: cannot write: ")


def test_a_bad_output_is_refused_before_the_corpus_is_read(tmp_path: Path) -> None:
    link = tmp_path / "report.md"
    link.symlink_to("gone.md")
    result = run_cli("audit", str(tmp_path / "no-corpus"), "-o", str(link))
    assert result.exit_code == 2
    assert result.stderr.startswith(f"{link}: cannot write: ")


def test_extract_keeps_a_linked_records_file_a_link(corpus: Path, tmp_path: Path) -> None:
    kept = corpus / "kept" / "beta.yaml"  # inside the corpus: a link out of it is refused (tests/test_records_confined.py)
    kept.parent.mkdir()
    kept.write_text("")
    (corpus / "claims" / "beta.yaml").unlink()
    (corpus / "claims" / "beta.yaml").symlink_to(kept)
    result = run_cli("extract", str(corpus))
    assert result.exit_code == 0, result.output
    assert (corpus / "claims" / "beta.yaml").is_symlink()
    assert "id: beta-" in kept.read_text()


@pytest.mark.parametrize("dry_run", [[], ["--dry-run"]])
def test_extract_onto_a_link_to_nothing_is_one_line_and_writes_no_records_file(dry_run: list[str], corpus: Path) -> None:
    records = corpus / "claims"
    (records / "beta.yaml").unlink()
    (records / "beta.yaml").symlink_to("gone.yaml")
    (records / "alpha.yaml").write_text("")  # alpha would get proposals, and is checked first
    result = run_cli("extract", *dry_run, str(corpus))
    assert result.exit_code == 2
    assert result.stderr == f"{records / 'beta.yaml'}: cannot write: symbolic link to nothing (gone.yaml does not exist)\n"
    assert (records / "alpha.yaml").read_text() == "" and not (records / "gone.yaml").exists()
