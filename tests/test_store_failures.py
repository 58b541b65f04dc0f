"""A store that fails answers as a store failure on every face: a typed :class:`~engram.errors.StoreError` from
the library, HTTP 503 with the JSON error body, AgentCore's ServiceUnavailableException, the CLI's one-line
``{"error": …}`` and exit 2, an MCP tool error; never a driver's exception or a generic 500. Bad input still
gets its ValidationError, and a store that comes back serves the next request.

Real failures only: SQLite files that are no database, locked by another connection or full (SQLite's own
``max_page_count``); PostgreSQL backends killed with ``pg_terminate_backend``, and a server that goes away
(a loopback proxy in front of the real server is cut: tests/support/tcp_proxy.py).
"""

from __future__ import annotations

import json
import sqlite3
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit, urlunsplit

import httpx
import pytest

from engram import Memory, Scope, StoreError, ValidationError
from engram.cli import main as cli_main
from engram.embedders import HashingEmbedder
from engram.keys import create_key
from engram.stores.sqlite import store as sqlite_store
from tests.support.backends import BACKENDS
from tests.support.configs import WIDE
from tests.support.servers import uvicorn_thread
from tests.support.tcp_proxy import Proxy

S = Scope(agent="bot", actor="u1", session="s1")
SE = "/v1/agents/bot/actors/u1/sessions/s1"
pg_only = pytest.mark.skipif("postgres" not in BACKENDS, reason="PostgreSQL tests are off (ENGRAM_TEST_PG=0)")


def _open(url: str) -> Memory:
    return Memory.open(url, embedder=HashingEmbedder(), config=WIDE)


@pytest.fixture
def short_busy_timeout(monkeypatch: pytest.MonkeyPatch) -> None:
    """SQLite waits 60 s for a lock before giving up; these tests give up after 0.2 s (the rule is the same)."""
    monkeypatch.setattr(sqlite_store, "BUSY_TIMEOUT_MS", 200)


# -- SQLite ----------------------------------------------------------------------------------------------------
def test_a_file_that_is_no_database_is_a_store_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """It used to leave as a raw ``sqlite3.DatabaseError`` (the first PRAGMA reads the file)."""
    path = tmp_path / "junk.db"
    path.write_bytes(b"this is no SQLite file " * 200)
    with pytest.raises(StoreError, match="not a database") as err:
        _open(f"sqlite:///{path}")
    assert err.value.field == "url"
    code = cli_main(["events", "--agent", "bot", "--actor", "u1", "--session", "s1", "--db", f"sqlite:///{path}"])
    out = capsys.readouterr()
    assert code == 2 and out.out == ""
    assert json.loads(out.err)["error"] == {"type": "StoreError", "field": "url",
                                            "message": "cannot open SQLite database: file is not a database"}


def test_a_path_that_cannot_be_opened_is_a_store_error(tmp_path: Path) -> None:
    (tmp_path / "dir.db").mkdir()
    with pytest.raises(StoreError, match="unable to open") as err:
        _open(f"sqlite:///{tmp_path / 'dir.db'}")
    assert err.value.field == "url"


def test_a_database_locked_beyond_the_busy_timeout(tmp_path: Path, short_busy_timeout: None) -> None:
    """Another process holds the write lock: writes fail typed and write nothing, reads still work (WAL), bad
    input is still a ValidationError, and once the lock goes the next write succeeds. A database held
    exclusively (``locking_mode=EXCLUSIVE``) refuses even to open, typed too (it used to leave raw)."""
    url = f"sqlite:///{tmp_path / 'e.db'}"
    mem = _open(url)
    try:
        mem.append(S, [{"role": "user", "content": "first"}])
        other = sqlite3.connect(tmp_path / "e.db", isolation_level=None)
        other.execute("BEGIN IMMEDIATE")
        with pytest.raises(StoreError, match="locked"):
            mem.append(S, [{"role": "user", "content": "second"}])
        with pytest.raises(StoreError, match="locked"):
            mem.remember(S, "Prefers tea", scope="actor")
        with pytest.raises(ValidationError) as bad:
            mem.append(S, [{"role": "nobody", "content": "x"}])
        assert not isinstance(bad.value, StoreError)
        assert [e.content for e in mem.events(S)] == ["first"]
        other.execute("ROLLBACK")
        mem.append(S, [{"role": "user", "content": "third"}])
        assert [e.content for e in mem.events(S)] == ["first", "third"]
    finally:
        mem.close()
    other.execute("PRAGMA locking_mode = EXCLUSIVE")
    other.execute("BEGIN EXCLUSIVE")
    try:
        with pytest.raises(StoreError, match="locked") as err:
            _open(url)
        assert err.value.field == "url"
    finally:
        other.close()


