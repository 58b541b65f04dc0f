"""Every face offers one grant the same memory tools: ``GET /v1/agents/{agent}/tools``, MCP ``tools/list`` and the
harness list what :func:`engram.harness.tools.memory_specs` gives for the configuration narrowed to the key. A
read-only key gets no write tool anywhere (an ``add_memory`` whose ``scope`` enum is empty is a schema no call
can satisfy); a key writing some levels gets ``add_memory`` with exactly those. Two agents on one store, each
with its own configuration; a real uvicorn server on loopback for HTTP and MCP, on every backend. Also the
bound of ``retrieve_result``'s ``ref`` (an event id)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import httpx
import pytest

from engram import Memory, Scope
from engram.core import validate
from engram.errors import NotFound, ValidationError
from engram.grants import Grant, view
from engram.harness.agent import Agent
from engram.harness.tools import WRITE_TOOLS, ToolOps, memory_specs
from engram.http.app import create_app
from engram.keys import create_key
from engram.stores.base import ApiKey
from tests.support.configs import WIDE
from tests.support.harness import model, say, use, user
from tests.support.servers import uvicorn_thread

pytestmark = pytest.mark.anyio

EVERY_TOOL = ["add_memory", "read_memory", "delete_memory", "search_memory", "search_history"]
RIVAL = {"harness": {"memory": {"enabled": True, "tools": ["add_memory", "search_memory"],
                                "scope": {"read": ["session", "actor"], "write": ["session", "actor"]}}}}
# (agent, key name) -> the levels the key may write (None: every level)
KEYS: dict[tuple[str, str], list[str] | None] = {
    ("bot", "rw"): None, ("bot", "session"): ["session"], ("bot", "ro"): [],
    ("rival", "rw"): None, ("rival", "ro"): [],
}
# what add_memory may write at under each key (None: no write tool at all), from the configuration's levels
# intersected with the key's, in the configuration's order
WRITES: dict[tuple[str, str], list[str] | None] = {
    ("bot", "rw"): ["session", "actor", "agent"], ("bot", "session"): ["session"], ("bot", "ro"): None,
    ("rival", "rw"): ["session", "actor"], ("rival", "ro"): None,
}
WANT = {"bot": set(EVERY_TOOL), "rival": {"add_memory", "search_memory"}}


def _memory(make_memory: Callable[..., Memory]) -> tuple[Memory, dict[tuple[str, str], tuple[str, ApiKey]]]:
    mem = make_memory({"harness": {**WIDE["harness"], "memory": {**WIDE["harness"]["memory"],
                                                                   "tools": EVERY_TOOL}}})
    mem.configure("rival", RIVAL)
    keys = {(agent, name): create_key(mem.store, agent, write=levels, can_delete=True)  # delete_memory needs it
            for (agent, name), levels in KEYS.items()}
    return mem, keys


async def _mcp_tools(mem: Memory, scope: Scope) -> dict[str, dict[str, Any]]:
    """The tools an MCP server bound to ``scope`` over ``mem`` lists, by name, over streamable HTTP."""
    from mcp.client.session import ClientSession
    from mcp.client.streamable_http import streamable_http_client

    from engram.mcp import build_server

    server = build_server(mem, scope)
    with uvicorn_thread(server.streamable_http_app(host="127.0.0.1")) as base:
        async with streamable_http_client(base + "/mcp") as (read, write), ClientSession(read, write) as s:
            await s.initialize()
            return {t.name: t.input_schema for t in (await s.list_tools()).tools}


def _levels(tools: dict[str, dict[str, Any]]) -> list[str] | None:
    add = tools.get("add_memory")
    return None if add is None else list(add["properties"]["scope"]["enum"])


async def test_every_face_offers_one_grant_the_same_tools(make_memory: Callable[..., Memory]) -> None:
    """For a read-write, a session-only and a read-only key of ``bot``, and a read-write and a read-only key of
    ``rival`` (its own tool list and levels): HTTP, MCP (on the memory narrowed to that key, bound to a session of
    an actor) and the harness list the same tools; ``add_memory``'s levels are those the key may write, and a
    read-only key gets neither write tool. A key never lists another agent's tools. Listing changes nothing."""
    pytest.importorskip("mcp")
    mem, keys = _memory(make_memory)
    before = {agent: mem.config_history(agent) for agent in WANT}
    http: dict[tuple[str, str], dict[str, dict[str, Any]]] = {}
    with uvicorn_thread(create_app(mem)) as base:
        for (agent, name), (key, _) in keys.items():
            auth = {"Authorization": f"Bearer {key}"}
            got = httpx.get(f"{base}/v1/agents/{agent}/actors/u1/sessions/s1/tools", headers=auth)
            assert got.status_code == 200, got.text
            http[agent, name] = {t["name"]: t["input_schema"] for t in got.json()["tools"]}
            # the agent's path has no session: no search_history ("an agent without sessions has none")
            whole = httpx.get(f"{base}/v1/agents/{agent}/tools", headers=auth).json()["tools"]
            assert {t["name"] for t in whole} == set(http[agent, name]) - {"search_history"}
            other = "rival" if agent == "bot" else "bot"
            denied = httpx.get(f"{base}/v1/agents/{other}/tools", headers=auth)
            assert denied.status_code == 403 and denied.json()["error"]["field"] == "agent"

    for (agent, name), (_, stored) in keys.items():
        writes = WRITES[agent, name]
        listed = http[agent, name]
        # retrieve_result comes with offloading, which MCP has not: the rest is one list
        assert set(listed) - {"retrieve_result"} == (WANT[agent] if writes else WANT[agent] - set(WRITE_TOOLS))
        assert _levels(listed) == writes, (agent, name)
        scope = Scope(agent, "u1", "s1")
        narrowed = view(mem, Grant.of(stored), agent)
        mcp = await _mcp_tools(narrowed, scope)
        assert set(mcp) == set(listed) - {"retrieve_result"}, (agent, name)
        assert sorted(_levels(mcp) or []) == sorted(writes or []), (agent, name)  # MCP lists its default first
        if writes:  # a harness turn stores its events: only a key that may write the session runs one
            m = model(say("ok"))
            Agent(narrowed, m, state_tool=False).invoke(scope, user("hello"))
            offered = m.calls[0].schemas
            assert set(offered) == set(listed), (agent, name)
            assert _levels(offered) == writes
    assert {agent: mem.config_history(agent) for agent in WANT} == before


