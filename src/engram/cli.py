"""``engram``: the command line, a thin view of :class:`engram.Memory`.

Every verb parses arguments, calls the library, and prints JSON (``--table`` for people). Errors print
``{"error": {"type", "message", "field"}}`` on one line of stderr and exit 2, having changed nothing: what the
command line itself can judge (an option's type, range or emptiness, an id, a label, a time, JSON) is judged by
the checks :func:`~engram.cli_args.harden` gives the parser and by the verbs before the memory is opened; the rest
the library judges, and a changed ``--config`` is stored only once the command has succeeded
(``Memory.open(defer_config=True)``). ``field`` names the option or positional as the library names its fields
(``limit`` for ``--limit``, ``min_score`` for ``--min-score``, ``query``), a place inside a JSON argument
(``messages[0].role``), or an argument the command does not take as typed (``--bogus``). The server, MCP and chat
commands register themselves from their own modules; ``harden`` gives their options the same checks (and their
own entry points, ``python -m engram.http.cli`` and ``python -m engram.mcp``, parse with
:class:`~engram.cli_args.Parser` and ``harden`` too). ``Parser``, ``harden`` and ``parse`` are importable from
here as before.
"""

from __future__ import annotations

import argparse
import dataclasses
import importlib
import json
import os
import shutil
import sys
import textwrap
from collections.abc import Callable, Sequence
from datetime import datetime, timedelta
from typing import Any

from .cli_args import Parser, harden
from .cli_args import parse as parse  # re-exported: entry points used to import it from here
from .core import validate
from .errors import EngramError, NotFound, ValidationError
from .stores import default_db
from .terminal import printable
from .types import STATUSES, Scope

DEFAULT_DB = default_db()
VIEW_MODULES = ("engram.http.cli", "engram.mcp", "engram.harness.cli", "engram.demo")


def to_jsonable(value: Any) -> Any:
    """Dataclasses, datetimes, tuples and dicts to plain JSON values."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: to_jsonable(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, datetime):
        return value.isoformat()
    if isinstance(value, dict):
        return {str(k): to_jsonable(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [to_jsonable(v) for v in value]
    return value


def _cell(value: Any, limit: int | None = 60) -> str:
    """One table cell: empty for None, one line (newlines shown as ⏎), at most ``limit`` characters. Stored text
    may come from anyone's messages: control characters are shown escaped (``\\x1b``), never sent to the
    operator's terminal to act on."""
    if value is None:
        return ""
    text = json.dumps(value, ensure_ascii=False) if isinstance(value, (dict, list)) else str(value)
    text = " ".join(text.replace("\r\n", "\n").replace("\n", " ⏎ ").replace("\t", " ").split())
    text = printable(text)
    return text if limit is None or len(text) <= limit else text[:limit - 1] + "…"


def terminal_width() -> int:
    """Columns to fit tables in: the terminal's (``$COLUMNS`` first), 100 when output is not a terminal."""
    return max(40, shutil.get_terminal_size((100, 24)).columns)


FIRST_COLUMNS = ("score", "op", "id", "role", "summary", "content", "level", "kind", "status", "at", "created_at",
                 "version")
TEXT_COLUMNS = {"summary": 40, "content": 24}  # the width a text column keeps before other columns go
SAME_EVERYWHERE = ("agent", "actor", "session")  # the command named them: a column of one value is dropped
MAX_COLUMNS = 7
MIN_WIDTH = 8  # a column is never squeezed below this (its header may be longer)


def _floor(col: str, width: int) -> int:
    """The least width a column is squeezed to: ids stay whole (they are what a next command takes), a summary
    keeps 30 characters, anything else its header (at most 12) or ``MIN_WIDTH``."""
    if col in ("id", "record_id"):
        return width
    return min(width, 30) if col == "summary" else max(MIN_WIDTH, min(len(col), 12))


def _fit(widths: list[int], cols: list[str], total: int) -> list[int]:
    """Column widths that fit ``total`` characters with two spaces between columns: the column with the most
    to spare gives up characters first, so short columns (levels, scores) and ids stay whole."""
    widths = list(widths)
    floor = [_floor(c, w) for c, w in zip(cols, widths, strict=True)]
    while sum(widths) + 2 * (len(widths) - 1) > total:
        i = max(range(len(widths)), key=lambda j: widths[j] - floor[j])
        if widths[i] <= floor[i]:
            break
        widths[i] -= 1
    return widths


