"""Roles one person holds at a time (``core.roles``), and single-valued attributes said through another
template's key: a new holder or value supersedes the old one, whichever words and keys each was written
with; a second item of a many-valued thing does not.

The end-to-end tests play sessions through ``engram.Memory`` (SEMANTIC, offline) on a real SQLite file and
the real PostgreSQL (``make_memory``) and read the fact records back.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime, timedelta

import pytest

from engram import Memory
from engram.core.roles import holder, new_holder
from tests.support.configs import SEMANTIC_BY_HAND as SEMANTIC
from tests.support.extraction import fact_summaries, play_user_sessions

T0 = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)


@pytest.mark.parametrize(("summary", "held"), [
    ("Partner is Zoë", ("", "partner", "zoe")),
    ("Wife is Ingrid", ("", "spouse", "ingrid")),
    ("Has a husband named Tomasz", ("", "spouse", "tomasz")),
    ("Is married to Ingrid", ("", "spouse", "ingrid")),
    ("Husband Tomasz keeps stealing their charger", ("", "spouse", "tomasz")),
    ("Has a fiancée called Mia", ("", "engaged", "mia")),
    ("Manager is Jürgen (reports to Jürgen)", ("", "manager", "jurgen")),
    ("Reports to Priya", ("", "manager", "priya")),
    ("Sister's husband is Tom", ("sister", "spouse", "tom")),
    ("Wife is Italian", None),           # where she is from, not who she is
    ("Boss is lovely", None),            # not a name
    ("Ex-wife is Anna", None),           # a former holder is not the holder
    ("Has a wife", None),
    ("Works at Arup", None),
    ("Has a friend named Leo", None),    # friends are many
])
def test_who_holds_a_role(summary: str, held: tuple[str, str, str] | None) -> None:
    assert holder(summary) == held


def test_a_new_holder_is_another_name_for_the_same_role_of_the_same_person() -> None:
    assert new_holder("Wife is Ingrid", "Has a wife named Łucja")
    assert new_holder("Is married to Piotr", "Husband Tomasz keeps stealing their charger")
    assert new_holder("Boss is Kim", "Reports to Priya")
    assert not new_holder("Partner is Zoe", "Partner is Zoë")  # the same name typed two ways
    assert not new_holder("Sister's husband is Tom", "Husband is Ben")  # whose role differs
    assert not new_holder("Manager is Kim", "Partner is Zoë")
    # "my wife Åsa" and "my partner Jonah" may be two people: a partner is not a spouse's new holder
    assert not new_holder("Partner is Jonah", "Has a wife named Åsa")


def test_a_spouse_named_in_other_words_supersedes_the_first(make_memory: Callable[..., Memory]) -> None:
    mem = make_memory(SEMANTIC, clock=lambda: T0 + timedelta(days=30))
    play_user_sessions(mem, ["My husband Tomasz keeps stealing my charger."], ["I'm married to Piotr."], start=T0)
    got = fact_summaries(mem)
    assert [s for s in got if "Piotr" in s]
    assert not [s for s in got if "Tomasz" in s], got


def test_friends_are_many_and_a_nationality_is_no_new_partner(make_memory: Callable[..., Memory]) -> None:
    mem = make_memory(SEMANTIC, clock=lambda: T0 + timedelta(days=30))
    play_user_sessions(mem, ["My wife Ingrid loves chess.", "My friend Leo runs marathons."],
                       ["My wife is Swedish.", "My friend Omar paints."], start=T0)
    got = " | ".join(fact_summaries(mem))
    assert "Ingrid" in got and "Leo" in got and "Omar" in got


def test_a_car_read_by_a_generic_template_replaces_the_car_on_record(make_memory: Callable[..., Memory]) -> None:
    # "an old Passat" is read by the generic "I drive X" template (user/drive:passat), the Kia by the car
    # rule (user/car): a different key for the one car the user drives
    mem = make_memory(SEMANTIC, clock=lambda: T0 + timedelta(days=30))
    play_user_sessions(mem, ["I drive a Kia Niro."], ["I drive an old Passat."], start=T0)
    got = fact_summaries(mem)
    assert [s for s in got if "Passat" in s]
    assert not [s for s in got if "Niro" in s], got


def test_my_husband_is_a_name_not_a_note_about_the_one_on_record(make_memory: Callable[..., Memory]) -> None:
    # "My husband is Piotr" was read as a note about the known husband: "Husband Tomasz is Piotr"
    mem = make_memory(SEMANTIC, clock=lambda: T0 + timedelta(days=30))
    play_user_sessions(mem, ["My husband Tomasz keeps stealing my charger."], ["My husband is Piotr."], start=T0)
    got = fact_summaries(mem)
    assert "Has a husband named Piotr" in got
    assert not [s for s in got if "Tomasz" in s], got
