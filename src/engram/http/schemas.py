"""Typed request and response bodies of the HTTP API (published in ``/openapi.json``).

Requests forbid unknown fields so a typo is a 422 naming the field, not a silently ignored option, and
take JSON's types as the schema states them (strict: ``"7"`` is no integer, ``"true"`` and ``0`` are no
booleans, a number is no timestamp). Every string a request carries must be storable text
(:func:`engram.core.validate.storable_text`: no NUL, no lone surrogate), ids and filters included.
Responses are built from the engine's dataclasses (``from_attributes``), so they carry exactly what
:class:`engram.Memory` returns. Bounds here are the engine's (:mod:`engram.core.validate`), never numbers of
their own; the engine validates the rules again.
"""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Any, Literal

from pydantic import AfterValidator, BaseModel, BeforeValidator, ConfigDict, Field

from ..core import validate
from ..errors import ValidationError
from ..types import Level, Role, Status

LevelName = Level
ModeName = Literal["hybrid", "lexical", "vector"]


def storable(value: str) -> str:
    """A request string both backends can store (the error's field is where pydantic found the string)."""
    validate.storable_text(value, "")
    return value


def timestamp(value: object) -> object:
    """An ISO-8601 string as an aware UTC datetime (:func:`engram.core.validate.as_utc`); never a number."""
    if isinstance(value, datetime):
        return value
    if not isinstance(value, str):
        raise ValidationError("must be an ISO-8601 timestamp string", field="")
    return validate.as_utc(value, "")


def kind_name(value: str) -> str:
    """A record kind as the engine takes one (:func:`engram.core.validate.kind_name`), with its message."""
    return validate.kind_name(value, "")


def namespace_text(value: str) -> str:
    """A namespace as the engine takes one (:func:`engram.core.validate.namespace_text`), with its message."""
    return validate.namespace_text(value, "")


Text = Annotated[str, AfterValidator(storable)]
Id = Annotated[Text, Field(min_length=1, max_length=validate.MAX_ID)]
# the engine's bounds, checked by the engine's own rule (so every face words the error alike) and published
Kind = Annotated[str, AfterValidator(kind_name),
                 Field(json_schema_extra={"minLength": 1, "maxLength": validate.MAX_KIND})]
Namespace = Annotated[str, AfterValidator(namespace_text),
                      Field(json_schema_extra={"maxLength": validate.MAX_NAMESPACE})]
Timestamp = Annotated[datetime, BeforeValidator(timestamp)]


class _In(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)


class _Out(BaseModel):
    model_config = ConfigDict(from_attributes=True)


# -- requests ------------------------------------------------------------------------------------------------
class ToolCallIn(_In):
    id: Text = Field(min_length=1, max_length=validate.MAX_TOOL_ID)
    name: Text = Field(min_length=1, max_length=validate.MAX_NAME)
    arguments: dict[str, Any] = Field(default_factory=dict)


class MessageIn(_In):
    """One message, tool call (assistant with ``tool_calls``) or tool result (role ``tool``)."""

    role: Role
    # a string, or a provider's content-part list ([{"type": "text", "text": ...}]): engram.core.validate reads it
    content: Text | list[dict[str, Any]] | None = Field("", max_length=validate.MAX_CONTENT)
    metadata: dict[str, Any] | None = None
    at: Timestamp | None = None
    tool_calls: list[ToolCallIn] | None = Field(None, max_length=validate.MAX_TOOL_CALLS)
    tool_call_id: Text | None = Field(None, max_length=validate.MAX_TOOL_ID)
    name: Text | None = Field(None, max_length=validate.MAX_NAME)


class AppendIn(_In):
    messages: list[MessageIn] = Field(min_length=1, max_length=validate.MAX_MESSAGES)
    preview: bool = False  # events of a preview turn: only preview reads see them


