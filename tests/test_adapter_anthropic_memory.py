"""Claude's memory tool (``memory_20250818``) over engram: the ``anthropic`` SDK's own tool runner
(``client.beta.messages.tool_runner``) with ``EngramMemoryTool``, against a local Anthropic-wire server
that plays Claude's tool calls; then every command's semantics, versions, turns and errors through
``MemoryFiles``. On SQLite and PostgreSQL."""

from __future__ import annotations

from typing import Any

import pytest

pytest.importorskip("anthropic")

from anthropic import Anthropic

from engram import ConflictError, Memory, NotFound, Scope, ValidationError
from engram.adapters.anthropic_memory import EngramMemoryTool
from engram.adapters.memory_files import MemoryFiles
from tests.support.wire import FakeServer, anthropic_message, serve

ADA = Scope("assistant", "ada", "s-1")
BOB = Scope("assistant", "bob", "s-1")


def claude(server: FakeServer, tool: EngramMemoryTool, prompt: str) -> Any:
    client = Anthropic(base_url=server.url, api_key="test-key", max_retries=0)
    runner = client.beta.messages.tool_runner(model="claude-test", max_tokens=512, tools=[tool],
                                              messages=[{"role": "user", "content": prompt}])
    return runner.until_done()


def results(server: FakeServer, i: int) -> list[dict[str, Any]]:
    """The tool_result blocks request ``i`` carried back to the model."""
    last = server.requests[i].json["messages"][-1]
    return [b for b in last["content"] if isinstance(b, dict) and b.get("type") == "tool_result"]


def text_of(block: dict[str, Any]) -> str:
    content = block["content"]
    return content if isinstance(content, str) else "".join(c.get("text", "") for c in content)


def test_claude_writes_and_later_reads_its_memory_files_in_engram(mem: Memory) -> None:
    create = {"command": "create", "path": "/memories/diet.md", "file_text": "Ada is vegetarian\n"}
    with serve(anthropic_message(None, tool_uses=[("tu1", "memory", create)], stop_reason="tool_use"),
               anthropic_message("Saved.")) as server:
        final = claude(server, EngramMemoryTool(mem, ADA), "Remember that I am vegetarian.")
    assert final.content[0].text == "Saved."
    assert server.requests[0].json["tools"] == [{"type": "memory_20250818", "name": "memory"}]
    assert text_of(results(server, 1)[0]) == "File created successfully at: /memories/diet.md"
    [rec] = mem.list(ADA)
    assert (rec.summary, rec.content, rec.level) == ("/memories/diet.md", "Ada is vegetarian\n", "actor")

    # a later conversation: Claude views the directory, then the file; the file reaching it is a RETRIEVED use
    with serve(anthropic_message(None, tool_uses=[("tu1", "memory", {"command": "view", "path": "/memories"})],
                                 stop_reason="tool_use"),
               anthropic_message(None, tool_uses=[("tu2", "memory", {"command": "view", "path": "/memories/diet.md"})],
                                 stop_reason="tool_use"),
               anthropic_message("You are vegetarian.")) as server:
        claude(server, EngramMemoryTool(mem, ADA), "What do I eat?")
    assert "/memories/diet.md" in text_of(results(server, 1)[0])
    assert "     1\tAda is vegetarian" in text_of(results(server, 2)[0])
    assert [u.score for u in mem.uses(ADA, rec.id)] == [1.0]

    # Bob's Claude, same path: nothing there, and the error goes back to the model as a tool error
    with serve(anthropic_message(None, tool_uses=[("tu1", "memory", {"command": "view", "path": "/memories/diet.md"})],
                                 stop_reason="tool_use"),
               anthropic_message("I know nothing about you.")) as server:
        claude(server, EngramMemoryTool(mem, BOB), "What do I eat?")
    [err] = results(server, 1)
    assert err["is_error"] is True and "NotFound" in text_of(err) and "vegetarian" not in text_of(err)


def test_edits_are_versions_and_commands_behave_like_the_reference_tool(mem: Memory) -> None:
    files = MemoryFiles(mem, ADA)
    files.create("/memories/notes/todo.md", "buy milk\ncall mum\n")
    out = files.str_replace("/memories/notes/todo.md", "call mum", "call mum at 6")
    assert "call mum at 6" in out
    assert files.insert("/memories/notes/todo.md", 0, "TODO") == "The file /memories/notes/todo.md has been edited."
    assert files.view("/memories/notes/todo.md", [1, 2]).endswith("     1\tTODO\n     2\tbuy milk")
    [rec] = mem.list(ADA)
    assert [r.content for r in mem.chain(ADA, rec.id)] == [
        "buy milk\ncall mum\n", "buy milk\ncall mum at 6\n", "TODO\nbuy milk\ncall mum at 6\n"]
    files.create("/memories/notes/old/a.md", "a")
    files.create("/memories/top.md", "top")
    listing = files.view("/memories")
    assert "/memories/notes/" in listing and "/memories/notes/todo.md" in listing and "/memories/top.md" in listing
    assert "/memories/notes/old/a.md" not in listing  # two levels deep, like the reference tool
    files.rename("/memories/notes", "/memories/archive")
    assert files.view("/memories/archive/old/a.md").endswith("\ta")
    moved = next(r for r in mem.list(ADA) if r.summary == "/memories/archive/todo.md")
    assert mem.chain(ADA, moved.id)[0].summary == "/memories/notes/todo.md"  # the move is a version
    files.delete("/memories/archive")
    assert [r.summary for r in mem.list(ADA)] == ["/memories/top.md"]
    assert mem.get(ADA, moved.id).status == "deleted"
    assert files.create("/memories/with space/ü.md", "x").endswith("/memories/with space/ü.md")
    assert files.view("/memories/with space/ü.md").endswith("\tx")


def test_errors_are_typed_and_change_nothing(mem: Memory) -> None:
    files = MemoryFiles(mem, ADA)
    files.create("/memories/a.md", "one\none\n")
    before = [(r.id, r.content) for r in mem.list(ADA)]
    with pytest.raises(ConflictError):
        files.create("/memories/a.md", "again")
    with pytest.raises(ConflictError):
        files.create("/memories/a.md/b.md", "a file is not a directory")
    with pytest.raises(ValidationError, match="Multiple occurrences"):
        files.str_replace("/memories/a.md", "one", "two")
    with pytest.raises(ValidationError, match="did not appear"):
        files.str_replace("/memories/a.md", "three", "two")
    with pytest.raises(ValidationError):
        files.insert("/memories/a.md", 9, "x")
    for escape in ("/etc/passwd", "/memories/../x", "/memories/./x", "memories/a.md"):
        with pytest.raises(ValidationError):
            files.view(escape)
    with pytest.raises(NotFound):
        files.delete("/memories/missing.md")
    with pytest.raises(ValidationError):
        files.delete("/memories")
    with pytest.raises(ValidationError):
        files.create("/memories/nul.md", "bad \x00")
    with pytest.raises(ValidationError):
        files.rename("/memories/a.md", "/memories/a.md/inside")
    assert [(r.id, r.content) for r in mem.list(ADA)] == before
    assert MemoryFiles(mem, BOB).view("/memories").count("\n") == 1  # Bob's tree is empty: the root line only
