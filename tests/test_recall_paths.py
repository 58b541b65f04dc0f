"""Records rank the same whichever path wrote them (issue 30.5): a fact written by extraction, by ``remember``
and by ``remember_many`` (BatchCreate's path) is recalled at the same place with the same score, on the real
MiniLM embedder, for questions in other words (meaning alone) as well as ones sharing its words."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime, timedelta

from engram import Memory, Scope
from engram.embedders import load_embedder
from tests.support.configs import SEMANTIC_BY_HAND

T0 = datetime(2026, 3, 5, 10, tzinfo=UTC)
NOISE = ["Customer called twice about the delayed refund on order 5521",
         "Customer reported the mobile app logs out after every update",
         "Asked how to change the default currency on invoices"]
QUESTIONS = ("what pet does the customer have", "does the user have an animal at home?", "cat named Pepper",
             "what is the cat called")


def test_a_fact_ranks_the_same_from_extraction_remember_and_batch(make_memory: Callable[..., Memory]) -> None:
    mem = make_memory(SEMANTIC_BY_HAND, clock=lambda: T0 + timedelta(minutes=5), embedder=load_embedder("minilm"))
    by = {path: Scope(agent="bot", actor=f"u-{path}", session="s1") for path in ("extraction", "remember", "batch")}
    mem.append(by["extraction"], [
        {"role": "user", "content": "Oh and by the way, I have a cat named Pepper.", "at": T0},
        {"role": "assistant", "content": "Noted.", "at": T0 + timedelta(minutes=1)}])
    mem.extract(by["extraction"])
    [extracted] = mem.list(by["extraction"])
    assert extracted.summary == "Has a cat named Pepper" and extracted.content  # its quote is kept, not searched
    mem.remember(by["remember"], extracted.summary, scope="actor")
    mem.remember_many(by["batch"], [{"summary": extracted.summary, "scope": "actor"}])
    for scope in by.values():
        mem.remember_many(scope, [{"summary": n, "kind": "event", "scope": "actor"} for n in NOISE])
    for query in QUESTIONS:
        got = {path: mem.recall(scope, query, limit=5) for path, scope in by.items()}
        places = {path: [h.record.summary for h in hits if h.record].index(extracted.summary)
                  for path, hits in got.items()}
        assert set(places.values()) == {0}, (query, places)  # found, first, on every path
        scores = {path: hits[0].score for path, hits in got.items()}
        assert max(scores.values()) - min(scores.values()) < 1e-6, (query, scores)
