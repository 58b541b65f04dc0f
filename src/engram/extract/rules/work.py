"""Group ``user`` (second part): work and study. Jobs, employers, shifts, studies, what the user is learning."""

from __future__ import annotations

import re

from ...core.consolidate import WEEKLY, norm_key
from .. import recurrence
from ..base import Clause, Context, Fact, before_when, make_fact, org, said_as_switch, said_before, when_suffix
from ..lexicon import ACTIVITIES_RE, HEAD_OF, JOB_HEADS, JUDGED, LANGS, NOT_NAMES, REL_RE
from ..registry import rule
from ..text import (
    article,
    cap,
    cap_langs,
    cap_words,
    expand,
    is_activity,
    pronouns,
    strip_prep,
    tidy,
    trim_np,
    value_terms,
)

_JOBS = "|".join(JOB_HEADS)
_ORG_NAME = r"(?P<org>[A-Z][\w&.'-]*(?:\s+[A-Z][\w&.'-]*)*)"


def _job(c: Clause, job: str) -> Fact:
    said = cap_langs(job) if re.match(HEAD_OF, job) else f"{article(job)} {cap_langs(job)}"  # "head of science"
    return make_fact(c, "user", "job", job, ("Is " if job.startswith("retired ") else "Works as ") + said, "fact")


@rule("user")
def job(c: Clause, ctx: Context) -> list[Fact] | None:
    """"I work as a nurse", "I'm a software engineer at Acme", "I've been a pharmacist at Boots for 6 years" (job,
    and employer when named); "I'm a pharmacist in Lagos" names where the work is, not an employer."""
    t = c.text
    m = re.match(r"^I\s+(?:(?:now|currently|also|still)\s+)?(?:work|am working|have been working)\s+"
                 r"(?:(?:now|currently)\s+)?as\s+(?P<article>(?:a|an)\s+)?(?P<job>[\w\s-]+?)"
                 r"(?:\s+(?P<prep>at|for|in)\s+(?P<org>.+?))?"
                 r"(?:\s+(?:for|since)\s+(?:\w+\s+)?(?:years?|months?|\d{4}))?$", t)
    if m and not m.group("article") and not set(m.group("job").lower().split()) & JOB_HEADS:
        m = None  # "as cashier" (no article) is a job; "as part of a team" is not
    m = m or re.match(r"^I\s+(?:am|have been)\s+(?:now\s+|currently\s+|still\s+|actually\s+)?(?:(?:a|an)\s+|"
                      r"the\s+(?=(?i:" + HEAD_OF + r"))|"  # "I'm the head of marketing at Brightline"
                      r"(?![\w-]+['’]s\s)"  # "I'm June's main carer": whose carer, a relation, not a trade
                      r"(?!(?:the|my|your|his|her|our|their|this|that|so|very|such|not|no|just|only|really|quite|too|"
                      r"tired|happy|bad|good|great|proud|lucky|sad|being|getting|going|doing|having|trying|feeling|"
                      r"looking|starting|making|taking)\b))"
                      r"(?P<job>(?i:" + HEAD_OF + r")|(?:[\w'’-]+\s+){0,3}?(?:" + _JOBS + r")(?:\s+(?:" + _JOBS + r"))?"
                      r"(?:\s+of\s+(?!(?:the|a|an|my|our|all|them|it)\b)[A-Za-z][a-z]+)?)\b"  # "teacher of English"
                      r"(?:\s+(?:myself|too|also|here))*"  # "I am domestic helper here in Hong Kong"
                      r"(?:\s+(?P<prep>at|for|in|with)\s+(?P<org>.+))?", t)
    if not m:
        return _studying(c)
    said = trim_np(m.group("job")).lower()
    if set(said.split()[:-1]) & JUDGED:  # "I'm a terrible cook": how well, not what one does for a living
        return None
    if said.split()[-1] in _STUDENT:  # "a PhD student in materials science at METU in Ankara": METU
        at = re.search(r"\bat\s+(?P<s>.+)$", m.group("org") or "") if m.group("prep") == "in" else None
        school, city = _split_city(_school(at.group("s") if at else m.group("org") or "")) \
            if at or m.group("prep") == "at" else ("", "")
        return _student(c, said, school) + (
            [make_fact(c, "user", "study_city", city, f"Studies in {city}", "fact")] if city else [])
    out = [_job(c, said)]
    if m.group("prep") == "in" and re.search(r"\b[A-Z]{2,}\b", m.group("org") or ""):  # "in IES Triana": an employer
        employer, where = _in_city(c, org(m.group("org") or ""))
        return out + ([make_fact(c, "user", "employer", employer, f"Works at {employer}", "fact"), *where]
                      if employer else [])
    if m.group("prep") == "in":  # "a pharmacist in Lagos": where, not for whom
        # "in Lagos", "in a secondary school in Sevilla"
        place = re.match(r"^(?:(?:a|an|the)\s+[a-z][\w\s-]*?\s+in\s+)?(?P<c>" + _CITY + ")$", org(m.group("org") or ""))
        city = place.group("c") if place else ""
        if not city or city.split()[0] in NOT_NAMES:
            return out
        retired = said.startswith("retired ")  # "a retired teacher in Galway": where they live, not work
        lives = make_fact(c, "user", "residence", city, f"Lives in {city}", "fact") if retired else _works_in(c, city)
        return [*out, lives]
    employer, where = _in_city(c, org(before_when(m.group("org") or "", c)))  # "at Boots in March": Boots
    if employer:
        out += [make_fact(c, "user", "employer", employer, f"Works at {employer}", "fact"), *where]
    return out


