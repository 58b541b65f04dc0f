"""Bad input on the native HTTP API: every operation of the served ``/openapi.json`` that takes a JSON body,
query or path parameters gets malformed requests derived from its own schema, each one defect away from a
valid request (:func:`baseline`; one test checks those succeed): a required member missing, each member with a
wrong JSON type (falsy ones and null too), strings empty, over their ``maxLength``, off their ``pattern``, with
a NUL character or a lone surrogate, numbers out of range or not finite (NaN, Infinity), unknown enum values,
arrays with no items, too many items or a bad item, an unknown member where ``additionalProperties`` is false,
in free-form objects (metadata, tool arguments, a configuration document) a new member or any string or number
already there made NaN, Infinity, NUL or a lone surrogate, a NUL in a key; a body that is no JSON object
(invalid JSON, an array, a string, a number, null, not UTF-8, empty, not ``application/json``); query
parameters of the wrong type, out of range, too long, with a NUL or unknown to their enum, and query parameters
the operation does not take (a typo of one it takes, or any other name); path ids over length, off pattern or
with a NUL.

Each must answer 422 ``{"error": {"type": "ValidationError", "message", "field"}}`` naming the offending field
(the path ``agent``, which the key's grant pins, may be refused earlier: 403 ``PermissionDenied``), and must
change nothing: a digest of every row of the store is the same before and after every request (taken again
only when the backend says something committed, which keeps the sweep fast). A real server (uvicorn on
127.0.0.1) over a real SQLite file, and over PostgreSQL where the suite runs it; deterministic (the cases
follow from the served schema and the baselines alone).
"""

from __future__ import annotations

import json
import math
import re
import sqlite3
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime
from pathlib import Path
from typing import Any
from urllib.parse import quote

import httpx
import pytest

pytest.importorskip("fastapi")  # the server extra

from engram import Memory, Scope
from engram.embedders import HashingEmbedder
from engram.http import create_app
from engram.keys import create_key
from engram.turn import new_id
from engram.types import Job
from tests.support.backends import BACKENDS
from tests.support.configs import WIDE
from tests.support.mutations import MISSING, dotted, fingerprint, with_value
from tests.support.mutations import Path as MPath
from tests.support.servers import uvicorn_thread

NOBODY = object()  # a request without a body
SCOPES = {"agent": Scope("bot"), "actor": Scope("bot", "u1"), "session": Scope("bot", "u1", "s1"),
          "agent_session": Scope("bot", session="s2")}
LEVEL = {"agent": "agent", "actor": "actor", "session": "session", "agent_session": "session"}
WHEN = "2026-01-02T03:04:05Z"
# paths sent with the operator key (the store-wide configuration); every other request with agent bot's key,
# which has every right
OPERATOR_PATHS = ("/v1/config",)


# -- the world the requests act on ------------------------------------------------------------------------------
@dataclass
class World:
    base: str
    mem: Memory
    digest: Callable[[], str]  # of every row of the store
    keys: dict[str, str]
    ids: dict[str, str]  # "<what>.<depth>" -> id (records, events), "job" -> a failed job
    namespaces: dict[str, str]  # depth -> the namespace of its records
    tokens: dict[str, str] = field(default_factory=dict)  # "<listing>.<depth>" -> a genuine page token
    http: httpx.Client = field(default_factory=lambda: httpx.Client(timeout=60))


def depth_of(template: str) -> str:
    """Which scope a path template addresses: ``agent``, ``actor``, ``session`` or ``agent_session``."""
    if "/actors/{actor}/sessions/{session}" in template:
        return "session"
    if "/sessions/{session}" in template:
        return "agent_session"
    return "actor" if "/actors/{actor}" in template else "agent"


def seed(mem: Memory) -> tuple[dict[str, str], dict[str, str]]:
    """Records at every depth (one to read, and one for each write a baseline makes), events in both kinds of
    session, and a failed extraction job; returns (ids, namespaces)."""
    ids: dict[str, str] = {}
    namespaces: dict[str, str] = {}
    for depth, scope in SCOPES.items():
        for what in ("rec", "old", "old_b", "upd", "del"):
            rec = mem.remember(scope, f"Prefers green tea ({what})", "said so on the phone",
                               scope=LEVEL[depth], labels={"customer_id": "c1"})
            ids[f"{what}.{depth}"] = rec.id
            namespaces[depth] = rec.namespace
    for depth in ("session", "agent_session"):
        events = mem.append(SCOPES[depth], [{"role": "user", "content": "my refund of 42 euros"},
                                            {"role": "assistant", "content": "refund approved"}])
        ids[f"event.{depth}"] = events[0].id
    now = datetime.now(UTC)
    job = Job(id=new_id("j_"), kind="extract", agent="bot", actor="u1", session="s1", status="pending",
              attempts=0, error=None, payload={}, created_at=now, updated_at=now)
    with mem.store.write() as tx:
        tx.enqueue_job(job)
        tx.fail_job(job.id, "the model was down", now, retry=False)
    ids["job"] = job.id
    return ids, namespaces


