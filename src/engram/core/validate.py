"""Boundary validation of messages, records and search arguments. Pure; errors name field and rule."""

from __future__ import annotations

import json
import math
from collections.abc import Mapping, Sequence
from datetime import UTC, datetime
from typing import Any

from ..errors import ValidationError
from ..types import JOB_STATUSES, ROLES, Hit, ToolCall

MAX_CONTENT = 1_000_000
MAX_METADATA = 1_000_000  # characters of a message's metadata, and of a tool call's arguments, written as JSON
MAX_SUMMARY = 4_000
MAX_RECORD_CONTENT = 100_000
MAX_MESSAGES = 10_000
MAX_LIMIT = 1_000
MAX_LABEL_FILTERS = 64  # label filters per read: each is a join, and a query must stay small
MAX_KIND_FILTERS = 64
MAX_IDS = 1_000  # ids per call (events to delete)
MAX_ID = 128  # characters of an id a caller names (record, event, job, turn); engram's own ids are 25
MAX_QUERY = 10_000  # characters of a search query
MAX_LABEL_VALUE = 256  # characters of a label value
MAX_BATCH = 1_000  # record writes per batch (Memory.batch: create, update and delete together; HTTP ops)
MAX_USES = 1_000  # hits one Memory.log_uses call logs (HTTP uses)
MAX_TOOL_CALLS = 256  # tool calls one message a caller sends makes (not one the harness records of its model)
MAX_TOOL_ID = 256  # characters of a tool call's id (as the call and the tool result's tool_call_id give it)
MAX_NAME = 256  # characters of a tool's name (a tool call's) or a message's name
MAX_PAGE_TOKEN = 4_096  # characters of an HTTP page token (engram.http.paging)
MAX_KIND = 64  # characters of a record kind: one configured (harness.memory.kinds), written or filtered by
MAX_NAMESPACE = 512  # characters of a namespace path or template a caller names, and of the path it fills to
EARLIEST = datetime(1, 1, 2, tzinfo=UTC)
LATEST = datetime(9999, 12, 30, tzinfo=UTC)


def as_utc(value: object, field: str) -> datetime:
    """A datetime (naive means UTC) or an ISO-8601 string, as an aware UTC datetime.

    Times are kept between ``EARLIEST`` and ``LATEST``: a day's margin inside what ``datetime`` holds, so
    converting an offset or adding a day to a stored time never overflows."""
    if isinstance(value, str):
        try:
            value = datetime.fromisoformat(value.replace("Z", "+00:00"))
        except ValueError as exc:
            raise ValidationError("must be an ISO-8601 timestamp", field=field) from exc
    if not isinstance(value, datetime):
        raise ValidationError("must be a datetime", field=field)
    try:
        out = value.replace(tzinfo=UTC) if value.tzinfo is None else value.astimezone(UTC)
    except OverflowError as exc:
        raise ValidationError(f"must lie between {EARLIEST.date()} and {LATEST.date()} (UTC)", field=field) from exc
    if not EARLIEST <= out <= LATEST:
        raise ValidationError(f"must lie between {EARLIEST.date()} and {LATEST.date()} (UTC)", field=field)
    return out


def storable_text(value: str, field: str) -> None:
    """Text both backends can store: no NUL (PostgreSQL's text cannot hold one) and no lone surrogate (UTF-8
    cannot encode one; a driver would fail with an untyped error)."""
    if "\x00" in value:
        raise ValidationError("must not contain NUL characters", field=field)
    try:
        value.encode("utf-8")
    except UnicodeEncodeError as exc:
        raise ValidationError(f"must be valid Unicode (a lone surrogate at position {exc.start})",
                              field=field) from None


