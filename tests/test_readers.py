"""Readers and front matter: the articles people actually have (issue 8).

Every article here is written for the test, in domains no other test covers.
"""

from __future__ import annotations

import datetime as dt
import json
import os
from pathlib import Path

import pytest
from typer.testing import CliRunner

from builders import run_cli
from verifier.cli import app
from verifier.errors import InputError
from verifier.extract import extract_claims
from verifier.extract.segment import segment
from verifier.ingest.articles import read_article, read_article_text
from verifier.ingest.corpus import load_corpus
from verifier.ingest.frontmatter import did_you_mean

JEKYLL = """---
layout: post
title: "Harbor traffic sets a record"
date: 2024-05-02 09:30:00 +0800
author: Sam Lee
lang: en-US
tags: [ports, shipping]
categories: news
draft: false
slug: harbor-traffic
description: Container volumes up
teir: primary
---

The harbor handled 4.1 million containers in 2023, up 12% from 2022.
"""

HUGO_TOML = """+++
title = "Water rates rise"
date = 2024-06-01T08:00:00Z
authors = ["Ana Ruiz", "Bo Chen"]
draft = false
[params]
  weight = 3
+++
The utility raised water rates by 8% to $4.32 per 1,000 gallons.
"""

PAGE = """<!DOCTYPE html>
<html lang="en-GB">
<head>
<title>Library visits climb | The Valley Courier</title>
<meta property="og:title" content="Library visits climb to 2.3 million">
<meta name="author" content="Priya Nair">
<meta property="article:published_time" content="2025-02-11T07:00:00Z">
<meta property="og:site_name" content="The Valley Courier">
<script>var pageViews = 98765; window.slots = {"top": 728};</script>
<style>.hero { width: 960px; }</style>
</head>
<body>
<nav><a href="/">Home</a> | <a href="/news">News</a> | Top 10 stories</nav>
<div class="promo">Subscribe now: 3 months for $1</div>
<article>
<h1>Library visits climb to 2.3 million</h1>
<p>Riverside Libraries recorded 2.3 million visits in 2024, up 15% from
2 million in 2023, according to the library board.</p>
<p>Card holders rose to 184,000, and the board lent out 1.6 million books &amp; films.</p>
<p>Evening hours, added at 9 branches last spring, drew 41,000 visits on their own.</p>
</article>
<aside><h3>Most read</h3><ol><li>Bridge closes for 6 weeks</li><li>45 cats rescued</li></ol></aside>
<footer>&copy; 2025 The Valley Courier. Call 555-0142. 12 comments</footer>
</body>
</html>
"""


def _write(folder: Path, name: str, text: str) -> Path:
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


def test_a_jekyll_post_is_read_with_its_spellings(tmp_path: Path) -> None:
    src = read_article(_write(tmp_path, "2024-05-02-harbor.md", JEKYLL))
    meta = src.meta
    assert (meta.id, meta.title, meta.languages, meta.published, meta.authors) == (
        "harbor-traffic", "Harbor traffic sets a record", ["en"], dt.date(2024, 5, 2), ["Sam Lee"])
    assert meta.metadata["tags"] == ["ports", "shipping"] and meta.metadata["draft"] is False
    assert meta.metadata["layout"] == "post" and meta.metadata["teir"] == "primary"
    assert meta.tier.value == "secondary" and "tier" in src.defaulted  # the misspelt key is not read
    [note] = src.notes
    assert (note.kind, note.line, note.message) == ("unread-key", 12, "front matter key 'teir' is not read; did you mean 'tier'?")


def test_a_hugo_post_with_toml_front_matter(tmp_path: Path) -> None:
    src = read_article(_write(tmp_path, "water.md", HUGO_TOML))
    assert (src.meta.title, src.meta.published, src.meta.authors) == ("Water rates rise", dt.date(2024, 6, 1), ["Ana Ruiz", "Bo Chen"])
    assert src.meta.metadata == {"draft": False, "params": {"weight": 3}}
    assert src.body == "The utility raised water rates by 8% to $4.32 per 1,000 gallons.\n"
    assert src.body_line == 9 and src.line_of(0) == 9


