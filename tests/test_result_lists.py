"""Results lists, finishing times and their finishers, end to end (V203, V205) and stage by stage.

Articles written for these tests: a cycling road race, a mountain-bike race, a Chinese
marathon, a local election by wards, a swimming final; none from any corpus. Each firing case
has a quiet twin that differs only in the figure or the frame, so a quiet case cannot pass
because nothing was extracted.
"""

from __future__ import annotations

import pytest

from tests.builders import art, corpus, findings
from verifier.align.withdrawn import withdrawn
from verifier.extract import extract_claims
from verifier.extract.elapsed import FINISH_TIME
from verifier.extract.lexicon import Lexicon
from verifier.extract.result_lists import list_item
from verifier.quantities import extract

Found = tuple[str, str, str]


def claims_of(*bodies: str, primary: bool = True):
    arts = [art("prim", bodies[0] + "\n", tier="primary")] if primary else [art("cov0", bodies[0] + "\n")]
    arts += [art(f"cov{i + 1}", t + "\n") for i, t in enumerate(bodies[1:])]
    return arts, [c for a in arts for c in extract_claims(a, lexicon=Lexicon([]))]


def audit(*bodies: str, primary: bool = True) -> list[Found]:
    arts, claims = claims_of(*bodies, primary=primary)
    return [(f.rule, f.severity.value, f.message) for f in findings(corpus(arts, claims), "V203", "V204", "V205", "V206")]


def item(body: str, surface: str):
    q = next(q for q in extract(body) if q.surface == surface)
    return list_item(body, q)


# --- the list item -------------------------------------------------------------------------------

ROAD_RACE = ("Elite women's road race, final results:\n\n1. Anna Berg (Norway) 3:42:11\n"
             "2. Lea Roth (Austria) 3:42:40\n3. Ida Moen (Denmark) 3:44:02\n")
WARDS = "Council election, votes by ward:\n\n- Ward 4: 1,204 votes\n- Ward 5: 998 votes\n"
RUN_ON = "Final standings, men: 1. Tom Pidcock (Britain) 1:24:13; 2. Nino Schurter (Switzerland) 1:24:58."
ZH_MARATHON = "女子组成绩：\n\n1. 张德顺（中国）2小时25分15秒\n2. 李芷萱（中国）2小时27分30秒\n"


@pytest.mark.parametrize(("body", "surface", "label", "heading", "ranked"), [
    (ROAD_RACE, "3:42:40", "Lea Roth", "Elite women's road race, final results", True),
    (WARDS, "1,204", "Ward 4", "Council election, votes by ward", False),
    (RUN_ON, "1:24:58", "Nino Schurter", "Final standings, men", True),
    ("## Vote share\n1. Labour 34.2%\n2. Green Party 20.1%\n", "20.1%", "Green Party", "Vote share", True),
    (ZH_MARATHON, "2小时27分30秒", "李芷萱", "女子组成绩", True),
])
def test_an_item_s_label_holds_its_figure(body, surface, label, heading, ranked) -> None:
    it = item(body, surface)
    assert (it.label, it.heading, it.ranked) == (label, heading, ranked)
    assert body[it.start:it.end] == label


@pytest.mark.parametrize(("body", "surface"), [
    ("- Sir Jo Bloggs took third place in a time of 2:06:32\n", "2:06:32"),   # a sentence, not a label
    ("Final standings, men: 1. Tom Pidcock (Britain) 1:24:13; 2. Nino Schurter 1:24:58.", "2"),  # the rank
    ("Pidcock won in 1:24:13 on Sunday.", "1:24:13"),                          # no list at all
])
def test_no_item_where_no_label_reads_as_a_name(body: str, surface: str) -> None:
    assert item(body, surface) is None


def test_a_results_list_gives_each_time_to_its_finisher() -> None:
    _, claims = claims_of(ROAD_RACE)
    got = [(c.anchor.quote, c.subject, c.measured, c.value.number) for c in claims if c.value.unit == "s"]
    assert got == [("3:42:11", "Anna Berg", FINISH_TIME, 13331), ("3:42:40", "Lea Roth", FINISH_TIME, 13360),
                   ("3:44:02", "Ida Moen", FINISH_TIME, 13442)]
    assert all(c.decided["holder"].by == "list item" for c in claims if c.value.unit == "s")


