"""The ``bedrock-agentcore`` SDK (MemoryClient, MemorySessionManager) and a Strands agent with the SDK's
AgentCore session manager, pointed at a real ``engram serve`` by ``AWS_ENDPOINT_URL_BEDROCK_AGENTCORE`` (and
``…_CONTROL``), exactly as a user would; the Strands agent's model is a local OpenAI-compatible wire server.
On SQLite and PostgreSQL."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

from tests.support.agentcore import Served, served
from tests.support.backends import BACKENDS
from tests.support.wire import FakeServer, Recorded, Reply


@pytest.fixture(scope="module", params=BACKENDS)
def ac(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    with served(str(request.param), tmp_path_factory.mktemp("acs"), request) as s:
        yield s


@pytest.fixture
def sdk_env(ac: Served, monkeypatch: pytest.MonkeyPatch) -> Served:
    """The environment the SDKs read (no endpoint_url anywhere in the calling code)."""
    for k, v in ac.env().items():
        monkeypatch.setenv(k, v)
    monkeypatch.delenv("AWS_PROFILE", raising=False)
    monkeypatch.setenv("AWS_CONFIG_FILE", "/dev/null")
    monkeypatch.setenv("AWS_SHARED_CREDENTIALS_FILE", "/dev/null")
    return ac


def test_memory_client(sdk_env: Served) -> None:
    from bedrock_agentcore.memory import MemoryClient

    client = MemoryClient(region_name="us-west-2")
    mid = sdk_env.memory.id
    base = datetime.now(UTC) - timedelta(minutes=5)
    client.create_event(mid, "ada", "chat-1", [("Hi, I am Ada", "USER"), ("Hello Ada!", "ASSISTANT")],
                        event_timestamp=base)
    client.create_event(mid, "ada", "chat-1", [("I live in Lisbon", "USER"), ("Noted.", "ASSISTANT")],
                        event_timestamp=base + timedelta(seconds=1))
    events = client.list_events(mid, "ada", "chat-1")
    assert len(events) == 2
    turns = client.get_last_k_turns(mid, "ada", "chat-1", k=2)
    texts = [m["content"]["text"] for turn in turns for m in turn]
    assert "I live in Lisbon" in texts and "Hi, I am Ada" in texts
    blob = client.create_blob_event(mid, "ada", "chat-1", {"agent_state": {"step": 3}})
    assert blob["payload"][0]["blob"] == {"agent_state": {"step": 3}}
    # branches: fork from the first event, list them
    first = sorted(events, key=lambda e: e["eventTimestamp"])[0]
    client.fork_conversation(mid, "ada", "chat-1", first["eventId"], "retry-1",
                             [("Actually I am Ada Lovelace", "USER"), ("Got it.", "ASSISTANT")])
    names = {b["name"] for b in client.list_branches(mid, "ada", "chat-1")}
    assert "retry-1" in names
    sdk_env.client().batch_create_memory_records(memoryId=mid, records=[{
        "requestIdentifier": "r1", "namespaces": ["/facts/ada/"], "content": {"text": "Ada lives in Lisbon"},
        "timestamp": datetime.now(UTC), "memoryStrategyId": "facts"}])
    found = client.retrieve_memories(mid, namespace="/facts/ada/", query="where does Ada live", top_k=3)
    assert found and found[0]["content"]["text"] == "Ada lives in Lisbon"


def test_memory_session_manager(sdk_env: Served) -> None:
    from bedrock_agentcore.memory.constants import ConversationalMessage, MessageRole
    from bedrock_agentcore.memory.session import MemorySessionManager

    mid = sdk_env.memory.id
    manager = MemorySessionManager(memory_id=mid, region_name="us-west-2")
    session = manager.create_memory_session(actor_id="grace", session_id="talk-1")
    session.add_turns([ConversationalMessage("My favourite language is COBOL", MessageRole.USER),
                       ConversationalMessage("A classic.", MessageRole.ASSISTANT)])
    session.add_turns([ConversationalMessage("Remind me tomorrow", MessageRole.USER)])
    turns = session.get_last_k_turns(k=5)
    # newest turn first (ListEvents answers newest first), each turn in its own order
    assert [[m["content"]["text"] for m in t] for t in turns] == [
        ["Remind me tomorrow"], ["My favourite language is COBOL", "A classic."]]
    assert {a["actorId"] for a in manager.list_actors()} >= {"grace"}
    assert [s["sessionId"] for s in manager.list_actor_sessions("grace")] == ["talk-1"]
    sdk_env.client().batch_create_memory_records(memoryId=mid, records=[{
        "requestIdentifier": "g1", "namespaces": ["/facts/grace/"],
        "content": {"text": "Grace's favourite language is COBOL"}, "timestamp": datetime.now(UTC)}])
    hits = session.search_long_term_memories("favourite programming language", namespace="/facts/grace/",
                                             top_k=3)
    assert hits and "COBOL" in hits[0]["content"]["text"]
    # the memory's SEMANTIC strategy ("facts") extracts its own record from the turns as well, in a job after
    # CreateEvent answered: wait for it
    deadline = time.monotonic() + 60
    while True:
        listed = session.list_long_term_memory_records(namespace="/facts/grace/")
        mine = [r for r in listed if r["content"]["text"] == "Grace's favourite language is COBOL"]
        extracted = [r for r in listed if r not in mine and r["memoryStrategyId"] == "facts"
                     and "COBOL" in r["content"]["text"]]
        if extracted or time.monotonic() > deadline:
            break
        time.sleep(0.1)
    assert extracted
    rid = mine[0]["memoryRecordId"]
    assert session.get_memory_record(rid)["content"]["text"] == "Grace's favourite language is COBOL"
    session.delete_memory_record(rid)
    assert rid not in {r["memoryRecordId"] for r in
                       session.list_long_term_memory_records(namespace="/facts/grace/")}


def _sse(text: str) -> bytes:
    """An OpenAI chat.completions stream answering ``text``."""
    chunks = [
        {"id": "c1", "object": "chat.completion.chunk", "created": 1, "model": "m",
         "choices": [{"index": 0, "delta": {"role": "assistant", "content": text}, "finish_reason": None}]},
        {"id": "c1", "object": "chat.completion.chunk", "created": 1, "model": "m",
         "choices": [{"index": 0, "delta": {}, "finish_reason": "stop"}]},
        {"id": "c1", "object": "chat.completion.chunk", "created": 1, "model": "m", "choices": [],
         "usage": {"prompt_tokens": 5, "completion_tokens": 2, "total_tokens": 7}},
    ]
    return b"".join(b"data: " + json.dumps(c).encode() + b"\n\n" for c in chunks) + b"data: [DONE]\n\n"


def _texts(req: Recorded) -> list[str]:
    out = []
    for m in req.json["messages"]:
        content = m.get("content")
        if isinstance(content, list):
            out += [part.get("text", "") for part in content if isinstance(part, dict)]
        elif isinstance(content, str):
            out.append(content)
    return out


def test_strands_agent_restores_its_conversation_from_engram(sdk_env: Served) -> None:
    from bedrock_agentcore.memory.integrations.strands.config import AgentCoreMemoryConfig
    from bedrock_agentcore.memory.integrations.strands.session_manager import AgentCoreMemorySessionManager
    from strands import Agent
    from strands.models.openai import OpenAIModel

    def answer(req: Recorded) -> Reply:
        last = _texts(req)[-1]
        reply = "Nice to meet you, Ada." if "Ada" in last else "You told me your name is Ada."
        return Reply(body=_sse(reply), headers={"content-type": "text/event-stream"})

    def agent(model_url: str) -> Any:
        config = AgentCoreMemoryConfig(memory_id=sdk_env.memory.id, session_id="strands-1", actor_id="ada-s")
        manager = AgentCoreMemorySessionManager(config, region_name="us-west-2")
        model = OpenAIModel(client_args={"base_url": model_url + "/v1", "api_key": "local"}, model_id="m")
        return Agent(model=model, session_manager=manager, callback_handler=None)

    with FakeServer(answer) as model:
        first = agent(model.url)
        assert "Ada" in str(first("Hello, my name is Ada."))
        # a new process would start here: a fresh agent, the same session id
        second = agent(model.url)
        restored = [b.get("text") for m in second.messages for b in m["content"] if "text" in b]
        assert "Hello, my name is Ada." in restored and "Nice to meet you, Ada." in restored
        assert "name is Ada" in str(second("What is my name?"))
        sent = _texts(model.requests[-1])
        assert "Hello, my name is Ada." in sent and "Nice to meet you, Ada." in sent
    events = sdk_env.client().list_events(memoryId=sdk_env.memory.id, actorId="ada-s", sessionId="strands-1")
    assert len(events["events"]) >= 4  # both turns, stored by engram
    # engram's own view of the same session reads the words, not the framework's JSON envelope
    from engram import Memory, Scope
    from engram.embedders import HashingEmbedder

    mem = Memory.open(sdk_env.db, embedder=HashingEmbedder())
    try:
        said = [e.content for e in mem.events(Scope("bot", "ada-s", "strands-1"), limit=100) if e.role == "user"]
    finally:
        mem.close()
    assert "Hello, my name is Ada." in said and "What is my name?" in said