@pytest.mark.parametrize("front, expected", [
    ("language: en", ["en"]), ("lang: zh-CN", ["zh"]), ("languages: [zh, en]", ["zh", "en"]),
    ("language: 'en, zh'", ["en", "zh"]), ("locale: zh_Hans", ["zh"]),
])
def test_languages_in_every_spelling(tmp_path: Path, front: str, expected: list[str]) -> None:
    src = read_article(_write(tmp_path, "a.md", f"---\n{front}\n---\nText.\n"))
    assert src.meta.languages == expected and "languages" not in src.defaulted


@pytest.mark.parametrize("front, expected", [
    ("date: 2021-01-13", dt.date(2021, 1, 13)), ("published: 2021-01-13T09:30:00Z", dt.date(2021, 1, 13)),
    ("pubDate: '2021-01-13 09:30:00 +0800'", dt.date(2021, 1, 13)), ("datePublished: 2021-01-13T09:30:00.000+08:00", dt.date(2021, 1, 13)),
])
def test_dates_in_every_spelling(tmp_path: Path, front: str, expected: dt.date) -> None:
    assert read_article(_write(tmp_path, "a.md", f"---\n{front}\n---\nText.\n")).meta.published == expected


@pytest.mark.parametrize("front", ["cites: [ministry-report, wire-story]", "cites:\n  - ministry-report\n  - source: wire-story"])
def test_cites_may_be_bare_ids(tmp_path: Path, front: str) -> None:
    meta = read_article(_write(tmp_path, "a.md", f"---\n{front}\n---\nText.\n")).meta
    assert [(c.source, c.relation) for c in meta.cites] == [("ministry-report", "cites"), ("wire-story", "cites")]


def test_spellings_of_publisher_url_and_author(tmp_path: Path) -> None:
    text = "---\nsite: Metro Daily\npermalink: /2024/05/bridge/\nbyline: Ola Berg\nsource: Ignored Because Site Is Later\n---\nText.\n"
    meta = read_article(_write(tmp_path, "a.md", text)).meta
    # publisher is read from 'source' (listed before 'site' in ALIASES); 'site' is kept as metadata
    assert (meta.publisher, meta.url, meta.authors) == ("Ignored Because Site Is Later", "/2024/05/bridge/", ["Ola Berg"])
    assert meta.metadata == {"site": "Metro Daily"}


def test_a_date_that_is_no_date_is_kept_and_noted(tmp_path: Path) -> None:
    src = read_article(_write(tmp_path, "a.md", "---\ntitle: T\ndate: last Tuesday\n---\nText.\n"))
    assert src.meta.published is None and src.meta.metadata == {"date": "last Tuesday"}
    assert [(n.kind, n.line) for n in src.notes] == [("unread-value", 3)]


def test_a_bad_tier_stops_the_run_at_its_line(tmp_path: Path) -> None:
    with pytest.raises(InputError) as err:
        read_article(_write(tmp_path, "a.md", "---\ntitle: T\nlang: en\ntier: tabloid\n---\nText.\n"))
    assert err.value.line == 4 and "tier" in err.value.message


@pytest.mark.parametrize("key, hint", [("teir", "tier"), ("tilte", "title"), ("publised", "published"), ("auther", "author"),
                                       ("tags", None), ("layout", None), ("draft", None), ("categories", None), ("weight", None)])
def test_did_you_mean(key: str, hint: str | None) -> None:
    assert did_you_mean(key) == hint


def test_no_front_matter_takes_stem_first_line_and_detected_language(tmp_path: Path) -> None:
    src = read_article(_write(tmp_path, "rail-report.md", "# 铁路客运\n\n2024年全国铁路旅客发送量达到40.8亿人次。\n"))
    assert (src.meta.id, src.meta.title, src.meta.languages, src.meta.tier.value) == ("rail-report", "铁路客运", ["zh"], "secondary")
    assert set(src.defaulted) == {"id", "title", "languages", "tier"}


