"""The ``verifier`` command line: the only module that prints or exits.

Exit codes: 0 success; 1 only when ``--fail-on SEVERITY`` is given and a finding at or
above it is reported, or when ``reanchor`` leaves a record for a person (changed, ambiguous or orphaned); 2 for
unusable input or options, with one ``path:line: message`` line on stderr and nothing written.
"""

from __future__ import annotations

import gc
import json
import sys
from contextlib import contextmanager
from pathlib import Path
from typing import Iterable, Optional

import typer

from verifier.errors import InputError, UsageError, VerifierError

app = typer.Typer(
    add_completion=False, no_args_is_help=True, pretty_exceptions_enable=False,
    help="Extract numeric claims from press articles, recompute derived figures and flag contradictions.",
)

SEVERITIES = ("error", "warning", "info")
PATHS_HELP = "Articles, claim files or folders (default: sources/ and claims/ of the current folder)."
ENGINE_HELP = ("Where articles are extracted: local (this machine: one process under 64 articles, else one per core) "
               "or dask (a Dask cluster: --scheduler's, else one started on this machine for the run). "
               "Default: local, or dask when --scheduler is given.")
SCHEDULER_HELP = "Address of a running Dask scheduler to extract on (e.g. tcp://10.0.0.5:8786); implies --engine dask."


def _version(shown: bool) -> None:
    """``--version``: print the version and stop."""
    if shown:
        from verifier import __version__

        typer.echo(f"verifier {__version__}")
        raise typer.Exit(0)


@app.callback()
def _main(version: bool = typer.Option(False, "--version", callback=_version, is_eager=True,
                                       help="Print verifier's version and exit.")) -> None:
    """Extract numeric claims from press articles, recompute derived figures and flag contradictions."""
    from verifier.ingest import cache_folder

    cache_folder.report_to(lambda line: typer.echo(line, err=True))  # a cache folder refused: told once, the run goes on


def _fail(err: VerifierError) -> None:
    """Print a one-line error and exit 2."""
    text = str(err) if isinstance(err, InputError) else f"verifier: error: {err}"
    typer.echo(text.splitlines()[0] if text else "verifier: error", err=True)
    raise typer.Exit(2)


def _write(text: str | Iterable[str], output: Optional[Path]) -> None:
    """Print ``text``, or write it to ``output``: a regular file (or a link to one) is replaced
    atomically, a FIFO or device (``/dev/null``, ``/dev/stdout``) is written through. ``text``
    may be pieces (:func:`verifier.report.pieces`), written one after the other as they come.

    Raises:
        InputError: ``output`` cannot be written (a folder, a link to nothing, a missing
            folder, a FIFO nobody reads...), as ``path: cannot write: reason``.
    """
    parts = [text] if isinstance(text, str) else text

    def write(handle) -> None:
        for part in parts:
            handle.write(part)

    if output is None:
        write(sys.stdout)
        return
    from verifier.ingest.files import write_atomic

    try:
        write_atomic(output, write)
    except OSError as err:
        raise InputError(str(output), None, f"cannot write: {err.strerror or err}") from None


def _check_output(output: Optional[Path]) -> None:
    """Refuse an ``output`` that :func:`_write` could not write, before the work that fills it.

    Raises:
        InputError: as :func:`_write` would.
    """
    if output is None:
        return
    from verifier.ingest.files import plan_write

    try:
        plan_write(output)
    except OSError as err:
        raise InputError(str(output), None, f"cannot write: {err.strerror or err}") from None


PROGRESS_AFTER = 2.0
"""Seconds a job runs before a progress bar appears (on a terminal only): a shorter one needs none."""


@contextmanager
def _progress(label: str):
    """Yield a ``progress(done, total)`` callback for the articles of a job, and install one
    for the progress inside each article (:func:`verifier.progress.reporting`, which
    ``extract_claims`` calls in characters read and ``engine.check`` in rules run). Once the
    job has run :data:`PROGRESS_AFTER` seconds, a bar on standard error shows the articles
    done plus the share of the current one (the share alone for a job of no articles); nothing
    is drawn when standard error is not a terminal."""
    if not sys.stderr.isatty():
        yield lambda done, total: None
        return
    import time

    from verifier.progress import reporting

    began = time.monotonic()
    state = {"done": 0, "total": 0, "share": 0.0}
    shown: list = []  # [bar, task] once drawn

    def draw() -> None:
        if not shown:
            if time.monotonic() - began < PROGRESS_AFTER:
                return
            from rich.console import Console
            from rich.progress import Progress

            bar = Progress(transient=True, console=Console(stderr=True))
            bar.start()
            shown.extend([bar, bar.add_task(label, total=None)])
        bar, task = shown
        total = state["total"] or state["done"] + 1  # one article at least, until the job says how many
        bar.update(task, completed=min(state["done"] + state["share"], total), total=total)

    def articles(done: int, total: int) -> None:
        state.update(done=done, total=total, share=0.0)
        draw()

    def within(done: int, total: int) -> None:
        state["share"] = done / total if total else 1.0
        draw()

    try:
        with reporting(within):
            yield articles
    finally:
        if shown:
            shown[0].stop()


