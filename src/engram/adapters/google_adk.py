"""Google ADK: a ``BaseSessionService`` over engram's events and a ``BaseMemoryService`` over its records.

ADK passes ``app_name`` / ``user_id`` / ``session_id`` on every call; they become the engram scope
``Scope(agent=app_name, actor=user_id, session=session_id)``, validated like any scope (a malformed id is a
``ScopeError`` naming ADK's argument: ``user_id``, ``session_id``, or ``session.user_id`` for a ``Session``
passed in). A service is built for one engram agent: a call naming another app is refused with
``PermissionDenied``, so one ADK app cannot read another's sessions or memory through it. ``list_sessions``
without ``user_id`` lists every user's sessions of the app, as ADK's own services do; each listed session has
no events and the state ``get_session`` would give it (its own state and its user's ``user:`` state), as in
ADK's own services. ``create_session`` with an id the user already has raises :class:`SessionExistsError`,
which is ADK's ``AlreadyExistsError`` (what ADK's own services raise) and engram's ``ConflictError``.

Sessions: ``create_session`` stores the session at once as one empty ``system`` event (never indexed for history
search) whose metadata holds the initial state and stands for the session's creation. After it, each ADK event
that says something (text, function calls, function responses) is one engram event: its text indexed for history
search, the ADK event itself in the metadata. An ADK event with nothing to say (a state change alone, as a
callback's; an agent's end) is none: it rides in the metadata of the session's latest event (the creation event
before the first message), which is rewritten in its place (same instant, not extracted again). Everything is
read back from engram's events, so every service on the same database (another process, another ``Memory``)
sees the same sessions. A session's state is folded from the initial state and the ADK events' ``state_delta``;
``user:`` keys are folded across all of the user's sessions (they are shared, as ADK defines them). ``app:``
state is refused (``ValidationError``): it would be shared by every user of the app, and engram keeps no state
outside an actor's sessions. ``temp:`` keys are never stored (ADK's base class trims them). Sessions stored
before (one ADK event per engram event) load and resume as they are.

Text engram cannot store as text (a NUL character, which a model may answer with, or a lone surrogate), in an
event's content or its state delta or in the initial state, is accepted as ADK's own services accept it, so a run
never fails after the model has answered: the ADK events (or the initial state) holding it are kept whole as
their ASCII JSON text (``adk_events_json``, ``adk_state_json``; every such character escaped), so ``get_session``
gives them back exactly, and the indexed text has U+FFFD in their place. ``append_event``'s errors name the ADK
event's own fields (``event.content``, ``event.content.parts[1].function_call.id``), never engram's message.

Memory: ``add_session_to_memory`` runs the configured extraction strategies over the session's text
(``Memory.ingest``: facts and preferences consolidated against what is already known, so adding a session
again does not pile up duplicates); ``search_memory`` is ``Memory.recall`` for the user, logged as RETRIEVED
uses since ADK hands the results to its model; ``add_memory`` / ``delete_memory`` write and forget records.
Needs the ``[google-adk]`` extra.
"""

from __future__ import annotations

import asyncio
import re
import uuid
from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from google.adk.errors.already_exists_error import AlreadyExistsError
from google.adk.events.event import Event as AdkEvent
from google.adk.memory.base_memory_service import BaseMemoryService, SearchMemoryResponse
from google.adk.memory.memory_entry import MemoryEntry
from google.adk.sessions.base_session_service import BaseSessionService, GetSessionConfig, ListSessionsResponse
from google.adk.sessions.session import Session
from google.adk.sessions.state import State
from google.genai import types

from ..core.validate import MAX_LIMIT, json_value
from ..core.validate import limit as valid_limit
from ..errors import ConflictError, PermissionDenied, ValidationError
from ..types import Event, Scope, check_id
from . import _timeline, _unstorable

if TYPE_CHECKING:
    from ..engine import Memory

