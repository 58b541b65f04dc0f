"""The harness against local servers that refuse what each provider's API refuses in a conversation.

Every test runs the real :class:`~engram.harness.agent.Agent` and the real model client (OpenAI chat completions,
Anthropic Messages, Bedrock Converse) against a loopback server that first checks the request with that provider's
rules (:mod:`tests.support.provider_rules`: roles, order, tool pairing, empty blocks, ids) and answers the service's
own 400 when one breaks, else plays a scripted model. The situations are those where a history is cut or rebuilt:
a long session under a small sliding window, summarization, a turn of many tool calls, offloaded tool results, a
session resumed by a new agent, a token budget, answers with no text, and a failed model call. Each test asserts
that every turn succeeded, that the server refused nothing, and what the model received.
"""

from __future__ import annotations

import itertools
import json
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

import pytest

from engram import Memory, Scope
from engram.errors import ModelError
from engram.harness.agent import Agent
from engram.harness.tools import Tool
from engram.models._blocks import NO_ANSWER
from engram.models.anthropic import AnthropicModel
from engram.models.base import Message, Model, ToolSpec
from engram.models.bedrock import BedrockModel
from engram.models.openai import OpenAIModel
from tests.support import provider_rules as rules
from tests.support.wire import (
    FakeServer,
    Recorded,
    Reply,
    anthropic_error,
    anthropic_message,
    bedrock_converse,
    bedrock_error,
    openai_chat,
    openai_error,
    serve,
)

PROVIDERS = ("openai", "anthropic", "bedrock")
S = Scope(agent="clerk", actor="ada", session="s1")


# -- what the scripted model sees and says, whatever the wire ---------------------------------------------------

@dataclass
class Seen:
    """The end of a conversation as the model reads it: the user's words, the tool results, the tools offered."""

    question: str | None
    results: list[str]
    tools: list[str]


#: (text or None, tool calls as (name, arguments))
Answer = tuple[str | None, list[tuple[str, dict[str, Any]]]]
Script = Callable[[Seen], Answer]


def _openai_seen(body: dict[str, Any]) -> Seen:
    msgs = body["messages"]
    results = list(itertools.takewhile(lambda m: m["role"] == "tool", reversed(msgs)))
    question = None if results or msgs[-1]["role"] != "user" else msgs[-1]["content"]
    return Seen(question, [m["content"] for m in reversed(results)],
                [t["function"]["name"] for t in body.get("tools", [])])


def _anthropic_seen(body: dict[str, Any]) -> Seen:
    last = body["messages"][-1]["content"]
    texts = [b["text"] for b in last if b["type"] == "text"]
    return Seen("\n".join(texts) if texts else None,
                [b.get("content", "") for b in last if b["type"] == "tool_result"],
                [t["name"] for t in body.get("tools", [])])


def _bedrock_seen(body: dict[str, Any]) -> Seen:
    last = body["messages"][-1]["content"]
    texts = [b["text"] for b in last if "text" in b]
    return Seen("\n".join(texts) if texts else None,
                [b["toolResult"]["content"][0]["text"] for b in last if "toolResult" in b],
                [t["toolSpec"]["name"] for t in body.get("toolConfig", {}).get("tools", [])])


def _openai_reply(text: str | None, calls: list[tuple[str, str, dict[str, Any]]]) -> dict[str, Any]:
    return openai_chat(text, tool_calls=[(i, n, json.dumps(a)) for i, n, a in calls],
                       finish_reason="tool_calls" if calls else "stop")


def _anthropic_reply(text: str | None, calls: list[tuple[str, str, dict[str, Any]]]) -> dict[str, Any]:
    return anthropic_message(text, tool_uses=calls, stop_reason="tool_use" if calls else "end_turn")


def _bedrock_reply(text: str | None, calls: list[tuple[str, str, dict[str, Any]]]) -> dict[str, Any]:
    return bedrock_converse(text, tool_uses=calls, stop_reason="tool_use" if calls else "end_turn")


