"""The stores engram runs on (SQLite, PostgreSQL), and which one a command opens when it names none."""

import os


def default_db() -> str:
    """The database a command opens when it names none: ``$ENGRAM_DB`` (an empty one is no URL), else
    ``./engram.db``."""
    return os.environ.get("ENGRAM_DB") or "sqlite:///engram.db"
