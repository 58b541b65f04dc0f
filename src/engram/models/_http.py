"""Shared plumbing of the HTTP model providers: one ``httpx.Client`` per model, retries, errors at the edge.

Every failure leaves this module as a :class:`~engram.errors.ModelError`::

    ModelError(status=None)        the network failed or timed out, after the retries
    ModelError(status=2xx)         the provider answered 2xx with a body that is not a JSON object
    └── ProviderHTTPError          the provider answered 4xx/5xx (after the retries for 408/429/5xx/529);
                                   ``status``, ``detail`` (the provider's message), ``error_type``, ``param``

Messages name the provider, the method and path, and the status; known secrets (API keys, tokens) and
anything shaped like a masked key are scrubbed from the provider's text before it reaches a message.
"""

from __future__ import annotations

import email.utils
import json
import logging
import random
import re
import secrets
import threading
import time
from collections.abc import Callable, Iterable, Mapping
from typing import Any, Self

import httpx

from ..errors import ConfigError, ModelError, ModelOutputError
from .base import Message, Usage, parse_json_object

log = logging.getLogger("engram.models")

#: Statuses worth another try: timeouts, rate limits, transient server failures, Anthropic's "overloaded".
RETRY_STATUSES = frozenset({408, 429, 500, 502, 503, 504, 529})
#: A ``Retry-After`` longer than this is not waited for: the call fails at once and says so.
MAX_RETRY_AFTER = 60.0

Signer = Callable[[httpx.Request], None]
Sleep = Callable[[float], None]
Clock = Callable[[], float]

# Network failures that a fresh attempt may cure; other httpx errors (bad URL scheme, proxy, local
# protocol misuse) are our own or the environment's and fail at once.
_TRANSIENT = (httpx.TimeoutException, httpx.NetworkError, httpx.RemoteProtocolError)
_MASKED_KEY = re.compile(r"[A-Za-z0-9_\-]*\*{3,}[A-Za-z0-9_\-]*")
_KEY_LIKE = re.compile(r"\b(sk|pk|rk|key|AKIA|ASIA)[-_A-Za-z0-9]{12,}")


class ProviderHTTPError(ModelError):
    """The provider answered with an error status; ``detail`` is its (scrubbed) message."""

    def __init__(
        self,
        message: str,
        *,
        status: int,
        detail: str = "",
        error_type: str | None = None,
        param: str | None = None,
    ) -> None:
        super().__init__(message, status=status)
        self.detail = detail
        self.error_type = error_type
        self.param = param


