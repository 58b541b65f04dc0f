"""A plain NumPy forward pass of a BERT encoder with mean pooling: the yardstick for the ONNX graph.

Written as directly as the architecture reads (no fusion, no folding, float64), so that tests can check the
ONNX graph against it. Too slow to serve; it is not used on any hot path.
"""

from __future__ import annotations

import math
from collections.abc import Mapping

import numpy as np


def _layer_norm(x: np.ndarray, w: np.ndarray, b: np.ndarray, eps: float) -> np.ndarray:
    mu = x.mean(-1, keepdims=True)
    var = ((x - mu) ** 2).mean(-1, keepdims=True)
    return (x - mu) / np.sqrt(var + eps) * w + b


def _f64(weights: Mapping[str, np.ndarray], name: str) -> np.ndarray:
    return np.asarray(weights[name], dtype=np.float64)  # no copy when the caller already gave float64


def _linear(x: np.ndarray, weights: Mapping[str, np.ndarray], name: str) -> np.ndarray:
    """``nn.Linear``: weight is stored (out, in)."""
    return x @ _f64(weights, name + ".weight").T + _f64(weights, name + ".bias")


def _erf(x: np.ndarray) -> np.ndarray:
    """Abramowitz & Stegun 7.1.26 (absolute error < 1.5e-7): fast enough for whole activations."""
    sign = np.sign(x)
    a = np.abs(x)
    t = 1.0 / (1.0 + 0.3275911 * a)
    poly = t * (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))))
    return sign * (1.0 - poly * np.exp(-a * a))


def _gelu(x: np.ndarray) -> np.ndarray:
    """The exact (erf) GELU BERT uses, not the tanh approximation."""
    return 0.5 * x * (1.0 + _erf(x / math.sqrt(2.0)))


def bert_mean_pooled(
    weights: Mapping[str, np.ndarray],
    input_ids: np.ndarray,
    attention_mask: np.ndarray,
    *,
    num_layers: int,
    num_heads: int,
    eps: float = 1e-12,
) -> np.ndarray:
    """Return the L2-normalised, mask-weighted mean of the last hidden states, shape ``(batch, hidden)``.

    Pass float64 weights when calling it many times: float32 ones are converted on every call.
    """
    w = weights
    batch, seq = input_ids.shape
    x = (
        _f64(w, "embeddings.word_embeddings.weight")[input_ids]
        + _f64(w, "embeddings.position_embeddings.weight")[np.arange(seq)][None, :, :]
        + _f64(w, "embeddings.token_type_embeddings.weight")[np.zeros_like(input_ids)]
    )
    x = _layer_norm(x, _f64(w, "embeddings.LayerNorm.weight"), _f64(w, "embeddings.LayerNorm.bias"), eps)
    hidden = x.shape[-1]
    head = hidden // num_heads
    mask = attention_mask.astype(np.float64)
    bias = (1.0 - mask)[:, None, None, :] * -1e30

    def split(t: np.ndarray) -> np.ndarray:
        return t.reshape(batch, seq, num_heads, head).transpose(0, 2, 1, 3)

    for i in range(num_layers):
        p = f"encoder.layer.{i}."
        q = split(_linear(x, w, p + "attention.self.query"))
        k = split(_linear(x, w, p + "attention.self.key"))
        v = split(_linear(x, w, p + "attention.self.value"))
        scores = q @ k.transpose(0, 1, 3, 2) / math.sqrt(head) + bias
        scores = scores - scores.max(-1, keepdims=True)
        probs = np.exp(scores)
        probs /= probs.sum(-1, keepdims=True)
        ctx = (probs @ v).transpose(0, 2, 1, 3).reshape(batch, seq, hidden)
        attn = _linear(ctx, w, p + "attention.output.dense")
        x = _layer_norm(attn + x, _f64(w, p + "attention.output.LayerNorm.weight"),
                        _f64(w, p + "attention.output.LayerNorm.bias"), eps)
        inner = _gelu(_linear(x, w, p + "intermediate.dense"))
        out = _linear(inner, w, p + "output.dense")
        x = _layer_norm(out + x, _f64(w, p + "output.LayerNorm.weight"), _f64(w, p + "output.LayerNorm.bias"),
                        eps)
    pooled = (x * mask[:, :, None]).sum(1) / np.maximum(mask.sum(1, keepdims=True), 1e-9)
    return pooled / np.linalg.norm(pooled, axis=1, keepdims=True)
