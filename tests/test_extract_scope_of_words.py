"""How far a word reaches in a chat message, and whom a sentence is about (issue 31, stop 53).

- A hedge opening a clause of its own ("..., maybe I go there") hedges that clause, not the fact before it.
- Someone said with the people they live with ("Karen and the kids moved to Denver") is the one who moved.
- A new holder named as they arrive ("new manager Jonas started") is the new holder.
- What a car is like ("a used Forester", "an old Passat", "for hauling") is not which car it is; a truck, van or
  pickup is the car driven.
- "started full time at X" is a new employer; "left A and started at B" is two clauses.
- A weekday said as whose slot it is ("tuesday is her yoga", "sunday is church") is no one date.
- A pastime holds a standing slot as a class does ("climbing is on sunday now"), a season is when a change
  holds ("for the summer season"), and a habit's sentence that says which day it left ("on Saturdays, not
  Thursdays") replaces the habit stored on that day, whatever it was called.

Shapes read off the tune half of blind set 9; every sentence here was written for these tests. Pure tests of the
offline extractor, and one played through ``engram.Memory`` on a real SQLite file and the real PostgreSQL.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime, timedelta

import pytest

from engram import Memory
from engram.core import timeref
from engram.extract import OfflineExtractor
from engram.types import Scope
from tests.support.configs import SEMANTIC_BY_HAND as SEMANTIC
from tests.support.extraction import events, play_user_sessions

T0 = datetime(2026, 4, 6, 9, 0, tzinfo=UTC)


def summaries(*messages: str) -> list[str]:
    return [f.summary for f in OfflineExtractor().facts(events(*messages)) if not f.retract]


@pytest.mark.parametrize(("message", "want"), [
    ("I'm allergic to wool, maybe the new jumpers are a blend", "Allergic to wool"),
    ("my brother lives in Tromsø, perhaps we visit him in June", "Brother lives in Tromsø"),
    ("I work at Fazer, probably the best place I've been", "Works at Fazer"),
])
def test_a_hedge_reaches_only_its_own_clause(message: str, want: str) -> None:
    assert want in summaries(message), summaries(message)


@pytest.mark.parametrize("message", ["I live in Lyon, maybe", "I might move to Lyon, maybe in May",
                                     "maybe I live in Lyon by next year"])
def test_a_hedge_still_hedges_what_it_qualifies(message: str) -> None:
    assert not any("Lyon" in s for s in summaries(message)), summaries(message)


@pytest.mark.parametrize("moved", ["Ines and the kids moved to Graz last month.",
                                   "Ines and her husband are living in Graz now."])
def test_someone_said_with_their_family_is_who_moved(moved: str) -> None:
    got = summaries("My daughter Ines lives in Linz.", moved)
    assert "Daughter Ines lives in Graz" in got, got


@pytest.mark.parametrize(("message", "want"), [
    ("quick one. new manager Odile started this week after Pierre retired", "Manager is Odile"),
    ("our new team lead Sanjay joined on Monday, seems nice", "Manager is Sanjay"),
])
def test_a_new_holder_named_as_they_arrive(message: str, want: str) -> None:
    got = summaries(message)
    assert any(s.startswith(want) for s in got) and not any("Pierre" in s for s in got), got


@pytest.mark.parametrize(("message", "want"), [
    ("we finally got a used Outback, the old van died", "Drives a Subaru Outback"),
    ("I bought a second-hand Skoda Octavia", "Drives a Skoda Octavia"),
    ("yeah we have an old Passat", "Drives a Volkswagen Passat"),
    ("we got a Tacoma 4x4 for the farm", "Drives a Toyota Tacoma"),
    ("picked one: we got a Tundra 1794 for towing", "Drives a Toyota Tundra 1794"),
    ("my pickup is a 2012 Ranger", "Drives a 2012 Ranger"),
])
def test_what_a_car_is_like_is_not_which_car(message: str, want: str) -> None:
    assert want in summaries(message), summaries(message)


@pytest.mark.parametrize("message", ["I have Polo practice on Friday", "we have a Golf lesson booked"])
def test_a_model_that_is_a_word_is_no_car_before_a_noun(message: str) -> None:
    assert not any(s.startswith("Drives") for s in summaries(message)), summaries(message)


def test_a_job_started_full_time_after_leaving_another() -> None:
    got = summaries("news: quit the pharmacy and started full time at Boots, same counter though")
    assert "Works at Boots" in got, got


@pytest.mark.parametrize(("message", "want"), [
    ("kayaking is on saturday now, the river club changed it", "every Saturday"),
    ("the netball league moved to wednesdays for the winter season", "every Wednesday"),
    ("My running club in the old town practices on Mondays, not Fridays", "every Monday"),
    ("my long rides are on sunday now", "every Sunday"),
])
def test_a_pastime_holds_a_standing_slot(message: str, want: str) -> None:
    got = summaries(message)
    assert any(want in s for s in got), got


@pytest.mark.parametrize(("message", "want", "left"), [
    ("joined a squash ladder but they play tuesdays so that's my squash night now instead of fridays",
     "Has squash every Tuesday", ("friday",)),
    ("the quiz is on thursdays, so that is my pub night", "Has quiz every Thursday", ()),
])
def test_that_is_my_night_points_back_at_the_day_said(message: str, want: str, left: tuple[str, ...]) -> None:
    habit = next(f for f in OfflineExtractor().facts(events(message)) if f.attribute.startswith("weekly:"))
    assert (habit.summary, habit.topic) == (want, left)


def test_a_habit_said_with_the_day_it_left_carries_that_day() -> None:
    facts = OfflineExtractor().facts(events("Our orchestra in the new school rehearses on Tuesdays, not Fridays."))
    habit = next(f for f in facts if f.attribute.startswith("weekly:"))
    assert habit.revises and habit.topic == ("friday",) and habit.value == "every Tuesday"
    # a sentence naming three days says no one day was left
    facts = OfflineExtractor().facts(events("Choir is on Tuesdays, not Fridays, and never on Sunday."))
    assert not any(f.revises for f in facts if f.attribute.startswith("weekly:"))


def test_the_day_left_replaces_the_habit_stored_on_it(make_memory: Callable[..., Memory]) -> None:
    """"rehearsal is every Friday" is stored as one habit; "our band in the new hall plays on Tuesdays, not
    Fridays" names the same habit another way: one record is left, on Tuesday."""
    mem = make_memory(SEMANTIC, clock=lambda: T0 + timedelta(days=30))
    play_user_sessions(mem, ["I play bass in a covers band, rehearsal is every Friday evening."],
                       ["Our band in the new hall plays on Tuesdays, not Fridays."], start=T0)
    active = [r.summary for r in mem.list(Scope(agent="bot", actor="ana", session="p"), limit=100)
              if r.namespace.startswith("/facts/")]
    days = [s for s in active if "every" in s]
    assert any("Tuesday" in s for s in days) and not any("Friday" in s for s in days), active


