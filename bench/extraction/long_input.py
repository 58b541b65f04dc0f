"""Time the offline extraction on long adversarial messages, to find work that grows faster than the input.

One user message of each shape below, at growing sizes, goes through:

- ``plan``: :func:`engram.strategies.pipeline.plan` (the entry point the engine calls) with SEMANTIC,
  USER_PREFERENCE, SUMMARIZATION and EPISODIC, no model, no stored records;
- ``memory``: :meth:`engram.Memory.append` then :meth:`engram.Memory.extract` on SQLite (``sqlite://:memory:``);
- every public function of :mod:`engram.extract` that takes text (found by signature), and the few that take
  events (``OfflineExtractor.facts``, ``echo.clean``, ``episode``, ``summarize``, ``later_fix.fixes`` /
  ``by_name``).

A call that takes longer than ``--limit`` seconds is stopped (SIGALRM interrupts ``re``) and that function is
not tried at larger sizes for that shape. ``growth`` is log2(t(2n) / t(n)) over the two largest sizes that both
took at least 0.02 s: about 1 is linear, 2 quadratic; a function is flagged when it is over 1.5 or it timed out.

Usage::

    .venv/bin/python bench/extraction/long_input.py                         # all shapes, all targets
    .venv/bin/python bench/extraction/long_input.py --only plan,memory --sizes 25000,50000,100000
    .venv/bin/python bench/extraction/long_input.py --shapes word,spaces --json /tmp/long.json
"""

from __future__ import annotations

import argparse
import base64
import importlib
import inspect
import itertools
import json
import math
import pkgutil
import signal
import sys
import time
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from types import FrameType
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "src"))

import engram.extract  # noqa: E402
import engram.extract.rules  # noqa: E402
from engram import Memory  # noqa: E402
from engram.config import DEFAULT_KINDS, Strategy  # noqa: E402
from engram.extract import OfflineExtractor, echo, episode, later_fix, summarize  # noqa: E402
from engram.strategies.pipeline import plan  # noqa: E402
from engram.types import Event, Record, Scope  # noqa: E402

NOW = datetime(2026, 3, 6, 12, 0, tzinfo=UTC)
SCOPE = Scope(agent="bench", actor="u1", session="s1")
STRATEGIES = (Strategy(type="SEMANTIC"), Strategy(type="USER_PREFERENCE"), Strategy(type="SUMMARIZATION"),
              Strategy(type="EPISODIC"))
CONFIG = {"harness": {"enabled": True, "memory": {"enabled": True,
    "scope": {"read": ["session", "actor"], "write": ["session", "actor"]},
    "extraction": {"trigger": "off"},
    "strategies": [{"type": s.type} for s in STRATEGIES]}}}


