"""A reply read with the assistant message it answers: "Where are you based?" / "Tallinn." -> "I live in Tallinn".

The user's words alone often say nothing: a fragment answering the assistant's question ("Tallinn.",
"Definitely purple.", "A Mazda 3."), a "no" to "Are you still at Hooli?", or a value put right after the
assistant got it wrong ("Since you're in Leeds, ..." / "Bristol, actually, not Leeds."). :func:`read`
rewrites such a reply into the first-person statement it makes, using only the assistant's message as
context; the assistant's text itself is never a source (the extractor still reads only the user's words,
and the rewritten statement quotes them as evidence). A reply that already is a statement is kept, except
that "no" to a "still" question also says the old value is over ("I quit yoga", "I stopped learning Greek")
for the attributes that hold several values at once.
"""

from __future__ import annotations

import re

from . import asked
from .lexicon import JOB_HEADS
from .recurrence import DAY
from .text import split_sentences

_FILL = re.compile(r"^(?:oh|yes|yeah|yep|yup|well|um|hmm|definitely|mostly|probably|honestly|sure|just|only|in|at|"
                   r"still|currently|kind of|sort of|kinda|sorta|I guess|I think|pretty much|basically|right now|"
                   r"at the moment|these days|now)\b[,.!]?\s+",
                   re.IGNORECASE)
# where a place answer puts the person by another place: "just outside Leeds", "near Bristol"
_NEAR = re.compile(r"^(?:(?:just|right)\s+)?(?:outside(?: of)?|near|close to|next to|around|on the edge of|"
                   r"(?:north|south|east|west)(?:-(?:east|west))? of)\s+", re.IGNORECASE)
_TAIL = re.compile(r"(?:,\s*(?:for now(?: at least)?|no contest|strictly|mostly|for my sins|in \w+|I think|obviously|"
                   r"these days|at the moment|since [\w ]+|for (?:a|two|three|\d+) \w+)|\s+still)\s*$", re.IGNORECASE)
# "no" answering the question, not a statement starting with the word ("no longer with Zoë", "no worries")
_NO = re.compile(r"^(?:nope|nah|(?:not any ?more|no longer)(?=\s*(?:[,.!;]|$))|"
                 r"no(?=\s*(?:[,.!;]|$)|\s+(?:I|we|he|she|they|it|not|never|just|sadly|unfortunately|but|actually|"
                 r"thanks|thank|sorry|sir|ma'am)\b))\b[,.!;]*\s*", re.IGNORECASE)
# ("no dairy for me", "no nuts": the "no" is what is said, read by the rules)
_NAME_Q = re.compile(r"^(?P<name>[A-Z][a-z]+)\?\s+")

# What a question asks -> the statement its answer makes ({x}: the answer; {rel}, {cat}: from the question).
_ASKS: list[tuple[re.Pattern[str], str]] = [(re.compile(p, re.IGNORECASE), t) for p, t in [
    (r"\bwhere does your (?P<rel>\w+) live\b", "My {rel} {name}lives in {x}"),
    (r"\bwhat does your (?P<rel>\w+) do\b", "My {rel} {name}is {x}"),
    (r"\bwhere does your (?P<rel>\w+) work\b", "My {rel} {name}works at {x}"),
    (r"\b(?:where are you (?:based|living|from these days)|where do you live|which city (?:are|do) you)\b",
     "I live in {x}"),
    (r"\bwhat do you do for (?:work|a living)\b|\bwhat(?: is|'s) your (?:job|profession|occupation)\b",
     "I work as {x}"),
    (r"\b(?:which|what) (?:company|firm|employer)\b|\bwhere (?:do|are) you (?:work|working)\b|\bwho do you work for\b",
     "I work at {x}"),
    (r"\bdietary\b|\bwhat do you eat\b|\bany diet\b", "I am {x}"),
    (r"\bfavou?rite (?P<cat>\w+)\b", "My favourite {cat} is {x}"),
    (r"\bwhat car\b|\bwhat do you drive\b|\bdo you (?:have|own|drive) (?:a|an) car\b", "I drive {x}"),
    # a yes/no question answered "yes, a ...": the thing asked about is the answer's kind
    (r"\bdo you (?:have|own) (?:a|an|any) (?P<cat>\w+)\b", "My {cat} is {x}"),
    (r"\bfor fun\b|\bhobby\b|\bhobbies\b", "I am into {x}"),
    (r"\blearning any languages?\b|\b(?:which|what) language\b", "I am learning {x}"),
]]
# A statement that already answers the question, in a shape the rules would not read as that attribute.
_AS_STATEMENT: list[tuple[str, re.Pattern[str], str]] = [
    ("I work at {x}", re.compile(r"^I(?: am|'m) (?:with|at) (?P<x>[A-Z].+)$"), "I work at {x}"),
    ("I am into {x}", re.compile(r"^I (?:do|play|practise|practice) (?P<x>[a-z].+)$"), "I am into {x}"),
    ("I drive {x}", re.compile(r"^I (?:have|own|got) (?P<x>(?:a|an) .+)$"), "I drive {x}"),
]
# "Are you still doing yoga?" answered "no": the old value is over (single-valued attributes are replaced
# by the new value anyway; these hold several values, so the old one must be said to end).
_STILL = re.compile(r"^(?:are|do) you still (?P<verb>doing|learning|into|playing|taking)\s+(?P<x>[^?]+?)\??$",
                    re.IGNORECASE)