class RecordIn(_In):
    """A record to remember. ``scope`` is the level; it defaults to the narrowest level of the path."""

    summary: Text = Field(min_length=1, max_length=validate.MAX_SUMMARY)
    content: Text | None = Field(None, max_length=validate.MAX_RECORD_CONTENT)
    kind: Kind = "fact"
    labels: dict[str, Text] | None = None
    scope: LevelName | None = None
    namespace: Namespace | None = None
    replaces: Id | None = None
    pin: bool = False


class CreateRecordIn(RecordIn):
    preview: bool = False


class BatchCreate(RecordIn):
    op: Literal["create"]


class BatchUpdate(_In):
    """Supersede record ``id`` with a new version; omitted fields keep the old record's values."""

    op: Literal["update"]
    id: Id
    summary: Text | None = Field(None, min_length=1, max_length=validate.MAX_SUMMARY)
    content: Text | None = Field(None, max_length=validate.MAX_RECORD_CONTENT)
    kind: Kind | None = None
    labels: dict[str, Text] | None = None


class BatchDelete(_In):
    op: Literal["delete"]
    id: Id


BatchOp = Annotated[BatchCreate | BatchUpdate | BatchDelete, Field(discriminator="op")]


class BatchIn(_In):
    """Several record writes in one transaction: all of them happen, or none."""

    ops: list[BatchOp] = Field(min_length=1, max_length=validate.MAX_BATCH)
    preview: bool = False


class RecallIn(_In):
    query: Text = Field(min_length=1, max_length=validate.MAX_QUERY)
    limit: int | None = Field(None, ge=1, le=validate.MAX_LIMIT)
    mode: ModeName | None = None
    min_score: float | None = Field(None, ge=0.0, le=1.0)
    kind: Kind | Annotated[list[Kind], Field(max_length=validate.MAX_KIND_FILTERS)] | None = None
    labels: dict[str, Text] | None = None
    namespace: Namespace | None = None
    preview: bool = False


class HistorySearchIn(_In):
    query: Text = Field(min_length=1, max_length=validate.MAX_QUERY)
    limit: int = Field(5, ge=1, le=validate.MAX_LIMIT)
    include_tools: bool | None = None
    mode: ModeName | None = None
    preview: bool = False  # also search the session's preview events


class UseIn(_In):
    record_id: Id
    score: float = Field(ge=0.0, le=1.0)


class UsesIn(_In):
    """RETRIEVED uses: these recalled records reached model call ``call_index`` of turn ``turn_id``."""

    uses: list[UseIn] = Field(min_length=1, max_length=validate.MAX_USES)
    turn_id: Id | None = None
    call_index: int = Field(0, ge=0, le=100_000)


class ExtractIn(_In):
    preview: bool = False


class ConfigIn(_In):
    config: dict[str, Any]


# -- responses -----------------------------------------------------------------------------------------------
class ToolCallOut(_Out):
    id: str
    name: str
    arguments: dict[str, Any]


class EventOut(_Out):
    id: str
    agent: str
    actor: str | None
    session: str | None
    seq: int
    role: str
    content: str
    at: datetime
    metadata: dict[str, Any]
    tool_calls: list[ToolCallOut]
    tool_call_id: str | None
    name: str | None
    turn_id: str | None
    preview: bool = False
    stored_at: datetime | None = None


class ToolSpecOut(BaseModel):
    name: str
    description: str
    input_schema: dict[str, Any]


class ToolsOut(BaseModel):
    tools: list[ToolSpecOut]


class EventsOut(BaseModel):
    events: list[EventOut]
    next_page_token: str | None = None


class ProvenanceOut(_Out):
    turn_id: str | None
    agent_version: str | None
    session: str | None
    actor: str | None
    strategy: str | None
    source_event_ids: list[str]
    config_version: int | None = None


class RecordOut(_Out):
    id: str
    agent: str
    actor: str | None
    session: str | None
    level: LevelName
    namespace: str
    kind: str
    summary: str
    content: str | None
    labels: dict[str, str]
    status: Status
    preview: bool
    created_at: datetime
    updated_at: datetime
    version: int
    replaces: str | None
    superseded_by: str | None
    deletes: str | None
    pinned: bool
    provenance: ProvenanceOut


