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

from .lexicon import AWAY_RE, CAR_MAKES, DIETS, HEAD_OF, JOB_HEADS, LANGS, NOT_NAMES
from .text import is_activity

_PLACE = r"(?P<p>[A-Z][\w'.-]*(?:\s+[A-Z][\w'-]*)*)"
_ORG = r"(?P<o>[A-Z][\w&.'-]*(?:\s+[A-Z][\w&.'-]*)*)"
_CAR = r"(?P<car>(?i:" + "|".join(sorted(CAR_MAKES, key=len, reverse=True)) + r")(?:\s+[\w-]+){0,2}?)"
_DIET = r"(?P<d>" + "|".join(sorted(DIETS, key=len, reverse=True)) + r")"
_LANG = r"(?P<l>(?i:" + "|".join(sorted(LANGS, key=len, reverse=True)) + r"))"
_JOB = r"(?P<j>(?:a|an)\s+[\w -]+?)"
_JOB_HEADS = "|".join(sorted(JOB_HEADS, key=len, reverse=True))
# a job said without its article, as many write it: "I am translator", "I am English teacher in a school"
_BARE_JOB = (r"(?!(?i:a|an|the|my|your|his|her|our|their|not|so|very|really|such|no|one)\b)"
             r"(?P<j>(?i:" + HEAD_OF + r")|(?:[A-Za-z-]+\s+){0,2}?(?i:" + _JOB_HEADS + r"))")  # "head of science"
_ANSWERS_NOT = r"(?!(?i:sorry|yes|yeah|no|nope|well|oh|ok|okay|also|and|but|so|sadly|unfortunately|actually)\b)"
_TAIL = re.compile(r"[\s,]*\b(?:lol|lmao|haha+|btw|tbh|fyi|for real)\b[\s.!]*$", re.IGNORECASE)
_OPENERS = re.compile(r"^(?:decided|update|news|big news|good news|quick update|so|well|ok|okay|yay|guess what|"
                      r"(?:I|we) did it)\s*[:!,.-]\s*", re.IGNORECASE)
# a statement said without its "I", as chat does: "just moved to Oslo", "finally gave up smoking"
SUBJECTLESS = re.compile(r"^(?:(?:just|finally|recently|also|totally)\s+)?(?P<v>moved|relocated|joined|started|"
                         r"switched|went|bought|took up|signed up for|picked up|work (?:at|for|as)|live in|drive|"
                         r"have not|gave up|quit|stopped|sold|got rid of|broke up with|split up with)\b", re.IGNORECASE)
# a name, not a date: "starting at Arup", not "starting April 20th"
_NAMED = (r"(?!(?:January|February|March|April|May|June|July|August|September|October|November|December|Monday|"
          r"Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday|Next|This|Tomorrow|Today|Soon)\b)[A-Z]")
_PROGRESSIVE = re.compile(
    r"^(?P<v>(?i:learning|living|working|into|based|trying)"
    r"|(?i:starting)(?=\s+(?:(?i:at|with|for|a|an|my|our|the|work|school|uni|college)\b|" + _NAMED + r"))"
    r"|(?i:joining)(?=\s+(?:(?i:a|an|the|my|our)\b|" + _NAMED + r"))"
    r"|(?i:moving)(?=\s+(?i:to|into|in|out|back|house|home|abroad)\b))\b")
# a parent or grandparent named as chat names them, without "my": "mum moved to Leiden", "dad says hi"
_BARE_KIN = re.compile(r"^(?:(?=(?:mum|mom|mam|mummy|mommy|dad|daddy|grandma|grandpa|granny|gran|nan|nana)\s+[a-z])|"
                       r"the\s+(?=(?:twins|kids|children|boys|girls)\s+(?:are|go|have|started|start)\b))",
                       re.IGNORECASE)  # "mum says ...", "the twins are at Ysgol Pencae": the user's


# a statement handed over for keeping: "can you keep in mind that ...", "remember that ...", "for context, ..."
_TELL = re.compile(r"^(?:(?:can|could|would|will)\s+(?:you|u)\s+(?:please\s+)?|please\s+|just\s+)?"
                   r"(?:keep in mind|bear in mind|remember|note|make a note|take note)\s+(?:that\s+)?"
                   r"(?=(?:I|my|we|our)\b)"
                   r"|^(?:just so you know|fyi|for context|for the record|heads up)\s*[,:-]?\s*(?=(?:I|my|we|our)\b)",
                   re.IGNORECASE)


