"""Conversions printed beside their source, as journalists round them (issue 37, item 3).

The mechanism under test: a converted figure printed beside its source is consistent when it is
the exact conversion of the source's printed interval, rounded to the precision the converted
figure is printed at or coarser (the place of its last non-zero digit: 20 -> tens, 5,000 ->
thousands), in either direction; an error stays only for a factor slip or a difference beyond
any such rounding (:func:`verifier.numeric.restates_rounded`, used by V104, V108 and the fact
clusters V201 reads). Every sentence is made up for this test and runs through extraction and
the rules, in English and Chinese: a case that fires (a real slip, a factor slip), one that
stays quiet (a conventional rounding, and one the writer converted the other way), and one at
the rounding boundary (exactly half a step away: quiet; one unit beyond: fires).
"""

from __future__ import annotations

import pytest

from tests.builders import art, corpus, findings
from verifier.extract import extract_claims
from verifier.numeric import band, last_digit_step, restates_rounded, rounding_band, unit_slip

CODES = ("V104", "V108", "V201", "V206")


def found(*bodies: str) -> list[str]:
    """Codes of the conversion-related findings (errors and warnings) on the articles ``bodies``."""
    arts = [art(f"d{i}", body + "\n") for i, body in enumerate(bodies)]
    claims = [c for a in arts for c in extract_claims(a)]
    return sorted(f.rule for f in findings(corpus(arts, claims), *CODES) if f.severity.value in ("error", "warning"))


FIRES = {
    # a real slip: 1,600 ft is 488 m (490 at tens) and 560 m is 1,837 ft (1,800 at hundreds)
    "slip en": ("The survey drone climbed to 1,600 feet (560 meters).", ["V108"]),
    "slip en, same holder": ("The Kessel rope is 11 yards (37 feet) long.", ["V104"]),
    # a factor slip: 5 miles is 8 km, not 8,000
    "factor en": ("The Kessel pipeline runs 5 miles (8,000 km) under the bay.", ["V104"]),
    # the number printed unconverted, and a conversion run the wrong way
    "unconverted en": ("The Kessel road is 100 km (100 miles) long.", ["V104"]),
    "swapped en": ("The Kessel road is 100 miles (62 km) long.", ["V104"]),
    # 50 英里 is 80 公里; 5 英里 is 8 公里, not 8000
    "slip zh": ("这条运河长50英里（120公里）。", ["V108"]),
    "factor zh": ("这条运河长5英里（8000公里）。", ["V108"]),
    # across articles: the pair agrees within itself, another article's 9,500 feet does not
    "other article en": (("The Kessel pass lies 2,450 meters (8,000 feet) up.", "The Kessel pass lies 9,500 feet up."), ["V201"]),
}

QUIET = {
    # 30 km is 18.6 miles, 20 at tens; 40 km is 24.9 miles
    "rounded en": "The Vanta ferry route is 30 kilometers (20 miles) long.",
    "rounded en, derived": "The new canal is 40 kilometers (25 miles) long.",
    # the other direction: 7,000 gallons is 26,498 L (26,000 at thousands), but 27,000 L is 7,133 gallons
    "reverse en": "The Kessel reservoir released 7,000 gallons (27,000 liters) of water.",
    "hedged en": "The Kessel ridge rises more than 4,000 meters (13,000 feet).",
    # 200 英里 is 321.9 公里 (320 at tens); 60 平方英里 is 155 km² but 160 km² is 61.8 sq mi (60 at tens)
    "rounded zh": "这条运河长200英里（320公里）。",
    "reverse zh": "Vanta湖面积达到60平方英里（160平方公里）。",
    "hedged zh": "飞机爬升到2万英尺（约6100米）的高度。",
    # another article repeats the rounded conversion: one figure, not two
    "other article en": ("The Kessel pass lies 2,450 meters (8,000 feet) up.", "The Kessel pass lies 8,000 feet up."),
}

