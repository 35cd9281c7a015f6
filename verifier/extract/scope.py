"""Scope of a proposed claim: the conditions a figure holds under (see :data:`verifier.vocabulary.SCOPE_KEYS`).

A fact is a subject, a metric and a scope, and scope keys that take several values in the
corpus separate facts (``verifier/rules/context.py``). So a scope given here must be right
or absent: a figure without scope is only compared with other unscoped figures, a wrong
scope makes a false finding. Each key comes from words next to the figure:

* ``basis`` (power): rated (TDP, 额定) or measured (实测, sustained);
* ``model`` and ``workload`` (performance figures): the model named in the table row, the
  sentence or the paragraph's setting ('以X为例', 'three models were tested — A, B, C');
* ``stage`` (durations): the milestone the period runs to or from (流片, project start);
* ``part``: the component measured ('SIMD单元面积减少了8%'), the input/output side of a
  sequence length ('8k 输入、1k 输出', '8k/1k', '请求长度'), or the side of a power figure
  ('1.2 kW charger input', '5 kW of output'; a charger's power is the input side);
* ``workload`` of a power figure (continuous, peak) and of a duration that is no stage of a
  product's life (runtime, charging, warranty: '2.7 h runtime', '质保10年'), from the noun
  next to the figure (:data:`POWER_SIDES`, :data:`POWER_MODES`, :data:`DURATION_WORKLOADS`).

Shape::

    scope_of(...) -> {"model": "GPT-OSS 120B", "workload": "peak throughput"}
"""

from __future__ import annotations

import re

from typing import Final

from verifier.extract import metrics as M
from verifier.extract import time_frames as T
from verifier.extract.context import Figure
from verifier.extract.lexicon import Mention
from verifier.extract.segment import Sentence
from verifier.extract.spans import SpanIndex
from verifier.models.claim import Comparison

PERFORMANCE: Final = frozenset({"throughput_per_power", "throughput", "generation_speed", "inter_token_latency", "latency_e2e",
                                "interactivity_gain", "energy_per_work", "task_time", "wait_time"})
"""Metrics whose figures depend on the model run (scope key ``model``)."""

STAGES: Final = (
    ("tape-out", ("流片", "tape-out", "tapeout", "taped out")),
    ("project start", ("立项", "启动", "kicked off", "kick-off", "project start", "project began")),
    ("first unveiling", ("首次亮相", "亮相", "unveil", "debut")),
    ("first results", ("首测", "首批结果", "first results", "first set of results", "first public results")),
    ("deployment", ("部署", "deploy")),
    ("mass production", ("量产", "mass production", "volume production")),
    ("launch", ("发布", "上市", "launch")),
)
"""Milestones of a product's life that a duration runs from or to (scope key ``stage``).
Horizons ('短期来看（6-12个月）') and relative times ('两天前') are not milestones: a duration
without one is not proposed (its fact cannot be told apart from other durations)."""

POWER_SIDES: Final = (
    ("input", ("input", "输入", "charger", "charging", "充电", "accepts", "接入", "drawing", "draws", "consum", "耗电")),
    ("output", ("output", "输出", "discharg", "放电", "delivers", "供电", "of heating", "of cooling", "制热", "制冷")),
)
"""Which side of a device a power figure is on (scope key ``part``)."""

POWER_MODES: Final = (
    ("standby", ("standby", "stand-by", "idle", "sleep", "待机", "空闲", "休眠", "闲置")),
    ("continuous", ("continuous", "持续", "连续")),
    ("peak", ("peak", "峰值", "surge", "瞬时")),
)
"""The operating mode a power figure holds in (scope key ``workload``)."""

DURATION_WORKLOADS: Final = (
    ("warranty", ("warranty", "guarantee", "质保", "保修")),
    ("charging", ("charge", "charging", "recharg", "fills", "top-up", "充电", "充满", "充到", "充至", "补能")),
    ("runtime", ("runtime", "run time", "runs", "running", "backup", "续航", "运行", "供电")),
)
"""What a duration that marks no milestone measures (scope key ``workload``): a runtime, a
charging time and a warranty are different facts even for one product."""

SIBLING_SCOPED: Final = frozenset({"duration", "power"})
"""Metrics whose figure without a workload of its own takes the one the sentence's figures of
the same metric share (see ``build._sibling_scope``)."""

NEXT_TO: Final = 24
"""Characters on each side of a figure searched for the noun it qualifies."""


def next_to(near: str, after: str, table: tuple[tuple[str, tuple[str, ...]], ...]) -> str | None:
    """The entry of ``table`` whose cue is nearest the figure within :data:`NEXT_TO` characters
    before it (same clause) or after it ('5 kW of continuous output', '10-year warranty')."""
    hits = []
    for text, before in ((near[-NEXT_TO:], True), (after[:NEXT_TO], False)):
        for rank, (name, cues) in enumerate(table):
            d = M.nearest(text, cues, before)
            if d >= 0:
                hits.append((d, rank, name))
    return min(hits)[2] if hits else None


DESIGN: Final = (("design", ("设计", "design")),)
"""The start of a development period, used only when no milestone is named ('Design took 14 months')."""

