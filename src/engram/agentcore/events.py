"""Short-term memory on the AgentCore face: CreateEvent, GetEvent, ListEvents, DeleteEvent, ListSessions,
ListActors, mapped onto engram's events.

One AgentCore event is one engram event of session (actor, session) of the memory's agent. Its role and text
come from the conversational payloads (so engram's own history search and harness see the conversation);
the exact payload list, branch and typed metadata ride along in the event's metadata under ``$agentcore``
(a key no AgentCore metadata key can take: ``$`` is outside their pattern), and each string metadata value
is copied flat beside it so engram-side readers see ``{"ticket": "T-7"}``. Events written through engram's
own API come back as one conversational payload, plus their tool calls (:func:`native_payload`).

``clientToken`` follows the one rule of :mod:`.idempotency`, settled in the same transaction as the event: a
retried CreateEvent with the same token returns the first event instead of writing another.

CreateEvent without ``sessionId`` (the model does not require one): the event opens a session of its own, as
IngestData does, and answers its id in ``event.sessionId`` (engram's events belong to sessions). The id is
``event-`` and hex digits: derived from the client token when there is one, so a retry lands in the same session
and finds its first event; random otherwise.
"""

from __future__ import annotations

import hashlib
import json
import secrets
from collections.abc import Iterator
from datetime import datetime, timedelta
from typing import Any

from ..errors import NotFound
from ..types import Event, Scope
from . import idempotency, ids, shapes, worker
from .errors import ResourceNotFoundException, ValidationException
from .server import AwsRouter, CallDep, MemoryCtx, parse_timestamp, timestamp

router = AwsRouter()

KEY = "$agentcore"
ROLE_IN = {"USER": "user", "ASSISTANT": "assistant", "TOOL": "tool", "OTHER": "system"}
ROLE_OUT = {"user": "USER", "assistant": "ASSISTANT", "tool": "TOOL", "system": "OTHER"}
TOOL_CALL_ID = "agentcore"
_EPS = timedelta(microseconds=1)
MAIN = "main"  # the branch of events written without one
TOKEN_OP = "create-event"
CALLER_TOKEN_OP = "create-event-caller"  # the parameters a caller's token is tied to (any actor, any session)


# -- payloads -------------------------------------------------------------------------------------------------
def readable(text: str) -> str:
    """The words of a conversational text for engram's own use (history search, extraction, the harness).

    Frameworks store whole messages as JSON in the text: Strands (via the SDK's session manager) a session
    message ``{"message": {"role", "content": [{"text": …}, …]}, …}``, the SDK's OpenAI converter an OpenAI
    message ``{"role", "content"}``. Their text blocks are the conversation; anything else is kept as is.
    """
    if not text.startswith("{"):
        return text
    try:
        doc = json.loads(text)
    except ValueError:
        return text
    msg = doc.get("message") if isinstance(doc, dict) and isinstance(doc.get("message"), dict) else doc
    content = msg.get("content") if isinstance(msg, dict) else None
    if isinstance(content, str) and isinstance(msg, dict) and "role" in msg:
        return content
    if isinstance(content, list):
        parts = [b["text"] for b in content if isinstance(b, dict) and isinstance(b.get("text"), str)]
        if parts:
            return "\n".join(parts)
    return text


def _message(body: dict[str, Any], at: datetime) -> dict[str, Any]:
    """The engram message of a CreateEvent body (validated against the service model's limits)."""
    payload = shapes.payload_list(body.get("payload"), "payload", max_items=100)
    metadata = shapes.event_metadata(body.get("metadata"), "metadata")
    branch = shapes.branch(body.get("branch"), "branch")
    texts = [p["conversational"] for p in payload if "conversational" in p]
    role = ROLE_IN[texts[0]["role"]] if texts else "system"
    content = "\n".join(readable(t["content"]["text"]) for t in texts)
    meta: dict[str, Any] = {k: v["stringValue"] for k, v in metadata.items() if "stringValue" in v}
    meta[KEY] = {"payload": payload, "metadata": metadata, **({"branch": branch} if branch else {})}
    msg: dict[str, Any] = {"role": role, "content": content, "metadata": meta, "at": at}
    if role == "tool":
        msg["tool_call_id"] = TOOL_CALL_ID
    return msg


