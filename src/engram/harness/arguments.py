"""A memory tool call's arguments held to the input schema its tool lists, on every face that runs the tools.

The model writes calls from the listed schema (MCP, the harness, AgentCore's InvokeHarness), so a call is checked
against it before a turn writes anything: types, enums, ``minimum``/``maximum``, ``minLength``/``maxLength``,
``maxItems``, ``maxProperties``, required and unknown members, every string storable. Each keyword the tool
schemas use is enforced here. Null counts as absent, as it does for the tools. Pure.
"""

from __future__ import annotations

from typing import Any

from ..core import validate
from ..errors import ValidationError

# the schema keywords :func:`check_arguments` understands: a tool schema uses no other (the tests hold them to it)
KEYWORDS = frozenset({"type", "enum", "description", "properties", "required", "additionalProperties", "items",
                      "minLength", "maxLength", "minimum", "maximum", "maxItems", "maxProperties"})
_TYPES = {"string": "a string", "integer": "an integer", "number": "a number", "boolean": "true or false",
          "array": "an array", "object": "an object"}


def _fits(kind: str, value: Any) -> bool:
    """Whether ``value`` is of the JSON-schema type ``kind`` (an integral float counts as an integer, as in
    JSON Schema; a boolean is never a number)."""
    if kind == "string":
        return isinstance(value, str)
    if kind == "boolean":
        return isinstance(value, bool)
    if kind in ("integer", "number") and isinstance(value, bool):
        return False
    if kind == "integer":
        return isinstance(value, int) or (isinstance(value, float) and value.is_integer())
    if kind == "number":
        return isinstance(value, (int, float))
    if kind == "array":
        return isinstance(value, list)
    if kind == "object":
        return isinstance(value, dict)
    return True


def check_arguments(schema: dict[str, Any], value: Any, field: str = "") -> None:
    """A tool call's arguments against the input schema the server lists for the tool: types, enums,
    ``minimum``/``maximum``, ``minLength``/``maxLength``, ``maxItems``, ``maxProperties``, required and unknown
    members, every string storable (no NUL, no lone surrogate).

    Raises :class:`ValidationError` naming the argument's path."""
    kind = schema.get("type")
    if isinstance(kind, str) and not _fits(kind, value):
        raise ValidationError(f"must be {_TYPES.get(kind, kind)}", field=field or "arguments")
    if "enum" in schema and value not in schema["enum"]:
        raise ValidationError(f"must be one of: {', '.join(map(str, schema['enum']))}", field=field)
    if isinstance(value, str):
        validate.storable_text(value, field)
        shortest, longest = schema.get("minLength"), schema.get("maxLength")
        if shortest is not None and len(value) < shortest:
            rule = "must be a non-empty string" if shortest == 1 else f"must be at least {shortest} characters"
            raise ValidationError(rule, field=field)
        if longest is not None and len(value) > longest:
            raise ValidationError(f"must be at most {longest} characters", field=field)
    elif kind in ("integer", "number"):
        lo, hi = schema.get("minimum"), schema.get("maximum")
        if (lo is not None and value < lo) or (hi is not None and value > hi):
            bounds = (f"from {lo} to {hi}" if lo is not None and hi is not None
                      else f"at least {lo}" if lo is not None else f"at most {hi}")
            raise ValidationError(f"must be {_TYPES[kind]} {bounds}", field=field)
    elif isinstance(value, list):
        most = schema.get("maxItems")
        if most is not None and len(value) > most:
            raise ValidationError(f"must have at most {most} items", field=field)
        for i, item in enumerate(value):
            check_arguments(schema.get("items", {}), item, f"{field}[{i}]")
    elif isinstance(value, dict):
        props: dict[str, Any] = schema.get("properties", {})
        prefix = f"{field}." if field else ""
        most = schema.get("maxProperties")
        if most is not None and len(value) > most:
            raise ValidationError(f"must have at most {most} members", field=field or "arguments")
        for name in schema.get("required", ()):
            if value.get(name) is None:
                raise ValidationError("is required", field=prefix + name)
        extra = sorted(set(value) - set(props)) if schema.get("additionalProperties") is False else []
        if extra:
            what = "member" if field else "argument"
            raise ValidationError(f"unknown {what} (allowed: {', '.join(props) or 'none'})", field=prefix + extra[0])
        for name, sub in props.items():
            if value.get(name) is not None:
                check_arguments(sub, value[name], prefix + name)
