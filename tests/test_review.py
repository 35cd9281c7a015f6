"""The review desk (``verifier review``) through Flask's test client: the token, escaping,
decisions written byte for byte, stale edits refused, invalid edits writing nothing, and the
findings recomputed after an edit. The corpus is written into a temporary folder."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from review_corpus import EVIL_TITLE, HEADER, INNER, PAYLOAD, TOKEN, quote_id, record_block, write_review_corpus
from verifier.review import create_app


@pytest.fixture
def corpus(tmp_path: Path) -> Path:
    return write_review_corpus(tmp_path / "desk")


@pytest.fixture
def client(corpus: Path):
    return create_app([corpus], token=TOKEN).test_client()


def records(corpus: Path) -> str:
    return (corpus / "claims" / "budget.yaml").read_text(encoding="utf-8")


def page(client, url: str) -> str:
    sep = "&" if "?" in url else "?"
    response = client.get(f"{url}{sep}t={TOKEN}")
    assert response.status_code == 200, response.data[:500]
    return response.get_data(as_text=True)


def read_state(client, claim_id: str) -> dict[str, str]:
    """The hidden fields of a claim's form that say what it was read from: ``version`` and ``article``."""
    html = page(client, f"/claim/{claim_id}")
    return {k: re.search(rf'name="{k}" value="(\w+)"', html).group(1) for k in ("version", "article")}


def version_of(client, claim_id: str) -> str:
    return read_state(client, claim_id)["version"]


def post(client, claim_id: str, **fields: str):
    data = {"token": TOKEN, "back": "article", **fields}
    for key, value in read_state(client, claim_id).items():
        data.setdefault(key, value)
    return client.post(f"/claim/{claim_id}", data=data)


def test_every_page_needs_the_token(client, corpus: Path) -> None:
    for url in ("/", "/queue", "/article/budget", "/claim/budget-x001"):
        assert client.get(url).status_code == 403
        assert client.get(url + "?t=wrong").status_code == 403
    assert "Harbor" in page(client, "/")


def test_a_post_needs_the_token_in_the_form(client, corpus: Path) -> None:
    before = records(corpus)
    cid = quote_id(before, "40 million dollars")
    state = read_state(client, cid)
    response = client.post(f"/claim/{cid}?t={TOKEN}", data={**state, "status": "accepted"})  # in the address only
    assert response.status_code == 403
    assert records(corpus) == before


def test_no_cookie_the_links_carry_the_token(client) -> None:
    response = client.get(f"/?t={TOKEN}")
    assert "Set-Cookie" not in response.headers
    html = response.get_data(as_text=True)
    assert f'href="/article/budget?t={TOKEN}"' in html and f'href="/queue?t={TOKEN}"' in html
    assert response.headers["Referrer-Policy"] == "no-referrer"
    assert client.get("/queue").status_code == 403  # the first page left nothing behind


def test_article_html_is_escaped(client) -> None:
    for html in (page(client, "/article/budget"), page(client, "/")):
        assert "<script>document.title" not in html and "<img src=x" not in html
        assert "&lt;script&gt;document.title=&#39;pwned&#39;&lt;/script&gt; Harbor city budget" in html
    body = page(client, "/article/budget")
    assert "&lt;img src=x onerror=&#34;document.body.dataset.pwned=" in body  # the 1 after it is a figure, marked
    assert EVIL_TITLE not in body and PAYLOAD not in body


def test_overview_counts(client) -> None:
    html = page(client, "/")
    row = re.search(r'<tr>\s*<td><a href="/article/budget\?t=[\w-]+">.*?</tr>', html, re.S).group(0)
    cells = [re.sub(r"<[^>]+>", "", c).strip() for c in re.findall(r"<td[^>]*>(.*?)</td>", row, re.S)]
    # figures 7 (two of them years), 5 covered; 0 accepted, 5 proposed, 0 rejected; 1 error (V108; V101 on the same figures is the same finding)
    assert cells[1:8] == ["7", "71%", "0", "5", "0", "1", "0"]


def test_article_marks_figures_by_state(client) -> None:
    html = page(client, "/article/budget")
    assert re.search(r'class="fig proposed flagged" id="fig-budget-x\d+"[^>]*>50 million dollars<', html)  # V108 names it
    assert re.search(r'class="fig proposed" id="fig-budget-x\d+"[^>]*>12<', html)
    assert re.search(r'<span class="fig none"[^>]*>2024</span>', html)
    assert "V108 derived-figure-mismatch" in html


