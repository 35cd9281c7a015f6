"""Article-text extraction from saved news pages: trafilatura against readability-lxml, run by
hand (not a test).

    .venv/bin/python benchmarks/html_extractors.py [--runs 5] [--dump DIR] [--verbose]

Needs ``pip install trafilatura`` and ``pip install readability-lxml`` (two separate commands:
pip's resolver trips when both are asked for at once); neither is a dependency of the package.

Each page ``benchmarks/html_pages/<name>.html`` has beside it ``<name>.expected.txt`` (the
article's paragraphs as a reader should give them, one a line; a table row is its cells joined
by `` | ``) and ``<name>.meta.json`` (title, author, date that the page's metadata gives; more
than one author are joined by ``; ``).

For each page and each extractor setting it measures:

* **recall**: share of expected lines that some extracted line matches (rapidfuzz ``ratio`` >= 90
  after normalising whitespace, Unicode (NFKC) and Markdown markup: ``#``, ``**``, list
  bullets, table pipes);
* **leak lines**: extracted lines that match no expected line (boilerplate that came through);
  lines of markup only (``|---|---|``) are not counted;
* **leaked numbers**: number tokens (``\\d+([.,]\\d+)*``) in the output that appear nowhere in
  the expected text: for a claim extractor, the dangerous part of a leak;
* **lost numbers**: number tokens of the expected text missing from the output;
* **title / author / date** against ``meta.json`` (title: ratio >= 90; author: same set of
  names; date: same ``YYYY-MM-DD``). readability-lxml gives only a title;
* **table rows**: of the expected lines that are table rows, how many come out as one line with
  their cells in order (the same fuzzy match on the cell text joined by `` | ``);
* **time**: per page the median of ``--runs`` calls, wall time and this process's CPU time
  (the machine may be shared: others' load lengthens the wall time much more than the CPU time),
  the rounds going over every setting and page in turn. The call timed is the one that gives both
  text and metadata: for trafilatura one ``extract(..., with_metadata=True)``, whose YAML header
  carries the metadata, or one ``bare_extraction(..., with_metadata=True)``; for readability
  ``Document(html)``, ``summary()`` and ``short_title()``, plus the lxml walk over the summary's
  paragraphs.

Then, for the page with a table, how the project's own segmenter (``verifier.extract.segment``)
reads each setting's output: data rows under the real header, and article lines swallowed into
the table; on the page as it is, without its ``<caption>``, and with a header of plain ``<td>``.

The last setting is not a library's: it is ``bare_extraction`` followed by ``reader_fixes()``,
the post-processing proposed for the reader. It was written after looking at these pages, so
its score shows that the fixes work and cost no recall here, not how they fare elsewhere.

Before measuring it checks that every expected line is really in its page's text, so that a
typo in an expected file can't pass for an extractor's miss.
"""

from __future__ import annotations

import argparse
import json
import re
import statistics
import sys
import time
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path

import yaml
from lxml import html as lxml_html
from rapidfuzz import fuzz

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

PAGES = Path(__file__).resolve().parent / "html_pages"
THRESHOLD = 90
NUMBER = re.compile(r"\d+(?:[.,]\d+)*")
MARKUP_ONLY = re.compile(r"^[\s|:\-*#>_=`]*$")


# ---------------------------------------------------------------------------------------------
# pages


@dataclass
class Page:
    name: str
    html: str
    expected: list[str]
    meta: dict

    @property
    def table_rows(self) -> list[str]:
        return [line for line in self.expected if " | " in line]


def load_pages() -> list[Page]:
    pages = []
    for path in sorted(PAGES.glob("*.html")):
        name = path.stem
        expected = [
            line.strip()
            for line in (PAGES / f"{name}.expected.txt").read_text(encoding="utf-8").splitlines()
            if line.strip()
        ]
        meta = json.loads((PAGES / f"{name}.meta.json").read_text(encoding="utf-8"))
        pages.append(Page(name, path.read_text(encoding="utf-8"), expected, meta))
    return pages


