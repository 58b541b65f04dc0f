"""Properties of the pure ranking in engram.core.fusion and the query analysis in engram.core.text."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime, timedelta

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engram.core import fusion
from engram.core.fusion import Candidate, TermStats, Weights
from engram.core.text import QueryAnalysis, analyze_query, index_terms, is_temporal, query_terms, stem, time_periods

VOCAB = ["alpha", "bravo", "charli", "delta", "echo", "foxtrot", "golf", "hotel"]
T0 = datetime(2025, 3, 1, 12, 0, tzinfo=UTC)


@st.composite
def pools(draw: st.DrawFn) -> tuple[list[Candidate], QueryAnalysis, TermStats]:
    n = draw(st.integers(1, 12))
    ids = [f"c{i:02d}" for i in range(n)]
    cands = []
    for i, cid in enumerate(ids):
        terms = draw(st.none() | st.lists(st.sampled_from(VOCAB), max_size=8))
        cosine = draw(st.none() | st.floats(-1.0, 1.0))
        at = T0 + timedelta(minutes=draw(st.integers(0, 5000)))
        group = draw(st.sampled_from(["g1", "g2"]))
        before = tuple(ids[j] for j in range(i - 1, max(-1, i - 4), -1))
        after = tuple(ids[j] for j in range(i + 1, min(n, i + 4)))
        cands.append(Candidate(cid, at, group, terms, cosine, before, after))
    qterms = tuple(draw(st.lists(st.sampled_from(VOCAB), min_size=1, max_size=4, unique=True)))
    periods = ((T0, T0 + timedelta(days=1)),) if draw(st.booleans()) else ()
    personal = draw(st.booleans())
    query = QueryAnalysis(qterms, periods, draw(st.booleans()), personal=personal,
                          owned=personal and draw(st.booleans()), now=draw(st.booleans()))
    stats = TermStats(100, {t: draw(st.integers(1, 100)) for t in VOCAB})
    return cands, query, stats


MODES = st.sampled_from(["hybrid", "lexical", "vector"])
RECENCY = st.sampled_from([Weights(), Weights(recency=0.3, half_life_days=2.0)])


@given(pools(), MODES, RECENCY)
@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_scores_are_in_unit_interval_and_sorted(data: tuple, mode: str, weights: Weights) -> None:
    cands, query, stats = data
    out = fusion.rank(cands, query, stats, mode=mode, weights=weights, now=T0 + timedelta(days=3))
    assert all(0.0 <= s.score <= 1.0 for s in out)
    at = {c.id: c.at for c in cands}  # of equal scores, the newer first, then by id
    key = [(-s.score, -at[s.id].timestamp(), s.id) for s in out]
    assert key == sorted(key)
    for s in out:
        for part in (s.lexical, s.vector, s.recency, s.context, s.episode, s.time):
            assert part is None or 0.0 <= part <= 1.0 + 1e-9
    assert len({s.id for s in out}) == len(out)


@given(pools(), MODES)
@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_modes_only_return_their_matches(data: tuple, mode: str) -> None:
    cands, query, stats = data
    by_id = {c.id: c for c in cands}
    for s in fusion.rank(cands, query, stats, mode=mode):
        if mode == "lexical":
            assert s.lexical and s.lexical > 0 and s.vector is None
        elif mode == "vector":
            assert by_id[s.id].cosine is not None and s.lexical is None
        else:
            assert (s.lexical or 0) > 0 or by_id[s.id].cosine is not None


UNIT = st.floats(0.0, 1.0)


@given(st.lists(UNIT, min_size=6, max_size=6), st.integers(0, 5), UNIT, st.booleans(), st.booleans(),
       st.booleans(), st.booleans(), st.booleans(), RECENCY)
def test_the_combination_is_monotone_in_each_part(parts: list[float], which: int, bump: float, hybrid: bool,
                                                  use_period: bool, use_when: bool, with_recency: bool,
                                                  with_now: bool, weights: Weights) -> None:
    def score(p: list[float]) -> float:
        return fusion.combine(p[0], p[1], p[2], p[3], p[4] if with_recency else None, weights=weights,
                              hybrid=hybrid, use_period=use_period, use_when=use_when,
                              current=p[5] if with_now else None)
    higher = list(parts)
    higher[which] = min(1.0, parts[which] + bump)
    assert 0.0 <= score(parts) <= 1.0
    assert score(higher) >= score(parts) - 1e-12


def _bump(cands: list[Candidate], i: int, **change: object) -> list[Candidate]:
    return [*cands[:i], replace(cands[i], **change), *cands[i + 1:]]  # type: ignore[arg-type]


def _never_lower(cands: list[Candidate], bumped: list[Candidate], c: str, query: QueryAnalysis, stats: TermStats,
                 mode: str, part: str) -> None:
    """After more evidence for candidate ``c``: its ``part`` never drops; with episodes off, nor its score."""
    for weights in (Weights(), Weights(episode=0.0)):
        before = {s.id: s for s in fusion.rank(cands, query, stats, mode=mode, weights=weights)}
        after = {s.id: s for s in fusion.rank(bumped, query, stats, mode=mode, weights=weights)}
        if c in before:
            assert (getattr(after[c], part) or 0.0) >= (getattr(before[c], part) or 0.0) - 1e-9
            if weights.episode == 0.0:
                assert after[c].score >= before[c].score - 1e-9


@given(pools(), MODES, st.integers(0, 11), st.floats(0.0, 1.0))
@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_more_similar_never_ranks_lower(data: tuple, mode: str, pick: int, bump: float) -> None:
    """A higher cosine never lowers a candidate's vector part; without episode coupling, nor its score."""
    cands, query, stats = data
    i = pick % len(cands)
    if cands[i].cosine is None:  # an unknown cosine lets keyword evidence count in full (Weights.agreement): a
        return  # cosine learnt later is knowledge, not more similarity, and may lower the score
    higher = min(1.0, cands[i].cosine + bump)
    _never_lower(cands, _bump(cands, i, cosine=higher), cands[i].id, query, stats, mode, "vector")


