"""The memory tools, defined once: JSON-schema'd specs any model API accepts, and what each call does.

``add_memory`` (may name a record it ``replaces``; ``pin`` only with ``pinned.by_agent``), ``read_memory``,
``delete_memory``, ``search_memory``, ``search_history`` and ``retrieve_result`` (offloaded tool results). Which
are offered follows ``harness.memory.tools``. Each face renders the same definition: :func:`memory_specs` is the
spec (the harness hands it to the model, MCP lists it, ``GET /v1/agents/{agent}/tools`` serves it) and
:class:`ToolOps` checks a call's arguments and runs it inside a turn, returning engram values
(:class:`~engram.types.Record`, :class:`~engram.types.Hit`); :class:`MemoryTools` renders those for the
harness's model, ``mcp.py`` as the HTTP API's record shapes. A face's few choices (the default level of
``add_memory``, search limits) are one :class:`ToolDefaults`.

Each argument's schema carries the limits the engine applies to it (``maxLength``, ``minLength``,
``maxItems``, ``maxProperties``, ``minimum``/``maximum``), taken from the constants that define them
(:mod:`engram.core.validate`, :class:`ToolDefaults`), so a model sees them and :meth:`ToolOps.call` refuses a
call past one (:mod:`.arguments`) before anything is written.

A tool error (bad arguments, an unknown id, a refused write) is an :class:`~engram.errors.EngramError`;
:func:`run` returns it to the model as the tool result ``{"error": {"type", "message", "field"}}`` instead
of raising. Anything else a tool raises is a bug or an outage: it propagates, and the turn rolls back.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from typing import Any

from ..config import Config
from ..core import context as ctx
from ..core import validate
from ..core.scope import default_write_level, writable_levels
from ..errors import EngramError, NotFound, ValidationError
from ..models.base import ToolSpec
from ..turn import Turn
from ..types import Event, Hit, Level, Record, Scope
from .arguments import check_arguments

STATE_TOOL = "update_state"
WRITE_TOOLS = ("add_memory", "delete_memory")
READ_ONLY_TOOLS = ("read_memory", "search_memory", "search_history", "retrieve_result")
MEMORY_TOOLS = (*WRITE_TOOLS, *READ_ONLY_TOOLS)
# what the instructions say when search_history is offered (the Twisp document: "the agent is told to search
# before guessing at something an earlier turn established")
HISTORY_HINT = ("Earlier messages of this session that are no longer in view are kept: search them with "
                "search_history before guessing at, or asking again about, something an earlier turn established.")
SEARCH_CONTENT_TOKENS = 120  # per search hit; read_memory gives the whole record


@dataclass(frozen=True, slots=True)
class ToolDefaults:
    """What a face chooses for the tools: the level ``add_memory`` prefers when the call names none, used where the
    configuration lets the scope write there (else, and with None, :func:`~engram.core.scope.default_write_level`'s
    order: see :meth:`write_level`), ``search_memory``'s default and largest ``limit`` (also the most ``ids`` one
    call may name) and ``search_history``'s default ``limit``."""

    scope: str | None = "session"
    search_limit: int = 5
    history_limit: int = 5
    max_limit: int = 50

    def __post_init__(self) -> None:
        if not 1 <= self.max_limit <= validate.MAX_LIMIT:
            raise ValueError(f"max_limit must be from 1 to {validate.MAX_LIMIT}")
        if not (1 <= self.search_limit <= self.max_limit and 1 <= self.history_limit <= self.max_limit):
            raise ValueError("search_limit and history_limit must be from 1 to max_limit")

    def write_level(self, config: Config, scope: Scope | None = None) -> Level | None:
        """The level ``add_memory`` writes at when a call names none, under ``config`` (the one in force for the
        caller) for ``scope`` (None: ids not judged): this face's choice where it is writable, else
        :func:`~engram.core.scope.default_write_level`'s; None where nothing can be written. What the listed schema
        says and what a call without ``scope`` does, so the two never differ."""
        allowed = config.memory.scope.write
        if not writable_levels(allowed, scope):
            return None
        return default_write_level(allowed, scope, prefer=self.scope)


HARNESS = ToolDefaults()


