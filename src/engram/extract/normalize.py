"""Chat writing read as the rules expect it: one normalisation of a user message before the rules read it. Pure.

People write "im moving w/ my bf rn lol", "dont", "u", "tbh", "&", emoji, "!!!" and "sooo". The rules were
written for "I'm moving with my boyfriend right now". :func:`message` rewrites the informal forms into the
standard ones the rules already read, and keeps, for each character it writes, the span of the message it
came from, so :meth:`Normalized.original` gives back the user's own words for any quote of the rewritten text
(a record's evidence stays what the user wrote; the stored event is never changed).

It is conservative. Only lower-case informal tokens from the lists below are rewritten (a capitalised word,
a name or a value is never touched); a token with two readings is rewritten only where its context settles
it ("were moving" -> "we're moving" but "were you there", "its my birthday" but "its tail", "ill be late"
but "im ill"); "well", "us", "wed", "shed", "hell", "lets" and "jk" are left as they are. A message written all in
lower case is kept in lower case until :func:`engram.extract.spans.truecase` has restored its names, then
"i" is written "I", so every reader after this one sees standard English.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass, replace

from ..core.text import STOP_WORDS
from . import midfix
from .base import Fact
from .lexicon import ACTIVITIES, CAR_MAKES, DIETS, FAMILY, JOB_HEADS, LANGS, PETS, words
from .spans import truecase

# Contractions written without their apostrophe that are no other word.
_APOSTROPHE = {w.replace("'", ""): w for w in words("""i'm i've don't doesn't didn't can't won't isn't aren't wasn't
    weren't haven't hasn't hadn't wouldn't shouldn't couldn't mustn't needn't you're they're we've they've
    you've you'll they'll you'd they'd that's what's there's here's who's where's how's he's she's it'll
    that'll would've could've should've might've must've y'all""")}
# The speaker's own contractions, written out in lower case so spans.truecase sees the verb its slots look for
# ("i am at siemens", "i have been at arup"); text.expand writes out the others after truecase. "i'm" only
# before a preposition: truecase reads a word closing "am X" as a name ("i am vegan" -> "Vegan").
_SPEAKER = {"i've": "i have", "i'll": "i will", "i'd": "i would", "we're": "we are", "we've": "we have"}
_AM_BEFORE = words("at with for in from on near by outside based")
# Chat spellings and abbreviations with one reading, and what they stand for.
_SHORT = {
    "u": "you", "ya'll": "y'all", "bc": "because", "b/c": "because", "bcuz": "because", "becuz": "because",
    "bcoz": "because", "bcos": "because", "cuz": "because", "coz": "because", "tbh": "honestly",
    "tbf": "honestly", "ngl": "honestly", "imo": "in my opinion", "imho": "in my opinion", "idk": "not sure",
    "dunno": "don't know", "rn": "now", "atm": "now", "tmrw": "tomorrow", "tmr": "tomorrow",
    "tmrow": "tomorrow", "2moro": "tomorrow", "2morrow": "tomorrow", "tomoz": "tomorrow", "tonite": "tonight",
    "2nite": "tonight", "yday": "yesterday", "wknd": "weekend", "wkend": "weekend", "b4": "before",
    "w/": "with", "w/o": "without", "abt": "about", "thru": "through", "tho": "though", "altho": "although",
    "ppl": "people", "smth": "something", "sth": "something", "bday": "birthday", "b-day": "birthday",
    "appt": "appointment", "mgr": "manager", "bf": "boyfriend", "gf": "girlfriend", "hubby": "husband",
    "hubs": "husband", "wifey": "wife", "fam": "family", "bff": "best friend", "bestie": "best friend",
    "roomie": "roommate", "kiddo": "kid", "doggo": "dog", "pupper": "puppy", "gonna": "going to",
    "wanna": "want to", "gotta": "have to", "hafta": "have to", "kinda": "kind of", "sorta": "sort of",
    "lemme": "let me", "gimme": "give me", "outta": "out of", "lotta": "lot of", "tryna": "trying to",
    "prolly": "probably", "probs": "probably", "defo": "definitely", "deffo": "definitely", "pls": "please",
    "plz": "please", "thx": "thanks", "thnx": "thanks", "thanx": "thanks", "yup": "yep", "yea": "yeah",
    "nah": "nope", "naw": "nope", "omg": "oh", "omfg": "oh", "alot": "a lot", "everytime": "every time",
    "nite": "night", "luv": "love", "wat": "what", "wut": "what", "gud": "good", "lil": "little",
    "yrs": "years", "hrs": "hours", "mins": "minutes", "wks": "weeks", "mos": "months", "rly": "really",
    "srsly": "seriously", "def": "definitely", "ofc": "of course", "cya": "bye",
    "okie": "ok", "okey": "ok", "kk": "ok", "ppl's": "people's", "n": "and", "r": "are", "ur": "your",
    "bro": "brother", "sis": "sister", "nana": "grandma", "granny": "grandma", "gramps": "grandpa",
    "grandad": "grandpa", "pup": "puppy", "kitty": "cat",
}
_DAYS = {"mon": "monday", "tue": "tuesday", "tues": "tuesday", "weds": "wednesday", "wed": "wednesday",
         "thu": "thursday", "thur": "thursday", "thurs": "thursday", "fri": "friday", "sat": "saturday",
         "sun": "sunday"}
