"""Where a backend reads candidates from: partitions, when to scan inside them, how far to over-fetch. Pure.

Both backends keep one partition per session of events, and for records one per actor (its actor- and
session-level records), one per session of the agent alone and one for agent-level records, so that a search
reads only what a scope can see. This module says which partitions those are and how a backend reads them;
each backend only encodes a partition key as its own string and turns the rules into SQL.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple, TypeVar

from .scope import ReadFilter

T = TypeVar("T")

#: Below this share of the whole index, a search restricts each term's postings to the searched partitions;
#: at it (the partitions hold the whole index: a store of one tenant) it reads a term's newest postings anywhere,
#: the same rows, cheaper. Reading anywhere while other partitions hold some of the index (the rule was 0.5) let
#: another tenant's newest postings take the candidate slots, and its volume flip the choice.
PARTITION_SCAN_SHARE = 1.0

#: How much more to ask an index for each time too few of its hits pass a filter (``overfetch``).
OVERFETCH_GROWTH = 4


class Partition(NamedTuple):
    """A partition key: the agent and the ids it is narrowed by (None: not narrowed by that id)."""

    agent: str
    actor: str | None
    session: str | None


def event_partition(agent: str, actor: str | None, session: str | None) -> Partition:
    """The partition of a session's events: one per (agent, actor, session)."""
    return Partition(agent, actor, session)


def record_partition(agent: str, actor: str | None, session: str | None = None) -> Partition:
    """The partition of a record keyed by (actor, session): its actor's when it has one, else its session's
    (a session of the agent alone), else the agent's."""
    if actor is not None:
        return Partition(agent, actor, None)
    return Partition(agent, None, session)


def read_partitions(flt: ReadFilter) -> list[Partition]:
    """The record partitions holding every record ``flt`` can see, the agent's first: those of its owner keys
    (``ReadFilter.owner_keys``), so a search can never miss what the rule shows. The filter still applies
    inside them (an actor's partition also holds its other sessions' records)."""
    keys = sorted(flt.owner_keys(), key=lambda k: k.level != "agent")
    return list(dict.fromkeys(record_partition(flt.agent, k.actor, k.session) for k in keys))


def scan_within(share: float) -> bool:
    """Whether a term's postings are read within the searched partitions, given the share of the index those
    partitions hold (``PARTITION_SCAN_SHARE``); otherwise they are read anywhere and filtered afterwards."""
    return share < PARTITION_SCAN_SHARE


def overfetch(limit: int, fetch: Callable[[int], tuple[list[T], bool]], *, first: int | None = None) -> list[T]:
    """Up to ``limit`` items from an index whose hits are filtered afterwards: ``fetch(k)`` asks it for ``k``
    hits and returns those that passed, and whether the index had no more to give. ``k`` starts at ``first``
    (default ``limit``) and grows ``OVERFETCH_GROWTH`` times a round until enough pass or the index runs dry;
    fewer than ``limit`` come back only then."""
    k = max(first if first is not None else limit, 1)
    while True:
        kept, dry = fetch(k)
        if len(kept) >= limit or dry:
            return kept[:limit]
        k *= OVERFETCH_GROWTH