_STILL_OVER = {"doing": "I quit {x}.", "into": "I quit {x}.", "playing": "I quit {x}.", "taking": "I quit {x}.",
               "learning": "I stopped learning {x}."}
_STILL_FAV = re.compile(r"^is (?P<x>.+?) still your favou?rite (?P<cat>\w+)\??$", re.IGNORECASE)
_STILL_ABOUT = re.compile(r"^(?:is|does) (?P<name>[A-Z][a-z]+) still\b", re.IGNORECASE)
# "Since you're in Leeds, ...": the assistant's claim about the user, in the first person.
_CLAIM = re.compile(r"(?:^|\b(?:since|as|because|given that)\s+)(?P<c>you(?: are|'re| work| drive| live)\b[^,.;!?]*)",
                    re.IGNORECASE)
_SLIP_FIX = re.compile(r"^(?P<y>[^,]+?),?\s+(?:actually,?\s+)?not\s+(?P<x>[^,.!?]+)[.!]*$", re.IGNORECASE)


def read(reply: str, prompt: str) -> str:
    """``reply`` (the user's message) as the statement it makes after the assistant's ``prompt``."""
    reply, prompt = reply.strip(), prompt.strip()
    if not reply or not prompt:
        return reply
    question = _last_question(prompt)
    if not question:
        return _put_right(reply, prompt)
    before = prompt[:prompt.rfind(question)]
    said = _answer(reply, question, before)
    if said != reply:
        return said
    first, *rest = split_sentences(reply)  # "Mei. and actually it's wednesday": the answer first, then the rest
    answer = _answer(first, question, before) if rest else first
    return " ".join((answer, *rest)) if answer != first else reply


def _last_question(prompt: str) -> str:
    """The prompt's last question, when the prompt ends with it or with a short remark after it ("Who's your
    employer? It might change the template.", "Any allergies? Lots of cakes use ground nuts or praline.")."""
    qs = re.findall(r"[^.!?]*\?", prompt)
    if not qs:
        return ""
    after = prompt[prompt.rfind(qs[-1]) + len(qs[-1]):].strip()
    return qs[-1].strip() if not after or (len(after.split()) <= 20 and len(re.findall(r"[.!]+(?:\s|$)", after)) <= 2) \
        else ""


def _answer(reply: str, question: str, prompt: str = "") -> str:
    if _NON_ANSWER.match(_FILL.sub("", _EMOTE.sub("", reply.strip())).strip()):
        return reply
    no = _NO.match(reply)
    if no:
        return _no_to_still(reply[no.end():], question, reply)
    if re.match(r"^no\s+\w", reply, re.IGNORECASE):  # "no dairy for me": a statement of its own
        return reply
    said = _by_frame(reply, question, prompt)
    if said:
        return said
    for pat, tpl in _ASKS:
        m = pat.search(question)
        if not m:
            continue
        if _is_statement(reply):
            for shape, spat, rep in _AS_STATEMENT:
                sm = spat.match(reply.rstrip(".!"))
                if shape == tpl and sm:
                    return rep.format(x=sm.group("x")) + "."
            return reply
        name = ""
        nm = _NAME_Q.match(reply)
        body = reply[nm.end():] if nm else reply
        if nm:
            name = nm.group("name") + " "
        x = _fragment(body)
        if not x:
            return reply
        groups = m.groupdict()
        if tpl.startswith("I am {x}"):
            x = x[:1].lower() + x[1:]
        return tpl.format(x=x, name=name, rel=(groups.get("rel") or "").lower(), cat=groups.get("cat") or "") + "."
    return reply


