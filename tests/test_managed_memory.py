"""The managed-memory value has one parser (issue 29.4): the configuration loader and the AgentCore harness API
accept the same values and refuse the same ones with the same typed error naming the same field."""

from __future__ import annotations

from typing import Any

import pytest

from engram.agentcore import harness_spec as spec
from engram.config import load_config
from engram.core import managed_memory
from engram.errors import ConfigError

KMS = "arn:aws:kms:us-west-2:123456789012:key/12345678-1234-1234-1234-123456789012"

BAD: list[tuple[dict[str, Any], str, str]] = [
    ({"strategies": ["SEMANTIC", "SEMANTIC"]}, "strategies[1]", "twice"),
    ({"strategies": ["SEMANTIC", "USER_PREFERENCE", "SEMANTIC"]}, "strategies[2]", "twice"),
    ({"strategies": []}, "strategies", "1 to 4"),
    ({"strategies": ["CUSTOM"]}, "strategies[0]", "one of: SEMANTIC, SUMMARIZATION, USER_PREFERENCE, EPISODIC"),
    ({"strategies": "SEMANTIC"}, "strategies", "1 to 4"),
    ({"eventExpiryDuration": 2}, "eventExpiryDuration", "from 3 to 365"),
    ({"eventExpiryDuration": 366}, "eventExpiryDuration", "from 3 to 365"),  # a harness's bound, not CreateMemory's
    ({"eventExpiryDuration": "60"}, "eventExpiryDuration", "integer"),
    ({"encryptionKeyArn": "not-a-key"}, "encryptionKeyArn", "KMS key ARN"),
    ({"strategy": ["SEMANTIC"]}, "strategy", "unknown field"),
]


def _config_error(value: Any, wrapped: bool) -> ConfigError:
    doc = {"managedMemoryConfiguration": value}
    with pytest.raises(ConfigError) as err:
        load_config({"memory": {"optionalValue": doc} if wrapped else doc})
    return err.value


def _harness_error(value: Any, wrapped: bool) -> ConfigError:
    doc = {"managedMemoryConfiguration": value}
    with pytest.raises(ConfigError) as err:
        if wrapped:
            spec.memory_update({"optionalValue": doc})
        else:
            spec.memory(doc)
    return err.value


@pytest.mark.parametrize("wrapped", [False, True])
@pytest.mark.parametrize(("value", "field", "rule"), BAD)
def test_a_bad_managed_value_is_refused_alike_on_both_paths(value: dict[str, Any], field: str, rule: str,
                                                             wrapped: bool) -> None:
    where = "memory.optionalValue.managedMemoryConfiguration" if wrapped else "memory.managedMemoryConfiguration"
    from_config, from_harness = _config_error(value, wrapped), _harness_error(value, wrapped)
    assert from_config.field == from_harness.field == f"{where}.{field}"
    assert from_config.message == from_harness.message and rule in from_config.message


@pytest.mark.parametrize("value", [
    {},
    {"strategies": ["SEMANTIC"]},
    {"strategies": ["EPISODIC", "USER_PREFERENCE", "SUMMARIZATION", "SEMANTIC"], "eventExpiryDuration": 365},
    {"eventExpiryDuration": 3, "encryptionKeyArn": KMS,
     "arn": "arn:aws:bedrock-agentcore:us-west-2:123456789012:memory/ignored_on_input-abcdef1234"},
])
def test_a_good_managed_value_is_read_alike_on_both_paths(value: dict[str, Any]) -> None:
    got = spec.memory({"managedMemoryConfiguration": value})["managedMemoryConfiguration"]
    assert got == managed_memory.parse(value).as_value()
    cfg = load_config({"memory": {"managedMemoryConfiguration": value}})
    types = [s.type for s in cfg.memory.strategies]
    assert types == got.get("strategies", list(managed_memory.DEFAULT_STRATEGIES))
    assert cfg.harness.history.event_expiry_days == got.get("eventExpiryDuration", managed_memory.DEFAULT_EXPIRY_DAYS)
    assert cfg.memory.encryption_key_arn == got.get("encryptionKeyArn")


def test_a_doubled_strategy_changes_nothing_in_a_stored_configuration(make_memory: Any) -> None:
    mem = make_memory()
    before = mem.config_for("bot").to_dict()
    with pytest.raises(ConfigError) as err:
        mem.configure("bot", {"managedMemoryConfiguration": {"strategies": ["SUMMARIZATION", "SUMMARIZATION"]}})
    assert err.value.field == "managedMemoryConfiguration.strategies[1]"
    assert mem.config_for("bot").to_dict() == before
