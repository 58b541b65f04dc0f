"""The FastAPI application: routes, the error table at the boundary, middleware, lifespan.

Middleware, outermost first: metrics (times everything), body limit (413 before anything parses), auth
(401/403 before any route or body validation). Errors leave as ``{"error": {"type", "message",
"field"}}`` with the status :data:`engram.http.errors.STATUS` gives their class.
"""

from __future__ import annotations

import inspect
import json
import logging
import secrets
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from typing import Any

import anyio.to_thread
from fastapi import Depends, FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, RedirectResponse
from fastapi.routing import APIRoute
from starlette.exceptions import HTTPException as StarletteHTTPException

from .. import __version__
from ..engine import Memory
from ..errors import EngramError, PermissionDenied, ValidationError
from ..expiry import Schedule
from ..grants import Grant
from ..stores.base import Store
from . import errors as http_errors
from . import routes
from .auth import AuthMiddleware, LoopbackHostMiddleware
from .metrics import RAW_BODY, BodyLimitMiddleware, Metrics, MetricsMiddleware
from .paging import Tokens
from .worker import ServeWorker, mount_worker

# FastAPI 0.165 and later trace, meter and log every request through OpenTelemetry whenever a provider is
# configured in the process (or FASTAPI_OTEL_AUTO_CONFIGURE=true sets one up). engram sends no telemetry,
# ever, and that per-request work is not free: switched off wherever the option exists.
NO_TELEMETRY: dict[str, Any] = (
    {"telemetry": {"tracing": False, "metrics": False, "logs": False, "operation_spans": False,
                   "auto_configure": False}}
    if "telemetry" in inspect.signature(FastAPI.__init__).parameters else {})

log = logging.getLogger("engram.http")

DEFAULT_MAX_BODY = 1 << 20
TOKEN_SECRET_META = "http.page_token_secret"


def token_secret(store: Store) -> bytes:
    """The server secret that signs page tokens: made once per store, kept in its meta table."""
    with store.write() as tx:
        found = tx.get_meta(TOKEN_SECRET_META)
        if found is None:
            found = secrets.token_hex(32)
            tx.set_meta(TOKEN_SECRET_META, found)
    return bytes.fromhex(found)


_PLACES = ("body", "query", "path", "header", "cookie")
_TAG_ERRORS = ("union_tag_invalid", "union_tag_not_found")


def _in_document(parts: list[Any], doc: Any, missing: bool) -> list[Any]:
    """The parts of a body location that name a place in the document sent: pydantic also puts the tag of
    the union member it tried in a location (``content.str``, ``ops[0].create.summary``), which the caller
    never wrote. ``missing``: the last part names a member that is absent."""
    out: list[Any] = []
    node = doc
    for i, part in enumerate(parts):
        inside = (isinstance(node, dict) and isinstance(part, str) and part in node) or (
            isinstance(node, list) and type(part) is int and 0 <= part < len(node))
        if inside:
            node = node[part]
        elif not (missing and i == len(parts) - 1 and isinstance(node, dict)):
            continue  # a union member's tag
        out.append(part)
    return out


def _field(loc: tuple[Any, ...], body: Any = None, *, missing: bool = False) -> str:
    """A pydantic location as the engine names fields: ``("body", "messages", 0, "role")`` ->
    ``messages[0].role``; with the body sent, the tags of union members are left out."""
    parts = list(loc)
    where = parts[0] if parts and parts[0] in _PLACES else None
    if where is not None:
        parts = parts[1:] or [where]
        if where == "body" and len(loc) > 1:
            parts = _in_document(parts, body, missing) or ["body"]
    out = ""
    for p in parts:
        if isinstance(p, int):
            out += f"[{p}]"
        else:
            out += f".{p}" if out else str(p)
    return out or "body"


def _message(err: dict[str, Any]) -> str:
    """What a pydantic error says; an engram rule run by a validator says its own message."""
    ctx = err.get("ctx")
    cause = ctx.get("error") if isinstance(ctx, dict) else None
    return cause.message if isinstance(cause, EngramError) else str(err.get("msg", "invalid"))


