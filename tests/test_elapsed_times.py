"""Elapsed times in the styles the press prints them: clock readings, h:mm.ss, compounds.

Articles written for these tests (cycling, swimming, rowing, a Chinese marathon), not taken
from any corpus.
"""

from __future__ import annotations

import pytest

from verifier.quantities import extract


def durations(text: str) -> list[tuple[str, float, float]]:
    return [(q.surface, q.value, q.resolution) for q in extract(text) if q.kind == "duration"]


# (text, surface, seconds, resolution)
STYLES = [
    ("Ganna won the time trial in 1:04:32 on Sunday.", "1:04:32", 3872, 1),
    ("She finished the ultra in 9hr 12min 5sec.", "9hr 12min 5sec", 33125, 1),
    ("He rowed the crossing in 4 hours, 10 minutes and 2 seconds.",
     "4 hours, 10 minutes and 2 seconds", 15002, 1),
    ("The leader rode in three hours, forty minutes and 12 seconds.",
     "three hours, forty minutes and 12 seconds", 13212, 1),
    ("The opening kilometre took 1min 12sec.", "1min 12sec", 72, 1),
    ("他以2小时8分15秒的成绩夺冠。", "2小时8分15秒", 7695, 1),
    ("She won the 800m in 1:58.3 after a fast start.", "1:58.3", 118.3, 0.1),
    ("Titmus won the 400m freestyle in 3:56.40.", "3:56.40", 236.4, 0.01),
]


@pytest.mark.parametrize(("text", "surface", "seconds", "res"), STYLES)
def test_each_style_reads_as_seconds_with_its_printed_precision(text: str, surface: str,
                                                                seconds: float, res: float) -> None:
    assert (surface, seconds, pytest.approx(res)) in [
        (s, v, pytest.approx(r)) for s, v, r in durations(text)]


def test_h_mm_ss_with_a_full_stop_reads_as_hours_beside_a_time_of_hours() -> None:
    text = ("Hassan took the women's title in 2:18.33.\n\n"
            "Her time of 2hr 18min 33sec was a course record; Kosgei ran 2:20.01.")
    assert durations(text) == [("2:18.33", 8313, 1), ("2hr 18min 33sec", 8313, 1),
                               ("2:20.01", 8401, 1)]


def test_hundredths_stay_hundredths_where_the_text_gives_no_hours() -> None:
    text = "Titmus won the 400m in 3:56.40 and the 200m in 1:53.09; the heat took 3:58.11."
    assert [v for _, v, _ in durations(text)] == [236.4, 113.09, 238.11]
    # the hour reading alone is not evidence: 'won the marathon in 2:06.32' with nothing else
    assert durations("He won the marathon in 2:06.32.") == [("2:06.32", 126.32, 0.01)]


def test_hundredths_stay_hundredths_when_the_text_also_gives_times_under_the_hour() -> None:
    # a triathlon: a swim split of 0:51:20 is under an hour; 51:20.45 sits beside it, not
    # beside the 8-hour finish
    text = "She finished in 8:30:12 after a swim of 51:20.45 and a run of 2:55:01; the swim split read 0:51:20."
    assert ("51:20.45", 3080.45, pytest.approx(0.01)) in [
        (s, v, pytest.approx(r)) for s, v, r in durations(text)]


def test_ranked_items_run_on_after_a_heading_are_durations() -> None:
    text = ("Final standings, women's road race: 1. Anna Berg (Norway) 3:42:11; "
            "2. Lea Roth (Austria) 3:42:40; 3. Ida Moen (Denmark) 3:44:02.")
    assert [v for _, v, _ in durations(text)] == [13331, 13360, 13442]


def test_an_unmarked_reading_to_the_second_takes_the_text_s_reading() -> None:
    text = ("Pidcock won in 1:24:13. Officials first listed 1:24:58 for Schurter and "
            "1:25:30 for Koretzky.")
    assert [v for _, v, _ in durations(text)] == [5053, 5098, 5130]


def test_a_marked_moment_stays_a_time_of_day_in_a_results_story() -> None:
    text = "Pidcock won in 1:24:13. The results were posted at 14:05:33 local time."
    got = [(q.surface, q.kind) for q in extract(text) if q.kind in ("duration", "time")]
    assert got == [("1:24:13", "duration"), ("14:05:33", "time")]


def test_a_reading_to_the_second_alone_is_still_a_time_of_day() -> None:
    assert [q.kind for q in extract("The clock showed 10:15:30 over the square.")] == ["time"]