# Typos of common words (never a name): the misspelling and the word.
_TYPOS = {
    "teh": "the", "hte": "the", "adn": "and", "nad": "and", "taht": "that", "thier": "their", "recieve": "receive",
    "recieved": "received", "definately": "definitely", "definatly": "definitely", "definitly": "definitely",
    "becuase": "because", "becasue": "because", "beacuse": "because", "freind": "friend", "freinds": "friends",
    "wierd": "weird", "untill": "until", "beleive": "believe", "seperate": "separate", "tommorow": "tomorrow",
    "tomorow": "tomorrow", "tommorrow": "tomorrow", "goign": "going", "jsut": "just", "waht": "what",
    "knwo": "know", "konw": "know", "ahve": "have", "hvae": "have", "realy": "really", "finaly": "finally",
    "actualy": "actually", "probaly": "probably", "probabaly": "probably", "sitll": "still", "frist": "first",
    "daugher": "daughter", "daugther": "daughter", "daughther": "daughter", "neice": "niece",
    "collegue": "colleague", "colleage": "colleague", "girlfreind": "girlfriend", "boyfreind": "boyfriend",
    "brohter": "brother", "borther": "brother", "sistr": "sister", "mnager": "manager", "managr": "manager",
    "wrok": "work", "owrk": "work", "wokr": "work", "lvie": "live", "liev": "live", "moevd": "moved",
    "mvoed": "moved", "becaus": "because", "whihc": "which", "wich": "which", "thsi": "this", "tihs": "this",
    "yuor": "your", "youre": "you're", "tehy": "they", "theyre": "they're", "alraedy": "already",
    "aready": "already", "togehter": "together", "togther": "together", "wiht": "with",
    "abotu": "about", "baout": "about", "eveyr": "every", "evrey": "every", "evry": "every", "nwo": "now",
}
# Dropped g: "goin" -> "going" (a list: "Berlin", "Dublin" end in "in" too).
_G_DROPPED = words("""doin goin nothin somethin anythin tryin lookin movin workin livin gettin startin thinkin
    talkin runnin comin havin makin takin sayin feelin playin plannin stayin hopin leavin drivin seein""")
_LAUGH = r"(?:(?:lo)+l(?:z|s)?|lo+l|lma+o+|lmfao+|rofl|ha(?:ha)+h?|he(?:he)+|a?ha(?:ha)+|xd+|kek)"
_EMOTICON = r"(?:(?<![:/])[:;=][-'^]?[)(\]\[dDpP/\\|*3oO]+(?=\s|$|[.!?,])|<3+|</3|\^_*\^|:'\()"
_EMOJI_CATEGORIES = frozenset({"So", "Sk"})
_WORD = re.compile(r"(?<![\w'’&-])[A-Za-z][A-Za-z0-9'’-]*(?![\w'’])")
# a word can follow "ur" when it means "you're": "ur the best", "ur so kind", "ur moving"
_YOURE_NEXT = words("""a an the so too very really right welcome not being going always never gonna amazing awesome
    great kind sweet lucky funny joking kidding crazy wrong sure""")
# what follows "were" when it is "we're": "were moving", "were getting married", "were expecting"
_WERE_NEXT = words("""moving going getting expecting engaged married together based living staying having planning
    trying thinking looking hoping leaving starting buying selling renting back also both all finally officially
    still now currently gonna""")
_ITS_NEXT = words("""a an the my our so really not been going just too very pretty always never still ok okay fine
    over true like kinda all now time gonna getting kind about""")