def test_finishers_in_coverage() -> None:
    text = ("Norway's Anna Berg won the road race in 3:42:21 on Sunday, and Pia Lund finished in 3:51:10.\n\n"
            "A week later Roth won in Lenzerheide in 1:26:02.\n\nHer time of 2hr 2min 5sec was a record.")
    _, claims = claims_of(text, primary=False)
    got = [(c.anchor.quote, c.subject, c.measured) for c in claims if c.value.unit == "s"]
    assert got == [("3:42:21", "Anna Berg", FINISH_TIME), ("3:51:10", "Pia Lund", FINISH_TIME),
                   ("1:26:02", "Roth", FINISH_TIME), ("2hr 2min 5sec", "Roth", FINISH_TIME)]
    assert claims[-1].decided["holder"].by == "pronoun"  # 'Her time': weaker, for warnings only


def test_splits_gaps_and_records_are_no_finishing_times() -> None:
    text = ("The first lap went by in 4min 12sec. Berg finished two minutes and four seconds behind "
            "the winner. The course record of 3:39:50 set by Kim Dahl in 2015 survived.")
    _, claims = claims_of(text, primary=False)
    assert [c.measured for c in claims if c.value.unit == "s" and c.measured == FINISH_TIME] == []


# --- V203: coverage against the primary's results list ------------------------------------------

def test_a_time_that_differs_from_the_results_list_is_a_finding() -> None:
    (rule, severity, message), = audit(ROAD_RACE, "Norway's Anna Berg won the road race in 3:42:21 on Sunday.")
    assert (rule, severity) == ("V203", "error")
    assert "'3:42:21' differs from the primary source prim, which gives '3:42:11'" in message
    assert "same holder 'Anna Berg'" in message


def test_the_same_time_and_another_finisher_s_time_are_no_finding() -> None:
    assert audit(ROAD_RACE, "Anna Berg won the road race in 3:42:11 on Sunday.") == []
    # Roth's own time, and a rider the list does not name: neither meets Berg's figure
    assert audit(ROAD_RACE, "Austria's Lea Roth was second in 3:42:40, and Pia Lund finished in 3:51:10.") == []


def test_a_british_h_mm_ss_time_is_read_as_hours_and_checked() -> None:
    found = audit(ROAD_RACE, "Anna Berg won in 3:42.21 on Sunday. Her time of 3hr 42min 21sec beat Lea Roth. "
                             "The first lap went by in 4min 12sec, and the course record of 3:39:50 set by Kim Dahl "
                             "in 2015 survived.")
    assert [(r, m.split(" differs")[0]) for r, _, m in found] == [("V203", "'3:42.21'"), ("V203", "'3hr 42min 21sec'")]
    assert all("which gives '3:42:11'" in m for _, _, m in found)  # the split and the old record meet nothing


def test_zh_marathon_time_against_the_results_list() -> None:
    (rule, _, message), = audit(ZH_MARATHON, "本届马拉松女子组比赛中，张德顺以2小时25分51秒夺冠。")
    assert rule == "V203" and "'2小时25分51秒' differs" in message and "same holder '张德顺'" in message
    assert audit(ZH_MARATHON, "本届马拉松女子组比赛中，张德顺以2小时25分15秒夺冠。") == []


def test_an_election_results_list() -> None:
    (rule, _, message), = audit(WARDS, "Ward 4 cast 1,240 votes on Thursday.")
    assert rule == "V203" and "which gives '1,204'" in message
    assert audit(WARDS, "Ward 4 cast 1,204 votes on Thursday.") == []
    assert audit(WARDS, "Ward 5 cast 998 votes on Thursday.") == []


# --- V205: one finisher, two times, one article --------------------------------------------------

def test_a_time_contradicted_in_one_article_is_a_warning() -> None:
    (rule, severity, message), = audit(
        "Pidcock won the cross-country race in 1:24:13, ahead of Schurter.\n\n"
        "The result sheet later showed Pidcock with an unofficial time of 1:24:31.", primary=False)
    assert (rule, severity) == ("V205", "warning")
    assert "'1:24:31' contradicts '1:24:13'" in message


def test_zh_time_contradicted_in_one_article() -> None:
    (rule, _, message), = audit("张德顺以2小时25分15秒夺冠，创造赛会纪录。\n\n赛后公布的非官方成绩显示，张德顺用时2小时25分51秒。",
                                primary=False)
    assert rule == "V205" and "'2小时25分51秒' contradicts '2小时25分15秒'" in message


def test_times_of_two_races_or_two_finishers_do_not_contradict() -> None:
    assert audit("Pidcock won in Nove Mesto in 1:24:13.\n\nA week later Pidcock won in Lenzerheide in 1:26:02.",
                 primary=False) == []
    two = "Pidcock won the race in 1:24:13.\n\nSchurter finished in 1:24:58."
    assert [c.subject for c in claims_of(two, primary=False)[1]] == ["Pidcock", "Schurter"]
    assert audit(two, primary=False) == []
    assert audit("Pidcock won the race in 1:24:13 this year.\n\nPidcock won the race in 1:26:02 last year.",
                 primary=False) == []


