"""Hostile query text never reaches full-text syntax: no error, no operator, no column filter, every backend."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engram import Memory, Scope
from engram.stores.sqlite.sql import fts_query as _fts_query

S = Scope(agent="bot", actor="cust-1", session="s1")

HOSTILE = [
    '"', '""', '"unterminated', "it's", "'; DROP TABLE records; --", "NEAR(refund invoice, 2)", "NEAR(", "refund*",
    "*", "ref*und", "refund AND NOT invoice", "OR", "AND", "NOT", "refund OR", "-refund", "- -", "^refund", "^",
    "terms: refund", "fts_terms:refund", "fts_terms : refund", "{terms fts_terms}: refund", "terms:", ":", "(", ")",
    "((refund))", "refund)", "+refund", "refund + invoice", "a\x00b", "\\", "%_", "ünïcödé réfund", "退款 发票",
    "🎉🔥 refund 🙂", "ZWJ 👩‍👩‍👧", "\u202eRTL refund", "e" * 5000, "refund " * 400,
    " ".join(f"w{i}" for i in range(300)),
]


@pytest.fixture
def seeded(mem: Memory) -> Memory:
    mem.append(S, [{"role": "user", "content": "I was charged twice for the refund on invoice 7781"},
                   {"role": "assistant", "content": "I'll fix the double charge and send a new invoice"}])
    mem.remember(S, "Customer was charged twice; refund promised for invoice 7781", scope="actor")
    return mem


@pytest.mark.parametrize("query", HOSTILE)
def test_hostile_queries_are_plain_words(seeded: Memory, query: str) -> None:
    q = query.replace("\x00", "")
    for mode in ("hybrid", "lexical", "vector"):
        for hit in seeded.recall(S, q, mode=mode, limit=5):
            assert 0.0 <= hit.score <= 1.0
        for hit in seeded.search_history(S, q, mode=mode, limit=5):
            assert 0.0 <= hit.score <= 1.0


def test_operators_are_matched_as_words_not_syntax(seeded: Memory) -> None:
    # "NOT invoice" must not exclude the invoice record; "refund*" must not act as a prefix query
    assert seeded.recall(S, "refund AND NOT invoice", mode="lexical")
    assert not seeded.recall(S, "refu*", mode="lexical")
    assert not seeded.search_history(S, "NEAR(chargeback fraud)", mode="lexical")
    assert seeded.search_history(S, "fts_terms: twice", mode="lexical")


@given(st.text(max_size=200))
@settings(max_examples=150, suppress_health_check=[HealthCheck.function_scoped_fixture], deadline=None)
def test_any_text_is_a_safe_query(seeded: Memory, text: str) -> None:
    text = text.replace("\x00", "")
    if not text.strip():
        return
    seeded.recall(S, text, mode="lexical")
    seeded.search_history(S, text, mode="lexical")


@given(st.lists(st.text(min_size=1, max_size=20), min_size=1, max_size=5))
def test_fts_match_strings_quote_every_term(terms: list[str]) -> None:
    q = _fts_query(terms, ["p1"])
    body = q.split(") AND (")[0][1:]
    # every term is one double-quoted string with inner quotes doubled, joined by OR only
    rebuilt = " OR ".join('"' + t.replace('"', '""') + '"' for t in terms)
    assert body == rebuilt
