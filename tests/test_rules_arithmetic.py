"""V1xx arithmetic rules on made-up articles about two fictional chips, Zephyr X1 and Orca 9.

Each rule gets a firing case, a clean case, a boundary case that is consistent only because
of the precision the figures are printed with, and a case just outside the band that fires.
"""

from __future__ import annotations

import pytest

from builders import art, claim, codes_of, corpus, findings
from verifier.numeric import Interval, fmt_interval

Z, O = "Zephyr X1", "Orca 9"


def versus(s: tuple[str, float], t: tuple[str, float], stated: tuple[str, float], *, metric: str, unit: str,
           relation: str, t_unit: str | None = None, approx: str | None = None):
    """An article giving Zephyr X1's figure ``s``, Orca 9's figure ``t`` and a comparison ``stated``.

    Each figure is (printed text, normalised value); the comparison's claim id is 'cmp'.
    """
    body = (f"Zephyr X1 reaches {s[0]} {unit} in our test.\n"
            f"Orca 9 reaches {t[0]} {t_unit or unit}.\n"
            f"So Zephyr X1 comes out at {stated[0]} against its rival.\n")
    a = art("en1", body)
    return corpus([a], [
        claim(a, s[0], Z, metric, s[1], unit, id="s"),
        claim(a, t[0], O, metric, t[1], t_unit or unit, id="t"),
        claim(a, stated[0], Z, metric, stated[1], target=O, relation=relation, approx=approx, id="cmp"),
    ])


def fired(corp, code: str) -> bool:
    return [f.rule for f in findings(corp, code)] == [code]


# --- V101 comparison-mismatch ---------------------------------------------------------------

EFFICIENCY = dict(s=("85,448", 85448), t=("44,960", 44960), metric="throughput_per_power", unit="tokens/s/kW", relation="ratio")
LATENCY = dict(s=("1.65", 1.65), t=("5.99", 5.99), metric="latency_e2e", unit="s")


@pytest.mark.parametrize(("stated", "approx", "fires"), [
    (("1.9x", 1.9), None, False),  # 85,448 / 44,960 = 1.9005
    (("2.1x", 2.1), None, True),
    (("2.0x", 2.0), None, True),  # [1.95, 2.05] misses 1.9005 ...
    (("2.0x", 2.0), "about", False),  # ... but 'about' adds 5 %: [1.85, 2.15]
    (("2.0x", 2.0), "nearly", False),  # 'nearly' 2.0: [1.75, 2.09]
    (("1.8x", 1.8), "about", False),  # 'about' 1.8: [1.66, 1.94]
    (("1.8x", 1.8), "nearly", True),  # 'nearly' is at or a little below: [1.57, 1.886] misses 1.9005
    (("2.0x", 2.0), "at_most", False),  # 'up to 2.0x'
    (("1.5x", 1.5), "at_most", True),  # 'up to 1.5x' but it is 1.9x
    (("1.5x", 1.5), "over", False),  # 'more than 1.5x'
    (("2.0x", 2.0), "over", True),  # 'more than 2.0x' but it is 1.9x: [1.95, ∞)
])
def test_v101_ratio_judged_at_printed_precision_and_approximation(stated, approx, fires):
    assert fired(versus(stated=stated, approx=approx, **EFFICIENCY), "V101") is fires


@pytest.mark.parametrize(("s", "fires"), [
    (("9.8", 9.8), False),  # 9.8 / 5.0 = 1.96, outside [1.85, 1.95], yet [9.75/5.05, 9.85/4.95] = [1.931, 1.990] meets it
    (("10.1", 10.1), True),  # [10.05/5.05, 10.15/4.95] = [1.990, 2.051]: just outside
])
def test_v101_ratio_boundary_from_coarse_operands(s, fires):
    corp = versus(s=s, t=("5.0", 5.0), stated=("1.9x", 1.9), metric="throughput", unit="tokens/s", relation="ratio")
    assert fired(corp, "V101") is fires


@pytest.mark.parametrize(("relation", "stated", "fires"), [
    # share: 100 × 1.65 / 5.99 = 27.55 %, printed 28 %; the bands give [27.44, 27.65]
    ("share", ("28%", 28), False),
    ("share", ("27%", 27), False),  # [26.5, 27.5] still meets [27.44, 27.65]
    ("share", ("29%", 29), True),
    ("share", ("28.0%", 28.0), True),  # one more printed digit: [27.95, 28.05] no longer meets
    # reduction: 100 × (1 − 1.65 / 5.99) = 72.45 %; bands give [72.35, 72.56]
    ("reduction", ("72%", 72), False),
    ("reduction", ("72.0%", 72.0), True),
    ("reduction", ("70%", 70), True),
    # inverse_ratio ("3.6 times lower latency"): 5.99 / 1.65 = 3.63; bands give [3.616, 3.644]
    ("inverse_ratio", ("3.6 times lower", 3.6), False),
    ("inverse_ratio", ("3.7 times lower", 3.7), True),
])
def test_v101_share_reduction_inverse_ratio(relation, stated, fires):
    assert fired(versus(stated=stated, relation=relation, **LATENCY), "V101") is fires


