"""Finishing times: a time taken that the grammar makes one finisher's result, and its finisher.

    finish_time(body, sent, q) -> Decided("finish time", "time taken", 0.8, …) | None
    finisher(body, sent, q)    -> Decided("Eliud Kipchoge", "sentence subject", 0.8, …) | None

A time printed as results print it (a clock reading "2:04:17", "1:58.3", or a compound of two
parts or more "2hr 6min 21sec", "two hours, six minutes and 32 seconds", "2小时6分21秒"; a
duration in seconds; a time of one unit, "in 45 seconds", is as often a latency) is a *finishing time* when the words right before it say
so: a verb phrase ending in "in" ("won in", "claimed his third title in", "finishing third in
the marathon in"), "a time of", "clocked", "ran" (``time_taken_before`` of
``verifier/data/frames/en.yaml``), in Chinese 以…夺冠, 用时…, …的成绩 (``time_taken_before``,
``time_taken_after`` of ``zh.yaml``); words that qualify the reading may stand between
("in what was given as an unofficial time of", "a provisional time of"). It is not one when it
is a gap between finishers ("two minutes behind the winner", 之差: ``gap_after``) or a split, the
time of a part of the course named in its clause ("the first mile went by in 4min 22sec", 半程:
``course_parts``). A record ("the British record of 2:07:13") is left to the measured-thing
reader: its holder and year are another race's.

The finisher is the agent of the finishing clause: the name that opens the sentence or stands
after a heading's colon ("Sir Mo Farah took third place in…", "Elite women: Vivian Cheruiyot
(Kenya) won in…"), the name after a possessive that only places it ("Kenya's Eliud Kipchoge
claimed…": the possessive names the country, the runner holds the time), or, for a possessive
pronoun before the figure ("his time of…") when the sentence names nobody before the figure,
the last name printed before the sentence in the paragraph or the one before it (a *pronoun*,
weaker). A clause of its own that opens on a name has that name as its finisher ("…, and Pia
Lund finished in 3:51:10"); a clause that opens on no name takes its first name that stands
after no preposition ("A week later Pidcock won in Lenzerheide in…": Lenzerheide is where).
Names are read by :mod:`.en_names`. In Chinese, the name of two to
four characters that opens the figure's clause right before 以, 用时 or 跑出 ("张德顺以2小时25分51秒夺冠").
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Final

from verifier.extract.decided import Decided, decide
from verifier.extract.en_names import Name, names_in
from verifier.extract.frame_words import words
from verifier.extract.lexicon import STOP_WORDS
from verifier.extract.segment import clause_start
from verifier.extract.zh_tags import has_cjk
from verifier.quantities import Quantity

FINISH_TIME: Final = "finish time"
"""The measured thing of a finishing time (a name of the ``finish time`` concept of
``verifier/data/measured_things.yaml``)."""

QUALIFIERS: Final = r"(?:a|an|the|just|only|what\s+was\s+(?:given|recorded|listed|shown)\s+as|(?:un)?official|provisional|final|winning|confirmed|ratified|his|her|their|time\s+of)"
"""Words that may stand between a word of time taken and the figure: they qualify the reading
('an unofficial time of'), they do not change what it measures."""

LOOKBACK: Final = 600
"""Characters before a sentence searched for the name a possessive pronoun stands for (about a
paragraph)."""

_PRONOUN: Final = re.compile(r"(?<![A-Za-z])(?:his|her|their)\s", re.IGNORECASE)
_AFTER_PREPOSITION: Final = re.compile(r"(?<![A-Za-z])(?:in|at|of|from|for|behind|than|to|by|with|over|the)\s+$", re.IGNORECASE)
_LONE_NAME: Final = re.compile(r"[\"'“‘(*\s-]*([A-Z][a-z]+(?:-[A-Z][a-z]+)?)\s+(?:won|finished|clocked|ran|rode|swam|"
                                r"crossed|took|came|placed|claimed|completed)(?![A-Za-z])")
"""One capitalised word that opens the sentence before a verb of finishing ('Schurter finished
in…'): a name, though its capital could be the sentence's (names_in leaves such a word out)."""
_CONJUNCTION: Final = re.compile(r"\s*(?:(?:and|but|while|whereas|as|with)\s+)?")
_ZH_FINISHER: Final = re.compile(r"\s*([\u4e00-\u9fff·]{2,4})(?:以|用时|跑出|游出)\s*")
_HEADING_COLON: Final = re.compile(r"[^:.\d\n]{1,40}:\s+")


def _alternation(ws) -> str:
    return "|".join(re.escape(w).replace(r"\ ", r"\s+") for w in sorted(ws, key=len, reverse=True))


@lru_cache(maxsize=1)
def _english() -> tuple[re.Pattern, re.Pattern, re.Pattern]:
    en = words("en")
    before = re.compile(r"(?<![A-Za-z])(?:" + _alternation(en["time_taken_before"]) + r")(?:\s+" + QUALIFIERS
                        + r")*\s*$", re.IGNORECASE)
    gap = re.compile(r"\s*(?:" + _alternation(en["gap_after"]) + r")(?![A-Za-z])", re.IGNORECASE)
    part = re.compile(r"(?<![A-Za-z])(?:" + _alternation(en["course_parts"]) + r")(?![A-Za-z])(?![\s-]marathon)",
                      re.IGNORECASE)
    return before, gap, part


@lru_cache(maxsize=1)
def _chinese() -> tuple[re.Pattern, re.Pattern, re.Pattern, re.Pattern]:
    zh = words("zh")
    return (re.compile("(?:" + _alternation(zh["time_taken_before"]) + r")\s*$"),
            re.compile(r"\s*(?:" + _alternation(zh["time_taken_after"]) + ")"),
            re.compile("(?:" + _alternation(zh["gap_after"]) + ")"),
            re.compile("(?:" + _alternation(zh["course_parts"]) + ")"))


_TIME_PARTS: Final = re.compile(r"(?:hours?|hrs?|h|minutes?|mins?|m|seconds?|secs?|s)(?![A-Za-z])|小时|小時|分|秒", re.IGNORECASE)


def _timed(q: Quantity) -> bool:
    """True for a time in seconds printed as a result is: a clock reading ('2:04:17', '1:58.3') or
    a compound duration of two parts or more ('2hr 6min 21sec', '2小时6分21秒'); a point value.
    A time of one unit ('in 45 seconds') is as often a latency or a wait as a result."""
    if q.kind != "duration" or q.unit != "s" or not isinstance(q.value, (int, float)):
        return False
    return ":" in q.surface or len(_TIME_PARTS.findall(q.surface)) >= 2


def finish_time(body: str, sent: tuple[int, int], q: Quantity) -> Decided | None:
    """The measured thing :data:`FINISH_TIME` when figure ``q`` is a finishing time (see the
    module's rule), anchored on the words that say so; None otherwise."""
    if not _timed(q):
        return None
    cs = clause_start(body, sent[0], q.start)
    before, after = body[cs:q.start], body[q.end:min(sent[1], q.end + 16)]
    if has_cjk(body, sent[0], sent[1]):
        cue_before, cue_after, gap, part = _chinese()
        if gap.search(before[-4:]) or gap.match(after) or part.search(before):
            return None
        m = cue_before.search(before)
        if m is None and cue_after.match(after) is None:
            return None
        return decide(FINISH_TIME, "time taken", cs + m.start() if m else q.end, q.start if m else q.end + len(after))
    cue, gap, part = _english()
    if gap.match(after) or part.search(before):
        return None
    m = cue.search(before)
    return None if m is None else decide(FINISH_TIME, "time taken", cs + m.start(), q.start)


def finisher(body: str, sent: tuple[int, int], q: Quantity) -> Decided | None:
    """The finisher of finishing time ``q`` (see the module's rule), English only; None when the
    sentence opens on no name and no possessive pronoun points back to one."""
    if has_cjk(body, sent[0], sent[1]):
        return _chinese_finisher(body, sent, q)
    names = [n for n in names_in(body, sent[0], q.start, sent[0])]
    head = _HEADING_COLON.match(body, sent[0])
    opening = head.end() if head else sent[0]
    cs = clause_start(body, sent[0], q.start)
    clause = _CONJUNCTION.match(body, cs)
    if cs > opening and any(n.start == clause.end() for n in names):
        opening = clause.end()  # '…, and Pia Lund finished in 3:51:10': the clause's own subject
    lead = body[opening:q.start].lstrip(" \t\"'“‘([*-–—")
    first = next((n for n in names if n.start >= opening), None)
    if first is not None and body[opening:first.start].strip(" \t\"'“‘([*-–—") == "":
        after = body[first.end:first.end + 3]
        nxt = next((n for n in names if n.start > first.end), None)
        if after[:2] in ("'s", "’s") and nxt is not None and nxt.start - first.end <= 4:
            first = nxt  # "Kenya's Eliud Kipchoge": the possessive places the runner
        return decide(first.text, "sentence subject", first.start, first.end)
    subject = next((n for n in names if n.start >= cs and not _AFTER_PREPOSITION.search(body, max(0, n.start - 8), n.start)), None)
    if subject is not None:
        return decide(subject.text, "sentence name", subject.start, subject.end)  # 'A week later Pidcock won in…'
    alone = _LONE_NAME.match(body, opening)
    if not names and alone and alone.group(1) not in STOP_WORDS:
        return decide(alone.group(1), "sentence subject", alone.start(1), alone.end(1))  # 'Schurter finished in…'
    if names or not _PRONOUN.search(lead):
        return None
    earlier = _last_name(body, max(0, sent[0] - LOOKBACK), sent[0])
    return None if earlier is None else decide(earlier.text, "pronoun", earlier.start, earlier.end)


def _chinese_finisher(body: str, sent: tuple[int, int], q: Quantity) -> Decided | None:
    """A Chinese finisher: the figure's clause opens on a name of two to four characters right
    before 以, 用时 or 跑出 ('张德顺以2小时25分51秒夺冠'); None otherwise (the segmenter's reading
    stands)."""
    cs = clause_start(body, sent[0], q.start)
    m = _ZH_FINISHER.fullmatch(body, cs, q.start)
    return None if m is None else decide(m.group(1), "sentence subject", m.start(1), m.end(1))


def _last_name(body: str, lo: int, hi: int) -> Name | None:
    """The last name printed in ``body[lo:hi]`` that is not a sentence's first word alone and
    stands after no preposition ('in Lenzerheide' is a place, not whom a pronoun stands for)."""
    found = [n for n in names_in(body, lo, hi, lo) if not _AFTER_PREPOSITION.search(body, max(0, n.start - 8), n.start)]
    return found[-1] if found else None
