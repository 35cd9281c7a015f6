"""An archive audited again after a few of its articles changed, reading only those and what
they touch: a totals-only audit (``--format jsonl``) of the same paths as an earlier one.

    listing = list_inputs(paths, rule_codes)         # every file's signature, before any is read
    report = audit_again(listing, rules, mapper)     # None: no snapshot, or a full run is needed
    ... a full audit_shelved(corpus, shelf, rules, kept=kept) ...
    keep_snapshot(listing, corpus, shelf, kept)      # after a full run

A full run leaves a *snapshot* of itself in the cache folder (``runs-1/``, 0700; each file 0600, a
stream of pickles each sealed under this user's key, :func:`verifier.ingest.sealed.dump_parts`,
none unpickled before its tag is checked), one per set of
paths and current folder (made with verifier's code and rules of that run, which a re-audit
must share: another version or ``--select`` is a full run, whose snapshot replaces it): each
input file's signature (as the article
cache, :func:`verifier.ingest.article_cache.signature`), each article's id, digest, metadata's
digest and extraction cache key, the corpus's names (:class:`~verifier.extract.corpus_names.SubjectNames`)
and what the grouped stage keeps (:class:`~verifier.rules.regroup.Kept`). A re-audit stats
every file and compares:

* an article file whose signature is the same, and was still for
  :data:`~verifier.ingest.article_cache.RACY_NS` before the snapshot's run began, is unchanged:
  it is not read, nor extracted, nor checked, unless what it touches changed;
* the others are read, extracted (the extraction cache first), their names taken out of the
  corpus's and put back, and the articles whose short names now take another full name are
  shelved again; each whose digest changed goes to :func:`verifier.rules.regroup.regroup`.

A full run is made instead (None) when the snapshot is missing or is not this run's, a file was
added, removed or renamed, a registry, lexicon, ``sources.yaml`` or records file changed or
exists (records: this path audits archives of extracted claims), an article's id or metadata
changed (the rules run once on the metadata), or :func:`~verifier.rules.regroup.regroup` says
so; and for a corpus of fewer than :data:`FEWEST` articles, where a full run costs little. The
report is then the full run's, which leaves a new snapshot. Either way the findings and the
summary are those of a full run.
"""

from __future__ import annotations

import hashlib
import os
import pickle
import tempfile
import time
from array import array
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, fields
from pathlib import Path
from typing import TYPE_CHECKING, Final

from verifier.ingest.article_cache import RACY_NS, Signature, signature

if TYPE_CHECKING:
    from verifier.engines import Mapper
    from verifier.extract.cached import Extracted
    from verifier.ingest.corpus import Corpus
    from verifier.models.report import Report
    from verifier.models.source import Source
    from verifier.rules.registry import Rule
    from verifier.rules.regroup import Kept
    from verifier.shelf import Shelf

FORMAT: Final = "runs-1"
"""The snapshots' folder in the cache folder; bumped when a snapshot's layout changes."""

FEWEST: Final = 64
"""Fewest articles for which a run keeps a snapshot and a re-audit reads it: below it, a full run
costs less than the snapshot (as the article cache's :data:`~verifier.ingest.corpus.FEWEST_CACHED`)."""

AGAIN_SHARE: Final = 4
"""A re-audit reading again more than 1/AGAIN_SHARE of the articles is a full run instead: the
delta's own work (the stats taken apart, every read asked again) is then no saving."""


_NONE: Final = (-1,) * 5
"""How :class:`Signatures` holds "no signature" (the file could not be read)."""


