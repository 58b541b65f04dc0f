"""``engram``: the command line, a thin view of :class:`engram.Memory`.

Every verb parses arguments, calls the library, and prints JSON (``--table`` for people). Errors print
``{"error": {...}}`` on stderr and exit 2. The server, MCP and chat commands register themselves from
their own modules.
"""

from __future__ import annotations

import argparse
import dataclasses
import importlib
import json
import os
import sys
from collections.abc import Callable, Sequence
from datetime import datetime
from typing import Any, NoReturn

from .errors import EngramError, ValidationError
from .types import Scope

DEFAULT_DB = os.environ.get("ENGRAM_DB", "sqlite:///engram.db")
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


def _cell(value: Any) -> str:
    """One table cell: empty for None, one line (newlines shown as ⏎), at most 60 characters."""
    if value is None:
        return ""
    text = json.dumps(value, ensure_ascii=False) if isinstance(value, (dict, list)) else str(value)
    text = " ".join(text.replace("\r\n", "\n").replace("\n", " ⏎ ").split())
    return text if len(text) <= 60 else text[:59] + "…"


def _table(rows: list[dict[str, Any]]) -> str:
    if not rows:
        return "(none)"
    first = ("score", "id", "role", "content", "summary", "level", "kind", "status", "at", "created_at")
    scalar = [c for c in rows[0] if not isinstance(rows[0][c], (dict, list))]
    cols = ([c for c in first if c in scalar] + [c for c in scalar if c not in first])[:7]
    cells = [[_cell(r.get(c)) for c in cols] for r in rows]
    widths = [max(len(c), *(len(row[i]) for row in cells)) for i, c in enumerate(cols)]
    line = "  ".join(c.ljust(w) for c, w in zip(cols, widths, strict=True)).rstrip()
    out = [line, "  ".join("-" * w for w in widths)]
    out += ["  ".join(v.ljust(w) for v, w in zip(row, widths, strict=True)).rstrip() for row in cells]
    return "\n".join(out)


def _row(r: Any) -> dict[str, Any]:
    """A hit becomes its record or event with the score in front; a scalar becomes {"value": …}."""
    if isinstance(r, dict) and isinstance(r.get("record"), dict):
        return {"score": round(r.get("score", 0), 4), **r["record"]}
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


def render_table(data: Any) -> str:
    """People's view of a result: a list is a table; a dict shows its fields as ``key  value`` lines and
    each list of rows in it (``records`` of ``pinned``, ``versions`` of ``config show``) as a table."""
    if isinstance(data, list):
        return _table([_row(r) for r in data])
    if not isinstance(data, dict) or "record" in data or "event" in data:
        return _table([_row(data)])
    fields = [(k, v) for k, v in _flat(data) if not (isinstance(v, list) and v and isinstance(v[0], dict))]
    tables = [(k, v) for k, v in data.items() if isinstance(v, list) and v and isinstance(v[0], dict)]
    width = max((len(k) for k, _ in fields), default=0)
    parts = ["\n".join(f"{k.ljust(width)}  {_cell(v)}".rstrip() for k, v in fields)] if fields else []
    parts += [f"{k}:\n{_table([_row(r) for r in v])}" for k, v in tables]
    return "\n\n".join(parts) if parts else "(none)"


def emit(value: Any, args: argparse.Namespace) -> None:
    data = to_jsonable(value)
    if getattr(args, "table", False):
        print(render_table(data))
    else:
        print(json.dumps(data, ensure_ascii=False, indent=None if isinstance(data, list) else 2))


def _json_arg(text: str, field: str) -> Any:
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise ValidationError(f"is not valid JSON: {exc.msg}", field=field) from exc


def _memory(args: argparse.Namespace, *, config: Any = None) -> Any:
    """The Memory a command works on, opened once and closed by :func:`main` when the command is done."""
    from .engine import Memory

    mem = Memory.open(args.db, config=config if config is not None else getattr(args, "config", None))
    _OPENED.append(mem)
    return mem


_OPENED: list[Any] = []


def _scope(args: argparse.Namespace) -> Scope:
    return Scope(agent=args.agent, actor=getattr(args, "actor", None), session=getattr(args, "session", None))


def _labels(items: Sequence[str] | None) -> dict[str, str]:
    out = {}
    for item in items or ():
        if "=" not in item:
            raise ValidationError("must look like name=value", field="label")
        k, v = item.split("=", 1)
        out[k] = v
    return out


# -- verbs --------------------------------------------------------------------------------------------------


