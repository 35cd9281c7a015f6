"""Map a quantity and the words around it to a metric of the vocabulary, a relation and a scope.

The unit decides the family (W -> power, tokens/s -> speed, GB -> memory, USD -> money...),
and *cue words* in the clause, the sentence, the table header or the heading decide within
it. Cue lists are general press vocabulary in both languages (no topic's answers); the
metric names are those of :mod:`verifier.vocabulary`, whose canonical unit is used when a
figure is printed bare ("每瓦HBM带宽达到22" -> bandwidth_per_power, GB/s/W).

Shape of a reading::

    Reading(metric="throughput_per_power", unit="tokens/s/kW", kind="measurement",
            relation=None, count_unit=None)
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Final

from verifier.extract.counts import count_noun, scope_phrase
from verifier.quantities.units import is_currency
from verifier.vocabulary import METRICS, rate_metric, unit_dimension
from verifier.words import alternation, subset


def _cues(name: str) -> tuple[str, ...]:
    """The Chinese then English words of subset ``name`` of the words of change and comparison
    (``verifier/data/derivations.yaml``), as substring cues."""
    return subset(name, "zh") + subset(name, "en")

# Cue words: (metric, words). Chinese words match anywhere; Latin words are matched case-
# insensitively. Order matters: the first metric whose cue is nearest the figure wins.
RATE_PER_POWER: Final = ("每瓦", "每千瓦", "/kw", "/ kw", "per watt", "per-watt", "per kw", "per kilowatt", "能效", "token/kw", "tokens/kw")
SINGLE_USER: Final = ("单用户", "single user", "single-user", "per user", "每用户")
PEAK: Final = ("峰值", "peak")
INTERACTIVE: Final = ("交互", "interactiv", "低延迟场景")
RATED: Final = ("额定", "标称", "tdp", "rated", "nameplate", "公布的", "公开")
MEASURED: Final = ("实测", "持续", "sustained", "measured", "实际", "actual", "墙上")

RATIO_CUES: Final[tuple[tuple[str, tuple[str, ...]], ...]] = (
    ("throughput_per_power", RATE_PER_POWER + ("work per watt",)),
    ("interactivity_gain", INTERACTIVE),
    ("latency_e2e", ("延迟", "时延", "latency", "响应时间", "response time")),
    ("generation_speed", ("生成速度", "输出速度", "token输出", "token 输出", "output speed", "tokens per second", "每秒")),
    ("wait_time", ("等待时间", "wait time", "waiting")),
    ("throughput", ("吞吐", "throughput")),
    ("energy_per_work", ("电力成本", "电费", "能耗", "energy cost", "energy per")),
    ("area", ("面积", "area")),
    ("speed", ("速度", "快", "faster", "speed")),
    ("revenue", ("营收", "营业收入", "销售额", "revenue", "sales")),
    ("cost", ("成本", "cost", "价格", "price")),
    ("power", ("功耗", "功率", "power", "瓦")),
    ("memory_bandwidth", ("带宽", "bandwidth")),
    ("energy", ("energy", "电量", "储能", "电池容量", "battery capacity", "kwh", "千瓦时")),
    ("mass", ("weigh", "heavier", "lighter", "重量")),
    ("efficiency", ("效率", "efficiency")),
    ("cop", ("cop", "coefficient of performance", "性能系数")),
    ("memory_capacity", ("内存", "显存", "memory", "capacity", "容量")),
)
"""Cues for ratios, shares and percentage changes, where the unit says nothing."""

INVERSE_CUES: Final = _cues("metric_inverse")
"""A ratio of a figure that got smaller ("延迟低 1.7 倍", "1.7x lower latency") is inverse."""

REDUCTION_CUES: Final = _cues("metric_reduction")
SHARE_CUES: Final = ("只有", "仅为", "仅", "只占", "为对手", "是对手", "的", "only", " of ", "half", "一半", "share")
INCREASE_CUES: Final = _cues("metric_increase")
CHANGE_NOUN_AFTER: Final = {
    "reduction": re.compile(r"\s*(?:price\s+)?(?:" + alternation(subset("noun_after_down", "en")) + r")\b", re.IGNORECASE),
    "increase": re.compile(r"\s*(?:price\s+)?(?:" + alternation(subset("noun_after_up", "en")) + r")\b", re.IGNORECASE),
}
"""A noun of change right after a percentage: 'a 25% reduction', 'a 10% price increase'."""
CHANGE_NOUN_BEFORE: Final = {
    "reduction": re.compile(r"\b(?:" + alternation(subset("noun_before_down", "en")) + r")\s+of\s+"
                            r"(?:about|around|nearly|almost|some|roughly|more than|over|less than|under)?\s*$", re.IGNORECASE),
    "increase": re.compile(r"\b(?:" + alternation(subset("noun_before_up", "en")) + r")\s+of\s+"
                           r"(?:about|around|nearly|almost|some|roughly|more than|over|less than|under)?\s*$", re.IGNORECASE),
}
"""A noun of change and 'of' right before a percentage: 'an increase of 25%', 'a drop of
about 20%'. The 'of' is the noun's complement, so the percentage is the size of the change,
not a share of what follows."""
CAPACITY_CUES: Final = ("出货", "装机", "产能", "并网", "新增", "shipped", "shipments", "installed", "capacity")
"""Words that make a power figure a capacity shipped or installed ('出货量为1850万千瓦'), not a draw."""

COP_CUES: Final = ("cop", "coefficient of performance", "性能系数", "制热能效", "能效系数")
"""Words before a bare number that make it a coefficient of performance (a ratio without unit)."""

VELOCITY_UNITS: Final = frozenset({"km/h", "mph", "m/s", "kn", "knot"})
"""Units of how fast something travels."""

SPEED_BEFORE: Final = re.compile(r"时速\s*(?:达到?|为|约|超过|最高)?\s*$")
"""'时速350公里' is a speed in km/h, printed as a distance."""

POWER_WORDS: Final = ("功耗", "功率", "额定", "待机", "power", "rated", "draw", "consum")
"""Words that make a figure in watts a power drawn or rated, not a capacity."""

MORE_AFTER: Final = re.compile(
    r"\s*(?:" + alternation(subset("comparative_after_more", "en")) + r")\b(?!\s+(?:of|than\s+half)\b)",
    re.IGNORECASE)
"""'12% more than the X6', '30% farther than the CityLine': an increase over the target."""
LESS_AFTER: Final = re.compile(
    r"\s*(?:" + alternation(subset("comparative_after_less", "en")) + r")\b(?!\s+of\b)", re.IGNORECASE)
"""'15% less energy', '9% cheaper than the X6': a reduction from the target."""
UP_BEFORE: Final = re.compile(r"\b(?:" + alternation(subset("verb_before_up", "en")) + r")\s+(?:by\s+)?(?:about|nearly|almost|some|roughly)?\s*$", re.IGNORECASE)
DOWN_BEFORE: Final = re.compile(r"\b(?:" + alternation(subset("verb_before_down", "en")) + r")\s+(?:by\s+)?(?:about|nearly|almost|some|roughly)?\s*$", re.IGNORECASE)
"""'up 12% from the X6', 'sales fell 8%': a change named before its percentage."""
PORTION_CUES: Final = ("占", "account", "share of", "比例", "比重")

MONEY_CUES: Final[tuple[tuple[str, tuple[str, ...]], ...]] = (
    ("cost_per_hour", ("每小时", "per hour", "/h", "an hour", "每芯片每小时", "hourly")),
    ("deal_value", ("收购", "融资", "交易", "投资", "担保", "订单", "合同", "acqui", "deal", "financ", "invest", "contract", "funding", "raise", "valuation", "估值")),
    ("revenue", ("营收", "收入", "销售额", "revenue", "sales")),
    ("price", ("售价", "价格", "定价", "报价", "price", "priced", "costs $", "sells for", "标价", "it costs", "costs")),
    ("cost_saving", ("节省", "省下", "saving", "save")),
    ("cost", ("成本", "cost", "spend", "支出", "电费")),
)

EMISSION_CUES: Final = ("排放", "减排", "emission", "emit", "co2", "co₂", "二氧化碳", "carbon dioxide", "greenhouse", "温室气体", "碳当量")
"""Words that make a mass a quantity of greenhouse gas ('5 tonnes of CO2', '排放12万吨'); not
a bare 碳 / carbon ('碳纤维车身重95公斤' is the mass of a carbon-fibre body)."""

UNIT_METRICS: Final = {"mAh": "charge_capacity", "Ah": "charge_capacity", "nit": "brightness"}
"""Units that name their metric whatever the words around them say."""
LENGTH_CUES: Final[tuple[tuple[str, tuple[str, ...]], ...]] = (
    ("range", ("续航里程", "续航", "range", "一次充电", "on a charge", "per charge", "single charge", "full charge",
               "满电", "rated for")),
    ("distance", ("行驶", "里程", "distance", "travel", "driv", "mileage", "journey", "away")),
)
"""Cues for a length: range on a charge or tank, or a distance ('续航里程' is range, tried first)."""

SPEC_METRICS: Final = frozenset({"charge_capacity", "brightness", "range", "specific_power", "mass", "energy_density", "die_area", "memory_capacity", "memory_bandwidth", "process_node", "sequence_length", "bandwidth_per_power", "area"})
"""Metrics whose figures are specifications (kind 'spec') rather than measurements."""

META_CUES: Final[tuple[tuple[str, tuple[str, ...]], ...]] = (
    ("reading_time", ("阅读时间", "reading time", "min read", "分钟阅读")),
    ("word_count", ("字", "words", "字数")),
)
"""Figures about the article itself (its subject is the source id)."""

_K_NUMBER: Final = re.compile(r"\d+(?:\.\d+)?\s?[kK]$")
"""A bare number in thousands printed with k ('8k'), as sequence lengths are."""


_LEAD: Final = re.compile(r"[^0-9零〇一二两三四五六七八九十百千万亿半]*")
"""The words before the number inside a quantity's surface."""


