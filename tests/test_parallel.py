"""Per-article maps give the same results, in order, with one process or a pool."""

from __future__ import annotations

from verifier.parallel import MIN_ITEMS, map_articles
from verifier.quantities import extract


def _surfaces(text: str) -> list[str]:
    return [q.surface for q in extract(text)]


def test_pool_and_single_process_agree_in_order() -> None:
    texts = [f"Article {i}: rated at {700 + i} W, about {i}.5万 tokens" for i in range(MIN_ITEMS + 3)]
    one = map_articles(_surfaces, texts, jobs=1)
    two = map_articles(_surfaces, texts, jobs=2)
    assert one == two
    assert one[5] == ["705 W", "about 5.5万 tokens"]


def test_small_inputs_stay_in_process() -> None:
    calls = []
    assert map_articles(lambda x: calls.append(x) or x * 2, [1, 2, 3], jobs=2) == [2, 4, 6]  # a lambda cannot be pickled
    assert calls == [1, 2, 3]


def test_the_warm_up_sample_reads_figures_of_both_scripts() -> None:
    """What the parent extracts before a pool forks (verifier.extract.corpus._warm_up) must reach
    the Chinese segmenter and the English path alike, or later workers load them again: the
    sample gives claims in both scripts, without error."""
    from verifier.extract.corpus import WARM_UP, _extract_one
    from verifier.models.source import Source, SourceMeta
    from verifier.shelf import unpack

    meta = SourceMeta(id="w", title="w", languages=["en", "zh"], tier="secondary")
    found, error = _extract_one((Source(meta=meta, path="w.md", body=WARM_UP), {}, ((), ())))
    quotes = [c.anchor.quote for c in unpack(found.packed)]
    assert error is None
    assert "$3.2 billion" in quotes and "3.2亿元" in quotes
