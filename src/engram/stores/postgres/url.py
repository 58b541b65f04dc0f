"""Parse a ``postgresql://`` URL into libpq connection strings plus engram's own settings.

engram reads a few query parameters and passes every other one to libpq unchanged (``sslmode``,
``connect_timeout``, ``application_name``, ``options`` …)::

    postgresql://user:pw@host:5432/db?schema=engram&pool_max=20&sslmode=require

=================  =========  =======================================================================
parameter          default    meaning
=================  =========  =======================================================================
``schema``         engram     PostgreSQL schema holding engram's tables (created if missing)
``vector_schema``  public     schema to create the pgvector extension in, when it is not installed
``pool_min``       1          connections kept open per process
``pool_max``       10         most connections per process (per pool)
``pool_timeout``   30         seconds to wait for a free connection before a StoreError
``read_url``       (none)     URL-encoded URL of a read replica; ``Store.read()`` goes there
``read_wait``      5          milliseconds a read may wait for the replica to replay this process's last
                              commit before it runs on the primary instead (0: never wait)
``direct_url``     (the URL)  URL-encoded URL that reaches PostgreSQL itself, not a transaction-mode
                              pooler: migrations and HNSW index builds use it (they hold session locks)
``prepare``        5          psycopg prepare threshold; ``0`` turns server-side prepares off
``hnsw``           auto       ``auto``: build an HNSW index when a partition is large enough to gain;
                              ``off``: never build or use one (exact search only, fastest ingest)
=================  =========  =======================================================================

``synchronous_commit`` (default: the server's setting, durable unless configured otherwise) sets
PostgreSQL's ``synchronous_commit`` for engram's sessions: ``on``, ``off``, ``local``, ``remote_write`` or
``remote_apply``. ``off`` answers a commit before its WAL is flushed (an append waits for no fsync); a
crash of the server can then lose the last commits (up to about 0.6 s of them), never half-apply one, the
trade SQLite's default ``synchronous=NORMAL`` makes.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from urllib.parse import quote, unquote, urlsplit, urlunsplit

from ...errors import ConfigError

_IDENT = re.compile(r"^[a-z_][a-z0-9_]{0,62}$")
OWN = ("schema", "vector_schema", "pool_min", "pool_max", "pool_timeout", "read_url", "direct_url", "prepare",
       "hnsw", "read_wait", "synchronous_commit")
SYNC_COMMIT = ("on", "off", "local", "remote_write", "remote_apply")


@dataclass(frozen=True, slots=True)
class Settings:
    """Everything a :class:`~engram.stores.postgres.store.PostgresStore` needs to connect."""

    conninfo: str
    schema: str = "engram"
    vector_schema: str = "public"
    pool_min: int = 1
    pool_max: int = 10
    pool_timeout: float = 30.0
    read_conninfo: str | None = None
    read_wait: float = 0.005  # seconds
    direct_conninfo: str = ""
    prepare_threshold: int | None = 5
    hnsw: bool = True


def _ident(value: str, name: str) -> str:
    if not _IDENT.match(value):
        raise ConfigError("must be a lower-case SQL identifier (letters, digits, _; at most 63)", field=name)
    return value


def _int(value: str, name: str, lo: int, hi: int) -> int:
    try:
        n = int(value)
    except ValueError as exc:
        raise ConfigError("must be an integer", field=name) from exc
    if not lo <= n <= hi:
        raise ConfigError(f"must be between {lo} and {hi}", field=name)
    return n


def query_pairs(query: str) -> list[tuple[str, str]]:
    """``k=v&…`` decoded as libpq decodes a URI: percent escapes only (a ``+`` stays a plus)."""
    out = []
    for piece in query.split("&"):
        if piece:
            key, _, value = piece.partition("=")
            out.append((unquote(key), unquote(value)))
    return out


def encode_pairs(pairs: list[tuple[str, str]]) -> str:
    return "&".join(f"{quote(k, safe='')}={quote(v, safe='')}" for k, v in pairs)


def _libpq(url: str) -> tuple[str, dict[str, str]]:
    """Split engram's parameters off a URL; return the libpq URL and ours."""
    parts = urlsplit(url)
    if parts.scheme not in ("postgresql", "postgres"):
        raise ConfigError("must start with postgresql://", field="url")
    own: dict[str, str] = {}
    rest: list[tuple[str, str]] = []
    for key, value in query_pairs(parts.query):
        if key in OWN:
            own[key] = value
        else:
            rest.append((key, value))
    sync = own.get("synchronous_commit")
    if sync is not None:  # a session setting (libpq options), so every transaction and query sees it
        if sync not in SYNC_COMMIT:
            raise ConfigError(f"must be one of {', '.join(SYNC_COMMIT)}", field="synchronous_commit")
        opts = [v for k, v in rest if k == "options"]
        rest = [(k, v) for k, v in rest if k != "options"]
        rest.append(("options", " ".join([*opts, f"-c synchronous_commit={sync}"])))
    keys = {k for k, _ in rest}
    if "connect_timeout" not in keys:
        rest.append(("connect_timeout", "10"))
    if "application_name" not in keys:
        rest.append(("application_name", "engram"))
    return urlunsplit(("postgresql", parts.netloc, parts.path, encode_pairs(rest), parts.fragment)), own


def parse(url: str, *, schema: str | None = None) -> Settings:
    """Validate a URL; ``schema`` (when given) wins over the ``schema`` query parameter."""
    if not isinstance(url, str):
        raise ConfigError("must be a database URL string", field="url")
    conninfo, own = _libpq(url)
    pool_min = _int(own.get("pool_min", "1"), "pool_min", 0, 1000)
    pool_max = _int(own.get("pool_max", "10"), "pool_max", 1, 1000)
    if pool_max < max(pool_min, 1):
        raise ConfigError("must be at least pool_min", field="pool_max")
    prepare = _int(own.get("prepare", "5"), "prepare", 0, 1_000_000)
    try:
        timeout = float(own.get("pool_timeout", "30"))
    except ValueError as exc:
        raise ConfigError("must be a number of seconds", field="pool_timeout") from exc
    if not 0 < timeout <= 3600:
        raise ConfigError("must be between 0 and 3600 seconds", field="pool_timeout")
    read_wait = _int(own.get("read_wait", "5"), "read_wait", 0, 10_000)
    hnsw = own.get("hnsw", "auto")
    if hnsw not in ("auto", "off"):
        raise ConfigError("must be auto or off", field="hnsw")
    read_url = own.get("read_url")
    read_conninfo = _libpq(read_url)[0] if read_url else None
    direct_url = own.get("direct_url")
    direct_conninfo = _libpq(direct_url)[0] if direct_url else conninfo
    return Settings(
        conninfo=conninfo,
        schema=_ident(schema if schema is not None else own.get("schema", "engram"), "schema"),
        vector_schema=_ident(own.get("vector_schema", "public"), "vector_schema"),
        pool_min=pool_min,
        pool_max=pool_max,
        pool_timeout=timeout,
        read_conninfo=read_conninfo,
        read_wait=read_wait / 1000,
        direct_conninfo=direct_conninfo,
        prepare_threshold=prepare or None,
        hnsw=hnsw == "auto",
    )
