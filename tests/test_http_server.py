"""``engram serve`` as a real process on 127.0.0.1 and the ``engram keys`` commands, on every backend.

Covers the key lifecycle through the CLI (create prints one JSON line; revoke works on a live server)
and graceful shutdown: SIGTERM during a large append still answers it, and every event is stored.
"""

from __future__ import annotations

import json
import re
import signal
import subprocess
import threading
import time
from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from engram import Memory, Scope
from engram.embedders import HashingEmbedder
from tests.support.servers import cli, serving


@pytest.fixture
def server(db_url: str, tmp_path: Any) -> Iterator[tuple[subprocess.Popen[bytes], str]]:
    with serving(db_url, tmp_path) as running:
        yield running


def test_serve_can_embed_history_before_acknowledging(db_url: str, tmp_path: Any) -> None:
    key = json.loads(cli("keys", "create", "--db", db_url, "--agent", "bot").stdout)["key"]
    with serving(db_url, tmp_path, "--embed-history", "inline") as (_, base):
        r = httpx.post(base + "/v1/agents/bot/actors/u1/sessions/s1/events", headers={"Authorization": f"Bearer {key}"},
                       json={"messages": [{"role": "user", "content": f"message {i} embedded before the 201"}
                                          for i in range(2000)]})  # in the background, most would still wait
        assert r.status_code == 201
        mem = Memory.open(db_url, embedder=HashingEmbedder())
        try:
            with mem.store.read() as tx:
                assert tx.unembedded_chunks(None, limit=10) == []
        finally:
            mem.close()


def test_keys_cli_prints_one_json_line(db_url: str) -> None:
    made = cli("keys", "create", "--db", db_url, "--agent", "bot", "--actor", "u1", "--read", "session,actor",
               "--write", "session", "--delete")
    assert made.returncode == 0, made.stderr
    lines = made.stdout.splitlines()
    assert len(lines) == 1
    doc = json.loads(lines[0])
    assert re.fullmatch(r"egk_[0-9a-f]{16}_[A-Za-z0-9_-]{43}", doc["key"]) and doc["id"] in doc["key"]
    listed = json.loads(cli("keys", "list", "--db", db_url).stdout)
    mine = next(k for k in listed if k["id"] == doc["id"])
    assert mine == {**mine, "agent": "bot", "actor": "u1", "read": ["session", "actor"], "write": ["session"],
                    "delete": True, "admin": False}
    assert doc["key"] not in json.dumps(listed) and "hash" not in json.dumps(listed)
    bad = cli("keys", "create", "--db", db_url, "--agent", "no spaces")
    assert bad.returncode == 2 and bad.stdout == "" and json.loads(bad.stderr)["error"]["field"] == "agent"
    bad = cli("keys", "create", "--db", db_url, "--agent", "bot", "--read", "galaxy")
    assert bad.returncode == 2 and json.loads(bad.stderr)["error"]["field"] == "read"
    assert cli("keys", "revoke", "--db", db_url, doc["id"]).returncode == 0
    assert cli("keys", "revoke", "--db", db_url, doc["id"]).returncode == 2
    assert json.loads(cli("keys", "list", "--db", db_url).stdout) == [
        k for k in listed if k["id"] != doc["id"]]


