"""What an API key lets its caller do, and the Memory view narrowed to it (every face that takes keys).

A :class:`Grant` is the decoded right of one key: one agent (None: any, local mode only), optionally one
actor and one session, the levels it may read and write, and the delete/admin rights. An *operator* key
(``engram keys create --operator``) is granted no agent at all: only the store-wide settings (``PUT
/v1/config``), which an agent's admin key may not change since they apply to every tenant. :func:`view` narrows a
:class:`~engram.engine.Memory` to the grant (the configuration's levels intersected with the key's);
:class:`Ctx` is what a route of any face works with. Nothing here knows about HTTP.
"""

from __future__ import annotations

from dataclasses import dataclass

from . import config as cfgmod
from .core.scope import check_events, check_write_level
from .engine import Memory
from .errors import PermissionDenied
from .keys import OPERATOR, session_of
from .stores.base import ApiKey
from .types import LEVELS, Level, Scope


@dataclass(frozen=True, slots=True)
class Grant:
    """What a caller may do: one agent (None: any, local mode only), optionally one actor and one session,
    levels, rights; ``operator``: the store-wide settings (an operator key has no agent: :data:`OPERATOR`)."""

    key_id: str | None
    agent: str | None
    actor: str | None
    read: tuple[Level, ...]
    write: tuple[Level, ...]
    can_delete: bool
    can_admin: bool
    operator: bool = False
    session: str | None = None

    @classmethod
    def of(cls, key: ApiKey) -> Grant:
        return cls(key.id, key.agent, key.actor, tuple(lv for lv in LEVELS if lv in key.read_levels),
                   tuple(lv for lv in LEVELS if lv in key.write_levels), key.can_delete, key.can_admin,
                   key.agent == OPERATOR, session_of(key))

    def check_path(self, agent: str, actor: str | None, session: str | None = None, *,
                   whole_agent: bool = False) -> None:
        """Raise PermissionDenied unless the path's agent (and actor, and session) lie inside this grant; a key
        bound to a session reaches that session alone, of its actor or (no actor) of the agent alone.
        ``whole_agent``: a path about the agent itself (its configuration), which every key of the agent
        may read whatever actor or session it is bound to."""
        if self.agent == OPERATOR:
            raise PermissionDenied("an operator key is granted the store-wide settings only, no agent",
                                   field="agent")
        if self.agent is not None and agent != self.agent:
            raise PermissionDenied("this key is not granted that agent", field="agent")
        if whole_agent:
            return
        if self.actor is not None and actor != self.actor:
            raise PermissionDenied("this key is granted one actor; use that actor's paths", field="actor")
        # a session is an (actor, session) pair: a key bound to the actor-less t1 reaches no actor's t1, and back
        if self.session is not None and (actor, session) != (self.actor, self.session):
            owner = f"actor {self.actor!r}" if self.actor is not None else "the agent alone (no actor)"
            where = f"/actors/{self.actor}" if self.actor is not None else ""
            raise PermissionDenied(f"this key is bound to session {self.session!r} of {owner}: it reaches only "
                                   f"/v1/agents/{agent}{where}/sessions/{self.session}/…",
                                   field="session" if actor == self.actor else "actor")

    @property
    def agent_wide(self) -> bool:
        """Bound to no actor and no session: the only keys that write what every actor and session reads."""
        return self.actor is None and self.session is None

    def withheld(self, exc: PermissionDenied) -> PermissionDenied | None:
        """``exc`` said for this key when it refuses a level the key's grant does not hold: the refusal's
        configuration recipe would not help, a key issued with that level would (None: the key holds it)."""
        if exc.level is None or exc.right not in ("read", "write"):
            return None
        if exc.right == "write" and exc.level == "agent" and not self.agent_wide:
            bound = (f"session {self.session!r} of " if self.session else "") + \
                (f"actor {self.actor!r}" if self.actor else "the agent alone")
            return PermissionDenied(f"this key is bound to {bound}: it writes only the records of what it is bound "
                                    "to; agent-level records are read by every actor and session of the agent, so "
                                    "writing them needs a key bound to no actor or session", field=exc.field,
                                    right="write", level="agent")
        held = self.read if exc.right == "read" else self.write
        if exc.level in held:
            return None
        return PermissionDenied(f"this key may not {exc.right} at level {exc.level!r}: its grant's {exc.right} "
                                f"levels are {list(held)}; a key issued with it (engram keys create --{exc.right} "
                                f"{','.join([*held, exc.level])}) may, where the agent's configuration allows it",
                                field=exc.field, right=exc.right, level=exc.level)

    def need_delete(self) -> None:
        """Deleting, forgetting or erasing stored data needs the delete right (``engram keys create --delete``)."""
        if not self.can_delete:
            raise PermissionDenied("this key may not delete or erase: it has no delete right (engram keys create "
                                   "--delete)", field="authorization")

    def need_admin(self) -> None:
        """Configuration changes and job retries need the admin right (``engram keys create --admin``)."""
        if not self.can_admin:
            raise PermissionDenied("this key has no admin right (engram keys create --admin)", field="authorization")

    def need_config_change(self, agent: str | None = None) -> None:
        """The one rule for changing an agent's configuration (every face: ``PUT /v1/agents/{agent}/config``, the
        AgentCore control plane): it applies to all the agent's actors, so it needs a key for the whole agent
        (bound to no actor or session) with the admin right. ``agent``: the agent changed, which must be the
        key's (None: the caller has resolved which agent, as the AgentCore control plane does)."""
        if agent is not None:
            self.check_path(agent, None)
        elif self.actor is not None or self.session is not None:
            raise PermissionDenied("this key is granted one actor (or session); configuration changes need a key "
                                   "for the whole agent", field="actor")
        if not self.can_admin:
            raise PermissionDenied("configuration changes need the admin right (engram keys create --admin); "
                                   "this key has none", field="authorization")

    def need_remove(self) -> None:
        """Removing a memory whole (its configuration and every actor's events and records, as AgentCore's
        DeleteMemory does) is a configuration change and an erase: both rules, hence both rights."""
        self.need_config_change()
        self.need_delete()

    def need_operator(self) -> None:
        """Store-wide settings apply to every tenant: only an operator key (or local mode) changes them."""
        if not self.operator:
            raise PermissionDenied("store-wide settings apply to every agent: they need an operator key "
                                   "(engram keys create --operator); an agent's own configuration is "
                                   "PUT /v1/agents/{agent}/config", field="authorization")