_STUDENT = frozenset(("student", "undergrad", "undergraduate", "postgrad", "postgraduate", "fresher", "pupil"))


def _student(c: Clause, said: str, school: str) -> list[Fact]:
    """"I'm a 2nd yr nursing student at UCD": a student is not employed by their university."""
    return [make_fact(c, "user", "student", said, f"Is {article(said)} {cap_langs(said)}", "fact"),
            *_studies_at(c, school)]


def _studies_at(c: Clause, school: str) -> list[Fact]:
    return [make_fact(c, "user", "university", school, f"Studies at {school}", "fact")] if school else []


def _major(c: Clause, what: str, school: str) -> list[Fact]:
    return [make_fact(c, "user", "major", what, f"Studies {what}", "fact"), *_studies_at(c, school)]


def _studying(c: Clause) -> list[Fact] | None:
    """"I'm a bio major at UT Austin": what and where the user studies (a later "switched my major" replaces it);
    "im 2nd yr at RMIT", "I'm in my final year at Trinity": where."""
    year = re.match(r"^I\s+am\s+(?:now\s+|currently\s+)?(?:a\s+|in\s+(?:my|the)\s+)?(?:1st|2nd|3rd|4th|5th|first|"
                    r"second|third|fourth|fifth|final|last)[\s-]+(?:yr|year)(?:\s+student)?\s+at\s+(?P<org>.+)$",
                    c.text, re.IGNORECASE)
    if year:
        return _studies_at(c, _school(year.group("org"))) or None
    m = re.match(r"^I\s+am\s+(?:now\s+|currently\s+|still\s+)?(?:a|an)\s+(?P<what>[\w\s-]+?)\s+major"
                 r"(?:\s+at\s+(?P<org>.+?))?(?:\s+(?:btw|now|too))?$", c.text, re.IGNORECASE)
    if not m:
        return None
    what = trim_np(m.group("what"))
    return _major(c, what, _school(m.group("org") or ""))


def _school(said: str) -> str:
    """Where a student studies: a name, or in chat lower case ("ucd", "ut austin"); not "the moment" or "uni"."""
    said = re.split(r"\s*,\s*|\s+(?:and|but|so|btw)\b", said.strip(), maxsplit=1)[0]
    name = org(said) if re.search(r"[^\W\d_a-z]", said) else ""  # a capital: a name ("the University of Leeds")
    if name or re.match(r"(?:the|a|an|my|our|home|night|uni|university|college|school|work|weekends?)\b", said):
        return name
    return said if re.fullmatch(r"[a-z][a-z&.'-]*(?: [a-z][a-z&.'-]*){0,2}", said) else ""


# one or two capitalised words, a place's name, with the region it lies in ("Austin, TX", "Sevilla, Spain")
_CITY = r"[^\W\d_a-z][\w'’-]*(?:\s+[^\W\d_a-z][\w'’-]*)?(?:,\s+[^\W\d_a-z][\w'’-]*)?"


def _split_city(said: str) -> tuple[str, str]:
    """"Comarch in Łódź" -> ("Comarch", "Łódź"); a name with no city after it ("Arup in May") -> ("Arup in May", "")."""
    city = re.match(r"^(?P<o>.+?)\s+in\s+(?P<city>" + _CITY + ")$", said)
    if not city or not city.group("o")[:1].isupper() or city.group("city").split()[0] in NOT_NAMES:
        return said, ""
    return city.group("o"), city.group("city")


def _in_city(c: Clause, employer: str) -> tuple[str, list[Fact]]:
    """The employer, and where the work is as a fact of its own (never fused into the employer)."""
    employer, city = _split_city(employer)
    return employer, [_works_in(c, city)] if city else []


def _works_in(c: Clause, city: str) -> Fact:
    return make_fact(c, "user", "work_city", city, f"Works in {city}", "fact")


