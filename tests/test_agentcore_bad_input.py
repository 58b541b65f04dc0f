"""Bad input on the AgentCore face: every operation the local AgentCore serves (data plane and control plane)
gets malformed requests as raw SigV4-signed HTTP, built from botocore's own service model so that boto3's
client-side checks are bypassed: a required member missing, each member with a wrong JSON type, strings over
their maximum or under their minimum length or off their pattern, integers and numbers out of range, unknown
enum values, unions with two members, unknown members, lists and maps with too many entries, invalid JSON
(NaN included), a body that is no JSON object, an empty body. Each must answer 400 ``ValidationException``
in AWS's error shape (``x-amzn-ErrorType`` and ``{"__type", "message", "reason", "fieldList"}``, which
botocore's own parser reads), name the offending field, and change nothing in the store.

Each mutation starts from a valid request of the operation (:func:`baselines`; one test checks they are
valid), so the mutation is the request's only defect. Deterministic: the cases follow from the service model
and the baselines alone; one in-process server on SQLite.
"""

from __future__ import annotations

import copy
import json
import math
import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any
from urllib.parse import quote, urlencode

import pytest

boto3 = pytest.importorskip("boto3")
import botocore.session  # noqa: E402
import httpx  # noqa: E402
from botocore.auth import SigV4Auth  # noqa: E402
from botocore.awsrequest import AWSRequest  # noqa: E402
from botocore.credentials import Credentials  # noqa: E402
from botocore.exceptions import ClientError  # noqa: E402
from botocore.model import OperationModel, Shape  # noqa: E402
from botocore.parsers import create_parser  # noqa: E402
from fastapi import APIRouter  # noqa: E402
from fastapi.routing import APIRoute  # noqa: E402

from engram.agentcore.mount import routers  # noqa: E402
from tests.support.agentcore_world import CONTROL, DATA, REGION, ROLE, WHEN, World, fingerprint  # noqa: E402
from tests.support.agentcore_world import world as world  # noqa: E402  - the module's fixture
from tests.support.mutations import MISSING, dotted, with_value  # noqa: E402
from tests.support.mutations import Path as MPath  # noqa: E402

API_KEY_ARN = "arn:aws:bedrock-agentcore:us-west-2:123456789012:token-vault/default/apikeycredentialprovider/k1"
SESSION = "session-0000000000-0000000000-0000001"  # runtimeSessionId: 33 to 100 characters
TOKEN = "token-0000000000-0000000000-0000000001"  # a harness clientToken: 33 to 256 characters
_SESSION = botocore.session.get_session()
MODELS = {svc: _SESSION.get_service_model(svc) for svc in (DATA, CONTROL)}


# -- requests -------------------------------------------------------------------------------------------------
@dataclass
class Request:
    """One operation's input by member name (as boto3 takes it); ``raw`` replaces the JSON body."""

    service: str
    op: str
    params: dict[str, Any]
    raw: bytes | None = None

    @property
    def model(self) -> OperationModel:
        return MODELS[self.service].operation_model(self.op)


