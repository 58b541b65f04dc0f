"""Relative time expressions in English, resolved against a message's timestamp. Pure.

"tomorrow", "next Friday", "in May", "last week", "on the 14th", "two days ago"... become absolute dates
so that a record written today still means the same thing when it is recalled months later. Each match
keeps its character span so callers can rewrite the sentence in place.

Conventions (documented because English is ambiguous):

- ``next <weekday>`` is that weekday in the *next calendar week* (weeks start on Monday): said on Thursday
  5 March 2026, "next Friday" is 13 March; ``last <weekday>`` is that weekday in the previous calendar
  week (said on Tuesday 14 April, "last Monday" is 6 April); ``this <weekday>`` is the one in the current
  week, or the next one if it has passed; a bare ``<weekday>`` / ``on <weekday>`` is the next one after
  today, or the last one before today when the sentence is in the past tense. Plural weekdays ("on
  Tuesdays"), "every (second) Tuesday" and "Tuesday evenings" are habits, and "a Saturday job" names no
  one day: left alone.
- ``in <Month>`` / ``<Month> 3rd`` / ``the 14th`` take the next occurrence (this month or year counts),
  or the latest past one when the sentence is in the past tense.
- weeks are written as "the week of <Monday>", months as "<Month> <year>", days as ISO dates with the
  weekday: "2026-03-13 (Friday)". A date written in these forms is read back as itself, never resolved again
  (its weekday in brackets is no new date), so rewriting a rewritten text changes nothing.
"""

from __future__ import annotations

import calendar
import re
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from itertools import pairwise

WEEKDAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
MONTHS = ("january", "february", "march", "april", "may", "june", "july", "august", "september",
          "october", "november", "december")
_MONTH_ABBR = {m[:3]: i + 1 for i, m in enumerate(MONTHS)} | {"sept": 9}
_NUMBER_WORDS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6,
                 "seven": 7, "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "a couple of": 2,
                 "a few": 3, "couple of": 2, "few": 3}

_WD = r"(?P<wd>monday|tuesday|wednesday|thursday|friday|saturday|sunday|mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun)"
_MON = (r"(?P<mon>january|february|march|april|may|june|july|august|september|october|november|december|"
        r"jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec)")
_DAY = r"(?P<day>[12]?\d|3[01])(?:st|nd|rd|th)?"
_YEAR = r"(?:,?\s+(?P<year>20\d\d|19\d\d))?"
_NUM = (r"(?P<num>\d+|a couple of|couple of|a few|few|an|a|one|two|three|four|five|six|seven|eight|nine|ten|"
        r"eleven|twelve)")
_PREP = r"(?:\b(?P<prep>on|by|until|till|before|after|from|since|to|for|in|during|around)\s+)?"

_PATTERNS: tuple[tuple[str, re.Pattern[str]], ...] = tuple(
    (name, re.compile(_PREP + body, re.IGNORECASE)) for name, body in (
        ("written", r"(?P<form>\bthe week of |\bthe weekend of |\baround )?\b(?P<iso>\d{4}-\d{2}-\d{2})"
                    r"(?(form)|\s\((?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)\))"),
        ("day_after_tomorrow", r"\bthe day after tomorrow\b"),
        ("day_before_yesterday", r"\bthe day before yesterday\b"),
        ("tomorrow", r"\btomorrow\b"),
        ("yesterday", r"\byesterday\b"),
        ("today", r"\b(?:today|tonight|this (?:morning|afternoon|evening))\b"),
        ("month_day", r"\b" + _MON + r"\.?\s+" + _DAY + r"\b" + _YEAR),
        ("day_month", r"\b(?:the\s+)?" + _DAY + r"\s+(?:of\s+)?" + _MON + r"\b" + _YEAR),
        ("rel_weekday", r"\b(?P<rel>next|this|last|coming|this coming)\s+" + _WD + r"\b(?!s)"),
        ("weekday", r"\b" + _WD + r"\b(?!s)"),
        ("rel_weekend", r"\b(?P<rel>next|this|last)\s+weekend\b"),
        ("rel_week", r"\b(?P<rel>next|this|last)\s+week\b"),
        ("rel_month", r"\b(?P<rel>next|this|last)\s+month\b"),
        ("rel_year", r"\b(?P<rel>next|this|last)\s+year\b"),
        ("rel_season", r"\b(?P<rel>next|this|last)\s+(?P<season>spring|summer|autumn|fall|winter)\b"),
        ("rel_named_month", r"\b(?P<rel>next|this|last)\s+" + _MON + r"\b"),
        ("month", r"\b" + _MON + r"\b" + _YEAR),
        ("ordinal_day", r"\bthe\s+(?P<day>[12]?\d|3[01])(?:st|nd|rd|th)\b"),
        ("in_n", r"\bin\s+" + _NUM + r"\s+(?P<unit>days?|weeks?|months?|years?)\b"),
        ("n_ago", r"\b" + _NUM + r"\s+(?P<unit>days?|weeks?|months?|years?)\s+ago\b"),
    )
)
# Words too ambiguous to be months or weekdays on their own ("may" the verb, "sun", "wed", "sat", "mar").


