"""Bad input on the MCP face: every tool the server lists gets malformed calls through the official ``mcp``
client, derived from the tool's own ``inputSchema``: a required argument missing or null, each argument (and
each declared label) with a wrong JSON type (falsy ones too, which ``args.get(x) or default`` would take for
"absent"), required strings empty or blank, strings with a NUL character (which PostgreSQL cannot hold) or
outside a ``minLength``/``maxLength``, integers under their minimum or over their maximum, unknown enum
values, arrays over ``maxItems`` or with a bad item, and an unknown argument (or label) where
``additionalProperties`` is false; and a tool the server does not offer.

What a refusal looks like follows the MCP specification (2025-11-25, server/tools, "Error Handling"): input
validation errors are *tool execution errors*, a ``CallToolResult`` with ``isError: true`` the model can read
and correct. Each must say ``ValidationError``, name the offending argument (its dotted path, or the argument
holding the bad item or member) and change nothing in the store (a digest of every row of the SQLite file).
Requests that break the ``CallToolRequest`` schema itself (``arguments`` no object, ``name`` no string), which
the client refuses to send, go raw over stdio and HTTP: they get the JSON-RPC protocol error -32602 naming the
field; lines that are no message at all get a JSON-RPC error too.

Each mutation starts from a valid call of the tool (:func:`baselines`; one test checks they succeed), so the
mutation is the call's only defect. Deterministic: the cases follow from the listed schemas and the
baselines alone. Over streamable HTTP (one in-process server on a real uvicorn, a test per tool) and over stdio
(``engram mcp`` itself as a subprocess, every case of every tool).
"""
from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import anyio
import httpx
import pytest

pytest.importorskip("mcp")
from mcp.client.session import ClientSession
from mcp.client.stdio import StdioServerParameters, stdio_client
from mcp.client.streamable_http import streamable_http_client
from mcp_types import CallToolResult, TextContent
from mcp_types.version import LATEST_HANDSHAKE_VERSION

from engram import Memory, Scope
from engram.embedders import HashingEmbedder
from engram.errors import ValidationError
from engram.harness.arguments import KEYWORDS, check_arguments
from engram.harness.tools import ToolDefaults
from engram.mcp import MAX_RESULTS, SEARCH_RESULTS, build_server
from tests.support.bounds import (
    LABELS,
    MANY_LABELS,
    bases,
    edges,
    engine_bounds,
    engine_problems,
    keywords,
    listed_bounds,
    past_the_check_fails,
)
from tests.support.configs import WIDE
from tests.support.mutations import MISSING, dotted, fingerprint, with_value
from tests.support.servers import uvicorn_thread

pytestmark = pytest.mark.anyio
TOOLS = ("add_memory", "read_memory", "delete_memory", "search_memory", "search_history")
SCOPE = Scope("bot", "u1", "s1")


# -- the world the calls act on -------------------------------------------------------------------------------
@dataclass(frozen=True)
class World:
    db: Path
    url: str
    record_id: str  # an actor-level record of u1 (read, searched, replaced by the baselines)
    spare_id: str  # another (delete_memory's baseline deletes it)


def make_world(tmp: Path) -> World:
    """A SQLite store with WIDE's configuration, two records of u1 and one message of session s1."""
    db = tmp / "engram.db"
    url = f"sqlite:///{db}"
    mem = Memory.open(url, embedder=HashingEmbedder(), config=WIDE, embed_history="inline")  # none pending
    try:
        rec = mem.remember(SCOPE, "Prefers green tea", scope="actor", labels={"customer_id": "c1"})
        spare = mem.remember(SCOPE, "Has a cat named Miso", scope="actor")
        mem.append(SCOPE, [{"role": "user", "content": "my parcel number is PX-9981"}])
    finally:
        mem.close()
    return World(db, url, rec.id, spare.id)


