"""What the AgentCore face notes about an actor, purged by every erase (see :mod:`engram.erasure`).

* ``agentcore.owner.<agent>…`` (and an older version's ``agentcore.owners.<agent>``): the (actor, session)
  pairs records were written for (:mod:`.owners`); the actor's pairs go.
* ``agentcore.batch_token.<agent>…``: BatchCreateMemoryRecords replies kept for idempotent retries; a reply
  naming the actor (its namespaces, its records) goes: a retry with that token then runs again.

* ``agentcore.token.ingest.<hash of agent and actor>.…``: IngestData client tokens (:mod:`.idempotency`), whose
  rows keep the sessionId they made; the actor's go.

Event and extraction-job tokens hold no actor data (their keys are hashed, their values are ids and digests).
"""

from __future__ import annotations

import json

from .. import erasure
from ..stores.base import Tx
from . import idempotency, owners
from .records import BATCH_TOKEN_META


def purge(tx: Tx, agent: str, actor: str) -> int:
    """Remove the actor from this face's notes about ``agent``; returns how many notes changed or went."""
    n = owners.purge(tx, agent, actor)
    for key, _ in tx.meta_items(idempotency.owner_prefix("ingest", f"{agent}\x1f{actor}")):
        n += int(tx.delete_meta(key))
    quoted = (json.dumps(actor), f"/{actor}/")
    for key, value in tx.meta_items(BATCH_TOKEN_META + agent + "\x1f"):
        if any(q in value for q in quoted):
            n += int(tx.delete_meta(key))
    return n


erasure.register("agentcore", purge)
