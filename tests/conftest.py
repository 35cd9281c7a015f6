"""Test-wide settings: the record cache lives in a per-session temporary folder."""

from __future__ import annotations

import os
import tempfile

os.environ.setdefault("VERIFIER_CACHE_DIR", tempfile.mkdtemp(prefix="verifier-cache-"))

# Property-based tests (tests/test_fuzz.py): a bounded, reproducible run in CI. The long
# campaign is benchmarks/fuzz_quantities.py. HYPOTHESIS_PROFILE=dev draws fresh examples.
from hypothesis import HealthCheck, settings  # noqa: E402

settings.register_profile(
    "ci", max_examples=200, deadline=None, derandomize=True, print_blob=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
settings.register_profile("dev", max_examples=500, deadline=None,
                          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))
