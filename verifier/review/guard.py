"""What every request to the review desk must pass, and what every response carries.

The token. A desk prints one address with a random token (``?t=TOKEN``); every request must
carry it: a page in its address (every link and redirect the desk makes carries it, through
:func:`install`'s URL default), a form post in its ``token`` field. There is **no cookie**: a
browser sends a cookie to every port of a host (cookies are scoped by host, not by port), so a
cookie holding the token, whatever its name, would reach every other server on ``127.0.0.1``
(which could then post to the desk), and a second desk would overwrite the first one's. A token
in the address is seen by nothing but the desk (``Referrer-Policy: no-referrer`` keeps it out
of ``Referer`` headers). The comparison is :func:`hmac.compare_digest` on bytes, so a token of
any length or alphabet (non-ASCII included) is a plain 403, never an error.

Framing. Every response, errors included, says ``frame-ancestors 'none'`` and
``X-Frame-Options: DENY``, so no other page can show the desk in a frame and trick a click
(clickjacking). Scripts run only with the page's nonce.

Size. A request whose ``Content-Length`` is over :data:`MAX_REQUEST_BYTES` is refused with 413
before its body is read (Flask's ``MAX_CONTENT_LENGTH`` also stops a body sent without a length
at that size).
"""

from __future__ import annotations

import hmac
import secrets

from flask import Flask, abort, g, request

MAX_REQUEST_BYTES = 1 << 20
"""Largest request body the desk reads, in bytes (1 MiB): a decision is a few hundred bytes;
the longest form (every field at :data:`verifier.review.edits.MAX_TEXT` characters of
four-byte UTF-8, percent-encoded) stays far below it."""

TOKEN_ARG = "t"
"""The query argument that carries the token in every address of the desk."""
TOKEN_FIELD = "token"
"""The form field that carries the token in every post."""


def token_matches(given: str | None, want: str) -> bool:
    """True when ``given`` is the token ``want``, compared in constant time on UTF-8 bytes
    (any text, of any length, is a plain False: never an exception)."""
    if not given:
        return False
    return hmac.compare_digest(given.encode("utf-8", "replace"), want.encode("utf-8"))


def install(app: Flask) -> None:
    """Guard every request of ``app`` (size, then token) and give every response its headers;
    ``app.config["TOKEN"]`` is the token."""
    app.config["MAX_CONTENT_LENGTH"] = MAX_REQUEST_BYTES

    @app.url_defaults
    def _carry_token(endpoint: str, values: dict) -> None:
        values.setdefault(TOKEN_ARG, app.config["TOKEN"])

    @app.before_request
    def _guard() -> None:
        if (request.content_length or 0) > MAX_REQUEST_BYTES:
            abort(413)  # refused on its header: the body is never read
        want = app.config["TOKEN"]
        if request.method == "POST":
            given = request.form.get(TOKEN_FIELD)
        else:
            given = request.args.get(TOKEN_ARG)
        if not token_matches(given, want):
            abort(403)
        g.nonce = secrets.token_urlsafe(12)

    @app.after_request
    def _headers(response):
        # only the desk's own script runs (it carries this response's nonce), whatever a page holds;
        # no page of another origin may frame the desk
        nonce = getattr(g, "nonce", "none")
        response.headers["Content-Security-Policy"] = (
            f"default-src 'none'; style-src 'unsafe-inline'; img-src 'self'; script-src 'nonce-{nonce}'; "
            "form-action 'self'; frame-ancestors 'none'")
        response.headers["X-Frame-Options"] = "DENY"
        response.headers["X-Content-Type-Options"] = "nosniff"
        response.headers["Referrer-Policy"] = "no-referrer"
        return response

    @app.errorhandler(403)
    def _forbidden(_err):
        return "403: this desk needs its token; open the address verifier review printed.\n", 403, {"Content-Type": "text/plain"}

    @app.errorhandler(413)
    def _too_large(_err):
        return (f"413: a request to the desk holds at most {MAX_REQUEST_BYTES:,} bytes; nothing was written.\n", 413,
                {"Content-Type": "text/plain", "Connection": "close"})