ALL_MODELS: Final = re.compile(r"全部|所有|各个|[两二三四五六七八九十\d]+(?:款|个|组)模型|across (?:all|the)|all (?:\w+ )?models|each of the",
                                re.IGNORECASE)
"""Words that extend a figure to every model the article tested ('放到全部三组模型上')."""

INPUT_WORDS: Final = ("输入", "input", "prompt", "上下文", "context", "请求长度", "request length", "prefill")
OUTPUT_WORDS: Final = ("输出", "output", "生成长度", "generation length", "decode")

_PART: Final = re.compile(
    r"(?:[A-Za-z][A-Za-z0-9]*\s?|[\u4e00-\u9fff]{2,3})"             # the component's name: 'SIMD', '矩阵'
    r"(?:单元|引擎|模块|核心|内核|缓存|阵列|控制器|子系统)"               # a component noun
    r"(?=的?(?:面积|功耗|成本|延迟|带宽|性能))"                         # followed by the metric measured
    r"|(?:[A-Za-z0-9-]+\s)?(?:unit|engine|block|module|core|cache|array|controller)"
    r"(?=(?:'s)?\s(?:area|power|cost|latency|bandwidth))",
)
"""A component whose metric a figure gives: 'SIMD单元面积', '矩阵引擎面积', 'matrix engine area'."""


def part_of(near: str) -> str | None:
    """The component named right before the metric word in the clause, or None."""
    hits = list(_PART.finditer(near))
    return hits[-1].group(0).strip() if hits else None


def stage_of(near: str, after: str, sentence: str) -> str | None:
    """Milestone of a duration: in the clause before, the clause after, then the sentence."""
    return (M.pick(near, STAGES) or M.pick(after, STAGES, before=False) or M.pick(sentence, STAGES)
            or M.pick(sentence, DESIGN))


def sequence_part(body: str, start: int, end: int, near: str, after: str) -> str | None:
    """'input' or 'output' for a sequence length, from the words next to it, or None.

    '8k/1k' gives input then output (the shape's convention); otherwise an input or output
    word right after the figure ('8k 输入'), then the nearest one before it in the clause
    ('输入长度为 8k', '请求长度显著高于 8k').
    """
    if body[end:end + 1] == "/":
        return "input"
    if body[max(0, start - 1):start] == "/":
        return "output"
    head = after.lstrip().lower()
    for words, name in ((INPUT_WORDS, "input"), (OUTPUT_WORDS, "output")):
        if head.startswith(words):
            return name
    i, o = M.nearest(near, INPUT_WORDS), M.nearest(near, OUTPUT_WORDS)
    if i < 0 and o < 0:
        return None
    return "input" if o < 0 or 0 <= i < o else "output"


class Models:
    """The AI models an article names, for the ``model`` scope of performance figures.

    Attributes:
        by_start, by_end: the model mentions by start and by end offset.
        names: every model of the article, in order of first mention.
        setting: the model a paragraph set ('以X为例'), by ``id`` of its unit; filled as the
            paragraph's figures are read, so one instance serves one pass of extraction.
    """

    def __init__(self, mentions: list[Mention]) -> None:
        self.by_start = SpanIndex(mentions)
        self.by_end = SpanIndex(mentions, start=lambda m: m.end)
        self.names = list(dict.fromkeys(m.name for m in mentions))
        self.setting: dict[int, str] = {}


def scope_of(body: str, sent: Sentence, f: Figure, r: M.Reading, near: str, wide: str, after: str,
             comparison: Comparison | None, models: Models) -> dict:
    """Scope of the figure ``f`` read as ``r`` (see the module docstring).

    Args:
        near, wide, after: the clause before the figure, the paragraph up to it (with its
            heading and table header), the clause after it.
        comparison: the figure's comparison, if any.
        models: the article's models (the paragraph's setting is updated).
    """
    scope: dict = {}
    if r.metric == "power":
        scope["basis"] = M.basis(near, body[sent.start:f.q.start])
    if r.metric in PERFORMANCE:
        model = model_of(body, sent, f, comparison, models)
        if model:
            scope["model"] = model
        work = M.workload(near, wide, r.metric)
        if work:
            scope["workload"] = work
    if r.metric == "power":
        mode = next_to(near, after, POWER_MODES)
        if mode:
            scope["workload"] = mode
    if r.metric == "duration":
        stage = stage_of(near, after, body[sent.start:sent.end])
        work = (next_to(near, after, DURATION_WORKLOADS) or M.pick(near, DURATION_WORKLOADS)) if stage is None else None
        if stage:
            scope["stage"] = stage
        elif work:
            scope["workload"] = work
    if r.metric == "sequence_length":
        part = sequence_part(body, f.q.start, f.q.end, near, after)
        if part:
            scope["part"] = part
    elif r.kind in ("percent", "ratio") or r.metric in ("area", "die_area", "power", "cost"):
        part = part_of(near) or (next_to(near, after, POWER_SIDES) if r.metric == "power" and r.kind != "percent" else None)
        if part:
            scope["part"] = part
    per = per_of(near, after)
    if per and r.kind not in ("percent", "ratio"):
        scope["per"] = per
    if r.metric != "date":
        dated = r.metric != "duration" or T.is_level(f.q.surface, f.q.kind, near, after)
        year, months = T.time_of(body[sent.start:sent.end], f.q.start - sent.start, f.q.end - sent.start, dated)
        year = year or (row_year(body, sent.unit, f.q.start) if dated else None)
        if year:
            scope["year"] = year
        if months:
            scope["months"] = months  # '1-11月，…36.2亿人次' vs '11月当月2.87亿人次'
    return scope


