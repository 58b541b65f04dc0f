"""``engram chat``: an interactive terminal chat on a session, showing what was recalled for each reply.

Each line read from stdin is one user message; the reply is printed, then the records that reached the
model (ids, scores, summaries). With no ``--model`` the offline responder answers, so it works keyless.
``/quit`` (or end of input) ends the chat. ``--json`` prints one JSON object per reply instead.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any, TextIO

from ..errors import ConfigError, EngramError
from ..terminal import printable
from ..types import Scope

OFFLINE = ("offline", "offline-responder", "none")


def register(subparsers: Any) -> None:
    """Add the ``chat`` command to the ``engram`` parser."""
    p = subparsers.add_parser("chat", help="chat with an agent whose memory is engram (shows what was recalled)")
    p.add_argument("--db", help="database URL (default: $ENGRAM_DB or sqlite:///engram.db)")
    p.add_argument("--config", help="config JSON file (stored with the memory by the chat's first turn; a change is "
                                    "a new version)")
    p.add_argument("--agent", default="assistant", help="the agent whose memory and configuration the chat uses "
                                                        "(default: assistant)")
    p.add_argument("--actor", default="me", type=lambda v: v or None,
                   help="the actor (user) the session belongs to; what engram learns about the actor follows "
                        "them into their other sessions (default: me; '' for a session of the agent alone)")
    p.add_argument("--session", required=True, help="the conversation: the same id resumes it, a new one starts "
                                                    "one that still recalls the actor's long-term records")
    p.add_argument("--model", help="provider:model, e.g. openai:gpt-4o-mini (default: the offline responder)")
    p.add_argument("--instructions", help="system instructions for the agent")
    p.add_argument("--preview", action="store_true", help="preview mode: writes only preview records")
    p.add_argument("--json", action="store_true", help="print each reply as one JSON object")
    p.set_defaults(func=run_chat)


def run_chat(args: argparse.Namespace, *, stdin: TextIO | None = None, stdout: TextIO | None = None,
             stderr: TextIO | None = None) -> int:
    """Read user lines until EOF or /quit; print each reply and what was recalled. Exit 2 if a turn failed.

    Everything given is checked before the memory opens; a changed ``--config`` is stored by the first turn
    that commits (or at the end of a chat in which no turn failed), so a refused chat stores nothing."""
    from ..engine import Memory
    from ..stores import default_db
    from .agent import Agent, dumps

    inp, out, err = stdin or sys.stdin, stdout or sys.stdout, stderr or sys.stderr
    scope = Scope(agent=args.agent, actor=args.actor, session=args.session)
    model = None
    if args.model and args.model.strip().lower() not in OFFLINE:
        from ..models.registry import load_model

        try:
            model = load_model(args.model)
        except ConfigError as exc:  # the library names its configuration's field; here it is --model
            raise ConfigError(exc.message, field="model") from None
    mem = Memory.open(args.db if args.db is not None else default_db(), config=args.config,
                      defer_config=True)
    try:
        agent = Agent(mem, model, instructions=args.instructions)
        interactive = inp.isatty()
        failed = False
        while True:
            if interactive:
                out.write("you> ")
                out.flush()
            line = inp.readline()
            if not line:
                break
            text = line.strip()
            if not text:
                continue
            if text in ("/quit", "/exit"):
                break
            try:
                reply = agent.invoke(scope, [{"role": "user", "content": text}], preview=args.preview)
            except EngramError as exc:
                failed = True
                print(json.dumps({"error": exc.to_dict()}), file=err)
                continue
            if args.json:
                print(dumps(reply), file=out)
            else:
                print(f"assistant: {printable(reply.text, newlines=True)}", file=out)
                shown = [*((r.id, None, r.summary) for r in reply.pinned),
                         *((h.record.id, h.score, h.record.summary) for h in reply.recalled
                           if h.record and h.record.id not in {r.id for r in reply.pinned})]
                if not shown:
                    print("  recalled: nothing", file=out)
                for rid, score, summary in shown:
                    tag = "pinned" if score is None else f"{score:.3f}"
                    print(f"  recalled: {rid} ({tag}) {printable(summary[:80])}", file=out)
            out.flush()
        if failed:
            return 2
        mem.store_deferred_config()
        return 0
    finally:
        mem.close()
