"""Pagination: opaque page tokens that are signed and bound to the scope they were issued for.

A token is ``base64url(json) "." base64url(HMAC-SHA256(secret, json))``. The JSON names the listing kind,
the (agent, actor, session) of the path it came from, and the cursor. A token changed by the client fails
the MAC; a genuine token shown on another path fails the binding; both are a 422 naming ``page_token``.
Isolation never rests on a token (every read is filtered by the caller's grant), but a token must not even
*describe* a position in someone else's listing.

Events are paged by ``(at, seq)``. The engine pages by time only and stores microseconds, so each page
asks for a little more than it needs, from just before the cursor's time, and drops what was already seen.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
from collections.abc import Callable, Sequence
from datetime import datetime, timedelta
from typing import Any

from ..core.validate import MAX_PAGE_TOKEN
from ..errors import ValidationError
from ..types import Event, Record, Scope

FIELD = "page_token"
WINDOW = timedelta(milliseconds=1)
MAX_FETCH = 1_000


def _b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode("ascii")


def _unb64(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


class Tokens:
    """Issues and opens page tokens with one server secret (kept in the store's meta table)."""

    def __init__(self, secret: bytes) -> None:
        if len(secret) < 16:
            raise ValueError("the token secret must be at least 16 bytes")
        self._secret = secret

    def _mac(self, payload: bytes) -> bytes:
        return hmac.new(self._secret, payload, hashlib.sha256).digest()

    def issue(self, kind: str, scope: Scope, cursor: dict[str, Any]) -> str:
        payload = json.dumps({"k": kind, "s": [scope.agent, scope.actor, scope.session], "c": cursor},
                             separators=(",", ":"), sort_keys=True).encode("utf-8")
        return f"{_b64(payload)}.{_b64(self._mac(payload))}"

    def open(self, token: str, kind: str, scope: Scope) -> dict[str, Any]:
        """The cursor of a token issued for this listing and scope; raises ValidationError otherwise (one longer
        than ``MAX_PAGE_TOKEN`` before any decoding: the tokens this server issues are far shorter)."""
        if len(token) > MAX_PAGE_TOKEN:
            raise ValidationError(f"must be at most {MAX_PAGE_TOKEN} characters", field=FIELD)
        try:
            head, sig = token.split(".")
            payload = _unb64(head)
            good = hmac.compare_digest(_unb64(sig), self._mac(payload))
        except (ValueError, UnicodeEncodeError):
            good = False
        if not good:
            raise ValidationError("is not a page token this server issued", field=FIELD)
        doc = json.loads(payload)
        if doc.get("k") != kind or doc.get("s") != [scope.agent, scope.actor, scope.session]:
            raise ValidationError("was issued for another listing or scope", field=FIELD)
        cursor = doc.get("c")
        if not isinstance(cursor, dict):
            raise ValidationError("is not a page token this server issued", field=FIELD)
        return cursor


def _time(cursor: dict[str, Any], key: str) -> datetime:
    try:
        return datetime.fromisoformat(str(cursor[key]))
    except (KeyError, ValueError) as exc:
        raise ValidationError("is not a page token this server issued", field=FIELD) from exc


# -- records: newest first by (created_at, id) -------------------------------------------------------------
def record_cursor(last: Record) -> dict[str, Any]:
    return {"t": last.created_at.isoformat(), "id": last.id}


def record_before(cursor: dict[str, Any]) -> tuple[datetime, str]:
    rid = cursor.get("id")
    if not isinstance(rid, str):
        raise ValidationError("is not a page token this server issued", field=FIELD)
    return _time(cursor, "t"), rid


# -- events: by (at, seq), forward from a point or backward from the newest ----------------------------------
FetchEvents = Callable[..., list[Event]]


def _key(e: Event) -> tuple[datetime, int]:
    return e.at, e.seq


def events_page(fetch: FetchEvents, limit: int, cursor: dict[str, Any] | None, *,
                before: datetime | None = None, after: datetime | None = None
                ) -> tuple[list[Event], dict[str, Any] | None]:
    """One page of events oldest first, and the cursor of the next page (None at the end).

    ``fetch(limit=, before=, after=)`` is :meth:`Memory.events` bound to a scope. Without ``after`` the
    pages run backward from the newest event (or from ``before``); with ``after`` they run forward.
    ``cursor`` is what the previous page returned: the edge event's (at, seq) and ``n``, an upper bound
    on the events already seen within :data:`WINDOW` of it (they are asked for again and dropped).
    """
    forward = after is not None if cursor is None else cursor.get("d") == "f"
    seen = 0
    if cursor is not None:
        edge = (_time(cursor, "t"), int(cursor.get("q", 0)))
        seen = max(0, int(cursor.get("n", 0)))
        if cursor.get("b") is not None:
            before = _time(cursor, "b")
    want = min(MAX_FETCH, limit + seen)
    if forward:
        raw = fetch(limit=want, after=(edge[0] - WINDOW) if cursor is not None else after, before=before)
        rest = [e for e in raw if _key(e) > edge] if cursor is not None else raw
        page = rest[:limit]
    else:
        raw = fetch(limit=want, before=(edge[0] + WINDOW) if cursor is not None else before)
        rest = [e for e in raw if _key(e) < edge] if cursor is not None else raw
        page = rest[-limit:] if rest else []
    if len(raw) < want and len(rest) <= limit:
        return page, None
    if not page:
        raise ValidationError("too many events share one timestamp to page through at this limit; "
                              "ask with a larger limit", field=FIELD)
    new_edge = page[-1] if forward else page[0]
    near = sum(1 for e in page if abs(e.at - new_edge.at) <= 2 * WINDOW)
    if cursor is not None and abs(edge[0] - new_edge.at) <= 2 * WINDOW:
        near += seen
    nxt: dict[str, Any] = {"d": "f" if forward else "b", "t": new_edge.at.isoformat(), "q": new_edge.seq,
                           "n": near}
    if forward and before is not None:
        nxt["b"] = before.isoformat()
    return page, nxt


def seq_key(items: Sequence[Event]) -> list[tuple[datetime, int]]:
    """(at, seq) of events, for tests and assertions."""
    return [_key(e) for e in items]