def _table(rows: list[dict[str, Any]], width: int | None = None) -> str:
    if not rows:
        return "(none)"
    scalar = [c for c in rows[0] if not isinstance(rows[0][c], (dict, list))]
    filled = [c for c in scalar if any(r.get(c) not in (None, "") for r in rows)  # no all-empty column
              and not (c in SAME_EVERYWHERE and len(rows) > 1 and len({r.get(c) for r in rows}) == 1)]
    cols = ([c for c in FIRST_COLUMNS if c in filled] + [c for c in filled if c not in FIRST_COLUMNS])[:MAX_COLUMNS]
    total = width or terminal_width()
    while True:  # the last (least telling) columns go while a text column would be squeezed under its width
        full = [[_cell(r.get(c), None) for c in cols] for r in rows]
        widths = _fit([max(len(c), *(len(row[i]) for row in full)) for i, c in enumerate(cols)], cols, total)
        natural = {c: max(len(c), *(len(row[i]) for row in full)) for i, c in enumerate(cols)}
        squeezed = any(w < min(TEXT_COLUMNS[c], natural[c]) for c, w in zip(cols, widths, strict=True)
                       if c in TEXT_COLUMNS)
        if not squeezed or len(cols) <= 3:
            break
        cols = cols[:-1]
    cells = [[v if len(v) <= w else v[:w - 1] + "…" for v, w in zip(row, widths, strict=True)] for row in full]
    head = [c[:w] for c, w in zip(cols, widths, strict=True)]
    line = "  ".join(c.ljust(w) for c, w in zip(head, widths, strict=True)).rstrip()
    out = [line, "  ".join("-" * w for w in widths)]
    out += ["  ".join(v.ljust(w) for v, w in zip(row, widths, strict=True)).rstrip() for row in cells]
    return "\n".join(out)


def _row(r: Any) -> dict[str, Any]:
    """A hit becomes its record or event with the score in front, a version its record with the op in front;
    a scalar becomes {"value": …}."""
    if isinstance(r, dict) and isinstance(r.get("record"), dict):
        head = {"score": round(r.get("score", 0), 4)} if "score" in r else \
            {k: v for k, v in r.items() if k != "record" and not isinstance(v, (dict, list))}
        return {**head, **r["record"]}
    if isinstance(r, dict) and isinstance(r.get("event"), dict):
        return {"score": round(r.get("score", 0), 4), **r["event"]}
    return r if isinstance(r, dict) else {"value": r}


def _flat(data: dict[str, Any], prefix: str = "") -> list[tuple[str, Any]]:
    """Nested dicts as dotted keys (``config.harness.memory.enabled``); lists of rows are left to tables."""
    out: list[tuple[str, Any]] = []
    for key, value in data.items():
        name = f"{prefix}{key}"
        if isinstance(value, dict) and value:
            out += _flat(value, name + ".")
        else:
            out.append((name, value))
    return out


def _fields(fields: list[tuple[str, Any]], width: int) -> str:
    """``key  value`` lines; a long value (a record's whole content) wraps under itself, never cut."""
    key_w = max((len(k) for k, _ in fields), default=0)
    room = max(20, width - key_w - 2)
    lines = []
    for k, v in fields:
        text = _cell(v, None)
        parts = textwrap.wrap(text, room, break_long_words=True, break_on_hyphens=False) or [""]
        lines.append(f"{k.ljust(key_w)}  {parts[0]}".rstrip())
        lines += [" " * (key_w + 2) + p for p in parts[1:]]
    return "\n".join(lines)