def _words(text: str) -> frozenset[str]:
    """A word list written as one string (easier to read and extend than a literal)."""
    return frozenset(text.split())


_AMBIGUOUS_BARE = {"may", "mar", "jan", "sun", "sat", "wed", "mon", "fri", "thu", "tue", "tues", "thur",
                   "thurs", "jun", "jul", "aug", "sep", "sept", "oct", "nov", "dec", "feb", "apr"}

_PAST_WORDS = _words("""was were had did went got came saw left took made bought sold lost found began started moved
    finished quit met told said ago last yesterday used spent became brought thought felt adopted
    switched joined changed rescheduled cancelled canceled passed moved relocated signed
    broke fell gave wrote ran won paid grew knew flew drove rode ate drank sang swam chose forgot kept slept sent
    spoke taught threw woke wore heard held built caught fought stood""")


@dataclass(frozen=True, slots=True)
class TimeRef:
    """One time expression found in a text: its span, what it says, and what it resolves to."""

    start: int
    end: int
    text: str
    granularity: str  # day | week | weekend | month | year | season
    day: date
    rewritten: str  # replacement text, keeps the user's preposition: "on 2026-03-13 (Friday)"


_NOT_PAST_ED = _words("""need speed feed indeed seed bed red shed wed proceed based interested excited
    tired allergic used supposed scared worried bored annoyed pleased""")


def is_past(text: str) -> bool:
    """A rough past-tense test: a past time word, a perfect tense, or a past verb form.

    Participles used as adjectives ("I'm married", "I'm based in") do not count.
    """
    low = text.lower()
    if re.search(r"\b(ago|yesterday|last (week|month|year|weekend|night|monday|tuesday|wednesday|thursday|"
                 r"friday|saturday|sunday|january|february|march|april|may|june|july|august|september|"
                 r"october|november|december))\b", low):
        return True
    if re.search(r"\b(was|were|did)\b|\bsplit up\b(?<!\bwill split up)(?<!\bto split up)", low):
        return True
    if re.search(r"\b(have|has|had|'ve)\s+(just\s+|already\s+|recently\s+|finally\s+)?"
                 r"(been|gone|had|\w+ed)\b", low) and not re.search(r"\b(have|has|'ve)\s+(been|got)\b", low):
        return True
    words = re.findall(r"[A-Za-z']+", text)
    for prev, w in pairwise(words):
        verb, before = w.lower(), prev.lower()
        if before in ("am", "is", "are", "be", "been", "being", "get", "gets", "getting", "got", "was", "were",
                      "a", "an", "the", "my", "our", "your", "very", "so", "too", "i'm", "we're", "they're",
                      "you're", "he's", "she's", "recently", "happily", "newly", "not") or before.endswith("ing"):
            continue  # "I am married", "getting engaged", "a used car": adjectives, not past verbs
        if verb in _PAST_WORDS or (verb.endswith("ed") and len(verb) > 3 and verb not in _NOT_PAST_ED):
            return True
    return False


def fmt_day(d: date) -> str:
    """``2026-03-13 (Friday)``: ISO for machines, the weekday for people."""
    return f"{d.isoformat()} ({WEEKDAYS[d.weekday()].capitalize()})"


def fmt_month(d: date) -> str:
    return f"{MONTHS[d.month - 1].capitalize()} {d.year}"


