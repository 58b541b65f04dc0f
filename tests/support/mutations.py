"""Requests with one defect, for the bad-input tests of every face: a member set, replaced or removed at a path."""

from __future__ import annotations

import copy
import hashlib
import os
import sqlite3
from collections.abc import Callable, Collection
from typing import Any

Path = tuple[str | int, ...]
MISSING = object()  # the value that removes the member at a path


def dotted(path: Path) -> str:
    """``("records", 0, "content")`` -> ``records[0].content``: how an error names the field."""
    out = ""
    for p in path:
        out += f"[{p}]" if isinstance(p, int) else ("." if out else "") + p
    return out


def with_value(doc: dict[str, Any], path: Path, value: Any) -> dict[str, Any]:
    """A copy of ``doc`` with ``value`` at ``path`` (:data:`MISSING`: the member removed)."""
    out = copy.deepcopy(doc)
    node: Any = out
    for p in path[:-1]:
        node = node[p]
    if value is MISSING:
        del node[path[-1]]
    else:
        node[path[-1]] = value
    return out


# the tables that hold memory records and what was done with them (not events, which every turn appends)
RECORD_TABLES = ("records", "record_labels", "record_sources", "versions", "uses")


def fingerprint(db: str | os.PathLike[str], skip: Callable[[tuple[Any, ...]], bool] = lambda row: False,
                tables: Collection[str] | None = None) -> str:
    """A digest of every row of every table of a SQLite file (rows ``skip`` picks left out; ``tables``: only
    those): equal before and after a refused request when it changed nothing."""
    digest = hashlib.sha256()
    con = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
    try:
        names = [r[0] for r in con.execute("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")]
        assert tables is None or set(tables) <= set(names), f"no such tables: {set(tables or ()) - set(names)}"
        for table in (t for t in names if tables is None or t in tables):
            rows = sorted(repr(r) for r in con.execute(f'SELECT * FROM "{table}"') if not skip(r))
            digest.update(f"{table}:{len(rows)}:{''.join(rows)}".encode())
    finally:
        con.close()
    return digest.hexdigest()
