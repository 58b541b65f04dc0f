"""The routes: each one parses, checks the grant, calls :class:`Memory` once, and renders.

Routes that touch the store are sync functions on purpose: FastAPI runs them in its thread pool, where the
blocking engine (SQLite connections are per thread) belongs; the few that do no I/O are ``async``.

Record routes exist at three depths with the same shape: ``/v1/agents/{agent}`` (agent-level records),
``.../actors/{actor}`` and ``.../sessions/{session}``; the path is the :class:`Scope`, and a new record
defaults to the narrowest level the path names. A session of the agent alone (Twisp: no actor) has the
session routes at ``/v1/agents/{agent}/sessions/{session}``; only keys without an actor reach them.

No ``from __future__ import annotations`` here: FastAPI reads the annotations of the record routes, which
are closures over a local ``Annotated`` alias, so they must be evaluated where they are defined.
"""

from collections.abc import Awaitable, Callable, Sequence
from datetime import datetime
from typing import Annotated, Any

from fastapi import APIRouter, Depends, Path, Query, Request, Security
from fastapi.responses import PlainTextResponse
from fastapi.security import HTTPBearer
from pydantic import AfterValidator

from .. import __version__
from ..core import validate
from ..errors import EngramError, NotFound, PermissionDenied, StoreError, ValidationError
from ..grants import Grant
from ..types import Hit, JobStatus, Level, Record, Role, Scope, Status
from . import schemas as S
from .auth import (
    ActorCtx,
    AgentCtx,
    AgentId,
    Ctx,
    GrantDep,
    actor_ctx,
    agent_ctx,
    agent_session_ctx,
    describe,
    session_ctx,
)
from .batch import batch_plan
from .paging import Tokens, events_page, record_before, record_cursor

bearer = HTTPBearer(auto_error=False, description="Authorization: Bearer egk_<id>_<secret>")
ERRORS: dict[int | str, dict[str, Any]] = {
    code: {"model": S.ErrorOut, "description": text}
    for code, text in [(401, "no live key"), (403, "outside the key's grant"), (404, "not visible to this scope"),
                       (409, "conflicting state"), (413, "body too large"), (422, "invalid input")]
}

public = APIRouter()
v1 = APIRouter(prefix="/v1", dependencies=[Security(bearer)], responses=ERRORS)


def _caller_id(what: str) -> AfterValidator:
    """A path's record, event or job id judged by the library's rule (:func:`engram.core.validate.caller_id`), in
    its words ("must be at most 128 characters (a record id)"), named by the path field (``record_id``)."""
    return AfterValidator(lambda value: validate.caller_id(value, "", what))


_ID_SCHEMA = Path(json_schema_extra={"minLength": 1, "maxLength": validate.MAX_ID})
RecordId = Annotated[str, _ID_SCHEMA, _caller_id("record")]
EventId = Annotated[str, _ID_SCHEMA, _caller_id("event")]
JobId = Annotated[str, _ID_SCHEMA, _caller_id("job")]
Limit = Annotated[int, Query(ge=1, le=validate.MAX_LIMIT)]
PageToken = Annotated[S.Text | None, Query(max_length=validate.MAX_PAGE_TOKEN)]


def _tokens(request: Request) -> Tokens:
    tokens: Tokens = request.app.state.tokens
    return tokens


def _rec(r: Record) -> S.RecordOut:
    return S.RecordOut.model_validate(r)


def _hits(hits: Sequence[Hit]) -> S.HitsOut:
    return S.HitsOut(hits=[S.HitOut.model_validate(h) for h in hits])


def _labels(raw: list[str] | None) -> dict[str, str] | None:
    if not raw:
        return None
    out: dict[str, str] = {}
    for item in raw:
        name, sep, value = item.partition(":")
        if not sep or not name:
            raise ValidationError("must be name:value", field="label")
        out[name] = value
    return out


# -- health, readiness, metrics -------------------------------------------------------------------------------
@public.get("/v1/health", response_model=S.HealthOut, tags=["service"])
async def health() -> S.HealthOut:
    """The process is up (no store access)."""
    return S.HealthOut(status="ok", version=__version__)


@public.get("/v1/ready", response_model=S.ReadyOut, tags=["service"],
            responses={503: {"model": S.ErrorOut, "description": "the store is not reachable"}})
