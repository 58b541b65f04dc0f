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
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from ..core.text import STOP_WORDS
from .base import Fact
from .lexicon import DIETS, JOB_HEADS, LANGS
from .text import is_activity, with_make

# a bare "sorry," / "oops," before the value (checked to be one: :func:`value_like`)
_BARE_CUE = r"(?P<bare>sorry|oops|whoops|my bad)(?=\s*[,!:])|(?P<actually>actually)"
_TRIGGER = (r"(?:sorry,?\s+I\s+(?:mean|meant)|I\s+meant|no\s+wait|wait,?\s+no|or\s+rather|correction:?|"
            r"oops,?\s+I\s+mean|scratch\s+that|" + _BARE_CUE + ")")
# a remark about the slip after the replacement: "Nestlé, I always mix those up", "Leeds, lol"
_AFTERTHOUGHT = (r"(?:\s*[,;(-]\s*(?:I\s+(?:always|keep|constantly|often)\s+(?:mix|confuse|get)\b[^.!?]*|lol|haha|ha|"
                 r"ugh|oops|my brain)[.!)]*)?")
_INLINE = re.compile(r"^(?P<before>.+?)(?:\s*(?:,|\.\.\.|…|;|-|—|–)\s*|\s+)" + _TRIGGER + r"[,:!]?\s+(?P<y>.+?)"
                     r"(?:,?\s+not\s+(?P<x>[^,.!?]+))?[.!]*(?:\s+(?:typo|my bad|sorry|oops)[.!]*)?"
                     + _AFTERTHOUGHT + "$",
                     re.IGNORECASE)
# (a bare "sorry" needs its comma: "sorry Radiohead" after a new favourite is an apology to the old one)
_ALONE = re.compile(r"^(?:" + _TRIGGER + r"|correction)[,:!]?\s+(?P<y>.+?)(?:,?\s+not\s+(?P<x>[^,.!?]+))?[.!]*$",
                    re.IGNORECASE)
_ARTICLE = re.compile(r"^(?:a|an|the)\s+", re.IGNORECASE)
_MAX_WORDS = 4


@dataclass(frozen=True, slots=True)
class Correction:
    """``before`` (the corrected statement, or "" for the previous clause), the replacement, the slip if named."""

    before: str
    replacement: str
    slip: str | None = None


# a fix in brackets: "goes to Bayside Primary (ugh, I mean Hillcrest Academy)"
_BRACKETED_FIX = re.compile(r"\s*\(\s*(?:(?:ugh|oops|sorry|no|argh|whoops)\s*[,!]?\s*)*(?:I mean|I meant|sorry|oops)"
                            r"\s*[,:]?\s*(?P<y>[^()]+?)\s*\)", re.IGNORECASE)


def find(sentence: str) -> Correction | None:
    """The correction a (contraction-expanded) sentence makes, if any."""
    s = _BRACKETED_FIX.sub(lambda m: f", sorry, I mean {m.group('y')}", _marks_off(sentence.strip()))
    m = _INLINE.match(s)
    if m and _taken(m):
        return Correction(m.group("before").strip(" ,."), _clean(m.group("y")), _opt(m.group("x")))
    m = _ALONE.match(s)
    if m and _taken(m):
        return Correction("", _clean(m.group("y")), _opt(m.group("x")))
    return None


def _taken(m: re.Match[str]) -> bool:
    """A match of :data:`_INLINE` / :data:`_ALONE` that is a correction: a short replacement, a value after a
    bare "sorry," (:func:`value_like`), the slip named after "actually" ("Juno... actually Pépite, not Juno")."""
    return _short(m.group("y")) and (not m.group("bare") or value_like(_clean(m.group("y")))) and (
        not m.group("actually") or bool(m.group("x")))


# what a correction adds about the slip: "wait no, Kivra, Klarna was my old job" -> "wait no, Kivra, not Klarna"
# ... or a slip named after the value: "Monday was a typo", "no idea why I wrote Sunday"
_REMARK = re.compile(r"[,.;]\s*(?:(?P<x>[A-Z][\w'’-]*(?:\s+[A-Z][\w'’-]*)?)\s+(?:was|is)\s+"
                     r"(?:my\s+old\s+\w+|the\s+old\s+one|wrong|a\s+typo|a\s+mistake|before)"
                     r"|(?i:(?:I\s+)?(?:do not know|don't know|no idea|not sure)\s+why\s+I\s+"
                     r"(?:typed|wrote|said|put)\s+)"
                     r"(?P<typed>[\w'’-]+(?:\s+[\w'’-]+)?))[.!]*$")


