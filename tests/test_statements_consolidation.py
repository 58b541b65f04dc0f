"""Statements beside the rules' keyed records (issue 31): a statement naming a keyed record's value ends
when the rules supersede or retract that value; one naming another value, or both, stays.

Sessions are played through ``engram.Memory`` (SEMANTIC, offline) on a real SQLite file and the real
PostgreSQL (``make_memory``), and the fact records are read back, active and ended.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime, timedelta

from engram import Memory
from engram.types import Record, Scope
from tests.support.configs import SEMANTIC_BY_HAND as SEMANTIC
from tests.support.extraction import play_user_sessions

T0 = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)
PROBE = Scope(agent="bot", actor="ana", session="probe")


def _play(mem: Memory, *sessions: list[str]) -> None:
    play_user_sessions(mem, *sessions, start=T0)


def _facts(mem: Memory, status: str = "active") -> dict[str, Record]:
    return {r.summary: r for r in mem.list(PROBE, status=status, limit=200) if r.namespace.startswith("/facts/")}


FIRST = ["I work at Initech.", "Initech gave me Friday off.",
         "I'm learning Japanese.", "My Japanese teacher is so patient."]


def test_statements_naming_a_keyed_value_are_kept_beside_it(make_memory: Callable[..., Memory]) -> None:
    mem = make_memory(SEMANTIC, clock=lambda: T0 + timedelta(days=30))
    _play(mem, FIRST)
    got = _facts(mem)
    assert {"Works at Initech", "Learning Japanese", "Japanese teacher is so patient"} <= set(got)
    (day_off,) = [s for s in got if s.startswith("Initech gave them")]
    assert not got[day_off].fact_key  # keyless: a statement, not a rule's record


def test_a_new_value_ends_the_statements_naming_the_old_one(make_memory: Callable[..., Memory]) -> None:
    mem = make_memory(SEMANTIC, clock=lambda: T0 + timedelta(days=30))
    _play(mem, FIRST, ["I started a new job at Bluth Homes."])
    got = _facts(mem)
    assert "Works at Bluth Homes" in got
    assert not [s for s in got if "Initech" in s]  # the employer and the day off it gave are both past
    assert {"Learning Japanese", "Japanese teacher is so patient"} <= set(got)  # another attribute: untouched
    ended = _facts(mem, "deleted")
    assert [s for s in ended if s.startswith("Initech gave them")]  # ended, still readable


def test_switching_an_item_of_a_family_ends_statements_naming_it(make_memory: Callable[..., Memory]) -> None:
    mem = make_memory(SEMANTIC, clock=lambda: T0 + timedelta(days=30))
    _play(mem, FIRST, ["I'm learning Italian now."])
    got = _facts(mem)
    assert "Learning Italian" in got
    assert not [s for s in got if "Japanese" in s]
    assert "Works at Initech" in got


def test_a_retracted_value_ends_the_statements_naming_it(make_memory: Callable[..., Memory]) -> None:
    mem = make_memory(SEMANTIC, clock=lambda: T0 + timedelta(days=30))
    _play(mem, FIRST, ["I don't work at Initech anymore."])
    got = _facts(mem)
    assert not [s for s in got if "Initech" in s and "no longer" not in s.lower() and "not" not in s.lower()]
    assert "Japanese teacher is so patient" in got


def test_a_statement_taken_back_in_the_same_session_is_not_stored(make_memory: Callable[..., Memory]) -> None:
    # lower case: no rule reads "skanska" as an employer, so both are statements; the retraction of the first
    # used to be stored as a record of its own text
    mem = make_memory(SEMANTIC, clock=lambda: T0 + timedelta(days=30))
    _play(mem, ["i've been working for skanska since 2021", "ignore what i said about skanska, it's vattenfall"])
    got = _facts(mem)
    assert [s for s in got if "vattenfall" in s], got
    assert not [s for s in got if "skanska" in s], got


def test_a_statement_naming_the_new_value_too_stays(make_memory: Callable[..., Memory]) -> None:
    mem = make_memory(SEMANTIC, clock=lambda: T0 + timedelta(days=30))
    _play(mem, ["I work at Initech.", "My boss compares Initech and Bluth Homes a lot."],
          ["I started a new job at Bluth Homes."])
    got = _facts(mem)
    assert "Works at Bluth Homes" in got
    said = [s for s in got if "compares" in s]
    assert said == ["Boss compares Initech and Bluth Homes"]


def test_a_value_said_to_take_the_place_of_a_name_ends_the_statements_naming_it(
        make_memory: Callable[..., Memory]) -> None:
    # the brother's old city is named only by a statement (no rule read "flat in X is tiny" as a residence)
    mem = make_memory(SEMANTIC, clock=lambda: T0 + timedelta(days=30))
    _play(mem, ["My brother's flat in Poznań is tiny.", "My sister's flat in Poznań is huge."],
          ["My brother lives in Kraków now instead of Poznań."])
    got = _facts(mem)
    assert "Brother lives in Kraków" in got
    assert not [s for s in got if s.startswith("Brother's flat")]  # the brother's: ended
    assert [s for s in got if s.startswith("Sister's flat in Poznań")]  # the sister's: another subject, kept
    assert [s for s in _facts(mem, "deleted") if s.startswith("Brother's flat")]  # ended, still readable


def test_a_change_said_by_the_old_values_name_restates_what_memory_holds(
        make_memory: Callable[..., Memory]) -> None:
    # "moved over to Telefónica" names no attribute; memory knows Arup is the employer
    mem = make_memory(SEMANTIC, clock=lambda: T0 + timedelta(days=30))
    _play(mem, ["I've been working for Arup since 2021.", "I live in Lisbon."],
          ["quick update: I moved over to Telefónica, Arup is history"])
    got = _facts(mem)
    assert "Works at Telefónica" in got
    assert not [s for s in got if "Arup" in s]
    assert "Lives in Lisbon" in got
