"""The third hostile round (issue 25): each defect it found, as a test, on every backend.

Narrowed configurations cached by what they mean (never by ``id()``), store-wide settings behind an operator
key, bounded ``/metrics`` labels, the Host check of the local mode, and the smaller rights: ``uses`` needs a
write right, any key of an agent reads its configuration, session-bound keys hold on every route.
"""

from __future__ import annotations

from typing import Any

import httpx
import pytest

from engram import Memory, Scope
from engram.errors import PermissionDenied, ScopeError, ValidationError
from engram.grants import Grant, view
from engram.keys import OPERATOR, create_key, describe
from tests.support.configs import WIDE
from tests.support.http_app import AC, AG, SE, Env, make_env

pytestmark = pytest.mark.anyio


# -- 1: a narrowed key never receives another tenant's configuration -----------------------------------------------
def test_a_narrowed_view_is_the_config_of_its_own_agent(make_memory: Any) -> None:
    """Each agent's Config is freed before the next is parsed (as the 1 s cache and the 1,024-version cap
    do), so CPython often places the next tenant's Config at the freed address: a cache keyed by ``id()``
    then hands agent Y the narrowing of agent X's configuration."""
    mem: Memory = make_memory(WIDE)
    narrow = Grant("k", None, None, ("session",), ("session",), False, False)
    for i in range(200):
        agent = f"tenant{i}"
        mem.configure(agent, {**WIDE, "harness": {**WIDE["harness"], "memory": {
            **WIDE["harness"]["memory"], "kinds": [f"kind-of-{agent}"]}}})
        mem._agent_configs.forget_cache()  # what a second of time and the version cap do
        mem._agent_configs._parsed.clear()
        got = view(mem, narrow, agent)
        assert got.config.memory.kinds == (f"kind-of-{agent}",), (i, got.config.memory.kinds)
        assert got.config.memory.scope.read == ("session",)
        del got


async def test_tools_and_writes_follow_the_callers_own_kinds(make_memory: Any) -> None:
    mem: Memory = make_memory(WIDE)
    env = make_env(mem)
    keys = {}
    for i in range(40):
        agent = f"t{i}"
        mem.configure(agent, {**WIDE, "harness": {**WIDE["harness"], "memory": {
            **WIDE["harness"]["memory"], "kinds": [f"k{i}"]}}})
        keys[agent] = create_key(mem.store, agent, write=["session"], read=["session"])[0]
    async with env.client(None) as c:
        for i in range(40):
            mem._agent_configs.forget_cache()
            mem._agent_configs._parsed.clear()
            h = {"Authorization": f"Bearer {keys[f't{i}']}"}
            r = await c.post(f"/v1/agents/t{i}/actors/u/sessions/s/records",
                             json={"summary": "x", "kind": f"k{(i + 1) % 40}"}, headers=h)
            assert r.status_code == 422, (i, r.text)  # another tenant's kind
            r = await c.post(f"/v1/agents/t{i}/actors/u/sessions/s/records", json={"summary": "x", "kind": f"k{i}"},
                             headers=h)
            assert r.status_code == 201, (i, r.text)


# -- 3: store-wide settings need an operator key -------------------------------------------------------------------
async def test_an_agents_admin_key_cannot_change_the_store_wide_default(env: Env) -> None:
    before = env.mem.config_history()
    async with env.client("admin") as c:
        r = await c.put("/v1/config", json={"config": {"harness": {"memory": {"scope": {"write": ["agent"]}}}}})
        assert r.status_code == 403, r.text
        err = r.json()["error"]
        assert err["type"] == "PermissionDenied" and err["field"] == "authorization" and "operator" in err["message"]
    assert env.mem.config_history() == before
    op, grant = create_key(env.mem.store, None, operator=True)
    assert grant.agent == OPERATOR and describe(grant)["operator"] is True and describe(grant)["agent"] is None
    async with env.client(None, headers={"Authorization": f"Bearer {op}"}) as c:
        r = await c.put("/v1/config", json={"config": WIDE})
        assert r.status_code == 200, r.text
        assert (await c.get("/v1/key")).json()["operator"] is True
        # an operator key reaches no agent's data
        for path in (SE + "/events", AC + "/records", AG + "/records", AG + "/config", "/v1/agents/rival/tools"):
            r = await c.get(path)
            assert r.status_code == 403 and r.json()["error"]["field"] == "agent", (path, r.text)


def test_an_operator_key_names_no_agent(make_memory: Any) -> None:
    mem = make_memory()
    with pytest.raises(ValidationError):
        create_key(mem.store, "bot", operator=True)
    with pytest.raises(ScopeError):
        create_key(mem.store, OPERATOR)  # "*" is not an agent id


