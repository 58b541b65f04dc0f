"""What one configuration write costs as an agent's versions grow (issue 25.8: 0.4 ms at version 1, 263 ms at
1,030, inside the write transaction).

Stores ``--versions`` versions of one agent's configuration (each a changed ``max_results``; two labels declared,
so every write checks them against every earlier version) and reports the time of single writes at a few
version numbers: the median of the writes around each mark. Other agents write a version between each of the
agent's (version numbers are store-wide, as the issue's run had them). Prints a short table and a JSON line.

    .venv/bin/python bench/config_writes.py                        # SQLite in a temp dir
    .venv/bin/python bench/config_writes.py --db postgresql://postgres@127.0.0.1/test?schema=bench_cfg
"""

from __future__ import annotations

import argparse
import json
import statistics
import tempfile
import time
from pathlib import Path

from engram import Memory
from engram.embedders import HashingEmbedder

LABELS = {"customer_id": {"number": 5, "description": "The customer."},
          "ticket": {"number": 6, "description": "A ticket."}}


def doc(n: int) -> dict[str, object]:
    return {"harness": {"memory": {"labels": LABELS, "search": {"max_results": 1 + n % 50}}}}


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--db", default=None, help="store URL (default: SQLite in a temp dir)")
    p.add_argument("--versions", type=int, default=1100)
    args = p.parse_args()
    url = args.db or f"sqlite:///{Path(tempfile.mkdtemp()) / 'bench.db'}"
    mem = Memory.open(url, embedder=HashingEmbedder())
    marks = [1, 100, 500, 1030]
    times: list[float] = []
    try:
        for n in range(args.versions):
            mem.configure(f"other-{n % 40}", doc(n + 7))
            start = time.perf_counter()
            mem.configure("agent", doc(n))
            times.append(time.perf_counter() - start)
    finally:
        mem.close()
    rows = {m: statistics.median(times[max(0, m - 5):m + 5]) * 1e3 for m in marks if m <= len(times)}
    print(f"{'own version':>12} {'write ms':>9}")
    for m, ms in rows.items():
        print(f"{m:>12} {ms:>9.2f}")
    print(json.dumps({"bench": "config_writes", "db": url.split("?")[0].split("://")[0],
                      "versions": args.versions, "write_ms_at_version": rows}))


if __name__ == "__main__":
    main()
