"""Issue 27: a newcomer's first hour, tested as they meet it (the CLI through its process, HTTP on a real server,
the library as a script would call it): defaults that remember, settings applied or refused, trust papercuts,
provider message shapes, and the CLI's papercuts."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
import pytest

import engram
from engram import Agent, ConfigError, Memory, PermissionDenied, Scope, ValidationError
from engram.cli import EXAMPLES, build_parser
from engram.http.app import create_app
from engram.keys import create_key
from engram.models.openai import OpenAIModel
from tests.support.servers import uvicorn_thread
from tests.support.wire import Recorded, openai_chat, serve

ROOT = Path(__file__).resolve().parents[1]
S1 = Scope(agent="bot", actor="u1", session="s1")
S2 = Scope(agent="bot", actor="u1", session="s2")
# what the tour configures: every level, the strategies that extract facts and summaries (so each test below
# fails on the old code for its own reason, not for the old defaults')
TOUR = {"harness": {"memory": {"enabled": True,
                               "scope": {"read": ["session", "actor", "agent"], "write": ["session", "actor", "agent"]},
                               "strategies": [{"type": "SEMANTIC"}, {"type": "SUMMARIZATION"}]}}}


def cli(*args: str, stdin: str | None = None, cwd: Path = ROOT, env: dict[str, str] | None = None,
        ) -> subprocess.CompletedProcess[str]:
    base = {**os.environ, "PYTHONPATH": str(ROOT / "src"), "COLUMNS": "80"}
    return subprocess.run([sys.executable, "-m", "engram", *args], capture_output=True, text=True, input=stdin,
                          cwd=cwd, env={**base, **(env or {})}, timeout=180)


def error_of(proc: subprocess.CompletedProcess[str]) -> dict[str, Any]:
    assert proc.returncode == 2, (proc.returncode, proc.stdout, proc.stderr)
    return dict(json.loads(proc.stderr.strip().splitlines()[-1])["error"])


# -- 1. defaults that remember ----------------------------------------------------------------------------------
def test_no_configuration_remembers_across_sessions(make_memory: Callable[..., Memory]) -> None:
    mem = make_memory()
    cfg = mem.config
    assert [s.type for s in cfg.memory.strategies] == ["SEMANTIC", "SUMMARIZATION"]
    assert cfg.memory.scope.read == ("session", "actor") == cfg.memory.scope.write
    assert cfg.harness.history.event_expiry_days == 30
    mem.append(S1, [{"role": "user", "content": "I am allergic to peanuts."}])
    assert [r.summary for r in mem.list(S2)] == ["Allergic to peanuts"]  # extracted at actor level
    # a session of the agent alone (the Twisp shape of scope) still works: actor strategies skip it
    lone = Scope(agent="bot", session="x")
    assert mem.append(lone, [{"role": "user", "content": "I live in Porto."}])
    with pytest.raises(PermissionDenied) as err:
        mem.remember(S1, "Standing rule", scope="agent")
    assert "add it in harness.memory.scope.write" in str(err.value)


def test_twisp_shape_keeps_its_defaults_and_names_the_setting(make_memory: Callable[..., Memory]) -> None:
    mem = make_memory({"harness": {"memory": {"enabled": True}}})
    assert mem.config.memory.scope.write == ("session",) and not mem.config.memory.strategies
    with pytest.raises(PermissionDenied) as err:
        mem.remember(S1, "Prefers email", scope="actor")
    assert str(err.value).startswith("scope: writing at level 'actor': scope.write does not include 'actor'")
    assert "harness.memory.scope.write" in str(err.value)
    with pytest.raises(PermissionDenied, match=r"harness\.memory\.scope\.read"):
        make_memory({"harness": {"memory": {"scope": {"read": ["actor"]}}}}).events(S1)


def test_engram_chat_remembers_across_sessions(tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 'chat.db'}"
    first = cli("chat", "--db", db, "--session", "monday", stdin="I am allergic to peanuts.\n")
    assert first.returncode == 0, first.stderr
    second = cli("chat", "--db", db, "--session", "tuesday", stdin="What am I allergic to?\n")
    assert second.returncode == 0, second.stderr
    assert "Allergic to peanuts" in second.stdout and "recalled: nothing" not in second.stdout


def test_remember_at_actor_level_with_no_configuration(tmp_path: Path) -> None:
    db = ["--db", f"sqlite:///{tmp_path / 'x.db'}", "--agent", "bot", "--actor", "u1", "--session", "s1"]
    done = cli("remember", *db, "Prefers email", "--level", "actor")
    assert done.returncode == 0, done.stderr and json.loads(done.stdout)["level"] == "actor"
    err = error_of(cli("remember", *db, "Rule for all", "--level", "agent"))
    assert err["type"] == "PermissionDenied" and "harness.memory.scope.write" in err["message"]


# -- 2. a setting is applied or refused ---------------------------------------------------------------------------
def test_the_harness_shape_searches_history_only_with_an_index(make_memory: Callable[..., Memory]) -> None:
    """The Twisp document: "`none` (default) | Nothing."; naming an index turns history search on."""
    mem = make_memory({"harness": {"memory": {"scope": {"read": ["session", "actor"], "write": ["session"]}}}})
    assert mem.config.harness.history.index == "none"
    mem = make_memory({"harness": {"memory": {"scope": {"read": ["session", "actor"], "write": ["session"]}},
                                   "history": {"index": "messages"}}})
    mem.append(S1, [{"role": "user", "content": "the refund was 41.20 EUR"}])
    assert mem.search_history(S1, "refund amount")[0].event.content == "the refund was 41.20 EUR"  # type: ignore[union-attr]


def test_a_per_agent_model_is_used_for_extraction(make_memory: Callable[..., Memory],
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test")  # built, never called: no network here
    mem = make_memory()
    with pytest.raises(ConfigError, match='"enabled": true') as nothing:  # memory is off: nothing to extract
        mem.configure("cheap", {"harness": {"memory": {"model": "openai:cheap-review-1"}}})
    assert nothing.value.field == "harness.memory.model" and mem.config_history("cheap") == []
    mem.configure("cheap", {"harness": {"memory": {"enabled": True, "model": "openai:cheap-review-1"}}})
    used = mem.extraction.model_for("cheap")
    assert isinstance(used, OpenAIModel) and used.model == "cheap-review-1"
    assert mem.extraction.model_for("other") is None  # the default: the offline extractor
    # ...and extraction calls it: the agent's turn reaches the (local, fake) OpenAI server with its model name
    calls: list[str] = []

    def reply(req: Recorded) -> dict[str, Any]:
        calls.append(req.json["model"])
        mems = [{"summary": "Prefers email", "key": "contact/channel", "value": "email", "category": "preference",
                 "action": "assert", "multi_valued": False, "sources": [1], "evidence": "prefer email"}]
        return openai_chat(json.dumps({"memories": mems}))

    with serve(handler=reply) as srv:
        monkeypatch.setenv("OPENAI_BASE_URL", f"{srv.url}/v1")
        mem.configure("cheap", {"harness": {"memory": {"enabled": True, "model": "openai:cheap-review-2"}}})
        mem.append(Scope("cheap", "u1", "s1"), [{"role": "user", "content": "I prefer email."}])
    assert calls and set(calls) == {"cheap-review-2"}
    with pytest.raises(ConfigError) as err:
        mem.configure("cheap", {"harness": {"memory": {"model": "gpt-4o-mini"}}})
    assert err.value.field == "harness.memory.model"
    with pytest.raises(ConfigError, match="unknown model provider"):
        mem.configure("cheap", {"harness": {"memory": {"model": "openia:gpt-4o-mini"}}})
    assert mem.config_for("cheap").memory.model == "openai:cheap-review-2"  # a refused one changed nothing


# -- 5. trust papercuts ---------------------------------------------------------------------------------------------
def test_forget_returns_the_record_as_stored(make_memory: Callable[..., Memory]) -> None:
    mem = make_memory(TOUR)
    rec = mem.remember(S1, "Lives in Lisbon", scope="actor")
    gone = mem.forget(S1, rec.id)
    assert gone.status == "deleted" and gone.version == 2 and gone.updated_at > rec.updated_at
    assert gone == mem.get(S1, rec.id)


def test_a_strategy_supersede_names_the_strategy_and_its_events(make_memory: Callable[..., Memory]) -> None:
    mem = make_memory(TOUR)
    mem.append(S1, [{"role": "user", "content": "I live in Lisbon."}])
    moved = mem.append(S2, [{"role": "user", "content": "I moved to Porto last week."}])
    old = mem.list(S1, status="superseded")
    assert [r.summary for r in old] == ["Lives in Lisbon"]
    supersede = mem.history(S1, old[0].id)[-1]
    assert supersede.op == "supersede" and supersede.provenance.strategy == "semantic"
    assert supersede.provenance.source_event_ids == (moved[0].id,)


def test_a_fact_remembered_and_extracted_in_one_turn_is_one_record(make_memory: Callable[..., Memory]) -> None:
    mem = make_memory(TOUR)
    with mem.turn(S1) as t:
        t.append([{"role": "user", "content": "I'm allergic to peanuts"}])
        t.remember("Allergic to peanuts", scope="actor")
    assert [r.summary for r in mem.list(S1)] == ["Allergic to peanuts"]


def test_search_history_returns_only_events_that_match(make_memory: Callable[..., Memory]) -> None:
    mem = make_memory(embedder="default")  # the offline default embedder, as a newcomer has it
    mem.append(S1, [{"role": "user", "content": "Hi, I need help with my order."},
                    {"role": "assistant", "content": "Of course, what is the order number?"},
                    {"role": "user", "content": "It is 4471. Also, I'm allergic to peanuts."},
                    {"role": "assistant", "content": "Noted, thank you."},
                    {"role": "user", "content": "When will it arrive?"},
                    {"role": "assistant", "content": "It ships tomorrow."}])
    assert [h.event.content for h in mem.search_history(S1, "peanuts", limit=10) if h.event] == \
        ["It is 4471. Also, I'm allergic to peanuts."]


def test_rerunning_the_demo_prints_the_same_story(tmp_path: Path) -> None:
    first, second = cli("demo", cwd=tmp_path), cli("demo", cwd=tmp_path)  # a fresh temporary database each
    assert first.returncode == 0 == second.returncode, second.stderr

    def story(out: str) -> list[str]:
        return [line for line in out.splitlines() if not line.startswith("engram demo on")]

    assert story(first.stdout) == story(second.stdout) and "session visit-3" in first.stdout
    db = f"sqlite:///{tmp_path / 'mine.db'}"
    assert cli("demo", "--db", db, cwd=tmp_path).returncode == 0
    assert error_of(cli("demo", "--db", db, cwd=tmp_path))["field"] == "db"  # would garble: refused
    again = cli("demo", "--db", db, "--reset", cwd=tmp_path)
    assert again.returncode == 0 and story(again.stdout) == story(first.stdout)


# -- 6. provider message shapes -------------------------------------------------------------------------------------
OPENAI = [{"role": "user", "content": [{"type": "text", "text": "I am allergic to peanuts."}]}]
ANTHROPIC = [{"role": "user", "content": [{"type": "text", "text": "I live in Porto.",
                                           "cache_control": {"type": "ephemeral"}}]}]
IMAGE = [{"role": "user", "content": [{"type": "text", "text": "look"},
                                      {"type": "image_url", "image_url": {"url": "https://x/y.png"}}]}]


def test_content_part_lists_in_the_library_and_the_agent(make_memory: Callable[..., Memory]) -> None:
    mem = make_memory()
    assert mem.append(S1, OPENAI)[0].content == "I am allergic to peanuts."
    with mem.turn(S1) as t:
        assert t.append(ANTHROPIC)[0].content == "I live in Porto."
    reply = Agent(mem).invoke(S2, [{"role": "user", "content": [{"type": "input_text", "text": "My allergies?"}]}])
    assert "Allergic to peanuts" in reply.text
    before = mem.events(S1)
    with pytest.raises(ValidationError) as err:
        mem.append(S1, IMAGE)
    assert err.value.field == "messages[0].content[1].type" and "image_url" in str(err.value)
    assert mem.events(S1) == before


def test_content_part_lists_over_http_and_the_cli(make_memory: Callable[..., Memory], tmp_path: Path) -> None:
    mem = make_memory()
    key = create_key(mem.store, "bot")[0]
    path = "/v1/agents/bot/actors/u1/sessions/s1/events"
    with uvicorn_thread(create_app(mem)) as base:
        auth = {"Authorization": f"Bearer {key}"}
        ok = httpx.post(base + path, json={"messages": OPENAI + ANTHROPIC}, headers=auth, timeout=120)
        bad = httpx.post(base + path, json={"messages": IMAGE}, headers=auth, timeout=120)
    assert ok.status_code == 201, ok.text
    assert [e["content"] for e in ok.json()["events"]] == ["I am allergic to peanuts.", "I live in Porto."]
    assert bad.status_code == 422 and bad.json()["error"]["field"] == "messages[0].content[1].type"
    db = ["--db", f"sqlite:///{tmp_path / 'c.db'}", "--agent", "bot", "--actor", "u1", "--session", "s1"]
    done = cli("append", *db, "--messages", json.dumps(OPENAI))
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)[0]["content"] == "I am allergic to peanuts."


# -- 7. the CLI as a user meets it ------------------------------------------------------------------------------------
def test_version_and_bare_engram() -> None:
    version = cli("--version")
    assert version.returncode == 0 and version.stdout.strip() == f"engram {engram.__version__}"
    bare = cli()
    assert bare.returncode == 0 and bare.stdout.startswith("usage: engram") and "recall" in bare.stdout
    assert "error" not in bare.stderr
    keys = cli("keys")
    assert keys.returncode == 2 and "create" in keys.stdout and "{" not in keys.stderr


def test_every_command_has_a_description_defaults_and_an_example() -> None:
    parser = build_parser()
    sub = next(a for a in parser._actions if a.dest == "command")
    assert set(sub.choices) | {"keys create", "keys list", "keys revoke"} <= set(EXAMPLES)  # type: ignore[attr-defined]
    shown = cli("recall", "--help")
    assert shown.returncode == 0
    assert "records that best match a query" in shown.stdout and "example:\n  engram recall" in shown.stdout
    events = cli("events", "--help").stdout
    assert "(default: 50)" in events and "--before" in events


def test_tables_fit_the_terminal_and_show_what_matters(tmp_path: Path) -> None:
    db = ["--db", f"sqlite:///{tmp_path / 't.db'}", "--agent", "bot", "--actor", "u1", "--session", "s1"]
    long = "Customer explained at length that " + "the parcel was left at the wrong door again " * 8
    rec = json.loads(cli("remember", *db, "Parcel left at the wrong door", "--content", long,
                         "--level", "actor").stdout)
    listed = cli("list", *db, "--table")
    assert listed.returncode == 0 and all(len(line) <= 80 for line in listed.stdout.splitlines())
    assert rec["id"] in listed.stdout and not listed.stdout.startswith(" ")  # ids whole, no empty first column
    whole = cli("get", *db, rec["id"], "--table").stdout
    assert "".join(whole.split()).count("".join(long.split())) == 1  # the whole content, wrapped, never cut
    cli("forget", *db, rec["id"])
    history = cli("history", *db, rec["id"], "--table").stdout.splitlines()
    assert history[0].split()[0] == "op" and [ln.split()[0] for ln in history[2:]] == ["create", "delete"]
    key = cli("keys", "create", "--db", db[1], "--agent", "bot", "--name", "desk")
    assert key.returncode == 0
    keys = cli("keys", "list", "--db", db[1], "--table")
    assert keys.returncode == 0 and "desk" in keys.stdout and "{" not in keys.stdout


def test_events_page_back(tmp_path: Path) -> None:
    db = ["--db", f"sqlite:///{tmp_path / 'e.db'}", "--agent", "bot", "--actor", "u1", "--session", "s1"]
    batch = [{"role": "user", "content": f"message {i}"} for i in range(5)]  # one append: one instant
    assert cli("append", *db, "--messages", json.dumps(batch)).returncode == 0
    last = json.loads(cli("events", *db, "--limit", "2").stdout)
    assert [e["content"] for e in last] == ["message 3", "message 4"]
    back = json.loads(cli("events", *db, "--limit", "2", "--before", last[0]["id"]).stdout)
    assert [e["content"] for e in back] == ["message 1", "message 2"]
    first = json.loads(cli("events", *db, "--limit", "2", "--before", back[0]["id"]).stdout)
    assert [e["content"] for e in first] == ["message 0"]


def test_recall_limit_zero_is_one_rule(make_memory: Callable[..., Memory], tmp_path: Path) -> None:
    mem = make_memory(TOUR)
    mem.remember(S1, "Prefers email", scope="actor")
    with pytest.raises(ValidationError) as err:
        mem.recall(S1, "email", limit=0)
    assert err.value.field == "limit"
    db = ["--db", f"sqlite:///{tmp_path / 'r.db'}", "--agent", "bot", "--actor", "u1"]
    assert error_of(cli("recall", *db, "email", "--limit", "0"))["field"] == "limit"


def test_serve_on_a_busy_port_is_a_json_error(tmp_path: Path) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen(1)
        port = taken.getsockname()[1]
        err = error_of(cli("serve", "--db", f"sqlite:///{tmp_path / 's.db'}", "--port", str(port)))
    assert err["type"] == "ValidationError" and err["field"] == "port" and str(port) in err["message"]
    # on a free port it says where the API, the inspector and the docs are before it serves
    proc = subprocess.Popen([sys.executable, "-m", "engram", "serve", "--db", f"sqlite:///{tmp_path / 's.db'}",
                             "--port", str(port), "--embedder", "hashing", "--log-level", "warning"],
                            stderr=subprocess.PIPE, stdout=subprocess.DEVNULL, text=True, cwd=tmp_path,
                            env={**os.environ, "PYTHONPATH": str(ROOT / "src")})
    try:
        lines = [proc.stderr.readline() for _ in range(2)]  # type: ignore[union-attr]
    finally:
        proc.terminate()
        proc.wait(30)
    assert any(f"inspector on http://127.0.0.1:{port}/ui" in line for line in lines), lines


def test_root_redirects_to_the_inspector_and_422_lists_every_error(make_memory: Callable[..., Memory]) -> None:
    mem = make_memory()
    key = create_key(mem.store, "bot")[0]
    with uvicorn_thread(create_app(mem)) as base:
        root = httpx.get(base + "/", follow_redirects=False)
        bad = httpx.post(base + "/v1/agents/bot/actors/u1/sessions/s1/events",
                         json={"messages": [{"role": "robot"}, {"content": "x"}]},
                         headers={"Authorization": f"Bearer {key}"})
    assert root.status_code in (302, 307) and root.headers["location"] == "/ui"
    err = bad.json()["error"]
    assert bad.status_code == 422 and "more)" not in err["message"]
    fields = [e["field"] for e in err["errors"]]
    assert "messages[0].role" in fields and "messages[1].role" in fields
    assert all(f in err["message"] for f in fields)


def test_engram_chat_shows_control_characters_escaped(tmp_path: Path) -> None:
    """What was remembered may hold a terminal escape (anyone's message can): ``engram chat`` shows it as text."""
    db = f"sqlite:///{tmp_path / 'esc.db'}"
    done = cli("remember", "--db", db, "--agent", "bot", "--actor", "u1", "--level", "actor",
               "Allergic to peanuts\x1b[2J\x1b[31m")
    assert done.returncode == 0, done.stderr
    shown = cli("chat", "--db", db, "--agent", "bot", "--actor", "u1", "--session", "s2",
                stdin="What am I allergic to?\n")
    assert shown.returncode == 0, shown.stderr
    assert "\x1b" not in shown.stdout and "Allergic to peanuts\\x1b[2J\\x1b[31m" in shown.stdout, shown.stdout
