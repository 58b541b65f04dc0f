"""Group ``relations``: facts about a person or pet the user named. Where they live, allergies, age,
"her birthday is ...", and other present-tense or dated statements ("he gets sick with chicken")."""

from __future__ import annotations

import re

from ...core import timeref
from ...core.consolidate import PERSON_ENDED, norm_key
from ...core.text import key_terms
from ..base import (
    Clause,
    Context,
    Fact,
    Rel,
    allergies,
    event_head,
    living_in,
    make_fact,
    said_before,
    subject_of,
)
from ..lexicon import CHILDREN, JOB_HEADS, NAME, NOT_NAMES, OPINION_VERBS, PLACE
from ..registry import rule
from ..text import article, conjugate, pronouns, strip_prep, tidy, trim_np, value_terms

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


_BOSS = r"(?:(?:new|current|line|direct)\s+){0,2}(?:boss|manager|line manager|supervisor|team lead)"


@rule("relations")
def manager(c: Clause, ctx: Context) -> list[Fact] | None:
    """"I report to Grete", "I work under Greta", "Beatriz is my boss", "my new line manager is Dervla": who the
    user reports to, one key
    however it is said (a new manager takes the old one's place)."""
    t = c.text
    m = re.match(r"^I\s+(?:now\s+|still\s+|directly\s+)*(?:(?:report|am reporting|answer)\s+(?:directly\s+)?to|"
                 r"work\s+(?:directly\s+)?under)\s+"
                 r"(?:(?i:my)\s+" + _BOSS + r"\s+)?" + NAME + r"\b", t)
    m = m or re.search(r"(?:^|[,;]\s*)(?:(?i:my|our)\s+|(?=(?i:new|current)\s))" + _BOSS + r"\s+is\s+"
                       r"(?:now\s+|still\s+)?" + NAME + r"\b", t)  # "Mr Lim retired, new manager is Ms Rao"
    m = m or re.match(r"^" + NAME + r"\s+is\s+(?:now\s+|still\s+)?(?i:my|our)\s+" + _BOSS + r"\b", t)
    # a new holder named as they arrive: "new manager Jonas started this month", "our new boss Lea joined"
    m = m or re.search(r"(?:^|[,;]\s*)(?:(?i:my|our|the)\s+)?(?i:new)\s+" + _BOSS + r"\s+" + NAME +
                       r"\s+(?:has\s+)?(?:started|joined|arrived|took over|began|is here)\b", t)
    if m is None or m.group("name") in NOT_NAMES or c.question or c.hedged:
        return None
    who = m.group("name")
    ctx.remember(Rel("manager", who))
    return [make_fact(c, "user", "manager", who, f"Manager is {who} (reports to {who})", "fact")]


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


def _place_before(message: str, sentence: str) -> str:
    """The last place ``message`` names (after "to", "in", "visited"...) before ``sentence`` ends: what "there"
    is in "my parents are there"; "" when it names none."""
    named = re.finditer(r"\b(?:to|in|from|at|visit|visited|visiting)\s+" + PLACE, said_before(message, sentence))
    said = (re.split(r"[.!?](?:\s|$)", m.group("place"))[0] for m in named)  # "in April. My" is April
    found = [p for p in said if p and p.split()[0] not in NOT_NAMES]
    return found[-1] if found else ""