@dataclass(frozen=True, slots=True)
class Tool:
    """A tool of the caller's own: its spec, and a function from the call's arguments to a result.

    The result may be a string or any JSON-serialisable value. Raise an ``EngramError`` for an error the
    model should see; any other exception aborts (and rolls back) the whole turn.
    """

    spec: ToolSpec
    fn: Callable[[dict[str, Any]], Any]


def _obj(properties: dict[str, Any], required: tuple[str, ...] = ()) -> dict[str, Any]:
    return {"type": "object", "properties": properties, "required": list(required), "additionalProperties": False}


def _text(longest: int | None = None, *, shortest: int = 1, description: str | None = None) -> dict[str, Any]:
    """A string argument of ``shortest`` to ``longest`` characters (None: the engine sets no upper limit)."""
    out: dict[str, Any] = {"type": "string"}
    if shortest:
        out["minLength"] = shortest
    if longest is not None:
        out["maxLength"] = longest
    if description is not None:
        out["description"] = description
    return out


def _whole(lowest: int, highest: int) -> dict[str, Any]:
    """An integer argument from ``lowest`` to ``highest``."""
    return {"type": "integer", "minimum": lowest, "maximum": highest}


WHO_SEES = {"session": "this session", "actor": "every session of this actor",
            "agent": "every actor and session of this agent"}


def _levels(config: Config, defaults: ToolDefaults, scope: Scope | None) -> dict[str, Any]:
    """``add_memory``'s ``scope`` argument: the levels a call can write at (:func:`writable_levels`), the default
    (:meth:`ToolDefaults.write_level`) first, each said in its description, so the schema never offers a level
    a call would be refused at. None writable (a read-only key): the configured levels, whose write is refused
    naming the setting, and no write tool is offered (:func:`memory_specs`)."""
    default = defaults.write_level(config, scope)
    levels = writable_levels(config.memory.scope.write, scope) or tuple(config.memory.scope.write)
    enum = sorted(levels, key=lambda lv: lv != default)  # the default first, then as configured
    who = " or ".join(f"{lv} ({WHO_SEES[lv]})" for lv in enum)
    return {"type": "string", "enum": enum,
            "description": f"Who sees it: {who}." + (f" Default: {default}." if default else "")}


def tool_specs(config: Config, defaults: ToolDefaults = HARNESS, scope: Scope | None = None) -> dict[str, ToolSpec]:
    """Every memory tool's spec under this configuration, offered or not, by name: what a call is checked
    against (:meth:`ToolOps.call`), exactly as every face lists it (:func:`memory_specs`). Each bound is the
    engine's own constant; ``add_memory``'s ``scope`` offers the levels a call can write at (:func:`_levels`)."""
    mem = config.memory
    top = defaults.max_limit
    label_props = {name: _text(validate.MAX_LABEL_VALUE, description=lab.description)
                   for name, lab in mem.labels.items()}
    add_props: dict[str, Any] = {
        "summary": _text(validate.MAX_SUMMARY, description="One line the agent can act on."),
        "content": _text(validate.MAX_RECORD_CONTENT, shortest=0, description="Optional evidence or detail."),
        "kind": {"type": "string", "enum": list(mem.kinds), "description": "Kind of record."},
        "scope": _levels(config, defaults, scope),
        "labels": {"type": "object", "properties": label_props, "additionalProperties": False},
        "replaces": _text(validate.MAX_ID, description="Id of an existing record this one supersedes."),
    }
    if mem.pinned.by_agent:  # the Twisp shape: only "With `harness.memory.pinned`, the agent may pin a record"
        add_props["pin"] = {"type": "boolean",
                            "description": "Pin it: every turn's instructions list it. Only for the few facts every "
                                           "turn must see; refused past the pins' token budget (consolidate several "
                                           "pins into one, replacing them)."}
    return {
        "add_memory": ToolSpec(
            "add_memory",
            "Save something worth remembering beyond this conversation as a memory record. Give a one-line "
            "summary you could act on later; name the id of a record it replaces when it updates one.",
            _obj(add_props, ("summary",))),
        "read_memory": ToolSpec(
            "read_memory", "Read one memory record by id, with its content and status.",
            _obj({"id": _text(validate.MAX_ID)}, ("id",))),
        "delete_memory": ToolSpec(
            "delete_memory", "Delete a memory record that is wrong or no longer true.",
            _obj({"id": _text(validate.MAX_ID)}, ("id",))),
        "search_memory": ToolSpec(
            "search_memory", "Search long-term memory records by query (meaning, keywords and recency), or by "
                             "filters on kind, labels or record ids; give a query, filters, or both.",
            _obj({"query": _text(validate.MAX_QUERY, description="What to look for (optional with filters)."),
                  "limit": _whole(1, top),
                  "kind": {"type": "string", "enum": list(mem.kinds)},
                  "labels": {"type": "object", "properties": label_props, "additionalProperties": False,
                             "maxProperties": validate.MAX_LABEL_FILTERS,
                             "description": "Exact label values every result must have."},
                  "ids": {"type": "array", "items": _text(validate.MAX_ID), "maxItems": top,
                          "description": "Only these record ids."}})),
        "search_history": ToolSpec(
            "search_history", "Search earlier messages of this session that are no longer in view: search "
                              "before guessing at something an earlier turn established.",
            _obj({"query": _text(validate.MAX_QUERY), "limit": _whole(1, top)}, ("query",))),
        "retrieve_result": ToolSpec(
            "retrieve_result", "Read a tool result that was set aside because it was large, by its ref; "
                               "continue from next_offset to read further pages.",
            _obj({"ref": _text(validate.MAX_ID), "offset": _whole(0, validate.MAX_CONTENT)}, ("ref",))),
    }