def _rep(unit: str, n: int) -> str:
    return (unit * (n // len(unit) + 1))[:n]


_B64 = base64.b64encode(bytes(range(256)) * 3).decode()
_PROSE = ("I moved to Porto last spring with my wife Ana, and we still love the light here. My daughter Mia "
          "started school in September; she's learning Portuguese faster than I am. I work at Initech as a "
          "data engineer, mostly remote, and I play squash on Thursdays. ")

SHAPES: dict[str, Callable[[int], str]] = {
    "word": lambda n: "a" * n,
    "WORD": lambda n: "A" * n,
    "Ab Ab": lambda n: _rep("Ab ", n),
    "a-comma": lambda n: _rep("a, ", n),
    "I I": lambda n: _rep("I ", n),
    "I'm": lambda n: _rep("I'm ", n),
    "my a": lambda n: _rep("my a ", n),
    "Aa and": lambda n: _rep("Aa and ", n),
    "not": lambda n: _rep("not ", n),
    "dots": lambda n: "." * n,
    "punct": lambda n: _rep("!?.,;:'\"()-", n),
    "dashes": lambda n: "-" * n,
    "apos": lambda n: "'" * n,
    "spaces": lambda n: "a" + " " * (n - 2) + "a",
    "newlines": lambda n: _rep("a\n", n),
    "digits": lambda n: "1" * n,
    "digits sp": lambda n: _rep("12 ", n),
    "times": lambda n: _rep("12:30 ", n),
    "mixed": lambda n: _rep("aбא中é", n),
    "url": lambda n: "see https://example.com/" + _rep("ab/", max(n - 24, 1)),
    "base64": lambda n: _rep(_B64, n),
    "prose": lambda n: _rep(_PROSE, n),
}


def _event(text: str, role: str = "user", seq: int = 1) -> Event:
    return Event(id=f"e{seq}", agent="bench", actor="u1", session="s1", seq=seq, role=role, content=text, at=NOW)


def _no_records(*_: Any) -> list[Record]:
    return []


def _plan(text: str) -> Any:
    return plan([_event(text)], scope=SCOPE, strategies=STRATEGIES, model=None, neighbors=_no_records, now=NOW,
                kinds=DEFAULT_KINDS)


def _memory(text: str) -> Any:
    mem = Memory.open("sqlite://:memory:", config=CONFIG, clock=lambda: NOW)
    try:
        mem.append(SCOPE, [{"role": "user", "content": text, "at": NOW}])
        return mem.extract(SCOPE)
    finally:
        mem.close()


def targets() -> dict[str, Callable[[str], Any]]:
    """Every callable timed, by name: the two whole paths first, then each function of ``engram.extract``."""
    out: dict[str, Callable[[str], Any]] = {
        "plan": _plan,
        "memory": _memory,
        "OfflineExtractor.facts": lambda t: OfflineExtractor().facts([_event(t)]),
        "echo.clean": lambda t: echo.clean([_event(t)]),
        "episode": lambda t: episode([_event(t)]),
        "summarize": lambda t: summarize([_event(t)]),
        "later_fix.fixes": lambda t: later_fix.fixes([_event(t)], [], [], _no_records),
        "later_fix.by_name": lambda t: later_fix.by_name([_event(t)], [], _no_records),
    }
    for pkg in (engram.extract, engram.extract.rules):
        for info in pkgutil.iter_modules(pkg.__path__):
            mod = importlib.import_module(f"{pkg.__name__}.{info.name}")
            for name, fn in vars(mod).items():
                if name.startswith("_") or not inspect.isfunction(fn) or fn.__module__ != mod.__name__:
                    continue
                params = [p for p in inspect.signature(fn).parameters.values() if p.default is p.empty]
                if params and all(p.annotation in ("str", str) for p in params):
                    out[f"{info.name}.{name}"] = (lambda f, k: lambda t: f(*([t] * k)))(fn, len(params))
    return out


class _Stop(Exception):
    pass


def _alarm(_sig: int, _frame: FrameType | None) -> None:
    raise _Stop


def timed(fn: Callable[[str], Any], text: str, limit: float) -> float:
    """Seconds ``fn(text)`` took, or ``inf`` when stopped at ``limit``."""
    signal.setitimer(signal.ITIMER_REAL, limit)
    started = time.perf_counter()
    try:
        fn(text)
        return time.perf_counter() - started
    except _Stop:
        return math.inf
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)


def growth(times: dict[int, float]) -> float | None:
    """log2 of the time ratio (per doubling of size) over the two largest sizes that both took >= 0.02 s (or inf)."""
    sizes = sorted(times)
    for small, big in reversed(list(itertools.pairwise(sizes))):
        if math.isinf(times[big]) and not math.isinf(times[small]):
            return math.inf
        if times[small] >= 0.02 and not math.isinf(times[big]):
            return math.log2(times[big] / times[small]) / math.log2(big / small)
    return None


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--sizes", default="2000,4000,8000,16000,32000,100000", help="message sizes, comma-separated")
    ap.add_argument("--shapes", default=",".join(SHAPES), help="which shapes (default: all)")
    ap.add_argument("--only", default="", help="which targets, comma-separated names (default: all)")
    ap.add_argument("--limit", type=float, default=10.0, help="seconds before a call is stopped")
    ap.add_argument("--json", type=Path, default=None, help="also write the JSON here")
    args = ap.parse_args(argv)
    signal.signal(signal.SIGALRM, _alarm)
    sizes = [int(s) for s in args.sizes.split(",")]
    todo = targets()
    if args.only:
        todo = {k: v for k, v in todo.items() if k in args.only.split(",")}
    shapes = args.shapes.split(",")
    report: dict[str, dict[str, Any]] = {}
    flagged = []
    for name, fn in todo.items():
        for shape in shapes:
            times: dict[int, float] = {}
            for n in sizes:
                times[n] = timed(fn, SHAPES[shape](n), args.limit)
                if math.isinf(times[n]) or times[n] > args.limit / 2:
                    break
            g = growth(times)
            report.setdefault(name, {})[shape] = {"seconds": times, "growth": g}
            if g is not None and g > 1.5:
                flagged.append((name, shape, times, g))
            print(f"{name:34} {shape:10} " + " ".join(f"{n}:{t:.3f}" for n, t in times.items())
                  + (f"  growth {g:.2f}" if g is not None else ""), file=sys.stderr, flush=True)
    out = {"sizes": sizes, "limit": args.limit, "report": report,
           "flagged": [{"target": n, "shape": s, "seconds": t, "growth": g} for n, s, t, g in flagged]}
    text = json.dumps(out, indent=1, default=str)
    print(text)
    if args.json:
        args.json.write_text(text)
    print("\nsize -> seconds of what grows faster than linearly (growth > 1.5 or stopped):")
    for n, s, t, g in flagged:
        print(f"  {n:34} {s:10} " + " ".join(f"{k}:{v:.2f}" for k, v in t.items()) + f"  growth {g:.2f}")
    if not flagged:
        print("  none")
    return 1 if flagged else 0


if __name__ == "__main__":
    raise SystemExit(main())
