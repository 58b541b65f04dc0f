"""What an assistant's question asks, so that a short answer can be read as the statement it makes.

"Remind me, where is your sister?" / "graz" says "My sister lives in Graz"; "Which day do you have
piano lessons?" / "on thursdays" says "I have piano lessons every Thursday". :func:`ask` reads a question
into an :class:`Ask`: *who* it is about (the user, "your sister", a name) and *what* about them (a place,
a name, a day, or the thing a noun of the question names: "which languages", "do you have a car", "who's
your boss"). :meth:`Ask.say` puts an answer in that frame. The frames are grammar (where / who / which
day / which N), not sentences of any one conversation; the nouns only choose the verb the rules read best
("I speak X" for languages, "I drive X" for a car) and fall back to "My N is X" for any other noun.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from .lexicon import CAR_MAKES, DIETS, FAMILY, ONE_OFF_RE, PETS, SESSIONS_RE

_DAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
DAY = re.compile(r"\b(?P<d>" + "|".join(_DAYS) + r")s?\b", re.IGNORECASE)
_PEOPLE = sorted((w for w in FAMILY if w not in ("youngest", "eldest", "oldest")), key=len, reverse=True)
_REL = r"(?P<rel>line manager|other half|" + "|".join(re.escape(w) for w in _PEOPLE) + r")"
_NAME = r"(?P<name>[A-ZÀ-Þ][\w'’-]+)"

_WED = "I am {n} to {x}"
# The noun a question asks about -> the statement an answer to it makes ({x}: the answer; {s}: who).
# Order matters: the first noun found in the question wins (the more specific first). A single-valued
# attribute is said in the shape the rules key as one ("My car is X", "My diet is X"), so that the
# answer replaces the value held before instead of standing beside it.
_NOUNS: list[tuple[str, str, str]] = [  # (noun pattern, kind of answer, statement)
    (r"languages?|speak", "list", "I speak {x}"),
    (r"allerg(?:y|ies|ic)", "word", "I am allergic to {x}"),
    (r"diet(?:ary)?|don'?t eat|do not eat|eat anything", "word", "My diet is {x}"),
    (r"sports?|stay active|exercise|work ?out", "word", "My sport is {x}"),
    (r"cars?|drive|driving|vehicle", "thing", "My car is {x}"),
    (r"pets?|animals?", "pet", "I have {x}"),
    (r"kids?|children", "kids", "I have {x}"),
    (r"school", "name", "{S} goes to {x}"),
    # a regular commitment asked without naming it: "Any fixed commitments during the week?"
    (r"commitments?|regular plans|fixed plans|anything regular|evenings? (?:already )?taken", "habit", "I have {x}"),
    (r"job|profession|occupation|do for (?:work|a living)|what do you do", "job", "I work as {x}"),
    (r"employer|company|firm|who do you work for|where do you work|work for", "name", "I work at {x}"),
    (r"boss|line manager|manager|report to|supervisor", "name", "My manager is {x}"),
    (r"married|engaged", "name", _WED),  # "Are you married?" / "yes, to Daniel"
    (r"other half|partner|husband|wife|boyfriend|girlfriend|seeing anyone|person you(?:'re| are) with",
     "name", "My {n} is {x}"),
    (r"city|town|based|live|living|home|where is|where's", "name", "{S} lives in {x}"),
]
_NOUN_WORD = {"report to": "manager", "seeing anyone": "partner", "other half": "partner", "person you're with":
              "partner", "person you are with": "partner"}


_SMALL = frozenset(("of", "in", "at", "and", "on", "for", "de", "da", "do", "dos", "das", "del", "della", "di", "du",
                    "la", "le", "van", "von", "der", "den", "y"))  # a name's small words stay small


@dataclass(frozen=True, slots=True)
class Ask:
    """A question read for its answer: who it is about (``subject``: "I", "My sister", "Noah"), what kind of
    answer it wants (``kind``: name, word, list, thing, pet, day) and the statement it makes (``frame``)."""

    subject: str
    kind: str
    frame: str
    noun: str = ""
    event: str = ""

    def say(self, x: str) -> str:
        """The statement answering ``x`` makes (``x`` already trimmed of fillers)."""
        x = x.strip()
        if self.frame == _WED:  # "yes, to Daniel", "Daniel": a name ("yes, happily!" names no one)
            x = re.sub(r"^to\s+", "", x, flags=re.IGNORECASE)
            if not re.fullmatch(r"[A-ZÀ-Þ][\w'’-]+(?:\s+[A-ZÀ-Þ][\w'’-]+)?", x):
                return ""
        if self.kind == "day":
            m = DAY.search(x)
            if not m:
                return ""
            x = "every " + m.group("d").capitalize()
        elif self.kind == "list":
            x = " and ".join(w.strip().capitalize() if " " not in w.strip() else w.strip()
                             for w in re.split(r"\s*(?:,|\+|&|/|\band\b)\s*(?:and\s+)?(?:some\s+|a bit of\s+)?",
                                               re.sub(r"^(?:some|a bit of)\s+", "", x)) if w.strip())
        elif self.kind == "name" and not re.match(r"^(?:a|an|the|my|our|some)\s", x, re.IGNORECASE):
            # a name said in lower case is still a name ("ana silva"); its small words stay small ("bank of
            # america"), and a description is kept as said ("a hospital in Leeds")
            x = " ".join(w[:1].upper() + w[1:] if w[:1].isascii() and w[:1].isalpha() and w.lower() not in _SMALL
                         else w for w in x.split())
        elif self.kind == "word":
            x = x[:1].lower() + x[1:] if not x[1:2].isupper() else x  # "Vegan" -> "vegan", not "IT" -> "iT"
        elif self.kind == "job":
            x = re.sub(r"^(?:a|an)\s+", "", x, flags=re.IGNORECASE)
            x = ("an " if x[:1].lower() in "aeiou" else "a ") + x[:1].lower() + x[1:]
        elif self.kind == "thing":
            x = re.sub(r"^(?:a|an|the|my)\s+(?:(?:old|new|used|little|battered|second-hand)\s+)*", "", x,
                       flags=re.IGNORECASE)
            x = ("an " if x[:1].lower() in "aeiou" else "a ") + x
        elif self.kind == "habit":  # "just Bible study, every Monday" -> "Bible study every Monday"
            x = re.sub(r"^(?:just|only)\s+", "", x, flags=re.IGNORECASE)
            x = re.sub(r",\s*(?=(?:every|on)\b)", " ", x)
        elif self.kind == "pet":
            named = re.match(r"^(?:(?:just\s+)?(?:the\s+)?one\s*,\s*)?(?P<name>[^\W\d_][\w'’-]*)\s*,\s*"
                             r"(?P<pet>(?:a|an)\s+(?:[\w-]+\s+)?(?:" + "|".join(PETS) + r"))$", x, re.IGNORECASE)
            if named:  # "just the one, otis, a guinea pig"
                x = f"{named.group('pet')} named {named.group('name').capitalize()}"
            x = re.sub(r"^(?:one|a single)\s+", "a ", x, flags=re.IGNORECASE)
            if not re.match(r"^(?:a|an|two|three|\d+)\b", x, re.IGNORECASE):
                x = ("an " if x[:1].lower() in "aeiou" else "a ") + x
        elif self.kind == "kids":
            x = _kids(x)
        frame = self.frame
        if frame.startswith("I am allergic") and x.lower().split()[:1] and x.lower().split()[0] in DIETS:
            frame = "I am {x}"  # "any allergies or dietary needs?" / "vegan": a diet, not an allergy
        if self.kind == "thing" and any(w.lower() in CAR_MAKES for w in x.split()):
            frame = "I drive {x}"  # a known make: the rules read it as the car, in the user's own verb
        subject = self.subject
        if subject in ("I", "we"):
            frame = frame.replace("{S} goes", "I go").replace("{S} lives", "I live")
        x = _without_frame(x, frame.replace("{S}", subject))
        said = frame.format(x=x, S=subject, n=self.noun, e=self.event)
        return said[:1].upper() + said[1:] + "."


_COUNTS = ("one", "two", "three", "four", "five", "six")


def _kids(x: str) -> str:
    """ "two, Ella and Sam" / "Ella and Sam" -> "two kids, Ella and Sam" (the count the rules read names by);
    "two" -> "two kids"; anything else as said."""
    m = re.match(r"^(?P<n>one|two|three|four|five|six|\d)\b\s*,?\s*(?:(?:kids|children)\s*,?\s*)?(?P<rest>.*)$", x,
                 re.IGNORECASE)
    rest = m.group("rest") if m else x
    names = [w for w in re.findall(r"[^\W\d_][\w'’-]*", rest) if w[:1].isupper()]
    if not names and not m:
        return x
    n = m.group("n").lower() if m else _COUNTS[min(len(names), len(_COUNTS)) - 1]
    n = _COUNTS[int(n) - 1] if n.isdigit() and 0 < int(n) <= len(_COUNTS) else n
    if not names:
        return f"{n} {'kid' if n == 'one' else 'kids'}"
    listed = names[0] if len(names) == 1 else ", ".join(names[:-1]) + f" and {names[-1]}"
    return f"a child named {listed}" if n == "one" else f"{n} kids, {listed}"


def _without_frame(x: str, frame: str) -> str:
    """An answer without the words of the frame it is put into, when it says them itself: "allergic to
    peanuts" in "I am allergic to {x}" is "peanuts"."""
    before = frame.split("{x}", 1)[0].lower().split()
    low = x.lower()
    for k in range(len(before)):
        head = " ".join(before[k:]) + " "
        if len(before) - k >= 2 and low.startswith(head):
            return x[len(head):]
    return x


