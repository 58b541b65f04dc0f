"""A fix, or a change, of a value said in an earlier conversation, matched against what memory holds.

"one fix from our last chat: karoq, not forester" names no attribute, and the conversation it fixes is
gone: only memory knows that "Forester" is the user's car ("Drives a Subaru Forester", ``user/car``). When
no earlier message of the batch names the slip (the extractor puts those right itself,
:func:`.corrections.earlier_fix`), :func:`fixes` looks the slip up among the stored records and, for each
active record naming it, retracts that record and states it again with the value put right, under the
same key (the value in the key too, for keys that carry it: ``manager/note:gnunhild``). A record the batch
already restates with the right value (a fix whose values said what they are, "gluten-free, not
dairy-free" -> "Is gluten-free") is only retracted.

A change said by the old value's name works the same way (:func:`changes`): "moved over to Telefónica, Arup
is history" names no attribute either, but memory knows Arup is the employer ("Works at Arup",
``user/employer``), so the record is stated again with Telefónica under the same key and supersedes the old
one (it was true, so it is superseded, not retracted). The same holds for "traded squash for padel", "Y has
replaced X", "Y now, not X", "Y (used to be X)", "moved from X to Y" and the like, in any case (a lower-case
value counts only where memory holds it).

A value said to be over by its name alone works the same way (:func:`endings`): "we had to rehome Tigger",
"made redundant from Nestlé", "not with Isla anymore" end what memory holds under that name.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from ..core.consolidate import WEEKLY, norm_value, record_key
from ..core.text import STOP_WORDS, key_terms, plain_letters
from ..types import Event, Record
from . import normalize
from .base import Fact
from .corrections import said_fix
from .lexicon import SESSIONS
from .statements import ATTRIBUTE, RULE
from .text import is_activity, with_make

RULE_NAME = "correction.later"
CHANGE_RULE = "change.by_name"
ENDED_RULE = "ended.by_name"


def _names(word: str, text: str) -> bool:
    return re.search(r"(?<![\w-])" + re.escape(word) + r"(?![\w-])", text, re.IGNORECASE) is not None


def _put(text: str, wrong: str, right: str) -> str:
    """``text`` with ``wrong`` replaced by ``right`` (a car's make with its model: :func:`.text.with_make`)."""
    wrong = with_make(text, wrong, right)
    return re.sub(r"(?<![\w-])" + re.escape(wrong) + r"(?![\w-])", right, text, flags=re.IGNORECASE)


def _put_held(text: str, wrong: str, right: str) -> str:
    """:func:`_put` on a stored key or value, which hold names folded ("Rosalía" is "rosalia" there)."""
    put = _put(text, wrong, right)
    return put if put != text else _put(text, plain_letters(wrong).lower(), right)


def fixes(events: Sequence[Event], history: Sequence[Event], found: Sequence[Fact],
          held: Callable[[str], Sequence[Record]]) -> list[Fact]:
    """Retractions and restatements for the fixes in ``events`` of values only memory holds.

    ``history`` and the batch's earlier user messages are where a slip said in this conversation is
    (those fixes are the extractor's); ``found`` is what the extractor read; ``held(text)`` returns the
    active long-term records most like ``text``.
    """
    out: list[Fact] = []
    said: list[str] = [e.content or "" for e in history if e.role == "user"]
    for ev in events:
        if ev.role != "user" or not ev.content:
            continue
        fix = said_fix(ev.content)
        if fix is not None and fix.wrong and not any(_names(fix.wrong, s) for s in said):
            out += _against(fix.wrong, fix.right, ev, found, held(fix.wrong))
        said.append(ev.content)
    return out


def _against(wrong: str, right: str, ev: Event, found: Sequence[Fact], records: Sequence[Record]) -> list[Fact]:
    restated = any(_names(right, f.summary) for f in found if f.event_id == ev.id and not f.retract)
    out: list[Fact] = []
    for r in records:
        if not _names(wrong, r.summary) or _names(right, r.summary):
            continue
        kv = record_key(r)
        key, value = kv if kv is not None else (f"user/{ATTRIBUTE}", r.summary)
        subject, _, attribute = key.partition("/")
        out.append(Fact(subject=subject, attribute=attribute, value=value, summary="", category="fact",
                        event_id=ev.id, evidence=ev.content, at=ev.at, retract=True,
                        topic=tuple(key_terms(wrong)), rule=RULE_NAME))
        if restated:
            continue
        out.append(Fact(subject=subject, attribute=_put_held(attribute, wrong, right.lower()),
                        value=_put_held(value, wrong, right), summary=_put(r.summary, wrong, right), category="fact",
                        event_id=ev.id, evidence=ev.content, at=ev.at, multi=kv is None,
                        rule=RULE if kv is None else RULE_NAME))
    return out



# a word of a value is read up to 61 characters, so that a search over one long run of letters stays linear
_CAP = r"(?-i:[^\W\d_a-z])[\w'’-]{0,60}"
_NAMED = rf"{_CAP}(?:\s+{_CAP}){{0,2}}"
_OVER = r"(?:history|over|done|gone|behind me|in the past)"
# a value in any case (checked against what memory holds before it is used): one to three words, cut at the
# first word that is no part of a value ("for padel over the summer" -> "padel")
_ANY = r"[\w'’-]{1,60}(?:\s+[\w'’-]{1,60}){0,2}"
_NOT_VALUE = frozenset(("now", "instead", "anymore", "last", "this", "next", "over", "recently", "finally", "since",
                        "ago", "too", "also", "these", "days", "lately", "earlier"))
_A = r"(?:(?:my|the|our|a|an)\s+)?"
_CHANGES = [re.compile(p, re.IGNORECASE) for p in (
    # "traded squash for padel", "we swapped Cardiff for Swansea", "replaced the Clio with a Niro"
    rf"\b(?:swapped|swapping|traded|trading|exchanged|replaced)\s+(?:in\s+)?{_A}(?P<old>{_ANY}?)\s+(?:for|with)\s+{_A}"
    rf"(?P<new>{_ANY})",
    # "Wet Leg has replaced Elbow as my favourite", "Thai has overtaken Italian", "Tolkien beats Atwood for me now"
    rf"(?P<new>{_NAMED}|it['’]s|it)\s+(?:has\s+|have\s+)?(?:replaced|overtaken|overtook|taken over from|"
    rf"took over from|beats|"
    rf"has beaten|trumps)\s+{_A}(?P<old>{_NAMED})",
    # "my mum isn't in Christchurch anymore, she's in Melbourne now"
    rf"(?:\bnot|n['’]t)\s+(?:in|at|with)\s+{_A}(?P<old>{_NAMED})\s+(?:anymore|any more)\s*[,;.]\s*(?:and\s+)?"
    rf"(?:(?:she|he|they|I|we)(?:'s|'re|'m|\s+is|\s+are|\s+am)\s+)?(?:now\s+)?(?:in|at|with)\s+{_A}(?P<new>{_NAMED})",
    # "I don't work for Rohan anymore, it's Mateus now", "not with Gustavo any more, it's Callum"
    rf"(?:\bnot|n['’]t|\bno longer)\s+(?:\w+\s+)?(?:for|with|at|in|under|to)\s+{_A}(?P<old>{_ANY}?)\s+"
    rf"(?:anymore|any more)\s*[,;.]\s*(?:and\s+|so\s+)?(?:it['’]?s|it is|(?:she|he)['’]s|they['’]re)\s+(?:now\s+)?"
    rf"{_A}(?P<new>{_ANY})",
    # "leaving Amazon to join a 20-person startup called Tidepool", "left Arup for Atkins"
    rf"\b(?:leaving|left|quitting|quit)\s+{_A}(?P<old>{_NAMED})\s+(?:to\s+join|for)\s+(?:(?:a|an|the)\s+[\w\s-]{{0,30}}?"
    rf"(?:called|named)\s+)?(?P<new>{_NAMED})",
    # "finally replaced the XC40: it's a Honda Activa now"
    rf"\breplaced\s+{_A}(?P<old>{_ANY}?)\s*[:;,.—–-]\s*(?:now\s+)?(?:it['’]?s|it is)\s+(?:now\s+)?{_A}(?P<new>{_ANY})",
    # "new favourite: Bon Iver. sorry Radiohead" (the apology goes to the old one)
    rf"\bnew\s+fav(?:ou?rite)?(?:\s+\w+)?\s*(?::|is|=|-)\s*(?P<new>{_ANY}?)\s*[.!,;]+\s*(?:sorry|soz|bye|rip)\s+"
    rf"(?P<old>{_NAMED}|[\w'’-]{{1,60}})",
    # "spanish class is on Thursday now, not Tuesday"
    rf"(?<![\w'’-])(?P<new>{_NAMED}|[\w'’-]{{1,60}})\s+now,?\s+(?:and\s+)?not\s+{_A}(?P<old>{_NAMED}|[\w'’-]{{1,60}})",
    # "I'm now an operations lead (was a logistics coordinator)", "Leeds (formerly York)"
    rf"(?P<new>{_NAMED}|[\w'’-]{{1,60}}(?:\s+[\w'’-]{{1,60}})?)\s*\(\s*(?:was|formerly|previously)\s+{_A}(?P<old>{_ANY})\s*\)",
    # "moved to Friday (used to be Monday)"
    rf"(?<![\w'’-])(?P<new>{_NAMED}|[\w'’-]{{1,60}})\s*[(,]\s*(?:it\s+|that\s+)?used\s+to\s+be\s+{_A}(?P<old>{_NAMED}|[\w'’-]{{1,60}})",
    # "moved from Leeds to York", "switched from squash to padel"
    rf"\b(?:moved|changed|switched|went|gone|swapped)\s+(?:over\s+)?from\s+{_A}(?P<old>{_ANY}?)\s+to\s+{_A}"
    rf"(?P<new>{_ANY})",
    # "Olivia's doing well at Oakwood Primary after leaving Kingsford"
    rf"\b(?:at|with|in)\s+{_A}(?P<new>{_NAMED})\b[^.;!?]*?\bafter\s+(?:leaving|quitting)\s+{_A}(?P<old>{_NAMED})",
    # "left Deloitte, now at KPMG", "quit Siemens. Now at Infosys"
    rf"\b(?:left|quit|gone from)\s+{_A}(?P<old>{_NAMED})\s*[,.;]\s*(?:and\s+)?(?:(?:I'm|I am)\s+)?now\s+"
    rf"(?:at|with|in|working at|working for)\s+(?P<new>{_NAMED})",
    rf"(?P<new>{_NAMED})\s+(?:now\s+|these days\s+)?(?:instead of|rather than|in place of)\s+"
    rf"(?:the\s+|my\s+|a\s+|an\s+)?(?P<old>{_NAMED})",
    rf"\b(?:switched|moved|changed|went|gone|jumped|swapped)\s+(?:over\s+)?to\s+(?:the\s+|a\s+|an\s+)?(?P<new>{_NAMED})"
    rf"[^.;!?]*?[,;.]\s*(?:and\s+|so\s+)?(?:the\s+)?(?P<old>{_NAMED})\s+is\s+{_OVER}",
    rf"(?P<old>{_NAMED})\s+is\s+{_OVER}\s*[,;.]\s*(?:(?:I'm|I am|it's|it is)\s+)?(?:now\s+)?(?:at|with|in|on|for)\s+"
    rf"(?:the\s+)?(?P<new>{_NAMED})",
)]


# a record of something the user asked for, not of what holds: no value in it is replaced
_ASKED = re.compile(r"^(?:Help|Write|Suggest|Draft|Plan|Give|Find|Make|Recommend|Mention|Prep|Needs?|Wants?|"
                    r"Asked|Asks)\b")


_PRONOUN = re.compile(r"^(?:it|that|this|they)\b", re.IGNORECASE)


def changed_names(message: str) -> list[tuple[str, str]]:
    """(new, old) for each value ``message`` says took the place of another by name: "I drive a Kia now
    instead of the Jazz", "moved over to Telefónica, Arup is history". A new value said as "it" is the last
    name before it ("on a huge Moroccan kick, it's overtaken Keralan")."""
    out = []
    for p in _CHANGES:
        for m in p.finditer(message):
            new, old = _value(m.group("new")), _value(m.group("old"))
            if not new and _PRONOUN.match(m.group("new")):
                named = re.findall(_NAMED, message[: m.start("new")])
                new = _value(named[-1]) if named else ""
            if new and old and new.lower() != old.lower() and (new, old) not in out:
                out.append((new, old))
    return out


def _value(words: str) -> str:
    """The value at the start of ``words`` (an article before it aside): up to the first word that is no part
    of one, "" when the first is not ("it", "that", "them")."""
    kept: list[str] = []
    for w in re.sub(r"^(?:a|an|the|my|our)\s+", "", words, flags=re.IGNORECASE).split():
        if w.lower() in STOP_WORDS or w.lower() in _NOT_VALUE:
            break
        kept.append(w)
    return " ".join(kept)


Said = Sequence[tuple[Event, str]]  # the batch's user messages, each with its text as the rules read it


def by_name(events: Sequence[Event], found: Sequence[Fact], held: Callable[[str], Sequence[Record]]) -> list[Fact]:
    """What the batch's messages change (:func:`changes`) or end (:func:`endings`) by a value's name, each
    message normalised once (typos and chat spelling put right, as the rules read it)."""
    said = [(ev, normalize.message(ev.content).text) for ev in events if ev.role == "user" and ev.content]
    changed = changes(said, found, held)
    return changed + endings(said, [*found, *changed], held) + moved_habits(said, found, held)


def changes(said: Said, found: Sequence[Fact], held: Callable[[str], Sequence[Record]]) -> list[Fact]:
    """New values for the records naming a value the user says another took the place of. When a rule of
    this batch read the new value from the same message ("I drive a Kia now instead of the Jazz"), the rules
    supersede what shares its key, and the other records of that subject naming the old value end ("Mum is
    over in Christchurch" once "Mum lives in Melbourne" is read); else each is stated again with the new
    value (a statement's old wording ends)."""
    out: list[Fact] = []
    for ev, text in said:
        for new, old in changed_names(text):
            read = [f for f in found if f.event_id == ev.id and not f.retract and f.rule != RULE
                    and f.category != "event" and _names(new, f.summary)]
            for r in held(old):
                if not _names(old, r.summary) or _names(new, r.summary) or _ASKED.match(r.summary):
                    continue
                kv = record_key(r)
                key, value = kv if kv is not None else (f"user/{ATTRIBUTE}", r.summary)
                subject, _, attribute = key.partition("/")
                if read:
                    if kv is not None and all(f.key != kv[0] and f.subject == subject for f in read):
                        out.append(_ended(r, ev))
                    continue
                if kv is None:
                    out.append(_ended(r, ev))
                capital = re.escape(old[:1].upper()) + re.escape(old[1:])
                if new.islower() and re.search(r"(?<![\w-])" + capital + r"(?![\w-])", r.summary):
                    new = " ".join(w[:1].upper() + w[1:] for w in new.split())  # "priya" written "Priya": "Tomasz"
                family = ":" in attribute
                item = _put_held(attribute, old, new.lower()) if family else attribute
                same_item = family and item == attribute  # "pottery ... Friday": the item stays, its value moves
                out.append(Fact(subject=subject, attribute=item, value=_put_held(value, old, new),
                                summary=_put(r.summary, old, new), category="fact", event_id=ev.id,
                                evidence=ev.content, at=ev.at, multi=kv is None or family, revises=same_item,
                                switch=family and not same_item, rule=RULE if kv is None else CHANGE_RULE))
    return out


# words that name a habit's sessions or its rhythm, not the activity: "lessons are on Saturday" names no activity
_SESSION_WORDS = frozenset(key_terms(" ".join(SESSIONS) + " rehearse weekly week every monday tuesday wednesday "
                                       "thursday friday saturday sunday evening morning night now here"))


def moved_habits(said: Said, found: Sequence[Fact], held: Callable[[str], Sequence[Record]]) -> list[Fact]:
    """A weekly habit said again on another day under other words ("Every Thursday I go to Arabic calligraphy
    class" ... "I found a calligraphy teacher here, lessons are on Saturday"): the stored habit whose activity
    the message names ends, and the new day's record stands. Only a stored weekly record with another key,
    sharing an activity word (not a session or day word) with the message, ends."""
    out: list[Fact] = []
    for ev, text in said:
        new = [f for f in found if f.event_id == ev.id and not f.retract and f.attribute.startswith(WEEKLY)]
        if not new:
            continue
        named = set(key_terms(text)) - _SESSION_WORDS
        keys = {f.key for f in new}
        for f in new:
            for r in held(f.summary):
                kv = record_key(r)
                if kv is None or not kv[0].startswith("user/" + WEEKLY) or kv[0] in keys or \
                        kv[1] == norm_value(f.value):  # the same day said again ends nothing
                    continue
                if _item(kv[0]) & named:
                    out.append(_ended(r, ev))
    return out


def _ended(r: Record, ev: Event) -> Fact:
    """The retraction of stored record ``r``: by its key and value, or, for a statement, by all its words
    (what a keyless record is matched by; a name alone would also end what this batch says of it)."""
    kv = record_key(r)
    key, value = kv if kv is not None else (f"user/{ATTRIBUTE}", r.summary)
    subject, _, attribute = key.partition("/")
    return Fact(subject=subject, attribute=attribute, value=value, summary="", category="fact", event_id=ev.id,
                evidence=ev.content or "", at=ev.at, retract=True,
                topic=() if kv is not None else tuple(dict.fromkeys(key_terms(r.summary))), rule=ENDED_RULE)


# A value said to be over by its name alone: "Kiki passed last year", "we had to rehome Tigger", "got made
# redundant from Nestlé", "not with Isla anymore", "ditched gluten-free". Only memory knows what the name
# is (a pet, an employer, a partner, a diet), so :func:`endings` ends the stored records that hold it.
_GONE = rf"(?P<x>{_NAMED}|[\w'’-]{{1,60}}(?:-free)?)"
_ENDED = [re.compile(p, re.IGNORECASE) for p in (
    rf"(?<![\w'’-]){_GONE}\s+(?:has\s+|had\s+)?(?:passed away|passed(?=\s*(?:[,.;!?]|$|\s+(?:last|this|yesterday|"
    rf"recently|in|on|a\s+few|peacefully|suddenly)\b))|died|is gone|has gone|went to live with|"
    rf"has a new (?:family|home|owner)|was rehomed|got rehomed|ran away|is no longer with us|"
    rf"crossed the rainbow bridge)",
    rf"\b(?:lost|losing)\s+(?:our\s+|my\s+)?(?P<x>{_NAMED})",  # a name: "lost 3 kilos" is no ending
    rf"\b(?:rehomed|rehome|had to rehome|put down|said goodbye to|buried)\s+(?:our\s+|my\s+)?(?:\w+\s+)?{_GONE}"
    rf"(?=\s*(?:[,.;!?]|$|\s+(?:last|this|yesterday|today|recently|in|on|a|because|since|after)\b))",
    rf"(?<![\w'’-]){_GONE},?\s+(?:my|our)\s+\w+(?:\s+\w+)?\s+who\s+(?:died|passed)",
    rf"\b(?:made redundant (?:from|at|by)|laid off (?:from|at|by)|let go (?:from|by)|fired from|left|quit)\s+{_GONE}",
    rf"(?<![\w'’-]){_GONE}\s+and\s+I\s+(?:parted ways|split|went our separate ways)",
    # "me and Tom broke up", "Diego and I are over", "me and Larissa, we finished"
    rf"\b(?:me|I)\s+and\s+{_GONE}\s*,?\s+(?:we\s+)?(?:broke up|split up|split|finished|are over|are done|separated|"
    rf"called it off|called it quits)\b",
    rf"(?<![\w'’-]){_GONE}\s+and\s+(?:I|me)\s+(?:are|were)\s+(?:over|done|finished|through)\b",
    # "I must stop rowing", "I'm stopping it completely" (what "it" names is the name before it)
    rf"\b(?:must|need to|have to|going to|gonna|am|I'm|will)\s+(?:stop|stopping|quit|quitting|give up|giving up)\s+"
    rf"(?:{_GONE}|it)\b",
    # "after six years at swiggy i finally jumped ship"
    rf"\bafter\s+(?:\w+\s+){{0,2}}(?:years?|months?)\s+(?:at|with)\s+{_GONE}[^.;!?]*?\b(?:jumped ship|left|quit|"
    rf"moved on|resigned|handed in my notice)\b",
    rf"\b(?:restructured|downsized|shut down|closed)\s+at\s+{_GONE}\s+and\s+I(?:'m| am)\s+out\b",
    rf"\bnot\s+(?:with|dating|seeing)\s+{_GONE}\s+(?:anymore|any more)",
    rf"\b(?:split up|broke up|separated)\s*[.,;!]?\s+(?:with|from|me and)\s+{_GONE}",
    rf"\b(?:ditched|dropped|stopped|quit|gave up|no longer doing|not doing|(?:had|have|got) to (?:stop|quit|give up))"
    rf"\s+{_GONE}",
)]


def over_by_name(message: str) -> list[str]:
    """The values ``message`` says are over, by name; "it" stands for the last activity named before it ("my
    shoulder hurts since the bouldering, so I'm stopping it")."""
    out: list[str] = []
    for p in _ENDED:
        for m in p.finditer(message):
            x = _value(m.group("x") or "")
            if not x and re.search(r"\bit$", m.group(0), re.IGNORECASE):
                named = [w for w in re.findall(r"[\w'’-]+", message[: m.start()]) if is_activity(w)]
                x = named[-1] if named else ""
            if x and x not in out:
                out.append(x)
    return out


def _item(words: str) -> set[str]:
    """The stems a name or a key's item is made of: "bouldering" is the item of ``user/weekly:boulder``."""
    return set(key_terms(words.rpartition("/")[2].replace(":", " ").replace("_", " ")))


def endings(said: Said, found: Sequence[Fact], held: Callable[[str], Sequence[Record]]) -> list[Fact]:
    """Retractions of the stored records holding a name the user says is over: a keyed record whose value (or
    item) it is, a statement that names it; unless a rule of this batch already ended it from the same
    message. A weekly habit is named by its verb too: "I must stop rowing" ends "Rows in a club every Wednesday"."""
    out: list[Fact] = []
    for ev, text in said:
        for name in over_by_name(text):
            ended = {f.key for f in found if f.event_id == ev.id and f.retract}  # "quit Arup": the rules' own
            folded = norm_value(name)  # "Pépite" is "pepite" in a value and a key
            stems = set(key_terms(name))
            for r in held(name):
                kv = record_key(r)
                done_weekly = kv is not None and kv[0].startswith("user/weekly:") and kv[0] not in ended and \
                    stems <= set(key_terms(r.summary))
                if not done_weekly and (not _names(name, r.summary) or (kv is not None and (
                        kv[0] in ended or kv[1] in ("yes", "no", "like", "dislike")
                        or not (_names(folded, norm_value(kv[1])) or _names(folded, norm_value(kv[0]))
                                or _item(name) & _item(kv[0]))))):
                    continue
                out.append(_ended(r, ev))
    return out

