"""The offline default extractor: deterministic, rule-based English, no network, no model.

It reads what the *user* said (assistant and tool text is never a source of the user's facts), one clause at
a time, and proposes :class:`Fact` values: first-person facts ("I moved to Porto" -> "Lives in Porto"),
preferences ("please don't call me before 9"), facts about people and pets the user names ("my daughter
Ana"), and dated events with every relative date resolved against the message timestamp ("next Friday" ->
"2026-03-13 (Friday)"). Each fact carries a subject/attribute key for consolidation
(see :mod:`engram.core.consolidate`).

It is honest rather than clever: questions, hedges and hypotheticals ("maybe I'll move to Rome?", "if I
were rich...") are not facts; a negated statement is either a negative preference ("I don't like X") or a
retraction ("I'm not allergic to shellfish after all", "I sold the Prius"); a clause that matches no rule
yields nothing. It also writes extractive session summaries and episode records (goal, actions, outcome).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Literal

from ..core.consolidate import norm_key, norm_value, similarity
from ..core.text import index_terms
from ..strategies import timeref
from ..types import Event

Category = Literal["fact", "preference", "event"]

# -- lexicons ------------------------------------------------------------------------------------------


def _words(text: str) -> frozenset[str]:
    """A word list written as one string (easier to read and extend than a literal)."""
    return frozenset(text.split())


_FAMILY = {"daughter": "f", "son": "m", "wife": "f", "husband": "m", "partner": "", "girlfriend": "f",
           "boyfriend": "m", "fiance": "", "fiancé": "m", "fiancée": "f", "sister": "f", "brother": "m",
           "mom": "f", "mum": "f", "mother": "f", "dad": "m", "father": "m", "kid": "", "child": "",
           "baby": "", "grandson": "m", "granddaughter": "f", "grandma": "f", "grandmother": "f",
           "grandpa": "m", "grandfather": "m", "aunt": "f", "uncle": "m", "cousin": "", "niece": "f",
           "nephew": "m", "stepson": "m", "stepdaughter": "f", "friend": "", "best friend": "",
           "roommate": "", "flatmate": "", "boss": "", "manager": "", "colleague": "", "coworker": "",
           "doctor": "", "therapist": "", "landlord": "", "neighbour": "", "neighbor": "", "youngest": "",
           "eldest": "", "oldest": "", "twins": "", "twin": "", "kids": "", "children": "", "sons": "",
           "daughters": "", "housemate": ""}
_PETS = ("dog", "cat", "puppy", "kitten", "rabbit", "bunny", "hamster", "parrot", "bird", "horse",
         "guinea pig", "tortoise", "turtle", "fish", "snake", "ferret", "pony", "gecko", "lizard")
_REL_WORDS = sorted([*_FAMILY, *_PETS], key=len, reverse=True)
_REL_RE = "|".join(re.escape(w) for w in _REL_WORDS)

_JOB_HEADS = _words("""nurse doctor physician surgeon teacher engineer developer programmer designer lawyer attorney
    accountant architect chef cook pilot pharmacist dentist vet veterinarian paramedic firefighter officer
    electrician plumber carpenter mechanic farmer journalist writer editor translator photographer artist
    musician actor actress student researcher scientist professor lecturer consultant analyst manager
    salesperson cashier waiter waitress barista bartender driver therapist psychologist counsellor counselor
    worker librarian receptionist secretary entrepreneur freelancer nanny cleaner banker economist marketer
    recruiter hairdresser tailor baker butcher administrator technician tutor coach trainer instructor
    midwife carer caregiver clerk tech assistant officer soldier sailor dancer singer composer illustrator
    animator copywriter investor founder ceo cto director supervisor intern apprentice postman courier
    janitor gardener builder welder surveyor geologist biologist chemist physicist mathematician statistician
    historian archaeologist curator judge paralegal optician physiotherapist physio radiographer sonographer
    dietitian nutritionist pastor priest rabbi imam retiree pensioner housewife homemaker""")
_DIETS = {"vegetarian": "vegetarian", "vegan": "vegan", "pescatarian": "pescatarian", "pescetarian":
          "pescatarian", "keto": "keto", "gluten-free": "gluten-free", "gluten free": "gluten-free",
          "halal": "halal", "kosher": "kosher", "paleo": "paleo", "flexitarian": "flexitarian",
          "dairy-free": "dairy-free", "dairy free": "dairy-free", "plant-based": "plant-based",
          "plant based": "plant-based", "teetotal": "teetotal"}
_LANGS = _words("""english spanish french german italian portuguese dutch russian chinese mandarin cantonese
    japanese korean arabic hindi urdu bengali punjabi turkish greek polish swedish norwegian danish finnish
    czech hungarian romanian ukrainian hebrew persian farsi thai vietnamese indonesian malay tagalog swahili
    catalan basque galician irish welsh latin""")
_CHANNELS = {"email": "email", "e-mail": "email", "emails": "email", "text": "text message", "texts":
             "text message", "text message": "text message", "text messages": "text message", "sms":
             "text message", "phone": "phone call", "phone call": "phone call", "phone calls": "phone call",
             "call": "phone call", "calls": "phone call", "whatsapp": "WhatsApp", "telegram": "Telegram",
             "signal": "Signal", "slack": "Slack", "post": "post", "letter": "letter", "video call":
             "video call", "video calls": "video call", "zoom": "Zoom", "teams": "Teams"}
_CHANNEL_RE = ("(?:a |an )?(?:quick |short |simple )?(?P<ch>e-?mails?|text messages?|texts?|sms|phone calls?|"
               "calls?|whatsapp|telegram|signal|slack|video calls?|zoom)")
_DAYPARTS = ("mornings", "afternoons", "evenings", "nights", "weekends", "weekdays", "lunchtime", "morning",
             "afternoon", "evening")
_EVENT_NOUNS = """appointment meeting exam test interview wedding party flight trip holiday vacation conference
    course class lesson school surgery operation concert match game deadline report presentation birthday
    anniversary visit date dinner lunch checkup check-up review move ceremony graduation funeral recital
    tournament race marathon hearing session shift audition exhibition show festival procedure scan
    treatment vaccination jab consultation webinar workshop seminar retreat reunion"""
_EVENT_NOUNS_SET = frozenset(_EVENT_NOUNS.split())
_TRIVIAL_HAVE = _words("""question questions idea ideas problem problems issue issues doubt feeling minute
    moment time chance lot bit few headache cold thought suggestion request favour favor sec second look
    clue plan plans list go try day week night morning evening afternoon way choice point appointment
    meeting meetings call thing things stuff something anything nothing""")
_BODY = _words("""knee knees back shoulder shoulders neck hip hips ankle ankles wrist wrists elbow foot feet leg legs
    arm arms hand hands eye eyes ear ears tooth teeth stomach heart skin head""")
_TRAILING = re.compile(
    r"(?:,?\s+(?:lately|too|as well|also|anymore|any more|these days|nowadays|recently|really|honestly|"
    r"though|either|at all|so much|very much|a lot|now|again|in general|so far|mostly|for now|for sure|"
    r"already|actually|completely|anyway|by the way|funnily enough|of course|ugh|lol|haha|yay|phew|argh|"
    r"hooray|ha))+\s*$", re.IGNORECASE)
_MARKERS = re.compile(
    r"^(?:(?:so|well|oh|ah|hey|hi|hello|also|and|but|anyway|anyways|actually|honestly|btw|by the way|plus|"
    r"yes|yeah|yep|no(?=[,!.])|nope|ok|okay|alright|sadly|unfortunately|luckily|fortunately|thankfully|"
    r"good news|big news|great news|sad news|bad news|quick update|small change|heads up|update|fyi|"
    r"as i said|as i mentioned|like i said|just so you know|for the record|for context|now|then|"
    r"turns out|it turns out|funnily enough|important|also important|basically|these days|nowadays|"
    r"thanks|thank you|great|cool|perfect|sure|right|um|uh|hmm|well then|oh and|and also|remember|"
    r"note|reminder|just)\b[,:!.]?\s*)+", re.IGNORECASE)
_NOTE_PREFIX = re.compile(r"^(?:(?:a )?(?:note|notes|reminder|remind me|memo|for the record|todo|to-do)"
                          r"(?: for me| to self| to myself)?)\s*[:,-]\s*", re.IGNORECASE)
_HEDGES = re.compile(
    r"\b(?:maybe|perhaps|might|may be|possibly|probably|not sure|unsure|undecided|who knows|hopefully|"
    r"someday|some day|one day|thinking about|thinking of|considering|wondering|if i|if we|i wish|wish i|"
    r"would love to|i'd love to|i would love|i'd like|i would like|would be nice|could be|in theory|"
    r"hypothetically|imagine|dream(?:ing)? of|daydream|supposed to|planning to|plan to|hoping to|"
    r"hope to|want to move|might be|unless|pretend|suppose)\b", re.IGNORECASE)
_QUESTION_START = re.compile(
    r"^(?:do|does|did|is|are|was|were|can|could|would|will|should|shall|have|has|what|what's|whats|how|"
    r"why|where|when|which|who|whom|whose|any|anything|got any|isn't|aren't|don't|doesn't|won't|"
    r"wouldn't|shouldn't|right)\b", re.IGNORECASE)
_PERSIST = re.compile(r"\b(?:from now on|going forward|in (?:the )?future|always|never|every time|"
                      r"whenever|by default|anymore|any more|instead)\b", re.IGNORECASE)
_OPINION_VERBS = re.compile(r"\b(?:thinks?|says?|said|believes?|feels?|wants?|suggests?|suggested|told|"
                            r"tells|reckons?|keeps telling|asked|wonders?)\b", re.IGNORECASE)

_CONTRACTIONS = [
    (r"\bI['’]m\b", "I am"), (r"\bI['’]ve\b", "I have"), (r"\bI['’]ll\b", "I will"), (r"\bI['’]d\b", "I would"),
    (r"\bwe['’]re\b", "we are"), (r"\bwe['’]ve\b", "we have"), (r"\bwe['’]ll\b", "we will"),
    (r"\bwe['’]d\b", "we would"), (r"\bthey['’]re\b", "they are"), (r"\byou['’]re\b", "you are"),
    (r"\b(he|she|it|that|there|what)['’]s\b", r"\1 is"), (r"\bcan['’]t\b", "cannot"), (r"\bwon['’]t\b", "will not"),
    (r"\bdon['’]t\b", "do not"), (r"\bdoesn['’]t\b", "does not"), (r"\bdidn['’]t\b", "did not"),
    (r"\bisn['’]t\b", "is not"), (r"\baren['’]t\b", "are not"), (r"\bwasn['’]t\b", "was not"),
    (r"\bweren['’]t\b", "were not"), (r"\bhaven['’]t\b", "have not"), (r"\bhasn['’]t\b", "has not"),
    (r"\bhadn['’]t\b", "had not"), (r"\bwouldn['’]t\b", "would not"), (r"\bshouldn['’]t\b", "should not"),
    (r"\bcouldn['’]t\b", "could not"), (r"\blet['’]s\b", "let us"), (r"\bgonna\b", "going to"),
    (r"\bwanna\b", "want to"), (r"\bfavorite\b", "favourite"), (r"\bfavorites\b", "favourites"),
]
_CONTRACTIONS_RE = [(re.compile(p, re.IGNORECASE), r) for p, r in _CONTRACTIONS]
_CASUAL = [(re.compile(r"(?<![\w'’])im(?=\s)"), "I am"), (re.compile(r"(?<![\w'’])ive(?=\s)"), "I have"),
           (re.compile(r"(?<![\w'’])i(?=\s|'|’)"), "I"), (re.compile(r"(?<![\w'’])dont(?=\s)"), "do not"),
           (re.compile(r"(?<![\w'’])cant(?=\s)"), "cannot"), (re.compile(r"(?<![\w'’])didnt(?=\s)"), "did not"),
           (re.compile(r"(?<![\w'’])doesnt(?=\s)"), "does not"), (re.compile(r"(?<![\w'’])wont(?=\s)"), "will not")]

_PLACE = r"(?P<place>[A-Z][\w'’.-]*(?:\s+(?:de|da|do|del|di|la|le|of|upon|am|an|der|el|sur|y)?\s*[A-Z][\w'’-]*)*)"
_NAME = r"(?P<name>[A-Z][a-zà-ÿ'’-]+)"
_NOT_NAMES = _words("""I The A An My Our Your His Her Their It This That These Those Yes No Not Just Also
    So And But Or Then Now Here There What When Where Why How Hi Hello Hey Thanks Thank Please Sorry Well
    Okay Ok Sure Fine Good Great Monday Tuesday Wednesday Thursday Friday Saturday Sunday January February
    March April May June July August September October November December Mr Mrs Ms Dr Mom Mum Dad
    Actually Really Very Still Always Never English Spanish French German Italian""")
_NO_PLACE = _NOT_NAMES | {"Anyway"}
_NATIONALITIES = _words("""American Argentinian Australian Austrian Belgian Brazilian British Bulgarian Canadian
    Chilean Chinese Colombian Croatian Cuban Czech Danish Dutch Egyptian English Estonian Ethiopian Filipino Finnish
    French German Ghanaian Greek Hungarian Icelandic Indian Indonesian Iranian Irish Israeli Italian Jamaican
    Japanese Kenyan Korean Latvian Lebanese Lithuanian Malaysian Mexican Moroccan Nigerian Norwegian Pakistani
    Peruvian Polish Portuguese Romanian Russian Scottish Serbian Singaporean Slovak Slovenian Spanish Swedish Swiss
    Taiwanese Thai Turkish Ukrainian Venezuelan Vietnamese Welsh""")


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
    topic: tuple[str, ...] = ()

    @property
    def key(self) -> str:
        return norm_key(f"{self.subject}/{self.attribute}")


@dataclass
class _Rel:
    """A person or pet the user mentioned: how to call it in a summary and in a key."""

    word: str
    name: str | None = None

    @property
    def gender(self) -> str:
        return _FAMILY.get(self.word, "")

    @property
    def is_pet(self) -> bool:
        return self.word in _PETS

    @property
    def display(self) -> str:
        return f"{self.word.capitalize()} {self.name}" if self.name else self.word.capitalize()

    @property
    def subject(self) -> str:
        return f"{self.word}:{self.name.lower()}" if self.name else self.word


@dataclass
class _Context:
    """What earlier user clauses of the batch established: people named, the last thing talked about."""

    rels: list[_Rel] = field(default_factory=list)
    names: dict[str, _Rel] = field(default_factory=dict)
    last_object: str | None = None

    def remember(self, rel: _Rel) -> _Rel:
        for r in self.rels:
            if r.word == rel.word and (r.name == rel.name or not r.name or not rel.name):
                if rel.name and not r.name:
                    r.name = rel.name
                self.rels.remove(r)
                self.rels.append(r)
                if r.name:
                    self.names[r.name] = r
                return r
        self.rels.append(rel)
        if rel.name:
            self.names[rel.name] = rel
        return rel

    def pronoun(self, word: str) -> _Rel | None:
        want = {"he": "m", "him": "m", "his": "m", "she": "f", "her": "f"}.get(word.lower(), "")
        for r in reversed(self.rels):
            if not want or r.gender in (want, ""):
                return r
        return None


# -- text helpers --------------------------------------------------------------------------------------


def expand(text: str) -> str:
    """Contractions expanded ("I'm" -> "I am"), curly quotes straightened, US "favorite" spelled once."""
    s = text.replace("’", "'")
    for pat, casual in _CASUAL:
        s = pat.sub(casual, s)
    for pat, rep in _CONTRACTIONS_RE:
        s = pat.sub(rep, s)
    return s


def split_sentences(text: str) -> list[str]:
    """Sentences, keeping their end mark (a question keeps its ``?``)."""
    out = []
    for block in re.split(r"\n+", text):
        for s in re.split(r"(?<=[.!?])\s+(?=[\"'(\[]?[A-Z0-9])", block.strip()):
            s = s.strip()
            if s:
                out.append(s)
    return out


_CLAUSE_SPLIT = re.compile(
    r"\s*;\s*|\s*,?\s+(?=(?:but|so|and|because|though|although|whereas|while)\s+(?:I(?!\s+(?:are|were)\b)|we|my|"
    r"he|she|they|please|let us)\b)(?:but|so|and|because|though|although|whereas|while)\s+"
    r"|,\s+(?:but|so|because|though|although|plus|and)\s+"
    r"|,\s+(?=(?:I|we|my|he|she|they|please|can|could|would|will|do|does|is|are|any|what|how|why|where|when|"
    r"who|which|if|in case|just|let us|no more|living in|currently living)\b)"
    r"|\s+(?=if (?:I|we|you|that|it)\b)"
    r"|(?:,\s+(?:and\s+)?|\s+and\s+)(?=[A-Z][a-z]+\s+(?:is|loves|likes|hates|has|wants|prefers|enjoys|adores|does|"
    r"eats|drinks|lives|works)\b)",
)


def split_clauses(sentence: str) -> list[str]:
    """Clauses of one (contraction-expanded) sentence: split where a new subject or connective starts."""
    parts = [p.strip(" ,") for p in _CLAUSE_SPLIT.split(sentence) if p and p.strip(" ,")]
    return parts


def strip_markers(clause: str) -> tuple[str, bool]:
    """Remove leading discourse markers ("Actually,", "Big news:"); report a "note for me:" prefix."""
    c = clause.strip()
    note = False
    m = _NOTE_PREFIX.match(c)
    if m:
        c, note = c[m.end():], True
    # "Update from my allergist: ..." / "Small change: ..." -- a short lead-in before a colon.
    m2 = re.match(r"^([^:]{1,40}):\s+(?=\S)", c)
    if m2 and len(m2.group(1).split()) <= 5 and "@" not in m2.group(1):
        lead = m2.group(1).lower()
        if re.match(r"^(note|reminder|remind me|memo)\b", lead):
            note = True
        c = c[m2.end():]
    prev = None
    while prev != c:
        prev = c
        c = _MARKERS.sub("", c).strip()
    return c.strip(), note


def _trim_np(text: str) -> str:
    """A noun phrase cut at the first clause boundary, with trailing fillers removed."""
    t = re.split(r"\s*(?:[,;.!?]|\s-\s|\bbut\b|\bbecause\b|\bso that\b|\bso\b|\bwhen\b|\bif\b|\bwhich\b|"
                 r"\band I\b|\band we\b|\band my\b|\band the\b|\band it\b|\band that\b)\s*", text, maxsplit=1)[0]
    prev = None
    while prev != t:
        prev = t
        t = _TRAILING.sub("", t).strip()
    return t.strip()


def _strip_article(np: str) -> str:
    return re.sub(r"^(?:a lot of|lots of|plenty of|the|a|an|my|our|some|any)\s+", "", np.strip(),
                  flags=re.IGNORECASE)


def _third_person(clause: str, subject_display: str | None = None) -> str:
    """Rewrite a first-person clause as a record line: "I am flying to X" -> "Flying to X"."""
    s = clause.strip().rstrip(".!?").strip()
    s = re.sub(r"^(?:my|our)\s+(?=[a-z])", "", s, flags=re.IGNORECASE)
    s = re.sub(r"^(?:we)\b", "we", s, flags=re.IGNORECASE)
    s = re.sub(r"^(?:I|we)\s+(?:am|are)\s+(?=\w+ing\b)", "", s)
    rules = [(r"^(?:I|we) am\b", "is"), (r"^we are\s+", ""), (r"^I have\b", "has"), (r"^we have\s+", ""),
             (r"^I do not\b", "does not"), (r"^we do not\b", "do not"), (r"^I was\b", "was"),
             (r"^(?:I|we) (will|would|can|could|should|must|had|did|used)\b", r"\1")]
    done = False
    for pat, rep in rules:
        s2 = re.sub(pat, rep, s, count=1)
        if s2 != s:
            s, done = s2, True
            break
    if not done:
        m = re.match(r"^I\s+((?:\w+ly |also |just |still |now |only |often |always |never |even |ever )*)(\w+)\b",
                     s)
        s = m.group(1) + _conjugate(m.group(2)) + s[m.end():] if m else re.sub(r"^we\s+", "", s)
    s = re.sub(r"\bmyself\b", "themselves", s)
    s = re.sub(r"\b(?:my|our)\b", "their", s)
    s = re.sub(r"\bMy\b", "Their", s)
    s = re.sub(r"^(has|have) got\b", r"\1", s)
    s = re.sub(r"\b(?:me|us)\b", "the user", s)
    s = re.sub(r"\band I\b", "and the user", s)
    s = re.sub(r"\bI am\b", "the user is", s)
    s = re.sub(r"\bI\b", "the user", s)
    s = re.sub(r"\s+", " ", s).strip()
    if subject_display:
        s = f"{subject_display} {s}"
    return s[:1].upper() + s[1:]


_NO_S = frozenset({"will", "would", "can", "could", "should", "must", "might", "may", "shall", "was", "were",
                   "had", "did", "used", "got", "went", "left", "sold", "quit", "lost", "took", "made", "met",
                   "bought", "began", "came", "saw", "told", "said", "felt", "kept", "put", "set", "ran"})


def _conjugate(verb: str) -> str:
    v = verb.lower()
    if v in _NO_S or v.endswith("ed"):
        return verb
    if v == "have":
        return "has"
    if v == "am":
        return "is"
    if v == "do":
        return "does"
    if v == "go":
        return "goes"
    if re.search(r"[^aeiou]y$", v):
        return verb[:-1] + "ies"
    if re.search(r"(s|sh|ch|x|z|o)$", v):
        return verb + "es"
    return verb + "s"


def _value_terms(text: str, n: int = 3) -> str:
    ts = [t for t in index_terms(text) if not t.isdigit()][:n] or index_terms(text)[:n]
    return "_".join(ts)


def _cap(s: str) -> str:
    return s[:1].upper() + s[1:] if s else s


# -- the extractor -------------------------------------------------------------------------------------


@dataclass
class _Clause:
    text: str  # markers stripped, contractions expanded
    raw: str  # the sentence as the user wrote it (evidence)
    event: Event
    question: bool
    hedged: bool
    note: bool
    dated: str  # text with time expressions rewritten as absolute dates
    times: list[timeref.TimeRef]


class OfflineExtractor:
    """Rule-based English extraction: facts, preferences, dated events, summaries and episodes."""

    model_id = "engram-offline-extractor"

    def __init__(self) -> None:
        self._recent: list[Fact] = []

    # ---- facts ----
    def facts(self, events: Sequence[Event], *, history: Sequence[Event] = (),
              known: Sequence[tuple[str, str | None]] = ()) -> list[Fact]:
        """Facts and preferences the user stated in ``events`` (oldest first), in the order said.

        ``history`` (earlier, already extracted events) only sets context: who "she" is, what "it" is.
        ``known`` lists people and pets already on record, oldest first, as ``(word, name)`` pairs such as
        ``("daughter", "Ana")`` (see :func:`relations_from_keys`), so "her" and "Leo" resolve across sessions.
        """
        ctx = _Context()
        self._recent = []
        for word, name in known:
            if word in _FAMILY or word in _PETS:
                ctx.remember(_Rel(word, name))
        out: list[Fact] = []
        seen = {ev.id for ev in events}
        for ev in [*history, *events]:
            if ev.id not in seen:
                self._read(ev, ctx, [])
                continue
            self._read(ev, ctx, out)
        return _dedupe(out)

    def _read(self, ev: Event, ctx: _Context, out: list[Fact]) -> None:
        """Add the facts of one event to ``out`` (context only for non-user events)."""
        if ev.role != "user" or not ev.content or ev.tool_calls:
            return
        for sentence in split_sentences(ev.content):
            expanded = expand(sentence)
            is_q = expanded.rstrip().endswith("?")
            clauses = split_clauses(expanded.rstrip(".!?"))
            for i, part in enumerate(clauses):
                text, note = strip_markers(part)
                if not text:
                    continue
                text = _elliptical(text)
                question = bool(_QUESTION_START.match(text)) or (is_q and i == len(clauses) - 1
                                                                  and not _starts_statement(text))
                hedged = bool(_HEDGES.search(text))
                dated, times = timeref.rewrite(text, ev.at)
                c = _Clause(text, sentence, ev, question, hedged, note, dated, times)
                found = self._clause(c, ctx)
                out.extend(found)
                self._recent.extend(f for f in found if not f.retract)

    def _clause(self, c: _Clause, ctx: _Context) -> list[Fact]:
        facts: list[Fact] = []
        # Things said even inside questions: "for an accountant like me", people named in passing.
        facts += _like_me(c)
        if self._mentions(c, ctx, facts):
            return facts
        if c.question and not _request_with_persistence(c.text):
            ctx.last_object = _last_object(c.text) or ctx.last_object
            return facts
        if c.hedged:
            return facts
        fixed = _correction(c, self._recent)
        if fixed:
            return facts + fixed
        specific = _preferences(c, ctx) or _user_facts(c, ctx) or _retractions(c, ctx) or _relation_facts(c, ctx)
        facts += specific or _events(c, ctx) or _generic(c, ctx)
        obj = _last_object(c.text)
        if obj:
            ctx.last_object = obj
        return facts

    def _mentions(self, c: _Clause, ctx: _Context, facts: list[Fact]) -> bool:
        """People and pets the user names: "my daughter Ana", "her name is Sofia", "I have two cats, A and B"."""
        t = c.text
        for mr in re.finditer(r"\b(?i:my|our)\s+(?P<rel>(?i:" + _REL_RE + r"))(?:'s)?(?:,?\s+" + _NAME + r")?\b",
                              t):
            rel_word = mr.group("rel").lower()
            name = mr.group("name")
            if name and (name in _NOT_NAMES or not name[0].isupper()):
                name = None
            if name and t[mr.end("rel"):mr.start("name")].strip() == "" and name in ("Is", "Was"):
                name = None
            rel = ctx.remember(_Rel(rel_word, name))
            if name and not c.question and not c.hedged:
                facts.append(_rel_fact(rel, c))
        for mm in re.finditer(r"\b(?i:my|our|with|have)\s+(?i:two|three|four|five|six|\d+)\s+(?P<kind>(?i:dogs|cats|"
                              r"kids|children|sons|daughters|rabbits|horses|birds|brothers|sisters|roommates|"
                              r"flatmates|housemates|friends|colleagues)),?\s+"
                              r"(?:(?i:named|called)\s+)?"
                              r"(?P<names>[A-Z][a-zà-ÿ]+(?:(?:,\s*|\s+and\s+)[A-Z][a-zà-ÿ]+)+)", t):
            word = {"kids": "child", "children": "child"}.get(mm.group("kind").lower(), mm.group("kind").lower()[:-1])
            for n in re.findall(r"[A-Z][a-zà-ÿ]+", mm.group("names")):
                if n not in _NOT_NAMES and not c.hedged:
                    facts.append(_rel_fact(ctx.remember(_Rel(word, n)), c))
        mc = re.search(r"\b(?i:my|our)\s+(?P<rel>(?i:" + _REL_RE + r"))\s+(?i:is\s+)?(?i:called|named)\s+" + _NAME, t)
        if mc and mc.group("name") not in _NOT_NAMES and not c.hedged:
            facts.append(_rel_fact(ctx.remember(_Rel(mc.group("rel").lower(), mc.group("name"))), c))
            return True
        mf = re.search(r"\b(?i:my|our)\s+(?i:family)\s+(?i:of)\s+"
                       r"(?P<n>(?i:two|three|four|five|six|seven|eight|\d+))\b", t)
        if mf and not c.hedged:
            n = mf.group("n").lower()
            facts.append(_fact(c, "user", "household", n, f"Family of {n}", "fact"))
        mn = re.search(r"\b(?i:their)\s+(?i:names\s+are)\s+"
                       r"(?P<names>[A-Z][a-zà-ÿ]+(?:(?:,\s*|\s+and\s+)[A-Z][a-zà-ÿ]+)+)",
                       t)
        group = next((r for r in reversed(ctx.rels) if r.word in ("twins", "kids", "children", "sons",
                                                                  "daughters")), None)
        if mn and group is not None and not c.hedged:
            word = {"twins": "twin", "kids": "child", "children": "child", "sons": "son", "daughters": "daughter"}[
                group.word]
            for n in re.findall(r"[A-Z][a-zà-ÿ]+", mn.group("names")):
                facts.append(_rel_fact(ctx.remember(_Rel(word, n)), c))
        m = re.search(r"\b(?P<pro>(?i:his|her|its|their))\s+(?i:name\s+is)\s+" + _NAME, t)
        if m and m.group("name") not in _NOT_NAMES and not c.hedged:
            target = ctx.pronoun(m.group("pro")) if m.group("pro").lower() != "its" else (
                next((r for r in reversed(ctx.rels) if r.is_pet), None))
            if target is not None:
                target.name = m.group("name")
                ctx.names[target.name] = target
                facts.append(_rel_fact(target, c))
        m = re.search(r"\b(?:I|we)\s+(?:have|have got|got|adopted|own)\s+(?P<n>a|an|one|two|three|four|five|\d+)\s+"
                      r"(?P<kind>" + "|".join(_PETS) + r"|kids|children|sons|daughters|boys|girls|cats|dogs|"
                      r"rabbits|hamsters|birds|horses)\b(?P<rest>[^.?!]*)", t, re.IGNORECASE)
        if m and not c.hedged and not c.question:
            kind = m.group("kind").lower()
            singular = kind[:-1] if kind.endswith("s") and kind[:-1] in _PETS else kind
            rest = m.group("rest")
            listed = re.split(r"\b(?:named|called)\b|,", rest, maxsplit=1)[-1] \
                if re.search(r"named|called|,", rest) else ""
            if re.search(r"\b(?:named|called)\s+[a-z]", rest):
                listed = _trim_np(listed).title()  # "a cat called pickles": the name is explicit
            names = [n for n in re.findall(r"\b[A-Z][a-zà-ÿ]+\b", listed) if n not in _NOT_NAMES]
            if singular in _PETS and names:
                for n in names:
                    rel = ctx.remember(_Rel(singular, n))
                    facts.append(_rel_fact(rel, c))
            elif singular in _PETS:
                ctx.remember(_Rel(singular))
                summary = _tidy(_third_person(_trim_np(c.dated)))
                facts.append(_fact(c, "user", f"pet:{singular}", singular, summary, "fact"))
            elif kind in ("kids", "children", "sons", "daughters", "boys", "girls"):
                summary = _third_person(_trim_np(t[m.start():]))
                value = _trim_np(t[m.start("n"):])
                facts.append(_fact(c, "user", "children", value, summary, "fact"))
            return True
        return False


_TRANSIENT = _words("""sorry glad happy sure fine ok okay good great tired exhausted excited nervous worried
    stressed busy back home ready done afraid curious confused interested bored hungry thirsty sick ill late early
    free available around away off up out going about able unable new lost stuck scared annoyed upset angry sad
    grateful thankful pleased delighted thrilled surprised shocked disappointed frustrated overwhelmed fed tempted
    keen desperate dying starving only like also""")
_ADJ_ED = _words("""tired excited interested worried bored scared confused stressed based located supposed
    surprised annoyed amazed pleased disappointed overwhelmed exhausted obsessed""")
_IRREGULAR_PAST = _words("""got went left sold quit lost took made bought began came saw met won ran passed
    finished accepted started switched moved joined signed booked found spent became""")


def _elliptical_lower(text: str) -> str:
    return text[:1].upper() + text[1:] if text[:1].islower() and re.match(r"^\w+ing\b", text) else text


def _elliptical(text: str) -> str:
    """Chat drops the subject: "Accepted an offer from Stripe!" -> "I accepted an offer from Stripe".

    Also puts a fronted habit last ("Every Monday I have..." -> "I have ... every Monday") and reads
    "I have got" as "I have".
    """
    f = re.match(r"^(?P<adv>(?:every|each|most)\s+\w+|on\s+\w+days|(?:in the|most)\s+(?:mornings|evenings))\s*,?\s+"
                 r"(?P<rest>(?:I|we)\b.+)$", text, re.IGNORECASE)
    if f:
        adv = f.group("adv")
        text = f"{f.group('rest')} {adv[0].lower() + adv[1:]}"
    text = re.sub(r"^(I|we) have got\b", r"\1 have", text)
    text = _elliptical_lower(text)
    m = re.match(r"^([A-Z][a-z]+)\b", text)
    if not m:
        return text
    w = m.group(1).lower()
    if (w in _IRREGULAR_PAST or (w.endswith("ed") and len(w) > 4 and w not in _ADJ_ED)) and len(text.split()) > 1:
        return "I " + w + text[m.end():]
    if w.endswith("ing") and re.match(r"^\w+ing\s+(?:my|our|the|a|an|to|for|with|in)\b", text) and w not in (
            "nothing", "something", "anything", "everything", "thing", "morning", "evening", "king", "spring"):
        return "I am " + w + text[m.end():]
    return text


def relations_from_keys(keys: Sequence[str]) -> list[tuple[str, str | None]]:
    """People and pets named by stored keys: ``user/family:daughter:ana`` -> ``("daughter", "Ana")``,
    ``son:leo/taste:x`` -> ``("son", "Leo")``, ``daughter/allergy:eggs`` -> ``("daughter", None)``."""
    out: list[tuple[str, str | None]] = []
    for key in keys:
        subject, _, attribute = key.partition("/")
        if subject == "user":
            m = re.match(r"^(?:family|pet):(?P<w>[a-z ]+):(?P<n>[a-z0-9à-ÿ'-]*)$", attribute)
            pair = (m.group("w"), m.group("n").capitalize() or None) if m else None
        else:
            word, _, name = subject.partition(":")
            pair = (word, name.capitalize() or None)
        if pair and (pair[0] in _FAMILY or pair[0] in _PETS) and pair not in out:
            out.append(pair)
    return out


def _correction(c: _Clause, recent: Sequence[Fact]) -> list[Fact]:
    """"Sorry, I meant Friday": the last dated fact said, with the corrected date (it revises the first)."""
    m = re.match(r"^(?:sorry,?\s*)?(?:I meant|I mean|correction:?|make that|I should have said)\s+(?P<x>.+)$", c.text,
                 re.IGNORECASE)
    if not m or not c.times or not recent:
        return []
    last = next((f for f in reversed(recent) if f.category == "event"), None)
    if last is None:
        return []
    new_day = c.times[0]
    summary = re.sub(r"\d{4}-\d{2}-\d{2} \(\w+\)", timeref.fmt_day(new_day.day), last.summary, count=1)
    return [Fact(subject=last.subject, attribute=last.attribute, value=new_day.day.isoformat(), summary=summary,
                 category="event", event_id=c.event.id, evidence=c.raw.strip(), at=c.event.at, multi=True,
                 revises=True)]


def _starts_statement(text: str) -> bool:
    return bool(re.match(r"^(?:I|we|my|our)\b", text, re.IGNORECASE)) and not re.match(
        r"^(?:I|we)\s+(?:wonder|was wondering)", text, re.IGNORECASE)


def _request_with_persistence(text: str) -> bool:
    return bool(re.match(r"^(?:can|could|would|will)\s+(?:you|we)\b", text, re.IGNORECASE)
                and _PERSIST.search(text))


def _fact(c: _Clause, subject: str, attribute: str, value: str, summary: str, category: Category, *,
          multi: bool = False, retract: bool = False, revises: bool = False,
          topic: tuple[str, ...] = ()) -> Fact:
    return Fact(subject=subject, attribute=attribute, value=value.strip(), summary=_cap(summary.strip()),
                category=category, event_id=c.event.id, evidence=c.raw.strip(), at=c.event.at, multi=multi,
                retract=retract, revises=revises, topic=topic)


def _rel_fact(rel: _Rel, c: _Clause) -> Fact:
    article = "an" if rel.word[0] in "aeiou" else "a"
    summary = f"Has {article} {rel.word} named {rel.name}"
    attr = ("pet" if rel.is_pet else "family") + f":{rel.word}:{(rel.name or '').lower()}"
    age = re.search(re.escape(rel.name or "@@") + r"(?:,)?\s+(?:is|turned|just turned)\s+(?P<age>\d{1,2})"
                    r"(?:\s+(?:years?|months?)(?:\s+old)?)?\b", c.text)
    if age:
        summary += f" ({age.group('age')} years old)" if "month" not in age.group(0) else \
            f" ({age.group('age')} months old)"
    return _fact(c, "user", attr, rel.name or rel.word, summary, "fact")


def _dedupe(facts: list[Fact]) -> list[Fact]:
    seen: set[tuple[str, str, bool, str]] = set()
    out = []
    for f in facts:
        k = (f.key, norm_value(f.value), f.retract, f.event_id)
        if k in seen:
            continue
        seen.add(k)
        out.append(f)
    return out


def _last_object(text: str) -> str | None:
    """The thing a clause talks about, for resolving a later "it": "add yoga on Wednesdays" -> "yoga"."""
    t = re.sub(r"\b(?:on|every|at|in|by|next|this|last)\s+\w+days?\b", "", text)
    t = _TRAILING.sub("", t.rstrip("?.! ")).strip()
    m = re.search(r"\b(?:add|try|do|doing|started|start|stopped|quit|play|playing|love|like|enjoy|about|for|"
                  r"with|to|of|into|listening to|watching|reading|eating|drinking)\s+(?P<np>[^,]+)$", t,
                  re.IGNORECASE)
    if not m:
        return None
    np = _strip_article(_trim_np(m.group("np")))
    np = re.sub(r"^(?:a lot of|lots of|some|more|the|a|an)\s+", "", np, flags=re.IGNORECASE)
    if not np or np.lower() in ("it", "that", "this", "them", "me", "you") or len(np.split()) > 5:
        return None
    return np


# -- specific rules ------------------------------------------------------------------------------------


def _like_me(c: _Clause) -> list[Fact]:
    m = re.search(r"\b(?:a|an)\s+(?P<job>(?:\w+\s+){0,2}?(?:" + "|".join(_JOB_HEADS) + r"))\s+like\s+me\b",
                  c.text, re.IGNORECASE)
    if not m:
        return []
    job = m.group("job").lower()
    return [_fact(c, "user", "job", job, f"Works as {_article(job)} {job}", "fact")]


def _article(np: str) -> str:
    return "an" if np[:1].lower() in "aeiou" else "a"


def _preferences(c: _Clause, ctx: _Context) -> list[Fact]:
    """Likes, dislikes, favourites, contact and scheduling preferences, reply language, instructions."""
    t, out = c.text, []
    low = t.lower()
    subj, subj_disp, body = _subject(t, ctx)

    # favourite X is Y / Y is my favourite X
    m = re.search(r"\b(?:my|our|his|her)\s+(?:all[- ]time\s+)?favourite\s+(?P<what>[\w\s-]{2,30}?)\s+"
                  r"(?:is|are|was)\s+(?:now\s+|still\s+|probably\s+|definitely\s+)?(?P<val>.+)$", t, re.IGNORECASE)
    if m:
        what = m.group("what").strip().lower()
        val = _strip_article(_trim_np(m.group("val")))
        if val and val.lower() not in ("it", "that", "this"):
            s_subj = "user" if re.search(r"\bmy\b|\bour\b", m.group(0), re.IGNORECASE) else subj
            who = "" if s_subj == "user" else f"{subj_disp}'s "
            out.append(_fact(c, s_subj, f"favourite_{norm_key(what)}", val,
                             f"{_cap(who)}{'f' if who else 'F'}avourite {what} is {val}", "preference"))
            return out
    m = re.match(r"^(?P<val>[\w\s'-]{2,40}?)\s+(?:is|are)\s+(?:still\s+|now\s+)?my\s+(?:absolute\s+)?"
                 r"favourites?$", t, re.IGNORECASE)
    if m:
        val = _strip_article(m.group("val")).lower()
        return [_fact(c, "user", f"taste:{_value_terms(val, 3)}", "like", f"Loves {val} (a favourite)",
                      "preference")]
    m = re.search(r"^(?P<val>[\w\s'-]{2,40}?)\s+(?:is|are)\s+(?:still\s+|now\s+)?my\s+favourite\s+"
                  r"(?P<what>[\w\s-]{2,30})$", t, re.IGNORECASE)
    if m:
        val, what = _strip_article(m.group("val")), _trim_np(m.group("what")).lower()
        out.append(_fact(c, "user", f"favourite_{norm_key(what)}", val, f"Favourite {what} is {val}",
                         "preference"))
        return out

    # reply language: "could you answer in Spanish from now on", "let us switch back to English"
    lang = "|".join(_LANGS)
    m = re.search(r"\b(?:answer|reply|respond|write|talk|speak|switch(?:\s+back)?|stick)\s+(?:to me\s+)?"
                  r"(?:in|to|with)\s+(?P<lang>" + lang + r")\b", t, re.IGNORECASE)
    if m and (c.question or re.search(r"\b(?:please|let us|from now on|always|could you|can you|would you)\b",
                                      low) or re.match(r"^(?:answer|reply|respond|write|talk|speak|switch)",
                                                       low)):
        lg = m.group("lang").capitalize()
        out.append(_fact(c, "user", "reply_language", lg, f"Wants replies in {lg}", "preference"))
        return out

    # a usual order: "make the cortado my usual"
    m = re.search(r"\b(?:make|set|put)\s+(?P<x>.+?)\s+(?:as\s+)?my\s+(?:usual|default|go-to|regular|standard)"
                  r"(?:\s+order)?\b", t, re.IGNORECASE)
    if m:
        x = _strip_article(_trim_np(m.group("x")))
        return [_fact(c, "user", "usual_order", x, f"Usual order: {x}", "preference")]
    # travel seats: "window seat", "aisle seat please"
    m = re.search(r"\b(?P<seat>window|aisle|exit[- ]row|front[- ]row)\s+seats?\b", t, re.IGNORECASE)
    if m and not c.question:
        seat = m.group("seat").lower()
        return [_fact(c, "user", "seat", seat, f"Prefers {_article(seat)} {seat} seat", "preference")]
    # "Ideally remote", "Preferably mornings"
    m = re.match(r"^(?:ideally|preferably)\s*,?\s+(?P<x>[\w\s-]{2,40})$", t, re.IGNORECASE)
    if m:
        x = _trim_np(m.group("x"))
        return [_fact(c, "user", f"prefers:{_value_terms(x, 2)}", x, f"Prefers {x}", "preference")]

    # nickname: "please just call me Pri"
    m = re.search(r"\b(?i:please\s+)?(?i:just\s+)?(?i:call me)\s+(?P<name>[A-Z][\w'-]*)", t)
    m = m or re.search(r"\b(?i:everyone|people|friends)\s+(?i:calls?)\s+(?i:me)\s+(?P<name>[A-Z][\w'-]*)", t)
    if m and m.group("name") not in _NOT_NAMES:
        return [_fact(c, "user", "nickname", m.group("name"), f"Prefers to be called {m.group('name')}",
                      "preference")]

    # contact channel: "Email works best for me", "a quick text message is fine from now on", "I prefer email"
    m = re.search(r"^" + _CHANNEL_RE + r"\s+(?:is|are|works?)\s+(?:\w+\s+)?(?:best|better|fine|good|easiest|"
                  r"preferred|ideal)\b", low)
    m = m or re.search(r"\b(?:prefer|rather have|rather get|rather receive)\s+" + _CHANNEL_RE + r"\b", low)
    m = m or re.search(r"\b(?i:please|just)\s+(?P<ch>(?i:email|text|call|phone|message|whatsapp))\s+(?i:me)\b"
                       r"(?!\s+[A-Z])", t)
    m = m or re.search(r"\b(?:reach|contact) me (?:by|via|through|on)\s+" + _CHANNEL_RE + r"\b", low)
    if m and not re.search(r"\b(?:do not|never|not)\b", low[:m.start()] + low[m.start():m.end()]):
        ch = _CHANNELS.get(m.group("ch").lower().rstrip("s") if m.group("ch").lower() not in _CHANNELS
                           else m.group("ch").lower(), m.group("ch"))
        ch = {"message": "text message"}.get(ch, ch)
        out.append(_fact(c, "user", "contact_channel", ch, f"Prefers to be contacted by {ch}", "preference"))
        return out

    # "please stop sending me the weekly newsletter"
    m = re.search(r"\b(?:stop|quit|no more)\s+(?:sending|emailing|texting|mailing)\s+(?:me\s+)?(?P<x>[\w\s-]+?)"
                  r"(?:\s+(?:please|anymore|any more))?$", t, re.IGNORECASE)
    if m:
        x = _strip_article(_trim_np(m.group("x")))
        return [_fact(c, "user", f"do_not_send:{_value_terms(x, 2)}", x, f"Does not want {x}", "preference")]

    # contact times: "please don't call me before 9", "no calls after 8pm", "never text me on Sundays"
    m = re.search(r"\b(?:do not|never|no|not)\s+(?P<verb>call|calls|text|texts|email|emails|message|messages|"
                  r"contact|phone|ring|disturb)\s*(?:me\s+)?(?P<when>(?:before|after|until|on|during|at|"
                  r"between)\b.+)$", t, re.IGNORECASE)
    if m:
        verb = m.group("verb").lower().rstrip("s")
        when = _trim_np(m.group("when"))
        if re.match(r"^(?:before|after|until)\s+\d{1,2}$", when):
            when += " am" if when.startswith(("before", "until")) else " pm"
        out.append(_fact(c, "user", f"contact_time:{verb}", when, f"Do not {verb} them {when}", "preference"))
        return out

    # time of day: "mornings work best for me", "afternoons are better for calls now"
    m = re.search(r"^(?P<dp>" + "|".join(_DAYPARTS) + r")\s+(?:work|works|are|is)\s+(?:\w+\s+)?"
                  r"(?P<how>best|better|ideal|good|fine)\b(?P<rest>.*)$", low)
    if m:
        dp = m.group("dp")
        dp = dp if dp.endswith("s") or dp == "lunchtime" else dp + "s"
        out.append(_fact(c, "user", "preferred_time", dp, f"Prefers {dp} for calls and meetings", "preference"))
        return out

    # scheduling rules: "please never book anything on Fridays", "don't schedule my workouts before 10am"
    m = re.search(r"\b(?:please\s+)?(?:do not|never|no)\s+(?:ever\s+)?(?P<verb>book|schedule|plan|set up|arrange|"
                  r"put)\s+(?P<what>.+?)\s+(?P<when>(?:on|before|after|during|at|for)\s+.+)$", t, re.IGNORECASE)
    if m:
        what = _trim_np(m.group("what"))
        when = _trim_np(m.group("when"))
        what_s = re.sub(r"\bmy\b", "their", what)
        out.append(_fact(c, "user", f"schedule:{_value_terms(what, 2) or 'anything'}", when,
                         f"Do not {m.group('verb').lower()} {what_s} {when}", "preference"))
        return out

    # delivery instructions: "please leave parcels with my neighbour", "use the back door from now on"
    if re.search(r"\b(?:parcels?|packages?|deliver(?:y|ies)|door|porch|doorstep|mailbox|letterbox|"
                 r"neighbou?r|reception|concierge|locker)\b", low) and re.search(
                     r"\b(?:please|always|from now on|instead|leave|deliver|drop|use)\b", low) and not c.question:
        m = re.search(r"\b(?:please\s+)?(?:just\s+)?(?P<instr>(?:always\s+)?(?:leave|deliver|drop|use|put|ring|"
                      r"knock|send)\b.+)$", t, re.IGNORECASE)
        if m:
            instr = _trim_np(re.sub(r"\s+(?:from now on|going forward|in future|in the future)\b", "",
                                    m.group("instr"), flags=re.IGNORECASE))
            instr = re.sub(r"\s+instead of\s+.*$", "", instr, flags=re.IGNORECASE)
            out.append(_fact(c, "user", "delivery", instr,
                             "Delivery instructions: " + re.sub(r"\bmy\b", "their", instr), "preference"))
            m2 = re.search(r"\binstead of\s+(?P<old>.+)$", t, re.IGNORECASE)
            if m2:
                out += _topic_retraction(c, _trim_np(m2.group("old")), emit_record=False)
            return out

    # "Big Arsenal fan here", "huge jazz fan"
    m = re.match(r"^(?:(?:a\s+)?(?:big|huge|massive|lifelong|die-hard|diehard|total|proud)\s+)(?P<x>[\w\s'-]{2,30}?)\s+"
                 r"fan(?:\s+here)?\b", t, re.IGNORECASE)
    if m:
        x = m.group("x").strip()
        return [_fact(c, "user", f"taste:{_value_terms(x, 3)}", "like", f"Big fan of {x}", "preference")]
    # "I used to love horror movies": a taste that is over
    m = re.match(r"^I\s+used\s+to\s+(?:really\s+)?(?P<v>love|like|enjoy|adore|be into)\s+(?P<obj>.+)$", t,
                 re.IGNORECASE)
    if m:
        obj = _strip_article(_trim_np(m.group("obj")))
        if obj and obj.split()[0].lower() not in ("it", "that", "this", "them"):
            return [_fact(c, "user", f"taste:{_value_terms(obj, 3)}", "no longer", f"No longer enjoys {obj}",
                          "preference")]
    m = re.match(r"^(?P<obj>[\w\s'-]{2,40}?)\s+(?:is|are)\s+(?:now\s+|really\s+|totally\s+)?my\s+(?:thing|jam|go-to|"
                 r"passion|obsession)\b", t, re.IGNORECASE)
    if m:
        obj = _strip_article(m.group("obj")).lower()
        return [_fact(c, "user", f"taste:{_value_terms(obj, 3)}", "like", f"Loves {obj}", "preference")]

    # tastes: likes / dislikes (user or a named person)
    taste = _taste(c, ctx, body, subj, subj_disp)
    if taste:
        return taste

    # "I prefer X (over|to Y)"
    m = re.search(r"^(?:I|we)\s+(?:much\s+|really\s+|generally\s+|usually\s+|also\s+)?prefer\s+(?P<x>.+?)"
                  r"(?:\s+(?:over|to|rather than|instead of)\s+(?P<y>.+))?$", t, re.IGNORECASE)
    if m:
        x = _trim_np(m.group("x"))
        y = _trim_np(m.group("y") or "")
        if x and x.lower() not in ("it", "that", "this"):
            key = "prefers:" + "_vs_".join(sorted(filter(None, [_value_terms(x, 2), _value_terms(y, 2)])))
            summary = f"Prefers {x}" + (f" over {y}" if y else "")
            return [_fact(c, "user", key, x, summary, "preference")]

    # persistent instructions to the assistant: "please always ...", "never ... from now on"
    if c.text and _PERSIST.search(t) and re.match(r"^(?:please\s+)?(?:always|never|do not|from now on|"
                                                  r"going forward|in (?:the )?future|please)\b", t, re.IGNORECASE):
        instr = re.sub(r"^(?:please\s+)", "", t, flags=re.IGNORECASE)
        instr = re.sub(r"\s*(?:from now on|going forward|in (?:the )?future),?\s*", " ", instr,
                       flags=re.IGNORECASE).strip()
        if len(instr.split()) >= 2:
            instr = re.sub(r"\bme\b", "them", re.sub(r"\bmy\b", "their", instr))
            return [_fact(c, "user", f"instruction:{_value_terms(instr, 3)}", instr,
                          "Instruction: " + _cap(instr), "preference")]
    return out


def _subject(text: str, ctx: _Context) -> tuple[str, str, str]:
    """Who the clause is about: ``(key subject, display, clause body after the subject)``."""
    m = re.match(r"^(?:I|we)\b\s*", text, re.IGNORECASE)
    if m or re.match(r"^(?:(?i:my|our)\s+)?[\w ]{1,40}?\s+and\s+(?:I|we)\s", text):
        return "user", "", text  # "my partner Sam and I are ...": the user is a subject too
    m = re.match(r"^(?i:my|our)\s+(?P<rel>(?i:" + _REL_RE + r"))(?:\s+" + _NAME + r")?\s+(?=\w)", text)
    if m and not (m.group("name") and m.group("name") in ("and",)):
        name = m.group("name") if m.group("name") and m.group("name") not in _NOT_NAMES else None
        rel = ctx.remember(_Rel(m.group("rel").lower(), name))
        start = m.end() if name or not m.group("name") else m.start("name")
        return rel.subject, rel.display, "SUBJ " + text[start:]
    m = re.match(r"^(?P<pro>he|she)\s+", text, re.IGNORECASE)
    if m:
        found = ctx.pronoun(m.group("pro"))
        if found:
            return found.subject, found.display, "SUBJ " + text[m.end():]
    m = re.match(r"^" + _NAME + r"\s+(?=\w)", text)
    if m and m.group("name") in ctx.names:
        rel = ctx.names[m.group("name")]
        return rel.subject, rel.display, "SUBJ " + text[m.end():]
    return "", "", text


_LIKE_VERBS = (r"(?P<v>love|loves|adore|adores|like|likes|enjoy|enjoys|am into|is into|are into|am really into|"
               r"is really into|am a (?:big |huge )?fan of|is a (?:big |huge )?fan of|hate|hates|dislike|dislikes|"
               r"detest|detests|cannot stand|can not stand|loathe|loathes|am not a (?:big |huge )?fan of|"
               r"is not a (?:big |huge )?fan of|do not like|does not like|do not enjoy|does not enjoy|"
               r"do not love|no longer enjoy|no longer like|have come to (?:love|enjoy|like)|"
               r"have really come to (?:love|enjoy|like)|have started to (?:love|enjoy|like)|"
               r"have grown to (?:love|enjoy|like)|have always (?:loved|liked|enjoyed|hated)|"
               r"really (?:love|like|enjoy|hate|dislike)|also (?:love|like|enjoy|hate)|absolutely (?:love|hate)|"
               r"kind of (?:like|love|hate)|still (?:love|like|enjoy)|love love)")


def _taste(c: _Clause, ctx: _Context, body: str, subj: str, disp: str) -> list[Fact]:
    t = c.text
    if subj == "user":
        m = re.match(r"^(?:I|we)\s+(?:(?:\w+ly|also|just|still|do|think I)\s+)*"
                     + _LIKE_VERBS + r"\s+(?P<obj>.+)$", t, re.IGNORECASE)
        m = m or re.match(r"^(?:I|we)\s+(?:am|are)\s+(?:(?:really|also|so|very|quite|totally)\s+)*"
                          r"(?P<v>into|a (?:big |huge )?fan of|not (?:a |really a )?(?:big |huge )?fan of|"
                          r"not (?:really |very |that |too |so |at all )?(?:into|keen on)|crazy about|obsessed with|"
                          r"passionate about|keen on)\s+(?P<obj>.+)$",
                          t, re.IGNORECASE)
    elif subj:
        m = re.match(r"^SUBJ\s+(?:(?:really|also|absolutely|still)\s+)*" + _LIKE_VERBS + r"\s+(?P<obj>.+)$",
                     body, re.IGNORECASE)
        m = m or re.match(r"^SUBJ\s+is\s+(?:(?:really|also|so|totally)\s+)*(?P<v>obsessed with|crazy about|into|"
                          r"a (?:big |huge )?fan of|mad about)\s+(?P<obj>.+)$", body, re.IGNORECASE)
        mp = re.match(r"^SUBJ\s+(?:really\s+|also\s+)?prefers\s+(?P<x>.+?)(?:\s+(?:over|to|rather than)\s+(?P<y>.+))?$",
                      body, re.IGNORECASE)
        if not m and mp:
            x, y = _trim_np(mp.group("x")), _trim_np(mp.group("y") or "")
            key = "prefers:" + "_vs_".join(sorted(filter(None, [_value_terms(x, 2), _value_terms(y, 2)])))
            return [_fact(c, subj, key, x, f"{disp} prefers {x}" + (f" over {y}" if y else ""), "preference")]
    else:
        m = None
        m2 = re.match(r"^(?:no|not)\s+(?P<obj>[\w\s-]{2,30}?)\s+(?:please|for me|thanks)\b", t, re.IGNORECASE)
        if m2:
            return []
    if not m:
        return []
    verb = m.group("v").lower()
    obj = _trim_np(m.group("obj"))
    more: list[Fact] = []
    split = re.search(r"\s+and\s+(?:also\s+)?(?P<v2>loves|likes|enjoys|hates|dislikes|adores|love|like|enjoy|hate|"
                      r"dislike|cannot stand|can not stand)\s+(?P<o2>.+)$", obj)
    if split:
        obj = obj[:split.start()]
        head = "I " if subj == "user" else "SUBJ "
        sub = _Clause(f"{head}{split.group('v2')} {split.group('o2')}", c.raw, c.event, False, False, False,
                      c.dated, c.times)
        more = _taste(sub, ctx, sub.text, subj, disp)
    if re.match(r"^(?:to|it|that|this|them|you|him|her|those|these|the idea|the sound)\b", obj, re.IGNORECASE):
        if obj.lower().startswith("it") and ctx.last_object:
            obj = ctx.last_object + obj[2:]
        elif obj.lower().startswith("to "):
            obj = obj[3:]
        else:
            return []
    obj = _strip_article(re.sub(r"^(?:anything|everything|all things)\s+(?:with|about|to do with)\s+", "", obj))
    obj = obj.strip()
    if not obj or len(obj.split()) > 8:
        return []
    negative = bool(re.search(r"hate|dislike|detest|cannot stand|can not stand|loathe|not|no longer", verb))
    no_longer = "no longer" in verb or re.search(r"\b(?:anymore|any more)\b", t, re.IGNORECASE) is not None
    if negative:
        word = "No longer enjoys" if no_longer else ("Dislikes" if "not" in verb or "dislike" in verb
                                                     else "Hates" if "hate" in verb else "Dislikes")
    else:
        word = "Loves" if "love" in verb or "adore" in verb or "crazy" in verb or "obsessed" in verb \
            else "Enjoys" if "enjoy" in verb else "Likes"
    obj_text = re.sub(r"\bmy\b", "their", obj)
    summary = f"{word} {obj_text}" if subj == "user" else f"{disp} {word.lower()} {obj_text}"
    head = re.sub(r"\s+(?:more than|better than|over)\s+.*$", "", obj)
    return [_fact(c, subj or "user", f"taste:{_value_terms(head, 3)}", "dislike" if negative else "like",
                  summary, "preference"), *more]


def _user_facts(c: _Clause, ctx: _Context) -> list[Fact]:
    """First-person facts with a known shape: where they live, work, study, their name, age, diet, health."""
    t = c.text
    if not re.match(r"^(?:I|we|my|our|being|both|new|address|landed|arrived|settled)\b", t, re.IGNORECASE):
        return []
    out: list[Fact] = []
    when = _when_suffix(c)

    # residence
    m = re.match(r"^(?:I|we)\s+(?:(?:now|currently|still|just|recently|finally|also|actually)\s+)*"
                 r"(?:(?:live|am living|are living|reside|have lived|have been living)\s+in|"
                 r"(?:have\s+)?(?:just\s+|recently\s+|finally\s+)?(?:moved|relocated)\s+(?:back\s+)?(?:home\s+)?"
                 r"(?:to|into)|do not want to (?:relocate|move)\s+(?:away\s+)?from|"
                 r"(?:am|are)\s+(?:now\s+|currently\s+|still\s+)?(?:based|living|staying|settled|stuck)\s+in|"
                 r"(?:am|are)\s+(?:now\s+|currently\s+|still\s+)?in)\s+" + _PLACE, t)
    if m and m.group("place").split()[0] not in _NO_PLACE:
        place = m.group("place")
        moved = re.search(r"\b(?:moved|relocated)\b", m.group(0))
        summary = f"Lives in {place}" + (f" (moved {when})" if moved and when else "")
        out.append(_fact(c, "user", "residence", place, summary, "fact"))
        mfrom = re.search(r"\bfrom\s+" + _PLACE, t[m.end():])
        if mfrom:
            out.append(_fact(c, "user", "residence", mfrom.group("place"), "", "fact", retract=True))
        return out
    m = re.search(r"\b(?P<kind>flat|apartment|apt|unit|room|suite)\s+(?P<u>\d+[A-Za-z]?|[A-Za-z]\d+)\b", t)
    if m and re.match(r"^(?:I|we)\s+(?:(?:now|currently|still|just|also|have)\s+)*(?:live|rent|moved|am in|"
                      r"are in|am living|stay|own|have moved)\b", t, re.IGNORECASE):
        unit = _trim_np(t[m.start():])
        return [_fact(c, "user", "home_unit", f"{m.group('kind')} {m.group('u')}", f"Lives in {unit}", "fact")]
    m = re.match(r"^(?:I\s+|we\s+)?(?:just\s+)?(?:landed|arrived|settled)\s+in\s+" + _PLACE, t)
    if m and re.search(r"\b(?:home|live here|living here|moved|move here|for good|next \w+ years)\b", c.raw,
                       re.IGNORECASE):
        return [_fact(c, "user", "residence", m.group("place"), f"Lives in {m.group('place')}", "fact")]
    m = re.match(r"^(?:I|we)\s+(?:(?:no longer|do not)\s+live\s+in|(?:have\s+)?moved\s+(?:away\s+)?(?:out of|from))\s+"
                 + _PLACE, t)
    if m:
        return [_fact(c, "user", "residence", m.group("place"), f"No longer lives in {m.group('place')}", "fact",
                      retract=True)]
    m = re.match(r"^my\s+(?:home|house|flat|apartment)\s+is\s+in\s+" + _PLACE, t)
    if m:
        return [_fact(c, "user", "residence", m.group("place"), f"Lives in {m.group('place')}", "fact")]

    # origin
    m = re.match(r"^I\s+(?P<neg>am not|am|come|grew up|was born and raised|was raised)\s+(?:originally\s+)?"
                 r"(?:from|in)\s+" + _PLACE, t)
    if m and m.group("place").split()[0] not in _NO_PLACE and not (m.group("neg") == "am" and " in " in m.group(0)):
        place = m.group("place")
        if m.group("neg") == "am not":
            return [_fact(c, "user", "origin", place, "", "fact", retract=True)]
        return [_fact(c, "user", "origin", place, f"Is from {place}", "fact")]

    # name / nickname / age / birthday
    m = re.search(r"\b(?i:my name is)\s+(?P<name>[A-Z][\w'-]+(?:\s+[A-Z][\w'-]+)?)", t)
    nat = re.match(r"^I am\s+(?:(?:half|originally|proudly)\s+)?(?P<n>[A-Z][a-z]+)\b", t)
    if nat and nat.group("n") in _NATIONALITIES:
        return [_fact(c, "user", "nationality", nat.group("n"), f"Is {nat.group('n')}", "fact")]
    m = m or re.match(r"^I am\s+(?P<name>[A-Z][a-zà-ÿ'-]+)\s*$", t)
    if m and m.group("name").split()[0] not in _NOT_NAMES:
        return [_fact(c, "user", "name", m.group("name"), f"Name is {m.group('name')}", "fact")]
    m = re.match(r"^I\s+(?:am|will be|just turned|turned|am turning|will be turning|turn)\s+(?P<age>\d{1,3})"
                 r"(?:\s+years?\s+old)?(?:\s+(?:this|next|on)\b.*)?$", t)
    if m and 5 <= int(m.group("age")) <= 110:
        turning = "turning" in m.group(0) or ("turn" in m.group(0) and "will" in m.group(0))
        summary = (f"Turning {m.group('age')}" + (f" {when}" if when else "")) if turning \
            else f"Is {m.group('age')} years old"
        return [_fact(c, "user", "age", m.group("age"), summary, "fact")]
    m = re.search(r"\bmy birthday is\s+(?:on\s+)?(?:the\s+)?(?P<d>(?:" + _MONTH_WORDS + r")\s+\d{1,2}(?:st|nd|rd|th)?"
                  r"|\d{1,2}(?:st|nd|rd|th)?\s+(?:of\s+)?(?:" + _MONTH_WORDS + r"))", t, re.IGNORECASE)
    m = m or re.search(r"\bI was born on\s+(?:the\s+)?(?P<d>(?:" + _MONTH_WORDS + r")\s+\d{1,2}(?:st|nd|rd|th)?"
                       r"(?:,?\s+\d{4})?|\d{1,2}(?:st|nd|rd|th)?\s+(?:of\s+)?(?:" + _MONTH_WORDS
                       + r")(?:\s+\d{4})?)", t, re.IGNORECASE)
    if m:
        d = re.sub(r"(\d)(?:st|nd|rd|th)", r"\1", m.group("d")).replace(" of ", " ")
        d = " ".join(w.capitalize() if w.isalpha() else w for w in d.split())
        return [_fact(c, "user", "birthday", d, f"Birthday is {d}", "fact")]

    # work
    jobs = "|".join(_JOB_HEADS)
    m = re.match(r"^I\s+(?:(?:now|currently|also|still)\s+)?(?:work|am working)\s+as\s+(?:a|an)\s+(?P<job>[\w\s-]+?)"
                 r"(?:\s+(?:at|for|in)\s+(?P<org>.+))?$", t)
    m = m or re.match(r"^I\s+am\s+(?:now\s+|currently\s+|still\s+|actually\s+)?(?:a|an)\s+"
                      r"(?P<job>(?:[\w-]+\s+){0,3}?(?:" + jobs + r")(?:\s+(?:" + jobs + r"))?)\b"
                      r"(?:\s+(?:at|for|in|with)\s+(?P<org>.+))?", t)
    if m:
        job = _trim_np(m.group("job")).lower()
        out.append(_fact(c, "user", "job", job, f"Works as {_article(job)} {job}", "fact"))
        org = _org(m.group("org") or "")
        if org:
            out.append(_fact(c, "user", "employer", org, f"Works at {org}", "fact"))
        return out
    m = re.match(r"^I\s+(?:no longer|do not)\s+work\s+(?:at|for|with)\s+(?P<org>.+?)(?:\s+(?:anymore|any more))?$", t)
    if m and _org(m.group("org")):
        org = _org(m.group("org"))
        return [_fact(c, "user", "employer", org, f"No longer works at {org}", "fact", retract=True)]
    m = re.match(r"^I\s+(?:have\s+)?(?:just\s+)?(?:left|quit)\s+(?:my job\s+(?:at|with)\s+)?(?P<org>[A-Z].+)$", t)
    if m and _org(m.group("org")):
        org = _org(m.group("org"))
        return [_fact(c, "user", "employer", org, f"Left {org}" + (f" {when}" if when else ""), "fact",
                      retract=True)]
    m = re.match(r"^I\s+(?:was|got|have been|am being)\s+(?:laid off|let go|made redundant|fired)\s+(?:from|by|at)\s+"
                 r"(?P<org>[A-Z][\w&.'-]*(?:\s+[A-Z][\w&.'-]*)*)", t)
    if m:
        org = m.group("org")
        summary = _tidy(f"Was laid off from {org}" + (f" {when}" if when else ""))
        return [_fact(c, "user", "employer", org, "", "fact", retract=True),
                _fact(c, "user", f"job_loss:{norm_key(org)}", org, summary, "fact")]
    m = re.match(r"^I\s+(?:have\s+)?(?:just\s+)?accepted\s+(?:an?\s+|the\s+)?(?:offer|job|position|role)"
                 r"(?:\s+as\s+(?:a|an)\s+(?P<job>[\w\s-]+?))?\s+(?:from|at|with)\s+"
                 r"(?P<org>[A-Z][\w&.'-]*(?:\s+[A-Z][\w&.'-]*)*)", t)
    if m:
        org = m.group("org")
        out.append(_fact(c, "user", "employer", org, f"Works at {org} (accepted an offer" +
                         (f" {when})" if when else ")"), "fact"))
        if m.group("job"):
            job = _trim_np(m.group("job")).lower()
            out.append(_fact(c, "user", "job", job, f"Works as {_article(job)} {job}", "fact"))
        return out
    m = re.match(r"^I\s+(?:have\s+)?(?:just\s+)?(?:started|joined|began)\s+(?:working\s+)?(?:at|with|for)?\s*"
                 r"(?P<org>[A-Z][\w&.'-]*(?:\s+[A-Z][\w&.'-]*)*)(?:\s+as\s+(?:a|an)\s+(?P<job>[\w\s-]+?))?"
                 r"(?:\s+(?:today|yesterday|this|last|on|in)\b.*)?$", t)
    if m and m.group("org").split()[0] not in _NOT_NAMES:
        org = m.group("org")
        out.append(_fact(c, "user", "employer", org, f"Works at {org}" + (f" (started {when})" if when else ""),
                         "fact"))
        if m.group("job"):
            job = _trim_np(m.group("job")).lower()
            out.append(_fact(c, "user", "job", job, f"Works as {_article(job)} {job}", "fact"))
        return out
    m = re.match(r"^I\s+am\s+(?:now\s+)?(?:working\s+)?at\s+(?P<org>(?:the\s+)?[\w\s&'-]*?\b(?:hospital|clinic|school|"
                 r"university|bank|office|company|agency|firm|store|shop|restaurant|cafe|hotel|practice|lab|"
                 r"studio|surgery|pharmacy|bakery))\b", t, re.IGNORECASE)
    if m:
        org = _cap_words(m.group("org"))
        return [_fact(c, "user", "employer", org, f"Works at {org}", "fact")]
    m = re.match(r"^I\s+(?:(?:now|currently|also|still)\s+)?work\s+(?P<shift>night|day|early|late|evening|morning|"
                 r"weekend|double|split|long)\s+shifts\b(?:.*?\bat\s+(?P<org>.+))?$", t)
    if m:
        shift = m.group("shift")
        out.append(_fact(c, "user", "shift", shift, f"Works {shift} shifts", "fact"))
        org = _org(m.group("org") or "")
        if org:
            out.append(_fact(c, "user", "employer", org, f"Works at {org}", "fact"))
        return out
    m = re.search(r"\bswitched\s+(?:from\s+\w+\s+shifts\s+)?to\s+(?P<shift>night|day|early|late|evening|morning|"
                  r"weekend)\s+shifts\b", t)
    if m:
        shift = m.group("shift")
        return [_fact(c, "user", "shift", shift, f"Switched to {shift} shifts" + (f" {when}" if when else ""),
                      "fact")]
    m = re.match(r"^I\s+(?:(?:now|currently|also|still)\s+)?work\s+(?:at|for)\s+(?P<org>.+)$", t)
    if m and _org(m.group("org")):
        org = _org(m.group("org"))
        team = re.search(r"\bin the\s+(?P<team>[\w\s-]+?)\s+(?:team|department|group|division)\b", m.group("org"))
        summary = f"Works at {org}" + (f" in the {team.group('team')} team" if team else "")
        return [_fact(c, "user", "employer", org, summary, "fact")]
    m = re.match(r"^I\s+(?:(?:now|currently|also|still)\s+)?teach\s+(?P<what>[\w\s-]+?)"
                 r"(?:\s+(?:at|in)\s+(?P<org>.+))?$", t)
    if m:
        what = _trim_np(m.group("what"))
        org = _trim_np(m.group("org") or "")
        org = re.sub(r"\s+here$", "", org)
        summary = f"Teaches {what}" + (f" at {org}" if org else "")
        return [_fact(c, "user", "job", f"{what} teacher", summary, "fact")]
    m = re.search(r"\b(?:go|going|went|gone)\s+freelance(?:\s+as\s+(?:a|an)\s+(?P<job>[\w\s-]+))?", t)
    if m:
        job = "freelance " + _trim_np(m.group("job")).lower() if m.group("job") else "freelancer"
        return [_fact(c, "user", "job", job, f"Works as {_article(job)} {job}" + (f" (since {_strip_prep(when)})"
                                                                                    if when else ""), "fact")]
    m = re.match(r"^I\s+(?:am\s+)?retired\b", t)
    if m:
        return [_fact(c, "user", "job", "retired", "Is retired" + (f" (since {_strip_prep(when)})" if when else ""),
                      "fact")]

    # study
    m = re.match(r"^I\s+(?:am\s+)?(?:currently\s+|now\s+)?(?:study|studying|major in|majoring in|am a student of)\s+"
                 r"(?!(?:for|at|in|with|on|every|hard|a lot|late|early|daily|weekly)\b)(?P<what>[\w\s-]+?)"
                 r"(?:\s+at\s+(?P<org>(?:the\s+)?[A-Z][\w\s&'-]+?))?(?:,.*)?$", t)
    if m:
        what = _trim_np(m.group("what"))
        out.append(_fact(c, "user", "major", what, f"Studies {what}", "fact"))
        if m.group("org"):
            org = _trim_np(m.group("org"))
            out.append(_fact(c, "user", "university", org, f"Studies at {org}", "fact"))
        return out
    m = re.search(r"\b(?:switched|changed)\s+(?:my\s+)?(?:major|degree|course|subject)\s+(?:from\s+[\w\s]+?\s+)?to\s+"
                  r"(?P<what>[\w\s-]+)", t)
    if m:
        what = _trim_np(m.group("what"))
        return [_fact(c, "user", "major", what, f"Studies {what} (switched major" +
                      (f" {when})" if when else ")"), "fact")]

    m = re.match(r"^I\s+am\s+(?:(?:currently|now|still|also)\s+)*(?:learning|practising|practicing|"
                 r"taking lessons in)\s+(?P<x>[\w\s-]+)", t)
    if m:
        x = _trim_np(m.group("x"))
        if x and x.split()[0].lower() not in ("to", "how", "it", "that"):
            return [_fact(c, "user", f"learning:{_value_terms(x, 2)}", x, f"Learning {x}", "fact")]
    m = re.search(r"\b(?:switch|switched|switching|change|changed|changing|update|updated|updating|move|moved|"
                  r"moving|raise|raised|raising)\s+(?:my|our)\s+(?P<what>[a-z][\w\s-]{1,30}?)\s+(?:from\s+.+?\s+)?"
                  r"to\s+(?P<val>.+)$", c.dated)
    if m and not re.match(r"^(?:" + _REL_RE + r")\b", m.group("what")):
        what = m.group("what").strip()
        val = _trim_np(m.group("val"))
        if val:
            return [_fact(c, "user", norm_key(what), val, f"{_cap(what)}: {val}", "fact")]

    # diet
    diets = "|".join(sorted(_DIETS, key=len, reverse=True))
    m = re.search(r"^(?:I|we)\s+(?:am|are|have been|have always been)\s+(?P<neg>not\s+|no longer\s+)?"
                  r"(?:(?:a|an|strictly|fully|mostly|now|still|also|actually)\s+)*(?P<diet>" + diets + r")\b"
                  r"(?P<rest>.*)$", t, re.IGNORECASE)
    m = m or re.search(r"^being\s+(?P<neg>)(?:a\s+)?(?P<diet>" + diets + r")\b(?P<rest>.*)$", t, re.IGNORECASE)
    if m:
        diet = _DIETS[m.group("diet").lower()]
        if m.group("neg"):
            return [_fact(c, "user", "diet", diet, "", "preference", retract=True)]
        dur = re.search(r"\bfor\s+(?:(?:the\s+)?(?:last|past)\s+)?(?P<d>\w+\s+(?:years?|months?|weeks?))\b",
                        m.group("rest"))
        summary = f"Is {diet}" + (f" (for {dur.group('d')})" if dur else "")
        return [_fact(c, "user", "diet", diet, summary, "preference")]
    m = re.search(r"^I\s+(?:have\s+)?(?:started|began|am)\s+eating\s+(?P<food>meat|fish|seafood|dairy|eggs|chicken|"
                  r"pork|beef)\s+again\b", t, re.IGNORECASE)
    if m:
        food = m.group("food").lower()
        return [_fact(c, "user", "diet", f"eats {food} again", f"Eats {food} again" + (f" (since {_strip_prep(when)})"
                                                                                          if when else ""),
                      "preference")]
    m = re.match(r"^I\s+(?:do not|never|no longer|cannot|can not)\s+(?P<verb>eat|drink|touch|do|have|tolerate|"
                 r"digest|handle)\s+(?P<what>[\w\s-]+?)(?:,.*)?$", t, re.IGNORECASE)
    if m:
        what = _strip_article(_trim_np(m.group("what")))
        verb = m.group("verb").lower()
        first = what.split(" ")[0].lower() if what else ""
        if what and first not in ("it", "that", "this", "much", "any", "anything", "enough", "to") and (
                verb in ("eat", "drink", "touch") or first not in _TRIVIAL_HAVE):
            summary = f"Does not {verb} {what}" if verb in ("eat", "drink") else f"Avoids {what}"
            return [_fact(c, "user", f"avoids:{_value_terms(what, 2)}", what, summary, "preference")]

    # allergies and intolerances
    m = re.match(r"^(?:both\s+)?(?:my\s+\w+\s+and\s+I|I\s+and\s+my\s+\w+)\s+are\s+(?:both\s+)?(?P<neg>not\s+)?"
                 r"allergic\s+to\s+"
                 r"(?P<what>.+)$", t, re.IGNORECASE)
    if m:
        return _allergies(c, "user", "", m.group("what"), bool(m.group("neg")))
    m = re.match(r"^I\s+(?:am|have been)\s+(?P<neg>not\s+(?:actually\s+|really\s+)?|no longer\s+)?(?:(?:severely|very|"
                 r"mildly|also|actually|really)\s+)*allergic\s+to\s+(?P<what>.+)$", t, re.IGNORECASE)
    if m:
        return _allergies(c, "user", "", m.group("what"), bool(m.group("neg")))
    m = re.match(r"^I\s+have\s+(?:a|an)\s+(?:(?:severe|mild|bad)\s+)?(?P<what>[\w\s-]+?)\s+allergy\b", t, re.IGNORECASE)
    if m:
        return _allergies(c, "user", "", m.group("what"), False)
    m = re.match(r"^I\s+am\s+(?P<neg>not\s+)?(?:also\s+)?(?P<what>lactose|gluten|fructose|histamine|caffeine)"
                 r"[\s-]intolerant\b", t, re.IGNORECASE)
    if m:
        what = m.group("what").lower()
        return [_fact(c, "user", f"intolerance:{what}", "yes", f"Is {what} intolerant", "fact",
                      retract=bool(m.group("neg")))]
    m = re.match(r"^I\s+am\s+not\s+(?:really\s+)?(?:a|an)\s+(?P<what>morning person|night owl|early bird|"
                 r"people person|cat person|dog person)", t, re.IGNORECASE)
    if m:
        what = m.group("what").lower()
        return [_fact(c, "user", f"trait:{norm_key(what)}", "no", f"Is not {_article(what)} {what}", "preference")]
    m = re.match(r"^I\s+am\s+(?:a|an)\s+(?P<what>morning person|night owl|early bird|people person|cat person|"
                 r"dog person)", t, re.IGNORECASE)
    if m:
        what = m.group("what").lower()
        return [_fact(c, "user", f"trait:{norm_key(what)}", "yes", f"Is {_article(what)} {what}", "preference")]

    # languages spoken
    lang = "|".join(_LANGS)
    m = re.match(r"^I\s+(?:also\s+)?(?:speak|am fluent in|can speak)\s+(?P<langs>(?:(?:" + lang + r")(?:,\s*|\s+and\s+|"
                 r"\s+))+)", t, re.IGNORECASE)
    if m:
        for lg in re.findall(r"\b(?:" + lang + r")\b", m.group("langs"), re.IGNORECASE):
            out.append(_fact(c, "user", f"language:{lg.lower()}", "yes", f"Speaks {lg.capitalize()}", "fact"))
    for mm in re.finditer(r"\b(?P<lg>" + lang + r")\s+is\s+my\s+(?P<nth>native|first|mother|second|third|fourth)"
                          r"(?:\s+tongue|\s+language)", t, re.IGNORECASE):
        lg = mm.group("lg").capitalize()
        out.append(_fact(c, "user", f"language:{lg.lower()}", "yes", f"{lg} is their {mm.group('nth').lower()} "
                         "language", "fact"))
    m = re.search(r"\bmy\s+(?P<nth>native|first|mother)\s+(?:language|tongue)\s+is\s+(?P<lg>" + lang + r")\b", t,
                  re.IGNORECASE)
    if m:
        lg = m.group("lg").capitalize()
        out.append(_fact(c, "user", f"language:{lg.lower()}", "yes", f"{lg} is their native language", "fact"))
    if out:
        return out

    # "my days off are Mondays and Tuesdays", "my goal is to pass N3 in December" (not "my exam is on...")
    m = re.match(r"^(?i:my)\s+(?P<what>(?!" + _REL_RE + r"\b)[a-z][\w\s-]{1,30}?)\s+(?:is|are)\s+(?P<val>.+)$", t)
    if m and not re.match(r"^(?:not|a bit|so|very|too|really|kind of|quite|getting|going|being|still|due|on|at|in|"
                          r"this|next|tomorrow|today)\b", m.group("val")) \
            and not any(w.rstrip("s") in _EVENT_NOUNS_SET for w in m.group("what").split()) \
            and not re.search(r"\b(?:name|email|e-mail|phone|mobile|address|birthday|favourite)\b", m.group("what")):
        what = m.group("what").strip()
        mv = re.match(r"^(?i:my)\s+" + re.escape(what) + r"\s+(?:is|are)\s+(?P<val>.+)$", c.dated)
        val = _trim_np(mv.group("val") if mv else m.group("val"))
        if val and len(val.split()) <= 10:
            verb = "are" if what.endswith("s") and not what.endswith("ss") else "is"
            return [_fact(c, "user", norm_key(what), val, f"{_cap(what)} {verb} {val}", "fact")]

    # payment cards: "billed to my Visa ending 4421"
    m = re.search(r"\b(?P<brand>visa|mastercard|amex|american express|debit card|credit card|card)\s+ending\s+"
                  r"(?:in\s+)?"
                  r"(?P<d>\d{4})\b", t, re.IGNORECASE)
    if m:
        brand = m.group("brand") if m.group("brand").lower().startswith(("debit", "credit", "card")) else \
            m.group("brand").capitalize()
        return [_fact(c, "user", "card", m.group("d"), f"Pays with {brand} ending {m.group('d')}", "fact")]
    # a state: "I'm fully remote now", "I'm pregnant, due in August", "I'm on a tight budget"
    m = re.match(r"^I\s+am\s+(?:(?:now|currently|still|also|officially|finally|usually|always|often|sometimes|"
                 r"normally|generally)\s+)*(?P<x>.+)$", t)
    if m:
        x = _trim_np(m.group("x"))
        first = x.split()[0].lower() if x else ""
        if x and len(x.split()) <= 5 and first not in _TRANSIENT and not first.endswith("ing") and \
                not re.match(r"^(?:a|an|the|in|at|from|to|with|for|about|not|no|so|very|really|just|such|"
                             r"here|there|\d)", x, re.IGNORECASE):
            summary = _tidy(_third_person(c.dated)) if c.times else f"Is {x}"
            return [_fact(c, "user", f"is:{_value_terms(x, 3)}", x, summary, "fact")]

    # contact details and identifiers
    m = re.search(r"\b(?P<email>[\w.+-]+@[\w-]+(?:\.[\w-]+)+)\b", t)
    if m and re.search(r"\b(?:my|email|e-mail|reach me|contact me)\b", t, re.IGNORECASE):
        email = m.group("email").rstrip(".")
        return [_fact(c, "user", "email", email, f"Email address is {email}", "fact")]
    m = re.search(r"\bmy\s+(?:phone|mobile|cell|telephone)(?:\s+number)?\s+is\s+(?P<p>\+?[\d][\d\s().-]{5,}\d)", t,
                  re.IGNORECASE)
    if m:
        return [_fact(c, "user", "phone", m.group("p"), f"Phone number is {m.group('p')}", "fact")]
    m = re.search(r"(?:^|\bmy\s+)(?:new\s+|home\s+|current\s+)?address\s+is\s+(?P<addr>.+?)"
                  r"(?:,?\s+(?:since|from|as of)\b"
                  r"(?P<since>.*))?$", t, re.IGNORECASE)
    if m:
        addr = m.group("addr").strip(" ,.")
        began = _when_suffix(c)
        note = f" ({began.replace('in ', 'since ', 1)})" if began and m.group("since") else ""
        return [_fact(c, "user", "address", addr, f"Address is {addr}{note}", "fact")]
    return out


def _cap_words(np: str) -> str:
    """"greenway animal hospital" -> "Greenway Animal Hospital"; leaves "the hospital" alone."""
    np = _trim_np(np)
    if np[:1].isupper() or re.match(r"^(?:the|a|an)\s", np):
        return np
    return " ".join(w.capitalize() for w in np.split())


def _strip_prep(when: str) -> str:
    return re.sub(r"^(?:on|in|at|around)\s+", "", when)


_MONTH_WORDS = "|".join((*timeref.MONTHS, "jan", "feb", "mar", "apr", "jun", "jul", "aug", "sep", "sept", "oct",
                         "nov", "dec"))


def _when_suffix(c: _Clause) -> str:
    """The clause's first absolute date, as "in March 2026" / "on 2026-03-13 (Friday)"."""
    if not c.times:
        return ""
    return c.times[0].rewritten


