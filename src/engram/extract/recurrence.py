"""Recurring commitments: the one home of the recurrence vocabulary and its reader.

People say a habit's rhythm in many ways: "every Wednesday", "on thursdays", "Fridays are my piano
lessons", "Tuesday nights", "weekly, on Monday", "every other Friday", "twice a week on Monday and
Thursday", "once a month", "the first Sunday of the month", "every morning". :func:`find` reads any of
them in a clause and says it one way ("every Wednesday", "every other Friday", "every Monday and
Thursday", "on the first Sunday of every month", "every week", "every morning"), with the spans it read so
the caller can take the rest of the clause as the activity. :func:`activity` reads that rest: who does
what ("I go to therapy", "my choir is", "are choir days for me", "they moved my piano lesson to") as the
activity's words and the verb a record says it with. A day named once ("on Thursday") is one day, not a
habit, unless the clause also says the habit is weekly ("my weekly choir got bumped to Thursday") or it is a
class, lesson or practice of one's own said in the present ("we have flamenco class on Wednesday").
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from .lexicon import ACTIVITIES_RE, ONE_OFF_RE, SESSIONS, SESSIONS_RE
from .statements import ENDING
from .text import IRREGULAR_PAST

DAY = r"(?:mon|tues|wednes|thurs|fri|satur|sun)day"
PART = r"(?:morning|afternoon|evening|night|lunchtime)"
_ORDINAL = r"(?:first|second|third|fourth|last|1st|2nd|3rd|4th)"
_DAYS = DAY + r"s?(?:\s*(?:,|and|&|\+)\s*(?:on\s+)?" + DAY + r"s?)*"
_PLURALS = DAY + r"s(?:\s*(?:,|and|&|\+)\s*(?:on\s+)?" + DAY + r"s)*"
_WEEKLY = r"(?:weekly|every week|each week|once a week|per week|week in,? week out)"
# words saying a day is no longer a habit's: "instead of Wednesdays", "not Fridays", "no more tuesdays"
_LEFT = r"instead of|rather than|not|no longer|no more"
# a day that is not the habit's day: a day left, or one a change starts from or leaves out ("from Monday to ...")
_NOT_THE_DAY = re.compile(r"\b(?:" + _LEFT + r"|from|except)\s+(?:on\s+)?(?:the\s+)?" + DAY + r"s?\b", re.IGNORECASE)


@dataclass(frozen=True, slots=True)
class Recurrence:
    """How often a habit recurs, said one way, and where the clause said it."""

    phrase: str  # "every Wednesday", "every other Friday", "every week", ...
    spans: tuple[tuple[int, int], ...]


def day_name(word: str) -> str:
    """"thursdays" / "THURSDAY" -> "Thursday"."""
    w = word.strip().lower()
    return (w[:-1] if w.endswith("s") and not w.endswith("ss") else w).capitalize()


def days_in(text: str) -> set[str]:
    """The days ``text`` names ("on thursdays, not Tuesday" -> {"Thursday", "Tuesday"})."""
    return {day_name(d) for d in re.findall(DAY, text, re.IGNORECASE)}


def _days(text: str) -> str:
    names: list[str] = []
    for d in re.findall(DAY, text, re.IGNORECASE):
        if day_name(d) not in names:
            names.append(day_name(d))
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _every_days(m: re.Match[str]) -> str:
    return "every " + _days(m.group("d"))


_Say = Callable[[re.Match[str]], str]
_FORMS: list[tuple[re.Pattern[str], _Say]] = [(re.compile(p, re.IGNORECASE), f) for p, f in [
    (r"\b(?:on\s+)?(?:the\s+|every\s+|each\s+)?(?P<o>" + _ORDINAL + r")\s+(?P<d>" + DAY + r")\s+(?:of|in)\s+"
     r"(?:the|each|every|a)\s+month\b",
     lambda m: f"on the {m.group('o').lower()} {day_name(m.group('d'))} of every month"),
    (r"\b(?:twice|two times|three times|thrice)\s+a\s+week\s*,?\s*(?:on\s+)?(?P<d>" + _DAYS + r")(?:\s+" + PART +
     r"s?)?\b", _every_days),
    (r"\b(?:every|each)\s+(?:other|second|alternate)\s+(?P<d>" + DAY + r")s?(?:\s+" + PART + r"s?)?\b",
     lambda m: f"every other {day_name(m.group('d'))}"),
    (r"\b(?:every|each)\s+(?P<d>" + _DAYS + r")(?:\s+" + PART + r"s?)?\b", _every_days),
    (r"\b(?:on\s+)?(?P<d>" + _PLURALS + r")(?:\s+" + PART + r"s?)?\b", _every_days),
    (r"\b(?:on\s+)?(?P<d>" + DAY + r")\s+" + PART + r"s\b", _every_days),
    (r"\b(?:twice|two times|three times|thrice)\s+a\s+week\b", lambda m: m.group(0).lower()),
    (r"\b(?:every|each)\s+(?:other|second)\s+week\b", lambda m: "every other week"),
    (r"\b(?:once a month|every month|each month|monthly)\b", lambda m: "every month"),
    (r"\b(?:every|each)\s+(?P<p>morning|afternoon|evening|night|day|weekend|weekday)\b",
     lambda m: f"every {m.group('p').lower()}"),
    (r"\b(?:on|at)\s+(?:the\s+)?weekends\b", lambda m: "every weekend"),
    (r"\bdaily\b", lambda m: "every day"),
]]
_WEEKLY_RE = re.compile(r"(?:,\s*|\s+)?(?:(?:it is|that is|still|same time,?|also)\s+)*\b" + _WEEKLY + r"\b",
                        re.IGNORECASE)
# a day a standing commitment is on from now on: "is on Monday now", "now on Fridays"
# ... or plural ("lessons are on Saturday"), or the day said first ("Thursday is my club night now")
_NOW_ON = re.compile(r"\b(?P<n>[\w-]+)\s+(?:is|are)\s+(?P<on>(?P<before>now\s+)?on\s+(?P<d>" + DAY + r")s?"
                     r"(?P<after>\s+now)?)\b", re.IGNORECASE)
_MOVED_TO_DAY = re.compile(r"\b(?:moved|moves|moving|switched|changed|bumped|shifted)\s+to\s+(?:the\s+)?(?P<d>"
                           + DAY + r"s?)\b", re.IGNORECASE)
# a habit done in the present on a day that is new: "I go swimming now on Wednesday", "we play on Monday now"
_NOW_ON_DAY = re.compile(r"\b(?:I|we)\s+(?!(?:will|would|can|could|might|may|must|am|was|were|had|did|have to|has to|"
                         r"need|needs|want|wants|hope|plan|should)\b)[a-z]+\b[^.;!?]{0,40}?\b(?P<on>now\s+on\s+"
                         r"(?P<d>" + DAY + r")|on\s+(?P<d2>" + DAY + r")\s+now)\b(?!s)", re.IGNORECASE)
# a session of one's own named by its day: "my tuesday shift", "our Thursday games", "my Monday yoga class"
_OWN_DAY_SESSION = re.compile(r"\b(?:my|our)\s+(?P<d>" + DAY + r")(?:\s+" + PART + r")?\s+(?P<n>(?:[\w-]+\s+)?(?:"
                              + SESSIONS_RE + r"|shifts?|games|choir|therapy))\b", re.IGNORECASE)
_PLURAL_STANDING = frozenset(w for w in SESSIONS if w.endswith("s") and (w[:-1] in SESSIONS or w[:-2] in SESSIONS))
_DAY_IS_MINE = re.compile(r"\b(?P<d>" + DAY + r")\s+(?:is|are)\s+(?:my|our)\s+(?:[\w-]+\s+){0,2}?"
                          r"(?:(?<=\s)(?:night|day|evening|morning)|" + SESSIONS_RE + r"|choir|therapy)s?\b",
                          re.IGNORECASE)  # "Friday is my date night", "Thursday is my pottery class"
# a day said first, then a pastime: "Thursday is 5-a-side with the lads" ("Friday is payday" names none)
_DAY_IS_PASTIME = re.compile(r"^\s*(?P<d>" + DAY + r")s?\s+(?:is|are)\s+(?:" + ACTIVITIES_RE + r")(?![\w-])",
                             re.IGNORECASE)
# "my only day off is Sunday": a day off is a weekly slot however it is said
_DAY_OFF_IS = re.compile(r"\bday\s+off\s+(?:is|are)\s+(?:on\s+|always\s+)?(?P<d>" + DAY + r")s?\b", re.IGNORECASE)
# what holds a standing slot: a session, or a pastime by its name ("climbing is on Sunday now", "hockey league
# moved to Thursdays")
_STANDING = re.compile(r"\b(?:" + SESSIONS_RE + r"|therapy|choir|band|league|"
                       r"(?:long\s+)?(?:runs|rides|swims|walks|hikes)|" + ACTIVITIES_RE + r")\b", re.IGNORECASE)
# a class or practice had in the present tense on a bare day is a standing slot ("we have flamenco class on
# Wednesday"); a meeting, "the lesson", or a day said with this / next / last or another time is one occasion
_OWN_CLASS = re.compile(r"(?<!\bthe )(?<!\ba )(?<!\ban )(?<!\bthat )\b(?:class|classes|lesson|lessons|practice|"
                        r"practise|rehearsal|rehearsals|training|club|choir|therapy|course)\b", re.IGNORECASE)
_ON_A_DAY = re.compile(r"\b(?:is|are|have|has|got|go|goes|do|does|attend|attends|take|takes|meet|meets|train|trains|"
                       r"rehearse|rehearses|run|runs)\b[^.;!?]{0,60}?\b(?P<on>on\s+(?P<d>" + DAY + r"))\b(?!s)",
                       re.IGNORECASE)
_ONCE = re.compile(r"\b(?:was|were|had|did|will|won't|going to|gonna|tomorrow|tonight|today|yesterday|this|next|last|"
                   r"coming|first|trial|taster|cancel(?:l)?ed|missed|skip|skipped|only|extra|instead|once|week of|"
                   r"\d{1,2}(?:st|nd|rd|th)?\s+(?:of\s+)?[A-Z][a-z]+)\b", re.IGNORECASE)
_RETAKE = re.compile(r"\b(?:sorry|i mean|i meant|actually|correction|make that|or rather|no wait|typo)\b",
                     re.IGNORECASE)
_ONE_DAY = re.compile(r"\b(?:on\s+|to\s+|is\s+)?(?P<d>" + DAY + r")(?:\s+" + PART + r")?\b", re.IGNORECASE)


def find(text: str) -> Recurrence | None:
    """The recurrence ``text`` says, or None (a day named once, with no word saying it recurs, is None)."""
    spans = tuple((m.start(), m.end()) for m in _NOT_THE_DAY.finditer(text))
    blank = _blank(text, spans)
    for pat, say in _FORMS:
        m = pat.search(blank)
        if m:
            for later in pat.finditer(blank, m.end()):
                if _RETAKE.search(blank[m.end():later.start()]):
                    m = later  # "every Tuesday - sorry, every Thursday": the day said last is the day meant
            extra = tuple((w.start(), w.end()) for w in _WEEKLY_RE.finditer(blank))
            return Recurrence(say(m), ((m.start(), m.end()), *spans, *extra))
    weekly = list(_WEEKLY_RE.finditer(blank))
    moved = _NOW_ON.search(blank)
    if moved and (((moved.group("before") or moved.group("after")) and _STANDING.search(blank))
                  or moved.group("n").lower() in _PLURAL_STANDING):  # a standing slot, not one day
        return Recurrence("every " + day_name(moved.group("d")), ((moved.start("on"), moved.end("on")), *spans))
    moved_to = _MOVED_TO_DAY.search(blank) if _STANDING.search(blank) else None
    if moved_to:  # "the flamenco class moves to Monday from next week"
        return Recurrence("every " + day_name(moved_to.group("d")), ((moved_to.start("d"), moved_to.end("d")), *spans))
    own = _OWN_DAY_SESSION.search(blank)
    if own and not ENDING.search(blank):  # "I need to swap my Tuesday shift": a slot of one's own, named by its day
        shifted = day_moved(blank)  # "moved our Thursday games to Sunday": the day it moved to
        return Recurrence("every " + (shifted[1] if shifted else day_name(own.group("d"))),
                          ((own.start("d"), own.end("d")), *spans))
    now_on = _NOW_ON_DAY.search(blank) if not re.search(r"\b" + ONE_OFF_RE + r"s?\b", blank, re.IGNORECASE) else None
    if now_on:  # "I go swimming now on Wednesday instead": a habit's new day
        day = now_on.group("d") or now_on.group("d2")
        return Recurrence("every " + day_name(day), ((now_on.start("on"), now_on.end("on")), *spans))
    mine = _DAY_IS_MINE.search(blank) or _DAY_OFF_IS.search(blank) or _DAY_IS_PASTIME.search(blank)
    if mine:
        return Recurrence("every " + day_name(mine.group("d")), ((mine.start("d"), mine.end("d")), *spans))
    standing = _ON_A_DAY.search(blank) if not weekly and _OWN_CLASS.search(blank) and not _ONCE.search(blank) \
        else None
    if standing:  # "we have flamenco class on Wednesday": a class said in the present is the class's day
        said = (standing.start("on"), standing.end("on"))
        return Recurrence("every " + day_name(standing.group("d")), (said, *spans))
    if not weekly:
        return None
    days = list(_ONE_DAY.finditer(blank))
    marks = tuple((w.start(), w.end()) for w in weekly)
    if not days:
        return Recurrence("every week", (*marks, *spans))
    d = days[-1]
    return Recurrence("every " + day_name(d.group("d")), ((d.start(), d.end()), *marks, *spans))


def _blank(text: str, spans: tuple[tuple[int, int], ...]) -> str:
    out = list(text)
    for a, b in spans:
        out[a:b] = " " * (b - a)
    return "".join(out)


def without(text: str, rec: Recurrence) -> str:
    """``text`` with what ``rec`` read taken out, tidied ("I have choir  , still" -> "I have choir")."""
    rest = re.sub(r"\s+", " ", _blank(text, rec.spans))
    rest = re.sub(r"(?:[\s,;:]+(?:still|now|these days|as usual|same time|for now|usually|normally|too|also|"
                  r"instead|any ?more|it is|that is|at the moment)\b)+[\s,;:]*$", "", rest, flags=re.IGNORECASE)
    return rest.strip(" ,;:-")


_LIGHT = {"have got": "Has", "have": "Has", "got": "Has", "go to": "Goes to", "attend": "Attends", "do": "Does",
          "take": "Takes", "am at": "Is at", "am in": "Is in", "teach": "Teaches", "run": "Runs", "host": "Hosts",
          "lead": "Leads", "coach": "Coaches", "play": "Plays", "go": "Goes"}
_NOT_HABIT = re.compile(r"^I\s+(?:(?:can|could|cannot|will|would|might|may|should|must|used to|want to|wanted to|"
                        r"plan to|hope to|need to|had|did|do not|did not|never|am not|was|were|have not)\b|"
                        r"am (?:thinking|planning|hoping)\b)", re.IGNORECASE)
_ACT = r"(?P<x>[^\W\d_][\w'’&/ -]{1,40}?)"
_OWN = r"(?:(?:my|our|the|a|an)\s+)?(?:(?:weekly|usual|regular)\s+)?"
_MOVED = (r"(?:has\s+|have\s+|was\s+|got\s+|is\s+|has been\s+|is being\s+|will\s+)?"
          r"(?:moved|moves|moving|move|switched|changed|bumped|"
          r"rescheduled|shifted|pushed|swapped)(?:\s+(?:over|back|forward))?(?:\s+to)?")
# when in the day, after the habit's day: "after work", "at noon", "at 6.30pm"
_AT = (r"(?:\s+(?:after work|after school|after dinner|before work|at lunch|in the (?:morning|evening)|"
       r"at (?:noon|midday|\d{1,2}(?:[:.]\d{2})?\s*(?:am|pm)?)))?")
# an adverb before the verb ("I also run"), never the verb itself
_ADVERB = r"(?:still|now|also|usually|normally|always|currently)"
_HOW_OFTEN = rf"(?:{_ADVERB}\s+)?"
_SHAPES: list[tuple[re.Pattern[str], str]] = [(re.compile(p, re.IGNORECASE), v) for p, v in [
    # "I have choir", "I've got my piano lesson", "I go to therapy", "I play tennis", "I swim"
    (r"^(?:I|we)\s+" + _HOW_OFTEN + r"(?P<v>have got|have|got|go to|attend|do|"
     r"take|am at|am in|teach|run|host|lead|coach|play|go)\s+" + _OWN + _ACT + r"$", ""),
    (r"^(?:I|we)\s+" + _HOW_OFTEN + r"(?!" + _ADVERB + r"\b)(?P<v>[a-z]+)(?:\s+(?P<x>(?:my|our|the|a|an|"
     r"at|to|with|for|in)\b[\w'’&/ -]{1,40}?|[a-z][\w'’ -]{1,30}?))?$", "VERB"),
    # "my choir is", "choir is on ... now", "my piano lesson moved to", "my weekly choir got bumped to"
    (r"^" + _OWN + _ACT + r"\s+(?:is|are|happens|runs|meets|meet|trains|train|rehearses|rehearse|practices|"
     r"practises|practice|practise|plays|play|takes place|gathers)"
     r"(?:\s+(?:now|still|always|usually))?" + _AT + r"$", "Has"),
    (r"^" + _OWN + _ACT + r"(?:['’]s)?\s+" + _MOVED + _AT + r"$", "Has"),  # "choir's switched to"
    # "the Spanish teacher switched us to", "our coach moved the sessions to"
    (r"^(?:the|our|my)\s+" + _ACT + r"\s+(?:teacher|tutor|coach|instructor|leader|organi[sz]er)\s+" +
     _MOVED.replace("(?:\\s+to)?", "") + r"\s+(?:us|me|it|them|(?:the|our|my)\s+(?:class|classes|lessons?|sessions?))"
     r"(?:\s+to)?$", "Has"),
    # "they switched my choir from ... to", "I moved my therapy to"
    (r"^(?:they|we|I|she|he)\s+" + _MOVED.replace("(?:\\s+to)?", "") + r"\s+" + _OWN + _ACT + r"(?:\s+to)?$", "Has"),
    # "new slot for choir", "new day for my therapy"
    (r"^(?:a\s+)?new\s+(?:slot|day|time|schedule)\s+for\s+" + _OWN + _ACT + r"$", "Has"),
    # a day said first: "... are choir days for me", "... are my piano lessons", "... are for climbing",
    # "... is when I have therapy"
    # (one of "my", "for", "when I", "X days" says the day is the habit's: "every morning is chaos" is not)
    (r"^(?:is|are)\s+(?:when I (?:have|do|go to)\s+|(?:my|our)\s+|for\s+(?:my\s+)?)(?:(?:weekly|usual)\s+)?" +
     _ACT + r"(?:\s+(?:days?|nights?|evenings?|mornings?|time))?(?:\s+for\s+(?:me|us))?$", "Has"),
    (r"^(?:is|are)\s+(?:(?:weekly|usual)\s+)?" + _ACT + r"\s+(?:days?|nights?|evenings?|mornings?|time)"
     r"(?:\s+for\s+(?:me|us))?$", "Has"),
    (r"^(?:is|are)\s+(?P<x>(?:" + ACTIVITIES_RE + r")(?:\s+(?:" + SESSIONS_RE + r"|night))?"
     r"(?:\s+(?:with|at|in)\s+[\w'’&/ -]{1,40}?)?)$", "Has"),
]]
_OPENER = re.compile(r"^(?:(?:sorry|oops|actually|no|so|oh|ok|okay|also|and|but|btw|well|right|yes|yeah|update|now|"
                     r"fyi|heads up|just so you know)\b[,!.:;-]*\s*)+", re.IGNORECASE)
_NOT_ACT = re.compile(r"^(?:it|that|this|there|he|she|they|we|i|you|which|what|who|one|mine|free|busy|off|fine|good|"
                      r"great|ok|okay|bad|hard|tough|the worst|the best|when|how|because|days?(?: off)?|"
                      r"(?:free|spare|rest|days?) (?:days?|time|evenings?)|weekends?|schedule|availability)\b",
                      re.IGNORECASE)


# where a habit is held, said after it: "in the library", "at the church hall", "at the leisure centre"
_WHERE_HELD = re.compile(r"\s+(?:in|at)\s+the\s+(?:[\w'’-]+\s+){0,2}?(?:library|hall|church hall|centre|center|"
                         r"community centre|leisure centre|gym|pool|park|club|studio|school)$"
                         r"|\s+(?:there|here)$", re.IGNORECASE)  # "training is on Thursdays there"
# "from now on", "going forward": when a change holds, not part of what is done
_SINCE_NOW = re.compile(r"(?:\s*,?\s+(?:from now on|going forward|for now|from next week|starting next week|"
                        r"(?:for the|this) (?:(?:summer|winter|spring|autumn|fall|new)\s+)?"
                        r"(?:summer|winter|spring|autumn|fall|season|term|semester|year)|for a while|btw|though|"
                        r"with the new \w+))+$", re.IGNORECASE)
# why it changed, said after it: "since the hall got booked", "because of the new rink", "cos ..."
_WHY = re.compile(r"\s*,?\s+(?:because|since|cos|cuz|'?cause|due to|thanks to)\b.*$", re.IGNORECASE)


def own_session(text: str) -> str | None:
    """The session a clause names by its day as one's own ("swap my tuesday shift": "shift"), or None."""
    m = _OWN_DAY_SESSION.search(text)
    return m.group("n") if m else None


