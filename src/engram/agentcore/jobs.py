"""Extraction on the AgentCore face: ListMemoryExtractionJobs (the failed jobs, to retry),
StartMemoryExtractionJob (retry one) and IngestData (run the memory's strategies over content straight into
long-term memory, keeping no events), mapped onto engram's durable extraction jobs and ``Memory.ingest``.

Jobs are memory-wide: like ``/v1/agents/{agent}/jobs`` they need a key without an actor, and a retry needs
the key's admin right.
"""

from __future__ import annotations

import json
import secrets
from typing import Any

from ..errors import ConflictError, NotFound, ValidationError
from ..types import Job, Scope
from . import events as ev_mod
from . import idempotency, ids, shapes
from .errors import AccessDeniedException, ValidationException
from .server import AwsRouter, CallDep, MemoryCtx, parse_timestamp

router = AwsRouter()
INGEST_TOKEN_OP = "ingest"  # its rows keep the sessionId they made, under the agent and actor (erase.py)



def _strategies(mc: MemoryCtx) -> list[str]:
    return [s.strategy_id for s in mc.mem.config.memory.strategies]


def _job_out(mc: MemoryCtx, job: Job) -> dict[str, Any]:
    messages: list[dict[str, Any]] = []
    turn_id = job.payload.get("turn_id") if isinstance(job.payload, dict) else None
    if job.actor is not None and job.session is not None and turn_id:
        scope = Scope(job.agent, job.actor, job.session)
        try:
            events = mc.mem.events(scope, limit=1000)
        except NotFound:
            events = []
        turn_events = [e for e in events if e.turn_id == turn_id]
        messages = [{"eventId": ids.event_id_out(e.id), "messageIndex": i} for i, e in enumerate(turn_events)]
    out: dict[str, Any] = {"jobID": job.id, "messages": {"messagesList": messages}, "status": "FAILED"}
    if job.error:
        out["failureReason"] = job.error[:2000]
    if job.actor is not None:
        out["actorId"] = ids.actor_out(job.actor)
    if job.session is not None:
        out["sessionId"] = job.session
    strategies = _strategies(mc)
    if len(strategies) == 1:
        out["strategyId"] = strategies[0]
    return out


@router.post("/memories/{memoryId}/extractionJobs")
def list_jobs(c: CallDep) -> Any:
    body = c.body()
    shapes.only(body, {"maxResults", "filter", "nextToken"})
    mc = c.memory_ctx(c.param("memoryId"))
    limit = shapes.max_results(body.get("maxResults"), 50, default=20)
    flt = shapes.obj(body["filter"], "filter") if body.get("filter") is not None else {}
    shapes.only(flt, {"strategyId", "sessionId", "actorId", "status"}, "filter")
    if flt.get("status") not in (None, "FAILED"):
        raise ValidationException("must be FAILED", field="filter.status")
    actor = ids.actor_in(flt["actorId"], "filter.actorId") if flt.get("actorId") is not None else None
    session = ids.session_in(flt.get("sessionId"), "filter.sessionId", required=False)
    strategy = shapes.string(flt["strategyId"], "filter.strategyId", min_len=0) \
        if flt.get("strategyId") is not None else None
    if strategy is not None and strategy not in _strategies(mc):
        return c.ok({"jobs": []})
    kind = shapes.listing("jobs", status=flt.get("status"), actor=actor, session=session, strategy=strategy)
    before = None
    if body.get("nextToken") is not None:
        cur = shapes.open_token(c, kind, mc.scope, body["nextToken"])
        before = (parse_timestamp(cur["at"], "nextToken"), str(cur["id"]))
    # every filter in the store, before the limit: one more than the page says whether another follows
    jobs = mc.mem.jobs(mc.scope, status="failed", limit=limit + 1, actor=actor, session=session, before=before)
    page = jobs[:limit]
    out: dict[str, Any] = {"jobs": [_job_out(mc, j) for j in page]}
    if len(jobs) > limit:
        last = page[-1]
        out["nextToken"] = shapes.issue_token(c, kind, mc.scope, {"at": last.created_at.isoformat(), "id": last.id})
    return c.ok(out)


