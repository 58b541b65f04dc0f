"""engram: memory for LLM agents.

Short-term events and long-term records, isolated by :class:`Scope`, searchable by meaning, keywords and
recency, on SQLite (embedded default) or PostgreSQL.
"""

from __future__ import annotations

from .config import Config, load_config
from .engine import Memory
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
from .turn import Turn
from .types import EraseReport, Event, Hit, Job, Record, Scope, ScoreParts, Use, Version

__version__ = "0.1.0"

__all__ = [
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


def __getattr__(name: str) -> object:
    # The harness pulls in the model layer; import it only when asked for.
    if name in ("Agent", "Reply"):
        from .harness import agent

        return getattr(agent, name)
    if name == "Client":
        from .client import Client

        return Client
    raise AttributeError(name)
