"""Corrections people make in chat, in the same message, a later one, or a later conversation.

Pure tests of how a fix is read (extract/corrections.py) and, through ``engram.Memory`` (SQLite, and
PostgreSQL when configured), that the value put right replaces the slip: in the same conversation (the
extractor re-reads the message it fixes) and in a later one (matched against the stored records,
extract/later_fix.py). The sentences are written for these tests, not taken from the bench sets.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime, timedelta

import pytest

from engram import Memory
from engram.extract import OfflineExtractor, corrections
from engram.types import Event, Scope
from tests.support.configs import SEMANTIC_BY_HAND as CONFIG
from tests.support.extraction import play_user_sessions

T0 = datetime(2026, 7, 6, 9, tzinfo=UTC)


def read(*turns: str) -> list[tuple[str, str, bool]]:
    evs = []
    for i, t in enumerate(turns):
        role, text = ("assistant", t[2:]) if t.startswith("A:") else ("user", t)
        evs.append(Event(id=f"e{i}", agent="a", actor="u", session="s", seq=i, role=role, content=text,
                         at=T0 + timedelta(minutes=i)))
    return [(f.key, f.summary, f.retract) for f in OfflineExtractor().facts(evs)]


@pytest.mark.parametrize(("message", "right", "wrong"), [
    ("hang on, I meant Utrecht", "Utrecht", None),
    ("I believe I told you Tuesday before, but it's actually Wednesday", "Wednesday", "Tuesday"),
    ("please forget what I said about Orla, it's Oona", "Oona", "Orla"),
    ("back to what I told you: Siemens was wrong, it's Bosch", "Bosch", "Siemens"),
    ("re what I said earlier, Lyon? nope, Lille", "Lille", "Lyon"),
    ("tiny correction about yesterday: tabby, not ginger", "tabby", "ginger"),
    ("oops, it's a Jazz, not a Jaz, I keep getting it wrong", "Jazz", "Jaz"),
])
def test_a_fix_is_read_however_it_is_said(message: str, right: str, wrong: str | None) -> None:
    assert corrections.said_fix(message) == corrections.Fix(right, wrong)


@pytest.mark.parametrize("message", [
    "I think it's going to rain, not snow",
    "sorry, I work at Bosch, not Siemens",  # a statement that denies a value: read as a statement
    "I meant to ask you about the weather",
])
def test_what_is_not_a_value_fix_is_not_read_as_one(message: str) -> None:
    assert corrections.said_fix(message) is None


def test_the_next_message_puts_the_value_of_the_one_before_right() -> None:
    got = read("I'm based in Utrecht these days", "A:Nice city.", "hang on, I meant Arnhem")
    assert ("user/residence", "Lives in Arnhem", False) in got
    assert not any("Utrecht" in s for _, s, r in got if not r), got


def test_a_fix_later_in_the_conversation_puts_a_plural_weekday_right() -> None:
    got = read("yoga is on Tuesdays, every week", "A:Noted.", "can you find me a mat?", "A:Sure.",
               "I believe I told you Tuesday before, but it's actually Wednesday")
    summaries = [s for _, s, r in got if not r]
    assert any("every Wednesday" in s for s in summaries), got
    assert not any("Tuesday" in s for s in summaries), got


def test_a_name_put_right_in_lower_case_is_a_name() -> None:
    got = read("i live with my partner, jonas", "A:Nice.", "thanks!", "A:Any time.",
               "i think i said jonas earlier, it's tobias")
    assert ("user/family:partner:tobias", "Has a partner named Tobias", False) in got, got


def test_a_statement_that_denies_a_value_is_read_as_a_statement() -> None:
    got = read("back from the Siemens party", "A:Fun!", "sorry, I work at Bosch, not Siemens")
    assert ("user/employer", "Works at Bosch", False) in got


def test_a_date_put_right_is_left_to_the_event_rules() -> None:
    got = read("I have a dentist appointment on Thursday.", "A:Noted.", "Sorry, I meant Friday.")
    assert any("(Friday)" in s for _, s, r in got if not r), got




def _facts(mem: Memory) -> list[str]:
    return sorted(r.summary for r in mem.list(Scope(agent="bot", actor="ana", session="probe"))
                  if r.namespace.startswith("/facts/"))


def test_through_memory_a_fix_in_a_later_conversation_replaces_the_stored_value(
        make_memory: Callable[..., Memory]) -> None:
    mem = make_memory(CONFIG, clock=lambda: T0 + timedelta(days=30), embedder="hashing")
    play_user_sessions(mem, ["I drive a Honda Jaz.", "My manager is Orla."],
                       ["oops, from our last chat: Jazz, not Jaz", "and one more fix: Oona, not Orla"], start=T0)
    active = _facts(mem)
    assert any("Jazz" in s for s in active) and not any(" Jaz" in s and "Jazz" not in s for s in active), active
    assert any("Oona" in s for s in active) and not any("Orla" in s for s in active), active


def test_through_memory_a_typed_later_fix_leaves_one_record(make_memory: Callable[..., Memory]) -> None:
    mem = make_memory(CONFIG, clock=lambda: T0 + timedelta(days=30), embedder="hashing")
    play_user_sessions(mem, ["I'm vegan these days."], ["small fix from last week: vegetarian, not vegan"], start=T0)
    active = _facts(mem)
    assert [s for s in active if "veg" in s.lower()] == ["Is vegetarian"], active


def test_i_meant_with_the_slip_named_puts_the_message_before_right() -> None:
    got = read("My uncle just moved to Bregen.", "A:Bregen sounds lovely!", "whoops, I meant Bergen, not Bregen.")
    assert ("uncle/residence", "Uncle lives in Bergen", False) in got
    assert not any("Bregen" in s for _, s, r in got if not r), got


# The marks chat uses for a slip (stop 38), written before the rules that read them: "scratch that", a bare
# "sorry," / "oops," before the value, an asterisk ("*Fabia", "Bruges*"), "autocorrect strikes again", a slip
# named after the value ("Thursday was a typo", "no idea why I wrote Sunday"), and "Y, not X, sorry".
@pytest.mark.parametrize(("turns", "right", "wrong"), [
    (("My line manager is Ines, scratch that, it's Ivana.",), "Manager is Ivana", "Ines"),
    (("I have pottery every Tuesday, sorry, Wednesday",), "every Wednesday", "Tuesday"),
    (("we live in Ghent, oops, Bruges*",), "Lives in Bruges", "Ghent"),
    (("i work at nokia. sorry, ericsson! not nokia.",), "Works at ericsson", "nokia"),
    (("I drive a Skoda Octavia", "A:Nice.", "*skoda fabia not octavia"), "Fabia", "Octavia"),
    (("I drive a Hyundai Ioniq", "A:Nice.", "*kia niro not ioniq"), "Drives a Kia Niro", "Hyundai"),
    (("my cat is called Pixel", "A:Cute!", "Byte!! not Pixel, sorry"), "named Byte", "Pixel"),
    (("I have yoga every Monday", "A:Noted.", "ugh autocorrect strikes again, friday, not monday"),
     "every Friday", "Monday"),
    (("I have swimming every Thursday", "A:Noted.", "correction: Saturday. Thursday was a typo"),
     "every Saturday", "Thursday"),
    (("I have band practice every Sunday", "A:Noted.", "no, saturday. no idea why i wrote sunday"),
     "every Saturday", "Sunday"),
    (("my aunt lives in Porto", "A:Lovely city.", "oh sorry, not Porto, Braga"), "Aunt lives in Braga", "Porto"),
    (("I'm at Ericsson, no wait, Nokia, I always mix those two up.",), "at Nokia", "Ericsson"),
    (("our choir meets at St Anne's, sorry, I mean St Luke's",), "at St Luke's", "Anne"),
])
def test_a_slip_marked_the_way_chat_marks_it_is_put_right(turns: tuple[str, ...], right: str, wrong: str) -> None:
    summaries = [s for _, s, r in read(*turns) if not r]
    assert any(right.lower() in s.lower() for s in summaries), summaries
    assert not any(wrong.lower() in s.lower() for s in summaries), summaries


@pytest.mark.parametrize(("message", "kept"), [
    ("I live in Leeds, sorry for the late reply", "Lives in Leeds"),
    ("I have piano every Monday, sorry, gotta run", "Has piano every Monday"),
    ("I work at Arup, oops, wrong chat", "Works at Arup"),
])
def test_a_bare_sorry_before_something_that_is_no_value_corrects_nothing(message: str, kept: str) -> None:
    assert kept in [s for _, s, r in read(message) if not r]


@pytest.mark.parametrize("answer", ["Mei. and actually its wednesday not tuesday, i always mix them up",
                                    "Mei. Actually it's Wednesday, not Tuesday."])
def test_an_answer_then_a_fix_of_an_earlier_message_keeps_both(answer: str) -> None:
    """The answer to the assistant's question is read as one, and the sentence after it puts the earlier slip
    right ("its" as chat spells "it's"); before, the whole message was taken for the fix and the answer was lost
    or put in the slip's place ("Need to swap their Mei")."""
    got = read("help me write a text to my boss at the bubble tea place, i need to swap my tuesday shift",
               "A:Sure, what's your boss's name?", answer)
    kept = [s for _, s, r in got if not r]
    assert "Manager is Mei (reports to Mei)" in kept and "Has shift every Wednesday" in kept, got
    assert not any("Tuesday" in s for s in kept), got