def _month_num(token: str) -> int:
    t = token.lower().rstrip(".")
    if t in MONTHS:
        return MONTHS.index(t) + 1
    return _MONTH_ABBR[t[:4] if t == "sept" else t[:3]]


def _weekday_num(token: str) -> int:
    t = token.lower()[:3]
    return [w[:3] for w in WEEKDAYS].index(t)


def _count(token: str) -> int:
    t = token.lower()
    return int(t) if t.isdigit() else _NUMBER_WORDS[t]


def _add_months(d: date, n: int) -> date:
    y, m = divmod(d.month - 1 + n, 12)
    year, month = d.year + y, m + 1
    return date(year, month, min(d.day, calendar.monthrange(year, month)[1]))


def _monday(d: date) -> date:
    return d - timedelta(days=d.weekday())


def _safe_date(year: int, month: int, day: int) -> date | None:
    if day > calendar.monthrange(year, month)[1]:
        return None
    return date(year, month, day)


# after a determiner or "of" a time has its preposition already ("at the end of March"), and a bare weekday
# followed by a noun names which thing ("the Monday Pilates class"), not a date; "the Monday after Easter" and
# "my Monday morning" stay dates. Not "her": "I saw her Monday"
_BOUND = re.compile(r"\b(?:the|my|our|your|his|their|of)\s+$", re.IGNORECASE)
_ANY_ONE = re.compile(r"\b(?:a|an)\s+$", re.IGNORECASE)
_PARTS_OF_DAYS = re.compile(r"\s+(?:mornings|afternoons|evenings|nights)\b", re.IGNORECASE)
# "twice in a week", "3 times in a month", "the second one in a year": how often, not when
_RATE = re.compile(r"\b(?:once|twice|thrice|times|(?:first|second|third|fourth|fifth|\d+(?:st|nd|rd|th))(?:\s+[a-z]+)?)"
                   r"\s+$", re.IGNORECASE)
# a weekday said as whose slot it is: "Tuesday is her yoga", "Sunday is church with the family", "Fridays are our
# date night": a weekly slot, not one date
_SLOT_OF = re.compile(r"\s+(?:is|are)\s+(?:(?:always|usually|still|now)\s+)?(?:(?:my|her|his|our|their)\s+\w|"
                      r"(?:church|mass|temple|mosque|synagogue|shul)\b)", re.IGNORECASE)
# a bare month that names someone: right after "my <person>" or "named", or owning something ("June's")
_NAME_BEFORE = re.compile(r"(?:\b(?:my|our|his|her|their|your)\s+[a-z][a-z-]+|"
                          r"\b(?:named|called)(?:\s+(?:her|him|them|it))?)\s+$", re.IGNORECASE)
_NAME_AFTER = re.compile(r"['’]s\b")
_NAMED = re.compile(r"\s+(?!(?:after|before|of|following|prior|morning|afternoon|evening|night|and|or|at|in|on|to|"
                    r"is|was|will|then)\b)[A-Za-z][\w-]*", re.IGNORECASE)


