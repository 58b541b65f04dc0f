"""Whether two summaries say the same attribute of the same subject, by meaning. Pure.

Keys are written by templates ("Lives in Lisbon" is ``user/residence``); a fact said in other words
("Just moved to a flat in Porto") or read by another template ("Drives a Golf" as ``user/drive:golf``
beside ``user/car``) gets another key or none, so key equality cannot tell that it gives a new value of
what a record holds. Here the attribute is compared by meaning instead: each summary becomes its
*attribute text*, the summary with its values masked (names and numbers, and a keyed record's value, by
:data:`VALUE`), when it was said dropped, and a change said as an event put as the state it leads to
("Moved to a flat in Porto" -> "Lives in a flat in [value]"); the embedder's cosine of two attribute texts
is their sameness of attribute (:data:`SAME`, :data:`OTHER_VERB`; chosen with MiniLM on pairs of our own and
the ``dev``/``tune`` misses of the benches, see ``bench/extraction/README.md``), read on MiniLM's scale whatever
the embedder (:func:`on_scale`: an embedder that scores unrelated texts high, as the MiniLM+e5 blend does,
would otherwise find every two attributes the same, "Works at Acme" a new value of "Drives a Tesla").

The cosine alone cannot tell whose attribute it is ("Lives in [value]" and "Sister lives in [value]" are
close) nor whether a thing is single-valued, so a guard comes first (:func:`comparable`): the same
subject (the owned noun that heads the summary, "Sister", "Son's school", or the user), both a present
state or a change (not an event, a taste, a negation, an ability, nor an old possession such as "Has a dog
named Max"; going to Rome does not undo going to Paris); and a new value needs a sign that the attribute
holds one value (:func:`new_value`).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from ..core.consolidate import norm_value
from ..core.text import key_terms

VALUE = "[value]"  # what a masked value reads as (the cosine is steadier with it than with "X" or "it")
SAME = 0.72  # the cosine of two attribute texts above which they are one attribute (see the module docstring)
OTHER_VERB = 0.85  # the same, when their verbs differ: a short masked text's cosine is noisy ("Drives a [value]"
# and "Can do [value], nothing else really" are 0.77)

# SAME and OTHER_VERB are on MiniLM's scale, where they were chosen. Embedders differ in what two unrelated
# texts score (MiniLM about 0.5, the MiniLM+e5 blend about 0.85, e5 alone 0.9: "Works at [value]" and "Drives
# [value]" are 0.87 there, over OTHER_VERB), so a cosine is first put on that scale (:func:`on_scale`) by its
# embedder's BASELINE: the mean cosine of the pairs of PANEL, attributes that are all different.
PANEL = ("Lives in [value]", "Works at [value]", "Works as a [value]", "Drives a [value]", "Speaks [value]",
         "Is allergic to [value]", "Has a dog named [value]", "Plays for [value]", "Studies at [value]",
         "Is married to [value]", "Goes to [value] school", "Supports [value]")
BASELINE = 0.525  # MiniLM's (all-MiniLM-L6-v2) mean cosine over PANEL's pairs


def baseline(cosines: Sequence[float]) -> float:
    """An embedder's baseline: the mean of its cosines of PANEL's pairs."""
    return sum(cosines) / len(cosines) if cosines else BASELINE


def on_scale(cosine: float, base: float) -> float:
    """``cosine`` from an embedder whose baseline is ``base``, put on MiniLM's scale (where :data:`SAME` and
    :data:`OTHER_VERB` were chosen): the same share of the way from the baseline to 1."""
    if base >= 1.0:
        return cosine
    return BASELINE + (cosine - base) * (1.0 - BASELINE) / (1.0 - base)


def _words(text: str) -> frozenset[str]:
    return frozenset(text.split())


_NAME = re.compile(r"(?<!^)\b(?:[A-Z\u00c0-\u024f][\w'\u2019-]*|\d[\w.:/-]*)")
_RUN = re.compile(re.escape(VALUE) + r"(?:\s+(?:of|de|da|the|and|&)?\s*" + re.escape(VALUE) + r")+")
_MONTH = r"(?:January|February|March|April|May|June|July|August|September|October|November|December)"
_DATE = re.compile(
    r"\s*\b(?:on|in|since|from|by|during|until)\s+(?:the\s+)?(?:week\s+of\s+)?"
    rf"(?:\d{{4}}-\d{{2}}(?:-\d{{2}})?|{_MONTH}(?:\s+\d{{4}})?|\d{{4}})(?:\s*\([^)]*\))?"
    r"|\s*\([A-Z][a-z]+day\)")
_WHEN = re.compile(
    r"\s*\b(?:(?:last|this|next|past)\s+(?:week|month|year|term|weekend|spring|summer|autumn|fall|winter)|"
    r"these days|nowadays|now|just|recently|finally|currently|lately|today|yesterday|again|"
    r"\d+\s+(?:days?|weeks?|months?|years?)\s+ago|a (?:week|month|year) ago)\b", re.IGNORECASE)
# a change said as an event, and the state it leads to: verbs, not attributes ("moved" is a move to anywhere)
_CHANGES = (
    (re.compile(r"^(?:moved|relocated|has moved|has relocated)\s+(?:back\s+)?(?:to|into)\b", re.I), "Lives in"),
    (re.compile(r"^(?:started|began|has started)\s+(?:a\s+)?(?:new\s+)?(?:job|position|role|working|work)\s+"
                r"(?:at|for|with)\b", re.I), "Works at"),
    (re.compile(r"^(?:got|bought|has got|has bought|picked up)\s+(?:a|an|the)\s+(?:new\s+)?", re.I), "Has a "),
    (re.compile(r"^(?:became|has become)\b", re.I), "Is"),
    (re.compile(r"^(?:switched|changed|moved|has switched)\s+(?:over\s+)?to\b", re.I), "Uses"),
)
_CUE = re.compile(r"\b(?:now|these days|nowadays|new|newly|instead|any ?more|no more|no longer|switched|"
                  r"currently)\b", re.I)
_MORE = re.compile(r"\b(?:too|also|as well|another|second|alongside|on top of|besides)\b", re.I)
_MANY = _words("friend colleague coworker neighbour neighbor cousin sibling classmate teammate kid child student "
                "client patient")
_IDENTITY = re.compile(r"^(?:is|was)\s+(?:called\s+|named\s+)?[A-Z\u00c0-\u024f][\w'\u2019-]*"
                       r"(?:\s+[A-Z\u00c0-\u024f][\w'\u2019-]*)?$")
_TASTE = re.compile(r"^(?:likes|loves|enjoys|prefers|hates|adores|dislikes|can't stand|cannot stand|is into|"
                    r"is a (?:big |huge )?fan of|is obsessed with|is not a fan of|favou?rite\b)", re.I)
# a place said by what it is near is not where one is: "Lives right by Hoover" beside "Lives in Columbus" (a
# name follows: "Moved by train to Leeds" is a move)
_NEAR = re.compile(r"\b(?i:by|near|nearby|next to|close to|round the corner from|around the corner from|opposite|"
                   r"across from|minutes from|down the road from)\s+(?:the\s+)?[A-Z\u00c0-\u024f]")
# "Has a dog named Max", "Has a Golf", "Owns two bikes": one may have many, a new one ends none
_POSSESSION = re.compile(r"^(?:has|have|owns)\s+(?:a|an|two|three|four|some|\d+)\b", re.I)
_NEGATED = re.compile(r"\b(?:not|never|no|no longer|anymore|don't|doesn't|didn't|isn't|aren't|cannot|can't)\b",
                      re.I)
_ADVERB = re.compile(r"^(?:(?:just|really|also|always|usually|often|still|finally|actually|recently|now|"
                     r"currently|already)\s+)+", re.I)
_AUX = _words("is are was were has have had does do did can will would must")
_MODAL = _words("can could will would must should may might")
_BASE = _words("live work go goes attend study play drive speak teach coach own run use see")
_FUNCTION = _words("a an the in at on to of for with from by as into and or their them they this that these those "
                   "some not no")
_PAST = re.compile(r"^(?:\w+ed|got|went|left|sold|quit|lost|took|made|bought|began|came|saw|met|won|ran|became|"
                   r"gave|had|did|was|were|said|told|spent|found|kept|held|grew|ate|fell|flew|drove|paid|put)$",
                   re.I)


def values(summary: str) -> set[str]:
    """The names and numbers a summary states (its values), stemmed: capitalised words after the first,
    digits; not its subject's ("Cousin Felix" is whose) nor its dates (when it was said is not what it says)."""
    rest = " ".join(_split(summary)[1]) or summary  # from the verb on: its first word is never a value
    return set(key_terms(" ".join(_NAME.findall(_DATE.sub("", rest)))))