@contextmanager
def open_world(url: str, digest: Callable[[], str]) -> Iterator[World]:
    """The seeded store behind a real server on 127.0.0.1 (no job worker, history embedded inline: nothing
    changes the store in the background), with its keys and page tokens."""
    mem = Memory.open(url, embedder=HashingEmbedder(), config=WIDE, embed_history="inline")
    try:
        ids, namespaces = seed(mem)
        keys = {"admin": create_key(mem.store, "bot", can_delete=True, can_admin=True)[0],
                "operator": create_key(mem.store, None, operator=True)[0]}
        with uvicorn_thread(create_app(mem, run_worker=False)) as base:
            w = World(base, mem, digest, keys, ids, namespaces)
            try:
                for depth in SCOPES:
                    prefix = path_prefix(depth)
                    listings = ("records", "events") if depth in ("session", "agent_session") else ("records",)
                    for listing in listings:
                        page = w.http.get(base + prefix + "/" + listing, params={"limit": 1},
                                          headers=auth(w, "admin")).json()
                        w.tokens[f"{listing}.{depth}"] = page["next_page_token"]
                        assert page["next_page_token"], (depth, listing, page)
                yield w
            finally:
                w.http.close()
    finally:
        mem.close()


def path_prefix(depth: str) -> str:
    scope = SCOPES[depth]
    out = f"/v1/agents/{scope.agent}"
    if scope.actor:
        out += f"/actors/{scope.actor}"
    return out + (f"/sessions/{scope.session}" if scope.session else "")


def when_changed(version: Callable[[], object], full: Callable[[], str]) -> Callable[[], str]:
    """``full`` (a digest of every row), taken again only when ``version`` says something committed since it
    was last taken: the same answer, at a fraction of the cost."""
    last: list[Any] = [object(), ""]  # (version, digest)

    def digest() -> str:
        now = version()
        if now != last[0]:
            last[:] = [now, full()]
        return str(last[1])

    return digest


def sqlite_digest(db: Path) -> tuple[Callable[[], str], Callable[[], None]]:
    """:func:`fingerprint` of a SQLite file (``PRAGMA data_version`` on a connection of its own changes with
    every commit of another), and how to stop using it."""
    con = sqlite3.connect(f"file:{db}?mode=ro", uri=True, check_same_thread=False)
    return when_changed(lambda: con.execute("PRAGMA data_version").fetchone(), lambda: fingerprint(db)), con.close


def pg_digest(url: str) -> tuple[Callable[[], str], Callable[[], None]]:
    """:func:`tests.support.pg.schema_digest`, read again only when a transaction has written since."""
    from tests.support.pg import schema_digest

    full, close, version = schema_digest(url)
    return when_changed(version, full), close


@contextmanager
def backend_world(backend: str, tmp: Path, request: pytest.FixtureRequest) -> Iterator[World]:
    """A world on a fresh SQLite file or a fresh PostgreSQL schema."""
    if backend == "sqlite":
        url = f"sqlite:///{tmp / 'engram.db'}"
    else:
        from tests.support.pg import fresh_url

        url = fresh_url(request)
    with Memory.open(url, embedder=HashingEmbedder(), config=WIDE):
        pass  # the tables exist before the digest lists them
    digest, close = sqlite_digest(tmp / "engram.db") if backend == "sqlite" else pg_digest(url)
    try:
        with open_world(url, digest) as w:
            yield w
    finally:
        close()


