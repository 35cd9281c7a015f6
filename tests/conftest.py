"""Test-wide settings: the record cache lives in a per-session temporary folder."""

from __future__ import annotations

import os
import tempfile

os.environ.setdefault("VERIFIER_CACHE_DIR", tempfile.mkdtemp(prefix="verifier-cache-"))
