"""Harnesses: CreateHarness, GetHarness, UpdateHarness, ListHarnesses, DeleteHarness, and the memory side of
InvokeHarness.

A harness is a stored document (the ``Harness`` structure GetHarness answers, every version kept) plus a
memory: *managed* (CreateHarness makes a memory resource for it, default strategies SEMANTIC and
SUMMARIZATION, 30-day event expiry, ``managedByResourceArn`` = the harness), *bring-your-own*
(``agentCoreMemoryConfiguration.arn`` names an existing memory) or *disabled*. Documents live in the meta
table through :mod:`.state`: the current one, each version, and one list row per harness.

UpdateHarness changes only the fields it names; ``memory`` comes wrapped in ``optionalValue``:
``managedMemoryConfiguration`` on a managed harness changes its memory's strategies (added ones get new
strategy ids, kept ones keep theirs, dropped ones go) and expiry; switching to BYO or ``disabled``
disassociates the managed memory (it becomes a regular memory resource). DeleteHarness cascade-deletes the
managed memory unless ``deleteManagedMemory=false``, which disassociates it instead.

A disassociated memory is the user's from then on, so ``managedMemoryConfiguration`` on a harness that is
disabled or BYO makes a new managed memory (what the request leaves out takes the defaults) and never takes the
old one back. A managed memory is named ``<harnessName>Memory``, or the next free ``<harnessName>Memory_2``, …
when a memory of the caller's holds that name (a detached one, say): :func:`.memories.managed_names`.
"""

from __future__ import annotations

import fnmatch
import json
from collections.abc import Mapping
from datetime import UTC, datetime
from typing import Any

import pydantic

from .. import config as cfgmod
from ..core import strategy_types
from ..engine import Memory
from ..errors import ConfigError, ConflictError, NotFound, ValidationError
from ..grants import Grant
from . import harness_spec as spec
from . import idempotency, memories, registry, state
from . import strategies as st

OWNER = "_owner"
DEFAULT_TRUNCATION = {"strategy": "sliding_window"}
CREATE_FIELDS = ("harnessName", "clientToken", "executionRoleArn", "environment", "environmentArtifact",
                 "environmentVariables", "authorizerConfiguration", "model", "systemPrompt", "tools", "skills",
                 "allowedTools", "memory", "truncation", "hooks", "maxIterations", "maxTokens", "timeoutSeconds",
                 "tags")
UPDATE_FIELDS = (*(f for f in CREATE_FIELDS if f not in ("harnessName", "tags")), "harnessId")
MAX_RESULTS = 100


def _now(base: Memory) -> datetime:
    return base.now().astimezone(UTC)


def _iso(at: datetime) -> str:
    return at.astimezone(UTC).isoformat().replace("+00:00", "Z")


def arn_of(harness_id: str, region: str, account: str) -> str:
    return f"arn:aws:bedrock-agentcore:{region}:{account}:harness/{harness_id}"


# -- storage (state.py) -----------------------------------------------------------------------------------------


def _put(base: Memory, doc: dict[str, Any], *, new: bool = False) -> None:
    state.save_harness(base.store, doc, created=datetime.now(UTC) if new else None)


def _load(base: Memory, harness_id: str, version: str | None = None) -> dict[str, Any] | None:
    return state.harness(base.store, harness_id, version)


def get(base: Memory, grant: Grant, harness_id: Any, version: Any = None) -> dict[str, Any]:
    """The harness (a given ``harnessVersion`` of it) if the grant reaches it; ResourceNotFound otherwise."""
    hid = spec.match(spec.HARNESS_ID, harness_id, "harnessId", "a harness id (NAME-xxxxxxxxxx)")
    if version is not None:
        spec.match(spec.re.compile(r"[1-9][0-9]{0,4}"), version, "harnessVersion", "a version number")
    doc = _load(base, hid)
    if doc is None or (grant.agent is not None and doc.get(OWNER) != grant.agent):
        raise NotFound(f"harness {hid} does not exist", field="harnessId")
    if version is not None:
        old = _load(base, hid, str(version))
        if old is None:
            raise NotFound(f"harness {hid} has no version {version}", field="harnessVersion")
        return old
    return doc