@pytest.fixture(scope="module", params=BACKENDS)
def world(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[World]:
    with backend_world(request.param, tmp_path_factory.mktemp("httpbad"), request) as w:
        yield w


# -- requests ---------------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Req:
    """One request: a path template with its values, query parameters (a list repeats one), a JSON body (or
    ``raw`` bytes with ``content_type``), and the key (a name in :attr:`World.keys`) it is sent with."""

    op: str
    method: str
    template: str
    path: dict[str, str]
    query: dict[str, Any]
    body: Any = NOBODY
    raw: bytes | None = None
    content_type: str = "application/json"
    key: str = "admin"


def auth(w: World, key: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {w.keys[key]}"}


def send(w: World, req: Req) -> httpx.Response:
    url = w.base + re.sub(r"\{(\w+)\}", lambda m: quote(req.path[m[1]], safe=""), req.template)
    headers = auth(w, req.key)
    content = req.raw
    if content is None and req.body is not NOBODY:
        content = json.dumps(req.body).encode()  # NaN and Infinity as Python writes them; surrogates escaped
    if content is not None:
        headers["Content-Type"] = req.content_type
    query = [(k, v) for k, vs in req.query.items() for v in (vs if isinstance(vs, list) else [vs])]
    params = [(k, json.dumps(v) if isinstance(v, bool) else str(v)) for k, v in query]
    return w.http.request(req.method, url, params=params, content=content, headers=headers)


# -- the baselines: one valid request per operation ----------------------------------------------------------------
def _body(name: str, w: World, depth: str) -> Any:
    """A valid body of the request schema ``name`` at ``depth``, every member its schema lists given."""
    ids, ns = w.ids, w.namespaces.get(depth)
    record = {"summary": "Prefers jasmine tea", "content": "Said so on the phone", "kind": "fact",
              "labels": {"customer_id": "c1", "ticket": "T-7"}, "scope": LEVEL.get(depth), "namespace": ns,
              "replaces": ids.get(f"old.{depth}"), "pin": False}
    bodies: dict[str, Any] = {
        "ConfigIn": {"config": WIDE},
        "AppendIn": {"messages": [
            {"role": "assistant", "content": "Let me look that up", "metadata": {"ticket": "T-7"}, "at": WHEN,
             "tool_calls": [{"id": "c1", "name": "lookup", "arguments": {"q": "refund"}}], "tool_call_id": "c0",
             "name": "helper"},
            {"role": "tool", "content": "refund approved", "tool_call_id": "c1", "name": "lookup"}],
            "preview": False},
        "HistorySearchIn": {"query": "refund", "limit": 5, "include_tools": True, "mode": "hybrid",
                            "preview": False},
        "ExtractIn": {"preview": False},
        "CreateRecordIn": {**record, "preview": False},
        "BatchIn": {"ops": [
            {"op": "create", **record, "replaces": ids.get(f"old_b.{depth}")},
            {"op": "update", "id": ids.get(f"upd.{depth}"), "summary": "Prefers black tea", "content": "changed",
             "kind": "fact", "labels": {"ticket": "T-8"}},
            {"op": "delete", "id": ids.get(f"del.{depth}")}], "preview": False},
        "RecallIn": {"query": "green tea", "limit": 5, "mode": "hybrid", "min_score": 0.0, "kind": ["fact"],
                     "labels": {"customer_id": "c1"}, "namespace": ns, "preview": False},
        "UsesIn": {"uses": [{"record_id": ids.get(f"rec.{depth}"), "score": 0.5}], "turn_id": "t-1",
                   "call_index": 1},
    }
    return bodies[name]


def _query(name: str, w: World, template: str, depth: str) -> Any:
    """A valid value of the query parameter ``name``."""
    listing = "events" if template.endswith("/events") else "records"
    values: dict[str, Any] = {
        "limit": 10, "before": "2100-01-01T00:00:00Z", "after": "2000-01-01T00:00:00Z", "role": ["user", "tool"],
        "preview": False, "pinned": False, "kind": ["fact"], "label": ["customer_id:c1"],
        "namespace": w.namespaces[depth], "page_token": w.tokens.get(f"{listing}.{depth}"),
        "status": "failed" if template.endswith("/jobs") else ["active"],
    }
    return values[name]


def baseline(w: World, spec: dict[str, Any], template: str, method: str) -> Req:
    """A valid request of the operation, every parameter and member it takes given."""
    op = spec["paths"][template][method]
    depth = depth_of(template)
    scope = SCOPES[depth]
    path_values = {"agent": scope.agent, "actor": str(scope.actor), "session": str(scope.session),
                   "record_id": w.ids[f"rec.{depth}"], "event_id": w.ids.get(f"event.{depth}", ""),
                   "job_id": w.ids["job"]}
    path: dict[str, str] = {}
    query: dict[str, Any] = {}
    for p in op.get("parameters", ()):
        if p["in"] == "path":
            path[p["name"]] = path_values[p["name"]]
        elif p["in"] == "query":
            query[p["name"]] = _query(p["name"], w, template, depth)
    body: Any = NOBODY
    schema = request_schema(op)
    if schema is not None:
        body = _body(ref_name(schema), w, depth)
    key = "operator" if template.startswith(OPERATOR_PATHS) else "admin"
    return Req(op["operationId"], method.upper(), template, path, query, body, key=key)


def request_schema(op: dict[str, Any]) -> dict[str, Any] | None:
    body = op.get("requestBody", {}).get("content", {}).get("application/json", {})
    schema: dict[str, Any] | None = body.get("schema")
    return schema


def ref_name(schema: dict[str, Any]) -> str:
    """The component a body schema names (through an optional body's ``anyOf``)."""
    ref = schema.get("$ref") or next(b["$ref"] for b in schema.get("anyOf", ()) if "$ref" in b)
    return str(ref).rsplit("/", 1)[-1]


# -- JSON Schema, as FastAPI publishes it ------------------------------------------------------------------------
class Schemas:
    """The component schemas of the served spec, with ``$ref`` resolved and ``anyOf`` flattened."""

    def __init__(self, spec: dict[str, Any]) -> None:
        self.components: dict[str, Any] = spec["components"]["schemas"]

    def resolve(self, schema: dict[str, Any]) -> dict[str, Any]:
        while "$ref" in schema:
            schema = self.components[schema["$ref"].rsplit("/", 1)[-1]]
        return schema

    def branches(self, schema: dict[str, Any]) -> list[dict[str, Any]]:
        """The alternatives a value of ``schema`` may take (null among them), each with the constraints written
        beside its ``anyOf`` (``{"anyOf": [str, list], "maxLength": n}``) merged in."""
        schema = self.resolve(schema)
        alts = schema.get("anyOf") or schema.get("oneOf")
        if not alts:
            return [schema]
        outer = {k: v for k, v in schema.items() if k not in ("anyOf", "oneOf", "title", "default", "description")}
        out = []
        for alt in alts:
            for b in self.branches(alt):
                out.append({**{k: v for k, v in outer.items() if k != "discriminator"}, **b})
        return out

    def fitting(self, schema: dict[str, Any], value: Any) -> dict[str, Any] | None:
        """The branch of ``schema`` that ``value`` takes (by JSON type; a tagged union by its tag)."""
        schema = self.resolve(schema)
        disc = schema.get("discriminator")
        for b in self.branches(schema):
            if not fits(b, value):
                continue
            if disc and isinstance(value, dict):
                tag = b.get("properties", {}).get(disc["propertyName"], {})
                if tag.get("const", value.get(disc["propertyName"])) != value.get(disc["propertyName"]):
                    continue
            return b
        return None


def json_type(value: Any) -> str:
    for t, kind in ((bool, "boolean"), (int, "integer"), (float, "number"), (str, "string"), (list, "array"),
                    (dict, "object")):
        if isinstance(value, t):
            return kind
    return "null"


def fits(branch: dict[str, Any], value: Any) -> bool:
    """Whether ``value`` has the JSON type of ``branch`` (no type: anything; an integer is a number)."""
    t = branch.get("type")
    if t is None:
        return True
    got = json_type(value)
    return t == got or (t == "number" and got == "integer")


# -- the mutations -----------------------------------------------------------------------------------------------
WRONG: dict[str, tuple[Any, ...]] = {
    "string": (42, False, [], {}), "integer": ("7", 2.5, True, []), "number": ("0.5", True, []),
    "boolean": ("true", 0, []), "array": ({}, "x", 7, False), "object": ([], "x", 7, False),
}  # falsy wrong values too: ``body.get(x) or default`` must not take them for "absent"
NUL, SURROGATE = "a\x00b", "a\ud800b"
BLANK_REFUSED = frozenset({"summary", "query"})  # the engine's rule beyond the schema: not only whitespace
# members holding a whole document, whose errors name the field within it (docs/configuration.md: a
# ConfigError names the field path of the configuration, on every face)
DOCUMENTS = frozenset({"config"})


@dataclass(frozen=True)
class Case:
    label: str
    req: Req
    fields: tuple[str, ...]  # the field the error may name (any one of them)
    statuses: tuple[int, ...] = (422,)


def _off_pattern(pattern: str) -> str | None:
    for cand in ("!x", " x", "x/y"):
        if not re.search(pattern, cand):
            return cand
    return None


def bad_values(schemas: Schemas, schema: dict[str, Any], name: str | int, *, body: bool = True
               ) -> Iterator[tuple[str, Any]]:
    """(label, value) a member or item ``name`` of ``schema`` must refuse: wrong JSON types (null where the
    schema has none), enums, string and number bounds, NUL and lone surrogates, NaN and Infinity, array
    lengths. ``body``: in a JSON body (else a query value, where every value is a string)."""
    alts = schemas.branches(schema)
    real = [b for b in alts if b.get("type") != "null"]
    if body:
        pool = [v for b in real for v in WRONG.get(str(b.get("type")), ())]
        if len(real) == len(alts):
            pool.append(None)
        seen: list[Any] = []
        for v in pool:
            if any(fits(b, v) for b in alts) or any(v == s and type(v) is type(s) for s in seen):
                continue
            seen.append(v)
            yield f"wrong type {json_type(v)} {v!r}", v
    for b in real:
        t = b.get("type")
        if "enum" in b or "const" in b:
            yield "unknown enum value", "NOT_A_VALUE"
        elif t == "string":
            if b.get("format") == "date-time":
                yield "not a date-time", "yesterday at noon"
            if b.get("minLength", 0) >= 1:
                yield "empty", ""
            if name in BLANK_REFUSED:
                yield "blank", "   "
            if "maxLength" in b:
                yield f"over {b['maxLength']} characters", "a" * (b["maxLength"] + 1)
            if "pattern" in b and (off := _off_pattern(b["pattern"])) is not None:
                yield "off its pattern", off
            yield "a NUL character", NUL
            if body:
                yield "a lone surrogate", SURROGATE
        elif t in ("integer", "number"):
            if not body:
                yield "not a number", "ten"
                if t == "integer":
                    yield "not an integer", "2.5"
            step = 1 if t == "integer" else 0.5
            if "minimum" in b:
                yield "under its minimum", _num(b["minimum"] - step)
            if "maximum" in b:
                yield "over its maximum", _num(b["maximum"] + step)
            if body:
                yield "NaN", math.nan
                yield "Infinity", math.inf
        elif t == "boolean" and not body:
            yield "not a boolean", "maybe"
        elif t == "array" and body and b.get("minItems", 0) >= 1:
            yield "no items", []


def _num(x: float) -> int | float:
    return int(x) if float(x).is_integer() else x


def leaves(value: Any, path: MPath) -> Iterator[tuple[MPath, str | int | float]]:
    """(where, value) of every string and number inside a JSON value."""
    if isinstance(value, dict):
        for k, v in value.items():
            yield from leaves(v, (*path, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from leaves(v, (*path, i))
    elif isinstance(value, (str, int, float)) and not isinstance(value, bool):
        yield path, value


def minimal(schemas: Schemas, schema: dict[str, Any], value: Any) -> Any:
    """``value`` with only the members its schema requires (a small item to repeat past ``maxItems``)."""
    b = schemas.fitting(schema, value)
    if b is None or b.get("type") != "object" or not isinstance(value, dict) or "properties" not in b:
        return value
    return {k: v for k, v in value.items() if k in b.get("required", ())} or value


def value_cases(schemas: Schemas, schema: dict[str, Any], path: MPath, value: Any
                ) -> Iterator[tuple[str, MPath, Any, tuple[str, ...]]]:
    """(label, where, new value, fields the error may name) for the members and items of a present ``value``."""
    b = schemas.fitting(schema, value)
    if b is None:
        return
    here = dotted(path)
    if b.get("type") == "object" and isinstance(value, dict):
        props: dict[str, Any] = b.get("properties", {})
        required = set(b.get("required", ()))
        for name, prop in props.items():
            at = (*path, name)
            if name in required and name in value:
                yield "required member missing", at, MISSING, (dotted(at),)
            for label, bad in bad_values(schemas, prop, name):
                yield label, at, bad, (dotted(at),)
            if name in value:
                yield from value_cases(schemas, prop, at, value[name])
        extra = b.get("additionalProperties")
        if extra is False:
            yield "an unknown member", (*path, "notAMember"), 1, (dotted((*path, "notAMember")),)
        elif isinstance(extra, dict) and extra and value:  # a map: its values have a schema
            key = next(iter(value))
            for label, bad in bad_values(schemas, extra, key):
                yield f"a value: {label}", (*path, key), bad, (dotted((*path, key)),)
            yield "a NUL in a key", path, {**value, NUL: next(iter(value.values()))}, (here, f"{here}.{NUL}")
        elif not props:  # free-form: any JSON inside, which must still be storable
            within = ("",) if path and path[-1] in DOCUMENTS else (f"{here}.",)
            inner = tuple(f"{w}x" for w in within)
            yield "NaN inside", path, {**value, "x": math.nan}, (here, *inner)
            yield "Infinity inside", path, {**value, "x": [math.inf]}, (here, *inner, *(f"{i}[0]" for i in inner))
            yield "a NUL inside", path, {**value, "x": NUL}, (here, *inner)
            yield "a lone surrogate inside", path, {**value, "x": SURROGATE}, (here, *inner)
            yield "a NUL in a key", path, {**value, NUL: 1}, (here, *(f"{w}{NUL}" for w in within))
            for at, leaf in leaves(value, ()):  # and what is already there, wherever it is
                named = (here, *(w + dotted(at) for w in within))
                if isinstance(leaf, str):
                    yield "a NUL character", (*path, *at), NUL, named
                    yield "a lone surrogate", (*path, *at), SURROGATE, named
                else:
                    yield "Infinity", (*path, *at), math.inf, named
    elif b.get("type") == "array" and isinstance(value, list) and value:
        if "maxItems" in b:
            small = minimal(schemas, b.get("items", {}), value[0])
            yield f"over {b['maxItems']} items", path, [small] * (b["maxItems"] + 1), (here,)
        items = b.get("items", {})
        for label, bad in bad_values(schemas, items, 0):
            yield f"an item: {label}", (*path, 0), bad, (dotted((*path, 0)),)
        tagged = "discriminator" in schemas.resolve(items)
        done: set[str] = set()
        for i, item in enumerate(value):  # the first item, and the first of each kind of a tagged union
            kind = json.dumps(item.get(schemas.resolve(items)["discriminator"]["propertyName"])) \
                if tagged and isinstance(item, dict) else "first"
            if kind not in done:
                done.add(kind)
                yield from value_cases(schemas, items, (*path, i), item)


def param_cases(schemas: Schemas, base: Req, p: dict[str, Any]) -> Iterator[Case]:
    """Malformed values of one path or query parameter."""
    name, where = p["name"], p["in"]
    if where == "path":
        statuses = (403, 422) if name == "agent" else (422,)  # the grant gate may answer first
        for label, bad in bad_values(schemas, p["schema"], name, body=False):
            if bad != "":  # an empty segment is another path
                yield Case(f"path {name}: {label}", replace(base, path={**base.path, name: bad}), (name,), statuses)
        return
    for b in [x for x in schemas.branches(p["schema"]) if x.get("type") != "null"]:
        if b.get("type") == "array":
            if "maxItems" in b:
                many = [base.query[name][0]] * (b["maxItems"] + 1)
                yield Case(f"query {name}: over {b['maxItems']} items", _query_with(base, name, many), (name,))
            for label, bad in bad_values(schemas, b["items"], name, body=False):
                yield Case(f"query {name}: an item {label}", _query_with(base, name, [bad]), (name, f"{name}[0]"))
        else:
            for label, bad in bad_values(schemas, b, name, body=False):
                yield Case(f"query {name}: {label}", _query_with(base, name, bad), (name,))


def unknown_params(op: dict[str, Any]) -> list[str]:
    """Query parameter names the operation does not take: any name, and a typo of the first one it takes."""
    taken = [p["name"] for p in op.get("parameters", ()) if p["in"] == "query"]
    typo = [taken[0][:-2] + taken[0][-1]] if taken else []  # limit -> limt
    return ["notAParam", *typo]


def _query_with(base: Req, name: str, value: Any) -> Req:
    return replace(base, query={**base.query, name: value})


def cases(schemas: Schemas, spec: dict[str, Any], base: Req) -> Iterator[Case]:
    """Every malformed variant of the valid request ``base``."""
    op = spec["paths"][base.template][base.method.lower()]
    for p in op.get("parameters", ()):
        yield from param_cases(schemas, base, p)
    for name in unknown_params(op):
        yield Case(f"query {name}: not a parameter of the operation", _query_with(base, name, "1"), (name,))
    schema = request_schema(op)
    if schema is None:
        return
    for label, path, bad, fields in value_cases(schemas, schema, (), base.body):
        yield Case(f"{dotted(path) or 'body'}: {label}", replace(base, body=with_value(base.body, path, bad)), fields)
    text = json.dumps(base.body).encode()
    first = next(iter(base.body))
    raw = {"invalid JSON": text[:-1], "a JSON array": b"[]", "a JSON string": b'"x"', "a JSON number": b"42",
           "not UTF-8": b'{"\xff": 1}', "a bare NaN": b"NaN", "NaN as a member": json.dumps(
               {**base.body, first: math.nan}).encode()}
    if op["requestBody"].get("required", False):
        raw |= {"JSON null": b"null", "empty": b""}
    for label, data in raw.items():
        fields = ("body", first) if label == "NaN as a member" else ("body",)
        yield Case(f"body: {label}", replace(base, body=NOBODY, raw=data), fields)
    yield Case("body: not application/json", replace(base, raw=text, content_type="text/plain"), ("body",))


# -- the checks -----------------------------------------------------------------------------------------------------
TYPES = {422: ("ValidationError", "ConfigError", "ScopeError"), 403: ("PermissionDenied",)}


def judge(case: Case, resp: httpx.Response, changed: bool) -> str | None:
    """What is wrong with the server's answer to a malformed request (None: nothing)."""
    said = f"{resp.status_code} {resp.text[:300]}"
    if changed:
        return f"changed the store; answered {said}"
    if resp.status_code not in case.statuses:
        return f"answered {said}"
    if not resp.headers.get("content-type", "").startswith("application/json"):
        return f"answered content-type {resp.headers.get('content-type')}: {said}"
    try:
        doc = resp.json()
    except ValueError:
        return f"answered a body that is not JSON: {said}"
    err = doc.get("error") if isinstance(doc, dict) and set(doc) == {"error"} else None
    if not isinstance(err, dict) or not {"type", "message", "field"} <= set(err) <= {"type", "message", "field",
                                                                                     "errors"}:
        return f"not the documented error shape: {said}"
    if err["type"] not in TYPES[resp.status_code] or not isinstance(err["message"], str) or not err["message"]:
        return f"not a {' or '.join(TYPES[resp.status_code])} with a message: {said}"
    if err["field"] not in case.fields:
        return f"names {err['field']!r}, not {' or '.join(map(repr, case.fields))}: {said}"
    return None


def operations(spec: dict[str, Any]) -> list[tuple[str, str]]:
    """(path template, method) of every served operation that takes a body, query or path parameters."""
    return [(template, method) for template, ops in spec["paths"].items() for method, op in ops.items()
            if op.get("parameters") or "requestBody" in op]


def sweep(w: World) -> tuple[int, list[str]]:
    """Every malformed request of every operation; (how many, what went wrong)."""
    spec = w.http.get(w.base + "/openapi.json").json()
    schemas = Schemas(spec)
    total, bad = 0, []
    state = w.digest()
    for template, method in operations(spec):
        base = baseline(w, spec, template, method)
        found = list(cases(schemas, spec, base))
        assert len(found) >= 3, base.op
        total += len(found)
        for case in found:
            try:
                resp: httpx.Response | str = send(w, case.req)
            except httpx.TransportError as exc:
                resp = f"no answer: {type(exc).__name__} {exc}"
            now = w.digest()
            p = judge(case, resp, now != state) if isinstance(resp, httpx.Response) else resp
            if p is not None:
                bad.append(f"{base.op} {case.label}: {p}")
                w.http.close()  # the server may have dropped the connection: the next case gets a new one
                w.http = httpx.Client(timeout=60)
            state = now
    return total, bad


def test_every_malformed_request_is_refused_naming_its_field(world: World) -> None:
    total, bad = sweep(world)
    assert total > 2000
    assert not bad, f"{len(bad)} of {total} malformed requests mishandled:\n" + "\n".join(bad)
    # the digest sees a write: a valid request, sent last, changes it
    before = world.digest()
    spec = world.http.get(world.base + "/openapi.json").json()
    made = send(world, baseline(world, spec, "/v1/agents/{agent}/records", "post"))
    assert made.status_code == 201, made.text
    assert world.digest() != before


def test_operations_without_parameters_refuse_any_and_pages_keep_theirs(world: World) -> None:
    """The operations that take no parameter at all (the sweep covers the others) refuse any query parameter,
    each one named, in the documented error shape, and change nothing; the inspector's pages and ``/docs``,
    which are no API operations, still take the query strings a browser adds."""
    spec = world.http.get(world.base + "/openapi.json").json()
    bare = [t for t, ops in spec["paths"].items() for m, op in ops.items()
            if m == "get" and not op.get("parameters") and "requestBody" not in op]
    assert {"/v1/health", "/v1/ready", "/v1/key", "/v1/worker", "/metrics", "/v1/config"} <= set(bare)
    state = world.digest()
    for template in bare:
        key = "operator" if template in OPERATOR_PATHS else "admin"
        resp = world.http.get(world.base + template, params=[("limt", "5"), ("x", "1")], headers=auth(world, key))
        assert resp.status_code == 422, (template, resp.text)
        err = resp.json()["error"]
        assert (err["type"], err["field"]) == ("ValidationError", "limt") and "takes none" in err["message"]
        assert [e["field"] for e in err["errors"]] == ["limt", "x"], template
    assert world.digest() == state
    for path in ("/ui?key=x", "/ui/static/app.js?v=2", "/docs/oauth2-redirect?code=c&state=s"):
        assert world.http.get(world.base + path).status_code == 200, path


def test_the_baselines_are_valid_requests(tmp_path: Path, request: pytest.FixtureRequest) -> None:
    """Each malformed request differs from one of these by its defect alone (a fresh world, on SQLite: the
    baselines write, pin and delete)."""
    with backend_world("sqlite", tmp_path, request) as w:
        spec = w.http.get(w.base + "/openapi.json").json()
        ops = operations(spec)
        assert len(ops) > 60
        # writes after reads, deletes last (unpins before forgets), the erasure of the actor at the very end
        order = sorted(ops, key=lambda o: (o[1] == "delete", not o[0].endswith("/pin"), o[0].endswith("{actor}")))
        for template, method in order:
            req = baseline(w, spec, template, method)
            resp = send(w, req)
            assert 200 <= resp.status_code < 300, (req.op, resp.status_code, resp.text[:500])


def test_kind_and_namespace_bounds_are_the_engines(world: World) -> None:
    """The bounds on a record kind and a namespace have one home, :mod:`engram.core.validate`: the served schema
    publishes ``MAX_KIND``, ``MAX_NAMESPACE`` and ``MAX_KIND_FILTERS`` (the sweep above sends one past each), and
    one past them gets the engine's own error over HTTP: the type, field and message the Python API gives for the
    same value (a batch names the op, ``ops[0].kind``, as every batch error does); nothing changes."""
    from engram.core import validate
    from engram.errors import EngramError

    spec = world.http.get(world.base + "/openapi.json").json()
    schemas = Schemas(spec)

    def bounds(schema: dict[str, Any]) -> list[tuple[Any, ...]]:
        out = []
        for b in schemas.branches(schema):
            if b.get("type") == "array":
                out.append(("items", b.get("maxItems"), *bounds(b["items"])))
            elif b.get("type") == "string":
                out.append((b.get("minLength"), b.get("maxLength")))
        return out

    props = {name: spec["components"]["schemas"][name]["properties"]
             for name in ("CreateRecordIn", "BatchCreate", "BatchUpdate", "RecallIn")}
    kind, namespace = (1, validate.MAX_KIND), (None, validate.MAX_NAMESPACE)
    assert [bounds(props[n]["kind"]) for n in ("CreateRecordIn", "BatchCreate", "BatchUpdate")] == [[kind]] * 3
    assert bounds(props["RecallIn"]["kind"]) == [kind, ("items", validate.MAX_KIND_FILTERS, kind)]
    assert [bounds(props[n]["namespace"]) for n in ("CreateRecordIn", "BatchCreate", "RecallIn")] == [[namespace]] * 3
    listing = {p["name"]: p["schema"] for p in spec["paths"]["/v1/agents/{agent}/records"]["get"]["parameters"]}
    assert bounds(listing["kind"]) == [("items", validate.MAX_KIND_FILTERS, kind)]
    assert bounds(listing["namespace"]) == [namespace]

    long_kind, long_ns = "k" * (validate.MAX_KIND + 1), "/" + "n" * validate.MAX_NAMESPACE
    depth = "session"
    scope, prefix, rec = SCOPES[depth], path_prefix(depth), world.ids[f"rec.{depth}"]
    m = world.mem
    pairs: list[tuple[str, str, dict[str, Any], Callable[[], object], str | None]] = [
        ("post", "/records", {"json": {"summary": "x", "kind": long_kind}},
         lambda: m.remember(scope, "x", kind=long_kind), None),
        ("post", "/records", {"json": {"summary": "x", "namespace": long_ns}},
         lambda: m.remember(scope, "x", namespace=long_ns), None),
        ("post", "/records/batch", {"json": {"ops": [{"op": "update", "id": rec, "kind": long_kind}]}},
         lambda: m.batch(scope, update=[{"id": rec, "kind": long_kind}]), "ops[0].kind"),
        ("post", "/records/batch", {"json": {"ops": [{"op": "create", "summary": "x", "namespace": long_ns}]}},
         lambda: m.batch(scope, create=[{"summary": "x", "namespace": long_ns}]), "ops[0].namespace"),
        ("post", "/recall", {"json": {"query": "tea", "kind": long_kind}},
         lambda: m.recall(scope, "tea", kind=long_kind), None),
        ("post", "/recall", {"json": {"query": "tea", "kind": ["fact", long_kind]}},
         lambda: m.recall(scope, "tea", kind=["fact", long_kind]), None),
        ("post", "/recall", {"json": {"query": "tea", "kind": [""]}}, lambda: m.recall(scope, "tea", kind=[""]), None),
        ("post", "/recall", {"json": {"query": "tea", "namespace": long_ns}},
         lambda: m.recall(scope, "tea", namespace=long_ns), None),
        ("get", "/records", {"params": [("kind", "fact"), ("kind", long_kind)]},
         lambda: m.list(scope, kind=["fact", long_kind]), None),
        ("get", "/records", {"params": {"namespace": long_ns}}, lambda: m.list(scope, namespace=long_ns), None),
    ]
    state = world.digest()
    for method, path, kw, engine, http_field in pairs:
        with pytest.raises(EngramError) as refused:
            engine()
        exc = refused.value
        resp = world.http.request(method.upper(), world.base + prefix + path, headers=auth(world, "admin"), **kw)
        assert resp.status_code == 422, (path, resp.text)
        assert resp.json() == {"error": {"type": type(exc).__name__, "message": exc.message,
                                         "field": http_field or exc.field}}, (path, kw)
        assert str(validate.MAX_KIND if "kind" in str(exc.field) else validate.MAX_NAMESPACE) in exc.message
    assert world.digest() == state
