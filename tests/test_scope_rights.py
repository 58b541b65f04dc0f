"""Issue 13, items 1 and 7: every path that changes a record's status, and every read of events, follows the
same scope rules (core/scope.py). On every backend."""

from __future__ import annotations

from collections.abc import Callable

import httpx
import pytest

from engram import Memory, PermissionDenied, Scope
from engram.harness.tools import MemoryTools
from engram.keys import create_key
from tests.support.configs import WIDE
from tests.support.http_app import SE, make_env

S1 = Scope("bot", "u1", "s1")
SESSION_WRITE = {"harness": {"memory": {
    "scope": {"read": ["session", "actor", "agent"], "write": ["session"]}}}}


def _agent_record(wide: Memory) -> str:
    return wide.remember(S1, "Office closes at 6pm", scope="agent").id


def _still_active(wide: Memory, rid: str) -> None:
    rec = wide.get(S1, rid)
    assert rec.status == "active" and rec.superseded_by is None


def test_replaces_needs_the_write_right_at_the_replaced_level(make_memory: Callable[..., Memory]) -> None:
    wide = make_memory(WIDE)
    rid = _agent_record(wide)
    narrow = make_memory(SESSION_WRITE)
    with pytest.raises(PermissionDenied) as err:
        narrow.remember(S1, "Office closes at 5pm", scope="session", replaces=rid)
    assert err.value.field == "replaces"
    _still_active(wide, rid)
    with pytest.raises(PermissionDenied):  # batch create with replaces
        narrow.batch(S1, create=[{"summary": "closes at 4pm", "replaces": rid}])
    with pytest.raises(PermissionDenied):  # batch update of an agent-level record
        narrow.batch(S1, update=[{"id": rid, "summary": "closes at 3pm"}])
    with pytest.raises(PermissionDenied):  # remember_many
        narrow.remember_many(S1, [{"summary": "closes at 2pm", "replaces": rid}])
    with pytest.raises(PermissionDenied):  # forget, as before
        narrow.forget(S1, rid)
    _still_active(wide, rid)
    assert [r.id for r in narrow.list(S1)] == [rid]  # nothing half-written
    # the right at the replaced level is enough, whatever level the new record has
    new = wide.remember(S1, "Office closes at 5pm", scope="session", replaces=rid)
    assert wide.get(S1, rid).superseded_by == new.id


def test_memory_tools_cannot_supersede_a_wider_level(make_memory: Callable[..., Memory]) -> None:
    wide = make_memory(WIDE)
    rid = _agent_record(wide)
    narrow = make_memory(SESSION_WRITE)
    with narrow.turn(S1, extract=False) as t:
        tools = MemoryTools(t, results={}, page_tokens=1000)
        with pytest.raises(PermissionDenied):
            tools.add_memory({"summary": "closes at 5pm", "replaces": rid})
    _still_active(wide, rid)


def test_a_strategy_only_supersedes_or_deletes_its_own_namespace(make_memory: Callable[..., Memory]) -> None:
    wide = make_memory(WIDE)
    rid = _agent_record(wide)
    actor_rec = wide.remember(S1, "Likes tea", scope="actor", namespace="/facts/{actorId}/")
    # extraction runs with every level; a strategy writing /facts/u1/ at actor level still may not
    # supersede an agent-level record, nor one of another namespace
    t = wide.turn(S1, extract=False).as_strategy()  # a turn writing at every level, as extraction does
    with pytest.raises(PermissionDenied):
        t.remember("closes at 5pm", scope="actor", namespace="/facts/{actorId}/", strategy="semantic",
                   replaces=rid)
    with pytest.raises(PermissionDenied):
        t.remember("likes coffee", scope="actor", namespace="/preferences/{actorId}/", strategy="semantic",
                   replaces=actor_rec.id)
    with pytest.raises(PermissionDenied):
        t.forget(rid, within={("/facts/u1/", "actor")})
    ok = t.remember("likes coffee", scope="actor", namespace="/facts/{actorId}/", strategy="semantic",
                    replaces=actor_rec.id)
    t.commit()
    _still_active(wide, rid)
    assert wide.get(S1, actor_rec.id).superseded_by == ok.id


@pytest.mark.anyio
async def test_http_replaces_needs_the_replaced_level(make_memory: Callable[..., Memory]) -> None:
    env = make_env(make_memory(WIDE))
    narrow_key = create_key(env.mem.store, "bot", "u1", write=["session"], can_delete=True)[0]
    rid = _agent_record(env.mem)
    transport = httpx.ASGITransport(app=env.app, raise_app_exceptions=False)
    async with httpx.AsyncClient(transport=transport, base_url="http://engram.test",
                                 headers={"Authorization": f"Bearer {narrow_key}"}) as c:
        r = await c.post(SE + "/records", json={"summary": "closes at 5pm", "replaces": rid})
        assert r.status_code == 403, r.text
        assert r.json()["error"]["field"] == "replaces"
        r = await c.post(SE + "/records/batch", json={"ops": [{"op": "create", "summary": "x", "replaces": rid}]})
        assert r.status_code == 403, r.text
        r = await c.post(SE + "/records/batch", json={"ops": [{"op": "update", "id": rid, "summary": "y"}]})
        assert r.status_code == 403, r.text
    _still_active(env.mem, rid)


# -- item 7: reads of events obey scope.read; erase needs a right --------------------------------------------
NO_SESSION = {"harness": {"memory": {"scope": {"read": ["actor"], "write": ["actor"]}}}}


def test_events_and_history_obey_scope_read(make_memory: Callable[..., Memory]) -> None:
    wide = make_memory(WIDE)
    wide.append(S1, [{"role": "user", "content": "my invoice number is 4711"}])
    narrow = make_memory(NO_SESSION)
    for call in (lambda: narrow.events(S1), lambda: narrow.search_history(S1, "invoice"),
                 lambda: narrow.sessions(S1),
                 lambda: narrow.get_event(S1, wide.events(S1)[0].id)):
        with pytest.raises(PermissionDenied):
            call()
    for write in (lambda: narrow.append(S1, [{"role": "user", "content": "hi"}]),
                  lambda: narrow.delete_events(S1, [wide.events(S1)[0].id])):
        with pytest.raises(PermissionDenied):
            write()
    assert len(wide.events(S1)) == 1


def test_erase_needs_a_right(make_memory: Callable[..., Memory]) -> None:
    wide = make_memory(WIDE)
    wide.remember(Scope("bot", "u2", "s9"), "u2 likes tea", scope="actor")
    with pytest.raises(PermissionDenied):  # an actor's scope never erases another actor
        wide.erase(S1, actor="u2")
    narrow = make_memory({"harness": {"memory": {"scope": {"read": ["session"], "write": ["session"]}}}})
    with pytest.raises(PermissionDenied):  # agent-wide erase needs the agent write level
        narrow.erase(Scope("bot"), actor="u2")
    assert wide.list(Scope("bot", "u2", "s9"))  # still there
    report = wide.erase(Scope("bot"), actor="u2")
    assert report.records == 1
