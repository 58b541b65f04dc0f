"""engram's servers send no telemetry: with an OpenTelemetry tracer provider configured in the process (as a
host application or ``FASTAPI_OTEL_AUTO_CONFIGURE`` would), requests to ``engram serve``'s app and tool calls
to ``engram mcp`` over streamable HTTP on loopback open no span, while a plain FastAPI app and a plain MCP
server in the same process do (the controls that show the probe works). Runs in a child process: a global
tracer provider can be set only once per process."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("mcp")

SCRIPT = r'''
import asyncio, json, socket, sys, threading, time

from opentelemetry import trace


class Counting(trace.NoOpTracer):
    """Counts the spans servers open; the MCP client of this probe opens its own ("MCP send ..."): not counted."""
    spans = 0

    @staticmethod
    def count(name):
        if not str(name).startswith("MCP send"):
            Counting.spans += 1

    def start_span(self, name, *args, **kwargs):
        Counting.count(name)
        return super().start_span(name, *args, **kwargs)

    def start_as_current_span(self, name, *args, **kwargs):
        Counting.count(name)
        return super().start_as_current_span(name, *args, **kwargs)


class Recorder(trace.TracerProvider):
    def get_tracer(self, *args, **kwargs):
        return Counting()


trace.set_tracer_provider(Recorder())

import httpx, uvicorn
from fastapi import FastAPI
from mcp.client.session import ClientSession
from mcp.client.streamable_http import streamable_http_client
from mcp.server.mcpserver import MCPServer

from engram import Memory, Scope
from engram.http.app import create_app
from engram.mcp import build_server


def serving(app, probe):
    s = socket.socket(); s.bind(("127.0.0.1", 0)); port = s.getsockname()[1]; s.close()
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    while not server.started:
        time.sleep(0.02)
    before = Counting.spans
    probe(f"http://127.0.0.1:{port}")
    server.should_exit = True
    thread.join(10)
    return Counting.spans - before


def get(path):
    def probe(base):
        for _ in range(3):
            assert httpx.get(base + path).status_code < 500
    return probe


def tool(name, args):
    async def call(base):
        async with streamable_http_client(base + "/mcp") as (read, write), ClientSession(read, write) as session:
            await session.initialize()
            out = await session.call_tool(name, args)
            assert not out.is_error, out
    return lambda base: asyncio.run(call(base))


plain = FastAPI()
plain.get("/x")(lambda: {"ok": True})
plain_mcp = MCPServer("plain")


@plain_mcp.tool()
def ping() -> str:
    return "pong"


mem = Memory.open("sqlite:///" + sys.argv[1], embedder="hashing")
engram_mcp = build_server(mem, Scope("bot", "u1", "s1"))
print(json.dumps({
    "engram_http": serving(create_app(mem), get("/v1/ready")),
    "plain_http": serving(plain, get("/x")),
    "engram_mcp": serving(engram_mcp.streamable_http_app(host="127.0.0.1"),
                          tool("add_memory", {"summary": "Prefers tea"})),
    "plain_mcp": serving(plain_mcp.streamable_http_app(host="127.0.0.1"), tool("ping", {})),
}))
mem.close()
'''


def test_the_servers_report_nothing_to_a_configured_tracer_provider(tmp_path: Path) -> None:
    out = subprocess.run([sys.executable, "-c", SCRIPT, str(tmp_path / "t.db")], capture_output=True, text=True,
                         timeout=180, env={"FASTAPI_OTEL_AUTO_CONFIGURE": "true", "PATH": "/usr/bin:/bin"})
    assert out.returncode == 0, out.stderr[-3000:]
    spans = __import__("json").loads(out.stdout.strip().splitlines()[-1])
    assert spans["plain_http"] > 0 and spans["plain_mcp"] > 0  # the probe sees the frameworks' telemetry
    assert spans["engram_http"] == 0 and spans["engram_mcp"] == 0
