"""The HTTP API surface, in process (httpx ASGI transport), on every backend."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

from engram.keys import create_key
from tests.support.configs import WIDE
from tests.support.http_app import AC, AG, SE, Env, make_env

pytestmark = pytest.mark.anyio


async def test_health_ready_openapi_metrics(env: Env) -> None:
    async with env.client(None) as c:
        assert (await c.get("/v1/health")).json()["status"] == "ok"
        ready = await c.get("/v1/ready")
        assert ready.status_code == 200 and ready.json()["status"] == "ready"
        spec = (await c.get("/openapi.json")).json()
        paths = spec["paths"]
        assert f"{SE.replace('bot', '{agent}').replace('u1', '{actor}').replace('s1', '{session}')}/events" \
            in paths
        assert "bearer" in str(spec["components"]["securitySchemes"]).lower()
        assert "HTTPValidationError" not in spec["components"]["schemas"]  # errors are documented as ours
        recall = paths["/v1/agents/{agent}/actors/{actor}/sessions/{session}/recall"]["post"]
        assert recall["operationId"] == "recall_session" and "ErrorOut" in str(recall["responses"]["422"])
        m = await c.get("/metrics")
        assert m.status_code == 200
        assert 'engram_http_requests_total{method="GET",route="/v1/health",status="200"} 1' in m.text
        assert "engram_http_request_duration_seconds_bucket" in m.text
        assert "u1" not in m.text  # templates, never ids


async def test_events_roundtrip_and_filters(env: Env) -> None:
    async with env.client() as c:
        r = await c.post(SE + "/events", json={"messages": [
            {"role": "user", "content": "my refund of 42 euros", "metadata": {"ticket": "T-7"}},
            {"role": "assistant", "content": "", "tool_calls": [{"id": "c1", "name": "lookup",
                                                                 "arguments": {"q": "refund"}}]},
            {"role": "tool", "content": "refund approved", "tool_call_id": "c1", "name": "lookup"},
        ]})
        assert r.status_code == 201, r.text
        events = r.json()["events"]
        assert [e["role"] for e in events] == ["user", "assistant", "tool"]
        assert events[0]["metadata"] == {"ticket": "T-7"}
        assert events[1]["tool_calls"][0]["arguments"] == {"q": "refund"}
        got = await c.get(f"{SE}/events/{events[0]['id']}")
        assert got.json()["content"] == "my refund of 42 euros"
        listed = (await c.get(SE + "/events", params={"role": "tool"})).json()
        assert [e["role"] for e in listed["events"]] == ["tool"]
        hits = (await c.post(SE + "/history/search", json={"query": "refund amount"})).json()["hits"]
        assert hits and hits[0]["event"]["session"] == "s1" and "parts" in hits[0]
        gone = await c.delete(f"{SE}/events/{events[0]['id']}")
        assert gone.json() == {"deleted": 1}
        assert (await c.get(f"{SE}/events/{events[0]['id']}")).status_code == 404
        again = await c.delete(f"{SE}/events/{events[0]['id']}")
        assert again.status_code == 404 and again.json()["error"]["type"] == "NotFound"


async def test_event_pages_cover_everything_once(env: Env) -> None:
    """Pages by (at, seq) across events that share one timestamp: none lost, none repeated."""
    t0 = datetime.now(UTC) - timedelta(hours=1)
    msgs = [{"role": "user", "content": f"m{i}", "at": (t0 + timedelta(seconds=i // 7)).isoformat()}
            for i in range(40)]
    async with env.client() as c:
        assert (await c.post(SE + "/events", json={"messages": msgs})).status_code == 201
        for params in ({}, {"after": "2000-01-01T00:00:00Z"}):
            seen: list[str] = []
            token = None
            pages = 0
            while True:
                q: dict[str, Any] = {"limit": 6, **params, **({"page_token": token} if token else {})}
                page = (await c.get(SE + "/events", params=q)).json()
                seen += [e["content"] for e in page["events"]]
                pages += 1
                token = page["next_page_token"]
                if not token:
                    break
            assert sorted(seen, key=lambda s: int(s[1:])) == [f"m{i}" for i in range(40)]
            assert len(set(seen)) == 40 and pages <= 8


async def test_records_lifecycle(env: Env) -> None:
    async with env.client() as c:
        r = await c.post(SE + "/records", json={"summary": "Prefers email over phone", "scope": "actor",
                                                "kind": "guidance", "labels": {"customer_id": "42"}})
        assert r.status_code == 201, r.text
        rec = r.json()
        assert rec["level"] == "actor" and rec["namespace"] == "/actors/u1/" and rec["labels"] == {"customer_id": "42"}
        # visible from the actor path and another session of the actor, not from another actor
        assert (await c.get(f"{AC}/records/{rec['id']}")).status_code == 200
        assert (await c.get(f"/v1/agents/bot/actors/u1/sessions/s2/records/{rec['id']}")).status_code == 200
        assert (await c.get(f"/v1/agents/bot/actors/u2/records/{rec['id']}")).status_code == 404
        hits = (await c.post(SE + "/recall", json={"query": "how to contact the customer by email",
                                                   "limit": 5, "min_score": 0.0})).json()["hits"]
        assert hits[0]["record"]["id"] == rec["id"]
        assert 0 <= hits[0]["score"] <= 1
        assert set(hits[0]["parts"]) == {"lexical", "vector", "recency", "context", "episode", "time", "cosine",
                                         "current"}
        new = (await c.post(SE + "/records", json={"summary": "Prefers SMS now", "scope": "actor",
                                                   "replaces": rec["id"]})).json()
        old = (await c.get(f"{SE}/records/{rec['id']}")).json()
        assert old["status"] == "superseded" and old["superseded_by"] == new["id"]
        hist = (await c.get(f"{SE}/records/{rec['id']}/history")).json()["versions"]
        assert [v["op"] for v in hist] == ["create", "supersede"]
        conflict = await c.post(SE + "/records", json={"summary": "x", "scope": "actor", "replaces": rec["id"]})
        assert conflict.status_code == 409 and conflict.json()["error"]["type"] == "ConflictError"
        gone = await c.delete(f"{SE}/records/{new['id']}")
        assert gone.json()["status"] == "deleted"
        hits = (await c.post(SE + "/recall", json={"query": "SMS"})).json()["hits"]
        assert all(h["record"]["id"] != new["id"] for h in hits)
        listed = (await c.get(AC + "/records", params={"status": ["superseded", "deleted"]})).json()["records"]
        assert {r["id"] for r in listed} == {rec["id"], new["id"]}


async def test_default_level_follows_path(env: Env) -> None:
    async with env.client() as c:
        assert (await c.post(SE + "/records", json={"summary": "a"})).json()["level"] == "session"
        assert (await c.post(AC + "/records", json={"summary": "b"})).json()["level"] == "actor"
        assert (await c.post(AG + "/records", json={"summary": "c"})).json()["level"] == "agent"
        bad = await c.post(AC + "/records", json={"summary": "d", "scope": "session"})
        assert bad.status_code == 422 and bad.json()["error"]["field"] == "scope.session"


async def test_record_pages_and_token_binding(env: Env) -> None:
    async with env.client() as c:
        ops = [{"op": "create", "summary": f"fact {i}", "scope": "actor"} for i in range(23)]
        assert (await c.post(SE + "/records/batch", json={"ops": ops})).status_code == 200
        ids: list[str] = []
        token = None
        while True:
            page = (await c.get(AC + "/records", params={"limit": 5, **({"page_token": token} if token else {})})
                    ).json()
            ids += [r["id"] for r in page["records"]]
            token = page["next_page_token"]
            if not token:
                break
        assert len(ids) == len(set(ids)) == 23
        first = (await c.get(AC + "/records", params={"limit": 5})).json()["next_page_token"]
        other = await c.get("/v1/agents/bot/actors/u2/records", params={"page_token": first})
        assert other.status_code == 422 and other.json()["error"]["field"] == "page_token"
        forged = first[:-3] + ("AAA" if not first.endswith("AAA") else "BBB")
        bad = await c.get(AC + "/records", params={"page_token": forged})
        assert bad.status_code == 422 and bad.json()["error"]["field"] == "page_token"
        wrong_kind = await c.get(SE + "/events", params={"page_token": first})
        assert wrong_kind.status_code == 422


async def test_batch_is_all_or_nothing(env: Env) -> None:
    async with env.client() as c:
        a = (await c.post(AC + "/records", json={"summary": "lives in Paris"})).json()
        b = (await c.post(AC + "/records", json={"summary": "has a cat"})).json()
        ok = await c.post(AC + "/records/batch", json={"ops": [
            {"op": "create", "summary": "works at ACME"},
            {"op": "update", "id": a["id"], "summary": "lives in Lyon"},
            {"op": "delete", "id": b["id"]},
        ]})
        assert ok.status_code == 200, ok.text
        out = ok.json()["records"]
        assert out[1]["replaces"] == a["id"] and out[1]["level"] == "actor" and out[2]["status"] == "deleted"
        before = len((await c.get(AC + "/records")).json()["records"])
        bad = await c.post(AC + "/records/batch", json={"ops": [
            {"op": "create", "summary": "should not stay"},
            {"op": "delete", "id": "r_missing"},
        ]})
        assert bad.status_code == 404
        assert len((await c.get(AC + "/records")).json()["records"]) == before
        invalid = await c.post(AC + "/records/batch", json={"ops": [{"op": "rename", "id": "x"}]})
        assert invalid.status_code == 422 and invalid.json()["error"]["field"].startswith("ops[0]")


async def test_batch_is_memory_batch(env: Env) -> None:
    """The route calls Memory.batch: an update keeps what it does not name, only an active record changes,
    records come back in the order of the ops, and error fields name the op."""
    from engram import Scope

    async with env.client() as c:
        a = (await c.post(AC + "/records", json={"summary": "lives in Paris", "content": "since 2020"})).json()
        b = (await c.post(AC + "/records", json={"summary": "has a cat"})).json()
        r = await c.post(AC + "/records/batch", json={"ops": [
            {"op": "delete", "id": b["id"]},
            {"op": "update", "id": a["id"], "kind": "guidance"},  # no summary: the old one is kept
            {"op": "create", "summary": "works at ACME"},
        ]})
        assert r.status_code == 200, r.text
        out = r.json()["records"]
        assert [o["status"] for o in out] == ["deleted", "active", "active"]
        assert out[0]["id"] == b["id"] and out[2]["summary"] == "works at ACME" and out[2]["level"] == "actor"
        assert (out[1]["replaces"], out[1]["summary"], out[1]["content"], out[1]["kind"]) == \
            (a["id"], "lives in Paris", "since 2020", "guidance")
        # a superseded record cannot change (Memory.batch's rule); the field names the op
        stale = await c.post(AC + "/records/batch", json={"ops": [
            {"op": "create", "summary": "ok"}, {"op": "update", "id": a["id"], "summary": "lives in Rome"}]})
        assert stale.status_code == 409 and stale.json()["error"]["field"] == "ops[1].id", stale.text
        missing = await c.post(AC + "/records/batch", json={"ops": [
            {"op": "create", "summary": "ok"}, {"op": "update", "id": "r_missing", "summary": "x"}]})
        assert missing.status_code == 404 and missing.json()["error"]["field"] == "ops[1].id", missing.text
    # what the route wrote is what the library call writes
    lib = env.mem.batch(Scope("bot", "u1"), update=[{"id": out[1]["id"], "labels": {}}])
    assert lib["updated"][0].summary == "lives in Paris" and lib["updated"][0].kind == "guidance"


async def test_pins_uses_and_budget(env: Env) -> None:
    async with env.client() as c:
        rec = (await c.post(AC + "/records", json={"summary": "Always greet in French"})).json()
        pinned = await c.put(f"{AC}/records/{rec['id']}/pin")
        assert pinned.json()["pinned"] is True
        pins = (await c.get(SE + "/pins")).json()
        assert [r["id"] for r in pins["records"]] == [rec["id"]] and 0 < pins["used_tokens"] <= pins["budget_tokens"]
        assert (await c.delete(f"{AC}/records/{rec['id']}/pin")).json()["pinned"] is False
        logged = await c.post(SE + "/uses", json={"uses": [{"record_id": rec["id"], "score": 0.7}],
                                                  "turn_id": "t-1", "call_index": 2})
        assert logged.json() == {"logged": 1}
        uses = (await c.get(f"{SE}/records/{rec['id']}/uses")).json()["uses"]
        assert uses[0]["turn_id"] == "t-1" and uses[0]["call_index"] == 2 and uses[0]["score"] == 0.7
        long = (await c.post(AC + "/records", json={"summary": "word " * 600})).json()
        over = await c.put(f"{AC}/records/{long['id']}/pin")
        assert over.status_code == 422 and over.json()["error"]["type"] == "PinBudgetExceeded"


async def test_sessions_actors_erase(env: Env) -> None:
    async with env.client() as c:
        for actor, session in (("u1", "s1"), ("u1", "s2"), ("u2", "s9")):
            await c.post(f"/v1/agents/bot/actors/{actor}/sessions/{session}/events",
                         json={"messages": [{"role": "user", "content": "hello"}]})
        await c.post(AC + "/records", json={"summary": "u1 fact"})
        actors = (await c.get(AG + "/actors")).json()["actors"]
        assert {a["actor"]: a["sessions"] for a in actors} == {"u1": 2, "u2": 1}
        assert len((await c.get(AG + "/sessions")).json()["sessions"]) == 3
        assert {s["session"] for s in (await c.get(AC + "/sessions")).json()["sessions"]} == {"s1", "s2"}
        report = (await c.delete(AC)).json()
        assert report["actor"] == "u1" and report["events"] == 2 and report["records"] == 1
        assert {a["actor"] for a in (await c.get(AG + "/actors")).json()["actors"]} == {"u2"}


async def test_actor_jobs_and_actors_pages_are_full(env: Env) -> None:
    """An actor's job page is filtered by the store before the limit (not cut from the agent's newest), and
    actors come from Memory.actors (every session counted, newest first)."""
    from engram.types import Job

    start = datetime(2026, 1, 1, tzinfo=UTC)
    with env.mem.store.write() as tx:
        for i in range(12):  # u1's 3 jobs are the oldest: a limit applied before the filter would hide them
            at = start + timedelta(minutes=i)
            tx.enqueue_job(Job(id=f"j_{i:04d}", kind="extract", agent="bot", actor="u1" if i < 3 else "u2",
                               session="s1", status="pending", attempts=0, error=None, payload={},
                               created_at=at, updated_at=at))
    async with env.client() as c:
        mine = (await c.get(AC + "/jobs", params={"limit": 3})).json()["jobs"]
        assert [j["id"] for j in mine] == ["j_0002", "j_0001", "j_0000"]
        assert len((await c.get(AG + "/jobs", params={"limit": 5})).json()["jobs"]) == 5
        for actor, session in (("u1", "s1"), ("u2", "s1"), ("u3", "s1"), ("u3", "s2")):
            await c.post(f"/v1/agents/bot/actors/{actor}/sessions/{session}/events",
                         json={"messages": [{"role": "user", "content": "hello"}]})
        top = (await c.get(AG + "/actors", params={"limit": 2})).json()["actors"]
        assert [(a["actor"], a["sessions"]) for a in top] == [("u3", 2), ("u2", 1)]
        assert set(top[0]) == {"actor", "sessions", "events", "last_at"}
    async with env.client("actor") as c:  # a key bound to u1 sees u1's jobs only, on its actor's path
        assert {j["actor"] for j in (await c.get(AC + "/jobs")).json()["jobs"]} == {"u1"}


async def test_config_extract_jobs(env: Env) -> None:
    async with env.client() as c:
        cfg = (await c.get("/v1/config")).json()
        assert cfg["config"]["harness"]["memory"]["scope"]["read"] == ["session", "actor", "agent"]
        doc = {"harness": {**WIDE["harness"], "memory": {**WIDE["harness"]["memory"],  # type: ignore[dict-item]
                                                         "strategies": [{"type": "SEMANTIC"}]}}}
        assert (await c.put("/v1/config", json={"config": doc})).status_code == 403  # an agent's admin key
        operator = {"Authorization": f"Bearer {create_key(env.mem.store, None, operator=True)[0]}"}
        put = await c.put("/v1/config", json={"config": doc}, headers=operator)
        assert put.status_code == 200, put.text
        assert put.json()["version"] > (cfg["version"] or 0)
        bad = await c.put("/v1/config", json={"config": {"harness": {"memory": {"nope": 1}}}}, headers=operator)
        assert bad.status_code == 422 and bad.json()["error"]["type"] == "ConfigError"
        assert bad.json()["error"]["field"] == "harness.memory.nope"
        history = (await c.get("/v1/config/history")).json()["versions"]
        assert len(history) >= 2
        ex = await c.post(SE + "/extract", json={})
        assert ex.status_code in (200, 502), ex.text  # 502 only if no offline extractor is installed yet
        jobs = await c.get(AG + "/jobs")
        assert jobs.status_code == 200 and isinstance(jobs.json()["jobs"], list)
        missing = await c.post(AG + "/jobs/j_missing/retry")
        assert missing.status_code == 404


async def test_error_bodies(env: Env) -> None:
    async with env.client() as c:
        r = await c.post(SE + "/events", json={"messages": [{"role": "robot", "content": "x"}]})
        assert r.status_code == 422
        assert r.json()["error"]["field"] == "messages[0].role" and r.json()["error"]["type"] == "ValidationError"
        r = await c.post(SE + "/events", content=b"{not json", headers={"content-type": "application/json"})
        assert r.status_code == 422 and r.json()["error"]["field"] == "body"
        r = await c.post(SE + "/records", json={"summary": "x", "kind": "gossip"})
        assert r.status_code == 422 and r.json()["error"]["field"] == "kind"
        r = await c.post(SE + "/records", json={"summary": "x", "labels": {"undeclared": "1"}})
        assert r.status_code == 422 and r.json()["error"]["field"] == "labels.undeclared"
        r = await c.get(SE + "/events", params={"limit": 0})
        assert r.status_code == 422 and r.json()["error"]["field"] == "limit"
        r = await c.get("/v1/agents/bot/nothing-here")
        assert r.status_code == 404 and r.json()["error"]["type"] == "NotFound"
        r = await c.patch(SE + "/events")
        assert r.status_code == 405 and r.json()["error"]["type"] == "MethodNotAllowed"
        r = await c.get("/v1/agents/b..ot/records")
        assert r.status_code in (403, 422)


async def test_history_disabled_is_409(make_memory: Any) -> None:
    e = make_env(make_memory({"harness": {"history": {"index": "none"}}}))
    async with e.client() as c:
        r = await c.post(SE + "/history/search", json={"query": "x"})
        assert r.status_code == 409 and r.json()["error"] == {
            "type": "HistoryDisabled", "message": r.json()["error"]["message"], "field": "harness.history.index"}


async def test_unexpected_error_is_generic_500(env: Env, monkeypatch: pytest.MonkeyPatch) -> None:
    from engram import Memory

    def boom(*a: object, **k: object) -> None:
        raise RuntimeError("secret internal detail /etc/passwd")

    monkeypatch.setattr(Memory, "recall", boom)
    async with env.client() as c:
        r = await c.post(SE + "/recall", json={"query": "x"})
    assert r.status_code == 500
    assert r.json() == {"error": {"type": "InternalError", "message": r.json()["error"]["message"], "field": None}}
    assert "secret" not in r.text and "passwd" not in r.text


async def test_store_error_is_503(env: Env, monkeypatch: pytest.MonkeyPatch) -> None:
    from engram import Memory, StoreError

    def down(*a: object, **k: object) -> None:
        raise StoreError("database is locked")

    monkeypatch.setattr(Memory, "events", down)
    async with env.client() as c:
        r = await c.get(SE + "/events")
    assert r.status_code == 503 and r.json()["error"]["type"] == "StoreError"