ADK_EVENTS = "adk_events"  # metadata: the ADK events an engram event stands for, in order, as ADK serializes them
ADK_EVENT = "adk_event"  # metadata of sessions stored before: the one ADK event an engram event stood for
ADK_STATE = "adk_state"  # metadata of the empty system event that stands for a session's creation: its initial state
# instead of ADK_EVENTS / ADK_STATE when they hold text engram cannot store as text (NUL, a lone surrogate): the same
# value as ASCII JSON text, every such character escaped
ADK_EVENTS_JSON = "adk_events_json"
ADK_STATE_JSON = "adk_state_json"


class SessionExistsError(ConflictError, AlreadyExistsError):
    """``create_session`` named a session id the user already has. It is ADK's own ``AlreadyExistsError``, as ADK's
    session services raise, so ADK code's ``except AlreadyExistsError`` keeps working, and engram's
    ``ConflictError`` (with ``field="session_id"``), as every other engram refusal of a taken id is."""


def _text(content: types.Content | None) -> str:
    return "\n".join(p.text for p in (content.parts or []) if p.text) if content else ""


def _dump(event: AdkEvent) -> dict[str, Any]:
    """An ADK event as ADK serializes it (what the metadata keeps)."""
    return event.model_dump(mode="json", exclude_none=True)


def _kept(value: Any, key: str, encoded: str) -> dict[str, Any]:
    """The metadata keeping ``value`` exactly: under ``key`` as it is, or under ``encoded`` as its ASCII JSON text
    when it holds text engram cannot store as text (:mod:`._unstorable`)."""
    return {encoded: _unstorable.dumps(value)} if _unstorable.holds(value) else {key: value}


def to_message(event: AdkEvent) -> dict[str, Any]:
    """The engram message an ADK event stands for (text, function calls, function responses), the event itself
    kept exactly in its metadata; text engram cannot store as text has U+FFFD in its place in the message."""
    return _message(event, _kept([_dump(event)], ADK_EVENTS, ADK_EVENTS_JSON))


def _message(event: AdkEvent, meta: dict[str, Any]) -> dict[str, Any]:
    said = _unstorable.storable
    parts = (event.content.parts or []) if event.content else []
    calls = [{"id": said(p.function_call.id or p.function_call.name or "call"),
              "name": said(p.function_call.name or "tool"),
              "arguments": said(dict(p.function_call.args or {}))} for p in parts if p.function_call]
    answers = [p.function_response for p in parts if p.function_response]
    if answers and not calls:
        return {"role": "tool", "content": said("\n".join(str(a.response) for a in answers)),
                "tool_call_id": said(answers[0].id or answers[0].name or "call"), "metadata": meta}
    role = "user" if event.author == "user" else "assistant"
    return {"role": role, "content": said(_text(event.content)), **({"tool_calls": calls} if calls else {}),
            "metadata": meta}


def _event_field(field: str | None, event: AdkEvent) -> str | None:
    """An error's field in the engram message stored for ``event`` (``messages[0].tool_calls[0].id``, or
    ``message...`` when it rides on the latest event) as the ADK event's own field
    (``event.content.parts[1].function_call.id``); the event inside the metadata is named by its own path."""
    found = re.fullmatch(r"(?:messages\[0\]|message)(.*)", field or "")
    if found is None:
        return field
    rest = found[1]
    inside = re.fullmatch(rf"\.metadata\.{ADK_EVENTS}\[\d+\](.*)", rest)
    if inside is not None:
        return f"event{inside[1]}"
    if rest.startswith(".metadata"):  # the metadata as a whole (too large as JSON): the event's
        return "event"
    parts = (event.content.parts or []) if event.content else []
    call = re.fullmatch(r"\.tool_calls\[(\d+)\]\.(id|name|arguments)(.*)", rest)
    calls = [(n, p.function_call) for n, p in enumerate(parts) if p.function_call]
    if call is not None and int(call[1]) < len(calls):
        n, fc = calls[int(call[1])]
        attr = {"id": "id" if fc.id else "name", "name": "name", "arguments": "args"}[call[2]]
        return f"event.content.parts[{n}].function_call.{attr}{call[3]}"
    answers = [(n, p.function_response) for n, p in enumerate(parts) if p.function_response]
    if rest == ".tool_call_id" and answers:
        n, fr = answers[0]
        return f"event.content.parts[{n}].function_response.{'id' if fr.id else 'name'}"
    if rest.startswith(".tool_calls"):
        return "event.content.parts"
    return "event.content" if rest == ".content" else f"event{rest}"


