"""Unit conversion between the normalised unit symbols of claim records, backed by pint.

Records use short symbols ('W', 'kW', 'ms/token', 'tokens/s/kW', 'GiB', 'mm²', 'USD',
'month'...). :func:`factor` gives the multiplier between two compatible units and
:func:`reciprocal_factor` the constant linking reciprocal ones (ms per token vs tokens per
second). pint is imported and its registry built on first use (about 0.45 s), and only
when two different units must be compared; results are cached, in memory and on disk
(:mod:`verifier.units_memo`: a later run asks pint only about units it has not met).
"""

from __future__ import annotations

import re
from functools import lru_cache

from verifier.units_memo import remembered

_PINT_NAMES: dict[str, str] = {
    "tokens": "token", "token": "token", "params": "parameter", "param": "parameter",
    "x": "dimensionless", "%": "percent", "pp": "percent", "‰": "permille",
    "mm²": "millimeter ** 2", "cm²": "centimeter ** 2", "m²": "meter ** 2", "km²": "kilometer ** 2",
    "µs": "microsecond", "μs": "microsecond", "h": "hour", "min": "minute", "quarter": "(3 * month)",  # pint's quarter is 25 lb
    "Gbps": "gigabit / second", "Mbps": "megabit / second", "Tbps": "terabit / second",
    "FLOPS": "flop / second", "TFLOPS": "teraflop / second", "PFLOPS": "petaflop / second",
    "KB": "kilobyte", "kn": "knot", "bbl": "oil_barrel",
}
POWERS = {"²": 2, "³": 3}
"""Superscript powers of a unit symbol ('cm²')."""

SUBUNITS = {"cent": "0.01 * USD", "penny": "0.01 * GBP"}
"""Currency sub-units the quantity layer emits: a cent (美分, ¢) of a US dollar, a penny (pence, 便士) of a pound."""

CHINESE_MASS = {"jin": "0.5 * kilogram", "liang": "50 * gram"}
"""Chinese market units of mass: 斤 is 500 g and 两 50 g (the 1959 market system)."""
_SPLIT = re.compile(r"(/)")
_COUNTED = re.compile(r"(\d+)\s?(\D.*)")
"""A denominator with a count, 'kWh/100km': one hundred kilometres, a unit of its own."""


def _import_pint():
    """pint, imported without its dask support. pint.compat imports ``dask.base`` whenever dask
    is installed (~50 ms, and installed with the ``dask`` extra), and verifier converts no dask
    arrays: while pint is imported, a None in ``sys.modules`` makes ``find_spec("dask")`` say
    there is none. A process that has imported dask already (the dask engine) keeps it."""
    import sys

    if "dask" in sys.modules:
        import pint

        return pint
    sys.modules["dask"] = None  # type: ignore[assignment]
    try:
        import pint
    finally:
        del sys.modules["dask"]
    return pint


@lru_cache(maxsize=1)
def _registry():
    pint = _import_pint()

    try:  # parsed definitions cached on disk: 0.3 s instead of 0.7 s from the second run on
        ureg = pint.UnitRegistry(cache_folder=":auto:")
    except OSError:
        ureg = pint.UnitRegistry()
    ureg.define("token = [token] = tokens")
    ureg.define("parameter = [parameter] = params")
    ureg.define("flop = [flop] = FLOP")
    from verifier.quantities.units import CURRENCY_SYMBOLS  # the quantity layer's currency table: one home

    for code in sorted(CURRENCY_SYMBOLS - set(SUBUNITS)):
        ureg.define(f"{code} = [currency_{code}]")
    for name, definition in {**SUBUNITS, **CHINESE_MASS}.items():
        ureg.define(f"{name} = {definition}")
    return ureg


def load() -> None:
    """Build pint's registry now, as the first conversion the units table lacks would: for a
    process about to fork workers, which then inherit it instead of each building its own
    (~0.2-0.7 s and 17 MiB a process, measured here)."""
    _registry()


def _pint_expr(symbol: str) -> str:
    """Translate one record unit symbol into a pint expression ('tokens/s/kW' -> 'token / s / kW',
    'kWh/100km' -> 'kWh / (100 * (km))')."""
    if symbol in _PINT_NAMES:
        return _PINT_NAMES[symbol]
    if symbol[-1:] in POWERS and "/" not in symbol:  # 'cm²', 'km³': a length to a power
        return f"{_PINT_NAMES.get(symbol[:-1], symbol[:-1])} ** {POWERS[symbol[-1]]}"
    parts = [p.strip() for p in symbol.split("/")]
    out = []
    for part in parts:
        counted = _COUNTED.fullmatch(part)
        if counted:  # 'kWh/100km': pint would read 'kWh / 100km' as (kWh / 100) * km
            name = _PINT_NAMES.get(counted.group(2), counted.group(2))
            out.append(f"({counted.group(1)} * ({name}))")
            continue
        name = _PINT_NAMES.get(part, part)
        out.append(f"({name})" if " " in name else name)
    return " / ".join(out)


