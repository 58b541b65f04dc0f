"""engram: memory for LLM agents.

Short-term events and long-term records, isolated by :class:`Scope`, searchable by meaning, keywords and
recency, on SQLite (embedded default) or PostgreSQL.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .errors import (
    ConfigError,
    ConflictError,
    EmbedderMismatch,
    EngramError,
    HistoryDisabled,
    ModelError,
    NotFound,
    PermissionDenied,
    PinBudgetExceeded,
    ReadOnlyError,
    ScopeError,
    StoreError,
    ValidationError,
)
from .types import EraseReport, Event, Hit, Job, Record, Scope, ScoreParts, Use, Version

__version__ = "0.1.0"

__all__ = [
    "Agent",
    "Client",
    "Config",
    "ConfigError",
    "ConflictError",
    "EmbedderMismatch",
    "EngramError",
    "EraseReport",
    "Event",
    "HistoryDisabled",
    "Hit",
    "Job",
    "Memory",
    "ModelError",
    "NotFound",
    "PermissionDenied",
    "PinBudgetExceeded",
    "ReadOnlyError",
    "Record",
    "Reply",
    "Scope",
    "ScopeError",
    "ScoreParts",
    "StoreError",
    "Turn",
    "Use",
    "ValidationError",
    "Version",
    "load_config",
]


if TYPE_CHECKING:
    from .client import Client
    from .config import Config, load_config
    from .engine import Memory
    from .harness.agent import Agent, Reply
    from .turn import Turn

# What pulls in pydantic, NumPy, httpx or the model layer is imported when first asked for, so that
# `import engram.errors` (and `engram --help`) costs a few milliseconds, not half a second.
_LAZY = {"Memory": "engine", "Turn": "turn", "Config": "config", "load_config": "config",
         "Agent": "harness.agent", "Reply": "harness.agent", "Client": "client"}


def __getattr__(name: str) -> object:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'engram' has no attribute {name!r}")
    import importlib

    value = getattr(importlib.import_module(f".{module}", __name__), name)
    globals()[name] = value
    return value
