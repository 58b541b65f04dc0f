"""``harness.memory.enabled`` alone extracts (the default memory review), ``extraction.every/prompt``,
``harness.memory.model``, opt-in ``harness.memory.tools`` and ``search_memory`` by query or filters, on
both backends. The review's model runs behind a loopback server speaking the OpenAI wire format."""

from __future__ import annotations

import json
from typing import Any

import httpx
import pytest

from engram import Memory, Scope
from engram.errors import ConfigError, ReadOnlyError
from engram.harness.agent import Agent
from engram.harness.tools import MemoryTools, memory_specs
from engram.http.app import create_app
from engram.keys import create_key
from tests.support.servers import uvicorn_thread
from tests.support.wire import Recorded, openai_chat, serve

ACCT = Scope(agent="reviewer", session="acct-991")
OTHER = Scope(agent="reviewer", session="acct-992")
TWISP_MEMORY = {"harness": {"memory": {
    "enabled": True,
    "scope": {"read": ["session"], "write": ["session"]},
    "tools": ["add_memory", "read_memory", "delete_memory"],
    "pinned": {"max_tokens": 2000},
}}}
LABELLED = {"harness": {"memory": {
    "enabled": True, "scope": {"read": ["session"], "write": ["session"]},
    "labels": {"customer_id": {"number": 5, "description": "The customer the memory is about."}}}}}


def test_memory_enabled_alone_reviews_each_turn(make_memory: Any) -> None:
    mem = make_memory(TWISP_MEMORY)
    assert mem.config.memory.extraction.review and not mem.config.memory.strategies
    with mem.turn(ACCT) as t:
        t.append([{"role": "user", "content": "I moved to Porto last month."},
                  {"role": "assistant", "content": "Noted."}])
    [porto] = t.written
    assert "Porto" in porto.summary and porto.level == "session" and porto.session == "acct-991"
    assert porto.kind in mem.config.memory.kinds
    with mem.turn(ACCT) as t2:
        t2.append([{"role": "user", "content": "Sorry, I moved to Lisbon, not Porto."}])
    [lisbon] = t2.written
    assert lisbon.replaces == porto.id and mem.get(ACCT, porto.id).status == "superseded"
    with mem.turn(ACCT) as t3:  # restated: skipped, nothing piles up
        t3.append([{"role": "user", "content": "I moved to Lisbon."}])
    assert t3.written == []
    assert [r.summary for r in mem.list(ACCT)] == [lisbon.summary]
    assert mem.list(OTHER) == []  # session scope: only the session that wrote it


def test_the_review_rolls_back_with_its_turn(make_memory: Any) -> None:
    mem = make_memory(TWISP_MEMORY)
    with pytest.raises(RuntimeError), mem.turn(ACCT) as t:
        t.append([{"role": "user", "content": "I moved to Porto last month."}])
        raise RuntimeError("the turn fails")
    assert mem.list(ACCT) == [] and mem.events(ACCT) == []


def test_every_n_messages(make_memory: Any) -> None:
    cfg = {"harness": {"memory": {**TWISP_MEMORY["harness"]["memory"], "extraction": {"every": {"messages": 3}}}}}
    mem = make_memory(cfg)
    assert (mem.config.memory.extraction.trigger, mem.config.memory.extraction.every_n) == ("every_n", 3)
    with mem.turn(ACCT) as t:
        t.append([{"role": "user", "content": "I moved to Porto last month."},
                  {"role": "assistant", "content": "Noted."}])
    assert t.written == []
    with mem.turn(ACCT) as t2:
        t2.append([{"role": "user", "content": "I work as a nurse."}])
    assert {("Porto" in r.summary, "nurse" in r.summary) for r in t2.written} == {(True, False), (False, True)}


@pytest.mark.parametrize("every", ["weekly", {"messages": 0}, {"messages": "3"}, {"turns": 2}])
def test_bad_every_is_a_config_error(make_memory: Any, every: Any) -> None:
    with pytest.raises(ConfigError) as err:
        make_memory({"harness": {"memory": {"enabled": True, "extraction": {"every": every}}}})
    assert "extraction" in (err.value.field or "")


def test_every_turn_and_contradictions() -> None:
    from engram.config import load_config

    cfg = load_config({"harness": {"memory": {"enabled": True, "extraction": {"every": "turn"}}}})
    assert cfg.memory.extraction.trigger == "turn_end"
    with pytest.raises(ConfigError):
        load_config({"harness": {"memory": {"extraction": {"every": "turn", "trigger": "every_n"}}}})


