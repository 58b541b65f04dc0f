"""Natural chat, read by the offline extractor: two facts in one sentence, facts said in passing, lower-case
writers, switches and endings said the way people say them (issue 31, classes 3-7).

Pure tests of the extractor, and through ``engram.Memory`` (real SQLite, hashing embedder) that an ending or a
switch leaves the old value no longer current and two facts make two records. The sentences are written for
these tests, not taken from the bench sets.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime, timedelta

import pytest

from engram import Memory
from engram.extract import OfflineExtractor
from engram.extract.spans import truecase
from engram.types import Event
from tests.support.configs import SEMANTIC_BY_HAND as CONFIG
from tests.support.extraction import played_facts

T0 = datetime(2026, 6, 1, 9, tzinfo=UTC)


def read(*turns: str) -> list[tuple[str, str, bool]]:
    """(key, summary, retract) of what the extractor finds in the user's messages."""
    evs = [Event(id=f"e{i}", agent="a", actor="u", session="s", seq=i, role="user", content=t,
                 at=T0 + timedelta(minutes=i)) for i, t in enumerate(turns)]
    return [(f.key, f.summary, f.retract) for f in OfflineExtractor().facts(evs)]


def summaries(*turns: str) -> list[str]:
    return [s for _, s, r in read(*turns) if not r]


@pytest.mark.parametrize(("text", "want"), [
    ("i moved to lübeck last year", "i moved to Lübeck last year"),
    ("my boss ines says hi", "my boss Ines says hi"),
    ("we got a cat called pixel", "we got a cat called Pixel"),
    ("i work at siemens now", "i work at Siemens now"),
    ("my son goes to hillside primary school", "my son goes to Hillside Primary School"),
    ("tarek and i got married in june", "Tarek and i got married in June"),
])
def test_a_lower_case_message_gets_the_capitals_of_its_names(text: str, want: str) -> None:
    assert truecase(text) == want


@pytest.mark.parametrize("text", [
    "my boss approved my leave", "i am in love with this city", "i work at home on fridays now",
    "my sister lives nearby", "I live in lyon",  # a capital anywhere: the writer capitalises, nothing is touched
])
def test_common_words_in_a_name_slot_stay_lower_case(text: str) -> None:
    assert truecase(text) == text.replace("fridays", "Fridays")


@pytest.mark.parametrize(("text", "want"), [
    ("swimming is my sport and Ines is my boss", ["Swimming is their sport", "Manager is Ines (reports to Ines)"]),
    ("i live in lübeck, also my son is at hillside primary school",
     ["Lives in Lübeck", "Son goes to Hillside Primary School"]),
    ("My uncle is in Gdańsk - and I drive a Honda Civic, funny I know",
     ["Uncle lives in Gdańsk", "Drives a Honda Civic"]),
    ("I'm with Siemens these days, and btw we adopted a hamster named Bolt",
     ["Works at Siemens", "Has a hamster named Bolt"]),
    ("Tuesdays are my pottery class and Ines is my boss",
     ["Has pottery class every Tuesday", "Manager is Ines (reports to Ines)"]),
    # a clause that only echoes the other's verb says nothing of its own ("... but my husband isn't")
    ("I'm a vegetarian but my husband isn't", ["Is vegetarian"]),
])
def test_two_facts_in_one_sentence_are_two_records(text: str, want: list[str]) -> None:
    assert summaries(text) == want


@pytest.mark.parametrize(("text", "want"), [
    ("Tarek and I have been together three years", "Partner is Tarek"),
    ("I speak Greek at home and Turkish at work", "Speaks Turkish"),
    ("cannot make Mondays, that's my weekly chess club", "Has chess club every Monday"),
    ("picking up Jonas from Elmwood Academy is the worst part of my day", "Jonas goes to Elmwood Academy"),
    ("feeding Pip, my hamster, is a whole routine", "Has a hamster named Pip"),
    ("my line manager Ines signed off my trip", "Manager is Ines (reports to Ines)"),
    ("being keto makes restaurants hard", "Is keto"),
    ("my car's a Honda Civic", "Drives a Honda Civic"),
    ("Utrecht is home for us now", "Lives in Utrecht"),
    ("we left bristol for tromsø last summer", "Lives in Tromsø"),
    ("we have got two kids, Ada (7) and Leon (4)", "Has a child named Leon"),
    ("my two cats, Åsa and Ölund, hate the vet", "Has a cat named Åsa"),
    ("mum moved into a care home in Haarlem", "Mum lives in Haarlem"),
    ("dad works at Shell these days", "Dad works at Shell"),
    ("traded the Volvo in for a Tesla Model 3 last month", "Drives a Tesla Model 3"),
    ("I have swapped my Golf for a new Skoda Octavia, love it", "Drives a Skoda Octavia"),
])
def test_a_fact_said_in_passing_is_kept_with_its_value(text: str, want: str) -> None:
    assert any(s == want or s.startswith(want + " (") for s in summaries(text)), summaries(text)


