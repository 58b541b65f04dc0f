"""Recurring commitments (issue 31, "a weekly habit stays weekly"): one reader of how often a habit recurs
(:mod:`engram.extract.recurrence`), the ``user.weekly`` rule keyed per activity, answers to the assistant's
"which day" questions, reschedules replacing the day and endings ending the habit; pure and through
``engram.Memory`` on SQLite."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime

import pytest

from engram import Memory
from engram.core.consolidate import same_habit
from engram.extract import OfflineExtractor, recurrence
from tests.support.configs import SEMANTIC_BY_HAND
from tests.support.extraction import events, played_facts

T0 = datetime(2026, 6, 1, 9, tzinfo=UTC)


def _play(make_memory: Callable[..., Memory], *sessions: list[str]) -> list[str]:
    """The fact summaries after the sessions are played through Memory (SEMANTIC only)."""
    return played_facts(make_memory, SEMANTIC_BY_HAND, *sessions, start=T0)


def summaries(*turns: str | tuple[str, str]) -> list[tuple[str, str]]:
    """(key, summary) of the facts (not retractions) the offline extractor finds in one conversation."""
    return [(f.key, f.summary) for f in OfflineExtractor().facts(events(*turns)) if not f.retract]


@pytest.mark.parametrize(("text", "phrase"), [
    ("I have choir every Wednesday evening", "every Wednesday"),
    ("I play tennis on thursdays", "every Thursday"),
    ("Tuesday nights are for climbing", "every Tuesday"),
    ("I have piano weekly, on Friday", "every Friday"),
    ("I volunteer every other Saturday", "every other Saturday"),
    ("I swim twice a week on Monday and Thursday", "every Monday and Thursday"),
    ("I see my therapist once a month", "every month"),
    ("book club is the first Monday of the month", "on the first Monday of every month"),
    ("I run every morning", "every morning"),
    ("choir is on Thursdays now instead of Wednesdays", "every Thursday"),
    ("they switched my choir from Wednesday to Thursday, still every week", "every Thursday"),
    ("our lessons are on Tuesday", "every Tuesday"),
    ("so Friday is my quiz night now", "every Friday"),
    ("the pottery class moves to Wednesday from next month", "every Wednesday"),
    ("band practice is on Sunday now", "every Sunday"),
    ("we have flamenco class together on Wednesday, it is our evening!", "every Wednesday"),
    ("my yoga class is on Tuesday", "every Tuesday"),
    ("I go to choir on Thursday", "every Thursday"),
    ("I take a Swedish course, it is every Tuesday - sorry, every Thursday, I confuse it always", "every Thursday"),
])
def test_a_recurrence_is_read_however_it_is_said(text: str, phrase: str) -> None:
    rec = recurrence.find(text)
    assert rec is not None and rec.phrase == phrase, rec


@pytest.mark.parametrize("text", ["I have a dentist appointment on Thursday", "see you on Friday",
                                  "I was born on a Sunday", "my flight moved to Monday", "the party is on Saturday now",
                                  "the lesson is on Friday", "I have a meeting on Monday", "I had class on Monday",
                                  "my next lesson is on Friday", "I have a class on Monday",
                                  "I have choir on Thursday, just this week"])
def test_a_day_named_once_is_not_a_habit(text: str) -> None:
    assert recurrence.find(text) is None


@pytest.mark.parametrize(("text", "want"), [
    ("I have choir practice every Wednesday evening.", "Has choir practice every Wednesday"),
    ("I go to therapy every Saturday.", "Goes to therapy every Saturday"),
    ("every Wednesday I've got my choir", "Has choir every Wednesday"),
    ("Wednesdays are choir days for me, it's weekly", "Has choir every Wednesday"),
    ("choir is on wednesdays, every week", "Has choir every Wednesday"),
    ("I play tennis on tuesdays.", "Plays tennis every Tuesday"),
    ("I volunteer at the food bank every other Saturday.", "Volunteers at the food bank every other Saturday"),
    ("I swim twice a week on Monday and Thursday.", "Swims every Monday and Thursday"),
    ("Book club is the first Monday of the month.", "Has book club on the first Monday of every month"),
    ("I run every morning.", "Runs every morning"),
    ("I found a new gym, spin classes are on Mondays.", "Has spin classes every Monday"),
    ("The chess club meets Thursdays at 7pm", "Has chess club every Thursday"),
    ("our quiz league moved to Tuesdays for the winter", "Has quiz league every Tuesday"),
    ("we rehearse every Tuesday evening", "Rehearses every Tuesday"),
])
def test_a_first_person_habit_becomes_a_recurring_record(text: str, want: str) -> None:
    got = summaries(text)
    assert want in [s for _, s in got], got
    assert all(k.startswith("user/weekly:") for k, s in got if s == want), got


@pytest.mark.parametrize("text", ["My sister has ballet every Monday.", "I used to have choir every Wednesday.",
                                  "every morning is chaos",
                                  "I can't do Wednesdays.", "My days off are Mondays and Tuesdays."])
def test_not_the_users_current_habit_is_not_a_recurring_record(text: str) -> None:
    assert not any(k.startswith("user/weekly:") for k, _ in summaries(text)), summaries(text)


@pytest.mark.parametrize("question", ["When's your choir? I'll keep that day free.", "What day is your weekly choir?",
                                      "Is your choir on a fixed day each week?",
                                      "What day should I avoid because of your choir?"])
@pytest.mark.parametrize("answer", ["thursdays", "Thursday, every week", "it's every Thursday"])
def test_an_answer_to_which_day_is_read_with_the_question(question: str, answer: str) -> None:
    assert summaries(("assistant", question), answer) == [("user/weekly:choir", "Has choir every Thursday")]


@pytest.mark.parametrize("move", ["my choir moved to Thursdays", "choir is on Thursdays now instead of Wednesdays",
                                  "new slot for choir: every Thursday", "sorry, choir is on Thursdays, not Wednesdays",
                                  "my weekly choir got bumped to Thursday, same time"])
def test_a_reschedule_keeps_the_activitys_key_with_the_new_day(move: str) -> None:
    got = summaries("I have choir every Wednesday", move)
    assert got[-1] == ("user/weekly:choir", "Has choir every Thursday"), got
    assert got[0][0] == got[-1][0], got


@pytest.mark.parametrize("move", ["choir moved to thursdays this term btw",
                                  "Choir moved to Thursday evenings since the hall got booked",
                                  "choir's moved to Thursdays because of the new conductor",
                                  "choir moved to Thursdays for the season, cos the church needs the hall"])
def test_a_reschedule_followed_by_why_or_for_how_long_is_still_the_reschedule(move: str) -> None:
    """What follows the new day, the reason ("since ...", "because ...") or how long it holds ("this term"), is
    no part of the habit."""
    got = summaries("I have choir every Wednesday", move)
    assert got[-1] == ("user/weekly:choir", "Has choir every Thursday"), got


def test_another_activity_is_another_record() -> None:
    got = summaries("I have choir every Wednesday and I go to therapy on Saturdays")
    assert {k for k, _ in got} >= {"user/weekly:choir", "user/weekly:therapy"}, got


def test_through_memory_a_reschedule_replaces_the_day_and_another_habit_stays(
        make_memory: Callable[..., Memory]) -> None:
    active = _play(make_memory, ["I have choir practice every wednesday", "I go to therapy on saturdays"],
                   ["my choir practice moved to Thursdays"])
    assert "Has choir practice every Thursday" in active, active
    assert not any("Wednesday" in s for s in active), active
    assert "Goes to therapy every Saturday" in active, active


@pytest.mark.parametrize("end", ["no more therapy", "I stopped going to therapy", "I don't go to therapy anymore"])
def test_through_memory_an_ending_ends_the_habit(make_memory: Callable[..., Memory], end: str) -> None:
    active = _play(make_memory, ["I go to therapy every Saturday", "I have choir every Wednesday"],
                   [end, "I quit choir"])
    assert not any("every" in s for s in active), active


def test_its_a_new_day_now_moves_the_habit_just_talked_about() -> None:
    got = summaries("I have choir every Wednesday", "it's Thursday now")
    assert got[-1] == ("user/weekly:choir", "Has choir every Thursday"), got
    assert recurrence.moved_back("it is Thursday") is None  # a day named once, with no change said


def test_through_memory_a_habit_said_as_a_verb_then_by_its_sessions_keeps_one_key(
        make_memory: Callable[..., Memory]) -> None:
    active = _play(make_memory, ["I joined a band, we rehearse every Monday evening."],
                   ["New town, new band: rehearsals are on Wednesday evenings."])
    assert "Has rehearsals every Wednesday" in active and not any("Monday" in s for s in active), active


def test_through_memory_a_habit_said_again_on_another_day_in_other_words_ends_the_old_day(
        make_memory: Callable[..., Memory]) -> None:
    """"Every Tuesday I go to pottery class" ... "found a pottery studio near the new flat, sessions are on
    Fridays": the activity named again ends its old day; another habit, named by nothing in the message, stays."""
    active = _play(make_memory, ["Every Tuesday I go to pottery class.", "I play squash every Monday."],
                   ["I found a pottery studio near the new flat, sessions are on Fridays."])
    assert "Has sessions every Friday" in active and "Plays squash every Monday" in active, active
    assert not any("Tuesday" in s for s in active), active