def _named(errs: Sequence[Any], body: Any) -> list[tuple[str, str]]:
    """(field, message) of each pydantic error. Of the errors a union's members give for one value, those about
    a place within it are kept over those about the value itself (``kind[0]`` over ``kind``: the member the
    value's type chose got further), a rule the value broke over another member's type it does not have
    (``kind``: "must be 1-64 characters", not also "Input should be a valid list"), and the rest about one
    field are said in one message."""
    found: list[tuple[str, str, bool, bool]] = []
    for e in errs:
        loc = tuple(e.get("loc", ("body",)))
        ctx = e.get("ctx") if isinstance(e.get("ctx"), dict) else {}
        if e.get("type") in _TAG_ERRORS and ctx.get("discriminator"):
            loc += (str(ctx["discriminator"]).strip("'\""),)  # the tag member itself is what is wrong
        named = _field(loc, body, missing=e.get("type") in ("missing", *_TAG_ERRORS))
        found.append((named, _message(e), named != _field(loc), str(e.get("type", "")).endswith("_type")))
    deeper = [f for f, _, tagged, _ in found if tagged]
    ruled = {f for f, _, tagged, wrong_type in found if tagged and not wrong_type}
    kept: dict[str, list[str]] = {}
    for named, message, tagged, wrong_type in found:
        if tagged and any(d.startswith((named + ".", named + "[")) for d in deeper):
            continue
        if tagged and wrong_type and named in ruled:
            continue
        if message not in kept.setdefault(named, []):
            kept[named].append(message)
    return [(named, " or ".join(messages)) for named, messages in kept.items()]


async def _engram_error(request: Request, exc: Exception) -> JSONResponse:
    assert isinstance(exc, EngramError)
    grant = request.scope.get("state", {}).get("grant")
    if isinstance(exc, PermissionDenied) and isinstance(grant, Grant):  # a level this key withholds: say so
        exc = grant.withheld(exc) or exc
    status = http_errors.status_for(exc)
    if status >= 500:
        log.error("%s %s failed: %s: %s", request.method, request.url.path, type(exc).__name__, exc)
    return JSONResponse(http_errors.body_for(exc), status_code=status)


async def _validation_error(request: Request, exc: Exception) -> JSONResponse:
    assert isinstance(exc, RequestValidationError)
    errs = exc.errors()
    first = errs[0] if errs else {"loc": ("body",), "msg": "invalid request"}
    if first.get("type") == "json_invalid":
        ctx = first.get("ctx")
        detail = ctx.get("error", "decode error") if isinstance(ctx, dict) else "decode error"
        return JSONResponse(http_errors.body("ValidationError", f"is not valid JSON: {detail}", "body"),
                            status_code=422)
    every = _named(errs or [first], exc.body)
    # every error, each with its field, in the message and as a list (not "... (and 1 more)"), in the words the
    # library lists several broken rules in (engram.errors.ValidationError.errors)
    out = ValidationError(every[0][1], field=every[0][0], errors=tuple(every))
    return JSONResponse(http_errors.body_for(out), status_code=422)


def _declared_query(route: APIRoute) -> set[str]:
    """The query parameters ``route`` declares: its own and those of its dependencies."""
    names: set[str] = set()
    todo = [route.dependant]
    while todo:
        dependant = todo.pop()
        names.update(f.alias for f in dependant.query_params)
        todo.extend(dependant.dependencies)
    return names


async def known_query(request: Request) -> None:
    """Refuse a query parameter the route does not declare (422 naming it), so a typo such as ``?limt=5`` is
    caught rather than silently leaving the default in force. It applies to the documented API (the routes in
    ``/openapi.json``); the inspector's pages, ``/docs`` and the AgentCore face are left to their own rules."""
    route = request.scope.get("route")
    if not isinstance(route, APIRoute) or not route.include_in_schema:
        return
    declared = _declared_query(route)
    unknown = [name for name in dict.fromkeys(request.query_params) if name not in declared]
    if unknown:
        takes = ", ".join(sorted(declared)) or "none"
        raise RequestValidationError([{"type": "extra_forbidden", "loc": ("query", name), "input": None,
                                       "msg": f"unknown query parameter (this route takes {takes})"}
                                      for name in unknown])


