"""V2xx contradiction rules: different made-up articles disagreeing about Zephyr X1 and Orca 9."""

from __future__ import annotations

import pytest

from builders import art, claim, corpus, findings

Z, O = "Zephyr X1", "Orca 9"


def fired(corp, code: str) -> bool:
    return [f.rule for f in findings(corp, code)] == [code]


def sayings(*figures: tuple, metric: str = "power", subject: str = Z):
    """One article per figure; a figure is (printed, value, unit) plus optional keyword dict (approx, scope...)."""
    sources, claims = [], []
    for i, (printed, value, unit, *extra) in enumerate(figures, start=1):
        a = art(f"en{i}", f"Zephyr X1 is quoted at {printed} in this report.")
        sources.append(a)
        claims.append(claim(a, printed, subject, metric, value, unit, id=f"c{i}", **(extra[0] if extra else {})))
    return corpus(sources, claims)


# --- V201 conflicting-figures ---------------------------------------------------------------

@pytest.mark.parametrize(("one", "two", "fires"), [
    (("1200 W", 1200, "W"), ("1000 W", 1000, "W"), True),
    (("1200 W", 1200, "W"), ("1.2 kW", 1.2, "kW"), False),  # unit conversion
    (("1.2 kW", 1.2, "kW"), ("1250 W", 1250, "W"), False),  # 1.2 kW stands for [1150, 1250] W
    (("1.2 kW", 1.2, "kW"), ("1251 W", 1251, "W"), True),  # just outside
    (("1100 W", 1100, "W"), ("1150 W", 1150, "W"), True),
    (("1100 W", 1100, "W", {"approx": "about"}), ("1150 W", 1150, "W"), False),  # about: [1044.5, 1155.5]
    (("1100 W", 1100, "W", {"approx": "about"}), ("1160 W", 1160, "W"), True),
    (("1.5 kW", 1.5, "kW", {"approx": "at_most"}), ("1400 W", 1400, "W"), False),  # up to 1.5 kW
    (("1.2 kW", 1.2, "kW", {"approx": "at_most"}), ("1400 W", 1400, "W"), True),
    (("1300 W", 1300, "W", {"approx": "over"}), ("1400 W", 1400, "W"), False),
])
def test_v201_power_figures(one, two, fires):
    assert fired(sayings(one, two), "V201") is fires


@pytest.mark.parametrize(("printed", "value", "fires"), [
    ("8.54万", 85400, False),  # [85350, 85450] holds 85,448
    ("8.5万", 85000, False),  # [84500, 85500]
    ("8.45万", 84500, True),  # a transposed digit
    ("8.6万", 86000, True),  # [85500, 86500]: just outside
])
def test_v201_chinese_wan_scale(printed, value, fires):
    a = art("en1", "Zephyr X1 delivers 85,448 tokens/s/kW.")
    b = art("zh1", f"Zephyr X1 每千瓦每秒生成{printed}个token。")
    corp = corpus([a, b], [
        claim(a, "85,448", Z, "throughput_per_power", 85448, "tokens/s/kW"),
        claim(b, printed, Z, "throughput_per_power", value, "tokens/s/kW"),
    ])
    assert fired(corp, "V201") is fires


def test_v201_finding_sits_at_the_outlier_and_lists_every_figure():
    corp = sayings(("1200 W", 1200, "W"), ("1.2 kW", 1.2, "kW"), ("1000 W", 1000, "W"))
    (f,) = findings(corp, "V201")
    assert (f.rule, f.name, f.severity.value) == ("V201", "conflicting-figures", "error")
    assert (f.source, f.claims[0]) == ("en3", "c3")
    assert sorted(f.claims) == ["c1", "c2", "c3"]
    assert (f.stated.low, f.stated.high, f.stated.unit) == (999.5, 1000.5, "W")
    assert sorted((o.claim, o.source, o.low, o.high) for o in f.operands) == [
        ("c1", "en1", 1199.5, 1200.5), ("c2", "en2", pytest.approx(1.15), pytest.approx(1.25))]
    assert f.message == "Zephyr X1 power (no scope): 1000 W in en3 vs 1200 W in en1; 1.2 kW in en2"


def test_v201_rated_and_measured_power_are_different_facts():
    corp = sayings(("1400 W", 1400, "W", {"scope": {"basis": "rated"}}),
                   ("1150 W", 1150, "W", {"scope": {"basis": "measured"}}),
                   ("1.4 kW", 1.4, "kW", {"scope": {"basis": "rated"}}))
    assert findings(corp, "V201") == []


def test_v201_same_figures_without_basis_do_conflict():
    assert fired(sayings(("1400 W", 1400, "W"), ("1150 W", 1150, "W")), "V201")


