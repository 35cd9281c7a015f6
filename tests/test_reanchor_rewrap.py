"""Re-anchoring after a re-wrap inside a quote, and a corrected quote re-read with its unit.

A paragraph re-wrapped so that a line break falls inside a quote renders the same, but the
quote is longer in the file: the record's offsets must grow to cover it (``body[start:end]``
renders as the quote), ``verifier validate`` must reject offsets that stop short, and
``verifier reanchor`` must renew them. A corrected figure ('12%' -> '9%') is re-read with the
quantity layer, its unit and the record's printed form kept.

Articles are made up (a clinic, 凯塞尔医院); records are written here, never read from the shipped corpus.
"""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from tests.builders import anchor_at, run_cli
from verifier.extract.reread import reread
from verifier.ingest.reanchor import Moved, anchor_holds, reanchor
from verifier.ingest.rendered import fold
from verifier.models.claim import Anchor, Attribution, Claim, Value

EN = "The Kessel clinic said its revenue grew by 12% last year, while visits rose to 1.2 million.\n"
ZH = "据卫生局统计，该医院全年营收同比增长了一成，门诊量为120万人次，营收为1.2亿元。\n"

REWRAPS = [
    # (body, quote, text re-wrapped, as re-wrapped): each adds one character inside the quote
    (ZH, "营收同比增长了一成", "增长了一", "增长了\n一"),  # a break between two Han characters renders as nothing
    (EN, "grew by 12%", "grew by", "grew\n by"),  # a break plus the next line's indent renders as one space
]


def _renders(text: str) -> str:
    return fold(text).text


# the rule -----------------------------------------------------------------------------------

@pytest.mark.parametrize(("body", "quote", "old", "new"), REWRAPS, ids=["zh", "en"])
def test_a_break_inside_the_quote_moves_its_end(body: str, quote: str, old: str, new: str) -> None:
    a = anchor_at(body, quote)
    edited = body.replace(old, new, 1)
    assert _renders(edited[a.start:a.end]) != _renders(quote)  # the old offsets stop one short of the quote
    assert not anchor_holds(edited, a)
    result = reanchor(edited, a)
    assert isinstance(result, Moved), result
    got = result.anchor
    assert (got.start, got.end) == (a.start, a.end + 1)
    assert got.quote == edited[got.start:got.end] and _renders(got.quote) == _renders(quote)
    assert anchor_holds(edited, got) and reanchor(edited, got) is got


def test_the_issue_case_offsets_12_to_21() -> None:
    a = anchor_at(ZH, "营收同比增长了一成")
    edited = ZH.replace("增长了一", "增长了\n一", 1)
    assert (a.start, a.end) == (12, 21) and edited[12:21] == "营收同比增长了\n一"
    result = reanchor(edited, a)
    assert isinstance(result, Moved) and (result.anchor.start, result.anchor.end) == (12, 22)
    assert result.anchor.quote == "营收同比增长了\n一成"


def _claim(quote: str, printed: str, number: float, unit: str | None, resolution: float | None = 1) -> Claim:
    return Claim(id="x-c001", source="x", anchor=Anchor(quote=quote, start=0, end=len(quote)), subject="S", metric="m",
                 kind="measurement", value=Value(printed=printed, number=number, unit=unit, resolution=resolution),
                 attribution=Attribution(tier="primary"))


@pytest.mark.parametrize(("quote", "printed", "number", "unit", "new", "expect"), [
    # a record that printed the unit prints it again
    ("12%", "12%", 12, "%", "9%", Value(printed="9%", number=9, unit="%", resolution=1)),
    ("约12%", "12%", 12, "%", "约9%", Value(printed="9%", number=9, unit="%", resolution=1)),
    # a record that kept the figure but no unit takes the parser's: 9 %, not a bare 9
    ("12%", "12", 12, None, "9%", Value(printed="9", number=9, unit="%", resolution=1)),
    ("12%", "12", 12, "%", "9%", Value(printed="9", number=9, unit="%", resolution=1)),
    # a share kept as a fraction stays one (factor 0.01, the record's own unit)
    ("12%", "12", 0.12, None, "9%", Value(printed="9", number=0.09, unit=None, resolution=0.01)),
    ("1.2亿元", "1.2亿元", 1.2e8, "CNY", "9000万元", Value(printed="9000万元", number=9e7, unit="CNY", resolution=1e4)),
    ("1.2亿元", "1.2亿", 1.2e8, None, "9000万元", Value(printed="9000万", number=9e7, unit="CNY", resolution=1e4)),
    ("同比增长12%", "12%", 12, None, "同比增长9%", Value(printed="9%", number=9, unit="%", resolution=1)),
], ids=["printed-unit", "printed-unit-approx", "no-unit", "unit", "share", "zh-printed-unit", "zh-no-unit", "zh-no-unit-words"])
def test_a_changed_quote_is_re_read_with_its_unit(quote, printed, number, unit, new, expect) -> None:
    resolution = 1e7 if "亿" in quote else 1  # 1.2亿: the last printed digit stands for 10 million
    got = reread(_claim(quote, printed, number, unit, resolution), new)
    assert got.why is None and got.value == expect