def by_arn(base: Memory, grant: Grant, arn: Any) -> dict[str, Any]:
    """The harness an ARN names (InvokeHarness)."""
    m = spec.HARNESS_ARN.fullmatch(arn) if isinstance(arn, str) else None
    if m is None:
        raise ValidationError("must be a harness ARN (arn:aws:bedrock-agentcore:REGION:ACCOUNT:harness/ID)",
                              field="harnessArn")
    return get(base, grant, m.group(2))


def put_tags(base: Memory, doc: dict[str, Any]) -> None:
    """Store a harness's new tags on its current document (tags are no configuration: no new version)."""
    state.save_harness(base.store, doc, versioned=False)


def shape(doc: Mapping[str, Any], base: Memory, *, status: str | None = None) -> dict[str, Any]:
    """The ``Harness`` structure: the stored document without engram's own keys and its tags (read with
    ListTagsForResource), with the members the model requires filled in: ``model`` (what engram runs when
    none was given: its offline default) and ``environment`` (this server, in the runtime environment's shape)."""
    out = {k: v for k, v in doc.items() if not k.startswith("_") and k != "tags"}
    out.setdefault("model", {"bedrockModelConfig": {"modelId": spec.OFFLINE_MODEL_ID}})
    out.setdefault("environment", {"agentCoreRuntimeEnvironment": {
        "agentRuntimeArn": doc["arn"].replace(":harness/", ":runtime/"), "agentRuntimeName": doc["harnessName"],
        "agentRuntimeId": doc["harnessId"], "lifecycleConfiguration": {}, "networkConfiguration": {
            "networkMode": "PUBLIC"}}})
    if status:
        out["status"] = status
    return out


def summary(doc: Mapping[str, Any]) -> dict[str, Any]:
    return {k: doc[k] for k in ("harnessId", "harnessName", "arn", "status", "createdAt", "updatedAt",
                                "harnessVersion") if k in doc}


# -- memory of a harness ----------------------------------------------------------------------------------------


def _managed_inputs(types: list[str]) -> list[dict[str, Any]]:
    kinds = [strategy_types.BY_NAME[t] for t in types]
    return [{k.member: {"name": k.managed_name, "namespaceTemplates": [k.namespace]}} for k in kinds]


def _make_managed(base: Memory, grant: Grant, name: str, cfg: Mapping[str, Any], arn: str, *, region: str,
                  account: str, field: str) -> dict[str, Any]:
    """Make harness ``arn``'s managed memory, named after harness ``name`` (the first free such name: a memory
    the harness let go keeps its own); ``field``: the harness request's field any failure is blamed on."""
    types = list(cfg.get("strategies") or spec.DEFAULT_MANAGED)
    expiry = int(cfg.get("eventExpiryDuration") or spec.DEFAULT_EXPIRY_DAYS)
    body: dict[str, Any] = {"name": f"{name}Memory"[:memories.MAX_NAME], "eventExpiryDuration": expiry,
                            "memoryStrategies": _managed_inputs(types),
                            "description": f"Managed memory of harness {name}"}
    if cfg.get("encryptionKeyArn"):
        body["encryptionKeyArn"] = cfg["encryptionKeyArn"]
    res = memories.create(base, grant, body, region=region, account=account, managed_by=arn, managed_field=field)
    out: dict[str, Any] = {"arn": res.arn, "strategies": types, "eventExpiryDuration": expiry}
    if cfg.get("encryptionKeyArn"):
        out["encryptionKeyArn"] = cfg["encryptionKeyArn"]
    return {"managedMemoryConfiguration": out}


def _update_managed(base: Memory, current: Mapping[str, Any], change: Mapping[str, Any]) -> dict[str, Any]:
    """Apply a managed configuration to the harness's existing managed memory: only what it names."""
    res = registry.get(base.store, current["arn"])
    types = list(change.get("strategies") or current.get("strategies") or spec.DEFAULT_MANAGED)
    have = {s["type"]: s["strategyId"] for s in res.doc.get("strategies") or []}
    body: dict[str, Any] = {"memoryStrategies": {
        "addMemoryStrategies": _managed_inputs([t for t in types if t not in have]),
        "deleteMemoryStrategies": [{"memoryStrategyId": sid} for t, sid in have.items() if t not in types]}}
    expiry = change.get("eventExpiryDuration")
    if expiry is not None:
        body["eventExpiryDuration"] = expiry
    memories.update(base, res, body, via_harness=True)
    out = dict(current)
    out["strategies"] = types
    if expiry is not None:
        out["eventExpiryDuration"] = expiry
    if change.get("encryptionKeyArn"):
        out["encryptionKeyArn"] = change["encryptionKeyArn"]
    return {"managedMemoryConfiguration": out}


