"""Write a BERT sentence encoder (mean pooling + L2 norm) as an ONNX graph, straight from its weights.

No torch and no exporter: the graph is spelled out op by op with ``onnx.helper``. Inputs are ``input_ids``
and ``attention_mask`` (int64, ``(batch, seq)``); the one output ``embedding`` is ``(batch, hidden)``
float32 of unit length. Token types are always 0 for single sentences, so that embedding row is folded into
the position table; the 1/sqrt(head_dim) attention scale is folded into the query weights.

With ``fused=True`` the encoder uses onnxruntime's contrib ops (``Attention``, ``SkipLayerNormalization``,
``BiasGelu``), which run the same arithmetic in fewer, faster kernels; the graph then needs onnxruntime.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper

OPSET = 17
MS_DOMAIN = "com.microsoft"


@dataclass(frozen=True)
class BertShape:
    """The few hyper-parameters the graph needs (from the model's ``config.json``)."""

    num_layers: int
    num_heads: int
    hidden: int
    eps: float = 1e-12

    @classmethod
    def from_config(cls, config: Mapping[str, object]) -> BertShape:
        """Read a Hugging Face BERT ``config.json`` mapping."""
        return cls(
            num_layers=int(str(config["num_hidden_layers"])),
            num_heads=int(str(config["num_attention_heads"])),
            hidden=int(str(config["hidden_size"])),
            eps=float(str(config.get("layer_norm_eps", 1e-12))),
        )


@dataclass
class _Builder:
    """Collects nodes and initializers, naming intermediate values uniquely."""

    nodes: list[onnx.NodeProto] = field(default_factory=list)
    inits: list[onnx.TensorProto] = field(default_factory=list)
    count: int = 0

    def const(self, name: str, value: np.ndarray) -> str:
        self.inits.append(numpy_helper.from_array(np.ascontiguousarray(value), name))
        return name

    def op(self, op_type: str, inputs: list[str], *, domain: str = "", n_out: int = 1,
           **attrs: Any) -> str:
        self.count += 1
        outs = [f"{op_type.lower()}_{self.count}" + (f"_{i}" if i else "") for i in range(n_out)]
        self.nodes.append(helper.make_node(op_type, inputs, outs, name=f"n{self.count}_{op_type}",
                                           domain=domain, **attrs))
        return outs[0]


def _f32(a: np.ndarray) -> np.ndarray:
    return np.asarray(a, dtype=np.float32)


def build_bert_graph(weights: Mapping[str, np.ndarray], shape: BertShape, *, fused: bool = True
                     ) -> onnx.ModelProto:
    """Return the ONNX model of a mean-pooled, L2-normalised BERT encoder with these weights."""
    b = _Builder()
    hidden, heads = shape.hidden, shape.num_heads
    head_dim = hidden // heads
    scale = 1.0 / math.sqrt(head_dim)

    def w(name: str) -> np.ndarray:
        return _f32(weights[name])

    # Embeddings: word + (position + token type 0), then LayerNorm.
    word = b.const("word_embeddings", w("embeddings.word_embeddings.weight"))
    pos_table = w("embeddings.position_embeddings.weight") + w("embeddings.token_type_embeddings.weight")[0]
    pos = b.const("position_embeddings", pos_table)
    x = b.op("Gather", [word, "input_ids"], axis=0)
    seq_len = b.op("Shape", ["input_ids"], start=1, end=2)
    zero = b.const("zero_1d", np.array([0], dtype=np.int64))
    pos_slice = b.op("Slice", [pos, zero, seq_len, zero])
    x = b.op("Add", [x, pos_slice])
    x = b.op("LayerNormalization", [x, b.const("emb_ln_w", w("embeddings.LayerNorm.weight")),
                                    b.const("emb_ln_b", w("embeddings.LayerNorm.bias"))],
             axis=-1, epsilon=shape.eps)

    mask_f = b.op("Cast", ["attention_mask"], to=TensorProto.FLOAT)
    if fused:
        mask_i32 = b.op("Cast", ["attention_mask"], to=TensorProto.INT32)
    else:
        # Additive attention bias (batch, 1, 1, seq): 0 where attended, a large negative where padded.
        inv = b.op("Sub", [b.const("one_f", np.array(1.0, dtype=np.float32)), mask_f])
        neg = b.op("Mul", [inv, b.const("neg_big", np.array(-1e9, dtype=np.float32))])
        attn_bias = b.op("Unsqueeze", [neg, b.const("axes_1_2", np.array([1, 2], dtype=np.int64))])
        split_shape = b.const("split_heads_shape", np.array([0, 0, heads, head_dim], dtype=np.int64))
        merge_shape = b.const("merge_heads_shape", np.array([0, 0, hidden], dtype=np.int64))

    for i in range(shape.num_layers):
        p = f"encoder.layer.{i}."
        wq = w(p + "attention.self.query.weight").T * scale
        bq = w(p + "attention.self.query.bias") * scale
        wk, bk = w(p + "attention.self.key.weight").T, w(p + "attention.self.key.bias")
        wv, bv = w(p + "attention.self.value.weight").T, w(p + "attention.self.value.bias")
        wo = b.const(f"l{i}_attn_out_w", w(p + "attention.output.dense.weight").T)
        bo = b.const(f"l{i}_attn_out_b", w(p + "attention.output.dense.bias"))
        ln1_w = b.const(f"l{i}_ln1_w", w(p + "attention.output.LayerNorm.weight"))
        ln1_b = b.const(f"l{i}_ln1_b", w(p + "attention.output.LayerNorm.bias"))
        w1 = b.const(f"l{i}_ffn_in_w", w(p + "intermediate.dense.weight").T)
        b1 = b.const(f"l{i}_ffn_in_b", w(p + "intermediate.dense.bias"))
        w2 = b.const(f"l{i}_ffn_out_w", w(p + "output.dense.weight").T)
        b2 = b.const(f"l{i}_ffn_out_b", w(p + "output.dense.bias"))
        ln2_w = b.const(f"l{i}_ln2_w", w(p + "output.LayerNorm.weight"))
        ln2_b = b.const(f"l{i}_ln2_b", w(p + "output.LayerNorm.bias"))

        if fused:
            qkv_w = b.const(f"l{i}_qkv_w", np.concatenate([wq, wk, wv], axis=1))
            qkv_b = b.const(f"l{i}_qkv_b", np.concatenate([bq, bk, bv]))
            ctx = b.op("Attention", [x, qkv_w, qkv_b, mask_i32], domain=MS_DOMAIN,
                       num_heads=heads, scale=1.0)
            attn = b.op("MatMul", [ctx, wo])
            x = b.op("SkipLayerNormalization", [attn, x, ln1_w, ln1_b, bo], domain=MS_DOMAIN,
                     epsilon=shape.eps)
            inner = b.op("BiasGelu", [b.op("MatMul", [x, w1]), b1], domain=MS_DOMAIN)
            out = b.op("MatMul", [inner, w2])
            x = b.op("SkipLayerNormalization", [out, x, ln2_w, ln2_b, b2], domain=MS_DOMAIN,
                     epsilon=shape.eps)
            continue

        def heads_of(t: str) -> str:
            return b.op("Transpose", [b.op("Reshape", [t, split_shape])], perm=[0, 2, 1, 3])

        q = heads_of(b.op("Add", [b.op("MatMul", [x, b.const(f"l{i}_q_w", wq)]), b.const(f"l{i}_q_b", bq)]))
        k = heads_of(b.op("Add", [b.op("MatMul", [x, b.const(f"l{i}_k_w", wk)]), b.const(f"l{i}_k_b", bk)]))
        v = heads_of(b.op("Add", [b.op("MatMul", [x, b.const(f"l{i}_v_w", wv)]), b.const(f"l{i}_v_b", bv)]))
        scores = b.op("Add", [b.op("MatMul", [q, b.op("Transpose", [k], perm=[0, 1, 3, 2])]), attn_bias])
        probs = b.op("Softmax", [scores], axis=-1)
        ctx = b.op("Transpose", [b.op("MatMul", [probs, v])], perm=[0, 2, 1, 3])
        ctx = b.op("Reshape", [ctx, merge_shape])
        attn = b.op("Add", [b.op("MatMul", [ctx, wo]), bo])
        x = b.op("LayerNormalization", [b.op("Add", [attn, x]), ln1_w, ln1_b], axis=-1, epsilon=shape.eps)
        h = b.op("Add", [b.op("MatMul", [x, w1]), b1])
        inv_sqrt2 = b.const(f"l{i}_inv_sqrt2", np.array(1 / math.sqrt(2), np.float32))
        erf = b.op("Erf", [b.op("Mul", [h, inv_sqrt2])])
        half = b.op("Mul", [h, b.const(f"l{i}_half", np.array(0.5, np.float32))])
        inner = b.op("Mul", [half, b.op("Add", [erf, b.const(f"l{i}_one", np.array(1.0, np.float32))])])
        out = b.op("Add", [b.op("MatMul", [inner, w2]), b2])
        x = b.op("LayerNormalization", [b.op("Add", [out, x]), ln2_w, ln2_b], axis=-1, epsilon=shape.eps)

    # Mean pooling over attended tokens, then L2 normalisation.
    mask3 = b.op("Unsqueeze", [mask_f, b.const("axis_2", np.array([2], dtype=np.int64))])
    summed = b.op("ReduceSum", [b.op("Mul", [x, mask3]), b.const("axis_1", np.array([1], dtype=np.int64))],
                  keepdims=0)
    count = b.op("ReduceSum", [mask3, b.const("axis_1b", np.array([1], dtype=np.int64))], keepdims=0)
    count = b.op("Max", [count, b.const("tiny", np.array(1e-9, dtype=np.float32))])
    pooled = b.op("Div", [summed, count])
    b.nodes.append(helper.make_node("LpNormalization", [pooled], ["embedding"], axis=-1, p=2,
                                    name="l2_normalize"))

    graph = helper.make_graph(
        b.nodes,
        "bert_mean_pooled",
        [helper.make_tensor_value_info("input_ids", TensorProto.INT64, ["batch", "seq"]),
         helper.make_tensor_value_info("attention_mask", TensorProto.INT64, ["batch", "seq"])],
        [helper.make_tensor_value_info("embedding", TensorProto.FLOAT, ["batch", hidden])],
        b.inits,
    )
    opsets = [helper.make_opsetid("", OPSET)]
    if fused:
        opsets.append(helper.make_opsetid(MS_DOMAIN, 1))
    model = helper.make_model(graph, opset_imports=opsets, producer_name="engram")
    model.ir_version = 8
    return model
