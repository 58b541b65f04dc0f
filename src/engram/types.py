"""Values engram passes around: frozen dataclasses, validated on construction, no I/O."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Literal, get_args

from .errors import ScopeError

Level = Literal["session", "actor", "agent"]
LEVELS: tuple[Level, ...] = get_args(Level)
Role = Literal["user", "assistant", "system", "tool"]
ROLES: tuple[str, ...] = ("user", "assistant", "system", "tool")
Status = Literal["active", "superseded", "deleted"]
STATUSES: tuple[Status, ...] = get_args(Status)
JobStatus = Literal["pending", "running", "done", "failed"]
JOB_STATUSES: tuple[JobStatus, ...] = get_args(JobStatus)

# Ids become parts of namespace paths and index tokens: no '/', no wildcards, no '..', no spaces. The one home
# of the agent/actor/session id rule: faces that check an id early (an HTTP path) use these, never a copy.
MAX_SCOPE_ID = 128  # characters of an agent, actor or session id
ID_PATTERN = rf"^[A-Za-z0-9][A-Za-z0-9._:@+=-]{{0,{MAX_SCOPE_ID - 1}}}$"
_ID = re.compile(ID_PATTERN)


def check_id(value: object, field_name: str, *, required: bool = True) -> str | None:
    """Validate an agent/actor/session id; raise :class:`ScopeError` naming the field."""
    if value is None:
        if required:
            raise ScopeError("is required", field=field_name)
        return None
    if not isinstance(value, str):
        raise ScopeError("must be a string", field=field_name)
    # fullmatch, not match: the pattern's ``$`` (kept for the HTTP path checks, whose regex engine reads it as
    # the end of the text) also matches before a final newline, which let "bob\n" pass as an id of its own
    if not _ID.fullmatch(value) or ".." in value:
        raise ScopeError(
            f"must be 1-{MAX_SCOPE_ID} characters of ASCII letters, digits and . _ : @ + = -, start with a letter "
            "or digit, and contain no '..'",
            field=field_name,
        )
    return value


@dataclass(frozen=True, slots=True)
class Scope:
    """Who is asking: an agent, optionally one actor (user/customer), optionally one session.

    A session may belong to an actor (``Scope(agent, actor, session)``, AgentCore) or to the agent alone
    (``Scope(agent, session=...)``, Twisp: a session about one subject); the two are different sessions even
    when their ids are equal. A scope without an actor has no actor level. Construction validates every id,
    so a ``Scope`` that exists is safe to build paths and filters from.
    """

    agent: str
    actor: str | None = None
    session: str | None = None

    def __post_init__(self) -> None:
        check_id(self.agent, "scope.agent")
        check_id(self.actor, "scope.actor", required=False)
        check_id(self.session, "scope.session", required=False)

    def require(self, level: Level) -> None:
        """Raise unless this scope names what records at ``level`` are keyed by."""
        if level == "actor" and self.actor is None:
            raise ScopeError("actor-level memory needs an actor", field="scope.actor")
        if level == "session" and self.session is None:
            raise ScopeError("session-level memory needs a session", field="scope.session")


@dataclass(frozen=True, slots=True)
class ToolCall:
    """A tool call an assistant message made: ``id`` links it to the tool result event."""

    id: str
    name: str
    arguments: dict[str, Any]


@dataclass(frozen=True, slots=True)
class Message:
    """A chat message in provider-neutral form; tool results carry ``tool_call_id``."""

    role: str  # system | user | assistant | tool
    content: str = ""
    tool_calls: tuple[ToolCall, ...] = ()
    tool_call_id: str | None = None
    name: str | None = None


@dataclass(frozen=True, slots=True)
class ToolSpec:
    """A tool offered to the model: JSON-schema'd parameters, as every provider API accepts them."""

    name: str
    description: str
    parameters: dict[str, Any]


@dataclass(frozen=True, slots=True)
class Usage:
    """Tokens a model call consumed; usages add up."""

    input_tokens: int = 0
    output_tokens: int = 0

    def __add__(self, other: Usage) -> Usage:
        return Usage(self.input_tokens + other.input_tokens, self.output_tokens + other.output_tokens)


@dataclass(frozen=True, slots=True)
class Completion:
    """What a model call returned: text and/or tool calls, the usage, and why it stopped."""

    text: str = ""
    tool_calls: tuple[ToolCall, ...] = ()
    usage: Usage = field(default_factory=Usage)
    stop_reason: str | None = None
    model: str | None = None


@dataclass(frozen=True, slots=True)
class Event:
    """One short-term event: a message, a tool call (assistant with ``tool_calls``) or a tool result."""

    id: str
    agent: str
    actor: str | None
    session: str | None
    seq: int
    role: str
    content: str
    at: datetime
    metadata: dict[str, Any] = field(default_factory=dict)
    tool_calls: tuple[ToolCall, ...] = ()
    tool_call_id: str | None = None
    name: str | None = None
    turn_id: str | None = None
    preview: bool = False  # written by a preview turn: only preview reads see it
    stored_at: datetime | None = None  # when engram stored it (expiry counts from this, never from ``at``)

    @property
    def is_tool(self) -> bool:
        return self.role == "tool" or bool(self.tool_calls)


