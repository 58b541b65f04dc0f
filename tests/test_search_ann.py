"""HNSW partitions on SQLite (usearch): same answers as exact search, deletes honoured, saved and reopened."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from engram import Memory, Scope
from engram.embedders import HashingEmbedder
from engram.stores.sqlite import vectors
from tests.support.configs import WIDE

# usearch_available() loads onnxruntime before usearch (the other order crashes); never import usearch here
pytestmark = pytest.mark.skipif(not vectors.usearch_available(), reason="usearch (the ann extra) is not installed")

S1 = Scope(agent="bot", actor="cust-1", session="s1")
WORDS = ["refund", "invoice", "email", "phone", "dog", "garden", "paris", "budget", "tram", "sister", "lisbon",
         "pizza", "umbrella", "card", "parcel", "porch", "stock", "team", "order", "weather", "cooking", "summer",
         "vacation", "train", "ticket", "hotel", "museum", "river"]


@pytest.fixture
def small_ann(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(vectors, "ANN_THRESHOLD", 150)
    monkeypatch.setattr(vectors, "ANN_FOLD", 40)


def texts(n: int, seed: int = 0) -> list[str]:
    rng = np.random.default_rng(seed)
    return [" ".join(rng.choice(WORDS, size=5)) + f" n{i}" for i in range(n)]


def exact_top(emb: HashingEmbedder, corpus: dict[str, str], query: str, k: int) -> list[str]:
    ids = list(corpus)
    scores = emb.embed([corpus[i] for i in ids]) @ emb.embed([query])[0]
    return [ids[i] for i in np.argsort(-scores, kind="stable")[:k]]


def test_hnsw_partition_agrees_with_exact_search(small_ann: None, tmp_path: Path) -> None:
    emb = HashingEmbedder()
    mem = Memory.open(f"sqlite:///{tmp_path / 'e.db'}", config=WIDE, embedder=emb)
    corpus: dict[str, str] = {}
    all_texts = texts(400)
    for i in range(0, 400, 100):
        for rec in mem.remember_many(S1, [{"summary": t, "scope": "actor"} for t in all_texts[i:i + 100]]):
            corpus[rec.id] = rec.summary
        mem.recall(S1, "warm up", mode="vector")  # promotes once past the threshold, then grows
    assert "hnsw" in mem.store.vectors(emb.dim).kinds().values()
    gone = list(corpus)[::7]
    for rid in gone:
        mem.forget(S1, rid)
        corpus.pop(rid)
    overlap = []
    for q in ["refund invoice", "dog garden", "paris tram sister", "pizza team order", "museum river hotel"]:
        got = [h.record.id for h in mem.recall(S1, q, limit=10, mode="vector")]
        assert not set(got) & set(gone), "a forgotten record came back from the HNSW index"
        overlap.append(len(set(got) & set(exact_top(emb, corpus, q, 10))) / 10)
    assert np.mean(overlap) >= 0.9
    mem.store.maintain_vectors(emb.dim)
    mem.close()

    files = sorted(p.suffix for p in (tmp_path / "e.db.ann").iterdir())
    assert files == [".json", ".usearch"]
    again = Memory.open(f"sqlite:///{tmp_path / 'e.db'}", config=WIDE, embedder=emb)
    got = [h.record.id for h in again.recall(S1, "refund invoice", limit=10, mode="vector")]
    assert "hnsw" in again.store.vectors(emb.dim).kinds().values()
    assert not set(got) & set(gone) and len(set(got) & set(exact_top(emb, corpus, "refund invoice", 10))) >= 8
    more = again.remember_many(S1, [{"summary": "zeppelin airship rides", "scope": "actor"}])
    assert again.recall(S1, "zeppelin airship", limit=1, mode="vector")[0].record.id == more[0].id
    again.close()


def test_erasing_an_actor_drops_its_index(small_ann: None, tmp_path: Path) -> None:
    emb = HashingEmbedder()
    mem = Memory.open(f"sqlite:///{tmp_path / 'e.db'}", config=WIDE, embedder=emb)
    mem.remember_many(S1, [{"summary": t, "scope": "actor"} for t in texts(200)])
    mem.store.maintain_vectors(emb.dim)
    assert any((tmp_path / "e.db.ann").iterdir())
    mem.erase(S1)
    assert mem.recall(S1, "refund invoice", mode="vector") == []
    mem.remember(S1, "a fresh start", scope="actor")
    assert [h.record.summary for h in mem.recall(S1, "fresh start", mode="vector")] == ["a fresh start"]


def test_without_usearch_partitions_stay_exact(small_ann: None, tmp_path: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(vectors, "usearch_available", lambda: False)
    emb = HashingEmbedder()
    mem = Memory.open(f"sqlite:///{tmp_path / 'e.db'}", config=WIDE, embedder=emb)
    mem.remember_many(S1, [{"summary": t, "scope": "actor"} for t in texts(200)])
    assert mem.recall(S1, "refund invoice", mode="vector")
    assert set(mem.store.maintain_vectors(emb.dim).values()) == {"exact"}
    assert not (tmp_path / "e.db.ann").exists()


def test_loading_usearch_first_does_not_break_the_embedder() -> None:
    """usearch imported before onnxruntime crashes the process; the cache imports them in the safe order."""
    import subprocess
    import sys

    code = ("from engram.stores.sqlite import vectors; assert vectors.usearch_available(); "
            "import onnxruntime; print('ok')")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=False)
    assert out.returncode == 0 and out.stdout.strip() == "ok", out.stderr[-500:]


def test_a_long_session_is_searched_through_hnsw(small_ann: None, tmp_path: Path) -> None:
    emb = HashingEmbedder()
    mem = Memory.open(f"sqlite:///{tmp_path / 'e.db'}", config=WIDE, embedder=emb)
    body = texts(300, seed=3)
    events = []
    for i in range(0, 300, 50):
        events += mem.append(S1, [{"role": "user", "content": t} for t in body[i:i + 50]])
    mem.wait_indexed()
    mem.store.maintain_vectors(emb.dim)
    assert "hnsw" in mem.store.vectors(emb.dim).kinds().values()
    target = events[123]
    hits = mem.search_history(S1, target.content, limit=3, mode="vector")
    assert hits[0].event is not None and hits[0].event.id == target.id
    mem.delete_events(S1, [target.id])
    after = mem.search_history(S1, target.content, limit=10, mode="vector")
    assert target.id not in {h.event.id for h in after if h.event is not None}
    assert len(after) == 10


def test_an_index_left_by_another_database_at_the_same_path_is_not_used(small_ann: None, tmp_path: Path) -> None:
    emb = HashingEmbedder()
    db = tmp_path / "e.db"
    mem = Memory.open(f"sqlite:///{db}", config=WIDE, embedder=emb)
    mem.remember_many(S1, [{"summary": t, "scope": "actor"} for t in texts(200)])
    mem.store.maintain_vectors(emb.dim)
    mem.close()
    for p in tmp_path.glob("e.db*"):
        if p.is_file():
            p.unlink()  # a new database file; the old index directory stays behind
    fresh = Memory.open(f"sqlite:///{db}", config=WIDE, embedder=emb)
    recs = fresh.remember_many(S1, [{"summary": t, "scope": "actor"} for t in texts(200, seed=9)])
    # an old index would map its keys onto this database's rows with the old vectors: a record's own text
    # would almost never find it first. Several probes, so one approximate miss of the HNSW graph (built on two
    # threads, so not the same graph every run) does not decide the test.
    probes = [recs[i] for i in (17, 42, 99, 150, 180)]
    firsts = [[h.record.id for h in fresh.recall(S1, r.summary, limit=5, mode="vector") if h.record] for r in probes]
    assert "hnsw" in fresh.store.vectors(emb.dim).kinds().values()
    assert sum(1 for r, got in zip(probes, firsts, strict=True) if got and got[0] == r.id) >= 4, firsts
