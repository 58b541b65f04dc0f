"""Memory tools: JSON-schema'd specs any model API accepts, and their dispatch inside a turn.

``add_memory`` (may name a record it ``replaces``), ``read_memory``, ``delete_memory``, ``search_memory``,
``search_history`` and ``retrieve_result`` (offloaded tool results). Which are offered follows
``harness.memory.tools``. A tool error (bad arguments, an unknown id, a refused write) is an
:class:`~engram.errors.EngramError`; :func:`run` returns it to the model as the tool result
``{"error": {"type", "message", "field"}}`` instead of raising. Anything else a tool raises is a bug or an
outage: it propagates, and the turn rolls back.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from typing import Any

from ..config import Config
from ..core import context as ctx
from ..core import validate
from ..errors import EngramError, NotFound, ValidationError
from ..models.base import ToolSpec
from ..turn import Turn
from ..types import Event, Hit, Record

STATE_TOOL = "update_state"
WRITE_TOOLS = ("add_memory", "delete_memory")
READ_ONLY_TOOLS = ("read_memory", "search_memory", "search_history", "retrieve_result")
SEARCH_CONTENT_TOKENS = 120  # per search hit; read_memory gives the whole record


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


def memory_specs(config: Config, *, read_only: bool = False) -> list[ToolSpec]:
    """The memory tools this configuration offers (``harness.memory.tools``), in a stable order."""
    mem = config.memory
    names = set(mem.tools)
    if not mem.enabled:
        names &= {"retrieve_result", "search_history"}
    if config.harness.history.index == "none":
        names.discard("search_history")
    if read_only:
        names -= set(WRITE_TOOLS)
    label_props = {name: {"type": "string", "description": lab.description} for name, lab in mem.labels.items()}
    specs = {
        "add_memory": ToolSpec(
            "add_memory",
            "Save something worth remembering beyond this conversation as a memory record. Give a one-line "
            "summary you could act on later; name the id of a record it replaces when it updates one.",
            _obj({
                "summary": {"type": "string", "description": "One line the agent can act on."},
                "content": {"type": "string", "description": "Optional evidence or detail."},
                "kind": {"type": "string", "enum": list(mem.kinds), "description": "Kind of record."},
                "scope": {"type": "string", "enum": list(mem.scope.write),
                          "description": "Who sees it: this session, every session of this actor, or the agent."},
                "labels": {"type": "object", "properties": label_props, "additionalProperties": False},
                "replaces": {"type": "string", "description": "Id of an existing record this one supersedes."},
            }, ("summary",))),
        "read_memory": ToolSpec(
            "read_memory", "Read one memory record by id, with its content and status.",
            _obj({"id": {"type": "string"}}, ("id",))),
        "delete_memory": ToolSpec(
            "delete_memory", "Delete a memory record that is wrong or no longer true.",
            _obj({"id": {"type": "string"}}, ("id",))),
        "search_memory": ToolSpec(
            "search_memory", "Search long-term memory records by query (meaning, keywords and recency), or by "
                             "filters on kind, labels or record ids; give a query, filters, or both.",
            _obj({"query": {"type": "string", "description": "What to look for (optional with filters)."},
                  "limit": {"type": "integer", "minimum": 1, "maximum": 50},
                  "kind": {"type": "string", "enum": list(mem.kinds)},
                  "labels": {"type": "object", "properties": label_props, "additionalProperties": False,
                             "description": "Exact label values every result must have."},
                  "ids": {"type": "array", "items": {"type": "string"}, "maxItems": 50,
                          "description": "Only these record ids."}})),
        "search_history": ToolSpec(
            "search_history", "Search earlier messages of this session that are no longer in view.",
            _obj({"query": {"type": "string"}, "limit": {"type": "integer", "minimum": 1, "maximum": 50}},
                 ("query",))),
        "retrieve_result": ToolSpec(
            "retrieve_result", "Read a tool result that was set aside because it was large, by its ref; "
                               "continue from next_offset to read further pages.",
            _obj({"ref": {"type": "string"}, "offset": {"type": "integer", "minimum": 0}}, ("ref",))),
    }
    return [spec for name, spec in specs.items() if name in names]


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


# -- dispatch -------------------------------------------------------------------------------------------

class MemoryTools:
    """Runs memory tool calls inside one turn, so searches see the turn's own pending writes.

    ``results`` maps the ids of this turn's tool-result events to their full text (``retrieve_result``
    reads them before committed events). Records a search surfaced gather in :attr:`surfaced` until the
    harness logs them as RETRIEVED uses of the next model call.
    """

    def __init__(self, turn: Turn, *, results: Mapping[str, str], page_tokens: int) -> None:
        self.turn = turn
        self.results = results
        self.page_tokens = page_tokens
        self.surfaced: list[Hit] = []
        self._deleted: set[str] = set()
        self._deletions = 0
        self._handlers: dict[str, Callable[[dict[str, Any]], Any]] = {
            "add_memory": self.add_memory, "read_memory": self.read_memory, "delete_memory": self.delete_memory,
            "search_memory": self.search_memory, "search_history": self.search_history,
            "retrieve_result": self.retrieve_result,
        }

    @property
    def deleted(self) -> int:
        """How many records this turn deleted through the tools (a change that makes recall stale)."""
        return self._deletions

    def handler(self, name: str) -> Callable[[dict[str, Any]], Any] | None:
        return self._handlers.get(name)

    def add_memory(self, args: dict[str, Any]) -> dict[str, Any]:
        _check_args(args, ("summary", "content", "kind", "scope", "labels", "replaces"))
        summary = _str(args, "summary", required=True)
        assert summary is not None
        kinds = self.turn.cfg.memory.kinds
        rec = self.turn.remember(
            summary, _str(args, "content"), kind=_str(args, "kind") or ("fact" if "fact" in kinds else kinds[0]),
            labels=args.get("labels"), scope=_str(args, "scope") or "session", replaces=_str(args, "replaces"))
        return {"id": rec.id, "summary": rec.summary, "kind": rec.kind, "scope": rec.level,
                "replaces": rec.replaces, "preview": rec.preview}

    def _find(self, record_id: str) -> Record:
        for rec in self.turn.written:
            if rec.id == record_id:
                return replace(rec, status="deleted") if record_id in self._deleted else rec
        rec = self.turn.mem.get(self.turn.scope, record_id, preview=self.turn.preview)
        return replace(rec, status="deleted") if record_id in self._deleted else rec

    def read_memory(self, args: dict[str, Any]) -> dict[str, Any]:
        _check_args(args, ("id",))
        record_id = _str(args, "id", required=True)
        assert record_id is not None
        return record_json(self._find(record_id))

    def delete_memory(self, args: dict[str, Any]) -> dict[str, Any]:
        _check_args(args, ("id",))
        record_id = _str(args, "id", required=True)
        assert record_id is not None
        rec = self.turn.forget(record_id)
        self._deletions += 1
        if self.turn.preview:
            return {"id": record_id, "deleted": False, "preview_record": rec.id,
                    "note": "preview: a preview record names this deletion; the live record is unchanged"}
        self._deleted.add(record_id)
        return {"id": record_id, "deleted": True}

    def search_memory(self, args: dict[str, Any]) -> dict[str, Any]:
        """By query (ranked recall), by filters on kind, labels and ids (newest first), or both."""
        _check_args(args, ("query", "limit", "kind", "labels", "ids"))
        limit = _int(args, "limit", 5, 1, 50)
        kind = _str(args, "kind")
        labels = args.get("labels")
        ids = args.get("ids")
        if ids is not None and (not isinstance(ids, list) or len(ids) > 50
                                or not all(isinstance(i, str) and i for i in ids)):
            raise ValidationError("must be a list of at most 50 record ids", field="ids")
        raw = _str(args, "query")
        if raw is None and kind is None and not labels and not ids:
            raise ValidationError("give a query, or filter by kind, labels or ids", field="query")
        if raw is not None:
            hits = self.turn.recall(validate.query(raw), 50 if ids else limit, kind=kind, labels=labels)
            if ids:
                hits = [h for h in hits if h.record is not None and h.record.id in ids][:limit]
        else:
            hits = [Hit(score=1.0, record=r) for r in self._filtered(kind, labels, ids, limit)]
        self.surfaced += hits
        out = []
        for h in hits:
            if h.record is None:
                continue
            item: dict[str, Any] = {"id": h.record.id, "summary": h.record.summary, "kind": h.record.kind,
                                    "scope": h.record.level, "score": round(h.score, 3)}
            if h.record.content:
                cut = ctx.take_tokens(h.record.content, SEARCH_CONTENT_TOKENS)
                item["content"] = cut + (" …" if len(cut) < len(h.record.content) else "")
            out.append(item)
        return {"results": out}

    def _filtered(self, kind: str | None, labels: Any, ids: list[str] | None, limit: int) -> list[Record]:
        """Active records matching the filters, this turn's own first, then newest first."""
        mem, scope, preview = self.turn.mem, self.turn.scope, self.turn.preview
        checked = validate.labels(labels, mem.config.memory.labels)
        if kind is not None:
            validate.kind(kind, mem.config.memory.kinds)

        def fits(r: Record) -> bool:
            return (r.status == "active" and r.id not in self._deleted and (kind is None or r.kind == kind)
                    and all(r.labels.get(k) == v for k, v in checked.items()) and (not ids or r.id in ids))

        mine = [r for r in reversed(self.turn.written) if fits(r)]
        if ids:
            stored = []
            for rid in ids:
                try:
                    stored.append(mem.get(scope, rid, preview=preview))
                except NotFound:
                    continue
        else:
            stored = mem.list(scope, kind=kind, labels=checked or None, preview=preview, limit=limit + len(mine))
        seen = {r.id for r in mine}
        return (mine + [r for r in stored if r.id not in seen and fits(r)])[:limit]

    def search_history(self, args: dict[str, Any]) -> dict[str, Any]:
        _check_args(args, ("query", "limit"))
        query = validate.query(_str(args, "query", required=True))
        hits = self.turn.search_history(query, _int(args, "limit", 5, 1, 50))
        out = []
        for h in hits:
            ev = h.event
            if ev is None:
                continue
            text = ctx.take_tokens(ev.content, 120)
            out.append({"event_id": ev.id, "role": ev.role, "name": ev.name, "at": ev.at.isoformat(),
                        "text": text + (" …" if len(text) < len(ev.content) else ""), "score": round(h.score, 3)})
        return {"results": out}

    def retrieve_result(self, args: dict[str, Any]) -> dict[str, Any]:
        _check_args(args, ("ref", "offset"))
        ref = _str(args, "ref", required=True)
        assert ref is not None
        offset = _int(args, "offset", 0, 0, validate.MAX_CONTENT)
        text = self.results.get(ref)
        if text is None:
            ev: Event = self.turn.mem.get_event(self.turn.scope, ref,  # NotFound for other sessions' events
                                                preview=self.turn.preview)
            text = ev.content
        if not text and offset:
            raise NotFound(f"result {ref} is empty", field="offset")
        chunk, nxt = ctx.page(text, offset, self.page_tokens)
        return {"ref": ref, "offset": offset, "text": chunk, "next_offset": nxt, "total_chars": len(text)}
