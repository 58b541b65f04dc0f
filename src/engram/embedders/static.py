"""A static-embedding tier distilled from MiniLM (model2vec-style): a table lookup instead of a transformer.

Each vocabulary token is run through the MiniLM graph once, as the sentence ``[CLS] token [SEP]``; its
unit vector, scaled by a SIF weight ``a / (a + p(token))``, becomes that token's row. A text's vector is the
normalised sum of its tokens' rows, so embedding costs a tokenisation and a gather: tens of microseconds.
``p`` is a Zipf estimate from the token's vocabulary id (BERT's vocabulary is roughly frequency-ordered),
which down-weights frequent, content-poor tokens. The recipe was chosen on LoCoMo turn retrieval, where it
beat plain means, PCA-reduced tables and single-token inputs (see ``bench/embedders.py``).

The table is cached as ``.npy`` next to the ONNX graph and memory-mapped, so later loads are instant.
"""

from __future__ import annotations

import io
import os
import threading
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np

from ..errors import ValidationError
from ._cache import atomic_write_bytes, cache_dir, file_digest
from .base import normalize_rows
from .minilm import DIM, MODEL_ID, MiniLMEmbedder, locate_model_files

if TYPE_CHECKING:
    from tokenizers import Tokenizer

STATIC_MODEL_ID = f"{MODEL_ID}-static"
STATIC_VERSION = 1  # bump when the distillation recipe changes
SIF_A = 3e-5
_CLS, _SEP = 101, 102
_DISTIL_BATCH = 1024


def sif_weights(vocab_size: int, a: float = SIF_A) -> np.ndarray:
    """``a / (a + p)`` with ``p`` the Zipf probability of rank = token id."""
    inv_rank = 1.0 / np.arange(1, vocab_size + 1, dtype=np.float64)
    p = inv_rank / inv_rank.sum()
    return (a / (a + p)).astype(np.float32)


def distil_table(minilm: MiniLMEmbedder, token_ids: Sequence[int] | None = None, *,
                 vocab_size: int | None = None) -> np.ndarray:
    """Distil the static table: row ``t`` = SIF weight x MiniLM vector of ``[CLS] t [SEP]``.

    ``token_ids`` limits the work to those tokens (other rows stay zero), for tests and experiments.
    """
    minilm.load()
    assert minilm._tokenizer is not None
    size = vocab_size or minilm._tokenizer.get_vocab_size()
    ids = list(range(size)) if token_ids is None else sorted(set(token_ids))
    table = np.zeros((size, DIM), dtype=np.float32)
    for start in range(0, len(ids), _DISTIL_BATCH):
        chunk = ids[start:start + _DISTIL_BATCH]
        table[chunk] = minilm.embed_ids([[_CLS, t, _SEP] for t in chunk])
    table *= sif_weights(size)[:, None]
    return table


class StaticEmbedder:
    """Static token vectors distilled from all-MiniLM-L6-v2: far faster, coarser than the transformer.

    Give ``table`` to use a ready table (no cache, no distillation); otherwise it is loaded from the cache,
    or distilled once (about 15 s on two cores) with ``minilm`` (a new :class:`MiniLMEmbedder` if None).
    Texts with no tokens (the empty string) embed as zero rows.
    """

    model_id: str = STATIC_MODEL_ID
    dim: int = DIM

    def __init__(self, *, cache: str | os.PathLike[str] | None = None, minilm: MiniLMEmbedder | None = None,
                 table: np.ndarray | None = None) -> None:
        self.files = locate_model_files()
        self.cache = cache_dir(cache)
        self._minilm = minilm
        self._lock = threading.Lock()
        self._tokenizer: Tokenizer | None = None
        self._table: np.ndarray | None = None
        if table is not None:
            if table.ndim != 2 or table.shape[1] != DIM:
                raise ValidationError(f"must have shape (vocab, {DIM})", field="table")
            self._table = np.asarray(table, dtype=np.float32)

    @property
    def table_path(self) -> Path:
        """Where the distilled table is cached."""
        digest = file_digest(self.files.weights, self.cache)
        return self.cache / f"{MODEL_ID}-{digest[:16]}-static-s{STATIC_VERSION}.npy"

    def _load_table(self) -> np.ndarray:
        path = self.table_path
        if path.is_file():
            try:
                table = np.load(path, mmap_mode="r")
                if table.ndim == 2 and table.shape[1] == DIM and table.dtype == np.float32:
                    return table
            except (OSError, ValueError):
                pass  # unreadable: distil again below
        minilm = self._minilm or MiniLMEmbedder(cache=self.cache)
        table = distil_table(minilm)
        buf = io.BytesIO()
        np.save(buf, table)
        try:
            atomic_write_bytes(path, buf.getvalue())
        except OSError:
            return table  # read-only cache: keep it in memory for this process
        return np.load(path, mmap_mode="r")

    def load(self) -> None:
        """Load the tokenizer and the table now (distilling the table if it is not cached)."""
        if self._tokenizer is not None:
            return
        with self._lock:
            if self._tokenizer is not None:
                return
            from tokenizers import Tokenizer

            if self._table is None:
                self._table = self._load_table()
            tokenizer = Tokenizer.from_file(str(self.files.tokenizer))
            tokenizer.no_padding()
            tokenizer.no_truncation()
            self._tokenizer = tokenizer

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        """Sum the tokens' weighted rows per text and L2-normalise; returns ``(len(texts), 384)`` float32."""
        if isinstance(texts, str):
            raise ValidationError("expected a sequence of strings, got one string", field="texts")
        out = np.zeros((len(texts), DIM), dtype=np.float32)
        if not texts:
            return out
        self.load()
        assert self._tokenizer is not None and self._table is not None
        if len(texts) == 1:
            rows = [self._tokenizer.encode(texts[0], add_special_tokens=False).ids]
        else:
            rows = [e.ids for e in self._tokenizer.encode_batch(list(texts), add_special_tokens=False)]
        lengths = np.fromiter((len(r) for r in rows), dtype=np.int64, count=len(rows))
        nonempty = np.flatnonzero(lengths)
        if nonempty.size:
            flat = np.fromiter((t for r in rows for t in r), dtype=np.int64, count=int(lengths.sum()))
            starts = np.concatenate(([0], np.cumsum(lengths[nonempty])[:-1]))
            out[nonempty] = np.add.reduceat(self._table[flat], starts, axis=0)
        return normalize_rows(out)
