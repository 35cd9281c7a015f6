"""Extraction over a corpus: propose records for the articles that have none.

    corpus = load_corpus([Path("my-corpus")])   # verifier.ingest: articles, records, registry
    extract_missing(corpus) -> ["article-id", ...]   # corpus.claims now holds their proposals

This is the one place where a loaded :class:`~verifier.ingest.corpus.Corpus` meets extraction:
:mod:`verifier.ingest` reads files and never calls :mod:`verifier.extract`; this module, above
both, takes ingest's corpus and runs :func:`.claims.extract_claims` over its unrecorded
articles, with the corpus's own lexicon (:func:`corpus_lexicon`) and one name per product
across articles (:func:`.corpus_names.unify_subjects`).
"""

from __future__ import annotations

import pickle
from pathlib import Path

from verifier.extract import cached
from verifier.extract.cached import Extracted
from verifier.extract.corpus_names import SubjectNames, rename, unify_subjects
from verifier.extract.lexicon import Lexicon
from verifier.extract.lexicon_files import load_lexicon
from verifier.ingest.corpus import Corpus
from verifier.models.source import ExternalSource, Source
from verifier.engines import LocalMapper, Mapper
from verifier.parallel import MIN_ITEMS
from verifier.shelf import Shelf

TYPE_CHECKING = False
if TYPE_CHECKING:
    from verifier.quantities.counted import NumbersFound

Lexicons = tuple[tuple[str, ...], tuple[str, ...]]
"""A corpus's own lexicon files, as :func:`lexicon_texts` gives them: (paths as shown, contents)."""


def corpus_lexicon(corpus: Corpus) -> Lexicon:
    """The subjects lexicon of ``corpus``: its own ``subjects.yaml`` files
    (``corpus.lexicon_files``), then the shipped one.

    Raises:
        InputError: a corpus lexicon file cannot be read or is invalid.
    """
    return load_lexicon(None, *lexicon_texts(corpus))


def lexicon_texts(corpus: Corpus) -> Lexicons:
    """``(paths, texts)``: the corpus's own ``subjects.yaml`` files as shown, and their
    contents, read here (from ``corpus.lexicon_paths``) so that the per-article work carries
    them: a worker on another machine has not the files, nor the same working folder.

    Raises:
        InputError: a file cannot be read or is not UTF-8.
    """
    from verifier.ingest.files import read_text

    paths = tuple(corpus.lexicon_files)
    return paths, tuple(read_text(_on_disk(corpus, p), p) for p in paths)


def _on_disk(corpus: Corpus, shown: str) -> Path:
    """The file of the lexicon path ``shown`` (itself when ingest did not map it)."""
    return corpus.lexicon_paths.get(shown, Path(shown))


def extract_missing(corpus: Corpus, everything: bool = False, jobs: int | None = None,
                    progress=None, mapper: Mapper | None = None, shelf: Shelf | None = None) -> list[str]:
    """Propose records, by extraction, for the articles that have none (all when ``everything``).

    Extracted claims are held in memory only (``verifier extract`` writes them); their
    ``record_lines`` point at the article. Given a ``shelf``, they are kept there compressed
    instead, article by article, and ``corpus.claims`` holds only the curated records: the
    articles are extracted :data:`SHELF_BATCH` at a time, so no more of their claims are ever
    decoded at once (a large archive's audit, :mod:`verifier.rules.groups`). Articles are extracted by ``mapper``
    (:mod:`verifier.engines`; None: the local engine, in parallel when there are many,
    :func:`verifier.parallel.map_articles` with ``jobs`` processes, which only it reads);
    ``progress(done, total)`` is called as articles are done. A short name one article gives a product ('E12')
    takes the full name another article or the records use ('Voltara E12'):
    :func:`verifier.extract.corpus_names.unify_subjects`. Returns the ids of the sources extracted.

    Raises:
        InputError: a corpus lexicon file is invalid (before any article is read). An article
            that breaks the extractor raises nothing: its error is kept in
            ``corpus.extraction_errors`` (rule V602).
    """
    have = {c.source for c in corpus.claims}
    todo_ids = [sid for sid in sorted(corpus.sources) if everything or sid not in have]
    if everything:
        corpus.claims = []
        corpus.record_lines = {}
    extra, lexicon, on_disk = _lexicons(corpus)
    if shelf is not None:
        _shelve(corpus, todo_ids, extra, on_disk, mapper or LocalMapper(jobs), progress, shelf, frozenset(e.name for e in lexicon.entries))
        return todo_ids
    todo = [corpus.sources[sid] for sid in todo_ids]
    results = _extracted(todo, corpus.external, extra, on_disk, mapper or LocalMapper(jobs), progress)
    # one product, one name across articles ('E12' here, 'Voltara E12' there): curated records untouched
    unified = unify_subjects({src.id: found.claims() for src, (found, _, _) in zip(todo, results)},
                             frozenset(e.name for e in lexicon.entries), curated=corpus.claims)
    for src, (found, error, _) in zip(todo, results):
        keep_found(corpus, src.id, error, found.numbers)
        for claim in unified[src.id]:
            corpus.claims.append(claim.share_parts())
            corpus.record_lines[claim.id] = (src.path, src.line_of(claim.anchor.start))
    return [src.id for src in todo]


