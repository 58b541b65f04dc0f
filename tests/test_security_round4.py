"""The fourth hostile round: a tenant holding a legitimate key (agent ``bot`` / actor ``x``) attacks another
(actor ``y`` of ``bot``, and agent ``rival``) on the paths that changed lately. No hole was found on these
paths; each test pins what holds, through the real faces (the harness, ``engram serve`` on loopback with
httpx, ``engram mcp`` over stdio, boto3 against the AgentCore face).
"""

from __future__ import annotations

import json
import os
import sys
import uuid
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import httpx
import pytest
from botocore.exceptions import ClientError

from engram import Memory, Scope
from engram.embedders import HashingEmbedder
from engram.harness.agent import Agent
from engram.keys import create_key
from tests.support.agentcore import AGENT, served
from tests.support.backends import BACKENDS
from tests.support.configs import MEMORY_ON, WIDE
from tests.support.harness import model, say, use, user
from tests.support.servers import serving

TOOL_TURN = [{"role": "user", "content": "look it up"},
             {"role": "assistant", "content": "", "tool_calls": [{"id": "t1", "name": "lookup", "arguments": {}}]},
             {"role": "tool", "tool_call_id": "t1", "name": "lookup", "content": "the vault code is 5521"}]


def _results(mem: Memory, scope: Scope, name: str, args: dict[str, Any]) -> Any:
    """What the harness's model is shown after it calls ``name`` once in a run on ``scope``."""
    m = model(use(name, **args), say("ok"))
    Agent(mem, m).invoke(scope, user("go"))
    return m.calls[1].tool_results()[0]


# -- the harness: refs, ids and pins of another tenant, with and without a session ---------------------------------
def test_the_harness_reaches_no_other_tenants_refs_or_records(make_memory: Any) -> None:
    mem: Memory = make_memory(WIDE)
    y, rival = Scope("bot", "y", "sy"), Scope("rival", "x", "sx")
    y_ref = mem.append(y, TOOL_TURN)[-1].id
    rival_ref = mem.append(rival, TOOL_TURN)[-1].id
    y_rec = mem.remember(y, "y's private fact", scope="actor")
    rival_rec = mem.remember(rival, "rival's agent fact", scope="agent")
    mem.configure("solo", {"harness": {"memory": {**MEMORY_ON, "scope": {"read": ["agent", "actor"],
                                                                         "write": ["agent", "actor"]}}}})
    solo_rec = mem.remember(Scope("solo", "y"), "solo y's fact", scope="actor")
    # the same session id as y's, and a run without a session (its own run_… session, agent and actor levels)
    for scope, refs, recs in [(Scope("bot", "x", "sy"), [y_ref, rival_ref], [y_rec.id, rival_rec.id]),
                              (Scope("solo", "x"), [y_ref, rival_ref], [solo_rec.id, y_rec.id])]:
        for ref in refs:
            got = _results(mem, scope, "retrieve_result", {"ref": ref})
            # NotFound in a session; a run without one reads no session events at all
            assert got["error"]["type"] in ("NotFound", "PermissionDenied") and "5521" not in str(got), (scope, got)
        for rid in recs:
            for name, args in [("read_memory", {"id": rid}), ("delete_memory", {"id": rid}),
                               ("add_memory", {"summary": "mine now", "replaces": rid, "pin": True})]:
                got = _results(mem, scope, name, args)
                assert got["error"]["type"] == "NotFound", (scope, name, got)
            assert _results(mem, scope, "search_memory", {"ids": [rid]}) == {"results": []}
    assert mem.get(y, y_rec.id).status == "active" and not mem.get(y, y_rec.id).pinned
    assert mem.get(rival, rival_rec.id).status == "active"
    assert mem.get(Scope("solo", "y"), solo_rec.id).status == "active"
    assert [r.summary for r in mem.pinned(Scope("bot", "y", "sy"))] == []


