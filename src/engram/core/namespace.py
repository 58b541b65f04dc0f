"""Namespace paths and templates (``/facts/{actorId}/``), filled only from the caller's scope. Pure.

A namespace labels where a record belongs (which strategy, which actor, which session). Isolation does
not rest on it (stores filter on the agent/actor/session columns), but a namespace must never *claim* a
place outside the caller's scope either, so user-supplied paths are checked here.
"""

from __future__ import annotations

import re

from ..errors import ScopeError
from ..types import ID_PATTERN, Level, Scope
from .validate import MAX_NAMESPACE, namespace_text

_VAR = re.compile(r"\{([A-Za-z]+)\}")
_SEGMENT = re.compile(ID_PATTERN)  # a segment is an id or a word of a template: the id rule
KNOWN_VARS = ("agentId", "actorId", "sessionId", "strategyId", "memoryStrategyId")

DEFAULT_TEMPLATES: dict[Level, str] = {
    "agent": "/agent/",
    "actor": "/actors/{actorId}/",
    "session": "/actors/{actorId}/sessions/{sessionId}/",
}
AGENT_SESSION_TEMPLATE = "/sessions/{sessionId}/"  # a session of the agent alone (no actor): Twisp


def fill(template: str, scope: Scope, *, strategy_id: str | None = None, field: str = "namespace") -> str:
    """Fill ``template`` from ``scope`` (never from input) and validate the resulting path; both the template
    as given and the path it fills to hold at most ``MAX_NAMESPACE`` characters."""
    namespace_text(template, field)
    values = {
        "agentId": scope.agent,
        "actorId": scope.actor,
        "sessionId": scope.session,
        "strategyId": strategy_id,
        "memoryStrategyId": strategy_id,
    }

    def sub(m: re.Match[str]) -> str:
        name = m.group(1)
        if name not in values:
            raise ScopeError(f"unknown template variable {{{name}}} (known: {', '.join(KNOWN_VARS)})",
                             field=field)
        value = values[name]
        if value is None:
            raise ScopeError(f"template variable {{{name}}} has no value in this scope", field=field)
        return value

    return normalize(_VAR.sub(sub, template), field=field)


def normalize(path: str, *, field: str = "namespace") -> str:
    """Check a literal path: '/'-separated safe segments, no '..', no wildcards; returns it with '/' ends."""
    if not isinstance(path, str) or not path:
        raise ScopeError("must be a non-empty path such as /facts/cust-42/", field=field)
    if len(path) > MAX_NAMESPACE:  # the bound every face states (validate.namespace_text) on what a scope filled in
        raise ScopeError(f"must be at most {MAX_NAMESPACE} characters (a namespace)", field=field)
    segments = [s for s in path.strip("/").split("/")]
    if segments == [""]:
        return "/"
    for seg in segments:
        if seg in ("", ".", "..") or not _SEGMENT.fullmatch(seg) or ".." in seg:
            raise ScopeError(
                f"segment {seg!r} is not allowed: use letters, digits and . _ : @ + = -; "
                "no empty segments, '..' or wildcards",
                field=field,
            )
    return "/" + "/".join(segments) + "/"


def resolve(namespace: str | None, scope: Scope, level: Level, *, strategy_id: str | None = None) -> str:
    """The namespace a record written by ``scope`` at ``level`` gets.

    ``None`` gives the level's default. A template is filled from the scope. A literal path for an
    actor- or session-level record must name the caller's own actor (and session): a path naming other
    ids is refused rather than trusted.
    """
    default = AGENT_SESSION_TEMPLATE if level == "session" and scope.actor is None else DEFAULT_TEMPLATES[level]
    path = fill(namespace if namespace is not None else default, scope, strategy_id=strategy_id)
    segments = path.strip("/").split("/")
    if (level == "actor" or (level == "session" and scope.actor is not None)) and scope.actor not in segments:
        raise ScopeError(_not_the_callers(path, segments, level, "actor", scope.actor, "actors"), field="namespace")
    if level == "session" and scope.session not in segments:
        raise ScopeError(_not_the_callers(path, segments, level, "session", scope.session, "sessions"),
                         field="namespace")
    return path


def _not_the_callers(path: str, segments: list[str], level: Level, what: str, own: str | None, parent: str) -> str:
    """Why ``path`` cannot hold a ``level`` record: it lacks the caller's ``what`` id ``own``; a path of the default
    shape (``/actors/cust-7/``) names another's, and the message says whose."""
    named = segments[segments.index(parent) + 1] if parent in segments[:-1] else None
    found = f"{path} names {what} {named!r}, not the caller's" if named else f"{path} does not contain it"
    article = "an" if level[0] in "aeiou" else "a"
    return (f"{article} {level}-level namespace must contain the caller's {what} id {own!r} (use {{{what}Id}}): "
            f"{found}")


def level_of_template(template: str) -> Level:
    """The narrowest level a template needs: ``{sessionId}`` -> session, ``{actorId}`` -> actor, else agent."""
    if "{sessionId}" in template:
        return "session"
    if "{actorId}" in template:
        return "actor"
    return "agent"
