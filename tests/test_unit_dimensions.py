"""Every unit the quantity layer can emit has a dimension the converter (pint) knows, and no
figure is dropped for its unit: each becomes a claim."""

from __future__ import annotations

import pytest

from builders import art
from verifier.extract import extract_claims
from verifier.extract.lexicon import Lexicon
from verifier.quantities import extract as quantities
from verifier.quantities.units import _ALIASES, _CODES, _CURRENCY
from verifier.units import factor, known_unit

CANONICAL = sorted({*_ALIASES, *_CURRENCY, *_CODES})


@pytest.mark.parametrize("unit", CANONICAL)
def test_every_unit_the_quantity_layer_knows_has_a_dimension(unit):
    assert known_unit(unit), f"{unit!r} is emitted by the quantity layer but unknown to the converter"


@pytest.mark.parametrize("a, b, k", [("jin", "kg", 0.5), ("liang", "g", 50), ("cent", "USD", 0.01), ("penny", "GBP", 0.01),
                                     ("KB", "B", 1000), ("CHF", "CHF", 1)])
def test_units_beyond_si_convert(a, b, k):
    assert factor(a, b) == pytest.approx(k)


def test_currencies_never_convert_into_each_other():
    assert factor("USD", "EUR") is None and factor("SGD", "MYR") is None


TEXT = ("The plot is 1,200 m² and the tank holds 40 m³. The harvest was 3,600 斤. The file is 512 KB. "
        "A stamp costs 85 cents, the fare 2.40 CHF and the fee S$12. The ferry makes 22 km/h.")


def test_composite_units_from_text_are_known():
    units = {q.unit for q in quantities(TEXT) if q.unit}
    assert {"km/h"} <= units
    assert all(known_unit(u) for u in units), [u for u in units if not known_unit(u)]


def test_no_figure_is_dropped_for_its_unit():
    claims = extract_claims(art("u1", TEXT + "\n"), lexicon=Lexicon([]))
    assert {q.surface for q in quantities(TEXT)} == {c.anchor.quote for c in claims}


def test_the_common_units_table_agrees_with_pint():
    from verifier.units import dimension
    from verifier.vocabulary import UNIT_DIMENSIONS

    assert {u: dimension(u) for u in UNIT_DIMENSIONS} == UNIT_DIMENSIONS


@pytest.mark.parametrize("unit, dim", [("ft", "distance"), ("cm²", "area"), ("m³", "volume"), ("km/h", "speed"),
                                       ("CHF", "money"), ("jin", "mass"), ("kWh", "energy"), ("tokens", None)])
def test_every_other_unit_takes_its_dimension_from_pint(unit, dim):
    from verifier.vocabulary import unit_dimension

    assert unit_dimension(unit) == dim


def test_offset_units_have_no_factor_but_convert():
    from verifier.units import convert, factor

    assert factor("°C", "°F") is None  # an offset, no factor (pint raised OffsetUnitCalculusError here)
    assert convert(22.7, "°C", "°F") == pytest.approx(72.86)
    assert convert(2.0, "kW", "W") == 2000.0
    assert convert(1.0, "W", "s") is None
