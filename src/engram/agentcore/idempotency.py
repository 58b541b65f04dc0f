"""Client tokens of the control plane: a create repeated with the same ``clientToken`` answers the first one.

CreateMemory and CreateHarness take an optional ``clientToken``; the id a token created is kept in the
meta table under ``agentcore.token.<operation>.<token>``.
"""

from __future__ import annotations

from ..stores.base import Store

TOKEN_META = "agentcore.token."


def lookup(store: Store, op: str, token: str) -> str | None:
    """The id an earlier ``op`` with this token created, if any."""
    with store.read() as tx:
        got = tx.get_meta(f"{TOKEN_META}{op}.{token}")
    return got or None


def remember(store: Store, op: str, token: str, value: str) -> None:
    """Record that ``op`` with this token created ``value``."""
    with store.write() as tx:
        tx.set_meta(f"{TOKEN_META}{op}.{token}", value)