@rule("user")
def no_longer_works_at(c: Clause, ctx: Context) -> list[Fact] | None:
    """"I no longer work at Acme": retracts that employer."""
    m = re.match(r"^I\s+(?:no longer|do not)\s+work\s+(?:at|for|with)\s+(?P<org>.+?)(?:\s+(?:anymore|any more))?$",
                 c.text)
    employer = org(m.group("org")) if m else ""
    if not employer:
        return None
    return [make_fact(c, "user", "employer", employer, f"No longer works at {employer}", "fact", retract=True)]


@rule("user")
def left_job(c: Clause, ctx: Context) -> list[Fact] | None:
    """"I just quit Initech", "I left my job at the bank", "I resigned from Barclays": retracts that employer (a
    job named by what it is, "my job at the bank", needs no capital)."""
    m = re.match(r"^I\s+(?:have\s+)?(?:just\s+)?(?:left|quit|resigned from|stepped down from)\s+"
                 r"(?:(?:my|the)\s+(?:job|position|role)\s+(?:at|with)\s+(?P<job>.+)|(?P<org>[A-Z].+))$", c.text)
    employer = org(before_when(m.group("org") or m.group("job"), c)) if m else ""  # "I left Hallmann in April"
    if not employer:
        return None
    when = when_suffix(c)
    return [make_fact(c, "user", "employer", employer, f"Left {employer}" + (f" {when}" if when else ""), "fact",
                      retract=True)]


@rule("user")
def laid_off(c: Clause, ctx: Context) -> list[Fact] | None:
    """"I was laid off from Globex": retracts the employer and records the job loss."""
    m = re.match(r"^I\s+(?:was|got|have been|am being)\s+(?:laid off|let go|made redundant|fired)\s+(?:from|by|at)\s+"
                 + _ORG_NAME, c.text)
    if not m:
        return None
    employer, when = m.group("org"), when_suffix(c)
    summary = tidy(f"Was laid off from {employer}" + (f" {when}" if when else ""))
    return [make_fact(c, "user", "employer", employer, "", "fact", retract=True),
            make_fact(c, "user", f"job_loss:{norm_key(employer)}", employer, summary, "fact")]


@rule("user")
def between_jobs(c: Clause, ctx: Context) -> list[Fact] | None:
    """"I'm between jobs", "I'm unemployed right now": no employer now, whichever one memory holds."""
    m = re.match(r"^I\s+am\s+(?:(?:currently|now|still|kind of)\s+)?(?P<what>between jobs|unemployed|out of work|"
                 r"jobless|without a job)\b", c.text, re.IGNORECASE)
    if not m:
        return None
    what, when = m.group("what").lower(), when_suffix(c)
    return [make_fact(c, "user", "employer", "", "", "fact", retract=True),
            make_fact(c, "user", "employment", what, tidy(f"Is {what} {when}"), "fact")]


@rule("user")
def accepted_offer(c: Clause, ctx: Context) -> list[Fact] | None:
    """"I accepted an offer from Stripe (as a data analyst)"."""
    m = re.match(r"^I\s+(?:have\s+)?(?:just\s+)?accepted\s+(?:an?\s+|the\s+)?(?:offer|job|position|role)"
                 r"(?:\s+as\s+(?:a|an)\s+(?P<job>[\w\s-]+?))?\s+(?:from|at|with)\s+" + _ORG_NAME, c.text)
    if not m:
        return None
    employer, when = m.group("org"), when_suffix(c)
    out = [make_fact(c, "user", "employer", employer,
                     f"Works at {employer} (accepted an offer" + (f" {when})" if when else ")"), "fact")]
    if m.group("job"):
        out.append(_job(c, trim_np(m.group("job")).lower()))
    return out


@rule("user")
def started_at(c: Clause, ctx: Context) -> list[Fact] | None:
    """"I started at Monzo last week (as a designer)", "I joined Shopify", "I am joining Spotify in May"."""
    m = re.match(r"^I\s+(?:have\s+)?(?:just\s+)?(?:started|joined|began|am (?:starting|joining)|will (?:start|join))\s+"
                 r"(?:a\s+new\s+(?:job|role|position)\s+)?"
                 r"(?:working\s+)?(?:(?:full|part)[- ]time\s+(?=at|with|for))?(?:at|with|for)?\s*"
                 + _ORG_NAME + r"(?:\s+as\s+(?:a|an)\s+(?P<job>[\w\s-]+?))?"
                 r"(?:\s+(?:today|yesterday|this|last|on|in)\b.*)?(?:\s*,.*)?$", c.text)  # ", still reception"
    if not m or m.group("org").split()[0] in NOT_NAMES or is_activity(m.group("org")):
        return None  # "I've joined Pilates on Mondays" is a class, not an employer
    employer, when = m.group("org"), when_suffix(c)
    begins = "starts" if re.match(r"^I\s+(?:am|will)\b", c.text) else "started"
    out = [make_fact(c, "user", "employer", employer, f"Works at {employer}" + (f" ({begins} {when})" if when else ""),
                     "fact")]
    if m.group("job"):
        out.append(_job(c, trim_np(m.group("job")).lower()))
    return out