def test_a_pin_of_one_actor_does_not_spend_anothers_budget(make_memory: Any) -> None:
    """The pins' budget counts the pins the scope sees: x pinning up to the budget leaves y's whole."""
    mem: Memory = make_memory({**WIDE, "harness": {**WIDE["harness"], "memory": {
        **WIDE["harness"]["memory"], "pinned": {"max_tokens": 40}}}})
    x, y = Scope("bot", "x", "s1"), Scope("bot", "y", "s1")
    long = "x keeps this pinned " + "word " * 25
    got = _results(mem, x, "add_memory", {"summary": long, "scope": "actor", "pin": True})
    assert "error" not in got, got
    refused = _results(mem, x, "add_memory", {"summary": long, "scope": "actor", "pin": True})
    assert refused["error"]["type"] == "PinBudgetExceeded", refused
    mine = _results(mem, y, "add_memory", {"summary": "y's own pin " + "word " * 25, "scope": "actor", "pin": True})
    assert "error" not in mine, mine
    assert [r.actor for r in mem.pinned(y)] == ["y"]


# -- HTTP: a path the router does not serve as written never gets past the grant ----------------------------------
def test_unserved_spellings_of_a_real_path_do_not_bypass_the_grant(tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 'e.db'}"
    mem = Memory.open(db, embedder=HashingEmbedder(), config=WIDE)
    try:
        y_rec = mem.remember(Scope("bot", "y", "s1"), "y's private fact", scope="actor")
        x_key = create_key(mem.store, "bot", "x", can_delete=True, can_admin=True)[0]
    finally:
        mem.close()
    y = "/v1/agents/bot/actors/y"
    attempts = [("GET", f"{y}/records/"), ("GET", f"{y}/records/{y_rec.id}/"), ("DELETE", f"{y}/records/{y_rec.id}/"),
                ("PUT", f"{y}/records/{y_rec.id}/pin/"), ("DELETE", f"{y}/"), ("PATCH", f"{y}/records/{y_rec.id}"),
                ("GET", "/v1/agents/bot/actors/x%2F..%2Fy/records"), ("GET", f"{y}%2Frecords"),
                ("GET", f"/V1/agents/bot/actors/y/records/{y_rec.id}"), ("GET", "//v1/agents/bot/actors/y/records"),
                ("GET", "/v1/agents/bot/jobs/"), ("GET", "/v1/agents/bot/tools/"), ("PUT", "/v1/agents/bot/config/"),
                ("GET", "/v1/agents/rival/config/")]
    wide = tmp_path / "wide.json"
    wide.write_text(json.dumps(WIDE))
    with serving(db, tmp_path, "--config", str(wide)) as (_, base), httpx.Client(base_url=base, timeout=30,
                                                             headers={"Authorization": f"Bearer {x_key}"}) as c:
        for method, path in attempts:
            r = c.request(method, path, follow_redirects=True, json={"config": WIDE} if method == "PUT" else None)
            assert r.status_code in (403, 404, 405), (method, path, r.status_code, r.text)
            assert "private fact" not in r.text, (method, path)
        assert c.get(f"/v1/agents/bot/actors/x/records/{y_rec.id}").status_code == 404  # its own path: not visible
        assert c.get("/v1/agents/bot/actors/x/records").status_code == 200  # the key works inside its grant
    mem = Memory.open(db, embedder=HashingEmbedder())
    try:
        after = mem.get(Scope("bot", "y", "s1"), y_rec.id)
        assert after.status == "active" and not after.pinned
        assert mem.config_history("bot") == []
    finally:
        mem.close()


