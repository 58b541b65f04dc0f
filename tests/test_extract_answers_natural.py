"""Short answers read with the assistant's question, whatever the attribute (extract/asked.py, extract/answers.py).

Pure tests of the question's frame and of the offline extractor on a question and its answer, and through
``engram.Memory`` (SQLite, and PostgreSQL when configured) that an answer giving a new value leaves the new
value current. The questions and answers are written for these tests, not taken from the bench sets.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime, timedelta

import pytest

from engram import Memory
from engram.extract import OfflineExtractor, answers, asked
from engram.types import Event, Scope
from tests.support.configs import SEMANTIC_BY_HAND as CONFIG

T0 = datetime(2026, 6, 1, 9, tzinfo=UTC)


def summaries(*turns: tuple[str, str]) -> list[str]:
    evs = [Event(id=f"e{i}", agent="a", actor="u", session="s", seq=i, role=r, content=c,
                 at=T0 + timedelta(minutes=i)) for i, (r, c) in enumerate(turns)]
    return [f.summary for f in OfflineExtractor().facts(evs) if not f.retract]


@pytest.mark.parametrize(("question", "answer", "want"), [
    ("Quick one: where does your aunt live?", "lisbon", "My aunt lives in Lisbon."),
    ("Is your cousin close by? Where is she based?", "she's in Hobart", "My cousin lives in Hobart."),
    ("Who is your supervisor, so I can cc them?", "Tomasz :)", "My manager is Tomasz."),
    ("Who is your landlord?", "mrs okafor", "My landlord is Mrs Okafor."),
    ("Which languages do you read?", "czech + tamil", "I speak Czech and Tamil."),
    ("What languages can you translate?", "farsi, catalan", "I speak Farsi and Catalan."),
    ("What day is your weekly swim squad?", "tuesdays", "I have swim squad every Tuesday."),
    ("When do you have pottery usually?", "it's every Sunday", "I have pottery every Sunday."),
    ("Are you bringing a car? Which one?", "a battered Clio", "My car is a Clio."),
    ("Which car will you take?", "an old Audi A4", "I drive an Audi A4."),
    ("Which firm are you with?", "at deloitte", "I work at Deloitte."),
    ("Do you have animals at home?", "only Miso, my cat", "I have a cat called Miso."),
])
def test_an_answer_is_read_in_the_frame_of_its_question(question: str, answer: str, want: str) -> None:
    assert answers.read(answer, question) == want


@pytest.mark.parametrize("question", [
    "Anything else I can help with?",
    "Shall I book it for Friday?",
])
def test_a_question_that_asks_for_no_attribute_has_no_frame(question: str) -> None:
    assert asked.ask(question) is None


def test_a_full_statement_is_left_to_the_rules() -> None:
    assert answers.read("I live in Hobart, near the port", "Where do you live?") == "I live in Hobart, near the port"


@pytest.mark.parametrize(("turns", "want"), [
    ((("assistant", "Where's your brother living these days?"), ("user", "valencia")), "Brother lives in Valencia"),
    ((("assistant", "Would your partner come too? What's their name?"), ("user", "oh yes, ines would come")),
     "Partner is Ines"),
    ((("assistant", "What sport do you do?"), ("user", "water polo, twice a week")), "Sport is water polo"),
    ((("assistant", "Any dietary needs I should know about?"), ("user", "yep, vegan")), "Diet is vegan"),
])
def test_the_extractor_reads_an_answer_as_a_fact(turns: tuple[tuple[str, str], ...], want: str) -> None:
    assert want in summaries(*turns)


def test_a_lowercase_name_answering_who_is_read_as_a_name() -> None:
    got = summaries(("assistant", "Who do you report to at work?"), ("user", "oona"))
    assert any("Oona" in s and "anager" in s for s in got), got




def test_through_memory_an_answer_with_a_new_value_replaces_the_old_one(
        make_memory: Callable[..., Memory]) -> None:
    mem = make_memory(CONFIG, clock=lambda: T0 + timedelta(days=10), embedder="hashing")
    first, later = Scope(agent="bot", actor="u1", session="s1"), Scope(agent="bot", actor="u1", session="s2")
    mem.append(first, [{"role": "user", "content": "My sister lives in Tromsø.", "at": T0},
                       {"role": "assistant", "content": "Lovely part of the world.", "at": T0 + timedelta(minutes=1)}])
    mem.extract(first)
    at = T0 + timedelta(days=3)
    mem.append(later, [{"role": "assistant", "content": "Remind me, where is your sister now?", "at": at},
                       {"role": "user", "content": "bergen", "at": at + timedelta(minutes=1)}])
    mem.extract(later)
    active = [r.summary for r in mem.list(Scope(agent="bot", actor="u1", session="probe"))
              if r.namespace.startswith("/facts/")]
    assert "Sister lives in Bergen" in active, active
    assert not any("Tromsø" in s for s in active), active


@pytest.mark.parametrize(("question", "reply"), [
    ("Where is your sister living these days?", "ok"),
    ("What is your favourite tea?", "hmm, not sure"),
    ("Who is your boss?", "no idea tbh"),
    ("Which city do you live in?", "thanks!"),
    ("What pet do you have?", "nope, none"),
])
def test_a_reply_that_gives_no_value_says_nothing(question: str, reply: str) -> None:
    assert summaries(("assistant", question), ("user", reply)) == []


@pytest.mark.parametrize("reply", ["no longer with Zoë, it's for the best", "no worries, I sold the bike",
                                   "no way I'm moving to Leeds"])
def test_a_statement_starting_with_no_is_not_a_no(reply: str) -> None:
    # read as "no" to the question, its first word was cut: "Longer with Zoë, it's for the best"
    assert answers.read(reply, "Noted. Anything I can help with there?") == reply


def test_no_still_answers_a_still_question() -> None:
    assert answers.read("No, I'm at Contoso now", "Are you still at Hooli?") == "I work at Contoso now"
