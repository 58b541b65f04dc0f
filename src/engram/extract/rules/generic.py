"""Group ``generic``: first-person habits and durable states with common verbs, tried last.

"I drive a Prius", "I go to the gym", "I've been vegan for ten years", "I want to run a marathon", "my
knee has been sore", "rent is now 1200", "it is on account 55812". A negated first-person clause
("I don't drive") is never a generic fact (the group's guard).
"""

from __future__ import annotations

import re

from ...core.consolidate import norm_key
from ..base import Clause, Context, Fact, make_fact, said_as_switch
from ..lexicon import BODY, CAR_MAKES, CAR_MODEL_WORDS, CAR_MODELS, NOT_NAMES, SPORT_VERBS, TRIVIAL_HAVE
from ..registry import configure, rule
from ..text import cap, drives, is_activity, strip_article, third_person, tidy, trim_np, value_terms

GENERIC_PRESENT = ("drive|own|take|support|cycle|bike|walk|commute|go to|teach|study|speak|play|do|use|eat|drink|meet|"
                    "wear|volunteer|practise|practice|attend|run|rent|have|go|swim|train|work|sing|paint|knit|"
                    "meditate|collect|cook|bake|write|live with|care for|look after|belong to")
GENERIC_PAST = ("joined|signed up for|signed up to|enrolled in|adopted|bought|got|started|finished|lost|gained|"
                 "switched to|moved|became|graduated|won|passed|completed|booked|ran")


def _not_negated(c: Clause) -> bool:
    return not re.match(r"^(?:I|we)\s+(?:(?:have|had|do|does|did|am|are)\s+)?(?:not|never|no longer)\b", c.text)


configure("generic", when=_not_negated)


@rule("generic")
def past_verb(c: Clause, ctx: Context) -> list[Fact] | None:
    """"I joined a climbing gym", "we adopted a greyhound", "I got promoted" (multi-valued)."""
    m = re.match(r"^(?:I|we)\s+(?:have\s+)?(?:(?:just|already|recently|finally|also)\s+)*(?P<verb>" + GENERIC_PAST
                 + r")\s+(?P<obj>.+)$", c.text, re.IGNORECASE)
    if not m:
        return None
    verb, obj = m.group("verb").lower(), trim_np(m.group("obj"))
    if not obj or re.match(r"^(?:it|that|this|them|the job|a job|some|lost|confused|back|home|up|out|"
                           r"ready|going|there|here|tired|sick|bored|used to)\b", obj, re.IGNORECASE):
        return []
    if verb in ("started", "finished", "moved", "passed", "ran", "won") and not re.match(
            r"^(?:a|an|my|our|the)\s+\w+", obj, re.IGNORECASE):
        return []
    car = car_model(obj)
    if car and verb in ("bought", "got"):
        return [make_fact(c, "user", "car", car, drives(car), "fact")]
    if verb == "got" and not re.match(r"^(?:married|engaged|divorced|promoted|a (?:new )?(?:dog|cat|puppy|kitten|"
                                      r"car|bike|job|house|flat|apartment|promotion|degree))", obj, re.IGNORECASE):
        return []
    return [make_fact(c, "user", f"{norm_key(verb)}:{value_terms(obj, 3)}", obj, tidy(third_person(c.dated)), "fact",
                      multi=True)]


@rule("generic")
def duration(c: Clause, ctx: Context) -> list[Fact] | None:
    """"I've been climbing for five years"."""
    m = re.match(r"^(?:I|we)\s+have\s+been\s+(?P<what>[\w\s-]+?)\s+for\s+(?P<d>(?:over\s+|about\s+|almost\s+)?\w+\s+"
                 r"(?:years?|months?|decades?))\b", c.text, re.IGNORECASE)
    if not m or re.match(r"^(?:trying|thinking|wondering|meaning|waiting)\b", m.group("what")):
        return None
    return [make_fact(c, "user", f"duration:{value_terms(m.group('what'), 2)}", m.group("d"),
                      tidy(third_person(m.group(0))), "fact")]


@rule("generic")
def sport_verb(c: Clause, ctx: Context) -> list[Fact] | None:
    """"I swim", "I climb a lot", "we ski every winter": the sport named by the verb."""
    m = re.match(r"^(?:I|we)\s+(?:(?:also|still|now|mostly|really|regularly)\s+)*(?P<verb>" + "|".join(SPORT_VERBS)
                 + r")(?:\s+(?:a lot|a bit|loads|regularly|competitively|for fun|most \w+|on \w+|at weekends|"
                 r"every \w+|daily|weekly|twice a week|once a week|a few times a week|too|as well)\b.*)?$",
                 c.text, re.IGNORECASE)
    if not m:
        return None
    sport = SPORT_VERBS[m.group("verb").lower()]
    return [make_fact(c, "user", f"sport:{value_terms(sport, 1)}", sport, tidy(third_person(c.dated)), "fact",
                      multi=True, switch=said_as_switch(c))]


