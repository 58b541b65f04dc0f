"""The offline responder (the keyless default model) and ``engram chat``."""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import os
import subprocess
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

import pytest

from engram import Memory, Scope
from engram.harness import memory_block as mb
from engram.harness.agent import Agent
from engram.harness.cli import register, run_chat
from engram.models.base import Message, ToolSpec
from engram.models.responder import OfflineResponder
from tests.support.configs import MEMORY_ON
from tests.support.wire import Recorded, Reply, openai_chat, serve

SEARCH = ToolSpec("search_memory", "", {"type": "object"})
HISTORY = ToolSpec("search_history", "", {"type": "object"})
ADD = ToolSpec("add_memory", "", {"type": "object"})
ROOT = Path(__file__).resolve().parents[1]


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
    path.write_text(json.dumps({"harness": {"memory": {**MEMORY_ON, "embedder": "hashing"},
                                            "history": {"index": "messages"}}}))
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


# -- a failed chat turn: a real `engram chat` process, its model a loopback OpenAI-wire server ----------------------
CHAT_BASE: dict[str, Any] = {"harness": {"memory": {"enabled": True, "embedder": "hashing",
                                                    "extraction": {"trigger": "off"},
                                                    "tools": ["add_memory", "read_memory", "delete_memory"]},
                                         "history": {"index": "none"}}}  # nothing written in the background


def labelled(*names: str) -> dict[str, Any]:
    """:data:`CHAT_BASE` declaring these labels (a configuration unlike it and unlike other label sets)."""
    doc = json.loads(json.dumps(CHAT_BASE))
    doc["harness"]["memory"]["labels"] = {n: {"number": i + 1, "description": f"Tag {n}."}
                                          for i, n in enumerate(names)}
    return doc


@contextlib.contextmanager
def store_digest(db_url: str) -> Iterator[Callable[[], str]]:
    """A digest of every row of the store (a SQLite file, or a PostgreSQL schema)."""
    if db_url.startswith("sqlite"):
        from tests.support.mutations import fingerprint

        yield lambda: fingerprint(db_url.removeprefix("sqlite:///"))
        return
    from tests.support.pg import schema_digest

    digest, close, _ = schema_digest(db_url)
    try:
        yield digest
    finally:
        close()


def state_of(request: Recorded) -> Any:
    """The session state a model call was shown (the system prompt's state block)."""
    system = request.json["messages"][0]["content"]
    return json.loads(system[system.index("<state>\n") + 8:system.index("\n</state>")])


