"""Tests of units in the quantity layer: Chinese scale words before unit prefixes (万千瓦),
compound "per" units (kWh/km, USD/km), battery charge, luminance, distance and tonnes, their
conversion (:mod:`verifier.units`) and the metric extraction gives them
(:mod:`verifier.extract.metrics`).

Inputs are written for these tests (no reading from sources/ or /work/shared).
"""

from __future__ import annotations

import math

import pytest

from tests.builders import art, codes_of, corpus, findings, quantity_at
from verifier.extract import extract_claims
from verifier.extract import metrics as M
from verifier.quantities import Quantity, extract
from verifier.units import factor, known_unit
from verifier.vocabulary import METRICS, rate_metric


find = quantity_at


# (text, surface, value, unit, resolution): a scale word (万, 亿) before a unit prefix (千瓦)
SCALE_THEN_PREFIX = [
    ("装机容量1850万千瓦", "1850万千瓦", 18_500_000, "kW", 10_000),
    ("新增1.2万千瓦", "1.2万千瓦", 12_000, "kW", 1_000),
    ("年发电3万千瓦时", "3万千瓦时", 30_000, "kWh", 10_000),
    ("全年2亿千瓦时", "2亿千瓦时", 200_000_000, "kWh", 100_000_000),
    ("规模两千万千瓦", "两千万千瓦", 20_000_000, "kW", 10_000),
    ("一千八百五十万千瓦", "一千八百五十万千瓦", 18_500_000, "kW", 10_000),
    ("总里程5万千米", "5万千米", 50_000, "km", 10_000),
    ("载重1.2万千克", "1.2万千克", 12_000, "kg", 1_000),
    ("总装机3千万千瓦", "3千万千瓦", 30_000_000, "kW", 10_000),
    ("范围1000万至1850万千瓦", "1000万至1850万千瓦", (10_000_000, 18_500_000), "kW", 10_000),
    # must keep working
    ("装机700千瓦", "700千瓦", 700, "kW", 1),
    ("一百千瓦", "一百千瓦", 100, "kW", 1),
    ("运量8万吨", "8万吨", 80_000, "t", 10_000),
    ("行驶5万公里", "5万公里", 50_000, "km", 10_000),
    ("人口3千万", "3千万", 30_000_000, None, 10_000),
    ("投资3千万元", "3千万元", 30_000_000, "CNY", 10_000),
    ("功率3万5千瓦", "3万5千瓦", 35_000, "W", 1),  # digits after 万: 3万5千 watts
]


@pytest.mark.parametrize("text, surface, value, unit, resolution", SCALE_THEN_PREFIX)
def test_scale_word_before_a_unit_prefix(text: str, surface: str, value: object, unit: str | None,
                                         resolution: int) -> None:
    q = find(text, surface)
    assert (q.value, q.unit, q.resolution) == (value, unit, resolution)


def test_scale_word_before_a_unit_prefix_in_watts() -> None:
    q = find("装机容量1850万千瓦", "1850万千瓦")
    assert math.isclose(q.value * factor(q.unit, "W"), 1.85e10)
    assert math.isclose(q.resolution * factor(q.unit, "W"), 1e7)  # printed to 1万 kW