def render_table(data: Any) -> str:
    """People's view of a result: a list is a table; a dict shows its fields as ``key  value`` lines and
    each list of rows in it (``records`` of ``pinned``, ``versions`` of ``config show``) as a table."""
    if isinstance(data, list):
        return _table([_row(r) for r in data])
    if not isinstance(data, dict) or "record" in data or "event" in data:
        return _table([_row(data)])
    fields = [(k, v) for k, v in _flat(data) if not (isinstance(v, list) and v and isinstance(v[0], dict))]
    tables = [(k, v) for k, v in data.items() if isinstance(v, list) and v and isinstance(v[0], dict)]
    parts = [_fields(fields, terminal_width())] if fields else []
    parts += [f"{k}:\n{_table([_row(r) for r in v])}" for k, v in tables]
    return "\n\n".join(parts) if parts else "(none)"


def emit(value: Any, args: argparse.Namespace) -> None:
    data = to_jsonable(value)
    if getattr(args, "table", False):
        print(render_table(data))
    else:
        print(json.dumps(data, ensure_ascii=False, indent=None if isinstance(data, list) else 2))


def _json_arg(text: str, field: str, source: str) -> Any:
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise ValidationError(f"{source} is not valid JSON: {exc.msg} (line {exc.lineno}, column {exc.colno})",
                              field=field) from None


def _memory(args: argparse.Namespace, *, config: Any = None) -> Any:
    """The Memory a command works on, opened once and closed by :func:`main` when the command is done; a changed
    ``--config`` is in force at once but stored by the command's first write, or by :func:`main` once the command
    has succeeded: a refused command stores nothing."""
    from .engine import Memory

    mem = Memory.open(args.db, config=config if config is not None else getattr(args, "config", None),
                      defer_config=True)
    _OPENED.append(mem)
    return mem


_OPENED: list[Any] = []


def database(args: argparse.Namespace) -> str:
    """The database URL a command opens: ``--db`` as given (:func:`harden` refused an empty one), else
    ``$ENGRAM_DB`` unless empty, else ``./engram.db``; for the commands whose ``--db`` has no default of its own."""
    db = getattr(args, "db", None)
    return db if db is not None else default_db()


def _scope(args: argparse.Namespace) -> Scope:
    return Scope(agent=args.agent, actor=getattr(args, "actor", None), session=getattr(args, "session", None))


def _labels(items: Sequence[tuple[str, str]] | None) -> dict[str, str]:
    """``--label`` values (each parsed by the ``label`` check of :data:`engram.cli_args.CHECKS`) as a dict; a label
    named twice is refused, not overwritten."""
    out: dict[str, str] = {}
    for k, v in items or ():
        if k in out:
            raise ValidationError(f"--label names {k!r} twice: give each label once", field="label")
        out[k] = v
    return out


def _stdin_json(field: str) -> Any:
    """A JSON document read from stdin: refused, naming ``field``, when stdin is empty, not UTF-8 or not JSON."""
    stream = getattr(sys.stdin, "buffer", None)  # bytes: decoded strictly, whatever the locale's error handler
    try:
        text = stream.read().decode("utf-8") if stream is not None else sys.stdin.read()
    except UnicodeDecodeError as exc:
        raise ValidationError(f"stdin is not UTF-8 text (byte {exc.object[exc.start]:#04x} at {exc.start})",
                              field=field) from None
    if not text.strip():
        raise ValidationError("stdin is empty: give --messages, --content or a JSON list of messages on stdin",
                              field=field)
    return _json_arg(text, field, "stdin")


# -- verbs --------------------------------------------------------------------------------------------------


def cmd_append(args: argparse.Namespace) -> Any:
    if args.messages is not None and args.content is not None:
        raise ValidationError("give the messages as --messages or one as --content, not both", field="content")
    if args.role is not None and args.content is None:
        raise ValidationError("--role is the role of a --content message: give --content with it", field="role")
    if args.content is not None:
        messages: Any = [{"role": args.role or "user", "content": args.content}]
    else:
        source = "--messages" if args.messages is not None else "stdin"
        messages = _json_arg(args.messages, "messages", source) if args.messages is not None else \
            _stdin_json("messages")
        if isinstance(messages, dict):
            messages = messages.get("messages", [messages])
        if isinstance(messages, list) and not messages:
            raise ValidationError(f"{source} holds no message: give at least one", field="messages")
    validate.messages(messages)  # before the memory opens: a --config given would be stored first
    return _memory(args).append(_scope(args), messages)


