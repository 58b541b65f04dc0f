"""Ranking, done once for every backend: BM25 over candidates, hybrid fusion, recency. Pure.

Backends return *candidates*: lexical ones with their indexed terms, vector ones with their cosine. This
module turns them into one score in [0, 1]:

    L = bm25(doc) / max bm25 over the lexical candidates                  (0 when not a lexical match)
    V = (cos - min cos) / (max cos - min cos) over the vector candidates   (1 when there is one; 0 when absent)
    fused = (w_lex * L + w_vec * V) / (w_lex + w_vec)                     (mode lexical: L; vector: V)
    R = 0.5 ** (age / half_life)                                           (when a half-life is set)
    score = (1 - w_rec) * fused + w_rec * R

``min_score`` applies to matches by meaning alone: a candidate with no lexical match is dropped when its
raw cosine is below it. Every part is reported on the hit so users can tune.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime

BM25_K1 = 1.2
BM25_B = 0.75


@dataclass(frozen=True, slots=True)
class TermStats:
    """Corpus statistics a backend reports for the query terms: document count and document frequencies."""

    doc_count: int
    doc_freq: Mapping[str, int]


@dataclass(frozen=True, slots=True)
class LexicalCandidate:
    id: str
    terms: Sequence[str]  # the document's indexed terms (core.text.index_terms)


@dataclass(frozen=True, slots=True)
class VectorCandidate:
    id: str
    cosine: float


@dataclass(frozen=True, slots=True)
class Weights:
    lexical: float = 1.0
    vector: float = 1.0
    recency: float = 0.0  # share of the final score given to recency when a half-life is set
    half_life_days: float | None = None


@dataclass(frozen=True, slots=True)
class Scored:
    id: str
    score: float
    lexical: float | None
    vector: float | None
    recency: float | None
    cosine: float | None


def select_terms(terms: Sequence[str], stats: TermStats, *, max_df_ratio: float = 0.05,
                 keep_at_least: int = 2) -> list[str]:
    """Drop very common terms (document frequency above ``max_df_ratio``) and terms no document has.

    Common terms make an OR query rank nearly every row; dropping them keeps a 12-word question fast on
    1M rows and barely changes the order. When every term is common, the rarest few are kept.
    """
    present = [t for t in terms if stats.doc_freq.get(t, 0) > 0]
    if stats.doc_count <= 0:
        return present
    limit = max_df_ratio * stats.doc_count
    rare = [t for t in present if stats.doc_freq[t] <= limit]
    if len(rare) >= min(keep_at_least, len(present)):
        return rare
    return sorted(present, key=lambda t: stats.doc_freq[t])[:keep_at_least]


def idf(term: str, stats: TermStats) -> float:
    n = max(stats.doc_count, 1)
    df = min(stats.doc_freq.get(term, 0), n)
    return math.log(1.0 + (n - df + 0.5) / (df + 0.5))


def bm25(query: Sequence[str], candidates: Sequence[LexicalCandidate], stats: TermStats) -> dict[str, float]:
    """Okapi BM25 of each candidate for the query terms; average length taken over the candidates."""
    if not candidates or not query:
        return {}
    avgdl = sum(len(c.terms) for c in candidates) / len(candidates) or 1.0
    weights = {t: idf(t, stats) for t in set(query)}
    out: dict[str, float] = {}
    for c in candidates:
        tf: dict[str, int] = {}
        for t in c.terms:
            if t in weights:
                tf[t] = tf.get(t, 0) + 1
        dl = len(c.terms)
        s = 0.0
        for t, f in tf.items():
            s += weights[t] * f * (BM25_K1 + 1) / (f + BM25_K1 * (1 - BM25_B + BM25_B * dl / avgdl))
        if s > 0:
            out[c.id] = max(out.get(c.id, 0.0), s)
    return out


def recency(at: datetime, now: datetime, half_life_days: float) -> float:
    """0.5 ** (age / half_life), 1.0 for anything dated in the future."""
    age = (now - at).total_seconds() / 86400.0
    return 1.0 if age <= 0 else 0.5 ** (age / half_life_days)


def fuse(
    lexical: Mapping[str, float],
    vector: Iterable[VectorCandidate],
    *,
    mode: str = "hybrid",
    weights: Weights = Weights(),
    min_score: float | None = None,
    dates: Mapping[str, datetime] | None = None,
    now: datetime | None = None,
) -> list[Scored]:
    """Combine raw BM25 scores and cosines into one ranked list, best first, scores in [0, 1]."""
    cos = {c.id: c.cosine for c in vector} if mode != "lexical" else {}
    lex = dict(lexical) if mode != "vector" else {}
    lmax = max(lex.values(), default=0.0)
    cmin, cmax = min(cos.values(), default=0.0), max(cos.values(), default=0.0)
    wl, wv = (weights.lexical, weights.vector) if mode == "hybrid" else (
        (1.0, 0.0) if mode == "lexical" else (0.0, 1.0))
    use_recency = weights.half_life_days is not None and weights.recency > 0 and dates is not None
    out: list[Scored] = []
    for doc in set(lex) | set(cos):
        c = cos.get(doc)
        if doc not in lex and min_score is not None and (c is None or c < min_score):
            continue
        lpart = lex[doc] / lmax if doc in lex and lmax > 0 else (0.0 if mode != "vector" else None)
        if c is None:
            vpart = 0.0 if mode != "lexical" else None
        else:
            vpart = 1.0 if cmax - cmin < 1e-9 else (c - cmin) / (cmax - cmin)
        fused = (wl * (lpart or 0.0) + wv * (vpart or 0.0)) / ((wl + wv) or 1.0)
        rpart = None
        score = fused
        if use_recency and dates is not None and doc in dates:
            rpart = recency(dates[doc], now or datetime.now(dates[doc].tzinfo), weights.half_life_days or 1.0)
            score = (1 - weights.recency) * fused + weights.recency * rpart
        out.append(Scored(doc, min(1.0, max(0.0, score)), lpart, vpart, rpart, c))
    out.sort(key=lambda s: (-s.score, s.id))
    return out
