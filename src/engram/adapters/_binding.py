"""The checks every adapter over engram records makes when it is built, so a bad scope, level or kind is a
typed error at construction, not at the framework's first call."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..core import validate
from ..errors import ValidationError
from ..types import LEVELS, Level, Scope

if TYPE_CHECKING:
    from ..engine import Memory


def bind(mem: Memory, scope: object, level: str, kind: str | None) -> tuple[Level, str]:
    """Check that ``scope`` may write records at ``level`` under its agent's configuration and that ``kind`` is
    configured; returns the level and the kind to write (``kind``, else ``fact`` when configured, else the
    first kind)."""
    if not isinstance(scope, Scope):
        raise ValidationError("must be an engram.Scope", field="scope")
    if level not in LEVELS:
        raise ValidationError(f"must be one of {', '.join(LEVELS)}", field="level")
    scope.require(level)
    mem.policy.read_filter(scope)  # checks the scope against its agent's configuration now, not at first use
    kinds = mem.config_for(scope.agent).memory.kinds
    if kind is not None and kind not in kinds:
        raise ValidationError(f"must be one of the configured kinds: {', '.join(kinds)}", field="kind")
    return level, kind or validate.default_kind(kinds)


def bind_session(mem: Memory, scope: object, what: str) -> str:
    """Check that ``scope`` names a session whose events it may read (for ``what``, the framework's name for a
    conversation store); returns the session id."""
    if not isinstance(scope, Scope):
        raise ValidationError("must be an engram.Scope", field="scope")
    if scope.session is None:
        raise ValidationError(f"{what} needs a scope with a session", field="scope.session")
    mem.policy.check_event_rights(scope, write=False)
    return scope.session
