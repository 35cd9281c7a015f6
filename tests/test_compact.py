"""Record models share their set of given fields (verifier.models.compact), and nothing a
caller sees changes: dumps with and without ``exclude_unset``, copies, equality."""

from __future__ import annotations

from builders import art, claim
from verifier.models import Claim

BODY = "Ardaford's budget for 2011 is $5.5 billion, up from $5.1 billion."


def _two():
    src = art("budget", BODY)
    a = claim(src, "$5.5 billion", "Ardaford", "cost", 5.5e9, "USD", printed="5.5", id="budget-1")
    b = claim(src, "$5.1 billion", "Ardaford", "cost", 5.1e9, "USD", printed="5.1", id="budget-2")
    return a, b


def test_claims_given_the_same_fields_share_one_set() -> None:
    a, b = _two()
    assert a.__pydantic_fields_set__ is b.__pydantic_fields_set__
    assert a.anchor.__pydantic_fields_set__ is b.anchor.__pydantic_fields_set__
    assert a.__pydantic_fields_set__ == set(a.model_dump(exclude_unset=True))


def test_a_copy_shares_the_set_of_its_own_names_and_leaves_the_original_alone() -> None:
    a, b = _two()
    before = set(a.__pydantic_fields_set__)
    bare = Claim.model_validate(a.model_dump(exclude_unset=True, exclude={"note"}))
    moved = bare.model_copy(update={"note": "checked"})
    assert moved.note == "checked" and "note" in moved.__pydantic_fields_set__
    assert "note" not in bare.__pydantic_fields_set__
    assert a.__pydantic_fields_set__ == before
    again = bare.model_copy(update={"note": "again"})
    assert again.__pydantic_fields_set__ is moved.__pydantic_fields_set__


def test_validated_claims_round_trip_unchanged() -> None:
    a, _ = _two()
    back = Claim.model_validate_json(a.model_dump_json())
    assert back == a
    assert back.model_dump_json() == a.model_dump_json()
    assert back.__pydantic_fields_set__ == set(Claim.model_fields) - {"base"}  # JSON gives every field but an empty base


def test_claims_back_from_a_worker_share_their_equal_parts_and_read_the_same() -> None:
    import pickle

    from verifier.models.claim import Decision

    a, b = _two()
    a = a.model_copy(update={"decided": {"holder": Decision(by="sentence subject", confidence=0.9)}})
    b = b.model_copy(update={"decided": {"holder": Decision(by="sentence subject", confidence=0.9),
                                         "measured": Decision(by="noun before the verb", confidence=0.8)}})
    a2, b2 = pickle.loads(pickle.dumps(a)), pickle.loads(pickle.dumps(b))  # each its own copies, as from two workers
    assert a2.attribution is not b2.attribution and a2.decided["holder"] is not b2.decided["holder"]
    a2, b2 = a2.share_parts(), b2.share_parts()
    assert a2.attribution is b2.attribution and a2.decided["holder"] is b2.decided["holder"]
    assert b2.decided["measured"].by == "noun before the verb" and b2.decided["measured"] is not b2.decided["holder"]
    assert (a2, b2) == (a, b) and a2.model_dump_json() == a.model_dump_json()


def test_articles_back_from_a_worker_or_the_article_cache_share_their_set_of_given_fields() -> None:
    """An article comes back by pickle from a reading worker and from the article cache: each
    must point at the shared set of its names, not carry its own (two ~730-byte sets an article)."""
    import pickle

    src = art("budget", BODY)
    a, b = pickle.loads(pickle.dumps(src)), pickle.loads(pickle.dumps(src))
    assert a.__pydantic_fields_set__ is b.__pydantic_fields_set__ is src.__pydantic_fields_set__
    assert a.meta.__pydantic_fields_set__ is b.meta.__pydantic_fields_set__
    assert a == src and a.model_dump_json() == src.model_dump_json()
    assert a.model_dump(exclude_unset=True) == src.model_dump(exclude_unset=True)


def test_an_article_digest_is_its_content_computed_once_and_never_another_instances(monkeypatch) -> None:
    """Source.digest is kept per instance by id, read only while the id still leads to that
    instance: an id outlives its object and is reused by another."""
    import hashlib
    import weakref

    from verifier.models import source as sources

    a, b = art("budget", BODY), art("budget", BODY)
    want = hashlib.sha1(a.model_dump_json().encode()).hexdigest()
    calls: list = []
    real = type(a).model_dump_json
    monkeypatch.setattr(type(a), "model_dump_json", lambda self, **kw: calls.append(1) or real(self, **kw))
    assert a.digest() == want and a.digest() == want and len(calls) == 1
    assert b.digest() == want and len(calls) == 2 and a == b
    gone = art("other", "Another text of 12 lines.")
    monkeypatch.setitem(sources._DIGESTS, id(b), (weakref.ref(gone), "stale"))  # as if b's id had been another article's
    assert b.digest() == want and art("x", "An article of 3 lines.").digest() != want


def test_digests_of_articles_gone_are_swept_once_the_table_doubles(monkeypatch) -> None:
    import gc
    import weakref

    from verifier.models import source as sources

    monkeypatch.setattr(sources, "_DIGESTS", {})
    monkeypatch.setattr(sources, "_sweep_at", 3)
    kept = art("kept", BODY)
    kept.digest()
    gone = [art(f"gone{i}", BODY) for i in range(2)]  # two articles digested, then gone
    for g in gone:
        g.digest()
    del gone, g
    gc.collect()
    assert len(sources._DIGESTS) == 3 and sum(ref() is None for ref, _ in sources._DIGESTS.values()) == 2
    late = art("late", BODY)
    late.digest()  # the table is full: the dead entries go first
    assert {ref() is None for ref, _ in sources._DIGESTS.values()} == {False}
    assert sources._DIGESTS[id(kept)][0]() is kept and sources._DIGESTS[id(late)][0]() is late
    assert sources._sweep_at == 1024 and isinstance(sources._DIGESTS[id(late)][0], weakref.ref)
