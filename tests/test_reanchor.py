"""Re-anchoring after an article is corrected: the pure rule, the records rewrite, the
``verifier reanchor`` command, and ``verifier extract`` not proposing moved records again.

Articles are made up (fictional 'Zephyr X1', 'Orca 9'); the command tests edit a copy of
``tests/fixtures/corpus``.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
import yaml

from tests.builders import anchor_at
from tests.builders import copy_fixture, run_cli
from verifier.ingest.reanchor import MIN_SCORE, Ambiguous, anchor_holds, context_score, occurrences, reanchor
from verifier.ingest.records import replace_anchors
from verifier.models.claim import Anchor

ROOT = Path(__file__).resolve().parents[1]
EXTRACTION = Path(__file__).parent / "fixtures" / "extraction"

EN = "Zephyr Labs said its X1 accelerator is rated at 800 W, against 1,200 W for the Orca 9."


# the rule -----------------------------------------------------------------------------------

def test_anchor_that_holds_is_returned_unchanged() -> None:
    a = anchor_at(EN, "800 W")
    assert reanchor(EN, a) is a


def test_moved_by_an_insertion_before_it() -> None:
    a = anchor_at(EN, "1,200 W")
    body = "Corrected on 3 March. " + EN
    new = reanchor(body, a)
    assert isinstance(new, Anchor)
    assert (new.start, new.end) == (a.start + 22, a.end + 22)
    assert body[new.start:new.end] == "1,200 W" and new.prefix == a.prefix and new.suffix == a.suffix
    assert anchor_holds(body, new)


def test_typo_fixed_in_the_context_renews_it() -> None:
    a = anchor_at(EN, "800 W")
    body = EN.replace("accelerator", "acelerator")  # the quote moves one place and its prefix changes
    new = reanchor(body, a)
    assert isinstance(new, Anchor) and (new.start, new.end) == (a.start - 1, a.end - 1)
    assert new.prefix == body[new.start - 32:new.start] and anchor_holds(body, new)


def test_two_occurrences_are_told_apart_by_context() -> None:
    body = "At peak the Zephyr X1 draws 700 W. At idle the Orca 9 draws 700 W, the vendor says."
    second = anchor_at(body, "700 W", nth=1)
    edited = "Update: figures checked. " + body.replace("the vendor says", "its vendor says")
    new = reanchor(edited, second)
    assert isinstance(new, Anchor)
    assert new.start == edited.find("700 W", edited.find("Orca 9"))


def test_a_tie_is_ambiguous() -> None:
    a = Anchor(quote="700 W", start=6, end=11, prefix="draws ", suffix=".")
    body = "Zephyr X1 draws 700 W. Orca 9 draws 700 W."
    result = reanchor(body, a)
    assert isinstance(result, Ambiguous) and not result.weak
    assert result.starts == tuple(occurrences(body, "700 W"))


def test_a_near_tie_within_the_margin_is_ambiguous() -> None:
    a = Anchor(quote="700 W", start=0, end=5, prefix="the chip draws ", suffix=" at peak load")
    body = "the chip drew 700 W at peak load; the chip drew 700 W at peak loads"  # neither fits exactly, both nearly
    result = reanchor(body, a)
    assert isinstance(result, Ambiguous) and len(result.starts) == 2


def test_quote_deleted_gives_none() -> None:
    a = anchor_at(EN, "800 W")
    assert reanchor(EN.replace("800 W", "850 W"), a) is None


def test_quote_left_only_in_another_sentence_is_not_taken() -> None:
    body = "Zephyr X1 draws 800 W at peak. In other news, a toaster from Brightly uses 700 W."
    a = anchor_at(body, "800 W")
    edited = "Zephyr X1 draws 850 W at peak. In other news, a toaster from Brightly uses 800 W."
    result = reanchor(edited, a)
    assert isinstance(result, Ambiguous) and result.weak
    assert "matches nowhere well enough" in result.describe()


def test_chinese_text() -> None:
    body = "据泽菲尔公司介绍，X1 的额定功耗为 800 瓦，Orca 9 的额定功耗约为 1500 瓦。另一款芯片也是 800 瓦左右。"
    a = anchor_at(body, "800 瓦")
    edited = "（本报讯）据泽菲尔公司介绍，X1 的额定功耗为 800 瓦，Orca 9 的额定功耗约为 1500 瓦。另一款芯片也是 800 瓦左右。"
    new = reanchor(edited, a)
    assert isinstance(new, Anchor) and new.start == a.start + 5 and edited[new.start:new.end] == "800 瓦"
    assert new.prefix == edited[:new.start]  # the recorded prefix reached the start of the body; now 22 characters
    b = anchor_at(body, "1500 瓦")
    fixed = edited.replace("额定功耗约为 1500", "额定功率约为 1500")  # a word corrected in the prefix
    moved = reanchor(fixed, b)
    assert isinstance(moved, Anchor) and fixed[moved.start:moved.end] == "1500 瓦" and anchor_holds(fixed, moved)


def test_context_cut_at_a_line_end_stays_within_its_line() -> None:
    body = "Power.\nZephyr X1 draws 800 W.\nNext line."
    a = Anchor(quote="800 W", start=body.find("800 W"), end=body.find("800 W") + 5, prefix="Zephyr X1 draws ", suffix=".")
    edited = "Intro.\n" + body
    new = reanchor(edited, a)
    assert isinstance(new, Anchor) and (new.prefix, new.suffix) == ("Zephyr X1 draws ", ".")


def test_shipped_corpus_wrong_places_score_below_the_minimum() -> None:
    """Keeps MIN_SCORE's documented measure true: another occurrence of a record's quote in
    its article never fits the record's context well enough to take the anchor."""
    from verifier.ingest.corpus import load_corpus

    corpus = load_corpus([ROOT])
    scores = [context_score(corpus.sources[c.source].body, c.anchor, s) for c in corpus.claims
              for s in occurrences(corpus.sources[c.source].body, c.anchor.quote) if s != c.anchor.start]
    assert scores and max(scores) < MIN_SCORE