def test_v101_share_recomputed_band_values():
    (f,) = findings(versus(stated=("29%", 29), relation="share", **LATENCY), "V101")
    assert f.recomputed.low == pytest.approx(100 * 1.645 / 5.995)
    assert f.recomputed.high == pytest.approx(100 * 1.655 / 5.985)
    assert f.recomputed.unit == "%"
    assert (f.stated.low, f.stated.high) == (pytest.approx(28.5), pytest.approx(29.5))


@pytest.mark.parametrize(("stated", "fires"), [
    (("20%", 20), False),  # 840 / 700 − 1 = 20 %
    (("21%", 21), True),  # bands give [19.84, 20.16]
])
def test_v101_increase(stated, fires):
    corp = versus(s=("840", 840), t=("700", 700), stated=stated, metric="power", unit="W", relation="increase")
    assert fired(corp, "V101") is fires


@pytest.mark.parametrize(("stated", "fires"), [
    (("21%", 21), False),  # 0.84 kW vs 700 W: 20 % at the point, [19.2, 20.8] on the bands; 21 % = [20.5, 21.5] meets
    (("22%", 22), True),
])
def test_v101_increase_across_kw_and_w(stated, fires):
    corp = versus(s=("0.84", 0.84), t=("700", 700), stated=stated, metric="power", unit="kW", t_unit="W", relation="increase")
    assert fired(corp, "V101") is fires


@pytest.mark.parametrize(("stated", "fires"), [
    (("42%", 42), False),  # 1 − 700 / 1200 = 41.7 %; "1.2 kW" stands for [1150, 1250] W, so [39.1, 44.0]
    (("44%", 44), False),
    (("45%", 45), True),  # [44.5, 45.5]: just outside
])
def test_v101_reduction_converts_kw_to_w(stated, fires):
    corp = versus(s=("700", 700), t=("1.2", 1.2), stated=stated, metric="power", unit="W", t_unit="kW", relation="reduction")
    assert fired(corp, "V101") is fires


def test_v101_reduction_recomputed_in_the_subjects_unit():
    (f,) = findings(versus(s=("700", 700), t=("1.2", 1.2), stated=("45%", 45), metric="power", unit="W", t_unit="kW",
                           relation="reduction"), "V101")
    assert f.recomputed.low == pytest.approx(100 * (1 - 700.5 / 1150))
    assert f.recomputed.high == pytest.approx(100 * (1 - 699.5 / 1250))
    assert [(o.claim, o.low, o.high, o.unit) for o in f.operands] == [
        ("s", pytest.approx(699.5), pytest.approx(700.5), "W"), ("t", pytest.approx(1.15), pytest.approx(1.25), "kW")]


def test_v101_finding_fields():
    (f,) = findings(versus(stated=("2.1x", 2.1), **EFFICIENCY), "V101")
    assert (f.rule, f.name, f.severity.value) == ("V101", "comparison-mismatch", "error")
    assert f.claims == ["cmp", "s", "t"]
    assert (f.source, f.path, f.line) == ("en1", "sources/en1.md", 3)
    assert (f.stated.low, f.stated.high, f.stated.unit) == (pytest.approx(2.05), pytest.approx(2.15), "x")
    assert f.stated.basis == "printed 2.1x ±0.05"
    assert f.recomputed.low == pytest.approx(85447.5 / 44960.5)
    assert f.recomputed.high == pytest.approx(85448.5 / 44959.5)
    assert [(o.claim, o.source, o.printed) for o in f.operands] == [("s", "en1", "85,448"), ("t", "en1", "44,960")]
    assert (f.operands[0].low, f.operands[0].high) == (85447.5, 85448.5)
    assert "2.1x" in f.message
    assert fmt_interval(Interval(f.recomputed.low, f.recomputed.high)) in f.message
    assert f.formula.startswith("s / t")


def test_v101_chinese_article_with_wan_scale():
    # 约8.54万 stands for [85350, 85450] widened by 5 % (about) and 4.5万 for [44500, 45500]:
    # q in [81080 / 45500, 89720 / 44500] = [1.782, 2.016]
    body = "Zephyr X1 每千瓦每秒可生成约8.54万个token，Orca 9 只有4.5万个，能效是对手的{}倍。"
    for stated, value, fires in (("1.9", 1.9, False), ("1.8", 1.8, False), ("2.1", 2.1, True), ("1.7", 1.7, True)):
        a = art("zh1", body.format(stated))
        corp = corpus([a], [
            claim(a, "8.54万", Z, "throughput_per_power", 85400, "tokens/s/kW", approx="about"),
            claim(a, "4.5万", O, "throughput_per_power", 45000, "tokens/s/kW"),
            claim(a, f"{stated}倍", Z, "throughput_per_power", value, target=O, relation="ratio", printed=stated),
        ])
        assert fired(corp, "V101") is fires, stated


def test_v101_chinese_recomputed_band_uses_wan_resolution():
    a = art("zh1", "Zephyr X1 每千瓦每秒可生成8.54万个token，Orca 9 只有4.5万个，能效是对手的2.1倍。")
    (f,) = findings(corpus([a], [
        claim(a, "8.54万", Z, "throughput_per_power", 85400, "tokens/s/kW"),
        claim(a, "4.5万", O, "throughput_per_power", 45000, "tokens/s/kW"),
        claim(a, "2.1倍", Z, "throughput_per_power", 2.1, target=O, relation="ratio", printed="2.1"),
    ]), "V101")
    assert f.recomputed.low == pytest.approx(85350 / 45500)
    assert f.recomputed.high == pytest.approx(85450 / 44500)