@given(pools(), MODES, st.integers(0, 11), st.integers(0, 7))
@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_more_keyword_evidence_never_ranks_lower(data: tuple, mode: str, pick: int, slot: int) -> None:
    """Turning another term of a candidate into a query term (same length) never lowers its lexical part;
    without episode coupling, nor its score. (Scores are relative to the pool: with episodes on, a neighbour
    that borrows the new evidence may raise the pool's maximum and lower an episode-mate.)"""
    cands, query, stats = data
    i = pick % len(cands)
    others = [j for j, t in enumerate(cands[i].terms or ()) if t not in query.terms]
    if not others:
        return
    terms = list(cands[i].terms or ())
    terms[others[slot % len(others)]] = query.terms[0]
    _never_lower(cands, _bump(cands, i, terms=terms), cands[i].id, query, stats, mode, "lexical")


@given(pools(), MODES, st.floats(0.0, 1.0))
@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_min_score_cuts_only_matches_by_meaning_alone(data: tuple, mode: str, min_score: float) -> None:
    """min_score (the Twisp document: "for matches by meaning alone"), asked of the memory first: when its best
    match by meaning reaches the cut, no candidate with keyword evidence is dropped and one without is kept when its V
    reaches the cut (or 0.4 of the best V); when nothing answers, only a match covering most of the query's keyword
    evidence stays; a query about no one needs the best match to reach 1.25 x the cut, one about someone 0.8 x the
    cut; one asking after the person's own things, of records, is not cut. It only removes: nothing
    else changes, and a higher cut never keeps more."""
    cands, query, stats = data
    full = fusion.rank(cands, query, stats, mode=mode)
    by_id = {s.id: s for s in full}
    kept = {s.id: s for s in fusion.rank(cands, query, stats, mode=mode, min_score=min_score)}
    assert all(kept[i] == by_id[i] for i in kept)
    words = {s.id for s in full if (s.lexical or 0.0) > 0}
    if mode == "lexical" or min_score == 0 or all(s.cosine is None for s in full) or query.owned:
        assert set(kept) == set(by_id)  # no meaning to judge, or the person's own records asked after (all records)
        return
    best_v = max((s.vector or 0.0) for s in full) if full else 0.0
    w = Weights()
    answered = best_v >= min_score * (w.personal if query.personal else w.impersonal)
    if answered:
        assert words <= set(kept)
        assert {s.id for s in full if (s.vector or 0.0) >= min_score} <= set(kept)
    else:
        assert set(kept) == {i for i in words if (by_id[i].lexical or 0.0) >= w.alone}
    higher = {s.id for s in fusion.rank(cands, query, stats, mode=mode, min_score=min(1.0, min_score + 0.1))}
    assert higher <= set(kept)


