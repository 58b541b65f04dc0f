"""Google ADK: a ``BaseSessionService`` over engram's events and a ``BaseMemoryService`` over its records.

ADK passes ``app_name`` / ``user_id`` / ``session_id`` on every call; they become the engram scope
``Scope(agent=app_name, actor=user_id, session=session_id)``, validated like any scope (a malformed id is a
``ScopeError``). A service is built for one engram agent: a call naming another app is refused with
``PermissionDenied``, so one ADK app cannot read another's sessions or memory through it.

Sessions: each ADK event is one engram event (its text indexed for history search, the ADK event itself in
the metadata); ``create_session`` stores the initial state as an empty ``system`` event. A session's state
is folded from those and the events' ``state_delta``; ``user:`` keys are folded across all of the user's
sessions (they are shared, as ADK defines them). ``app:`` state is refused (``ValidationError``): it would be
shared by every user of the app, and engram keeps no state outside an actor's sessions. ``temp:`` keys are
never stored (ADK's base class trims them).

Memory: ``add_session_to_memory`` runs the configured extraction strategies over the session's text
(``Memory.ingest``: facts and preferences consolidated against what is already known, so adding a session
again does not pile up duplicates); ``search_memory`` is ``Memory.recall`` for the user, logged as RETRIEVED
uses since ADK hands the results to its model; ``add_memory`` / ``delete_memory`` write and forget records.
Needs the ``[google-adk]`` extra.
"""

from __future__ import annotations

import asyncio
import uuid
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from google.adk.events.event import Event as AdkEvent
from google.adk.memory.base_memory_service import BaseMemoryService, SearchMemoryResponse
from google.adk.memory.memory_entry import MemoryEntry
from google.adk.sessions.base_session_service import BaseSessionService, GetSessionConfig, ListSessionsResponse
from google.adk.sessions.session import Session
from google.adk.sessions.state import State
from google.genai import types

from ..core.validate import limit as valid_limit
from ..errors import ConflictError, PermissionDenied, ValidationError
from ..types import Event, Scope
from . import _timeline

if TYPE_CHECKING:
    from ..engine import Memory

ADK_EVENT = "adk_event"  # metadata: the ADK event as ADK serializes it
ADK_STATE = "adk_state"  # metadata: a session's initial state, on an empty system event


def _text(content: types.Content | None) -> str:
    return "\n".join(p.text for p in (content.parts or []) if p.text) if content else ""


def to_message(event: AdkEvent) -> dict[str, Any]:
    """The engram message an ADK event stands for (text, function calls, function responses)."""
    parts = (event.content.parts or []) if event.content else []
    calls = [{"id": p.function_call.id or p.function_call.name or "call", "name": p.function_call.name or "tool",
              "arguments": dict(p.function_call.args or {})} for p in parts if p.function_call]
    answers = [p.function_response for p in parts if p.function_response]
    meta = {ADK_EVENT: event.model_dump(mode="json", exclude_none=True)}
    if answers and not calls:
        return {"role": "tool", "content": "\n".join(str(a.response) for a in answers),
                "tool_call_id": answers[0].id or answers[0].name or "call", "metadata": meta}
    role = "user" if event.author == "user" else "assistant"
    return {"role": role, "content": _text(event.content), **({"tool_calls": calls} if calls else {}),
            "metadata": meta}


class _Service:
    """What both services share: the one engram agent they serve, and scopes from ADK's ids."""

    def __init__(self, mem: Memory, *, agent: str) -> None:
        Scope(agent)  # validates the id
        self.mem = mem
        self.agent = agent

    def scope(self, app_name: str, user_id: str, session_id: str | None = None) -> Scope:
        if app_name != self.agent:
            raise PermissionDenied(f"this service serves app {self.agent!r}, not {app_name!r}", field="app_name")
        return Scope(app_name, user_id, session_id)


