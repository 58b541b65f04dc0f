"""Statement-level extraction: what the user discloses that no rule read, kept in their words and
consolidated by meaning (issue 31).

Pure tests read clauses with :mod:`engram.extract.statements` and decide with
:mod:`engram.strategies.statements`; the rest play sessions through ``engram.Memory`` (SEMANTIC, offline)
on a real SQLite file and the real PostgreSQL (``make_memory``) and read the fact records left active.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime, timedelta

import pytest

from engram import Memory
from engram.core.consolidate import Candidate
from engram.extract.statements import read, third_person
from engram.strategies.statements import decide
from engram.types import Record, Scope
from tests.support.configs import SEMANTIC_BY_HAND as SEMANTIC
from tests.support.extraction import play_user_sessions

T0 = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)


def _summaries(text: str) -> list[str]:
    return [s.summary for s in read(text)]


# -- reading a clause ------------------------------------------------------------------------------------------

def test_a_disclosure_becomes_a_third_person_summary_in_the_users_words() -> None:
    assert _summaries("I went to a LGBTQ support group and it was so powerful") == [
        "Went to a LGBTQ support group and it was so powerful"]
    assert _summaries("The support group has made me feel accepted") == [
        "The support group has made them feel accepted"]
    assert third_person("I am swamped with the kids") == "Is swamped with the kids"
    assert third_person("My kids love the beach") == "Kids love the beach"


def test_two_statements_in_one_sentence_stay_two() -> None:
    assert _summaries("I work night shifts and my sister lives in Rome") == ["Works night shifts",
                                                                            "Sister lives in Rome"]


@pytest.mark.parametrize("text", [
    "How have you been",                       # a question
    "I know",                                  # filler
    "I'm so proud of you",                     # about the listener
    "I love it",                               # says nothing once the conversation is gone
    "I totally agree, Mel",                    # a pleasantry
    "If I won the lottery I would buy a boat",  # hypothetical
    "I would love to visit Japan someday",     # a wish
    "It is special to me",                     # "it" is not known once the conversation is gone
    "Since we last spoke",                     # a fragment
])
def test_what_is_not_a_disclosure_is_not_kept(text: str) -> None:
    assert read(text) == []


def test_an_ending_is_marked_as_one() -> None:
    (s,) = read("I don't play the cello anymore")
    assert s.summary == "Does not play the cello anymore" and s.ending
    (sold,) = read("We sold the camper van")
    assert sold.ending and sold.category == "event"


# -- deciding by meaning -----------------------------------------------------------------------------------------

def _record(rid: str, summary: str) -> Record:
    return Record(id=rid, agent="a", actor="u", session=None, level="actor", namespace="/facts/u/", kind="fact",
                  summary=summary, content=None, labels={}, status="active", preview=False, created_at=T0,
                  updated_at=T0)


def _cand(summary: str, *, kind: str = "fact", ends: bool = False) -> Candidate:
    return Candidate(strategy="s", namespace="/facts/u/", level="actor", kind=kind, summary=summary,
                     source_event_ids=("e1",), multi=True, ends=ends)


def test_a_restatement_in_other_words_is_skipped() -> None:
    (d,) = decide(_cand("Volunteers at the local animal shelter on Saturdays"),
                  [_record("r1", "Volunteers at the animal shelter every Saturday")])
    assert (d.action, d.target) == ("skip", "r1")


def test_a_new_value_of_the_same_attribute_supersedes() -> None:
    (d,) = decide(_cand("Coaches the Lions youth football team now"),
                  [_record("r1", "Coaches the Tigers youth football team")])
    assert (d.action, d.target) == ("replace", "r1")


def test_an_end_supersedes_what_it_ends_and_nothing_else() -> None:
    (d,) = decide(_cand("No longer plays bass in The Wrecks", ends=True),
                  [_record("r0", "Sister lives in Rome"), _record("r1", "Plays bass in a band called The Wrecks")])
    assert (d.action, d.target) == ("replace", "r1")


def test_an_end_supersedes_every_record_that_says_it() -> None:
    got = decide(_cand("No longer plays bass in The Wrecks", ends=True),
                 [_record("r0", "Sister lives in Rome"), _record("r1", "Plays bass in a band called The Wrecks"),
                  _record("r2", "Plays bass with The Wrecks at the Dublin Castle on Fridays")])
    assert [(d.action, d.target) for d in got] == [("replace", "r1"), ("delete", "r2")]


def test_an_event_never_supersedes_another_event() -> None:
    (d,) = decide(_cand("Went to Rome with their kids", kind="event"),
                  [_record("r1", "Went to Paris with their kids")])
    assert d.action == "add"


# -- through Memory on real stores --------------------------------------------------------------------------------

def _play(make_memory: Callable[..., Memory], *sessions: list[str]) -> list[Record]:
    """Each session (user lines, each answered by the assistant) extracted in turn; the active facts."""
    mem = make_memory(SEMANTIC, clock=lambda: T0 + timedelta(days=30))
    play_user_sessions(mem, *sessions, start=T0)
    probe = Scope(agent="bot", actor="ana", session="probe")
    return [r for r in mem.list(probe, limit=200) if r.namespace.startswith("/facts/") and r.status == "active"]


def _naming(records: list[Record], word: str) -> list[str]:
    return [r.summary for r in records if word.lower() in r.summary.lower()]


def test_a_statement_no_rule_reads_is_kept_clean(make_memory: Callable[..., Memory]) -> None:
    got = _play(make_memory, ["Thanks! I know, right? I coach the Tigers youth football team. How about you?"])
    (rec,) = [r for r in got if "Tigers" in r.summary]
    assert rec.summary == "Coaches the Tigers youth football team"
    assert not rec.fact_key  # no key: consolidated by meaning
    assert rec.content is not None and "I coach the Tigers youth football team" in rec.content
    assert "key:" not in rec.content and "About:" not in rec.content
    assert len(got) == 1, [r.summary for r in got]  # the thanks, the filler and the question are not facts


def test_a_restatement_in_a_later_session_is_one_record(make_memory: Callable[..., Memory]) -> None:
    got = _play(make_memory, ["I coach the Tigers youth football team."],
                ["As you know, I coach the youth football team of the Tigers."])
    assert len(_naming(got, "Tigers")) == 1, [r.summary for r in got]


def test_a_changed_value_supersedes_and_an_end_ends(make_memory: Callable[..., Memory]) -> None:
    got = _play(make_memory, ["I coach the Tigers youth football team."],
                ["I coach the Lions youth football team now."])
    assert _naming(got, "Lions") and not _naming(got, "Tigers"), [r.summary for r in got]
    got = _play(make_memory, ["I play bass in a band called The Wrecks."],
                ["I am not in The Wrecks anymore, we broke up."])
    assert [s for s in _naming(got, "Wrecks") if "not" not in s and "no longer" not in s] == [], \
        [r.summary for r in got]


def test_two_facts_in_one_sentence_are_two_records(make_memory: Callable[..., Memory]) -> None:
    got = _play(make_memory, ["I coach the Tigers youth football team and my husband restores old Vespas."])
    assert _naming(got, "Tigers") and _naming(got, "Vespas")
    assert not [s for s in _naming(got, "Tigers") if "Vespas" in s], [r.summary for r in got]


def test_a_statement_naming_what_a_keyed_record_holds_is_that_record() -> None:
    keyed = Record(id="r1", agent="a", actor="u", session=None, level="actor", namespace="/facts/u/", kind="fact",
                   summary="Lives in Porto", content=None, labels={}, status="active", preview=False, created_at=T0,
                   updated_at=T0, fact_key="user/residence = porto")
    (d,) = decide(_cand("Living in Porto is great"), [keyed])
    assert (d.action, d.target) == ("skip", "r1")
    (other,) = decide(_cand("Sister runs a bakery near the Porto cathedral"), [keyed])
    assert other.action == "add"


def test_restating_a_rule_fact_in_other_words_leaves_one_record(make_memory: Callable[..., Memory]) -> None:
    got = _play(make_memory, ["I live in Porto."], ["Living in Porto is great."])
    assert len(_naming(got, "Porto")) == 1, [r.summary for r in got]