def baselines(w: World) -> dict[str, dict[str, Any]]:
    """One valid call of each tool, every argument its schema lists given."""
    return {
        "add_memory": {"summary": "Prefers jasmine tea", "content": "Said so on the phone", "kind": "fact",
                       "scope": "actor", "labels": {"customer_id": "c1", "ticket": "T-7"},
                       "replaces": w.record_id},
        "read_memory": {"id": w.record_id},
        "delete_memory": {"id": w.spare_id},
        "search_memory": {"query": "green tea", "limit": 5, "kind": "fact", "labels": {"customer_id": "c1"},
                          "ids": [w.record_id]},
        "search_history": {"query": "parcel number", "limit": 5},
    }


# -- the mutations, from the input schema --------------------------------------------------------------------
WRONG: dict[str, tuple[Any, ...]] = {
    "string": (42, False, [], {}), "integer": ("7", 2.5, True, []), "number": ("0.5", True),
    "boolean": ("true", 0), "array": ({}, "x", 7, False), "object": ([], "x", 7, False),
}  # falsy wrong values too: ``args.get(x) or default`` must not take them for "absent"


@dataclass(frozen=True)
class Case:
    label: str
    args: dict[str, Any]
    field: str  # the argument (dotted path) the error must name






def bad_values(schema: dict[str, Any], *, required: bool, item: bool = False) -> Iterator[tuple[str, Any]]:
    """Values a property (or, ``item``, an array item) of ``schema`` must refuse: its type, enum, bounds; null
    and an empty string where it is required (an item always is); with a label each."""
    t = schema.get("type")
    for v in WRONG.get(str(t), ()):
        yield f"wrong type {type(v).__name__} {v!r}", v
    if required or item:
        yield "null", None
    if "enum" in schema:
        yield "unknown enum value", "NOT_A_VALUE"
    elif t == "string":
        if required or item:
            yield "empty", ""
        if required:
            yield "blank", "   "
        yield "a NUL character", "a\x00b"
        if "maxLength" in schema:
            yield f"over {schema['maxLength']} characters", "a" * (schema["maxLength"] + 1)
        shortest = schema.get("minLength", 0)
        if shortest > 1 or (shortest == 1 and not (required or item)):  # else "empty" is the case
            yield f"under {schema['minLength']} characters", "a" * (schema["minLength"] - 1)
    if t in ("integer", "number"):
        yield ("under its minimum", schema["minimum"] - 1) if "minimum" in schema else ("negative", -1)
        if "maximum" in schema:
            yield "over its maximum", schema["maximum"] + 1


def value_cases(schema: dict[str, Any], path: tuple[str | int, ...], value: Any
                ) -> Iterator[tuple[str, tuple[str | int, ...], Any]]:
    """(label, where, new value) for the members of a present object or array ``value`` of ``schema``."""
    t = schema.get("type")
    if t == "object" and isinstance(value, dict):
        required = set(schema.get("required", ()))
        for name, prop in schema.get("properties", {}).items():
            at = (*path, name)
            if name in value and name in required:
                yield "required argument missing", at, MISSING
            for label, bad in bad_values(prop, required=name in required):
                yield label, at, bad
            if name in value:
                yield from value_cases(prop, at, value[name])
        if schema.get("additionalProperties") is False:
            yield "an unknown member", (*path, "notAnArgument"), 1
    elif t == "array" and isinstance(value, list) and value:
        if "maxItems" in schema:
            yield f"over {schema['maxItems']} items", path, [f"{value[0]}{i}" for i in range(schema["maxItems"] + 1)]
        item = schema.get("items", {})
        for label, bad in bad_values(item, required=False, item=True):
            yield f"an item: {label}", (*path, 0), bad


def cases(schema: dict[str, Any], base: dict[str, Any]) -> Iterator[Case]:
    """Every malformed variant of the valid call ``base`` of a tool with input schema ``schema``."""
    for label, path, bad in value_cases(schema, (), base):
        yield Case(f"{dotted(path)}: {label}", with_value(base, path, bad), dotted(path))