def _org(text: str) -> str:
    """An employer from the words after "at"/"for": a proper name, or "the hospital"."""
    t = _trim_np(text)
    t = re.split(r"\s+(?:in the|as a|as an|on|since|for|and)\s+", t)[0].strip()
    t = re.sub(r"\s+(?:here|there|now|today)$", "", t)
    if not t:
        return ""
    if re.match(r"^[A-Z]", t):
        return t
    m = re.match(r"^(?:the|a|an)\s+(?P<w>[\w\s-]{2,40})$", t)
    return t if m else ""


def _allergies(c: _Clause, subject: str, display: str, what: str, negative: bool) -> list[Fact]:
    text = _trim_np(re.sub(r"\s+(?:after all|all along)\b.*$", "", what))
    items = [i.strip() for i in re.split(r",\s*|\s+and\s+|\s+or\s+|\s*&\s*", text) if i.strip()]
    out = []
    for item in items:
        item = _strip_article(item)
        if not item or len(item.split()) > 4:
            continue
        who = f"{display} is allergic" if display else "Allergic"
        out.append(_fact(c, subject, f"allergy:{_value_terms(item, 2)}", "yes", f"{who} to {item}", "fact",
                         retract=negative))
    return out


def _relation_facts(c: _Clause, ctx: _Context) -> list[Fact]:
    """Facts about a person or pet the user named: where they live, their allergies, age, and other statements."""
    m = re.match(r"^(?P<pro>his|her)\s+(?P<what>[a-z][\w\s-]{1,30}?)\s+(?:is|are)\s+(?P<val>.+)$", c.text,
                 re.IGNORECASE)
    if m:
        rel = ctx.pronoun(m.group("pro"))
        if rel is None or m.group("what").lower() == "name":
            return []
        what = m.group("what").lower()
        raw = _trim_np(m.group("val"))
        if what == "birthday":
            val = re.sub(r"(\d)(?:st|nd|rd|th)\b", r"\1", re.sub(r"^(?:on|the)\s+", "", raw))
        else:
            mv = re.match(r"^(?P<pro>his|her)\s+" + re.escape(m.group("what")) + r"\s+(?:is|are)\s+(?P<val>.+)$",
                          c.dated, re.IGNORECASE)
            val = _trim_np(mv.group("val")) if mv else raw
        return [_fact(c, rel.subject, norm_key(what), val, f"{rel.display}'s {what} is {val}", "fact")]
    subj, disp, body = _subject(c.text, ctx)
    if not subj or subj == "user":
        return []
    m = re.match(r"^SUBJ\s+(?:(?:now|currently|still|also|just|recently|finally)\s+)*(?:lives|is living|has moved|"
                 r"moved|is based|relocated)\s+"
                 r"(?:in|to)\s+" + _PLACE, body)
    if m:
        return [_fact(c, subj, "residence", m.group("place"), f"{disp} lives in {m.group('place')}", "fact")]
    m = re.match(r"^SUBJ\s+is\s+(?P<neg>not\s+|no longer\s+)?(?:(?:severely|very|also|really)\s+)*allergic\s+to\s+"
                 r"(?P<what>.+)$", body, re.IGNORECASE)
    if m:
        return _allergies(c, subj, disp, m.group("what"), bool(m.group("neg")))
    if _OPINION_VERBS.search(body.split(" ", 2)[1] if len(body.split()) > 1 else ""):
        return []
    if re.match(r"^(?i:my|our)\s+\w+\s+[A-Z]\w*\s+(?:is|turned)\s+\d", c.text) and not c.times:
        return []  # "my son Tiago is 9": the name fact already carries the age
    m = re.match(r"^SUBJ\s+(?:is|turned|just turned|will be|is turning|turns)\s+(?P<age>\d{1,3})(?:\s+years?\s+old)?"
                 r"(?P<rest>.*)$", body)
    if m:
        if c.times:
            summary = f"{disp} " + re.sub(r"^SUBJ\s+", "", timeref.rewrite(body, c.event.at)[0])
            return [_fact(c, subj, "birthday_event", c.times[0].day.isoformat(), _tidy(summary.rstrip(".!")),
                          "event", multi=True)]
        return [_fact(c, subj, "age", m.group("age"), f"{disp} is {m.group('age')} years old", "fact")]
    # any other present-tense or dated statement about them: "he gets sick with chicken", "Ana starts school in May"
    rest = re.sub(r"^SUBJ\s+", "", body)
    if re.match(r"^(?:would|could|might|may|can|should|will not|cannot|did not|was|were|had|loved|liked|said)\b",
                rest, re.IGNORECASE) or re.match(r"^(?:does|do) not\s+(?!eat|drink|smoke|drive|like|eat|work|live)",
                                                 rest, re.IGNORECASE):
        return []
    if not re.match(r"^(?:is|are|has|have|does not|[a-z]+s)\b", rest) and not c.times:
        return []
    if len(rest.split()) < 2:
        return []
    if c.times:
        summary = f"{disp} " + _pronouns(re.sub(r"^SUBJ\s+", "", timeref.rewrite(body, c.event.at)[0]))
        return [_fact(c, subj, f"event:{_event_head(rest)}", c.times[0].day.isoformat(),
                      _tidy(summary), "event", multi=True)]
    rest_s = re.sub(r"\bmy\b", "their", _trim_np(rest))
    return [_fact(c, subj, f"note:{_value_terms(rest, 3)}", rest, _tidy(f"{disp} {rest_s}"), "fact", multi=True)]