def memory_specs(config: Config, *, read_only: bool = False, defaults: ToolDefaults = HARNESS,
                 names: tuple[str, ...] = MEMORY_TOOLS, scope: Scope | None = None) -> list[ToolSpec]:
    """The memory tools this configuration offers (``harness.memory.tools``, among ``names``), in a stable
    order: what every face lists (the harness, MCP, ``GET /v1/agents/{agent}/tools``), so one grant sees one list.

    ``config`` is the one in force for the caller (narrowed to its key's levels). ``add_memory``'s ``scope`` enum
    lists the levels a call can write at (:func:`~engram.core.scope.writable_levels`; a bound ``scope`` also
    drops the levels it has no id for), the default (:meth:`ToolDefaults.write_level`) first. Where there is none (a
    read-only key), or with ``read_only``, no write tool is offered: every call would be refused."""
    mem = config.memory
    offered = set(mem.tools) & set(names)
    if not mem.enabled:
        offered &= {"retrieve_result", "search_history"}
    if config.harness.history.index == "none" or (scope is not None and scope.session is None):
        offered.discard("search_history")  # no index, or bound to no session: every search would be refused
    if read_only or not writable_levels(mem.scope.write, scope):
        offered -= set(WRITE_TOOLS)
    return [spec for name, spec in tool_specs(config, defaults, scope).items() if name in offered]


def state_spec() -> ToolSpec:
    """The session-state tool: an RFC 7386 merge patch on the state every turn carries forward."""
    return ToolSpec(
        STATE_TOOL,
        "Update the session state (the JSON object in the state block, carried to the next turn). The patch is "
        "a JSON merge patch: keys you give are set, nested objects merge, null removes a key.",
        _obj({"patch": {"type": "object"}}, ("patch",)))


# -- argument checks ------------------------------------------------------------------------------------

def _check_args(args: Mapping[str, Any], allowed: tuple[str, ...]) -> None:
    if not isinstance(args, Mapping):
        raise ValidationError("arguments must be a JSON object", field="arguments")
    extra = sorted(set(args) - set(allowed))
    if extra:
        raise ValidationError(f"unknown argument (allowed: {', '.join(allowed)})", field=extra[0])


def _str(args: Mapping[str, Any], name: str, *, required: bool = False) -> str | None:
    value = args.get(name)
    if value is None:
        if required:
            raise ValidationError("is required", field=name)
        return None
    if not isinstance(value, str) or (required and not value.strip()):
        raise ValidationError("must be a non-empty string" if required else "must be a string", field=name)
    return value


def _int(args: Mapping[str, Any], name: str, default: int, lo: int, hi: int) -> int:
    value = args.get(name, default)
    if value is None:
        return default
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
        raise ValidationError(f"must be an integer from {lo} to {hi}", field=name)
    return value


