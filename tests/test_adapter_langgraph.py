"""engram as LangGraph's store: a real compiled ``StateGraph`` whose nodes remember into and recall from an
``EngramStore``, the model called with the real ``openai`` client against a local OpenAI-compatible wire
server; then the store contract (get, put, search with filter and query, delete, list_namespaces, TTL)
through LangGraph's own ``BaseStore`` methods. On SQLite and PostgreSQL."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from typing import Any, TypedDict

import pytest

pytest.importorskip("langgraph")

from langgraph.graph import START, StateGraph
from langgraph.store.base import BaseStore, GetOp, PutOp
from openai import OpenAI

from engram import Memory, PermissionDenied, Scope, ScopeError, ValidationError
from engram.adapters.langgraph import EngramStore
from tests.support.configs import WIDE
from tests.support.wire import FakeServer, openai_chat, serve

ADA = Scope("cook", "ada", "s-1")
BOB = Scope("cook", "bob", "s-1")


class State(TypedDict):
    message: str
    reply: str


def build(server: FakeServer, store: BaseStore) -> Any:
    """remember (store.put) -> respond (store.search, then the model with the recalled memories)."""
    client = OpenAI(base_url=f"{server.url}/v1", api_key="test-key", max_retries=0)

    def remember(state: State, *, store: BaseStore) -> dict[str, Any]:
        if state["message"].startswith("remember:"):
            text = state["message"].removeprefix("remember:").strip()
            store.put(("memories",), f"m{len(store.search(('memories',), limit=100))}", {"text": text})
        return {}

    def respond(state: State, *, store: BaseStore) -> dict[str, Any]:
        found = store.search(("memories",), query=state["message"], limit=3)
        system = "Known about the user:\n" + "\n".join(f"- {i.value['text']}" for i in found)
        out = client.chat.completions.create(model="gpt-test", messages=[
            {"role": "system", "content": system}, {"role": "user", "content": state["message"]}])
        return {"reply": out.choices[0].message.content or ""}

    graph = StateGraph(State).add_sequence([remember, respond])
    return graph.add_edge(START, "remember").compile(store=store)


def test_a_graph_remembers_and_recalls_through_engram(mem: Memory) -> None:
    with serve(openai_chat("Noted."), openai_chat("Try a mushroom risotto.")) as server:
        graph = build(server, EngramStore(mem, ADA))
        graph.invoke({"message": "remember: Ada is vegetarian and cooks pasta for dinner", "reply": ""})
        out = graph.invoke({"message": "what should I cook for dinner tonight?", "reply": ""})
    assert out["reply"] == "Try a mushroom risotto."
    assert "vegetarian" in server.requests[1].json["messages"][0]["content"]
    [rec] = mem.list(ADA)
    assert rec.level == "actor" and rec.namespace == "/actors/ada/store/memories/m0/"
    assert len(mem.uses(ADA, rec.id)) == 2  # both searches handed the memory to the model
    # Bob's graph, same namespace: none of Ada's memory reaches his model
    with serve(openai_chat("Hello.")) as server:
        build(server, EngramStore(mem, BOB)).invoke({"message": "what should I cook for dinner?", "reply": ""})
    assert "vegetarian" not in server.requests[0].json["messages"][0]["content"]


def test_put_get_update_delete_keep_versions(mem: Memory) -> None:
    store = EngramStore(mem, ADA)
    store.put(("prefs", "food"), "diet", {"text": "vegetarian", "since": 2019})
    first = store.get(("prefs", "food"), "diet")
    assert first is not None and first.value == {"text": "vegetarian", "since": 2019}
    store.put(("prefs", "food"), "diet", {"text": "vegan", "since": 2024})
    second = store.get(("prefs", "food"), "diet")
    assert second is not None and second.value["text"] == "vegan" and second.created_at == first.created_at
    [rec] = mem.list(ADA)
    assert [r.summary for r in mem.chain(ADA, rec.id)] == ["vegetarian\n2019", "vegan\n2024"]
    store.delete(("prefs", "food"), "diet")
    assert store.get(("prefs", "food"), "diet") is None
    assert mem.get(ADA, rec.id).status == "deleted"  # versions stay readable
    asyncio.run(store.aput(("prefs",), "async", {"text": "through abatch"}))
    assert asyncio.run(store.aget(("prefs",), "async")).value == {"text": "through abatch"}  # type: ignore[union-attr]
    store.put(("odd labels", "ü"), "a key with spaces/and slashes", {"v": 1})
    assert store.get(("odd labels", "ü"), "a key with spaces/and slashes").value == {"v": 1}  # type: ignore[union-attr]


def test_search_filter_query_and_namespaces(mem: Memory) -> None:
    store = EngramStore(mem, ADA)
    store.put(("docs", "a"), "1", {"text": "quarterly revenue report", "type": "report", "score": 4})
    store.put(("docs", "a"), "2", {"text": "team offsite photos", "type": "photo", "score": 5})
    store.put(("docs", "b"), "3", {"text": "annual revenue report", "type": "report", "score": 2})
    store.put(("notes",), "4", {"text": "call the plumber"})
    store.put(("docs", "b"), "5", {"text": "revenue report draft", "type": "draft"}, index=False)
    assert {i.key for i in store.search(("docs",))} == {"1", "2", "3", "5"}
    assert {i.key for i in store.search(("docs",), filter={"type": "report"})} == {"1", "3"}
    assert {i.key for i in store.search(("docs",), filter={"score": {"$gte": 4}})} == {"1", "2"}
    assert [i.key for i in store.search(("docs", "a"), filter={"type": {"$ne": "report"}})] == ["2"]
    hits = store.search(("docs",), query="revenue report")
    assert {i.key for i in hits} == {"1", "3"}  # "5" was put with index=False
    assert all(0 < (i.score or 0) <= 1 for i in hits)
    assert [i.key for i in store.search(("docs",), query="revenue report", filter={"score": {"$lt": 3}})] == ["3"]
    assert store.list_namespaces() == [("docs", "a"), ("docs", "b"), ("notes",)]
    assert store.list_namespaces(prefix=("docs",)) == [("docs", "a"), ("docs", "b")]
    assert store.list_namespaces(suffix=("b",)) == [("docs", "b")]
    assert store.list_namespaces(prefix=("*", "a")) == [("docs", "a")]
    assert store.list_namespaces(max_depth=1) == [("docs",), ("notes",)]
    # another actor sees none of it
    bob = EngramStore(mem, BOB)
    assert bob.search(("docs",)) == [] and bob.list_namespaces() == [] and bob.get(("docs", "a"), "1") is None


def test_a_batch_is_all_or_nothing_and_errors_are_typed(mem: Memory) -> None:
    store = EngramStore(mem, ADA)
    with pytest.raises(ValidationError):
        store.batch([PutOp(("n",), "good", {"text": "fine"}), PutOp(("n",), "bad", {"text": "nul \x00"})])
    assert mem.list(ADA) == [] and store.get(("n",), "good") is None
    res = store.batch([PutOp(("n",), "k", {"text": "one"}), GetOp(("n",), "k"), PutOp(("n",), "k", {"text": "two"})])
    assert res[1] is None  # reads see the state before the batch
    assert store.get(("n",), "k").value == {"text": "two"}  # type: ignore[union-attr]  # the last put wins
    with pytest.raises(ScopeError):
        EngramStore(mem, Scope("cook", session="s-1"))  # actor level needs an actor
    with pytest.raises(ValidationError):
        EngramStore(mem, ADA, level="galaxy")


def test_a_level_the_agent_may_not_write_is_refused_when_built_and_puts_name_their_own_fields(
        make_memory: Callable[..., Memory]) -> None:
    mem = make_memory(WIDE)
    wide = EngramStore(mem, ADA, level="agent")  # WIDE lets every level be written
    mem.configure("cook", {"harness": {"memory": {"scope": {"write": ["session", "actor"]}}}}, update=True)
    with pytest.raises(PermissionDenied) as exc:
        EngramStore(mem, ADA, level="agent")  # was built, and its first put refused
    assert exc.value.field == "level" and "scope.write does not include 'agent'" in exc.value.message
    with pytest.raises(PermissionDenied) as exc:
        wide.put(("m",), "k", {"text": "x"})  # built before the change
    assert exc.value.field == "level"  # was create[0].scope
    with pytest.raises(ValidationError) as verr:
        EngramStore(mem, ADA).put(("m",), "k", {"text": "nul \x00"})
    assert verr.value.field == "value" and "key 'k'" in verr.value.message  # was create[0].summary
    assert mem.list(ADA) == []


def test_ttl_expires_refreshes_and_sweeps(make_memory: Callable[..., Memory]) -> None:
    now = [datetime(2026, 12, 1, 12, 0, tzinfo=UTC)]
    mem = make_memory(WIDE, clock=lambda: now[0])
    store = EngramStore(mem, ADA, ttl={"default_ttl": 10, "refresh_on_read": True})
    store.put(("cache",), "a", {"text": "short lived"})
    store.put(("cache",), "b", {"text": "kept forever"}, ttl=None)
    now[0] += timedelta(minutes=8)
    assert store.get(("cache",), "a") is not None  # refreshed: expires 10 minutes from now
    now[0] += timedelta(minutes=8)
    assert store.get(("cache",), "a", refresh_ttl=False) is not None
    now[0] += timedelta(minutes=3)
    assert store.get(("cache",), "a") is None and [i.key for i in store.search(("cache",))] == ["b"]
    assert store.sweep() == 1
    assert [r.summary for r in mem.list(ADA)] == ["kept forever"]