def _pronouns(s: str) -> str:
    """First-person words inside a record line, said from the outside: "put me on" -> "put the user on"."""
    s = re.sub(r"\b(?:my|our)\b", "their", s)
    s = re.sub(r"\b(?:me|us)\b", "the user", s)
    return re.sub(r"\bI\b", "the user", s)


def _tidy(s: str) -> str:
    s = re.sub(r"\s+", " ", s).strip().rstrip(",;:!.")
    s = re.sub(r",\s+(?:help|can you|could you|would you|will you|any|what|how|please|thanks|thank you|so|but|if|"
               r"ugh|lol)\b.*$", "", s, flags=re.IGNORECASE)
    s = re.sub(r",?\s+(?:ugh|lol|haha|yay|phew|argh|hooray|honestly|funnily enough|by the way)$", "", s,
               flags=re.IGNORECASE)
    return _cap(s)


def _event_head(text: str) -> str:
    low = text.lower()
    if re.search(r"\b(?:married|marry|wedding)\b", low):
        return "wedding"
    m = re.search(r"\b(?:fly|flying|flew|going|travel(?:l)?ing|heading|driving|off)\s+(?:to|back to)\s+" + _PLACE,
                  text)
    if m:
        return f"trip:{norm_key(m.group('place'))}"
    if re.search(r"\bvisit(?:ing)?\b", low):
        return "visit"
    if re.search(r"\b(?:physio|physiotherapy)\b", low):
        return "physio"
    words = re.findall(r"[a-z][a-z-]+", low)
    for w in words:
        base = w[:-1] if w.endswith("s") and w[:-1] in _EVENT_NOUNS_SET else w
        if base in _EVENT_NOUNS_SET:
            return base
    m = re.search(r"\bto\s+" + _PLACE, text)
    if m and m.group("place").split()[0] not in _NO_PLACE:
        return f"trip:{norm_key(m.group('place'))}"
    terms = [t for t in index_terms(text) if not t.isdigit()]
    return "_".join(terms[:2]) or "event"