def _byo(base: Memory, grant: Grant, cfg: Mapping[str, Any]) -> dict[str, Any]:
    """A bring-your-own memory the grant reaches; another tenant's is refused as a missing one is, named as the
    request names it (CreateHarness answers that NotFound as a ValidationException, its model lists no 404)."""
    memories.find(base.store, grant, cfg["arn"], field="memory.arn")
    return {"agentCoreMemoryConfiguration": dict(cfg)}


def managed_resource(base: Memory, doc: Mapping[str, Any]) -> registry.MemoryResource | None:
    managed = (doc.get("memory") or {}).get("managedMemoryConfiguration")
    if not managed or not managed.get("arn"):
        return None
    try:
        return registry.get(base.store, managed["arn"])
    except NotFound:
        return None


def _release(base: Memory, doc: Mapping[str, Any], *, delete: bool) -> None:
    """Let go of the harness's managed memory: delete it (cascade) or disassociate it."""
    res = managed_resource(base, doc)
    if res is None or res.doc.get(memories.MANAGED) != doc["arn"]:
        return
    if delete:
        memories.delete(base, res, via_harness=True)
    else:
        memories.disassociate(base, res)


# -- operations -------------------------------------------------------------------------------------------------


def _common(body: Mapping[str, Any], out: dict[str, Any]) -> None:
    """The fields Create and Update share, checked into ``out`` (only those given)."""
    spec.refuse_unsupported(body)
    if body.get("executionRoleArn") is not None:
        out["executionRoleArn"] = spec.match(spec.ROLE_ARN, body["executionRoleArn"], "executionRoleArn",
                                             "an IAM role ARN (arn:aws:iam::ACCOUNT:role/NAME)")
    if body.get("model") is not None:
        out["model"] = spec.model(body["model"])
    if body.get("systemPrompt") is not None:
        out["systemPrompt"] = spec.system_prompt(body["systemPrompt"])
    if body.get("allowedTools") is not None:
        out["allowedTools"] = spec.allowed_tools(body["allowedTools"])
    if body.get("truncation") is not None:
        out["truncation"] = spec.truncation(body["truncation"])
    out.update(spec.limits(body))
    _token(body.get("clientToken"))


def _token(token: Any) -> str | None:
    """A harness operation's ``clientToken``: 33 to 256 letters, digits and '-'."""
    if token is not None:
        spec.match(spec.CLIENT_TOKEN, token, "clientToken", "33-256 letters, digits and '-'")
        if not 33 <= len(token) <= 256:  # the pattern bounds its repeats, not the length
            raise ValidationError("must be 33 to 256 characters", field="clientToken")
    return token if isinstance(token, str) else None


