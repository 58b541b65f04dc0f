"""ADK's session service accepts events holding text engram cannot store as text (a NUL a model answered with, a
lone surrogate), in their content, their state delta or a session's initial state, as ADK's own
``InMemorySessionService`` does, and gives them back exactly; the indexed text has U+FFFD in their place, and
engram's own validation of what its other callers send is unchanged. A ``Runner`` whose model answers with a NUL
completes and resumes. ``append_event``'s errors name the ADK event's fields, never engram's ``messages[0]``.
The real ADK classes on SQLite and PostgreSQL."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncGenerator
from typing import Any

import pytest

pytest.importorskip("google.adk")

from google.adk.agents import LlmAgent
from google.adk.events.event import Event as AdkEvent
from google.adk.events.event_actions import EventActions
from google.adk.models.base_llm import BaseLlm
from google.adk.models.llm_request import LlmRequest
from google.adk.models.llm_response import LlmResponse
from google.adk.runners import Runner
from google.adk.sessions import InMemorySessionService
from google.adk.sessions.base_session_service import BaseSessionService, GetSessionConfig
from google.genai import types
from pydantic import Field

from engram import Memory, Scope, ValidationError
from engram.adapters.google_adk import EngramMemoryService, EngramSessionService

ADA = Scope("helper", "ada", "s-1")
INITIAL = {"note": "starts \x00 here", "user:tag\x00": "\ud800", "plain": 1}


def _said(text: str, author: str = "helper") -> AdkEvent:
    return AdkEvent(author=author, invocation_id="i1", content=types.Content(
        role="user" if author == "user" else "model", parts=[types.Part(text=text)]))


ODD: list[AdkEvent] = [  # what ADK's own services store as they are
    _said("a NUL \x00 here", "user"),
    _said("ends in NUL\x00"),
    AdkEvent(author="helper", invocation_id="i1", actions=EventActions(  # says nothing: rides on the latest event
        state_delta={"step\x00": "two \x00", "user:lang": "pt\ud800", "temp:x": "\x00"})),
    AdkEvent(author="helper", invocation_id="i1", content=types.Content(role="model", parts=[types.Part(
        function_call=types.FunctionCall(id="c1", name="lookup", args={"q": "x\x00y"}))])),
    AdkEvent(author="helper", invocation_id="i1", content=types.Content(role="user", parts=[types.Part(
        function_response=types.FunctionResponse(id="c1", name="lookup", response={"found": "\x00 and \ud800"}))])),
    _said("plain"),
    AdkEvent(author="helper", invocation_id="i1", actions=EventActions(state_delta={"done": True})),
]


def _fill(service: BaseSessionService) -> None:
    session = asyncio.run(service.create_session(app_name="helper", user_id="ada", session_id="s-1",
                                                 state=dict(INITIAL)))
    for event in ODD:
        asyncio.run(service.append_event(session, event.model_copy(deep=True)))  # the base class trims temp: keys


def test_events_with_nul_round_trip_as_in_adks_own_service(mem: Memory) -> None:
    ours, theirs = EngramSessionService(mem, agent="helper"), InMemorySessionService()
    _fill(ours)
    _fill(theirs)
    fresh = EngramSessionService(mem, agent="helper")  # read back from the database, as another process would
    got = asyncio.run(fresh.get_session(app_name="helper", user_id="ada", session_id="s-1"))
    want = asyncio.run(theirs.get_session(app_name="helper", user_id="ada", session_id="s-1"))
    assert got is not None and want is not None
    assert got.events == want.events and len(got.events) == len(ODD)
    assert got.events[1].content == ODD[1].content  # the NUL itself, not U+FFFD
    assert got.state == want.state == {**INITIAL, "step\x00": "two \x00", "user:lang": "pt\ud800", "done": True}
    assert asyncio.run(fresh.get_user_state(app_name="helper", user_id="ada")) == asyncio.run(
        theirs.get_user_state(app_name="helper", user_id="ada")) == {"tag\x00": "\ud800", "lang": "pt\ud800"}
    listed = asyncio.run(fresh.list_sessions(app_name="helper")).sessions
    assert [s.state for s in listed] == [s.state for s in asyncio.run(theirs.list_sessions(app_name="helper")).sessions]
    later = asyncio.run(fresh.get_session(app_name="helper", user_id="ada", session_id="s-1",
                                          config=GetSessionConfig(num_recent_events=2)))
    assert later is not None and later.events == want.events[-2:]
    # the indexed text has U+FFFD in place of what engram cannot store as text
    stored = mem.events(ADA)
    assert [(e.role, e.content) for e in stored] == [
        ("system", ""), ("user", "a NUL \ufffd here"), ("assistant", "ends in NUL\ufffd"), ("assistant", ""),
        ("tool", str({"found": "\x00 and \ud800"})), ("assistant", "plain")]
    assert stored[3].tool_calls[0].arguments == {"q": "x\ufffdy"}
    assert isinstance(stored[0].metadata["adk_state_json"], str) and stored[0].metadata["adk_state_json"].isascii()
    assert isinstance(stored[2].metadata["adk_events_json"], str)  # the answer and the state change riding on it
    assert stored[5].metadata == {"adk_events": [ODD[5].model_dump(mode="json", exclude_none=True),
                                                 ODD[6].model_dump(mode="json", exclude_none=True)]}
    found = [h.event.id for h in mem.search_history(ADA, "NUL here", limit=5) if h.event is not None]
    assert found[:1] == [stored[1].id]
    # engram's own validation of the messages its other callers send is unchanged
    with pytest.raises(ValidationError) as exc:
        mem.append(ADA, [{"role": "user", "content": "bad \x00"}])
    assert exc.value.field == "messages[0].content"


class Scripted(BaseLlm):
    """A model in this process: answers with the queued contents, one per call, and keeps what it was sent."""

    replies: list[types.Content] = Field(default_factory=list)
    sent: list[list[types.Content]] = Field(default_factory=list)

    async def generate_content_async(self, llm_request: LlmRequest,
                                     stream: bool = False) -> AsyncGenerator[LlmResponse, None]:
        self.sent.append([c.model_copy(deep=True) for c in llm_request.contents])
        yield LlmResponse(content=self.replies.pop(0))


def lookup(q: str) -> dict[str, str]:
    """Look q up."""
    return {"found": f"{q} \x00"}


def _model(text: str | None = None, call: types.FunctionCall | None = None) -> types.Content:
    part = types.Part(text=text) if call is None else types.Part(function_call=call)
    return types.Content(role="model", parts=[part])


def _run(service: BaseSessionService) -> tuple[Scripted, list[list[AdkEvent]]]:
    model = Scripted(model="scripted", replies=[
        _model(call=types.FunctionCall(id="c1", name="lookup", args={"q": "x\x00y"})), _model("odd \x00 answer"),
        _model("again")])
    runner = Runner(app_name="helper", agent=LlmAgent(name="helper", model=model, tools=[lookup]),
                    session_service=service)

    async def ask(text: str) -> list[AdkEvent]:
        said = types.Content(role="user", parts=[types.Part(text=text)])
        return [e async for e in runner.run_async(user_id="ada", session_id="s-1", new_message=said)]

    asyncio.run(service.create_session(app_name="helper", user_id="ada", session_id="s-1"))
    return model, [asyncio.run(ask("Say \x00 it.")), asyncio.run(ask("Once more."))]


def test_a_model_answering_with_nul_does_not_fail_the_run(mem: Memory) -> None:
    ours, theirs = EngramSessionService(mem, agent="helper"), InMemorySessionService()
    model, runs = _run(ours)
    their_model, their_runs = _run(theirs)
    assert [[e.content for e in run] for run in runs] == [[e.content for e in run] for run in their_runs]
    assert runs[0][-1].content == _model("odd \x00 answer")
    assert model.sent == their_model.sent  # the resumed run sends the model the NUL as it answered it
    assert "odd \x00 answer" in [p.text for c in model.sent[2] for p in c.parts or []]
    got = asyncio.run(EngramSessionService(mem, agent="helper").get_session(
        app_name="helper", user_id="ada", session_id="s-1"))
    assert got is not None and [e for e in got.events if e.author != "user"] == runs[0] + runs[1]
    assert [_text(e) for e in got.events if e.author == "user"] == ["Say \x00 it.", "Once more."]
    # the session's text can go to memory too
    asyncio.run(EngramMemoryService(mem, agent="helper").add_session_to_memory(got))


def _text(e: AdkEvent) -> str:
    return "".join(p.text or "" for p in (e.content.parts or [])) if e.content else ""


def _call(id: str | None = "c1", name: str = "lookup", args: dict[str, Any] | None = None) -> types.Part:
    return types.Part(function_call=types.FunctionCall(id=id, name=name, args=args or {}))


def _deep(n: int) -> Any:
    return {"x": _deep(n - 1)} if n else "\x00"


@pytest.mark.parametrize("parts, delta, field", [
    ([types.Part(text="fine \x00"), _call(id="c" * 300)], {}, "event.content.parts[1].function_call.id"),
    ([_call(id=None, name="f" * 300)], {}, "event.content.parts[0].function_call.name"),
    ([_call(name="f" * 300)], {}, "event.content.parts[0].function_call.name"),
    ([types.Part(function_response=types.FunctionResponse(id="r" * 300, name="lookup", response={"a": "\x00"}))], {},
     "event.content.parts[0].function_response.id"),
    ([types.Part(text="x" * 1_000_001)], {}, "event.content"),
    ([types.Part(text="deep \x00")], {"deep": _deep(40)}, "event.actions.state_delta.deep" + ".x" * 28),
    (None, {"deep": _deep(40)}, "event.actions.state_delta.deep" + ".x" * 28),
])
def test_append_event_errors_name_the_adk_event_and_store_nothing(mem: Memory, parts: Any, delta: dict[str, Any],
                                                                  field: str) -> None:
    sessions = EngramSessionService(mem, agent="helper")
    session = asyncio.run(sessions.create_session(app_name="helper", user_id="ada", session_id="s-1"))
    asyncio.run(sessions.append_event(session, _said("before")))
    before = asyncio.run(sessions.get_session(app_name="helper", user_id="ada", session_id="s-1"))
    bad = AdkEvent(author="helper", invocation_id="i1", actions=EventActions(state_delta=delta),
                   content=None if parts is None else types.Content(role="model", parts=parts))
    with pytest.raises(ValidationError) as exc:
        asyncio.run(sessions.append_event(session, bad))
    assert exc.value.field == field
    assert asyncio.run(sessions.get_session(app_name="helper", user_id="ada", session_id="s-1")) == before
