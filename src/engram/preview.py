"""Preview history: what a preview turn said, kept apart from live history.

A preview turn stores its events marked ``preview`` and gives them no index chunks, so live reads
(``events``, ``search_history``, extraction) never meet them. Preview reads see live history plus these
events: the store ranks the live candidates, and the session's preview events join the pool here, scored
by the same fusion (their terms and vectors are computed at query time; a preview conversation is short).

Live state never moves for a preview turn: preview extraction keeps its own cursor and counter keys.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from .core import fusion
from .core import text as textmod
from .types import Event

MAX_PREVIEW_EVENTS = 1000  # preview events of one session a preview read considers (newest)


def candidates(events: Sequence[Event], texts: Callable[[Event], list[str]], embed: Callable[[list[str]], Any],
               qvec: np.ndarray | None, group: str) -> list[fusion.Candidate]:
    """Fusion candidates for preview events: index terms of their indexable texts and, with a query vector,
    the best cosine over those texts (events with nothing indexable are left out)."""
    per: list[tuple[Event, list[str]]] = [(e, t) for e in events if e.preview and (t := texts(e))]
    if not per:
        return []
    cos: list[float | None] = [None] * len(per)
    if qvec is not None:
        flat = [t for _, ts in per for t in ts]
        sims = np.asarray(embed(flat)) @ qvec
        pos = 0
        for i, (_, ts) in enumerate(per):
            cos[i] = float(sims[pos:pos + len(ts)].max())
            pos += len(ts)
    return [fusion.Candidate(id=e.id, at=e.at, group=group,
                             terms=[term for t in ts for term in textmod.index_terms(t)], cosine=c)
            for (e, ts), c in zip(per, cos, strict=True)]
