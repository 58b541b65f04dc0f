"""Who is calling and what they may touch: API key grants, enforced before any route runs.

Two gates, on purpose:

1. :class:`AuthMiddleware` authenticates every ``/v1/`` request but health and readiness (401 without a
   live key) and checks the agent, actor and session named in the *path* against the key's grant (403),
   before the body is even read, so a request outside the grant learns nothing from validation errors.
   Reading an agent's configuration (``GET /v1/agents/{agent}/config``) needs only the agent.
2. The route dependencies (:func:`agent_ctx`, :func:`actor_ctx`, :func:`session_ctx`) check the same
   ids again as the routes see them, build the :class:`Scope` every engine call takes, and hand the route
   a :class:`Memory` view whose ``scope.read``/``scope.write`` are the config's levels intersected with
   the key's. Ids in bodies never choose a scope: the engine filters every read by this scope.

The grant, the route context and the narrowed view are not HTTP things (the AgentCore face uses them
too), so they live in :mod:`engram.grants`; they are re-exported here under their old names.

:class:`LoopbackHostMiddleware` guards the unauthenticated local mode (``--insecure-local``) against DNS
rebinding: a page on another site whose name now resolves to 127.0.0.1 sends its own name as ``Host``, so
only loopback names are served (421 otherwise), on every path.
"""

from __future__ import annotations

import ipaddress
import logging
import re
from typing import Annotated, Any

import anyio.to_thread
from fastapi import Depends, Path, Request
from pydantic import AfterValidator
from starlette.routing import Match
from starlette.types import ASGIApp, Receive, Send
from starlette.types import Scope as AsgiScope

from ..engine import Memory
from ..errors import EngramError, PermissionDenied
from ..grants import LOCAL_GRANT, Ctx, Grant, view
from ..keys import check_key
from ..stores.base import Store
from ..types import ID_PATTERN, MAX_SCOPE_ID, Scope, check_id
from .errors import MisdirectedRequest, Unauthenticated, body, body_for, status_for
from .wire import send_json

log = logging.getLogger("engram.http")

PUBLIC_V1 = frozenset({"/v1/health", "/v1/ready"})
_PATH_IDS = re.compile(r"^/v1/agents/([^/]+)(?:/actors/([^/]+))?(?:/sessions/([^/]+))?")
_AGENT_CONFIG = re.compile(r"^/v1/agents/[^/]+/config(?:/history)?/?$")
LOOPBACK_HOSTS = frozenset({"localhost", "127.0.0.1", "[::1]"})

__all__ = [
    "LOCAL_GRANT",
    "ActorCtx",
    "AgentCtx",
    "AuthMiddleware",
    "Ctx",
    "Grant",
    "GrantDep",
    "SessionCtx",
    "actor_ctx",
    "agent_ctx",
    "describe",
    "grant_of",
    "session_ctx",
    "view",
]


def _is_loopback(host: str | None) -> bool:
    try:
        return host is not None and ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


class AuthMiddleware:
    """Authenticate ``/v1/`` requests by ``Authorization: Bearer <key>``; put the grant in the scope state."""

    def __init__(self, app: ASGIApp, *, store: Store, insecure_local: bool = False) -> None:
        self.app = app
        self.store = store
        self.insecure_local = insecure_local

    async def __call__(self, scope: AsgiScope, receive: Receive, send: Send) -> None:
        path = scope.get("path", "")
        if scope["type"] != "http" or not path.startswith("/v1/") or path in PUBLIC_V1:
            await self.app(scope, receive, send)
            return
        try:
            grant = await self._grant(scope)
            m = _PATH_IDS.match(path)
            if m:
                whole = scope.get("method") in ("GET", "HEAD") and _AGENT_CONFIG.match(path) is not None
                try:
                    grant.check_path(m.group(1), m.group(2), m.group(3), whole_agent=whole)
                except PermissionDenied:
                    if _served(scope):  # asked only of a refusal: the routes are not walked for every request
                        raise
        except PermissionDenied as exc:  # Unauthenticated is one too
            status = 401 if isinstance(exc, Unauthenticated) else 403
            headers = [(b"www-authenticate", b'Bearer realm="engram"')] if status == 401 else []
            await send_json(send, status, body_for(exc), headers)
            return
        except EngramError as exc:  # the key could not be checked (a StoreError): its status, not a bare 500
            # no key is verified yet: the class goes out, the details (a database host…) only to the log
            log.error("%s %s failed: %s: %s", scope.get("method"), path, type(exc).__name__, exc)
            await send_json(send, status_for(exc), body(type(exc).__name__, "the key could not be checked; the "
                                                         "server log has the details"))
            return
        scope.setdefault("state", {})["grant"] = grant
        await self.app(scope, receive, send)

    async def _grant(self, scope: AsgiScope) -> Grant:
        if self.insecure_local:
            client = scope.get("client")
            if not _is_loopback(client[0] if client else None):
                raise PermissionDenied("--insecure-local serves loopback clients only", field="client")
            return LOCAL_GRANT
        header = b""
        for name, value in scope.get("headers", []):
            if name == b"authorization":
                header = value
                break
        scheme, _, token = header.decode("latin-1").strip().partition(" ")
        if not header:
            raise Unauthenticated("send Authorization: Bearer <key>", field="authorization")
        if scheme.lower() != "bearer" or not token.strip():
            raise Unauthenticated("expected Authorization: Bearer <key>", field="authorization")
        key = await anyio.to_thread.run_sync(check_key, self.store, token.strip())
        if key is None:
            raise Unauthenticated("unknown or revoked key", field="authorization")
        return Grant.of(key)