def test_through_memory_a_habit_ended_by_its_activity_name_ends_whatever_its_key(
        make_memory: Callable[..., Memory]) -> None:
    before = ["I swim at the lido on Saturday mornings, every week.", "I have choir every Monday"]
    assert "Swims at the lido every Saturday" in _play(make_memory, before)
    active = _play(make_memory, before, ["I have to stop swimming for a while, doctor's orders."])
    assert not any(s.startswith("Swims") for s in active) and "Has choir every Monday" in active, active


def test_one_activity_called_two_ways_keeps_one_key() -> None:
    got = summaries("I have choir practice every Wednesday", "my choir moved to Thursdays")
    assert [k for k, _ in got] == ["user/weekly:choir", "user/weekly:choir"], got


def test_a_habit_then_a_remark_on_it_is_still_the_habit() -> None:
    got = summaries("We have flamenco class together on Wednesday, it is our evening!")
    assert got == [("user/weekly:flamenco", "Has flamenco class together every Wednesday")], got


def test_through_memory_a_class_moved_to_another_day_ends_the_day_said_first(
        make_memory: Callable[..., Memory]) -> None:
    """The first day was said without "every" ("we have flamenco class on Wednesday"): still a habit, so the
    move replaces it instead of leaving a one-off date beside the new day."""
    active = _play(make_memory, ["We have flamenco class together on Wednesday, it is our evening!"],
                   ["Ah, good to know. And the flamenco class moves to Monday from next week."])
    assert active == ["Has flamenco class every Monday"], active