def _json_safe(value: Any, field: str, depth: int = 0) -> None:
    if depth > 32:
        raise ValidationError("is nested too deeply (at most 32 levels)", field=field)
    if isinstance(value, str):
        storable_text(value, field)
        return
    if isinstance(value, float) and not math.isfinite(value):
        raise ValidationError("must be a finite number (JSON has no NaN or Infinity)", field=field)
    if value is None or isinstance(value, (bool, int, float)):
        return
    if isinstance(value, Mapping):
        for k, v in value.items():
            if not isinstance(k, str):
                raise ValidationError("keys must be strings", field=field)
            try:
                storable_text(k, field)
            except ValidationError as exc:  # the key cannot name the field: the object holding it does
                raise ValidationError(f"a key {exc.message}", field=field) from None
            _json_safe(v, f"{field}.{k}" if field else k, depth + 1)
        return
    if isinstance(value, (list, tuple)):
        for i, v in enumerate(value):
            _json_safe(v, f"{field}[{i}]", depth + 1)
        return
    raise ValidationError(f"must be JSON-serialisable (got {type(value).__name__})", field=field)


def _json_size(value: Mapping[str, Any], field: str) -> None:
    """A JSON object a message carries beside its text is bounded as its text is (:data:`MAX_METADATA`)."""
    if len(json.dumps(value, ensure_ascii=False)) > MAX_METADATA:
        raise ValidationError(f"must be at most {MAX_METADATA} characters as JSON", field=field)


def json_value(value: Any, field: str = "") -> None:
    """A free-form JSON value (metadata, tool arguments, a configuration document) both backends can store:
    finite numbers, string keys, storable text (:func:`storable_text`), at most 32 levels deep. Errors name the
    place within it, under ``field`` (``""``: paths relative to the value itself)."""
    _json_safe(value, field)


# Content-part lists as the provider SDKs send them: OpenAI chat ``{"type": "text", "text"}``, OpenAI Responses
# ``input_text`` / ``output_text``, Anthropic ``{"type": "text", "text"}``, Bedrock Converse / AgentCore ``{"text"}``.
TEXT_PART_TYPES = ("text", "input_text", "output_text")
# what else a provider puts on a text part (prompt caching, citations, annotations): about the transport, not the
# words, so not stored; any other field is refused
TEXT_PART_KEYS = frozenset({"type", "text", "cache_control", "citations", "annotations", "logprobs"})


def content_text(value: object, field: str) -> str:
    """A message's content as engram stores it: the string itself, or the text parts of a provider's
    content-part list joined by newlines. engram keeps text only: an image, audio, file or tool-use part is
    refused (naming the part and its type) rather than dropped, so nothing a caller sent is silently lost."""
    if value is None:
        return ""
    if isinstance(value, str):
        return value
    if not isinstance(value, Sequence) or isinstance(value, (bytes, bytearray)):
        raise ValidationError('must be a string or a list of text parts ({"type": "text", "text": "..."})',
                              field=field)
    texts = []
    for j, part in enumerate(value):
        pf = f"{field}[{j}]"
        if not isinstance(part, Mapping):
            raise ValidationError('must be a content part such as {"type": "text", "text": "..."}', field=pf)
        kind = part.get("type", "text" if "text" in part else None)
        if kind not in TEXT_PART_TYPES:
            raise ValidationError(f"engram stores text only, so a {kind!r} part cannot be kept: send its text (a "
                                  "caption, a transcript) as a text part, or a reference to it in metadata",
                                  field=f"{pf}.type")
        extra = sorted(set(part) - TEXT_PART_KEYS)
        if extra:
            raise ValidationError(f"unknown field {extra[0]!r} in a text part", field=f"{pf}.{extra[0]}")
        text = part.get("text")
        if not isinstance(text, str):
            raise ValidationError("must be a string", field=f"{pf}.text")
        texts.append(text)
    return "\n".join(texts)


def text_messages(raw: object) -> object:
    """``raw`` with every content-part list turned into its text (:func:`content_text`), for code that reads
    messages before :func:`messages` stores them (the agent's model context); anything else is left for
    :func:`messages` to judge."""
    if not isinstance(raw, Sequence) or isinstance(raw, (str, bytes)):
        return raw
    return [{**m, "content": content_text(m["content"], f"messages[{i}].content")}
            if isinstance(m, Mapping) and isinstance(m.get("content"), (list, tuple)) else m
            for i, m in enumerate(raw)]