def _lexicons(corpus: Corpus) -> tuple[Lexicons, Lexicon, list[str]]:
    """(the corpus lexicons' texts, the lexicon they make with the shipped one, their files on
    disk, read for the extraction cache's keys) of ``corpus``.

    Raises:
        InputError: a corpus lexicon file is invalid (before any article is read), with its file and line."""
    extra = lexicon_texts(corpus)
    return extra, load_lexicon(None, *extra), [str(_on_disk(corpus, p)) for p in extra[0]]


def keep_found(corpus: Corpus, sid: str, error: str | None, numbers: NumbersFound | None) -> None:
    """Keep in ``corpus`` what extracting article ``sid`` gave besides its claims: the numbers of
    its body (coverage) and the error that stopped it (rule V602)."""
    if numbers is not None:
        corpus.numbers[sid] = numbers
    if error:
        corpus.extraction_errors[sid] = error


SHELF_BATCH = 5000
"""Articles extracted, or read from the extraction cache, at a time into a
:class:`~verifier.shelf.Shelf`: large enough that a process pool or a cluster stays busy, small
enough that their claims (~14 KB an article while decoded) stay well under the memory of the audit."""


def _shelve(corpus: Corpus, todo: list[str], extra: Lexicons, on_disk: list[str], mapper: Mapper, progress,
            shelf: Shelf, known: frozenset[str]) -> None:
    """:func:`extract_missing` of the articles ``todo`` (ids) into ``shelf``: batch by batch, the
    articles the extraction cache holds, then those it does not, extracted together (a
    re-audit's few edited articles make one batch for the pool, not a few in each batch of the
    archive); each article's numbers and error kept in ``corpus``, its claims shelved in the
    corpus's order whatever the order they come in (:meth:`Shelf.reserve
    <verifier.shelf.Shelf.reserve>`) and their names read (:class:`SubjectNames`); then the
    articles whose short names take a full name are shelved again, renamed. No more than a
    batch of articles is read from ``corpus.sources`` at a time (an archive's are held
    compressed, :class:`~verifier.ingest.packed_sources.PackedSources`)."""
    names = SubjectNames(known, corpus.claims)
    tick = progress or (lambda done, total: None)
    tick(0, len(todo))
    shelf.reserve(todo)
    done = 0

    def keep(sid: str, found: Extracted, error: str | None, key: str | None) -> None:  # shelved as extraction packed them: no claim decoded
        keep_found(corpus, sid, error, found.numbers)
        names.add_uses(sid, found.names)
        shelf.put_packed(sid, found.packed, found.count)
        shelf.extraction_keys[sid] = key

    misses: list[tuple[str, str | None]] = []
    for at in range(0, len(todo), SHELF_BATCH):
        batch = todo[at:at + SHELF_BATCH]
        for sid, (hit, key) in zip(batch, _cached([corpus.sources[sid] for sid in batch], corpus.external, on_disk)):
            if hit is not None:
                keep(sid, hit, None, key)
                done += 1
            else:
                misses.append((sid, key))
        tick(done, len(todo))
    warm = len(misses) >= MIN_ITEMS
    for at in range(0, len(misses), SHELF_BATCH):
        batch = misses[at:at + SHELF_BATCH]
        fresh = _fresh([corpus.sources[sid] for sid, _ in batch], [key for _, key in batch], corpus.external, extra, mapper,
                       lambda one, _total, base=done + at: tick(base + one, len(todo)), warm)
        for (sid, key), (found, error) in zip(batch, fresh):
            keep(sid, found, error, key)
    shelf.names, shelf.renamed = pickle.dumps(names, pickle.HIGHEST_PROTOCOL), names.renames()
    for sid, renamed in shelf.renamed.items():
        shelf.put(sid, rename(shelf[sid], renamed))


def extract_some(corpus: Corpus, sources: list[Source], mapper: Mapper,
                 keys: list[str | None] | None = None) -> list[tuple[Extracted, str | None, str | None]]:
    """(extraction, the error that stopped it or None, its extraction cache key or None) of each
    of ``sources`` (articles of ``corpus``, which gives the registry and the lexicon files), in
    order: from the extraction cache, else extracted on ``mapper`` and cached. ``keys``: their
    keys when known (an unchanged article's, from an earlier run), None where not. Neither
    shelved nor renamed (a re-audit does both, :mod:`verifier.reaudit`).

    Raises:
        InputError: a corpus lexicon file is invalid."""
    extra, _, on_disk = _lexicons(corpus)
    return _extracted(sources, corpus.external, extra, on_disk, mapper, None, keys)


