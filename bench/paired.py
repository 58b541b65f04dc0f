"""Recall latency of databases ``bench/scale.py --keep`` built, measured in alternating rounds: a paired ratio.

On a shared machine the speed drifts by tens of percent within minutes, and ``scale.py`` measures one database
after the other, a minute apart, so its ratios carry that drift. Here every database gets a worker process
that opens it once; the workers then take turns, ``--per-round`` recalls each (hybrid, limit 10, the query
embedding precomputed, the same LoCoMo questions in the same order), the order flipping every round. Each
round gives each database a median, and each round's ratio to the first database is a pair measured within
seconds of each other. The figure to quote is the median of those paired ratios, with their range.

    .venv/bin/python bench/scale.py --db "$PG" --db sqlite --sizes 100000 --layouts many --keep DIR   # build
    .venv/bin/python bench/paired.py --keep DIR --db sqlite --db "$PG" --size 100000 --layout many

Prints a table, then the JSON (also written to ``bench/out/paired.json``).
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import locomo  # noqa: E402  (bench/locomo.py: data paths, embedding cache)
import scale  # noqa: E402  (bench/scale.py: the synthetic records' embedder and the kept databases' names)

AGENT, TARGET = "bench-keep", ("actor-0", "s0")  # what scale.py --keep writes and queries


def kept_url(db: str, keep: Path, size: int, layout: str) -> str:
    """The URL scale.py --keep gave this database (a file in ``keep``; a schema named after layout and size)."""
    if db == "sqlite":
        return f"sqlite:///{keep}/scale-{layout}-{size}.db"
    return db + ("&" if "?" in db else "?") + f"schema=engram_keep_{layout}_{size}"


def worker(url: str, queries: int) -> None:
    """Open ``url`` once, warm up, then answer each line ``N`` on stdin with the median ms of the next N recalls."""
    from engram import Memory, Scope
    from engram.embedders import load_embedder

    inner = load_embedder("default")
    cache = locomo.CachedEmbedder(inner, scale.OUT / "cache" / f"{inner.model_id}-{inner.dim}.npz")
    emb = scale.RecipeEmbedder(inner, cache.embed(scale.base_sentences()))
    data = json.loads(locomo.DATA.read_text())
    qs = [q["question"] for s in data for q in s["qa"]][:queries]
    emb.cache = dict(zip(qs, cache.embed(qs), strict=True))
    cfg = {"harness": {"memory": {"scope": {"read": ["session", "actor"], "write": ["session", "actor"]}},
                       "history": {"index": "messages"}}}
    mem = Memory.open(url, config=cfg, embedder=emb)
    target = Scope(AGENT, *TARGET)
    for q in qs[:20]:
        mem.recall(target, q, limit=10)
    print("ready", flush=True)
    pos = 0
    for line in sys.stdin:
        lat = []
        for _ in range(int(line)):
            q = qs[pos % len(qs)]
            pos += 1
            t0 = time.perf_counter()
            mem.recall(target, q, limit=10)
            lat.append((time.perf_counter() - t0) * 1000)
        print(f"{statistics.median(lat):.4f}", flush=True)
    mem.close()


def measure(urls: Sequence[str], rounds: int, per_round: int, queries: int) -> list[list[float]]:
    """Each database's round medians, the workers taking turns (order flipped every round)."""
    procs = [subprocess.Popen([sys.executable, __file__, "--worker", u, "--queries", str(queries)],
                              stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True) for u in urls]
    try:
        for p in procs:
            assert p.stdout is not None
            if p.stdout.readline().strip() != "ready":
                raise SystemExit(f"a worker failed to open its database (exit {p.wait()})")
        got: list[list[float]] = [[] for _ in urls]
        for r in range(rounds):
            order = list(range(len(urls))) if r % 2 == 0 else list(range(len(urls)))[::-1]
            for i in order:
                p = procs[i]
                assert p.stdin is not None and p.stdout is not None
                p.stdin.write(f"{per_round}\n")
                p.stdin.flush()
                got[i].append(float(p.stdout.readline()))
        return got
    finally:
        for p in procs:
            if p.stdin is not None:
                p.stdin.close()
            p.wait(timeout=60)


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--db", action="append", help="'sqlite' or a postgresql:// URL (as given to scale.py); "
                    "the first is the base of the ratios")
    ap.add_argument("--keep", type=Path, help="the directory scale.py --keep built the databases in")
    ap.add_argument("--size", type=int, default=100_000)
    ap.add_argument("--layout", default="many")
    ap.add_argument("--rounds", type=int, default=10)
    ap.add_argument("--per-round", type=int, default=60)
    ap.add_argument("--queries", type=int, default=300)
    ap.add_argument("--out", type=Path, default=scale.OUT / "paired.json")
    ap.add_argument("--worker", help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.worker:
        worker(args.worker, args.queries)
        return 0
    if args.keep is None or not args.db or len(args.db) < 2:
        ap.error("give --keep and at least two --db")
    urls = [kept_url(db, args.keep, args.size, args.layout) for db in args.db]
    got = measure(urls, args.rounds, args.per_round, args.queries)
    base = got[0]
    rows: list[dict[str, Any]] = []
    for db, meds in zip(args.db, got, strict=True):
        ratios = [a / b for a, b in zip(meds, base, strict=True)]
        rows.append({"db": db.split("://")[0], "size": args.size, "layout": args.layout,
                     "recall_p50_ms": round(statistics.median(meds), 2), "round_p50_ms": [round(x, 2) for x in meds],
                     "paired_ratio": {"median": round(statistics.median(ratios), 3),
                                      "min": round(min(ratios), 3), "max": round(max(ratios), 3)}})
    print(f"{'db':11} {'layout':6} {'records':>8} {'recall p50':>10} {'paired ratio (min-max)':>24}")
    for r in rows:
        pr = r["paired_ratio"]
        print(f"{r['db']:11} {r['layout']:6} {r['size']:>8} {r['recall_p50_ms']:>8.2f}ms "
              f"{pr['median']:>10.2f}x ({pr['min']:.2f}-{pr['max']:.2f})")
    doc = {"benchmark": "paired", "rounds": args.rounds, "per_round": args.per_round, "runs": rows}
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(doc, indent=1))
    print(json.dumps(doc))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
