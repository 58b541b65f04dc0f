"""Configuration versions are numbered per agent: a store-wide number told each tenant how often the others changed
theirs. Agent A's versions are 1, 2, 3, ... whatever other agents do (continuing after the database-wide
defaults stored before its first, which applied to it until then); every face shows that number; an older
store is renumbered by an append-only migration, records and record versions included. On every backend."""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx
import pytest

from engram import Memory, Scope
from engram.client import Client
from engram.config import load_config
from engram.embedders import HashingEmbedder
from engram.errors import ConfigError
from tests.support.http_app import make_env
from tests.support.servers import uvicorn_thread

ROOT = Path(__file__).resolve().parents[1]
LEVELS = {"scope": {"read": ["session", "actor"], "write": ["session", "actor"]}}


def pinned(n: int, **labels: int) -> dict[str, Any]:
    """A whole configuration told apart by its pin budget (``n``), declaring ``labels`` (name: number)."""
    return {"harness": {"memory": {**LEVELS, "pinned": {"max_tokens": n},
                                   "labels": {k: {"number": v, "description": f"the {k}"} for k, v in labels.items()}}}}


# -- numbering ---------------------------------------------------------------------------------------------------


def test_two_agents_interleaving_each_count_1_2_3(make_memory: Callable[..., Memory]) -> None:
    mem = make_memory()
    got: dict[str, list[int]] = {"a": [], "b": []}
    for n in range(3):
        for agent in ("a", "b"):
            got[agent].append(mem.configure(agent, pinned(100 * n + (1 if agent == "a" else 2))))
    assert got == {"a": [1, 2, 3], "b": [1, 2, 3]}
    assert mem.configure("a", pinned(201)) == 3  # unchanged: the current number, nothing stored
    for agent in ("a", "b"):
        assert mem.config_version(agent) == 3
        assert [v for v, _, _ in mem.config_history(agent)] == [1, 2, 3]
    assert mem.config_for("a").memory.pinned.max_tokens == 201 and mem.config_for("b").memory.pinned.max_tokens == 202
    # records and their versions name the writing agent's own number
    ra = mem.remember(Scope("a", "u", "s"), "Prefers tea", scope="actor")
    rb = mem.remember(Scope("b", "u", "s"), "Prefers coffee", scope="actor")
    mem.configure("b", pinned(302))  # b's 4th: a's number stays 3
    rb2 = mem.remember(Scope("b", "u", "s"), "Prefers green tea", scope="actor", replaces=rb.id)
    assert ra.provenance.config_version == rb.provenance.config_version == 3 and rb2.provenance.config_version == 4
    assert mem.get(Scope("a", "u"), ra.id).provenance.config_version == 3
    assert [v.provenance.config_version for v in mem.history(Scope("b", "u"), rb.id)] == [3, 4]
    assert mem.config_version("a") == 3 and mem.config_version("b") == 4
    again = make_memory()  # another Memory on the database reads the same numbers
    assert again.config_version("a") == 3 and again.config_version("b") == 4
    assert again.configure("a", pinned(401)) == 4


def test_an_agents_numbers_continue_after_the_defaults_it_used(make_memory: Callable[..., Memory]) -> None:
    """The default counts 1, 2, 3, ...; an agent's first own version follows the defaults stored before it (the
    ones that applied to it), so one number names one configuration that applied to the agent, and what
    other agents store moves neither."""
    mem = make_memory()
    assert mem.set_config(pinned(10, customer_id=5)) == 1
    s = Scope("a", "u", "s")
    under_default = mem.remember(s, "Written under the default", scope="actor")
    assert under_default.provenance.config_version == 1 and mem.config_version("a") == 1
    assert mem.configure("b", pinned(20)) == 2  # b's own continue after the default v1
    assert mem.configure("b", pinned(21)) == 3
    assert mem.set_config(pinned(11, customer_id=5)) == 2  # b's versions did not move the default's numbers
    assert mem.config_version("a") == 2  # "a" still uses the default
    assert mem.configure("a", pinned(30)) == 3  # after the two defaults "a" used
    assert mem.set_config(pinned(12, customer_id=5)) == 3
    assert mem.configure("a", pinned(31)) == 4 and mem.configure("b", pinned(22)) == 4
    assert [v for v, _, _ in mem.config_history(None)] == [1, 2, 3]
    assert [v for v, _, _ in mem.config_history("a")] == [3, 4]
    assert [v for v, _, _ in mem.config_history("b")] == [2, 3, 4]
    own = mem.remember(s, "Written under a's own", scope="actor")
    assert own.provenance.config_version == 4
    assert mem.get(s, under_default.id).provenance.config_version == 1  # the default's v1: still that one
    # the label rule spans the defaults an agent used before its own (numbered below its first), not later ones
    with pytest.raises(ConfigError, match="customer_id"):
        mem.configure("a", pinned(32, customer_id=7))
    assert mem.configure("c", pinned(40, customer_id=5)) == 4


