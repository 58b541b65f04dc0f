"""A Strands agent is stored when it is created: another ``Memory`` on the same database (another process) sees
its state before it has said anything, and its first message replaces the creation event, so a session's
events are still its messages only. Two ``Memory`` objects on one database; SQLite file and PostgreSQL."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

pytest.importorskip("strands")

from strands import Agent
from strands.models.openai import OpenAIModel
from strands.types.session import SessionAgent, SessionMessage

from engram import Memory, Scope, ValidationError
from engram.adapters.strands import EngramSessionManager, EngramSessionRepository
from tests.support.wire import FakeServer, openai_chat_stream, serve

ADA = Scope("helper", "ada", "chat-1")
NO_EXTRACTION = {"harness": {"memory": {"enabled": True, "extraction": {"trigger": "off"}, "strategies": []},
                             "history": {"index": "messages"}}}


def agent(server: FakeServer | None, mem: Memory, **kw: Any) -> Agent:
    url = server.url if server is not None else "http://127.0.0.1:9"  # an agent never called needs no server
    model = OpenAIModel(client_args={"base_url": f"{url}/v1", "api_key": "test-key"}, model_id="gpt-test")
    return Agent(model=model, callback_handler=None, session_manager=EngramSessionManager(mem, ADA), **kw)


def state(agent_id: str, **values: Any) -> SessionAgent:
    return SessionAgent(agent_id=agent_id, state=values, conversation_manager_state={})


def test_another_memory_sees_a_new_agents_state_before_its_first_message(make_memory: Callable[..., Memory]) -> None:
    one, other = make_memory(NO_EXTRACTION), make_memory(NO_EXTRACTION)
    agent(None, one, state={"visits": 1})
    assert agent(None, other).state.get() == {"visits": 1}  # as a new process would see it
    (created,) = one.events(ADA)
    assert (created.role, created.content) == ("system", "")
    assert one.search_history(ADA, "visits agent state default", limit=5, min_score=0.0) == []

    with serve(openai_chat_stream("Nice to meet you, Ada.")) as server:
        talking = agent(server, one)  # resumes the stored agent
        talking.state.set("visits", 2)
        talking("I am Ada.")
    events = other.events(ADA)
    assert [(e.role, e.content) for e in events] == [("user", "I am Ada."), ("assistant", "Nice to meet you, Ada.")]
    assert created.id not in {e.id for e in events}  # the first message replaced the creation event
    resumed = agent(None, other)
    assert resumed.state.get() == {"visits": 2}
    assert [b.get("text") for m in resumed.messages for b in m["content"]] == ["I am Ada.", "Nice to meet you, Ada."]


def test_a_state_changed_before_the_first_message_is_durable_across_memories(
        make_memory: Callable[..., Memory]) -> None:
    one, other = make_memory(NO_EXTRACTION), make_memory(NO_EXTRACTION)
    first = EngramSessionRepository(one, ADA)
    with pytest.raises(ValidationError) as exc:  # bad input is typed and stores nothing
        first.create_agent("chat-1", {"agent_id": "default", "state": {}})  # type: ignore[arg-type]
    assert exc.value.field == "session_agent" and one.events(ADA) == []
    first.create_agent("chat-1", state("default", visits=1))
    first.create_agent("chat-1", state("helper-2", visits=9))  # another agent of the session keeps its own

    second = EngramSessionRepository(other, ADA)
    got = second.read_agent("chat-1", "default")
    assert got is not None and got.state == {"visits": 1}
    second.update_agent("chat-1", state("default", visits=2))  # no message yet: the creation event changes
    fresh = EngramSessionRepository(one, ADA).read_agent("chat-1", "default")
    assert fresh is not None and fresh.state == {"visits": 2}
    assert len(one.events(ADA)) == 2  # one creation event per agent, nothing else

    # ``first`` still holds the creation event ``second`` replaced: its message finds the new one
    first.create_message("chat-1", "default", SessionMessage.from_message({"role": "user", "content": [
        {"text": "hello"}]}, 0))
    assert [(e.role, e.content) for e in other.events(ADA)] == [("system", ""), ("user", "hello")]
    later = EngramSessionRepository(other, ADA)
    default, helper = later.read_agent("chat-1", "default"), later.read_agent("chat-1", "helper-2")
    assert default is not None and default.state == {"visits": 2}
    assert helper is not None and helper.state == {"visits": 9}
    assert [m.to_message()["content"][0]["text"] for m in later.list_messages("chat-1", "default")] == ["hello"]
    assert later.list_messages("chat-1", "helper-2") == []
