"""Group ``retractions``: things the user says are over. "I sold the Prius", "the Japan trip is off",
"Tofu passed away", "no more dairy". Each retracts the stored records about that topic; most also keep a
record of the change itself."""

from __future__ import annotations

import re
from dataclasses import replace

from ...core import timeref
from ...core.roles import ROLES
from ..base import Clause, Context, Fact, before_when, loss, make_fact, topic_retraction
from ..lexicon import NAME, NOT_NAMES, REL_RE, TRAILING
from ..registry import rule
from ..text import cap, pronouns, strip_article, strip_prep, third_person, tidy, trim_np


@rule("retractions")
def gave_up(c: Clause, ctx: Context) -> list[Fact] | None:
    """"I sold the Prius", "we had to cancel the Japan trip", "I quit the gym", "I broke up with Sam", "I finished
    with Biedronka yesterday"."""
    m = re.match(r"^(?:I|we)\s+(?:have\s+|had\s+)?(?:just\s+|finally\s+|recently\s+|already\s+)?(?:had to\s+)?"
                 r"(?P<verb>sold|gave away|got rid of|quit|gave up|stopped|cancell?ed|cancel|called off|"
                 r"broke up with|divorced|finished (?:with|at|up at)|am done with|"
                 r"no longer (?:have|own|drive|take|play|do|use))\s+(?P<np>.+)$", c.text,
                 re.IGNORECASE)
    if not m:
        return None
    np = trim_np(re.sub(r"\s+(?:and|,)\s+(?:switched|started|moved|went|now|got)\b.*$", "", m.group("np")))
    np = re.sub(r"^on\s+", "", np) if m.group("verb").lower() == "gave up" else np  # "I gave up on Czech"
    np = re.sub(r"^(?:going to|attending)\s+", "", np, flags=re.IGNORECASE)  # "I stopped going to therapy": therapy
    np = re.sub(r"\s+(?:around|on|in|the week of)\s+\d{4}.*$", "", np)
    np = before_when(np, c)  # "Primark on Friday": Primark (when it ended is not what ended)
    np = TRAILING.sub("", re.sub(r"\b(?:completely|altogether|entirely|for good)\b", "", np)).strip()
    timeless = strip_article(timeref.rewrite(np, c.event.at)[0])
    for tr in c.times:
        timeless = timeless.replace(tr.rewritten, "")
    timeless = strip_article(re.sub(r"\s+", " ", trim_np(timeless)))
    return topic_retraction(c, timeless, summary=tidy(third_person(c.dated)))


_WE_ENDED = re.compile(r"^we\s+(?:have\s+|had\s+)?(?:just\s+|finally\s+)?(?:split up|broke up|broken up|separated|"
                       r"divorced|got divorced|called it quits|ended things|"
                       r"are (?:no longer|not) together(?: any ?more)?)\b", re.IGNORECASE)


@rule("retractions")
def we_ended(c: Clause, ctx: Context) -> list[Fact] | None:
    """"We split up in January", said of the partner the user spoke of (in this conversation or on record): the
    same ending as "I broke up with Mia". Without a partner known, "we" is no one this can end."""
    m = _WE_ENDED.match(c.text)
    partner = next((r for r in reversed(ctx.rels) if ROLES.get(r.word) in ("spouse", "dating", "engaged", "partner")),
                   None) if m else None
    if m is None or partner is None:
        return None
    said = f"I broke up with {partner.name or f'my {partner.word}'}"
    dated = _WE_ENDED.match(c.dated)  # the same words, the time after them written as a date
    return gave_up(replace(c, text=said + c.text[m.end():], dated=said + (c.dated[dated.end():] if dated else "")),
                   ctx)


@rule("retractions")
def baby_born(c: Clause, ctx: Context) -> list[Fact] | None:
    """"Our baby girl Maya arrived on Tuesday": the pregnancy is over, a baby is named."""
    m = re.match(r"^(?:(?:our|my)\s+)?(?:new\s+)?(?:baby|son|daughter)\s+(?:girl\s+|boy\s+)?(?P<name>[A-Z][a-zà-ÿ]+)\s+"
                 r"(?:has\s+)?(?:arrived|was born)\b", c.text, re.IGNORECASE)
    if not m or m.group("name") in NOT_NAMES:
        return None
    name = m.group("name")
    born = f" (born {strip_prep(c.times[0].rewritten)})" if c.times else ""
    return [make_fact(c, "user", "retract:pregnant", "", "Baby born", "fact", retract=True, topic=("pregnant",)),
            make_fact(c, "user", f"family:baby:{name.lower()}", name, f"Has a baby named {name}{born}", "fact")]