def test_min_score_is_asked_of_the_memory_before_each_match() -> None:
    """A question in other words whose answer shares its meaning only loosely keeps that answer when the
    memory's best match is itself loose (V under the cut / 0.4); a weaker match alone, where nothing answers, is
    cut (off-topic); under a strong best match it is noise."""
    q = QueryAnalysis(("profess",))
    stats = TermStats(10, {})
    best = Candidate("best", T0, "r1", ["wife", "nurs"], 0.25)
    weak = Candidate("weak", T0, "r2", ["run", "bakeri"], 0.16)
    strong = Candidate("strong", T0, "r3", ["nurs", "ward"], 0.60)
    assert [s.id for s in fusion.rank([strong, weak], q, stats, min_score=0.2)] == ["strong"]
    assert [s.id for s in fusion.rank([best, weak], q, stats, min_score=0.2)] == ["best", "weak"]
    weaker = Candidate("weaker", T0, "r2", ["run", "bakeri"], 0.12)
    assert fusion.rank([weaker], q, stats, min_score=0.2) == []
    assert [s.id for s in fusion.rank([weaker], q, stats, min_score=0.0)] == ["weaker"]
    # a question about the person ("who is my employer?") keeps a memory's only, loose answer (V 0.8-1 x the cut)
    assert q.personal and [s.id for s in fusion.rank([weak], q, stats, min_score=0.2)] == ["weak"]


def test_a_question_about_no_one_needs_a_closer_best_match() -> None:
    """"How is a tennis tiebreak scored?" asked of a customer's memory has a loose best match by meaning alone
    ("Listens to Test Match Special"); a question about someone keeps the same loose match (it is often the
    answer asked in other words), a question about no one needs the best match to clear 1.25 x the cut."""
    stats = TermStats(10, {})
    loose = Candidate("loose", T0, "r1", ["listen", "test", "match"], 0.20)
    about_world = analyze_query("How is a tennis tiebreak scored?", T0)
    about_her = analyze_query("What sport does she follow?", T0)
    assert not about_world.personal and about_her.personal
    assert analyze_query("who is the user's employer?", T0).personal, "a possessive names the person too"
    for named in ("What is Zoë's line of work?", "When is Priya’s thesis defence?",  # a name owning something
                  "What does Hamish farm?", "Does Zeynep have siblings?", "where did Aroha grow up"):  # or doing
        assert analyze_query(named, T0).personal, named
    for thing in ("What is the Chandrasekhar limit?", "Which city is Lagos near?", "what is the dog's name?",
                  "What Does It Mean?", "does NASA publish its budget?"):
        assert not analyze_query(thing, T0).personal, thing  # a bare name, a lower-case owner: not read
    assert fusion.rank([loose], about_world, stats, min_score=0.2) == []
    assert [s.id for s in fusion.rank([loose], about_her, stats, min_score=0.2)] == ["loose"]
    closer = Candidate("closer", T0, "r1", ["listen", "test", "match"], 0.30)
    assert [s.id for s in fusion.rank([closer], about_world, stats, min_score=0.2)] == ["closer"]


def test_a_question_after_the_persons_own_things_keeps_their_nearest_records() -> None:
    """"anything I can't have at dinner?" of a memory holding "Allergic to walnuts" (V far under the cut): the
    question asks what the memory holds of the person, so the records come back, best first, with their low
    scores. A how-to in the first person and a question about no one are still cut; so are the messages of a
    history search (the person's records only)."""
    stats = TermStats(10, {})
    allergy = Candidate("allergy", T0, "r1", ["allerg", "walnut"], 0.06)
    car = Candidate("car", T0, "r1", ["drive", "clio"], 0.03)
    owned = analyze_query("anything I can't have at dinner?", T0)
    kept = [s.id for s in fusion.rank([car, allergy], owned, stats, min_score=0.2)]
    assert owned.owned and kept == ["allergy", "car"]
    for how_to in ("How do I file a VAT return?", "When should I plant shallots?", "What gauge wire do I need?",
                   "how do you compute a determinant?", "What is the Chandrasekhar limit?"):
        q = analyze_query(how_to, T0)
        assert not q.owned and fusion.rank([car, allergy], q, stats, min_score=0.2) == [], how_to
    said = replace(allergy, role="user")
    assert fusion.rank([said], owned, stats, min_score=0.2) == []
    for mine in ("which sport is she into?", "what does the customer drive?", "who's my other half?"):
        assert analyze_query(mine, T0).owned, mine