def _bounded(value: str, field: str, longest: int) -> None:
    """Storable text (:func:`storable_text`) of at most ``longest`` characters."""
    if len(value) > longest:
        raise ValidationError(f"must be at most {longest} characters", field=field)
    storable_text(value, field)


def message(raw: object, i: int, *, most_calls: int | None = MAX_TOOL_CALLS) -> dict[str, Any]:
    """Validate one message dict; returns the normalised fields (role, content, metadata, at, tools).

    ``most_calls``: the tool calls one message may make. ``MAX_TOOL_CALLS`` bounds what a caller sends; None
    (no bound) is for a message a model made, which the harness records as the model gave it."""
    f = f"messages[{i}]"
    if not isinstance(raw, Mapping):
        raise ValidationError("must be an object with role and content", field=f)
    allowed = {"role", "content", "metadata", "at", "tool_calls", "tool_call_id", "name"}
    extra = set(raw) - allowed
    if extra:
        raise ValidationError(f"unknown field {sorted(extra)[0]!r}", field=f"{f}.{sorted(extra)[0]}")
    role = raw.get("role")
    if role not in ROLES:
        raise ValidationError(f"must be one of {', '.join(ROLES)}", field=f"{f}.role")
    if "content" not in raw and not raw.get("tool_calls"):  # a message says something, or calls a tool
        raise ValidationError("required: a message without tool calls has content (\"\" when it says nothing)",
                              field=f"{f}.content")
    content = content_text(raw.get("content", ""), f"{f}.content")
    if len(content) > MAX_CONTENT:
        raise ValidationError(f"must be at most {MAX_CONTENT} characters", field=f"{f}.content")
    storable_text(content, f"{f}.content")
    metadata = raw.get("metadata") or {}
    if not isinstance(metadata, Mapping):
        raise ValidationError("must be an object", field=f"{f}.metadata")
    _json_safe(metadata, f"{f}.metadata")
    _json_size(metadata, f"{f}.metadata")
    at = as_utc(raw["at"], f"{f}.at") if raw.get("at") is not None else None
    calls: list[ToolCall] = []
    raw_calls = raw.get("tool_calls") or []
    if not isinstance(raw_calls, Sequence) or isinstance(raw_calls, str):
        raise ValidationError("must be a list", field=f"{f}.tool_calls")
    if raw_calls and role != "assistant":
        raise ValidationError("only assistant messages make tool calls", field=f"{f}.tool_calls")
    if most_calls is not None and len(raw_calls) > most_calls:
        raise ValidationError(f"at most {most_calls} tool calls per message", field=f"{f}.tool_calls")
    for j, c in enumerate(raw_calls):
        cf = f"{f}.tool_calls[{j}]"
        if not isinstance(c, Mapping) or not isinstance(c.get("id"), str) or not isinstance(c.get("name"), str):
            raise ValidationError("must be an object with string id and name", field=cf)
        _bounded(c["id"], f"{cf}.id", MAX_TOOL_ID)
        _bounded(c["name"], f"{cf}.name", MAX_NAME)
        args = c.get("arguments") or {}
        if not isinstance(args, Mapping):
            raise ValidationError("must be an object", field=f"{cf}.arguments")
        _json_safe(args, f"{cf}.arguments")
        _json_size(args, f"{cf}.arguments")
        calls.append(ToolCall(c["id"], c["name"], dict(args)))
    tool_call_id = raw.get("tool_call_id")
    if role == "tool" and not isinstance(tool_call_id, str):
        raise ValidationError("a tool result needs the tool_call_id it answers", field=f"{f}.tool_call_id")
    if isinstance(tool_call_id, str):
        _bounded(tool_call_id, f"{f}.tool_call_id", MAX_TOOL_ID)
    name = raw.get("name")
    if name is not None and not isinstance(name, str):
        raise ValidationError("must be a string", field=f"{f}.name")
    if name is not None:
        _bounded(name, f"{f}.name", MAX_NAME)
    return {"role": role, "content": content, "metadata": dict(metadata), "at": at, "tool_calls": tuple(calls),
            "tool_call_id": tool_call_id if isinstance(tool_call_id, str) else None, "name": name}


