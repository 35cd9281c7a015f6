"""The review desk as a Flask application: routes and templates, served by a threaded server.

Every request must carry the desk's token, and every response forbids framing
(:mod:`verifier.review.guard`: no cookie, the token in each address and form). Templates are
Jinja2 with autoescape on, so text from an article (titles, quotes, bodies) is shown, never run.

Routes: ``/`` overview, ``/article/<id>``, ``/finding/<id>``, ``/queue`` (one proposal at a
time, keys a / r / s / e), ``/claim/<id>`` (the edit form; POST writes the decision),
``POST /propose`` (``verifier extract`` for the articles that have no records file).

The server answers each connection in a thread of its own, with a socket timeout
(:data:`SOCKET_TIMEOUT`), so a connection left open and idle (a browser opens spare ones) holds
one thread for a while and never the desk; decisions are written one at a time (a lock).
"""

from __future__ import annotations

import ipaddress
import secrets
import threading
from pathlib import Path
from typing import Any

from flask import Flask, abort, g, redirect, render_template, request, url_for

from verifier.errors import VerifierError
from verifier.numeric import fmt_pair
from verifier.report.common import arithmetic_rows
from verifier.review import guard, pages
from verifier.review.desk import Desk
from verifier.review.edits import Conflict, EditError, ReadState, apply_edit, article_version, fields_from_form, version

SOCKET_TIMEOUT = 30.0
"""Seconds a connection may stay silent before the server closes it (one thread each)."""


def create_app(paths: list[Path], token: str | None = None, desk: Desk | None = None) -> Flask:
    """The desk over the corpus folders ``paths`` (as ``verifier audit PATH...`` reads them).

    Args:
        paths: corpus roots, article folders or files.
        token: the secret every request must carry (default: a fresh random one), in
            ``app.config["TOKEN"]``.
        desk: the corpus of ``paths`` if already loaded (the CLI reads it before it listens).
    """
    app = Flask(__name__)
    app.config["TOKEN"] = token or secrets.token_urlsafe(18)
    app.jinja_env.autoescape = True
    app.jinja_env.filters["plain"] = lambda x: getattr(x, "value", x) if x is not None else ""  # an enum as its word
    app.jinja_env.globals["arithmetic_rows"] = arithmetic_rows  # the rows every report shows
    app.jinja_env.filters["pair"] = lambda o: fmt_pair(o.low, o.high)
    app.jinja_env.filters["num"] = lambda x: "" if x is None else f"{x:,.12g}" if isinstance(x, float) else x  # 5.0 -> 5
    desk = desk or Desk(paths)
    results: dict[str, dict[str, Any]] = {}

    guard.install(app)
    writing = threading.Lock()  # one decision (read, write, re-audit) at a time

    @app.errorhandler(VerifierError)
    def _bad_input(err):
        return render_template("error.html", message=str(err), token=app.config["TOKEN"]), 500

    def render(name: str, **kw: Any) -> str:
        return render_template(name, token=app.config["TOKEN"], nonce=g.nonce, article_version=article_of, **kw)

    def article_of(loaded, c) -> str:
        """The :func:`article_version` of claim ``c``'s article, for the form that decides on it."""
        return article_version(loaded.article_file(c.source))

    @app.get("/")
    def overview():
        loaded = desk.current()
        rows = pages.overview(loaded)
        return render("overview.html", rows=rows, proposals=sum(r.statuses["proposed"] for r in rows if r.on_disk),
                      missing=[r for r in rows if not r.on_disk], done=results.get(request.args.get("done", "")))

    @app.get("/article/<sid>")
    def article(sid: str):
        loaded = desk.current()
        if sid not in loaded.corpus.sources:
            abort(404)
        findings = loaded.findings_of(sid)
        return render("article.html", src=loaded.corpus.sources[sid], segments=pages.segments(loaded, sid),
                      findings=[(pages.finding_id(f), f) for f in findings], loaded=loaded,
                      flagged={cid for f in findings for cid in f.claims},
                      done=results.get(request.args.get("done", "")))

    @app.get("/finding/<fid>")
    def finding(fid: str):
        loaded = desk.current()
        found = next((f for f in loaded.findings if pages.finding_id(f) == fid), None)
        if found is None:
            abort(404)
        claims = [loaded.by_id[c] for c in dict.fromkeys([*found.claims, *(o.claim for o in found.operands)]) if c in loaded.by_id]
        return render("finding.html", f=found, claims=claims, loaded=loaded, sentence=pages.sentence_of,
                      chains={p.claim: p for p in loaded.provenance([c.id for c in claims])})

    @app.get("/queue")
    def queue():
        loaded = desk.current()
        source = request.args.get("source") or None
        records = pages.queue(loaded, source)
        item = pages.next_proposal(records, request.args.get("after"))
        reviewed = sum(1 for c in records if c.status != "proposed")
        return render("queue.html", item=item, records=records, reviewed=reviewed, source=source, loaded=loaded,
                      version=version(item) if item else "", sentence=pages.sentence_of(loaded, item) if item else "",
                      done=results.get(request.args.get("done", "")))

    @app.get("/claim/<cid>")
    def claim(cid: str):
        loaded = desk.current()
        c = loaded.by_id.get(cid)
        if c is None:
            abort(404)
        return render("claim.html", c=c, version=version(c), loaded=loaded, sentence=pages.sentence_of(loaded, c),
                      back=request.args.get("back", "article"), source=request.args.get("source", ""), error=None, conflict=None,
                      form={})

    @app.post("/claim/<cid>")
    def decide(cid: str):
        with writing:
            return _decide(cid)

    def _decide(cid: str):
        loaded = desk.current()
        c = loaded.by_id.get(cid)
        if c is None or not loaded.on_disk(cid):
            abort(404)
        shown = loaded.corpus.record_lines[cid][0]
        path = loaded.corpus.record_paths[shown]
        back, source = request.form.get("back", "article"), request.form.get("source", "")
        before = loaded.findings_of(c.source)
        read = ReadState(request.form.get("version", ""), loaded.article_file(c.source), loaded.corpus.sources[c.source].path,
                         request.form.get("article", ""))
        try:
            old, new = apply_edit(path, shown, cid, read, fields_from_form(request.form, c))
        except (EditError, Conflict) as err:
            conflict = isinstance(err, Conflict)
            now = desk.current()
            fresh = now.by_id.get(cid) if conflict else c
            # a conflict shows the record as it is on disk, with what was submitted beside it; an
            # invalid form is shown again as typed, with the error
            submitted = {k: v for k, v in request.form.items() if k not in ("token", "version", "article", "back", "source")}
            page = render("claim.html", c=fresh or c, version=version(fresh or c), loaded=now,
                          sentence=pages.sentence_of(loaded, c), back=back, source=source,
                          form={} if conflict else request.form, submitted=submitted,
                          error=None if conflict else str(err), conflict=str(err) if conflict else None)
            return page, 409 if conflict else 422
        desk.invalidate()
        after = desk.current().findings_of(c.source)
        appeared, gone = pages.changes(before, after)
        key = secrets.token_hex(6)
        results[key] = {"claim": new, "old": old, "appeared": appeared, "gone": gone, "file": shown}
        if back == "queue":
            return redirect(url_for("queue", after=cid, source=source or None, done=key))
        return redirect(url_for("article", sid=c.source, done=key))

    @app.post("/propose")
    def propose():
        from verifier.review.propose import propose_missing

        with writing:
            propose_missing(desk)
            desk.invalidate()
        return redirect(url_for("overview"))

    return app