def create(base: Memory, grant: Grant, body: Mapping[str, Any], *, region: str, account: str) -> dict[str, Any]:
    """CreateHarness: check, make the managed memory (unless BYO or disabled), store version 1."""
    spec.keys(body, "", CREATE_FIELDS, ("harnessName", "executionRoleArn"))
    name = spec.match(spec.HARNESS_NAME, body["harnessName"], "harnessName", "[a-zA-Z][a-zA-Z0-9_]{0,39}")
    checked: dict[str, Any] = {}
    _common(body, checked)
    memory_cfg = spec.memory(body["memory"]) if body.get("memory") is not None else {"managedMemoryConfiguration": {}}
    tags = spec.tags(body["tags"]) if body.get("tags") is not None else None

    def run() -> tuple[dict[str, Any], str]:
        for hid in state.harness_ids(base.store):
            other = _load(base, hid)
            if other is not None and other["harnessName"] == name and other.get(OWNER) == grant.agent:
                raise ConflictError(f"a harness named {name!r} exists ({hid})", field="harnessName")
        harness_id = f"{name}-{st.suffix()}"
        arn = arn_of(harness_id, region, account)
        now = _iso(_now(base))
        doc: dict[str, Any] = {"harnessId": harness_id, "harnessName": name, "arn": arn, "status": "READY",
                               "harnessVersion": "1", "createdAt": now, "updatedAt": now, "systemPrompt": [],
                               "tools": [], "skills": [], "allowedTools": ["*"],
                               "truncation": dict(DEFAULT_TRUNCATION), OWNER: grant.agent, **checked}
        if tags is not None:
            doc["tags"] = tags
        member = next(iter(memory_cfg))
        if member == "managedMemoryConfiguration":
            doc["memory"] = _make_managed(base, grant, name, memory_cfg[member], arn, region=region,
                                          account=account, field="harnessName")
        elif member == "agentCoreMemoryConfiguration":
            doc["memory"] = _byo(base, grant, memory_cfg[member])
        else:
            doc["memory"] = {"disabled": {}}
        _put(base, doc, new=True)
        return doc, harness_id

    return idempotency.once(base.store, "create-harness", grant.agent or "", body.get("clientToken"), body, run,
                            lambda hid: _made(base, hid))


def _made(base: Memory, harness_id: str) -> dict[str, Any]:
    """The harness an earlier create with the same client token made (deleted since: a ConflictError)."""
    found = _load(base, harness_id)
    if found is None:
        raise ConflictError("the harness a CreateHarness with this clientToken made is gone; create it with "
                            "another clientToken", field="clientToken")
    return found


def update(base: Memory, grant: Grant, harness_id: Any, body: Mapping[str, Any]) -> dict[str, Any]:
    """UpdateHarness: only the fields named change; ``harnessVersion`` goes up by one."""
    spec.keys(body, "", UPDATE_FIELDS)
    doc = dict(get(base, grant, harness_id))
    checked: dict[str, Any] = {}
    _common(body, checked)
    memory_change: dict[str, Any] | str | None = "unchanged"
    if "memory" in body and body["memory"] is not None:
        memory_change = spec.memory_update(body["memory"])

    def run() -> tuple[dict[str, Any], str]:
        new = {**doc, **checked}
        if memory_change != "unchanged":
            new["memory"] = _switch_memory(base, grant, new, memory_change)  # type: ignore[arg-type]
        new["harnessVersion"] = str(int(new["harnessVersion"]) + 1)
        new["updatedAt"] = _iso(_now(base))
        _put(base, new)
        return new, json.dumps(new)

    return idempotency.once(base.store, "update-harness", grant.agent or "", body.get("clientToken"),
                            {**body, "harnessId": doc["harnessId"]}, run, json.loads)


def _switch_memory(base: Memory, grant: Grant, doc: Mapping[str, Any], change: dict[str, Any] | None
                   ) -> dict[str, Any]:
    """The harness's memory after UpdateHarness's ``memory`` (None: disabled): its managed memory changed in
    place; a new managed memory (the harness manages none now: disabled, BYO, or it let its own go); or BYO /
    disabled, the managed memory disassociated."""
    current = doc.get("memory") or {"disabled": {}}
    target = change or {"disabled": {}}
    member = next(iter(target))
    managed_now = current.get("managedMemoryConfiguration")
    live = managed_resource(base, doc)
    if member == "managedMemoryConfiguration":
        if managed_now and live is not None and live.doc.get(memories.MANAGED) == doc["arn"]:
            return _update_managed(base, managed_now, target[member])
        region, account = _region_account(doc["arn"])
        return _make_managed(base, grant, doc["harnessName"], target[member], doc["arn"], region=region,
                             account=account, field="memory")
    new = _byo(base, grant, target[member]) if member == "agentCoreMemoryConfiguration" else {"disabled": {}}
    if managed_now:
        _release(base, doc, delete=False)
    return new


def _region_account(arn: str) -> tuple[str, str]:
    parts = arn.split(":")
    return parts[3], parts[4]