def _topic_terms(np: str) -> tuple[str, ...]:
    generic = {"trip", "plan", "plans", "job", "thing", "one", "stuff", "idea", "subscription", "booking",
               "reservation", "order", "membership", "old"}
    ts = [t for t in index_terms(np) if t not in generic and not t.isdigit()]
    return tuple(ts[:3]) or tuple(index_terms(np)[:2])


def _topic_retraction(c: _Clause, np: str, *, emit_record: bool = True, summary: str = "") -> list[Fact]:
    topic = _topic_terms(np)
    if not topic:
        return []
    out = [_fact(c, "user", f"retract:{'_'.join(topic)}", "", summary or f"Retracted: {np}", "fact",
                 retract=True, topic=topic)]
    if emit_record and summary:
        out.append(_fact(c, "user", f"change:{'_'.join(topic)}", norm_value(summary), summary, "fact"))
    return out


def _retractions(c: _Clause, ctx: _Context) -> list[Fact]:
    """Things the user says are over: "I sold the Prius", "we had to cancel the Japan trip", "Tofu passed away"."""
    t = c.text
    m = re.match(r"^(?:I|we)\s+(?:have\s+|had\s+)?(?:just\s+|finally\s+|recently\s+|already\s+)?(?:had to\s+)?"
                 r"(?P<verb>sold|gave away|got rid of|quit|gave up|stopped|cancell?ed|cancel|called off|"
                 r"broke up with|divorced|no longer (?:have|own|drive|take|play|do|use))\s+(?P<np>.+)$", t,
                 re.IGNORECASE)
    if m:
        np = _trim_np(re.sub(r"\s+(?:and|,)\s+(?:switched|started|moved|went|now|got)\b.*$", "", m.group("np")))
        np = re.sub(r"\s+(?:around|on|in|the week of)\s+\d{4}.*$", "", np)
        np = _TRAILING.sub("", re.sub(r"\b(?:completely|altogether|entirely|for good)\b", "", np)).strip()
        timeless = _strip_article(timeref.rewrite(np, c.event.at)[0])
        for tr in c.times:
            timeless = timeless.replace(tr.rewritten, "")
        timeless = _strip_article(re.sub(r"\s+", " ", _trim_np(timeless)))
        summary = _tidy(_third_person(c.dated))
        return _topic_retraction(c, timeless, summary=summary)
    m = re.match(r"^(?:(?:our|my)\s+)?(?:new\s+)?(?:baby|son|daughter)\s+(?:girl\s+|boy\s+)?(?P<name>[A-Z][a-zà-ÿ]+)\s+"
                 r"(?:has\s+)?(?:arrived|was born)\b", t, re.IGNORECASE)
    if m and m.group("name") not in _NOT_NAMES:
        name = m.group("name")
        born = f" (born {_strip_prep(c.times[0].rewritten)})" if c.times else ""
        return [_fact(c, "user", "retract:pregnant", "", "Baby born", "fact", retract=True, topic=("pregnant",)),
                _fact(c, "user", f"family:baby:{name.lower()}", name, f"Has a baby named {name}{born}", "fact")]
    m = re.match(r"^(?:the|my|our)\s+(?P<np>[\w\s-]{2,30}?)\s+(?:was\s+|got\s+|has been\s+|have been\s+|is\s+)?"
                 r"(?:cancell?ed|called off|fell through|is off|postponed indefinitely)\b", t, re.IGNORECASE)
    if m:
        summary = _tidy(_pronouns(_cap(_trim_np(c.dated))))
        return _topic_retraction(c, _strip_article(m.group("np")), summary=summary)
    m = re.search(r"\b(?:took|taken|has taken|have taken)\s+(?:me|us)\s+off\s+(?P<np>[\w\s-]+)", t, re.IGNORECASE)
    m = m or re.search(r"^I\s+(?:have\s+)?(?:stopped|quit)\s+taking\s+(?P<np>[\w\s-]+)", t, re.IGNORECASE)
    if m:
        np = _strip_article(_trim_np(re.sub(r"\s+(?:last|this|next)\s+\w+$", "", m.group("np"))))
        return _topic_retraction(c, np, summary=_tidy(_pronouns(_third_person(_trim_np(c.dated)))))
    m = re.match(r"^no\s+more\s+(?P<np>[\w\s-]{2,30})$", t, re.IGNORECASE)
    if m:
        return _topic_retraction(c, _trim_np(m.group("np")), emit_record=False)
    m = re.match(r"^(?:my\s+(?:" + _REL_RE + r")\s+)?" + _NAME + r"\s+(?:has\s+)?(?:passed away|died|passed)\b", t)
    if m and m.group("name") not in _NOT_NAMES:
        name = m.group("name")
        summary = _tidy(f"{name} " + re.sub(r"^.*?\b(?=has passed|passed|died)", "", c.dated))
        return [_fact(c, "user", f"retract:{name.lower()}", "", summary, "fact", retract=True,
                      topic=(name.lower(),)),
                _fact(c, "user", f"loss:{name.lower()}", "passed away", summary, "fact")]
    return []


