"""Absolute scores: off-topic questions find nothing at the defaults, real ones keep their evidence, a score
does not depend on what else the pool holds. Engine tests use the real offline MiniLM on both backends."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engram import Scope
from engram.core import fusion
from engram.core.fusion import Candidate, CosineScale, TermStats, Weights
from engram.core.text import QueryAnalysis, analyze_query
from engram.embedders import load_embedder
from engram.embedders.e5 import E5Embedder
from engram.errors import ValidationError

T0 = datetime(2025, 3, 1, 12, 0, tzinfo=UTC)
FACTS = [
    "My sister Rosa lives in Quito with her two cats.",
    "I am allergic to peanuts, so please never suggest satay.",
    "The quarterly report for the Lisbon office is due on the third of March.",
    "I switched from running in the morning to swimming after work.",
    "Our team uses PostgreSQL for the billing service and Redis for caching.",
    "My daughter's piano recital is next Friday at the community hall.",
]
ACTOR_WIDE = {"harness": {"memory": {"scope": {"read": ["session", "actor"], "write": ["session", "actor"]}},
                          "history": {"index": "messages"}}}
REAL = [
    ("Where does my sister live?", 0),
    ("Which foods am I allergic to?", 1),
    ("When is the Lisbon report due?", 2),
    ("What exercise do I do now?", 3),
    ("What database does the billing service use?", 4),
    ("When is the piano recital?", 5),
]
OFF_TOPIC = [
    "What is quantum chromodynamics?",
    "How does a tokamak confine plasma?",
    "Who painted the Arnolfini Portrait?",
    "What is the offside rule in rugby union?",
    "How do I graft a quince rootstock?",
    "What did the Michelson-Morley experiment show?",
]


@pytest.fixture
def minilm_memory(make_memory):  # type: ignore[no-untyped-def]
    return make_memory(config=ACTOR_WIDE, embedder=load_embedder("minilm"), embed_history="inline")


def test_off_topic_recall_is_empty_and_real_questions_keep_their_evidence(minilm_memory) -> None:  # type: ignore[no-untyped-def]
    mem = minilm_memory
    me = Scope(agent="a", actor="u", session="s1")
    recs = mem.remember_many(me, [{"summary": f, "scope": "actor"} for f in FACTS])
    asker = Scope(agent="a", actor="u", session="s2")
    for question in OFF_TOPIC:
        assert mem.recall(asker, question) == [], question
        assert mem.recall(asker, question, min_score=0.0), "with no cut the best candidates still come back"
    for question, i in REAL:
        hits = mem.recall(asker, question)
        assert hits and hits[0].record is not None and hits[0].record.id == recs[i].id, question
        assert all(0.0 < h.score <= 1.0 for h in hits)
        assert hits[0].parts.lexical is not None and hits[0].parts.vector is not None
        if analyze_query(question, T0).owned:  # asked after the person's own things: their records, not cut
            assert len(hits) == len(FACTS), question
        else:  # min_score 0.2 applies to matches by meaning alone: keyword evidence or meaning >= 0.2
            assert all((h.parts.lexical or 0.0) > 0 or (h.parts.vector or 0.0) >= 0.2 for h in hits), question


def test_off_topic_history_search_is_empty(minilm_memory) -> None:  # type: ignore[no-untyped-def]
    mem = minilm_memory
    chat = Scope(agent="a", actor="u", session="s1")
    msgs = []  # dated now: history older than eventExpiryDuration (30 days) is not searched
    for f in FACTS:
        msgs += [{"role": "user", "content": f}, {"role": "assistant", "content": "Noted, thank you for telling me."}]
    evs = mem.append(chat, msgs)
    for question in OFF_TOPIC:
        assert mem.search_history(chat, question, limit=10) == [], question
    for question, i in REAL:
        hits = mem.search_history(chat, question, limit=3)
        assert hits and hits[0].event is not None and hits[0].event.id == evs[2 * i].id, question
    with pytest.raises(ValidationError) as err:
        mem.search_history(chat, "sister", min_score=1.5)
    assert err.value.field == "min_score"


def test_a_configured_min_score_is_the_default_cut(make_memory) -> None:  # type: ignore[no-untyped-def]
    mem = make_memory(config={"harness": {"memory": {"search": {"min_score": 0.0}}}},
                      embedder=load_embedder("minilm"))
    me = Scope(agent="a", actor="u", session="s1")
    mem.remember_many(me, [{"summary": f} for f in FACTS])
    assert mem.recall(me, OFF_TOPIC[0]), "min_score 0 in the config keeps every candidate"


def test_an_unrelated_pool_scores_nothing_at_the_default_cut() -> None:
    stats = TermStats(100, {"quark": 0, "gluon": 0, "sister": 3, "quito": 1})
    pool = [Candidate(f"c{i}", T0 + timedelta(minutes=i), "s", ["sister", "quito", "cat"], 0.1) for i in range(5)]
    q = QueryAnalysis(("quark", "gluon"))
    assert fusion.rank(pool, q, stats, min_score=fusion.DEFAULT_MIN_SCORE) == []
    assert fusion.rank(pool, QueryAnalysis(("sister", "quito")), stats, min_score=fusion.DEFAULT_MIN_SCORE)


@given(st.floats(-1.0, 1.0), st.lists(st.floats(-1.0, 1.0), max_size=6), st.sampled_from(["hybrid", "lexical",
                                                                                           "vector"]))
@settings(max_examples=200, suppress_health_check=[HealthCheck.too_slow])
def test_a_score_does_not_depend_on_weaker_unrelated_candidates(cos: float, others: list[float], mode: str) -> None:
    """Absolute: adding candidates that share no query term and are less similar leaves a score unchanged."""
    stats = TermStats(100, {"rosa": 2, "quito": 1})
    q = QueryAnalysis(("rosa", "quito"))
    a = Candidate("a", T0, "g0", ["rosa", "live", "quito"], cos)
    alone = fusion.rank([a], q, stats, mode=mode)
    extra = [Candidate(f"z{i}", T0 + timedelta(days=3 + i), f"g{i + 1}", ["cat", "dog", "fish"], min(c, cos))
             for i, c in enumerate(others)]
    mixed = {s.id: s for s in fusion.rank([a, *extra], q, stats, mode=mode)}
    assert mixed["a"].score == pytest.approx(alone[0].score)


@given(st.floats(-1.0, 1.0), st.floats(0.0, 1.0))
def test_cosine_scale_is_monotone_and_bounded(cos: float, bump: float) -> None:
    scale = CosineScale()
    assert 0.0 <= scale(cos) <= 1.0
    assert scale(min(1.0, cos + bump)) >= scale(cos)


def test_time_and_recency_make_no_evidence_by_themselves() -> None:
    w = Weights(recency=0.5, half_life_days=1.0)
    assert fusion.combine(0.0, 0.0, 1.0, 1.0, 1.0, weights=w, hybrid=True, use_period=True, use_when=True) == 0.0
    assert fusion.combine(0.5, 0.5, 1.0, 1.0, 1.0, weights=w, hybrid=True, use_period=True,
                          use_when=True) > fusion.combine(0.5, 0.5, 0.0, 0.0, 1.0, weights=w, hybrid=True,
                                                          use_period=True, use_when=True)


@given(st.floats(0.0, 1.0), st.floats(0.0, 1.0), st.floats(-1.0, 1.0), st.sampled_from([0.3, 0.5]))
def test_agreement_keeps_order_and_without_an_unrelated_cosine_is_the_similarity_over_full(
        a: float, b: float, unrelated: float, full: float) -> None:
    assert CosineScale().agreement(a, full) == min(1.0, a / full)  # MiniLM's A and A' as before
    scale = CosineScale(floor=0.752, ceiling=0.912, unrelated=unrelated)
    lo, hi = sorted((a, b))
    assert 0.0 <= scale.agreement(lo, full) <= scale.agreement(hi, full) <= 1.0
    if scale(unrelated) < full:
        assert scale.agreement(full, full) == 1.0


def test_a_shared_word_does_not_outrank_the_answer_where_unrelated_records_reach_far_up_the_scale() -> None:
    """e5's records that do not answer sit almost as near as the answer (issue 30, bench/reworded.py --embedder
    e5): a shared word counts from where they stop (``CosineScale.unrelated``), not from the floor."""
    query = analyze_query("what pet does the customer have", T0)
    stats = TermStats(36, {"customer": 6})
    pool = [Candidate("cat", T0, "g0", ["cat", "nam", "miso"], 0.828),
            Candidate("rating", T0 + timedelta(days=1), "g1", ["customer", "gave", "support", "chat", "rating"], 0.816),
            Candidate("refund", T0 + timedelta(days=2), "g2", ["customer", "call", "twice", "refund", "order"], 0.807)]
    fitted = E5Embedder.cosine_scale  # a class attribute: no e5 engine needed
    assert fitted.unrelated is not None

    def order(scale: CosineScale) -> list[str]:
        return [s.id for s in fusion.rank(pool, query, stats, weights=Weights(cosine=scale))]

    assert order(fitted)[0] == "cat"
    assert order(CosineScale(fitted.floor, fitted.ceiling))[0] == "rating", "read from the floor, the word wins"
