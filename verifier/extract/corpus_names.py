"""One product, one name across a corpus: short names extracted in one article take the
full name another article gives.

Within an article, :mod:`verifier.extract.names` already turns 'the E12' into the 'Voltara
E12' named earlier. Articles are extracted one by one, though, so an article that only ever
says 'E12' (or 'P60', where another prints '澜图P60') gives its figures a subject no other
article uses, and the contradictions between articles (rule V201) are never found.
:func:`unify_subjects` runs after every unrecorded article is extracted and renames, in the
*extracted* claims only, a short name that is a whole word of exactly one longer subject name
used by another article or by the curated records.

What may be renamed, and to what:

* a name is a whole word of a longer one as in :func:`verifier.extract.names.word_parts`:
  Latin words split on spaces and hyphens ('E12' of 'Voltara E12', not 'E1'), a code after
  Chinese characters counts as a word ('P60' of '澜图P60');
* the short name must look like a product, not a company ('Voltara' never becomes 'Voltara
  E12'): it contains a digit, or every claim it is the subject of has a metric a company
  cannot own (not in :data:`verifier.extract.subjects.COMPANY_METRICS`);
* the longer name counts when it is the subject of a figure (not of a date, whose subject is
  an event, 'E12 launch', nor of a model size) in another article or in the records; one only
  the short name's own article uses was left apart by that article's own step, which read
  the text;
* two different longer names containing it ('X7' in 'Star X7' and 'Nova X7') make it
  ambiguous, and it keeps its own name; a name is never shortened;
* several names joined by '|' ('Star X7|Nova X7', in a subject or a comparison's target) are
  renamed one by one;
* lexicon names (``verifier/data/subjects.yaml``) and names the curated records use are the
  reviewer's word: never renamed.
"""

from __future__ import annotations

import sys
from collections import Counter, defaultdict
from collections.abc import Iterable, Mapping, Set
from typing import Final

from verifier.extract.names import word_parts
from verifier.extract.subjects import COMPANY_METRICS
from verifier.models.claim import ALTERNATIVES, Claim


_CURATED: Final = "\0curated"
"""Stands for 'the curated records' among the sources that use a name (no source id has a NUL)."""


NOT_PRODUCT_FIGURES: Final = frozenset({"date", "model_size"})
"""Claim kinds whose subject is no product name to take: a date's subject is an event ('E12
launch', :mod:`verifier.extract.events`) and a model size's a model named with its size."""


def _split(names: str | None) -> list[str]:
    return names.split(ALTERNATIVES) if names else []


def _subjects(claim: Claim) -> list[str]:
    """The subject names of a claim (a figure for two products is 'Nova X7|Star X7'; none for a figure nobody holds)."""
    return _split(claim.subject)


def _targets(claim: Claim) -> list[str]:
    """The target names of a claim's comparison, if any."""
    return _split(claim.comparison.target) if claim.comparison else []


NameUse = tuple[tuple[str, ...], tuple[str, ...], bool, bool]
"""What :class:`SubjectNames` reads of one claim: (its subject names, its comparison's target
names, whether it is a company's figure (:data:`~verifier.extract.subjects.COMPANY_METRICS`),
whether its subject may be a product (its kind is not of :data:`NOT_PRODUCT_FIGURES`))."""


def name_uses(claims: Iterable[Claim]) -> tuple[NameUse, ...]:
    """The :data:`NameUse` of each of ``claims``: kept beside an article's claims (the extraction
    cache), so that its names are read without decoding them."""
    return tuple((tuple(_subjects(c)), tuple(_targets(c)), c.metric in COMPANY_METRICS, c.kind not in NOT_PRODUCT_FIGURES)
                 for c in claims)


