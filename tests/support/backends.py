"""The store backends every backend-parametrised test runs on: SQLite always, PostgreSQL unless
``ENGRAM_TEST_PG=0`` (``ENGRAM_TEST_PG=require`` turns its skips into failures, see tests/support/pg.py)."""

from __future__ import annotations

import os

BACKENDS = ["sqlite"]
if os.environ.get("ENGRAM_TEST_PG", "1") != "0":
    BACKENDS.append("postgres")
