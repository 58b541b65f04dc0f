"""The offline extractor reading a reply with the assistant's message before it, chat English, and retakes.

Through :class:`engram.extract.extractor.OfflineExtractor` (the real rules), and consolidation's family
switch through :func:`engram.core.consolidate.decide`: what each shape yields, and what it must not.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from engram.core.consolidate import Candidate, decide, key_line
from engram.extract.extractor import OfflineExtractor
from engram.types import Event, Record

T0 = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)


def _facts(*messages: tuple[str, str]) -> list[tuple[str, str, bool]]:
    evs = [Event(id=f"e{i}", agent="a", actor="u", session="s", seq=i, role=r, content=t,
                 at=T0 + timedelta(minutes=i)) for i, (r, t) in enumerate(messages)]
    return [(f.key, f.summary, f.retract) for f in OfflineExtractor().facts(evs)
            if not f.attribute.startswith("family:")]


@pytest.mark.parametrize(("prompt", "reply", "want"), [
    ("Where are you based, so I can suggest local options?", "Tallinn.", ("user/residence", "Lives in Tallinn")),
    ("What do you do for work?", "Oh, a nurse, for my sins.", ("user/job", "Works as a nurse")),
    ("Which company are you with?", "I'm with Globex.", ("user/employer", "Works at Globex")),
    ("Any dietary requirements I should know about?", "Vegan, strictly.", ("user/diet", "Diet is vegan")),
    ("What's your favourite colour?", "Definitely purple.", ("user/favourite_colour", "Favourite colour is purple")),
    ("What car do you have?", "An old Mazda 3.", ("user/car", "Drives a Mazda 3")),
    ("Where does your sister work?", "Marta? At Globex.", ("sister:marta/employer", "Sister Marta works at Globex")),
    ("Is Amelie still your favourite film?", "No, it's Alien now.", ("user/favourite_film", "Favourite film is Alien")),
    ("Are you still at Hooli?", "No, I'm at Contoso now.", ("user/employer", "Works at Contoso")),
    ("Is Elif still working as a journalist?", "No, she's a translator now.",
     ("elif/job", "Elif works as a translator")),
])
def test_a_fragment_is_read_with_the_question_it_answers(prompt: str, reply: str, want: tuple[str, str]) -> None:
    assert (*want, False) in _facts(("assistant", prompt), ("user", reply))


def test_without_the_question_a_fragment_says_nothing() -> None:
    assert _facts(("user", "Tallinn.")) == []
    assert _facts(("assistant", "Glad that helped!"), ("user", "Definitely purple.")) == []


def test_no_to_a_still_question_ends_a_multi_valued_item() -> None:
    got = _facts(("assistant", "Are you still learning Greek?"), ("user", "Not anymore, I switched to Dutch."))
    assert ("user/learning:dutch", "Learning Dutch", False) in got
    assert any(retract and "greek" in key for key, _, retract in got)


def test_the_assistant_slip_put_right() -> None:
    got = _facts(("assistant", "Since you're in Leeds, you could try the market by the river."),
                 ("user", "Bristol, actually, not Leeds."))
    assert got == [("user/residence", "Lives in Bristol", False), ("user/residence", "", True)]


@pytest.mark.parametrize(("text", "key", "right"), [
    ("Earlier I said I live in Leeds, that was wrong: it's Bristol.", "user/residence", "Lives in Bristol"),
    ("Earlier I said I'm a teacher, that was wrong: I'm a nurse.", "user/job", "Works as a nurse"),
    ("Small correction to what I told you: I live in Bristol, not Leeds.", "user/residence", "Lives in Bristol"),
    ("Earlier I said my brother Ravi works at Pied Piper, that was wrong: it's Oceanic Air.",
     "brother:ravi/employer", "Brother Ravi works at Oceanic Air"),
])
def test_a_later_retake_retracts_what_was_said(text: str, key: str, right: str) -> None:
    got = _facts(("user", text))
    assert (key, right, False) in got and (key, "", True) in got, got


def test_not_without_a_comma_is_no_denial() -> None:
    got = _facts(("user", "Omar is my roommate. Omar doesn't eat pork."))
    assert not any(retract for _, _, retract in got), got


@pytest.mark.parametrize(("text", "want"), [
    ("fav colour is orange now lol", ("user/favourite_colour", "Favourite colour is orange")),
    ("moved to Calgary lol", ("user/residence", "Lives in Calgary")),
    ("Practising my Dutch every day.", ("user/learning:dutch", "Learning Dutch")),
    ("My Kia Niro needs new tyres.", ("user/car", "Drives a Kia Niro")),
    ("Living in Porto is great, honestly.", ("user/residence", "Lives in Porto")),
    ("Initech hired me last week.", ("user/employer", "Works at Initech")),
])
def test_chat_english_reaches_the_rules(text: str, want: tuple[str, str]) -> None:
    assert (*want, False) in _facts(("user", text))


def test_questions_and_hedges_stay_what_they_are() -> None:
    assert _facts(("user", "Should I move to Calgary?")) == []
    assert _facts(("user", "I might move to Oslo next year.")) == []


def _record(rid: str, summary: str, key: str, value: str) -> Record:
    return Record(id=rid, agent="a", actor="u", session=None, level="actor", namespace="/facts/u/", kind="fact",
                  summary=summary, content=key_line(key, value), labels={}, status="active", preview=False,
                  created_at=T0, updated_at=T0)


def test_a_switch_replaces_the_family_and_a_plain_item_does_not() -> None:
    greek = _record("r1", "Learning Greek", "user/learning:greek", "Greek")
    jazz = _record("r2", "Likes jazz", "user/taste:jazz", "like")
    new = dict(strategy="s", namespace="/facts/u/", level="actor", kind="fact", summary="Learning Dutch",
               source_event_ids=("e1",), key="user/learning:dutch", value="Dutch")
    switched = decide(Candidate(**new, switch=True), [greek, jazz])  # type: ignore[arg-type]
    assert [(d.action, d.target) for d in switched] == [("replace", "r1")]
    plain = decide(Candidate(**new), [greek, jazz])  # type: ignore[arg-type]
    assert [d.action for d in plain] == ["add"]


@pytest.mark.parametrize(("text", "want"), [
    ("I've moved on from golf to archery.", [("user/hobby:golf", "Gave up golf"),
                                             ("user/hobby:archery", "Likes archery")]),
    ("These days it's all sailing, no more golf.", [("user/hobby:golf", "Gave up golf"),
                                                    ("user/hobby:sail", "Likes sailing")]),
    ("I switched from Swedish to Polish.", [("user/learning:swedish", "Stopped learning Swedish"),
                                            ("user/learning:polish", "Learning Polish")]),
    ("I'm no longer learning Czech; Hindi is my new project.", [("user/learning:czech", "Stopped learning Czech"),
                                                                 ("user/learning:hindi", "Learning Hindi")]),
    ("I don't have the BMW i3 anymore; I bought a Nissan Leaf.", [("user/car", "Got rid of the BMW i3"),
                                                                    ("user/car", "Drives a Nissan Leaf")]),
    ("Traded the Skoda Fabia in; the new car is a Mini Cooper.", [("user/car", "Got rid of the Skoda Fabia"),
                                                                   ("user/car", "Drives a Mini Cooper")]),
    ("First week at Orbit Labs done!", [("user/employer", "Works at Orbit Labs")]),
    ("Cycling is my favourite way to unwind.", [("user/hobby:cycl", "Main hobby is Cycling")]),
    ("I started boxing last month.", [("user/hobby:box", "Likes boxing")]),
    ("Studying Czech in the evenings.", [("user/learning:czech", "Learning Czech")]),
    ("My new flatmate is a teacher. Her name is Ines.", [("flatmate:ines/job", "Flatmate Ines works as a teacher")]),
])
def test_a_change_or_a_first_statement_in_other_words(text: str, want: list[tuple[str, str]]) -> None:
    got = [(k, s) for k, s, retract in _facts(("user", text)) if not retract]
    assert got == want, got


def test_two_statements_read_whole_first() -> None:
    """A rewrite that reads the whole sentence wins over reading its ";" parts apart."""
    got = _facts(("user", "Visiting my sister Rosa in Lyon next week; that's where she lives."))
    assert ("sister:rosa/residence", "Sister Rosa lives in Lyon", False) in got


def test_a_bare_name_is_a_person_only_when_it_does_what_people_do() -> None:
    assert _facts(("user", "Ben is a carpenter now lol")) == [("ben/job", "Ben works as a carpenter", False)]
    assert _facts(("user", "Ingrid lives in Oslo.")) == [("ingrid/residence", "Ingrid lives in Oslo", False)]
    assert _facts(("user", "Paris is lovely.")) == []
    got = _facts(("user", "Ben is a carpenter. My brother Ben is great."))
    assert ("brother:ben/job", "Brother Ben works as a carpenter", False) in got


def _users(*lines: str) -> list[tuple[str, str]]:
    """Each line a user message, the assistant's "I see." between them."""
    return [m for line in lines for m in (("user", line), ("assistant", "I see."))][:-1]


