"""Bad input on the command line: every ``engram`` command (enumerated from the real parser, so a new command or
option cannot be missed) gets invocations one defect away from a valid one (:func:`baselines`; one test checks
those succeed): a required argument or option missing, an unknown option or a stray argument, an option given
without its value, a flag given a value, a value of the wrong type (not an integer, not a number), an unknown
choice, empty values where one is needed, numbers out of range or not finite (NaN, inf), text over the engine's
limits (:mod:`engram.core.validate`), malformed scope ids (:func:`engram.types.check_id`), labels that are no
``name=value`` or not declared, record, event, job and key ids that do not exist, times that are none, JSON
messages that are no JSON, of the wrong shape or carrying a NUL (``\\u0000``: an argv cannot carry the byte
itself, a JSON escape can) or NaN, on ``--messages`` and on stdin (empty, not UTF-8 too), and configuration files
that are missing, a directory, empty, no JSON, not UTF-8, no object, of an unknown field or with NaN or a NUL.

Each must do what docs/cli.md promises: exit 2 and print one line on stderr, ``{"error": {"type", "message",
"field"}}``, naming the option (``limit`` for ``--limit``, as the library names its fields), the positional
(``query``) or the place inside a JSON argument (``messages[0].role``) and the rule, with nothing on stdout, no
Python traceback, and nothing changed: a digest of every row of the store is the same before and after each case.
A real SQLite file and, where the suite runs it, PostgreSQL (every command takes ``--db``; there, only the cases
that get past argparse's own declarations, which refuse the others before any store is opened). A configuration
that differs from the stored one is not stored by a command the command line refuses either.

The cases run in-process through :func:`engram.cli.main` (``SystemExit`` caught, stdout, stderr and stdin
swapped; the servers' ``uvicorn.run`` and the MCP stdio loop replaced by stubs that note they were reached, so a
refusal that comes too late fails instead of serving), which keeps the sweep fast; a handful run as real
subprocesses of ``python -m engram`` (the exit code and stderr a shell sees, no traceback).
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import os
import re
import socket
import subprocess
import sys
import traceback
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from engram import Memory, Scope
from engram.cli import build_parser, main
from engram.core import validate
from engram.embedders import HashingEmbedder
from engram.keys import create_key
from engram.turn import new_id
from engram.types import Job
from tests.support.backends import BACKENDS
from tests.support.mutations import fingerprint

ROOT = Path(__file__).resolve().parents[1]
AGENT, ACTOR, SESSION = "bot", "u1", "s1"
SCOPE = Scope(AGENT, ACTOR, SESSION)
# every level readable and writable, two labels declared, the hashing embedder (no model to load)
CONFIG: dict[str, Any] = {"harness": {"memory": {
    "embedder": "hashing",
    "scope": {"read": ["session", "actor", "agent"], "write": ["session", "actor", "agent"]},
    "labels": {"customer_id": {"number": 5, "description": "The customer the memory is about."},
               "ticket": {"number": 6, "description": "Support ticket id."}},
}, "history": {"index": "messages_and_tools"}}}
FLAG = object()  # an option given without a value (store_true)


# -- the command tree ---------------------------------------------------------------------------------------------
def leaves(parser: argparse.ArgumentParser, prefix: str = "") -> Iterator[tuple[str, argparse.ArgumentParser]]:
    """(``"keys create"``, its parser) for every command that runs something, from the real parser."""
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                yield from leaves(sub, f"{prefix}{name} ")
            return
    if prefix:
        yield prefix.strip(), parser


def arguments(parser: argparse.ArgumentParser) -> list[argparse.Action]:
    """The options and positionals a command takes (not --help)."""
    return [a for a in parser._actions if not isinstance(a, (argparse._HelpAction, argparse._VersionAction))]


def target_of(action: argparse.Action) -> str:
    """How a case names an argument: its long option (``--min-score``; a ``--x/--no-x`` pair by ``--x``) or a
    positional's name (``query``)."""
    if isinstance(action, argparse.BooleanOptionalAction):
        return action.option_strings[0]
    return max(action.option_strings, key=len) if action.option_strings else action.dest


PARSER = build_parser()  # built once: main() builds it per call, ~10 ms each, the same every time
COMMANDS = dict(leaves(PARSER))


# -- the world the commands act on --------------------------------------------------------------------------------
IDS = ("rec", "old", "del", "pin", "gone", "namespace", "event", "job", "key")


@dataclass
class World:
    backend: str
    tmp: Path
    url: str
    digest: Callable[[], str]
    ids: dict[str, str]  # IDS -> the id (or namespace) of what :func:`seed` stored
    config: Path  # a configuration file equal to the stored one: giving it writes nothing


def seed(url: str) -> dict[str, str]:
    """Records of u1 (to read, replace, forget and pin; one forgotten), a session's events, a failed job and an API
    key."""
    mem = Memory.open(url, embedder=HashingEmbedder(), config=CONFIG, embed_history="inline")
    try:
        ids: dict[str, str] = {}
        for what in ("rec", "old", "del", "pin"):
            rec = mem.remember(SCOPE, f"Prefers green tea ({what})", "said so on the phone", scope="actor",
                               labels={"customer_id": "c1"})
            ids[what] = rec.id
            ids["namespace"] = rec.namespace
        events = mem.append(SCOPE, [{"role": "user", "content": "my parcel number is PX-9981"},
                                    {"role": "assistant", "content": "I will look it up"}])
        ids["event"] = events[-1].id
        gone = mem.remember(SCOPE, "Has a cat named Miso", scope="actor")
        mem.forget(SCOPE, gone.id)
        ids["gone"] = gone.id
        now = datetime.now(UTC)
        job = Job(id=new_id("j_"), kind="extract", agent=AGENT, actor=ACTOR, session=SESSION, status="pending",
                  attempts=0, error=None, payload={}, created_at=now, updated_at=now)
        with mem.store.write() as tx:
            tx.enqueue_job(job)
            tx.fail_job(job.id, "the model was down", now, retry=False)
        ids["job"] = job.id
        ids["key"] = create_key(mem.store, AGENT)[1].id
    finally:
        mem.close()
    assert set(ids) == set(IDS)
    return ids


