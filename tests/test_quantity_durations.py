"""Compound durations and clock readings read as durations or times of day.

Sentences written for these tests (marathons, swimming, cycling, cooking, flights, videos,
meetings, trains), both languages; none from sources/ or /work/shared.
"""

from __future__ import annotations

import pytest

from builders import quantity_at
from verifier.quantities import Quantity, extract
from verifier.quantities.clocks import ELAPSED_WORDS, HOURS_WORDS, MEDIA_WORDS, find_clocks


def at(text: str, surface: str) -> Quantity:
    """The quantity whose surface is ``surface``, found where ``surface`` first occurs."""
    q = quantity_at(text, surface)
    assert q.start == text.index(surface)
    return q


# (text, surface, value, unit, resolution)
COMPOUNDS = [
    ("The cake needs 1 hour 15 minutes in the oven.", "1 hour 15 minutes", 75, "min", 1),
    ("Their flight lasted 11h 35m.", "11h 35m", 695, "min", 1),
    ("The server rebuilt in 2hr 4min 17sec.", "2hr 4min 17sec", 7457, "s", 1),
    ("She swam the channel in 13 hours, 12 minutes and 40 seconds.",
     "13 hours, 12 minutes and 40 seconds", 47560, "s", 1),
    ("The repair took two hours, six minutes and 32 seconds.",
     "two hours, six minutes and 32 seconds", 7592, "s", 1),
    ("The vote was delayed an hour and 20 minutes.", "an hour and 20 minutes", 80, "min", 1),
    ("The dock strike lasted 1 year and 6 months.", "1 year and 6 months", 18, "month", 1),
    ("The sprint was timed at 2 min 3.5 s by hand.", "2 min 3.5 s", 123.5, "s", 0.1),
    ("这台手术持续了3小时20分。", "3小时20分", 200, "min", 1),
    ("他的马拉松成绩是2小时6分21秒。", "2小时6分21秒", 7581, "s", 1),
    ("两小时六分二十一秒后冲线", "两小时六分二十一秒", 7581, "s", 1),
    ("面条煮3分钟30秒即可", "3分钟30秒", 210, "s", 1),
    ("救援持续了3天4小时", "3天4小时", 76, "h", 1),
    ("工程拖延了一年零三个月", "一年零三个月", 15, "month", 1),
    ("她用时1分05秒完成", "1分05秒", 65, "s", 1),
]


@pytest.mark.parametrize(("text", "surface", "value", "unit", "res"), COMPOUNDS)
def test_a_compound_duration_is_one_quantity(text: str, surface: str, value: float,
                                             unit: str, res: float) -> None:
    q = at(text, surface)
    assert (q.value, q.unit, q.kind, q.resolution) == (value, unit, "duration", res)
    assert [x.kind for x in extract(text)].count("duration") == 1


def test_an_approximation_word_before_the_first_part_holds_for_the_whole() -> None:
    q = at("The drive takes about 2 hours 30 minutes.", "about 2 hours 30 minutes")
    assert (q.value, q.unit, q.approx) == (150, "min", "about")


@pytest.mark.parametrize(("text", "parts"), [
    ("Boil for 5 minutes and 2 hours later serve.", [(5, "min"), (2, "h")]),  # units rise
    ("先炖2小时，再焖20分钟", [(2, "h"), (20, "min")]),                          # a clause break
    ("The first leg took 3 hours. 20 minutes later it rained.", [(3, "h"), (20, "min")]),
    ("The lease ran 1 month 3 days past term.", [(1, "month"), (3, "day")]),  # no exact ratio
    ("Open 24 hours 7 days a week.", [(24, "h"), (7, "day"), (1, "week")]),
])
def test_parts_stay_apart_across_a_break_or_rising_units(text: str,
                                                         parts: list[tuple[int, str]]) -> None:
    assert [(q.value, q.unit) for q in extract(text) if q.kind == "duration"] == parts


def test_fen_is_a_minute_only_beside_hours_or_seconds() -> None:
    q = at("他在比赛中得了6分", "6")
    assert (q.value, q.unit, q.kind) == (6, None, "number")
    assert at("三分之一的时间", "三分之一").value == pytest.approx(1 / 3)


