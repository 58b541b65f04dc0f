"""Group ``user`` (third part): diet, food the user avoids, allergies and intolerances, traits, languages."""

from __future__ import annotations

import re

from ...core.consolidate import norm_key
from ..base import Clause, Context, Fact, allergies, make_fact, when_suffix
from ..lexicon import DIETS, LANGS, NOT_NAMES, TRIVIAL_HAVE
from ..registry import rule
from ..text import article, strip_article, strip_prep, tidy, trim_np, value_terms

_DIET_RE = "|".join(sorted(DIETS, key=len, reverse=True))
_LANG_RE = "|".join(LANGS)
_TRAITS = r"morning person|night owl|early bird|people person|cat person|dog person"


_PRESCRIBER = r"(?:(?:my|the)\s+)?(?:doctor|doc|gp|consultant|cardiologist|psychiatrist|specialist)"
_DRUG = r"(?P<drug>[a-z][\w-]{3,}(?:\s+\d+(?:\.\d+)?\s?(?:mg|mcg|ml))?)(?:\s+for\s+(?P<why>[\w\s'-]+?))?" \
        r"(?=$|\s*[,;.]|\s+(?:because|since|and|but|after|now|which|so|as)\b)"
_MEDICATION = (
    # "my doctor started me on amlodipine 5 mg for blood pressure", "doc put me on eliquis for afib"
    re.compile(r"^" + _PRESCRIBER + r"\s+(?:has\s+|have\s+)?(?:just\s+)?(?:put|started)\s+me\s+on\s+" + _DRUG,
               re.IGNORECASE),
    # "the doctor changed my medicine to losartan", "my GP switched me to sertraline": one in the others' place
    re.compile(r"^" + _PRESCRIBER + r"\s+(?:has\s+|have\s+)?(?:just\s+)?(?:changed|switched|moved)\s+(?:me|my\s+(?:"
               r"medicine|medication|meds|pills|tablets|prescription))\s+(?:from\s+[\w-]+\s+)?(?:on)?to\s+" + _DRUG,
               re.IGNORECASE),
)


@rule("mentions")  # said with another subject ("the doctor ..."): not the first-person group
def medication(c: Clause, ctx: Context) -> list[Fact] | None:
    """"My doctor started me on amlodipine 5 mg for blood pressure", "doc put me on eliquis for afib": a medicine
    the user takes (one of several); "the doctor changed my medicine to losartan" takes the others' place."""
    for shape, switch in zip(_MEDICATION, (False, True), strict=True):
        m = shape.match(c.text)
        if m is None:
            continue
        drug, why = m.group("drug"), m.group("why")
        name = drug.split()[0].lower()
        summary = f"Takes {drug}" + (f" for {why.strip()}" if why else "")
        return [make_fact(c, "user", f"medication:{name}", drug, summary, "fact", multi=True, switch=switch)]
    return None


@rule("user")
def diet(c: Clause, ctx: Context) -> list[Fact] | None:
    """"I'm vegetarian (for five years now)", "as someone who's vegan", "still vegan"; "I'm not vegan any more"
    retracts."""
    t = c.text
    m = re.search(r"^(?:I|we)\s+(?:am|are|have been|have always been|went|have gone|became|have become|"
                  r"switched to being|went fully|have gone fully)\s+(?P<neg>not\s+|no longer\s+)?"
                  r"(?:(?:a|an|strictly|fully|mostly|now|still|also|actually)\s+)*(?P<diet>" + _DIET_RE + r")\b"
                  r"(?P<rest>.*)$", t, re.IGNORECASE)
    # "being vegan", "as someone who is vegan, ...", "still vegan", "fully keto these days": said without "I am"
    m = m or re.search(r"^(?:being|as\s+(?:someone|somebody|a person)\s+who\s+is|as|still|now|fully|strictly)\s+"
                       r"(?P<neg>)(?:(?:a|an|fully|strictly|still)\s+)?(?P<diet>" + _DIET_RE + r")\b(?P<rest>.*)$", t,
                       re.IGNORECASE)
    if not m:
        return None
    value = DIETS[m.group("diet").lower()]
    if m.group("neg"):
        return [make_fact(c, "user", "diet", value, "", "preference", retract=True)]
    dur = re.search(r"\bfor\s+(?:(?:the\s+)?(?:last|past)\s+)?(?P<d>\w+\s+(?:years?|months?|weeks?))\b",
                    m.group("rest"))
    return [make_fact(c, "user", "diet", value, f"Is {value}" + (f" (for {dur.group('d')})" if dur else ""),
                      "preference")]


