"""What a write costs with the default offline embedder, and how soon history is searchable by meaning.

For each ``embed_history`` mode (``background``, the default, and ``inline``) on a fresh database:

* ``single``: p50/p95 of one-message appends (LoCoMo turns), paced the way an agent writes: the indexer is
  given time to finish between appends (``wait_indexed`` outside the timer), so each append runs alone;
* ``busy``: the same appends back to back, the indexer embedding behind them on the same 2 cores;
* ``batched``: messages/s committed when appending ``--messages`` messages in batches of 100;
* ``searchable``: messages/s from the first of those appends until every one is embedded
  (``wait_indexed``), i.e. how fast history becomes findable by meaning, not only by keywords.

    .venv/bin/python bench/append.py                      # SQLite in a temp dir; JSON to bench/out/append.json
    .venv/bin/python bench/append.py --db postgresql://postgres@127.0.0.1/test
"""

from __future__ import annotations

import argparse
import itertools
import json
import statistics
import sys
import tempfile
import time
import uuid
from collections.abc import Sequence
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import locomo  # noqa: E402  (bench/locomo.py: data path and turn text)

from engram import Memory, Scope  # noqa: E402
from engram.embedders import load_embedder  # noqa: E402

OUT = HERE / "out"


def turns() -> list[str]:
    data = json.loads(locomo.DATA.read_text())
    return [locomo.turn_text(t) for conv in data for _, _, ts in locomo.sessions(conv["conversation"]) for t in ts]


def pct(xs: Sequence[float], p: float) -> float:
    s = sorted(xs)
    return round(s[min(len(s) - 1, int(p * len(s)))], 3)


def fresh_url(db: str | None, tmp: Path, label: str) -> str:
    if db is None:
        return f"sqlite:///{tmp / (label + '.db')}"
    sep = "&" if "?" in db else "?"
    return f"{db}{sep}schema=bench_append_{label}_{uuid.uuid4().hex[:8]}"


def measure(url: str, mode: str, texts: Sequence[str], n_single: int, n_batched: int) -> dict[str, Any]:
    mem = Memory.open(url, embedder=load_embedder(None), embed_history=mode)
    mem.embedder.embed(["warm up the model"])
    it = iter(texts)
    res: dict[str, Any] = {"mode": mode, "db": url.split("://")[0]}
    for label, paced in (("single", True), ("busy", False)):
        scope = Scope("bench", "user", f"{label}-{mode}")
        lat = []
        for _ in range(n_single):
            msg = [{"role": "user", "content": next(it)}]
            t0 = time.perf_counter()
            mem.append(scope, msg)
            lat.append((time.perf_counter() - t0) * 1000)
            if paced:
                mem.wait_indexed()
        mem.wait_indexed()
        res[label] = {"p50_ms": pct(lat, 0.5), "p95_ms": pct(lat, 0.95), "mean_ms": round(statistics.fmean(lat), 3)}
    scope = Scope("bench", "user", f"batched-{mode}")
    batch = [next(it) for _ in range(n_batched)]
    t0 = time.perf_counter()
    for i in range(0, n_batched, 100):
        mem.append(scope, [{"role": "user", "content": t} for t in batch[i:i + 100]])
    committed = time.perf_counter() - t0
    mem.wait_indexed()
    searchable = time.perf_counter() - t0
    res["batched_messages_per_s"] = round(n_batched / committed, 1)
    res["searchable_messages_per_s"] = round(n_batched / searchable, 1)
    hits = mem.search_history(scope, batch[len(batch) // 2], limit=1, mode="vector")
    res["check_last_batch_found_by_meaning"] = bool(hits and hits[0].event and hits[0].event.content
                                                    == batch[len(batch) // 2])
    mem.close()
    return res


def table(rows: Sequence[dict[str, Any]]) -> str:
    out = [f"{'db':8} {'mode':10} {'append p50/p95 ms':>18} {'busy p50/p95 ms':>16} {'batched msg/s':>13} "
           f"{'searchable msg/s':>16}"]
    for r in rows:
        out.append(f"{r['db']:8} {r['mode']:10} {r['single']['p50_ms']:>8.2f} / {r['single']['p95_ms']:<7.2f} "
                   f"{r['busy']['p50_ms']:>7.2f} / {r['busy']['p95_ms']:<6.2f} {r['batched_messages_per_s']:>13.0f} "
                   f"{r['searchable_messages_per_s']:>16.0f}")
    return "\n".join(out)


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--db", help="a postgresql:// URL (a fresh schema per mode); SQLite in a temp dir if absent")
    ap.add_argument("--single", type=int, default=300, help="one-message appends per pacing")
    ap.add_argument("--messages", type=int, default=2000, help="messages appended in batches of 100")
    ap.add_argument("--modes", default="background,inline")
    ap.add_argument("--out", type=Path, default=OUT / "append.json")
    args = ap.parse_args(argv)
    pool = itertools.cycle(turns())  # each mode appends different turns than the one before
    need = 2 * args.single + args.messages
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        for mode in args.modes.split(","):
            texts = [next(pool) for _ in range(need)]
            rows.append(measure(fresh_url(args.db, Path(tmp), mode), mode, texts, args.single, args.messages))
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(rows, indent=2))
    print(json.dumps(rows))
    print(table(rows))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