def _load(paths: Optional[list[Path]], with_records: bool = True, packed: bool = False, unreadable: str = "stop"):
    """The corpus of ``paths``; a path ``-`` reads one article from standard input. A file among
    the articles that is one of verifier's reports is left out with a note on standard error;
    one that cannot be read (:class:`verifier.ingest.unread.Unread`), as ``unreadable`` says:
    ``stop`` the command with its error (validate, and the commands that write records),
    ``note`` it on standard error and go on, or leave it to the audit, which reports it as a
    ``finding`` (V705).

    Raises:
        InputError: as :func:`verifier.ingest.corpus.load_corpus`; the first file that cannot
            be read, with ``unreadable='stop'``.
    """
    from verifier.ingest.corpus import STDIN, load_corpus

    paths = list(paths or [])
    stdin = sys.stdin.buffer.read() if STDIN in paths else None
    corpus = load_corpus(paths, with_records=with_records, stdin=stdin, packed=packed)
    for left in corpus.unread:
        if left.report:
            typer.echo(f"verifier: skipping {left.path}: {left.message}", err=True)
        elif unreadable == "stop":
            raise left.error()
        elif unreadable == "note":
            typer.echo(f"{left.error()}; left out", err=True)
    return corpus


def _corpus(paths: Optional[list[Path]], extract_all: bool = False, output: Optional[Path] = None,
            engine: Optional[str] = None, scheduler: Optional[str] = None, shelf=None, mapper=None,
            unreadable: str = "note"):
    """The corpus of ``paths`` with claims extracted for the articles that have no records
    (for all of them with ``extract_all``) on ``mapper``, else on ``engine``
    (:func:`verifier.engines.open_mapper`, closed once extraction is done), a progress bar on a
    terminal. Shared by audit, graph and factsheet, so each sees the same claims. With a
    ``shelf`` (:class:`verifier.shelf.Shelf`), extracted claims are kept there instead of in the corpus.
    ``unreadable``: as :func:`_load` (the audit's are findings; the others note them).

    Raises:
        InputError: ``output`` cannot be written (checked before any work, :func:`_check_output`).
        UsageError: ``output`` is one of the files read (an article or a records file); an
            unknown engine, dask missing, an unreachable scheduler (before the corpus is read).
    """
    from verifier.engines import open_mapper
    from verifier.extract.corpus import extract_missing

    _check_output(output)
    if mapper is None:
        with open_mapper(engine, scheduler) as mapper:
            return _corpus(paths, extract_all, output, shelf=shelf, mapper=mapper, unreadable=unreadable)
    corpus = _load(paths, with_records=not extract_all, packed=shelf is not None, unreadable=unreadable)  # an archive's audit: articles held compressed
    if output is not None:
        _refuse_input_as_output(corpus, output)
    with _progress("extracting claims") as tick:
        extract_missing(corpus, everything=extract_all, progress=tick, mapper=mapper, shelf=shelf)
    return corpus


def _refuse_input_as_output(corpus, output: Path) -> None:
    """Raise when writing ``output`` would replace a file the run reads.

    Raises:
        UsageError: naming the file.
    """
    import os

    try:
        target = output.stat()
    except OSError:
        return  # not there yet: no file read is it
    read = [Path(s.file) for s in corpus.sources.values() if s.file] + list(corpus.record_paths.values())
    for p in read:  # one stat a file (a link, a hard link too), not a resolve of every path
        try:
            same = os.path.samestat(os.stat(p), target)
        except OSError:
            continue
        if same:
            raise UsageError(f"-o {output} is one of the files this run reads; write the report elsewhere")


