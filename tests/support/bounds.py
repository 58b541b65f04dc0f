"""The engine's limits on the memory tools' arguments, stated from the engine's own constants, and calls at and
one past each, for the tool-limit tests of every face (the in-process harness, MCP).

:func:`engine_bounds` says, for every argument of every memory tool, which bounds the engine applies to it;
:func:`listed_bounds` reads the same off a listed input schema, so a test compares the two. :func:`edges` turns
each listed bound into two calls that differ from a valid call by that argument alone: one at the bound (the
engine takes it) and one a step past it (refused, naming the argument).
"""

from __future__ import annotations

import copy
import itertools
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from engram import Memory, Scope
from engram.core import validate
from engram.errors import EngramError, ValidationError
from engram.harness.tools import MEMORY_TOOLS, ToolDefaults, ToolOps
from tests.support.configs import MEMORY_ON
from tests.support.mutations import Path, dotted

BOUNDS = ("minLength", "maxLength", "minimum", "maximum", "maxItems", "maxProperties")
RECORD_ID = {"minLength": 1, "maxLength": validate.MAX_ID}  # a record id (validate.record_id)
RESULT_REF = {"minLength": 1, "maxLength": validate.MAX_ID}  # a result ref: its event's id (validate.caller_id)
LABELS = [f"tag{i}" for i in range(validate.MAX_LABEL_FILTERS + 1)]  # enough labels for a filter one too many
MANY_LABELS: dict[str, Any] = {"harness": {"memory": {
    **MEMORY_ON,
    "scope": {"read": ["session", "actor", "agent"], "write": ["session", "actor", "agent"]},
    "labels": {name: {"number": 100 + i, "description": f"Tag {i}."} for i, name in enumerate(LABELS)},
}, "history": {"index": "messages_and_tools"}}}


def engine_bounds(defaults: ToolDefaults, labels: Iterable[str]) -> dict[tuple[str, str], dict[str, int]]:
    """(tool, argument path) -> the bounds the engine applies to that argument, from the constants that define
    them (``labels.<name>``: a declared label's value; ``ids[]``: an item). An enum is its own bound."""
    label = {"minLength": 1, "maxLength": validate.MAX_LABEL_VALUE}
    query = {"minLength": 1, "maxLength": validate.MAX_QUERY}
    limit = {"minimum": 1, "maximum": defaults.max_limit}
    out: dict[tuple[str, str], dict[str, int]] = {
        ("add_memory", "summary"): {"minLength": 1, "maxLength": validate.MAX_SUMMARY},
        ("add_memory", "content"): {"maxLength": validate.MAX_RECORD_CONTENT},
        ("add_memory", "labels"): {},  # declared labels only, any number of them
        ("add_memory", "replaces"): RECORD_ID,
        ("add_memory", "pin"): {},  # a boolean: its type is its bound
        ("read_memory", "id"): RECORD_ID,
        ("delete_memory", "id"): RECORD_ID,
        ("search_memory", "query"): query,
        ("search_memory", "limit"): limit,
        ("search_memory", "labels"): {"maxProperties": validate.MAX_LABEL_FILTERS},
        ("search_memory", "ids"): {"maxItems": defaults.max_limit},
        ("search_memory", "ids[]"): RECORD_ID,
        ("search_history", "query"): query,
        ("search_history", "limit"): limit,
        ("retrieve_result", "ref"): RESULT_REF,
        ("retrieve_result", "offset"): {"minimum": 0, "maximum": validate.MAX_CONTENT},
    }
    for tool in ("add_memory", "search_memory"):
        out |= {(tool, f"labels.{name}"): label for name in labels}
    return out


def leaves(schema: Mapping[str, Any], prefix: str = "") -> Iterator[tuple[str, Mapping[str, Any]]]:
    """(path, schema) of every argument below an object schema, members and array items included."""
    for name, sub in schema.get("properties", {}).items():
        path = f"{prefix}{name}"
        yield path, sub
        if sub.get("type") == "object":
            yield from leaves(sub, f"{path}.")
        elif sub.get("type") == "array":
            yield f"{path}[]", sub.get("items", {})


def listed_bounds(tools: Mapping[str, Mapping[str, Any]]) -> dict[tuple[str, str], dict[str, int]]:
    """(tool, argument path) -> the bounds the listed input schemas give it (enums left out: their own bound)."""
    return {(tool, path): {k: sub[k] for k in BOUNDS if k in sub}
            for tool, schema in tools.items() for path, sub in leaves(schema) if "enum" not in sub}


def keywords(schema: Any) -> set[str]:
    """Every keyword an input schema uses (the names under ``properties`` are arguments, not keywords)."""
    if not isinstance(schema, Mapping):
        return set()
    found = set(schema)
    for key, sub in schema.items():
        if key == "properties":
            for member in sub.values():
                found |= keywords(member)
        elif isinstance(sub, Mapping):
            found |= keywords(sub)
    return found