ROW_YEAR: Final = re.compile(r"\s*(?:FY\s?)?((?:19|20)\d{2})\s*(?:年|年度)?\s*")
"""A table cell that is a year and nothing else ('2024', '2024年', 'FY2024'): its row's figures are for that year."""


def row_year(body: str, unit, at: int) -> str | None:
    """The year a table row gives its cells: the one other cell of the row that is a year alone
    (:data:`ROW_YEAR`), when there is exactly one; None outside tables."""
    if not unit.cells:
        return None
    here = unit.cell_at(at)
    years = {m.group(1) for i, (s, e) in enumerate(unit.cells) if i != here and (m := ROW_YEAR.fullmatch(body, s, e))}
    return years.pop() if len(years) == 1 else None


PER_WORDS: Final[tuple[tuple[str, re.Pattern], ...]] = (
    ("unit", re.compile(r"单桩|每桩|单台|每台|单车|每辆|单个|每个|per (?:unit|charger|vehicle|device|site|user)|each (?:unit|charger)", re.I)),
    ("day", re.compile(r"日均|每日|每天|单日|per day|a day|daily", re.I)),
    ("month", re.compile(r"月均|每月|per month|a month|monthly", re.I)),
    ("year", re.compile(r"年均|每年|per year|a year|annual(?:ly)?", re.I)),
    ("person", re.compile(r"人均|每人|per (?:capita|head|person|resident|inhabitant)", re.I)),
)
"""Words that make a figure an average per unit or per period ('单桩日均约500千瓦时'): never the
same fact as a total."""


PER_AFTER: Final = re.compile(r"\s*(?:per|for each|for every|each|every)\s+([A-Za-z][A-Za-z-]{1,30})\b", re.I)
"""A figure followed by 'per pupil', 'for each resident', 'per tonne': an amount per thing of its own,
never the same fact as a total ('$12,400 per pupil' beside a '$182 million' budget)."""


def per_of(near: str, after: str = "") -> str | None:
    """'unit', 'day', ... (joined by ', ' when several: 'unit, day') for the averaging words in a
    figure's clause before it, then the thing named right after it ('per pupil' -> 'pupil'), or None."""
    found = [name for name, rx in PER_WORDS if rx.search(near)]
    m = PER_AFTER.match(after)
    if m:
        thing = next((name for name, rx in PER_WORDS if rx.search(m.group(0))), None) or _singular(m.group(1).lower())
        if thing not in found:
            found.append(thing)
    return ", ".join(found) or None


def _singular(noun: str) -> str:
    """'pupils' -> 'pupil' (an English plural's -s), so that 'per pupil' and 'per pupils' agree."""
    return noun[:-1] if noun.endswith("s") and not noun.endswith("ss") and len(noun) > 3 else noun


def model_of(body: str, sent: Sentence, f: Figure, comparison: Comparison | None, models: Models) -> str | list[str] | None:
    """Model of a performance figure: the table row, the sentence, the paragraph's setting
    ('以X为例'; a list of models named earlier makes a list), every model of the article when
    the sentence says so ('全部三组模型'), or all the article's models for a range compared
    with several systems."""
    unit = sent.unit
    lo, hi = (unit.start, unit.end) if unit.cells else (sent.start, sent.end)
    named = list(dict.fromkeys(m.name for m in models.by_start.starting(lo, hi)))
    if len(named) == 1:
        models.setting[id(unit)] = named[0]
        return named[0]
    if len(named) > 1:
        return named
    if ALL_MODELS.search(body, sent.start, sent.end) and len(models.names) > 1:
        return list(models.names)
    if id(unit) in models.setting:
        return models.setting[id(unit)]
    setting = models.by_start.starting(unit.start, sent.start)
    if setting:
        listed = _listed(body, setting)
        return listed if len(listed) > 1 else listed[0]
    several = comparison is not None and "|" in comparison.target
    if several and f.q.kind == "range" and len(models.names) > 1:
        return list(models.names)
    return None


_LIST_SEP: Final = re.compile(r"\s*(?:、|,|，|和|与|及|and|, and)\s*")
"""What separates the models of a list: 'A、B和C', 'A, B and C'."""


def _listed(body: str, models: list[Mention]) -> list[str]:
    """The last model named, with the models listed right before it ('A、B和C' -> [A, B, C])."""
    out = [models[-1]]
    for m in reversed(models[:-1]):
        if _LIST_SEP.fullmatch(body, m.end, out[0].start):
            out.insert(0, m)
        else:
            break
    return list(dict.fromkeys(m.name for m in out))
