"""Property-based tests of the readers (hypothesis): whatever the file holds, a reader gives a
Source or a one-line InputError, never another exception; the body is what the file says
after its front matter; every offset maps to a line of the file.

CI runs a bounded, derandomised number of examples; a longer campaign is
``benchmarks/fuzz_readers.py --examples N``.
"""

from __future__ import annotations

from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from verifier.errors import InputError
from verifier.ingest.articles import clean_controls, read_article_text

FRONT_KEYS = st.sampled_from(["id", "title", "lang", "language", "languages", "date", "published", "pubDate", "author",
                              "authors", "tier", "teir", "tags", "draft", "url", "permalink", "site", "cites", "slug"])
VALUES = st.one_of(st.text(max_size=12), st.integers(), st.sampled_from(["en", "zh-CN", "[zh, en]", "2024-05-02",
                   "2024-05-02T09:30:00Z", "primary", "null", "[a, b]", "{x: 1}", "1e309", "'"]))
LINES = st.one_of(
    st.text(st.characters(codec="utf-8"), max_size=40),
    st.sampled_from(["# 5 reasons", "- 3 boats", "| a | b |", "|---|---|", "| 1 | 2 |", "", "---", "+++", "<p>12%</p>",
                     "<html>", "<script>var x=1</script>", "2024年增长18.4%。", "\x00\x1b", "\u2028", "\r"]),
)


@st.composite
def articles(draw) -> str:
    """An article: maybe front matter (YAML or TOML, well formed or not), then lines."""
    head = ""
    kind = draw(st.sampled_from(["none", "yaml", "toml", "broken"]))
    pairs = draw(st.lists(st.tuples(FRONT_KEYS, VALUES), max_size=5))
    if kind == "yaml":
        head = "---\n" + "".join(f"{k}: {v}\n" for k, v in pairs) + "---\n"
    elif kind == "toml":
        head = "+++\n" + "".join(f'{k} = "{v}"\n' for k, v in pairs) + "+++\n"
    elif kind == "broken":
        head = "---\n" + "".join(f"{k}: {v}\n" for k, v in pairs)
    return head + "\n".join(draw(st.lists(LINES, max_size=12)))


FUZZ = settings(max_examples=150, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])


def _check(text: str, name: str) -> None:
    try:
        src = read_article_text(text, Path(name), name)
    except InputError as err:
        assert err.path == name and "\n" not in err.message
        return
    lines = text.count("\n") + 1
    assert 1 <= src.line_of(0) <= lines and 1 <= src.line_of(len(src.body)) <= lines
    assert not any(ch in src.body for ch in "\x00\x1b")
    if src.format != "html":  # the body is the file's text after its front matter, controls read as spaces
        cleaned, _ = clean_controls(text)
        assert cleaned.endswith(src.body) and len(cleaned) == len(text)


@FUZZ
@given(articles(), st.sampled_from(["a.md", "a.txt", "a", "a.markdown"]))
def test_markdown_and_text_readers_never_crash(text: str, name: str) -> None:
    _check(text, name)


@FUZZ
@given(st.lists(st.one_of(LINES, st.sampled_from(["<article>", "</article>", "<table><tr><td>1</td></tr></table>",
                                                  "<meta charset=gbk>", "<body>", "<nav>Home 12</nav>"])), max_size=15))
def test_html_reader_never_crashes(lines: list[str]) -> None:
    _check("<!DOCTYPE html><html><body>" + "\n".join(lines) + "</body></html>", "a.html")
