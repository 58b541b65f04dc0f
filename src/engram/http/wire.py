"""Tiny ASGI helpers for answering from middleware, before any framework code runs."""

from __future__ import annotations

import json
from typing import Any

from starlette.types import Send


async def send_json(send: Send, status: int, payload: Any, headers: list[tuple[bytes, bytes]] | None = None) -> None:
    """Send a complete JSON response."""
    data = json.dumps(payload, separators=(",", ":")).encode("utf-8")
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(data)).encode()),
                            *(headers or [])]})
    await send({"type": "http.response.body", "body": data})
