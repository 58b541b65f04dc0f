"""A demanding newcomer's first hour, replayed: what they tripped over while doing what README and docs/ say.

Each test is one thing that went wrong, met the way a newcomer meets it: the ``engram`` command as a process, the
HTTP API on a real server on loopback with real keys, the library on a real SQLite file.
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

from engram import Memory, Scope, ValidationError

ROOT = Path(__file__).resolve().parents[1]


def cli(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src"), "COLUMNS": "100", "HF_HUB_OFFLINE": "1"}
    env.pop("ENGRAM_DB", None)
    return subprocess.run([sys.executable, "-m", "engram", *args], capture_output=True, text=True, cwd=cwd,
                          env=env, timeout=180)


def error_of(proc: subprocess.CompletedProcess[str]) -> dict[str, Any]:
    assert proc.returncode == 2, (proc.returncode, proc.stdout, proc.stderr)
    assert proc.stdout == ""
    return dict(json.loads(proc.stderr.strip().splitlines()[-1])["error"])


# -- the command line ------------------------------------------------------------------------------------------
def test_db_before_the_command_is_refused_saying_where_it_goes(tmp_path: Path) -> None:
    """`engram --db URL list ...` (the way git and docker take global options) said "invalid choice:
    'sqlite:///…'" for the COMMAND, as if the URL were a misspelt verb."""
    err = error_of(cli("--db", f"sqlite:///{tmp_path / 'x.db'}", "list", "--agent", "bot", cwd=tmp_path))
    assert "invalid choice" not in err["message"]
    assert "after the command" in err["message"] and "--db" in err["message"]
    assert err["field"] == "db"
    err = error_of(cli("--table", "list", "--agent", "bot", cwd=tmp_path))
    assert "after the command" in err["message"] and err["field"] == "table"
    assert not (tmp_path / "x.db").exists() and not (tmp_path / "engram.db").exists()  # nothing opened
    # what the top-level parser does take still works
    assert cli("--version", cwd=tmp_path).stdout.startswith("engram ")


def test_a_misspelt_command_suggests_the_one_meant(tmp_path: Path) -> None:
    """`engram recal ...` listed all 22 verbs; the one meant is named first."""
    err = error_of(cli("recal", "--agent", "bot", "x", cwd=tmp_path))
    assert "did you mean 'recall'?" in err["message"] and err["field"] == "COMMAND"


def test_events_without_a_session_is_refused_not_empty(tmp_path: Path) -> None:
    """`engram events --agent A --actor X` printed `(none)` (exit 0) for an actor with events: a scope without a
    session reads the events of no session, where `append` and `search-history` refuse such a scope."""
    db = f"sqlite:///{tmp_path / 'e.db'}"
    assert cli("append", "--db", db, "--agent", "bot", "--actor", "u1", "--session", "s1", "--content",
               "I live in Oslo", cwd=tmp_path).returncode == 0
    err = error_of(cli("events", "--db", db, "--agent", "bot", "--actor", "u1", "--table", cwd=tmp_path))
    assert err["field"] == "session" and "--session" in err["message"]
    shown = json.loads(cli("events", "--db", db, "--agent", "bot", "--actor", "u1", "--session", "s1",
                           cwd=tmp_path).stdout)
    assert [e["content"] for e in shown] == ["I live in Oslo"]


def test_remember_with_the_default_level_and_no_session_names_the_options(tmp_path: Path) -> None:
    """`engram remember --agent A --actor X "…"` failed with "session-level memory needs a session": the level
    was the default one the user never chose, and the message named neither --session nor --level."""
    err = error_of(cli("remember", "--db", f"sqlite:///{tmp_path / 'r.db'}", "--agent", "bot", "--actor", "u1",
                       "Prefers email", cwd=tmp_path))
    assert "--session" in err["message"] and "--level actor" in err["message"]
    assert err["field"] == "session"
    assert not (tmp_path / "r.db").exists()


# -- ids ---------------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("bad", ["bob\n", "bob\n\n"])
def test_an_id_with_a_trailing_newline_is_refused(bad: str) -> None:
    """`Scope(agent="a", actor="bob\\n")` was accepted (the id pattern's `$` matches before a final newline):
    a second actor that looks like "bob" everywhere it is printed, which HTTP paths refuse."""
    with pytest.raises(ValidationError) as exc:
        Scope(agent="a", actor=bad)
    assert exc.value.field == "scope.actor"
    with pytest.raises(ValidationError):
        Scope(agent=bad)


