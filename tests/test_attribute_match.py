"""A new fact supersedes the record of the same attribute of the same subject by meaning, not by key (issue 31).

"Just moved to a flat in Porto" (a statement, no key) ends "Lives in Lisbon"; "Drives a Tesla Model 3"
(``user/car``) ends "Drives a Golf" (``user/drive:golf``, another template's key); a restatement in new
words stays one record. Never when the subject differs ("Sister lives in Rome"; "Partner is Priya" after
"Manager is Priya"), nor for events and tastes. Sessions are played through ``engram.Memory`` (SEMANTIC,
offline, the default MiniLM embedder) on a real SQLite file and the real PostgreSQL; the guard and the
attribute text are pure and tested as such.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime, timedelta

import pytest

from engram import Memory
from engram.embedders import shared_minilm
from engram.strategies import attribute_match as am
from engram.types import Scope
from tests.support.configs import SEMANTIC_BY_HAND as SEMANTIC
from tests.support.extraction import play_user_sessions

T0 = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)
PROBE = Scope(agent="bot", actor="ana", session="probe")


def _facts(make_memory: Callable[..., Memory], *sessions: str) -> tuple[set[str], set[str]]:
    """The fact summaries active, and ended (superseded or deleted), after one message per session."""
    mem = make_memory(SEMANTIC, clock=lambda: T0 + timedelta(days=30), embedder=shared_minilm())
    play_user_sessions(mem, *[[s] for s in sessions], start=T0)

    def summaries(status: str) -> set[str]:
        return {r.summary for r in mem.list(PROBE, status=status, limit=200) if r.namespace.startswith("/facts/")}

    return summaries("active"), summaries("superseded") | summaries("deleted")


@pytest.mark.parametrize(("old", "new", "kept", "ended"), [
    ("I live in Lisbon.", "I just moved to a flat in Porto.", "Just moved to a flat in Porto", "Lives in Lisbon"),
    ("I drive a Golf.", "I got a Tesla Model 3 last week.", "Drives a Tesla Model 3", "Drives a Golf"),
    ("I coach the Tigers.", "I coach the Lions now.", "Coaches the Lions now", "Coaches the Tigers"),
    ("My kids go to Oakwood Primary.", "My kids go to Hillside School now.",
     "Kids go to Hillside School now", "Kids go to Oakwood Primary"),
    ("My landlord is Okafor.", "My landlord is Berglund.", "Landlord is Berglund", "Landlord is Okafor"),
])
def test_a_new_value_in_other_words_supersedes(make_memory: Callable[..., Memory], old: str, new: str,
                                               kept: str, ended: str) -> None:
    active, gone = _facts(make_memory, old, new)
    assert kept in active
    assert ended not in active
    assert ended in gone  # history keeps it


def test_a_keyed_value_supersedes_the_statement_that_superseded_its_record(
        make_memory: Callable[..., Memory]) -> None:
    active, gone = _facts(make_memory, "I live in Lisbon.", "I just moved to a flat in Porto.", "I live in Braga now.")
    assert active == {"Lives in Braga"}
    assert {"Lives in Lisbon", "Just moved to a flat in Porto"} <= gone


@pytest.mark.parametrize(("old", "new"), [
    ("I live in Porto.", "My sister lives in Rome."),  # another subject
    ("My manager is Priya.", "My partner is Priya."),  # another subject, the same name
    ("I went to Paris in May.", "I went to Rome last week."),  # events
    ("I like jazz.", "I like sushi."),  # tastes
    ("I'm learning Spanish.", "I speak French."),  # another attribute
    ("I live in Lisbon.", "I went to Porto last week."),  # an event is not a move
    ("My friend is Sam.", "My friend is Alex."),  # a role many hold
    ("We're in Columbus.", "We live right by Hoover so that's perfect."),  # near a place is not a new home
])
def test_other_subjects_events_and_tastes_do_not_supersede(make_memory: Callable[..., Memory],
                                                           old: str, new: str) -> None:
    active, gone = _facts(make_memory, old, new)
    assert len(active) == 2, active
    assert not gone


def test_a_persons_name_is_whose_not_a_value(make_memory: Callable[..., Memory]) -> None:
    active, gone = _facts(make_memory, "My cousin Felix speaks Greek.", "My cousin Felix is a data analyst.")
    assert {"Cousin Felix speaks Greek", "Cousin Felix works as a data analyst"} <= active
    assert not gone


def test_a_restatement_in_other_words_is_one_record(make_memory: Callable[..., Memory]) -> None:
    active, _ = _facts(make_memory, "I coach the Tigers.", "I'm the coach of the Tigers.")
    assert active == {"Coaches the Tigers"}


@pytest.mark.parametrize(("summary", "whose"), [
    ("Lives in Porto", ""), ("Just moved to a flat in Porto", ""), ("Drives a Golf", ""), ("Is vegetarian", ""),
    ("Learning Japanese", ""), ("Works nights at St Mary's", ""), ("Sister lives in Rome", "sister"),
    ("Manager is Priya", "manager"), ("Son's school is Oakwood", "son's school"), ("Kids go to Oakwood", "kids"),
    ("Cousin Felix lives in Aberdeen", "cousin felix"), ("Japanese teacher is so patient", "japanese teacher"),
])
def test_the_subject_heads_the_summary(summary: str, whose: str) -> None:
    assert am.subject(summary) == whose


def test_the_attribute_text_masks_values_and_when_and_puts_a_change_as_its_state() -> None:
    assert am.attribute_text("Just moved to a flat in Porto last week") == "Lives in a flat in [value]"
    assert am.attribute_text("Sister moved to Milan on 2026-03-05 (Thursday)") == "Sister lives in [value]"
    assert am.attribute_text("Works as a nurse", "nurse") == "Works as a [value]"
    assert am.attribute_text("Drives a Tesla Model 3") == "Drives a [value]"


def test_the_guard_refuses_before_any_cosine() -> None:
    assert am.comparable("Just moved to Porto", "Lives in Lisbon")
    assert not am.comparable("Sister lives in Rome", "Lives in Porto")  # subject
    assert not am.comparable("Went to Rome", "Went to Paris")  # events
    assert not am.comparable("Likes sushi", "Likes jazz")  # tastes
    assert not am.comparable("Lives in Porto", "No longer lives in Lisbon")  # an end is not a state
    assert not am.comparable("Got a Macbook", "Got a Tesla")  # a second thing got does not end the first
    assert not am.comparable("Lives right by Hoover", "Lives in Columbus")  # near a place, not in one
    assert not am.new_value("Now speaks French too", "Speaks Spanish", 1.0)  # one more, not a new one
    assert not am.new_value("Speaks French", "Speaks Spanish", 1.0)  # no sign the attribute holds one value
    assert am.new_value("Speaks French", "Speaks Spanish", 1.0, single=True)
    assert not am.new_value("Coaches the Lions now", "Coaches the Tigers", am.SAME - 0.01)