def with_subject(body: str) -> str:
    """``body`` with the "I" chat leaves out put back (see :data:`SUBJECTLESS`); unchanged otherwise."""
    return "I " + body[0].lower() + body[1:] if SUBJECTLESS.match(body) else body


# (pattern, replacement): read with re.IGNORECASE off unless the pattern says (?i:...).
_RULES: list[tuple[re.Pattern[str], str]] = [(re.compile(p), r) for p, r in [
    # favourites
    # "new favourite band: Bon Iver"
    (r"^(?:(?i:my)\s+)?(?i:new)\s+(?i:favou?rite)\s+(?P<cat>\w+)\s*[:,-]\s*(?P<x>[^.!?,]+?)[.!]*$",
     r"My new favourite \g<cat> is \g<x>"),
    # "Can't get enough of Sigur Rós, my all-time favourite", "I'd pick X since they're my favourite author"
    (r"^(?:I\s+)?(?i:cannot|can't)\s+(?i:get enough of)\s+(?P<x>[^,]+?),\s+(?i:my)\s+(?i:all-time\s+|absolute\s+)?"
     r"(?i:favou?rite)(?:\s+(?P<cat>\w+))?[.!]*$", r"My favourite \g<cat> is \g<x>"),
    (r"^.*?\b(?P<x>[A-Z][\w'’-]*(?:\s+[A-Z][\w'’-]*){0,2})\s+(?i:since|because|as)\s+(?i:they|he|she)\s+"
     r"(?i:is|are)\s+(?i:my)\s+(?i:all-time\s+)?(?i:favou?rite)\s+(?P<cat>\w+)\b.*$", r"My favourite \g<cat> is \g<x>"),
    (r"^(?i:favourite)\s+(?P<cat>\w+)\s+is\s+(?P<x>.+)$", r"My favourite \g<cat> is \g<x>"),
    # "songs like fontaines dc, they're my fav band"
    (r"^.*?\b(?i:like|by|of|from)\s+(?P<x>[\w'’.-]+(?:\s+[\w'’.-]+){0,2}),\s+(?i:they|he|she)\s+(?i:is|are)\s+"
     r"(?i:my)\s+(?i:all-time\s+)?(?i:favourite)\s+(?P<cat>\w+)\b.*$", r"My favourite \g<cat> is \g<x>"),
    (r"^(?i:nothing beats)\s+(?P<x>.+?),\s+it is my favourite\s+(?P<cat>\w+)\b.*$", r"My favourite \g<cat> is \g<x>"),
    (r"^I would (?:pick|choose|take)\s+(?P<x>.+?)\s+as my favourite\s+(?P<cat>\w+)\b.*$",
     r"My favourite \g<cat> is \g<x>"),
    (r"^I am (?:over|done with|sick of|tired of)\s+(?!(?:the moon|it|that|this|him|her|them|you|myself)\b)"
     r"(?P<x>\w[\w' -]{0,30}?)$", r"I gave up \g<x>"),
    # an allergy said after the food: "no prawns, I'm allergic", "cashews are off limits for me, allergy",
    # "I react badly to mango, proper allergy", "can't have sesame (allergy)"
    (r"^(?=.*?(?i:allerg))"  # checked first: a sentence without the word is passed over in linear time
     r"(?:.*?[,;?]\s*)?(?:(?i:no)\s+|(?:.*?\b)?(?i:react badly to|reacts badly to|anything with|cannot have|"
     r"can't have|cannot eat|can't eat|avoid)\s+)(?P<x>[\w' -]{2,30}?)(?:\s+(?i:is|are)\s+(?i:off limits|a no-go|out)"
     r"(?:\s+(?i:for me))?)?\s*[,;(]\s*(?:(?i:I am|I'm|im)\s+(?:(?i:very|really|severely|super)\s+)?(?i:allergic)|"
     r"(?:(?i:a|an|proper|real|bad|serious|actual|severe)\s+)?(?i:allergy))\)?[.!]*$", r"I am allergic to \g<x>"),
    # ... or as what it does to them: "Peanuts make me sick, I'm allergic.", "cats give me hives, allergic to them"
    (r"^(?P<x>[\w' -]{2,30}?)\s+(?i:make|makes|made|give|gives|gave)\s+me\s+[\w -]{2,20}?\s*[,;]\s*"
     r"(?:(?:(?i:I am|I'm|im)\s+)?(?:(?i:very|really|severely|super)\s+)?(?i:allergic)"
     r"(?:\s+(?i:to)\s+(?i:it|them|those|these|that))?|(?:(?i:an?|proper|real|bad|serious|actual|severe)\s+)?"
     r"(?i:allergy))[.!]*$", r"I am allergic to \g<x>"),
    # ... or before it, as an answer: "Only peanuts, I'm allergic", "Shellfish, I'm allergic."
    (r"^(?:(?i:only|just|mainly|mostly)\s+)?" + _ANSWERS_NOT + r"(?P<x>[\w' -]{2,30}?)\s*,\s*(?i:I am|I'm|im)\s+"
     r"(?:(?i:very|really|severely|super)\s+)?(?i:allergic)[.!]*$", r"I am allergic to \g<x>"),
    # a new job: "I found a job as pharmacy assistant at Boots", "I got a junior designer job at Monzo",
    # "I got a position at UiT", "they've made me a depot controller"
    (r"^I (?:have )?(?:just\s+|finally\s+)?(?:found|got|landed|accepted|started)\s+(?:a|the|my)\s+(?:new\s+)?"
     r"(?:job|position|role|post)\s+as\s+(?:a\s+|an\s+)?(?P<j>[\w' -]{2,40}?)\s+(?:at|with)\s+(?P<o>.+)$",
     r"I work as a \g<j> at \g<o>"),
    # ... named by its job noun ("a junior designer job"); any other word before "job" only describes it ("a new
    # job", "an on campus job", "a part-time job"): the employer alone
    (r"^(?:I )?(?:have )?(?:just\s+|finally\s+)?(?i:got|landed|found)\s+(?:a|an)\s+(?:new\s+)?"
     r"(?P<j>(?:[\w-]+\s+){0,3}?(?i:" + _JOB_HEADS + r"))\s+(?:job|role|position)\s+(?:at|with)\s+(?P<o>.+)$",
     r"I work as a \g<j> at \g<o>"),
    (r"^(?:I )?(?:have )?(?:just\s+|finally\s+)?(?i:got|landed|found|accepted)\s+(?:a|an|the)\s+"
     r"(?:[\w-]+\s+){0,3}?(?:job|position|role|post)\s+(?:at|with)\s+(?P<o>.+)$", r"I work at \g<o>"),
    (r"^(?:they|my boss|my manager|the company|work)\s+(?:have|has)?\s*(?:just\s+|finally\s+)?(?:made|promoted)\s+me"
     r"\s+(?:to\s+)?(?:a\s+|an\s+)?(?P<j>[\w' -]{2,40}?)(?:\s+(?:last|this)\s+(?:week|month|year)|\s+yesterday|"
     r"\s+today)?[.!]*$", r"I work as a \g<j>"),  # when they did is no part of the job
    (r"^I (?:have been|was|got|have got)\s+(?:just\s+)?(?:made|promoted to)\s+(?:a\s+|an\s+)?(?P<j>[\w' -]{2,40}?)"
     r"[.!]*$", r"I work as a \g<j>"),
    (r"^I am\s+" + _BARE_JOB + r"\b(?P<rest>.*)$", r"I am a \g<j>\g<rest>"),
    # a job said without a verb: "Project engineer at Nesma in Riyadh, I start in May"
    (r"^" + _BARE_JOB + r"\s+(?:at|with)\s+(?P<o>[A-Z][\w&.'’-]*(?:\s+(?:[A-Z][\w&.'’-]*|in|of))*)"
     r"(?:\s+(?i:now|too|again))?(?:,\s+(?i:based\s+)?(?i:in|out of)\s+[A-Z][\w'’-]*(?:\s+[A-Z][\w'’-]*)?)?$",
     r"I am a \g<j> at \g<o>"),  # "..., based in Toronto": where the office is
    # "crescent made me a dispatcher": whoever made the user one, the job is theirs
    (r"^(?:[\w'’&-]+\s+){1,3}?(?:have\s+|has\s+)?(?:just\s+|finally\s+)?(?:made|promoted)\s+me\s+(?:to\s+)?"
     r"(?:a\s+|an\s+)?" + _BARE_JOB + r"(?:,.*)?$", r"I work as a \g<j>"),
    # learning said without "I am", as chat does: "also learning korean on duolingo rn"
    (r"^(?:(?i:also|still|now|currently)\s+)?(?i:learning)\s+(?P<x>(?!to\b|how\b|that\b|a lot\b)\S.*)$",
     r"I am learning \g<x>"),
    # "I speak German alongside Vietnamese": two languages
    (r"^(?P<h>I speak\s+.+?)\s+(?i:alongside|as well as|plus)\s+" + _LANG + r"\b.*$", r"\g<h> and \g<l>"),
    # residence
    (r"^(?i:our|my)\s+(?:new\s+)?(?:flat|house|home|place|apartment)\s+in\s+" + _PLACE + r"\s+(?:is|has)\b.*$",
     r"I live in \g<p>"),
    (r"^(?i:our|my)\s+new\s+(?:flat|house|home|place|apartment)\s+is\s+in\s+" + _PLACE + r"\b.*$",
     r"I live in \g<p>"),
    (r"^(?i:writing)\s+(?:to you\s+)?from\s+" + _PLACE + r",?\s+where (?:I|we) live\b.*$", r"I live in \g<p>"),
    (r"^(?i:living|life)\s+in\s+" + _PLACE + r"\s+is\b.*$", r"I live in \g<p>"),
    (r"^(?i:here in)\s+" + _PLACE + r"\b.*$", r"I live in \g<p>"),
    # settled for a while: "we've been in Trondheim two weeks now" (weeks or more, and "now": not a trip's day)
    # (an opener without a comma is stripped here only: stripping it for every rule cost natural `held` a probe)
    (r"^(?:(?i:ok|okay|so|well|yeah|yes)\s+)?(?i:I|we) have been (?:living )?in\s+" + _PLACE + r"\s+(?:for\s+)?"
     r"(?:a|an|one|two|three|four|five|six|a few|a couple of|\d+)\s+(?:weeks|months|years|week|month|year)\s+now\b.*$",
     r"I live in \g<p>"),
    # "it's getting cold here in Gdańsk": where the user is, said in passing (not on a trip)
    (r"^(?!.*" + AWAY_RE + r").+?\b(?i:here in)\s+"
     + _PLACE + r"[.!]*$", r"I live in \g<p>"),
    (r"^(?i:the move to)\s+" + _PLACE + r"\s+(?:happened|is done|went)\b.*$", r"I moved to \g<p>"),
    (r"^(?:I|we)\s+left\s+" + _PLACE + r"\s+for good$", r"I moved away from \g<p>"),
    # a new home said as a thing got: "new flat in Bilbao, finally", "got a new place in Leeds"
    (r"^(?:(?:I|we)\s+)?(?:(?i:got|found|have|bought)\s+)?(?:(?i:a|our|my)\s+)?(?i:new)\s+"
     r"(?i:flat|house|home|place|apartment)\s+in\s+" + _PLACE + r"\b.*$", r"I moved to \g<p>"),
    (r"^(?i:just\s+)?(?i:moved)\s*[,;-]\s*(?i:now|finally|living)\s+in\s+" + _PLACE + r"\b.*$", r"I moved to \g<p>"),
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
    (r"^(?:I\s+)?(?i:got)\s+the\s+" + _ORG + r"\s+(?i:job|offer|position|role)\b.*$", r"I joined \g<o>"),
    # a new job said as a thing got: "new job at Iberdrola!", "landed a new role with Arup"
    (r"^(?:I\s+)?(?:(?i:got|landed|found|have|started)\s+)?(?:(?i:a|my)\s+)?(?i:new)\s+(?i:job|position|role|gig)\s+"
     r"(?i:at|with)\s+" + _ORG + r".*$", r"I joined \g<o>"),
    (r"^(?:(?i:now|currently|these days)\s*,?\s+)?(?i:working)\s+(?i:at|for)\s+" + _ORG + r".*$", r"I work at \g<o>"),
    (r"^(?i:my)\s+(?:(?i:new)\s+)?(?i:job|position|role|workplace)\s+(?i:is)\s+(?i:at|with|for)\s+(?:(?i:the)\s+)?"
     + _ORG + r".*$",
     r"I work at \g<o>"),
    (r"^I (?:start|am starting|will start)\s+(?:at|with)\s+" + _ORG
     + r"(?P<rest>\s+(?:on|next|this|in|tomorrow)\b.*)?$", r"I joined \g<o>"),
    (r"^I handed in my notice\s+(?:at|to)\s+" + _ORG + r".*$", r"I quit \g<o>"),
    (r"^I am at\s+" + _ORG + r"\s+now,?\s+(?:the\s+)?(?:offer|job|contract|position)\b.*$", r"I work at \g<o>"),
    (r"^(?i:my\s+)?(?i:first)\s+(?:week|day|month)\s+at\s+" + _ORG + r"\s+(?:done|over|finished)$", r"I work at \g<o>"),
    # car
    (r"^(?:I\s+)?(?:have|own|picked up|bought|got)\s+(?:a|an|the|my)\s+(?:new\s+|used\s+|old\s+)?" + _CAR
     + r"(?:\s+(?:now|yesterday|today|last \w+|this \w+))?(?:,.*)?$", r"I drive a \g<car>"),
    (r"^(?i:my|the)\s+" + _CAR + r"\s+(?:needs|did|is running|has|had|passed|broke)\b.*$", r"I drive a \g<car>"),
    (r"^(?:I\s+)?(?i:took|filled up|washed|serviced|parked)\s+(?:my|the)\s+" + _CAR
     + r"(?:\s+(?:in|today|yesterday|for|on|at|this|last|up)\b.*)?$", r"I drive a \g<car>"),
    # a named thing at the garage is the car: "the V60 is in the garage AGAIN", "my Octavia's at the mechanic"
    (r"^(?i:the|my|our)\s+(?P<car>(?-i:[A-Z])[\w-]*(?:\s+(?-i:[A-Z0-9])[\w-]*)?)(?:\s+is|['’]s)\s+(?:(?i:in|at)\s+)?(?i:the\s+)?"
     r"(?i:garage|mechanic|mechanic's|body shop|shop for (?:a|its) service)\b.*$", r"I drive a \g<car>"),
    (r"^(?i:the|my)\s+(?P<x>(?:[\w-]+\s+){0,3}[\w-]+)\s+is gone$", r"I got rid of the \g<x>"),
    (r"^(?i:the|my)\s+new car is (?:a|an)\s+" + _CAR + r"$", r"I drive a \g<car>"),
    (r"^I (?:do not|no longer) (?:have|own|drive) (?:the|my|a|an)\s+" + _CAR + r"(?:\s+(?:anymore|any more))?$",
     r"I got rid of the \g<car>"),
    (r"^(?:I\s+)?(?i:traded)\s+(?:in\s+)?(?:the|my)\s+" + _CAR + r"(?:\s+in)?$", r"I got rid of the \g<car>"),
    # hobbies
    (r"^I (?:took up|have taken up|picked up)\s+(?P<x>[a-z][\w -]*?)(?:\s+instead|\s+as (?:a|my) (?:second |new |"
     r"another )?hobby)?(?:\s+and\b.*)?$", r"I am into \g<x>"),
    (r"^(?:I\s+)?(?i:signed up for)\s+(?P<x>[a-z][\w -]*?),\s+it is my thing\b.*$", r"I am into \g<x>"),
    (r"^I am (?:done|finished) with\s+(?P<x>[\w -]+?)$", r"I gave up \g<x>"),
    (r"^I dropped\s+(?P<x>[\w -]+?)$", r"I gave up \g<x>"),
    (r"^(?P<x>[A-Za-z][\w -]*?) is my favou?rite way to (?:unwind|relax|switch off|spend my (?:free time|weekends))$",
     r"My main hobby is \g<x>"),
    (r"^(?i:nothing relaxes me like)\s+(?P<x>[a-z][\w -]*?),\s+my main hobby$", r"My main hobby is \g<x>"),
    # languages
    (r"^(?:I am\s+)?(?i:practising|practicing)\s+my\s+" + _LANG + r"\b.*$", r"I am learning \g<l>"),
    (r"^(?i:my)\s+" + _LANG + r"\s+(?:lessons|classes|course)\s+(?:are|is|have|has)\b.*$", r"I am learning \g<l>"),
    (r"^I (?:have\s+)?switched to\s+" + _LANG + r"\b.*$", r"I am learning \g<l>"),
    (r"^(?:I am |I have been )?(?i:studying|taking)\s+" + _LANG + r"(?:\s+(?:lessons|classes|courses?))?\b.*$",
     r"I am learning \g<l>"),
    (r"^I am no longer (?:learning|studying)\s+" + _LANG + r"$", r"I stopped learning \g<l>"),
    (r"^I (?:have\s+)?(?:stopped|quit|dropped|gave up|cancelled|canceled)\s+(?:my\s+|the\s+)?" + _LANG
     + r"\s+(?:lessons|classes|course|tutoring)\b.*$", r"I stopped learning \g<l>"),
    (r"^" + _LANG + r" is my new (?:project|language|challenge|thing)$", r"I am learning \g<l> now"),
    (r"^I am learning\s+" + _LANG + r"\s+now,.*$", r"I am learning \g<l> now"),
    # diet
    (r"^(?i:being)\s+" + _DIET + r"\s+(?:makes|is|can be|means)\b.*$", r"I am \g<d>"),
    (r"^(?i:as)\s+someone who is\s+" + _DIET + r"\b.*$", r"I am \g<d>"),
    (r"^I eat\s+" + _DIET + r"(?:\s+now)?$", r"I am \g<d> now"),
    (r"^(?i:officially)\s+" + _DIET + r"(?:\s+now)?$", r"I am \g<d> now"),
    (r"^(?i:so\s+)?" + _DIET + r"(?:\s+now)?,?\s+I (?:guess|suppose)$", r"I am \g<d> now"),
    (r"^(?:I\s+)?(?:have\s+)?(?i:gone|went|turned|become|became)\s+(?:fully\s+|full\s+|completely\s+|totally\s+)?"
     + _DIET + r"\b.*$", r"I am \g<d> now"),
    (r"^(?i:no)\s+(?!(?:worries|problem|way|idea|thanks|rush|need|longer|more|one|clue|pressure)\b)"
     r"(?P<x>[a-z][\w -]{0,25}?)\s+(?:for me|ever|at all|whatsoever)(?:\s+(?:please|thanks|anymore|these days|"
     r"ever))?$", r"I avoid \g<x>"),
    # other people
    (r"^(?:we|I)\s+(?:have\s+)?(?:moved|switched|transferred)\s+(?P<w>(?i:my|our)\s+\w+|[A-Z][\w'’-]+)\s+to\s+"
     r"(?P<s>(?:[A-Z][\w'’-]*\s+){1,3}(?:School|Academy|Primary|College|High|Elementary|Nursery|Kindergarten)\b)"
     r".*$", r"\g<w> goes to \g<s>"),
    (r"^(?P<s>(?i:my)\s+\w+(?:\s+[A-Z]\w+)?|[A-Z]\w+)\s+loves living in\s+" + _PLACE + r"\b.*$",
     r"\g<s> lives in \g<p>"),
    (r"^(?P<s>(?i:my)\s+\w+(?:\s+[A-Z]\w+)?|[A-Z]\w+)\s+loves (?:his|her|their) job as\s+" + _JOB + r"$",
     r"\g<s> works as \g<j>"),
    (r"^(?i:visiting)\s+(?P<s>my\s+\w+(?:\s+[A-Z]\w+)?)\s+in\s+" + _PLACE + r"\b.*?;?\s+that is where (?:he|she|they) "
     r"lives?\b.*$", r"\g<s> lives in \g<p>"),
]]