# -- 6: /metrics labels stay a fixed set -------------------------------------------------------------------------
async def test_invented_methods_share_one_metrics_label(env: Env) -> None:
    async with env.client(None) as c:
        for i in range(50):
            await c.request(f"X-INVENTED-{i}", "/v1/health")
        text = (await c.get("/metrics")).text
    assert "INVENTED" not in text
    assert 'method="other"' in text
    assert sum(1 for line in text.splitlines() if line.startswith("engram_http_requests_total{")
               and 'method="other"' in line) == 1


# -- 7: the local mode answers only loopback Host names -------------------------------------------------------------
REBOUND = ["evil.example", "evil.example:8000", "127.0.0.1.evil.example", "localhost.evil", "10.0.0.1",
           "localhost:abc", ""]
LOOPBACK = ["localhost", "localhost:8000", "127.0.0.1", "127.0.0.1:9", "[::1]", "[::1]:8000", "LOCALHOST:8000"]


async def test_insecure_local_serves_only_loopback_host_names(make_memory: Any) -> None:
    from engram.http import create_app

    mem = make_memory(WIDE)
    app = create_app(mem, insecure_local=True)
    t = httpx.ASGITransport(app=app, client=("127.0.0.1", 5000))
    async with httpx.AsyncClient(transport=t, base_url="http://127.0.0.1:8000") as c:
        for host in REBOUND:
            for method, path, body in [("GET", SE + "/events", None),
                                       ("POST", SE + "/events", {"messages": [{"role": "user", "content": "x"}]}),
                                       ("DELETE", AC, None), ("GET", "/metrics", None), ("GET", "/ui", None)]:
                r = await c.request(method, path, json=body, headers={"Host": host})
                assert r.status_code == 421, (host, method, path, r.status_code)
                err = r.json()["error"]
                assert (err["type"], err["field"]) == ("MisdirectedRequest", "host")
        assert mem.events(Scope(agent="bot", actor="u1", session="s1")) == []
        for host in LOOPBACK:
            r = await c.post(SE + "/events", json={"messages": [{"role": "user", "content": host}]},
                             headers={"Host": host})
            assert r.status_code == 201, (host, r.text)


# -- 8: the smaller rights -------------------------------------------------------------------------------------
async def test_a_read_only_key_cannot_log_uses(env: Env) -> None:
    async with env.client("admin") as admin:
        rec = (await admin.post(SE + "/records", json={"summary": "a fact"})).json()
    async with env.client("ro") as ro:
        r = await ro.post(SE + "/uses", json={"turn_id": "forged", "uses": [{"record_id": rec["id"], "score": 1.0}]})
        assert r.status_code == 403, r.text
        assert r.json()["error"]["type"] == "PermissionDenied"
    assert env.mem.uses(Scope(agent="bot", actor="u1", session="s1"), rec["id"]) == []
    async with env.client("plain") as plain:
        r = await plain.post(SE + "/uses", json={"uses": [{"record_id": rec["id"], "score": 0.5}]})
        assert r.status_code == 200, r.text


async def test_an_actor_bound_key_reads_its_agents_config(env: Env) -> None:
    async with env.client("actor") as c:
        r = await c.get(AG + "/config")
        assert r.status_code == 200, r.text
        assert r.json()["agent"] == "bot"
        assert (await c.get(AG + "/config/history")).status_code == 200
        r = await c.put(AG + "/config", json={"config": WIDE})
        assert r.status_code == 403
        assert (await c.get("/v1/agents/rival/config")).status_code == 403
        assert (await c.get(AG + "/tools")).status_code == 403  # other agent-wide paths stay closed


async def test_a_session_bound_key_holds_on_every_route(env: Env) -> None:
    key, grant = create_key(env.mem.store, "bot", "u1", session="s1", can_delete=True)
    assert grant.session == "s1"
    from tests.support.routes import endpoints

    async with env.client(None, headers={"Authorization": f"Bearer {key}"}) as c:
        assert (await c.post(SE + "/events", json={"messages": [{"role": "user", "content": "x"}]})).status_code == 201
        assert (await c.get(SE + "/events")).status_code == 200
        assert (await c.post(SE + "/records", json={"summary": "s1 fact"})).status_code == 201
        assert (await c.get("/v1/key")).json()["session"] == "s1"
        for method, path, body in endpoints(env.app, session="s2"):
            if "/agents/" not in path or (method == "GET" and path.endswith(("/config", "/config/history"))):
                continue
            r = await c.request(method, path, json=body)
            assert r.status_code == 403, (method, path, r.status_code, r.text)
            assert r.json()["error"]["field"] in ("session", "actor", "agent"), (method, path, r.text)
    with pytest.raises(ScopeError):
        create_key(env.mem.store, "bot", "u1", session="../s")