def test_a_full_disk_names_itself_and_the_next_write_succeeds(tmp_path: Path) -> None:
    """SQLite rolls a transaction back by itself when the disk is full; the error used to be the ROLLBACK that
    followed ("cannot rollback - no transaction is active"), not the cause."""
    mem = _open(f"sqlite:///{tmp_path / 'f.db'}")
    try:
        mem.append(S, [{"role": "user", "content": "first"}])
        conn = mem.store._connect()  # type: ignore[attr-defined]  # this thread's connection: cap its file now
        pages = conn.execute("PRAGMA page_count").fetchone()[0]
        conn.execute(f"PRAGMA max_page_count = {pages}")
        with pytest.raises(StoreError, match="full"):
            mem.append(S, [{"role": "user", "content": " ".join(f"word{i}" for i in range(5000))}])
        conn.execute("PRAGMA max_page_count = 1073741823")
        mem.append(S, [{"role": "user", "content": "after"}])
        assert [e.content for e in mem.events(S)] == ["first", "after"]
    finally:
        mem.close()


@pytest.mark.anyio
async def test_mcp_tool_error_on_a_locked_store(tmp_path: Path, short_busy_timeout: None) -> None:
    pytest.importorskip("mcp")
    from mcp.client.session import ClientSession
    from mcp.client.streamable_http import streamable_http_client
    from mcp_types import TextContent

    from engram.mcp import build_server

    mem = _open(f"sqlite:///{tmp_path / 'm.db'}")
    other = sqlite3.connect(tmp_path / "m.db", isolation_level=None)
    try:
        with uvicorn_thread(build_server(mem, S).streamable_http_app(host="127.0.0.1")) as base:
            async with streamable_http_client(base + "/mcp") as (read, write), ClientSession(read, write) as session:
                await session.initialize()
                other.execute("BEGIN IMMEDIATE")
                result = await session.call_tool("add_memory", {"summary": "Prefers tea"})
                other.execute("ROLLBACK")
                text = "".join(c.text for c in result.content if isinstance(c, TextContent))
                assert result.is_error and text.startswith("StoreError:") and "locked" in text
                again = await session.call_tool("add_memory", {"summary": "Prefers tea"})
                assert not again.is_error
    finally:
        other.close()
        mem.close()


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


# -- PostgreSQL ------------------------------------------------------------------------------------------------
def _terminate(admin: Any, app: str) -> list[int]:
    """pg_terminate_backend every backend of ``application_name`` ``app``; return once they have exited."""
    pids = [r[0] for r in admin.execute("SELECT pid FROM pg_stat_activity WHERE application_name = %s", [app])]
    for pid in pids:
        admin.execute("SELECT pg_terminate_backend(%s)", [pid])
    deadline = time.monotonic() + 30
    while admin.execute("SELECT 1 FROM pg_stat_activity WHERE pid = ANY(%s)", [pids]).fetchone():
        assert time.monotonic() < deadline, "the killed backends did not exit"
        time.sleep(0.005)
    return pids


@pytest.fixture
def pg_url(request: pytest.FixtureRequest) -> str:
    from tests.support.pg import fresh_url, with_params

    url = fresh_url(request)
    return with_params(url, application_name="engram-sf-" + url.rsplit("schema=", 1)[1].split("&")[0])


@pytest.fixture
def admin() -> Iterator[Any]:
    from tests.support.pg import admin_connect

    conn = admin_connect()
    yield conn
    conn.close()


@pytest.fixture
def proxy() -> Iterator[Proxy]:
    from tests.support.pg import base_url

    parts = urlsplit(base_url())
    p = Proxy((parts.hostname or "127.0.0.1", parts.port or 5432))
    yield p
    p.close()


def _through(url: str, proxy: Proxy) -> str:
    """``url`` reaching the server through ``proxy``, waiting at most 1 s for a pooled connection."""
    from tests.support.pg import with_params

    parts = urlsplit(url)
    netloc = parts.netloc.rsplit("@", 1)[0] + f"@127.0.0.1:{proxy.port}"
    return with_params(urlunsplit(parts._replace(netloc=netloc)), pool_timeout="1", connect_timeout="2")