def _verb(word: str) -> bool:
    w = word.lower()
    return w in _AUX or w in _BASE or bool(_PAST.match(w)) or (
        w.endswith("s") and not w.endswith(("ss", "'s", "\u2019s", "us", "is")) and len(w) > 3)


def _split(summary: str) -> tuple[str | None, list[str]]:
    """(whose, the words from the verb on): see :func:`subject`."""
    words = _ADVERB.sub("", summary.strip()).split()
    if not words:
        return None, []
    first = words[0].lower()
    if first in _AUX or _PAST.match(first) or first in _FUNCTION or first.endswith("ing"):
        return "", words
    first_verb = _verb(first)  # "Works nights at ...": "nights" is not the verb then
    for i in range(1, min(len(words), 4)):
        w = words[i].lower()
        if w in _FUNCTION:
            break
        if w in _AUX or w in _BASE or _PAST.match(w) or (_verb(w) and not first_verb):
            return " ".join(x.lower().strip(",") for x in words[:i]), words[i:]
    return ("", words) if first_verb else (None, words)


def subject(summary: str) -> str | None:
    """Whose attribute a summary states: "" for the user (the summary starts with its verb, "Lives in ..."),
    the words before the verb otherwise ("sister", "son's school", "cousin felix"), None when unsure."""
    return _split(summary)[0]


