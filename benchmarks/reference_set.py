"""Figure-first extraction measured against the hand-labelled reference set, run by hand (not a test).

    .venv/bin/python benchmarks/reference_set.py [REFERENCE_DIR] [--json] [-v] [--by-decision]

``REFERENCE_DIR`` (default ``tests/fixtures/reference``) holds one folder per domain (budgets,
health, energy, transport, farming); each holds articles ``<stem>.md`` written for the set
and, beside each, ``<stem>.labels.yaml``: one item per figure, either a claim

    {quote: "$412 million", occurrence: 1, measured: 2026 budget, holder: Harwick City Council,
     metric_class: money}

or a figure that is not a claim (a year used as a date, an ordinal, a page number)

    {quote: "page 12", occurrence: 1, claim: false}

A label's span is the ``occurrence``-th occurrence (1-based, counting every occurrence of the
string, overlapping ones included) of ``quote`` in the article body.

Extraction runs with an EMPTY lexicon (``Lexicon([])``): nothing is known in advance. A claim
*overlaps* a label when their spans share a character; it *matches* the claim label it shares
the most characters with (the earlier on a tie). Measured per domain and language, per
language, per domain and overall:

* recall: labelled claims overlapped by at least one claim, over labelled claims;
* precision: matched claims over all claims; the claims that match nothing are split into
  those on a ``claim: false`` label (overlapping one, and no claim label) and those on
  unlabelled text (overlapping no label at all);
* wrong holder: matched claims whose ``subject`` differs from the label's ``holder``
  (compared case-insensitively after collapsing whitespace; a null holder agrees with a
  None or empty subject only), over matched claims;
* measured agreement: matched claims whose ``measured`` has rapidfuzz
  ``fuzz.token_set_ratio`` >= :data:`MEASURED_AGREE` with the label's, over matched claims
  that carry a ``measured`` (read with ``getattr``: the field is new; claims without one are
  counted in ``with_measured`` and left out of the share).

Columns of the table: labels (labelled claims), recall, claims (extracted), precision,
false (claims on a ``claim: false`` label), unlab (claims on unlabelled text), wrong_h (wrong
holder rate), meas (matched claims with a ``measured``), agree (measured agreement). ``--json``
prints the same counts and shares keyed by group. ``-v`` lists the labelled claims no claim
covers and the claims that match no label.

``--by-decision`` adds, per language, the wrong-holder rate grouped by how the holder was
decided (``decided['holder'].by``, 'none' when the claim records no holder decision) and the
measured agreement grouped by ``decided['measured'].by``; with ``-v`` it lists every wrong
holder (article, quote, got, want, by) and every measured thing that disagrees.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final

import yaml
from rapidfuzz import fuzz

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from verifier.extract import extract_claims  # noqa: E402
from verifier.extract.lexicon import Lexicon  # noqa: E402
from verifier.ingest.corpus import load_corpus  # noqa: E402

REFERENCE: Final = ROOT / "tests" / "fixtures" / "reference"
"""The reference set shipped with the tests."""

METRIC_CLASSES: Final = frozenset({"money", "count", "percent", "rate", "power", "energy", "duration", "length",
                                   "mass", "area", "volume", "speed", "ratio", "other"})
"""The values a claim label's ``metric_class`` may take."""

CLAIM_KEYS: Final = frozenset({"quote", "occurrence", "measured", "holder", "metric_class"})
"""The keys of a claim label, all required."""

NOT_CLAIM_KEYS: Final = frozenset({"quote", "occurrence", "claim"})
"""The keys a ``claim: false`` label may have (``quote`` and ``claim`` required)."""

MEASURED_AGREE: Final = 80
"""Least ``fuzz.token_set_ratio`` (0-100) for a claim's measured thing to agree with the
label's: it accepts a phrase that holds the label's words ('police spending' in 'spending on
police') and refuses one that shares a word with it only ('police officers')."""

_SPACE = re.compile(r"\s+")


@dataclass(frozen=True)
class Label:
    """One labelled figure, located: [start, end) code points in the body."""

    quote: str
    start: int
    end: int
    claim: bool
    measured: str | None = None
    holder: str | None = None
    metric_class: str | None = None


