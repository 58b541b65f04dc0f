"""A digest of every row of a test store, on either backend: equal before and after a refused request when it
changed nothing."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager

from tests.support.mutations import fingerprint


@contextmanager
def store_digest(url: str) -> Iterator[Callable[[], str]]:
    """A function giving the digest of every row of the store at ``url`` (a SQLite file, or a PostgreSQL schema
    as :func:`tests.support.pg.fresh_url` makes one); its connection is closed on the way out."""
    if url.startswith("sqlite:///"):
        path = url.removeprefix("sqlite:///")
        yield lambda: fingerprint(path)
        return
    from tests.support.pg import schema_digest

    digest, close, _ = schema_digest(url)
    try:
        yield digest
    finally:
        close()
