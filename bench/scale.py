"""Speed and footprint at 10k, 100k and 1M records: ingest, recall latency, memory, disk, HNSW recall.

For each size and layout (``one``: one actor holds every record; ``many``: 1,000 actors share them), a child
process builds a fresh database through the public API and measures:

* ingest: records/s with ``remember_many`` batches of 1,000 (store cost: vectors come from a recipe, not a
  model), then messages/s appending 2,000 messages in batches of 100 and p50/p95 of 300 one-message appends,
  both with the real embedder (``--embedder``, the default: MiniLM + e5; end to end) and with the recipe
  embedder (store only);
* recall latency p50/p95 (hybrid, limit 10) over LoCoMo questions, with the query embedding (the real embedder) included
  and excluded (precomputed);
* peak RSS of the child, size on disk (database, WAL, HNSW files), HNSW build time;
* recall@10 of vector search against exact search on the same vectors (``one`` layout).

Records are synthetic but shaped like chat memory: a real sentence (LoCoMo turns, MemoryBank dialogues) plus a
reference tag, with a vector near that sentence's MiniLM vector (mixed with another one, plus noise), so
vectors cluster the way text does.

    .venv/bin/python bench/scale.py --sizes 10000,100000            # JSON + table + PNG under bench/out/
    .venv/bin/python bench/scale.py --sizes 1000000 --layouts one
    .venv/bin/python bench/scale.py --db postgresql://localhost/engram_bench   # the same on PostgreSQL
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import re
import resource
import statistics
import struct
import subprocess
import sys
import tempfile
import time
import uuid
import zlib
from collections.abc import Sequence
from itertools import pairwise
from pathlib import Path
from typing import Any

import numpy as np

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import locomo  # noqa: E402  (bench/locomo.py: data paths, turn text, embedding cache)

OUT = HERE / "out"
MEMORYBANK = HERE.parent.parent / "shared" / "benchdata" / "memorybank" / "memory_bank_en.json"
ACTORS = 1_000
NAMES = ["Ava", "Ben", "Chen", "Dara", "Eli", "Fatima", "Gus", "Hana", "Ivo", "Jo", "Kemal", "Lina", "Mateo", "Nia"]
TAG = re.compile(r"\bref-(\d+)\b")


# -- synthetic data --------------------------------------------------------------------------------------


def base_sentences() -> list[str]:
    data = json.loads(locomo.DATA.read_text())
    out = [locomo.turn_text(t) for s in data for _, _, ts in locomo.sessions(s["conversation"]) for t in ts]
    if MEMORYBANK.exists():
        for user in json.loads(MEMORYBANK.read_text()).values():
            for day in user.get("history", {}).values():
                for pair in day:
                    out += [pair.get("query", ""), pair.get("response", "")]
    return [t for t in dict.fromkeys(out) if t.strip()]


class RecipeEmbedder:
    """Vectors for synthetic records from their ``ref-<i>`` tag (deterministic, no model); anything else (a
    query) goes to the real embedder, optionally through a cache of precomputed query vectors."""

    def __init__(self, inner: Any, base: np.ndarray) -> None:
        self.inner = inner
        self.model_id = "bench-recipe-" + inner.model_id
        self.dim = inner.dim
        self.base = base
        self.cache: dict[str, np.ndarray] | None = None
        self.model_calls = 0

    def vector(self, i: int) -> np.ndarray:
        rng = np.random.default_rng(i)
        j, k = rng.integers(0, len(self.base), 2)
        v = self.base[j] + 0.3 * self.base[k] + 0.25 * rng.standard_normal(self.dim).astype(np.float32) / 19.6
        return (v / np.linalg.norm(v)).astype(np.float32)

    def vectors(self, ids: np.ndarray) -> np.ndarray:
        return np.stack([self.vector(int(i)) for i in ids])

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        out = np.zeros((len(texts), self.dim), np.float32)
        todo = []
        for n, t in enumerate(texts):
            m = TAG.search(t)
            if m:
                out[n] = self.vector(int(m.group(1)))
            elif self.cache is not None and t in self.cache:
                out[n] = self.cache[t]
            else:
                todo.append(n)
        if todo:
            self.model_calls += len(todo)
            out[todo] = self.inner.embed([texts[n] for n in todo])
        return out


def record_text(i: int, sentences: Sequence[str]) -> str:
    rng = np.random.default_rng(i)
    j = int(rng.integers(0, len(sentences), 1)[0])
    return f"{sentences[j]} (ref-{i}, noted by {NAMES[i % len(NAMES)]})"


def sentence_of(i: int, n_sentences: int) -> int:
    return int(np.random.default_rng(i).integers(0, n_sentences, 1)[0])


def _pct(xs: Sequence[float], p: float) -> float:
    s = sorted(xs)
    return round(s[min(len(s) - 1, int(p * len(s)))], 2) if s else float("nan")


def disk_bytes(url: str) -> int:
    if url.startswith("sqlite:///"):
        path = Path(url[len("sqlite:///"):])
        total = sum(p.stat().st_size for p in path.parent.glob(path.name + "*") if p.is_file())
        ann = Path(str(path) + ".ann")
        return total + (sum(p.stat().st_size for p in ann.iterdir()) if ann.is_dir() else 0)
    try:
        import psycopg

        from engram.stores.postgres.url import parse
    except ImportError:
        return -1
    settings = parse(url)
    with psycopg.connect(settings.conninfo) as conn:
        row = conn.execute("SELECT sum(pg_total_relation_size(c.oid)) FROM pg_class c JOIN pg_namespace n "
                           "ON n.oid = c.relnamespace WHERE n.nspname = %s AND c.relkind IN ('r', 'm')",
                           [settings.schema]).fetchone()
        return int(row[0]) if row and row[0] is not None else -1


# -- one measurement (child process) ---------------------------------------------------------------------


def measure(size: int, layout: str, url: str, queries: int, inner_spec: str,
            keep: Path | None = None) -> dict[str, Any]:
    """One database's figures. With ``keep`` (a directory), the database is built once and reused by later
    runs (``keep``/<name>.json records what the build measured); recall and append are measured again."""
    from engram import Memory, Scope
    from engram.embedders import load_embedder

    sentences = base_sentences()
    inner = load_embedder(inner_spec)
    cache = locomo.CachedEmbedder(inner, OUT / "cache" / f"{inner.model_id}-{inner.dim}.npz")
    base = cache.embed(sentences)
    cache.save()
    emb = RecipeEmbedder(inner, base)
    cfg = {"harness": {"memory": {"scope": {"read": ["session", "actor"], "write": ["session", "actor"]}},
                       "history": {"index": "messages"}}}
    mem = Memory.open(url, config=cfg, embedder=emb)
    built = keep / f"{url.split(':')[0]}-{layout}-{size}.json" if keep is not None else None
    agent = "bench-keep" if built is not None else "bench-" + uuid.uuid4().hex[:8]
    run = uuid.uuid4().hex[:8]  # this run's chat sessions (a kept database is appended to again)
    n_actors = 1 if layout == "one" else ACTORS
    per_actor = size // n_actors
    target = Scope(agent, "actor-0", "s0")
    maintain = getattr(mem.store, "maintain_vectors", None)
    label = url.split("://")[0] + ("-async" if "synchronous_commit=off" in url else "")  # a second PostgreSQL row
    res: dict[str, Any] = {"size": size, "layout": layout, "db": label, "actors": n_actors}
    if built is not None and built.exists():
        res.update(json.loads(built.read_text()), reused=True)
        ids_of_target = list(range(per_actor))
        if maintain is not None:
            maintain(emb.dim)  # cheap when nothing changed; analyses what earlier runs appended
    else:
        ids_of_target = build_records(mem, emb, res, agent, layout, per_actor, n_actors, sentences, maintain)
        res["disk_bytes_built"] = disk_bytes(url)  # before this run's appends (a kept database grows by them)
        if built is not None:
            built.write_text(json.dumps({k: res[k] for k in ("ingest_records_per_s", "hnsw_build_s", "partitions",
                                                             "disk_bytes_built") if k in res}))

    measure_queries(mem, emb, cache, res, target, queries, layout, ids_of_target)
    measure_appends(mem, res, agent, run, sentences)
    res["disk_bytes"] = disk_bytes(url)
    res["peak_rss_mb"] = round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1)
    mem.close()
    return res


def build_records(mem: Any, emb: RecipeEmbedder, res: dict[str, Any], agent: str, layout: str, per_actor: int,
                  n_actors: int, sentences: Sequence[str], maintain: Any) -> list[int]:
    """The bulk load (``remember_many`` batches of 1,000) and the vector index build; returns the target
    actor's record numbers."""
    from engram import Scope

    t0 = time.perf_counter()
    build = 0.0
    written = 0
    ids_of_target: list[int] = []
    for a in range(n_actors):
        who = Scope(agent, f"actor-{a}", "s0")
        for lo in range(0, per_actor, 1000):
            idx = range(a * per_actor + lo, a * per_actor + min(per_actor, lo + 1000))
            mem.remember_many(who, [{"summary": record_text(i, sentences), "scope": "actor"} for i in idx])
            if a == 0:
                ids_of_target += list(idx)
            written += len(idx)
            # SQLite grows its HNSW index as it goes, as a background maintainer would; on PostgreSQL an HNSW
            # index makes every later insert pay for graph maintenance, so a bulk load builds it once at the end
            if maintain is not None and layout == "one" and written % 50_000 == 0 and mem.store.dialect == "sqlite":
                t1 = time.perf_counter()
                maintain(emb.dim, save=False)
                build += time.perf_counter() - t1
        if a % 100 == 99:
            print(f"    {written} records", file=sys.stderr)
    total = time.perf_counter() - t0
    in_loop = build  # SQLite's index growth happened inside the timed loop; the final build below did not
    if maintain is not None:  # PostgreSQL: ANALYZE, then build (and wait for) the HNSW index searches will use
        t1 = time.perf_counter()
        kinds = maintain(emb.dim)
        build += time.perf_counter() - t1
        res["partitions"] = {k: sum(1 for v in kinds.values() if v == k) for k in ("exact", "hnsw")}
    res["ingest_records_per_s"] = round(written / (total - in_loop), 1)
    res["hnsw_build_s"] = round(build, 1)
    return ids_of_target


