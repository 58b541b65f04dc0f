"""engram inside the OpenAI Agents SDK: real ``Runner.run`` calls with an ``EngramSession`` and the memory
function tools, the model served by a local OpenAI-compatible wire server. On SQLite and PostgreSQL."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pytest

pytest.importorskip("agents")

from agents import Agent, OpenAIChatCompletionsModel, Runner, set_tracing_disabled
from openai import AsyncOpenAI

from engram import Memory, Scope, ValidationError
from engram.adapters.openai_agents import EngramSession, memory_tools
from tests.support.wire import FakeServer, openai_chat, serve

set_tracing_disabled(True)  # the SDK would otherwise export traces to OpenAI

ADA = Scope("bot", "ada", "chat-1")
BOB = Scope("bot", "bob", "chat-1")  # same agent and session id, another actor


def agent(server: FakeServer, **kw: Any) -> Agent[Any]:
    client = AsyncOpenAI(base_url=f"{server.url}/v1", api_key="test-key", max_retries=0)
    return Agent(name="helper", instructions="Be brief.",
                 model=OpenAIChatCompletionsModel(model="gpt-test", openai_client=client), **kw)


def said(server: FakeServer, i: int) -> list[str]:
    """The message texts the model saw in request ``i``."""
    return [str(m.get("content")) for m in server.requests[i].json["messages"]]


def tool_results(server: FakeServer, i: int) -> dict[str, Any]:
    """The tool results (parsed JSON) the model saw in request ``i``, by tool call id."""
    return {m["tool_call_id"]: json.loads(m["content"]) for m in server.requests[i].json["messages"]
            if m["role"] == "tool"}


def test_runner_resumes_the_conversation_from_engram(mem: Memory) -> None:
    with serve(openai_chat("Nice to meet you, Ada."), openai_chat("You live in Lisbon.")) as server:
        first = asyncio.run(Runner.run(agent(server), "I am Ada and I live in Lisbon.",
                                       session=EngramSession(mem, ADA)))
        assert first.final_output == "Nice to meet you, Ada."
        # a new session object (as a new process would make) resumes from the stored events
        second = asyncio.run(Runner.run(agent(server), "Where do I live?", session=EngramSession(mem, ADA)))
    assert second.final_output == "You live in Lisbon."
    seen = said(server, 1)
    assert "I am Ada and I live in Lisbon." in seen and "Nice to meet you, Ada." in seen
    assert seen[-1] == "Where do I live?"
    assert [e.role for e in mem.events(ADA)] == ["user", "assistant", "user", "assistant"]
    found = {h.event.content for h in mem.search_history(ADA, "Lisbon") if h.event is not None}
    assert "I am Ada and I live in Lisbon." in found  # the items' text is indexed for history search
    # another actor's session of the same id sees none of it, and its run does not carry Ada's turns
    assert asyncio.run(EngramSession(mem, BOB).get_items()) == []
    with serve(openai_chat("Hello.")) as server:
        asyncio.run(Runner.run(agent(server), "Hi", session=EngramSession(mem, BOB)))
    assert not any("Lisbon" in t for t in said(server, 0))


def test_get_pop_clear(mem: Memory) -> None:
    s = EngramSession(mem, ADA)
    items: list[Any] = [{"role": "user", "content": f"message {i}"} for i in range(5)]
    asyncio.run(s.add_items(items[:2]))
    asyncio.run(s.add_items(items[2:]))
    assert asyncio.run(s.get_items()) == items
    assert asyncio.run(s.get_items(limit=2)) == items[3:]
    assert asyncio.run(s.pop_item()) == items[4]
    assert asyncio.run(s.get_items()) == items[:4]
    asyncio.run(s.clear_session())
    assert asyncio.run(s.get_items()) == [] and asyncio.run(s.pop_item()) is None


def test_add_items_is_all_or_nothing_and_errors_are_typed(mem: Memory) -> None:
    s = EngramSession(mem, ADA)
    bad_role: Any = {"role": "robot", "content": "bad"}
    with pytest.raises(ValidationError):
        asyncio.run(s.add_items([{"role": "user", "content": "fine"}, bad_role]))
    assert mem.events(ADA) == []
    with pytest.raises(ValidationError):
        asyncio.run(s.add_items(["not an item"]))  # type: ignore[list-item]
    with pytest.raises(ValidationError):
        EngramSession(mem, Scope("bot", "ada"))  # no session


def test_events_engram_wrote_read_back_as_items(mem: Memory) -> None:
    mem.append(ADA, [{"role": "user", "content": "weather?"},
                     {"role": "assistant", "content": "", "tool_calls": [
                         {"id": "c1", "name": "weather", "arguments": {"city": "Lisbon"}}]},
                     {"role": "tool", "content": "sunny", "tool_call_id": "c1"}])
    assert asyncio.run(EngramSession(mem, ADA).get_items()) == [
        {"role": "user", "content": "weather?"},
        {"type": "function_call", "call_id": "c1", "name": "weather", "arguments": '{"city": "Lisbon"}'},
        {"type": "function_call_output", "call_id": "c1", "output": "sunny"}]


def test_recall_tool_reaches_the_model_and_logs_uses(mem: Memory) -> None:
    rec = mem.remember(ADA, "Prefers email over phone", scope="actor")
    replies = [openai_chat(None, tool_calls=[("c1", "recall", json.dumps({"query": "contact by email or phone"}))]),
               openai_chat("I will email you.")]
    with serve(*replies) as server:
        out = asyncio.run(Runner.run(agent(server, tools=memory_tools(mem, ADA)), "How should we contact you?"))
    assert out.final_output == "I will email you."
    assert tool_results(server, 1)["c1"][0]["id"] == rec.id
    uses = mem.uses(ADA, rec.id)
    assert len(uses) == 1 and uses[0].score > 0
    # Bob's tools recall nothing of Ada's, and log no use
    with serve(*replies) as server:
        asyncio.run(Runner.run(agent(server, tools=memory_tools(mem, BOB)), "How should we contact you?"))
    assert tool_results(server, 1)["c1"] == []
    assert len(mem.uses(ADA, rec.id)) == 1


def test_remember_tool_writes_a_record_and_bad_input_is_a_typed_tool_error(mem: Memory) -> None:
    replies = [openai_chat(None, tool_calls=[("c1", "remember", json.dumps({"summary": "Allergic to nuts"})),
                                             ("c2", "remember", json.dumps({"summary": "x", "replaces": "r_nope"}))]),
               openai_chat("Noted.")]
    with serve(*replies) as server:
        asyncio.run(Runner.run(agent(server, tools=memory_tools(mem, ADA)), "I am allergic to nuts."))
    results = tool_results(server, 1)
    assert results["c2"]["error"]["type"] == "NotFound" and results["c2"]["error"]["field"] == "replaces"
    [rec] = mem.list(ADA)
    assert rec.summary == "Allergic to nuts" and rec.level == "actor" and rec.id == results["c1"]["id"]
    assert mem.list(BOB) == []
