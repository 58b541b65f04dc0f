"""Offline consolidation decisions (pure): key lines, add/replace/delete/skip, batches."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from datetime import UTC, datetime

from hypothesis import given
from hypothesis import strategies as st

from engram.core.consolidate import (
    Batch,
    Candidate,
    Decision,
    consolidate,
    decide,
    fact_key,
    key_line,
    keys_match,
    named_later,
    norm_key,
    norm_value,
    parse_key,
    record_key,
    reduce_batch,
    similarity,
    strip_key,
)
from engram.core.text import index_terms
from engram.strategies.base import AddOp, DeleteOp, SkipOp
from engram.types import Record

T = datetime(2026, 3, 5, tzinfo=UTC)
NS = "/facts/u1/"


def rec(rid: str, summary: str, key: str | None = None, value: str | None = None, ns: str = NS) -> Record:
    return Record(id=rid, agent="a", actor="u1", session=None, level="actor", namespace=ns, kind="fact",
                  summary=summary, content="evidence", labels={}, status="active", preview=False, created_at=T,
                  updated_at=T, fact_key=fact_key(key, value) if key else None)


def cand(summary: str, key: str | None = None, value: str | None = None, *, src: str = "e1",
         **kw: object) -> Candidate:
    return Candidate(strategy="semantic", namespace=NS, level="actor", kind="fact", summary=summary,
                     source_event_ids=(src,), evidence=f'User said: "{summary}"', key=key, value=value,
                     **kw)  # type: ignore[arg-type]


# -- the key line ------------------------------------------------------------------------------------------


def test_key_lives_beside_the_content_never_in_it() -> None:
    c = cand("Lives in São Paulo", "user/residence", "São Paulo")
    assert c.content() == 'User said: "Lives in São Paulo"'  # the evidence, nothing else
    assert c.fact_key() == "user/residence = sao paulo"
    stored = replace(rec("r1", c.summary), content=c.content(), fact_key=c.fact_key())
    assert record_key(stored) == ("user/residence", "sao paulo")
    assert record_key(replace(stored, fact_key="")) is None  # a strategy's record without a key
    # a record written before the key had a field of its own: its content's last line
    legacy = replace(stored, content=c.content() + "\n" + key_line("user/residence", "São Paulo"), fact_key=None)
    assert record_key(legacy) == ("user/residence", "sao paulo")
    assert strip_key(legacy.content) == 'User said: "Lives in São Paulo"'


def test_key_line_round_trip_and_tolerance() -> None:
    assert parse_key("evidence\n  key: user/diet = vegan  \n\n") == ("user/diet", "vegan")
    assert parse_key("key: episodes/reflection:nopa") == ("episodes/reflection:nopa", "")
    for garbled in (None, "", "no key here", "key: Not A Key = x", "KEY user/x"):
        assert parse_key(garbled) is None
    assert norm_key(" User / Favourite Food! ") == "user/favourite_food"
    assert norm_key("User/Allergy:Peanuts") == "user/allergy:peanuts"
    assert norm_value("The Big Greek Salad.") == "big greek salad"


def test_names_in_any_script_are_values() -> None:
    # a letter NFKD leaves whole was dropped: "Łatka" became "atka", "Ørsted" "rsted", a Cyrillic name nothing
    assert norm_value("Łatka") == norm_value("Latka") == "latka"
    assert norm_value("Works at Ørsted") == norm_value("works at Orsted") == "works at orsted"
    assert norm_value("Straße") == "strasse"
    assert norm_value("Дмитрий") != "" and norm_value("東京") == "東京"
    assert norm_key("pet:rabbit:Łatka") == "pet:rabbit:latka"
    assert index_terms("Ørsted Łatka") == index_terms("Orsted Latka")  # typed either way, the same terms


@given(st.from_regex(r"[a-z0-9_:.-]{1,20}/[a-z0-9_:.-]{1,20}", fullmatch=True),
       st.text(alphabet=st.characters(codec="utf-8", exclude_categories=("Cs", "Cc", "Zl", "Zp")), max_size=40))
def test_key_line_parses_back(key: str, value: str) -> None:
    content = "some evidence\n" + key_line(key, value)
    assert parse_key(content) == (key, norm_value(value))


# -- single decisions --------------------------------------------------------------------------------------


def test_same_key_same_value_is_a_restatement() -> None:
    old = rec("r1", "Lives in Lisbon", "user/residence", "Lisbon")
    assert decide(cand("Lives in Lisbon", "user/residence", "lisbon"), [old]) == [
        Decision("skip", "r1", "same key and value")]


def test_same_single_valued_key_new_value_replaces_and_cleans_duplicates() -> None:
    old = rec("r1", "Lives in Lisbon", "user/residence", "Lisbon")
    dup = rec("r2", "Lives in Madrid", "user/residence", "Madrid")
    out = decide(cand("Lives in Porto", "user/residence", "Porto"), [old, dup])
    assert [(d.action, d.target) for d in out] == [("replace", "r1"), ("delete", "r2")]


def test_multi_valued_key_adds_unless_duplicate() -> None:
    old = rec("r1", "Dentist on 2026-03-13", "user/event:appointment", "2026-03-13")
    new = cand("Doctor on 2026-03-20", "user/event:appointment", "2026-03-20", multi=True)
    assert decide(new, [old])[0].action == "add"
    same = cand("Dentist appointment on 2026-03-13", "user/event:appointment", "2026-03-13", multi=True)
    assert decide(same, [old])[0].action == "skip"
    moved = cand("Dentist moved to 2026-03-20", "user/event:appointment", "2026-03-20", multi=True, revises=True)
    assert decide(moved, [old]) == [Decision("replace", "r1", "same key, new value")]


def test_taking_back_a_habits_old_day_leaves_its_new_day() -> None:
    """"on thursday now, not tuesday anymore": the habit already moved to Thursday; taking back "every tuesday"
    must not end it (a weekday is a habit's value here, not when something was said)."""
    thursday = rec("r1", "Has pottery class every Thursday", "user/weekly:pottery", "every Thursday")
    tuesday = rec("r2", "Has pottery class every Tuesday", "user/weekly:pottery", "every Tuesday")
    back = cand("", "user/weekly:pottery", "every tuesday", retract=True)
    assert decide(back, [thursday]) == []
    assert [d.target for d in decide(back, [tuesday])] == ["r2"]


def test_allergies_are_separate_keys() -> None:
    peanuts = rec("r1", "Allergic to peanuts", "user/allergy:peanut", "yes")
    assert decide(cand("Allergic to shellfish", "user/allergy:shellfish", "yes"), [peanuts])[0].action == "add"


def test_retractions_delete_by_key_value_or_topic() -> None:
    lisbon = rec("r1", "Lives in Lisbon", "user/residence", "Lisbon")
    shell = rec("r2", "Allergic to shellfish", "user/allergy:shellfish", "yes")
    prius = rec("r3", "Drives a 2015 Toyota Prius", "user/drive:toyota_priu", "a 2015 Toyota Prius")
    hand = rec("r4", "Owns a Prius (written by hand)")
    assert decide(cand("", "user/residence", "Porto", retract=True), [lisbon]) == []  # not what is stored
    assert [d.target for d in decide(cand("", "user/residence", "Lisbon", retract=True), [lisbon])] == ["r1"]
    assert [d.target for d in decide(cand("", "user/allergy:shellfish", "yes", retract=True), [shell])] == ["r2"]
    topic = cand("Sold the Prius", "user/retract:priu", "", retract=True, topic=("priu",))
    assert [d.target for d in decide(topic, [lisbon, prius, hand])] == ["r3", "r4"]
    # a short form of the stored value ends it ("Left Hallmann" / "Works at Hallmann Architekten"), not a part
    hallmann = rec("r5", "Works at Hallmann Architekten", "user/employer", "Hallmann Architekten")
    assert [d.target for d in decide(cand("", "user/employer", "Hallmann", retract=True), [hallmann])] == ["r5"]
    assert decide(cand("", "user/employer", "Architekten Berlin", retract=True), [hallmann]) == []


def test_text_restatement_of_a_keyless_record_and_negation() -> None:
    hand = rec("r1", "Prefers email over phone")
    assert decide(cand("Prefers email over phone", "user/contact_channel", "email"), [hand])[0].action == "skip"
    allergic = rec("r2", "Allergic to peanuts")
    assert decide(cand("Not allergic to peanuts"), [allergic])[0].action == "add"
    assert similarity("Allergic to peanuts", "Not allergic to peanuts") < 0.8
    # two keyed records with different keys are never merged by wording
    assert decide(cand("Likes jazz", "user/taste:jazz", "like"), [rec("r3", "Likes jazz", "user/x", "y")])[0] \
        .action == "add"


# -- batches -----------------------------------------------------------------------------------------------


def lookup_from(records: list[Record]) -> Callable[[str, str, int], list[Record]]:
    def lookup(ns: str, text: str, k: int) -> list[Record]:
        return [r for r in records if r.namespace == ns][:k]
    return lookup


def test_batch_lisbon_then_porto_keeps_only_porto_and_the_store_target() -> None:
    madrid = rec("r1", "Lives in Madrid", "user/residence", "Madrid")
    ops = consolidate([cand("Lives in Lisbon", "user/residence", "Lisbon", src="e1"),
                       cand("Lives in Porto", "user/residence", "Porto", src="e2")], lookup_from([madrid]))
    assert ops == [AddOp(level="actor", namespace=NS, summary="Lives in Porto", kind="fact", strategy="semantic",
                         source_event_ids=("e2",), content='User said: "Lives in Porto"', replaces="r1",
                         fact_key="user/residence = porto")]


def test_batch_restatement_merges_sources_and_retraction_of_a_pending_add() -> None:
    ops = consolidate([cand("Is vegan", "user/diet", "vegan", src="e1"), cand("Is vegan", "user/diet", "vegan",
                                                                             src="e3")], lookup_from([]))
    assert [op.source_event_ids for op in ops if isinstance(op, AddOp)] == [("e1", "e3")]
    madrid = rec("r1", "Lives in Madrid", "user/residence", "Madrid")
    ops = consolidate([cand("Lives in Lisbon", "user/residence", "Lisbon", src="e1"),
                       cand("", "user/residence", "Lisbon", src="e2", retract=True)], lookup_from([madrid]))
    assert ops == [DeleteOp("r1", "semantic", ("e2",), "retracted by the conversation")]


def test_a_stored_record_is_consumed_once() -> None:
    b = Batch()
    b.apply(cand("Lives in Porto", "user/residence", "Porto"), [Decision("replace", "r1")])
    b.apply(cand("Lives in Faro", "user/residence", "Faro"), [Decision("replace", "r1")])
    b.apply(cand("", retract=True), [Decision("delete", "r1")])
    b.apply(cand("Is vegan"), [Decision("skip", "r2", "same")])
    ops = b.result()
    assert [(type(op).__name__, getattr(op, "replaces", None)) for op in ops] == [
        ("AddOp", "r1"), ("AddOp", None), ("SkipOp", None)]
    assert isinstance(ops[2], SkipOp) and ops[2].existing_id == "r2"


def test_reduce_batch() -> None:
    out = reduce_batch([cand("Lives in Lisbon", "user/residence", "Lisbon", src="e1"),
                        cand("Loves running", "user/taste:run", "like", src="e2"),
                        cand("Lives in Porto", "user/residence", "Porto", src="e3"),
                        cand("Lives in Porto", "user/residence", "Porto", src="e4"),
                        cand("Stopped running", "user/retract:run", "", src="e5", retract=True, topic=("run",))])
    assert [(c.summary, c.source_event_ids) for c in out] == [("Lives in Porto", ("e3", "e4")),
                                                              ("Stopped running", ("e5",))]


def test_an_alias_key_restates_the_same_item() -> None:
    """"My main hobby is pottery" then "I'm into pottery": one record, not two."""
    hobby = rec("r1", "Main hobby is pottery", "user/main_hobby", "pottery")
    assert decide(cand("Likes pottery", "user/taste:pottery", "like", multi=True), [hobby]) == \
        [Decision("skip", "r1", "restates user/main_hobby")]
    assert decide(cand("Likes tennis", "user/taste:tenni", "like", multi=True), [hobby])[0].action == "add"
    assert decide(cand("Dislikes pottery", "user/taste:pottery", "dislike", multi=True), [hobby])[0].action == "add"


def test_an_alias_slot_takes_over_the_item_it_names() -> None:
    """"I'm into pottery" then "my main hobby is pottery": the single-valued slot replaces the taste."""
    taste = rec("r1", "Likes pottery", "user/taste:pottery", "like")
    assert decide(cand("Main hobby is pottery", "user/main_hobby", "pottery"), [taste]) == \
        [Decision("replace", "r1", "main_hobby takes over user/taste:pottery")]
    other = rec("r2", "Likes pottery", "sister/taste:pottery", "like")
    assert decide(cand("Main hobby is pottery", "user/main_hobby", "pottery"), [other])[0].action == "add"


def test_a_hobby_meets_the_same_item_stored_as_a_taste() -> None:
    """Records written before hobbies were a family of their own: ``taste:pottery`` is ``hobby:pottery``."""
    old = rec("r1", "Likes pottery", "user/taste:pottery", "like")
    assert decide(cand("Into pottery", "user/hobby:pottery", "like"), [old]) == \
        [Decision("skip", "r1", "the same item as user/taste:pottery")]
    assert decide(cand("Dislikes pottery", "user/hobby:pottery", "dislike"), [old])[0] == \
        Decision("replace", "r1", "the same item as user/taste:pottery")
    assert decide(cand("Into pottery", "sister/hobby:pottery", "like"), [old])[0].action == "add"


def test_a_hobby_switch_ends_hobbies_and_hobby_slots_only() -> None:
    """"Into climbing now": the other hobbies and an old "main hobby" slot, not tastes or dislikes."""
    rowing = rec("r1", "Likes rowing", "user/hobby:row", "like")
    slot = rec("r2", "Main hobby is yoga", "user/main_hobby", "yoga")
    hates = rec("r3", "Hates running", "user/hobby:run", "dislike")
    jazz = rec("r4", "Likes jazz", "user/taste:jazz", "like")
    sister = rec("r5", "Sister likes chess", "sister/hobby:ches", "like")
    got = decide(cand("Into climbing", "user/hobby:climb", "like", switch=True), [rowing, slot, hates, jazz, sister])
    assert [(d.action, d.target) for d in got] == [("replace", "r1"), ("delete", "r2")]


def test_a_named_person_takes_the_record_of_the_unnamed_one() -> None:
    """``friend:hannah/job`` is a new value of ``friend/job``; the reverse, or another attribute, is not."""
    assert keys_match("friend:hannah/job", "friend/job")
    assert not keys_match("friend/job", "friend:hannah/job")
    assert not keys_match("friend:hannah/job", "friend/residence")
    assert not keys_match("sister:rosa/job", "friend/job")
    unnamed = rec("r1", "Friend works as a journalist", "friend/job", "journalist")
    assert decide(cand("Friend Hannah works as a vet", "friend:hannah/job", "vet"), [unnamed]) == \
        [Decision("replace", "r1", "same key, new value")]
    assert decide(cand("", "friend:hannah/job", "journalist", retract=True), [unnamed]) == \
        [Decision("delete", "r1", "retracted by the conversation")]


def test_a_new_value_resolves_the_prospect_it_realises() -> None:
    """"I have an interview at Wayne Transit" then "I'm at Wayne Transit now": the interview is over."""
    job = rec("r1", "Works at Northwind", "user/employer", "northwind")
    interview = rec("r2", "Has an interview at Wayne Transit in the week of 2026-04-27", "user/event:interview",
                    "2026-04-27")
    other = rec("r3", "Has an interview at Globex", "user/event:interview", "2026-05-02")
    sister = rec("r4", "Sister has an interview at Wayne Transit", "sister/note:interview_wayne", "interview")
    got = decide(cand("Works at Wayne Transit", "user/employer", "Wayne Transit"), [job, interview, other, sister])
    assert [(d.action, d.target) for d in got] == [("replace", "r1"), ("delete", "r2")]
    assert decide(cand("Works at Northwind", "user/employer", "Northwind"), [job, interview]) == \
        [Decision("skip", "r1", "same key and value")]


def test_the_end_of_a_value_never_ends_a_newer_value() -> None:
    """"Sold the Tesla" (key user/car) replaces nothing once the car is a Clio, and is itself replaced later."""
    clio = rec("r1", "Drives a Renault Clio", "user/car", "renault clio")
    sold = cand("Sold the Tesla Model 3", "user/car", "sold tesla model 3", ends=True, topic=("tesla", "model"))
    assert decide(sold, [clio]) == [Decision("skip", "r1", "the attribute has a newer value")]
    assert decide(sold, [])[0].action == "add"
    ended = rec("r2", "Sold the Tesla Model 3", "user/car", "sold tesla model 3")
    assert decide(cand("Drives a Renault Clio", "user/car", "Renault Clio"), [ended]) == \
        [Decision("replace", "r2", "same key, new value")]


def test_named_later_rewrites_the_unnamed_records_of_that_word() -> None:
    """``user/family:neighbour:tariq`` renames ``neighbour/job``; not with another neighbour already named."""
    naming = cand("Has a neighbour named Tariq", "user/family:neighbour:tariq", "Tariq")
    job = rec("r1", "Neighbour works as a dentist", "neighbour/job", "dentist")
    other = rec("r2", "Sister works as a nurse", "sister/job", "nurse")
    got = named_later(naming, [job, other])
    assert [(c.summary, c.key, c.value, d) for c, d in got] == [
        ("Neighbour Tariq works as a dentist", "neighbour:tariq/job", "dentist",
         Decision("replace", "r1", "about Neighbour Tariq, named later"))]
    emil = rec("r3", "Neighbour Emil works as a teacher", "neighbour:emil/job", "teacher")
    assert named_later(naming, [job, emil]) == []
