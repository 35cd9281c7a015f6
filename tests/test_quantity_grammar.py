"""The grammar of numbers in the quantity layer, English and Chinese: digit grouping (plain and
thin spaces, Indian lakh grouping), powers and compound units, spoken fractions and mixed
numbers, approximate counts ("dozens of", 多 inside a numeral), fiscal-year labels, periods
named by ordinals, letters that name things, pence, knots, seating layouts and Chinese ranges
whose first end is a lone digit.

Every sentence is written for these tests (budgets, weather, sport, health, energy, transport);
none comes from sources/, the press cases or the shared quantity cases.
"""

from __future__ import annotations

import pytest

from tests.builders import quantity_at
from verifier.quantities import extract
from verifier.units import factor, known_unit


def _surfaces(text: str) -> list[str]:
    return [q.surface for q in extract(text)]


# (text, surface, value, unit)
GROUPED = [
    # plain or no-break space as thousands separator before a unit
    ("The co-operative shipped 816 000 t of grain.", "816 000 t", 816000, "t"),
    ("The co-operative shipped 816\u00a0000 t of grain.", "816\u00a0000 t", 816000, "t"),
    ("The new line adds 1 250 km of track.", "1 250 km", 1250, "km"),
    ("Reservoirs hold 12 500 000 m³ after the rains.", "12 500 000 m³", 12500000, "m³"),
    ("The levy raised 2\u202f340 € per farm.", "2\u202f340 €", 2340, "EUR"),
    ("新线路全长1 250 公里。", "1 250 公里", 1250, "km"),
    # Indian lakh and crore grouping
    ("The clinic received 7,00,000 rupees this year.", "7,00,000 rupees", 700000, "INR"),
    ("Each scholarship is worth ₹1,25,000.", "₹1,25,000", 125000, "INR"),
    ("The dam cost ₹3,45,00,000, officials said.", "₹3,45,00,000", 34500000, "INR"),
    # grouped figures and a lone "t" for tonnes
    ("Exports reached 12,500 t last season.", "12,500 t", 12500, "t"),
]


@pytest.mark.parametrize("text, surface, value, unit", GROUPED)
def test_grouped_figures_keep_their_unit(text, surface, value, unit):
    q = quantity_at(text, surface)
    assert (q.value, q.unit) == (value, unit)


def test_plain_spaces_between_figures_without_a_unit_stay_apart():
    # no unit after: "3 250" may be two figures (a score and a count), so nothing is joined
    assert _surfaces("In round 3 250 riders started.") == ["3", "250"]
    # a year before a count is never one number
    assert [q.value for q in extract("In 2019 250 km of road were paved.") if q.unit] == [250]
    # and "a 5 t truck" keeps its old reading (no tonnes without support)
    assert all(q.unit != "t" for q in extract("They hired a 5 t truck for the move."))


POWERS = [
    ("The engine displaces 1600 cm3 in all.", "1600 cm3", 1600, "cm³"),
    ("Each tile covers 40 cm² only.", "40 cm²", 40, "cm²"),
    ("A flat of 85 m2 sold for less.", "85 m2", 85, "m²"),
    ("Ambulances drove at 90 km/h.", "90 km/h", 90, "km/h"),
    ("The river carried 300 m³/s in April.", "300 m³/s", 300, "m³/s"),
    ("水库新增库容3000万立方米。", "3000万立方米", 30_000_000, "m³"),
    ("每块砖重约200立方厘米。", "约200立方厘米", 200, "cm³"),
    ("湖面面积45平方公里。", "45平方公里", 45, "km²"),
    ("The gale blew at 40 knots.", "40 knots", 40, "kn"),
    ("台风中心风速为35海里/小时。", "35海里/小时", 35, "kn"),
]


@pytest.mark.parametrize("text, surface, value, unit", POWERS)
def test_powers_and_compound_units(text, surface, value, unit):
    q = quantity_at(text, surface)
    assert (q.value, q.unit) == (value, unit)
    assert known_unit(q.unit)


def test_knots_convert_through_the_one_unit_table():
    assert factor("kn", "km/h") == pytest.approx(1.852)


WORDS = [
    ("The trail runs one and one-half miles.", "one and one-half miles", 1.5, "mi"),
    ("The rain lasted two and three quarters hours.", "two and three quarters hours", 2.75, "h"),
    ("The fare was a hundred dollars.", "a hundred dollars", 100, "USD"),
    ("The baker sold a dozen loaves.", "a dozen", 12, None),
    ("The match lasted two and a half hours.", "two and a half hours", 2.5, "h"),
    ("Three quarters of the clinics reopened.", "Three quarters", 0.75, None),
    ("Half a million voters stayed home.", "Half a million", 500_000, None),
    ("他买了一打鸡蛋。", "一打", 12, None),
    ("四分之三的诊所重新开放。", "四分之三", 0.75, None),
]


