"""The review desk on a shared machine: what a hostile or careless client, another server on
127.0.0.1, or another writer of the records file cannot do. Through Flask's test client, and
through a real server on a free port spoken to with raw sockets (idle connections, a body too
large, bytes that are not ASCII)."""

from __future__ import annotations

import socket
import threading
from pathlib import Path

import pytest

from review_corpus import TOKEN, quote_id, record_block, write_review_corpus
from test_review import post, read_state, records
from verifier.review import create_app
from verifier.review.app import bind, exposure
from verifier.review.edits import MAX_TEXT
from verifier.review.guard import MAX_REQUEST_BYTES

CLIENT_WAIT = 20.0
"""Seconds a raw socket in these tests waits for the server before the test fails."""


@pytest.fixture
def corpus(tmp_path: Path) -> Path:
    return write_review_corpus(tmp_path / "desk")


@pytest.fixture
def client(corpus: Path):
    return create_app([corpus], token=TOKEN).test_client()


@pytest.fixture
def server(corpus: Path):
    """A desk served in a thread, closing connections silent for one second; yields its port."""
    srv, _ = bind([corpus], token=TOKEN, timeout=1.0)
    thread = threading.Thread(target=srv.serve_forever, daemon=True)
    thread.start()
    try:
        yield srv.server_port
    finally:
        srv.shutdown()
        srv.server_close()
        thread.join()


def exchange(port: int, request: bytes) -> bytes:
    """Send ``request`` on a new connection and read until the server closes it."""
    with socket.create_connection(("127.0.0.1", port), timeout=CLIENT_WAIT) as s:
        s.sendall(request)
        return read_all(s)


def read_all(s: socket.socket) -> bytes:
    chunks = []
    while chunk := s.recv(65536):
        chunks.append(chunk)
    return b"".join(chunks)


def get(path: str) -> bytes:
    return f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n".encode()


def status(response: bytes) -> int:
    return int(response.split(b" ", 2)[1])


def test_every_response_forbids_framing(client, corpus: Path) -> None:
    cid = quote_id(records(corpus), "40 million dollars")
    responses = [client.get(f"/?t={TOKEN}"), client.get("/"), client.get(f"/article/nothing?t={TOKEN}"),
                 client.post(f"/claim/{cid}", data={"token": TOKEN, "version": "stale", "article": "x"}),
                 client.post("/propose", data={"token": TOKEN, "note": "x" * MAX_REQUEST_BYTES})]
    assert [r.status_code for r in responses] == [200, 403, 404, 409, 413]
    for r in responses:
        assert "frame-ancestors 'none'" in r.headers["Content-Security-Policy"]
        assert r.headers["X-Frame-Options"] == "DENY"


@pytest.mark.parametrize("token", ["é", "%FF%FE", "test-token-12é", TOKEN[:-1], TOKEN + "x", "", "\u202e" * 40])
def test_a_malformed_token_is_403_not_an_error(client, token: str) -> None:
    assert client.get(f"/queue?t={token}").status_code == 403
    assert client.post("/propose", data={"token": token}).status_code == 403


def test_a_token_of_raw_bytes_that_are_not_ascii_is_403(server: int) -> None:
    for raw in (b"\xc3\xa9", b"\xff\xfe", "test-token-12é".encode()):
        response = exchange(server, b"GET /queue?t=" + raw + b" HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
        assert status(response) == 403 and b"Traceback" not in response


@pytest.mark.parametrize("cookie", ["verifier_review", "verifier_review_8000", "session"])
def test_a_cookie_another_desk_would_set_is_not_a_token(server: int, cookie: str) -> None:
    # a browser sends a cookie to every port of 127.0.0.1, so the desk takes the token from none
    request = f"GET /queue HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: {cookie}={TOKEN}\r\nConnection: close\r\n\r\n"
    assert status(exchange(server, request.encode())) == 403
    assert status(exchange(server, get(f"/queue?t={TOKEN}"))) == 200  # a control


def test_an_idle_connection_does_not_hold_the_desk(server: int) -> None:
    with socket.create_connection(("127.0.0.1", server), timeout=CLIENT_WAIT) as idle:
        idle.sendall(b"GET / HTTP/1.1\r\n")  # a request begun and never finished, as a stalled client leaves it
        assert status(exchange(server, get(f"/?t={TOKEN}"))) == 200  # answered while the idle one is open
        assert read_all(idle) == b""  # and the idle one is closed by the server's socket timeout, not held for ever


def test_a_body_over_the_limit_is_413_unread_and_writes_nothing(server: int, corpus: Path) -> None:
    before = records(corpus)
    cid = quote_id(before, "40 million dollars")
    head = (f"POST /claim/{cid} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n"
            "Content-Type: application/x-www-form-urlencoded\r\nContent-Length: 200000000\r\n\r\n")
    response = exchange(server, head.encode())  # the 200 MB never follow: refused on the header alone
    assert status(response) == 413 and b"at most 1,048,576 bytes" in response
    assert records(corpus) == before


def test_a_note_over_the_limit_is_refused_with_a_reason(client, corpus: Path) -> None:
    before = records(corpus)
    cid = quote_id(before, "40 million dollars")
    response = post(client, cid, status="accepted", note="x" * (MAX_TEXT + 1))
    assert response.status_code == 422
    assert f"note: {MAX_TEXT + 1:,} characters; a field holds at most {MAX_TEXT:,}" in response.get_data(as_text=True)
    assert records(corpus) == before
    assert post(client, cid, status="accepted", note="x" * MAX_TEXT).status_code == 302  # the limit itself is allowed


def test_listening_beyond_this_machine_warns(corpus: Path) -> None:
    for host, warned in (("127.0.0.1", False), ("0.0.0.0", True)):
        srv, _ = bind([corpus], host=host)
        try:
            warning = exposure(srv)
        finally:
            srv.server_close()
        assert (warning is not None) == warned
    assert warning == (f"verifier review: warning: listening on 0.0.0.0:{srv.server_port}, beyond this machine, "
                       "over plain HTTP: the token in the address travels in the clear")


def test_the_command_prints_the_warning_on_stderr(corpus: Path, monkeypatch) -> None:
    from typer.testing import CliRunner
    from werkzeug.serving import BaseWSGIServer

    from verifier.cli import app

    def stop(self, *args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(BaseWSGIServer, "serve_forever", stop)
    result = CliRunner().invoke(app, ["review", str(corpus), "--host", "0.0.0.0"])
    assert result.exit_code == 0
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("verifier review: warning: listening on 0.0.0.0:")
    assert "open http://0.0.0.0:" in result.stdout
    local = CliRunner().invoke(app, ["review", str(corpus)])
    assert local.exit_code == 0 and local.stderr == ""


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