def test_neighbours_lend_keyword_evidence_within_their_episode_only() -> None:
    q = QueryAnalysis(("vacat",))
    stats = TermStats(10, {"vacat": 1})
    ask = Candidate("a", T0, "s", ["vacat", "go"], 0.2, (), ("b",))
    answer = Candidate("b", T0 + timedelta(seconds=30), "s", ["lisbon", "sister"], 0.1, ("a",), ("c",))
    later = Candidate("c", T0 + timedelta(days=2), "s", ["lisbon", "tram"], 0.1, ("b",), ())
    other = Candidate("d", T0, "s", ["weather", "rain"], 0.1, (), ())
    out = {s.id: s for s in fusion.rank([ask, answer, later, other], q, stats)}
    assert out["b"].lexical and out["b"].lexical > 0 and out["b"].context == 1.0
    assert not out["c"].lexical, "a neighbour after a long pause lends nothing"
    assert out["b"].score > out["d"].score
    plain = {s.id: s for s in fusion.rank([ask, answer, later, other], q, stats, weights=Weights(context=0.0))}
    assert not plain["b"].lexical


def test_named_period_and_when_intent_lift_matching_items() -> None:
    stats = TermStats(10, {"trip": 2})
    a = Candidate("a", datetime(2023, 5, 9, tzinfo=UTC), "s", ["trip", "rome"], 0.5)
    b = Candidate("b", datetime(2023, 7, 1, tzinfo=UTC), "s", ["trip", "rome"], 0.5)
    q = analyze_query("the trip on 8 May, 2023", T0)
    out = fusion.rank([a, b], q, stats)
    assert [s.id for s in out] == ["a", "b"] and out[0].time == 1.0 and out[1].time == 0.0
    c = Candidate("c", T0, "s", ["trip", "yesterday"], 0.5)
    d = Candidate("d", T0, "s", ["trip", "fun"], 0.5)
    out = fusion.rank([c, d], analyze_query("When was the trip?", T0), stats)
    assert [s.id for s in out] == ["c", "d"]


def test_episode_lifts_items_of_the_best_matching_episode() -> None:
    stats = TermStats(10, {"dog": 1})
    strong = Candidate("a", T0, "s", ["dog", "dog"], 0.9)
    near = Candidate("b", T0 + timedelta(minutes=5), "s", ["walk"], 0.3)
    far = Candidate("c", T0 + timedelta(days=3), "s", ["walk"], 0.3)
    out = {s.id: s for s in fusion.rank([strong, near, far], QueryAnalysis(("dog",)), stats)}
    assert out["b"].score > out["c"].score


def test_select_terms_drops_common_terms_but_keeps_the_rarest() -> None:
    stats = TermStats(1000, {"the": 900, "refund": 10, "order": 80, "zzz": 0})
    assert fusion.select_terms(["the", "refund", "order", "zzz"], stats) == ["refund"] or \
        fusion.select_terms(["the", "refund", "order", "zzz"], stats) == ["refund", "order"]
    assert fusion.select_terms(["the", "order"], stats) == ["order", "the"]
    assert fusion.select_terms(["zzz"], stats) == []


@given(st.dates(min_value=datetime(1990, 1, 1).date(), max_value=datetime(2099, 12, 31).date()),
       st.sampled_from(["{d} {B}, {Y}", "{d} {B} {Y}", "{B} {d}, {Y}", "{b} {d} {Y}", "{Y}-{m:02d}-{d:02d}",
                        "{d}th of {B} {Y}"]))
def test_written_dates_name_a_period_holding_the_day(day: object, fmt: str) -> None:
    d = datetime(day.year, day.month, day.day, tzinfo=UTC)  # type: ignore[attr-defined]
    text = "what happened on " + fmt.format(d=d.day, B=d.strftime("%B"), b=d.strftime("%b"), Y=d.year, m=d.month)
    periods = time_periods(text, T0)
    assert periods and any(start <= d < end for start, end in periods)