_ROLE = r"(?P<job>(?i:" + HEAD_OF + r")|(?:[\w'’-]+\s+){0,3}?(?:" + _JOBS + r"))"
_TO = r"(?:\s+(?:at|with|in|for)\s+(?P<org>.+))?$"
# after "hired ... as" or "a job as" any short noun phrase is the role ("a QA tester", "night porter")
_ANY_ROLE = r"(?P<job>(?:[\w'’-]+\s+){0,3}?[\w'’-]+)"
_GOT_JOB = re.compile(
    r"^I\s+(?:have\s+)?(?:just\s+|finally\s+|now\s+)?(?:got|landed|found|took|was offered|have been offered|"
    r"accepted|been offered)\s+(?:a|an|the)\s+(?:new\s+|summer\s+|part-time\s+|full-time\s+|permanent\s+)*"
    r"(?:job|position|role|post|internship|placement|contract)"
    r"(?:\s+as\s+(?:a\s+|an\s+)?" + _ANY_ROLE + r"|\s+doing\s+(?P<task>[\w\s-]+?))?" + _TO, re.IGNORECASE)
_HIRED = re.compile(r"^I\s+(?:have\s+)?(?:just\s+|finally\s+)?(?:got|was|have been|am|been)\s+hired\s+(?:at|by)\s+"
                    r"(?P<org>.+?)(?:,?\s+as\s+(?:a\s+|an\s+)?" + _ANY_ROLE + r")?$", re.IGNORECASE)
# "joining Shopee next month as senior product manager", "go to Vestas from October, as head of service
# engineering": a move to an organisation is a new employer only when it comes with a role
_GOES_AS = re.compile(r"^(?:I\s+(?:am\s+|will\s+)?)?(?:join|joining|go|going|move|moving|switch|switching)\s+"
                      r"(?:over\s+)?(?:to\s+)?(?P<org>(?-i:[^\W\d_a-z])[^,;]*?),?\s+as\s+(?:a\s+|an\s+)?(?:the\s+)?"
                      + _ROLE + r"\b", re.IGNORECASE)


def _appositive(said: str) -> str:
    """The employer in "an office, Baltica Services, here in Kraków": a name set off after a kind of place."""
    m = re.match(r"^(?:a|an|the)\s+[a-z][\w\s-]*?,\s+(?P<n>(?-i:[^\W\d_a-z])[\w&.'’-]*(?:\s+(?-i:[^\W\d_a-z])"
                 r"[\w&.'’-]*)*)", said.strip())
    return m.group("n") if m else ""


@rule("user")
def new_job(c: Clause, ctx: Context) -> list[Fact] | None:
    """A new job said as an event: "I got a job as accountant in an office, Baltica Services", "got a summer
    internship doing IT helpdesk at the university hospital", "I got hired at Tesco as a shift manager",
    "joining Shopee next month as senior product manager": the employer and the job, as the facts they now are
    (so they replace the ones before by key)."""
    m = _GOT_JOB.match(c.text) or _HIRED.match(c.text) or _GOES_AS.match(c.text)
    if not m:
        return None
    said = m.group("org") or ""
    employer = _appositive(said) or org(before_when(said, c))
    if employer and (employer.split()[0] in NOT_NAMES or is_activity(employer)):
        employer = ""
    employer, where = _in_city(c, employer) if employer else ("", [])
    out = [make_fact(c, "user", "employer", employer, f"Works at {employer}", "fact"), *where] if employer else []
    if m.group("job"):  # in lower case, but an acronym as said ("a QA tester")
        out.append(_job(c, " ".join(w if w.isupper() and len(w) > 1 else w.lower()
                                    for w in trim_np(m.group("job")).split())))
    elif "task" in m.re.groupindex and m.group("task"):  # "an internship doing IT helpdesk"
        task = trim_np(m.group("task"))
        out.append(make_fact(c, "user", "job", task, f"Works in {task}", "fact"))
    return out or None