def _codes(value: Optional[str]) -> list[str]:
    return [p.strip().upper() for p in (value or "").split(",") if p.strip()]


@app.command()
def audit(
    paths: list[Path] = typer.Argument(None, help=PATHS_HELP),
    format: str = typer.Option("markdown", "--format", "-f", help="markdown, json, jsonl (one finding a line, then a summary line), html or claimreview (schema.org JSON-LD)."),
    output: Optional[Path] = typer.Option(None, "--output", "-o", help="Write the report to FILE instead of standard output."),
    fail_on: Optional[str] = typer.Option(None, "--fail-on", help="Exit 1 when a finding of this severity or worse is reported (error, warning, info)."),
    select: Optional[str] = typer.Option(None, "--select", help="Comma-separated rule code prefixes to run (e.g. V1,V201)."),
    ignore: Optional[str] = typer.Option(None, "--ignore", help="Comma-separated rule code prefixes to skip."),
    extract: bool = typer.Option(False, "--extract", help="Ignore claim records and audit claims extracted from the articles."),
    store: Optional[Path] = typer.Option(None, "--store", metavar="DIR", help="Also write the claims, sources and findings as Parquet under DIR, a claim store for SQL (replaces a store there; needs pip install 'verifier\\[store]')."),
    engine: Optional[str] = typer.Option(None, "--engine", metavar="local|dask", help=ENGINE_HELP),
    scheduler: Optional[str] = typer.Option(None, "--scheduler", metavar="ADDRESS", help=SCHEDULER_HELP),
) -> None:
    """Check the claims of a corpus and print the audit report (articles without records are extracted)."""
    from verifier.engine import audit as run_audit, audit_shelved
    from verifier.engines import open_mapper
    from verifier.report import pieces
    from verifier.rules.registry import select_rules
    from verifier.shelf import Shelf

    fail_on = fail_on.lower() if fail_on is not None else None
    try:
        if fail_on is not None and fail_on not in SEVERITIES:
            raise UsageError(f"--fail-on takes one of {', '.join(SEVERITIES)}, not {fail_on!r}")
        try:
            rules = select_rules(_codes(select), _codes(ignore))
        except ValueError as err:
            raise UsageError(str(err)) from None
        from verifier.report import RENDERERS, TOTALS_ONLY

        if format not in RENDERERS:
            raise UsageError(f"unknown format {format!r} (choose {', '.join(RENDERERS)})")
        if store is not None:
            _check_store(store, output)
        listed = format not in TOTALS_ONLY or store is not None
        shelf = None if listed else Shelf()  # a totals-only report: claims shelved, checked one group of articles at a time
        with open_mapper(engine, scheduler) as mapper:  # the grouped stage runs on the engine too
            report, listing = _audit_again(paths, rules, output, mapper) if shelf is not None and not extract else (None, None)
            if report is None:
                from verifier.rules.regroup import Kept

                checked = output if listing is None else None  # a listing refused it already, without reading every article
                corpus = _corpus(paths, extract, checked, shelf=shelf, mapper=mapper, unreadable="finding")
                kept = Kept() if listing is not None else None
                with _progress("checking claims"):
                    report = run_audit(corpus, rules, listed=listed) if shelf is None else audit_shelved(corpus, shelf, rules, mapper=mapper, kept=kept)
                if listing is not None:
                    from verifier.reaudit import keep_snapshot

                    keep_snapshot(listing, corpus, shelf, kept)
        if store is not None:
            from verifier.store import write_store

            write_store(report, corpus, store)
        _write(pieces(report, format), output)
    except VerifierError as err:
        _fail(err)
    if fail_on is not None:
        worst = SEVERITIES.index(fail_on)
        if any(SEVERITIES.index(f.severity.value) <= worst for f in report.findings):
            raise typer.Exit(1)


def _audit_again(paths: Optional[list[Path]], rules, output: Optional[Path], mapper):
    """(the report of a re-audit from the snapshot of an earlier run, or None when a full run is
    needed, :func:`verifier.reaudit.audit_again`; the listing of ``paths``, None when no
    snapshot is kept for them), the files listed before any is read.

    Raises:
        InputError: as :func:`verifier.ingest.corpus.load_corpus`; ``output`` cannot be written.
        UsageError: ``output`` is one of the files read."""
    from verifier.ingest.corpus import STDIN
    from verifier.reaudit import audit_again, list_inputs, refuse_listed_output

    if STDIN in (paths or []):
        return None, None
    _check_output(output)
    listing = list_inputs(list(paths or []), [r.code for r in rules])
    refuse_listed_output(listing, output)
    if listing.key is None:
        return None, None
    with _progress("checking claims"):
        return audit_again(listing, rules, mapper), listing


