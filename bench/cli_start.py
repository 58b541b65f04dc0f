"""How long ``engram --help`` takes against a bare interpreter start (``python -c "import json"``).

The CLI imports its views lazily (FastAPI, the MCP SDK, the engine load only when a command runs), so
``--help`` should stay within a few times a bare start (issue 12's bar: 8×). Runs each command ``--runs``
times, alternating, and prints JSON then a short table (medians; the ratio is what to compare).

    python bench/cli_start.py [--runs 9]
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import time


def timed(cmd: list[str]) -> float:
    start = time.perf_counter()
    subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
    return time.perf_counter() - start


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--runs", type=int, default=9)
    args = p.parse_args()
    commands = {"bare": [sys.executable, "-c", "import json"], "help": [sys.executable, "-m", "engram", "--help"]}
    times: dict[str, list[float]] = {name: [] for name in commands}
    for _ in range(args.runs):
        for name, cmd in commands.items():
            times[name].append(timed(cmd))
    med = {name: statistics.median(t) for name, t in times.items()}
    out = {"runs": args.runs, "median_ms": {k: round(v * 1000, 1) for k, v in med.items()},
           "ratio": round(med["help"] / med["bare"], 2)}
    print(json.dumps(out))
    print(f"{'command':<8} {'median ms':>10}")
    for name, v in med.items():
        print(f"{name:<8} {v * 1000:>10.1f}")
    print(f"ratio    {out['ratio']:>10.2f}x")


if __name__ == "__main__":
    main()
