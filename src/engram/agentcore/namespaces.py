"""Which actor (and session) an AgentCore namespace belongs to. Pure.

AgentCore addresses long-term records by namespace only (``/facts/user-1/``); engram keeps them at a level
(agent, actor, session) with owner ids, and isolation rests on those. So a namespace is matched against the
memory's namespace templates (its strategies', engram's defaults and AgentCore's own defaults): the values
that fill ``{actorId}`` and ``{sessionId}`` name the owner, and the record lives at the narrowest level
they allow. A namespace no template explains is an agent-level namespace.

A path (or a ``namespacePath`` prefix) names an actor when it covers a template through its ``{actorId}``
segment (``/facts/user-1/`` and ``/facts/user-1/x/`` do, ``/facts/`` does not).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from ..config import DEFAULT_NAMESPACES, Config
from ..core import namespace as ns
from ..types import Level
from .errors import ValidationException

AGENTCORE_DEFAULTS = (
    "/strategies/{memoryStrategyId}/actors/{actorId}/sessions/{sessionId}/",
    "/strategies/{memoryStrategyId}/actors/{actorId}/",
)
_VAR = re.compile(r"\{([A-Za-z]+)\}")


@dataclass(frozen=True, slots=True)
class Owner:
    actor: str | None = None
    session: str | None = None

    @property
    def level(self) -> Level:
        if self.session is not None and self.actor is not None:
            return "session"
        return "actor" if self.actor is not None else "agent"


def templates(config: Config) -> list[str]:
    """Every template a record of this memory may be written under, most specific first."""
    found: list[str] = []
    for s in config.memory.strategies:
        found.append(s.namespace_template)
        if s.reflection_namespace:
            found.append(s.reflection_namespace)
    found += list(config.memory.retrieval)
    found += list(DEFAULT_NAMESPACES.values()) + list(ns.DEFAULT_TEMPLATES.values()) + list(AGENTCORE_DEFAULTS)
    unique = list(dict.fromkeys(_norm_template(t) for t in found))
    return sorted(unique, key=lambda t: ("{sessionId}" not in t, "{actorId}" not in t))


def _norm_template(t: str) -> str:
    return "/" + t.strip("/") + "/" if t.strip("/") else "/"


def _regex(template: str, *, through_actor: bool) -> re.Pattern[str] | None:
    """A regex for ``template`` (or its part up to and including the ``{actorId}`` segment)."""
    if through_actor:
        cut = template.find("{actorId}")
        if cut < 0:
            return None
        end = template.find("/", cut)
        template = template[: end + 1] if end >= 0 else template + "/"
    out, pos = "^", 0
    for m in _VAR.finditer(template):
        out += re.escape(template[pos:m.start()])
        name = m.group(1)
        out += f"(?P<{name}>[^/]+)" if name in ("actorId", "sessionId") else "[^/]+"
        pos = m.end()
    out += re.escape(template[pos:])
    return re.compile(out + ("" if through_actor else "$"))


def _actor_span(template: str) -> re.Pattern[str] | None:
    """A full-match regex for ``template`` whose ``{actorId}`` may span segments (AWS actor ids hold '/')."""
    if "{actorId}" not in template:
        return None
    out, pos = "^", 0
    for m in _VAR.finditer(template):
        out += re.escape(template[pos:m.start()])
        out += "(?P<actorId>[^/]+(?:/[^/]+)*)" if m.group(1) == "actorId" else "[^/]+"
        pos = m.end()
    return re.compile(out + re.escape(template[pos:]) + "$")


def to_engram(path: str, tmpls: Iterable[str]) -> str:
    """A normalised AWS namespace as engram stores it: an actor id holding '/' (``/facts/tenant/user-2/``) is
    engram's actor id with '+' (``/facts/tenant+user-2/``), as :func:`engram.agentcore.ids.actor_in` maps it.
    Only a path matching a whole template is rewritten (a shorter prefix cannot tell where the actor ends)."""
    for t in tmpls:
        rx = _actor_span(t)
        m = rx.match(path) if rx is not None else None
        if m is not None and "/" in m.group("actorId"):
            return path[:m.start("actorId")] + m.group("actorId").replace("/", "+") + path[m.end("actorId"):]
    return path


def to_aws(namespace: str) -> str:
    """An engram namespace as AWS shows it ('+' stands for an actor id's '/'; AWS namespaces never hold '+')."""
    return namespace.replace("+", "/")


def normalize(value: str, field: str) -> str:
    """An AgentCore namespace as engram's path (``a/b`` → ``/a/b/``); wildcards are refused."""
    if "*" in value:
        raise ValidationException("wildcards are not supported on engram: use namespacePath for a prefix",
                                  field=field)
    try:
        return ns.normalize(value, field=field)
    except ValueError as exc:
        raise ValidationException(str(getattr(exc, "message", exc)), field=field) from exc


def owner(path: str, tmpls: Iterable[str]) -> Owner:
    """The owner a normalised namespace (or namespace prefix) names under these templates: a whole
    template names its actor and session; a path through a template's actor segment names the actor."""
    best = Owner()
    for t in tmpls:
        full = _regex(t, through_actor=False)
        m = full.match(path) if full is not None else None
        if m is None:  # a path below a template's actor segment still belongs to that actor
            part = _regex(t, through_actor=True)
            m = part.match(path) if part is not None else None
        if m is None:
            continue
        got = m.groupdict()
        found = Owner(got.get("actorId"), got.get("sessionId") if m.re is full else None)
        if found.level == "session":
            return found
        if found.level == "actor" and best.level == "agent":
            best = found
    return best