@pg_only
def test_killed_connections_do_not_poison_later_calls(pg_url: str, admin: Any) -> None:
    """Every backend of the Memory (and of the HTTP app over it) killed between calls: the next call and the
    next request succeed, on fresh connections."""
    from engram.http import create_app

    app = pg_url.rsplit("application_name=", 1)[1].split("&")[0]
    mem = _open(pg_url)
    try:
        mem.append(S, [{"role": "user", "content": "first"}])
        assert _terminate(admin, app)
        assert [e.content for e in mem.events(S)] == ["first"]
        mem.remember(S, "Prefers tea", scope="actor")
        assert _terminate(admin, app)
        assert [h.record.summary for h in mem.recall(S, "prefers tea")] == ["Prefers tea"]
        key = create_key(mem.store, "bot")[0]
        with uvicorn_thread(create_app(mem)) as base, \
                httpx.Client(base_url=base, headers={"Authorization": f"Bearer {key}"}, timeout=30) as http:
            assert http.get(SE + "/events").status_code == 200
            assert _terminate(admin, app)
            r = http.post(SE + "/events", json={"messages": [{"role": "user", "content": "second"}]})
            assert r.status_code == 201, r.text
            assert _terminate(admin, app)
            r = http.get(SE + "/events")
            assert r.status_code == 200 and [e["content"] for e in r.json()["events"]] == ["first", "second"]
    finally:
        mem.close()


@pg_only
def test_a_server_that_goes_away_and_comes_back(pg_url: str, proxy: Proxy) -> None:
    """Every call fails typed, naming the connection failure (not an exhausted pool); bad input is still a
    ValidationError; once the server is back the next call succeeds on its own."""
    mem = _open(_through(pg_url, proxy))
    try:
        mem.append(S, [{"role": "user", "content": "first"}])
        proxy.down()
        for call in (lambda: mem.events(S), lambda: mem.recall(S, "first"),
                     lambda: mem.append(S, [{"role": "user", "content": "lost"}])):
            with pytest.raises(StoreError, match=r"cannot reach PostgreSQL: .* refused"):
                call()
        with pytest.raises(ValidationError, match="limit") as bad:  # judged before the store is asked
            mem.events(S, limit=-5)
        assert not isinstance(bad.value, StoreError)
        proxy.up()
        assert [e.content for e in mem.events(S)] == ["first"]
    finally:
        mem.close()


@pg_only
def test_closed_port_on_the_cli(capsys: pytest.CaptureFixture[str]) -> None:
    from tests.support.servers import free_port

    url = f"postgresql://postgres@127.0.0.1:{free_port()}/test?connect_timeout=2"
    code = cli_main(["events", "--agent", "bot", "--actor", "u1", "--session", "s1", "--db", url])
    out = capsys.readouterr()
    error = json.loads(out.err)["error"]
    assert code == 2 and out.out == "" and error["type"] == "StoreError" and error["field"] == "url"
    assert error["message"].startswith("cannot connect to PostgreSQL: connection failed:")
    assert "refused" in error["message"]


@pg_only
def test_http_and_agentcore_answer_503_while_the_server_is_away(pg_url: str, proxy: Proxy) -> None:
    """Bearer and SigV4 requests both need the store to check their key: that failure used to escape the
    authentication middleware as a generic 500. Now: 503 and the JSON error body (no database details before a
    key is verified), AgentCore's ServiceUnavailableException, ``/v1/ready`` 503; and all of it recovers."""
    boto3 = pytest.importorskip("boto3")
    from botocore.config import Config
    from botocore.exceptions import ClientError

    from engram.agentcore import credentials, registry
    from engram.http import create_app

    mem = _open(_through(pg_url, proxy))
    try:
        key = create_key(mem.store, "bot", can_delete=True)[0]
        issued = credentials.issue(mem.store, "bot")
        res = registry.create(mem.store, "bot", "Failures", region="us-west-2", account="123456789012")
        with uvicorn_thread(create_app(mem)) as base, \
                httpx.Client(base_url=base, headers={"Authorization": f"Bearer {key}"}, timeout=30) as http:
            agentcore = boto3.client("bedrock-agentcore", endpoint_url=base, region_name="us-west-2",
                                     aws_access_key_id=issued.access_key_id,
                                     aws_secret_access_key=issued.secret_access_key,
                                     config=Config(retries={"max_attempts": 1, "mode": "standard"}))

            def listed() -> list[Any]:
                return list(agentcore.list_events(memoryId=res.id, actorId="u1", sessionId="s1")["events"])

            assert http.post(SE + "/events", json={"messages": [{"role": "user", "content": "hi"}]}).status_code == 201
            assert len(listed()) == 1
            proxy.down()
            r = http.get(SE + "/events")
            assert r.status_code == 503, r.text
            assert r.json() == {"error": {"type": "StoreError", "field": None,
                                          "message": "the key could not be checked; the server log has the details"}}
            ready = http.get("/v1/ready")
            assert ready.status_code == 503 and ready.json()["error"]["type"] == "StoreError"
            with pytest.raises(ClientError) as err:
                listed()
            assert err.value.response["Error"]["Code"] == "ServiceUnavailableException"
            assert err.value.response["ResponseMetadata"]["HTTPStatusCode"] == 503
            proxy.up()
            r = http.get(SE + "/events")
            assert r.status_code == 200 and [e["content"] for e in r.json()["events"]] == ["hi"]
            assert len(listed()) == 1
    finally:
        mem.close()