# -- PostgreSQL: one agent's writers never share a number; two agents never wait for each other --------------------


def test_postgres_concurrent_writers_of_one_agent_get_distinct_numbers(request: pytest.FixtureRequest) -> None:
    pytest.importorskip("psycopg")
    from tests.support.pg import fresh_url

    db_url = fresh_url(request)
    mems = [Memory.open(db_url, embedder=HashingEmbedder()) for _ in range(4)]
    try:
        got: list[int] = []
        errors: list[BaseException] = []
        start = threading.Barrier(len(mems) * 2)

        def write(mem: Memory, agent: str, n: int) -> None:
            try:
                start.wait()
                v = mem.configure(agent, pinned(n))
                if agent == "a":
                    got.append(v)
            except BaseException as exc:  # noqa: BLE001 - reported below
                errors.append(exc)

        threads = [threading.Thread(target=write, args=(m, agent, 1000 + 10 * i + (agent == "b")))
                   for i, m in enumerate(mems) for agent in ("a", "b")]
        for t in threads:
            t.start()
        for t in threads:
            t.join(60)
        assert not errors
        assert sorted(got) == [1, 2, 3, 4]
        assert [v for v, _, _ in mems[0].config_history("a")] == [1, 2, 3, 4]
        assert [v for v, _, _ in mems[0].config_history("b")] == [1, 2, 3, 4]
    finally:
        for m in mems:
            m.close()


def test_postgres_an_agent_writing_never_waits_for_another(request: pytest.FixtureRequest) -> None:
    pytest.importorskip("psycopg")
    from tests.support.pg import fresh_url

    db_url = fresh_url(request)
    one = Memory.open(db_url, embedder=HashingEmbedder())
    two = Memory.open(db_url, embedder=HashingEmbedder())
    try:
        done: dict[str, int] = {}

        def configure(agent: str) -> threading.Thread:
            t = threading.Thread(target=lambda: done.__setitem__(agent, two.configure(agent, pinned(7))))
            t.start()
            return t

        with one.store.write() as tx:  # "a"'s writer holds "a"'s lock, as a configure between check and insert
            tx.latest_config("a")
            other = configure("b")
            other.join(30)
            assert done.get("b") == 1  # "b" went ahead
            same = configure("a")
            time.sleep(0.5)
            assert "a" not in done  # "a"'s second writer waits for the first
            tx.add_config(load_config(pinned(6)).to_dict(), one.now(), "a")
        same.join(30)
        assert done["a"] == 2 and [v for v, _, _ in one.config_history("a")] == [1, 2]
    finally:
        one.close()
        two.close()


# -- every face shows the agent's own number -----------------------------------------------------------------------


def test_http_and_client_show_the_agents_own_number(make_memory: Callable[..., Memory]) -> None:
    env = make_env(make_memory())  # no default stored: each agent counts from 1
    with uvicorn_thread(env.app) as url:
        def call(method: str, path: str, key: str, **kw: Any) -> httpx.Response:
            return httpx.request(method, url + path, headers=env.h(key), timeout=30, **kw)

        seen: dict[str, list[int]] = {"bot": [], "rival": []}
        for n in range(3):
            for agent, key in (("bot", "admin"), ("rival", "other")):
                method = "PUT" if n == 0 else "PATCH"
                got = call(method, f"/v1/agents/{agent}/config", key,
                           json={"config": {"harness": {"memory": {**LEVELS, "pinned": {"max_tokens": 50 + n}}}}})
                assert got.status_code == 200, got.text
                seen[agent].append(got.json()["version"])
        assert seen == {"bot": [1, 2, 3], "rival": [1, 2, 3]}
        assert call("GET", "/v1/agents/bot/config", "admin").json()["version"] == 3
        hist = call("GET", "/v1/agents/rival/config/history", "other").json()
        assert [v["version"] for v in hist["versions"]] == [1, 2, 3]
        rec = call("POST", "/v1/agents/bot/actors/u1/records", "admin",
                   json={"summary": "Prefers tea", "scope": "actor"})
        assert rec.status_code == 201, rec.text
        rid = rec.json()["id"]
        assert rec.json()["provenance"]["config_version"] == 3
        assert call("GET", f"/v1/agents/bot/actors/u1/records/{rid}", "admin").json()["provenance"][
            "config_version"] == 3
        versions = call("GET", f"/v1/agents/bot/actors/u1/records/{rid}/history", "admin").json()["versions"]
        assert [v["provenance"]["config_version"] for v in versions] == [3]

        bot, rival = Client(url, env.keys["admin"]), Client(url, env.keys["other"])
        assert rival.configure("rival", {"harness": {"memory": {"pinned": {"max_tokens": 99}}}}, update=True) == 4
        assert bot.config_version("bot") == 3 and rival.config_version("rival") == 4
        assert [v for v, _, _ in bot.config_history("bot")] == [1, 2, 3]
        assert bot.get(Scope("bot", "u1"), rid).provenance.config_version == 3


