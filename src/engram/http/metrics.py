"""Prometheus-style metrics, written by hand (text exposition format 0.0.4), and the body size limit.

Labels are the route *template* (``/v1/agents/{agent}/...``), never the ids in the path, so cardinality
stays bounded and no tenant id leaks through ``/metrics``. Requests that match no route count as
``unmatched``, and a method outside :data:`METHODS` (anyone may invent one, unauthenticated) as ``other``:
the series stay a fixed set whatever clients send.
"""

from __future__ import annotations

import threading
import time
from collections import defaultdict
from collections.abc import Awaitable, Callable
from typing import Any

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from .errors import PayloadTooLarge, body_for
from .wire import send_json

METHODS = frozenset({"GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"})
BUCKETS = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0)


def _esc(value: str) -> str:
    return value.replace("\\", "\\\\").replace("\n", "\\n").replace('"', '\\"')


class Metrics:
    """Request counters by (method, route, status) and latency histograms by (method, route)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._count: dict[tuple[str, str, int], int] = defaultdict(int)
        self._hist: dict[tuple[str, str], list[int]] = {}
        self._sum: dict[tuple[str, str], float] = defaultdict(float)
        self.in_flight = 0
        self.started = time.time()

    def observe(self, method: str, route: str, status: int, seconds: float) -> None:
        if method not in METHODS:
            method = "other"
        with self._lock:
            self._count[(method, route, status)] += 1
            counts = self._hist.setdefault((method, route), [0] * (len(BUCKETS) + 1))
            for i, bound in enumerate(BUCKETS):
                if seconds <= bound:
                    counts[i] += 1
            counts[-1] += 1
            self._sum[(method, route)] += seconds

    def render(self) -> str:
        """The exposition text."""
        out = ["# HELP engram_http_requests_total HTTP requests by method, route template and status.",
               "# TYPE engram_http_requests_total counter"]
        with self._lock:
            for (method, route, status), n in sorted(self._count.items()):
                out.append(f'engram_http_requests_total{{method="{method}",route="{_esc(route)}",'
                           f'status="{status}"}} {n}')
            out += ["# HELP engram_http_request_duration_seconds Time to answer, by method and route template.",
                    "# TYPE engram_http_request_duration_seconds histogram"]
            for (method, route), counts in sorted(self._hist.items()):
                labels = f'method="{method}",route="{_esc(route)}"'
                for bound, n in zip(BUCKETS, counts, strict=False):
                    out.append(f'engram_http_request_duration_seconds_bucket{{{labels},le="{bound}"}} {n}')
                out.append(f'engram_http_request_duration_seconds_bucket{{{labels},le="+Inf"}} {counts[-1]}')
                out.append(f"engram_http_request_duration_seconds_sum{{{labels}}} {self._sum[(method, route)]:.6f}")
                out.append(f"engram_http_request_duration_seconds_count{{{labels}}} {counts[-1]}")
            out += ["# HELP engram_http_requests_in_flight Requests being answered now.",
                    "# TYPE engram_http_requests_in_flight gauge", f"engram_http_requests_in_flight {self.in_flight}",
                    "# HELP engram_process_start_time_seconds When the server started (unix time).",
                    "# TYPE engram_process_start_time_seconds gauge",
                    f"engram_process_start_time_seconds {self.started:.3f}"]
        return "\n".join(out) + "\n"


class MetricsMiddleware:
    """Times every HTTP request and counts it under its route template."""

    def __init__(self, app: ASGIApp, *, metrics: Metrics) -> None:
        self.app = app
        self.metrics = metrics

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        status = 500  # stays 500 if the app raises before answering
        start = time.perf_counter()

        async def send_wrapper(message: Message) -> None:
            nonlocal status
            if message["type"] == "http.response.start":
                status = int(message["status"])
            await send(message)

        self.metrics.in_flight += 1
        try:
            await self.app(scope, receive, send_wrapper)
        finally:
            self.metrics.in_flight -= 1
            route: Any = scope.get("route")
            template = getattr(route, "path", None) or "unmatched"
            self.metrics.observe(scope.get("method", "GET"), template, status, time.perf_counter() - start)


# (path, send, message) -> whether it answered the oversized request itself
TooLarge = Callable[[str, Send, str], Awaitable[bool]]


RAW_BODY = "raw_body"  # the request state's copy of the body as sent (BodyLimitMiddleware)


class BodyLimitMiddleware:
    """Refuse bodies over ``max_bytes`` with 413: by Content-Length up front, else while reading.

    The body is read here in full (it is at most ``max_bytes``) and replayed to the app as one message,
    so the limit holds for chunked uploads without relying on how the framework reads; it is kept in the
    request state (:data:`RAW_BODY`) for an error that must point into text the JSON parser refused.
    """

    def __init__(self, app: ASGIApp, *, max_bytes: int, answer: TooLarge | None = None) -> None:
        self.app = app
        self.max_bytes = max_bytes
        self.answer = answer  # a face that speaks another protocol answers in it (AgentCore: AWS's errors)

    async def _refuse(self, scope: Scope, send: Send) -> None:
        message = f"request body is larger than {self.max_bytes} bytes"
        if self.answer is not None and await self.answer(scope.get("path", ""), send, message):
            return
        err = PayloadTooLarge(message, field="body")
        await send_json(send, 413, body_for(err), [(b"connection", b"close")])

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        for name, value in scope.get("headers", []):
            if name == b"content-length":
                try:
                    declared = int(value)
                except ValueError:
                    declared = self.max_bytes + 1
                if declared > self.max_bytes:
                    await self._refuse(scope, send)
                    return
        chunks: list[bytes] = []
        size = 0
        while True:
            message = await receive()
            if message["type"] != "http.request":  # the client went away
                return
            chunk = message.get("body", b"")
            size += len(chunk)
            if size > self.max_bytes:
                await self._refuse(scope, send)
                return
            chunks.append(chunk)
            if not message.get("more_body", False):
                break
        replayed = False
        whole = b"".join(chunks)
        scope.setdefault("state", {})[RAW_BODY] = whole  # for an error about the body's text (http/app.py)

        async def replay() -> Message:
            nonlocal replayed
            if not replayed:
                replayed = True
                return {"type": "http.request", "body": whole, "more_body": False}
            return await receive()

        await self.app(scope, replay, send)