def native_payload(ev: Event) -> list[dict[str, Any]]:
    """The AgentCore payload of an event written through engram itself (the harness, Python, HTTP, MCP).

    Its text is one conversational payload. "Short-term memory captures raw events (messages, tool calls)",
    and the Memory APIs read them: so each tool call an assistant message made is a ``json`` payload
    ``{"toolUse": {"toolUseId", "name", "input"}}`` (a Converse content block, as InvokeHarness streams it),
    and a tool result adds ``{"toolResult": {"toolUseId", "name"}}`` naming the call it answers. Without these
    a tool call, which has no text, came back as an event with an empty payload. At most 100 payloads (the
    service model's limit); the engram event keeps every call."""
    out: list[dict[str, Any]] = []
    if ev.content:
        out.append({"conversational": {"content": {"text": ev.content}, "role": ROLE_OUT.get(ev.role, "OTHER")}})
    out += [{"json": {"content": {"toolUse": {"toolUseId": c.id, "name": c.name, "input": c.arguments}}}}
            for c in ev.tool_calls]
    if ev.role == "tool" and ev.tool_call_id:
        link = {"toolUseId": ev.tool_call_id, **({"name": ev.name} if ev.name else {})}
        out.append({"json": {"content": {"toolResult": link}}})
    return out[:100]


def event_out(res_id: str, ev: Event, *, payloads: bool = True) -> dict[str, Any]:
    """An engram event as AgentCore's Event structure."""
    extra = ev.metadata.get(KEY) if isinstance(ev.metadata.get(KEY), dict) else None
    out: dict[str, Any] = {"memoryId": res_id, "actorId": ids.actor_out(ev.actor or ""),
                           "sessionId": ev.session, "eventId": ids.event_id_out(ev.id),
                           "eventTimestamp": timestamp(ev.at), "payload": []}
    if extra is not None:
        if payloads:
            out["payload"] = extra.get("payload", [])
        if extra.get("branch"):
            out["branch"] = extra["branch"]
        if extra.get("metadata"):
            out["metadata"] = extra["metadata"]
        return out
    if payloads:
        out["payload"] = native_payload(ev)
    meta = {k: {"stringValue": v} for k, v in ev.metadata.items()
            if isinstance(v, str) and len(v) <= 256 and ids.METADATA_KEY.fullmatch(k) and 1 <= len(k) <= 128
            and ids.METADATA_VALUE.fullmatch(v)}
    if meta:
        out["metadata"] = dict(list(meta.items())[:15])
    return out


def branch_of(ev: Event) -> dict[str, Any] | None:
    extra = ev.metadata.get(KEY)
    got = extra.get("branch") if isinstance(extra, dict) else None
    return got if isinstance(got, dict) else None


def typed_metadata(ev: Event) -> dict[str, Any]:
    extra = ev.metadata.get(KEY)
    if isinstance(extra, dict):
        got = extra.get("metadata")
        return got if isinstance(got, dict) else {}
    return {k: {"stringValue": v} for k, v in ev.metadata.items() if isinstance(v, str)}


# -- routes ---------------------------------------------------------------------------------------------------
def _session_ctx(c: CallDep, body: dict[str, Any] | None = None) -> MemoryCtx:
    src = body if body is not None else {}
    actor = ids.actor_in(src["actorId"] if body is not None else c.param("actorId"))
    session = ids.session_in(src.get("sessionId") if body is not None else c.param("sessionId"))
    return c.memory_ctx(c.param("memoryId"), actor, session)


def own_session(agent: str, actor: str, token: str | None) -> str:
    """The session a CreateEvent without ``sessionId`` opens: one per client token (a retry finds its event),
    else a new one each time."""
    if token is None:
        return f"event-{secrets.token_hex(12)}"
    digest = hashlib.sha256("\x1f".join(("create-event-session", agent, actor, token)).encode()).hexdigest()
    return f"event-{digest[:24]}"


