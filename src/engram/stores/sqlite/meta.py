"""SQLite metadata, configuration versions and API keys."""

from __future__ import annotations

import json
import sqlite3
from datetime import datetime
from typing import Any

from ..base import ApiKey
from .sql import (
    from_us,
    to_us,
)
from .txbase import TxBase


class MetaTx(TxBase):
    """Meta keys, configuration versions and API keys of a transaction."""

    def get_meta(self, key: str) -> str | None:
        row = self.c.execute("SELECT value FROM meta WHERE key = ?", (key,)).fetchone()
        return row[0] if row else None

    def meta_items(self, prefix: str) -> list[tuple[str, str]]:
        return [(r[0], r[1]) for r in self._all("SELECT key, value FROM meta WHERE substr(key, 1, ?) = ? ORDER BY key",
                                                (len(prefix), prefix))]

    def delete_meta(self, key: str, only: str | None = None) -> bool:
        if only is not None:
            return self.c.execute("DELETE FROM meta WHERE key = ? AND value = ?", (key, only)).rowcount > 0
        return self.c.execute("DELETE FROM meta WHERE key = ?", (key,)).rowcount > 0

    def claim_meta(self, key: str, value: str) -> str:
        # a write transaction holds SQLite's one write lock, so the insert and the read cannot interleave
        self.c.execute("INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO NOTHING", (key, value))
        row = self.c.execute("SELECT value FROM meta WHERE key = ?", (key,)).fetchone()
        return str(row[0])

    def set_meta(self, key: str, value: str) -> None:
        self.c.execute("INSERT INTO meta (key, value) VALUES (?, ?) "
                       "ON CONFLICT (key) DO UPDATE SET value = excluded.value", (key, value))

    def latest_config(self, agent: str | None = None) -> tuple[int, dict[str, Any]] | None:
        row = self.c.execute("SELECT version, doc FROM configs WHERE agent = ? ORDER BY version DESC LIMIT 1",
                             (agent or "",)).fetchone()
        return (row[0], json.loads(row[1])) if row else None

    def add_config(self, doc: dict[str, Any], at: datetime, agent: str | None = None) -> int:
        # numbered per agent (a store-wide number told each tenant how often the others changed theirs): its
        # next, else the one after the defaults it used until now (a write transaction holds the one write lock)
        row = self.c.execute("SELECT coalesce((SELECT max(version) FROM configs WHERE agent = ?), "
                             "(SELECT max(version) FROM configs WHERE agent = ''), 0) + 1", (agent or "",)).fetchone()
        self.c.execute("INSERT INTO configs (version, at_us, doc, agent) VALUES (?, ?, ?, ?)",
                       (row[0], to_us(at), json.dumps(doc, sort_keys=True), agent or ""))
        return int(row[0])

    def config_history(self, agent: str | None = None) -> list[tuple[int, datetime, dict[str, Any]]]:
        return [(r[0], from_us(r[1]), json.loads(r[2])) for r in self._all(
            "SELECT version, at_us, doc FROM configs WHERE agent = ? ORDER BY version", (agent or "",))]

    def config_labels(self, agent: str | None = None, *, after: int = 0) -> list[tuple[int, dict[str, Any]]]:
        return [(r[0], json.loads(r[1]) if r[1] else {}) for r in self._all(
            "SELECT version, json_extract(doc, '$.harness.memory.labels') FROM configs "
            "WHERE agent = ? AND version > ? ORDER BY version", (agent or "", after))]

    def config_agents(self) -> list[str]:
        return [r[0] for r in self._all("SELECT DISTINCT agent FROM configs WHERE agent <> '' ORDER BY agent")]

    @staticmethod
    def _key(r: sqlite3.Row) -> ApiKey:
        return ApiKey(id=r["id"], key_hash=r["key_hash"], agent=r["agent"], actor=r["actor"],
                      read_levels=tuple(json.loads(r["read_levels"])),
                      write_levels=tuple(json.loads(r["write_levels"])), can_delete=bool(r["can_delete"]),
                      can_admin=bool(r["can_admin"]), created_at=from_us(r["created_us"]),
                      revoked_at=from_us(r["revoked_us"]) if r["revoked_us"] is not None else None, name=r["name"],
                      session=r["session"])

    def insert_key(self, key: ApiKey) -> None:
        self.c.execute(
            "INSERT INTO api_keys (id, key_hash, name, agent, actor, read_levels, write_levels, can_delete, "
            "can_admin, created_us, session) VALUES (?,?,?,?,?,?,?,?,?,?,?)",
            (key.id, key.key_hash, key.name, key.agent, key.actor, json.dumps(list(key.read_levels)),
             json.dumps(list(key.write_levels)), int(key.can_delete), int(key.can_admin), to_us(key.created_at),
             key.session))

    def find_key(self, key_hash: str) -> ApiKey | None:
        row = self.c.execute("SELECT * FROM api_keys WHERE key_hash = ?", (key_hash,)).fetchone()
        return self._key(row) if row else None

    def list_keys(self) -> list[ApiKey]:
        return [self._key(r) for r in self._all("SELECT * FROM api_keys ORDER BY created_us")]

    def revoke_key(self, key_id: str, at: datetime) -> bool:
        return self.c.execute("UPDATE api_keys SET revoked_us = ? WHERE id = ? AND revoked_us IS NULL",
                              (to_us(at), key_id)).rowcount > 0
