"""The memory control plane (service ``bedrock-agentcore-control``): CreateMemory, GetMemory, ListMemories,
UpdateMemory, DeleteMemory.

A memory resource is one engram agent (:mod:`engram.agentcore.registry` keeps the mapping). Its
strategies live in two places: as AWS reports them (with ids, templates, status) in the resource's
``doc``, and as the engram strategies of that agent's own configuration (``Memory.configure``), which is
what extraction runs (:mod:`engram.agentcore.strategies` maps one onto the other). Every change writes
both, and only what the request names changes (the agent's other settings stay).

Which agent: each new memory gets an engram agent of its own, named by the memory id (``MyMemory-
abc1234567`` is a valid engram id), and remembers the agent of the key that made it as ``doc["owner"]``;
a key reaches the memories on its own agent and those its agent made (:func:`reaches`), so one set of
credentials can run the document's flow (a managed memory, then a second memory attached as BYO).

Managed memory (made by CreateHarness) carries ``managedByResourceArn``: its strategies change only
through UpdateHarness, and DeleteMemory refuses it (the document: "Managed memory cannot be deleted
directly through the Memory APIs"). A harness that lets its managed memory go leaves a regular memory, name
and all, to the user; so a managed memory takes the first of ``NAME``, ``NAME_2``, ``NAME_3``, … its owner has
no memory of (:func:`managed_names`): the caller never named it, so a taken name is no error of theirs.

DeleteMemory erases the memory's data (every actor's events and records, then the agent's own records),
since a deleted AgentCore memory takes its contents with it; it answers ``DELETING`` as AWS does and the
memory is gone at once.
"""

from __future__ import annotations

import itertools
import json
import re
from collections.abc import Iterator, Mapping
from datetime import UTC, datetime
from typing import Any

from ..core import event_expiry
from ..engine import Memory
from ..errors import ConflictError, EngramError, NotFound, ValidationError
from ..grants import Grant
from ..stores.base import Store
from . import harness_spec as spec
from . import idempotency, ids, registry, state
from . import strategies as st

MANAGED = "managedByResourceArn"
OWNER = "owner"
DOC_FIELDS = ("encryptionKeyArn", "memoryExecutionRoleArn", "tags", "indexedKeys", "namespaceKeys")
ALL_LEVELS = ["session", "actor", "agent"]
MAX_RESULTS = 100
MAX_NAMESPACE_KEYS = 5
NAMESPACE_KEY = re.compile(r"(?!memoryStrategyId$|actorId$|sessionId$)[a-z][a-z0-9]*")
ALLOWED_VALUE = re.compile(r"[a-z0-9][a-z0-9-_]*")
MAX_NAME = 48  # characters of a memory name ([a-zA-Z][a-zA-Z0-9_]{0,47})
NAME_ATTEMPTS = 5  # a managed memory's name is sought again this often when concurrent creates take the one found


def _now(base: Memory) -> datetime:
    return base.now().astimezone(UTC)


def _ts(at: datetime) -> float:
    return at.astimezone(UTC).timestamp()


# -- the engram side: the agent's configuration ---------------------------------------------------------------


