"""An extracted record holds what the user or the strategy wrote, nothing else, on both backends.

Its summary is the fact, its content the quoted evidence; the consolidation key lives in ``fact_key`` (never
shown as content, never indexed), and no topic gloss is written. So a question matches an extracted record
exactly as it matches the same fact written by ``remember``, and a word of the extractor's bookkeeping
("user", "residence", "About") matches nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime, timedelta

from engram import Memory
from engram.types import Scope
from tests.support.configs import SEMANTIC_BY_HAND

T0 = datetime(2026, 3, 5, 10, tzinfo=UTC)


def _extracted(make_memory: Callable[..., Memory], text: str) -> tuple[Memory, Scope]:
    mem = make_memory(SEMANTIC_BY_HAND, clock=lambda: T0 + timedelta(minutes=5), embedder="hashing")
    s = Scope(agent="bot", actor="u1", session="s1")
    mem.append(s, [{"role": "user", "content": text, "at": T0},
                   {"role": "assistant", "content": "Noted.", "at": T0 + timedelta(minutes=1)}])
    mem.extract(s)
    return mem, s


def test_an_extracted_record_holds_the_fact_and_its_quote_and_keeps_its_key_apart(
        make_memory: Callable[..., Memory]) -> None:
    mem, s = _extracted(make_memory, "My sister lives in Rome and I have a cat named Pepper.")
    records = sorted(mem.list(s), key=lambda r: r.summary)
    assert [r.summary for r in records] == ["Has a cat named Pepper", "Sister lives in Rome"]
    for r in records:
        assert r.content == 'User said on 2026-03-05: "My sister lives in Rome and I have a cat named Pepper."'
        assert "key:" not in (r.content or "") and "About:" not in (r.content or "")
        assert r.fact_key and "/" in r.fact_key  # kept, in a field of its own, and read back by the store
        assert mem.get(s, r.id).fact_key == r.fact_key
    # words only the bookkeeping held find nothing: "user" was in every key, "residence" in the sister's
    assert [h.record.summary for h in mem.recall(s, "user", mode="lexical")] == []
    assert [h.record.summary for h in mem.recall(s, "residence", mode="lexical")] == []
    # and the quote is not indexed: the cat's record is not found by the sister's city
    assert [h.record.summary for h in mem.recall(s, "Rome", mode="lexical")] == ["Sister lives in Rome"]


def test_a_fact_ranks_the_same_whichever_path_wrote_it(make_memory: Callable[..., Memory]) -> None:
    mem, s = _extracted(make_memory, "Oh and by the way, I have a cat named Pepper.")
    [extracted] = mem.list(s)
    assert extracted.summary == "Has a cat named Pepper"
    other = Scope(agent="bot", actor="u2", session="s1")
    remembered = mem.remember(other, "Has a cat named Pepper", scope="actor")
    for query in ("does the user have a pet?", "cat named Pepper", "what is the cat called", "by the way"):
        by_extraction = mem.recall(s, query)
        by_remember = mem.recall(other, query)
        assert [h.record.summary for h in by_extraction] == [h.record.summary for h in by_remember], query
        for a, b in zip(by_extraction, by_remember, strict=True):
            assert abs(a.score - b.score) < 1e-6, (query, a.score, b.score)
    assert remembered.fact_key is None and extracted.fact_key is not None
