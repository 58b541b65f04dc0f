"""Shared helpers for the service tests (HTTP, client, MCP, security): apps, keys, a real uvicorn thread.

Holds no tests itself; the service test modules import from it.
"""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

import httpx

from engram import Memory
from engram.http import create_app
from engram.keys import create_key

WIDE = {"harness": {"memory": {
    "scope": {"read": ["session", "actor", "agent"], "write": ["session", "actor", "agent"]},
    "labels": {"customer_id": {"number": 5, "description": "The customer the memory is about."}},
}, "history": {"index": "messages_and_tools"}}}

SE = "/v1/agents/bot/actors/u1/sessions/s1"
AC = "/v1/agents/bot/actors/u1"
AG = "/v1/agents/bot"


@dataclass
class Env:
    """An app over a Memory, with keys: ``admin`` (agent-wide, every right), ``actor`` (bound to u1),
    ``other`` (another agent), ``ro`` (read-only, agent-wide)."""

    mem: Memory
    app: Any
    keys: dict[str, str]

    def client(self, key: str | None = "admin", *, headers: dict[str, str] | None = None) -> httpx.AsyncClient:
        """An in-process client (httpx ASGI transport) sending ``key`` (a name in :attr:`keys`)."""
        sent = {"Authorization": f"Bearer {self.keys[key]}"} if key else {}
        transport = httpx.ASGITransport(app=self.app, raise_app_exceptions=False)
        return httpx.AsyncClient(transport=transport, base_url="http://engram.test",
                                 headers={**sent, **(headers or {})})

    def h(self, key: str) -> dict[str, str]:
        return {"Authorization": f"Bearer {self.keys[key]}"}


def make_env(mem: Memory, **app_kw: Any) -> Env:
    app = create_app(mem, **app_kw)
    keys = {
        "admin": create_key(mem.store, "bot", can_delete=True, can_admin=True)[0],
        "actor": create_key(mem.store, "bot", "u1", can_delete=True)[0],
        "actor2": create_key(mem.store, "bot", "u2", can_delete=True)[0],
        "other": create_key(mem.store, "rival", can_delete=True, can_admin=True)[0],
        "ro": create_key(mem.store, "bot", write=[])[0],
        "plain": create_key(mem.store, "bot")[0],
    }
    return Env(mem, app, keys)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextmanager
def uvicorn_thread(app: Any, port: int | None = None) -> Iterator[str]:
    """Run ``app`` on a real uvicorn at 127.0.0.1 in a thread; yield its base URL; stop it gracefully."""
    import uvicorn

    port = port or free_port()
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning",
                                           lifespan="on", timeout_graceful_shutdown=5))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started:
        if time.monotonic() > deadline or not thread.is_alive():
            raise RuntimeError("uvicorn did not start")
        time.sleep(0.02)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(timeout=20)
