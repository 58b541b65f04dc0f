"""A configuration breaking several rules names every one of them at once, not only the first.

A black-box user fixed ``scope.read`` only to be told of ``pinned.max_tokens`` next. ``ConfigError`` now lists
each (field, rule) in ``errors`` and in its message (``field`` stays the first one's), and nothing is stored.
Library and CLI, on a real SQLite file and the real PostgreSQL.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from engram import ConfigError, Memory

BAD = {"harness": {"memory": {"scope": {"read": ["galaxy"]}, "pinned": {"max_tokens": -5}}}}
FIELDS = ["harness.memory.scope.read.0", "harness.memory.pinned.max_tokens"]


def test_every_invalid_field_is_named(make_memory: Callable[..., Memory]) -> None:
    mem = make_memory()
    before = mem.config_in_force("bot")
    with pytest.raises(ConfigError) as info:
        mem.configure("bot", BAD, update=True)
    err = info.value
    assert [f for f, _ in err.errors] == FIELDS and err.field == FIELDS[0]
    assert all(f in err.message for f in FIELDS) and err.message.startswith("2 errors: "), err.message
    assert [e["field"] for e in err.to_dict()["errors"]] == FIELDS
    assert mem.config_in_force("bot") == before  # nothing stored


def test_one_invalid_field_reads_as_before(make_memory: Callable[..., Memory]) -> None:
    with pytest.raises(ConfigError) as info:
        make_memory().configure("bot", {"harness": {"memory": {"pinned": {"max_tokens": -5}}}}, update=True)
    assert info.value.errors == () and info.value.field == FIELDS[1] and "errors" not in info.value.to_dict()
    assert str(info.value) == f"{FIELDS[1]}: {info.value.message}"


def test_the_cli_names_every_invalid_field(tmp_path: Path) -> None:
    doc = tmp_path / "bad.json"
    doc.write_text(json.dumps(BAD))
    root = Path(__file__).resolve().parents[1]
    proc = subprocess.run([sys.executable, "-m", "engram", "config", "set", str(doc), "--update", "--agent", "bot",
                           "--db", f"sqlite:///{tmp_path / 'c.db'}"], capture_output=True, text=True, timeout=120,
                          cwd=root, env={**os.environ, "PYTHONPATH": str(root / "src")})
    assert proc.returncode == 2 and not proc.stdout, proc
    error = json.loads(proc.stderr)["error"]
    assert error["type"] == "ConfigError" and [e["field"] for e in error["errors"]] == FIELDS, error


@pytest.mark.parametrize("every", [{"messages": 0}, {"messages": 10_001}, [1]])
def test_a_union_value_is_one_error_of_the_users_field(make_memory: Callable[..., Memory], every: object) -> None:
    """``extraction.every`` is "turn" or {"messages": N}: a bad one is one error naming the user's field, never
    pydantic's tries of each member (``every.literal['turn']``) or the internal ``every_n``."""
    with pytest.raises(ConfigError) as info:
        make_memory().configure("bot", {"harness": {"memory": {"enabled": True, "extraction": {"every": every}}}})
    assert info.value.field == "harness.memory.extraction" and info.value.errors == (), info.value.to_dict()
