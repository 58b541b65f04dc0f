"""Text analysis shared by every backend: tokens, light stemming, stop words, token counts. Pure.

Both backends index the *output* of :func:`index_terms` (a tuple of normalised terms, stored space-separated), so
SQLite FTS5 and PostgreSQL tsvector match the same documents, and BM25 is computed once here.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from functools import lru_cache

_WORD = re.compile(r"[^\W_]+(?:['’][^\W_]+)*", re.UNICODE)

# words for where someone is from: capitalised like names, never a name ("Wife is Italian")
NATIONALITIES = frozenset((
    "American", "Argentinian", "Australian", "Austrian", "Belgian", "Brazilian", "British", "Bulgarian", "Canadian",
    "Chilean", "Chinese", "Colombian", "Croatian", "Cuban", "Czech", "Danish", "Dutch", "Egyptian", "English",
    "Estonian", "Ethiopian", "Filipino", "Finnish", "French", "German", "Ghanaian", "Greek", "Hungarian",
    "Icelandic", "Indian", "Indonesian", "Iranian", "Irish", "Israeli", "Italian", "Jamaican", "Japanese", "Kenyan",
    "Korean", "Latvian", "Lebanese", "Lithuanian", "Malaysian", "Mexican", "Moroccan", "Nigerian", "Norwegian",
    "Pakistani", "Peruvian", "Polish", "Portuguese", "Romanian", "Russian", "Scottish", "Serbian", "Singaporean",
    "Slovak", "Slovenian", "Spanish", "Swedish", "Swiss", "Taiwanese", "Thai", "Turkish", "Ukrainian", "Venezuelan",
    "Vietnamese", "Welsh",
))
STOP_WORDS = frozenset((
    "a", "about", "above", "after", "again", "against", "all", "am", "an", "and", "any", "are", "aren't", "as",
    "at", "be", "because", "been", "before", "being", "below", "between", "both", "but", "by", "can", "can't",
    "cannot", "could", "couldn't", "did", "didn't", "do", "does", "doesn't", "doing", "don't", "down", "during",
    "each", "few", "for", "from", "further", "had", "hadn't", "has", "hasn't", "have", "haven't", "having", "he",
    "he'd", "he'll", "he's", "her", "here", "here's", "hers", "herself", "him", "himself", "his", "how", "how's",
    "i", "i'd", "i'll", "i'm", "i've", "if", "in", "into", "is", "isn't", "it", "it's", "its", "itself", "let's",
    "me", "more", "most", "mustn't", "my", "myself", "no", "nor", "not", "of", "off", "on", "once", "only", "or",
    "other", "ought", "our", "ours", "ourselves", "out", "over", "own", "same", "shan't", "she", "she'd", "she'll",
    "she's", "should", "shouldn't", "so", "some", "such", "than", "that", "that's", "the", "their", "theirs",
    "them", "themselves", "then", "there", "there's", "these", "they", "they'd", "they'll", "they're", "they've",
    "this", "those", "through", "to", "too", "under", "until", "up", "very", "was", "wasn't", "we", "we'd", "we'll",
    "we're", "we've", "were", "weren't", "what", "what's", "when", "when's", "where", "where's", "which", "while",
    "who", "who's", "whom", "why", "why's", "with", "won't", "would", "wouldn't", "you", "you'd", "you'll",
    "you're", "you've", "your", "yours", "yourself", "yourselves", "also", "just", "get", "got", "would", "like",
    "really", "yeah", "yes", "oh", "ok", "okay", "did", "does", "s", "t",
))

_DERIVED = ("ational", "ization", "fulness", "ousness", "iveness", "ements", "ement", "ments", "ment")


# common irregular forms, each to its plain form before stemming ("went" meets "go", "bought" meets "buy"); words
# whose form is also another common word ("left", "saw", "felt", "found", "lay") are left out
_IRREGULAR = {form: plain for plain, forms in (
    ("go", "went gone goes"), ("come", "came"), ("buy", "bought"), ("bring", "brought"), ("catch", "caught"),
    ("teach", "taught"), ("think", "thought"), ("see", "seen"), ("meet", "met"), ("run", "ran"),
    ("eat", "ate eaten"), ("drink", "drank drunk"), ("drive", "drove driven"), ("write", "wrote written"),
    ("take", "took taken"), ("give", "gave given"), ("make", "made"), ("keep", "kept"), ("sleep", "slept"),
    ("spend", "spent"), ("send", "sent"), ("build", "built"), ("begin", "began begun"), ("sing", "sang sung"),
    ("swim", "swam swum"), ("fly", "flew flown"), ("grow", "grew grown"), ("know", "knew known"),
    ("throw", "threw thrown"), ("choose", "chose chosen"), ("speak", "spoke spoken"), ("break", "broke broken"),
    ("wear", "wore worn"), ("tell", "told"), ("sell", "sold"), ("hold", "held"), ("hear", "heard"), ("pay", "paid"),
    ("say", "said"), ("become", "became"), ("forget", "forgot forgotten"), ("win", "won"), ("lose", "lost"),
    ("child", "children"), ("person", "people"), ("man", "men"), ("woman", "women"), ("foot", "feet"),
    ("tooth", "teeth"), ("mouse", "mice"),
) for form in forms.split()}


# British spellings meet American ones (people and models write both): "colour", "favourite", "neighbourhood" ->
# "-or-"; "organise", "analyse" -> "-ize", "-yze"; "centre", "fibre" -> "-er"
_SPELLING = ((re.compile(r"our(?=(?:s|ed|ing|ite|ites|ful|able|hood|hoods|er|ers)?$)"), "or"),
             (re.compile(r"(?<=[^aeiou])is(?=(?:e|es|ed|ing|ation|ations|er|ers)$)"), "iz"),
             (re.compile(r"ys(?=(?:e|es|ed|ing)$)"), "yz"),
             (re.compile(r"([tb])re(?=s?$)"), r"\1er"))


# letters that carry no combining mark to strip (NFKD leaves them whole): spelt as a reader of Latin script would
_LETTERS = str.maketrans({"Ø": "O", "Æ": "Ae", "Œ": "Oe", "Þ": "Th", "Ð": "D", "Ł": "L", "Đ": "D", "ø": "o",
                          "æ": "ae", "œ": "oe", "þ": "th", "ð": "d", "ł": "l", "đ": "d", "ß": "ss", "ı": "i"})


def plain_letters(text: str) -> str:
    """``text`` without diacritics, case kept: "Łatka" -> "Latka", "Ørsted" -> "Orsted", "Åsa" -> "Asa"; letters
    of other scripts stay as they are ("Дмитрий"), so a name is the same name whichever way it was typed."""
    if text.isascii():
        return text
    text = unicodedata.normalize("NFKD", text.translate(_LETTERS))
    return "".join(c for c in text if not unicodedata.combining(c))


def _fold(text: str) -> str:
    return plain_letters(text).lower()


#: The version of :func:`index_terms`. Stores keep the version their term lists were made with and re-derive
#: them all when it changes (``Memory.open``), so a query's terms and the stored ones always come from one
#: analyser. 2: the forms of a word meet ("lives"/"living", "class"/"classes", "married"/"marry", "went"/"go"),
#: and British and American spellings ("favourite"/"favorite"). 3: Chinese, Japanese and Korean, written
#: without spaces between words, are indexed by their characters and pairs of characters (:func:`_cjk_terms`).
ANALYZER = "3"

# scripts written without spaces between words (Han, kana, Hangul): a run of them is no word
_CJK = re.compile(r"[\u1100-\u11ff\u3040-\u30ff\u3130-\u318f\u31f0-\u31ff\u3400-\u4dbf\u4e00-\u9fff"
                  r"\uac00-\ud7af\uf900-\ufaff\U00020000-\U0002ffff]+")


@lru_cache(maxsize=1 << 16)  # a pure function of the word, and words repeat: indexing spends half its time here
def stem(word: str) -> str:
    """A light, deterministic suffix stripper, so the forms of one word meet: "live", "lives", "living" and
    "lived" all give "liv"; "class" and "classes" give "class"; "married" and "marry" give "marry"; "went"
    and "go" give "go" (common irregular forms are looked up first); "colour" and "color", "organise" and
    "organize", "centre" and "center", "travelled" and "traveled" meet.

    Derivational endings (-ment, -ization, ...) first; then a plural or third person -s (not of -ss, -us,
    -is: "class", "bus", "tennis"); then -ing / -ed (a doubled consonant undone: "running" -> "run") or -ly
    after a longer base ("weekly" -> "week"; not "family", "early", "apply"); last a silent final -e
    ("live" -> "liv"), so a verb and its -ing / -ed forms agree. Keeps stems >= 3 characters."""
    word = _IRREGULAR.get(word, word)
    if len(word) <= 3 or word.isdigit():
        return word
    for pattern, american in _SPELLING:
        word = pattern.sub(american, word)
    for suf in _DERIVED:
        if word.endswith(suf) and len(word) - len(suf) >= 3:
            return word[: -len(suf)]
    w = word
    if w.endswith("ies") and len(w) > 4:
        w = w[:-3] + "y"
    elif w.endswith(("sses", "ches", "shes", "xes", "zes")):
        w = w[:-2]
    elif w.endswith("s") and not w.endswith(("ss", "us", "is")):
        w = w[:-1]
    if w.endswith("ied") and len(w) > 4:
        return w[:-3] + "y"
    if w.endswith("eed") and len(w) > 5:
        w = w[:-1]
    else:
        for suf in ("ingly", "edly", "ing", "ed"):
            if w.endswith(suf) and len(w) - len(suf) >= 3:
                w = w[: -len(suf)]
                if (len(w) > 3 and w[-1] == w[-2] and w[-1] not in "lsz") or (len(w) >= 6 and w.endswith("ell")):
                    w = w[:-1]  # "running" -> "run"; British "travelled", "cancelling" -> "travel", "cancel"
                break
        else:
            if w.endswith("ly") and len(w) >= 6 and w[-3] != "i" and w[-3] != w[-4]:
                w = w[:-2]
    if len(w) > 3 and w.endswith("e") and w[-2] != "e":
        w = w[:-1]
    return w


def words(text: str) -> list[str]:
    """Lower-cased, accent-folded words, apostrophes kept inside a word."""
    return [w.replace("’", "'") for w in _WORD.findall(_fold(text))]


def _terms(text: str, stemmer: Callable[[str], str]) -> list[str]:
    out = []
    for w in words(text):
        if w.endswith("'s"):
            w = w[:-2]
        if w in STOP_WORDS or not w:
            continue
        out.append(stemmer(w.replace("'", "")))
    return [t for t in out if t]


def index_terms(text: str) -> list[str]:
    """Terms to index a document by (the search analyser, :data:`ANALYZER`): stemmed words without stop words;
    ``'s`` possessives dropped; runs of Chinese, Japanese or Korean characters as their characters and pairs."""
    terms = _terms(text, stem)
    if text.isascii():
        return terms
    return [g for t in terms for g in (_cjk_terms(t) if _CJK.search(t) else (t,))]


