"""Consolidation on the "talk" set (``users/talk.py``) or the blind "natural" set (``users/natural.py``).

Each user's 3 sessions go through ``engram.Memory`` (SQLite in memory) with the default strategies (SEMANTIC +
SUMMARIZATION at actor level), ``Memory.extract`` after each session; then, from a new session, each probe's
question is recalled with the default settings and the top 3 records are read:

- **latest@3**: the latest value is named by a top-3 summary (a weekly habit: named *as weekly*: "every
  Thursday", "on Thursdays", "weekly"); a value that is a list ("Norwegian and English") when each item is named
  by a top-3 summary (added after blind5's first run, where records "Speaks Norwegian" and "Speaks English" in
  the top 3 counted as a miss; it changes no probe of the earlier sets, whose values are not lists);
- **stale@3**: a top-3 summary names an earlier value (or a corrected slip) without the latest and not as over;
- **negated@3**: a value the user said is over ("I don't play the cello anymore", "we split up") is named by
  a top-3 summary as if it held (no word saying it is over before it); over the probes with such a value;
- **dup**: two active long-term records name the latest value and say nearly the same words about it
  (``similarity`` >= 0.5: "Drives a Kona" and "Drives an old Kona"; "Has a wife named Åsa" and "Wife Åsa is
  turning forty" are two facts, not a duplicate; this refinement was made after the first run, whose figure
  is recomputed from its JSON with it: ``--rejudge``);
- **fused**: one long-term record names the values of two facts said in one sentence (``two_facts``).

``held`` users (``sha1(id) % 2 == 1``) are never read to change a rule: ``-v`` prints ``tune`` misses only.
The second blind set (``users/blind2.py``, ``--set blind2``) has no split: all its users are ``all``, a test set
only (``--split`` does not apply to it and ``-v`` prints nothing for it). The third (``users/blind3.py``, ``--set
blind3``) was written by a helper who did not read the extractor, split by user: its ``held`` half is a test set.
The fourth (``users/blind4.py``, ``--set blind4``) was written by hand, user by user, by another such helper (stop 39),
split the same way; the fifth (``users/blind5.py``, ``--set blind5``, stop 42) likewise, after this stop's rules; the
sixth (``users/blind6.py``, ``--set blind6``, stop 43) likewise, first run on stop 42's code and on stop 43's.
The seventh (``users/blind7.py``, ``--set blind7``, stop 48) likewise, written blind, first run on stop 47's code.
The eighth (``users/blind8.py``, ``--set blind8``, stop 51) likewise, first run on the code it was committed with.
The ninth (``users/blind9.py``, ``--set blind9``, stop 53) likewise, written blind, first run on the code it was
committed with.

Usage::

    .venv/bin/python bench/extraction/phrasing.py                  # both splits
    .venv/bin/python bench/extraction/phrasing.py --split tune -v  # tune misses
    .venv/bin/python bench/extraction/phrasing.py --set natural    # the blind natural-chat set (users/natural.py)
    .venv/bin/python bench/extraction/phrasing.py --set natural-plain  # its facts as plain sentences, no filler
    .venv/bin/python bench/extraction/phrasing.py --set blind2     # the second blind set, never tuned on
    .venv/bin/python bench/extraction/phrasing.py --set blind3 --split tune -v  # the third: its tune half
    .venv/bin/python bench/extraction/phrasing.py --model openai:gpt-4o-mini --base-url http://127.0.0.1:8080/v1
    .venv/bin/python bench/extraction/phrasing.py --set blind9 --split held --keep-sentences answer  # a ceiling
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

import blind2  # noqa: E402
import blind3  # noqa: E402
import blind4  # noqa: E402
import blind5  # noqa: E402
import blind6  # noqa: E402
import blind7  # noqa: E402
import blind8  # noqa: E402
import blind9  # noqa: E402
import natural  # noqa: E402
import talk  # noqa: E402
from playback import append_and_extract  # noqa: E402

from engram import Memory  # noqa: E402
from engram.core.consolidate import similarity  # noqa: E402
from engram.extract.statements import content, third_person  # noqa: E402
from engram.types import Record, Scope  # noqa: E402

DIGEST = "cae90e253530"  # the set as first run (2026-12-02, before any rule change for it); frozen
SETS = {"talk": (talk.build, talk.digest, DIGEST),  # name: (users, digest of them, frozen digest)
        "natural": (natural.build, natural.digest, natural.FROZEN["natural"]),
        "natural-plain": (lambda: natural.build(plain=True), natural.digest, natural.FROZEN["natural-plain"]),
        "blind2": (blind2.build, blind2.digest, blind2.FROZEN),
        "blind3": (blind3.build, blind3.digest, blind3.FROZEN),
        "blind4": (blind4.build, blind4.digest, blind4.FROZEN),
        "blind5": (blind5.build, blind5.digest, blind5.FROZEN),
        "blind6": (blind6.build, blind6.digest, blind6.FROZEN),
        "blind7": (blind7.build, blind7.digest, blind7.FROZEN),
        "blind8": (blind8.build, blind8.digest, blind8.FROZEN),
        "blind9": (blind9.build, blind9.digest, blind9.FROZEN)}
SPLITS = ("tune", "held", "all")  # "all": a set with no tune half (blind2)
TOP = 3
LONG_TERM = ("/facts/", "/preferences/")
_OVER = re.compile(r"\b(?:no longer|not|never|don't|doesn't|didn't|isn't|quit|quitting|left|sold|stopped|gave up|"
                   r"gives up|used to|former|ex|instead of|switched from|swapped|laid off|split up|split|broke up|"
                   r"ended|between jobs|got rid of|retracted|cancelled|single)\b", re.IGNORECASE)


def names(value: str, text: str) -> bool:
    return re.search(r"(?<![\w-])" + re.escape(value) + r"(?![\w-])", text, re.IGNORECASE) is not None


def listed(value: str, tops: Sequence[str]) -> bool:
    """A value that is a list ("Norwegian and English", "Turkish, English and some German") is found when each of
    its items is named by one of ``tops``: one record per language is as good as one record naming them all."""
    items = [i for i in re.split(r"\s*,\s*(?:and\s+)?|\s+and\s+", value) if i]
    return len(items) > 1 and all(any(names(i, s) for s in tops) for i in items)


def as_over(value: str, text: str) -> bool:
    m = re.search(r"(?<![\w-])" + re.escape(value) + r"(?![\w-])", text, re.IGNORECASE)
    if m is None:
        return False
    return _OVER.search(text) is not None


def weekly(day: str, text: str) -> bool:
    return bool(re.search(rf"\bevery {day}\b|\b{day}s\b|\bweekly\b|\bevery week\b", text, re.IGNORECASE))


def _sentences(user: dict[str, Any]) -> list[str]:
    """What the user said, sentence by sentence, in order."""
    return [s.strip() for sess in user["sessions"] for role, text in sess["messages"] if role == "user"
            for s in re.split(r"(?<=[.!?])\s+", text) if s.strip()]


def keep_sentences(mem: Memory, scope: Scope, user: dict[str, Any], records: list[Record], how: str) -> None:
    """Two measurements of extraction's ceiling, not a strategy (``--keep-sentences``): after extraction, the
    user's own sentences are written as records (``remember``, third person) beside what it kept.

    - ``answer``: only the sentences naming a probe's latest value that no record names (an oracle: it knows
      the answers), so a perfect choice of which sentence to keep;
    - ``all``: every sentence that is not a question, of 4 words or more, whose content words are not mostly
      those of a record already kept (no knowledge of the answers).
    """
    namespace = records[0].namespace if records else None
    if how == "answer":
        missing = [p["latest"] for p in user["probes"]
                   if p["latest"] and not any(names(p["latest"], r.summary) for r in records)]
        chosen = [s for s in _sentences(user) if any(names(v, s) for v in missing)]
    else:
        have = [content(r.summary) for r in records]
        chosen = []
        for s in _sentences(user):
            mine = content(s)
            if s.endswith("?") or len(s.split()) < 4 or not mine or any(len(mine & h) >= 0.6 * len(mine) for h in have):
                continue
            have.append(mine)
            chosen.append(s)
    for s in dict.fromkeys(chosen):
        mem.remember(scope, third_person(s)[:300], scope="actor", namespace=namespace)


def play(user: dict[str, Any], embedder: str | None, model: str | None = None,
         keep: str | None = None) -> dict[str, Any]:
    cfg = {"harness": {"memory": {"enabled": True,
                                  "scope": {"read": ["session", "actor"], "write": ["session", "actor"]},
                                  "extraction": {"trigger": "off"},
                                  "strategies": [{"type": "SEMANTIC"}, {"type": "SUMMARIZATION"}]}}}
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
            now[0] = msgs[-1]["at"] + timedelta(minutes=1)
            started = time.perf_counter()
            if append_and_extract(mem, scope, msgs, f"{actor} s{si}")[1] is None:
                failed += 1
            seconds += time.perf_counter() - started
            turns += len(msgs)
        now[0] += timedelta(days=1)
        probe = Scope(agent="bench", actor=actor, session=f"{actor}-probe")
        records = [r for r in mem.list(probe, limit=1000) if r.namespace.startswith(LONG_TERM)]
        if keep:
            keep_sentences(mem, probe, user, records, keep)
            records = [r for r in mem.list(probe, limit=1000) if r.namespace.startswith(LONG_TERM)]
        out = [judge(p, [h.record for h in mem.recall(probe, p["question"], limit=TOP)[:TOP] if h.record], records)
               for p in user["probes"]]
        return {"id": actor, "split": user["split"], "probes": out, "turns": turns, "seconds": seconds,
                "failed": failed}
    finally:
        mem.close()


def duplicated(same: Sequence[str]) -> bool:
    return any(similarity(a, b) >= 0.5 for i, a in enumerate(same) for b in same[i + 1:])


def judge(p: dict[str, Any], top: Sequence[Record], records: Sequence[Record]) -> dict[str, Any]:
    latest = p["latest"]
    tops = [r.summary for r in top]
    hit = None
    if latest is not None:
        hit = any(names(latest, s) and (not p["weekly"] or weekly(latest, s)) for s in tops) or (
            not p["weekly"] and listed(latest, tops))
    stale = sorted({v for v in p["stale"] for s in tops
                    if names(v, s) and not (latest and names(latest, s)) and not as_over(v, s)})
    negated = sorted({v for v in p["gone"] for s in tops if names(v, s) and not as_over(v, s)})
    same = [r.summary for r in records if latest is not None and names(latest, r.summary)]
    fused = [r.summary for r in records if latest and p["apart"] and names(latest, r.summary)
             and names(p["apart"], r.summary)]
    return {**p, "latest_at3": hit, "stale_at3": stale, "negated_at3": negated, "duplicate": duplicated(same),
            "same": same, "fused": fused, "top": tops, "top_namespaces": [r.namespace for r in top]}


def totals(probes: list[dict[str, Any]]) -> dict[str, Any]:
    with_latest = [p for p in probes if p["latest"] is not None]
    with_stale = [p for p in probes if p["stale"]]
    with_gone = [p for p in probes if p["gone"]]
    with_apart = [p for p in probes if p["apart"]]

    def rate(sel: list[dict[str, Any]], key: str) -> float | None:
        return round(sum(bool(p[key]) for p in sel) / len(sel), 3) if sel else None

    return {"probes": len(probes), "latest_at3": rate(with_latest, "latest_at3"),
            "stale_at3": rate(with_stale, "stale_at3"), "negated_at3": rate(with_gone, "negated_at3"),
            "duplicates": rate(with_latest, "duplicate"), "fused": rate(with_apart, "fused")}


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--split", choices=("tune", "held", "both"), default="both")
    ap.add_argument("--set", choices=tuple(SETS), default="talk", help="which users (default: talk)")
    ap.add_argument("--embedder", default=None)
    ap.add_argument("--model", default=None, help="an extraction model, e.g. openai:gpt-4o-mini (default: offline)")
    ap.add_argument("--base-url", default=None, help="an OpenAI-compatible endpoint for --model openai:...")
    ap.add_argument("--json", type=Path, default=None)
    ap.add_argument("-v", "--verbose", action="store_true", help="list the tune split's misses")
    ap.add_argument("--rejudge", type=Path, default=None, help="re-total a saved --json run with today's dup rule")
    ap.add_argument("--keep-sentences", choices=("answer", "all"), default=None,
                    help="a ceiling measurement: also write the user's sentences as records (see keep_sentences)")
    args = ap.parse_args(argv)
    if args.rejudge:
        saved = json.loads(args.rejudge.read_text(encoding="utf-8"))
        for split in SPLITS:
            probes = [{**p, "duplicate": duplicated(p["same"])} for r in saved["users"] if r["split"] == split
                      for p in r["probes"]]
            if probes:
                print(split, totals(probes))
        return 0
    if args.base_url:
        os.environ["OPENAI_BASE_URL"] = args.base_url
        os.environ.setdefault("OPENAI_API_KEY", "local")
    build, digest, frozen = SETS[args.set]
    users = build()
    got = digest(users)
    if got != frozen:
        print(f"the {args.set} set changed (digest {got}, frozen {frozen})", file=sys.stderr)
        return 2
    chosen = [u for u in users if args.split in ("both", u["split"]) or u["split"] == "all"]
    results = [play(u, args.embedder, args.model, args.keep_sentences) for u in chosen]
    report: dict[str, Any] = {"set": args.set, "digest": got, "embedder": args.embedder or "default",
                              "model": args.model or "offline", "keep_sentences": args.keep_sentences,
                              "by_split": {}, "by_kind": {}}
    print(f"digest={got}  users={len(results)}")
    print(f"{'split':6} {'probes':>6} {'latest@3':>8} {'stale@3':>8} {'negated@3':>9} {'dup':>6} {'fused':>6} "
          f"{'s/turn':>7}")
    for split in SPLITS:
        rs = [r for r in results if r["split"] == split]
        probes = [p for r in rs for p in r["probes"]]
        if not probes:
            continue
        t = totals(probes)
        t["seconds_per_turn"] = round(sum(r["seconds"] for r in rs) / max(1, sum(r["turns"] for r in rs)), 4)
        t["failed_sessions"] = sum(r["failed"] for r in rs)
        report["by_split"][split] = t
        print(f"{split:6} {t['probes']:>6} {t['latest_at3']!s:>8} {t['stale_at3']!s:>8} {t['negated_at3']!s:>9} "
              f"{t['duplicates']!s:>6} {t['fused']!s:>6} {t['seconds_per_turn']!s:>7}")
        for kind in sorted({k for p in probes for k in p["kinds"]}):
            report["by_kind"][f"{split}/{kind}"] = totals([p for p in probes if kind in p["kinds"]])
    print("by kind (latest@3 / stale@3 / negated@3 / dup / fused):")
    for k, v in report["by_kind"].items():
        print(f"  {k:22} {v['probes']:>4}  {v['latest_at3']} / {v['stale_at3']} / {v['negated_at3']} / "
              f"{v['duplicates']} / {v['fused']}")
    if args.verbose:
        for r in results:
            if r["split"] != "tune":
                continue
            for p in r["probes"]:
                if p["latest_at3"] is False or p["stale_at3"] or p["negated_at3"] or p["duplicate"] or p["fused"]:
                    print(f"-- {r['id']} {p['kinds']} q={p['question']!r} latest={p['latest']} stale={p['stale']} "
                          f"gone={p['gone']}\n     said={p.get('said')}\n     top={p['top']}\n     same={p['same']} "
                          f"fused={p['fused']}")
    if args.json:
        report["users"] = results
        args.json.write_text(json.dumps(report, indent=1, ensure_ascii=False, default=str), encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
