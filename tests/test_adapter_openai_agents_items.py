"""``EngramSession`` keeps the items the Agents SDK gives it exactly, as the SDK's own ``SQLiteSession`` does, even
with text engram cannot store as text (a NUL a model answered with, a lone surrogate); errors from
``add_items`` name the item (``items[1].call_id``), never engram's inner ``messages[1]``. engram's own
validation of the messages other callers send is unchanged. The real SDK on SQLite and PostgreSQL."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

pytest.importorskip("agents")

from agents import Agent, OpenAIChatCompletionsModel, Runner, SQLiteSession, set_tracing_disabled
from openai import AsyncOpenAI

from engram import Memory, Scope, ValidationError
from engram.adapters.openai_agents import EngramSession
from tests.support.wire import openai_chat, serve

set_tracing_disabled(True)  # the SDK would otherwise export traces to OpenAI

ADA = Scope("bot", "ada", "chat-1")
ODD: list[Any] = [  # items holding what engram stores as no text: NUL, a lone surrogate
    {"role": "user", "content": "a NUL \x00 here"},
    {"type": "message", "role": "assistant", "id": "msg_1", "status": "completed",
     "content": [{"type": "output_text", "text": "ends in NUL\x00", "annotations": []}]},
    {"type": "function_call", "call_id": "c1", "name": "lookup", "arguments": '{"q": "x\\u0000y"}'},
    {"type": "function_call_output", "call_id": "c1", "output": "found \x00 and \ud800"},
    {"role": "user", "content": "plain"},
]


def test_items_with_nul_round_trip_as_in_the_sdks_own_session(mem: Memory) -> None:
    ours, theirs = EngramSession(mem, ADA), SQLiteSession("chat-1")
    for session in (ours, theirs):
        asyncio.run(session.add_items(ODD[:2]))
        asyncio.run(session.add_items(ODD[2:]))
    assert asyncio.run(ours.get_items()) == asyncio.run(theirs.get_items()) == ODD
    assert asyncio.run(EngramSession(mem, ADA).get_items(limit=2)) == ODD[3:]
    assert asyncio.run(ours.pop_item()) == asyncio.run(theirs.pop_item()) == ODD[4]
    assert asyncio.run(ours.pop_item()) == ODD[3]
    # the text is indexed with U+FFFD in place of what cannot be stored; plain items stay plain objects
    assert [e.content for e in mem.events(ADA)] == ["a NUL \ufffd here", "ends in NUL\ufffd", ""]
    assert mem.events(ADA)[2].tool_calls[0].arguments == {"q": "x\ufffdy"}
    assert asyncio.run(ours.add_items([ODD[4]])) is None and mem.events(ADA)[-1].metadata == {
        "openai_agents_item": ODD[4]}
    # engram's own validation of the messages its other callers send is unchanged
    with pytest.raises(ValidationError) as exc:
        mem.append(ADA, [{"role": "user", "content": "bad \x00"}])
    assert exc.value.field == "messages[0].content"


def test_a_model_answering_with_nul_does_not_fail_the_run(mem: Memory) -> None:
    def run(session: Any) -> Any:
        async def go() -> Any:  # the client is closed on its own loop, never left for another test's to collect
            async with AsyncOpenAI(base_url=f"{server.url}/v1", api_key="test-key", max_retries=0) as client:
                agent = Agent(name="helper", model=OpenAIChatCompletionsModel(model="gpt-test", openai_client=client))
                return await Runner.run(agent, "Say it.", session=session)
        return asyncio.run(go())

    ours, theirs = EngramSession(mem, ADA), SQLiteSession("chat-1")
    with serve(openai_chat("odd \x00 answer"), openai_chat("odd \x00 answer")) as server:
        assert run(ours).final_output == run(theirs).final_output == "odd \x00 answer"
    assert asyncio.run(EngramSession(mem, ADA).get_items()) == asyncio.run(theirs.get_items())


@pytest.mark.parametrize("bad, field", [
    ({"type": "function_call", "call_id": "c" * 300, "name": "f", "arguments": "{}"}, "items[1].call_id"),
    ({"type": "function_call_output", "call_id": "c" * 300, "output": "x"}, "items[1].call_id"),
    ({"type": "function_call", "call_id": "c1", "name": "f" * 300, "arguments": "{}"}, "items[1].name"),
    ({"role": "user", "content": "hi", "extra": {"when": object()}}, "items[1].extra.when"),
    ({"role": "user", "content": 5}, "items[1].content"),
])
def test_add_items_errors_name_the_item_and_store_nothing(mem: Memory, bad: dict[str, Any], field: str) -> None:
    with pytest.raises(ValidationError) as exc:
        asyncio.run(EngramSession(mem, ADA).add_items([{"role": "user", "content": "fine"}, bad]))  # type: ignore[list-item]
    assert exc.value.field == field
    assert mem.events(ADA) == []