@pytest.mark.parametrize(("stated", "fires"), [
    (("3.6x", 3.6), False),  # 2.5 / 0.69 = 3.62 through the inverse metric; bands give [3.525, 3.723]
    (("3.7x", 3.7), False),
    (("3.8x", 3.8), True),  # [3.75, 3.85] just outside
    (("4.5x", 4.5), True),
])
def test_v101_inverse_metric_speed_from_latency(stated, fires):
    a = art("en1", f"Zephyr X1 emits a token every 0.69 ms; Orca 9 needs 2.5 ms per token. Zephyr X1 generates text {stated[0]} faster.")
    corp = corpus([a], [
        claim(a, "0.69", Z, "inter_token_latency", 0.69, "ms/token"),
        claim(a, "2.5", O, "inter_token_latency", 2.5, "ms/token"),
        claim(a, stated[0], Z, "generation_speed", stated[1], target=O, relation="ratio"),
    ])
    found = findings(corp, "V101")
    assert bool(found) is fires
    if found:
        assert found[0].recomputed.low == pytest.approx(2.45 / 0.695)
        assert found[0].recomputed.high == pytest.approx(2.55 / 0.685)
        assert "inverse metric inter_token_latency" in found[0].message


MODELS = ("On Model-A, Zephyr X1 serves 700 tokens/s and Orca 9 serves 350 tokens/s.\n"
          "On Model-B, Zephyr X1 serves 169 tokens/s and Orca 9 serves 130 tokens/s.\n"
          "Zephyr X1 is {} as fast.\n")


def _models(stated: str, value: float, scope: dict):
    a = art("en1", MODELS.format(stated))
    return corpus([a], [
        claim(a, "700", Z, "throughput", 700, "tokens/s", scope={"model": "A"}, id="zA"),
        claim(a, "350", O, "throughput", 350, "tokens/s", scope={"model": "A"}, id="oA"),
        claim(a, "169", Z, "throughput", 169, "tokens/s", scope={"model": "B"}, id="zB"),
        claim(a, "130", O, "throughput", 130, "tokens/s", scope={"model": "B"}, id="oB"),
        claim(a, stated, Z, "throughput", value, target=O, relation="ratio", scope=scope, id="cmp"),
    ])


def test_v101_compares_only_figures_of_the_same_model():
    assert findings(_models("2.0x", 2.0, {"model": "A"}), "V101") == []  # 700 / 350, not 169 / 130


def test_v101_fires_with_the_operands_of_its_own_model():
    (f,) = findings(_models("2.0x", 2.0, {"model": "B"}), "V101")  # 169 / 130 = 1.3
    assert f.claims == ["cmp", "zB", "oB"]
    assert f.recomputed.low == pytest.approx(168.5 / 130.5)


def test_v101_ratio_without_the_discriminating_key_is_not_compared():
    # 'model' separates the figures, so a ratio for no model in particular is ambiguous
    assert findings(_models("5.0x", 5.0, {}), "V101") == []


def test_v101_prefers_the_claims_own_article():
    a = art("en1", "Zephyr X1: 85,448 tokens/s/kW. Orca 9: 44,960 tokens/s/kW. That is 1.9x.")
    b = art("en2", "Zephyr X1: 90,000 tokens/s/kW. Orca 9: 30,000 tokens/s/kW.")
    claims = [
        claim(a, "85,448", Z, "throughput_per_power", 85448, "tokens/s/kW"),
        claim(a, "44,960", O, "throughput_per_power", 44960, "tokens/s/kW"),
        claim(a, "1.9x", Z, "throughput_per_power", 1.9, target=O, relation="ratio"),
        claim(b, "90,000", Z, "throughput_per_power", 90000, "tokens/s/kW"),
        claim(b, "30,000", O, "throughput_per_power", 30000, "tokens/s/kW"),
    ]
    assert findings(corpus([a, b], claims), "V101") == []


def test_v101_uses_another_articles_figures_when_its_own_has_none():
    a = art("en1", "Zephyr X1: 85,448 tokens/s/kW. Orca 9: 44,960 tokens/s/kW.")
    b = art("en2", "Zephyr X1 is said to be 2.5x as efficient as Orca 9.")
    (f,) = findings(corpus([a, b], [
        claim(a, "85,448", Z, "throughput_per_power", 85448, "tokens/s/kW", id="s"),
        claim(a, "44,960", O, "throughput_per_power", 44960, "tokens/s/kW", id="t"),
        claim(b, "2.5x", Z, "throughput_per_power", 2.5, target=O, relation="ratio", id="cmp"),
    ]), "V101")
    assert (f.source, f.claims) == ("en2", ["cmp", "s", "t"])
    assert [o.source for o in f.operands] == ["en1", "en1"]


