"""Text helpers for the offline rules: contractions, sentences and clauses, noun phrases, third person.

Pure string functions; no rule lives here. A record line is written in the third person ("I am flying to
X" -> "Flying to X", "my" -> "their"), which is what :func:`third_person` and :func:`pronouns` do.
"""

from __future__ import annotations

import re

from ..core.roles import ROLES
from ..core.text import NATIONALITIES, STOP_WORDS, key_terms
from ..core.timeref import WEEKDAYS
from .lexicon import (
    ACTIVITIES,
    ACTIVITY_NOUN_ING,
    CAR_MAKES,
    JOB_HEADS,
    LANGS,
    MARKERS,
    NOT_NAMES,
    NOTE_PREFIX,
    PETS,
    REGION_COMMA,
    REL_ADJ,
    REL_RE,
    SESSIONS_RE,
    TITLES,
    TRAILING,
    words,
)

_CONTRACTIONS = [
    (r"\bI['’]m\b", "I am"), (r"\bI['’]ve\b", "I have"), (r"\bI['’]ll\b", "I will"), (r"\bI['’]d\b", "I would"),
    (r"\bwe['’]re\b", "we are"), (r"\bwe['’]ve\b", "we have"), (r"\bwe['’]ll\b", "we will"),
    (r"\bwe['’]d\b", "we would"), (r"\bthey['’]re\b", "they are"), (r"\bthey['’]ve\b", "they have"),
    (r"\byou['’]re\b", "you are"),
    (r"\b(he|she|it|that|there|what|who)['’]s\b", r"\1 is"), (r"\bcan['’]t\b", "cannot"), (r"\bwon['’]t\b", "will not"),
    (r"\bdon['’]t\b", "do not"), (r"\bdoesn['’]t\b", "does not"), (r"\bdidn['’]t\b", "did not"),
    (r"\bisn['’]t\b", "is not"), (r"\baren['’]t\b", "are not"), (r"\bwasn['’]t\b", "was not"),
    (r"\bweren['’]t\b", "were not"), (r"\bhaven['’]t\b", "have not"), (r"\bhasn['’]t\b", "has not"),
    (r"\bhadn['’]t\b", "had not"), (r"\bwouldn['’]t\b", "would not"), (r"\bshouldn['’]t\b", "should not"),
    (r"\bcouldn['’]t\b", "could not"), (r"\blet['’]s\b", "let us"), (r"\bgonna\b", "going to"),
    (r"\bwanna\b", "want to"), (r"\bfavorite\b", "favourite"), (r"\bfavorites\b", "favourites"),
    (r"\bfave?\b", "favourite"), (r"\bfave?s\b", "favourites"),
    # "my partner's called Thiago": the verb, not a possessive, before "called" / "named"
    (r"\b((?:my|our|his|her|their)\s+\w+(?:\s+\w+)?)['’]s\s+(called|named)\b", r"\1 is \2"),
    # "my sister's in Napier", "my brother's a nurse now": the verb, before a place or what someone is ("at my mum's
    # in Galway" is her place: a possessive after "at", "to", "from", "by")
    (r"(?<!\bat )(?<!\bto )(?<!\bfrom )(?<!\bby )\b((?:my|our)\s+(?:" + REL_RE + r"))['’]s\s+"
     r"(?=(?:in|at|from|based|living|now|still|a|an|back|off|moving|"
     r"going|getting|doing|working|studying)\b)", r"\1 is "),
]
_CONTRACTIONS_RE = [(re.compile(p, re.IGNORECASE), r) for p, r in _CONTRACTIONS]
_CASUAL = [(re.compile(r"(?<![\w'’])im(?=\s)"), "I am"), (re.compile(r"(?<![\w'’])ive(?=\s)"), "I have"),
           (re.compile(r"(?<![\w'’])i(?=\s|'|’)"), "I"),
           (re.compile(r"(?<!\bhave )(?<![\w'’])I been\b"), "I have been"),  # "i been a driver 11 years"
           (re.compile(r"(?<![\w'’])dont(?=\s)"), "do not"),
           (re.compile(r"(?<![\w'’])cant(?=\s)"), "cannot"), (re.compile(r"(?<![\w'’])didnt(?=\s)"), "did not"),
           (re.compile(r"(?<![\w'’])doesnt(?=\s)"), "does not"), (re.compile(r"(?<![\w'’])wont(?=\s)"), "will not"),
           (re.compile(r"(?<![\w'’])theyre(?=\s)"), "they are"), (re.compile(r"(?<![\w'’])thats(?=\s)"), "that is")]


