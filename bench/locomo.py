"""LoCoMo evidence retrieval through engram's public API: ``search_history`` and ``recall``, side by side.

For each conversation of ``locomo10.json``: one actor, one session holding every dialog turn as an event
(content ``<speaker> said, "<text>"`` [+ `` and shared <blip_caption>``], metadata ``dia_id``/``speaker``,
``at`` from the LoCoMo session date), and the same text remembered as an actor-level record (one
``remember_many`` per LoCoMo session). Each question (categories 1-5) is asked twice, top 10: through
``search_history`` in the conversation's session and through ``recall`` from another session of the actor.

Metrics follow the LoCoMo authors' convention (``task_eval/evaluation.py``): per question, recall@k is the
fraction of its evidence ids among the top k ids, 1 when it lists none; averaged over questions. Evidence
strings holding several ids (``"D8:6; D9:17"``) are split; malformed or unknown ids stay in the
denominator as misses. nDCG@10 uses binary relevance.

    .venv/bin/python bench/locomo.py                       # all 10 conversations, hybrid, MiniLM
    .venv/bin/python bench/locomo.py --conversations 2 --modes hybrid,lexical,vector

JSON goes to ``bench/out/locomo.json`` (with ``--out``), a table to stdout. Embeddings are cached under
``bench/out/cache/`` so reruns only pay for the ranking.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import math
import re
import statistics
import sys
import tempfile
import time
from collections.abc import Sequence
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import numpy as np
from benchdata import benchdata

from engram import Memory, Scope
from engram.core.fusion import DEFAULT_MIN_SCORE
from engram.embedders import Embedder, load_embedder
from engram.embedders.base import embed_query

HERE = Path(__file__).resolve().parent
DATA = benchdata("locomo", "locomo10.json")
OUT = HERE / "out"
CATEGORIES = {1: "multi-hop", 2: "temporal", 3: "open-domain", 4: "single-hop", 5: "adversarial"}
PEERS = {"mem0 infer=False / LangGraph store (dense)": 46.7, "plain BM25": 59.5, "DRAGON (LoCoMo paper)": 66.2}
CONFIG = {"harness": {
    "memory": {"scope": {"read": ["session", "actor"], "write": ["session", "actor"]}},
    "history": {"index": "messages", "eventExpiryDuration": 3650},
}}


class CachedEmbedder:
    """Wraps an embedder with a persistent text -> vector cache (bench only)."""

    def __init__(self, inner: Embedder, path: Path) -> None:
        self.inner = inner
        self.model_id = inner.model_id
        self.dim = inner.dim
        scale = getattr(inner, "cosine_scale", None)
        if scale is not None:
            self.cosine_scale = scale
        self.path = path
        self.cache: dict[str, np.ndarray] = {}
        self.dirty = False
        self.embed_seconds = 0.0
        if path.exists():
            with np.load(path) as z:
                keys, mat = z["keys"], z["vectors"]
                self.cache = {str(k): mat[i] for i, k in enumerate(keys)}

    @staticmethod
    def _key(text: str) -> str:
        return hashlib.blake2b(text.encode(), digest_size=12).hexdigest()

    def embed_query(self, texts: Sequence[str]) -> np.ndarray:
        """The query side (E5's ``query:`` prefix), cached apart from passages."""
        return self.embed(texts, query=True)

    def embed(self, texts: Sequence[str], query: bool = False) -> np.ndarray:
        keys = [("q:" if query else "") + self._key(t) for t in texts]
        todo = list(dict.fromkeys(k for k in keys if k not in self.cache))
        if todo:
            first = {k: t for k, t in zip(keys, texts, strict=True)}
            t0 = time.perf_counter()
            for i in range(0, len(todo), 256):
                batch = todo[i:i + 256]
                todo_texts = [first[k] for k in batch]
                vecs = embed_query(self.inner, todo_texts) if query else self.inner.embed(todo_texts)
                self.cache.update(zip(batch, vecs, strict=True))
            self.embed_seconds += time.perf_counter() - t0
            self.dirty = True
        out = np.zeros((len(texts), self.dim), np.float32)
        for i, k in enumerate(keys):
            out[i] = self.cache[k]
        return out

    def save(self) -> None:
        if not self.dirty:
            return
        self.path.parent.mkdir(parents=True, exist_ok=True)
        keys = list(self.cache)
        tmp = self.path.with_suffix(".tmp.npz")
        np.savez(tmp, keys=np.array(keys), vectors=np.stack([self.cache[k] for k in keys]).astype(np.float32))
        tmp.replace(self.path)
        self.dirty = False


def session_date(text: str) -> datetime:
    """``"1:56 pm on 8 May, 2023"`` -> an aware datetime (UTC)."""
    return datetime.strptime(text, "%I:%M %p on %d %B, %Y").replace(tzinfo=UTC)


def turn_text(turn: dict[str, Any]) -> str:
    """How the LoCoMo authors' dialog database embeds a turn."""
    text = f'{turn["speaker"]} said, "{turn["text"]}"'
    if turn.get("blip_caption"):
        text += f' and shared {turn["blip_caption"]}'
    return text


def sessions(conv: dict[str, Any]) -> list[tuple[int, datetime, list[dict[str, Any]]]]:
    out = []
    for key, turns in conv.items():
        m = re.fullmatch(r"session_(\d+)", key)
        if m and isinstance(turns, list) and turns:
            n = int(m.group(1))
            out.append((n, session_date(conv[f"session_{n}_date_time"]), turns))
    return sorted(out, key=lambda s: s[0])


def evidence_ids(raw: Sequence[str]) -> list[str]:
    """Evidence as the authors list it, with combined strings split; unmatched ids stay (as misses)."""
    out: list[str] = []
    for item in raw:
        out += [p for p in re.split(r"[;\s]+", item) if p]
    return list(dict.fromkeys(out))


def recall_at(ranked: Sequence[str], gold: Sequence[str], k: int) -> float:
    if not gold:
        return 1.0
    top = set(ranked[:k])
    return sum(1 for g in gold if g in top) / len(gold)


def ndcg_at(ranked: Sequence[str], gold: Sequence[str], k: int) -> float:
    if not gold:
        return 1.0
    g = set(gold)
    seen: set[str] = set()
    dcg = 0.0
    for i, d in enumerate(ranked[:k]):
        if d in g and d not in seen:
            dcg += 1.0 / math.log2(i + 2)
        seen.add(d)
    ideal = sum(1.0 / math.log2(i + 2) for i in range(min(len(g), k)))
    return dcg / ideal


def ingest(mem: Memory, sample: dict[str, Any], scope: Scope, records: str) -> tuple[dict[str, str], float, int]:
    """Append every turn as an event and remember it as an actor-level record; return record id -> dia_id.

    ``records="turn"``: one engram turn per LoCoMo session appends its messages and remembers each as a record
    dated like its message, with the message as source (what an agent writing memory during its turn does).
    ``records="remember_many"``: one ``remember_many`` per LoCoMo session after the append (dated now).
    """
    rec_dia: dict[str, str] = {}
    n = 0
    t0 = time.perf_counter()
    for _, when, turns in sessions(sample["conversation"]):
        msgs = []
        for i, turn in enumerate(turns):
            msgs.append({"role": "user", "content": turn_text(turn), "at": when + timedelta(seconds=30 * i),
                         "metadata": {"dia_id": turn["dia_id"], "speaker": turn["speaker"]}})
        if records == "turn":
            with mem.turn(scope, extract=False) as t:
                for ev, turn in zip(t.append(msgs), turns, strict=True):
                    rec = t.remember(ev.content, scope="actor", at=ev.at, source_event_ids=[ev.id])
                    rec_dia[rec.id] = turn["dia_id"]
        else:
            mem.append(scope, msgs)
            recs = mem.remember_many(scope, [{"summary": turn_text(t), "scope": "actor"} for t in turns])
            for rec, turn in zip(recs, turns, strict=True):
                rec_dia[rec.id] = turn["dia_id"]
        n += len(turns)
    return rec_dia, time.perf_counter() - t0, n


def load_offtopic(path: Path) -> list[str]:
    """The off-topic questions: one a line, '#' lines are comments."""
    return [ln.strip() for ln in path.read_text().splitlines() if ln.strip() and not ln.startswith("#")]


def ask(mem: Memory, path: str, scope: Scope, question: str, k: int, mode: str, min_score: float | None,
        rec_dia: dict[str, str]) -> tuple[list[str], list[float]]:
    """One question through one path: the ranked dia_ids and their scores."""
    if path == "history":
        hits = mem.search_history(scope, question, limit=k, mode=mode, min_score=min_score)
        return ([str(h.event.metadata.get("dia_id")) for h in hits if h.event is not None],
                [round(h.score, 4) for h in hits])
    hits = mem.recall(scope, question, limit=k, mode=mode, min_score=min_score)
    return [rec_dia.get(h.record.id, "?") for h in hits if h.record is not None], [round(h.score, 4) for h in hits]


def run_conversation(sample: dict[str, Any], embedder: Embedder, modes: Sequence[str], paths: Sequence[str],
                     k: int, workdir: Path, records: str, offtopic: Sequence[str], min_score: float | None
                     ) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    conv = sample["conversation"]
    last = max(when for _, when, _ in sessions(conv))
    now = last + timedelta(days=1)
    db = workdir / f"{sample['sample_id']}.db"
    mem = Memory.open(f"sqlite:///{db}", config=CONFIG, embedder=embedder, clock=lambda: now)
    actor = re.sub(r"[^A-Za-z0-9]", "-", sample["sample_id"])
    chat = Scope(agent="locomo", actor=actor, session="dialog")
    asker = Scope(agent="locomo", actor=actor, session="questions")
    rec_dia, secs, n = ingest(mem, sample, chat, records)
    print(f"  {sample['sample_id']}: {n} turns ingested in {secs:.1f}s", file=sys.stderr)
    rows = []
    for qi, qa in enumerate(sample["qa"]):
        gold = evidence_ids(qa.get("evidence") or [])
        row: dict[str, Any] = {"conversation": sample["sample_id"], "q": qi, "category": qa["category"],
                               "question": qa["question"], "evidence": gold}
        for mode in modes:
            for path in paths:
                t0 = time.perf_counter()
                ranked, scores = ask(mem, path, chat if path == "history" else asker, qa["question"], k, mode,
                                     min_score, rec_dia)
                ms = (time.perf_counter() - t0) * 1000
                row[f"{path}/{mode}"] = {"ranked": ranked, "scores": scores, "ms": round(ms, 2),
                                         "r5": recall_at(ranked, gold, 5), "r10": recall_at(ranked, gold, 10),
                                         "ndcg10": ndcg_at(ranked, gold, 10)}
        rows.append(row)
    off = []
    for question in offtopic:
        row = {"conversation": sample["sample_id"], "question": question}
        for mode in modes:
            for path in paths:
                _, scores = ask(mem, path, chat if path == "history" else asker, question, k, mode, min_score, rec_dia)
                row[f"{path}/{mode}"] = {"scores": scores}
        off.append(row)
    mem.close()
    return rows, off


TUNE = ("conv-26", "conv-30", "conv-41", "conv-42", "conv-43")  # conversations 1-5: the knobs were set on these;
# conversations 6-10 were never tuned on


def splits(rows: Sequence[dict[str, Any]], off: Sequence[dict[str, Any]], keys: Sequence[str], threshold: float
           ) -> dict[str, dict[str, Any]]:
    """R@10 and off-topic empties at ``threshold`` on the tune split and on the held-out test split."""
    out: dict[str, dict[str, Any]] = {}
    for name, keep in (("tune", lambda c: c in TUNE), ("test", lambda c: c not in TUNE)):
        rs = [r for r in rows if keep(r["conversation"])]
        if rs:
            os_ = [o for o in off if keep(o["conversation"])]
            out[name] = {key: {"n": len(rs), **cut(rs, os_, key, threshold)} for key in keys}
    return out


SWEEP = (0.0, 0.1, 0.12, 0.14, 0.16, 0.18, 0.2, 0.25, 0.3, 0.4)


def cut(rows: Sequence[dict[str, Any]], off: Sequence[dict[str, Any]], key: str, threshold: float
        ) -> dict[str, float]:
    """R@10 and the share of empty off-topic recalls had hits below ``threshold`` been left out."""
    r10 = [recall_at([d for d, s in zip(r[key]["ranked"], r[key]["scores"], strict=True) if s >= threshold],
                     r["evidence"], 10) for r in rows]
    empty = [not any(s >= threshold for s in o[key]["scores"]) for o in off]
    return {"recall@10": round(100 * statistics.fmean(r10), 1),
            "offtopic_empty": round(100 * statistics.fmean(empty), 1) if empty else float("nan")}


def summarize(rows: Sequence[dict[str, Any]], keys: Sequence[str], off: Sequence[dict[str, Any]] = (),
              sweep: bool = False) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key in keys:
        groups: dict[str, list[dict[str, Any]]] = {"all": [r for r in rows]}
        for c in CATEGORIES:
            groups[str(c)] = [r for r in rows if r["category"] == c]
        out[key] = {}
        for g, rs in groups.items():
            if not rs:
                continue
            out[key][g] = {
                "n": len(rs),
                "recall@5": round(100 * statistics.fmean(r[key]["r5"] for r in rs), 1),
                "recall@10": round(100 * statistics.fmean(r[key]["r10"] for r in rs), 1),
                "ndcg@10": round(100 * statistics.fmean(r[key]["ndcg10"] for r in rs), 1),
            }
        if off:
            out[key]["offtopic"] = {"n": len(off), "empty_%": round(100 * statistics.fmean(
                not o[key]["scores"] for o in off), 1), "top_score_p50": round(statistics.median(
                    o[key]["scores"][0] if o[key]["scores"] else 0.0 for o in off), 3)}
        if sweep:
            out[key]["sweep"] = {str(t): cut(rows, off, key, t) for t in SWEEP}
        ms = sorted(r[key]["ms"] for r in rows)
        out[key]["latency_ms"] = {"p50": round(ms[len(ms) // 2], 2), "p95": round(ms[int(len(ms) * 0.95)], 2)}
    out["splits"] = splits(rows, off, keys, DEFAULT_MIN_SCORE if sweep else 0.0)  # a sweep asked with no cut
    return out


def table(summary: dict[str, Any]) -> str:
    lines = []
    head = f"{'path/mode':18} {'metric':10} {'all':>6} " + " ".join(f"{CATEGORIES[c][:11]:>11}" for c in CATEGORIES)
    lines.append(head)
    for key, s in summary.items():
        if key == "splits":
            continue
        for metric in ("recall@5", "recall@10", "ndcg@10"):
            cells = " ".join(f"{s[str(c)][metric]:>11.1f}" if str(c) in s else f"{'-':>11}" for c in CATEGORIES)
            lines.append(f"{key:18} {metric:10} {s['all'][metric]:>6.1f} {cells}")
        lat = s["latency_ms"]
        lines.append(f"{key:18} {'ms p50/p95':10} {lat['p50']:.1f}/{lat['p95']:.1f}")
        if "offtopic" in s:
            o = s["offtopic"]
            lines.append(f"{key:18} {'off-topic':10} {o['empty_%']:.1f}% of {o['n']} empty "
                         f"(top score p50 {o['top_score_p50']:.3f})")
        for t, c in s.get("sweep", {}).items():
            lines.append(f"{key:18} {'cut ' + t:10} R@10 {c['recall@10']:.1f}, "
                         f"off-topic empty {c['offtopic_empty']:.1f}%")
    for name, split in (summary.get("splits") or {}).items():
        for key, v in split.items():
            lines.append(f"{key:18} {name + ' split':10} {v['n']} questions: R@10 {v['recall@10']:.1f}, "
                         f"off-topic empty {v['offtopic_empty']:.1f}% (at the default cut)")
    lines.append("peers, recall@10 (same data, MiniLM): " + "; ".join(f"{k} {v}" for k, v in PEERS.items()))
    return "\n".join(lines)


def pick(data: list[dict[str, Any]], spec: str) -> list[dict[str, Any]]:
    """The conversations ``--conversations`` names: 'all', a count (the first N) or comma-separated sample ids."""
    if spec == "all":
        return data
    if spec.isdigit():
        return data[: int(spec)]
    return [s for s in data if s["sample_id"] in set(spec.split(","))]


def report(result: dict[str, Any], out: Path, table_text: str, questions: int, conversations: int) -> None:
    """Write the JSON result and print the table with a one-line footer."""
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(result, indent=1))
    print(table_text)
    print(f"{questions} questions, {conversations} conversations, {result['seconds']}s -> {out}")


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--data", type=Path, default=DATA)
    ap.add_argument("--conversations", default="all",
                    help="'all', a count (the first N) or comma-separated sample ids")
    ap.add_argument("--modes", default="hybrid", help="comma-separated: hybrid,lexical,vector")
    ap.add_argument("--paths", default="history,recall", help="comma-separated: history,recall")
    ap.add_argument("--embedder", default="default", help="an engram embedder spec (default: MiniLM and e5 blended)")
    ap.add_argument("--k", type=int, default=10)
    ap.add_argument("--out", type=Path, default=OUT / "locomo.json")
    ap.add_argument("--records", choices=("turn", "remember_many"), default="turn",
                    help="how records are written (see ingest)")
    ap.add_argument("--no-cache", action="store_true", help="do not cache embeddings under bench/out/cache")
    ap.add_argument("--offtopic", type=Path, default=HERE / "data" / "offtopic.txt",
                    help="off-topic questions asked of every conversation ('' to skip)")
    ap.add_argument("--sweep", action="store_true",
                    help="ask with min_score 0 and report R@10 / off-topic empties at several cuts")
    ap.add_argument("--min-score", type=float, default=None, help="min_score passed to every query "
                    "(default: the memory's default)")
    args = ap.parse_args(argv)

    data = pick(json.loads(args.data.read_text()), args.conversations)
    modes = [m for m in args.modes.split(",") if m]
    paths = [p for p in args.paths.split(",") if p]
    inner = load_embedder(args.embedder)
    cache_path = OUT / "cache" / f"{re.sub(r'[^A-Za-z0-9.-]', '_', inner.model_id)}-{inner.dim}.npz"
    embedder: Any = inner if args.no_cache else CachedEmbedder(inner, cache_path)
    rows: list[dict[str, Any]] = []
    off: list[dict[str, Any]] = []
    offtopic = load_offtopic(args.offtopic) if str(args.offtopic) not in ("", ".") else []
    min_score = 0.0 if args.sweep else args.min_score
    t0 = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="engram-locomo-") as tmp:
        for sample in data:
            got, got_off = run_conversation(sample, embedder, modes, paths, args.k, Path(tmp), args.records,
                                            offtopic, min_score)
            rows += got
            off += got_off
            if isinstance(embedder, CachedEmbedder):
                embedder.save()
    keys = [f"{p}/{m}" for m in modes for p in paths]
    summary = summarize(rows, keys, off, args.sweep)
    result = {
        "benchmark": "locomo-evidence-retrieval",
        "date": datetime.now(UTC).isoformat(timespec="seconds"),
        "embedder": f"{inner.model_id}:{inner.dim}",
        "conversations": [s["sample_id"] for s in data],
        "questions": len(rows),
        "k": args.k,
        "records": args.records,
        "seconds": round(time.perf_counter() - t0, 1),
        "peers_recall@10": PEERS,
        "summary": summary,
        "min_score": "sweep" if args.sweep else args.min_score if args.min_score is not None else "default",
        "offtopic_questions": len(offtopic),
        "questions_detail": rows,
        "offtopic_detail": off,
    }
    report(result, args.out, table(summary), len(rows), len(data))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