@rule("retractions")
def called_off(c: Clause, ctx: Context) -> list[Fact] | None:
    """"The Japan trip was cancelled", "my book club fell through"."""
    m = re.match(r"^(?:the|my|our)\s+(?P<np>[\w\s-]{2,30}?)\s+(?:was\s+|got\s+|has been\s+|have been\s+|is\s+)?"
                 r"(?:cancell?ed|called off|fell through|is off|postponed indefinitely)\b", c.text, re.IGNORECASE)
    if not m:
        return None
    summary = tidy(pronouns(cap(trim_np(c.dated))))
    return topic_retraction(c, strip_article(m.group("np")), summary=summary)


@rule("retractions")
def off_medication(c: Clause, ctx: Context) -> list[Fact] | None:
    """"My doctor took me off sertraline", "I stopped taking ibuprofen"."""
    t = c.text
    m = re.search(r"\b(?:took|taken|has taken|have taken)\s+(?:me|us)\s+off\s+(?P<np>[\w\s-]+)", t, re.IGNORECASE)
    m = m or re.search(r"^I\s+(?:have\s+)?(?:stopped|quit)\s+taking\s+(?P<np>[\w\s-]+)", t, re.IGNORECASE)
    if not m:
        return None
    np = strip_article(trim_np(re.sub(r"\s+(?:last|this|next)\s+\w+$", "", m.group("np"))))
    return topic_retraction(c, np, summary=tidy(pronouns(third_person(trim_np(c.dated)))))


@rule("retractions")
def no_more(c: Clause, ctx: Context) -> list[Fact] | None:
    """"No more dairy": retracts records about it, writes nothing."""
    m = re.match(r"^no\s+more\s+(?P<np>[\w\s-]{2,30}?)(?:\s+for\s+(?:me|us))?$", c.text, re.IGNORECASE)
    if not m:
        return None
    return topic_retraction(c, trim_np(m.group("np")), emit_record=False)


# a pet that is no longer the user's, said without "died": gone, rehomed, living with someone else
_PET_GONE = re.compile(r"^(?:(?:I|we)\s+(?:have\s+|had\s+to\s+)?rehome[d]?\s+" + NAME + r"\b|"
                       r"(?:I|we)\s+(?:have\s+|just\s+|sadly\s+)*lost\s+(?:(?i:my|our)\s+(?:old\s+)?[a-z]+\s+)?"
                       + NAME.replace("<name>", "<lost>") + r"\b|"
                       r"(?:I|we)\s+(?:have\s+|had\s+to\s+)?gave\s+" + NAME.replace("<name>", "<given>") + r"\s+away\b|"
                       + NAME.replace("<name>", "<said>") + r"\s+(?:"
                       r"is\s+(?:gone|no more|no longer with us)\b(?!\s+(?:for|until|till|to|on|from)\b)|"
                       r"(?:now\s+)?(?:has|got)\s+a\s+new\s+(?:family|home|owner)|went\s+to\s+live\s+with|"
                       r"(?:was|got|has been)\s+rehomed))")


@rule("retractions")
def passed_away(c: Clause, ctx: Context) -> list[Fact] | None:
    """"Tofu passed away last night", "my grandpa Joe died", and of a pet "Pépite is gone", "Tigger has a new family
    now", "we rehomed Biscuit", "we lost Fly in April": retracts them, records the loss."""
    m = re.match(r"^(?:(?i:my|our)\s+(?:" + REL_RE + r")\s+)?" + NAME + r"\s+(?:has\s+)?(?:passed away|died|passed)\b",
                 c.text)
    gone = _PET_GONE.match(c.text)  # "Pépite is gone, sadly", "Tigger has a new family now": a pet named before
    name = next((n for n in (gone.groupdict().values() if gone else ()) if n), "")
    if not m and name and ctx.names.get(name) is not None and ctx.names[name].is_pet:
        return loss(c, name, cap(third_person(c.dated)))
    if not m:  # "our dog died in the winter": the one of that word already named, else the word itself
        w = re.match(r"^(?i:my|our)\s+(?P<w>" + REL_RE + r")\s+(?:has\s+)?(?:passed away|died)\b", c.text)
        known = next((r for r in reversed(ctx.rels) if w and r.word == w.group("w").lower() and r.name), None)
        if w is None:
            return None
        name = known.name if known and known.name else w.group("w").lower()
        summary = tidy(f"{cap(w.group('w'))} {name if known else ''} " + re.sub(r"^.*?\b(?=has passed|passed|died)", "",
                                                                              c.dated)).replace("  ", " ")
        return loss(c, name, summary)
    if m.group("name") in NOT_NAMES:
        return None
    name = m.group("name")
    return loss(c, name, tidy(f"{name} " + re.sub(r"^.*?\b(?=has passed|passed|died)", "", c.dated)))
