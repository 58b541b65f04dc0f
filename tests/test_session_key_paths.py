"""A key bound to a session reaches that one session: of its actor, or (a key bound to no actor) of the agent
alone, never another session that merely has the same id. A session is an (actor, session) pair: an actor-less
key bound to ``t1`` is refused Alice's and Bob's ``t1`` on every ``/actors/{x}/…`` route, and keys bound to actor
``alice`` (with session ``t1`` or none) are refused the actor-less ``t1`` and Bob's ``t1``. Each refusal is a 403
``PermissionDenied`` naming what the key is bound to, sent before anything is read or written (the store is
unchanged). Two actors of one agent, the three key kinds, a real server on 127.0.0.1 over SQLite and PostgreSQL."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

import httpx
import pytest

pytest.importorskip("fastapi")  # the server extra

from engram import Memory, Scope
from engram.errors import PermissionDenied
from engram.grants import Grant
from engram.http import create_app
from engram.keys import create_key
from tests.support.configs import WIDE
from tests.support.routes import endpoints
from tests.support.servers import uvicorn_thread
from tests.support.store_digest import store_digest

AGENT, SESSION = "A", "t1"
ACTORS = ("alice", "bob")
PREFIX = {None: f"/v1/agents/{AGENT}/sessions/{SESSION}",
          **{a: f"/v1/agents/{AGENT}/actors/{a}/sessions/{SESSION}" for a in ACTORS}}
KEYS = {"t1": (None, SESSION), "alice_t1": ("alice", SESSION), "alice": ("alice", None)}  # name -> (actor, session)
REACHES = {"t1": None, "alice_t1": "alice", "alice": "alice"}  # the one of the three t1 sessions each key reaches


@dataclass
class Target:
    """One of the three sessions called ``t1``: its words (never to leak elsewhere) and stored ids."""

    actor: str | None
    word: str
    event: str
    record: str  # a session-level record
    owned: str  # an actor-level record (the actor-less session has no actor level: a second session one)


@dataclass
class World:
    base: str
    http: httpx.Client
    mem: Memory
    app: Any
    keys: dict[str, str]
    targets: dict[str | None, Target]
    digest: Callable[[], str]

    def send(self, key: str, method: str, path: str, body: Any = None) -> httpx.Response:
        return self.http.request(method, self.base + path, json=body,
                                 headers={"Authorization": f"Bearer {self.keys[key]}"})

    def routes(self, actor: str | None) -> list[tuple[str, str, dict[str, Any] | None]]:
        """Every route below one of the ``t1`` sessions (ids: that session's own event and record), and for an
        actor also the actor-wide ones, plus the tester's writes (an actor-level record, a forget)."""
        t = self.targets[actor]
        ids = {"agent": AGENT, "session": SESSION, "actor": actor or "", "record_id": t.record, "event_id": t.event}
        below = PREFIX[actor] + "/"
        wide = f"/v1/agents/{AGENT}/actors/{actor}"
        out = [(m, p, b) for m, p, b in endpoints(self.app, **ids)
               if p.startswith(below) or (actor is not None and (p == wide or p.startswith(wide + "/")))]
        return [*out, ("POST", below + "records", {"summary": "injected", "scope": "actor" if actor else "agent"}),
                ("DELETE", f"{below}records/{t.owned}", None)]


@pytest.fixture
def world(make_memory: Callable[..., Memory], db_url: str) -> Iterator[World]:
    mem = make_memory(WIDE, embed_history="inline")  # every level readable and writable by the configuration
    targets: dict[str | None, Target] = {}
    for actor, word in ((None, "ledgerword"), ("alice", "aliceword"), ("bob", "bobword")):
        scope = Scope(AGENT, actor, SESSION)
        event = mem.append(scope, [{"role": "user", "content": f"{word}: my secret is diabetes"}])[0].id
        record = mem.remember(scope, f"{word} session secret", scope="session").id
        owned = mem.remember(scope, f"{word} wide secret", scope="actor" if actor else "session").id
        targets[actor] = Target(actor, word, event, record, owned)
    keys = {name: create_key(mem.store, AGENT, actor, session=session, can_delete=True, can_admin=True)[0]
            for name, (actor, session) in KEYS.items()}
    app = create_app(mem, run_worker=False)
    with uvicorn_thread(app) as base, httpx.Client(timeout=60) as http, store_digest(db_url) as digest:
        yield World(base, http, mem, app, keys, targets, digest)


def _refused(w: World, key: str, method: str, path: str, body: Any) -> None:
    resp = w.send(key, method, path, body)
    assert resp.status_code == 403, (key, method, path, resp.status_code, resp.text)
    error = resp.json()["error"]
    assert error["type"] == "PermissionDenied" and error["field"] == "actor", (key, method, path, error)
    if KEYS[key] == (None, SESSION):  # the new refusal names the binding and the one path it reaches
        assert "bound to session 't1' of the agent alone (no actor)" in error["message"], error
        assert f"/v1/agents/{AGENT}/sessions/{SESSION}/" in error["message"], error
    assert not any(t.word in resp.text for t in w.targets.values()), resp.text


def test_check_path_pins_the_actor_of_a_session_key() -> None:
    """The one rule, in Grant.check_path: a session key's actor is part of its session."""
    def grant(actor: str | None, session: str | None) -> Grant:
        return Grant("k", AGENT, actor, ("session",), ("session",), True, False, session=session)

    grant(None, SESSION).check_path(AGENT, None, SESSION)
    grant("alice", SESSION).check_path(AGENT, "alice", SESSION)
    grant("alice", None).check_path(AGENT, "alice", SESSION)
    refused = [(grant(None, SESSION), "alice", SESSION), (grant(None, SESSION), "bob", SESSION),
               (grant(None, SESSION), "alice", None), (grant("alice", SESSION), None, SESSION),
               (grant("alice", SESSION), "bob", SESSION), (grant("alice", None), None, SESSION)]
    for g, actor, session in refused:
        with pytest.raises(PermissionDenied) as caught:
            g.check_path(AGENT, actor, session)
        assert caught.value.field == "actor", (g, actor, session)


def test_an_actorless_session_key_reaches_no_actors_session(world: World) -> None:
    """The black-box report: every /actors/{x}/… route, reads and writes, is a 403 that changes nothing."""
    w = world
    before = w.digest()
    for actor in ACTORS:
        routes = w.routes(actor)
        assert len(routes) > 25 and any(p.endswith("/events") and m == "POST" for m, p, _ in routes)
        for method, path, body in routes:
            _refused(w, "t1", method, path, body)
    assert w.digest() == before
    for actor in ACTORS:  # nothing of Alice's or Bob's went
        t = w.targets[actor]
        scope = Scope(AGENT, actor, SESSION)
        assert w.mem.get(scope, t.owned).status == "active" and w.mem.get(scope, t.record).status == "active"
        assert [e.id for e in w.mem.events(scope)] == [t.event]
    # its own session still works, and holds only its own
    own = PREFIX[None]
    events = w.send("t1", "GET", own + "/events")
    assert events.status_code == 200 and [e["actor"] for e in events.json()["events"]] == [None], events.text
    assert "ledgerword" in events.text and "aliceword" not in events.text and "bobword" not in events.text
    made = w.send("t1", "POST", own + "/records", {"summary": "ledgerword closes Friday"})
    assert made.status_code == 201 and (made.json()["actor"], made.json()["session"]) == (None, SESSION), made.text


def test_each_key_kind_reaches_only_its_own_t1(world: World) -> None:
    """Three key kinds by three sessions called t1: one session each, 403 on the other two, store unchanged."""
    w = world
    before = w.digest()
    for key, reaches in REACHES.items():
        for actor in (None, *ACTORS):
            if actor == reaches:
                continue
            for method, path, body in w.routes(actor):
                _refused(w, key, method, path, body)
    assert w.digest() == before
    for key, actor in REACHES.items():  # each reaches its own, and reads there only that session's data
        t = w.targets[actor]
        got = w.send(key, "GET", PREFIX[actor] + "/events")
        assert got.status_code == 200 and [e["id"] for e in got.json()["events"]] == [t.event], (key, got.text)
        recs = w.send(key, "GET", PREFIX[actor] + "/records")
        assert recs.status_code == 200 and t.word in recs.text, (key, recs.text)
        assert not any(o.word in recs.text for o in w.targets.values() if o is not t), (key, recs.text)
        hits = w.send(key, "POST", PREFIX[actor] + "/history/search", {"query": "secret diabetes"})
        assert hits.status_code == 200 and t.word in hits.text, (key, hits.text)
        assert not any(o.word in hits.text for o in w.targets.values() if o is not t), (key, hits.text)