# -- MCP: a server bound to (bot, x, s1) reaches nothing of y through its tool arguments ---------------------------
@pytest.mark.anyio
async def test_an_mcp_server_bound_to_one_actor_reaches_no_other(tmp_path: Path) -> None:
    from mcp.client.session import ClientSession
    from mcp.client.stdio import StdioServerParameters, stdio_client

    url = f"sqlite:///{tmp_path / 'mcp.db'}"
    mem = Memory.open(url, embedder=HashingEmbedder(), config=WIDE)
    try:
        y = Scope("bot", "y", "s1")
        y_rec = mem.remember(y, "y's vault code is 5521", scope="actor")
        mem.append(y, TOOL_TURN)  # y's history holds the code too
    finally:
        mem.close()
    params = StdioServerParameters(command=sys.executable, args=[
        "-m", "engram.mcp", "--db", url, "--agent", "bot", "--actor", "x", "--session", "s1",
        "--embedder", "hashing"], cwd=str(tmp_path), env=dict(os.environ))
    with open(tmp_path / "stderr.log", "w") as errlog:
        async with stdio_client(params, errlog=errlog) as (read, write), ClientSession(read, write) as session:
            await session.initialize()
            for name, args in [("read_memory", {"id": y_rec.id}), ("delete_memory", {"id": y_rec.id}),
                               ("add_memory", {"summary": "mine", "replaces": y_rec.id})]:
                got = await session.call_tool(name, args)
                assert got.is_error, (name, got.content)
            for name, args in [("search_memory", {"ids": [y_rec.id]}), ("search_memory", {"query": "vault code"}),
                               ("search_history", {"query": "vault code"})]:
                got = await session.call_tool(name, args)
                text = "".join(getattr(c, "text", "") for c in got.content)
                assert not got.is_error and "5521" not in text, (name, text)
            assert "retrieve_result" not in {t.name for t in (await session.list_tools()).tools}
    mem = Memory.open(url, embedder=HashingEmbedder())
    try:
        assert mem.get(Scope("bot", "y", "s1"), y_rec.id).status == "active"
    finally:
        mem.close()


# -- AgentCore: another actor's client token, event ids and tool-call payloads --------------------------------------
@pytest.mark.parametrize("backend", BACKENDS)
def test_agentcore_tokens_and_event_ids_stay_with_their_actor(backend: str, tmp_path: Path,
                                                              request: pytest.FixtureRequest) -> None:
    with served(backend, tmp_path, request) as ac:
        admin = ac.client()
        x = ac.client(creds=ac.issue(AGENT, "--actor", "x"))
        token = str(uuid.uuid4())
        payload = [{"conversational": {"role": "USER", "content": {"text": "y's vault code is 5521"}}}]
        made = admin.create_event(memoryId=ac.memory.id, actorId="y", sessionId="s1", eventTimestamp=datetime.now(UTC),
                                  payload=payload, clientToken=token)["event"]
        # the same token and the same body under x's own actor: a new event of x, never y's answered back
        mine = x.create_event(memoryId=ac.memory.id, actorId="x", sessionId="s1", eventTimestamp=datetime.now(UTC),
                              payload=payload, clientToken=token)["event"]
        assert mine["eventId"] != made["eventId"] and mine["actorId"] == "x"
        for call in (lambda: x.get_event(memoryId=ac.memory.id, actorId="y", sessionId="s1", eventId=made["eventId"]),
                     lambda: x.list_events(memoryId=ac.memory.id, actorId="y", sessionId="s1"),
                     lambda: x.delete_event(memoryId=ac.memory.id, actorId="y", sessionId="s1",
                                            eventId=made["eventId"]),
                     lambda: x.create_event(memoryId=ac.memory.id, actorId="y", sessionId="s1",
                                            eventTimestamp=datetime.now(UTC), payload=payload, clientToken=token)):
            with pytest.raises(ClientError) as err:
                call()
            assert err.value.response["Error"]["Code"] == "AccessDeniedException"
        # y's event id named under x's own actor and session: not found, not y's
        with pytest.raises(ClientError) as err:
            x.get_event(memoryId=ac.memory.id, actorId="x", sessionId="s1", eventId=made["eventId"])
        assert err.value.response["Error"]["Code"] == "ResourceNotFoundException"
        listed = admin.list_events(memoryId=ac.memory.id, actorId="y", sessionId="s1")["events"]
        assert [e["eventId"] for e in listed] == [made["eventId"]]