@rule("relations")
def lives_in(c: Clause, ctx: Context) -> list[Fact] | None:
    """"My sister Rosa lives in Quito", "he moved to Leeds", "mum moved into a care home in Haarlem"."""
    about = _about(c, ctx)
    if about is None:
        return None
    subj, disp, body = about
    there = re.match(r"^SUBJ\s+(?:(?:now|still|also)\s+)*(?:lives|live|is|are|is living|are living)\s+(?:also\s+)?there"
                     r"(?:\s+(?:too|now|as well))?(?:\s*,.*)?$", body)
    place = _place_before(c.event.content, c.raw) if there else ""
    if place:  # "going home to Calgary for 2 months, my parents are there"
        return [make_fact(c, subj, "residence", place, living_in(disp, place), "fact")]
    m = re.match(r"^SUBJ\s+(?:(?:now|currently|still|also|just|recently|finally)\s+)*(?:lives|live|is living|"
                 r"are living|has moved|have moved|moved|is based|are based|relocated|has relocated|have relocated|"
                 r"is now|are now|is|are)\s+(?:back\s+)?(?:home\s+)?"
                 r"(?:from\s+" + _OTHER_PLACE + r"\s+)?"
                 r"(?:in|to|into\s+(?:a|an|the|their|her|his)\s+(?:[\w'’-]+\s+){1,4}?in)\s+" + PLACE, body)
    if not m:  # "my mum lives with us": a home too, which a later move replaces
        home = re.match(r"^SUBJ\s+(?:(?:now|currently|still|also|just)\s+)*(?:lives|is living|has moved in|moved in|"
                        r"is staying)\s+with\s+(?:us|me)\b", body)
        if home is None:
            return None
        return [make_fact(c, subj, "residence", "with the user", f"{disp} lives with the user", "fact")]
    if re.search(_SCHOOL_WORD + r"$", m.group("place")) or re.fullmatch(
            r"(?i:(?:mon|tues|wednes|thurs|fri|satur|sun)days?)", m.group("place")):
        return None  # "Callum has moved to St Brigid's National School", "Rotary moved to Wednesdays"
    return [make_fact(c, subj, "residence", m.group("place"), living_in(disp, m.group("place")), "fact")]


# a school by its name: "Brookfield Academy", "Kirkebakken Primary", "Riverside Community School"
_SCHOOL_WORD = (r"\b(?:School|Academy|Primary|College|Kindergarten|Nursery|High|Gymnasium|Secondary|Elementary|"
                r"Preschool)")
SCHOOL = r"(?P<school>(?:[A-Z][\w'’-]*\s+){1,3}" + _SCHOOL_WORD + r"\b(?:\s+School\b)?)"


@rule("relations")
def school(c: Clause, ctx: Context) -> list[Fact] | None:
    """"Nora goes to Brookfield Academy", "my daughter is at Riverside Community School", "Maja changed from
    Hillcrest to Alholm": the school someone attends (a name ending in School, Academy, Primary...; or any
    name after "changed/switched schools from X to")."""
    about = _about(c, ctx)
    if about is None:
        return None
    subj, disp, body = about
    m = re.match(r"^SUBJ\s+(?:(?:now|still|also|just)\s+)*(?:goes to|is at|is in|attends|started at|has started at|"
                 r"is starting at|(?:has\s+)?moved to|changed to|switched to)\s+(?:the\s+)?" + SCHOOL, body)
    if m is None and (re.search(r"\bout of\b|\bschools?\b|\bclass\b|\byear \d", c.raw, re.IGNORECASE)
                      or re.split(r"[:/]", subj)[0] in CHILDREN):  # "my daughter is at St Mary's": her school
        # "we took Elif out of Thornbury, Elif goes to Kastanjehof instead": the school said without its kind
        m = re.match(r"^SUBJ\s+(?:now\s+)?(?:goes to|attends|is at)\s+(?P<school>[A-Z][\w'’-]*(?:\s+[A-Z][\w'’-]*)*)",
                     body)
        out_of = re.search(r"\b(?:took|taken|pulled)\s+\w+\s+out of\s+(?P<old>[A-Z][\w'’-]*(?:\s+[A-Z][\w'’-]*)*)",
                           c.raw)
        if m is not None:  # the name does not say it is a school: the summary does
            name = m.group("school")
            return ([make_fact(c, subj, "school", out_of.group("old"), "", "fact", retract=True)] if out_of else []) + [
                make_fact(c, subj, "school", name, f"{disp} goes to school at {name}", "fact")]
    if m is None:
        m = re.match(r"^SUBJ\s+(?:has\s+)?(?:changed|switched|moved)\s+(?:schools?\s+)?from\s+(?P<old>[A-Z][\w'’-]*"
                     r"(?:\s+[A-Z][\w'’-]*)*)\s+to\s+(?P<school>[A-Z][\w'’-]*(?:\s+[A-Z][\w'’-]*)*)", body)
        if m is None or not re.search(r"\b(?:schools?|class|year|term|summer|holidays?|september|january)\b|" + SCHOOL,
                                      c.text, re.IGNORECASE):
            return None
    name = m.group("school")
    out = [make_fact(c, subj, "school", name, f"{disp} goes to {name}", "fact")]
    if "old" in m.groupdict() and m.group("old"):
        out.insert(0, make_fact(c, subj, "school", m.group("old"), "", "fact", retract=True))
    return out