@lru_cache(maxsize=4096)
def _quantity(symbol: str):
    ureg = _registry()
    try:
        return ureg.parse_expression(_pint_expr(symbol))
    except Exception:  # pint raises several unrelated types for unknown names
        return None


@remembered("known")
def known_unit(symbol: str) -> bool:
    """True when ``symbol`` parses as a unit (pint plus the project's own symbols)."""
    return _quantity(symbol) is not None


@lru_cache(maxsize=4096)
@remembered("factor")
def factor(src: str | None, dst: str | None) -> float | None:
    """Return k with value_in_dst = k * value_in_src, or None when the units are incompatible.

    ``None`` units (plain counts) only match ``None``. Currencies never convert into each other.

    Examples: factor('kW', 'W') == 1000; factor('GiB', 'GB') == 1.073741824; factor('W', 's') is None.
    """
    if src == dst:
        return 1.0
    if src is None or dst is None:
        return None
    a, b = _quantity(src), _quantity(dst)
    if a is None or b is None or a.dimensionality != b.dimensionality:
        return None
    try:
        return float((a / b).to_base_units().magnitude)
    except Exception:  # pint's OffsetUnitCalculusError: °C and °F differ by an offset, no factor (see :func:`convert`)
        return None


@lru_cache(maxsize=None)
@remembered("base_factor")
def base_factor(unit: str | None) -> float | None:
    """k with value_in_base_units = k * value_in_``unit`` (pint's base units of its dimension:
    1000 for 'kW', 1e-3 for 'ms'), or None for no unit, an unknown unit or one with an offset
    (°C, °F). Two figures in convertible units are one value when their base values are."""
    q = _quantity(unit) if unit else None
    if q is None:
        return None
    try:
        k, twice = float(q.to_base_units().magnitude), float((2 * q).to_base_units().magnitude)
    except Exception:  # pint's OffsetUnitCalculusError (see :func:`factor`)
        return None
    return k if abs(twice - 2 * k) <= 1e-9 * abs(twice) else None  # an offset: 1 °C is 274.15 K, 2 °C not 548.3


def convert(value: float, src: str, dst: str) -> float | None:
    """``value`` in ``src`` expressed in ``dst``, offsets included (22.7 °C -> 72.86 °F), or None
    when the units do not convert. For units a :func:`factor` relates, the same as value * factor."""
    k = factor(src, dst)
    if k is not None:
        return value * k
    a, b = _quantity(src), _quantity(dst)
    if a is None or b is None or a.dimensionality != b.dimensionality:
        return None
    try:
        return float(_registry().Quantity(value, a.units).to(b.units).magnitude)
    except Exception:  # pint raises several unrelated types for impossible conversions
        return None


@lru_cache(maxsize=4096)
@remembered("reciprocal")
def reciprocal_factor(src: str | None, dst: str | None) -> float | None:
    """Return k with value_in_dst = k / value_in_src when the units are reciprocal, else None.

    Example: reciprocal_factor('ms/token', 'tokens/s') == 1000 (0.69 ms/token is 1000/0.69 tokens/s).
    """
    if src is None or dst is None:
        return None
    a, b = _quantity(src), _quantity(dst)
    if a is None or b is None:
        return None
    prod = (a * b).to_base_units()
    if prod.dimensionless:
        return float(1.0 / prod.magnitude)
    return None


DIMENSIONS: dict[str, str] = {
    "[mass] * [length] ** 2 / [time] ** 3": "power",
    "[mass] * [length] ** 2 / [time] ** 2": "energy",
    "[mass]": "mass",
    "[length]": "distance",
    "[time]": "time",
    "[length] ** 2": "area",
    "[length] ** 3": "volume",
    "[length] / [time]": "speed",
    "[temperature]": "temperature",
}
"""Dimensions by the name a metric uses, from pint's dimensionality (str of it); a currency is "money"."""


@lru_cache(maxsize=4096)
@remembered("dimension")
def dimension(symbol: str | None) -> str | None:
    """The dimension a unit symbol measures ('kW' -> 'power', 'ft' -> 'distance', 'USD' -> 'money',
    'cm²' -> 'area'), from pint; None for a count, an unknown unit or a dimension without a name
    in :data:`DIMENSIONS`."""
    if not symbol:
        return None
    q = _quantity(symbol)
    if q is None:
        return None
    dims = q.dimensionality
    if len(dims) == 1 and next(iter(dims)).startswith("[currency_"):
        return "money"
    return DIMENSIONS.get(str(dims))