def messages(raw: object, *, most_calls: int | None = MAX_TOOL_CALLS) -> list[dict[str, Any]]:
    """Validate a list of at most ``MAX_MESSAGES`` messages (:func:`message`, ``most_calls`` passed on)."""
    if not isinstance(raw, Sequence) or isinstance(raw, (str, bytes)):
        raise ValidationError("must be a list of messages", field="messages")
    if len(raw) > MAX_MESSAGES:
        raise ValidationError(f"at most {MAX_MESSAGES} messages per call", field="messages")
    return [message(m, i, most_calls=most_calls) for i, m in enumerate(raw)]


def summary(value: object) -> str:
    if not isinstance(value, str) or not value.strip():
        raise ValidationError("must be a non-empty string", field="summary")
    if len(value) > MAX_SUMMARY:
        raise ValidationError(f"must be at most {MAX_SUMMARY} characters (put detail in content)", field="summary")
    storable_text(value, "summary")
    return value.strip()


def content(value: object) -> str | None:
    if value is None:
        return None
    if not isinstance(value, str):
        raise ValidationError("must be a string or null", field="content")
    if len(value) > MAX_RECORD_CONTENT:
        raise ValidationError(f"must be at most {MAX_RECORD_CONTENT} characters", field="content")
    storable_text(value, "content")
    return value


def kind_name(value: object, field: str = "kind") -> str:
    """A record kind a caller names (a write's or a filter's): a string of 1 to ``MAX_KIND`` characters both
    backends can store. Whether it is a configured kind is :func:`kind`'s rule."""
    if not isinstance(value, str):
        raise ValidationError("must be a string (a record kind)", field=field)
    if not 1 <= len(value) <= MAX_KIND:
        raise ValidationError(f"must be 1-{MAX_KIND} characters (a record kind)", field=field)
    storable_text(value, field)
    return value


def namespace_text(value: object, field: str = "namespace") -> str:
    """A namespace path or template as a caller names it: a string of at most ``MAX_NAMESPACE`` characters both
    backends can store (its segments are :func:`engram.core.namespace.normalize`'s rule)."""
    if not isinstance(value, str):
        raise ValidationError("must be a string (a namespace path such as /facts/cust-42/)", field=field)
    if len(value) > MAX_NAMESPACE:
        raise ValidationError(f"must be at most {MAX_NAMESPACE} characters (a namespace)", field=field)
    storable_text(value, field)
    return value


def default_kind(kinds: Sequence[str]) -> str:
    """The kind of a record written without one, on every face: ``fact`` when configured, else the first kind."""
    return "fact" if "fact" in kinds else kinds[0]


def kind(value: object, kinds: Sequence[str]) -> str:
    """The kind of a record written: :func:`kind_name`'s rule, and one of the configured ``kinds``; None (not
    named) is :func:`default_kind`."""
    if value is None:
        return default_kind(kinds)
    if isinstance(value, str) and value:
        kind_name(value)
    if value not in kinds:
        raise ValidationError(f"must be one of the configured kinds: {', '.join(kinds)}", field="kind")
    return str(value)


def labels(value: object, declared: Mapping[str, object]) -> dict[str, str]:
    if value is None:
        return {}
    if not isinstance(value, Mapping):
        raise ValidationError("must be an object of label name to value", field="labels")
    out: dict[str, str] = {}
    for k, v in value.items():
        if k not in declared:
            raise ValidationError("is not declared in harness.memory.labels", field=f"labels.{k}")
        if isinstance(v, bool) or not isinstance(v, (str, int)):
            raise ValidationError("must be a string", field=f"labels.{k}")
        v = str(v)
        if not v or len(v) > MAX_LABEL_VALUE:
            raise ValidationError(f"must be 1-{MAX_LABEL_VALUE} characters", field=f"labels.{k}")
        storable_text(v, f"labels.{k}")
        out[k] = v
    return out