def _check_store(store: Path, output: Optional[Path]) -> None:
    """Refuse ``--store DIR`` before any work: the store's library missing, a folder it may not
    replace, or ``-o FILE`` inside it (the folder is replaced whole).

    Raises:
        UsageError: pyarrow is not installed (:func:`verifier.store.require`), or ``output`` is in ``store``.
        InputError: as :func:`verifier.store.write.plan_store`.
    """
    from verifier.store import require

    require("pyarrow")
    from verifier.store import plan_store

    target = plan_store(store)
    if output is not None and target in (output.resolve(), *output.resolve().parents):
        raise UsageError(f"-o {output} is inside the store folder {store}, which is replaced whole; write the report elsewhere")


store_app = typer.Typer(no_args_is_help=True, help="Read a claim store (written by `verifier audit --store DIR`) with SQL.")
app.add_typer(store_app, name="store")


@store_app.command("query")
def store_query(
    directory: Path = typer.Argument(..., help="The store folder."),
    sql: str = typer.Argument(..., help="One SQL statement over the views claims, sources and findings."),
    format: str = typer.Option("table", "--format", "-f", help="table, csv or json."),
) -> None:
    """Run SQL on a claim store (DuckDB) and print the result."""
    from verifier.store import require

    try:
        require("duckdb")
        from verifier.store.query import FORMATS, connect, render, run

        if format not in FORMATS:
            raise UsageError(f"unknown format {format!r} (choose {', '.join(FORMATS)})")
        import shutil

        typer.echo(render(*run(connect(directory), sql), format, width=shutil.get_terminal_size((120, 24)).columns), nl=False)
    except VerifierError as err:
        _fail(err)


@store_app.command("schema")
def store_schema() -> None:
    """Print the columns of the claim store's tables (the README's table)."""
    from verifier.store import require

    try:
        require("pyarrow")
    except VerifierError as err:
        _fail(err)
    from verifier.store.schema import schema_table

    typer.echo(schema_table(), nl=False)


@app.command()
def graph(
    paths: list[Path] = typer.Argument(None, help=PATHS_HELP),
    format: str = typer.Option("graphml", "--format", "-f", help="graphml, json (node-link) or dot."),
    output: Optional[Path] = typer.Option(None, "--output", "-o", help="Write the graph to FILE instead of standard output."),
    engine: Optional[str] = typer.Option(None, "--engine", metavar="local|dask", help=ENGINE_HELP),
    scheduler: Optional[str] = typer.Option(None, "--scheduler", metavar="ADDRESS", help=SCHEDULER_HELP),
) -> None:
    """Export the evidence graph: sources, claims, facts and how they cite, derive, corroborate and contradict."""
    from verifier.engine import check
    from verifier.graph import build_graph
    from verifier.rules.context import Context
    from verifier.graph_export import EXPORTS, export

    try:
        if format not in EXPORTS:
            raise UsageError(f"unknown graph format {format!r} (choose {', '.join(EXPORTS)})")
        corpus = _corpus(paths, output=output, engine=engine, scheduler=scheduler)
        with _progress("checking claims"):
            findings = check(Context(corpus))
        _write(export(build_graph(corpus, findings), format), output)
    except VerifierError as err:
        _fail(err)


@app.command()
def factsheet(
    paths: list[Path] = typer.Argument(None, help=PATHS_HELP),
    subject: Optional[str] = typer.Option(None, "--subject", "-s", help="Only this subject (case-insensitive; close spellings accepted)."),
    format: str = typer.Option("markdown", "--format", "-f", help="markdown, html or json."),
    output: Optional[Path] = typer.Option(None, "--output", "-o", help="Write the sheet to FILE instead of standard output."),
    engine: Optional[str] = typer.Option(None, "--engine", metavar="local|dask", help=ENGINE_HELP),
    scheduler: Optional[str] = typer.Option(None, "--scheduler", metavar="ADDRESS", help=SCHEDULER_HELP),
) -> None:
    """For each fact: the best-supported value, its evidence status, citations and the figures that lose."""
    from verifier.engine import check
    from verifier.factindex import subjects_of
    from verifier.factsheet import build_factsheet
    from verifier.report.factsheet import FORMATS, render as render_sheet
    from verifier.rules.context import Context
    from verifier.subjects import match_subject

    try:
        if format not in FORMATS:
            raise UsageError(f"unknown format {format!r} (choose {', '.join(FORMATS)})")
        corpus = _corpus(paths, output=output, engine=engine, scheduler=scheduler)
        chosen = match_subject(subject, subjects_of(corpus)) if subject is not None else None
        with _progress("checking claims"):
            findings = check(Context(corpus))
        sheet = build_factsheet(corpus, findings, chosen)
        _write(render_sheet(sheet, format), output)
    except VerifierError as err:
        _fail(err)