def expand(text: str) -> str:
    """Contractions expanded ("I'm" -> "I am"), curly quotes straightened, US "favorite" spelled once."""
    s = text.replace("’", "'")
    for pat, casual in _CASUAL:
        s = pat.sub(casual, s)
    for pat, rep in _CONTRACTIONS_RE:
        s = pat.sub(rep, s)
    return s


# a title before a name is no end of a sentence: "my employer Mrs. Chan wants", "Dr. Selin Kaya"
_TITLES = "".join(rf"(?<!\b{t}\.)" for t in TITLES)


# How much of one message the rules read at a time (a guard against patterns that do more than linear work on
# one long run of text; the patterns themselves are bounded too). Whitespace runs longer than 3 are one space
# (or one or two line breaks), a "word" (no whitespace) is read up to MAX_WORD characters, and a sentence
# longer than MAX_SENTENCE is read in pieces of at most that size, cut at a space. Ordinary prose is unchanged:
# no word of it is 100 characters long, no sentence 1,000; a long message is still read whole, sentence by
# sentence. Only runs no person writes (a pasted blob, a key, a 100,000-character line) are cut or shortened.
MAX_WORD = 100
MAX_SENTENCE = 1000
_LONG_SPACE = re.compile(r"\s{4,}")
_LONG_WORD = re.compile(rf"(?<!\S)(\S{{{MAX_WORD}}})\S+")


def _space(m: re.Match[str]) -> str:
    lines = m.group().count("\n")
    return "\n\n" if lines > 1 else "\n" if lines else " "


def bounded(text: str) -> str:
    """``text`` as the rules read it: whitespace runs longer than 3 made one space (or one or two line breaks,
    as they held), words longer than :data:`MAX_WORD` characters cut to that. Ordinary text is returned as is."""
    if len(text) < MAX_WORD:
        return text
    return _LONG_WORD.sub(r"\1", _LONG_SPACE.sub(_space, text))