@dataclass(frozen=True)
class Wire:
    """One provider: its rules, how a request reads to the script, how an answer is written, its client, and the
    error it answers when overloaded."""

    refusal: rules.Refusal
    seen: Callable[[dict[str, Any]], Seen]
    reply: Callable[[str | None, list[tuple[str, str, dict[str, Any]]]], dict[str, Any]]
    client: Callable[[str], Model]
    id_prefix: str
    overloaded: Callable[[], Reply]


WIRES = {
    "openai": Wire(rules.openai_refusal, _openai_seen, _openai_reply,
                   lambda url: OpenAIModel("gpt-test", base_url=f"{url}/v1", api_key="sk-local-test", read_env=False,
                                           max_retries=0),
                   "call_", lambda: Reply(500, openai_error("The server had an error.", type_="server_error"))),
    "anthropic": Wire(rules.anthropic_refusal, _anthropic_seen, _anthropic_reply,
                      lambda url: AnthropicModel("claude-test", base_url=url, api_key="sk-ant-local", read_env=False,
                                                 max_retries=0),
                      "toolu_", lambda: Reply(529, anthropic_error("overloaded_error", "Overloaded"))),
    "bedrock": Wire(rules.bedrock_refusal, _bedrock_seen, _bedrock_reply,
                    lambda url: BedrockModel("anthropic.claude-test-v1:0", region="eu-west-3", endpoint_url=url,
                                             access_key_id="AKIDLOCAL", secret_access_key="local-secret",
                                             read_env=False, max_retries=0),
                    "tooluse_", lambda: bedrock_error(503, "ServiceUnavailableException", "Service unavailable")),
}


@dataclass
class Run:
    """A server playing ``script`` behind one provider's rules: what it received and what it refused."""

    wire: Wire
    server: FakeServer
    refused: list[Reply] = field(default_factory=list)

    @property
    def bodies(self) -> list[dict[str, Any]]:
        return [r.json for r in self.server.requests]

    def model(self) -> Model:
        return self.wire.client(self.server.url)


@contextmanager
def provider(name: str, script: Script) -> Iterator[Run]:
    """A loopback server enforcing ``name``'s rules, then answering as ``script`` says (tool call ids unique across
    the session, as the services make them). A turn asking "boom" gets the provider's overloaded error on its first
    call; one asking "late boom", once its tool results come back."""
    wire = WIRES[name]
    ids = itertools.count(1)

    def answer(req: Recorded) -> Reply | dict[str, Any]:
        seen = wire.seen(req.json)
        asked = questions_sent(req.json)[-1]
        if (asked == "boom" and not seen.results) or (asked == "late boom" and seen.results):
            return wire.overloaded()
        text, calls = script(seen)
        return wire.reply(text, [(f"{wire.id_prefix}{next(ids)}", n, a) for n, a in calls])

    refused: list[Reply] = []
    with serve(handler=rules.enforcing(wire.refusal, answer, refused)) as srv:
        yield Run(wire, srv, refused)


def looker(steps: int, per_step: int = 1, *, final: str | None = "done") -> Script:
    """A model that answers each question by calling ``lookup`` ``per_step`` times in one message, ``steps``
    messages in a row (no text beside the calls), then answers ``final`` and the question (``None``: an empty
    answer). Offered no tools (a summary call, a step past ``max_steps``), it answers in text."""
    state: dict[str, Any] = {"step": 0, "question": ""}

    def script(seen: Seen) -> Answer:
        if not seen.tools:
            return "without tools", []
        if seen.question is not None and seen.question != state["question"]:  # a new question, maybe behind results
            state.update(step=0, question=seen.question)
        if state["step"] < steps:
            s = state["step"]
            state["step"] += 1
            return None, [("lookup", {"n": f"{state['question'][:12]}/{s}.{j}"}) for j in range(per_step)]
        return (None if final is None else f"{final}: {state['question']}"), []

    return script


def lookup_tool(size: int = 0) -> Tool:
    """``lookup``: a short result, or one of ``size`` words (to be offloaded)."""
    def run(args: dict[str, Any]) -> str:
        return " ".join(f"word{i}" for i in range(size)) if size else f"item {args['n']}"

    return Tool(ToolSpec("lookup", "Look an item up.", {"type": "object", "properties": {"n": {"type": "string"}},
                                                        "required": ["n"]}), run)


