"""V3xx anchor rules: a claim's quote, offsets, context and printed figure must match its article."""

from __future__ import annotations

import pytest

from builders import art, claim, corpus, findings
from verifier.models import Claim

Z, O = "Zephyr X1", "Orca 9"
EN = "Power budget\nZephyr X1 draws 700 W at full load; Orca 9 draws 1.2 kW.\n"
ZH = "功耗\nZephyr X1 的额定功耗为1400W，Orca 9 为1400W。\n"


def reanchor(c: Claim, **anchor) -> Claim:
    """``c`` with some anchor fields replaced (validated like a record read from disk)."""
    data = c.model_dump()
    data["anchor"].update(anchor)
    return Claim.model_validate(data)


def shifted(c: Claim, by: int) -> Claim:
    return reanchor(c, start=c.anchor.start + by, end=c.anchor.end + by)


def run(source, c: Claim, *codes: str):
    return findings(corpus([source], [c]), *codes)


# --- V301 quote-not-at-offsets --------------------------------------------------------------

def test_v301_clean_when_the_quote_is_at_its_offsets():
    a = art("en1", EN)
    assert run(a, claim(a, "700 W", Z, "power", 700, "W"), "V301", "V302", "V303", "V304") == []


def test_v301_fires_when_the_offsets_are_four_characters_early():
    a = art("en1", EN)
    good = claim(a, "700 W", Z, "power", 700, "W", id="c1")
    (f,) = run(a, shifted(good, -4), "V301")
    assert (f.rule, f.name, f.severity.value, f.claims) == ("V301", "quote-not-at-offsets", "error", ["c1"])
    assert (f.source, f.path, f.line) == ("en1", "sources/en1.md", 2)
    start = good.anchor.start
    assert f.message == (f"quote '700 W' of c1 is not at {start - 4}:{start + 1} (the text there is "
                         f"{EN[start - 4:start + 1]!r}); it is found at {start}:{start + 5}")


@pytest.mark.parametrize(("by", "fires"), [(0, False), (1, True), (-1, True)])
def test_v301_second_occurrence_and_off_by_one(by, fires):
    a = art("zh1", ZH)
    second = claim(a, "1400W", O, "power", 1400, "W", nth=1, id="c1")
    found = run(a, shifted(second, by), "V301")
    assert bool(found) is fires
    if fires:
        first = ZH.find("1400W")
        assert found[0].message.endswith(f"found at {first}:{first + 5}, {second.anchor.start}:{second.anchor.end}")


def test_v301_offsets_count_code_points_not_bytes():
    a = art("zh1", ZH)
    good = claim(a, "1400W", Z, "power", 1400, "W")
    as_bytes = len(ZH[:good.anchor.start].encode("utf-8"))
    assert as_bytes != good.anchor.start
    (f,) = run(a, shifted(good, as_bytes - good.anchor.start), "V301")
    assert f"found at {good.anchor.start}:{good.anchor.end}, " in f.message


def test_v301_leaves_a_quote_that_is_nowhere_to_v302():
    a = art("en1", EN)
    c = reanchor(claim(a, "700 W", Z, "power", 700, "W"), quote="750 W")
    assert [f.rule for f in run(a, c, "V301", "V302")] == ["V302"]


# --- V302 quote-not-in-source ---------------------------------------------------------------

def test_v302_fires_for_a_figure_the_article_does_not_print():
    a = art("en1", EN)
    c = reanchor(claim(a, "700 W", Z, "power", 700, "W", id="c1"), quote="750 W")
    (f,) = run(a, c, "V302")
    assert (f.rule, f.name, f.severity.value, f.claims, f.source) == ("V302", "quote-not-in-source", "error", ["c1"], "en1")
    assert f.message == "quote '750 W' of c1 does not occur in en1"


def test_v302_stays_an_error_whatever_the_record_decided_weakly():
    """An anchor error rests on nothing of the claim's frame: a holder guessed at 0.35 does not
    make a missing quote a warning (the linters' promise demotes frame errors only)."""
    from verifier.models.claim import Decision

    a = art("en1", EN)
    c = reanchor(claim(a, "700 W", Z, "power", 700, "W", id="c1"), quote="750 W")
    c = c.model_copy(update={"decided": {"holder": Decision(by="article topic", confidence=0.35)}})
    (f,) = run(a, c, "V302")
    assert f.severity.value == "error"


def test_v302_clean_for_a_copied_quote():
    a = art("en1", EN)
    assert run(a, claim(a, "1.2 kW", O, "power", 1.2, "kW"), "V302") == []


