"""Two embedders as one: each text's vectors side by side, weighted so a cosine is a blend of their similarities.

Two models trained differently misjudge different pairs, so averaging their meaning similarities ranks better than
either alone (measured on questions asked in other words: ``docs/recall.md``, "The default embedder"). Concatenating
unit vectors ``u_i`` scaled by ``s_i`` gives a vector whose cosine with another such vector is
``sum(s_i^2 cos_i) / sum(s_i^2)``: a weighted sum of the parts' cosines, computed by every backend's ordinary
vector search (one index, no second query). Each part's weight is its share over the width of its cosine scale
(``CosineScale.ceiling - floor``), so every part's *similarity* (not its raw cosine) counts by its share: e5's
cosines crowd into 0.75-0.91, MiniLM's spread over 0-0.88. The blend's own scale follows from the parts'.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor

import numpy as np

from ..core.fusion import CosineScale
from ..errors import ConfigError, ValidationError
from .base import Embedder, embed_query, normalize_rows


def _scale(part: Embedder) -> CosineScale:
    found = getattr(part, "cosine_scale", None)
    return found if isinstance(found, CosineScale) else CosineScale()


class BlendEmbedder:
    """Embeds with every part and joins the vectors (``dim`` is the sum of theirs); ``model_id`` names the parts
    and their shares, so a store embedded by another blend, or by one part alone, is a different vector space."""

    def __init__(self, parts: Sequence[Embedder], shares: Sequence[float] | None = None) -> None:
        if len(parts) < 2:
            raise ConfigError("a blend needs at least two embedders", field="embedder")
        shares = list(shares) if shares is not None else [1.0 / len(parts)] * len(parts)
        if len(shares) != len(parts) or any(not (s > 0) or not math.isfinite(s) for s in shares):
            raise ConfigError("each embedder of a blend needs a positive share", field="embedder")
        total = sum(shares)
        self.parts = list(parts)
        self.shares = [s / total for s in shares]
        scales = [_scale(p) for p in self.parts]
        # s_i^2 proportional to share_i / width_i: the blended cosine moves with the parts' similarities by share
        slopes = [s / max(sc.ceiling - sc.floor, 1e-6) for s, sc in zip(self.shares, scales, strict=True)]
        z = sum(slopes)
        self._factors = [math.sqrt(w / z) for w in slopes]
        floor = sum(w * sc.floor for w, sc in zip(slopes, scales, strict=True)) / z
        # unrelated: where records that answer nothing stop, blended like the floors (a part with none: its floor)
        unrelated = sum(w * (sc.unrelated if sc.unrelated is not None else sc.floor)
                        for w, sc in zip(slopes, scales, strict=True)) / z
        self.cosine_scale = CosineScale(floor=floor, ceiling=floor + 1.0 / z,
                                        unrelated=None if all(sc.unrelated is None for sc in scales) else unrelated)
        self.model_id = "+".join(f"{p.model_id}*{s:.2f}" for p, s in zip(self.parts, self.shares, strict=True))
        self.dim = sum(int(p.dim) for p in self.parts)
        self._pool = ThreadPoolExecutor(max_workers=len(self.parts), thread_name_prefix="engram-blend")

    def _join(self, vectors: Sequence[np.ndarray]) -> np.ndarray:
        scaled = [np.asarray(v, dtype=np.float32) * f for v, f in zip(vectors, self._factors, strict=True)]
        return normalize_rows(np.concatenate(scaled, axis=1))

    def _each(self, texts: Sequence[str], query: bool) -> np.ndarray:
        if isinstance(texts, str):
            raise ValidationError("expected a sequence of strings, got one string", field="texts")
        if not texts:
            return np.zeros((0, self.dim), dtype=np.float32)
        run = (lambda p: embed_query(p, texts)) if query else (lambda p: p.embed(texts))
        # the parts run side by side (their engines release the GIL): a query measured 28.0 ms against 29.7 one
        # after the other, e5 alone 23.2 (2 loaded cores); more cores, more gain
        try:
            futures = [self._pool.submit(run, p) for p in self.parts]
        except RuntimeError:  # the interpreter is exiting (its executors are shut): the indexer thread of a
            # Memory nobody closed may still be embedding; finish in this thread rather than die mid-batch
            return self._join([run(p) for p in self.parts])
        return self._join([f.result() for f in futures])

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        """Passage vectors, ``(len(texts), dim)`` float32 unit rows."""
        return self._each(texts, False)

    def embed_query(self, texts: Sequence[str]) -> np.ndarray:
        """Query vectors (each part's query side where it has one)."""
        return self._each(texts, True)