def _remark(s: str) -> str:
    return _REMARK.sub(lambda m: f", not {m.group('x') or m.group('typed')}", s)


def _marks_off(s: str) -> str:
    """``s`` with a slip named after the value as ", not X" and the apologies at its end dropped (the slip is
    read first: "Thursday was a typo" ends with a word the apologies hold)."""
    return _remark(_TAILS.sub("", _remark(s)))


def slip(text: str, facts: Sequence[Fact], named: str | None, replacement: str = "") -> str | None:
    """The words of ``text`` that the correction replaces, or None when nothing in it can be the slip."""
    low = text.lower()
    if named and named.lower() in low:
        return named
    if replacement and replacement.lower() in _WEEKDAYS:  # a day put right: the day the clause names
        days = [d for d in _WEEKDAYS if re.search(rf"\b{d}s?\b", low)]
        if len(days) == 1:
            return re.search(rf"\b{days[0]}", text, re.IGNORECASE).group(0)  # type: ignore[union-attr]
    for f in reversed([f for f in facts if not f.attribute.startswith(("family:", "pet:"))] or list(facts)):
        if f.value and len(f.value) > 1 and re.search(r"(?<!\w)" + re.escape(f.value.lower()) + r"(?!\w)", low):
            return f.value
        words = f.summary.split()
        for i in range(1, len(words)):
            tail = " ".join(words[i:])
            if re.search(r"(?<!\w)" + re.escape(tail.lower()) + r"(?!\w)", low):
                return tail
    return None


_LAST_NAME = re.compile(r"(?-i:[^\W\d_a-z])[\w'’-]*(?:\s+(?-i:[^\W\d_a-z])[\w'’-]*){0,2}$")


def named_last(fix: Correction) -> str | None:
    """The words a correction of a statement no rule read takes the place of: the slip when named, else the
    name closing the corrected part ("I am at Bosch, no wait, Nestlé": Bosch), when the replacement is one too."""
    if fix.slip and re.search(r"(?<!\w)" + re.escape(fix.slip) + r"(?!\w)", fix.before, re.IGNORECASE):
        return fix.slip
    m = _LAST_NAME.search(fix.before.rstrip(" .!"))  # closing a statement, not all of it ("Sorry, I meant X")
    return m.group(0) if m and m.start() > 0 and fix.replacement[:1].isupper() and m.group(0).split()[0] != "I" \
        else None


def apply(text: str, wrong: str, replacement: str) -> str:
    """``text`` with the slip replaced (an article before the slip is kept, the replacement's own dropped; a
    name written in lower case takes the slip's capitals: "Nokia. sorry, ericsson!")."""
    rep = _ARTICLE.sub("", replacement) if re.search(r"\b(?:a|an|the)\s+" + re.escape(wrong), text, re.IGNORECASE) \
        else replacement
    if wrong[:1].isupper() and rep.islower():
        rep = " ".join(w[:1].upper() + w[1:] for w in rep.split())
    return re.sub(r"(?<!\w)" + re.escape(wrong) + r"(?!\w)", rep, text, count=1, flags=re.IGNORECASE)


def _short(y: str) -> bool:
    return 0 < len(_clean(y).split()) <= _MAX_WORDS


# a replacement said as a clause about its subject: "sorry, Jamal's in Houston, not Atlanta" replaces with "Houston"
_SUBJECT_THEN = re.compile(r"^(?:[A-Z][\w'’-]+|he|she|they|it|that)(?:['’]s|\s+is|\s+are|\s+lives|\s+works)\s+"
                           r"(?:in|at|for|with|from)\s+(?P<v>.+)$", re.IGNORECASE)


def _clean(y: str) -> str:
    """The replacement alone: no end marks (an asterisk marks a fix: "Bruges*"), no "it is" before it."""
    y = re.sub(r"^(?:(?:it|that)\s+(?:is|was)|its|thats)\s+", "",  # "its wednesday": chat spells "it's" so
               re.sub(r"[.!*]+$", "", y.strip().lstrip("*")).strip(" ,"), flags=re.IGNORECASE)
    m = _SUBJECT_THEN.match(y)
    return m.group("v") if m else y


_NOT_VALUE_WORDS = STOP_WORDS | frozenset(("gotta", "got", "run", "go", "going", "wrong", "late", "reply", "forgot",
                                           "brb", "bye", "again", "chat", "thread", "question", "ignore"))