def _cached(todo: list[Source], external: dict[str, ExternalSource], on_disk: list[str],
            known: list[str | None] | None = None) -> list[tuple[Extracted | None, str | None]]:
    """(what the extraction cache holds for it or None, its key or None when the cache is off:
    :func:`verifier.extract.cached.article_key`) of each article of ``todo``, in order.
    ``on_disk`` are the lexicon files, read for the key; ``known``: keys already known (None
    where not), not made again."""
    known = known or [None] * len(todo)
    keys = [k if k is not None else cached.article_key(src, external, on_disk) for src, k in zip(todo, known)]
    hits = cached.load(k for k in keys if k)
    return [(hits.get(k) if k else None, k) for k in keys]


def _extracted(todo: list[Source], external: dict[str, ExternalSource], extra: Lexicons, on_disk: list[str],
               mapper: Mapper, progress, known: list[str | None] | None = None) -> list[tuple[Extracted, str | None, str | None]]:
    """(:func:`_extract_one`'s extraction and error, the extraction cache key or None) of each
    article of ``todo``, in order: those the extraction cache holds (:mod:`verifier.extract.cached`)
    read from it, the others extracted (:func:`_fresh`). ``known``: keys already known, as :func:`_cached`."""
    looked = _cached(todo, external, on_disk, known)
    misses = [i for i, (hit, _) in enumerate(looked) if hit is None]
    fresh = iter(_fresh([todo[i] for i in misses], [looked[i][1] for i in misses], external, extra, mapper, progress,
                        len(misses) >= MIN_ITEMS))
    return [(hit, None, key) if hit is not None else (*next(fresh), key) for hit, key in looked]


def _fresh(todo: list[Source], keys: list[str | None], external: dict[str, ExternalSource], extra: Lexicons,
           mapper: Mapper, progress, warm: bool) -> list[tuple[Extracted, str | None]]:
    """:func:`_extract_one` of each article of ``todo``, in order, on ``mapper`` (wherever it runs
    them: a pool, a cluster's workers), each stored in the extraction cache under its key of
    ``keys`` by this process unless its extraction failed. ``warm``: a local pool forks from a
    warm process (:func:`_warm_up`)."""
    if warm and isinstance(mapper, LocalMapper):
        _warm_up(external, extra)
    done = mapper.map(_extract_one, [(src, external, extra) for src in todo], progress)
    cached.store({key: found for key, (found, error) in zip(keys, done) if key and error is None and found.numbers is not None})
    return done


WARM_UP = ("The office said spending rose 4.5% to $3.2 billion in 2024, up from 2.1 GW a year earlier.\n\n"
           "据统计局介绍，该市2024年财政预算总额为3.2亿元，同比增长4.5%，较上年增加1200万元。\n")
"""A two-language paragraph extracted here before a process pool forks (:func:`_warm_up`): any
figures of both scripts do; these touch the units, scales and change words."""


def _warm_up(external: dict[str, ExternalSource], extra: Lexicons) -> None:
    """Extract :data:`WARM_UP` in this process, so that the workers a pool forks inherit what
    extraction loads on first use (its modules, the segmenter's dictionary, pint's registry, word
    tables and compiled patterns) instead of each loading it again. A local pool forks fresh
    workers every :data:`~verifier.parallel.ITEMS_PER_POOL` articles: on the 100,000-article
    synthetic archive its workers' imports alone were 18 s of CPU (py-spy)."""
    from verifier import units
    from verifier.models.source import SourceMeta

    units.load()  # the units table answers most conversions, so the sample alone may never build it
    meta = SourceMeta(id="warm-up", title="warm-up", languages=["en", "zh"], tier="secondary")
    _extract_one((Source(meta=meta, path="warm-up.md", body=WARM_UP), external, extra))


def _extract_one(job: tuple[Source, dict[str, ExternalSource], Lexicons]) -> tuple[Extracted, str | None]:
    """(the claims proposed for one article with the numbers of its body, as the cache keeps
    them (:class:`~verifier.extract.cached.Extracted`, packed where they are extracted), None),
    or (no claims with the numbers, what went wrong): one article that breaks the extractor is
    reported (rule V602) and the others are still audited. The corpus lexicon comes as text (:func:`lexicon_texts`), so
    no file is read here. The numbers (:func:`verifier.quantities.counted.numbers_found` over
    the claims' quotes) go back with the claims so that the audit's coverage count neither
    scans the article again in the main process nor holds its every quantity; None when the
    scan broke (the count scans again, and fails there as before). Module level, so a process
    pool or a Dask worker can call it."""
    from verifier.extract.claims import extract_claims  # here: a corpus whose articles all have records never loads the extractor
    from verifier.quantities.counted import numbers_found
    from verifier.quantities.extract import article_quantities

    src, external, extra = job
    try:
        claims, error = extract_claims(src, external, load_lexicon(None, *extra)), None
    except Exception as err:  # a bug in extraction must not hide the rest of the corpus
        claims, error = [], f"{type(err).__name__}: {err}"
    try:
        numbers = numbers_found(article_quantities(src.body), [(c.anchor.start, c.anchor.end) for c in claims], src.body)
    except Exception:  # the scan itself broke: the coverage count reads it again (and fails there as before)
        numbers = None
    return Extracted.of(claims, numbers), error