def ready(request: Request) -> S.ReadyOut:
    """The store answers a read: safe to send traffic."""
    store = request.app.state.memory.store
    with store.read() as tx:
        tx.get_meta("embedder")
    dialect = getattr(store, "dialect", None)
    if not isinstance(dialect, str):
        raise StoreError("the store did not identify itself")
    return S.ReadyOut(status="ready", store=dialect)


@public.get("/metrics", response_class=PlainTextResponse, tags=["service"])
async def metrics(request: Request) -> PlainTextResponse:
    """Prometheus text format: requests by route template and status, latency histograms."""
    return PlainTextResponse(request.app.state.metrics.render(), media_type="text/plain; version=0.0.4")


# -- the key, config ------------------------------------------------------------------------------------------------
@v1.get("/key", response_model=S.GrantOut, tags=["keys"])
async def whoami(grant: GrantDep) -> S.GrantOut:
    """The grant of the calling key."""
    return S.GrantOut.model_validate(describe(grant))


def _config_out(request: Request) -> S.ConfigOut:
    mem = request.app.state.memory
    history = mem.config_history()
    return S.ConfigOut(version=history[-1][0] if history else None, config=mem.config.to_dict())


@v1.get("/config", response_model=S.ConfigOut, tags=["config"])
def get_config(request: Request, grant: GrantDep) -> S.ConfigOut:
    """The configuration in force (one per store, shared by every agent)."""
    return _config_out(request)


@v1.put("/config", response_model=S.ConfigOut, tags=["config"])
def put_config(request: Request, grant: GrantDep, body: S.ConfigIn) -> S.ConfigOut:
    """Validate and store a new database-wide default version (operator keys only: it applies to every
    agent without its own configuration, so no agent's admin key may change it)."""
    grant.need_operator()
    request.app.state.memory.set_config(body.config)
    return _config_out(request)


@v1.get("/config/history", response_model=S.ConfigHistoryOut, tags=["config"])
def config_history(request: Request, grant: GrantDep) -> S.ConfigHistoryOut:
    """Every stored configuration version, oldest first (admin and operator keys only)."""
    if not (grant.can_admin or grant.operator):
        raise PermissionDenied("this key has no admin right", field="authorization")
    return S.ConfigHistoryOut(versions=[S.ConfigVersionOut(version=v, at=at, config=doc)
                                        for v, at, doc in request.app.state.memory.config_history()])


# -- one agent's configuration ----------------------------------------------------------------------------------
def _agent_config_out(request: Request, agent: str) -> S.AgentConfigOut:
    mem = request.app.state.memory
    version, cfg = mem.config_in_force(agent)
    own = bool(mem.config_history(agent))
    return S.AgentConfigOut(agent=agent, version=version, own=own, config=cfg.to_dict())


def _may_read_config(grant: Any, agent: str) -> None:
    if grant.agent is not None and agent != grant.agent:
        raise PermissionDenied("this key is not granted that agent", field="agent")


def _may_change_config(grant: Grant, agent: str) -> None:
    grant.need_config_change(agent)  # the agent's admin keys only, none bound to one actor (grants.py's rule)


@v1.get("/agents/{agent}/config", response_model=S.AgentConfigOut, tags=["config"])
def get_agent_config(request: Request, grant: GrantDep, agent: AgentId) -> S.AgentConfigOut:
    """The configuration in force for this agent: its own newest version, else the database-wide default."""
    _may_read_config(grant, agent)
    return _agent_config_out(request, agent)


@v1.put("/agents/{agent}/config", response_model=S.AgentConfigOut, tags=["config"])
def put_agent_config(request: Request, grant: GrantDep, agent: AgentId, body: S.ConfigIn) -> S.AgentConfigOut:
    """Store a whole new configuration version for this agent (any accepted shape; admin keys of the agent)."""
    _may_change_config(grant, agent)
    request.app.state.memory.configure(agent, body.config, update=False)
    return _agent_config_out(request, agent)