def value_like(y: str) -> bool:
    """Whether what follows a bare "sorry," can be a value put right ("Wednesday", "Bruges"), not an apology
    for something else ("for the late reply", "gotta run", "wrong chat")."""
    ws = y.lower().split()
    return 0 < len(ws) <= 3 and not any(w.strip(",.!?") in _NOT_VALUE_WORDS for w in ws)


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


def restated(message: str) -> bool:
    """Whether ``message`` says a statement again with the value it denies ("sorry, I work at Ericsson, not
    Telenor"): read as a statement, never as a value to put into the message before."""
    s = message.strip()
    opened = _OPEN.match(s)
    rest = s[opened.end():] if opened else s
    return bool(_STATES.match(rest)) and not re.match(r"^I\s+(?:meant|mean)\b", rest, re.IGNORECASE) and \
        re.search(r",?\s+not\s+\w", rest) is not None


def without_preamble(sentence: str) -> str:
    """ "Small correction to what I told you: I live in Bergen, not Calgary." -> the statement; "sorry, I
    am a dentist, not a chef" -> the statement; a fix of a value said in an earlier conversation, as the
    statement it makes when the values say what they are (:func:`typed`)."""
    s = _TO_WHAT.sub("", sentence.strip(), count=1)
    opened = _OPEN.match(s)
    if opened and restated(s):
        return s[opened.end():]
    return typed(s)


def not_tail(sentence: str) -> tuple[str, str] | None:
    """ "I live in Bergen, not Calgary." -> ("I live in Bergen", "Calgary"): a statement and the value it denies."""
    m = _NOT_TAIL.match(sentence.strip())
    if not m or _NOT_WORDS.match(m.group("x").strip()) or len(m.group("x").split()) > _MAX_WORDS:
        return None
    if not re.match(r"^(?:I|we|my|our|[A-Z][a-z]+)\b", m.group("s")):
        return None
    return m.group("s").strip(" ,"), _ARTICLE.sub("", m.group("x").strip())


# "it's not lactose, it's gluten I can't have", "not Leeds, it's Bradford where I live", "it's not Arup I work
# for, it's Arcadis", "I'm not allergic to nuts, it's shellfish": a value put right by saying what it is not.
_NP = r"(?P<{}>(?:(?:a|an|the|my)\s+)?[\w'’-]+(?:\s+[\w'’-]+){{0,3}}?)"
_IT_IS = r"(?:it|that|the right one|the real one)\s*(?:is|'s|’s|was)\s+(?:actually\s+|really\s+)?"
_CLEFT = (
    re.compile(r"^(?:" + _IT_IS + r")?not\s+" + _NP.format("x") + r",\s*" + _IT_IS + _NP.format("y") + r"\s+"
               r"(?:(?P<rel>that|which|what|who|where|when)\s+)?(?P<cl>(?:I|we)\s+.+?)[.!]*$", re.IGNORECASE),
    re.compile(r"^" + _IT_IS + r"not\s+" + _NP.format("x") + r"\s+(?:(?P<rel>that|which|who|where|when)\s+)?"
               r"(?P<cl>(?:I|we)\s+.+?),\s*" + _IT_IS + _NP.format("y") + r"[.!]*$", re.IGNORECASE),
)
_PREPOSITIONS = ("to", "of", "in", "at", "for", "with", "from", "on", "about", "into", "by")
_DENIED_VP = re.compile(r"^(?P<s>I|we)\s+(?P<aux>am|are|do|does)\s+not\s+(?P<vp>(?:[\w'’-]+\s+){0,3}?(?:"
                        + "|".join(_PREPOSITIONS) + r")|[\w'’-]+)\s+" + _NP.format("x") + r",\s*(?:" + _IT_IS
                        + r"|only\s+|just\s+)" + _NP.format("y") + r"[.!]*$", re.IGNORECASE)
_GAP = {"where": " in", "when": " on"}
_NOT_VALUES = re.compile(r"^(?:what|which|this|these|those|true|fine|good|great|ok|okay|nice|funny|weird|annoying|"
                         r"boring|hard|easy|complicated|fair|like)\b", re.IGNORECASE)


def _values(m: re.Match[str]) -> bool:
    """Whether both sides of a "not X, it's Y" name things, not "not that I hate it, it's just boring"."""
    return not any(_NOT_WORDS.match(v) or _NOT_VALUES.match(v) for v in (m.group("x"), m.group("y")))


