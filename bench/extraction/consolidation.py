"""Consolidation on unseen users: after every session is extracted offline, does recall give the latest value?

Plays the generated scenario sets (``users/generate.py``: 120 synthetic users, facts stated among filler,
restated, self-corrected and changed, people they name; ``users/families.py``: 60 users saying the same
kinds of thing in other ways; ``users/shifts.py``: 48 users changing facts in new words, written after the
rules it tests) through ``engram.Memory`` on SQLite in memory: each
session is appended, then ``Memory.extract`` runs the configured strategies offline. Then, from a new
session of the same actor, each probe's question is recalled and the top 3 records are read:

- **latest@3**: the latest value is in a top-3 record's summary;
- **stale@3**: a top-3 record names a stale value (an earlier value, or a slip the speaker corrected) as
  if it held, i.e. not the latest one and not as over ("Sold the Clio", "Stopped learning Greek" say the
  value is past); rate over the probes that have a stale value. **mention@3** is the strict form: any
  top-3 record naming a stale value without the latest one;
- **duplicates**: two or more active long-term records name the latest value; rate over all probes;
- **decoy@3**: a top-3 record names a value only mentioned in a question or hypothetical.

The ``test`` split (a third of the users by hash of their id) is never used to tune a rule: ``-v`` lists the
misses of the ``dev`` split only.

Usage::

    .venv/bin/python bench/extraction/consolidation.py                    # both splits, default embedder
    .venv/bin/python bench/extraction/consolidation.py --split dev -v     # dev misses, one per line
    .venv/bin/python bench/extraction/consolidation.py --embedder hashing --json out.json
    .venv/bin/python bench/extraction/consolidation.py --set shifts --embedder hashing   # the third set alone
    .venv/bin/python bench/extraction/consolidation.py --model openai:MODEL --base-url http://127.0.0.1:8080/v1

With ``--model`` every extraction is the model's (each strategy one structured call, then one consolidation
call); a session whose extraction the model fails (an error, or an answer refused as malformed) is counted
in ``failed`` and the run goes on, as the failed job would wait for a retry. Seconds per turn are append +
extraction per message, on either path.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import sys
import time
from collections.abc import Sequence
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "src"))
sys.path.insert(0, str(Path(__file__).resolve().parent / "users"))

import families  # noqa: E402
import shifts  # noqa: E402
from generate import DIGEST, build, digest  # noqa: E402
from playback import append_and_extract  # noqa: E402

from engram import Memory  # noqa: E402
from engram.types import Record, Scope  # noqa: E402

STRATEGIES = ("SEMANTIC", "USER_PREFERENCE", "SUMMARIZATION", "EPISODIC")
LONG_TERM = ("/facts/", "/preferences/")
TOP = 3


_OVER = re.compile(r"\b(?:quit|quitting|left|sold|stopped|gave up|gives up|no longer|not|never|moved from|moved away "
                   r"from|used to|former|ex|traded in|instead of|switched from|laid off from|retracted|cancelled|"
                   r"dropped|got rid of)\b", re.IGNORECASE)


def _names(value: str, text: str) -> bool:
    return re.search(r"(?<![\w-])" + re.escape(value) + r"(?![\w-])", text, re.IGNORECASE) is not None


def _as_over(value: str, text: str) -> bool:
    """The summary names ``value`` as over ("Sold the Clio", "Stopped learning Greek", "No longer lives in X")."""
    m = re.search(r"(?<![\w-])" + re.escape(value) + r"(?![\w-])", text, re.IGNORECASE)
    return m is not None and _OVER.search(text[:m.start()]) is not None


def play(user: dict[str, Any], embedder: str | None, model: str | None = None) -> dict[str, Any]:
    """One user's sessions through Memory, extraction after each session (timed); then every probe recalled."""
    cfg = {"harness": {"memory": {"enabled": True,
                                  "scope": {"read": ["session", "actor"], "write": ["session", "actor"]},
                                  "extraction": {"trigger": "off"},
                                  "strategies": [{"type": t} for t in STRATEGIES]}}}
    now = [datetime.fromisoformat(user["sessions"][0]["start"]).replace(tzinfo=UTC)]
    mem = Memory.open("sqlite://:memory:", config=cfg, embedder=embedder, model=model, embed_history="inline",
                      clock=lambda: now[0])
    actor = user["id"]
    turns, seconds, failed = 0, 0.0, 0
    try:
        for si, sess in enumerate(user["sessions"]):
            scope = Scope(agent="bench", actor=actor, session=f"{actor}-s{si}")
            t0 = datetime.fromisoformat(sess["start"]).replace(tzinfo=UTC)
            msgs = [{"role": r, "content": c, "at": t0 + timedelta(minutes=i)}
                    for i, (r, c) in enumerate(sess["messages"])]
            now[0] = msgs[-1]["at"] + timedelta(minutes=1)  # the session as it happens: its time is "now"
            started = time.perf_counter()
            if append_and_extract(mem, scope, msgs, f"{actor} s{si}")[1] is None:
                failed += 1
            seconds += time.perf_counter() - started
            turns += len(msgs)
        now[0] += timedelta(days=1)
        probe = Scope(agent="bench", actor=actor, session=f"{actor}-probe")
        records = [r for r in mem.list(probe, limit=1000) if r.namespace.startswith(LONG_TERM)]
        out = []
        for p in user["probes"]:
            hits = mem.recall(probe, p["question"], limit=TOP)[:TOP]
            out.append(judge(p, [h.record for h in hits], records))
        return {"id": actor, "split": user["split"], "probes": out, "records": len(records), "turns": turns,
                "seconds": seconds, "failed": failed}
    finally:
        mem.close()