# One thing in place of another, said in one sentence: "I've moved on from golf to archery", "I swapped
# surfing for sailing", "Sailing has taken over from photography", "It's all sailing, no more golf", "Quit
# Hebrew and signed up for Czech classes". Read as the old one ended and the new one taken up *now*, for
# languages and pastimes (the shapes say nothing about what else could be swapped).
_SWAPS = [re.compile(p, re.IGNORECASE) for p in (
    r"^I (?:have\s+)?(?:moved on|switched|changed|gone)\s+from\s+(?P<x>[\w -]+?)\s+to\s+(?P<y>[\w -]+?)$",
    r"^I (?:have\s+)?(?:swapped|traded|exchanged|replaced)\s+(?P<x>[\w -]+?)\s+(?:for|with)\s+(?P<y>[\w -]+?)$",
    r"^(?P<y>[\w -]+?)\s+has\s+(?:taken over from|replaced)\s+(?P<x>[\w -]+?)(?:\s+for me)?$",
    r"^(?:(?:these days|nowadays),?\s+)?it is all (?:about\s+)?(?P<y>[\w -]+?),?\s+no more\s+(?P<x>[\w -]+?)$",
    r"^(?:I\s+)?(?:quit|dropped|stopped|gave up)\s+(?P<x>[\w -]+?)\s+and\s+(?:signed up for|started|began|took up|"
    r"picked up)\s+(?P<y>[\w -]+?)$",
)]
_PASTIME_LIKE = re.compile(r"^(?!(?:the|a|an|my|it|that|this|him|her|them)\b)[a-z][a-z-]*(?: [a-z][a-z-]*){0,2}$")
_LESSONS = re.compile(r"\s+(?:lessons|classes|courses?)$", re.IGNORECASE)
# A pastime taken up: "I started boxing last month", "Trying sailing now", "Picked up gardening as a second
# hobby", "Alongside hiking, I now do sailing too" (the last two add it: "also" keeps the others).
_TAKEN_UP = re.compile(r"^I (?:have\s+)?(?P<also>also\s+|just\s+)?(?:started|began|took up|picked up|am trying)\s+"
                       r"(?P<x>[a-z][\w -]*?)(?:\s+(?:last|this)\s+\w+|\s+recently|\s+today|\s+now)?"
                       r"(?P<more>\s+as (?:a|my) (?:second |new |another )?hobby|,?\s+(?:on top of|as well as|"
                       r"alongside|besides)\s+[\w -]+)?$")