# the commands -------------------------------------------------------------------------------

FRONT = "---\nid: {id}\ntitle: A test article\nlanguages: [{lang}]\npublished: 2026-03-02\ntier: primary\n---\n"


def _corpus(tmp_path: Path, body: str, lang: str, quote: str, printed: str, number: float, unit: str | None) -> Path:
    """A corpus of one article ``body`` and one accepted record anchored on ``quote``."""
    (tmp_path / "sources").mkdir()
    (tmp_path / "claims").mkdir()
    (tmp_path / "sources" / "a1.md").write_text(FRONT.format(id="a1", lang=lang) + body, encoding="utf-8")
    c = Claim(id="a1-c001", source="a1", anchor=anchor_at(body, quote), subject="Kessel clinic", metric="revenue_growth",
              kind="percent", value=Value(printed=printed, number=number, unit=unit, resolution=1),
              attribution=Attribution(tier="primary"))
    (tmp_path / "claims" / "a1.yaml").write_text(yaml.safe_dump([c.model_dump(mode="json")], allow_unicode=True, sort_keys=False),
                                                 encoding="utf-8")
    assert run_cli("validate", str(tmp_path)).exit_code == 0
    return tmp_path


def _article(corpus: Path, old: str, new: str) -> str:
    path = corpus / "sources" / "a1.md"
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return text.replace(old, new, 1).split("---\n", 2)[2]


def _record(corpus: Path) -> dict:
    (record,) = yaml.safe_load((corpus / "claims" / "a1.yaml").read_text(encoding="utf-8"))
    return record


@pytest.mark.parametrize(("body", "quote", "old", "new"), REWRAPS, ids=["zh", "en"])
def test_validate_rejects_offsets_one_short_and_reanchor_covers_the_quote(tmp_path: Path, body, quote, old, new) -> None:
    printed, number = ("12", 12) if "12" in quote else ("一成", 10)
    corpus = _corpus(tmp_path, body, "zh" if body is ZH else "en", quote, printed, number, "%")
    a = anchor_at(body, quote)
    edited = _article(corpus, old, new)
    bad = run_cli("validate", str(corpus))
    assert bad.exit_code == 2, bad.output
    assert (f"V301 quote {quote!r} of a1-c001 is not at {a.start}:{a.end} (the text there is {edited[a.start:a.end]!r}); "
            f"it is found at {a.start}:{a.end + 1}") in bad.stderr
    result = run_cli("reanchor", str(corpus))
    assert result.exit_code == 0, result.output
    assert result.stdout.strip().endswith(f"R001 moved a1-c001 {a.start}:{a.end} -> {a.start}:{a.end + 1} "
                                          "(line breaks or spaces re-wrapped in the quote)")
    anchor = _record(corpus)["anchor"]
    assert (anchor["start"], anchor["end"]) == (a.start, a.end + 1)
    assert edited[anchor["start"]:anchor["end"]] == anchor["quote"] and _renders(anchor["quote"]) == _renders(quote)
    ok = run_cli("validate", str(corpus))
    assert ok.exit_code == 0, ok.output
    assert run_cli("reanchor", str(corpus)).stdout == ""


@pytest.mark.parametrize(("body", "lang", "quote", "printed", "number", "new", "expect"), [
    (EN, "en", "12%", "12%", 12, "9%", {"printed": "9%", "number": 9, "unit": "%"}),
    (ZH.replace("一成", "12%"), "zh", "12%", "12", 12, "9%", {"printed": "9", "number": 9, "unit": "%"}),
    (ZH, "zh", "1.2亿元", "1.2亿元", 1.2e8, "9000万元", {"printed": "9000万元", "number": 9e7, "unit": "CNY"}),
], ids=["en-percent", "zh-percent", "zh-yuan"])
def test_reanchor_re_reads_a_changed_quote_with_its_unit(tmp_path: Path, body, lang, quote, printed, number, new, expect) -> None:
    corpus = _corpus(tmp_path, body, lang, quote, printed, number, None)  # the record left the unit out
    a = anchor_at(body, quote)
    _article(corpus, quote, new)
    result = run_cli("reanchor", str(corpus))
    assert result.exit_code == 1, result.output
    assert f"R002 changed a1-c001 {a.start}:{a.end} -> {a.start}:{a.start + len(new)}: quote {quote!r} -> {new!r}; " \
           f"value {printed!r} -> {expect['printed']!r} (re-read from the new quote); marked proposed: review it" in result.stdout
    record = _record(corpus)
    assert {k: record["value"][k] for k in expect} == expect and record["status"] == "proposed"
    assert run_cli("validate", str(corpus)).exit_code == 0