def test_memory_specs_drop_write_tools_where_nothing_could_be_written(make_memory: Callable[..., Memory]) -> None:
    """The one rule behind every list: no write level (a read-only key's narrowed configuration), or only levels
    the bound scope has no id for (actor level, no actor), leaves no write tool; a bound scope keeps the levels it
    can write, the face's default first; without a scope (an agent's list) the ids are not judged."""
    mem = make_memory(WIDE)
    cfg = mem.config_for("bot")
    ro = cfg.model_copy(update={"harness": cfg.harness.model_copy(update={"memory": cfg.memory.model_copy(
        update={"scope": cfg.memory.scope.model_copy(update={"write": ()})})})})
    actor_only = cfg.model_copy(update={"harness": cfg.harness.model_copy(update={"memory": cfg.memory.model_copy(
        update={"scope": cfg.memory.scope.model_copy(update={"write": ("actor",)})})})})
    names = {s.name for s in memory_specs(ro)}
    assert not names & set(WRITE_TOOLS) and "search_memory" in names
    assert not {s.name for s in memory_specs(actor_only, scope=Scope("bot", session="s1"))} & set(WRITE_TOOLS)
    add = next(s for s in memory_specs(actor_only) if s.name == "add_memory")
    assert add.parameters["properties"]["scope"]["enum"] == ["actor"]
    add = next(s for s in memory_specs(cfg, scope=Scope("bot", session="s1")) if s.name == "add_memory")
    assert add.parameters["properties"]["scope"]["enum"] == ["session", "agent"]


def test_the_harness_checks_add_memory_against_the_levels_it_lists(make_memory: Callable[..., Memory]) -> None:
    """The model is shown add_memory's scope as the levels this scope can write, each said in the description,
    and a call naming another level is refused naming ``scope`` and the listed levels, writing nothing."""
    mem = make_memory(WIDE)
    bound = Scope("bot", session="s1")  # no actor: no actor level
    add = next(s for s in memory_specs(mem.config_for("bot"), scope=bound) if s.name == "add_memory")
    prop = add.parameters["properties"]["scope"]
    assert prop["enum"] == ["session", "agent"]
    assert "session (this session) or agent" in prop["description"] and "actor (" not in prop["description"]
    with mem.turn(bound) as t, pytest.raises(ValidationError) as err:
        ToolOps(t).call("add_memory", {"summary": "Likes tea", "scope": "actor"})
    assert err.value.field == "scope" and "session, agent" in str(err.value)
    assert mem.list(bound) == []


@pytest.mark.parametrize(("bad", "why"), [("", "non-empty"), ("e\x00x", "NUL"), ("e\ud800", "lone surrogate"),
                                          ("e" * (validate.MAX_ID + 1), str(validate.MAX_ID)), (5, "string")])
