"""Security of the HTTP API: keys, grants, scope crossing, hostile input. On every backend.

Every endpoint of the OpenAPI document is called with no key, malformed/unknown/revoked keys (401), and
keys of another agent or actor (403). Ids in paths and bodies that name another scope find nothing (404),
and hostile bodies get a 4xx in our error shape, never a 5xx.
"""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from typing import Any

import httpx
import pytest

from engram.keys import create_key, parse_key, revoke_key
from tests.support.configs import WIDE
from tests.support.http_app import AC, AG, SE, Env, make_env
from tests.support.routes import BODIES, endpoints

pytestmark = pytest.mark.anyio


async def call(c: httpx.AsyncClient, method: str, path: str, body: dict[str, Any] | None,
               headers: dict[str, str] | None = None) -> httpx.Response:
    return await c.request(method, path, json=body, headers=headers or {})


async def test_every_endpoint_needs_a_live_key(env: Env) -> None:
    revoked, _ = create_key(env.mem.store, "bot", can_delete=True, can_admin=True)
    key_id = parse_key(revoked)
    assert key_id
    revoke_key(env.mem.store, key_id)
    unknown = "egk_0123456789abcdef_" + "A" * 43
    cases = {"none": None, "malformed": "Bearer not-a-key", "unknown": f"Bearer {unknown}",
             "revoked": f"Bearer {revoked}", "basic": "Basic dXNlcjpwYXNz", "empty": "Bearer ",
             "admin-no-scheme": env.keys["admin"]}
    async with env.client(None) as c:
        for method, path, body in endpoints(env.app):
            for case, header in cases.items():
                r = await call(c, method, path, body, {"Authorization": header} if header else None)
                assert r.status_code == 401, (case, method, path, r.status_code, r.text)
                assert r.json()["error"]["type"] == "Unauthenticated"
                assert r.json()["error"]["field"] == "authorization"
        # a nonexistent /v1 path says 401 too: no key, no map of the API
        assert (await c.get("/v1/agents/bot/secret-things")).status_code == 401


async def test_every_scoped_endpoint_refuses_other_agents_and_actors(env: Env) -> None:
    async with env.client(None) as c:
        for method, path, body in endpoints(env.app):
            if "/agents/" not in path:
                continue
            r = await call(c, method, path, body, env.h("other"))
            assert r.status_code == 403, ("other agent", method, path, r.text)
            assert r.json()["error"]["type"] == "PermissionDenied" and r.json()["error"]["field"] == "agent"
            r = await call(c, method, path, body, env.h("actor2"))
            if reads_agent_config(method, path):  # any key of the agent reads its configuration
                assert r.status_code == 200, ("agent config", method, path, r.text)
                continue
            assert r.status_code == 403, ("other actor", method, path, r.text)
            assert r.json()["error"]["field"] == "actor"
        # an actor-bound key never reaches agent-wide paths (but reads the agent's configuration)
        for method, path, body in endpoints(env.app):
            if path.startswith("/v1/agents/bot/") and "/actors/" not in path:
                r = await call(c, method, path, body, env.h("actor"))
                want = 200 if reads_agent_config(method, path) else 403
                assert r.status_code == want, ("agent-wide", method, path, r.text)


def reads_agent_config(method: str, path: str) -> bool:
    return method == "GET" and path.startswith("/v1/agents/") and path.endswith(("/config", "/config/history"))


async def test_the_actor_key_works_inside_its_grant(env: Env) -> None:
    async with env.client("actor") as c:
        assert (await c.post(SE + "/events", json=BODIES["/events"])).status_code == 201
        rec = await c.post(SE + "/records", json={"summary": "u1 likes tea", "scope": "actor"})
        assert rec.status_code == 201
        assert (await c.post(AC + "/recall", json={"query": "tea"})).json()["hits"]
        assert (await c.get("/v1/key")).json()["actor"] == "u1"