# -- sessions through the real client ---------------------------------------------------------------------------
@asynccontextmanager
async def http_session(base: str) -> AsyncIterator[ClientSession]:
    async with streamable_http_client(base + "/mcp") as (read, write), ClientSession(read, write) as session:
        await session.initialize()
        yield session


def engram_mcp(w: World) -> list[str]:
    """The arguments of ``python`` that run ``engram mcp`` over stdio on the world, bound to SCOPE."""
    return ["-m", "engram.mcp", "--db", w.url, "--agent", SCOPE.agent, "--actor", str(SCOPE.actor),
            "--session", str(SCOPE.session), "--embedder", "hashing"]


@asynccontextmanager
async def stdio_session(w: World, tmp: Path) -> AsyncIterator[ClientSession]:
    params = StdioServerParameters(command=sys.executable, args=engram_mcp(w), cwd=str(tmp),
                                   env=dict(os.environ))  # the tree under test (PYTHONPATH)
    with open(tmp / "stderr.log", "w") as errlog:
        async with stdio_client(params, errlog=errlog) as (read, write), ClientSession(read, write) as session:
            await session.initialize()
            yield session


def _text(result: CallToolResult) -> str:
    return "".join(c.text for c in result.content if isinstance(c, TextContent))


def argument_of(field: str) -> str:
    """The argument a dotted path starts at (``labels.ticket``, ``ids[0]``: ``labels``, ``ids``)."""
    return re.split(r"[.\[]", field, maxsplit=1)[0]


def _named(text: str) -> str | None:
    """The field an engram tool error names (``"<Type>: <field>: <rule>"``), or None."""
    m = re.match(r"ValidationError: ([^:\s]+): ", text)
    return m[1] if m else None


async def problem(w: World, session: ClientSession, tool: str, case: Case) -> str | None:
    """What is wrong with the server's answer to a malformed call (None: nothing)."""
    before = fingerprint(w.db)
    result = await session.call_tool(tool, case.args)
    changed = fingerprint(w.db) != before
    text = _text(result)
    said = f"is_error={result.is_error} {text[:300]!r}"
    if changed:
        return f"changed the store; answered {said}"
    if not result.is_error:
        return f"succeeded: {said}"
    named = _named(text)
    if named is None:
        return f"not a ValidationError naming a field: {said}"
    if named not in (case.field, argument_of(case.field)):  # an item or member may be named by its argument
        return f"names {named!r}, not {case.field!r}: {said}"
    return None


async def sweep(w: World, session: ClientSession, tools: tuple[str, ...]) -> tuple[int, list[str]]:
    """Every malformed call of ``tools``; (how many, what went wrong)."""
    listed = {t.name: t for t in (await session.list_tools()).tools}
    assert set(listed) == set(TOOLS)
    total, bad = 0, []
    for tool in tools:
        schema = listed[tool].input_schema
        found = list(cases(schema, baselines(w)[tool]))
        # every listed argument gets malformed values; no two cases alike
        assert {argument_of(c.field) for c in found} >= set(schema["properties"]), tool
        assert len({json.dumps(c.args, sort_keys=True) for c in found}) == len(found)
        total += len(found)
        bad += [f"{tool} {case.label}: {p}" for case in found if (p := await problem(w, session, tool, case))]
    unknown = Case("an unknown tool", {}, "name")
    if (p := await problem(w, session, "no_such_tool", unknown)) is not None:
        bad.append(f"no_such_tool: {p}")
    return total + 1, bad


# -- malformed requests below the client: params that break CallToolRequest, lines that are no message --------
def call(rid: int, params: Any) -> bytes:
    return json.dumps({"jsonrpc": "2.0", "id": rid, "method": "tools/call", "params": params}).encode()


INITIALIZE = json.dumps({"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": {
    "protocolVersion": LATEST_HANDSHAKE_VERSION, "capabilities": {},
    "clientInfo": {"name": "raw", "version": "1"}}}).encode()
