"""CUSTOM: the built-in extraction prompt with the configured prompt appended, or replaced by it.

A CUSTOM strategy may name its own model (``model: "openai:gpt-4o"``), resolved by the engine. Without a
model, the offline extractor cannot follow a free-form prompt: in ``append`` mode it writes what the
built-in extraction finds (facts, events and preferences) under the CUSTOM namespace; in ``replace`` mode
it writes nothing, rather than pretend to follow instructions it cannot read.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..config import Strategy

PROMPT = "semantic"


def categories(strategy: Strategy, strategies: Sequence[Strategy]) -> frozenset[str]:
    """Everything the built-in extraction finds in append mode; nothing offline in replace mode."""
    del strategies
    if strategy.prompt_mode == "replace":
        return frozenset()
    return frozenset({"fact", "event", "preference"})