@v1.patch("/agents/{agent}/config", response_model=S.AgentConfigOut, tags=["config"])
def patch_agent_config(request: Request, grant: GrantDep, agent: AgentId, body: S.ConfigIn) -> S.AgentConfigOut:
    """Change only the fields the document names (like ``update-harness``), as a new version."""
    _may_change_config(grant, agent)
    request.app.state.memory.configure(agent, body.config, update=True)
    return _agent_config_out(request, agent)


@v1.get("/agents/{agent}/config/history", response_model=S.AgentConfigHistoryOut, tags=["config"])
def agent_config_history(request: Request, grant: GrantDep, agent: AgentId) -> S.AgentConfigHistoryOut:
    """The agent's own configuration versions, oldest first."""
    _may_read_config(grant, agent)
    return S.AgentConfigHistoryOut(agent=agent, versions=[
        S.ConfigVersionOut(version=v, at=at, config=doc)
        for v, at, doc in request.app.state.memory.config_history(agent)])


# -- events, history search, extraction (session paths) ---------------------------------------------------------
SE = "/agents/{agent}/actors/{actor}/sessions/{session}"
AS = "/agents/{agent}/sessions/{session}"  # a session of the agent alone (no actor): keys without an actor
AC = "/agents/{agent}/actors/{actor}"
AG = "/agents/{agent}"


def _session_routes(prefix: str, dep: Callable[..., Awaitable[Ctx]], where: str) -> None:
    """Events, history search and extraction of one session: ``where`` is ``session`` (a session of an
    actor) or ``agent_session`` (a session of the agent alone, the Twisp shape)."""
    C = Annotated[Ctx, Depends(dep)]
    suffix = "" if where == "session" else f"_{where}"

    @v1.post(prefix + "/events", response_model=S.AppendOut, status_code=201, tags=["events"],
             name=f"append_events{suffix}")
    def append_events(ctx: C, body: S.AppendIn) -> S.AppendOut:
        """Store messages, tool calls and tool results as events of the session (one transaction)."""
        ctx.need_events(write=True)
        messages = [m.model_dump(exclude_none=True, exclude_unset=True) for m in body.messages]
        if body.preview:
            with ctx.mem.turn(ctx.scope, preview=True) as t:
                t.append(messages)
            events = t.appended
        else:
            events = ctx.mem.append(ctx.scope, messages)
        return S.AppendOut(events=[S.EventOut.model_validate(e) for e in events])

    @v1.get(prefix + "/events", response_model=S.EventsOut, tags=["events"], name=f"list_events{suffix}")
    def list_events(request: Request, ctx: C, limit: Limit = 50, before: datetime | None = None,
                    after: datetime | None = None,
                    role: Annotated[list[Role] | None, Query()] = None,
                    page_token: PageToken = None, preview: bool = False) -> S.EventsOut:
        """Events oldest first. Without ``after``: the newest ``limit`` (before ``before``), and pages run
        backward; with ``after``: the first ``limit`` after it, and pages run forward. ``role`` filters a
        page, so a page may be short: follow ``next_page_token`` until it is null."""
        ctx.need_events(write=False)
        tokens = _tokens(request)
        cursor = tokens.open(page_token, "events", ctx.scope) if page_token else None

        def fetch(**kw: Any) -> list[Any]:
            return ctx.mem.events(ctx.scope, preview=preview, **kw)

        page, nxt = events_page(fetch, limit, cursor, before=before, after=after)
        if role:
            page = [e for e in page if e.role in role]
        return S.EventsOut(events=[S.EventOut.model_validate(e) for e in page],
                           next_page_token=tokens.issue("events", ctx.scope, nxt) if nxt else None)

    @v1.get(prefix + "/events/{event_id}", response_model=S.EventOut, tags=["events"], name=f"get_event{suffix}")
    def get_event(ctx: C, event_id: EventId) -> S.EventOut:
        ctx.need_events(write=False)
        return S.EventOut.model_validate(ctx.mem.get_event(ctx.scope, event_id))

    @v1.delete(prefix + "/events/{event_id}", response_model=S.DeletedOut, tags=["events"],
               name=f"delete_event{suffix}")
    def delete_event(ctx: C, event_id: EventId) -> S.DeletedOut:
        """Hard-delete one event of the session (keys with the delete right)."""
        ctx.need_events(write=True)
        ctx.need_delete()
        n = ctx.mem.delete_events(ctx.scope, [event_id])
        if not n:
            raise NotFound(f"no event {event_id} in this session", field="event_id")
        return S.DeletedOut(deleted=n)

    @v1.post(prefix + "/history/search", response_model=S.HitsOut, tags=["events"],
             name=f"search_history{suffix}")
    def search_history(ctx: C, body: S.HistorySearchIn) -> S.HitsOut:
        """Rank the session's earlier events by meaning, keywords and recency."""
        ctx.need_events(write=False)
        return _hits(ctx.mem.search_history(ctx.scope, body.query, body.limit, include_tools=body.include_tools,
                                            mode=body.mode, preview=body.preview))

    @v1.post(prefix + "/extract", response_model=S.ExtractOut, tags=["extraction"], name=f"extract{suffix}")
    def extract(ctx: C, body: S.ExtractIn | None = None) -> S.ExtractOut:
        """Run the configured strategies on the session's events not yet extracted, now."""
        if not ctx.grant.write:
            raise PermissionDenied("this key may not write memory", field="authorization")
        written = ctx.mem.extract(ctx.scope, preview=body.preview if body else False)
        return S.ExtractOut(records=[_rec(r) for r in written])


