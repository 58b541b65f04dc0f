"""Glue between FastAPI and the AgentCore face: the route class and the request helpers every route uses.

To add an AgentCore route (data plane, control plane or harness), in its own module::

    from .server import AwsRouter, CallDep

    router = AwsRouter()

    @router.post("/memories/{memoryId}/retrieve")
    def retrieve(c: CallDep) -> JSONResponse:       # sync: runs in the thread pool
        ctx = c.memory_ctx(c.param("memoryId"))     # resolves the memory, checks the key's grant
        body = c.body()                             # the JSON body (dict; {} when empty)
        return c.ok({...})

and list it in :func:`engram.agentcore.mount.routers` (the catch-all stays last). Routes receive path parameters still
percent-encoded: use ``c.param(name)``. Raise :class:`~engram.agentcore.errors.AwsError` subclasses or
engram errors; both leave as AWS error shapes (``x-amzn-ErrorType`` + ``{"__type", "message"}``).
"""

from __future__ import annotations

import json
import logging
from collections.abc import Callable, Coroutine
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Annotated, Any

from fastapi import APIRouter, Depends, Request, Response
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from fastapi.routing import APIRoute

from ..config import Config
from ..core import validate
from ..engine import Memory
from ..errors import EngramError, ValidationError
from ..grants import Ctx, Grant, view
from ..types import Scope
from . import errors, ids, memories, registry
from .auth import BODY_STATE, GRANT_STATE, SIGNED_STATE
from .errors import AccessDeniedException, AwsError, ServiceException, ValidationException, from_engram

log = logging.getLogger("engram.agentcore")


def aws_response(exc: AwsError) -> JSONResponse:
    return JSONResponse(exc.body(), status_code=exc.status, headers=exc.headers())


class AwsRoute(APIRoute):
    """An APIRoute whose errors leave in AWS's shapes, whatever raised them, each as an error its operation's
    model lists (:func:`~engram.agentcore.errors.as_listed`)."""

    def get_route_handler(self) -> Callable[[Request], Coroutine[Any, Any, Response]]:
        handler = super().get_route_handler()
        methods = sorted(self.methods or ())
        listed = errors.LISTED.get(f"{methods[0]} {self.path}") if len(methods) == 1 else None

        async def run(request: Request) -> Response:
            try:
                return await handler(request)
            except AwsError as exc:
                return aws_response(errors.as_listed(exc, listed))
            except EngramError as exc:
                aws = from_engram(exc)
                if aws.status >= 500:
                    log.error("%s %s failed: %s: %s", request.method, request.url.path, type(exc).__name__, exc)
                return aws_response(errors.as_listed(aws, listed))
            except RequestValidationError as exc:
                errs = exc.errors()
                first = errs[0] if errs else {"loc": ("body",), "msg": "invalid request"}
                field = ".".join(str(p) for p in first.get("loc", ())[1:]) or None
                return aws_response(ValidationException(str(first.get("msg", "invalid request")), field=field))

        return run


def AwsRouter() -> APIRouter:
    """A router for AgentCore routes: AWS error shapes, kept out of engram's OpenAPI document."""
    return APIRouter(route_class=AwsRoute, include_in_schema=False)


def timestamp(at: datetime) -> float:
    """A datetime as rest-json sends it: epoch seconds."""
    return at.astimezone(UTC).timestamp()


def parse_timestamp(value: object, field: str) -> datetime:
    """An epoch-seconds number (what boto3 sends) or an ISO-8601 string, as an aware UTC datetime, inside the
    range engram keeps times in (:data:`engram.core.validate.EARLIEST` to ``LATEST``): a time at the calendar's
    edges is a ValidationException naming ``field``, never an overflow further in."""
    if isinstance(value, bool) or not isinstance(value, (int, float, str)):
        raise ValidationException("must be a timestamp", field=field)
    when: object = value
    if isinstance(value, (int, float)):
        try:
            when = datetime.fromtimestamp(float(value), UTC)
        except (OverflowError, OSError, ValueError) as exc:
            raise ValidationException(f"must lie between {validate.EARLIEST.date()} and {validate.LATEST.date()} "
                                      "(UTC)", field=field) from exc
    try:
        return validate.as_utc(when, field)
    except ValidationError as exc:
        raise ValidationException(exc.message, field=field) from exc


@dataclass(frozen=True, slots=True)
class MemoryCtx:
    """A data-plane call's memory resource and the engram context (scope, grant, narrowed Memory)."""

    resource: registry.MemoryResource
    ctx: Ctx

    @property
    def mem(self) -> Memory:
        return self.ctx.mem

    @property
    def scope(self) -> Scope:
        return self.ctx.scope


