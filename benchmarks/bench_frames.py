"""Speed of the frame decisions, run by hand (not a test).

    python3 benchmarks/bench_frames.py [--kb 200] [--segmenters]

Builds a synthetic English and a synthetic Chinese article (template sentences written for
this benchmark, numbers varied, five sentences a paragraph), finds its figures and sentences
first (not timed), then times ``measured_thing`` + ``holder_candidates`` over every figure and
prints KB/s of article text (UTF-8) and µs a figure (the figure density is printed too:
KB/s scales with it). The first pass is what an article costs (its Chinese
tagging, its per-sentence caches); the costs paid once a process (word files, the segmenter's
import, ~0.2 s) are paid before, on a small article. The warm pass repeats it with the caches
the first left.

``--segmenters`` also times the two segmenters that were weighed for Chinese, rjieba (used) and
jieba.posseg (when installed), on the same text.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from verifier.extract.holders import holder_candidates  # noqa: E402
from verifier.extract.measured import measured_thing  # noqa: E402
from verifier.extract.segment import segment, sentences  # noqa: E402
from verifier.quantities import extract  # noqa: E402

EN = [
    "Quarterly revenue at Northwind Traders rose to ${a}.{b} billion from ${c}.{b} billion.",
    "The city hired {a},{n} teachers last year, the mayor's office said.",
    "Unemployment in Ohio fell to {a}.{b}% in March.",
    "Greenfield Energy, a utility based in Leeds, installed {a},{n} heat pumps.",
    "Of those admitted, {a} of {n} patients ({a}.{b}%) recovered.",
    "Turnout was {a}% in the second round.",
    "The Tigers scored {n} points against the Hawks.",
    "Spending on roads rose {a}% to ${n} million, according to the Ministry of Transport.",
    "Wheat output in Kansas fell {a}% to {n} million bushels.",
    "Metro Transit carried {a}.{b} million passengers in July.",
]
EN_PROSE = [
    "The council will vote on the plan after a public hearing next month.",
    "Officials said the figures would be revised once the final returns were counted.",
    "Residents have complained for years about the state of the roads near the river.",
    "The report, published on the agency's website, gives no breakdown by district.",
    "Analysts expect the trend to continue as long as interest rates stay where they are.",
]
ZH_PROSE = [
    "有关部门表示，将在下月公布详细数据。",
    "业内人士认为，这一趋势还将持续一段时间。",
    "记者在现场看到，前来办事的群众排起了长队。",
    "报告并未按地区列出具体数字。",
    "专家建议，相关政策应当根据实际情况及时调整。",
]
ZH = [
    "国家统计局发布数据显示，全国人口为{n}万人，比上年末减少{a}万人。",
    "比亚迪新能源汽车出口量达到{a}万辆，同比增长{b}%。",
    "河南省小麦产量为{n}.{b}亿斤。",
    "铁路完成旅客发送量{a}.{b}亿人次。",
    "据海关总署统计，前三季度进出口总值{a}.{b}万亿元。",
    "教育部公布，今年高考报名人数为{n}万。",
    "中国男性{n}万人，女性{n}万人。",
    "北京协和医院去年门诊量达到{n}万人次。",
    "广东电网最高负荷突破{a}.{b}亿千瓦。",
    "学校有{n}名教师。",
]


FIGURE_SHARE = 0.4
"""Share of sentences that carry figures (two in five): press copy alternates figures with the
prose around them; the benchmark prints the resulting bytes per figure."""


def article(templates: list[str], kb: int, seed: int = 7) -> str:
    """Paragraphs of five sentences, :data:`FIGURE_SHARE` of them template sentences with random
    numbers and the rest prose without figures, about ``kb`` KB of UTF-8."""
    rnd = random.Random(seed)
    paras, size = [], 0
    sep = "" if templates is ZH else " "
    prose = ZH_PROSE if templates is ZH else EN_PROSE
    while size < kb * 1024:
        para = sep.join(rnd.choice(templates if rnd.random() < FIGURE_SHARE else prose).format(
            a=rnd.randint(2, 99), b=rnd.randint(1, 9), c=rnd.randint(2, 99), n=rnd.randint(100, 999)) for _ in range(5))
        paras.append(para)
        size += len(para.encode()) + 2
    return "\n\n".join(paras) + "\n"


def jobs(body: str):
    """(sentence, paragraph, figure, the sentence's figures) for every figure of ``body``."""
    qs = extract(body)
    out, k = [], 0
    for unit in segment(body):
        for s in sentences(body, unit):
            inside = []
            while k < len(qs) and qs[k].start < s.end:
                if qs[k].start >= s.start:
                    inside.append(qs[k])
                k += 1
            out.extend(((s.start, s.end), (unit.start, unit.end), q, inside) for q in inside)
    return out


def run(body: str, work) -> float:
    t = time.perf_counter()
    for sent, para, q, figs in work:
        measured_thing(body, sent, q, figs)
        holder_candidates(body, sent, para, q, "")
    return time.perf_counter() - t


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--kb", type=int, default=200, help="size of each synthetic article (KB)")
    ap.add_argument("--segmenters", action="store_true", help="also time rjieba and jieba.posseg")
    args = ap.parse_args()
    for lang, templates in (("en", EN), ("zh", ZH)):
        small = article(templates, 1, seed=1)
        run(small, jobs(small))  # once a process: word files read, segmenter imported (not timed)
        body = article(templates, args.kb)
        work = jobs(body)
        kb = len(body.encode()) / 1024
        first = run(body, work)
        warm = min(run(body, work) for _ in range(3))
        print(f"{lang}: {kb:.0f} KB, {len(work)} figures ({1024 * kb / len(work):.0f} bytes a figure): first pass {kb / first:,.0f} KB/s, warm {kb / warm:,.0f} KB/s"
              f" ({1e6 * warm / len(work):.1f} µs a figure)")
        if lang == "zh" and args.segmenters:
            segmenters(body)


def segmenters(body: str) -> None:
    kb = len(body.encode()) / 1024
    t = time.perf_counter()
    import rjieba
    rjieba.tag("加载")
    load = time.perf_counter() - t
    t = time.perf_counter()
    rjieba.tag(body)
    print(f"  rjieba: load {1000 * load:.0f} ms, tagging {kb / (time.perf_counter() - t):,.0f} KB/s")
    try:
        import logging

        import jieba
        import jieba.posseg
    except ImportError:
        print("  jieba: not installed")
        return
    jieba.setLogLevel(logging.WARNING)
    t = time.perf_counter()
    jieba.initialize()
    load = time.perf_counter() - t
    t = time.perf_counter()
    list(jieba.posseg.cut(body))
    print(f"  jieba.posseg: load {1000 * load:.0f} ms, tagging {kb / (time.perf_counter() - t):,.0f} KB/s")


if __name__ == "__main__":
    main()