@pytest.mark.parametrize("text, surface, value, unit", WORDS)
def test_number_words(text, surface, value, unit):
    q = quantity_at(text, surface)
    assert q.value == pytest.approx(value) and q.unit == unit


def test_dozens_of_is_a_lower_bound_of_two_dozen():
    q = quantity_at("Dozens of flights were cancelled.", "Dozens")
    assert (q.value, q.approx) == ((24, None), "over")
    assert quantity_at("The shop sold 30 dozens.", "30 dozens").value == 360


MORE_THAN = [
    ("这个项目投资一千多万元。", "一千多万元", 10_000_000, "CNY"),
    ("全年营收两千多亿元。", "两千多亿元", 200_000_000_000, "CNY"),
    ("观众达20多万人。", "20多万", 200_000, None),
    ("修缮花费4000余万元。", "4000余万元", 40_000_000, "CNY"),
    ("共有20多个村庄受灾。", "20", 20, None),
]


@pytest.mark.parametrize("text, surface, low, unit", MORE_THAN)
def test_duo_inside_or_after_a_numeral_is_a_lower_bound(text, surface, low, unit):
    q = quantity_at(text, surface)
    assert (q.value, q.unit, q.approx) == ((low, None), unit, "over")


def test_a_leading_ji_bounds_nothing():
    # 几十万 "several hundred thousand" has no written figure to bound from below
    assert all(q.approx != "over" for q in extract("几十万人"))


FISCAL = ["The 2012–13 budget grew by 4%.", "The 2023/24 season ended early.",
          "In FY2019-20 the deficit fell.", "2012–13财年预算增加了4%。", "2023/24赛季提前结束。"]


@pytest.mark.parametrize("text", FISCAL)
def test_fiscal_and_season_years_are_one_date(text):
    qs = extract(text)
    years = [q for q in qs if q.kind == "date"]
    assert len(years) == 1 and "/" in years[0].iso
    assert all(q.kind != "range" and q.value != 13 and q.value != 24 for q in qs)


NOT_QUANTITIES = [
    "Profit rose in the second quarter.",
    "Sales fell in the third quarter of the year.",
    "Interest income sank in the quarter to June.",
    "Turnout was higher in the first half.",
    "She finished the 3rd in the race.",
    "The iPhone 15 sold well.",
    "We shipped version 2.1 in May.",
    "The Boeing 737 was grounded.",
    "Candidate A won the seat.",
    "Plan A failed, so Option B went ahead.",
    "这款车是五座车型。",
    "新款提供7座版和5座版。",
    "今年第二季度利润增长。",
]


@pytest.mark.parametrize("text", NOT_QUANTITIES)
def test_names_ordinals_and_periods_are_not_quantities(text):
    assert extract(text) == []


def test_a_fraction_of_a_quarter_or_a_half_still_reads():
    assert quantity_at("A quarter of the wells ran dry.", "A quarter").value == 0.25
    assert quantity_at("Each household used a half of its quota.", "a half").value == 0.5
    assert quantity_at("城里有五座桥。", "五").value == 5  # 座 counting bridges stays a count


def test_a_month_and_one_won_are_still_read():
    assert quantity_at("A month later the dam opened.", "A month").unit == "month"
    assert quantity_at("The ticket cost 900 won.", "900 won").unit == "KRW"


PENCE = [("A stamp now costs 50p.", "50p", 50), ("The levy is 1p.", "1p", 1),
         ("Bread rose 7.5p a loaf.", "7.5p", 7.5)]


@pytest.mark.parametrize("text, surface, value", PENCE)
def test_pence(text, surface, value):
    q = quantity_at(text, surface)
    assert (q.value, q.unit, q.kind) == (value, "penny", "money")
    assert factor("penny", "GBP") == pytest.approx(0.01)


def test_resolutions_and_times_are_no_pence():
    qs = extract("The match streams in 1080p from 5p.m. on Sunday.")
    assert all(q.unit != "penny" for q in qs)


RANGES = [
    ("产量增长了三到五倍。", "三到五倍", (3, 5), "x"),
    ("疗程为一至二个月。", "一至二个月", (1, 2), "month"),
    ("价格上涨了2到3倍。", "2到3倍", (2, 3), "x"),
    ("Yields rose 3 to 5 times.", "3 to 5 times", (3, 5), "x"),
]


@pytest.mark.parametrize("text, surface, value, unit", RANGES)
def test_ranges_whose_first_end_is_bare(text, surface, value, unit):
    q = quantity_at(text, surface)
    assert (q.value, q.unit, q.kind) == (value, unit, "range")