def test_through_memory_a_habit_moved_by_whoever_runs_it_ends_the_old_day(
        make_memory: Callable[..., Memory]) -> None:
    """Written before the rule: the move said by its teacher ("the Spanish teacher switched us to Sunday
    mornings") or with "choir's" for "choir has" replaces the day held; the habit keeps its own name."""
    active = _play(make_memory, ["We do Spanish lessons on Mondays.", "My choir practice is on Wednesdays."],
                   ["the Spanish teacher switched us to Sunday mornings", "choir's switched to thursday evenings now"])
    assert sorted(active) == ["Has Spanish every Sunday", "Has choir every Thursday"], active


@pytest.mark.parametrize(("question", "answer", "want"), [
    ("Sure. Which day is rehearsal, so I can mention it?", "Wednesday.", "Has rehearsal every Wednesday"),
    ("What day is band practice again?", "it's Friday", "Has band practice every Friday"),
    ("Which day is training?", "Monday evenings", "Has training every Monday"),
    # a slip put right at the start of the answer, then a remark after a dash
    ("Which day is rehearsal, so I can mention it?",
     "Tuesday, no wait, Wednesday — we moved it to Wednesdays in January, I keep forgetting.",
     "Has rehearsal every Wednesday"),
    ("What day is choir?", "Monday, sorry, Thursday - same time as before", "Has choir every Thursday"),
])
def test_which_day_a_session_is_answers_with_its_day(question: str, answer: str, want: str) -> None:
    got = summaries(("assistant", question), answer)
    assert want in [s for _, s in got] and not any(s.endswith("every Tuesday") or s.endswith("every Monday")
                                                   for _, s in got if s != want), got


@pytest.mark.parametrize("question", ["Which day is the party?", "What day is your interview?"])
def test_which_day_a_one_off_is_answers_with_no_habit(question: str) -> None:
    assert not any(k.startswith("user/weekly:") for k, _ in summaries(("assistant", question), "Saturday"))


