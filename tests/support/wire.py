"""Real HTTP servers for provider tests: scripted replies, recorded requests, provider-shaped bodies.

``FakeServer`` binds 127.0.0.1 on an ephemeral port and serves from a thread. Replies are scripted in
order (the last one repeats, so ``500`` once means "500 forever") or computed by a handler. Every request
is recorded with its raw path, headers and body so tests can check exactly what went over the wire.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import re
import threading
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any
from urllib.parse import quote, unquote


@dataclass
class Recorded:
    """One request as the server received it; header names lower-cased."""

    method: str
    path: str  # raw request target: percent-encoding and query as sent
    headers: dict[str, str]
    body: bytes

    @property
    def json(self) -> Any:
        return json.loads(self.body)


@dataclass
class Reply:
    """What the server answers: a status, a body (dict/list → JSON), headers, and an optional delay."""

    status: int = 200
    body: Any = b""
    headers: dict[str, str] = field(default_factory=dict)
    delay: float = 0.0


def as_reply(reply: Reply | dict[str, Any]) -> Reply:
    """A dict stands for a 200 answer with that JSON body."""
    return reply if isinstance(reply, Reply) else Reply(body=reply)


class FakeServer:
    """A threaded HTTP/1.1 server on 127.0.0.1 answering scripted replies and recording requests."""

    def __init__(self, handler: Callable[[Recorded], Reply | dict[str, Any]] | None = None) -> None:
        self.requests: list[Recorded] = []
        self._script: list[Reply] = []
        self._handler = handler
        self._lock = threading.Lock()
        self._stopping = threading.Event()
        self._httpd = ThreadingHTTPServer(("127.0.0.1", 0), self._handler_class())
        self._httpd.daemon_threads = True
        self._httpd.block_on_close = False
        self._thread = threading.Thread(target=self._httpd.serve_forever, kwargs={"poll_interval": 0.05},
                                        daemon=True)

    @property
    def url(self) -> str:
        host, port = self._httpd.server_address[:2]
        return f"http://{host!s}:{port}"

    def reply(self, *replies: Reply | dict[str, Any]) -> FakeServer:
        """Queue replies (a dict is a 200 JSON body); the last queued reply repeats."""
        with self._lock:
            self._script.extend(as_reply(r) for r in replies)
        return self

    def start(self) -> FakeServer:
        self._thread.start()
        return self

    def stop(self) -> None:
        self._stopping.set()
        self._httpd.shutdown()
        self._httpd.server_close()
        self._thread.join(timeout=2)

    def __enter__(self) -> FakeServer:
        return self.start()

    def __exit__(self, *exc_info: object) -> None:
        self.stop()

    def _next(self, request: Recorded) -> Reply:
        with self._lock:
            self.requests.append(request)
            if self._handler is not None:
                return as_reply(self._handler(request))
            if not self._script:
                return Reply(500, {"error": {"message": "no reply scripted"}})
            return self._script.pop(0) if len(self._script) > 1 else self._script[0]

    def _handler_class(self) -> type[BaseHTTPRequestHandler]:
        server = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"
            wbufsize = -1  # headers and body leave in one segment: no delayed-ACK stalls
            disable_nagle_algorithm = True

            def do_POST(self) -> None:
                length = int(self.headers.get("content-length") or 0)
                body = self.rfile.read(length) if length else b""
                headers = {k.lower(): v for k, v in self.headers.items()}
                reply = server._next(Recorded(self.command, self.path, headers, body))
                if reply.delay and server._stopping.wait(reply.delay):
                    return
                payload = reply.body
                if isinstance(payload, dict | list):
                    payload = json.dumps(payload).encode()
                elif isinstance(payload, str):
                    payload = payload.encode()
                try:
                    self.send_response(reply.status)
                    sent = {k.lower(): v for k, v in reply.headers.items()}
                    sent.setdefault("content-type", "application/json")
                    for name, value in sent.items():
                        self.send_header(name, value)
                    self.send_header("content-length", str(len(payload)))
                    self.end_headers()
                    self.wfile.write(payload)
                except OSError:  # the client gave up (timeout test)
                    pass

            do_GET = do_POST

            def log_message(self, format: str, *args: Any) -> None:  # keep test output quiet
                pass

        return Handler


@contextmanager
def serve(
    *replies: Reply | dict[str, Any], handler: Callable[[Recorded], Reply | dict[str, Any]] | None = None
) -> Iterator[FakeServer]:
    """Start a FakeServer with these replies queued; stop it afterwards."""
    server = FakeServer(handler)
    server.reply(*replies)
    with server:
        yield server


# --- provider-shaped bodies -----------------------------------------------------------------------------

def openai_chat(text: str | None = "ok", *, tool_calls: Sequence[tuple[str, str, str]] = (),
                prompt_tokens: int = 11, completion_tokens: int = 7, finish_reason: str = "stop",
                model: str = "gpt-test-2024") -> dict[str, Any]:
    """A chat.completion body; tool calls as (id, name, raw arguments string)."""
    message: dict[str, Any] = {"role": "assistant", "content": text}
    if tool_calls:
        message["tool_calls"] = [
            {"id": cid, "type": "function", "function": {"name": name, "arguments": args}}
            for cid, name, args in tool_calls
        ]
    return {
        "id": "chatcmpl-1", "object": "chat.completion", "created": 1, "model": model,
        "choices": [{"index": 0, "message": message, "finish_reason": finish_reason}],
        "usage": {"prompt_tokens": prompt_tokens, "completion_tokens": completion_tokens,
                  "total_tokens": prompt_tokens + completion_tokens},
    }


def openai_error(message: str, *, param: str | None = None, type_: str = "invalid_request_error",
                 code: str | None = None) -> dict[str, Any]:
    return {"error": {"message": message, "type": type_, "param": param, "code": code}}


def anthropic_message(text: str | None = "ok", *, tool_uses: Sequence[tuple[str, str, Any]] = (),
                      input_tokens: int = 13, output_tokens: int = 5, stop_reason: str = "end_turn",
                      model: str = "claude-test") -> dict[str, Any]:
    """A Messages API response; tool uses as (id, name, input)."""
    content: list[dict[str, Any]] = []
    if text is not None:
        content.append({"type": "text", "text": text})
    content += [{"type": "tool_use", "id": i, "name": n, "input": inp} for i, n, inp in tool_uses]
    return {
        "id": "msg_1", "type": "message", "role": "assistant", "model": model, "content": content,
        "stop_reason": stop_reason, "stop_sequence": None,
        "usage": {"input_tokens": input_tokens, "output_tokens": output_tokens},
    }


def anthropic_error(kind: str, message: str) -> dict[str, Any]:
    return {"type": "error", "error": {"type": kind, "message": message}}


def bedrock_converse(text: str | None = "ok", *, tool_uses: Sequence[tuple[str, str, Any]] = (),
                     input_tokens: int = 17, output_tokens: int = 3, stop_reason: str = "end_turn"
                     ) -> dict[str, Any]:
    """A Converse response; tool uses as (toolUseId, name, input)."""
    content: list[dict[str, Any]] = []
    if text is not None:
        content.append({"text": text})
    content += [{"toolUse": {"toolUseId": i, "name": n, "input": inp}} for i, n, inp in tool_uses]
    return {
        "output": {"message": {"role": "assistant", "content": content}},
        "stopReason": stop_reason,
        "usage": {"inputTokens": input_tokens, "outputTokens": output_tokens,
                  "totalTokens": input_tokens + output_tokens},
        "metrics": {"latencyMs": 12},
    }


def bedrock_error(status: int, kind: str, message: str) -> Reply:
    return Reply(status, {"message": message}, headers={"x-amzn-ErrorType": f"{kind}:http://internal.amazon.com/"})


# --- SigV4, recomputed from what the server received ------------------------------------------------------

_AUTH = re.compile(
    r"^AWS4-HMAC-SHA256 Credential=(?P<key>[^/]+)/(?P<day>\d{8})/(?P<region>[^/]+)/(?P<service>[^/]+)"
    r"/aws4_request, SignedHeaders=(?P<signed>[a-z0-9;-]+), Signature=(?P<sig>[0-9a-f]{64})$"
)


def check_sigv4(req: Recorded, secret_key: str) -> str | None:
    """Recompute the request's SigV4 signature with ``secret_key``; None when it verifies, else why not."""
    match = _AUTH.match(req.headers.get("authorization", ""))
    if match is None:
        return "authorization header is not AWS4-HMAC-SHA256 shaped"
    amz_date = req.headers.get("x-amz-date", "")
    if not amz_date.startswith(match["day"]):
        return "x-amz-date does not match the credential scope"
    signed = match["signed"].split(";")
    if signed != sorted(signed) or "host" not in signed or "x-amz-date" not in signed:
        return "signed headers must be sorted and include host and x-amz-date"
    path, _, query = req.path.partition("?")
    # Server side: the path as received, each segment encoded once more (non-S3 rule).
    canonical_path = "/".join(quote(seg, safe="~") for seg in path.split("/"))
    params = sorted(
        (quote(unquote(k), safe="-_.~"), quote(unquote(v), safe="-_.~"))
        for k, _, v in (p.partition("=") for p in query.split("&") if p)
    )
    canonical = "\n".join([
        req.method,
        canonical_path,
        "&".join(f"{k}={v}" for k, v in params),
        "".join(f"{h}:{' '.join(req.headers.get(h, '').split())}\n" for h in signed),
        match["signed"],
        hashlib.sha256(req.body).hexdigest(),
    ])
    scope = f"{match['day']}/{match['region']}/{match['service']}/aws4_request"
    to_sign = f"AWS4-HMAC-SHA256\n{amz_date}\n{scope}\n{hashlib.sha256(canonical.encode()).hexdigest()}"
    key = hmac.digest(f"AWS4{secret_key}".encode(), match["day"].encode(), "sha256")
    for part in (match["region"], match["service"], "aws4_request"):
        key = hmac.digest(key, part.encode(), "sha256")
    expected = hmac.new(key, to_sign.encode(), "sha256").hexdigest()
    if not hmac.compare_digest(expected, match["sig"]):
        return "signature does not verify"
    return None


