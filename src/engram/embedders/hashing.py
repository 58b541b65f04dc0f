"""A deterministic hashing embedder for tests: no model, no files, stable across runs and machines."""

from __future__ import annotations

import hashlib
from collections.abc import Sequence

import numpy as np

from ..core.fusion import CosineScale
from ..core.text import key_terms
from .base import normalize_rows


class HashingEmbedder:
    """Feature hashing of terms and character trigrams into ``dim`` buckets with signed weights.

    Texts sharing words land near each other, which is all unit tests need; it knows no synonyms.
    """

    # texts sharing no word land near 0, sharing a few words 0.2-0.5: its own scale for absolute scores
    cosine_scale = CosineScale(floor=0.0, ceiling=0.4)

    def __init__(self, dim: int = 256) -> None:
        self.dim = dim
        self.model_id = f"hashing-v1-{dim}"

    def _bucket(self, feature: str) -> tuple[int, float]:
        h = hashlib.blake2b(feature.encode(), digest_size=8).digest()
        n = int.from_bytes(h, "little")
        return n % self.dim, (1.0 if (n >> 63) & 1 else -1.0)

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        out = np.zeros((len(texts), self.dim), dtype=np.float32)
        for i, text in enumerate(texts):
            for term in key_terms(text):
                j, sign = self._bucket("w:" + term)
                out[i, j] += 2.0 * sign
                padded = f"#{term}#"
                for k in range(len(padded) - 2):
                    j, sign = self._bucket("c:" + padded[k:k + 3])
                    out[i, j] += 0.5 * sign
        return normalize_rows(out)
