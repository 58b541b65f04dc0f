"""Names said in passing that nothing else kept: "we're driving to Munich to see our daughter Anke". Pure.

The rules read the shapes they were written for, and statements (:mod:`.statements`) keep first-person
disclosures but not requests or plans. People name the places, people and things of their lives inside both
("need a tiffin idea for my son Aarav", "taking it to Baton Rouge to see my mama"). When a sentence that speaks
of the user (I, my, we, our) names something no fact of its message names, the clause that names it is kept as
a statement in the third person, so the name is not lost; consolidation matches it by meaning like any other
statement. Questions and hedges are not read: "would Iceberg do in Bath?" asks, "thinking of moving to Berlin"
wonders; neither tells.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from ..core.text import STOP_WORDS, key_terms
from ..core.timeref import WEEKDAYS
from .lexicon import HEDGES, NOT_NAMES
from .statements import ENDING, third_person
from .text import split_clauses

_NAME = re.compile(r"(?<![\w'’-])(?-i:[^\W\d_a-z])[\w'’.-]*[\w'’](?:\s+(?-i:[^\W\d_a-z])[\w'’.-]*[\w'’])*")
_SPEAKER = re.compile(r"\b(?:I|my|we|our|me|us)\b", re.IGNORECASE)
_OPENER = re.compile(r"^(?:(?:also|and|so|but|oh|well|ok|okay|yes|yeah|no|hi|hey|hello|morning|evening|update|"
                     r"anyway|btw|plus|then|just|honestly|actually)\b[\s,!:-]*)+", re.IGNORECASE)
_NOT_A_NAME = NOT_NAMES | frozenset(("Need", "Can", "Could", "Would", "Will", "Please", "Help", "Any", "Is", "Are",
                                     "Do", "Does", "Did", "Have", "Has", "Thanks", "Thank", "Nice", "Good",
                                     "Great", "Sounds", "Perfect", "Brilliant", "Lovely", "Exactly", "True"))
# days are when, not what (NOT_NAMES holds them and the months): "cannot do Mondays" names no new thing
_DAYS = frozenset(f"{d.capitalize()}s" for d in WEEKDAYS)
# a change or an end names the old value beside the new: the rules of endings and switches read those
_CHANGE = re.compile(r"\b(?:replaced|switched|swapped|traded|instead|changed?|jumped ship|new|laid off|redundant|"
                     r"fired|let go|passed away|died|relocated|moved|gone off|goodbye|bye)\b", re.IGNORECASE)
RULE = "named"  # Fact.rule of a name kept in passing (a statement, kept only if no stored record names it)
MAX_WORDS = 25  # a longer clause is a story, not a fact to keep
NEW_SHARE = 0.5  # a clause is kept only when most of its content words are not in what was found already


def names(sentence: str) -> list[str]:
    """The names ``sentence`` says: runs of capitalised words, without leading words capitalised only because they
    open a sentence or are not names (a stop word, a greeting, a day or a month); a single word that opens
    ``sentence`` is not counted."""
    out = []
    for m in _NAME.finditer(sentence):
        words = m.group(0).split()
        while words and (words[0] in _NOT_A_NAME or words[0] in _DAYS or words[0].lower() in STOP_WORDS):
            words = words[1:]
        if len(words) == 1 and (len(words[0]) < 2 or m.start() == 0):
            continue  # one capitalised word opening the text is as often a verb ("Look what ...") as a name
        if words:
            out.append(" ".join(words).rstrip("."))
    return out


def _over(text: str) -> bool:
    return ENDING.search(text) is not None or _CHANGE.search(text) is not None


def kept(sentence: str, said: Sequence[str]) -> list[str]:
    """Third-person statements of the clauses of ``sentence`` that name what none of ``said`` (the summaries
    and values found in its message) names, when the sentence speaks of the user and is not a question."""
    if sentence.rstrip().endswith("?") or not _SPEAKER.search(sentence) or _over(sentence):
        return []  # a sentence that tells of an end or a change names the old value beside it: the rules read it
    known = " ".join(said).lower()
    terms = set(key_terms(known))
    out: list[str] = []
    for clause in split_clauses(sentence.rstrip(".!")):
        clause = _OPENER.sub("", clause).strip(" ,;-")
        if not 3 <= len(clause.split()) <= MAX_WORDS or clause.endswith("?") or HEDGES.search(clause):
            continue
        lost = [n for n in names(clause) if n.lower() not in known]
        own = set(key_terms(clause))
        if not lost or len(own & terms) > (1 - NEW_SHARE) * len(own):
            continue  # nothing lost, or mostly what a fact found says already (it would be a second, fused copy)
        summary = third_person(clause)
        if summary not in out:
            out.append(summary)
            known += " " + summary.lower()
            terms |= own
    return out