@dataclass(frozen=True, slots=True)
class Reading:
    """What a figure measures: metric, normalised unit, kind, and a comparison relation."""

    metric: str
    unit: str | None
    kind: str
    relation: str | None = None


def nearest(text: str, cues: tuple[str, ...], before: bool = True) -> int:
    """Distance in characters from the end (``before``) or the start of ``text`` to the
    nearest cue, or -1 when none occurs."""
    return _nearest_in(text.lower(), cues, before)


def _nearest_in(low: str, cues: tuple[str, ...], before: bool) -> int:
    """:func:`nearest` in a text already lower-cased (``low``)."""
    best = -1
    for cue in cues:
        pos = low.rfind(cue) if before else low.find(cue)
        if pos < 0:
            continue
        dist = len(low) - pos - len(cue) if before else pos
        if best < 0 or dist < best:
            best = dist
    return best


def pick(text: str, table: tuple[tuple[str, tuple[str, ...]], ...], before: bool = True) -> str | None:
    """The metric of ``table`` whose cue is nearest the figure in ``text``."""
    best: tuple[int, int, str] | None = None
    low = text.lower()  # once, not once per metric of the table
    for rank, (metric, cues) in enumerate(table):
        d = _nearest_in(low, cues, before)
        if d >= 0 and (best is None or (d, rank) < best[:2]):
            best = (d, rank, metric)
    return best[2] if best else None


