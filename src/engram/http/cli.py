"""The service commands of the CLI: ``engram serve`` and ``engram keys create|list|revoke``.

:func:`register` adds them to the main parser's subcommands; each handler takes the parsed namespace
(``args.func(args)``) and returns an exit code. Output on stdout is JSON only; messages go to stderr.
``python -m engram.http.cli ...`` runs them without the main CLI, its options checked as the main CLI checks
them (:func:`engram.cli_args.harden`).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING

from ..cli import database
from ..cli_args import Parser, harden, parse
from ..errors import EngramError, ValidationError
from ..listen import check_port, is_loopback

if TYPE_CHECKING:
    from ..stores.base import Store

DEFAULT_DB = "sqlite:///engram.db"
DEFAULT_PORT = 8420


def _db_option(p: argparse.ArgumentParser) -> None:
    # SUPPRESS: a --db given to the main parser is not overwritten by this subcommand's default.
    p.add_argument("--db", default=argparse.SUPPRESS,
                   help=f"database URL (default: $ENGRAM_DB or {DEFAULT_DB}; postgresql://... for PostgreSQL)")


def _levels(values: list[str] | None) -> list[str] | None:
    if values is None:
        return None
    return [lv.strip() for v in values for lv in v.split(",") if lv.strip()]


def _fail(exc: EngramError) -> int:
    """Errors as the main CLI prints them: ``{"error": {...}}`` on stderr, exit 2 (one shape for every command:
    the message says which command when it matters, as ``cannot listen … (another engram serve?)`` does)."""
    print(json.dumps({"error": exc.to_dict()}), file=sys.stderr)
    return 2


def _missing_extra(exc: ImportError, cmd: str) -> int:
    print(json.dumps({"error": {"type": "ConfigError", "field": None,
                                "message": f"{cmd} needs the server extra: pip install 'engram[server]' "
                                           f"({exc.name or exc} is missing)"}}), file=sys.stderr)
    return 2


# -- serve ------------------------------------------------------------------------------------------------------
def cmd_serve(args: argparse.Namespace) -> int:
    """Run the HTTP API until SIGINT/SIGTERM; shutdown finishes in-flight requests and the job in hand."""
    try:
        import uvicorn

        from .app import create_app
    except ImportError as exc:
        return _missing_extra(exc, "serve")
    from ..engine import Memory
    from ..keys import list_keys

    try:
        if args.insecure_local and not is_loopback(args.host):
            raise ValidationError("--insecure-local binds loopback only (127.0.0.1 or ::1)", field="host")
        check_port(args.host, args.port, "serve")  # engram's error and exit 2, not a log line from uvicorn
        # a changed --config is stored once everything else is judged, before the server listens
        mem = Memory.open(database(args), config=args.config, embedder=args.embedder, embed_history=args.embed_history,
                          defer_config=True)
    except EngramError as exc:
        return _fail(exc)
    try:
        app = create_app(mem, insecure_local=args.insecure_local, max_body_bytes=args.max_body,
                         close_memory=True, threads=args.threads, expire_every=args.expire_every,
                         run_worker=not args.no_worker)
        mem.store_deferred_config()
        keyless = not args.insecure_local and not any(k.revoked_at is None for k in list_keys(mem.store))
    except EngramError as exc:
        mem.close()
        return _fail(exc)
    if args.insecure_local:
        print("engram serve: --insecure-local: every loopback request is granted everything", file=sys.stderr)
    elif keyless:
        print("engram serve: no API keys yet; create one with `engram keys create --agent NAME`", file=sys.stderr)
    base = f"http://{'[' + args.host + ']' if ':' in args.host else args.host}:{args.port}"
    print(f"engram serve: API on {base}/v1, inspector on {base}/ui, API docs on {base}/docs", file=sys.stderr)
    uvicorn.run(app, host=args.host, port=args.port, log_level=args.log_level,
                timeout_graceful_shutdown=args.graceful_timeout, server_header=False)
    return 0


# -- keys -------------------------------------------------------------------------------------------------------
def _store(args: argparse.Namespace) -> Store:
    from ..engine import open_store

    return open_store(database(args))


def cmd_keys_create(args: argparse.Namespace) -> int:
    """Print ``{"key": ..., "id": ...}``: the key is shown this once and stored only as a hash."""
    from ..keys import create_key

    try:
        store = _store(args)
        try:
            opts = {"read": _levels(args.read), "write": _levels(args.write), "can_delete": args.delete,
                    "can_admin": args.admin, "name": args.name}
            if args.aws and (args.session or args.operator):
                raise ValidationError("AWS credentials are granted an agent (and actor), never one session or "
                                      "the store-wide settings", field="aws")
            if args.aws:  # plus an AWS credential pair that signs (SigV4) as this key
                from ..agentcore.credentials import issue

                out: dict[str, str] = issue(store, args.agent, args.actor, **opts).to_dict()
            else:
                key, grant = create_key(store, args.agent, args.actor, session=args.session,
                                        operator=args.operator, **opts)
                out = {"key": key, "id": grant.id}
        finally:
            store.close()
    except EngramError as exc:
        return _fail(exc)
    print(json.dumps(out))
    return 0


def cmd_keys_list(args: argparse.Namespace) -> int:
    """Print the grants of every key (never a key or its hash) as a JSON list."""
    from ..keys import describe, list_keys

    try:
        store = _store(args)
        try:
            keys = list_keys(store)
        finally:
            store.close()
    except EngramError as exc:
        return _fail(exc)
    rows = [describe(k) for k in keys if args.all or k.revoked_at is None]
    if args.table:
        from ..cli import render_table

        print(render_table(rows))
    else:
        print(json.dumps(rows))
    return 0


def cmd_keys_revoke(args: argparse.Namespace) -> int:
    from ..keys import parse_key, revoke_key

    key_id = parse_key(args.id) or args.id  # a whole key works too
    try:
        store = _store(args)
        try:
            revoke_key(store, key_id)
        finally:
            store.close()
    except EngramError as exc:
        return _fail(exc)
    print(json.dumps({"revoked": key_id}))
    return 0


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add ``serve`` and ``keys`` to the main CLI's subcommands (``mcp`` registers itself from ``mcp.py``)."""
    p = subparsers.add_parser("serve", help="run the HTTP API (FastAPI + uvicorn)",
                              description="Serve engram over HTTP. Every /v1 request needs an API key "
                                          "(engram keys create) unless --insecure-local.")
    _db_option(p)
    p.add_argument("--host", default="127.0.0.1", help="bind address (default 127.0.0.1)")
    p.add_argument("--port", type=int, default=DEFAULT_PORT, help=f"port (default {DEFAULT_PORT})")
    p.add_argument("--config", default=None, help="a JSON config file to validate, store and use")
    p.add_argument("--embedder", default=None, help="embedder spec (default: the config's, else MiniLM and e5 blended)")
    p.add_argument("--embed-history", default="background", choices=("background", "inline"),
                   help="embed history after the write is acknowledged (default) or before it")
    p.add_argument("--insecure-local", action="store_true",
                   help="no keys: grant every request everything; loopback only, for one developer")
    p.add_argument("--max-body", type=int, default=1 << 20, help="request body limit in bytes (default 1 MiB)")
    p.add_argument("--graceful-timeout", type=float, default=30.0,
                   help="seconds to let in-flight requests finish on shutdown (default 30)")
    p.add_argument("--threads", type=int, default=None,
                   help="worker threads for requests that touch the store (default 40)")
    p.add_argument("--log-level", default="info", choices=("critical", "error", "warning", "info", "debug"))
    p.add_argument("--expire-every", type=float, default=None, metavar="SECONDS",
                   help="sweep expired events at start-up and then every SECONDS (default: never; `engram expire`)")
    p.add_argument("--no-worker", action="store_true",
                   help="run no extraction job worker in this process (default: one runs; see `engram jobs run`)")
    p.set_defaults(func=cmd_serve)

    k = subparsers.add_parser("keys", help="create, list and revoke API keys")
    ks = k.add_subparsers(dest="keys_command", required=True)
    c = ks.add_parser("create", help='create a key; prints {"key": ...} once')
    _db_option(c)
    who = c.add_mutually_exclusive_group(required=True)
    who.add_argument("--agent", help="the one agent this key may use")
    who.add_argument("--operator", action="store_true",
                     help="an operator key: the store-wide settings (PUT /v1/config, the default every agent "
                          "without its own configuration uses) and nothing of any agent; an agent's --admin key "
                          "may not change them")
    c.add_argument("--actor", default=None, help="restrict the key to one actor of the agent")
    c.add_argument("--session", default=None,
                   help="restrict the key to one session (of --actor, or of the agent alone): every route checks it")
    c.add_argument("--read", action="append", metavar="LEVELS",
                   help="levels it may read: session,actor,agent (default all; the config narrows further)")
    c.add_argument("--write", action="append", metavar="LEVELS",
                   help="levels it may write (default all; --write '' for a read-only key)")
    c.add_argument("--delete", action="store_true", help="may delete events, forget records and erase actors")
    c.add_argument("--admin", action="store_true",
                   help="may change the agent's own configuration and retry its jobs (the store-wide default "
                        "needs --operator)")
    c.add_argument("--name", default=None, help="a label for humans")
    c.add_argument("--aws", action="store_true",
                   help="also print aws_access_key_id / aws_secret_access_key for the AgentCore face (SigV4)")
    c.set_defaults(func=cmd_keys_create)
    ls = ks.add_parser("list", help="list keys (JSON; never the keys themselves)")
    _db_option(ls)
    ls.add_argument("--all", action="store_true", help="include revoked keys")
    ls.add_argument("--table", action="store_true", help="print a table instead of JSON")
    ls.set_defaults(func=cmd_keys_list)
    rv = ks.add_parser("revoke", help="revoke a key by id (it stops working at once)")
    _db_option(rv)
    rv.add_argument("id", help="the key id (or the whole key)")
    rv.set_defaults(func=cmd_keys_revoke)


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m engram.http.cli serve|keys ...``: these commands alone, their options checked and their usage
    errors printed as the main CLI's are."""
    parser = Parser(prog="python -m engram.http.cli")
    register(parser.add_subparsers(dest="command", required=True, parser_class=Parser))
    harden(parser)
    args = parse(parser, argv)
    return args if isinstance(args, int) else int(args.func(args))


if __name__ == "__main__":
    sys.exit(main())