_session_routes(SE, session_ctx, "session")
_session_routes(AS, agent_session_ctx, "agent_session")


# -- sessions, actors, erase, jobs ------------------------------------------------------------------------------
@v1.get(AG + "/sessions", response_model=S.SessionsOut, tags=["sessions"])
def agent_sessions(ctx: AgentCtx, limit: Limit = 100) -> S.SessionsOut:
    """Sessions of every actor of the agent, most recently active first."""
    ctx.need_events(write=False)
    return S.SessionsOut(sessions=[S.SessionOut.model_validate(s) for s in ctx.mem.sessions(ctx.scope, limit)])


@v1.get(AC + "/sessions", response_model=S.SessionsOut, tags=["sessions"])
def actor_sessions(ctx: ActorCtx, limit: Limit = 100) -> S.SessionsOut:
    """Sessions of one actor, most recently active first."""
    ctx.need_events(write=False)
    return S.SessionsOut(sessions=[S.SessionOut.model_validate(s) for s in ctx.mem.sessions(ctx.scope, limit)])


@v1.get(AG + "/actors", response_model=S.ActorsOut, tags=["sessions"])
def actors(ctx: AgentCtx, limit: Limit = 100) -> S.ActorsOut:
    """Actors with events, most recently active first."""
    ctx.need_events(write=False)
    return S.ActorsOut(actors=[S.ActorOut.model_validate(a) for a in ctx.mem.actors(ctx.scope, limit)])


@v1.delete(AC, response_model=S.EraseOut, tags=["records"])
def erase_actor(ctx: ActorCtx) -> S.EraseOut:
    """Hard-delete everything about this actor of the agent (privacy requests); reports what went."""
    ctx.need_delete()
    return S.EraseOut.model_validate(ctx.mem.erase(ctx.scope))


def _jobs(ctx: Ctx, status: str | None, limit: int) -> S.JobsOut:
    """The agent's jobs, or one actor's (filtered by the store before ``limit``: pages are never short)."""
    jobs = ctx.mem.jobs(ctx.scope, status=status, limit=limit, actor=ctx.scope.actor or ctx.grant.actor)
    return S.JobsOut(jobs=[S.JobOut.model_validate(j) for j in jobs])