def measure_queries(mem: Any, emb: RecipeEmbedder, cache: Any, res: dict[str, Any], target: Any, queries: int,
                    layout: str, ids_of_target: list[int]) -> None:
    """Recall latency over LoCoMo questions (query embedding excluded, then included) and HNSW recall@10."""

    # queries: LoCoMo questions
    data = json.loads(locomo.DATA.read_text())
    qs = [q["question"] for s in data for q in s["qa"]][:queries]
    qvecs = cache.embed(qs)
    cache.save()
    emb.cache = dict(zip(qs, qvecs, strict=True))
    mem.recall(target, qs[0], limit=10)  # open/load the partition once
    lat_ex = []
    for q in qs:
        t1 = time.perf_counter()
        mem.recall(target, q, limit=10)
        lat_ex.append((time.perf_counter() - t1) * 1000)
    emb.cache = None
    lat_in = []
    for q in qs:
        t1 = time.perf_counter()
        mem.recall(target, q + " ", limit=10)  # a fresh string: the model embeds it
        lat_in.append((time.perf_counter() - t1) * 1000)
    res["recall_ms"] = {"excluded": {"p50": _pct(lat_ex, 0.5), "p95": _pct(lat_ex, 0.95)},
                        "included": {"p50": _pct(lat_in, 0.5), "p95": _pct(lat_in, 0.95)}}

    # vector recall@10 against exact search over the target actor's vectors
    if layout == "one":
        ids = np.array(ids_of_target)
        best_s = np.full((len(qs), 10), -np.inf, np.float32)
        best_i = np.zeros((len(qs), 10), np.int64)
        for lo in range(0, len(ids), 20_000):
            chunk = ids[lo:lo + 20_000]
            scores = qvecs @ emb.vectors(chunk).T
            cat_s = np.concatenate([best_s, scores], axis=1)
            cat_i = np.concatenate([best_i, np.broadcast_to(chunk, scores.shape)], axis=1)
            pick = np.argsort(-cat_s, axis=1)[:, :10]
            best_s, best_i = np.take_along_axis(cat_s, pick, 1), np.take_along_axis(cat_i, pick, 1)
        emb.cache = dict(zip(qs, qvecs, strict=True))
        overlap = []
        for n, q in enumerate(qs):
            got = {int(m.group(1)) for h in mem.recall(target, q, limit=10, mode="vector") if h.record
                   for m in [TAG.search(h.record.summary)] if m}
            overlap.append(len(got & set(best_i[n].tolist())) / 10)
        res["vector_recall_at_10_vs_exact"] = round(statistics.fmean(overlap), 4)

    # messages: batched and one by one, store only (recipe vectors) and end to end (MiniLM). History appends
    # now commit event chunks unembedded and a background indexer embeds them (embed_history="background"),
    # so "minilm" times the deferred path, not the embedding; indexer throughput has its own bench.