def _pieces(sentence: str) -> list[str]:
    """``sentence`` in pieces of at most :data:`MAX_SENTENCE` characters, cut at the last space before the limit
    (anywhere when there is none); a sentence of ordinary length is one piece."""
    out = []
    while len(sentence) > MAX_SENTENCE:
        cut = sentence.rfind(" ", MAX_SENTENCE // 2, MAX_SENTENCE)
        cut = cut if cut > 0 else MAX_SENTENCE
        out.append(sentence[:cut].strip())
        sentence = sentence[cut:].strip()
    return [*out, sentence] if sentence else out


def split_sentences(text: str) -> list[str]:
    """Sentences, keeping their end mark (a question keeps its ``?``); a chat writer's next sentence may start
    in lower case. A sentence longer than :data:`MAX_SENTENCE` characters comes in pieces (:func:`_pieces`)."""
    out = []
    for block in re.split(r"\n+", text):
        # a lower-case start counts after a word of 3+ letters ("a menace. our cat died", "Mei. and"), not "etc."
        # (an initial is no end: "A. R. Rahman"; nor is a title)
        for s in re.split(r"(?<=[.!?])(?<!\b[A-Z]\.)" + _TITLES + r"\s+(?=[\"'(\[]?[A-Z0-9])"
                          r"|(?<!etc\.)(?<!approx\.)(?:(?<=[A-Za-z][a-z]{2}[.!?])|(?<=\bty[.!?])|(?<=\bok[.!?]))\s+"
                          r"(?=[a-z])", block.strip()):
            s = s.strip()
            if len(s) > MAX_SENTENCE:
                out += _pieces(s)
            elif s:
                out.append(s)
    return out


# what a person other than the speaker does, said after "and" without its subject
_THIRD_VERBS = "goes|lives|works|attends|plays|studies|teaches|drives|coaches|trains"
_FIRST_VERBS = "work|live|drive|speak|play|teach|study|go|coach|train|volunteer"
# a change said after a comma without its subject: "my sister left Oslo, moved to Rome" (hers, not the user's)
_PAST_VERBS = "switched|moved|joined|started|bought|sold|took up|picked up|got|landed"
_CLAUSE_SPLIT = re.compile(
    # a second statement announced by "also", "btw", "plus" or a dash: "I live in Malmo, also my daughter is ...",
    # "karate is my sport - and Jurgen is my boss"
    r"(?:,|\s+[\u2013\u2014-]+)\s*(?:and\s+|oh\s+and\s+|oh\s+)?(?:also|btw|by the way|plus)\s+"
    r"|\s+[\u2013\u2014-]+\s+(?:and\s+)?(?=(?:I|we|my|our|[A-Z][\w'\u2019-]+\s+(?:is|are|goes|and I)|"
    + _PAST_VERBS + r")\b)"  # "I switched jobs — joined Flipkart last Monday"
    # a habit's slot after its news: "I found a choir here, rehearsals are on Thursday evenings"
    r"|,\s+(?=(?:the\s+)?(?:[\w-]+\s+)?(?:" + SESSIONS_RE + r")\s+(?:is|are)\s+(?:on|every|now|(?i:"
    + "|".join(WEEKDAYS) + r")s?)\b)"
    # a new holder after the old one's news: "my contract with Mrs. Chan finished, new employer is the Leungs"
    r"|,\s+(?=(?:my\s+|our\s+)?new\s+[\w-]+(?:\s+[\w-]+)?\s+(?:is|are)\b)"
    r"|\s*;\s*|\s*,?\s+(?:(?:oh|ah|um|uh)\s+)?(?=(?:but|so|and|because|though|although|whereas|while)\s+(?:(?:now|then)\s+)?"
    r"(?:I(?!\s+(?:are|were)\b)|we|my|"
    r"he|she|they|please|let us)\b)(?:but|so|and|because|though|although|whereas|while)\s+"
    r"|,\s+(?:but|so|because|though|although|plus|and)\s+"
    r"|\s+because\s+(?=(?:the|a|an|it|its|their|his|her|our|they|there)\b)"  # a reason is a clause of its own
    r"|,\s+as\s+(?=(?:I|we)\b)"  # "..., as I am coeliac and ..." (not "since": often when, not why)
    # a plan after a comma is a thought of its own, not a hedge on what came before: "I crochet on layovers,
    # thinking of making gifts" (an adverb still qualifies it: "I live in Rome, probably")
    r"|,\s+(?=(?:(?:and|so)\s+)?(?:thinking|considering|planning|hoping|dreaming|wondering)\b)"
    # a hedge that opens a clause with its own subject hedges that clause, not the one before: "I am allergic to
    # latex, maybe the new gloves are different", "my sister lives in Sevilla, maybe I go there"
    r"|,\s+(?=(?:maybe|perhaps|probably|possibly|hopefully)\s+(?:I|we|you|he|she|they|it|the|my|our|this|that)\b)"
    r"|,\s+(?=(?:I|we|my|he|she|they|please|can|could|would|will|do|does|is|are|any|what|how|why|where|when|"
    r"who|which|if|in case|just|let us|no more|living in|currently living|starting|joining|"
    + _PAST_VERBS + r")\b)"
    r"|,\s+(?=(?:the|my|our)\s+[\w-]+\s+(?:changed|cancel(?:l)?ed|closed|decided|said|told|moved|switched)\b)"
    r"|\s+(?=if (?:I|we|you|that|it)\b)"
    r"|,?\s+and\s+(?=(?:joined|started (?:(?:full|part)[- ]time )?at|started a new|bought)\b)"
    r"|,?\s+and\s+(?:now|then|since then|these days)\s+(?=(?:I|we)\b)"
    r"|,?\s+(?:and|but)\s+(?=(?:" + _THIRD_VERBS + r"|" + _FIRST_VERBS + r")\s+(?:at|in|for|as|a|an|the|my|our|to)\b)"
    r"|(?:,\s+(?:and\s+)?|\s+and\s+)(?=[A-Z][a-z]+\s+(?:is|loves|likes|hates|has|wants|prefers|enjoys|adores|does|"
    r"eats|drinks|lives|works|goes|attends)\b)",
)


def split_clauses(sentence: str) -> list[str]:
    """Clauses of one (contraction-expanded) sentence: split where a new subject or connective starts."""
    parts = [p.strip(" ,") for p in _CLAUSE_SPLIT.split(sentence) if p and p.strip(" ,")]
    return parts


_ONE_NAMED = r"[A-ZÀ-ÖØ-Þ][\w'’-]*(?:\s*\([^()]{0,20}\))?"  # a name, with an age or a note in brackets
_NAMES_LISTED = re.compile(_ONE_NAMED + r"(?:(?:,\s*(?:and\s+)?|\s+and\s+)" + _ONE_NAMED + r")+\s*$")


def strip_markers(clause: str) -> tuple[str, bool]:
    """Remove leading discourse markers ("Actually,", "Big news:"); report a "note for me:" prefix."""
    c = clause.strip()
    note = False
    m = NOTE_PREFIX.match(c)
    if m:
        c, note = c[m.end():], True
    # "Update from my allergist: ..." / "Small change: ..." -- a short lead-in before a colon.
    m2 = re.match(r"^([^:]{1,40}):\s+(?=\S)", c)
    if m2 and _NAMES_LISTED.match(c[m2.end():]) and re.match(r"(?i)(?:I|we|my|our)\b", m2.group(1)):
        c = m2.group(1) + ", " + c[m2.end():]  # "we have two kids: Ada and Leon" lists names, it is no lead-in
    elif m2 and len(m2.group(1).split()) <= 5 and "@" not in m2.group(1):
        lead = m2.group(1).lower()
        if re.match(r"^(note|reminder|remind me|memo)\b", lead):
            note = True
        c = c[m2.end():]
    prev = None
    while prev != c:
        prev = c
        c = MARKERS.sub("", c).strip()
    return c.strip(), note


def trim_np(text: str) -> str:
    """A noun phrase cut at the first clause boundary (not a title's dot, "Dr. Kaya", nor an initial's,
    "J. K. Rowling"), trailing fillers removed."""
    kept = REGION_COMMA.sub(lambda m: m.group(1) + "\x00", text)  # "in Kilimani, Nairobi" is one place
    t = re.split(r"\s*(?:[,;!?]|\.(?![\w])(?<!\b[A-Z]\.)" + _TITLES + r"|\s-\s|"
                 r"\bbut\b|\bbecause\b|\bso that\b|\bso\b|\bwhen\b|\bif\b|\bwhich\b|"
                 r"\band I\b|\band we\b|\band my\b|\band the\b|\band it\b|\band that\b)\s*", kept, maxsplit=1)[0]
    t = t.replace("\x00", ",")
    prev = None
    while prev != t:
        prev = t
        t = TRAILING.sub("", t).strip()
    return t.strip()


def strip_article(np: str) -> str:
    return re.sub(r"^(?:a lot of|lots of|plenty of|the|a|an|my|our|some|any)\s+", "", np.strip(),
                  flags=re.IGNORECASE)


def third_person(clause: str, subject_display: str | None = None) -> str:
    """Rewrite a first-person clause as a record line: "I am flying to X" -> "Flying to X"."""
    s = clause.strip().rstrip(".!?").strip()
    s = re.sub(r"^(?:my|our)\s+(?=[a-z])", "", s, flags=re.IGNORECASE)
    s = re.sub(r"^(?:we)\b", "we", s, flags=re.IGNORECASE)
    s = re.sub(r"^(?:I|we)\s+(?:am|are)\s+(?=\w+ing\b)", "", s)
    rules = [(r"^(?:I|we) am\b", "is"), (r"^we are\s+", ""), (r"^I have\b", "has"), (r"^we have\b", "has"),
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
        s = m.group(1) + conjugate(m.group(2)) + s[m.end():] if m else re.sub(r"^we\s+", "", s)
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
                   "bought", "began", "came", "saw", "told", "said", "felt", "kept", "put", "set", "ran", "gave",
                   "became", "drove", "wrote", "grew", "chose", "flew", "spoke", "broke", "ate", "fell", "knew",
                   "threw", "wore", "won", "swam", "sang", "rode", "traded", "retrained"})


