"""Wrongful supersedes: how often a fact the user states ends another, unrelated one that still holds.

Two sources of facts that hold at the same time, neither written for this probe:

- ``reworded``: the records of each user of ``bench/data/reworded*/users.json`` (issue 30's hand-written
  profiles: "Works as a pediatric nurse at St. Mary's hospital", "Drives a 2015 Honda Jazz", ...), kind
  fact or event, put in the first person by a fixed rule (:func:`first_person`: a leading third-person verb
  becomes "I <base form>", a leading relation "My <relation>"; a record starting otherwise is left out);
- ``locomo``: LoCoMo's per-speaker ``observation``s of one session (LLM-written, both true at the end of that
  session), the speaker's name put as "I"/"My" and third-person verbs after it as the first person.

Each ordered pair (a, b) of facts of one user (one session's speaker for LoCoMo), sampled with a fixed seed,
is played through ``engram.strategies.pipeline.plan`` (SEMANTIC, the default embedder, ``run.py``'s in-memory
store, which hands back every record of a namespace this small, as the engine's lookup would), one actor per
pair, or with ``--engine`` through ``engram.Memory`` (SQLite in memory, the default strategies, extraction at
each turn's end; slower): "a" is said and extracted, then "b". A pair counts when "a" left at least one
active long-term record; it is a **wrongful supersede** when any of those records is no longer active after "b"
(superseded or deleted): both facts hold, so nothing should end.

Usage::

    .venv/bin/python bench/extraction/unrelated.py                     # both sources, 12 pairs per user
    .venv/bin/python bench/extraction/unrelated.py --set reworded --per-user 40 -v --json out.json
"""

from __future__ import annotations

import argparse
import json
import random
import re
import sys
import time
from collections.abc import Iterator, Sequence
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "src"))

sys.path.insert(0, str(Path(__file__).resolve().parent))

from run import MemStore  # noqa: E402

from engram import Memory  # noqa: E402
from engram.config import DEFAULT_KINDS, Strategy  # noqa: E402
from engram.embedders import load_embedder  # noqa: E402
from engram.extract.lexicon import FAMILY, PETS  # noqa: E402
from engram.strategies.pipeline import plan  # noqa: E402
from engram.types import Event, Scope  # noqa: E402

LONG_TERM = ("/facts/", "/preferences/")
_IRREGULAR = {"is": "am", "has": "have", "does": "do", "goes": "go", "was": "was", "doesn't": "don't",
              "isn't": "am not", "hasn't": "haven't"}
_RELATION = frozenset({*FAMILY, *PETS, "partner", "manager", "boss", "landlord", "friend", "colleague"})
_PRONOUNS = ((r"\b(?:his|her|their)\b", "my"), (r"\b(?:him|them)\b", "me"), (r"\b(?:himself|herself)\b", "myself"))


def _base(verb: str) -> str | None:
    """The first-person form of a third-person present verb ("Lives" -> "live"), a past one as is, else None."""
    w = verb.lower()
    if w in _IRREGULAR:
        return _IRREGULAR[w]
    if re.fullmatch(r"[a-z]+ed|got|went|had|took|made|bought|began|sold|quit|left|met|won|ran|became", w):
        return w
    if re.fullmatch(r"[a-z]{3,}ies", w):
        return w[:-3] + "y"
    if re.fullmatch(r"[a-z]+(?:ches|shes|sses|xes|zes|oes)", w):
        return w[:-2]
    if re.fullmatch(r"[a-z]{2,}[^su']s", w):
        return w[:-1]
    return None


def _pronouns(text: str) -> str:
    for pattern, repl in _PRONOUNS:
        text = re.sub(pattern, repl, text)
    return text


def first_person(summary: str) -> str | None:
    """A third-person record as the user would say it ("Drives a 2015 Honda Jazz" -> "I drive a 2015 Honda
    Jazz."), or None when its first word is neither a verb nor a relation."""
    words = summary.strip().rstrip(".").split()
    if len(words) < 2:
        return None
    if words[0].lower() in _RELATION:
        return _pronouns(f"My {words[0].lower()} {' '.join(words[1:])}") + "."
    base = _base(words[0])
    if base is None:
        return None
    return _pronouns(f"I {base} {' '.join(words[1:])}") + "."


def _speaker_first_person(speaker: str, text: str) -> str | None:
    """A LoCoMo observation about ``speaker`` as ``speaker`` would say it, or None when it does not start
    with the speaker's name."""
    text = text.strip()
    if text.startswith(f"{speaker}'s "):
        rest = text[len(speaker) + 3:]
        out = f"My {rest}"
    elif text.startswith(f"{speaker} "):
        words = text[len(speaker) + 1:].split()
        if not words:
            return None
        base = _base(words[0])
        if base is None:
            return None
        out = " ".join(["I", base, *words[1:]])
    else:
        return None
    out = re.sub(rf"\b{re.escape(speaker)}'s\b", "my", out)
    out = re.sub(rf"\b{re.escape(speaker)}\b", "me", out)
    out = re.sub(r"\b(?:she|he)\b", "I", _pronouns(out))
    return out.rstrip(".") + "."


def reworded_groups() -> Iterator[tuple[str, list[str]]]:
    for path in sorted((ROOT / "bench" / "data").glob("reworded*/users.json")):
        for user in json.loads(path.read_text(encoding="utf-8"))["users"]:
            said = [s for kind, text in user["records"].values() if kind in ("fact", "event")
                    if (s := first_person(text))]
            yield f"{path.parent.name}/{user['user']}", said


