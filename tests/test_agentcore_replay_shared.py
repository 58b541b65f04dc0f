"""A signed AgentCore write replayed to *another* server sharing the store is refused as it is by the server that
took it: sightings of signatures are kept in the store (``auth.ReplayGuard`` with a store), claimed atomically,
and purged once their signature window has passed. On real SQLite files and the real PostgreSQL server; the
servers are two engram apps on one database, called with botocore's own SigV4 signer."""

from __future__ import annotations

import json
import time
from datetime import UTC, datetime, timedelta
from typing import Any

import httpx
import pytest
from botocore.auth import SigV4Auth
from botocore.awsrequest import AWSRequest
from botocore.credentials import Credentials

from engram.agentcore import auth, credentials, registry, sigv4, state
from engram.agentcore.auth import REPLAY_GRACE, ReplayGuard
from engram.engine import open_store
from engram.http import create_app
from engram.stores.base import Store
from tests.support.configs import WIDE

T0 = datetime(2026, 12, 6, 10, 0, tzinfo=UTC)
pytestmark = pytest.mark.anyio


def test_two_guards_on_one_store_see_one_anothers_sightings(db_url: str) -> None:
    store = open_store(db_url)
    try:
        a, b = ReplayGuard(store=store), ReplayGuard(store=store)
        assert a.first("sig", T0, T0)
        assert b.first("sig", T0, T0 + timedelta(milliseconds=500))  # the same call made twice in its second
        assert not b.first("sig", T0, T0 + REPLAY_GRACE + timedelta(seconds=1))  # replayed to the other server
        assert not b.first("sig", T0, T0 + REPLAY_GRACE + timedelta(seconds=2))  # judged from the first sighting
        assert not a.first("sig", T0, T0 + timedelta(minutes=10))
        assert b.first("other", T0, T0 + timedelta(minutes=10))
    finally:
        store.close()


def _sightings(store: Store) -> int:
    with store.read() as tx:
        return len(tx.meta_items(state.SIGNATURE))


def test_sightings_are_purged_once_their_window_has_passed(db_url: str) -> None:
    store = open_store(db_url)
    try:
        guard = ReplayGuard(store=store)
        for i in range(3):
            assert guard.first(f"sig-{i}", T0, T0)
        assert _sightings(store) == 3
        later = T0 + sigv4.MAX_SKEW + auth.PURGE_EVERY + timedelta(seconds=1)
        assert ReplayGuard(store=store).first("fresh", later, later)  # another process, a minute on, purges
        assert _sightings(store) == 1
        assert ReplayGuard(store=store).first("sig-0", T0, later)  # its window closed: no longer a sighting
    finally:
        store.close()


async def test_a_write_replayed_to_another_server_is_refused(make_memory: Any, monkeypatch: pytest.MonkeyPatch
                                                             ) -> None:
    first, second = make_memory(WIDE), make_memory(WIDE)  # two servers, one database
    issued = credentials.issue(first.store, "bot")
    res = registry.create(first.store, "bot", "MyMem", region="us-west-2", account="123456789012")
    creds = Credentials(issued.access_key_id, issued.secret_access_key)
    base = "http://engram.test"
    path = f"/memories/{res.id}/events"
    event = {"actorId": "u1", "sessionId": "s1", "eventTimestamp": int(time.time()),
             "payload": [{"conversational": {"content": {"text": "hello once"}, "role": "USER"}}]}
    data = json.dumps(event).encode()
    req = AWSRequest(method="POST", url=base + path, data=data, headers={"Content-Type": "application/json"})
    SigV4Auth(creds, "bedrock-agentcore", "us-west-2").add_auth(req)
    headers = dict(req.headers.items())

    def client(mem: Any) -> httpx.AsyncClient:
        transport = httpx.ASGITransport(app=create_app(mem), raise_app_exceptions=False)
        return httpx.AsyncClient(transport=transport, base_url=base)

    async with client(first) as one, client(second) as two:
        assert (await one.post(path, content=data, headers=headers)).status_code == 201
        monkeypatch.setattr(auth, "REPLAY_GRACE", timedelta(0))  # past the grace of one call made twice at once
        r = await two.post(path, content=data, headers=headers)  # the same bytes, to the other server
        assert r.status_code == 403 and "replay" in r.json()["message"], r.text
        listed = await one.post(f"/memories/{res.id}/actor/u1/sessions/s1", content=b"{}",
                                headers=_signed(creds, base, f"/memories/{res.id}/actor/u1/sessions/s1"))
    assert [e["payload"][0]["conversational"]["content"]["text"] for e in listed.json()["events"]] == ["hello once"]


def _signed(creds: Credentials, base: str, path: str) -> dict[str, str]:
    req = AWSRequest(method="POST", url=base + path, data=b"{}", headers={"Content-Type": "application/json"})
    SigV4Auth(creds, "bedrock-agentcore", "us-west-2").add_auth(req)
    return dict(req.headers.items())