def find(text: str, ref: datetime, *, past: bool | None = None) -> list[TimeRef]:
    """Every time expression in ``text``, resolved against ``ref`` (the message timestamp), left to right.

    ``past`` says whether the sentence is in the past tense; None guesses with :func:`is_past`.
    Overlapping matches keep the earliest, longest one.
    """
    if past is None:
        past = is_past(text)
    today = ref.date()
    found: list[TimeRef] = []
    taken: list[tuple[int, int]] = []
    for name, pattern in _PATTERNS:
        for m in pattern.finditer(text):
            core_start = m.start("prep") if m.group("prep") else m.start()
            if name in ("weekday", "rel_weekday") and re.search(
                    r"\b(?:every|each)(?:\s+(?:other|second|third|fourth|single))?\s+$",
                    text[max(0, m.start() - 20):m.start()].lower()):
                continue  # "every second Tuesday" is a habit, not a date
            if name == "weekday" and (_PARTS_OF_DAYS.match(text[m.end():])
                                      or _ANY_ONE.search(text[max(0, m.start() - 4):m.start()])):
                continue  # "meets Thursday afternoons", "a Saturday job", "on a Monday": no one date
            bare = _BOUND.search(text[max(0, m.start() - 8):m.start()]) is not None
            if name == "weekday" and not m.group("prep") and _SLOT_OF.match(text[m.end():]):
                continue  # "tuesday is her yoga": whose slot the day is
            if name == "weekday" and not m.group("prep") and bare and _NAMED.match(text[m.end():]):
                continue  # "the Monday Pilates class", "my Thursday one": which one, not when
            if name == "in_n" and _RATE.search(text[max(0, m.start() - 30):m.start()]):
                continue
            if any(s < m.end() and core_start < e for s, e in taken):
                continue
            if name == "written":  # a date as this module writes it: read back as itself, never re-resolved
                written = _written(m)
                if written is not None:
                    found.append(TimeRef(m.start(), m.end(), m.group(0), written[0], written[1], m.group(0)))
                taken.append((m.start(), m.end()))
                continue
            # "rescheduled it to May 27th", "postponed until June": past verb, future date.
            forward = (m.group("prep") or "").lower() in ("to", "until", "till", "by")
            ref_ = _resolve(name, m, today, past and not forward)
            if ref_ is None:
                continue
            gran, day = ref_
            prep = (m.group("prep") or "").lower()
            found.append(TimeRef(m.start(), m.end(), m.group(0), gran, day, _rewrite(gran, day, prep, m, bare=bare)))
            taken.append((m.start(), m.end()))
    found.sort(key=lambda t: t.start)
    return found


def _written(m: re.Match[str]) -> tuple[str, date] | None:
    """The (granularity, day) of a date written the way :func:`_rewrite` writes one; None if no real date."""
    try:
        day = date.fromisoformat(m.group("iso"))
    except ValueError:
        return None
    form = (m.group("form") or "").strip().lower()
    return {"the week of": "week", "the weekend of": "weekend", "around": "around"}.get(form, "day"), day


def _as_name(m: re.Match[str]) -> bool:
    """A capitalised bare month said as a person's name ("my mother June", "June's carer")."""
    mon = m.group("mon")
    return mon[0].isupper() and bool(_NAME_BEFORE.search(m.string[max(0, m.start("mon") - 40):m.start("mon")])
                                     or _NAME_AFTER.match(m.string, m.end("mon")))