@dataclass(frozen=True, slots=True)
class Provenance:
    """Who wrote a record version: the turn/execution, the agent version, the session, the source events."""

    turn_id: str | None = None
    agent_version: str | None = None
    session: str | None = None
    actor: str | None = None
    strategy: str | None = None
    source_event_ids: tuple[str, ...] = ()
    config_version: int | None = None  # the agent's configuration version in force when it was written


@dataclass(frozen=True, slots=True)
class Record:
    """One long-term memory record at a level; ``summary`` is the line the agent acts on."""

    id: str
    agent: str
    actor: str | None
    session: str | None
    level: Level
    namespace: str
    kind: str
    summary: str
    content: str | None
    labels: dict[str, str]
    status: Status
    preview: bool
    created_at: datetime
    updated_at: datetime
    version: int = 1
    replaces: str | None = None
    superseded_by: str | None = None
    deletes: str | None = None
    pinned: bool = False
    provenance: Provenance = field(default_factory=Provenance)
    # what extraction concluded the record is about, ``subject/attribute = value`` (engram.core.consolidate):
    # the strategies' own bookkeeping, never shown as content and never indexed. Set only on records a
    # strategy wrote; such a record is found by its summary alone (its content is evidence: see record_text)
    fact_key: str | None = None


def record_text(summary: str, content: str | None, fact_key: str | None) -> str:
    """The text a record is indexed and embedded by: what it says, never its evidence or bookkeeping.

    A record someone wrote (``remember``) is found by its summary and content; a record a strategy wrote
    (``fact_key`` set, even to "") by its summary alone: its content quotes the source messages, and a quote
    holds more than the fact ("My sister lives in Rome" would make "Sister lives in Rome" a match for where
    the user lives). So the same fact ranks the same whichever path wrote it.
    """
    if fact_key is not None or not content:
        return summary
    return f"{summary}\n{content}"


@dataclass(frozen=True, slots=True)
class Version:
    """One version of a record: what it said, its status, when, and who wrote it."""

    record_id: str
    version: int
    op: str  # create | supersede | delete | update | pin | unpin
    summary: str
    content: str | None
    kind: str
    labels: dict[str, str]
    status: Status
    at: datetime
    provenance: Provenance = field(default_factory=Provenance)


@dataclass(frozen=True, slots=True)
class ScoreParts:
    """The parts a hit's score is made of, so users can tune: each in [0, 1] or None when absent."""

    lexical: float | None = None
    vector: float | None = None
    recency: float | None = None
    context: float | None = None  # share of the keyword evidence lent by the neighbouring turns
    episode: float | None = None  # best hybrid score of the episode the hit belongs to
    time: float | None = None  # 1.0 when the query names a period (or asks "when") and the hit fits it
    cosine: float | None = None  # the embedder's raw cosine, before its scale made it ``vector`` (0 under the floor)
    current: float | None = None  # asked how things stand now: 1 for the newest candidate, halving every 30 days before


@dataclass(frozen=True, slots=True)
class Hit:
    """A search result: a record (recall) or an event (history search), its score in [0, 1] and parts."""

    score: float
    record: Record | None = None
    event: Event | None = None
    parts: ScoreParts = field(default_factory=ScoreParts)


@dataclass(frozen=True, slots=True)
class Use:
    """A RETRIEVED use: a record that reached a model call, with the score it had."""

    record_id: str
    turn_id: str | None
    call_index: int
    score: float
    at: datetime
    agent: str
    actor: str | None
    session: str | None


@dataclass(frozen=True, slots=True)
class EraseReport:
    """What an erase removed, counted per kind of thing.

    ``records`` counts the actor's own records; ``derived_records`` the records of other levels (agent-level
    ones, usually) written in the actor's sessions or extracted from the actor's events. ``provenance``
    counts versions of records that stay (another author's) whose history named the actor as the writer of
    a change: the names are cleared. ``cursors`` counts the actor's extraction cursors, per-session
    counters and the notes faces keep about the actor (``engram.erasure``); ``term_stats`` the text
    statistics rows of terms only the actor used (PostgreSQL);
    ``index_files`` the saved HNSW files dropped to be rebuilt without the actor's vectors (SQLite).
    """

    agent: str
    actor: str
    events: int = 0
    records: int = 0
    versions: int = 0
    uses: int = 0
    jobs: int = 0
    derived_records: int = 0
    provenance: int = 0
    cursors: int = 0
    term_stats: int = 0
    index_files: int = 0

    @property
    def found(self) -> bool:
        """Whether anything about the actor was stored at all (an erase of nobody finds nothing)."""
        return any((self.events, self.records, self.versions, self.uses, self.jobs, self.derived_records,
                    self.provenance, self.cursors))


@dataclass(frozen=True, slots=True)
class Job:
    """A durable extraction job: claimed by one worker, kept with its error when it fails."""

    id: str
    kind: str
    agent: str
    actor: str | None
    session: str | None
    status: str  # one of JOB_STATUSES
    attempts: int
    error: str | None
    payload: dict[str, Any]
    created_at: datetime
    updated_at: datetime