@pytest.mark.parametrize(("low", "high", "fires"), [(1.8, 2.0, False), (2.0, 2.2, True)])
def test_v101_stated_range_for_one_fact(low, high, fires):
    # "between 1.8 and 2.0 times" for one scope is one comparison with a wide band, not a summary
    stated = f"{low} to {high}x"
    a = art("en1", f"Zephyr X1: 85,448 tokens/s/kW. Orca 9: 44,960 tokens/s/kW. That is {stated}.")
    corp = corpus([a], [
        claim(a, "85,448", Z, "throughput_per_power", 85448, "tokens/s/kW"),
        claim(a, "44,960", O, "throughput_per_power", 44960, "tokens/s/kW"),
        claim(a, stated, Z, "throughput_per_power", None, low=low, high=high, target=O, relation="ratio"),
    ])
    assert fired(corp, "V101") is fires


def test_v101_silent_without_both_measurements():
    a = art("en1", "Zephyr X1: 85,448 tokens/s/kW, 5.0x what Orca 9 manages.")
    corp = corpus([a], [
        claim(a, "85,448", Z, "throughput_per_power", 85448, "tokens/s/kW"),
        claim(a, "5.0x", Z, "throughput_per_power", 5.0, target=O, relation="ratio"),
    ])
    assert findings(corp, "V101") == []


# --- V102 difference-mismatch ---------------------------------------------------------------

def _die(orca: tuple[str, float, str], stated: tuple[str, float], lang: str = "en"):
    if lang == "zh":
        body = f"Orca 9 的芯片面积为{orca[0]}平方毫米，Zephyr X1 为840平方毫米，只差{stated[0]}平方毫米。"
    else:
        body = f"Orca 9's die measures {orca[0]} {orca[2]}. Zephyr X1's die is 840 mm², only {stated[0]} mm² short of its rival."
    a = art(lang + "1", body)
    return corpus([a], [
        claim(a, orca[0], O, "die_area", orca[1], orca[2], id="t"),
        claim(a, "840", Z, "die_area", 840, "mm²", id="s"),
        claim(a, stated[0], Z, "die_area", stated[1], "mm²", target=O, relation="difference", id="diff", nth=1 if stated[0] == "840" else 0),
    ])


@pytest.mark.parametrize(("orca", "stated", "fires"), [
    (("858", 858, "mm²"), ("18", 18), False),  # 858 − 840
    (("858", 858, "mm²"), ("28", 28), True),
    (("858", 858, "mm²"), ("20", 20), True),  # [17, 19] on the bands: just outside
    (("8.6", 8.6, "cm²"), ("25", 25), False),  # 8.6 cm² is [855, 865] mm²: t − s = [14.5, 25.5] holds 25
    (("8.6", 8.6, "cm²"), ("27", 27), True),
])
def test_v102_difference(orca, stated, fires):
    assert fired(_die(orca, stated), "V102") is fires


@pytest.mark.parametrize(("stated", "fires"), [(("18", 18), False), (("28", 28), True)])
def test_v102_chinese(stated, fires):
    assert fired(_die(("858", 858, "mm²"), stated, lang="zh"), "V102") is fires


def test_v102_finding_values():
    (f,) = findings(_die(("858", 858, "mm²"), ("28", 28)), "V102")
    assert (f.rule, f.name, f.claims) == ("V102", "difference-mismatch", ["diff", "s", "t"])
    assert (f.recomputed.low, f.recomputed.high, f.recomputed.unit) == (pytest.approx(17), pytest.approx(19), "mm²")
    assert (f.stated.low, f.stated.high) == (pytest.approx(27.5), pytest.approx(28.5))
    assert "[17, 19]" in f.message


def _larger_by(stated: str, value: float):
    a = art("en1", f"Orca 9's die measures 858 mm². Zephyr X1's die is 840 mm²; Orca 9 is {stated} mm² larger.")
    return corpus([a], [
        claim(a, "858", O, "die_area", 858, "mm²"),
        claim(a, "840", Z, "die_area", 840, "mm²"),
        claim(a, stated, O, "die_area", value, "mm²", target=Z, relation="difference", nth=1 if stated in ("858", "840") else 0),
    ])


def test_v102_difference_sign_is_not_judged():
    # a printed difference is a magnitude: subject and target may be recorded either way round
    assert findings(_larger_by("18", 18), "V102") == []
    (f,) = findings(_larger_by("28", 28), "V102")
    assert (f.recomputed.low, f.recomputed.high) == (pytest.approx(17), pytest.approx(19))


# --- V103 reciprocal-mismatch ---------------------------------------------------------------

def _speed(first: tuple[str, float, str, str], second: tuple[str, float, str, str], template: str):
    a = art("en1", template.format(first[0], second[0]))
    return corpus([a], [
        claim(a, first[0], Z, first[3], first[1], first[2], id="first"),
        claim(a, second[0], Z, second[3], second[1], second[2], id="second"),
    ])


MS = "inter_token_latency"
TPS = "generation_speed"
EN_SPEED = "Zephyr X1 emits a token every {} ms, that is {} tokens per second."


