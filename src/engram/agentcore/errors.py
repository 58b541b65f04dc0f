"""AWS error shapes for the AgentCore face: the exceptions, the engram-error table, the response body. Pure.

AWS rest-json services answer errors with an ``x-amzn-ErrorType`` header and a JSON body
``{"__type": ..., "message": ...}`` (botocore reads either); ``ValidationException`` adds ``reason`` and
``fieldList: [{"name", "message"}]``. boto3 raises ``client.exceptions.<Name>`` from the type alone, so the
names here are the service model's. engram's own errors are mapped once, by class, in :func:`from_engram`.
"""

from __future__ import annotations

from typing import Any

from .. import errors as E


class AwsError(Exception):
    """An error leaving the AgentCore face in AWS's shape: ``code`` (the ``__type``), status, message."""

    code = "ServiceException"
    status = 500

    def __init__(self, message: str, *, field: str | None = None, reason: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.field = field
        self.reason = reason

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


class ServiceQuotaExceededException(AwsError):
    code, status = "ServiceQuotaExceededException", 402


class UnknownOperationException(AwsError):
    """No AgentCore operation has this method and path (HTTP 404, as AWS answers)."""

    code, status = "UnknownOperationException", 404


class ServiceException(AwsError):
    code, status = "ServiceException", 500


class ServiceUnavailableException(AwsError):
    code, status = "ServiceUnavailableException", 503


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
            return aws(exc.message, field=exc.field)
    return ServiceException("internal server error; the server log has the details")
