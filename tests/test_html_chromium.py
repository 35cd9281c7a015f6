"""The HTML audit report and fact sheet, opened in headless Chromium.

The made-up corpus has an article whose quote carries an ``onerror=`` image and a
``<script>`` tag, and whose title carries another script. The pages must show the findings,
show that text escaped, and run nothing. Skipped when Chromium is absent, unless the
environment variable ``CI`` is set (CI installs it in ``.ci/run``), in which case it fails.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from typer.testing import CliRunner

from builders import art, claim, corpus
from evidence_corpora import REGISTRY, write_corpus
from verifier.cli import app

CHROMIUM_FLAGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
    "--disable-component-update", "--disable-sync",
]
TIMEOUT = 120
"""Seconds one Chromium run may take."""

PAYLOAD = """<img src=x onerror="document.title='pwned'"><script>document.body.setAttribute('data-pwned','1')</script>"""
EVIL_BODY = f"Zephyr X1 rated at 950 W {PAYLOAD} according to a leak."
EVIL_TITLE = "<script>document.title='pwned-title'</script> Zephyr leak"


def _chromium() -> str | None:
    path = shutil.which("chromium") or shutil.which("chromium-browser")
    if path is None:
        if os.environ.get("CI"):
            pytest.fail("chromium is not installed, and CI is set: .ci/run must install it")
        pytest.skip("chromium is not installed (apt-get install chromium)")
    return path


def _corpus(tmp_path: Path) -> Path:
    good = art("good", "Zephyr Labs rates the Zephyr X1 at 800 W.")
    evil = art("evil", EVIL_BODY)
    evil = evil.model_copy(update={"meta": evil.meta.model_copy(update={"title": EVIL_TITLE, "publisher": "<b>Leaks</b> & co"})})
    claims = [
        claim(good, "800 W", "Zephyr X1", "power", 800, "W", origin="zephyr-blog"),
        claim(evil, "950 W " + PAYLOAD, "Zephyr X1", "power", 950, "W", origin="chip-forum", tier="social", printed="950"),
        claim(evil, "950 W", "Zephyr X1", "power", 9.5, "kW", origin="chip-forum", tier="social", printed="950", resolution=0.001,
              id="evil-c999"),
    ]
    return write_corpus(corpus([good, evil], claims, REGISTRY), tmp_path / "corpus")


def _dump_dom(chromium: str, page: Path, profile: Path) -> str:
    cmd = [chromium, *CHROMIUM_FLAGS, f"--user-data-dir={profile}", "--dump-dom", page.as_uri()]
    done = subprocess.run(cmd, capture_output=True, text=True, timeout=TIMEOUT, check=False)
    assert done.returncode == 0, done.stderr[-2000:]
    return done.stdout


def _check_inert(dom: str) -> None:
    body_tag = re.search(r"<body[^>]*>", dom).group(0)
    assert "data-pwned" not in body_tag
    assert "pwned" not in re.search(r"<title>(.*?)</title>", dom, re.S).group(1)
    assert "<img" not in dom and "<script" not in dom
    assert "&lt;img src=x onerror=\"document.title='pwned'\"&gt;" in dom or "&lt;img src=x onerror=" in dom
    assert "&lt;script&gt;document.body.setAttribute('data-pwned','1')&lt;/script&gt;" in dom


@pytest.mark.parametrize("command", [["audit", "--format", "html"], ["factsheet", "--format", "html"]])
def test_page_shows_findings_and_runs_nothing(tmp_path: Path, command: list[str]) -> None:
    chromium = _chromium()
    root = _corpus(tmp_path)
    page = tmp_path / "page.html"
    result = CliRunner().invoke(app, [command[0], str(root), *command[1:], "-o", str(page)])
    assert result.exit_code == 0, result.output
    dom = _dump_dom(chromium, page, tmp_path / "profile")
    _check_inert(dom)
    if command[0] == "audit":
        assert "V201" in dom and "conflicting-figures" in dom and "V104" in dom
        assert "&lt;script&gt;document.title='pwned-title'&lt;/script&gt; Zephyr leak" in dom
        assert "chain:" in dom
    else:
        assert "Zephyr X1 power" in dom and "lower tier" in dom and "800 W" in dom


def test_screenshot_renders(tmp_path: Path) -> None:
    chromium = _chromium()
    root = _corpus(tmp_path)
    page = tmp_path / "audit.html"
    assert CliRunner().invoke(app, ["audit", str(root), "--format", "html", "-o", str(page)]).exit_code == 0
    shot = tmp_path / "shot.png"
    cmd = [chromium, *CHROMIUM_FLAGS, f"--user-data-dir={tmp_path / 'profile'}", "--window-size=1000,1400",
           f"--screenshot={shot}", page.as_uri()]
    subprocess.run(cmd, capture_output=True, timeout=TIMEOUT, check=False)
    assert shot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and shot.stat().st_size > 10_000
