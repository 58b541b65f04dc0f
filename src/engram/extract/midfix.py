"""A slip put right where it is said, by a value of the same shape. Pure.

People correct a word the moment they say it, in many ways: "my husband Marco, sorry Mario, is a chef", "my
sister lives in Porto - no, Braga actually", "my manager is Tom, err, Tim", "I live in Ghent (no, Bruges, I
always say Ghent)", "tennis on Tuesdays, I mean Thursdays", "I'm vegetarian, I mean vegan", "I drive a Polo.
Wait, not a Polo, a Golf." Whatever the cue, the replacement has the shape of the word it replaces (a name
after a name, a day after a day, a number after a number, a plain word after a plain word), and that shape,
not a list of attributes, finds the slip. :func:`rewrite` returns the message as meant, so every rule reads
only the value put right and the slip leaves nothing behind.

A plain word is put right only after a cue that is a correction on its own ("sorry", "I mean", "or rather"),
never after "no" or a hesitation ("I have a dog, no cat" is not a fix).
"""

from __future__ import annotations

import itertools
import re

from .corrections import value_like
from .recurrence import DAY

_STRONG = (r"sorry|oops|whoops|my bad|I mean|I meant(?: to say)?|or rather|rather|make that|correction|"
           r"scratch that|wait")
_WEAK = r"no|nope|nah|err?|erm|um+|uh+|well|actually|ugh"
_CUE = rf"(?:{_STRONG}|{_WEAK})"
_APOLOGY = re.compile(r"(?:sorry|oops|whoops|my bad)", re.IGNORECASE)
# where a fix starts: after a comma, a dash, an ellipsis or an opening bracket (or a space before a firm cue), cues
_CUES = rf"(?P<cues>{_CUE}(?:\s*[,!:-]?\s*{_CUE}){{0,2}})\b\s*[,:!-]?\s*"
_START = re.compile(rf"(?P<sep>\s*(?:,|;|\.\.\.|…|\(|[-–—]+)|\s+(?=(?:(?:{_WEAK})\s+)?(?:{_STRONG})\b))\s*" + _CUES,
                    re.IGNORECASE)
# "I live in Leeds. Sorry, Bradford." / "Our dog is Max... I mean Maxi": a sentence that is only the fix
_CUE_SENTENCE = re.compile(r"(?<=[.!?])\s+" + _CUES, re.IGNORECASE)
# what may follow the replacement: a remark about the slip, then the end of the clause
_TAIL = re.compile(r"^(?:\s*,?\s*(?:really|actually|definitely|I mean|sorry|my mistake|my bad|lol|haha|oops))*"
                   r"(?:\s*(?=$|[,.;!?)])|(?=\s*[\u2013\u2014]|\s+-+\s))", re.IGNORECASE)  # a dash ends a clause too
_ARTICLE = re.compile(r"^(?:a|an|the)\s+", re.IGNORECASE)
_GOES_ON = re.compile(r"\s*(?:I|he|she|they|we|it|that|this|which|who|and|but|so|because|since|as)\b")
_MOVED_ON = re.compile(r"\b(?:new|now|switched|moved on|replaced|instead|favou?rites?|overtaken|these days)\b",
                       re.IGNORECASE)
_NOT_NAMES = frozenset(("I", "I'm", "My", "Our", "We", "The", "A", "An"))
# "X. Not X, Y" / "X. Wait, not a X, a Y": the slip named in the next sentence
_NOT_SENTENCE = re.compile(r"[.!]\s+(?:(?:wait|sorry|oops|no)\s*[,!]?\s*)*not\s+(?:a\s+|an\s+|the\s+)?"
                           r"(?P<x>[^,.!?]+?)\s*,\s*(?:(?:it|that)\s*(?:is|'s|’s)\s+)?(?:a\s+|an\s+|the\s+)?"
                           r"(?P<y>[^,.!?]+?)(?P<tail>\s*,\s*(?:my mistake|my bad|sorry|oops|typo|"
                           r"I always mix (?:them|those) up))?\s*(?=[.!]|$)", re.IGNORECASE)


def _plain(words: str) -> bool:
    """Whether plain words can be a value put right: one or two, no function word ("love it"), no leave-taking
    ("gotta run": :func:`~engram.extract.corrections.value_like`)."""
    return len(words.split()) <= 2 and value_like(words)


def _capital(word: str) -> bool:
    return word[:1].isupper()


def _shape(word: str) -> str:
    if re.fullmatch(DAY + "s?", word, re.IGNORECASE):
        return "day"
    if word[:1].isdigit():
        return "number"
    return "name" if _capital(word) else "word"