async def test_ids_in_paths_and_bodies_cannot_cross_scopes(env: Env) -> None:
    async with env.client("admin") as admin:
        theirs = (await admin.post("/v1/agents/bot/actors/u2/records", json={"summary": "u2 secret: PIN 1234"}
                                   )).json()
        other_session = (await admin.post("/v1/agents/bot/actors/u1/sessions/s2/records",
                                          json={"summary": "only for session s2"})).json()
        ev = (await admin.post("/v1/agents/bot/actors/u2/sessions/s1/events",
                               json={"messages": [{"role": "user", "content": "u2 private message"}]})).json()
    async with env.client("other") as rival_c:
        rival_rec = (await rival_c.post("/v1/agents/rival/records", json={"summary": "rival's own"})).json()
    async with env.client("actor") as c:
        for rid in (theirs["id"], other_session["id"], rival_rec["id"]):
            for path in (f"{SE}/records/{rid}", f"{SE}/records/{rid}/history", f"{SE}/records/{rid}/uses"):
                r = await c.get(path)
                assert r.status_code == 404, path
            assert (await c.delete(f"{SE}/records/{rid}")).status_code == 404
            assert (await c.put(f"{SE}/records/{rid}/pin")).status_code == 404
            r = await c.post(SE + "/records", json={"summary": "hijack", "replaces": rid})
            assert r.status_code == 404 and r.json()["error"]["field"] == "replaces"
            for op in ({"op": "update", "id": rid, "summary": "hijack"}, {"op": "delete", "id": rid}):
                assert (await c.post(SE + "/records/batch", json={"ops": [op]})).status_code == 404
            r = await c.post(SE + "/uses", json={"uses": [{"record_id": rid, "score": 1.0}]})
            assert r.status_code == 404
        hits = (await c.post(SE + "/recall", json={"query": "secret PIN session s2 rival own"})).json()["hits"]
        assert {h["record"]["id"] for h in hits}.isdisjoint({theirs["id"], other_session["id"], rival_rec["id"]})
        assert (await c.get(f"{SE}/events/{ev['events'][0]['id']}")).status_code == 404
        hist = (await c.post(SE + "/history/search", json={"query": "u2 private message"})).json()["hits"]
        assert all(h["event"]["actor"] == "u1" for h in hist)
        # unknown fields (an attempt to name an agent or actor in a body) are refused, not ignored
        r = await c.post(SE + "/records", json={"summary": "x", "agent": "rival", "actor": "u2"})
        assert r.status_code == 422 and r.json()["error"]["field"] in ("agent", "actor")
        r = await c.post(SE + "/events", json={"messages": [{"role": "user", "content": "x", "actor": "u2"}]})
        assert r.status_code == 422
        # a namespace naming another actor is refused
        r = await c.post(SE + "/records", json={"summary": "x", "scope": "actor", "namespace": "/actors/u2/"})
        assert r.status_code == 422 and r.json()["error"]["type"] == "ScopeError"
    async with env.client("admin") as admin:
        assert (await admin.get(f"/v1/agents/bot/actors/u2/records/{theirs['id']}")).json()["status"] == "active"


async def test_rights_and_levels_of_a_key(env: Env) -> None:
    async with env.client("admin") as admin:
        rec = (await admin.post(AC + "/records", json={"summary": "u1 fact"})).json()
        await admin.post(SE + "/events", json=BODIES["/events"])
    async with env.client("ro") as ro:  # read-only key
        assert (await ro.get(f"{AC}/records/{rec['id']}")).status_code == 200
        for method, path, body in [("POST", SE + "/records", {"summary": "x"}),
                                   ("POST", SE + "/events", BODIES["/events"]),
                                   ("POST", SE + "/records/batch", BODIES["/records/batch"]),
                                   ("PUT", f"{AC}/records/{rec['id']}/pin", None),
                                   ("POST", SE + "/extract", {})]:
            r = await call(ro, method, path, body)
            assert r.status_code == 403, (method, path, r.text)
    async with env.client("plain") as plain:  # may write, may not delete or administer
        for method, path in [("DELETE", f"{AC}/records/{rec['id']}"), ("DELETE", AC),
                             ("DELETE", f"{SE}/events/e_x"), ("PUT", "/v1/config"),
                             ("GET", "/v1/config/history"), ("POST", AG + "/jobs/j_x/retry")]:
            r = await call(plain, method, path, {"config": WIDE} if method == "PUT" else None)
            assert r.status_code == 403, (method, path, r.text)
        r = await plain.post(AC + "/records/batch", json={"ops": [{"op": "delete", "id": rec["id"]}]})
        assert r.status_code == 403
    session_only, _ = create_key(env.mem.store, "bot", read=["session"], write=["session"])
    async with env.client(None, headers={"Authorization": f"Bearer {session_only}"}) as so:
        assert (await so.get(f"{SE}/records/{rec['id']}")).status_code == 404  # actor level: not readable
        assert (await so.post(SE + "/recall", json={"query": "u1 fact"})).json()["hits"] == []
        r = await so.post(SE + "/records", json={"summary": "x", "scope": "actor"})
        assert r.status_code == 403 and r.json()["error"]["field"] == "scope"
        # the configuration allows the actor level, this key does not: the refusal says so, not how to configure
        said = r.json()["error"]["message"]
        assert "this key may not write at level 'actor'" in said and "--write session,actor" in said, said
        assert "configure" not in said
        r = await so.post(SE + "/records", json={"summary": "x", "scope": "agent"})  # the config withholds it too
        assert r.status_code == 403 and "this key may not write at level 'agent'" in r.json()["error"]["message"]
        assert (await so.post(SE + "/records", json={"summary": "x"})).status_code == 201