def test_an_answer_then_a_fix_of_another_value() -> None:
    got = read("I live in Lyon.", "A:Nice! What's your job?", "I'm a nurse. Oh and sorry, it's Lille not Lyon.")
    kept = [s for _, s, r in got if not r]
    assert "Works as a nurse" in kept and "Lives in Lille" in kept and not any("Lyon" in s for s in kept), got


@pytest.mark.parametrize("fix", ["Kiara, not Kaira. Stupid keyboard. Anyway she is so excited.",
                                 "Kiara not Kaira lol",
                                 "it's Kiara, not Kaira. she is so excited"])
def test_a_name_put_right_with_no_sorry_then_more_is_read_as_the_fix(fix: str) -> None:
    """"Y, not X" with no "sorry" before it, where X is a name the user just said: the name is put right (and
    what follows it in the message is read as usual)."""
    got = read("My niece Kaira starts school in May, what should she pack?", "A:A water bottle and a snack.", fix)
    kept = [s for _, s, r in got if not r]
    assert "Has a niece named Kiara" in kept and not any("Kaira" in s for s in kept), got


def test_two_names_with_not_and_nothing_to_put_right_are_no_fix() -> None:
    """"Python, not Java" answers a question; with no Java said before it puts nothing right."""
    assert not any(r for _, _, r in read("A:Which one do you use most?", "Python, not Java."))
