"""An engram HTTP app over a Memory with a set of keys, for in-process service tests (HTTP, client, MCP,
security), and the paths of the scope levels those tests use."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import httpx

from engram import Memory
from engram.http import create_app
from engram.keys import create_key

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