def record_json(rec: Record) -> dict[str, Any]:
    """A record as a tool result shows it."""
    return {"id": rec.id, "summary": rec.summary, "content": rec.content, "kind": rec.kind, "labels": rec.labels,
            "scope": rec.level, "namespace": rec.namespace, "status": rec.status, "version": rec.version,
            "replaces": rec.replaces, "superseded_by": rec.superseded_by, "preview": rec.preview,
            "created_at": rec.created_at.isoformat(), "updated_at": rec.updated_at.isoformat()}


def error_json(exc: EngramError) -> str:
    return json.dumps({"error": exc.to_dict()}, ensure_ascii=False)


def as_text(result: Any) -> str:
    """A tool's return value as the tool result text."""
    return result if isinstance(result, str) else json.dumps(result, ensure_ascii=False)


def run(fn: Callable[[dict[str, Any]], Any], args: dict[str, Any]) -> tuple[str, bool]:
    """Run a tool; (result text, failed). Engram errors become the result, everything else propagates."""
    try:
        return as_text(fn(args)), False
    except EngramError as exc:
        return error_json(exc), True


# -- the operations -------------------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Deleted:
    """What ``delete_memory`` did: the record asked for, and what the turn wrote (a preview record in
    preview mode, where the live record stays unchanged)."""

    id: str
    record: Record
    preview: bool


