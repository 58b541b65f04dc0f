"""Consolidation rules for how a speaker changes a fact, through ``engram.Memory`` on real stores.

Each test plays sessions through ``Memory.append`` + ``Memory.extract`` (offline rules, all four strategies)
on both backends (a real SQLite file and the real PostgreSQL) and reads the long-term records left active:

- hobbies are a multi-valued family of their own: a hobby said with a word of change ("into climbing
  *now*", "took up X *instead*") takes the place of the other hobbies, a plain one is added, and neither
  ends a taste that is not a pastime ("likes jazz") or something the speaker dislikes;
- "my main hobby is pottery" and "I'm into pottery" are one record;
- a person first described without a name is the person named later: in the same batch ("my new boss ...
  her name is Dana") and across sessions ("What does your friend do?" / "A journalist.", then "my friend
  Hannah is a vet");
- a record that a value is over ("Sold the Tesla", "Gave up yoga") is under that value's attribute, so the
  next value replaces it, and it never ends a newer value;
- a prospect ("I have an interview at Initech") is over once it comes true ("I'm at Initech now");
- one thing in place of another in one sentence ("I swapped surfing for sailing", "Quit Hebrew and signed up
  for Czech classes") ends the old one; "also", "too", "on top of" make a hobby an addition even with "now";
- a person described in one session and named in a later one ("My neighbour works as a dentist." ... "My
  neighbour Tariq came round") has the earlier facts under the name.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime, timedelta

from engram import Memory
from engram.types import Scope
from tests.support.configs import FOUR_STRATEGIES_BY_HAND

T0 = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)
ACK = "Noted, thanks for telling me."


def _play(make_memory: Callable[..., Memory], *sessions: list[str]) -> list[str]:
    """Each session extracted in turn; the active long-term summaries at the end.

    A line is the user's, answered with an acknowledgement; a line starting "A: " is the assistant's.
    """
    mem = make_memory(FOUR_STRATEGIES_BY_HAND, clock=lambda: T0 + timedelta(days=30))
    for n, lines in enumerate(sessions):
        scope = Scope(agent="bot", actor="ana", session=f"s{n}")
        start = T0 + timedelta(days=3 * n)
        turns = [m for line in lines for m in ((("assistant", line[3:]),) if line.startswith("A: ") else
                                               (("user", line), ("assistant", ACK)))]
        mem.append(scope, [{"role": r, "content": c, "at": start + timedelta(minutes=i)}
                           for i, (r, c) in enumerate(turns)])
        mem.extract(scope)
    probe = Scope(agent="bot", actor="ana", session="probe")
    return [r.summary for r in mem.list(probe, limit=200)
            if r.namespace.startswith(("/facts/", "/preferences/")) and r.status == "active"]


def _naming(summaries: list[str], word: str) -> list[str]:
    return [s for s in summaries if word in s.lower()]


def test_a_hobby_said_with_now_takes_the_place_of_the_other_hobbies(make_memory: Callable[..., Memory]) -> None:
    got = _play(make_memory, ["I'm really into rowing.", "I love jazz."], ["into climbing now lol"])
    assert _naming(got, "climbing") and not _naming(got, "rowing"), got
    assert _naming(got, "jazz"), got  # not a pastime: not a hobby the switch ends


def test_took_up_instead_and_main_hobby_now_switch_too(make_memory: Callable[..., Memory]) -> None:
    got = _play(make_memory, ["I'm into chess."], ["I took up salsa instead."], ["My main hobby is tennis now."])
    assert _naming(got, "tennis") and not _naming(got, "chess") and not _naming(got, "salsa"), got


def test_a_hobby_without_a_word_of_change_is_added(make_memory: Callable[..., Memory]) -> None:
    got = _play(make_memory, ["I'm into rowing."], ["I took up knitting."])
    assert _naming(got, "rowing") and _naming(got, "knitting"), got


def test_a_switch_keeps_what_the_speaker_dislikes(make_memory: Callable[..., Memory]) -> None:
    got = _play(make_memory, ["I hate running.", "I'm into yoga."], ["I'm into pottery now."])
    assert _naming(got, "running") and _naming(got, "pottery") and not _naming(got, "yoga"), got


def test_main_hobby_and_into_are_one_record(make_memory: Callable[..., Memory]) -> None:
    got = _play(make_memory, ["My main hobby is pottery."], ["As I said, I'm into pottery."])
    assert len(_naming(got, "pottery")) == 1, got


def test_a_person_named_after_being_described_is_one_subject(make_memory: Callable[..., Memory]) -> None:
    got = _play(make_memory, ["My new boss is really strict.", "Her name is Dana.", "She works at Globex."],
                ["Dana left Globex. She works at Initech now."])
    assert _naming(got, "initech") == ["Boss Dana works at Initech"], got
    assert not _naming(got, "globex"), got


def test_an_unnamed_person_then_named_is_the_same_person(make_memory: Callable[..., Memory]) -> None:
    got = _play(make_memory, ["A: What does your friend do?", "A journalist."], ["My friend Hannah is a vet."])
    assert _naming(got, "vet") == ["Friend Hannah works as a vet"], got
    assert not _naming(got, "journalist"), got


def test_a_named_person_does_not_take_another_persons_record(make_memory: Callable[..., Memory]) -> None:
    got = _play(make_memory, ["My sister Rosa is a nurse."], ["My friend Hannah is a vet."])
    assert _naming(got, "nurse") and _naming(got, "vet"), got


def test_the_end_of_a_value_is_history_once_a_new_value_is_said(make_memory: Callable[..., Memory]) -> None:
    got = _play(make_memory, ["I drive a Tesla Model 3.", "I'm into yoga.", "I'm learning Korean."],
                ["I sold the Tesla Model 3.", "I gave up yoga.", "I dropped Korean."],
                ["I bought a Renault Clio.", "I'm into pottery now.", "I'm learning Italian now."])
    assert not _naming(got, "tesla") and not _naming(got, "yoga") and not _naming(got, "korean"), got
    assert _naming(got, "clio") and _naming(got, "pottery") and _naming(got, "italian"), got


def test_the_end_of_a_value_stays_until_a_new_one(make_memory: Callable[..., Memory]) -> None:
    got = _play(make_memory, ["I drive a Tesla Model 3."], ["I sold the Tesla Model 3."])
    assert got == ["Sold the Tesla Model 3"], got


def test_the_end_of_a_value_never_ends_a_newer_one(make_memory: Callable[..., Memory]) -> None:
    got = _play(make_memory, ["I drive a Tesla Model 3."], ["I bought a Renault Clio. I sold the Tesla Model 3."])
    assert got == ["Drives a Renault Clio"], got


def test_a_prospect_that_came_true_is_over(make_memory: Callable[..., Memory]) -> None:
    got = _play(make_memory, ["I work at Globex.", "I have an interview at Initech next week."],
                ["I'm at Initech now, the offer came through."])
    assert _naming(got, "initech") == ["Works at Initech"], got


def test_one_thing_in_place_of_another_ends_the_old_one(make_memory: Callable[..., Memory]) -> None:
    got = _play(make_memory, ["I love surfing.", "I'm learning Hebrew."],
                ["I swapped surfing for sailing.", "Quit Hebrew and signed up for Czech classes."])
    assert _naming(got, "sailing") and _naming(got, "czech"), got
    assert not [s for s in got if ("surfing" in s or "Hebrew" in s) and not s.startswith(("Gave up", "Stopped"))], got


def test_also_too_and_on_top_of_add_a_hobby_even_with_now(make_memory: Callable[..., Memory]) -> None:
    got = _play(make_memory, ["I love hiking."], ["Alongside hiking, I now do sailing too."],
                ["I've also started baking, on top of hiking."])
    assert _naming(got, "hiking") and _naming(got, "sailing") and _naming(got, "baking"), got


def test_a_person_named_in_a_later_session_takes_the_earlier_facts(make_memory: Callable[..., Memory]) -> None:
    got = _play(make_memory, ["My neighbour works as a dentist."], ["My neighbour Tariq came round for dinner."])
    assert _naming(got, "dentist") == ["Neighbour Tariq works as a dentist"], got


def test_a_second_person_of_the_same_word_takes_nothing(make_memory: Callable[..., Memory]) -> None:
    got = _play(make_memory, ["My neighbour Emil is a teacher.", "My neighbour works as a dentist."],
                ["My neighbour Tariq came round for dinner."])
    assert not [s for s in got if "Tariq" in s and "dentist" in s], got


def test_a_person_known_by_name_only_is_placed_once_the_relation_is_said(
        make_memory: Callable[..., Memory]) -> None:
    got = _play(make_memory, ["Ben is a carpenter now lol", "Paris is lovely."], ["My brother Ben called today."])
    assert _naming(got, "carpenter") == ["Brother Ben works as a carpenter"], got
    assert not _naming(got, "paris"), got  # a place is not a person: nothing is said of it


def test_a_change_the_rephrasing_reads_ends_the_old_language(make_memory: Callable[..., Memory]) -> None:
    """"X is my new project" says "now" only once rephrased ("I am learning X now"): it still switches."""
    got = _play(make_memory, ["I'm learning Swedish."], ["I'm no longer learning Swedish; Mandarin is my new project."])
    assert got == ["Learning Mandarin"], got
