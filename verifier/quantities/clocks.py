"""Clock readings ("2:06:21", "14:05", "4:05.3"): a duration or a time of day.

The grammar decides.  A time of day answers *when*: it carries a marker of a moment (am/pm,
o'clock, a time zone, 上午/下午, a preposition of a moment before it: "at 10:30", "by 14:00",
"于14:05", a date beside it: "5月3日14:05").  A duration answers *how long*: a word of time
taken stands in its clause ("finished in", "clocked", "a record of", "personal best", "lap",
"用时", "成绩", "跑出", "以…夺冠"), or "in"/"within"/"under" stands right before it, or it is
a position or length in a recording ("01:52 into the video"), or its form cannot be a moment
(a fraction of a second after minutes "4:05.3", an hour above 23 "75:30"), or it is the time of
a ranked result item ("1. Name (Country) 2:04:17", "| 2 | Name | 2:05:00 |", or an item run
on after a heading or a semicolon: "Results: 1. Name 2:04:17; 2. Name 2:04:49").  Readings in
one list ("2:05:10, 2:06:21 and 2:07:00") share the words around the list.  A reading to the
second (h:mm:ss) that nothing marks takes the text's reading when the text's words make
another such reading a duration (a results story that says "finished in 2:04:17" and later
"2:05:00 for the runner-up"): a time of day to the second is printed with a marker ("at",
a zone) in running text, a time taken to the second is the common case.  Nothing said: a
reading whose hour can be one is a time of day.

A duration is in seconds: h:mm:ss -> h*3600 + m*60 + s, a two-part reading m:ss -> m*60 + s,
with the resolution of its last printed digit (1 s, 0.1 s for "2:06:21.5").
"""

from __future__ import annotations

import re

from .patterns import LazyRe

TYPE_CHECKING = False
if TYPE_CHECKING:  # typing costs ~5 ms to import; annotations are strings here
    from collections.abc import Sequence
    from typing import Final

# "01:52", "1:02:03", "2:06:21.5", "4:05.37": hours or minutes first, then an optional
# fraction of a second; not inside "1:2:3:4" chains or after a decimal point.
CLOCK_RE: Final[LazyRe] = LazyRe(
    r"(?<![\d:.])(\d{1,2}):([0-5]\d)(?::([0-5]\d))?"   # h:mm[:ss] or m:ss
    r"(?:\.(\d{1,3}))?(?![\d:])")                         # fraction of a second
MEDIA_WORDS: Final[tuple[str, ...]] = (
    "video", "audio", "clip", "podcast", "episode", "track", "song", "film", "movie",
    "trailer", "footage", "recording", "runtime", "run time", "duration", "length",
    "timestamp", "minute mark", "playback", "视频", "視頻", "音频", "音頻", "时长", "時長",
    "片长", "片長", "播放", "录音", "錄音", "录像", "錄像", "节目", "節目", "歌曲", "影片", "剪辑")
"""Words of a recording: a clock reading in their clause is a position or a length in it."""
ELAPSED_WORDS: Final[tuple[str, ...]] = (
    "finish", "finished", "finishes", "finishing", "won in", "win in", "wins in", "winning",
    "clocked", "clocking", "ran", "running", "swam", "swum", "rode", "cycled", "skated",
    "walked", "in a time of", "race time", "chip time", "gun time", "net time", "total time",
    "time taken", "time of", "times of",
    "record", "records", "personal best", "season's best", "season best", "best time",
    "best of", "pb", "lap", "laps", "split", "splits", "elapsed", "timed",
    "用时", "用時", "耗时", "耗時", "历时", "歷時", "成绩", "成績", "完赛", "完賽", "跑出", "游出",
    "骑出", "騎出", "夺冠", "奪冠", "获胜", "獲勝", "纪录", "紀錄", "最好", "最佳", "圈速",
    "单圈", "單圈", "配速", "冲线", "衝線", "撞线")