class Signatures:
    """File signatures (:func:`~verifier.ingest.article_cache.signature`), five 8-byte integers a
    file: a tuple of five large integers takes ~260 bytes, and a run holds 100,000 of them from
    its listing to its snapshot. A value outside 64 bits (an inode of some network file systems)
    is held as no signature: the file is then read again by each run, as a changed one."""

    def __init__(self, sigs: Iterable[Signature | None] = ()) -> None:
        self._data = array("q")
        for sig in sigs:
            self._data.extend(_packable(sig))

    def __len__(self) -> int:
        return len(self._data) // 5

    def __getitem__(self, i: int) -> Signature | None:
        sig = tuple(self._data[5 * i:5 * i + 5])
        return None if sig == _NONE else sig  # type: ignore[return-value]

    def __setitem__(self, i: int, sig: Signature | None) -> None:
        self._data[5 * i:5 * i + 5] = array("q", _packable(sig))

    def changed(self, now: Signatures, started: int) -> list[int]:
        """The files whose signature in ``now`` is not this one, or that had not been still for
        :data:`~verifier.ingest.article_cache.RACY_NS` when a run that began at ``started`` (ns)
        listed them."""
        if len(now) != len(self):
            raise ValueError("two listings of different files")
        then, later = self._data, now._data
        return [i for i in range(len(self)) if then[5 * i:5 * i + 5] != later[5 * i:5 * i + 5]
                or then[5 * i] == -1 or then[5 * i + 1] + RACY_NS > started]


def _packable(sig: Signature | None) -> tuple[int, ...]:
    if sig is None or not all(-(1 << 63) <= v < (1 << 63) for v in sig):
        return _NONE
    return sig


@dataclass
class Listing:
    """The files of one run's paths, listed before any is read: ``started`` (ns, the clock when
    listing began), the article files in the order read, their signatures, and the other input
    files (registries, lexicons, ``sources.yaml``, records) with theirs. ``key`` names the
    snapshot of these paths from this folder (None: the cache folder is off), ``run`` what else
    it must have been made with (verifier's code, the rules)."""

    key: str | None
    run: str
    started: int
    articles: list[str]
    signatures: Signatures
    inputs: list[tuple[str, Signature | None]]
    registries: list[Path]
    records: int
    stdin: bool


@dataclass
class Snapshot:
    """What a run keeps for the next (see the module docstring); articles by index in the
    corpus's order."""

    run: str
    started: int
    files: list[str]
    signatures: Signatures
    inputs: list[tuple[str, Signature | None]]
    ids: list[str]
    sources: list[str]
    metas: list[str]
    ext_keys: list[str | None]
    names: bytes
    renamed: dict[str, dict[str, str]]
    kept: Kept
    """``names``: the corpus's :class:`~verifier.extract.corpus_names.SubjectNames`, pickled."""


def list_inputs(paths: list[Path], codes: Iterable[str]) -> Listing:
    """The :class:`Listing` of ``paths`` for a run of the rules ``codes``: its key is None when
    the cache folder is off.

    Raises:
        InputError: as :func:`verifier.ingest.corpus.load_corpus`, before any file is read."""
    from verifier.ingest import cache_folder
    from verifier.ingest.corpus import STDIN, collect
    from verifier.ingest.entries import code_digest
    from verifier.ingest.sources_file import SOURCES_FILE

    started = time.time_ns()
    articles, records, registries = collect(list(paths))
    key = run = None
    if cache_folder.root() is not None:  # one snapshot per set of paths: a new verifier or rules replace it
        key = hashlib.sha1("\0".join([FORMAT, str(Path.cwd()), *(str(Path(p).resolve()) for p in paths)]).encode()).hexdigest()
        run = hashlib.sha1(f"{code_digest()}\0{','.join(codes)}".encode()).hexdigest()
    files = [a for a in articles if a != STDIN]
    settings = [f / SOURCES_FILE for f in dict.fromkeys(a.parent for a in files) if (f / SOURCES_FILE).is_file()]
    inputs = [(str(p), signature(p)) for p in [*registries, *settings, *records]]
    return Listing(key, run or "", started, [str(a) for a in files], Signatures(signature(a) for a in files), inputs, registries,
                   len(records), STDIN in articles)