@router.post("/memories/{memoryId}/events")
def create_event(c: CallDep) -> Any:
    body = c.body()
    shapes.only(body, {"actorId", "sessionId", "eventTimestamp", "payload", "branch", "clientToken", "metadata",
                       "extractionMode", "extractionConfig"})
    if "actorId" not in body:
        raise ValidationException("is required", field="actorId")
    if "eventTimestamp" not in body:
        raise ValidationException("is required", field="eventTimestamp")
    token = shapes.client_token(body.get("clientToken"))
    if body.get("sessionId") is None:  # the event opens a session of its own (the module's docstring)
        agent = c.memory(c.param("memoryId")).agent
        body = {**body, "sessionId": own_session(agent, ids.actor_in(body["actorId"]), token)}
    mc = _session_ctx(c, body)
    mc.ctx.need_events(write=True)
    at = parse_timestamp(body["eventTimestamp"], "eventTimestamp")
    msg = _message(body, at)
    _check_branch(mc, msg["metadata"][KEY].get("branch"))
    mode = body.get("extractionMode")
    if mode is not None and mode != "SKIP":
        raise ValidationException("must be SKIP", field="extractionMode")
    if body.get("extractionConfig") is not None:
        shapes.extraction_config(body["extractionConfig"], "extractionConfig")
    owner = "\x1f".join([mc.scope.agent, mc.scope.actor or "", mc.scope.session or ""])
    # the token is also the caller's within this memory, not only the session's: a repeat naming another actor
    # or session is another request (IdempotentParameterMismatch), never a second event; a key bound to an actor
    # or a session keeps tokens of its own, so no key meets another's narrower tokens
    caller = "\x1f".join([mc.scope.agent, c.grant.actor or "", c.grant.session or ""])
    digest = idempotency.params(body)
    if token is not None:  # the one token rule (idempotency.py), settled in the event's own transaction
        idempotency.bind(mc.mem.store, CALLER_TOKEN_OP, caller, token, digest)
        # still in progress: RetryableConflictException, the conflict CreateEvent's model lists (errors.as_listed)
        earlier = idempotency.begin(mc.mem.store, TOKEN_OP, owner, token, digest)
        if earlier is not None:
            try:
                return c.ok({"event": event_out(mc.resource.id, mc.mem.get_event(mc.scope, earlier))}, 201)
            except NotFound:  # deleted or expired since: write it again under the token
                pass
    try:
        with mc.mem.turn(mc.scope, extract=mode != "SKIP") as t:
            t.defer_extraction = True  # stored now, extracted by a job (worker.py): a model never delays the write
            events = t.append([msg])
            if token is not None:
                idempotency.settle_in(t, TOKEN_OP, owner, token, digest, events[0].id)
    except BaseException:
        if token is not None:
            idempotency.release(mc.mem.store, TOKEN_OP, owner, token)
            idempotency.release(mc.mem.store, CALLER_TOKEN_OP, caller, token)
        raise
    if t.buffer.jobs:  # an extraction was enqueued (the memory has strategies): make sure a worker runs it
        worker.ensure(c.base)
    ev = t.appended[0] if t.appended else events[0]
    return c.ok({"event": event_out(mc.resource.id, ev)}, 201)


@router.get("/memories/{memoryId}/actor/{actorId}/sessions/{sessionId}/events/{eventId}")
def get_event(c: CallDep) -> Any:
    mc = _session_ctx(c)
    mc.ctx.need_events(write=False)
    aws_id = c.param("eventId")
    try:
        ev = mc.mem.get_event(mc.scope, ids.event_id_in(aws_id))
    except NotFound:
        raise NotFound(f"no event {aws_id} in this session", field="eventId") from None
    return c.ok({"event": event_out(mc.resource.id, ev)})


@router.delete("/memories/{memoryId}/actor/{actorId}/sessions/{sessionId}/events/{eventId}")
def delete_event(c: CallDep) -> Any:
    mc = _session_ctx(c)
    mc.ctx.need_events(write=True)
    mc.ctx.need_delete()
    aws_id = c.param("eventId")
    if mc.mem.delete_events(mc.scope, [ids.event_id_in(aws_id)]) == 0:
        raise NotFound(f"no event {aws_id} in this session", field="eventId")
    return c.ok({"eventId": aws_id})


