"""Chat writing normalised before the offline rules read it (issue 31): ``extract/normalize.py``.

Pure tests of the rewrite (what it changes, what it must leave alone, the way back to the user's words), of
the extractor reading informal messages as it reads the same words written out, and through ``engram.Memory``
(real SQLite, hashing embedder) that the stored event and the record's quote keep what the user wrote. The
sentences are written for these tests, not taken from the bench sets.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import UTC, datetime, timedelta

import pytest

from engram import Memory
from engram.extract import OfflineExtractor
from engram.extract.normalize import message
from engram.types import Event, Scope
from tests.support.extraction import fact_summaries, play_user_sessions

T0 = datetime(2026, 6, 1, 9, tzinfo=UTC)


@pytest.mark.parametrize(("text", "want"), [
    ("im moving w/ my bf rn lol", "I'm moving with my boyfriend now"),
    ("dont think ill be late tbh!!!", "don't think I will be late honestly!"),
    ("were moving to porto next month 🎉 so excited", "we are moving to porto next month. so excited"),
    ("its my bday tmrw", "it's my birthday tomorrow"),
    ("u know ur the best", "you know you're the best"),
    ("me n my sis hiked up snowdon", "me and my sister hiked up snowdon"),
    ("i speak welsh + dutch & some polish", "I speak Welsh and Dutch and some Polish"),  # names cased (truecase)
    ("sooo tired, loveeee it", "so tired, love it"),
    ("yoga every tues b/c my back hurts", "yoga every Tuesday because my back hurts"),
    ("wait... what?!", "wait. what?"),
    ("Im at teh gym", "I am at the gym"),
    ("im vegan now", "I'm vegan now"),
    ("i ❤️ sushi", "I love sushi"),
    ("ive been at arup 4 yrs", "I have been at arup 4 years"),
    ("haha yeah, im goin to the gym", "yeah, I'm going to the gym"),
    ("I GOT A PUPPY NAMED REX!!", "I got a puppy named Rex!"),
    # two neighbouring letters swapped in a word the rules read by (stop 38)
    ("no peanuts, im allergci", "no peanuts, I'm allergic"),
    ("i dont play squash anyomre", "I don't play squash anymore"),
    ("my favoruite band", "my favourite band"),
    ("we adotped a cat", "we adopted a cat"),
    ("my son attends hillview primary school", "my son attends Hillview Primary School"),
    ("dropping maja at riverside academy every morning", "dropping Maja at Riverside Academy every morning"),
    ("picking up noor from swim club", "picking up Noor from swim club"),
    ("dropping the kids at school", "dropping the kids at school"),
])
def test_chat_writing_is_put_in_the_standard_form(text: str, want: str) -> None:
    assert message(text).text == want


@pytest.mark.parametrize("text", [
    "the cat licked its paw", "im ill today", "my id card expired", "were you there?", "we were moving",
    "My parents were getting divorced", "Marks & Spencer", "i work at h&m", "see https://example.com/u/ur",
    "my daughter Ur lives in Bern", "U2 played", "IM at work", "i live in dublin", "well, we went",
    "let us know", "the sun was out", "at 10:30) ok", "i.e. this",
    "my diary is full", "i tried three times", "signing the lease",
])
def test_names_values_and_ambiguous_words_are_left_alone(text: str) -> None:
    kept = re.sub(r"\bi\b(?!\.)", "I", text.replace("im ", "I'm ")).replace("dublin", "Dublin")
    assert message(text).text == kept


def test_a_quote_of_the_rewritten_text_gives_back_the_users_words() -> None:
    said = message("got a new job at zalando 🎉 starting monday w/ my bf lol")
    assert said.text == "got a new job at Zalando. starting Monday with my boyfriend"  # a name after "job at"
    assert said.original("starting Monday with my boyfriend") == "starting monday w/ my bf"
    assert said.original("got a new job at Zalando.") == "got a new job at zalando 🎉"
    assert said.original("not in it") == "got a new job at zalando 🎉 starting monday w/ my bf lol"  # the message
    assert message("Nothing to change.").original("Nothing to change.") == "Nothing to change."


def _facts(*turns: str) -> list[tuple[str, str]]:
    evs = [Event(id=f"e{i}", agent="a", actor="u", session="s", seq=i, role="user", content=t,
                 at=T0 + timedelta(minutes=i)) for i, t in enumerate(turns)]
    return [(f.summary, f.evidence) for f in OfflineExtractor().facts(evs) if not f.retract]


@pytest.mark.parametrize(("informal", "formal"), [
    ("my hubby works at siemens rn lol", "My husband works at Siemens now."),
    ("im a nurse tbh", "I'm a nurse."),
    ("i live in leeds w/ my gf nora", "I live in Leeds with my girlfriend Nora."),
    ("i speak spanish + french", "I speak Spanish and French."),
    ("i play tennis every tues", "I play tennis every Tuesday."),
    ("i cant eat gluten bc im celiac", "I can't eat gluten because I'm celiac."),
    ("my gf and i just adopted a cat named biscuit 😻", "My girlfriend and I just adopted a cat named Biscuit."),
    ("we moved to lisbon last yr", "We moved to Lisbon last year."),
    ("my bro lives in austin tbh", "My brother lives in Austin."),
    ("my fav band is radiohead haha", "My favourite band is Radiohead."),
    ("i teach yoga every thurs", "I teach yoga every Thursday."),
    ("i work as a nurse atm", "I work as a nurse now."),
    ("IM ALLERGIC TO PEANUTS", "I'm allergic to peanuts."),
    ("my mum lives in cork 🙂", "My mum lives in Cork."),
    ("sooo i quit smoking last month!!", "I quit smoking last month!"),
    ("my sis is a lawyer in boston", "My sister is a lawyer in Boston."),
    ("i play guitar w/ my dad on weekends", "I play guitar with my dad on weekends."),
    ("my bday is may 3rd", "My birthday is May 3rd."),
    ("ive been learning japanese for 2 yrs", "I've been learning Japanese for 2 years."),
    ("we r getting married in june 💍", "We are getting married in June."),
    ("my bf works at amazon", "My boyfriend works at Amazon."),
    ("i hate mushrooms tbh", "I hate mushrooms."),
    ("i live in leeds w/ my roomie", "I live in Leeds with my roommate."),
    ("i go to the gym every mon b4 work", "I go to the gym every Monday before work."),
    ("gonna start a new job at ikea next week", "I'm going to start a new job at IKEA next week."),
    ("i'm a software engineer lol", "I'm a software engineer."),
    ("my fam is from ghana", "My family is from Ghana."),
])
def test_an_informal_message_says_what_the_same_words_written_out_say(informal: str, formal: str) -> None:
    got = _facts(informal)
    assert sorted(s.lower() for s, _ in got) == sorted(s.lower() for s, _ in _facts(formal))
    assert got and all(e in informal for _, e in got), got  # quoted as written


CONFIG = {"harness": {"memory": {"enabled": True,
                                 "scope": {"read": ["session", "actor"], "write": ["session", "actor"]},
                                 "extraction": {"trigger": "off"},
                                 "strategies": [{"type": "SEMANTIC"}]}}}


def test_through_memory_chat_writing_is_remembered_in_the_users_words(make_memory: Callable[..., Memory]) -> None:
    mem = make_memory(CONFIG, clock=lambda: T0 + timedelta(days=30), embedder="hashing")
    play_user_sessions(mem, ["my hubby works at siemens rn lol", "we got a puppy named pixel 🐶 hes sooo cute"],
                       ["ngl im vegetarian now!!!"], start=T0, actor="u1")
    active = fact_summaries(mem, "u1")
    assert "Husband works at Siemens" in active and "Has a puppy named Pixel" in active, active
    assert "Is vegetarian" in active, active
    said = [e.content for e in mem.events(Scope(agent="bot", actor="u1", session="s0"))]
    assert "my hubby works at siemens rn lol" in said  # the stored event is what the user wrote
    records = mem.list(Scope(agent="bot", actor="u1", session="probe"))
    quotes = [r.content or "" for r in records if r.summary == "Husband works at Siemens"]
    assert quotes and all("my hubby works at siemens rn" in q for q in quotes), quotes