def test_plain_text_is_never_parsed_as_markdown(tmp_path: Path) -> None:
    text = ("# 5 reasons the ferry is late again this winter, by our reporter\n- 3 boats are out of service.\n\n"
            "The ferry carried 1,200 people a day in 2024.\n")
    src = read_article(_write(tmp_path, "ferry.txt", text))
    assert src.format == "text" and src.meta.title.startswith("# 5 reasons")
    units = segment(src.body, markdown=False)
    assert [(u.kind, src.body[u.start:u.end]) for u in units] == [
        ("paragraph", "# 5 reasons the ferry is late again this winter, by our reporter\n- 3 boats are out of service."),
        ("paragraph", "The ferry carried 1,200 people a day in 2024.")]
    as_markdown = segment(src.body)
    assert as_markdown[0].kind == "heading" and as_markdown[1].kind == "list_item"


def test_a_file_without_extension_is_plain_text(tmp_path: Path) -> None:
    src = read_article(_write(tmp_path, "NOTES", "Turnout was 61.2% in 2022.\n"))
    assert (src.id, src.format) == ("NOTES", "text")


def test_a_saved_news_page_gives_its_main_text_and_metadata(tmp_path: Path) -> None:
    src = read_article(_write(tmp_path, "library.html", PAGE))
    assert src.format == "html" and src.path.endswith("library.html")
    meta = src.meta
    assert (meta.title, meta.authors, meta.published, meta.publisher, meta.languages) == (
        "Library visits climb to 2.3 million", ["Priya Nair"], dt.date(2025, 2, 11), "The Valley Courier", ["en"])
    body = src.body
    assert "184,000" in body and "1.6 million books & films" in body and "41,000 visits" in body
    for boilerplate in ("98765", "728", "960px", "Top 10", "3 months for $1", "45 cats", "555-0142", "12 comments", "Most read"):
        assert boilerplate not in body, boilerplate
    # paragraphs are blank-line separated; each body line points at its line of the page
    line = body.index("Card holders")
    assert body[line - 2:line] == "\n\n"
    assert PAGE.splitlines()[src.line_of(line) - 1].startswith("<p>Card holders")
    # claims quote the extracted text
    claims = extract_claims(src)
    assert [c.anchor.quote for c in claims if c.subject][:2] == ["2.3 million", "15%"]
    assert all(body[c.anchor.start:c.anchor.end] == c.anchor.quote for c in claims)


def test_an_html_page_with_no_article_is_a_one_line_error(tmp_path: Path) -> None:
    _write(tmp_path, "empty.html", "<html><head><script>var a=1;</script></head><body></body></html>")
    result = run_cli("audit", str(tmp_path))
    assert result.exit_code == 2 and "empty.html: no article text found" in result.output


def test_a_file_of_any_extension_that_opens_as_html_is_read_as_html() -> None:
    src = read_article_text(PAGE, Path("saved.txt"), "saved.txt")
    assert src.format == "html" and "Top 10" not in src.body


def test_standard_input_is_one_article() -> None:
    result = CliRunner().invoke(app, ["audit", "-", "--format", "json"], input=JEKYLL)
    assert result.exit_code == 0, result.output
    [source] = json.loads(result.output)["sources"]
    assert (source["id"], source["path"], source["published"]) == ("harbor-traffic", "(stdin)", "2024-05-02")
    page = CliRunner().invoke(app, ["audit", "-", "--format", "json"], input=PAGE)
    assert json.loads(page.output)["sources"][0]["format"] == "html"


def test_standard_input_cannot_be_extracted_into_records() -> None:
    result = CliRunner().invoke(app, ["extract", "-"], input="Turnout was 61.2%.\n")
    assert result.exit_code == 2 and "standard input" in result.output


