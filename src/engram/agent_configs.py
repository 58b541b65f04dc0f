"""Configuration per agent, versioned: each agent may have its own; the database-wide default applies to the
agents that have none.

Version numbers count per agent, never across the store (a store-wide number told each tenant how often the
others changed theirs): the database-wide default's versions are 1, 2, 3, ...; an agent's own versions continue
after the defaults stored before its first one, which are the versions that applied to it until then. So one
number names one configuration that applied to the agent (its own, or a default it used), a record's
``provenance.config_version`` says exactly which configuration wrote it, and what another agent does never
moves the numbers. A new version is checked against every earlier version that applied to the agent (its
own, and the defaults in force before it had one: those numbered below its first): a label keeps its number
forever.

Reads are cached per agent (and for the default) for :data:`TTL_SECONDS`, so a change made by another
process (another server on the same PostgreSQL) applies within that time; a change made through this
process applies at once.
"""

from __future__ import annotations

import threading
import time
from datetime import datetime
from typing import Any

from . import config as cfgmod
from .stores.base import Store, Tx
from .types import Scope

TTL_SECONDS = 1.0


class AgentConfigs:
    """The stored configurations of one store: each agent's own, and the database-wide default (key None)."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self._cache: dict[str | None, tuple[float, int, cfgmod.Config] | tuple[float, None, None]] = {}
        self._parsed: dict[tuple[str, int], cfgmod.Config] = {}  # (agent, '': the default; version) -> config
        # agent (None: the default) -> (newest version folded, the label numbers first declared across every
        # version that applied to it): a write folds in only the versions stored since (history is append-only),
        # so its cost does not grow with the number of earlier versions (re-reading every earlier document made
        # a write cost ~1 ms per earlier version)
        self._folds: dict[str | None, tuple[int, cfgmod.LabelFirsts]] = {}
        self._lock = threading.Lock()

    def _parse(self, agent: str | None, version: int, doc: dict[str, Any]) -> cfgmod.Config:
        key = (agent or "", version)  # numbers count per agent: another agent's version 3 is another document
        got = self._parsed.get(key)
        if got is None:
            got = cfgmod.Config.model_validate(doc)  # stored documents are already whole, validated configs
            with self._lock:
                if len(self._parsed) > 1024:
                    self._parsed.clear()
                self._parsed[key] = got
        return got

    def _label_firsts(self, tx: Tx, agent: str | None) -> cfgmod.LabelFirsts:
        """Label numbers across every stored version that applied to ``agent``: the defaults stored before its
        first own version (numbered below it), then its own (``agent`` None: every default version)."""
        cached = self._folds.get(agent)
        fresh = tx.config_labels(agent, after=cached[0] if cached else 0)
        start: cfgmod.LabelFirsts | None
        if cached is None and agent is not None:
            if not fresh:
                return self._label_firsts(tx, None)
            first = fresh[0][0]
            start = cfgmod.fold_label_history(_numbers(r) for r in tx.config_labels(None) if r[0] < first)
        else:
            start = cached[1] if cached else None
        if not fresh:
            return start if start is not None else cfgmod.fold_label_history(())
        folded = (fresh[-1][0], cfgmod.fold_label_history((_numbers(r) for r in fresh), start))
        with self._lock:
            if len(self._folds) > 10_000:
                self._folds.clear()
            self._folds[agent] = folded
        return folded[1]

    def own(self, agent: str | None) -> tuple[int, cfgmod.Config] | None:
        """The agent's own newest (version, config), or None when it has none; ``agent`` None: the newest
        stored database-wide default, or None when none was ever stored."""
        hit = self._cache.get(agent)
        if hit is not None and time.monotonic() - hit[0] < TTL_SECONDS:
            return None if hit[1] is None or hit[2] is None else (hit[1], hit[2])
        with self.store.read() as tx:
            row = tx.latest_config(agent)
        entry: tuple[float, int, cfgmod.Config] | tuple[float, None, None]
        entry = (time.monotonic(), row[0], self._parse(agent, *row)) if row else (time.monotonic(), None, None)
        with self._lock:
            if len(self._cache) > 10_000:
                self._cache.clear()
            self._cache[agent] = entry
        return None if entry[1] is None or entry[2] is None else (entry[1], entry[2])

    def store_version(self, agent: str | None, source: Any, *, base: cfgmod.Config, update: bool | None,
                      at: datetime) -> tuple[int, cfgmod.Config]:
        """Validate ``source`` (against ``base`` for an update), check labels against every version that
        applied to the agent, and store it as a new version unless it is unchanged. Returns (version, config)."""
        if agent is not None:
            Scope(agent=agent)  # validates the id
        with self.store.write() as tx:
            version, new = self.add_version(tx, agent, source, base=base, update=update, at=at)
        self.note(agent, version, new)
        return version, new

    def add_version(self, tx: Tx, agent: str | None, source: Any, *, base: cfgmod.Config, update: bool | None,
                    at: datetime) -> tuple[int, cfgmod.Config]:
        """:meth:`store_version` in the caller's transaction ``tx`` (the caller notes it once ``tx`` commits)."""
        latest = tx.latest_config(agent)
        if latest is not None:
            base = self._parse(agent, *latest)
        new = cfgmod.load_config(source, base=base, update=update)
        cfgmod.check_label_firsts(self._label_firsts(tx, agent), new)
        if latest is not None and latest[1] == new.to_dict():
            return latest[0], new
        return tx.add_config(new.to_dict(), at, agent), new

    def note(self, agent: str | None, version: int, config: cfgmod.Config) -> None:
        """Cache a version this process just read or stored (it is the newest for :data:`TTL_SECONDS`)."""
        with self._lock:
            self._cache[agent] = (time.monotonic(), version, config)

    def forget_cache(self) -> None:
        """Drop what was read (another process's changes show at once); parsed versions stay (they never change)."""
        with self._lock:
            self._cache.clear()


def _numbers(row: tuple[int, dict[str, Any]]) -> tuple[int, dict[str, int]]:
    """A stored version's labels as ``{name: number}`` (stored documents are whole, validated configs)."""
    return row[0], {name: int(label["number"]) for name, label in row[1].items()}