class _Service:
    """What both services share: the one engram agent they serve, and scopes from ADK's ids."""

    def __init__(self, mem: Memory, *, agent: str) -> None:
        Scope(agent)  # validates the id
        self.mem = mem
        self.agent = agent

    def scope(self, app_name: str, user_id: str, session_id: str | None = None, *,
              names: tuple[str, str, str] = ("app_name", "user_id", "session_id"), session: bool = False) -> Scope:
        """The scope of ADK's ids; an error names the ADK argument (``names``), not engram's scope field."""
        self.app(app_name, names[0])
        check_id(user_id, names[1])
        check_id(session_id, names[2], required=session)
        return Scope(app_name, user_id, session_id)

    def app(self, app_name: str, field: str = "app_name") -> Scope:
        """The agent-wide scope of ``app_name``, which must be the app this service serves."""
        if app_name != self.agent:
            raise PermissionDenied(f"this service serves app {self.agent!r}, not {app_name!r}", field=field)
        return Scope(app_name)

    def of(self, session: Session) -> Scope:
        """The scope of an ADK session object; an error names its attribute (``session.user_id``)."""
        return self.scope(session.app_name, session.user_id, session.id,
                          names=("session.app_name", "session.user_id", "session.id"), session=True)


class EngramSessionService(_Service, BaseSessionService):
    """ADK's session service over engram events (see the module docstring)."""

    def _read(self, scope: Scope) -> list[Event]:
        return _timeline.read(self.mem, scope)

    def _stored(self, scope: Scope) -> dict[tuple[str, str], list[Event]]:
        """The events of every ADK session in reach of ``scope`` (an actor's, or with no actor every actor's of the
        agent), each session read once, by (user id, session id). Sessions with no actor or no session id are
        not ADK's; one emptied since it was listed is left out."""
        found: dict[tuple[str, str], list[Event]] = {}
        for info in self.mem.sessions(scope, MAX_LIMIT):
            actor, session = info["actor"], info["session"]
            if actor is not None and session is not None:
                found[(actor, session)] = self._read(Scope(scope.agent, actor, session))
        return {key: events for key, events in found.items() if events}

    def _user_state(self, app_name: str, user_id: str) -> dict[str, Any]:
        """``user:`` keys folded over every session of the user, oldest event first."""
        return _user_state(self._stored(self.scope(app_name, user_id)).values())

    async def create_session(self, *, app_name: str, user_id: str, state: dict[str, Any] | None = None,
                             session_id: str | None = None) -> Session:
        return await asyncio.to_thread(self._create, app_name, user_id, dict(state or {}), session_id)

    def _create(self, app_name: str, user_id: str, state: dict[str, Any], session_id: str | None) -> Session:
        """Stored at once: one empty ``system`` event carrying the initial state (``temp:`` keys dropped)."""
        scope = self.scope(app_name, user_id, session_id or uuid.uuid4().hex)
        _check_state(state)
        json_value(_unstorable.storable(state), "state")  # NUL, a lone surrogate: kept as JSON text (_kept)
        if self.mem.events(scope, 1):
            raise SessionExistsError(f"session {scope.session!r} already exists", field="session_id")
        kept = {k: v for k, v in state.items() if not k.startswith(State.TEMP_PREFIX)}
        _timeline.append(self.mem, scope, [{"role": "system", "content": "",
                                            "metadata": _kept(kept, ADK_STATE, ADK_STATE_JSON)}])
        found = self._get(app_name, user_id, str(scope.session), None)
        assert found is not None
        return found

    async def get_session(self, *, app_name: str, user_id: str, session_id: str,
                          config: GetSessionConfig | None = None) -> Session | None:
        return await asyncio.to_thread(self._get, app_name, user_id, session_id, config)

    def _get(self, app_name: str, user_id: str, session_id: str, config: GetSessionConfig | None) -> Session | None:
        stored = self._read(self.scope(app_name, user_id, session_id, session=True))
        if not stored:
            return None
        state = {**_session_state(stored), **self._user_state(app_name, user_id)}
        events = [AdkEvent.model_validate(k) for ev in stored for k in _adk_events(ev)]
        if config is not None and config.after_timestamp is not None:
            events = [e for e in events if e.timestamp >= config.after_timestamp]
        if config is not None and config.num_recent_events is not None:
            events = events[-config.num_recent_events:] if config.num_recent_events else []
        return Session(id=session_id, app_name=app_name, user_id=user_id, state=state, events=events,
                       last_update_time=stored[-1].at.timestamp())

    async def list_sessions(self, *, app_name: str, user_id: str | None = None) -> ListSessionsResponse:
        """The user's sessions; without ``user_id``, every user's sessions of the app (as ADK's own services
        do): this service reaches every user of its agent anyway. Sessions with no actor are not ADK's."""
        scope = self.app(app_name) if user_id is None else self.scope(app_name, user_id)
        return ListSessionsResponse(sessions=await asyncio.to_thread(self._list, scope))

    def _list(self, scope: Scope) -> list[Session]:
        """The sessions in reach of ``scope`` as ADK's own services list them: no events, the state ``get_session``
        gives (the session's own, then its user's ``user:`` keys), ordered by (last update, user id, session id).
        Each session is read once: the ``user:`` state comes from the same reads, all of a user's sessions being
        listed, so listing costs one read per session, not one per session and per session of its user."""
        stored = self._stored(scope)
        by_user: dict[str, list[list[Event]]] = {}
        for (user, _), events in stored.items():
            by_user.setdefault(user, []).append(events)
        users = {user: _user_state(sessions) for user, sessions in by_user.items()}
        sessions = [Session(id=sid, app_name=scope.agent, user_id=user,
                            state={**_session_state(events), **users[user]}, last_update_time=events[-1].at.timestamp())
                    for (user, sid), events in stored.items()]
        return sorted(sessions, key=lambda s: (s.last_update_time, s.user_id, s.id))

    async def delete_session(self, *, app_name: str, user_id: str, session_id: str) -> None:
        await asyncio.to_thread(_timeline.clear, self.mem, self.scope(app_name, user_id, session_id, session=True))

    async def get_user_state(self, *, app_name: str, user_id: str) -> dict[str, Any]:
        found = await asyncio.to_thread(self._user_state, app_name, user_id)
        return {k.removeprefix(State.USER_PREFIX): v for k, v in found.items()}

    async def append_event(self, session: Session, event: AdkEvent) -> AdkEvent:
        """Store the event, then apply it to the in-memory session as ADK's base class does. Text engram cannot
        store as text is accepted (see the module docstring); an error names the event's own field (``event...``)."""
        if event.partial:
            return event
        scope = self.of(session)
        if event.actions and event.actions.state_delta:
            _check_state(event.actions.state_delta)
        delta = {k: v for k, v in (event.actions.state_delta or {}).items() if not k.startswith(State.TEMP_PREFIX)}
        stored = event.model_copy(deep=True)
        stored.actions.state_delta = delta
        dumped = _dump(stored)
        try:
            # checked as engram checks the metadata keeping it, which does not look into the JSON text form
            json_value({ADK_EVENTS: [_unstorable.storable(dumped)]}, "messages[0].metadata")
            await asyncio.to_thread(self._store, scope, stored, dumped)
        except ValidationError as exc:
            exc.field = _event_field(exc.field, stored)
            raise
        return await super().append_event(session, event)

    def _store(self, scope: Scope, event: AdkEvent, dumped: dict[str, Any]) -> None:
        """An event that says something is one engram event (one turn); one that says nothing joins the session's
        latest event (its creation event before the first message)."""
        message = _message(event, _kept([dumped], ADK_EVENTS, ADK_EVENTS_JSON))
        last = self.mem.events(scope, 1)
        if message["content"] or message.get("tool_calls") or not last:  # (no event: a session ADK never created)
            _timeline.append(self.mem, scope, [message])
            return
        ev = last[0]
        meta = {k: v for k, v in ev.metadata.items() if k not in (ADK_EVENT, ADK_EVENTS, ADK_EVENTS_JSON)}
        _timeline.replace(self.mem, scope, ev, {
            "role": ev.role, "content": ev.content, "tool_call_id": ev.tool_call_id, "name": ev.name,
            "tool_calls": [{"id": c.id, "name": c.name, "arguments": c.arguments} for c in ev.tool_calls],
            "metadata": {**meta, **_kept([*_adk_events(ev), dumped], ADK_EVENTS, ADK_EVENTS_JSON)}},
            extract=False)  # its words were extracted already