"""Words of time taken (finishing, running, a result or record): a clock reading in their
clause says how long (a two-part one is m:ss)."""
HOURS_WORDS: Final[tuple[str, ...]] = (
    "flight time", "flying time", "travel time", "journey time", "driving time", "cooking time",
    "baking time", "wait time", "waiting time", "飞行时间", "飛行時間", "行车时间", "行車時間",
    "烹饪时间", "烹飪時間", "烘烤时间", "烘烤時間", "等待时间", "等待時間", "等候时间", "等候時間")
"""Words of time taken counted in hours (journeys, cooking, waiting): a two-part reading in
their clause is h:mm ("flight time 11:35" is 11 h 35 min)."""


def _words_re(words: Sequence[str]) -> str:
    """One alternation; Latin words match whole (not "ran" in "train")."""
    alt = "|".join(re.escape(w) for w in sorted(words, key=len, reverse=True))
    return r"(?<![A-Za-z])(?:" + alt + r")(?![A-Za-z])"


# a recording or a time taken: the reading says how long
_HOW_LONG_RE: Final[LazyRe] = LazyRe(_words_re(MEDIA_WORDS + ELAPSED_WORDS), re.IGNORECASE)
_HOURS_RE: Final[LazyRe] = LazyRe(_words_re(HOURS_WORDS), re.IGNORECASE)
# "in 2:06:21", "within 4:30", "under 2:10", "in just 59:59": a span of time follows
_HOW_LONG_BEFORE_RE: Final[LazyRe] = LazyRe(
    r"(?<![A-Za-z])(?:in|within|under)\s+(?:just\s+)?$", re.IGNORECASE)
# "at 10:30", "by 14:00", "until 9:15", "于14:05", "北京时间14:05": a moment follows
_WHEN_BEFORE_RE: Final[LazyRe] = LazyRe(
    r"(?:(?<![A-Za-z])(?:at|by|until|till|since|before|after)\s+"   # English prepositions
    r"|[于於]\s?|(?:北京|当地|當地)[时時][间間]\s?)$",                  # 于, a zone's time
    re.IGNORECASE)
# "10:30 am", "2:00 p.m." (the full stop after "pm." ends the sentence), "10:30 o'clock",
# "14:05 GMT", "9:00 local time"
_WHEN_AFTER_RE: Final[LazyRe] = LazyRe(
    r"\s?(?:(?P<half>[aApP])(?:\.[mM]\.?|[mM])|o'?clock|(?:UTC|GMT|CET|CEST|BST|EST|EDT|PST|PDT)"
    r"|local time)(?![A-Za-z])")
_CN_HALF_DAY_RE: Final[LazyRe] = LazyRe(r"(下午|晚上|傍晚|中午|上午|早上|清晨|凌晨)\s?$")
_CN_MORNING: Final[frozenset[str]] = frozenset({"上午", "早上", "清晨", "凌晨"})
# what joins readings of one list: "2:05:10, 2:06:21 and 2:07:00", "9:00-17:00", "1:02/1:01"
_LIST_GAP_RE: Final[LazyRe] = LazyRe(
    r"\s*(?:[,，、/;；~–-]|至|到|和|与|與|及|(?:,\s*)?(?:and|or|to|then)(?![A-Za-z]))\s*",
    re.IGNORECASE)
# where a clause ends: full stops, semicolons, commas (not inside "1,000"; the normalised
# text has "，" folded to ","), points before a space, new lines (not a colon: "Her time: 2:06")
_CLAUSE_BREAK_RE: Final[LazyRe] = LazyRe(r"[。；;！？!?，\n]|,(?!\d)|\.(?=\s)")
# a line that opens with a rank: "1. Name", "2) Name", "3、", "| 2 | Name |", "第1名"
_RANK_LINE_RE: Final[LazyRe] = LazyRe(
    r"[ \t]*(?:[-*][ \t]+)?(?:\|[ \t]*)?(?:\d{1,3}[ \t]*(?:[.)、|]|[ \t])|第\d{1,3}名)")
# where an item run on in a line opens: after a heading's colon or a semicolon ("Results: 1. …; 2. …")
_ITEM_OPEN_RE: Final[LazyRe] = LazyRe(r"[:;：；][ \t]*")
_WINDOW: Final[int] = 40
"""Characters searched on each side of a list of readings for its words (about a clause)."""