# a child's school said through something else there: their teacher, how they are doing there
_AT_SCHOOL = (r"(?P<name>[A-Z][\w-]+)(?:(?:'s|’s)\s+(?:teachers?|class teacher|form tutor|head ?teacher|class)\s+"
              r"(?:at|from)|(?:'s|’s|\s+is|\s+has been)?\s+(?:doing (?:really |so )?well|settling in|thriving|"
              r"had a (?:great|good|rough|hard|lovely) (?:week|day|term))\s+at)\s+(?:the\s+)?" + SCHOOL)


@rule("mentions")
def school_run(c: Clause, ctx: Context) -> list[Fact] | None:
    """"dropping Oliwia at Greenhill Academy every morning is chaos", "an email to Luíza's teacher at Kingsford
    Public School", "Isla's doing well at Greenfield Primary": the school, said in passing."""
    m = re.search(r"\b(?i:dropping|dropped|drop|taking|took|take|picking up|picked up|pick up|walking|walked|walk)\s+"
                  r"(?:off\s+)?(?:(?i:my|our)\s+(?P<rel>\w+)\s+)?(?P<name>[A-Z][\w'’-]+)\s+(?:off\s+|up\s+)?(?:at|to|from)\s+"
                  r"(?:the\s+)?" + SCHOOL, c.text) or re.search(_AT_SCHOOL, c.text)
    if m is None or c.hedged or m.group("name") in NOT_NAMES or (c.question and "rel" in m.groupdict()):
        return None
    known = ctx.names.get(m.group("name"))
    word = m.group("rel") if "rel" in m.groupdict() and m.group("rel") else ""
    rel = known or ctx.remember(Rel(word.lower(), m.group("name")))
    name = m.group("school")
    return [make_fact(c, rel.subject, "school", name, f"{rel.display} goes to {name}", "fact")]


@rule("relations")
def taken_out_of(c: Clause, ctx: Context) -> list[Fact] | None:
    """"we took Elif out of Thornbury": the school that child no longer goes to."""
    m = re.match(r"^(?:I|we)\s+(?:have\s+)?(?:took|taken|pulled)\s+(?:(?i:my|our)\s+\w+\s+)?" + NAME
                 + r"\s+out of\s+(?P<old>[A-Z][\w'’-]*(?:\s+[A-Z][\w'’-]*)*)", c.text)
    if m is None or m.group("name") in NOT_NAMES:
        return None
    rel = ctx.names.get(m.group("name")) or ctx.remember(Rel("", m.group("name")))
    return [make_fact(c, rel.subject, "school", m.group("old"), "", "fact", retract=True)]


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