def _adk_events(ev: Event) -> list[dict[str, Any]]:
    """The ADK events (as ADK serializes them) an engram event stands for, in order."""
    encoded = ev.metadata.get(ADK_EVENTS_JSON)
    kept = _unstorable.loads(encoded) if isinstance(encoded, str) else ev.metadata.get(ADK_EVENTS)
    if isinstance(kept, list):
        return [k for k in kept if isinstance(k, dict)]
    one = ev.metadata.get(ADK_EVENT)  # a session stored before ADK events rode together
    return [one] if isinstance(one, dict) else []


def _state_of(ev: Event) -> dict[str, Any]:
    """The state an engram event sets: the initial state it carries, then its ADK events' deltas."""
    encoded = ev.metadata.get(ADK_STATE_JSON)
    initial = _unstorable.loads(encoded) if isinstance(encoded, str) else ev.metadata.get(ADK_STATE)
    out = dict(initial) if isinstance(initial, dict) else {}
    for kept in _adk_events(ev):
        delta = kept.get("actions", {}).get("state_delta")
        out.update(delta if isinstance(delta, dict) else {})
    return out


def _session_state(stored: Sequence[Event]) -> dict[str, Any]:
    """The state a session's events set, folded oldest first (its ``user:`` keys as this session last set them)."""
    out: dict[str, Any] = {}
    for ev in stored:
        out.update(_state_of(ev))
    return out