INITIALIZED = b'{"jsonrpc": "2.0", "method": "notifications/initialized"}'
# (request, the field the JSON-RPC error must name; None: not a message at all, any JSON-RPC error will do)
SHAPES: list[tuple[bytes, str | None]] = [
    (call(1, {"name": "read_memory", "arguments": []}), "arguments"),
    (call(2, {"name": "read_memory", "arguments": "id"}), "arguments"),
    (call(3, {"name": "read_memory", "arguments": 7}), "arguments"),
    (call(4, {"arguments": {"id": "r_1"}}), "name"),
    (call(5, {"name": 42, "arguments": {"id": "r_1"}}), "name"),
    (call(6, {"name": None, "arguments": {"id": "r_1"}}), "name"),
    (call(7, []), None),  # params no object: the JSON-RPC envelope is refused
    # a lone surrogate (\ud800): the SDK's JSON parser refuses the line
    (b'{"jsonrpc": "2.0", "id": 8, "method": "tools/call", "params": {"name": "add_memory", '
     b'"arguments": {"summary": "a\\ud800b"}}}', None),
]
SCHEMA_ERROR = call(9, {"name": "add_memory", "arguments": {"summary": 42}})  # a well-formed call: a tool error


def shape_problems(answers: dict[int, dict[str, Any]]) -> list[str]:
    """What is wrong with the JSON-RPC answers (by id) to :data:`SHAPES` and :data:`SCHEMA_ERROR`."""
    bad = []
    for rid, (line, field) in enumerate(SHAPES, start=1):
        got = answers.get(rid)
        error = (got or {}).get("error")
        if not isinstance(error, dict) or not isinstance(error.get("code"), int) or error["code"] >= -32000:
            bad.append(f"{line!r}: no JSON-RPC protocol error: {got}")
        elif field is not None and (error["code"] != -32602 or f": {field}: " not in error.get("message", "")
                                    or (error.get("data") or {}).get("field") != field):
            bad.append(f"{line!r}: not -32602 naming {field}: {got}")
    result = answers.get(9, {}).get("result") or {}
    text = "".join(c.get("text", "") for c in result.get("content") or [])
    if result.get("isError") is not True or _named(text) != "summary":
        bad.append(f"a schema error is not a tool error naming summary: {answers.get(9)}")
    return bad


def sse_answers(text: str) -> list[dict[str, Any]]:
    """The JSON-RPC messages of a streamable HTTP response (one JSON body, or server-sent events)."""
    if text.lstrip().startswith("{"):
        return [json.loads(text)]
    return [json.loads(line[5:]) for line in text.splitlines() if line.startswith("data:")]


# -- the checks -----------------------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def http_world(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[World, str]]:
    """One streamable HTTP server (in process, a real uvicorn on 127.0.0.1) for the per-tool tests."""
    w = make_world(tmp_path_factory.mktemp("mcpbad"))
    mem = Memory.open(w.url, embedder=HashingEmbedder(), embed_history="inline")
    try:
        with uvicorn_thread(build_server(mem, SCOPE).streamable_http_app(host="127.0.0.1")) as base:
            yield w, base
    finally:
        mem.close()


@pytest.mark.parametrize("tool", TOOLS)
async def test_every_malformed_call_is_refused_naming_its_argument(http_world: tuple[World, str], tool: str) -> None:
    """Over streamable HTTP, through the ``mcp`` client."""
    w, base = http_world
    async with http_session(base) as session:
        total, bad = await sweep(w, session, (tool,))
    assert not bad, f"{tool}: {len(bad)} of {total} malformed calls mishandled:\n" + "\n".join(bad)


async def test_every_malformed_call_is_refused_over_stdio(tmp_path: Path) -> None:
    """Every tool's cases against ``engram mcp`` itself (a subprocess), through the ``mcp`` client."""
    w = make_world(tmp_path)
    async with stdio_session(w, tmp_path) as session:
        total, bad = await sweep(w, session, TOOLS)
    assert total > 100
    assert not bad, f"{len(bad)} of {total} malformed calls mishandled over stdio:\n" + "\n".join(bad)