def cleft(sentence: str) -> str:
    """A value put right by saying what it is not, as the statement and the value denied ("I cannot have gluten,
    not lactose"), which :func:`not_tail` reads; any other sentence unchanged."""
    s = sentence.strip()
    opened = _OPEN.match(s)
    body = s[opened.end():] if opened else s
    for pattern in _CLEFT:
        m = pattern.match(body)
        if m and _values(m):
            rel = (m.group("rel") or "").lower()
            return f"{m.group('cl')}{_GAP.get(rel, '')} {m.group('y')}, not {m.group('x')}"
    m = _DENIED_VP.match(body)
    if m and _values(m) and not _ARTICLE.match(m.group("vp") + " ") and (
            m.group("aux").lower() in ("do", "does") or m.group("vp").split()[-1].lower() in _PREPOSITIONS):
        be = f" {m.group('aux')}" if m.group("aux").lower() in ("am", "are") else ""
        return f"{m.group('s')}{be} {m.group('vp')} {m.group('y')}, not {m.group('x')}"
    return sentence


def replacement_value(replacement: str) -> str | None:
    """ "it's Initech" / "it is a Golf" -> the value; None when the replacement is a statement of its own."""
    m = re.match(r"^(?:it|that)\s+(?:is|was|'s)\s+(?P<y>.+?)[.!]*$", replacement.strip(), re.IGNORECASE)
    return m.group("y").strip() if m else None


# A message that puts an earlier value right, however it is said: "wait, I meant Cork", "one fix from our
# last chat: karoq, not forester", "I think I said Saturday earlier, it's Thursday", "ignore what I said
# about Mkiael, it's Mikael", "going back to what I said: Philips was wrong, it's Carlsberg", "about what I
# said before, Grundfos? no, Nestlé". :func:`said_fix` reads the value meant and the one it replaces (None
# when only the new one is said); :func:`earlier_fix` finds the earlier message it puts right.
_OPEN = re.compile(r"^(?:(?:btw|by the way|oh|oops|whoops|argh|ugh|sorry|my bad|actually|wait|hang on|hold on|"
                   r"erm|er|hmm|no|nope|ok|okay|also|and|so|lol|scratch that|(?:stupid\s+|damn\s+)?auto-?correct(?:ed)?"
                   r"(?:\s+(?:strikes again|again|fail(?:ed)?))?)\b[,!.:;-]*\s*|\*\s*)+", re.IGNORECASE)
_ABOUT = re.compile(r"^(?:(?:one|a|small|quick|tiny|little|minor|more|last|other|final)\s+)*(?:fix|correction|typo|"
                    r"mistake)"
                    r"(?:\s+(?:from|to|about|on|in|for)\s+[\w' ]+?|\s+(?:earlier|before|last time|the other day|"
                    r"above))?\s*[:,-]\s*"
                    r"|^I\s+(?:got|had)\s+(?:something|that|it|one thing)\s+wrong(?:\s+(?:before|earlier|last time|"
                    r"the other day))?\s*[:,-]\s*"
                    r"|^I\s+(?:mistyped|misspelled|misspelt|made a typo|made a mistake|typed (?:it|that) wrong)"
                    r"(?:\s+(?:that|it|there|earlier|before))?\s*[:,-]\s*"
                    r"|^(?:going\s+)?back\s+to\s+what\s+I\s+(?:said|told you|wrote)(?:\s+(?:before|earlier|last time))?"
                    r"\s*[:,-]\s*"
                    r"|^(?:about|re|regarding|on)\s+what\s+I\s+(?:said|told you|wrote)(?:\s+(?:before|earlier|"
                    r"last time))?\s*[:,-]?\s*"
                    r"|^(?:from|about|re|regarding|on)\s+(?:our|my|the|last|what|yesterday)\b[\w' ]{0,30}?:\s*",
                    re.IGNORECASE)
_TAILS = re.compile(r"(?:,?\s+(?:my mistake|my bad|sorry|oops|typo|lol|haha|(?:stupid\s+|damn\s+)?auto-?correct(?:ed)?|"
                    r"i always mix (?:them|those|it) up|"
                    r"(?:I|i) (?:keep|always) (?:mixing|getting) (?:them|it|that) (?:up|wrong)))+[.!]*$", re.IGNORECASE)
