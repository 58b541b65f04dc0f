"""Facts named in passing: "my company, Grundfos, is rolling out a new tool", "a 1:1 with Gnunhild (my manager)".

People name their employer or manager inside a sentence about something else. No rule reads such a
sentence, but the apposition in it is a statement of its own: "my company, Grundfos," says "I work at
Grundfos". :func:`statements` finds the appositions of a few nouns whose one holder matters (an employer, a
manager) and returns what each says, in the frame an answer to a question about that noun takes
(:mod:`.asked`: one home for which verb a noun gets). A relative clause about a person of the user's ("my dad,
who lives in Jaipur") is read the same way, as the statement it makes about them.
"""

from __future__ import annotations

import re

from . import asked
from .lexicon import NOT_NAMES, REL_ADJ, REL_RE, TITLE_RE

_NOUN = (r"(?P<n>company|employer|firm|workplace|manager|line manager|boss|supervisor|principal|head teacher|advisor|"
         r"adviser)")
_NAME = r"(?P<x>(?-i:[A-Z])[\w'’&.-]*(?:\s+(?-i:[A-Z])[\w'’&.-]*){0,2})"
_FORMS = [re.compile(p, re.IGNORECASE) for p in (
    rf"\b(?:my|our)\s+{_NOUN}\s*,\s*{_NAME}\s*,",           # "my company, Grundfos, is ..."
    rf"\b(?:(?:my|our)\s+new|a\s+new)\s+{_NOUN}\s*[,:]\s*{_NAME}\s*(?:[,.!]|$)",  # "a new advisor, Dr. Kaya."
    rf"\b(?:my|our)\s+{_NOUN}\s*\(\s*{_NAME}\s*\)",          # "my company (Grundfos) is ..."
    rf"{_NAME}\s*\(\s*(?:my|our)\s+{_NOUN}\s*\)",            # "Gnunhild (my manager)"
    rf"{_NAME}\s*,\s*(?:my|our)\s+{_NOUN}\s*,",              # "Grundfos, my employer, ..."
    rf"\b(?:my|our)\s+{_NOUN}\s+{_NAME}\s+(?:is|are|was|has|wants|keeps|asked|said|just)\b",  # "my boss Kim is"
)]


# "visiting my dad, who lives in Jaipur": the relative clause is a statement about the person
_WHO = re.compile(r"\b(?P<my>my|our)\s+" + REL_ADJ + r"(?P<rel>" + REL_RE + r")(?P<name>\s+(?-i:[A-Z])[\w'’-]*)?\s*,?"
                  r"\s+who\s+(?P<vp>(?:lives|works|goes|studies|teaches|moved|is\s+(?:now\s+)?(?:a|an|based))\b"
                  r"[^,;!?]*)", re.IGNORECASE)


def statements(sentence: str) -> list[str]:
    """The first-person statements the appositions of ``sentence`` make ("I work at Grundfos"), and what a
    relative clause says of a person of the user's ("my dad, who lives in Jaipur": "my dad lives in Jaipur")."""
    out = [f"{m.group('my')} {m.group('rel')}{m.group('name') or ''} {m.group('vp').strip(' .')}"
           for m in _WHO.finditer(sentence)]
    for pattern in _FORMS:
        for m in pattern.finditer(sentence):
            name = m.group("x").strip(" .")
            if re.sub(r"^" + TITLE_RE, "", name).split()[0] in NOT_NAMES:
                continue
            question = asked.ask(f"Who is your {m.group('n').lower()}")
            said = question.say(name) if question is not None else ""
            if said and said not in out:
                out.append(said)
    return out
