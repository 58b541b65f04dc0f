"""Routes of the AgentCore control plane and harness: thin, each parses, calls :mod:`memories`,
:mod:`harnesses` or the agent, and renders the service model's output shape.

Memory (``bedrock-agentcore-control``)::

    POST   /memories/create                 CreateMemory     202 {"memory": {...}}
    GET    /memories/{memoryId}/details     GetMemory        200 {"memory": {...}}
    POST   /memories/                       ListMemories     200 {"memories": [...], "nextToken"}
    PUT    /memories/{memoryId}/update      UpdateMemory     202 {"memory": {...}}
    DELETE /memories/{memoryId}/delete      DeleteMemory     202 {"memoryId", "status": "DELETING"}

Harness (``bedrock-agentcore-control``; InvokeHarness is ``bedrock-agentcore``)::

    POST   /harnesses                       CreateHarness    201 {"harness": {...}}
    GET    /harnesses/{harnessId}           GetHarness       200 (?harnessVersion=N)
    PATCH  /harnesses/{harnessId}           UpdateHarness    200
    GET    /harnesses                       ListHarnesses    200 (?maxResults, ?nextToken)
    GET    /harnesses/{harnessId}/versions  ListHarnessVersions 200 (newest first)
    DELETE /harnesses/{harnessId}           DeleteHarness    200 (?deleteManagedMemory=false)
    POST   /harnesses/invoke                InvokeHarness    200 application/vnd.amazon.eventstream

Rights (:class:`~engram.grants.Grant`, the rule every face uses): a change (CreateMemory, UpdateMemory,
CreateHarness, UpdateHarness, TagResource, UntagResource) is a configuration change: a key for the whole agent
(no actor) with the admin right, as ``PUT /v1/agents/{agent}/config`` needs. DeleteMemory, and DeleteHarness
unless ``deleteManagedMemory=false``, also erase every actor's events and records: the delete right too. Reads
(Get/List) need any key that reaches the resource; a key bound to one actor may read its memory's description
and invoke harnesses as that actor. Rights are checked first, so a refusal changes nothing, and reveals nothing
of the resource named; a memory or harness the key does not reach (another tenant's) is ResourceNotFound, as a
missing one is.
"""

from __future__ import annotations

import json
import time

from fastapi import Response
from fastapi.responses import JSONResponse

from ..errors import ModelError, PermissionDenied, ValidationError
from ..harness.agent import Agent
from ..models.responder import OfflineResponder
from ..types import Scope
from . import eventstream as es
from . import harness_spec as spec
from . import harnesses, idempotency, ids, invoke, memories
from .cited import CitingModel
from .errors import AwsError
from .server import AwsRouter, Call, CallDep
from .shapes import CallerPages

router = AwsRouter()



class RuntimeClientError(AwsError):
    """InvokeHarness's error for a harness whose model failed (HTTP 424, not retried by the SDKs)."""

    code, status = "RuntimeClientError", 424


SESSION_HEADER = "x-amzn-bedrock-agentcore-runtime-session-id"
DEFAULT_QUALIFIER = "DEFAULT"


def _where(c: Call) -> tuple[str, str]:
    """Region (the signature's) and account of the ARNs this request makes."""
    return c.signed.get("region") or ids.DEFAULT_REGION, ids.DEFAULT_ACCOUNT


# -- memory control plane ---------------------------------------------------------------------------------------


@router.post("/memories/create", status_code=202)
def create_memory(c: CallDep) -> JSONResponse:
    c.grant.need_config_change()
    region, account = _where(c)
    res = memories.create(c.base, c.grant, c.body(), region=region, account=account)
    return c.ok({"memory": memories.shape(res)}, 202)


@router.get("/memories/{memoryId}/details")
def get_memory(c: CallDep) -> JSONResponse:
    view = c.query("view")
    if view is not None and view not in ("full", "without_decryption"):
        raise ValidationError("must be full or without_decryption", field="view")
    return c.ok({"memory": memories.shape(c.memory(c.param("memoryId")))})


@router.post("/memories/")
def list_memories(c: CallDep) -> JSONResponse:
    body = c.body()
    return c.ok(CallerPages(c, "ListMemories").page(body.get("nextToken"),
                                                    lambda first: memories.list_page(c.base, c.grant, body, first)))


@router.put("/memories/{memoryId}/update", status_code=202)
def update_memory(c: CallDep) -> JSONResponse:
    c.grant.need_config_change()
    res = c.memory(c.param("memoryId"))
    return c.ok({"memory": memories.shape(memories.update(c.base, res, c.body()))}, 202)


@router.delete("/memories/{memoryId}/delete", status_code=202)
def delete_memory(c: CallDep) -> JSONResponse:
    c.grant.need_remove()  # the configuration and every actor's data go
    memory_id = ids.memory_id(c.param("memoryId"))
    token = c.query("clientToken")
    if token is not None:
        spec.text(token, "clientToken", 0, 500)

    def run() -> tuple[dict[str, str], str]:
        gone = memories.delete(c.base, c.memory(memory_id))
        reply = {"memoryId": gone.id, "status": "DELETING"}
        return reply, json.dumps(reply)

    return c.ok(idempotency.once(c.base.store, "delete-memory", c.grant.agent or "", token, {"memoryId": memory_id},
                                 run, json.loads), 202)


# -- harnesses ----------------------------------------------------------------------------------------------------


@router.post("/harnesses", status_code=201)
def create_harness(c: CallDep) -> JSONResponse:
    c.grant.need_config_change()
    region, account = _where(c)
    doc = harnesses.create(c.base, c.grant, c.body(), region=region, account=account)
    return c.ok({"harness": harnesses.shape(doc, c.base)}, 201)