def conjugate(verb: str) -> str:
    v = verb.lower()
    if v in _NO_S or v in IRREGULAR_PAST or v.endswith("ed"):
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


def value_terms(text: str, n: int = 3) -> str:
    ts = [t for t in key_terms(text) if not t.isdigit()][:n] or key_terms(text)[:n]
    return "_".join(ts)


def cap(s: str) -> str:
    return s[:1].upper() + s[1:] if s else s


ADJ_ED = words("""tired excited interested worried bored scared confused stressed based located supposed
    surprised annoyed amazed pleased disappointed overwhelmed exhausted obsessed""")
IRREGULAR_PAST = words("""got went left sold quit lost took made bought began came saw met won ran passed
    finished accepted started switched moved joined signed booked found spent became""")


def elliptical_lower(text: str) -> str:
    return text[:1].upper() + text[1:] if text[:1].islower() and re.match(r"^\w+ing\b", text) else text


def elliptical(text: str) -> str:
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
    text = elliptical_lower(text)
    m = re.match(r"^([A-Za-z][a-z]+)\b", text)
    if not m:
        return text
    w = m.group(1).lower()
    if (w in IRREGULAR_PAST or (w.endswith("ed") and len(w) > 4 and w not in ADJ_ED)) and len(text.split()) > 1:
        return "I " + w + text[m.end():]
    if w.endswith("ing") and re.match(r"^\w+ing\s+(?:my|our|the|a|an|to|for|with|in)\b", text) and w not in (
            "nothing", "something", "anything", "everything", "thing", "morning", "evening", "king", "spring"):
        return "I am " + w + text[m.end():]
    return text


