"""The framework clients of AgentCore Memory against a real ``engram serve``, as their users configure them:
LangGraph's ``AgentCoreMemorySaver`` (a small graph checkpointed into engram and resumed from it) and
``AgentCoreMemoryStore`` (``langgraph-checkpoint-aws``), and ``bedrock-agentcore``'s Strands
``AgentCoreMemoryStore``; on SQLite and PostgreSQL."""

from __future__ import annotations

import asyncio
import operator
from collections.abc import Iterator
from datetime import UTC, datetime
from typing import Annotated, Any, TypedDict

import pytest

from tests.support.agentcore import REGION, Served, served
from tests.support.backends import BACKENDS


@pytest.fixture(scope="module", params=BACKENDS)
def ac(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    with served(str(request.param), tmp_path_factory.mktemp("acfw"), request) as s:
        yield s


def boto_kwargs(ac: Served) -> dict[str, Any]:
    """What a LangGraph user passes on to boto3 to reach engram instead of AWS."""
    return {"region_name": REGION, "endpoint_url": ac.base, "aws_access_key_id": ac.creds["aws_access_key_id"],
            "aws_secret_access_key": ac.creds["aws_secret_access_key"]}


class Steps(TypedDict):
    notes: Annotated[list[str], operator.add]


def _graph(checkpointer: Any) -> Any:
    from langgraph.graph import END, START, StateGraph

    def plan(state: Steps) -> dict[str, list[str]]:
        return {"notes": [f"plan {len(state['notes'])}"]}

    def act(state: Steps) -> dict[str, list[str]]:
        return {"notes": [f"act {len(state['notes'])}"]}

    g = StateGraph(Steps)
    g.add_node("plan", plan)
    g.add_node("act", act)
    g.add_edge(START, "plan")
    g.add_edge("plan", "act")
    g.add_edge("act", END)
    return g.compile(checkpointer=checkpointer)


def test_langgraph_saver_checkpoints_a_graph_into_engram_and_resumes(ac: Served) -> None:
    from langgraph_checkpoint_aws import AgentCoreMemorySaver

    config = {"configurable": {"thread_id": "lg-thread-1", "actor_id": "lg-actor"}}
    first = _graph(AgentCoreMemorySaver(ac.memory.id, **boto_kwargs(ac)))
    assert first.invoke({"notes": ["start"]}, config)["notes"] == ["start", "plan 1", "act 2"]
    # a new process: a fresh saver and graph read the thread back from engram and carry on
    saver = AgentCoreMemorySaver(ac.memory.id, **boto_kwargs(ac))
    again = _graph(saver)
    assert again.get_state(config).values["notes"] == ["start", "plan 1", "act 2"]
    assert again.invoke({"notes": ["more"]}, config)["notes"] == ["start", "plan 1", "act 2", "more", "plan 4",
                                                                  "act 5"]
    history = list(saver.list(config))
    assert len(history) >= 6 and history[0].checkpoint["id"] > history[-1].checkpoint["id"]
    # the checkpoints are events of that actor's session in engram, readable through the API
    events = ac.client().list_events(memoryId=ac.memory.id, actorId="lg-actor", sessionId="lg-thread-1",
                                     maxResults=100)["events"]
    assert events and all(p.get("blob") for e in events for p in e["payload"])
    # another thread is another session: nothing of this one
    other = {"configurable": {"thread_id": "lg-thread-2", "actor_id": "lg-actor"}}
    assert again.get_state(other).values == {}


def test_langgraph_store_writes_events_and_searches_records(ac: Served) -> None:
    from langchain_core.messages import HumanMessage
    from langgraph_checkpoint_aws import AgentCoreMemoryStore

    store = AgentCoreMemoryStore(memory_id=ac.memory.id, **boto_kwargs(ac))
    store.put(("lg-user", "lg-session"), "m1", {"message": HumanMessage("I keep bees on my roof")})
    events = ac.client().list_events(memoryId=ac.memory.id, actorId="lg-user", sessionId="lg-session")["events"]
    assert [e["payload"][0]["conversational"]["content"]["text"] for e in events] == ["I keep bees on my roof"]
    rid = ac.client().batch_create_memory_records(memoryId=ac.memory.id, records=[{
        "requestIdentifier": "bees", "namespaces": ["/facts/lg-user/"], "content": {"text": "Keeps bees on the roof"},
        "timestamp": datetime.now(UTC)}])["successfulRecords"][0]["memoryRecordId"]
    found = store.search(("facts", "lg-user"), query="what hobby with insects", limit=5)
    # the record written by BatchCreate; the put's event may by now have been extracted into one of its own
    # ("Keeps bees on their roof"), which ranks beside it: which of the two comes first is not the point
    mine = [i for i in found if i.key == rid]
    assert [i.value["content"] for i in mine] == ["Keeps bees on the roof"]
    assert {i.value["content"] for i in found[:2]} <= {"Keeps bees on the roof", "Keeps bees on their roof"}
    assert mine[0].score is not None and 0 <= mine[0].score <= 1
    got = store.get(("facts", "lg-user"), rid)
    assert got is not None and got.value["content"] == "Keeps bees on the roof"
    assert store.get(("facts", "lg-user"), "mem-" + "0" * 36) is None


def test_strands_memory_store_writes_and_recalls(ac: Served, monkeypatch: pytest.MonkeyPatch) -> None:
    for k, v in ac.env().items():
        monkeypatch.setenv(k, v)
    monkeypatch.setenv("AWS_CONFIG_FILE", "/dev/null")
    monkeypatch.setenv("AWS_SHARED_CREDENTIALS_FILE", "/dev/null")
    from bedrock_agentcore.memory.integrations.strands.memorystore import AgentCoreMemoryStore

    store = AgentCoreMemoryStore(memory_id=ac.memory.id, actor_id="st-user", session_id="st-session",
                                 namespace="/facts/{actorId}/", writable=True, extraction_mode="SKIP",
                                 region_name=REGION)
    asyncio.run(store.add_messages([{"role": "user", "content": [{"text": "My sister lives in Oslo"}]},
                                    {"role": "assistant", "content": [{"text": "Noted."}]}]))
    events = ac.client().list_events(memoryId=ac.memory.id, actorId="st-user", sessionId="st-session")["events"]
    assert events
    ac.client().batch_create_memory_records(memoryId=ac.memory.id, records=[{
        "requestIdentifier": "oslo", "namespaces": ["/facts/st-user/"], "content": {"text": "Sister lives in Oslo"},
        "timestamp": datetime.now(UTC)}])
    entries = asyncio.run(store.search("where does my sister live"))
    assert entries and entries[0].content == "Sister lives in Oslo"
    assert entries[0].metadata["_namespaces"] == ["/facts/st-user/"]
    # the client's own threshold decides (the server answers topK with scores)
    strict = AgentCoreMemoryStore(memory_id=ac.memory.id, actor_id="st-user", session_id="st-session",
                                  namespace="/facts/{actorId}/", min_score=1.0, region_name=REGION)
    assert all(e.metadata["_score"] >= 1.0 for e in asyncio.run(strict.search("where does my sister live")))