def test_serve_revoke_and_graceful_shutdown(server: tuple[subprocess.Popen[bytes], str], db_url: str) -> None:
    proc, base = server
    key = json.loads(cli("keys", "create", "--db", db_url, "--agent", "bot").stdout)["key"]
    spare = json.loads(cli("keys", "create", "--db", db_url, "--agent", "bot").stdout)
    auth = {"Authorization": f"Bearer {key}"}
    path = "/v1/agents/bot/actors/u1/sessions/s1/events"
    assert httpx.get(base + path, headers=auth).status_code == 200
    assert httpx.get(base + path).status_code == 401
    spare_auth = {"Authorization": f"Bearer {spare['key']}"}
    assert httpx.get(base + path, headers=spare_auth).status_code == 200
    assert cli("keys", "revoke", "--db", db_url, spare["id"]).returncode == 0
    assert httpx.get(base + path, headers=spare_auth).status_code == 401

    n = 4000
    body = {"messages": [{"role": "user", "content": f"message number {i} about parcels"} for i in range(n)]}
    result: dict[str, Any] = {}

    def append() -> None:
        result["response"] = httpx.post(base + path, json=body, headers=auth, timeout=60)

    worker = threading.Thread(target=append)
    worker.start()
    deadline = time.monotonic() + 20
    while "engram_http_requests_in_flight 2" not in httpx.get(base + "/metrics").text:  # ours + the append
        assert time.monotonic() < deadline and worker.is_alive(), "the append never went in flight"
        time.sleep(0.005)
    proc.send_signal(signal.SIGTERM)
    worker.join(60)
    assert result["response"].status_code == 201, result["response"].text
    assert len(result["response"].json()["events"]) == n
    assert proc.wait(30) in (0, -signal.SIGTERM)  # uvicorn re-raises the signal once it has shut down
    with pytest.raises(httpx.TransportError):
        httpx.get(base + "/v1/health", timeout=1)
    mem = Memory.open(db_url, embedder=HashingEmbedder())
    try:
        assert len(mem.events(Scope("bot", "u1", "s1"), limit=1000)) == 1000
        assert sum(s["events"] for s in mem.sessions(Scope("bot", "u1"))) == n
    finally:
        mem.close()


def test_main_cli_registers_the_service_commands() -> None:
    cli_mod = pytest.importorskip("engram.cli")
    parser = cli_mod.build_parser()
    for argv in (["serve", "--port", "1"], ["keys", "list"], ["mcp", "--agent", "a"]):
        assert callable(parser.parse_args(argv).func)
    ours = parser.parse_args(["--db", "sqlite:///x.db", "serve"]) if "--db" in parser.format_help() else None
    if ours is not None:
        assert ours.db == "sqlite:///x.db"  # a --db before the subcommand is not overwritten


def test_serve_insecure_local_refuses_public_bind(tmp_path: Any) -> None:
    done = cli("serve", "--db", f"sqlite:///{tmp_path / 'x.db'}", "--insecure-local", "--host", "0.0.0.0")
    assert done.returncode == 2 and json.loads(done.stderr)["error"]["field"] == "host"


def test_lifespan_runs_the_job_worker_for_async_extraction(make_memory: Any) -> None:
    """With ``extraction.trigger: async`` the app processes jobs while it runs, and stops the worker
    (after the job in hand) when it shuts down."""
    from engram.http import create_app
    from engram.keys import create_key
    from tests.support.servers import uvicorn_thread

    mem = make_memory({"harness": {"memory": {"enabled": True,
        "scope": {"read": ["session", "actor"], "write": ["session", "actor"]},
        "strategies": [{"type": "SEMANTIC"}], "extraction": {"trigger": "async"}}}})
    key, _ = create_key(mem.store, "bot")
    auth = {"Authorization": f"Bearer {key}"}
    with uvicorn_thread(create_app(mem)) as base:
        r = httpx.post(base + "/v1/agents/bot/actors/u1/sessions/s1/events", headers=auth, json={"messages": [
            {"role": "user", "content": "I moved to Lisbon last month and I work as a nurse now."}]})
        assert r.status_code == 201, r.text
        deadline = time.monotonic() + 30
        while True:
            jobs = httpx.get(base + "/v1/agents/bot/actors/u1/jobs", headers=auth).json()["jobs"]
            if jobs and all(j["status"] in ("done", "failed") for j in jobs):
                break
            assert time.monotonic() < deadline, jobs
            time.sleep(0.1)
        assert [j["status"] for j in jobs] == ["done"], jobs
    assert mem.jobs(Scope("bot"), status="pending") == []