def test_grant_check_path_session() -> None:
    g = Grant("k", "bot", None, ("session",), ("session",), False, False, session="s1")
    g.check_path("bot", None, "s1")
    for args in (("bot", None, "s2"), ("bot", None, None), ("bot", "u1", "s2")):
        with pytest.raises(PermissionDenied):
            g.check_path(*args)
    g.check_path("bot", None, None, whole_agent=True)


def test_synchronous_extra_syncs_the_directory(tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """The real fsync runs; the spy only notes which paths it was given."""
    import os

    synced: list[str] = []
    real = os.fsync

    def spy(fd: int) -> None:
        synced.append(os.readlink(f"/proc/self/fd/{fd}"))
        real(fd)

    monkeypatch.setattr(os, "fsync", spy)
    for mode, want in (("full", False), ("extra", True)):
        folder = tmp_path / mode
        folder.mkdir()
        synced.clear()
        mem = Memory.open(f"sqlite:///{folder / 'engram.db'}?synchronous={mode}")
        try:
            mem.append(Scope(agent="a", session="s"), [{"role": "user", "content": "kept after a power loss"}])
            assert (str(folder) in synced) is want, (mode, synced)
            synced.clear()
            mem.append(Scope(agent="a", session="s"), [{"role": "user", "content": "again"}])
            assert str(folder) not in synced  # once per new file, not per commit
        finally:
            mem.close()


async def test_an_actorless_session_with_an_actor_strategy_accepts_appends(make_memory: Any) -> None:
    """A SEMANTIC strategy writing under /facts/{actorId}/ skips a session without an actor; the events are kept."""
    cfg = {"harness": {"memory": {"enabled": True,
                                  "strategies": [{"type": "SEMANTIC", "namespace": "/facts/{actorId}/"}],
                                  "extraction": {"trigger": "turn_end"}}}}
    env = make_env(make_memory(cfg))
    async with env.client("admin") as c:
        r = await c.post("/v1/agents/bot/sessions/twisp-1/events",
                         json={"messages": [{"role": "user", "content": "I prefer email over phone"}]})
        assert r.status_code == 201, r.text
        assert (await c.post("/v1/agents/bot/sessions/twisp-1/extract", json={})).status_code == 200
        assert len((await c.get("/v1/agents/bot/sessions/twisp-1/events")).json()["events"]) == 1


def test_mcp_stdio_answers_every_line(tmp_path: Any) -> None:
    """A lone surrogate, a non-JSON line and 100k-deep nesting each get a JSON-RPC error; the server goes on."""
    import json
    import os
    import subprocess
    import sys

    init = {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
        "protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "t", "version": "1"}}}
    lines = [json.dumps(init), json.dumps({"jsonrpc": "2.0", "method": "notifications/initialized"}),
             '{"jsonrpc": "2.0", "id": 2, "method": "tools/call", "params": {"name": "add_memory", '
             '"arguments": {"summary": "x\\ud800y"}}}',
             "this is not json", "[" * 100_000 + "]" * 100_000, '{"jsonrpc": "2.0", "id": "4", "method": 7}',
             json.dumps({"jsonrpc": "2.0", "id": 5, "method": "tools/list"})]
    done = subprocess.run([sys.executable, "-m", "engram.mcp", "--db", f"sqlite:///{tmp_path / 'm.db'}", "--agent",
                           "bot", "--actor", "u1", "--session", "s1", "--embedder", "hashing"],
                          input="\n".join(lines) + "\n", capture_output=True, text=True, timeout=120,
                          cwd=tmp_path, env=dict(os.environ))
    answers = [json.loads(line) for line in done.stdout.splitlines()]
    by_id = {a.get("id"): a for a in answers}
    assert by_id[2]["error"]["code"] == -32600
    assert by_id["4"]["error"]["code"] == -32600
    assert [a["error"]["code"] for a in answers if a.get("id") is None] == [-32700, -32700]
    assert by_id[5]["result"]["tools"]  # still serving after them
    assert len(answers) == 6, done.stdout


# -- 8: SigV4 binds the service, the region and one use ---------------------------------------------------------
async def test_sigv4_binds_service_region_and_refuses_replayed_writes(make_memory: Any,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    import json
    import time
    from datetime import timedelta

    from botocore.auth import SigV4Auth
    from botocore.awsrequest import AWSRequest
    from botocore.credentials import Credentials

    from engram.agentcore import auth, credentials, registry
    from engram.http import create_app

    mem = make_memory(WIDE)
    app = create_app(mem)
    issued = credentials.issue(mem.store, "bot")
    res = registry.create(mem.store, "bot", "MyMem", region="us-west-2", account="123456789012")
    creds = Credentials(issued.access_key_id, issued.secret_access_key)
    base = "http://engram.test"

    def signed(path: str, body: dict[str, Any], service: str = "bedrock-agentcore",
               region: str = "us-west-2") -> tuple[bytes, dict[str, str]]:
        data = json.dumps(body).encode()
        req = AWSRequest(method="POST", url=base + path, data=data, headers={"Content-Type": "application/json"})
        SigV4Auth(creds, service, region).add_auth(req)
        return data, dict(req.headers.items())

    event = {"actorId": "u1", "sessionId": "s1", "eventTimestamp": int(time.time()),
             "payload": [{"conversational": {"content": {"text": "hello once"}, "role": "USER"}}]}
    transport = httpx.ASGITransport(app=app, raise_app_exceptions=False)
    async with httpx.AsyncClient(transport=transport, base_url=base) as c:
        data, headers = signed(f"/memories/{res.id}/events", event)
        assert (await c.post(f"/memories/{res.id}/events", content=data, headers=headers)).status_code == 201
        monkeypatch.setattr(auth, "REPLAY_GRACE", timedelta(0))  # past the grace of one call made twice at once
        r = await c.post(f"/memories/{res.id}/events", content=data, headers=headers)  # the same bytes again
        assert r.status_code == 403 and "replay" in r.json()["message"], r.text
        tokened = {**event, "clientToken": "t-1"}  # idempotent by its token: a repeat answers the same event
        data, headers = signed(f"/memories/{res.id}/events", tokened)
        ids = {(await c.post(f"/memories/{res.id}/events", content=data, headers=headers)).json()["event"]["eventId"]
               for _ in range(2)}
        assert len(ids) == 1
        for service, region, words in (("bedrock-agentcore-control", "us-west-2", "correct service"),
                                       ("bedrock-agentcore", "eu-west-1", "valid region")):
            data, headers = signed(f"/memories/{res.id}/events", {**event, "clientToken": service + region},
                                   service, region)
            r = await c.post(f"/memories/{res.id}/events", content=data, headers=headers)
            assert r.status_code == 403 and words in r.json()["message"], (service, region, r.text)
        listed = f"/memories/{res.id}/actor/u1/sessions/s1"
        data, headers = signed(listed, {})
        for _ in range(2):  # a read sent twice is answered twice
            r = await c.post(listed, content=data, headers=headers)
            assert r.status_code == 200, r.text
        assert [e["payload"][0]["conversational"]["content"]["text"] for e in r.json()["events"]] == ["hello once"] * 2


async def test_an_operator_key_reaches_only_the_store_wide_settings(env: Env) -> None:
    """The rights matrix row of an operator key: every agent path 403, the store-wide settings its own."""
    from tests.support.routes import endpoints

    op, _ = create_key(env.mem.store, None, operator=True)
    async with env.client(None, headers={"Authorization": f"Bearer {op}"}) as c:
        for method, path, body in endpoints(env.app):
            r = await c.request(method, path, json=body)
            if "/agents/" in path:
                assert r.status_code == 403 and r.json()["error"]["field"] == "agent", (method, path, r.text)
            else:
                assert r.status_code in (200, 422), (method, path, r.status_code, r.text)


def test_one_call_made_twice_in_its_second_is_not_a_replay() -> None:
    """SDKs sign with a one-second clock: the same call twice within a second (or an immediate retry) carries one
    signature. A repeat within the grace of its first sighting passes; a later one is a replay."""
    from datetime import UTC, datetime, timedelta

    from engram.agentcore.auth import REPLAY_GRACE, ReplayGuard

    guard, t0 = ReplayGuard(), datetime(2026, 12, 2, 10, 0, tzinfo=UTC)
    assert guard.first("sig", t0, t0)
    assert guard.first("sig", t0, t0 + timedelta(milliseconds=300))  # the same call again, at once
    assert guard.first("sig", t0, t0 + REPLAY_GRACE)
    assert not guard.first("sig", t0, t0 + REPLAY_GRACE + timedelta(seconds=1))  # replayed later
    assert not guard.first("sig", t0, t0 + timedelta(minutes=14))
    assert guard.first("other", t0, t0 + timedelta(minutes=14))
