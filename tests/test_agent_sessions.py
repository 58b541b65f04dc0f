"""Twisp sessions: a session of the agent alone, with no actor, on every face and both backends.

``Scope(agent="reviewer", session="acct-991")`` is a session about one subject (an account); its events and
session-level records are seen only by that session, it has no actor level, and it is a different session
from an actor's session that happens to have the same id.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import httpx
import pytest

from engram import Memory, Scope
from engram.embedders import HashingEmbedder
from engram.errors import ScopeError
from engram.http.app import create_app
from engram.keys import create_key
from tests.support.configs import MEMORY_ON
from tests.support.servers import uvicorn_thread

ROOT = Path(__file__).resolve().parents[1]
TWISP = {"harness": {"memory": {**MEMORY_ON, "scope": {"read": ["session", "agent"], "write": ["session", "agent"]}},
                     "history": {"index": "messages"}}}
ACCT = Scope(agent="reviewer", session="acct-991")
OTHER = Scope(agent="reviewer", session="acct-992")
SAME_ID_WITH_ACTOR = Scope(agent="reviewer", actor="acct-991", session="acct-991")


@pytest.fixture
def twisp(make_memory: Any) -> Memory:
    return make_memory(TWISP)


def test_a_session_needs_no_actor() -> None:
    s = Scope(agent="reviewer", session="acct-991")
    assert s.actor is None and s.session == "acct-991"
    s.require("session")
    s.require("agent")
    with pytest.raises(ScopeError) as err:
        s.require("actor")
    assert err.value.field == "scope.actor"


def test_session_records_and_events_stay_with_their_session(twisp: Memory) -> None:
    twisp.append(ACCT, [{"role": "user", "content": "Account 991 is overdrawn by 500 EUR"}])
    rec = twisp.remember(ACCT, "Account 991 is overdrawn by 500 EUR", kind="fact")
    assert (rec.level, rec.actor, rec.session, rec.namespace) == ("session", None, "acct-991", "/sessions/acct-991/")
    guidance = twisp.remember(ACCT, "Escalate every overdraft above 400 EUR", kind="guidance", scope="agent")
    assert [h.record.id for h in twisp.recall(ACCT, "overdrawn 500", min_score=0.0)][:1] == [rec.id]
    for other in (OTHER, SAME_ID_WITH_ACTOR, Scope(agent="reviewer"), Scope(agent="rival", session="acct-991")):
        ids = {h.record.id for h in twisp.recall(other, "overdrawn account 991 500 EUR", min_score=0.0)}
        assert rec.id not in ids, other
        assert rec.id not in {r.id for r in twisp.list(other)}
        assert not twisp.events(other)
        with pytest.raises(Exception):  # noqa: B017  (NotFound: not visible)
            twisp.get(other, rec.id)
    # the agent-level record informs the agent's other sessions (both scopes read agent)
    assert guidance.id in {h.record.id for h in twisp.recall(OTHER, "overdraft escalate", min_score=0.0)}
    assert [e.content for e in twisp.events(ACCT)] == ["Account 991 is overdrawn by 500 EUR"]
    hits = twisp.search_history(ACCT, "overdrawn")
    assert [h.event.content for h in hits if h.event] == ["Account 991 is overdrawn by 500 EUR"]
    assert twisp.search_history(OTHER, "overdrawn") == []
    assert twisp.search_history(SAME_ID_WITH_ACTOR, "overdrawn") == []


def test_no_actor_level_exists_for_a_session_without_actor(make_memory: Any) -> None:
    mem = make_memory({"harness": {"memory": {"scope": {"read": ["session", "actor", "agent"],
                                                        "write": ["session", "actor", "agent"]}}}})
    with pytest.raises(ScopeError):
        mem.remember(ACCT, "x", scope="actor")
    actor_rec = mem.remember(SAME_ID_WITH_ACTOR, "the actor's own fact", scope="actor")
    assert actor_rec.id not in {h.record.id for h in mem.recall(ACCT, "actor own fact", min_score=0.0)}
    narrow = make_memory(TWISP)  # a level the scope cannot have: that, before any configuration advice
    with pytest.raises(ScopeError):
        narrow.remember(ACCT, "x", scope="actor")


def test_turn_forget_and_replace_in_a_session_without_actor(twisp: Memory) -> None:
    with twisp.turn(ACCT) as t:
        t.append([{"role": "user", "content": "limit is 300"}])
        old = t.remember("Credit limit is 300 EUR")
    new = twisp.remember(ACCT, "Credit limit is 800 EUR", replaces=old.id)
    assert twisp.get(ACCT, old.id).status == "superseded"
    twisp.forget(ACCT, new.id)
    assert twisp.recall(ACCT, "credit limit", min_score=0.0) == []
    assert [v.op for v in twisp.history(ACCT, old.id)] == ["create", "supersede"]
    sessions = twisp.sessions(Scope(agent="reviewer"))
    assert {(s["actor"], s["session"]) for s in sessions} == {(None, "acct-991")}


def test_agent_invoke_in_a_session_without_actor(twisp: Memory) -> None:
    from engram.harness.agent import Agent

    agent = Agent(twisp)
    reply = agent.invoke(ACCT, [{"role": "user", "content": "Note: account 991 is frozen."}])
    assert reply.events and all(e.actor is None and e.session == "acct-991" for e in reply.events)
    again = agent.invoke(ACCT, [{"role": "user", "content": "What did I say about the account?"}])
    assert len(twisp.events(ACCT)) == len(reply.events) + len(again.events)
    assert twisp.events(OTHER) == []


def _cli(*args: str, stdin: str | None = None) -> tuple[int, Any, str]:
    proc = subprocess.run([sys.executable, "-m", "engram", *args], capture_output=True, text=True, input=stdin,
                          cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT / "src")}, timeout=120)
    out = json.loads(proc.stdout) if proc.stdout.strip() else None
    return proc.returncode, out, proc.stdout + proc.stderr


def test_cli_session_without_actor(db_url: str, tmp_path: Path) -> None:
    cfg = tmp_path / "twisp.json"
    cfg.write_text(json.dumps({"harness": {**TWISP["harness"], "memory": {**TWISP["harness"]["memory"],
                                                                          "embedder": "hashing"}}}))
    base = ["--db", db_url, "--config", str(cfg), "--agent", "reviewer"]
    code, evs, err = _cli("append", *base, "--session", "acct-991", "--messages",
                          json.dumps([{"role": "user", "content": "Account 991 pays on the 3rd"}]))
    assert code == 0, err
    assert evs[0]["actor"] is None and evs[0]["session"] == "acct-991"
    code, rec, err = _cli("remember", *base, "--session", "acct-991", "Pays on the 3rd")
    assert code == 0, err
    assert rec["level"] == "session" and rec["actor"] is None
    code, hits, err = _cli("recall", *base, "--session", "acct-991", "pays 3rd", "--min-score", "0")
    assert code == 0, err
    assert [h["record"]["id"] for h in hits] == [rec["id"]]
    code, hits, err = _cli("recall", *base, "--session", "acct-992", "pays 3rd", "--min-score", "0")
    assert code == 0 and hits == [], err
    code, events, err = _cli("events", *base, "--session", "acct-991")
    assert code == 0 and [e["content"] for e in events] == ["Account 991 pays on the 3rd"], err


def test_http_paths_for_a_session_without_actor(make_memory: Any) -> None:
    mem = make_memory(TWISP)
    key = create_key(mem.store, "reviewer", can_delete=True)[0]
    actor_key = create_key(mem.store, "reviewer", "acct-991")[0]
    app = create_app(mem)
    se = "/v1/agents/reviewer/sessions/acct-991"
    with uvicorn_thread(app) as base, httpx.Client(base_url=base,
                                                  headers={"Authorization": f"Bearer {key}"}) as c:
        r = c.post(se + "/events", json={"messages": [{"role": "user", "content": "Account 991 owes 40 EUR"}]})
        assert r.status_code == 201, r.text
        assert r.json()["events"][0]["actor"] is None
        assert [e["content"] for e in c.get(se + "/events").json()["events"]] == ["Account 991 owes 40 EUR"]
        hits = c.post(se + "/history/search", json={"query": "owes"}).json()["hits"]
        assert [h["event"]["content"] for h in hits] == ["Account 991 owes 40 EUR"]
        rec = c.post(se + "/records", json={"summary": "Owes 40 EUR"})
        assert rec.status_code == 201, rec.text
        assert rec.json()["level"] == "session" and rec.json()["actor"] is None
        rid = rec.json()["id"]
        assert c.get(f"{se}/records/{rid}").json()["summary"] == "Owes 40 EUR"
        recall = c.post(se + "/recall", json={"query": "how much is owed", "min_score": 0.0}).json()["hits"]
        assert [h["record"]["id"] for h in recall] == [rid]
        other = "/v1/agents/reviewer/sessions/acct-992"
        assert c.post(other + "/recall", json={"query": "owed", "min_score": 0.0}).json()["hits"] == []
        assert c.get(f"{other}/records/{rid}").status_code == 404
        assert c.get(other + "/events").json()["events"] == []
        same_id = "/v1/agents/reviewer/actors/acct-991/sessions/acct-991"
        assert c.get(f"{same_id}/records/{rid}").status_code == 404
        assert c.post(se + "/records", json={"summary": "x", "scope": "actor"}).status_code in (403, 422)
        assert c.delete(f"{se}/records/{rid}").status_code == 200
        # a key granted one actor never reaches a session of the agent alone
        bound = c.get(se + "/events", headers={"Authorization": f"Bearer {actor_key}"})
        assert bound.status_code == 403 and bound.json()["error"]["field"] == "actor"
        paths = c.get("/openapi.json").json()["paths"]
        assert "/v1/agents/{agent}/sessions/{session}/events" in paths
        assert "/v1/agents/{agent}/sessions/{session}/recall" in paths


def test_python_client_for_a_session_without_actor(make_memory: Any) -> None:
    from engram.client import Client

    mem = make_memory(TWISP)
    key = create_key(mem.store, "reviewer")[0]
    with uvicorn_thread(create_app(mem)) as base:
        client = Client(base, key=key)
        try:
            client.append(ACCT, [{"role": "user", "content": "Account 991 is in Lisbon"}])
            rec = client.remember(ACCT, "Account 991 is based in Lisbon")
            assert rec.actor is None and rec.session == "acct-991"
            assert [e.content for e in client.events(ACCT)] == ["Account 991 is in Lisbon"]
            assert [h.record.id for h in client.recall(ACCT, "Lisbon", min_score=0.0) if h.record] == [rec.id]
            assert client.recall(OTHER, "Lisbon", min_score=0.0) == []
        finally:
            client.close()


@pytest.mark.anyio
async def test_mcp_server_bound_to_a_session_without_actor(tmp_path: Path) -> None:
    pytest.importorskip("mcp")
    from mcp.client.session import ClientSession
    from mcp.client.stdio import StdioServerParameters, stdio_client

    url = f"sqlite:///{tmp_path / 'mcp.db'}"
    cfg = tmp_path / "twisp.json"
    cfg.write_text(json.dumps(TWISP))
    mem = Memory.open(url, config=TWISP, embedder=HashingEmbedder())
    try:
        mem.append(ACCT, [{"role": "user", "content": "the account manager is Rui"}])
        mem.remember(OTHER, "acct-992 secret: manager is Ines", kind="fact")
    finally:
        mem.close()
    params = StdioServerParameters(command=sys.executable, args=[
        "-m", "engram.mcp", "--db", url, "--agent", "reviewer", "--session", "acct-991",
        "--embedder", "hashing"], cwd=str(tmp_path), env={**os.environ, "PYTHONPATH": str(ROOT / "src")})
    with open(tmp_path / "stderr.log", "w") as errlog:
        async with stdio_client(params, errlog=errlog) as (read, write), ClientSession(read, write) as session:
            await session.initialize()
            added = await session.call_tool("add_memory", {"summary": "Account manager is Rui"})
            assert not added.is_error, added.content
            data = added.structured_content or {}
            assert data["level"] == "session" and data["actor"] is None and data["session"] == "acct-991"
            found = (await session.call_tool("search_memory", {"query": "account manager"})).structured_content
            assert found is not None
            assert [h["record"]["summary"] for h in found["hits"]] == ["Account manager is Rui"]
            hist = (await session.call_tool("search_history", {"query": "account manager"})).structured_content
            assert hist is not None
            assert [h["event"]["content"] for h in hist["hits"]] == ["the account manager is Rui"]