def _tools_route(prefix: str, dep: Callable[..., Awaitable[Ctx]], where: str) -> None:
    """``GET prefix/tools`` at one depth, for the keys that reach it (an actor-bound key: its actor's paths)."""
    C = Annotated[Ctx, Depends(dep)]

    @v1.get(prefix + "/tools", response_model=S.ToolsOut, tags=["config"], name=f"{where}_tools",
            summary=f"The memory tools offered a model ({where} path)")
    def tools(ctx: C) -> S.ToolsOut:
        """The memory tools this agent's own configuration offers a model (``harness.memory.tools`` is opt-in;
        an agent without one gets the default's), JSON-schema'd as any model API takes them: the list MCP and the
        harness offer under the same grant (the configuration narrowed to the key's levels: a read-only key gets
        no write tool). Below the agent path, ``add_memory`` offers only the levels the path's ids can write
        (no session path: no session level), as MCP bound to that scope does. A path without a session offers no
        ``search_history``, whatever the index: "an agent without sessions has none". A key without the delete
        right gets no ``delete_memory``: every call would be refused, as ``DELETE …/records/{id}`` is."""
        from ..harness.tools import MEMORY_TOOLS, memory_specs

        bound = None if where == "agent" else ctx.scope
        withheld = {"search_history"} if ctx.scope.session is None else set()
        if not ctx.grant.can_delete:
            withheld.add("delete_memory")
        names = tuple(n for n in MEMORY_TOOLS if n not in withheld)
        return S.ToolsOut(tools=[S.ToolSpecOut(name=t.name, description=t.description, input_schema=t.parameters)
                                 for t in memory_specs(ctx.mem.config_for(ctx.scope.agent), scope=bound,
                                                       names=names)])


_tools_route(AG, agent_ctx, "agent")
_tools_route(AC, actor_ctx, "actor")
_tools_route(SE, session_ctx, "session")
_tools_route(AS, agent_session_ctx, "agent_session")


JobStatusQuery = Annotated[JobStatus | None, Query()]


@v1.get(AG + "/jobs", response_model=S.JobsOut, tags=["extraction"])
def agent_jobs(ctx: AgentCtx, status: JobStatusQuery = None, limit: Limit = 50) -> S.JobsOut:
    """Extraction jobs of the agent, newest first."""
    return _jobs(ctx, status, limit)


@v1.get(AC + "/jobs", response_model=S.JobsOut, tags=["extraction"])
def actor_jobs(ctx: ActorCtx, status: JobStatusQuery = None, limit: Limit = 50) -> S.JobsOut:
    """Extraction jobs about one actor, newest first."""
    return _jobs(ctx, status, limit)


@v1.post(AG + "/jobs/{job_id}/retry", response_model=S.JobOut, tags=["extraction"])
def retry_job(ctx: AgentCtx, job_id: JobId) -> S.JobOut:
    """Put a failed job back in the queue (admin keys only)."""
    ctx.need_admin()
    return S.JobOut.model_validate(ctx.mem.retry_job(ctx.scope, job_id))


