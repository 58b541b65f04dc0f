"""The values the offline rules work on and produce: facts, clauses, the people a batch mentions.

Also the few builders every rule family shares (a fact from a clause, a person fact, allergies, topic
retractions, event heads), so that rule modules depend on this one and never on each other.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from datetime import datetime
from typing import Literal

from ..core import timeref
from ..core.consolidate import norm_key, norm_value
from ..core.roles import ROLES
from ..core.text import key_terms
from ..types import Event
from .lexicon import (
    CAR_MAKES,
    DIETS,
    EVENT_NOUNS_SET,
    FAMILY,
    JOB_HEADS,
    LANGS,
    NAME,
    NATIONALITIES,
    NO_PLACE,
    NOT_NAMES,
    PETS,
    PLACE,
    PLURAL_RELS,
    REL_ADJ,
    REL_RE,
)
from .text import cap, is_activity, strip_article, trim_np, value_terms

Category = Literal["fact", "preference", "event"]


@dataclass(frozen=True, slots=True)
class Fact:
    """One extracted candidate, before routing to a strategy and consolidation.

    ``subject``/``attribute`` make the consolidation key (``user/residence``); ``value`` is what it says.
    """

    subject: str
    attribute: str
    value: str
    summary: str
    category: Category
    event_id: str
    evidence: str
    at: datetime
    multi: bool = False
    retract: bool = False
    revises: bool = False
    switch: bool = False  # takes the place of the other items of its multi-valued family (see Candidate.switch)
    topic: tuple[str, ...] = ()
    ends: bool = False  # says the value named by ``topic`` is over, under that value's key (see Candidate.ends)
    rule: str = field(default="", compare=False)  # the registered rule that found it

    @property
    def key(self) -> str:
        return norm_key(f"{self.subject}/{self.attribute}")


@dataclass
class Rel:
    """A person or pet the user mentioned: how to call it in a summary and in a key."""

    word: str
    name: str | None = None
    called: str = ""  # "m" or "f" once the user called them "he" or "she"
    said_in: int = 0  # the user message (counted from 1 in the batch) that last spoke of them

    @property
    def gender(self) -> str:
        return self.called or FAMILY.get(self.word, "")

    @property
    def is_pet(self) -> bool:
        return self.word in PETS

    @property
    def display(self) -> str:
        if not self.word:  # a name whose relation to the user is not known yet: "Ben"
            return self.name or ""
        return f"{self.word.capitalize()} {self.name}" if self.name else self.word.capitalize()

    @property
    def subject(self) -> str:
        if not self.word:
            return (self.name or "").lower()
        return f"{self.word}:{self.name.lower()}" if self.name else self.word


@dataclass
class Context:
    """What earlier user clauses of the batch established: people named, the last thing talked about, facts."""

    rels: list[Rel] = field(default_factory=list)
    names: dict[str, Rel] = field(default_factory=dict)
    last_object: str | None = None
    recent: list[Fact] = field(default_factory=list)  # facts said so far in the batch (corrections revise them)
    prompt: str = ""  # the assistant's message the user's next message answers (extract/answers.py)
    last_user: Event | None = None  # the user's previous message (what "sorry, typo: ..." puts right)
    said: list[Event] = field(default_factory=list)  # the user's messages so far (what a later fix puts right)
    # people first known only by a word ("my new manager") or a name ("Ben"), then fully in this batch:
    # (their subject and display before, the person)
    named: list[tuple[str, str, Rel]] = field(default_factory=list)

    def name(self, rel: Rel, name: str) -> None:
        """``rel`` is called ``name`` from now on ("my new manager ... her name is Dana")."""
        if not rel.name:
            self.named.append((rel.subject, rel.display, rel))
        rel.name = name
        self.names[name] = rel

    def unnamed(self, fact: Fact) -> Fact:
        """``fact`` about a person said before they were fully known in this batch, about that person."""
        found = next(((d, r) for subject, d, r in self.named if subject == fact.subject), None)
        if found is None:
            return fact
        before, rel = found
        summary = rel.display + fact.summary[len(before):] if fact.summary.startswith(before + " ") else fact.summary
        return replace(fact, subject=rel.subject, summary=summary)

    def remember(self, rel: Rel) -> Rel:
        bare = self.names.get(rel.name or "")
        if bare is not None and not bare.word and rel.word:  # "Ben is a carpenter" ... "my brother Ben"
            self.named.append((bare.subject, bare.display, bare))
            bare.word = rel.word
        for r in self.rels:
            if r.word == rel.word and (r.name == rel.name or not r.name or not rel.name):
                if rel.name and not r.name:
                    self.name(r, rel.name)
                self.rels.remove(r)
                self.rels.append(r)
                r.said_in = len(self.said)
                if r.name:
                    self.names[r.name] = r
                return r
        self.rels.append(rel)
        rel.said_in = len(self.said)
        if rel.name:
            self.names[rel.name] = rel
        return rel

    def pronoun(self, word: str) -> Rel | None:
        """Who "he", "she" or "it" is: the latest person or pet of that gender, spoken of in this message or the
        user's one before (further back, "she" is as likely the boat or the new pup as the wife named a session
        ago). Whom the user called "he" is a he from then on, so a later "she" skips him ("my partner Liam, he's
        40 ... the dog, Pickles, she's ...")."""
        want = {"he": "m", "him": "m", "his": "m", "she": "f", "her": "f"}.get(word.lower(), "")
        for r in reversed(self.rels):
            if r.said_in < len(self.said) - 1:
                break  # every one before it was spoken of earlier still
            if want and r.word in PLURAL_RELS:
                continue  # "his name is Mathis" is not about "my parents"
            if not want or r.gender in (want, ""):
                r.called = r.called or want
                return r
        return None


@dataclass
class Clause:
    """One clause of a user message, prepared for the rules."""

    text: str  # markers stripped, contractions expanded
    raw: str  # the sentence as the user wrote it (evidence)
    event: Event
    question: bool
    hedged: bool
    note: bool
    dated: str  # text with time expressions rewritten as absolute dates
    times: list[timeref.TimeRef]
    subject: tuple[str, str, str] = ("", "", "")  # (key subject, display, body): see subject_of


def subject_of(text: str, ctx: Context) -> tuple[str, str, str]:
    """Who the clause is about: ``(key subject, display, clause body after the subject)``."""
    text = _WITH_FAMILY.sub(r"\g<who>", text, count=1)  # "Karen and the kids moved to Denver": Karen moved
    m = re.match(r"^(?:I|we)\b\s*", text, re.IGNORECASE)
    if m or re.match(r"^(?:(?i:my|our)\s+)?[\w ]{1,40}?\s+and\s+(?:I|we)\s", text):
        return "user", "", text  # "my partner Sam and I are ...": the user is a subject too
    m = re.match(r"^(?i:my|our)\s+" + REL_ADJ + r"(?P<rel>(?i:" + REL_RE + r"))(?:\s+" + NAME + r")?\s+(?=\w)", text)
    if m and not (m.group("name") and m.group("name") in ("and",)):
        name = m.group("name") if m.group("name") and m.group("name") not in NOT_NAMES else None
        rel = ctx.remember(Rel(m.group("rel").lower(), name))
        start = m.end() if name or not m.group("name") else m.start("name")
        return rel.subject, rel.display, "SUBJ " + text[start:]
    m = re.match(r"^(?P<pro>he|she)\s+", text, re.IGNORECASE)
    if m:
        found = ctx.pronoun(m.group("pro"))
        if found:
            return found.subject, found.display, "SUBJ " + text[m.end():]
    m = re.match(r"^" + NAME + r"\s+(?=\w)", text)
    if m and m.group("name") in ("He", "She", "It", "They", "You"):
        return "", "", text  # a pronoun nobody near it is: not a name
    if m and m.group("name") in ctx.names:
        rel = ctx.remember(ctx.names[m.group("name")])  # named: the one "he"/"she" now refers to
        return rel.subject, rel.display, "SUBJ " + text[m.end():]
    if m and _BARE.match(text[m.end():]) and m.group("name") not in NOT_NAMES | NATIONALITIES \
            and m.group("name").lower() not in FAMILY:
        # "Ben is a carpenter now": someone the user knows, by name only until "my brother Ben" says who
        rel = ctx.remember(Rel("", m.group("name")))
        return rel.subject, rel.display, "SUBJ " + text[m.end():]
    if m and _DOES.match(text[m.end():]) and m.group("name") not in NOT_NAMES | NATIONALITIES \
            and m.group("name").lower() not in FAMILY and all(r.name != m.group("name") for r in ctx.rels):
        # "Fritzi does not like it, she barks": whom "she" means next (for pronouns only: a name said once is no
        # subject of records until the user says who it is)
        ctx.rels.append(Rel("", m.group("name"), said_in=len(ctx.said)))
    return "", "", text


# someone said with the people they live with, who do what they do: "Karen and the kids", "my sister and her husband"
_WITH_FAMILY = re.compile(r"^(?P<who>(?i:my|our)\s+[a-z]+(?:\s+[A-Z][\w'’-]+)?|[A-Z][\w'’-]+)\s+and\s+"
                          r"(?i:the|her|his|their)\s+(?i:kids|children|family|husband|wife|partner|boyfriend|"
                          r"girlfriend|boys|girls|twins|baby)\b")
# What a bare name is said to do that only a person does: live, work, have a job.
_DOES = re.compile(r"^(?:does|did|is|was|has|had|loves|likes|hates|wants|keeps|says|said)\b")
_BARE = re.compile(r"^(?:now\s+|still\s+)?(?:(?:goes to|is at|started at|attends|changed from|switched from)\s+"
                   r"(?=[A-Z])|lives|lived|works|worked|moved|relocated|retrained|is (?:now |still )?"
                   r"(?:a|an) (?:[\w-]+ ){0,2}(?:" + "|".join(sorted(JOB_HEADS)) + r")\b)")




# Words by which a speaker says a pastime replaces the earlier ones, not joins them ...
_CHANGE = re.compile(r"\b(?:now|instead|these days|nowadays|anymore|any more|switched|moved on|swapped|traded|"
                     r"taken over|replaced|no more|gave up|quit|stopped|done with)\b", re.IGNORECASE)
# ... unless it says the pastime comes on top of the others ("Alongside hiking, I now do sailing too").
_ADDED = re.compile(r"\b(?:too|also|as well|on top of|alongside|besides|second|another|both)\b", re.IGNORECASE)
_STARTED = re.compile(r"\b(?:started|began|signed up)\b", re.IGNORECASE)


def said_as_switch(c: Clause, *, started: bool = False) -> bool:
    """An item of a multi-valued family said with a word of change ("into climbing *now*", "I play padel *these
    days*"; with ``started``, a start too: "started Korean lessons"), in the user's words or the statement they
    were rephrased into ("swapped X for Y" being "I am into Y now"), and not as one more: it takes the place
    of the family's other items (``Fact.switch``)."""
    said = f"{c.raw} {c.text}"
    return (_CHANGE.search(said) is not None or (started and _STARTED.search(said) is not None)) \
        and not _ADDED.search(c.raw)


def make_fact(c: Clause, subject: str, attribute: str, value: str, summary: str, category: Category, *,
          multi: bool = False, retract: bool = False, revises: bool = False,
          topic: tuple[str, ...] = (), switch: bool = False) -> Fact:
    """A fact of clause ``c``, quoting the user's sentence as evidence."""
    return Fact(subject=subject, attribute=attribute, value=value.strip(), summary=cap(summary.strip()),
                category=category, event_id=c.event.id, evidence=c.raw.strip(), at=c.event.at, multi=multi,
                retract=retract, revises=revises, topic=topic, switch=switch)


def rel_fact(rel: Rel, c: Clause) -> Fact:
    if ROLES.get(rel.word) == "manager" and rel.name:  # "my line manager Yusuf": who the user reports to
        return make_fact(c, "user", "manager", rel.name, f"Manager is {rel.name} (reports to {rel.name})", "fact")
    article = "an" if rel.word[0] in "aeiou" else "a"
    summary = f"Has {article} {rel.word} named {rel.name}"
    attr = ("pet" if rel.is_pet else "family") + f":{rel.word}:{(rel.name or '').lower()}"
    age = re.search(re.escape(rel.name or "@@") + r"(?:,)?\s+(?:is|turned|just turned)\s+(?P<age>\d{1,2})"
                    r"(?!(?:\s+(?:weeks?|months?|years?))?\s+(?:pregnant|along|gone|into|in|married|sober)\b)"
                    r"(?:\s+(?:years?|months?)(?:\s+old)?)?\b", c.text)  # "Mei Ling is 7 months pregnant": no age
    if age:
        summary += f" ({age.group('age')} years old)" if "month" not in age.group(0) else \
            f" ({age.group('age')} months old)"
    return make_fact(c, "user", attr, rel.name or rel.word, summary, "fact")


def dedupe(facts: list[Fact]) -> list[Fact]:
    seen: set[tuple[str, str, bool, str]] = set()
    out = []
    for f in facts:
        k = (f.key, norm_value(f.value), f.retract, f.event_id)
        if k in seen:
            continue
        seen.add(k)
        out.append(f)
    return out


def before_when(text: str, c: Clause) -> str:
    """``text`` up to the first time it names, without the word leading into it: "Arup from May" -> "Arup",
    "the NHS next year" -> "the NHS", "Primark on Friday" -> "Primark" (when is not what)."""
    refs = timeref.find(text, c.event.at)
    if not refs:
        return text
    return re.sub(r"\s+(?:on|in|at|from|last|this|the)$", "", text[:refs[0].start].rstrip(" ,")) or text


def when_suffix(c: Clause) -> str:
    """The clause's first absolute date, as "in March 2026" / "on 2026-03-13 (Friday)"."""
    if not c.times:
        return ""
    return c.times[0].rewritten


def org(text: str) -> str:
    """An employer from the words after "at"/"for": a proper name ("a startup called Loop" is Loop), or "the
    hospital"."""
    t = trim_np(text)
    # "a small agency called Brightside": the name
    t = re.sub(r"^(?i:a|an|the)\s+(?:[\w-]+\s+){0,3}?(?i:called|named)\s+(?=\S)", "", t)
    t = re.split(r"\s+(?:in the|as a|as an|on|since|for|and)\s+|\s+(?:based|located)\b", t)[0].strip()
    t = re.sub(r"(?:\s+(?:here|there|now|today|instead|too|as well|these days|though))+$", "", t)
    if not t:
        return ""
    if re.match(r"^[A-Z]", t):
        return t
    m = re.match(r"^(?:the|a|an)\s+(?P<w>[\w\s-]{2,40}(?:,\s+[A-Z][\w'’-]*)?)$", t)  # "... in Sevilla, Spain"
    return t if m else ""


def allergies(c: Clause, subject: str, display: str, what: str, negative: bool) -> list[Fact]:
    text = trim_np(re.sub(r"\s+(?:after all|all along)\b.*$", "", what))
    items = [i.strip() for i in re.split(r",\s*|\s+and\s+|\s+or\s+|\s*&\s*", text) if i.strip()]
    out = []
    for item in items:
        item = strip_article(item)
        if item.lower() in _OBJECT_PRONOUNS:  # "no shellfish, I'm allergic to it": what the message named before
            item = _named_before(c.event.content, c.raw)
        if not item or len(item.split()) > 4:
            continue
        who = f"{display} is allergic" if display else "Allergic"
        out.append(make_fact(c, subject, f"allergy:{value_terms(item, 2)}", "yes", f"{who} to {item}", "fact",
                         retract=negative))
    return out


_OBJECT_PRONOUNS = frozenset(("it", "them", "that", "those", "these", "this"))
# what a message says to leave out, and so what "it" is in "I'm allergic to it"
_LEFT_OUT = re.compile(r"\b(?:no|without|avoid|skip|leave out|hold the|nothing with)\s+(?:any\s+|the\s+)?"
                       r"(?P<x>[^\W\d_][\w-]+)", re.IGNORECASE)


def said_before(message: str, sentence: str, stop: str = "") -> str:
    """``message`` up to the end of ``sentence`` (one of its sentences), or up to ``stop`` (a pattern) inside that
    sentence: where an earlier word that "it" or "there" stands for is looked up."""
    start = max(0, message.find(sentence))
    at = re.search(stop, message[start:], re.IGNORECASE) if stop else None
    return message[:start + at.start()] if at else message[:start + len(sentence)] if sentence in message else message


def _named_before(message: str, sentence: str) -> str:
    """The last thing ``message`` says to leave out before the pronoun in ``sentence``; "" when it names none (then
    the pronoun stays unresolved and no fact is made, rather than "Allergic to it")."""
    before = said_before(message, sentence, r"\bto\s+(?:" + "|".join(_OBJECT_PRONOUNS) + r")\b")
    found = [m.group("x") for m in _LEFT_OUT.finditer(before)]
    return found[-1] if found else ""


def loss(c: Clause, name: str, summary: str) -> list[Fact]:
    """``name`` (a person or pet) has died or is gone: what memory holds of them is over, and the loss is kept."""
    key = name.lower()
    return [make_fact(c, "user", f"retract:{key}", "", summary, "fact", retract=True, topic=(key,)),
            make_fact(c, "user", f"loss:{key}", "passed away", summary, "fact")]


def living_in(display: str, place: str) -> str:
    """"Sister Ana lives in Porto", "Parents live in Calgary"."""
    verb = "live" if display.split()[0].lower() in PLURAL_RELS else "lives"
    return f"{display} {verb} in {place}"


def event_head(text: str) -> str:
    low = text.lower()
    if re.search(r"\b(?:married|marry|wedding)\b", low):
        return "wedding"
    m = re.search(r"\b(?:fly|flying|flew|going|travel(?:l)?ing|heading|driving|off)\s+(?:to|back to)\s+" + PLACE,
                  text)
    if m:
        return f"trip:{norm_key(m.group('place'))}"
    if re.search(r"\bvisit(?:ing)?\b", low):
        return "visit"
    if re.search(r"\b(?:physio|physiotherapy)\b", low):
        return "physio"
    words = re.findall(r"[a-z][a-z-]+", low)
    for w in words:
        base = w[:-1] if w.endswith("s") and w[:-1] in EVENT_NOUNS_SET else w
        if base in EVENT_NOUNS_SET:
            return base
    m = re.search(r"\bto\s+" + PLACE, text)
    if m and m.group("place").split()[0] not in NO_PLACE:
        return f"trip:{norm_key(m.group('place'))}"
    terms = [t for t in key_terms(text) if not t.isdigit()]
    return "_".join(terms[:2]) or "event"


def topic_terms(np: str) -> tuple[str, ...]:
    generic = {"trip", "plan", "plans", "job", "thing", "one", "stuff", "idea", "subscription", "booking",
               "reservation", "order", "membership", "old"}
    ts = [t for t in key_terms(np) if t not in generic and not t.isdigit()]
    return tuple(ts[:3]) or tuple(key_terms(np)[:2])


def ended(np: str) -> tuple[str, Category] | None:
    """The attribute (and its category) of a thing said to be over, when its words tell.

    "learning Japanese" / "Korean" -> ``learning:japanese``, "being keto" -> ``diet``, "the Tesla Model 3"
    -> ``car``, "pottery" -> ``hobby:pottery``; None for anything else ("the Japan trip", "sushi").
    """
    t = strip_article(np.strip()).lower()
    m = re.match(r"^(?:learning\s+)?(?P<x>[a-z]+)(?:\s+(?:lessons|classes|course))?$", t)
    if m and m.group("x") in LANGS:
        return f"learning:{m.group('x')}", "fact"
    m = re.match(r"^being\s+(?:a\s+|an\s+)?(?P<x>[a-z -]+)$", t)
    if m and m.group("x") in DIETS:
        return "diet", "preference"
    if t.split() and t.split()[0] in CAR_MAKES:
        return "car", "fact"
    if is_activity(t):
        return f"hobby:{value_terms(t, 3)}", "preference"
    return None


def topic_retraction(c: Clause, np: str, *, emit_record: bool = True, summary: str = "") -> list[Fact]:
    """Retract the records about ``np``; with ``summary``, also keep a record that it is over.

    That record takes the key of the attribute it ends when :func:`ended` can tell ("Sold the Tesla" is
    ``user/car``), so the next value of the attribute replaces it (the end is history once a new car is
    said) and a switch of a family ("learning Italian now") ends it with the rest; else ``change:<topic>``.
    """
    topic = topic_terms(np)
    if not topic:
        return []
    out = [make_fact(c, "user", f"retract:{'_'.join(topic)}", "", summary or f"Retracted: {np}", "fact",
                 retract=True, topic=topic)]
    if emit_record and summary:
        attr = ended(np)
        if attr is None:
            out.append(make_fact(c, "user", f"change:{'_'.join(topic)}", norm_value(summary), summary, "fact"))
        else:
            out.append(replace(make_fact(c, "user", attr[0], norm_value(summary), summary, attr[1], topic=topic),
                               ends=True))
    return out