class Chat:
    """``engram chat --json`` as a real subprocess, its model ``openai:m`` at ``base_url``: say a line, read the
    reply (stdout) or the error (stderr) it prints."""

    def __init__(self, db_url: str, config: Path, base_url: str, cwd: Path) -> None:
        env = {**os.environ, "PYTHONPATH": str(ROOT / "src"), "OPENAI_BASE_URL": base_url,
               "OPENAI_API_KEY": "sk-local-test", "HF_HUB_OFFLINE": "1"}
        self.proc = subprocess.Popen([sys.executable, "-m", "engram", "chat", "--db", db_url, "--config",
                                      str(config), "--model", "openai:m", "--json", "--actor", "alice",
                                      "--session", "s1"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.PIPE, text=True, cwd=cwd, env=env)

    def say(self, text: str) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.write(text + "\n")
        self.proc.stdin.flush()

    def reply(self, text: str) -> dict[str, Any]:
        self.say(text)
        assert self.proc.stdout is not None
        line = self.proc.stdout.readline()
        assert line, self.proc.stderr.read() if self.proc.stderr else "no reply"
        return dict(json.loads(line))

    def error(self, text: str) -> dict[str, Any]:
        self.say(text)
        assert self.proc.stderr is not None
        return dict(json.loads(self.proc.stderr.readline())["error"])

    def end(self) -> int:
        assert self.proc.stdin is not None
        self.proc.stdin.close()
        return self.proc.wait(timeout=120)

    def kill(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()


def calls(plan: Sequence[tuple[str, dict[str, Any]]]) -> dict[str, Any]:
    return openai_chat(None, tool_calls=[(f"c{i}", name, json.dumps(args)) for i, (name, args) in enumerate(plan)],
                       finish_reason="tool_calls")


def said_last(request: Recorded) -> str:
    return str([m["content"] for m in request.json["messages"] if m["role"] == "user"][-1])


def test_a_failed_chat_turn_stores_nothing_and_leaves_the_configuration(db_url: str, tmp_path: Path) -> None:
    """On a real SQLite file or PostgreSQL schema. The chat's ``--config`` (a change from the stored one) is
    stored by its first turn, which also sets the session state; another process then stores a newer
    configuration. The next turn's model calls ``add_memory`` and ``update_state``, then fails: the chat says so
    on stderr, and every row of the store is as it was before that turn (no event, record, use, job or
    configuration version of it). The turn after it runs under the configuration stored before the failed turn
    (a label only that version declares is taken), with the session state of the turn before it. The chat exits
    2, as a chat with a failed turn does."""
    plans = {"remember tea": [("add_memory", {"summary": "Likes tea", "labels": {"tag1": "a"}}),
                              ("update_state", {"patch": {"mood": "calm"}})],
             "break": [("add_memory", {"summary": "Likes coffee"}), ("update_state", {"patch": {"mood": "angry"}})],
             "and now": [("add_memory", {"summary": "Likes jam", "labels": {"tag2": "b"}})]}
    shown: dict[str, Any] = {}

    def model(req: Recorded) -> Reply | dict[str, Any]:
        said = said_last(req)
        shown.setdefault(said, state_of(req))
        if req.json["messages"][-1]["role"] != "tool":
            return calls(plans[said])
        if said == "break":
            return Reply(status=400, body={"error": {"message": "the model fell over"}})
        return openai_chat(f"done: {said}")

    config = tmp_path / "chat.json"
    config.write_text(json.dumps(labelled("tag1")))
    scope = Scope("assistant", "alice", "s1")
    with Memory.open(db_url, config=CHAT_BASE) as mem, store_digest(db_url) as digest, serve(handler=model) as srv:
        v0 = mem.config_version()
        chat = Chat(db_url, config, f"{srv.url}/v1", tmp_path)
        try:
            first = chat.reply("remember tea")
            assert first["text"] == "done: remember tea" and first["state"] == {"mood": "calm"}
            [v1] = [v for v, _, _ in mem.config_history()][1:]  # the chat's --config, stored by its first turn
            v2 = mem.set_config(labelled("tag1", "tag2"))  # another process changes the configuration
            time.sleep(1.2)  # past the chat process's configuration cache (agent_configs.TTL_SECONDS)
            before = digest()
            error = chat.error("break")
            assert error["type"] == "ProviderHTTPError" and "fell over" in error["message"]  # a ModelError
            assert digest() == before  # the failed turn stored nothing
            last = chat.reply("and now")
            assert chat.end() == 2
        finally:
            chat.kill()
        assert last["text"] == "done: and now"
        assert shown["and now"] == {"mood": "calm"} and last["state"] == {"mood": "calm"}
        assert [v for v, _, _ in mem.config_history()] == [v0, v1, v2]
        records = {r.summary: r.provenance.config_version for r in mem.list(scope)}
        assert records == {"Likes tea": v1, "Likes jam": v2}  # tag2 is declared by v2 alone: the turn ran under it
        assert [e.content for e in mem.events(scope) if e.role == "user"] == ["remember tea", "and now"]
        assert "angry" not in json.dumps([e.metadata for e in mem.events(scope)])


def test_a_chat_turn_that_fails_as_it_commits_stores_neither_it_nor_the_chats_configuration(
        db_url: str, tmp_path: Path) -> None:
    """The chat's first turn would store its ``--config`` in the transaction that commits it; here that commit
    fails for real (the record the turn replaces is deleted by another process while the turn runs: a
    ConflictError inside the transaction). Nothing of the turn is stored, the configuration included, and no
    stale version stays in force in the chat: the next turn runs under the chat's configuration, stores it then
    (its record names that version) and sees the session state from before the failed turn."""
    scope = Scope("assistant", "alice", "s1")
    shown: dict[str, Any] = {}
    after_delete: list[str] = []

    with Memory.open(db_url, config=CHAT_BASE) as mem, store_digest(db_url) as digest:
        old = mem.remember(scope, "Likes black tea")

        def model(req: Recorded) -> dict[str, Any]:
            said = said_last(req)
            shown.setdefault(said, state_of(req))
            if req.json["messages"][-1]["role"] != "tool":
                if said == "switch to green":
                    return calls([("add_memory", {"summary": "Likes green tea", "replaces": old.id,
                                                  "labels": {"tag1": "a"}}),
                                  ("update_state", {"patch": {"mood": "angry"}})])
                return calls([("add_memory", {"summary": "Likes jam", "labels": {"tag1": "b"}})])
            if said == "switch to green":  # meanwhile, another process deletes the record being replaced
                mem.forget(scope, old.id)
                after_delete.append(digest())
            return openai_chat(f"done: {said}")

        config = tmp_path / "chat.json"
        config.write_text(json.dumps(labelled("tag1")))
        v0 = mem.config_version()
        with serve(handler=model) as srv:
            chat = Chat(db_url, config, f"{srv.url}/v1", tmp_path)
            try:
                error = chat.error("switch to green")
                assert error["type"] == "ConflictError" and error["field"] == "replaces", error
                assert digest() == after_delete[0]  # nothing of the turn, nor the configuration it would store
                assert [v for v, _, _ in mem.config_history()] == [v0]
                last = chat.reply("and now")
                assert chat.end() == 2
            finally:
                chat.kill()
        assert last["text"] == "done: and now" and shown["and now"] == {} and last["state"] == {}
        [(v0_, _, _), (v1, _, doc)] = mem.config_history()
        assert v0_ == v0 and "tag1" in json.dumps(doc)  # the chat's configuration, stored by the turn that committed
        assert {r.summary: r.provenance.config_version for r in mem.list(scope, status=("active", "deleted"))} == \
            {"Likes black tea": v0, "Likes jam": v1}
        assert [e.content for e in mem.events(scope) if e.role == "user"] == ["and now"]
