"""The MCP server, driven by the official ``mcp`` client: over stdio (a real subprocess) and over
streamable HTTP (a real uvicorn on 127.0.0.1)."""

from __future__ import annotations

import json
import os
import sys
from typing import Any

import pytest

pytest.importorskip("mcp")
from mcp.client.session import ClientSession
from mcp.client.stdio import StdioServerParameters, stdio_client
from mcp.client.streamable_http import streamable_http_client

import engram
from engram import Memory, Scope
from engram.config import load_config
from engram.embedders import HashingEmbedder
from engram.harness.tools import memory_specs
from engram.mcp import MAX_RESULTS, build_server, main
from tests.support.configs import WIDE
from tests.support.servers import uvicorn_thread

pytestmark = pytest.mark.anyio
TOOLS = {"add_memory", "read_memory", "delete_memory", "search_memory", "search_history"}


def _seed(url: str) -> None:
    """Data the server must see (its own session) and must not (another actor's)."""
    mem = Memory.open(url, embedder=HashingEmbedder(), config=WIDE)
    try:
        mem.append(Scope("bot", "u1", "s1"), [{"role": "user", "content": "my parcel number is PX-9981"}])
        mem.remember(Scope("bot", "u2", "s1"), "u2 secret: the vault code is 5521", scope="actor")
        mem.append(Scope("bot", "u2", "s1"), [{"role": "user", "content": "u2 parcel PX-0000 secret"}])
    finally:
        mem.close()


def _text(result: Any) -> str:
    from mcp_types import TextContent

    return "".join(c.text for c in result.content if isinstance(c, TextContent))


def _data(result: Any) -> Any:
    assert not result.is_error, result.content
    if result.structured_content is not None:
        return result.structured_content
    return json.loads(_text(result))


async def _exercise(session: ClientSession) -> None:
    init = await session.initialize()
    assert init.server_info.name == "engram" and init.server_info.version == engram.__version__  # issue 27.7
    tools = {t.name: t for t in (await session.list_tools()).tools}
    assert set(tools) == TOOLS
    # the levels this server's scope (actor u1, session s1) can write under WIDE, the default (actor) first
    assert tools["add_memory"].input_schema["properties"]["scope"]["enum"] == ["actor", "session", "agent"]
    assert "summary" in tools["add_memory"].input_schema["required"]
    assert tools["search_memory"].input_schema["properties"]["limit"]["maximum"] == MAX_RESULTS
    # one definition of each tool: the harness's specs, rendered for MCP (only the limits are MCP's)
    harness = {s.name: s for s in memory_specs(load_config(WIDE))}
    assert {n: tools[n].description for n in TOOLS} == {n: harness[n].description for n in TOOLS}
    assert tools["read_memory"].input_schema == harness["read_memory"].parameters
    added = _data(await session.call_tool("add_memory", {"summary": "Prefers green tea", "kind": "fact"}))
    assert added["actor"] == "u1" and added["level"] == "actor"
    found = _data(await session.call_tool("search_memory", {"query": "what tea does the user like"}))
    assert found["hits"][0]["record"]["id"] == added["id"]
    # compact hits: what the record says and its score, not the HTTP shape's parts, provenance and owner ids
    assert set(found["hits"][0]) == {"score", "record"}
    assert set(found["hits"][0]["record"]) <= {"id", "summary", "content", "kind", "level", "labels", "updated_at"}
    read = _data(await session.call_tool("read_memory", {"id": added["id"]}))
    assert read["summary"] == "Prefers green tea" and read["versions"][0]["op"] == "create"
    newer = _data(await session.call_tool("add_memory", {"summary": "Prefers jasmine tea",
                                                         "replaces": added["id"]}))
    assert newer["replaces"] == added["id"]
    history = _data(await session.call_tool("search_history", {"query": "parcel number"}))
    assert [h["event"]["content"] for h in history["hits"]] == ["my parcel number is PX-9981"]
    secret = _data(await session.call_tool("search_memory", {"query": "vault code secret", "limit": 50}))
    assert all("vault" not in h["record"]["summary"] for h in secret["hits"])
    deleted = _data(await session.call_tool("delete_memory", {"id": newer["id"]}))
    assert deleted["deleted"] == newer["id"]
    after = _data(await session.call_tool("search_memory", {"query": "jasmine tea"}))
    assert all(h["record"]["id"] != newer["id"] for h in after["hits"])
    # engram errors are tool errors for the model to read, not crashes
    missing = await session.call_tool("read_memory", {"id": "r_missing"})
    assert missing.is_error and "NotFound" in _text(missing)
    bad = await session.call_tool("add_memory", {"summary": "x", "kind": "gossip"})
    assert bad.is_error and "kind" in _text(bad)
    invalid = await session.call_tool("search_memory", {"query": "x", "limit": 10_000})
    assert invalid.is_error
    extra = await session.call_tool("add_memory", {"summary": "x", "colour": "red"})
    assert extra.is_error and "colour" in _text(extra)  # the harness's argument checks
    gone = await session.call_tool("delete_memory", {"id": newer["id"]})
    assert gone.is_error and "ConflictError" in _text(gone)


async def test_stdio(tmp_path: Any) -> None:
    url = f"sqlite:///{tmp_path / 'mcp.db'}"
    _seed(url)
    params = StdioServerParameters(command=sys.executable, args=[
        "-m", "engram.mcp", "--db", url, "--agent", "bot", "--actor", "u1", "--session", "s1",
        "--embedder", "hashing"], cwd=str(tmp_path), env=dict(os.environ))  # the tree under test (PYTHONPATH)
    with open(tmp_path / "stderr.log", "w") as errlog:
        async with stdio_client(params, errlog=errlog) as (read, write), ClientSession(read, write) as session:
            await _exercise(session)


async def test_streamable_http(tmp_path: Any) -> None:
    url = f"sqlite:///{tmp_path / 'mcp.db'}"
    _seed(url)
    mem = Memory.open(url, embedder=HashingEmbedder())
    try:
        server = build_server(mem, Scope("bot", "u1", "s1"))
        with uvicorn_thread(server.streamable_http_app(host="127.0.0.1")) as base:
            async with streamable_http_client(base + "/mcp") as (read, write), \
                    ClientSession(read, write) as session:
                await _exercise(session)
    finally:
        mem.close()


def test_http_transport_refuses_non_loopback(tmp_path: Any, capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["--db", f"sqlite:///{tmp_path / 'x.db'}", "--agent", "bot", "--transport", "http",
                 "--host", "0.0.0.0"])
    assert code == 2 and "loopback" in capsys.readouterr().err
    code = main(["--db", f"sqlite:///{tmp_path / 'x.db'}", "--agent", "bad id!"])
    assert code == 2


def test_the_instructions_name_only_the_tools_offered(tmp_path: Any) -> None:
    """A server whose configuration offers no add_memory does not tell the model to add memories."""
    mem = Memory.open(f"sqlite:///{tmp_path / 'mcp.db'}", embedder=HashingEmbedder())
    try:
        assert "add_memory" in build_server(mem, Scope("bot", "u1", "s1")).instructions
        mem.configure("reader", {"harness": {"memory": {"tools": []}}})  # the Twisp shape: search_memory alone
        said = build_server(mem, Scope("reader", "u1", "s1")).instructions
        assert "Search memory" in said and "add_memory" not in said and "Add a memory" not in said
    finally:
        mem.close()