def _no_to_still(rest: str, question: str, reply: str) -> str:
    """ "No, I'm at Contoso now" after "Are you still at Hooli?": the new value, and the old one ended."""
    out = []
    m = _STILL.match(question)
    if m:
        out.append(_STILL_OVER[m.group("verb").lower()].format(x=m.group("x").strip()))
    fav = _STILL_FAV.match(question)
    about = _STILL_ABOUT.match(question)
    rest = rest.strip()
    if re.search(r"\bstill (?:at|with) [A-Z]", question):  # an employer: "I'm at Contoso now"
        rest = re.sub(r"^(I|he|she)(?: am|'m|'s| is) (?:at|with)\b", lambda mm: mm.group(1) + (
            " work at" if mm.group(1) == "I" else " works at"), rest.strip(), flags=re.IGNORECASE)
    if fav:
        rest = re.sub(r"^it(?: is|'s)\s+", f"My favourite {fav.group('cat')} is ", rest, flags=re.IGNORECASE)
    elif about:
        rest = re.sub(r"^(?:he|she|they)(?:'s|’s)(?=\s)", about.group("name") + " is", rest, flags=re.IGNORECASE)
        rest = re.sub(r"^(?:he|she|they)\b", about.group("name"), rest, flags=re.IGNORECASE)
    if rest and not _NON_ANSWER.match(rest):
        out.append(rest[0].upper() + rest[1:])
    return " ".join(out) if out else reply


def _put_right(reply: str, prompt: str) -> str:
    """ "Bristol, actually, not Leeds." after "Since you're in Leeds, ...": "I am in Bristol, not Leeds." """
    m = _SLIP_FIX.match(reply)
    if not m or _is_statement(m.group("y")):
        return reply
    x, y = m.group("x").strip(), m.group("y").strip()
    for claim in _CLAIM.finditer(prompt):
        c = claim.group("c")
        if re.search(r"(?<!\w)" + re.escape(x) + r"(?!\w)", c, re.IGNORECASE):
            first = re.sub(r"^you(?: are|'re)\b", "I am", c, flags=re.IGNORECASE)
            first = re.sub(r"^you\b", "I", first, flags=re.IGNORECASE)
            fixed = re.sub(r"(?<!\w)" + re.escape(x) + r"(?!\w)", y, first, count=1, flags=re.IGNORECASE)
            return f"{fixed}, not {x}."
    return reply


def _is_statement(text: str) -> bool:
    return bool(re.match(r"^(?:I|I'm|we|my|our|he|she|it|they)\b", text, re.IGNORECASE)) or bool(
        re.match(r"^[A-Z][a-z]+\s+(?:is|lives|works|moved|has|was)\b", text))


def _fragment(text: str) -> str:
    """The answer's words: fillers, hedges and the end mark dropped ("Oh, a nurse, for my sins." -> "a nurse")."""
    s = text.strip().rstrip(".!")
    for _ in range(3):
        s = _FILL.sub("", s).strip()
    s = re.sub(r"^(?:he|she|they)(?: is|'s| works (?:as|at))\s+", "", s, flags=re.IGNORECASE)
    for _ in range(2):
        s = _TAIL.sub("", s).strip()
    s = re.sub(r"^(?:A|An|The)\s+(?:old|new|used|little)\s+", "a ", s, flags=re.IGNORECASE)
    s = re.sub(r"^(A|An)\b(?!\.)", lambda mm: mm.group(1).lower(), s)  # an article, not an initial ("A. R. Rahman")
    if not s or len(s.split()) > 5 or "?" in s:
        return ""
    return s


# A reply that gives no value: not knowing, declining, thanking, or only acknowledging.
_NON_ANSWER = re.compile(r"^(?:not sure|not yet|not really|no idea|dunno|idk|i don'?t know|i do not know|none|nothing|"
                         r"nobody|no one|n/?a|"
                         r"whatever|maybe|later|not telling|rather not say|thanks?|thank you|ok|okay|cool|great|sure|"
                         r"nice|lol|haha|hm+|good question|it depends|depends|why|what)\b", re.IGNORECASE)
_EMOTE = re.compile(r"\s*(?::-?[()DPp]|;-?\)|<3|(?<!\w)xx?|!+)\s*$")  # a kiss, not the end of "Hilux"
_CALLED = re.compile(r"^(?:(?:her|his|their)\s+name(?:'s|’s|\s+is)|(?:she|he|they)(?:'s|’s|\s+is|\s+are)\s+called|"
                     r"called|named)\s+(?P<x>[^\W\d_][\w'’-]*)", re.IGNORECASE)
