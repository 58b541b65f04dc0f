"""``sqlite://`` URLs: the file (or ``:memory:``) and engram's own query parameters.

``sqlite:///path/engram.db?synchronous=full`` sets how hard a commit waits for the disk:

* ``normal`` (default): WAL with ``synchronous=NORMAL``. A commit is atomic and survives a crash of the
  process; after a power loss or an OS crash the last commits before it may be gone (never half-applied).
* ``full``: every commit waits for the WAL to reach the disk (``fsync``) and survives a power loss too, at the
  price of one ``fsync`` per write transaction.
* ``extra``: ``full`` plus an ``fsync`` of the database's directory after a commit whenever the database or
  its WAL file is new (SQLite's own EXTRA syncs no directory in WAL mode), so a power loss cannot lose the
  file a commit went to.
"""

from __future__ import annotations

from dataclasses import dataclass
from urllib.parse import parse_qsl

from ...errors import ValidationError

SYNCHRONOUS = ("normal", "full", "extra")


@dataclass(frozen=True, slots=True)
class SqliteUrl:
    path: str
    synchronous: str = "normal"


def parse(url: str) -> SqliteUrl:
    """Split a ``sqlite://`` URL; unknown parameters and values are refused, naming the field."""
    rest = url[len("sqlite://"):]
    rest, _, query = rest.partition("?")
    path = ":memory:" if rest in (":memory:", "/:memory:", "") else rest[1:] if rest.startswith("/") else rest
    params = dict(parse_qsl(query, keep_blank_values=True, strict_parsing=False)) if query else {}
    unknown = set(params) - {"synchronous"}
    if unknown:
        raise ValidationError(f"unknown SQLite URL parameter {sorted(unknown)[0]!r} (known: synchronous)",
                              field="url")
    sync = params.get("synchronous", "normal").lower()
    if sync not in SYNCHRONOUS:
        raise ValidationError(f"synchronous must be one of {', '.join(SYNCHRONOUS)}", field="url.synchronous")
    return SqliteUrl(path=path, synchronous=sync)