def test_v201_tdp_vs_measured_in_chinese_and_english():
    a = art("zh1", "Zephyr X1 的额定功耗（TDP）为1400W。")
    b = art("en1", "In our lab Zephyr X1 drew 1150 W under sustained load.")
    c = art("en2", "Zephyr X1 is rated at 1.4 kW.")
    corp = corpus([a, b, c], [
        claim(a, "1400W", Z, "power", 1400, "W", scope={"basis": "rated"}),
        claim(b, "1150 W", Z, "power", 1150, "W", scope={"basis": "measured"}),
        claim(c, "1.4 kW", Z, "power", 1.4, "kW", scope={"basis": "rated"}),
    ])
    assert findings(corp, "V201") == []


def test_v201_conflict_within_one_basis_is_found():
    corp = sayings(("1400 W", 1400, "W", {"scope": {"basis": "rated"}}),
                   ("1150 W", 1150, "W", {"scope": {"basis": "measured"}}),
                   ("1.2 kW", 1.2, "kW", {"scope": {"basis": "rated"}}))
    (f,) = findings(corp, "V201")
    assert sorted(f.claims) == ["c1", "c3"]
    assert "basis=rated" in f.message


def test_v201_figures_for_different_models_are_not_compared():
    corp = sayings(("700 tokens/s", 700, "tokens/s", {"scope": {"model": "A"}}),
                   ("169 tokens/s", 169, "tokens/s", {"scope": {"model": "B"}}), metric="throughput")
    assert findings(corp, "V201") == []


def test_v201_figure_without_the_discriminating_key_is_left_out():
    # 'model' separates the figures, so "300 tokens/s" for no model in particular is ambiguous
    corp = sayings(("700 tokens/s", 700, "tokens/s", {"scope": {"model": "A"}}),
                   ("169 tokens/s", 169, "tokens/s", {"scope": {"model": "B"}}),
                   ("300 tokens/s", 300, "tokens/s"), metric="throughput")
    assert findings(corp, "V201") == []


def test_v201_same_model_conflict_is_found():
    corp = sayings(("700 tokens/s", 700, "tokens/s", {"scope": {"model": "A"}}),
                   ("169 tokens/s", 169, "tokens/s", {"scope": {"model": "B"}}),
                   ("600 tokens/s", 600, "tokens/s", {"scope": {"model": "A"}}), metric="throughput")
    (f,) = findings(corp, "V201")
    assert sorted(f.claims) == ["c1", "c3"]


def test_v201_a_non_qualifying_key_with_one_value_does_not_separate():
    # only one basis is ever named, so a figure that omits it is the same fact
    corp = sayings(("700 W", 700, "W", {"scope": {"basis": "rated"}}), ("600 W", 600, "W"), metric="power")
    assert fired(corp, "V201")


def test_v201_a_qualifier_on_one_figure_only_separates_the_facts():
    # 'peak throughput' on one figure and not the other: two facts, as a standby power is not a rated one
    corp = sayings(("700 tokens/s", 700, "tokens/s", {"scope": {"workload": "peak throughput"}}),
                   ("600 tokens/s", 600, "tokens/s"), metric="throughput")
    assert not fired(corp, "V201")


def test_v201_silent_within_one_article():
    a = art("en1", "Zephyr X1 draws 1200 W. Later: Zephyr X1 draws 1000 W.")
    corp = corpus([a], [claim(a, "1200 W", Z, "power", 1200, "W"), claim(a, "1000 W", Z, "power", 1000, "W")])
    assert findings(corp, "V201") == []
    assert [f.rule for f in findings(corp, "V104")] == ["V104"]


@pytest.mark.parametrize(("low", "high", "fires"), [(1.5, 1.9, False), (1.5, 2.4, True)])
def test_v201_ranges_agree_when_both_ends_meet(low, high, fires):
    a = art("en1", "Zephyr X1 latency: 1.5 to 1.9 s.")
    b = art("en2", f"Zephyr X1 latency: {low} to {high} s.")
    corp = corpus([a, b], [
        claim(a, "1.5 to 1.9", Z, "latency_e2e", None, "s", low=1.5, high=1.9),
        claim(b, f"{low} to {high}", Z, "latency_e2e", None, "s", low=low, high=high),
    ])
    assert fired(corp, "V201") is fires


def test_v201_a_point_and_a_range_never_conflict():
    a = art("en1", "Zephyr X1 latency: 1.5 to 1.9 s.")
    b = art("en2", "Zephyr X1 latency: 3.0 s.")
    corp = corpus([a, b], [
        claim(a, "1.5 to 1.9", Z, "latency_e2e", None, "s", low=1.5, high=1.9),
        claim(b, "3.0", Z, "latency_e2e", 3.0, "s"),
    ])
    assert findings(corp, "V201") == []


