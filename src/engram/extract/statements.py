"""Statement-level extraction: what the user disclosed that no rule read, in their own words. Pure.

The rules of :mod:`engram.extract.rules` read the attributes they were written for ("I live in Porto" ->
``user/residence``). People say far more about themselves than any list of templates foresees ("I went to
an LGBTQ support group yesterday and it was so powerful"). This module keeps such a clause as a
*statement*: a first-person, declarative disclosure (not a question, a pleasantry, filler or a
hypothetical) turned into a third-person summary of what was said ("Went to an LGBTQ support group on
2023-05-07 (Sunday) and it was so powerful"). It carries no key: a statement is consolidated by meaning
against the records most like it (:mod:`engram.strategies.statements`), never by a key string.

Two statements joined in one sentence stay two ("I work nights and my sister lives in Rome").
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..core.text import key_terms
from .base import Category
from .lexicon import NOT_NAMES
from .text import IRREGULAR_PAST, cap

RULE = "statement"  # Fact.rule of a statement (its attribute is ATTRIBUTE; strategies drop the key)
ATTRIBUTE = "statement"

_FIRST = re.compile(r"\b(?:I|me|my|mine|myself|we|us|our|ours|ourselves)\b", re.IGNORECASE)
_SUBJECT = re.compile(r"^(?:I|we)\b\s*", re.IGNORECASE)
_OWNED = re.compile(r"^(?:my|our)\s+(?=\w)", re.IGNORECASE)
# the listener, the conversation, an unresolved thing: the clause is not about the speaker's life
_LISTENER = re.compile(r"\b(?:you|your|yours|yourself|u|ur|ya|y'all|yall)\b", re.IGNORECASE)
_POINTING = re.compile(r"^(?:it|this|that|these|those|which|who|there|here|he|she|they|him|her|them|what|"
                       r"everything|something|anything|nothing)\b", re.IGNORECASE)
_HYPOTHETICAL = re.compile(
    r"\b(?:if|would|could|might|maybe|perhaps|wish|hope|hoping|hopefully|imagine|suppose|unless|should|"
    r"wonder|wondering|probably|possibly|gonna try|i'd|we'd|someday|one day)\b", re.IGNORECASE)
# heads of pleasantry and filler: "I know", "I think so", "I'm glad", "I can't wait", "I'm doing well"
_FILLER_HEAD = re.compile(
    r"^(?:I|we)\s+(?:(?:really|totally|completely|just|so|definitely|do|am|are|was|\d+%|fully|all)\s+)*"
    r"(?:know|knew|think|thought|guess|mean|bet|agree|see|believe|understand|get it|got it|feel the same|"
    r"appreciate|thank|thanks|hear|heard|remember|recall|can(?:not)? wait|can relate|relate|love that|love it|"
    r"like that|like it|glad|happy to hear|sorry|sure|afraid so|doing (?:well|good|great|fine|ok|okay)|"
    r"good|great|fine|ok|okay|well|excited|curious|intrigued|impressed|jealous|agreed?|here for)\b"
    r"|^(?:agreed|totally|absolutely|same)\b", re.IGNORECASE)
_GENERIC = frozenset(key_terms(
    "thing things stuff lot lots time times way really so very much just also too always still even bit kind "
    "sort pretty quite super totally definitely actually honestly literally feel feeling felt get got make made "
    "go going went do doing did say said tell told see saw want know think look looking day today now yesterday "
    "week month year lately recently right good great nice cool awesome amazing glad happy thank thanks love "
    "thankful grateful hopeful optimistic excited stoked proud blessed lucky fun sad super wonderful incredible "
    "fantastic special important busy best dream dreams anything everything journey hard work keep give up "
    "believe push try"))
_PAST = IRREGULAR_PAST | frozenset(re.findall(r"\w+",
    "had did was were felt thought told said heard read wrote drove knew gave kept held grew ate fell flew forgot "
    "led lent meant paid put rode sang sat slept spoke stood swam taught threw understood woke wore built caught "
    "chose drew hung hurt brought fought sent shot stuck tried split cut set let hit shut cost spread broke"))
_PAST_RE = re.compile(r"^(?:\w+ed|" + "|".join(sorted(_PAST)) + r")$", re.IGNORECASE)
_ADVERB = re.compile(r"^(?:(?:just|really|also|always|usually|often|still|finally|actually|recently|never|first|"
                     r"sometimes|already|even|totally|definitely|absolutely|truly|honestly|currently|now)\s+)+",
                     re.IGNORECASE)
_THIRD = {"am": "is", "are": "is", "was": "was", "were": "was", "have": "has", "do": "does", "go": "goes",
          "can": "can", "will": "will", "must": "must", "cannot": "cannot", "had": "had", "did": "did"}
_INNER = [(r"\bI am\b", "they are"), (r"\bI was\b", "they were"), (r"\bI have\b", "they have"),
          (r"\bwe are\b", "they are"), (r"\bwe were\b", "they were"), (r"\bI\b", "they"), (r"\bwe\b", "they"),
          (r"\bme\b", "them"), (r"\bus\b", "them"), (r"\bmyself\b", "themselves"), (r"\bourselves\b", "themselves"),
          (r"\bmy\b", "their"), (r"\bour\b", "their"), (r"\bmine\b", "theirs"), (r"\bours\b", "theirs")]
_PREFERENCE = re.compile(r"^(?:love|loves|like|likes|enjoy|enjoys|prefer|prefers|hate|hates|adore|adores|"
                         r"dislike|dislikes|can't stand|cannot stand)\b", re.IGNORECASE)
# "I'm not X anymore", "I sold the camper", "we split up", "between jobs": the clause says something is over
ENDING = re.compile(
    r"\b(?:no longer|not\b.{0,40}\b(?:any ?more|any longer)|anymore|sold|quit|gave up|given up|stopped|"
    r"split up|broke up|broken up|divorced|left|retired from|between jobs|got rid of|used to|moved out|finished with|"
    r"ended|cancelled|canceled)\b", re.IGNORECASE)
_SPLIT = re.compile(r"(?:(?:,\s*|\s+)(?:and\s+)?(?:also|btw|by the way|plus)\s+|(?:,\s*|\s+)(?:and|but|so|while|"
                    r"although|though|because)\s+|\s+[-\u2013\u2014]+\s+(?:and\s+)?|\s*;\s*)(?=(?:I|we|my|our)\b)",
                    re.IGNORECASE)
_CALLED = r"(?:[A-Z][a-z]+|guys|girl|dude|mate|buddy|friend)"
_VOCATIVE = re.compile(rf"^{_CALLED}\s*,\s*|,\s*{_CALLED}\s*$")  # "Caroline, ..." / "..., Mel": who is spoken to
_GROUP = re.compile(r"\b(we|us)\s+(?:all|both)\b", re.IGNORECASE)  # "we all have" is "we have"
_SUBORDINATE = re.compile(r"^(?:since|when|whenever|as|after|before|while|because|until|once|though|although|"
                          r"whether|instruction|instructions|by|with|for|in|on|at|to|from|about|and|or|but|so|"
                          r"like|just like|than|then|also|plus)\b", re.IGNORECASE)
_IMPERATIVE = re.compile(r"^(?:check|look|take|see|let|guess|imagine|remember|tell|show|keep|try|come|go)\b",
                         re.IGNORECASE)
_GERUND_SUBJECT = re.compile(r"^(?:I|we)\s+(?:am|are)\s+\w+ing\b.*\b(?:is|are|was|makes|helps|brings|means)\b",
                             re.IGNORECASE)
# a request ("I need help finding a pharmacy") or something that has not happened ("I haven't started
# revising"): nothing to remember about the speaker
_REQUEST = re.compile(r"^(?:I|we)\s+(?:really\s+)?(?:need|want|would like|am looking for|are looking for)\s+"
                      r"(?:some\s+|a\s+|an\s+|your\s+|to know\b|to find\b)?(?:help|advice|ideas?|tips?|"
                      r"recommendations?|suggestions?|info|information|recipes?|to know|to find)\b", re.IGNORECASE)
_NOT_DONE = re.compile(r"^(?:I|we)\s+(?:still\s+)?(?:have not|haven't|did not|didn't|had not|hadn't)\b", re.IGNORECASE)
# a clause starting with a reaction, not a subject ("Glad my journey is inspiring others", "Need a push")
_REACTION = re.compile(r"^(?:glad|happy|sorry|thanks|thank|need|hope|wish|love|good|great|nice|sounds|seems|"
                       r"so|such|what|how|wow|yay|aw+|oh|lol|haha|inspiring)\b", re.IGNORECASE)
_MODAL = re.compile(r"^(?:will|can|cannot|could|must|is going to|are going to)\b", re.IGNORECASE)
# someone of the user's named as the subject: "Jhun is graduating grade 6 at Mabolo Elementary", "Reza got an offer
# at McGill": what the user tells of the people in their life (one person: not "Winters are brutal", "Climbing is")
_NAMED = re.compile(r"^(?P<n>(?-i:[^\W\d_a-z])[\w'’-]+(?<!ing))\s+(?:is|was|has|had|got|gets|goes|went|lives|works|"
                    r"started|starts|moved|plays|studies|teaches|graduated|graduates|just|finally|now|still)\b")
_NOT_SUBJECTS = NOT_NAMES | frozenset(("Today", "Tomorrow", "Yesterday", "Everyone", "Everything", "Someone",
                                      "Nobody", "Nothing", "Mine", "Ours"))


def _named_subject(t: str) -> bool:
    """A clause about someone named (not an ending of theirs: :mod:`.endings` reads "Łatka is gone")."""
    m = _NAMED.match(t)
    return m is not None and m.group("n") not in _NOT_SUBJECTS and not ENDING.search(t) and \
        re.search(r"\b(?:gone|died|dead|passed|over|lost)\b", t, re.IGNORECASE) is None


MIN_TERMS = 2  # content terms a statement needs (names and numbers count double)


@dataclass(frozen=True, slots=True)
class Statement:
    """One disclosure: its third-person summary, what it is about, whether it says something is over."""

    summary: str
    category: Category
    ending: bool = False


def parts(text: str) -> list[str]:
    """A clause split where a second first-person statement begins ("I work nights and my sister ...")."""
    return [p.strip(" ,;-") for p in _SPLIT.split(text) if p.strip(" ,;-")]


def read(text: str, dated: str | None = None, written: str | None = None) -> list[Statement]:
    """The statements of one declarative clause (already known not to be a question or a hedge).

    ``dated`` is the clause with its time expressions resolved ("on 2023-05-07 (Sunday)"); when given it
    is what the summary says, so a record never says "yesterday". ``written`` is the clause as the user
    wrote it, when ``text`` put back a dropped subject: "Went biking" is read as "I went biking", but
    "Got any tips" (a question without its mark) and "Having my fam around helps" (a gerund is the
    subject) are read as written.
    """
    if written is not None and written.strip() != text.strip():
        w = _VOCATIVE.sub("", written.strip())
        head = w.split(" ", 1)[0]
        if re.match(r"^\w+\s+any\b", w, re.IGNORECASE) or (not _FIRST.search(w) and not _PAST_RE.match(head)):
            return []
        if re.match(r"^\w+ing\b", w) and not re.match(r"^(?:I|we)\b", w, re.IGNORECASE):
            text = dated = w
    text = _VOCATIVE.sub("", _GROUP.sub(r"\1", text.strip()))
    dated = _VOCATIVE.sub("", _GROUP.sub(r"\1", dated.strip())) if dated else None
    out = []
    source = dated if dated and len(parts(dated)) == len(parts(text)) else text
    for raw, said in zip(parts(text), parts(source), strict=True):
        s = one(raw, said)
        if s is not None:
            out.append(s)
    return out


def one(text: str, said: str | None = None) -> Statement | None:
    """One first-person disclosure as a :class:`Statement`, or None when the clause is not one."""
    said = (said or text).strip().rstrip(".!?,;:- ")
    t = text.strip()
    if not t or t.endswith("?") or not (_FIRST.search(t) or _named_subject(t)) or _LISTENER.search(t) or \
            _POINTING.match(t):
        return None
    if _HYPOTHETICAL.search(t) or _FILLER_HEAD.match(t) or re.match(r"^(?:I|we)\s*$", t, re.IGNORECASE):
        return None
    if not _SUBJECT.match(t) and not _OWNED.match(t) and not re.match(r"^(?:the|a|an|[A-Z]\w+)\b", t) \
            and not re.match(r"^[\w-]+\s+(?:is|are)\s+(?:my|our)\s", t):  # "fencing is my sport"
        return None
    if _REQUEST.match(t) or (_NOT_DONE.match(t) and not ENDING.search(t)) or _REACTION.match(t):
        return None
    if _SUBORDINATE.match(t) or _IMPERATIVE.match(t) or _GERUND_SUBJECT.match(t) or len(t.split()) < 3:
        return None
    summary = third_person(said)
    if len(summary.split()) < 3:
        return None
    terms = [x for x in key_terms(summary) if x not in _GENERIC and x not in ("they", "them", "their")]
    weight = len(terms) + sum(1 for w in re.findall(r"(?<!^)\b[A-Z][\w'-]+|\d+", summary) if w)
    if len(terms) < 1 or weight < MIN_TERMS or len(summary) > 300:
        return None
    if _MODAL.match(summary) and len(terms) < 3:
        return None  # "Will try their best", "Can handle anything": encouragement, not a fact
    body = _ADVERB.sub("", _SUBJECT.sub("", t))
    head = body.split(" ", 1)[0] if body else ""
    category: Category
    if _PREFERENCE.match(body):
        category = "preference"
    elif _PAST_RE.match(head) or re.match(r"^(?:have|has)\s+(?:\w+\s+)?\w+ed\b", body, re.IGNORECASE):
        category = "event"
    else:
        category = "fact"
    return Statement(summary=summary, category=category, ending=bool(ENDING.search(t)))


def third_person(text: str) -> str:
    """A first-person clause as a third-person summary with the user implied: "I'm into pottery" ->
    "Is into pottery", "My sister visited me" -> "Sister visited them", "We went camping" -> "Went camping"."""
    t = text.strip()
    m = _SUBJECT.match(t)
    if m:
        rest = t[m.end():]
        adv = _ADVERB.match(rest)
        lead, rest = (adv.group(0), rest[adv.end():]) if adv else ("", rest)
        verb, _, tail = rest.partition(" ")
        low = verb.lower()
        if low in _THIRD:
            verb = _THIRD[low]
        elif low.endswith("n't") or low in ("not",):
            verb = {"don't": "does not", "didn't": "did not", "can't": "cannot", "won't": "will not",
                    "haven't": "has not", "wasn't": "was not"}.get(low, low)
        elif not _PAST_RE.match(low) and not low.endswith("ing") and re.fullmatch(r"[a-z]+", low):
            verb = _present_s(low)
        t = f"{lead}{verb} {tail}".strip()
    else:
        t = _OWNED.sub("", t)
    for pattern, repl in _INNER:
        t = re.sub(pattern, repl, t, flags=re.IGNORECASE if pattern != r"\bI\b" else 0)
    t = re.sub(r"\s+", " ", t).strip(" ,;-")
    return cap(t)


def _present_s(verb: str) -> str:
    if verb.endswith(("s", "sh", "ch", "x", "z", "o")):
        return verb + "es"
    if verb.endswith("y") and len(verb) > 2 and verb[-2] not in "aeiou":
        return verb[:-1] + "ies"
    return verb + "s"


def content(text: str) -> set[str]:
    """What a summary is about, for comparing statements: its stemmed content words, frame words aside."""
    return {t for t in key_terms(text) if t not in _GENERIC and t not in ("they", "them", "their")}