@dataclass(frozen=True)
class Edge:
    """One bound of one argument: a call at it and a call a step past it, alike but for that argument."""

    tool: str
    keyword: str
    field: str  # how an error names the argument (``labels.tag0``, ``ids[0]``)
    at: dict[str, Any]
    past: dict[str, Any]

    @property
    def label(self) -> str:
        return f"{self.tool} {self.field} {self.keyword}"


def _put(base: dict[str, Any], path: Path, value: Any) -> dict[str, Any]:
    """A copy of ``base`` with ``value`` at ``path``, the object or array holding it made if absent."""
    out = copy.deepcopy(base)
    node: Any = out
    for here, below in itertools.pairwise(path):
        if isinstance(node, dict) and here not in node:
            node[here] = [] if isinstance(below, int) else {}
        node = node[here]
    if isinstance(node, list):
        node[:] = [value]
    else:
        node[path[-1]] = value
    return out


def _values(keyword: str, bound: int, sub: Mapping[str, Any]) -> tuple[Any, Any]:
    """(a value at ``bound``, a value a step past it) for the bound ``keyword`` of an argument of schema ``sub``."""
    if keyword == "minLength":
        return "r" * bound, "r" * (bound - 1)
    if keyword == "maxLength":
        return "a" * bound, "a" * (bound + 1)
    if keyword == "minimum":
        return bound, bound - 1
    if keyword == "maximum":
        return bound, bound + 1
    if keyword == "maxItems":
        return [f"r_{i}" for i in range(bound)], [f"r_{i}" for i in range(bound + 1)]
    names = list(sub.get("properties", {}))  # maxProperties: that many declared labels, then one more
    assert len(names) > bound, f"declare more than {bound} labels to test a filter one too many"
    return {n: "v" for n in names[:bound]}, {n: "v" for n in names[:bound + 1]}


def edges(tools: Mapping[str, Mapping[str, Any]], bases: Mapping[str, dict[str, Any]], *,
          labels: int | None = None) -> list[Edge]:
    """Every bound of every listed argument as an :class:`Edge`, built on the valid calls ``bases``; ``labels``:
    the values of only the first that many declared labels (their schemas are alike), None: every one."""
    out = []
    for tool, schema in tools.items():
        named = list(schema.get("properties", {}).get("labels", {}).get("properties", {}))
        skipped = {f"labels.{name}" for name in named[labels:]} if labels is not None else set()
        for path, sub in leaves(schema):
            if path in skipped:
                continue
            parts: Path = tuple(0 if p == "[]" else p for p in path.replace("[]", ".[]").split("."))
            for keyword in BOUNDS:
                if keyword in sub:
                    at, past = _values(keyword, sub[keyword], sub)
                    out.append(Edge(tool, keyword, dotted(parts), _put(bases[tool], parts, at),
                                    _put(bases[tool], parts, past)))
    return out


def bases(record_id: str, ref: str) -> dict[str, dict[str, Any]]:
    """A valid call of each memory tool, its required arguments only (``ref``: a result ``retrieve_result``
    can read, at least ``validate.MAX_CONTENT`` characters long)."""
    return {"add_memory": {"summary": "Prefers green tea"}, "read_memory": {"id": record_id},
            "delete_memory": {"id": record_id}, "search_memory": {"query": "green tea"},
            "search_history": {"query": "parcel number"}, "retrieve_result": {"ref": ref}}


def unreachable(name: str) -> Any:
    """A stand-in for the operation ``name`` of :class:`ToolOps`: reaching it means a call got past the schema
    check."""

    def op(self: ToolOps, args: dict[str, Any]) -> Any:
        raise AssertionError(f"{name} ran on arguments the schema check should have refused: {str(args)[:200]}")

    return op


def past_the_check_fails(patch: Any) -> None:
    """Make every memory tool operation fail if reached (``patch``: pytest's ``MonkeyPatch``), so a call refused
    with a ValidationError was refused by the schema check before anything ran."""
    for name in MEMORY_TOOLS:
        patch.setattr(ToolOps, name, unreachable(name))



def engine_problems(mem: Memory, scope: Scope, found: Iterable[Edge], *, defaults: ToolDefaults,
                    results: Mapping[str, str]) -> list[str]:
    """What is wrong with the engine's own rules (each tool's operation run without the schema check, in a turn
    never committed) at the edges ``found``: a call at a bound refused, or one past it not refused naming the
    argument. Another engram error (NotFound for an id no record has) means the value itself was taken."""
    bad = []
    for edge in found:
        for args, past in ((edge.at, False), (edge.past, True)):
            ops = ToolOps(mem.turn(scope, extract=False), results=results, defaults=defaults)
            refused: ValidationError | None = None
            try:
                getattr(ops, edge.tool)(args)
            except ValidationError as exc:
                refused = exc
            except EngramError:
                pass
            if past and (refused is None or refused.field != edge.field):
                bad.append(f"{edge.label}: one past the bound: {refused or 'taken'}")
            elif not past and refused is not None:
                bad.append(f"{edge.label}: at the bound: refused: {refused}")
    return bad
