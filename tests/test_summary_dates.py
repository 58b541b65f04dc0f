"""The offline session summary writes relative dates resolved against the message timestamp, once.

docs/concepts.md: "dates resolved against the message timestamp". The summary's lines are the user's sentences
with their dates written out ("on 2026-12-18 (Friday)"); its headline re-read those lines for their facts
against 2000-01-01, and the weekday in brackets was resolved a second time: "fly to Berlin on 2026-12-18 (on
2000-01-07 (Friday))". A date written out is now read as itself (:mod:`engram.core.timeref`), and a line is
re-read against its own day.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime, timedelta

import pytest

from engram import Memory, Scope
from engram.core import timeref
from engram.extract import summarize
from engram.types import Event

THU = datetime(2026, 3, 5, 10, 0, tzinfo=UTC)
MON = datetime(2026, 12, 7, 10, 0, tzinfo=UTC)
NEW_YEAR = datetime(2025, 12, 30, 23, 0, tzinfo=UTC)  # a Tuesday; most dates said fall in the next year

# (what the user says, what the headline says after "the user said: ", the dates per timestamp)
SAID = [
    ("We fly to Berlin next Friday.", "fly to Berlin on {}",
     {THU: "2026-03-13 (Friday)", MON: "2026-12-18 (Friday)", NEW_YEAR: "2026-01-09 (Friday)"}),
    ("My sister Ana arrives tomorrow.", "has a sister named Ana, sister Ana arrives on {}",
     {THU: "2026-03-06 (Friday)", MON: "2026-12-08 (Tuesday)", NEW_YEAR: "2025-12-31 (Wednesday)"}),
    ("I start my new job in two weeks.", "starts their new job around {}",
     {THU: "2026-03-19", MON: "2026-12-21", NEW_YEAR: "2026-01-13"}),
    ("I went hiking with Leo last Monday.", "went hiking with Leo on {}",
     {THU: "2026-02-23 (Monday)", MON: "2026-11-30 (Monday)", NEW_YEAR: "2025-12-22 (Monday)"}),
    ("I have a dentist appointment on the 3rd.", "has a dentist appointment on {}",
     {THU: "2026-04-03 (Friday)", MON: "2027-01-03 (Sunday)", NEW_YEAR: "2026-01-03 (Saturday)"}),
]
CASES = [(text, at, told.format(day)) for text, told, days in SAID for at, day in days.items()]


def _event(text: str, at: datetime, seq: int = 0) -> Event:
    return Event(id=f"e{seq}", agent="bot", actor="carla", session="c", seq=seq, role="user", content=text, at=at)


@pytest.mark.parametrize(("text", "at", "told"), CASES)
def test_the_headline_dates_what_was_said_once(text: str, at: datetime, told: str) -> None:
    draft = summarize([_event(text, at)])
    assert draft.headline == f"Session of {at.date().isoformat()}: the user said: {told}"
    assert "2000-" not in " ".join(draft.lines)


@pytest.mark.parametrize("anchor", [datetime(2000, 1, 1), THU, MON + timedelta(days=40)])
@pytest.mark.parametrize(("text", "at", "told"), CASES)
def test_a_date_written_out_is_read_as_itself(text: str, at: datetime, told: str, anchor: datetime) -> None:
    """Rewriting a rewritten sentence changes nothing, whatever the anchor; its dates are still dates."""
    dated, refs = timeref.rewrite(text, at)
    again, found = timeref.rewrite(dated, anchor)
    assert again == dated
    assert [(r.granularity, r.day) for r in found] == [(r.granularity, r.day) for r in refs]


def test_a_running_summary_keeps_its_dates_days_later() -> None:
    first = summarize([_event("We fly to Berlin next Friday.", THU)])
    later = summarize([_event("I also have a dentist appointment tomorrow.", THU + timedelta(days=4), 1)],
                      first.lines)
    assert later.headline == ("Session of 2026-03-05: the user said: fly to Berlin on 2026-03-13 (Friday), also has "
                              "a dentist appointment on 2026-03-10 (Tuesday)")


def test_the_summary_record_dates_as_the_fact_does(make_memory: Callable[..., Memory]) -> None:
    mem = make_memory()
    scope = Scope("bot", "carla", "c")
    mem.append(scope, [{"role": "user", "content": "We fly to Berlin next Friday.", "at": MON}])
    summaries = [r.summary for r in mem.list(scope) if r.namespace.startswith("/summary/")]
    facts = [r.summary for r in mem.list(scope) if not r.namespace.startswith("/summary/")]
    assert summaries == ["Session of 2026-12-07: the user said: fly to Berlin on 2026-12-18 (Friday)"], summaries
    assert "Fly to Berlin on 2026-12-18 (Friday)" in facts, facts