_SHAPES = [re.compile(p, re.IGNORECASE) for p in (
    r"^(?:I\s+)?(?:meant|mean|meant to say|meant to write)\s+(?P<y>[^,]+?),?\s+not\s+(?:a\s+|an\s+|the\s+)?"
    r"(?P<x>[^,]+?)$",
    r"^(?:I\s+)?(?:meant|mean|meant to say|meant to write)\s+(?P<y>[^,]+?)$",
    r"^(?:(?:I think|I believe)\s+)?(?:last time\s+|earlier\s+|before\s+)?I\s+(?:said|told you|wrote|typed|put)\s+"
    r"(?P<x>[^,]+?)(?:\s+(?:earlier|before|last time|the other day))?,?\s+(?:but\s+)?" + _IT_IS + r"(?P<y>[^,]+?)$",
    r"^(?:please\s+)?(?:ignore|forget|scratch)\s+what\s+I\s+(?:said|told you|wrote)\s+about\s+(?P<x>[^,]+?)\s*[,;:-]\s*"
    + _IT_IS + r"(?P<y>[^,]+?)$",
    r"^(?P<x>[^,]+?)\s+(?:was|is)\s+(?:wrong|a typo|a mistake|incorrect|not right)\s*[,;:-]?\s*" + _IT_IS
    + r"(?P<y>[^,]+?)$",
    r"^(?P<x>[^,?]+?)\?\s*(?:no|nope|nah)\b[,.!]?\s+(?:" + _IT_IS + r")?(?P<y>[^,]+?)$",
    r"^(?:" + _IT_IS + r")?(?P<y>[^,]+?),?\s+not\s+(?:a\s+|an\s+|the\s+)?(?P<x>[^,]+?)$",
    r"^not\s+(?:a\s+|an\s+|the\s+)?(?P<x>[^,]+?)\s*[,;:]\s*(?:" + _IT_IS + r")?(?P<y>[^,]+?)$",  # "not Kraków, Leeds"
)]
# a fix said without an opener ("sorry", "one fix: ")
# ("earlier I said X, that was wrong: Y" is a retake, read whole by ``earlier``, not a fix of one value)
_SAYS_FIX = re.compile(r"^(?:I\s+(?:think|believe)\b|I\s+(?:said|meant)\b|(?:(?:last time|earlier|before)\s+)?I\s+"
                       r"(?:told you|wrote|typed)\b|(?:please\s+)?(?:ignore|forget)\b|"
                       r"[^,?]+?\s+was\s+(?:wrong|a typo)|[^,?]+\?\s*no\b)", re.IGNORECASE)
_NAME_ONLY = re.compile(r"^[A-ZÀ-Þ][\w'’-]*(?:\s+[A-ZÀ-Þ][\w'’-]*)?$")
_WEEKDAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
_STATES = re.compile(r"^(?:I|I'm|I am|i'm|my|we|our|he|she|they)\b", re.IGNORECASE)


@dataclass(frozen=True, slots=True)
class Fix:
    """A value put right: ``right`` was meant, ``wrong`` (or the value said just before, when None) was said."""

    right: str
    wrong: str | None = None


def said_fix(message: str) -> Fix | None:
    """The value ``message`` puts right, when the whole message is such a fix; None for anything else
    (a statement that denies a value, "I work at Ericsson, not Telenor", is read as a statement)."""
    said = message.strip().rstrip(".!")
    s = _marks_off(said).strip()
    opener = _OPEN.match(s)
    opened = bool(opener) or s != _remark(said) or s.endswith("*")  # "Byte!! not Pixel, sorry", "Bruges*"
    body = s[opener.end():] if opener else s.rstrip("*")
    about = _ABOUT.match(body)
    body = body[about.end():] if about else body
    body = _OPEN.sub("", body).strip().rstrip(".!")
    if not (opened or about) and not _SAYS_FIX.match(body):
        return None
    if opened and re.match(r"(?i)(?:sorry|oops|whoops|wait|no|nope|my bad)\b|\*", s) and _NAME_ONLY.match(body):
        return Fix(body)  # "sorry, Mac (autocorrect)": the name meant, in place of the last one said
    for pat in _SHAPES:
        m = pat.match(body)
        if not m:
            continue
        y = _ARTICLE.sub("", _clean(m.group("y").strip(" ,.!")))
        x = _ARTICLE.sub("", m.group("x").strip(" ,.!?")) if "x" in m.groupdict() and m.group("x") else None
        if not y or _STATES.match(y) or re.match(r"^to\s", y, re.IGNORECASE) or len(y.split()) > _MAX_WORDS or \
                (x and len(x.split()) > _MAX_WORDS):
            return None
        return Fix(y, x)
    return None


