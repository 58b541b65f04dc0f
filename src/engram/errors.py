"""The one error tree of engram.

Every error engram raises on purpose is an :class:`EngramError`. Leaves also refine the builtin that
describes them best, so callers may catch either::

    EngramError
    ├── ValidationError (ValueError)        bad input: names the field and the rule
    │   ├── ConfigError                     a configuration that does not validate
    │   ├── ScopeError                      an id or namespace that could escape its scope
    │   └── PinBudgetExceeded               a pin that would overflow ``pinned.max_tokens``
    ├── NotFound (LookupError)              no such record/event/job visible to the caller
    ├── PermissionDenied (PermissionError)  a level, agent or actor the caller may not use
    │   └── ReadOnlyError                   a write through a read-only (subagent) handle
    ├── ConflictError (ValueError)          the target changed state (already superseded, deleted…)
    ├── HistoryDisabled (RuntimeError)      history search asked while the index setting is ``none``
    ├── EmbedderMismatch (RuntimeError)     the index was built by another embedding model
    ├── ModelError (RuntimeError)           a model provider failed after its retries
    │   └── ModelOutputError                the model answered with something unusable
    └── StoreError (RuntimeError)           the backend failed (locked too long, connection lost…)

HTTP maps these by class in one table (``engram.http.errors``).
"""

from __future__ import annotations

from typing import Any


class EngramError(Exception):
    """Base of every error engram raises on purpose."""

    def __init__(self, message: str, *, field: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.field = field

    def __str__(self) -> str:
        return f"{self.field}: {self.message}" if self.field else self.message

    def to_dict(self) -> dict[str, Any]:
        return {"type": type(self).__name__, "message": self.message, "field": self.field}


class ValidationError(EngramError, ValueError):
    """Input that breaks a rule; ``field`` names where, the message names the rule. Input breaking several
    rules at once lists each as ``errors`` ((field, rule) pairs; ``field`` and the message name them all, the
    first one's field as ``field``), so a caller fixes them in one go, not one per attempt."""

    def __init__(self, message: str, *, field: str | None = None,
                 errors: tuple[tuple[str, str], ...] = ()) -> None:
        if len(errors) > 1:
            message = f"{len(errors)} errors: " + "; ".join(f"{f}: {m}" for f, m in errors)
            field = errors[0][0]
        super().__init__(message, field=field)
        self.errors = errors if len(errors) > 1 else ()

    def __str__(self) -> str:
        return self.message if self.errors else super().__str__()  # the message names every field already

    def to_dict(self) -> dict[str, Any]:
        out = super().to_dict()
        if self.errors:
            out["errors"] = [{"field": f, "message": m} for f, m in self.errors]
        return out


class ConfigError(ValidationError):
    """A configuration that does not validate."""


class ScopeError(ValidationError):
    """An id or namespace that is malformed or would reach outside the caller's scope."""


class PinBudgetExceeded(ValidationError):
    """A pin that would push the pinned summaries over ``pinned.max_tokens``."""


class NotFound(EngramError, LookupError):
    """Nothing with that id is visible to the caller."""


class PermissionDenied(EngramError, PermissionError):
    """The caller may not use that level, agent or actor. A refusal of a level names it: ``right`` ("read" or
    "write") and ``level``, so a face that narrowed the levels (an HTTP key) can say the key withholds it."""

    def __init__(self, message: str, *, field: str | None = None, right: str | None = None,
                 level: str | None = None) -> None:
        super().__init__(message, field=field)
        self.right = right
        self.level = level


class ReadOnlyError(PermissionDenied):
    """A write through a read-only handle (subagents may search, never write)."""


class ConflictError(EngramError, ValueError):
    """The target is not in a state that allows the change (already superseded or deleted)."""


class HistoryDisabled(EngramError, RuntimeError):
    """History search was asked while ``harness.history.index`` is ``none``."""


class EmbedderMismatch(EngramError, RuntimeError):
    """The stored vectors came from another model; re-embed (``Memory.reembed``) before mixing."""


class ModelError(EngramError, RuntimeError):
    """A model provider failed after its retries (network, 4xx/5xx, timeout)."""

    def __init__(self, message: str, *, field: str | None = None, status: int | None = None) -> None:
        super().__init__(message, field=field)
        self.status = status


class ModelOutputError(ModelError):
    """The model answered, but not in the shape asked for (malformed JSON, missing fields)."""


class StoreError(EngramError, RuntimeError):
    """The storage backend failed in a way the caller cannot fix by changing the input."""
