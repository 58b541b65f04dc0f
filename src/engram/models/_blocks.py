"""Content-block conversations, shared by the Anthropic Messages and Bedrock Converse clients.

Both APIs want system text apart and alternating user/assistant messages of content blocks, consecutive
messages of one role merged, and answer with a list of text and tool-use blocks; a JSON answer is forced
through one extra tool. Only the shape of a block differs, so each client passes its block builders and
an :class:`AnswerShape`.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from ..errors import ModelOutputError, ValidationError
from ..types import ToolCall
from ._http import call_id, json_answer, tool_history_text
from .base import Message

Block = dict[str, Any]

#: The tool a JSON answer is forced through; its input is the answer.
JSON_TOOL = "json_answer"
JSON_TOOL_DESCRIPTION = "Give your answer: a JSON object matching the input schema."


#: What stands for an answer that is not there, between tool results and the user's next words, where the API
#: takes no message holding both (:func:`block_messages`'s ``results_apart``).
NO_ANSWER = "(no answer)"


def block_messages(messages: Sequence[Message], *, system: str | None, structured: bool,
                   text: Callable[[str], list[Block]], tool_result: Callable[[Message], Block],
                   tool_use: Callable[[ToolCall], Block],
                   results_apart: Callable[[Block], bool] | None = None) -> tuple[list[str], list[dict[str, Any]]]:
    """System texts (the call's own ``system`` first) and the block messages. Without tools offered
    (``structured`` false), the history's tool calls and results are rendered as text, since both APIs
    refuse tool blocks without a tool config.

    ``results_apart`` tells a tool-result block, for an API that refuses a user message holding tool results and
    other blocks (Bedrock Converse: "Conversation blocks and tool result blocks cannot be provided in the same
    turn"). Tool results are followed by the user's words only where the answer between them is empty (a model
    that answered nothing after its tools, which the history keeps as an empty message, and no API takes an empty
    text block); merged, the two would make one such message. There an assistant message saying
    :data:`NO_ANSWER` keeps them apart, as the empty answer did in the history."""
    texts: list[str] = [system] if system else []
    out: list[dict[str, Any]] = []

    def add(role: str, blocks: list[Block]) -> None:
        if not blocks:
            return
        if out and out[-1]["role"] == role:
            if results_apart is None or not any(map(results_apart, out[-1]["content"])) \
                    or any(map(results_apart, blocks)):
                out[-1]["content"].extend(blocks)
                return
            out.append({"role": "assistant", "content": text(NO_ANSWER)})
        out.append({"role": role, "content": blocks})

    for i, m in enumerate(messages):
        if m.role == "system":
            if m.content:
                texts.append(m.content)
        elif m.role == "tool":
            if not structured:
                add("user", text(tool_history_text(m)))
                continue
            if not m.tool_call_id:
                raise ValidationError("a tool message needs tool_call_id", field=f"messages[{i}].tool_call_id")
            add("user", [tool_result(m)])
        elif m.role == "user":
            add("user", text(m.content))
        elif m.role == "assistant":
            if m.tool_calls and not structured:
                add("assistant", text(tool_history_text(m)))
                continue
            add("assistant", text(m.content) + [tool_use(c) for c in m.tool_calls])
        else:
            raise ValidationError(f"unknown role {m.role!r}", field=f"messages[{i}].role")
    return texts, out


@dataclass(frozen=True)
class AnswerShape:
    """Where one API's answer blocks keep their text and tool calls.

    ``text`` gives a block's text (used when it is a string); ``tool_use`` its tool call's fields, with
    ``name``, ``input`` and the id under ``id_key`` (used when a dict). ``label`` names a tool-use block in
    errors; a call without an id gets one of ours, ``id_prefix`` and the block's index first (:func:`call_id`).
    """

    text: Callable[[Block], object]
    tool_use: Callable[[Block], object]
    label: str
    id_key: str
    id_prefix: str


def block_answer(content: Sequence[object], shape: AnswerShape, *, provider: str, want_json: bool
                 ) -> tuple[str, tuple[ToolCall, ...]]:
    """The answer's text (its text blocks joined) and tool calls. With ``want_json`` the text is the forced
    :data:`JSON_TOOL` call's input as JSON text, else, when no other tool was called, the text checked to be
    one JSON object; a tool-use block without a name or an object input is a ModelOutputError."""
    texts: list[str] = []
    calls: list[ToolCall] = []
    answer: str | None = None
    for i, block in enumerate(content):
        if not isinstance(block, dict):
            continue
        text, use = shape.text(block), shape.tool_use(block)
        if isinstance(text, str):
            texts.append(text)
        elif isinstance(use, dict):
            name, args, given = use.get("name"), use.get("input"), use.get(shape.id_key)
            if not isinstance(name, str) or not isinstance(args, dict):
                raise ModelOutputError(
                    f"{provider}: {shape.label} block {i} has no name or its input is not an object",
                    field=f"content[{i}]",
                )
            if want_json and name == JSON_TOOL:
                answer = json.dumps(args, ensure_ascii=False)
            else:
                calls.append(ToolCall(id=call_id(given, shape.id_prefix, i), name=name, arguments=args))
    text = "".join(texts)
    if want_json:
        if answer is not None:
            text = answer
        elif not calls:
            text = json_answer(text, provider)
    return text, tuple(calls)
