"""Ends, switches and habits said in everyday words, rewritten into the few shapes the rules already read.

People rarely say "I quit the cello"; they say "I don't play the cello anymore", "Mateo and I split up",
"the camper van is sold", "I switched to padel, squash got boring", "I drive a Kia now instead of the Jazz".
Each of these is rewritten into a shape that already means *this is over* to the rules ("I quit X", "I
broke up with X", "I sold the X", "I got rid of the X", "I gave up X; I am into Y now"), the ending said
before the new value so the new value is the one that stays. The rewrites name no attribute and no value
list: they work on the sentence's grammar ("X and I split up", "don't VERB X anymore", "instead of X"), so
they hold for values nobody listed. A weekly habit keeps its weekly day ("I have choir every Thursday
evening" -> "I have choir every Thursday").
"""

from __future__ import annotations

import re

from .lexicon import CAR_MAKES, PETS, SPORT_PARTICIPLES
from .recurrence import DAY, PART
from .rephrase import with_subject
from .text import strip_article

_DAY = DAY  # the recurrence vocabulary lives in .recurrence
_PART = PART + "s?"
_PARTNER = r"(?:boyfriend|girlfriend|partner|husband|wife|fianc[eé]e?)"
_PERSON = r"(?P<a>[^\W\d_][\w'’-]*|(?i:my)\s+" + _PARTNER + r"(?:\s+[^\W\d_][\w'’-]*)?)"
_TAKING = r"(?:play|do|practise|practice|go to|attend|take|run|sing in|swim)"
_OWNING = r"(?:have|own|drive|ride|keep)"
_NAME = r"(?-i:[A-Z])[\w'’-]+"
_BORED = r"(?:got|was|is|became|had become|felt)\s+(?:boring|old|dull|too \w+|stale)"