def _events(c: _Clause, ctx: _Context) -> list[Fact]:
    """A dated thing the user will do or did: "I have a dentist appointment next Friday" -> an event record."""
    if not c.times:
        return []
    t = c.text
    # "We moved the wedding to September 19th", "They rescheduled my passport appointment to May 27th"
    m = re.search(r"\b(?:rescheduled|moved|postponed|pushed back|pushed|brought forward|changed|shifted|bumped)\s+"
                  r"(?:my|our|the|their)\s+(?P<what>[\w\s-]+?)\s+(?:to|until|for)\b", t, re.IGNORECASE)
    if m and any(tr.granularity in ("day", "week", "weekend", "month") for tr in c.times):
        what = re.sub(r"\s+(?:forward|back|up|earlier|later|out)$", "", m.group("what").strip())
        head = _event_head(what)
        date_ = next(tr for tr in c.times if tr.granularity in ("day", "week", "weekend", "month"))
        summary = _tidy(f"{_cap(what)} rescheduled {date_.rewritten}" + _after(c.dated, date_.rewritten))
        return [_fact(c, "user", f"event:{head}", date_.day.isoformat(), summary, "event", multi=True,
                      revises=True, topic=tuple(t for t in index_terms(what) if not t.isdigit())[:2])]
    # "Book me on the 7:40 to Frankfurt on Thursday please": a booking the user asked for
    m = re.match(r"^(?:please\s+)?(?:book|reserve|schedule|get)\s+(?:me|us)\s+(?P<what>.+)$", t, re.IGNORECASE)
    if m and any(tr.granularity in ("day", "weekend") for tr in c.times):
        what = re.sub(r"^(?:on|in|onto|a|an)\s+", "", c.dated[m.start("what"):], flags=re.IGNORECASE)
        what = re.sub(r"\s*\bplease\b", "", what).strip()
        day = next(tr for tr in c.times if tr.granularity in ("day", "weekend")).day.isoformat()
        return [_fact(c, "user", f"event:{_event_head(t)}", day, _tidy(f"Booking: {what}"), "event", multi=True)]
    # "Leo started nursery last Monday": a dated event of someone named
    m = re.match(r"^" + _NAME + r"\s+(?:started|starts|begins|began|turned|turns|is turning|finished|finishes|"
                 r"graduated|graduates|moved|moves|joined|joins|has|had|is having|went|goes|visited|visits|left|"
                 r"leaves|arrives|arrived|gets|got)\b", t)
    if m and m.group("name") not in _NOT_NAMES:
        rel = ctx.names.get(m.group("name"))
        who = rel.subject if rel else f"person:{m.group('name').lower()}"
        summary = _tidy(_pronouns(_trim_np(c.dated)))
        return [_fact(c, who, f"event:{_event_head(t[m.end():])}", c.times[0].day.isoformat(), summary, "event",
                      multi=True)]
    # "And a blood test next Wednesday morning": a dated noun phrase continues a list of plans
    if re.match(r"^(?:a|an)\s+[\w-]+", t, re.IGNORECASE) and any(tr.granularity == "day" for tr in c.times) \
            and not re.search(r"\b(?:is|are|was|were|would|could|will)\b", t):
        return [_fact(c, "user", f"event:{_event_head(t)}", c.times[0].day.isoformat(),
                      _tidy(_strip_article(c.dated)), "event", multi=True)]
    if not (re.match(r"^(?:I|we|my|our)\b", t, re.IGNORECASE) or c.note):
        return []
    if any(tr.granularity == "year" for tr in c.times) and len(c.times) == 1 and not c.note \
            and not re.search(r"\b(?:in|since|from)\s+\d{4}\b", c.dated):
        return []
    if re.match(r"^(?:I|we)\s+(?:need|want|have to|must|should|will need|am trying|am going to try)\b", t,
                re.IGNORECASE):
        return []
    if re.match(r"^(?:I|we)\s+(?:did not|do not|have not|had not|was not|am not|will not|cannot)\b", t):
        return []
    dated = c.dated
    subject: str | None = None
    if re.match(r"^(?:my|our)\s+", t, re.IGNORECASE) and not re.search(r"\band (?:I|we)\b", t):
        subj = _subject(t, ctx)[0]
        if subj and subj != "user":
            subject = subj
    dated = _resolve_objects(dated, ctx)
    summary = _tidy(_third_person(dated)) if not c.note else _tidy(dated)
    head = _event_head(t)
    day = c.times[0].day.isoformat()
    return [_fact(c, subject or "user", f"event:{head}", day, summary, "event", multi=True)]