def list_page(base: Memory, grant: Grant, max_results: str | None, first: Any = None) -> dict[str, Any]:
    """ListHarnesses: the grant's harnesses, oldest first, from ``first`` (an id; None: the oldest); ``nextToken``
    names the next page's first (the route sends it as a page token: :class:`.shapes.CallerPages`)."""
    limit = _limit(max_results)
    found = [d for d in (_load(base, h) for h in state.harness_ids(base.store))
             if d is not None and (grant.agent is None or d.get(OWNER) == grant.agent)]
    start = 0
    if first is not None:
        ids_ = [d["harnessId"] for d in found]
        if first not in ids_:
            raise ValidationError("names a harness that is gone since; list again from the start", field="nextToken")
        start = ids_.index(first)
    out: dict[str, Any] = {"harnesses": [summary(d) for d in found[start:start + limit]]}
    if start + limit < len(found):
        out["nextToken"] = found[start + limit]["harnessId"]
    return out


def _limit(max_results: str | None) -> int:
    if max_results is None:
        return MAX_RESULTS
    try:
        limit = int(max_results)
    except ValueError:
        raise ValidationError("must be an integer from 1 to 100", field="maxResults") from None
    return spec.integer(limit, "maxResults", 1, MAX_RESULTS)


def versions_page(base: Memory, grant: Grant, harness_id: Any, max_results: str | None,
                  first: Any = None) -> dict[str, Any]:
    """ListHarnessVersions: every stored version, newest first, from version ``first`` (None: the newest);
    ``nextToken`` names the next page's first (the route sends it as a page token)."""
    doc = get(base, grant, harness_id)
    limit = _limit(max_results)
    numbers = list(range(int(doc["harnessVersion"]), 0, -1))
    start = 0
    if first is not None:
        if not isinstance(first, int) or first not in numbers:
            raise ValidationError("is not a token this server issued", field="nextToken")
        start = numbers.index(first)
    page = []
    for n in numbers[start:start + limit]:
        old = _load(base, doc["harnessId"], str(n)) or {}
        page.append({k: old[k] for k in ("harnessId", "harnessName", "arn", "harnessVersion", "status",
                                         "createdAt", "updatedAt") if k in old})
    out: dict[str, Any] = {"harnessVersions": page}
    if start + limit < len(numbers):
        out["nextToken"] = numbers[start + limit]
    return out


def delete(base: Memory, grant: Grant, harness_id: Any, delete_managed: str | None,
           token: str | None = None) -> dict[str, Any]:
    """DeleteHarness: the managed memory goes too unless ``deleteManagedMemory=false``."""
    if delete_managed not in (None, "true", "false"):
        raise ValidationError("must be true or false", field="deleteManagedMemory")
    hid = spec.match(spec.HARNESS_ID, harness_id, "harnessId", "a harness id (NAME-xxxxxxxxxx)")

    def run() -> tuple[dict[str, Any], str]:
        doc = get(base, grant, hid)
        _release(base, doc, delete=delete_managed != "false")
        state.drop_harness(base.store, hid, int(doc["harnessVersion"]))
        gone = {**doc, "status": "DELETING"}
        return gone, json.dumps(gone)

    return idempotency.once(base.store, "delete-harness", grant.agent or "", _token(token),
                            {"harnessId": hid, "deleteManagedMemory": delete_managed}, run, json.loads)


# -- invocation: which memory, which configuration ----------------------------------------------------------------


def memory_of(base: Memory, doc: Mapping[str, Any]) -> tuple[registry.MemoryResource | None, dict[str, Any]]:
    """The memory resource an invocation uses (None: disabled) and the harness's memory configuration."""
    cfg = doc.get("memory") or {"disabled": {}}
    member, body = next(iter(cfg.items()))
    if member == "disabled":
        return None, {}
    try:
        return registry.get(base.store, body["arn"]), dict(body)
    except NotFound:
        raise NotFound(f"the harness's memory {body['arn']} no longer exists; attach another with "
                       "UpdateHarness", field="memory") from None