# (text, surface, value, unit): rates keep their denominator, in both scripts
PER_UNITS = [
    ("uses 1.3 kWh per km", "1.3 kWh per km", 1.3, "kWh/km"),
    ("uses 1.3 kWh/km", "1.3 kWh/km", 1.3, "kWh/km"),
    ("耗电1.3千瓦时/公里", "1.3千瓦时/公里", 1.3, "kWh/km"),
    ("耗电1.3千瓦时每公里", "1.3千瓦时每公里", 1.3, "kWh/km"),
    ("每公里1.3千瓦时", "1.3千瓦时", 1.3, "kWh/km"),
    ("每公里电耗约1.3千瓦时", "约1.3千瓦时", 1.3, "kWh/km"),
    ("每公里1.3至1.5千瓦时", "1.3至1.5千瓦时", (1.3, 1.5), "kWh/km"),
    ("a motor of 2.8 kW per kilogram", "2.8 kW per kilogram", 2.8, "kW/kg"),
    ("a motor of 2.8 kW/kg", "2.8 kW/kg", 2.8, "kW/kg"),
    ("costs $0.18 per kilometre", "$0.18 per kilometre", 0.18, "USD/km"),
    ("costs $0.18/km", "$0.18/km", 0.18, "USD/km"),
    ("每公里0.18美元", "0.18美元", 0.18, "USD/km"),
    ("每公里的成本为0.18美元", "0.18美元", 0.18, "USD/km"),
    ("costs from $0.18 to $0.20 per km", "from $0.18 to $0.20 per km", (0.18, 0.2), "USD/km"),
    ("power at $0.12 per kWh", "$0.12 per kWh", 0.12, "USD/kWh"),
    ("电价0.5元/度", "0.5元/度", 0.5, "CNY/kWh"),
    ("每千瓦时0.5元", "0.5元", 0.5, "CNY/kWh"),
    ("每吨500元", "500元", 500, "CNY/t"),
    ("rents for $2 per hour", "$2 per hour", 2, "USD/h"),
    ("paid $25 an hour", "$25 an hour", 25, "USD/h"),
    ("I would do it for $15.4/hour", "$15.4/hour", 15.4, "USD/h"),
    ("uses 15 kWh per 100 km", "15 kWh per 100 km", 15, "kWh/100km"),
    ("百公里电耗15千瓦时", "15千瓦时", 15, "kWh/100km"),
    ("每百公里15千瓦时", "15千瓦时", 15, "kWh/100km"),
]


@pytest.mark.parametrize("text, surface, value, unit", PER_UNITS)
def test_per_unit_stays_attached(text: str, surface: str, value: object, unit: str) -> None:
    q = find(text, surface)
    assert (q.value, q.unit) == (value, unit)
    assert q.kind in ("rate", "range")
    assert known_unit(unit)


# (text, surface, unit): a "per" word that joins no two units
NOT_RATES = [
    ("sales grew from $1.17 billion a year earlier", "$1.17 billion", "USD"),
    ("works 5 days per week", "5 days", "day"),
    ("up 20 per cent", "20 per cent", "%"),
    ("pays $5 per share", "$5", "USD"),
    ("每月3000元", "3000元", "CNY"),
    ("每年排放12万吨", "12万吨", "t"),
    ("每公里，成本0.18美元", "0.18美元", "USD"),
    ("每千瓦900 tokens/s", "900 tokens/s", "tokens/s"),
    ("a 5 kg a day diet", "5 kg", "kg"),
]


@pytest.mark.parametrize("text, surface, unit", NOT_RATES)
def test_per_words_that_make_no_rate(text: str, surface: str, unit: str) -> None:
    assert find(text, surface).unit == unit


@pytest.mark.parametrize("src, dst, k", [
    ("Wh/km", "kWh/km", 0.001), ("kWh/100km", "kWh/km", 0.01), ("kWh/100km", "Wh/km", 10),
    ("kW/kg", "W/kg", 1000), ("USD/km", "USD/mi", 1.609344), ("USD/kWh", "USD/Wh", 0.001),
    ("mAh", "Ah", 0.001), ("nit", "cd/m²", 1), ("t", "kg", 1000), ("mi", "km", 1.609344),
])
def test_compound_and_new_units_convert(src: str, dst: str, k: float) -> None:
    assert math.isclose(factor(src, dst), k)


@pytest.mark.parametrize("src, dst", [
    ("kWh/km", "kWh"), ("kW/kg", "kW"), ("USD/km", "USD"), ("USD/kWh", "USD"), ("mAh", "Wh"),
    ("kWh/km", "kW/kg"),
])
def test_different_dimensions_never_convert(src: str, dst: str) -> None:
    assert factor(src, dst) is None