MORE_UNITS = [
    ("The field produces 3.2 million barrels a day.", "3.2 million barrels", 3_200_000, "bbl"),
    ("He ran a 100-yard dash.", "100-yard", 100, "yd"),
    ("The lot covers 500 square yards.", "500 square yards", 500, "yd²"),
    ("Each panel is 2 sq in.", "2 sq in", 2, "in²"),
]


@pytest.mark.parametrize("text, surface, value, unit", MORE_UNITS)
def test_barrels_yards_and_their_powers(text, surface, value, unit):
    q = quantity_at(text, surface)
    assert (q.value, q.unit) == (value, unit) and known_unit(unit)


def test_a_barrel_converts_to_litres():
    assert factor("bbl", "L") == pytest.approx(158.987, rel=1e-5)


@pytest.mark.parametrize("text", ["See page 12 for the table.", "Flights leave from gate 4.",
                                  "The bus takes route 66 north.", "Read chapter 3 first."])
def test_a_number_after_an_index_noun_is_a_label(text):
    assert extract(text) == []


def test_an_index_noun_before_a_measure_still_measures():
    assert quantity_at("They rented a room 5 m wide.", "5 m").unit == "m"


def test_a_count_in_a_count_stays_two_figures():
    # "3 in 10 adults" is a proportion read over the two figures by .proportions, not one quantity
    assert [q.value for q in extract("Nearly 3 in 10 adults exercise.")] == [3, 10]


MEASURES = [("The centre is 6 ft 2 in tall.", "6 ft 2 in", 74, "in"),
            ("A 5-foot-10 guard signed.", "5-foot-10", 70, "in"),
            ("The calf weighed 3 lb 4 oz.", "3 lb 4 oz", 52, "oz"),
            ("The detour is 2 km 300 m long.", "2 km 300 m", 2300, "m"),
            ("The swell rose 1 m and 20 cm.", "1 m and 20 cm", 120, "cm")]


@pytest.mark.parametrize("text, surface, value, unit", MEASURES)
def test_a_measure_in_two_units_is_one_figure(text, surface, value, unit):
    q = quantity_at(text, surface)
    assert (q.value, q.unit) == (value, unit)


def test_two_measures_that_are_not_one_stay_apart():
    assert len(extract("The hall is 30 ft by 40 ft.")) == 2
    assert len(extract("The baby weighed 7 lb 20 oz.")) == 2  # 20 oz is no part of a pound
    assert [q.unit for q in extract("Rows of 5 ft 10 people.")] == ["ft", None]


SMALL_MONEY = [("公交车票才五毛钱。", "五毛钱", 0.5), ("一支铅笔卖两角五分。", "两角五分", 0.25),
               ("账户余额为叁角。", "叁角", 0.3), ("每斤便宜了三毛。", "三毛", 0.3)]


@pytest.mark.parametrize("text, surface, value", SMALL_MONEY)
def test_jiao_mao_fen_are_parts_of_a_yuan(text, surface, value):
    q = quantity_at(text, surface)
    assert q.value == pytest.approx(value) and q.unit.startswith("CNY")


@pytest.mark.parametrize("text", ["他跑了五分钟。", "这道题得了五分。", "菜里放了八角。", "画一个三角形。"])
def test_minutes_points_spice_and_triangles_are_no_money(text):
    assert all(q.unit != "CNY" for q in extract(text))


def test_and_joins_a_numeral_only_after_hundred_a_scale_or_a_ten():
    assert quantity_at("Between five and ten boats sank.", "Between five and ten").value == (5, 10)
    assert quantity_at("one hundred and five", "one hundred and five").value == 105
    assert quantity_at("The ride took twenty and four hours.", "twenty and four hours").value == 24
    assert [q.value for q in extract("twenty and thirty")] == [20, 30]


def test_kilometres_an_hour():
    q = quantity_at("The storm moved at 25 kilometres an hour.", "25 kilometres an hour")
    assert (q.value, q.unit) == (25, "km/h")


