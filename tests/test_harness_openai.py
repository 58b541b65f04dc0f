"""End to end: the harness drives the OpenAI-compatible provider against a loopback server playing a model.

The server is a real HTTP server on 127.0.0.1 speaking the chat-completions wire format; its "model"
decides from each request what to do: save a preference with ``add_memory``, then (next turn) answer from
the memory block it was sent, or search memory when asked something the block does not hold.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest

from engram import Memory, Scope
from engram.errors import ValidationError
from engram.harness.agent import Agent
from engram.models.base import Usage
from engram.models.openai import OpenAIModel
from tests.support.wire import Recorded, openai_chat, serve

S = Scope(agent="barista", actor="bob", session="morning")


def play(req: Recorded) -> dict[str, Any]:
    """A model in four lines: answer after tool results, save preferences, quote memory, else search."""
    body = req.json
    msgs = body["messages"]
    system, last = msgs[0]["content"], msgs[-1]
    assert msgs[0]["role"] == "system" and "<memory>" in system and "never instructions" in system
    tools = {t["function"]["name"] for t in body.get("tools", [])}
    if last["role"] == "tool":
        return openai_chat(f"Done: {last['content']}", prompt_tokens=30, completion_tokens=8)
    text = last["content"]
    if text.startswith("I prefer") and "add_memory" in tools:
        args = json.dumps({"summary": f"Bob prefers {text.removeprefix('I prefer ').rstrip('.')}",
                           "scope": "actor", "kind": "guidance"})
        return openai_chat(None, tool_calls=[("call_a", "add_memory", args)], finish_reason="tool_calls",
                           prompt_tokens=25, completion_tokens=12)
    block = system[system.index("<memory>"):]
    if "Bob prefers" in block:
        line = next(ln for ln in block.splitlines() if "Bob prefers" in ln)
        return openai_chat(f"From memory: {json.loads(line)['summary']}", prompt_tokens=40, completion_tokens=6)
    return openai_chat(None, tool_calls=[("call_s", "search_memory", json.dumps({"query": text}))],
                       finish_reason="tool_calls")


def test_agent_over_openai_wire(make_memory: Callable[..., Memory]) -> None:
    mem = make_memory({"harness": {"memory": {"scope": {"read": ["session", "actor"],
                                                        "write": ["session", "actor"]}},
                                   "history": {"index": "messages"}}})  # the Twisp shape's default is none
    with serve(handler=play) as srv:
        model = OpenAIModel("barista-1", base_url=f"{srv.url}/v1", api_key="sk-local-test", read_env=False,
                            max_retries=0)
        agent = Agent(mem, model)
        first = agent.invoke(S, [{"role": "user", "content": "I prefer oat milk."}])
        later = Scope(agent="barista", actor="bob", session="afternoon")
        second = agent.invoke(later, [{"role": "user", "content": "The usual milk, please"}])

    assert first.text.startswith("Done: ") and json.loads(first.text[6:])["summary"] == "Bob prefers oat milk"
    assert first.usage == Usage(55, 20) and first.model_calls == 2
    [rec] = mem.list(later)
    assert rec.summary == "Bob prefers oat milk" and rec.level == "actor" and rec.kind == "guidance"
    assert second.text == "From memory: Bob prefers oat milk"
    assert [h.record.id for h in second.recalled if h.record] == [rec.id]
    # It reached the first turn's second call (recalled while pending) and the second turn's only call.
    assert sorted((u.turn_id, u.call_index) for u in mem.uses(later, rec.id)) == \
        sorted([(first.turn_id, 1), (second.turn_id, 0)])

    # What went over the wire: the memory tools as functions, the tool call and its result in order.
    first_req, after_tool = srv.requests[0].json, srv.requests[1].json
    names = {t["function"]["name"] for t in first_req["tools"]}
    assert {"add_memory", "read_memory", "delete_memory", "search_memory", "search_history",
            "retrieve_result"} <= names
    assert [m["role"] for m in after_tool["messages"]] == ["system", "user", "assistant", "tool"]
    assert after_tool["messages"][3]["tool_call_id"] == "call_a"
    assert [e.role for e in mem.events(S)] == ["user", "assistant", "tool", "assistant"]


def test_a_model_that_makes_more_tool_calls_than_a_caller_may_send(make_memory: Callable[..., Memory]) -> None:
    """``validate.MAX_TOOL_CALLS`` bounds what a caller appends, not what the harness records of its model: the
    seed document's harness saves the conversation, tool calls included, on every invocation. A model that
    answers with 300 tool calls in one message has each of them run and stored: one assistant event carrying the
    300 calls, 300 tool results, the final answer; the next turn loads that history back and sends it whole
    (a window and a history long enough to hold it: the default sliding window keeps the last 40 messages)."""
    from engram.core import validate
    from engram.harness.tools import Tool
    from engram.models.base import ToolSpec

    many = validate.MAX_TOOL_CALLS + 44
    mem = make_memory({"harness": {"history": {"messagesCount": validate.MAX_LIMIT}}})
    ran: list[int] = []

    def lookup(args: dict[str, Any]) -> str:
        ran.append(args["n"])
        return f"item {args['n']}"

    def model(req: Recorded) -> dict[str, Any]:
        msgs = req.json["messages"]
        if msgs[-1]["role"] == "tool":
            return openai_chat(f"looked up {sum(m['role'] == 'tool' for m in msgs)}")
        if msgs[-1]["content"] == "look them all up":
            return openai_chat(None, tool_calls=[(f"call_{i}", "lookup", json.dumps({"n": i})) for i in range(many)],
                               finish_reason="tool_calls")
        return openai_chat(f"{len(msgs)} messages seen")

    spec = ToolSpec("lookup", "Look an item up.", {"type": "object", "properties": {"n": {"type": "integer"}},
                                                    "required": ["n"]})
    with serve(handler=model) as srv:
        agent = Agent(mem, OpenAIModel("m", base_url=f"{srv.url}/v1", api_key="sk-local-test", read_env=False,
                                       max_retries=0), tools=[Tool(spec, lookup)], truncation="none")
        reply = agent.invoke(S, [{"role": "user", "content": "look them all up"}])
        assert reply.text == f"looked up {many}" and reply.tool_calls == many and ran == list(range(many))
        events = mem.events(S, limit=validate.MAX_LIMIT)
        assert [e.role for e in events] == ["user", "assistant", *["tool"] * many, "assistant"]
        assert [c.id for c in events[1].tool_calls] == [f"call_{i}" for i in range(many)]
        assert [e.tool_call_id for e in events[2:-1]] == [f"call_{i}" for i in range(many)]
        after = agent.invoke(S, [{"role": "user", "content": "and now?"}])
    sent = srv.requests[-1].json["messages"]  # system, the 303 events, the new question
    assert len(sent) == many + 5 and len(sent[2]["tool_calls"]) == many and after.text == f"{many + 5} messages seen"
    # a caller still may not send such a message: the bound is the caller's
    with pytest.raises(ValidationError) as err:
        mem.append(S, [{"role": "assistant", "content": "", "tool_calls": [
            {"id": f"c{i}", "name": "lookup", "arguments": {}} for i in range(many)]}])
    assert err.value.field == "messages[0].tool_calls" and str(validate.MAX_TOOL_CALLS) in err.value.message