def test_a_habit_said_in_passing_gives_way_to_its_new_day(make_memory: Callable[..., Memory]) -> None:
    """A habit said in passing is kept as a statement with no key; "moved to Tuesdays, no more Fridays" names the
    activity and the day it left, so the statement gives way to the habit's new day."""
    mem = make_memory(SEMANTIC, clock=lambda: T0 + timedelta(days=30))
    play_user_sessions(mem, ["thanks. now I need to rush, salsa class at 7, every friday at a club near the port"],
                       ["my salsa class moved to tuesdays, the teacher changed it, so no more fridays"], start=T0)
    active = [r.summary for r in mem.list(Scope(agent="bot", actor="ana", session="p"), limit=100)
              if r.namespace.startswith("/facts/")]
    assert any("salsa" in s and "Tuesday" in s for s in active), active
    assert not any("friday" in s.lower() for s in active), active


@pytest.mark.parametrize(("text", "dated"), [
    ("Priya is glad because tuesday is her pilates", False),
    ("sunday is church with my in-laws", False),
    ("Fridays are our date night", False),
    ("friday is the deadline for the grant", True),
    ("I fly out friday", True),
])
def test_a_weekday_said_as_whose_slot_it_is_is_no_date(text: str, dated: bool) -> None:
    said = datetime(2026, 4, 7, 12, tzinfo=UTC)  # a Tuesday
    assert bool(timeref.find(text, said)) is dated, timeref.find(text, said)
