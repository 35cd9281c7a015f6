"""Standard output that fails (issue 35): one line on stderr and exit 2 for every command that
prints a report; a reader that closed the pipe stays quiet (exit 1, as click makes it).

Run through the console entry (:func:`verifier.entry.main`) in a child process, whose standard
output is ``/dev/full`` (every write fails with ENOSPC) or a pipe whose reader is gone.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.builders import copy_fixture

ENTRY = "import sys; from verifier.entry import main; sys.argv[0] = 'verifier'; main()"

FULL = "verifier: cannot write the report to standard output: No space left on device\n"

needs_dev_full = pytest.mark.skipif(not os.path.exists("/dev/full"), reason="no /dev/full on this system")


def _run(args: list[str], stdout, stdin: str | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-c", ENTRY, *args], stdout=stdout, stderr=subprocess.PIPE, input=stdin,
                          text=True, timeout=180, env={**os.environ, "PYTHONPATH": str(Path(__file__).parents[1])})


@pytest.fixture(scope="module")
def corpus(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return copy_fixture(tmp_path_factory.mktemp("stdout"))


@needs_dev_full
@pytest.mark.parametrize("command", [["audit"], ["audit", "-f", "json"], ["audit", "-f", "jsonl"], ["graph"],
                                     ["factsheet"], ["validate"]])
def test_a_full_disk_is_one_line_and_exit_2(command: list[str], corpus: Path) -> None:
    with open("/dev/full", "w") as full:
        done = _run([*command, str(corpus)], full)
    assert (done.returncode, done.stderr) == (2, FULL)


@needs_dev_full
@pytest.mark.parametrize("command", [["rules"], ["rules", "V101"], ["schema", "claim"], ["quantities", "3 %"]])
def test_commands_without_a_corpus_too(command: list[str]) -> None:
    with open("/dev/full", "w") as full:
        done = _run(command, full)
    assert (done.returncode, done.stderr) == (2, FULL)


@needs_dev_full
def test_the_exit_code_of_fail_on_does_not_hide_a_lost_report(corpus: Path) -> None:
    with open("/dev/full", "w") as full:
        done = _run(["audit", str(corpus), "--fail-on", "info"], full)
    assert (done.returncode, done.stderr) == (2, FULL)


@pytest.mark.parametrize("command", [["rules"], ["audit"]])
def test_a_closed_pipe_stays_quiet(command: list[str], corpus: Path) -> None:
    read, write = os.pipe()
    os.close(read)  # the reader left before anything was written: every write is EPIPE
    try:
        done = _run([*command, *([str(corpus)] if command == ["audit"] else [])], write)
    finally:
        os.close(write)
    assert (done.returncode, done.stderr) == (1, "")


def test_a_working_standard_output_gets_the_whole_report(corpus: Path) -> None:
    done = _run(["rules"], subprocess.PIPE)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("| code | name | severity | summary |\n") and "| V101 |" in done.stdout