MAX_BODY_DEPTH = 64  # arrays and objects a JSON body may nest (free-form members: the engine's own, lower, bound)


def too_deep(text: str, limit: int = MAX_BODY_DEPTH) -> str | None:
    """Where the JSON ``text`` first nests more than ``limit`` arrays and objects, as a field (the member holding
    that value: ``messages[0].metadata.a``; ``body`` when no member does), or None when it never does. A scan of the
    text, not a parse, so it reads a body nested past what the JSON parser reads."""
    stack: list[list[Any]] = []  # [key or None, expecting a key] for an object, [index] for an array
    i, n = 0, len(text)
    while i < n:
        ch = text[i]
        if ch == '"':
            end = i + 1
            while end < n and text[end] != '"':
                end += 2 if text[end] == "\\" else 1
            if stack and len(stack[-1]) == 2 and stack[-1][1]:
                try:
                    stack[-1][0] = json.loads(text[i:end + 1])
                except ValueError:
                    stack[-1][0] = text[i + 1:end]
            i = end
        elif ch in "[{":
            if len(stack) >= limit:
                return _member(stack)
            stack.append([None, True] if ch == "{" else [0])
        elif ch in "]}" and stack:
            stack.pop()
        elif ch == "," and stack:
            if len(stack[-1]) == 2:
                stack[-1][1] = True
            else:
                stack[-1][0] += 1
        elif ch == ":" and stack and len(stack[-1]) == 2:
            stack[-1][1] = False
        i += 1
    return None


def _member(stack: list[list[Any]]) -> str:
    """The field a scan's open containers name, down to the last object member (the array items past it are that
    member's own nesting)."""
    last = max((k for k, frame in enumerate(stack) if len(frame) == 2 and frame[0] is not None), default=-1)
    out = ""
    for frame in stack[:last + 1]:
        out += f"[{frame[0]}]" if len(frame) == 1 else f".{frame[0]}" if out else str(frame[0])
    return out or "body"


def _unparsed(request: Request, exc: StarletteHTTPException) -> tuple[str, str]:
    """(message, field) for a JSON body FastAPI could not parse: one nested past the parser's reach is named by the
    member holding it and the rule it broke (:data:`MAX_BODY_DEPTH`); anything else as the parser said."""
    raw = request.scope.get("state", {}).get(RAW_BODY)
    if isinstance(exc.__cause__, RecursionError) and isinstance(raw, bytes):
        where = too_deep(raw.decode("utf-8", errors="replace"))
        if where is not None:
            return (f"is nested too deeply: a request body may nest arrays and objects at most {MAX_BODY_DEPTH} "
                    "levels", where)
    return f"could not be parsed as JSON: {exc.detail or 'error'}", "body"


_HTTP_TYPES = {400: ("ValidationError", "body"), 401: ("Unauthenticated", "authorization"),
               404: ("NotFound", "path"), 405: ("MethodNotAllowed", "method"), 413: ("PayloadTooLarge", "body")}


async def _http_error(request: Request, exc: Exception) -> JSONResponse:
    assert isinstance(exc, StarletteHTTPException)
    type_name, field = _HTTP_TYPES.get(exc.status_code, ("HTTPError", None))
    status = exc.status_code
    message = str(exc.detail) if exc.detail else "error"
    if status == 400:  # FastAPI could not parse the body (bad UTF-8, nesting too deep, ...)
        status, (message, field) = 422, _unparsed(request, exc)
    elif status == 404:
        message = "no such path"
    return JSONResponse(http_errors.body(type_name, message, field), status_code=status,
                        headers=getattr(exc, "headers", None))


