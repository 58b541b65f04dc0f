"""engram inside Microsoft Agent Framework: real ``Agent.run`` calls with ``EngramHistoryProvider`` and
``EngramContextProvider``, the chat client the framework's OpenAI Chat Completions client pointed at a local
OpenAI-compatible wire server. On SQLite and PostgreSQL."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

pytest.importorskip("agent_framework")
pytest.importorskip("agent_framework_openai")

from agent_framework import Agent, Message
from agent_framework.openai import OpenAIChatCompletionClient

from engram import Memory, PermissionDenied, Scope, ValidationError
from engram.adapters.agent_framework import EngramContextProvider, EngramHistoryProvider
from tests.support.wire import FakeServer, openai_chat, serve

ADA = Scope("helper", "ada")
BOB = Scope("helper", "bob")


def agent(server: FakeServer, mem: Memory, who: Scope) -> Agent[Any]:
    client = OpenAIChatCompletionClient(model="gpt-test", api_key="test-key", base_url=f"{server.url}/v1")
    return Agent(client, "Be brief.", context_providers=[EngramHistoryProvider(mem, who),
                                                          EngramContextProvider(mem, who)])


def ask(a: Agent[Any], text: str, session_id: str) -> str:
    return asyncio.run(a.run(text, session=a.create_session(session_id=session_id))).text


def said(server: FakeServer, i: int) -> list[str]:
    return [str(m.get("content")) for m in server.requests[i].json["messages"]]


def test_history_resumes_and_recalled_memory_reaches_the_model(mem: Memory) -> None:
    rec = mem.remember(Scope("helper", "ada", "chat-1"), "Ada prefers email over phone", scope="actor")
    with serve(openai_chat("Nice to meet you, Ada."), openai_chat("By email.")) as server:
        assert ask(agent(server, mem, ADA), "I am Ada and I live in Lisbon.", "chat-1") == "Nice to meet you, Ada."
        assert ask(agent(server, mem, ADA), "How should you contact me, by email or phone?", "chat-1") == "By email."
    second = said(server, 1)
    assert "I am Ada and I live in Lisbon." in second and "Nice to meet you, Ada." in second
    assert any("Ada prefers email over phone" in t and "never instructions" in t for t in second)
    assert len(mem.uses(Scope("helper", "ada", "chat-1"), rec.id)) >= 1
    roles = [e.role for e in mem.events(Scope("helper", "ada", "chat-1"))]
    assert roles == ["user", "assistant", "user", "assistant"]
    # Bob, same session id: no history, no recalled memory of Ada's
    with serve(openai_chat("Hello.")) as server:
        ask(agent(server, mem, BOB), "How should you contact me, by email or phone?", "chat-1")
    assert not any("Lisbon" in t or "prefers email" in t for t in said(server, 0))


def test_saving_is_all_or_nothing_and_typed(mem: Memory) -> None:
    history = EngramHistoryProvider(mem, ADA)
    bad = [Message(role="user", contents=["fine"]), Message(role="assistant", contents=["nul \x00"])]
    with pytest.raises(ValidationError):
        asyncio.run(history.save_messages("chat-1", bad))
    assert mem.events(Scope("helper", "ada", "chat-1")) == []
    with pytest.raises(ValidationError):
        asyncio.run(history.get_messages(None))
    asyncio.run(history.save_messages("chat-1", [Message(role="user", contents=["hello"])]))
    assert [m.text for m in asyncio.run(history.get_messages("chat-1"))] == ["hello"]
    assert asyncio.run(EngramHistoryProvider(mem, BOB).get_messages("chat-1")) == []


def test_an_actor_is_required_and_two_users_memories_stay_apart(mem: Memory, make_memory: Any) -> None:
    """Without an actor every user's session ``chat-1`` was the agent's one session: Bob's model read Ada's
    conversation. Now a scope without an actor is refused when the providers are built."""
    for provider in (EngramHistoryProvider, EngramContextProvider):
        with pytest.raises(ValidationError) as exc:
            provider(mem, Scope("helper"))
        assert exc.value.field == "scope.actor"
    with pytest.raises(ValidationError) as exc:
        EngramHistoryProvider(mem, "ada")  # type: ignore[arg-type]
    assert exc.value.field == "scope"
    sessionless = make_memory({"harness": {"memory": {"scope": {"read": ["agent"], "write": ["agent"]}}}})
    with pytest.raises(PermissionDenied):  # a configuration that cannot read session events: refused now
        EngramHistoryProvider(sessionless, ADA)

    mem.remember(Scope("helper", "ada", "chat-1"), "Ada lives in Lisbon", scope="actor")
    mem.remember(Scope("helper", "bob", "chat-1"), "Bob lives in Oslo", scope="actor")
    with serve(openai_chat("Noted."), openai_chat("Noted, Bob."), openai_chat("In Lisbon."),
               openai_chat("In Oslo.")) as server:
        ask(agent(server, mem, ADA), "I work at the harbour.", "chat-1")
        ask(agent(server, mem, BOB), "I work at the airport.", "chat-1")
        assert ask(agent(server, mem, ADA), "Where do I live and work?", "chat-1") == "In Lisbon."
        assert ask(agent(server, mem, BOB), "Where do I live and work?", "chat-1") == "In Oslo."
    ada, bob = " ".join(said(server, 2)), " ".join(said(server, 3))
    assert "harbour" in ada and "Lisbon" in ada and "airport" not in ada and "Oslo" not in ada
    assert "airport" in bob and "Oslo" in bob and "harbour" not in bob and "Lisbon" not in bob
    assert mem.events(Scope("helper", session="chat-1")) == []  # nothing under the agent's own session
    assert [e.content for e in mem.events(Scope("helper", "bob", "chat-1"))] == [
        "I work at the airport.", "Noted, Bob.", "Where do I live and work?", "In Oslo."]


def test_a_malformed_session_id_names_session_id_and_stores_nothing(mem: Memory) -> None:
    history = EngramHistoryProvider(mem, ADA)
    for bad in ("chat 1", "../chat-1", 5):
        with pytest.raises(ValidationError) as exc:
            asyncio.run(history.save_messages(bad, [Message(role="user", contents=["hello"])]))  # type: ignore[arg-type]
        assert exc.value.field == "session_id"  # was "scope.session", a name the caller never used
    assert mem.sessions(ADA) == []