async def test_malformed_requests_get_protocol_errors_over_stdio(tmp_path: Path) -> None:
    """Below the client (which would refuse to send them): every line answered, the field named."""
    w = make_world(tmp_path)
    before = fingerprint(w.db)
    lines = [INITIALIZE, INITIALIZED, *(line for line, _ in SHAPES), SCHEMA_ERROR]
    answers: dict[int, dict[str, Any]] = {}
    async with await anyio.open_process([sys.executable, *engram_mcp(w)], cwd=tmp_path,
                                        stderr=subprocess.DEVNULL) as proc:
        assert proc.stdin is not None and proc.stdout is not None
        await proc.stdin.send(b"\n".join(lines) + b"\n")
        buffer = b""
        with anyio.fail_after(30):  # stdin stays open until every request is answered (EOF ends the server)
            while len(answers) < len(SHAPES) + 2:
                buffer += await proc.stdout.receive()
                *done, buffer = buffer.split(b"\n")
                answers.update((doc.get("id"), doc) for doc in map(json.loads, filter(None, done)))
        await proc.stdin.aclose()
        with anyio.fail_after(15):
            assert await proc.wait() == 0
    assert "result" in answers[0], answers[0]
    assert not shape_problems(answers), "\n".join(shape_problems(answers))
    assert fingerprint(w.db) == before


def test_malformed_requests_get_protocol_errors_over_http(http_world: tuple[World, str]) -> None:
    """The same requests as raw streamable HTTP posts (each in its own POST, as a client sends them)."""
    w, base = http_world
    before = fingerprint(w.db)
    headers = {"Accept": "application/json, text/event-stream", "Content-Type": "application/json"}
    answers: dict[int, dict[str, Any]] = {}
    with httpx.Client(base_url=base, timeout=30) as http:
        init = http.post("/mcp", content=INITIALIZE, headers=headers)
        assert init.status_code == 200, init.text
        headers |= {"mcp-session-id": init.headers["mcp-session-id"], "mcp-protocol-version": LATEST_HANDSHAKE_VERSION}
        assert http.post("/mcp", content=INITIALIZED, headers=headers).status_code == 202
        for rid, line in enumerate([*(line for line, _ in SHAPES), SCHEMA_ERROR], start=1):
            resp = http.post("/mcp", content=line, headers=headers)
            assert resp.status_code < 500, resp.text
            for doc in sse_answers(resp.text):
                answers[rid if doc.get("id") is None else doc["id"]] = doc  # a parse error cannot echo the id
    assert not shape_problems(answers), "\n".join(shape_problems(answers))
    assert fingerprint(w.db) == before


async def test_the_baselines_are_valid_calls(tmp_path: Path) -> None:
    """Each malformed call differs from one of these by its defect alone."""
    w = make_world(tmp_path)
    mem = Memory.open(w.url, embedder=HashingEmbedder())
    try:
        with uvicorn_thread(build_server(mem, SCOPE).streamable_http_app(host="127.0.0.1")) as base:
            async with http_session(base) as session:
                for tool, args in baselines(w).items():
                    result = await session.call_tool(tool, args)
                    assert not result.is_error, (tool, _text(result))
    finally:
        mem.close()


# -- the engine's limits: listed, and held to before anything is written ---------------------------------------
MCP_DEFAULTS = ToolDefaults(scope=None, search_limit=SEARCH_RESULTS, max_limit=MAX_RESULTS)