def test_unknown_keys_never_stop_an_audit_and_the_tier_note_comes_once(tmp_path: Path) -> None:
    _write(tmp_path, "a.md", JEKYLL)
    _write(tmp_path, "b.md", HUGO_TOML)
    _write(tmp_path, "c.txt", "The bridge toll rose to $6.50 in 2024.\n")
    _write(tmp_path, "d.html", PAGE)
    result = run_cli("audit", str(tmp_path), "--format", "json")
    assert result.exit_code == 0, result.output
    report = json.loads(result.output)
    assert [(s["id"], s["format"], s["tier_given"]) for s in report["sources"]] == [
        ("b", "markdown", False), ("c", "text", False), ("d", "html", False), ("harbor-traffic", "markdown", False)]
    tier_notes = [f for f in report["findings"] if f["rule"] == "V702"]
    assert len(tier_notes) == 1 and tier_notes[0]["message"].startswith("4 of 4 articles name no evidence tier")
    assert [(Path(f["path"]).name, f["line"]) for f in report["findings"] if f["rule"] == "V701"] == [("a.md", 12)]


def test_control_characters_are_reported_with_their_line_and_the_rest_is_read(tmp_path: Path) -> None:
    text = "---\ntitle: T\n---\nLine one.\nBad\x00byte and \x1b here.\nThe school hired 120 teachers in 2024, up from 100.\n"
    _write(tmp_path, "a.md", text)
    src = read_article(tmp_path / "a.md")
    assert len(src.body) == len(text.split("---\n", 2)[2]) and "\x00" not in src.body and "Bad byte and   here" in src.body
    result = run_cli("audit", str(tmp_path), "--format", "json")
    assert result.exit_code == 0
    [note] = [f for f in json.loads(result.output)["findings"] if f["rule"] == "V703"]
    assert (note["line"], note["message"]) == (5, "2 control character(s) (U+0000, U+001B) on line(s) 5 read as spaces")


def test_an_article_without_text_is_a_warning(tmp_path: Path) -> None:
    """A file of front matter alone, or an empty file, reads as no claims: V704 says so, once each."""
    _write(tmp_path, "bare.md", "---\ntitle: Only metadata\n---\n\n")
    _write(tmp_path, "empty.md", "")
    _write(tmp_path, "full.md", "---\ntitle: T\n---\nThe school hired 120 teachers in 2024.\n")
    result = run_cli("audit", str(tmp_path), "--format", "json")
    assert result.exit_code == 0
    found = [(f["source"], f["severity"]) for f in json.loads(result.output)["findings"] if f["rule"] == "V704"]
    assert found == [("bare", "warning"), ("empty", "warning")]


SOURCES_YAML = """\
gov-release:
  tier: primary
  publisher: Bureau of Statistics
"*-blog*":
  tier: social
"""


def test_sources_yaml_sets_tiers_by_id_and_pattern(tmp_path: Path) -> None:
    _write(tmp_path, "gov-release.md", "The bureau counted 52,310 births in 2024.\n")
    _write(tmp_path, "mom-blog-post.md", "---\ntier: secondary\n---\nThere were about 50,000 births in 2024.\n")
    _write(tmp_path, "paper.md", "Births fell to 52,310 in 2024.\n")
    _write(tmp_path, "sources.yaml", SOURCES_YAML)
    corpus = load_corpus([tmp_path])
    got = {sid: (s.meta.tier.value, s.meta.publisher, "tier" in s.defaulted) for sid, s in corpus.sources.items()}
    assert got == {"gov-release": ("primary", "Bureau of Statistics", False), "mom-blog-post": ("social", None, False),
                   "paper": ("secondary", None, True)}


@pytest.mark.parametrize("text, line, words", [
    ("gov-release:\n  teir: primary\n", 2, "unknown field"),
    ("gov-release:\n  tier: official\n", 2, "tier"),
    ("gov-relaese:\n  tier: primary\n", 1, "names no article here"),
    ("- gov-release\n", 1, "must map article ids"),
])
def test_a_bad_sources_yaml_is_a_one_line_error(tmp_path: Path, text: str, line: int, words: str) -> None:
    _write(tmp_path, "gov-release.md", "The bureau counted 52,310 births in 2024.\n")
    _write(tmp_path, "sources.yaml", text)
    result = run_cli("audit", str(tmp_path))
    assert result.exit_code == 2
    assert result.output.split(": ", 1)[0].endswith(f"sources.yaml:{line}")
    assert words in result.output and len(result.output.strip().splitlines()) == 1