def judge(p: dict[str, Any], top: Sequence[Record], records: Sequence[Record]) -> dict[str, Any]:
    latest = p["latest"]
    latest_hit = any(_names(latest, r.summary) for r in top)
    stale_any = [s for s in p["stale"] for r in top if _names(s, r.summary) and not _names(latest, r.summary)]
    stale_hit = [s for s in p["stale"] for r in top if _names(s, r.summary) and not _names(latest, r.summary)
                 and not _as_over(s, r.summary)]
    decoy_hit = [d for d in p["decoys"] for r in top if _names(d, r.summary) and not _names(latest, r.summary)]
    same = [r.summary for r in records if _names(latest, r.summary)]
    return {"question": p["question"], "attr": p["attr"], "subject": p["subject"], "kinds": p["kinds"],
            "latest": latest, "stale": p["stale"], "latest_at3": latest_hit, "has_stale": bool(p["stale"]),
            "stale_at3": sorted(set(stale_hit)), "stale_mention_at3": sorted(set(stale_any)), "decoys": p["decoys"],
            "decoy_at3": sorted(set(decoy_hit)), "duplicate": len(same) > 1,
            "same_value_records": same, "top": [r.summary for r in top]}


def totals(probes: list[dict[str, Any]]) -> dict[str, Any]:
    n = len(probes)
    with_stale = [p for p in probes if p["has_stale"]]
    with_decoy = [p for p in probes if p["decoy_at3"] or "decoy" in p["kinds"]]
    return {"probes": n, "latest_at3": sum(p["latest_at3"] for p in probes) / n if n else 0.0,
            "stale_at3": sum(bool(p["stale_at3"]) for p in with_stale) / len(with_stale) if with_stale else 0.0,
            "stale_mention_at3": sum(bool(p["stale_mention_at3"]) for p in with_stale) / len(with_stale)
            if with_stale else 0.0,
            "duplicates": sum(p["duplicate"] for p in probes) / n if n else 0.0,
            "decoy_at3": sum(bool(p["decoy_at3"]) for p in with_decoy) / len(with_decoy) if with_decoy else 0.0,
            "with_stale": len(with_stale)}


SETS = (("base", build, DIGEST), ("families", families.build, families.DIGEST), ("shifts", shifts.build, shifts.DIGEST))


def _set_of(user_id: str) -> str:
    return {"f": "families", "g": "shifts"}.get(user_id[:1], "base")


