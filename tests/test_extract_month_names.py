"""A month's name said as a person's ("my mother June", "June's carer") is a person, not a date.

"My mother June lives in Leeds" was kept as "Mother in June 2027 lives in Leeds", and "I am June's main carer" as
"Works as a june's main carer". The other side: a month said as a month (with "in", a day, a year, or standing
alone) is still resolved. Through ``engram.Memory`` on a real SQLite file and the real PostgreSQL.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime

import pytest

from engram import Memory, Scope
from engram.core import timeref

S, ACTOR = Scope("bot", "ines", "a"), Scope("bot", "ines")


def _active(mem: Memory, texts: list[str]) -> list[str]:
    for text in texts:
        mem.append(S, [{"role": "user", "content": text}])
    return [r.summary for r in mem.list(ACTOR) if not r.namespace.startswith("/summary/")]


def test_a_person_named_after_a_month_stays_a_person(make_memory: Callable[..., Memory]) -> None:
    active = _active(make_memory(), ["My mother June lives in Leeds.", "I am June's main carer."])
    assert "Mother June lives in Leeds" in active, active
    assert "Is June's main carer" in active, active
    assert not any("2027" in s or "Works as" in s for s in active), active


@pytest.mark.parametrize(("text", "month"), [
    ("My mother June lives in Leeds.", None),
    ("We named her April after my grandmother.", None),
    ("A girl called May joined the team.", None),
    ("June's birthday party was lovely.", None),
    ("My sister August is a chef.", None),
    ("We move in June.", 6),
    ("June 2027 is when the lease ends.", 6),
    ("The wedding is on 14 June.", 6),
    ("My exam is June 3rd.", 6),
])
def test_a_month_is_read_as_a_month_only_when_said_as_one(text: str, month: int | None) -> None:
    refs = timeref.find(text, datetime(2026, 12, 7, 10))
    assert [r.day.month for r in refs if r.granularity in ("month", "day")] == ([month] if month else []), refs
