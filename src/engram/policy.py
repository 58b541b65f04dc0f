"""The policy: the configuration in force for each agent, and the rules read from it.

Which configuration applies to an agent (its own newest version, else the database-wide default), what a
scope may read (:meth:`Policy.read_filter`), whether it may read or write a session's events, whether a pin
fits the pin budget, and before which instant events are expired. Every part of the engine asks the policy,
so a rule read from the configuration has one home. A view (``Memory.with_config``) is a pinned policy: one
configuration for every agent, over its base's runtime.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from datetime import datetime, timedelta
from typing import Any

from . import config as cfgmod
from .agent_configs import AgentConfigs
from .core import text as textmod
from .core.scope import ReadFilter, check_events
from .core.scope import read_filter as make_filter
from .errors import PinBudgetExceeded, ValidationError
from .runtime import Runtime
from .stores.base import Tx
from .types import Record, Scope

InForce = tuple[int | None, cfgmod.Config]  # (stored version, None: never stored; the configuration)


class Policy:
    """The configuration in force per agent over one runtime, and the checks that read it."""

    def __init__(self, runtime: Runtime, configs: AgentConfigs, default: InForce, *,
                 pinned: InForce | None = None) -> None:
        self.runtime = runtime
        self.configs = configs
        # the database-wide default this memory was opened with, until one is stored (then the stored one)
        self._opened = default
        self._pinned = pinned  # a view's one configuration, for every agent
        # a default in force but not stored yet (Memory.open(defer_config=True)), and the last one stored since
        self._deferred: cfgmod.Config | None = None
        self._stored_deferred: tuple[int, cfgmod.Config] | None = None

    def pin(self, version: int | None, config: cfgmod.Config) -> Policy:
        """A policy that applies ``config`` (stored ``version``) to every agent, over the same runtime."""
        return Policy(self.runtime, self.configs, (version, config), pinned=(version, config))

    @property
    def is_pinned(self) -> bool:
        return self._pinned is not None

    # -- the configuration in force -----------------------------------------------------------------------
    def default(self) -> InForce:
        """The database-wide default: a view's pinned one; else the newest stored one (another process may
        have stored it; read through the same short cache as agents' own), else the one opened with."""
        if self._pinned is not None:
            return self._pinned
        if self._deferred is not None:
            return None, self._deferred
        stored = self.configs.own(None)
        return stored if stored is not None else self._opened

    def set_default(self, version: int | None, config: cfgmod.Config) -> None:
        """The database-wide default this process just stored (or opened with)."""
        self._opened = (version, config)

    # -- a default stored only once the work done under it succeeds -------------------------------------------
    def defer_default(self, config: cfgmod.Config) -> None:
        """Put ``config`` in force as the database-wide default without storing it: the first turn that commits
        under it stores it in that turn's transaction (:meth:`store_deferred_in`), or :meth:`store_deferred` does."""
        self._deferred = config

    @property
    def deferred(self) -> cfgmod.Config | None:
        """The default in force but not stored yet (None: none)."""
        return self._deferred

    def store_deferred_in(self, tx: Tx, config: cfgmod.Config) -> int | None:
        """For a turn begun under ``config``, in its transaction ``tx``: the stored version of ``config`` if it is
        the deferred default (stored now in ``tx``, which the caller reports with :meth:`deferred_stored` once it
        commits; or stored since), else None."""
        if self._stored_deferred is not None and self._stored_deferred[1] is config:
            return self._stored_deferred[0]
        if config is not self._deferred:
            return None
        return self.configs.add_version(tx, None, config, base=config, update=False, at=self.runtime.now())[0]

    def deferred_stored(self, version: int, config: cfgmod.Config) -> None:
        """``config``, the deferred default, was stored as ``version`` (a transaction has committed it)."""
        if config is self._deferred:
            self._deferred = None
            self._stored_deferred = (version, config)
            self.set_default(version, config)
            self.configs.note(None, version, config)

    def store_deferred(self) -> None:
        """Store the deferred default now, in a transaction of its own (nothing when none is deferred)."""
        config = self._deferred
        if config is not None:
            version, _ = self.configs.store_version(None, config, base=config, update=False, at=self.runtime.now())
            self.deferred_stored(version, config)

    def in_force(self, agent: str | None) -> InForce:
        """(stored version, configuration) in force for ``agent``: its own newest, else the default."""
        if self._pinned is not None:
            return self._pinned
        own = self.configs.own(agent) if agent is not None else None
        return own if own is not None else self.default()

    def config_for(self, agent: str | None) -> cfgmod.Config:
        return self.in_force(agent)[1]

    # -- rules read from it ----------------------------------------------------------------------------------
    def read_filter(self, scope: Scope, *, preview: bool = False, levels: Sequence[str] | None = None,
                    **kw: Any) -> ReadFilter:
        """What ``scope`` may read under its agent's configuration (``levels``: instead of ``scope.read``)."""
        if not isinstance(scope, Scope):
            raise ValidationError("must be an engram.Scope", field="scope")
        return make_filter(scope, self.config_for(scope.agent).memory.scope.read if levels is None else levels,
                           preview=preview, **kw)

    def check_event_rights(self, scope: Scope, *, write: bool) -> None:
        """The scope rule for session events (core.scope.check_events) under the agent's configuration."""
        if not isinstance(scope, Scope):
            raise ValidationError("must be an engram.Scope", field="scope")
        rules = self.config_for(scope.agent).memory.scope
        check_events(scope, rules.write if write else rules.read, write=write)

    def expiry_cutoff(self, agent: str | None) -> datetime:
        """Events of ``agent`` stored before this instant are expired (hidden, and removed by a sweep)."""
        return self.runtime.now() - timedelta(days=self.config_for(agent).harness.history.event_expiry_days)

    # -- pins ------------------------------------------------------------------------------------------------
    def pinned(self, scope: Scope, *, preview: bool = False) -> list[Record]:
        """Pinned records visible to the scope (shown to every turn), newest first."""
        flt = self.read_filter(scope, preview=preview)
        with self.runtime.store.read() as tx:
            return tx.list_records(flt, limit=1000, pinned=True)

    def pin_budget(self, scope: Scope) -> tuple[int, int]:
        """(tokens used by pinned summaries visible to the scope, the budget)."""
        used = sum(textmod.count_tokens(r.summary) for r in self.pinned(scope))
        return used, self.config_for(scope.agent).memory.pinned.max_tokens

    def check_pin_budget(self, scope: Scope, adding: Sequence[Record], *, pending: Sequence[Record] = (),
                         releasing: Collection[str] = (), doing: str = "pinning") -> None:
        """Raise :class:`PinBudgetExceeded` unless pinning ``adding`` (with a turn's ``pending`` pins) fits.

        ``releasing``: ids of pinned records that leave the pins in the same change (a pinned record superseded
        by its pinned successor, or one the turn already superseded or deleted), so they are not counted."""
        pins = [r for r in [*self.pinned(scope), *pending, *adding] if r.id not in releasing]
        used = sum(textmod.count_tokens(r.summary) for r in {r.id: r for r in pins}.values())
        budget = self.config_for(scope.agent).memory.pinned.max_tokens
        if used > budget:
            raise PinBudgetExceeded(
                f"{doing} would use {used} of {budget} tokens (pinned.max_tokens); consolidate the "
                "pinned records into fewer, shorter ones, or unpin one first", field="pinned.max_tokens")
