"""Client tokens on the AgentCore face: one rule for every operation that takes a ``clientToken``.

A token belongs to its caller and resource (``owner``: the key's agent for the control plane, the memory's
agent and actor for the data plane), never to the whole store, so one tenant's token can neither find nor
block another's. The caller's grant is checked before a token is looked at. A token is claimed atomically
before the work it guards, so two concurrent calls with one token do the work once (the other is told the
first is still in progress: an :class:`~.errors.InProgress` conflict to retry, answered as the error its
operation's model lists for that); a repeat with the same parameters answers what the first call made; a
repeat with different parameters is refused (IdempotentParameterMismatch). A call that fails gives its token
back, so a retry runs again. A claim whose call never finished (its process stopped) is abandoned after
:data:`ABANDONED` seconds: a later call with the token takes it over (atomically: of two such calls one runs),
so a crash never blocks a token for good. A settled token is kept for :data:`WINDOW`
seconds after its call finished (8 hours, as AWS services keep theirs); after that the token is a new request,
and its row is purged (every :data:`PURGE_EVERY` seconds at most, by the next call that claims a token), so
the rows of the tokens boto3 generates for every call do not pile up. The rows live in :mod:`.state`.

:func:`once` wraps an operation in the rule; CreateEvent and BatchCreateMemoryRecords call its steps
(:func:`begin`, :func:`settle_in` / :func:`settle`, :func:`release`) themselves: the first settles inside the
event's own transaction, the second keeps the reply of a batch that stopped half way.
"""

from __future__ import annotations

import hashlib
import json
import secrets
import time
import weakref
from collections.abc import Callable, Mapping
from typing import Any, TypeVar

from ..stores.base import Store
from . import state
from .errors import AwsError, InProgress

T = TypeVar("T")
PENDING = "pending:"  # a claimed token whose call has not finished: pending:<nonce>@<unix seconds of the claim>
ABANDONED = 900.0  # a claim this old lost its call (the longest, a 100-record batch, takes seconds)
WINDOW = 8 * 3600.0  # a settled token answers repeats this long after its call finished
PURGE_EVERY = 60.0  # a store's expired token rows are purged at most this often (per process)
_purged: weakref.WeakKeyDictionary[Store, float] = weakref.WeakKeyDictionary()  # store -> when last purged here


class IdempotentParameterMismatch(AwsError):
    """A client token reused with other parameters (HTTP 400, as the service answers)."""

    code, status = "ValidationException", 400

    def body(self) -> dict[str, Any]:
        return {"__type": self.code, "message": self.message, "reason": "IdempotentParameterMismatchException",
                "fieldList": [{"name": "clientToken", "message": self.message}]}


def params(body: Mapping[str, Any]) -> str:
    """A digest of a request's parameters (its token aside), to tell a retry from another request."""
    rest = {k: v for k, v in body.items() if k != "clientToken"}
    return hashlib.sha256(json.dumps(rest, sort_keys=True, default=str).encode()).hexdigest()[:32]


def _row(digest: str, value: str, at: float | None = None) -> str:
    """A token row: what the call made (or its pending marker), its parameters' digest and, once settled, when."""
    return json.dumps({"id": value, "params": digest} | ({"at": round(at)} if at is not None else {}))


def expired(row: str, now: float) -> bool:
    """Whether a row's window has closed: a settled row :data:`WINDOW` after its call finished (one without its
    time, from before rows had one, counts as expired), a claim :data:`WINDOW` after it was made."""
    doc = json.loads(row)
    held = str(doc["id"])
    at = held.partition("@")[2] if held.startswith(PENDING) else doc.get("at")
    try:
        return now - float(at) > WINDOW
    except (TypeError, ValueError):
        return True


def _taken_over(row: str, digest: str, now: float) -> bool:
    """Whether a new call may take the token's row over: a settled token past its window (whatever parameters it
    had: it is a new request), or an abandoned claim of the same parameters."""
    held = str(json.loads(row)["id"])
    if held.startswith(PENDING):
        return json.loads(row)["params"] == digest and abandoned(held, now)
    return expired(row, now)


def kept(row: str) -> str:
    """What a settled token row keeps for a repeat (an id, or a reply)."""
    return str(json.loads(row)["id"])