def test_v302_clean_for_a_quote_at_the_very_end():
    body = "Orca 9 draws 1.2 kW"
    a = art("en1", body)
    c = claim(a, "1.2 kW", O, "power", 1.2, "kW")
    assert c.anchor.end == len(body)
    assert run(a, c, "V301", "V302", "V303") == []


@pytest.mark.parametrize("quote", ["1.2kW", "1.2\u00a0kW", "１.２ kW"])
def test_v302_no_normalisation_of_spaces_or_digits(quote):
    a = art("en1", EN)
    c = reanchor(claim(a, "1.2 kW", O, "power", 1.2, "kW", printed="1.2"), quote=quote, end=EN.find("1.2 kW") + len(quote))
    assert [f.rule for f in run(a, c, "V301", "V302")] == ["V302"]


def test_v302_silent_when_the_quote_is_elsewhere():
    a = art("en1", EN)
    assert [f.rule for f in run(a, shifted(claim(a, "700 W", Z, "power", 700, "W"), 3), "V301", "V302")] == ["V301"]


# --- V303 context-mismatch ------------------------------------------------------------------

def test_v303_clean_with_recorded_context():
    a = art("zh1", ZH)
    c = claim(a, "1400W", Z, "power", 1400, "W")
    assert c.anchor.prefix.endswith("Zephyr X1 的额定功耗为")
    assert run(a, c, "V303") == []


def test_v303_fires_on_a_wrong_prefix():
    a = art("zh1", ZH)
    c = reanchor(claim(a, "1400W", Z, "power", 1400, "W", id="c1"), prefix="Orca 9 为")
    (f,) = run(a, c, "V303")
    assert (f.rule, f.name, f.severity.value, f.claims) == ("V303", "context-mismatch", "warning", ["c1"])
    assert f.message == "prefix of c1 is 'Orca 9 为' in the record but '1 的额定功耗为' in the text"  # as many characters as the record gives


def test_v303_fires_on_a_wrong_suffix():
    a = art("en1", EN)
    c = reanchor(claim(a, "700 W", Z, "power", 700, "W", id="c1"), suffix=" at idle")
    (f,) = run(a, c, "V303")
    assert f.message == "suffix of c1 is ' at idle' in the record but ' at full' in the text"


def test_v303_fires_when_context_belongs_to_the_other_occurrence():
    # offsets of the first "1400W", context of the second: the record was anchored to the wrong one
    a = art("zh1", ZH)
    first = claim(a, "1400W", O, "power", 1400, "W")
    second = claim(a, "1400W", O, "power", 1400, "W", nth=1)
    c = reanchor(first, prefix=second.anchor.prefix, suffix=second.anchor.suffix)
    assert [f.rule for f in run(a, c, "V301", "V303")] == ["V303"]


@pytest.mark.parametrize(("prefix", "suffix"), [("", ""), ("draws ", " at"), ("", " at full load; Orca 9 draws 1.2 kW.\n")])
def test_v303_partial_or_empty_context_is_fine(prefix, suffix):
    a = art("en1", EN)
    c = reanchor(claim(a, "700 W", Z, "power", 700, "W"), prefix=prefix, suffix=suffix)
    assert run(a, c, "V303") == []


def test_v303_clean_at_the_start_of_the_body():
    a = art("en1", "700 W is what Zephyr X1 draws.")
    c = claim(a, "700 W", Z, "power", 700, "W")
    assert c.anchor.prefix == ""
    assert run(a, c, "V303") == []


def test_v303_leaves_misplaced_quotes_to_v301():
    a = art("en1", EN)
    c = shifted(claim(a, "700 W", Z, "power", 700, "W"), 2)
    assert [f.rule for f in run(a, c, "V301", "V303")] == ["V301"]


# --- V304 figure-not-in-quote ---------------------------------------------------------------

ZH_SPEED = "据测试，Zephyr X1 约8.54万个token每秒，能效是对手的 1.5至1.9倍。"


def test_v304_clean_when_the_printed_figure_is_in_the_quote():
    a = art("zh1", ZH_SPEED)
    c = claim(a, "约8.54万个token每秒", Z, "throughput", 85400, "tokens/s", printed="8.54万", approx="about")
    assert run(a, c, "V304") == []


def test_v304_fires_for_a_transposed_printed_figure():
    a = art("zh1", ZH_SPEED)
    c = claim(a, "约8.54万个token每秒", Z, "throughput", 84500, "tokens/s", printed="8.45万", id="c1")
    (f,) = run(a, c, "V304")
    assert (f.rule, f.name, f.severity.value, f.claims) == ("V304", "figure-not-in-quote", "warning", ["c1"])
    assert f.message == "c1 records '8.45万' but its quote is '约8.54万个token每秒'"


