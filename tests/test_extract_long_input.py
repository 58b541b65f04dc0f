"""Extraction of very long adversarial messages finishes (no pattern does quadratic work on one long run).

Each message is read in a subprocess with a generous timeout: the shapes below took minutes to hours before
the patterns and the reading were bounded (``bench/extraction/long_input.py`` times them by size), and take
a few seconds in all now. No wall-clock bound is asserted beyond the timeout, which only a real blow-up meets.
"""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from engram.extract.text import MAX_SENTENCE, bounded, split_sentences

SRC = Path(__file__).resolve().parents[1] / "src"
TIMEOUT = 60  # seconds; the same calls ran for hours before on 100,000 characters

_SCRIPT = textwrap.dedent("""
    import sys
    from datetime import UTC, datetime
    from engram.config import DEFAULT_KINDS, Strategy
    from engram.extract import OfflineExtractor
    from engram.extract.later_fix import changed_names, over_by_name
    from engram.strategies.pipeline import plan
    from engram.types import Event, Scope

    now = datetime(2026, 3, 6, 12, 0, tzinfo=UTC)
    strategies = [Strategy(type=t) for t in ("SEMANTIC", "USER_PREFERENCE", "SUMMARIZATION", "EPISODIC")]
    for text in sys.stdin.read().split("\\x00"):
        ev = Event(id="e1", agent="a", actor="u", session="s", seq=1, role="user", content=text, at=now)
        changed_names(text)
        over_by_name(text)
        OfflineExtractor().facts([ev])
        plan([ev], scope=Scope(agent="a", actor="u", session="s"), strategies=strategies, model=None,
             neighbors=lambda *_: [], now=now, kinds=DEFAULT_KINDS)
    print("done")
""")


def _run(texts: list[str]) -> None:
    done = subprocess.run([sys.executable, "-c", _SCRIPT], input="\x00".join(texts), capture_output=True,
                          text=True, timeout=TIMEOUT, env={**os.environ, "PYTHONPATH": str(SRC)})
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.strip() == "done"


N = 100_000


@pytest.mark.parametrize("shape", [
    "a" * N,  # one long word
    "A" * N,  # of capitals: changed_names took ~7 s at 2,000 and ~29 s at 4,000 characters
    "a" + " " * (N - 2) + "a",  # whitespace: several patterns were cubic on a run of spaces
    ("aбא中é" * N)[:N],  # mixed scripts
    "-" * N,
    "see https://example.com/" + "ab/" * (N // 3),  # a long URL
])
def test_one_long_run_is_read_in_bounded_time(shape: str) -> None:
    _run([shape])


def test_long_runs_of_short_words_are_read_in_bounded_time() -> None:
    n = 4_000  # linear now (about 0.1 ms a character); the growth is what long_input.py measures
    _run([("Ab " * n)[:n], ("a, " * n)[:n], ("I " * n)[:n], ("I'm " * n)[:n], ("Aa and " * n)[:n],
          ("!?.,;:'\"()-" * n)[:n], ("12:30 " * n)[:n]])


def test_a_long_message_of_prose_is_read_whole() -> None:
    prose = ("I moved to Porto last spring with my wife Ana, and we love the light here. My daughter Mia started "
             "school in September. I work at Initech as a data engineer and I play squash on Thursdays. ") * 20
    assert bounded(prose) == prose
    sentences = split_sentences(prose)
    assert len(sentences) == 60 and all(len(s) < MAX_SENTENCE for s in sentences)
    assert " ".join(sentences) == prose.strip()


def test_a_very_long_sentence_is_read_in_pieces_and_whole() -> None:
    sentence = "I like " + "red and " * 500 + "blue."
    pieces = split_sentences(sentence)
    assert len(pieces) > 1 and all(len(p) <= MAX_SENTENCE for p in pieces)
    assert " ".join(pieces) == sentence


def test_bounded_shortens_only_what_no_person_writes() -> None:
    assert bounded("x" * 5000).startswith("x" * 100) and len(bounded("x" * 5000)) == 100
    assert bounded("I live in Porto." + " " * 200 + "\n\n\n\nMy dog is Rex.") == "I live in Porto.\n\nMy dog is Rex."
    assert bounded("I live in Porto.  My dog is Rex. " * 10) == "I live in Porto.  My dog is Rex. " * 10