# an end said of a person: "Tom is no longer vegetarian", "she is not a smoker anymore", "Ana no longer plays
# tennis", "he does not eat meat anymore", "my dad stopped smoking", "Ana quit the choir"
_ANY_MORE = r"(?:\s+any ?more)?"
_PERSON_ENDED = [re.compile(p) for p in (
    r"^SUBJ\s+(?P<be>is|are)\s+(?:now\s+)?no longer\s+(?P<state>[^,;]+?)" + _ANY_MORE + "$",
    r"^SUBJ\s+(?P<be>is|are)\s+not\s+(?P<state>[^,;]+?)\s+any ?more$",
    r"^SUBJ\s+no longer\s+(?!(?:a|an|the|my|our|his|her|their|with|in|at|on)\b)(?P<verb>[a-z]+)"
    r"(?P<obj>\s+[^,;]+?)?" + _ANY_MORE + "$",
    r"^SUBJ\s+(?:does|do)\s+not\s+(?P<base>[a-z]+)(?P<obj>\s+[^,;]+?)?\s+any ?more$",
    r"^SUBJ\s+(?:has\s+|have\s+)?(?:(?:just|finally|recently|already)\s+)?(?:stopped|quit|gave up|given up)\s+"
    r"(?P<ing>[a-z]+ing)\b(?P<obj>\s+[^,;]+?)?" + _ANY_MORE + "$",
    r"^SUBJ\s+(?:has\s+|have\s+)?(?:(?:just|finally|recently|already)\s+)?(?P<quit>quit|gave up|given up)\s+"
    r"(?P<np>(?!(?:on|it|that|this|them|him|her)\b)[^,;]+?)" + _ANY_MORE + "$",
)]
# a mood or a whereabouts, not something memory holds: "she is not sure anymore", "he is no longer here"
_NOT_ENDS = re.compile(r"^(?:sure|able|allowed|going|here|there|home|around|available|well|feeling|talking|speaking|"
                       r"answering|happy|sad|angry|mad|upset|the same|that|so|as|too|very|only|just)\b")
_NOT_WHAT = frozenset(("us", "me", "them", "him", "her", "longer", "anymore"))


def _base(gerund: str) -> str:
    """The verb of a gerund: "playing" -> "play", "running" -> "run", "smoking" -> "smoke", "going" -> "go"."""
    stem = gerund[:-3]
    if len(stem) > 2 and stem[-1] == stem[-2] and stem[-1] not in "lsz":
        return stem[:-1]  # running, swimming, shopping
    if re.fullmatch(r"[^aeiou]*[aeiou][^aeiouwxy]", stem) or stem.endswith(("c", "v", "u")):
        return stem + "e"  # smoking, hiking, driving, dancing (one syllable, or a stem no word ends in)
    return stem


def _timeless(words: str, c: Clause) -> str:
    """``words`` up to the first time they name: when something ended is not what ended."""
    refs = timeref.find(words, c.event.at)
    words = words[:refs[0].start] if refs else words
    return trim_np(re.sub(r"\s+(?:on|in|at|from|last|this|the|since)\s*$", "", words.strip())).strip()


def _what_ended(m: re.Match[str], c: Clause) -> tuple[str, str] | None:
    """What a person's end says is over, as (words to match records by, how to say it after "no longer")."""
    g = m.groupdict()
    obj = _timeless(g.get("obj") or "", c)
    if g.get("state") is not None:
        state = _timeless(g["state"], c)
        return (state, f"{g['be']} no longer {state}") if state and not _NOT_ENDS.match(state) else None
    if g.get("np"):
        np = _timeless(g["np"], c)
        return (np, f"{'gave up' if g['quit'] == 'given up' else g['quit']} {np}") if np else None
    verb = g.get("verb") or conjugate(g.get("base") or _base(g.get("ing") or ""))
    if verb in ("is", "are", "has", "have", "does", "do", "was", "were", "will", "can") and not obj:
        return None
    return f"{verb} {obj}".strip(), f"no longer {verb} {obj}".strip()


@rule("relations")
def person_ended(c: Clause, ctx: Context) -> list[Fact] | None:
    """An end said of someone the user spoke of ("Tom is no longer vegetarian", "she stopped smoking", "Ana does
    not play tennis anymore"): what memory holds of that person naming what ended is retracted, and the end kept.

    The retraction names the person (their name, or their word when unnamed) and what ended, so it reaches only
    that person's records saying it (see consolidation's retractions)."""
    about = _about(c, ctx)
    if about is None or c.question or c.hedged:
        return None
    subj, disp, body = about
    m = next((found for p in _PERSON_ENDED if (found := p.match(body))), None)
    said = _what_ended(m, c) if m else None
    if said is None:
        return None
    what, ended = said
    when = f" (since {strip_prep(c.times[0].rewritten)})" if c.times else ""
    summary = tidy(f"{disp} {ended}{when}")
    retract = _retraction(c, subj, what, summary)
    if retract is None:
        return None  # "Tom is no longer here": nothing named that a record could hold
    return [retract, make_fact(c, subj, f"note:{value_terms(ended, 3)}", ended, summary, "fact", multi=True)]