def has(text: str, cues: tuple[str, ...]) -> bool:
    """True when any cue occurs in ``text`` (case-insensitive)."""
    low = text.lower()
    return any(c in low for c in cues)


def kind_of(metric: str, basis: str | None = None) -> str:
    """Record kind of a plain figure of ``metric``."""
    if metric in SPEC_METRICS or (metric == "power" and basis == "rated"):
        return "spec"
    return {"duration": "duration", "date": "date", "model_size": "model_size", "count": "count"}.get(metric, "measurement")


def read(q, near: str, wide: str, after: str, header: str = "", sentence: str = "") -> Reading | None:
    """Metric, unit and kind of quantity ``q`` (a :class:`verifier.quantities.Quantity`).

    Args:
        q: the quantity.
        near: the clause before the figure (nearest context).
        wide: the sentence, heading and table header before the figure (wider context).
        after: the clause after the figure (units and nouns that follow it).
        header: the table column header, when the figure sits in a table cell.
        sentence: the sentence before the figure; ratios and percentages whose clause names
            no metric take the nearest cue of their sentence ("端到端延迟方面的优势更为醒目，达到
            1.7 至 3.6 倍").

    Returns:
        The reading, or None when the figure is not a claim (a bare ordinal, an idiom).
    """
    unit, kind = q.unit, q.kind
    if kind == "date":
        return Reading("date", None, "date")
    lead = _LEAD.match(q.surface).group(0)  # words the quantity layer kept in the quote ('约低 1.7 倍')
    if unit == "x":
        return _ratio(near + lead, after, sentence)
    if unit == "%" or kind == "fraction":
        return _percent(near + lead, wide, after, sentence)
    dimension = unit_dimension(unit) if unit and "/" not in unit else None  # a rate is read by its two units (_physical)
    if dimension == "power":
        metric = "power_capacity" if (unit in ("MW", "GW", "TW") or has(near[-16:], CAPACITY_CUES)) and not has(near, ("功耗", "power draw")) else "power"
        return Reading(metric, unit, "measurement")
    if dimension == "energy":
        return None if q.surface.startswith("一") else Reading("energy", unit, "measurement")
    if dimension == "mass":
        if has(near[-16:] + " " + after[:16], EMISSION_CUES):
            return Reading("emissions", unit, "measurement")
        return Reading("mass", unit, "spec")
    if unit in ("Wh/kg", "kWh/kg", "Wh/g"):
        return Reading("energy_density", unit, "spec")
    return _by_unit(q, near, wide, after, header)