class Transport:
    """POSTs JSON to one provider with retries and exponential backoff; maps every failure to ModelError.

    ``sleep``, ``clock`` and ``rand`` are injectable so tests run without waiting. ``signer`` is called on
    each attempt's request (AWS SigV4 needs a fresh date per attempt). ``secrets`` are scrubbed from every
    message this transport builds.
    """

    def __init__(
        self,
        provider: str,
        base_url: str,
        *,
        headers: Mapping[str, str] | None = None,
        params: Mapping[str, str] | None = None,
        timeout: float = 60.0,
        connect_timeout: float = 10.0,
        max_retries: int = 3,
        backoff_base: float = 0.5,
        backoff_max: float = 8.0,
        secrets: Iterable[str | None] = (),
        signer: Signer | None = None,
        sleep: Sleep | None = None,
        clock: Clock | None = None,
        rand: Callable[[], float] | None = None,
    ) -> None:
        check_base_url(base_url, provider)
        if max_retries < 0:
            raise ConfigError("must be 0 or more", field="max_retries")
        if timeout <= 0 or connect_timeout <= 0:
            raise ConfigError("must be a positive number of seconds", field="timeout")
        self.provider = provider
        self.max_retries = max_retries
        self.backoff_base = backoff_base
        self.backoff_max = backoff_max
        self._params = dict(params or {})
        self._secrets = tuple(s for s in secrets if s and len(s) >= 4)
        self._signer = signer
        self._sleep: Sleep = sleep or time.sleep
        self._clock: Clock = clock or time.time
        self._rand = rand or random.random
        self._client = httpx.Client(
            base_url=base_url,
            headers=dict(headers or {}),
            timeout=httpx.Timeout(timeout, connect=connect_timeout),
            follow_redirects=False,
        )

    @property
    def clock(self) -> Clock:
        return self._clock

    def close(self) -> None:
        self._client.close()

    def post_json(self, path: str, body: Mapping[str, Any]) -> dict[str, Any]:
        """POST ``body`` as JSON to ``path`` (relative to the base URL) and return the decoded JSON object."""
        content = json.dumps(body, ensure_ascii=False).encode("utf-8")
        where = f"POST {path}"
        attempt = 0
        while True:
            request = self._client.build_request(
                "POST", path, content=content, params=self._params or None,
                headers={"content-type": "application/json", "accept": "application/json"},
            )
            if self._signer is not None:
                self._signer(request)
            try:
                response = self._client.send(request)
            except _TRANSIENT as exc:
                if attempt >= self.max_retries:
                    raise ModelError(
                        f"{self.provider}: {_describe(exc)} on {where} after {attempt + 1} attempt(s)"
                    ) from exc
                delay = self.backoff(attempt)
                log.debug("%s: %s on %s; retry in %.2fs", self.provider, _describe(exc), where, delay)
            except httpx.HTTPError as exc:
                raise ModelError(f"{self.provider}: {_describe(exc)} on {where}") from exc
            else:
                if response.is_success:
                    return self._decode(response, where)
                error = self._status_error(response, where, attempt + 1)
                wait = self._retry_delay(response, error, attempt)
                if wait is None:
                    raise error
                delay = wait
                log.debug("%s: HTTP %d on %s; retry in %.2fs", self.provider, response.status_code, where,
                          delay)
            self._sleep(delay)
            attempt += 1

    def backoff(self, attempt: int) -> float:
        """Exponential backoff with jitter: base·2^attempt capped at ``backoff_max``, minus up to 25 %."""
        delay = min(self.backoff_max, self.backoff_base * (2.0 ** attempt))
        return delay * (1.0 - 0.25 * self._rand())

    def _retry_delay(self, response: httpx.Response, error: ProviderHTTPError, attempt: int) -> float | None:
        """Seconds to wait before the next attempt, or None when this failure must not be retried."""
        if attempt >= self.max_retries:
            return None
        should = response.headers.get("x-should-retry", "").lower()
        if should == "false" or error.error_type == "insufficient_quota":
            return None
        if should != "true" and response.status_code not in RETRY_STATUSES:
            return None
        asked = retry_after(response.headers, self._clock())
        if asked is None:
            return self.backoff(attempt)
        if asked > MAX_RETRY_AFTER:
            error.args = (f"{error.message} (the provider asks to retry after {asked:.0f}s)",)
            error.message = error.args[0]
            return None
        return asked

    def _decode(self, response: httpx.Response, where: str) -> dict[str, Any]:
        try:
            value = response.json()
        except ValueError as exc:  # JSONDecodeError and UnicodeDecodeError both refine ValueError
            raise ModelError(
                f"{self.provider}: HTTP {response.status_code} on {where} with a body that is not JSON",
                status=response.status_code,
            ) from exc
        if not isinstance(value, dict):
            raise ModelError(
                f"{self.provider}: HTTP {response.status_code} on {where} with a JSON body that is not an "
                "object",
                status=response.status_code,
            )
        return value

    def _status_error(self, response: httpx.Response, where: str, attempts: int) -> ProviderHTTPError:
        detail, error_type, param = _error_details(response)
        detail = self.scrub(detail)
        status = response.status_code
        reason = response.reason_phrase or ""
        message = f"{self.provider}: HTTP {status} {reason}".rstrip() + f" on {where}"
        if attempts > 1:
            message += f" after {attempts} attempts"
        if detail:
            message += f": {detail}"
        if param:
            message += f" (param: {param})"
        return ProviderHTTPError(message, status=status, detail=detail, error_type=error_type, param=param)

    def scrub(self, text: str) -> str:
        """Remove known secrets and anything that looks like an API key (masked or not) from ``text``."""
        for secret in self._secrets:
            text = text.replace(secret, "***")
        text = _MASKED_KEY.sub("***", text)
        return _KEY_LIKE.sub("***", text)


def check_base_url(url: str, provider: str) -> None:
    """Refuse a base URL that is not absolute http(s): a clear ConfigError beats an httpx traceback."""
    try:
        parsed = httpx.URL(url)
    except (httpx.InvalidURL, TypeError) as exc:
        raise ConfigError(f"{provider}: not a valid URL: {exc}", field="base_url") from exc
    if parsed.scheme not in ("http", "https") or not parsed.host:
        raise ConfigError(f"{provider}: base URL must be absolute http(s), got {url!r}", field="base_url")


