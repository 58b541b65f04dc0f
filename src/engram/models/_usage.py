"""Token usage read from a provider's answer.

Every API reports a ``usage`` object, each with its own counter names; reading it one way means a missing,
null or malformed counter counts 0 for every provider alike, and never fails a call whose tokens were spent.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from .base import Usage


def int_field(value: object) -> int:
    """A token count from a usage object: ints only, anything else counts as 0."""
    return value if isinstance(value, int) and not isinstance(value, bool) else 0


def wire_usage(data: Mapping[str, Any], inputs: Sequence[str], output: str) -> Usage:
    """The answer's ``usage`` object as a Usage: the ``inputs`` counters summed (an API that counts cache
    reads and writes apart still spent them as input), the ``output`` counter as the output tokens."""
    raw = data.get("usage")
    counters: Mapping[str, Any] = raw if isinstance(raw, dict) else {}
    return Usage(sum(int_field(counters.get(name)) for name in inputs), int_field(counters.get(output)))
