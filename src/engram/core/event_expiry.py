"""The one rule for ``eventExpiryDuration`` (days a memory keeps its events), as the AgentCore service model
states it for CreateMemory and UpdateMemory (botocore's ``bedrock-agentcore-control`` model:
``CreateMemoryInputEventExpiryDurationInteger`` and ``UpdateMemoryInputEventExpiryDurationInteger``, 3 to
3650). The configuration loader, the AgentCore control plane, CreateHarness's managed memory and the memory
registry all check this one rule. Pure."""

from __future__ import annotations

from ..errors import ValidationError

MIN_DAYS = 3
MAX_DAYS = 3650


def check_days(value: object, field: str = "eventExpiryDuration") -> int:
    """``value`` as a number of days within the rule; a ValidationError naming ``field`` otherwise."""
    if isinstance(value, bool) or not isinstance(value, int) or not MIN_DAYS <= value <= MAX_DAYS:
        raise ValidationError(f"must be an integer number of days from {MIN_DAYS} to {MAX_DAYS}", field=field)
    return value