@pytest.mark.parametrize(("tps", "fires"), [
    (1449, False),  # 1000 / 0.69 = 1449.3
    (1459, False),  # 0.69 may be 0.6854: 1000 / 0.6854 = 1459
    (1460, False),  # [1459.5, 1460.5] touches 1000 / 0.685 = 1459.85
    (1461, True),  # just outside
    (1600, True),
])
def test_v103_latency_then_speed(tps, fires):
    corp = _speed(("0.69", 0.69, "ms/token", MS), (str(tps), tps, "tokens/s", TPS), EN_SPEED)
    assert fired(corp, "V103") is fires


def test_v103_finding_values():
    (f,) = findings(_speed(("0.69", 0.69, "ms/token", MS), ("1600", 1600, "tokens/s", TPS), EN_SPEED), "V103")
    assert (f.rule, f.name, f.severity.value, f.claims) == ("V103", "reciprocal-mismatch", "error", ["second", "first"])
    assert f.recomputed.low == pytest.approx(1000 / 0.695)
    assert f.recomputed.high == pytest.approx(1000 / 0.685)
    assert (f.stated.low, f.stated.high, f.stated.unit) == (1599.5, 1600.5, "tokens/s")
    assert [o.claim for o in f.operands] == ["first"]
    assert "[1,439, 1,460]" in f.message


@pytest.mark.parametrize(("ms", "fires"), [("0.69", False), ("0.62", True)])
def test_v103_speed_then_latency(ms, fires):
    # 1000 / [1458.5, 1459.5] = [0.6852, 0.6856] ms: holds 0.69 (±0.005), not 0.62
    corp = _speed(("1459", 1459, "tokens/s", TPS), (ms, float(ms), "ms/token", MS),
                  "Zephyr X1 writes {} tokens per second, a token every {} ms.")
    assert fired(corp, "V103") is fires


@pytest.mark.parametrize(("tps", "fires"), [("1459", False), ("1600", True)])
def test_v103_chinese(tps, fires):
    corp = _speed(("0.69", 0.69, "ms/token", MS), (tps, int(tps), "tokens/s", TPS),
                  "Zephyr X1 每个token间隔{}毫秒，即每秒{}个token。")
    assert fired(corp, "V103") is fires


def test_v103_only_within_one_article():
    a = art("en1", "Zephyr X1 emits a token every 0.69 ms.")
    b = art("en2", "Zephyr X1 writes 1600 tokens per second.")
    corp = corpus([a, b], [claim(a, "0.69", Z, MS, 0.69, "ms/token"), claim(b, "1600", Z, TPS, 1600, "tokens/s")])
    assert findings(corp, "V103") == []


def test_v103_different_models_are_not_reciprocals():
    a = art("en1", "On Model-A Zephyr X1 emits a token every 0.69 ms; on Model-B it writes 1600 tokens per second.")
    corp = corpus([a], [
        claim(a, "0.69", Z, MS, 0.69, "ms/token", scope={"model": "A"}),
        claim(a, "1600", Z, TPS, 1600, "tokens/s", scope={"model": "B"}),
    ])
    assert findings(corp, "V103") == []


# --- V104 restatement-mismatch --------------------------------------------------------------

def _twice(first: tuple[str, float, str], later: tuple[str, float, str], template: str, metric: str = "power", subject: str = Z):
    a = art("en1", template.format(first[0], later[0]))
    return corpus([a], [
        claim(a, first[0], subject, metric, first[1], first[2], id="first"),
        claim(a, later[0], subject, metric, later[1], later[2], id="later"),
    ])


POWER_TWICE = "Zephyr X1 draws {} at full load.\nEvery rack counts on that {} per chip.\n"


@pytest.mark.parametrize(("first", "later", "fires"), [
    (("700 W", 700, "W"), ("0.7 kW", 0.7, "kW"), False),
    (("700 W", 700, "W"), ("0.8 kW", 0.8, "kW"), True),
    (("0.7 kW", 0.7, "kW"), ("740 W", 740, "W"), False),  # 0.7 kW stands for [650, 750] W
    (("0.7 kW", 0.7, "kW"), ("760 W", 760, "W"), True),  # just outside
])
def test_v104_power_in_w_and_kw(first, later, fires):
    assert fired(_twice(first, later, POWER_TWICE), "V104") is fires


def test_v104_finding_sits_at_the_later_statement_with_the_converted_band():
    (f,) = findings(_twice(("0.7 kW", 0.7, "kW"), ("760 W", 760, "W"), POWER_TWICE), "V104")
    assert (f.rule, f.name, f.claims, f.line) == ("V104", "restatement-mismatch", ["later", "first"], 2)
    assert (f.recomputed.low, f.recomputed.high, f.recomputed.unit) == (pytest.approx(650), pytest.approx(750), "W")
    assert (f.stated.low, f.stated.high) == (759.5, 760.5)
    assert f.operands[0].claim == "first"
    assert "[650, 750]" in f.message


PARAMS = "Nova-Chat {}（{}参数）是本次测试的模型。"


@pytest.mark.parametrize(("b", "yi", "fires"), [
    (("120B", 1.2e11), ("1200亿", 1.2e11), False),
    (("120B", 1.2e11), ("120亿", 1.2e10), True),  # a scale slip
    (("120B", 1.2e11), ("1204亿", 1.204e11), False),  # 120B stands for [1195亿, 1205亿]
    (("120B", 1.2e11), ("1206亿", 1.206e11), True),  # just outside
])
def test_v104_model_size_b_vs_yi(b, yi, fires):
    corp = _twice((*b, "params"), (*yi, "params"), PARAMS, metric="model_size", subject="Nova-Chat")
    assert fired(corp, "V104") is fires