def _in(which: str, user_id: str) -> bool:
    """``all`` is base and families (the sets the targets are stated on); ``shifts`` is reported on its own."""
    return _set_of(user_id) in (("base", "families") if which == "all" else (which,))


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--split", choices=("dev", "test", "all"), default="all")
    ap.add_argument("--set", dest="which", choices=("base", "families", "shifts", "all"), default="all",
                    help="the base set (generate.py), the families (families.py), both (all), or the shifts "
                         "(shifts.py, written after the rules for hobbies, names and ends, to test them)")
    ap.add_argument("--embedder", default=None, help="embedder spec (default: engram's default)")
    ap.add_argument("--users", type=int, default=0, help="only the first N users of the split (0: all)")
    ap.add_argument("--model", default=None, help="an extraction model, e.g. openai:gpt-4o-mini (default: offline)")
    ap.add_argument("--base-url", default=None, help="an OpenAI-compatible endpoint for --model openai:...")
    ap.add_argument("--json", type=Path, default=None, help="write the full report here")
    ap.add_argument("-v", "--verbose", action="store_true", help="list the dev split's misses")
    args = ap.parse_args(argv)
    if args.base_url:
        os.environ["OPENAI_BASE_URL"] = args.base_url
        os.environ.setdefault("OPENAI_API_KEY", "local")

    users = []
    for name, make, frozen in SETS:
        got = make()
        if digest(got) != frozen:
            print(f"the {name} scenario set changed (digest {digest(got)}, frozen {frozen})", file=sys.stderr)
            return 2
        users += [u for u in got if _in(args.which, u["id"])]
    chosen = [u for u in users if args.split in ("all", u["split"])]
    if args.users:
        chosen = chosen[:args.users]
    t0 = time.perf_counter()
    results = [play(u, args.embedder, args.model) for u in chosen]
    elapsed = time.perf_counter() - t0
    report: dict[str, Any] = {"embedder": args.embedder or "default", "model": args.model or "offline",
                              "set": args.which,
                              "digest": {name: frozen for name, _, frozen in SETS}, "seconds": round(elapsed, 1),
                              "by_split": {}, "by_kind": {}, "users": results}
    print(f"users={len(results)}  set={args.which}  embedder={report['embedder']}  model={report['model']}  "
          f"{elapsed:.1f}s")
    print(f"{'set':8} {'split':6} {'probes':>6} {'latest@3':>8} {'stale@3':>8} {'dup':>6} {'decoy@3':>8} "
          f"{'mention@3':>9} {'s/turn':>7} {'failed':>6}")
    for which in ("base", "families", "shifts", "all"):
        for split in ("dev", "test"):
            rs = [r for r in results if r["split"] == split and _in(which, r["id"])]
            probes = [p for r in rs for p in r["probes"]]
            if probes:
                t = totals(probes)
                t["seconds_per_turn"] = round(sum(r["seconds"] for r in rs) / max(1, sum(r["turns"] for r in rs)), 4)
                t["failed_sessions"] = sum(r["failed"] for r in rs)
                report["by_split"][split if which == "all" else f"{which}/{split}"] = t
                print(f"{which:8} {split:6} {t['probes']:>6} {t['latest_at3']:>8.3f} {t['stale_at3']:>8.3f} "
                      f"{t['duplicates']:>6.3f} {t['decoy_at3']:>8.3f} {t['stale_mention_at3']:>9.3f} "
                      f"{t['seconds_per_turn']:>7.3f} {t['failed_sessions']:>6}")
    kinds = sorted({k for r in results for p in r["probes"] for k in p["kinds"]} | {"third party"})
    for split in ("dev", "test"):
        probes = [p for r in results if r["split"] == split for p in r["probes"]]
        for kind in kinds:
            sel = [p for p in probes if (kind in p["kinds"]) or (kind == "third party" and p["subject"] != "user")]
            if sel:
                report["by_kind"][f"{split}/{kind}"] = totals(sel)
    print("by kind (latest@3 / stale@3 / mention@3 / dup):")
    for k, v in report["by_kind"].items():
        print(f"  {k:34} {v['probes']:>4}  {v['latest_at3']:.2f} / {v['stale_at3']:.2f} / {v['stale_mention_at3']:.2f}"
              f" / {v['duplicates']:.2f}")
    if args.verbose:
        for r in results:
            if r["split"] != "dev":
                continue
            for p in r["probes"]:
                if not p["latest_at3"] or p["stale_at3"] or p["duplicate"]:
                    why = ("MISS " if not p["latest_at3"] else "") + ("STALE " if p["stale_at3"] else "") + \
                        ("DUP " if p["duplicate"] else "")
                    print(f"-- {r['id']} {why}{p['attr']} {p['subject']} latest={p['latest']} stale={p['stale']} "
                          f"q={p['question']!r}\n     top={p['top']}\n     same={p['same_value_records']}")
    if args.json:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(json.dumps(report, indent=1, ensure_ascii=False, default=str), encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
