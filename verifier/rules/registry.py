"""The rule registry: every rule is a small function plus metadata, registered by :func:`rule`.

Codes are a letter and three digits, assigned in the rule modules; the hundreds digit is the
family:

* V1xx arithmetic: derived figures recomputed from their operands (:mod:`.arithmetic`, and inside
  one sentence, without holders, :mod:`.derived`; the order of a ranking, :mod:`.rankings`)
* V2xx contradictions between sources about the same fact (:mod:`.contradictions`, and for figures
  aligned by their frames, against the primary source and inside one article, :mod:`.aligned`;
  figures a correction in the corpus says were wrong, :mod:`.corrected`; a share of another
  whole or a rate per another base, :mod:`.bases`; streaks against the series they count,
  :mod:`.series`)
* V3xx quotes and anchors (:mod:`.anchors`)
* V4xx provenance, citations and evidence tiers (:mod:`.provenance`)
* V6xx coverage (:mod:`.coverage`)
* V7xx how the articles were read: metadata not read, defaults taken, files that could not be read
  (:mod:`.reading`)

A rule function takes a :class:`~verifier.rules.context.Context` and yields findings made
with :meth:`Rule.finding`. Its docstring is its help page (``verifier rule CODE``).
"""

from __future__ import annotations

import inspect
import re
from dataclasses import dataclass
from typing import Callable, Iterable

from verifier.models.finding import Finding, Severity


@dataclass(frozen=True)
class Rule:
    """Metadata of one rule. ``enabled`` False means it runs only when selected by code."""

    code: str
    name: str
    summary: str
    severity: Severity
    func: Callable
    enabled: bool = True
    rests_on: frozenset[str] = frozenset({"holder", "measured", "target"})
    """The parts of its claims' frames a finding of this rule rests on: an error whose claims
    decided one of them with less than :data:`~verifier.models.claim.CONFIDENT` confidence is
    reported as a warning that says why it needs review (:func:`verifier.engine.check`)."""

    @property
    def family(self) -> str:
        """The family prefix, e.g. 'V1'."""
        return self.code[:2]

    @property
    def doc(self) -> str:
        """The rule's docstring, dedented, its cross-references to the code shown as plain names
        (':func:`~verifier.align.things.opposite`' -> 'opposite'): the help page a user reads."""
        return _ROLE.sub(lambda m: m.group(1).rsplit(".", 1)[-1] if m.group(0).count("~") else m.group(1),
                         inspect.cleandoc(self.func.__doc__ or self.summary))

    def finding(self, message: str, severity: Severity | None = None, **fields) -> Finding:
        """Build a finding of this rule (``fields`` are :class:`Finding` fields)."""
        return Finding(rule=self.code, name=self.name, severity=severity or self.severity, message=message, **fields)


_ROLE = re.compile(r":(?:func|data|mod|class|attr|meth):`~?([^`]+)`")
"""A Sphinx cross-reference in a docstring."""

RULES: dict[str, Rule] = {}


def rule(code: str, name: str, summary: str, severity: str = "error", enabled: bool = True,
         rests_on: frozenset[str] | None = None):
    """Register the decorated function as rule ``code`` (``rests_on``: see :attr:`Rule.rests_on`).

    Raises:
        ValueError: the code is malformed or already taken.
    """
    if len(code) != 4 or not code[0].isalpha() or not code[1:].isdigit():
        raise ValueError(f"rule code {code!r} must be a letter and three digits")

    def wrap(func: Callable[..., Iterable[Finding]]) -> Callable[..., Iterable[Finding]]:
        if code in RULES:
            raise ValueError(f"rule code {code} is already used by {RULES[code].name}")
        RULES[code] = Rule(code, name, summary, Severity(severity), func, enabled,
                           *(() if rests_on is None else (rests_on,)))
        func.rule = RULES[code]  # type: ignore[attr-defined]
        return func

    return wrap


def all_rules() -> dict[str, Rule]:
    """Every registered rule, by code (imports the rule modules on first call)."""
    from verifier.rules import (  # noqa: F401
        aligned, anchors, arithmetic, bases, contradictions, corrected, coverage, derived, provenance, rankings, reading,
        series)

    return dict(sorted(RULES.items()))


def select_rules(select: list[str] | None = None, ignore: list[str] | None = None) -> list[Rule]:
    """Rules to run: enabled ones (or those whose code starts with a ``select`` prefix), minus ``ignore`` prefixes.

    Raises:
        ValueError: a prefix matches no rule.
    """
    rules = all_rules()
    for prefix in (select or []) + (ignore or []):
        if not any(code.startswith(prefix) for code in rules):
            raise ValueError(f"no rule code starts with {prefix!r}")
    if select:
        chosen = [r for c, r in rules.items() if any(c.startswith(p) for p in select)]
    else:
        chosen = [r for r in rules.values() if r.enabled]
    return [r for r in chosen if not any(r.code.startswith(p) for p in (ignore or []))]