# (text, surface, value, unit)
NEW_UNITS = [
    ("a 5000 mAh battery", "5000 mAh", 5000, "mAh"),
    ("5000mAh电池", "5000mAh", 5000, "mAh"),
    ("电池容量5000毫安时", "5000毫安时", 5000, "mAh"),
    ("a 2.5 Ah cell", "2.5 Ah", 2.5, "Ah"),
    ("peaks at 1,000 nits", "1,000 nits", 1000, "nit"),
    ("just 1 nit", "1 nit", 1, "nit"),
    ("峰值亮度1600尼特", "1600尼特", 1600, "nit"),
    ("rated 500 cd/m²", "500 cd/m²", 500, "nit"),
    ("a range of 500 km", "500 km", 500, "km"),
    ("续航500公里", "500公里", 500, "km"),
    ("续航500千米", "500千米", 500, "km"),
    ("a range of 300 miles", "300 miles", 300, "mi"),
    ("a tower 120 m tall", "120 m", 120, "m"),
    ("emits 30 t of CO2", "30 t", 30, "t"),
    ("emits 5 tonnes of CO2", "5 tonnes", 5, "t"),
    ("emits 5 tCO2e", "5 tCO2e", 5, "t"),
    ("排放12万吨二氧化碳", "12万吨", 120_000, "t"),
    ("it weighs 2 t.", "2 t", 2, "t"),
]


@pytest.mark.parametrize("text, surface, value, unit", NEW_UNITS)
def test_new_units(text: str, surface: str, value: object, unit: str) -> None:
    q = find(text, surface)
    assert (q.value, q.unit, q.kind) == (value, unit, "dimension")


@pytest.mark.parametrize("text, surface", [("a 40 t truck", "40"), ("a field of 30 T", "30")])
def test_a_lone_t_needs_support(text: str, surface: str) -> None:
    assert find(text, surface).unit is None


# (words before, figure, words after, metric, unit, kind)
READINGS = [
    ("电池容量为", "5000mAh", "", "charge_capacity", "mAh", "spec"),
    ("a ", "2.5 Ah", " cell", "charge_capacity", "Ah", "spec"),
    ("峰值亮度", "1600尼特", "", "brightness", "nit", "spec"),
    ("peak brightness of ", "1,000 nits", "", "brightness", "nit", "spec"),
    ("续航里程", "500公里", "", "range", "km", "spec"),
    ("a range of ", "300 miles", "", "range", "mi", "spec"),
    ("it goes ", "500 km", " on a charge", "range", "km", "spec"),
    ("累计行驶", "5万公里", "", "distance", "km", "measurement"),
    ("a distance of ", "40 km", "", "distance", "km", "measurement"),
    ("每年排放", "12万吨", "二氧化碳", "emissions", "t", "measurement"),
    ("it emits ", "5 tonnes", " of CO2", "emissions", "t", "measurement"),
    ("重", "2吨", "", "mass", "t", "spec"),
    ("consumption of ", "1.3 kWh/km", "", "energy_per_distance", "kWh/km", "measurement"),
    ("每公里", "1.3千瓦时", "", "energy_per_distance", "kWh/km", "measurement"),
    ("百公里电耗", "15千瓦时", "", "energy_per_distance", "kWh/100km", "measurement"),
    ("power-to-weight of ", "2.8 kW per kilogram", "", "specific_power", "kW/kg", "spec"),
    ("it costs ", "$0.18 per kilometre", "", "cost_per_distance", "USD/km", "money"),
    ("每公里成本", "0.18美元", "", "cost_per_distance", "USD/km", "money"),
    ("power at ", "$0.12 per kWh", "", "cost_per_energy", "USD/kWh", "money"),
    ("电价", "0.5元/度", "", "cost_per_energy", "CNY/kWh", "money"),
    ("GB200每小时成本约", "2.9美元", "", "cost_per_hour", "USD/h", "money"),
    ("it rents for ", "$2 per hour", "", "cost_per_hour", "USD/h", "money"),
]