_ILL_NEXT = words("""be have go get take try need do see call text send let start probably just never always
    definitely check ask bring make keep stay move be tell let miss""")
_ID_NEXT = words("""love like rather prefer say be have never probably really better hate""")
# words after which "were" starts a clause ("and were moving", "so were getting married")
_LEADS = words("""and but so then maybe think guess hope cause because now yeah yep ok okay oh well honestly btw
    also""")


@dataclass(frozen=True, slots=True)
class Normalized:
    """A message as the rules read it (``text``) and, per character of it, the span of ``source`` it came from."""

    text: str
    source: str
    spans: tuple[tuple[int, int], ...]

    def original(self, quote: str) -> str:
        """The user's own words for ``quote`` (a stretch of :attr:`text`, in any case: the rules may have
        restored capitals); the whole message as written when the quote is not a stretch of it (a reply read
        with the question it answers)."""
        if not quote or (self.text == self.source and quote in self.text):
            return quote
        i = self.text.find(quote)
        if i < 0 and len(self.text.lower()) == len(self.text):
            i = self.text.lower().find(quote.lower())
        if i < 0 and quote.lower().endswith(self.text.lower()) and self.text:  # "<previous message> <this one>"
            return quote[:len(quote) - len(self.text)] + self.source
        if i < 0:  # the message read as an answer to the assistant ("an old Yaris" -> "My car is a Yaris."): its words
            return self.source
        start, end = self.spans[i][0], self.spans[i + len(quote) - 1][1]
        return self.source[start:end].strip()


class _Text:
    """A string being rewritten that remembers, for each character, the span of the source it came from."""

    def __init__(self, source: str) -> None:
        self.text = source
        self.spans = [(i, i + 1) for i in range(len(source))]

    def sub(self, pattern: re.Pattern[str], repl: Callable[[re.Match[str]], str | None]) -> None:
        """Replace each match of ``pattern`` by ``repl(match)`` (None: keep the match)."""
        text, spans, out, out_spans, last = self.text, self.spans, [], [], 0
        for m in pattern.finditer(text):
            new = repl(m)
            if new is None or new == m.group(0):
                continue
            out.append(text[last:m.start()])
            out_spans.extend(spans[last:m.start()])
            if m.end() > m.start():
                whole = (spans[m.start()][0], spans[m.end() - 1][1])
            else:
                at = spans[m.start()][0] if m.start() < len(spans) else (spans[-1][1] if spans else 0)
                whole = (at, at)
            out.append(new)
            out_spans.extend([whole] * len(new))
            last = m.end()
        out.append(text[last:])
        out_spans.extend(spans[last:])
        self.text, self.spans = "".join(out), out_spans

    def edit(self, start: int, end: int, new: str) -> None:
        """Replace ``text[start:end]`` by ``new``, which comes from the source span of what it replaces."""
        spans = self.spans
        at = spans[start][0] if start < len(spans) else (spans[-1][1] if spans else 0)
        whole = (at, spans[end - 1][1]) if end > start else (at, at)
        self.text = self.text[:start] + new + self.text[end:]
        self.spans = [*spans[:start], *[whole] * len(new), *spans[end:]]


def _cased(word: str, standard: str) -> str | None:
    """``standard`` written the way ``word`` was (lower case, or a capital first letter); None when the word
    is in capitals or mixed case (an acronym or a name is not rewritten)."""
    if word.islower():
        return standard
    if word[:1].isupper() and word[1:].islower():
        return standard[:1].upper() + standard[1:]
    return None


def _is_emoji(ch: str) -> bool:
    return (unicodedata.category(ch) in _EMOJI_CATEGORIES and not ch.isascii()) or ch in "\u200d\ufe0f\ufe0e" \
        or 0x1F3FB <= ord(ch) <= 0x1F3FF


_KNOWN = STOP_WORDS | frozenset(_SHORT.values()) | frozenset(_TYPOS.values()) | ACTIVITIES | JOB_HEADS | \
    frozenset(FAMILY) | frozenset(PETS) | words("""so love yes no cool nice good much really please thanks
    happy sad hey hi hello wow yay omg ugh hmm okay ok excited tired sorry great sweet cute fun long big huge
    super late soon sure now boo too""")