def cmd_events(args: argparse.Namespace) -> Any:
    """The last ``--limit`` events, or those before an event (id) or a time: ``--before`` the first event of a
    page gives the page before it, even when several events share its instant (one append stamps them alike).
    Without ``--session`` it is refused: events belong to a session, and the library's answer for a scope without
    one (no events) printed "(none)" for an actor who has many, where ``append`` and ``search-history`` refuse."""
    if args.session is None:  # the library reads no session's events, an empty list: "(none)" misled
        raise ValidationError("events belong to a session: give --session (the sessions of an actor are listed "
                              "in the inspector's actor profile)", field="session")
    scope = _scope(args)
    mem, after = _memory(args), args.after
    if not isinstance(args.before, str):  # a time (or none), parsed by _event_or_time
        return mem.events(scope, limit=args.limit, before=args.before, after=after)
    try:
        anchor = mem.get_event(scope, args.before)
    except NotFound as exc:
        raise NotFound(exc.message, field="before") from None
    same = [e for e in mem.events(scope, limit=validate.MAX_LIMIT, after=anchor.at - timedelta(microseconds=1))
            if e.at == anchor.at and e.seq < anchor.seq]
    earlier = mem.events(scope, limit=args.limit, before=anchor.at, after=after)
    return [e for e in earlier + same if after is None or e.at > after][-args.limit:]


def cmd_search_history(args: argparse.Namespace) -> Any:
    return _memory(args).search_history(_scope(args), args.query, limit=args.limit, include_tools=args.include_tools,
                                        mode=args.mode, preview=args.preview, min_score=args.min_score)


def cmd_remember(args: argparse.Namespace) -> Any:
    """``--level`` defaults to ``session``, which needs ``--session``: without one the refusal names both options
    (the library's "session-level memory needs a session" spoke of a level the user never chose)."""
    if args.level == "session" and args.session is None:
        raise ValidationError("--level is session (the default), which writes to one session: give --session S, "
                              "or --level actor to write for every session of the actor", field="session")
    scope, labels = _scope(args), _labels(args.label)
    return _memory(args).remember(scope, args.summary, args.content, kind=args.kind, labels=labels or None,
                                  scope=args.level, namespace=args.namespace, replaces=args.replaces,
                                  preview=args.preview, pin=args.pin)


def _kinds(items: Sequence[str] | None) -> str | list[str] | None:
    """``--kind`` values (repeatable) as the library takes them: one kind, a list of them, or None."""
    return None if not items else items[0] if len(items) == 1 else list(items)


def cmd_recall(args: argparse.Namespace) -> Any:
    scope, labels = _scope(args), _labels(args.label)
    return _memory(args).recall(scope, args.query, limit=args.limit, mode=args.mode, min_score=args.min_score,
                                kind=_kinds(args.kind), labels=labels or None, namespace=args.namespace,
                                preview=args.preview)


def cmd_get(args: argparse.Namespace) -> Any:
    return _memory(args).get(_scope(args), args.id)


def cmd_list(args: argparse.Namespace) -> Any:
    scope, labels = _scope(args), _labels(args.label)
    return _memory(args).list(scope, kind=_kinds(args.kind), labels=labels or None, namespace=args.namespace,
                              status=args.status, preview=args.preview, limit=args.limit)


def cmd_history(args: argparse.Namespace) -> Any:
    return _memory(args).history(_scope(args), args.id)


def cmd_forget(args: argparse.Namespace) -> Any:
    return _memory(args).forget(_scope(args), args.id)


def cmd_erase(args: argparse.Namespace) -> Any:
    if not args.yes:
        raise ValidationError("erase is permanent: pass --yes to confirm", field="yes")
    if args.actor is None:
        raise ValidationError("erase removes everything about one actor: name it with --actor", field="actor")
    return _memory(args).erase(Scope(agent=args.agent, actor=args.actor))


def cmd_pin(args: argparse.Namespace) -> Any:
    mem = _memory(args)
    return mem.unpin(_scope(args), args.id) if args.off else mem.pin(_scope(args), args.id)


def cmd_pinned(args: argparse.Namespace) -> Any:
    mem = _memory(args)
    used, budget = mem.pin_budget(_scope(args))
    return {"tokens": used, "max_tokens": budget, "records": mem.pinned(_scope(args))}