def _by_unit(q, near: str, wide: str, after: str, header: str) -> Reading | None:
    unit = q.unit
    if q.kind == "sequence":
        return Reading("sequence_length", "tokens", "spec")
    if unit == "tokens/s" or (unit == "tokens" and has(near[-12:], ("每秒", "一秒", "per second", "/s"))):
        return _token_rate(near + " " + header, wide)
    if unit in ("ms", "s", "min", "h", "us", "µs") and q.kind in ("duration", "range", "dimension", "number"):
        return _time(q, near, wide, after)
    if unit in ("month", "year", "day", "week", "quarter"):
        return Reading("duration", unit, "duration")
    if unit in ("GB", "GiB", "TB", "TiB", "MB"):
        return Reading("memory_capacity", unit, "spec")
    if unit in ("TB/s", "GB/s", "Gbps", "Tbps"):
        return Reading("memory_bandwidth" if has(near + wide, ("内存", "显存", "hbm", "memory")) or unit == "TB/s" else "bandwidth", unit, "spec")
    if unit in ("mm²", "cm²", "mm2"):
        return Reading("die_area", "mm²" if unit == "mm2" else unit, "spec")
    if unit == "nm":
        return Reading("process_node", unit, "spec")
    if unit == "params":
        return Reading("model_size", "params", "model_size")
    if q.kind == "money" or (unit and len(unit) == 3 and unit.isupper()):
        metric = ("cost_per_hour" if has(near, MONEY_CUES[0][1]) else pick(near, MONEY_CUES)
                  or pick(after[:12], MONEY_CUES, before=False)) or ""
        return Reading(metric, f"{unit}/h" if metric == "cost_per_hour" else unit, "money")
    if unit is None:
        return _bare(q, near, wide, after, header)
    return _physical(q, near, after)


def _physical(q, near: str, after: str) -> Reading | None:
    """Charge, brightness, lengths and rates of two units ('1.3 kWh/km' ->
    energy_per_distance, '$0.18/km' -> cost_per_distance); None for other units."""
    unit = q.unit
    if unit in UNIT_METRICS:
        return Reading(UNIT_METRICS[unit], unit, "spec")
    if unit in VELOCITY_UNITS:
        return Reading("velocity", unit, "spec")  # '80 km/h, or 56 mph'
    if unit_dimension(unit) == "distance" and SPEED_BEFORE.search(near[-8:]):
        return Reading("velocity", f"{unit}/h", "spec")  # '时速350公里': 350 km/h, no distance
    if unit_dimension(unit) == "distance":  # a kilometre figure is a distance unless a cue says range
        clause = near + " " + after[:30]  # a range cue anywhere in the clause wins: 'travels 350 km on a single charge'
        metric = "range" if has(clause, LENGTH_CUES[0][1]) else pick(near, LENGTH_CUES) or pick(after[:16], LENGTH_CUES, before=False)
        metric = metric or ("distance" if unit in ("km", "mi") else None)
        return Reading(metric, unit, kind_of(metric)) if metric else None
    num, _, den = unit.partition("/")  # 'kWh/100km': a distance too
    dims = [unit_dimension(u) or ("money" if is_currency(u) else None) for u in (num, den.lstrip("0123456789"))]
    if dims == ["money", "time"]:  # '$2 per hour', '$10 a month': the unit keeps its period
        metric = "cost_per_hour" if den == "h" else pick(near, MONEY_CUES) or pick(after[:12], MONEY_CUES, before=False) or ""
        return Reading(metric, unit, "money")
    metric = rate_metric(*dims)
    return Reading(metric, unit, "money" if dims[0] == "money" else kind_of(metric)) if metric else None


