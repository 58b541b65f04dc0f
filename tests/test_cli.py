"""The CLI is a thin view of the library: same results, JSON out, typed errors with exit code 2."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[1]


def run(*args: str, stdin: str | None = None) -> tuple[int, Any, str]:
    proc = subprocess.run([sys.executable, "-m", "engram", *args], capture_output=True, text=True, input=stdin,
                          cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT / "src")}, timeout=120)
    out: Any = None
    if proc.stdout.strip() and "--table" not in args:
        out = json.loads(proc.stdout)
    return proc.returncode, out, proc.stdout + proc.stderr


@pytest.fixture
def db(tmp_path: Path) -> list[str]:
    cfg = tmp_path / "config.json"
    cfg.write_text(json.dumps({"harness": {"memory": {
        "embedder": "hashing",
        "scope": {"read": ["session", "actor"], "write": ["session", "actor"]},
        "labels": {"customer_id": {"number": 1, "description": "customer"}}},
        "history": {"index": "messages"}}}))  # the harness (Twisp) shape's own default is none
    url = f"sqlite:///{tmp_path / 'cli.db'}"
    code, _, err = run("config", "set", str(cfg), "--db", url)
    assert code == 0, err
    return ["--db", url, "--agent", "bot", "--actor", "c1", "--session", "s1"]


def test_append_events_and_search(db: list[str]) -> None:
    code, evs, err = run("append", *db, "--messages",
                         json.dumps([{"role": "user", "content": "my parcel 8812 never arrived",
                                      "metadata": {"ticket": "T-1"}}]))
    assert code == 0, err
    assert evs[0]["metadata"] == {"ticket": "T-1"}
    code, evs, _ = run("append", *db, stdin=json.dumps({"messages": [{"role": "assistant", "content": "sorry!"}]}))
    assert code == 0
    code, evs, _ = run("events", *db)
    assert [e["content"] for e in evs] == ["my parcel 8812 never arrived", "sorry!"]
    code, hits, _ = run("search-history", *db, "parcel arrived")
    assert hits[0]["event"]["content"].startswith("my parcel")


def test_records_lifecycle(db: list[str]) -> None:
    code, old, err = run("remember", *db, "Lives in Lisbon", "--level", "actor", "--label", "customer_id=42")
    assert code == 0, err and old["labels"] == {"customer_id": "42"}
    code, new, _ = run("remember", *db, "Lives in Porto", "--level", "actor", "--replaces", old["id"])
    assert new["replaces"] == old["id"]
    code, hits, _ = run("recall", *db, "where does the customer live")
    assert [h["record"]["summary"] for h in hits] == ["Lives in Porto"]
    code, hist, _ = run("history", *db, old["id"])
    assert [v["op"] for v in hist] == ["create", "supersede"]
    code, listed, _ = run("list", *db, "--status", "superseded")
    assert [r["id"] for r in listed] == [old["id"]]
    code, pinned, _ = run("pin", *db, new["id"])
    assert pinned["pinned"] is True
    code, out, _ = run("pinned", *db)
    assert out["records"][0]["id"] == new["id"] and out["tokens"] > 0
    code, gone, _ = run("forget", *db, new["id"])
    assert gone["status"] == "deleted"
    code, _, text = run("list", *db, "--status", "deleted", "--table")
    assert code == 0 and "Lives in Porto" in text


def test_errors_are_json_with_exit_code_2(db: list[str]) -> None:
    code, _, text = run("remember", *db, "x", "--level", "agent")
    assert code == 2
    err = json.loads(text.strip().splitlines()[-1])["error"]
    assert err["type"] == "PermissionDenied" and err["field"] == "scope"
    code, _, text = run("get", *db, "r_missing")
    assert code == 2 and json.loads(text.strip().splitlines()[-1])["error"]["type"] == "NotFound"
    code, _, text = run("erase", *db[:6])
    assert code == 2 and "--yes" in text


def test_erase_reports(db: list[str]) -> None:
    run("append", *db, "--content", "hello")
    run("remember", *db, "A fact", "--level", "actor")
    code, report, _ = run("erase", *db[:6], "--yes")
    assert code == 0 and report["events"] == 1 and report["records"] == 1


def test_config_validate_and_show(tmp_path: Path, db: list[str]) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"harness": {"memory": {"scopez": {}}}}))
    code, _, text = run("config", "validate", str(bad))
    assert code == 2 and "harness.memory.scopez" in text
    code, out, _ = run("config", "show", "--db", db[1])
    assert out["config"]["harness"]["memory"]["labels"]["customer_id"]["number"] == 1
    assert [v["version"] for v in out["versions"]] == [1]


def test_optional_positionals_after_flags(db: list[str], tmp_path: Path) -> None:
    """`engram jobs retry --agent bot j_x` and `engram config set --db X file.json` parse as written."""
    code, _, err = run("jobs", "retry", "--db", db[1], "--agent", "bot", "j_missing")
    assert code == 2 and json.loads(err)["error"]["type"] == "NotFound"
    cfg = tmp_path / "again.json"
    cfg.write_text(json.dumps({"harness": {"memory": {"embedder": "hashing"}}}))
    code, out, err = run("config", "set", "--db", db[1], str(cfg))
    assert code == 0, err
    assert out["version"] >= 2


def test_usage_errors_are_the_documented_json_error(db: list[str]) -> None:
    for args in (("recall", *db), ("list", *db, "--status", "gone"), ("events", *db, "--bogus"), ("nosuchverb",)):
        code, out, err = run(*args)
        assert code == 2 and out is None
        error = json.loads(err.strip().splitlines()[-1])["error"]
        assert error["type"] == "ValidationError" and error["message"].startswith("engram")


def test_tables_for_people(db: list[str]) -> None:
    code, rec, err = run("remember", *db, "Allergic to peanuts\nand to sesame", "--level", "actor", "--pin")
    assert code == 0, err
    code, _, text = run("pinned", *db, "--table")
    assert code == 0
    lines = text.splitlines()
    assert lines[0].split() == ["tokens", str(lines[0].split()[1])] and "records:" in lines
    row = next(line for line in lines if rec["id"] in line)
    assert "Allergic to peanuts ⏎ and to sesame" in row and "None" not in row
    code, _, text = run("config", "show", "--db", db[1], "--table")
    fields, versions = text.strip().split("\n\n")  # the settings, then the versions table: no blank rows
    assert code == 0 and all(line.strip() for line in fields.splitlines())
    assert any(line.startswith("config.harness.memory.scope.read") for line in fields.splitlines())
    assert versions.startswith("versions:")


def test_tables_show_control_characters_escaped_never_raw(db: list[str]) -> None:
    """Stored text may come from anyone's messages: a terminal escape in it reaches an operator's ``--table`` as
    visible text (``\\x1b[2J``), never as a command to clear the screen, colour it, or reorder what follows."""
    code, rec, err = run("remember", *db, "Evil\x1b[2J\x1b[31m red\u202eexe.txt\x07", "--level", "actor")
    assert code == 0, err
    for verb in (("list",), ("get", rec["id"])):
        code, _, text = run(*verb, *db, "--table")
        assert code == 0, text
        assert not any(ch in text for ch in "\x1b\x07\u202e"), repr(text)
        assert "Evil\\x1b[2J\\x1b[31m red\\u202eexe.txt\\x07" in text, text


def test_a_closed_pipe_is_not_a_traceback(db: list[str]) -> None:
    """`engram events … | head`: more output than a pipe holds, and the reader leaves early."""
    messages = [{"role": "user", "content": f"message {i}: " + "x" * 400} for i in range(300)]
    assert run("append", *db, stdin=json.dumps(messages))[0] == 0
    proc = subprocess.run(f"{sys.executable} -m engram events {' '.join(db)} --limit 500 | head -c 10",
                          shell=True, capture_output=True, text=True, cwd=ROOT,
                          env={**os.environ, "PYTHONPATH": str(ROOT / "src")}, timeout=120)
    assert "Traceback" not in proc.stderr and "BrokenPipe" not in proc.stderr, proc.stderr


def test_the_cli_closes_its_memory(db: list[str]) -> None:
    from engram import cli

    assert cli.main(["events", *db]) == 0
    assert cli._OPENED == []


def test_help_imports_neither_numpy_nor_pydantic() -> None:
    """`engram --help` builds every parser without the engine's heavy imports (time it in bench, not here)."""
    code = ("import sys, contextlib, io\nimport engram.cli as c\n"
            "with contextlib.suppress(SystemExit), contextlib.redirect_stdout(io.StringIO()):\n"
            "    c.main(['--help'])\n"
            "heavy = [m for m in ('numpy', 'pydantic', 'httpx', 'fastapi', 'mcp', 'onnxruntime') if m in sys.modules]\n"
            "print(heavy)")
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT,
                          env={**os.environ, "PYTHONPATH": str(ROOT / "src")}, timeout=60)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip() == "[]"