def cmd_uses(args: argparse.Namespace) -> Any:
    return _memory(args).uses(_scope(args), args.id)


def cmd_extract(args: argparse.Namespace) -> Any:
    return _memory(args).extract(_scope(args))


def cmd_jobs(args: argparse.Namespace) -> Any:
    if args.action == "retry" and not args.id:
        raise ValidationError("retry needs a job id", field="id")
    if args.action != "retry" and args.id is not None:
        raise ValidationError(f"a job id is for `jobs retry`; `jobs {args.action}` takes none", field="id")
    if args.action != "list" and args.status is not None:
        raise ValidationError(f"--status is for `jobs list`; `jobs {args.action}` takes none", field="status")
    if args.action == "retry" and args.limit is not None:
        raise ValidationError("--limit is for `jobs list` and `jobs run`; `jobs retry` takes none", field="limit")
    limit = 50 if args.limit is None else args.limit
    scope = Scope(agent=args.agent)
    mem = _memory(args)
    if args.action == "list":
        return mem.jobs(scope, status=args.status, limit=limit)
    if args.action == "retry":
        return mem.retry_job(scope, args.id)
    return {"ran": mem.run_jobs(agent=args.agent, max_jobs=limit)}


def cmd_config(args: argparse.Namespace) -> Any:
    """validate FILE | show | set FILE [--update] | history; ``--agent A`` for one agent's own configuration
    (without it: the database-wide default, which agents without their own use)."""
    from .config import load_config

    if args.action in ("validate", "set") and not args.file:
        raise ValidationError(f"{args.action} needs a JSON file", field="file")
    if args.action in ("show", "history") and args.file is not None:
        raise ValidationError(f"a file is for `config validate` and `config set`; `config {args.action}` reads "
                              "none", field="file")
    if args.action != "set" and args.update:
        raise ValidationError(f"--update is for `config set`; `config {args.action}` changes nothing", field="update")
    if args.action == "validate" and args.agent is not None:
        raise ValidationError("`config validate` checks a file alone; --agent is for show, set and history",
                              field="agent")
    try:
        if args.action == "validate":
            return {"valid": True, "config": load_config(args.file, update=False).to_dict()}
        mem = _memory(args)
        agent = args.agent
        if args.action == "set":
            mem.configure(agent, args.file, update=True if args.update else None)
    except EngramError as exc:
        if exc.field == "config":  # the file as a whole (unreadable, no JSON, no object): here it is FILE
            exc.field = "file"
        raise
    if args.action == "history":
        return {"agent": agent, "versions": [{"version": v, "at": at, "config": doc}
                                             for v, at, doc in mem.config_history(agent)]}
    version, cfg = mem.config_in_force(agent)
    own = mem.config_history(agent)
    return {"agent": agent, "version": version, "own": agent is None or bool(own), "config": cfg.to_dict(),
            "versions": [{"version": v, "at": at} for v, at, _ in own]}


def cmd_expire(args: argparse.Namespace) -> Any:
    """One expiry sweep now: events stored longer ago than their agent's eventExpiryDuration days."""
    n = _memory(args).expire(dry_run=args.dry_run)
    return {"would_expire" if args.dry_run else "expired": n}


# -- parser -------------------------------------------------------------------------------------------------


def _common(p: argparse.ArgumentParser, *, actor: bool = True, session: bool = True) -> None:
    p.add_argument("--db", default=DEFAULT_DB, help="database URL (default: $ENGRAM_DB or sqlite:///engram.db)")
    p.add_argument("--config", help="config JSON file (stored with the memory once the command succeeds; a change "
                                    "is a new version)")
    p.add_argument("--agent", required=True, help="the agent whose memory this is")
    if actor:
        p.add_argument("--actor", help="the actor (user) the memory is about")
    if session:
        p.add_argument("--session", help="the session (conversation) id")
    p.add_argument("--table", action="store_true", help="print a table that fits the terminal instead of JSON")


class HelpFormatter(argparse.RawDescriptionHelpFormatter):
    """Help as written (examples keep their lines), each option's default shown unless its help names it."""

    def _get_help_string(self, action: argparse.Action) -> str | None:
        text = action.help or ""
        default = action.default
        if default in (None, False, argparse.SUPPRESS) or "default" in text.lower() or not action.option_strings:
            return text
        return f"{text} (default: {default})".lstrip()


