"""Group ``relations``: facts about a person or pet the user named. Where they live, allergies, age,
"her birthday is ...", and other present-tense or dated statements ("he gets sick with chicken")."""

from __future__ import annotations

import re

from ...core import timeref
from ...core.consolidate import norm_key
from ..base import Clause, Context, Fact, allergies, event_head, make_fact, subject_of
from ..lexicon import JOB_HEADS, NOT_NAMES, OPINION_VERBS, PLACE
from ..registry import rule
from ..text import article, pronouns, tidy, trim_np, value_terms

_OTHER_PLACE = r"[A-Z][\w'’.-]*(?:\s+[A-Z][\w'’-]*)*"
_JOBS = "|".join(JOB_HEADS)


def _about(c: Clause, ctx: Context) -> tuple[str, str, str] | None:
    subj, disp, body = subject_of(c.text, ctx)
    return (subj, disp, body) if subj and subj != "user" else None


def _opinion_or_named_age(c: Clause, body: str) -> bool:
    """"my mum thinks ...": an opinion, not a fact; "my son Tiago is 9": the name fact already has the age."""
    if OPINION_VERBS.search(body.split(" ", 2)[1] if len(body.split()) > 1 else ""):
        return True
    return bool(re.match(r"^(?i:my|our)\s+\w+\s+[A-Z]\w*\s+(?:is|turned)\s+\d", c.text) and not c.times)


@rule("relations")
def pronoun_attribute(c: Clause, ctx: Context) -> list[Fact] | None:
    """"(my sister...) Her birthday is on the 3rd", "his school is St Mary's"."""
    m = re.match(r"^(?P<pro>his|her)\s+(?P<what>[a-z][\w\s-]{1,30}?)\s+(?:is|are)\s+(?P<val>.+)$", c.text,
                 re.IGNORECASE)
    if not m:
        return None
    rel = ctx.pronoun(m.group("pro"))
    if rel is None or m.group("what").lower() == "name":
        return []
    what = m.group("what").lower()
    raw = trim_np(m.group("val"))
    if what == "birthday":
        val = re.sub(r"(\d)(?:st|nd|rd|th)\b", r"\1", re.sub(r"^(?:on|the)\s+", "", raw))
    else:
        mv = re.match(r"^(?P<pro>his|her)\s+" + re.escape(m.group("what")) + r"\s+(?:is|are)\s+(?P<val>.+)$",
                      c.dated, re.IGNORECASE)
        val = trim_np(mv.group("val")) if mv else raw
    return [make_fact(c, rel.subject, norm_key(what), val, f"{rel.display}'s {what} is {val}", "fact")]


@rule("relations")
def lives_in(c: Clause, ctx: Context) -> list[Fact] | None:
    """"My sister Rosa lives in Quito", "he moved to Leeds"."""
    about = _about(c, ctx)
    if about is None:
        return None
    subj, disp, body = about
    m = re.match(r"^SUBJ\s+(?:(?:now|currently|still|also|just|recently|finally)\s+)*(?:lives|is living|has moved|"
                 r"moved|is based|relocated|has relocated|is now|is)\s+(?:from\s+" + _OTHER_PLACE + r"\s+)?"
                 r"(?:in|to)\s+" + PLACE, body)
    if not m:
        return None
    return [make_fact(c, subj, "residence", m.group("place"), f"{disp} lives in {m.group('place')}", "fact")]


@rule("relations")
def works_at(c: Clause, ctx: Context) -> list[Fact] | None:
    """"My sister Marta works at Globex", "he joined Initech", "she left Hooli" (retracts): an employer."""
    about = _about(c, ctx)
    if about is None:
        return None
    subj, disp, body = about
    m = re.match(r"^SUBJ\s+(?:(?:now|currently|still|also|just|recently)\s+)*(?P<verb>works|is working|has worked|"
                 r"is|joined|has joined|started|got (?:a|the) job|left|quit|has left)\s+(?:(?:at|for|with)\s+)?"
                 r"(?P<org>[A-Z][\w&.'-]*(?:\s+[A-Z][\w&.'-]*)*)(?P<rest>.*)$", body)
    if not m or m.group("org").split()[0] in NOT_NAMES or (m.group("verb") == "is" and not re.match(
            r"^SUBJ\s+(?:\w+\s+)*is\s+(?:at|with)\s", body)):
        return None
    employer = m.group("org")
    if m.group("verb") in ("left", "quit", "has left"):
        return [make_fact(c, subj, "employer", employer, "", "fact", retract=True)]
    return [make_fact(c, subj, "employer", employer, f"{disp} works at {employer}", "fact")]