def engram_patch(strategies: list[dict[str, Any]], expiry_days: int,
                 indexed: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    """The part of the agent's engram configuration a memory resource decides (``update``-applied).

    Each indexed key is a label of the agent, numbered by its place in ``indexedKeys`` (keys are only ever
    added, so a label keeps its number), which makes it record metadata and a filter."""
    # no "enabled" key: that is the Twisp shape's marker, whose defaults (a memory review when no strategy is
    # listed) AgentCore does not have; a memory without strategies keeps events only
    memory: dict[str, Any] = {"scope": {"read": ALL_LEVELS, "write": ALL_LEVELS},
                              "strategies": [st.to_engram(s) for s in strategies],
                              "extraction": {"review": False}}
    if indexed:
        memory["labels"] = {k["key"]: {"number": i + 1, "description": f"indexed key {k['key']} ({k['type']})"}
                            for i, k in enumerate(indexed)}
    return {"harness": {"memory": memory, "history": {"eventExpiryDuration": expiry_days}}}


def configure_agent(base: Memory, res: registry.MemoryResource) -> None:
    base.configure(res.agent, engram_patch(list(res.doc.get("strategies") or []), res.event_expiry_days,
                                           list(res.doc.get("indexedKeys") or [])), update=True)


def indexed_keys(value: Any, field: str, *, have: list[dict[str, Any]] | None = None) -> list[dict[str, Any]]:
    """``indexedKeys`` as the model states them (1 to 10 ``{key, type}``), each one an engram label: STRING
    values only, and names of letters, digits and '_'; ``have`` are the keys already declared."""
    if not isinstance(value, list) or not 1 <= len(value) <= 10:
        raise ValidationError("must be a list of 1 to 10 indexed keys", field=field)
    out = list(have or [])
    for i, item in enumerate(value):
        where = f"{field}[{i}]"
        spec.keys(spec.obj(item, where), where, ("key", "type"), ("key", "type"))
        name, kind = item["key"], item["type"]
        if not isinstance(name, str) or not 1 <= len(name) <= 64 or not name.replace("_", "").isalnum():
            raise ValidationError("engram indexes keys of 1 to 64 letters, digits and '_'", field=f"{where}.key")
        if kind not in ("STRING", "STRINGLIST", "NUMBER"):
            raise ValidationError("must be STRING, STRINGLIST or NUMBER", field=f"{where}.type")
        if kind != "STRING":
            raise ValidationError(f"{kind} keys are not supported on engram (labels are strings)",
                                  field=f"{where}.type")
        if any(k["key"] == name for k in out):
            raise ValidationError(f"key {name!r} is already indexed", field=f"{where}.key")
        out.append({"key": name, "type": kind})
    if len(out) > 10:
        raise ValidationError("a memory indexes at most 10 keys", field=field)
    return out


def namespace_keys(value: Any, field: str) -> list[dict[str, Any]]:
    """``namespaceKeys`` as the model states them (at most 5 ``{key, validation}``). engram only keeps and
    reports them, so what it keeps must be what the model allows: GetMemory answers it to every client."""
    if not isinstance(value, list) or len(value) > MAX_NAMESPACE_KEYS:
        raise ValidationError(f"must be a list of at most {MAX_NAMESPACE_KEYS} namespace keys", field=field)
    out = []
    for i, item in enumerate(value):
        where = f"{field}[{i}]"
        spec.keys(spec.obj(item, where), where, ("key", "validation"), ("key",))
        key = spec.text(item["key"], f"{where}.key", 1, 32)
        spec.match(NAMESPACE_KEY, key, f"{where}.key", "lower-case letters and digits, starting with a letter "
                                                       "(not memoryStrategyId, actorId or sessionId)")
        if item.get("validation") is not None:
            rule = f"{where}.validation"
            spec.keys(spec.obj(item["validation"], rule), rule, ("allowedValues", "regexPattern"))
            allowed = item["validation"].get("allowedValues")
            if allowed is not None:
                if not isinstance(allowed, list) or not 1 <= len(allowed) <= 10:
                    raise ValidationError("must be a list of 1 to 10 values", field=f"{rule}.allowedValues")
                for j, v in enumerate(allowed):
                    spec.match(ALLOWED_VALUE, spec.text(v, f"{rule}.allowedValues[{j}]", 1, 64),
                               f"{rule}.allowedValues[{j}]", "lower-case letters, digits, '-' and '_'")
            if item["validation"].get("regexPattern") is not None:
                spec.text(item["validation"]["regexPattern"], f"{rule}.regexPattern", 1, 64)
        out.append(dict(item))
    return out


# -- the AWS side: shapes -------------------------------------------------------------------------------------


def shape(res: registry.MemoryResource, *, status: str | None = None) -> dict[str, Any]:
    """The ``Memory`` structure of GetMemory / CreateMemory / UpdateMemory."""
    out: dict[str, Any] = {"arn": res.arn, "id": res.id, "name": res.name, "status": status or res.status,
                           "eventExpiryDuration": res.event_expiry_days, "createdAt": _ts(res.created_at),
                           "updatedAt": _ts(res.updated_at), "strategies": list(res.doc.get("strategies") or [])}
    if res.description is not None:
        out["description"] = res.description
    for name in ("encryptionKeyArn", "memoryExecutionRoleArn", "indexedKeys", "namespaceKeys", MANAGED):
        if res.doc.get(name) is not None:
            out[name] = res.doc[name]
    return out


def summary(res: registry.MemoryResource) -> dict[str, Any]:
    out: dict[str, Any] = {"arn": res.arn, "id": res.id, "status": res.status, "createdAt": _ts(res.created_at),
                           "updatedAt": _ts(res.updated_at)}
    if res.doc.get(MANAGED):
        out[MANAGED] = res.doc[MANAGED]
    return out


# -- operations -----------------------------------------------------------------------------------------------


def _check_arn(value: Any, field: str) -> str:
    return spec.match(spec.re.compile(r"arn:[a-z0-9-\.]{1,63}:[a-z0-9-\.]{0,63}:[a-z0-9-\.]{0,63}:"
                                      r"[a-z0-9-\.]{0,63}:[^/].{0,1023}"), value, field, "an ARN")


def _expiry(value: Any, field: str = "eventExpiryDuration") -> int:
    return event_expiry.check_days(value, field)


def reaches(grant: Grant, res: registry.MemoryResource) -> bool:
    """A grant reaches a memory on its own agent, or one its agent created (``doc["owner"]``)."""
    return grant.agent is None or res.agent == grant.agent or res.doc.get(OWNER) == grant.agent


def find(store: Store, grant: Grant, raw_id: str, field: str = "memoryId") -> registry.MemoryResource:
    """The memory ``raw_id`` (an id or ARN) names, if the grant reaches it. Another tenant's memory answers as a
    missing one does, the very same NotFound (naming ``field``), so no tenant learns another's memories exist."""
    try:
        res = registry.get(store, raw_id)
        if reaches(grant, res):
            return res
        missing = f"memory {res.id} does not exist"
    except NotFound as exc:
        missing = exc.message
    raise NotFound(missing, field=field)


def create(base: Memory, grant: Grant, body: Mapping[str, Any], *, region: str, account: str,
           managed_by: str | None = None, managed_field: str = "memory") -> registry.MemoryResource:
    """CreateMemory: check everything first, then register the resource and configure its agent.

    ``managed_by`` (CreateHarness / UpdateHarness) makes a harness's managed memory: ``body["name"]`` is the
    name it would like, and it takes the first free one (:func:`managed_names`); ``managed_field`` is the field
    of the harness request a failure to find one is blamed on."""
    spec.keys(body, "", ("clientToken", "name", "description", "encryptionKeyArn", "memoryExecutionRoleArn",
                          "eventExpiryDuration", "memoryStrategies", "indexedKeys", "namespaceKeys",
                          "streamDeliveryResources", "tags"), ("name", "eventExpiryDuration"))
    token = body.get("clientToken")
    if token is not None:
        spec.text(token, "clientToken", 0, 500)
    name = st.check_name(body["name"], "name")
    description = st.check_description(body.get("description"), "description")
    expiry = _expiry(body["eventExpiryDuration"])
    if body.get("streamDeliveryResources") is not None:
        raise ValidationError("stream delivery (Kinesis) is not supported by engram", field="streamDeliveryResources")
    doc: dict[str, Any] = {}
    for name_ in ("encryptionKeyArn", "memoryExecutionRoleArn"):
        if body.get(name_) is not None:
            doc[name_] = _check_arn(body[name_], name_)
    if body.get("tags") is not None:
        doc["tags"] = spec.tags(body["tags"])
    if body.get("indexedKeys") is not None:
        doc["indexedKeys"] = indexed_keys(body["indexedKeys"], "indexedKeys")
    if body.get("namespaceKeys") is not None:
        doc["namespaceKeys"] = namespace_keys(body["namespaceKeys"], "namespaceKeys")
    now = _now(base)
    doc["strategies"] = st.parse_inputs(body.get("memoryStrategies"), "memoryStrategies", _ts(now))
    if managed_by:
        doc[MANAGED] = managed_by
    doc[OWNER] = grant.agent
    owner = grant.agent or ""

    def run() -> tuple[registry.MemoryResource, str]:
        if managed_by:
            chosen, memory_id = _claim_managed_name(base, owner, name, managed_field)
        else:
            chosen, memory_id = name, ids.new_memory_id(name)
            if not _claim_name(base, owner, name, memory_id):
                raise ValidationError(f"Memory with name {name} already exists", field="name")
        try:
            res = registry.create(base.store, memory_id, chosen, region=region, account=account,
                                  description=description, event_expiry_days=expiry, doc=doc, memory_id=memory_id,
                                  now=now)
            configure_agent(base, res)
        except EngramError:
            state.free_name(base.store, owner, chosen, held_by=memory_id)
            state.drop_memory(base.store, memory_id)  # registered, then its configuration was refused
            raise
        return res, res.id

    return idempotency.once(base.store, "create-memory", owner, token, body, run, lambda mid: _created(base, mid))


def _names_of(base: Memory, owner: str) -> set[str]:
    """The names of the owner's memories (another owner's never count: tenants never meet)."""
    return {r.name for r in registry.list_all(base.store) if (r.doc.get(OWNER) or "") == owner}


def _claim_name(base: Memory, owner: str, name: str, memory_id: str) -> bool:
    """Claim ``name`` among the owner's memories for ``memory_id``; False when one of them holds it (AWS refuses a
    second memory of one name in an account; the SDK's ``create_or_get_memory`` relies on that refusal). A name
    whose memory is gone is free again."""
    if name in _names_of(base, owner):
        return False
    return state.claim_name(base.store, owner, name, memory_id)


def managed_names(wanted: str) -> Iterator[str]:
    """The names a managed memory may take, in order: ``wanted``, then ``wanted_2``, ``wanted_3``, … (``wanted``
    cut short so each fits :data:`MAX_NAME`; the number, last, keeps them apart)."""
    yield wanted[:MAX_NAME]
    for n in itertools.count(2):
        tail = f"_{n}"
        yield wanted[:MAX_NAME - len(tail)] + tail


def _claim_managed_name(base: Memory, owner: str, wanted: str, field: str) -> tuple[str, str]:
    """Claim a free name for a harness's managed memory, and its memory id. A memory the harness let go keeps its
    name (it is the user's now), so a later managed memory of the harness (re-enabled, or a new harness of the
    same name) takes the next free one rather than refuse a name the request never gave. Concurrent creates may
    take the name found first: it is sought again, :data:`NAME_ATTEMPTS` times at most, then the request is told
    to retry (a ConflictError naming ``field``, a field of the harness request)."""
    for _ in range(NAME_ATTEMPTS):
        held = _names_of(base, owner)
        name = next(n for n in managed_names(wanted) if n not in held)
        memory_id = ids.new_memory_id(name)
        if _claim_name(base, owner, name, memory_id):
            return name, memory_id
    raise ConflictError("other memories were being created at the same time and took every name tried for this "
                        "harness's managed memory; try again", field=field)


def _created(base: Memory, memory_id: str) -> registry.MemoryResource:
    """The memory an earlier create with the same client token made (deleted since: a ConflictError)."""
    try:
        return registry.get(base.store, memory_id)
    except NotFound:
        raise ConflictError("the memory a CreateMemory with this clientToken made is gone; create it with "
                            "another clientToken", field="clientToken") from None


def visible(base: Memory, grant: Grant) -> list[registry.MemoryResource]:
    """Every memory the grant reaches, oldest first."""
    return [res for res in registry.list_all(base.store) if reaches(grant, res)]


def list_page(base: Memory, grant: Grant, body: Mapping[str, Any], first: Any = None) -> dict[str, Any]:
    """ListMemories: ``maxResults`` (1-100, default 100) memories from ``first`` (an id; None: the oldest) and, in
    ``nextToken``, the next page's first (the route sends it as a page token: :class:`.shapes.CallerPages`)."""
    spec.keys(body, "", ("maxResults", "nextToken"))
    limit = spec.integer(body["maxResults"], "maxResults", 1, MAX_RESULTS) if body.get("maxResults") is not None \
        else MAX_RESULTS
    found = visible(base, grant)
    start = 0
    if first is not None:
        ids_ = [r.id for r in found]
        if first not in ids_:
            raise ValidationError("names a memory that is gone since; list again from the start", field="nextToken")
        start = ids_.index(first)
    page = found[start:start + limit]
    out: dict[str, Any] = {"memories": [summary(r) for r in page]}
    if start + limit < len(found):
        out["nextToken"] = found[start + limit].id
    return out


def update(base: Memory, res: registry.MemoryResource, body: Mapping[str, Any], *,
           via_harness: bool = False) -> registry.MemoryResource:
    """UpdateMemory: description, eventExpiryDuration, role, and add / modify / delete strategies."""
    spec.keys(body, "", ("clientToken", "memoryId", "description", "eventExpiryDuration",
                          "memoryExecutionRoleArn", "memoryStrategies", "addIndexedKeys", "namespaceKeys",
                          "streamDeliveryResources"))
    token = body.get("clientToken")
    if token is not None:
        spec.text(token, "clientToken", 0, 500)

    def run() -> tuple[registry.MemoryResource, str]:
        new = _update(base, res, body, via_harness=via_harness)
        return new, new.to_json()

    return idempotency.once(base.store, "update-memory", res.agent, token, {**body, "memoryId": res.id}, run,
                            registry.MemoryResource.from_json)


def _update(base: Memory, res: registry.MemoryResource, body: Mapping[str, Any], *,
            via_harness: bool) -> registry.MemoryResource:
    if body.get("streamDeliveryResources") is not None:
        raise ValidationError("stream delivery (Kinesis) is not supported by engram", field="streamDeliveryResources")
    changes: dict[str, Any] = {}
    doc = json.loads(json.dumps(res.doc))
    if body.get("description") is not None:
        changes["description"] = st.check_description(body["description"], "description")
    if body.get("eventExpiryDuration") is not None:
        changes["event_expiry_days"] = _expiry(body["eventExpiryDuration"])
    if body.get("memoryExecutionRoleArn") is not None:
        doc["memoryExecutionRoleArn"] = _check_arn(body["memoryExecutionRoleArn"], "memoryExecutionRoleArn")
    if body.get("addIndexedKeys") is not None:
        doc["indexedKeys"] = indexed_keys(body["addIndexedKeys"], "addIndexedKeys", have=doc.get("indexedKeys"))
    if body.get("namespaceKeys") is not None:
        doc["namespaceKeys"] = namespace_keys(body["namespaceKeys"], "namespaceKeys")
    if body.get("memoryStrategies") is not None:
        if doc.get(MANAGED) and not via_harness:
            raise ValidationError(f"this memory is managed by {doc[MANAGED]}; change its strategies with "
                                  "UpdateHarness", field="memoryStrategies")
        doc["strategies"] = _strategy_changes(list(doc.get("strategies") or []), body["memoryStrategies"],
                                              _ts(_now(base)))
    new = registry.update(base.store, res.id, doc=doc, now=_now(base), **changes)
    try:
        configure_agent(base, new)
    except ValidationError:
        registry.update(base.store, res.id, doc=res.doc, description=res.description,
                        event_expiry_days=res.event_expiry_days)
        raise
    return new


def _strategy_ids(o: Mapping[str, Any], name: str, by_id: Mapping[str, int]) -> list[tuple[str, str, Any]]:
    """(where, strategy id, item) of each item of the ``name`` list of a ``memoryStrategies`` change: a list
    of objects naming a strategy id (ValidationError), of this memory (NotFound)."""
    field = f"memoryStrategies.{name}"
    items = o.get(name)
    if items is None:
        return []
    if not isinstance(items, list):
        raise ValidationError("must be a list", field=field)
    out = []
    for i, item in enumerate(items):
        where = f"{field}[{i}]"
        sid = spec.text(spec.obj(item, where).get("memoryStrategyId"), f"{where}.memoryStrategyId")
        if sid not in by_id:
            raise NotFound(f"no strategy {sid!r} in this memory", field=f"{where}.memoryStrategyId")
        out.append((where, sid, item))
    return out


def _strategy_changes(current: list[dict[str, Any]], change: Any, now: float) -> list[dict[str, Any]]:
    field = "memoryStrategies"
    o = spec.obj(change, field)
    spec.keys(o, field, ("addMemoryStrategies", "modifyMemoryStrategies", "deleteMemoryStrategies"))
    by_id = {s["strategyId"]: i for i, s in enumerate(current)}
    out = list(current)
    for where, sid, item in _strategy_ids(o, "modifyMemoryStrategies", by_id):
        out[by_id[sid]] = st.modify(out[by_id[sid]], item, where, now)
    gone: set[str] = set()
    for where, sid, item in _strategy_ids(o, "deleteMemoryStrategies", by_id):
        spec.keys(item, where, ("memoryStrategyId",), ("memoryStrategyId",))
        gone.add(sid)
    out = [s for s in out if s["strategyId"] not in gone]
    added = st.parse_inputs(o.get("addMemoryStrategies"), f"{field}.addMemoryStrategies", now, existing=out)
    return out + added


def delete(base: Memory, res: registry.MemoryResource, *, via_harness: bool = False) -> registry.MemoryResource:
    """DeleteMemory: erase its data, forget the resource, configure its agent with no strategies."""
    if res.doc.get(MANAGED) and not via_harness:
        raise ValidationError(f"this memory is managed by {res.doc[MANAGED]}; disassociate it with UpdateHarness "
                              "or delete the harness", field="memoryId")
    erase_agent(base, res.agent)
    gone = registry.delete(base.store, res.id)
    state.free_name(base.store, res.doc.get(OWNER) or "", res.name, held_by=res.id)
    base.configure(res.agent, engram_patch([], res.event_expiry_days), update=True)
    return gone


def disassociate(base: Memory, res: registry.MemoryResource) -> registry.MemoryResource:
    """Turn managed memory into a regular memory resource (no ``managedByResourceArn``)."""
    doc = dict(res.doc)
    doc.pop(MANAGED, None)
    return registry.update(base.store, res.id, doc=doc, now=_now(base))


def erase_agent(base: Memory, agent: str) -> None:
    """Delete the agent's data: each actor's events and records are erased (hard); agent-level records,
    which no actor holds, are forgotten (out of every read; their versions stay until erased)."""
    from ..types import Scope

    scope = Scope(agent=agent)
    actors: set[str] = set()
    while True:
        sessions = base.sessions(scope, limit=1000)
        fresh = {s["actor"] for s in sessions if s.get("actor") and s["actor"] not in actors}
        if not fresh:
            break
        for actor in sorted(fresh):
            base.erase(scope, actor=actor)
            actors.add(actor)
    while True:  # agent-level records (namespaces without {actorId}): no actor erase reaches them
        records = base.list(scope, limit=500)
        if not records:
            break
        for rec in records:
            base.forget(scope, rec.id)
