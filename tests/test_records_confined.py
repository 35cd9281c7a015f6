"""Records are never written through a symbolic link that leaves the corpus (issue 35):
``claims/`` (or a records file) linked to another folder is refused with one line naming the
link and exit 2, before anything is written; a link that stays inside the corpus is followed."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.builders import copy_fixture, run_cli
from verifier.errors import InputError
from verifier.ingest.confine import refuse_outside


@pytest.fixture()
def corpus(tmp_path: Path) -> Path:
    return copy_fixture(tmp_path)


def _snapshot(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir())}


def _claims_elsewhere(corpus: Path, tmp_path: Path) -> Path:
    """Move the corpus's claims/ to a folder outside it and leave a link in its place."""
    elsewhere = tmp_path / "other-corpus" / "claims"
    elsewhere.parent.mkdir()
    (corpus / "claims").rename(elsewhere)
    (elsewhere / "beta.yaml").unlink()  # extract would propose records for beta
    (corpus / "claims").symlink_to(elsewhere, target_is_directory=True)
    return elsewhere


@pytest.mark.parametrize("dry_run", [False, True])
def test_extract_refuses_a_claims_folder_linked_out_of_the_corpus(corpus: Path, tmp_path: Path, dry_run: bool,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    elsewhere = _claims_elsewhere(corpus, tmp_path)
    before = _snapshot(elsewhere)
    monkeypatch.chdir(tmp_path)
    result = run_cli("extract", "corpus", *(["--dry-run"] if dry_run else []))
    assert result.exit_code == 2
    assert result.stderr == (f"corpus/claims: the claims folder is a symbolic link to {elsewhere}, outside the corpus "
                             "folder corpus; records are not written through it (make it a folder or file of the corpus)\n")
    assert result.stdout == ""
    assert _snapshot(elsewhere) == before  # nothing written there, beta.yaml not created


def test_extract_refuses_a_records_file_linked_out_of_the_corpus(corpus: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    outside = tmp_path / "beta-records.yaml"
    outside.write_text("[]\n", encoding="utf-8")
    (corpus / "claims" / "beta.yaml").unlink()
    (corpus / "claims" / "beta.yaml").symlink_to(outside)
    before = _snapshot(corpus / "claims")
    monkeypatch.chdir(tmp_path)
    result = run_cli("extract", "corpus")
    assert result.exit_code == 2
    assert result.stderr == (f"corpus/claims/beta.yaml: the records file is a symbolic link to {outside}, outside the "
                             "corpus folder corpus; records are not written through it (make it a folder or file of the corpus)\n")
    assert outside.read_text(encoding="utf-8") == "[]\n"
    assert _snapshot(corpus / "claims") == before  # alpha.yaml, read first in name order, was not touched either


def test_a_link_inside_the_corpus_is_followed(corpus: Path) -> None:
    (corpus / "claims").rename(corpus / "records")
    (corpus / "records" / "beta.yaml").unlink()
    (corpus / "claims").symlink_to("records", target_is_directory=True)
    result = run_cli("extract", str(corpus))
    assert result.exit_code == 0, result.output
    assert (corpus / "records" / "beta.yaml").is_file()


def test_reanchor_refuses_records_linked_out_of_the_corpus(corpus: Path, tmp_path: Path) -> None:
    elsewhere = tmp_path / "other-corpus" / "claims"
    elsewhere.parent.mkdir()
    (corpus / "claims").rename(elsewhere)
    (corpus / "claims").symlink_to(elsewhere, target_is_directory=True)
    article = corpus / "sources" / "alpha.md"
    article.write_text(article.read_text(encoding="utf-8").replace("---\nZephyr Labs", "---\nA new opening line.\nZephyr Labs", 1), encoding="utf-8")
    before = _snapshot(elsewhere)
    result = run_cli("reanchor", str(corpus))
    assert result.exit_code == 2
    assert result.stderr.startswith(f"{corpus / 'claims'}: the claims folder is a symbolic link to {elsewhere}, outside")
    assert _snapshot(elsewhere) == before


def test_refuse_outside_names_nothing_for_plain_folders(tmp_path: Path) -> None:
    claims = tmp_path / "corpus" / "claims"
    claims.mkdir(parents=True)
    refuse_outside(claims / "new.yaml")  # no link: nothing to refuse
    (tmp_path / "out").mkdir()
    (claims / "x.yaml").symlink_to(tmp_path / "out" / "x.yaml")  # a link to nothing yet, outside
    with pytest.raises(InputError, match="the records file is a symbolic link to"):
        refuse_outside(claims / "x.yaml")


def test_the_review_desk_refuses_an_edit_through_a_link_out_of_the_corpus(corpus: Path, tmp_path: Path) -> None:
    from verifier.ingest.records import read_claims
    from verifier.review.edits import EditError, ReadState, apply_edit, article_version, version

    elsewhere = _claims_elsewhere(corpus, tmp_path)
    before = _snapshot(elsewhere)
    path = corpus / "claims" / "alpha.yaml"
    claim = read_claims(path)[0][0]
    with pytest.raises(EditError, match="the claims folder is a symbolic link to .*, outside the corpus folder"):
        article = corpus / "sources" / "alpha.md"
        read = ReadState(version(claim), article, "sources/alpha.md", article_version(article))
        apply_edit(path, "claims/alpha.yaml", claim.id, read, {"status": "rejected"})
    assert _snapshot(elsewhere) == before
