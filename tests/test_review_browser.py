"""The review desk in a real browser: Debian's chromium driven by Playwright.

A desk is served on 127.0.0.1 over a corpus written into a temporary folder
(:mod:`review_corpus`); the test opens the overview, reviews proposals with the keyboard,
corrects a value in the edit form, checks the records file on disk and the recomputed finding,
provokes a conflict from a stale second tab, and checks that the article's HTML is shown as
text and runs nothing. Skipped when chromium or Playwright is absent, unless the environment
variable ``CI`` is set (``.ci/run`` installs both), in which case it fails.

Screenshots of the pages are taken into the test's folder; with ``VERIFIER_UPDATE_SCREENSHOTS=1``
they are also copied to ``docs/`` for the README.
"""

from __future__ import annotations

import os
import shutil
import threading
from pathlib import Path

import pytest

from review_corpus import EVIL_TITLE, quote_id, record_block, write_review_corpus
from verifier.review.app import bind

DOCS = Path(__file__).resolve().parent.parent / "docs"
TIMEOUT_MS = 30_000
"""Milliseconds one browser step may take."""


def _missing(why: str) -> None:
    if os.environ.get("CI"):
        pytest.fail(f"{why}, and CI is set: .ci/run must install it")
    pytest.skip(why)


@pytest.fixture
def browser():
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    if chromium is None:
        _missing("chromium is not installed (apt-get install chromium)")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        _missing("playwright is not installed (pip install -e '.[test]')")
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=chromium, args=["--no-sandbox", "--disable-gpu"])
        try:
            yield b
        finally:
            b.close()


@pytest.fixture
def desk(tmp_path: Path):
    root = write_review_corpus(tmp_path / "desk")
    server, address = bind([root])
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield root, address
    finally:
        server.shutdown()
        server.server_close()
        thread.join()


def _shot(page, tmp_path: Path, name: str) -> None:
    target = tmp_path / name
    page.screenshot(path=str(target), full_page=True)
    assert target.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    if os.environ.get("VERIFIER_UPDATE_SCREENSHOTS"):
        DOCS.mkdir(exist_ok=True)
        shutil.copyfile(target, DOCS / name)


def test_review_by_keyboard_correct_a_value_and_meet_a_conflict(browser, desk, tmp_path: Path) -> None:
    root, address = desk
    records = root / "claims" / "budget.yaml"
    before = records.read_text(encoding="utf-8")
    first, second, third = (quote_id(before, q) for q in ("40 million dollars", "50 million dollars", "30 percent"))
    context = browser.new_context(viewport={"width": 1200, "height": 800})
    context.set_default_timeout(TIMEOUT_MS)
    page = context.new_page()
    base, query = address.split("?")  # no cookie: an address typed by hand carries the token too

    page.goto(address)
    assert "Corpus overview" in page.inner_text("h1")
    assert page.locator("#articles tr").count() == 3  # a header and two articles
    _shot(page, tmp_path, "review-overview.png")

    page.click("a[href^='/article/budget?']")  # every link carries the token
    assert page.locator("#body .fig.flagged").count() == 3  # the percentage and its two operands
    _shot(page, tmp_path, "review-article.png")
    page.click("#findings a:has-text('V108 derived-figure-mismatch')")  # the wrong percentage, before the correction
    assert page.locator("#operands .box").count() == 3
    assert "[22.22, 27.85] %" in page.inner_text("#recomputation")
    _shot(page, tmp_path, "review-finding.png")

    page.goto(address)
    page.click("a[href^='/queue?source=budget&']")
    assert "0 of 5 records reviewed" in page.inner_text("#progress")
    assert first in page.inner_text("#claim-card")
    _shot(page, tmp_path, "review-queue.png")
    page.keyboard.press("a")  # accept the first proposal
    page.wait_for_selector("#changes")
    assert "1 of 5 records reviewed" in page.inner_text("#progress")
    assert record_block(records.read_text(encoding="utf-8"), first).endswith("  status: accepted\n  note: null\n")

    assert second in page.inner_text("#claim-card")
    page.keyboard.press("s")  # skip it, then come back round to it
    page.wait_for_url("**after=*")
    assert third in page.inner_text("#claim-card")
    page.goto(base + f"queue?source=budget&after={first}&{query}")
    assert second in page.inner_text("#claim-card")

    stale = context.new_page()  # a second tab reads the third record before it is decided
    stale.goto(base + f"claim/{third}?{query}")

    page.keyboard.press("e")  # edit: correct the value the article's own table gives
    page.wait_for_selector("#edit-form")
    page.fill("#number", "52000000")
    page.fill("#note", "finance office table: 52 million")
    page.select_option("#status", "accepted")
    _shot(page, tmp_path, "review-edit.png")
    page.click("#save")
    page.wait_for_selector("#changes")
    changes = page.inner_text("#changes")
    assert "Value 50,000,000 USD → 52,000,000 USD" in changes
    assert "gone: V108 derived-figure-mismatch" in changes
    block = record_block(records.read_text(encoding="utf-8"), second)
    assert "    number: 52000000\n" in block and block.endswith("  status: accepted\n  note: 'finance office table: 52 million'\n")

    assert third in page.inner_text("#claim-card")
    page.keyboard.press("r")  # reject the third in the first tab
    page.wait_for_selector("#changes")
    decided = records.read_text(encoding="utf-8")
    assert record_block(decided, third).endswith("  status: rejected\n  note: null\n")

    stale.select_option("#status", "accepted")
    stale.click("#save")
    stale.wait_for_selector("#conflict")
    assert "changed in claims/budget.yaml since this page was read" in stale.inner_text("#conflict")
    assert records.read_text(encoding="utf-8") == decided
    assert stale.locator("#status").input_value() == "rejected"  # the form now shows the record as on disk

    page.goto(base + f"article/budget?{query}")
    assert page.inner_text("#title") == EVIL_TITLE
    assert page.title() == EVIL_TITLE + " · verifier review"  # shown as text: had it run, the title would be 'pwned'
    assert page.evaluate("document.body.dataset.pwned") is None
    assert page.locator("#body img, #body script").count() == 0
    assert '<img src=x onerror="document.body.dataset.pwned=1">' in page.inner_text("#body")
    assert page.locator("#body .fig.accepted").count() == 2 and page.locator("#body .fig.rejected").count() == 1
    context.close()