def ask(agent: Agent, text: str, scope: Scope = S) -> str:
    return agent.invoke(scope, [{"role": "user", "content": text}]).text


def assert_clean(run: Run) -> None:
    """The server refused nothing, and (checked again here) every request it received keeps the rules."""
    assert run.refused == [], run.refused[0].body
    assert rules.first_problem(run.wire.refusal, run.bodies) is None


def questions_sent(body: dict[str, Any]) -> list[str]:
    """The user's words in a request, whatever the wire (tool results left out)."""
    out: list[str] = []
    for m in body["messages"]:
        if m["role"] != "user":
            continue
        content = m["content"]
        if isinstance(content, str):
            out.append(content)
        else:
            out += [b["text"] for b in content if "text" in b and b.get("type", "text") == "text"]
    return out


# -- the rules themselves ----------------------------------------------------------------------------------------

def test_the_rules_refuse_what_each_service_refuses() -> None:
    """Each rule, on the smallest conversation that breaks it; a well-formed one passes."""
    call = {"id": "c1", "type": "function", "function": {"name": "f", "arguments": "{}"}}
    assert rules.openai_refusal({"messages": [{"role": "assistant", "content": "hi"},
                                              {"role": "user", "content": "q"}]}) is None
    orphan = rules.openai_refusal({"messages": [{"role": "user", "content": "q"},
                                                {"role": "tool", "tool_call_id": "c1", "content": "r"}]})
    unanswered = rules.openai_refusal({"messages": [{"role": "user", "content": "q"},
                                                    {"role": "assistant", "content": None, "tool_calls": [call]},
                                                    {"role": "user", "content": "q2"}]})
    assert orphan is not None and orphan.status == 400 and orphan.body["error"]["param"] == "messages.[1].role"
    assert unanswered is not None and "did not have response messages: c1" in unanswered.body["error"]["message"]

    use = {"type": "tool_use", "id": "t1", "name": "f", "input": {}}
    result = {"type": "tool_result", "tool_use_id": "t1", "content": "r"}
    text = {"type": "text", "text": "q"}
    assert rules.anthropic_refusal({"messages": [{"role": "assistant", "content": [text]},
                                                 {"role": "user", "content": [text]}]}) is None
    for msgs, words in [
        ([{"role": "user", "content": [text]}, {"role": "assistant", "content": [use]},
          {"role": "user", "content": [text, result]}], "without `tool_result` blocks immediately after"),
        ([{"role": "user", "content": [result]}], "unexpected `tool_use_id`"),
        ([{"role": "user", "content": []}, {"role": "assistant", "content": [text]}], "non-empty content"),
        ([{"role": "user", "content": [{"type": "text", "text": " "}]}], "text content blocks must be non-empty"),
        ([{"role": "user", "content": [text]}, {"role": "assistant", "content": [use]},
          {"role": "user", "content": [result]}, {"role": "assistant", "content": [use]}], "ids must be unique"),
    ]:
        got = rules.anthropic_refusal({"messages": msgs})
        assert got is not None and got.status == 400 and words in got.body["error"]["message"], words

    b_use = {"toolUse": {"toolUseId": "u1", "name": "f", "input": {}}}
    b_result = {"toolResult": {"toolUseId": "u1", "content": [{"text": "r"}]}}
    tools = {"toolConfig": {"tools": []}}
    assert rules.bedrock_refusal({**tools, "messages": [{"role": "user", "content": [{"text": "q"}]},
                                                        {"role": "assistant", "content": [b_use]},
                                                        {"role": "user", "content": [b_result]}]}) is None
    for body, words in [
        ({"messages": [{"role": "assistant", "content": [{"text": "a"}]}]}, "must start with a user message"),
        ({"messages": [{"role": "user", "content": [{"text": "a"}]}] * 2}, "must alternate"),
        ({"messages": [{"role": "user", "content": [{"text": " "}]}]}, "messages.0.content.0 is blank"),
        ({"messages": [{"role": "user", "content": [{"text": "q"}]}, {"role": "assistant", "content": [b_use]},
                       {"role": "user", "content": [b_result]}]}, "toolConfig field must be defined"),
        ({**tools, "messages": [{"role": "user", "content": [{"text": "q"}]},
                                {"role": "assistant", "content": [b_use]},
                                {"role": "user", "content": [b_result, {"text": "q2"}]}]},
         "Conversation blocks and tool result blocks cannot be provided in the same turn"),
        ({**tools, "messages": [{"role": "user", "content": [{"text": "q"}]},
                                {"role": "assistant", "content": [b_use]},
                                {"role": "user", "content": [{"text": "q2"}]}]},
         "Expected toolResult blocks at messages.2.content for the following Ids: u1"),
        ({**tools, "messages": [{"role": "user", "content": [b_result]}]}, "exceeds the number of toolUse"),
        ({**tools, "messages": [{"role": "user", "content": [{"text": "q"}]},
                                {"role": "assistant", "content": [{"toolUse": {"toolUseId": "a.b", "name": "f",
                                                                               "input": {}}}]}]},
         "regular expression pattern"),
    ]:
        got = rules.bedrock_refusal(body)
        assert got is not None and got.status == 400 and words in got.body["message"], words
        assert got.headers["x-amzn-ErrorType"].startswith("ValidationException")


