"""Subagents: handles on a scope that may search and read memory, and whose every write raises.

:class:`ReadOnlyMemory` is the library handle (``ReadOnlyMemory(mem, scope)``);
:class:`~engram.harness.agent.Subagent` (from ``Agent.subagent``) runs the agent loop with it: the write
tools are not offered (and refused with
``ReadOnlyError`` if called anyway), none of its messages is stored, and the parent's session history and
state are visible to it. RETRIEVED uses are still logged: they are an audit of what reached a model.
"""

from __future__ import annotations

import builtins
from datetime import datetime
from typing import Any, NoReturn

from ..config import Config
from ..engine import Memory
from ..errors import ReadOnlyError, ValidationError
from ..turn import Turn
from ..types import Event, Hit, Record, Scope, Use, Version


class ReadOnlyMemory:
    """``Memory`` bound to one scope, reads only: every write method raises :class:`ReadOnlyError`."""

    def __init__(self, mem: Memory, scope: Scope) -> None:
        if not isinstance(mem, Memory):
            raise ValidationError("must be an engram.Memory", field="mem")
        if not isinstance(scope, Scope):
            raise ValidationError("must be an engram.Scope", field="scope")
        self._mem = mem
        self.scope = scope

    @property
    def config(self) -> Config:
        """The configuration in force for this handle's agent."""
        return self._mem.config_for(self.scope.agent)

    # -- reads ----------------------------------------------------------------------------------------
    def recall(self, query: str, limit: int | None = None, **kw: Any) -> builtins.list[Hit]:
        return self._mem.recall(self.scope, query, limit, **kw)

    def search_history(self, query: str, limit: int = 5, **kw: Any) -> builtins.list[Hit]:
        return self._mem.search_history(self.scope, query, limit, **kw)

    def get(self, record_id: str, *, preview: bool = False) -> Record:
        return self._mem.get(self.scope, record_id, preview=preview)

    def list(self, **kw: Any) -> builtins.list[Record]:
        return self._mem.list(self.scope, **kw)

    def history(self, record_id: str) -> builtins.list[Version]:
        return self._mem.history(self.scope, record_id)

    def chain(self, record_id: str) -> builtins.list[Record]:
        return self._mem.chain(self.scope, record_id)

    def pinned(self, *, preview: bool = False) -> builtins.list[Record]:
        return self._mem.pinned(self.scope, preview=preview)

    def events(self, limit: int = 50, *, before: datetime | None = None,
               after: datetime | None = None) -> builtins.list[Event]:
        return self._mem.events(self.scope, limit, before=before, after=after)

    def get_event(self, event_id: str) -> Event:
        return self._mem.get_event(self.scope, event_id)

    def uses(self, record_id: str, limit: int = 100) -> builtins.list[Use]:
        return self._mem.uses(self.scope, record_id, limit)

    def sessions(self, limit: int = 100) -> builtins.list[dict[str, Any]]:
        return self._mem.sessions(self.scope, limit)

    def turn(self, *, preview: bool = False) -> Turn:
        """A read-only turn: its searches work, its writes raise."""
        return self._mem.turn(self.scope, preview=preview, read_only=True, extract=False)

    # -- writes: all refused ------------------------------------------------------------------------------
    def _refuse(self, *_: Any, **__: Any) -> NoReturn:
        raise ReadOnlyError("this handle may search and read memory, never write it")

    append = remember = remember_many = forget = erase = pin = unpin = _refuse
    delete_events = extract = log_uses = set_config = configure = expire = reembed = _refuse
