"""How people talk: lists, ends and switches in everyday words, the next message's fix, answers, any script.

Pure tests of the offline extractor (extract/endings.py, extract/spans.py, extract/answers.py) and, through
``engram.Memory`` on both backends, that what ends a fact leaves nothing current and a switch keeps the new
value only. The sentences are written for these tests (not taken from the bench sets).
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime, timedelta

import pytest

from engram import Memory
from engram.extract import OfflineExtractor
from engram.types import Event, Scope
from tests.support.extraction import played_facts

T0 = datetime(2026, 5, 4, 9, tzinfo=UTC)


def read(*turns: str | tuple[str, str]) -> list[tuple[str, str, bool]]:
    """(key, summary, retract) of what the extractor finds; a tuple is (role, text)."""
    evs = []
    for i, t in enumerate(turns):
        role, text = t if isinstance(t, tuple) else ("user", t)
        evs.append(Event(id=f"e{i}", agent="a", actor="u", session="s", seq=i, role=role, content=text,
                         at=T0 + timedelta(minutes=i)))
    return [(f.key, f.summary, f.retract) for f in OfflineExtractor().facts(evs)]


def summaries(*turns: str | tuple[str, str]) -> list[str]:
    return [s for _, s, r in read(*turns) if not r]


@pytest.mark.parametrize(("text", "want"), [
    ("Oddly enough, I speak Basque and Welsh.", ["Speaks Basque", "Speaks Welsh"]),
    ("I am fluent in Czech and Danish.", ["Speaks Czech", "Speaks Danish"]),
    ("I play hockey, rugby and cricket.", ["Plays hockey", "Plays rugby", "Plays cricket"]),
    ("I enjoy knitting, baking, and gardening.", ["Enjoys knitting", "Enjoys baking", "Enjoys gardening"]),
])
def test_a_list_is_one_fact_per_item(text: str, want: list[str]) -> None:
    assert summaries(text) == want


def test_two_statements_joined_by_and_stay_two_and_unfused() -> None:
    got = summaries("My aunt lives in Perth and my boss is Ravi.")
    assert got == ["Aunt lives in Perth", "Manager is Ravi (reports to Ravi)"]


@pytest.mark.parametrize(("text", "key"), [
    ("Dmitri and I split up in the spring.", "user/retract:dmitri"),
    ("My husband and I separated.", "user/retract:husband"),
    ("I do not play the oboe anymore, too busy.", "user/retract:oboe"),
    ("Our caravan is sold at last.", "user/retract:caravan"),
    ("I gave up the violin over the summer.", "user/retract:violin"),
    ("I have not touched the piano in years, honestly.", "user/retract:piano"),
])
def test_an_end_said_in_everyday_words_retracts_what_it_ends(text: str, key: str) -> None:
    assert (key, True) in {(k, r) for k, _, r in read(text)}


def test_instead_of_ends_the_old_value_before_the_new_one() -> None:
    got = read("These days I drive a Fiat Tipo instead of the Opel Astra.")
    assert got[0] == ("user/retract:opel_astra", "Got rid of the Opel Astra", True)
    assert got[-1] == ("user/car", "Drives a Fiat Tipo", False)


def test_an_end_then_what_came_instead_in_one_sentence_are_both_read() -> None:
    got = read("I moved out of Derby last month, my new place is in Hull.")
    assert [(k, s) for k, s, _ in got] == [("user/residence", "No longer lives in Derby"),
                                          ("user/residence", "Lives in Hull")]


def test_the_next_message_puts_a_slip_right() -> None:
    got = read("My brother just moved to Baresl.", ("assistant", "Baresl, how nice!"),
               "sorry, typo: Basel, not Baresl.")
    assert ("brother/residence", "", True) in got  # the slip, retracted
    assert [s for _, s, r in got if not r] == ["Brother lives in Basel"]


def test_answers_read_with_the_question() -> None:
    assert summaries(("assistant", "Do you have a car?"), "yep, a Seat Ibiza") == ["Drives a Seat Ibiza"]
    assert summaries(("assistant", "Where are you working these days?"), "Globant, since May.") == \
        ["Works at Globant"]


def test_names_in_any_script_are_names() -> None:
    assert summaries("I work at Ødegaard Bygg.") == ["Works at Ødegaard Bygg"]
    assert "Has a wife named Ágnes" in summaries("My wife Ágnes is a pilot.")
    # a name whose first letter is ASCII and a later one is not was cut at that letter ("Bart")
    assert summaries("I report to Bartłomiej.") == ["Manager is Bartłomiej (reports to Bartłomiej)"]


def test_a_weekly_habit_stays_weekly_and_a_one_off_day_does_not() -> None:
    assert summaries("I have choir practice every Wednesday evening.") == ["Has choir practice every Wednesday"]
    assert summaries("Ceramics class is on Tuesdays, every week.") == ["Has ceramics class every Tuesday"]
    assert not any("every" in s for s in summaries("My dentist appointment is on Thursday."))


def test_pointing_words_are_not_facts() -> None:
    assert summaries("I love something like that.") == []
    assert summaries("I am obsessed with those.") == []


CONFIG = {"harness": {"memory": {"enabled": True,
                                 "scope": {"read": ["session", "actor"], "write": ["session", "actor"]},
                                 "extraction": {"trigger": "off"},
                                 "strategies": [{"type": "SEMANTIC"}, {"type": "SUMMARIZATION"}]}}}


def _play(make_memory: Callable[..., Memory], *sessions: list[str]) -> list[str]:
    return played_facts(make_memory, CONFIG, *sessions, start=T0)


def test_through_memory_an_end_leaves_nothing_current_and_a_switch_keeps_the_new_value(
        make_memory: Callable[..., Memory]) -> None:
    active = _play(make_memory,
                   ["I play the oboe in a wind band.", "My partner Dmitri and I are off to Rome.",
                    "I work at Globant."],
                   ["I do not play the oboe anymore.", "Dmitri and I split up.",
                    "I no longer work at Globant, I am between jobs right now."])
    assert not any("oboe" in s and not s.startswith("Quit") for s in active), active
    assert not any(s.startswith(("Has a partner named Dmitri", "Works at Globant")) for s in active), active


def test_through_memory_a_summary_is_composed_not_copied(make_memory: Callable[..., Memory]) -> None:
    mem = make_memory(CONFIG, clock=lambda: T0 + timedelta(hours=1), embedder="hashing")
    s = Scope(agent="bot", actor="u1", session="s1")
    mem.append(s, [{"role": "user", "content": "I live in Leeds and I have a dog named Biscuit.", "at": T0},
                   {"role": "assistant", "content": "Lovely!", "at": T0 + timedelta(minutes=1)},
                   {"role": "user", "content": "Can you find me a vet near Headingley?",
                    "at": T0 + timedelta(minutes=2)},
                   {"role": "assistant", "content": "I'll send you three vets near Headingley by email.",
                    "at": T0 + timedelta(minutes=3)}])
    mem.extract(s)
    [summary] = [r for r in mem.list(s) if r.namespace.startswith("/summary/")]
    said = [m for m in ("I live in Leeds and I have a dog named Biscuit.", "Can you find me a vet near Headingley?")]
    assert summary.summary not in said and not summary.summary.startswith("User:")
    assert "lives in Leeds" in summary.summary and "dog named Biscuit" in summary.summary
    assert "find me a vet near Headingley" in summary.summary and "I'll send you three vets" in summary.summary


@pytest.mark.parametrize(("text", "want"), [
    ("my company, Tetra Pak, is rolling out a new expense tool and it's awful", "Works at Tetra Pak"),
    ("Lunch with Ingeborg (my manager) was long today.", "Manager is Ingeborg (reports to Ingeborg)"),
    ("Saab, my employer, is moving us to a new office.", "Works at Saab"),
    ("my boss Dorota wants the report by Friday", "Manager is Dorota (reports to Dorota)"),
])
def test_an_employer_or_manager_named_in_passing_is_a_fact(text: str, want: str) -> None:
    assert want in summaries(text)


def test_a_noun_without_a_name_names_nothing() -> None:
    assert not [s for s in summaries("my company is rolling out a new expense tool") if s.startswith("Works at")]
    assert not [s for s in summaries("my manager, who is lovely, said yes") if s.startswith("Manager is")]


@pytest.mark.parametrize(("text", "want"), [
    ("new job at Iberdrola!", "Works at Iberdrola"),
    ("got a new job at Iberdrola", "Works at Iberdrola"),
    ("now working for Iberdrola", "Works at Iberdrola"),
    ("new flat in Bilbao, finally", "Lives in Bilbao"),
    ("just moved, now in Bilbao", "Lives in Bilbao"),
    ("big news: I quit tennis, and new job at Iberdrola", "Works at Iberdrola"),  # a clause of its own
])
def test_a_new_job_or_home_said_as_a_thing_got(text: str, want: str) -> None:
    assert want in summaries(text)