def _subject(q: str) -> tuple[str, str]:
    """Who the question is about: ("My sister", "sister"), ("Noah", ""), or ("I", "")."""
    m = re.search(r"\byour\s+" + _REL + r"\b", q, re.IGNORECASE)
    if m:
        return "My " + m.group("rel").lower(), m.group("rel").lower()
    m = re.search(r"\b(?i:does|is|has|did|will)\s+" + _NAME + r"\b", q)
    if m and m.group("name").lower() not in ("it", "that", "this", "there"):
        return m.group("name"), ""
    return "I", ""


def _weekly(q: str) -> Ask | None:
    """ "Which day do you have therapy?", "When's your choir?", "Is your choir on a fixed day each week?",
    "What day should I avoid because of your choir?", "Which day suits the long run?": which day a habit is on (a
    one-off's day is not asked)."""
    if not re.search(r"\b(?:which|what)\s+days?\b|\bwhen(?:'s|\s+(?:do|is|are|does))\b|\b(?:fixed|regular|usual|"
                     r"same|set)\s+day\b|\b(?:each|every|per)\s+week\b", q, re.IGNORECASE):
        return None
    m = re.search(r"\b(?:do|did) you (?:usually |normally )?(?:have|go to|do|attend|take)\s+(?:your\s+)?"
                  r"(?P<e>[\w' -]+?)(?:\s+(?:usually|normally|each week|every week|these days))?\s*$", q, re.IGNORECASE)
    m = m or re.search(r"\byour\s+(?P<e>[\w' -]+?)(?=\s+(?:on|usually|normally|each|every|these|fall|happen)\b|\s*$)",
                       q, re.IGNORECASE)
    # "Which day is rehearsal, so I can mention it?", "what day is band practice again?": a session's day
    m = m or re.search(r"\b(?:which|what)\s+days?\s+(?:is|are)\s+(?:the\s+)?(?P<e>(?:[\w'-]+\s+){0,2}?(?:"
                       + SESSIONS_RE + r"|choir|therapy))(?=\s*(?:,|$)|\s+(?:again|so|usually|normally|these days)\b)",
                       q, re.IGNORECASE)
    # "Which day suits the long run?", "What day works best for your lessons?"
    m = m or re.search(r"\b(?:suits?|works?(?:\s+best)?(?:\s+for)?|is\s+(?:best|good|easiest)\s+for)\s+"
                       r"(?:you\s+for\s+)?(?:the|your)\s+(?P<e>[\w' -]+?)\s*$", q, re.IGNORECASE)
    if not m or re.search(r"\b" + ONE_OFF_RE + r"\b", m.group("e"), re.IGNORECASE):
        return None
    event = re.sub(r"^(?:weekly|usual|regular)\s+", "", m.group("e").strip(), flags=re.IGNORECASE)
    return Ask("I", "day", "I have {e} {x}", event=event)