# The words the rules read a fact by, for putting two swapped letters right ("alelrgic", "anmyore", "swapepd",
# "favuorite", "reoprt"): the lexicon's values and the verbs and nouns the rules' patterns name.
_SPELLED = _KNOWN | frozenset(DIETS) | LANGS | CAR_MAKES | words("""allergic allergy allergies anymore alongside
    favourite favorite favourites favorites called named report reports reporting swapped switched changed
    replaced instead moved moving relocated living lives working works worked started starting joined joining
    quit quitting stopped retired married engaged divorced separated single dating girlfriend boyfriend husband
    partner daughter brother sister mother father cousin nephew niece grandmother grandfather fiance fiancee
    every weekly monday tuesday wednesday thursday friday saturday sunday mondays tuesdays wednesdays thursdays
    fridays saturdays sundays evening evenings morning mornings lessons lesson practice class classes club
    school primary academy college university nursery kindergarten vegetarian intolerant gluten dairy lactose
    speak speaks fluent native learning language languages drive drives driving electric insurance correction
    autocorrect actually meant mistake apartment anniversary birthday redundant promoted colleague coworker
    teammate employer company office remote hospital clinic manager supervisor boss adopted rescue passed
    died rehomed puppy kitten budgie volunteer volunteering therapy appointment whenever usually""")


# Words (and a name) one swap away from a word above: never misspellings of it (found by checking every swap
# of :data:`_SPELLED` against the default embedder's 30,000-token English vocabulary).
_REAL_WORDS = words("diary greta signing three tried")


def _unswapped(word: str) -> str | None:
    """A word with two neighbouring letters swapped, written as the one word of :data:`_SPELLED` it misspells
    (five letters or more, so short words and names are left alone); None when it is none or more than one."""
    if len(word) < 5 or not word.isalpha() or word in _SPELLED or word in _REAL_WORDS:
        return None
    found = {w for i in range(len(word) - 1) if (w := word[:i] + word[i + 1] + word[i] + word[i + 2:]) in _SPELLED}
    return found.pop() if len(found) == 1 else None


def _unstretched(word: str) -> str | None:
    """"sooo" -> "so", "loveee" -> "love", "yesss" -> "yes": a word with a letter said three times or more
    written as the known word it stretches (runs cut to one letter, or two); None when no such word is known."""
    if not word.islower() or not re.search(r"(\w)\1\1", word):
        return None
    for n in (1, 2):
        cut = re.sub(r"(\w)\1{2,}", r"\1" * n, word)
        if cut in _KNOWN:
            return cut
    return None


def _word(m: re.Match[str]) -> str | None:
    """The standard form of one chat token, or None to keep it."""
    w = m.group(0)
    low = w.lower().replace("’", "'")
    text, end = m.string, m.end()
    chunk = text[text.rfind(" ", 0, m.start()) + 1:end + (text[end:] + " ").find(" ")]
    if "://" in chunk or "@" in chunk or "www." in chunk or re.search(r"\w\.\w", chunk):
        return None  # an address or a handle: not chat words
    nxt = re.match(r"\s+([A-Za-z'’-]+)", text[end:])
    after = nxt.group(1).lower() if nxt else ""
    before = text[:m.start()].rstrip().rsplit(maxsplit=1)
    prev = re.sub(r"\W", "", before[-1].lower()) if before else ""
    if not w.islower() and before and not re.search(r"[.!?]$", before[-1]):
        return None  # a capital inside a sentence: a name ("my daughter Ur"), never chat spelling
    if low in _APOSTROPHE or low in _SPEAKER or low == "i'm":
        full = _APOSTROPHE.get(low, low)
        if full == "i'm" and after in _AM_BEFORE:
            return _cased(w, "i am")
        return _cased(w, _SPEAKER.get(full, full))
    if low in _TYPOS:
        return _cased(w, _TYPOS[low])
    if low in _G_DROPPED or (low.endswith("in'") and len(low) > 4):
        return _cased(w, low.rstrip("'") + "g")
    if low in ("bro", "sis", "nana", "granny", "pup", "kitty"):  # only a relative or pet after "my"/"our"
        return _cased(w, _SHORT[low]) if prev in ("my", "our", "a", "his", "her", "their", "new", "little") else None
    if low == "n":  # "me n my sister", "rock n roll": between two words
        return "and" if w == "n" and prev and nxt and len(prev) > 1 and len(after) > 1 else None
    if low == "r":  # "how r u", "we r moving"
        return "are" if w == "r" and prev in ("u", "you", "we", "they", "how", "where", "what", "who") and nxt else None
    if low == "ur":
        return _cased(w, "you're" if after in _YOURE_NEXT or after.endswith("ing") else "your")
    if low == "atm" and prev in ("a", "an", "the", "at", "to", "nearest", "any"):
        return None  # the cash machine
    if low in _DAYS:  # "every tues", "on weds": a weekday only after a word that asks for one
        return _cased(w, _DAYS[low]) if prev in ("every", "on", "next", "last", "this", "each", "till", "until",
                                                 "since", "by") else None
    if low == "def" and not re.match(r"\s+[a-z]", text[end:]):
        return None
    if low in _SHORT:
        return _cased(w, _SHORT[low])
    if (s := _unstretched(low)) or (w.islower() and (s := _unswapped(low))):
        return _cased(w, s)
    return None


