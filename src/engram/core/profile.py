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

from .text import plain_letters

Ask = Literal["all", "prefs"]

_ROLE = r"(?:customer|user|client|person|caller|patient|member|guest)"
_SUBJECT = rf"(?:me|myself|us|him|her|them|(?:this|the|our|my) {_ROLE})"
# how far back the question reaches, said at its end: "what have you learned about me so far?"
_SO_FAR = r"(?:,?\s+(?:so far|till now|until now|up to now|to date|yet|already|by now))?"
_ABOUT = re.compile(rf"\babout {_SUBJECT}{_SO_FAR}\s*[?.!]*\s*$")
_WHO = re.compile(r"^\s*(?:who am i|what do you know|what have you (?:got|stored|learned|learnt|noted)|"
                  r"(?:describe|summari[sz]e) (?:me|myself))" + _SO_FAR + r"\s*[?.!]*\s*$")
# what the person has told, asked back: "what have I told you so far?", "what details have I shared with you?"
_TOLD = re.compile(r"^\s*what(?: \w+){0,2} (?:have|did) (?:i|we) (?:told|tell|shared|share|said|say|mentioned|mention)"
                   r"(?: to| with)? you(?: about (?:me|myself|us|ourselves))?" + _SO_FAR + r"\s*[?.!]*\s*$")
# the person's record as a whole: "what's in my profile?", "a summary of my profile", "what personal details do
# you have?"
_PROFILE = re.compile(r"^\s*(?:what|show|give|tell|read|list|describe|summari[sz]e|recap|pull up)\b[^?.!]*\b(?:"
                      r"(?:my|his|her|their|our|the (?:customer|user|client)'?s?|this (?:customer|user|client)'?s?)"
                      r" (?:profile|personal (?:details|info|information|data))|personal (?:details|info|information)"
                      r" (?:do|did|have) (?:you|u) (?:have|know|keep|store|hold))" + _SO_FAR +
                      r"(?:,?\s*please)?\s*[?.!]*\s*$")
_OWNER = r"(?:my|his|her|their|our|the (?:customer|user|client)'?s?|this (?:customer|user|client)'?s?)"
_PREFS = re.compile(
    rf"(?:\b{_OWNER} (?:preferences|likes and dislikes|likes|dislikes|tastes|habits)\s*[?.!]*\s*$)"
    r"|(?:^\s*what (?:do|does) (?:i|he|she|they|the (?:customer|user|client)) (?:like|prefer|enjoy)"
    r"(?: and (?:dislike|hate|not like))?\s*[?.!]*\s*$)"
    r"|(?:^\s*what (?:did|have) (?:i|we) (?:said|say|told you|tell you) (?:i|we) (?:prefer|like)\s*[?.!]*\s*$)")
# A person named in a request for everything on them ("what have you got on Priya?", "brief me on Mr Okafor"):
# a capitalised name of one to three words, a title allowed. Read on the text as written (capitals matter).
_TITLE = (r"(?:(?:Mr|Mrs|Ms|Miss|Mx|Dr|Prof|Sir|Dame|Madam|Mme|Madame|Monsieur|Herr|Frau|Signora|Signor|Señora|Señor|"
          r"Sra|Sr|Reverend|Rev|Father|Pastor|Imam|Rabbi|Auntie|Uncle)\.?\s+)")
_WHEN = (r"(?:Mondays?|Tuesdays?|Wednesdays?|Thursdays?|Fridays?|Saturdays?|Sundays?|January|February|March|April|May|"
         r"June|July|August|September|October|November|December|Christmas|Easter|Today|Tomorrow)\b")
_NAME = (r"(?P<name>" + _TITLE + r"?(?!" + _WHEN + r")(?-i:[^\W\d_a-z][\w'’-]*)(?:\s+(?-i:[^\W\d_a-z][\w'’-]*)){0,2})")
_WHOM = rf"(?:{_SUBJECT}|{_NAME})"
# what asks for everything on someone: what is known or kept about them, or a summary of it ("for" is not one
# of its words: "a recipe for Pad Thai", "planned for Friday", "summarise the notes for me")
_END = r"\s*(?:,?\s*please)?\s*[?.!]*\s*$"
_OVERVIEW = tuple(re.compile(p, re.IGNORECASE) for p in (
    r"(?:\b(?:you|we|u)\b(?:\s+[\w']+){0,3}?\s+(?:know|remember|recall|have|got|stored|saved|kept|noted|learned|"
    r"learnt)|\b(?:should|must|do) (?:i|we)(?: need to)? know|\b(?:summar(?:y|ise|ize)|overview|rundown|run-down|"
    r"lowdown|low-down|profile|background|briefing|brief me|full picture|big picture|fill me in|catch me up|recap))"
    r"(?:\s+[\w']+){0,4}?\s+(?:about|on|of|regarding) " + _WHOM + _SO_FAR + _END,
    r"\bon (?:file|record) (?:for|about|on|regarding) " + _WHOM + _SO_FAR + _END))