class Call:
    """One AgentCore request as a route sees it."""

    def __init__(self, request: Request) -> None:
        self.request = request

    @property
    def base(self) -> Memory:
        mem: Memory = self.request.app.state.memory
        return mem

    @property
    def grant(self) -> Grant:
        grant = self.request.scope.get("state", {}).get(GRANT_STATE)
        if not isinstance(grant, Grant):
            raise AccessDeniedException("the request is not signed")
        return grant

    @property
    def signed(self) -> dict[str, str]:
        """``service``, ``region`` and ``access_key_id`` of the verified signature."""
        got: dict[str, str] = self.request.scope.get("state", {}).get(SIGNED_STATE) or {}
        return got

    def param(self, name: str) -> str:
        return ids.path_param(self.request.path_params[name])

    def query(self, name: str) -> str | None:
        return self.request.query_params.get(name)

    def body(self) -> dict[str, Any]:
        """The JSON body, strictly: ``NaN`` and ``Infinity`` (which Python's parser takes) are not JSON, and
        a value holding them could be stored and then never rendered again."""
        raw: bytes = self.request.scope.get("state", {}).get(BODY_STATE, b"")
        if not raw.strip():
            return {}
        try:
            doc = json.loads(raw, parse_constant=_not_json)
        except (ValueError, RecursionError) as exc:
            raise ValidationException(f"the body is not valid JSON: {exc}", reason="CannotParse") from exc
        if not isinstance(doc, dict):
            raise ValidationException("the body must be a JSON object", reason="CannotParse")
        _storable(doc, "")
        return doc

    def memory(self, raw_id: str) -> registry.MemoryResource:
        """The memory resource named by an id or ARN, if the key's agent is the memory's own agent or the agent
        that created it (``doc["owner"]``: the control plane puts each new memory on an agent of its own, owned
        by the creating key's agent); any other answers ResourceNotFound, as a missing one does
        (:func:`.memories.find`): another tenant's memory is not there for this key."""
        return memories.find(self.base.store, self.grant, raw_id)

    def memory_ctx(self, raw_id: str, actor: str | None = None, session: str | None = None) -> MemoryCtx:
        """Resolve the memory and build the engram scope for (actor, session), inside the key's grant.

        ``actor`` is engram's actor id (see :func:`ids.actor_in`). A key bound to one actor reaches only
        that actor; a call without an actor (memory-wide) needs a key without one.
        """
        res = self.memory(raw_id)
        grant = self.grant
        if grant.actor is not None and actor != grant.actor:
            raise AccessDeniedException("this key is granted one actor; this request names "
                                        + ("another actor" if actor else "no actor (memory-wide)"))
        scope = Scope(agent=res.agent, actor=actor, session=session)
        return MemoryCtx(res, Ctx(scope, grant, self.view(res.agent), self.base))

    def view(self, agent: str) -> Memory:
        """The Memory a call on ``agent``'s memory uses: that agent's configuration, its scope levels
        narrowed by the key's grant."""
        return view(self.base, self.grant, agent)

    def config(self, agent: str) -> Config:
        """The configuration in force for ``agent`` (strategies, namespace templates, labels)."""
        return self.base.config_for(agent)

    def ok(self, payload: dict[str, Any], status: int = 200) -> JSONResponse:
        return JSONResponse(payload, status_code=status)


def _not_json(constant: str) -> Any:
    raise ValueError(f"{constant} is not a JSON value")


def _unstorable(text: str, field: str) -> str | None:
    """Why ``text`` cannot be stored (core.validate.storable_text's rule), or None."""
    try:
        validate.storable_text(text, field)
    except ValidationError as exc:
        return exc.message
    return None


def _storable(doc: Any, root: str) -> None:
    """Refuse a NUL character or a lone surrogate (JSON can carry both: ``\\u0000``, ``\\ud800``) anywhere in
    the body, naming the member as the service model does (``payload[0].conversational.content.text``): no
    store keeps them, and refused further in they would be named by engram's own fields instead. Iterative:
    a body nested as deep as the JSON parser allows is walked without recursion."""
    stack: list[tuple[Any, str]] = [(doc, root)]
    while stack:
        value, path = stack.pop()
        if isinstance(value, str):
            why = _unstorable(value, path)
            if why is not None:
                raise ValidationException(why, field=path or "body")
        elif isinstance(value, dict):
            for k, v in reversed(list(value.items())):
                why = _unstorable(k, path)
                if why is not None:
                    raise ValidationException(f"a key {why}", field=path or "body")
                stack.append((v, f"{path}.{k}" if path else k))
        elif isinstance(value, list):
            stack.extend((v, f"{path}[{i}]") for i, v in reversed(list(enumerate(value))))


async def _call(request: Request) -> Call:
    return Call(request)


CallDep = Annotated[Call, Depends(_call)]


__all__ = ["AwsRoute", "AwsRouter", "Call", "CallDep", "MemoryCtx", "ServiceException", "parse_timestamp",
           "timestamp"]
