"""Every command's error is one line on stderr of exactly ``{"error": {"type", "message", "field"}}`` and exit 2
(docs/cli.md, "Errors"): the verbs, ``keys create``/``revoke``, ``mcp`` and ``serve`` alike, nothing beside it;
``python -m engram.http.cli`` and ``python -m engram.mcp`` the same way. Real processes."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[1]


def _error(tmp_path: Path, *argv: str) -> dict[str, Any]:
    proc = subprocess.run([sys.executable, *argv], capture_output=True, text=True, timeout=120, cwd=tmp_path,
                          env={**os.environ, "PYTHONPATH": str(ROOT / "src")}, stdin=subprocess.DEVNULL)
    assert proc.returncode == 2 and proc.stdout == "", (proc.returncode, proc.stdout, proc.stderr)
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1, proc.stderr
    return dict(json.loads(lines[0]))


def test_every_command_prints_the_one_error_shape(tmp_path: Path) -> None:
    pytest.importorskip("uvicorn")
    pytest.importorskip("mcp")
    db = ["--db", f"sqlite:///{tmp_path / 'x.db'}"]
    with socket.socket() as held:
        held.bind(("127.0.0.1", 0))
        held.listen()
        port = str(held.getsockname()[1])
        cases = {
            "get": (["-m", "engram", "get", "r_nope", "--agent", "bot", *db], "NotFound", "id"),
            "keys revoke": (["-m", "engram", "keys", "revoke", "k_nope", *db], "NotFound", "id"),
            "keys create": (["-m", "engram", "keys", "create", "--agent", "bot", "--write", "bogus", *db],
                            "ValidationError", "write"),
            "mcp": (["-m", "engram", "mcp", "--agent", "bot", "--transport", "http", "--host", "0.0.0.0", *db],
                    "ValidationError", "host"),
            "serve": (["-m", "engram", "serve", "--port", port, *db], "ValidationError", "port"),
            "engram.http.cli keys revoke": (["-m", "engram.http.cli", "keys", "revoke", "k_nope", *db], "NotFound",
                                            "id"),
            "engram.mcp": (["-m", "engram.mcp", "--agent", "bot", "--transport", "http", "--port", port, *db],
                           "ValidationError", "port"),
        }
        for name, (argv, kind, field) in cases.items():
            out = _error(tmp_path, *argv)
            assert set(out) == {"error"}, (name, out)
            assert set(out["error"]) == {"type", "message", "field"}, (name, out)
            assert (out["error"]["type"], out["error"]["field"]) == (kind, field), (name, out)