def test_he_or_she_is_someone_spoken_of_in_this_message_or_the_one_before() -> None:
    near = _facts(*_users("My sister Ines moved to Faro.", "She is a vet there now."))
    assert ("sister:ines/job", "Sister Ines works as a vet", False) in near
    far = _facts(*_users("My wife Rhian says hi.", "Thanks for the list.",
                         "We're getting the boat ready. She's a 30-foot sloop called Petrel."))
    assert not any(k.startswith("wife") and "sloop" in s for k, s, _ in far), far  # the boat, not the wife


def test_he_or_she_is_never_a_group() -> None:
    said = _users("My parents run a cafe in Split.", "his name is Davor, we're friends so casual is fine")
    evs = [Event(id=f"e{i}", agent="a", actor="u", session="s", seq=i, role=r, content=t,
                 at=T0 + timedelta(minutes=i)) for i, (r, t) in enumerate(said)]
    assert not [f.key for f in OfflineExtractor().facts(evs) if "parents" in f.key and "davor" in f.key]


def test_a_pet_named_after_getting_it_with_the_subject_left_out() -> None:
    evs = [Event(id="e0", agent="a", actor="u", session="s", seq=0, role="user", at=T0,
                 content="got a new pup, Pip, 9 weeks. how do we start crate training")]
    assert [f.key for f in OfflineExtractor().facts(evs) if f.attribute.startswith("pet:")] == ["user/pet:puppy:pip"]
