"""The command line's own checks of its arguments: :class:`Parser` and :func:`harden`.

Every engram entry point (``engram``, ``python -m engram.http.cli``, ``python -m engram.mcp``) parses with
:class:`Parser`, whose usage errors are engram's one-line JSON error on stderr (exit 2), and passes its parser
through :func:`harden`, which gives each option the check its name calls for (:data:`CHECKS`): an id, a database
URL, a number in range, a label, a time, or at least not an empty string. So a bad value is refused, naming the
option as the library names its fields, before any command opens the memory, and a view registered from its own
module (serve, keys, mcp, chat) is held to the same rules as the verbs. Kept apart from :mod:`engram.cli` so the
entry points that only need the checks do not load the verbs, and so the CLI module stays small.
"""

from __future__ import annotations

import argparse
import difflib
import json
import math
import re
import sys
from collections.abc import Callable, Sequence
from datetime import datetime
from typing import Any, NoReturn

from .core import validate
from .errors import ValidationError
from .types import check_id


# -- how a usage error is reported ---------------------------------------------------------------------------------
class Parser(argparse.ArgumentParser):
    """argparse, except that a usage error is engram's JSON error on stderr (exit 2), like every other; a
    command given without its sub-command (``engram keys``) prints that command's help instead (exit 2)."""

    def error(self, message: str) -> NoReturn:
        if message.startswith("the following arguments are required: ") and self._subparsers is not None:
            wanted = message.split(": ", 1)[1].split(", ")
            subs = [a.dest for a in self._subparsers._group_actions if isinstance(a, argparse._SubParsersAction)]
            if any(w in subs or w.startswith("{") for w in wanted):
                self.print_help()
                self.exit(2)
        error = {"type": "ValidationError", "message": f"{self.prog}: {self._suggest(message)}",
                 "field": self._field(message)}
        print(json.dumps({"error": error}), file=sys.stderr)
        self.exit(2)

    @staticmethod
    def _suggest(message: str) -> str:
        """An invalid choice with the nearest valid one named first (``engram recal``: did you mean 'recall'?),
        since the list of choices alone (22 verbs) leaves the reader to spot the typo."""
        m = re.match(r"(.*invalid choice: '(.*)') (\(choose from (.*)\))$", message)
        if m is None:
            return message
        near = difflib.get_close_matches(m.group(2), re.findall(r"'([^']*)'", m.group(4)), n=1)
        return f"{m.group(1)}: did you mean '{near[0]}'? {m.group(3)}" if near else message

    def _field(self, message: str) -> str | None:
        """What a usage error is about, as the library names fields: an option's name (``--min-score``:
        ``min_score``), a positional's; an argument the command does not take, as typed."""
        for pattern in (r"argument ([^:]+):", r"the following arguments are required: ([^, ]+)",
                        r"unrecognized arguments: (\S+)", r"one of the arguments (\S+) .* is required"):
            m = re.match(pattern, message)
            if m:
                name = m.group(1).split("/")[-1].split("=", 1)[0]  # "-x/--long": the long one; "--x=1": "--x"
                action = self._option_string_actions.get(name)
                return action.dest if action is not None else name
        return None


# -- what the command line checks before anything runs ------------------------------------------------------------
def _check(fn: Callable[[str], Any]) -> Callable[[str], Any]:
    """An argparse ``type`` (named as ``fn``: ``int``, ``float``, ...): ``fn``'s ValidationError becomes the usage
    error naming the option."""
    def convert(value: str) -> Any:
        try:
            return fn(value)
        except ValidationError as exc:
            raise argparse.ArgumentTypeError(exc.message) from None
    convert.__name__ = fn.__name__
    return convert


def _text(value: str) -> str:
    if not value.strip():
        raise ValidationError("must not be empty")
    return value


def _db_url(value: str) -> str:
    """A database URL: the schemes :func:`engram.engine.open_store` opens (the store judges the rest)."""
    if not _text(value).startswith(("sqlite://", "postgresql://", "postgres://")):
        raise ValidationError("must start with sqlite:// or postgresql://")
    return value


def _id(value: str) -> str:
    check_id(value, "")
    return value