def measure_appends(mem: Any, res: dict[str, Any], agent: str, run: str, sentences: Sequence[str]) -> None:
    from engram import Scope

    for label, model in (("store_only", False), ("minilm", True)):
        chat = Scope(agent, "actor-0", f"chat-{label}-{run}")

        def msg(n: int, model: bool = model) -> dict[str, Any]:
            text = sentences[(n * 7919) % len(sentences)]
            return {"role": "user", "content": text if model else f"{text} ref-{n}"}
        t1 = time.perf_counter()
        for b in range(20):
            mem.append(chat, [msg(b * 100 + n) for n in range(100)])
        batched = 2000 / (time.perf_counter() - t1)
        single = []
        for n in range(300):
            t2 = time.perf_counter()
            mem.append(chat, [msg(10_000 + n)])
            single.append((time.perf_counter() - t2) * 1000)
        res[f"append_{label}"] = {"batched_messages_per_s": round(batched, 1),
                                  "single_ms": {"p50": _pct(single, 0.5), "p95": _pct(single, 0.95)}}


# -- a small PNG line chart, no plotting dependency ------------------------------------------------------

_FONT = {  # 5x7 glyphs, rows top to bottom, 5 bits each
    "0": "0e 11 13 15 19 11 0e", "1": "04 0c 04 04 04 04 0e", "2": "0e 11 01 02 04 08 1f", "3": "1f 02 04 02 01 11 0e",
    "4": "02 06 0a 12 1f 02 02", "5": "1f 10 1e 01 01 11 0e", "6": "06 08 10 1e 11 11 0e", "7": "1f 01 02 04 08 08 08",
    "8": "0e 11 11 0e 11 11 0e", "9": "0e 11 11 0f 01 02 0c", "A": "0e 11 11 1f 11 11 11", "B": "1e 11 11 1e 11 11 1e",
    "C": "0e 11 10 10 10 11 0e", "D": "1c 12 11 11 11 12 1c", "E": "1f 10 10 1e 10 10 1f", "F": "1f 10 10 1e 10 10 10",
    "G": "0e 11 10 17 11 11 0f", "H": "11 11 11 1f 11 11 11", "I": "0e 04 04 04 04 04 0e", "J": "07 02 02 02 02 12 0c",
    "K": "11 12 14 18 14 12 11", "L": "10 10 10 10 10 10 1f", "M": "11 1b 15 15 11 11 11", "N": "11 11 19 15 13 11 11",
    "O": "0e 11 11 11 11 11 0e", "P": "1e 11 11 1e 10 10 10", "Q": "0e 11 11 11 15 12 0d", "R": "1e 11 11 1e 14 12 11",
    "S": "0f 10 10 0e 01 01 1e", "T": "1f 04 04 04 04 04 04", "U": "11 11 11 11 11 11 0e", "V": "11 11 11 11 11 0a 04",
    "W": "11 11 11 15 15 15 0a", "X": "11 11 0a 04 0a 11 11", "Y": "11 11 11 0a 04 04 04", "Z": "1f 01 02 04 08 10 1f",
    " ": "00 00 00 00 00 00 00", ".": "00 00 00 00 00 0c 0c", ",": "00 00 00 00 0c 04 08", ":": "00 0c 0c 00 0c 0c 00",
    "/": "00 01 02 04 08 10 00", "-": "00 00 00 1f 00 00 00", "(": "02 04 08 08 08 04 02", ")": "08 04 02 02 02 04 08",
    "%": "18 19 02 04 08 13 03", "=": "00 00 1f 00 1f 00 00", "+": "00 04 04 1f 04 04 00", "_": "00 00 00 00 00 00 1f",
    "<": "02 04 08 10 08 04 02", ">": "08 04 02 01 02 04 08",
}


