"""SUMMARIZATION summarises a session, never copies one of its lines (issue 31), with statements in play.

The offline session summary is composed (who talked, what the user said and asked, what the assistant
settled), so no record's summary is one message of the session word for word. Checked through
``engram.Memory`` on a real SQLite file and the real PostgreSQL, on sessions written here (a one-message
session is the worst case: there is only one line to copy) and, when the LoCoMo data is on this machine
(``../shared/benchdata/locomo``, or ``ENGRAM_BENCHDATA``), on LoCoMo's first conversation.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from engram import Memory
from engram.core.text import words
from engram.types import Record, Scope

T0 = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)
CONFIG: dict[str, Any] = {"harness": {"memory": {"enabled": True,
    "scope": {"read": ["session", "actor"], "write": ["session", "actor"]},
    "extraction": {"trigger": "off"},
    "strategies": [{"type": "SEMANTIC"}, {"type": "SUMMARIZATION"}]}}}
DATA = Path(os.environ.get("ENGRAM_BENCHDATA", Path(__file__).resolve().parents[2] / "shared" / "benchdata"))


def _plain(text: str) -> str:
    return " ".join(words(text))


def _copies(summary: str, messages: list[str]) -> bool:
    mine = _plain(summary)
    return any(mine == _plain(m) or mine in {_plain(s) for s in re.split(r"(?<=[.!?])\s+", m)} for m in messages)


def _summaries(mem: Memory, scope: Scope, turns: list[tuple[str, str]]) -> list[Record]:
    mem.append(scope, [{"role": r, "content": c, "at": T0 + timedelta(minutes=i)} for i, (r, c) in enumerate(turns)])
    return [r for r in mem.extract(scope) if r.namespace.startswith("/summary/")]


@pytest.mark.parametrize("turns", [
    [("user", "Where do I live now, and how should you contact me?")],
    [("user", "I went to a pottery workshop with my sister yesterday and it was so relaxing.")],
    [("user", "I coach the Tigers youth football team."), ("assistant", "That sounds fun! How old are they?"),
     ("user", "They're all under twelve. Can you suggest some warm-up drills?"),
     ("assistant", "I'll send you three drills: high knees, shuttle runs and passing pairs.")],
])
def test_a_session_summary_is_composed_not_copied(make_memory: Callable[..., Memory],
                                                   turns: list[tuple[str, str]]) -> None:
    mem = make_memory(CONFIG, clock=lambda: T0 + timedelta(hours=1))
    (rec,) = _summaries(mem, Scope(agent="bot", actor="ana", session="s1"), turns)
    assert rec.summary.startswith("Session of 2026-03-02:"), rec.summary
    assert not _copies(rec.summary, [c for _, c in turns]), rec.summary


def test_the_summary_says_who_asked_and_what_was_decided(make_memory: Callable[..., Memory]) -> None:
    mem = make_memory(CONFIG, clock=lambda: T0 + timedelta(hours=1))
    (rec,) = _summaries(mem, Scope(agent="bot", actor="ana", session="s1"), [
        ("user", "I coach the Tigers youth football team."),
        ("user", "Can you suggest some warm-up drills?"),
        ("assistant", "I'll send you three drills on Friday.")])
    assert "the user said: coaches the Tigers youth football team" in rec.summary, rec.summary
    assert "asked about" in rec.summary and "warm-up drills" in rec.summary, rec.summary
    assert "the assistant said: I'll send you three drills" in rec.summary, rec.summary


def test_a_name_that_opens_a_stated_fact_keeps_its_capital(make_memory: Callable[..., Memory]) -> None:
    """The summary writes each stated fact in lower case after "the user said:", but a name stays a name: one in
    its own script ("Bríd"), or one the session also writes with a capital inside a sentence ("my son Noah")."""
    mem = make_memory(CONFIG, clock=lambda: T0 + timedelta(hours=1))
    (rec,) = _summaries(mem, Scope(agent="bot", actor="ana", session="s1"), [
        ("user", "Bríd has me on porridge already ha"),
        ("user", "My son Noah is seven."),
        ("user", "Noah starts at Riverside Primary in September.")])
    assert "Bríd" in rec.summary and "bríd" not in rec.summary, rec.summary
    assert "noah" not in rec.summary, rec.summary
    assert "has a son named Noah" in rec.summary, rec.summary  # a fact opening with a verb reads as one sentence


def test_a_statement_before_a_question_in_one_line_is_said_and_the_question_asked(
        make_memory: Callable[..., Memory]) -> None:
    """"I coach the under-12s every Tuesday, any drills for wet weather?" states a fact, then asks: the summary
    says both, not the whole line as the topic of a question."""
    mem = make_memory(CONFIG, clock=lambda: T0 + timedelta(hours=1))
    (rec,) = _summaries(mem, Scope(agent="bot", actor="ana", session="s1"), [
        ("user", "Also I coach the under-12 hurlers in Moycullen every Tuesday evening, any drills for the wet "
                 "weather?"),
        ("assistant", "Keep them moving with short passing grids.")])
    assert "the user said: coaches under-12 hurlers in Moycullen every Tuesday" in rec.summary, rec.summary
    assert "asked about any drills for the wet weather" in rec.summary, rec.summary
    assert "I coach" not in rec.summary, rec.summary


def test_no_locomo_session_summary_copies_a_message(tmp_path: Path) -> None:
    path = DATA / "locomo" / "locomo10.json"
    if not path.exists():
        pytest.skip(f"LoCoMo is not on this machine ({path})")
    conv = json.loads(path.read_text(encoding="utf-8"))[0]["conversation"]
    me = conv["speaker_a"]
    mem = Memory.open(f"sqlite:///{tmp_path / 'locomo.db'}", config=CONFIG, embedder="hashing",
                      clock=lambda: T0 + timedelta(days=400))
    try:
        checked = 0
        for n in range(1, 6):
            turns = [("user" if t["speaker"] == me else "assistant", t["text"]) for t in conv[f"session_{n}"]]
            for rec in _summaries(mem, Scope(agent="bench", actor="caroline", session=f"s{n}"), turns):
                assert not _copies(rec.summary, [c for _, c in turns]), rec.summary
                checked += 1
        assert checked == 5
    finally:
        mem.close()