def _where(listing: Listing) -> Path | None:
    from verifier.ingest import cache_folder

    base = None if listing.key is None else cache_folder.folder(FORMAT)
    return None if base is None else base / f"{listing.key}.pickle"


def _eligible(listing: Listing) -> bool:
    return listing.key is not None and not listing.records and not listing.stdin and len(listing.articles) >= FEWEST


def keep_snapshot(listing: Listing, corpus: Corpus, shelf: Shelf, kept: Kept) -> None:
    """Write the snapshot of a full run of ``listing``'s paths (``corpus``, its claims on
    ``shelf``, its grouped stage's ``kept``); nothing when the run is not one a re-audit reads
    (:data:`FEWEST`, records, standard input, the cache off). Written whole or not at all;
    failures are ignored (the next run is a full one)."""
    if not _eligible(listing) or len(corpus.sources) != len(listing.articles) or shelf.names is None:
        return
    ids, digests, metas = list(corpus.sources), [], []
    for sid in ids:  # one article read at a time: an archive's are held compressed
        src = corpus.sources[sid]
        digests.append(src.digest())
        metas.append(_meta(src))
    snap = Snapshot(listing.run, listing.started, listing.articles, listing.signatures, listing.inputs,
                    ids, digests, metas, [shelf.extraction_keys.get(sid) for sid in ids], shelf.names, shelf.renamed, kept)
    _write(listing, snap)


def _meta(src: Source) -> str:
    """A digest of an article's metadata (what the rules run once read)."""
    return hashlib.sha1(src.meta.model_dump_json().encode()).hexdigest()


def _write(listing: Listing, snap: Snapshot) -> None:
    """Write ``snap`` for ``listing``'s paths, replacing the one there whole (a temporary file
    renamed over it) or leaving it as it was: a snapshot that cannot be written costs the next
    run a full audit, never this run its report."""
    where = _where(listing)
    if where is None:
        return
    from verifier.ingest import cache_folder, sealed

    temporary = None
    try:
        cache_folder.make_private(where.parent)
        with tempfile.NamedTemporaryFile(dir=where.parent, delete=False, suffix=".tmp") as handle:  # 0600
            temporary = handle.name
            if not sealed.dump_parts(_parts(snap), handle, f"{FORMAT}\0{listing.key}"):
                raise OSError("no key to seal the snapshot with")
        os.replace(temporary, where)
    except (OSError, pickle.PicklingError):
        if temporary is not None:
            Path(temporary).unlink(missing_ok=True)


def _read(listing: Listing) -> Snapshot | None:
    """The snapshot of ``listing``'s paths when it was made by this verifier with these rules;
    None when there is none, or it cannot be read (a full run then writes another)."""
    from verifier.rules.regroup import Kept

    from verifier.ingest.sealed import Unsealed, load_parts

    where = _where(listing)
    if where is None or not where.exists():
        return None
    try:
        with where.open("rb") as handle:
            parts = load_parts(handle, f"{FORMAT}\0{listing.key}")  # each part's tag checked before it is unpickled
            if next(parts) != (FORMAT, listing.run):
                return None
            top = {f.name: next(parts) for f in fields(Snapshot) if f.name not in ("run", "kept")}
            kept = Kept(**{f.name: next(parts) for f in fields(Kept)})
    except Unsealed:  # not written by this user's verifier (or damaged): dropped, a full run writes another
        where.unlink(missing_ok=True)
        return None
    except Exception:  # noqa: BLE001 (an outdated snapshot)
        return None
    return Snapshot(run=listing.run, kept=kept, **top)


def _parts(snap: Snapshot) -> Iterator:
    """What :func:`_write` pickles one after another, as :func:`_read` reads it back: the
    format and run first (a snapshot of another is left unread), then the fields."""
    from verifier.rules.regroup import Kept

    yield FORMAT, snap.run
    yield from (getattr(snap, f.name) for f in fields(Snapshot) if f.name not in ("run", "kept"))
    yield from (getattr(snap.kept, f.name) for f in fields(Kept))