def test_a_namespace_segment_with_a_trailing_newline_is_refused(tmp_path: Path) -> None:
    """The same pattern checks a namespace's segments: "/notes\n/u1/" was accepted as a namespace of its own."""
    from engram import Memory

    with Memory.open(f"sqlite:///{tmp_path / 'n.db'}") as mem:
        with pytest.raises(ValidationError) as exc:
            mem.remember(Scope(agent="a", actor="bob", session="s"), "x", scope="actor", namespace="/notes\n/bob/")
        assert exc.value.field == "namespace" and mem.list(Scope(agent="a", actor="bob")) == []


def test_a_non_ascii_id_is_refused_saying_ascii(tmp_path: Path) -> None:
    """`--actor Zoë` was refused with "must be … letters, digits …": ë is a letter; the rule is ASCII letters."""
    err = error_of(cli("list", "--db", f"sqlite:///{tmp_path / 'u.db'}", "--agent", "bot", "--actor", "Zoë",
                       cwd=tmp_path))
    assert "ASCII letters" in err["message"] and err["field"] == "actor"


# -- HTTP ----------------------------------------------------------------------------------------------------------
def test_a_misspelt_path_is_404_for_a_key_bound_to_one_actor(tmp_path: Path) -> None:
    """`GET /v1/agents/bot/actor/u1/records` (actor, not actors) with a key bound to actor u1 answered 403 "this key
    is granted one actor; use that actor's paths": the typo read as a missing right. A path no route serves is a
    404 for every key, as it is for a key of the whole agent; a real path outside the grant stays a 403."""
    pytest.importorskip("uvicorn")
    from engram.http.app import create_app
    from engram.keys import create_key
    from tests.support.servers import uvicorn_thread

    mem = Memory.open(f"sqlite:///{tmp_path / 'h.db'}", embedder="hashing")
    actor_key = create_key(mem.store, "bot", "u1")[0]
    agent_key = create_key(mem.store, "bot")[0]
    other_agent = create_key(mem.store, "other")[0]
    with uvicorn_thread(create_app(mem, close_memory=True)) as base, httpx.Client(base_url=base) as http:
        def get(path: str, key: str) -> httpx.Response:
            return http.get(path, headers={"Authorization": f"Bearer {key}"})

        for typo in ("/v1/agents/bot/actor/u1/records", "/v1/agents/bot/foo", "/v1/agents/bot/actors/u1/record"):
            for key in (actor_key, agent_key):
                r = get(typo, key)
                assert r.status_code == 404, (typo, r.text)
                assert r.json()["error"]["type"] == "NotFound"
        # the grant still decides every path a route serves
        assert get("/v1/agents/bot/actors/u1/records", actor_key).status_code == 200
        assert get("/v1/agents/bot/actors/u2/records", actor_key).status_code == 403
        assert get("/v1/agents/bot/records", actor_key).status_code == 403
        assert get("/v1/agents/bot/actors/u1/records", other_agent).status_code == 403
        assert http.get("/v1/agents/bot/foo").status_code == 401  # no key: still asked for one


def test_a_scope_without_a_session_is_not_offered_history_search(tmp_path: Path) -> None:
    """`engram mcp` without `--session` listed `search_history`, which then refused every call ("history search
    needs a session scope"): a tool offered only to fail. Bound to no session, the list leaves it out."""
    from engram import Memory
    from engram.harness.tools import memory_specs

    with Memory.open(f"sqlite:///{tmp_path / 't.db'}") as mem:
        def names(scope: Scope) -> set[str]:
            return {s.name for s in memory_specs(mem.config, scope=scope)}

        assert "search_history" in names(Scope(agent="a", actor="bob", session="s"))
        assert "search_history" not in names(Scope(agent="a", actor="bob"))


@pytest.mark.parametrize("value", ["yes", "true", 1])
def test_a_switch_that_is_not_a_json_boolean_is_refused(tmp_path: Path, value: object) -> None:
    """`"enabled": "yes"` was read as true (and `1`, `"false"` likewise as booleans): a switch is a JSON boolean,
    anything else is refused naming the field, and the database is not created with that configuration."""
    from engram import Memory
    from engram.errors import ConfigError

    review = {"harness": {"memory": {"extraction": {"review": value}}}}
    for doc, field in (({"harness": {"memory": {"enabled": value}}}, "harness.memory.enabled"),
                       (review, "harness.memory.extraction.review")):
        with pytest.raises(ConfigError) as exc:
            Memory.open(f"sqlite:///{tmp_path / 'c.db'}", config=doc)
        assert exc.value.field == field and not (tmp_path / "c.db").exists()