def _run_before(text: str, shape: str, count: int) -> tuple[int, str] | None:
    """Where the slip starts in ``text`` (what precedes the cue) and the slip: the trailing run of words of
    ``shape`` (names: up to three capitalised words; plain words: as many as the replacement has)."""
    words = list(re.finditer(r"[\w'’-]+", text))
    if not words or text[words[-1].end():].strip():
        return None
    if shape == "name":
        run = []
        for w in reversed(words[-3:]):
            if not _capital(w.group()) or w.group() in _NOT_NAMES:
                break
            run.append(w)
        if not run or not text[:run[-1].start()].strip() or re.search(r"[.!?]\s*$", text[:run[-1].start()]):
            return None  # a sentence's first word is capitalised whatever it is
        start = run[-1].start()
    else:
        tail = words[-count:]
        if len(tail) < count or any(_shape(w.group()) != shape for w in tail):
            return None
        start = tail[0].start()
    return start, text[start:]


def _replacement(rest: str, goes_on: bool) -> tuple[str, str, int] | None:
    """The replacement at the start of ``rest`` (its article dropped), its shape and how much of ``rest`` the fix
    takes (with the remark after it); None when it does not end its clause (a name after a firm cue may go on
    with the sentence: "no, Elmwood Primary this term")."""
    article = _ARTICLE.match(rest)
    skip = article.end() if article else 0
    words = _contiguous(list(re.finditer(r"[\w'’-]+", rest[skip:])))
    if not words or words[0].start():
        return None
    shape = _shape(words[0].group())
    if shape == "name":
        run = _contiguous([w for w in words if _capital(w.group()) and w.group() not in _NOT_NAMES][:3])
        run = run if run and run[0] is words[0] else []
    else:
        run = words[:1] if shape in ("day", "number") else words[:2]
    for n in range(len(run), 0, -1):  # the longest run that ends the clause
        end = skip + run[n - 1].end()
        tail = _TAIL.match(rest[end:])
        if tail is not None:
            return rest[skip:end], shape, end + tail.end()
    if run and shape == "name" and goes_on:
        return rest[skip:skip + run[-1].end()], shape, skip + run[-1].end()
    return None


def _contiguous(words: list[re.Match[str]]) -> list[re.Match[str]]:
    """The first words of ``words`` with one space between each (a comma or more ends them)."""
    out = words[:1]
    for prev, w in itertools.pairwise(words):
        if prev.end() + 1 != w.start():
            break
        out.append(w)
    return out


def _apology(m: re.Match[str], before: str) -> bool:
    """A bare "sorry" (no mark after it) after something new is said to the old one: "new favourite: Fontaines.
    sorry Wolf Alice"; elsewhere it puts a slip right ("rex.. sorry rexy", "Marco, sorry Mario, is a chef")."""
    return _APOLOGY.fullmatch(m.group("cues")) is not None and not re.search(r"[,:!-]\s*$", m.group(0)) and \
        _MOVED_ON.search(before) is not None


def _fits(slip: str, value: str, firm: bool) -> bool:
    """Plain words put right need a firm cue and a value on both sides ("nurse, sorry, a midwife")."""
    return _shape(slip.split()[0]) != "word" or (firm and _plain(value) and _plain(slip))


def _slip(before: str, value: str, shape: str, firm: bool) -> tuple[int, str, str] | None:
    """Where the slip starts in ``before``, the slip, and the value as it replaces it: a name written in lower
    case puts a name right too ("Rex. sorry rexy", "anna, i mean hanna"), taking its capitals."""
    slip = _run_before(before, shape, len(value.split()))
    if slip is None and firm and shape == "word" and _plain(value) and " " not in value:
        slip = _run_before(before, "name", 1)
        value = value[:1].upper() + value[1:]
    return (slip[0], slip[1], value) if slip is not None and slip[1].lower() != value.lower() else None


Edit = tuple[int, int, str]  # replace text[start:end] with the string


def _inline(text: str) -> list[Edit]:
    """The first fix said inside a clause ("Porto - no, Braga"), as edits of ``text``; [] when there is none."""
    for m in _START.finditer(text):
        cues = m.group("cues")
        firm = re.search(rf"\b(?:{_STRONG})\b", cues, re.IGNORECASE) is not None
        got = _replacement(text[m.end():], firm or m.group(0).rstrip().endswith(","))
        if got is None:
            continue
        value, shape, taken = got
        slip = _slip(text[:m.start()], value, shape, firm)
        if slip is None or _apology(m, text[:m.start()]) or not _fits(slip[1], slip[2], firm):
            continue
        end = m.end() + taken
        if m.group("sep").strip() == "(":  # the rest of the bracket is about the slip
            close = text.find(")", end)
            end = close + 1 if close >= 0 else len(text)
        elif m.group("sep").strip() == "," and text[end:end + 1] == "," and not _GOES_ON.match(text[end + 1:]):
            end += 1  # "Marco, sorry Mario, is a chef": the commas closed the fix, not a clause
        return [(slip[0], end, slip[2])]
    return []