def test_v304_ignores_spaces():
    a = art("zh1", ZH_SPEED)
    c = claim(a, "1.5至1.9倍", Z, "throughput", None, low=1.5, high=1.9, target=O, relation="ratio", printed="1.5 至 1.9")
    assert run(a, c, "V304") == []


@pytest.mark.parametrize("printed", ["85448", "8.54 万 ", "8.54万"])
def test_v304_boundary_of_what_counts_as_the_same_text(printed):
    a = art("en1", "Zephyr X1 delivers 8.54万 or 85,448 tokens/s/kW.")
    c = claim(a, "8.54万", Z, "throughput_per_power", 85400, "tokens/s/kW", printed=printed)
    assert bool(run(a, c, "V304")) is (printed == "85448")  # spaces are dropped, digits are not regrouped


# --- V305 unknown-unit ----------------------------------------------------------------------

@pytest.mark.parametrize("unit", ["W", "kW", "tokens/s/kW", "mm²", "USD/h", "stacks"])
def test_v305_clean_for_known_units_and_count_nouns(unit):
    a = art("en1", EN)
    assert run(a, claim(a, "700 W", Z, "power", 700, unit), "V305") == []


def test_v305_fires_for_a_unit_expression_it_cannot_read():
    a = art("en1", EN)
    (f,) = run(a, claim(a, "700 W", Z, "power", 700, "kWatt", id="c1"), "V305")
    assert (f.rule, f.severity.value, f.claims) == ("V305", "info", ["c1"])
    assert "compared only with figures in exactly 'kWatt'" in f.message


def test_v305_boundary_a_short_lowercase_word_is_not_a_count_noun():
    # 'abc' is too short to be taken for a count noun ('stacks'): it is reported
    a = art("en1", EN)
    assert [f.rule for f in run(a, claim(a, "700 W", Z, "power", 700, "abc"), "V305")] == ["V305"]


# --- whitespace that does not render (V301-V303) --------------------------------------------

HEALTH_ZH = "门诊\n据卫生局统计，该医院全年门诊量为120万人次，比上年增长8%。\n"


def test_v3xx_quiet_when_a_chinese_paragraph_was_re_wrapped_around_the_quote():
    """The record was made before the re-wrap: its quote and context hold no line break, the
    article now breaks the line between two Han characters inside the quote and its prefix.
    Offsets that cover the quote, the break inside it included, hold; offsets one short do not
    (the text there ends before the quote's last character)."""
    recorded = art("zh1", HEALTH_ZH)
    c = claim(recorded, "门诊量为120万人次", "某医院", "visits", 1_200_000, "visits", printed="120万")
    a = art("zh1", HEALTH_ZH.replace("全年门诊", "全年门\n诊").replace("据卫生局", "据卫生\n局"))
    c = shifted(c, 1)  # the break in the prefix moved the quote by one; the one in the quote does not move its start
    covered = reanchor(c, quote="门\n诊量为120万人次", end=c.anchor.end + 1)  # as `verifier reanchor` writes it
    assert a.body[covered.anchor.start:covered.anchor.end] == covered.anchor.quote
    assert run(a, covered, "V301", "V302", "V303") == []
    (f,) = run(a, c, "V301", "V302", "V303")
    assert f.rule == "V301" and f.message.endswith(f"found at {c.anchor.start}:{c.anchor.end + 1}")


def test_v3xx_quiet_on_runs_of_spaces_and_soft_breaks_in_english():
    body = "Clinics\nThe clinic saw 1,240 patients in May, up from 1,100 in April.\n"
    c = claim(art("en1", body), "1,240 patients", "the clinic", "visits", 1240, "patients", printed="1,240")
    a = art("en1", body.replace("clinic saw", "clinic  saw").replace(" in May,", "\nin May,"))
    assert run(a, shifted(c, 1), "V301", "V302", "V303") == []


def test_v3xx_still_fire_when_the_rendered_text_differs():
    """A break between a digit and a Han character renders as a space: '120 万' is not '120万'."""
    recorded = art("zh1", HEALTH_ZH)
    c = claim(recorded, "120万人次", "某医院", "visits", 1_200_000, "visits", printed="120万", id="c1")
    a = art("zh1", HEALTH_ZH.replace("120万", "120\n万"))
    assert [f.rule for f in run(a, c, "V301", "V302", "V303")] == ["V302"]
    b = art("zh1", HEALTH_ZH.replace("该医院全年", "该诊所全年"))
    assert [f.rule for f in run(b, c, "V301", "V302", "V303")] == ["V303"]
