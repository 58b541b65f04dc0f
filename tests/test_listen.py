"""Where the servers may listen (:mod:`engram.listen`), and a busy port refused alike by ``engram serve`` and
``engram mcp --transport http``: exit 2, one JSON line on stderr naming ``port``, before the memory opens (so the
database is not even created). The commands run as real subprocesses; the port is held by a real listening socket.
"""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from engram.errors import ValidationError
from engram.listen import check_port, is_loopback, port_in_use

ROOT = Path(__file__).resolve().parent.parent


def test_loopback_hosts() -> None:
    for host in ("localhost", "127.0.0.1", "127.8.9.10", "::1"):
        assert is_loopback(host), host
    for host in ("0.0.0.0", "::", "10.0.0.1", "192.168.1.2", "example.com", "localhost.example.com", ""):
        assert not is_loopback(host), host


def test_a_port_held_by_a_listening_socket_is_refused_naming_the_port() -> None:
    with socket.socket() as held:
        held.bind(("127.0.0.1", 0))
        held.listen()
        port = held.getsockname()[1]
        assert port_in_use("127.0.0.1", port)
        with pytest.raises(ValidationError) as err:
            check_port("127.0.0.1", port, "mcp")
    assert err.value.field == "port"
    assert f"127.0.0.1:{port}" in err.value.message and "another engram mcp?" in err.value.message
    assert "--port" in err.value.message
    check_port("127.0.0.1", port, "mcp")  # closed again: free (SO_REUSEADDR, as uvicorn binds)
    assert port_in_use("127.0.0.1", port) is None


def _run(tmp_path: Path, *argv: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "engram", *argv], capture_output=True, text=True, timeout=120,
                          cwd=tmp_path, env={**os.environ, "PYTHONPATH": str(ROOT / "src")}, stdin=subprocess.DEVNULL)


def _error_line(proc: subprocess.CompletedProcess[str]) -> dict[str, Any]:
    """The one line a refused command prints on stderr, as JSON (and nothing on stdout)."""
    assert proc.returncode == 2, (proc.returncode, proc.stdout, proc.stderr)
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1 and proc.stdout == "", (proc.stdout, proc.stderr)
    return dict(json.loads(lines[0]))


def test_mcp_over_http_reports_a_busy_port_as_serve_does(tmp_path: Path) -> None:
    pytest.importorskip("mcp")
    pytest.importorskip("uvicorn")
    config = tmp_path / "config.json"
    config.write_text(json.dumps({"harness": {"memory": {"embedder": "hashing"}}}))
    with socket.socket() as held:
        held.bind(("127.0.0.1", 0))
        held.listen()
        port = str(held.getsockname()[1])
        mcp = _error_line(_run(tmp_path, "mcp", "--db", f"sqlite:///{tmp_path / 'mcp.db'}", "--agent", "bot",
                               "--config", str(config), "--transport", "http", "--port", port))
        serve = _error_line(_run(tmp_path, "serve", "--db", f"sqlite:///{tmp_path / 'serve.db'}",
                                 "--config", str(config), "--port", port))
    assert set(mcp) == set(serve) == {"error"}  # the one error shape of every command (docs/cli.md)
    for out, command in ((mcp, "mcp"), (serve, "serve")):
        assert out["error"]["type"] == "ValidationError" and out["error"]["field"] == "port"
        assert out["error"]["message"].startswith(f"cannot listen on 127.0.0.1:{port}: ")
        assert out["error"]["message"].endswith(f"(another engram {command}?); pick a free one with --port")
    # judged before the memory opens: neither created its database (nor stored the --config)
    assert not (tmp_path / "mcp.db").exists() and not (tmp_path / "serve.db").exists()