def cmd_append(args: argparse.Namespace) -> Any:
    if args.messages:
        messages = _json_arg(args.messages, "messages")
    elif args.content is not None:
        messages = [{"role": args.role, "content": args.content}]
    else:
        messages = _json_arg(sys.stdin.read(), "messages")
    if isinstance(messages, dict):
        messages = messages.get("messages", [messages])
    return _memory(args).append(_scope(args), messages)


def cmd_events(args: argparse.Namespace) -> Any:
    return _memory(args).events(_scope(args), limit=args.limit)


def cmd_search_history(args: argparse.Namespace) -> Any:
    return _memory(args).search_history(_scope(args), args.query, limit=args.limit)


def cmd_remember(args: argparse.Namespace) -> Any:
    return _memory(args).remember(_scope(args), args.summary, args.content, kind=args.kind,
                                  labels=_labels(args.label), scope=args.level, namespace=args.namespace,
                                  replaces=args.replaces, preview=args.preview, pin=args.pin)


def cmd_recall(args: argparse.Namespace) -> Any:
    return _memory(args).recall(_scope(args), args.query, limit=args.limit, mode=args.mode,
                                min_score=args.min_score, preview=args.preview)


def cmd_get(args: argparse.Namespace) -> Any:
    return _memory(args).get(_scope(args), args.id)


def cmd_list(args: argparse.Namespace) -> Any:
    return _memory(args).list(_scope(args), kind=args.kind, labels=_labels(args.label) or None,
                              namespace=args.namespace, status=args.status, preview=args.preview,
                              limit=args.limit)


def cmd_history(args: argparse.Namespace) -> Any:
    return _memory(args).history(_scope(args), args.id)


def cmd_forget(args: argparse.Namespace) -> Any:
    return _memory(args).forget(_scope(args), args.id)


def cmd_erase(args: argparse.Namespace) -> Any:
    if not args.yes:
        raise ValidationError("erase is permanent: pass --yes to confirm", field="yes")
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
    mem = _memory(args)
    scope = Scope(agent=args.agent)
    if args.action == "list":
        return mem.jobs(scope, status=args.status, limit=args.limit)
    if args.action == "retry":
        if not args.id:
            raise ValidationError("retry needs a job id", field="id")
        return mem.retry_job(scope, args.id)
    return {"ran": mem.run_jobs(max_jobs=args.limit)}


def cmd_config(args: argparse.Namespace) -> Any:
    """validate FILE | show | set FILE [--update] | history; ``--agent A`` for one agent's own configuration
    (without it: the database-wide default, which agents without their own use)."""
    from .config import load_config

    if args.action == "validate":
        if not args.file:
            raise ValidationError("validate needs a JSON file", field="file")
        return {"valid": True, "config": load_config(args.file, update=False).to_dict()}
    mem = _memory(args)
    agent = args.agent
    if args.action == "set":
        if not args.file:
            raise ValidationError("set needs a JSON file", field="file")
        mem.configure(agent, args.file, update=True if args.update else None)
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
    p.add_argument("--config", help="config JSON file (stored with the memory; a change is a new version)")
    p.add_argument("--agent", required=True)
    if actor:
        p.add_argument("--actor")
    if session:
        p.add_argument("--session")
    p.add_argument("--table", action="store_true", help="print a table instead of JSON")


class Parser(argparse.ArgumentParser):
    """argparse, except that a usage error is engram's JSON error on stderr (exit 2), like every other."""

    def error(self, message: str) -> NoReturn:
        field = message.split("argument ", 1)[1].split(":", 1)[0] if message.startswith("argument ") else None
        error = {"type": "ValidationError", "message": f"{self.prog}: {message}", "field": field}
        print(json.dumps({"error": error}), file=sys.stderr)
        self.exit(2)


def _late_positionals(args: argparse.Namespace, extras: list[str], parser: argparse.ArgumentParser) -> None:
    """Optional positionals given after flags (``jobs retry --agent bot j_x``): argparse leaves them over."""
    for name in getattr(args, "late_positionals", ()):
        if extras and getattr(args, name, None) is None and not extras[0].startswith("-"):
            setattr(args, name, extras.pop(0))
    if extras:
        parser.error(f"unrecognized arguments: {' '.join(extras)}")