# --- V202 conflicting-comparisons -----------------------------------------------------------

def comparisons(*figures: tuple, target: str = O):
    """One article per comparison; a figure is (printed, value, relation, metric) plus an optional keyword dict."""
    sources, claims = [], []
    for i, (printed, value, relation, metric, *extra) in enumerate(figures, start=1):
        a = art(f"en{i}", f"Zephyr X1 is {printed} {target}.")
        sources.append(a)
        claims.append(claim(a, printed, Z, metric, value, target=target, relation=relation, id=f"c{i}",
                            **(extra[0] if extra else {})))
    return corpus(sources, claims)


@pytest.mark.parametrize(("one", "two", "fires"), [
    (("1.9x", 1.9, "ratio", "throughput"), ("1.9x", 1.9, "ratio", "throughput", {"approx": "about"}), False),
    (("1.6x", 1.6, "ratio", "throughput"), ("1.8x", 1.8, "ratio", "throughput"), True),
    # a ratio and an increase: 1.9x is [1.85, 1.95]; "95% more" is [1.945, 1.955]
    (("1.9x", 1.9, "ratio", "throughput"), ("95%", 95, "increase", "throughput"), False),
    (("1.9x", 1.9, "ratio", "throughput"), ("96%", 96, "increase", "throughput"), True),  # [1.955, 1.965]
    # a share: "53% of" is q in [0.525, 0.535], i.e. the rival is 1.87-1.90x ahead: not Zephyr ahead
    (("1.9x", 1.9, "ratio", "throughput"), ("53%", 53, "share", "throughput"), True),
    # speed ratio vs reduction of the inverse metric: 72 % lower latency is 1 / [0.275, 0.285] = [3.51, 3.64]
    (("3.6x", 3.6, "ratio", "generation_speed"), ("72%", 72, "reduction", "inter_token_latency"), False),
    (("3.6x", 3.6, "ratio", "generation_speed"), ("50%", 50, "reduction", "inter_token_latency"), True),
    (("3.6x", 3.6, "ratio", "generation_speed"), ("3.6 times lower", 3.6, "inverse_ratio", "inter_token_latency"), False),
])
def test_v202_comparisons_mapped_to_one_ratio(one, two, fires):
    assert fired(comparisons(one, two), "V202") is fires


def test_v202_docstring_example_fires():
    assert fired(comparisons(("1.5x", 1.5, "ratio", "throughput"), ("1.7x", 1.7, "ratio", "throughput")), "V202")


def test_v202_touching_bands_do_not_conflict():
    """1.6x and 1.7x meet at 1.65, which rounds either way: not a contradiction."""
    assert not fired(comparisons(("1.6x", 1.6, "ratio", "throughput"), ("1.7x", 1.7, "ratio", "throughput")), "V202")


def test_v202_finding_fields():
    corp = comparisons(("1.6x", 1.6, "ratio", "throughput"), ("1.8x", 1.8, "ratio", "throughput"),
                       ("1.8x", 1.8, "ratio", "throughput", {"approx": "about"}))
    (f,) = findings(corp, "V202")
    assert (f.rule, f.name, f.severity.value) == ("V202", "conflicting-comparisons", "error")
    assert (f.source, f.claims) == ("en1", ["c1", "c2", "c3"])
    assert [(o.claim, o.source, o.low, o.high) for o in f.operands] == [
        ("c2", "en2", pytest.approx(1.75), pytest.approx(1.85)), ("c3", "en3", pytest.approx(1.66), pytest.approx(1.94))]
    assert "as s/t: [1.55, 1.65] vs [1.75, 1.85]" in f.message


def test_v202_chinese():
    a = art("zh1", "Zephyr X1 的吞吐量是 Orca 9 的1.9倍。")
    b = art("zh2", "Zephyr X1 的吞吐量比 Orca 9 高出60%。")
    c = art("zh3", "Zephyr X1 的吞吐量比 Orca 9 高出90%。")
    ratio = claim(a, "1.9倍", Z, "throughput", 1.9, target=O, relation="ratio", printed="1.9")
    wrong = claim(b, "60%", Z, "throughput", 60, target=O, relation="increase")
    right = claim(c, "90%", Z, "throughput", 90, target=O, relation="increase")
    assert findings(corpus([a, c], [ratio, right]), "V202") == []
    assert fired(corpus([a, b], [ratio, wrong]), "V202")