# "Brody, not Brady", "it's Kiara not Kaira lol": a name put right with no "sorry" before it
_NAMES_FIX = re.compile(r"^(?:(?i:it)['’]?s\s+)?(?P<y>[A-ZÀ-Þ][\w'’-]*(?:\s+[A-ZÀ-Þ][\w'’-]*)?),?\s+not\s+"
                        r"(?P<x>[A-ZÀ-Þ][\w'’-]*(?:\s+[A-ZÀ-Þ][\w'’-]*)?)$")


def names_fix(message: str) -> Fix | None:
    """A name put right as "Y, not X" alone, with no opener: a fix only of an X said before, which
    :func:`earlier_fix` checks (with nothing to put right, "Python, not Java" answers a question)."""
    m = _NAMES_FIX.match(_TAILS.sub("", message.strip()).rstrip(".!"))
    return Fix(m.group("y"), m.group("x")) if m and m.group("y") != m.group("x") else None


def _said_in(word: str, text: str) -> str | None:
    """The form of ``word`` in ``text`` ("Saturday" is in "on Saturdays" as "Saturdays"), or None."""
    m = re.search(r"(?<![\w-])" + re.escape(word) + r"(?P<s>s|es)?(?![\w-])", text, re.IGNORECASE)
    return m.group(0) if m else None


def earlier_fix(message: str, said: Sequence[Any], recent: Sequence[Fact]) -> tuple[Fix, Any] | None:
    """(the fix, the earlier user message it puts right) for a message such as "wait, I meant Cork".

    ``said`` are the user's earlier messages (events, oldest first), ``recent`` the facts read so far. With
    the slip named, the latest message naming it is the one put right (in a plural, the fix is too: "on
    Saturdays" -> "on Thursdays"); without, the message just before, and the value a fact of it holds (else
    its last capitalised word). None when no earlier message of the batch is put right (the fix is then
    read as a statement, see :func:`typed`).
    """
    fix = said_fix(message) or names_fix(message)
    if fix is None or not said:
        return None
    if fix.wrong is not None:
        for ev in reversed(said):
            form = _said_in(fix.wrong, ev.content or "")
            if form is None:
                continue
            if form.lower() != fix.wrong.lower() and fix.wrong.lower() in _WEEKDAYS:
                # "on Saturdays" is every Saturday: said so, the day is one word the fix can replace
                every = re.sub(r"(?:\bon\s+)?(?<![\w-])" + re.escape(form) + r"(?![\w-])", "every " + fix.wrong,
                               ev.content, flags=re.IGNORECASE)
                return Fix(fix.right, fix.wrong), replace(ev, content=every)
            named = with_make(ev.content, form, fix.right)
            if named != form:
                return Fix(fix.right, named), ev  # "*toyota yaris not ioniq": the make goes too
            return Fix(fix.right + form[len(fix.wrong):], form), ev
        return None
    if re.search(r"\d|\b(?:" + "|".join(_WEEKDAYS) + r"|today|tomorrow|tonight|next|noon)\b", fix.right, re.IGNORECASE):
        return None  # "sorry, I meant Friday": a date put right, which the event rules revise themselves
    before = said[-1]
    text = before.content or ""
    values = [f.value for f in recent if f.event_id == before.id and not f.retract and f.value
              and not f.attribute.startswith(("family:", "pet:")) and _said_in(_ARTICLE.sub("", f.value), text)]
    if values:
        return Fix(fix.right, _ARTICLE.sub("", values[-1])), before
    names = [w for w in re.findall(r"(?<=\s)[A-Z][\w-]*", text) if not (w.isupper() and len(w) > 3) and w != "I"]
    return (Fix(fix.right, names[-1]), before) if names and len(fix.right.split()) <= 2 else None


def typed(sentence: str) -> str:
    """A fix of a value said in an earlier conversation, as the statement it makes when the values say
    what they are ("gluten-free, not dairy-free" -> "I am gluten-free, not dairy-free"); else unchanged."""
    fix = said_fix(sentence)
    if fix is None or fix.wrong is None:
        return sentence
    y, x = fix.right, fix.wrong
    for kind, frame in _TYPED:
        if kind(y) and kind(x):
            return frame.format(y=y, x=x)
    return sentence


def _is_job(w: str) -> bool:
    return w.lower().split()[-1] in JOB_HEADS


_TYPED: list[tuple[Callable[[str], bool], str]] = [
    (lambda w: w.lower() in DIETS, "I am {y}, not {x}."),
    (lambda w: w.lower() in LANGS, "I speak {y}, not {x}."),
    (_is_job, "I work as a {y}, not a {x}."),
    (is_activity, "My sport is {y}, not {x}."),
]
