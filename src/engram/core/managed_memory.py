"""The managed-memory value, ``managedMemoryConfiguration``: one parser for every place that reads it.

The configuration loader (:mod:`engram.config_shapes`) and the AgentCore harness API
(:mod:`engram.agentcore.harness_spec`, CreateHarness / UpdateHarness) both take this value; both call
:func:`parse`, so a value one accepts the other accepts, and a bad one is refused on both with the same
:class:`~engram.errors.ConfigError` naming the same field. Defaults (what a managed memory runs when the value
is silent) live here too. Pure.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ..errors import ConfigError
from . import event_expiry
from .strategy_types import DEFAULTS, MANAGED, StrategyName

FIELDS = ("arn", "strategies", "eventExpiryDuration", "encryptionKeyArn")
# a harness's managed memory keeps events at most 365 days (HarnessManagedMemoryConfigurationEventExpiryDuration
# Integer); a memory made with CreateMemory may keep them up to event_expiry.MAX_DAYS
MAX_DAYS = 365
DEFAULT_STRATEGIES: tuple[StrategyName, ...] = DEFAULTS  # "semantic + summarization strategies"
DEFAULT_EXPIRY_DAYS = 30  # "30-day event expiry"
MEMORY_ARN = re.compile(r"arn:aws:bedrock-agentcore:[a-z0-9-]+:[0-9]{12}:memory/"
                        r"([a-zA-Z][a-zA-Z0-9-_]{0,99}-[a-zA-Z0-9]{10})")
KMS_ARN = re.compile(r"arn:aws(|-cn|-us-gov):kms:[a-zA-Z0-9-]*:[0-9]{12}:key/[a-zA-Z0-9-]{36}")


@dataclass(frozen=True)
class ManagedMemory:
    """What a managed-memory value names (None: not named). Its ``arn`` is read-only and ignored on input."""

    strategies: tuple[StrategyName, ...] | None = None
    event_expiry_days: int | None = None
    encryption_key_arn: str | None = None

    def as_value(self) -> dict[str, Any]:
        """The value as the AgentCore document spells it, with only what was named."""
        out: dict[str, Any] = {}
        if self.strategies is not None:
            out["strategies"] = list(self.strategies)
        if self.event_expiry_days is not None:
            out["eventExpiryDuration"] = self.event_expiry_days
        if self.encryption_key_arn is not None:
            out["encryptionKeyArn"] = self.encryption_key_arn
        return out


def parse(value: object, field: str = "managedMemoryConfiguration") -> ManagedMemory:
    """Check a ``managedMemoryConfiguration`` body; a :class:`ConfigError` naming the field under ``field``
    otherwise. ``strategies`` lists 1 to 4 managed types, each once; ``eventExpiryDuration`` is whole days, 3 to
    :data:`MAX_DAYS` (a harness's bound, under :mod:`engram.core.event_expiry`'s); ``encryptionKeyArn`` is a KMS key
    ARN; ``arn``, read-only and ignored, is still a memory ARN when given (the service model's rule, on both
    paths)."""
    if not isinstance(value, Mapping):
        raise ConfigError("must be an object", field=field)
    unknown = sorted(str(k) for k in value if k not in FIELDS)
    if unknown:
        raise ConfigError(f"unknown field; allowed: {', '.join(FIELDS)}", field=f"{field}.{unknown[0]}")
    strategies = _strategies(value.get("strategies"), f"{field}.strategies")
    days = None
    if value.get("eventExpiryDuration") is not None:
        days = value["eventExpiryDuration"]
        if isinstance(days, bool) or not isinstance(days, int) or not event_expiry.MIN_DAYS <= days <= MAX_DAYS:
            raise ConfigError(f"must be an integer number of days from {event_expiry.MIN_DAYS} to {MAX_DAYS}",
                              field=f"{field}.eventExpiryDuration")
    arn = value.get("arn")  # read-only and ignored, but still the service model's: a memory ARN
    if arn is not None and (not isinstance(arn, str) or not MEMORY_ARN.fullmatch(arn)):
        raise ConfigError("must be a memory ARN (it is read-only: leave it out)", field=f"{field}.arn")
    key = value.get("encryptionKeyArn")
    if key is not None and (not isinstance(key, str) or not KMS_ARN.fullmatch(key)):
        raise ConfigError("must be a KMS key ARN", field=f"{field}.encryptionKeyArn")
    return ManagedMemory(strategies=strategies, event_expiry_days=days, encryption_key_arn=key)


def _strategies(listed: object, field: str) -> tuple[StrategyName, ...] | None:
    if listed is None:
        return None
    if not isinstance(listed, list) or not 1 <= len(listed) <= len(MANAGED):
        raise ConfigError(f"must list 1 to {len(MANAGED)} strategy types", field=field)
    out: list[StrategyName] = []
    for i, name in enumerate(listed):
        known = next((m for m in MANAGED if m == name), None)
        if known is None:
            raise ConfigError(f"must be one of: {', '.join(MANAGED)}", field=f"{field}[{i}]")
        if known in out:
            raise ConfigError(f"names {known} twice (each strategy type at most once)", field=f"{field}[{i}]")
        out.append(known)
    return tuple(out)
