"""Group ``preferences`` (first part): favourites, contact and scheduling preferences, reply language.

The group's setup works out who the clause is about (``Clause.subject``), so "my sister's favourite
colour is green" is kept as the sister's. Tastes and instructions are the rest of the group
(:mod:`engram.extract.rules.tastes`).
"""

from __future__ import annotations

import re

from ...core.consolidate import norm_key
from ..base import Clause, Context, Fact, make_fact, subject_of, topic_retraction
from ..lexicon import CHANNEL_RE, CHANNELS, DAYPARTS, LANGS, NOT_NAMES
from ..registry import configure, rule
from ..text import article, cap, strip_article, trim_np, value_terms


def _setup(c: Clause, ctx: Context) -> None:
    c.subject = subject_of(c.text, ctx)


configure("preferences", setup=_setup)


@rule("preferences")
def favourite_is(c: Clause, ctx: Context) -> list[Fact] | None:
    """"My favourite food is pasta", "her favourite colour is green", "my new favourite band is Wet Leg"."""
    m = re.search(r"\b(?:my|our|his|her)\s+(?:new\s+|current\s+)?(?:all[- ]time\s+)?favou?rite\s+"
                  r"(?P<what>[\w\s-]{2,30}?)\s+"
                  r"(?:is|are|was)\s+(?:now\s+|still\s+|probably\s+|definitely\s+)?(?P<val>.+)$", c.text,
                  re.IGNORECASE)
    if not m:
        return None
    what = m.group("what").strip().lower()
    val = strip_article(trim_np(m.group("val")))
    if not val or val.lower() in ("it", "that", "this"):
        return None
    subj, disp, _ = c.subject
    s_subj = "user" if re.search(r"\bmy\b|\bour\b", m.group(0), re.IGNORECASE) else subj
    who = "" if s_subj == "user" else f"{disp}'s "
    return [make_fact(c, s_subj, f"favourite_{norm_key(what)}", val,
                      f"{cap(who)}{'f' if who else 'F'}avourite {what} is {val}", "preference")]


@rule("preferences")
def is_my_favourite(c: Clause, ctx: Context) -> list[Fact] | None:
    """"Sushi is my absolute favourite" -> loves sushi."""
    m = re.match(r"^(?P<val>[\w\s'-]{2,40}?)\s+(?:is|are)\s+(?:still\s+|now\s+)?my\s+(?:absolute\s+)?"
                 r"favourites?$", c.text, re.IGNORECASE)
    if not m:
        return None
    val = strip_article(m.group("val")).lower()
    return [make_fact(c, "user", f"taste:{value_terms(val, 3)}", "like", f"Loves {val} (a favourite)", "preference")]


@rule("preferences")
def is_my_favourite_x(c: Clause, ctx: Context) -> list[Fact] | None:
    """"Green is my favourite colour"."""
    m = re.search(r"^(?P<val>[\w\s'-]{2,40}?)\s+(?:is|are)\s+(?:still\s+|now\s+)?my\s+favourite"
                  r"(?:\s+(?P<what>[\w\s-]{2,30}?))?(?:\s*[,;].*)?$", c.text, re.IGNORECASE)
    if not m:
        return None
    val, what = strip_article(m.group("val")), trim_np(m.group("what") or "").lower()
    said = f"Favourite {what} is {val}" if what else f"Favourite is {val}"  # "Bad Bunny is my favourite, so ..."
    return [make_fact(c, "user", f"favourite_{norm_key(what)}" if what else "favourite", val, said, "preference")]


@rule("preferences")
def reply_language(c: Clause, ctx: Context) -> list[Fact] | None:
    """"Could you answer in Spanish from now on?", "let's switch back to English"."""
    low = c.text.lower()
    m = re.search(r"\b(?:answer|reply|respond|write|talk|speak|switch(?:\s+back)?|stick)\s+(?:to me\s+)?"
                  r"(?:in|to|with)\s+(?P<lang>" + "|".join(LANGS) + r")\b", c.text, re.IGNORECASE)
    asked = c.question or re.search(r"\b(?:please|let us|from now on|always|could you|can you|would you)\b", low) \
        or re.match(r"^(?:answer|reply|respond|write|talk|speak|switch)", low)
    if not m or not asked:
        return None
    lg = m.group("lang").capitalize()
    return [make_fact(c, "user", "reply_language", lg, f"Wants replies in {lg}", "preference")]