def test_a_symlink_loop_among_articles_is_one_line_naming_it(tmp_path: Path) -> None:
    _write(tmp_path, "a.md", "Turnout was 61.2%.\n")
    os.symlink(tmp_path / "loop.md", tmp_path / "loop.md")
    result = run_cli("audit", str(tmp_path))
    assert result.exit_code == 2
    assert result.output.strip() == f"{tmp_path / 'loop.md'}: symbolic link loop (the link points back at itself); remove or fix the link"
    direct = run_cli("audit", str(tmp_path / "loop.md"))
    assert direct.exit_code == 2 and "symbolic link loop" in direct.output


def test_a_dangling_symlink_names_its_target(tmp_path: Path) -> None:
    _write(tmp_path, "a.md", "Turnout was 61.2%.\n")
    os.symlink(tmp_path / "gone.md", tmp_path / "b.md")
    result = run_cli("audit", str(tmp_path))
    assert result.exit_code == 2 and "which does not exist" in result.output


PRESS = Path(__file__).resolve().parents[2] / "shared" / "press" / "cases"


@pytest.mark.skipif(not PRESS.is_dir(), reason="the development press corpora are not beside this checkout")
@pytest.mark.parametrize("case", sorted(p.name for p in PRESS.iterdir()) if PRESS.is_dir() else [])
def test_every_development_corpus_audits_as_written(case: str) -> None:
    result = run_cli("audit", str(PRESS / case), "--format", "json")
    assert result.exit_code in (0, 1), result.output[:300]
    assert json.loads(result.output)["sources"]


def test_a_page_saved_in_its_declared_chinese_charset(tmp_path: Path) -> None:
    page = ('<html><head><meta http-equiv="Content-Type" content="text/html; charset=gb2312"><title>铁路</title></head>'
            "<body><article><p>2024年全国铁路旅客发送量达到40.8亿人次，同比增长18.4%。</p></article></body></html>")
    (tmp_path / "rail.html").write_bytes(page.encode("gb18030"))
    src = read_article(tmp_path / "rail.html")
    assert "40.8亿人次" in src.body and src.meta.languages == ["zh"]


def test_a_page_in_no_known_encoding_is_a_one_line_error(tmp_path: Path) -> None:
    (tmp_path / "bad.html").write_bytes(b"<html><body><p>caf\xe9 prices rose 4%</p></body></html>")
    with pytest.raises(InputError, match="declares no charset"):
        read_article(tmp_path / "bad.html")


def test_a_page_table_is_read_as_a_table_with_its_header(tmp_path: Path) -> None:
    page = ("<html><body><article><h1>Council vote</h1><p>The measure passed with 62% of the vote on Tuesday.</p>"
            "<table><caption>Ward results</caption><tr><td>Ward</td><td>Yes</td><td>No</td></tr>"
            "<tr><td>North</td><td>4,210</td><td>2,015</td></tr><tr><td>South</td><td>3,877</td><td>2,660</td></tr></table>"
            "<p>Turnout was 41.5%, the clerk said.</p></article></body></html>")
    src = read_article(_write(tmp_path, "vote.html", page))
    units = segment(src.body, markdown=False, tables=True)
    rows = [(u.kind, u.header) for u in units if u.kind.startswith("table")]
    assert rows == [("table_header", ("Ward", "Yes", "No"))] + [("table_row", ("Ward", "Yes", "No"))] * 2
    assert "Ward results\n\n| Ward | Yes | No |\n|---|---|---|\n| North |" in src.body
    assert src.body.rstrip().endswith("Turnout was 41.5%, the clerk said.")


