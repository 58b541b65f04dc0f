"""A question about how things stand now prefers what was said last in a conversation (issue 30, long
user/assistant chats: the latest telling of a changed fact should outrank the earlier ones)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from datetime import UTC, datetime, timedelta

import pytest

from engram import Memory, Scope
from engram.core import fusion
from engram.core.fusion import Candidate, TermStats, Weights
from engram.core.text import analyze_query, asks_now

T0 = datetime(2025, 3, 1, 12, 0, tzinfo=UTC)
S = Scope(agent="coach", actor="noor", session="s1")


@pytest.mark.parametrize("question", [
    "which climbing gym do I go to now?", "what's my current handicap?", "how do I commute these days?",
    "who is my landlord at the moment?", "do I still keep bees?", "which venue did they pick in the end?",
    "am I on any medication?", "when does my book club meet?", "what phone do I use?"])
def test_questions_about_how_things_stand_now(question: str) -> None:
    assert asks_now(question) and analyze_query(question, T0).now


@pytest.mark.parametrize("question", [
    "what did I say about the budget?", "which gym was I going to before?", "When did Caroline move to Oslo?",
    "What is Melanie's favourite colour?", "what was my first car?", "How do you compute a determinant?",
    "Has Tim been to any states in the US?"])
def test_questions_about_the_past_or_about_someone_else(question: str) -> None:
    assert not asks_now(question)


def test_the_later_of_two_equal_matches_ranks_first_only_when_asked_about_now() -> None:
    stats = TermStats(10, {"gym": 2})
    old = Candidate("a", T0, "s", ["gym", "boulder"], 0.6, role="user")
    new = Candidate("b", T0 + timedelta(days=60), "s", ["gym", "crux"], 0.6, role="user")
    now = {s.id: s for s in fusion.rank([old, new], analyze_query("which gym do I go to now?", T0), stats)}
    assert now["b"].score > now["a"].score
    assert now["b"].current == 1.0 and now["a"].current == pytest.approx(0.5 ** 2)
    w = Weights()
    assert now["a"].score == pytest.approx(now["b"].score * ((1 - w.now) + w.now * 0.25) ** w.spread)
    then = {s.id: s for s in fusion.rank([old, new], analyze_query("which gym did I go to before?", T0), stats)}
    assert then["a"].score == then["b"].score and then["a"].current is None
    vec = fusion.rank([old, new], analyze_query("which gym do I go to now?", T0), stats, mode="vector")
    assert vec[0].score == vec[1].score, "the single signals are not tilted"
    assert [s.id for s in vec] == ["b", "a"]  # of equal scores, the newer first
    records = [replace(old, role=None), replace(new, role=None)]  # consolidated: a change supersedes instead
    assert all(s.current is None for s in fusion.rank(records, analyze_query("which gym do I go to now?", T0), stats))


def test_history_search_puts_the_latest_telling_first(make_memory: Callable[..., Memory]) -> None:
    clock = {"now": T0}
    no_extraction = {"harness": {"memory": {"strategies": []}, "history": {"index": "messages"}}}
    mem = make_memory(no_extraction, clock=lambda: clock["now"])
    mem.append(S, [{"role": "user", "content": "My climbing gym is Boulder Barn on Elm Street."}])
    older = mem.remember(S, "Climbing gym: Boulder Barn on Elm Street")
    clock["now"] = T0 + timedelta(days=20)  # within the 30 days events are kept
    mem.append(S, [{"role": "user", "content": "My climbing gym is Crux Hall on Pine Road."}])
    newer = mem.remember(S, "Climbing gym: Crux Hall on Pine Road")

    hits = mem.search_history(S, "which climbing gym do I go to now?")
    assert len(hits) == 2 and hits[0].event is not None and "Crux" in hits[0].event.content, hits
    assert hits[0].parts.current == 1.0 and (hits[1].parts.current or 0.0) < 1.0
    recalled = mem.recall(S, "which climbing gym do I go to now?")
    assert {h.record.id for h in recalled if h.record} == {newer.id, older.id}
    assert all(h.parts.current is None for h in recalled), "records are consolidated, not tilted"
    past = mem.search_history(S, "which climbing gym did I go to before?")
    assert past and all(h.parts.current is None for h in past)
