"""engram as Google ADK's session and memory services: a real ADK ``Runner`` with an ``LlmAgent`` whose
Gemini model is served by a local Gemini-wire server; the session resumes from engram, ``load_memory``
recalls from engram's records. On SQLite and PostgreSQL."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

import pytest

pytest.importorskip("google.adk")

from google.adk.agents import LlmAgent
from google.adk.events.event import Event as AdkEvent
from google.adk.events.event_actions import EventActions
from google.adk.models.google_llm import Gemini
from google.adk.runners import Runner
from google.adk.tools.load_memory_tool import load_memory
from google.genai import types

from engram import ConflictError, Memory, PermissionDenied, Scope, ScopeError, ValidationError
from engram.adapters.google_adk import EngramMemoryService, EngramSessionService
from tests.support.configs import WIDE
from tests.support.wire import FakeServer, gemini_content, serve


@pytest.fixture(autouse=True)
def _gemini_key(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("GOOGLE_API_KEY", "test-key")  # the local server ignores it
    monkeypatch.delenv("GOOGLE_GENAI_USE_VERTEXAI", raising=False)


def runner(server: FakeServer, mem: Memory, **kw: Any) -> Runner:
    agent = LlmAgent(name="helper", model=Gemini(model="gemini-test", base_url=server.url),
                     instruction="Be brief.", **kw)
    return Runner(app_name="helper", agent=agent, session_service=EngramSessionService(mem, agent="helper"),
                  memory_service=EngramMemoryService(mem, agent="helper"))


def ask(r: Runner, user: str, session: str, text: str) -> str:
    msg = types.Content(role="user", parts=[types.Part(text=text)])
    out = [e for e in r.run(user_id=user, session_id=session, new_message=msg) if e.content and e.content.parts]
    return "".join(p.text or "" for p in out[-1].content.parts)  # type: ignore[union-attr]


def sent(server: FakeServer, i: int) -> list[str]:
    return [p.get("text", "") for c in server.requests[i].json["contents"] for p in c.get("parts", [])]


def test_a_runner_resumes_its_session_from_engram(mem: Memory) -> None:
    sessions = EngramSessionService(mem, agent="helper")
    asyncio.run(sessions.create_session(app_name="helper", user_id="ada", session_id="s-1", state={"visits": 1}))
    with serve(gemini_content("Nice to meet you, Ada."), gemini_content("In Lisbon.")) as server:
        assert ask(runner(server, mem), "ada", "s-1", "I am Ada and I live in Lisbon.") == "Nice to meet you, Ada."
        assert ask(runner(server, mem), "ada", "s-1", "Where do I live?") == "In Lisbon."
    assert "I am Ada and I live in Lisbon." in sent(server, 1) and "Nice to meet you, Ada." in sent(server, 1)
    ada = Scope("helper", "ada", "s-1")
    said = [(e.role, e.content) for e in mem.events(ada) if e.content]
    assert said[0] == ("user", "I am Ada and I live in Lisbon.") and said[-1] == ("assistant", "In Lisbon.")
    got = asyncio.run(sessions.get_session(app_name="helper", user_id="ada", session_id="s-1"))
    assert got is not None and got.state == {"visits": 1} and len(got.events) == 4
    # Bob has no such session; his runner starts from nothing
    assert asyncio.run(sessions.get_session(app_name="helper", user_id="bob", session_id="s-1")) is None
    asyncio.run(sessions.create_session(app_name="helper", user_id="bob", session_id="s-1"))
    with serve(gemini_content("Hello.")) as server:
        ask(runner(server, mem), "bob", "s-1", "Hi")
    assert not any("Lisbon" in t for t in sent(server, 0))


def test_load_memory_recalls_engram_records_and_logs_uses(make_memory: Callable[..., Memory]) -> None:
    mem = make_memory({"harness": {"memory": {**WIDE["harness"]["memory"], "strategies": [{"type": "SEMANTIC"}]}}})
    memory = EngramMemoryService(mem, agent="helper")
    sessions = EngramSessionService(mem, agent="helper")
    done = asyncio.run(sessions.create_session(app_name="helper", user_id="ada", session_id="old"))
    for author, text in (("user", "I live in Lisbon and I am vegetarian."), ("helper", "Noted.")):
        asyncio.run(sessions.append_event(done, AdkEvent(author=author, invocation_id="i1", content=types.Content(
            role="user" if author == "user" else "model", parts=[types.Part(text=text)]))))
    asyncio.run(memory.add_session_to_memory(done))
    asyncio.run(memory.add_session_to_memory(done))  # adding a session again piles nothing up
    records = mem.list(Scope("helper", "ada"), kind=["fact", "guidance"])
    assert sorted(r.summary for r in records) == ["Is vegetarian", "Lives in Lisbon"]
    asyncio.run(sessions.create_session(app_name="helper", user_id="ada", session_id="new"))
    with serve(gemini_content(None, calls=[("load_memory", {"query": "is the user vegetarian"})]),
               gemini_content("You are vegetarian.")) as server:
        assert ask(runner(server, mem, tools=[load_memory]), "ada", "new", "What do I eat?") == "You are vegetarian."
    reply = server.requests[1].json["contents"][-1]["parts"][0]["functionResponse"]["response"]
    assert "Is vegetarian" in str(reply)
    veg = next(r for r in records if r.summary == "Is vegetarian")
    assert len(mem.uses(Scope("helper", "ada"), veg.id)) == 1
    bob = asyncio.run(memory.search_memory(app_name="helper", user_id="bob", query="is the user vegetarian"))
    assert bob.memories == []


def test_state_user_scope_and_typed_errors(mem: Memory) -> None:
    sessions = EngramSessionService(mem, agent="helper")
    s1 = asyncio.run(sessions.create_session(app_name="helper", user_id="ada", session_id="a"))
    asyncio.run(sessions.append_event(s1, AdkEvent(author="helper", invocation_id="i", actions=EventActions(
        state_delta={"user:lang": "pt", "step": 2, "temp:scratch": "x"}))))
    s2 = asyncio.run(sessions.create_session(app_name="helper", user_id="ada", session_id="b"))
    assert s2.state == {"user:lang": "pt"}  # user state is shared across the user's sessions
    again = asyncio.run(sessions.get_session(app_name="helper", user_id="ada", session_id="a"))
    assert again is not None and again.state == {"user:lang": "pt", "step": 2}
    assert asyncio.run(sessions.get_user_state(app_name="helper", user_id="ada")) == {"lang": "pt"}
    assert asyncio.run(sessions.get_user_state(app_name="helper", user_id="bob")) == {}
    listed = asyncio.run(sessions.list_sessions(app_name="helper", user_id="ada"))
    assert sorted(s.id for s in listed.sessions) == ["a", "b"]
    with pytest.raises(ConflictError):
        asyncio.run(sessions.create_session(app_name="helper", user_id="ada", session_id="a"))
    with pytest.raises(PermissionDenied):
        asyncio.run(sessions.get_session(app_name="other-app", user_id="ada", session_id="a"))
    with pytest.raises(ScopeError):
        asyncio.run(sessions.get_session(app_name="helper", user_id="../ada", session_id="a"))
    with pytest.raises(ValidationError):
        asyncio.run(sessions.append_event(s1, AdkEvent(author="helper", actions=EventActions(
            state_delta={"app:flag": True}))))
    assert len(mem.events(Scope("helper", "ada", "a"))) == 2  # the refused event stored nothing
    asyncio.run(sessions.delete_session(app_name="helper", user_id="ada", session_id="a"))
    assert asyncio.run(sessions.get_session(app_name="helper", user_id="ada", session_id="a")) is None