def _check(raw: str, digest: str) -> str:
    doc = json.loads(raw)
    if doc["params"] != digest:
        raise IdempotentParameterMismatch("clientToken: this token was used with different parameters")
    return kept(raw)


def lookup(store: Store, op: str, owner: str, token: str, digest: str,
           clock: Callable[[], float] = time.time) -> str | None:
    """What an earlier call with this token made (None: no earlier call, or its window has closed); mismatching
    parameters refuse."""
    raw = state.token_row(store, op, owner, token)
    return _check(raw, digest) if raw and not expired(raw, clock()) else None


def abandoned(marker: str, now: float) -> bool:
    """Whether a pending claim is older than :data:`ABANDONED` (a claim without its time, from before claims had
    one, counts as abandoned)."""
    _, _, at = marker.partition("@")
    try:
        return now - float(at) > ABANDONED
    except ValueError:
        return True


def begin(store: Store, op: str, owner: str, token: str, digest: str,
          clock: Callable[[], float] = time.time) -> str | None:
    """Claim the token before the call's work: None when this call won (then settle the token with what the
    call made, or release it), else what the earlier call made. A call with this token still running is an
    InProgress conflict (retry); other parameters refuse. An abandoned claim is taken over."""
    now = clock()
    if now - _purged.get(store, 0.0) >= PURGE_EVERY:
        _purged[store] = now
        state.purge_expired_tokens(store, lambda row: expired(row, now))
    mine = _row(digest, f"{PENDING}{secrets.token_hex(8)}@{now:.0f}")
    row = state.claim_token(store, op, owner, token, mine)
    if row != mine and _taken_over(row, digest, now) and state.drop_token(store, op, owner, token, only=row):
        row = state.claim_token(store, op, owner, token, mine)  # a fresh call may still claim it first
    if row == mine:
        return None
    got = _check(row, digest)
    if got.startswith(PENDING):
        raise InProgress("a call with this clientToken is still in progress; retry", field="clientToken")
    return got


def bind(store: Store, op: str, owner: str, token: str, digest: str, clock: Callable[[], float] = time.time) -> None:
    """Tie the token to these parameters in ``owner``'s name, or refuse it (IdempotentParameterMismatch) when it
    is tied to others and its window is still open. For an operation whose work is claimed under a narrower
    owner (CreateEvent: per session), so a repeat that changes what picks that owner is refused, not run anew.
    A failed call unties it again (:func:`release`)."""
    now = clock()
    mine = _row(digest, "bound", now)
    row = state.claim_token(store, op, owner, token, mine)
    if row != mine and expired(row, now) and state.drop_token(store, op, owner, token, only=row):
        row = state.claim_token(store, op, owner, token, mine)
    if row != mine:
        _check(row, digest)


def settle(store: Store, op: str, owner: str, token: str, digest: str, value: str,
           clock: Callable[[], float] = time.time) -> None:
    """Record what the claimed call made (and when: the token's window starts now)."""
    state.set_token(store, op, owner, token, _row(digest, value, clock()))


def settle_in(into: state.MetaWriter, op: str, owner: str, token: str, digest: str, value: str,
              clock: Callable[[], float] = time.time) -> None:
    """Record what the claimed call made, inside the transaction that makes it."""
    state.set_token_in(into, op, owner, token, _row(digest, value, clock()))


def release(store: Store, op: str, owner: str, token: str) -> None:
    """Give the token up after the call it was claimed for failed, so a retry may run."""
    state.drop_token(store, op, owner, token)


def once(store: Store, op: str, owner: str, token: str | None, body: Mapping[str, Any],
         run: Callable[[], tuple[T, str]], replay: Callable[[str], T]) -> T:
    """Run an operation under the rule: ``run()`` does the work and returns (its reply, what to keep for a
    repeat); ``replay(kept)`` answers a repeat with the same parameters. No token: just ``run()``."""
    if token is None:
        return run()[0]
    digest = params(body)
    earlier = begin(store, op, owner, token, digest)
    if earlier is not None:
        return replay(earlier)
    try:
        reply, kept = run()
    except BaseException:
        release(store, op, owner, token)
        raise
    settle(store, op, owner, token, digest, kept)
    return reply