def bind(paths: list[Path], host: str = "127.0.0.1", port: int = 0, token: str | None = None, desk: Desk | None = None,
         timeout: float = SOCKET_TIMEOUT):
    """A server of the desk bound to ``host``:``port`` (0: a free port), not yet serving: one
    thread per connection, each connection closed after ``timeout`` seconds of silence.

    Returns:
        (the WSGI server, whose ``serve_forever()`` and ``shutdown()`` run and stop it, and the
        address to open, with the token).
    """
    from werkzeug.serving import WSGIRequestHandler, make_server

    class Quiet(WSGIRequestHandler):
        """No line per request on the terminal (each would repeat the token); errors still print.
        A connection silent for ``timeout`` seconds is closed (socketserver sets it on the socket)."""

        def log_request(self, *args, **kwargs) -> None:
            pass

    Quiet.timeout = timeout
    app = create_app(paths, token, desk)
    server = make_server(host, port, app, threaded=True, request_handler=Quiet)
    shown = f"[{host}]" if ":" in host else host
    return server, f"http://{shown}:{server.server_port}/?{guard.TOKEN_ARG}={app.config['TOKEN']}"


def exposure(server) -> str | None:
    """A one-line warning when ``server`` listens beyond this machine (an address that is not
    loopback: ``0.0.0.0``, a network card's): the desk speaks plain HTTP, so the token in its
    address travels in the clear to anyone on the network path. None on loopback."""
    address, port = server.server_address[:2]
    if ipaddress.ip_address(address.split("%")[0]).is_loopback:
        return None
    return (f"verifier review: warning: listening on {address}:{port}, beyond this machine, over plain HTTP: "
            "the token in the address travels in the clear")


def serve(paths: list[Path], host: str = "127.0.0.1", port: int = 0, announce=print, desk: Desk | None = None,
          warn=print) -> None:
    """Serve the desk until interrupted; ``announce(address)`` is called with the address to open
    (with the token) once the port is bound (``port`` 0: a free one), ``warn(line)`` with
    :func:`exposure`'s warning when it listens beyond this machine."""
    server, address = bind(paths, host, port, desk=desk)
    warning = exposure(server)
    if warning:
        warn(warning)
    announce(address)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