def _predicate(summary: str) -> str:
    """The summary from its verb on, leading adverbs dropped ("Sister just moved to Milan" -> "moved to Milan")."""
    return _ADVERB.sub("", " ".join(_split(summary)[1]))


def change(summary: str) -> bool:
    """The summary says a change that leads to a state ("Moved to Porto", "Started a new job at Arup")."""
    rest = _predicate(summary)
    return any(p.match(rest) for p, _ in _CHANGES)


def cue(summary: str) -> bool:
    """The summary says its value is new: a change ("Moved to ...") or a word of change ("now", "these days"),
    and not that it is one more ("Now speaks French too")."""
    return (change(summary) or bool(_CUE.search(summary))) and not _MORE.search(summary)


def state(summary: str) -> bool:
    """A present-tense fact about its subject that another value can replace: not an event, a taste, a
    possession, or a negation."""
    who, words = _split(summary)
    rest = _predicate(summary)
    if who is None or not words or _NEGATED.search(summary) or _TASTE.match(rest) or _POSSESSION.match(rest):
        return False
    if rest and rest.split()[0].lower() in _MODAL:
        return False  # an ability or a plan ("Can do Welsh and Icelandic") is not a value held
    return not _PAST.match(rest.split()[0].lower()) if rest else False


def attribute_text(summary: str, value: str | None = None) -> str:
    """A summary with its values masked and when it was said dropped: what attribute it states.

    ``value`` (a keyed record's value, :func:`~engram.core.consolidate.norm_value` form) is masked too, so
    "Works as a nurse" (``user/job = nurse``) reads "Works as a [value]".
    """
    who, words = _split(summary)
    body = _as_state(summary) if words else summary.strip()
    if who:
        body = " ".join(summary.split()[:len(who.split())]) + " " + body[:1].lower() + body[1:]
    if value and len(value) >= 3:
        folded = norm_value(body)
        if value in folded:
            words = body.split()
            n = len(value.split())
            for i in range(len(words) - n + 1):
                if norm_value(" ".join(words[i:i + n])) == value:
                    body = " ".join([*words[:i], VALUE, *words[i + n:]])
                    break
    body = _WHEN.sub("", _DATE.sub("", body))
    masked = _RUN.sub(VALUE, _NAME.sub(VALUE, body))
    return re.sub(r"\s+", " ", masked).strip(" ,.;-") or masked


