"""The MCP stdio loop with a guard in front of the SDK's reader: every line gets an answer.

The SDK's stdio transport hands a line it cannot read (not JSON, not UTF-8, a lone surrogate its parser
refuses, nesting deep enough to exhaust the parser) to the session as an exception and answers nothing, so
the client waits until it times out. Here each line is checked first with the SDK's own message parser; a line
it refuses is answered at once with a JSON-RPC 2.0 error (``-32700`` when the line is not JSON at all,
``-32600`` when it is JSON but no valid message; the id is echoed when one can be read) and never reaches the
session. Replies are written as UTF-8 with any lone surrogate escaped, so no reply can fail to encode.
"""

from __future__ import annotations

import json
import sys
from collections.abc import AsyncIterator
from io import TextIOWrapper
from typing import Any

import anyio
import mcp_types as types
import pydantic
from mcp.server.stdio import stdio_server

PARSE_ERROR, INVALID_REQUEST = -32700, -32600


def refusal(line: str) -> dict[str, Any] | None:
    """The JSON-RPC error answering ``line``, or None when the SDK can read it as a message."""
    try:
        types.jsonrpc_message_adapter.validate_json(line, by_name=False)
        return None
    except pydantic.ValidationError as exc:
        errors = exc.errors()
        reason = str(errors[0].get("msg", "not a message"))[:200] if errors else "not a message"
    except (ValueError, RecursionError) as exc:
        reason = type(exc).__name__
    try:
        doc = json.loads(line)
    except (ValueError, RecursionError):
        return {"jsonrpc": "2.0", "id": None, "error": {"code": PARSE_ERROR, "message": f"Parse error: {reason}"}}
    rid = doc.get("id") if isinstance(doc, dict) else None
    if isinstance(rid, bool) or not isinstance(rid, (str, int)):
        rid = None
    return {"jsonrpc": "2.0", "id": rid, "error": {"code": INVALID_REQUEST, "message": f"Invalid request: {reason}"}}


class GuardedLines:
    """stdin as the SDK reads it (an async iterator of lines), answering refused lines itself."""

    def __init__(self, raw: Any, out: anyio.AsyncFile[str]) -> None:
        self.lines = anyio.wrap_file(TextIOWrapper(raw, encoding="utf-8", errors="replace"))
        self.out = out

    async def __aiter__(self) -> AsyncIterator[str]:
        async for line in self.lines:
            if not line.strip():
                continue
            answer = refusal(line)
            if answer is None:
                yield line
                continue
            await self.out.write(json.dumps(answer) + "\n")
            await self.out.flush()


async def serve(server: Any) -> None:
    """Run ``server`` (an ``MCPServer``) over this process's stdin and stdout until stdin closes."""
    out = anyio.wrap_file(TextIOWrapper(sys.stdout.buffer, encoding="utf-8", errors="backslashreplace",
                                        write_through=True))
    guarded: Any = GuardedLines(sys.stdin.buffer, out)
    low = server._lowlevel_server
    async with stdio_server(stdin=guarded, stdout=out) as (read_stream, write_stream):
        await low.run(read_stream, write_stream, low.create_initialization_options())


def run(server: Any) -> None:
    anyio.run(serve, server)