def activity(rest: str) -> tuple[str, str] | None:
    """What a first-person clause (its recurrence taken out) says is done: ``(verb, activity)``, e.g.
    ("Has", "choir practice"), ("Goes to", "therapy"), ("Swims", ""); None when it says no habit of the
    user's ("I can't do", "it is", "my sister has ballet")."""
    rest = _SINCE_NOW.sub("", _WHY.sub("", _OPENER.sub("", rest)))
    rest = _WHERE_HELD.sub("", rest)  # "the book club meets in the library": where, not what
    after = _THEN.split(rest)
    if len(after) > 1 and after[-1].strip():  # "I must be there early so swimming moved to": what comes after "so"
        return activity(after[-1].strip())
    if not rest or _NOT_HABIT.match(rest):
        return None
    for pat, verb in _SHAPES:
        m = pat.match(rest)
        if not m:
            continue
        what = (m.groupdict().get("x") or "").strip()
        what = re.sub(r"\s+(?:on|at|in|for|with|from|to|and|but|so)$", "", what, flags=re.IGNORECASE)
        if verb == "VERB":
            v = m.group("v").lower()
            if v in ("am", "is", "was", "have", "get", "got", "like", "love", "hate", "need", "want", "think", "know",
                     "mean", "guess", "hope", "feel", "work", "live", "moved", "said", "told"):
                return None
            if not what and v == "come":
                return None
            # "I go" alone ("now I go on Thursdays", "I go there every Friday"): ("Goes", ""), to what the caller
            # finds the message named before, or no habit
            return (third(v), what)
        if what and _NOT_ACT.match(what):
            return None
        if not what:
            return None
        if verb == "":
            return (_LIGHT[re.sub(r"\s+", " ", m.group("v").lower())], what)
        return (verb, what)
    theirs = _THEIR_SESSION.match(rest)
    if theirs:  # "the Korean school moved my class to": "my Korean school class moved to"
        return activity(f"my {theirs.group('q')} {theirs.group('s')} {theirs.group('m')}{rest[theirs.end():]}")
    # "we have flamenco class together, it is our evening", "the book club meets in the library and it is my turn
    # to pick": the habit, then a remark on it
    head, remark, _ = [*_REMARK.split(rest, maxsplit=1), "", ""][:3]
    return activity(head.strip()) if remark and head.strip() else None


