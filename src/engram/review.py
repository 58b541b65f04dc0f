"""The default memory review: what ``harness.memory.enabled`` alone does when a turn ends (Twisp).

"When a turn ends, the agent reviews the conversation for what is worth remembering. It compares each
candidate with the most similar records it already has, and adds it, replaces a record it corrects,
deletes a record it shows wrong, or skips it." With no strategy list, the review is one extraction pass
with engram's fact pipeline (offline extractor or one structured model call, then consolidation against
the nearest records), writing the configured ``kinds`` at the levels ``scope.write`` allows:

* the narrowest level the scope can write (the session when ``session`` is allowed) takes every record;
* when ``agent`` is allowed too and a model does the review, a second pass asks the model for what
  belongs in agent scope (guided by ``extraction.prompt``), so the review chooses each record's level.
  The offline extractor cannot read a prompt, so offline the review writes at the narrowest level only.

Twisp memory: a harness-shaped configuration whose ``memory`` names ``enabled`` explicitly (every memory
snippet of the Twisp document does) gets the document's defaults where it is silent: the review runs, and
``tools`` is opt-in (none of ``add_memory``, ``read_memory``, ``delete_memory`` unless named). That
document rule is applied while the configuration loads, so it lives in :func:`engram.config.twisp_defaults`.
"""

from __future__ import annotations

from collections.abc import Sequence

from .config import Memory as MemoryConfig
from .config import Strategy, twisp_defaults
from .core import namespace as ns
from .types import LEVELS, Level, Scope

__all__ = ["AGENT_PASS_ID", "REVIEW_ID", "strategies", "twisp_defaults"]

REVIEW_ID = "memory"
AGENT_PASS_ID = "memory-agent"
SESSION_FOCUS = ("Keep only what is about this session's subject; a separate pass keeps what applies to every "
                 "session of the agent.")
AGENT_FOCUS = ("Keep only what should inform every session of this agent, such as standing guidance an operator "
               "gave that applies to all subjects; keep nothing specific to this session's subject.")


def _writable(scope: Scope, levels: Sequence[str]) -> list[Level]:
    out: list[Level] = []
    for level in LEVELS:
        if level not in levels:
            continue
        if (level == "session" and scope.session is None) or (level == "actor" and scope.actor is None):
            continue
        out.append(level)
    return out


def _template(level: Level, scope: Scope) -> str:
    if level == "session" and scope.actor is None:
        return ns.AGENT_SESSION_TEMPLATE
    return ns.DEFAULT_TEMPLATES[level]


def _fits(strategy: Strategy, scope: Scope) -> bool:
    """Whether ``scope`` has every id ``strategy``'s namespaces name: a strategy writing under
    ``/facts/{actorId}/`` runs for sessions with an actor ("scoped by session ID, and additionally by actor ID,
    if provided"), so engram's default strategies leave a session of the agent alone (no actor) untouched
    instead of failing its turns."""
    templates = [strategy.namespace_template, strategy.reflection_namespace or ""]
    return not any(("{actorId}" in t and scope.actor is None) or ("{sessionId}" in t and scope.session is None)
                   for t in templates)


def strategies(cfg: MemoryConfig, scope: Scope, *, with_model: bool) -> tuple[Strategy, ...]:
    """What turn-end extraction runs for ``scope``: the configured strategies whose namespaces the scope can
    fill, else the default review (when ``extraction.review`` is on), else nothing."""
    if cfg.strategies or not cfg.enabled or not cfg.extraction.review:
        return tuple(st for st in cfg.strategies if _fits(st, scope))
    levels = _writable(scope, cfg.scope.write)
    if not levels:
        return ()
    prompt = cfg.extraction.prompt
    first = levels[0]
    two = with_model and "agent" in levels and first != "agent"

    def pass_(sid: str, level: Level, focus: str | None) -> Strategy:
        text = "\n\n".join(p for p in (prompt, focus) if p) or None
        return Strategy(type="SEMANTIC", id=sid, namespace=_template(level, scope), prompt=text,
                        prompt_mode="replace" if prompt else "append")

    if not two:
        return (pass_(REVIEW_ID, first, None),)
    return pass_(REVIEW_ID, first, SESSION_FOCUS), pass_(AGENT_PASS_ID, "agent", AGENT_FOCUS)
