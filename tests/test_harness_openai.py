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
from tests.support.configs import MEMORY_ON
from tests.support.provider_rules import openai_refusal
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


# the window these tests are about: the Twisp shape summarizes older messages unless told otherwise
SLIDING = {"context": {"truncation": {"strategy": "sliding_window"}}}


def test_agent_over_openai_wire(make_memory: Callable[..., Memory]) -> None:
    mem = make_memory({"harness": {"memory": {**MEMORY_ON, "scope": {"read": ["session", "actor"],
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
    mem = make_memory({"harness": {"history": {"messagesCount": validate.MAX_LIMIT}, **SLIDING}})
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


# -- the sliding window over the wire ----------------------------------------------------------------------
# What the model received, compactly: ("user", text), ("assistant", text, call ids), ("tool", call id, text).

def _seen(msgs: list[dict[str, Any]]) -> list[tuple[Any, ...]]:
    assert msgs[0]["role"] == "system"
    out: list[tuple[Any, ...]] = []
    for m in msgs[1:]:
        if m["role"] == "assistant":
            out.append(("assistant", m.get("content") or "", tuple(c["id"] for c in m.get("tool_calls") or ())))
        elif m["role"] == "tool":
            out.append(("tool", m["tool_call_id"], m["content"]))
        else:
            out.append((m["role"], m["content"]))
    return out


def _valid_for_openai(msgs: list[dict[str, Any]]) -> None:
    """OpenAI's rules (tests.support.provider_rules): every assistant tool call answered right after it, every
    tool message answering a call of the assistant message it follows."""
    refused = openai_refusal({"messages": msgs})
    assert refused is None, refused.body


def _lookup_tool(ran: list[Any]) -> Any:
    from engram.harness.tools import Tool
    from engram.models.base import ToolSpec

    def lookup(args: dict[str, Any]) -> str:
        ran.append(args["n"])
        return f"item {args['n']}"

    return Tool(ToolSpec("lookup", "Look an item up.", {"type": "object", "properties": {"n": {}},
                                                         "required": ["n"]}), lookup)


def _exchange(ids: list[str]) -> list[tuple[Any, ...]]:
    return [("assistant", "", tuple(ids)), *[("tool", i, f"item {i}") for i in ids]]


def _local_model(srv: Any) -> OpenAIModel:
    return OpenAIModel("m", base_url=f"{srv.url}/v1", api_key="sk-local-test", read_env=False, max_retries=0)


def test_300_tool_calls_in_one_turn_keep_the_question_and_whole_exchanges(make_memory: Callable[..., Memory]
                                                                           ) -> None:
    """The default sliding window (40 messages) over a turn in which the model makes 300 tool calls.

    In one message: an exchange (the call message and its results) counts as two messages, as the seed
    document's harness counts them, so the model's next call gets the question and all 300 calls and results.
    Over 30 steps of 10 calls: the turn alone is 61 messages; every call the model makes gets its question and
    the newest exchanges that fit (19: 1 + 19 * 2 = 39; a 20th would make 41), never a result without its
    call; the next turn keeps those 19 exchanges and the answer, the question of the turn before gone."""
    mem = make_memory({"harness": {"history": {"messagesCount": validate_max()}, **SLIDING}})
    ran: list[Any] = []
    step = [0]

    def model(req: Recorded) -> dict[str, Any]:
        msgs = req.json["messages"]
        last = msgs[-1]
        if last["role"] == "user" and last["content"] == "all at once":
            return openai_chat(None, tool_calls=[(f"a{i}", "lookup", json.dumps({"n": f"a{i}"})) for i in range(300)],
                               finish_reason="tool_calls")
        if (last["role"] == "user" and last["content"] == "ten at a time") or (last["role"] == "tool" and step[0]):
            if step[0] == 30:
                return openai_chat("looked up 300")
            s, step[0] = step[0], step[0] + 1
            return openai_chat(None, tool_calls=[(f"s{s}_{j}", "lookup", json.dumps({"n": f"s{s}_{j}"}))
                                                 for j in range(10)], finish_reason="tool_calls")
        if last["role"] == "tool":
            return openai_chat(f"looked up {sum(m['role'] == 'tool' for m in msgs)}")
        return openai_chat(f"{len(msgs)} messages seen")

    with serve(handler=model) as srv:
        agent = Agent(mem, _local_model(srv), tools=[_lookup_tool(ran)], max_steps=31)  # the default window
        one = Scope(agent="barista", actor="bob", session="one-message")
        assert agent.invoke(one, [{"role": "user", "content": "all at once"}]).text == "looked up 300"
        assert _seen(srv.requests[1].json["messages"]) == [
            ("user", "all at once"), *_exchange([f"a{i}" for i in range(300)])]
        agent.invoke(one, [{"role": "user", "content": "and now?"}])
        assert _seen(srv.requests[2].json["messages"]) == [
            ("user", "all at once"), *_exchange([f"a{i}" for i in range(300)]), ("assistant", "looked up 300", ()),
            ("user", "and now?")]

        first = len(srv.requests)
        steps = Scope(agent="barista", actor="bob", session="many-steps")
        reply = agent.invoke(steps, [{"role": "user", "content": "ten at a time"}])
        assert reply.text == "looked up 300" and reply.tool_calls == 300 and len(ran) == 600
        after = agent.invoke(steps, [{"role": "user", "content": "and now?"}])
    calls = [r.json["messages"] for r in srv.requests[first:]]
    assert len(calls) == 32
    for msgs in srv.requests:
        _valid_for_openai(msgs.json["messages"])

    def ids(s: int) -> list[str]:
        return [f"s{s}_{j}" for j in range(10)]

    for k, msgs in enumerate(calls[:31]):  # call k follows k exchanges: the question and the newest 19 of them
        assert _seen(msgs) == [("user", "ten at a time"),
                               *[m for s in range(max(0, k - 19), k) for m in _exchange(ids(s))]], k
    assert len(calls[30]) == 1 + 1 + 19 * 11  # the system prompt, the question, 19 calls and 190 results
    # the next turn: older turns go first; the turn before keeps its question and its last 18 exchanges (the
    # 19th gives up its place to the question: a conversation never starts with an answer)
    assert _seen(calls[31]) == [("user", "ten at a time"), *[m for s in range(12, 30) for m in _exchange(ids(s))],
                                ("assistant", "looked up 300", ()), ("user", "and now?")]
    assert after.text == f"{len(calls[31])} messages seen"


def validate_max() -> int:
    from engram.core import validate

    return validate.MAX_LIMIT


def _seed_history(mem: Memory, scope: Scope, turns: int) -> list[tuple[Any, ...]]:
    """``turns`` earlier turns, each a question, two lookups in one message and their results, and an answer;
    as :func:`_seen`. The window counts each turn as four messages (the two results as one)."""
    seen: list[tuple[Any, ...]] = []
    for t in range(turns):
        ids = [f"h{t}a", f"h{t}b"]
        mem.append(scope, [{"role": "user", "content": f"question {t}"},
                           {"role": "assistant", "content": "", "tool_calls": [
                               {"id": i, "name": "lookup", "arguments": {"n": i}} for i in ids]},
                           *[{"role": "tool", "content": f"item {i}", "tool_call_id": i, "name": "lookup"}
                             for i in ids],
                           {"role": "assistant", "content": f"answer {t}"}])
        seen += [("user", f"question {t}"), *_exchange(ids), ("assistant", f"answer {t}", ())]
    return seen


def _one_lookup(req: Recorded) -> dict[str, Any]:
    msgs = req.json["messages"]
    if msgs[-1]["role"] == "tool":
        return openai_chat(f"it is {msgs[-1]['content']}")
    return openai_chat(None, tool_calls=[("now", "lookup", json.dumps({"n": "now"}))], finish_reason="tool_calls")


def test_a_long_history_goes_oldest_first_and_pairs_stay_whole(make_memory: Callable[..., Memory]) -> None:
    """30 earlier turns (150 events, 120 messages as the window counts them) and a turn with one lookup, at
    the default window of 40: each call gets this turn's question and exchange, then the newest earlier
    messages that fit, cut between whole exchanges (an earlier call never arrives without its result)."""
    mem = make_memory({"harness": {"history": {"messagesCount": validate_max()}, **SLIDING}})
    scope = Scope(agent="barista", actor="bob", session="long")
    history = _seed_history(mem, scope, 30)
    ran: list[Any] = []
    with serve(handler=_one_lookup) as srv:
        reply = Agent(mem, _local_model(srv), tools=[_lookup_tool(ran)]).invoke(
            scope, [{"role": "user", "content": "what is now?"}])
    assert reply.text == "it is item now" and ran == ["now"]
    first, second = (r.json["messages"] for r in srv.requests)
    for msgs in (first, second):
        _valid_for_openai(msgs)
    turn_21_on = history[21 * 5:]  # 9 whole turns: 36 messages as the window counts them
    # 1 (the question) + 36 + answer 20 + the exchange of turn 20 (2) = 40, but a window never starts with an
    # answer: the exchange gives up its place to question 20 (39)
    assert _seen(first) == [("user", "question 20"), ("assistant", "answer 20", ()), *turn_21_on,
                            ("user", "what is now?")]
    # 3 (the question and its exchange) + 36 + answer 20 = 40; answer 20 without its question goes (39)
    assert _seen(second) == [*turn_21_on, ("user", "what is now?"), *_exchange(["now"])]


def test_no_truncation_sends_the_whole_history(make_memory: Callable[..., Memory]) -> None:
    """``truncation: none`` is unchanged: the same long history reaches the model whole, in order."""
    mem = make_memory({"harness": {"history": {"messagesCount": validate_max()}, **SLIDING}})
    scope = Scope(agent="barista", actor="bob", session="whole")
    history = _seed_history(mem, scope, 30)
    with serve(handler=_one_lookup) as srv:
        Agent(mem, _local_model(srv), tools=[_lookup_tool([])], truncation="none").invoke(
            scope, [{"role": "user", "content": "what is now?"}])
    first, second = (r.json["messages"] for r in srv.requests)
    assert _seen(first) == [*history, ("user", "what is now?")]
    assert _seen(second) == [*history, ("user", "what is now?"), *_exchange(["now"])]
    _valid_for_openai(second)


def _summary_of(msgs: list[dict[str, Any]]) -> str | None:
    system = msgs[0]["content"]
    if "<summary>" not in system:
        return None
    return str(system[system.index("<summary>"):system.index("</summary>")])


def test_summarization_keeps_the_question_of_a_long_turn_and_whole_exchanges(make_memory: Callable[..., Memory]
                                                                             ) -> None:
    """``summarization`` at ``messagesCount`` 8 and ``keepLast`` 6 over two earlier turns (10 events) and a turn
    of 6 steps of 3 lookups (4 messages each). Call k follows k exchanges: from the third call on, the last 6
    messages cut into the exchange before the newest, so the cut moves back to its call; and it falls after the
    question, which stays word for word before the two newest exchanges, while the earlier turns and the
    turn's older exchanges are in the summary. Before, the question went into the summary with them."""
    mem = make_memory()
    scope = Scope(agent="barista", actor="bob", session="summarized")
    history = _seed_history(mem, scope, 2)
    step = [0]

    def model(req: Recorded) -> dict[str, Any]:
        if step[0] == 6:
            return openai_chat("looked up 18")
        s, step[0] = step[0], step[0] + 1
        return openai_chat(None, tool_calls=[(f"t{s}_{j}", "lookup", json.dumps({"n": f"t{s}_{j}"}))
                                             for j in range(3)], finish_reason="tool_calls")

    ran: list[Any] = []
    with serve(handler=model) as srv:
        reply = Agent(mem, _local_model(srv), tools=[_lookup_tool(ran)],
                      truncation={"strategy": "summarization", "messagesCount": 8, "keepLast": 6}).invoke(
            scope, [{"role": "user", "content": "look up six"}])
    assert reply.text == "looked up 18" and len(ran) == 18
    calls = [r.json["messages"] for r in srv.requests]
    assert len(calls) == 7
    for msgs in calls:
        _valid_for_openai(msgs)

    def ex(s: int) -> list[tuple[Any, ...]]:
        return _exchange([f"t{s}_{j}" for j in range(3)])

    question = ("user", "look up six")
    # the first two calls: the cut falls before the question (as before): the oldest turn, then the first turn
    assert _seen(calls[0]) == [*history[5:], question]
    assert _seen(calls[1]) == [("user", "question 1"), history[-1], question, *ex(0)]  # the answer's question
    for k in range(2, 7):  # the question, then the two newest exchanges; everything older summarised
        assert _seen(calls[k]) == [question, *ex(k - 2), *ex(k - 1)], k
    for k, msgs in enumerate(calls):
        summary = _summary_of(msgs)
        assert summary is not None and "look up six" not in summary, k
        # the summary keeps its newest lines within its budget: from call 5 the oldest turn's first lines go
        assert ("question 0" in summary) == (k < 5) and ("earlier lines omitted" in summary) == (k >= 5), k
        assert ("question 1" in summary) == (2 <= k < 6) and ("answer 1" in summary) == (k >= 2), k
        for s in range(6):  # the turn's exchanges older than the two newest are summarised, call and results
            assert (f"item t{s}_2" in summary) == (s < k - 2), (k, s)
            assert (f'"n": "t{s}_0"' in summary) == (s < k - 2), (k, s)


@pytest.mark.parametrize("width", [4, 60])
def test_history_loads_back_to_the_call_of_an_exchange_the_count_cuts(make_memory: Callable[..., Memory],
                                                                      width: int) -> None:
    """A history of 20 events: the 20th newest event is the second-to-last result of an earlier
    exchange of ``width`` lookups. The load extends back to that exchange's call (reading wider slices, twice
    for 60), so the model receives the call and all its results, and to that turn's question, so the
    conversation starts with it: ``width`` events over the count; nothing older. Before, the two results loaded
    without their call and were dropped as orphans: none of the exchange reached the model."""
    mem = make_memory({"harness": {"history": {"messagesCount": 20}, **SLIDING}})
    scope = Scope(agent="barista", actor="bob", session=f"cut-{width}")
    ids = [f"w{i}" for i in range(width)]
    mem.append(scope, [{"role": "user", "content": "hello"}, {"role": "assistant", "content": "hi"}])
    mem.append(scope, [{"role": "user", "content": "look them up"},
                       {"role": "assistant", "content": "", "tool_calls": [
                           {"id": i, "name": "lookup", "arguments": {"n": i}} for i in ids]},
                       *[{"role": "tool", "content": f"item {i}", "tool_call_id": i, "name": "lookup"}
                         for i in ids],
                       {"role": "assistant", "content": f"found {width}"}])
    later = _seed_history(mem, scope, 3)
    mem.append(scope, [{"role": "user", "content": "ok"}, {"role": "assistant", "content": "noted"}])
    loaded = mem.events(scope, limit=20)
    assert loaded[0].role == "tool" and loaded[0].tool_call_id == f"w{width - 2}"  # the count cuts the exchange
    with serve(handler=_one_lookup) as srv:
        Agent(mem, _local_model(srv), tools=[_lookup_tool([])]).invoke(
            scope, [{"role": "user", "content": "what is now?"}])
    first = srv.requests[0].json["messages"]
    _valid_for_openai(first)
    assert _seen(first) == [("user", "look them up"), *_exchange(ids), ("assistant", f"found {width}", ()), *later,
                            ("user", "ok"), ("assistant", "noted", ()), ("user", "what is now?")]
    assert len(first) - 2 == 20 + 1 + width - 2 + 1  # less the system prompt and the new question


def test_history_drops_results_that_follow_no_call(make_memory: Callable[..., Memory]) -> None:
    """A session whose oldest events are tool results without a call (nothing older to load): they are left
    out of the history, so a summary does not carry them either; the rest arrives as stored."""
    mem = make_memory({"harness": {"history": {"messagesCount": 5}, **SLIDING}})
    scope = Scope(agent="barista", actor="bob", session="orphans")
    mem.append(scope, [{"role": "tool", "content": "item x", "tool_call_id": "x", "name": "lookup"},
                       {"role": "tool", "content": "item y", "tool_call_id": "y", "name": "lookup"},
                       {"role": "user", "content": "hello"}, {"role": "assistant", "content": "hi"}])
    with serve(handler=_one_lookup) as srv:
        Agent(mem, _local_model(srv), tools=[_lookup_tool([])],
              truncation={"strategy": "summarization", "messagesCount": 1, "keepLast": 1}).invoke(
            scope, [{"role": "user", "content": "what is now?"}])
    first = srv.requests[0].json["messages"]
    assert _seen(first) == [("user", "what is now?")]
    assert _summary_of(first) == "<summary>\n[user] hello\n[assistant] hi\n"
