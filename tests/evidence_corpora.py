"""Small made-up corpora for the evidence graph, corroboration, fact sheets and HTML tests.

Two fictional chips, "Zephyr X1" (made by Zephyr Labs, whose blog is the primary source) and
"Orca 9", described by a few English and Chinese articles. Nothing here is read from the
shipped corpus. :func:`write_corpus` puts a corpus on disk for the command-line tests.
"""

from __future__ import annotations

from pathlib import Path

import yaml

from builders import art, claim, corpus, ext
from verifier.ingest.corpus import Corpus
from verifier.models import Citation, Source


def cited(src: Source, **relations: str) -> Source:
    """``src`` citing each keyword's source (dashes as underscores) with the given relation."""
    cites = [Citation(source=k.replace("_", "-"), relation=v) for k, v in relations.items()]
    return src.model_copy(update={"meta": src.meta.model_copy(update={"cites": cites})})


REGISTRY = [
    ext("zephyr-blog", "primary", "vendor"),
    ext("zephyr-keynote", "primary", "vendor"),
    ext("benchlab", "independent", "benchmark"),
    ext("relay-lab", "independent", "benchmark", cites=[]),
    ext("chip-forum", "social", "social"),
    ext("ann-analyst", "estimate", "person"),
]

EN1 = ("Zephyr Labs says the Zephyr X1 is rated at 800 W, against 1,200 W for the Orca 9. On Atlas 70B the "
       "X1 served 52,000 tokens/s per kW while the Orca 9 served 26,000, or 2 times the work per watt.")
ZH1 = "据泽菲尔公司介绍，Zephyr X1 的额定功耗为 800 瓦，Orca 9 的额定功耗约为 1500 瓦，每瓦性能是 Orca 9 的 2.6 倍。"
EN2 = "Independent tests by BenchLab put the Zephyr X1 at 52,000 tokens/s per kW on Atlas 70B."


def zephyr_corpus() -> Corpus:
    """The main scenario.

    * en1 (secondary, built on zephyr-blog): X1 800 W, Orca 9 1,200 W, 52,000 and 26,000
      tokens/s/kW, "2 times" (correct);
    * zh1 (secondary, attributes zephyr-blog): X1 800 瓦 (same origin as en1), Orca 9 约 1500 瓦
      (contradicts en1, same primary tier), "2.6 倍" (miscalculated: 52,000 / 26,000 = 2);
    * en2 (secondary): 52,000 tokens/s per kW measured by BenchLab (independent).
    """
    en1 = cited(art("en1", EN1), zephyr_blog="primary-source")
    zh1 = cited(art("zh1", ZH1), zephyr_blog="attributes")
    en2 = cited(art("en2", EN2), benchlab="attributes")
    scope = {"model": "Atlas 70B"}
    claims = [
        claim(en1, "800 W", "Zephyr X1", "power", 800, "W", scope={"basis": "rated"}, origin="zephyr-blog"),
        claim(en1, "1,200 W", "Orca 9", "power", 1200, "W", scope={"basis": "rated"}, origin="zephyr-blog"),
        claim(en1, "52,000 tokens/s per kW", "Zephyr X1", "throughput_per_power", 52000, "tokens/s/kW", scope=scope,
              origin="zephyr-blog", printed="52,000"),
        claim(en1, "26,000", "Orca 9", "throughput_per_power", 26000, "tokens/s/kW", scope=scope, origin="zephyr-blog"),
        claim(en1, "2 times", "Zephyr X1", "throughput_per_power", 2, target="Orca 9", relation="ratio", scope=scope,
              origin="zephyr-blog", printed="2"),
        claim(zh1, "800 瓦", "Zephyr X1", "power", 800, "W", scope={"basis": "rated"}, origin="zephyr-blog", printed="800"),
        claim(zh1, "1500 瓦", "Orca 9", "power", 1500, "W", scope={"basis": "rated"}, origin="zephyr-blog", printed="1500",
              approx="about"),
        claim(zh1, "2.6 倍", "Zephyr X1", "throughput_per_power", 2.6, target="Orca 9", relation="ratio", scope=scope,
              origin=None, tier="secondary", printed="2.6"),
        claim(en2, "52,000 tokens/s per kW", "Zephyr X1", "throughput_per_power", 52000, "tokens/s/kW", scope=scope,
              origin="benchlab", tier="independent", printed="52,000"),
    ]
    return corpus([en1, zh1, en2], claims, REGISTRY)


def write_corpus(corp: Corpus, root: Path) -> Path:
    """Write ``corp`` as ``root/sources/*.md``, ``root/sources/external.yaml`` and ``root/claims/*.yaml``."""
    (root / "sources").mkdir(parents=True, exist_ok=True)
    (root / "claims").mkdir(parents=True, exist_ok=True)
    for sid, src in corp.sources.items():
        meta = src.meta.model_dump(mode="json", exclude_none=False)
        front = yaml.safe_dump(meta, allow_unicode=True, sort_keys=False)
        (root / "sources" / f"{sid}.md").write_text(f"---\n{front}---\n{src.body}", encoding="utf-8")
        records = [c.model_dump(mode="json") for c in corp.claims if c.source == sid]
        (root / "claims" / f"{sid}.yaml").write_text(yaml.safe_dump(records, allow_unicode=True, sort_keys=False), encoding="utf-8")
    registry = [e.model_dump(mode="json") for e in corp.external.values()]
    (root / "sources" / "external.yaml").write_text(yaml.safe_dump(registry, allow_unicode=True, sort_keys=False), encoding="utf-8")
    return root