# -- records, at three depths -----------------------------------------------------------------------------------
def _record_routes(prefix: str, dep: Callable[..., Awaitable[Ctx]], default_level: Level, where: str) -> None:
    C = Annotated[Ctx, Depends(dep)]
    tags: list[str | Any] = ["records"]

    def level(given: str | None) -> str:
        return given or default_level

    @v1.post(prefix + "/records", response_model=S.RecordOut, status_code=201, tags=tags,
             name=f"remember_{where}", summary=f"Remember a record ({where} path)")
    def remember(ctx: C, body: S.CreateRecordIn) -> S.RecordOut:
        return _rec(ctx.mem.remember(ctx.scope, body.summary, body.content, kind=body.kind, labels=body.labels,
                                     scope=level(body.scope), namespace=body.namespace, replaces=body.replaces,
                                     preview=body.preview, pin=body.pin))

    @v1.get(prefix + "/records", response_model=S.RecordsOut, tags=tags, name=f"list_{where}",
            summary=f"List records newest first ({where} path)")
    def list_records(request: Request, ctx: C, limit: Limit = 50,
                     kind: Annotated[list[S.Kind] | None, Query(max_length=validate.MAX_KIND_FILTERS)] = None,
                     label: Annotated[list[S.Text] | None, Query(description="name:value, repeatable")] = None,
                     namespace: Annotated[S.Namespace | None, Query()] = None,
                     status: Annotated[list[Status] | None, Query()] = None,
                     pinned: bool | None = None, preview: bool = False,
                     page_token: PageToken = None) -> S.RecordsOut:
        tokens = _tokens(request)
        before = record_before(tokens.open(page_token, "records", ctx.scope)) if page_token else None
        recs = ctx.mem.list(ctx.scope, kind=kind, labels=_labels(label), namespace=namespace,
                            status=tuple(status or ("active",)), preview=preview, pinned=pinned, limit=limit,
                            before=before)
        nxt = tokens.issue("records", ctx.scope, record_cursor(recs[-1])) if len(recs) == limit else None
        return S.RecordsOut(records=[_rec(r) for r in recs], next_page_token=nxt)

    @v1.post(prefix + "/records/batch", response_model=S.BatchOut, tags=tags, name=f"batch_{where}",
             summary=f"Create, update and delete records in one transaction ({where} path)")
    def batch(ctx: C, body: S.BatchIn) -> S.BatchOut:
        """``Memory.batch`` (one transaction, no extraction); the records come back in the order of ``ops``."""
        if any(isinstance(op, S.BatchDelete) for op in body.ops):
            ctx.need_delete()
        plan = batch_plan(body.ops, level)
        try:
            done = ctx.mem.batch(ctx.scope, create=plan.create, update=plan.update, delete=plan.delete,
                                 preview=body.preview)
        except EngramError as exc:
            exc.field = plan.field(exc.field)
            raise
        return S.BatchOut(records=[_rec(r) for r in plan.in_order(done)])

    @v1.get(prefix + "/records/{record_id}", response_model=S.RecordOut, tags=tags, name=f"get_{where}",
            summary=f"Read one record in any status ({where} path)")
    def get(ctx: C, record_id: RecordId, preview: bool = False) -> S.RecordOut:
        return _rec(ctx.mem.get(ctx.scope, record_id, preview=preview))

    @v1.get(prefix + "/records/{record_id}/history", response_model=S.VersionsOut, tags=tags,
            name=f"history_{where}", summary=f"Every version of a record ({where} path)")
    def history(ctx: C, record_id: RecordId) -> S.VersionsOut:
        return S.VersionsOut(versions=[S.VersionOut.model_validate(v)
                                       for v in ctx.mem.history(ctx.scope, record_id)])

    @v1.delete(prefix + "/records/{record_id}", response_model=S.RecordOut, tags=tags, name=f"forget_{where}",
               summary=f"Forget a record: gone from recall, versions kept ({where} path)")
    def forget(ctx: C, record_id: RecordId, preview: bool = False) -> S.RecordOut:
        ctx.need_delete()
        return _rec(ctx.mem.forget(ctx.scope, record_id, preview=preview))

    @v1.put(prefix + "/records/{record_id}/pin", response_model=S.RecordOut, tags=tags, name=f"pin_{where}",
            summary=f"Pin a record to every turn ({where} path)")
    def pin(ctx: C, record_id: RecordId) -> S.RecordOut:
        ctx.need_write(ctx.mem.get(ctx.scope, record_id).level)
        return _rec(ctx.mem.pin(ctx.scope, record_id))

    @v1.delete(prefix + "/records/{record_id}/pin", response_model=S.RecordOut, tags=tags,
               name=f"unpin_{where}", summary=f"Unpin a record ({where} path)")
    def unpin(ctx: C, record_id: RecordId) -> S.RecordOut:
        ctx.need_write(ctx.mem.get(ctx.scope, record_id).level)
        return _rec(ctx.mem.unpin(ctx.scope, record_id))

    @v1.get(prefix + "/records/{record_id}/uses", response_model=S.UsesOut, tags=tags, name=f"uses_{where}",
            summary=f"RETRIEVED uses of a record ({where} path)")
    def uses(ctx: C, record_id: RecordId, limit: Limit = 100) -> S.UsesOut:
        ctx.mem.get(ctx.scope, record_id, preview=True)  # 404 unless the record is visible
        return S.UsesOut(uses=[S.UseOut.model_validate(u) for u in ctx.mem.uses(ctx.scope, record_id, limit)])

    @v1.get(prefix + "/pins", response_model=S.PinsOut, tags=tags, name=f"pins_{where}",
            summary=f"Pinned records and the pin budget ({where} path)")
    def pins(ctx: C, preview: bool = False) -> S.PinsOut:
        used, budget = ctx.mem.pin_budget(ctx.scope)
        return S.PinsOut(records=[_rec(r) for r in ctx.mem.pinned(ctx.scope, preview=preview)], used_tokens=used,
                         budget_tokens=budget)

    @v1.post(prefix + "/recall", response_model=S.HitsOut, tags=tags, name=f"recall_{where}",
             summary=f"Records that best match a query, with score parts ({where} path)")
    def recall(ctx: C, body: S.RecallIn) -> S.HitsOut:
        return _hits(ctx.mem.recall(ctx.scope, body.query, body.limit, mode=body.mode, min_score=body.min_score,
                                    kind=body.kind, labels=body.labels, namespace=body.namespace,
                                    preview=body.preview))

    @v1.post(prefix + "/uses", response_model=S.LoggedOut, tags=tags, name=f"log_uses_{where}",
             summary=f"Log RETRIEVED uses of recalled records ({where} path)")
    def log_uses(ctx: C, body: S.UsesIn) -> S.LoggedOut:
        if not ctx.grant.write:  # the recall audit is written, never forged by a read-only key
            raise PermissionDenied("this key may not write memory", field="authorization")
        hits = []
        for i, u in enumerate(body.uses):
            try:
                hits.append(Hit(score=u.score, record=ctx.mem.get(ctx.scope, u.record_id, preview=True)))
            except (NotFound, ValidationError) as exc:  # about the id the body gave: named where it sits
                exc.field = f"uses[{i}].record_id"
                raise
        ctx.mem.log_uses(ctx.scope, hits, turn_id=body.turn_id, call_index=body.call_index)
        return S.LoggedOut(logged=len(hits))