def check_pages(pages: list[Page]) -> list[str]:
    """Expected lines not found in their page's text (each table row's cells must be there in
    order)."""
    problems = []
    for page in pages:
        tree = lxml_html.fromstring(page.html)
        for bad in tree.xpath("//script|//style|//noscript"):
            bad.drop_tree()
        text = " ".join(tree.text_content().split())
        for line in page.expected:
            cells = [" ".join(c.split()) for c in line.split(" | ")]
            pos = 0
            for cell in cells:
                pos = text.find(cell, pos)
                if pos < 0:
                    problems.append(f"{page.name}: not in page text: {line!r}")
                    break
                pos += len(cell)
    return problems


# ---------------------------------------------------------------------------------------------
# normalising and matching


def norm(line: str) -> str:
    s = unicodedata.normalize("NFKC", line)
    s = s.replace("**", "").replace("__", "")
    s = re.sub(r"^\s*(?:#{1,6}\s+|[-*+]\s+|>\s*)", "", s)
    if "|" in s:
        s = " | ".join(cell.strip() for cell in s.strip().strip("|").split("|") if cell.strip())
    return " ".join(s.split())


def numbers(text: str) -> list[str]:
    return NUMBER.findall(unicodedata.normalize("NFKC", text))


def best_ratio(line: str, candidates: list[str]) -> float:
    return max((fuzz.ratio(line, c) for c in candidates), default=0.0)


def same_author(got: str | None, want: str | None) -> bool:
    def names(s):
        return {" ".join(n.split()).lower() for n in re.split(r";|,| and |、", s or "") if n.strip()}

    return bool(got) and names(got) == names(want)


# ---------------------------------------------------------------------------------------------
# extractors: each returns (text, {"title", "author", "date"})


def _options(precision: bool) -> dict:
    """The trafilatura options both ways of calling it are measured with."""
    return {"include_tables": True, "include_comments": False, "favor_precision": precision, "with_metadata": True}


def trafilatura_call(fmt: str, precision: bool):
    import trafilatura

    def run(html: str):
        out = trafilatura.extract(html, output_format=fmt, **_options(precision))
        if out is None:
            return "", {}
        meta = {}
        if out.startswith("---\n"):
            head, _, out = out[4:].partition("\n---\n")
            meta = yaml.safe_load(head) or {}
        return out, {k: (str(meta[k]) if meta.get(k) is not None else None)
                     for k in ("title", "author", "date")}

    return run


def trafilatura_bare(precision: bool):
    """``bare_extraction`` in its default ("python") format: a ``Document`` whose ``.text`` is
    the txt rendering and whose attributes carry the metadata (no YAML header to parse). Asked
    for "txt" or "markdown" it leaves ``.text`` empty: that rendering happens in ``extract``."""
    import trafilatura

    def run(html: str):
        doc = trafilatura.bare_extraction(html, **_options(precision))
        if doc is None:
            return "", {}
        return doc.text or "", {"title": doc.title, "author": doc.author, "date": doc.date}

    return run


EDITOR_CREDIT = re.compile(r"^[（(]\s*(?:责任编辑|责编|编辑)\s*[：:].*[）)]$")
DELIMITER_ROW = re.compile(r"^\|(?:\s*:?-{3,}:?\s*\|)+\s*$")
AUTHOR_PREFIX = re.compile(r"^(?:记者|本报记者|文/|By)\s*", re.I)