_RULES: list[tuple[re.Pattern[str], str]] = [(re.compile(p, re.IGNORECASE), r) for p, r in [
    # said without a subject, as chat does: "no longer with Zoë", "not with Sam anymore"
    (r"^(?:I am\s+)?(?:no longer|not)\s+with\s+(?P<a>" + _NAME + r")(?:\s+any ?more)?(?:[,;].*)?$",
     r"I broke up with \g<a>"),
    # "things with Rafael ended" after what holds now: the end first, then the rest
    (r"^(?P<rest>.+?),\s*things with (?P<a>" + _NAME + r")\s+(?:ended|are over|did not work out|fell apart)\b.*$",
     r"THINGS"),
    # "X and I have been together five years": a partner said in passing
    (r"^(?P<a>" + _NAME + r")\s+and I\s+(?:have been|are|got)\s+(?:together|married|engaged|dating)\b.*$",
     r"my partner is \g<a>"),
    # "not gluten-free anymore, vegetarian instead": the old state ends, the new one holds
    (r"^(?:I am\s+)?not\s+(?P<x>[^,;]+?)\s+any ?more\s*[,;]\s*(?:now\s+)?(?:I am\s+)?(?P<y>[^,;]+?)\s+"
     r"(?:instead|now)\b.*$", r"I am no longer \g<x>; I am \g<y> now"),
    (r"^(?:I am\s+)?not\s+(?P<x>[^,;]+?)\s+any ?more$", r"I am no longer \g<x>"),
    # the new state, then the old one over: "I eat chicken now, not vegetarian anymore"
    (r"^(?P<s>(?:I|we)\b[^,;]+?),\s+(?:and\s+|so\s+)?(?:I am\s+)?not\s+(?P<x>[^,;]{2,30}?)\s+any ?more$",
     r"\g<s>; I am no longer \g<x>"),
    # "no more swimming on Mondays, the pool closed": the end read on its own, then what follows
    (r"^no more\s+(?P<x>[\w -]+?)(?:\s+on\s+\w+days?)?\s*[,;]\s*(?P<rest>.+)$", r"NOMORE_THEN"),
    # "no car anymore, sold the Sandero": what follows says it
    (r"^no (?P<x>[\w -]+?)\s+any ?more\s*[,;]\s*(?P<rest>.+)$", r"NOMORE"),
    # "my car's a VW Passat": the car driven
    (r"^(?:my|our)\s+(?:car|ride|motor|truck|pickup|van|suv|SUV)(?:\s+is|'s)\s+(?P<x>(?:a|an)\s+[^,;]+)$",
     r"I drive \g<x>"),
    # "being vegan makes eating out tricky": a state said as the subject of another clause
    (r"^being\s+(?P<x>[\w-]+)\s+(?:makes|is|means|has been|can be)\b.*$", r"I am \g<x>"),
    # "I have been doing a lot of badminton": a pastime kept up
    (r"^I (?:have been|am)\s+(?:doing|playing)\s+(?:a lot of|lots of|loads of|plenty of|some|more)\s+(?P<x>[^,;]+?)"
     r"(?:\s+(?:lately|recently|these days|this year))?(?P<tail>\s*[,;].*)?$", r"I am into \g<x>\g<tail>"),
    # "Tomasz moved out, we're not together anymore": the person named is the one the user is no longer with
    (r"^(?=.*?\bwe\s)"  # checked first: a sentence without "we" is passed over in linear time
     r"(?:.*?\b)?(?P<a>" + _NAME + r")\b.*?\bwe\s+(?:are\s+(?:no longer together|not together any ?more)|have\s+"
     r"(?:split up|broken up|separated)|split up|broke up|separated)\b.*$", r"I broke up with \g<a>"),
    # "now that I'm in Tampere the commute is short": the clause after "now that" holds
    (r"^(?:now that|since|ever since)\s+(?P<c>(?:I|we)\s+(?:am|are|live|have moved|moved|have)\b.*)$", r"\g<c>"),
    # "bye Bartłomiej, hello Rasmus as my boss": one in place of the other
    (r"^(?:bye|goodbye|so long|farewell)\s+(?P<x>[^,;]+?)\s*[,;]?\s+hello\s+(?P<y>[^,;]+?)\s+as\s+(?P<r>(?:my|our)"
     r"\s+[\w ]+?)(?:\s+(?:lol|haha))?$", r"\g<r> is \g<y>"),
    # "Arup is history", said after what holds now: the end first, then the rest
    (r"^(?P<rest>.+?),\s*(?P<x>" + _NAME + r"(?:\s+" + _NAME + r")*)\s+is\s+(?:history|in the past|behind me|"
     r"over)\b.*$", r"HISTORY"),
    # a weekly habit said by its day: "Fridays are my piano lessons", "can't do Wednesdays, that's my weekly
    # choir", "my therapy moved to Saturdays", "they switched my class from Friday to Monday"
    (r"^(?:(?:so|oh|and|also|btw|plus)\s+)*(?P<e>" + _DAY + r")s\s+(?:are|is)\s+(?:my|our)\s+(?:weekly\s+)?"
     r"(?P<x>[^,;]+?)(?:(?:,\s*|\s+)(?:and|but|plus|also)\s+(?P<tail>.+))?$", r"WEEKLY_I"),
    (r"^.*?\b(?P<e>" + _DAY + r")s?\b[^,;]*[,;]\s*(?:that is|it is|those are)\s+(?:my|our)\s+weekly\s+(?P<x>[^,;]+)$",
     r"WEEKLY_I"),
    (r"^(?:my|our)\s+(?P<x>[^,;]+?)\s+(?:has\s+)?(?:moved|switched|changed)\s+(?:from\s+" + _DAY + r"s?\s+)?to\s+"
     r"(?P<e>" + _DAY + r")s\b.*$", r"WEEKLY_I"),
    (r"^(?:they|we|I)\s+(?:have\s+)?(?:switched|moved|changed)\s+(?:my|our)\s+(?P<x>[^,;]+?)\s+from\s+" + _DAY +
     r"s?\s+to\s+(?P<e>" + _DAY + r")s?\b.*$", r"WEEKLY_I"),
    # two people ending: "Mateo and I split up last month", "I am single again, Mateo and I ended things"
    (r"^(?:.*?,\s*)?" + _PERSON + r"\s+and I\s+(?:have\s+)?(?:split up|broke up|separated|divorced|ended things|"
     r"called it quits|went our separate ways)\b.*$", r"I broke up with \g<a>"),
    # an engagement ended: "Priya called off the engagement", "Sam and I broke off our engagement", "the
    # engagement with Priya is off"
    (r"^(?:.*?,\s*)?(?:sadly\s+)?(?!(?i:we|they|he|she|it|I|you)\b)" + _PERSON +
     r"(?:\s+and I)?\s+(?:has\s+|have\s+)?(?:called|broke|broken)\s+off\s+"
     r"(?:the|our|their|her|his)\s+(?:engagement|wedding)\b.*$", r"I broke up with \g<a>"),
    (r"^(?:.*?,\s*)?(?:the|our|my)\s+(?:engagement|wedding)\s+(?:with|to)\s+(?P<a>" + _NAME + r")\s+is\s+"
     r"(?:off|over|cancelled|canceled)\b.*$", r"I broke up with \g<a>"),
    # "Marit and I are not together anymore", "Sam and I are no longer a couple"
    (r"^(?:.*?,\s*)?" + _PERSON + r"\s+and I\s+(?:are|am)\s+(?:not|no longer)\s+(?:together|a couple|a thing|"
     r"seeing each other|dating|married)\b.*$", r"I broke up with \g<a>"),
    # done with something, said without "I am" or the other way round: "done with crossfit, joined a rowing club",
    # "crossfit is done for me" (what follows is read on its own)
    # ("so done with my job" is a bad day, not an ending: no "so", no job or day)
    (r"^(?:I am\s+)?done with\s+(?!(?:my\s+|the\s+|this\s+)?(?:job|work|day|shift|week|today|it|this|that)\b)"
     r"(?P<x>[^,;]+?)(?:\s+for good)?(?:\s*[,;]\s*(?P<rest>.+))?$", r"DONE"),
    (r"^(?P<x>[^,;]+?)\s+is\s+(?:done|over|finished)\s+for me(?:\s+now)?(?:\s*[,;]\s*(?P<rest>.+))?$", r"DONE"),
    # a pastime no longer done: "I do not play the cello anymore", "I no longer do judo"
    (r"^I (?:do not|don't|no longer|never)\s+" + _TAKING + r"\s+(?P<x>[^,;]+?)(?:\s+(?:anymore|any more|these days|"
     r"now))?(?:[,;].*)?$", r"I quit \g<x>"),
    # a thing no longer had: "I do not own the camper anymore" (the rules read "I do not have the X anymore")
    (r"^I (?:do not|don't|no longer)\s+" + _OWNING + r"\s+(?P<x>(?:the|my|a|an)\s+[^,;]+?)(?:\s+(?:anymore|any "
     r"more))?(?:[,;].*)?$", r"I got rid of \g<x>"),
    # what used to hold, then what holds now: "I used to work at Google, now I'm at Meta"
    # (an employer by its name: "I used to work for my dad" ends no employer)
    (r"^I used to work (?:at|for) (?P<x>(?-i:[A-Z])[^,;]*?)\s*(?:[,;]\s*|\s+)(?:but\s+|and\s+)?(?:now\s+)?I am "
     r"(?:now\s+)?(?:at|with|working at|working for) (?P<y>[^,;]+?)(?:\s+now)?$", r"I left \g<x>; I work at \g<y>"),
    (r"^I used to work (?:at|for) (?P<x>(?-i:[A-Z])[^,;]*?)(?:[,;].*)?$", r"I left \g<x>"),
    # no car any more, said without one: "I don't drive anymore"
    (r"^I (?:do not|don't|no longer)\s+drive(?:\s+(?:anymore|any more))?(?:[,;].*)?$", r"I got rid of my car"),
    # out of a group: "I'm no longer in the choir", "I am no longer part of the book club" ("I am not in the office
    # today" is a day, not an ending: "no longer" says it is over)
    (r"^I am no longer\s+(?:in|part of|a member of|on)\s+(?P<x>(?:the|my|our)\s+[^,;]+?)(?:[,;].*)?$", r"I quit \g<x>"),
    # a pet put down: "we had to put our dog down", "I had my old cat put to sleep"
    (r"^(?:I|we)\s+(?:have\s+|had\s+)?(?:just\s+)?(?:had to\s+)?(?:put|had)\s+(?P<x>(?:the|my|our)\s+(?:old\s+|poor\s+|"
     r"sweet\s+)?(?:" + "|".join(PETS) + r"))\s+(?:put\s+)?(?:down|to sleep)\b.*$", r"\g<x> died"),
    # sold, said of the thing: "The camper van is sold, finally", "our boat got sold"
    (r"^(?P<x>(?:the|my|our)\s+[^,;]+?)\s+(?:is|was|got|has been|have been)\s+sold\b.*$", r"I sold \g<x>"),
    (r"^(?P<x>(?:the|my|our)\s+[^,;]+?)\s+(?:is|was|got|has been|have been)\s+(?:written off|scrapped|stolen|"
     r"totall?ed)\b.*$", r"I got rid of \g<x>"),
    # a switch with the old one's end in the same sentence: "I switched to padel now, squash got boring"
    (r"^I (?:have\s+)?(?:switched|changed|moved|gone)\s+(?:over\s+)?to\s+(?P<y>[^,;]+?)(?:\s+now)?,\s*(?:because\s+|"
     r"as\s+)?(?P<x>[^,;]+?)\s+" + _BORED + r"\b.*$", r"I have swapped \g<x> for \g<y>"),
    # a swap with an afterthought: "I have swapped squash for padel, my knees thank me"
    # ("traded the Volvo in for a Tesla": a car for a car is the car driven now)
    (r"^(?:I\s+)?(?:have\s+)?(?:swapped|traded|exchanged)\s+(?!in\s|up\b)(?P<x>[^,;:]+?)(?:\s+in)?\s+for\s+"
     r"(?!(?:me|us|it|them)\b)(?P<y>[^,;]+?)(?:\s+(?:this|last)\s+(?:year|month|week|spring|summer|autumn|fall|winter)|"
     r"\s+recently|\s+now)?\s*(?:[,;].*)?$", r"SWAP"),
    # "X instead of Y": the old one ends, then the statement without it
    (r"^(?:(?:these days|nowadays|now),?\s+)?(?P<head>I\s+(?:" + _TAKING + "|" + _OWNING + r"|use|eat|drink|speak|"
     r"work at|work for|live in)\s+(?P<y>[^,;]+?))(?:\s+now)?\s+instead of\s+(?:the\s+|my\s+|a\s+|an\s+)?"
     r"(?P<x>[^,;]+?)(?:[,;].*)?$", r"INSTEAD"),
    # a weekly habit keeps its day: "I have choir every Thursday evening", "Pottery class is on Mondays"
    # ("on Thursday" alone is one Thursday: only "every"/"each" or the plural "on Thursdays" is weekly)
    (r"^I (?P<v>have|go to|attend|do)\s+(?P<x>[^,;]+?)(?<!\s)\s+(?:(?:every|each)\s+(?P<d>" + _DAY + r")|"
     r"on\s+(?P<e>" + _DAY + r")s)\s+" + _PART + r"(?:[,;].*)?$", r"WEEKLY_I"),
    (r"^(?P<x>[^,;]+?)(?<!\s)\s+is\s+(?:(?:every|each)\s+(?P<d>" + _DAY + r")|on\s+(?P<e>" + _DAY + r")s)"
     r"(?:\s+" + _PART +
     r")?(?:,?\s+every week)?$", r"WEEKLY"),
    # a household leaving one city for another: "we left Leeds for Reykjavik in May" (a person leaving a
    # company for another says "I")
    (r"^we\s+(?:have\s+)?left\s+(?P<x>" + _NAME + r"(?:\s+" + _NAME + r")*)\s+for\s+(?P<y>" + _NAME + r"(?:\s+"
     + _NAME + r")*)(?P<rest>.*)$", r"we moved from \g<x> to \g<y>\g<rest>"),
    (r"^(?P<p>" + _NAME + r"(?:\s+" + _NAME + r")*)\s+is\s+(?:now\s+)?home(?:\s+for\s+(?:me|us))?(?:\s+now)?$",
     r"I live in \g<p>"),
    # a place said the other way round: "Tartu is where I live"
    (r"^(?P<p>[^\W\d_][\w'’ -]*?)(?<!\s)\s+is where I (?:live|am based|call home)\b.*$", r"I live in \g<p>"),
    # an end with when it happened: "I gave up the harp over the winter" (the time is not part of what ended)
    # (a date the rules can read, "last week", stays: it dates the end)
    (r"^I (?P<v>quit|gave up|stopped|sold|got rid of|broke up with)\s+(?P<x>.+?)\s+(?:(?:over|during) the (?:winter|"
     r"summer|spring|autumn|fall|holidays|pandemic)|a while (?:ago|back)|recently|for good)\b.*$", r"I \g<v> \g<x>"),
    # not done for a long time: "I have not touched the harp in months, I have quit"
    (r"^I (?:have not|haven't|hardly|barely)\s+(?:touched|played|done|picked up)\s+(?P<x>[^,;]+?)\s+(?:in|for)\s+"
     r"(?:months|ages|years|a while|weeks|a long time)\b.*$", r"I quit \g<x>"),
    # an employer ending it: "Unilever let me go last month", "Globex laid me off"
    (r"^(?:(?:ugh|argh|so|well|oh|and|but|btw|honestly|sadly|unfortunately|yeah|welp)\W*\s+)*"
     r"(?P<x>(?-i:[A-Z])[\w&.'’-]*(?:\s+(?-i:[A-Z])[\w&.'’-]*)*)\s+(?:just\s+|finally\s+)?(?:let me go|laid me off|"
     r"made me redundant|fired me|sacked me)(?P<rest>.*)$", r"I was laid off from \g<x>\g<rest>"),
    # a sport not done for a long time, said by its verb: "I haven't run in months", "have not swum since May"
    (r"^I (?:have not|haven't|have hardly|have barely)\s+(?:been\s+)?(?P<v>" + "|".join(SPORT_PARTICIPLES) + r")\s+"
     r"(?:(?:in|for)\s+(?:months|ages|years|a while|weeks|a long time)|since)\b.*$", r"SPORT"),
    # not done since something happened: "I have not played tennis since my knee surgery"
    (r"^I (?:have not|haven't)\s+(?:touched|played|done|picked up|been to|gone to)\s+(?P<x>[^,;]+?)\s+since\b.*$",
     r"I quit \g<x>"),
    # what one has now, said as "it is a Kia for me these days" (the rest read on its own)
    (r"^(?:[\w ]+:\s*)?it is (?P<x>(?:a|an)\s+[^,;]+?)\s+for me(?:\s+(?:these days|now|nowadays))?\s*,\s*"
     r"(?P<rest>.+)$", r"REST"),
    # a thing gone: "the Honda Jazz is gone", "my old bike is gone now"
    (r"^(?:.*?,\s*)?(?P<x>(?:the|my|our)\s+[^,;]+?)\s+is\s+(?:gone|history)\b.*$", r"I got rid of \g<x>"),
    # languages picked up: "Growing up I picked up Thai and Dutch" (a language is written with a capital)
    (r"^(?:growing up,?\s+)?I (?:picked up|grew up speaking|learned|learnt)\s+(?P<x>[A-Z]\w+(?:(?:\s*,\s*|\s+and\s+)"
     r"[A-Z]\w+)*)\b.*$", r"I speak \g<x>"),
    # fluent in: "I am fluent in Swahili and Finnish"
    (r"^I (?:am (?:fluent|conversational|native) in|can (?:do|speak|get by in))\s+(?P<x>(?-i:[A-Z]).+)$",
     r"I speak \g<x>"),
]]
_END_THEN = re.compile(r"^(?P<a>(?:(?:also|and|so|but|oh|well|btw),?\s+)?I (?:have\s+)?(?:moved out of|moved away from|"
                       r"left|sold|quit|gave up|stopped)\b[^,;]+),\s+(?:and\s+)?(?:(?:so\s+|but\s+)?now,?\s+)?"
                       r"(?P<b>(?:my|I|we|our)\b.+)$", re.IGNORECASE)  # "... left Lumen, now I am ..." too