_OWNED = r"(?:(?i:my|our)\s+[a-z]+(?:\s+[A-Z][\w'’-]+)?)"
_GAPPED = re.compile(r"^(?P<s>" + _OWNED + r")\s+(?P<p>in|at|for|with|to)\s+(?=[A-Z])")


def gapped(clause: str, previous: str) -> str:
    """A clause whose verb or subject is left out because the clause before says it: "my mum lives in Cork and my
    dad in Dublin" -> "my dad lives in Dublin", "my son Kacper is 12 and goes to St Patrick's" -> "my son Kacper
    goes to St Patrick's"; any other clause unchanged."""
    who = re.match(r"^(?:" + _OWNED + r"|(?!I\b|We\b)[A-Z][\w'’-]+)(?=\s)", previous)  # someone other than the user
    if who and re.match(r"^(?:" + _THIRD_VERBS + r"|" + _PAST_VERBS + r")\b", clause):  # "... and goes to St Patrick's"
        return f"{who.group(0)} {clause}"
    if who and re.match(r"^(?:starting|joining|moving)\b", clause):  # "my sister left Oslo, starting at Google"
        return f"{who.group(0)} is {clause}"
    if re.match(r"^(?:" + _FIRST_VERBS + r")\b", clause) and re.match(r"^(?:I|we)\s", previous):
        return f"{previous.split()[0]} {clause}"  # "I live in Leeds and work at Arup"
    m = _GAPPED.match(clause)
    if m is None:
        return clause
    v = re.match(r"^" + _OWNED + r"\s+(?P<v>(?:[a-z]+\s+){0,2}?[a-z]+)\s+" + m.group("p") + r"\s", previous)
    return f"{m.group('s')} {v.group('v')} {clause[len(m.group('s')) + 1:]}" if v else clause