def _resolve_objects(text: str, ctx: _Context) -> str:
    """"visiting her next month" -> "visiting their sister next month" when "her" is clear from context."""
    def sub(m: re.Match[str]) -> str:
        rel = ctx.pronoun(m.group(1))
        return f"their {rel.word}" if rel else m.group(0)
    return re.sub(r"\b(him|her)\b(?=\s+(?:next|this|last|on|in|at|to|for|tomorrow|today|tonight|soon|again|every)\b"
                  r"|\s*[.,!?]|\s*$)", sub, text)


def _after(text: str, marker: str) -> str:
    i = text.find(marker)
    return text[i + len(marker):] if i >= 0 else ""


_GENERIC_PRESENT = ("drive|own|take|support|cycle|bike|walk|commute|go to|teach|study|speak|play|use|eat|drink|meet|"
                    "wear|volunteer|practise|practice|attend|run|rent|have|go|swim|train|work|sing|paint|knit|"
                    "meditate|collect|cook|bake|write|live with|care for|look after|belong to")
_GENERIC_PAST = ("joined|signed up for|signed up to|enrolled in|adopted|bought|got|started|finished|lost|gained|"
                 "switched to|moved|became|graduated|won|passed|completed|booked|ran")


def _generic(c: _Clause, ctx: _Context) -> list[Fact]:
    """First-person habits and durable states with common verbs: "I drive a Prius", "I go to the gym"."""
    t = c.text
    if re.match(r"^(?:I|we)\s+(?:(?:have|had|do|does|did|am|are)\s+)?(?:not|never|no longer)\b", t):
        return []
    m = re.match(r"^(?:I|we)\s+(?:have\s+)?(?:(?:just|already|recently|finally|also)\s+)*(?P<verb>" + _GENERIC_PAST
                 + r")\s+(?P<obj>.+)$", t, re.IGNORECASE)
    if m:
        verb, obj = m.group("verb").lower(), _trim_np(m.group("obj"))
        if not obj or re.match(r"^(?:it|that|this|them|the job|a job|some|lost|confused|back|home|up|out|"
                               r"ready|going|there|here|tired|sick|bored|used to)\b", obj, re.IGNORECASE):
            return []
        if verb in ("got", "started", "finished", "moved", "passed", "ran", "won") and not re.match(
                r"^(?:a|an|my|our|the)\s+\w+", obj, re.IGNORECASE) and verb != "got":
            return []
        if verb == "got" and not re.match(r"^(?:married|engaged|divorced|promoted|a (?:new )?(?:dog|cat|puppy|kitten|"
                                          r"car|bike|job|house|flat|apartment|promotion|degree))", obj, re.IGNORECASE):
            return []
        summary = _tidy(_third_person(c.dated))
        return [_fact(c, "user", f"{norm_key(verb)}:{_value_terms(obj, 3)}", obj, summary, "fact", multi=True)]
    m = re.match(r"^(?:I|we)\s+(?P<adv>(?:(?:usually|normally|always|often|also|still|now|currently|regularly|"
                 r"mostly|really|just|already|recently|finally)\s+)*)(?P<verb>" + _GENERIC_PRESENT + r")\s+"
                 r"(?P<obj>.+)$", t, re.IGNORECASE)
    if m:
        verb, obj = m.group("verb").lower(), m.group("obj")
        obj_np = _trim_np(obj)
        first = _strip_article(obj_np).split(" ")[0].lower() if obj_np else ""
        if not obj_np or (verb == "have" and first in _TRIVIAL_HAVE) or re.match(
                r"^(?:it|that|this|them|you|a look|help|some|any|no|nothing|something|from)\b", obj_np, re.IGNORECASE):
            return []
        if obj_np.lower().startswith("to ") and verb not in ("cycle", "bike", "walk", "commute", "drive", "go",
                                                             "run", "swim", "belong"):
            return []
        if verb == "have" and (re.match(r"^(?:to|got to|been|(?:\w+ly\s+|ever\s+|never\s+|just\s+|already\s+)*"
                                        r"(?:\w+ed|grown|known|seen|done|gone|had|made|taken|given|been|eaten)\b)",
                                        obj_np) or
                               _strip_article(obj_np).split(" ")[-1].lower() in _TRIVIAL_HAVE):
            return []
        if verb == "work" and not re.match(r"^(?:late|nights|weekends|from home|remotely|part[- ]time|"
                                           r"full[- ]time|long hours|early)\b", obj_np, re.IGNORECASE):
            return []
        if verb == "go" and not re.match(r"^(?:to|swimming|running|climbing|hiking|cycling|dancing)\b", obj_np):
            return []
        summary = _tidy(_third_person(f"I {m.group('adv')}{verb} {_trim_np(c.dated[m.start('obj'):])}"))
        vehicle = re.match(r"^(?:the\s+)?(?:train|bus|tube|subway|metro|ferry|tram)\b", obj_np)
        commute = (verb == "take" and vehicle) or (
            verb in ("cycle", "bike", "walk", "drive", "commute") and re.search(r"\bto work\b", obj_np))
        attr = "commute" if commute else f"{norm_key(verb)}:{_value_terms(obj_np, 3)}"
        return [_fact(c, "user", attr, obj_np, summary, "fact", multi=not commute)]
    m = re.match(r"^(?:I|we)\s+have\s+been\s+(?P<what>[\w\s-]+?)\s+for\s+(?P<d>(?:over\s+|about\s+|almost\s+)?\w+\s+"
                 r"(?:years?|months?|decades?))\b", t, re.IGNORECASE)
    if m and not re.match(r"^(?:trying|thinking|wondering|meaning|waiting)\b", m.group("what")):
        summary = _tidy(_third_person(m.group(0)))
        return [_fact(c, "user", f"duration:{_value_terms(m.group('what'), 2)}", m.group("d"), summary, "fact")]
    m = re.match(r"^(?:I|we)\s+want\s+to\s+(?P<goal>(?:lose|gain|learn|save|run|finish|become|get fit|quit|build|"
                 r"reach|pass|read|write)\b.+)$", t, re.IGNORECASE)
    if m:
        goal = _trim_np(c.dated[m.start("goal"):]) if c.times else _trim_np(m.group("goal"))
        goal = re.sub(r"\bmy\b", "their", goal)
        return [_fact(c, "user", f"goal:{_value_terms(m.group('goal'), 3)}", goal, f"Goal: {goal}", "fact")]
    m = re.match(r"^my\s+(?P<part>" + "|".join(_BODY) + r")\s+(?P<rest>(?:has been|is|hurts|aches|have been|are)\b.*)$",
                 t, re.IGNORECASE)
    if m:
        rest = _trim_np(m.group("rest"))
        return [_fact(c, "user", f"health:{m.group('part').lower()}", rest,
                      f"{m.group('part').capitalize()} {rest}", "fact")]
    # "Long run is up to 26k now", "Rent is now 1200": an attribute update without "my"
    m = re.match(r"^(?P<what>[A-Z][a-z]+(?:\s+[a-z]+){0,2})\s+(?:is|are)\s+"
                 r"(?P<how>now|up to|down to|now up to|now down to)"
                 r"\s+(?P<val>.+)$", t)
    if m and m.group("what").split()[0] not in _NOT_NAMES:
        what = m.group("what").lower()
        val = _trim_np(re.sub(r"\s+now$", "", m.group("val")))
        verb = "are" if what.endswith("s") and not what.endswith("ss") else "is"
        return [_fact(c, "user", norm_key(what), val, f"{_cap(what)} {verb} {m.group('how')} {val}", "fact")]
    # "account 55812", "order #123" -- identifiers the user gives for reference
    m = re.search(r"\b(?:my\s+)?(?P<what>account|customer|membership|member|policy|booking|reservation|ticket|case|"
                  r"loyalty card)(?:\s+(?:number|no\.?|id|#))?\s*(?:is\s+)?[:#]?\s*(?P<id>[A-Z0-9][A-Z0-9-]{3,})\b", t,
                  re.IGNORECASE)
    if m and any(ch.isdigit() for ch in m.group("id")):
        what = m.group("what").lower()
        return [_fact(c, "user", f"{norm_key(what)}_number", m.group("id"), f"{_cap(what)} number is {m.group('id')}",
                      "fact")]
    return []


