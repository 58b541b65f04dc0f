"""Chat English said the way the rules read it: "fav colour is teal now lol" -> "My favourite colour is teal now".

People state a fact in many shapes the rules were not written for: without a subject ("moved to Oslo
lol"), through what they do with it ("My Golf needs new tyres", "Practising my Dutch every day"), by
evaluating it ("Nothing beats ramen, it's my favourite food", "Living in Porto is great"), or by saying an
old value is over ("I'm done with yoga", "The Clio is gone", "No more Globex for me"). :func:`sentence`
rewrites one contraction-expanded sentence into the plain first-person form the rule groups already read
("I live in Oslo", "I drive a VW Golf", "I am learning Dutch", "I gave up yoga"), so every rule keeps one
shape per fact. It only rewrites; it never decides that something is a fact (questions and hedges are
still read as such by the extractor). Each pattern is one rewrite; the first that matches applies, then
the chat tails ("lol", "btw") are dropped from what is left.
"""

from __future__ import annotations

import re

from .lexicon import CAR_MAKES, DIETS, LANGS

_PLACE = r"(?P<p>[A-Z][\w'.-]*(?:\s+[A-Z][\w'-]*)*)"
_ORG = r"(?P<o>[A-Z][\w&.'-]*(?:\s+[A-Z][\w&.'-]*)*)"
_CAR = r"(?P<car>(?i:" + "|".join(sorted(CAR_MAKES, key=len, reverse=True)) + r")(?:\s+[\w-]+){0,2}?)"
_DIET = r"(?P<d>" + "|".join(sorted(DIETS, key=len, reverse=True)) + r")"
_LANG = r"(?P<l>(?i:" + "|".join(sorted(LANGS, key=len, reverse=True)) + r"))"
_JOB = r"(?P<j>(?:a|an)\s+[\w -]+?)"
_TAIL = re.compile(r"[\s,]*\b(?:lol|lmao|haha+|btw|tbh|fyi|for real)\b[\s.!]*$", re.IGNORECASE)
_OPENERS = re.compile(r"^(?:decided|update|news|big news|good news|quick update|so|well|ok|okay|yay|guess what|"
                      r"(?:I|we) did it)\s*[:!,.-]\s*", re.IGNORECASE)
_SUBJECTLESS = re.compile(r"^(?:just\s+|finally\s+)?(?P<v>moved|relocated|joined|started|switched|went|bought|"
                          r"took up|signed up for|picked up|work (?:at|for|as)|live in|drive)\b", re.IGNORECASE)
_PROGRESSIVE = re.compile(r"^(?P<v>learning|living|working|into|based)\b", re.IGNORECASE)

