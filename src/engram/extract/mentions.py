"""Facts named in passing: "my company, Grundfos, is rolling out a new tool", "a 1:1 with Gnunhild (my manager)".

People name their employer or manager inside a sentence about something else. No rule reads such a
sentence, but the apposition in it is a statement of its own: "my company, Grundfos," says "I work at
Grundfos". :func:`statements` finds the appositions of a few nouns whose one holder matters (an employer, a
manager) and returns what each says, in the frame an answer to a question about that noun takes
(:mod:`.asked`: one home for which verb a noun gets).
"""

from __future__ import annotations

import re

from . import asked
from .lexicon import NOT_NAMES

_NOUN = r"(?P<n>company|employer|firm|workplace|manager|line manager|boss|supervisor)"
_NAME = r"(?P<x>(?-i:[A-Z])[\w'’&.-]*(?:\s+(?-i:[A-Z])[\w'’&.-]*){0,2})"
_FORMS = [re.compile(p, re.IGNORECASE) for p in (
    rf"\b(?:my|our)\s+{_NOUN}\s*,\s*{_NAME}\s*,",           # "my company, Grundfos, is ..."
    rf"\b(?:my|our)\s+{_NOUN}\s*\(\s*{_NAME}\s*\)",          # "my company (Grundfos) is ..."
    rf"{_NAME}\s*\(\s*(?:my|our)\s+{_NOUN}\s*\)",            # "Gnunhild (my manager)"
    rf"{_NAME}\s*,\s*(?:my|our)\s+{_NOUN}\s*,",              # "Grundfos, my employer, ..."
    rf"\b(?:my|our)\s+{_NOUN}\s+{_NAME}\s+(?:is|are|was|has|wants|keeps|asked|said|just)\b",  # "my boss Kim is"
)]


def statements(sentence: str) -> list[str]:
    """The first-person statements the appositions of ``sentence`` make ("I work at Grundfos")."""
    out = []
    for pattern in _FORMS:
        for m in pattern.finditer(sentence):
            name = m.group("x").strip(" .")
            if name.split()[0] in NOT_NAMES:
                continue
            question = asked.ask(f"Who is your {m.group('n').lower()}")
            said = question.say(name) if question is not None else ""
            if said and said not in out:
                out.append(said)
    return out