ClockHit = tuple[int, int, "int | float | None", "float | int | None", "str | None"]
"""(start, end, seconds, resolution, iso): seconds and resolution for a duration, iso
("14:30", "02:06:21") for a time of day."""


def _seconds(m: re.Match[str], hours: bool) -> tuple[int | float, int | float]:
    """Seconds and resolution of a reading read as a duration (``hours``: a two-part reading
    is h:mm, else m:ss)."""
    a, b, c, frac = int(m.group(1)), int(m.group(2)), m.group(3), m.group(4)
    if hours and not c and not frac:
        return a * 3600 + b * 60, 60
    seconds: int | float = a * 3600 + b * 60 + int(c) if c else a * 60 + b
    if not frac:
        return seconds, 1
    return round(seconds + int(frac) / 10 ** len(frac), len(frac)), 10.0 ** -len(frac)


def _moment(text: str, m: re.Match[str]) -> tuple[int, str | None] | None:
    """(end, half) when a marker of a moment is glued to the reading itself: am/pm, o'clock
    or a zone after it, 上午/下午 before it (half "a"/"p" or None); else None."""
    after = _WHEN_AFTER_RE.match(text, m.end())
    if after:
        half = after.group("half")
        return (after.end() if half else m.end()), (half.lower() if half else None)
    cn = _CN_HALF_DAY_RE.search(text, max(0, m.start() - 3), m.start())
    if cn:
        return m.end(), "a" if cn.group(1) in _CN_MORNING else "p"
    return None


def _time_of_day(m: re.Match[str], end: int, half: str | None) -> ClockHit | None:
    """"2:00" + pm -> "14:00"; None when the hour cannot be one (then it is a duration)."""
    hour, minute, sec, frac = int(m.group(1)), m.group(2), m.group(3), m.group(4)
    if hour > (12 if half else 23) or (frac and not sec):
        return None
    if half == "p" and hour < 12:
        hour += 12
    elif half == "a" and hour == 12:
        hour = 0
    iso = f"{hour:02d}:{minute}" + (f":{sec}" if sec else "") + (f".{frac}" if frac else "")
    return m.start(), end, None, None, iso


def _groups(text: str, matches: list[re.Match[str]]) -> list[list[re.Match[str]]]:
    """Readings of one list together ("2:05:10, 2:06:21 and 2:07:00" is one group)."""
    groups: list[list[re.Match[str]]] = []
    for m in matches:
        if groups and _LIST_GAP_RE.fullmatch(text, groups[-1][-1].end(), m.start()):
            groups[-1].append(m)
        else:
            groups.append([m])
    return groups


def _clause(text: str, lo: int, start: int, end: int, hi: int) -> tuple[str, str]:
    """The text of the clause before ``start`` (from ``lo``) and after ``end`` (to ``hi``)."""
    before = text[max(lo, start - _WINDOW):start]
    cut = None
    for cut in _CLAUSE_BREAK_RE.finditer(before):
        pass
    if cut:
        before = before[cut.end():]
    after = text[end:min(hi, end + _WINDOW)]
    stop = _CLAUSE_BREAK_RE.search(after)
    return before, after[:stop.start()] if stop else after


def _line(text: str, start: int) -> tuple[int, int]:
    """Bounds of the line holding ``start``."""
    line_end = text.find("\n", start)
    return text.rfind("\n", 0, start) + 1, len(text) if line_end < 0 else line_end