def _next_sentence(text: str) -> list[Edit]:
    """The first "X. Not X, Y" in ``text``, as edits: the slip put right and the fixing sentence dropped."""
    for m in _NOT_SENTENCE.finditer(text):
        slip, value = m.group("x").strip(), m.group("y").strip()
        if len(value.split()) > 3 or slip.lower() == value.lower():
            continue
        at = list(re.finditer(r"(?<![\w'’-])" + re.escape(slip) + r"(?![\w'’-])", text[:m.start()], re.IGNORECASE))
        if at:
            end = m.end() + 1 if text[m.end():m.end() + 1] in (".", "!") else m.end()
            return [(m.start() + 1, end, ""), (at[-1].start(), at[-1].end(), value)]
    return []


def _cue_sentence(text: str) -> list[Edit]:
    """The first sentence that is only a fix ("Sorry, Bradford."), as edits: the last word of the sentence before
    it of the replacement's shape put right, and the fixing sentence dropped."""
    for m in _CUE_SENTENCE.finditer(text):
        firm = re.search(rf"\b(?:{_STRONG})\b", m.group("cues"), re.IGNORECASE) is not None
        got = _replacement(text[m.end():], False)
        if got is None or (got[1] == "word" and " " in got[0]):
            continue
        value, shape, taken = got
        end = m.end() + taken
        if text[end:end + 1] in (".", "!"):
            end += 1
        elif text[end:].strip():
            continue
        said = text[:m.start()].rstrip(".!? ")
        opened = max(said.rfind(". "), said.rfind("! "), said.rfind("? "))
        last = _last_run(said[opened + 1:], shape, opened + 1)
        slip = _slip(said, value, shape, firm) or (
            (last[0], last[1], value) if last is not None and last[1].lower() != value.lower() else None)
        if slip is None or _apology(m, said[opened + 1:]) or not _fits(slip[1], slip[2], firm):
            continue
        return [(m.start(), end, ""), (slip[0], slip[0] + len(slip[1]), slip[2])]
    return []


def _last_run(sentence: str, shape: str, offset: int) -> tuple[int, str] | None:
    """The last day, number or name (not the sentence's first word) of ``sentence``, at ``offset`` + its start."""
    if shape == "word":
        return None
    words = list(re.finditer(r"[\w'’-]+", sentence))
    for i in range(len(words) - 1, 0, -1):
        w = words[i].group()
        if _shape(w) == shape and (shape != "name" or w not in _NOT_NAMES):
            start = i
            while shape == "name" and start > 1 and i - start < 2 and _capital(words[start - 1].group()) and \
                    words[start - 1].end() + 1 == words[start].start():
                start -= 1
            return offset + words[start].start(), sentence[words[start].start():words[i].end()]
    return None


# "Wednesday nights, sorry, Tuesday nights": a day put right with the word that goes with it said again
_DAY_PHRASE = re.compile(rf"\b(?P<slip>{DAY}s?)(?P<with>\s+[a-z]+)\s*[,;-]?\s*(?P<cues>{_STRONG})\s*[,:!-]?\s*"
                         rf"(?P<value>{DAY}s?)(?P=with)\b", re.IGNORECASE)


def _day_phrase(text: str) -> list[Edit]:
    m = _DAY_PHRASE.search(text)
    if m is None or m.group("slip").lower() == m.group("value").lower():
        return []
    return [(m.start(), m.end(), m.group("value") + m.group("with"))]


def first(text: str) -> list[Edit]:
    """The edits that put right the first slip ``text`` corrects (non-overlapping, last first); [] for none."""
    return _day_phrase(text) or _inline(text) or _next_sentence(text) or _cue_sentence(text)


def rewrite(message: str) -> str:
    """``message`` with every slip it puts right replaced by what was meant (unchanged when it puts none right)."""
    text = message
    for _ in range(4):
        edits = first(text)
        if not edits:
            break
        for start, end, new in sorted(edits, reverse=True):
            text = text[:start] + new + text[end:]
    return text