@rule("generic")
def present_verb(c: Clause, ctx: Context) -> list[Fact] | None:
    """"I drive a Toyota Prius", "I cycle to work" (the commute, single-valued), "I play the cello"."""
    m = re.match(r"^(?:I|we)\s+(?P<adv>(?:(?:usually|normally|always|often|also|still|now|currently|regularly|"
                 r"mostly|really|just|already|recently|finally)\s+)*)(?P<verb>" + GENERIC_PRESENT + r")\s+"
                 r"(?P<obj>.+)$", c.text, re.IGNORECASE)
    if not m:
        return None
    verb, obj_np = m.group("verb").lower(), trim_np(m.group("obj"))
    first = strip_article(obj_np).split(" ")[0].lower() if obj_np else ""
    if not obj_np or (verb == "have" and first in TRIVIAL_HAVE) or re.match(
            r"^(?:it|that|this|them|you|a look|help|some|any|no|nothing|something|from)\b", obj_np, re.IGNORECASE):
        return []
    if obj_np.lower().startswith("to ") and verb not in ("cycle", "bike", "walk", "commute", "drive", "go", "run",
                                                         "swim", "belong"):
        return []
    if verb == "have" and (re.match(r"^(?:to|got to|been|(?:\w+ly\s+|ever\s+|never\s+|just\s+|already\s+)*"
                                    r"(?:\w+ed|grown|known|seen|done|gone|had|made|taken|given|been|eaten)\b)", obj_np)
                           or strip_article(obj_np).split(" ")[-1].lower() in TRIVIAL_HAVE):
        return []
    if verb == "work" and not re.match(r"^(?:late|nights|weekends|from home|remotely|part[- ]time|full[- ]time|"
                                       r"long hours|early)\b", obj_np, re.IGNORECASE):
        return []
    if verb == "go" and not (obj_np.lower().startswith("to ") or is_activity(obj_np)):
        return []  # "I go to the gym", "I go kayaking"; not "I go crazy"
    if verb == "do" and not is_activity(obj_np):
        return None  # "I do yoga", "I do crossfit"; not "I do my best", "I do the dishes"
    summary = tidy(third_person(f"I {m.group('adv')}{verb} {trim_np(c.dated[m.start('obj'):])}"))
    vehicle = re.match(r"^(?:the\s+)?(?:train|bus|tube|subway|metro|ferry|tram)\b", obj_np)
    commute = (verb == "take" and vehicle) or (
        verb in ("cycle", "bike", "walk", "drive", "commute") and re.search(r"\bto work\b", obj_np))
    car = car_model(obj_np) if verb in ("drive", "own", "have") else None
    if car and not commute:  # one car at a time: "I drive a Golf" and "my car is a Golf" share the key
        return [make_fact(c, "user", "car", car, summary if verb == "drive" else drives(car), "fact")]
    attr = "commute" if commute else f"{norm_key(verb)}:{value_terms(obj_np, 3)}"
    pastime = verb in ("play", "go", "do") and is_activity(obj_np)  # "I play padel now" ends "Goes kayaking"
    return [make_fact(c, "user", attr, obj_np, summary, "fact", multi=not commute,
                      switch=pastime and said_as_switch(c))]


@rule("generic")
def traded_car(c: Clause, ctx: Context) -> list[Fact] | None:
    """"I traded in my Clio for a Kia Niro", "also traded in the F-150 for a Silverado", "we're swapping the Zafira
    for a Sharan", "I replaced my old Golf with a Polestar" (a change said ahead is the new car, as a planned move
    is the new home): the new car. What replaces a car is a car, named or not in the lexicon ("a Sharan")."""
    m = re.match(r"^(?:(?:also|and|so)\s+)?(?:(?:I|we)\s+)?(?:have\s+|am\s+|are\s+)?(?:just\s+|finally\s+)?"
                 r"(?:(?:traded|swapped|exchanged|part-exchanged|trading|swapping|exchanging|part-exchanging)"
                 r"\s+(?:in\s+)?(?:my|our|the)\s+(?P<old>.+?)\s+for|(?:replaced|replacing)\s+(?:my|our|the)\s+"
                 r"(?P<gone>.+?)\s+with)\s+(?P<new>.+)$", c.text, re.IGNORECASE)
    if not m:
        return None
    new = trim_np(m.group("new"))
    car = car_model(new)
    old = strip_article(trim_np(m.group("old") or m.group("gone")))
    if not car and car_model(re.sub(r"^(?:old|trusty|beloved|little)\s+", "", old, flags=re.IGNORECASE)):
        named = strip_article(new)  # "a Sharan", "an ID. Buzz": a capitalised name of three words at most
        car = named if re.fullmatch(r"[A-Z][\w.-]*(?:\s+[\w.-]+){0,2}", named) else None
    if not car:
        return None
    return [make_fact(c, "user", "car", car, drives(car), "fact")]


