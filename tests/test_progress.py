"""Progress callbacks: the values stages report, and who may receive them (no timed tests)."""

from __future__ import annotations

import os

from tests.builders import art, corpus
from verifier.cli import _progress
from verifier.engine import check
from verifier.extract import extract_claims
from verifier.extract.segment import segment, sentences
from verifier.parallel import map_articles
from verifier.progress import installed, reporting
from verifier.rules.context import Context
from verifier.rules.registry import select_rules

BODY = (
    "Zephyr X1 draws 700 W at peak. Orca 9 draws 1,200 W.\n\n"
    "Zephyr X1售价约12000元，是Orca 9的1.5倍。Orca 9配备96GB内存。\n"
)


def test_extract_claims_reports_characters_read_whole_then_by_sentence() -> None:
    calls: list[tuple[int, int]] = []
    extract_claims(art("p1", BODY), progress=lambda done, total: calls.append((done, total)))
    n = len(BODY)
    ends = [BODY.index(tail) + len(tail) for tail in ("at peak.", "1,200 W.", "1.5倍。", "96GB内存。")]
    assert ends == [s.end for u in segment(BODY) for s in sentences(BODY, u)] == [30, 52, 86, 101]
    assert {total for _, total in calls} == {2 * n}  # one sentence-by-sentence pass
    # the whole article read in four steps, then each sentence, then done
    assert calls == [(0, 2 * n), (n // 4, 2 * n), (n // 2, 2 * n), (3 * n // 4, 2 * n), (n, 2 * n)] \
        + [(n + e, 2 * n) for e in ends] + [(2 * n, 2 * n)]


def test_an_installed_callback_hears_what_no_argument_was_given() -> None:
    calls: list[tuple[int, int]] = []
    with reporting(lambda done, total: calls.append((done, total))):
        extract_claims(art("p2", BODY))
    assert calls[0] == (0, 2 * len(BODY)) and calls[-1] == (2 * len(BODY), 2 * len(BODY))
    before = len(calls)
    extract_claims(art("p3", BODY))  # outside the block: nobody hears
    assert len(calls) == before


def test_an_explicit_callback_wins_over_the_installed_one() -> None:
    heard: list[int] = []
    given: list[int] = []
    with reporting(lambda done, total: heard.append(done)):
        extract_claims(art("p4", BODY), progress=lambda done, total: given.append(done))
    assert heard == [] and given[-1] == 2 * len(BODY)


def test_another_process_does_not_hear_the_installed_callback(monkeypatch) -> None:
    with reporting(lambda done, total: None):
        assert installed() is not None
        monkeypatch.setattr(os, "getpid", lambda: -1)  # as in a worker forked inside the block
        assert installed() is None


def test_map_articles_reports_the_total_before_the_first_item() -> None:
    calls: list[tuple[int, int]] = []
    map_articles(str, [1, 2, 3], jobs=1, progress=lambda done, total: calls.append((done, total)))
    assert calls == [(0, 3), (1, 3), (2, 3), (3, 3)]


def test_cli_progress_off_when_stderr_is_no_terminal() -> None:
    # under pytest standard error is captured, not a terminal: no bar, nothing installed
    with _progress("extracting claims") as tick:
        tick(0, 5)
        assert installed() is None


def test_check_reports_rules_run() -> None:
    rules = select_rules(["V1", "V2"])
    calls: list[tuple[int, int]] = []
    check(Context(corpus([art("p5", BODY)], [])), rules, progress=lambda done, total: calls.append((done, total)))
    assert calls == [(i, len(rules)) for i in range(len(rules) + 1)]
