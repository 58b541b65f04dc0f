"""Long-term memory on the AgentCore face: RetrieveMemoryRecords, ListMemoryRecords, GetMemoryRecord,
DeleteMemoryRecord and the Batch{Create,Update,Delete}MemoryRecords operations, mapped onto engram records.

A memory record is an engram record of the memory's agent. Its namespace decides its owner and level
(:mod:`.namespaces`); ``content.text`` is the summary (texts over engram's summary limit keep the whole
text as content), ``memoryStrategyId`` the strategy that wrote it (``manual`` when none did), ``metadata``
its labels (string values of the memory's indexed STRING keys, engram labels). Reads name owners through
namespaces (``namespace`` or ``namespacePath``: the model requires one); one naming no actor reads
agent-level records plus, for a key not bound to an actor, the records of the most recently active actors and
sessions (at most :data:`FANOUT` scopes). ``createdAt`` is when the record was first written here (kept by
updates); ``timestamp`` is the client's (the source content's time, as BatchCreate and BatchUpdate give it).

Writes follow the key's reach (:func:`writable`): a key bound to one actor writes, updates and deletes only
records of namespaces that resolve to that actor; a namespace naming no actor (outside the templates, or a
template without ``{actorId}``) is memory-wide, read by every actor, and written only by a key without an
actor. A BatchCreate naming a namespace out of the key's reach is refused whole, before anything is stored.

Updates keep engram's history: the new text supersedes the old record as a new engram record, which answers
to the record's ``memoryRecordId`` (:func:`stable_ids`); the old version stays in the history. Batch operations
check every record against the service model first (a malformed batch is refused whole and writes nothing), then
report each record's success or failure.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from ..core.validate import MAX_SUMMARY
from ..engine import Memory
from ..errors import EngramError, NotFound
from ..types import Hit, Record, Scope
from . import idempotency, ids, shapes, state
from . import namespaces as nsmod
from .errors import AccessDeniedException, AwsError, ValidationException, from_engram
from .server import AwsRouter, Call, CallDep, parse_timestamp, timestamp

router = AwsRouter()

FANOUT = 100
NO_STRATEGY = "manual"
BATCH_TOKEN_OP = "batch-create"  # its replies are kept under the memory's agent (erase.py purges them)


# -- shapes -----------------------------------------------------------------------------------------------------
def text_of(rec: Record) -> str:
    if rec.content and rec.content.startswith(rec.summary):
        return rec.content[:16_000]
    return rec.summary


def stable_ids(c: Call, records: Iterable[Record]) -> dict[str, str]:
    """The AWS id of each record that BatchUpdate wrote: the id of the record it updated (BatchUpdate keeps a
    record's id, as the service does; engram keeps the old text as a superseded version). Others keep theirs."""
    updated = [r.id for r in records if r.replaces is not None]
    return state.aliases(c.base.store, updated) if updated else {}


def record_out(rec: Record, score: float | None = None, *, first: dict[str, str] | None = None) -> dict[str, Any]:
    """A record as AWS shows it. ``createdAt``: when the record was written here, the first version's write (an
    update keeps its id and its creation); ``timestamp``: the time of its source content, as the client gave it
    (engram's ``created_at`` of this version)."""
    aws_id = (first or {}).get(rec.id, rec.id)
    out: dict[str, Any] = {"memoryRecordId": ids.record_id_out(aws_id), "content": {"text": text_of(rec)},
                           "memoryStrategyId": rec.provenance.strategy or NO_STRATEGY,
                           "namespaces": [nsmod.to_aws(rec.namespace)],
                           "createdAt": timestamp(ids.record_written(aws_id) or rec.created_at),
                           "timestamp": timestamp(rec.created_at)}
    if rec.labels:
        out["metadata"] = {k: {"stringValue": v} for k, v in list(rec.labels.items())[:20]}
    if score is not None:
        out["score"] = round(float(score), 6)
    return out


def _summary_content(text: str) -> tuple[str, str | None]:
    """engram's (summary, content) for an AgentCore text: short texts are the summary alone."""
    if len(text) <= MAX_SUMMARY:
        return text, None
    cut = text.rfind(" ", 0, MAX_SUMMARY)
    return text[: cut if cut > MAX_SUMMARY // 2 else MAX_SUMMARY], text


def _labels(value: object, field: str) -> dict[str, str]:
    if value is None:
        return {}
    d = shapes.obj(value, field)
    if not 1 <= len(d) <= 20:
        raise ValidationException("must have 1 to 20 entries", field=field)
    out = {}
    for k, v in d.items():
        ids.check(k, ids.METADATA_KEY, f"{field}.key", max_len=128)
        kind, inner = shapes.union(v, f"{field}.{k}", ("stringValue", "stringListValue", "numberValue",
                                                       "dateTimeValue"))
        if kind != "stringValue":
            raise ValidationException(f"{kind} is not supported on engram (labels are strings)",
                                      field=f"{field}.{k}")
        out[k] = ids.check(inner, ids.METADATA_VALUE, f"{field}.{k}.stringValue", max_len=256) or ""
    return out


def _namespace(c: Call, agent: str, value: object, field: str) -> str:
    """An AWS namespace (or prefix) as engram's path for ``agent``'s memory (see :func:`nsmod.to_engram`)."""
    raw = ids.check(value, ids.NAMESPACE, field, max_len=1024) or ""
    return nsmod.to_engram(nsmod.normalize(raw, field), nsmod.templates(c.config(agent)))


# -- owners and scopes ------------------------------------------------------------------------------------------
def _owner_scope(c: Call, agent: str, owner: nsmod.Owner) -> Scope:
    grant = c.grant
    if grant.actor is not None and owner.actor not in (None, grant.actor):
        raise AccessDeniedException("this key is granted one actor; the namespace names another")
    return Scope(agent, owner.actor, owner.session)


def writable(c: Call, owner_actor: str | None, namespace: str) -> None:
    """Refuse a write (create, update, delete) of a record in ``namespace`` owned by ``owner_actor`` unless the
    key reaches it: a key bound to one actor writes only namespaces that resolve to that actor; a namespace
    naming no actor is memory-wide (every actor reads it) and needs a key without an actor."""
    bound = c.grant.actor
    if bound is None or owner_actor == bound:
        return
    where = nsmod.to_aws(namespace)
    if owner_actor is None:
        raise AccessDeniedException(
            f"namespace {where} names no actor (it fills no {{actorId}} of this memory's namespace templates), so "
            f"its records are memory-wide, read by every actor; this key is bound to actor "
            f"{ids.actor_out(bound)} and writes only that actor's namespaces (a template's {{actorId}} filled "
            f"with {ids.actor_out(bound)}): write memory-wide records with a key not bound to an actor")
    raise AccessDeniedException(f"namespace {where} belongs to actor {ids.actor_out(owner_actor)}; this key is "
                                f"bound to actor {ids.actor_out(bound)} and writes only that actor's namespaces")


def _sessions_below(path: str, tmpls: Iterable[str]) -> bool:
    """Whether session-level records could sit under ``path`` (a prefix through an actor, or shorter)."""
    for t in tmpls:
        if "{sessionId}" not in t:
            continue
        head = t.split("{", 1)[0]
        if head.startswith(path) or nsmod.owner(path, [t]).actor is not None:
            return True
    return False


def read_scopes(c: Call, res_agent: str, path: str | None) -> list[Scope]:
    """The scopes a read of namespace ``path`` (None: memory-wide) covers, narrowest owner first."""
    mem = c.view(res_agent)
    tmpls = nsmod.templates(c.config(res_agent))
    owner = nsmod.owner(path, tmpls) if path else nsmod.Owner()
    grant = c.grant
    if owner.actor is None and grant.actor is not None:
        owner = nsmod.Owner(grant.actor)  # an actor-bound key reads its own actor memory-wide
    base = _owner_scope(c, res_agent, owner)
    if owner.session is not None:
        return [base]
    deep = path is None or _sessions_below(path, tmpls)
    scopes = [base]
    if owner.actor is None or deep:
        rows = [(r.get("actor"), r.get("session")) for r in mem.sessions(Scope(res_agent, owner.actor), 1000)]
        rows += [(a, s) for a, s in state.owners(c.base.store, res_agent) if owner.actor is None or a == owner.actor]
        seen: set[tuple[str | None, str | None]] = {(owner.actor, None)}
        for actor, session in rows:
            if actor is None:
                continue
            for key in ((actor, None), (actor, session) if deep else (actor, None)):
                if key not in seen and len(scopes) < FANOUT:
                    seen.add(key)
                    scopes.append(Scope(res_agent, key[0], key[1]))
    return scopes


def find_record(c: Call, agent: str, engram_id: str, namespace: str | None) -> tuple[Scope, Record]:
    """A record of the memory by id: through its namespace when given, else by probing the memory's scopes
    (agent level, then the actors and sessions with events or records written here, newest first).

    A namespace given with the id ("the namespace of the memory record", which AWS authorizes the call by)
    must hold the record, itself or below it: a record elsewhere is not found, so naming one namespace never
    reads, changes or deletes a record of another."""
    candidates: list[Scope] = []
    if namespace is not None:
        candidates += read_scopes(c, agent, namespace)[:1]
    candidates += [s for s in read_scopes(c, agent, None) if s not in candidates]
    for scope in candidates:
        try:
            rec = _view(c, scope).get(scope, engram_id)
        except NotFound:
            continue
        if namespace is not None and not rec.namespace.startswith(namespace):  # both normalised: "/a/b/"
            break
        return scope, rec
    where = f" in namespace {nsmod.to_aws(namespace)}" if namespace is not None else " in this memory"
    raise NotFound(f"no memory record {ids.record_id_out(engram_id)}{where}", field="memoryRecordId")


def _view(c: Call, scope: Scope) -> Memory:
    """The Memory a call on ``scope`` uses (its agent's configuration, narrowed by the key's grant)."""
    return c.view(scope.agent)


def _newest(c: Call, scope: Scope, rec: Record) -> Record:
    """Follow ``superseded_by`` to the record's newest version."""
    seen = 0
    while rec.superseded_by and seen < 100:
        try:
            rec = _view(c, scope).get(scope, rec.superseded_by)
        except NotFound:
            break
        seen += 1
    return rec


# -- filters ----------------------------------------------------------------------------------------------------
def _record_filters(value: object, field: str) -> tuple[dict[str, str], list[tuple[str, str]]]:
    """(labels that must equal, (key, EXISTS|NOT_EXISTS) checks) from metadataFilters."""
    if value is None:
        return {}, []
    exprs = shapes.metadata_filters(value, field, shapes.RECORD_OPERATORS)
    equal: dict[str, str] = {}
    checks: list[tuple[str, str]] = []
    for i, e in enumerate(exprs):
        key, op = e["left"]["metadataKey"], e["operator"]
        if op in ("EXISTS", "NOT_EXISTS"):
            checks.append((key, op))
        elif op == "EQUALS_TO":
            mv = e["right"]["metadataValue"]
            kind, v = shapes.union(mv, f"{field}[{i}].right.metadataValue",
                                   ("stringValue", "stringListValue", "numberValue", "dateTimeValue"))
            if kind != "stringValue":
                raise ValidationException(f"{kind} is not supported on engram (labels are strings)",
                                          field=f"{field}[{i}].right.metadataValue")
            equal[key] = ids.check(v, ids.METADATA_VALUE, f"{field}[{i}].right.metadataValue.stringValue",
                                   max_len=256) or ""
        else:
            raise ValidationException(f"operator {op} is not supported on engram (EQUALS_TO, EXISTS, "
                                      "NOT_EXISTS are)", field=f"{field}[{i}].operator")
    return equal, checks


def _keep(rec: Record, exact: str | None, strategy: str | None, checks: list[tuple[str, str]]) -> bool:
    if exact is not None and rec.namespace != exact:
        return False
    if strategy is not None and (rec.provenance.strategy or NO_STRATEGY) != strategy:
        return False
    return all((k in rec.labels) == (op == "EXISTS") for k, op in checks)


def _where(c: Call, agent: str, body: dict[str, Any]) -> tuple[str, str | None]:
    """(prefix, exact) from ``namespace`` (exact) or ``namespacePath`` (prefix): the model requires one."""
    for name in ("namespace", "namespacePath"):  # each one well-formed first, then the rule between them
        ids.check(body.get(name), ids.NAMESPACE, name, max_len=1024, required=False)
    if body.get("namespace") is not None and body.get("namespacePath") is not None:
        raise ValidationException("give namespace or namespacePath, not both", field="namespacePath")
    if body.get("namespace") is not None:
        exact = _namespace(c, agent, body["namespace"], "namespace")
        return exact, exact
    if body.get("namespacePath") is not None:
        return _namespace(c, agent, body["namespacePath"], "namespacePath"), None
    raise ValidationException("either namespace (exact) or namespacePath (a prefix; \"/\" for the whole memory) "
                              "is required", field="namespace")


def _labels_ok(c: Call, agent: str, labels: dict[str, str], field: str) -> dict[str, str]:
    """The labels, if each key is one the memory indexes (metadata keys are engram labels, declared ahead)."""
    declared = c.config(agent).memory.labels
    for k in labels:
        if k not in declared:
            raise ValidationException(
                f"metadata key {k!r} is not an indexed key of this memory: add it as a STRING indexed key "
                f"(UpdateMemory addIndexedKeys=[{{\"key\": \"{k}\", \"type\": \"STRING\"}}], or indexedKeys on "
                "CreateMemory), then write or filter by it (engram keeps record metadata as the labels its "
                "configuration declares, harness.memory.labels)", field=f"{field}.{k}")
    return labels


# -- reads ------------------------------------------------------------------------------------------------------
@router.post("/memories/{memoryId}/retrieve")
def retrieve(c: CallDep) -> Any:
    body = c.body()
    shapes.only(body, {"namespace", "namespacePath", "searchCriteria", "nextToken", "maxResults"})
    res = c.memory(c.param("memoryId"))
    crit = shapes.obj(body.get("searchCriteria"), "searchCriteria")
    shapes.only(crit, {"searchQuery", "memoryStrategyId", "topK", "metadataFilters"}, "searchCriteria")
    query = shapes.string(crit.get("searchQuery"), "searchCriteria.searchQuery", max_len=10_000)
    top_k = shapes.max_results(crit.get("topK"), 100, default=10, field="searchCriteria.topK")
    strategy = ids.check(crit.get("memoryStrategyId"), ids.STRATEGY_ID, "searchCriteria.memoryStrategyId",
                         max_len=100, required=False)
    equal, checks = _record_filters(crit.get("metadataFilters"), "searchCriteria.metadataFilters")
    _labels_ok(c, res.agent, dict.fromkeys((k for k, _ in checks), "") | equal, "searchCriteria.metadataFilters")
    page = shapes.max_results(body.get("maxResults"), 100, default=top_k)
    prefix, exact = _where(c, res.agent, body)
    scopes = read_scopes(c, res.agent, prefix)
    token_scope = scopes[0]
    kind = shapes.listing("retrieve", query=query, top_k=top_k, prefix=prefix, exact=exact, strategy=strategy,
                          equal=equal, checks=sorted(checks))
    start = _offset(c, kind, token_scope, body.get("nextToken"))
    hits: dict[str, Hit] = {}
    for scope in scopes:
        ask = top_k  # post-filters (exact namespace, strategy, EXISTS) may drop some: ask again for more
        while True:
            # no threshold: the operation answers the topK best with their scores, and clients apply their own
            # relevanceScore (Strands' retrieval config, the harness's 0.2)
            found = _view(c, scope).recall(scope, query, ask, namespace=prefix, labels=equal or None, min_score=0.0)
            kept = [h for h in found if h.record is not None and _keep(h.record, exact, strategy, checks)]
            if len(kept) >= top_k or len(found) < ask or ask >= 1000:
                break
            ask = min(1000, ask * 4)
        for h in kept:
            rec = h.record
            assert rec is not None
            if rec.id not in hits or h.score > hits[rec.id].score:
                hits[rec.id] = h
    ranked = sorted(hits.values(), key=lambda h: -h.score)[:top_k]
    chunk = ranked[start:start + page]
    first = stable_ids(c, [h.record for h in chunk if h.record])
    out: dict[str, Any] = {"memoryRecordSummaries": [record_out(h.record, h.score, first=first) for h in chunk
                                                     if h.record]}
    if len(ranked) > start + page:
        out["nextToken"] = shapes.issue_token(c, kind, token_scope, {"offset": start + page})
    return c.ok(out)


def _offset(c: Call, kind: str, scope: Scope, token: object) -> int:
    """The offset a page token of listing ``kind`` carries (one of another query is refused as another listing's)."""
    if token is None:
        return 0
    off = shapes.open_token(c, kind, scope, token).get("offset")
    if not isinstance(off, int) or off < 0:
        raise ValidationException("is not a token this server issued", field="nextToken")
    return off


@router.post("/memories/{memoryId}/memoryRecords")
def list_records(c: CallDep) -> Any:
    body = c.body()
    shapes.only(body, {"namespace", "namespacePath", "memoryStrategyId", "maxResults", "nextToken",
                       "metadataFilters"})
    res = c.memory(c.param("memoryId"))
    limit = shapes.max_results(body.get("maxResults"), 100, default=20)
    strategy = ids.check(body.get("memoryStrategyId"), ids.STRATEGY_ID, "memoryStrategyId", max_len=100,
                         required=False)
    equal, checks = _record_filters(body.get("metadataFilters"), "metadataFilters")
    _labels_ok(c, res.agent, dict.fromkeys((k for k, _ in checks), "") | equal, "metadataFilters")
    prefix, exact = _where(c, res.agent, body)
    scopes = read_scopes(c, res.agent, prefix)
    kind = shapes.listing("records", prefix=prefix, exact=exact, strategy=strategy, equal=equal,
                          checks=sorted(checks))
    before: tuple[datetime, str] | None = None
    if body.get("nextToken") is not None:
        cur = shapes.open_token(c, kind, scopes[0], body["nextToken"])
        try:
            before = (datetime.fromisoformat(str(cur["at"])), str(cur["id"]))
        except (KeyError, ValueError) as exc:
            raise ValidationException("is not a token this server issued", field="nextToken") from exc
    merged: dict[str, Record] = {}
    for scope in scopes:
        mem = _view(c, scope)
        cursor = before
        while True:  # newest first; filters may drop some, so read on until the page is full
            batch = mem.list(scope, namespace=prefix, labels=equal or None, limit=min(1000, limit * 2 + 1),
                             before=cursor)
            for r in batch:
                if _keep(r, exact, strategy, checks):
                    merged.setdefault(r.id, r)
            kept = sum(1 for r in merged.values() if cursor is None or (r.created_at, r.id) < cursor)
            if len(batch) < limit * 2 + 1 or kept > limit:
                break
            cursor = (batch[-1].created_at, batch[-1].id)
    ordered = sorted(merged.values(), key=lambda r: (r.created_at, r.id), reverse=True)
    page = ordered[:limit]
    first = stable_ids(c, page)
    out: dict[str, Any] = {"memoryRecordSummaries": [record_out(r, first=first) for r in page]}
    if len(ordered) > limit:
        last = page[-1]
        out["nextToken"] = shapes.issue_token(c, kind, scopes[0], {"at": last.created_at.isoformat(), "id": last.id})
    return c.ok(out)


@router.get("/memories/{memoryId}/memoryRecord/{memoryRecordId}")
def get_record(c: CallDep) -> Any:
    res = c.memory(c.param("memoryId"))
    engram_id = ids.record_id_in(c.param("memoryRecordId"))
    ns = c.query("namespace")
    where = _namespace(c, res.agent, ns, "namespace") if ns is not None else None
    scope, rec = find_record(c, res.agent, engram_id, where)
    rec = _newest(c, scope, rec)
    if rec.status == "deleted":
        raise NotFound(f"memory record {c.param('memoryRecordId')} was deleted", field="memoryRecordId")
    return c.ok({"memoryRecord": record_out(rec, first=stable_ids(c, [rec]))})


@router.delete("/memories/{memoryId}/memoryRecords/{memoryRecordId}")
def delete_record(c: CallDep) -> Any:
    res = c.memory(c.param("memoryId"))
    aws_id = c.param("memoryRecordId")
    ns = c.query("namespace")
    _delete_one(c, res.agent, aws_id, _namespace(c, res.agent, ns, "namespace") if ns is not None else None)
    return c.ok({"memoryRecordId": aws_id})


def _delete_one(c: Call, agent: str, aws_id: str, namespace: str | None) -> None:
    if not c.grant.can_delete:
        raise AccessDeniedException("this key may not delete (create it with --delete)")
    scope, rec = find_record(c, agent, ids.record_id_in(aws_id), namespace)
    rec = _newest(c, scope, rec)
    writable(c, rec.actor, rec.namespace)
    if rec.status != "active":
        raise NotFound(f"memory record {aws_id} was already deleted", field="memoryRecordId")
    _view(c, scope).forget(scope, rec.id)


# -- batches ----------------------------------------------------------------------------------------------------
def _failure(exc: AwsError | EngramError, aws_id: str | None, request_id: str | None) -> dict[str, Any]:
    """One failed record as AWS reports it: the HTTP status of its error as ``errorCode``."""
    aws = exc if isinstance(exc, AwsError) else from_engram(exc)
    out: dict[str, Any] = {"memoryRecordId": aws_id or "mem-" + "0" * 36, "status": "FAILED",
                           "errorCode": aws.status, "errorMessage": aws.body()["message"]}
    if request_id is not None:
        out["requestIdentifier"] = request_id
    return out


@dataclass(frozen=True, slots=True)
class _Create:
    """One BatchCreateMemoryRecords record as the service model allows it (the AWS namespace still raw)."""

    rid: str
    namespace: str | None
    text: str
    at: datetime
    strategy: str | None
    labels: dict[str, str]


def _create_input(item: object, i: int) -> _Create:
    """Check one record of a BatchCreate against the service model; every record is checked before any is
    written, so a malformed batch is refused whole and changes nothing."""
    f = f"records[{i}]"
    d = shapes.obj(item, f)
    shapes.only(d, {"requestIdentifier", "namespaces", "content", "timestamp", "memoryStrategyId", "metadata"}, f)
    rid = ids.check(d.get("requestIdentifier"), ids.REQUEST_IDENTIFIER, f"{f}.requestIdentifier", max_len=80) or ""
    nss = shapes.items(d.get("namespaces"), f"{f}.namespaces", max_items=1)
    namespace = ids.check(nss[0], ids.NAMESPACE, f"{f}.namespaces[0]", max_len=1024) if nss else None
    _, text = shapes.union(d.get("content"), f"{f}.content", ("text",))
    text = shapes.string(text, f"{f}.content.text", max_len=16_000)
    if "timestamp" not in d:
        raise ValidationException("is required", field=f"{f}.timestamp")
    at = parse_timestamp(d["timestamp"], f"{f}.timestamp")
    strategy = ids.check(d.get("memoryStrategyId"), ids.STRATEGY_ID, f"{f}.memoryStrategyId", max_len=100,
                         required=False)
    return _Create(rid, namespace, text, at, strategy, _labels(d.get("metadata"), f"{f}.metadata"))


def _strategy_ok(c: Call, agent: str, strategy: str | None, field: str) -> None:
    """Refuse a ``memoryStrategyId`` the memory has no strategy of (``manual``, what records no strategy wrote
    answer, stays allowed): a record must not claim a strategy that never existed here."""
    if strategy is None or strategy == NO_STRATEGY:
        return
    have = {s.strategy_id for s in c.config(agent).memory.strategies}
    if strategy not in have:
        raise ValidationException(f"this memory has no strategy {strategy!r} (its strategies: "
                                  f"{', '.join(sorted(have)) or 'none'}; {NO_STRATEGY!r} for none)", field=field)


def _distinct_requests(records: list[_Create]) -> None:
    """Refuse a batch that gives one ``requestIdentifier`` to two records (the later one is at fault): each
    names its own record in the reply, so a repeat would make the reply ambiguous."""
    seen: set[str] = set()
    for i, new in enumerate(records):
        if new.rid in seen:
            raise ValidationException(f"requestIdentifier {new.rid!r} is given to an earlier record of this batch",
                                      field=f"records[{i}].requestIdentifier")
        seen.add(new.rid)


def _create_one(c: Call, agent: str, new: _Create, i: int) -> dict[str, Any]:
    f = f"records[{i}]"
    _strategy_ok(c, agent, new.strategy, f"{f}.memoryStrategyId")
    path = _namespace(c, agent, new.namespace, f"{f}.namespaces[0]") if new.namespace is not None else "/agent/"
    labels = _labels_ok(c, agent, new.labels, f"{f}.metadata")
    owner = nsmod.owner(path, nsmod.templates(c.config(agent)))
    writable(c, owner.actor, path)
    scope = _owner_scope(c, agent, owner)
    summary, content = _summary_content(new.text)
    with _view(c, scope).turn(scope, extract=False) as t:
        rec = t.remember(summary, content, kind="fact", labels=labels or None, scope=owner.level, namespace=path,
                         strategy=new.strategy, at=new.at)
    if rec.actor is not None:
        state.note_owner(c.base.store, agent, rec.actor, rec.session, datetime.now(UTC))
    return {"memoryRecordId": ids.record_id_out(rec.id), "status": "SUCCEEDED", "requestIdentifier": new.rid}


def _reach(c: Call, agent: str, records: list[_Create]) -> None:
    """Refuse the whole batch, before anything is stored, when a record's namespace is out of the key's reach
    (:func:`writable`), as IAM refuses a request before it runs. A namespace that is malformed fails its record
    alone, later."""
    if c.grant.actor is None:
        return
    tmpls = nsmod.templates(c.config(agent))
    for i, new in enumerate(records):
        try:
            path = _namespace(c, agent, new.namespace, f"records[{i}].namespaces[0]") \
                if new.namespace is not None else "/agent/"
        except ValidationException:
            continue
        writable(c, nsmod.owner(path, tmpls).actor, path)


@router.post("/memories/{memoryId}/memoryRecords/batchCreate")
def batch_create(c: CallDep) -> Any:
    body = c.body()
    shapes.only(body, {"records", "clientToken", "recordExpirySpecification"})
    res = c.memory(c.param("memoryId"))
    if body.get("recordExpirySpecification") is not None:
        raise ValidationException("record expiry is not supported on engram", field="recordExpirySpecification")
    records = [_create_input(item, i)
               for i, item in enumerate(shapes.items(body.get("records"), "records", max_items=100))]
    _distinct_requests(records)
    _reach(c, res.agent, records)
    token = shapes.client_token(body.get("clientToken"))
    digest = idempotency.params(body)
    if token is not None:  # the one token rule (idempotency.py): same parameters replay the first reply
        earlier = idempotency.begin(c.base.store, BATCH_TOKEN_OP, res.agent, token, digest)
        if earlier is not None:
            return c.ok(json.loads(earlier), 201)
    ok, failed = [], []
    try:
        for i, new in enumerate(records):
            try:
                ok.append(_create_one(c, res.agent, new, i))
            except (AwsError, EngramError) as exc:
                failed.append(_failure(exc, None, new.rid))
    finally:
        out = {"successfulRecords": ok, "failedRecords": failed}
        if token is not None:
            idempotency.settle(c.base.store, BATCH_TOKEN_OP, res.agent, token, digest, json.dumps(out))
    return c.ok(out, 201)


@dataclass(frozen=True, slots=True)
class _Update:
    """One BatchUpdateMemoryRecords record as the service model allows it (AWS namespaces still raw)."""

    aws_id: str
    at: datetime  # the update's timestamp: the new text's source time (the record's ``timestamp``)
    source: str | None  # sourceNamespaces[0]: where to find the record
    namespace: str | None  # namespaces[0]: must be the record's own
    strategy: str | None
    text: str | None
    labels: dict[str, str] | None


def _update_input(item: object, i: int) -> _Update:
    """Check one record of a BatchUpdate against the service model, before any record is written."""
    f = f"records[{i}]"
    d = shapes.obj(item, f)
    shapes.only(d, {"memoryRecordId", "timestamp", "content", "namespaces", "sourceNamespaces",
                    "memoryStrategyId", "metadata"}, f)
    aws_id = ids.check(d.get("memoryRecordId"), ids.RECORD_ID, f"{f}.memoryRecordId", min_len=40, max_len=50) or ""
    if "timestamp" not in d:
        raise ValidationException("is required", field=f"{f}.timestamp")
    at = parse_timestamp(d["timestamp"], f"{f}.timestamp")
    found: dict[str, str | None] = {}
    for name in ("sourceNamespaces", "namespaces"):
        given = shapes.items(d[name], f"{f}.{name}", max_items=1) if d.get(name) is not None else []
        found[name] = ids.check(given[0], ids.NAMESPACE, f"{f}.{name}[0]", max_len=1024) if given else None
    strategy = ids.check(d.get("memoryStrategyId"), ids.STRATEGY_ID, f"{f}.memoryStrategyId", max_len=100,
                         required=False)
    text = None
    if d.get("content") is not None:
        _, given_text = shapes.union(d["content"], f"{f}.content", ("text",))
        text = shapes.string(given_text, f"{f}.content.text", max_len=16_000)
    labels = _labels(d["metadata"], f"{f}.metadata") if d.get("metadata") is not None else None
    return _Update(aws_id, at, found["sourceNamespaces"], found["namespaces"], strategy, text, labels)


def _update_one(c: Call, agent: str, up: _Update, i: int) -> dict[str, Any]:
    f = f"records[{i}]"
    first = ids.record_id_in(up.aws_id, f"{f}.memoryRecordId")
    source = _namespace(c, agent, up.source, f"{f}.sourceNamespaces[0]") if up.source is not None else None
    scope, rec = find_record(c, agent, first, source)
    rec = _newest(c, scope, rec)
    writable(c, rec.actor, rec.namespace)
    if up.namespace is not None and _namespace(c, agent, up.namespace, f"{f}.namespaces[0]") != rec.namespace:
        raise ValidationException("moving a record to another namespace is not supported on engram",
                                  field=f"{f}.namespaces")
    if up.strategy is not None and up.strategy != (rec.provenance.strategy or NO_STRATEGY):
        raise ValidationException("changing a record's strategy is not supported on engram",
                                  field=f"{f}.memoryStrategyId")
    change: dict[str, Any] = {"id": rec.id}
    if up.text is not None:
        change["summary"], change["content"] = _summary_content(up.text)
    if up.labels is not None:
        change["labels"] = _labels_ok(c, agent, up.labels, f"{f}.metadata")
    if rec.status != "active":
        raise NotFound(f"memory record {up.aws_id} was deleted", field=f"{f}.memoryRecordId")
    with _view(c, scope).turn(scope, extract=False) as t:  # in place: the new version answers to the same id
        old = t.active_record(rec.id, f"{f}.memoryRecordId")
        new = t.remember(change.get("summary", old.summary), change.get("content", old.content), kind=old.kind,
                         labels=change.get("labels", old.labels), scope=old.level, namespace=old.namespace,
                         replaces=old.id, strategy=old.provenance.strategy, at=up.at)
        state.alias_in(t, new.id, first)
    return {"memoryRecordId": up.aws_id, "status": "SUCCEEDED"}


@router.post("/memories/{memoryId}/memoryRecords/batchUpdate")
def batch_update(c: CallDep) -> Any:
    body = c.body()
    shapes.only(body, {"records", "recordExpirySpecification"})
    res = c.memory(c.param("memoryId"))
    if body.get("recordExpirySpecification") is not None:
        raise ValidationException("record expiry is not supported on engram", field="recordExpirySpecification")
    records = [_update_input(item, i)
               for i, item in enumerate(shapes.items(body.get("records"), "records", max_items=100))]
    ok, failed = [], []
    for i, up in enumerate(records):
        try:
            ok.append(_update_one(c, res.agent, up, i))
        except (AwsError, EngramError) as exc:
            failed.append(_failure(exc, up.aws_id, None))
    return c.ok({"successfulRecords": ok, "failedRecords": failed})


def _delete_input(item: object, i: int) -> tuple[str, str | None]:
    """(memoryRecordId, namespace) of one BatchDelete record, checked before any record is deleted."""
    f = f"records[{i}]"
    d = shapes.obj(item, f)
    shapes.only(d, {"memoryRecordId", "namespace"}, f)
    rid = ids.check(d.get("memoryRecordId"), ids.RECORD_ID, f"{f}.memoryRecordId", min_len=40, max_len=50) or ""
    return rid, ids.check(d.get("namespace"), ids.NAMESPACE, f"{f}.namespace", max_len=1024, required=False)


@router.post("/memories/{memoryId}/memoryRecords/batchDelete")
def batch_delete(c: CallDep) -> Any:
    body = c.body()
    shapes.only(body, {"records"})
    res = c.memory(c.param("memoryId"))
    records = [_delete_input(item, i)
               for i, item in enumerate(shapes.items(body.get("records"), "records", max_items=100))]
    ok, failed = [], []
    for i, (rid, ns) in enumerate(records):
        try:
            where = _namespace(c, res.agent, ns, f"records[{i}].namespace") if ns is not None else None
            _delete_one(c, res.agent, rid, where)
            ok.append({"memoryRecordId": rid, "status": "SUCCEEDED"})
        except (AwsError, EngramError) as exc:
            failed.append(_failure(exc, rid, None))
    return c.ok({"successfulRecords": ok, "failedRecords": failed})
