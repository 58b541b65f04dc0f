"""AgentCore strategy names: a repeated name is blamed on the strategy that repeats it (the later one), with
the earlier one named, in CreateMemory and in UpdateMemory's addMemoryStrategies; nothing is written. Real
boto3 against the in-process server of ``tests.support.agentcore_world``."""

from __future__ import annotations

from typing import Any

import pytest

boto3 = pytest.importorskip("boto3")
from botocore.exceptions import ClientError  # noqa: E402

from tests.support.agentcore_world import CONTROL, World, fingerprint  # noqa: E402
from tests.support.agentcore_world import world as world  # noqa: E402  - the module's fixture


def _semantic(name: str) -> dict[str, Any]:
    return {"semanticMemoryStrategy": {"name": name}}


def _refused(world: World, call: Any, **params: Any) -> tuple[str, str]:
    """The message and fieldList name of a ValidationException; asserts nothing was written."""
    before = fingerprint(world.db)
    with pytest.raises(ClientError) as err:
        call(**params)
    resp = err.value.response
    assert resp["Error"]["Code"] == "ValidationException"
    assert fingerprint(world.db) == before
    return resp["Error"]["Message"], resp["fieldList"][0]["name"]


def test_create_memory_blames_the_repeat_not_the_first(world: World) -> None:
    ctl = world.client(CONTROL)
    message, name = _refused(world, ctl.create_memory, name="Twins", eventExpiryDuration=30,
                             memoryStrategies=[_semantic("a"), _semantic("b"), _semantic("a")])
    assert name == "memoryStrategies[2].name"
    assert message.startswith("memoryStrategies[2].name:") and "memoryStrategies[0]" in message


def test_update_memory_blames_the_repeat_within_the_added_list(world: World) -> None:
    ctl = world.client(CONTROL)
    message, name = _refused(world, ctl.update_memory, memoryId=world.control_id, memoryStrategies={
        "addMemoryStrategies": [_semantic("x"), _semantic("x")]})
    assert name == "memoryStrategies.addMemoryStrategies[1].name"
    assert "memoryStrategies.addMemoryStrategies[0]" in message


def test_update_memory_names_the_existing_strategy_an_added_one_repeats(world: World) -> None:
    ctl = world.client(CONTROL)
    message, name = _refused(world, ctl.update_memory, memoryId=world.control_id, memoryStrategies={
        "addMemoryStrategies": [_semantic("y"), _semantic("Facts")]})
    assert name == "memoryStrategies.addMemoryStrategies[1].name"
    assert "already exists in this memory" in message and world.strategy_id in message


def test_distinct_names_are_still_accepted(world: World) -> None:
    ctl = world.client(CONTROL)
    made = ctl.create_memory(name="Distinct", eventExpiryDuration=30,
                             memoryStrategies=[_semantic("a"), _semantic("b")])["memory"]
    assert sorted(s["name"] for s in made["strategies"]) == ["a", "b"]