# rewriting anchors in a records file --------------------------------------------------------

FLOW = """\
# reviewed by hand
- id: en1-x001
  source: en1
  anchor: {quote: 700 W, start: 0, end: 5}  # no context recorded
  subject: Zephyr X1  # corrected by a reviewer
  note: null
- id: en1-x002
  source: en1
  anchor:
    quote: 9 W
    start: 100
    end: 103
    prefix: 'it''s '
    suffix: ''
  note: ~
"""


def test_replace_anchors_touches_only_the_changed_fields() -> None:
    new = {"en1-x001": Anchor(quote="700 W", start=7, end=12, prefix="Draws: ", suffix=", or so"),
           "en1-x002": Anchor(quote="9 W", start=90, end=93, prefix="it's\n", suffix=" (it's 'small')")}
    out = replace_anchors(FLOW, "en1.yaml", new)
    assert out.splitlines()[3] == "  anchor: {quote: 700 W, start: 7, end: 12, prefix: 'Draws: ', suffix: ', or so'}  # no context recorded"
    assert "    prefix: 'it''s\n\n      '\n" in out and "    suffix: ' (it''s ''small'')'\n" in out
    assert out.count("\n") == FLOW.count("\n") + 2  # the line break in the prefix, folded as the emitters write it
    docs = yaml.safe_load(out)
    assert docs[1]["anchor"] == new["en1-x002"].model_dump()
    kept = [ln for ln in FLOW.splitlines() if "start" not in ln and "end:" not in ln and "prefix" not in ln and "suffix" not in ln]
    assert all(ln in out.splitlines() for ln in kept)


def test_replace_anchors_keeps_crlf_line_ends() -> None:
    text = FLOW.replace("\n", "\r\n")
    out = replace_anchors(text, "en1.yaml", {"en1-x002": Anchor(quote="9 W", start=1, end=4, prefix="a\nb", suffix="")})
    assert "\n" not in out.replace("\r\n", "")
    assert yaml.safe_load(out)[1]["anchor"]["prefix"] == "a\nb"


# the command --------------------------------------------------------------------------------

run = run_cli


