"""Who is calling the AgentCore face: SigV4 verified against credentials engram issued, before any route.

:class:`SigV4Middleware` handles the AgentCore paths (:data:`PREFIXES`): it buffers the body (the signature
covers its hash), verifies the signature, and puts the key's :class:`~engram.grants.Grant` in the ASGI
scope state, exactly as ``/v1/`` does for a bearer key. It also makes routing see the *raw* path, so that an
id percent-encoded by the client (an ARN's ``/``, an event id's ``#``) stays one path segment; routes decode
their parameters with :func:`engram.agentcore.ids.path_param`. Failures answer in AWS's error shape.

With ``--insecure-local`` loopback clients are granted everything and signatures are not checked (any
credentials work), as on ``/v1/``.

A signature binds more than the key: its service must be the operation's (``sigv4.service_for``), its region
the region of the memory the path names (the region in the memory's ARN), and a signed write is accepted once:
:class:`ReplayGuard` refuses a signature seen before while it is still within its 15 minutes. An SDK signs
with a one-second clock, so one call made twice within a second (or retried at once) carries the same
signature: a repeat within :data:`REPLAY_GRACE` of the first sighting is such a call, not a replay, and is let
through; later repeats are refused. Sightings are kept in the store too, so servers sharing one store refuse a
request replayed to another of them. A write that carries a ``clientToken`` is idempotent already (a repeat
answers what the first call made, :mod:`.idempotency`), so every repeat of it is let through.
"""

from __future__ import annotations

import hashlib
import heapq
import json
import logging
import threading
from datetime import UTC, datetime, timedelta
from typing import Any

import anyio.to_thread
from starlette.types import ASGIApp, Message, Receive, Send
from starlette.types import Scope as AsgiScope

from ..errors import EngramError, NotFound
from ..grants import LOCAL_GRANT, Grant
from ..stores.base import Store
from . import credentials, ids, memories, sigv4, state
from .errors import (
    AccessDeniedException,
    AwsError,
    InvalidSignatureException,
    UnrecognizedClientException,
    from_engram,
)

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


REPLAY_GRACE = timedelta(seconds=5)
"""How long after its first sighting a signature may arrive again as the same call made twice in its second."""


PURGE_EVERY = timedelta(minutes=1)  # how often a process deletes the store's expired sightings


class ReplayGuard:
    """The signatures of signed writes accepted, each kept until its request time leaves the signature window
    (``sigv4.MAX_SKEW``): a request with a signature first seen more than :data:`REPLAY_GRACE` ago is a replay.

    In this process (bounded by ``max_kept``: a process taking more signed writes in 15 minutes refuses new
    ones until old ones expire, rather than grow without bound) and, given a ``store``, in the store: a
    signature new to this process is claimed there atomically, so servers sharing the store see one another's
    sightings and a request replayed to another server is refused too. Expired rows are deleted every
    :data:`PURGE_EVERY`. A signature is a digest of the secret key's work; the row keeps only its hash."""

    def __init__(self, max_kept: int = 1_000_000, store: Store | None = None) -> None:
        self.max_kept = max_kept
        self.store = store
        self._seen: dict[str, datetime] = {}  # signature -> when it was first seen
        self._expiry: list[tuple[datetime, str]] = []
        self._lock = threading.Lock()
        self._purged: datetime | None = None

    def first(self, signature: str, signed_at: datetime, now: datetime) -> bool:
        """True for a signature not seen before (or seen within the grace); False for a replay (or when full).
        With a store this reads and writes it: call it off the event loop."""
        with self._lock:
            while self._expiry and self._expiry[0][0] < now:
                self._seen.pop(heapq.heappop(self._expiry)[1], None)
            seen = self._seen.get(signature)
            if seen is not None:
                return now - seen <= REPLAY_GRACE
            if len(self._seen) >= self.max_kept:
                return False
        seen = now if self.store is None else self._shared(self.store, signature, now, signed_at + sigv4.MAX_SKEW)
        with self._lock:  # kept with its first sighting anywhere: a repeat here is judged from that
            self._seen.setdefault(signature, seen)
            heapq.heappush(self._expiry, (signed_at + sigv4.MAX_SKEW, signature))
        return now - seen <= REPLAY_GRACE

    def _shared(self, store: Store, signature: str, now: datetime, expires: datetime) -> datetime:
        """When the store first saw ``signature`` (``now`` when this call is the first)."""
        purge = self._purged is None or now - self._purged >= PURGE_EVERY
        if purge:
            self._purged = now
        digest = hashlib.sha256(signature.encode("ascii", "replace")).hexdigest()[:40]
        return state.sighting(store, digest, now, expires, purge)


def _has_client_token(body: bytes) -> bool:
    """Whether a request body names a ``clientToken`` (at its top level)."""
    try:
        doc = json.loads(body) if body.strip() else None
    except (ValueError, RecursionError):
        return False
    return isinstance(doc, dict) and isinstance(doc.get("clientToken"), str) and bool(doc["clientToken"])


def _memory_region(store: Store, path: str, grant: Grant) -> str | None:
    """The region of the memory a ``/memories/{memoryId}/…`` path names (from its ARN); None for another
    path or a memory that does not exist or ``grant`` does not reach (the route answers that: another tenant's
    memory is ResourceNotFound, its region no more told than its existence)."""
    parts = path.split("/")
    if len(parts) < 4 or parts[1] != "memories" or parts[2] in ("", "create"):
        return None
    try:
        res = memories.find(store, grant, ids.path_param(parts[2]))
    except (NotFound, AwsError):
        return None
    fields = res.arn.split(":")
    return fields[3] if len(fields) > 3 else None


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
        self.replays = ReplayGuard(store=store)

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
        except EngramError as exc:  # the credential lookup failed (a StoreError): AWS's shape, not a bare 500
            log.error("%s %s failed: %s: %s", scope.get("method"), scope.get("path"), type(exc).__name__, exc)
            await send_aws_error(send, from_engram(exc))
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
        now = datetime.now(UTC)
        sigv4.verify(cred, found.secret, method=scope["method"], raw_path=path.decode("latin-1"),
                     raw_query=scope.get("query_string", b"").decode("latin-1"), headers=headers, body=body,
                     now=now)
        region = await anyio.to_thread.run_sync(_memory_region, self.store, path.decode("latin-1"),
                                                Grant.of(found.key))
        if region is not None and cred.region != region:
            raise InvalidSignatureException(f"Credential should be scoped to a valid region: this memory is in "
                                            f"'{region}', the signature is for '{cred.region}'.")
        if (sigv4.is_write(scope["method"], path.decode("latin-1")) and not _has_client_token(body)
                and not await anyio.to_thread.run_sync(self.replays.first, cred.signature,
                                                       sigv4.request_time(headers), now)):
            raise InvalidSignatureException("this signed request was already received (a replay): sign each "
                                            "request anew (the AWS SDKs do, retries included)")
        grant = Grant.of(found.key)
        if grant.operator or grant.session is not None:  # the AgentCore face knows agents and actors only
            raise AccessDeniedException("this key is an operator or session-bound key; AgentCore requests need a "
                                        "key granted an agent (engram keys create --agent A --aws)")
        return grant, {"service": cred.service, "region": cred.region, "access_key_id": cred.access_key_id}