_MODAL = re.compile(r"^(?P<x>[^\W\d_][\w'’-]*)\s+(?:would|will|can|could|might|should|is|'ll)\b.*$", re.IGNORECASE)


# answers kept whole, commas and all: "welsh, dutch", "just the one, otis, a guinea pig", "choir, every Thursday"
_SAID_AT_LENGTH = ("list", "pet", "habit", "kids")
_AFTER_ANSWER = re.compile(r"(,|\s+[-\u2013\u2014]+\s+)")  # the answer, then a remark after a comma or a dash


def _by_frame(reply: str, question: str, prompt: str) -> str:
    """The reply read in the frame of what the question asks (:mod:`.asked`); "" when it does not fit.

    A fragment ("graz", "Priya :)", "welsh, dutch", "on thursdays", "an old Passat") is put in the frame;
    a statement about "he"/"she"/"it" is said of who or what was asked about ("she's in Ghent" after
    "Where's your sister living now?"); other statements are left to the rules.
    """
    what = asked.ask(question, prompt)
    if what is None:
        return ""
    body = _EMOTE.sub("", reply.strip()).strip().rstrip(".!")
    for _ in range(3):
        body = _FILL.sub("", body).strip()
    called = _CALLED.match(body)  # "kind of, her name's Jo": the name
    if called and what.kind == "name":
        body = called.group("x")
    if _is_statement(body):
        m = re.match(r"^(?:he|she|they|it)(?:'s|’s| is| are)\s+(?P<rest>.+)$", body, re.IGNORECASE)
        if m and what.kind == "day":
            return what.say(m.group("rest"))
        if m and what.subject != "I" and re.match(r"^(?:in|at|based in|living in)\b", m.group("rest"), re.IGNORECASE):
            return what.say(re.sub(r"^(?:in|at|based in|living in)\s+", "", m.group("rest"), flags=re.IGNORECASE))
        return ""
    person = asked.named_person(body)
    if person:
        return person
    more = ""
    if what.kind not in _SAID_AT_LENGTH:
        body, _, more = (part.strip() for part in [*_AFTER_ANSWER.split(body, maxsplit=1), "", ""][:3])
        body = re.sub(r"\s+(?:for now|these days|at the moment|mostly|i think|probably|yes|weekly|every week)$", "",
                      body, flags=re.IGNORECASE).strip()
        if _NEAR.match(body) and "lives in" in what.frame:  # "just outside Leeds, in Otley": the place it names
            inside = re.match(r"^in\s+(?:a\s+(?:village|town|suburb)\s+called\s+)?(?P<x>[A-Z][\w'’-]+(?:\s+[A-Z]"
                              r"[\w'’-]+)?)$", more)
            body, more = (inside.group("x"), "") if inside else (_NEAR.sub("", body), more)
        if what.kind == "job" and re.match(r"^(?:going to|gonna|will|\w+ing)\s", body, re.IGNORECASE):
            return f"I am {body[0].lower()}{body[1:]}." + _more(more)  # "Going to help at a vet clinic": a plan
        if what.kind == "job" and not _titled(body):  # "logistics": a field, not a title
            return f"I work in {body}." + _more(more)
    modal = _MODAL.match(body)
    if modal and what.kind == "name":
        body = modal.group("x")
    if not body or len(body.split()) > (8 if what.kind in _SAID_AT_LENGTH else 5) or "?" in body:
        return ""
    said = what.say(body)  # "" when the answer does not fit the frame: the reply is left to the rules
    return said + _more(more) if said else ""


def _titled(job: str) -> bool:
    """Whether an answer to "what do you do?" names a job ("a nurse", "senior accountant"), not a field."""
    last = job.lower().split()[-1] if job.split() else ""
    return bool(re.match(r"^(?:a|an|the)\s", job, re.IGNORECASE)) or last in JOB_HEADS or last[:-1] in JOB_HEADS


def _more(rest: str) -> str:
    """What a reply says after its answer, when it is a statement of its own ("Bramble Hill, he started in
    September", "logistics, I plan routes at DHL"): kept as the next sentence; anything else dropped."""
    rest = rest.strip().rstrip(".!")
    return f" {rest[:1].upper()}{rest[1:]}." if rest and (_is_statement(rest) or _WHEN_THEN_I.match(rest)) else ""


# a statement led by when it holds: "Saturday I'm at netball all morning"
_WHEN_THEN_I = re.compile(r"^(?:on\s+)?" + DAY + r"s?\s+(?:mornings?\s+|evenings?\s+|nights?\s+)?(?:I|I'm|we)\b",
                          re.IGNORECASE)
