"""The examples in each rule's docstring are tests (the pycodestyle pattern): an ``Okay:`` or
``<code>:`` line whose example is article text in double quotes ("…", several articles joined by
``|``, an article marked ``[primary]`` after its quotes being a primary source) is extracted with an empty lexicon and audited with that rule alone; a code line must
fire the rule, an ``Okay:`` line must not. Rules whose examples describe records or metadata
rather than text are listed in :data:`RECORD_EXAMPLES` with the reason, so a new rule cannot
slip through with prose examples unnoticed."""

from __future__ import annotations

import re

import pytest

from builders import art, corpus, findings
from verifier.extract import extract_claims
from verifier.extract.lexicon import Lexicon
from verifier.rules.registry import all_rules

RECORD_EXAMPLES = {
    # rules about records, anchors, provenance and reading: their examples are records or front matter
    **dict.fromkeys(("V301", "V302", "V303", "V304", "V305"), "a record's quote, offsets, context or unit"),
    **dict.fromkeys(("V401", "V402", "V403", "V404"), "a record's attribution, tier or citations"),
    **dict.fromkeys(("V601", "V602"), "records left out, or an extractor failure"),
    **dict.fromkeys(("V701", "V702", "V703", "V704", "V705"), "front matter and file contents"),
    # text rules whose claims extraction does not yet make from text with an empty lexicon
    "V103": "reciprocal metrics need the metric vocabulary's inverse pairs (ms per token vs tokens per second)",
    "V105": "a range over a product family needs the family's members named",
    "V106": "a per-unit quotient needs the metric vocabulary's quotient pairs",
    "V107": "two comparison figures of one pair need the metric vocabulary",
    "V202": "two sources' ratios for one pair need the metric vocabulary",
}
"""Rules whose docstring examples are not article text, and why."""

ARTICLES = re.compile(r'^"[^"]+"(?:\s*\[primary\])?(?:\s*\|\s*"[^"]+"(?:\s*\[primary\])?)*(?=\s*(?:\([^)]*\))?\.?\s*$)')
QUOTED = re.compile(r'"([^"]+)"(\s*\[primary\])?')


def _examples():
    for code, r in sorted(all_rules().items()):
        for line in r.doc.splitlines():
            label, _, rest = line.partition(":")
            if label not in ("Okay", code):
                continue
            head = ARTICLES.match(rest.strip())
            yield code, label == code, head and QUOTED.findall(head.group(0)), line


EXAMPLES = list(_examples())


@pytest.mark.parametrize("code, fires, texts, line", [e for e in EXAMPLES if e[2]], ids=lambda x: x if isinstance(x, str) and len(x) == 4 else None)
def test_a_text_example_behaves_as_documented(code, fires, texts, line):
    arts = [art(f"ex{i}", t + "\n", tier="primary" if primary else "secondary") for i, (t, primary) in enumerate(texts)]
    claims = [c for a in arts for c in extract_claims(a, lexicon=Lexicon([]))]
    got = [f for f in findings(corpus(arts, claims), code) if f.rule == code]
    assert bool(got) == fires, f"{line!r}: {[f.message for f in got]}"


def test_every_rule_has_text_examples_or_says_why_not():
    runnable = {code for code, _, texts, _ in EXAMPLES if texts}
    prose = {code for code, _, texts, _ in EXAMPLES if not texts}
    assert prose - set(RECORD_EXAMPLES) == set(), "rules with prose examples and no reason in RECORD_EXAMPLES"
    assert runnable & set(RECORD_EXAMPLES) == set(), "a listed rule now has text examples: take it off RECORD_EXAMPLES"
    assert {"V101", "V102", "V104", "V108", "V109", "V201", "V603", "V604"} <= runnable