# "What's her name?", "what did you call him?": the name of someone the user just spoke of
_WHOSE_NAME = re.compile(r"^what(?:'s|’s|\s+is)\s+(?P<p>his|her)\s+name$"
                         r"|^what\s+(?:did|will|do)\s+you\s+(?:name|call)\s+(?P<p2>him|her)$", re.IGNORECASE)
_HOW_IS_IT = re.compile(r"^how\s+(?:are|is|was|were|do|did|does)\s+"
                        r"(?:you|things|it|that|(?:the|your)\s+(?:[\w-]+\s+){0,2}?[\w-]+)\s*"
                        r"(?:finding|liking|getting on|going|enjoying|like|feel|find|settling)\b", re.IGNORECASE)


def ask(question: str, context: str = "") -> Ask | None:
    """What ``question`` (the assistant's last question, its end mark dropped) asks, or None.

    ``context`` is the assistant's text before it ("Would your partner join? What's their name?": "their"
    is the partner), used to find who a pronoun is and the noun a bare "which one" stands for.
    """
    q = re.sub(r",\s*(?:so|or|if|because|and|for|by the way|roughly|just)\b.*$", "", question.strip().rstrip("?"),
               flags=re.IGNORECASE).strip()
    q = re.sub(r"^(?:remind me|quick question|just checking|and|so|ok|okay|also)\s*[,:]?\s+", "", q,
               flags=re.IGNORECASE)
    whose = _WHOSE_NAME.match(q)
    if whose:  # the rules read "Her name is X" as the name of whoever "her" is (extract.base.Context.pronoun)
        said = (whose.group("p") or whose.group("p2")).lower()
        return Ask("I", "name", ("His" if said in ("his", "him") else "Her") + " name is {x}")
    weekly = _weekly(q)
    if weekly is not None:
        return weekly
    if _HOW_IS_IT.match(q):  # "How are you finding electric driving?": how it feels, not what it is
        return None
    text = f"{context} {question}" if re.search(r"\b(?:their|his|her|it|one|they|he|she)\b|\bany$", q,
                                                re.IGNORECASE) else question  # "... dietary needs. Do you have any?"
    subject, rel = _subject(q)
    if subject == "I" and re.search(r"\b(?:he|she|his|her|their|they|one|it)\b", q, re.IGNORECASE):
        subject, rel = _subject(context)
    for noun, kind, frame in _NOUNS:
        m = re.search(r"\b(?:" + noun + r")\b", text, re.IGNORECASE)
        if not m:
            continue
        word = m.group(0).lower()
        if frame.startswith("My {n}") and rel and rel not in ("other half", "line manager") and \
                "{S}" not in frame and re.search(r"\byour\s+" + re.escape(rel), q, re.IGNORECASE):
            word = rel
        word = _NOUN_WORD.get(word, word)
        if word in ("partner", "husband", "wife", "boyfriend", "girlfriend") or frame.startswith("My {n}"):
            subject = "I"
        if "{S} lives" in frame and subject == "I" and not re.search(r"\b(?:where|city|town|based|live|living|home)\b",
                                                                      q, re.IGNORECASE):
            continue
        return Ask(subject, kind, frame, noun=word)
    return _generic(q)


