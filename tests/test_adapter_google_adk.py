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
from google.adk.agents.callback_context import CallbackContext
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
    said = [(e.role, e.content) for e in mem.events(ada)]  # its creation (the state rides on it), its messages
    assert said == [("system", ""), ("user", "I am Ada and I live in Lisbon."), ("assistant", "Nice to meet you, Ada."),
                    ("user", "Where do I live?"), ("assistant", "In Lisbon.")]
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
    with pytest.raises(ValidationError) as exc:
        asyncio.run(sessions.append_event(s1, AdkEvent(author="helper", actions=EventActions(
            state_delta={"app:flag": True}))))
    assert exc.value.field == "state.app:flag"
    assert asyncio.run(sessions.get_session(app_name="helper", user_id="ada", session_id="a")) == again  # unchanged
    asyncio.run(sessions.delete_session(app_name="helper", user_id="ada", session_id="a"))
    assert asyncio.run(sessions.get_session(app_name="helper", user_id="ada", session_id="a")) is None


def count_visit(callback_context: CallbackContext) -> None:
    """After each run: a state change with nothing to say (ADK appends it as an event with no content)."""
    callback_context.state["visits"] = callback_context.state.get("visits", 0) + 1
    callback_context.state["user:seen"] = True


def _said(e: AdkEvent) -> str | None:
    return "".join(p.text or "" for p in e.content.parts or []) if e.content else None


def run_all(r: Runner, user: str, session: str, text: str) -> list[AdkEvent]:
    return list(r.run(user_id=user, session_id=session, new_message=types.Content(role="user", parts=[
        types.Part(text=text)])))


def test_state_rides_on_the_sessions_messages_and_a_new_runner_gets_it_back(mem: Memory) -> None:
    """Initial state, a callback's state change after the last message, user: state shared across a user's
    sessions: all restored by new Runners (new services), while the session's engram events are its creation
    event and its messages (history search finds only events with content). Ada's state never reaches Bob's
    session of the same id."""
    created = asyncio.run(EngramSessionService(mem, agent="helper").create_session(
        app_name="helper", user_id="ada", session_id="s-1", state={"visits": 1, "user:lang": "pt", "temp:x": 1}))
    assert created.state == {"visits": 1, "user:lang": "pt"}
    bob = asyncio.run(EngramSessionService(mem, agent="helper").create_session(
        app_name="helper", user_id="bob", session_id="s-1", state={"visits": 100}))
    assert bob.state == {"visits": 100}
    fresh = EngramSessionService(mem, agent="helper")  # a new service finds the session before its first message
    got = asyncio.run(fresh.get_session(app_name="helper", user_id="ada", session_id="s-1"))
    assert got is not None and got.state == {"visits": 1, "user:lang": "pt"} and got.events == []
    assert [s.id for s in asyncio.run(fresh.list_sessions(app_name="helper", user_id="ada")).sessions] == ["s-1"]
    with pytest.raises(ConflictError):
        asyncio.run(fresh.create_session(app_name="helper", user_id="ada", session_id="s-1"))

    yielded: list[AdkEvent] = []
    with serve(gemini_content("Hello Ada."), gemini_content("Hi again."), gemini_content("Hello Bob.")) as server:
        yielded += run_all(runner(server, mem, after_agent_callback=count_visit), "ada", "s-1", "Hi, I am Ada.")
        yielded += run_all(runner(server, mem, after_agent_callback=count_visit), "ada", "s-1", "Hello?")
        run_all(runner(server, mem, after_agent_callback=count_visit), "bob", "s-1", "Hi, I am Bob.")
    assert any(e.content is None and e.actions.state_delta for e in yielded)  # the callback's own events

    sessions = EngramSessionService(mem, agent="helper")  # as a new process would
    ada = asyncio.run(sessions.get_session(app_name="helper", user_id="ada", session_id="s-1"))
    assert ada is not None and ada.state == {"visits": 3, "user:lang": "pt", "user:seen": True}
    # every ADK event, in order, as ADK made it: the user's messages (the Runner yields none) and what it yielded
    assert [e for e in ada.events if e.author != "user"] == yielded
    assert [(e.author, _said(e)) for e in ada.events] == [
        ("user", "Hi, I am Ada."), ("helper", "Hello Ada."), ("helper", None),
        ("user", "Hello?"), ("helper", "Hi again."), ("helper", None)]
    bobs = asyncio.run(sessions.get_session(app_name="helper", user_id="bob", session_id="s-1"))
    assert bobs is not None and bobs.state == {"visits": 101, "user:seen": True}
    assert asyncio.run(sessions.get_user_state(app_name="helper", user_id="bob")) == {"seen": True}
    other = asyncio.run(sessions.create_session(app_name="helper", user_id="ada", session_id="s-2"))
    assert other.state == {"user:lang": "pt", "user:seen": True}  # shared by ada's sessions only

    s1 = Scope("helper", "ada", "s-1")
    assert [(e.role, e.content) for e in mem.events(s1)] == [
        ("system", ""), ("user", "Hi, I am Ada."), ("assistant", "Hello Ada."), ("user", "Hello?"),
        ("assistant", "Hi again.")]
    hits = mem.search_history(s1, "visits lang seen state Ada", limit=20, min_score=0.0)
    assert hits and all(h.event is not None and h.event.content for h in hits)