_SOFT = re.compile(r"\bI (?:quite|truly|absolutely|totally|do|also quite|kind of|sort of)\s+(like|love|enjoy)\b")
_ARTICLE = re.compile(r"(?<=\s)(The|My|Our|A|An)\b")
_OWN_VERBS = re.compile(r"^I\s+" + _OWNING + r"\b", re.IGNORECASE)


def rewrite(sentence: str) -> str:
    """``sentence`` (contractions expanded) in a shape the rules read as an end, a switch or a weekly habit."""
    s = sentence.strip()
    end = s[-1] if s and s[-1] in ".!" else ""
    body = s.rstrip(".!").strip()
    if not body or body.endswith("?"):
        return sentence
    # an end said without its subject, as chat does: "finally gave up smoking", "have not played tennis since May"
    body = with_subject(body)
    # an end, then what came instead, in one sentence: "I moved out of Leeds last month, my new place is in York"
    body = _END_THEN.sub(lambda m: f"{m.group('a')}; {m.group('b')}", body)
    # a liking said with a softener: "I quite like X", "I do enjoy X" (the rules read "I like X")
    body = _SOFT.sub(lambda m: f"I {m.group(1)}", body)
    if ";" in body:  # two statements: each part rewritten on its own
        return "; ".join(rewrite(part.strip()).rstrip(".!") for part in body.split(";") if part.strip()) + end
    for pat, rep in _RULES:
        m = pat.match(body)
        if not m:
            continue
        if rep == "INSTEAD":
            old = m.group("x").strip()
            gone = f"I got rid of the {old}" if _OWN_VERBS.match(m.group("head")) else f"I gave up {old}"
            return f"{gone}; {m.group('head').strip()} now{end}"
        if rep == "THINGS":
            rest = re.sub(r"^(my|our)\s+(\w+)\s+now\s+is\b", r"\1 \2 is", m.group("rest"), flags=re.IGNORECASE)
            return f"I broke up with {m.group('a')}; {rewrite(rest).rstrip('.!')}{end}"
        if rep == "SWAP":
            x, y = m.group("x").strip(), m.group("y").strip()
            car = re.sub(r"^((?:a|an|the|my|our)\s+)?(?:new|used|second-hand)\s+", r"\1", y, flags=re.IGNORECASE)
            if strip_article(car).split()[0].lower() in CAR_MAKES:  # a car for a car: the one driven now
                return f"I got rid of {x}; I drive {car}{end}"
            return f"I have swapped {x} for {y}{end}"
        if rep == "DONE":
            rest = re.sub(r"\s+instead$", "", m.group("rest") or "", flags=re.IGNORECASE)
            done = f"I am done with {m.group('x').strip()}"
            return f"{done}; {rewrite(with_subject(rest.strip())).rstrip('.!')}{end}" if rest else f"{done}{end}"
        if rep == "NOMORE_THEN":  # "no more Golf, I drive a Tesla now": the end, then what is said after it
            return f"no more {m.group('x').strip()}; {rewrite(with_subject(m.group('rest').strip())).rstrip('.!')}{end}"
        if rep == "SPORT":
            return f"I quit {SPORT_PARTICIPLES[m.group('v').lower()]}{end}"
        if rep == "HISTORY":
            return f"I left {m.group('x')}; {rewrite(m.group('rest')).rstrip('.!')}{end}"
        if rep == "NOMORE":
            rest = m.group("rest").strip()
            rest = rest if re.match(r"^(?:I|we)\b", rest, re.IGNORECASE) else f"I {rest}"
            return rewrite(rest)
        if rep == "REST":
            return f"{rewrite(m.group('rest')).rstrip('.!')}; I have {m.group('x').strip()} now{end}"
        day = (m.groupdict().get("d") or m.groupdict().get("e") or "").capitalize()
        if rep == "WEEKLY_I":
            habit = f"I {m.groupdict().get('v') or 'have'} {m.group('x').strip()} every {day}"
            tail = m.groupdict().get("tail")
            return f"{habit}; {rewrite(tail).rstrip('.!')}{end}" if tail else f"{habit}{end}"
        if rep == "WEEKLY":
            what = m.group("x").strip()
            if len(what.split()) > 4 or what.lower().startswith(("it", "that", "this", "there", "he", "she")):
                return sentence
            return f"I have {what[0].lower() + what[1:]} every {day}{end}"
        return _ARTICLE.sub(lambda a: a.group(1).lower(), m.expand(rep)) + end
    return sentence