def limit(value: object, field: str = "limit") -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= MAX_LIMIT:
        raise ValidationError(f"must be an integer from 1 to {MAX_LIMIT}", field=field)
    return value


def query(value: object) -> str:
    if not isinstance(value, str) or not value.strip():
        raise ValidationError("must be a non-empty string", field="query")
    if len(value) > MAX_QUERY:
        raise ValidationError(f"must be at most {MAX_QUERY} characters", field="query")
    storable_text(value, "query")
    return value


def mode(value: object) -> str:
    if value not in ("hybrid", "lexical", "vector"):
        raise ValidationError("must be one of hybrid, lexical, vector", field="mode")
    return str(value)


def unit_score(value: object, field: str) -> float:
    """A relevance score as engram gives one (``Hit.score``): a number from 0 to 1 (no NaN, no infinity, no
    bool), as a float."""
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 <= value <= 1:
        raise ValidationError("must be a number from 0 to 1", field=field)
    return float(value)


def score(value: object, field: str) -> float | None:
    """An optional score threshold (None: not given), as :func:`unit_score` takes it."""
    return None if value is None else unit_score(value, field)


def label_filter(value: object, declared: Mapping[str, object]) -> dict[str, str]:
    """Labels a read filters by: as :func:`labels`, at most ``MAX_LABEL_FILTERS`` of them."""
    if isinstance(value, Mapping) and len(value) > MAX_LABEL_FILTERS:
        raise ValidationError(f"at most {MAX_LABEL_FILTERS} label filters per read", field="labels")
    return labels(value, declared)


def kind_filter(value: object, kinds: Sequence[str] | None = None) -> tuple[str, ...] | None:
    """The kinds a read filters by (one or a list), at most ``MAX_KIND_FILTERS`` distinct ones; given the
    configured ``kinds``, each must be one of them (a kind no record can have is a mistake, not an empty read)."""
    if value is None:
        return None
    items = (value,) if isinstance(value, str) else value
    if not isinstance(items, (list, tuple)) or not all(isinstance(k, str) for k in items):
        raise ValidationError("must be a kind or a list of kinds", field="kind")
    out = tuple(dict.fromkeys(items))
    if len(out) > MAX_KIND_FILTERS:
        raise ValidationError(f"at most {MAX_KIND_FILTERS} kinds per read", field="kind")
    for i, k in enumerate(items):  # each as :func:`kind_name` takes it, named by its place in a list
        field = "kind" if isinstance(value, str) else f"kind[{i}]"
        kind_name(k, field)
        if kinds is not None and k not in kinds:
            raise ValidationError(f"must be one of the configured kinds (harness.memory.kinds): {', '.join(kinds)}",
                                  field=field)
    return out


def _a(word: str) -> str:
    """``word`` with its indefinite article: "a record", "an event"."""
    return ("an " if word[:1] in "aeiou" else "a ") + word


def caller_id(value: object, field: str, what: str) -> str:
    """The id of a ``what`` (record, event, job, turn) a caller names: a non-empty string of at most ``MAX_ID``
    characters both backends can look up (no NUL, no lone surrogate), so a bad one is a :class:`ValidationError`
    naming ``field`` on SQLite and PostgreSQL alike, before any read or write."""
    if not isinstance(value, str) or not value:
        raise ValidationError(f"must be {_a(what)} id", field=field)
    if len(value) > MAX_ID:
        raise ValidationError(f"must be at most {MAX_ID} characters ({_a(what)} id)", field=field)
    storable_text(value, field)
    return value