def test_events_with_nothing_to_say_ride_on_the_creation_event_and_bad_input_changes_nothing(mem: Memory) -> None:
    sessions = EngramSessionService(mem, agent="helper")
    ada = Scope("helper", "ada", "s-1")
    for bad, field in (({"app:flag": True}, "state.app:flag"), ({"when": object()}, "state.when")):
        with pytest.raises(ValidationError) as exc:
            asyncio.run(sessions.create_session(app_name="helper", user_id="ada", session_id="s-1", state=bad))
        assert exc.value.field == field
    assert asyncio.run(sessions.get_session(app_name="helper", user_id="ada", session_id="s-1")) is None
    assert mem.events(ada) == []
    session = asyncio.run(sessions.create_session(app_name="helper", user_id="ada", session_id="s-1",
                                                  state={"step": 1, "temp:x": 1}))
    (created,) = mem.events(ada)  # stored at once: one empty system event carrying the state
    assert (created.role, created.content, created.metadata) == ("system", "", {"adk_state": {"step": 1}})
    quiet = AdkEvent(author="helper", invocation_id="i", actions=EventActions(state_delta={"step": 2}))
    asyncio.run(sessions.append_event(session, quiet))
    (created,) = mem.events(ada)  # the state change rides on it, rewritten in its place
    assert (created.role, created.content) == ("system", "")
    got = asyncio.run(EngramSessionService(mem, agent="helper").get_session(
        app_name="helper", user_id="ada", session_id="s-1"))
    assert got is not None and got.state == {"step": 2} and [e.id for e in got.events] == [quiet.id]
    said = AdkEvent(author="user", invocation_id="i", content=types.Content(role="user", parts=[
        types.Part(text="Hello.")]))
    asyncio.run(sessions.append_event(session, said))
    assert [(e.role, e.content) for e in mem.events(ada)] == [("system", ""), ("user", "Hello.")]
    got = asyncio.run(sessions.get_session(app_name="helper", user_id="ada", session_id="s-1"))
    assert got is not None and got.state == {"step": 2} and [e.id for e in got.events] == [quiet.id, said.id]
    hits = mem.search_history(ada, "Hello step", limit=20, min_score=0.0)
    assert [h.event.content for h in hits if h.event is not None] == ["Hello."]
    asyncio.run(sessions.create_session(app_name="helper", user_id="ada", session_id="s-2", state={"x": 1}))
    asyncio.run(sessions.delete_session(app_name="helper", user_id="ada", session_id="s-2"))
    assert asyncio.run(sessions.get_session(app_name="helper", user_id="ada", session_id="s-2")) is None
    assert mem.events(Scope("helper", "ada", "s-2")) == []


