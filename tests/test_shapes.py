"""The same text as paragraphs, as one line and as a table gives the same claims; a line longer
than a paragraph is read in paragraph-sized units of whole sentences. (Speed is measured by
benchmarks/bench_shapes.py, never here.)"""

from __future__ import annotations

from tests.builders import art
from verifier.extract import extract_claims
from verifier.extract.segment import CLAUSE, PARAGRAPH_MAX, SENTENCE_MAX, Unit, segment, sentences

SENTENCES = [
    ("en", "Zephyr X1 draws 700 W at peak, while Orca 9 is rated at 1,200 W."),
    ("en", "Zephyr X1 costs $12,500 per card."),
    ("en", "The Orca 9 carries 96 GB of memory and 4.8 TB/s of bandwidth."),
    ("zh", "Zephyr X1的额定功耗为700瓦，Orca 9为1200瓦。"),
    ("zh", "Orca 9配备96GB内存，带宽达到4.8TB/s。"),
]

EXPECTED = [
    ("700 W", "Zephyr X1", "power", 700.0, "W"),
    ("1,200 W", "Orca 9", "power", 1200.0, "W"),
    ("$12,500", "Zephyr X1", "price", 12500.0, "USD"),
    ("96 GB", "Orca 9", "memory_capacity", 96.0, "GB"),
    ("4.8 TB/s", "Orca 9", "memory_bandwidth", 4.8, "TB/s"),
    ("700瓦", "Zephyr X1", "power", 700.0, "W"),
    ("1200瓦", "Orca 9", "power", 1200.0, "W"),
    ("96GB", "Orca 9", "memory_capacity", 96.0, "GB"),
    ("4.8TB/s", "Orca 9", "memory_bandwidth", 4.8, "TB/s"),
]


def render(shape: str, sents: list[tuple[str, str]]) -> str:
    """``sents`` as paragraphs (one per language run), one line, or a table of one row each."""
    if shape == "line":
        return " ".join(text for _, text in sents) + "\n"
    if shape == "table":
        return "| language | statement |\n|---|---|\n" + "".join(f"| {lang} | {text} |\n" for lang, text in sents)
    paras: list[list[tuple[str, str]]] = []
    for lang, text in sents:
        if not paras or paras[-1][0][0] != lang or len(paras[-1]) == 5:
            paras.append([])
        paras[-1].append((lang, text))
    return "\n\n".join((" " if p[0][0] == "en" else "").join(t for _, t in p) for p in paras) + "\n"


def _read(body: str) -> list[tuple]:
    return [(c.anchor.quote, c.subject, c.metric, c.value.number, c.value.unit) for c in extract_claims(art("s1", body))]


def test_three_shapes_of_one_text_give_the_same_claims() -> None:
    for shape in ("paragraphs", "line", "table"):
        assert _read(render(shape, SENTENCES)) == EXPECTED, shape


def _many(count: int) -> list[tuple[str, str]]:
    """``count`` sentences about made-up chips, each with its own figures."""
    out = []
    for i in range(count):
        name = f"Vantor K{i % 7 + 2}"
        if i % 2:
            out.append(("zh", f"{name}的额定功耗为{300 + 10 * i}瓦。"))
        else:
            out.append(("en", f"{name} draws {300 + 10 * i} W at peak."))
    return out


def test_a_long_line_gives_the_claims_of_its_paragraphs() -> None:
    sents = _many(200)
    line = render("line", sents)
    assert len(line) > 2 * PARAGRAPH_MAX
    claims = _read(line)
    assert claims == _read(render("paragraphs", sents))
    assert [c[3] for c in claims] == [300.0 + 10 * i for i in range(200)]
    assert {c[4] for c in claims} == {"W"}
    assert claims[1] == ("310瓦", "Vantor K3", "power", 310.0, "W")


def test_a_long_line_is_cut_between_sentences_into_paragraph_sized_units() -> None:
    body = render("line", _many(200))
    units = segment(body)
    assert len(units) > 2 and all(u.end - u.start <= PARAGRAPH_MAX for u in units)
    whole = [(s.start, s.end) for s in sentences(body, Unit("paragraph", 0, len(body.rstrip())))]
    parts = [(s.start, s.end) for u in units for s in sentences(body, u)]
    assert parts == whole  # the same sentences, none cut, none lost
    assert all(body[u.end - 1] in "。." for u in units)


def test_a_short_line_stays_one_unit() -> None:
    body = render("line", SENTENCES)
    assert len(body) < PARAGRAPH_MAX
    assert [(u.start, u.end) for u in segment(body)] == [(0, len(body) - 1)]


def test_every_row_of_a_long_table_gives_its_figure() -> None:
    rows = "".join(f"| Vantor K{i} | {400 + i} |\n" for i in range(300))
    claims = _read("| chip | Power (W) |\n|---|---|\n" + rows)
    assert [(c[1], c[3], c[4]) for c in claims] == [(f"Vantor K{i}", 400.0 + i, "W") for i in range(300)]


RUN_ON = "，".join(f"Vantor K{i}的额定功耗为{300 + i}瓦" for i in range(150)) + "。\n"
"""One sentence of 150 clauses strung by commas, three times :data:`SENTENCE_MAX` long."""


def test_a_run_on_sentence_is_read_in_runs_of_whole_clauses() -> None:
    assert len(RUN_ON) > 3 * SENTENCE_MAX
    pieces = [s for u in segment(RUN_ON) for s in sentences(RUN_ON, u)]
    assert len(pieces) > 3 and all(p.end - p.start <= SENTENCE_MAX for p in pieces)
    assert pieces[0].start == 0 and pieces[-1].end == len(RUN_ON) - 1
    assert all(a.end == b.start for a, b in zip(pieces, pieces[1:]))  # nothing lost between runs
    assert all(CLAUSE.match(RUN_ON, p.end - 1) for p in pieces[:-1])  # each run ends a clause


def test_a_run_on_sentence_gives_the_claims_of_its_clauses_as_sentences() -> None:
    claims = _read(RUN_ON)
    assert claims == _read(RUN_ON.replace("，", "。"))
    assert [(c[1], c[3], c[4]) for c in claims] == [(f"Vantor K{i}", 300.0 + i, "W") for i in range(150)]