@dataclass(frozen=True)
class Match:
    """One claim matched to its label: what was decided, how, and whether it agrees."""

    article: str
    quote: str
    got_holder: str | None
    want_holder: str | None
    holder_by: str          # decided['holder'].by, 'none' when absent
    holder_ok: bool
    got_measured: str | None
    want_measured: str | None
    measured_by: str        # decided['measured'].by, 'none' when absent
    measured_ok: bool | None  # None when the claim carries no measured thing


def _by(claim: Any, part: str) -> str:
    d = (getattr(claim, "decided", None) or {}).get(part)
    return d.by if d is not None else "none"


@dataclass
class Score:
    """Counts of one group of articles; the shares are derived from them."""

    labels: int = 0
    covered: int = 0
    claims: int = 0
    matched: int = 0
    on_not_claim: int = 0
    unlabelled: int = 0
    wrong_holder: int = 0
    with_measured: int = 0
    measured_agree: int = 0
    misses: list[str] = field(default_factory=list)
    spurious: list[str] = field(default_factory=list)
    matches: list["Match"] = field(default_factory=list)

    def add(self, other: "Score") -> None:
        for name in ("labels", "covered", "claims", "matched", "on_not_claim", "unlabelled", "wrong_holder",
                     "with_measured", "measured_agree"):
            setattr(self, name, getattr(self, name) + getattr(other, name))
        self.misses += other.misses
        self.spurious += other.spurious
        self.matches += other.matches

    def shares(self) -> dict[str, float | None]:
        """recall, precision, wrong_holder and measured_agreement (None when nothing to divide)."""
        def div(a: int, b: int) -> float | None:
            return round(a / b, 4) if b else None
        return {"recall": div(self.covered, self.labels), "precision": div(self.matched, self.claims),
                "wrong_holder_rate": div(self.wrong_holder, self.matched),
                "measured_agreement": div(self.measured_agree, self.with_measured)}


def label_problems(item: Any) -> list[str]:
    """What is wrong with one raw label item (empty when it is valid)."""
    if not isinstance(item, dict):
        return [f"not a mapping: {item!r}"]
    quote = item.get("quote")
    problems = [] if isinstance(quote, str) and quote else ["quote must be a non-empty string"]
    occ = item.get("occurrence", 1)
    if not isinstance(occ, int) or isinstance(occ, bool) or occ < 1:
        problems.append(f"occurrence must be a positive integer, not {occ!r}")
    if "claim" in item:
        if item["claim"] is not False:
            problems.append("claim, when given, must be false")
        if extra := set(item) - NOT_CLAIM_KEYS:
            problems.append(f"keys not read on a claim: false label: {sorted(extra)}")
        return problems
    if missing := CLAIM_KEYS - set(item):
        problems.append(f"missing keys: {sorted(missing)}")
    if extra := set(item) - CLAIM_KEYS:
        problems.append(f"unknown keys: {sorted(extra)}")
    if item.get("metric_class") not in METRIC_CLASSES:
        problems.append(f"metric_class {item.get('metric_class')!r} is not one of {sorted(METRIC_CLASSES)}")
    if not isinstance(item.get("measured"), str) or not item.get("measured"):
        problems.append("measured must be a non-empty string")
    if item.get("holder") is not None and not (isinstance(item["holder"], str) and item["holder"].strip()):
        problems.append("holder must be a name or null")
    return problems


def occurrences(body: str, quote: str) -> list[int]:
    """Start offsets of every occurrence of ``quote`` in ``body``, overlapping ones included."""
    found, at = [], body.find(quote)
    while at >= 0:
        found.append(at)
        at = body.find(quote, at + 1)
    return found


def read_labels(path: Path, body: str) -> list[Label]:
    """The labels of one article, located in ``body``.

    Raises:
        ValueError: an item is invalid, or its quote does not occur ``occurrence`` times.
    """
    items = yaml.safe_load(path.read_text(encoding="utf-8")) or []
    labels = []
    for n, item in enumerate(items, 1):
        if problems := label_problems(item):
            raise ValueError(f"{path}: item {n}: {'; '.join(problems)}")
        at = occurrences(body, item["quote"])
        occ = item.get("occurrence", 1)
        if len(at) < occ:
            raise ValueError(f"{path}: item {n}: {item['quote']!r} occurs {len(at)} times, occurrence {occ} asked")
        start = at[occ - 1]
        claim = item.get("claim", True)
        labels.append(Label(item["quote"], start, start + len(item["quote"]), claim,
                            item.get("measured") if claim else None, item.get("holder") if claim else None,
                            item.get("metric_class") if claim else None))
    return labels


