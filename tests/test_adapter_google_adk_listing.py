"""ADK's session service as ADK's own services behave: ``list_sessions`` gives each session the state
``get_session`` gives it (session state and ``user:`` state, no events), as ``InMemorySessionService`` does, reading
each session once; a duplicate ``create_session`` raises ADK's ``AlreadyExistsError`` (also engram's
``ConflictError``). The real ADK classes on SQLite and PostgreSQL."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

pytest.importorskip("google.adk")

from google.adk.errors.already_exists_error import AlreadyExistsError
from google.adk.events.event import Event as AdkEvent
from google.adk.events.event_actions import EventActions
from google.adk.sessions import InMemorySessionService
from google.adk.sessions.base_session_service import BaseSessionService
from google.genai import types

from engram import ConflictError, Memory, Scope
from engram.adapters.google_adk import EngramSessionService

SESSIONS: list[tuple[str, str, dict[str, Any], dict[str, Any]]] = [  # user, id, initial state, a later delta
    ("ada", "a-1", {"step": 1, "user:lang": "en", "temp:x": 1}, {"step": 2, "user:lang": "pt"}),
    ("ada", "a-2", {"topic": "food"}, {"user:diet": "vegan"}),
    ("bob", "b-1", {"step": 9}, {"mood": "fine", "user:lang": "de"}),
]


def _fill(service: BaseSessionService) -> None:
    """The same sessions, messages and state changes in any ADK session service."""
    for user, sid, state, delta in SESSIONS:
        session = asyncio.run(service.create_session(app_name="helper", user_id=user, session_id=sid, state=state))
        said = types.Content(role="user", parts=[types.Part(text=f"hello from {sid}")])
        asyncio.run(service.append_event(session, AdkEvent(author="user", invocation_id="i", content=said)))
        asyncio.run(service.append_event(session, AdkEvent(author="helper", invocation_id="i",
                                                           actions=EventActions(state_delta=delta))))


def _listed(service: BaseSessionService, **kw: Any) -> list[tuple[str, str, str, int, dict[str, Any]]]:
    got = asyncio.run(service.list_sessions(app_name="helper", **kw)).sessions
    return sorted((s.app_name, s.user_id, s.id, len(s.events), dict(s.state)) for s in got)


def test_listed_sessions_carry_the_state_adks_own_service_gives_them(mem: Memory) -> None:
    ours, theirs = EngramSessionService(mem, agent="helper"), InMemorySessionService()
    _fill(ours)
    _fill(theirs)
    for kw in ({}, {"user_id": "ada"}, {"user_id": "bob"}, {"user_id": "nobody"}):
        assert _listed(ours, **kw) == _listed(theirs, **kw)
    assert ("helper", "ada", "a-2", 0, {"topic": "food", "user:lang": "pt", "user:diet": "vegan"}) in _listed(ours)
    # the state a listed session carries is the state get_session gives it
    for session in asyncio.run(ours.list_sessions(app_name="helper")).sessions:
        got = asyncio.run(ours.get_session(app_name="helper", user_id=session.user_id, session_id=session.id))
        assert got is not None and got.state == session.state and got.last_update_time == session.last_update_time
    listed = asyncio.run(ours.list_sessions(app_name="helper")).sessions
    assert listed == sorted(listed, key=lambda s: (s.last_update_time, s.user_id, s.id))


def test_listing_reads_each_session_once(mem: Memory, monkeypatch: pytest.MonkeyPatch) -> None:
    """Folding ``user:`` state must not read every session of a user again for each of its sessions."""
    service = EngramSessionService(mem, agent="helper")
    for n in range(6):
        asyncio.run(service.create_session(app_name="helper", user_id="ada", session_id=f"s-{n}",
                                           state={"user:n": n}))
    reads: list[Scope] = []
    events = mem.events

    def counted(scope: Scope, *args: Any, **kw: Any) -> Any:
        reads.append(scope)
        return events(scope, *args, **kw)

    monkeypatch.setattr(mem, "events", counted)
    listed = asyncio.run(service.list_sessions(app_name="helper", user_id="ada")).sessions
    assert [s.state for s in listed] == [{"user:n": 5}] * 6
    assert sorted(str(s.session) for s in reads) == [f"s-{n}" for n in range(6)]


def test_a_duplicate_session_raises_adks_already_exists_error(mem: Memory) -> None:
    ours, theirs = EngramSessionService(mem, agent="helper"), InMemorySessionService()
    for service in (ours, theirs):
        asyncio.run(service.create_session(app_name="helper", user_id="ada", session_id="s-1", state={"step": 1}))
        with pytest.raises(AlreadyExistsError):
            asyncio.run(service.create_session(app_name="helper", user_id="ada", session_id="s-1"))
        asyncio.run(service.create_session(app_name="helper", user_id="bob", session_id="s-1"))  # another user's
    with pytest.raises(ConflictError) as exc:  # engram's own error too, naming ADK's argument
        asyncio.run(ours.create_session(app_name="helper", user_id="ada", session_id="s-1", state={"step": 5}))
    assert exc.value.field == "session_id" and "s-1" in str(exc.value)
    got = asyncio.run(ours.get_session(app_name="helper", user_id="ada", session_id="s-1"))
    assert got is not None and got.state == {"step": 1}  # unchanged