def _group_reads(text: str, group: list[re.Match[str]], lo: int, hi: int,
                 dates: Sequence[tuple[int, int]]) -> str | None:
    """What the words around a list say: "duration", "hours" (a duration counted in hours),
    "moment" or None (nothing said).

    ``lo``/``hi`` bound the search: the previous and next lists' readings (their words are
    theirs).
    """
    start, end = group[0].start(), group[-1].end()
    line_start, line_end = _line(text, start)
    lo, hi = max(lo, line_start), min(hi, line_end)
    if text[line_start:line_end].strip(" \t[]()【】（）") == text[start:end]:
        return "duration"  # a timestamp line of a transcript or a chapter list
    if _WHEN_BEFORE_RE.search(text, max(lo, start - 12), start) or any(
            _beside(text, d, start, end) for d in dates):
        return "moment"
    before, after = _clause(text, lo, start, end, hi)
    if _HOURS_RE.search(before) or _HOURS_RE.search(after):
        return "hours"
    if (_HOW_LONG_BEFORE_RE.search(before) or _HOW_LONG_RE.search(before)
            or _after_says_how_long(after)):
        return "duration"
    if _ranked_item(text, line_start, start) and any(m.group(3) or m.group(4) for m in group):
        return "duration"  # a ranked result line: "1. Name (Country) 2:04:17"
    return None


def _ranked_item(text: str, line_start: int, start: int) -> bool:
    """True when the reading at ``start`` is in a ranked item: its line opens with a rank, or the
    last heading colon or semicolon of the line before it is followed by one ("Results, men:
    1. Name (Country) 2:04:17; 2. Name 2:04:49")."""
    opened = line_start
    for m in _ITEM_OPEN_RE.finditer(text, line_start, start):
        opened = m.end()
    return _RANK_LINE_RE.match(text, opened) is not None or (
        opened != line_start and _RANK_LINE_RE.match(text, line_start) is not None)


def _after_says_how_long(after: str) -> bool:
    """A word of time taken after the reading: a Chinese one anywhere in the clause
    ("以2:06:21夺冠", "2:18:35的成绩"), an English one only right after it, as the noun the
    reading qualifies ("a 2:06:21 finish", "a 1:02 lap"; in "the 10:30 meeting ran long" the
    verb has another subject)."""
    for m in _HOW_LONG_RE.finditer(after):
        if not m.group().isascii() or not after[:m.start()].strip():
            return True
    return False


def _beside(text: str, date: tuple[int, int], start: int, end: int) -> bool:
    """A date right before or after the reading ("5月3日14:05", "May 3, 10:30")."""
    ds, de = date
    gap = text[de:start] if de <= start else text[end:ds] if ds >= end else "x"
    return len(gap) <= 4 and gap.strip(" ,，") in ("", "at")


def find_clocks(text: str, dates: Sequence[tuple[int, int]] = ()) -> list[ClockHit]:
    """Clock readings of ``text``, each a duration or a time of day (see the module's rule).

    Args:
        text: normalised text.
        dates: (start, end) of the dates found in it (a date beside a reading makes it a
            moment).

    Returns:
        (start, end, seconds, resolution, iso) in order: "finished in 2:06:21" -> 7581 s
        (resolution 1); "the video is 01:52 long" -> 112 s; "75:30" -> 4530 s; "at 2:00 pm"
        -> iso "14:00" (the span covers "pm"); "14:30" -> iso "14:30".
    """
    matches = list(CLOCK_RE.finditer(text))
    groups = _groups(text, matches)
    out: list[ClockHit] = []
    said: list[str | None] = []
    for i, group in enumerate(groups):
        lo = groups[i - 1][-1].end() if i else 0
        hi = groups[i + 1][0].start() if i + 1 < len(groups) else len(text)
        said.append(_group_reads(text, group, lo, hi, dates))
    # a text whose words make a reading to the second a duration reads its unmarked ones so too
    elapsed = any(r == "duration" and any(m.group(3) for m in g) for g, r in zip(groups, said))
    for group, group_reads in zip(groups, said):
        for m in group:
            reads = "duration" if group_reads is None and elapsed and m.group(3) else group_reads
            own = _moment(text, m)
            tod = None
            if own is not None:
                tod = _time_of_day(m, *own)
            elif reads not in ("duration", "hours"):
                tod = _time_of_day(m, m.end(), None)
            if tod is not None:
                out.append(tod)
            else:
                seconds, res = _seconds(m, reads == "hours")
                out.append((m.start(), m.end(), seconds, res, None))
    return out