def test_a_created_session_is_stored_at_once_for_every_service_on_the_database(
        make_memory: Callable[..., Memory]) -> None:
    """A session created through one Memory, with no message yet, is there for a service over another Memory
    opened on the same database (as another process would): get_session, list_sessions, a Runner."""
    first, second = make_memory(WIDE), make_memory(WIDE)
    asyncio.run(EngramSessionService(first, agent="helper").create_session(
        app_name="helper", user_id="ada", session_id="s-1", state={"visits": 1, "user:lang": "pt"}))
    sessions = EngramSessionService(second, agent="helper")
    got = asyncio.run(sessions.get_session(app_name="helper", user_id="ada", session_id="s-1"))
    assert got is not None and got.state == {"visits": 1, "user:lang": "pt"} and got.events == []
    assert [s.id for s in asyncio.run(sessions.list_sessions(app_name="helper", user_id="ada")).sessions] == ["s-1"]
    assert asyncio.run(sessions.get_user_state(app_name="helper", user_id="ada")) == {"lang": "pt"}
    with pytest.raises(ConflictError):
        asyncio.run(sessions.create_session(app_name="helper", user_id="ada", session_id="s-1"))
    with serve(gemini_content("Hello Ada.")) as server:
        assert ask(runner(server, second, after_agent_callback=count_visit), "ada", "s-1", "Hi.") == "Hello Ada."
    got = asyncio.run(EngramSessionService(first, agent="helper").get_session(
        app_name="helper", user_id="ada", session_id="s-1"))
    assert got is not None and got.state == {"visits": 2, "user:lang": "pt", "user:seen": True}
    assert [e.content for e in first.events(Scope("helper", "ada", "s-1"))] == ["", "Hi.", "Hello Ada."]


def test_a_session_stored_by_the_old_service_still_loads_and_resumes(mem: Memory) -> None:
    """Before: the initial state on an empty system event, an event with nothing to say as an empty event."""
    said = AdkEvent(author="user", invocation_id="i", content=types.Content(role="user", parts=[
        types.Part(text="I am Ada and I live in Lisbon.")]))
    quiet = AdkEvent(author="helper", invocation_id="i", actions=EventActions(state_delta={"step": 1}))
    ada = Scope("helper", "ada", "old")
    for message in ({"role": "system", "content": "", "metadata": {"adk_state": {"visits": 7, "user:lang": "en"}}},
                    {"role": "user", "content": "I am Ada and I live in Lisbon.",
                     "metadata": {"adk_event": said.model_dump(mode="json", exclude_none=True)}},
                    {"role": "assistant", "content": "",
                     "metadata": {"adk_event": quiet.model_dump(mode="json", exclude_none=True)}}):
        mem.append(ada, [message])
    sessions = EngramSessionService(mem, agent="helper")
    got = asyncio.run(sessions.get_session(app_name="helper", user_id="ada", session_id="old"))
    assert got is not None and got.state == {"visits": 7, "user:lang": "en", "step": 1}
    assert [e.id for e in got.events] == [said.id, quiet.id]
    with serve(gemini_content("In Lisbon.")) as server:
        assert ask(runner(server, mem, after_agent_callback=count_visit), "ada", "old", "Where?") == "In Lisbon."
    assert "I am Ada and I live in Lisbon." in sent(server, 0)
    got = asyncio.run(sessions.get_session(app_name="helper", user_id="ada", session_id="old"))
    assert got is not None and got.state == {"visits": 8, "user:lang": "en", "step": 1, "user:seen": True}
    assert [e.id for e in got.events][:2] == [said.id, quiet.id] and len(got.events) == 5
