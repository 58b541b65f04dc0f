"""What a complete erase costs: one actor's erase in a store holding many other actors, by store size.

A privacy erase purges more than rows (see docs/security.md, "What erase removes"): on SQLite it merges both FTS5
indexes (work proportional to the whole index) under ``secure_delete`` and checkpoints the WAL; on PostgreSQL
it vacuums and analyzes the touched tables. This prints, per store size, the erase time of one actor
(``--actors`` actors with ``--events`` events and ``--records`` records each) and a plain ``delete_events``
of the same number of events for scale. Synthetic text, the hashing embedder (no model time). The machine
is shared (2 cores, several agents): compare within one run.

    .venv/bin/python bench/erase.py                                  # SQLite in a temp dir
    .venv/bin/python bench/erase.py --db postgresql://postgres@127.0.0.1/test   # a new schema per run
    .venv/bin/python bench/erase.py --actors 10 100 400
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

from engram import Memory, Scope
from engram.embedders import HashingEmbedder

WORDS = ("invoice", "email", "lisbon", "porto", "refund", "order", "parcel", "delivery", "address", "phone",
         "tea", "coffee", "dog", "cat", "garden", "account", "password", "billing", "plan", "upgrade",
         "cancel", "weekend", "monday", "friday", "doctor", "school", "train", "flight")
CONFIG = {"harness": {"memory": {"scope": {"read": ["session", "actor", "agent"],
                                           "write": ["session", "actor", "agent"]}}}}


def _text(rng: random.Random, tag: str) -> str:
    return " ".join(rng.choice(WORDS) for _ in range(12)) + f" {tag}{rng.randrange(10**6)}"


def fill(mem: Memory, actors: int, events: int, records: int, seed: int = 7) -> None:
    rng = random.Random(seed)
    for a in range(actors):
        s = Scope("bench", f"u{a}", "s1")
        mem.append(s, [{"role": "user", "content": _text(rng, "w")} for _ in range(events)])
        mem.remember_many(s, [{"summary": _text(rng, "r"), "scope": "actor"} for _ in range(records)])
        mem.remember(s, _text(rng, "g"), scope="agent")


def _fresh(url: str, schema: str) -> str:
    """``url`` with its ``schema`` parameter replaced: one new, empty schema per measurement."""
    parts = urlsplit(url)
    query = [(k, v) for k, v in parse_qsl(parts.query) if k != "schema"] + [("schema", schema)]
    return urlunsplit((parts.scheme, parts.netloc, parts.path, urlencode(query), parts.fragment))


def run(db: str | None, sizes: list[int], events: int, records: int, repeats: int) -> list[dict[str, Any]]:
    out = []
    for actors in sizes:
        erase_ms, delete_ms = [], []
        for rep in range(repeats):
            with tempfile.TemporaryDirectory() as tmp:
                url = _fresh(db, f"bench_erase_{actors}_{rep}_{int(time.time())}") if db else \
                    f"sqlite:///{Path(tmp) / 'erase.db'}"
                mem = Memory.open(url, config=CONFIG, embedder=HashingEmbedder())
                try:
                    fill(mem, actors, events, records)
                    victim = Scope("bench", f"u{rep}", "s1")
                    t0 = time.perf_counter()
                    report = mem.erase(victim)
                    erase_ms.append((time.perf_counter() - t0) * 1000)
                    other = Scope("bench", f"u{actors - 1 - rep}", "s1")
                    ids = [e.id for e in mem.events(other, limit=1000)]
                    t0 = time.perf_counter()
                    mem.delete_events(other, ids)
                    delete_ms.append((time.perf_counter() - t0) * 1000)
                finally:
                    mem.close()
        out.append({"actors": actors, "rows": actors * (events + records + 1), "events_erased": report.events,
                    "erase_ms_p50": round(statistics.median(erase_ms), 1),
                    "delete_events_ms_p50": round(statistics.median(delete_ms), 1),
                    "ratio": round(statistics.median(erase_ms) / max(statistics.median(delete_ms), 1e-6), 1)})
    return out


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--db", default=None, help="a PostgreSQL URL (default: a fresh SQLite file per size)")
    p.add_argument("--actors", type=int, nargs="+", default=[10, 100, 300])
    p.add_argument("--events", type=int, default=50)
    p.add_argument("--records", type=int, default=20)
    p.add_argument("--repeats", type=int, default=3)
    args = p.parse_args()
    rows = run(args.db, args.actors, args.events, args.records, args.repeats)
    print(json.dumps({"backend": "postgresql" if args.db else "sqlite", "results": rows}, indent=2))
    print(f"{'actors':>7} {'rows':>8} {'erase p50 ms':>13} {'delete_events p50 ms':>21} {'ratio':>6}")
    for r in rows:
        print(f"{r['actors']:>7} {r['rows']:>8} {r['erase_ms_p50']:>13} {r['delete_events_ms_p50']:>21} "
              f"{r['ratio']:>6}")


if __name__ == "__main__":
    main()