def test_a_folder_named_like_an_article_is_not_read(tmp_path: Path) -> None:
    _write(tmp_path, "a.md", "Turnout was 61.2%.\n")
    (tmp_path / "drafts.md").mkdir()
    result = run_cli("audit", str(tmp_path), "--format", "json")
    assert result.exit_code == 0 and [s["id"] for s in json.loads(result.output)["sources"]] == ["a"]


def test_unread_front_matter_keys_are_in_the_json_report(tmp_path: Path) -> None:
    _write(tmp_path, "a.md", JEKYLL)
    [source] = json.loads(run_cli("audit", str(tmp_path), "--format", "json").output)["sources"]
    assert source["metadata"]["tags"] == ["ports", "shipping"] and source["metadata"]["layout"] == "post"


def test_output_onto_an_article_of_the_run_is_refused(tmp_path: Path) -> None:
    article = _write(tmp_path, "a.md", "Turnout was 61.2% in 2022.\n")
    result = run_cli("audit", str(tmp_path), "-o", str(article))
    assert result.exit_code == 2 and "is one of the files this run reads" in result.output
    assert article.read_text(encoding="utf-8") == "Turnout was 61.2% in 2022.\n"


def test_output_onto_a_link_to_an_article_is_refused(tmp_path: Path) -> None:
    article = _write(tmp_path, "a.md", "Turnout was 61.2% in 2022.\n")
    (tmp_path / "out").mkdir()
    (tmp_path / "out" / "report.json").symlink_to(article)
    result = run_cli("audit", str(tmp_path / "a.md"), "-o", str(tmp_path / "out" / "report.json"))
    assert result.exit_code == 2 and "is one of the files this run reads" in result.output
    assert article.read_text(encoding="utf-8") == "Turnout was 61.2% in 2022.\n"


def test_many_articles_are_read_in_order_and_a_bad_one_named_with_its_line(tmp_path: Path) -> None:
    """Enough articles to be read by a process pool (verifier.parallel.MIN_ITEMS): the same
    sources in the same order, and a bad article's one-line error, as one process gives; the bad
    article is left out (kept with its error in ``Corpus.unread``) and the others are read."""
    from verifier.ingest.corpus import load_corpus

    for i in range(80):
        _write(tmp_path, f"a{i:02d}.md", f"---\nid: a{i:02d}\n---\nTurnout was {i}.5% in 2022.\n")
    assert list(load_corpus([tmp_path]).sources) == [f"a{i:02d}" for i in range(80)]
    _write(tmp_path, "a50.md", "---\nid: a50\ntier: rumour\n---\nTurnout was 50.5% in 2022.\n")
    corpus = load_corpus([tmp_path])
    assert list(corpus.sources) == [f"a{i:02d}" for i in range(80) if i != 50]
    [left] = corpus.unread
    err = left.error()
    assert err.path.endswith("a50.md") and err.line == 3 and "tier: Input should be" in str(err) and not left.report


def test_standard_input_is_decoded_as_a_file_is() -> None:
    garbage = CliRunner().invoke(app, ["audit", "-"], input=b"\xff\xfe\x00garbage \x9c 12%")
    assert garbage.exit_code == 2 and garbage.output.startswith("(stdin):1: not UTF-8 text")
    page = ('<html><head><meta charset="gbk"></head><body><article><p>2024年全国铁路旅客发送量达到40.8亿人次，同比增长18.4%。'
            "</p></article></body></html>").encode("gb18030")
    result = CliRunner().invoke(app, ["audit", "-", "--format", "json"], input=page)
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["sources"][0]["languages"] == ["zh"]


def test_a_key_given_twice_in_sources_yaml_is_an_error(tmp_path: Path) -> None:
    _write(tmp_path, "gov-release.md", "The bureau counted 52,310 births in 2024.\n")
    _write(tmp_path, "sources.yaml", "gov-release:\n  tier: primary\ngov-release:\n  tier: social\n")
    result = run_cli("audit", str(tmp_path))
    assert result.exit_code == 2 and "sources.yaml:3: 'gov-release' is given twice (also on line 1)" in result.output