@router.get("/harnesses")
def list_harnesses(c: CallDep) -> JSONResponse:
    return c.ok(CallerPages(c, "ListHarnesses").page(
        c.query("nextToken"), lambda first: harnesses.list_page(c.base, c.grant, c.query("maxResults"), first)))


@router.post("/harnesses/invoke")
def invoke_harness(c: CallDep) -> Response:
    return _invoke(c)


@router.get("/harnesses/{harnessId}")
def get_harness(c: CallDep) -> JSONResponse:
    doc = harnesses.get(c.base, c.grant, c.param("harnessId"), c.query("harnessVersion"))
    return c.ok({"harness": harnesses.shape(doc, c.base)})


@router.get("/harnesses/{harnessId}/versions")
def list_harness_versions(c: CallDep) -> JSONResponse:
    harness_id = harnesses.get(c.base, c.grant, c.param("harnessId"))["harnessId"]  # the grant, then the token
    return c.ok(CallerPages(c, "ListHarnessVersions", harness_id).page(
        c.query("nextToken"),
        lambda first: harnesses.versions_page(c.base, c.grant, harness_id, c.query("maxResults"), first)))


@router.patch("/harnesses/{harnessId}")
def update_harness(c: CallDep) -> JSONResponse:
    c.grant.need_config_change()
    doc = harnesses.update(c.base, c.grant, c.param("harnessId"), c.body())
    return c.ok({"harness": harnesses.shape(doc, c.base)})


@router.delete("/harnesses/{harnessId}")
def delete_harness(c: CallDep) -> JSONResponse:
    if c.query("deleteManagedMemory") == "false":  # the managed memory is disassociated, its data kept
        c.grant.need_config_change()
    else:  # the managed memory is deleted with it: every actor's events and records
        c.grant.need_remove()
    doc = harnesses.delete(c.base, c.grant, c.param("harnessId"), c.query("deleteManagedMemory"),
                           c.query("clientToken"))
    return c.ok({"harness": harnesses.shape(doc, c.base)})


# -- InvokeHarness --------------------------------------------------------------------------------------------------


def _invoke(c: Call) -> Response:
    started = time.monotonic()
    inv = invoke.parse(c.body(), c.request.headers.get(SESSION_HEADER))
    invoke.check_trace(c.request.headers)
    doc = harnesses.by_arn(c.base, c.grant, c.query("harnessArn"))
    qualifier = c.query("qualifier")
    if qualifier not in (None, DEFAULT_QUALIFIER):
        raise ValidationError(f"engram serves only the {DEFAULT_QUALIFIER} endpoint of a harness", field="qualifier")
    res, memory_cfg = harnesses.memory_of(c.base, doc)
    actor = invoke.actor_of(inv, memory_cfg.get("actorId"), c.grant.actor)
    grant = c.grant
    if res is not None and not memories.reaches(grant, res):
        raise PermissionDenied(f"this key is not granted memory {res.id}", field="harnessArn")
    if grant.actor is not None and actor != grant.actor:
        raise PermissionDenied("this key is granted one actor; pass that actorId", field="actorId")
    config = harnesses.run_config(c.base, grant, doc, res, memory_cfg)
    # records this turn writes name the memory agent's config version they were extracted under
    view = c.base.with_config(config, version=c.base.config_version(res.agent) if res is not None else None)
    limits: dict[str, int] = {k: int(doc[k]) for k in ("maxIterations", "maxTokens", "timeoutSeconds") if k in doc}
    limits.update(inv.limits)
    model_cfg = inv.model or doc.get("model")
    # the model cites records by the ids the AgentCore API shows (cited.py)
    model = CitingModel(invoke.build_model(model_cfg, timeout=limits.get("timeoutSeconds")) or OfflineResponder())
    params = invoke.model_params(model_cfg)
    iterations = limits.get("maxIterations")
    prompt = inv.system_prompt if inv.system_prompt is not None else tuple(doc.get("systemPrompt") or ())
    tools_on = bool(config.memory.tools) and res is not None
    # engram's own instructions explain its memory tools: a harness allowed none gets no prompt but its own
    instructions = "\n\n".join(b["text"] for b in prompt) or (None if tools_on else "")
    agent = Agent(view, model, instructions=instructions, limits=limits,  # engram's turn limits (harness/limits)
                  max_steps=min(100, max(invoke.DEFAULT_TOOL_ROUNDS, (iterations or 0) - 1)),
                  max_tokens=params.get("maxTokens", invoke.DEFAULT_MAX_TOKENS),
                  temperature=float(params.get("temperature", 0.0)), agent_version=doc.get("harnessVersion"),
                  state_tool=tools_on)  # session state lives in stored events
    messages = [dict(m) for m in inv.messages]
    try:
        if res is None:  # memory disabled: nothing is loaded or stored
            scope = Scope(agent=f"harness.{doc['harnessId']}", actor=actor, session=inv.session)
            reply = agent.subagent(scope).invoke(messages)
        else:
            scope = Scope(agent=res.agent, actor=actor, session=inv.session)
            reply = agent.invoke(scope, messages)
    except ModelError as exc:  # the turn rolled back: nothing of it was stored
        raise RuntimeClientError(f"the harness's model failed: {exc.message}") from exc
    produced = list(reply.messages)[len(messages):]
    latency = int((time.monotonic() - started) * 1000)
    body = b"".join(invoke.events(produced, input_tokens=reply.usage.input_tokens,
                                  output_tokens=reply.usage.output_tokens, latency_ms=latency,
                                  stop_reason=invoke.STOP_REASONS.get(reply.stop_reason or "", "end_turn")))
    return Response(content=body, media_type=es.CONTENT_TYPE, status_code=200)