def newest_first(mc: MemoryCtx, cursor: tuple[datetime, int] | None) -> Iterator[Event]:
    """The session's events, newest first, strictly after ``cursor`` (an (at, seq) already returned)."""
    before = cursor[0] + _EPS if cursor else None
    window = 100
    while True:
        batch = mc.mem.events(mc.scope, limit=window, before=before)
        fresh = [e for e in reversed(batch) if cursor is None or (e.at, e.seq) < cursor]
        yield from fresh
        if len(batch) < window:
            return
        if fresh:
            cursor = (fresh[-1].at, fresh[-1].seq)
            before = cursor[0] + _EPS
        elif window < 1000:
            window = min(1000, window * 4)  # more than a window of events share one microsecond
        else:
            before = batch[0].at  # give up on the tie: skip the rest of that microsecond


def _roots(mc: MemoryCtx) -> dict[str, str]:
    """Each branch of the session and the event it forked from (the ``rootEventId`` its first event named)."""
    roots: dict[str, str] = {}
    for ev in newest_first(mc, None):  # newest first: the oldest event naming a root is seen last and wins
        br = branch_of(ev)
        if br and br.get("rootEventId"):
            roots[br["name"]] = br["rootEventId"]
    return roots


def _line(mc: MemoryCtx, name: str) -> dict[str, tuple[datetime, int]]:
    """The ancestors of branch ``name``: each parent branch and the last of its events the branch sees (its
    fork point), up to the main line. A branch of a branch sees its parent up to its own root, and the
    parent's parent up to the parent's root."""
    roots = _roots(mc)
    cut: dict[str, tuple[datetime, int]] = {}
    seen = {name}
    while name in roots:
        try:
            root = mc.mem.get_event(mc.scope, ids.event_id_in(roots[name]))
        except (NotFound, ValidationException, ResourceNotFoundException):
            break
        parent = (branch_of(root) or {}).get("name") or MAIN
        if parent in seen:
            break
        cut[parent] = (root.at, root.seq)
        seen.add(parent)
        name = parent
    return cut


def _branch_filter(mc: MemoryCtx, flt: dict[str, Any]) -> Any:
    name = flt["name"]
    parents = _line(mc, name) if flt.get("includeParentBranches") else {}

    def keep(ev: Event) -> bool:
        own = (branch_of(ev) or {}).get("name") or MAIN
        if own == name:
            return True
        cut = parents.get(own)
        return cut is not None and (ev.at, ev.seq) <= cut

    return keep


def _check_branch(mc: MemoryCtx, branch: dict[str, str] | None) -> None:
    """A branch event's ``rootEventId`` must be an event of this session; a branch's first event needs one.
    The main line forks from nothing, and a branch has one root: naming ``main`` with a root, or an existing
    branch with another root than its own, is refused (the branch's events would hang from two places)."""
    if branch is None:
        return
    root = branch.get("rootEventId")
    if root is not None and branch["name"] == MAIN:
        raise ValidationException(f"the {MAIN!r} branch is the session's own line and forks from no event; "
                                  "name another branch to fork", field="branch.rootEventId")
    if root is None:
        if branch["name"] != MAIN and not any((branch_of(e) or {}).get("name") == branch["name"]
                                              for e in newest_first(mc, None)):
            raise ValidationException(f"is required to start branch {branch['name']!r} in this session",
                                      field="branch.rootEventId")
        return
    try:
        mc.mem.get_event(mc.scope, ids.event_id_in(root, "branch.rootEventId"))
    except (NotFound, ResourceNotFoundException):
        raise ValidationException(f"no event {root} in this session", field="branch.rootEventId") from None
    had = _roots(mc).get(branch["name"])
    if had is not None and had != root:
        raise ValidationException(f"branch {branch['name']!r} already forks from event {had} in this session; "
                                  "name another branch to fork elsewhere", field="branch.rootEventId")


def _metadata_filter(exprs: list[dict[str, Any]]) -> Any:
    def keep(ev: Event) -> bool:
        meta = typed_metadata(ev)
        for e in exprs:
            key, op = e["left"]["metadataKey"], e["operator"]
            if op == "EXISTS" and key not in meta:
                return False
            if op == "NOT_EXISTS" and key in meta:
                return False
            if op == "EQUALS_TO" and meta.get(key) != e["right"]["metadataValue"]:
                return False
        return True

    return keep


