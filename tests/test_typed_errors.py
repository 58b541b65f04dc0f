"""Issue 13, item 5 and the NaN note: hostile input gets a typed error naming the field, never a driver error or
a 500. On every backend."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from datetime import datetime

import pytest

from engram import ConflictError, Memory, Scope, ValidationError
from engram.keys import create_key
from tests.support.http_app import AC, SE, make_env

S1 = Scope("bot", "u1", "s1")
EXTREMES = ["0001-01-01T00:00:00+05:00", "9999-12-31T23:59:59-05:00", "0001-01-01T00:00:00"]
MANY = 200
LABELS = {f"l{i}": {"number": i + 1, "description": f"label {i}"} for i in range(MANY)}
CONFIG = {"harness": {"memory": {
    "scope": {"read": ["session", "actor", "agent"], "write": ["session", "actor", "agent"]},
    "labels": LABELS}}}


@pytest.mark.parametrize("at", EXTREMES)
def test_extreme_times_are_validation_errors(make_memory: Callable[..., Memory], at: str) -> None:
    mem = make_memory(CONFIG)
    with pytest.raises(ValidationError) as err:
        mem.append(S1, [{"role": "user", "content": "hi", "at": at}])
    assert err.value.field == "messages[0].at"
    for name in ("before", "after"):
        with pytest.raises(ValidationError) as err:
            mem.events(S1, **{name: datetime.fromisoformat(at)})
        assert err.value.field == name
    assert mem.events(S1) == []


def test_label_and_kind_filters_are_bounded(make_memory: Callable[..., Memory]) -> None:
    mem = make_memory(CONFIG)
    mem.remember(S1, "a fact", labels={"l0": "x"})
    filters = {f"l{i}": "x" for i in range(MANY)}
    with pytest.raises(ValidationError) as err:
        mem.list(S1, labels=filters)
    assert err.value.field == "labels"
    with pytest.raises(ValidationError) as err:
        mem.recall(S1, "fact", labels=filters)
    assert err.value.field == "labels"
    with pytest.raises(ValidationError) as err:
        mem.list(S1, kind=[f"k{i}" for i in range(5000)])
    assert err.value.field == "kind"
    assert len(mem.list(S1, labels={"l0": "x"}, status=["active"] * 5000)) == 1  # repeated statuses collapse
    with pytest.raises(ValidationError):
        mem.delete_events(S1, [f"e_{i}" for i in range(50_000)])


def test_a_duplicate_key_hash_is_a_conflict(make_memory: Callable[..., Memory]) -> None:
    mem = make_memory(CONFIG)
    _, grant = create_key(mem.store, "bot")
    twin = dataclasses.replace(grant, id="another")
    with pytest.raises(ConflictError), mem.store.write() as tx:
        tx.insert_key(twin)


def test_metadata_nan_and_infinity_are_refused(make_memory: Callable[..., Memory]) -> None:
    mem = make_memory(CONFIG)
    for bad in (float("nan"), float("inf"), -float("inf")):
        with pytest.raises(ValidationError) as err:
            mem.append(S1, [{"role": "user", "content": "hi", "metadata": {"score": [1.0, bad]}}])
        assert err.value.field == "messages[0].metadata.score[1]"
        with pytest.raises(ValidationError):
            mem.append(S1, [{"role": "assistant", "content": "", "tool_calls": [
                {"id": "c1", "name": "f", "arguments": {"x": bad}}]}])
    assert mem.events(S1) == []
    ok = mem.append(S1, [{"role": "user", "content": "hi", "metadata": {"score": 0.1 + 0.2}}])
    assert mem.events(S1)[0].metadata == ok[0].metadata == {"score": 0.1 + 0.2}


@pytest.mark.anyio
async def test_http_gets_4xx_not_500(make_memory: Callable[..., Memory]) -> None:
    env = make_env(make_memory(CONFIG))
    async with env.client("admin") as c:
        for at in EXTREMES:
            r = await c.post(SE + "/events", json={"messages": [{"role": "user", "content": "x", "at": at}]})
            assert r.status_code == 422, r.text
            for name in ("before", "after"):
                r = await c.get(SE + "/events", params={name: at})
                assert r.status_code == 422, r.text
        labels = {f"l{i}": "x" for i in range(MANY)}
        r = await c.post(SE + "/recall", json={"query": "fact", "labels": labels})
        assert r.status_code == 422, r.text
        r = await c.get(AC + "/records", params={"label": [f"l{i}:x" for i in range(MANY)]})
        assert r.status_code == 422, r.text
        body = '{"messages": [{"role": "user", "content": "x", "metadata": {"v": NaN}}]}'
        r = await c.post(SE + "/events", content=body, headers={"content-type": "application/json"})
        assert r.status_code == 422, r.text
        r = await c.get(SE + "/events")
        assert r.status_code == 200 and r.json()["events"] == []


LONE = "half of a pair \ud83d"  # a lone surrogate: a Python str can hold one, UTF-8 cannot encode it


@pytest.mark.parametrize(("call", "field"), [
    (lambda m: m.append(S1, [{"role": "user", "content": LONE}]), "messages[0].content"),
    (lambda m: m.append(S1, [{"role": "user", "content": "x", "metadata": {"k": LONE}}]), "messages[0].metadata.k"),
    (lambda m: m.append(S1, [{"role": "tool", "content": "x", "tool_call_id": LONE}]), "messages[0].tool_call_id"),
    (lambda m: m.append(S1, [{"role": "assistant", "content": "", "tool_calls": [{"id": "c1", "name": LONE}]}]),
     "messages[0].tool_calls[0].name"),
    (lambda m: m.remember(S1, LONE), "summary"),
    (lambda m: m.remember(S1, "a fact", labels={"l0": LONE}), "labels.l0"),
    (lambda m: m.recall(S1, LONE), "query"),
])
def test_a_lone_surrogate_is_a_validation_error(make_memory: Callable[..., Memory], call: Callable[[Memory], object],
                                                field: str) -> None:
    """Before, SQLite's driver raised an untyped UnicodeEncodeError, and PostgreSQL named no field."""
    mem = make_memory(CONFIG)
    with pytest.raises(ValidationError) as err:
        call(mem)
    assert err.value.field == field and "lone surrogate" in str(err.value)
    assert mem.events(S1) == [] and mem.list(S1) == []


@pytest.mark.parametrize("bad", ["r\x00x", "", 5, "r\ud800"])
@pytest.mark.parametrize("call", ["get", "history", "forget", "pin", "unpin", "chain"])
def test_a_bad_record_id_is_a_validation_error_on_every_backend(make_memory: Callable[..., Memory], call: str,
                                                               bad: object) -> None:
    """A NUL, an empty id or a number was NotFound on SQLite and, on PostgreSQL, an error naming no field (or a
    StoreError): the same typed error naming ``id`` on both now, and nothing is written."""
    mem = make_memory()
    scope = Scope(agent="bot", actor="ana", session="s1")
    kept = mem.remember(scope, "Likes tea")
    with pytest.raises(ValidationError) as err:
        getattr(mem, call)(scope, bad)
    assert err.value.field == "id"
    assert [r.id for r in mem.list(scope)] == [kept.id] and mem.get(scope, kept.id).status == "active"