@app.command()
def validate(paths: list[Path] = typer.Argument(None, help=PATHS_HELP)) -> None:
    """Check that sources and claim records are well-formed and every quote is at its offsets."""
    from verifier.engine import audit as run_audit
    from verifier.rules.registry import select_rules

    try:
        corpus = _load(paths)
    except VerifierError as err:
        _fail(err)
    report = run_audit(corpus, select_rules(["V3", "V4", "V7"]))
    errors = [f for f in report.findings if f.severity.value == "error"]
    for f in report.findings:
        where = _record_location(corpus, f)
        typer.echo(f"{where}: {f.rule} {f.message}", err=bool(errors))
    if errors:
        raise typer.Exit(2)
    typer.echo(f"ok: {len(corpus.sources)} sources, {len(corpus.claims)} claims, {len(corpus.external)} external sources")


def _shown(path: Path) -> str:
    """``path`` relative to the current folder when under it, else as is."""
    try:
        return str(path.relative_to(Path.cwd()))
    except ValueError:
        return str(path)


def _records_file(src) -> Path:
    """Where the records of article ``src`` live (:func:`verifier.ingest.corpus.records_folder`)."""
    from verifier.ingest.corpus import records_folder

    article = Path(src.file or src.path)
    return records_folder(article.parent) / (article.stem + ".yaml")


def _extract(src, external, lexicon=None) -> list:
    """Claims proposed for ``src``; an extractor failure becomes a one-line error naming the article."""
    from verifier.extract import extract_claims

    try:
        return extract_claims(src, external, lexicon)
    except Exception as err:  # a defect of verifier, reported without a traceback
        raise VerifierError(f"{src.path}: claims could not be extracted ({type(err).__name__}: {err}); please report this") from None


def _record_location(corpus, finding) -> str:
    if finding.claims and finding.claims[0] in corpus.record_lines:
        path, line = corpus.record_lines[finding.claims[0]]
        return f"{path}:{line}"
    if not finding.path and not finding.source:
        return "corpus"  # a finding about the corpus as a whole has no file
    return f"{finding.path or finding.source}:{finding.line or 1}"


@app.command()
def rules(code: Optional[str] = typer.Argument(None, help="A rule code, e.g. V101, to show its documentation.")) -> None:
    """List the rules, or show one rule's documentation."""
    from verifier.rules.registry import all_rules

    table = all_rules()
    if code:
        r = table.get(code.upper())
        if r is None:
            _fail(UsageError(f"no rule {code!r}; `verifier rules` lists them"))
        typer.echo(f"{r.code} {r.name} ({r.severity.value}{'' if r.enabled else ', off by default'})\n\n{r.doc}")
        return
    typer.echo("| code | name | severity | summary |\n|---|---|---|---|")
    for r in table.values():
        typer.echo(f"| {r.code} | {r.name} | {r.severity.value}{'' if r.enabled else ' (off)'} | {r.summary} |")


@app.command()
def schema(name: str = typer.Argument(..., help="claim, source, external or report.")) -> None:
    """Print the JSON Schema of a record type or of the JSON report."""
    from verifier.models.claim import Claim
    from verifier.models.report import Report
    from verifier.models.source import ExternalSource, SourceMeta

    models = {"claim": Claim, "source": SourceMeta, "external": ExternalSource, "report": Report}
    if name not in models:
        _fail(UsageError(f"unknown schema {name!r} (choose {', '.join(models)})"))
    typer.echo(json.dumps(models[name].model_json_schema(), indent=2, ensure_ascii=False))