def _scalar(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def send(w: World, req: Request) -> httpx.Response:
    """The request as botocore would put it on the wire (path, query, headers, JSON body), signed."""
    model = req.model
    path, _, query_tpl = model.http["requestUri"].partition("?")
    query: list[tuple[str, str]] = [tuple(p.split("=", 1)) for p in query_tpl.split("&") if p]  # type: ignore[misc]
    headers: dict[str, str] = {}
    body: dict[str, Any] = {}
    for name, value in req.params.items():
        member = model.input_shape.members.get(name)
        where = member.serialization.get("location") if member is not None else None
        wire = member.serialization.get("name", name) if member is not None else name
        if where == "uri":
            path = path.replace("{" + wire + "}", quote(_scalar(value), safe="-_.~"))
        elif where == "querystring":
            values = value if isinstance(value, list) else [value]
            query += [(wire, _scalar(v)) for v in values]
        elif where == "header":
            headers[wire] = _scalar(value)
        else:
            body[name] = value
    data = req.raw if req.raw is not None else (json.dumps(body).encode() if body or _has_body(model) else b"")
    url = w.base + path + ("?" + urlencode(query, quote_via=quote, safe="-_.~") if query else "")
    if data:
        headers["Content-Type"] = "application/json"
    aws = AWSRequest(method=model.http["method"], url=url, data=data, headers=headers)
    SigV4Auth(Credentials(w.creds["aws_access_key_id"], w.creds["aws_secret_access_key"]),
              MODELS[req.service].signing_name, REGION).add_auth(aws)
    return w.http.request(model.http["method"], url, content=data, headers=dict(aws.headers.items()))


def _has_body(model: OperationModel) -> bool:
    return any("location" not in m.serialization for m in model.input_shape.members.values())


# -- the baselines: one valid request per operation -------------------------------------------------------------
def baselines(w: World) -> dict[str, Request]:
    mid, rid, cid, hid = w.memory_id, w.record_id, w.control_id, w.harness_id
    conv = {"conversational": {"content": {"text": "Hello there"}, "role": "USER"}}
    filters = [{"left": {"metadataKey": "topic"}, "operator": "EQUALS_TO",
                "right": {"metadataValue": {"stringValue": "home"}}}]
    model = {"openAiModelConfig": {"modelId": "gpt-4o-mini", "apiKeyArn": API_KEY_ARN,
                                   "apiBase": "http://127.0.0.1:9/v1", "maxTokens": 100, "temperature": 0.5,
                                   "topP": 0.9}}
    harness = {"executionRoleArn": ROLE, "model": model, "systemPrompt": [{"text": "Be brief."}],
               "allowedTools": ["*"], "truncation": {"strategy": "sliding_window",
                                                     "config": {"slidingWindow": {"messagesCount": 20}}},
               "maxIterations": 5, "maxTokens": 1000, "timeoutSeconds": 60}
    reqs = [
        # data plane: short-term memory
        Request(DATA, "CreateEvent", {
            "memoryId": mid, "actorId": "u1", "sessionId": "s1", "eventTimestamp": WHEN, "payload": [conv],
            "branch": {"name": "alt", "rootEventId": w.event_id}, "clientToken": "ct-create-event",
            "metadata": {"ticket": {"stringValue": "T-7"}}, "extractionMode": "SKIP",
            "extractionConfig": {"namespaceVariables": {"team": "blue"}}}),
        Request(DATA, "GetEvent", {"memoryId": mid, "actorId": "u1", "sessionId": "s1", "eventId": w.event_id}),
        Request(DATA, "ListEvents", {
            "memoryId": mid, "actorId": "u1", "sessionId": "s1", "includePayloads": True, "maxResults": 10,
            "filter": {"branch": {"name": "main", "includeParentBranches": True}, "eventMetadata": [
                {"left": {"metadataKey": "ticket"}, "operator": "EQUALS_TO",
                 "right": {"metadataValue": {"stringValue": "T-7"}}}]}}),
        Request(DATA, "ListSessions", {"memoryId": mid, "actorId": "u1", "maxResults": 10,
                                       "filter": {"eventFilter": "HAS_EVENTS"}}),
        Request(DATA, "ListActors", {"memoryId": mid, "maxResults": 10}),
        # data plane: long-term memory
        Request(DATA, "RetrieveMemoryRecords", {
            "memoryId": mid, "namespace": "/facts/u1/", "maxResults": 10, "searchCriteria": {
                "searchQuery": "where does the user live", "memoryStrategyId": "facts", "topK": 5,
                "metadataFilters": filters}}),
        Request(DATA, "ListMemoryRecords", {"memoryId": mid, "namespacePath": "/facts/", "memoryStrategyId": "facts",
                                            "maxResults": 10, "metadataFilters": filters}),
        Request(DATA, "GetMemoryRecord", {"memoryId": mid, "memoryRecordId": rid}),
        Request(DATA, "BatchCreateMemoryRecords", {"memoryId": mid, "clientToken": "ct-batch-create", "records": [{
            "requestIdentifier": "r2", "namespaces": ["/facts/u1/"], "content": {"text": "Likes tea"},
            "timestamp": WHEN, "memoryStrategyId": "facts", "metadata": {"topic": {"stringValue": "food"}}}]}),
        Request(DATA, "BatchUpdateMemoryRecords", {"memoryId": mid, "records": [{
            "memoryRecordId": rid, "timestamp": WHEN, "content": {"text": "Lives in Bergen"},
            "namespaces": ["/facts/u1/"], "sourceNamespaces": ["/facts/u1/"], "memoryStrategyId": "facts",
            "metadata": {"topic": {"stringValue": "home"}}}]}),
        Request(DATA, "ListMemoryExtractionJobs", {"memoryId": mid, "maxResults": 10, "filter": {
            "strategyId": "facts", "sessionId": "s1", "actorId": "u1", "status": "FAILED"}}),
        Request(DATA, "StartMemoryExtractionJob", {"memoryId": mid, "extractionJob": {"jobId": "job-1"},
                                                   "clientToken": "ct-start-job"}),
        Request(DATA, "IngestData", {
            "memoryId": mid, "actorId": "u1", "sessionId": "s9", "contentTimestamp": WHEN,
            "source": {"inline": {"payload": [conv]}}, "metadata": {"ticket": {"stringValue": "T-8"}},
            "extractionConfig": {"namespaceVariables": {"team": "blue"}}, "clientToken": "ct-ingest"}),
        Request(DATA, "InvokeHarness", {
            "harnessArn": w.harness_arn, "runtimeSessionId": SESSION, "actorId": "u1",
            "messages": [{"role": "user", "content": [{"text": "Hello"}]}], "systemPrompt": [{"text": "Be brief."}],
            "allowedTools": ["*"], "maxIterations": 3, "maxTokens": 100, "timeoutSeconds": 30}),
        # control plane: memories, harnesses, tags
        Request(CONTROL, "CreateMemory", {
            "name": "Second", "eventExpiryDuration": 30, "clientToken": "ct-create-memory", "description": "a memory",
            "encryptionKeyArn": "arn:aws:kms:us-west-2:123456789012:key/k1", "memoryExecutionRoleArn": ROLE,
            "memoryStrategies": [{"semanticMemoryStrategy": {"name": "Facts", "description": "facts",
                                                             "namespaceTemplates": ["/facts/{actorId}/"]}}],
            "indexedKeys": [{"key": "topic", "type": "STRING"}], "namespaceKeys": [{"key": "team"}],
            "tags": {"team": "a"}}),
        Request(CONTROL, "GetMemory", {"memoryId": cid, "view": "full"}),
        Request(CONTROL, "ListMemories", {"maxResults": 10}),
        Request(CONTROL, "UpdateMemory", {
            "memoryId": cid, "clientToken": "ct-update-memory", "description": "changed", "eventExpiryDuration": 60,
            "memoryExecutionRoleArn": ROLE, "addIndexedKeys": [{"key": "topic", "type": "STRING"}],
            "namespaceKeys": [{"key": "team"}], "memoryStrategies": {
                "addMemoryStrategies": [{"summaryMemoryStrategy": {"name": "Summaries"}}],
                "modifyMemoryStrategies": [{"memoryStrategyId": w.strategy_id, "description": "changed"}]}}),
        Request(CONTROL, "CreateHarness", {"harnessName": "Second", "clientToken": TOKEN, "tags": {"team": "a"},
                                           "memory": {"agentCoreMemoryConfiguration": {
                                               "arn": w.control_arn, "actorId": "u1", "messagesCount": 10,
                                               "retrievalConfig": {"/facts/{actorId}/": {
                                                   "topK": 5, "relevanceScore": 0.5, "strategyId": w.strategy_id}}}},
                                           **harness}),
        Request(CONTROL, "GetHarness", {"harnessId": hid, "harnessVersion": "1"}),
        Request(CONTROL, "UpdateHarness", {"harnessId": hid, "clientToken": TOKEN.replace("1", "2"), **harness,
                                           "memory": {"optionalValue": {"managedMemoryConfiguration": {
                                               "strategies": ["SEMANTIC"], "eventExpiryDuration": 30}}}}),
        Request(CONTROL, "ListHarnesses", {"maxResults": 10}),
        Request(CONTROL, "ListHarnessVersions", {"harnessId": hid, "maxResults": 10}),
        Request(CONTROL, "ListTagsForResource", {"resourceArn": w.control_arn}),
        Request(CONTROL, "TagResource", {"resourceArn": w.control_arn, "tags": {"owner": "ops"}}),
        Request(CONTROL, "UntagResource", {"resourceArn": w.control_arn, "tagKeys": ["team"]}),
        # the deletes last: the baseline test runs them in this order
        Request(DATA, "BatchDeleteMemoryRecords", {"memoryId": mid, "records": [
            {"memoryRecordId": w.spare_id, "namespace": "/facts/u1/"}]}),
        Request(DATA, "DeleteMemoryRecord", {"memoryId": mid, "memoryRecordId": rid, "namespace": "/facts/u1/"}),
        Request(DATA, "DeleteEvent", {"memoryId": mid, "actorId": "u1", "sessionId": "s1", "eventId": w.event_id}),
        Request(CONTROL, "DeleteHarness", {"harnessId": hid, "clientToken": TOKEN.replace("1", "3"),
                                           "deleteManagedMemory": True}),
        Request(CONTROL, "DeleteMemory", {"memoryId": cid, "clientToken": "ct-delete-memory"}),
    ]
    return {r.op: r for r in reqs}


OPERATIONS = ["CreateEvent", "GetEvent", "ListEvents", "ListSessions", "ListActors", "RetrieveMemoryRecords",
              "ListMemoryRecords", "GetMemoryRecord", "BatchCreateMemoryRecords", "BatchUpdateMemoryRecords",
              "ListMemoryExtractionJobs", "StartMemoryExtractionJob", "IngestData", "InvokeHarness", "CreateMemory",
              "GetMemory", "ListMemories", "UpdateMemory", "CreateHarness", "GetHarness", "UpdateHarness",
              "ListHarnesses", "ListHarnessVersions", "ListTagsForResource", "TagResource", "UntagResource",
              "BatchDeleteMemoryRecords", "DeleteMemoryRecord", "DeleteEvent", "DeleteHarness", "DeleteMemory"]


def served_operations() -> set[str]:
    """The operations the local AgentCore routes answer, matched to the service models by method and path."""
    by_route: dict[tuple[str, str], str] = {}
    for model in MODELS.values():
        for name in model.operation_names:
            http = model.operation_model(name).http
            shape = re.sub(r"\{[^}]+\}", "{}", http["requestUri"].partition("?")[0])
            by_route.setdefault((http["method"], shape), name)
    found = set()
    for route in (r for router in routers() for r in _routes(router)):
        if route.name == "unknown":
            continue  # the catch-all that answers UnknownOperation
        for method in route.methods:
            found.add(by_route[(method, re.sub(r"\{[^}]+\}", "{}", route.path))])
    return found


def _routes(router: APIRouter) -> Iterator[APIRoute]:
    """A router's routes, through the routers it includes (which FastAPI may keep as such)."""
    for route in router.routes:
        inner = getattr(route, "original_router", None)
        if isinstance(inner, APIRouter):
            yield from _routes(inner)
        elif isinstance(route, APIRoute):
            yield route


def test_the_cases_cover_every_served_operation() -> None:
    assert served_operations() == set(OPERATIONS)


# -- the mutations, from the service model ------------------------------------------------------------------------
WRONG: dict[str, tuple[Any, ...]] = {
    "string": (42, False), "integer": ("7", 2.5, True), "long": ("7", 2.5, True), "boolean": ("true", 0),
    "float": ("0.5", True), "double": ("0.5", True), "list": ({}, "x", 7), "map": ([], "x", 7),
    "structure": ([], "x", 7), "timestamp": (True, [WHEN]),
}  # a falsy wrong value too (``body.get(x) or default`` must not take it for "absent"), and for containers one
# that cannot even be iterated
QUERY_WRONG = {"integer": "ten", "long": "ten", "boolean": "maybe"}


# engram's deliberate departures from the model: one rule for eventExpiryDuration everywhere (3 to 3650 days, a
# harness's managed memory included; tests/test_agentcore_fidelity.py), where the model caps the latter at 365
BY_DESIGN = {("managedMemoryConfiguration.eventExpiryDuration", "over its maximum")}


@dataclass
class Case:
    label: str
    req: Request
    field: str | None  # the field the error must name; None: the body cannot be parsed






def _off_pattern(pattern: str, lo: int) -> str | None:
    for filler in ("!", " ", "#"):
        cand = filler * max(2, lo)
        if not re.fullmatch(pattern, cand):
            return cand
    return None


def _long(md: dict[str, Any]) -> str:
    """A string one character over the maximum, matching the pattern when one filler does."""
    n = md["max"] + 1
    for filler in ("a", "1", "/"):
        if "pattern" not in md or re.fullmatch(md["pattern"], filler * n):
            return filler * n
    return "a" * n


def bad_values(shape: Shape, *, wire: str | None = None) -> Iterator[tuple[str, Any]]:
    """Values of the wrong type or outside the model's limits for a member of ``shape``. ``wire``: the member
    travels in the URI, query or a header, where every value is a string."""
    t, md = shape.type_name, shape.metadata
    if md.get("document"):
        return
    if wire is None:
        for v in WRONG.get(t, ()):
            yield f"wrong type {type(v).__name__} {v!r}", v
    elif t in QUERY_WRONG:
        yield "not a " + t, QUERY_WRONG[t]
    if t == "string":
        if md.get("enum"):
            yield "unknown enum value", "NOT_A_VALUE"
            return
        if "max" in md:
            yield f"over {md['max']} characters", _long(md)
        if md.get("min", 0) >= 1 and not (wire == "uri" and md["min"] == 1):
            yield f"under {md['min']} characters", "a" * (md["min"] - 1)
        if "pattern" in md:
            off = _off_pattern(md["pattern"], md.get("min", 0))
            if off is not None:
                yield "off its pattern", off
    elif t in ("integer", "long"):
        yield ("under its minimum", md["min"] - 1) if "min" in md else ("negative", -1)
        if "max" in md:
            yield "over its maximum", md["max"] + 1
    elif t in ("float", "double"):
        if "min" in md:
            yield "under its minimum", md["min"] - 0.5
        if "max" in md:
            yield "over its maximum", md["max"] + 0.5
        yield "not finite", math.inf
    elif t == "list" and md.get("min", 0) >= 1 and wire is None:
        yield f"under {md['min']} items", []


def value_cases(shape: Shape, path: MPath, value: Any, only: set[str] | None = None
                ) -> Iterator[tuple[str, MPath, Any, str]]:
    """(label, where, new value, field named) for a present ``value`` of ``shape`` at ``path``, and within it;
    ``only``: the members to vary (the input's body members)."""
    t, md = shape.type_name, shape.metadata
    if md.get("document"):
        return
    if t == "structure":
        union = bool(md.get("union"))
        for name, member in shape.members.items():
            if only is not None and name not in only:
                continue
            at = (*path, name)
            if name in value:
                if name in shape.required_members:
                    yield "required member missing", at, MISSING, dotted(at)
                for label, bad in bad_values(member):
                    yield label, at, bad, dotted(at)
                yield from value_cases(member, at, value[name])
            elif not union:
                for label, bad in bad_values(member):
                    yield label + " (absent in the valid request)", at, bad, dotted(at)
        others = [n for n in shape.members if n not in value and not shape.members[n].metadata.get("document")]
        if union and others:
            present = next(iter(value))
            yield "a union with two members", (*path, others[0]), copy.deepcopy(value[present]), dotted(path)
        if path:
            yield "an unknown member", (*path, "notAMember"), 1, dotted((*path, "notAMember"))
    elif t == "list" and value:
        if "max" in md:
            yield f"over {md['max']} items", path, [copy.deepcopy(value[0])] * (md["max"] + 1), dotted(path)
        for label, bad in bad_values(shape.member):
            yield label, (*path, 0), bad, dotted((*path, 0))
        yield from value_cases(shape.member, (*path, 0), value[0])
    elif t == "map" and value:
        key, first = next(iter(value.items()))
        if "max" in md:
            many = {f"k{i}": copy.deepcopy(first) for i in range(md["max"] + 1)}
            yield f"over {md['max']} entries", path, many, dotted(path)
        kmd = shape.key.metadata
        if "max" in kmd:
            yield "a key over its maximum length", path, {**value, _long(kmd): first}, dotted(path)
        if "pattern" in kmd:
            off = _off_pattern(kmd["pattern"], kmd.get("min", 0))
            if off is not None:
                yield "a key off its pattern", path, {**value, off: first}, dotted(path)
        for label, bad in bad_values(shape.value):
            yield label, (*path, key), bad, dotted((*path, key))
        yield from value_cases(shape.value, (*path, key), first)


def cases(base: Request) -> Iterator[Case]:
    """Every malformed variant of a valid request."""
    model = base.model
    members = model.input_shape.members
    body = {k: v for k, v in base.params.items() if "location" not in members[k].serialization}
    for name, member in members.items():
        where = member.serialization.get("location")
        if where is None:
            continue
        if name in base.params and name in model.input_shape.required_members and where != "uri":
            yield Case(f"{name}: required {where} parameter missing", _with(base, name, MISSING), name)
        for label, bad in bad_values(member, wire=where):
            if where == "querystring" and member.type_name == "list":
                bad = [bad]
            yield Case(f"{name}: {label}", _with(base, name, bad), name)
        if member.type_name == "list" and where == "querystring":
            for label, bad in bad_values(member.member, wire=where):
                yield Case(f"{name}[0]: {label}", _with(base, name, [bad]), name)
    if not _has_body(model):
        return
    in_body = {k for k, m in members.items() if "location" not in m.serialization}
    for label, path, bad, named in value_cases(model.input_shape, (), body, in_body):
        if any(named.endswith(f) and label == rule for f, rule in BY_DESIGN):
            continue
        not_json = isinstance(bad, float) and not math.isfinite(bad)  # JSON has no Infinity: the body is refused
        yield Case(f"{dotted(path)}: {label}", _with(base, path, bad), None if not_json else named)
    if body:
        yield Case("an unknown member", _with(base, "notAMember", 1), "notAMember")
    text = json.dumps(body)
    for label, raw in (("invalid JSON", text[:-1].encode()), ("a JSON array", b"[]"), ("a JSON string", b'"x"'),
                       ("JSON null", b"null"), ("not UTF-8", b'{"\xff": 1}')):
        yield Case(f"body: {label}", Request(base.service, base.op, base.params, raw), None)
    if body:
        first = next(iter(body))
        nan = json.dumps({**body, first: math.nan}).encode()
        yield Case("body: NaN, which JSON does not have", Request(base.service, base.op, base.params, nan), None)
    required = [n for n in model.input_shape.required_members if n in in_body]
    if required:
        yield Case("body: empty", Request(base.service, base.op, base.params, b""), "|".join(required))


def _with(base: Request, where: str | MPath, value: Any) -> Request:
    path = (where,) if isinstance(where, str) else where
    return Request(base.service, base.op, with_value(base.params, path, value))


# -- the checks -------------------------------------------------------------------------------------------------
def problem(w: World, case: Case) -> str | None:
    """What is wrong with the server's answer to a malformed request (None: nothing)."""
    before = fingerprint(w.db)
    resp = send(w, case.req)
    changed = fingerprint(w.db) != before
    said = f"{resp.status_code} {resp.text[:300]}"
    if changed:
        return f"changed the store; answered {said}"
    if resp.status_code != 400:
        return f"answered {said}"
    try:
        doc = resp.json()
    except ValueError:
        return f"answered a body that is not JSON: {said}"
    if resp.headers.get("x-amzn-ErrorType") != "ValidationException" or doc.get("__type") != "ValidationException":
        return f"answered another error type: {resp.headers.get('x-amzn-ErrorType')} {said}"
    if not resp.headers.get("content-type", "").startswith("application/json"):
        return f"answered content-type {resp.headers.get('content-type')}"
    parsed = create_parser("rest-json").parse(
        {"status_code": resp.status_code, "headers": dict(resp.headers), "body": resp.content},
        case.req.model.output_shape)
    error = parsed.get("Error", {})
    if error.get("Code") != "ValidationException" or error.get("Message") != doc.get("message"):
        return f"botocore parses it as {error}"
    message = str(doc.get("message", ""))
    if case.field is None:
        if doc.get("reason") != "CannotParse" or "JSON" not in message:
            return f"does not say the body is no JSON object: {said}"
        return None
    names = case.field.split("|")
    if not any(n in message for n in names):
        return f"does not name {case.field}: {said}"
    listed = [f.get("name", "") for f in doc.get("fieldList") or []]
    if doc.get("reason") != "FieldValidationFailed" or not any(f == n or f.startswith((n + ".", n + "["))
                                                                for f in listed for n in names):
        return f"fieldList does not name {case.field}: {said}"
    return None


@pytest.mark.parametrize("op", OPERATIONS)
def test_every_malformed_request_is_refused_naming_its_field(world: World, op: str) -> None:
    base = baselines(world)[op]
    found = list(cases(base))
    # no two alike: a signed write sent twice is a replay to the server (auth.ReplayGuard), not a second case
    assert len({(json.dumps(c.req.params, sort_keys=True), c.req.raw) for c in found}) == len(found) >= 3
    bad = [f"{case.label}: {p}" for case in found if (p := problem(world, case)) is not None]
    assert not bad, f"{op}: {len(bad)} of {len(found)} malformed requests mishandled:\n" + "\n".join(bad)


# -- the real client ---------------------------------------------------------------------------------------------
def test_boto3_raises_validation_exception_for_what_only_the_server_refuses(world: World) -> None:
    """boto3 without its client-side checks: the server's refusals surface as ``ClientError`` with the code
    ``ValidationException``, the field in the message and in ``fieldList``; nothing is written."""
    dp = world.client(DATA, parameter_validation=False)
    ctl = world.client(CONTROL, parameter_validation=False)
    before = fingerprint(world.db)
    with pytest.raises(ClientError) as err:
        dp.list_events(memoryId=world.memory_id, actorId="u1", sessionId="s1", maxResults=0)
    assert isinstance(err.value, dp.exceptions.ValidationException)
    assert err.value.response["Error"]["Code"] == "ValidationException"
    assert "maxResults" in err.value.response["Error"]["Message"]
    assert err.value.response["fieldList"][0]["name"] == "maxResults"
    with pytest.raises(ClientError) as err:
        dp.create_event(memoryId=world.memory_id, actorId="u1", sessionId="s1", eventTimestamp=WHEN,
                        payload=[{"conversational": {"content": {"text": "hi"}, "role": "ROBOT"}}])
    assert isinstance(err.value, dp.exceptions.ValidationException)
    assert err.value.response["fieldList"][0]["name"] == "payload[0].conversational.role"
    assert "payload[0].conversational.role" in err.value.response["Error"]["Message"]
    with pytest.raises(ClientError) as err:
        ctl.create_memory(name="Third", eventExpiryDuration=1)
    assert isinstance(err.value, ctl.exceptions.ValidationException)
    assert err.value.response["fieldList"][0]["name"] == "eventExpiryDuration"
    assert fingerprint(world.db) == before


def test_a_namespace_past_the_engines_bound_is_refused_naming_it(world: World) -> None:
    """AWS's model lets a namespace run to 1,024 characters; engram's bound is the engine's,
    ``validate.MAX_NAMESPACE``, the same on every face: one character past it (well within AWS's limit, on its
    pattern) is a ValidationException naming the field and stating the bound (in a batch, as AWS reports a record
    it refuses: a failed record naming the field), and nothing changes."""
    from engram.core import validate

    bases = baselines(world)
    longest = "/facts/u1/" + "n" * (validate.MAX_NAMESPACE - len("/facts/u1/"))
    rule = f"must be at most {validate.MAX_NAMESPACE} characters (a namespace)"
    bad: list[str] = []
    for op, path in (("RetrieveMemoryRecords", ("namespace",)), ("ListMemoryRecords", ("namespacePath",)),
                     ("DeleteMemoryRecord", ("namespace",))):
        case = Case(f"{op} {dotted(path)}", _with(bases[op], path, longest + "x"), dotted(path))
        if (p := problem(world, case)) is not None:
            bad.append(f"{case.label}: {p}")
        elif rule not in (said := send(world, case.req).json()["message"]):
            bad.append(f"{case.label}: the bound is not stated: {said}")
    for op in ("BatchCreateMemoryRecords", "BatchUpdateMemoryRecords"):
        params = {k: v for k, v in bases[op].params.items() if k != "clientToken"}  # no token stored for a replay
        req = _with(Request(DATA, op, params), ("records", 0, "namespaces", 0), longest + "x")
        before = fingerprint(world.db)
        resp = send(world, req)
        failed = resp.json().get("failedRecords") or [{}]
        said = (failed[0].get("errorCode"), failed[0].get("errorMessage"))
        if fingerprint(world.db) != before or resp.json().get("successfulRecords") or \
                said != (400, f"records[0].namespaces[0]: {rule}"):
            bad.append(f"{op}: {resp.status_code} {resp.text[:300]}")
    assert not bad, "\n".join(bad)


# -- the baselines are valid: each malformed request differs from a valid one by its defect alone -----------------
def test_the_baselines_are_valid_requests(world: World) -> None:
    """Run last: it writes, updates and deletes."""
    for op, req in baselines(world).items():
        resp = send(world, req)
        if op == "StartMemoryExtractionJob":  # no failed job to retry: past validation, the job is not found
            assert resp.status_code == 404 and resp.json()["__type"] == "ResourceNotFoundException", resp.text
        else:
            assert 200 <= resp.status_code < 300, (op, resp.status_code, resp.text[:500])
        if op.startswith("Batch"):
            assert resp.json()["failedRecords"] == [], (op, resp.text[:500])

