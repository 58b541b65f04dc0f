"""On ``/v1`` a key bound to one actor writes only that actor's records (actor level, and its sessions'): an
agent-level record is read by every actor of the agent, so creating, superseding, updating, pinning, unpinning or
forgetting one needs a key bound to no actor, as on the AgentCore face (``records.writable``). Even where the
configuration and the key's levels allow the agent level, each such write is a 403 ``PermissionDenied`` naming
what is missing (a key bound to no actor) and changes nothing. Two actors of one agent, a key of each and an
agent-wide key; a real server on 127.0.0.1 over a real SQLite file and PostgreSQL."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

import httpx
import pytest

pytest.importorskip("fastapi")  # the server extra

from engram import Memory, Scope
from engram.http import create_app
from engram.keys import create_key
from tests.support.configs import WIDE
from tests.support.servers import uvicorn_thread
from tests.support.store_digest import store_digest

ACTORS = ("u1", "u2")


@dataclass
class World:
    base: str
    http: httpx.Client
    mem: Memory
    keys: dict[str, str]  # "agent" (bound to no actor), "u1", "u2"
    shared: str  # an agent-level record
    pinned: str  # an agent-level record, pinned
    own: dict[str, str]  # actor -> an actor-level record of that actor
    digest: Callable[[], str]

    def send(self, key: str, method: str, path: str, **kw: Any) -> httpx.Response:
        return self.http.request(method, self.base + "/v1/agents/bot" + path,
                                 headers={"Authorization": f"Bearer {self.keys[key]}"}, **kw)


@pytest.fixture
def world(make_memory: Callable[..., Memory], db_url: str) -> Iterator[World]:
    mem = make_memory(WIDE, embed_history="inline")  # every level writable by the configuration
    shared = mem.remember(Scope("bot"), "The office closes at 6pm", scope="agent").id
    pinned = mem.remember(Scope("bot"), "Refunds take five days", scope="agent", pin=True).id
    own = {a: mem.remember(Scope("bot", a, "s1"), f"{a} prefers green tea", scope="actor").id for a in ACTORS}
    keys = {"agent": create_key(mem.store, "bot", can_delete=True)[0],
            **{a: create_key(mem.store, "bot", a, can_delete=True)[0] for a in ACTORS}}  # every level, delete
    with uvicorn_thread(create_app(mem, run_worker=False)) as base, httpx.Client(timeout=60) as http, \
            store_digest(db_url) as digest:
        yield World(base, http, mem, keys, shared, pinned, own, digest)


def _agent_writes(w: World) -> list[tuple[str, str, dict[str, Any], str]]:
    """Every /v1 write of an agent-level record: (method, path below the actor or session, request, field)."""
    s, p = w.shared, w.pinned
    return [
        ("POST", "/records", {"json": {"summary": "Closed on Sunday", "scope": "agent"}}, "scope"),
        ("POST", "/records", {"json": {"summary": "Closes at 5pm", "scope": "actor", "replaces": s}}, "replaces"),
        ("POST", "/records/batch", {"json": {"ops": [{"op": "create", "summary": "Closed on Sunday",
                                                      "scope": "agent"}]}}, "ops[0].scope"),
        ("POST", "/records/batch", {"json": {"ops": [  # refused whole: the actor's own create is not kept either
            {"op": "create", "summary": "Likes oolong too", "scope": "actor"},
            {"op": "create", "summary": "Closes at 4pm", "scope": "actor", "replaces": s}]}}, "ops[1].replaces"),
        ("POST", "/records/batch", {"json": {"ops": [{"op": "update", "id": s, "summary": "Closes at 7pm"}]}},
         "ops[0].scope"),
        ("POST", "/records/batch", {"json": {"ops": [{"op": "delete", "id": s}]}}, "ops[0].scope"),
        ("PUT", f"/records/{s}/pin", {}, "scope"),
        ("DELETE", f"/records/{p}/pin", {}, "scope"),
        ("DELETE", f"/records/{s}", {}, "scope"),
    ]


def test_an_actor_bound_key_writes_no_agent_level_record(world: World) -> None:
    w = world
    before = w.digest()
    for actor in ACTORS:
        for below in (f"/actors/{actor}", f"/actors/{actor}/sessions/s1"):
            for method, path, kw, field in _agent_writes(w):
                resp = w.send(actor, method, below + path, **kw)
                assert resp.status_code == 403, (actor, method, below + path, kw, resp.text)
                error = resp.json()["error"]
                assert error["type"] == "PermissionDenied" and error["field"] == field, (method, path, error)
                assert f"bound to actor {actor!r}" in error["message"] and "no actor" in error["message"], error
    assert w.digest() == before
    shared = w.mem.get(Scope("bot"), w.shared)
    assert (shared.status, shared.pinned, shared.summary) == ("active", False, "The office closes at 6pm")
    assert w.mem.get(Scope("bot"), w.pinned).pinned


def test_an_actor_bound_key_still_writes_its_own_actors_records(world: World) -> None:
    w = world
    for actor in ACTORS:
        below = f"/actors/{actor}/sessions/s1"
        made = w.send(actor, "POST", below + "/records", json={"summary": f"{actor} likes oolong", "scope": "actor"})
        assert made.status_code == 201 and made.json()["actor"] == actor, made.text
        done = w.send(actor, "POST", below + "/records/batch", json={"ops": [
            {"op": "create", "summary": f"{actor} asked about parcels"},  # the session path's level
            {"op": "update", "id": w.own[actor], "summary": f"{actor} prefers jasmine tea"}]})
        assert done.status_code == 200, done.text
        assert [r["level"] for r in done.json()["records"]] == ["session", "actor"]
        rid = made.json()["id"]
        assert w.send(actor, "PUT", f"{below}/records/{rid}/pin").json()["pinned"] is True
        assert w.send(actor, "DELETE", f"{below}/records/{rid}/pin").json()["pinned"] is False
        assert w.send(actor, "DELETE", f"{below}/records/{rid}").json()["status"] == "deleted"
        # the other actor's paths stay closed to this key
        other = next(a for a in ACTORS if a != actor)
        refused = w.send(actor, "POST", f"/actors/{other}/records", json={"summary": "x", "scope": "actor"})
        assert refused.status_code == 403 and refused.json()["error"]["field"] == "actor", refused.text


def test_a_key_bound_to_no_actor_writes_agent_level_records(world: World) -> None:
    w = world
    for below in ("", "/actors/u1", "/actors/u1/sessions/s1"):
        made = w.send("agent", "POST", below + "/records", json={"summary": f"Open on holidays {below}",
                                                                 "scope": "agent"})
        assert made.status_code == 201 and made.json()["level"] == "agent" and made.json()["actor"] is None, made.text
    pinned = w.send("agent", "PUT", f"/actors/u1/records/{w.shared}/pin")
    assert pinned.status_code == 200 and pinned.json()["pinned"] is True, pinned.text
    upd = w.send("agent", "POST", "/actors/u2/records/batch",
                 json={"ops": [{"op": "update", "id": w.shared, "summary": "The office closes at 7pm"}]})
    assert upd.status_code == 200 and upd.json()["records"][0]["level"] == "agent", upd.text
    gone = w.send("agent", "DELETE", f"/records/{upd.json()['records'][0]['id']}")
    assert gone.status_code == 200 and gone.json()["status"] == "deleted", gone.text


def test_the_tools_an_actor_bound_key_lists_offer_no_agent_level(world: World) -> None:
    """``add_memory`` offers the levels the caller can write: for an actor-bound key, none of the agent's."""
    w = world

    def levels(key: str, path: str) -> list[str]:
        tools = {t["name"]: t for t in w.send(key, "GET", path + "/tools").json()["tools"]}
        return list(tools["add_memory"]["input_schema"]["properties"]["scope"]["enum"])

    assert "agent" not in levels("u1", "/actors/u1/sessions/s1")
    assert "agent" in levels("agent", "/actors/u1/sessions/s1")