def openai_chat_stream(text: str | None = "ok", *, tool_calls: Sequence[tuple[str, str, str]] = ()) -> Reply:
    """A streamed chat.completion (server-sent events), as clients that always stream expect; tool calls as
    (id, name, raw arguments string)."""
    delta: dict[str, Any] = {"role": "assistant", "content": text}
    if tool_calls:
        delta["tool_calls"] = [{"index": i, "id": cid, "type": "function", "function": {"name": n, "arguments": a}}
                               for i, (cid, n, a) in enumerate(tool_calls)]
    finish = "tool_calls" if tool_calls else "stop"
    chunks = [{"choices": [{"index": 0, "delta": delta, "finish_reason": None}]},
              {"choices": [{"index": 0, "delta": {}, "finish_reason": finish}]},
              {"choices": [], "usage": {"prompt_tokens": 5, "completion_tokens": 2, "total_tokens": 7}}]
    body = b"".join(b"data: " + json.dumps({"id": "c1", "object": "chat.completion.chunk", "created": 1,
                                           "model": "m", **c}).encode() + b"\n\n" for c in chunks)
    return Reply(body=body + b"data: [DONE]\n\n", headers={"content-type": "text/event-stream"})


def gemini_content(text: str | None = "ok", *, calls: Sequence[tuple[str, dict[str, Any]]] = ()) -> dict[str, Any]:
    """A Gemini ``generateContent`` response; function calls as (name, args)."""
    parts: list[dict[str, Any]] = [{"text": text}] if text is not None else []
    parts += [{"functionCall": {"name": name, "args": args}} for name, args in calls]
    return {"candidates": [{"content": {"role": "model", "parts": parts}, "finishReason": "STOP", "index": 0}],
            "usageMetadata": {"promptTokenCount": 9, "candidatesTokenCount": 3, "totalTokenCount": 12},
            "modelVersion": "gemini-test"}
