"""Group ``user`` (first part): where the user lives and comes from, their name, age and birthday.

The ``user`` group reads first-person statements only (its guard): clauses starting "I", "we", "my",
"our" and a few chat openings ("landed in ...", "new address ..."). Its rules continue in
:mod:`~engram.extract.rules.work`, :mod:`~engram.extract.rules.health` and
:mod:`~engram.extract.rules.details`, in that order.
"""

from __future__ import annotations

import re

from .. import recurrence
from ..base import Clause, Context, Fact, make_fact, when_suffix
from ..lexicon import AWAY_RE, MONTH_WORDS, NATIONALITIES, NO_PLACE, NOT_NAMES, PLACE
from ..registry import configure, rule
from ..text import trim_np

_OTHER_PLACE = r"[A-Z][\w'’.-]*(?:\s+[A-Z][\w'’-]*)*"


def _first_person(c: Clause) -> bool:
    """A clause about the user: said in the first person (or with the subject left out: "still vegan", "as
    someone who is vegan"), or a habit said by its rhythm with no one else as its subject ("choir is on
    Thursdays", "Tuesday nights are for climbing": the user's habit)."""
    return bool(re.match(r"^(?:I|we|my|our|being|both|new|address|landed|arrived|settled|home|as someone|still|fully|"
                         r"strictly|(?:business|company|shop) name)\b", c.text,
                         re.IGNORECASE)) or recurrence.find(c.text) is not None \
        or recurrence.moved_back(c.text) is not None


configure("user", when=_first_person)


_BE_IN = re.compile(r"\b(?:am|are)\s+(?:now\s+|currently\s+|still\s+)?(?:staying\s+|stuck\s+)?in\s+$")
_A_STAY = re.compile(r"\s*,?\s+(?:for|on)\s+(?:a|an|the|my|our|work|business|\w+\s+(?:days|nights|weeks))\b"
                     r"|\s*,?\s+(?:until|till|this week|this weekend|tonight|today)\b", re.IGNORECASE)


@rule("user")
def residence(c: Clause, ctx: Context) -> list[Fact] | None:
    """"I live in Lisbon", "we just moved to Porto (from Lisbon)", "I'm based in Berlin", "I live with my parents in
    Nairobi" (with whom is said of the home, not instead of it)."""
    t = c.text
    m = re.match(r"^(?:I|we)\s+(?:(?:now|currently|still|just|recently|finally|also|actually)\s+)*"
                 r"(?:(?:live|am living|are living|reside|have lived|have been living)"
                 r"(?:\s+with\s+(?:my|our|a|an|two|three)\s+[\w'’ -]{1,30}?)?\s+in|"
                 r"(?:have\s+)?(?:just\s+|recently\s+|finally\s+)?(?:moved|relocated)\s+(?:back\s+)?(?:home\s+)?"
                 r"(?:from\s+" + _OTHER_PLACE + r"\s+)?(?:to|into)|do not want to (?:relocate|move)\s+(?:away\s+)?from|"
                 r"(?:have\s+)?(?:just\s+|finally\s+)?moved\s+in\s+together\s+(?:in|to)|"
                 r"(?:am|are)\s+(?:now\s+|currently\s+|still\s+)?(?:based|living|staying|settled|stuck)\s+in|"
                 r"(?:am|are)\s+(?:now\s+|currently\s+|still\s+)?in|"
                 r"(?P<soon>(?:am|are)\s+(?:moving|relocating)\s+(?:back\s+)?to|will\s+(?:be\s+)?(?:moving|relocating)\s+"
                 r"to|will\s+(?:move|relocate)\s+to|will\s+(?:be\s+)?(?:live|living)\s+in))\s+" + PLACE, t)
    if not m or m.group("place").split()[0] in NO_PLACE:
        return None
    if _BE_IN.search(t[:m.start("place")]) and (re.search(AWAY_RE, t) or _A_STAY.match(t[m.end():])):
        return None  # "I'm in Lisbon for a conference", "we're in Rome for the weekend": a stay, not a home
    place, when = m.group("place"), when_suffix(c)
    moved = re.search(r"\b(?:moved|relocated)\b", m.group(0))
    if m.group("soon"):  # "we are moving to Tromsø in August": the new home, from when it is said to start
        since = f"from {when.split(' ', 1)[-1]}" if when else "moving there"
        return [make_fact(c, "user", "residence", place, f"Lives in {place} ({since})", "fact")]
    out = [make_fact(c, "user", "residence", place, f"Lives in {place}" + (f" (moved {when})" if moved and when
                                                                               else ""), "fact")]
    mfrom = re.search(r"\bfrom\s+" + PLACE, t[m.end():])
    if mfrom:
        out.append(make_fact(c, "user", "residence", mfrom.group("place"), "", "fact", retract=True))
    return out