def test_v202_silent_when_measurements_settle_it():
    a = art("en1", "Zephyr X1 serves 700 tokens/s and Orca 9 serves 350 tokens/s.")
    b = art("en2", "Zephyr X1 is 2.0x Orca 9.")
    c = art("en3", "Zephyr X1 is 1.6x Orca 9.")
    corp = corpus([a, b, c], [
        claim(a, "700", Z, "throughput", 700, "tokens/s"),
        claim(a, "350", O, "throughput", 350, "tokens/s"),
        claim(b, "2.0x", Z, "throughput", 2.0, target=O, relation="ratio"),
        claim(c, "1.6x", Z, "throughput", 1.6, target=O, relation="ratio", id="wrong"),
    ])
    assert findings(corp, "V202") == []
    assert [(f.rule, f.claims[0]) for f in findings(corp, "V101")] == [("V101", "wrong")]


def test_v202_silent_when_inverse_metric_measurements_settle_it():
    a = art("en0", "Zephyr X1 needs 0.69 ms per token and Orca 9 needs 2.5 ms.")
    corp = comparisons(("3.6x", 3.6, "ratio", "generation_speed"), ("50%", 50, "reduction", "inter_token_latency"))
    corp.sources["en0"] = a
    corp.claims += [claim(a, "0.69", Z, "inter_token_latency", 0.69, "ms/token"),
                    claim(a, "2.5", O, "inter_token_latency", 2.5, "ms/token")]
    assert findings(corp, "V202") == []


def test_v202_different_models_are_not_compared():
    corp = comparisons(("2.0x", 2.0, "ratio", "throughput", {"scope": {"model": "A"}}),
                       ("1.3x", 1.3, "ratio", "throughput", {"scope": {"model": "B"}}))
    assert findings(corp, "V202") == []


def test_v202_different_targets_are_not_compared():
    a = art("en1", "Zephyr X1 is 2.0x Orca 9.")
    b = art("en2", "Zephyr X1 is 1.3x Orca 7.")
    corp = corpus([a, b], [claim(a, "2.0x", Z, "throughput", 2.0, target=O, relation="ratio"),
                           claim(b, "1.3x", Z, "throughput", 1.3, target="Orca 7", relation="ratio")])
    assert findings(corp, "V202") == []


def test_v202_silent_within_one_article():
    a = art("en1", "Zephyr X1 is 2.0x Orca 9 here and 1.3x Orca 9 there.")
    corp = corpus([a], [claim(a, "2.0x", Z, "throughput", 2.0, target=O, relation="ratio"),
                        claim(a, "1.3x", Z, "throughput", 1.3, target=O, relation="ratio")])
    assert findings(corp, "V202") == []
    assert [f.rule for f in findings(corp, "V107")] == ["V107"]


# --- clustering: agreement is not transitive --------------------------------------------------

def test_v201_a_coarse_third_figure_does_not_hide_a_conflict():
    corp = sayings(("1000 W", 1000, "W"), ("1200 W", 1200, "W"), ("1 kW", 1, "kW"))
    assert fired(corp, "V201")


def test_v202_an_intermediate_figure_does_not_hide_a_conflict():
    corp = comparisons(("1.6x", 1.6, "ratio", "throughput"), ("1.7x", 1.7, "ratio", "throughput"),
                       ("1.8x", 1.8, "ratio", "throughput"))
    assert fired(corp, "V202")


def test_a_record_that_no_longer_matches_its_article_takes_no_part():
    # the article now says 1000 W where the record still quotes 1200 W: V302 reports the record,
    # and no contradiction is drawn from a figure the article no longer prints
    a = art("en1", "Orca 9 is rated at 1200 W.")
    b = art("en2", "Orca 9 is rated at 1000 W.")
    stale = claim(a, "1200 W", O, "power", 1200, "W", scope={"basis": "rated"}, id="stale")
    a_now = art("en1", "Orca 9 is rated at 1000 W.")
    corp = corpus([a_now, b], [stale, claim(b, "1000 W", O, "power", 1000, "W", scope={"basis": "rated"})])
    assert [f.rule for f in findings(corp, "V201", "V302")] == ["V302"]


def test_messages_show_the_value_when_the_printed_text_lost_its_scale():
    from verifier.rules.context import figure_text

    a = art("en1", "A deal worth $240 million; charging takes 18 to 30 minutes.")
    assert figure_text(claim(a, "240", O, "deal_value", 2.4e8, "USD")) == "240,000,000 USD"
    assert figure_text(claim(a, "18", O, "duration", None, "min", low=18, high=30)) == "18–30 min"
    assert figure_text(claim(a, "30", O, "duration", 30, "min")) == "30 min"


def test_a_chinese_numeral_is_shown_with_its_unit():
    from verifier.rules.context import figure_text

    a = art("zh1", "测试覆盖三个模型，配6颗HBM4。")
    assert figure_text(claim(a, "三", O, "count", 3, "models")) == "三 models"
    assert figure_text(claim(a, "6颗", O, "count", 6, "stacks", printed="6颗")) == "6颗"