class Canvas:
    def __init__(self, w: int, h: int) -> None:
        self.w, self.h = w, h
        self.px = np.full((h, w, 3), 255, np.uint8)

    def dot(self, x: int, y: int, color: tuple[int, int, int], r: int = 0) -> None:
        self.px[max(0, y - r):min(self.h, y + r + 1), max(0, x - r):min(self.w, x + r + 1)] = color

    def line(self, x0: int, y0: int, x1: int, y1: int, color: tuple[int, int, int], width: int = 0) -> None:
        n = max(abs(x1 - x0), abs(y1 - y0), 1)
        for t in range(n + 1):
            self.dot(round(x0 + (x1 - x0) * t / n), round(y0 + (y1 - y0) * t / n), color, width)

    def text(self, x: int, y: int, s: str, color: tuple[int, int, int] = (0, 0, 0), scale: int = 2) -> None:
        for ch in s.upper():
            rows = _FONT.get(ch, _FONT[" "]).split()
            for r, hexrow in enumerate(rows):
                bits = int(hexrow, 16)
                for c in range(5):
                    if bits & (1 << (4 - c)):
                        self.px[y + r * scale:y + (r + 1) * scale, x + c * scale:x + (c + 1) * scale] = color
            x += 6 * scale

    def png(self) -> bytes:
        raw = b"".join(b"\x00" + self.px[y].tobytes() for y in range(self.h))

        def chunk(kind: bytes, data: bytes) -> bytes:
            return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
        return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", self.w, self.h, 8, 2, 0, 0, 0))
                + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))