@rule("preferences")
def usual_order(c: Clause, ctx: Context) -> list[Fact] | None:
    """"Make the cortado my usual"."""
    m = re.search(r"\b(?:make|set|put)\s+(?P<x>.+?)\s+(?:as\s+)?my\s+(?:usual|default|go-to|regular|standard)"
                  r"(?:\s+order)?\b", c.text, re.IGNORECASE)
    if not m:
        return None
    x = strip_article(trim_np(m.group("x")))
    return [make_fact(c, "user", "usual_order", x, f"Usual order: {x}", "preference")]


@rule("preferences")
def seat(c: Clause, ctx: Context) -> list[Fact] | None:
    """"Window seat, please", "I always take an aisle seat"."""
    m = re.search(r"\b(?P<seat>window|aisle|exit[- ]row|front[- ]row)\s+seats?\b", c.text, re.IGNORECASE)
    if not m or c.question:
        return None
    seat = m.group("seat").lower()
    return [make_fact(c, "user", "seat", seat, f"Prefers {article(seat)} {seat} seat", "preference")]


@rule("preferences")
def ideally(c: Clause, ctx: Context) -> list[Fact] | None:
    """"Ideally remote", "Preferably mornings"."""
    m = re.match(r"^(?:ideally|preferably)\s*,?\s+(?P<x>[\w\s-]{2,40})$", c.text, re.IGNORECASE)
    if not m:
        return None
    x = trim_np(m.group("x"))
    return [make_fact(c, "user", f"prefers:{value_terms(x, 2)}", x, f"Prefers {x}", "preference")]


@rule("preferences")
def nickname(c: Clause, ctx: Context) -> list[Fact] | None:
    """"Please just call me Pri", "everyone calls me Sam"."""
    t = c.text
    m = re.search(r"\b(?i:please\s+)?(?i:just\s+)?(?i:call me)\s+(?P<name>[A-Z][\w'-]*)", t)
    m = m or re.search(r"\b(?i:everyone|people|friends)\s+(?i:calls?)\s+(?i:me)\s+(?P<name>[A-Z][\w'-]*)", t)
    if not m or m.group("name") in NOT_NAMES:
        return None
    return [make_fact(c, "user", "nickname", m.group("name"), f"Prefers to be called {m.group('name')}", "preference")]


@rule("preferences")
def contact_channel(c: Clause, ctx: Context) -> list[Fact] | None:
    """"Email works best for me", "a quick text is fine", "I prefer email", "reach me on WhatsApp"."""
    t, low = c.text, c.text.lower()
    m = re.search(r"^" + CHANNEL_RE + r"\s+(?:is|are|works?)\s+(?:\w+\s+)?(?:best|better|fine|good|easiest|"
                  r"preferred|ideal)\b", low)
    m = m or re.search(r"\b(?:prefer|rather have|rather get|rather receive)\s+" + CHANNEL_RE + r"\b", low)
    m = m or re.search(r"\b(?i:please|just)\s+(?P<ch>(?i:email|text|call|phone|message|whatsapp))\s+(?i:me)\b"
                       r"(?!\s+[A-Z])", t)
    m = m or re.search(r"\b(?:reach|contact) me (?:by|via|through|on)\s+" + CHANNEL_RE + r"\b", low)
    m = m or re.search(r"^(?:please\s+)?use\s+" + CHANNEL_RE + r"\s+(?:instead|from now on|going forward|to reach)\b",
                       low)
    if not m or re.search(r"\b(?:do not|never|not)\b", low[:m.start()] + low[m.start():m.end()]):
        return None
    word = m.group("ch").lower()
    ch = CHANNELS.get(word.rstrip("s") if word not in CHANNELS else word, m.group("ch"))
    ch = {"message": "text message"}.get(ch, ch)
    return [make_fact(c, "user", "contact_channel", ch, f"Prefers to be contacted by {ch}", "preference")]


@rule("preferences")
def do_not_send(c: Clause, ctx: Context) -> list[Fact] | None:
    """"Please stop sending me the weekly newsletter"."""
    m = re.search(r"\b(?:stop|quit|no more)\s+(?:sending|emailing|texting|mailing)\s+(?:me\s+)?(?P<x>[\w\s-]+?)"
                  r"(?:\s+(?:please|anymore|any more))?$", c.text, re.IGNORECASE)
    if not m:
        return None
    x = strip_article(trim_np(m.group("x")))
    return [make_fact(c, "user", f"do_not_send:{value_terms(x, 2)}", x, f"Does not want {x}", "preference")]


