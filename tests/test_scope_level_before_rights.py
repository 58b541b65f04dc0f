"""A level the scope cannot have is refused as that, before any advice to change the configuration.

``remember(..., scope="actor")`` in a session of no actor once answered PermissionDenied with a recipe adding
``actor`` to ``scope.write``; following it stored a new configuration version and then met ScopeError anyway.
The scope's own rule comes first, and the refusal changes nothing. Real SQLite file and real PostgreSQL.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from engram import Memory, PermissionDenied, Scope, ScopeError

SESSION_ONLY = {"harness": {"memory": {"enabled": True, "scope": {"read": ["session", "agent"],
                                                                  "write": ["session"]}}}}


def test_an_actor_level_in_an_actor_less_session_is_a_scope_error(make_memory: Callable[..., Memory]) -> None:
    mem = make_memory()
    mem.configure("reviewer", SESSION_ONLY)
    version = mem.config_in_force("reviewer")[0]
    with pytest.raises(ScopeError) as info:
        mem.remember(Scope("reviewer", session="acct-1"), "Reviewed to March", scope="actor")
    assert info.value.field == "scope.actor" and "configure" not in info.value.message
    assert mem.config_in_force("reviewer")[0] == version and mem.list(Scope("reviewer", session="acct-1")) == []


def test_a_level_the_configuration_lacks_still_gets_the_recipe(make_memory: Callable[..., Memory]) -> None:
    mem = make_memory()
    mem.configure("reviewer", SESSION_ONLY)
    with pytest.raises(PermissionDenied) as info:
        mem.remember(Scope("reviewer", "u1", "acct-1"), "Reviewed to March", scope="actor")
    assert info.value.field == "scope" and "scope.write" in info.value.message