def _token_rate(near: str, wide: str) -> Reading:
    if has(near, RATE_PER_POWER):
        return Reading("throughput_per_power", "tokens/s/kW", "measurement")
    if has(near + wide, ("吞吐", "throughput")) and not has(near + wide, SINGLE_USER + ("生成速度",)):
        return Reading("throughput", "tokens/s", "measurement")
    return Reading("generation_speed", "tokens/s", "measurement")


from verifier.quantities.not_claims import RATE_BASE, THRESHOLD_AFTER  # noqa: E402  (their one home)


def _time(q, near: str, wide: str, after: str = "") -> Reading | None:
    unit = q.unit
    if RATE_BASE.match(q.surface.strip()) or after.lstrip().lower().startswith(THRESHOLD_AFTER):
        return None
    if unit in ("ms", "us", "µs") and has(near + wide, ("token", "间隔", "inter-token", "per token", "tpot", "每个")):
        return Reading("inter_token_latency", f"{unit}/token", "measurement")
    if has(near, ("延迟", "时延", "latency", "响应", "response")) or has(wide[-60:], ("延迟", "latency")):
        return Reading("latency_e2e", unit, "measurement")
    if has(near, ("完成", "任务", "task", "finish", "complete")):
        return Reading("task_time", unit, "measurement")
    if has(near + wide[-8:], META_CUES[0][1]):
        return Reading("reading_time", unit, "duration")
    if unit in ("min", "h") or q.kind == "duration":
        return Reading("duration", unit, "duration")
    return None


def _bare(q, near: str, wide: str, after: str, header: str) -> Reading | None:
    """A number printed without unit: a cue in the header or clause gives the metric's unit."""
    if has(wide[-40:] + " " + header, COP_CUES) and isinstance(q.value, (int, float)) and q.value < 20:
        return Reading("cop", None, "measurement")  # 'a seasonal COP of 4.2', '1.4 times the 3.0 of the Aero 10'
    if _K_NUMBER.search(q.surface) and has(after[:8] + near[-12:], ("输入", "输出", "input", "output", "上下文", "context", "长度", "length", "/")):
        return Reading("sequence_length", "tokens", "spec")
    if header and has(header, RATE_PER_POWER) and has(header, ("吞吐", "throughput", "token")):
        return Reading("throughput_per_power", "tokens/s/kW", "measurement")
    if has(near, ("带宽", "bandwidth")) and has(near, ("每瓦", "per watt")):
        return Reading("bandwidth_per_power", METRICS["bandwidth_per_power"].unit, "spec")
    if after.lstrip().startswith("/s") or (has(after[:8], ("token",)) and has(near[-12:], ("每秒", "一秒", "per second"))):
        return Reading("generation_speed", "tokens/s", "measurement")
    if has(after[:3], ("字",)) or has(near[-6:], ("字数",)):
        return Reading("word_count", "characters", "count")
    noun = count_noun(after)
    number = q.value if not isinstance(q.value, tuple) or None not in q.value else (q.value[0] if q.value[1] is None else q.value[1])
    if noun and isinstance(number, (int, float)) and float(number).is_integer() and number > 1 \
            and not scope_phrase(near, after):
        return Reading("count", noun, "count")
    return None


LOWER_IS_BETTER: Final = frozenset({"latency_e2e", "wait_time", "task_time", "inter_token_latency", "energy_per_work", "cost"})
"""Metrics where smaller is better: an 'advantage' of N times in one of them is an inverse ratio."""

ADVANTAGE: Final = ("优势", "领先", "胜出", "advantage", "lead", "gap", "edge", "better")
"""Words that present a multiplier as an advantage of the subject ("延迟方面的优势达到 1.7 倍")."""


SMALLER_AFTER: Final = re.compile(r"\s*(?:" + alternation(subset("smaller", "en")) + r")\b", re.IGNORECASE)
"""'four times lower', '3x less': N times smaller, whatever the spelling of N, is an inverse ratio."""

SMALLER_BEFORE: Final = re.compile(r"(?:" + alternation(subset("smaller", "zh")) + r")了?\s*(?:约|近|接近|达)?\s*$")
"""'低 1.7 倍', '少了约 3 倍': the Chinese form, the comparative right before the number."""


AS_MANY: Final = re.compile(r"\s*as\s+many\b", re.IGNORECASE)


