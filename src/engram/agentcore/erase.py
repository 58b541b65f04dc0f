"""What the AgentCore face notes about an actor, purged by every erase (see :mod:`engram.erasure`).

* ``agentcore.owners.<agent>``: the (actor, session) pairs records were written for; the actor's pairs go.
* ``agentcore.batch_token.<agent>…``: BatchCreateMemoryRecords replies kept for idempotent retries; a reply
  naming the actor (its namespaces, its records) goes: a retry with that token then runs again.

Event and extraction-job tokens hold no actor data (their keys are hashed, their values are ids and digests).
"""

from __future__ import annotations

import json

from .. import erasure
from ..stores.base import Tx
from .records import BATCH_TOKEN_META, OWNERS_META


def purge(tx: Tx, agent: str, actor: str) -> int:
    """Remove the actor from this face's notes about ``agent``; returns how many notes changed or went."""
    n = 0
    for key, value in tx.meta_items(OWNERS_META + agent):
        if key != OWNERS_META + agent:
            continue
        pairs = json.loads(value)
        kept = [p for p in pairs if p[0] != actor]
        if len(kept) != len(pairs):
            n += 1
            if kept:
                tx.set_meta(key, json.dumps(kept))
            else:
                tx.delete_meta(key)
    quoted = (json.dumps(actor), f"/{actor}/")
    for key, value in tx.meta_items(BATCH_TOKEN_META + agent + "\x1f"):
        if any(q in value for q in quoted):
            n += int(tx.delete_meta(key))
    return n


erasure.register("agentcore", purge)
