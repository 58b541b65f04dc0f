"""Mounting the AgentCore face on an app: every router in order, then the SigV4 gate.

Its own module so that the routers (which import :mod:`.server` for the route class) and the code that
collects them import in one direction.
"""

from __future__ import annotations

from fastapi import APIRouter, FastAPI, Request, Response

from ..engine import Memory
from . import control, dataplane
from .auth import SigV4Middleware
from .errors import UnknownOperationException
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
    return [dataplane.router, control.router, _unknown_router()]


def mount(app: FastAPI, memory: Memory, *, insecure_local: bool = False) -> None:
    """Serve the AgentCore face on ``app`` (same origin as ``/v1/``): routes and the SigV4 gate."""
    for r in routers():
        app.include_router(r)
    app.add_middleware(SigV4Middleware, store=memory.store, insecure_local=insecure_local)