def last_object(text: str) -> str | None:
    """The thing a clause talks about, for resolving a later "it": "add yoga on Wednesdays" -> "yoga"."""
    t = re.sub(r"\b(?:on|every|at|in|by|next|this|last)\s+\w+days?\b", "", text)
    t = TRAILING.sub("", t.rstrip("?.! ")).strip()
    m = re.search(r"\b(?:add|try|do|doing|started|start|stopped|quit|play|playing|love|like|enjoy|about|for|"
                  r"with|to|of|into|listening to|watching|reading|eating|drinking)\s+(?P<np>[^,]+)$", t,
                  re.IGNORECASE)
    if not m:
        return None
    np = strip_article(trim_np(m.group("np")))
    np = re.sub(r"^(?:a lot of|lots of|some|more|the|a|an)\s+", "", np, flags=re.IGNORECASE)
    if not np or np.lower() in ("it", "that", "this", "them", "me", "you") or len(np.split()) > 5:
        return None
    return np


def cap_words(np: str) -> str:
    """"greenway animal hospital" -> "Greenway Animal Hospital"; leaves "the hospital" alone."""
    np = trim_np(np)
    if np[:1].isupper() or re.match(r"^(?:the|a|an)\s", np):
        return np
    return " ".join(w.capitalize() for w in np.split())


def strip_prep(when: str) -> str:
    return re.sub(r"^(?:on|in|at|around)\s+", "", when)


def pronouns(s: str) -> str:
    """First-person words inside a record line, said from the outside: "put me on" -> "put the user on"."""
    s = re.sub(r"\b(?:my|our)\b", "their", s)
    s = re.sub(r"\b(?:me|us)\b", "the user", s)
    return re.sub(r"\bI\b", "the user", s)


def tidy(s: str) -> str:
    s = re.sub(r"\s+", " ", s).strip().rstrip(",;:!.")
    s = re.sub(r",\s+(?:help|can you|could you|would you|will you|any|what|how|please|thanks|thank you|so|but|if|"
               r"ugh|lol)\b.*$", "", s, flags=re.IGNORECASE)
    s = re.sub(r",?\s+(?:ugh|lol|haha|yay|phew|argh|hooray|honestly|funnily enough|by the way)$", "", s,
               flags=re.IGNORECASE)
    return cap(s)


def after(text: str, marker: str) -> str:
    i = text.find(marker)
    return text[i + len(marker):] if i >= 0 else ""


def article(np: str) -> str:
    return "an" if np[:1].lower() in "aeiou" else "a"


def drives(car: str) -> str:
    """The summary of the user's car: "Drives a Golf", "Drives an Octavia"."""
    return f"Drives {article(car)} {car}"


# "Marek, my boyfriend, is ...", "a poem for Marek, my boyfriend", "toys for Ludo, our new guinea pig?"
_APPOSITIVE = re.compile(r"(?:^|(?<=\s))(?P<name>[A-Z][a-zà-ÿ'’-]+),\s+(?P<my>[Mm]y|[Oo]ur)\s+" + REL_ADJ + r"(?P<rel>"
                         + REL_RE + r")(?:,\s+|\s*(?=[.!?]*$))")


# "our youngest, Theo, just started at ..."
_APPOSITIVE_AFTER = re.compile(r"(?:^|(?<=\s))(?P<my>[Mm]y|[Oo]ur)\s+(?P<rel>" + REL_RE
                               + r"),\s+(?P<name>[A-Z][a-zà-ÿ'’-]+),\s+")
_NAME_IS = re.compile(r"\b([Mm]y|[Oo]ur)\s+(" + REL_RE + r")['’]s\s+name\s+is\s+([A-Z][\w'’-]+)")
# "my husband is Piotr" (the whole statement): a name, not a note about the spouse memory already knows by name
# (only the roles one has one of and no rule of their own reads: "Manager is Kim", "Partner is Zoë", "Landlord
# is Berglund" are read as they are)
_SPOUSES = [w for w, role in ROLES.items() if role in ("spouse", "dating", "engaged")] + ["fiancé", "fiancée"]
_REL_IS = re.compile(r"^([Mm]y|[Oo]ur)\s+(" + "|".join(_SPOUSES) + r")\s+is\s+([A-Z][\w'’-]+)"
                     r"(\s+(?:now|these days))?\s*[.!]*$")