def test_v104_only_within_one_article():
    a = art("en1", "Zephyr X1 draws 700 W.")
    b = art("en2", "Zephyr X1 draws 0.8 kW.")
    corp = corpus([a, b], [claim(a, "700 W", Z, "power", 700, "W"), claim(b, "0.8 kW", Z, "power", 0.8, "kW")])
    assert findings(corp, "V104") == []


# --- V105 range-summary-mismatch ------------------------------------------------------------

PER_MODEL = ("Across the three models Zephyr X1 is {} times as fast as Orca 9: "
             "1.90x on Model-A, 1.67x on Model-B and 1.53x on Model-C.")


def _per_model(stated: str, low: float, high: float, models=("A", "B", "C")):
    a = art("en1", PER_MODEL.format(stated))
    per = [claim(a, text, Z, "throughput", float(text[:-1]), target=O, relation="ratio", scope={"model": m}, id=f"r{m}")
           for m, text in zip(("A", "B", "C"), ("1.90x", "1.67x", "1.53x")) if m in models]
    rng = claim(a, stated, Z, "throughput", None, low=low, high=high, target=O, relation="ratio",
                scope={"model": ["A", "B", "C"]}, id="range")
    return corpus([a], [*per, rng])


@pytest.mark.parametrize(("stated", "low", "high", "fires"), [
    ("1.5 to 1.9", 1.5, 1.9, False),
    ("1.5 to 2.4", 1.5, 2.4, True),  # high end
    ("1.6 to 1.9", 1.6, 1.9, True),  # low end [1.55, 1.65] misses 1.53 ([1.525, 1.535]): just outside
    ("1.4 to 1.9", 1.4, 1.9, True),
])
def test_v105_range_over_a_model_list_from_stated_ratios(stated, low, high, fires):
    assert fired(_per_model(stated, low, high), "V105") is fires


def test_v105_finding_values():
    (f,) = findings(_per_model("1.5 to 2.4", 1.5, 2.4), "V105")
    assert (f.rule, f.name, f.claims[0]) == ("V105", "range-summary-mismatch", "range")
    assert set(f.claims[1:]) == {"rA", "rB", "rC"}
    assert (f.stated.low, f.stated.high) == (pytest.approx(1.45), pytest.approx(2.45))
    assert (f.recomputed.low, f.recomputed.high) == (pytest.approx(1.525), pytest.approx(1.905))
    assert "high end" in f.message and "low end" not in f.message
    assert "[2.35, 2.45] vs [1.895, 1.905]" in f.message


def test_v105_checks_when_two_of_three_models_are_on_record():
    assert fired(_per_model("1.5 to 2.4", 1.5, 2.4, models=("A", "C")), "V105")


def test_v105_silent_when_only_one_model_is_on_record():
    assert findings(_per_model("1.5 to 2.4", 1.5, 2.4, models=("A",)), "V105") == []


def test_v105_silent_below_two_thirds_coverage():
    a = art("en1", "Over four models Zephyr X1 is 1.5 to 2.4 times as fast: 1.90x on Model-A and 1.53x on Model-C.")
    corp = corpus([a], [
        claim(a, "1.90x", Z, "throughput", 1.90, target=O, relation="ratio", scope={"model": "A"}),
        claim(a, "1.53x", Z, "throughput", 1.53, target=O, relation="ratio", scope={"model": "C"}),
        claim(a, "1.5 to 2.4", Z, "throughput", None, low=1.5, high=2.4, target=O, relation="ratio",
              scope={"model": ["A", "B", "C", "D"]}),
    ])
    assert findings(corp, "V105") == []  # 2 of 4 combinations covered


@pytest.mark.parametrize(("z_a", "fires"), [
    (("9.8", 9.8), False),  # Model-A: 9.8 / 5.0 = 1.96, yet [1.931, 1.990] meets the high end [1.85, 1.95]
    (("10.1", 10.1), True),  # [1.990, 2.051]: just outside
])
def test_v105_range_over_models_from_measurements(z_a, fires):
    a = art("en1", f"Model-A: Zephyr X1 {z_a[0]}k, Orca 9 5.0k. Model-B: Zephyr X1 7.7k, Orca 9 5.0k. "
                   "Across both models Zephyr X1 leads by 1.5 to 1.9 times.")
    corp = corpus([a], [
        claim(a, z_a[0], Z, "throughput", z_a[1], "tokens/s", scope={"model": "A"}),
        claim(a, "5.0", O, "throughput", 5.0, "tokens/s", scope={"model": "A"}),
        claim(a, "7.7", Z, "throughput", 7.7, "tokens/s", scope={"model": "B"}),
        claim(a, "5.0", O, "throughput", 5.0, "tokens/s", scope={"model": "B"}, nth=1),
        claim(a, "1.5 to 1.9", Z, "throughput", None, low=1.5, high=1.9, target=O, relation="ratio",
              scope={"model": ["A", "B"]}),
    ])
    assert fired(corp, "V105") is fires


