"""The MCP server over stdio, driven by the official ``mcp`` client on a real SQLite file: what a search or read
hands the model is logged as RETRIEVED uses, pins reach the model (``initialize`` instructions, ``"pinned": true``),
``pin`` is refused naming the setting where the agent may not pin, ``search_memory``'s default ``limit`` is the
configured ``max_results``, and a relative ``--db`` is refused before anything opens."""

from __future__ import annotations

import json
import os
import sys
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("mcp")
from mcp.client.session import ClientSession
from mcp.client.stdio import StdioServerParameters, stdio_client

from engram import Memory, Scope
from engram.embedders import HashingEmbedder
from engram.mcp import main
from tests.support.configs import WIDE

pytestmark = pytest.mark.anyio
ALICE = Scope("claude", "alice")
# WIDE (the agent may pin) with three results per recall
PINS: dict[str, Any] = {"harness": {**WIDE["harness"], "memory": {**WIDE["harness"]["memory"],
                                                                   "search": {"max_results": 3}}}}
# the Twisp shape without harness.memory.pinned: the agent may not pin
NO_PINS: dict[str, Any] = {"harness": {"memory": {
    "enabled": True, "scope": {"read": ["actor"], "write": ["actor"]},
    "tools": ["add_memory", "read_memory", "search_memory"]}}}


@asynccontextmanager
async def served(tmp_path: Path, url: str, config: dict[str, Any]) -> AsyncIterator[tuple[ClientSession, Any]]:
    """An ``engram mcp`` subprocess bound to alice, initialized: the session and the ``initialize`` result."""
    cfg = tmp_path / "cfg.json"
    cfg.write_text(json.dumps(config))
    params = StdioServerParameters(command=sys.executable, args=[
        "-m", "engram.mcp", "--db", url, "--agent", "claude", "--actor", "alice", "--config", str(cfg),
        "--embedder", "hashing"], cwd=str(tmp_path), env=dict(os.environ))
    with open(tmp_path / "stderr.log", "w") as errlog:
        async with stdio_client(params, errlog=errlog) as (read, write), ClientSession(read, write) as session:
            yield session, await session.initialize()


def _data(result: Any) -> Any:
    assert not result.is_error, result.content
    return result.structured_content


async def test_reads_and_searches_are_retrieved_uses_and_pins_reach_the_model(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'mcp.db'}"
    mem = Memory.open(url, config=PINS, embedder=HashingEmbedder())
    try:
        pin = mem.remember(ALICE, "Alice secret: bank PIN is 4711", scope="actor", pin=True)
        for i in range(5):
            mem.remember(ALICE, f"Tomato variety {i} grows well in the greenhouse", scope="actor")
    finally:
        mem.close()
    async with served(tmp_path, url, PINS) as (session, init):
        assert pin.id in (init.instructions or "") and "bank PIN is 4711" in (init.instructions or "")
        tools = {t.name: t for t in (await session.list_tools()).tools}
        assert "MCP session" in tools["add_memory"].input_schema["properties"]["pin"]["description"]
        tomatoes = _data(await session.call_tool("search_memory", {"query": "tomato greenhouse"}))
        assert len(tomatoes["hits"]) == 3  # harness.memory.search.max_results, not a face's own default
        found = _data(await session.call_tool("search_memory", {"query": "bank PIN"}))
        [hit] = [h for h in found["hits"] if h["record"]["id"] == pin.id]
        assert hit["record"]["pinned"] is True
        assert all("pinned" not in h["record"] for h in tomatoes["hits"])
        assert _data(await session.call_tool("read_memory", {"id": pin.id}))["pinned"] is True
    mem = Memory.open(url, embedder=HashingEmbedder())
    try:
        assert len(mem.uses(ALICE, pin.id)) == 2  # one search, one read
        assert sum(len(mem.uses(ALICE, h["record"]["id"])) for h in tomatoes["hits"]) == 3
    finally:
        mem.close()


async def test_pin_where_the_agent_may_not_pin_names_the_setting(tmp_path: Path) -> None:
    async with served(tmp_path, f"sqlite:///{tmp_path / 'mcp.db'}", NO_PINS) as (session, _):
        refused = await session.call_tool("add_memory", {"summary": "Likes tea", "pin": True})
    text = "".join(getattr(c, "text", "") for c in refused.content)
    assert refused.is_error and "pin" in text and "harness.memory.pinned" in text, text


def test_a_relative_sqlite_path_is_refused(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(tmp_path)
    for transport in ("stdio", "http"):
        assert main(["--db", "sqlite:///rel.db", "--agent", "bot", "--transport", transport]) == 2
        [line] = capsys.readouterr().err.strip().splitlines()
        assert json.loads(line)["error"]["field"] == "db"
    assert not list(tmp_path.iterdir())  # nothing was created in the working directory
