"""Re-anchoring under synthetic edits of an article's text (run by hand).

    .venv/bin/python benchmarks/reanchor_edits.py [ROOT ...] [--show] [--extracted]

For every record of the corpus (default: the shipped one), or with ``--extracted`` every
claim extraction proposes (for folders of articles without records, such as
``tests/fixtures/reference/*``), the record's article is edited in one of five ways,
each written from the nature of an edit, not from any sentence, and the record re-anchored
(:func:`verifier.ingest.reanchor.reanchor`) in the edited text:

* ``insert``: a sentence inserted at the start of the body -> expected Moved, offsets shifted;
* ``rewrap``: a line break put into every 17th pair of neighbouring CJK characters (a
  re-wrapped Chinese paragraph renders as before) -> expected the anchor to hold, or Moved
  to where the quote now is;
* ``digit``: the last digit of the quote changed (9 -> 0, else + 1) -> expected Changed at the
  same place with the new quote, or Ambiguous; Orphaned only for a record with less than
  MIN_SIDE characters of context (nothing tells its place then); never Moved, never another place;
* ``delete``: the record's line deleted -> expected Orphaned or Ambiguous; never Moved or
  Changed (a place on another line would be the wrong claim);
* ``twin``: the record's line copied to the end of the article, and the figure corrected in
  the original (the near-duplicate edit: the old quote still occurs word for word, in a
  sentence elsewhere) -> expected Changed at the original place, or Ambiguous; never Moved.
  (A copy right below the line would be ill-posed: 'copy below, edit the upper' and 'insert
  an edited copy above' are the same text, and the second is rightly Moved.)

Prints, per edit, how many records gave each outcome and how many were wrong (another place,
or an outcome the edit excludes), and the time per record.
"""

from __future__ import annotations

import argparse
import re
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from verifier.ingest.corpus import load_corpus  # noqa: E402
from verifier.ingest.reanchor import MIN_SIDE, Ambiguous, Changed, Moved, Orphaned, reanchor  # noqa: E402
from verifier.ingest.rendered import CJK  # noqa: E402
from verifier.models.claim import Anchor  # noqa: E402

NOTE = "Corrected on 3 March: an earlier version misstated a date. "


def _rewrap(body: str) -> tuple[str, list[int]]:
    """``body`` with a line break after every 17th character between two CJK characters, and
    the offsets where breaks went in (for mapping old offsets)."""
    out, breaks, n = [], [], 0
    for i, ch in enumerate(body):
        out.append(ch)
        if CJK.match(ch) and i + 1 < len(body) and CJK.match(body[i + 1]):
            n += 1
            if n % 17 == 0:
                out.append("\n")
                breaks.append(i + 1)
    return "".join(out), breaks


def _bump(quote: str) -> str | None:
    """The quote with its last ASCII digit changed."""
    m = list(re.finditer(r"[0-9]", quote))
    if not m:
        return None
    at = m[-1].start()
    return quote[:at] + ("0" if quote[at] == "9" else str(int(quote[at]) + 1)) + quote[at + 1:]


def _line(body: str, start: int) -> tuple[int, int]:
    """The line of ``body`` holding offset ``start`` (start, end past its line break)."""
    a = body.rfind("\n", 0, start) + 1
    b = body.find("\n", start)
    return a, (len(body) if b < 0 else b + 1)


def judge(kind: str, body: str, a: Anchor) -> tuple[str, bool]:
    """(outcome name, wrong?) of re-anchoring ``a`` after edit ``kind`` of ``body``; ('skip', False) when the edit does not apply."""
    if kind == "insert":
        got = reanchor(NOTE + body, a)
        ok = isinstance(got, Moved) and got.anchor.start == a.start + len(NOTE)
        return _name(got), not ok
    if kind == "rewrap":
        text, breaks = _rewrap(body)
        if not breaks:
            return "skip", False
        got = reanchor(text, a)
        want = a.start + sum(1 for b in breaks if b <= a.start)
        ok = got is a and text[a.start:a.end].replace("\n", "") == a.quote.replace("\n", "") or \
            isinstance(got, Moved) and got.anchor.start in (want, want - 1, want + 1) or isinstance(got, Anchor)
        return _name(got), not ok
    if kind == "digit":
        new = _bump(a.quote)
        if new is None:
            return "skip", False
        got = reanchor(body[:a.start] + new + body[a.end:], a)
        ok = isinstance(got, Changed) and got.anchor.start == a.start or isinstance(got, Ambiguous) \
            or isinstance(got, Orphaned) and len(a.prefix.strip()) + len(a.suffix.strip()) < MIN_SIDE
        return _name(got), not ok
    ls, le = _line(body, a.start)
    if kind == "delete":
        if a.end > le:
            return "skip", False
        got = reanchor(body[:ls] + body[le:], a)
        return _name(got), isinstance(got, (Moved, Changed))
    new = _bump(a.quote)
    if new is None or a.end > le:
        return "skip", False
    line = body[ls:le].rstrip("\n")
    edited = body[:a.start] + new + body[a.end:] + "\n\n" + line + "\n"
    got = reanchor(edited, a)
    ok = isinstance(got, Changed) and got.anchor.start == a.start or isinstance(got, Ambiguous)
    return _name(got), not ok


def _name(got: object) -> str:
    return "held" if isinstance(got, Anchor) else got.name  # type: ignore[attr-defined]


def main() -> None:
    """Run every edit on every record of the corpora given."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("roots", nargs="*", type=Path, default=[ROOT])
    ap.add_argument("--show", action="store_true", help="list the wrong outcomes")
    ap.add_argument("--extracted", action="store_true", help="anchors of the claims extraction proposes, not of the records")
    args = ap.parse_args()
    corpus = load_corpus(args.roots)
    claims = corpus.claims
    if args.extracted:
        from verifier.extract import extract_claims

        claims = [c for src in corpus.sources.values() for c in extract_claims(src)]
    print(f"{len(claims)} anchors in {len(corpus.sources)} articles")
    for kind in ("insert", "rewrap", "digit", "delete", "twin"):
        counts, wrong, shown = Counter(), 0, []
        t0 = time.perf_counter()
        for c in claims:
            name, bad = judge(kind, corpus.sources[c.source].body, c.anchor)
            counts[name] += 1
            if bad:
                wrong += 1
                shown.append(f"  {c.id} {c.anchor.quote!r}: {name}")
        per = (time.perf_counter() - t0) / max(1, len(claims)) * 1000
        print(f"{kind:7} {dict(sorted(counts.items()))} wrong={wrong} ({per:.1f} ms/record)")
        if args.show:
            print("\n".join(shown))


if __name__ == "__main__":
    main()
