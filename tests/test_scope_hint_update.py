"""A PermissionDenied for a level tells how to allow it, and following it exactly keeps the rest in force.

The hint once said only "add it in harness.memory.scope.write"; a user writing the minimal document that does
so switched to the Twisp shape, which runs no strategy unless asked, and extraction silently stopped. The hint
now gives an update (``update=True``, ``--update``, ``PATCH``), which changes that one setting.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable

import pytest

from engram import Memory, Scope
from engram.errors import PermissionDenied

S1 = Scope("bot", "u1", "s1")
S2 = Scope("bot", "u1", "s2")
HINT = re.compile(r"mem\.configure\('(?P<agent>[^']+)', (?P<doc>\{.*?\}), update=True\)")


def follow(err: PermissionDenied, mem: Memory) -> None:
    """Do what the error's message says, exactly as printed."""
    m = HINT.search(str(err))
    assert m is not None, str(err)
    assert "--update" in str(err) and "PATCH /v1/agents/" in str(err)
    mem.configure(m.group("agent"), json.loads(m.group("doc")), update=True)


def test_following_the_hint_from_no_configuration_keeps_extraction(make_memory: Callable[..., Memory]) -> None:
    mem = make_memory()
    before = mem.config_for("bot")
    with pytest.raises(PermissionDenied) as err:
        mem.remember(S1, "Office closes at 6pm on Fridays", scope="agent")
    assert err.value.field == "scope" and "harness.memory.scope.write" in str(err.value)
    follow(err.value, mem)
    after = mem.config_for("bot")
    assert after.memory.scope.write == ("session", "actor", "agent")
    assert after.memory.scope.read == before.memory.scope.read
    assert after.memory.strategies == before.memory.strategies and after.memory.strategies
    assert mem.remember(S1, "Office closes at 6pm on Fridays", scope="agent").level == "agent"
    mem.append(S1, [{"role": "user", "content": "I live in Porto and I prefer email."}])
    assert "Lives in Porto" in [r.summary for r in mem.list(S2)]  # facts still extracted, at the actor level
    assert [r for r in mem.list(S1, kind="reference")]  # and the session summary still written


def test_following_the_read_hint_keeps_a_stored_default(make_memory: Callable[..., Memory]) -> None:
    """An agent with no configuration of its own widens the default in force (here a stored one), not engram's."""
    mem = make_memory({"harness": {"memory": {"enabled": True, "scope": {"read": ["actor"], "write": ["actor"]},
                                              "strategies": [{"type": "SEMANTIC"}, {"type": "USER_PREFERENCE"}]}}})
    with pytest.raises(PermissionDenied) as err:
        mem.events(S1)
    assert "harness.memory.scope.read" in str(err.value)
    follow(err.value, mem)
    cfg = mem.config_for("bot")
    assert cfg.memory.scope.read == ("session", "actor") and cfg.memory.scope.write == ("actor",)
    assert [s.type for s in cfg.memory.strategies] == ["SEMANTIC", "USER_PREFERENCE"]
    assert mem.events(S1) == []


def test_the_hint_names_the_levels_in_order_and_the_agent(make_memory: Callable[..., Memory]) -> None:
    mem = make_memory({"harness": {"memory": {"scope": {"read": ["agent"], "write": ["agent"]}}}})
    with pytest.raises(PermissionDenied) as err:
        mem.remember(Scope("helper", "u1", "s1"), "x", scope="session")
    m = HINT.search(str(err.value))
    assert m is not None and m.group("agent") == "helper"
    assert json.loads(m.group("doc")) == {"harness": {"memory": {"scope": {"write": ["session", "agent"]}}}}
