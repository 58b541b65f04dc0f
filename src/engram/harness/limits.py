"""Turn limits and call purposes: what one invocation may spend, and on what it spent it.

A turn has limits (``maxIterations`` model calls, ``maxTokens`` input + output tokens, ``timeoutSeconds`` of
wall time; the AWS harness's names, snake_case accepted too) set on the :class:`~engram.harness.agent.Agent`
and per invocation. Every model call of the turn carries a purpose: ``reply`` (the agent loop),
``summarize`` (older messages summarized by a model) and ``memory`` (the turn-end memory review: "Each
review is a model call with purpose `memory` that counts against the turn's limits"). :class:`Meter` counts
calls and usage per purpose; :class:`TurnUsage` is ``Reply.usage`` broken down by purpose.

When the limits leave no room for the review, the review is deferred to a job (a pending extraction job
the worker runs), never silently dropped; a review that runs out of room half-way is kept the same way.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..errors import ModelError, ValidationError
from ..models.base import Completion, Message, Model, ToolSpec, Usage

PURPOSES = ("reply", "summarize", "memory")
_NAMES = {"maxIterations": "max_iterations", "maxTokens": "max_tokens", "timeoutSeconds": "timeout_seconds",
          "max_iterations": "max_iterations", "max_tokens": "max_tokens", "timeout_seconds": "timeout_seconds"}


class TurnLimitExceeded(ModelError):
    """A model call the turn's limits leave no room for; a memory review stopped by it becomes a job."""

    defer = True  # the engine keeps the extraction as a pending job


@dataclass(frozen=True, slots=True)
class Limits:
    """What one turn may spend; ``None`` is no limit."""

    max_iterations: int | None = None
    max_tokens: int | None = None
    timeout_seconds: float | None = None

    @classmethod
    def parse(cls, spec: object, field_name: str = "limits") -> Limits:
        """From ``None``, a :class:`Limits`, or a dict with AWS names (``maxIterations``, ``maxTokens``,
        ``timeoutSeconds``) or snake_case ones; bad values raise ValidationError naming the field."""
        if spec is None:
            return cls()
        if isinstance(spec, Limits):
            return spec
        if not isinstance(spec, Mapping):
            raise ValidationError("must be an object with maxIterations, maxTokens and/or timeoutSeconds",
                                  field=field_name)
        got: dict[str, Any] = {}
        for key, value in spec.items():
            name = _NAMES.get(key)
            if name is None:
                raise ValidationError("unknown limit (allowed: maxIterations, maxTokens, timeoutSeconds)",
                                      field=f"{field_name}.{key}")
            if value is None:
                continue
            if name == "timeout_seconds":
                ok = isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value) \
                    and 0 < value <= 86_400
                if not ok:
                    raise ValidationError("must be a number of seconds above 0 and at most 86400",
                                          field=f"{field_name}.{key}")
                got[name] = float(value)
            else:
                hi = 1_000 if name == "max_iterations" else 100_000_000
                if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= hi:
                    raise ValidationError(f"must be a whole number from 1 to {hi}", field=f"{field_name}.{key}")
                got[name] = value
        return cls(**got)

    def over(self, base: Limits) -> Limits:
        """These limits where set, ``base`` elsewhere (an invocation's limits over the agent's)."""
        return Limits(
            max_iterations=self.max_iterations if self.max_iterations is not None else base.max_iterations,
            max_tokens=self.max_tokens if self.max_tokens is not None else base.max_tokens,
            timeout_seconds=self.timeout_seconds if self.timeout_seconds is not None else base.timeout_seconds)


@dataclass(frozen=True, slots=True, eq=False)
class TurnUsage(Usage):
    """A turn's usage (the totals, as :class:`Usage`) broken down by purpose: ``by_purpose["memory"]``.

    Compares equal to a plain ``Usage`` with the same totals."""

    by_purpose: Mapping[str, Usage] = field(default_factory=dict)
    calls: Mapping[str, int] = field(default_factory=dict)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Usage):
            return NotImplemented
        same = (self.input_tokens, self.output_tokens) == (other.input_tokens, other.output_tokens)
        if isinstance(other, TurnUsage):
            return same and dict(self.by_purpose) == dict(other.by_purpose)
        return same

    def __hash__(self) -> int:
        return hash((self.input_tokens, self.output_tokens))

    def purpose(self, name: str) -> Usage:
        return self.by_purpose.get(name, Usage())


class Meter:
    """Counts one turn's model calls and tokens per purpose, against its limits."""

    def __init__(self, limits: Limits, *, clock: Callable[[], float] = time.monotonic) -> None:
        self.limits = limits
        self._clock = clock
        self._start = clock()
        self.calls: dict[str, int] = {}
        self.usage: dict[str, Usage] = {}

    def record(self, purpose: str, usage: Usage, calls: int = 1) -> None:
        self.calls[purpose] = self.calls.get(purpose, 0) + calls
        self.usage[purpose] = self.usage.get(purpose, Usage()) + usage

    @property
    def total_calls(self) -> int:
        return sum(self.calls.values())

    @property
    def total_tokens(self) -> int:
        return sum(u.input_tokens + u.output_tokens for u in self.usage.values())

    def elapsed(self) -> float:
        return self._clock() - self._start

    def exceeded(self, *, more_calls: int = 1) -> str | None:
        """Which limit the next ``more_calls`` model calls would break (``maxIterations``, ``maxTokens``,
        ``timeoutSeconds``), or None."""
        lim = self.limits
        if lim.max_iterations is not None and self.total_calls + more_calls > lim.max_iterations:
            return "maxIterations"
        if lim.max_tokens is not None and self.total_tokens >= lim.max_tokens:
            return "maxTokens"
        if lim.timeout_seconds is not None and self.elapsed() >= lim.timeout_seconds:
            return "timeoutSeconds"
        return None

    def usage_out(self) -> TurnUsage:
        total = Usage()
        for u in self.usage.values():
            total = total + u
        return TurnUsage(total.input_tokens, total.output_tokens, dict(self.usage), dict(self.calls))


class MeteredModel:
    """A model whose calls count for one purpose against a turn's meter; a call past the limits raises
    :class:`TurnLimitExceeded` instead of reaching the provider."""

    def __init__(self, inner: Model, meter: Meter, purpose: str) -> None:
        self.inner = inner
        self.meter = meter
        self.purpose = purpose
        self.model_id = inner.model_id

    def complete(self, messages: Sequence[Message], *, system: str | None = None, tools: Sequence[ToolSpec] = (),
                 json_schema: dict[str, Any] | None = None, max_tokens: int = 1024,
                 temperature: float = 0.0) -> Completion:
        reason = self.meter.exceeded()
        if reason is not None:
            raise TurnLimitExceeded(f"the turn's {reason} limit leaves no room for a {self.purpose} call",
                                    field=f"limits.{reason}")
        done = self.inner.complete(messages, system=system, tools=tools, json_schema=json_schema,
                                   max_tokens=max_tokens, temperature=temperature)
        self.meter.record(self.purpose, done.usage)
        return done