class SubjectNames:
    """What :func:`unify_subjects` reads of a corpus's claims, gathered article by article, so
    that an archive too large to hold every claim at once is renamed alike:

        names = SubjectNames(known, curated)
        for sid, claims in articles: names.add(sid, claims)     # then let the claims go
        names.renames() -> {source id: {short name: full name}} # only the articles that change

    Holds, per article, only the set of names its claims use."""

    def __init__(self, known: Set[str] = frozenset(), curated: Iterable[Claim] = ()) -> None:
        uses = name_uses(curated)
        self._locked = set(known) | {n for subjects, targets, _, _ in uses for n in (*subjects, *targets)}
        self._owned: Counter = Counter()  # name -> uses: counted, so that an article's can be taken out (:meth:`remove`)
        self._company: Counter = Counter()
        self._used_by: dict[str, set[str]] = defaultdict(set)
        self._names: dict[str, frozenset[str]] = {}
        for use in uses:
            self._read(_CURATED, use)

    def _read(self, sid: str, use: NameUse) -> None:
        subjects, _, company, product = use
        (self._company if company else self._owned).update(subjects)
        if product:
            for name in subjects:
                self._used_by[name].add(sid)

    def add(self, sid: str, claims: Iterable[Claim]) -> None:
        """Read the claims extracted from article ``sid`` (all of them, once)."""
        self.add_uses(sid, name_uses(claims))

    def add_uses(self, sid: str, uses: Iterable[NameUse]) -> None:
        """Read what :func:`name_uses` gave for the claims of article ``sid`` (all of them, once)."""
        names: set[str] = set()
        for use in uses:
            self._read(sid, use)
            names.update(use[0], use[1])
        self._names[sid] = frozenset(sys.intern(n) for n in names)

    def remove(self, sid: str, uses: Iterable[NameUse]) -> None:
        """Take out article ``sid``, read before by :meth:`add_uses` with ``uses``: a re-audit
        reads an edited article's claims again (:mod:`verifier.reaudit`).

        Raises:
            KeyError: ``sid`` was not read."""
        del self._names[sid]
        for subjects, _, company, product in uses:
            counted = self._company if company else self._owned
            for name in subjects:
                counted[name] -= 1
                if counted[name] <= 0:
                    del counted[name]
            for name in subjects if product else ():
                self._used_by[name].discard(sid)
                if not self._used_by[name]:
                    del self._used_by[name]

    def renames(self) -> dict[str, dict[str, str]]:
        """Source id -> {name: the full name it takes} for each article read by :meth:`add`
        whose claims change (see the module docstring); articles that keep their names are absent."""
        product_like = self._owned.keys() - self._company.keys()  # a name that is the subject of one company figure anywhere may be a company
        shorts = set().union(*self._names.values()) - self._locked
        shorts = {n for n in shorts if any(ch.isdigit() for ch in n) or n in product_like}
        containers: dict[str, set[str]] = defaultdict(set)
        for long in self._used_by:  # one pass over the distinct names: each one's word parts looked up in shorts
            for part in word_parts(long) & shorts:
                containers[part].add(long)
        unique = {short: next(iter(longs)) for short, longs in containers.items() if len(longs) == 1}
        used_by = self._used_by
        out: dict[str, dict[str, str]] = {}
        for sid, mine in self._names.items():
            # the full name must come from elsewhere: one only this article uses was not given to
            # its short form by the article's own step (names.py), which knows the text better
            names = {n: unique[n] for n in mine if n in unique and (len(used_by[unique[n]]) > 1 or sid not in used_by[unique[n]])}
            if names:
                out[sid] = names
        return out


def _rename(claim: Claim, names: Mapping[str, str]) -> Claim:
    """``claim`` with its subject and comparison targets renamed by ``names``; unchanged when
    the rename would compare a product with itself where the text did not."""
    subjects = [names.get(n, n) for n in _subjects(claim)]
    targets = [names.get(n, n) for n in _targets(claim)]
    if set(subjects) & set(targets) and not set(_subjects(claim)) & set(_targets(claim)):
        return claim  # 'E12 … 5 % more than the Voltara E12' is no self-comparison to invent
    subject = ALTERNATIVES.join(dict.fromkeys(subjects))
    update: dict = {"subject": subject} if subject != claim.subject else {}
    if claim.comparison is not None and (target := ALTERNATIVES.join(dict.fromkeys(targets))) != claim.comparison.target:
        update["comparison"] = claim.comparison.model_copy(update={"target": target})
    return claim.model_copy(update=update) if update else claim


def unify_subjects(claims_by_source: Mapping[str, list[Claim]], known: Set[str] = frozenset(),
                   curated: Iterable[Claim] = ()) -> dict[str, list[Claim]]:
    """Give short subject names the one full name other articles use (see the module docstring).

    Args:
        claims_by_source: source id -> the claims extracted from that article; only these
            are renamed (their subject and each name of ``comparison.target``).
        known: canonical names never renamed (the lexicon's names).
        curated: the claims loaded from records: their subjects are full names to take, and
            their subject and target names are never renamed. They are not changed.

    Returns:
        source id -> claims, in the same order, renamed copies where a name changed.

    Example::

        unify_subjects({"a": [<E12, energy, 400 kWh>], "b": [<Voltara E12, energy, 420 kWh>]}, set())
            -> {"a": [<Voltara E12, energy, 400 kWh>], "b": [<Voltara E12, energy, 420 kWh>]}

    With 'Star X7' in one article and 'Nova X7' in another, an 'X7' of a third stays 'X7';
    'Voltara' (the subject of a revenue figure) stays 'Voltara' beside 'Voltara E12'.
    An archive too large for every claim at once is renamed alike with :class:`SubjectNames`.
    """
    names = SubjectNames(known, curated)
    for sid, claims in claims_by_source.items():
        names.add(sid, claims)
    renames = names.renames()
    return {sid: rename(claims, renames[sid]) if sid in renames else list(claims) for sid, claims in claims_by_source.items()}


def rename(claims: list[Claim], names: Mapping[str, str]) -> list[Claim]:
    """``claims`` with their subjects and comparison targets renamed by ``names`` (one
    article's entry of :meth:`SubjectNames.renames`)."""
    return [_rename(c, names) for c in claims]