# -- the harness under each provider's rules ---------------------------------------------------------------------

@pytest.mark.parametrize("name", PROVIDERS)
def test_a_long_session_under_a_small_sliding_window(make_memory: Callable[..., Memory], name: str) -> None:
    """Eight turns, each a lookup then an answer, under a sliding window of 3 messages: earlier turns are cut
    wherever the count ends (after an answer, a call, a result), and every request still keeps the provider's
    rules, holds the current question and ends with it or with this turn's results."""
    mem = make_memory()
    with provider(name, looker(1)) as run:
        agent = Agent(mem, run.model(), tools=[lookup_tool()],
                      truncation={"strategy": "sliding_window", "messagesCount": 3})
        for t in range(8):
            assert ask(agent, f"question {t}") == f"done: question {t}"
    assert_clean(run)
    assert len(run.bodies) == 16
    for k, body in enumerate(run.bodies):
        assert questions_sent(body)[-1] == f"question {k // 2}", k
        assert questions_sent(body)[0] in (f"question {k // 2 - 1}", f"question {k // 2}"), k  # older turns cut


@pytest.mark.parametrize("name", PROVIDERS)
def test_summarization_of_a_session_with_tool_exchanges(make_memory: Callable[..., Memory], name: str) -> None:
    """Six turns of two lookups in one message each, summarised past 4 messages down to the last 2 (the model
    writing the summaries): the kept messages start where the provider accepts a conversation to start, and the
    summary call itself is a valid conversation too."""
    mem = make_memory()
    with provider(name, looker(1, per_step=2)) as run:
        agent = Agent(mem, run.model(), tools=[lookup_tool()], summarizer="model",
                      truncation={"strategy": "summarization", "messagesCount": 4, "keepLast": 2})
        for t in range(6):
            assert ask(agent, f"question {t}") == f"done: question {t}"
    assert_clean(run)
    summaries = [b for b in run.bodies if not run.wire.seen(b).tools]
    assert summaries, "the model was asked to summarise"
    turns = [b for b in run.bodies if run.wire.seen(b).tools]
    assert len(turns) == 12 and all(questions_sent(b)[-1] == f"question {k // 2}" for k, b in enumerate(turns))


@pytest.mark.parametrize("name", PROVIDERS)
def test_a_turn_of_many_tool_calls_outgrows_the_window(make_memory: Callable[..., Memory], name: str) -> None:
    """The model asks for three lookups at a time, six messages in a row, under a window of 5: the turn alone
    outgrows it, so each call gets the question and the newest exchanges; the next turn starts over that history."""
    mem = make_memory()
    with provider(name, looker(6, per_step=3)) as run:
        agent = Agent(mem, run.model(), tools=[lookup_tool()], max_steps=10,
                      truncation={"strategy": "sliding_window", "messagesCount": 5})
        assert ask(agent, "look up eighteen") == "done: look up eighteen"
        assert ask(agent, "and now?") == "done: and now?"
    assert_clean(run)
    assert len(run.bodies) == 14
    assert all(questions_sent(b)[-1] == "look up eighteen" for b in run.bodies[:7])


