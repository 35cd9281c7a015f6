"""Regression tests for the bugs the fuzz tests found (tests/test_fuzz.py,
benchmarks/fuzz_quantities.py), one per bug, each at the mechanism that was fixed."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.builders import art, run_cli
from verifier.errors import InputError
from verifier.extract import extract_claims
from verifier.extract.segment import segment
from verifier.ingest.articles import read_article
from verifier.quantities import extract
from verifier.quantities.numerals import parse_chinese


def test_a_chinese_numeral_with_a_digit_run_beyond_the_double_range_is_out_of_range():
    # _CnState.finish and .place tested int(pending) == pending: OverflowError on an infinity
    assert parse_chinese("9" * 400)[0] == float("inf")
    assert parse_chinese("9" * 400 + "万")[0] == float("inf")
    [q] = extract("百分之" + "９" * 400)
    assert q.out_of_range and q.unit == "%" and q.value is None


@pytest.mark.parametrize("body", ["\r0", "Zephyr X1 draws 700 W\rOrca 9 draws 1.2 kW\r", "a\r\rb 5 kW\n\rc 6 kW"])
def test_a_lone_carriage_return_ends_a_line_as_markdown_it_counts_it(body):
    # line starts were counted at \n only, while markdown-it's line maps also count a lone \r
    units = segment(body)
    for u in units:
        assert 0 <= u.start <= u.end <= len(body)
        assert "\r" not in body[u.start:u.end] and "\n" not in body[u.start:u.end]
    extract_claims(art("cr", body))


def test_lines_ended_by_lone_carriage_returns_are_units_of_their_own():
    body = "Zephyr X1 draws 700 W.\rOrca 9 draws 1.2 kW."
    assert [body[u.start:u.end] for u in segment(body)] == ["Zephyr X1 draws 700 W.", "Orca 9 draws 1.2 kW."]


@pytest.mark.parametrize("value", ["2026-02-30", "0000-01-01"])
def test_a_front_matter_date_that_cannot_be_is_kept_as_text(tmp_path: Path, value: str):
    # front matter comes from other tools: an impossible date is a value the reader notes (V701), not a reason to drop the article
    path = tmp_path / "a.md"
    path.write_text(f"---\nid: a\npublished: {value}\n---\nbody\n", encoding="utf-8")
    source = read_article(path, "sources/a.md")
    assert source.meta.published is None and source.body == "body\n"


@pytest.mark.parametrize("value, why", [("9" * 5000, "cannot read '9999")])
def test_a_front_matter_scalar_yaml_cannot_build_is_an_input_error_at_its_line(tmp_path: Path, value: str, why: str):
    # PyYAML's constructors raise a bare ValueError for these; it escaped read_article
    path = tmp_path / "a.md"
    path.write_text(f"---\nid: a\nnote: {value}\n---\nbody\n", encoding="utf-8")
    with pytest.raises(InputError, match=why) as info:
        read_article(path, "sources/a.md")
    assert str(info.value).startswith("sources/a.md:3: invalid YAML: cannot read ")
    assert len(str(info.value)) < 220 and "set_int_max_str_digits" not in str(info.value)  # one short line


def test_an_impossible_date_in_front_matter_is_noted_not_fatal(tmp_path: Path):
    (tmp_path / "sources").mkdir()
    (tmp_path / "sources" / "a.md").write_text("---\nid: a\npublished: 2026-02-30\n---\nZephyr X1 draws 700 W.\n",
                                               encoding="utf-8")
    result = run_cli("audit", str(tmp_path))
    assert result.exit_code == 0
    assert "V701 unread-metadata (info)" in result.output and "a.md:3" in result.output
    assert "Traceback" not in result.output


def test_an_impossible_date_in_a_claim_record_is_a_one_line_error_with_exit_2(tmp_path: Path):
    (tmp_path / "sources").mkdir()
    (tmp_path / "claims").mkdir()
    (tmp_path / "sources" / "a.md").write_text("---\nid: a\n---\nZephyr X1 draws 700 W.\n", encoding="utf-8")
    (tmp_path / "claims" / "a.yaml").write_text("- id: a-c001\n  checked: 2026-02-30\n", encoding="utf-8")
    result = run_cli("audit", str(tmp_path))
    assert result.exit_code == 2
    assert "a.yaml:2: invalid YAML: cannot read '2026-02-30' as timestamp" in result.output
    assert "Traceback" not in result.output


@pytest.mark.parametrize("body", ["The Zephyr X1 costs $300, and $200, 14:30.", "Zephyr X1 售价 300元，0:15",
                                  "51283117-31154193-17046359，El{j，〇百塊，0:15"])
def test_a_time_of_day_after_a_listed_figure_is_no_claim(body):
    # a bare number continuing a list takes the previous figure's metric; a time of day has no
    # value, and _value's float(None) raised TypeError: quantities without a value (times of
    # day, figures out of range) are no figures for claims, only dates are
    claims = extract_claims(art("t", body))
    assert all(c.value.number is not None or c.value.is_range for c in claims)
    assert not any(":" in c.anchor.quote for c in claims)


@pytest.mark.parametrize("text", ["0e300 trillion", "0e305 million kW"])
def test_a_step_scaled_beyond_the_double_range_is_dropped_not_infinite(text):
    # found while tracing the fuzz property 'resolution is finite': value 0 is in range, but
    # the step of the last digit (1e300) times the scale word overflowed to inf (JSON 'Infinity')
    [q] = extract(text)
    assert q.value == 0 and q.resolution is None and not q.out_of_range
    import json
    json.dumps(q.to_json(), allow_nan=False)