@rule("user")
def home_unit(c: Clause, ctx: Context) -> list[Fact] | None:
    """"We moved into flat 4B": the unit the user lives in."""
    t = c.text
    m = re.search(r"\b(?P<kind>flat|apartment|apt|unit|room|suite)\s+(?P<u>\d+[A-Za-z]?|[A-Za-z]\d+)\b", t)
    if not m or not re.match(r"^(?:I|we)\s+(?:(?:now|currently|still|just|also|have)\s+)*(?:live|rent|moved|am in|"
                             r"are in|am living|stay|own|have moved)\b", t, re.IGNORECASE):
        return None
    unit = trim_np(t[m.start():])
    return [make_fact(c, "user", "home_unit", f"{m.group('kind')} {m.group('u')}", f"Lives in {unit}", "fact")]


@rule("user")
def arrived_to_stay(c: Clause, ctx: Context) -> list[Fact] | None:
    """"Landed in Dublin, this is home now": an arrival that says it is for good."""
    m = re.match(r"^(?:I\s+|we\s+)?(?:just\s+|have\s+|have just\s+)?(?P<verb>landed|arrived|settled)\s+in\s+"
                 + PLACE, c.text)
    if not m or (m.group("verb") != "settled" and not re.search(
            r"\b(?:home|live here|living here|moved|move here|for good|next \w+ years)\b", c.raw, re.IGNORECASE)):
        return None
    return [make_fact(c, "user", "residence", m.group("place"), f"Lives in {m.group('place')}", "fact")]


@rule("user")
def bought_home(c: Clause, ctx: Context) -> list[Fact] | None:
    """"We bought a house in Amersfoort!", "I just got a flat in Leith", "we moved into a new flat in Glasgow": the
    user's home from now (not "a holiday home", "a house for my mum")."""
    m = re.match(r"^(?:I|we)\s+(?:have\s+)?(?:(?:just|finally|also)\s+)?(?:bought|purchased|got|found|moved\s+into)\s+"
                 r"(?:a|an|our|my)\s+(?:(?:new|own|first|little|small|tiny|big)\s+)*(?:house|flat|apartment|home|"
                 r"place|condo|cottage)\s+in\s+" + PLACE, c.text)
    if not m or m.group("place").split()[0] in NO_PLACE:
        return None
    return [make_fact(c, "user", "residence", m.group("place"), f"Lives in {m.group('place')}", "fact")]


@rule("user")
def moved_away(c: Clause, ctx: Context) -> list[Fact] | None:
    """"I no longer live in Leeds", "we moved out of Paris", "we are leaving Lyon at the end of the month" (a move
    said ahead ends the old home when said, as a move to a new one does): retracts that residence."""
    m = re.match(r"^(?:I|we)\s+(?:(?:no longer|do not)\s+live\s+in|(?:have\s+)?moved\s+(?:away\s+)?(?:out of|from)|"
                 r"(?:am|are)\s+(?:leaving|moving\s+(?:away\s+)?(?:out of|from)))\s+" + PLACE
                 + r"(?![\w'’-])(?!\s+(?:for|on|tomorrow|tonight|today|this|next)\b)", c.text)
    if not m:
        return None
    return [make_fact(c, "user", "residence", m.group("place"), f"No longer lives in {m.group('place')}", "fact",
                      retract=True)]


@rule("user")
def home_is_in(c: Clause, ctx: Context) -> list[Fact] | None:
    """"my flat is in Gracia" (a lower-case "my" only)."""
    m = re.match(r"^my\s+(?:home|house|flat|apartment)\s+is\s+in\s+" + PLACE, c.text)
    if not m:
        return None
    return [make_fact(c, "user", "residence", m.group("place"), f"Lives in {m.group('place')}", "fact")]