# One example per command, shown at the end of its --help (tests check every command has one).
EXAMPLES: dict[str, str] = {
    "append": 'engram append --agent bot --actor u1 --session s1 --content "I moved to Porto"',
    "events": "engram events --agent bot --actor u1 --session s1 --limit 20 --before e_...",
    "search-history": 'engram search-history --agent bot --actor u1 --session s1 "refund amount"',
    "remember": 'engram remember --agent bot --actor u1 --level actor "Prefers email over phone"',
    "recall": 'engram recall --agent bot --actor u1 "how to contact the customer" --table',
    "get": "engram get --agent bot --actor u1 r_... --table",
    "history": "engram history --agent bot --actor u1 r_... --table",
    "forget": "engram forget --agent bot --actor u1 r_...",
    "uses": "engram uses --agent bot --actor u1 r_...",
    "list": "engram list --agent bot --actor u1 --status superseded --table",
    "erase": "engram erase --agent bot --actor u1 --yes",
    "pin": "engram pin --agent bot --actor u1 r_...",
    "pinned": "engram pinned --agent bot --actor u1 --table",
    "extract": "engram extract --agent bot --actor u1 --session s1",
    "jobs": "engram jobs list --agent bot --status failed --table",
    "config": "engram config show --agent bot --table",
    "expire": "engram expire --dry-run",
    "serve": "engram serve --port 8420   # then open http://127.0.0.1:8420/ui",
    "keys": "engram keys create --agent bot --actor u1",
    "keys create": "engram keys create --agent bot --actor u1 --name support-desk",
    "keys list": "engram keys list --table",
    "keys revoke": "engram keys revoke k_...",
    "mcp": "engram mcp --db sqlite:////home/me/engram.db --agent claude --actor me",
    "chat": "engram chat --session monday   # then: engram chat --session tuesday",
    "demo": "engram demo --reset",
}


def _late_positionals(args: argparse.Namespace, extras: list[str], parser: argparse.ArgumentParser) -> None:
    """Optional positionals given after flags (``jobs retry --agent bot j_x``): argparse leaves them over; each is
    checked as if argparse had taken it."""
    for name in getattr(args, "late_positionals", ()):
        if extras and getattr(args, name, None) is None and not extras[0].startswith("-"):
            sub = next(a.choices[args.command] for a in parser._actions if isinstance(a, argparse._SubParsersAction))
            action = next(a for a in sub._actions if a.dest == name)
            value: Any = extras.pop(0)
            try:
                value = action.type(value) if callable(action.type) else value
            except argparse.ArgumentTypeError as exc:
                sub.error(f"argument {name}: {exc}")
            setattr(args, name, value)
    if extras:
        parser.error(f"unrecognized arguments: {' '.join(extras)}")


def _document(sub: argparse._SubParsersAction, prefix: str = "") -> None:
    """Every command's help page: its one-line help as the description, defaults, and its example."""
    helps = {a.dest: a.help for a in sub._choices_actions}
    for name, p in sub.choices.items():
        full = f"{prefix}{name}"
        p.formatter_class = HelpFormatter
        if not p.description:
            p.description = helps.get(name)
        if full in EXAMPLES:
            p.epilog = f"example:\n  {EXAMPLES[full]}"
        for action in p._actions:
            if isinstance(action, argparse._SubParsersAction):
                _document(action, full + " ")