def _generic(q: str) -> Ask | None:
    """Any other attribute, by the question's grammar: "Who is your supervisor?" -> "My supervisor is X",
    "What's your favourite tea?" -> "My favourite tea is X", "What instrument do you play?" -> "I play X"."""
    # "What's your son's name and age?": the name is asked, whatever else is asked with it
    m = re.match(r"^(?P<wh>who|what)(?:'s|’s|\s+is|\s+are)\s+your\s+(?P<n>[a-z][\w -]{1,30}?)"
                 r"(?:(?P<named>['’]s name)(?:\s+and\s+(?:(?:his|her|their)\s+)?[a-z]+)?)?$", q, re.IGNORECASE)
    if m:
        kind = "name" if m.group("wh").lower() == "who" or m.group("named") else "word"
        return Ask("I", kind, "My {n} is {x}", noun=m.group("n").lower())
    m = re.match(r"^(?:which|what)\s+(?:kind of\s+|sort of\s+|type of\s+)?[a-z]+\s+do\s+you\s+(?P<v>[a-z]+)"
                 r"(?P<rest>(?:\s+[a-z]+){0,2})$", q, re.IGNORECASE)
    if m and m.group("v").lower() not in ("think", "mean", "want", "need", "recommend", "prefer", "like"):
        return Ask("I", "word", "I {n}" + m.group("rest") + " {x}", noun=m.group("v").lower())
    return None


def named_person(fragment: str) -> str | None:
    """ "Björn, my husband" / "Göran, my tortoise" -> the statement the apposition makes, or None."""
    m = re.match(r"^(?P<x>[^\W\d_][\w'’-]*),?\s+(?:my|our)\s+(?P<rel>" + "|".join(
        re.escape(w) for w in [*_PEOPLE, *PETS]) + r")$", fragment.strip(), re.IGNORECASE)
    if not m:
        return None
    x, rel = m.group("x"), m.group("rel").lower()
    x = x[:1].upper() + x[1:] if x[:1].isascii() else x
    return f"I have a {rel} called {x}." if rel in PETS else f"My {rel} is {x}."
