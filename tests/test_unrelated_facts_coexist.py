"""An unrelated fact never supersedes another; a new value of the same attribute still does.

"I drive a blue Tesla Model 3." then "I work at Acme." used to end the car under the default embedder (the
MiniLM+e5 blend): its cosine of any two short attribute texts ("Works at [value]", "Drives [value]": 0.87) is
over the thresholds chosen with MiniLM (0.85). Cosines are now read on MiniLM's scale by the embedder's
baseline (:func:`engram.strategies.attribute_match.on_scale`). Played through ``engram.Memory`` (SEMANTIC,
offline, the default embedder) on a SQLite file and the real PostgreSQL.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime, timedelta

import numpy as np
import pytest

from engram import Memory
from engram.embedders import load_embedder, shared_minilm
from engram.strategies import attribute_match as am
from engram.types import Scope
from tests.support.extraction import play_user_sessions

T0 = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)
PROBE = Scope(agent="bot", actor="ana", session="probe")
SEMANTIC = {"harness": {"memory": {"enabled": True, "extraction": {"trigger": "off"},
                                   "scope": {"read": ["session", "actor"], "write": ["session", "actor"]},
                                   "strategies": [{"type": "SEMANTIC"}]}}}


def _facts(make_memory: Callable[..., Memory], *sessions: str) -> tuple[set[str], set[str]]:
    """The fact summaries active, and ended (superseded or deleted), after one message per session."""
    mem = make_memory(SEMANTIC, clock=lambda: T0 + timedelta(days=30), embedder=load_embedder(None))
    play_user_sessions(mem, *[[s] for s in sessions], start=T0)

    def summaries(status: str) -> set[str]:
        return {r.summary for r in mem.list(PROBE, status=status, limit=200) if r.namespace.startswith("/facts/")}

    return summaries("active"), summaries("superseded") | summaries("deleted")


@pytest.mark.parametrize(("first", "second"), [
    ("I drive a blue Tesla Model 3.", "I work at Acme."),
    ("I drive a blue Tesla Model 3.", "I work at Hospital São João."),
    ("I work at Acme.", "I drive a blue Tesla Model 3."),
    ("I live in a Soviet-era block in Przymorze.", "I drive a 2010 Opel Astra diesel."),
    ("I live in Leeds.", "I work at Hospital São João."),
])
def test_an_unrelated_fact_leaves_the_other_active(make_memory: Callable[..., Memory], first: str,
                                                   second: str) -> None:
    active, gone = _facts(make_memory, first, second)
    assert len(active) == 2, active
    assert not gone


@pytest.mark.parametrize(("old", "new", "kept", "ended"), [
    ("I live in Lisbon.", "I just moved to a flat in Porto.", "Just moved to a flat in Porto", "Lives in Lisbon"),
    ("I drive a Golf.", "I drive a Tesla Model 3 now.", "Drives a Tesla Model 3", "Drives a Golf"),
    ("I coach the Tigers.", "I coach the Lions now.", "Coaches the Lions now", "Coaches the Tigers"),
])
def test_a_new_value_of_the_same_attribute_still_supersedes(make_memory: Callable[..., Memory], old: str, new: str,
                                                            kept: str, ended: str) -> None:
    active, gone = _facts(make_memory, old, new)
    assert kept in active
    assert ended in gone


def test_cosines_are_read_on_minilm_scale() -> None:
    assert am.on_scale(0.8, am.BASELINE) == pytest.approx(0.8)  # MiniLM's own cosines are as they are
    assert am.on_scale(0.85, 0.85) == pytest.approx(am.BASELINE)  # a blend's baseline is MiniLM's
    assert am.on_scale(1.0, 0.85) == pytest.approx(1.0)
    assert am.on_scale(0.87, 0.85) < am.OTHER_VERB  # "Works at [value]" / "Drives [value]" under the blend


def test_the_baseline_constant_is_minilm_s() -> None:
    v = np.asarray(shared_minilm().embed(list(am.PANEL)), dtype=np.float32)
    pairs = [float(v[i] @ v[j]) for i in range(len(v)) for j in range(i + 1, len(v))]
    assert am.baseline(pairs) == pytest.approx(am.BASELINE, abs=0.005)