class ToolOps:
    """Runs memory tool calls inside one turn, so searches see the turn's own pending writes.

    Each method checks a call's arguments (an :class:`~engram.errors.EngramError` naming the argument) and
    returns engram values for a face to render. ``results`` maps the ids of this turn's tool-result events
    to their full text (``retrieve_result`` reads them before committed events). Records a search surfaced
    gather in :attr:`surfaced` until the harness logs them as RETRIEVED uses of the next model call.
    """

    def __init__(self, turn: Turn, *, results: Mapping[str, str] | None = None, page_tokens: int = 500,
                 defaults: ToolDefaults = HARNESS) -> None:
        self.turn = turn
        self.results = results if results is not None else {}
        self.page_tokens = page_tokens
        self.defaults = defaults
        self.surfaced: list[Hit] = []
        self._deleted: set[str] = set()
        self.deletions = 0  # how many records this turn deleted (a change that makes recall stale)
        self._specs: dict[str, ToolSpec] | None = None  # built at the first call: a turn's config does not change

    def call(self, name: str, args: dict[str, Any]) -> Any:
        """Run the tool ``name`` on arguments held to its listed schema (each face runs tools through here);
        ValidationError naming ``name`` when there is no such memory tool."""
        if name not in MEMORY_TOOLS:
            raise ValidationError(f"no memory tool named {name!r}", field="name")
        if name == "add_memory" and isinstance(args, Mapping):
            self._check_pin(args)  # named, not refused as an unknown argument of the schema without it
        # the schema the model was shown (offered or not), before anything is written
        if self._specs is None:
            self._specs = tool_specs(self.turn.cfg, self.defaults, self.turn.scope)
        check_arguments(self._specs[name].parameters, args)
        op: Callable[[dict[str, Any]], Any] = getattr(self, name)
        return op(args)

    def _check_pin(self, args: Mapping[str, Any]) -> None:
        """Refuse ``pin`` where the agent may not pin (the Twisp shape without ``harness.memory.pinned``)."""
        if "pin" in args and not self.turn.cfg.memory.pinned.by_agent:
            raise ValidationError("the agent may not pin records: pinning needs harness.memory.pinned in the "
                                  "agent's configuration", field="pin")

    def add_memory(self, args: dict[str, Any]) -> Record:
        _check_args(args, ("summary", "content", "kind", "scope", "labels", "replaces", "pin"))
        self._check_pin(args)
        summary = _str(args, "summary", required=True)
        assert summary is not None
        pin = args.get("pin", False)
        if not isinstance(pin, bool):
            raise ValidationError("must be true or false", field="pin")
        kinds = self.turn.cfg.memory.kinds
        return self.turn.remember(
            summary, _str(args, "content"), kind=_str(args, "kind") or validate.default_kind(kinds),
            labels=args.get("labels"), scope=_str(args, "scope") or self._default_level(),
            replaces=_str(args, "replaces"), pin=pin)

    def _default_level(self) -> str:
        """The level the listed schema names as the default (none writable: ``session``, which the write refuses
        naming the setting)."""
        return self.defaults.write_level(self.turn.cfg, self.turn.scope) or "session"

    def _find(self, record_id: str) -> Record:
        for rec in self.turn.written:
            if rec.id == record_id:
                return replace(rec, status="deleted") if record_id in self._deleted else rec
        rec = self.turn.reads.get(self.turn.scope, record_id, preview=self.turn.preview)
        return replace(rec, status="deleted") if record_id in self._deleted else rec

    def read_memory(self, args: dict[str, Any]) -> Record:
        _check_args(args, ("id",))
        record_id = _str(args, "id", required=True)
        assert record_id is not None
        return self._find(record_id)

    def delete_memory(self, args: dict[str, Any]) -> Deleted:
        _check_args(args, ("id",))
        record_id = _str(args, "id", required=True)
        assert record_id is not None
        rec = self.turn.forget(record_id)
        self.deletions += 1
        if not self.turn.preview:
            self._deleted.add(record_id)
        return Deleted(record_id, rec, self.turn.preview)

    def search_memory(self, args: dict[str, Any]) -> list[Hit]:
        """By query (ranked recall), by filters on kind, labels and ids (newest first), or both."""
        _check_args(args, ("query", "limit", "kind", "labels", "ids"))
        top = self.defaults.max_limit
        limit = _int(args, "limit", self.defaults.search_limit, 1, top)
        kind = _str(args, "kind")
        labels = args.get("labels")
        ids = args.get("ids")
        if ids is not None and (not isinstance(ids, list) or len(ids) > top):
            raise ValidationError(f"must be a list of at most {top} record ids", field="ids")
        for i, given in enumerate(ids or ()):
            validate.record_id(given, f"ids[{i}]")
        raw = _str(args, "query")
        if raw is None and kind is None and not labels and not ids:
            raise ValidationError("give a query, or filter by kind, labels or ids", field="query")
        if raw is not None:
            hits = self.turn.recall(validate.query(raw), top if ids else limit, kind=kind, labels=labels)
            if ids:
                hits = [h for h in hits if h.record is not None and h.record.id in ids][:limit]
        else:
            hits = [Hit(score=1.0, record=r) for r in self._filtered(kind, labels, ids, limit)]
        hits = [h for h in hits if h.record is not None]
        self.surfaced += hits
        return hits

    def _filtered(self, kind: str | None, labels: Any, ids: list[str] | None, limit: int) -> list[Record]:
        """Active records matching the filters, this turn's own first, then newest first."""
        reads, scope, preview = self.turn.reads, self.turn.scope, self.turn.preview
        cfg = self.turn.cfg.memory  # the agent's own configuration, not the database-wide default
        checked = validate.labels(labels, cfg.labels)
        if kind is not None:
            validate.kind(kind, cfg.kinds)
        gone = self._deleted | self.turn.buffer.changed()  # superseded or deleted by this turn, not yet committed

        def fits(r: Record) -> bool:
            return (r.status == "active" and r.id not in gone and (kind is None or r.kind == kind)
                    and all(r.labels.get(k) == v for k, v in checked.items()) and (not ids or r.id in ids))

        mine = [r for r in reversed(self.turn.written) if fits(r)]
        if ids:
            stored = []
            for rid in ids:
                try:
                    stored.append(reads.get(scope, rid, preview=preview))
                except NotFound:
                    continue
        else:
            stored = reads.list(scope, kind=kind, labels=checked or None, preview=preview, limit=limit + len(mine))
        seen = {r.id for r in mine}
        return (mine + [r for r in stored if r.id not in seen and fits(r)])[:limit]

    def search_history(self, args: dict[str, Any]) -> list[Hit]:
        _check_args(args, ("query", "limit"))
        query = validate.query(_str(args, "query", required=True))
        limit = _int(args, "limit", self.defaults.history_limit, 1, self.defaults.max_limit)
        return [h for h in self.turn.search_history(query, limit) if h.event is not None]

    def retrieve_result(self, args: dict[str, Any]) -> dict[str, Any]:
        _check_args(args, ("ref", "offset"))
        ref = validate.caller_id(_str(args, "ref", required=True), "ref", "result")  # its event's id
        offset = _int(args, "offset", 0, 0, validate.MAX_CONTENT)
        text = self.results.get(ref)
        if text is None:
            ev: Event = self.turn.reads.get_event(self.turn.scope, ref,  # NotFound for other sessions' events
                                                  preview=self.turn.preview)
            text = ev.content
        if not text and offset:
            raise NotFound(f"result {ref} is empty", field="offset")
        chunk, nxt = ctx.page(text, offset, self.page_tokens)
        return {"ref": ref, "offset": offset, "text": chunk, "next_offset": nxt, "total_chars": len(text)}