def _user_state(sessions: Iterable[Sequence[Event]]) -> dict[str, Any]:
    """``user:`` keys folded over the events of all of a user's sessions, oldest event first."""
    states = sorted(((ev.at, _state_of(ev)) for stored in sessions for ev in stored), key=lambda d: d[0])
    out: dict[str, Any] = {}
    for _, state in states:
        out.update({k: v for k, v in state.items() if k.startswith(State.USER_PREFIX)})
    return out


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
        scope = self.of(session)
        await self._ingest(scope, session.events)

    async def add_events_to_memory(self, *, app_name: str, user_id: str, events: Sequence[AdkEvent],
                                   session_id: str | None = None,
                                   custom_metadata: Mapping[str, object] | None = None) -> None:
        if not session_id:  # ADK's own callers (a tool's context) always name the session
            raise ValidationError("engram extracts memory from a session's events: name the session",
                                  field="session_id")
        await self._ingest(self.scope(app_name, user_id, session_id), events)

    async def _ingest(self, scope: Scope, events: Sequence[AdkEvent]) -> None:
        """Extraction over the events' text (U+FFFD in place of what engram cannot store as text)."""
        messages = [{"role": "user" if e.author == "user" else "assistant",
                     "content": _unstorable.storable(_text(e.content))} for e in events if _text(e.content)]
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
