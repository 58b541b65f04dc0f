"""Black-box round 3, the HTTP face, on a real server (uvicorn on 127.0.0.1, real httpx clients, two keys sharing
one store): a bad id in a path states the library's own rule and names the path field; ``GET …/tools`` offers
``delete_memory`` only to a key that may delete; ``GET …/records/{id}/scope`` finds where a bare record id is read,
only among what the key may read; a configuration breaking several rules is a 422 listing each field; docs/http.md
names the routes the inspector uses and the operator key."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

pytest.importorskip("fastapi")  # the server extra

from engram import Memory, Scope
from engram.core import validate
from engram.errors import ScopeError, ValidationError
from engram.http import create_app
from engram.keys import create_key
from engram.types import check_id
from tests.support.servers import uvicorn_thread

DOCS = Path(__file__).resolve().parent.parent / "docs" / "http.md"
AC = "/v1/agents/bot/actors/u1"


@pytest.fixture
def served(mem: Memory) -> Iterator[tuple[str, Memory]]:
    with uvicorn_thread(create_app(mem)) as base:
        yield base, mem


def _as(base: str, mem: Memory, *args: str | None, **kw: object) -> httpx.Client:
    key, _ = create_key(mem.store, "bot", *args, **kw)  # type: ignore[arg-type]
    return httpx.Client(base_url=base, headers={"Authorization": f"Bearer {key}"}, timeout=60)


def _rule(check: object) -> str:
    """The message the library itself gives for a bad id."""
    with pytest.raises(ValidationError) as err:
        check()  # type: ignore[operator]
    return err.value.message


def test_a_bad_path_id_states_the_librarys_rule_and_names_the_path_field(served: tuple[str, Memory]) -> None:
    base, mem = served
    scope_rule = _rule(lambda: check_id("<b>", "actor"))
    assert "ASCII letters" in scope_rule
    with _as(base, mem) as c:
        for path, field in (("/v1/agents/bot/actors/%3Cb%3E/records", "actor"),
                            (AC + "/sessions/a..b/events", "session"),
                            ("/v1/agents/bot/sessions/a..b/records", "session"),
                            ("/v1/agents/bot/actors/" + "a" * 129 + "/records", "actor")):
            err = c.get(path).json()["error"]
            assert (err["field"], err["message"]) == (field, scope_rule), path
        err = c.get(AC + "/records/" + "r" * 129).json()["error"]
        assert (err["field"], err["message"]) == ("record_id", _rule(lambda: validate.record_id("r" * 129)))
        err = c.post("/v1/agents/bot/jobs/" + "j" * 129 + "/retry").json()["error"]
        assert err["field"] == "job_id" and err["message"] == "must be at most 128 characters (a job id)"
        both = c.get("/v1/agents/bot/actors/a..b/sessions/%3C/events").json()["error"]  # every bad id, each named
        assert [(e["field"], e["message"]) for e in both["errors"]] == [("actor", scope_rule), ("session", scope_rule)]
    with pytest.raises(ScopeError):
        Scope("bot", "a..b")  # the same rule in the library


def test_delete_memory_is_offered_only_to_a_key_that_may_delete(served: tuple[str, Memory]) -> None:
    base, mem = served
    rec = mem.remember(Scope("bot", "u1", "s1"), "Prefers email", scope="actor")
    tools = AC + "/sessions/s1/tools"
    with _as(base, mem, "u1") as plain, _as(base, mem, "u1", can_delete=True) as deleter, \
            _as(base, mem, "u1", write=[]) as reader:
        offered = {t["name"] for t in plain.get(tools).json()["tools"]}
        assert "add_memory" in offered and "delete_memory" not in offered
        assert plain.delete(f"{AC}/records/{rec.id}").status_code == 403  # what the tool would have met
        assert "delete_memory" in {t["name"] for t in deleter.get(tools).json()["tools"]}
        assert not {"add_memory", "delete_memory"} & {t["name"] for t in reader.get(tools).json()["tools"]}
    assert mem.get(Scope("bot", "u1"), rec.id).status == "active"


def test_a_bare_record_id_is_found_only_where_the_key_may_read_it(served: tuple[str, Memory]) -> None:
    base, mem = served
    mem.append(Scope("bot", "u1", "s1"), [{"role": "user", "content": "hi"}])
    mem.append(Scope("bot", "u2", "s9"), [{"role": "user", "content": "hello"}])
    mem.append(Scope("bot", session="t1"), [{"role": "user", "content": "account"}])
    actor = mem.remember(Scope("bot", "u1", "s1"), "Prefers email", scope="actor")
    session = mem.remember(Scope("bot", "u1", "s1"), "Order 1042 refunded", scope="session")
    agent = mem.remember(Scope("bot"), "Support hours 9-17", scope="agent")
    other = mem.remember(Scope("bot", "u2", "s9"), "Lives in Porto", scope="actor")
    alone = mem.remember(Scope("bot", session="t1"), "Account disputes two charges", scope="session")
    found = {"u1": {"agent": "bot", "actor": "u1", "session": None},
             "s1": {"agent": "bot", "actor": "u1", "session": "s1"},
             "agent": {"agent": "bot", "actor": None, "session": None},
             "u2": {"agent": "bot", "actor": "u2", "session": None},
             "t1": {"agent": "bot", "actor": None, "session": "t1"}}
    with _as(base, mem) as whole, _as(base, mem, "u2") as bob:
        for rec, want in ((actor, "u1"), (session, "s1"), (agent, "agent"), (other, "u2"), (alone, "t1")):
            assert whole.get(f"/v1/agents/bot/records/{rec.id}/scope").json() == found[want], rec.summary
        # a key bound to u2 finds its own and the agent's records, never u1's, and only at its own path
        assert bob.get(f"/v1/agents/bot/actors/u2/records/{other.id}/scope").json() == found["u2"]
        assert bob.get(f"/v1/agents/bot/actors/u2/records/{agent.id}/scope").json() == found["agent"]
        for rec in (actor, session, alone):
            r = bob.get(f"/v1/agents/bot/actors/u2/records/{rec.id}/scope")
            assert r.status_code == 404 and r.json()["error"]["field"] == "record_id"
        assert bob.get(f"/v1/agents/bot/actors/u1/records/{actor.id}/scope").status_code == 403
        assert bob.get(f"/v1/agents/bot/records/{other.id}/scope").status_code == 403
    with _as(base, mem, read=["agent"]) as agent_only:  # the key's read levels hold as they do for a read by path
        assert agent_only.get(f"/v1/agents/bot/records/{agent.id}/scope").json() == found["agent"]
        assert agent_only.get(f"/v1/agents/bot/records/{actor.id}/scope").status_code == 404


def test_a_configuration_422_lists_every_invalid_field(served: tuple[str, Memory]) -> None:
    """The HTTP body carries what the error lists (``ConfigError.errors``), as the request-schema 422 does."""
    base, mem = served
    bad = {"config": {"harness": {"memory": {"scope": {"read": ["bogus"]}, "pinned": {"max_tokens": -1}}}}}
    with _as(base, mem, can_admin=True) as c:
        for method in ("PATCH", "PUT"):
            r = c.request(method, "/v1/agents/bot/config", json=bad)
            err = r.json()["error"]
            assert r.status_code == 422 and err["type"] == "ConfigError", r.text
            assert [e["field"] for e in err["errors"]] == ["harness.memory.scope.read.0",
                                                           "harness.memory.pinned.max_tokens"]
            assert err["field"] == "harness.memory.scope.read.0" and err["message"].startswith("2 errors: ")
    assert mem.config_history("bot") == []  # refused whole


def test_the_docs_name_the_operator_key_and_the_routes_the_inspector_uses() -> None:
    text = DOCS.read_text()
    keys = text.split("## Keys", 1)[1].split("## Routes", 1)[0]
    assert "--operator" in keys and "PUT /v1/config" in keys
    block = text.split("## Routes", 1)[1].split("```text", 1)[1].split("```", 1)[0]
    for route in ("GET /v1/agents/{a}/actors", "GET /v1/agents/{a}/sessions", "GET /v1/agents/{a}/actors/{x}/sessions",
                  "GET /v1/agents/{a}/actors/{x}/jobs", "GET …/records/{id}/scope"):
        assert route in block, route
    assert "…/jobs" not in block  # jobs are named at the depths that serve them, not as a suffix of every depth
