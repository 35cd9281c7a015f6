"""Every registered rule is documented, and lives in the module its family is assigned to."""

from __future__ import annotations

import re

import pytest

from verifier.rules import registry
from verifier.rules.registry import all_rules

RULES = all_rules()
CODE = re.compile(r"^[A-Z]\d{3}$")
KEBAB = re.compile(r"^[a-z]+(?:-[a-z]+)*$")


def _families() -> dict[str, str]:
    """Family prefix -> name of its first module, read from the registry's docstring ('* V1xx arithmetic: ... (:mod:`.arithmetic`)')."""
    return {fam: mods[0] for fam, mods in _modules().items()}


def _modules() -> dict[str, list[str]]:
    """Family prefix -> every module its docstring entry names ('(:mod:`.arithmetic`, and ... :mod:`.derived`)')."""
    entries = re.findall(r"^\* (V\d)xx (.*(?:\n  .*)*)", registry.__doc__, flags=re.M)
    return {fam: re.findall(r":mod:`\.(\w+)`", text) for fam, text in entries}


def test_there_are_rules():
    assert {"V101", "V102", "V103", "V104", "V105", "V201", "V202", "V301", "V304", "V401", "V404", "V601"} <= set(RULES)


@pytest.mark.parametrize("code", sorted(RULES))
def test_rule_metadata(code):
    r = RULES[code]
    assert r.code == code and CODE.match(code)
    assert KEBAB.match(r.name), r.name
    assert r.summary and r.summary[0].isupper() and r.summary.endswith(".")
    assert r.func.__doc__, f"{code} has no docstring"


@pytest.mark.parametrize("code", sorted(RULES))
def test_rule_docstring_has_examples(code):
    lines = RULES[code].doc.splitlines()
    assert any(line.startswith("Okay:") for line in lines), f"{code} has no 'Okay:' example"
    assert any(line.startswith(f"{code}:") for line in lines), f"{code} has no '{code}:' example"


def test_codes_and_names_are_unique():
    assert len({r.code for r in RULES.values()}) == len(RULES)
    assert len({r.name for r in RULES.values()}) == len(RULES)


def test_registry_docstring_names_every_family():
    families = _families()
    assert families == {"V1": "arithmetic", "V2": "contradictions", "V3": "anchors", "V4": "provenance", "V6": "coverage", "V7": "reading"}
    assert {r.family for r in RULES.values()} <= set(families)


@pytest.mark.parametrize("code", sorted(RULES))
def test_rule_lives_in_its_familys_module(code):
    r = RULES[code]
    assert r.func.__module__ in {f"verifier.rules.{m}" for m in _modules()[r.family]}


def test_registering_a_taken_or_malformed_code_fails():
    with pytest.raises(ValueError, match="already used"):
        registry.rule("V101", "again", "Again.")(lambda ctx: [])
    with pytest.raises(ValueError, match="letter and three digits"):
        registry.rule("V10", "short", "Short.")
