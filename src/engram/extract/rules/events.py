"""Groups ``correction`` and ``events``: dated things the user will do or did, and corrections of a date.

"I have a dentist appointment next Friday" becomes an event record whose date is resolved against the
message time; "they moved my MRI to Tuesday" revises the stored event; "sorry, I meant Thursday" corrects
the last dated fact of the batch. The ``events`` group only reads clauses with a time expression.
"""

from __future__ import annotations

import re

from ...core import timeref
from ...core.text import key_terms
from .. import recurrence
from ..base import Clause, Context, Fact, event_head, make_fact, subject_of
from ..lexicon import NAME, NOT_NAMES
from ..registry import configure, rule
from ..text import after, cap, pronouns, strip_article, third_person, tidy, trim_np

configure("events", when=lambda c: bool(c.times))


@rule("correction")
def meant(c: Clause, ctx: Context) -> list[Fact] | None:
    """"Sorry, I meant Friday": the last dated fact said, with the corrected date (it revises the first)."""
    m = re.match(r"^(?:sorry,?\s*)?(?:I meant|I mean|correction:?|make that|I should have said)\s+(?P<x>.+)$", c.text,
                 re.IGNORECASE)
    if not m or not c.times:
        return None
    last = next((f for f in reversed(ctx.recent) if f.category == "event"), None)
    if last is None:
        return None
    new_day = c.times[0]
    summary = re.sub(r"\d{4}-\d{2}-\d{2} \(\w+\)", timeref.fmt_day(new_day.day), last.summary, count=1)
    return [Fact(subject=last.subject, attribute=last.attribute, value=new_day.day.isoformat(), summary=summary,
                 category="event", event_id=c.event.id, evidence=c.raw.strip(), at=c.event.at, multi=True,
                 revises=True)]


@rule("events")
def rescheduled(c: Clause, ctx: Context) -> list[Fact] | None:
    """"We moved the wedding to September 19th", "they rescheduled my passport appointment to May 27th"."""
    m = re.search(r"\b(?:rescheduled|moved|postponed|pushed back|pushed|brought forward|changed|shifted|bumped)\s+"
                  r"(?:my|our|the|their)\s+(?P<what>[\w\s-]+?)\s+(?:to|until|for)\b", c.text, re.IGNORECASE)
    dates = [tr for tr in c.times if tr.granularity in ("day", "week", "weekend", "month")]
    if not m or not dates or re.match(recurrence.DAY + r"s?\s+[a-z]+s\b", m.group("what"), re.IGNORECASE):
        return None  # "our Thursday games": a weekly habit's day (user.weekly), not one date
    what = re.sub(r"\s+(?:forward|back|up|earlier|later|out)$", "", m.group("what").strip())
    date_ = dates[0]
    summary = tidy(f"{cap(what)} rescheduled {date_.rewritten}" + after(c.dated, date_.rewritten))
    return [make_fact(c, "user", f"event:{event_head(what)}", date_.day.isoformat(), summary, "event", multi=True,
                      revises=True, topic=tuple(t for t in key_terms(what) if not t.isdigit())[:2])]


@rule("events")
def booking(c: Clause, ctx: Context) -> list[Fact] | None:
    """"Book me on the 7:40 to Frankfurt on Thursday please": a booking the user asked for."""
    m = re.match(r"^(?:please\s+)?(?:book|reserve|schedule|get)\s+(?:me|us)\s+(?P<what>.+)$", c.text, re.IGNORECASE)
    days = [tr for tr in c.times if tr.granularity in ("day", "weekend")]
    if not m or not days:
        return None
    what = re.sub(r"^(?:on|in|onto|a|an)\s+", "", c.dated[m.start("what"):], flags=re.IGNORECASE)
    what = re.sub(r"\s*\bplease\b", "", what).strip()
    return [make_fact(c, "user", f"event:{event_head(c.text)}", days[0].day.isoformat(), tidy(f"Booking: {what}"),
                      "event", multi=True)]


@rule("events")
def named_person_event(c: Clause, ctx: Context) -> list[Fact] | None:
    """"Leo started nursery last Monday": a dated event of someone named."""
    t = c.text
    m = re.match(r"^" + NAME + r"\s+(?:started|starts|begins|began|turned|turns|is turning|finished|finishes|"
                 r"graduated|graduates|moved|moves|joined|joins|has|had|is having|went|goes|visited|visits|left|"
                 r"leaves|arrives|arrived|gets|got)\b", t)
    if not m or m.group("name") in NOT_NAMES:
        return None
    rel = ctx.names.get(m.group("name"))
    who = rel.subject if rel else f"person:{m.group('name').lower()}"
    return [make_fact(c, who, f"event:{event_head(t[m.end():])}", c.times[0].day.isoformat(),
                      tidy(pronouns(trim_np(c.dated))), "event", multi=True)]


@rule("events")
def dated_noun_phrase(c: Clause, ctx: Context) -> list[Fact] | None:
    """"And a blood test next Wednesday morning": a dated noun phrase continues a list of plans."""
    t = c.text
    if not (re.match(r"^(?:a|an)\s+[\w-]+", t, re.IGNORECASE) and any(tr.granularity == "day" for tr in c.times)
            and not re.search(r"\b(?:is|are|was|were|would|could|will)\b", t)):
        return None
    return [make_fact(c, "user", f"event:{event_head(t)}", c.times[0].day.isoformat(), tidy(strip_article(c.dated)),
                      "event", multi=True)]


@rule("events")
def first_person_event(c: Clause, ctx: Context) -> list[Fact] | None:
    """"I have a dentist appointment next Friday", "my sister is visiting next month", "note: MOT on the 14th"."""
    t = c.text
    if not (re.match(r"^(?:I|we|my|our)\b", t, re.IGNORECASE) or c.note):
        return None
    if any(tr.granularity == "year" for tr in c.times) and len(c.times) == 1 and not c.note \
            and not re.search(r"\b(?:in|since|from)\s+\d{4}\b", c.dated):
        return []
    if re.match(r"^(?:I|we)\s+(?:need|want|have to|must|should|will need|am trying|am going to try)\b", t,
                re.IGNORECASE) or re.match(r"^(?:I|we)\s+(?:did not|do not|have not|had not|was not|am not|will not|"
                                           r"cannot)\b", t):
        return []
    subject: str | None = None
    if re.match(r"^(?:my|our)\s+", t, re.IGNORECASE) and not re.search(r"\band (?:I|we)\b", t):
        subj = subject_of(t, ctx)[0]
        if subj and subj != "user":
            subject = subj
    dated = resolve_objects(c.dated, ctx)
    summary = tidy(third_person(dated)) if not c.note else tidy(dated)
    return [make_fact(c, subject or "user", f"event:{event_head(t)}", c.times[0].day.isoformat(), summary, "event",
                      multi=True)]


def resolve_objects(text: str, ctx: Context) -> str:
    """"visiting her next month" -> "visiting their sister next month" when "her" is clear from context."""
    def sub(m: re.Match[str]) -> str:
        rel = ctx.pronoun(m.group(1))
        return f"their {rel.word}" if rel else m.group(0)
    return re.sub(r"\b(him|her)\b(?=\s+(?:next|this|last|on|in|at|to|for|tomorrow|today|tonight|soon|again|every)\b"
                  r"|\s*[.,!?]|\s*$)", sub, text)