def _ambiguous(m: re.Match[str]) -> str | None:
    """"were", "its", "ill", "id": rewritten only where what follows settles the reading."""
    w, nxt = m.group("w"), m.group("next").lower()
    low = w.lower()
    before = m.string[:m.start()].rstrip()
    starts = not before or before[-1] in ".!?,;:" or before.rsplit(maxsplit=1)[-1].lower() in _LEADS
    if low == "were" and starts and (nxt in _WERE_NEXT or (nxt.endswith("ing") and len(nxt) > 4)):
        return _cased(w, "we are")
    if low == "its" and nxt in _ITS_NEXT:
        return _cased(w, "it's")
    if low == "ill" and nxt in _ILL_NEXT:
        return _cased(w, "i will")
    if low == "id" and nxt in _ID_NEXT:
        return _cased(w, "i would")
    return None


_BREAK_RE = re.compile(r"[ \t]*(?:" + _EMOTICON + r"|(?<![\w'’])" + _LAUGH + r"(?![\w'’]))(?:[ \t]*(?:" + _EMOTICON
                       + r"|(?<![\w'’])" + _LAUGH + r"(?![\w'’])))*[ \t]*(?P<punct>[.!?,]*)", re.IGNORECASE)
_OWNER = re.compile(r"(?:(?<=\bmy )|(?<=\bour ))(?P<rel>" + "|".join(sorted((*FAMILY, *PETS), key=len, reverse=True))
                    + r")s(?= (?:name|birthday|bday)\b)")
_AMBIGUOUS_RE = re.compile(r"(?<![\w'’])(?P<w>(?i:were|its|ill|id))(?=\s+(?P<next>[A-Za-z'’]+))")


def _break(m: re.Match[str]) -> str:
    """An emoji, emoticon or laugh: nothing at the end of a message or before punctuation, else the end of a
    sentence ("got the job 🎉 starting monday" -> "got the job. starting monday")."""
    s, end = m.string, m.end()
    if end >= len(s.rstrip()) or m.group("punct") or m.start() == 0 or re.match(r"\s*[.!?,;:)]", s[end:]):
        return m.group("punct") if m.start() > 0 else ""
    if re.search(r"[.!?,;:(]\s*$", s[:m.start()]):
        return " "
    return ". "


def _and(m: re.Match[str]) -> str | None:
    """" & " and " + " between words are "and", unless both words are capitalised ("Marks & Spencer")."""
    before = re.search(r"[\w'’-]+$", m.string[:m.start()])
    after = re.match(r"[\w'’-]+", m.string[m.end():])
    if before and after and before.group(0)[0].isupper() and after.group(0)[0].isupper():
        return None
    return " and "


_SHOUTED_WORD = re.compile(r"(?<![\w'’])(?:SO|AND|BUT|OMG|OK|OKAY|BTW|YES|NO|OH|WOW|THE|IS|IT|ALSO|JUST|REALLY|"
                           r"FINALLY|LOL)(?![\w'’])")


# "me and my girlfriend Sofia moved ...", as a sentence starts: the shape the rules read, "my girlfriend Sofia and I"
_ME_AND = re.compile(r"(?:^|(?<=[.!?] ))(?i:me|myself)\s+and\s+(?P<np>(?i:my|our)\s+[\w'’-]+(?:\s+[A-Z][\w'’-]*)?)\s+"
                     r"(?=[a-z])")


