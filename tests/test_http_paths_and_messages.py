"""The HTTP face's routes and error messages as docs/http.md states them, on a real server (uvicorn on 127.0.0.1):
``POST …/uses`` names the use it could not find; a namespace naming another actor says so; a body nested past
what the JSON parser reads states the depth rule and names the member; ``GET …/tools`` answers at an actor's and
a session's path, so an actor-bound key gets its own list; every route the routes block of docs/http.md names
is served with the methods it names."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

pytest.importorskip("fastapi")  # the server extra

from engram import Memory, Scope
from engram.errors import ScopeError
from engram.http import create_app
from engram.keys import create_key
from tests.support.servers import uvicorn_thread

DOCS = Path(__file__).resolve().parent.parent / "docs" / "http.md"
SE = "/v1/agents/bot/actors/u1/sessions/s1"
LEVEL_NAMED = re.compile(r"\b(session|actor|agent) \(")


@pytest.fixture
def served(mem: Memory) -> Iterator[tuple[str, Memory]]:
    with uvicorn_thread(create_app(mem)) as base:
        yield base, mem


def _as(base: str, key: str) -> httpx.Client:
    return httpx.Client(base_url=base, headers={"Authorization": f"Bearer {key}"}, timeout=60)


def test_logging_a_use_of_an_unknown_record_names_that_use(served: tuple[str, Memory]) -> None:
    base, mem = served
    key, _ = create_key(mem.store, "bot", "u1")
    rec = mem.remember(Scope("bot", "u1", "s1"), "Prefers email", scope="actor")
    with _as(base, key) as c:
        for uses, field in (([{"record_id": "r_nope", "score": 0.9}], "uses[0].record_id"),
                            ([{"record_id": rec.id, "score": 0.5}, {"record_id": "r_nope", "score": 0.9}],
                             "uses[1].record_id")):
            r = c.post(SE + "/uses", json={"uses": uses, "turn_id": "t_x"})
            assert r.status_code == 404 and r.json()["error"]["field"] == field, r.text
        assert c.post(SE + "/records/" + rec.id + "/uses", json={"uses": []}).status_code == 405
        assert c.get(SE + "/records/" + rec.id + "/uses").json() == {"uses": []}  # the refusals logged nothing
        r = c.post(SE + "/uses", json={"uses": [{"record_id": rec.id, "score": 0.5}], "turn_id": "t_x"})
        assert r.json() == {"logged": 1}
        assert [u["score"] for u in c.get(SE + "/records/" + rec.id + "/uses").json()["uses"]] == [0.5]


def test_a_namespace_naming_another_actor_or_session_says_whose(served: tuple[str, Memory]) -> None:
    """One rule (engram.core.namespace), so the HTTP face and the library say the same thing."""
    base, mem = served
    key, _ = create_key(mem.store, "bot", "u1")
    with _as(base, key) as c:
        r = c.post(SE + "/records", json={"summary": "x", "namespace": "/actors/u7/"})
        err = r.json()["error"]
        assert r.status_code == 422 and err["type"] == "ScopeError" and err["field"] == "namespace"
        assert err["message"] == ("a session-level namespace must contain the caller's actor id 'u1' (use {actorId}): "
                                  "/actors/u7/ names actor 'u7', not the caller's")
        r = c.post(SE + "/records", json={"summary": "x", "namespace": "/actors/u1/sessions/s9/"})
        assert r.json()["error"]["message"] == (
            "a session-level namespace must contain the caller's session id 's1' (use {sessionId}): "
            "/actors/u1/sessions/s9/ names session 's9', not the caller's")
        r = c.post(SE + "/records", json={"summary": "x", "scope": "actor", "namespace": "/facts/"})
        assert r.json()["error"]["message"] == ("an actor-level namespace must contain the caller's actor id 'u1' "
                                                "(use {actorId}): /facts/ does not contain it")
    with pytest.raises(ScopeError) as lib:
        mem.remember(Scope("bot", "u1", "s1"), "x", namespace="/actors/u7/")
    assert lib.value.message == err["message"]
    assert mem.list(Scope("bot", "u1", "s1")) == []


def test_a_body_nested_past_the_parser_names_the_member_and_the_rule(served: tuple[str, Memory]) -> None:
    base, mem = served
    key, _ = create_key(mem.store, "bot", "u1")
    deep = "[" * 5000 + "]" * 5000
    json_type = {"Content-Type": "application/json"}
    with _as(base, key) as c:
        body = '{"messages": [{"role": "user", "content": "x", "metadata": {"a": ' + deep + "}}]}"
        r = c.post(SE + "/events", content=body.encode(), headers=json_type)
        err = r.json()["error"]
        assert r.status_code == 422 and err["field"] == "messages[0].metadata.a", r.text
        assert err["message"] == "is nested too deeply: a request body may nest arrays and objects at most 64 levels"
        r = c.post(SE + "/recall", content=deep.encode(), headers=json_type)  # no member holds it: the body
        assert r.status_code == 422 and r.json()["error"]["field"] == "body"
        assert "at most 64 levels" in r.json()["error"]["message"]
        r = c.post(SE + "/recall", content=b'{"query": "x", "a\\"b": {"c": [' + b'{"e": "]"}, ' * 3 + b'{"d": '
                   + b"[" * 5000 + b"]", headers=json_type)  # escapes in a key, brackets in strings, cut short
        assert r.json()["error"]["field"] == 'a"b.c[3].d', r.text
    assert mem.events(Scope("bot", "u1", "s1")) == []


def _add_levels(tools: dict[str, Any]) -> list[str] | None:
    add = tools.get("add_memory")
    if add is None:
        return None
    scope = add["input_schema"]["properties"]["scope"]
    assert LEVEL_NAMED.findall(scope["description"]) == scope["enum"], scope  # the description says the enum
    return list(scope["enum"])


def test_actor_bound_keys_list_their_tools_at_their_own_paths(served: tuple[str, Memory]) -> None:
    """Two keys, two actors, different write levels (WIDE writes every level): each lists at its actor's and its
    session's path only the levels it may write and that path can, and neither reaches the other's paths nor the
    agent-wide list."""
    base, mem = served
    keys = {"u1": create_key(mem.store, "bot", "u1", write=["actor"], can_delete=True)[0],
            "u2": create_key(mem.store, "bot", "u2", write=["session"], can_delete=True)[0]}
    want = {("u1", "actor"): ["actor"], ("u1", "session"): ["actor"],
            ("u2", "actor"): None, ("u2", "session"): ["session"]}  # no session path: no session level
    for actor, key in keys.items():
        other = "u2" if actor == "u1" else "u1"
        with _as(base, key) as c:
            for depth, path in (("actor", f"/v1/agents/bot/actors/{actor}/tools"),
                                ("session", f"/v1/agents/bot/actors/{actor}/sessions/s1/tools")):
                r = c.get(path)
                assert r.status_code == 200, r.text
                tools = {t["name"]: t for t in r.json()["tools"]}
                assert "search_memory" in tools
                assert _add_levels(tools) == want[actor, depth], (actor, depth)
                assert ("delete_memory" in tools) == (want[actor, depth] is not None)
                assert c.get(path.replace(f"/{actor}/", f"/{other}/")).status_code == 403
            refused = c.get("/v1/agents/bot/tools")
            assert refused.status_code == 403 and refused.json()["error"]["field"] == "actor"
    admin, _ = create_key(mem.store, "bot")
    with _as(base, admin) as c:  # the agent-wide list: every level the configuration and key allow, ids not judged
        assert _add_levels({t["name"]: t for t in c.get("/v1/agents/bot/tools").json()["tools"]}) == [
            "session", "actor", "agent"]


def _documented_routes() -> list[tuple[str, str]]:
    """(method, path) for each route the routes block of docs/http.md names; a path beginning ``…`` is a suffix."""
    text = DOCS.read_text()
    block = text.split("## Routes", 1)[1].split("```text", 1)[1].split("```", 1)[0]
    out = []
    for methods, path in re.findall(r"\b((?:GET|POST|PUT|PATCH|DELETE)(?:\|(?:GET|POST|PUT|PATCH|DELETE))*)\s+"
                                    r"(…?/[^\s,(|]+)", block):
        out.extend((m, path) for m in methods.split("|"))
    assert len(out) > 25
    return out


def test_every_documented_route_is_served(mem: Memory) -> None:
    """``GET …/records/{id}/uses`` and ``POST …/uses`` (not ``POST …/records/{id}/uses``), ``GET …/tools``..."""
    served: set[tuple[str, str]] = set()
    for template, ops in create_app(mem).openapi()["paths"].items():
        served.update((m.upper(), re.sub(r"\{[^}]*\}", "{}", template)) for m in ops)
    served.update({("GET", "/metrics")})
    for method, path in _documented_routes():
        shape = re.sub(r"\{[^}]*\}", "{}", path)
        found = {(m, p) for m, p in served if m == method and (p.endswith(shape[1:]) if shape.startswith("…")
                                                                else p == shape)}
        assert found, f"docs/http.md names {method} {path}, which no route serves"