async def test_one_past_each_listed_bound_is_refused_by_the_schema_check(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Through the ``mcp`` client: every argument the server lists carries the engine's bound (from the
    constant that defines it), in a keyword the schema check enforces; the engine's own rules take a call at each
    bound and refuse one a step past it; over the wire a call at each bound is taken, and one a step past it
    gets exactly the schema check's ValidationError naming the argument, with no tool operation reached and
    the store unchanged."""
    db = tmp_path / "engram.db"
    mem = Memory.open(f"sqlite:///{db}", embedder=HashingEmbedder(), config=MANY_LABELS, embed_history="inline")
    try:
        rec = mem.remember(SCOPE, "Prefers green tea", scope="actor")
        mem.append(SCOPE, [{"role": "user", "content": "my parcel number is PX-9981"}])
        with uvicorn_thread(build_server(mem, SCOPE).streamable_http_app(host="127.0.0.1")) as base:
            async with http_session(base) as session:
                listed = {t.name: t.input_schema for t in (await session.list_tools()).tools}
                assert set(listed) == set(TOOLS)
                expected = {k: v for k, v in engine_bounds(MCP_DEFAULTS, LABELS).items() if k[0] in listed}
                assert listed_bounds(listed) == expected
                assert set().union(*map(keywords, listed.values())) <= KEYWORDS
                found = edges(listed, bases(rec.id, "unused"))
                assert len(found) == sum(map(len, expected.values()))
                assert not engine_problems(mem, SCOPE, found, defaults=MCP_DEFAULTS, results={})
                found = edges(listed, bases(rec.id, "unused"), labels=2)  # over the wire: two labels stand for all
                bad = []
                for edge in found:
                    result = await session.call_tool(edge.tool, edge.at)
                    if result.is_error and _text(result).startswith("ValidationError"):
                        bad.append(f"{edge.label}: at the bound: {_text(result)[:200]}")
                with monkeypatch.context() as patch:
                    past_the_check_fails(patch)  # the server runs in this process
                    before = fingerprint(db)
                    for edge in found:
                        with pytest.raises(ValidationError) as refused:
                            check_arguments(listed[edge.tool], edge.past)
                        result = await session.call_tool(edge.tool, edge.past)
                        if refused.value.field != edge.field or not result.is_error \
                                or _text(result) != f"ValidationError: {refused.value}":
                            bad.append(f"{edge.label}: one past the bound: {_text(result)[:200]}")
                    assert fingerprint(db) == before
        assert not bad, "\n".join(bad)
    finally:
        mem.close()


async def test_a_kind_past_the_engines_bound_is_refused_naming_it(http_world: tuple[World, str]) -> None:
    """The kinds the tools list are the configured ones, each within ``validate.MAX_KIND`` (the configuration is
    held to the engine's bound); a kind one character past it is refused naming ``kind`` over the wire (the
    schema check: not a listed kind) and, with the schema check bypassed, by the engine's own rule (the bound,
    stated as on every face), the store unchanged."""
    from engram.core import validate
    from engram.harness.tools import ToolOps

    w, base = http_world
    long_kind = "k" * (validate.MAX_KIND + 1)
    before = fingerprint(w.db)
    async with http_session(base) as session:
        listed = {t.name: t.input_schema for t in (await session.list_tools()).tools}
        for tool in ("add_memory", "search_memory"):
            kinds = listed[tool]["properties"]["kind"]["enum"]
            assert kinds and all(1 <= len(k) <= validate.MAX_KIND for k in kinds), tool
            result = await session.call_tool(tool, {**baselines(w)[tool], "kind": long_kind})
            assert result.is_error and _named(_text(result)) == "kind", (tool, _text(result))
    mem = Memory.open(w.url, embedder=HashingEmbedder(), embed_history="inline")
    try:
        for tool in ("add_memory", "search_memory"):
            for args in ({**baselines(w)[tool], "kind": long_kind}, {"query": "tea", "kind": long_kind},
                         {"kind": long_kind}):
                if tool == "add_memory" and "summary" not in args:
                    continue
                ops = ToolOps(mem.turn(SCOPE, extract=False), results={}, defaults=MCP_DEFAULTS)
                with pytest.raises(ValidationError) as err:
                    getattr(ops, tool)(args)
                assert (err.value.field, err.value.message) == \
                    ("kind", f"must be 1-{validate.MAX_KIND} characters (a record kind)"), (tool, args)
    finally:
        mem.close()
    assert fingerprint(w.db) == before
