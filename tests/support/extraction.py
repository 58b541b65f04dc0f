"""Helpers for the extraction tests: events, a tiny in-memory record set, plan() with defaults, a scripted model."""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime, timedelta
from typing import Any

from engram.config import DEFAULT_KINDS, Strategy
from engram.core.text import index_terms
from engram.models.base import Completion, Message, ToolSpec
from engram.strategies._common import REPAIR_OPENING
from engram.strategies.base import AddOp, DeleteOp, Op
from engram.strategies.pipeline import plan
from engram.types import Event, Record, Scope, ToolCall, record_text

T0 = datetime(2026, 3, 5, 10, 0, tzinfo=UTC)  # a Thursday
SCOPE = Scope(agent="bot", actor="u1", session="s1")


def events(*messages: str | tuple[str, str], start: datetime = T0, session: str = "s1",
           prefix: str = "e") -> list[Event]:
    """Events from ``"user text"`` or ``("assistant", "text")`` items, one minute apart."""
    out = []
    for i, m in enumerate(messages):
        role, text = ("user", m) if isinstance(m, str) else m
        out.append(Event(id=f"{prefix}{i}", agent="bot", actor="u1", session=session, seq=i, role=role,
                         content=text, at=start + timedelta(minutes=i)))
    return out


def tool_events(start: datetime = T0) -> list[Event]:
    """A session where a tool call fails: user asks, assistant calls, tool errors, assistant apologises."""
    return [
        Event(id="t0", agent="bot", actor="u1", session="s1", seq=0, role="user",
              content="Please book a table for two at Nopa tonight.", at=start),
        Event(id="t1", agent="bot", actor="u1", session="s1", seq=1, role="assistant", content="",
              at=start + timedelta(seconds=5),
              tool_calls=(ToolCall(id="c1", name="book_table", arguments={"venue": "Nopa"}),)),
        Event(id="t2", agent="bot", actor="u1", session="s1", seq=2, role="tool",
              content="error: no availability", at=start + timedelta(seconds=6), tool_call_id="c1"),
        Event(id="t3", agent="bot", actor="u1", session="s1", seq=3, role="assistant",
              content="Sorry, Nopa is fully booked tonight.", at=start + timedelta(seconds=7)),
    ]


@dataclass
class Store:
    """Records in a dict; ops applied as the engine applies them; lexical neighbours per namespace."""

    records: dict[str, Record] = field(default_factory=dict)
    lookups: list[tuple[str, str, int]] = field(default_factory=list)
    n: int = 0

    def neighbors(self, namespace: str, text: str, k: int) -> list[Record]:
        self.lookups.append((namespace, text, k))
        q = set(index_terms(text))
        scored = []
        for r in self.records.values():
            if r.namespace == namespace and r.status == "active":
                # as the engine's lookup: best first, and (by meaning, min_score 0) nothing of the namespace
                # is too far to come back when there is room
                s = len(q & set(index_terms(record_text(r.summary, r.content, r.fact_key))))
                scored.append((-s, r.id, r))
        return [r for *_, r in sorted(scored)[:k]]

    def add(self, summary: str, content: str | None, namespace: str, *, at: datetime = T0,
            fact_key: str | None = None) -> Record:
        self.n += 1
        rec = Record(id=f"r{self.n}", agent="bot", actor="u1", session=None, level="actor", namespace=namespace,
                     kind="fact", summary=summary, content=content, labels={}, status="active", preview=False,
                     created_at=at + timedelta(microseconds=self.n), updated_at=at, fact_key=fact_key)
        self.records[rec.id] = rec
        return rec

    def apply(self, ops: Sequence[Op]) -> None:
        for op in ops:
            if isinstance(op, AddOp):
                if op.replaces:
                    old = self.records[op.replaces]
                    assert old.status == "active", f"replace of a {old.status} record"
                    self.records[old.id] = replace(old, status="superseded")
                self.add(op.summary, op.content, op.namespace, fact_key=op.fact_key)
            elif isinstance(op, DeleteOp):
                old = self.records[op.record_id]
                assert old.status == "active", f"delete of a {old.status} record"
                self.records[old.id] = replace(old, status="deleted")

    def active(self, prefix: str = "/") -> list[Record]:
        return [r for r in self.records.values() if r.status == "active" and r.namespace.startswith(prefix)]