# "otis (our guinea pig) keeps chewing cables", "Rafael (new supervisor) is nicer": a person or pet named first
_BRACKETED = re.compile(r"(?:^|(?<=\s))(?P<name>[A-Za-zÀ-ÿ][\w'’-]*)\s*\(\s*(?:(?P<my>[Mm]y|[Oo]ur)\s+)?"
                        r"(?P<adj>(?:new|current)\s+)?(?P<rel>" + REL_RE + r")\s*\)")
# "we've got a gecko, chester": the pet's name after a comma, ending the sentence
_PET_THEN_NAME = re.compile(r"\b(?:got|have|has|adopted)\s+(?:a|an)\s+(?:new\s+)?(?:" + "|".join(PETS)
                            + r")(?P<comma>\s*,\s*)(?P<name>[A-Za-zÀ-ÿ][\w'’-]+)\s*[.!]*$")


def appositive(sentence: str) -> str:
    """"Rosa, my sister, lives in Quito" and "my sister, Rosa, lives in Quito" -> "my sister Rosa lives in Quito":
    the shape the rules read (also inside a sentence: "walking Rex, my dog, takes forever"); "my partner's name is
    Zoe" and "my husband is Piotr" -> "my partner is called Zoe", "my husband is called Piotr"."""
    sentence = _NAME_IS.sub(lambda n: f"{n.group(1)} {n.group(2)} is called {n.group(3)}", sentence)
    rel = _REL_IS.match(sentence)
    if rel and rel.group(3) not in NOT_NAMES | NATIONALITIES:
        sentence = f"{rel.group(1)} {rel.group(2)} is called {rel.group(3)}{rel.group(4) or ''}"
    b = _BRACKETED.search(sentence)
    if b and cap(b.group("name")) not in NOT_NAMES and b.group("name").lower() not in STOP_WORDS:
        sentence = (sentence[:b.start()] + f"{(b.group('my') or 'my').lower()} {b.group('adj') or ''}{b.group('rel')} "
                    f"{cap(b.group('name'))}" + sentence[b.end():])
    p = _PET_THEN_NAME.search(sentence)
    if p and cap(p.group("name")) not in NOT_NAMES and p.group("name").lower() not in STOP_WORDS:
        sentence = sentence[:p.start("comma")] + f" named {cap(p.group('name'))}" + sentence[p.end("name"):]
    m = _APPOSITIVE.search(sentence) or _APPOSITIVE_AFTER.search(sentence)
    if not m or m.group("name") in NOT_NAMES:
        return sentence
    my = m.group("my").lower() if m.start() else m.group("my")
    return sentence[:m.start()] + f"{my} {m.group('rel')} {m.group('name')} " + sentence[m.end():]


def with_make(text: str, model: str, right: str) -> str:
    """How ``text`` names ``model``, its car make included when the value replacing it names a make of its own:
    "Drives a Volvo XC40" put right to "Honda Activa" replaces "Volvo XC40", not "XC40" alone."""
    m = re.search(r"(?<![\w-])(?P<make>[\w-]+)\s+" + re.escape(model) + r"(?![\w-])", text, re.IGNORECASE)
    if m and right and {m.group("make").lower(), right.split()[0].lower()} <= CAR_MAKES:
        return m.group(0)
    return model


def cap_langs(words: str) -> str:
    """``words`` with each language capitalised ("spanish class" -> "Spanish class", "english teacher")."""
    return " ".join(w.capitalize() if w.lower() in LANGS else w for w in words.split())


def is_activity(obj: str) -> bool:
    """Whether a taste's object is a pastime ("rowing", "rock climbing", "the guitar", "salsa dancing")."""
    ws = [w.lower() for w in re.findall(r"[A-Za-z][\w-]*", obj)]
    if not ws or len(ws) > 4:
        return False
    if any(w in ACTIVITIES for w in ws) or " ".join(ws[:2]) in ACTIVITIES:
        return True
    return ws[0].endswith("ing") and len(ws[0]) >= 6 and ws[0] not in ACTIVITY_NOUN_ING