def build_parser() -> argparse.ArgumentParser:
    from . import __version__

    parser = Parser(prog="engram", description="Memory for LLM agents: short-term events, long-term records, "
                                               "recall; as a library, this CLI, an HTTP server and MCP.",
                    epilog="Run `engram COMMAND --help` for a command's options and an example; start with "
                           "`engram demo`.", formatter_class=HelpFormatter)
    parser.add_argument("--version", action="version", version=f"engram {__version__}")
    sub = parser.add_subparsers(dest="command", parser_class=Parser, metavar="COMMAND")

    def verb(name: str, fn: Callable[[argparse.Namespace], Any], help_: str, **kw: bool) -> argparse.ArgumentParser:
        p = sub.add_parser(name, help=help_)
        _common(p, **kw)
        p.set_defaults(func=fn)
        return p

    p = verb("append", cmd_append, "append messages (JSON list, or --content) to a session")
    p.add_argument("--messages", help='JSON list of {"role", "content", ...} (content may be a list of '
                                      '{"type": "text", "text"} parts); default: read stdin')
    p.add_argument("--content", help="one message's text (instead of --messages)")
    p.add_argument("--role", help="the role of the --content message (default: user)")
    p = verb("events", cmd_events, "a session's events, oldest first (page back with --before)")
    p.add_argument("--limit", type=int, default=50, help="how many events, the newest of the range")
    p.add_argument("--before", help="only events before this one: an event id (the first one of the page you "
                                    "saw) or an ISO time")
    p.add_argument("--after", help="only events after this ISO time (oldest first)")
    p = verb("search-history", cmd_search_history, "search a session's earlier events")
    p.add_argument("query", help="what to look for")
    p.add_argument("--limit", type=int, default=5, help="most hits")
    p.add_argument("--mode", choices=["hybrid", "lexical", "vector"], help="how to match (default: the config's)")
    p.add_argument("--min-score", type=float, help="least score for matches by meaning alone (default: config's)")
    p.add_argument("--include-tools", action=argparse.BooleanOptionalAction, default=None,
                   help="also (or --no-include-tools: never) search tool results (default: as history.index says)")
    p.add_argument("--preview", action="store_true", help="also search preview turns' events")
    p = verb("remember", cmd_remember, "write a long-term record")
    p.add_argument("summary", help="one line the agent can act on")
    p.add_argument("--content", help="optional evidence or detail")
    p.add_argument("--kind", default="fact", help="one of the configured kinds")
    p.add_argument("--label", action="append", help="name=value (declared in config); repeat for more")
    p.add_argument("--level", default="session", choices=["session", "actor", "agent"],
                   help="who sees it: this session, every session of the actor, or every session of the agent")
    p.add_argument("--namespace", help="a namespace path or template (default: the level's)")
    p.add_argument("--replaces", help="id of a record this one supersedes")
    p.add_argument("--preview", action="store_true", help="write a preview record")
    p.add_argument("--pin", action="store_true", help="pin it (shown to every turn)")
    p = verb("recall", cmd_recall, "records that best match a query")
    p.add_argument("query", help="what the agent is working on")
    p.add_argument("--limit", type=int, help="most hits, 1 or more (default: memory.search.max_results, 10)")
    p.add_argument("--mode", choices=["hybrid", "lexical", "vector"], help="how to match (default: the config's)")
    p.add_argument("--min-score", type=float, help="least score for matches by meaning alone (default: config's)")
    p.add_argument("--kind", action="append", help="only this kind; repeat for any of several")
    p.add_argument("--label", action="append", help="name=value (declared in config); only records with it; "
                                                    "repeat for more")
    p.add_argument("--namespace", help="only records under this namespace path (its retrieval settings apply)")
    p.add_argument("--preview", action="store_true", help="also read preview records")
    for name, fn, help_ in (("get", cmd_get, "one record, whole"), ("history", cmd_history, "a record's versions"),
                            ("forget", cmd_forget, "mark a record deleted (its versions stay readable)"),
                            ("uses", cmd_uses, "RETRIEVED uses of a record")):
        verb(name, fn, help_).add_argument("id", help="the record id (r_...)")
    p = verb("list", cmd_list, "records, newest first")
    p.add_argument("--kind", action="append", help="only this kind; repeat for any of several")
    p.add_argument("--label", action="append", help="name=value; only records with it")
    p.add_argument("--namespace", help="only records under this namespace path")
    p.add_argument("--status", default="active", choices=STATUSES, help="which records")
    p.add_argument("--preview", action="store_true", help="also preview records")
    p.add_argument("--limit", type=int, default=50, help="most records")
    p = verb("erase", cmd_erase, "hard-delete everything about an actor", session=False)
    p.add_argument("--yes", action="store_true", help="confirm: erase is permanent")
    p = verb("pin", cmd_pin, "pin (or --off: unpin) a record")
    p.add_argument("id", help="the record id (r_...)")
    p.add_argument("--off", action="store_true", help="unpin instead")
    verb("pinned", cmd_pinned, "pinned records and the token budget")
    verb("extract", cmd_extract, "run the configured strategies on new events now")
    p = verb("jobs", cmd_jobs, "extraction jobs: list | retry ID | run", actor=False, session=False)
    p.add_argument("action", choices=["list", "retry", "run"], help="list jobs, retry a failed one, or run pending")
    p.add_argument("id", nargs="?", help="the job id (retry)")
    p.set_defaults(late_positionals=("id",))
    p.add_argument("--status", choices=["pending", "running", "done", "failed"], help="only jobs in this state")
    p.add_argument("--limit", type=int, help="most jobs (list) or jobs to run (run) (default: 50)")
    p = sub.add_parser("config", help="config validate FILE | show | set FILE [--update] | history [--agent A]")
    p.add_argument("action", choices=["validate", "show", "set", "history"], help="what to do")
    p.add_argument("file", nargs="?", help="a JSON file of any accepted shape (set, validate)")
    p.set_defaults(late_positionals=("file",))
    p.add_argument("--db", default=DEFAULT_DB, help="database URL (default: $ENGRAM_DB or sqlite:///engram.db)")
    p.add_argument("--agent", help="one agent's own configuration (default: the database-wide default)")
    p.add_argument("--update", action="store_true",
                   help="change only what the file names (like update-harness); an optionalValue file always does")
    p.add_argument("--table", action="store_true", help="print fields and tables instead of JSON")
    p.set_defaults(func=cmd_config)
    p = sub.add_parser("expire", help="delete events stored longer ago than eventExpiryDuration days, now")
    p.add_argument("--db", default=DEFAULT_DB, help="database URL (default: $ENGRAM_DB or sqlite:///engram.db)")
    p.add_argument("--dry-run", action="store_true", help="only count what would go")
    p.add_argument("--table", action="store_true", help="print fields instead of JSON")
    p.set_defaults(func=cmd_expire)

    for module in VIEW_MODULES:
        try:
            mod = importlib.import_module(module)
        except ImportError:
            continue  # that view's optional dependencies are not installed
        mod.register(sub)
    _document(sub)
    harden(parser)
    return parser