def _resolve(name: str, m: re.Match[str], today: date, past: bool) -> tuple[str, date] | None:
    g = m.groupdict()
    if name == "day_after_tomorrow":
        return "day", today + timedelta(days=2)
    if name == "day_before_yesterday":
        return "day", today - timedelta(days=2)
    if name == "tomorrow":
        return "day", today + timedelta(days=1)
    if name == "yesterday":
        return "day", today - timedelta(days=1)
    if name == "today":
        return "day", today
    if name in ("month_day", "day_month"):
        month, day = _month_num(g["mon"]), int(g["day"])
        if g.get("year"):
            d = _safe_date(int(g["year"]), month, day)
            return ("day", d) if d else None
        d = _safe_date(today.year, month, day)
        if d is None:
            return None
        if past and d > today:
            d = _safe_date(today.year - 1, month, day) or d
        elif not past and d < today:
            d = _safe_date(today.year + 1, month, day) or d
        return "day", d
    if name == "rel_weekday":
        wd, rel = _weekday_num(g["wd"]), g["rel"].lower()
        if rel == "next":
            return "day", _monday(today) + timedelta(days=7 + wd)
        if rel == "last":
            return "day", _monday(today) - timedelta(days=7 - wd)
        d = _monday(today) + timedelta(days=wd)
        if rel != "this" or d < today:
            d = today + timedelta(days=(wd - today.weekday()) % 7 or 7)
        return "day", d
    if name == "weekday":
        if g["wd"].lower() in _AMBIGUOUS_BARE:
            return None
        wd = _weekday_num(g["wd"])
        if past:
            return "day", today - timedelta(days=(today.weekday() - wd) % 7 or 7)
        return "day", today + timedelta(days=(wd - today.weekday()) % 7 or 7)
    if name == "rel_weekend":
        rel = g["rel"].lower()
        sat = _monday(today) + timedelta(days=5)
        sat += timedelta(days={"next": 7, "last": -7, "this": 0}[rel])
        return "weekend", sat
    if name == "rel_week":
        shift = {"next": 7, "last": -7, "this": 0}[g["rel"].lower()]
        return "week", _monday(today) + timedelta(days=shift)
    if name == "rel_month":
        shift = {"next": 1, "last": -1, "this": 0}[g["rel"].lower()]
        return "month", _add_months(today.replace(day=1), shift)
    if name == "rel_year":
        shift = {"next": 1, "last": -1, "this": 0}[g["rel"].lower()]
        return "year", date(today.year + shift, 1, 1)
    if name == "rel_season":
        start_month = {"spring": 3, "summer": 6, "autumn": 9, "fall": 9, "winter": 12}[g["season"].lower()]
        rel = g["rel"].lower()
        year = today.year + (1 if rel == "next" else -1 if rel == "last" else 0)
        return "season", date(year, start_month, 1)
    if name == "rel_named_month":
        month, rel = _month_num(g["mon"]), g["rel"].lower()
        year = today.year
        if rel == "next" and month <= today.month:
            year += 1
        elif rel == "last" and month >= today.month:
            year -= 1
        return "month", date(year, month, 1)
    if name == "month":
        token = g["mon"].lower()
        if token in _AMBIGUOUS_BARE and not g.get("year"):
            # "may" is a modal verb; only "in May" / "of May" / capitalised "May" count as the month.
            before = m.string[max(0, m.start("mon") - 4):m.start("mon")].lower()
            if not (g.get("prep") or before.endswith(("of ", "in "))) or not m.group("mon")[0].isupper():
                return None
        if not (g.get("prep") or g.get("year")) and _as_name(m):
            return None  # "my mother June", "named April", "June's carer": a person, not a month
        month = _month_num(token)
        if g.get("year"):
            return "month", date(int(g["year"]), month, 1)
        year = today.year
        if past and month > today.month:
            year -= 1
        elif not past and month < today.month:
            year += 1
        return "month", date(year, month, 1)
    if name == "ordinal_day":
        day = int(g["day"])
        d = _safe_date(today.year, today.month, day)
        if past:
            if d is None or d > today:
                prev = _add_months(today.replace(day=1), -1)
                d = _safe_date(prev.year, prev.month, day)
        elif d is None or d < today:
            nxt = _add_months(today.replace(day=1), 1)
            d = _safe_date(nxt.year, nxt.month, day)
        return ("day", d) if d else None
    if name in ("in_n", "n_ago"):
        n = _count(g["num"]) * (1 if name == "in_n" else -1)
        unit = g["unit"].lower().rstrip("s")
        if unit == "day":
            return "day", today + timedelta(days=n)
        if unit == "week":
            return "around", today + timedelta(days=7 * n)
        if unit == "month":
            return "month", _add_months(today, n).replace(day=1)
        return "year", date(today.year + n, 1, 1)
    return None


def _rewrite(gran: str, d: date, prep: str, m: re.Match[str], *, bare: bool = False) -> str:
    """The replacement text; keeps the user's preposition when there was one, and adds none when ``bare``."""
    if gran == "day":
        core, default = fmt_day(d), "on"
    elif gran == "around":
        core, default = f"around {d.isoformat()}", ""
    elif gran == "week":
        core, default = f"the week of {d.isoformat()}", "in"
    elif gran == "weekend":
        core, default = f"the weekend of {d.isoformat()}", "on"
    elif gran == "month":
        core, default = fmt_month(d), "in"
    elif gran == "season":
        season = {3: "spring", 6: "summer", 9: "autumn", 12: "winter"}[d.month]
        core, default = f"{season} {d.year}", "in"
    else:
        core, default = str(d.year), "in"
    if not prep:
        return core if bare else f"{default} {core}".strip()
    word = m.group("prep")
    if gran in ("month", "year", "season") and prep == "on":
        word = "in"
    return f"{word} {core}"


def rewrite(text: str, ref: datetime, *, past: bool | None = None) -> tuple[str, list[TimeRef]]:
    """``text`` with every time expression replaced by its absolute form, and the matches found."""
    refs = find(text, ref, past=past)
    out, pos = [], 0
    for t in refs:
        out.append(text[pos:t.start])
        out.append(t.rewritten)
        pos = t.end
    out.append(text[pos:])
    return "".join(out), refs
