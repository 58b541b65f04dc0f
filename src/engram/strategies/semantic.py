"""SEMANTIC: facts about the actor and the world (where they live, work, family, health, dated events).

Writes under ``/facts/{actorId}/`` by default (actor level). Preferences go here too when no
USER_PREFERENCE strategy is configured, so they are never lost; otherwise that strategy keeps them.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..config import Strategy

PROMPT = "semantic"


def categories(strategy: Strategy, strategies: Sequence[Strategy]) -> frozenset[str]:
    """Which offline fact categories this strategy keeps, given the other strategies configured."""
    del strategy
    if any(s.type == "USER_PREFERENCE" for s in strategies):
        return frozenset({"fact", "event"})
    return frozenset({"fact", "event", "preference"})