def _option_before_command(argv: Sequence[str], parser: argparse.ArgumentParser) -> ValidationError | None:
    """An option of the commands given before the command (``engram --db URL list``, the way git and docker take
    global options): refused, saying where it goes. argparse would read the option's value as the command and
    answer "invalid choice: 'sqlite:///…'", as if the URL were a misspelt verb."""
    if not argv or not argv[0].startswith("-") or argv[0] == "-":
        return None
    name = argv[0].split("=", 1)[0]
    if name in parser._option_string_actions:  # -h, --help, --version: the top level's own
        return None
    commands = next(a.choices for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    command = next((a for a in argv if a in commands), "COMMAND")
    return ValidationError(f"engram: {name} goes after the command: `engram {command} {name} …`; before the "
                           "command only --help and --version are taken", field=name.lstrip("-").replace("-", "_"))


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    misplaced = _option_before_command(sys.argv[1:] if argv is None else argv, parser)
    if misplaced is not None:
        print(json.dumps({"error": misplaced.to_dict()}), file=sys.stderr)
        return 2
    args, extras = parser.parse_known_args(argv)
    _late_positionals(args, extras, parser)
    if getattr(args, "command", None) is None:  # bare `engram`: what it can do, not an error
        parser.print_help()
        return 0
    try:
        result = args.func(args)
        if isinstance(result, int) and not isinstance(result, bool):
            return result  # a view command's exit code
        for mem in _OPENED:  # the command succeeded: a changed --config that none of its writes stored is stored now
            mem.store_deferred_config()
        emit(result, args)
        sys.stdout.flush()
    except EngramError as exc:
        print(json.dumps({"error": exc.to_dict()}), file=sys.stderr)
        return 2
    except BrokenPipeError:
        # the reader went away (`engram list | head`): not an error; keep Python from printing one at exit
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    finally:
        while _OPENED:
            _OPENED.pop().close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