def reader_fixes(text: str, meta: dict, html: str) -> tuple[str, dict]:
    """What the reader would add around ``bare_extraction`` (a proposal measured here, not a
    library setting), for what the plain call gets wrong on these pages:

    * a first line that repeats the title is dropped (the headline is the title, not a claim);
    * a portal's editor credit, ``（责任编辑：王建国_NF5162）``, is dropped;
    * a table (a run of lines starting with ``|``) gets a blank line before and after it (a GFM
      table runs on until a blank line), its ``<caption>`` row (one filled cell, trafilatura
      puts it first) becomes a line of its own above the table, and exactly one delimiter row
      follows its header row (trafilatura writes one after every ``<th>`` row and none at all
      for a table of plain ``<td>``);
    * an author's "记者" / "By" prefix is cut, and a missing author is taken from
      ``<meta name="author">``.
    """
    lines = text.splitlines()
    title = meta.get("title") or ""
    if lines and title and fuzz.ratio(norm(lines[0]), norm(title)) >= THRESHOLD:
        lines = lines[1:]
    lines = [line for line in lines if not EDITOR_CREDIT.match(line.strip())]
    out: list[str] = []
    i = 0
    while i < len(lines):
        if not lines[i].lstrip().startswith("|"):
            out.append(lines[i])
            i += 1
            continue
        j = i
        while j < len(lines) and lines[j].lstrip().startswith("|"):
            j += 1
        rows = [r.strip() for r in lines[i:j] if not DELIMITER_ROW.match(r.strip())]
        i = j
        cells0 = [c.strip() for c in rows[0].strip("|").split("|")] if rows else []
        if len(rows) > 1 and cells0 and cells0[0] and not any(cells0[1:]) and len(cells0) > 1:
            out += ["", cells0[0]]
            rows = rows[1:]
        if not rows:
            continue
        ncols = len([c for c in rows[0].strip("|").split("|")])
        out += ["", rows[0], "|" + "---|" * ncols, *rows[1:], ""]
    fixed = "\n".join(out)
    fixed = re.sub(r"\n{3,}", "\n\n", fixed).strip("\n")
    meta = dict(meta)
    author = meta.get("author")
    if not author:
        found = lxml_html.fromstring(html).xpath('//meta[@name="author"]/@content')
        author = found[0] if found else None
    meta["author"] = AUTHOR_PREFIX.sub("", author).strip() if author else None
    return fixed, meta


def trafilatura_bare_fixed():
    bare = trafilatura_bare(True)

    def run(html: str):
        text, meta = bare(html)
        return reader_fixes(text, meta, html)

    return run


READABILITY_BLOCKS = {"p", "h1", "h2", "h3", "h4", "h5", "h6", "li", "blockquote", "pre",
                      "caption", "tr", "dt", "dd", "figcaption"}


def readability_call():
    """``summary()`` keeps the article's HTML (tables included), so the text is ours to write:
    each block one paragraph, blocks separated by a blank line, a table as a GFM table (cells
    joined by `` | ``, a delimiter row after its first row) so that the project's segmenter
    reads its header."""
    from readability import Document

    def run(html: str):
        doc = Document(html)
        summary = doc.summary(html_partial=True)
        tree = lxml_html.fromstring(summary)
        blocks: list[str] = []
        table_rows: list[str] = []
        current_table = None
        for el in tree.iter():
            if not isinstance(el.tag, str) or el.tag not in READABILITY_BLOCKS:
                continue
            # a block inside another block (p in li, p in td) is read with its outer block
            if any(isinstance(a.tag, str) and a.tag in READABILITY_BLOCKS for a in el.iterancestors()):
                continue
            if el.tag == "tr":
                table = next(el.iterancestors("table"), None)
                if table is not current_table and table_rows:
                    blocks.append("\n".join(table_rows))
                    table_rows = []
                current_table = table
                cells = [" ".join(c.text_content().split()) for c in el if c.tag in ("td", "th")]
                table_rows.append("| " + " | ".join(cells) + " |")
                if len(table_rows) == 1:
                    table_rows.append("|" + "---|" * len(cells))
                continue
            if table_rows:
                blocks.append("\n".join(table_rows))
                table_rows, current_table = [], None
            text = " ".join(el.text_content().split())
            if text:
                blocks.append(text)
        if table_rows:
            blocks.append("\n".join(table_rows))
        return "\n\n".join(blocks), {"title": doc.short_title(), "author": None, "date": None}

    return run


