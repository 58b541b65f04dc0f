"""Records are searched by what a question asks, not by whom it names: ``recall`` embeds the question without its
personal pronouns (a record says "Has a cat named Miso", never "she"); history search keeps them (a message says
"I"). The query's keywords, its analysis and what the caller sees are unchanged."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from engram import Memory, Scope
from engram.core.text import analyze_query, without_person
from engram.embedders import load_embedder
from engram.embedders.base import embed_query


@pytest.mark.parametrize(("query", "said"), [
    ("what pet does she have?", "what pet does have?"),
    ("Do THEY have a holiday home", "Do have a holiday home"),
    ("Who handles my finances?", "Who handles finances?"),
    ("What did I tell you about my mother’s health?", "What did tell about mother’s health?"),
    ("I'm looking for my keys", "looking for keys"),
    ("what pet does the customer have", "what pet does the customer have"),  # a role is kept: it names a topic
    ("Is Priya's thesis defence on Friday?", "Is Priya's thesis defence on Friday?"),
    ("Ich habe einen Hund", "Ich habe einen Hund"),
    ("I", "I"), ("me?", "me?"),  # nothing but pronouns: kept as asked
])
def test_without_person_leaves_out_personal_pronouns_only(query: str, said: str) -> None:
    assert without_person(query) == said


def test_the_query_terms_are_the_same_either_way() -> None:
    from datetime import UTC, datetime
    now = datetime(2026, 3, 5, tzinfo=UTC)
    for q in ("what pet does she have?", "Who handles my finances?"):
        assert analyze_query(q, now).terms == analyze_query(without_person(q), now).terms


def test_recall_embeds_the_question_without_pronouns_and_history_with_them(
        make_memory: Callable[..., Memory]) -> None:
    emb = load_embedder("minilm")
    mem = make_memory(embedder=emb)
    s = Scope(agent="bot", actor="u1", session="s1")
    summary = "Thesis defence scheduled for 18 November"
    written = mem.remember(s, summary, scope="actor")
    mem.append(s, [{"role": "user", "content": summary}])
    question = "when is her thesis defence?"
    [doc] = emb.embed([summary])
    plain, stripped = (float(embed_query(emb, [q])[0] @ doc) for q in (question, without_person(question)))
    assert abs(plain - stripped) > 1e-3  # the pronoun moves the question's vector
    [hit] = [h for h in mem.recall(s, question, min_score=0) if h.record and h.record.id == written.id]
    assert hit.parts.cosine == pytest.approx(stripped, abs=1e-4)
    hits = mem.search_history(s, question, min_score=0)
    assert [h.event.content for h in hits if h.event] == [summary]
    assert hits[0].parts.cosine == pytest.approx(plain, abs=1e-4)