def _served(scope: AsgiScope) -> bool:
    """Whether a route of the app serves this path (for any method). A path none serves (a typo such as
    ``/v1/agents/bot/actor/u1/records``) is left to the router's 404: checked against the grant as if it were
    an agent-wide path, it answered a key bound to one actor 403 "use that actor's paths", blaming a right for
    what was a misspelt URL. No route runs for it, so nothing outside the grant is reached either way."""
    app = scope.get("app")
    routes = getattr(getattr(app, "router", None), "routes", None)
    if routes is None:
        return True  # not mounted in a Starlette app: check every path
    return any(route.matches(scope)[0] is not Match.NONE for route in routes)


def loopback_host(host: bytes | None) -> bool:
    """Whether a ``Host`` header names this machine's loopback (localhost, 127.0.0.1, [::1]; any port)."""
    if not host:
        return False
    text = host.decode("latin-1").strip().lower()
    name, _, port = text.rpartition(":") if not text.endswith("]") else (text, "", "")
    if not name or (port and not port.isdigit()):
        name = text
    return name in LOOPBACK_HOSTS


class LoopbackHostMiddleware:
    """Answer 421 unless ``Host`` is a loopback name: the local, unauthenticated mode serves only requests
    addressed to this machine by a loopback name (a DNS-rebound page sends its own host name)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: AsgiScope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        host = next((value for name, value in scope.get("headers", []) if name == b"host"), None)
        if not loopback_host(host):
            err = MisdirectedRequest("--insecure-local answers only requests addressed to localhost, 127.0.0.1 "
                                     "or [::1] (Host header)", field="host")
            await send_json(send, 421, body_for(err))
            return
        await self.app(scope, receive, send)


# -- route dependencies ----------------------------------------------------------------------------------------
def grant_of(request: Request) -> Grant:
    grant = request.scope.get("state", {}).get("grant")
    if not isinstance(grant, Grant):  # only reachable if a route is mounted outside /v1/
        raise Unauthenticated("send Authorization: Bearer <key>", field="authorization")
    return grant


def _ctx(request: Request, agent: str, actor: str | None, session: str | None) -> Ctx:
    grant = grant_of(request)
    grant.check_path(agent, actor, session)
    scope = Scope(agent=agent, actor=actor, session=session)
    base: Memory = request.app.state.memory
    return Ctx(scope, grant, view(base, grant, agent), base)


def scope_id(value: str) -> str:
    """A path's agent, actor or session id judged by the library's own rule (:func:`engram.types.check_id`), so a
    bad one is refused in its words ("must be 1-128 characters of ASCII letters…"), never a regex, and named by
    the path field (``actor``: the error's field is where pydantic found the value)."""
    check_id(value, "")
    return value


# a path id as types.check_id takes it: judged by that rule; its pattern and length are published in the schema
AgentId = Annotated[str, Path(json_schema_extra={"minLength": 1, "maxLength": MAX_SCOPE_ID, "pattern": ID_PATTERN}),
                    AfterValidator(scope_id)]


# The dependencies are ``async`` only so that FastAPI runs them on the event loop: they do no I/O (building
# a Memory view is cheap), and a sync dependency would cost a thread-pool hop on every request.
async def agent_ctx(request: Request, agent: AgentId) -> Ctx:
    """Agent-wide paths: only keys without an actor reach them."""
    return _ctx(request, agent, None, None)


async def actor_ctx(request: Request, agent: AgentId, actor: AgentId) -> Ctx:
    return _ctx(request, agent, actor, None)


async def session_ctx(request: Request, agent: AgentId, actor: AgentId, session: AgentId) -> Ctx:
    return _ctx(request, agent, actor, session)


async def agent_session_ctx(request: Request, agent: AgentId, session: AgentId) -> Ctx:
    """A session of the agent alone (no actor): only keys without an actor reach it."""
    return _ctx(request, agent, None, session)


async def grant_dep(request: Request) -> Grant:
    return grant_of(request)


AgentCtx = Annotated[Ctx, Depends(agent_ctx)]
ActorCtx = Annotated[Ctx, Depends(actor_ctx)]
SessionCtx = Annotated[Ctx, Depends(session_ctx)]
GrantDep = Annotated[Grant, Depends(grant_dep)]


def describe(grant: Grant) -> dict[str, Any]:
    return {"id": grant.key_id, "agent": None if grant.operator else grant.agent, "actor": grant.actor,
            "session": grant.session, "operator": grant.operator, "read": list(grant.read),
            "write": list(grant.write), "delete": grant.can_delete, "admin": grant.can_admin}
