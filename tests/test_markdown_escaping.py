"""HTML in an article stays text in the Markdown reports, once a renderer turns them into HTML.

A made-up article carries a ``<script>``, an ``onerror=`` image and ``javascript:`` links in
its title (with an entity reference), its quote and sentence, and a subject; the audit report and the fact sheet are rendered
to HTML with markdown-it-py (CommonMark, raw HTML allowed: the most trusting renderer), and
the resulting page must hold no script, no event-handler attribute and no ``javascript:``
link, while the payload is still there to read, as text.
"""

from __future__ import annotations

from html.parser import HTMLParser

import pytest
from markdown_it import MarkdownIt

from tests.builders import art, claim, corpus
from verifier.engine import audit, check
from verifier.factsheet import build_factsheet
from verifier.report.common import cell, code
from verifier.report.factsheet import render_markdown as render_sheet
from verifier.report.markdown import render as render_audit
from verifier.rules.context import Context

PAYLOAD = "<img src=x onerror=alert(1)><script>alert('quote')</script>"
LINKS = "[click](javascript:alert(2)) <javascript:alert(3)> `<b>code</b>` a|b"
TITLE = "<script>alert('title')</script> Zephyr &lt;i&gt; leak"
SUBJECT = "Zephyr <b onmouseover=alert(4)>X1</b>"


class _Page(HTMLParser):
    """The elements, attributes and visible text of an HTML fragment."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.tags: list[str] = []
        self.attrs: list[tuple[str, str | None]] = []
        self.text = ""

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append(tag)
        self.attrs += attrs

    def handle_data(self, data: str) -> None:
        self.text += data


def _page(markdown: str) -> _Page:
    page = _Page()
    page.feed(MarkdownIt("commonmark", {"html": True}).render(markdown))
    page.close()
    return page


def _hostile_corpus():
    good = art("good", "Zephyr Labs rates the Zephyr X1 at 800 W.")
    evil = art("evil", f"The {SUBJECT} is rated at 950 W {PAYLOAD} {LINKS} according to a leak.")
    evil = evil.model_copy(update={"meta": evil.meta.model_copy(update={"title": TITLE})})
    claims = [
        claim(good, "800 W", SUBJECT, "power", 800, "W", origin="zephyr-blog"),
        claim(evil, f"950 W {PAYLOAD} {LINKS}", SUBJECT, "power", 950, "W", origin="chip-forum", tier="social", printed="950"),
    ]
    return corpus([good, evil], claims)


@pytest.fixture(scope="module")
def documents() -> dict[str, str]:
    corp = _hostile_corpus()
    report = audit(corp)
    assert any(f.rule == "V201" for f in report.findings)  # the conflict quotes the hostile sentence
    return {"audit": render_audit(report), "factsheet": render_sheet(build_factsheet(corp, check(Context(corp)), None))}


@pytest.mark.parametrize("name", ["audit", "factsheet"])
def test_no_live_html_survives_rendering(documents: dict[str, str], name: str) -> None:
    page = _page(documents[name])
    assert not {"script", "img", "b"} & set(page.tags), page.tags
    assert not [a for a, _ in page.attrs if a.startswith("on")]
    assert not [v for _, v in page.attrs if v and "javascript:" in v.lower()]


@pytest.mark.parametrize("name", ["audit", "factsheet"])
def test_the_payload_is_still_readable_as_text(documents: dict[str, str], name: str) -> None:
    text = _page(documents[name]).text
    assert PAYLOAD in text
    assert LINKS in text  # links, autolinks, backticks and pipes as typed
    assert SUBJECT in text


def test_the_fact_sheet_shows_the_title_as_typed(documents: dict[str, str]) -> None:
    assert TITLE in _page(documents["factsheet"]).text


@pytest.mark.parametrize("text, escaped", [
    ("<script>", "&lt;script&gt;"),
    ("AT&T &amp; co", "AT&T &amp;amp; co"),
    ("[x](javascript:alert(1))", "[x\\](javascript:alert(1))"),
    ("[4.85, 4.95] x (printed 4.9)", "[4.85, 4.95] x (printed 4.9)"),
    ("a\\<b`c`|d", "a\\\\&lt;b\\`c\\`\\|d"),
    ("line\r\nnext\rlast", "line next last"),
])
def test_cell_escapes_only_what_a_renderer_would_act_on(text: str, escaped: str) -> None:
    assert cell(text) == escaped


@pytest.mark.parametrize("text, span", [("evil-c001", "`evil-c001`"), ("a`b", "``a`b``"), ("`x", "`` `x ``")])
def test_code_spans_are_fenced_past_their_backticks(text: str, span: str) -> None:
    assert code(text) == span
    assert _page(span).text.strip() == text
