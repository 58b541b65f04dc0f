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


def claim(store: Store, op: str, token: str, value: str) -> str:
    """Claim the token for the id ``value`` about to be created, before creating it: returns ``value`` when
    this call won, else the id an earlier (or concurrent) create with the token claimed. Two concurrent
    creates with one token therefore make one resource."""
    with store.write() as tx:
        return tx.claim_meta(f"{TOKEN_META}{op}.{token}", value)


def release(store: Store, op: str, token: str) -> None:
    """Give the token up after the create it was claimed for failed, so a retry may create."""
    with store.write() as tx:
        tx.delete_meta(f"{TOKEN_META}{op}.{token}")
