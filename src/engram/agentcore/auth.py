"""Who is calling the AgentCore face: SigV4 verified against credentials engram issued, before any route.

:class:`SigV4Middleware` handles the AgentCore paths (:data:`PREFIXES`): it buffers the body (the signature
covers its hash), verifies the signature, and puts the key's :class:`~engram.grants.Grant` in the ASGI
scope state, exactly as ``/v1/`` does for a bearer key. It also makes routing see the *raw* path, so that an
id percent-encoded by the client (an ARN's ``/``, an event id's ``#``) stays one path segment; routes decode
their parameters with :func:`engram.agentcore.ids.path_param`. Failures answer in AWS's error shape.

With ``--insecure-local`` loopback clients are granted everything and signatures are not checked (any
credentials work), as on ``/v1/``.
"""

from __future__ import annotations

import json
import logging
from datetime import UTC, datetime
from typing import Any

import anyio.to_thread
from starlette.types import ASGIApp, Message, Receive, Send
from starlette.types import Scope as AsgiScope

from ..grants import LOCAL_GRANT, Grant
from ..stores.base import Store
from . import credentials, sigv4
from .errors import AccessDeniedException, AwsError, InvalidSignatureException, UnrecognizedClientException

log = logging.getLogger("engram.agentcore")

PREFIXES = ("/memories", "/harnesses", "/tags")
BODY_STATE = "aws_body"
GRANT_STATE = "grant"
SIGNED_STATE = "aws"


def is_agentcore(path: str) -> bool:
    return any(path == p or path.startswith(p + "/") for p in PREFIXES)


async def send_aws_error(send: Send, exc: AwsError) -> None:
    """Answer from the middleware, before any route: the error's JSON body and its AWS headers."""
    data = json.dumps(exc.body(), separators=(",", ":")).encode("utf-8")
    headers = [(b"content-type", b"application/json"), (b"content-length", str(len(data)).encode()),
               *((k.lower().encode("latin-1"), v.encode("latin-1")) for k, v in exc.headers().items())]
    await send({"type": "http.response.start", "status": exc.status, "headers": headers})
    await send({"type": "http.response.body", "body": data})


def _is_loopback(client: Any) -> bool:
    import ipaddress

    try:
        return bool(client) and ipaddress.ip_address(client[0]).is_loopback
    except ValueError:
        return False


class SigV4Middleware:
    """Authenticate AgentCore requests by SigV4; replay the buffered body to the app."""

    def __init__(self, app: ASGIApp, *, store: Store, insecure_local: bool = False) -> None:
        self.app = app
        self.store = store
        self.insecure_local = insecure_local

    async def __call__(self, scope: AsgiScope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or not is_agentcore(scope.get("path", "")):
            await self.app(scope, receive, send)
            return
        chunks: list[bytes] = []
        while True:
            message = await receive()
            if message["type"] == "http.disconnect":
                return
            chunks.append(message.get("body", b""))
            if not message.get("more_body", False):
                break
        body = b"".join(chunks)
        try:
            grant, signed = await self._authenticate(scope, body)
        except AwsError as exc:
            await send_aws_error(send, exc)
            return
        raw_path = scope.get("raw_path")
        state = scope.setdefault("state", {})
        state[GRANT_STATE], state[SIGNED_STATE], state[BODY_STATE] = grant, signed, body
        if raw_path:
            scope = dict(scope, path=raw_path.split(b"?", 1)[0].decode("latin-1"))
        done = False

        async def replay() -> Message:
            nonlocal done
            if not done:
                done = True
                return {"type": "http.request", "body": body, "more_body": False}
            return await receive()

        await self.app(scope, replay, send)

    async def _authenticate(self, scope: AsgiScope, body: bytes) -> tuple[Grant, dict[str, str]]:
        headers: dict[str, list[str]] = {}
        for name, value in scope.get("headers", []):
            headers.setdefault(name.decode("latin-1").lower(), []).append(value.decode("latin-1"))
        if self.insecure_local:
            if not _is_loopback(scope.get("client")):
                raise AccessDeniedException("--insecure-local serves loopback clients only")
            try:
                cred = sigv4.parse_authorization((headers.get("authorization") or [""])[0])
                signed = {"service": cred.service, "region": cred.region, "access_key_id": cred.access_key_id}
            except AwsError:
                signed = {"service": "bedrock-agentcore", "region": "us-east-1", "access_key_id": ""}
            return LOCAL_GRANT, signed
        cred = sigv4.parse_authorization((headers.get("authorization") or [""])[0] or None)
        try:
            found = await anyio.to_thread.run_sync(credentials.lookup, self.store, cred.access_key_id)
        except credentials.WrongMaster as exc:
            log.error("%s", exc)
            raise InvalidSignatureException(f"{exc}; the server cannot verify its signatures") from exc
        if found is None:
            raise UnrecognizedClientException("The security token included in the request is invalid "
                                              "(unknown or revoked access key id)")
        raw_path = scope.get("raw_path") or scope.get("path", "").encode("utf-8")
        path, _, _ = raw_path.partition(b"?")
        sigv4.verify(cred, found.secret, method=scope["method"], raw_path=path.decode("latin-1"),
                     raw_query=scope.get("query_string", b"").decode("latin-1"), headers=headers, body=body,
                     now=datetime.now(UTC))
        grant = Grant.of(found.key)
        if grant.operator or grant.session is not None:  # the AgentCore face knows agents and actors only
            raise AccessDeniedException("this key is an operator or session-bound key; AgentCore requests need a "
                                        "key granted an agent (engram keys create --agent A --aws)")
        return grant, {"service": cred.service, "region": cred.region, "access_key_id": cred.access_key_id}
