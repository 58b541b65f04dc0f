"""Speakers correcting themselves: "I live in Lyon, sorry, I mean Lille", "X... no wait, Y", "Correction: Y, not X".

A correction names a replacement (and sometimes the slip). :func:`find` reads one sentence: either the
correction follows what it corrects in the same sentence (``before`` is that part) or the sentence is only
the correction and refers to the previous clause. :func:`slip` finds, in the corrected clause, the words
the replacement takes the place of: the slip when it is named, else a fact's value, else the longest tail
of a fact's summary that the clause contains. The extractor then reads the clause again with the
replacement in place, and the slip's facts are dropped.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from .base import Fact

_TRIGGER = (r"(?:sorry,?\s+I\s+(?:mean|meant)|I\s+meant|no\s+wait|wait,?\s+no|or\s+rather|correction:?|"
            r"oops,?\s+I\s+mean)")
_INLINE = re.compile(r"^(?P<before>.+?)(?:\s*(?:,|\.\.\.|…|;|-|—|–)\s*|\s+)" + _TRIGGER + r"[,:]?\s+(?P<y>.+?)"
                     r"(?:,?\s+not\s+(?P<x>[^,.!?]+))?[.!]*(?:\s+(?:typo|my bad|sorry|oops)[.!]*)?$", re.IGNORECASE)
_ALONE = re.compile(r"^(?:" + _TRIGGER + r"|correction|sorry)[,:]?\s+(?P<y>.+?)(?:,?\s+not\s+(?P<x>[^,.!?]+))?[.!]*$",
                    re.IGNORECASE)
_ARTICLE = re.compile(r"^(?:a|an|the)\s+", re.IGNORECASE)
_MAX_WORDS = 4


@dataclass(frozen=True, slots=True)
class Correction:
    """``before`` (the corrected statement, or "" for the previous clause), the replacement, the slip if named."""

    before: str
    replacement: str
    slip: str | None = None


def find(sentence: str) -> Correction | None:
    """The correction a (contraction-expanded) sentence makes, if any."""
    s = sentence.strip()
    m = _INLINE.match(s)
    if m and _short(m.group("y")):
        return Correction(m.group("before").strip(" ,."), _clean(m.group("y")), _opt(m.group("x")))
    m = _ALONE.match(s)
    if m and _short(m.group("y")):
        return Correction("", _clean(m.group("y")), _opt(m.group("x")))
    return None


def slip(text: str, facts: Sequence[Fact], named: str | None) -> str | None:
    """The words of ``text`` that the correction replaces, or None when nothing in it can be the slip."""
    low = text.lower()
    if named and named.lower() in low:
        return named
    for f in reversed([f for f in facts if not f.attribute.startswith(("family:", "pet:"))] or list(facts)):
        if f.value and len(f.value) > 1 and re.search(r"(?<!\w)" + re.escape(f.value.lower()) + r"(?!\w)", low):
            return f.value
        words = f.summary.split()
        for i in range(1, len(words)):
            tail = " ".join(words[i:])
            if re.search(r"(?<!\w)" + re.escape(tail.lower()) + r"(?!\w)", low):
                return tail
    return None


def apply(text: str, wrong: str, replacement: str) -> str:
    """``text`` with the slip replaced (an article before the slip is kept, the replacement's own dropped)."""
    rep = _ARTICLE.sub("", replacement) if re.search(r"\b(?:a|an|the)\s+" + re.escape(wrong), text, re.IGNORECASE) \
        else replacement
    return re.sub(r"(?<!\w)" + re.escape(wrong) + r"(?!\w)", rep, text, count=1, flags=re.IGNORECASE)


def _short(y: str) -> bool:
    return 0 < len(_clean(y).split()) <= _MAX_WORDS


def _clean(y: str) -> str:
    return re.sub(r"[.!]+$", "", y.strip()).strip(" ,")


def _opt(x: str | None) -> str | None:
    return _clean(x) if x else None


# A statement taken back later, in its own message: "Earlier I said I work at Globex, that was wrong: it's Initech."
_EARLIER = re.compile(r"^(?:(?:earlier|before|last time|previously),?\s+)?I\s+(?:said|told you|mentioned)\s+"
                      r"(?:that\s+)?(?P<s>.+?),?\s+(?:but\s+)?(?:that|which)\s+(?:was|is)\s+"
                      r"(?:wrong|not right|a mistake|incorrect|not true)\s*[:;,.-]?\s*(?P<r>.+)$", re.IGNORECASE)
_TO_WHAT = re.compile(r"^(?:(?:a|one|small|quick|tiny)\s+)*correction\s+to\s+what\s+I\s+(?:told you|said)"
                      r"(?:\s+(?:before|earlier|last time))?\s*[:,-]\s*|^(?:(?:a|one)\s+)?(?:small|quick|tiny)\s+"
                      r"correction\s*[:,-]\s*(?=(?:I|my|we|our)\b)", re.IGNORECASE)
_NOT_TAIL = re.compile(r"^(?P<s>.+?)(?:,\s+(?:actually,?\s+)?|\s+actually,?\s+)not\s+(?P<x>[^,.!?]+?)[.!]*$",
                       re.IGNORECASE)
_NOT_WORDS = re.compile(r"^(?:only|sure|yet|really|much|bad|now|today|anymore|any more|always|often|at all|that|"
                        r"so|too|very|quite|even|just|to|for|because|if|when|me|us|you|him|her|them|it)\b",
                        re.IGNORECASE)


@dataclass(frozen=True, slots=True)
class Retake:
    """A statement said again: ``said`` was wrong and ``replacement`` ("it's Initech", or a statement) is right."""

    said: str
    replacement: str


def earlier(sentence: str) -> Retake | None:
    """ "Earlier I said X, that was wrong: Y" (contraction-expanded)."""
    m = _EARLIER.match(sentence.strip())
    if not m:
        return None
    return Retake(m.group("s").strip(" ,"), m.group("r").strip())


def without_preamble(sentence: str) -> str:
    """ "Small correction to what I told you: I live in Bergen, not Calgary." -> the statement."""
    return _TO_WHAT.sub("", sentence.strip(), count=1)


def not_tail(sentence: str) -> tuple[str, str] | None:
    """ "I live in Bergen, not Calgary." -> ("I live in Bergen", "Calgary"): a statement and the value it denies."""
    m = _NOT_TAIL.match(sentence.strip())
    if not m or _NOT_WORDS.match(m.group("x").strip()) or len(m.group("x").split()) > _MAX_WORDS:
        return None
    if not re.match(r"^(?:I|we|my|our|[A-Z][a-z]+)\b", m.group("s")):
        return None
    return m.group("s").strip(" ,"), _ARTICLE.sub("", m.group("x").strip())


def replacement_value(replacement: str) -> str | None:
    """ "it's Initech" / "it is a Golf" -> the value; None when the replacement is a statement of its own."""
    m = re.match(r"^(?:it|that)\s+(?:is|was|'s)\s+(?P<y>.+?)[.!]*$", replacement.strip(), re.IGNORECASE)
    return m.group("y").strip() if m else None