# "wife Priya said the same", as a sentence starts: a relative named without "my" is the user's own ("Baby Iris
# arrived" is a birth, read as such; "Doctor" and "Youngest" may be titles or whose)
_BARE_RELATIVE = re.compile(r"(?:^|(?<=[.!?] ))(?P<rel>(?i:" + "|".join(
    sorted((r for r in FAMILY if r not in ("doctor", "baby", "youngest", "eldest", "oldest")), key=len, reverse=True))
    + r"))(?= [A-Z][\w'’-]+ (?:[a-z]|['’]s\b))")


def message(text: str) -> Normalized:
    """``text`` (a user message) with chat writing put in the standard form the rules read, and the way back."""
    t = _Text(text)
    if not any(ch.islower() for ch in text) and len(re.findall(r"[^\W\d_]{2,}", text)) > 1:
        t.sub(re.compile(r"[^\W\d_]+"), lambda m: m.group(0).lower())  # shouted: read as lower case, names restored
    else:  # a word shouted for emphasis in a message written in lower case: "SO cian proposed", "AND i got a job"
        t.sub(_SHOUTED_WORD, lambda m: m.group(0).lower())
    t.sub(re.compile(r"(?<![\w'’])(?P<s>i|I|we)\s+(?:❤️|❤|♥️|♥|<3)(?=\s+\w)"), lambda m: m.group("s") + " love")
    t.sub(re.compile(r"[^\x00-\x7f]"), lambda m: "\x00" if _is_emoji(m.group(0)) else None)
    t.sub(re.compile(r"[ \t]*\x00+(?:[ \t]*\x00+)*"), lambda m: " \x00")
    t.sub(re.compile(r" \x00"), lambda m: " :) ")
    t.sub(_BREAK_RE, _break)
    t.sub(re.compile(r"[!?][!?1]+|\.{2,}|…|,{2,}"), lambda m: "?" if "?" in m.group(0) else m.group(0)[0]
          if m.group(0)[0] in "!," else ".")
    t.sub(re.compile(r"(?<=[A-Za-z]) [&+] (?=[A-Za-z])"), _and)
    t.sub(re.compile(r"(?<![\w/])(?:w/o?|b/c)(?=\s)", re.IGNORECASE),
          lambda m: _cased(m.group(0), _SHORT[m.group(0).lower()]))
    t.sub(re.compile(r"(?P<lead>\d\s*|\b(?:last|this|next|every|per|a) )(?P<y>yrs|yr)\b"),
          lambda m: m.group("lead").strip() + " " + ("years" if m.group("y") == "yrs" else "year"))
    t.sub(_OWNER, lambda m: m.group("rel") + "'s")  # "my dogs name" -> "my dog's name"
    t.sub(_ME_AND, lambda m: f"{m['np'][0].upper()}{m['np'][1:]} and I ")  # "me and my brother" -> "My brother and I"
    t.sub(_WORD, _word)
    t.sub(_AMBIGUOUS_RE, _ambiguous)
    t.sub(re.compile(r"[ \t]{2,}"), lambda m: " ")
    t.sub(re.compile(r"^[ \t]+|[ \t]+$", re.MULTILINE), lambda m: "")
    _fix_slips(t)  # "i work for deloitte no sorry kpmg": put right before names are cased
    cased = truecase(t.text)  # "i live in malmö" -> "i live in Malmö": only letters change case
    t.text, t.spans = cased, t.spans if len(cased) == len(t.text) else [(0, len(text))] * len(cased)
    t.sub(re.compile(r"(?<![\w'’])i(?=[\s'’,!?;:]|\.(?!e\.)|$)"), lambda m: "I")  # "i" is "I" once names are cased
    t.sub(_BARE_RELATIVE, lambda m: "My " + m.group("rel").lower())  # "wife Priya said" -> "My wife Priya said"
    _fix_slips(t)  # and once names are cased: "my manager is tom, err, tim"
    return Normalized(t.text, text, tuple(t.spans))


def _fix_slips(t: _Text) -> None:
    """Each slip the message puts right replaced by what was meant (:mod:`.midfix`), keeping the way back."""
    for _ in range(4):
        if not (edits := midfix.first(t.text)):
            return
        for start, end, new in sorted(edits, reverse=True):
            t.edit(start, end, new)


def own_words(fact: Fact, said: Normalized) -> Fact:
    """``fact`` with its evidence quoted as the user wrote it (``said`` is its message as the rules read it)."""
    quote = said.original(fact.evidence)
    return fact if quote == fact.evidence else replace(fact, evidence=quote)
