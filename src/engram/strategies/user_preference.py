"""USER_PREFERENCE: likes, dislikes, favourites, diets, contact and scheduling preferences, instructions.

Writes under ``/preferences/{actorId}/`` by default (actor level), kind ``guidance``.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..config import Strategy

PROMPT = "user_preference"


def categories(strategy: Strategy, strategies: Sequence[Strategy]) -> frozenset[str]:
    """Only preferences; plain facts belong to SEMANTIC."""
    del strategy, strategies
    return frozenset({"preference"})
