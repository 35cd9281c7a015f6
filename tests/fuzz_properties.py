"""The properties the fuzz tests check, as plain functions (an AssertionError or any other
exception is a failure), shared by ``tests/test_fuzz.py`` and ``benchmarks/fuzz_quantities.py``."""

from __future__ import annotations

import json
from pathlib import Path

from verifier.errors import InputError
from verifier.extract import extract_claims
from verifier.ingest.articles import clean_controls, read_article, split_front_matter
from verifier.ingest.readers import fence_of
from verifier.models import Source, SourceMeta
from verifier.quantities import extract
from verifier.quantities.limits import representable


def check_quantities(text: str) -> None:
    """:func:`verifier.quantities.extract` on ``text``: sorted, non-overlapping spans inside the
    text that slice to their surfaces, finite values (None only for dates, times and figures
    out of range), strict JSON."""
    found = extract(text)
    last_end = 0
    for q in found:
        assert 0 <= q.start < q.end <= len(text), (q.start, q.end, len(text))
        assert text[q.start:q.end] == q.surface, (text[q.start:q.end], q.surface)
        assert q.start >= last_end, f"{q.surface!r} overlaps the quantity before it"
        last_end = q.end
        assert representable(q.value) and (q.resolution is None or representable(q.resolution)), q
        if q.value is None:
            assert q.out_of_range or q.kind in ("date", "time"), q
        json.dumps(q.to_json(), allow_nan=False)


def check_claims(text: str) -> None:
    """:func:`verifier.extract.extract_claims` on a source whose body is ``text``: every
    anchor slices to its quote, every number is finite."""
    source = Source(meta=SourceMeta(id="fuzz", title="fuzz", languages=["en", "zh"], tier="secondary"),
                    path="sources/fuzz.md", body=text)
    for c in extract_claims(source):
        assert text[c.anchor.start:c.anchor.end] == c.anchor.quote, c.anchor
        assert c.anchor.prefix == text[max(0, c.anchor.start - len(c.anchor.prefix)):c.anchor.start]
        assert all(representable(x) for x in (c.value.number, c.value.low, c.value.high)), c.value


def check_article_file(text: str, folder: Path, reader=read_article, suffix: str = ".md") -> None:
    """Write ``text`` as ``folder/a<suffix>`` (UTF-8) and read it back with ``reader`` (path,
    display name -> Source): either a Source whose body is the end of the text (what follows
    the front matter, or all of it, control characters read as spaces) and whose body line is
    right, or an
    :class:`~verifier.errors.InputError`; nothing else. A new reader (plain text, HTML) is
    checked by passing it here; one that changes the body (markup removed) needs its own
    body property beside this one."""
    path = folder / f"a{suffix}"
    path.write_bytes(text.encode("utf-8"))
    decoded = text[1:] if text.startswith("\ufeff") else text
    try:
        front, body, line = split_front_matter(decoded, fence_of(decoded))
    except ValueError:
        front = body = line = None
    if body is not None:
        assert decoded.endswith(body) and line == decoded[:len(decoded) - len(body)].count("\n") + 1
        assert (front is None) == (body == decoded)
    shown = f"sources/a{suffix}"
    try:
        src = reader(path, shown)
    except InputError as err:
        assert str(err).startswith(shown), str(err)
        return
    # control characters are read as spaces, one for one (verifier.ingest.articles.clean_controls)
    assert body is not None and src.body == clean_controls(body)[0] and src.body_line == line


def _refuse_constant(name: str) -> None:
    raise ValueError(f"not JSON: {name}")


def check_audit(pair: tuple[str, str]) -> None:
    """Two articles with bodies ``pair`` extracted, audited by every enabled rule and rendered in
    every format: no rule crashes (an 'internal-error' finding), JSON outputs are strict JSON."""
    from verifier.engine import audit
    from verifier.ingest.corpus import Corpus
    from verifier.report import RENDERERS, render

    sources = [Source(meta=SourceMeta(id=sid, title=sid, languages=["en", "zh"], tier="secondary"),
                      path=f"sources/{sid}.md", body=body) for sid, body in zip(("a", "b"), pair)]
    claims = [c for s in sources for c in extract_claims(s)]
    report = audit(Corpus(sources={s.id: s for s in sources}, external={}, claims=claims))
    crashed = [f.message for f in report.findings if f.name == "internal-error"]
    assert not crashed, crashed
    for fmt in RENDERERS:
        out = render(report, fmt)
        if fmt in ("json", "claimreview"):
            json.loads(out, parse_constant=_refuse_constant)