class RecordsOut(BaseModel):
    records: list[RecordOut]
    next_page_token: str | None = None


class VersionOut(_Out):
    record_id: str
    version: int
    op: str
    summary: str
    content: str | None
    kind: str
    labels: dict[str, str]
    status: str
    at: datetime
    provenance: ProvenanceOut


class VersionsOut(BaseModel):
    versions: list[VersionOut]


class ScorePartsOut(_Out):
    lexical: float | None
    vector: float | None
    recency: float | None
    context: float | None = None
    episode: float | None = None
    time: float | None = None
    cosine: float | None = None
    current: float | None = None


class HitOut(_Out):
    score: float
    parts: ScorePartsOut
    record: RecordOut | None = None
    event: EventOut | None = None


class HitsOut(BaseModel):
    hits: list[HitOut]


class UseOut(_Out):
    record_id: str
    turn_id: str | None
    call_index: int
    score: float
    at: datetime
    agent: str
    actor: str | None
    session: str | None


class UsesOut(BaseModel):
    uses: list[UseOut]


class PinsOut(BaseModel):
    records: list[RecordOut]
    used_tokens: int
    budget_tokens: int


class SessionOut(BaseModel):
    actor: str | None
    session: str | None
    events: int
    first_at: datetime
    last_at: datetime


class SessionsOut(BaseModel):
    sessions: list[SessionOut]


class ScopeOut(BaseModel):
    """A scope as the paths name it: ``/v1/agents/{agent}[/actors/{actor}][/sessions/{session}]``."""

    agent: str
    actor: str | None
    session: str | None


class ActorOut(BaseModel):
    actor: str
    sessions: int
    events: int
    last_at: datetime


class ActorsOut(BaseModel):
    actors: list[ActorOut]


class JobOut(_Out):
    id: str
    kind: str
    agent: str
    actor: str | None
    session: str | None
    status: str
    attempts: int
    error: str | None
    payload: dict[str, Any]
    created_at: datetime
    updated_at: datetime


class JobsOut(BaseModel):
    jobs: list[JobOut]


class EraseOut(_Out):
    """What an erase removed, by kind (see ``engram.EraseReport``)."""

    agent: str
    actor: str
    events: int
    records: int
    versions: int
    uses: int
    jobs: int
    derived_records: int = 0
    provenance: int = 0
    cursors: int = 0
    term_stats: int = 0
    index_files: int = 0


class AppendOut(BaseModel):
    events: list[EventOut]


class BatchOut(BaseModel):
    records: list[RecordOut]


class DeletedOut(BaseModel):
    deleted: int


class ConfigOut(BaseModel):
    version: int | None
    config: dict[str, Any]


class ConfigVersionOut(BaseModel):
    version: int
    at: datetime
    config: dict[str, Any]


class ConfigHistoryOut(BaseModel):
    versions: list[ConfigVersionOut]


class AgentConfigOut(BaseModel):
    agent: str
    version: int | None = Field(description="the stored version in force (null: engram's defaults)")
    own: bool = Field(description="whether the agent has its own configuration (else the default applies)")
    config: dict[str, Any]


class AgentConfigHistoryOut(BaseModel):
    agent: str
    versions: list[ConfigVersionOut]


class GrantOut(BaseModel):
    id: str | None
    agent: str | None
    actor: str | None
    session: str | None = None
    operator: bool = False
    read: list[LevelName]
    write: list[LevelName]
    delete: bool
    admin: bool


class HealthOut(BaseModel):
    status: Literal["ok"]
    version: str


class ReadyOut(BaseModel):
    status: Literal["ready"]
    store: str


class ErrorDetail(BaseModel):
    type: str
    message: str
    field: str | None


class ErrorOut(BaseModel):
    error: ErrorDetail


class LoggedOut(BaseModel):
    logged: int


class ExtractOut(BaseModel):
    records: list[RecordOut]