def record_id(value: object, field: str = "id") -> str:
    """The id of a record a call names (:func:`caller_id`)."""
    return caller_id(value, field, "record")


def hit_records(hits: object, field: str = "hits", *, most: int | None = None) -> list[tuple[int, str, float]]:
    """(position, record id, score) of each record hit a caller logs as used (event hits name no record), every
    id as :func:`record_id` takes it and every score as :func:`unit_score`, each named by its place:
    ``hits[2].record.id``, ``hits[2].score``; at most ``most`` hits (None: no bound)."""
    if isinstance(hits, (str, bytes)) or not isinstance(hits, Sequence):
        raise ValidationError("must be a list of engram.Hit", field=field)
    if most is not None and len(hits) > most:
        raise ValidationError(f"at most {most} hits per call", field=field)
    out = []
    for i, hit in enumerate(hits):
        if not isinstance(hit, Hit):
            raise ValidationError("must be an engram.Hit", field=f"{field}[{i}]")
        if hit.record is not None:
            rid = record_id(getattr(hit.record, "id", None), f"{field}[{i}].record.id")
            out.append((i, rid, unit_score(hit.score, f"{field}[{i}].score")))
    return out


def job_status(value: object, field: str = "status") -> str | None:
    """The status a jobs listing filters by (None: every status): one of ``JOB_STATUSES``."""
    if value is None:
        return None
    if value not in JOB_STATUSES:
        raise ValidationError(f"must be one of {', '.join(JOB_STATUSES)}", field=field)
    return str(value)


def cursor(value: object, field: str = "before", *, what: str = "record") -> tuple[datetime, str]:
    """A keyset paging cursor a caller hands back: the ``(created_at, id)`` of the last ``what`` of the previous
    page, the time as :func:`as_utc` takes it (naive means UTC) and the id as :func:`caller_id`, so a bad one is
    a :class:`ValidationError` naming ``before``, ``before[0]`` or ``before[1]`` on both backends before any
    read, never a driver error."""
    if isinstance(value, (str, bytes)) or not isinstance(value, Sequence) or len(value) != 2:
        raise ValidationError(f"must be a (created_at, id) pair: those of the last {what} of the previous page",
                              field=field)
    return as_utc(value[0], f"{field}[0]"), caller_id(value[1], f"{field}[1]", what)


def ids(value: object, field: str = "ids", *, what: str = "event") -> list[str]:
    """A list of at most ``MAX_IDS`` ids of ``what``, each as :func:`caller_id` takes it; repeats dropped."""
    if isinstance(value, str) or not isinstance(value, (list, tuple)):
        raise ValidationError("must be a list of ids", field=field)
    if len(value) > MAX_IDS:
        raise ValidationError(f"at most {MAX_IDS} ids per call", field=field)
    return list(dict.fromkeys(caller_id(v, f"{field}[{i}]", what) for i, v in enumerate(value)))


def items(value: object, field: str, most: int, what: str) -> Sequence[Any]:
    """A list (or tuple) of at most ``most`` ``what`` a call hands over, checked before any of them is read."""
    if isinstance(value, (str, bytes, Mapping)) or not isinstance(value, Sequence):
        raise ValidationError(f"must be a list of {what}", field=field)
    if len(value) > most:
        raise ValidationError(f"at most {most} {what} per call", field=field)
    return value


def batch_ops(create: object, update: object, delete: object) -> None:
    """The sizes of a batch (:meth:`engram.engine.Memory.batch`): lists, with at most ``MAX_BATCH`` record writes
    together; the list that goes past the bound is named (``create``, ``update`` or ``delete``)."""
    total = 0
    for field, value, what in (("create", create, "records to create"), ("update", update, "updates"),
                               ("delete", delete, "ids to delete")):
        total += len(items(value, field, MAX_BATCH, what))
        if total > MAX_BATCH:
            raise ValidationError(f"at most {MAX_BATCH} record writes per batch (create, update and delete "
                                  "together)", field=field)