# what a car is like, said before its make or model: not part of what the car is
_CAR_WORDS = re.compile(r"^(?:(?:old|used|new|brand new|second[- ]hand|secondhand|little|trusty|beloved|battered|"
                        r"electric|hybrid|(?:19|20)\d\d)\s+)+", re.IGNORECASE)


def car_model(np: str) -> str | None:
    """"a VW Golf" -> "VW Golf" when the phrase starts with a car make, "a Silverado" -> "Chevrolet Silverado"
    for a model of the lexicon; None otherwise."""
    said = re.split(r"\s+(?:for|with|from|to|that|which|because|since)\b", trim_np(np))[0]  # "... for hauling"
    np = _CAR_WORDS.sub("", strip_article(said))  # "a used Forester", "an old Civic": the car is the model
    words = np.split()
    # a model that is also a word ("Civic", "Golf") is a car only alone after an article ("an old Civic"), never
    # before another noun ("Polo practice")
    a_car = len(words) == 1 and said != np
    if words and words[0] in CAR_MODELS and (words[0].lower() not in CAR_MODEL_WORDS or a_car) and (
            len(words) == 1 or (len(words) == 2 and not words[1].isdigit())):
        return f"{CAR_MODELS[words[0]]} {words[0]}"
    if len(words) == 2 and words[0] in CAR_MODELS and words[1].isdigit():  # "a Silverado 2500": the model's trim
        return f"{CAR_MODELS[words[0]]} {np}"
    if not words or words[0].lower() not in CAR_MAKES or len(words) > 4:
        return None
    return np


@rule("generic")
def goal(c: Clause, ctx: Context) -> list[Fact] | None:
    """"I want to run a marathon in October"."""
    m = re.match(r"^(?:I|we)\s+want\s+to\s+(?P<goal>(?:lose|gain|learn|save|run|finish|become|get fit|quit|build|"
                 r"reach|pass|read|write)\b.+)$", c.text, re.IGNORECASE)
    if not m:
        return None
    aim = trim_np(c.dated[m.start("goal"):]) if c.times else trim_np(m.group("goal"))
    aim = re.sub(r"\bmy\b", "their", aim)
    return [make_fact(c, "user", f"goal:{value_terms(m.group('goal'), 3)}", aim, f"Goal: {aim}", "fact")]


@rule("generic")
def body_part(c: Clause, ctx: Context) -> list[Fact] | None:
    """"My knee has been sore since the race"."""
    m = re.match(r"^my\s+(?P<part>" + "|".join(BODY) + r")\s+(?P<rest>(?:has been|is|hurts|aches|have been|are)\b.*)$",
                 c.text, re.IGNORECASE)
    if not m:
        return None
    rest = trim_np(m.group("rest"))
    return [make_fact(c, "user", f"health:{m.group('part').lower()}", rest, f"{m.group('part').capitalize()} {rest}",
                      "fact")]


@rule("generic")
def attribute_now(c: Clause, ctx: Context) -> list[Fact] | None:
    """"Long run is up to 26k now", "Rent is now 1200": an attribute update without "my"."""
    m = re.match(r"^(?P<what>[A-Z][a-z]+(?:\s+[a-z]+){0,2})\s+(?:is|are)\s+(?P<how>now|up to|down to|now up to|"
                 r"now down to)\s+(?P<val>.+)$", c.text)
    if not m or m.group("what").split()[0] in NOT_NAMES:
        return None
    what = m.group("what").lower()
    val = trim_np(re.sub(r"\s+now$", "", m.group("val")))
    verb = "are" if what.endswith("s") and not what.endswith("ss") else "is"
    return [make_fact(c, "user", norm_key(what), val, f"{cap(what)} {verb} {m.group('how')} {val}", "fact")]


@rule("generic")
def identifier(c: Clause, ctx: Context) -> list[Fact] | None:
    """"It is on account 55812", "booking #AB1234": identifiers the user gives for reference."""
    m = re.search(r"\b(?:my\s+)?(?P<what>account|customer|membership|member|policy|booking|reservation|ticket|case|"
                  r"loyalty card)(?:\s+(?:number|no\.?|id|#))?\s*(?:is\s+)?[:#]?\s*(?P<id>[A-Z0-9][A-Z0-9-]{3,})\b",
                  c.text, re.IGNORECASE)
    if not m or not any(ch.isdigit() for ch in m.group("id")):
        return None
    what = m.group("what").lower()
    return [make_fact(c, "user", f"{norm_key(what)}_number", m.group("id"), f"{cap(what)} number is {m.group('id')}",
                      "fact")]