def locomo_groups() -> Iterator[tuple[str, list[str]]]:
    data = json.loads((Path("/work/shared/benchdata/locomo/locomo10.json")).read_text(encoding="utf-8"))
    for sample in data:
        for sess, by_speaker in sample["observation"].items():
            for speaker, items in by_speaker.items():
                said = [s for text, _ in items if (s := _speaker_first_person(speaker, text))]
                yield f"{sample['sample_id']}/{sess}/{speaker}", said


def pairs(groups: Iterator[tuple[str, list[str]]], per_group: int, seed: int) -> list[tuple[str, str, str]]:
    rng = random.Random(seed)
    out = []
    for name, said in groups:
        every = [(a, b) for i, a in enumerate(said) for j, b in enumerate(said) if i != j and a != b]
        out += [(name, a, b) for a, b in (rng.sample(every, per_group) if len(every) > per_group else every)]
    return out


def _long_term(mem: Memory, scope: Scope, status: Sequence[str]) -> dict[str, Any]:
    return {r.id: r for r in mem.list(Scope(agent=scope.agent, actor=scope.actor), status=list(status), limit=200)
            if r.namespace.startswith(LONG_TERM)}


def play_plan(items: list[tuple[str, str, str]], embedder: str | None) -> list[dict[str, Any]]:
    embed = load_embedder(embedder).embed
    at = datetime(2025, 3, 1, 12, 0, tzinfo=UTC)
    out = []
    for n, (group, a, b) in enumerate(items):
        store, scope = MemStore(), Scope(agent="probe", actor=f"p{n}", session="a")
        done: list[Event] = []
        for i, text in enumerate((a, b)):
            ev = Event(id=f"p{n}-{i}", agent="probe", actor=scope.actor, session="a", seq=i, role="user",
                       content=text, at=at + timedelta(minutes=i))
            ops, _ = plan([ev], scope=scope, strategies=(Strategy(type="SEMANTIC"),), model=None,
                          neighbors=store.neighbors, now=ev.at, kinds=DEFAULT_KINDS, history=done, embed=embed)
            store.apply(ops, scope, ev.at)
            done.append(ev)
            if i == 0:
                first = {r.id: r.summary for r in store.active()}
        out.append({"group": group, "a": a, "b": b, "stored": list(first.values()),
                    "ended": [s for i, s in first.items() if store.records[i].status != "active"],
                    "now": [r.summary for r in store.active()]})
    return out


def play_engine(items: list[tuple[str, str, str]], embedder: str | None) -> list[dict[str, Any]]:
    mem = Memory.open("sqlite://:memory:", embedder=embedder)  # the defaults: extraction at each turn's end
    out = []
    try:
        for n, (group, a, b) in enumerate(items):
            scope = Scope(agent="probe", actor=f"p{n}", session="a")
            mem.append(scope, [{"role": "user", "content": a}])
            first = _long_term(mem, scope, ["active"])
            mem.append(scope, [{"role": "user", "content": b}])
            after = _long_term(mem, scope, ["active", "superseded", "deleted"])
            ended = [first[i].summary for i in first if i in after and after[i].status != "active"]
            out.append({"group": group, "a": a, "b": b, "stored": [r.summary for r in first.values()],
                        "ended": ended,
                        "now": [r.summary for r in after.values() if r.status == "active"]})
    finally:
        mem.close()
    return out


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    ap.add_argument("--set", choices=("reworded", "locomo", "both"), default="both")
    ap.add_argument("--per-user", type=int, default=12, help="ordered pairs sampled per user/speaker-session")
    ap.add_argument("--locomo-per", type=int, default=2, help="pairs per LoCoMo speaker-session (default 2)")
    ap.add_argument("--seed", type=int, default=31)
    ap.add_argument("--embedder", default=None)
    ap.add_argument("--engine", action="store_true", help="through engram.Memory (SQLite), not plan() (slower)")
    ap.add_argument("--json", type=Path, default=None)
    ap.add_argument("-v", "--verbose", action="store_true", help="list every wrongful supersede")
    args = ap.parse_args(argv)
    report: dict[str, Any] = {"seed": args.seed, "path": "engine" if args.engine else "plan", "sets": {}}
    sources = {"reworded": lambda: pairs(reworded_groups(), args.per_user, args.seed),
               "locomo": lambda: pairs(locomo_groups(), args.locomo_per, args.seed)}
    rows = []
    for name in (("reworded", "locomo") if args.set == "both" else (args.set,)):
        items = sources[name]()
        started = time.perf_counter()
        played = (play_engine if args.engine else play_plan)(items, args.embedder)
        counted = [p for p in played if p["stored"]]
        wrong = [p for p in counted if p["ended"]]
        rate = len(wrong) / len(counted) if counted else 0.0
        report["sets"][name] = {"pairs": len(played), "counted": len(counted), "wrongful": len(wrong),
                                "rate": round(rate, 4), "seconds": round(time.perf_counter() - started, 1),
                                "misses": wrong}
        rows.append((name, len(played), len(counted), len(wrong), rate))
        if args.verbose:
            for p in wrong:
                print(f"  {p['group']}: {p['a']!r} then {p['b']!r} ended {p['ended']}")
    print(json.dumps({k: {kk: vv for kk, vv in v.items() if kk != "misses"} for k, v in report["sets"].items()}))
    print(f"{'set':<10} {'pairs':>6} {'counted':>8} {'wrongful':>9} {'rate':>7}")
    for name, n, c, w, r in rows:
        print(f"{name:<10} {n:>6} {c:>8} {w:>9} {r:>7.3f}")
    if args.json:
        args.json.write_text(json.dumps(report, indent=1, ensure_ascii=False), encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