@rule("user")
def been_with(c: Clause, ctx: Context) -> list[Fact] | None:
    """"I've been with Initech since 2019", "I'm at Northwind, in the finance team", "I've worked at Arup for five
    years": an employer; "I'm employed by Siemens" says so by itself."""
    m = re.match(r"^I\s+(?:(?:have been|am)\s+(?:with|at)|(?:have been|am) working\s+(?:at|for|with)|have worked\s+"
                 r"(?:at|for)|(?P<employed>(?:have been|am)\s+(?:now\s+)?employed\s+(?:at|by)))\s+" + _ORG_NAME
                 + r"(?P<rest>.*)$", c.text)
    if not m or m.group("org").split()[0] in NOT_NAMES:
        return None
    said = m.group("rest") + " " + c.raw
    if not m.group("employed") and not re.search(
            r"\b(?:since|for \w+ years|for (?:years|ages|a while|a long time)|these days|nowadays|team|department|"
            r"office|job|work|colleagues?|jumped ship|new job|changed jobs|switched jobs)\b", said, re.IGNORECASE):
        return None
    employer = m.group("org")
    return [make_fact(c, "user", "employer", employer, f"Works at {employer}", "fact")]


@rule("user")
def works_in_field(c: Clause, ctx: Context) -> list[Fact] | None:
    """"I work in logistics", "I work in higher education": the field of one's work, in lower case (a name after
    "in" is a place or an employer: :func:`works_for`)."""
    m = re.match(r"^I\s+(?:(?:now|currently|also|still)\s+)?work\s+in\s+(?P<field>[a-z][a-z -]*?)$", c.text)
    if not m or len(m.group("field").split()) > 3 or re.match(r"(?:the|a|an|my|our|here|there|this|that)\b",
                                                                 m.group("field")):
        return None
    field = m.group("field").strip()
    return [make_fact(c, "user", "field", field, f"Works in {field}", "fact")]


@rule("user")
def works_at_place(c: Clause, ctx: Context) -> list[Fact] | None:
    """"I'm at Greenway animal hospital now": an employer named by its kind of place."""
    m = re.match(r"^I\s+am\s+(?:now\s+)?(?:working\s+)?at\s+(?P<org>(?:the\s+)?[\w\s&'-]*?\b(?:hospital|clinic|school|"
                 r"university|bank|office|company|agency|firm|store|shop|restaurant|cafe|hotel|practice|lab|"
                 r"studio|surgery|pharmacy|bakery))\b", c.text, re.IGNORECASE)
    if not m:
        return None
    employer = cap_words(m.group("org"))
    return [make_fact(c, "user", "employer", employer, f"Works at {employer}", "fact")]


_BUSINESS = r"(?:business|company|firm|shop|store|clinic|practice|salon|bakery|cafe|café|restaurant|studio|agency|" \
            r"startup|consultancy|garage|workshop|stall)"
_OWNED_NAME = r"(?P<org>(?-i:[A-Z\u00c0-\u024f])[\w&.'\u2019-]*(?:\s+(?-i:[A-Z\u00c0-\u024f])[\w&.'\u2019-]*)*)"
_OWN_BUSINESS = (
    # "my business is called Dlamini Electrical", "business name is Dlamini Electrical", "our shop's name is Kofi's"
    re.compile(r"^(?:(?:my|our|the)\s+)?(?:own\s+)?" + _BUSINESS + r"(?:'s)?\s+(?:name\s+is|is\s+called|is\s+named)\s+"
               + _OWNED_NAME, re.IGNORECASE),
    # "I opened my own clinic with a mate, called Bayside Physio", "we run a small bakery called Mkate"
    re.compile(r"\b(?:opened|started|set up|founded|launched|run|own|have)\s+(?:my|our|a|an)\s+(?:own\s+)?"
               r"(?:[\w-]+\s+){0,2}?" + _BUSINESS + r"\b[^,.;]{0,40}?,?\s+(?:called|named)\s+" + _OWNED_NAME,
               re.IGNORECASE),
)


@rule("user")
def own_business(c: Clause, ctx: Context) -> list[Fact] | None:
    """"Business name is Dlamini Electrical", "opened my own clinic with a mate, called Bayside Physio": where the
    user works (an employer: it replaces the one before); their own when they opened, run or own it."""
    for shape, own in zip(_OWN_BUSINESS, (False, True), strict=True):
        m = shape.search(c.text)
        name, where = _in_city(c, trim_np(m.group("org")) if m else "")
        if name and name not in NOT_NAMES:
            said = f"Works at {name}" + (" (their own business)" if own else "")
            return [make_fact(c, "user", "employer", name, said, "fact"), *where]
    return None


@rule("user")
def shifts(c: Clause, ctx: Context) -> list[Fact] | None:
    """"I work night shifts at St Mary's"."""
    m = re.match(r"^I\s+(?:(?:now|currently|also|still)\s+)?work\s+(?P<shift>night|day|early|late|evening|morning|"
                 r"weekend|double|split|long)\s+shifts\b(?:.*?\bat\s+(?P<org>.+))?$", c.text)
    if not m:
        return None
    shift = m.group("shift")
    out = [make_fact(c, "user", "shift", shift, f"Works {shift} shifts", "fact")]
    employer = org(m.group("org") or "")
    if employer:
        out.append(make_fact(c, "user", "employer", employer, f"Works at {employer}", "fact"))
    return out