_ALONGSIDE = re.compile(r"^(?:alongside|besides|as well as|on top of)\s+(?P<o>[\w -]+?),\s+I (?:now\s+)?"
                        r"(?:also\s+)?(?:do|play|practise|practice)\s+(?P<x>[a-z][\w -]*?)(?:\s+(?:too|as well))?$",
                        re.IGNORECASE)


def _swap(body: str) -> str | None:
    for pat in _SWAPS:
        m = pat.match(body)
        if not m:
            continue
        x, y = (_LESSONS.sub("", m.group(g).strip()) for g in ("x", "y"))
        if x.lower() in LANGS and y.lower() in LANGS:
            return f"I stopped learning {x}; I am learning {y} now"
        if is_activity(x) and is_activity(y):
            return f"I gave up {x}; I am into {y} now"
        if _PASTIME_LIKE.match(x) and _PASTIME_LIKE.match(y) and x.lower() not in LANGS and y.lower() not in LANGS:
            # two things nobody listed ("squash for padel"): one done in place of the other all the same
            return f"I gave up {x}; I am into {y} now"
    return None


def _taken_up(body: str) -> str | None:
    m = _TAKEN_UP.match(body)
    if m and is_activity(m.group("x")) and m.group("x").lower() not in LANGS:
        also = bool(m.group("also") and "also" in m.group("also")) or bool(m.group("more"))
        return f"I am {'also ' if also else ''}into {m.group('x')}" + (" now" if body.endswith(" now") else "")
    m = _ALONGSIDE.match(body)
    if m and is_activity(m.group("x")):
        return f"I am also into {m.group('x')}"
    return None