def _ratio(near: str, after: str, sentence: str = "") -> Reading:
    """A multiplier: the metric from the clause (per-power and interactive cues first), then
    from the sentence, or '' for the caller to carry from the previous claim; lowered figures,
    and advantages in a metric where smaller is better, are inverse ratios."""
    metric = _ratio_metric(near, after, sentence)
    if AS_MANY.match(after):
        metric = "count"  # '1.55 times as many deliveries as Aerodrop': a ratio of counts, whatever the clause before
    if SMALLER_AFTER.match(after) or SMALLER_BEFORE.search(near):
        return Reading(metric, "x", "ratio", "inverse_ratio")
    inverse = nearest(near[-6:] + " " + after[:12], INVERSE_CUES) >= 0
    if metric in LOWER_IS_BETTER and (inverse or has(near, INVERSE_CUES) or has(sentence, ADVANTAGE)):
        return Reading(metric, "x", "ratio", "inverse_ratio")
    return Reading(metric, "x", "ratio", "inverse_ratio" if inverse and metric else "ratio")


def _ratio_metric(near: str, after: str, sentence: str = "") -> str:
    if has(near, RATE_PER_POWER) or has(after[:30], RATE_PER_POWER):
        return "throughput_per_power"
    if has(near, INTERACTIVE):
        return "interactivity_gain"
    return pick(near, RATIO_CUES) or pick(after[:16], RATIO_CUES, before=False) or pick(sentence, RATIO_CUES) or ""


def _percent(near: str, wide: str, after: str, sentence: str = "") -> Reading:
    metric = _ratio_metric(near, after, sentence)
    tail = near[-8:].lower()
    if has(near, PORTION_CUES) and not has(tail, REDUCTION_CUES):
        return Reading("cost_share" if has(near + wide, ("成本", "cost")) else (metric or "share"), "%", "percent")
    if CHANGE_NOUN_BEFORE["increase"].search(near[-40:]):
        return Reading(metric, "%", "percent", "increase")  # 'an increase of 25%', before ' of ' reads as a share
    if nearest(tail, REDUCTION_CUES) >= 0 or CHANGE_NOUN_AFTER["reduction"].match(after) \
            or LESS_AFTER.match(after) or DOWN_BEFORE.search(tail) or CHANGE_NOUN_BEFORE["reduction"].search(near[-40:]):
        return Reading(metric, "%", "percent", "reduction")
    if nearest(tail, INCREASE_CUES) >= 0 or CHANGE_NOUN_AFTER["increase"].match(after) or MORE_AFTER.match(after) \
            or UP_BEFORE.search(tail):
        return Reading(metric, "%", "percent", "increase")
    if metric in PERCENT_METRICS and OF_METRIC.search(near[-40:]):
        return Reading(metric, "%", "percent", None)  # 'a conversion efficiency of 99.1%': the metric is a percentage
    if nearest(tail, SHARE_CUES) >= 0 or has(after[:4], (" of",)) or not tail.strip():
        return Reading(metric, "%", "percent", "share")
    return Reading(metric, "%", "percent", None)


PERCENT_METRICS: Final = frozenset(m for m, spec in METRICS.items() if spec.unit == "%")
"""Metrics whose values are percentages ('efficiency'): a percent of one is a measurement, not a share."""

OF_METRIC: Final = re.compile(r"(?:efficiency|效率|utili[sz]ation|利用率|yield|良率|rate|率)\s*(?:of|为|达到?|是)?\s*(?:about|around|nearly|约|近|高达|达)?\s*$",
                              re.IGNORECASE)
"""'efficiency of', '转换效率为': the percentage after it is the metric's value."""


def basis(near: str, wide: str) -> str:
    """'rated' or 'measured' for a power figure: the nearest cue in the clause, then the
    sentence; a power printed without either word is a rating (TDP, nameplate)."""
    for text in (near, wide):
        r, m = nearest(text, RATED), nearest(text, MEASURED)
        if r >= 0 or m >= 0:
            return "measured" if m >= 0 and (r < 0 or m <= r) else "rated"
    return "rated"


def workload(near: str, wide: str, metric: str) -> str | None:
    """The operating point a performance figure holds at: peak throughput, single user, interactive."""
    if metric in ("interactivity_gain",):
        return "interactive"
    if metric in ("generation_speed", "inter_token_latency"):
        return "single user" if has(near + wide, SINGLE_USER) else None
    if metric in ("throughput_per_power", "throughput"):
        return "peak throughput" if has(near + wide, PEAK) else None
    return None