class EngramSessionService(_Service, BaseSessionService):
    """ADK's session service over engram events (see the module docstring)."""

    def _read(self, scope: Scope) -> list[Event]:
        return _timeline.read(self.mem, scope)

    def _user_state(self, app_name: str, user_id: str) -> dict[str, Any]:
        """``user:`` keys folded over every session of the user, oldest event first."""
        scope = self.scope(app_name, user_id)
        deltas: list[tuple[Any, dict[str, Any]]] = []
        for info in self.mem.sessions(scope, limit=1000):
            for ev in self._read(Scope(app_name, user_id, info["session"])):
                for key, value in _state_of(ev).items():
                    if key.startswith(State.USER_PREFIX):
                        deltas.append((ev.at, {key: value}))
        out: dict[str, Any] = {}
        for _, delta in sorted(deltas, key=lambda d: d[0]):
            out.update(delta)
        return out

    async def create_session(self, *, app_name: str, user_id: str, state: dict[str, Any] | None = None,
                             session_id: str | None = None) -> Session:
        return await asyncio.to_thread(self._create, app_name, user_id, dict(state or {}), session_id)

    def _create(self, app_name: str, user_id: str, state: dict[str, Any], session_id: str | None) -> Session:
        scope = self.scope(app_name, user_id, session_id or uuid.uuid4().hex)
        _check_state(state)
        if self.mem.events(scope, 1):
            raise ConflictError(f"session {scope.session!r} already exists", field="session_id")
        _timeline.append(self.mem, scope, [{"role": "system", "content": "", "metadata": {ADK_STATE: state}}])
        found = self._get(app_name, user_id, str(scope.session), None)
        assert found is not None
        return found

    async def get_session(self, *, app_name: str, user_id: str, session_id: str,
                          config: GetSessionConfig | None = None) -> Session | None:
        return await asyncio.to_thread(self._get, app_name, user_id, session_id, config)

    def _get(self, app_name: str, user_id: str, session_id: str, config: GetSessionConfig | None) -> Session | None:
        scope = self.scope(app_name, user_id, session_id)
        stored = self._read(scope)
        if not stored:
            return None
        state: dict[str, Any] = {}
        events: list[AdkEvent] = []
        for ev in stored:
            state.update(_state_of(ev))
            kept = ev.metadata.get(ADK_EVENT)
            if isinstance(kept, dict):
                events.append(AdkEvent.model_validate(kept))
        state.update(self._user_state(app_name, user_id))
        if config is not None and config.after_timestamp is not None:
            events = [e for e in events if e.timestamp >= config.after_timestamp]
        if config is not None and config.num_recent_events is not None:
            events = events[-config.num_recent_events:] if config.num_recent_events else []
        return Session(id=session_id, app_name=app_name, user_id=user_id, state=state, events=events,
                       last_update_time=stored[-1].at.timestamp())

    async def list_sessions(self, *, app_name: str, user_id: str | None = None) -> ListSessionsResponse:
        if user_id is None:
            raise ValidationError("engram lists one user's sessions at a time", field="user_id")
        infos = await asyncio.to_thread(self.mem.sessions, self.scope(app_name, user_id), 1000)
        sessions = [Session(id=i["session"], app_name=app_name, user_id=user_id,
                            last_update_time=i["last_at"].timestamp()) for i in infos]
        return ListSessionsResponse(sessions=sorted(sessions, key=lambda s: s.last_update_time))

    async def delete_session(self, *, app_name: str, user_id: str, session_id: str) -> None:
        await asyncio.to_thread(_timeline.clear, self.mem, self.scope(app_name, user_id, session_id))

    async def get_user_state(self, *, app_name: str, user_id: str) -> dict[str, Any]:
        found = await asyncio.to_thread(self._user_state, app_name, user_id)
        return {k.removeprefix(State.USER_PREFIX): v for k, v in found.items()}

    async def append_event(self, session: Session, event: AdkEvent) -> AdkEvent:
        """Store the event (one turn), then apply it to the in-memory session as ADK's base class does."""
        if event.partial:
            return event
        scope = self.scope(session.app_name, session.user_id, session.id)
        if event.actions and event.actions.state_delta:
            _check_state(event.actions.state_delta)
        delta = {k: v for k, v in (event.actions.state_delta or {}).items() if not k.startswith(State.TEMP_PREFIX)}
        stored = event.model_copy(deep=True)
        stored.actions.state_delta = delta
        await asyncio.to_thread(_timeline.append, self.mem, scope, [to_message(stored)])
        return await super().append_event(session, event)