def _as_state(summary: str) -> str:
    """The predicate of a change put as the state it leads to ("Got a Tesla" -> "Has a Tesla")."""
    rest = _predicate(summary)
    for pattern, state_words in _CHANGES:
        m = pattern.match(rest)
        if m:
            return state_words + " " + rest[m.end():].lstrip()
    return rest


def same_verb(new: str, old: str) -> bool:
    """The two summaries state their attribute with one verb (a change put as the state it leads to:
    "Moved to Porto" and "Lives in Lisbon" both live)."""
    heads = [key_terms(_as_state(s).split(" ", 1)[0] or s)[:1] for s in (new, old)]
    return bool(heads[0]) and heads[0] == heads[1]


def _need(new: str, old: str) -> float:
    """The cosine two summaries' attribute texts need: :data:`SAME` when their verbs agree (:func:`same_verb`),
    :data:`OTHER_VERB` otherwise."""
    return SAME if same_verb(new, old) else OTHER_VERB


def comparable(new: str, old: str) -> bool:
    """The guard before the cosine: the same subject, each a state or a change, ``old`` not a possession
    once put as a state (a second thing got does not end the first: "Got a Macbook" after "Got a Tesla")."""
    who = subject(new)
    if who is None or who != subject(old) or bool(_NEAR.search(new)) != bool(_NEAR.search(old)):
        return False
    if not (state(old) or (change(old) and not _POSSESSION.match(_as_state(old)))):
        return False
    return state(new) or change(new)


def one_holder(new: str, old: str) -> bool:
    """Both name who holds one role of the same subject ("Manager is Priya", "Wife is Hannah"): a role held
    by one at a time, unlike "friend" or "colleague", so the second name is a new holder."""
    who = subject(new)
    if not who or who != subject(old) or who.endswith("s") or who.split()[-1] in _MANY:
        return False
    return bool(_IDENTITY.match(_predicate(new)) and _IDENTITY.match(_predicate(old)))


def new_value(new: str, old: str, cosine: float, *, single: bool = False) -> bool:
    """``new`` gives another value of the attribute ``old`` states: comparable, the same attribute by
    meaning, names of its own where ``old`` has names the new one lacks, and a sign that the attribute
    holds one value: ``single`` (a rule's key says so), ``new`` says its value is new (:func:`cue`), or both
    name a role's one holder (:func:`one_holder`); without one, "Speaks French" beside "Speaks Spanish" is
    a second value, not a new one."""
    mine, theirs = values(new), values(old)
    return bool(mine - theirs) and bool(theirs - mine) and (single or cue(new) or one_holder(new, old)) \
        and not _MORE.search(new) and comparable(new, old) and cosine >= _need(new, old)


def restated(new: str, old: str, cosine: float) -> bool:
    """``new`` says again what ``old`` says, in other words: comparable, the same attribute by meaning, the
    same names (at least one)."""
    mine = values(new)
    return bool(mine) and mine <= values(old) and comparable(new, old) and cosine >= _need(new, old)