SETTINGS = [
    ("trafilatura extract txt", lambda: trafilatura_call("txt", False)),
    ("trafilatura extract txt favor_precision", lambda: trafilatura_call("txt", True)),
    ("trafilatura extract markdown", lambda: trafilatura_call("markdown", False)),
    ("trafilatura extract markdown favor_precision", lambda: trafilatura_call("markdown", True)),
    ("trafilatura bare_extraction", lambda: trafilatura_bare(False)),
    ("trafilatura bare_extraction favor_precision", lambda: trafilatura_bare(True)),
    ("readability-lxml summary() + lxml blocks", readability_call),
    ("proposed reader: bare_extraction favor_precision + reader_fixes()", trafilatura_bare_fixed),
]


# ---------------------------------------------------------------------------------------------
# tables as the project reads them


def segmenter_check(text: str, page: Page) -> tuple[int, int, int]:
    """How the project's own segmenter (``verifier.extract.segment``, markdown-it-py tokens)
    reads the extracted text's table: (data rows read as table rows under the page's real
    header, data rows expected, article paragraphs swallowed into a table as rows). A GFM table
    runs on until a blank line, so a paragraph right under a table becomes one of its rows."""
    from verifier.extract.segment import segment

    rows = page.table_rows
    if not rows:
        return 0, 0, 0
    header = tuple(norm(c) for c in rows[0].split(" | "))
    data = [norm(r) for r in rows[1:]]
    prose = [norm(line) for line in page.expected if " | " not in line]
    ok = swallowed = 0
    units = segment(text)
    table_units = [u for u in units if u.kind in ("table_row", "table_header")]
    for want in data:
        for u in table_units:
            cells = " | ".join(norm(text[a:b]) for a, b in u.cells)
            if u.kind == "table_row" and fuzz.ratio(cells, want) >= THRESHOLD and \
                    tuple(norm(h) for h in u.header) == header:
                ok += 1
                break
    for u in table_units:
        if best_ratio(norm(text[u.start:u.end]), prose) >= THRESHOLD:
            swallowed += 1
    return ok, len(data), swallowed


def table_variants(page: Page) -> list[tuple[str, Page]]:
    """The election page's table as it is (``<caption>``, ``<thead>``/``<th>``), without its
    caption, and without caption or ``<th>`` (a header row of plain ``<td>``, as many sites
    write it). The expected lines lose the caption where the page does."""
    caption = "<caption>Harbor County executive, unofficial results</caption>"
    no_caption = page.html.replace(caption, "")
    td_only = (no_caption.replace("<thead>", "").replace("</thead>", "")
               .replace("<th>", "<td>").replace("</th>", "</td>"))
    lines = [line for line in page.expected if line != "Harbor County executive, unofficial results"]
    return [
        ("caption + th", page),
        ("no caption, th", Page(page.name, no_caption, lines, page.meta)),
        ("no caption, td only", Page(page.name, td_only, lines, page.meta)),
    ]


# ---------------------------------------------------------------------------------------------
# measuring


@dataclass
class Result:
    page: str
    found: int
    expected: int
    leak_lines: list[str] = field(default_factory=list)
    leaked_numbers: list[str] = field(default_factory=list)
    lost_numbers: list[str] = field(default_factory=list)
    title: bool = False
    author: bool = False
    date: bool = False
    rows_kept: int = 0
    rows: int = 0
    blank_line_separated: bool = False
    ms: float = 0.0
    cpu_ms: float = 0.0
    text: str = ""
    meta: dict = field(default_factory=dict)


