"""What the AgentCore face notes about an actor, purged by every erase (see :mod:`engram.erasure`).

* ``agentcore.owner.<agent>…``: the (actor, session) pairs records were written for (:mod:`.owners`); the
  actor's pairs go.
* ``agentcore.token.batch-create.<hash of the agent>.…``: BatchCreateMemoryRecords replies kept for
  idempotent retries (:mod:`.idempotency`); a reply naming the actor goes: a retry with that token then runs
  again.
* ``agentcore.token.ingest.<hash of agent and actor>.…``: IngestData client tokens, whose rows keep the
  sessionId they made; the actor's go.

Event and extraction-job tokens hold no actor data (their keys are hashed, their values are ids and digests).
"""

from __future__ import annotations

import json

from .. import erasure
from ..stores.base import Tx
from . import idempotency, owners
from .records import BATCH_TOKEN_OP


def purge(tx: Tx, agent: str, actor: str) -> int:
    """Remove the actor from this face's notes about ``agent``; returns how many notes changed or went."""
    n = owners.purge(tx, agent, actor)
    for key, _ in tx.meta_items(idempotency.owner_prefix("ingest", f"{agent}\x1f{actor}")):
        n += int(tx.delete_meta(key))
    quoted = (json.dumps(actor), f"/{actor}/", f"/{actor.replace('+', '/')}/")
    for key, value in tx.meta_items(idempotency.owner_prefix(BATCH_TOKEN_OP, agent)):
        reply = str(json.loads(value).get("id") or "")
        if any(q in reply for q in quoted):
            n += int(tx.delete_meta(key))
    return n


erasure.register("agentcore", purge)