@pytest.mark.parametrize(("text", "ends", "new"), [
    ("not vegan anymore, pescatarian instead", True, "Is pescatarian"),
    ("traded rowing for climbing this spring", True, "Likes climbing"),
    ("now that I'm in Bergen the rent is lower", False, "Lives in Bergen"),
    ("my yoga class moved to Thursdays", False, "Has yoga class every Thursday"),
    ("bye Tomas, hello Ines as my manager", False, "Manager is Ines (reports to Ines)"),
])
def test_a_switch_ends_the_old_value_and_keeps_the_new(text: str, ends: bool, new: str) -> None:
    facts = read(text)
    assert new in [s for _, s, r in facts if not r], facts
    assert any(r for _, _, r in facts) == ends, facts  # the old value named in the sentence is retracted


@pytest.mark.parametrize(("text", "name"), [
    ("no longer with Tarek, we both needed it", "tarek"),
    ("no bike anymore, sold the Brompton", "brompton"),
    ("the Corolla was written off last week", "corolla"),
    ("Tarek moved out, we are not together anymore", "tarek"),
    ("Marit and I are not together anymore", "marit"),
    ("have not played tennis since my knee surgery", "tenni"),
    ("finally gave up the cello!", "cello"),
    ("crossfit is done for me, joined a rowing club instead", "crossfit"),
    ("done with crossfit, joined a rowing club", "crossfit"),
    ("sadly Priya called off the engagement", "priya"),
    ("my cat Miso is a menace. our cat died last spring", "miso"),
])
def test_an_ending_said_in_passing_retracts_the_value(text: str, name: str) -> None:
    assert any(r and name in k for k, _, r in read(text)), read(text)




def test_a_bad_day_is_not_an_ending() -> None:
    assert not any(r for _, _, r in read("so done with my job today, heading home"))
    assert not any(s.startswith("Broke up") for _, s, _ in read("we called off the wedding reception at the hotel"))


def test_a_past_retirement_or_wedding_is_dated_in_the_past() -> None:
    """"I retired in May" said in June 2026 is May 2026, said in January it is last May, never a future date."""
    from engram.core.timeref import is_past
    assert is_past("I retired in May") and is_past("I married Tom in June")
    assert not any(is_past(t) for t in ("I am retired", "I'm happily married", "we are married", "I am engaged"))


def test_through_memory_a_parent_who_lived_with_the_user_moves_out(make_memory: Callable[..., Memory]) -> None:
    active = _play(make_memory, ["my mum lives with us since dad passed"],
                   ["mum moved into a care home in Haarlem", "finally gave up smoking!"])
    assert "Mum lives in Haarlem" in active and not any("with the user" in s for s in active), active


def test_through_memory_a_child_named_alone_is_the_child_on_record(make_memory: Callable[..., Memory]) -> None:
    """"Zoe started at Westbrook Academy", a session after "my daughter Zoe goes to Maple Leaf Primary", is the
    daughter's new school, even when Zoe is not the first word of the batch's text."""
    active = _play(make_memory, ["my daughter Zoe goes to Maple Leaf Primary"],
                   ["good news, nothing broke this week", "Zoe started at Westbrook Academy this term"])
    assert "Daughter Zoe goes to Westbrook Academy" in active and not any("Maple" in s for s in active), active


def _play(make_memory: Callable[..., Memory], *sessions: list[str]) -> list[str]:
    return played_facts(make_memory, CONFIG, *sessions, start=T0)


def test_through_memory_switches_and_endings_leave_only_the_new_values(make_memory: Callable[..., Memory]) -> None:
    active = _play(make_memory,
                   ["my partner's name is Tarek", "I report to Tomas.", "I have yoga class every Monday"],
                   ["no longer with Tarek, it was time", "bye Tomas, hello Ines as my manager",
                    "my yoga class moved to Thursdays"])
    assert not any("Tarek" in s and not s.startswith("Broke up") for s in active), active
    assert "Manager is Ines (reports to Ines)" in active and not any("Tomas" in s for s in active), active
    assert "Has yoga class every Thursday" in active and not any("Monday" in s for s in active), active


def test_through_memory_two_facts_in_one_lower_case_sentence_are_two_records(
        make_memory: Callable[..., Memory]) -> None:
    active = _play(make_memory, ["i live in lübeck, also my son is at hillside primary school"])
    assert "Lives in Lübeck" in active and "Son goes to Hillside Primary School" in active, active
    assert not any("Lübeck" in s and "Hillside" in s for s in active), active