def run_config(base: Memory, grant: Grant, doc: Mapping[str, Any], res: registry.MemoryResource | None,
               memory_cfg: Mapping[str, Any]) -> cfgmod.Config:
    """The engram configuration one invocation runs under: the memory agent's own, plus the harness's
    truncation, history length and retrieval (BYO ``retrievalConfig``, else ``topK`` 10 and
    ``relevanceScore`` 0.2 for each active strategy's namespace), narrowed to the key's levels."""
    cfg = base.config_for(res.agent) if res is not None else cfgmod.Config()
    d = cfg.to_dict()
    harness = d.setdefault("harness", {})
    mem = harness.setdefault("memory", {})
    history = harness.setdefault("history", {})
    context = harness.setdefault("context", {})
    if res is None:  # disabled: nothing loaded, nothing stored, so no memory or history tools either
        mem["enabled"] = False
        mem["tools"] = []
        history["messagesCount"] = 0
        history["index"] = "none"
    else:
        if memory_cfg.get("messagesCount") is not None:
            history["messagesCount"] = memory_cfg["messagesCount"]
        given = memory_cfg.get("retrievalConfig")
        if given:
            mem["retrieval"] = {ns: dict(r) for ns, r in given.items()}
        else:
            mem["retrieval"] = derived_retrieval(res)
        scope = mem.setdefault("scope", {})
        scope["read"] = [lv for lv in scope.get("read", ["session"]) if lv in grant.read]
        scope["write"] = [lv for lv in scope.get("write", ["session"]) if lv in grant.write]
    mem["tools"] = [t for t in mem.get("tools", cfgmod.MEMORY_TOOLS) if allows(doc.get("allowedTools"), t)]
    context["truncation"] = _truncation(doc.get("truncation") or DEFAULT_TRUNCATION,
                                        context.get("truncation") or {})
    try:  # a whole engram document already: no shape defaults to apply
        return cfgmod.Config.model_validate(d)
    except pydantic.ValidationError as exc:
        err = exc.errors()[0]
        raise ConfigError(str(err["msg"]), field=".".join(str(p) for p in err["loc"]) or "config") from None


def allows(patterns: list[str] | None, tool: str) -> bool:
    """Whether ``allowedTools`` lets the agent use engram's built-in tool ``tool`` (None: every tool).
    ``*`` and ``@builtin`` name every built-in tool; ``@server/tool`` names an MCP server's, never engram's."""
    if patterns is None:
        return True
    return any(p in ("*", "@builtin", tool) or (not p.startswith("@") and fnmatch.fnmatchcase(tool, p))
               for p in patterns)


def derived_retrieval(res: registry.MemoryResource) -> dict[str, dict[str, Any]]:
    """``topK`` 10 and ``relevanceScore`` 0.2 for each active strategy's namespace (and reflections)."""
    out: dict[str, dict[str, Any]] = {}
    for s in res.doc.get("strategies") or []:
        if s.get("status", "ACTIVE") != "ACTIVE":
            continue
        mapped = st.to_engram(s)
        for key in ("namespace", "reflection_namespace"):
            if mapped.get(key):
                out[mapped[key]] = {"topK": 10, "relevanceScore": 0.2, "strategyId": s["strategyId"]}
    return out


def _truncation(aws: Mapping[str, Any], current: Mapping[str, Any]) -> dict[str, Any]:
    """The harness truncation in engram's shape (``harness.context.truncation``)."""
    out: dict[str, Any] = {k: v for k, v in current.items() if k in ("messagesCount", "keepLast")}
    out["strategy"] = aws["strategy"]
    config = aws.get("config") or {}
    if config.get("slidingWindow", {}).get("messagesCount") is not None:
        out["messagesCount"] = config["slidingWindow"]["messagesCount"]
    summ = config.get("summarization") or {}
    if summ.get("preserveRecentMessages") is not None:
        out["keepLast"] = summ["preserveRecentMessages"]
    for aws_key in ("summaryRatio", "summarizationSystemPrompt"):
        if summ.get(aws_key) is not None and aws_key in _truncation_fields():
            out[aws_key] = summ[aws_key]
    return out


def _truncation_fields() -> set[str]:
    """The aliases engram's Truncation accepts (summaryRatio and the summary prompt arrive with cfg's work)."""
    return {f.alias or name for name, f in cfgmod.Truncation.model_fields.items()}
