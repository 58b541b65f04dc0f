"""Throwaway PostgreSQL schemas for tests: one per test, dropped when the test ends.

``ENGRAM_TEST_PG_URL`` names the test database (default ``postgresql://postgres@127.0.0.1:5432/test``;
``.ci/postgres.sh`` creates a fresh one per run and prints its URL). When that variable is unset and no
server answers, PostgreSQL tests are skipped; when it is set, an unreachable server fails them.
"""

from __future__ import annotations

import hashlib
import os
import secrets
import warnings
from collections.abc import Callable
from urllib.parse import urlsplit, urlunsplit

import pytest

from engram.stores.postgres.url import OWN, encode_pairs, query_pairs

DEFAULT_URL = "postgresql://postgres@127.0.0.1:5432/test"
_checked: dict[str, str | None] = {}


def base_url() -> str:
    return os.environ.get("ENGRAM_TEST_PG_URL", DEFAULT_URL)


def with_params(url: str, **params: str) -> str:
    """``url`` with query parameters added or replaced."""
    parts = urlsplit(url)
    query = dict(query_pairs(parts.query))
    query.update(params)
    return urlunsplit((parts.scheme, parts.netloc, parts.path, encode_pairs(list(query.items())), parts.fragment))


def _admin_conninfo(url: str) -> str:
    """The test URL without engram's own parameters, for a plain psycopg connection."""
    parts = urlsplit(url)
    query = [(k, v) for k, v in query_pairs(parts.query) if k not in OWN]
    return urlunsplit((parts.scheme, parts.netloc, parts.path, encode_pairs(query), parts.fragment))


def _server_ready(url: str) -> str | None:
    """None when the server answers and has pgvector (created if missing), else why not."""
    if url not in _checked:
        import psycopg

        try:
            with psycopg.connect(_admin_conninfo(url), autocommit=True, connect_timeout=5) as conn:
                conn.execute("CREATE EXTENSION IF NOT EXISTS vector SCHEMA public")
            _checked[url] = None
        except psycopg.Error as exc:
            _checked[url] = f"PostgreSQL at {url} is not usable: {exc}"
    return _checked[url]


def admin_connect(url: str | None = None):  # type: ignore[no-untyped-def]
    """An autocommit psycopg connection to the test database (for inspecting what engram wrote)."""
    import psycopg

    return psycopg.connect(_admin_conninfo(url or base_url()), autocommit=True)


def drop_schema(url: str, schema: str) -> None:
    import psycopg

    try:
        with psycopg.connect(_admin_conninfo(url), autocommit=True) as conn:
            conn.execute("SET lock_timeout = '10s'")
            conn.execute(f'DROP SCHEMA IF EXISTS "{schema}" CASCADE')
    except psycopg.Error as exc:  # a leaked connection still holds a lock: the database is throwaway
        warnings.warn(f"could not drop test schema {schema}: {exc}", stacklevel=1)


def schema_of(url: str) -> str:
    """The engram schema a test URL names (its ``schema`` parameter)."""
    return dict(query_pairs(urlsplit(url).query))["schema"]


def schema_digest(url: str) -> tuple[Callable[[], str], Callable[[], None], Callable[[], object]]:
    """A digest of every row of every table of the engram schema ``url`` names (equal before and after a refused
    request when it changed nothing); how to stop using it; and a value that moves with every transaction that
    writes anywhere on the server (to skip the digest when nothing was written)."""
    schema = schema_of(url)
    conn = admin_connect(url)
    tables = [r[0] for r in conn.execute("SELECT table_name FROM information_schema.tables WHERE table_schema = %s "
                                         "AND table_type = 'BASE TABLE' ORDER BY table_name", [schema])]
    sql = " UNION ALL ".join(
        f"SELECT '{t}', count(*), md5(coalesce(string_agg(x::text, E'\\n' ORDER BY x::text), '')) "
        f'FROM "{schema}"."{t}" AS x' for t in tables)

    def digest() -> str:
        return hashlib.sha256(repr(conn.execute(sql).fetchall()).encode()).hexdigest()

    def version() -> object:
        return conn.execute("SELECT pg_snapshot_xmax(pg_current_snapshot())").fetchone()

    return digest, conn.close, version


def fresh_url(request: pytest.FixtureRequest) -> str:
    """A URL to a new, empty schema on the test server; the schema is dropped at teardown."""
    url = base_url()
    why = _server_ready(url)
    if why is not None:
        if "ENGRAM_TEST_PG_URL" in os.environ or os.environ.get("ENGRAM_TEST_PG") == "require":
            pytest.fail(why)
        pytest.skip(why)
    schema = "t_" + secrets.token_hex(6)
    request.addfinalizer(lambda: drop_schema(url, schema))
    return with_params(url, schema=schema, pool_max="4")


def schema_at_step(conn, schema: str, steps: int) -> None:  # type: ignore[no-untyped-def]
    """Inside ``conn``'s open transaction: create ``schema`` as the first ``steps`` migrations leave it, with
    its search path set for the rest of the transaction (to fill it as an older engram would have)."""
    from engram.stores.postgres.schema import MIGRATIONS

    conn.execute(f'CREATE SCHEMA "{schema}"')
    conn.execute(f'SET LOCAL search_path TO "{schema}", public')
    for script in MIGRATIONS[:steps]:
        conn.execute(script)
    conn.execute("CREATE TABLE schema_version (version integer PRIMARY KEY, applied_at timestamptz NOT NULL "
                 "DEFAULT now())")
    conn.execute("INSERT INTO schema_version (version) SELECT generate_series(1, %s)", [steps])
