"""The offline episode: what the user wanted in a session, which tools were used, how it ended.

The goal is the user's first request (else their first substantive sentence); the outcome is the
assistant's last answer; the status reads failure words in tool results and the outcome. A failed
episode yields a lesson ("Did not work: ..."), a successful one with tools the sequence that worked.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from ..core.text import key_terms
from ..types import Event
from .lexicon import FILLER
from .text import split_sentences, trim_np


@dataclass(frozen=True, slots=True)
class EpisodeDraft:
    """One episode: what the user wanted, what was done, how it ended."""

    goal: str
    actions: tuple[str, ...]
    outcome: str
    status: Literal["success", "failure", "unknown"]
    lesson: str | None


_FAIL = re.compile(r"\b(?:error|failed|failure|unable|could not|couldn't|cannot|can't|sorry|unfortunately|"
                   r"not possible|not available|no results|timed out|denied|rejected|declined)\b", re.IGNORECASE)
_SUCCESS = re.compile(r"\b(?:done|booked|confirmed|completed|sent|scheduled|created|updated|fixed|resolved|"
                      r"here (?:is|are)|added|saved|ordered|paid|refunded|cancelled|canceled|noted)\b",
                      re.IGNORECASE)


_REQUEST = re.compile(r"\?|\b(?:can you|could you|would you|please|help|i need|i want|i'd like|i would like|"
                      r"looking for|how do i|how can i|book|find|recommend|suggest|remind|explain|fix)\b",
                      re.IGNORECASE)


def _goal(events: Sequence[Event]) -> str | None:
    """The user's first request of the batch, else their first substantive sentence."""
    first = None
    for ev in events:
        if ev.role != "user" or not ev.content:
            continue
        for s in split_sentences(ev.content):
            s = s.strip()
            if FILLER.fullmatch(s) or len(key_terms(s)) < 2:
                continue
            if _REQUEST.search(s):
                return s
            first = first or s
    return first


def episode(events: Sequence[Event], prior_goal: str | None = None) -> EpisodeDraft | None:
    """The episode of a session so far: the user's first real request, the tools used, the last answer."""
    goal = prior_goal
    actions: list[str] = []
    outcome = ""
    failed = False
    if goal is None:
        goal = _goal(events)
    for ev in events:
        for tc in ev.tool_calls:
            if tc.name not in actions:
                actions.append(tc.name)
        if ev.role == "tool" and ev.content and _FAIL.search(ev.content[:300]):
            failed = True
        if ev.role == "assistant" and ev.content and not ev.tool_calls:
            sents = [s for s in split_sentences(ev.content) if not FILLER.fullmatch(s.strip())]
            if sents:
                outcome = " ".join(sents[:2])
    if goal is None:
        return None
    status: Literal["success", "failure", "unknown"] = "unknown"
    if outcome:
        if _FAIL.search(outcome) or (failed and not _SUCCESS.search(outcome)):
            status = "failure"
        elif _SUCCESS.search(outcome) or actions:
            status = "success"
    lesson = None
    goal_short = trim_np(goal) if len(goal) > 120 else goal.rstrip("?.! ")
    if status == "failure":
        lesson = f"Did not work: {goal_short}" + (f" (tried {', '.join(actions)})" if actions else "") + \
            f": {outcome[:160]}"
    elif status == "success" and actions:
        lesson = f"Worked for \"{goal_short}\": {' -> '.join(actions)}"
    if len(outcome) > 300:
        outcome = outcome[:297].rstrip() + "..."
    return EpisodeDraft(goal=goal, actions=tuple(actions), outcome=outcome, status=status, lesson=lesson)