# how the person wants to be dealt with: "how does he like to be treated?", "how should I talk to her?", "any
# rules for this client?", "what are her standing instructions?" (not by which channel or name: "how should we
# reach her?", "how does he like to be addressed?" ask after one preference, an ordinary search)
_TREATED = r"(?:treated|handled|approached|served|spoken to|talked to|dealt with|helped|looked after)"
_DEAL = r"(?:treat|handle|approach|serve|speak to|talk to|deal with|communicate with|work with|help|look after)"
_HOW = tuple(re.compile(p, re.IGNORECASE) for p in (
    rf"^\s*how (?:does|do|would|should|will) (?:he|she|they|i|we|{_WHOM}) (?:like|want|prefer|wish|expect)s? "
    rf"(?:to be {_TREATED}|me to|us to|things|it\b)",
    rf"^\s*how (?:should|do|must|can|would) (?:i|we) (?:best )?{_DEAL}\b[^?.!]*\b{_WHOM}\s*[?.!]*\s*$",
    rf"\b(?:preferences|rules|instructions|guidelines|dos and don'?ts|do's and don'?ts|etiquette|wishes)\b[^?.!]*"
    rf"\b(?:for|with|about|on|regarding|when) (?:\w+ing )?{_WHOM}\s*[?.!]*\s*$",
    rf"^\s*what (?:does|do) (?:he|she|they|{_WHOM}) (?:prefer|want|expect|like)(?: from (?:me|us))?"
    r"(?: when\b| from (?:me|us)\s*[?.!]*\s*$)",
    r"\b(?:respect|keep in mind|bear in mind|be aware of|watch out for|avoid)\b[^?.!]*\b(?:when|with|for)\b[^?.!]*"
    r"\b(?:him|her|them|(?:this|the|our) (?:customer|user|client|person|caller|patient|member|guest))\s*[?.!]*\s*$",
    r"\b(?:his|her|their|my|the (?:customer|user|client)'?s?|this (?:customer|user|client)'?s?) "
    r"(?:standing |general |usual |house )?(?:rules|instructions|guidelines|wishes|dos and don'?ts|requirements)"
    r"\s*[?.!]*\s*$"))


def named(query: str) -> str | None:
    """The person a question about the subject names, when it names one ("Brief me on Mr Okafor": "Okafor");
    None when it speaks of "me", "her", "the customer" or is no such question. A name some record holds is a
    third party's: the caller searches first (a question about the person names them only when nothing
    stored does)."""
    said = " ".join(query.replace("’", "'").split())
    for pattern in (*_OVERVIEW, *_HOW):
        m = pattern.search(said)
        if m is not None and "name" in pattern.groupindex and m.group("name"):
            return re.sub(r"^" + _TITLE, "", m.group("name"), flags=re.IGNORECASE).strip()
    return None


PIN, PREFERENCE, FACT, OTHER = range(4)
# the score a record gets for such a question, by its class: relevance by subject, not by a match
CLASS_SCORE = {PIN: 1.0, PREFERENCE: 0.9, FACT: 0.8, OTHER: 0.6}


def names(name: str, text: str) -> bool:
    """Whether ``text`` names ``name`` (whole words, letters folded: "Zoë" names "Zoe")."""
    pattern = r"(?<![\w'’-])" + re.escape(plain_letters(name).lower()) + r"(?![\w'’-])"
    return re.search(pattern, plain_letters(text).lower()) is not None


def asks_about_subject(query: str) -> Ask | None:
    """``"prefs"`` for a question about the subject's preferences, ``"all"`` for one about the subject as a
    whole, None for anything else (a question about one thing of theirs, "what do you know about my dog?",
    is an ordinary search)."""
    said = " ".join(query.replace("’", "'").split())
    text = said.lower()
    if _PREFS.search(text) or any(p.search(said) for p in _HOW):
        return "prefs"
    if _ABOUT.search(text) or _WHO.search(text) or _TOLD.search(text) or _PROFILE.search(text) or \
            any(p.search(said) for p in _OVERVIEW):
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
