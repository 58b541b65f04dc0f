"""The offline responder (the keyless default model) and ``engram chat``."""

from __future__ import annotations

import argparse
import io
import json
from collections.abc import Callable
from typing import Any

import pytest

from engram import Memory, Scope
from engram.harness import memory_block as mb
from engram.harness.agent import Agent
from engram.harness.cli import register, run_chat
from engram.models.base import Message, ToolSpec
from engram.models.responder import OfflineResponder

SEARCH = ToolSpec("search_memory", "", {"type": "object"})
HISTORY = ToolSpec("search_history", "", {"type": "object"})
ADD = ToolSpec("add_memory", "", {"type": "object"})


def block(*summaries: str) -> str:
    return "\n".join([mb.OPEN, *(mb.json_line({"id": f"r_{i}", "score": 0.5, "summary": s})
                                 for i, s in enumerate(summaries)), mb.CLOSE])


def test_responder_quotes_matching_records_and_history() -> None:
    r = OfflineResponder()
    msgs = [Message("user", "My cat is called Felix"), Message("assistant", "ok"),
            Message("user", "What is my cat called?")]
    out = r.complete(msgs, system=block("Alice's cat is named Felix", "Alice lives in Lyon"), tools=[SEARCH])
    assert out.tool_calls == ()
    assert out.text.splitlines() == ["From memory:", "- Alice's cat is named Felix [r_0]",
                                     "From earlier in this session:", '- you said: "My cat is called Felix"']
    assert out.usage.input_tokens > 0 and out.usage.output_tokens > 0
    assert r.complete(msgs, system=block("Alice's cat is named Felix"), tools=[SEARCH]).text == \
        r.complete(msgs, system=block("Alice's cat is named Felix"), tools=[SEARCH]).text


def test_responder_searches_once_then_says_nothing_was_found() -> None:
    r = OfflineResponder()
    q = [Message("user", "Where do I live?")]
    first = r.complete(q, system=block(), tools=[SEARCH, HISTORY])
    assert [c.name for c in first.tool_calls] == ["search_memory", "search_history"]
    results = [Message("assistant", "", tool_calls=first.tool_calls),
               Message("tool", json.dumps({"results": []}), tool_call_id=first.tool_calls[0].id,
                       name="search_memory"),
               Message("tool", json.dumps({"results": []}), tool_call_id=first.tool_calls[1].id,
                       name="search_history")]
    assert r.complete(q + results, system=block(), tools=[SEARCH]).text == \
        'I found nothing in memory about "Where do I live?".'
    assert r.complete(q, tools=[]).text.startswith("I found nothing")
    found = [Message("tool", json.dumps({"results": [{"id": "r_9", "summary": "Alice lives in Lyon",
                                                      "score": 0.7}]}), tool_call_id="x", name="search_memory")]
    assert "- Alice lives in Lyon [r_9]" in r.complete(q + found).text


def test_responder_remembers_on_request_and_answers_json() -> None:
    r = OfflineResponder()
    out = r.complete([Message("user", "Remember that I take the 8:15 train")], tools=[ADD])
    [call] = out.tool_calls
    assert call.name == "add_memory" and call.arguments == {"summary": "I take the 8:15 train"}
    assert r.complete([Message("user", "x")], json_schema={"type": "object"}).text == "{}"
    assert r.model_id == "offline-responder"


def _config(tmp_path: Any) -> str:
    """A config naming the fast hashing embedder, so chat tests load no model."""
    path = tmp_path / "engram.json"
    path.write_text(json.dumps({"harness": {"memory": {"embedder": "hashing"}}}))
    return str(path)


def _args(db: str, *extra: str) -> argparse.Namespace:
    parser = argparse.ArgumentParser()
    register(parser.add_subparsers(dest="command"))
    return parser.parse_args(["chat", "--db", db, "--actor", "alice", "--session", "s1", *extra])


def test_chat_shows_replies_and_what_was_recalled(tmp_path: Any) -> None:
    db = f"sqlite:///{tmp_path / 'chat.db'}"
    out, err = io.StringIO(), io.StringIO()
    lines = "remember that my locker code is 4312\n\nwhat is my locker code?\n/quit\nnever read\n"
    code = run_chat(_args(db, "--config", _config(tmp_path)), stdin=io.StringIO(lines), stdout=out, stderr=err)
    assert code == 0 and err.getvalue() == ""
    text = out.getvalue()
    assert "assistant: Noted: my locker code is 4312" in text
    assert "From memory:\n- my locker code is 4312" in text
    assert "  recalled: r_" in text and "never read" not in text
    mem = Memory.open(db)
    try:
        assert len(mem.events(Scope("assistant", "alice", "s1"))) == 6
    finally:
        mem.close()


def test_chat_json_output_and_errors(tmp_path: Any) -> None:
    db = f"sqlite:///{tmp_path / 'chat.db'}"
    out = io.StringIO()
    args = _args(db, "--json", "--config", _config(tmp_path))
    assert run_chat(args, stdin=io.StringIO("what is the weather like?\n"), stdout=out) == 0
    reply = json.loads(out.getvalue())
    assert reply["text"].startswith("I found nothing") and reply["recalled"] == [] and reply["state"] == {}
    err = io.StringIO()
    big = "x" * 1_000_001 + "\n"
    assert run_chat(_args(db), stdin=io.StringIO(big), stdout=io.StringIO(), stderr=err) == 2
    assert json.loads(err.getvalue())["error"]["type"] == "ValidationError"


def test_chat_is_an_engram_command(tmp_path: Any, monkeypatch: pytest.MonkeyPatch,
                                   capsys: pytest.CaptureFixture[str]) -> None:
    from engram.cli import main

    monkeypatch.setattr("sys.stdin", io.StringIO("what did I say?\n"))
    code = main(["chat", "--db", f"sqlite:///{tmp_path / 'c.db'}", "--actor", "a", "--session", "s",
                 "--config", _config(tmp_path)])
    assert code == 0 and "assistant: I found nothing" in capsys.readouterr().out


def test_offline_agent_demo(make_memory: Callable[..., Memory]) -> None:
    mem = make_memory()
    s = Scope("assistant", "alice", "s1")
    agent = Agent(mem)
    agent.invoke(s, [{"role": "user", "content": "Remember that Alice's dentist is Dr. Moreau"}])
    reply = agent.invoke(s, [{"role": "user", "content": "Who is my dentist?"}])
    assert "Dr. Moreau" in reply.text and reply.recalled