LOCATE_SESSIONS = validate.MAX_LIMIT  # the sessions (newest first) a record is looked for in, below a path


def _record_home(ctx: Ctx, record_id: str) -> Scope:
    """The narrowest scope to read record ``record_id`` through, found among the scopes this key may read at or
    below the path: the path itself, then the actors and the sessions with events (newest first, at most
    :data:`LOCATE_SESSIONS`). Every look goes through the key's narrowed view and grant, so it finds only what
    the key could read by naming the scope itself: a convenience for a bare record id, never a wider reach."""
    read = ctx.mem.config.memory.scope.read
    candidates = [ctx.scope]
    if ctx.scope.session is None and ("actor" in read or "session" in read):
        with ctx.base.store.read() as tx:
            rows = tx.list_sessions(ctx.scope.agent, ctx.scope.actor, limit=LOCATE_SESSIONS)
        pairs = [(r.get("actor"), r.get("session")) for r in rows]
        if "actor" in read:
            candidates += [Scope(ctx.scope.agent, a) for a in dict.fromkeys(a for a, _ in pairs) if a is not None]
        if "session" in read:
            candidates += [Scope(ctx.scope.agent, a, s) for a, s in pairs if s is not None]
    for scope in dict.fromkeys(candidates):
        try:
            ctx.grant.check_path(scope.agent, scope.actor, scope.session)
            rec = ctx.mem.get(scope, record_id, preview=True)
        except (NotFound, PermissionDenied):
            continue
        return Scope(rec.agent, rec.actor if rec.level != "agent" else None,
                     rec.session if rec.level == "session" else None)
    raise NotFound(f"no record {record_id} this key may read at or below this path (looked at it and at the "
                   "actors and sessions with events below it)", field="record_id")


def _locate_route(prefix: str, dep: Callable[..., Awaitable[Ctx]], where: str) -> None:
    """``GET prefix/records/{record_id}/scope`` at the depths a bare record id is opened from: the agent path
    (keys for the whole agent) and an actor path (a key bound to that actor)."""
    C = Annotated[Ctx, Depends(dep)]

    @v1.get(prefix + "/records/{record_id}/scope", response_model=S.ScopeOut, tags=["records"],
            name=f"record_scope_{where}", summary=f"Where a record is read, for a bare id ({where} path)")
    def record_scope(ctx: C, record_id: RecordId) -> S.ScopeOut:
        """The scope (agent, actor, session) whose path reads this record, found at or below this path among what
        the key may read: the web inspector opens a record shared as a bare id with it. 404 when the key reads
        no such record there."""
        home = _record_home(ctx, record_id)
        return S.ScopeOut(agent=home.agent, actor=home.actor, session=home.session)


_locate_route(AG, agent_ctx, "agent")
_locate_route(AC, actor_ctx, "actor")
_record_routes(AG, agent_ctx, "agent", "agent")
_record_routes(AC, actor_ctx, "actor", "actor")
_record_routes(SE, session_ctx, "session", "session")
_record_routes(AS, agent_session_ctx, "session", "agent_session")

