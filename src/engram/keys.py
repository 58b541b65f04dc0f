"""API keys: create, check, list and revoke the keys that grant HTTP access to one agent (and actor).

A key reads ``egk_<id>_<secret>``: ``id`` is 16 hex digits (public, used to list and revoke), ``secret`` is
32 random bytes in URL-safe base64. Only the SHA-256 of the whole key is stored; the key itself is shown
once, at creation. A 256-bit secret makes a plain hash as strong as a slow one, and looking a key up by its
hash means no secret is ever compared byte by byte (the final check uses :func:`hmac.compare_digest`).
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


def create_key(store: Store, agent: str, actor: str | None = None, *, read: Iterable[str] | None = None,
               write: Iterable[str] | None = None, can_delete: bool = False, can_admin: bool = False,
               name: str | None = None) -> tuple[str, ApiKey]:
    """Store a new key for ``agent`` (and ``actor``); return (the key, to show once, and its stored grant).

    ``read``/``write`` default to every level; the server intersects them with the configured
    ``scope.read``/``scope.write`` on each request.
    """
    check_id(agent, "agent")
    check_id(actor, "actor", required=False)
    if name is not None and (not isinstance(name, str) or len(name) > 200):
        raise ValidationError("must be a string of at most 200 characters", field="name")
    key_id = secrets.token_hex(8)
    key = f"{PREFIX}{key_id}_{secrets.token_urlsafe(32)}"
    grant = ApiKey(id=key_id, key_hash=hash_key(key), agent=agent, actor=actor,
                   read_levels=_levels(read, "read"), write_levels=_levels(write, "write"),
                   can_delete=bool(can_delete), can_admin=bool(can_admin), created_at=datetime.now(UTC),
                   name=name)
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
    return {"id": key.id, "name": key.name, "agent": key.agent, "actor": key.actor,
            "read": list(key.read_levels), "write": list(key.write_levels), "delete": key.can_delete,
            "admin": key.can_admin, "created_at": key.created_at.isoformat(),
            "revoked_at": key.revoked_at.isoformat() if key.revoked_at else None}