def test_accept_writes_status_and_comment_and_nothing_else(client, corpus: Path) -> None:
    before = records(corpus)
    cid = quote_id(before, "40 million dollars")
    response = post(client, cid, status="accepted", note="checked with the finance office: page 4")
    assert response.status_code == 302
    old = record_block(before, cid)
    new = old.replace("  status: proposed\n", "  status: accepted\n").replace(
        "  note: null\n", "  note: 'checked with the finance office: page 4'\n")
    assert records(corpus) == before.replace(old, new)
    assert records(corpus).startswith(HEADER)


def test_reject_writes_only_the_status(client, corpus: Path) -> None:
    before = records(corpus)
    cid = quote_id(before, "'12'")
    assert post(client, cid, status="rejected", note="").status_code == 302
    old = record_block(before, cid)
    assert records(corpus) == before.replace(old, old.replace("  status: proposed\n", "  status: rejected\n"))


def test_correcting_a_value_recomputes_the_findings(client, corpus: Path) -> None:
    before = records(corpus)
    cid = quote_id(before, "50 million dollars")
    assert "V108" in page(client, "/article/budget")
    response = post(client, cid, status="accepted", number="52,000,000", unit="USD", note="the office's table says 52 million")
    assert response.status_code == 302
    old = record_block(before, cid)
    assert INNER in old
    new = old.replace("    number: 50000000.0\n", "    number: 52000000\n").replace("  status: proposed\n", "  status: accepted\n")
    new = new.replace("  note: null\n", "  note: the office's table says 52 million\n")
    assert records(corpus) == before.replace(old, new)
    html = page(client, response.headers["Location"])
    changed = re.search(r'<div class="box changed".*?</div>', html, re.S).group(0)
    assert "gone: V108 derived-figure-mismatch" in changed and "new:" not in changed
    assert "50,000,000 USD → 52,000,000 USD" in changed
    assert not re.search(r"V108 derived-figure-mismatch</span></a>", html)


def test_a_stale_edit_is_a_conflict_and_writes_nothing(client, corpus: Path) -> None:
    cid = quote_id(records(corpus), "40 million dollars")
    stale = version_of(client, cid)
    assert post(client, cid, version=stale, status="accepted").status_code == 302
    after_first = records(corpus)
    response = post(client, cid, version=stale, status="rejected", note="from an old tab")
    assert response.status_code == 409
    assert "Not saved: conflict." in response.get_data(as_text=True)
    assert records(corpus) == after_first


def test_a_record_edited_by_hand_since_the_read_is_a_conflict(client, corpus: Path) -> None:
    cid = quote_id(records(corpus), "40 million dollars")
    stale = version_of(client, cid)
    path = corpus / "claims" / "budget.yaml"
    text = path.read_text(encoding="utf-8")
    old = record_block(text, cid)
    path.write_text(text.replace(old, old.replace("  note: null\n", "  note: seen in the editor\n")), encoding="utf-8")
    by_hand = records(corpus)
    assert post(client, cid, version=stale, status="accepted").status_code == 409
    assert records(corpus) == by_hand


@pytest.mark.parametrize("fields, message", [
    ({"number": "fifty"}, "value number: 'fifty' is not a number"),
    ({"number": "inf"}, "value number: 'inf' is not a finite number"),
    ({"status": "maybe"}, "status must be one of accepted, rejected, proposed, not 'maybe'"),
    ({"metric": "  "}, "metric: a record needs a metric"),
    ({"low": "3"}, "value low: the record has no low (a point value)"),
])
def test_an_invalid_edit_writes_nothing_and_says_why(client, corpus: Path, fields: dict, message: str) -> None:
    before = records(corpus)
    cid = quote_id(before, "50 million dollars")
    response = post(client, cid, **fields)
    assert response.status_code == 422
    html = response.get_data(as_text=True)
    assert message.replace("'", "&#39;") in html and 'id="error"' in html
    assert records(corpus) == before


def test_an_edit_the_record_model_refuses_writes_nothing(client, corpus: Path) -> None:
    before = records(corpus)
    cid = quote_id(before, "50 million dollars")
    response = post(client, cid, number="-5", unit="USD", metric="budget")  # accepted by the model: a control
    assert response.status_code == 302
    text = records(corpus)
    response = client.post(f"/claim/{cid}", data={"token": TOKEN, **read_state(client, cid), "status": "accepted",
                                                   "number": "1e400"})
    assert response.status_code == 422 and records(corpus) == text


