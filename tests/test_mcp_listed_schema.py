"""MCP holds a call to the schema it lists: ``engram mcp`` as a real stdio subprocess, driven by the official ``mcp``
client. Bound to an actor and no session, ``add_memory``'s ``scope`` offers only ``actor``; its description names
exactly the levels the enum lists, and a call naming another level (or any value outside any listed enum) is refused
with the enum the server listed, writing nothing."""

from __future__ import annotations

import os
import re
import sys
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("mcp")
from mcp.client.session import ClientSession
from mcp.client.stdio import StdioServerParameters, stdio_client

from engram import Memory, Scope
from engram.embedders import HashingEmbedder

pytestmark = pytest.mark.anyio
LEVEL_NAMED = re.compile(r"\b(session|actor|agent) \(")  # how the description names a level it offers


def _text(result: Any) -> str:
    from mcp_types import TextContent

    return "".join(c.text for c in result.content if isinstance(c, TextContent))


def _params(url: str, tmp_path: Path, *bound: str) -> StdioServerParameters:
    return StdioServerParameters(command=sys.executable, args=[
        "-m", "engram", "mcp", "--db", url, "--agent", "claude-desktop", *bound, "--embedder", "hashing"],
        cwd=str(tmp_path), env=dict(os.environ))


async def _session_run(params: StdioServerParameters, tmp_path: Path,
                       calls: list[dict[str, Any]]) -> tuple[dict[str, Any], list[Any]]:
    """The listed tools (name -> Tool) and the results of ``add_memory`` with each of ``calls``."""
    with open(tmp_path / "stderr.log", "a") as errlog:
        async with stdio_client(params, errlog=errlog) as (read, write), ClientSession(read, write) as s:
            await s.initialize()
            tools = {t.name: t for t in (await s.list_tools()).tools}
            return tools, [await s.call_tool("add_memory", args) for args in calls]


async def test_an_actor_bound_server_offers_and_takes_the_actor_level_only(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'mcp.db'}"
    tools, (session, agent, kind, actor) = await _session_run(_params(url, tmp_path, "--actor", "zed"), tmp_path, [
        {"summary": "session thing", "scope": "session"}, {"summary": "agent thing", "scope": "agent"},
        {"summary": "a thing", "kind": "nope"}, {"summary": "actor thing", "scope": "actor"}])
    for refused in (session, agent):
        assert refused.is_error and _text(refused) == "ValidationError: scope: must be one of: actor"
    scope = tools["add_memory"].input_schema["properties"]["scope"]
    assert scope["enum"] == ["actor"]
    assert LEVEL_NAMED.findall(scope["description"]) == ["actor"], scope["description"]
    # any listed enum: the error lists exactly what the server listed
    kinds = tools["add_memory"].input_schema["properties"]["kind"]["enum"]
    assert kind.is_error and _text(kind) == f"ValidationError: kind: must be one of: {', '.join(kinds)}"
    assert not actor.is_error
    mem = Memory.open(url, embedder=HashingEmbedder())
    try:
        assert [(r.summary, r.level) for r in mem.list(Scope("claude-desktop", "zed"))] == [("actor thing", "actor")]
    finally:
        mem.close()


async def test_a_session_bound_server_names_each_level_it_offers(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'mcp.db'}"
    tools, (agent,) = await _session_run(_params(url, tmp_path, "--actor", "zed", "--session", "mon"), tmp_path,
                                         [{"summary": "agent thing", "scope": "agent"}])
    scope = tools["add_memory"].input_schema["properties"]["scope"]
    assert sorted(scope["enum"]) == ["actor", "session"]  # engram's default configuration writes these two
    assert LEVEL_NAMED.findall(scope["description"]) == scope["enum"]
    assert scope["description"].endswith(f"Default: {scope['enum'][0]}.")
    assert agent.is_error and _text(agent) == f"ValidationError: scope: must be one of: {', '.join(scope['enum'])}"
