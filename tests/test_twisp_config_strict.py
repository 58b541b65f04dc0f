"""The Twisp shape keeps memory off unless ``"enabled": true`` ("With `harness.memory.enabled`, an agent keeps
durable facts it learns as memory records"), and a setting that would then do nothing is refused naming the field,
never stored unused: ``strategies`` without ``enabled`` no longer switch memory on. ``"enabled": false`` keeps such
settings for later, in a whole document and in an update, so turning memory on again restores them. Real SQLite
files, through ``Memory.open(...).configure`` and ``load_config``."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from engram import Memory
from engram.config import load_config
from engram.embedders import HashingEmbedder
from engram.errors import ConfigError

VALUES: dict[str, Any] = {"strategies": [{"type": "SEMANTIC"}], "tools": ["add_memory"],
                          "model": "openai:gpt-4o-mini", "extraction": {"every": "turn"}}
ON_WITH_ALL = {"harness": {"memory": {"enabled": True, "strategies": [{"type": "SEMANTIC"}],
                                      "tools": ["add_memory", "read_memory"], "model": "openai:gpt-4o-mini",
                                      "extraction": {"every": {"messages": 4}}}}}


@pytest.fixture
def mem(tmp_path: Path) -> Any:
    m = Memory.open(f"sqlite:///{tmp_path / 'strict.db'}", embedder=HashingEmbedder())
    yield m
    m.close()


def _memory(doc: dict[str, Any]) -> dict[str, Any]:
    return {"harness": {"memory": doc}}


def _refused(mem: Memory, agent: str, doc: dict[str, Any], field: str, *, update: bool = False) -> None:
    """``doc`` is refused naming ``field``, by ``configure`` (storing nothing) and by ``load_config``."""
    version, history = mem.config_version(agent), mem.config_history(agent)
    with pytest.raises(ConfigError) as err:
        mem.configure(agent, doc, update=update)
    assert err.value.field == field, err.value
    assert mem.config_version(agent) == version and mem.config_history(agent) == history
    with pytest.raises(ConfigError) as again:
        load_config(doc, base=mem.config_for(agent), update=update)
    assert again.value.field == field


def test_strategies_without_enabled_are_refused_not_switched_on(mem: Memory, tmp_path: Path) -> None:
    mem.configure("tw", _memory({"enabled": True}))
    doc = _memory({"strategies": [{"type": "SEMANTIC"}]})
    _refused(mem, "tw", doc, "harness.memory.strategies")
    _refused(mem, "never-configured", doc, "harness.memory.strategies")
    assert mem.config_history("never-configured") == []
    with pytest.raises(ConfigError) as err:
        Memory.open(f"sqlite:///{tmp_path / 'other.db'}", embedder=HashingEmbedder(), config=doc)
    assert err.value.field == "harness.memory.strategies"
    mem.configure("tw", _memory({"enabled": True, "strategies": [{"type": "SEMANTIC"}]}))
    assert mem.config_for("tw").memory.enabled and [s.type for s in mem.config_for("tw").memory.strategies] == [
        "SEMANTIC"]
    assert not load_config(_memory({"strategies": []})).memory.enabled  # an empty list asks for nothing


@pytest.mark.parametrize("name", list(VALUES))
def test_what_only_enabled_memory_does_is_refused_without_enabled_and_kept_beside_false(mem: Memory,
                                                                                         name: str) -> None:
    mem.configure("tw", _memory({"enabled": True}))
    _refused(mem, "tw", _memory({name: VALUES[name]}), f"harness.memory.{name}")
    assert mem.config_for("tw").memory.enabled
    mem.configure("off", _memory({"enabled": False, name: VALUES[name]}))  # kept for later
    assert not mem.config_for("off").memory.enabled and _kept(mem, "off", name)
    # (a model needs something to extract with it: the review, which an update turning memory on names)
    mem.configure("off", _memory({"enabled": True, "extraction": {"review": True}}), update=True)
    assert mem.config_for("off").memory.enabled and _kept(mem, "off", name)


def _kept(mem: Memory, agent: str, name: str) -> bool:
    """Whether ``VALUES[name]`` is what the agent's stored configuration holds."""
    memory = mem.config_for(agent).memory
    return {"strategies": [s.type for s in memory.strategies] == ["SEMANTIC"], "tools": "add_memory" in memory.tools,
            "model": memory.model == VALUES["model"], "extraction": memory.extraction.every == "turn"}[name]


def test_tools_offered_with_memory_off_may_be_listed(mem: Memory) -> None:
    """``search_history`` and ``retrieve_result`` work with memory off: listing them is not an unused setting."""
    doc = {"harness": {"memory": {"enabled": False, "tools": ["search_history", "retrieve_result"]},
                       "history": {"index": "messages"}}}
    mem.configure("tw", doc)
    assert not mem.config_for("tw").memory.enabled
    assert set(mem.config_for("tw").memory.tools) == {"search_history", "retrieve_result"}
    mem.configure("silent", _memory({"tools": ["retrieve_result"]}))
    assert mem.config_for("silent").memory.tools == ("retrieve_result",)


def test_an_update_turning_memory_off_keeps_the_rest_for_turning_it_on_again(mem: Memory) -> None:
    mem.configure("tw", ON_WITH_ALL)
    on = mem.config_for("tw").memory
    mem.configure("tw", _memory({"enabled": False}), update=True)
    off = mem.config_for("tw").memory
    assert not off.enabled and (off.strategies, off.tools, off.model, off.extraction) == (
        on.strategies, on.tools, on.model, on.extraction)
    # an update silent on ``enabled`` changes what is stored, memory staying off (AgentCore's memory updates)
    mem.configure("tw", _memory({"strategies": [{"type": "SEMANTIC"}, {"type": "SUMMARIZATION"}]}), update=True)
    assert not mem.config_for("tw").memory.enabled
    mem.configure("tw", _memory({"enabled": True}), update=True)
    again = mem.config_for("tw").memory
    assert again.enabled and (again.tools, again.model, again.extraction) == (on.tools, on.model, on.extraction)
    assert [s.type for s in again.strategies] == ["SEMANTIC", "SUMMARIZATION"]
    # the AgentCore shape's off switch over it is unchanged
    mem.configure("tw", {"disabled": {}}, update=True)
    assert not mem.config_for("tw").memory.enabled and mem.config_for("tw").memory.tools == on.tools


def test_an_update_turning_memory_on_gets_the_review_when_it_names_it(mem: Memory) -> None:
    """A stored review-off cannot say whether it was written or defaulted, so an update turning memory on keeps
    it; naming ``"review": true`` beside ``"enabled": true`` gives what a whole ``{"enabled": true}`` does."""
    mem.configure("whole", _memory({"enabled": True}))
    mem.configure("tw", _memory({"enabled": False}))
    mem.configure("tw", _memory({"enabled": True, "extraction": {"review": True}}), update=True)
    assert mem.config_for("tw").memory.extraction.review is mem.config_for("whole").memory.extraction.review is True
    assert set(mem.config_for("tw").memory.tools) == set(mem.config_for("whole").memory.tools)