@app.command()
def quantities(
    text: Optional[str] = typer.Argument(None, help="Text to scan (default: standard input)."),
    as_json: bool = typer.Option(False, "--json", help="Print one JSON list (the default output)."),
    jsonl: bool = typer.Option(False, "--jsonl", help='Batch mode: read {"id", "text"} lines, write {"id", "quantities"} lines.'),
) -> None:
    """Find the quantities (numbers with units, ranges, approximations) in a text."""
    from verifier.quantities import main_jsonl, main_text

    try:
        if jsonl:
            main_jsonl(sys.stdin, sys.stdout)
        else:
            main_text(sys.stdin.read() if text is None else text, sys.stdout)
    except VerifierError as err:
        _fail(err)


@app.command("extract")
def extract_command(
    paths: list[Path] = typer.Argument(None, help="Articles or folders (default: sources/ of the current folder)."),
    dry_run: bool = typer.Option(False, "--dry-run", help="Report what would be added; write nothing."),
) -> None:
    """Propose claim records for articles into claims/<stem>.yaml, keeping reviewed records."""
    from verifier.extract.corpus import corpus_lexicon
    from verifier.extract.corpus_names import unify_subjects
    from verifier.extract.merge import merge_file

    try:
        corpus = _load(paths, with_records=False)
        sources = [src for _, src in sorted(corpus.sources.items())]
        if any(src.file is None for src in sources):
            raise UsageError("an article read from standard input has no file to keep records beside; save it to a file first")
        # one name per product across the articles, as `audit` gives them ('E12' -> 'Voltara E12')
        lexicon = corpus_lexicon(corpus)
        extracted = {}
        with _progress("extracting claims") as tick:
            tick(0, len(sources))
            for src in sources:
                extracted[src.id] = _extract(src, corpus.external, lexicon)
                tick(len(extracted), len(sources))
        proposed = unify_subjects(extracted, frozenset(e.name for e in lexicon.entries))
        plans = [(src, _records_file(src), proposed[src.id]) for src in sources]
        # every records file is checked before any is written: one bad file writes nothing
        results = [(target, merge_file(target, proposed, dry_run=True, body=src.body)) for src, target, proposed in plans]
        if not dry_run:
            results = [(target, merge_file(target, proposed, body=src.body)) for src, target, proposed in plans]
    except VerifierError as err:
        _fail(err)
    verb = "would add" if dry_run else "added"
    for target, (before, added) in results:
        typer.echo(f"{_shown(target)}: {before} records kept, {added} proposed claims {verb}")


@app.command("reanchor")
def reanchor_command(
    paths: list[Path] = typer.Argument(None, help=PATHS_HELP),
    dry_run: bool = typer.Option(False, "--dry-run", help="Print the outcome lines; write nothing."),
) -> None:
    """Find each record's quote again after an article was corrected: R001 moved, R002 changed (marked for review), R003 ambiguous, R004 orphaned."""
    from verifier.reanchoring import plan_reanchor, write_reanchored

    try:
        corpus = _load(paths)
        steps = plan_reanchor(corpus)
        write_reanchored(corpus, steps, dry_run=dry_run)
    except VerifierError as err:
        _fail(err)
    for step in steps:
        typer.echo(step.message())
    if any(not step.settled for step in steps):
        raise typer.Exit(1)


@app.command("review")
def review_command(
    paths: list[Path] = typer.Argument(None, help=PATHS_HELP),
    host: str = typer.Option("127.0.0.1", "--host", help="Address to listen on (default: this machine only)."),
    port: int = typer.Option(0, "--port", "-p", help="Port to listen on (default 0: a free one)."),
) -> None:
    """Review proposals and findings in the browser: prints an address with a token, serves until Ctrl-C."""
    from verifier.review import serve
    from verifier.review.desk import Desk

    paths = list(paths or [])
    if any(str(p) == "-" for p in paths):
        _fail(UsageError("review writes records beside the articles; standard input cannot be reviewed"))
    gc.enable()  # a server runs until stopped: the batch policy of verifier.entry does not hold
    desk = Desk(paths)
    try:
        desk.current()  # an unreadable corpus stops here with one line, before anything listens
    except VerifierError as err:
        _fail(err)
    try:
        serve(paths, host, port, announce=lambda address: typer.echo(f"verifier review: open {address}\n(Ctrl-C stops it)"), desk=desk,
              warn=lambda line: typer.echo(line, err=True))
    except OSError as err:
        _fail(UsageError(f"cannot listen on {host}:{port}: {err.strerror or err}"))


def main() -> None:  # pragma: no cover - console entry for `python -m verifier`
    """Run the app."""
    app()