@router.post("/memories/{memoryId}/actor/{actorId}/sessions/{sessionId}")
def list_events(c: CallDep) -> Any:
    body = c.body()
    shapes.only(body, {"includePayloads", "filter", "maxResults", "nextToken"})
    mc = _session_ctx(c)
    mc.ctx.need_events(write=False)
    limit = shapes.max_results(body.get("maxResults"), 100, default=20)
    payloads = shapes.boolean(body.get("includePayloads", True), "includePayloads")
    flt = shapes.event_filter(body.get("filter"), "filter")
    keeps = []
    if flt.get("branch"):
        keeps.append(_branch_filter(mc, flt["branch"]))
    if flt.get("eventMetadata"):
        keeps.append(_metadata_filter(flt["eventMetadata"]))
    kind = shapes.listing("events", filter=flt)  # not includePayloads: the same events either way
    cursor = None
    if body.get("nextToken") is not None:
        cur = shapes.open_token(c, kind, mc.scope, body["nextToken"])
        cursor = (datetime.fromisoformat(cur["at"]), int(cur["seq"]))
    out: list[Event] = []
    more = False
    for ev in newest_first(mc, cursor):
        if all(k(ev) for k in keeps):
            if len(out) == limit:
                more = True
                break
            out.append(ev)
    resp: dict[str, Any] = {"events": [event_out(mc.resource.id, e, payloads=payloads) for e in out]}
    if more:
        resp["nextToken"] = shapes.issue_token(c, kind, mc.scope, {"at": out[-1].at.isoformat(), "seq": out[-1].seq})
    return c.ok(resp)


@router.post("/memories/{memoryId}/actor/{actorId}/sessions")
def list_sessions(c: CallDep) -> Any:
    body = c.body()
    shapes.only(body, {"maxResults", "nextToken", "filter"})
    actor = ids.actor_in(c.param("actorId"))
    mc = c.memory_ctx(c.param("memoryId"), actor)
    mc.ctx.need_events(write=False)
    limit = shapes.max_results(body.get("maxResults"), 100, default=20)
    flt = body.get("filter")
    if flt is not None:
        shapes.only(shapes.obj(flt, "filter"), {"eventFilter"}, "filter")
        if flt.get("eventFilter") not in (None, "HAS_EVENTS"):
            raise ValidationException("must be HAS_EVENTS", field="filter.eventFilter")
    kind = shapes.listing("sessions", event_filter=flt.get("eventFilter") if flt is not None else None)
    start = _offset(c, kind, mc.scope, body.get("nextToken"))
    rows = mc.mem.sessions(mc.scope, min(1000, start + limit + 1))
    page = rows[start:start + limit]
    resp: dict[str, Any] = {"sessionSummaries": [
        {"sessionId": r["session"], "actorId": ids.actor_out(r["actor"]), "createdAt": timestamp(r["first_at"])}
        for r in page]}
    if len(rows) > start + limit:
        resp["nextToken"] = shapes.issue_token(c, kind, mc.scope, {"offset": start + limit})
    return c.ok(resp)


@router.post("/memories/{memoryId}/actors")
def list_actors(c: CallDep) -> Any:
    body = c.body()
    shapes.only(body, {"maxResults", "nextToken"})
    mc = c.memory_ctx(c.param("memoryId"))
    mc.ctx.need_events(write=False)
    limit = shapes.max_results(body.get("maxResults"), 100, default=20)
    start = _offset(c, "actors", mc.scope, body.get("nextToken"))
    actors: list[str] = []
    for r in mc.mem.sessions(mc.scope, 1000):
        if r.get("actor") is not None and r["actor"] not in actors:
            actors.append(r["actor"])
    page = actors[start:start + limit]
    resp: dict[str, Any] = {"actorSummaries": [{"actorId": ids.actor_out(a)} for a in page]}
    if len(actors) > start + limit:
        resp["nextToken"] = shapes.issue_token(c, "actors", mc.scope, {"offset": start + limit})
    return c.ok(resp)


def _offset(c: CallDep, kind: str, scope: Scope, token: object) -> int:
    if token is None:
        return 0
    cur = shapes.open_token(c, kind, scope, token)
    off = cur.get("offset")
    if not isinstance(off, int) or off < 0:
        raise ValidationException("is not a token this server issued", field="nextToken")
    return off
