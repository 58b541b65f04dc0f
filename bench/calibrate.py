"""Where an embedder's cosines sit, to set its ``CosineScale`` (engram.core.fusion) from data.

On LoCoMo's tune conversations (the first five): the best cosine of each off-topic question
(``data/offtopic.txt``) over a conversation's turns, and the cosine of each question's evidence turns. The
scale of a new embedder is fitted so that its off-topic p90 and evidence p50 land where MiniLM's land on
MiniLM's scale (0.15, 0.75), so one set of fusion weights and the 0.2 cut serve both.

Since issue 30 the shipped scales come from ``bench/reworded.py --calibrate 0.05`` instead (the 0.2 cut where
the weakest 5% of answers to reworded questions sit); this script remains the LoCoMo-based view of the same.

    .venv/bin/python bench/calibrate.py --embedder e5
"""

from __future__ import annotations

import argparse
import json
import re
from typing import Any

import numpy as np
from locomo import DATA, HERE, OUT, CachedEmbedder, evidence_ids, load_offtopic, sessions, turn_text

from engram.core.fusion import CosineScale
from engram.embedders import load_embedder
from engram.embedders.base import embed_query

TUNE = ("conv-26", "conv-30", "conv-41", "conv-42", "conv-43")
REFERENCE = CosineScale(0.15, 0.75)  # MiniLM's


def quantiles(spec: str) -> dict[str, float]:
    inner = load_embedder(spec)
    name = re.sub(r'[^A-Za-z0-9.-]', '_', inner.model_id)
    emb: Any = CachedEmbedder(inner, OUT / "cache" / f"{name}-{inner.dim}.npz")
    off = load_offtopic(HERE / "data" / "offtopic.txt")
    off_best, gold = [], []
    for sample in json.loads(DATA.read_text()):
        if sample["sample_id"] not in TUNE:
            continue
        turns = [t for _, _, ts in sessions(sample["conversation"]) for t in ts]
        ids = [t["dia_id"] for t in turns]
        tv = emb.embed([turn_text(t) for t in turns])
        off_best += list((embed_query(emb, off) @ tv.T).max(axis=1))
        qs = sample["qa"]
        qv = embed_query(emb, [q["question"] for q in qs])
        sims = qv @ tv.T
        pos = {d: i for i, d in enumerate(ids)}
        for qi, q in enumerate(qs):
            gold += [sims[qi, pos[e]] for e in evidence_ids(q.get("evidence") or []) if e in pos]
    emb.save()
    return {"offtopic_best_p50": float(np.median(off_best)), "offtopic_best_p90": float(np.percentile(off_best, 90)),
            "evidence_p50": float(np.median(gold)), "evidence_p90": float(np.percentile(gold, 90))}


def fit(ref: dict[str, float], got: dict[str, float]) -> CosineScale:
    """The linear map sending ``got``'s off-topic p90 and evidence p50 to the V MiniLM's reach on its scale."""
    v_lo, v_hi = REFERENCE(ref["offtopic_best_p90"]), REFERENCE(ref["evidence_p50"])
    slope = (v_hi - v_lo) / (got["evidence_p50"] - got["offtopic_best_p90"])
    floor = got["offtopic_best_p90"] - v_lo / slope
    return CosineScale(round(floor, 3), round(floor + 1 / slope, 3))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--embedder", default="e5")
    args = ap.parse_args()
    ref = quantiles("minilm")
    got = quantiles(args.embedder)
    scale = fit(ref, got)
    print(json.dumps({"minilm": ref, args.embedder: got, "fitted_scale": [scale.floor, scale.ceiling]}, indent=1))


if __name__ == "__main__":
    main()
