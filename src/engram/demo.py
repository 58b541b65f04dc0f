"""``engram demo``: engram's main job end to end on the embedded default, offline, in a few seconds.

A support agent talks with a customer over three sessions. Facts and preferences are extracted at each
turn's end, a changed fact supersedes the old one, a later session recalls what matters, and another
customer sees none of it.
"""

from __future__ import annotations

import argparse
import tempfile
from pathlib import Path
from typing import Any

from .errors import ValidationError
from .types import Scope

CONFIG: dict[str, Any] = {"harness": {
    "memory": {
        "enabled": True,
        "scope": {"read": ["session", "actor", "agent"], "write": ["session", "actor", "agent"]},
        "strategies": [{"type": "SEMANTIC"}, {"type": "USER_PREFERENCE"}, {"type": "SUMMARIZATION"}],
    },
    "history": {"index": "messages_and_tools"},
}}

SESSIONS = [
    ("visit-1", ["Hi! I live in Lisbon and I work as a nurse.",
                    "Please don't call me before 9am, I prefer email.",
                    "Also, I'm allergic to peanuts."]),
    ("visit-2", ["Quick update: I moved to Porto last week.",
                    "My daughter Ana starts school in January."]),
    ("visit-3", ["Where do I live now, and how should you contact me?"]),
]


def _say(text: str = "") -> None:
    print(text, flush=True)


def run(db: str, *, agent_id: str = "support-bot", actor: str = "cust-42") -> int:
    """Play the scripted sessions through the agent harness and print what memory did."""
    from .engine import Memory
    from .harness.agent import Agent

    mem = Memory.open(db, config=CONFIG)
    agent = Agent(mem)
    _say(f"engram demo on {db} (embedder {mem.embedder.model_id}, model: offline)\n")
    for session, lines in SESSIONS:
        scope = Scope(agent=agent_id, actor=actor, session=session)
        _say(f"== session {session} ==")
        for line in lines:
            reply = agent.invoke(scope, [{"role": "user", "content": line}])
            _say(f"  user:  {line}")
            _say(f"  agent: {reply.text.splitlines()[0] if reply.text else ''}")
            for hit in reply.recalled[:3]:
                if hit.record is not None:
                    _say(f"         recalled {hit.score:.2f}  {hit.record.summary}")
        live = mem.list(scope, limit=20)
        _say(f"  long-term memory now holds {len(live)} active records:")
        for rec in live:
            _say(f"    [{rec.level}] {rec.namespace:<30} {rec.summary}")
        _say()
    scope = Scope(agent=agent_id, actor=actor, session=SESSIONS[-1][0])
    old = mem.list(scope, status="superseded", limit=20)
    if old:
        _say("superseded (kept in history, never recalled):")
        for rec in old:
            chain = " -> ".join(r.summary for r in mem.chain(scope, rec.id))
            _say(f"    {chain}")
    _say("\nrecall('how should we contact the customer'):")
    for hit in mem.recall(scope, "how should we contact the customer", limit=3):
        if hit.record is not None:
            p = hit.parts
            _say(f"    {hit.score:.2f} (lexical {p.lexical or 0:.2f}, vector {p.vector or 0:.2f})  "
                 f"{hit.record.summary}")
    other = Scope(agent=agent_id, actor="cust-7", session="visit-1")
    leaked = mem.recall(other, "where does the customer live", limit=10)
    _say(f"\nanother customer (cust-7) recalls {len(leaked)} records about cust-42: isolation holds.")
    mem.close()
    return 0


def _sqlite_path(db: str) -> Path | None:
    """The file of a ``sqlite:///path`` URL (None for anything else, ``:memory:`` included)."""
    if not db.startswith("sqlite:///") or db.endswith(":memory:"):
        return None
    return Path(db.removeprefix("sqlite:///"))


def start(args: argparse.Namespace) -> int:
    """``engram demo``: on a fresh database each run (a new temporary file unless ``--db``), so a rerun prints
    the same story; ``--reset`` deletes a given SQLite file first. A given database that already holds the
    demo's memory is refused rather than played again on top of it (garbled output)."""
    if args.db is None:
        db = f"sqlite:///{Path(tempfile.mkdtemp(prefix='engram-demo-')) / 'demo.db'}"
    else:
        db = args.db
        path = _sqlite_path(db)
        if args.reset:
            if path is None:
                raise ValidationError("--reset deletes a SQLite file; give --db sqlite:///path", field="reset")
            for suffix in ("", "-wal", "-shm"):
                Path(f"{path}{suffix}").unlink(missing_ok=True)
        elif path is not None and path.exists() and _played(db):
            raise ValidationError(f"{path} already holds the demo's memory; rerun with --reset to start it over, "
                                  "or leave out --db for a fresh temporary database", field="db")
    return run(db)


def _played(db: str) -> bool:
    from .engine import Memory

    with Memory.open(db) as mem:
        return bool(mem.events(Scope(agent="support-bot", actor="cust-42", session=SESSIONS[0][0]), limit=1))


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--db", default=None, help="database URL (default: a fresh temporary SQLite file each run)")
    p.add_argument("--reset", action="store_true", help="delete the --db SQLite file first, to play it again")


def register(sub: Any) -> None:
    p = sub.add_parser("demo", help="run engram's main job end to end, offline")
    add_arguments(p)
    p.set_defaults(func=start)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="engram demo")
    add_arguments(parser)
    return start(parser.parse_args(argv))