@pytest.mark.parametrize(("stated", "low", "fires"), [("1.5 to 1.9", 1.5, False), ("1.6 to 1.9", 1.6, True)])
def test_v105_range_over_alternative_targets(stated, low, fires):
    # 85,448 / 44,960 = 1.90 and 85,448 / 56,000 = 1.526
    a = art("en1", f"Zephyr X1: 85,448 tokens/s/kW. Orca 9: 44,960. Orca 7: 56,000. "
                   f"Zephyr X1 is {stated} times as efficient as Orca 9 or Orca 7.")
    corp = corpus([a], [
        claim(a, "85,448", Z, "throughput_per_power", 85448, "tokens/s/kW"),
        claim(a, "44,960", O, "throughput_per_power", 44960, "tokens/s/kW"),
        claim(a, "56,000", "Orca 7", "throughput_per_power", 56000, "tokens/s/kW"),
        claim(a, stated, Z, "throughput_per_power", None, low=low, high=1.9, target="Orca 9|Orca 7", relation="ratio"),
    ])
    assert fired(corp, "V105") is fires


@pytest.mark.parametrize(("stated", "high", "fires"), [("1.65–5.99", 5.99, False), ("1.65–4.99", 4.99, True)])
def test_v105_measurement_range_over_alternative_subjects(stated, high, fires):
    a = art("zh1", f"Zephyr X1 端到端延迟 1.65 秒，Orca 9 为 5.99 秒，两者延迟在 {stated} 秒之间。")
    corp = corpus([a], [
        claim(a, "1.65", Z, "latency_e2e", 1.65, "s"),
        claim(a, "5.99", O, "latency_e2e", 5.99, "s"),
        claim(a, stated, f"{Z}|{O}", "latency_e2e", None, "s", low=1.65, high=high),
    ])
    found = findings(corp, "V105")
    assert bool(found) is fires
    if found:
        assert (found[0].recomputed.low, found[0].recomputed.high) == (pytest.approx(1.645), pytest.approx(5.995))


def test_v105_range_does_not_feed_v101():
    # a summary range is V105's business; V101 skips it even when it is wrong
    assert findings(_per_model("1.5 to 2.4", 1.5, 2.4), "V101") == []


def test_v105_silent_when_two_of_four_alternative_targets_are_on_record():
    a = art("en1", "Zephyr X1: 85,448 tokens/s/kW. Orca 9: 44,960. Orca 7: 56,000. "
                   "Zephyr X1 is 1.5 to 2.4 times as efficient as Orca 9, Orca 7, Orca 5 or Orca 3.")
    corp = corpus([a], [
        claim(a, "85,448", Z, "throughput_per_power", 85448, "tokens/s/kW"),
        claim(a, "44,960", O, "throughput_per_power", 44960, "tokens/s/kW"),
        claim(a, "56,000", "Orca 7", "throughput_per_power", 56000, "tokens/s/kW"),
        claim(a, "1.5 to 2.4", Z, "throughput_per_power", None, low=1.5, high=2.4,
              target="Orca 9|Orca 7|Orca 5|Orca 3", relation="ratio"),
    ])
    assert findings(corp, "V105") == []


@pytest.mark.parametrize(("approx", "fires"), [(None, True), ("about", False)])
def test_v101_approximation_word_on_an_operand_widens_the_recomputed_band(approx, fires):
    # "1.8倍" against 8.54万 / 4.5万 = [1.876, 1.920]; "约8.54万" widens the numerator by 5 %
    a = art("zh1", "Zephyr X1 每千瓦每秒可生成约8.54万个token，Orca 9 只有4.5万个，能效是对手的1.8倍。")
    corp = corpus([a], [
        claim(a, "8.54万", Z, "throughput_per_power", 85400, "tokens/s/kW", approx=approx),
        claim(a, "4.5万", O, "throughput_per_power", 45000, "tokens/s/kW"),
        claim(a, "1.8倍", Z, "throughput_per_power", 1.8, target=O, relation="ratio", printed="1.8"),
    ])
    assert fired(corp, "V101") is fires


def test_v101_message_through_the_inverse_metric_shows_true_arithmetic():
    a = art("en1", "Zephyr X1 emits a token every 0.69 ms; Orca 9 needs 2.5 ms per token. Zephyr X1 generates text 4.5x faster.")
    (f,) = findings(corpus([a], [
        claim(a, "0.69", Z, "inter_token_latency", 0.69, "ms/token"),
        claim(a, "2.5", O, "inter_token_latency", 2.5, "ms/token"),
        claim(a, "4.5x", Z, "generation_speed", 4.5, target=O, relation="ratio"),
    ]), "V101")
    assert "s / t = 0.69 ms/token (en1) / 2.5 ms/token (en1) gives [3.525, 3.723]" not in f.message


# --- comparisons with the same subject at another time (comparison.scope) --------------------

