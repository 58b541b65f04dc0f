"""Scope rules: which records a caller may read and at which level it may write. Pure."""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from ..errors import PermissionDenied, ReadOnlyError, ValidationError
from ..types import LEVELS, STATUSES, Level, Record, Scope


@dataclass(frozen=True, slots=True)
class OwnerKey:
    """The ids a record of ``level`` is keyed by (None: the record has none), see :func:`owner_ids`."""

    level: Level
    actor: str | None
    session: str | None


@dataclass(frozen=True, slots=True)
class ReadFilter:
    """Everything a store needs to restrict a read to what the caller may see.

    Stores translate it into their query language; every read path takes one, so no path can reach
    records of another agent, of another actor (session/actor levels) or of another session (session level).
    """

    agent: str
    actor: str | None
    session: str | None
    levels: tuple[Level, ...]
    include_preview: bool = False
    statuses: tuple[str, ...] = ("active",)
    kinds: tuple[str, ...] | None = None
    labels: tuple[tuple[str, str], ...] = ()
    namespace_prefix: str | None = None

    def owner_keys(self) -> tuple[OwnerKey, ...]:
        """The one visibility rule, as data the stores turn into SQL: a record is visible at a level only when its
        (actor, session) are exactly those a record of that level is keyed by (:func:`owner_ids`). A level this
        filter has no id for (actor without an actor, session without a session) shows nothing."""
        keys = []
        for level in self.levels:
            if level == "agent":
                keys.append(OwnerKey(level, None, None))
            elif level == "actor" and self.actor is not None:
                keys.append(OwnerKey(level, self.actor, None))
            elif level == "session" and self.session is not None:
                keys.append(OwnerKey(level, self.actor, self.session))
        return tuple(keys)

    def allows(self, rec: Record) -> bool:
        """The rule the stores apply in SQL (:meth:`owner_keys` and the other fields), for checks done in Python."""
        if rec.agent != self.agent or rec.status not in self.statuses:
            return False
        if rec.preview and not self.include_preview:
            return False
        if OwnerKey(rec.level, rec.actor, rec.session) not in self.owner_keys():
            return False
        if self.kinds is not None and rec.kind not in self.kinds:
            return False
        if any(rec.labels.get(k) != v for k, v in self.labels):
            return False
        return not (self.namespace_prefix and not rec.namespace.startswith(self.namespace_prefix))


def readable_levels(scope: Scope, allowed: Iterable[str]) -> tuple[Level, ...]:
    """The levels this scope can actually read: allowed by config and keyed by ids the scope has."""
    out: list[Level] = []
    for level in LEVELS:
        if level not in allowed:
            continue
        if level == "session" and scope.session is None:
            continue
        if level == "actor" and scope.actor is None:
            continue
        out.append(level)
    return tuple(out)


def writable_levels(allowed: Iterable[str], scope: Scope | None = None) -> tuple[Level, ...]:
    """The levels a write can use, in the order ``allowed`` (``scope.write``: the configuration narrowed to the
    caller's grant) lists them; for a bound ``scope``, only those keyed by ids it has (no actor: no actor level;
    no session: no session level). ``scope`` None: no particular session (an agent's tool list), ids not judged.
    Empty: no write could succeed, so no write tool is offered (:func:`engram.harness.tools.memory_specs`)."""
    return tuple(lv for name in dict.fromkeys(allowed) for lv in LEVELS if lv == name and (scope is None or (
        (lv != "actor" or scope.actor is not None) and (lv != "session" or scope.session is not None))))


def default_write_level(allowed: Iterable[str], scope: Scope | None = None, *, prefer: str | None = None) -> Level:
    """The level a write tool uses when a call names none: ``prefer`` (a face's own choice, the harness's
    ``session``) if the scope can write there, else actor, else session, else agent (:func:`writable_levels`;
    ``scope`` None: ids not judged); ``session`` when none is usable (then no write tool is offered)."""
    usable = writable_levels(allowed, scope)
    for name in (prefer, "actor", "session", "agent"):
        for lv in usable:
            if lv == name:
                return lv
    return "session"


def read_filter(
    scope: Scope,
    allowed: Iterable[str],
    *,
    preview: bool = False,
    statuses: tuple[str, ...] = ("active",),
    kinds: Iterable[str] | None = None,
    labels: dict[str, str] | None = None,
    namespace_prefix: str | None = None,
) -> ReadFilter:
    """Build the filter for a read by ``scope`` under the configured ``scope.read`` levels."""
    for s in statuses:
        if s not in STATUSES:
            raise ValidationError(f"unknown status {s!r}", field="status")
    return ReadFilter(
        agent=scope.agent,
        actor=scope.actor,
        session=scope.session,
        levels=readable_levels(scope, allowed),
        include_preview=preview,
        statuses=statuses,
        kinds=tuple(kinds) if kinds is not None else None,
        labels=tuple(sorted((labels or {}).items())),
        namespace_prefix=namespace_prefix,
    )


SETTING = "harness.memory.scope"  # where the levels an agent may read and write are configured


