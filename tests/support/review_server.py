"""A loopback OpenAI-wire server that plays both models of a turn: the reply model (a tool call when asked to
"save", then text; slow when the conversation says "slow") and the memory model (one memory, "add" when
asked to consolidate). Usage figures are fixed, so tests can count a turn's tokens by purpose."""

from __future__ import annotations

import json
from typing import Any

from engram.models.openai import OpenAIModel
from tests.support.wire import Recorded, Reply, openai_chat


def play(req: Recorded) -> Any:
    """Reply calls: a tool call first when asked to "save", then text. Memory calls (structured): one
    memory, and "add" when asked to consolidate it against a stored neighbour."""
    body = req.json
    if "decisions" in json.dumps(body.get("response_format", {})):
        return openai_chat(json.dumps({"decisions": [{"candidate": 0, "action": "add", "target": None}]}),
                           prompt_tokens=40, completion_tokens=10)
    if "response_format" in body:
        mems = [{"summary": "Account 991 is frozen", "key": "account/status", "value": "frozen",
                 "category": "fact", "action": "assert", "multi_valued": False, "sources": [1],
                 "evidence": "frozen"}]
        return openai_chat(json.dumps({"memories": mems}), prompt_tokens=100, completion_tokens=30)
    last = body["messages"][-1]
    if last["role"] == "user" and "save" in last["content"] and "add_memory" in \
            {t["function"]["name"] for t in body.get("tools", [])}:
        args = json.dumps({"summary": "Saved by the tool"})
        return openai_chat(None, tool_calls=[("c1", "add_memory", args)], finish_reason="tool_calls",
                           prompt_tokens=20, completion_tokens=5)
    delay = 0.3 if "slow" in json.dumps(body["messages"]) else 0.0
    return Reply(200, openai_chat("Done.", prompt_tokens=10, completion_tokens=3), delay=delay)


def model_at(srv: Any, name: str) -> OpenAIModel:
    """An OpenAI model named ``name`` at the loopback server ``srv``, with no retries."""
    return OpenAIModel(name, base_url=f"{srv.url}/v1", api_key="sk-local", read_env=False, max_retries=0)
