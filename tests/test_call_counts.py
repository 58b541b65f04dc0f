"""How many items one library call takes, and how long the ids and names in a message may be: one home each in
:mod:`engram.core.validate` (``MAX_BATCH``, ``MAX_USES``, ``MAX_IDS``, ``MAX_TOOL_CALLS``, ``MAX_TOOL_ID``,
``MAX_NAME``, ``MAX_PAGE_TOKEN``), applied by the engine before anything is read or written (a
:class:`ValidationError` naming the list or the field and stating the bound) and imported by the HTTP schemas.

At each bound the call is taken; one past it is refused and nothing changes, on every backend. Two agents share
the store: a refused call of one leaves the other's memory as it was. Past-the-bound lists are made of junk, so
the refusal naming the list (not ``create[0]``) shows that the count is checked before any item."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from engram import Hit, Memory, Scope, ValidationError
from engram.core import validate
from engram.embedders import HashingEmbedder
from tests.support.configs import WIDE

BOT, RIVAL = Scope("bot", "u1", "s1"), Scope("rival", "u1", "s1")


def _state(mem: Memory) -> dict[str, Any]:
    """What both agents hold: records (every status), events and the uses of each record."""
    out: dict[str, Any] = {}
    for scope in (BOT, RIVAL):
        recs = mem.list(scope, status=["active", "superseded", "deleted"], limit=validate.MAX_LIMIT)
        out[scope.agent] = ([(r.id, r.status) for r in recs], [e.id for e in mem.events(scope, validate.MAX_LIMIT)],
                            {r.id: len(mem.uses(scope, r.id, validate.MAX_LIMIT)) for r in recs})
    return out


def _refused(call: Callable[[], object], field: str, bound: int) -> None:
    with pytest.raises(ValidationError) as err:
        call()
    assert err.value.field == field and str(bound) in err.value.message, err.value


@pytest.fixture
def mem(make_memory: Callable[..., Memory]) -> Memory:
    mem = make_memory(WIDE)
    mem.configure("rival", WIDE)
    mem.remember(RIVAL, "Rival keeps the spare key under the mat", scope="actor")
    mem.append(RIVAL, [{"role": "user", "content": "the spare key is under the mat"}])
    return mem


def test_batch_and_remember_many_take_max_batch_writes(mem: Memory) -> None:
    """``Memory.batch`` takes at most ``MAX_BATCH`` record writes (create, update and delete together), and
    ``remember_many`` as many records: one past is refused naming the list that goes past (``create``, ``delete``,
    ``items``) before any item is read; exactly the bound is written."""
    n = validate.MAX_BATCH
    junk: list[Any] = [{}] * (n + 1)  # each one a bad item: only a count check refuses the list as a whole
    before = _state(mem)
    _refused(lambda: mem.batch(BOT, create=junk), "create", n)
    _refused(lambda: mem.batch(BOT, update=junk), "update", n)
    _refused(lambda: mem.batch(BOT, delete=["r_x"] * (n + 1)), "delete", n)
    _refused(lambda: mem.batch(BOT, create=junk[:n], delete=["r_x"]), "delete", n)  # together past the bound
    _refused(lambda: mem.batch(BOT, create=junk[:1], update=junk[:n]), "update", n)
    _refused(lambda: mem.remember_many(BOT, junk), "items", n)
    assert _state(mem) == before

    created = mem.remember_many(BOT, [{"summary": f"note {i}"} for i in range(n)])
    assert len(created) == n and len(mem.list(BOT, limit=validate.MAX_LIMIT)) == n
    done = mem.batch(BOT, create=[{"summary": "one more note"}], update=[{"id": created[0].id, "summary": "note 0!"}],
                     delete=[r.id for r in created[1:n - 1]])  # 1 + 1 + (n - 2): exactly the bound
    assert [len(done[k]) for k in ("created", "updated", "deleted")] == [1, 1, n - 2]
    assert sorted(r.summary for r in mem.list(BOT, limit=validate.MAX_LIMIT)) == sorted(
        ["one more note", "note 0!", f"note {n - 1}"])
    assert _state(mem)["rival"] == before["rival"]


def test_log_uses_takes_max_uses_hits(mem: Memory) -> None:
    """``Memory.log_uses`` logs at most ``MAX_USES`` hits per call (HTTP's ``uses``): one past is refused naming
    ``hits`` and logs nothing; the bound is logged whole."""
    rec = mem.remember(BOT, "Prefers green tea")
    hit = Hit(score=0.5, record=rec)
    before = _state(mem)
    _refused(lambda: mem.log_uses(BOT, [hit] * (validate.MAX_USES + 1)), "hits", validate.MAX_USES)
    assert _state(mem) == before
    mem.log_uses(BOT, [hit] * validate.MAX_USES)
    assert len(mem.uses(BOT, rec.id, validate.MAX_LIMIT)) == validate.MAX_USES
    assert _state(mem)["rival"] == before["rival"]


def test_delete_events_takes_max_ids(mem: Memory) -> None:
    """``Memory.delete_events`` names at most ``MAX_IDS`` events: one past is refused naming ``ids``."""
    events = mem.append(BOT, [{"role": "user", "content": "hello"}])
    before = _state(mem)
    _refused(lambda: mem.delete_events(BOT, [events[0].id] + ["e_x"] * validate.MAX_IDS), "ids", validate.MAX_IDS)
    assert _state(mem) == before
    assert mem.delete_events(BOT, [events[0].id] + [f"e_{i}" for i in range(validate.MAX_IDS - 1)]) == 1
    assert mem.events(BOT) == [] and _state(mem)["rival"] == before["rival"]


def _call(i: int, *, id_len: int = 8, name_len: int = 6) -> dict[str, Any]:
    return {"id": f"{i:0{id_len}d}", "name": "l" * name_len, "arguments": {}}


def _exchange(calls: list[dict[str, Any]], *, answers: str | None = None, name: str = "lookup") -> list[dict[str, Any]]:
    """An assistant message making ``calls`` and a tool result answering ``answers`` (default: the first)."""
    return [{"role": "assistant", "content": "", "tool_calls": calls},
            {"role": "tool", "content": "42", "tool_call_id": answers or calls[0]["id"], "name": name}]


@pytest.mark.parametrize(("messages", "field", "bound"), [
    pytest.param(_exchange([_call(i) for i in range(validate.MAX_TOOL_CALLS + 1)]), "messages[0].tool_calls",
                 validate.MAX_TOOL_CALLS, id="tool_calls"),
    pytest.param(_exchange([_call(1, id_len=validate.MAX_TOOL_ID + 1)], answers="1"),
                 "messages[0].tool_calls[0].id", validate.MAX_TOOL_ID, id="tool_call.id"),
    pytest.param(_exchange([_call(1, name_len=validate.MAX_NAME + 1)]), "messages[0].tool_calls[0].name",
                 validate.MAX_NAME, id="tool_call.name"),
    pytest.param(_exchange([_call(1)], answers="9" * (validate.MAX_TOOL_ID + 1)), "messages[1].tool_call_id",
                 validate.MAX_TOOL_ID, id="tool_call_id"),
    pytest.param(_exchange([_call(1)], name="n" * (validate.MAX_NAME + 1)), "messages[1].name",
                 validate.MAX_NAME, id="name"),
    pytest.param([{"role": "user", "content": ""}] * (validate.MAX_MESSAGES + 1), "messages", validate.MAX_MESSAGES,
                 id="messages"),
])
def test_append_refuses_a_message_past_a_bound(mem: Memory, messages: list[dict[str, Any]], field: str,
                                               bound: int) -> None:
    """A message with one tool call too many, or a tool call id, tool name or message name one character too
    long (or one message too many) is refused naming it, and nothing of the call is stored."""
    before = _state(mem)
    _refused(lambda: mem.append(BOT, messages), field, bound)
    assert _state(mem) == before


def test_append_takes_messages_at_every_bound(mem: Memory) -> None:
    """``MAX_TOOL_CALLS`` calls, ids of ``MAX_TOOL_ID`` and names of ``MAX_NAME`` characters are stored as given."""
    long_id, long_name = "7" * validate.MAX_TOOL_ID, "n" * validate.MAX_NAME
    calls = [_call(i) for i in range(validate.MAX_TOOL_CALLS - 1)] + [
        {"id": long_id, "name": long_name, "arguments": {}}]
    stored = mem.append(BOT, _exchange(calls, answers=long_id, name=long_name))
    assert len(stored[0].tool_calls) == validate.MAX_TOOL_CALLS
    assert (stored[0].tool_calls[-1].id, stored[0].tool_calls[-1].name) == (long_id, long_name)
    got = mem.events(BOT)[-1]
    assert (got.tool_call_id, got.name) == (long_id, long_name)


def test_http_takes_its_bounds_from_the_engine() -> None:
    """The HTTP request schemas state the engine's constants (no copies), and a page token past
    ``MAX_PAGE_TOKEN`` is refused naming ``page_token`` before it is decoded."""
    pytest.importorskip("fastapi")
    from engram.http import schemas as S
    from engram.http.app import create_app
    from engram.http.paging import Tokens

    def most_of(prop: dict[str, Any], key: str) -> Any:
        return next((b[key] for b in prop.get("anyOf", [prop]) if key in b), None)

    def most(model: Any, name: str, key: str = "maxItems") -> Any:
        return most_of(model.model_json_schema()["properties"][name], key)

    assert most(S.BatchIn, "ops") == validate.MAX_BATCH
    assert most(S.UsesIn, "uses") == validate.MAX_USES
    assert most(S.MessageIn, "tool_calls") == validate.MAX_TOOL_CALLS
    assert most(S.MessageIn, "tool_call_id", "maxLength") == validate.MAX_TOOL_ID
    assert most(S.MessageIn, "name", "maxLength") == validate.MAX_NAME
    assert most(S.ToolCallIn, "id", "maxLength") == validate.MAX_TOOL_ID
    assert most(S.ToolCallIn, "name", "maxLength") == validate.MAX_NAME
    mem = Memory.open("sqlite://:memory:", embedder=HashingEmbedder())
    try:
        spec = create_app(mem).openapi()
    finally:
        mem.close()
    paged = [p for op in spec["paths"].values() for o in op.values() for p in o.get("parameters", ())
             if p["name"] == "page_token"]
    assert paged and all(most_of(p["schema"], "maxLength") == validate.MAX_PAGE_TOKEN for p in paged)
    tokens = Tokens(b"0123456789abcdef")
    with pytest.raises(ValidationError) as err:
        tokens.open("a" * (validate.MAX_PAGE_TOKEN + 1), "events", BOT)
    assert err.value.field == "page_token" and str(validate.MAX_PAGE_TOKEN) in err.value.message
