"""engram as a Strands Agent's native session manager, and engram's memory tools in a Strands agent: real
``Agent`` calls, the model Strands' ``OpenAIModel`` streaming from a local OpenAI-compatible wire server.
On SQLite and PostgreSQL."""

from __future__ import annotations

import json
from typing import Any

import pytest

pytest.importorskip("strands")

from strands import Agent, ToolContext, tool
from strands.agent.conversation_manager import SlidingWindowConversationManager
from strands.models.openai import OpenAIModel
from strands.types.session import SessionAgent, SessionMessage

from engram import Memory, Scope, ValidationError
from engram.adapters.strands import AGENT, EngramSessionManager, EngramSessionRepository, memory_tools
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
    said = [(e.role, e.content) for e in mem.events(ADA)]  # messages only: no empty state events
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
    roles = [e.role for e in mem.events(ADA)]
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


@tool(context=True)
def move(city: str, tool_context: ToolContext) -> str:
    """Record the city the user lives in."""
    tool_context.agent.state.set("city", city)
    return f"moved to {city}"


def test_agent_state_rides_on_the_messages_and_a_new_agent_gets_it_back(mem: Memory) -> None:
    """State changed before a call, by a tool inside it, and after its last message (the sliding window trims)
    is all restored, and the session's events are its messages only: no empty event in listings or search."""
    def windowed(server: FakeServer, **kw: Any) -> Agent:
        return agent(server, tools=[move], conversation_manager=SlidingWindowConversationManager(window_size=4),
                     session_manager=EngramSessionManager(mem, ADA), **kw)

    replies = [openai_chat_stream(None, tool_calls=[("c1", "move", json.dumps({"city": "Lisbon"}))]),
               openai_chat_stream("Noted, you live in Lisbon."), openai_chat_stream("Hello again.")]
    with serve(*replies) as server:
        first = windowed(server, state={"visits": 1})
        first("I moved to Lisbon.")
        first.state.set("visits", 2)
        first("Hi again.")
        assert first.conversation_manager.removed_message_count > 0  # trimmed after the last message
        second = windowed(server)  # as a new process would
    assert second.state.get() == {"visits": 2, "city": "Lisbon"}
    assert second.conversation_manager.removed_message_count == first.conversation_manager.removed_message_count
    assert second.messages == first.messages
    events = mem.events(ADA)
    assert [(e.role, e.content) for e in events] == [
        ("user", "I moved to Lisbon."), ("assistant", ""), ("tool", "moved to Lisbon"),
        ("assistant", "Noted, you live in Lisbon."), ("user", "Hi again."), ("assistant", "Hello again.")]
    assert events[1].tool_calls[0].name == "move"  # the one event without text is the tool call
    hits = mem.search_history(ADA, "Lisbon visits city state agent", limit=20, min_score=0.0)
    assert hits and all(h.event is not None and (h.event.content or h.event.tool_calls) for h in hits)
    # a state its events already carry writes nothing; bad input is typed and changes nothing
    repo = EngramSessionRepository(mem, ADA)
    repo.update_agent("chat-1", SessionAgent.from_agent(second))
    assert [e.id for e in mem.events(ADA)] == [e.id for e in events]
    with pytest.raises(ValidationError) as exc:
        repo.update_agent("chat-1", {"agent_id": "default", "state": {}})  # type: ignore[arg-type]
    assert exc.value.field == "session_agent"
    assert [e.id for e in mem.events(ADA)] == [e.id for e in events]


@tool(context=True)
def close_account(tool_context: ToolContext) -> str:
    """Close the user's account, once they confirm."""
    return f"closed: {tool_context.interrupt('confirm', reason='Close the account?')}"


def test_an_interrupted_call_is_answered_by_a_new_agent(mem: Memory) -> None:
    """The interrupt is set after the call's last message (the tool call): a new process resumes it."""
    replies = [openai_chat_stream(None, tool_calls=[("c1", "close_account", "{}")]), openai_chat_stream("Closed.")]
    with serve(*replies) as server:
        asked = agent(server, tools=[close_account], session_manager=EngramSessionManager(mem, ADA))("Close it.")
        assert asked.stop_reason == "interrupt" and asked.interrupts
        answer: Any = [{"interruptResponse": {"interruptId": asked.interrupts[0].id, "response": "yes"}}]
        done = agent(server, tools=[close_account], session_manager=EngramSessionManager(mem, ADA))(answer)
    assert str(done).strip() == "Closed."
    assert [(e.role, e.content) for e in mem.events(ADA)] == [
        ("user", "Close it."), ("assistant", ""), ("tool", "closed: yes"), ("assistant", "Closed.")]


def test_a_session_stored_with_state_events_still_resumes(mem: Memory) -> None:
    """Sessions written before state rode on messages (an empty system event holding it) resume as before."""
    old = {"agent_id": "default", "state": {"visits": 7}, "conversation_manager_state": {
        "__name__": "SlidingWindowConversationManager", "removed_message_count": 0}}
    mem.append(ADA, [{"role": "system", "content": "", "metadata": {AGENT: old}}])
    EngramSessionRepository(mem, ADA).create_message("chat-1", "default", SessionMessage.from_message(
        {"role": "user", "content": [{"text": "hello"}]}, 0))
    with serve(openai_chat_stream("Hi.")) as server:
        resumed = agent(server, session_manager=EngramSessionManager(mem, ADA))
    assert resumed.state.get() == {"visits": 7}
    assert [m["content"][0]["text"] for m in resumed.messages] == ["hello"]


def test_messages_stored_without_an_agent_state_are_resumed_not_overwritten(mem: Memory) -> None:
    """A session engram wrote itself, or docs/frameworks.md's repository example, has messages but no Strands
    agent state: a new Agent started afresh (nothing restored) and numbered its messages over them."""
    mem.append(ADA, [{"role": "user", "content": "I live in Lisbon."}, {"role": "assistant", "content": "Noted."}])
    EngramSessionRepository(mem, ADA).create_message("chat-1", "default", SessionMessage.from_message(
        {"role": "user", "content": [{"text": "I am vegetarian."}]}, 2))
    with serve(openai_chat_stream("In Lisbon.")) as server:
        a = agent(server, session_manager=EngramSessionManager(mem, ADA), state={"visits": 1})
        a("Where do I live?")
    assert texts(server, 0)[:3] == ["I live in Lisbon.", "Noted.", "I am vegetarian."]
    repo = EngramSessionRepository(mem, ADA)
    assert [m.to_message()["content"][0]["text"] for m in repo.list_messages("chat-1", "default")] == [
        "I live in Lisbon.", "Noted.", "I am vegetarian.", "Where do I live?", "In Lisbon."]
    with serve(openai_chat_stream("Hi.")) as server:
        assert agent(server, session_manager=EngramSessionManager(mem, ADA)).state.get() == {"visits": 1}