@pytest.mark.parametrize("name", PROVIDERS)
def test_offloaded_tool_results_then_a_resumed_session(make_memory: Callable[..., Memory], name: str) -> None:
    """Tool results over the offload threshold become stubs (this turn a preview, later turns a note); a new agent
    on a reopened memory, loading a history of 5 events that cuts an exchange, carries on the session."""
    config = {"harness": {"context": {"offload_threshold_tokens": 60, "preview_tokens": 10},
                          "history": {"messagesCount": 5}}}
    with provider(name, looker(2, per_step=2)) as run:
        agent = Agent(make_memory(config), run.model(), tools=[lookup_tool(size=200)])
        assert ask(agent, "read the report") == "done: read the report"
        assert ask(agent, "and the annex") == "done: and the annex"
        later = Agent(make_memory(config), run.model(), tools=[lookup_tool(size=200)])
        assert ask(later, "what did they say?") == "done: what did they say?"
    assert_clean(run)
    assert any("only a preview is shown" in json.dumps(b) for b in run.bodies[1:3])  # this turn: a preview
    assert "a large tool result from an earlier turn" in json.dumps(run.bodies[-1])
    assert "word199" not in json.dumps(run.bodies[-1])  # earlier turns' results arrive as notes only


@pytest.mark.parametrize("name", PROVIDERS)
def test_a_token_budget_forces_the_cut(make_memory: Callable[..., Memory], name: str) -> None:
    """The smallest context budget (1,000 tokens, less the prompt, the tools and the reply) and no truncation
    strategy: ``fit_budget`` alone drops earlier turns and whole exchanges; every request keeps the rules."""
    mem = make_memory({"harness": {"context": {"max_tokens": 1000, "offload_threshold_tokens": 5000}}})
    with provider(name, looker(2, per_step=2)) as run:
        agent = Agent(mem, run.model(), tools=[lookup_tool(size=60)], truncation="none")
        for t in range(4):
            assert ask(agent, f"question {t}") == f"done: question {t}"
    assert_clean(run)
    assert all(questions_sent(b)[-1] == f"question {k // 3}" for k, b in enumerate(run.bodies))
    assert "question 0" not in questions_sent(run.bodies[-1])  # no truncation strategy: the budget cut it


@pytest.mark.parametrize("name", PROVIDERS)
def test_answers_without_text(make_memory: Callable[..., Memory], name: str) -> None:
    """The model calls tools with no text beside them, then gives an empty final answer (Claude does both); the
    next turns, in this agent and in one resumed from the store, still send a conversation the provider takes."""
    mem = make_memory()
    with provider(name, looker(1, final=None)) as run:
        agent = Agent(mem, run.model(), tools=[lookup_tool()])
        assert ask(agent, "say nothing") == ""
        assert ask(agent, "again") == ""
        assert ask(Agent(mem, run.model(), tools=[lookup_tool()]), "and once more") == ""
    assert_clean(run)
    assert len(run.bodies) == 6
    assert [questions_sent(b)[-1] for b in run.bodies[::2]] == ["say nothing", "again", "and once more"]
    if name == "bedrock":  # the empty answer keeps the results apart from the next question, in words Converse takes
        msgs = run.bodies[2]["messages"]
        assert [m["role"] for m in msgs] == ["user", "assistant", "user", "assistant", "user"]
        assert [list(b) for b in msgs[2]["content"]] == [["toolResult"]]
        assert msgs[3]["content"] == [{"text": NO_ANSWER}] and msgs[4]["content"] == [{"text": "again"}]


