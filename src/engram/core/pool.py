"""The candidate pool a search ranks: merging a backend's candidates, folding in neighbours. Pure.

A search collects lexical and vector candidates from a backend (and, for a turn or a preview read, items
that are not stored yet), merges them into one :class:`~engram.core.fusion.Candidate` per item, then adds
the items written right before and after the best of them, linked so that :func:`engram.core.fusion.rank`
can lend a neighbour's evidence. Nothing here reads a store or ranks: :mod:`engram.retrieval` runs the
steps, :mod:`engram.core.fusion` scores.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping, Sequence
from datetime import datetime
from itertools import pairwise
from typing import Any, Protocol

import numpy as np

from ..types import ScoreParts
from .fusion import Candidate, LexicalCandidate, Scored, TermStats, VectorCandidate


class Neighbour(Protocol):
    """An item as a backend returns it for context (``stores.base.ContextItem`` satisfies it)."""

    @property
    def id(self) -> str: ...
    @property
    def at(self) -> datetime: ...
    @property
    def group(self) -> str: ...
    @property
    def terms(self) -> Sequence[str]: ...
    @property
    def vectors(self) -> np.ndarray | None: ...
    @property
    def cosine(self) -> float | None: ...  # computed by the backend: then ``vectors`` is not needed


class Hood(Protocol):
    """A candidate and its neighbours, nearest first (``stores.base.Neighbourhood`` satisfies it)."""

    @property
    def item(self) -> Neighbour: ...
    @property
    def before(self) -> Sequence[Neighbour]: ...
    @property
    def after(self) -> Sequence[Neighbour]: ...


def candidate_pool(lex: Sequence[LexicalCandidate], vec: Sequence[VectorCandidate],
                   known: Mapping[str, tuple[datetime, str]]) -> dict[str, Candidate]:
    """Merge lexical and vector candidates (one per item; chunks joined) that ``known`` dates and groups."""
    terms: dict[str, list[str]] = {}
    for c in lex:
        terms.setdefault(c.id, []).extend(c.terms)
    cos: dict[str, float] = {}
    for v in vec:
        cos[v.id] = max(cos.get(v.id, -1.0), v.cosine)
    return {i: Candidate(id=i, at=known[i][0], group=known[i][1], terms=terms.get(i), cosine=cos.get(i))
            for i in dict.fromkeys([*terms, *cos]) if i in known}


def with_extras(stats: TermStats, extra: Iterable[Candidate]) -> TermStats:
    """Term statistics that also count candidates the backend does not hold (a turn's pending records, a
    preview read's events) as documents."""
    extra = list(extra)
    if not extra:
        return stats
    df = dict(stats.doc_freq)
    for c in extra:
        for t in set(c.terms or ()):
            df[t] = df.get(t, 0) + 1
    return TermStats(stats.doc_count + len(extra), df)


def add_context(pool: dict[str, Candidate], hoods: Sequence[Hood], qvec: Any, window: int) -> None:
    """Fold neighbourhoods into the pool: full terms and cosines, and for every item of a run the items
    right before and after it (so the turn after a strong match borrows from it, and vice versa)."""
    nxt: dict[str, str] = {}
    items: dict[str, Neighbour] = {}
    for hood in hoods:
        run = [*hood.before[::-1], hood.item, *hood.after]
        for a, b in pairwise(run):
            nxt[a.id] = b.id
        items.update((i.id, i) for i in run)
    ids = list(items)
    cos = {i: c for i in ids if (c := items[i].cosine) is not None} if qvec is not None else {}
    with_vec = [i for i in ids if i not in cos and items[i].vectors is not None]
    if qvec is not None and with_vec:
        mats = [m for i in with_vec if (m := items[i].vectors) is not None]
        flat = np.concatenate(mats) @ qvec
        pos = 0
        for i, m in zip(with_vec, mats, strict=True):
            cos[i] = float(flat[pos:pos + len(m)].max())
            pos += len(m)
    for i in ids:
        item, old = items[i], pool.get(i)
        pool[i] = Candidate(id=i, at=item.at, group=item.group, terms=item.terms,
                            cosine=cos.get(i, old.cosine if old is not None else None))
    link(pool, nxt, window)


def link_in_order(pool: dict[str, Candidate], ids: Sequence[str], window: int) -> None:
    """Items written one after another (a turn's pending records) neighbour each other in that order."""
    link(pool, dict(pairwise([i for i in ids if i in pool])), window)


def link(pool: dict[str, Candidate], nxt: Mapping[str, str], window: int) -> None:
    """Set each linked item's ``before``/``after`` (nearest first) from a "next item" map."""
    prv = {b: a for a, b in nxt.items()}
    for i in {*nxt, *prv}:
        c = pool.get(i)
        if c is None:
            continue
        sides = []
        for step in (prv, nxt):
            got: list[str] = []
            j = step.get(i)
            while j is not None and len(got) < window:
                got.append(j)
                j = step.get(j)
            sides.append(tuple(got))
        pool[i] = dataclasses.replace(c, before=sides[0], after=sides[1])


def parts(sc: Scored) -> ScoreParts:
    """The parts of a ranked candidate's score, as a hit reports them."""
    return ScoreParts(lexical=sc.lexical, vector=sc.vector, recency=sc.recency, context=sc.context,
                      episode=sc.episode, time=sc.time, cosine=sc.cosine, current=sc.current)