# a time said before the subject: "From June I will ...", "Last week we ...", "Since 2019 my ..."
_FRONTED = re.compile(r"^(?P<when>(?:from|starting|as of|since|in|next|this|last)\s+(?:(?:next|this|last|the)\s+)?"
                      r"(?:\w+)(?:\s+\d{1,2}(?:st|nd|rd|th)?)?),?\s+(?=(?:I|we|my|our)\b)", re.IGNORECASE)


# adverbs that change nothing a rule reads, between a speaker and their verb
_EMPTY_ADVERBS = re.compile(r"\b(?P<s>I|we)\s+(?:(?:already|actually|really|honestly|basically|literally|totally|"
                            r"definitely|kinda|seriously)\s+)+(?=[a-z])", re.IGNORECASE)


# "... here in Guadalajara" after a statement about something else: where the speaker is, as its own statement
_HERE_IN = re.compile(r"^(?P<s>(?>(?:[^;]*?\b)?(?:I|we|my|our)\b).+?)\s+(?:right\s+)?here\s+in\s+"
                      r"(?P<p>(?-i:[^\W\d_a-z])[\w'’-]+(?:\s+(?-i:[^\W\d_a-z])[\w'’-]+)?)(?P<rest>[^;]*)$",
                      re.IGNORECASE)