_THEN = re.compile(r",?\s+(?:so|and then|and now)\s+(?=(?:my\s+|our\s+|the\s+)?[\w-]+\s+(?:" + _MOVED.replace(
    "(?:\\s+to)?", "") + r"))", re.IGNORECASE)
_REMARK = re.compile(r"(,|\s+and\s+(?=(?:it|that|this)\s+(?:is|was)\b))")
# a place or club that moved the user's session: what the session is of is named by who moved it
_THEIR_SESSION = re.compile(r"^(?:the|our)\s+(?P<q>[^\W\d_][\w'’ -]{1,30}?)\s+(?P<m>moved|switched|changed|shifted|"
                            r"rescheduled|bumped)\s+(?:my|our)\s+(?P<s>(?:[\w-]+\s+)?(?:" + SESSIONS_RE + r"))\b",
                            re.IGNORECASE)


def activity_key(what: str) -> str:
    """The words that name an activity whatever it is called: "choir practice", "my choir" and "the choir"
    are one activity, as are "piano lessons" and "piano", "the orienteering club here" and "orienteering"; "at
    the food bank" is "food bank", "badminton with my brother" is "badminton"."""
    what = re.sub(r"^(?:up\s+for|at|to|with|for|in)\s+", "", what.strip(), flags=re.IGNORECASE)  # "signed up for"
    what = re.sub(r"^(?:my|our|the|a|an)\s+", "", what, flags=re.IGNORECASE)
    # who it is done with is not what is done: "badminton with my brother" (or "together") is badminton
    what = re.sub(r"\s+together$", "", what, flags=re.IGNORECASE)
    what = re.sub(r"\s+with\s+(?:(?:my|our|the|some)\s+)?(?:friends|kids|family|mates|colleagues|brother|sister|"
                  r"dad|mum|mom|son|daughter|wife|husband|partner|girlfriend|boyfriend|neighbours?|neighbors?|team|colleague|"
                  r"friend|cousin)(?:\s+[A-Z][\w'’-]+)?$", "", what)
    what = re.sub(r"\s+(?:here|there|now|again|too)$", "", what, flags=re.IGNORECASE)  # "orienteering club here"
    what = re.sub(r"\s+(?:in|at)\s+(?:the|our|my)\s+[\w'’ -]+$", "", what)  # "choir in the new church": choir
    core = re.sub(r"\s+(?:practice|practise|class|classes|lessons?|sessions?|training|appointments?|rehearsals?|"
                  r"club|group|team|society|night|nights)$", "", what, flags=re.IGNORECASE)
    return _DONE_AS.get(core.lower(), core) or what