def _cli(*args: str) -> dict[str, Any]:
    proc = subprocess.run([sys.executable, "-m", "engram", *args], capture_output=True, text=True, cwd=ROOT,
                          env={**os.environ, "PYTHONPATH": str(ROOT / "src")}, timeout=120)
    assert proc.returncode == 0, proc.stderr
    out: dict[str, Any] = json.loads(proc.stdout)
    return out


def test_cli_shows_the_agents_own_number(db_url: str, tmp_path: Path) -> None:
    files = []
    for n in range(3):
        path = tmp_path / f"c{n}.json"
        path.write_text(json.dumps({"harness": {"memory": {**LEVELS, "embedder": "hashing",
                                                           "pinned": {"max_tokens": 60 + n}}}}))
        files.append(str(path))
    seen: dict[str, list[int]] = {"a": [], "b": []}
    for f in files:
        for agent in ("a", "b"):
            seen[agent].append(_cli("config", "set", f, "--db", db_url, "--agent", agent)["version"])
    assert seen == {"a": [1, 2, 3], "b": [1, 2, 3]}
    shown = _cli("config", "show", "--db", db_url, "--agent", "b")
    assert shown["version"] == 3 and [v["version"] for v in shown["versions"]] == [1, 2, 3]
    assert [v["version"] for v in _cli("config", "history", "--db", db_url, "--agent", "a")["versions"]] == [1, 2, 3]
    rec = _cli("remember", "--db", db_url, "--agent", "a", "--actor", "u", "--level", "actor", "Prefers tea")
    assert rec["provenance"]["config_version"] == 3
    got = _cli("get", "--db", db_url, "--agent", "a", "--actor", "u", rec["id"])
    assert got["provenance"]["config_version"] == 3


# -- an older store is renumbered -----------------------------------------------------------------------------------

# (old store-wide number, agent ('' the default), pin budget, labels); the expected per-agent number after
OLD_CONFIGS = [
    (1, "", 10, {"customer_id": 5}, 1),
    (2, "a", 20, {"customer_id": 5}, 2),  # "a" used the default v1 before its first
    (3, "", 11, {"customer_id": 5}, 2),
    (4, "b", 30, {"customer_id": 5}, 3),  # "b" used defaults v1, v2
    (5, "a", 21, {"customer_id": 5}, 3),
    (6, "b", 31, {"customer_id": 5}, 4),
    (7, "", 12, {"customer_id": 5, "region": 9}, 3),
    (8, "c", 40, {"customer_id": 5, "region": 9}, 4),  # "c" used defaults v1, v2, v3
]
RENUMBERED = {old: new for old, _, _, _, new in OLD_CONFIGS}
# (record id, agent, the old number its record names, the old numbers its versions name)
OLD_RECORDS = [("r_a1", "a", 1, [1]), ("r_a5", "a", 5, [2, 5]), ("r_b6", "b", 6, [3, 6]), ("r_c8", "c", 8, [7, 8]),
               ("r_d7", "d", 7, [7])]


def _old_doc(n: int, labels: dict[str, int]) -> dict[str, Any]:
    return load_config(pinned(n, **labels)).to_dict()


def _migration_step(migrations: tuple[str, ...]) -> int:
    """How many steps come before the one that numbers configuration versions per agent."""
    return next(i for i, m in enumerate(migrations) if "config_numbers" in m)