FACTS = (Strategy(type="SEMANTIC"), Strategy(type="USER_PREFERENCE"))
ALL = (*FACTS, Strategy(type="SUMMARIZATION"), Strategy(type="EPISODIC"))


def run(evs: Sequence[Event], store: Store | None = None, strategies: Sequence[Strategy] = FACTS,
        **kw: Any) -> tuple[list[Op], int]:
    """plan() with sensible defaults; applies the ops to ``store`` when one is given."""
    st = store if store is not None else Store()
    kw.setdefault("scope", SCOPE)
    ops, calls = plan(evs, strategies=strategies, model=kw.pop("model", None), neighbors=st.neighbors,
                      now=evs[-1].at if evs else T0, kinds=kw.pop("kinds", DEFAULT_KINDS), **kw)
    if store is not None:
        store.apply(ops)
    return ops, calls


def adds(ops: Sequence[Op]) -> list[AddOp]:
    return [op for op in ops if isinstance(op, AddOp)]


@dataclass
class Scripted:
    """A Model that answers from a script (texts or functions of the call) and records every call.

    A repair turn (engram telling the model why its answer was refused) gets the refused answer again, as a
    model at temperature 0 that does not heed the note would; with ``heeds`` it gets the script's next answer.
    """

    answers: list[str | dict[str, Any] | Callable[[dict[str, Any]], str | dict[str, Any]]]
    model_id: str = "scripted"
    calls: list[dict[str, Any]] = field(default_factory=list)
    heeds: bool = False
    last: str | None = None

    def complete(self, messages: Sequence[Message], *, system: str | None = None, tools: Sequence[ToolSpec] = (),
                 json_schema: dict[str, Any] | None = None, max_tokens: int = 1024,
                 temperature: float = 0.0) -> Completion:
        call = {"messages": list(messages), "system": system, "json_schema": json_schema}
        self.calls.append(call)
        if self.last is not None and not self.heeds and messages[-1].content.startswith(REPAIR_OPENING):
            return Completion(text=self.last)
        if not self.answers:
            raise AssertionError("the scripted model ran out of answers")
        answer = self.answers.pop(0)
        if callable(answer):
            answer = answer(call)
        self.last = answer if isinstance(answer, str) else json.dumps(answer)
        return Completion(text=self.last)


def play_user_sessions(mem: Any, *sessions: Sequence[str], start: datetime, actor: str = "ana") -> None:
    """Each session (user lines, each answered "I see.") appended and extracted in turn, three days apart
    from ``start``: a user telling memory things over several sessions."""
    for n, lines in enumerate(sessions):
        scope = Scope(agent="bot", actor=actor, session=f"s{n}")
        begin = start + timedelta(days=3 * n)
        turns = [m for line in lines for m in (("user", line), ("assistant", "I see."))]
        mem.append(scope, [{"role": r, "content": c, "at": begin + timedelta(minutes=i)}
                           for i, (r, c) in enumerate(turns)])
        mem.extract(scope)


def fact_summaries(mem: Any, actor: str = "ana") -> list[str]:
    """The summaries of the actor's active fact records, sorted: what memory holds about them at the end."""
    return sorted(r.summary for r in mem.list(Scope(agent="bot", actor=actor, session="probe"))
                  if r.namespace.startswith("/facts/"))


def played_facts(make_memory: Callable[..., Any], config: dict[str, Any], *sessions: Sequence[str],
                 start: datetime) -> list[str]:
    """The fact summaries memory holds after ``sessions`` (user lines) are played and extracted one by one, on
    the hashing embedder, read a month after ``start``."""
    mem = make_memory(config, clock=lambda: start + timedelta(days=30), embedder="hashing")
    play_user_sessions(mem, *sessions, start=start, actor="u1")
    return fact_summaries(mem, "u1")