# -- the harness's rendering ------------------------------------------------------------------------------

def _cut(text: str, tokens: int) -> str:
    cut = ctx.take_tokens(text, tokens)
    return cut + (" …" if len(cut) < len(text) else "")


class MemoryTools:
    """The memory tools as the harness's model sees them: :class:`ToolOps` (each call held to its listed schema
    by :meth:`ToolOps.call`), results as compact JSON."""

    def __init__(self, turn: Turn, *, results: Mapping[str, str], page_tokens: int) -> None:
        self.ops = ToolOps(turn, results=results, page_tokens=page_tokens)
        self.turn = turn
        self._handlers: dict[str, Callable[[dict[str, Any]], Any]] = {
            "add_memory": self.add_memory, "read_memory": self.read_memory, "delete_memory": self.delete_memory,
            "search_memory": self.search_memory, "search_history": self.search_history,
            "retrieve_result": self.retrieve_result,
        }

    @property
    def surfaced(self) -> list[Hit]:
        """Records searches surfaced since the harness last took them (it logs them as RETRIEVED uses)."""
        return self.ops.surfaced

    @surfaced.setter
    def surfaced(self, hits: list[Hit]) -> None:
        self.ops.surfaced = hits

    @property
    def deleted(self) -> int:
        """How many records this turn deleted through the tools (a change that makes recall stale)."""
        return self.ops.deletions

    def handler(self, name: str) -> Callable[[dict[str, Any]], Any] | None:
        return self._handlers.get(name)

    def add_memory(self, args: dict[str, Any]) -> dict[str, Any]:
        rec: Record = self.ops.call("add_memory", args)
        return {"id": rec.id, "summary": rec.summary, "kind": rec.kind, "scope": rec.level,
                "replaces": rec.replaces, "preview": rec.preview, "pinned": rec.pinned}

    def read_memory(self, args: dict[str, Any]) -> dict[str, Any]:
        return record_json(self.ops.call("read_memory", args))

    def delete_memory(self, args: dict[str, Any]) -> dict[str, Any]:
        done: Deleted = self.ops.call("delete_memory", args)
        if done.preview:
            return {"id": done.id, "deleted": False, "preview_record": done.record.id,
                    "note": "preview: a preview record names this deletion; the live record is unchanged"}
        return {"id": done.id, "deleted": True}

    def search_memory(self, args: dict[str, Any]) -> dict[str, Any]:
        out = []
        hits: list[Hit] = self.ops.call("search_memory", args)
        for h in hits:
            assert h.record is not None
            item: dict[str, Any] = {"id": h.record.id, "summary": h.record.summary, "kind": h.record.kind,
                                    "scope": h.record.level, "score": round(h.score, 3)}
            if h.record.content:
                item["content"] = _cut(h.record.content, SEARCH_CONTENT_TOKENS)
            out.append(item)
        return {"results": out}

    def search_history(self, args: dict[str, Any]) -> dict[str, Any]:
        out = []
        hits: list[Hit] = self.ops.call("search_history", args)
        for h in hits:
            ev = h.event
            assert ev is not None
            out.append({"event_id": ev.id, "role": ev.role, "name": ev.name, "at": ev.at.isoformat(),
                        "text": _cut(ev.content, 120), "score": round(h.score, 3)})
        return {"results": out}

    def retrieve_result(self, args: dict[str, Any]) -> dict[str, Any]:
        page: dict[str, Any] = self.ops.call("retrieve_result", args)
        return page