async def test_config_levels_bound_every_key(make_memory: Any) -> None:
    e = make_env(make_memory({"harness": {"memory": {"scope": {"read": ["session"], "write": ["session"]}}}}))
    async with e.client("admin") as c:
        r = await c.post(AC + "/records", json={"summary": "x"})
        assert r.status_code == 403
        # the key holds every level, the configuration withholds this one: the refusal names the setting
        assert "harness.memory.scope.write" in r.json()["error"]["message"] and "update=True" in r.text


async def test_revocation_takes_effect_at_once(env: Env) -> None:
    key, grant = create_key(env.mem.store, "bot")
    async with env.client(None, headers={"Authorization": f"Bearer {key}"}) as c:
        assert (await c.get(SE + "/events")).status_code == 200
        revoke_key(env.mem.store, grant.id)
        assert (await c.get(SE + "/events")).status_code == 401


async def test_oversized_bodies_are_413(make_memory: Any) -> None:
    e = make_env(make_memory(WIDE), max_body_bytes=64 * 1024)
    big = {"messages": [{"role": "user", "content": "x" * (100 * 1024)}]}
    async with e.client() as c:
        r = await c.post(SE + "/events", json=big)
        assert r.status_code == 413 and r.json()["error"]["type"] == "PayloadTooLarge"

        async def chunks() -> AsyncIterator[bytes]:  # no Content-Length: counted while read
            yield b'{"messages": [{"role": "user", "content": "'
            for _ in range(100):
                yield b"y" * 1024
            yield b'"}]}'

        r = await c.post(SE + "/events", content=chunks(), headers={"content-type": "application/json"})
        assert r.status_code == 413 and r.json()["error"]["field"] == "body"
        r = await c.post(SE + "/events", content=b"{}", headers={"content-type": "application/json",
                                                                "content-length": "not-a-number"})
        assert r.status_code in (400, 413, 422)
        # nothing was stored
        assert (await c.get(SE + "/events")).json()["events"] == []


async def test_hostile_bodies_get_4xx_in_our_shape(env: Env) -> None:
    deep: Any = "leaf"
    for _ in range(60):
        deep = {"k": deep}
    bodies: list[bytes] = [
        b"[" * 100_000 + b"]" * 100_000,                                             # parser recursion
        b'{"messages": [{"role": "user", "content": "\xff\xfe\xfd"}]}',                # invalid UTF-8
        b'{"messages": [{"role": "user", "content": "a\\u0000b"}]}',                   # NUL
        json.dumps({"messages": [{"role": "user", "content": "x", "metadata": deep}]}).encode(),
        b'{"messages": "not a list"}',
        b'{"messages": [' + b'{"role": "user", "content": "x"},' * 10_001 + b'{"role": "user"}]}',
        b"null", b"[]", b'"string"', b"1e999999", b'{"messages": [{"role": "user", "content": 12}]}',
        b'{"messages": [{"role": "user", "content": "x", "at": "yesterday"}]}',
        b'{"messages": [{"role": "tool", "content": "x"}]}',
    ]
    async with env.client() as c:
        for raw in bodies:
            r = await c.post(SE + "/events", content=raw, headers={"content-type": "application/json"})
            assert 400 <= r.status_code < 500, (raw[:60], r.status_code, r.text[:200])
            err = r.json()["error"]
            assert {"type", "message", "field"} <= set(err) <= {"type", "message", "field", "errors"}
        assert (await c.get(SE + "/events")).json()["events"] == []