SI_AND_OTHERS = [
    ("Tyres are set to 220 kPa.", "220 kPa", "kPa"), ("轮胎气压为250千帕。", "250千帕", "kPa"),
    ("The line runs at 400 kV.", "400 kV", "kV"), ("特高压线路电压为1000千伏。", "1000千伏", "kV"),
    ("A 12 V battery died.", "12 V", "V"), ("The charger gives 500 mA.", "500 mA", "mA"),
    ("电流为500毫安。", "500毫安", "mA"), ("A 100 amp supply.", "100 amp", "A"),
    ("The crane lifts 30 kN.", "30 kN", "kN"), ("The resistor is 10 kΩ.", "10 kΩ", "kΩ"),
    ("Traffic noise hit 85 dB.", "85 dB", "dB"), ("噪音达到85分贝。", "85分贝", "dB"),
    ("The tractor has 150 horsepower.", "150 horsepower", "hp"), ("发动机功率为150马力。", "150马力", "hp"),
    ("The farm covers 300 acres.", "300 acres", "acre"), ("农场占地300英亩。", "300英亩", "acre"),
    ("A meal has 800 kcal.", "800 kcal", "kcal"), ("一份套餐含800千卡热量。", "800千卡", "kcal"),
    ("CO2 reached 420 ppm.", "420 ppm", "ppm"), ("The flat is 900 sq. ft.", "900 sq. ft", "ft²"),
    ("The tank holds 3 metres cubed.", "3 metres cubed", "m³"),
    ("The cabin keeps 0.8 atmospheres.", "0.8 atmospheres", "atm"),
]


@pytest.mark.parametrize("text, surface, unit", SI_AND_OTHERS)
def test_si_prefixes_and_other_units_from_the_one_table(text, surface, unit):
    q = quantity_at(text, surface)
    assert q.unit == unit and known_unit(unit)


def test_prefixes_convert_through_pint():
    assert factor("kPa", "Pa") == pytest.approx(1000) and factor("mA", "A") == pytest.approx(0.001)


def test_words_that_look_like_units_stay_counts():
    assert [q.unit for q in extract("The town has 5 bars and 3 ATMs.")] == [None, None]


SIDES = [("The room is 4 x 5 m.", ["4", "5 m"], "m"),
         ("A 10 × 20 × 30 cm parcel.", ["10", "20", "30 cm"], "cm")]


@pytest.mark.parametrize("text, surfaces, unit", SIDES)
def test_the_sides_of_a_size_share_the_unit(text, surfaces, unit):
    qs = extract(text)
    assert [q.surface for q in qs] == surfaces and {q.unit for q in qs} == {unit}


def test_a_multiplier_before_no_length_stays_one():
    assert quantity_at("Sales rose 3 x in a year.", "3 x").unit == "x"


MORE_RANGES = [("The ferry is 5 or 6 km away.", "5 or 6 km", (5, 6), "km"),
               ("Repairs took 2 or 3 weeks.", "2 or 3 weeks", (2, 3), "week"),
               ("Runs go from 10 km up to 20 km.", "from 10 km up to 20 km", (10, 20), "km"),
               ("Parcels of more than 5 but less than 10 kg.", "more than 5 but less than 10 kg",
                (5, 10), "kg")]


@pytest.mark.parametrize("text, surface, value, unit", MORE_RANGES)
def test_or_up_to_and_two_bounds_make_ranges(text, surface, value, unit):
    q = quantity_at(text, surface)
    assert (q.value, q.unit, q.kind, q.approx) == (value, unit, "range", None)


def test_alternatives_far_apart_or_without_a_shared_unit_stay_two():
    assert len(extract("Routes run 2 or 30 km.")) == 2  # not a round-about range
    assert [q.value for q in extract("they took 3 or 4.")] == [3, 4]


@pytest.mark.parametrize("text", ["The twenty-first century began.", "Their thirty-third win came late.",
                                  "It was the twenty-fifth anniversary."])
def test_compound_ordinal_words_are_not_quantities(text):
    assert extract(text) == []


def test_tens_and_ones_and_hyphenated_fractions_still_read():
    assert quantity_at("twenty-five riders", "twenty-five").value == 25
    assert quantity_at("two-thirds of voters", "two-thirds").value == pytest.approx(2 / 3)


@pytest.mark.parametrize("text, surface, value", [("a grant of 10^6 dollars", "10^6 dollars", 1e6),
                                                  ("a gap of 10^-3 m", "10^-3 m", 0.001)])
def test_a_power_of_ten(text, surface, value):
    assert quantity_at(text, surface).value == pytest.approx(value)


@pytest.mark.parametrize("text, surface, value", [("到场的有七八十人。", "七八十", (70, 80)),
                                                  ("每件三四百元。", "三四百元", (300, 400)),
                                                  ("参观者五六万人。", "五六万", (50_000, 60_000))])
def test_two_neighbouring_digits_before_a_place_are_a_range_of_it(text, surface, value):
    assert quantity_at(text, surface).value == value


def test_shi_ji_is_ten_odd():
    q = quantity_at("来了十几个人。", "十")
    assert (q.value, q.approx) == ((10, None), "over")
    assert quantity_at("他二十几岁。", "二十几岁").value == (20, None)