@rule("user")
def switched_shifts(c: Clause, ctx: Context) -> list[Fact] | None:
    """"I switched to day shifts last month"."""
    m = re.search(r"\bswitched\s+(?:from\s+\w+\s+shifts\s+)?to\s+(?P<shift>night|day|early|late|evening|morning|"
                  r"weekend)\s+shifts\b", c.text)
    if not m:
        return None
    shift, when = m.group("shift"), when_suffix(c)
    return [make_fact(c, "user", "shift", shift, f"Switched to {shift} shifts" + (f" {when}" if when else ""), "fact")]


_A_DAY = re.compile(r"\b(?:today|tonight|tomorrow|this (?:week|weekend|morning|afternoon|evening)|all day|late|"
                   r"from home|on (?:a|an|the|my|our)\b)", re.IGNORECASE)


_FOR_NOW = re.compile(r"\b(?:now|currently|these days|nowadays)\b", re.IGNORECASE)


@rule("user")
def works_for(c: Clause, ctx: Context) -> list[Fact] | None:
    """"I work at Spotify in the data team", "I work for the council", "I work for the NHS as a physio", "from June
    I will work in CD Projekt"."""
    m = re.match(r"^I\s+(?:(?:now|currently|also|still)\s+)?(?P<v>work|will work|will be working|am going to work|"
                 r"(?P<ing>am\s+(?:(?:now|currently|still)\s+)?working))\s+(?P<prep>at|for|in)\s+(?P<org>.+)$", c.text)
    employer = org(before_when(m.group("org"), c)) if m else ""
    if not m or not employer or (m.group("prep") == "in" and not re.search(r"\b[A-Z]{2,}\b", employer)
                                 and not re.search(r"\b(?:called|named)\b", m.group("org"))):
        return None  # "I work in Leeds" names a place; "in CD Projekt", "in a shop called Kmart" an employer
    if m.group("ing") and (_A_DAY.search(m.group("org")) or not (employer[0].isupper() or _FOR_NOW.search(c.raw))):
        return None  # "I'm working at the library today": where they are; "... the library now": a new job
    team = re.search(r"\bin the\s+(?P<team>[\w\s-]+?)\s+(?:team|department|group|division)\b", m.group("org"))
    employer, where = _in_city(c, employer)
    summary = f"Works at {employer}" + (f" in the {team.group('team')} team" if team else "")
    when = when_suffix(c) if m.group("v") != "work" else ""
    summary += f" ({when})" if when else ""
    role = re.search(r"\bas\s+(?:a|an)\s+(?P<job>[\w\s-]+?)$", m.group("org"))  # "for the NHS as a physio"
    return [make_fact(c, "user", "employer", employer, summary, "fact"), *where] + (
        [_job(c, trim_np(role.group("job")).lower())] if role else [])


@rule("user")
def teaches(c: Clause, ctx: Context) -> list[Fact] | None:
    """"I teach chemistry at a secondary school", "I teach at Westfield Academy"."""
    m = re.match(r"^I\s+(?:(?:now|currently|also|still)\s+)?teach(?:\s+(?!(?:at|in)\b)(?P<what>[\w\s-]+?))?"
                 r"(?:\s+(?P<prep>at|in)\s+(?P<org>.+))?$", c.text)
    if not m or not (m.group("what") or m.group("org")):
        return None
    job = f"{trim_np(m.group('what'))} teacher" if m.group("what") else "teacher"
    where = re.sub(r"\s+here$", "", trim_np(m.group("org") or ""))
    summary = f"Works as {article(job)} {job}" + (f" {m.group('prep')} {where}" if where else "")  # the job it is
    return [make_fact(c, "user", "job", job, summary, "fact")]


@rule("user")
def freelance(c: Clause, ctx: Context) -> list[Fact] | None:
    """"I went freelance as a photographer in March"."""
    m = re.search(r"\b(?:go|going|went|gone)\s+freelance(?:\s+as\s+(?:a|an)\s+(?P<job>[\w\s-]+))?", c.text)
    if not m:
        return None
    when = when_suffix(c)
    job = "freelance " + trim_np(m.group("job")).lower() if m.group("job") else "freelancer"
    return [make_fact(c, "user", "job", job, f"Works as {article(job)} {job}" + (f" (since {strip_prep(when)})"
                                                                               if when else ""), "fact")]