def articles(root: Path) -> list[tuple[str, str, Any, list[Label]]]:
    """(domain, language, source, labels) of every labelled article under ``root``, sorted by path.

    Raises:
        InputError: an article cannot be read. ValueError: a label file is invalid.
    """
    found = []
    for folder in sorted(p for p in root.iterdir() if p.is_dir() and any(p.glob("*.labels.yaml"))):
        corpus = load_corpus([folder], with_records=False)
        for src in sorted(corpus.sources.values(), key=lambda s: s.path):
            labels_path = Path(src.path).with_suffix(".labels.yaml")
            if labels_path.is_file():
                lang = src.meta.languages[0] if src.meta.languages else "?"
                found.append((folder.name, lang, src, read_labels(labels_path, src.body)))
    return found


def _norm(name: str | None) -> str:
    return _SPACE.sub(" ", (name or "").strip()).casefold()


def _overlap(a0: int, a1: int, b0: int, b1: int) -> int:
    return max(0, min(a1, b1) - max(a0, b0))


def score_article(src: Any, labels: list[Label]) -> Score:
    """Score extraction (empty lexicon) on one article against its labels."""
    return score_claims(src.meta.id, extract_claims(src, lexicon=Lexicon([])), labels)


def score_claims(article: str, claims: list[Any], labels: list[Label]) -> Score:
    """Score ``claims`` (objects with ``anchor.start``/``anchor.end``, ``subject`` and, when
    the model has it, ``measured``) of ``article`` against its located ``labels``."""
    claim_labels = [lb for lb in labels if lb.claim]
    s = Score(labels=len(claim_labels), claims=len(claims))
    for lb in claim_labels:
        if any(_overlap(c.anchor.start, c.anchor.end, lb.start, lb.end) for c in claims):
            s.covered += 1
        else:
            s.misses.append(f"{article}: {lb.quote!r} ({lb.measured}; {lb.holder})")
    for c in claims:
        a0, a1 = c.anchor.start, c.anchor.end
        best = max(claim_labels, key=lambda lb: (_overlap(a0, a1, lb.start, lb.end), -lb.start), default=None)
        if best is None or not _overlap(a0, a1, best.start, best.end):
            on_false = any(_overlap(a0, a1, lb.start, lb.end) for lb in labels if not lb.claim)
            s.on_not_claim += on_false
            s.unlabelled += not on_false
            s.spurious.append(f"{article}: {c.anchor.quote!r} ({'claim: false' if on_false else 'unlabelled'}; {c.subject})")
            continue
        s.matched += 1
        holder_ok = _norm(c.subject) == _norm(best.holder)
        s.wrong_holder += not holder_ok
        measured = getattr(c, "measured", None)
        measured_ok = None
        if measured:
            s.with_measured += 1
            measured_ok = fuzz.token_set_ratio(measured, best.measured or "") >= MEASURED_AGREE
            s.measured_agree += measured_ok
        s.matches.append(Match(article, c.anchor.quote, c.subject, best.holder, _by(c, "holder"), holder_ok,
                               measured, best.measured, _by(c, "measured"), measured_ok))
    return s


def score_all(root: Path) -> dict[str, Score]:
    """Scores keyed 'domain/language', 'domain', 'language' (prefixed '*/') and 'overall'."""
    groups: dict[str, Score] = defaultdict(Score)
    for domain, lang, src, labels in articles(root):
        s = score_article(src, labels)
        for key in (f"{domain}/{lang}", domain, f"*/{lang}", "overall"):
            groups[key].add(s)
    return dict(groups)


