"""Memory configurations several test modules use, each named for what it opens up."""

from __future__ import annotations

from typing import Any

# the harness shape's memory switched on as engram's own default has it: every tool, the agent may pin, no turn-end
# review (the Twisp shape's memory is off unless named, its tools and the agent's pins opt-in)
MEMORY_ON: dict[str, Any] = {
    "enabled": True, "extraction": {"review": False}, "pinned": {"max_tokens": 500},
    "tools": ["add_memory", "read_memory", "delete_memory", "search_memory", "search_history", "retrieve_result"]}

# memory on with every tool and no turn-end review, every level readable and writable, two labels declared
# (customer_id, ticket), messages and tool results indexed (the harness shape names what it turns on)
WIDE: dict[str, Any] = {"harness": {"memory": {
    **MEMORY_ON,
    "scope": {"read": ["session", "actor", "agent"], "write": ["session", "actor", "agent"]},
    "labels": {"customer_id": {"number": 5, "description": "The customer the memory is about."},
               "ticket": {"number": 6, "description": "Support ticket id."}},
}, "history": {"index": "messages_and_tools"}}}

# session and actor levels, the four built-in strategies, extraction run by hand (``mem.extract``)
FOUR_STRATEGIES_BY_HAND: dict[str, Any] = {"harness": {"memory": {"enabled": True,
    "scope": {"read": ["session", "actor"], "write": ["session", "actor"]},
    "extraction": {"trigger": "off"},
    "strategies": [{"type": "SEMANTIC"}, {"type": "USER_PREFERENCE"}, {"type": "SUMMARIZATION"},
                   {"type": "EPISODIC"}],
}}}

# session and actor levels, SEMANTIC only, extraction run by hand
SEMANTIC_BY_HAND: dict[str, Any] = {"harness": {"memory": {"enabled": True,
    "scope": {"read": ["session", "actor"], "write": ["session", "actor"]},
    "extraction": {"trigger": "off"},
    "strategies": [{"type": "SEMANTIC"}],
}}}