# a session named alone is keyed by what is done in it, as "we rehearse every Tuesday" is
_DONE_AS = {"rehearsal": "rehearses", "rehearsals": "rehearses", "training": "trains", "trainings": "trains"}


def third(verb: str) -> str:
    """"swim" -> "Swims", "go" -> "Goes", "study" -> "Studies"; a past tense stays ("started" -> "Started")."""
    if verb.endswith("ed") or verb in IRREGULAR_PAST:
        return verb.capitalize()
    if re.search(r"(?:s|sh|ch|x|z|o)$", verb):
        return verb.capitalize() + "es"
    if re.search(r"[^aeiou]y$", verb):
        return verb[:-1].capitalize() + "ies"
    return verb.capitalize() + "s"


_BACK = re.compile(r"^(?:it|that|this|they|those)\s+(?:(?:is|are|has|have)\s+)?(?:now\s+)?(?:(?:been\s+)?"
                   r"(?:moved|switched|changed|bumped)\s+to\s+|on\s+)?(?P<d>" + DAY + r")(?P<s>s)?"
                   r"(?P<now>\s+(?:now|these days|instead|from now on|going forward))?$", re.IGNORECASE)


# "training is moving from Wednesday to Thursday", "moved our Thursday games to Sunday morning": a habit's day, changed
_DAY_MOVED = re.compile(rf"\b(?:mov|switch|chang|shift|bump|push)\w*\s+(?:[\w'’-]+\s+){{0,3}}?"
                        rf"(?:from\s+(?:(?:our|my|the)\s+)?(?P<a>{DAY})s?|(?:our|my|the)\s+(?P<b>{DAY})s?\s+[a-z]+)\b"
                        rf".*?\bto\s+(?:(?:the|our)\s+)?(?P<new>{DAY})s?\b", re.IGNORECASE)