@rule("relations")
def allergic(c: Clause, ctx: Context) -> list[Fact] | None:
    """"My daughter is allergic to eggs"; "...is not allergic to..." retracts."""
    about = _about(c, ctx)
    if about is None:
        return None
    subj, disp, body = about
    m = re.match(r"^SUBJ\s+is\s+(?P<neg>not\s+|no longer\s+)?(?:(?:severely|very|also|really)\s+)*allergic\s+to\s+"
                 r"(?P<what>.+)$", body, re.IGNORECASE)
    if not m:
        return None
    return allergies(c, subj, disp, m.group("what"), bool(m.group("neg")))


@rule("relations")
def age(c: Clause, ctx: Context) -> list[Fact] | None:
    """"My nephew is 12"; with a date, "she turns 40 next Friday" is a birthday event."""
    about = _about(c, ctx)
    if about is None:
        return None
    subj, disp, body = about
    if _opinion_or_named_age(c, body):
        return []
    m = re.match(r"^SUBJ\s+(?:is|turned|just turned|will be|is turning|turns)\s+(?P<age>\d{1,3})(?:\s+years?\s+old)?"
                 r"(?P<rest>.*)$", body)
    if not m:
        return None
    if c.times:
        summary = f"{disp} " + re.sub(r"^SUBJ\s+", "", timeref.rewrite(body, c.event.at)[0])
        return [make_fact(c, subj, "birthday_event", c.times[0].day.isoformat(), tidy(summary.rstrip(".!")),
                          "event", multi=True)]
    return [make_fact(c, subj, "age", m.group("age"), f"{disp} is {m.group('age')} years old", "fact")]


@rule("relations")
def job(c: Clause, ctx: Context) -> list[Fact] | None:
    """"My brother Ravi is a civil engineer", "Hannah works as a nurse now", "Tom became a chef"."""
    about = _about(c, ctx)
    if about is None:
        return None
    subj, disp, body = about
    if OPINION_VERBS.search(body.split(" ", 2)[1] if len(body.split()) > 1 else ""):
        return None
    found = list(re.finditer(r"\b(?:is|works as|is working as|became|has become|is now|now works as|retrained as)\s+"
                             r"(?:now\s+)?(?:a|an)\s+(?P<job>(?:[\w-]+\s+){0,2}?(?:" + _JOBS + r"))\b", body))
    if not found:
        return None
    role = found[-1].group("job").lower()
    return [make_fact(c, subj, "job", role, f"{disp} works as {article(role)} {role}", "fact")]


@rule("relations")
def statement(c: Clause, ctx: Context) -> list[Fact] | None:
    """Any other present-tense or dated statement: "he gets sick with chicken", "Ana starts school in May"."""
    about = _about(c, ctx)
    if about is None:
        return None
    subj, disp, body = about
    rest = re.sub(r"^SUBJ\s+", "", body)
    if _opinion_or_named_age(c, body) or re.match(
            r"^(?:would|could|might|may|can|should|will not|cannot|did not|was|were|had|loved|liked|said)\b",
            rest, re.IGNORECASE) or re.match(r"^(?:does|do) not\s+(?!eat|drink|smoke|drive|like|eat|work|live)",
                                             rest, re.IGNORECASE):
        return []
    if (not re.match(r"^(?:is|are|has|have|does not|[a-z]+s)\b", rest) and not c.times) or len(rest.split()) < 2:
        return []
    if c.times:
        summary = f"{disp} " + pronouns(re.sub(r"^SUBJ\s+", "", timeref.rewrite(body, c.event.at)[0]))
        return [make_fact(c, subj, f"event:{event_head(rest)}", c.times[0].day.isoformat(), tidy(summary), "event",
                          multi=True)]
    rest_s = re.sub(r"\bmy\b", "their", trim_np(rest))
    return [make_fact(c, subj, f"note:{value_terms(rest, 3)}", rest, tidy(f"{disp} {rest_s}"), "fact", multi=True)]