# -- summaries and episodes ----------------------------------------------------------------------------

_FILLER = re.compile(r"^(?:thanks?|thank you|ok|okay|sure|great|cool|perfect|sounds good|got it|noted|yes|no|"
                     r"yeah|hi|hello|hey|bye|good|nice|wonderful|lovely|ha|haha|of course|you're welcome)\b[\s!.,]*",
                     re.IGNORECASE)


@dataclass(frozen=True, slots=True)
class SummaryDraft:
    """An extractive running summary: one headline and a few dated lines."""

    headline: str
    lines: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class EpisodeDraft:
    """One episode: what the user wanted, what was done, how it ended."""

    goal: str
    actions: tuple[str, ...]
    outcome: str
    status: Literal["success", "failure", "unknown"]
    lesson: str | None


def _sentence_score(sentence: str, role: str, extractor: OfflineExtractor, ev: Event) -> float:
    text = sentence.strip()
    if _FILLER.fullmatch(text) or len(index_terms(text)) < 3:
        return 0.0
    score = min(len(set(index_terms(text))), 12) / 4.0
    score += 0.7 * len(re.findall(r"(?<!^)(?<![.!?]\s)\b[A-Z][a-z]+", text))
    score += 0.8 * len(re.findall(r"\d", text)) ** 0.5
    if role == "user":
        probe = Event(id=ev.id, agent=ev.agent, actor=ev.actor, session=ev.session, seq=ev.seq, role="user",
                      content=text, at=ev.at)
        score += 3.0 * len([f for f in extractor.facts([probe]) if not f.retract])
        score *= 1.3
    if text.endswith("?"):
        score *= 0.7
    return score