def widen_recipe(agent: str, right: str, levels: Iterable[str]) -> str:
    """How to allow ``levels`` for ``right`` while keeping the rest of the configuration in force.

    An update changes only the fields it names; a whole document would start from its own shape's defaults
    (the Twisp shape runs no strategy unless asked), so a hint that handed out a whole document would turn
    extraction off as a side effect of widening a level.
    """
    wanted = set(levels)
    doc = {"harness": {"memory": {"scope": {right: [lv for lv in LEVELS if lv in wanted]}}}}
    return (f"mem.configure({agent!r}, {json.dumps(doc)}, update=True), an update that keeps every other "
            f"setting in force (CLI: engram config set FILE --update --agent {agent}; HTTP: PATCH "
            f"/v1/agents/{agent}/config)")


def missing(right: str, level: str, allowed: Iterable[str], agent: str) -> str:
    """The reason a level is refused, naming the setting that allows it and how to change only that setting
    (for every PermissionDenied on levels)."""
    allowed = tuple(allowed)
    return (f"scope.{right} does not include {level!r} (it is {list(allowed)}); add it in {SETTING}.{right} "
            f"of the agent's configuration with {widen_recipe(agent, right, (*allowed, level))}")


def check_write_level(scope: Scope, level: Any, allowed: Iterable[str], *, read_only: bool = False) -> Level:
    """Raise unless ``scope`` may write a record at ``level``; return the level typed."""
    if read_only:
        raise ReadOnlyError("this handle may search and read memory, never write it")
    if level not in LEVELS:
        raise ValidationError(f"must be one of {', '.join(LEVELS)}", field="scope")
    scope.require(level)  # a level the scope cannot have (actor in an actor-less session): no setting would help
    allowed = tuple(allowed)
    if level not in allowed:
        raise PermissionDenied(f"writing at level {level!r}: {missing('write', level, allowed, scope.agent)}",
                               field="scope", right="write", level=level)
    return level


def check_replace(scope: Scope, target: Record, level: Level, namespace: str, allowed: Iterable[str], *,
                  by_strategy: bool = False) -> None:
    """Raise unless ``scope`` may supersede ``target`` with a record at ``level`` in ``namespace``.

    Superseding changes the target's status for every reader, so it needs the write right at the *target's*
    level too, exactly as forgetting it does. Extraction writes with every level (its strategies are
    configured, not chosen by the caller), so a strategy may only supersede records of the namespace and
    level it writes: a conversation can never make it rewrite memory of a wider level.
    """
    allowed = tuple(allowed)
    if target.level not in allowed:
        raise PermissionDenied(f"record {target.id} is at level {target.level!r}; superseding it needs the write "
                               f"right there: {missing('write', target.level, allowed, scope.agent)}",
                               field="replaces", right="write", level=target.level)
    scope.require(target.level)
    if by_strategy and (target.level != level or target.namespace != namespace):
        raise PermissionDenied(f"a strategy writing {namespace} may not supersede record {target.id} of "
                               f"{target.namespace} ({target.level} level)", field="replaces")


def check_strategy_target(target: Record, writes: Iterable[tuple[str, str]]) -> None:
    """Raise unless ``target`` lies in one of the (namespace, level) pairs a strategy writes (its deletes)."""
    if (target.namespace, target.level) not in set(writes):
        raise PermissionDenied(f"a strategy may only delete records of the namespaces it writes; record "
                               f"{target.id} is in {target.namespace}", field="id")


def check_events(scope: Scope, allowed: Iterable[str], *, write: bool, read_only: bool = False) -> None:
    """Raise unless ``scope`` may read (or write) the events of its session.

    Events are session data: reading them needs ``session`` in ``scope.read``, appending or deleting them
    needs it in ``scope.write`` (the same rule HTTP keys follow), and the scope must name a session.
    """
    if write and read_only:
        raise ReadOnlyError("this handle may search and read memory, never write it")
    allowed = tuple(allowed)
    if "session" not in allowed:
        right = "write" if write else "read"
        raise PermissionDenied(f"{'writing' if write else 'reading'} session events: "
                               f"{missing(right, 'session', allowed, scope.agent)}",
                               field="scope", right=right, level="session")


def check_erase(scope: Scope, actor: str, allowed: Iterable[str], *, read_only: bool = False) -> None:
    """Raise unless ``scope`` may erase everything about ``actor``.

    An actor's own scope may erase that actor when it can write at all; erasing another actor needs an
    agent-wide scope (no actor) with the ``agent`` write level.
    """
    if read_only:
        raise ReadOnlyError("this handle may search and read memory, never write it")
    allowed = tuple(allowed)
    if scope.actor is not None:
        if actor != scope.actor:
            raise PermissionDenied("a scope bound to one actor may only erase that actor", field="actor")
        if not allowed:
            raise PermissionDenied("erasing needs a write level: scope.write is empty; add one in "
                                   f"{SETTING}.write with {widen_recipe(scope.agent, 'write', ('actor',))}",
                                   field="scope")
        return
    if "agent" not in allowed:
        raise PermissionDenied("erasing an actor from an agent-wide scope: "
                               f"{missing('write', 'agent', allowed, scope.agent)}", field="scope", right="write",
                               level="agent")


def owner_ids(scope: Scope, level: Level) -> tuple[str | None, str | None]:
    """The (actor, session) a record written at ``level`` is keyed by; wider levels drop the narrower ids."""
    if level == "agent":
        return None, None
    if level == "actor":
        return scope.actor, None
    return scope.actor, scope.session