@pytest.fixture()
def corpus(tmp_path: Path) -> Path:
    """A writable copy of the small corpus, with a reviewer's comments in alpha's records."""
    dst = copy_fixture(tmp_path)
    records = dst / "claims" / "alpha.yaml"
    text = records.read_text(encoding="utf-8")
    text = "# alpha, checked by hand\n" + text.replace("  subject: Orca 9\n", "  subject: Orca 9  # the rival\n", 1)
    records.write_text(text, encoding="utf-8")
    return dst


def _edit(corpus: Path, name: str, old: str, new: str) -> None:
    path = corpus / "sources" / name
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def _correct_articles(corpus: Path) -> None:
    """A sentence inserted at the top of alpha, a paragraph before its second line; a note before beta."""
    _edit(corpus, "alpha.md", "Zephyr Labs said", "Corrected on 3 March. Zephyr Labs said")
    _edit(corpus, "alpha.md", "\nOn the Atlas 70B", "\nThe test ran in February.\nOn the Atlas 70B")
    _edit(corpus, "beta.md", "据泽菲尔公司", "（本报讯）据泽菲尔公司")


def test_reanchor_rewrites_only_anchor_fields_and_validate_passes(corpus: Path) -> None:
    _correct_articles(corpus)
    alpha, beta = corpus / "claims" / "alpha.yaml", corpus / "claims" / "beta.yaml"
    before = {p: p.read_text(encoding="utf-8") for p in (alpha, beta)}
    assert run("validate", str(corpus)).exit_code == 2
    result = run("reanchor", str(corpus))
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines() == [
        "claims/alpha.yaml:2: alpha-c001 48:53 -> 70:75",
        "claims/alpha.yaml:28: alpha-c002 63:70 -> 85:92",
        "claims/alpha.yaml:56: alpha-c003 124:146 -> 172:194",
        "claims/alpha.yaml:82: alpha-c004 171:177 -> 219:225",
        "claims/alpha.yaml:108: alpha-c005 204:213 -> 252:261",
        "claims/beta.yaml:1: beta-c001 19:24 -> 24:29",
        "claims/beta.yaml:29: beta-c002 40:46 -> 45:51",
    ]
    for path, old in before.items():
        new = path.read_text(encoding="utf-8")
        assert new != old and _outside_anchors(new) == _outside_anchors(old)
        assert [_without_anchor(r) for r in yaml.safe_load(new)] == [_without_anchor(r) for r in yaml.safe_load(old)]
    text = alpha.read_text(encoding="utf-8")
    assert text.startswith("# alpha, checked by hand\n") and "  subject: Orca 9  # the rival\n" in text
    assert "  approx: null\n" in text and "    said_by: null\n" in text
    ok = run("validate", str(corpus))
    assert ok.exit_code == 0, ok.output
    again = run("reanchor", str(corpus))
    assert (again.exit_code, again.stdout) == (0, "")


def _outside_anchors(text: str) -> list[str]:
    """The lines of a records file that are not inside an ``anchor:`` block."""
    out, inside = [], False
    for line in text.splitlines():
        if line.startswith("  anchor:"):
            inside = True
        elif inside and (len(line) - len(line.lstrip(" "))) <= 2 and line.strip():
            inside = False
        if not inside:
            out.append(line)
    return out


def _without_anchor(record: dict) -> dict:
    return {k: v for k, v in record.items() if k != "anchor"}


def test_dry_run_writes_nothing(corpus: Path) -> None:
    _correct_articles(corpus)
    files = sorted((corpus / "claims").iterdir())
    before = [p.read_bytes() for p in files]
    result = run("reanchor", str(corpus), "--dry-run")
    assert result.exit_code == 0 and len(result.stdout.splitlines()) == 7
    assert sorted((corpus / "claims").iterdir()) == files and [p.read_bytes() for p in files] == before


def test_unresolved_records_are_reported_with_exit_1(corpus: Path) -> None:
    _correct_articles(corpus)
    _edit(corpus, "alpha.md", "2.6 times", "2.5 times")
    result = run("reanchor", str(corpus))
    assert result.exit_code == 1
    assert "claims/alpha.yaml:108: alpha-c005 not re-anchored: quote '2.6 times' no longer occurs in alpha" in result.stdout
    assert "alpha-c004 171:177 -> 219:225" in result.stdout  # the others are re-anchored all the same
    again = run("reanchor", str(corpus))
    assert again.exit_code == 1 and again.stdout.splitlines() == [
        "claims/alpha.yaml:108: alpha-c005 not re-anchored: quote '2.6 times' no longer occurs in alpha"]