def _state_of(ev: Event) -> dict[str, Any]:
    if isinstance(ev.metadata.get(ADK_STATE), dict):
        return dict(ev.metadata[ADK_STATE])
    kept = ev.metadata.get(ADK_EVENT)
    delta = kept.get("actions", {}).get("state_delta") if isinstance(kept, dict) else None
    return dict(delta) if isinstance(delta, dict) else {}


def _check_state(state: Mapping[str, Any]) -> None:
    for key in state:
        if not isinstance(key, str):
            raise ValidationError("state keys must be strings", field="state")
        if key.startswith(State.APP_PREFIX):
            raise ValidationError(f"app-wide state ({key!r}) is not kept by engram's session service: it would be "
                                  "shared by every user of the app", field=f"state.{key}")


class EngramMemoryService(_Service, BaseMemoryService):
    """ADK's memory service over engram records (see the module docstring)."""

    def __init__(self, mem: Memory, *, agent: str, limit: int = 10) -> None:
        super().__init__(mem, agent=agent)
        self.limit = valid_limit(limit)

    async def add_session_to_memory(self, session: Session) -> None:
        scope = self.scope(session.app_name, session.user_id, session.id)
        await self._ingest(scope, session.events)

    async def add_events_to_memory(self, *, app_name: str, user_id: str, events: Sequence[AdkEvent],
                                   session_id: str | None = None,
                                   custom_metadata: Mapping[str, object] | None = None) -> None:
        if not session_id:  # ADK's own callers (a tool's context) always name the session
            raise ValidationError("engram extracts memory from a session's events: name the session",
                                  field="session_id")
        await self._ingest(self.scope(app_name, user_id, session_id), events)

    async def _ingest(self, scope: Scope, events: Sequence[AdkEvent]) -> None:
        messages = [{"role": "user" if e.author == "user" else "assistant", "content": _text(e.content)}
                    for e in events if _text(e.content)]
        if messages:
            await asyncio.to_thread(self.mem.ingest, scope, messages)

    async def add_memory(self, *, app_name: str, user_id: str, memories: Sequence[MemoryEntry],
                         custom_metadata: Mapping[str, object] | None = None) -> None:
        scope = self.scope(app_name, user_id)
        items = [{"summary": _text(m.content), "scope": "actor"} for m in memories]
        await asyncio.to_thread(self.mem.remember_many, scope, items)

    async def search_memory(self, *, app_name: str, user_id: str, query: str) -> SearchMemoryResponse:
        scope = self.scope(app_name, user_id)

        def run() -> SearchMemoryResponse:
            hits = self.mem.recall(scope, query, self.limit)
            if hits:
                self.mem.log_uses(scope, hits)
            return SearchMemoryResponse(memories=[
                MemoryEntry(content=types.Content(role="user", parts=[types.Part(text=h.record.summary)]),
                            id=h.record.id, author="memory", timestamp=h.record.updated_at.isoformat(),
                            custom_metadata={"score": h.score, "kind": h.record.kind})
                for h in hits if h.record is not None])

        return await asyncio.to_thread(run)

    async def delete_memory(self, *, app_name: str, user_id: str, memory_id: str | None = None) -> None:
        if not memory_id:
            raise ValidationError("name the memory to delete", field="memory_id")
        await asyncio.to_thread(self.mem.forget, self.scope(app_name, user_id), memory_id)