def _review_server(record: list[dict[str, Any]]) -> Any:
    """A model that keeps a session fact and an agent-wide rule, each in the pass that asks for it."""
    def play(req: Recorded) -> dict[str, Any]:
        body = req.json
        record.append(body)
        system = body["messages"][0]["content"]
        if "every session of this agent" in system and "Keep only what should inform" in system:
            mems = [{"summary": "Escalate overdrafts above 400 EUR", "key": "policy/overdraft_escalation",
                     "value": "400 EUR", "category": "fact", "action": "assert", "multi_valued": False,
                     "sources": [2], "evidence": "escalate anything above 400"}]
        else:
            mems = [{"summary": "Account 991 is overdrawn by 500 EUR", "key": "account/overdraft",
                     "value": "500 EUR", "category": "fact", "action": "assert", "multi_valued": False,
                     "sources": [1], "evidence": "overdrawn by 500"}]
        return openai_chat(json.dumps({"memories": mems}), prompt_tokens=50, completion_tokens=20)
    return serve(handler=play)


def test_review_with_a_model_chooses_each_records_level(make_memory: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[dict[str, Any]] = []
    with _review_server(calls) as srv:
        monkeypatch.setenv("OPENAI_BASE_URL", f"{srv.url}/v1")
        monkeypatch.setenv("OPENAI_API_KEY", "sk-local-test")
        prompt = "Keep account facts. Operator rules that apply to all accounts belong in agent scope."
        mem = make_memory({"harness": {"memory": {
            "enabled": True, "model": "openai:cheap-review-1",
            "scope": {"read": ["session", "agent"], "write": ["session", "agent"]},
            "extraction": {"prompt": prompt}}}})
        with mem.turn(ACCT) as t:
            t.append([{"role": "user", "content": "Account 991 is overdrawn by 500 EUR."},
                      {"role": "system", "content": "Operator: escalate anything above 400 EUR, for every account."}])
    levels = {r.summary: r.level for r in t.written}
    assert levels == {"Account 991 is overdrawn by 500 EUR": "session", "Escalate overdrafts above 400 EUR": "agent"}
    assert calls and all(c["model"] == "cheap-review-1" for c in calls)  # harness.memory.model
    assert all(prompt in c["messages"][0]["content"] for c in calls[:2])  # extraction.prompt replaces the default
    assert all("Extract durable memories" not in c["messages"][0]["content"] for c in calls[:2])
    assert [h.record.summary for h in mem.recall(OTHER, "overdraft escalation", min_score=0.0) if h.record] == \
        ["Escalate overdrafts above 400 EUR"]


def test_tools_are_opt_in(make_memory: Any) -> None:
    mem = make_memory(TWISP_MEMORY)
    names = {s.name for s in memory_specs(mem.config)}
    # the document's snippet lists add/read/delete; search_memory comes with enabled memory ("The agent can
    # search its memory with search_memory"); search_history only with an index ("`none` (default)")
    assert names == {"add_memory", "read_memory", "delete_memory", "search_memory", "retrieve_result"}
    bare = make_memory({"harness": {"memory": {"enabled": True}}})
    assert {s.name for s in memory_specs(bare.config)} == {"search_memory", "retrieve_result"}
    off = make_memory({"harness": {"memory": {"enabled": True}, "history": {"index": "none"}}})
    assert {s.name for s in memory_specs(off.config)} == {"search_memory", "retrieve_result"}
    history = make_memory({"harness": {"memory": {"enabled": True, "tools": ["add_memory"]},
                                       "history": {"index": "messages"}}})
    assert {s.name for s in memory_specs(history.config)} == {"add_memory", "search_memory", "search_history",
                                                              "retrieve_result"}


def test_the_harness_offers_only_named_tools(make_memory: Any) -> None:
    from tests.support.harness import model, say

    mem = make_memory(TWISP_MEMORY)
    m = model(say("ok"))
    Agent(mem, m).invoke(ACCT, [{"role": "user", "content": "hello"}])
    offered = set(m.calls[0].tools)
    assert offered - {"update_state"} == {"add_memory", "read_memory", "delete_memory", "search_memory",
                                          "retrieve_result"}  # no index: no search_history


def test_http_and_mcp_tool_lists_follow_the_config(make_memory: Any) -> None:
    mem = make_memory(TWISP_MEMORY)
    key = create_key(mem.store, "reviewer", can_delete=True)[0]  # delete_memory is offered to keys that may delete
    with uvicorn_thread(create_app(mem)) as base:
        got = httpx.get(base + "/v1/agents/reviewer/tools", headers={"Authorization": f"Bearer {key}"})
    assert got.status_code == 200, got.text
    assert {t["name"] for t in got.json()["tools"]} == {"add_memory", "read_memory", "delete_memory",
                                                         "search_memory", "retrieve_result"}


@pytest.mark.anyio
async def test_mcp_lists_only_named_tools(tmp_path: Any) -> None:
    pytest.importorskip("mcp")
    from mcp.client.session import ClientSession
    from mcp.client.streamable_http import streamable_http_client

    from engram.embedders import HashingEmbedder
    from engram.mcp import build_server

    mem = Memory.open(f"sqlite:///{tmp_path / 'm.db'}", config=TWISP_MEMORY, embedder=HashingEmbedder())
    try:
        server = build_server(mem, ACCT)
        with uvicorn_thread(server.streamable_http_app(host="127.0.0.1")) as base:
            async with streamable_http_client(base + "/mcp") as (read, write), ClientSession(read, write) as s:
                await s.initialize()
                names = {t.name for t in (await s.list_tools()).tools}
    finally:
        mem.close()
    assert names == {"add_memory", "read_memory", "delete_memory", "search_memory"}


# three agents on one store: two with their own tool configurations, one on the default's
OWN_TOOLS = {"bot": ["add_memory", "read_memory"], "rival": ["delete_memory", "search_history"]}
DEFAULT_TOOLS = {"harness": {"memory": {"enabled": True, "tools": ["search_memory"],
                                        "scope": {"read": ["session", "actor"], "write": ["session", "actor"]}}}}


@pytest.mark.anyio
async def test_each_agent_is_offered_the_tools_of_its_own_configuration(make_memory: Any) -> None:
    """``GET /v1/agents/{agent}/tools``, MCP ``tools/list`` and the harness list the memory tools of the agent's
    own configuration (``harness.memory.tools``), never the database-wide one: two agents with their own on one
    server each get theirs, an agent without one gets the default's, and a new version shows at once."""
    pytest.importorskip("mcp")
    from mcp.client.session import ClientSession
    from mcp.client.streamable_http import streamable_http_client

    from engram.mcp import build_server
    from tests.support.harness import model, say

    mem = make_memory(DEFAULT_TOOLS)
    for agent, tools in OWN_TOOLS.items():
        mem.configure(agent, {"harness": {"memory": {"enabled": True, "tools": tools},
                                          "history": {"index": "messages"}}})
    # enabled memory always has search_memory; search_history (with the index) only where there is a session
    want = {"bot": {"add_memory", "read_memory", "search_memory"}, "rival": {"delete_memory", "search_memory"},
            "solo": {"search_memory"}}
    in_session = {**want, "rival": {"delete_memory", "search_memory", "search_history"}}
    keys = {agent: create_key(mem.store, agent, can_admin=True, can_delete=True)[0] for agent in want}

    def listed(base: str, agent: str) -> set[str]:
        got = httpx.get(f"{base}/v1/agents/{agent}/tools", headers={"Authorization": f"Bearer {keys[agent]}"})
        assert got.status_code == 200, got.text
        return {t["name"] for t in got.json()["tools"]} - {"retrieve_result"}  # offloading: not MCP's

    with uvicorn_thread(create_app(mem)) as base:
        assert {agent: listed(base, agent) for agent in want} == want
        changed = httpx.patch(f"{base}/v1/agents/bot/config", json={"config": {"harness": {"memory": {
            "tools": ["search_memory"]}}}}, headers={"Authorization": f"Bearer {keys['bot']}"})
        assert changed.status_code == 200, changed.text
        assert listed(base, "bot") == {"search_memory"} and listed(base, "rival") == want["rival"]
    want["bot"] = in_session["bot"] = {"search_memory"}

    for agent in want:
        scope = Scope(agent, "u1", "s1")
        server = build_server(mem, scope)
        with uvicorn_thread(server.streamable_http_app(host="127.0.0.1")) as base:
            async with streamable_http_client(base + "/mcp") as (read, write), ClientSession(read, write) as s:
                await s.initialize()
                assert {t.name for t in (await s.list_tools()).tools} == in_session[agent], agent
        m = model(say("ok"))
        Agent(mem, m).invoke(scope, [{"role": "user", "content": "hello"}])
        assert set(m.calls[0].tools) - {"update_state", "retrieve_result"} == in_session[agent], agent


def test_search_memory_by_query_or_filters(make_memory: Any) -> None:
    mem = make_memory(LABELLED)
    a = mem.remember(ACCT, "Card ending 4242 was reported stolen", kind="event", labels={"customer_id": "42"})
    b = mem.remember(ACCT, "Prefers contact by email", kind="guidance", labels={"customer_id": "42"})
    c = mem.remember(ACCT, "Second card ending 1111 is active", kind="fact", labels={"customer_id": "7"})
    with mem.turn(ACCT) as t:
        tools = MemoryTools(t, results={}, page_tokens=500)
        by_kind = tools.search_memory({"kind": "guidance"})["results"]
        by_label = tools.search_memory({"labels": {"customer_id": "42"}})["results"]
        by_ids = tools.search_memory({"ids": [c.id, a.id]})["results"]
        both = tools.search_memory({"query": "card", "labels": {"customer_id": "7"}})["results"]
        with pytest.raises(Exception) as err:
            tools.search_memory({})
    assert [r["id"] for r in by_kind] == [b.id]
    assert {r["id"] for r in by_label} == {a.id, b.id}
    assert {r["id"] for r in by_ids} == {a.id, c.id}
    assert [r["id"] for r in both] == [c.id]
    assert getattr(err.value, "field", None) == "query"
    spec = next(s for s in memory_specs(mem.config) if s.name == "search_memory")
    assert spec.parameters["required"] == [] and {"ids", "labels", "kind"} <= set(spec.parameters["properties"])


def test_subagents_search_but_never_write(make_memory: Any) -> None:
    from tests.support.harness import model, say, use

    mem = make_memory({"harness": {"memory": {"enabled": True, "tools": ["add_memory", "search_memory"]}}})
    mem.remember(ACCT, "Account 991 is frozen")
    m = model(use("add_memory", summary="should not be written"), say("done"))
    sub = Agent(mem, m).subagent()
    reply = sub.invoke([{"role": "user", "content": "what about account 991?"}], scope=ACCT)
    assert set(m.calls[0].tools) & {"add_memory", "delete_memory"} == set()
    assert [r.summary for r in mem.list(ACCT)] == ["Account 991 is frozen"]
    assert reply.events == ()
    with mem.turn(ACCT) as t:
        t.read_only = True
        with pytest.raises(ReadOnlyError):
            t.remember("x")


@pytest.mark.anyio
async def test_mcp_search_memory_by_filters(tmp_path: Any) -> None:
    pytest.importorskip("mcp")
    from mcp.client.session import ClientSession
    from mcp.client.streamable_http import streamable_http_client

    from engram.embedders import HashingEmbedder
    from engram.mcp import build_server

    cfg = {"harness": {"memory": {**LABELLED["harness"]["memory"], "tools": ["search_memory"]}}}
    mem = Memory.open(f"sqlite:///{tmp_path / 'm.db'}", config=cfg, embedder=HashingEmbedder())
    try:
        a = mem.remember(ACCT, "Card 4242 reported stolen", kind="event", labels={"customer_id": "42"})
        b = mem.remember(ACCT, "Prefers email", kind="guidance", labels={"customer_id": "7"})
        server = build_server(mem, ACCT)
        with uvicorn_thread(server.streamable_http_app(host="127.0.0.1")) as base:
            async with streamable_http_client(base + "/mcp") as (read, write), ClientSession(read, write) as s:
                await s.initialize()
                assert {t.name for t in (await s.list_tools()).tools} == {"search_memory"}  # no index
                by_kind = (await s.call_tool("search_memory", {"kind": "guidance"})).structured_content
                by_label = (await s.call_tool("search_memory", {"labels": {"customer_id": "42"}})
                            ).structured_content
                by_id = (await s.call_tool("search_memory", {"ids": [b.id]})).structured_content
                empty = await s.call_tool("search_memory", {})
    finally:
        mem.close()
    assert by_kind and [h["record"]["id"] for h in by_kind["hits"]] == [b.id]
    assert by_label and [h["record"]["id"] for h in by_label["hits"]] == [a.id]
    assert by_id and [h["record"]["id"] for h in by_id["hits"]] == [b.id]
    assert empty.is_error