def timings(runners: dict, pages: list[Page], runs: int) -> dict:
    """{(setting, page name): (median wall seconds, median CPU seconds of this process)}. The
    CPU time is shown beside the wall time because the machine may be shared: another process's
    load lengthens the wall time, much less the CPU time. The rounds go over every setting and page in
    turn, so that a change in the machine's load weighs on all settings alike."""
    times: dict = {}
    for _ in range(runs):
        for label, run in runners.items():
            for page in pages:
                t0, c0 = time.perf_counter(), time.process_time()
                run(page.html)
                wall, cpu = time.perf_counter() - t0, time.process_time() - c0
                times.setdefault((label, page.name), []).append((wall, cpu))
    return {key: (statistics.median(w for w, _ in ts), statistics.median(c for _, c in ts))
            for key, ts in times.items()}


def measure(page: Page, run, seconds: tuple[float, float]) -> Result:
    text, meta = run(page.html)
    want = [norm(line) for line in page.expected]
    got = [norm(line) for line in text.splitlines() if not MARKUP_ONLY.match(line)]
    got = [line for line in got if line]
    found = sum(best_ratio(w, got) >= THRESHOLD for w in want)
    leak_lines = [g for g in got if best_ratio(g, want) < THRESHOLD]
    want_numbers = set(numbers("\n".join(page.expected)))
    got_numbers = numbers(text)
    leaked = [n for n in got_numbers if n not in want_numbers]
    lost = sorted(want_numbers - set(got_numbers))
    rows = [norm(r) for r in page.table_rows]
    rows_kept = sum(best_ratio(r, got) >= THRESHOLD for r in rows)
    title_ok = bool(meta.get("title")) and fuzz.ratio(norm(meta["title"]), norm(page.meta["title"])) >= THRESHOLD
    date_ok = bool(meta.get("date")) and str(meta["date"])[:10] == page.meta["date"]
    return Result(
        page=page.name, found=found, expected=len(want), leak_lines=leak_lines,
        leaked_numbers=leaked, lost_numbers=lost, title=title_ok,
        author=same_author(meta.get("author"), page.meta.get("author")), date=date_ok,
        rows_kept=rows_kept, rows=len(rows), blank_line_separated="\n\n" in text.strip(),
        ms=1000 * seconds[0], cpu_ms=1000 * seconds[1], text=text, meta=meta,
    )


def yes(flag: bool) -> str:
    return "yes" if flag else "-"


