"""Defects a new user found integrating engram into each framework by following docs/frameworks.md: typed
errors naming the field for bad input (and nothing stored), the adapters' documented parameters checked when
they are built, the async Claude memory tool, Agent Framework's tool turns, ADK's runner without a created
session. Real framework objects; models are local wire servers. On SQLite and PostgreSQL."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pytest

from engram import Memory, Scope, ScopeError, ValidationError
from tests.support.wire import anthropic_message, gemini_content, openai_chat, serve

ADA = Scope("helper", "ada", "chat-1")
BOB = Scope("helper", "bob", "chat-1")


def field_of(exc: pytest.ExceptionInfo[Any]) -> str | None:
    return getattr(exc.value, "field", None)


# -- memory_tools, the same for the OpenAI Agents SDK, Pydantic AI and Strands ------------------------------

def _tool_factories() -> list[Any]:
    out = []
    for module in ("openai_agents", "pydantic_ai", "strands"):
        try:
            out.append(pytest.param(__import__(f"engram.adapters.{module}", fromlist=["memory_tools"]).memory_tools,
                                    id=module))
        except ImportError:  # the framework is not installed
            continue
    return out


@pytest.mark.parametrize("memory_tools", _tool_factories())
def test_memory_tools_check_level_and_limit_when_built(mem: Memory, memory_tools: Any) -> None:
    with pytest.raises(ValidationError) as exc:
        memory_tools(mem, ADA, level="bogus")
    assert field_of(exc) == "level"  # was accepted, then every remember answered a "scope" error
    with pytest.raises(ScopeError) as scope_exc:
        memory_tools(mem, Scope("helper", "ada"), level="session")
    assert field_of(scope_exc) == "scope.session"
    for bad in (0, "5", 10 ** 6, True):
        with pytest.raises(ValidationError) as exc:
            memory_tools(mem, ADA, limit=bad)
        assert field_of(exc) == "limit"
    assert len(memory_tools(mem, ADA, level="agent", limit=3)) == 2


# -- OpenAI Agents SDK --------------------------------------------------------------------------------------

def test_openai_session_refuses_malformed_items_whole(mem: Memory) -> None:
    pytest.importorskip("agents")
    from engram.adapters.openai_agents import EngramSession

    s = EngramSession(mem, ADA)
    cases: list[tuple[Any, str]] = [
        (None, "items"), ("hello", "items"),
        ([{"role": "user", "content": "fine"}, {"role": "user", "content": 5}], "items[1].content"),
        ([{"content": "no role"}], "items[0].role"),
        ([{"type": "message", "role": "narrator", "content": "x"}], "items[0].role"),
    ]
    for items, field in cases:
        with pytest.raises(ValidationError) as exc:
            asyncio.run(s.add_items(items))
        assert field_of(exc) == field
    assert mem.events(ADA) == []  # nothing of any refused call was stored
    for bad in (-1, "2", 1.5):
        with pytest.raises(ValidationError) as exc:
            asyncio.run(s.get_items(limit=bad))  # type: ignore[arg-type]
        assert field_of(exc) == "limit"
    # items the SDK makes that are not messages still pass
    call = {"type": "function_call", "call_id": "c1", "name": "weather", "arguments": "{}"}
    asyncio.run(s.add_items([{"role": "user", "content": [{"type": "input_text", "text": "hi"}]}, call]))
    assert asyncio.run(s.get_items(limit=1)) == [call]


# -- Pydantic AI --------------------------------------------------------------------------------------------

def test_pydantic_history_bad_input_is_typed_and_stores_nothing(mem: Memory) -> None:
    pytest.importorskip("pydantic_ai")
    from pydantic_ai import Agent
    from pydantic_ai.messages import ModelRequest, UserPromptPart
    from pydantic_ai.models.test import TestModel

    from engram.adapters.pydantic_ai import EngramHistory

    history = EngramHistory(mem, ADA)
    for messages, field in ((None, "messages"), ("hello", "messages"),
                            ([ModelRequest(parts=[UserPromptPart("fine")]), "bad"], "messages[1]")):
        with pytest.raises(ValidationError) as exc:
            history.save(messages)  # type: ignore[arg-type]
        assert field_of(exc) == field
    assert mem.events(ADA) == []
    with pytest.raises(ValidationError) as exc:
        history.load("2")  # type: ignore[arg-type]
    assert field_of(exc) == "limit"
    # the async path round-trips through a real agent run
    result = asyncio.run(Agent(TestModel(call_tools=[])).run("hello", message_history=asyncio.run(history.aload())))
    asyncio.run(history.asave(result.new_messages()))
    assert [type(m).__name__ for m in history.load()] == ["ModelRequest", "ModelResponse"]


# -- Strands ------------------------------------------------------------------------------------------------

def test_strands_repository_bad_input_is_typed(mem: Memory) -> None:
    pytest.importorskip("strands")
    from strands.types.session import SessionMessage

    from engram.adapters.strands import EngramSessionRepository

    repo = EngramSessionRepository(mem, ADA)
    with pytest.raises(ValidationError) as exc:
        repo.create_message("chat-1", "default", {"role": "user", "content": [{"text": "x"}]})  # type: ignore[arg-type]
    assert field_of(exc) == "session_message"
    with pytest.raises(ValidationError) as exc:
        repo.create_message("chat-1", "", SessionMessage.from_message({"role": "user", "content": [{"text": "x"}]}, 0))
    assert field_of(exc) == "agent_id"
    assert mem.events(ADA) == []
    for kw, field in (({"limit": "x"}, "limit"), ({"offset": -1}, "offset")):
        with pytest.raises(ValidationError) as exc:
            repo.list_messages("chat-1", "default", **kw)
        assert field_of(exc) == field


# -- LangGraph ----------------------------------------------------------------------------------------------

def test_langgraph_store_checks_keys_values_ttl_and_index(mem: Memory) -> None:
    pytest.importorskip("langgraph")
    from langgraph.store.base import PutOp

    from engram.adapters.langgraph import EngramStore

    with pytest.raises(ValidationError) as exc:
        EngramStore(mem, ADA, index="text")  # type: ignore[arg-type]  # was split into fields t, e, x, t
    assert field_of(exc) == "index"
    with pytest.raises(ValidationError) as exc:
        EngramStore(mem, ADA, ttl={"default_ttl": "soon"})  # type: ignore[typeddict-item]
    assert field_of(exc) == "ttl.default_ttl"

    store = EngramStore(mem, ADA)
    bad_puts: list[tuple[dict[str, Any], str]] = [
        ({"key": "", "value": {"v": 1}}, "key"),
        ({"key": "k", "value": {"v": object()}}, "value"),
        ({"key": "k", "value": {"v": float("nan")}}, "value"),
        ({"key": "k", "value": {"v": "x" * 200_000}}, "value"),
        ({"key": "k", "value": {"v": 1}, "ttl": -5}, "ttl"),
        ({"key": "k", "value": {"v": 1}, "index": "v"}, "index"),
    ]
    for kw, field in bad_puts:
        with pytest.raises(ValidationError) as exc:
            store.put(("m",), **kw)
        assert field_of(exc) == field, kw
    # a bad put anywhere in a batch stores none of it
    with pytest.raises(ValidationError):
        store.batch([PutOp(("m",), "ok", {"v": 1}), PutOp(("m",), "bad", {"v": object()})])
    assert store.search(("m",)) == [] and mem.list(ADA) == []

    for i in range(3):
        store.put(("notes",), f"k{i}", {"text": f"note {i} about pasta"})
    assert store.search(("notes",), limit=0) == []  # was one item
    assert store.search(("notes",), query="pasta", limit=0) == []
    with pytest.raises(ValidationError) as exc:
        store.search(("notes",), offset=-1)  # was the last item, by Python's negative slicing
    assert field_of(exc) == "offset"

    # LangGraph's IndexConfig: its fields pick the summary (embed and dims are LangGraph's, not used)
    indexed = EngramStore(mem, ADA, index={"dims": 3, "embed": "fake:embed", "fields": ["title"]})
    indexed.put(("docs",), "d1", {"title": "Vegan recipes", "body": "lentils and rice"})
    [rec] = mem.list(ADA, namespace=indexed.root + "docs/")
    assert rec.summary == "Vegan recipes"


# -- Claude's memory tool -----------------------------------------------------------------------------------

def test_memory_files_name_the_argument_and_store_nothing(mem: Memory) -> None:
    from engram.adapters.memory_files import MemoryFiles

    files = MemoryFiles(mem, ADA)
    cases: list[tuple[Any, str]] = [
        (lambda: files.create("/memories/n.md", None), "file_text"),  # was stored as a file with no text
        (lambda: files.create("/memories/n.md", 5), "file_text"),
        (lambda: files.create("/memories/big.md", "x" * 200_000), "file_text"),  # was "content"
        (lambda: files.create("/memories/" + "a" * 5000, "x"), "path"),  # was "summary"
    ]
    for call, field in cases:
        with pytest.raises(ValidationError) as exc:
            call()
        assert field_of(exc) == field
    assert mem.list(ADA) == []
    files.create("/memories/home.md", "Ada lives in Porto\n")
    for call, field in [(lambda: files.str_replace("/memories/home.md", "Porto", None), "new_str"),
                        (lambda: files.insert("/memories/home.md", 0, None), "insert_text"),
                        (lambda: files.insert("/memories/home.md", 0, "y" * 200_000), "insert_text"),
                        (lambda: files.view("/memories/home.md", [5, 2]), "view_range"),  # was a stray "5" line
                        (lambda: files.view("/memories/home.md", ["a", "b"]), "view_range")]:
        with pytest.raises(ValidationError) as exc:
            call()
        assert field_of(exc) == field
    [rec] = mem.list(ADA)
    assert rec.content == "Ada lives in Porto\n" and rec.version == 1


def test_async_memory_tool_runs_in_asyncanthropic_tool_runner(mem: Memory) -> None:
    pytest.importorskip("anthropic")
    from anthropic import AsyncAnthropic

    from engram.adapters.anthropic_memory import AsyncEngramMemoryTool

    create = {"command": "create", "path": "/memories/home.md", "file_text": "Ada moved to Porto\n"}
    outside = {"command": "view", "path": "/etc"}

    async def run(scope: Scope, *uses: dict[str, Any]) -> Any:
        replies = [anthropic_message(None, tool_uses=[(f"tu{i}", "memory", u) for i, u in enumerate(uses)],
                                     stop_reason="tool_use"), anthropic_message("Done.")]
        with serve(*replies) as server:
            client = AsyncAnthropic(base_url=server.url, api_key="test-key", max_retries=0)
            final = await client.beta.messages.tool_runner(
                model="claude-test", max_tokens=256, tools=[AsyncEngramMemoryTool(mem, scope)],
                messages=[{"role": "user", "content": "Remember I moved to Porto."}]).until_done()
        assert final.content[-1].text == "Done."
        return server.requests[1].json["messages"][-1]["content"]

    results = asyncio.run(run(ADA, create, outside))
    assert results[0]["content"] == "File created successfully at: /memories/home.md"
    assert results[1]["is_error"] and "ValidationError, path" in results[1]["content"]
    # a later session of the same user reads it; another user does not
    later = asyncio.run(run(Scope("helper", "ada", "chat-2"), {"command": "view", "path": "/memories/home.md"}))
    assert "Ada moved to Porto" in later[0]["content"]
    other = asyncio.run(run(BOB, {"command": "view", "path": "/memories/home.md"}))
    assert other[0]["is_error"] and "NotFound" in other[0]["content"]


# -- Google ADK ---------------------------------------------------------------------------------------------

def test_adk_runner_with_auto_created_session_and_memory_service_checks(
        mem: Memory, monkeypatch: pytest.MonkeyPatch) -> None:
    pytest.importorskip("google.adk")
    from google.adk.agents import LlmAgent
    from google.adk.events.event import Event as AdkEvent
    from google.adk.models.google_llm import Gemini
    from google.adk.runners import Runner
    from google.genai import types

    from engram.adapters.google_adk import EngramMemoryService, EngramSessionService

    monkeypatch.setenv("GOOGLE_API_KEY", "test-key")
    monkeypatch.delenv("GOOGLE_GENAI_USE_VERTEXAI", raising=False)
    with pytest.raises(ValidationError) as exc:
        EngramMemoryService(mem, agent="helper", limit=0)
    assert field_of(exc) == "limit"
    memory = EngramMemoryService(mem, agent="helper")
    said = AdkEvent(author="user", content=types.Content(role="user", parts=[types.Part(text="I am vegetarian.")]))
    with pytest.raises(ValidationError) as exc:
        asyncio.run(memory.add_events_to_memory(app_name="helper", user_id="ada", events=[said]))
    assert field_of(exc) == "session_id"  # was "scope.session", a name the caller never used

    # docs/frameworks.md's runner: a session nobody created runs with auto_create_session=True
    with serve(gemini_content("Hello Ada.")) as server:
        runner = Runner(app_name="helper", agent=LlmAgent(name="helper", model=Gemini(model="gemini-test",
                                                                                     base_url=server.url)),
                        session_service=EngramSessionService(mem, agent="helper"), memory_service=memory,
                        auto_create_session=True)
        message = types.Content(role="user", parts=[types.Part(text="Hi, I am Ada.")])
        out = [e for e in runner.run(user_id="ada", session_id="s-1", new_message=message) if e.content]
    assert out and out[-1].content is not None and out[-1].content.parts
    assert out[-1].content.parts[0].text == "Hello Ada."
    assert "Hi, I am Ada." in [e.content for e in mem.events(Scope("helper", "ada", "s-1"))]


# -- Microsoft Agent Framework ------------------------------------------------------------------------------

def test_agent_framework_keeps_tool_turns_as_tool_events_and_types_errors(mem: Memory) -> None:
    pytest.importorskip("agent_framework")
    pytest.importorskip("agent_framework_openai")
    from agent_framework import Agent, Message, tool
    from agent_framework.openai import OpenAIChatCompletionClient

    from engram.adapters.agent_framework import EngramContextProvider, EngramHistoryProvider

    @tool
    def weather(city: str) -> str:
        """The weather in a city."""
        return f"sunny in {city}"

    who = Scope("helper", "ada")

    def agent(url: str) -> Agent[Any]:
        client = OpenAIChatCompletionClient(model="gpt-test", api_key="test-key", base_url=f"{url}/v1")
        return Agent(client, "Be brief.", tools=[weather], context_providers=[EngramHistoryProvider(mem, who)])

    replies = [openai_chat(None, tool_calls=[("c1", "weather", json.dumps({"city": "Lisbon"}))]),
               openai_chat("Sunny.")]
    with serve(*replies) as server:
        a = agent(server.url)
        asyncio.run(a.run("Weather in Lisbon?", session=a.create_session(session_id="chat-1")))
    events = mem.events(ADA)
    assert [e.role for e in events] == ["user", "assistant", "tool", "assistant"]
    assert events[1].tool_calls[0].name == "weather" and events[1].tool_calls[0].arguments == {"city": "Lisbon"}
    assert events[2].content == "sunny in Lisbon" and events[2].tool_call_id == "c1"  # was an empty assistant event
    assert "sunny in Lisbon" in {h.event.content for h in mem.search_history(ADA, "sunny") if h.event}
    # the next run resumes with the call and its result in place
    with serve(openai_chat("Still sunny.")) as server:
        a = agent(server.url)
        asyncio.run(a.run("And now?", session=a.create_session(session_id="chat-1")))
    sent = server.requests[0].json["messages"]
    assert any(m["role"] == "tool" and m["content"] == "sunny in Lisbon" for m in sent)

    history = EngramHistoryProvider(mem, who)
    for messages, field in (("hello", "messages"), ([{"role": "user", "text": "x"}], "messages[0]"),
                            ([Message(role="user", contents=["ok"]), None], "messages[1]")):
        with pytest.raises(ValidationError) as exc:
            asyncio.run(history.save_messages("chat-2", messages))  # type: ignore[arg-type]
        assert field_of(exc) == field
    assert mem.events(Scope("helper", "ada", "chat-2")) == []
    with pytest.raises(ValidationError) as exc:
        EngramContextProvider(mem, who, limit=0)
    assert field_of(exc) == "limit"