def summarize(events: Sequence[Event], prior: Sequence[str] = (), *, max_lines: int = 6,
              extractor: OfflineExtractor | None = None) -> SummaryDraft:
    """Pick the most informative sentences of the session (user facts first), dated and speaker-tagged.

    ``prior`` lines (the previous running summary) compete with the new ones, slightly discounted, so the
    summary stays short while the session grows.
    """
    ex = extractor or OfflineExtractor()
    scored: list[tuple[float, int, str]] = []
    order = 0
    for line in prior:
        line = line.strip().lstrip("- ").strip()
        if line:
            scored.append((0.85 * _sentence_score(re.sub(r"^\[[^\]]*\]\s*\w+:\s*", "", line), "prior", ex,
                                                  _DUMMY), order, line))
            order += 1
    for ev in events:
        if ev.role not in ("user", "assistant") or not ev.content or ev.tool_calls:
            continue
        for s in split_sentences(ev.content):
            sc = _sentence_score(s, ev.role, ex, ev)
            if sc <= 0:
                continue
            dated, _ = timeref.rewrite(s, ev.at)
            tag = "User" if ev.role == "user" else "Assistant"
            scored.append((sc, order, f"[{ev.at.date().isoformat()}] {tag}: {dated}"))
            order += 1
    chosen: list[tuple[float, int, str]] = []
    for sc, i, line in sorted(scored, key=lambda x: (-x[0], x[1])):
        if len(chosen) >= max_lines:
            break
        if any(similarity(line, c[2]) > 0.6 for c in chosen):
            continue
        chosen.append((sc, i, line))
    chosen.sort(key=lambda x: x[1])
    lines = tuple(line for _, _, line in chosen)
    if not lines:
        return SummaryDraft("", ())
    best = max(chosen, key=lambda x: x[0])[2]
    headline = re.sub(r"^\[[^\]]*\]\s*", "", best)
    if len(headline) > 160:
        headline = headline[:157].rstrip() + "..."
    return SummaryDraft(headline, lines)


_DUMMY = Event(id="", agent="", actor=None, session=None, seq=0, role="user", content="",
               at=datetime(2000, 1, 1))
_FAIL = re.compile(r"\b(?:error|failed|failure|unable|could not|couldn't|cannot|can't|sorry|unfortunately|"
                   r"not possible|not available|no results|timed out|denied|rejected|declined)\b", re.IGNORECASE)
_SUCCESS = re.compile(r"\b(?:done|booked|confirmed|completed|sent|scheduled|created|updated|fixed|resolved|"
                      r"here (?:is|are)|added|saved|ordered|paid|refunded|cancelled|canceled|noted)\b",
                      re.IGNORECASE)


_REQUEST = re.compile(r"\?|\b(?:can you|could you|would you|please|help|i need|i want|i'd like|i would like|"
                      r"looking for|how do i|how can i|book|find|recommend|suggest|remind|explain|fix)\b",
                      re.IGNORECASE)


def _goal(events: Sequence[Event]) -> str | None:
    """The user's first request of the batch, else their first substantive sentence."""
    first = None
    for ev in events:
        if ev.role != "user" or not ev.content:
            continue
        for s in split_sentences(ev.content):
            s = s.strip()
            if _FILLER.fullmatch(s) or len(index_terms(s)) < 2:
                continue
            if _REQUEST.search(s):
                return s
            first = first or s
    return first


def episode(events: Sequence[Event], prior_goal: str | None = None) -> EpisodeDraft | None:
    """The episode of a session so far: the user's first real request, the tools used, the last answer."""
    goal = prior_goal
    actions: list[str] = []
    outcome = ""
    failed = False
    if goal is None:
        goal = _goal(events)
    for ev in events:
        for tc in ev.tool_calls:
            if tc.name not in actions:
                actions.append(tc.name)
        if ev.role == "tool" and ev.content and _FAIL.search(ev.content[:300]):
            failed = True
        if ev.role == "assistant" and ev.content and not ev.tool_calls:
            sents = [s for s in split_sentences(ev.content) if not _FILLER.fullmatch(s.strip())]
            if sents:
                outcome = " ".join(sents[:2])
    if goal is None:
        return None
    status: Literal["success", "failure", "unknown"] = "unknown"
    if outcome:
        if _FAIL.search(outcome) or (failed and not _SUCCESS.search(outcome)):
            status = "failure"
        elif _SUCCESS.search(outcome) or actions:
            status = "success"
    lesson = None
    goal_short = _trim_np(goal) if len(goal) > 120 else goal.rstrip("?.! ")
    if status == "failure":
        lesson = f"Did not work: {goal_short}" + (f" (tried {', '.join(actions)})" if actions else "") + \
            f": {outcome[:160]}"
    elif status == "success" and actions:
        lesson = f"Worked for \"{goal_short}\": {' -> '.join(actions)}"
    if len(outcome) > 300:
        outcome = outcome[:297].rstrip() + "..."
    return EpisodeDraft(goal=goal, actions=tuple(actions), outcome=outcome, status=status, lesson=lesson)