def print_table(label: str, results: list[Result], verbose: bool) -> dict:
    print(f"\n## {label}\n")
    print("| page | recall | leak lines | leaked numbers | lost numbers | title | author | date | table rows | ms | cpu ms |")
    print("|---|---|---|---|---|---|---|---|---|---|---|")
    for r in results:
        leaked = f"{len(r.leaked_numbers)}" + (f" ({', '.join(r.leaked_numbers[:8])}{'…' if len(r.leaked_numbers) > 8 else ''})" if r.leaked_numbers else "")
        lost = f"{len(r.lost_numbers)}" + (f" ({', '.join(r.lost_numbers[:6])}{'…' if len(r.lost_numbers) > 6 else ''})" if r.lost_numbers else "")
        rows = f"{r.rows_kept}/{r.rows}" if r.rows else "n/a"
        print(f"| {r.page} | {r.found}/{r.expected} | {len(r.leak_lines)} | {leaked} | {lost} | "
              f"{yes(r.title)} | {yes(r.author)} | {yes(r.date)} | {rows} | {r.ms:.1f} | {r.cpu_ms:.1f} |")
    tot = {
        "found": sum(r.found for r in results), "expected": sum(r.expected for r in results),
        "leak_lines": sum(len(r.leak_lines) for r in results),
        "leaked_numbers": sum(len(r.leaked_numbers) for r in results),
        "lost_numbers": sum(len(r.lost_numbers) for r in results),
        "title": sum(r.title for r in results), "author": sum(r.author for r in results),
        "date": sum(r.date for r in results),
        "rows_kept": sum(r.rows_kept for r in results), "rows": sum(r.rows for r in results),
        "ms": sum(r.ms for r in results), "cpu_ms": sum(r.cpu_ms for r in results),
        "pages": len(results),
        "blank": sum(r.blank_line_separated for r in results),
    }
    print(f"| **total** | {tot['found']}/{tot['expected']} ({100 * tot['found'] / tot['expected']:.1f}%) | "
          f"{tot['leak_lines']} | {tot['leaked_numbers']} | {tot['lost_numbers']} | "
          f"{tot['title']}/{tot['pages']} | {tot['author']}/{tot['pages']} | {tot['date']}/{tot['pages']} | "
          f"{tot['rows_kept']}/{tot['rows']} | {tot['ms']:.1f} | {tot['cpu_ms']:.1f} |")
    print(f"\nparagraphs separated by a blank line on {tot['blank']}/{tot['pages']} pages")
    if verbose:
        for r in results:
            for line in r.leak_lines:
                print(f"  leak {r.page}: {line[:110]}")
    return tot


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=5, help="timed calls per page (median is shown)")
    ap.add_argument("--dump", type=Path, help="write each setting's output per page here")
    ap.add_argument("--verbose", action="store_true", help="list the leaked lines")
    args = ap.parse_args(argv)

    pages = load_pages()
    problems = check_pages(pages)
    if problems:
        print("\n".join(problems), file=sys.stderr)
        return 1
    import importlib.metadata as md
    versions = ", ".join(f"{p} {md.version(p)}" for p in ("trafilatura", "readability-lxml", "lxml"))
    print(f"{len(pages)} pages, {sum(len(p.expected) for p in pages)} expected lines; {versions}; "
          f"median of {args.runs} runs")

    runners = {label: make() for label, make in SETTINGS}
    for run in runners.values():
        run(pages[0].html)  # warm-up: imports, compiled patterns
    medians = timings(runners, pages, args.runs)
    totals = {}
    for label, run in runners.items():
        results = [measure(page, run, medians[label, page.name]) for page in pages]
        totals[label] = print_table(label, results, args.verbose)
        if args.dump:
            out = args.dump / re.sub(r"[^\w]+", "_", label).strip("_")
            out.mkdir(parents=True, exist_ok=True)
            for r in results:
                (out / f"{r.page}.txt").write_text(
                    json.dumps(r.meta, ensure_ascii=False) + "\n\n" + r.text, encoding="utf-8")

    table_page = next((p for p in pages if p.table_rows), None)
    if table_page is not None:
        variants = table_variants(table_page)
        print(f"\n## {table_page.name}: the table as the project's segmenter reads the output\n")
        print("rows: data rows read as table rows under the real header; swallowed: article "
              "lines (paragraphs, the caption) read as rows of the table\n")
        print("| setting | " + " | ".join(f"{name}: rows / swallowed" for name, _ in variants) + " |")
        print("|---|" + "---|" * len(variants))
        for label, run in runners.items():
            cols = []
            for _, variant in variants:
                ok, n, swallowed = segmenter_check(run(variant.html)[0], variant)
                cols.append(f"{ok}/{n} / {swallowed}")
            print(f"| {label} | " + " | ".join(cols) + " |")

    print("\n## totals\n")
    print("| setting | recall | leak lines | leaked numbers | lost numbers | title | author | date | table rows | ms | cpu ms |")
    print("|---|---|---|---|---|---|---|---|---|---|---|")
    for label, t in totals.items():
        print(f"| {label} | {t['found']}/{t['expected']} ({100 * t['found'] / t['expected']:.1f}%) | {t['leak_lines']} | "
              f"{t['leaked_numbers']} | {t['lost_numbers']} | {t['title']}/{t['pages']} | {t['author']}/{t['pages']} | "
              f"{t['date']}/{t['pages']} | {t['rows_kept']}/{t['rows']} | {t['ms']:.1f} | {t['cpu_ms']:.1f} |")
    print("\n(ms, cpu ms: per page the median of the runs; on the total lines their sum over the pages)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
