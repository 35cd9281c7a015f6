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