@pytest.mark.parametrize("near, figure, after, metric, unit, kind", READINGS)
def test_metric_of_new_units_and_rates(near: str, figure: str, after: str, metric: str,
                                       unit: str, kind: str) -> None:
    q = next(q for q in extract(near + figure + after) if figure.endswith(q.surface.lstrip("约")))
    reading = M.read(q, near, near, after)
    assert (reading.metric, reading.unit, reading.kind) == (metric, unit, kind)
    canonical = METRICS[metric].unit.replace("USD", unit[:3]) if kind == "money" else METRICS[metric].unit
    assert factor(unit, canonical) is not None  # same dimension as the metric's canonical unit


def test_unit_less_lengths_and_unknown_rates_make_no_claim() -> None:
    tall = find("a tower 120 m tall", "120 m")
    assert M.read(tall, "a tower ", "a tower ", " tall") is None  # a height, not a distance
    daily = find("uses 5 kWh per day", "5 kWh per day")
    assert daily.unit == "kWh/day" and M.read(daily, "uses ", "uses ", "") is None


def test_rate_metric_names_pairs_of_dimensions() -> None:
    assert rate_metric("energy", "distance") == "energy_per_distance"
    assert rate_metric("power", "mass") == "specific_power"
    assert rate_metric("money", "distance") == "cost_per_distance"
    assert rate_metric("money", "energy") == "cost_per_energy"
    assert rate_metric("energy", "mass") == "energy_density"
    assert rate_metric("energy", "time") is None and rate_metric(None, "distance") is None


def test_consumption_and_price_per_km_are_not_compared_with_energy_and_price() -> None:
    """'1.3 kWh per km' used to be read as 1.3 kWh of energy and '$0.18 per km' as a $0.18
    price, so each conflicted (V201) with the battery and the sticker price."""
    srcs = [art("a1", "The Kestrel Q7 uses 1.3 kWh per km on the highway."),
            art("b1", "The Kestrel Q7 battery stores 75 kWh."),
            art("c1", "Kestrel Q7每公里电耗1.3千瓦时。"),
            art("d1", "Kestrel Q7的电池容量为75千瓦时。"),
            art("e1", "The Kestrel Q7 costs $0.18 per kilometre to run."),
            art("f1", "The Kestrel Q7 is priced at $42,000.")]
    claims = [c for s in srcs for c in extract_claims(s)]
    assert sorted((c.source, c.metric, c.value.unit) for c in claims) == [
        ("a1", "energy_per_distance", "kWh/km"), ("b1", "energy", "kWh"),
        ("c1", "energy_per_distance", "kWh/km"), ("d1", "energy", "kWh"),
        ("e1", "cost_per_distance", "USD/km"), ("f1", "price", "USD")]
    assert codes_of(findings(corpus(srcs, claims))) == []


def test_consumption_figures_are_compared_across_units() -> None:
    one = art("a1", "The Kestrel Q7 uses 1.3 kWh per km on the highway.")
    same = art("b1", "Kestrel Q7百公里电耗130千瓦时。")
    other = art("c1", "Kestrel Q7每公里电耗1500瓦时。")
    for srcs, codes in (([one, same], []), ([one, other], ["V201"])):
        claims = [c for s in srcs for c in extract_claims(s)]
        assert codes_of(findings(corpus(srcs, claims))) == codes


def test_carbon_fibre_is_no_emission() -> None:
    for near, figure in (("碳纤维车身重", "95公斤"), ("its carbon frame weighs ", "9 kg")):
        q = find(near + figure, figure)
        assert M.read(q, near, near, "").metric == "mass"