def _cjk_terms(term: str) -> list[str]:
    """A term holding a run of Han, kana or Hangul, which are written without spaces between words: each
    character and each pair of neighbours of the run (what a search for "猫" or "咪咪" in "她有一只猫叫咪咪" must
    meet, with no dictionary to find the words), and whatever else the term holds as it is ("iphone")."""
    term = unicodedata.normalize("NFC", term)  # Hangul syllables, which the accent folding took apart
    out: list[str] = []
    pos = 0
    for m in _CJK.finditer(term):
        if m.start() > pos:
            out.append(term[pos:m.start()])
        run = m.group()
        out += list(run) + [run[i:i + 2] for i in range(len(run) - 1)]
        pos = m.end()
    if pos < len(term):
        out.append(term[pos:])
    return out


def key_terms(text: str) -> list[str]:
    """Terms as analyser 1 made them, frozen: what extraction and consolidation build record keys from and
    compare. Keys are stored (``Record.fact_key``) and a restatement must meet its record's key, so their
    normaliser never changes; the search analyser may, since stores re-derive its terms. Stable too for the
    hashing embedder, which promises the same vector on every run."""
    return _terms(text, key_stem)


_KEY_SUFFIXES = ("ational", "ization", "fulness", "ousness", "iveness", "ements", "ement", "ments", "ment",
                 "ings", "ing", "edly", "ed", "ies", "ly", "es", "s")


