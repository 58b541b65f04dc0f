"""PostgreSQL metadata, configuration versions and API keys."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from psycopg.rows import DictRow
from psycopg.types.json import Jsonb

from ...errors import ConflictError
from ..base import ApiKey
from .sql import (
    ONCE_META,
    aware,
    lock_key,
    utc,
)
from .txbase import TxBase


class MetaTx(TxBase):
    """Meta keys, configuration versions and API keys of a transaction."""

    def get_meta(self, key: str) -> str | None:
        if key in self.s.meta_once:
            return self.s.meta_once[key]
        row = self._one("SELECT value FROM meta WHERE key = %s", [key])
        if row and key in ONCE_META and key not in self._meta_set:  # committed and set once: later turns'
            self.s.meta_once[key] = str(row["value"])                 # checks cost no round trip
        return str(row["value"]) if row else None

    def meta_items(self, prefix: str) -> list[tuple[str, str]]:
        return [(str(r["key"]), str(r["value"])) for r in self._all(
            "SELECT key, value FROM meta WHERE left(key, %s) = %s ORDER BY key", [len(prefix), prefix])]

    def delete_meta(self, key: str, only: str | None = None) -> bool:
        self.s.meta_once.pop(key, None)
        if only is not None:  # a concurrent delete of the row commits first; this one then finds nothing
            return self.c.execute("DELETE FROM meta WHERE key = %s AND value = %s", [key, only]).rowcount > 0
        return self.c.execute("DELETE FROM meta WHERE key = %s", [key]).rowcount > 0

    def claim_meta(self, key: str, value: str) -> str:
        # the INSERT waits for a concurrent one of the same key to commit; read committed then sees its row
        self.s.meta_once.pop(key, None)
        self._meta_set.add(key)
        row = self._one("INSERT INTO meta (key, value) VALUES (%s, %s) ON CONFLICT (key) DO NOTHING "
                        "RETURNING value", [key, value])
        if row is None:
            row = self._one("SELECT value FROM meta WHERE key = %s", [key])
        if row is None:  # the conflicting row was deleted between the two statements
            raise ConflictError(f"{key!r} changed while it was claimed; retry", field="key")
        return str(row["value"])

    def set_meta(self, key: str, value: str) -> None:
        self.s.meta_once.pop(key, None)
        self._meta_set.add(key)
        self.c.later("INSERT INTO meta (key, value) VALUES (%s, %s) "
                       "ON CONFLICT (key) DO UPDATE SET value = excluded.value", [key, value])

    def _lock_configs(self, agent: str | None) -> None:
        """Hold ``agent``'s configuration lock (None: the default's) to the end of the transaction, so its
        check-then-add_config is atomic across processes. Versions are numbered per agent, so agents never wait
        for each other; an agent's first version is numbered after the defaults stored before it, so an agent's
        writer also holds the default's lock, shared (it waits only for a default being stored). The default's
        lock is always taken first."""
        if agent:
            self.c.execute("SELECT pg_advisory_xact_lock_shared(%s)", [lock_key(self.s.schema, "config")])
            self.c.execute("SELECT pg_advisory_xact_lock(%s)", [lock_key(self.s.schema, "config", agent)])
        else:
            self._lock("config")

    def latest_config(self, agent: str | None = None) -> tuple[int, dict[str, Any]] | None:
        if self.write:
            self._lock_configs(agent)  # check-then-add_config is atomic across processes
        row = self._one("SELECT version, doc FROM configs WHERE agent = %s ORDER BY version DESC LIMIT 1",
                        [agent or ""])
        return (int(row["version"]), dict(row["doc"])) if row else None

    def add_config(self, doc: dict[str, Any], at: datetime, agent: str | None = None) -> int:
        # numbered per agent (a store-wide number told each tenant how often the others changed theirs): its
        # next, else the one after the defaults it used until now
        self._lock_configs(agent)
        row = self._one("INSERT INTO configs (version, at, doc, agent) "
                        "SELECT coalesce((SELECT max(version) FROM configs WHERE agent = %s), "
                        "(SELECT max(version) FROM configs WHERE agent = ''), 0) + 1, %s, %s, %s RETURNING version",
                        [agent or "", aware(at), Jsonb(doc), agent or ""])
        assert row is not None
        return int(row["version"])

    def config_history(self, agent: str | None = None) -> list[tuple[int, datetime, dict[str, Any]]]:
        return [(int(r["version"]), utc(r["at"]), dict(r["doc"])) for r in self._all(
            "SELECT version, at, doc FROM configs WHERE agent = %s ORDER BY version", [agent or ""])]

    def config_labels(self, agent: str | None = None, *, after: int = 0) -> list[tuple[int, dict[str, Any]]]:
        return [(int(r["version"]), dict(r["labels"] or {})) for r in self._all(
            "SELECT version, doc #> '{harness,memory,labels}' AS labels FROM configs "
            "WHERE agent = %s AND version > %s ORDER BY version", [agent or "", after])]

    def config_agents(self) -> list[str]:
        return [str(r["agent"]) for r in self._all(
            "SELECT DISTINCT agent FROM configs WHERE agent <> '' ORDER BY agent")]

    @staticmethod
    def key_of(r: DictRow) -> ApiKey:
        return ApiKey(id=r["id"], key_hash=r["key_hash"], agent=r["agent"], actor=r["actor"],
                      read_levels=tuple(r["read_levels"]), write_levels=tuple(r["write_levels"]),
                      can_delete=bool(r["can_delete"]), can_admin=bool(r["can_admin"]),
                      created_at=utc(r["created_at"]),
                      revoked_at=utc(r["revoked_at"]) if r["revoked_at"] is not None else None, name=r["name"],
                      session=r["session"])

    def insert_key(self, key: ApiKey) -> None:
        self.c.execute(
            "INSERT INTO api_keys (id, key_hash, name, agent, actor, read_levels, write_levels, can_delete, "
            "can_admin, created_at, session) VALUES (%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s)",
            [key.id, key.key_hash, key.name, key.agent, key.actor, list(key.read_levels), list(key.write_levels),
             key.can_delete, key.can_admin, aware(key.created_at), key.session])

    def find_key(self, key_hash: str) -> ApiKey | None:
        row = self._one("SELECT * FROM api_keys WHERE key_hash = %s", [key_hash])
        return self.key_of(row) if row else None

    def list_keys(self) -> list[ApiKey]:
        return [self.key_of(r) for r in self._all("SELECT * FROM api_keys ORDER BY created_at, id")]

    def revoke_key(self, key_id: str, at: datetime) -> bool:
        return self.c.execute("UPDATE api_keys SET revoked_at = %s WHERE id = %s AND revoked_at IS NULL",
                              [aware(at), key_id]).rowcount > 0