def _price_cut(stated: str, value: float, lang: str = "en"):
    text = {"en": f"The Zephyr X1 fell from $9,000 to $7,500, a {stated}% reduction.",
            "zh": f"Zephyr X1 的售价从 9000 美元降至 7500 美元，降幅 {stated}%。"}[lang]
    a = art(lang + "1", text)
    before, after = {"period": "before"}, {"period": "after"}
    return corpus([a], [
        claim(a, "9,000" if lang == "en" else "9000", Z, "price", 9000, "USD", scope=before, id="s"),
        claim(a, "7,500" if lang == "en" else "7500", Z, "price", 7500, "USD", scope=after, id="t"),
        claim(a, stated, Z, "price", value, scope=after, target=Z, relation="reduction", target_scope=before, id="cut"),
    ])


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("stated, value, fires", [("25", 25, True), ("17", 17, False), ("16.7", 16.7, False), ("16", 16, True)])
def test_v101_reduction_against_the_same_subject_before(lang, stated, value, fires):
    # 1 − 7500 / 9000 = 16.67 %: '17' and '16.7' hold it at their printed precision, '16' and '25' do not
    assert fired(_price_cut(stated, value, lang), "V101") is fires


def test_v101_before_after_finding_shows_the_operands():
    (f,) = findings(_price_cut("25", 25), "V101")
    assert f.claims == ["cut", "t", "s"]
    assert (f.recomputed.low, f.recomputed.high) == (pytest.approx(100 * (1 - 7500.5 / 8999.5)), pytest.approx(100 * (1 - 7499.5 / 9000.5)))


# --- figures that leave out a scope key other figures give ------------------------------------

def _loose_ratio(stated: str, value: float):
    # peak and standby power exist for Orca 9, so 'workload' tells power facts apart; the
    # sentence below gives none, for the ratio or for the two figures it compares
    a = art("en1", f"Zephyr X1 delivers 350 kW against 150 kW for Orca 9, {stated} times as much.")
    b = art("en2", "Orca 9 peaks at 150 kW and idles at 45 W.")
    return corpus([a, b], [
        claim(a, "350 kW", Z, "power", 350, "kW", id="s"),
        claim(a, "150 kW", O, "power", 150, "kW", id="t"),
        claim(a, stated, Z, "power", value, target=O, relation="ratio", id="r"),
        claim(b, "150 kW", O, "power", 150, "kW", scope={"workload": "peak"}),
        claim(b, "45 W", O, "power", 45, "W", scope={"workload": "standby"}),
    ])


def test_v101_compares_figures_that_leave_out_the_same_key_as_a_warning():
    (f,) = findings(_loose_ratio("2.8", 2.8), "V101")
    assert (f.severity.value, f.claims) == ("warning", ["r", "s", "t"])
    assert "workload not stated" in f.message
    assert findings(_loose_ratio("2.3", 2.3), "V101") == []  # 350 / 150 = 2.33


@pytest.mark.parametrize("stated, fires", [("22", False), ("28", False), ("35", True)])
def test_v106_divides_by_any_power_the_rate_does_not_rule_out(stated, fires):
    # 15.4 TB/s over 700 W rated = 22, over 550 W measured = 28: either reading is the article's right
    a = art("en1", f"Zephyr X1 has 15.4 TB/s of bandwidth, a 700 W rating, 550 W measured, and {stated} GB/s per watt.")
    corp = corpus([a], [
        claim(a, "15.4 TB/s", Z, "memory_bandwidth", 15.4, "TB/s"),
        claim(a, "700 W", Z, "power", 700, "W", scope={"basis": "rated"}),
        claim(a, "550 W", Z, "power", 550, "W", scope={"basis": "measured"}),
        claim(a, stated, Z, "bandwidth_per_power", float(stated), "GB/s/W", id="rate"),
    ])
    assert fired(corp, "V106") is fires


def test_a_qualified_figure_finds_only_operands_with_the_same_qualifier() -> None:
    """A standby power is compared with standby powers, not with the rated power of the same
    product; a comparison that leaves the qualifier out still finds qualified operands."""
    s = art("q1", "The HP-320K draws 2 W on standby and is rated 320 kW. The CE-300K draws 6 W on standby. "
                  "Its standby draw is a third of the CE-300K's. It is a third of the CE-300K's.")
    base = [claim(s, "2 W", "HP-320K", "power", 2, "W", scope={"workload": "standby"}),
            claim(s, "320 kW", "HP-320K", "power", 320, "kW"),
            claim(s, "6 W", "CE-300K", "power", 6, "W", scope={"workload": "standby"})]
    qualified = claim(s, "a third", "HP-320K", "power", 33.3, "%", printed="33.3%", resolution=0.1,
                      scope={"workload": "standby"}, target="CE-300K", relation="share")
    assert codes_of(findings(corpus([s], base + [qualified]), "V101")) == []


def test_v102_a_bound_settles_no_difference() -> None:
    s = art("b1", "X7 costs 4999 yuan, P60 4299 yuan: 600 yuan apart. High-end phones (4000 yuan or more).")
    base = [claim(s, "4999", "X7", "price", 4999, "CNY"), claim(s, "4299", "P60", "price", 4299, "CNY"),
            claim(s, "4000", "X7", "price", 4000, "CNY", approx="at_least")]
    diff = claim(s, "600", "X7", "price", 600, "CNY", target="P60", relation="difference")
    assert codes_of(findings(corpus([s], base + [diff]), "V102")) == ["V102"]