@lru_cache(maxsize=1 << 16)
def key_stem(word: str) -> str:
    """Analyser 1's suffix stripper, kept as it was (see :func:`key_terms`)."""
    if len(word) <= 3 or word.isdigit():
        return word
    for suf in _KEY_SUFFIXES:
        if word.endswith(suf) and len(word) - len(suf) >= 3:
            base = word[: -len(suf)]
            if suf == "ies":
                return base + "y"
            if suf in ("es",) and not base.endswith(("s", "x", "z", "ch", "sh")):
                return word[:-1] if not word.endswith("ss") else word
            if suf in ("ing", "ed", "edly") and len(base) > 3 and base[-1] == base[-2] and base[-1] not in "lsz":
                base = base[:-1]
            return base
    return word


# idioms whose words mean something else in a question: "what does she do for a living?" asks about work, not
# where anyone lives (both "living" and "lives" stem to "liv")
_QUERY_IDIOMS = ((re.compile(r"\b(?:for|make|makes|making|earn|earns|earning)\s+a\s+living\b", re.IGNORECASE),
                  "for work"),)


def query_terms(text: str, *, max_terms: int = 32) -> list[str]:
    """Distinct terms of a natural-language query, in order. Never FTS syntax: plain word tokens only."""
    for idiom, meant in _QUERY_IDIOMS:
        text = idiom.sub(meant, text)
    seen: dict[str, None] = {}
    for t in index_terms(text):
        seen.setdefault(t, None)
        if len(seen) >= max_terms:
            break
    return list(seen)


