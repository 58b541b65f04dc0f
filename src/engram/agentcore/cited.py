"""The harness's model sees record ids as the AgentCore API shows them (``mem-…``), not engram's (``r_…``).

InvokeHarness runs engram's agent loop, whose memory block and memory tools name records by engram id. A
user of the AgentCore API knows records by their ``memoryRecordId``; a model that cites a record should cite
that. :class:`CitingModel` wraps the harness's model at the model boundary: every engram record id in what
the model is sent (system prompt, messages, earlier tool calls) becomes its AgentCore id, and every
AgentCore record id in the tool calls the model makes goes back to engram's, so the memory tools resolve
it. The model's text stays as the model wrote it (the user reads the AgentCore ids).
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any

from ..models.base import Model
from ..types import Completion, Message, ToolCall, ToolSpec
from . import ids
from .errors import AwsError

_ENGRAM = re.compile(r"\br_[0-9a-f]{23}\b")
_AWS = re.compile(r"\bmem-r_[0-9a-f]{23}-[0-9a-f]{12,}\b")


def to_aws(text: str) -> str:
    return _ENGRAM.sub(lambda m: ids.record_id_out(m.group(0)), text)


def to_engram(text: str) -> str:
    def back(m: re.Match[str]) -> str:
        try:
            return ids.record_id_in(m.group(0))
        except AwsError:
            return m.group(0)  # not an id engram issued: left for the tool to refuse

    return _AWS.sub(back, text)


def _args(arguments: dict[str, Any], how: Callable[[str], str]) -> dict[str, Any]:
    out: dict[str, Any] = json.loads(how(json.dumps(arguments)))
    return out


def _call(call: ToolCall, how: Callable[[str], str]) -> ToolCall:
    return replace(call, arguments=_args(call.arguments, how))


class CitingModel:
    """A model wrapper translating record ids between engram's and the AgentCore API's (see the module)."""

    def __init__(self, inner: Model) -> None:
        self.inner = inner
        self.model_id = inner.model_id

    def complete(self, messages: Sequence[Message], *, system: str | None = None, tools: Sequence[ToolSpec] = (),
                 json_schema: dict[str, Any] | None = None, max_tokens: int = 1024,
                 temperature: float = 0.0) -> Completion:
        sent = [replace(m, content=to_aws(m.content), tool_calls=tuple(_call(c, to_aws) for c in m.tool_calls))
                for m in messages]
        out = self.inner.complete(sent, system=to_aws(system) if system else system, tools=tools,
                                  json_schema=json_schema, max_tokens=max_tokens, temperature=temperature)
        return replace(out, tool_calls=tuple(_call(c, to_engram) for c in out.tool_calls))

    def __getattr__(self, name: str) -> Any:  # anything else a model offers (limits, metering) is the inner's
        return getattr(self.inner, name)
