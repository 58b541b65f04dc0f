"""A kind filter names only kinds the agent's configuration declares (``harness.memory.kinds``): a kind no record
can have (a typo) is a :class:`ValidationError` naming ``kind`` (``kind[i]`` in a list) and the configured kinds,
never an empty answer, on every face that filters by kind: ``Memory.recall`` and ``Memory.list``, the CLI
(``engram recall|list --kind``), HTTP ``/v1`` (recall, records listing) and MCP ``search_memory``. Each agent's own
kinds decide. Real SQLite files and PostgreSQL; the HTTP and MCP servers on 127.0.0.1."""

from __future__ import annotations

import contextlib
import io
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
import pytest

from engram import Memory, Scope
from engram.errors import ValidationError
from tests.support.configs import WIDE
from tests.support.store_digest import store_digest

S1 = Scope("bot", "u1", "s1")
NOTES = Scope("notes-bot", "u1", "s1")  # an agent with kinds of its own
NOTE_KINDS = ("note", "task")
DEFAULT_KINDS = ("guidance", "fact", "event", "reference")


def _seed(mem: Memory) -> tuple[str, str]:
    """A guidance record of bot's actor u1 and a note of notes-bot's; their ids."""
    mem.configure("notes-bot", {"harness": {"memory": {"kinds": list(NOTE_KINDS)}}}, update=True)
    tea = mem.remember(S1, "Prefers green tea in the afternoon", kind="guidance", scope="actor")
    note = mem.remember(NOTES, "Green tea order is due on Friday", kind="note", scope="actor")
    return tea.id, note.id


def _refused(call: Callable[[], object], field: str, kinds: tuple[str, ...]) -> ValidationError:
    with pytest.raises(ValidationError) as err:
        call()
    assert err.value.field == field
    assert "harness.memory.kinds" in err.value.message and ", ".join(kinds) in err.value.message
    return err.value


def test_recall_and_list_refuse_a_kind_that_is_not_configured(make_memory: Callable[..., Memory]) -> None:
    mem = make_memory(WIDE)
    tea, note = _seed(mem)
    _refused(lambda: mem.recall(S1, "green tea", kind="typo"), "kind", DEFAULT_KINDS)
    _refused(lambda: mem.recall(S1, "green tea", kind=["guidance", "typo"]), "kind[1]", DEFAULT_KINDS)
    _refused(lambda: mem.list(S1, kind="typo"), "kind", DEFAULT_KINDS)
    _refused(lambda: mem.list(S1, kind=["typo"], status=["active", "deleted"]), "kind[0]", DEFAULT_KINDS)
    # the agent's own kinds decide: bot's kinds are no kinds of notes-bot's, and the other way round
    _refused(lambda: mem.recall(NOTES, "green tea", kind="guidance"), "kind", NOTE_KINDS)
    _refused(lambda: mem.list(NOTES, kind=["note", "fact"]), "kind[1]", NOTE_KINDS)
    _refused(lambda: mem.recall(S1, "green tea", kind="note"), "kind", DEFAULT_KINDS)
    # the shape is checked first, as before: a kind too long names its rule, not the configured kinds
    with pytest.raises(ValidationError, match="1-64 characters"):
        mem.recall(S1, "green tea", kind="k" * 65)
    # configured kinds still filter, matching or not
    assert [h.record.id for h in mem.recall(S1, "green tea", kind="guidance", min_score=0.0) if h.record] == [tea]
    assert mem.recall(S1, "green tea", kind="fact") == []
    assert [r.id for r in mem.list(S1, kind=["guidance", "fact"])] == [tea]
    assert [r.id for r in mem.list(NOTES, kind="note")] == [note]
    assert [h.record.id for h in mem.recall(NOTES, "green tea", kind=["task", "note"], min_score=0.0)
            if h.record] == [note]


def test_a_view_checks_the_kinds_of_the_configuration_it_pins(make_memory: Callable[..., Memory]) -> None:
    mem = make_memory(WIDE)
    _seed(mem)
    view = mem.with_config(mem.config_for("notes-bot"))
    _refused(lambda: view.recall(S1, "green tea", kind="guidance"), "kind", NOTE_KINDS)


def _cli(*args: str) -> tuple[int, str, str]:
    """``engram`` in process: (exit code, stdout, stderr)."""
    from engram.cli import main

    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(list(args))
    return code, out.getvalue(), err.getvalue()