def build_parser() -> argparse.ArgumentParser:
    parser = Parser(prog="engram", description="Memory for LLM agents.")
    sub = parser.add_subparsers(dest="command", required=True, parser_class=Parser)

    def verb(name: str, fn: Callable[[argparse.Namespace], Any], help_: str, **kw: bool) -> argparse.ArgumentParser:
        p = sub.add_parser(name, help=help_)
        _common(p, **kw)
        p.set_defaults(func=fn)
        return p

    p = verb("append", cmd_append, "append messages (JSON list, or --content) to a session")
    p.add_argument("--messages", help='JSON list of {"role", "content", ...}; default: read stdin')
    p.add_argument("--content")
    p.add_argument("--role", default="user")
    p = verb("events", cmd_events, "a session's events, oldest first")
    p.add_argument("--limit", type=int, default=50)
    p = verb("search-history", cmd_search_history, "search a session's earlier events")
    p.add_argument("query")
    p.add_argument("--limit", type=int, default=5)
    p = verb("remember", cmd_remember, "write a long-term record")
    p.add_argument("summary")
    p.add_argument("--content")
    p.add_argument("--kind", default="fact")
    p.add_argument("--label", action="append", help="name=value (declared in config)")
    p.add_argument("--level", default="session", choices=["session", "actor", "agent"])
    p.add_argument("--namespace")
    p.add_argument("--replaces")
    p.add_argument("--preview", action="store_true")
    p.add_argument("--pin", action="store_true")
    p = verb("recall", cmd_recall, "records that best match a query")
    p.add_argument("query")
    p.add_argument("--limit", type=int)
    p.add_argument("--mode", choices=["hybrid", "lexical", "vector"])
    p.add_argument("--min-score", type=float)
    p.add_argument("--preview", action="store_true")
    for name, fn, help_ in (("get", cmd_get, "one record"), ("history", cmd_history, "a record's versions"),
                            ("forget", cmd_forget, "mark a record deleted"),
                            ("uses", cmd_uses, "RETRIEVED uses of a record")):
        verb(name, fn, help_).add_argument("id")
    p = verb("list", cmd_list, "records, newest first")
    p.add_argument("--kind")
    p.add_argument("--label", action="append")
    p.add_argument("--namespace")
    p.add_argument("--status", default="active", choices=["active", "superseded", "deleted"])
    p.add_argument("--preview", action="store_true")
    p.add_argument("--limit", type=int, default=50)
    p = verb("erase", cmd_erase, "hard-delete everything about an actor", session=False)
    p.add_argument("--yes", action="store_true")
    p = verb("pin", cmd_pin, "pin (or --off: unpin) a record")
    p.add_argument("id")
    p.add_argument("--off", action="store_true")
    verb("pinned", cmd_pinned, "pinned records and the token budget")
    verb("extract", cmd_extract, "run the configured strategies on new events now")
    p = verb("jobs", cmd_jobs, "extraction jobs: list | retry ID | run", actor=False, session=False)
    p.add_argument("action", choices=["list", "retry", "run"])
    p.add_argument("id", nargs="?")
    p.set_defaults(late_positionals=("id",))
    p.add_argument("--status", choices=["pending", "running", "done", "failed"])
    p.add_argument("--limit", type=int, default=50)
    p = sub.add_parser("config", help="config validate FILE | show | set FILE [--update] | history [--agent A]")
    p.add_argument("action", choices=["validate", "show", "set", "history"])
    p.add_argument("file", nargs="?", help="a JSON file of any accepted shape (set, validate)")
    p.set_defaults(late_positionals=("file",))
    p.add_argument("--db", default=DEFAULT_DB)
    p.add_argument("--agent", help="one agent's own configuration (default: the database-wide default)")
    p.add_argument("--update", action="store_true",
                   help="change only what the file names (like update-harness); an optionalValue file always does")
    p.add_argument("--table", action="store_true")
    p.set_defaults(func=cmd_config)
    p = sub.add_parser("expire", help="delete events stored longer ago than eventExpiryDuration days, now")
    p.add_argument("--db", default=DEFAULT_DB)
    p.add_argument("--dry-run", action="store_true", help="only count what would go")
    p.add_argument("--table", action="store_true")
    p.set_defaults(func=cmd_expire)

    for module in VIEW_MODULES:
        try:
            mod = importlib.import_module(module)
        except ImportError:
            continue  # that view's optional dependencies are not installed
        mod.register(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args, extras = parser.parse_known_args(argv)
    _late_positionals(args, extras, parser)
    try:
        result = args.func(args)
        if isinstance(result, int) and not isinstance(result, bool):
            return result  # a view command's exit code
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
