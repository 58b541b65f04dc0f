"""Questions about the person a memory serves ("what do you know about me?"), and how their records rank. Pure.

Such a question shares no word and little meaning with any one record ("what do you remember about my
preferences?" against "Vegetarian; never suggest meat dishes"), so keyword and meaning search find nothing
or a record that happens to say "prefer". Recall answers it instead with the subject's records that matter
most: pinned records, then preferences, then facts, newest first within each (``engram.retrieval``); a
question about preferences gets the preferences (and pins) only.
"""

from __future__ import annotations

import re
from typing import Literal

Ask = Literal["all", "prefs"]

_SUBJECT = (r"(?:me|myself|us|him|her|them|"
            r"(?:this|the|our|my) (?:customer|user|client|person|caller|patient|member|guest))")
_ABOUT = re.compile(rf"\babout {_SUBJECT}\s*[?.!]*\s*$")
_WHO = re.compile(r"^\s*(?:who am i|what do you know|what have you (?:got|stored|learned|learnt|noted))\s*[?.!]*\s*$")
_OWNER = r"(?:my|his|her|their|our|the (?:customer|user|client)'?s?|this (?:customer|user|client)'?s?)"
_PREFS = re.compile(
    rf"(?:\b{_OWNER} (?:preferences|likes and dislikes|likes|dislikes|tastes|habits)\s*[?.!]*\s*$)"
    r"|(?:^\s*what (?:do|does) (?:i|he|she|they|the (?:customer|user|client)) (?:like|prefer|enjoy)"
    r"(?: and (?:dislike|hate|not like))?\s*[?.!]*\s*$)")

PIN, PREFERENCE, FACT, OTHER = range(4)
# the score a record gets for such a question, by its class: relevance by subject, not by a match
CLASS_SCORE = {PIN: 1.0, PREFERENCE: 0.9, FACT: 0.8, OTHER: 0.6}


def asks_about_subject(query: str) -> Ask | None:
    """``"prefs"`` for a question about the subject's preferences, ``"all"`` for one about the subject as a
    whole, None for anything else (a question about one thing of theirs, "what do you know about my dog?",
    is an ordinary search)."""
    text = " ".join(query.lower().replace("’", "'").split())
    if _PREFS.search(text):
        return "prefs"
    if _ABOUT.search(text) or _WHO.search(text):
        return "all"
    return None


def preference_kinds(kinds: tuple[str, ...]) -> tuple[str, ...]:
    """The declared kinds that hold preferences: ``guidance`` (what USER_PREFERENCE writes) or one naming them."""
    return tuple(k for k in kinds if k == "guidance" or "prefer" in k.lower())


def fact_kinds(kinds: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(k for k in kinds if "fact" in k.lower())


def record_class(pinned: bool, kind: str, kinds: tuple[str, ...]) -> int:
    """PIN, PREFERENCE, FACT or OTHER: where a record ranks for a question about its subject."""
    if pinned:
        return PIN
    if kind in preference_kinds(kinds):
        return PREFERENCE
    if kind in fact_kinds(kinds):
        return FACT
    return OTHER


def wanted(ask: Ask, cls: int) -> bool:
    """Whether a record of class ``cls`` answers ``ask`` (a question about preferences: pins and preferences)."""
    return ask == "all" or cls in (PIN, PREFERENCE)