def test_relative_periods_read_against_now() -> None:
    now = datetime(2026, 11, 30, 15, 0, tzinfo=UTC)
    (start, end), = time_periods("what did I say yesterday", now)
    assert start == datetime(2026, 11, 29, tzinfo=UTC) and end == datetime(2026, 11, 30, tzinfo=UTC)
    assert time_periods("may I ask something", now) == []
    feb = (datetime(2023, 2, 1, tzinfo=UTC), datetime(2023, 3, 1, tzinfo=UTC))
    assert time_periods("31 February 2023", now) == [feb]  # no such day: the month
    assert analyze_query("When did she move?", now).asks_when
    assert not analyze_query("Where did she move?", now).asks_when


def test_temporal_terms_are_index_terms() -> None:
    assert all(is_temporal(t) for t in index_terms("yesterday last week in June 2023"))
    assert not any(is_temporal(t) for t in index_terms("she may bring an even number"))


@given(st.text(max_size=300))
def test_query_terms_are_plain_words(text: str) -> None:
    terms = query_terms(text)
    assert len(terms) == len(set(terms)) <= 32
    assert all(t and not any(ch in t for ch in ' "*():^-+') for t in terms)


def test_questions_about_one_side_of_a_user_assistant_chat_prefer_its_words() -> None:
    """In a pool holding both user and assistant messages, "what did I say" discounts the assistant's
    restatements; a dialog of people (every message by "user") ranks as before."""
    stats = TermStats(10, {"shed": 2, "cedar": 2})
    said = Candidate("u", T0, "s", ["build", "shed", "cedar"], 0.6, role="user")
    echo = Candidate("a", T0 + timedelta(seconds=30), "s", ["cedar", "shed", "shed", "roof", "advic"] * 4, 0.6,
                     role="assistant")  # a long reply restating the user's words
    q = analyze_query("Which wood did I pick for the shed?", T0)
    assert q.speaker == "user"
    out = {s.id: s for s in fusion.rank([said, echo], q, stats)}
    assert out["u"].score > out["a"].score
    people = [replace(said, role="user"), replace(echo, role="user")]
    assert fusion.rank(people, q, stats) == fusion.rank(people, replace(q, speaker=None), stats)


def test_asked_of_reads_whose_words_a_question_is_about() -> None:
    from engram.core.text import asked_of

    assert asked_of("What did I say about the budget?") == "user"
    assert asked_of("Which flat do we need now?") == "user"
    assert asked_of("What did you suggest for the roof?") == "assistant"
    assert asked_of("What did Caroline research?") is None
    # both sides named: the subject of the asking decides (stop 55, longchat2 tune: "did you point me to")
    assert asked_of("What did you tell me about the roof?") == "assistant"
    assert asked_of("Which course did you point me to?") == "assistant"
    assert asked_of("What's the sentence you gave me for the waiters?") == "assistant"
    assert asked_of("What did I tell you about my sister?") == "user"
    assert asked_of("What did my sister tell you?") is None, "an object 'you' names no side"
    # asking the assistant to recall is about whatever it recalls
    assert asked_of("Do you remember what I said about my budget?") == "user"
    assert asked_of("what do you know about my diet?") == "user"
    assert asked_of("Can you remind me what you suggested for my knee?") == "assistant"


def test_the_chat_shape_is_read_from_the_pool_not_from_the_question() -> None:
    """Long assistant replies make a pool a chat whatever the question says; a question naming neither side
    then prefers the user's words too. Replies as short as the user's messages keep the dialog rules."""
    stats = TermStats(10, {"shed": 2, "cedar": 2})
    said = Candidate("u", T0, "s", ["build", "shed", "cedar"], 0.6, role="user")
    echo = Candidate("a", T0 + timedelta(seconds=30), "s", ["cedar", "shed", "roof", "advic", "wood"] * 4, 0.6,
                     role="assistant")
    assert fusion.long_replies([said, echo], 3.0)
    assert not fusion.long_replies([said, replace(echo, terms=["cedar", "shed"])], 3.0)
    assert not fusion.long_replies([said, replace(echo, role="user")], 3.0)
    q = analyze_query("Which wood was picked for the shed?", T0)
    assert q.speaker is None
    out = {s.id: s for s in fusion.rank([said, echo], q, stats)}
    assert out["u"].score > out["a"].score
    neutral = {s.id: s for s in fusion.rank([said, echo], q, stats, weights=Weights(unnamed=0.0))}
    assert neutral["a"].score > out["a"].score