# (pattern, replacement): read with re.IGNORECASE off unless the pattern says (?i:...).
_RULES: list[tuple[re.Pattern[str], str]] = [(re.compile(p), r) for p, r in [
    # favourites
    (r"^(?i:fav|fave)\s+(?P<cat>\w+)\s+is\s+(?P<x>.+)$", r"My favourite \g<cat> is \g<x>"),
    (r"^(?i:my)\s+(?i:fav|fave)\s+(?P<cat>\w+)\s+is\s+(?P<x>.+)$", r"My favourite \g<cat> is \g<x>"),
    (r"^(?i:nothing beats)\s+(?P<x>.+?),\s+it is my favourite\s+(?P<cat>\w+)\b.*$", r"My favourite \g<cat> is \g<x>"),
    (r"^I would (?:pick|choose|take)\s+(?P<x>.+?)\s+as my favourite\s+(?P<cat>\w+)\b.*$",
     r"My favourite \g<cat> is \g<x>"),
    (r"^I am (?:over|done with|sick of|tired of)\s+(?!(?:the moon|it|that|this|him|her|them|you|myself)\b)"
     r"(?P<x>\w[\w' -]{0,30}?)$", r"I gave up \g<x>"),
    # residence
    (r"^(?i:our|my)\s+(?:new\s+)?(?:flat|house|home|place|apartment)\s+in\s+" + _PLACE + r"\s+(?:is|has)\b.*$",
     r"I live in \g<p>"),
    (r"^(?i:our|my)\s+new\s+(?:flat|house|home|place|apartment)\s+is\s+in\s+" + _PLACE + r"\b.*$",
     r"I live in \g<p>"),
    (r"^(?i:writing)\s+(?:to you\s+)?from\s+" + _PLACE + r",?\s+where (?:I|we) live\b.*$", r"I live in \g<p>"),
    (r"^(?i:living|life)\s+in\s+" + _PLACE + r"\s+is\b.*$", r"I live in \g<p>"),
    (r"^(?i:here in)\s+" + _PLACE + r"\b.*$", r"I live in \g<p>"),
    (r"^(?i:the move to)\s+" + _PLACE + r"\s+(?:happened|is done|went)\b.*$", r"I moved to \g<p>"),
    (r"^(?:I|we)\s+left\s+" + _PLACE + r"\s+for good$", r"I moved away from \g<p>"),
    # work
    (r"^(?i:my)\s+(?:job|work|role)\s+as\s+" + _JOB + r"\s+(?:keeps|is|has|makes|pays)\b.*$", r"I work as \g<j>"),
    (r"^(?i:work)\s+as\s+" + _JOB + r"\s+(?:has been|is|was|keeps)\b.*$", r"I work as \g<j>"),
    (r"^(?i:being)\s+" + _JOB + r"\s+(?:is|can be|has been)\b.*$", r"I work as \g<j>"),
    (r"^(?i:another)\s+(?:long\s+|busy\s+|hard\s+)?(?:week|day|shift)\s+of\s+being\s+" + _JOB + r"$",
     r"I work as \g<j>"),
    (r"^I (?:started|retrained|qualified|trained) as\s+" + _JOB + r"(?:\s+(?:this|last|in|on|today)\b.*)?$",
     r"I work as \g<j>"),
    (r"^I am (?:done|finished) being\s+" + _JOB + r"$", r"I am no longer \g<j>"),
    (r"^(?i:my)\s+(?:team|office|boss|manager|colleagues)\s+at\s+" + _ORG + r"\s+(?:is|are|has|have)\b.*$",
     r"I work at \g<o>"),
    (r"^(?i:things)\s+at\s+" + _ORG + r",?\s+where I work\b.*$", r"I work at \g<o>"),
    (r"^" + _ORG + r"\s+(?:hired|has hired|took on|offered me the job)\b.*$", r"I joined \g<o>"),
    (r"^(?:I\s+)?(?i:got)\s+the\s+(?:job|offer|position)\s+(?:at|with)\s+" + _ORG + r".*$", r"I joined \g<o>"),
    (r"^I (?:start|am starting|will start)\s+(?:at|with)\s+" + _ORG
     + r"(?P<rest>\s+(?:on|next|this|in|tomorrow)\b.*)?$", r"I joined \g<o>"),
    (r"^I handed in my notice\s+(?:at|to)\s+" + _ORG + r".*$", r"I quit \g<o>"),
    (r"^I am at\s+" + _ORG + r"\s+now,?\s+(?:the\s+)?(?:offer|job|contract|position)\b.*$", r"I work at \g<o>"),
    # car
    (r"^(?:I\s+)?(?:have|own|picked up|bought|got)\s+(?:a|an|the|my)\s+(?:new\s+|used\s+|old\s+)?" + _CAR
     + r"(?:\s+(?:now|yesterday|today|last \w+|this \w+))?(?:,.*)?$", r"I drive a \g<car>"),
    (r"^(?i:my|the)\s+" + _CAR + r"\s+(?:needs|did|is running|has|had|passed|broke)\b.*$", r"I drive a \g<car>"),
    (r"^(?:I\s+)?(?i:took|filled up|washed|serviced|parked)\s+(?:my|the)\s+" + _CAR
     + r"(?:\s+(?:in|today|yesterday|for|on|at|this|last|up)\b.*)?$", r"I drive a \g<car>"),
    (r"^(?i:the|my)\s+(?P<x>(?:[\w-]+\s+){0,3}[\w-]+)\s+is gone$", r"I got rid of the \g<x>"),
    # hobbies
    (r"^I (?:took up|have taken up|picked up)\s+(?P<x>[a-z][\w -]*?)(?:\s+instead)?(?:\s+and\b.*)?$",
     r"I am into \g<x>"),
    (r"^(?:I\s+)?(?i:signed up for)\s+(?P<x>[a-z][\w -]*?),\s+it is my thing\b.*$", r"I am into \g<x>"),
    (r"^I am (?:done|finished) with\s+(?P<x>[\w -]+?)$", r"I gave up \g<x>"),
    (r"^I dropped\s+(?P<x>[\w -]+?)$", r"I gave up \g<x>"),
    (r"^(?i:nothing relaxes me like)\s+(?P<x>[a-z][\w -]*?),\s+my main hobby$", r"My main hobby is \g<x>"),
    # languages
    (r"^(?:I am\s+)?(?i:practising|practicing)\s+my\s+" + _LANG + r"\b.*$", r"I am learning \g<l>"),
    (r"^(?i:my)\s+" + _LANG + r"\s+(?:lessons|classes|course)\s+(?:are|is|have|has)\b.*$", r"I am learning \g<l>"),
    (r"^I (?:have\s+)?switched to\s+" + _LANG + r"\b.*$", r"I am learning \g<l>"),
    (r"^I am learning\s+" + _LANG + r"\s+now,.*$", r"I am learning \g<l> now"),
    # diet
    (r"^(?i:being)\s+" + _DIET + r"\s+(?:makes|is|can be|means)\b.*$", r"I am \g<d>"),
    (r"^(?i:as)\s+someone who is\s+" + _DIET + r"\b.*$", r"I am \g<d>"),
    (r"^I eat\s+" + _DIET + r"(?:\s+now)?$", r"I am \g<d> now"),
    (r"^(?i:officially)\s+" + _DIET + r"(?:\s+now)?$", r"I am \g<d> now"),
    # other people
    (r"^(?P<s>(?i:my)\s+\w+(?:\s+[A-Z]\w+)?|[A-Z]\w+)\s+loves living in\s+" + _PLACE + r"\b.*$",
     r"\g<s> lives in \g<p>"),
    (r"^(?P<s>(?i:my)\s+\w+(?:\s+[A-Z]\w+)?|[A-Z]\w+)\s+loves (?:his|her|their) job as\s+" + _JOB + r"$",
     r"\g<s> works as \g<j>"),
    (r"^(?i:visiting)\s+(?P<s>my\s+\w+(?:\s+[A-Z]\w+)?)\s+in\s+" + _PLACE + r"\b.*?;?\s+that is where (?:he|she|they) "
     r"lives?\b.*$", r"\g<s> lives in \g<p>"),
]]


def sentence(text: str) -> str:
    """``text`` (one sentence, contractions expanded) in the form the rules read; unchanged when no rule fits."""
    s = _TAIL.sub("", text.strip()) or text.strip()
    if s.endswith("?"):
        return s
    s = _OPENERS.sub("", s) or s
    s = re.sub(r"\bofficially\s+(?=(?:a|an|" + "|".join(DIETS) + r")\b)", "", s)
    end = s[-1] if s and s[-1] in ".!" else ""
    body = s.rstrip(".!").strip()
    got = _rewrite(body)
    if got is None and (_SUBJECTLESS.match(body) or _PROGRESSIVE.match(body)):
        body = ("I " if _SUBJECTLESS.match(body) else "I am ") + body[0].lower() + body[1:]
        got = _rewrite(body) or body
    return (got + end) if got is not None else s


def _rewrite(body: str) -> str | None:
    for pat, rep in _RULES:
        if pat.match(body):
            return pat.sub(rep, body, count=1)
    return None
