"""The tools each face offers one scope: HTTP ``GET …/tools`` on a real server, MCP ``tools/list`` through the MCP
SDK client, the harness's first model call; and ``engram`` run as a subprocess."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import httpx

from engram import Memory, Scope
from engram.client import _prefix as scope_path  # the path the client uses for a scope

ROOT = Path(__file__).resolve().parents[2]


def http_tools(base: str, key: str, scope: Scope) -> dict[str, dict[str, Any]]:
    """``GET …/tools`` at ``scope``'s path: each offered tool's input schema, by name."""
    got = httpx.get(f"{base}{scope_path(scope)}/tools", headers={"Authorization": f"Bearer {key}"})
    assert got.status_code == 200, got.text
    return {t["name"]: t["input_schema"] for t in got.json()["tools"]}


async def mcp_session_call(mem: Memory, scope: Scope, tool: str | None = None,
                           args: dict[str, Any] | None = None) -> tuple[set[str], Any]:
    """The tools an MCP server bound to ``scope`` lists over streamable HTTP, and (with ``tool``) one call's
    structured result."""
    from mcp.client.session import ClientSession
    from mcp.client.streamable_http import streamable_http_client

    from engram.mcp import build_server
    from tests.support.servers import uvicorn_thread

    server = build_server(mem, scope)
    with uvicorn_thread(server.streamable_http_app(host="127.0.0.1")) as base:
        async with streamable_http_client(base + "/mcp") as (read, write), ClientSession(read, write) as s:
            await s.initialize()
            names = {t.name for t in (await s.list_tools()).tools}
            result = None
            if tool is not None:
                done = await s.call_tool(tool, args or {})
                assert not done.is_error, done.content
                result = done.structured_content
            return names, result


def engram(*args: str) -> subprocess.CompletedProcess[str]:
    """``python -m engram ARGS`` as a user runs it."""
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src"), "COLUMNS": "100", "HF_HUB_OFFLINE": "1"}
    return subprocess.run([sys.executable, "-m", "engram", *args], capture_output=True, text=True, cwd=ROOT,
                          env=env, timeout=180)


def ok_json(proc: subprocess.CompletedProcess[str]) -> Any:
    """The JSON a command printed, after checking it succeeded."""
    assert proc.returncode == 0, (proc.returncode, proc.stderr)
    return json.loads(proc.stdout)


def error_json(proc: subprocess.CompletedProcess[str]) -> dict[str, Any]:
    """The CLI's JSON error (``{"error": {"type", "message", "field"}}`` on stderr, exit 2, nothing on stdout)."""
    assert proc.returncode == 2 and proc.stdout == "", (proc.returncode, proc.stdout, proc.stderr)
    return dict(json.loads(proc.stderr.strip().splitlines()[-1])["error"])