@rule("user")
def retired(c: Clause, ctx: Context) -> list[Fact] | None:
    """"I'm retired (since last year)"."""
    if not re.match(r"^I\s+(?:am\s+)?retired\b", c.text):
        return None
    when = when_suffix(c)
    return [make_fact(c, "user", "job", "retired", "Is retired" + (f" (since {strip_prep(when)})" if when else ""),
                      "fact")]


@rule("user")
def studies(c: Clause, ctx: Context) -> list[Fact] | None:
    """"I study biology at the University of Leeds"."""
    m = re.match(r"^I\s+(?:am\s+)?(?:currently\s+|now\s+)?(?:study|studying|major in|majoring in|am a student of)\s+"
                 r"(?!(?:for|at|in|with|on|every|hard|a lot|late|early|daily|weekly)\b)(?P<what>[\w\s-]+?)"
                 r"(?:\s+at\s+(?P<org>(?:the\s+)?[A-Z][\w\s&'-]+?))?(?:,.*)?$", c.text)
    if not m:
        return None
    what = trim_np(m.group("what"))
    return _major(c, what, trim_np(m.group("org") or ""))


@rule("user")
def switched_major(c: Clause, ctx: Context) -> list[Fact] | None:
    """"I switched my major to economics", "switched majors to computer science"."""
    m = re.search(r"\b(?:switched|changed)\s+(?:my\s+)?(?:major|degree|course|subject)s?\s+(?:from\s+[\w\s]+?\s+)?to\s+"
                  r"(?P<what>[\w\s-]+)", c.text)
    if not m:
        return None
    what, when = trim_np(m.group("what")), when_suffix(c)
    return [make_fact(c, "user", "major", what, f"Studies {what} (switched major" + (f" {when})" if when else ")"),
                      "fact")]


def _switch(c: Clause) -> bool:
    """ "I'm learning Korean now", "started Korean lessons", "switched to": the language in place of the others
    (:func:`~engram.extract.base.said_as_switch`, a start counting too)."""
    return said_as_switch(c, started=True)


@rule("user")
def learning(c: Clause, ctx: Context) -> list[Fact] | None:
    """"I'm learning Japanese", "I'm taking lessons in piano"."""
    rec = recurrence.find(c.text)  # "I'm learning Spanish on Tuesdays": the day is said with it
    m = re.match(r"^I\s+am\s+(?:(?:currently|now|still|also)\s+)*(?:learning|practising|practicing|"
                 r"taking lessons in)\s+(?P<x>[\w\s-]+)", recurrence.without(c.text, rec) if rec else c.text)
    if not m:
        return None
    x = trim_np(m.group("x"))
    if not x or x.split()[0].lower() in ("to", "how", "it", "that"):
        return None
    lang = x.split()[0]
    when = f" {rec.phrase}" if rec else ""
    if lang.lower() in LANGS:
        out = [make_fact(c, "user", f"learning:{lang.lower()}", lang, f"Learning {lang}{when}", "fact",
                         switch=_switch(c))]
        old = re.search(r"\binstead of\s+(?P<old>" + "|".join(LANGS) + r")\b", c.text, re.IGNORECASE)
        if old:
            out.append(make_fact(c, "user", f"learning:{old.group('old').lower()}", old.group("old"), "", "fact",
                                 retract=True))
        return out
    return [make_fact(c, "user", f"learning:{value_terms(x, 2)}", x, f"Learning {x}{when}", "fact")]


@rule("user")
def language_lessons(c: Clause, ctx: Context) -> list[Fact] | None:
    """"I've started Korean lessons", "switched from Greek to Dutch lessons": the language being learnt."""
    langs = "|".join(LANGS)
    m = re.match(r"^I\s+(?:have\s+)?(?:just\s+)?(?:started|began|am taking|take|switched\s+from\s+(?P<old>" + langs
                 + r")\s+to)\s+(?P<lang>" + langs + r")\s+(?:lessons|classes|courses?)\b", c.text, re.IGNORECASE)
    if not m:
        return None
    lang = m.group("lang").capitalize()
    out = [make_fact(c, "user", f"learning:{lang.lower()}", lang, f"Learning {lang}", "fact", switch=_switch(c))]
    if m.group("old"):
        out.append(make_fact(c, "user", f"learning:{m.group('old').lower()}", m.group("old"), "", "fact", retract=True))
    return out