def _id_or_none(value: str) -> str | None:
    """``--actor ''`` of ``engram chat``: a session of the agent alone."""
    return None if value == "" else _id(value)


def _integer(low: int, high: int | None = None) -> Callable[[str], int]:
    def check(value: str) -> int:
        try:
            n = int(value)
        except ValueError:
            raise ValidationError(f"invalid int value: {value!r}") from None
        if n < low or (high is not None and n > high):
            raise ValidationError(f"must be an integer from {low} to {high}" if high is not None
                                  else f"must be an integer of at least {low}")
        return n
    check.__name__ = "int"
    return check


def _number(low: float, high: float | None = None, *, above: bool = False) -> Callable[[str], float]:
    def check(value: str) -> float:
        try:
            x = float(value)
        except ValueError:
            raise ValidationError(f"invalid float value: {value!r}") from None
        if not math.isfinite(x):
            raise ValidationError("must be a finite number")
        if x < low or (above and x == low) or (high is not None and x > high):
            raise ValidationError(f"must be a number from {low:g} to {high:g}" if high is not None
                                  else f"must be a number {'above' if above else 'of at least'} {low:g}")
        return x
    check.__name__ = "float"
    return check


def _label(value: str) -> tuple[str, str]:
    name, eq, text = value.partition("=")
    if not eq or not name.strip():
        raise ValidationError(f"must look like name=value (got {value!r})")
    return name, text


def _event_or_time(value: str) -> str | datetime:
    """``--before``: an event id (``e_...``) as given, anything else an ISO 8601 time (naive means UTC)."""
    return _text(value) if value.startswith("e_") else _time(value, "an event id (e_...) or ")


def _time(value: str, alternative: str = "") -> datetime:
    """An ISO 8601 time (naive means UTC) within the range the library keeps times in."""
    try:
        return validate.as_utc(_text(value), "")
    except ValidationError as exc:
        if "ISO" not in exc.message:
            raise  # out of range: the library's words
        raise ValidationError(f"must be {alternative}an ISO 8601 time, such as 2026-01-02T03:04:05Z") from None


# The options every command shares by name, checked as the command line is parsed (a command registered by another
# module gets them too): dest -> check. A string option with no check of its own must not be empty, except these.
CHECKS: dict[str, Callable[[str], Any]] = {
    "db": _db_url, "agent": _id, "actor": _id, "session": _id,
    "limit": _integer(1, validate.MAX_LIMIT), "port": _integer(1, 65535), "max_body": _integer(1),
    "threads": _integer(1), "graceful_timeout": _number(0), "expire_every": _number(0, above=True),
    "min_score": _number(0, 1), "label": _label, "before": _event_or_time, "after": _time,
}
# (command, dest) -> check, where a command means something else by an option
COMMAND_CHECKS: dict[tuple[str, str], Callable[[str], Any]] = {
    ("chat", "actor"): _id_or_none,  # '' is documented: a session of the agent alone
    ("jobs", "limit"): _integer(1),  # `jobs run` may run more than a page; `jobs list` pages are the library's
}
MAY_BE_EMPTY = {"content", "instructions", "read", "write"}  # text as given; keys --write '' is a read-only key


def parse(parser: argparse.ArgumentParser, argv: Sequence[str] | None) -> argparse.Namespace | int:
    """``argv`` parsed, or the exit code of a usage error (printed by :class:`Parser`) or of ``--help``: for the
    entry points whose ``main`` returns its exit code."""
    try:
        return parser.parse_args(argv)
    except SystemExit as exc:
        return 0 if exc.code is None else exc.code if isinstance(exc.code, int) else 2


def harden(parser: argparse.ArgumentParser, command: str = "") -> None:
    """Give every command's options the checks of :data:`CHECKS`: a bad value is a usage error naming the option
    (exit 2) before anything opens the memory."""
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                harden(sub, f"{command} {name}".strip())
            continue
        if isinstance(action, (argparse._HelpAction, argparse._VersionAction)) or action.nargs == 0:
            continue
        check = COMMAND_CHECKS.get((command, action.dest)) or CHECKS.get(action.dest)
        if check is None and action.type is None and action.choices is None and action.dest not in MAY_BE_EMPTY:
            check = _text
        if check is not None:
            action.type = _check(check)
