"""Cost of claim extraction by the shape of the input, run by hand (not a test).

    .venv/bin/python benchmarks/bench_shapes.py [--sizes 100,1000,10000] [--shapes paragraphs,line,table]

Writes one synthetic article per size (KB of UTF-8) and shape, all from the same generated
sentences (English and Chinese prose about made-up chips, with powers, prices, shares,
multiples, changes and years; generated from templates here, not taken from ``sources/``):

* ``paragraphs``: five sentences to a paragraph, paragraphs apart by a blank line, each
  paragraph in one language;
* ``line``: the same sentences on one single line;
* ``table``: a Markdown table with one row per sentence (``| en | <sentence> |``);
* ``runon`` (only when asked for with ``--shapes``): the same text as one single sentence, its
  full stops turned into commas (a list strung together without a stop).

It times ``extract_claims`` on each, in a fresh process (the quantities read afresh, after one
warm-up on a small article so that the lexicon and parsers are built) and prints seconds, KB/s and claims per
shape, and per size the ratio of the slowest shape to the fastest. Extraction is linear when
KB/s stays roughly constant down a column, and shape-blind when the ratio stays near 1.

With ``--audit`` it runs the full ``verifier audit`` instead, on the shapes of
:mod:`audit_shapes` (table rows, one line of one sentence repeated, 'Rate was 1%.' repeated,
bare figures, dense short paragraphs, an archive sharing boilerplate), each at 1x and 4x in a
fresh process with the cache off, and prints seconds, peak memory and their growth:

    .venv/bin/python benchmarks/bench_shapes.py --audit [--scale 1] [--only table,bare] [--timeout 300] [--repeat 1]
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from verifier.extract import extract_claims  # noqa: E402
from verifier.models.source import Source, SourceMeta  # noqa: E402
from verifier.quantities.extract import article_quantities  # noqa: E402

SHAPES = ("paragraphs", "line", "table")
"""The shapes run by default; ``runon`` is run when named in ``--shapes``."""
PER_PARAGRAPH = 5
"""Sentences to a paragraph in the ``paragraphs`` shape (press paragraphs hold 3-6)."""

NEW_NAME_EVERY = 10
"""Sentences between two new product names in the generated text."""

_SYLLABLES = ("vor", "tal", "quin", "mer", "sola", "dra", "ken", "lum", "bri", "zan", "oru", "pex")


def _name(rng: random.Random) -> str:
    """A made-up product name: a capitalised word of two syllables and a model code ('Talquin K7')."""
    word = "".join(rng.choice(_SYLLABLES) for _ in range(2)).capitalize()
    return f"{word} {rng.choice('KMRTX')}{rng.randint(2, 99)}"


_FIRMS = ("Corvane Research", "Helmark Analytics", "Ostrel Capital", "Brightfen Labs")
"""Made-up analysts and firms that figures are attributed to."""


def _english(rng: random.Random, a: str, b: str) -> str:
    year = rng.randint(2019, 2027)
    pick = rng.randrange(8)
    if pick == 6:
        return f"According to {rng.choice(_FIRMS)}, {a} holds a {rng.randint(5, 60)}% share of the market."
    if pick == 7:
        return f"The company said {a} would reach {rng.randint(2, 40)} million users by {year}."
    if pick == 0:
        return f"{a} draws {rng.randint(30, 140) * 10} W at peak, while {b} is rated at {rng.randint(30, 140) * 10} W."
    if pick == 1:
        return (f"In {year}, {a} shipped {rng.randint(10, 900) * 1000:,} units, "
                f"up {rng.randint(2, 60)}% from {year - 1}.")
    if pick == 2:
        return f"{a} costs ${rng.randint(20, 400) * 100:,} per card, {rng.randint(11, 40) / 10} times the price of {b}."
    if pick == 3:
        return f"The {a} carries {rng.choice((64, 96, 128, 192, 288))} GB of memory and {rng.randint(20, 90) / 10} TB/s of bandwidth."
    if pick == 4:
        return (f"{a} served about {rng.randint(20, 95) * 1000:,} tokens/s per kW, against "
                f"{rng.randint(10, 45) * 1000:,} for {b}.")
    return f"Revenue of {a} reached ${rng.randint(10, 900)} million, down from ${rng.randint(10, 900)} million in {year}."


def _chinese(rng: random.Random, a: str, b: str) -> str:
    year = rng.randint(2019, 2027)
    pick = rng.randrange(6)
    if pick == 5:
        return f"据{rng.choice(_FIRMS)}估算，{a}的市场份额约为{rng.randint(5, 60)}%。"
    if pick == 0:
        return f"{a}的额定功耗为{rng.randint(30, 140) * 10}瓦，{b}为{rng.randint(30, 140) * 10}瓦。"
    if pick == 1:
        return f"{year}年{a}出货{rng.randint(2, 90)}万台，同比增长{rng.randint(2, 60)}%。"
    if pick == 2:
        return f"{a}售价约{rng.randint(2, 40) * 1000}元，是{b}的{rng.randint(11, 40) / 10}倍。"
    if pick == 3:
        return f"{a}配备{rng.choice((64, 96, 128, 192))}GB内存，带宽达到{rng.randint(20, 90) / 10}TB/s。"
    return f"{a}每千瓦可处理约{rng.randint(2, 9)}.{rng.randint(1, 9)}万个token每秒，而{b}约为{rng.randint(1, 5)}万个。"


def sentences(n_bytes: int, seed: int = 8) -> list[tuple[str, str]]:
    """(language, sentence) pairs, paragraphs of :data:`PER_PARAGRAPH` in one language
    alternating, until their UTF-8 size reaches ``n_bytes``. A new product name enters every
    :data:`NEW_NAME_EVERY` sentences and each sentence names two of the 40 latest, so that the
    number of distinct names grows with the article, as in a long report."""
    rng = random.Random(seed)
    names = [_name(rng) for _ in range(40)]
    out: list[tuple[str, str]] = []
    size = 0
    while size < n_bytes:
        lang = "en" if (len(out) // PER_PARAGRAPH) % 2 == 0 else "zh"
        if len(out) % NEW_NAME_EVERY == 0:
            names.append(_name(rng))
        a, b = rng.sample(names[-40:], 2)
        text = _english(rng, a, b) if lang == "en" else _chinese(rng, a, b)
        out.append((lang, text))
        size += len(text.encode("utf-8")) + 1
    return out


def render(shape: str, sents: list[tuple[str, str]]) -> str:
    """The article body of ``sents`` in ``shape`` (one of :data:`SHAPES`)."""
    if shape == "line":
        return " ".join(text for _, text in sents) + "\n"
    if shape == "runon":
        joined = "".join(text[:-1] + (", " if text.endswith(".") else "，") for _, text in sents)
        return joined.rstrip(", ，") + "。\n"
    if shape == "table":
        rows = "".join(f"| {lang} | {text} |\n" for lang, text in sents)
        return "| language | statement |\n|---|---|\n" + rows
    paras = [sents[i:i + PER_PARAGRAPH] for i in range(0, len(sents), PER_PARAGRAPH)]
    return "\n\n".join((" " if p[0][0] == "en" else "").join(t for _, t in p) for p in paras) + "\n"


def article(body: str, tag: str) -> Source:
    """A one-article source holding ``body``."""
    meta = SourceMeta(id=tag, title="Synthetic chips report", languages=["en", "zh"], tier="secondary")
    return Source(meta=meta, path=f"sources/{tag}.md", body=body)


def timed(src: Source) -> tuple[float, int]:
    """(wall seconds, claims) of one ``extract_claims`` run, the quantities read afresh."""
    article_quantities.cache_clear()
    t0 = time.perf_counter()
    claims = extract_claims(src)
    return time.perf_counter() - t0, len(claims)


def measure(shape: str, kb: int) -> tuple[float, int, float]:
    """(wall seconds, claims, KB of UTF-8) of ``shape`` at ``kb`` KB, after a warm-up on a
    small article (lexicon and parsers built). Run in a fresh process per measurement: in one
    process, a run after others was up to 20% slower (the heap they left, not a leak: the live
    objects stay as many), which made the order of the shapes show in their ratio."""
    timed(article(render("paragraphs", sentences(4096)), "warmup"))
    body = render(shape, sentences(kb * 1024))
    wall, n = timed(article(body, f"{shape}{kb}"))
    return wall, n, len(body.encode("utf-8")) / 1024


def main() -> None:
    """Print the table of seconds and KB/s per size and shape."""
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sizes", default="100,1000,10000", help="article sizes in KB, comma-separated")
    ap.add_argument("--shapes", default=",".join(SHAPES), help="shapes to run, comma-separated")
    ap.add_argument("--audit", action="store_true", help="time the full audit on the shapes of audit_shapes.py")
    ap.add_argument("--scale", type=int, default=1, help="--audit: size factor of the 1x run")
    ap.add_argument("--only", default="", help="--audit: shapes to run, comma-separated (default all)")
    ap.add_argument("--timeout", type=float, default=300, help="--audit: seconds before a run is stopped")
    ap.add_argument("--repeat", type=int, default=1, help="--audit: runs per size, the fastest kept")
    ap.add_argument("--verifier", default=str(ROOT / ".venv" / "bin" / "verifier"), help="--audit: the verifier to run")
    args = ap.parse_args()
    if args.audit:
        import audit_shapes

        only = [s for s in args.only.split(",") if s] or list(audit_shapes.SHAPES)
        audit_shapes.main(args.verifier, args.scale, only, args.timeout, args.repeat)
        return
    shapes = [s for s in args.shapes.split(",") if s]
    print(f"{'size':>8}  " + "  ".join(f"{s:>28}" for s in shapes) + "  slowest/fastest")
    for kb in (int(x) for x in args.sizes.split(",") if x):
        walls = []
        cells = []
        for shape in shapes:
            with ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("spawn")) as pool:
                wall, n, size = pool.submit(measure, shape, kb).result()
            walls.append(wall)
            cells.append(f"{wall:8.2f} s {size / wall:7.0f} KB/s {n:6d} cl")
        ratio = max(walls) / min(walls)
        print(f"{kb:>5} KB  " + "  ".join(f"{c:>28}" for c in cells) + f"  {ratio:8.2f}x", flush=True)


if __name__ == "__main__":
    main()
