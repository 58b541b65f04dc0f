"""A message without ``content`` is refused (naming ``messages[i].content``), unless it makes tool calls.

docs/concepts.md gives a message as ``{"role", "content", "metadata"?, "at"?, ...}``: content is not optional.
``{"role": "user"}`` was stored as an empty message on every face. An assistant message that only calls tools
(OpenAI's shape: no content, or null) is still taken, and an empty string still says nothing on purpose.
Library, CLI-free HTTP on a real loopback server; real SQLite file and real PostgreSQL.
"""

from __future__ import annotations

from collections.abc import Callable

import httpx
import pytest

from engram import Memory, Scope, ValidationError

pytest.importorskip("fastapi")  # the server extra

from engram.http import create_app
from engram.keys import create_key
from tests.support.servers import uvicorn_thread

S = Scope("bot", "u1", "s1")
CALL = {"id": "c1", "name": "lookup", "arguments": {}}


def test_the_library_refuses_a_message_without_content(make_memory: Callable[..., Memory]) -> None:
    mem = make_memory()
    with pytest.raises(ValidationError) as info:
        mem.append(S, [{"role": "user", "content": "hi"}, {"role": "user"}])
    assert info.value.field == "messages[1].content"
    assert mem.events(S) == []  # all or nothing
    kept = mem.append(S, [{"role": "user", "content": ""}, {"role": "assistant", "tool_calls": [CALL]},
                          {"role": "assistant", "content": None, "tool_calls": [{**CALL, "id": "c2"}]}])
    assert [e.content for e in kept] == ["", "", ""]


def test_http_refuses_a_message_without_content(make_memory: Callable[..., Memory]) -> None:
    mem = make_memory()
    key = create_key(mem.store, "bot", "u1")[0]
    with uvicorn_thread(create_app(mem, run_worker=False)) as base, httpx.Client(timeout=60) as http:
        resp = http.post(f"{base}/v1/agents/bot/actors/u1/sessions/s1/events", json={"messages": [{"role": "user"}]},
                         headers={"Authorization": f"Bearer {key}"})
    assert resp.status_code == 422, resp.text
    assert resp.json()["error"]["field"] == "messages[0].content", resp.text
    assert mem.events(S) == []
