"""``engram.Client`` against a real uvicorn on 127.0.0.1: same names, same dataclasses, same errors."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

import engram
from engram import Memory, NotFound, PermissionDenied, Scope, StoreError, ValidationError
from engram.client import Client
from engram.embedders import HashingEmbedder
from engram.http.errors import Unauthenticated
from engram.keys import create_key
from tests.support.configs import WIDE
from tests.support.http_app import Env, make_env
from tests.support.servers import free_port, uvicorn_thread

S = Scope("bot", "u1", "s1")
A = Scope("bot", "u1")


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Env, str]]:
    db = tmp_path_factory.mktemp("client") / "engram.db"
    mem = Memory.open(f"sqlite:///{db}", embedder=HashingEmbedder(), config=WIDE)
    env = make_env(mem)
    with uvicorn_thread(env.app) as url:
        yield env, url
    mem.close()


@pytest.fixture
def client(served: tuple[Env, str]) -> Iterator[Any]:
    env, url = served
    with Client(url, env.keys["admin"]) as c:
        yield c


def test_client_is_exposed_lazily() -> None:
    assert engram.Client is Client


def test_events_roundtrip_equal_engine_dataclasses(served: tuple[Env, str], client: Any) -> None:
    env, _ = served
    scope = Scope("bot", "u1", "ev")
    sent = client.append(scope, [
        {"role": "user", "content": "refund of 42 euros", "metadata": {"ticket": "T-7"},
         "at": datetime.now(UTC) - timedelta(minutes=5)},
        {"role": "assistant", "content": "", "tool_calls": [{"id": "c1", "name": "lookup", "arguments": {"q": 1}}]},
        {"role": "tool", "content": "approved", "tool_call_id": "c1", "name": "lookup"},
    ])
    assert sent == env.mem.events(scope)
    assert client.events(scope) == env.mem.events(scope)
    assert client.events(scope, limit=2) == env.mem.events(scope, limit=2)
    assert list(client.iter_events(scope, page_size=1)) == env.mem.events(scope)
    assert client.get_event(scope, sent[0].id) == sent[0]
    hits = client.search_history(scope, "refund amount")
    direct = env.mem.search_history(scope, "refund amount")  # recency moves with the clock: compare events
    assert [h.event for h in hits] == [h.event for h in direct]
    assert [h.score for h in hits] == pytest.approx([h.score for h in direct], abs=1e-6)
    assert hits[0].event.metadata == {"ticket": "T-7"}
    assert client.delete_events(scope, [sent[2].id, "e_missing"]) == 1
    assert len(client.events(scope)) == 2
    assert {s["session"] for s in client.sessions(scope)} >= {"ev"}
    assert "u1" in {a["actor"] for a in client.actors(scope)}


def test_records_roundtrip_equal_engine_dataclasses(served: tuple[Env, str], client: Any) -> None:
    env, _ = served
    rec = client.remember(S, "Prefers email over phone", kind="guidance", labels={"customer_id": "42"},
                          scope="actor")
    assert rec == env.mem.get(S, rec.id)
    assert client.get(A, rec.id) == rec
    new = client.remember(S, "Prefers SMS", scope="actor", replaces=rec.id)
    assert client.history(S, rec.id) == env.mem.history(S, rec.id)
    assert client.get(S, rec.id).superseded_by == new.id
    hits = client.recall(S, "how to contact the customer", limit=5, min_score=0.0)
    assert hits == env.mem.recall(S, "how to contact the customer", limit=5, min_score=0.0)
    assert hits and hits[0].record is not None and hits[0].parts.lexical is not None
    many = client.remember_many(S, [{"summary": "one"}, {"summary": "two", "scope": "actor"}])
    assert [r.level for r in many] == ["session", "actor"]
    listed = client.list(S, limit=100)
    assert listed == env.mem.list(S, limit=100)
    page, token = client.list_page(S, limit=1)
    assert len(page) == 1 and token
    page2, _ = client.list_page(S, limit=1, page_token=token)
    assert page2 and page2[0].id != page[0].id
    out = client.batch(A, [{"op": "update", "id": new.id, "summary": "Prefers SMS, evenings"},
                           {"op": "create", "summary": "has a dog"}])
    assert out[0].replaces == new.id
    gone = client.forget(S, out[1].id)
    assert gone.status == "deleted"
    pinned = client.pin(S, out[0].id)
    assert pinned.pinned and client.pinned(S) == env.mem.pinned(S)
    used, budget = client.pin_budget(S)
    assert (used, budget) == env.mem.pin_budget(S)
    assert not client.unpin(S, out[0].id).pinned
    client.log_uses(S, hits[:1], turn_id="t-9", call_index=1)
    assert client.uses(S, hits[0].record.id) == env.mem.uses(S, hits[0].record.id)
    assert client.uses(S, hits[0].record.id)[0].turn_id == "t-9"


def test_erase_extract_jobs_config(served: tuple[Env, str], client: Any) -> None:
    env, _ = served
    scope = Scope("bot", "gone", "g1")
    client.append(scope, [{"role": "user", "content": "forget me"}])
    client.remember(scope, "gone's fact", scope="actor")
    report = client.erase(scope)
    assert isinstance(report, engram.EraseReport) and report.events == 1 and report.records == 1
    assert client.events(scope) == []
    assert isinstance(client.extract(S), list)
    assert isinstance(client.jobs(S), list)
    assert client.config.memory.scope.read == env.mem.config.memory.scope.read
    with pytest.raises(PermissionDenied):  # the store-wide default needs an operator key (issue 25.3)
        client.set_config(client.config)
    with Client(served[1], create_key(env.mem.store, None, operator=True)[0]) as operator:
        assert operator.set_config(client.config) >= 1
    assert client.whoami()["admin"] is True and client.health()["status"] == "ok"


def test_errors_are_engram_classes(served: tuple[Env, str], client: Any) -> None:
    env, url = served
    with pytest.raises(NotFound) as nf:
        client.get(S, "r_missing")
    assert nf.value.field == "id"
    with pytest.raises(ValidationError) as ve:
        client.remember(S, "x", kind="gossip")
    assert ve.value.field == "kind"
    with pytest.raises(PermissionDenied):
        client.recall(Scope("rival", "u1", "s1"), "x")
    with Client(url, env.keys["actor"]) as c, pytest.raises(PermissionDenied):
        c.recall(Scope("bot", "u2", "s1"), "x")
    with Client(url, "egk_0123456789abcdef_" + "A" * 43) as c, pytest.raises(Unauthenticated):
        c.events(S)
    with Client(url, None) as c, pytest.raises(PermissionDenied):  # 401 is a PermissionDenied too
        c.events(S)
    with pytest.raises(ValidationError):
        client.search_history(A, "needs a session")
    with Client(f"http://127.0.0.1:{free_port()}", "k", timeout=2) as c, pytest.raises(StoreError):
        c.health()


def test_a_refusal_naming_several_fields_reaches_the_client_whole(client: Any) -> None:
    """A configuration breaking two rules: the client's ConfigError lists both fields, as the library's does."""
    bad = {"harness": {"memory": {"scope": {"read": ["galaxy"]}, "pinned": {"max_tokens": -5}}}}
    with pytest.raises(engram.ConfigError) as info:
        client.configure("bot", bad, update=True)
    assert [f for f, _ in info.value.errors] == ["harness.memory.scope.read.0", "harness.memory.pinned.max_tokens"]
