"""engram as a Strands Agent's native session manager, and engram's memory tools in a Strands agent: real
``Agent`` calls, the model Strands' ``OpenAIModel`` streaming from a local OpenAI-compatible wire server.
On SQLite and PostgreSQL."""

from __future__ import annotations

import json
from typing import Any

import pytest

pytest.importorskip("strands")

from strands import Agent
from strands.models.openai import OpenAIModel
from strands.types.session import SessionMessage

from engram import Memory, Scope, ValidationError
from engram.adapters.strands import EngramSessionManager, EngramSessionRepository, memory_tools
from tests.support.wire import FakeServer, openai_chat_stream, serve

ADA = Scope("helper", "ada", "chat-1")
BOB = Scope("helper", "bob", "chat-1")


def agent(server: FakeServer, **kw: Any) -> Agent:
    model = OpenAIModel(client_args={"base_url": f"{server.url}/v1", "api_key": "test-key"}, model_id="gpt-test")
    return Agent(model=model, callback_handler=None, **kw)


def texts(server: FakeServer, i: int) -> list[str]:
    out: list[str] = []
    for m in server.requests[i].json["messages"]:
        content = m.get("content")
        out += [p.get("text", "") for p in content] if isinstance(content, list) else [str(content)]
    return out


def test_a_new_agent_resumes_the_session_and_its_state_from_engram(mem: Memory) -> None:
    with serve(openai_chat_stream("Nice to meet you, Ada."), openai_chat_stream("In Lisbon.")) as server:
        first = agent(server, session_manager=EngramSessionManager(mem, ADA), state={"visits": 1})
        first.state.set("visits", 2)  # synced (update_agent) when the call adds its messages
        first("I am Ada and I live in Lisbon.")
        second = agent(server, session_manager=EngramSessionManager(mem, ADA))  # as a new process would
        restored = [b.get("text") for m in second.messages for b in m["content"]]
        assert restored == ["I am Ada and I live in Lisbon.", "Nice to meet you, Ada."]
        assert second.state.get("visits") == 2
        assert "In Lisbon." in str(second("Where do I live?"))
    assert "I am Ada and I live in Lisbon." in texts(server, 1) and "Nice to meet you, Ada." in texts(server, 1)
    said = [(e.role, e.content) for e in mem.events(ADA) if e.content]
    assert said == [("user", "I am Ada and I live in Lisbon."), ("assistant", "Nice to meet you, Ada."),
                    ("user", "Where do I live?"), ("assistant", "In Lisbon.")]
    assert "I am Ada and I live in Lisbon." in {h.event.content for h in mem.search_history(ADA, "Lisbon") if h.event}
    with serve(openai_chat_stream("Hello.")) as server:
        bob = agent(server, session_manager=EngramSessionManager(mem, BOB))
        assert bob.messages == []
        bob("Hi")
    assert not any("Lisbon" in t for t in texts(server, 0))


def test_recall_tool_in_a_strands_agent_logs_uses_and_tool_turns_are_kept(mem: Memory) -> None:
    rec = mem.remember(ADA, "Prefers email over phone", scope="actor")
    call = ("c1", "recall", json.dumps({"query": "contact by email or phone"}))
    with serve(openai_chat_stream(None, tool_calls=[call]), openai_chat_stream("I will email you.")) as server:
        a = agent(server, tools=memory_tools(mem, ADA), session_manager=EngramSessionManager(mem, ADA))
        assert "email" in str(a("How should we contact you?"))
    tool_msg = next(m for m in server.requests[1].json["messages"] if m["role"] == "tool")
    result = tool_msg["content"] if isinstance(tool_msg["content"], str) else tool_msg["content"][0]["text"]
    assert json.loads(result)[0]["id"] == rec.id
    assert len(mem.uses(ADA, rec.id)) == 1
    roles = [e.role for e in mem.events(ADA) if e.role != "system"]
    assert roles == ["user", "assistant", "tool", "assistant"]
    # restored with the tool call and result in place
    with serve(openai_chat_stream("Yes.")) as server:
        again = agent(server, tools=memory_tools(mem, ADA), session_manager=EngramSessionManager(mem, ADA))
    assert any("toolUse" in b for m in again.messages for b in m["content"])
    assert any("toolResult" in b for m in again.messages for b in m["content"])


def test_redaction_replaces_in_place_and_bad_input_is_typed(mem: Memory) -> None:
    repo = EngramSessionRepository(mem, ADA)
    for i, text in enumerate(["my card is 4111", "noted", "thanks"]):
        repo.create_message("chat-1", "default", SessionMessage.from_message(
            {"role": "user" if i != 1 else "assistant", "content": [{"text": text}]}, i))
    msg = repo.read_message("chat-1", "default", 0)
    assert msg is not None
    msg.redact_message = {"role": "user", "content": [{"text": "[redacted]"}]}
    repo.update_message("chat-1", "default", msg)
    assert [m.to_message()["content"][0]["text"] for m in repo.list_messages("chat-1", "default")] == [
        "[redacted]", "noted", "thanks"]
    assert all("4111" not in e.content for e in mem.events(ADA))
    assert [m.message_id for m in repo.list_messages("chat-1", "default", limit=1, offset=1)] == [1]
    with pytest.raises(ValidationError):
        repo.read_session("another-session")
    with pytest.raises(ValidationError):
        EngramSessionRepository(mem, Scope("helper", "ada"))
    with pytest.raises(ValidationError):
        repo.create_message("chat-1", "default", SessionMessage.from_message(
            {"role": "user", "content": [{"text": "nul \x00"}]}, 3))
    assert len(repo.list_messages("chat-1", "default")) == 3
    assert EngramSessionRepository(mem, BOB).list_messages("chat-1", "default") == []