@pytest.mark.parametrize(("text", "want"), [
    ("I stopped tennis, so I go swimming now on Wednesday instead", "Goes swimming every Wednesday"),
    ("We play padel on Friday now.", "Plays padel every Friday"),
    ("I do yoga now on Tuesday instead of Monday.", "Does yoga every Tuesday"),
    ("The book club meets Thursday afternoons in the library and it's my turn to pick.",
     "Has book club every Thursday"),
    ("My running club meets Saturday mornings in the park and it is great fun", "Has running club every Saturday"),
])
def test_a_habit_on_its_new_day_or_with_a_remark_is_weekly(text: str, want: str) -> None:
    got = summaries(text)
    assert want in [s for _, s in got], got


@pytest.mark.parametrize("text", ["I have a dentist appointment on Friday now, it got moved.",
                                  "I will see her now on Friday", "I'm meeting Ana now on Friday."])
def test_a_one_off_on_its_new_day_is_not_a_habit(text: str) -> None:
    assert not any(k.startswith("user/weekly:") for k, _ in summaries(text)), summaries(text)


@pytest.mark.parametrize(("text", "want"), [
    ("Also I am learning Spanish on Tuesdays at the evening school.", "Learning Spanish every Tuesday"),
    ("I'm learning the cello on Saturday mornings.", "Learning the cello every Saturday"),
    ("I'm learning Japanese.", "Learning Japanese"),
])
def test_what_is_learnt_keeps_the_day_it_is_learnt_on(text: str, want: str) -> None:
    assert want in [s for _, s in summaries(text)], summaries(text)


@pytest.mark.parametrize(("text", "want"), [
    ("help me write a text to my boss, i need to swap my tuesday shift", "Has shift every Tuesday"),
    ("I can't make my Monday yoga class this week, can you draft a note to the teacher?",
     "Has yoga class every Monday"),
    ("and my badminton mates moved our Thursday games to Sunday morning", "Has games every Sunday"),
])
def test_a_session_of_ones_own_named_by_its_day_is_weekly(text: str, want: str) -> None:
    assert want in [s for _, s in summaries(text)], summaries(text)


@pytest.mark.parametrize("text", ["I quit my Thursday choir.", "I used to love my Monday pottery class."])
def test_a_session_named_by_its_day_that_ended_is_no_habit(text: str) -> None:
    assert not any(k.startswith("user/weekly:") for k, _ in summaries(text)), summaries(text)


def test_through_memory_a_habit_moved_under_another_name_replaces_the_old_day(
        make_memory: Callable[..., Memory]) -> None:
    """"the under-12 hurlers" and "the hurling training" are one habit (a word of one begins a word of the
    other): its new day replaces the old one instead of standing beside it."""
    active = _play(make_memory, ["I coach the under-12 hurlers in Moycullen every Tuesday evening."],
                   ["The hurling training's moved to Wednesdays from now on."])
    assert not any("Tuesday" in s for s in active) and any("every Wednesday" in s for s in active), active


@pytest.mark.parametrize(("key", "stored", "same"), [
    ("user/weekly:hurl", "user/weekly:under_12_hurler", True),
    ("user/weekly:swim", "user/weekly:swimming_club", True),
    ("user/weekly:choir", "user/weekly:potteri", False),
    ("user/weekly:run", "user/weekly:runner_club", False),  # under four letters: too short to tell
    ("user/weekly:hurl", "sister/weekly:hurl", False),
])
def test_habits_are_one_when_a_word_of_one_begins_a_word_of_the_other(key: str, stored: str, same: bool) -> None:
    assert same_habit(key, stored) is same


def test_through_memory_a_habit_said_again_on_its_own_day_in_other_words_stays(
        make_memory: Callable[..., Memory]) -> None:
    """"sea swim is still sundays" after "we do a sea swim every sunday morning at the forty foot": the day read
    back from the store is lower case, the one just said is not; compared as said, the habit was ended by its own
    restatement."""
    active = _play(make_memory, ["ok. also we do a sea swim every sunday morning at the forty foot"],
                   ["ty. sea swim is still sundays but were moving it to seapoint. is it warmer"])
    assert any("every Sunday" in s for s in active), active