def by_decision(matches: list[Match]) -> dict[str, dict[str, dict[str, int]]]:
    """Counts per decision label: {'holder': {by: {'n', 'wrong', 'other', 'extra', 'missing'}},
    'measured': {by: {'n', 'agree'}}}. A wrong holder is one of: *other* (a name, not the
    label's), *extra* (a name where the label has null) or *missing* (None where the label names
    one); a measured label counts only the claims that carry a measured thing."""
    out: dict[str, dict[str, dict[str, int]]] = {"holder": {}, "measured": {}}
    for m in matches:
        h = out["holder"].setdefault(m.holder_by, {"n": 0, "wrong": 0, "other": 0, "extra": 0, "missing": 0})
        h["n"] += 1
        h["wrong"] += not m.holder_ok
        if not m.holder_ok:
            h["missing" if not m.got_holder else "extra" if m.want_holder is None else "other"] += 1
        if m.measured_ok is not None:
            g = out["measured"].setdefault(m.measured_by, {"n": 0, "agree": 0})
            g["n"] += 1
            g["agree"] += m.measured_ok
    return out


def _print_by_decision(groups: dict[str, Score], verbose: bool) -> None:
    for key in sorted(k for k in groups if k.startswith("*/")):
        table = by_decision(groups[key].matches)
        print(f"\n{key}: holder decided by      n  wrong  rate  other extra missing")
        for by, c in sorted(table["holder"].items(), key=lambda kv: -kv[1]["wrong"]):
            print(f"   {by:26} {c['n']:4} {c['wrong']:5} {c['wrong'] / c['n']:6.1%} {c['other']:5} {c['extra']:5} {c['missing']:5}")
        print(f"{key}: measured decided by    n  agree  rate")
        for by, c in sorted(table["measured"].items(), key=lambda kv: -kv[1]["n"]):
            print(f"   {by:26} {c['n']:4} {c['agree']:5} {c['agree'] / c['n']:6.1%}")
    if verbose:
        for m in groups["overall"].matches:
            if not m.holder_ok:
                print(f"   WRONG-H {m.article}: {m.quote!r} got={m.got_holder!r} want={m.want_holder!r} by={m.holder_by}")
        for m in groups["overall"].matches:
            if m.measured_ok is False:
                print(f"   WRONG-M {m.article}: {m.quote!r} got={m.got_measured!r} want={m.want_measured!r} by={m.measured_by}")


def _fmt(x: float | None) -> str:
    return "   -  " if x is None else f"{x:6.1%}"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("root", nargs="?", type=Path, default=REFERENCE, help="reference set folder (default: tests/fixtures/reference)")
    parser.add_argument("--json", action="store_true", help="print the scores as JSON")
    parser.add_argument("-v", "--verbose", action="store_true", help="list missed labels and claims that match none")
    parser.add_argument("--by-decision", action="store_true",
                        help="wrong holder and measured agreement per decision label and language (-v: list the wrong ones)")
    args = parser.parse_args()
    if not args.root.is_dir():
        print(f"{args.root}: no such reference set folder", file=sys.stderr)
        return 2
    try:
        groups = score_all(args.root)
    except ValueError as err:
        print(err, file=sys.stderr)
        return 2
    order = sorted(groups, key=lambda k: (k == "overall", k.startswith("*/"), "/" not in k, k))
    if args.json:
        out = {k: {**{n: getattr(groups[k], n) for n in ("labels", "covered", "claims", "matched", "on_not_claim",
                                                         "unlabelled", "wrong_holder", "with_measured", "measured_agree")},
                   **groups[k].shares()} for k in order}
        if args.by_decision:
            out["by_decision"] = {k: by_decision(groups[k].matches) for k in order if k.startswith("*/")}
        print(json.dumps(out, ensure_ascii=False, indent=2))
        return 0
    print(f"{'group':16} {'labels':>6} {'recall':>6} {'claims':>6} {'precis':>6} {'false':>5} {'unlab':>5} "
          f"{'wrong_h':>7} {'meas':>4} {'agree':>6}")
    for k in order:
        g, sh = groups[k], groups[k].shares()
        print(f"{k:16} {g.labels:6} {_fmt(sh['recall'])} {g.claims:6} {_fmt(sh['precision'])} {g.on_not_claim:5} "
              f"{g.unlabelled:5} {_fmt(sh['wrong_holder_rate']):>7} {g.with_measured:4} {_fmt(sh['measured_agreement'])}")
    if args.by_decision:
        _print_by_decision(groups, args.verbose)
        return 0
    if args.verbose:
        for line in groups["overall"].misses:
            print("   MISS", line)
        for line in groups["overall"].spurious:
            print("   SPUR", line)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
