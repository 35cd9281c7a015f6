"""The shared vocabulary of metrics and scope keys.

Metrics are general (power, latency, price...), never tied to one topic. Each metric names
its canonical unit, its dimension, and, where one exists, its *inverse* metric: a figure for
one can be recomputed from the other (tokens per second vs milliseconds per token; work per
watt vs energy per unit of work). Rules use :func:`inverse_of` to follow those links.

Records may use metrics not listed here (snake_case); they are compared only with claims of
the same metric.
"""

from __future__ import annotations

from typing import NamedTuple


class Metric(NamedTuple):
    """A metric of the vocabulary: canonical unit, a one-line gloss, its inverse metric, and,
    for a rate, the two metrics it is the quotient of (bandwidth per watt = bandwidth / power)."""

    unit: str | None
    gloss: str
    inverse: str | None = None
    quotient: tuple[str, str] | None = None


METRICS: dict[str, Metric] = {
    # power and energy
    "power": Metric("W", "electrical power; scope 'basis' says rated (TDP, nameplate) or measured"),
    "energy": Metric("Wh", "energy"),
    "power_capacity": Metric("W", "capacity of a deployment or contract (MW, GW)"),
    "mass": Metric("kg", "mass (weight) of a product"),
    "energy_density": Metric("Wh/kg", "energy stored per unit of mass", None, ("energy", "mass")),
    "efficiency": Metric("%", "share of input turned into useful output (power conversion, cooling)"),
    "cop": Metric(None, "coefficient of performance: heat moved per unit of electricity (heat pumps, chillers)"),
    "charge_capacity": Metric("mAh", "electric charge a battery holds (mAh, Ah)"),
    # Rates of two physical quantities. No quotient: a consumption or a power-to-weight figure
    # is measured on its own test cycle, not divided out of the article's other figures.
    "energy_per_distance": Metric("Wh/km", "energy used per unit of distance (consumption)"),
    "specific_power": Metric("W/kg", "power per unit of mass (power-to-weight)"),
    # distance, light, emissions
    "range": Metric("km", "distance on one charge or one tank (续航)"),
    "distance": Metric("km", "distance travelled, driven or between places"),
    "brightness": Metric("nit", "luminance of a display or lamp (nits = cd/m²)"),
    "emissions": Metric("t", "mass of greenhouse gas emitted or avoided (tonnes of CO2)"),
    # performance
    "throughput": Metric("tokens/s", "aggregate work per unit time"),
    "throughput_per_power": Metric("tokens/s/kW", "work per unit time per unit power ('per watt')", "energy_per_work", ("throughput", "power")),
    "energy_per_work": Metric("J/token", "energy per unit of work", "throughput_per_power"),
    "generation_speed": Metric("tokens/s", "output speed seen by one user", "inter_token_latency"),
    "inter_token_latency": Metric("ms/token", "time between consecutive output tokens", "generation_speed"),
    "latency_e2e": Metric("s", "end-to-end latency of one request"),
    "interactivity_gain": Metric("x", "advantage in interactive (low-latency) operating points"),
    "speed": Metric("x", "relative speed of code or a process"),
    "velocity": Metric("km/h", "how fast a vehicle travels (design or top speed: 时速350公里)"),
    "task_time": Metric("s", "time to complete a task"),
    "wait_time": Metric("s", "time a user waits", None),
    "compute": Metric("FLOPS", "arithmetic throughput"),
    # memory and silicon
    "memory_capacity": Metric("GiB", "memory capacity"),
    "memory_bandwidth": Metric("TB/s", "memory bandwidth"),
    "bandwidth_per_power": Metric("GB/s/W", "memory bandwidth per watt", None, ("memory_bandwidth", "power")),
    "die_area": Metric("mm²", "silicon die area"),
    "area": Metric("mm²", "area of a block or unit"),
    "process_node": Metric("nm", "manufacturing process node"),
    "count": Metric(None, "number of items (stacks, chips, models, people)"),
    "model_size": Metric("params", "parameter count of a model"),
    "sequence_length": Metric("tokens", "input or output length"),
    # money
    "price": Metric("USD", "price"),
    "cost": Metric("USD", "cost"),
    "cost_per_hour": Metric("USD/h", "cost per unit time (e.g. total cost of ownership per chip-hour)"),
    "cost_per_distance": Metric("USD/km", "price or cost per unit of distance (per km driven)"),
    "cost_per_energy": Metric("USD/kWh", "price or cost per unit of energy (electricity tariff, per kWh stored)"),
    "mass_rate": Metric("kg/h", "mass produced or moved per unit of time (kg of hydrogen per hour, tonnes a year)"),
    "cost_per_mass": Metric("USD/kg", "price or cost per unit of mass (launch price per kg to orbit, per tonne)"),
    "deal_value": Metric("USD", "value of a deal, financing or acquisition"),
    "cost_share": Metric("%", "share of a cost in a total"),
    "revenue": Metric("USD", "revenue"),
    # time
    "duration": Metric("month", "length of a period (development time, design cycle)"),
    "date": Metric(None, "calendar date of an event"),
    "reading_time": Metric("min", "estimated reading time"),
    "word_count": Metric(None, "number of words or characters of a text"),
}