@rule("user")
def changed_my_x_to(c: Clause, ctx: Context) -> list[Fact] | None:
    """"I changed my gym day to Thursday", "we raised our budget to 500": an attribute's new value."""
    m = re.search(r"\b(?:switch|switched|switching|change|changed|changing|update|updated|updating|move|moved|"
                  r"moving|raise|raised|raising)\s+(?:my|our)\s+(?P<what>[a-z][\w\s-]{1,30}?)\s+(?:from\s+.+?\s+)?"
                  r"to\s+(?P<val>.+)$", c.dated)
    if not m or re.match(r"^(?:" + REL_RE + r")\b", m.group("what")) or recurrence.find(c.text):
        return None  # a new weekly day ("they moved my piano lesson to Fridays") is the habit's (``weekly``)
    what = m.group("what").strip()
    val = trim_np(m.group("val"))
    if not val:
        return None
    return [make_fact(c, "user", norm_key(what), val, f"{cap(what)}: {val}", "fact")]


_ACTIVITY = re.compile(r"\b(?:" + ACTIVITIES_RE + r")\b(?:\s+(?:night|class|"
                       r"classes|practice|lessons?|club|group|session))?", re.IGNORECASE)


def _done_before(c: Clause) -> str | None:
    """The activity the message named last, up to this clause: what a bare "I go" goes to."""
    done = _ACTIVITY.findall(said_before(c.event.content, c.raw))
    return done[-1].lower() if done else None


# a clause pointing back at the day its sentence named: "so that's my badminton night now"
_THAT_IS_MINE = re.compile(r"(?:^|\bso\s+|,\s*)(?:that|this|it)\s+"
                           r"(?=is\s+(?:my|our)\s+[\w-]+\s+(?:night|day|evening|morning)\b)", re.IGNORECASE)


@rule("user")
def weekly(c: Clause, ctx: Context) -> list[Fact] | None:
    """A first-person habit said with how it recurs ("I have choir every Thursday", "Fridays are my piano
    lessons", "I swim every morning", "my therapy moved to Saturdays"): one key per activity whose value is the
    recurrence, so a new day for the same activity replaces the old one (see :mod:`..recurrence`)."""
    if c.question:
        return None
    back = recurrence.moved_back(c.text)
    habit = next((f for f in reversed(ctx.recent) if f.attribute.startswith(WEEKLY)), None) if back else None
    if back and habit is not None:  # "it's Thursday now", said of the habit just talked about
        return [make_fact(c, "user", habit.attribute, back, habit.summary.replace(habit.value, back), "fact")]
    rec = recurrence.find(c.text)
    rest = recurrence.without(c.text, rec) if rec else ""
    back_to = _THAT_IS_MINE.search(c.text)
    if back_to:  # "they play on Mondays, so that's my badminton night now": the day its sentence said
        rec = rec or recurrence.find(expand(c.raw.strip().rstrip(".!")))
        rest = recurrence.without_left_day(c.text[back_to.end():]) if rec else ""
    if rec is not None and not rest:  # the clause is only when ("new slot for choir: every Thursday"): its sentence
        whole = expand(c.raw.strip().rstrip(".!"))
        rec = recurrence.find(whole)
        rest = recurrence.without(whole, rec) if rec else ""
    off = re.search(r"\b(?:only\s+)?day\s+off\b", rest, re.IGNORECASE) if rec else None  # "Tuesday is my day off"
    said = ("", off.group(0)) if off else recurrence.activity(rest) if rec else None
    if rec is not None and said is None and (own := recurrence.own_session(c.text)):
        said = ("Has", own)  # "I need to swap my tuesday shift": the shift is the habit, whatever is done to it
    if rec is None or said is None:
        return None
    verb, what = said
    what = re.sub(r"^(?:my|our)\s+|\s+(?:here|there)$", "", what, flags=re.IGNORECASE)  # "the club here"
    what = re.split(r"\s+[-–—]+\s+", what)[-1]  # "a message for the parents - training": training
    if verb == "Goes" and (not what or re.match(r"^with\s", what, re.IGNORECASE)):
        # "the studio changed, now I go on Thursdays", "I go every Thursday with my boyfriend": to what the message
        # named before; "I go there every Friday" names nothing
        done = _done_before(c)
        if not done:
            return None
        verb, what = "Goes to", f"{done} {what}".strip()
    if c.text.startswith(what) and what[1:2].islower():  # "Book club is ..." -> "Has book club ..."
        what = what[0].lower() + what[1:]
    what = cap_langs(what)  # "Has Spanish class"
    key = value_terms(recurrence.activity_key(what) or verb, 3)
    summary = f"{cap(what)} is {rec.phrase}" if off else " ".join(w for w in (verb, pronouns(what), rec.phrase) if w)
    moved = recurrence.day_moved(c.text)  # "moving from Wednesday to Thursday": in the old day's place
    # "practices on Saturdays, not Thursdays": in the place of the habit on the day its sentence says it left
    left = moved[0] if moved else recurrence.day_left(c.raw, rec.phrase)
    return [make_fact(c, "user", WEEKLY + key, rec.phrase, summary, "fact", revises=left is not None,
                      topic=(left.lower(),) if left else ())]

