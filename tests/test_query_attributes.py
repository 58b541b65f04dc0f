"""core.attributes: which attribute a question clearly asks after, and the vector moved towards it."""

from __future__ import annotations

import numpy as np
from hypothesis import given
from hypothesis import strategies as st

from engram.core import attributes
from engram.core.attributes import Steering

EYE = np.eye(4, dtype=np.float32)
AXES = attributes.Described(whole=EYE, lines=EYE, owner=np.arange(4))  # four "attributes", one per axis, one line each


def unit(*xs: float) -> np.ndarray:
    v = np.asarray(xs, dtype=np.float32)
    return v / np.linalg.norm(v)


def test_a_clear_nearest_attribute_is_found_and_a_tie_or_a_faint_one_is_not() -> None:
    assert attributes.nearest(unit(0.9, 0.3, 0.1, 0.0), AXES) == 0
    assert attributes.nearest(unit(0.6, 0.58, 0.3, 0.4), AXES) is None, "within the margin: no clear attribute"
    assert attributes.nearest(unit(0.1, 0.05, 0.0, -1.0), AXES) is None, "nearest under `least`"
    one = attributes.Described(whole=EYE[:1], lines=EYE[:1], owner=np.arange(1))
    assert attributes.nearest(unit(1.0, 0.0, 0.0, 0.0), one) is None, "one attribute decides nothing"


def test_steering_moves_towards_the_attribute_and_keeps_unit_length() -> None:
    q = unit(0.5, 0.2, 0.1, 0.8)
    moved = attributes.steer(q, AXES, Steering(least=0.25, margin=0.05, weight=0.5))
    assert abs(float(np.linalg.norm(moved)) - 1.0) < 1e-5
    assert float(moved @ EYE[3]) > float(q @ EYE[3]), "nearer its attribute"
    assert float(moved @ q) > 0.9, "still the question"


def test_a_question_with_no_clear_attribute_is_returned_unchanged() -> None:
    q = unit(0.6, 0.58, 0.3, 0.4)
    assert attributes.steer(q, AXES) is q


@given(st.lists(st.floats(-1, 1), min_size=4, max_size=4).filter(lambda xs: sum(x * x for x in xs) > 1e-3))
def test_a_steered_question_keeps_its_nearest_attribute_and_comes_nearer_it(xs: list[float]) -> None:
    q = unit(*xs)
    moved = attributes.steer(q, AXES)
    if moved is q:
        return
    best = int(np.argmax(EYE @ q))
    assert int(np.argmax(EYE @ moved)) == best
    assert float(EYE[best] @ moved) >= float(EYE[best] @ q) - 1e-6


def test_every_attribute_is_described_in_words() -> None:
    assert len(attributes.DESCRIPTIONS) >= 10
    assert all(len(text.split()) >= 10 for text in attributes.DESCRIPTIONS.values())


def test_an_attribute_is_as_near_as_its_nearest_line() -> None:
    """Two lines describe attribute 0 (axes 0 and 2), one each attributes 1 and 2: a question along axis 2 is
    attribute 0's, however far it is from that attribute's other line, and it is steered towards the whole."""
    lines = EYE[[0, 2, 1, 3]]
    described = attributes.Described(whole=EYE[:3], lines=lines, owner=np.array([0, 0, 1, 2]))
    q = unit(0.0, 0.1, 1.0, 0.0)
    assert attributes.nearest(q, described) == 0
    assert float(attributes.steer(q, described) @ EYE[0]) > float(q @ EYE[0])


def test_the_descriptions_lines_each_belong_to_one_attribute() -> None:
    lines, owner = attributes.sentences()
    assert len(lines) == len(owner) > len(attributes.DESCRIPTIONS)
    assert set(owner.tolist()) == set(range(len(attributes.DESCRIPTIONS)))
    assert " ".join(lines[i] for i in np.flatnonzero(owner == 0)) == next(iter(attributes.DESCRIPTIONS.values()))
