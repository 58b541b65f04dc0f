"""AWS error shapes for the AgentCore face: the exceptions, the engram-error table, the response body. Pure.

AWS rest-json services answer errors with an ``x-amzn-ErrorType`` header and a JSON body
``{"__type": ..., "message": ...}`` (botocore reads either); ``ValidationException`` adds ``reason`` and
``fieldList: [{"name", "message"}]``. boto3 raises ``client.exceptions.<Name>`` from the type alone, so the
names here are the service model's. engram's own errors are mapped once, by class, in :func:`from_engram`;
every error leaves a route as one its operation's model lists (:data:`LISTED`, :func:`as_listed`).
"""

from __future__ import annotations

from typing import Any

from .. import errors as E


class AwsError(Exception):
    """An error leaving the AgentCore face in AWS's shape: ``code`` (the ``__type``), status, message."""

    code = "ServiceException"
    status = 500

    def __init__(self, message: str, *, field: str | None = None, reason: str | None = None,
                 transient: bool = False) -> None:
        super().__init__(message)
        self.message = message
        self.field = field
        self.reason = reason
        self.transient = transient  # a state that passes by itself (a call still in progress): a retry helps

    def body(self) -> dict[str, Any]:
        out: dict[str, Any] = {"__type": self.code, "message": self.message}
        return out

    def headers(self) -> dict[str, str]:
        return {"x-amzn-ErrorType": self.code}


class ValidationException(AwsError):
    """A request that breaks the service model's rules (HTTP 400); names the field in ``fieldList``."""

    code, status = "ValidationException", 400

    def body(self) -> dict[str, Any]:
        out = super().body()
        if self.field:  # boto3 shows only the message: it names the field too
            out["message"] = f"{self.field}: {self.message}"
        out["reason"] = self.reason or ("FieldValidationFailed" if self.field else "CannotParse")
        if self.field:
            out["fieldList"] = [{"name": self.field, "message": self.message}]
        return out


class ResourceNotFoundException(AwsError):
    code, status = "ResourceNotFoundException", 404


class AccessDeniedException(AwsError):
    code, status = "AccessDeniedException", 403


class UnrecognizedClientException(AwsError):
    """An access key id engram never issued, or one whose key was revoked (HTTP 403, as AWS answers)."""

    code, status = "UnrecognizedClientException", 403


class InvalidSignatureException(AwsError):
    """A SigV4 signature that does not verify, is malformed, or is too old (HTTP 403)."""

    code, status = "InvalidSignatureException", 403


class MissingAuthenticationTokenException(AwsError):
    code, status = "MissingAuthenticationTokenException", 403


class ConflictException(AwsError):
    code, status = "ConflictException", 409


class RetryableConflictException(AwsError):
    """A temporary conflict the caller should retry (CreateEvent's: a call with the same clientToken is still in
    progress); botocore's model marks it retryable, so boto3 retries it by itself."""

    code, status = "RetryableConflictException", 409


class ThrottledException(AwsError):
    code, status = "ThrottledException", 429


class ThrottlingException(AwsError):
    """The harness and tag operations' name for ThrottledException."""

    code, status = "ThrottlingException", 429


class ServiceQuotaExceededException(AwsError):
    code, status = "ServiceQuotaExceededException", 402


class UnknownOperationException(AwsError):
    """No AgentCore operation has this method and path (HTTP 404, as AWS answers)."""

    code, status = "UnknownOperationException", 404


class ServiceException(AwsError):
    code, status = "ServiceException", 500


class InternalServerException(AwsError):
    """The harness and tag operations' name for ServiceException."""

    code, status = "InternalServerException", 500


class ServiceUnavailableException(AwsError):
    code, status = "ServiceUnavailableException", 503


class InProgress(E.ConflictError):
    """A transient conflict: a call with the same clientToken is still running (a retry will be answered)."""


_TABLE: tuple[tuple[type[E.EngramError], type[AwsError]], ...] = (
    (E.ValidationError, ValidationException),   # ConfigError, ScopeError, PinBudgetExceeded too
    (E.NotFound, ResourceNotFoundException),
    (E.PermissionDenied, AccessDeniedException),
    (E.ConflictError, ConflictException),
    (E.HistoryDisabled, ConflictException),
    (E.EmbedderMismatch, ConflictException),
    (E.ModelError, ServiceException),
    (E.StoreError, ServiceUnavailableException),
)


def from_engram(exc: E.EngramError) -> AwsError:
    """The AWS error an engram error becomes (nearest class first); the field and message carry over."""
    for cls, aws in _TABLE:
        if isinstance(exc, cls):
            if aws is ServiceException or aws is ServiceUnavailableException:
                return aws("the service could not complete the request; the server log has the details")
            return aws(exc.message, field=exc.field, transient=isinstance(exc, InProgress))
    return ServiceException("internal server error; the server log has the details")


# -- the errors each operation's service model lists ---------------------------------------------------------------
# boto3 raises ``client.exceptions.<Name>`` for any name, but code catches the names the model documents: every
# error a served operation answers is one its model lists (``errors`` of the operation in botocore's
# service-2.json; tests/test_agentcore_errors.py checks this table against it). By route ("METHOD path").
_MEMORY = frozenset({"AccessDeniedException", "ResourceNotFoundException", "ServiceException", "ThrottledException",
                     "ValidationException"})