def test_config_per_agent_set_show_history_and_expire(db: list[str], tmp_path: Path) -> None:
    """`engram config set|show|history --agent A` (AgentCore JSON verbatim, `--update`), and `engram expire`."""
    managed = tmp_path / "managed.json"
    managed.write_text('{"managedMemoryConfiguration": {"strategies": ["SEMANTIC", "SUMMARIZATION", '
                       '"USER_PREFERENCE"], "eventExpiryDuration": 60}}')
    code, out, err = run("config", "set", "--db", db[1], "--agent", "MyHarness", str(managed))
    assert code == 0, err
    assert out["agent"] == "MyHarness" and out["own"] is True
    assert out["config"]["harness"]["history"]["eventExpiryDuration"] == 60
    trunc = tmp_path / "trunc.json"
    trunc.write_text('{"strategy": "sliding_window", "slidingWindowConfig": {"numMessages": 30}}')
    code, out, err = run("config", "set", str(trunc), "--agent", "MyHarness", "--db", db[1], "--update")
    assert code == 0, err
    assert out["config"]["harness"]["context"]["truncation"]["messagesCount"] == 30
    assert len(out["config"]["harness"]["memory"]["strategies"]) == 3  # not named: kept
    code, hist, _ = run("config", "history", "--db", db[1], "--agent", "MyHarness")
    assert code == 0 and len(hist["versions"]) == 2 and hist["versions"][-1]["version"] == out["version"]
    code, other, _ = run("config", "show", "--db", db[1], "--agent", "other")
    assert code == 0 and other["own"] is False and other["versions"] == []
    assert other["config"]["harness"]["memory"]["labels"]["customer_id"]["number"] == 1  # the default
    renumber = tmp_path / "renumber.json"
    renumber.write_text(json.dumps({"harness": {"memory": {"labels": {"customer_id": {
        "number": 7, "description": "customer"}}}}}))
    code, _, err = run("config", "set", "--db", db[1], "--agent", "MyHarness", str(renumber))
    assert code == 2 and json.loads(err)["error"]["field"] == "harness.memory.labels.customer_id.number"
    code, out, err = run("expire", "--db", db[1], "--dry-run")
    assert code == 0 and out == {"would_expire": 0}, err
    code, out, _ = run("expire", "--db", db[1])
    assert code == 0 and out == {"expired": 0}