_LIVES = re.compile(r"\b(?:live|lives|living|based|moved|moving|stay|staying|visiting|travell?ing)\b", re.IGNORECASE)


# a self-introduction as a list: "I'm Bríd, 72, a retired primary teacher in Galway", "I am Ana, software engineer"
_INTRO = re.compile(r"^I am (?P<n>[A-ZÀ-Þ][\w'’-]+),\s*(?:(?P<age>\d{1,3}),\s*)?"
                    r"(?P<rest>(?:(?:a|an)\s+|" + _BARE_JOB + r"\b).*)$")


def sentence(text: str) -> str:
    """``text`` (one sentence, contractions expanded) in the form the rules read; unchanged when no rule fits.

    A sentence of two statements joined by ";" that no rule reads whole is rewritten part by part ("I don't
    have the Fiat anymore; I bought a Kia").
    """
    s = _TAIL.sub("", text.strip()) or text.strip()
    s = _EMPTY_ADVERBS.sub(lambda m: m.group("s") + " ", s)  # "I already speak Turkish": "I speak Turkish"
    told = _TELL.match(s)
    if told and len(s) > told.end():  # "can u keep in mind that I'm a nurse?": the statement, not a question
        s = s[told.end():].rstrip("?").strip()
        s = s[:1].upper() + s[1:]
    if s.endswith("?"):
        return s
    intro = _INTRO.match(s)
    if intro and intro.group("n") not in NOT_NAMES:  # "I'm Bríd, 72, a retired teacher in Galway": three statements
        age = f"; I am {intro.group('age')} years old" if intro.group("age") else ""
        return sentence(f"I am {intro.group('n')}{age}; I am {intro.group('rest')}")
    here = _HERE_IN.match(s)
    if here and not _LIVES.search(here.group("s")):  # "we dance danzón every Wednesday here in Guadalajara"
        s = f"{here.group('s')}{here.group('rest')}; I live in {here.group('p')}"
    whole, s = _one(s)
    if whole is None and ";" in s:
        return "; ".join(sentence(part) for part in s.split(";") if part.strip())
    return whole if whole is not None else s


def _one(s: str) -> tuple[str | None, str]:
    """The rewrite of one statement (None when no rule fits), and the statement without its opener."""
    s = _OPENERS.sub("", s) or s
    s = _BARE_KIN.sub("my ", s)
    s = re.sub(r"\bofficially\s+(?=(?:a|an|" + "|".join(DIETS) + r")\b)", "", s)
    end = s[-1] if s and s[-1] in ".!" else ""
    body = s.rstrip(".!").strip()
    front = _FRONTED.match(body)
    if front:  # "From June I will work at X" -> "I will work at X from June": the subject first, as rules read
        when = front.group("when")
        body = body[front.end():] + " " + when[0].lower() + when[1:]
    got = _rewrite(body)
    if got is None and (SUBJECTLESS.match(body) or _PROGRESSIVE.match(body)):
        body = with_subject(body) if SUBJECTLESS.match(body) else "I am " + body[0].lower() + body[1:]
        got = _rewrite(body) or body
    if got is None and front:
        got = body
    return ((got + end) if got is not None else None), s


def _rewrite(body: str) -> str | None:
    for pat, rep in _RULES:
        if pat.match(body):
            return pat.sub(rep, body, count=1)
    return _swap(body) or _taken_up(body)
