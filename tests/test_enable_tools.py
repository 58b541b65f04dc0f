"""An update that turns memory (or a history index) on offers the tools a whole configuration with it on would:
a harness-shaped agent whose memory was off gets ``search_memory`` once ``{"enabled": true}`` is applied with
``update=True``, as ``{"enabled": true}`` stored whole gives it; the tools it listed stay. An update turning nothing
on keeps the tools it lists as given. On real SQLite files and
PostgreSQL, through the configuration store, the harness and ``memory_specs`` (what HTTP and MCP list)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from engram import Memory, Scope
from engram.harness.agent import Agent
from engram.harness.tools import memory_specs
from tests.support.harness import model, say, user

MemoryFactory = Callable[..., Memory]
ON = {"harness": {"memory": {"enabled": True}}}


def _offered(mem: Memory, agent: str) -> list[str]:
    return [s.name for s in memory_specs(mem.config_for(agent))]


def _harness_tools(mem: Memory, agent: str) -> list[str]:
    m = model(say("ok"))
    Agent(mem, m).invoke(Scope(agent, "u1", "s1"), user("hello"))
    return sorted(m.calls[0].tools)


@pytest.mark.parametrize("off", [[{"harness": {"memory": {"enabled": False}}}], [{"harness": {}}],
                                 [{"harness": {"memory": {"enabled": True, "tools": ["add_memory"]}}},
                                  {"harness": {"memory": {"enabled": False}}}]],
                         ids=["enabled-false", "silent", "tools-listed-then-off"])
def test_turning_memory_on_by_update_offers_what_a_whole_config_does(make_memory: MemoryFactory,
                                                                     off: list[dict[str, Any]]) -> None:
    """``off``: a whole configuration, then the updates that turn its memory off (keeping its tools)."""
    mem = make_memory()
    for i, doc in enumerate(off):
        mem.configure("updated", doc, update=i > 0)
    assert "search_memory" not in _offered(mem, "updated")
    mem.configure("updated", ON, update=True)
    listed = off[0]["harness"].get("memory", {}).get("tools", [])
    mem.configure("whole", {"harness": {"memory": {"enabled": True, **({"tools": listed} if listed else {})}}})
    assert mem.config_for("updated").memory.enabled
    assert "search_memory" in _offered(mem, "updated")
    assert _offered(mem, "updated") == _offered(mem, "whole")
    assert _harness_tools(mem, "updated") == _harness_tools(mem, "whole")
    assert make_memory().config_for("updated").memory.tools == mem.config_for("updated").memory.tools  # stored


def test_turning_the_history_index_on_by_update_offers_search_history(make_memory: MemoryFactory) -> None:
    mem = make_memory()
    mem.configure("updated", ON)
    assert "search_history" not in _offered(mem, "updated")
    mem.configure("updated", {"harness": {"history": {"index": "messages"}}}, update=True)
    mem.configure("whole", {**ON, "harness": {**ON["harness"], "history": {"index": "messages"}}})
    assert "search_history" in _offered(mem, "updated")
    assert _offered(mem, "updated") == _offered(mem, "whole")
    assert _harness_tools(mem, "updated") == _harness_tools(mem, "whole")


def test_an_update_that_lists_tools_or_turns_nothing_on_keeps_them(make_memory: MemoryFactory) -> None:
    mem = make_memory()
    mem.configure("a", {"harness": {"memory": {"enabled": True, "tools": ["add_memory"]}}})
    before = mem.config_for("a").memory.tools
    mem.configure("a", {"harness": {"memory": {"kinds": ["fact", "rule"]}}}, update=True)
    assert mem.config_for("a").memory.tools == before
    mem.configure("a", {"harness": {"memory": {"tools": ["read_memory"]}}}, update=True)
    assert mem.config_for("a").memory.tools == ("read_memory",)  # listed, nothing turned on: taken as given
    mem.configure("a", {"harness": {"memory": {"enabled": False}}}, update=True)
    mem.configure("a", {"harness": {"memory": {"enabled": True, "tools": ["add_memory"]}}}, update=True)
    assert mem.config_for("a").memory.tools == before  # turned on: as the whole configuration it started from
    mem.configure("b", {})  # engram's own shape: every tool, off and on again unchanged
    mem.configure("b", {"disabled": {}})
    mem.configure("b", {"optionalValue": {"managedMemoryConfiguration": {}}})
    assert _offered(mem, "b") == _offered(mem, "never-configured")