@rule("user")
def home_is(c: Clause, ctx: Context) -> list[Fact] | None:
    """"Home for me is Glasgow", "home is Porto now"."""
    m = re.match(r"^(?i:home\s+(?:for (?:me|us)\s+)?is\s+(?:now\s+)?)" + PLACE, c.text)  # a place is capitalised
    if not m or m.group("place").split()[0] in NO_PLACE:
        return None
    return [make_fact(c, "user", "residence", m.group("place"), f"Lives in {m.group('place')}", "fact")]


@rule("user")
def origin(c: Clause, ctx: Context) -> list[Fact] | None:
    """"I'm originally from Cork", "I grew up in Lagos"; "I'm not from Spain" retracts."""
    m = re.match(r"^I\s+(?P<neg>am not|am|come|grew up|was born and raised|was raised)\s+(?:originally\s+)?"
                 r"(?:from|in)\s+" + PLACE, c.text)
    if not m or m.group("place").split()[0] in NO_PLACE or (m.group("neg") == "am" and " in " in m.group(0)):
        return None
    place = m.group("place")
    if m.group("neg") == "am not":
        return [make_fact(c, "user", "origin", place, "", "fact", retract=True)]
    return [make_fact(c, "user", "origin", place, f"Is from {place}", "fact")]


@rule("user")
def nationality(c: Clause, ctx: Context) -> list[Fact] | None:
    """"I'm half Brazilian"."""
    nat = re.match(r"^I am\s+(?:(?:half|originally|proudly)\s+)?(?P<n>[A-Z][a-z]+)\b", c.text)
    if not nat or nat.group("n") not in NATIONALITIES:
        return None
    return [make_fact(c, "user", "nationality", nat.group("n"), f"Is {nat.group('n')}", "fact")]


@rule("user")
def name(c: Clause, ctx: Context) -> list[Fact] | None:
    """"My name is Dana Kim", "I'm Dana"."""
    m = re.search(r"\b(?i:my name is)\s+(?P<name>[A-Z][\w'-]+(?:\s+[A-Z][\w'-]+)?)", c.text)
    m = m or re.match(r"^I am\s+(?P<name>[A-Z][a-zà-ÿ'-]+)\s*$", c.text)
    if not m or m.group("name").split()[0] in NOT_NAMES:
        return None
    return [make_fact(c, "user", "name", m.group("name"), f"Name is {m.group('name')}", "fact")]


@rule("user")
def age(c: Clause, ctx: Context) -> list[Fact] | None:
    """"I'm 34 years old", "I turn 40 next month"."""
    m = re.match(r"^I\s+(?:am|will be|just turned|turned|am turning|will be turning|turn)\s+(?P<age>\d{1,3})"
                 r"(?:\s+years?\s+old)?(?:\s+(?:this|next|on)\b.*)?$", c.text)
    if not m or not 5 <= int(m.group("age")) <= 110:
        return None
    when = when_suffix(c)
    turning = "turning" in m.group(0) or ("turn" in m.group(0) and "will" in m.group(0))
    summary = (f"Turning {m.group('age')}" + (f" {when}" if when else "")) if turning \
        else f"Is {m.group('age')} years old"
    return [make_fact(c, "user", "age", m.group("age"), summary, "fact")]


@rule("user")
def birthday(c: Clause, ctx: Context) -> list[Fact] | None:
    """"My birthday is on March 3rd", "I was born on 12 June 1990"."""
    t = c.text
    m = re.search(r"\bmy birthday is\s+(?:on\s+)?(?:the\s+)?(?P<d>(?:" + MONTH_WORDS + r")\s+\d{1,2}(?:st|nd|rd|th)?"
                  r"|\d{1,2}(?:st|nd|rd|th)?\s+(?:of\s+)?(?:" + MONTH_WORDS + r"))", t, re.IGNORECASE)
    m = m or re.search(r"\bI was born on\s+(?:the\s+)?(?P<d>(?:" + MONTH_WORDS + r")\s+\d{1,2}(?:st|nd|rd|th)?"
                       r"(?:,?\s+\d{4})?|\d{1,2}(?:st|nd|rd|th)?\s+(?:of\s+)?(?:" + MONTH_WORDS
                       + r")(?:\s+\d{4})?)", t, re.IGNORECASE)
    if not m:
        return None
    d = re.sub(r"(\d)(?:st|nd|rd|th)", r"\1", m.group("d")).replace(" of ", " ")
    d = " ".join(w.capitalize() if w.isalpha() else w for w in d.split())
    return [make_fact(c, "user", "birthday", d, f"Birthday is {d}", "fact")]
