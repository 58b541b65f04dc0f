"""AWS-style credentials that engram issues for its API keys (``engram keys create --aws``).

An access key id reads ``AKEG`` + the engram key's 16-hex id in upper case (20 characters, like AWS's), so
the grant behind it is the key's, exactly as on ``/v1/``, and revoking the key revokes the credential.

The secret must be *recoverable* (SigV4 verification recomputes the HMAC with it), so it is never stored
at all: it is derived, ``base64(HMAC-SHA256(master, "engram-aws-v1" ‖ access key id ‖ key hash))[:40]``,
from a master secret. The master comes from ``ENGRAM_AWS_MASTER_KEY`` when set (keep it outside the
database: then a stolen database file or dump yields no usable secret); otherwise one is made once per store
and kept in its meta table (convenient for one machine; anyone who can read the database can then sign).
Each credential records the fingerprint of the master it was issued under, so a server started with another
master refuses it with a clear message instead of a bare signature mismatch.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import os
import secrets
import weakref
from collections.abc import Iterable
from dataclasses import dataclass

from ..keys import create_key
from ..stores.base import ApiKey, Store
from . import state

PREFIX = "AKEG"
MASTER_ENV = "ENGRAM_AWS_MASTER_KEY"


@dataclass(frozen=True, slots=True)
class Issued:
    """What ``keys create --aws`` prints once: the engram key and its AWS credential pair."""

    key: str
    key_id: str
    access_key_id: str
    secret_access_key: str

    def to_dict(self) -> dict[str, str]:
        return {"key": self.key, "id": self.key_id, "aws_access_key_id": self.access_key_id,
                "aws_secret_access_key": self.secret_access_key}


# each store's meta-table master (written once, never changed), cached for the store object's lifetime
_stored_masters: weakref.WeakKeyDictionary[Store, bytes] = weakref.WeakKeyDictionary()
# each store's credential documents by access key id: written once at issue and never changed or deleted (a
# credential dies with its key, which is checked on every request), so only their keys are read again
_stored_docs: weakref.WeakKeyDictionary[Store, dict[str, dict[str, str]]] = weakref.WeakKeyDictionary()
_DOCS_KEPT = 10_000


def _master(store: Store) -> bytes:
    env = os.environ.get(MASTER_ENV)
    if env:
        return env.encode("utf-8")
    cached = _stored_masters.get(store)
    if cached is None:
        cached = _stored_masters[store] = state.master_secret(store, lambda: secrets.token_hex(32)).encode("utf-8")
    return cached


def _fingerprint(master: bytes) -> str:
    return hmac.new(master, b"engram-aws-master-fingerprint", hashlib.sha256).hexdigest()[:16]


def _derive(master: bytes, access_key_id: str, key_hash: str) -> str:
    mac = hmac.new(master, f"engram-aws-v1\x1f{access_key_id}\x1f{key_hash}".encode(), hashlib.sha256)
    return base64.b64encode(mac.digest()).decode("ascii")[:40]


def access_key_id_for(key_id: str) -> str:
    return PREFIX + key_id.upper()


def issue(store: Store, agent: str, actor: str | None = None, *, read: Iterable[str] | None = None,
          write: Iterable[str] | None = None, can_delete: bool = False, can_admin: bool = False,
          name: str | None = None) -> Issued:
    """Create an engram key for ``agent`` (and ``actor``) and the AWS credential pair that signs as it."""
    key, grant = create_key(store, agent, actor, read=read, write=write, can_delete=can_delete,
                            can_admin=can_admin, name=name)
    master = _master(store)
    akid = access_key_id_for(grant.id)
    doc = {"key_id": grant.id, "key_hash": grant.key_hash, "master": _fingerprint(master)}
    state.add_credential(store, akid, doc)
    return Issued(key, grant.id, akid, _derive(master, akid, grant.key_hash))


@dataclass(frozen=True, slots=True)
class Found:
    """A live credential: the key's grant and the secret to verify its signatures with."""

    key: ApiKey
    secret: str


class WrongMaster(Exception):
    """The credential was issued under another master secret than the one this server has."""


def lookup(store: Store, access_key_id: str) -> Found | None:
    """The live grant and secret behind ``access_key_id``; None when unknown or its key is revoked."""
    if not access_key_id.startswith(PREFIX) or len(access_key_id) != len(PREFIX) + 16:
        return None
    docs = _stored_docs.setdefault(store, {})
    doc = docs.get(access_key_id)
    if doc is None:
        doc = state.credential(store, access_key_id)
        if doc is None:
            return None  # not cached: it may be issued later
        if len(docs) >= _DOCS_KEPT:
            docs.clear()
        docs[access_key_id] = doc
    key = store.find_key(str(doc["key_hash"]))  # one statement: a revocation shows on the next request
    if key is None or key.revoked_at is not None or key.id != doc["key_id"]:
        return None
    master = _master(store)
    if not hmac.compare_digest(_fingerprint(master), doc["master"]):
        raise WrongMaster(f"credential {access_key_id} was issued under another {MASTER_ENV}")
    return Found(key, _derive(master, access_key_id, key.key_hash))