def sqlite_digest(db: Path) -> Callable[[], str]:
    return lambda: fingerprint(db)


def pg_digest(url: str) -> tuple[Callable[[], str], Callable[[], None]]:
    """:func:`tests.support.pg.schema_digest` of the schema ``url`` names, and how to stop using it."""
    from tests.support.pg import schema_digest

    digest, close, _ = schema_digest(url)
    return digest, close


@contextlib.contextmanager
def make_world(backend: str, tmp: Path, request: pytest.FixtureRequest) -> Iterator[World]:
    if backend == "sqlite":
        url = f"sqlite:///{tmp / 'engram.db'}"
    else:
        from tests.support.pg import fresh_url

        url = fresh_url(request)
    ids = seed(url)
    config = tmp / "config.json"
    config.write_text(json.dumps(CONFIG))
    close: Callable[[], None] = lambda: None  # noqa: E731
    if backend == "sqlite":
        digest = sqlite_digest(tmp / "engram.db")
    else:
        digest, close = pg_digest(url)
    try:
        yield World(backend, tmp, url, digest, ids, config)
    finally:
        close()


@pytest.fixture(scope="module", params=BACKENDS)
def world(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[World]:
    with make_world(request.param, tmp_path_factory.mktemp("clibad"), request) as w:
        yield w


# -- running the CLI ----------------------------------------------------------------------------------------------
@dataclass
class Result:
    code: int | str
    out: str
    err: str
    served: list[str]  # the servers a stub says were started


class Stubs:
    """``uvicorn.run`` and the MCP stdio loop replaced: a command that gets that far notes it and returns (the app's
    lifespan run, so a server's memory is closed as on shutdown)."""

    def __init__(self) -> None:
        self.served: list[str] = []
        self.lifespan = False  # run the app's start-up and shutdown (the baselines: a refused case never gets here)

    def uvicorn_run(self, app: Any, **kw: Any) -> None:
        import anyio

        self.served.append(f"uvicorn on {kw.get('host')}:{kw.get('port')}")
        if not self.lifespan:
            return

        async def lifespan() -> None:
            router = getattr(app, "router", None)
            if router is not None and hasattr(router, "lifespan_context"):
                async with router.lifespan_context(app):
                    pass

        anyio.run(lifespan)

    def mcp_stdio(self, server: Any) -> None:
        self.served.append("mcp stdio")


@pytest.fixture
def stubs(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Stubs:
    s = Stubs()
    uvicorn = pytest.importorskip("uvicorn")
    monkeypatch.setattr(uvicorn, "run", s.uvicorn_run)
    from engram import cli, mcp_stdio

    monkeypatch.setattr(mcp_stdio, "run", s.mcp_stdio)
    monkeypatch.setattr(cli, "build_parser", lambda: PARSER)
    monkeypatch.delenv("ENGRAM_DB", raising=False)
    cwd = tmp_path / "cwd"  # a default ./engram.db would land here (and be noticed)
    cwd.mkdir()
    monkeypatch.chdir(cwd)
    return s


def run_in_process(argv: list[str], stdin: str | bytes, stubs: Stubs) -> Result:
    """``engram argv`` through :func:`main`, as a shell would see it: the exit code (``"traceback"`` when an
    exception escaped, which Python would print), stdout and stderr."""
    out, err = io.StringIO(), io.StringIO()
    raw = stdin if isinstance(stdin, bytes) else stdin.encode()
    old = sys.stdin
    sys.stdin = io.TextIOWrapper(io.BytesIO(raw), encoding="utf-8")
    del stubs.served[:]
    code: int | str
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            try:
                code = main(argv)
            except SystemExit as exc:
                code = exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 1)
    except Exception:  # noqa: BLE001 - what Python would print as a traceback
        code = "traceback"
        err.write(traceback.format_exc())
    finally:
        sys.stdin = old
    return Result(code, out.getvalue(), err.getvalue(), list(stubs.served))


def run_subprocess(argv: list[str], stdin: str | bytes, cwd: Path, module: str = "engram") -> Result:
    env = {k: v for k, v in os.environ.items() if k != "ENGRAM_DB"}
    env["PYTHONPATH"] = str(ROOT / "src")
    proc = subprocess.run([sys.executable, "-m", module, *argv], capture_output=True, cwd=cwd, env=env,
                          input=stdin if isinstance(stdin, bytes) else stdin.encode(), timeout=120)
    return Result(proc.returncode, proc.stdout.decode(errors="replace"), proc.stderr.decode(errors="replace"), [])


# -- the baselines: one valid invocation per command ----------------------------------------------------------------
@dataclass(frozen=True)
class Base:
    """A valid invocation: the command words (``jobs list``), its positionals, its options (a list repeats one,
    :data:`FLAG` is a flag) and what it reads on stdin."""

    command: str
    words: tuple[str, ...]
    positionals: dict[str, str]
    options: dict[str, Any]
    stdin: str = ""
    tag: str = ""  # tells apart two baselines of one command

    @property
    def name(self) -> str:
        return " ".join(self.words) + (f" ({self.tag})" if self.tag else "")

    def argv(self) -> list[str]:
        out = [*self.words, *self.positionals.values()]
        for name, value in self.options.items():
            for v in value if isinstance(value, list) else [value]:
                out += [name] if v is FLAG else [name, v]
        return out


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def baselines(w: World) -> list[Base]:
    """One valid invocation of each command (of each action of ``jobs`` and ``config``), every option it takes
    given where one can be, so each case below differs from it by one defect."""
    ids, cfg = w.ids, str(w.config)
    db = {"--db": w.url}
    scope = {**db, "--config": cfg, "--agent": AGENT, "--actor": ACTOR, "--session": SESSION, "--table": FLAG}
    actor = {k: v for k, v in scope.items() if k != "--session"}
    agent = {**db, "--config": cfg, "--agent": AGENT, "--table": FLAG}
    messages = json.dumps([{"role": "user", "content": "my refund is 42 euros", "metadata": {"ticket": "T-7"}}])
    out = [
        Base("append", ("append",), {}, {**scope, "--messages": messages}, tag="--messages"),
        Base("append", ("append",), {}, {**scope, "--content": "my refund is 42 euros", "--role": "user"},
             tag="--content"),
        Base("append", ("append",), {}, scope, stdin=messages, tag="stdin"),
        Base("events", ("events",), {}, {**scope, "--limit": "5", "--before": ids["event"],
                                         "--after": "2020-01-01T00:00:00+00:00"}),
        Base("search-history", ("search-history",), {"query": "parcel number"}, {**scope, "--limit": "5"}),
        Base("remember", ("remember",), {"summary": "Prefers jasmine tea"},
             {**scope, "--content": "said so on the phone", "--kind": "fact", "--label": ["customer_id=c1"],
              "--level": "actor", "--namespace": ids["namespace"], "--replaces": ids["old"], "--preview": FLAG,
              "--pin": FLAG}),
        Base("recall", ("recall",), {"query": "green tea"},
             {**scope, "--limit": "5", "--mode": "hybrid", "--min-score": "0.1", "--preview": FLAG}),
        Base("get", ("get",), {"id": ids["rec"]}, scope),
        Base("history", ("history",), {"id": ids["rec"]}, scope),
        Base("forget", ("forget",), {"id": ids["del"]}, scope),
        Base("uses", ("uses",), {"id": ids["rec"]}, scope),
        Base("list", ("list",), {}, {**scope, "--kind": "fact", "--label": ["customer_id=c1"],
                                     "--namespace": ids["namespace"], "--status": "active", "--preview": FLAG,
                                     "--limit": "5"}),
        Base("pin", ("pin",), {"id": ids["pin"]}, scope),
        Base("pin", ("pin",), {"id": ids["pin"]}, {**scope, "--off": FLAG}, tag="--off"),
        Base("pinned", ("pinned",), {}, scope),
        Base("extract", ("extract",), {}, scope),
        Base("jobs", ("jobs", "list"), {}, {**agent, "--status": "failed", "--limit": "5"}),
        Base("jobs", ("jobs", "retry"), {"id": ids["job"]}, agent),
        Base("jobs", ("jobs", "run"), {}, {**agent, "--limit": "1"}),
        Base("config", ("config", "validate"), {"file": cfg}, {"--table": FLAG}),
        Base("config", ("config", "show"), {}, {**db, "--agent": AGENT, "--table": FLAG}),
        Base("config", ("config", "set"), {"file": cfg}, {**db, "--agent": AGENT, "--update": FLAG}),
        Base("config", ("config", "history"), {}, {**db, "--agent": AGENT, "--table": FLAG}),
        Base("expire", ("expire",), {}, {**db, "--dry-run": FLAG, "--table": FLAG}),
        Base("serve", ("serve",), {},
             {**db, "--host": "127.0.0.1", "--port": str(free_port()), "--config": cfg, "--embedder": "hashing",
              "--embed-history": "inline", "--insecure-local": FLAG, "--max-body": "65536",
              "--graceful-timeout": "1", "--threads": "2", "--log-level": "warning", "--expire-every": "3600",
              "--no-worker": FLAG}),
        Base("keys create", ("keys", "create"), {},
             {**db, "--agent": AGENT, "--actor": ACTOR, "--session": SESSION, "--read": ["session,actor"],
              "--write": ["session"], "--delete": FLAG, "--admin": FLAG, "--name": "support desk"}),
        Base("keys create", ("keys", "create"), {}, {**db, "--operator": FLAG}, tag="--operator"),
        Base("keys create", ("keys", "create"), {}, {**db, "--agent": AGENT, "--actor": ACTOR, "--aws": FLAG},
             tag="--aws"),
        Base("keys list", ("keys", "list"), {}, {**db, "--all": FLAG, "--table": FLAG}),
        Base("keys revoke", ("keys", "revoke"), {"id": ids["key"]}, db),
        Base("mcp", ("mcp",), {},
             {**db, "--agent": AGENT, "--actor": ACTOR, "--session": SESSION, "--config": cfg,
              "--embedder": "hashing", "--transport": "stdio", "--host": "127.0.0.1", "--port": str(free_port())}),
        Base("mcp", ("mcp",), {},
             {**db, "--agent": AGENT, "--actor": ACTOR, "--config": cfg, "--embedder": "hashing",
              "--transport": "http", "--host": "127.0.0.1", "--port": str(free_port())}, tag="http"),
        Base("chat", ("chat",), {},
             {**db, "--config": cfg, "--agent": AGENT, "--actor": ACTOR, "--session": SESSION,
              "--model": "offline", "--instructions": "Be brief.", "--preview": FLAG, "--json": FLAG},
             stdin="I prefer email\n"),
        Base("erase", ("erase",), {}, {**actor, "--yes": FLAG}),  # last: it takes u1's memory away
    ]
    demo = f"sqlite:///{w.tmp / 'demo.db'}"
    out.insert(-1, Base("demo", ("demo",), {}, {"--db": demo, "--reset": FLAG}))
    return out


# -- the cases ----------------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Case:
    base: Base
    target: str  # the option or positional with the defect (what the error must name)
    label: str
    argv: tuple[str, ...]
    fields: tuple[str, ...]  # field names the error may give (the target's, or a place inside it)
    rule: str  # a regex the message must match
    stdin: str | bytes = ""

    @property
    def id(self) -> str:
        return f"{self.base.name} {self.target}: {self.label}"


def bare(target: str) -> str:
    """The field an error names for an option: its name as the library spells fields (``--min-score``:
    ``min_score``); a positional is its own name."""
    return target.lstrip("-").replace("-", "_") if target.startswith("--") else target


def names(target: str) -> tuple[str, ...]:
    """The field names an error may give for ``target`` unless a case says otherwise: the option's name."""
    return (bare(target),)


def case(base: Base, target: str, label: str, argv: list[str], rule: str, fields: tuple[str, ...] | None = None,
         stdin: str | bytes | None = None) -> Case:
    return Case(base, target, label, tuple(argv), tuple(bare(f) for f in fields) if fields else names(target), rule,
                base.stdin if stdin is None else stdin)


def with_option(base: Base, name: str, value: Any) -> list[str]:
    """The base's argv with option (or positional) ``name`` set to ``value`` (None: left out)."""
    if name in base.positionals:
        pos = {k: v for k, v in base.positionals.items() if k != name or value is not None}
        if value is not None:
            pos[name] = value
        return Base(base.command, base.words, pos, base.options, base.stdin).argv()
    opts = {k: v for k, v in base.options.items() if k != name}
    if value is not None:
        opts[name] = value
    return Base(base.command, base.words, base.positionals, opts, base.stdin).argv()


USAGE = {
    "required": "required",
    "unknown": "unrecognized arguments",
    "no value": "expected one argument",
    "flag value": "ignored explicit argument",
    "int": "invalid int value",
    "float": "invalid float value",
    "choice": "invalid choice",
}
ID_RULE = r"1-128 characters"
EMPTY_RULE = "must not be empty"
BAD_IDS = {"a slash": "a/b", "dot-dot": "a..b", "a space": "a b", "a leading dot": ".a",
           "129 characters": "a" * 129}


def generic(base: Base, parser: argparse.ArgumentParser) -> Iterator[Case]:
    """The defects argparse's own declarations imply: a required argument missing, an unknown option, a stray
    argument, a value missing, a flag with a value, a value of the wrong type, an unknown choice."""
    yield Case(base, "--bogus", "an unknown option", (*base.argv(), "--bogus", "1"), ("--bogus",), USAGE["unknown"],
               base.stdin)  # no option of the command: named as typed
    free = [a.dest for a in arguments(parser) if not a.option_strings and a.nargs == "?"
            and a.dest not in base.positionals]  # an optional positional the base leaves out takes a stray word
    yield case(base, "stray", "a stray argument", [*base.argv(), "stray-word"], "is for" if free else USAGE["unknown"],
               fields=(free[0] if free else "stray-word",))
    for action in arguments(parser):
        t = target_of(action)
        present = t in base.options or action.dest in base.positionals
        if action.required and present:
            key = action.dest if action.dest in base.positionals else t
            yield case(base, t, "missing", with_option(base, key, None), USAGE["required"])
        if action.choices and not action.option_strings:  # a positional choice: a command word (jobs list)
            i = next(i for i, word in enumerate(base.words) if word in action.choices)
            for v in ("NOPE", ""):
                words = (*base.words[:i], v, *base.words[i + 1:])
                argv = Base(base.command, words, base.positionals, base.options).argv()
                yield case(base, t, f"unknown choice {v!r}", argv, USAGE["choice"])
        if not action.option_strings:
            continue
        if action.nargs == 0:
            yield case(base, t, "a flag given a value", [*with_option(base, t, None), f"{t}=yes"],
                       USAGE["flag value"])
            continue
        yield case(base, t, "no value", [*with_option(base, t, None), t], USAGE["no value"])
        kind = getattr(action.type, "__name__", None)  # argparse's name for a type: int, float (or the CLI's own)
        if kind == "int":
            for v in ("x", "2.5", ""):
                yield case(base, t, f"not an integer {v!r}", with_option(base, t, v), USAGE["int"])
        elif kind == "float":
            for v in ("x", ""):
                yield case(base, t, f"not a number {v!r}", with_option(base, t, v), USAGE["float"])
        if action.choices:
            for v in ("NOPE", ""):
                yield case(base, t, f"unknown choice {v!r}", with_option(base, t, v), USAGE["choice"])


def config_files(tmp: Path) -> dict[str, tuple[Path, tuple[str, ...], str]]:
    """Malformed configuration files: (path, the fields the error may name, rule)."""
    d = tmp / "bad-configs"
    d.mkdir(exist_ok=True)
    docs: dict[str, tuple[str | bytes | None, tuple[str, ...], str]] = {
        "a missing file": (None, ("config",), "cannot read"),
        "an empty file": ("", ("config",), "not valid JSON"),
        "no JSON": ("{harness: 1", ("config",), "not valid JSON"),
        "not UTF-8": (b'{"harness": {"memory": {"kind": "caf\xe9"}}}', ("config",), "UTF-8"),
        "a list": ("[1, 2]", ("config",), "JSON object"),
        "an unknown field": ('{"harness": {"memory": {"scopez": {}}}}', ("harness.memory.scopez",), "unknown field"),
        "NaN": ('{"harness": {"memory": {"pinned": {"max_tokens": NaN}}}}',
                ("harness.memory.pinned.max_tokens",), "finite"),
        "a NUL": ('{"harness": {"memory": {"prompt": "a\\u0000b"}}}', ("harness.memory.prompt",), "NUL"),
        "a wrong type": ('{"harness": {"memory": {"enabled": "maybe"}}}', ("harness.memory.enabled",), "boolean"),
    }
    out = {}
    for i, (label, (text, fields, rule)) in enumerate(docs.items()):
        path = d / f"bad{i}.json"
        if isinstance(text, bytes):
            path.write_bytes(text)
        elif text is not None:
            path.write_text(text)
        out[label] = (path, fields, rule)
    out["a directory"] = (d, ("config",), "cannot read")
    return out


def specific(base: Base, w: World) -> Iterator[Case]:
    """The defects only the command's meaning tells: ranges, empties, limits, ids, times, labels, JSON."""
    opts, pos = base.options, base.positionals
    ids = w.ids

    def bad(target: str, label: str, value: Any, rule: str, fields: tuple[str, ...] | None = None,
            stdin: str | bytes | None = None) -> Case:
        return case(base, target, label, with_option(base, target, value), rule, fields, stdin)

    for t in ("--agent", "--actor", "--session"):
        if t in opts:
            for label, v in BAD_IDS.items():
                yield bad(t, label, v, ID_RULE)
            if not (base.command == "chat" and t == "--actor"):  # chat: '' is a session of the agent alone
                yield bad(t, "empty", "", ID_RULE)
    if "--db" in opts and base.command != "demo":
        yield bad("--db", "an unknown scheme", "mysql://localhost/x", "sqlite://")
        yield bad("--db", "empty", "", EMPTY_RULE)
    if "--config" in opts or (base.command == "config" and "file" in pos):
        t = "--config" if "--config" in opts else "file"
        for label, (path, fields, rule) in config_files(w.tmp).items():
            yield bad(t, label, str(path), rule, fields=tuple(t if f == "config" else f for f in fields))
        yield bad(t, "empty", "", EMPTY_RULE)
    if "--limit" in opts:
        most = base.words[:2] != ("jobs", "run")  # no page: `jobs run` may run more than MAX_LIMIT jobs
        for v in ("0", "-1", *((str(validate.MAX_LIMIT + 1),) if most else ())):
            yield bad("--limit", f"out of range {v}", v, r"from 1|at least 1|1 or more|positive")
    if "query" in pos:
        yield bad("query", "empty", "", EMPTY_RULE)
        yield bad("query", "blank", "   ", EMPTY_RULE)
        yield bad("query", "over the limit", "q" * (validate.MAX_QUERY + 1), str(validate.MAX_QUERY))
    if "summary" in pos:
        yield bad("summary", "empty", "", EMPTY_RULE)
        yield bad("summary", "blank", "  ", EMPTY_RULE)
        yield bad("summary", "over the limit", "s" * (validate.MAX_SUMMARY + 1), str(validate.MAX_SUMMARY))
    if "id" in pos:
        kind = {"keys revoke": "key", "jobs": "job"}.get(base.command, "record")
        yield bad("id", "empty", "", EMPTY_RULE)
        yield bad("id", f"no such {kind}", {"key": "0123456789abcdef", "job": "j_nope"}.get(kind, "r_nope"),
                  r"(?i)no |not found|unknown")
    if base.command == "remember":
        yield bad("--content", "over the limit", "c" * (validate.MAX_RECORD_CONTENT + 1),
                  str(validate.MAX_RECORD_CONTENT))
        yield bad("--replaces", "no such record", "r_nope", r"(?i)no |not found")
        yield bad("--replaces", "empty", "", EMPTY_RULE)
    if "--kind" in opts:
        yield bad("--kind", "empty", "", EMPTY_RULE)
        yield bad("--kind", "over the limit", "k" * (validate.MAX_KIND + 1), f"1-{validate.MAX_KIND} characters")
        if base.command == "remember":
            yield bad("--kind", "not a configured kind", "rumour", "configured kinds")
    if "--label" in opts:
        long = "customer_id=" + "v" * (validate.MAX_LABEL_VALUE + 1)
        for label, v, fields, rule in (("no name=value", "customer_id", ("label",), "name=value"),
                                       ("not declared", "colour=red", ("labels.colour",), "not declared"),
                                       ("an empty value", "customer_id=", ("labels.customer_id",), "1-256"),
                                       ("an empty name", "=c1", ("label",), "name=value"),
                                       ("a value over the limit", long, ("labels.customer_id",), "1-256")):
            yield bad("--label", label, [v], rule, fields=fields)
        if base.command == "list":
            many = [f"tag{i}=v" for i in range(validate.MAX_LABEL_FILTERS + 1)]
            yield bad("--label", "the same label twice", ["customer_id=c1", "customer_id=c2"], "twice")
            yield bad("--label", "too many", many, str(validate.MAX_LABEL_FILTERS), fields=("labels",))
    if "--namespace" in opts:
        for label, v in (("empty", ""), ("dot-dot", "/actors/../x"), ("a wildcard", "/a*/")):
            yield bad("--namespace", label, v, "empty|not allowed")
        yield bad("--namespace", "over the limit", "/" + "n" * validate.MAX_NAMESPACE,
                  f"at most {validate.MAX_NAMESPACE} characters")
    if "--min-score" in opts:
        for v in ("nan", "inf", "-0.5", "1.5"):
            yield bad("--min-score", f"out of range {v}", v, "from 0 to 1|finite")
    if base.command == "events":
        for t in ("--before", "--after"):
            yield bad(t, "not a time", "yesterday", "ISO")
            yield bad(t, "empty", "", EMPTY_RULE + "|ISO")
            yield bad(t, "out of range", "9999-12-31T23:59:59-12:00", "between|range")
        yield bad("--before", "no such event", "e_nope", r"(?i)no |not found")
    if base.command == "append" and "--messages" in opts:
        m = "--messages"
        for label, v, fields, rule in (
                ("no JSON", "[{role: user}]", ("messages",), "JSON"),
                ("empty", "", ("messages",), EMPTY_RULE),
                ("a number", "42", ("messages",), "list"),
                ("a string", '"hello"', ("messages",), "list"),
                ("an empty list", "[]", ("messages",), "no message"),
                ("an item no object", "[1]", ("messages[0]",), "object"),
                ("an unknown role", '[{"role": "wizard", "content": "x"}]', ("messages[0].role",), "one of"),
                ("an unknown member", '[{"role": "user", "content": "x", "mood": 1}]', ("messages[0].mood",),
                 "unknown"),
                ("a NUL", '[{"role": "user", "content": "a\\u0000b"}]', ("messages[0].content",), "NUL"),
                ("NaN in metadata", '[{"role": "user", "content": "x", "metadata": {"n": NaN}}]',
                 ("messages[0].metadata.n",), "finite"),
                ("a bad time", '[{"role": "user", "content": "x", "at": "noon"}]', ("messages[0].at",), "ISO"),
                ("a content over the limit",
                 json.dumps([{"role": "user", "content": "c" * (validate.MAX_CONTENT + 1)}]),
                 ("messages[0].content",), str(validate.MAX_CONTENT))):
            yield bad(m, label, v, rule, fields=fields)
    if base.command == "append" and "--messages" in opts:
        yield case(base, "--content", "with --messages", [*base.argv(), "--content", "hello"], "not both",
                   fields=("content",))
        yield case(base, "--role", "with --messages", [*base.argv(), "--role", "user"], "--content")
    if base.command == "append" and "--content" in opts:
        yield bad("--role", "unknown", "wizard", "one of", fields=("messages[0].role",))
        yield bad("--role", "empty", "", EMPTY_RULE)
        yield bad("--content", "over the limit", "c" * (validate.MAX_CONTENT + 1), str(validate.MAX_CONTENT),
                  fields=("messages[0].content",))
    if base.command == "append" and base.stdin:
        on_stdin: tuple[tuple[str, str | bytes, tuple[str, ...], str], ...] = (
                ("no JSON", "[{role: user}]", ("messages",), "not valid JSON"),
                ("empty", "", ("messages",), "stdin is empty"),
                ("not UTF-8", b'[{"role": "user", "content": "caf\xe9"}]', ("messages",), "not UTF-8"),
                ("a NUL byte", '[{"role": "user", "content": "a\x00b"}]', ("messages",), "not valid JSON"),
                ("an unknown role", '[{"role": "wizard", "content": "x"}]', ("messages[0].role",), "one of"))
        for label, data, fields, rule in on_stdin:
            yield case(base, "stdin", label, base.argv(), rule, fields=fields, stdin=data)
    if base.command == "erase":
        yield bad("--yes", "missing", None, "--yes")
        yield bad("--actor", "missing", None, "--actor")
    if base.command == "pin" and "--off" not in opts:
        yield bad("id", "a deleted record", ids["gone"], "only active")
    if base.words[:2] == ("jobs", "retry"):
        yield case(base, "id", "missing", with_option(base, "id", None), "job id", fields=("id",))
        yield case(base, "--limit", "given to retry", [*base.argv(), "--limit", "5"], "jobs list")
    if base.words[:2] == ("jobs", "run"):
        yield case(base, "--status", "given to run", [*base.argv(), "--status", "failed"], "jobs list")
    if base.words[:2] == ("jobs", "list"):
        yield case(base, "id", "given to list", [*base.argv(), ids["job"]], "jobs retry", fields=("id",))
    if base.command == "config" and base.words[1] in ("validate", "set"):
        yield case(base, "file", "missing", with_option(base, "file", None), "file", fields=("file",))
        path, fields, rule = config_files(w.tmp)["not UTF-8"]  # after the options: the CLI takes it up itself
        yield case(base, "file", "not UTF-8, after the options", [*with_option(base, "file", None), str(path)], rule,
                   fields=("file",))
    if base.command == "config" and base.words[1] != "set":
        yield case(base, "--update", f"given to {base.words[1]}", [*base.argv(), "--update"], "config set")
    if base.words[:2] == ("config", "validate"):
        yield case(base, "--agent", "given to validate", [*base.argv(), "--agent", AGENT], "file alone")
    if base.command == "config" and base.words[1] in ("show", "history"):
        yield case(base, "file", "given", [*base.argv(), str(w.config)], "config validate")
    if base.command in ("serve", "mcp"):
        for v in ("0", "-1", "65536"):
            yield bad("--port", f"out of range {v}", v, "65535|port")
        yield bad("--host", "empty", "", EMPTY_RULE)
        yield bad("--embedder", "unknown", "nosuch:thing", "embedder")
        yield bad("--embedder", "empty", "", EMPTY_RULE)
    if base.command == "serve":
        yield bad("--host", "not loopback with --insecure-local", "0.0.0.0", "loopback")
        for t, values, rule in (("--max-body", ("0", "-1"), "positive|at least|1 or more"),
                                ("--threads", ("0", "-1"), "positive|at least|1 or more"),
                                ("--graceful-timeout", ("nan", "inf", "-1"), "finite|negative|at least|0 or more"),
                                ("--expire-every", ("nan", "inf", "0", "-1"), "finite|positive|above")):
            for v in values:
                yield bad(t, f"out of range {v}", v, rule)
    if base.command == "mcp" and opts.get("--transport") == "http":
        yield bad("--host", "not loopback", "0.0.0.0", "loopback")
    if base.command == "keys create" and "--agent" in opts and "--aws" not in opts:
        yield case(base, "--operator", "with --agent", [*base.argv(), "--operator"], "not allowed with|operator",
                   fields=("operator",))
        yield bad("--agent", "missing (neither --agent nor --operator)", None, "required|one of",
                  fields=("agent",))
        for t in ("--read", "--write"):
            yield bad(t, "an unknown level", ["session,galaxy"], "unknown level", fields=(t,))
        yield bad("--name", "over 200 characters", "n" * 201, "200")
        yield bad("--name", "empty", "", EMPTY_RULE)
    if base.command == "keys create" and "--aws" in opts:
        yield case(base, "--aws", "with --session", [*base.argv(), "--session", SESSION], "AWS|aws",
                   fields=("aws",))
    if base.command == "chat":
        yield bad("--model", "unknown provider", "nosuch:thing", "provider|model|unknown")
        yield bad("--model", "empty", "", EMPTY_RULE)
        yield bad("--session", "missing", None, USAGE["required"])
    if base.command == "demo":
        pg = "postgresql://postgres@127.0.0.1:5432/test"
        yield bad("--db", "--reset of a PostgreSQL database", pg, "SQLite", fields=("reset",))
        yield case(base, "--db", "an unknown scheme", ["demo", "--db", "mysql://localhost/x"], "sqlite://")
        yield bad("--db", "empty", "", EMPTY_RULE)


def cases_for(command: str, w: World, *, parsing: bool = True) -> list[Case]:
    """The cases of ``command``; ``parsing=False``: only those that get past argparse's own declarations (the
    others are refused before any store is opened, the same on every backend)."""
    parser = COMMANDS[command]
    out: list[Case] = []
    for base in (b for b in baselines(w) if b.command == command):
        if parsing:
            out += generic(base, parser)
        out += specific(base, w)
    return out


# -- checking a refusal -------------------------------------------------------------------------------------------
def problem(c: Case, r: Result, before: str, after: str) -> str | None:
    """What is wrong with how the CLI answered case ``c`` (None: it refused it as promised)."""
    if r.code == "traceback" or "Traceback (most recent call last)" in r.err:
        return f"a traceback: {r.err.strip().splitlines()[-1]}"
    if r.served:
        return f"not refused: reached {r.served[0]}"
    if r.code != 2:
        return f"exit {r.code}, not 2 (stderr {r.err.strip()[:200]!r})"
    if r.out.strip():
        return f"printed on stdout: {r.out.strip()[:120]!r}"
    lines = r.err.strip().splitlines()
    if len(lines) != 1:
        return f"{len(lines)} lines on stderr, not one: {r.err.strip()[:300]!r}"
    try:
        error = json.loads(lines[0])["error"]
    except (ValueError, KeyError, TypeError):
        return f"stderr is not {{'error': ...}}: {lines[0][:200]!r}"
    if error.get("field") not in c.fields:
        return f"field {error.get('field')!r}, not one of {list(c.fields)} ({error.get('message')!r})"
    if not error.get("type") or not re.search(c.rule, str(error.get("message") or "")):
        return f"message {error.get('message')!r} does not say the rule ({c.rule!r})"
    if after != before:
        return "the store changed"
    return None


def fell_back(cwd: Path) -> bool:
    """Whether a command opened the default ``./engram.db`` (removed, so the next case starts clean)."""
    found = False
    for p in cwd.glob("engram.db*"):
        found = True
        p.unlink()
    return found


def sweep(cases: list[Case], w: World, stubs: Stubs) -> list[str]:
    failures = []
    for c in cases:
        before = w.digest()
        r = run_in_process(list(c.argv), c.stdin, stubs)
        wrong = problem(c, r, before, w.digest())
        if fell_back(Path.cwd()):
            wrong = f"opened ./engram.db, not the --db given ({wrong or 'and refused nothing'})"
        if wrong:
            failures.append(f"{c.id}: {wrong}")
    return failures


# -- the tests ----------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("command", sorted(COMMANDS))
def test_bad_input_is_refused_and_changes_nothing(command: str, world: World, stubs: Stubs, tmp_path: Path) -> None:
    cases = cases_for(command, world, parsing=world.backend == "sqlite")
    assert cases, f"engram {command} has no malformed cases: add a baseline for it"
    failures = sweep(cases, world, stubs)
    assert not failures, f"{len(failures)} of {len(cases)} cases of engram {command}:\n" + "\n".join(failures)


def test_every_argument_of_every_command_has_a_malformed_case(tmp_path: Path) -> None:
    """A new command, or a new option of one, fails here until it has a baseline and a case."""
    w = World("sqlite", tmp_path, "sqlite:///x.db", lambda: "", dict.fromkeys(IDS, "x"), tmp_path / "config.json")
    missing = []
    for command, parser in COMMANDS.items():
        targets = {c.target for c in cases_for(command, w)}
        missing += [f"{command} {target_of(a)}" for a in arguments(parser) if target_of(a) not in targets]
    assert not missing, "arguments with no malformed case: " + ", ".join(missing)


def test_the_baselines_succeed(stubs: Stubs, request: pytest.FixtureRequest, tmp_path: Path) -> None:
    """Each case is one defect away from an invocation that works (on a world of its own: they write)."""
    stubs.lifespan = True
    failures = []
    with make_world("sqlite", tmp_path, request) as w:
        for base in baselines(w):
            r = run_in_process(base.argv(), base.stdin, stubs)
            if r.code != 0 or r.code == "traceback":
                failures.append(f"{base.name}: exit {r.code}: {r.err.strip()[-300:]}")
    assert not failures, "\n".join(failures)


# Cases run again as real processes (``python -m engram``): what a shell sees, with no in-process stand-ins.
IN_A_PROCESS = ("remember --bogus: an unknown option", "append (stdin) stdin: not UTF-8", "recall --config: not UTF-8",
                "serve --port: out of range 65536", "events --before: no such event", "keys create --db: empty",
                "get id: no such record", "jobs list id: given to list")


def test_a_real_process_refuses_with_one_json_line_and_no_traceback(request: pytest.FixtureRequest,
                                                                    tmp_path: Path) -> None:
    """A handful of cases, and two baselines (``get``; ``mcp`` over stdio, which ends when its stdin does), as real
    subprocesses, side by side."""
    cwd = tmp_path / "cwd"  # not where the world's engram.db is
    cwd.mkdir()
    with make_world("sqlite", tmp_path, request) as w:
        cases = {c.id: c for command in COMMANDS for c in cases_for(command, w)}
        chosen = [cases[name] for name in IN_A_PROCESS]
        valid = [b for b in baselines(w) if b.name in ("get", "mcp")]
        before = w.digest()
        with ThreadPoolExecutor(len(chosen) + len(valid)) as pool:
            refused = list(pool.map(lambda c: run_subprocess(list(c.argv), c.stdin, cwd), chosen))
            served = list(pool.map(lambda b: run_subprocess(b.argv(), b.stdin, cwd), valid))
        after = w.digest()
    failures = [f"{c.id}: {wrong}" for c, r in zip(chosen, refused, strict=True)
                if (wrong := problem(c, r, before, after))]
    failures += [f"{b.name}: exit {r.code}: {r.err.strip()[-300:]}" for b, r in zip(valid, served, strict=True)
                 if r.code != 0]
    assert not failures, "\n".join(failures)
    assert not list(cwd.glob("engram.db*")), "a command fell back to ./engram.db"


# The service commands' own entry points (``python -m engram.http.cli serve|keys ...``, ``python -m engram.mcp ...``)
# parse with the main CLI's parser class and checks: cases of theirs, and a baseline each, as real processes.
STANDALONE = {"engram.http.cli": ("serve --db: empty", "serve --port: out of range 65536", "serve --threads: out of "
                                  "range 0", "serve --graceful-timeout: out of range nan", "serve --bogus: an unknown "
                                  "option", "keys create --db: empty", "keys create --agent: a slash",
                                  "keys revoke id: no such key"),
              "engram.mcp": ("mcp --db: empty", "mcp --port: out of range 0", "mcp --agent: a slash",
                             "mcp (http) --port: out of range 65536", "mcp --config: not UTF-8")}


def test_the_service_entry_points_refuse_as_the_cli_does(request: pytest.FixtureRequest, tmp_path: Path) -> None:
    cwd = tmp_path / "cwd"  # an empty --db taken for the default would open ./engram.db here
    cwd.mkdir()
    with make_world("sqlite", tmp_path, request) as w:
        cases = {c.id: c for command in COMMANDS for c in cases_for(command, w)}
        chosen = [(module, cases[name]) for module, names in STANDALONE.items() for name in names]
        bases = {b.name: b for b in baselines(w)}
        valid = [("engram.http.cli", bases["keys list"]), ("engram.mcp", bases["mcp"])]

        def argv(module: str, words: list[str]) -> list[str]:
            return words[1:] if module == "engram.mcp" else words  # `python -m engram.mcp` is the mcp command

        before = w.digest()
        with ThreadPoolExecutor(len(chosen) + len(valid)) as pool:
            refused = list(pool.map(lambda mc: run_subprocess(argv(mc[0], list(mc[1].argv)), mc[1].stdin, cwd,
                                                              mc[0]), chosen))
            served = list(pool.map(lambda mb: run_subprocess(argv(mb[0], mb[1].argv()), mb[1].stdin, cwd, mb[0]),
                                   valid))
        after = w.digest()
    failures = [f"python -m {m} {c.id}: {wrong}" for (m, c), r in zip(chosen, refused, strict=True)
                if (wrong := problem(c, r, before, after))]
    failures += [f"python -m {m} {b.name}: exit {r.code}: {r.err.strip()[-300:]}"
                 for (m, b), r in zip(valid, served, strict=True) if r.code != 0]
    assert not failures, "\n".join(failures)
    assert not list(cwd.glob("engram.db*")), "an entry point fell back to ./engram.db"


# Defects the command line judges, given with a configuration that differs from the stored one: refused before the
# memory opens, so the configuration is not stored either.
BEFORE_OPENING = ("remember --agent: a slash", "remember --label: no name=value", "list --label: the same label twice",
                  "list --limit: out of range 0", "recall --min-score: out of range nan",
                  "events --after: not a time", "append (--messages) --messages: an empty list",
                  "append (--messages) --messages: an unknown role", "append (stdin) stdin: not UTF-8",
                  "erase --actor: missing", "jobs list id: given to list", "chat --actor: a slash",
                  "serve --port: out of range 0", "mcp --agent: a slash", "config set --agent: a slash")


def changed_config(tmp: Path, n: int) -> Path:
    """A configuration file unlike the stored one (and unlike every other one this makes)."""
    doc = json.loads(json.dumps(CONFIG))
    doc["harness"]["memory"]["labels"]["colour"] = {"number": 40, "description": f"Colour, take {n}."}
    path = tmp / f"changed{n}.json"
    path.write_text(json.dumps(doc))
    return path


def with_config(c: Case, path: Path) -> Case:
    argv = list(c.argv)
    if "--config" in argv:
        argv[argv.index("--config") + 1] = str(path)
    elif c.base.words[:2] == ("config", "set"):
        argv[argv.index(str(c.base.positionals["file"]))] = str(path)
    else:
        raise AssertionError(f"{c.id} takes no configuration")
    return Case(c.base, c.target, c.label, tuple(argv), c.fields, c.rule, c.stdin)


def test_a_changed_config_is_not_stored_by_a_refused_command(stubs: Stubs, request: pytest.FixtureRequest,
                                                             tmp_path: Path) -> None:
    failures = []
    with make_world("sqlite", tmp_path, request) as w:  # its own: a case that failed would change the config
        cases = {c.id: c for command in COMMANDS for c in cases_for(command, w)}
        for n, name in enumerate(BEFORE_OPENING):
            c = with_config(cases[name], changed_config(w.tmp, n))
            before = w.digest()
            r = run_in_process(list(c.argv), c.stdin, stubs)
            if wrong := problem(c, r, before, w.digest()):
                failures.append(f"{c.id}: {wrong}")
    assert not failures, "\n".join(failures)


# Defects only the library can judge (a limit, a kind, a record, event or job that is not there, an embedder or model
# it cannot load), given with a configuration that differs from the stored one: the memory opens with it in force
# but not stored, and the refusal stores nothing (a busy port is judged after the memory opens too).
AFTER_OPENING = ("remember summary: over the limit", "remember --kind: not a configured kind",
                 "remember --replaces: no such record", "get id: no such record", "events --before: no such event",
                 "pin id: a deleted record", "jobs retry id: no such job", "serve --embedder: unknown",
                 "mcp --embedder: unknown", "chat --model: unknown provider")


@pytest.mark.parametrize("backend", BACKENDS)
def test_a_changed_config_is_not_stored_when_the_library_refuses(backend: str, stubs: Stubs,
                                                                 request: pytest.FixtureRequest,
                                                                 tmp_path: Path) -> None:
    failures = []
    with make_world(backend, tmp_path, request) as w, socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        cases = {c.id: c for command in COMMANDS for c in cases_for(command, w)}
        serve = next(b for b in baselines(w) if b.command == "serve")
        in_use = case(serve, "--port", "in use", with_option(serve, "--port", str(busy.getsockname()[1])),
                      "cannot listen")
        for n, c in enumerate([cases[name] for name in AFTER_OPENING] + [in_use]):
            c = with_config(c, changed_config(w.tmp, n))
            before = w.digest()
            r = run_in_process(list(c.argv), c.stdin, stubs)
            if wrong := problem(c, r, before, w.digest()):
                failures.append(f"{c.id}: {wrong}")
    assert not failures, "\n".join(failures)


@pytest.mark.parametrize("backend", BACKENDS)
def test_a_changed_config_is_stored_once_the_command_succeeds(backend: str, stubs: Stubs,
                                                              request: pytest.FixtureRequest, tmp_path: Path) -> None:
    """The other side: a command that succeeds stores a changed --config; one that writes a record stores it in the
    record's own transaction, so the record names that version (as printed and as stored); a read stores it after."""
    with make_world(backend, tmp_path, request) as w:
        mem = Memory.open(w.url, embedder=HashingEmbedder())
        try:
            start = [v for v, _, _ in mem.config_history(None)]
            changed = changed_config(w.tmp, 0)
            r = run_in_process(["remember", "--db", w.url, "--config", str(changed), "--agent", AGENT, "--actor",
                                ACTOR, "--session", SESSION, "--label", "colour=teal", "Likes teal"], "", stubs)
            assert r.code == 0, r.err
            printed = json.loads(r.out)
            [v1] = [v for v, _, _ in mem.config_history(None)][len(start):]
            assert printed["provenance"]["config_version"] == v1
            assert mem.get(SCOPE, printed["id"]).provenance.config_version == v1
            r = run_in_process(["get", "--db", w.url, "--config", str(changed_config(w.tmp, 1)), "--agent", AGENT,
                                "--actor", ACTOR, "--session", SESSION, printed["id"]], "", stubs)
            assert r.code == 0, r.err
            assert len(mem.config_history(None)) == len(start) + 2
        finally:
            mem.close()
