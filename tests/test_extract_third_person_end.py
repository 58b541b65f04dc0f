"""An end said of one of the user's people supersedes what memory holds of them, as a first-person end does.

docs/concepts.md: "a new value or an end ("no longer", "sold") supersedes the record it is about". "Tom is no
longer vegetarian" after "My husband Tom is a vegetarian" once left both active. The person is named by name,
by relation ("my wife"), or by "he"/"she" right after naming them; what ended is the attribute said after
"no longer", "not ... anymore", "stopped", "quit". The other side: an end reaches only that person's records
naming what ended, never another person's, the user's own, or another attribute. Through ``engram.Memory``
on a real SQLite file and the real PostgreSQL, the first messages in one session, the end in a later one.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime

import pytest

from engram import Memory, Scope
from engram.extract.extractor import OfflineExtractor
from engram.types import Event

FIRST, LATER, ACTOR = Scope("bot", "carla", "a"), Scope("bot", "carla", "b"), Scope("bot", "carla")


def _active(mem: Memory, before: list[str], after: list[str]) -> list[str]:
    for text in before:
        mem.append(FIRST, [{"role": "user", "content": text}])
    for text in after:
        mem.append(LATER, [{"role": "user", "content": text}])
    return [r.summary for r in mem.list(ACTOR) if not r.namespace.startswith("/summary/")]


@pytest.mark.parametrize(("before", "after", "gone", "kept"), [
    ("My husband Tom is a vegetarian.", "Tom is no longer vegetarian, he eats chicken again.",
     "Husband Tom is a vegetarian", ["Husband Tom is no longer vegetarian", "Husband Tom eats chicken"]),
    ("My sister Ana plays tennis.", "Ana doesn't play tennis anymore.",
     "Sister Ana plays tennis", ["Sister Ana no longer plays tennis"]),
    ("My dad Rui works at Siemens.", "Rui no longer works at Siemens.",
     "Dad Rui works at Siemens", ["Dad Rui no longer works at Siemens"]),
    ("My wife Priya drinks coffee every morning.", "My wife is no longer drinking coffee.",
     "Wife Priya drinks coffee every morning", ["Wife Priya is no longer drinking coffee"]),
    ("My brother Kenji smokes cigars.", "I talked to my brother Kenji yesterday. He stopped smoking.",
     "Brother Kenji smokes cigars", ["Brother Kenji no longer smokes"]),
    ("My girlfriend Zoe is a nurse.", "Zoe isn't a nurse anymore.",
     "Girlfriend Zoe works as a nurse", ["Girlfriend Zoe is no longer a nurse"]),
    ("My friend Omar drives a Tesla.", "Omar doesn't drive anymore.",
     "Friend Omar drives a Tesla", ["Friend Omar no longer drives"]),
    ("My son Luca plays the violin.", "Luca quit the violin.",
     "Son Luca plays the violin", ["Son Luca quit the violin"]),
])
def test_an_end_said_of_someone_supersedes_what_it_ends(make_memory: Callable[..., Memory], before: str, after: str,
                                                        gone: str, kept: list[str]) -> None:
    mem = make_memory()
    active = _active(mem, [before], [after])
    assert gone not in active, active
    for summary in kept:
        assert summary in active, (summary, active)


def test_an_end_in_the_same_session_supersedes_too(make_memory: Callable[..., Memory]) -> None:
    mem = make_memory()
    active = _active(mem, ["My daughter Mei plays the piano.", "Mei quit the piano last month."], [])
    assert "Daughter Mei plays the piano" not in active, active
    assert any(s.startswith("Daughter Mei quit the piano") for s in active), active


def test_an_end_reaches_no_one_else_and_nothing_else(make_memory: Callable[..., Memory]) -> None:
    """Another person's, the user's own and the same person's other records stay."""
    mem = make_memory()
    active = _active(mem, ["My husband Tom is a vegetarian.", "My sister Ana is a vegetarian.", "I'm a vegetarian.",
                           "Ana plays tennis."], ["Ana is no longer vegetarian."])
    assert "Sister Ana is a vegetarian" not in active, active
    for summary in ("Husband Tom is a vegetarian", "Is vegetarian", "Sister Ana plays tennis",
                    "Sister Ana is no longer vegetarian"):
        assert summary in active, (summary, active)


def test_an_end_of_someone_never_named_ends_nothing(make_memory: Callable[..., Memory]) -> None:
    mem = make_memory()
    active = _active(mem, ["I'm a vegetarian.", "My husband Tom is a vegetarian."], ["Maria is no longer vegetarian."])
    assert "Is vegetarian" in active and "Husband Tom is a vegetarian" in active, active


def test_a_first_person_end_still_supersedes(make_memory: Callable[..., Memory]) -> None:
    mem = make_memory()
    active = _active(mem, ["I'm a vegetarian."], ["I'm no longer a vegetarian."])
    assert "Is vegetarian" not in active, active


def _facts(text: str, known: list[tuple[str, str | None]]) -> list[tuple[str, tuple[str, ...]]]:
    ev = Event(id="e", agent="bot", actor="carla", session="b", seq=0, role="user", content=text,
               at=datetime(2026, 3, 5, 10, tzinfo=UTC))
    return [(f.key, f.topic) for f in OfflineExtractor().facts([ev], known=known) if f.retract]


@pytest.mark.parametrize(("text", "retracted"), [
    ("Tom is no longer vegetarian.", [("husband:tom/ended:vegetarian", ("tom", "vegetarian"))]),
    ("Tom isn't a smoker anymore.", [("husband:tom/ended:smoker", ("tom", "smoker"))]),
    ("Tom stopped smoking last month.", [("husband:tom/ended:smoke", ("tom", "smoke"))]),
    ("Ana has given up running.", [("sister:ana/ended:run", ("ana", "run"))]),
    ("My sister no longer goes to the gym.", [("sister:ana/ended:goe_gym", ("ana", "goe", "gym"))]),
    # not an end of anything memory holds: a whereabouts, a mood, a plain denial, a question, a hedge
    ("Tom is no longer here.", []),
    ("Ana is not sure anymore.", []),
    ("Tom is not vegetarian.", []),
    ("Is Tom no longer vegetarian?", []),
    ("Maybe Tom is no longer vegetarian.", []),
])
def test_the_end_names_the_person_and_what_ended(text: str, retracted: list[tuple[str, tuple[str, ...]]]) -> None:
    assert _facts(text, [("husband", "Tom"), ("sister", "Ana")]) == retracted


def test_a_return_said_again_supersedes_the_end(make_memory: Callable[..., Memory]) -> None:
    """"Tom is vegetarian again" after his end: the end (and the old telling) give way to the new one."""
    mem = make_memory()
    active = _active(mem, ["My friend Tom is vegetarian.", "My sister Ana is vegetarian."],
                     ["Tom is no longer vegetarian.", "Tom is vegetarian again."])
    assert "Friend Tom is no longer vegetarian" not in active, active
    assert "Friend Tom is vegetarian" in active and "Sister Ana is vegetarian" in active, active


def test_a_whereabouts_end_is_kept_as_said_not_cut_short(make_memory: Callable[..., Memory]) -> None:
    """"Tom is no longer here" once became "Friend Tom is no longer": the opposite of what was said."""
    mem = make_memory()
    active = _active(mem, ["My friend Tom is vegetarian."], ["Tom is no longer here."])
    assert "Friend Tom is no longer" not in active, active
    assert "Friend Tom is no longer here" in active and "Friend Tom is vegetarian" in active, active