# (text, surface, seconds, resolution)
CLOCK_DURATIONS = [
    ("Kiptum finished in 2:00:35 in Chicago.", "2:00:35", 7235, 1),
    ("She swam 4:05.37 to win the 400 m freestyle.", "4:05.37", 245.37, 0.01),
    ("The peloton covered the mountain stage in 4:32:10.", "4:32:10", 16330, 1),
    ("Farah ran 2:06:21.5 in London.", "2:06:21.5", 7581.5, 0.1),
    ("She set a course record of 2:18:11 on Sunday.", "2:18:11", 8291, 1),
    ("His personal best is 1:44:50 for the half.", "1:44:50", 6290, 1),
    ("他以2:05:41夺冠", "2:05:41", 7541, 1),
    ("她的成绩为2:18:35，打破赛会纪录", "2:18:35", 8315, 1),
    ("The documentary video runs 12:04.", "12:04", 724, 1),
    ("Flight time is 11:35 on the new route.", "11:35", 41700, 60),
    ("Cooking time: 1:30 at a low heat.", "1:30", 5400, 60),
]


@pytest.mark.parametrize(("text", "surface", "seconds", "res"), CLOCK_DURATIONS)
def test_a_clock_reading_that_says_how_long_is_a_duration(text: str, surface: str,
                                                          seconds: float, res: float) -> None:
    q = at(text, surface)
    assert (q.value, q.unit, q.kind, q.iso) == (seconds, "s", "duration", None)
    assert q.resolution == pytest.approx(res)


def test_ranked_result_lines_and_tables_are_durations() -> None:
    text = "1. Ana Silva (BRA) 2:24:10\n2. Mei Lin (CHN) 2:24:55\n| 3 | Okafor | 2:27:44 |"
    got = [(q.surface, q.value) for q in extract(text) if q.kind == "duration"]
    assert got == [("2:24:10", 8650), ("2:24:55", 8695), ("2:27:44", 8864)]


def test_a_list_of_readings_shares_the_word_before_it() -> None:
    text = "The podium ran times of 2:05:10, 2:06:21 and 2:07:00."
    assert [(q.value, q.kind) for q in extract(text)] == [
        (7510, "duration"), (7581, "duration"), (7620, "duration")]
    text = "Her laps were 1:02, 1:01 and 0:59."
    assert [q.value for q in extract(text)] == [62, 61, 59]


# (text, surface, iso)
TIMES_OF_DAY = [
    ("The budget meeting starts at 10:30 in room 4.", "10:30", "10:30"),
    ("The train departs at 14:05 from platform 4.", "14:05", "14:05"),
    ("The race started at 7:30 am in the rain.", "7:30 am", "07:30"),
    ("A video was posted at 2:30 pm.", "2:30 pm", "14:30"),
    ("The polls close at 8:00 p.m. tonight.", "8:00 p.m.", "20:00"),
    ("The clip went online 10:30 GMT.", "10:30", "10:30"),
    ("下午3:15开会", "3:15", "15:15"),
    ("北京时间14:05起飞", "14:05", "14:05"),
    ("列车于06:40发车", "06:40", "06:40"),
    ("Doors open 19:30, the film starts at 20:00.", "20:00", "20:00"),
    ("He was released at 2:06:21 local time.", "2:06:21", "02:06:21"),
]


@pytest.mark.parametrize(("text", "surface", "iso"), TIMES_OF_DAY)
def test_a_time_of_day_keeps_its_markers(text: str, surface: str, iso: str) -> None:
    q = at(text, surface)
    assert (q.value, q.unit, q.kind, q.iso) == (None, None, "time", iso)


@pytest.mark.parametrize(("text", "kinds"), [
    ("G7次列车14:05发车，全程用时4:28", [("14:05", "time"), ("4:28", "duration")]),
    ("He finished in 2:06:21 and caught the 14:05 train.",
     [("2:06:21", "duration"), ("14:05", "time")]),
    ("Trains leave at 9:00, 10:30 and 12:15.", [("9:00", "time"), ("10:30", "time"),
                                                ("12:15", "time")]),
    ("比赛于上午7:30开始，冠军用时2:08:12", [("7:30", "time"), ("2:08:12", "duration")]),
    ("5月3日14:05发车", [("5月3日", "date"), ("14:05", "time")]),
    ("The 10:30 budget meeting ran long.", [("10:30", "time")]),
    ("She set off at dawn and posted a 3:41:09 finish.", [("3:41:09", "duration")]),
])
def test_moments_and_durations_in_one_text(text: str, kinds: list[tuple[str, str]]) -> None:
    assert [(q.surface, q.kind) for q in extract(text)] == kinds


def test_find_clocks_shape() -> None:
    assert find_clocks("won in 1:55.32") == [(7, 14, 115.32, 0.01, None)]
    assert find_clocks("at 9:05 pm") == [(3, 10, None, None, "21:05")]
    assert find_clocks("5/3 9:05", dates=[(0, 3)]) == [(4, 8, None, None, "09:05")]


def test_the_word_lists_do_not_overlap() -> None:
    lists = [set(MEDIA_WORDS), set(ELAPSED_WORDS), set(HOURS_WORDS)]
    assert sum(map(len, lists)) == len(set.union(*lists))
