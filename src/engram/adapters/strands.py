"""Strands Agents: a native session manager over engram's events, and recall/remember as Strands tools.

``Agent(..., session_manager=EngramSessionManager(mem, scope))`` restores the agent's conversation and state
from the scope's session when it starts and stores each message as it is added (Strands' own
``RepositorySessionManager`` drives :class:`EngramSessionRepository`). Each Strands message is one event:
its text (and tool calls and results) is what history search indexes and extraction reads; the exact
Strands form rides in the event's metadata. An agent's state (``agent.state``, the conversation manager's and
Strands' internal state) rides in the metadata of its message events, as engram's own harness keeps session
state: a message carries the state when it changed since the last one stored; a change after the agent's
last message (a trimmed window, an interrupt, an ``AfterInvocation`` hook) rewrites that message's event in
place with it. An agent is stored at once when it is created, as the Google ADK adapter stores a session's
creation: one empty ``system`` event holding its state (never indexed for history search), so every
repository on the database (another process, another ``Memory``) sees it; its first message replaces that
event (in one turn) and carries the state from then on, so once an agent has spoken the session's events are its
messages only. A redaction (guardrails) stores the redacted message in the original's place. Every rewrite
is one all-or-nothing turn (``_timeline.replace``). Several Strands agents (``agent_id``) may share one
session; multi-agent graphs/swarms are not supported by this repository.

This is the native route; the AgentCore route (the ``bedrock-agentcore`` SDK's session manager against
``engram serve``) works too and stays the one for code written for AgentCore. Needs the ``[strands]`` extra.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from strands import tool
from strands.session.repository_session_manager import RepositorySessionManager
from strands.session.session_repository import SessionRepository
from strands.tools.decorator import DecoratedFunctionTool
from strands.types.session import Session, SessionAgent, SessionMessage, SessionType

from ..errors import NotFound, ValidationError
from ..types import Event, Scope
from . import _timeline
from ._binding import bind_session
from ._tools import RECALL_DOC, REMEMBER_DOC, MemoryToolbox

if TYPE_CHECKING:
    from strands.types.agent import LocalAgent
    from strands.types.content import Message

    from ..engine import Memory

MESSAGE = "strands_message"  # metadata: the SessionMessage as Strands serializes it
AGENT = "strands_agent"  # metadata: the agent's SessionAgent (its state) from this message on
AGENT_ID = "strands_agent_id"
STAMPS = ("created_at", "updated_at")


def _same(state: dict[str, Any], other: dict[str, Any] | None) -> bool:
    """Whether two serialized SessionAgents hold the same state (their timestamps aside)."""
    return other is not None and all(state.get(k) == other.get(k) for k in {*state, *other} - set(STAMPS))


def _agent(session_agent: object) -> dict[str, Any]:
    if not isinstance(session_agent, SessionAgent):
        raise ValidationError(f"must be a strands SessionAgent, got {type(session_agent).__name__}",
                              field="session_agent")
    return session_agent.to_dict()


def to_event(message: Message) -> dict[str, Any]:
    """The engram message a Strands message stands for (text, tool calls, tool results)."""
    texts: list[str] = []
    calls: list[dict[str, Any]] = []
    results: list[str] = []
    for block in message.get("content", []):
        if "text" in block:
            texts.append(block["text"])
        elif "toolUse" in block:
            use = block["toolUse"]
            args = use.get("input")
            calls.append({"id": use["toolUseId"], "name": use["name"],
                          "arguments": args if isinstance(args, dict) else {"input": args}})
        elif "toolResult" in block:
            result = block["toolResult"]
            results.append(result["toolUseId"])
            texts += [str(c.get("text", c.get("json", ""))) for c in result.get("content", [])]
    content = "\n".join(t for t in texts if t)
    if message["role"] == "assistant":
        return {"role": "assistant", "content": content, **({"tool_calls": calls} if calls else {})}
    if results and not any("text" in b for b in message.get("content", [])):
        return {"role": "tool", "content": content, "tool_call_id": results[0]}
    return {"role": "user", "content": content}


def _from_event(event: Event) -> Message:
    """A Strands message for an event engram wrote itself (no Strands form kept)."""
    if event.role == "tool":
        return {"role": "user", "content": [{"toolResult": {"toolUseId": event.tool_call_id or "", "status": "success",
                                                            "content": [{"text": event.content}]}}]}
    blocks: list[Any] = [{"text": event.content}] if event.content else []
    blocks += [{"toolUse": {"toolUseId": c.id, "name": c.name, "input": c.arguments}} for c in event.tool_calls]
    return {"role": "assistant" if event.role == "assistant" else "user", "content": blocks}


class EngramSessionRepository(SessionRepository):
    """Strands' session repository for the one engram session of ``scope``."""

    def __init__(self, mem: Memory, scope: Scope) -> None:
        bind_session(mem, scope, "a Strands session")
        self.mem = mem
        self.scope = scope
        self._stored: dict[str, dict[str, Any]] = {}  # agent id -> the state its latest events carry
        self._unsaved: dict[str, dict[str, Any]] = {}  # agent id -> a newer state its next message will carry
        self._created: dict[str, Event] = {}  # agent id -> its creation event, while it has no message

    def _check(self, session_id: str) -> None:
        if session_id != self.scope.session:
            raise ValidationError(f"this repository holds session {self.scope.session!r} only", field="session_id")

    def _events(self) -> list[Event]:
        return _timeline.read(self.mem, self.scope)

    def _messages(self, agent_id: str) -> list[tuple[Event, SessionMessage]]:
        """The agent's messages in order (a redacted message's replacement in its place)."""
        out: dict[int, tuple[Event, SessionMessage]] = {}
        plain = 0
        for ev in self._events():
            kept = ev.metadata.get(MESSAGE)
            if isinstance(kept, dict) and ev.metadata.get(AGENT_ID) == agent_id:
                msg = SessionMessage.from_dict(kept)
                out[msg.message_id] = (ev, msg)
            elif kept is None and AGENT not in ev.metadata and ev.role != "system":  # AGENT: an old state event
                out[plain] = (ev, SessionMessage.from_message(_from_event(ev), plain))
            plain = max(out, default=-1) + 1
        return [out[i] for i in sorted(out)]

    # -- sessions and agents -------------------------------------------------------------------------------
    def create_session(self, session: Session, **kwargs: Any) -> Session:
        self._check(session.session_id)  # nothing to store: the session exists once it has events
        return session

    def read_session(self, session_id: str, **kwargs: Any) -> Session | None:
        self._check(session_id)
        first = self.mem.events(self.scope, 1, after=_timeline.EPOCH)
        if not first:
            return None
        at = first[0].at.isoformat()
        return Session(session_id=session_id, session_type=SessionType.AGENT, created_at=at, updated_at=at)

    def create_agent(self, session_id: str, session_agent: SessionAgent, **kwargs: Any) -> None:
        """Stored at once: one empty ``system`` event holding the agent's state, until its first message replaces
        it (see the module docstring)."""
        self._check(session_id)
        state, agent_id = _agent(session_agent), session_agent.agent_id
        self._created[agent_id] = _timeline.append(self.mem, self.scope, [self._creation(agent_id, state)],
                                                   extract=False)[0]
        self._stored[agent_id] = state
        self._unsaved.pop(agent_id, None)

    @staticmethod
    def _creation(agent_id: str, state: dict[str, Any]) -> dict[str, Any]:
        """The event that stands for an agent with no message yet: empty, so history search never finds it."""
        return {"role": "system", "content": "", "metadata": {AGENT: state, AGENT_ID: agent_id}}

    @staticmethod
    def _is_creation(ev: Event, agent_id: str) -> bool:
        return ev.role == "system" and MESSAGE not in ev.metadata and ev.metadata.get(AGENT_ID) == agent_id

    def carry(self, session_agent: SessionAgent) -> None:
        """Have the agent's next message carry this state, unless its events already do."""
        state = _agent(session_agent)
        if _same(state, self._stored.get(session_agent.agent_id)):
            self._unsaved.pop(session_agent.agent_id, None)
        else:
            self._unsaved[session_agent.agent_id] = state

    def update_agent(self, session_id: str, session_agent: SessionAgent, **kwargs: Any) -> None:
        """A state its events already carry writes nothing; a new one rewrites the agent's latest message event
        with it (or waits for its first message)."""
        self._check(session_id)
        state, agent_id = _agent(session_agent), session_agent.agent_id
        if agent_id not in self._stored:
            self.read_agent(session_id, agent_id)
        if _same(state, self._stored.get(agent_id)):
            self._unsaved.pop(agent_id, None)
            return
        events = self._events()
        latest = next((ev for ev in reversed(events) if isinstance(ev.metadata.get(MESSAGE), dict)
                       and ev.metadata.get(AGENT_ID) == agent_id), None)
        created = next((ev for ev in reversed(events) if self._is_creation(ev, agent_id)), None)
        if latest is not None:
            message = SessionMessage.from_dict(latest.metadata[MESSAGE])
            _timeline.replace(self.mem, self.scope, latest, self._event_for(agent_id, message, state),
                              extract=False)  # its words were extracted already
        elif created is not None:
            self._created[agent_id] = _timeline.replace(self.mem, self.scope, created,
                                                        self._creation(agent_id, state), extract=False)
        else:  # an agent created before creations were stored: its next message carries it
            self._unsaved[agent_id] = state
            return
        self._stored[agent_id] = state
        self._unsaved.pop(agent_id, None)

    def read_agent(self, session_id: str, agent_id: str, **kwargs: Any) -> SessionAgent | None:
        self._check(session_id)
        self._created.pop(agent_id, None)
        for ev in reversed(self._events()):
            kept = ev.metadata.get(AGENT)
            if isinstance(kept, dict) and kept.get("agent_id") == agent_id:
                self._stored[agent_id] = kept
                if self._is_creation(ev, agent_id):
                    self._created[agent_id] = ev
                return SessionAgent.from_dict(kept)
        unsaved = self._unsaved.get(agent_id)  # a state no event carries yet
        return None if unsaved is None else SessionAgent.from_dict(unsaved)

    # -- messages ------------------------------------------------------------------------------------------
    def _event_for(self, agent_id: str, message: SessionMessage, state: dict[str, Any] | None = None
                   ) -> dict[str, Any]:
        if not isinstance(message, SessionMessage):
            raise ValidationError(f"must be a strands SessionMessage, got {type(message).__name__}",
                                  field="session_message")
        if not isinstance(agent_id, str) or not agent_id:
            raise ValidationError("must be a non-empty string", field="agent_id")
        meta = {MESSAGE: message.to_dict(), AGENT_ID: agent_id, **({AGENT: state} if state else {})}
        return {**to_event(message.to_message()), "metadata": meta}

    def create_message(self, session_id: str, agent_id: str, session_message: SessionMessage, **kwargs: Any) -> None:
        """Appended, carrying the agent's state when it changed since the last one stored; the agent's first
        message replaces its creation event (one turn) and carries its state."""
        self._check(session_id)
        created = self._created.get(agent_id)
        state = self._unsaved.get(agent_id) or (created.metadata.get(AGENT) if created is not None else None)
        event = self._event_for(agent_id, session_message, state)
        if created is None:
            _timeline.append(self.mem, self.scope, [event])
        else:
            try:  # at the end of the session (the creation event may be older than other agents' messages)
                _timeline.replace(self.mem, self.scope, created, _timeline.stamped(self.mem, self.scope, [event])[0])
            except NotFound:  # another repository replaced the creation event first: find where the agent is now
                self.read_agent(session_id, agent_id)
                self.create_message(session_id, agent_id, session_message)
                return
        self._created.pop(agent_id, None)
        if state is not None:
            self._stored[agent_id] = state
            self._unsaved.pop(agent_id, None)

    def read_message(self, session_id: str, agent_id: str, message_id: int, **kwargs: Any) -> SessionMessage | None:
        self._check(session_id)
        return next((m for _, m in self._messages(agent_id) if m.message_id == message_id), None)

    def update_message(self, session_id: str, agent_id: str, session_message: SessionMessage, **kwargs: Any) -> None:
        """Store the new form in the old one's place (same instant, the same state), then delete the old event."""
        self._check(session_id)
        self._event_for(agent_id, session_message)  # bad input is refused before anything is read
        old = next((ev for ev, m in self._messages(agent_id) if m.message_id == session_message.message_id), None)
        if old is None:
            raise ValidationError(f"no message {session_message.message_id} of agent {agent_id!r}",
                                  field="message_id")
        new = self._event_for(agent_id, session_message, old.metadata.get(AGENT))
        _timeline.replace(self.mem, self.scope, old, new)

    def list_messages(self, session_id: str, agent_id: str, limit: int | None = None, offset: int = 0,
                      **kwargs: Any) -> list[SessionMessage]:
        self._check(session_id)
        _timeline.count(limit, "limit")
        _timeline.count(offset, "offset")
        found = [m for _, m in self._messages(agent_id)][offset:]
        return found if limit is None else found[:limit]


