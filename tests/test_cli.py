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
    if proc.stdout.strip() and not proc.stdout.lstrip().startswith(("id ", "score")):
        out = json.loads(proc.stdout)
    return proc.returncode, out, proc.stdout + proc.stderr


@pytest.fixture
def db(tmp_path: Path) -> list[str]:
    cfg = tmp_path / "config.json"
    cfg.write_text(json.dumps({"harness": {"memory": {
        "embedder": "hashing",
        "scope": {"read": ["session", "actor"], "write": ["session", "actor"]},
        "labels": {"customer_id": {"number": 1, "description": "customer"}}}}}))
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
