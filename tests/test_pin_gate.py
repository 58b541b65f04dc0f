"""The agent pins only where its configuration lets it: "With `harness.memory.pinned`, the agent may pin a record"
(the Twisp document). A harness-shaped configuration without ``pinned`` offers ``add_memory`` without ``pin`` and
refuses a call naming it, naming the setting and changing nothing; engram's own shape and the AgentCore shape keep
the agent's pins. Pins the application writes are not the agent's and stay allowed, listed in every turn's
instructions. On real SQLite files and PostgreSQL."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from engram import Memory, Scope
from engram.errors import ValidationError
from engram.harness.agent import Agent
from engram.harness.tools import ToolOps, memory_specs
from tests.support.harness import model, say, use, user

ACCT = Scope(agent="reviewer", session="acct-991")
TOOLS = ["add_memory", "read_memory", "delete_memory"]
NO_PINS = {"harness": {"memory": {"enabled": True, "tools": TOOLS}}}
PINS = {"harness": {"memory": {"enabled": True, "tools": TOOLS, "pinned": {"max_tokens": 200}}}}
MemoryFactory = Callable[..., Memory]


def _add_memory_schema(mem: Memory, agent: str) -> dict[str, Any]:
    return next(s.parameters for s in memory_specs(mem.config_for(agent)) if s.name == "add_memory")


def test_without_pinned_the_agent_is_not_offered_pin_and_a_pin_is_refused(make_memory: MemoryFactory) -> None:
    mem = make_memory(NO_PINS)
    assert "pin" not in _add_memory_schema(mem, ACCT.agent)["properties"]
    m = model(use("add_memory", summary="Never waive fees above 50 EUR", pin=True), say("ok"))
    Agent(mem, m).invoke(ACCT, user("pin the fee ruling"))
    assert "pin" not in m.calls[0].schemas["add_memory"]["properties"]  # what the model was shown
    [result] = m.calls[1].tool_results()
    assert result["error"]["type"] == "ValidationError" and result["error"]["field"] == "pin"
    assert "harness.memory.pinned" in result["error"]["message"]
    assert mem.list(ACCT) == [] and mem.pinned(ACCT) == []  # the refused call wrote nothing


def test_a_refused_pin_is_named_on_every_face_that_runs_the_tools(make_memory: MemoryFactory) -> None:
    """MCP and HTTP run the tools through ``ToolOps.call``: the same refusal, before anything is written."""
    mem = make_memory(NO_PINS)
    with mem.turn(ACCT) as t:
        ops = ToolOps(t)
        for pin in (True, False):
            with pytest.raises(ValidationError) as err:
                ops.call("add_memory", {"summary": "Never waive fees above 50 EUR", "pin": pin})
            assert err.value.field == "pin" and "harness.memory.pinned" in err.value.message
        with pytest.raises(ValidationError):
            ops.add_memory({"summary": "Never waive fees above 50 EUR", "pin": True})  # called directly
        rec = ops.call("add_memory", {"summary": "Fees above 50 EUR need a manager"})
        assert not rec.pinned
    assert [(r.summary, r.pinned) for r in mem.list(ACCT)] == [("Fees above 50 EUR need a manager", False)]


def test_with_pinned_the_agent_pins(make_memory: MemoryFactory) -> None:
    mem = make_memory(PINS)
    assert _add_memory_schema(mem, ACCT.agent)["properties"]["pin"]["type"] == "boolean"
    m = model(use("add_memory", summary="Never waive fees above 50 EUR", pin=True), say("ok"))
    Agent(mem, m).invoke(ACCT, user("pin the fee ruling"))
    [result] = m.calls[1].tool_results()
    assert result["pinned"] is True
    assert [r.summary for r in mem.pinned(ACCT)] == ["Never waive fees above 50 EUR"]


def test_an_update_naming_pinned_lets_the_agent_pin(make_memory: MemoryFactory) -> None:
    mem = make_memory()
    mem.configure(ACCT.agent, NO_PINS)
    assert "pin" not in _add_memory_schema(mem, ACCT.agent)["properties"]
    mem.configure(ACCT.agent, {"harness": {"memory": {"pinned": {"max_tokens": 300}}}}, update=True)
    assert "pin" in _add_memory_schema(mem, ACCT.agent)["properties"]
    assert mem.config_for(ACCT.agent).memory.pinned.max_tokens == 300
    mem.configure(ACCT.agent, {"harness": {"memory": {"enabled": False}}}, update=True)  # names no pinned
    assert mem.config_for(ACCT.agent).memory.pinned.by_agent


@pytest.mark.parametrize("config", [None, {}, {"managedMemoryConfiguration": {"strategies": ["SEMANTIC"]}},
                                    {"disabled": {}}], ids=["none", "engram", "agentcore", "agentcore-off"])
def test_engram_and_agentcore_shapes_keep_the_agents_pins(make_memory: MemoryFactory, config: Any) -> None:
    mem = make_memory(config)
    assert mem.config.memory.pinned.by_agent
    if not mem.config.memory.enabled:
        mem.configure(None, {"optionalValue": {"managedMemoryConfiguration": {}}})  # on again: pins as before
    assert "pin" in _add_memory_schema(mem, "bot")["properties"]
    scope = Scope("bot", "u1", "s1")
    with mem.turn(scope) as t:
        assert ToolOps(t).call("add_memory", {"summary": "Always answer in French", "pin": True}).pinned


def test_the_applications_pins_stay_allowed_and_listed(make_memory: MemoryFactory) -> None:
    """Without ``pinned`` the application still pins (the library, a turn), every turn lists the pin's summary
    and id, and the agent replacing a pinned record passes the pin on (a pin follows its fact)."""
    mem = make_memory(NO_PINS)
    ruling = mem.remember(ACCT, "Operator ruling: waive the 5 EUR fee", pin=True)
    with mem.turn(ACCT) as t:
        other = t.remember("Account 991: never call before 9", pin=True)
    assert {r.id for r in mem.pinned(ACCT)} == {ruling.id, other.id}
    m = model(use("add_memory", summary="Operator ruling: waive the 5 EUR fee twice a year", replaces=ruling.id),
              say("ok"))
    reply = Agent(mem, m).invoke(ACCT, user("the fee ruling changed"))
    assert ruling.id in m.calls[0].system and ruling.summary in m.calls[0].system
    assert other.id in m.calls[0].system and {r.id for r in reply.pinned} == {ruling.id, other.id}
    [result] = m.calls[1].tool_results()
    assert result["pinned"] is True and result["replaces"] == ruling.id
    assert {r.summary for r in mem.pinned(ACCT)} == {"Operator ruling: waive the 5 EUR fee twice a year",
                                                     other.summary}


def test_the_setting_round_trips_through_the_stored_configuration(make_memory: MemoryFactory) -> None:
    mem = make_memory()
    mem.configure("a", NO_PINS)
    mem.configure("b", PINS)
    mem.configure("c", {"harness": {"memory": {"enabled": True, "pinned": {"max_tokens": 90, "by_agent": False}}}})
    again = make_memory()  # the same database, read back from the store
    assert [again.config_for(a).memory.pinned.by_agent for a in ("a", "b", "c")] == [False, True, False]
    assert mem.config_history("a")[-1][2]["harness"]["memory"]["pinned"]["by_agent"] is False