class EngramSessionManager(RepositorySessionManager):
    """``session_manager=`` for a Strands ``Agent``: the conversation of ``scope``'s session in engram."""

    def __init__(self, mem: Memory, scope: Scope, **kwargs: Any) -> None:
        self.repository = EngramSessionRepository(mem, scope)
        super().__init__(session_id=self.repository.scope.session or "", session_repository=self.repository,
                         **kwargs)

    def initialize(self, agent: LocalAgent, **kwargs: Any) -> None:
        """Resume the agent from the session; messages stored with no state of the agent (written by engram
        itself, or through the repository alone) are resumed too, with the agent's state as it was built,
        where Strands would start the agent afresh and number its new messages over them."""
        repo, session, agent_id = self.repository, self.session_id, agent.agent_id
        if repo.read_agent(session, agent_id) is None and repo.list_messages(session, agent_id, limit=1):
            repo.carry(SessionAgent.from_agent(agent))  # read_agent answers it until a message carries it
        super().initialize(agent, **kwargs)

    def append_message(self, message: Message, agent: LocalAgent, **kwargs: Any) -> None:
        """The message carries the agent's state as it is now (Strands syncs the state just after)."""
        self.repository.carry(SessionAgent.from_agent(agent))
        super().append_message(message, agent, **kwargs)


def memory_tools(mem: Memory, scope: Scope, *, level: str = "actor", limit: int = 5) -> list[DecoratedFunctionTool]:
    """``recall`` and ``remember`` as Strands tools for ``Agent(tools=...)``; see :mod:`._tools`."""
    box = MemoryToolbox(mem, scope, level=level, limit=limit)
    return [tool(name="recall", description=RECALL_DOC)(box.recall),
            tool(name="remember", description=REMEMBER_DOC)(box.remember)]