def test_a_bad_result_ref_is_refused_naming_ref(make_memory: Callable[..., Memory], bad: object, why: str) -> None:
    """``retrieve_result``'s ``ref`` is a tool result's event id: the listed schema bounds it at
    ``validate.MAX_ID`` and the engine refuses a bad one naming ``ref``, on both backends, before any read (one
    at the bound is looked up: NotFound). Another agent's results stay out of reach."""
    mem = make_memory(WIDE)
    bot, rival = Scope("bot", "u1", "s1"), Scope("rival", "u1", "s1")
    theirs = mem.append(rival, [{"role": "user", "content": "the vault code is 5521"}])[0]
    spec = next(s for s in memory_specs(mem.config_for("bot")) if s.name == "retrieve_result")
    assert spec.parameters["properties"]["ref"] == {"type": "string", "minLength": 1, "maxLength": validate.MAX_ID}
    with mem.turn(bot, extract=False) as t:
        ops = ToolOps(t)
        with pytest.raises(ValidationError) as err:
            ops.call("retrieve_result", {"ref": bad})
        assert err.value.field == "ref"
        with pytest.raises(ValidationError) as err:  # the engine's own rule, without the schema check
            ops.retrieve_result({"ref": bad})
        assert err.value.field == "ref" and why in err.value.message
        for ref in ("e" * validate.MAX_ID, theirs.id):
            with pytest.raises(NotFound):
                ops.call("retrieve_result", {"ref": ref})
    assert mem.events(bot) == [] and [e.id for e in mem.events(rival)] == [theirs.id]


ACTOR_ONLY = {"harness": {"memory": {"enabled": True, "tools": ["add_memory"],
                                     "scope": {"read": ["session", "actor"], "write": ["actor"]}}}}


def _default_named(schema: dict[str, Any]) -> str:
    """The level ``add_memory``'s listed schema names as the default (``"... Default: actor."``)."""
    return str(schema["properties"]["scope"]["description"]).rsplit("Default: ", 1)[1].rstrip(".")


async def test_add_memory_defaults_to_a_level_the_caller_can_write(make_memory: Callable[..., Memory]) -> None:
    """``add_memory`` without ``scope`` writes at :meth:`ToolDefaults.write_level`, and every listing names that
    level: ``solo`` writes only at the actor level, so the harness's tools (which prefer the session) write there
    and say so, in HTTP's list, MCP's and the harness's; ``bot`` (engram's default configuration, session and
    actor) keeps the documented session default in the harness (MCP prefers the actor). Neither agent's call
    writes into the other's memory. (A harness *turn* of ``solo`` cannot run: its events need the session level.)"""
    pytest.importorskip("mcp")
    from engram.harness.tools import MemoryTools

    mem = make_memory()
    mem.configure("solo", ACTOR_ONLY)
    solo, bot = Scope("solo", "u1", "s1"), Scope("bot", "u1", "s1")
    with uvicorn_thread(create_app(mem)) as base:
        for agent, want in (("solo", "actor"), ("bot", "session")):
            key, _ = create_key(mem.store, agent)
            got = httpx.get(f"{base}/v1/agents/{agent}/tools", headers={"Authorization": f"Bearer {key}"})
            add = {t["name"]: t["input_schema"] for t in got.json()["tools"]}["add_memory"]
            assert _default_named(add) == want and add["properties"]["scope"]["enum"][0] == want, agent
    for scope, want in ((solo, "actor"), (bot, "actor"), (Scope("bot", session="s1"), "session")):
        assert _default_named((await _mcp_tools(mem, scope))["add_memory"]) == want, scope

    # solo: the harness's own tool handler (what its model's call runs), in a turn that stores no events
    listed = next(s for s in memory_specs(mem.config_for("solo"), scope=solo) if s.name == "add_memory")
    assert _default_named(listed.parameters) == "actor" and listed.parameters["properties"]["scope"]["enum"] == [
        "actor"]
    with mem.turn(solo, extract=False) as t:
        done = MemoryTools(t, results={}, page_tokens=500).add_memory({"summary": "Prefers green tea"})
    assert done["scope"] == "actor"
    assert [(r.summary, r.level, r.actor, r.session) for r in mem.list(Scope("solo", "u1"))] == [
        ("Prefers green tea", "actor", "u1", None)]

    # bot: a whole harness turn; the model sees session as the default and its call writes there
    m = model(use("add_memory", summary="Prefers email"), say("noted"))
    Agent(mem, m, state_tool=False).invoke(bot, user("I prefer email"))
    offered = m.calls[0].schemas["add_memory"]
    assert _default_named(offered) == "session" and offered["properties"]["scope"]["enum"] == ["session", "actor"]
    assert m.calls[1].tool_results()[0]["scope"] == "session"
    written = [r for r in mem.list(bot) if r.provenance.strategy is None]  # not what the turn's extraction wrote
    assert [(r.summary, r.level, r.session) for r in written] == [("Prefers email", "session", "s1")]
    assert [r.summary for r in mem.list(Scope("solo", "u1", "s1"))] == ["Prefers green tea"]