_DATA = _MEMORY | {"ServiceQuotaExceededException"}
_EVENTS = _DATA | {"InvalidInputException"}  # the event and record reads and deletes list this too
_HARNESS = frozenset({"AccessDeniedException", "InternalServerException", "ThrottlingException",
                      "ValidationException"})
_FOUND, _CONFLICT, _QUOTA = "ResourceNotFoundException", "ConflictException", "ServiceQuotaExceededException"
_EVENT = "/memories/{memoryId}/actor/{actorId}/sessions/{sessionId}/events/{eventId}"
_RECORDS = "/memories/{memoryId}/memoryRecords"
LISTED: dict[str, frozenset[str]] = {
    # bedrock-agentcore: the memory data plane
    "POST /memories/{memoryId}/events": _EVENTS | {"RetryableConflictException"},  # CreateEvent
    f"GET {_EVENT}": _EVENTS,  # GetEvent
    f"DELETE {_EVENT}": _EVENTS,  # DeleteEvent
    "POST /memories/{memoryId}/actor/{actorId}/sessions/{sessionId}": _EVENTS,  # ListEvents
    "POST /memories/{memoryId}/actor/{actorId}/sessions": _EVENTS,  # ListSessions
    "POST /memories/{memoryId}/actors": _EVENTS,  # ListActors
    "POST /memories/{memoryId}/retrieve": _EVENTS,  # RetrieveMemoryRecords
    f"POST {_RECORDS}": _EVENTS,  # ListMemoryRecords
    "GET /memories/{memoryId}/memoryRecord/{memoryRecordId}": _EVENTS,  # GetMemoryRecord
    f"DELETE {_RECORDS}/{{memoryRecordId}}": _EVENTS,  # DeleteMemoryRecord
    f"POST {_RECORDS}/batchCreate": _DATA,  # BatchCreateMemoryRecords
    f"POST {_RECORDS}/batchUpdate": _DATA,  # BatchUpdateMemoryRecords
    f"POST {_RECORDS}/batchDelete": _DATA,  # BatchDeleteMemoryRecords
    "POST /memories/{memoryId}/extractionJobs": _DATA,  # ListMemoryExtractionJobs
    "POST /memories/{memoryId}/extractionJobs/start": _DATA,  # StartMemoryExtractionJob
    "POST /memories/{memoryId}/ingest": _DATA,  # IngestData
    # bedrock-agentcore-control: memories
    "POST /memories/create": _DATA | {_CONFLICT},  # CreateMemory
    "GET /memories/{memoryId}/details": _MEMORY,  # GetMemory
    "POST /memories/": _MEMORY,  # ListMemories
    "PUT /memories/{memoryId}/update": _DATA | {_CONFLICT},  # UpdateMemory
    "DELETE /memories/{memoryId}/delete": _MEMORY | {_CONFLICT},  # DeleteMemory
    # harnesses (InvokeHarness is bedrock-agentcore's) and tags
    "POST /harnesses": _HARNESS | {_CONFLICT, _QUOTA},  # CreateHarness
    "GET /harnesses": _HARNESS,  # ListHarnesses
    "POST /harnesses/invoke": _HARNESS | {_FOUND, _QUOTA, "RuntimeClientError"},  # InvokeHarness
    "GET /harnesses/{harnessId}": _HARNESS | {_FOUND},  # GetHarness
    "GET /harnesses/{harnessId}/versions": _HARNESS | {_FOUND},  # ListHarnessVersions
    "PATCH /harnesses/{harnessId}": _HARNESS | {_FOUND, _CONFLICT, _QUOTA},  # UpdateHarness
    "DELETE /harnesses/{harnessId}": _HARNESS | {_FOUND, _CONFLICT},  # DeleteHarness
    "GET /tags/{resourceArn}": _HARNESS | {_FOUND},  # ListTagsForResource
    "POST /tags/{resourceArn}": _HARNESS | {_FOUND, _QUOTA},  # TagResource
    "DELETE /tags/{resourceArn}": _HARNESS | {_FOUND},  # UntagResource
}
# answered before any operation is known (the SigV4 gate, an unknown path), as every AWS service answers them
COMMON = frozenset({"UnrecognizedClientException", "InvalidSignatureException",
                    "MissingAuthenticationTokenException", "UnknownOperationException"})


def as_listed(exc: AwsError, listed: frozenset[str] | None) -> AwsError:
    """``exc`` as the nearest error the operation lists (``listed``; None: no operation, unchanged), keeping its
    message and field: a server error as the operation's server error; a transient conflict (a call still in
    progress) as one boto3 retries by itself (RetryableConflictException, else ThrottledException /
    ThrottlingException); any other as a ValidationException (a conflict with reason ResourceConflict)."""
    if listed is None or exc.code in listed or exc.code in COMMON:
        return exc
    nearer: tuple[type[AwsError], ...] = ()
    if exc.status >= 500:
        nearer = (ServiceException, InternalServerException)
    elif exc.transient or isinstance(exc, (ThrottledException, ThrottlingException)):
        nearer = (RetryableConflictException, ThrottledException, ThrottlingException)
    for cls in nearer:
        if cls.code in listed:
            return cls(exc.message, field=exc.field, transient=exc.transient)
    reason = exc.reason or ("ResourceConflict" if isinstance(exc, ConflictException) else None)
    return ValidationException(exc.message, field=exc.field, reason=reason)