def test_ambiguous_record_is_left_alone(corpus: Path) -> None:
    records = corpus / "claims" / "beta.yaml"
    text = records.read_text(encoding="utf-8")
    line = "据泽菲尔公司介绍，X1 的额定功耗为 800 瓦，Orca 9 的额定功耗约为 1500 瓦。\n"
    _edit(corpus, "beta.md", line, "（本报讯）" + line + line)  # the sentence now printed twice
    result = run("reanchor", str(corpus))
    assert result.exit_code == 1
    assert "beta-c001 not re-anchored: quote '800 瓦': the context fits several places equally well" in result.stdout
    assert "start: 19\n" in records.read_text(encoding="utf-8").split("- id: beta-c002")[0]
    assert records.read_text(encoding="utf-8").split("- id: beta-c002")[0] == text.split("- id: beta-c002")[0]


def test_bad_input_is_one_line_and_exit_2(corpus: Path) -> None:
    _correct_articles(corpus)
    alpha = corpus / "claims" / "alpha.yaml"
    beta = corpus / "claims" / "beta.yaml"
    beta_before = beta.read_bytes()
    alpha.write_text(alpha.read_text(encoding="utf-8") + "  - : [\n", encoding="utf-8")
    result = run("reanchor", str(corpus))
    assert result.exit_code == 2
    assert len(result.stderr.strip().splitlines()) == 1 and "alpha.yaml:" in result.stderr and "invalid YAML" in result.stderr
    assert beta.read_bytes() == beta_before
    assert run("reanchor", str(corpus / "nope")).exit_code == 2


# extract after an edit ----------------------------------------------------------------------

def test_extract_after_an_edit_proposes_no_duplicates(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "sources").mkdir()
    article = tmp_path / "sources" / "zh1.md"
    shutil.copy(EXTRACTION / "zh_launch.md", article)
    monkeypatch.chdir(tmp_path)
    assert run("extract", "sources").exit_code == 0
    records = tmp_path / "claims" / "zh1.yaml"
    proposed = records.read_text(encoding="utf-8")
    assert len(yaml.safe_load(proposed)) >= 4
    text = article.read_text(encoding="utf-8")
    article.write_text(text.replace("---\n据微博消息", "---\n编者按：本文于次日更新。\n\n据微博消息", 1), encoding="utf-8")

    from verifier.extract import extract_claims
    from verifier.extract.merge import merge_records
    from verifier.ingest.articles import read_article

    moved = extract_claims(read_article(article))
    assert merge_records(yaml.safe_load(proposed), moved)[len(yaml.safe_load(proposed)):], "without re-anchoring they would come back"

    again = run("extract", "sources")
    assert again.exit_code == 0 and "0 proposed claims added" in again.output
    assert records.read_text(encoding="utf-8") == proposed  # extract never rewrites existing records
    assert run("validate", ".").exit_code == 2  # the offsets on disk are stale until reanchor
    fixed = run("reanchor", ".")
    assert fixed.exit_code == 0 and len(fixed.stdout.splitlines()) == len(yaml.safe_load(proposed))
    assert run("validate", ".").exit_code == 0
    assert "0 proposed claims added" in run("extract", "sources").output


def test_context_only_change_renews_the_context(corpus: Path) -> None:
    _edit(corpus, "alpha.md", "its X1 accelerator", "its X2 accelerator")  # same length: offsets hold, prefix does not
    result = run("reanchor", str(corpus))
    assert (result.exit_code, result.stdout) == (0, "claims/alpha.yaml:2: alpha-c001 48:53 -> 48:53 (context renewed)\n")
    assert "    prefix: ' its X2 accelerator is rated at '\n" in (corpus / "claims" / "alpha.yaml").read_text(encoding="utf-8")
    assert run("validate", str(corpus)).exit_code == 0