@router.post("/memories/{memoryId}/extractionJobs/start")
def start_job(c: CallDep) -> Any:
    body = c.body()
    shapes.only(body, {"extractionJob", "clientToken"})
    mc = c.memory_ctx(c.param("memoryId"))
    if not mc.ctx.grant.can_admin:
        raise AccessDeniedException("retrying an extraction job needs a key with the admin right (--admin)")
    job = shapes.obj(body.get("extractionJob"), "extractionJob")
    shapes.only(job, {"jobId"}, "extractionJob")
    job_id = shapes.string(job.get("jobId"), "extractionJob.jobId", max_len=128)
    token = shapes.client_token(body.get("clientToken"))

    def run() -> tuple[str, str]:
        try:
            mc.mem.retry_job(mc.scope, job_id)
        except NotFound:
            raise NotFound(f"no extraction job {job_id} in this memory", field="extractionJob.jobId") from None
        except ValidationError as exc:  # the id passed shapes.string: the job is pending or running, not failed
            raise ConflictError(exc.message, field="extractionJob.jobId") from None
        return job_id, job_id

    return c.ok({"jobId": idempotency.once(mc.mem.store, "start-job", mc.scope.agent, token, body, run, str)})


@router.post("/memories/{memoryId}/ingest")
def ingest(c: CallDep) -> Any:
    body = c.body()
    shapes.only(body, {"source", "contentTimestamp", "actorId", "sessionId", "extractionConfig", "metadata",
                       "clientToken"})
    if "actorId" not in body:
        raise ValidationException("is required", field="actorId")
    actor = ids.actor_in(body["actorId"])
    given = ids.session_in(body.get("sessionId"), required=False)
    _, inline = shapes.union(body.get("source"), "source", ("inline",))
    src = shapes.obj(inline, "source.inline")
    shapes.only(src, {"payload"}, "source.inline")
    payload = shapes.payload_list(src.get("payload"), "source.inline.payload", max_items=100,
                                  members=("conversational", "json"), min_items=1)
    if "contentTimestamp" not in body:
        raise ValidationException("is required", field="contentTimestamp")
    at = parse_timestamp(body["contentTimestamp"], "contentTimestamp")
    metadata = shapes.event_metadata(body.get("metadata"), "metadata")
    if body.get("extractionConfig") is not None:
        shapes.extraction_config(body["extractionConfig"], "extractionConfig")
    # the grant first: a token is looked at only for a caller who may write here
    mc = c.memory_ctx(c.param("memoryId"), actor, given or "ingest")
    mc.ctx.need_events(write=True)
    token = shapes.client_token(body.get("clientToken"))
    flat = {k: v["stringValue"] for k, v in metadata.items()}
    messages = []
    for p in payload:
        if "conversational" in p:
            conv = p["conversational"]
            role = ev_mod.ROLE_IN[conv["role"]]
            msg: dict[str, Any] = {"role": role, "content": conv["content"]["text"], "at": at, "metadata": flat}
            if role == "tool":
                msg["tool_call_id"] = ev_mod.TOOL_CALL_ID
        else:
            msg = {"role": "user", "content": json.dumps(p["json"]["content"]), "at": at, "metadata": flat}
        messages.append(msg)

    def run() -> tuple[str, str]:
        session = given or f"ingest-{secrets.token_hex(8)}"
        scoped = c.memory_ctx(c.param("memoryId"), actor, session)
        scoped.mem.ingest(scoped.scope, messages)
        return session, session

    session = idempotency.once(c.base.store, INGEST_TOKEN_OP, f"{mc.scope.agent}\x1f{actor}", token, body, run, str)
    return c.ok({"sessionId": session}, 202)
