"""Readings above the single clause: names in any script, lists joined by "and", and the next message's fix.

- **Names in any script.** The rules find names by an upper-case first letter of the Latin alphabet; "I work
  at Ørsted" or "my wife Åsa" found nothing. :func:`fold_names` gives each word starting with another
  capital an ASCII stand-in for the rules to read ("Orsted"), and :func:`unfold` puts the real name back
  into what they found.
- **Lists.** "I speak Tagalog and Greek" said two things; the rules read the first. :func:`conjoined` finds
  the other items of a list that starts with a value a rule found ("Tagalog and Greek", "squash, judo and
  padel"), of the same shape (names with names, words with words) and closing the clause, so the caller
  can read the clause again once per item. "My brother lives in Nantes and my manager is Aroha" is no list:
  two statements, read as two.
- **The next message's fix.** "My sister just moved to Gdnask." ... "sorry, typo: Gdansk, not Gdnask."
  :func:`next_fix` reads the correction so the caller can read the previous message again with the value
  put right and retract what the slip said.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, replace

from ..core.text import STOP_WORDS
from .base import Fact

_EXTRA = {"Ø": "O", "Æ": "Ae", "Œ": "Oe", "Þ": "Th", "Ð": "D", "Ł": "L", "Đ": "D", "ø": "o", "æ": "ae",
          "œ": "oe", "þ": "th", "ð": "d", "ł": "l", "đ": "d", "ß": "ss", "ı": "i"}
_WORD = re.compile(r"(?<![\w'’])[^\W\d_][\w'’-]*")


def _ascii(word: str) -> str:
    s = "".join(_EXTRA.get(ch, ch) for ch in word)
    s = unicodedata.normalize("NFKD", s)
    return "".join(ch for ch in s if not unicodedata.combining(ch))


def fold_names(text: str) -> tuple[str, dict[str, str]]:
    """``text`` with each word starting with a non-ASCII capital spelt in ASCII, and the way back."""
    back: dict[str, str] = {}

    def swap(m: re.Match[str]) -> str:
        word = m.group(0)
        if word[0].isascii() or not word[0].isupper():
            return word
        plain = _ascii(word)
        if not plain or not plain.isascii() or not plain[0].isupper():
            return word
        back[plain] = word
        return plain

    return _WORD.sub(swap, text), back


def unfold(fact: Fact, back: dict[str, str]) -> Fact:
    """``fact`` with the real names back in its summary, value and evidence (keys are folded anyway)."""
    if not back:
        return fact

    def put(text: str) -> str:
        for plain, real in back.items():
            text = re.sub(r"(?<![\w'’])" + re.escape(plain) + r"(?![\w'’])", real, text)
        return text

    return replace(fact, summary=put(fact.summary), value=put(fact.value), evidence=put(fact.evidence))


_ITEM_CAP = r"[A-Z][\w'’-]*(?:\s+[A-Z][\w'’-]*)?"
_ITEM_LOW = r"[a-z][\w'’-]*(?:\s+[a-z][\w'’-]*)?"
_CLOSE = r"(?=\s*$|\s*[,.;!]|\s+(?:but|too|as well|fluently|equally|both|every|at|on|in|with)\b)"


def _anchor(fact: Fact, text: str) -> str | None:
    """The words of ``fact`` that stand in ``text`` for its value (the value itself, else a word of the summary)."""
    if fact.value and re.search(r"(?<!\w)" + re.escape(fact.value) + r"(?!\w)", text):
        return fact.value
    for word in reversed(fact.summary.split()[1:]):
        w = word.strip(".,;!()")
        if len(w) > 2 and w.lower() not in STOP_WORDS and re.search(r"(?<!\w)" + re.escape(w) + r"(?!\w)", text):
            return w
    return None


def conjoined(fact: Fact, text: str) -> list[tuple[str, str]]:
    """``(item, text with the item in the list's place)`` for each other item of a list that begins with
    ``fact``'s value ("playing badminton, running, and swimming": "running" and "swimming" in its place)."""
    if fact.retract:
        return []
    anchor = _anchor(fact, text)
    if anchor is None:
        return []
    item = _ITEM_CAP if anchor[:1].isupper() else _ITEM_LOW
    m = re.search(r"(?<!\w)" + re.escape(anchor) + r"(?P<rest>(?:\s*,\s*" + item + r")*\s*,?\s+(?:and|or|as well as|"
                  r"plus)\s+(?:also\s+)?" + item + ")" + _CLOSE, text)
    if m is None:
        return []
    items = re.split(r"\s*,\s*(?:and\s+|or\s+)?|\s+(?:and|or|as well as|plus)\s+(?:also\s+)?", m.group("rest"))
    out = []
    for it in (i.strip() for i in items):
        if not it or it.lower() in STOP_WORDS or it.split()[0].lower() in STOP_WORDS or it == anchor:
            continue
        head = text[:m.start()]
        if it.endswith("ing"):  # "playing badminton, running": running, not "playing running"
            head = re.sub(r"\b\w+ing\s+$", "", head)
        out.append((it, head + it + text[m.end():]))
    return out


_DEICTIC = re.compile(r"^(?:(?:so|really|super|pretty|very|just|all)\s+)*(?:you|it|that|those|this|these|something|"
                      r"anything|them|him|her|one|there|stuff|things?)\b", re.IGNORECASE)
_CLAUSE_IN_VALUE = re.compile(r"\b(?:I am|I was|I have|you think|we did|who I)\b", re.IGNORECASE)


def says_something(fact: Fact) -> bool:
    """Whether a fact's value names something: not a pronoun or a pointing word ("Loves something like
    that", "Is obsessed with those" say nothing once the conversation is gone), nor a clause about the
    speaker cut out of a sentence ("Is proud of who I am")."""
    if fact.retract or fact.attribute.startswith(("family:", "pet:")):
        return True
    value = fact.value.strip()
    if value.lower() in ("yes", "like", "dislike", "no"):
        value = re.sub(r"^\S+\s+", "", fact.summary.strip())
    obj = re.sub(r"^(?:(?:is|am|was|has|had|feels?|loves?|likes?|enjoys?)\s+)?(?:(?:so|really|super|pretty|very|"
                 r"quite|just)\s+)*(?:\w+\s+(?:with|of|about|by)\s+)?", "", value, flags=re.IGNORECASE)
    return not _DEICTIC.match(obj) and not _CLAUSE_IN_VALUE.search(value)


_NEXT_FIX = re.compile(
    r"^(?:(?:sorry|oops|whoops|my bad|correction|argh|ugh)\b[,!.:]*\s*)+(?:(?:that was a |a )?typo\b[,!.:]*\s*)?"
    r"(?:I meant\s+|I mean\s+|it should be\s+|should be\s+|it is\s+|it's\s+)?(?P<y>[^,;]+?),?\s+not\s+"
    r"(?P<x>[^,.;!?]+?)[.!]*$", re.IGNORECASE)


@dataclass(frozen=True, slots=True)
class NextFix:
    """A message putting a value of the previous one right: ``wrong`` was said, ``right`` was meant."""

    wrong: str
    right: str


def next_fix(message: str, previous: str) -> NextFix | None:
    """The fix ``message`` makes to ``previous`` (the user's message before it), or None."""
    m = _NEXT_FIX.match(message.strip())
    if m is None:
        return None
    wrong, right = m.group("x").strip(), m.group("y").strip()
    if not re.search(r"(?<!\w)" + re.escape(wrong) + r"(?!\w)", previous, re.IGNORECASE):
        return None
    return NextFix(wrong, right)


def put_right(previous: str, fix: NextFix) -> str:
    return re.sub(r"(?<!\w)" + re.escape(fix.wrong) + r"(?!\w)", fix.right, previous, flags=re.IGNORECASE)
