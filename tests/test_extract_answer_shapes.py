"""Replies to the assistant's question said the way people answer (issue 31): a hedge before the value ("still
Imran", "kind of, her name's Jo"), a place given by another ("just outside Leeds, in Otley"), more said after the
answer ("logistics, I plan routes at DHL"), a "no" that is the answer's content ("no dairy for me"), children
counted and named ("yeah two, Ella and Sam").

Written for these tests before the code that reads them (a second battery, kept aside, was run once after).
Pure tests of :mod:`engram.extract.answers` and the offline extractor; the evidence a record quotes is the reply
as the user wrote it, not the statement it was read as.
"""

from __future__ import annotations

from typing import Any

import pytest

from engram.extract import OfflineExtractor, answers
from tests.support.extraction import events


def _read(question: str, reply: str) -> list[tuple[str, str]]:
    evs = events(("assistant", question), reply)
    return [(f.summary, f.evidence) for f in OfflineExtractor().facts(evs) if not f.retract]


@pytest.mark.parametrize(("question", "reply", "want"), [
    ("Who's your manager these days?", "still Imran", ["Manager is Imran"]),
    ("What are you into, favourite music or films?", "A. J. Tracey!", ["Favourite music is A. J. Tracey"]),
    ("Are you seeing anyone at the moment?", "kind of, her name's Jo", ["Partner is Jo"]),
    ("Where are you based?", "Just outside Leeds, in Otley", ["Lives in Otley"]),
    ("Where do you live now?", "near Bristol", ["Lives in Bristol"]),
    ("What do you do for work?", "logistics, I plan routes at DHL", ["Works in logistics", "Plans routes at DHL"]),
    ("Any dietary restrictions I should know about?", "no dairy for me", ["Avoids dairy"]),
    ("Do you have kids?", "yeah two, Ella and Sam", ["Has a child named Ella", "Has a child named Sam"]),
    ("What's your son's school called?", "Bramble Hill, he started in September", ["goes to school at Bramble Hill"]),
])
def test_a_reply_is_read_with_its_question(question: str, reply: str, want: list[str]) -> None:
    got = _read(question, reply)
    for w in want:
        assert any(w in s for s, _ in got), got
    assert all(quote == reply for _, quote in got), got  # the user's words, not the statement read


@pytest.mark.parametrize(("question", "reply"), [
    ("Do you have kids?", "not yet"),
    ("Do you have kids?", "no"),
    ("Are you seeing anyone at the moment?", "no, not really"),
])
def test_a_reply_that_gives_nothing_keeps_nothing(question: str, reply: str) -> None:
    assert _read(question, reply) == []


def test_kids_are_counted_the_way_the_rules_read_them() -> None:
    assert answers.read("Ella and Sam", "Do you have kids?") == "I have two kids, Ella and Sam."
    assert answers.read("two", "Do you have any children?") == "I have two kids."


@pytest.mark.parametrize(("question", "reply", "want"), [
    # the answer, then a sentence about something else (a chat writer's next sentence in lower case)
    ("Lovely! What's your landlord's name?", "Ines. and the flat is damp again", "Landlord is Ines"),
    ("Which city are you in?", "Lyon. We moved in June.", "Lives in Lyon"),
    # which day suits a habit: its weekly day, and what is said of another day after it
    ("Which day suits the swim?", "Friday mostly, Monday I'm at work late", "Has swim every Friday"),
    ("What day works best for your lessons?", "wednesdays", "Has lessons every Wednesday"),
])
def test_the_answer_comes_first_and_more_follows(question: str, reply: str, want: str) -> None:
    got = _read(question, reply)
    assert any(want in s for s, _ in got), got


def test_what_is_said_after_a_day_is_kept() -> None:
    assert answers.read("Friday, Monday I'm at work late", "Which day suits the swim?") == \
        "I have swim every Friday. Monday I'm at work late."


@pytest.mark.parametrize("question", ["How are you finding electric driving?", "How is the new job going?",
                                      "How do you like your new car?"])
def test_a_question_about_how_it_feels_frames_no_value(question: str) -> None:
    """"Quiet. Too quiet." after "How are you finding electric driving?" is no car called Quiet."""
    assert not any("Quiet" in s for s, _ in _read(question, "Quiet. Too quiet."))


def test_a_name_asked_with_something_else_is_still_a_name() -> None:
    got = [s for s, _ in _read("Great! What's your daughter's name and age?", "Ines, she is 9.")]
    assert "Has a daughter named Ines" in got, got


@pytest.mark.parametrize(("turns", "want"), [
    (("we're building a bird box for my grandson", ("assistant", "Lovely project. What's his name?"),
      "Tomasz. he's 6"), "Has a grandson named Tomasz"),
    (("my niece is staying with us for the summer", ("assistant", "How nice! What is her name?"),
      "Oyelaran, she's at uni in Leeds"), "Has a niece named Oyelaran"),
    (("we got a kitten from the shelter", ("assistant", "Congratulations! What did you call her?"), "Pickle"),
     "Has a kitten named Pickle"),
])
def test_a_name_given_when_asked_is_the_name_of_whom_the_question_means(turns: tuple[Any, ...], want: str) -> None:
    """ "What's his name?" asked after the user spoke of someone unnamed: the bare answer names that one."""
    got = [f.summary for f in OfflineExtractor().facts(events(*turns)) if not f.retract]
    assert want in got, got


@pytest.mark.parametrize("text", ["my wife just had our baby boy!", "our baby girl is teething"])
def test_boy_or_girl_after_baby_is_no_name(text: str) -> None:
    got = [f.summary for f in OfflineExtractor().facts(events(text))]
    assert not [s for s in got if "named Boy" in s or "named Girl" in s], got