def test_a_session_bound_key_writes_no_agent_level_record(world: World) -> None:
    """A key bound to one session (of an actor, or of the agent alone) reaches that session alone: agent-level
    records, which every actor and session reads, are refused to it as to an actor-bound key."""
    w = world
    w.keys["t1"] = create_key(w.mem.store, "bot", session="t1", can_delete=True)[0]
    w.keys["u1/s1"] = create_key(w.mem.store, "bot", "u1", session="s1", can_delete=True)[0]
    before = w.digest()
    for key, below in (("t1", "/sessions/t1"), ("u1/s1", "/actors/u1/sessions/s1")):
        for method, path, kw, field in _agent_writes(w):
            if key == "t1":  # a session of no actor has no actor level: its own records are the session's
                kw = json.loads(json.dumps(kw).replace('"scope": "actor"', '"scope": "session"'))
            resp = w.send(key, method, below + path, **kw)
            assert resp.status_code == 403, (key, method, below + path, kw, resp.text)
            error = resp.json()["error"]
            assert error["type"] == "PermissionDenied" and error["field"] == field, (key, method, path, error)
            assert "bound to session" in error["message"] and "no actor or session" in error["message"], error
    assert w.digest() == before
    shared = w.mem.get(Scope("bot"), w.shared)
    assert (shared.status, shared.pinned, shared.summary) == ("active", False, "The office closes at 6pm")
    made = w.send("t1", "POST", "/sessions/t1/records", json={"summary": "Reviewed to March"})
    assert made.status_code == 201 and made.json()["level"] == "session", made.text
    tools = {t["name"]: t for t in w.send("t1", "GET", "/sessions/t1/tools").json()["tools"]}
    assert "agent" not in tools["add_memory"]["input_schema"]["properties"]["scope"]["enum"]