# "my cousin in São Paulo? She lives there.", "a bake sale at Riverside Elementary? My son goes there."
_PLACE_SAID = re.compile(r"\b(?:in|at|to|from|near|around)\s+(?:the\s+)?(?P<place>[A-ZÀ-Þ][\w'’.-]*"
                         r"(?:\s+(?:[A-ZÀ-Þ][\w'’.-]*|de|da|do|del|la|le|upon|on|of))*)"
                         r"|\bfor\s+(?:the\s+)?(?P<school>(?:[A-ZÀ-Þ][\w'’.-]*\s+){1,3}(?:School|Academy|Primary|"
                         r"Elementary|College|University|High|Nursery|Kindergarten))\b")
_THERE = re.compile(r"\b(?P<verb>live|lives|lived|living|go|goes|went|study|studies|work|works|worked|teach|teaches|"
                    r"is based|are based|stay|stays)\s+there\b", re.IGNORECASE)
# "it's every Tuesday" / "it is on Thursdays" after a sentence naming a class, a practice, a club ...
_HABIT_IT = re.compile(r"^(?:it|that)(?:'s|’s|\s+is)(?=\s+(?:every|each|on)\s+"
                       r"(?:mon|tues|wednes|thurs|fri|satur|sun)day)", re.IGNORECASE)
_HABIT_NAMED = re.compile(r"\b(?:[\w-]+\s+){0,2}?(?:" + SESSIONS_RE + r"|therapy)\b", re.IGNORECASE)
_MY_JOB = re.compile(r"^(?:that|it)(?:'s|’s|\s+is|\s+was)\s+(?:my\s+(?:job|profession|line of work)|what I do"
                     r"(?:\s+for\s+(?:a\s+living|work))?)\b", re.IGNORECASE)
_A_JOB = re.compile(r"\b(?:a|an)\s+(?:[a-z]+\s+)?(?:" + "|".join(sorted(JOB_HEADS, key=len, reverse=True)) + r")\b",
                    re.IGNORECASE)
_SPEAK_IT = re.compile(r"\b(?P<v>speak|speaks|spoke|use|practise|practice)\s+it\b", re.IGNORECASE)


def named_before(sentence: str, before: str) -> str:
    """``sentence`` with "there" and "it" naming what ``before`` (what the message said before it) named last:
    "She lives there." after "my cousin in São Paulo?" is "She lives in São Paulo."; "I speak it alongside
    Hindi" after "keeping my Telugu sharp?" is "I speak Telugu alongside Hindi". Unchanged when nothing
    before names one."""
    mine = _MY_JOB.match(sentence)
    jobs = list(_A_JOB.finditer(before))
    if mine and jobs:  # "podcasts for a radiographer? that's my job"
        return f"I work as {jobs[-1].group(0)}."
    it = _SPEAK_IT.search(sentence)
    langs = [w for w in re.findall(r"[A-Za-z]+", before) if w.lower() in LANGS]
    if it and langs:
        sentence = sentence[:it.start()] + f"{it.group('v')} {cap(langs[-1].lower())}" + sentence[it.end():]
    habit = _HABIT_IT.match(sentence)
    named = list(_HABIT_NAMED.finditer(before))
    if habit and named:  # "what should I bring to bell-ringing practice? it's every tuesday after work"
        words = named[-1].group(0).split()
        while len(words) > 1 and (words[0].lower() in STOP_WORDS or words[0].lower() in ("bring", "take", "get")):
            words.pop(0)  # "bring to bell-ringing practice": the practice
        sentence = f"{' '.join(words)} is" + sentence[habit.end():]
    m = _THERE.search(sentence)
    places = [(p.group("place") or p.group("school")).rstrip(".") for p in _PLACE_SAID.finditer(before)]
    places = [p for p in places if p.split()[0] not in NOT_NAMES]
    if not m or not places:
        return sentence
    verb = m.group("verb").lower()
    prep = "to" if verb.startswith(("go", "went")) else "at" if verb.startswith(("work", "stud", "teach")) else "in"
    return sentence[:m.start()] + f"{m.group('verb')} {prep} {places[-1]}" + sentence[m.end():]