def test_queue_walks_the_proposals_with_progress(client, corpus: Path) -> None:
    html = page(client, "/queue?source=budget")
    assert "0 of 5 records reviewed · 5 proposals left" in html
    first = re.search(r'action="/claim/([^"?]+)', html).group(1)
    skipped = page(client, f"/queue?source=budget&after={first}")
    second = re.search(r'action="/claim/([^"?]+)', skipped).group(1)
    assert second != first
    response = client.post(f"/claim/{second}", data={"token": TOKEN, **read_state(client, second), "back": "queue",
                                                      "source": "budget", "status": "accepted", "note": ""})
    assert response.status_code == 302 and "/queue?" in response.headers["Location"]
    assert "1 of 5 records reviewed · 4 proposals left" in page(client, response.headers["Location"])


def test_finding_page_shows_operands_side_by_side(client) -> None:
    html = page(client, "/article/budget")
    fid = re.search(r'href="/finding/(\w+)\?t=[\w-]+"><span class="sev-error">V108', html).group(1)
    shown = page(client, f"/finding/{fid}")
    assert "<th>Recomputed</th><td>[22.22, 27.85] %" in shown
    assert shown.count('class="sentence"') == 3  # the stated figure and its two operands
    assert "40 million dollars" in shown and "50 million dollars" in shown
    assert "Citation chain" in shown and "budget (secondary)" in shown


def test_propose_writes_records_for_an_article_without_them(tmp_path: Path) -> None:
    root = write_review_corpus(tmp_path / "desk")
    (root / "claims" / "rain.yaml").unlink()
    client = create_app([root], token=TOKEN).test_client()
    assert "1 article(s) have no records file yet" in page(client, "/")
    assert client.post("/propose", data={"token": TOKEN}).status_code == 302
    assert "status: proposed" in (root / "claims" / "rain.yaml").read_text(encoding="utf-8")
    assert "no records file yet" not in page(client, "/")


def test_the_command_refuses_an_unreadable_corpus_before_listening(tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from verifier.cli import app

    root = write_review_corpus(tmp_path / "desk")
    (root / "claims" / "budget.yaml").write_text("- id: [unclosed\n", encoding="utf-8")
    result = CliRunner().invoke(app, ["review", str(root)])
    assert result.exit_code == 2
    assert result.output == "claims/budget.yaml:2: invalid YAML: did not find expected ',' or ']'\n"


def test_the_command_refuses_standard_input() -> None:
    from typer.testing import CliRunner

    from verifier.cli import app

    result = CliRunner().invoke(app, ["review", "-"])
    assert result.exit_code == 2
    assert result.output == "verifier: error: review writes records beside the articles; standard input cannot be reviewed\n"


def test_only_the_desks_own_script_may_run(client) -> None:
    response = client.get(f"/queue?t={TOKEN}")
    policy = response.headers["Content-Security-Policy"]
    nonce = re.search(r"script-src 'nonce-([\w-]+)'", policy).group(1)
    assert f'<script nonce="{nonce}">' in response.get_data(as_text=True)
    assert "unsafe-inline'; img" in policy and "script-src 'unsafe-inline'" not in policy
    assert nonce not in client.get(f"/queue?t={TOKEN}").headers["Content-Security-Policy"]  # a new one per page


def test_the_server_listens_on_this_machine_only_by_default(tmp_path: Path) -> None:
    from verifier.review.app import bind

    server, address = bind([write_review_corpus(tmp_path / "desk")])
    try:
        assert server.server_address[0] == "127.0.0.1"
        assert re.fullmatch(rf"http://127\.0\.0\.1:{server.server_port}/\?t=[\w-]{{24}}", address)
    finally:
        server.server_close()


def test_a_records_file_broken_by_hand_is_shown_not_served_stale(client, corpus: Path) -> None:
    assert "Harbor" in page(client, "/")
    (corpus / "claims" / "budget.yaml").write_text("- id: [unclosed\n", encoding="utf-8")
    response = client.get(f"/?t={TOKEN}")
    assert response.status_code == 500
    assert "claims/budget.yaml:2: invalid YAML" in response.get_data(as_text=True)


def test_a_file_that_cannot_be_written_is_an_error_on_the_page(client, corpus: Path, monkeypatch) -> None:
    import verifier.ingest.rewrite as rewrite

    def refuse(path, write):
        raise PermissionError(13, "Permission denied")

    before = records(corpus)
    cid = quote_id(before, "40 million dollars")
    version = version_of(client, cid)
    monkeypatch.setattr(rewrite, "write_atomic", refuse)
    response = post(client, cid, version=version, status="accepted")
    assert response.status_code == 422
    assert "claims/budget.yaml: cannot write: Permission denied" in response.get_data(as_text=True)
    assert records(corpus) == before