@rule("user")
def eats_again(c: Clause, ctx: Context) -> list[Fact] | None:
    """"I've started eating fish again": the diet changes."""
    m = re.search(r"^I\s+(?:have\s+)?(?:started|began|am)\s+eating\s+(?P<food>meat|fish|seafood|dairy|eggs|chicken|"
                  r"pork|beef)\s+again\b", c.text, re.IGNORECASE)
    if not m:
        return None
    food, when = m.group("food").lower(), when_suffix(c)
    return [make_fact(c, "user", "diet", f"eats {food} again",
                      f"Eats {food} again" + (f" (since {strip_prep(when)})" if when else ""), "preference")]


@rule("user")
def avoids(c: Clause, ctx: Context) -> list[Fact] | None:
    """"I don't eat pork", "I can't tolerate spicy food", "I stay away from caffeine"."""
    m = re.match(r"^I\s+(?:do not|never|no longer|cannot|can not)\s+(?P<verb>eat|drink|touch|do|have|tolerate|"
                 r"digest|handle)\s+(?P<what>[\w\s-]+?)(?:,.*)?$", c.text, re.IGNORECASE)
    m = m or re.match(r"^I\s+(?:(?:try to|always)\s+)?(?P<verb>avoid|stay away from|steer clear of|keep off)\s+"
                      r"(?P<what>[\w\s-]+?)(?:,.*)?$", c.text, re.IGNORECASE)
    if not m:
        return None
    what = strip_article(trim_np(m.group("what")))
    verb = (m.group("verb") or "avoid").lower()
    first = what.split(" ")[0].lower() if what else ""
    if not what or first in ("it", "that", "this", "much", "any", "anything", "enough", "to") or (
            verb not in ("eat", "drink", "touch") and first in TRIVIAL_HAVE):
        return None
    summary = f"Does not {verb} {what}" if verb in ("eat", "drink") else f"Avoids {what}"
    return [make_fact(c, "user", f"avoids:{value_terms(what, 2)}", what, summary, "preference")]


@rule("user")
def shared_allergy(c: Clause, ctx: Context) -> list[Fact] | None:
    """"My son and I are both allergic to nuts": the user's allergy."""
    m = re.match(r"^(?:both\s+)?(?:my\s+\w+\s+and\s+I|I\s+and\s+my\s+\w+)\s+are\s+(?:both\s+)?(?P<neg>not\s+)?"
                 r"allergic\s+to\s+(?P<what>.+)$", c.text, re.IGNORECASE)
    if not m:
        return None
    return allergies(c, "user", "", m.group("what"), bool(m.group("neg")))


@rule("user")
def allergic_to(c: Clause, ctx: Context) -> list[Fact] | None:
    """"I'm allergic to peanuts and shellfish"; "I'm not allergic to shellfish after all" retracts."""
    m = re.match(r"^I\s+(?:am|have been)\s+(?P<neg>not\s+(?:actually\s+|really\s+)?|no longer\s+)?(?:(?:severely|very|"
                 r"mildly|also|actually|really)\s+)*allergic\s+to\s+(?P<what>.+)$", c.text, re.IGNORECASE)
    if not m:
        return None
    return allergies(c, "user", "", m.group("what"), bool(m.group("neg")))


@rule("user")
def allergy_noun(c: Clause, ctx: Context) -> list[Fact] | None:
    """"I have a severe penicillin allergy"."""
    m = re.match(r"^I\s+have\s+(?:a|an)\s+(?:(?:severe|mild|bad)\s+)?(?P<what>[\w\s-]+?)\s+allergy\b", c.text,
                 re.IGNORECASE)
    if not m:
        return None
    return allergies(c, "user", "", m.group("what"), False)