# --- figures a source takes back -----------------------------------------------------------------

def test_a_figure_its_source_takes_back_meets_nothing() -> None:
    body = ("Results: 1. Anna Berg (Norway) 3:42:11; 2. Lea Roth (Austria) 3:42:40.\n\n"
            "Earlier, times of 3:42:21 for Berg and 3:42:50 for Roth were issued. Those times were wrong.")
    _, claims = claims_of(body)
    flags = {c.anchor.quote: withdrawn(body + "\n", c) for c in claims if c.value.unit == "s"}
    assert flags == {"3:42:11": False, "3:42:40": False, "3:42:21": True, "3:42:50": True}
    assert audit(body) == []  # the primary does not contradict itself
    # coverage that gives the withdrawn time is checked against the confirmed one
    (rule, _, message), = audit(body, "Norway's Anna Berg won the road race in 3:42:21 on Sunday.")
    assert rule == "V203" and "which gives '3:42:11'" in message


SWIM_FINAL = "Women's 200m freestyle final:\n\n1. Mollie Kerr (Australia) 1:53.27\n2. Siobhan Hale (Canada) 1:54.01\n"


def test_a_swimming_final_in_hundredths() -> None:
    (rule, severity, message), = audit(SWIM_FINAL, "Australia's Mollie Kerr won the 200m freestyle in 1:53.72 on Tuesday.")
    assert (rule, severity) == ("V203", "error") and "which gives '1:53.27'" in message
    assert audit(SWIM_FINAL, "Mollie Kerr won the 200m freestyle in 1:53.27 on Tuesday, with Hale second in 1:54.01.") == []


def test_a_bullet_whose_label_is_the_measured_thing_gives_no_holder_from_the_label() -> None:
    _, claims = claims_of("Key figures for the year:\n\n- Revenue: $5.2 billion\n- Ward 4: 1,204 votes\n", primary=False)
    by = {c.anchor.quote: (c.measured, c.decided.get("holder")) for c in claims}
    assert by["$5.2 billion"][0] == "Revenue" and (by["$5.2 billion"][1] is None or by["$5.2 billion"][1].by != "list item")
    assert by["1,204"][0] == "votes" and by["1,204"][1].by == "list item"


@pytest.mark.parametrize(("body", "surface", "taken_back"), [
    ("据组委会公布，张德顺的成绩为2小时25分51秒。上述成绩有误，以终点计时为准。", "2小时25分51秒", True),
    ("据组委会公布，张德顺的成绩为2小时25分15秒。张德顺赛后表示满意。", "2小时25分15秒", False),
    ("The council first gave turnout as 41.2%, which was wrong.", "41.2%", True),
    ("The council gave turnout as 41.2%. Those figures were later found to be incorrect.", "41.2%", True),
    ("The council gave turnout as 41.2%. Critics said the plan was wrong.", "41.2%", False),
])
def test_which_figures_a_source_takes_back(body: str, surface: str, taken_back: bool) -> None:
    _, claims = claims_of(body)
    c = next(c for c in claims if c.anchor.quote == surface)
    assert withdrawn(body + "\n", c) is taken_back


def test_a_time_of_one_unit_is_no_finishing_time() -> None:
    text = "Acme's new laptop boots in 8 seconds.\n\nAcme's new laptop wakes from sleep in 2 seconds."
    _, claims = claims_of(text, primary=False)
    assert [c.measured for c in claims if c.measured == FINISH_TIME] == []
    assert audit(text, primary=False) == []


def test_the_one_year_a_story_recalls_from_long_ago_is_not_its_figures_time() -> None:
    from verifier.align.frames import only_year

    story = "Berg broke the course record from 1998 by a minute, finishing in 3:41:02."
    assert only_year(story, "", "2024") is None
    assert only_year(story) == "1998"  # no publication date: nothing says it is a past
    assert only_year("The 2023 budget rose to $1.2 billion.", "", "2024") == "2023"


def test_messages_show_a_time_as_printed() -> None:
    found = audit(ROAD_RACE, "Anna Berg won the road race in 3hr 42min 21sec on Sunday.")
    from verifier.rules.context import figure_text

    _, claims = claims_of(ROAD_RACE, "Anna Berg won in 3:42.21, or three hours, 42 minutes and 21 seconds.")
    shown = [figure_text(c) for c in claims if c.value.unit == "s"]
    assert shown == ["3:42:11", "3:42:40", "3:44:02", "3:42.21", "three hours, 42 minutes and 21 seconds"]
    assert found and "'3hr 42min 21sec' differs" in found[0][2]