LOCAL_GRANT = Grant(None, None, None, LEVELS, LEVELS, True, True, True)


@dataclass(frozen=True, slots=True)
class Ctx:
    """What a route works with: the caller's scope, grant, a narrowed Memory view, and the base Memory."""

    scope: Scope
    grant: Grant
    mem: Memory
    base: Memory

    def need_delete(self) -> None:
        self.grant.need_delete()

    def need_admin(self) -> None:
        self.grant.need_admin()

    def need_write(self, level: str) -> None:
        """The write rule of core.scope under the config narrowed to this key."""
        check_write_level(self.scope, level, self.mem.config.memory.scope.write)

    def need_events(self, write: bool) -> None:
        """Events belong to the session: reading or writing them needs the key's session level (the rule of
        core.scope.check_events, applied to the key's grant; the engine applies it again to the config)."""
        try:
            check_events(self.scope, self.grant.write if write else self.grant.read, write=write)
        except PermissionDenied as exc:
            raise PermissionDenied(f"this key may not {'write' if write else 'read'} session events",
                                   field="authorization") from exc


# (agent, stored version, read, write) -> (the config it was narrowed from, the narrowed config). The source
# is held and compared by identity on every hit, so an entry can only ever serve the very object it was
# derived from (a key by ``id()`` alone served another tenant's config once the first was freed).
_NarrowKey = tuple[str | None, int | None, tuple[str, ...], tuple[str, ...]]
_narrowed: dict[_NarrowKey, tuple[cfgmod.Config, cfgmod.Config]] = {}


def view(base: Memory, grant: Grant, agent: str | None = None) -> Memory:
    """A Memory on the same store whose read/write levels are the config's intersected with the grant's (a key
    bound to one actor or one session writes no ``agent`` level: those records belong to every actor and session
    of the agent).

    The view is a pinned policy over the base's runtime (``Memory.with_config``): it opens nothing and cannot
    close the base, so building one per request costs only the parts' small objects. It pins the
    configuration the request's grant allows, so a request sees one configuration from start to end.
    """
    # the agent's own configuration, else the default
    who = agent or grant.agent
    version, cfg = base.config_in_force(who)
    rules = cfg.memory.scope
    read = tuple(lv for lv in rules.read if lv in grant.read)
    write = tuple(lv for lv in rules.write if lv in grant.write and (lv != "agent" or grant.agent_wide))
    if (read, write) == (rules.read, rules.write):
        return base.with_config(cfg, version=version)
    cache_key = (who, version, read, write)
    found = _narrowed.get(cache_key)
    if found is None or found[0] is not cfg:
        scope_rules = cfgmod.ScopeRules(read=read, write=write)
        found = (cfg, cfg.model_copy(update={"harness": cfg.harness.model_copy(update={
            "memory": cfg.memory.model_copy(update={"scope": scope_rules})})}))
        if len(_narrowed) > 1024:
            _narrowed.clear()
        _narrowed[cache_key] = found
    return base.with_config(found[1], version=version)
