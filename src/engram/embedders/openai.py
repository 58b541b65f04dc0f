"""An OpenAI-compatible embeddings client: OpenAI, Ollama, vLLM, TEI and others speaking ``/v1/embeddings``.

Wire format: ``POST {base_url}/embeddings`` with ``{"model": …, "input": [...]}``; the answer's
``data[i].embedding`` are matched to inputs by ``data[i].index``. Base URL and key come from the arguments,
else ``OPENAI_BASE_URL`` / ``OPENAI_API_KEY`` as the OpenAI SDK reads them. The HTTP plumbing — retries with
exponential backoff on 408/429/5xx and network failures, ``Retry-After``, secret scrubbing, every failure
as :class:`~engram.errors.ModelError` — is the model providers' shared transport, so both behave alike.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

from ..errors import ConfigError, ModelOutputError, ValidationError
from ..models._http import Sleep, Transport
from .base import normalize_rows

DEFAULT_BASE_URL = "https://api.openai.com/v1"
OLLAMA_BASE_URL = "http://127.0.0.1:11434/v1"


class OpenAIEmbedder:
    """Embeddings over HTTP from any OpenAI-compatible server.

    ``dim`` is taken from the argument, else learnt from the first response (reading ``dim`` before any
    embedding sends one short probe request). ``model_id`` is ``"{provider}:{model}"`` (plus
    ``@{dimensions}`` when a reduced size is requested): what an index remembers. Servers that need no key
    (Ollama, vLLM, TEI) get no ``Authorization`` header. Thread-safe.
    """

    def __init__(
        self,
        model: str,
        *,
        base_url: str | None = None,
        api_key: str | None = None,
        dim: int | None = None,
        dimensions: int | None = None,
        provider: str = "openai",
        batch_size: int = 128,
        timeout: float = 30.0,
        max_retries: int = 3,
        backoff: float = 0.5,
        read_env: bool = True,
        sleep: Sleep | None = None,
    ) -> None:
        if not model:
            raise ConfigError("an embedding model name is required, e.g. 'openai:text-embedding-3-small'",
                              field="embedder")
        if batch_size < 1:
            raise ValidationError("must be at least 1", field="batch_size")
        env: Mapping[str, str] = os.environ if read_env else {}
        api_key = api_key or env.get("OPENAI_API_KEY") or None
        self.base_url = (base_url or env.get("OPENAI_BASE_URL") or DEFAULT_BASE_URL).rstrip("/")
        if not api_key and "api.openai.com" in self.base_url:
            raise ConfigError(f"{provider}: no API key: pass api_key or set OPENAI_API_KEY", field="api_key")
        self.model = model
        self.dimensions = dimensions
        self.model_id = f"{provider}:{model}" + (f"@{dimensions}" if dimensions else "")
        self.batch_size = batch_size
        self._dim = dim or dimensions
        self._dim_lock = threading.Lock()
        self._transport = Transport(
            provider, self.base_url, headers={"authorization": f"Bearer {api_key}"} if api_key else None,
            timeout=timeout, connect_timeout=min(timeout, 10.0), max_retries=max_retries,
            backoff_base=backoff, secrets=(api_key,), sleep=sleep,
        )

    @property
    def dim(self) -> int:
        """Vector size; probes the server once if neither given nor seen yet."""
        if self._dim is None:
            with self._dim_lock:
                if self._dim is None:
                    self._request(["dimension probe"])
        assert self._dim is not None
        return self._dim

    def close(self) -> None:
        """Close the HTTP connection pool."""
        self._transport.close()

    def __enter__(self) -> OpenAIEmbedder:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __repr__(self) -> str:
        return f"OpenAIEmbedder({self.model_id!r}, base_url={self.base_url!r})"

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        """Embed in batches of ``batch_size``; returns ``(len(texts), dim)`` float32 unit rows."""
        if isinstance(texts, str):
            raise ValidationError("expected a sequence of strings, got one string", field="texts")
        if not texts:
            return np.zeros((0, self.dim), dtype=np.float32)
        parts = [self._request(texts[i:i + self.batch_size]) for i in range(0, len(texts), self.batch_size)]
        return normalize_rows(np.concatenate(parts))

    def _request(self, texts: Sequence[str]) -> np.ndarray:
        # Some servers (OpenAI among them) reject empty strings; a blank embeds the same "no content".
        body: dict[str, Any] = {"model": self.model, "input": [t if t else " " for t in texts]}
        if self.dimensions:
            body["dimensions"] = self.dimensions
        return self._parse(self._transport.post_json("/embeddings", body), len(texts))

    def _parse(self, answer: dict[str, Any], n: int) -> np.ndarray:
        where = f"{self.model_id} at {self.base_url}"
        try:
            rows = sorted(answer["data"], key=lambda item: int(item["index"]))
            indices = [int(row["index"]) for row in rows]
            vectors = np.asarray([row["embedding"] for row in rows], dtype=np.float32)
        except (ValueError, KeyError, TypeError) as e:
            raise ModelOutputError(f"{where}: embeddings response is not in the OpenAI format: {e!r}",
                                   field="embedder") from e
        if indices != list(range(n)) or vectors.ndim != 2:
            raise ModelOutputError(f"{where}: embeddings response has indices {indices[:5]}… and shape "
                                   f"{vectors.shape}; expected {n} rows indexed 0..{n - 1}", field="embedder")
        if self._dim is None:  # racing first calls all learn the same number
            self._dim = int(vectors.shape[1])
        if vectors.shape[1] != self._dim:
            raise ModelOutputError(f"{where}: embeddings have {vectors.shape[1]} dimensions, expected "
                                   f"{self._dim}", field="embedder")
        return vectors
