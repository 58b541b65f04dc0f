"""Readings above the single clause: names in any script, lists joined by "and", and the next message's fix.

- **Names in any script.** The rules find names by an upper-case first letter of the Latin alphabet; "I work
  at Ørsted" or "my wife Åsa" found nothing. :func:`fold_names` gives each word starting with another
  capital an ASCII stand-in for the rules to read ("Orsted"), and :func:`unfold` puts the real name back
  into what they found.
- **Lists.** "I speak Tagalog and Greek" said two things; the rules read the first. :func:`conjoined` finds
  the other items of a list that starts with a value a rule found ("Tagalog and Greek", "squash, judo and
  padel"), of the same shape (names with names, words with words) and closing the clause, so the caller
  can read the clause again once per item. "My brother lives in Nantes and my manager is Aroha" is no list:
  two statements, read as two.
- **The next message's fix.** "My sister just moved to Gdnask." ... "sorry, typo: Gdansk, not Gdnask."
  :func:`next_fix` reads the correction so the caller can read the previous message again with the value
  put right and retract what the slip said.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from ..core.text import STOP_WORDS, plain_letters
from .base import Fact
from .lexicon import CAR_MAKES, FAMILY, LANGS, NATIONALITIES, PETS, TRANSIENT, words
from .text import IRREGULAR_PAST

_WORD = re.compile(r"(?<![\w'’])[^\W\d_][\w'’-]*")


def fold_names(text: str) -> tuple[str, dict[str, str]]:
    """``text`` with each capitalised word holding a non-ASCII letter spelt in ASCII ("Ørsted", "Bartłomiej"), and
    the way back."""
    back: dict[str, str] = {}

    def swap(m: re.Match[str]) -> str:
        word = m.group(0)
        if word.isascii() or not word[0].isupper():
            return word
        plain = plain_letters(word)
        if not plain or not plain.isascii() or not plain[0].isupper():
            return word
        back[plain] = word
        return plain

    return _WORD.sub(swap, text), back


def unfold(fact: Fact, back: dict[str, str]) -> Fact:
    """``fact`` with the real names back in its summary, value and evidence (keys are folded anyway)."""
    if not back:
        return fact

    def put(text: str) -> str:
        for plain, real in back.items():
            text = re.sub(r"(?<![\w'’])" + re.escape(plain) + r"(?![\w'’])", real, text)
        return text

    return replace(fact, summary=put(fact.summary), value=put(fact.value), evidence=put(fact.evidence))


_ITEM_CAP = r"[A-Z][\w'’-]*(?:\s+[A-Z][\w'’-]*)?"
_ITEM_LOW = r"[a-z][\w'’-]*(?:\s+[a-z][\w'’-]*)?"
_WHERE = r"(?:\s+(?:at|with)\s+(?:home|work|school|my\s+\w+))?"  # "Welsh at home and Arabic at work"
_CLOSE = r"(?=\s*$|\s*[,.;!]|\s+(?:but|too|as well|fluently|equally|both|every|at|on|in|with)\b)"


def anchor(fact: Fact, text: str) -> str | None:
    """The words of ``fact`` that stand in ``text`` for its value (the value itself, else a word of the summary)."""
    if fact.value and re.search(r"(?<!\w)" + re.escape(fact.value) + r"(?!\w)", text):
        return fact.value
    for word in reversed(fact.summary.split()[1:]):
        w = word.strip(".,;!()")
        if len(w) > 2 and w.lower() not in STOP_WORDS and re.search(r"(?<!\w)" + re.escape(w) + r"(?!\w)", text):
            return w
    return None


def conjoined(fact: Fact, text: str) -> list[tuple[str, str]]:
    """``(item, text with the item in the list's place)`` for each other item of a list that begins with
    ``fact``'s value ("playing badminton, running, and swimming": "running" and "swimming" in its place)."""
    if fact.retract:
        return []
    word = anchor(fact, text)
    if word is None:
        return []
    item = (_ITEM_CAP if word[:1].isupper() else _ITEM_LOW) + _WHERE
    m = re.search(r"(?<!\w)" + re.escape(word) + _WHERE + r"(?P<rest>(?:\s*,\s*" + item + r")*\s*,?\s+(?:and|or|"
                  r"as well as|plus)\s+(?:also\s+)?" + item + ")" + _CLOSE, text)
    if m is None:
        return []
    rest = re.sub(_WHERE + r"(?=\s*(?:,|$)|\s+(?:and|or|as well as|plus)\s)", "", m.group("rest"))
    items = re.split(r"\s*,\s*(?:and\s+|or\s+)?|\s+(?:and|or|as well as|plus)\s+(?:also\s+)?", rest)
    out = []
    for it in (i.strip() for i in items):
        if not it or it.lower() in STOP_WORDS or it.split()[0].lower() in STOP_WORDS or it == word:
            continue
        head = text[:m.start()]
        if it.endswith("ing"):  # "playing badminton, running": running, not "playing running"
            head = re.sub(r"\b\w+ing\s+$", "", head)
        out.append((it, head + it + text[m.end():]))
    return out


_DEICTIC = re.compile(r"^(?:(?:so|really|super|pretty|very|just|all)\s+)*(?:you|it|that|those|this|these|something|"
                      r"anything|them|him|her|one|there|stuff|things?)\b", re.IGNORECASE)
_CLAUSE_IN_VALUE = re.compile(r"\b(?:I am|I was|I have|you think|we did|who I)\b", re.IGNORECASE)


def says_something(fact: Fact) -> bool:
    """Whether a fact's value names something: not a pronoun or a pointing word ("Loves something like
    that", "Is obsessed with those" say nothing once the conversation is gone), nor a clause about the
    speaker cut out of a sentence ("Is proud of who I am")."""
    if fact.retract or fact.attribute.startswith(("family:", "pet:")):
        return True
    value = fact.value.strip()
    if value.lower() in ("yes", "like", "dislike", "no"):
        value = re.sub(r"^\S+\s+", "", fact.summary.strip())
    obj = re.sub(r"^(?:(?:is|am|was|has|had|feels?|loves?|likes?|enjoys?)\s+)?(?:(?:so|really|super|pretty|very|"
                 r"quite|just)\s+)*(?:\w+\s+(?:with|of|about|by)\s+)?", "", value, flags=re.IGNORECASE)
    return not _DEICTIC.match(obj) and not _CLAUSE_IN_VALUE.search(value)


_NEXT_FIX = re.compile(
    r"^(?:(?:sorry|oops|whoops|my bad|correction|argh|ugh)\b[,!.:]*\s*)+(?:(?:that was a |a )?typo\b[,!.:]*\s*)?"
    r"(?:I meant\s+|I mean\s+|it should be\s+|should be\s+|it is\s+|it's\s+)?(?P<y>[^,;]+?),?\s+not\s+"
    r"(?P<x>[^,.;!?]+?)[.!]*$", re.IGNORECASE)


@dataclass(frozen=True, slots=True)
class NextFix:
    """A message putting a value of the previous one right: ``wrong`` was said, ``right`` was meant."""

    wrong: str
    right: str


def next_fix(message: str, previous: str) -> NextFix | None:
    """The fix ``message`` makes to ``previous`` (the user's message before it), or None."""
    m = _NEXT_FIX.match(message.strip())
    if m is None:
        return None
    wrong, right = m.group("x").strip(), m.group("y").strip()
    if not re.search(r"(?<!\w)" + re.escape(wrong) + r"(?!\w)", previous, re.IGNORECASE):
        return None
    return NextFix(wrong, right)


def put_right(previous: str, fix: NextFix) -> str:
    """``previous`` with the slip replaced by the value meant; a name put right in lower case takes the capital
    the slip had ("i said émile earlier, it's rafael": "my husband, Émile" -> "my husband, Rafael")."""
    def meant(m: re.Match[str]) -> str:
        return fix.right[:1].upper() + fix.right[1:] if m.group(0)[:1].isupper() and fix.right.islower() \
            else fix.right
    return re.sub(r"(?<!\w)" + re.escape(fix.wrong) + r"(?!\w)", meant, previous, flags=re.IGNORECASE)


# Words with a letter outside ASCII that English chat writes in lower case: not names.
_LOANWORDS = words("""café cafés naïve résumé fiancé fiancée déjà vu jalapeño piñata über façade crème rosé entrée
    protégé soirée señor coöperate""")
_SHOUTED = frozenset({"vw", "bmw", "uk", "us", "usa", "eu", "nhs", "ceo", "cto"})
_INSTITUTION = re.compile(r"\b(?P<w>(?:[a-zà-ÿ][\w'’-]*\s+){1,3})(?P<kind>school|academy|primary|college|"
                          r"university|gymnasium|kindergarten|nursery|high)(?:\s+school)?\b")
# a person's name where the rules look for one: "my boss priya", "named göran", "beatriz is my boss",
# "leila and i", "report to grete"; a place: "live in tampere"; an employer: "work at ericsson"
_REL = r"(?:" + "|".join(re.escape(w) for w in sorted(FAMILY, key=len, reverse=True)) + r"|" + \
    "|".join(re.escape(w) for w in PETS) + r")"
# "my boss is ethan", "my line manager is kasia, she's great": a name closing its clause (not a word that
# describes a person: :data:`_DESCRIBING`)
_NAME_CLOSING = re.compile(r"\b(?:my|our)\s+(?:new\s+|current\s+|line\s+)?" + _REL + r"(?:['’]s|\s+is|\s+was)\s+"
                           r"(?P<w>[a-z][\w'’-]+)(?=\s*[,.;!?]|\s*$|\s+(?:and|but|now|btw|lol)\b)")
_SLOTS = [
    re.compile(r"\b(?:my|our)\s+(?:new\s+|current\s+|line\s+|family\s+)?" + _REL + r",?\s+(?P<w>[a-z][\w'’-]+)"),
    re.compile(r"\b(?:named|called|with|report to|reporting to|hello|bye|name is|met someone,)\s+(?P<w>[a-z][\w'’-]+)"),
    re.compile(r"(?:^|[.!?]\s+)(?:(?:so|and|oh|well|omg)\s+)?(?P<w>[a-z][\w'’-]+)(?=\s+(?:finally\s+|just\s+)?"
               r"proposed\b)"),
    re.compile(r"\b(?:job|position|role|internship|placement|offer)\s+(?:at|with)\s+(?P<w>[a-z][\w'’-]+)"),
    # "my dad in lille? he lives there": the place "there" names
    re.compile(r"\b(?:in|at)\s+(?P<w>[a-z][\w'’-]+)(?=[?.!,]*\s+(?:he|she|they|we|i)\s+(?:lives?|works?|stays?|"
               r"studies|study|is based|are based)\s+there\b)"),
    # "callum has moved to st brigid's": a child named before a change of school
    re.compile(r"(?:^|[,;.!?]\s*|\b(?:and|so|but)\s+)(?P<w>[a-z][\w'’-]+)(?=\s+has\s+(?:moved|changed|switched)\s+"
               r"(?:to|schools?)\b)"),
    _NAME_CLOSING,
    re.compile(r"(?:^|[,;.!-]\s*|\b(?:and|also|plus|btw|so)\s+)(?P<w>[a-z][\w'’-]+)(?=\s+(?:is|was)\s+(?:my|our)\s+"
               + _REL + r"\b|\s+and\s+(?:i|we)\b|\s+(?:goes|went|started)\s+(?:to|at)\b|\s+is\s+at\b|"
               r"\s+(?:changed|switched)\s+(?:schools?\s+)?from\b)"),
    re.compile(r"\b(?:changed|switched)\s+(?:schools?\s+)?from\s+(?P<w>[a-z][\w'’-]+)"),
    re.compile(r"\b(?:goes to|attends|started at)\s+(?P<w>[a-z][\w'’-]+)"),
    # "dropping kai at hillcrest every morning": a child taken to school or picked up
    re.compile(r"\b(?:drop|drops|dropped|dropping|pick up|picks up|picked up|picking up)\s+(?P<w>[a-z][\w'’-]+)"
               r"(?=\s+(?:off\s+)?(?:at|from)\b)"),
    re.compile(r"\bleft\s+(?P<w>[a-z][\w'’-]+)\s+for\b"),
    re.compile(r"\bleft\s+[\w'’-]+\s+for\s+(?P<w>[a-z][\w'’-]+)"),
    re.compile(r"(?:^|\s)(?P<w>[a-z][\w'’-]+)(?=,\s+(?:my|our)\s+" + _REL + r",|\s+moved out\b)"),
    re.compile(r"\b(?:took|taken|pulled|take)\s+[\w'’-]+\s+out of\s+(?P<w>[a-z][\w'’-]+)"),
    re.compile(r"\b(?:took|taken|pulled|take)\s+(?P<w>[a-z][\w'’-]+)\s+out of\b"),
    re.compile(r"\b(?:changed|switched)\s+(?:schools?\s+)?from\s+[\w'’-]+\s+to\s+(?P<w>[a-z][\w'’-]+)"),
    re.compile(r"\b(?:" + "|".join(sorted(CAR_MAKES)) + r")\s+(?P<w>[a-z][\w'’-]+)"),
    re.compile(r"\b(?:live|living|lives|based|moved|relocated|am|is|are|settled)\s+(?:in|to)\s+"
               r"(?P<w>[a-z][\w'’-]+)"),
    re.compile(r"\b(?:work|working|works|been|am|started|joined)\s+(?:at|for|with)?\s*(?P<w>[a-z][\w'’-]+)"
               r"(?=\s+(?:for|since|now|these|as|,|and)\b|\s*[,.;!]|\s*$)"),
]
# words a slot may hold that are not names
_NOT_A_NAME = words("""love trouble charge time bed town school work pain debt shape touch hospital person public
    general fact particular total advance case order here there home now then too it that this them him her me us
    you everyone everybody someone somebody nobody things stuff life fun luck line which who what whom whose so
    just really also still always never ever only even again already currently actually finally recently lately
    mostly usually yet all both each every some any no not pretty quite very much more most less least lot lots
    kind sort bit way ages since months years weeks days week month year today tonight tomorrow yesterday gym church
    uni class classes sleep practice college university lessons daycare nursery kindergarten bed good ever sure real
    therapy counselling shock agony tears denial recovery rehab treatment labour labor hiding quarantine isolation
    lockdown meeting meetings hope""")
# what "my boss is ..." says of a person when it names no one: these, and words built as adjectives
_DESCRIBING = TRANSIENT | words("""nice lovely kind strict mean cool awesome amazing terrible awful horrible brilliant
    fantastic wonderful great decent fair chill relaxed harsh tough old young older younger tall short funny smart
    clever lazy crazy grumpy bossy silly pretty busy away retired pregnant ill dead gone new hilarious chatty moody
    difficult easy demanding supportive patient impatient generous picky fussy messy quiet loud shy rude sweet
    cute tiny huge big little small sick unwell better worse fine right wrong there here leaving moving""")
_ADJECTIVE_ENDINGS = re.compile(r"(?:ful|ous|ive|able|ible|less|ish|ic|ical|ant|ent|est)$")
_CALENDAR = words("""monday tuesday wednesday thursday friday saturday sunday january february march april june july
    august september october november december""")
_VERB_ENDINGS = re.compile(r"(?:ed|ing|ly)$")
_VERBS_S = words("""takes makes lives works loves likes hates says thinks wants needs goes gets has does keeps plays
    runs comes knows seems looks feels drives eats reports calls texts helps pays sends starts stays visits sleeps
    cooks teaches studies tries buys sells sings swims walks talks attends""")


def _cap(word: str) -> str:
    return word.upper() if word in _SHOUTED else word[:1].upper() + word[1:]


def truecase(text: str) -> str:
    """A message written all in lower case with the capitals its names would have ("i live in malmö, also
    my daughter is at riverside community school" -> "... Malmö ... Riverside Community School"), so the
    rules, which find names by their capital, read it as they read the same words capitalised.

    Only a message with no capital at all is touched. A word is a name when it has a letter outside ASCII
    (a name in its own script; a few loanwords aside), when it is a day, month, language, nationality or
    car make, when one to three words name a school or college, or when it stands where the rules look for
    a name (after "my boss", "named", "report to"; before "is my sister", "and I"; after "live in", "work
    at") and is not a common word of such places ("in love", "at work", "my boss approved").
    """
    if any(ch.isupper() for ch in text) or not re.search(r"[a-z]", text):
        return text
    known = {w.lower() for w in (*LANGS, *NATIONALITIES, *CAR_MAKES)} | _CALENDAR
    caps: set[int] = set()
    for m in _WORD.finditer(text):
        w = m.group(0)
        base = re.sub(r"(?:['’]s|s)$", "", w) if w not in known else w
        if (not w.isascii() and w not in _LOANWORDS) or w in known or (base in known and base.endswith("day")):
            caps.add(m.start())
    for m in _INSTITUTION.finditer(text):
        lead: list[str] = []  # the words right before "school", back to the first that is no part of a name
        for w in reversed(m.group("w").split()):
            if w in STOP_WORDS or w in ("at", "to", "from", "goes", "go") or w in _VERBS_S or w in FAMILY:
                break
            lead.insert(0, w)
        if not lead:
            continue
        start = m.start("w") + m.group("w").index(lead[0])
        for tok in re.finditer(r"\S+", text[start:m.end()]):
            caps.add(start + tok.start())
    for pat in _SLOTS:
        for m in pat.finditer(text):
            w = m.group("w")
            if w in STOP_WORDS or w in _NOT_A_NAME or w in _VERBS_S or w in IRREGULAR_PAST or _VERB_ENDINGS.search(w) \
                    or len(w) < 2:  # "my mum made me a cake": a verb, not her name
                continue
            if pat is _NAME_CLOSING and (w in _DESCRIBING or _ADJECTIVE_ENDINGS.search(w)):
                continue
            caps.add(m.start("w"))
    out = list(text)
    for i in sorted(caps):
        j = i
        while j < len(out) and (out[j].isalnum() or out[j] in "'’-"):
            j += 1
        out[i:j] = list(_cap("".join(out[i:j])))
    return "".join(out)