def chart(series: dict[str, list[tuple[float, float]]], title: str, ylabel: str) -> bytes:
    """Log-x line chart of (size, ms) series with a legend."""
    c = Canvas(900, 510 + 20 * ((len(series) + 1) // 2))
    left, right, top, bottom = 90, 870, 60, 450
    xs = [x for pts in series.values() for x, _ in pts]
    ys = [y for pts in series.values() for _, y in pts]
    if not xs:
        return c.png()
    lx0, lx1 = np.log10(min(xs)) - 0.15, np.log10(max(xs)) + 0.15
    ymax = max(ys) * 1.15 or 1.0

    def px(x: float, y: float) -> tuple[int, int]:
        return (round(left + (np.log10(x) - lx0) / (lx1 - lx0) * (right - left)),
                round(bottom - y / ymax * (bottom - top)))
    c.text(left, 20, title)
    c.line(left, bottom, right, bottom, (0, 0, 0))
    c.line(left, top, left, bottom, (0, 0, 0))
    step = 10 ** np.floor(np.log10(ymax / 4))
    step *= 2 if ymax / step > 10 else 1
    y = 0.0
    while y <= ymax:
        _, yy = px(min(xs), y)
        c.line(left - 5, yy, right, yy, (225, 225, 225))
        c.text(10, yy - 7, f"{y:g}")
        y += step
    for x in sorted(set(xs)):
        xx, _ = px(x, 0)
        c.line(xx, bottom, xx, bottom + 6, (0, 0, 0))
        c.text(xx - 20, bottom + 14, f"{x / 1000:g}K" if x < 1e6 else f"{x / 1e6:g}M")
    c.text(10, top - 30, ylabel)
    colors = [(31, 119, 180), (214, 39, 40), (44, 160, 44), (148, 103, 189), (255, 127, 14), (23, 190, 207),
              (140, 86, 75), (227, 119, 194)]
    for n, (name, pts) in enumerate(series.items()):
        col = colors[n % len(colors)]
        pts = sorted(pts)
        for (x0, y0), (x1, y1) in pairwise(pts):
            c.line(*px(x0, y0), *px(x1, y1), col, 1)
        for x, y in pts:
            c.dot(*px(x, y), col, 4)
        lx, ly = left + (n % 2) * 390, bottom + 40 + (n // 2) * 20
        c.line(lx, ly + 6, lx + 24, ly + 6, col, 2)
        c.text(lx + 32, ly, name, col)
    return c.png()


# -- driver ------------------------------------------------------------------------------------------------


def table(rows: Sequence[dict[str, Any]]) -> str:
    head = (f"{'db':8} {'layout':6} {'records':>9} {'ingest/s':>9} {'recall p50/p95 ms (emb incl.)':>30} "
            f"{'(excl.)':>14} {'append p50':>10} {'msg/s':>8} {'RSS MB':>7} {'disk MB':>8} {'hnsw@10':>7}")
    out = [head]
    for r in rows:
        inc, exc = r["recall_ms"]["included"], r["recall_ms"]["excluded"]
        out.append(f"{r['db']:8} {r['layout']:6} {r['size']:>9} {r['ingest_records_per_s']:>9.0f} "
                   f"{inc['p50']:>22.1f}/{inc['p95']:<7.1f} {exc['p50']:>7.1f}/{exc['p95']:<6.1f} "
                   f"{r['append_store_only']['single_ms']['p50']:>10.2f} "
                   f"{r['append_store_only']['batched_messages_per_s']:>8.0f} {r['peak_rss_mb']:>7.0f} "
                   f"{_disk(r) / 1e6:>8.1f} {r.get('vector_recall_at_10_vs_exact', float('nan')):>7.3f}")
        out.append(f"{'':16} end to end with the embedder: append p50 {r['append_minilm']['single_ms']['p50']:.2f} ms, "
                   f"{r['append_minilm']['batched_messages_per_s']:.0f} msg/s batched; "
                   f"HNSW build {r['hnsw_build_s']} s; partitions {r.get('partitions')}")
    out += ratios(rows)
    return "\n".join(out)


def _append(r: dict[str, Any]) -> float:
    return float(r["append_store_only"]["single_ms"]["p50"])


def _disk(r: dict[str, Any]) -> float:
    """Bytes on disk after the bulk load when measured then (a kept database also holds later runs' appends)."""
    return float(r.get("disk_bytes_built") or r["disk_bytes"])


def ratios(rows: Sequence[dict[str, Any]]) -> list[str]:
    """The PostgreSQL column against SQLite at the same size and layout (recall p50 times, ingest rate)."""
    sqlite = {(r["layout"], r["size"]): r for r in rows if r["db"] == "sqlite"}
    out = []
    for r in rows:
        base = sqlite.get((r["layout"], r["size"]))
        if r["db"] == "sqlite" or base is None:
            continue
        if not out:
            out = ["", f"{'vs SQLite':8} {'layout':6} {'records':>9} {'recall p50 incl.':>17} {'excl.':>7} "
                       f"{'p95 incl.':>10} {'ingest':>7} {'append p50':>11} {'disk':>6}"]
        ri, bi = r["recall_ms"], base["recall_ms"]
        out.append(f"{r['db']:8} {r['layout']:6} {r['size']:>9} "
                   f"{ri['included']['p50'] / bi['included']['p50']:>16.2f}x "
                   f"{ri['excluded']['p50'] / bi['excluded']['p50']:>6.2f}x "
                   f"{ri['included']['p95'] / bi['included']['p95']:>9.2f}x "
                   f"{r['ingest_records_per_s'] / base['ingest_records_per_s']:>6.2f}x "
                   f"{_append(r) / _append(base):>10.2f}x "
                   f"{_disk(r) / _disk(base):>5.2f}x")
    return out


def child(db: str, size: int, layout: str, args: argparse.Namespace) -> dict[str, Any] | None:
    """Measure one database in a child process (a fresh one, or the one kept for this size and layout)."""
    with tempfile.TemporaryDirectory(prefix="engram-scale-", dir=os.environ.get("ENGRAM_BENCH_TMP")) as tmp:
        where = args.keep if args.keep is not None else Path(tmp)
        url = f"sqlite:///{where}/scale-{layout}-{size}.db" if db == "sqlite" else db
        if url.startswith("postgres") and "schema=" not in url:
            # a fresh schema per run, as SQLite gets a fresh file (indexes and statistics of earlier runs
            # would be measured too); left for inspection, drop it with DROP SCHEMA … CASCADE
            name = f"engram_keep_{layout}_{size}" if args.keep is not None else f"engram_bench_{uuid.uuid4().hex[:8]}"
            url += ("&" if "?" in url else "?") + f"schema={name}"
            print(f"  PostgreSQL schema: {name}", file=sys.stderr)
        print(f"  {db.split('://')[0]} {layout} {size} ...", file=sys.stderr)
        cmd = [sys.executable, __file__, "--child", str(size), layout, url, "--queries", str(args.queries),
               "--embedder", args.embedder] + (["--keep", str(args.keep)] if args.keep is not None else [])
        proc = subprocess.run(cmd, capture_output=True, text=True, check=False)
        if proc.returncode != 0:
            print(proc.stderr[-3000:], file=sys.stderr)
            return None
        got: dict[str, Any] = json.loads(proc.stdout.strip().splitlines()[-1])
        return got


def median_of(runs: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """The median of each measured figure over repeated runs of one database (the first run's other fields)."""
    if len(runs) == 1:
        return runs[0]

    def merge(xs: Sequence[Any]) -> Any:
        if isinstance(xs[0], dict):
            return {k: merge([x[k] for x in xs]) for k in xs[0]}
        if isinstance(xs[0], (int, float)) and not isinstance(xs[0], bool):
            return statistics.median(xs)
        return xs[0]
    out: dict[str, Any] = merge(list(runs))
    out["runs"] = list(runs)
    return out


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sizes", default="10000,100000,1000000")
    ap.add_argument("--layouts", default="one,many")
    ap.add_argument("--db", action="append", help="'sqlite' (a fresh file per run, the default) or a "
                    "postgresql:// URL; repeat it to measure several side by side (one after the other per size "
                    "and layout, in the order given)")
    ap.add_argument("--keep", type=Path, help="build each database once in this directory (SQLite files; a "
                    "PostgreSQL schema engram_keep_<layout>_<size>) and reuse it in later runs")
    ap.add_argument("--repeat", type=int, default=1, help="measure each database this many times, alternating")
    ap.add_argument("--queries", type=int, default=300)
    ap.add_argument("--embedder", default="default")
    ap.add_argument("--out", type=Path, default=OUT / "scale.json")
    ap.add_argument("--png", type=Path, default=OUT / "scale.png")
    ap.add_argument("--child", nargs=3, metavar=("SIZE", "LAYOUT", "URL"), help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.child:
        size, layout, url = int(args.child[0]), args.child[1], args.child[2]
        print(json.dumps(measure(size, layout, url, args.queries, args.embedder, args.keep)))
        return 0

    rows: list[dict[str, Any]] = json.loads(args.out.read_text())["runs"] if args.out.exists() else []
    if args.keep is not None:
        args.keep.mkdir(parents=True, exist_ok=True)
    for size in [int(s) for s in args.sizes.split(",") if s]:
        for layout in [x for x in args.layouts.split(",") if x]:
            runs: list[dict[str, Any]] = []
            for _ in range(args.repeat):
                for db in args.db or ["sqlite"]:
                    got = child(db, size, layout, args)
                    if got is None:
                        return 1
                    runs.append(got)
            for got in runs:  # a repeated measurement: its medians, with every run kept under "runs"
                key = (got["db"], got["layout"], got["size"])
                same = [r for r in runs if (r["db"], r["layout"], r["size"]) == key]
                if got is same[0]:
                    rows = [r for r in rows if (r["db"], r["layout"], r["size"]) != key] + [median_of(same)]
    rows.sort(key=lambda r: (r["db"], r["layout"], r["size"]))
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps({"benchmark": "scale", "machine": f"{os.cpu_count()} cpus",
                                    "sha": hashlib.sha1(Path(__file__).read_bytes()).hexdigest()[:10],
                                    "runs": rows}, indent=1))
    series: dict[str, list[tuple[float, float]]] = {}
    for r in rows:
        for which in ("included", "excluded"):
            name = f"{r['db']} {r['layout']} p50 {'with' if which == 'included' else 'w/o'} emb"
            series.setdefault(name, []).append((r["size"], r["recall_ms"][which]["p50"]))
    args.png.write_bytes(chart(series, "engram recall latency vs records (hybrid, top 10)", "ms"))
    print(table(rows))
    print(f"-> {args.out}, {args.png}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
