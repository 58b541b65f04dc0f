"""API keys: create, check, list and revoke the keys that grant HTTP access to one agent (and actor, and
session), or, for an *operator* key, to the store-wide settings only.

A key reads ``egk_<id>_<secret>``: ``id`` is 16 hex digits (public, used to list and revoke), ``secret`` is
32 random bytes in URL-safe base64. Only the SHA-256 of the whole key is stored; the key itself is shown
once, at creation. A 256-bit secret makes a plain hash as strong as a slow one, and looking a key up by its
hash means no secret is ever compared byte by byte (the final check uses :func:`hmac.compare_digest`).

An operator key is stored with the agent :data:`OPERATOR`, which no agent id can equal (ids start with a
letter or digit), so it reaches no agent's data; it may change what applies to every agent.
"""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets
from collections.abc import Iterable
from datetime import UTC, datetime

from .errors import NotFound, ValidationError
from .stores.base import ApiKey, Store
from .types import LEVELS, check_id

PREFIX = "egk_"
OPERATOR = "*"  # the agent column of an operator key: store-wide settings, no agent
_KEY = re.compile(r"^egk_([0-9a-f]{16})_([A-Za-z0-9_-]{43})$")


def hash_key(key: str) -> str:
    """The stored form of a key: hex SHA-256 of its UTF-8 text."""
    return hashlib.sha256(key.encode("utf-8")).hexdigest()


def parse_key(key: str) -> str | None:
    """The id of a well-formed key, or None (malformed keys never reach the store)."""
    m = _KEY.match(key) if isinstance(key, str) else None
    return m.group(1) if m else None


def _levels(value: Iterable[str] | None, field: str) -> tuple[str, ...]:
    if value is None:
        return LEVELS
    out = tuple(dict.fromkeys(value))
    for level in out:
        if level not in LEVELS:
            raise ValidationError(f"unknown level {level!r}: use {', '.join(LEVELS)}", field=field)
    return tuple(lv for lv in LEVELS if lv in out)


def session_of(key: ApiKey) -> str | None:
    """The one session a key is bound to (None: every session its agent and actor allow)."""
    return key.session


def create_key(store: Store, agent: str | None, actor: str | None = None, *, read: Iterable[str] | None = None,
               write: Iterable[str] | None = None, can_delete: bool = False, can_admin: bool = False,
               name: str | None = None, session: str | None = None,
               operator: bool = False) -> tuple[str, ApiKey]:
    """Store a new key for ``agent`` (and ``actor``, and ``session``); return (the key, to show once, and its
    stored grant). ``operator=True`` (no agent, actor or session): a key for the store-wide settings only.

    ``read``/``write`` default to every level; the server intersects them with the configured
    ``scope.read``/``scope.write`` on each request.
    """
    if operator:
        if agent is not None or actor is not None or session is not None:
            raise ValidationError("an operator key is store-wide: it names no agent, actor or session",
                                  field="operator")
        owner = OPERATOR
    else:
        owner = str(check_id(agent, "agent"))
    check_id(actor, "actor", required=False)
    check_id(session, "session", required=False)
    if name is not None and (not isinstance(name, str) or len(name) > 200):
        raise ValidationError("must be a string of at most 200 characters", field="name")
    key_id = secrets.token_hex(8)
    key = f"{PREFIX}{key_id}_{secrets.token_urlsafe(32)}"
    grant = ApiKey(id=key_id, key_hash=hash_key(key), agent=owner, actor=actor,
                   read_levels=_levels(read, "read"), write_levels=_levels(write, "write"),
                   can_delete=bool(can_delete), can_admin=bool(can_admin), created_at=datetime.now(UTC),
                   name=name, session=session)
    with store.write() as tx:
        tx.insert_key(grant)
    return key, grant


def check_key(store: Store, key: str) -> ApiKey | None:
    """The live grant of ``key``, or None when it is malformed, unknown or revoked."""
    key_id = parse_key(key)
    if key_id is None:
        return None
    digest = hash_key(key)
    found = store.find_key(digest)
    if found is None or found.revoked_at is not None:
        return None
    if not (hmac.compare_digest(found.key_hash, digest) and hmac.compare_digest(found.id, key_id)):
        return None
    return found


def list_keys(store: Store) -> list[ApiKey]:
    """Every key ever created (revoked ones too, with ``revoked_at``), oldest first."""
    with store.read() as tx:
        return tx.list_keys()


def revoke_key(store: Store, key_id: str) -> None:
    """Revoke a key by id; it stops working at once. Raises NotFound for an unknown or revoked id."""
    with store.write() as tx:
        if not tx.revoke_key(key_id, datetime.now(UTC)):
            raise NotFound(f"no live key {key_id}", field="id")


def describe(key: ApiKey) -> dict[str, object]:
    """A key's grant as JSON-ready data, without its hash."""
    operator = key.agent == OPERATOR
    return {"id": key.id, "name": key.name, "agent": None if operator else key.agent, "actor": key.actor,
            "session": key.session, "operator": operator, "read": list(key.read_levels),
            "write": list(key.write_levels), "delete": key.can_delete, "admin": key.can_admin,
            "created_at": key.created_at.isoformat(),
            "revoked_at": key.revoked_at.isoformat() if key.revoked_at else None}