def test_sqlite_migration_renumbers_per_agent(tmp_path: Path) -> None:
    from engram.core import text as textmod
    from engram.stores.sqlite.schema import MIGRATIONS
    from engram.stores.sqlite.sql import record_part

    db = tmp_path / "old.db"
    conn = sqlite3.connect(db)
    conn.execute("CREATE TABLE schema_version (version INTEGER PRIMARY KEY, applied_us INTEGER)")
    for n, script in enumerate(MIGRATIONS[:_migration_step(MIGRATIONS)], start=1):
        for stmt in script.split(";\n"):
            if stmt.strip():
                conn.execute(stmt)
        conn.execute("INSERT INTO schema_version VALUES (?, 0)", (n,))
    now_us = int(time.time() * 1e6)
    for old, agent, n, labels, _ in OLD_CONFIGS:
        conn.execute("INSERT INTO configs (version, at_us, doc, agent) VALUES (?, ?, ?, ?)",
                     (old, now_us + old, json.dumps(_old_doc(n, labels), sort_keys=True), agent))
    for i, (rid, agent, cv, versions) in enumerate(OLD_RECORDS):
        part = record_part(agent, "u")
        conn.execute("INSERT INTO records (id, agent, actor, level, namespace, kind, summary, status, created_us, "
                     "updated_us, version, part, fts_terms, config_version) "
                     "VALUES (?, ?, 'u', 'actor', '/', 'fact', ?, 'active', ?, ?, ?, ?, ?, ?)",
                     (rid, agent, f"old record {i}", now_us + i, now_us + i, len(versions), part, part, cv))
        for k, vcv in enumerate(versions, start=1):
            conn.execute("INSERT INTO versions (record_id, version, op, summary, kind, labels, status, at_us, "
                         "config_version) VALUES (?, ?, ?, ?, 'fact', '{}', 'active', ?, ?)",
                         (rid, k, "create" if k == 1 else "update", f"old record {i}", now_us + i, vcv))
    conn.execute("INSERT INTO record_fts (rowid, fts_terms) SELECT rowid, fts_terms FROM records")
    conn.execute("INSERT INTO meta (key, value) VALUES ('analyzer', ?)", (textmod.ANALYZER,))
    conn.commit()
    conn.close()
    with _opened(f"sqlite:///{db}") as mem:
        _check_renumbered(mem)
    conn = sqlite3.connect(db)
    try:  # the rebuilt table: keyed by (agent, version), no leftover index nor table
        sql = conn.execute("SELECT sql FROM sqlite_master WHERE name = 'configs'").fetchone()[0]
        assert "PRIMARY KEY (agent, version)" in sql
        assert [r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE name LIKE 'config%'")] == ["configs"]
    finally:
        conn.close()


def test_postgres_migration_renumbers_per_agent(request: pytest.FixtureRequest) -> None:
    pytest.importorskip("psycopg")
    from psycopg.types.json import Jsonb

    from engram.core import text as textmod
    from engram.stores.postgres.schema import MIGRATIONS
    from engram.stores.postgres.sql import record_part
    from tests.support.pg import admin_connect, fresh_url, schema_at_step, schema_of

    url = fresh_url(request)
    schema = schema_of(url)
    with admin_connect() as conn, conn.transaction():
        schema_at_step(conn, schema, _migration_step(MIGRATIONS))
        for old, agent, n, labels, _ in OLD_CONFIGS:
            conn.execute("INSERT INTO configs (version, at, doc, agent) "
                         "VALUES (%s, now() + %s * interval '1 ms', %s, %s)",
                         [old, old, Jsonb(_old_doc(n, labels)), agent])
        for i, (rid, agent, cv, versions) in enumerate(OLD_RECORDS):
            conn.execute("INSERT INTO records (id, agent, actor, level, namespace, kind, summary, status, created_at, "
                         "updated_at, version, part, terms, config_version) "
                         "VALUES (%s, %s, 'u', 'actor', '/', 'fact', %s, 'active', now() + %s * interval '1 ms', "
                         "now() + %s * interval '1 ms', %s, %s, '', %s)",
                         [rid, agent, f"old record {i}", i, i, len(versions), record_part(agent, "u"), cv])
            for k, vcv in enumerate(versions, start=1):
                conn.execute("INSERT INTO versions (record_id, version, op, summary, kind, labels, status, at, "
                             "config_version) VALUES (%s, %s, %s, %s, 'fact', '{}', 'active', now(), %s)",
                             [rid, k, "create" if k == 1 else "update", f"old record {i}", vcv])
        conn.execute("INSERT INTO meta (key, value) VALUES ('analyzer', %s)", [textmod.ANALYZER])
    with _opened(url) as mem:
        _check_renumbered(mem)
    with admin_connect() as conn:
        assert conn.execute("SELECT to_regclass(%s)", [f'"{schema}".config_numbers']).fetchone() == (None,)
        key = conn.execute("SELECT pg_get_constraintdef(c.oid) FROM pg_constraint c JOIN pg_class t ON "
                           "t.oid = c.conrelid JOIN pg_namespace n ON n.oid = t.relnamespace "
                           "WHERE n.nspname = %s AND t.relname = 'configs' AND c.contype = 'p'", [schema]).fetchone()
        assert key == ("PRIMARY KEY (agent, version)",)


@contextmanager
def _opened(url: str) -> Iterator[Memory]:
    mem = Memory.open(url, embedder=HashingEmbedder())
    try:
        yield mem
    finally:
        mem.close()


def _check_renumbered(mem: Memory) -> None:
    def budgets(agent: str | None) -> list[tuple[int, int]]:
        return [(v, doc["harness"]["memory"]["pinned"]["max_tokens"]) for v, _, doc in mem.config_history(agent)]

    expected: dict[str, list[tuple[int, int]]] = {}
    for _, agent, n, _, new in OLD_CONFIGS:
        expected.setdefault(agent, []).append((new, n))
    for agent, want in expected.items():
        assert budgets(agent or None) == want, agent
    assert {agent: mem.config_version(agent) for agent in ("a", "b", "c", "d")} == {"a": 3, "b": 4, "c": 4, "d": 3}
    assert mem.config_for("a").memory.pinned.max_tokens == 21 and mem.config_for("d").memory.pinned.max_tokens == 12
    for rid, agent, cv, versions in OLD_RECORDS:
        s = Scope(agent, "u")
        assert mem.get(s, rid).provenance.config_version == RENUMBERED[cv], rid
        assert [v.provenance.config_version for v in mem.history(s, rid)] == [RENUMBERED[x] for x in versions], rid
    # new versions continue each agent's own numbers; the label history still spans the defaults each one used
    assert mem.configure("a", pinned(22, customer_id=5, region=10)) == 4  # default v3 (region 9) came after a's own
    with pytest.raises(ConfigError, match="region"):
        mem.configure("c", pinned(41, customer_id=5, region=10))
    with pytest.raises(ConfigError, match="region"):
        mem.configure("d", pinned(50, customer_id=5, region=10))  # "d" uses default v3
    assert mem.configure("d", pinned(50, customer_id=5, region=9)) == 4
    assert mem.set_config(pinned(13, customer_id=5, region=9)) == 4
    assert mem.configure("b", pinned(32, customer_id=5)) == 5
    rec = mem.remember(Scope("b", "u", "s"), "A new record", scope="actor")
    assert rec.provenance.config_version == 5


def test_agentcore_harness_records_name_the_memory_agents_own_number(backend: str, tmp_path: Path,
                                                                     request: pytest.FixtureRequest) -> None:
    """AgentCore shows no configuration version itself; what a harness writes to its memory names the memory
    agent's own number, which other agents' configurations never move."""
    pytest.importorskip("boto3")
    from tests.support.agentcore import AGENT, served

    with served(backend, tmp_path, request) as ac:  # stores the database-wide default: v1
        with _opened(ac.db) as mem:
            for n in range(3):
                mem.configure("rival", pinned(70 + n))  # another tenant changes its configuration often
            own = mem.configure(AGENT, {"harness": {"memory": {"enabled": True,
                                                               "tools": ["add_memory", "search_memory"]}}},
                                update=True)
        assert own == 2  # after the default v1 it used, whatever "rival" did
        ctl = ac.client("bedrock-agentcore-control")
        harness = ctl.create_harness(harnessName="Numbers", executionRoleArn="arn:aws:iam::123456789012:role/R",
                                     memory={"agentCoreMemoryConfiguration": {"arn": ac.memory.arn}})["harness"]
        resp = ac.client().invoke_harness(harnessArn=harness["arn"], runtimeSessionId="s" * 40, actorId="u1",
                                          messages=[{"role": "user", "content": [
                                              {"text": "Remember that I take the 8:15 train"}]}])
        for _ in resp["stream"]:
            pass
        with _opened(ac.db) as mem:
            version = mem.config_version(AGENT)
            assert version == mem.config_history(AGENT)[-1][0] == own
            written = mem.list(Scope(AGENT, "u1"), limit=50)
            assert written and {r.provenance.config_version for r in written} == {version}
            assert [v for v, _, _ in mem.config_history("rival")] == [2, 3, 4]