@rule("user")
def intolerance(c: Clause, ctx: Context) -> list[Fact] | None:
    """"I'm lactose intolerant"; "I'm not gluten intolerant" retracts."""
    m = re.match(r"^I\s+am\s+(?P<neg>not\s+)?(?:also\s+)?(?P<what>lactose|gluten|fructose|histamine|caffeine)"
                 r"[\s-]intolerant\b", c.text, re.IGNORECASE)
    if not m:
        return None
    what = m.group("what").lower()
    return [make_fact(c, "user", f"intolerance:{what}", "yes", f"Is {what} intolerant", "fact",
                      retract=bool(m.group("neg")))]


@rule("user")
def not_a_trait(c: Clause, ctx: Context) -> list[Fact] | None:
    """"I'm not a morning person"."""
    m = re.match(r"^I\s+am\s+not\s+(?:really\s+)?(?:a|an)\s+(?P<what>" + _TRAITS + ")", c.text, re.IGNORECASE)
    if not m:
        return None
    what = m.group("what").lower()
    return [make_fact(c, "user", f"trait:{norm_key(what)}", "no", f"Is not {article(what)} {what}", "preference")]


@rule("user")
def trait(c: Clause, ctx: Context) -> list[Fact] | None:
    """"I'm a night owl"."""
    m = re.match(r"^I\s+am\s+(?:a|an)\s+(?P<what>" + _TRAITS + ")", c.text, re.IGNORECASE)
    if not m:
        return None
    what = m.group("what").lower()
    return [make_fact(c, "user", f"trait:{norm_key(what)}", "yes", f"Is {article(what)} {what}", "preference")]


# how well a language is spoken, said before it: "German and a bit of Italian", "fluent Spanish"
_HOW_WELL = (r"(?:a\s+(?:little\s+)?bit\s+of|a\s+little|some|basic|conversational|fluent|decent|broken|rusty|"
             r"passable|school)")
# a language the lexicon does not know is still written with a capital: "I speak Yoruba and Finnish"
_A_LANG = r"(?:" + _LANG_RE + r"|(?-i:[A-Z][a-zà-ÿ]{2,}))"
_ONE_LANG = r"(?:" + _HOW_WELL + r"\s+)?" + _A_LANG + r"\b"


@rule("user")
def languages(c: Clause, ctx: Context) -> list[Fact] | None:
    """"I speak French and German", "Portuguese is my native language", "my first language is Welsh", "i talk
    cantonese with my parents"."""
    t, out = c.text, []
    m = re.match(r"^I\s+(?:also\s+)?(?:speak|am fluent in|can speak|(?:talk|use)(?=\s+(?:" + _LANG_RE + r")\b))\s+"
                 r"(?P<langs>" + _ONE_LANG + r"(?:(?:,\s*(?:and\s+)?|\s+and\s+|\s+(?=(?:" + _LANG_RE + r")\b))"
                 + _ONE_LANG + r")*)", t, re.IGNORECASE)  # chat lists them with spaces: "polish english and french"
    if m:
        for mm in re.finditer(r"(?:\b(?P<how>" + _HOW_WELL + r")\s+)?\b(?P<lg>" + _A_LANG + r")\b", m.group("langs"),
                              re.IGNORECASE):
            lg, how = mm.group("lg").capitalize(), (mm.group("how") or "").lower()
            if lg.lower() not in LANGS and lg in NOT_NAMES:
                continue
            out.append(make_fact(c, "user", f"language:{lg.lower()}", "yes", tidy(f"Speaks {how} {lg}"), "fact"))
    for mm in re.finditer(r"\b(?P<lg>" + _LANG_RE + r")\s+is\s+my\s+(?P<nth>native|first|mother|second|third|fourth)"
                          r"(?:\s+tongue|\s+language)", t, re.IGNORECASE):
        lg = mm.group("lg").capitalize()
        out.append(make_fact(c, "user", f"language:{lg.lower()}", "yes",
                             f"{lg} is their {mm.group('nth').lower()} language", "fact"))
    m = re.search(r"\bmy\s+(?P<nth>native|first|mother)\s+(?:language|tongue)\s+is\s+(?P<lg>" + _LANG_RE + r")\b", t,
                  re.IGNORECASE)
    if m:
        lg = m.group("lg").capitalize()
        out.append(make_fact(c, "user", f"language:{lg.lower()}", "yes", f"{lg} is their native language", "fact"))
    return out or None
