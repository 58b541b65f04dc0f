"""engram inside Pydantic AI: real ``Agent.run_sync`` calls with their history kept in an ``EngramHistory``
and engram's memory tools, the model an ``OpenAIChatModel`` pointed at a local OpenAI-compatible wire
server. On SQLite and PostgreSQL."""

from __future__ import annotations

import json
from typing import Any

import pytest

pytest.importorskip("pydantic_ai")

from pydantic_ai import Agent
from pydantic_ai.messages import (
    ModelMessage,
    ModelMessagesTypeAdapter,
    ModelRequest,
    ModelResponse,
    TextPart,
    ToolCallPart,
    ToolReturnPart,
    UserPromptPart,
)
from pydantic_ai.models.openai import OpenAIChatModel
from pydantic_ai.providers.openai import OpenAIProvider

from engram import Memory, Scope, ValidationError
from engram.adapters.pydantic_ai import EngramHistory, memory_tools
from tests.support.wire import FakeServer, openai_chat, serve

ADA = Scope("helper", "ada", "chat-1")
BOB = Scope("helper", "bob", "chat-1")


def agent(server: FakeServer, **kw: Any) -> Agent[None, str]:
    model = OpenAIChatModel("gpt-test", provider=OpenAIProvider(base_url=f"{server.url}/v1", api_key="test-key"))
    return Agent(model, instructions="Be brief.", **kw)


def as_json(messages: list[ModelMessage]) -> Any:
    """Messages in Pydantic AI's own JSON form (how it compares what a store gives back)."""
    return ModelMessagesTypeAdapter.dump_python(messages, mode="json")


def said(server: FakeServer, i: int) -> list[str]:
    return [str(m.get("content")) for m in server.requests[i].json["messages"]]


def test_a_second_run_continues_from_the_history_in_engram(mem: Memory) -> None:
    with serve(openai_chat("Nice to meet you, Ada."), openai_chat("In Lisbon.")) as server:
        first = agent(server).run_sync("I am Ada and I live in Lisbon.",
                                       message_history=EngramHistory(mem, ADA).load())
        EngramHistory(mem, ADA).save(first.new_messages())
        history = EngramHistory(mem, ADA).load()  # as a new process would
        second = agent(server).run_sync("Where do I live?", message_history=history)
        EngramHistory(mem, ADA).save(second.new_messages())
    assert second.output == "In Lisbon."
    seen = said(server, 1)
    assert "I am Ada and I live in Lisbon." in seen and "Nice to meet you, Ada." in seen
    assert as_json(history) == as_json(first.all_messages())  # messages come back exactly as they went in
    assert [e.role for e in mem.events(ADA)] == ["user", "assistant", "user", "assistant"]
    assert "I am Ada and I live in Lisbon." in {h.event.content for h in mem.search_history(ADA, "Lisbon") if h.event}
    assert EngramHistory(mem, BOB).load() == []


def test_tool_calls_are_kept_and_recall_logs_uses(mem: Memory) -> None:
    rec = mem.remember(ADA, "Prefers email over phone", scope="actor")
    with serve(openai_chat(None, tool_calls=[("c1", "recall", json.dumps({"query": "contact by email or phone"}))]),
               openai_chat("I will email you.")) as server:
        out = agent(server, tools=memory_tools(mem, ADA)).run_sync("How should we contact you?")
        EngramHistory(mem, ADA).save(out.new_messages())
    tool_msg = next(m for m in server.requests[1].json["messages"] if m["role"] == "tool")
    assert json.loads(tool_msg["content"])[0]["id"] == rec.id
    assert len(mem.uses(ADA, rec.id)) == 1
    assert [e.role for e in mem.events(ADA)] == ["user", "assistant", "tool", "assistant"]
    assert mem.events(ADA)[1].tool_calls[0].name == "recall"
    assert as_json(EngramHistory(mem, ADA).load()) == as_json(out.all_messages())
    with serve(openai_chat(None, tool_calls=[("c1", "recall", json.dumps({"query": "contact by email or phone"}))]),
               openai_chat("No idea.")) as server:
        agent(server, tools=memory_tools(mem, BOB)).run_sync("How should we contact you?")
    assert json.loads(next(m for m in server.requests[1].json["messages"] if m["role"] == "tool")["content"]) == []


def test_save_is_all_or_nothing_and_engram_written_events_read_back(mem: Memory) -> None:
    history = EngramHistory(mem, ADA)
    with pytest.raises(ValidationError):
        history.save([ModelRequest(parts=[UserPromptPart("fine")]), ModelResponse(parts=[TextPart("bad \x00")])])
    assert mem.events(ADA) == []
    with pytest.raises(ValidationError):
        EngramHistory(mem, Scope("helper", "ada"))
    mem.append(ADA, [{"role": "user", "content": "weather?"},
                     {"role": "assistant", "content": "", "tool_calls": [
                         {"id": "c1", "name": "weather", "arguments": {"city": "Lisbon"}}]},
                     {"role": "tool", "content": "sunny", "tool_call_id": "c1", "name": "weather"}])
    [ask, call, result] = history.load()
    assert isinstance(ask, ModelRequest) and ask.parts[0].content == "weather?"  # type: ignore[union-attr]
    assert isinstance(call, ModelResponse) and call.parts == [ToolCallPart("weather", {"city": "Lisbon"}, "c1")]
    assert isinstance(result.parts[0], ToolReturnPart) and result.parts[0].content == "sunny"
    assert history.clear() == 3 and history.load() == []



def test_the_claude_memory_tool_runs_in_a_pydantic_ai_agent(mem: Memory) -> None:
    """The ``memory`` tool driven by a real agent run (the model's calls arrive as function calls here: with
    the pinned anthropic 2.15, pydantic-ai-slim 2.31's AnthropicModel fails before sending, see
    docs/frameworks.md)."""
    from engram.adapters.pydantic_ai import claude_memory_tool

    create = {"command": "create", "path": "/memories/diet.md", "file_text": "Ada is vegetarian\n"}
    bad = {"command": "create", "path": "/memories/empty.md"}  # no file_text (calls may run concurrently)
    with serve(openai_chat(None, tool_calls=[("c1", "memory", json.dumps(create)), ("c2", "memory", json.dumps(bad))]),
               openai_chat("Saved.")) as server:
        assert agent(server, tools=[claude_memory_tool(mem, ADA)]).run_sync("I am vegetarian.").output == "Saved."
    results = {m["tool_call_id"]: m["content"] for m in server.requests[1].json["messages"] if m["role"] == "tool"}
    assert results["c1"] == "File created successfully at: /memories/diet.md"
    assert json.loads(results["c2"])["error"] == {"type": "ValidationError", "message": "create needs file_text",
                                                  "field": "file_text"}
    [rec] = mem.list(ADA)
    assert (rec.summary, rec.content) == ("/memories/diet.md", "Ada is vegetarian\n")
    assert mem.list(BOB) == []