@pytest.mark.parametrize("name", PROVIDERS)
def test_a_model_that_keeps_calling_tools_past_max_steps(make_memory: Callable[..., Memory], name: str) -> None:
    """Two steps of lookups, then the step limit: the last call offers no tools, so the turn's calls and results go
    as text (Converse wants a tool config for tool blocks, and there is none to send), and the next turn offers
    tools again over that history."""
    mem = make_memory()
    with provider(name, looker(5)) as run:
        agent = Agent(mem, run.model(), tools=[lookup_tool()], max_steps=2)
        assert ask(agent, "keep looking") == "without tools"
        assert ask(agent, "found it?") == "without tools"
    assert_clean(run)
    assert [bool(run.wire.seen(b).tools) for b in run.bodies] == [True, True, False] * 2


@pytest.mark.parametrize("name", PROVIDERS)
def test_a_failed_model_call_leaves_a_history_the_next_turn_can_send(make_memory: Callable[..., Memory],
                                                                      name: str) -> None:
    """A turn whose model call fails (the provider overloaded, no retries) raises and stores nothing, also when it
    fails after tool calls; the next turns send a valid conversation without the failed question."""
    mem = make_memory()
    with provider(name, looker(1)) as run:
        agent = Agent(mem, run.model(), tools=[lookup_tool()])
        assert ask(agent, "first") == "done: first"
        for doomed in ("boom", "late boom"):
            with pytest.raises(ModelError):
                ask(agent, doomed)
            after = len(run.bodies)
            assert ask(agent, f"after {doomed}") == f"done: after {doomed}"
            assert not {"boom", "late boom"} & set(questions_sent(run.bodies[after]))
    assert_clean(run)
    assert [e.content for e in mem.events(S) if e.role == "user"] == ["first", "after boom", "after late boom"]


@pytest.mark.parametrize("name", PROVIDERS)
def test_a_blank_user_message_in_the_history(make_memory: Callable[..., Memory], name: str) -> None:
    """A session that began with a blank user message (stored as sent) and its answer: the content-block clients
    leave a blank text out, so a window starting there would start with the answer. The window starts at the first
    user message with words instead, and the session goes on."""
    mem = make_memory()
    mem.append(S, [{"role": "user", "content": " "}, {"role": "assistant", "content": "hello?"}])
    with provider(name, looker(1)) as run:
        agent = Agent(mem, run.model(), tools=[lookup_tool()])
        assert ask(agent, "hi") == "done: hi"
        assert ask(agent, "and now?") == "done: and now?"
    assert_clean(run)
    assert all(questions_sent(b)[0] == "hi" for b in run.bodies)


@pytest.mark.parametrize("name", PROVIDERS)
def test_tool_calls_sent_without_ids_get_ids_unique_across_steps(make_memory: Callable[..., Memory],
                                                                 name: str) -> None:
    """Some OpenAI-compatible servers send tool calls without ids. The fallback was the call's index ("call_0"),
    repeated at every step: the history then held the same id for several calls, which Anthropic refuses and
    which lets a result pass for another step's. Each call now gets an id of its own, kept with its result."""
    mem = make_memory()
    wire = WIRES[name]
    script = looker(3)

    def answer(req: Recorded) -> Reply | dict[str, Any]:
        text, calls = script(wire.seen(req.json))
        return wire.reply(text, [("", n, a) for n, a in calls])

    refused: list[Reply] = []
    with serve(handler=rules.enforcing(wire.refusal, answer, refused)) as srv:
        agent = Agent(mem, wire.client(srv.url), tools=[lookup_tool()], max_steps=5)
        assert ask(agent, "look it up") == "done: look it up"
    assert refused == []
    ids = [c.id for ev in mem.events(S) for c in ev.tool_calls]
    answered = [ev.tool_call_id for ev in mem.events(S) if ev.role == "tool"]
    assert len(ids) == 3 and len(set(ids)) == 3 and answered == ids
    assert rules.first_problem(rules.anthropic_refusal, [_as_anthropic(mem)]) is None


def _as_anthropic(mem: Memory) -> dict[str, Any]:
    """The session's history as an Anthropic Messages request (the ids a switch of provider would send)."""
    from engram.models.anthropic import _messages  # the client's own conversion

    msgs = [Message(ev.role, ev.content, tool_calls=ev.tool_calls, tool_call_id=ev.tool_call_id, name=ev.name)
            for ev in mem.events(S)]
    return {"messages": _messages(msgs, system=None, structured=True)[1]}
