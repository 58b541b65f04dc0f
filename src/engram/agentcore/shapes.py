"""Request validation against the ``bedrock-agentcore`` service model's rules that boto3 does not check
(maximum lengths and counts, patterns, enums, unions with exactly one member). Pure, apart from the page
token helpers at the end, which use the app's token signer.

Every failure is a :class:`ValidationException` naming the field path as AWS does (``payload[0].blob``).
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ..errors import ValidationError
from ..types import Scope
from . import ids
from .errors import ValidationException

if TYPE_CHECKING:
    from .server import Call

ROLES = ("ASSISTANT", "USER", "TOOL", "OTHER")
EVENT_OPERATORS = ("EQUALS_TO", "EXISTS", "NOT_EXISTS")
RECORD_OPERATORS = ("EQUALS_TO", "EXISTS", "NOT_EXISTS", "BEFORE", "AFTER", "CONTAINS", "GREATER_THAN",
                    "GREATER_THAN_OR_EQUALS", "LESS_THAN", "LESS_THAN_OR_EQUALS")
_VAR_NAME = re.compile(r"[a-z][a-z0-9]*")
_VAR_VALUE = re.compile(r"[a-z0-9][a-z0-9-_]*")
MAX_DOCUMENT = 100_000


def _at(field: str, key: str | int) -> str:
    if isinstance(key, int):
        return f"{field}[{key}]"
    return f"{field}.{key}" if field else key


def obj(value: object, field: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise ValidationException("must be an object", field=field)
    return value


def only(value: dict[str, Any], allowed: set[str], field: str = "") -> None:
    """Refuse members the operation does not have (a typo must not be silently ignored)."""
    extra = sorted(set(value) - allowed)
    if extra:
        raise ValidationException("is not a member of this operation's input", field=_at(field, extra[0]))


def string(value: object, field: str, *, min_len: int = 1, max_len: int | None = None) -> str:
    if not isinstance(value, str):
        raise ValidationException("must be a string", field=field)
    if len(value) < min_len or (max_len is not None and len(value) > max_len):
        raise ValidationException(f"must be {min_len} to {max_len} characters long" if max_len is not None
                                  else f"must be at least {min_len} characters long", field=field)
    return value


def client_token(value: object, field: str = "clientToken") -> str | None:
    """A data-plane ``clientToken``: absent or empty is no token; anything else must be a string of at most 256
    characters (``false`` or ``0`` is a wrong type, never "no token": the call would run twice on a retry)."""
    if value is None or value == "":
        return None
    return string(value, field, max_len=256)


def boolean(value: object, field: str) -> bool:
    if not isinstance(value, bool):
        raise ValidationException("must be a boolean", field=field)
    return value


def integer(value: object, field: str, *, lo: int, hi: int | None = None) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < lo or (hi is not None and value > hi):
        raise ValidationException(f"must be an integer from {lo}" + (f" to {hi}" if hi is not None else ""),
                                  field=field)
    return value


def max_results(value: object, hi: int, *, default: int, field: str = "maxResults") -> int:
    return default if value is None else integer(value, field, lo=1, hi=hi)


def items(value: object, field: str, *, min_items: int = 0, max_items: int) -> list[Any]:
    if not isinstance(value, list):
        raise ValidationException("must be a list", field=field)
    if not min_items <= len(value) <= max_items:
        raise ValidationException(f"must have {min_items} to {max_items} items", field=field)
    return value


def union(value: object, field: str, members: tuple[str, ...]) -> tuple[str, Any]:
    """A union value: an object with exactly one of ``members`` set."""
    d = obj(value, field)
    only(d, set(members), field)
    set_ = [k for k in members if d.get(k) is not None]
    if len(set_) != 1:
        raise ValidationException(f"must set exactly one of {', '.join(members)}", field=field)
    return set_[0], d[set_[0]]


def document(value: object, field: str) -> Any:
    """Any JSON value, at most :data:`MAX_DOCUMENT` characters serialised."""
    try:
        size = len(json.dumps(value))
    except (TypeError, ValueError, RecursionError) as exc:
        raise ValidationException("must be JSON", field=field) from exc
    if size > MAX_DOCUMENT:
        raise ValidationException(f"must be at most {MAX_DOCUMENT} characters of JSON", field=field)
    return value


# -- events -----------------------------------------------------------------------------------------------------
def conversational(value: object, field: str) -> dict[str, Any]:
    d = obj(value, field)
    only(d, {"content", "role"}, field)
    _, text = union(d.get("content"), f"{field}.content", ("text",))
    string(text, f"{field}.content.text", max_len=100_000)
    if d.get("role") not in ROLES:
        raise ValidationException(f"must be one of {', '.join(ROLES)}", field=f"{field}.role")
    return {"content": {"text": text}, "role": d["role"]}


def payload_list(value: object, field: str, *, max_items: int, members: tuple[str, ...] = ("conversational",
                                                                                             "blob", "json"),
                 min_items: int = 0) -> list[dict[str, Any]]:
    out = []
    for i, p in enumerate(items(value, field, min_items=min_items, max_items=max_items)):
        f = _at(field, i)
        kind, inner = union(p, f, members)
        if kind == "conversational":
            out.append({"conversational": conversational(inner, f"{f}.conversational")})
        elif kind == "blob":
            out.append({"blob": document(inner, f"{f}.blob")})
        else:
            j = obj(inner, f"{f}.json")
            only(j, {"content"}, f"{f}.json")
            if "content" not in j:
                raise ValidationException("is required", field=f"{f}.json.content")
            out.append({"json": {"content": document(j["content"], f"{f}.json.content")}})
    return out


def event_metadata(value: object, field: str) -> dict[str, dict[str, str]]:
    if value is None:
        return {}
    d = obj(value, field)
    if len(d) > 15:
        raise ValidationException("must have at most 15 entries", field=field)
    out = {}
    for k, v in d.items():
        ids.check(k, ids.METADATA_KEY, f"{field}.key", max_len=128)
        _, s = union(v, _at(field, k), ("stringValue",))
        ids.check(s, ids.METADATA_VALUE, f"{_at(field, k)}.stringValue", min_len=0, max_len=256)
        out[k] = {"stringValue": s}
    return out


def branch(value: object, field: str) -> dict[str, str] | None:
    if value is None:
        return None
    d = obj(value, field)
    only(d, {"name", "rootEventId"}, field)
    out = {"name": ids.check(d.get("name"), ids.BRANCH_NAME, f"{field}.name", max_len=100) or ""}
    if d.get("rootEventId") is not None:
        out["rootEventId"] = ids.check(d["rootEventId"], ids.EVENT_ID, f"{field}.rootEventId") or ""
    return out


def extraction_config(value: object, field: str) -> dict[str, str]:
    d = obj(value, field)
    only(d, {"namespaceVariables"}, field)
    nv = obj(d.get("namespaceVariables"), f"{field}.namespaceVariables")
    if not 1 <= len(nv) <= 5:
        raise ValidationException("must have 1 to 5 entries", field=f"{field}.namespaceVariables")
    for k, v in nv.items():
        f = f"{field}.namespaceVariables.{k}"
        ids.check(k, _VAR_NAME, f, max_len=32)
        if k in ("memoryStrategyId", "actorId", "sessionId"):
            raise ValidationException("is a reserved variable name", field=f)
        ids.check(v, _VAR_VALUE, f, max_len=64)
    return dict(nv)


def metadata_filters(value: object, field: str, operators: tuple[str, ...]) -> list[dict[str, Any]]:
    out = []
    for i, e in enumerate(items(value, field, min_items=1, max_items=5)):
        f = _at(field, i)
        d = obj(e, f)
        only(d, {"left", "operator", "right"}, f)
        _, key = union(d.get("left"), f"{f}.left", ("metadataKey",))
        ids.check(key, ids.METADATA_KEY, f"{f}.left.metadataKey", max_len=128)
        op = d.get("operator")
        if op not in operators:
            raise ValidationException(f"must be one of {', '.join(operators)}", field=f"{f}.operator")
        right = d.get("right")
        if op in ("EXISTS", "NOT_EXISTS"):
            if right is not None:
                raise ValidationException(f"must be absent with {op}", field=f"{f}.right")
        else:
            if right is None:
                raise ValidationException(f"is required with {op}", field=f"{f}.right")
            _, mv = union(right, f"{f}.right", ("metadataValue",))
            obj(mv, f"{f}.right.metadataValue")
        out.append({"left": {"metadataKey": key}, "operator": op, **({"right": right} if right else {})})
    return out


def event_filter(value: object, field: str) -> dict[str, Any]:
    if value is None:
        return {}
    d = obj(value, field)
    only(d, {"branch", "eventMetadata"}, field)
    out: dict[str, Any] = {}
    if d.get("branch") is not None:
        b = obj(d["branch"], f"{field}.branch")
        only(b, {"name", "includeParentBranches"}, f"{field}.branch")
        out["branch"] = {"name": ids.check(b.get("name"), ids.BRANCH_NAME, f"{field}.branch.name", max_len=100),
                         "includeParentBranches": boolean(b.get("includeParentBranches", False),
                                                          f"{field}.branch.includeParentBranches")}
    if d.get("eventMetadata") is not None:
        exprs = metadata_filters(d["eventMetadata"], f"{field}.eventMetadata", EVENT_OPERATORS)
        for i, e in enumerate(exprs):
            if "right" in e:
                f = f"{field}.eventMetadata[{i}].right.metadataValue"
                _, given = union(e["right"]["metadataValue"], f, ("stringValue",))
                ids.check(given, ids.METADATA_VALUE, f"{f}.stringValue", min_len=0, max_len=256)
        out["eventMetadata"] = [
            {**e, "right": {"metadataValue": {"stringValue": e["right"]["metadataValue"]["stringValue"]}}}
            if "right" in e else e for e in exprs]
    return out


# -- page tokens ---------------------------------------------------------------------------------------------------
# Every listing's tokens follow one rule: signed by the app's token signer and bound to a kind (the listing and
# the parameters that define it) and a scope; a token shown anywhere else is a ValidationException naming nextToken.
def listing(operation: str, **params: object) -> str:
    """The kind of a data-plane listing's tokens: the operation and a digest of the parameters that define what
    it lists (its filters, as validated; never ``maxResults``, which may change between pages), so a token issued
    for one filter is refused with another instead of resuming at a position of a different listing."""
    canon = json.dumps(params, sort_keys=True, separators=(",", ":"))
    return f"{operation}/{hashlib.sha256(canon.encode()).hexdigest()[:32]}"


def issue_token(c: Call, kind: str, scope: Scope, cursor: dict[str, Any]) -> str:
    return str(c.request.app.state.tokens.issue("agentcore." + kind, scope, cursor))


def open_token(c: Call, kind: str, scope: Scope, token: object) -> dict[str, Any]:
    if not isinstance(token, str):
        raise ValidationException("must be a string", field="nextToken")
    try:
        cursor: dict[str, Any] = c.request.app.state.tokens.open(token, "agentcore." + kind, scope)
    except ValidationError as exc:
        raise ValidationException(exc.message, field="nextToken") from exc
    return cursor


LOCAL_CALLER = "local"  # the caller a control-plane token names under --insecure-local (whose grant has no agent)


class CallerPages:
    """The page tokens of a control-plane listing, by the data plane's rule (:func:`issue_token`): bound to the
    operation and the parameters that define the listing (``names``: ``("ListHarnessVersions", harnessId)``)
    and to the caller (the scope: the key's agent and actor, which decide what the listing shows), so a token
    works only for the listing and the caller it was issued to, and tells no one else anything."""

    def __init__(self, c: Call, *names: str) -> None:
        grant = c.grant
        self._c, self._kind = c, "/".join(names)
        self._scope = Scope(agent=grant.agent or LOCAL_CALLER, actor=grant.actor)

    def page(self, token: object, fetch: Callable[[Any], dict[str, Any]]) -> dict[str, Any]:
        """``fetch(first)`` is the page that starts at ``first`` (None: the first page) and names the next page's
        first in ``nextToken``; here that position comes from, and goes out as, a token of this listing."""
        first = None if token is None else open_token(self._c, self._kind, self._scope, token).get("next")
        out = fetch(first)
        if out.get("nextToken") is not None:
            out["nextToken"] = issue_token(self._c, self._kind, self._scope, {"next": out["nextToken"]})
        return out