META = ["' OR 1=1 --", '"', "*", "foo* NEAR(a b) AND NOT", "^$\\", ")(", "; DROP TABLE records; --",
        "col:value", "a\"b'c", "%", "_", "\\x00", "\u202e", "NULL", "{", "OR", "-", "+", "~", "/"]


async def test_sql_and_fts_metacharacters_are_plain_text(env: Env) -> None:
    async with env.client() as c:
        kept = (await c.post(SE + "/records", json={"summary": "the canary record"})).json()
        for s in META:
            for path, body in [(SE + "/recall", {"query": s}), (SE + "/history/search", {"query": s}),
                               (SE + "/recall", {"query": "x", "namespace": s}),
                               (SE + "/recall", {"query": "x", "kind": s}),
                               (SE + "/recall", {"query": "x", "labels": {"customer_id": s}}),
                               (SE + "/records", {"summary": f"note {s}"}),
                               (SE + "/events", {"messages": [{"role": "user", "content": s}]})]:
                r = await c.post(path, json=body)
                assert r.status_code < 500, (path, s, r.text)
            r = await c.get(SE + "/records", params={"kind": s, "namespace": s, "label": f"customer_id:{s}"})
            assert r.status_code < 500, (s, r.text)
        noted = (await c.post(SE + "/recall", json={"query": "note DROP TABLE records", "limit": 50})).json()
        assert any("DROP TABLE" in h["record"]["summary"] for h in noted["hits"])
        assert (await c.get(f"{SE}/records/{kept['id']}")).json()["summary"] == "the canary record"


async def test_hostile_ids_in_paths(env: Env) -> None:
    async with env.client() as c:
        for path in ["/v1/agents/bot/actors/..%2Fu2/records", "/v1/agents/bot/actors/u1%00/records",
                     "/v1/agents/bot/actors/" + "a" * 500 + "/records", "/v1/agents/bot/actors/%E2%80%AE/records",
                     "/v1/agents/bot/actors/u1/records/" + "r" * 5000, "/v1/agents/bot/actors/.hidden/records",
                     "/v1/agents/bot/actors/u1/sessions/s1/events/%27%20OR%201=1",
                     "/v1/agents/bot/actors/u1/records?kind=%FF%FE&label=%00:x",
                     "/v1/agents/bot/actors/u1/records?limit=99999999999999999999",
                     "/v1/agents/bot/actors/u1/records?status=everything",
                     "/v1/agents/bot/actors/u1/sessions/s1/events?before=not-a-date",
                     "/v1/agents/bot/actors/u1/records?page_token=" + "A" * 5000]:
            r = await c.get(path)
            assert 400 <= r.status_code < 500, (path, r.status_code)
            assert set(r.json()["error"]) == {"type", "message", "field"}


async def test_insecure_local_only_serves_loopback(make_memory: Any) -> None:
    from engram.http import create_app

    app = create_app(make_memory(WIDE), insecure_local=True)
    local = httpx.ASGITransport(app=app, client=("127.0.0.1", 5000))
    async with httpx.AsyncClient(transport=local, base_url="http://127.0.0.1") as c:
        assert (await c.post(SE + "/events", json=BODIES["/events"])).status_code == 201
        assert (await c.get("/v1/key")).json()["admin"] is True
    remote = httpx.ASGITransport(app=app, client=("10.1.2.3", 5000))
    async with httpx.AsyncClient(transport=remote, base_url="http://localhost") as c:
        r = await c.get(SE + "/events")
        assert r.status_code == 403 and r.json()["error"]["field"] == "client"
