"""A deterministic synthetic corpus for scale benchmarks, with planted contradictions.

    .venv/bin/python benchmarks/synth_corpus.py OUT_DIR --articles N [--seed 12]

Writes ``OUT_DIR/sources/aNNNNNN.md`` (N articles, ~3.5 KB of UTF-8 each, half English, half
Chinese) and ``OUT_DIR/planted.json``, the manifest of the planted contradictions. The same
N and seed give byte-identical files.

How the corpus is made:

* Articles come in groups of :data:`GROUP` about one made-up city and one domain (budgets,
  jobs, energy, health, transport), in one language. Each group states the same figures:
  every metric of its domain (:data:`DOMAINS`) for two years, in varied sentence templates
  and orders, with number-free commentary between them to reach :data:`TARGET_BYTES`.
* A figure's true value is a function of (city, metric, year), so articles that agree print
  the same number.
* In one group of :data:`PLANT_EVERY`, the second article prints one figure wrong (scaled by
  a factor far outside the printed precision). The manifest pairs it with the same figure in
  the group's first article, which is never altered: ``{"a": {"source", "start", "end",
  "quote"}, "b": {...}, "lang", "domain", "metric"}`` with body offsets in code points.

The cities, sentences and numbers are ours, written for this benchmark; none comes from the
shipped corpus or the press cases.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import math
import random
import sys
from dataclasses import dataclass
from pathlib import Path

GROUP = 4
"""Articles per (city, domain, language) group."""

PLANT_EVERY = 5
"""One group in this many gets a planted contradiction (so ~N / 20 planted)."""

TARGET_BYTES = 3500
"""Approximate UTF-8 size of an article body."""

YEAR0 = 2010
"""English groups report years 2010-2016, Chinese ones 2018-2024: verifier aligns figures across
languages by measured thing and year (it cannot match a holder's names across scripts), and
the two halves are about different cities."""

WRONG_FACTORS = (0.75, 1.2, 1.3, 1.45)
"""How much a planted figure is off: far beyond any printed precision."""

EN_PARTS = (
    ["Ard", "Bel", "Cor", "Dun", "Elm", "Fen", "Glen", "Hol", "Ivy", "Kel", "Lor", "Mar", "Nor", "Oak", "Pen",
     "Quar", "Ros", "Sil", "Tor", "Ul", "Ver", "Wex", "Yar", "Zel"],
    ["a", "e", "i", "o", "ber", "den", "mar", "wick", "ling", "ston"],
    ["ford", "haven", "moor", "field", "bury", "dale", "port", "wood", "brook", "mouth", "crest", "gate"],
)
SPREAD = 1009
"""A prime that divides neither name count, chosen because it varies every piece of neighbouring names."""

ZH_PARTS = (
    list("青云龙江松石宁安平临丰永兴长泰华明德盛和嘉瑞祥康福"),
    list("北南东西新上中下丰白金玉"),
    list("川山河州阳源桥湖峰港溪林原泉岭城"),
    list("市县"),
)


@dataclass(frozen=True)
class Metric:
    """One quantity of a domain: how its value is drawn and printed, and its sentences.

    ``low``/``high`` bound the base value; ``decimals`` is the printed precision; ``en``/``zh``
    are templates with ``{city}``, ``{year}`` and ``{v}`` (the printed figure, unit included)."""

    key: str
    low: float
    high: float
    decimals: int
    en_unit: str
    zh_unit: str
    en: tuple[str, ...]
    zh: tuple[str, ...]


DOMAINS: dict[str, tuple[Metric, ...]] = {
    "budgets": (
        Metric("budget", 1.2, 9.8, 1, "${} billion", "{}亿元",
               ("{city}'s budget for {year} is {v}.", "{city}'s budget for {year} is {v}, the finance office said."),
               ("{city}{year}年财政预算总额为{v}。", "据财政局介绍，{city}{year}年财政预算总额为{v}。")),
        Metric("deficit", 0.5, 6.5, 1, "{}%", "{}%",
               ("{city}'s budget deficit was {v} of spending in {year}.", "In {year}, {city}'s budget deficit was {v} of spending."),
               ("{city}{year}年财政赤字率为{v}。", "{year}年，{city}财政赤字率为{v}。")),
        Metric("staff", 900, 24000, 0, "{} municipal staff", "{}名",
               ("{city} employed {v} in {year}.", "In {year}, {city} employed {v}."),
               ("{city}{year}年在编公务人员为{v}。", "{year}年，{city}在编公务人员为{v}。")),
    ),
    "jobs": (
        Metric("unemployment", 2.5, 11.5, 1, "{}%", "{}%",
               ("{city}'s unemployment rate was {v} in {year}.", "In {year}, the unemployment rate of {city} was {v}."),
               ("{city}{year}年失业率为{v}。", "{year}年，{city}失业率为{v}。")),
        Metric("new_jobs", 1200, 48000, 0, "{} jobs", "{}个",
               ("{city} added {v} in {year}, the labour office said.", "In {year}, {city} added {v}."),
               ("{city}{year}年新增就业岗位{v}。", "{year}年，{city}新增就业岗位{v}。")),
        Metric("wage", 1800, 5200, 0, "${}", "{}元",
               ("The average monthly wage in {city} was {v} in {year}.", "In {year}, the average monthly wage in {city} was {v}."),
               ("{city}{year}年月平均工资为{v}。", "{year}年，{city}月平均工资为{v}。")),
    ),
    "energy": (
        Metric("solar", 40, 2400, 0, "{} GWh", "{}吉瓦时",
               ("{city} generated {v} of solar power in {year}.", "In {year}, {city} generated {v} of solar power."),
               ("{city}{year}年太阳能发电量为{v}。", "{year}年，{city}太阳能发电量为{v}。")),
        Metric("peak_demand", 300, 9000, 0, "{} MW", "{}兆瓦",
               ("{city}'s peak electricity demand reached {v} in {year}.", "In {year}, peak electricity demand in {city} reached {v}."),
               ("{city}{year}年最高用电负荷为{v}。", "{year}年，{city}最高用电负荷为{v}。")),
        Metric("wind_share", 4, 46, 1, "{}%", "{}%",
               ("In {year}, wind power supplied {v} of {city}'s electricity.", "Wind power supplied {v} of {city}'s electricity in {year}."),
               ("{city}{year}年风电占全市用电量的{v}。", "{year}年，{city}风电占全市用电量的{v}。")),
    ),
    "health": (
        Metric("measles", 12, 900, 0, "{} measles cases", "{}例",
               ("{city} recorded {v} in {year}.", "In {year}, {city} recorded {v}."),
               ("{city}{year}年报告麻疹病例{v}。", "{year}年，{city}报告麻疹病例{v}。")),
        Metric("life_expectancy", 71, 85, 1, "{} years", "{}岁",
               ("Life expectancy in {city} was {v} in {year}.", "In {year}, life expectancy in {city} was {v}."),
               ("{city}{year}年人均预期寿命为{v}。", "{year}年，{city}人均预期寿命为{v}。")),
        Metric("vaccination", 78, 98, 1, "{}%", "{}%",
               ("The measles vaccination rate in {city} was {v} in {year}.", "In {year}, the measles vaccination rate in {city} was {v}."),
               ("{city}{year}年麻疹疫苗接种率为{v}。", "{year}年，{city}麻疹疫苗接种率为{v}。")),
    ),
    "transport": (
        Metric("bus_riders", 3, 480, 1, "{} million bus passengers", "{}万人次",
               ("{city} carried {v} in {year}.", "In {year}, {city} carried {v}."),
               ("{city}{year}年公交客运量为{v}。", "{year}年，{city}公交客运量为{v}。")),
        Metric("metro_km", 8, 420, 0, "{} km", "{}公里",
               ("The metro network of {city} was {v} long in {year}.", "In {year}, the metro network of {city} was {v} long."),
               ("{city}{year}年地铁运营里程为{v}。", "{year}年，{city}地铁运营里程为{v}。")),
        Metric("commute", 18, 62, 0, "{} minutes", "{}分钟",
               ("{city}'s average commute took {v} in {year}.", "In {year}, {city}'s average commute took {v}."),
               ("{city}{year}年平均通勤时间为{v}。", "{year}年，{city}平均通勤时间为{v}。")),
    ),
}
"""Three metrics per domain, each with two English and two Chinese templates."""

FILLER = {
    "en": [
        "Officials said the figures would be reviewed again before the next council session.",
        "Residents who spoke to this paper were divided on what the numbers mean for them.",
        "The opposition said the report left out several questions that matter to households.",
        "Analysts cautioned that a single year says little about a longer trend.",
        "The mayor's office did not respond to a request for further comment by the deadline.",
        "Local business groups welcomed the publication and asked for more detail by district.",
        "The data were compiled by the city's statistics office from its regular surveys.",
        "Critics argued that the methodology had changed and that comparisons should be careful.",
        "A public hearing on the report is planned for the coming weeks, the clerk said.",
        "Neighbouring towns are expected to publish comparable figures later in the season.",
        "Several councillors called for an independent audit of the underlying records.",
        "The figures are broadly in line with what forecasters had expected earlier.",
    ],
    "zh": [
        "有关部门表示，上述数据将在下次会议前再次核对。",
        "接受本报采访的市民对这些数字的看法不一。",
        "有代表指出，报告对若干与居民生活密切相关的问题着墨不多。",
        "分析人士提醒，单一年度的数据难以说明长期趋势。",
        "截至发稿时，市政府办公室尚未回应进一步置评的请求。",
        "当地商会对数据公开表示欢迎，并希望按区县公布更详细的信息。",
        "这些数据由市统计部门根据例行调查汇总而成。",
        "也有批评者认为统计口径有所调整，前后比较需谨慎。",
        "据悉，相关部门将于近期就该报告举行听证会。",
        "周边地区预计将在晚些时候公布可比数据。",
        "多名代表呼吁对原始记录开展独立审计。",
        "总体来看，这些数字与此前的预期大体一致。",
    ],
}
"""Number-free commentary between the figures."""

HEADLINES = {
    "en": ["{city} publishes its {domain} figures", "What the new {domain} data say about {city}", "{city}: a closer look at {domain}",
           "Questions over {city}'s {domain} numbers"],
    "zh": ["{city}公布{domain}数据", "新数据折射{city}{domain}状况", "细看{city}{domain}账本", "{city}{domain}数字引发关注"],
}
ZH_DOMAIN = {"budgets": "财政", "jobs": "就业", "energy": "能源", "health": "卫生", "transport": "交通"}


def _name(parts: tuple[list[str], ...], index: int, joiner: str = "") -> str:
    """The ``index``-th name made of one piece from each part (mixed-radix, so names are
    distinct). Indexes are first spread by a multiplier prime to the number of names, so that
    neighbouring cities do not share their first pieces (near-identical names would test the
    fuzzy matching of names, not scale)."""
    names = math.prod(len(part) for part in parts)
    index = (index // names) * names + (index % names) * SPREAD % names
    pieces = []
    for part in reversed(parts):
        index, digit = divmod(index, len(part))
        pieces.append(part[digit])
    return joiner.join(reversed(pieces)) + (f" {index + 1}" if index else "")


def _unit_value(key: str) -> float:
    """A stable number in [0, 1) for ``key`` (independent of Python's hash seed)."""
    return int.from_bytes(hashlib.sha256(key.encode("utf-8")).digest()[:8], "big") / 2 ** 64


def _printed(m: Metric, lang: str, value: float) -> str:
    """``value`` printed with ``m``'s precision and unit in ``lang`` (thousands separators in English)."""
    number = f"{value:,.{m.decimals}f}" if lang == "en" else f"{value:.{m.decimals}f}"
    return (m.en_unit if lang == "en" else m.zh_unit).format(number)


def true_value(m: Metric, city: str, year: int, first: int) -> float:
    """The figure every honest article prints for ``m`` of ``city`` in ``year``: a base drawn
    for (city, metric) in ``first``, the group's first year, plus a yearly step of 1-5 % of it
    (at least 1.5 printed units, so that two years never print the same figure)."""
    base = m.low + (m.high - m.low) * _unit_value(f"{city}|{m.key}")
    step = max(1.5 * 10 ** -m.decimals, base * (0.01 + 0.04 * _unit_value(f"{city}|{m.key}|step")))
    return round(base + step * (year - first), m.decimals)


def _city(group: int) -> str:
    """The city of ``group``: English names for even groups, Chinese for odd ones; one city per
    (language, five domains)."""
    index = group // (2 * len(DOMAINS))
    return _name(EN_PARTS, index) if group % 2 == 0 else _name(ZH_PARTS, index)


def city_of(source: str) -> str:
    """The city article ``source`` (an id 'a000123' this module wrote) is about. Every article on
    one city prints the same true figures, but for a planted one, so a finding over articles on
    two cities is a false alarm by construction."""
    return _city(int(source[1:]) // GROUP)


def _article(group: int, k: int, seed: int, wrong: tuple[str, float] | None) -> tuple[str, str, list[dict]]:
    """(front matter + body, body, figures) of article ``k`` of ``group``; ``wrong`` = (metric key,
    factor) prints that metric's later year wrong. Each figure is ``{"metric", "year", "quote",
    "start", "end"}`` in body code points."""
    lang = "en" if group % 2 == 0 else "zh"
    domain = list(DOMAINS)[(group // 2) % len(DOMAINS)]
    city_index = group // (2 * len(DOMAINS))
    city = _city(group)
    rng = random.Random(f"{seed}|{group}|{k}")
    year = YEAR0 + (0 if lang == "en" else 8) + city_index % 6
    plan = [(m, y) for m in DOMAINS[domain] for y in (year, year + 1)]
    rng.shuffle(plan)
    space = " " if lang == "en" else ""
    fill = FILLER[lang]
    parts, figures, used = [], [], 0
    for m, y in plan:
        value = true_value(m, city, y, year)
        if wrong is not None and wrong[0] == m.key and y == year + 1:
            value = round(value * wrong[1], m.decimals)
        quote = _printed(m, lang, value)
        sentence = rng.choice(m.en if lang == "en" else m.zh).format(city=city, year=y, v=quote)
        paragraph = space.join([sentence] + rng.sample(fill, 2))
        offset = used + paragraph.index(quote)
        figures.append({"metric": m.key, "year": y, "quote": quote, "start": offset, "end": offset + len(quote)})
        parts.append(paragraph)
        used += len(paragraph) + 2
    while len("\n\n".join(parts).encode("utf-8")) < TARGET_BYTES:
        parts.append(space.join(rng.sample(fill, 3)))
    body = "\n\n".join(parts) + "\n"
    title = rng.choice(HEADLINES[lang]).format(city=city, domain=domain if lang == "en" else ZH_DOMAIN[domain])
    sid = f"a{group * GROUP + k:06d}"
    head = f'---\nid: {sid}\ntitle: "{title}"\nlanguages: [{lang}]\ntier: secondary\n---\n'
    return head + body, body, figures


def write_corpus(out: Path, n_articles: int, seed: int = 12, lexicon: bool = False) -> dict:
    """Write ``n_articles`` articles under ``out/sources`` and the manifest ``out/planted.json``;
    return the manifest (``{"articles", "bytes", "planted": [...]}``, ``bytes`` = UTF-8 bytes
    of the bodies). With ``lexicon``, ``out/sources/subjects.yaml`` names every city as a
    place, as a desk that covers those cities would (README, "Extraction"); by default the
    extractor must discover the made-up names itself (today a lexicon place does not make a
    Chinese city a holder either: 2026-12, 200 articles)."""
    (out / "sources").mkdir(parents=True, exist_ok=True)
    planted, total, cities = [], 0, {}
    for group in range((n_articles + GROUP - 1) // GROUP):
        size = min(GROUP, n_articles - group * GROUP)
        rng = random.Random(f"{seed}|plant|{group}")
        domain = list(DOMAINS)[(group // 2) % len(DOMAINS)]
        wrong = None
        if size >= 2 and rng.randrange(PLANT_EVERY) == 0:
            wrong = (rng.choice(DOMAINS[domain]).key, rng.choice(WRONG_FACTORS))
        first = None
        for k in range(size):
            text, body, figures = _article(group, k, seed, wrong if k == 1 else None)
            cities[_city(group)] = None
            sid = f"a{group * GROUP + k:06d}"
            (out / "sources" / f"{sid}.md").write_text(text, encoding="utf-8")
            total += len(body.encode("utf-8"))
            if k == 0:
                first = (sid, figures)
            elif k == 1 and wrong is not None:
                bad = max((f for f in figures if f["metric"] == wrong[0]), key=lambda f: f["year"])
                good = next(f for f in first[1] if f["metric"] == bad["metric"] and f["year"] == bad["year"])
                planted.append({
                    "lang": "en" if group % 2 == 0 else "zh", "domain": domain, "metric": bad["metric"], "year": bad["year"],
                    "a": {"source": first[0], "quote": good["quote"], "start": good["start"], "end": good["end"]},
                    "b": {"source": sid, "quote": bad["quote"], "start": bad["start"], "end": bad["end"]},
                })
    if lexicon:
        lines = [f"- {{name: {c}, kind: place, aliases: [{c}]}}\n" for c in cities]
        (out / "sources" / "subjects.yaml").write_text("# The made-up cities of this corpus\n" + "".join(lines), encoding="utf-8")
    manifest = {"articles": n_articles, "seed": seed, "bytes": total, "lexicon": lexicon, "planted": planted}
    (out / "planted.json").write_text(json.dumps(manifest, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    return manifest


def main() -> int:
    """Write the corpus and print its size and planted count."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("out", type=Path)
    ap.add_argument("--articles", type=int, required=True)
    ap.add_argument("--seed", type=int, default=12)
    ap.add_argument("--lexicon", action="store_true", help="also write a subjects.yaml naming the cities as places")
    args = ap.parse_args()
    m = write_corpus(args.out, args.articles, args.seed, lexicon=args.lexicon)
    print(f"{m['articles']} articles, {m['bytes'] / 1e6:.2f} MB of text, {len(m['planted'])} planted contradictions -> {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
