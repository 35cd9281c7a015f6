"""The review desk on a shared machine: what another writer of the records file cannot lose,
and what a decision read from an older version of its article cannot write. Through Flask's
test client."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest

from review_corpus import TOKEN, quote_id, record_block, write_review_corpus
from test_review import post, read_state, records
from verifier.review import create_app


@pytest.fixture
def corpus(tmp_path: Path) -> Path:
    return write_review_corpus(tmp_path / "desk")


@pytest.fixture
def client(corpus: Path):
    return create_app([corpus], token=TOKEN).test_client()


def test_a_decision_on_an_article_changed_since_the_read_is_refused(client, corpus: Path) -> None:
    before = records(corpus)
    cid = quote_id(before, "40 million dollars")
    state = read_state(client, cid)
    article = corpus / "sources" / "budget.md"
    text = article.read_text(encoding="utf-8")
    article.write_text(text.replace("Harbor City's parks", "Update: a new first line.\n\nHarbor City's parks"), encoding="utf-8")
    response = post(client, cid, status="accepted", **state)
    assert response.status_code == 409
    assert "the article sources/budget.md changed since this page was read" in response.get_data(as_text=True)
    assert records(corpus) == before


@pytest.fixture
def outside_writer(corpus: Path, monkeypatch):
    """Make ``change(text) -> text`` happen to the records file right after the desk first read
    it for a decision (between its read and its rename), once."""
    import verifier.review.edits as edits

    path = corpus / "claims" / "budget.yaml"
    plan: dict = {}
    splice = edits.replace_fields

    def spliced_then_changed(*args, **kwargs):
        out = splice(*args, **kwargs)
        if plan.get("change"):
            change = plan.pop("change")
            path.write_text(change(path.read_text(encoding="utf-8")), encoding="utf-8")
        return out

    monkeypatch.setattr(edits, "replace_fields", spliced_then_changed)
    return plan


def test_an_outside_append_between_read_and_write_is_kept(client, corpus: Path, outside_writer: dict) -> None:
    before = records(corpus)
    cid = quote_id(before, "40 million dollars")
    appended = "# appended by another writer while the desk was writing\n"
    outside_writer["change"] = lambda text: text + appended  # after the desk's read, before its rename
    assert post(client, cid, status="accepted").status_code == 302
    old = record_block(before, cid)
    assert records(corpus) == before.replace(old, old.replace("  status: proposed\n", "  status: accepted\n")) + appended


def test_an_outside_change_to_the_same_record_is_a_conflict_and_kept(client, corpus: Path, outside_writer: dict) -> None:
    before = records(corpus)
    cid = quote_id(before, "40 million dollars")
    old = record_block(before, cid)
    by_hand = before.replace(old, old.replace("  note: null\n", "  note: edited meanwhile\n"))
    outside_writer["change"] = lambda text: by_hand
    assert post(client, cid, status="accepted").status_code == 409
    assert records(corpus) == by_hand
    assert not list((corpus / "claims").glob(".*.tmp"))  # no temporary file left behind


def test_a_records_lock_makes_another_writer_wait(corpus: Path) -> None:
    from verifier.ingest.rewrite import locked

    path = corpus / "claims" / "budget.yaml"
    order: list[str] = []

    def writer() -> None:
        with locked(path):
            order.append("second")

    with locked(path):
        other = threading.Thread(target=writer)
        other.start()
        other.join(0.2)  # given a moment, it must still be waiting
        order.append("first")
    other.join()
    assert order == ["first", "second"]
