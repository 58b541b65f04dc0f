"""A slip put right in the message that makes it, whatever the cue (issue 31): "Porto - no, Braga actually",
"Tom, err, Tim", "Ghent (no, Bruges, ...)", "Tuesdays, I mean Thursdays", "a Polo. Wait, not a Polo, a Golf".

The sentences were written for these tests before the rewrite that reads them (two batteries: one to build it,
one kept aside and run once after). Pure tests of :mod:`engram.extract.midfix` and the offline extractor, and
through ``engram.Memory`` (real SQLite) that only the value meant is held and the quote is what the user wrote.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime, timedelta

import pytest

from engram import Memory, Scope
from engram.extract import OfflineExtractor
from engram.extract.midfix import rewrite
from tests.support.configs import SEMANTIC_BY_HAND as CONFIG
from tests.support.extraction import events, fact_summaries, play_user_sessions

T0 = datetime(2026, 3, 2, 9, tzinfo=UTC)


@pytest.mark.parametrize(("said", "meant"), [
    ("I work at Siemens, sorry I mean Bosch.", "I work at Bosch."),
    ("My sister lives in Porto - no, Braga actually.", "My sister lives in Braga."),
    ("Our dog is called Rex, well Rexy really.", "Our dog is called Rexy."),
    ("My manager is Tom, err, Tim.", "My manager is Tim."),
    ("I live in Ghent (no, Bruges, I always say Ghent).", "I live in Bruges."),
    ("My husband Marco, sorry Mario, is a chef.", "My husband Mario is a chef."),
    ("I play tennis on Tuesdays, I mean Thursdays.", "I play tennis on Thursdays."),
    ("I am a nurse, sorry, a midwife.", "I am a midwife."),
    ("My daughter started at Oakwood, no, Elmwood Primary this term.",
     "My daughter started at Elmwood Primary this term."),
    ("I live in Porto—no, Braga.", "I live in Braga."),
    ("I work at Siemens sorry I mean Bosch", "I work at Bosch"),
    ("My boss is Priya, sorry - Pria, she spells it without the y.", "My boss is Pria, she spells it without the y."),
    ("I drive a Polo. Wait, not a Polo, a Golf.", "I drive a Golf."),
    ("Our son goes to Hillside school. Not Hillside, Hillcrest, my mistake. He is 7.",
     "Our son goes to Hillcrest school. He is 7."),
    ("I live in Leeds. Sorry, Bradford.", "I live in Bradford."),
    ("I met Ana in Porto on Monday. Sorry, Tuesday!", "I met Ana in Porto on Tuesday."),
    ("My son is 7. Sorry, 8.", "My son is 8."),
])
def test_a_slip_is_put_right_by_a_value_of_its_shape(said: str, meant: str) -> None:
    assert rewrite(said) == meant


@pytest.mark.parametrize("said", [
    "I have a dog, no cat.",  # "no" before a plain word is not a fix
    "I live in Paris, no Rome is better",
    "I met Tom, um, yesterday",
    "I work at Google, well, it is complicated.",
    "I love tennis, well sort of.",
    "My manager is, um, Tim.",  # nothing of the replacement's shape before the cue
    "We moved to Leeds, no regrets.",
    "I have two kids, no pets.",
    "Sorry, I am late.",
    "I work at Arup, actually I love it.",
    "Thanks, sorry Anna.",  # a sentence's first word is capitalised whatever it is
    "I go to Leeds Uni and I mean it",
    "I love it. Sorry, gotta run.",
    "I moved to Leeds. No, really.",
    "I live in Leeds, sorry, Leeds.",
    "new favourite author: Ali Smith. sorry Zadie",  # said to the old favourite
    "My favourite band is Fontaines, sorry Wolf Alice.",
])
def test_what_is_not_a_fix_is_left_as_said(said: str) -> None:
    assert rewrite(said) == said


def _facts(message: str) -> list[str]:
    return [f.summary for f in OfflineExtractor().facts(events(message)) if not f.retract]


@pytest.mark.parametrize(("message", "kept", "gone"), [
    ("My sister lives in Porto - no, Braga actually.", "Sister lives in Braga", "Porto"),
    ("My manager is Tom, err, Tim.", "Manager is Tim", "Tom"),
    ("I'm vegetarian, I mean vegan, since last year.", "Is vegan", "vegetarian"),
    ("Our cat is named Biscuit, erm, Pretzel.", "Has a cat named Pretzel", "Biscuit"),
    ("I support Everton (oops, I mean Liverpool).", "Supports Liverpool", "Everton"),
    ("I drive a Fiat, well, a Lancia really.", "Drives a Lancia", "Fiat"),
])
def test_the_extractor_keeps_only_the_value_meant(message: str, kept: str, gone: str) -> None:
    got = _facts(message)
    assert any(s.startswith(kept) for s in got), got
    assert not any(gone in s for s in got), got


@pytest.mark.parametrize(("message", "kept"), [
    ("i work for deloitte no sorry kpmg", "Works at Kpmg"),
    ("my dogs name is rex.. sorry rexy", "Has a dog named Rexy"),
    ("my gf is called anna, i mean hanna", "Has a girlfriend named Hanna"),
    ("we do yoga on mondays... sorry tuesdays", "Does yoga every Tuesday"),
    ("im a nurse. sorry midwife", "Works as a midwife"),
])
def test_a_slip_put_right_in_lower_case_chat(message: str, kept: str) -> None:
    assert _facts(message) == [kept]


def test_a_teacher_at_a_school_is_a_teacher() -> None:
    """Seen while testing the fixes: "I teach at X" used to be stored as "Works as an at X teacher"."""
    assert _facts("I teach at Westfield Academy.") == ["Works as a teacher at Westfield Academy"]
    assert _facts("I teach maths in Leeds.") == ["Works as a maths teacher in Leeds"]


def test_through_memory_the_value_meant_is_held_and_quoted_as_said(make_memory: Callable[..., Memory]) -> None:
    mem = make_memory(CONFIG, clock=lambda: T0 + timedelta(days=30), embedder="hashing")
    play_user_sessions(mem, ["My brother Luis, sorry, Luiz, lives in Recife.",
                             "We go climbing on Fridays, or rather Saturdays."], start=T0, actor="u1")
    held = fact_summaries(mem, "u1")
    assert "Has a brother named Luiz" in held and "Goes climbing every Saturday" in held, held
    assert not any("Luis" in s or "Friday" in s for s in held), held
    records = [r for r in mem.list(Scope(agent="bot", actor="u1", session="probe")) if "Luiz" in r.summary]
    assert records and all("Luis, sorry, Luiz" in r.content for r in records), [r.content for r in records]
