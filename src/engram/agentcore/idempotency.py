"""Client tokens on the AgentCore face: one rule for every operation that takes a ``clientToken``.

A token belongs to its caller and resource (``owner``: the key's agent for the control plane, the memory's
agent and actor for the data plane), never to the whole store, so one tenant's token can neither find nor
block another's. The caller's grant is checked before a token is looked at. A token is claimed atomically
before the work it guards (two concurrent calls with one token do the work once); a repeat with the same
parameters answers what the first call made; a repeat with different parameters is refused
(IdempotentParameterMismatch). Rows live under ``agentcore.token.<op>.<owner hash>.<hash>``: hashes of the
owner and of (owner, token), so the meta table holds no actor id or token, and an erase finds an actor's
rows (an IngestData row keeps the sessionId it made) under :func:`owner_prefix`.
"""

from __future__ import annotations

import hashlib
import json
import secrets
from collections.abc import Mapping
from typing import Any

from ..errors import ConflictError
from ..stores.base import Store
from . import state
from .errors import AwsError

TOKEN_META = state.TOKEN
PENDING = "pending:"  # a claimed token whose call has not finished


class IdempotentParameterMismatch(AwsError):
    """A client token reused with other parameters (HTTP 400, as the service answers)."""

    code, status = "ValidationException", 400

    def body(self) -> dict[str, Any]:
        return {"__type": self.code, "message": self.message, "reason": "IdempotentParameterMismatchException",
                "fieldList": [{"name": "clientToken", "message": self.message}]}


def owner_prefix(op: str, owner: str) -> str:
    """The meta key prefix of every token ``owner`` used for ``op``."""
    return f"{TOKEN_META}{op}.{hashlib.sha256(owner.encode()).hexdigest()[:32]}."


def key(op: str, owner: str, token: str) -> str:
    """The meta key of ``token`` for ``op`` in ``owner``'s name."""
    digest = hashlib.sha256("\x1f".join((op, owner, token)).encode()).hexdigest()
    return owner_prefix(op, owner) + digest


def params(body: Mapping[str, Any]) -> str:
    """A digest of a request's parameters (its token aside), to tell a retry from another request."""
    rest = {k: v for k, v in body.items() if k != "clientToken"}
    return hashlib.sha256(json.dumps(rest, sort_keys=True, default=str).encode()).hexdigest()[:32]


def _check(raw: str, digest: str) -> str:
    doc = json.loads(raw)
    if doc.get("params") != digest:
        raise IdempotentParameterMismatch("clientToken: this token was used with different parameters")
    return str(doc.get("id") or "")


def lookup(store: Store, op: str, owner: str, token: str, digest: str) -> str | None:
    """What an earlier call with this token made (None: no earlier call); mismatching parameters refuse."""
    with store.read() as tx:
        raw = tx.get_meta(key(op, owner, token))
    return _check(raw, digest) if raw else None


def claim(store: Store, op: str, owner: str, token: str, digest: str, value: str) -> str:
    """Claim the token for ``value`` (the id about to be made) before making it: returns ``value`` when this
    call won, else what an earlier or concurrent call claimed; mismatching parameters refuse."""
    doc = json.dumps({"id": value, "params": digest})
    with store.write() as tx:
        got = tx.claim_meta(key(op, owner, token), doc)
    return value if got == doc else _check(got, digest)


def row(digest: str, value: str) -> str:
    """The stored form of a settled token (for a caller that writes it inside its own transaction)."""
    return json.dumps({"id": value, "params": digest})


def begin(store: Store, op: str, owner: str, token: str, digest: str) -> tuple[str, str | None]:
    """Claim the token for a call whose result is known only when it is done: returns ``(marker, None)``
    when this call won (settle the row with the result, or release it), else ``(marker, earlier result)``.
    A call with this token still running is a ConflictError (retry); other parameters refuse."""
    marker = PENDING + secrets.token_hex(8)
    got = claim(store, op, owner, token, digest, marker)
    if got == marker:
        return marker, None
    if got.startswith(PENDING):
        raise ConflictError("a call with this clientToken is still in progress; retry", field="clientToken")
    return marker, got


def settle(store: Store, op: str, owner: str, token: str, digest: str, value: str) -> None:
    """Record what the claimed call made, when that is known only afterwards (a batch's reply)."""
    with store.write() as tx:
        tx.set_meta(key(op, owner, token), json.dumps({"id": value, "params": digest}))


def release(store: Store, op: str, owner: str, token: str) -> None:
    """Give the token up after the call it was claimed for failed, so a retry may run."""
    with store.write() as tx:
        tx.delete_meta(key(op, owner, token))
