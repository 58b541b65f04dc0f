"""What the AgentCore face notes about an actor, purged by every erase (see :mod:`engram.erasure`).

* the (actor, session) pairs records were written for (:func:`.state.owners`): the actor's pairs go;
* BatchCreateMemoryRecords replies kept for idempotent retries (kept under the memory's agent): a reply
  naming the actor goes (a retry with that token then runs again);
* IngestData client tokens, kept under the agent and actor, whose rows keep the sessionId they made: the
  actor's go.

The other operations' tokens hold no actor data (their keys are hashed, their values ids, digests and
control-plane documents).
"""

from __future__ import annotations

import json

from .. import erasure
from ..stores.base import Tx
from . import idempotency, state
from .jobs import INGEST_TOKEN_OP
from .records import BATCH_TOKEN_OP


def purge(tx: Tx, agent: str, actor: str) -> int:
    """Remove the actor from this face's notes about ``agent``; returns how many notes went."""
    quoted = (json.dumps(actor), f"/{actor}/", f"/{actor.replace('+', '/')}/")

    def names_actor(row: str) -> bool:
        reply = idempotency.kept(row)
        return any(q in reply for q in quoted)

    return (state.purge_owners(tx, agent, actor)
            + state.purge_tokens(tx, INGEST_TOKEN_OP, f"{agent}\x1f{actor}")
            + state.purge_tokens(tx, BATCH_TOKEN_OP, agent, names_actor))


erasure.register("agentcore", purge)