def test_in_a_chat_a_message_borrows_from_its_reply_not_from_the_reply_before_it() -> None:
    stats = TermStats(10, {"shed": 2})
    reply = ["shed", "roof", "advic", "wood", "level", "post"] * 4
    before = Candidate("a0", T0, "s", reply, None, (), ("u",), role="assistant")
    msg = Candidate("u", T0 + timedelta(seconds=30), "s", ["cedar"], None, ("a0",), ("a1",), role="user")
    after = Candidate("a1", T0 + timedelta(seconds=60), "s", reply, None, ("u",), (), role="assistant")
    q = QueryAnalysis(("shed",))
    both = {s.id: s for s in fusion.rank([before, msg, after], q, stats)}
    alone = {s.id: s for s in fusion.rank([before, msg, replace(after, terms=["cedar"])], q, stats)}
    assert both["u"].lexical and both["u"].context == 1.0
    assert "u" not in alone or not alone["u"].lexical, "the reply before it lends nothing"


def test_a_message_that_only_asks_is_weaker_evidence_unless_asking_is_asked_about() -> None:
    from engram.core.text import question_share

    assert question_share("Can you give me a rough timeline for the wedding?") == 1.0
    assert question_share("Why? And when?") == 1.0
    assert question_share("We booked the barn. Does that work for you?") < 1.0
    assert question_share("We booked the barn.") < 1.0 and question_share("") < 1.0
    stats = TermStats(10, {"wed": 2, "timelin": 2})
    asking = Candidate("q", T0, "s", ["timelin", "wed"], 0.5, asks=1.0)
    telling = Candidate("t", T0, "s", ["timelin", "wed"], 0.5)
    out = {s.id: s for s in fusion.rank([asking, telling], QueryAnalysis(("wed", "timelin")), stats)}
    assert out["t"].score > out["q"].score
    about = {s.id: s for s in fusion.rank([asking, telling], QueryAnalysis(("ask", "wed", "timelin")), stats)}
    assert about["t"].score == about["q"].score


def test_the_share_of_a_message_inside_its_questions_weakens_it_in_proportion() -> None:
    from engram.core.text import question_share

    assert question_share("Can you give me a rough timeline for the wedding?") == 1.0
    assert question_share('Caroline said, "Wow, what did you paint?"') == 1.0, "a closing quote ends the question"
    assert question_share("We booked the barn for June.") == 0.0 and question_share("") == 0.0
    mixed = question_share("We booked the old barn for June. Does that work for you?")
    assert 0.0 < mixed < 1.0
    stats = TermStats(10, {"barn": 2, "june": 2})
    pool = [Candidate(i, T0, "s", ["barn", "june"], 0.5, asks=share)
            for i, share in (("all", 1.0), ("half", mixed), ("none", 0.0))]
    out = [s.id for s in fusion.rank(pool, QueryAnalysis(("barn", "june")), stats)]
    assert out == ["none", "half", "all"]


def test_ascii_text_folds_as_the_unicode_path_does() -> None:
    """``_fold`` skips NFKD for ASCII text (nothing to decompose): the same terms, for every printable byte."""
    import string
    import unicodedata

    from engram.core import text as textmod

    def slow(s: str) -> str:
        return "".join(c for c in unicodedata.normalize("NFKD", s) if not unicodedata.combining(c)).lower()
    samples = [string.printable, "Running RUNS ran; the Cars' wheels (x2) -- done!", "ÀÉÎõü naïve café",
               "a\u0301b\u0327", "ﬁne ＦＵＬＬ"]
    for s in samples:
        assert textmod._fold(s) == slow(s), s
    assert textmod.index_terms("Café naïve") == textmod.index_terms("cafe naive") == ["caf", "naiv"]


def test_for_a_living_asks_about_work_not_where_anyone_lives() -> None:
    """"living" and "lives" share a stem: in this idiom the question is about work ("Lives in Leeds" is no answer)."""
    for question in ("what does she do for a living?", "How does he make a living these days?"):
        terms = query_terms(question)
        assert "work" in terms and stem("lives") not in terms, terms
    assert stem("lives") in query_terms("where does she live?")
