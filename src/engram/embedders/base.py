"""The Embedder protocol: batches of text in, float32 unit vectors out, with a stable model id."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

import numpy as np

from ..errors import ConfigError


class Embedder(Protocol):
    """Turns text into L2-normalised float32 vectors of ``dim`` dimensions.

    ``model_id`` is stored with the index: opening a store whose vectors came from another model id or
    dimension raises :class:`~engram.errors.EmbedderMismatch` instead of silently mixing vector spaces.
    """

    model_id: str

    @property
    def dim(self) -> int:
        """The vector size (a plain attribute satisfies this too)."""
        ...

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        """Return an array of shape ``(len(texts), dim)``, dtype float32, each row of unit length."""
        ...


def embed_query(embedder: Embedder, texts: Sequence[str]) -> np.ndarray:
    """Vectors for search queries: the embedder's ``embed_query`` when it has one (models trained with a
    query side, such as E5), else its ``embed``."""
    side = getattr(embedder, "embed_query", None)
    return np.asarray(side(texts) if callable(side) else embedder.embed(texts), dtype=np.float32)


def normalize_rows(x: np.ndarray) -> np.ndarray:
    """L2-normalise each row (zero rows stay zero); returns float32."""
    x = np.asarray(x, dtype=np.float32)
    norms = np.linalg.norm(x, axis=1, keepdims=True)
    norms[norms == 0] = 1.0
    return (x / norms).astype(np.float32, copy=False)


class EmbedderUnavailable(ConfigError):
    """The configured embedder cannot run here (its model files or package are not installed)."""