class Articles(Mapping[str, "Source"]):
    """Every article of a re-audit by id, in the corpus's order, read from its file (the article
    cache first) only when asked for; :meth:`digest_of` answers from the snapshot without reading."""

    def __init__(self, snap: Snapshot, settings: dict) -> None:
        self._ids, self._files = snap.ids, snap.files
        self._at = {sid: i for i, sid in enumerate(snap.ids)}
        self._settings = settings
        self._snap = snap
        self.loaded: dict[str, Source] = {}

    def load(self, sids: Iterable[str]) -> list[Source]:
        """The articles ``sids``, those not read yet read now (together, on every core when many).

        Raises:
            Unknown: a file gives another id than it gave the snapshot, or cannot be read any
                more (a full run is needed)."""
        from verifier.ingest.corpus import read_articles
        from verifier.rules.regroup import Unknown

        sids = list(sids)
        need = [s for s in dict.fromkeys(sids) if s not in self.loaded]
        for sid, src in zip(need, read_articles([Path(self._files[self._at[s]]) for s in need], self._settings)):
            if getattr(src, "id", None) != sid:  # another id, or a file that cannot be read now (an Unread: its finding needs a full run)
                raise Unknown(sid)
            self.loaded[sid] = src
        return [self.loaded[s] for s in sids]

    def digest_of(self, sid: str) -> str | None:
        """The article's :meth:`Source.digest <verifier.models.source.Source.digest>` (None: no
        such article): the snapshot's until :meth:`load` read it (an unchanged file read for a
        group to be checked gives the same one, made only if asked)."""
        i = self._at.get(sid)
        if i is None:
            return None
        return self.loaded[sid].digest() if sid in self.loaded else self._snap.sources[i]

    def __getitem__(self, sid: str) -> Source:
        if sid not in self._at:
            raise KeyError(sid)
        return self.loaded[sid] if sid in self.loaded else self.load([sid])[0]

    def __contains__(self, sid: object) -> bool:
        return sid in self._at

    def __iter__(self) -> Iterator[str]:
        return iter(self._ids)

    def __len__(self) -> int:
        return len(self._ids)


def refuse_listed_output(listing: Listing, output: Path | None) -> None:
    """Raise when writing ``output`` would replace a file ``listing`` names (by inode and device);
    an article file that is one of verifier's reports is not read (:mod:`verifier.report.marker`),
    so an earlier report written among the articles may be replaced.

    Raises:
        UsageError: naming the file."""
    from verifier.errors import UsageError
    from verifier.report.marker import is_report_file

    if output is None:
        return
    try:
        st = os.stat(output)
    except OSError:
        return
    for name, sig in [*zip(listing.articles, listing.signatures), *listing.inputs]:
        if sig is not None and (sig[3], sig[4]) == (st.st_ino, st.st_dev):
            if name in listing.articles and is_report_file(output):
                return
            raise UsageError(f"-o {output} is one of the files this run reads ({name}); write the report elsewhere")