def _retraction(c: Clause, subj: str, what: str, summary: str) -> Fact | None:
    """The retraction of what memory holds of the person ``subj`` saying ``what``; None when ``what`` names
    nothing a record could hold. It names the person and what, so it reaches only their records saying it."""
    person = subj.split(":")[-1]
    terms = [t for t in key_terms(what) if not t.isdigit() and t not in _NOT_WHAT and len(t) > 1][:3]
    if not terms or not person:
        return None
    topic = (*dict.fromkeys(key_terms(person.replace("_", " ")) or [person]), *terms)
    return make_fact(c, subj, f"{PERSON_ENDED}{'_'.join(terms)}", "", summary, "fact", retract=True, topic=topic)


_ELLIPSIS = re.compile(r"^(?:is|are|was|were|does|do|did|has|have|had|can|cannot|will|would)(?:\s+not)?"
                       r"(?:\s+(?:too|either|as well|also|any ?more))?$", re.IGNORECASE)


# a place the message named before: "a weekend in the Ardèche. my parents have a farm there"
_PLACE_BEFORE = re.compile(r"\b(?:in|to|near|around|from|at)\s+(?P<p>(?:the\s+)?(?-i:[^\W\d_a-z])[\w'’-]+"
                           r"(?:[\s-](?-i:[^\W\d_a-z])[\w'’-]+)*)")


def _there(rest: str, c: Clause) -> str:
    """``rest`` with a closing "there" put as the place the user's message named before it (kept as said when the
    message named none): "Parents have a farm there" -> "... a farm in the Ardèche"."""
    if not re.search(r"\s+there$", rest):
        return rest
    before = c.event.content[:max(0, c.event.content.find(c.raw.strip()))]
    places = [m.group("p") for m in _PLACE_BEFORE.finditer(before)
              if m.group("p").split()[-1] not in NOT_NAMES and m.group("p").split()[0] not in NOT_NAMES]
    return re.sub(r"\s+there$", f" in {places[-1]}", rest) if places else rest


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
    if _ELLIPSIS.match(rest):  # "... but my husband is not": the predicate is the other clause's, not said here
        return []
    if c.times:
        summary = f"{disp} " + pronouns(re.sub(r"^SUBJ\s+", "", timeref.rewrite(body, c.event.at)[0]))
        return [make_fact(c, subj, f"event:{event_head(rest)}", c.times[0].day.isoformat(), tidy(summary), "event",
                          multi=True)]
    trimmed = trim_np(_there(rest, c))
    # "Tom is no longer here" trimmed to "is no longer" says the opposite: kept as said
    rest_s = re.sub(r"\bmy\b", "their", _there(rest, c) if _DANGLING.search(trimmed) else trimmed)
    if len(rest_s.split()) < 2:  # "Callum is so funny" trimmed to "is": nothing said
        return []
    if re.fullmatch(r"(?:is|are)\s+(?:their|our)\s+(?:[\w-]+\s+)?" + re.escape(subj.split("/")[0].split(":")[0]),
                    rest_s, re.IGNORECASE):
        return []  # "he is my boyfriend", of the boyfriend: who he is (mentions), not something about him
    summary = tidy(f"{disp} {rest_s}")
    note = make_fact(c, subj, f"note:{value_terms(rest, 3)}", rest, summary, "fact", multi=True)
    # "Tom is vegetarian again": what memory held of him saying it, his end of it included, gives way
    again = _retraction(c, subj, re.sub(r"\bagain\b", "", rest), summary) if _AGAIN.search(rest) else None
    return [again, note] if again else [note]


_DANGLING = re.compile(r"\b(?:no longer|not|never|any ?more)$", re.IGNORECASE)
_AGAIN = re.compile(r"\bagain\b", re.IGNORECASE)