async def _unexpected(request: Request, exc: Exception) -> JSONResponse:
    # The one place that sees every other exception: Starlette hands it here from its outermost
    # middleware. It is logged with its traceback and answered with a generic 500 that names nothing
    # internal; Starlette then re-raises it so the server's own log has it as well.
    log.error("%s %s raised %s", request.method, request.url.path, type(exc).__name__, exc_info=exc)
    return JSONResponse(http_errors.body("InternalError", http_errors.GENERIC_500), status_code=500)


def create_app(memory: Memory, *, insecure_local: bool = False, max_body_bytes: int = DEFAULT_MAX_BODY,
               close_memory: bool = False, run_worker: bool | None = None, threads: int | None = None,
               expire_every: float | None = None) -> FastAPI:
    """The HTTP API over ``memory``.

    ``insecure_local`` grants every request everything (loopback clients only, addressed by a loopback
    ``Host``: 421 otherwise, against DNS rebinding; for one developer).
    ``run_worker`` starts the extraction job worker for the app's lifetime (default: when the config's
    extraction trigger is ``async``); shutdown stops it after the job in hand. ``close_memory`` closes
    the Memory at shutdown too (the ``serve`` command owns it; tests usually do not). ``threads`` sizes the
    thread pool the blocking routes run in (anyio's default is 40). ``expire_every`` (seconds, opt-in) runs an
    expiry sweep at start-up and then on that schedule (:mod:`engram.expiry`); without it nothing expires.
    """

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        if threads is not None:
            anyio.to_thread.current_default_thread_limiter().total_tokens = threads
        worker.start()
        schedule = Schedule(memory, expire_every).start() if expire_every is not None else None
        try:
            yield
        finally:
            if schedule is not None:
                await anyio.to_thread.run_sync(schedule.stop)
            await anyio.to_thread.run_sync(worker.stop)
            if close_memory:
                memory.close()

    # the extraction job worker (src/engram/http/worker.py): `engram serve` runs one unless --no-worker
    worker = ServeWorker(memory, run_worker if run_worker is not None
                         else memory.config.memory.extraction.trigger == "async")
    app = FastAPI(title="engram", version=__version__, lifespan=lifespan, openapi_url="/openapi.json",
                  docs_url=None, redoc_url=None, generate_unique_id_function=lambda route: route.name,
                  description="Memory for LLM agents: events, records, recall. Errors are "
                              '`{"error": {"type", "message", "field"}}`.',
                  dependencies=[Depends(known_query)], **NO_TELEMETRY)
    app.state.memory = memory
    app.state.tokens = Tokens(token_secret(memory.store))
    app.state.metrics = Metrics()
    app.include_router(routes.public)
    app.include_router(routes.v1)
    from .ui import mount_api_docs, mount_ui  # the web inspector (/ui) and Swagger UI (/docs), no CDN
    mount_ui(app)
    mount_api_docs(app)
    app.add_api_route("/", lambda: RedirectResponse("/ui", status_code=307), include_in_schema=False,
                      methods=["GET", "HEAD"])  # a browser pointed at the server lands on the inspector
    mount_worker(app, worker)
    app.add_exception_handler(EngramError, _engram_error)
    app.add_exception_handler(RequestValidationError, _validation_error)
    app.add_exception_handler(StarletteHTTPException, _http_error)
    app.add_exception_handler(Exception, _unexpected)
    from ..agentcore.mount import mount as mount_agentcore  # the AgentCore face: /memories/*, /harnesses/* (SigV4)
    from ..agentcore.mount import too_large
    mount_agentcore(app, memory, insecure_local=insecure_local)
    app.add_middleware(AuthMiddleware, store=memory.store, insecure_local=insecure_local)
    app.add_middleware(BodyLimitMiddleware, max_bytes=max_body_bytes, answer=too_large)
    app.add_middleware(MetricsMiddleware, metrics=app.state.metrics)
    if insecure_local:  # outermost: no route, not even /metrics or the inspector, answers a rebound name
        app.add_middleware(LoopbackHostMiddleware)
    return app