@rule("preferences")
def contact_time(c: Clause, ctx: Context) -> list[Fact] | None:
    """"Please don't call me before 9", "no calls after 8pm", "never text me on Sundays"."""
    m = re.search(r"\b(?:do not|never|no|not)\s+(?P<verb>call|calls|text|texts|email|emails|message|messages|"
                  r"contact|phone|ring|disturb)\s*(?:me\s+)?(?P<when>(?:before|after|until|on|during|at|"
                  r"between)\b.+)$", c.text, re.IGNORECASE)
    if not m:
        return None
    verb = m.group("verb").lower().rstrip("s")
    when = trim_np(m.group("when"))
    if re.match(r"^(?:before|after|until)\s+\d{1,2}$", when):
        when += " am" if when.startswith(("before", "until")) else " pm"
    return [make_fact(c, "user", f"contact_time:{verb}", when, f"Do not {verb} them {when}", "preference")]


@rule("preferences")
def preferred_time(c: Clause, ctx: Context) -> list[Fact] | None:
    """"Mornings work best for me", "afternoons are better for calls now"."""
    m = re.search(r"^(?P<dp>" + "|".join(DAYPARTS) + r")\s+(?:work|works|are|is)\s+(?:\w+\s+)?"
                  r"(?P<how>best|better|ideal|good|fine)\b(?P<rest>.*)$", c.text.lower())
    if not m:
        return None
    dp = m.group("dp")
    dp = dp if dp.endswith("s") or dp == "lunchtime" else dp + "s"
    return [make_fact(c, "user", "preferred_time", dp, f"Prefers {dp} for calls and meetings", "preference")]


@rule("preferences")
def schedule_rule(c: Clause, ctx: Context) -> list[Fact] | None:
    """"Please never book anything on Fridays", "don't schedule my workouts before 10am"."""
    m = re.search(r"\b(?:please\s+)?(?:do not|never|no)\s+(?:ever\s+)?(?P<verb>book|schedule|plan|set up|arrange|"
                  r"put)\s+(?P<what>.+?)\s+(?P<when>(?:on|before|after|during|at|for)\s+.+)$", c.text, re.IGNORECASE)
    if not m:
        return None
    what = trim_np(m.group("what"))
    when = trim_np(m.group("when"))
    what_s = re.sub(r"\bmy\b", "their", what)
    return [make_fact(c, "user", f"schedule:{value_terms(what, 2) or 'anything'}", when,
                      f"Do not {m.group('verb').lower()} {what_s} {when}", "preference")]


@rule("preferences")
def delivery(c: Clause, ctx: Context) -> list[Fact] | None:
    """"Please leave parcels with my neighbour", "use the back door instead of the front"."""
    t, low = c.text, c.text.lower()
    if c.question or not re.search(r"\b(?:parcels?|packages?|deliver(?:y|ies)|door|porch|doorstep|mailbox|"
                                   r"letterbox|neighbou?r|reception|concierge|locker)\b", low) or not re.search(
                                       r"\b(?:please|always|from now on|instead|leave|deliver|drop|use)\b", low):
        return None
    m = re.search(r"\b(?:please\s+)?(?:just\s+)?(?P<instr>(?:always\s+)?(?:leave|deliver|drop|use|put|ring|"
                  r"knock|send)\b.+)$", t, re.IGNORECASE)
    if not m:
        return None
    instr = trim_np(re.sub(r"\s+(?:from now on|going forward|in future|in the future)\b", "", m.group("instr"),
                           flags=re.IGNORECASE))
    instr = re.sub(r"\s+instead of\s+.*$", "", instr, flags=re.IGNORECASE)
    out = [make_fact(c, "user", "delivery", instr, "Delivery instructions: " + re.sub(r"\bmy\b", "their", instr),
                     "preference")]
    m2 = re.search(r"\binstead of\s+(?P<old>.+)$", t, re.IGNORECASE)
    if m2:
        out += topic_retraction(c, trim_np(m2.group("old")), emit_record=False)
    return out
