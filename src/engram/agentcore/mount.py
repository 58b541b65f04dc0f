"""Mounting the AgentCore face on an app: every router in order, then the SigV4 gate.

Its own module so that the routers (which import :mod:`.server` for the route class) and the code that
collects them import in one direction.
"""

from __future__ import annotations

from fastapi import APIRouter, FastAPI, Request, Response
from starlette.types import ASGIApp, Receive, Scope, Send

from ..engine import Memory
from . import control, dataplane, tags
from .auth import SigV4Middleware, is_agentcore, send_aws_error
from .errors import UnknownOperationException, ValidationException
from .server import AwsRouter, aws_response


def _unknown_router() -> APIRouter:
    r = AwsRouter()

    @r.api_route("/memories/{rest:path}", methods=["GET", "POST", "PUT", "PATCH", "DELETE"])
    @r.api_route("/harnesses/{rest:path}", methods=["GET", "POST", "PUT", "PATCH", "DELETE"])
    @r.api_route("/memories", methods=["GET", "POST", "PUT", "PATCH", "DELETE"])
    @r.api_route("/harnesses", methods=["GET", "POST", "PUT", "PATCH", "DELETE"])
    async def unknown(request: Request) -> Response:
        return aws_response(UnknownOperationException(
            f"no AgentCore operation {request.method} {request.scope.get('path', '')} on this server"))

    return r


def routers() -> list[APIRouter]:
    """Every AgentCore router, in order: the data plane, the control plane and harness, then the catch-all
    that answers UnknownOperation."""
    return [dataplane.router, control.router, tags.router, _unknown_router()]


class UnknownOperations:
    """A SigV4-signed request outside the AgentCore paths is an AWS operation engram does not serve (a gateway,
    a browser session…): answer UnknownOperationException as the service does, so botocore reports that code
    rather than a bare 404. Requests engram's own API takes (bearer keys, the inspector) pass untouched."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and not is_agentcore(scope.get("path", "")):
            auth = dict(scope.get("headers") or []).get(b"authorization", b"")
            if auth.startswith(b"AWS4-HMAC-SHA256 "):
                await send_aws_error(send, UnknownOperationException(
                    f"no AgentCore operation {scope.get('method')} {scope.get('path', '')} on this server"))
                return
        await self.app(scope, receive, send)


async def too_large(path: str, send: Send, message: str) -> bool:
    """An AgentCore request over the server's body limit is answered as AWS answers bad input (a
    ValidationException naming the body, which botocore reads), not with engram's own 413."""
    if not is_agentcore(path):
        return False
    await send_aws_error(send, ValidationException(message, field="body"))
    return True


def mount(app: FastAPI, memory: Memory, *, insecure_local: bool = False) -> None:
    """Serve the AgentCore face on ``app`` (same origin as ``/v1/``): routes and the SigV4 gate."""
    for r in routers():
        app.include_router(r)
    app.add_middleware(SigV4Middleware, store=memory.store, insecure_local=insecure_local)
    app.add_middleware(UnknownOperations)
