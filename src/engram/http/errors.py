"""The one table from engram errors to HTTP statuses, and the JSON error body.

Every error leaves the server as ``{"error": {"type", "message", "field"}}``; ``type`` is the class name,
so :class:`engram.Client` raises the same class on the other side. The table is walked along the class's
MRO, so a subclass without its own row takes its parent's status. Pure: no web framework imported here.
"""

from __future__ import annotations

from typing import Any

from .. import errors as E


class Unauthenticated(E.PermissionDenied):
    """No key, a malformed key, an unknown key or a revoked key (HTTP 401)."""


class PayloadTooLarge(E.ValidationError):
    """A request body over the server's size limit (HTTP 413)."""


class MethodNotAllowed(E.EngramError):
    """The path exists, the HTTP method does not (HTTP 405)."""


class MisdirectedRequest(E.PermissionDenied):
    """A request addressed (``Host``) to a name this server does not answer for (HTTP 421)."""


class InternalError(E.EngramError):
    """Something unexpected failed on the server; details are in its log, never in the response."""


STATUS: dict[type[BaseException], int] = {
    Unauthenticated: 401,
    MisdirectedRequest: 421,
    PayloadTooLarge: 413,
    MethodNotAllowed: 405,
    E.ValidationError: 422,          # ConfigError, ScopeError, PinBudgetExceeded too
    E.NotFound: 404,
    E.PermissionDenied: 403,         # ReadOnlyError too
    E.ConflictError: 409,
    E.HistoryDisabled: 409,
    E.EmbedderMismatch: 409,
    E.ModelError: 502,               # ModelOutputError too
    E.StoreError: 503,
    InternalError: 500,
    E.EngramError: 500,
}

GENERIC_500 = "internal server error; the server log has the details"


def status_for(exc: BaseException) -> int:
    """The HTTP status of an error: the row of its nearest class in :data:`STATUS`, else 500."""
    for cls in type(exc).__mro__:
        if cls in STATUS:
            return STATUS[cls]
    return 500


def body(type_name: str, message: str, field: str | None = None) -> dict[str, Any]:
    return {"error": {"type": type_name, "message": message, "field": field}}


def body_for(exc: E.EngramError) -> dict[str, Any]:
    """The JSON error body of ``exc``, as the error describes itself (:meth:`engram.errors.EngramError.to_dict`):
    one that breaks several rules (a configuration, ``ValidationError.errors``) lists each, with its field, in
    the message and as ``errors`` (``field`` stays the first), as a 422 of the request schema does."""
    return {"error": exc.to_dict()}


_BY_NAME: dict[str, type[E.EngramError]] = {
    cls.__name__: cls
    for cls in (E.EngramError, E.ValidationError, E.ConfigError, E.ScopeError, E.PinBudgetExceeded, E.NotFound,
                E.PermissionDenied, E.ReadOnlyError, E.ConflictError, E.HistoryDisabled, E.EmbedderMismatch,
                E.ModelError, E.ModelOutputError, E.StoreError, Unauthenticated, PayloadTooLarge,
                MethodNotAllowed, MisdirectedRequest, InternalError)
}

_BY_STATUS: dict[int, type[E.EngramError]] = {
    400: E.ValidationError, 401: Unauthenticated, 403: E.PermissionDenied, 404: E.NotFound,
    405: MethodNotAllowed, 409: E.ConflictError, 413: PayloadTooLarge, 422: E.ValidationError,
    502: E.ModelError, 503: E.StoreError,
}


def error_from(status: int, payload: object) -> E.EngramError:
    """Rebuild the engram error a response carries (for the client); falls back on the status."""
    err = payload.get("error") if isinstance(payload, dict) else None
    if isinstance(err, dict) and isinstance(err.get("type"), str):
        cls = _BY_NAME.get(err["type"]) or _BY_STATUS.get(status, InternalError)
        message, field = err.get("message"), err.get("field")
        out = cls(message if isinstance(message, str) else f"HTTP {status}",
                  field=field if isinstance(field, str) else None)
        listed = err.get("errors")
        if isinstance(out, E.ValidationError) and isinstance(listed, list):  # every field the server named
            out.errors = tuple((str(e.get("field")), str(e.get("message"))) for e in listed if isinstance(e, dict))
        return out
    return _BY_STATUS.get(status, InternalError)(f"HTTP {status}")