def day_moved(text: str) -> tuple[str, str] | None:
    """The day a habit moved from and the one it moved to, when ``text`` says so ("moved our Thursday games to
    Sunday morning": ("Thursday", "Sunday")), else None."""
    m = _DAY_MOVED.search(text)
    if m is None:
        return None
    old, new = day_name(m.group("a") or m.group("b")), day_name(m.group("new"))
    return (old, new) if old != new else None


# a day said to be no longer the habit's: "not Thursdays", "not the wednesday gym anymore" ("from Monday" is no
# such word: it may say when a change starts)
_LEFT_DAY = re.compile(r"\b(?:" + _LEFT + r")\s+(?:on\s+)?(?:the\s+)?(?P<d>" + DAY + r")s?\b", re.IGNORECASE)


def day_left(text: str, phrase: str) -> str | None:
    """The one day ``text`` says a habit is no longer on, other than the day(s) of its new ``phrase``
    ("practices on Saturdays, not Thursdays" -> "Thursday"), else None; None too when ``text`` names more than
    two days (which habit left which day is then unclear)."""
    if len(days_in(text)) > 2:
        return None
    days = {day_name(m.group("d")) for m in _LEFT_DAY.finditer(text)} - set(re.findall(r"[A-Z][a-z]+day", phrase))
    return days.pop() if len(days) == 1 else None


def without_left_day(text: str) -> str:
    """``text`` without the day it says a habit left ("is my badminton night now instead of wednesdays" -> "is my
    badminton night"), tidied as :func:`without` tidies."""
    return without(text, Recurrence("", tuple((m.start(), m.end()) for m in _LEFT_DAY.finditer(text))))


def moved_back(text: str) -> str | None:
    """"it's Thursday now", "it moved to Fridays", "they're on Mondays now": the new recurrence of the habit
    the clause points back to (a day named once needs a word saying it changed)."""
    m = _BACK.match(text.strip())
    if not m or not (m.group("s") or m.group("now") or re.search(r"\b(?:moved|switched|changed|bumped)\b", text)):
        return None
    return "every " + day_name(m.group("d"))
