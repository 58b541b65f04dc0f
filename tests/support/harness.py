"""A scripted stand-in for an agent's reply model: it calls tools in a given order and records what it saw."""

from __future__ import annotations

import itertools
import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from engram.models.base import Completion, Message, ToolSpec, Usage
from engram.types import ToolCall

_ids = itertools.count(1)


@dataclass
class Call:
    """What the model saw on one call."""

    messages: list[Message]
    system: str
    tools: list[str]
    schemas: dict[str, Any] = field(default_factory=dict)  # each offered tool's input schema, by name

    def tool_results(self) -> list[Any]:
        """JSON of the tool results after the last assistant tool-call message."""
        out: list[Any] = []
        for m in reversed(self.messages):
            if m.role != "tool":
                break
            out.insert(0, json.loads(m.content))
        return out


Step = Completion | Callable[[Call], Completion]


@dataclass
class Scripted:
    """A model that answers from a script: completions, or functions of what it was shown."""

    steps: list[Step]
    calls: list[Call] = field(default_factory=list)
    model_id: str = "scripted"

    def complete(self, messages: Sequence[Message], *, system: str | None = None, tools: Sequence[ToolSpec] = (),
                 json_schema: dict[str, Any] | None = None, max_tokens: int = 1024,
                 temperature: float = 0.0) -> Completion:
        call = Call(list(messages), system or "", [t.name for t in tools], {t.name: t.parameters for t in tools})
        self.calls.append(call)
        step: Step = self.steps.pop(0) if self.steps else Completion(text="done")
        return step(call) if callable(step) else step


def use(name: str, **args: Any) -> Completion:
    return Completion(tool_calls=(ToolCall(f"c{next(_ids)}", name, args),), usage=Usage(10, 3))


def say(text: str) -> Completion:
    return Completion(text=text, usage=Usage(10, 2))


def model(*steps: Step) -> Scripted:
    return Scripted(list(steps))


def user(text: str) -> list[dict[str, Any]]:
    return [{"role": "user", "content": text}]