UNIT_DIMENSIONS: dict[str, str] = {
    **dict.fromkeys(("mW", "W", "kW", "MW", "GW", "TW"), "power"),
    **dict.fromkeys(("Wh", "kWh", "MWh", "GWh", "TWh", "J", "kJ", "MJ", "GJ"), "energy"),
    **dict.fromkeys(("mg", "g", "kg", "t", "lb", "oz"), "mass"),
    **dict.fromkeys(("mm", "cm", "m", "km", "mi"), "distance"),
    **dict.fromkeys(("ms", "s", "min", "h", "day", "week", "month", "quarter", "year"), "time"),
}
"""Unit symbols, as the quantity layer writes them, and the dimension each measures; money
(an ISO 4217 code) is the dimension "money". Used to name the metric of a rate. These are the
units met on every run, kept here so that a run need not load pint to read them; every other
unit's dimension comes from pint (:func:`unit_dimension`), and a test checks that pint gives
these the same dimension."""


def unit_dimension(unit: str | None) -> str | None:
    """The dimension unit ``unit`` measures: :data:`UNIT_DIMENSIONS`, else pint's
    (:func:`verifier.units.dimension`: 'ft' -> 'distance', 'cm²' -> 'area'); None for a count."""
    if not unit:
        return None
    if unit in UNIT_DIMENSIONS:
        return UNIT_DIMENSIONS[unit]
    from verifier.units import dimension  # pint loads only for a unit beyond the common ones

    return dimension(unit)

RATE_METRICS: dict[tuple[str, str], str] = {
    ("energy", "distance"): "energy_per_distance",   # 1.3 kWh/km, 每公里1.3千瓦时
    ("energy", "mass"): "energy_density",            # 250 Wh/kg
    ("power", "mass"): "specific_power",             # 2.8 kW/kg
    ("money", "distance"): "cost_per_distance",      # $0.18 per km
    ("money", "energy"): "cost_per_energy",          # $0.12 per kWh, 0.5元/度
    ("money", "mass"): "cost_per_mass",              # $2,045 per kilogram
    ("mass", "time"): "mass_rate",                   # 385 kg/h of hydrogen, 万吨/年
}
"""(numerator dimension, denominator dimension) -> metric of a figure in that compound unit.
Pairs not listed make no metric: the figure is not proposed rather than read as its
numerator (a price per km is no price)."""

SCOPE_KEYS: dict[str, str] = {
    "model": "the AI model run ('GPT-OSS 120B')",
    "workload": "operating point or workload ('peak throughput', 'interactive', 'single user')",
    "precision": "numeric precision ('MXFP4')",
    "sequence": "input/output sequence shape ('8k/1k')",
    "basis": "for power: 'rated' (TDP, nameplate, 额定, 标称) or 'measured' (实测, sustained)",
    "benchmark": "benchmark name ('InferenceX')",
    "period": "time the figure refers to ('2026', 'per year')",
    "part": "component measured ('SIMD unit', 'matrix engine', 'HBM')",
    "stage": "phase or milestone ('tape-out', 'first deployment')",
    "per": "unit of normalisation when not in the unit ('per chip', 'per accelerator')",
}


def rate_metric(numerator: str | None, denominator: str | None) -> str | None:
    """Return the metric of a rate from the dimensions of its two units (see
    :data:`UNIT_DIMENSIONS`), e.g. ("energy", "distance") -> "energy_per_distance"; None
    for a pair :data:`RATE_METRICS` does not list."""
    return RATE_METRICS.get((numerator or "", denominator or ""))


def quotient_of(metric: str) -> tuple[str, str] | None:
    """Return (numerator metric, denominator metric) when ``metric`` is their quotient, else None."""
    entry = METRICS.get(metric)
    return entry.quotient if entry else None


def inverse_of(metric: str) -> str | None:
    """Return the metric whose values are reciprocals of ``metric``'s, or None."""
    entry = METRICS.get(metric)
    return entry.inverse if entry else None