def audit_again(listing: Listing, rules: list[Rule], mapper: Mapper) -> Report | None:
    """The totals-only report (findings and summary, as :func:`verifier.engine.audit_shelved`
    gives them) of ``listing``'s paths, from the snapshot of an earlier run and the articles
    changed since (see the module docstring), and the snapshot updated; None when there is no
    snapshot to start from or a full run is needed. ``rules`` must be those the listing's key
    was made for; ``mapper``: where articles are extracted and groups checked (a Dask engine's
    workers may not see the files: only the local engine re-audits).

    Raises:
        InputError: a changed file cannot be read, or a registry is invalid.
        Whatever the passes raise."""
    from verifier.engines import LocalMapper
    from verifier.extract import cached
    from verifier.extract.corpus import extract_some, keep_found
    from verifier.extract.corpus_names import rename
    from verifier.ingest.corpus import Corpus, add_registries, settings_files
    from verifier.models.report import Report
    from verifier.rules.regroup import Unknown, regroup
    from verifier.rules.reads import digest_in
    from verifier.rules.results_cache import article_digest
    from verifier.shelf import ClaimsBySource, Shelf, pack, unpack

    if not _eligible(listing) or not isinstance(mapper, LocalMapper):
        return None
    snap = _read(listing)
    if snap is None or snap.files != listing.articles or snap.inputs != listing.inputs:
        return None
    changed = snap.signatures.changed(listing.signatures, snap.started)
    limit = len(snap.ids) // AGAIN_SHARE
    if len(changed) > limit:
        return None
    ids, at = snap.ids, {sid: i for i, sid in enumerate(snap.ids)}
    corpus = Corpus()
    add_registries(corpus, listing.registries)
    articles = Articles(snap, settings_files([Path(a) for a in {os.path.dirname(a): a for a in listing.articles}.values()]))
    corpus.sources = articles  # type: ignore[assignment]  # a Mapping: articles are read when asked for
    shelf = Shelf()
    shelf.reserve(sorted(ids))  # ranks as extraction gives them (:func:`verifier.extract.corpus.extract_missing`)
    claims_of = ClaimsBySource([], shelf)
    found: dict[str, tuple[Extracted, str | None, str | None]] = {}
    renames = snap.renamed

    rewritten: set[str] = set()  # their extraction keys are made again: the others' are the snapshot's

    def extract(sids: Iterable[str]) -> None:
        need = [s for s in dict.fromkeys(sids) if s not in found]
        keys = [None if s in rewritten else snap.ext_keys[at[s]] for s in need]
        found.update(zip(need, extract_some(corpus, articles.load(need), mapper, keys)))

    def materialize(sids: Iterable[str]) -> None:
        need = [s for s in dict.fromkeys(sids) if s not in shelf]
        extract(need)
        for sid in need:
            done, error, _ = found[sid]
            data = pack(rename(unpack(done.packed), renames[sid])) if sid in renames else done.packed
            shelf.put_packed(sid, data, done.count)
            keep_found(corpus, sid, error, done.numbers)

    try:
        current = articles.load(ids[i] for i in changed)
        if any(_meta(src) != snap.metas[i] for i, src in zip(changed, current)):
            return None
        really = [i for i, src in zip(changed, current) if src.digest() != snap.sources[i]]
        rewritten.update(ids[i] for i in really)
        extract(ids[i] for i in really)
        before = cached.load(k for i in really if (k := snap.ext_keys[i]))
        if any(snap.ext_keys[i] not in before for i in really):
            return None
        names = pickle.loads(snap.names)
        for i in really:
            names.remove(ids[i], before[snap.ext_keys[i]].names)
            names.add_uses(ids[i], found[ids[i]][0].names)
        renames = names.renames()
        moved = [s for s in renames.keys() | snap.renamed.keys() if renames.get(s) != snap.renamed.get(s)]
        touched = list(dict.fromkeys([*(ids[i] for i in really), *sorted(moved)]))
        materialize(touched)
        digests = {at[s]: d for s in touched
                    if (d := article_digest(digest_in(articles, s), claims_of.payload(s), corpus.numbers.get(s), corpus.extraction_errors.get(s)))
                    != snap.kept.digests[at[s]]}
        result = regroup(snap.kept, corpus, claims_of, digests, rules, mapper, materialize, limit)
    except Unknown:
        return None
    if result is None:
        return None
    findings, tally = result
    for i in changed:
        snap.signatures[i] = listing.signatures[i]
    for i in really:
        snap.sources[i], snap.ext_keys[i] = articles.digest_of(ids[i]), found[ids[i]][2]
    snap.names, snap.renamed, snap.started = pickle.dumps(names, pickle.HIGHEST_PROTOCOL), renames, listing.started
    _write(listing, snap)
    return Report(summary=tally.summary(findings), sources=[], claims=[], findings=findings)
