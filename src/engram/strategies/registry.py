"""Strategy type -> the module under ``engram.strategies`` that carries its prompt and categories.

The catalogue (:mod:`engram.core.strategy_types`) names each type's module; this looks it up, so a new
fact-like type needs no table here or in :mod:`.facts`. Each such module defines ``PROMPT`` (the name of its
focus prompt under ``prompts/``) and ``categories(strategy, strategies)``.
"""

from __future__ import annotations

import importlib
from collections.abc import Sequence
from typing import Protocol, cast

from ..config import Strategy
from ..core.strategy_types import BY_NAME


class FactModule(Protocol):
    """What a fact-like strategy's module defines."""

    PROMPT: str

    def categories(self, strategy: Strategy, strategies: Sequence[Strategy]) -> frozenset[str]: ...


def fact_module(strategy_type: str) -> FactModule:
    """The module of a fact-like strategy type (``SEMANTIC`` -> :mod:`engram.strategies.semantic`)."""
    return cast(FactModule, importlib.import_module(f"{__package__}.{BY_NAME[strategy_type].module}"))