def retry_after(headers: httpx.Headers, now: float) -> float | None:
    """Seconds the server asked us to wait: ``retry-after-ms``, or ``retry-after`` as seconds or HTTP-date."""
    raw_ms = headers.get("retry-after-ms")
    if raw_ms:
        try:
            return max(0.0, float(raw_ms) / 1000.0)
        except ValueError:
            pass
    raw = headers.get("retry-after")
    if not raw:
        return None
    try:
        return max(0.0, float(raw))
    except ValueError:
        pass
    try:
        when = email.utils.parsedate_to_datetime(raw)
    except (TypeError, ValueError):
        return None
    if when.tzinfo is None:
        return None
    return max(0.0, when.timestamp() - now)


def _error_details(response: httpx.Response) -> tuple[str, str | None, str | None]:
    """The provider's own error message, type and parameter, from the body shapes the providers use."""
    error_type = response.headers.get("x-amzn-errortype", "").split(":", 1)[0] or None
    try:
        body = response.json()
    except ValueError:
        text = response.text.strip()
        return (" ".join(text.split())[:300], error_type, None)
    message: Any = None
    param: Any = None
    if isinstance(body, dict):
        err = body.get("error")
        if isinstance(err, dict):  # OpenAI, Anthropic, Ollama
            message, param = err.get("message"), err.get("param")
            error_type = _str_or_none(err.get("code")) or _str_or_none(err.get("type")) or error_type
        elif isinstance(err, str):
            message = err
        if message is None:  # vLLM, Bedrock
            message = body.get("message", body.get("Message"))
            param = param or body.get("param")
            error_type = error_type or _str_or_none(body.get("type"))
    text = message if isinstance(message, str) else json.dumps(body)[:300]
    return (" ".join(text.split())[:500], error_type, _str_or_none(param))


def _str_or_none(value: object) -> str | None:
    return value if isinstance(value, str) and value else None


def _describe(exc: httpx.HTTPError) -> str:
    if isinstance(exc, httpx.TimeoutException):
        kind = type(exc).__name__.replace("Timeout", " timeout").strip().lower()
        return f"timed out ({kind})"
    return f"connection failed ({type(exc).__name__}: {exc})"


class HTTPModel:
    """What every HTTP model shares: its transport, a running usage total, ``close`` and ``with`` support."""

    provider: str = ""

    def __init__(self, model: str, transport: Transport) -> None:
        if not model or not isinstance(model, str):
            raise ConfigError("a model name is required", field="model")
        self.model = model
        self.model_id = f"{self.provider}:{model}"
        self.usage = Usage()
        self.calls = 0
        self._transport = transport
        self._lock = threading.Lock()

    def _record(self, usage: Usage) -> None:
        """Add one call's usage to the running total (thread-safe)."""
        with self._lock:
            self.usage = self.usage + usage
            self.calls += 1

    def close(self) -> None:
        """Close the HTTP connection pool."""
        self._transport.close()

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.model_id!r})"


def call_id(given: object, prefix: str, index: int) -> str:
    """A tool call's id: the one the provider gave, or one of our own, unique across the turn's steps.

    Ids link a call to its result in the history. Some OpenAI-compatible servers send calls without ids; a
    fallback of the call's index alone ("call_0") repeats at every step, so a result could be read as
    answering the wrong call when a window cuts between steps, and Anthropic refuses a history that repeats a
    ``tool_use`` id."""
    return given if isinstance(given, str) and given else f"{prefix}{index}_{secrets.token_hex(4)}"


def schema_instruction(schema: Mapping[str, Any]) -> str:
    """The instruction used when a server cannot enforce a schema itself: answer with one JSON object."""
    return (
        "Answer with a single JSON object and nothing else (no prose, no code fence). "
        "It must match this JSON schema:\n" + json.dumps(schema, ensure_ascii=False)
    )


def tool_history_text(message: Message) -> str:
    """Render a tool call or tool result as plain text, for requests that offer no tools."""
    if message.role == "tool":
        return f"[tool result for {message.tool_call_id or '?'}]\n{message.content}"
    calls = "\n".join(
        f"[called tool {c.name} with {json.dumps(c.arguments, ensure_ascii=False)}]"
        for c in message.tool_calls
    )
    return f"{message.content}\n{calls}".strip()


def wire_error(provider: str, what: str) -> ModelError:
    """A 2xx answer whose JSON does not have the shape the provider documents."""
    return ModelError(f"{provider}: unexpected response shape: {what}", status=200)


def json_answer(text: str, provider: str) -> str:
    """Check a JSON-mode answer is one JSON object and return it canonically; else ModelOutputError."""
    try:
        return json.dumps(parse_json_object(text), ensure_ascii=False)
    except ModelOutputError as exc:
        raise ModelOutputError(f"{provider}: {exc.message}", field=exc.field) from exc