BOUNDARY = {
    # 11 yards may be 11.5 yards = 34.5 feet, exactly half a step below 35: quiet; 36 feet is 12 yards
    "en": ("The Kessel rope is 11 yards (35 feet) long.", "The Kessel rope is 11 yards (36 feet) long.", "V104"),
    # 150 斤 read at tens may be 155 斤 = 77.5 公斤, exactly half a step below 78: quiet; 79 公斤 is 158 斤
    "zh": ("这头猪重150斤（78公斤）。", "这头猪重150斤（79公斤）。", "V108"),
}


@pytest.mark.parametrize("name", FIRES)
def test_a_conversion_no_rounding_explains_fires(name):
    bodies, codes = FIRES[name]
    assert found(*([bodies] if isinstance(bodies, str) else bodies)) == codes


@pytest.mark.parametrize("name", QUIET)
def test_a_conversion_rounded_as_printed_is_quiet(name):
    bodies = QUIET[name]
    assert found(*([bodies] if isinstance(bodies, str) else bodies)) == []


@pytest.mark.parametrize("name", BOUNDARY)
def test_half_a_rounding_step_away_is_quiet_and_one_unit_beyond_fires(name):
    quiet, fires, code = BOUNDARY[name]
    assert found(quiet) == []
    assert found(fires) == [code]


def test_the_message_names_the_unit_slip():
    source = art("d", "这条公路长100公里（100英里）。\n")
    (f,) = [f for f in findings(corpus([source], extract_claims(source)), *CODES)]
    assert "not converted" in f.message


@pytest.mark.parametrize("number, resolution, step", [(20, 1, 10), (5000, 1, 1000), (580, 1, 10), (0.01, 0.01, 0.01),
                                                      (26330, 1, 10), (30000, 10000, 10000), (1.5, 0.01, 0.1), (7, 1, 1), (0, 1, 1)])
def test_the_rounding_step_is_the_place_of_the_last_non_zero_digit(number, resolution, step):
    assert last_digit_step(number, resolution) == pytest.approx(step)


def test_restates_rounded_in_either_direction_and_not_past_a_factor():
    mi = 1 / 1.609344  # km -> miles
    km30, mi20 = band(30, 1), band(20, 1)
    assert restates_rounded(km30.scale(mi), rounding_band(30, 1).scale(mi), mi20, rounding_band(20, 1), mi)
    gal = 3.785411784  # US gallons -> litres: 9,000 gallons (35,000 liters) holds only read from the litres
    assert restates_rounded(band(9000, 1).scale(gal), rounding_band(9000, 1).scale(gal), band(35000, 1), rounding_band(35000, 1), gal)
    ft = 0.3048  # feet -> metres: about 1,700 ft (580 m) is 12 % off
    assert not restates_rounded(band(1700, 1, "about").scale(ft), rounding_band(1700, 1, "about").scale(ft),
                                band(580, 1), rounding_band(580, 1), ft)
    km = 1.609344
    assert "not converted" in unit_slip(band(100, 1).scale(1 / km), band(100, 1), 1 / km)  # 100 km (100 miles)
    assert "swapped" in unit_slip(band(100, 1).scale(km), band(62, 1), km)  # 100 miles (62 km)
    assert unit_slip(band(100, 1).scale(km), band(160, 1), km) is None


def test_an_unlinked_pair_that_agrees_only_as_a_rounded_conversion_is_a_warning_that_says_why():
    from tests.builders import claim

    a = art("d", "The Kessel road is 30 km long.\nDrivers know its 20 miles well.\n")
    recorded = [claim(a, "30 km", "Kessel road", "length", 30, "km", id="first"),
                claim(a, "20 miles", "Kessel road", "length", 20, "mi", id="later")]
    (f,) = findings(corpus([a], recorded), "V104")
    assert f.severity.value == "warning" and "does not set them side by side" in f.message
    b = art("d", "The Kessel road is 30 km long.\nDrivers know its 25 miles well.\n")  # 30 km is 18.6 miles: no rounding gives 25
    recorded = [claim(b, "30 km", "Kessel road", "length", 30, "km", id="first"),
                claim(b, "25 miles", "Kessel road", "length", 25, "mi", id="later")]
    assert [f.severity.value for f in findings(corpus([b], recorded), "V104")] == ["error"]