def test_cli_recall_and_list_refuse_an_unknown_kind(db_url: str, tmp_path: Path) -> None:
    cfg = tmp_path / "config.json"
    cfg.write_text(json.dumps({"harness": {"memory": {**WIDE["harness"]["memory"], "embedder": "hashing"}}}))
    common = ["--db", db_url, "--config", str(cfg), "--agent", "bot", "--actor", "u1", "--session", "s1"]
    code, out, err = _cli("remember", *common, "Prefers green tea", "--kind", "guidance", "--level", "actor")
    assert code == 0, err
    with store_digest(db_url) as digest:
        before = digest()
        for argv, field in ((["recall", *common, "green tea", "--kind", "typo"], "kind"),
                            (["recall", *common, "green tea", "--kind", "guidance", "--kind", "typo"], "kind[1]"),
                            (["list", *common, "--kind", "typo"], "kind")):
            code, out, err = _cli(*argv)
            assert (code, out) == (2, ""), (argv, out, err)
            error = json.loads(err)["error"]
            assert error["type"] == "ValidationError" and error["field"] == field, error
            assert ", ".join(DEFAULT_KINDS) in error["message"]
        assert digest() == before
    code, out, err = _cli("recall", *common, "green tea", "--kind", "guidance", "--min-score", "0")
    assert code == 0 and "Prefers green tea" in out, err


def test_http_recall_and_listing_refuse_an_unknown_kind(make_memory: Callable[..., Memory], db_url: str) -> None:
    pytest.importorskip("fastapi")
    from engram.http import create_app
    from engram.keys import create_key
    from tests.support.servers import uvicorn_thread

    mem = make_memory(WIDE, embed_history="inline")
    tea, note = _seed(mem)
    key = create_key(mem.store, "bot")[0]
    notes_key = create_key(mem.store, "notes-bot")[0]
    session = "/v1/agents/{}/actors/u1/sessions/s1"
    cases: list[tuple[str, str, str, dict[str, Any], Callable[[], object]]] = [
        (key, "POST", "/recall", {"json": {"query": "green tea", "kind": "typo"}},
         lambda: mem.recall(S1, "green tea", kind="typo")),
        (key, "POST", "/recall", {"json": {"query": "green tea", "kind": ["guidance", "typo"]}},
         lambda: mem.recall(S1, "green tea", kind=["guidance", "typo"])),
        (key, "GET", "/records", {"params": [("kind", "guidance"), ("kind", "typo")]},
         lambda: mem.list(S1, kind=["guidance", "typo"])),
        (notes_key, "POST", "/recall", {"json": {"query": "green tea", "kind": "guidance"}},
         lambda: mem.recall(NOTES, "green tea", kind="guidance")),
        (notes_key, "GET", "/records", {"params": {"kind": "fact"}}, lambda: mem.list(NOTES, kind=["fact"])),
    ]
    with uvicorn_thread(create_app(mem, run_worker=False)) as base, httpx.Client(timeout=60) as http, \
            store_digest(db_url) as digest:
        before = digest()
        for k, method, path, kw, engine in cases:
            agent = "bot" if k == key else "notes-bot"
            with pytest.raises(ValidationError) as err:
                engine()
            resp = http.request(method, base + session.format(agent) + path,
                                headers={"Authorization": f"Bearer {k}"}, **kw)
            assert resp.status_code == 422, (path, kw, resp.text)
            assert resp.json() == {"error": {"type": "ValidationError", "message": err.value.message,
                                             "field": err.value.field}}, (path, kw)
        assert digest() == before
        ok = http.post(base + session.format("bot") + "/recall", headers={"Authorization": f"Bearer {key}"},
                       json={"query": "green tea", "kind": "guidance", "min_score": 0.0})
        assert ok.status_code == 200 and [h["record"]["id"] for h in ok.json()["hits"]] == [tea], ok.text
        ok = http.get(base + session.format("notes-bot") + "/records", headers={"Authorization": f"Bearer {notes_key}"},
                      params={"kind": "note"})
        assert ok.status_code == 200 and [r["id"] for r in ok.json()["records"]] == [note], ok.text


@pytest.mark.anyio
async def test_mcp_search_refuses_an_unknown_kind(make_memory: Callable[..., Memory], db_url: str) -> None:
    pytest.importorskip("mcp")
    from mcp.client.session import ClientSession
    from mcp.client.streamable_http import streamable_http_client
    from mcp_types import TextContent

    from engram.mcp import build_server
    from tests.support.servers import uvicorn_thread

    mem = make_memory(WIDE)
    _seed(mem)
    with uvicorn_thread(build_server(mem, S1).streamable_http_app(host="127.0.0.1")) as base, \
            store_digest(db_url) as digest:
        async with streamable_http_client(base + "/mcp") as (read, write), ClientSession(read, write) as session:
            await session.initialize()
            before = digest()
            for args in ({"query": "green tea", "kind": "typo"}, {"kind": "typo"}):
                result = await session.call_tool("search_memory", args)
                text = "".join(c.text for c in result.content if isinstance(c, TextContent))
                assert result.is_error and text.startswith("ValidationError: kind: "), (args, text)
            assert digest() == before
            found = await session.call_tool("search_memory", {"query": "green tea", "kind": "guidance"})
            assert not found.is_error