def count_tokens(text: str) -> int:
    """An offline token estimate close to BPE tokenizers on English: words, numbers and punctuation.

    Long words count as several tokens (~4 characters each), as cl100k-style tokenizers split them.
    """
    n = 0
    for piece in re.findall(r"\w+|[^\w\s]", text):
        n += max(1, (len(piece) + 3) // 4) if piece[0].isalnum() or piece[0] == "_" else 1
    return n


def chunks(text: str, *, size: int = 800, overlap: int = 100) -> list[str]:
    """Split long text into overlapping character windows on whitespace, for indexing tool results."""
    if len(text) <= size:
        return [text]
    out: list[str] = []
    start = 0
    while start < len(text):
        end = min(len(text), start + size)
        if end < len(text):
            cut = text.rfind(" ", start + size // 2, end)
            end = cut if cut > 0 else end
        out.append(text[start:end].strip())
        if end >= len(text):
            break
        start = max(end - overlap, start + 1)
    return [c for c in out if c]


# -- query analysis ---------------------------------------------------------------------------------------

_MONTHS = {m: i + 1 for i, m in enumerate((
    "january", "february", "march", "april", "may", "june", "july", "august", "september", "october", "november",
    "december"))}
_MONTHS.update({m[:3]: i for m, i in list(_MONTHS.items())})
_MONTHS["sept"] = 9
_MON = r"(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|" \
       r"oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)"
_DAY = r"(\d{1,2})(?:st|nd|rd|th)?"
_YEAR = r"((?:19|20)\d\d)"
_DATE_PATTERNS = (
    ("ymd", re.compile(rf"\b{_YEAR}-(\d{{1,2}})-(\d{{1,2}})\b")),
    ("dmy", re.compile(rf"\b{_DAY}(?:\s+of)?\s+{_MON}\.?,?\s+{_YEAR}\b", re.I)),
    ("mdy", re.compile(rf"\b{_MON}\.?\s+{_DAY},?\s+{_YEAR}\b", re.I)),
    ("my", re.compile(rf"\b{_MON}\.?,?\s+(?:of\s+)?{_YEAR}\b", re.I)),
    ("y", re.compile(rf"\b{_YEAR}\b")),
)
_RELATIVE = re.compile(r"\b(yesterday|today|tonight|last\s+(?:night|week|weekend|month|year)|"
                       r"this\s+(?:week|month|year)|(\d+|a|one|two|three|four|five|six)\s+(day|week|month|year)s?\s+ago)\b",
                       re.I)
_NUMBERS = {"a": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6}
_ASKS_WHEN = re.compile(r"^\W*(?:when\b|since when\b|what\s+(?:date|day|year|month|time)\b|how\s+long\s+ago\b|"
                        r"(?:in\s+)?which\s+(?:year|month|day)\b)", re.I)

#: Index terms (as :func:`index_terms` writes them) that place something in time. ("may" and "evening",
#: whose stem is "even", are left out: as terms they mostly mean something else.)
TEMPORAL_TERMS = frozenset(index_terms(
    "yesterday today tonight tomorrow ago last next week weekend month year day morning afternoon night "
    "earlier later recently soon since monday tuesday wednesday thursday friday saturday sunday january february "
    "march april june july august september october november december weeks months years days"))


def is_temporal(term: str) -> bool:
    """Whether an index term places something in time: a word of :data:`TEMPORAL_TERMS` or a year."""
    return term in TEMPORAL_TERMS or (len(term) == 4 and term.isdigit() and term[:2] in ("19", "20"))


def has_temporal(terms: Iterable[str]) -> bool:
    """Whether any of these index terms places something in time (see :func:`is_temporal`)."""
    terms = terms if isinstance(terms, (set, frozenset)) else set(terms)
    return not TEMPORAL_TERMS.isdisjoint(terms) or any(is_temporal(t) for t in terms if len(t) == 4)


@dataclass(frozen=True, slots=True)
class QueryAnalysis:
    """What ranking reads from a natural-language query: its terms, the periods it names, its intent."""

    terms: tuple[str, ...]
    periods: tuple[tuple[datetime, datetime], ...] = ()  # [start, end) of each day/month/year it names
    asks_when: bool = False  # "when did …", "what year …": text that places things in time is wanted
    speaker: str | None = None  # "user" for "what did I say …", "assistant" for "what did you suggest …"
    personal: bool = True  # it refers to someone ("my", "she", "the customer"); False: a question about the world
    owned: bool = False  # it asks after the person's own things ("anything I can't have?"), not how to do something
    now: bool = False  # it asks how things stand now ("who is my employer at the moment?"): what was said last wins


def _month_end(year: int, month: int) -> datetime:
    return datetime(year + month // 12, month % 12 + 1, 1, tzinfo=UTC)


def time_periods(text: str, now: datetime) -> list[tuple[datetime, datetime]]:
    """The calendar periods a text names: ISO and written dates, "May 2023", years, and a few relative
    expressions ("yesterday", "last week", "3 days ago") read against ``now``. Each is [start, end) in UTC."""
    out: list[tuple[datetime, datetime]] = []
    taken: list[tuple[int, int]] = []

    def free(m: re.Match[str]) -> bool:
        return all(m.end() <= a or m.start() >= b for a, b in taken)

    for kind, pattern in _DATE_PATTERNS:
        for m in pattern.finditer(text):
            if not free(m):
                continue
            g = m.groups()
            try:
                if kind == "ymd":
                    start = datetime(int(g[0]), int(g[1]), int(g[2]), tzinfo=UTC)
                    end = start + timedelta(days=1)
                elif kind == "dmy":
                    start = datetime(int(g[2]), _MONTHS[g[1].lower()], int(g[0]), tzinfo=UTC)
                    end = start + timedelta(days=1)
                elif kind == "mdy":
                    start = datetime(int(g[2]), _MONTHS[g[0].lower()], int(g[1]), tzinfo=UTC)
                    end = start + timedelta(days=1)
                elif kind == "my":
                    month = _MONTHS[g[0].lower()]
                    start, end = datetime(int(g[1]), month, 1, tzinfo=UTC), _month_end(int(g[1]), month)
                else:
                    start, end = datetime(int(g[0]), 1, 1, tzinfo=UTC), datetime(int(g[0]) + 1, 1, 1, tzinfo=UTC)
            except (ValueError, KeyError):  # "31 February": not a date
                continue
            taken.append((m.start(), m.end()))
            out.append((start, end))
    now = now.astimezone(UTC)
    today = datetime(now.year, now.month, now.day, tzinfo=UTC)
    for m in _RELATIVE.finditer(text):
        word = m.group(1).lower().split()
        if word[0] in ("today", "tonight"):
            out.append((today, today + timedelta(days=1)))
        elif word[0] == "yesterday" or word[-1] == "night":
            out.append((today - timedelta(days=1), today))
        elif word[0] in ("last", "this"):
            span = {"week": 7, "weekend": 7, "month": 31, "year": 366}[word[1]]
            back = span if word[0] == "last" else 0
            start = today - timedelta(days=back + (today.weekday() if span == 7 else 0))
            out.append((start, start + timedelta(days=span)) if word[0] == "last" else (start, now))
        else:
            n = int(m.group(2)) if m.group(2).isdigit() else _NUMBERS[m.group(2).lower()]
            days = n * {"day": 1, "week": 7, "month": 30, "year": 365}[m.group(3).lower()]
            mid = today - timedelta(days=days)
            slack = timedelta(days=max(1, days // 7))
            out.append((mid - slack, mid + timedelta(days=1) + slack))
    return out


_FIRST_PERSON = frozenset(("i", "i'm", "i've", "i'd", "me", "my", "mine", "myself", "we", "we're", "our", "us"))
_SECOND_PERSON = frozenset(("you", "you're", "you've", "your", "yours", "yourself"))


_THIRD_PERSON = frozenset(("he", "he's", "him", "his", "himself", "she", "she's", "her", "hers", "herself",
                           "they", "they're", "them", "their", "theirs", "themselves"))
# who a memory is about, named by role: "what pet does the customer have", "any weddings in the family?"
_PERSON_NOUNS = frozenset(("user", "customer", "client", "patient", "member", "guest", "caller", "person", "people",
                           "someone", "somebody", "anyone", "anybody", "family", "kid", "kids", "child", "children"))
_PERSON_WORDS = _FIRST_PERSON | _SECOND_PERSON | _THIRD_PERSON | _PERSON_NOUNS


_OWNERS = re.compile(r"\b(\w[\w-]*)['’]s\b")  # "Priya's", "Zoë's"
# a name as the one who does what a question asks about: "What does Hamish farm?", "Where did Aroha grow up?"
# (not after "is": "Which city is Lagos near?" asks where a thing is)
_ACTOR = re.compile(r"\b(?i:does|did|do|has|had|can|could|will|would)\s+([A-Z][^\W\d_A-Z]+)\s+[a-z]")


def refers_to_someone(text: str) -> bool:
    """Whether a query speaks of a person (a pronoun, a role such as "the customer", a name as an owner:
    "When is Priya's thesis defence?", or as the one a question asks about: "What does Hamish farm?", "Does
    Zeynep have siblings?"): a memory is about someone, and a question about no one ("What is the Chandrasekhar
    limit?") is asked of the world. A bare name is not read (a capitalised word is as often a thing of the
    world: "Mid-Atlantic Ridge"); a name owning something, or doing something, is most often a person, and the
    records about a person seldom hold their name, so it is no keyword evidence (reworded3 tune: "What is Zoë's
    line of work?" and "What does Hamish farm?" came back empty). Named things of the world read as people too
    ("Why does Venus rotate backwards?"): that only lowers the meaning a memory must hold (see ``fusion``)."""
    said = {re.sub(r"'s$", "", w) for w in re.findall(r"[a-z']+", text.lower().replace("’", "'"))}
    return (bool(said & _PERSON_WORDS) or any(m.group(1)[0].isupper() for m in _OWNERS.finditer(text))
            or _ACTOR.search(text) is not None)


# "I" only as written ("i" is a word of other languages: "i cani"); the rest in any case
_PRONOUNS = re.compile(r"\b(?:I['’]m|I['’]ve|I['’]d|I|(?i:" + "|".join(
    w.replace("'", "['’]") for w in sorted(_FIRST_PERSON | _SECOND_PERSON | _THIRD_PERSON, key=len, reverse=True)
    if not w.startswith("i")) + r"))\b")


def without_person(query: str) -> str:
    """The query with its personal pronouns left out, for embedding it against records.

    A record states what is true of its subject without naming them ("Has a cat named Miso", "Lives in an
    apartment in Sodermalm"); a question names them ("what pet does she have?", "do they have a holiday home").
    To a small embedder the pronoun is part of the meaning, so records that happen to speak of someone
    ("Executive assistant is Kevin, cc him") came nearer than the answer. The query's terms, its analysis and
    what is shown are unchanged; a query of pronouns alone is kept as it is."""
    kept = re.sub(r"\s+", " ", _PRONOUNS.sub(" ", query)).strip()
    return kept if re.search(r"\w", kept) else query


# how to do something, asked in the first person: a question about the world, not about what the person has
_HOW_TO = re.compile(r"^\s*how (?:do|does|can|could|should|would|to)\b|\b(?:should|shall) (?:i|we)\b"
                     r"|\b(?:do|does) (?:i|we) need\b|\bhow to\b")


def asks_after_owner(text: str) -> bool:
    """Whether a query asks after the things of the person a memory is about: it names them in the first or
    third person or by role ("anything I can't have at dinner?", "which sport is she into?", "what does the
    customer drive?"), and is not a how-to ("How do I file a VAT return?", "When should I plant shallots?").
    "you" alone does not count: "how do you compute a determinant" is about the world."""
    lowered = text.lower().replace("’", "'")
    said = {re.sub(r"'s$", "", w) for w in re.findall(r"[a-z']+", lowered)}
    return bool(said & (_FIRST_PERSON | _THIRD_PERSON | _PERSON_NOUNS)) and not _HOW_TO.search(lowered)


# asking the assistant to recall is no question about its words: "do you remember what I said …"
_RECALL_ASK = re.compile(r"^\s*(?:(?:can|could|would|will) you\s+)?(?:please\s+)?(?:remind me(?: of)?|tell me)\b"
                         r"|^\s*(?:what\s+)?(?:do|did|can|could) you\s+(?:remember|recall|know)\b")
# who did what is asked after: "I" or "we" are subjects wherever they stand; "you" is one after an auxiliary of
# the past ("did you warn me") or before a verb in the past ("the sentence you gave me"); else it is an object
# ("what did my sister tell you?") or asks for help now ("what should you leave out for me?": the user's wishes)
_SUBJECT = re.compile(r"\b(?P<self>i|we)\b|\b(?:did|have|had|were)\s+you\b|\byou\s+"
                      r"(?:\w+ed|said|gave|told|sent|wrote|made|put|got|found|came|showed|thought|meant|chose|drew|did|"
                      r"went|ran|took|brought)\b")


def asked_of(text: str) -> str | None:
    """Whose words a question asks about in a user/assistant chat: the user's when it speaks of itself
    ("what did I say …", "my budget"), the assistant's when it speaks of "you" alone; when it speaks of both,
    whoever is the subject of its first clause ("which course did you point me to?": the assistant's; "what did
    I tell you?": the user's); else None."""
    lowered = _RECALL_ASK.sub("", text.lower().replace("’", "'"))
    found = set(re.findall(r"[a-z']+", lowered))
    first, second = bool(found & _FIRST_PERSON), bool(found & _SECOND_PERSON)
    if first and second and (m := _SUBJECT.search(lowered)) is not None:
        return "user" if m.group("self") else "assistant"
    if first and not second:
        return "user"
    if second and not first:
        return "assistant"
    return None


# how things stand now, said outright ("which gym do I go to now?", "what's my current rating?", "which city was it
# in, in the end?"), or a question in the first person with no mark of the past ("what running watch do I use?")
_NOW = re.compile(r"\b(?:now|nowadays|currently|current|these days|at the moment|at present|latest|most recent|still|"
                  r"any ?more|in the end|ended up|end up)\b")
_PAST = re.compile(r"\b(?:did|was|were|had|used to|ago|first|originally|before|last time|\w+ed)\b")


def asks_now(text: str) -> bool:
    """Whether a query asks how things stand now, so that of two tellings of a fact that changed the later one is
    wanted: it says so ("now", "currently", "these days", "in the end"), or it is the person's own question about
    themselves in the present ("am I in a relationship?", "when does my writing group meet?"). A question in the
    past ("what did I say about the budget?", "when did Caroline go to the support group?") or about someone else
    in the present (a story's people, whose facts are told once and asked about as they were told) is not."""
    lowered = re.sub(r"\bUS\b", "", text).lower().replace("’", "'")  # "in the US" speaks of no one
    if _NOW.search(lowered):
        return True
    said = set(re.findall(r"[a-z']+", lowered))
    return bool(said & _FIRST_PERSON) and not _PAST.search(lowered)


_SENTENCE_END = re.compile(r"(?<=[.!?])[\"'”’)\]]*\s+")  # a closing quote or bracket stays with its sentence
_CLOSERS = "\"'”’)]"


def question_share(text: str) -> float:
    """The share of a message's index terms that sit in its questions (sentences ending in "?", a closing
    quote or bracket aside): 1 for "Can you give me a timeline for the wedding?", 0.5 or so for "Nice! What
    did you paint?". A question states nothing, so what a message holds only as a question is seldom the
    evidence a question to memory wants (LoCoMo tune split: a quarter of the top-10 slots went to turns
    holding a question, which were the evidence a third as often as the others)."""
    total = asked = 0
    sentences = [s for s in _SENTENCE_END.split(text.strip()) if s]
    questions = [s.rstrip().rstrip(_CLOSERS).endswith("?") for s in sentences]
    for sentence, question in zip(sentences, questions, strict=True):
        n = len(index_terms(sentence))
        total += n
        asked += n if question else 0
    if not total:  # "Why? And when?": no terms, so the sentences decide
        return 1.0 if sentences and all(questions) else 0.0
    return asked / total


def analyze_query(text: str, now: datetime) -> QueryAnalysis:
    """Terms, named periods, the "when" intent and the speaker asked about (see :class:`QueryAnalysis`)."""
    return QueryAnalysis(terms=tuple(query_terms(text)), periods=tuple(time_periods(text, now)),
                         asks_when=bool(_ASKS_WHEN.match(text)), speaker=asked_of(text),
                         personal=refers_to_someone(text), owned=asks_after_owner(text), now=asks_now(text))
