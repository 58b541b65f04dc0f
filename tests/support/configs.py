"""Memory configurations several test modules use, each named for what it opens up."""

from __future__ import annotations

from typing import Any

# every level readable and writable, two labels declared (customer_id, ticket), messages and tool results indexed
WIDE: dict[str, Any] = {"harness": {"memory": {
    "scope": {"read": ["session", "actor", "agent"], "write": ["session", "actor", "agent"]},
    "labels": {"customer_id": {"number": 5, "description": "The customer the memory is about."},
               "ticket": {"number": 6, "description": "Support ticket id."}},
}, "history": {"index": "messages_and_tools"}}}

# session and actor levels, the four built-in strategies, extraction run by hand (``mem.extract``)
FOUR_STRATEGIES_BY_HAND: dict[str, Any] = {"harness": {"memory": {
    "scope": {"read": ["session", "actor"], "write": ["session", "actor"]},
    "extraction": {"trigger": "off"},
    "strategies": [{"type": "SEMANTIC"}, {"type": "USER_PREFERENCE"}, {"type": "SUMMARIZATION"},
                   {"type": "EPISODIC"}],
}}}

# session and actor levels, SEMANTIC only, extraction run by hand
SEMANTIC_BY_HAND: dict[str, Any] = {"harness": {"memory": {
    "scope": {"read": ["session", "actor"], "write": ["session", "actor"]},
    "extraction": {"trigger": "off"},
    "strategies": [{"type": "SEMANTIC"}],
}}}
