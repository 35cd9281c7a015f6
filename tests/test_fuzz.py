"""Property-based tests of the quantity layer, the claim extractor and the article reader.

Texts are written from the grammar of numbers mixed with noise (:mod:`tests.strategies`).
Properties: nothing raises; every span lies inside the text and slices to its surface (or
quote); values are finite or absent; JSON is strict. The run is bounded and reproducible in
CI (profile "ci" in ``tests/conftest.py``: 200 examples, derandomized); the long campaign is
``benchmarks/fuzz_quantities.py``. The reader tests here write arbitrary bytes-level text
as Markdown and plain-text files; ``tests/test_fuzz_readers.py`` drives the readers with
generated front matter (YAML, TOML, misspelt keys) and HTML pages.
"""

from __future__ import annotations

import tempfile
from pathlib import Path

import pytest
from hypothesis import given

from tests.strategies import article_files, texts
from tests.fuzz_properties import check_article_file, check_claims, check_quantities
from verifier.ingest.articles import read_article


@given(texts())
def test_quantities_never_raise_and_slice_to_their_surface(text: str) -> None:
    check_quantities(text)


@given(texts(max_pieces=25))
def test_claim_extraction_never_raises_and_anchors_slice_to_their_quote(text: str) -> None:
    check_claims(text)


READERS = [(read_article, ".md"), (read_article, ".txt"), (read_article, "")]
"""(reader, file suffix) pairs the reader fuzz drives: the Markdown reader, and the plain-text
reader for ``.txt`` and for no extension. The HTML reader changes the body (markup removed),
so its property lives in ``tests/test_fuzz_readers.py``."""


@pytest.mark.parametrize("reader, suffix", READERS)
@given(text=article_files())
def test_reading_an_article_file_never_fails_but_with_an_input_error(reader, suffix: str, text: str) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        check_article_file(text, Path(tmp), reader, suffix)
