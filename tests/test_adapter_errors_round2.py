"""Adapter errors that name what the framework's user passed, and LangGraph filters read as LangGraph reads
them: an unsupported filter operator is a ValidationError naming ``filter.<field>`` (sync, async and batch),
never a silent empty result; every other filter finds the items LangGraph's own ``InMemoryStore`` finds; ADK
ids are checked under ADK's argument names (``user_id``, ``session_id``, ``session.user_id``), and
``list_sessions`` without a user lists every user's sessions of the app. Real frameworks, both backends."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

pytest.importorskip("langgraph")
pytest.importorskip("google.adk")

from google.adk.events.event import Event as AdkEvent
from google.adk.sessions.session import Session
from google.genai import types
from langgraph.store.base import GetOp, PutOp, SearchOp
from langgraph.store.memory import InMemoryStore

from engram import Memory, PermissionDenied, Scope, ScopeError, ValidationError
from engram.adapters.google_adk import EngramMemoryService, EngramSessionService
from engram.adapters.langgraph import EngramStore

ADA = Scope("cook", "ada", "s-1")
ITEMS: dict[str, dict[str, Any]] = {
    "a": {"n": 3, "tag": "x", "meta": {"lang": "pt", "rank": 2}, "pair": [1, 2]},
    "b": {"n": 5, "meta": {"lang": "en"}},
    "c": {"n": "7", "tag": "y", "flag": None},
}


def _both(mem: Memory) -> tuple[EngramStore, InMemoryStore]:
    ours, theirs = EngramStore(mem, ADA), InMemoryStore()
    for key, value in ITEMS.items():
        ours.put(("m",), key, value)
        theirs.put(("m",), key, value)
    return ours, theirs


# -- LangGraph: unsupported operators are errors -------------------------------------------------------------------
@pytest.mark.parametrize("flt, field, word", [
    ({"n": {"$regex": "x"}}, "filter.n", "$regex"),
    ({"n": {"$in": [3]}}, "filter.n", "$in"),
    ({"n": {"$gt": 1, "$nin": [2]}}, "filter.n", "$nin"),
    ({"meta": {"lang": {"$like": "p%"}}}, "filter.meta.lang", "$like"),
    ({"n": {"$gt": None}}, "filter.n", "$gt"),
    ({"n": {"$lt": [1]}}, "filter.n", "$lt"),
])
def test_an_unsupported_filter_is_an_error_naming_the_field(mem: Memory, flt: dict[str, Any], field: str,
                                                             word: str) -> None:
    store = EngramStore(mem, ADA)
    store.put(("m",), "k", {"n": 3, "meta": {"lang": "pt"}})
    calls = [lambda: store.search(("m",), filter=flt),
             lambda: store.search(("m",), query="three", filter=flt),
             lambda: asyncio.run(store.asearch(("m",), filter=flt)),
             lambda: store.batch([GetOp(("m",), "k"), SearchOp(("m",), filter=flt)]),
             lambda: asyncio.run(store.abatch([SearchOp(("m",), filter=flt)]))]
    for call in calls:
        with pytest.raises(ValidationError) as exc:
            call()
        assert exc.value.field == field and word in exc.value.message


def test_a_refused_filter_refuses_the_whole_batch_before_anything_is_written(mem: Memory) -> None:
    store = EngramStore(mem, ADA)
    with pytest.raises(ValidationError):
        store.batch([PutOp(("m",), "k", {"n": 1}), SearchOp(("m",), filter={"n": {"$exists": True}})])
    assert mem.list(ADA) == []


# -- LangGraph: the filters it supports match what InMemoryStore matches ------------------------------------------
@pytest.mark.parametrize("flt", [
    {"n": 3}, {"n": {"$eq": 5}}, {"n": {"$gte": 4}}, {"n": {"$gt": 2, "$lt": 4}},
    {"tag": {"$ne": "x"}},  # b lacks tag: InMemoryStore reads it as None, so it matches
    {"tag": {"$ne": None}}, {"tag": None}, {"flag": None}, {"tag": {"$eq": None}},
    {"meta": {"lang": "pt"}},  # a nested object matches the fields it names
    {"meta": {"lang": {"$ne": "en"}}}, {"meta": {}}, {"n": {"$lt": "6"}}, {"pair": [1, 2]}, {"pair": [2, 1]},
    {"n": {"$ne": 3}, "tag": "y"}, {"n": {"$gte": 4}, "tag": "y"}, {},
])
def test_filters_find_what_langgraphs_in_memory_store_finds(mem: Memory, flt: dict[str, Any]) -> None:
    ours, theirs = _both(mem)
    want = {i.key for i in theirs.search(("m",), filter=flt)}
    assert {i.key for i in ours.search(("m",), filter=flt)} == want


def test_a_comparison_that_cannot_compare_does_not_match_where_in_memory_store_raises(mem: Memory) -> None:
    ours, theirs = _both(mem)
    with pytest.raises((TypeError, ValueError)):
        theirs.search(("m",), filter={"tag": {"$gt": 1}})  # float(None) for b
    assert [i.key for i in ours.search(("m",), filter={"tag": {"$gt": 1}})] == []
    with pytest.raises(TypeError):
        theirs.search(("m",), filter={"meta": {"rank": {"$gte": 2}}})  # b's meta has no rank
    assert [i.key for i in ours.search(("m",), filter={"meta": {"rank": {"$gte": 2}}})] == ["a"]
    assert [i.key for i in ours.search(("m",), filter={"tag": {"$gte": "x"}})] == ["c", "a"]


# -- ADK: errors name ADK's arguments -------------------------------------------------------------------------------
@pytest.mark.parametrize("user_id, session_id, field", [
    ("a/b", "x", "user_id"), ("", "x", "user_id"), ("x" * 129, "x", "user_id"),
    ("ada", "a/b", "session_id"), ("ada", "..", "session_id"),
])
def test_adk_session_calls_name_the_adk_argument(mem: Memory, user_id: str, session_id: str, field: str) -> None:
    sessions = EngramSessionService(mem, agent="helper")
    memory = EngramMemoryService(mem, agent="helper")
    calls = [lambda: sessions.create_session(app_name="helper", user_id=user_id, session_id=session_id),
             lambda: sessions.get_session(app_name="helper", user_id=user_id, session_id=session_id),
             lambda: sessions.delete_session(app_name="helper", user_id=user_id, session_id=session_id),
             lambda: memory.add_events_to_memory(app_name="helper", user_id=user_id, session_id=session_id,
                                                 events=[])]
    if field == "user_id":
        calls += [lambda: sessions.list_sessions(app_name="helper", user_id=user_id),
                  lambda: sessions.get_user_state(app_name="helper", user_id=user_id),
                  lambda: memory.search_memory(app_name="helper", user_id=user_id, query="x"),
                  lambda: memory.add_memory(app_name="helper", user_id=user_id, memories=[]),
                  lambda: memory.delete_memory(app_name="helper", user_id=user_id, memory_id="r")]
    for call in calls:
        with pytest.raises(ScopeError) as exc:
            asyncio.run(call())
        assert exc.value.field == field
    assert mem.sessions(Scope("helper")) == []


def test_adk_calls_taking_a_session_name_its_attributes(mem: Memory) -> None:
    sessions = EngramSessionService(mem, agent="helper")
    memory = EngramMemoryService(mem, agent="helper")
    said = AdkEvent(author="user", content=types.Content(role="user", parts=[types.Part(text="hi")]))
    for bad, field in ((Session(id="s", app_name="helper", user_id="a/b"), "session.user_id"),
                       (Session(id="a b", app_name="helper", user_id="ada"), "session.id")):
        with pytest.raises(ScopeError) as exc:
            asyncio.run(sessions.append_event(bad, said))
        assert exc.value.field == field
        with pytest.raises(ScopeError) as exc:
            asyncio.run(memory.add_session_to_memory(bad))
        assert exc.value.field == field
    with pytest.raises(PermissionDenied) as denied:
        asyncio.run(sessions.append_event(Session(id="s", app_name="other", user_id="ada"), said))
    assert denied.value.field == "session.app_name"
    assert mem.sessions(Scope("helper")) == []


# -- ADK: list_sessions without a user -----------------------------------------------------------------------------
def test_adk_lists_every_users_sessions_of_the_app_without_a_user_id(mem: Memory) -> None:
    sessions = EngramSessionService(mem, agent="helper")
    for user, sid in (("ada", "a-1"), ("ada", "a-2"), ("bob", "b-1")):
        asyncio.run(sessions.create_session(app_name="helper", user_id=user, session_id=sid))
    mem.append(Scope("helper", session="no-actor"), [{"role": "user", "content": "not an ADK session"}])
    mem.append(Scope("other", "ada", "o-1"), [{"role": "user", "content": "another agent's"}])
    listed = asyncio.run(sessions.list_sessions(app_name="helper")).sessions
    assert sorted((s.user_id, s.id, s.app_name) for s in listed) == [
        ("ada", "a-1", "helper"), ("ada", "a-2", "helper"), ("bob", "b-1", "helper")]
    assert [s.last_update_time for s in listed] == sorted(s.last_update_time for s in listed)
    mine = asyncio.run(sessions.list_sessions(app_name="helper", user_id="bob")).sessions
    assert [(s.user_id, s.id) for s in mine] == [("bob", "b-1")]
    with pytest.raises(PermissionDenied) as exc:
        asyncio.run(sessions.list_sessions(app_name="other"))
    assert exc.value.field == "app_name"
