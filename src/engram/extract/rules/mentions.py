"""Group ``mentions``: what a clause says in passing, even inside a question; every rule runs.

People and pets the user names ("my daughter Ana", "her name is Sofia", "I have two cats, Miso and
Tofu"), a household size, and a job said in passing ("for an accountant like me"). A ``final`` rule that
matches ends the clause: nothing else is read from it.
"""

from __future__ import annotations

import re
from dataclasses import replace

from ...core.roles import ROLES
from ...core.text import STOP_WORDS
from ..base import Clause, Context, Fact, Rel, allergies, living_in, loss, make_fact, rel_fact
from ..lexicon import (
    AWAY_RE,
    CAR_MAKES,
    CAR_MODEL_WORDS,
    CAR_MODELS,
    JOB_HEADS,
    LANGS,
    MARKERS,
    NAME,
    NATIONALITIES,
    NOT_NAMES,
    PETS,
    PLACE,
    REL_ADJ,
    REL_RE,
    TRAILING,
)
from ..registry import rule
from ..text import article, drives, third_person, tidy, trim_np

# a question about what to name someone names no one yet: "should I call my puppy Olive?"
_NAMING = re.compile(r"\b(?:name|names|naming|call|calling|rename)\b", re.IGNORECASE)
_NOT_ALLERGENS = frozenset(("food", "seasonal", "bad", "an", "any", "other", "same", "whole", "new", "old", "their",
                            "his", "her", "your", "our", "skin"))
_GROUP_WORDS = {"twins": "twin", "kids": "child", "children": "child", "sons": "son", "daughters": "daughter"}


@rule("mentions")
def like_me(c: Clause, ctx: Context) -> list[Fact] | None:
    """A job said in passing: "what laptop for an accountant like me?", "as a nurse working nights, how should I
    sleep?" -> works as an accountant, as a nurse."""
    job_np = r"(?:a|an)\s+(?P<job>(?:\w+\s+){0,2}?(?:" + "|".join(JOB_HEADS) + r"))"
    m = re.search(r"\b" + job_np + r"\s+like\s+me\b", c.text, re.IGNORECASE) or re.match(
        r"^as\s+" + job_np + r"(?=\s*,|\s+(?:working|who|myself|I|with|in|at|on)\b)", c.raw.strip(), re.IGNORECASE)
    if not m:
        return None
    job = m.group("job").lower()
    return [make_fact(c, "user", "job", job, f"Works as {article(job)} {job}", "fact")]


@rule("mentions")
def moved_in_passing(c: Clause, ctx: Context) -> list[Fact] | None:
    """"since moving to Leeds I've been cycling more", "ever since we moved to Porto ...": the home now."""
    m = re.search(r"\b(?i:since|ever since|now that)\s+(?:(?i:I|we)\s+(?:have\s+)?)?(?i:moved|moving|relocated|"
                  r"relocating)\s+(?:(?i:here|over)\s+)?(?i:to)\s+" + PLACE, c.text)
    place = re.sub(r"(?:\s+(?:I|We|My|Our))+$", "", m.group("place")) if m else ""  # "since moving to Leeds I've"
    if not place or place.split()[0] in NOT_NAMES or c.question or c.hedged:
        return None
    return [make_fact(c, "user", "residence", place, f"Lives in {place}", "fact")]


@rule("mentions")
def home_in_passing(c: Clause, ctx: Context) -> list[Fact] | None:
    """"Half term ideas near us in Cardiff?", "any good cafés here in Leeds?": where the user lives, said inside
    a request (not on a trip: "visiting", "holiday" in the clause say they are away)."""
    m = re.search(r"\b(?i:here|near us|near me|around us|close to us|close to home|near home|near where (?:I|we) live)"
                  r"\s+in\s+" + PLACE, c.text)
    if not m or c.hedged or m.group("place").split()[0] in NOT_NAMES or re.search(AWAY_RE, c.event.content):
        return None
    return [make_fact(c, "user", "residence", m.group("place"), f"Lives in {m.group('place')}", "fact")]


@rule("mentions")
def allergy_in_passing(c: Clause, ctx: Context) -> list[Fact] | None:
    """"Remember the peanut allergy when you suggest snacks", "snacks safe for my nut allergy?": the user's
    allergy, named in passing (not a person's of theirs: "my son's nut allergy")."""
    m = re.search(r"(?<![\w'’])(?i:my|the)\s+(?:(?i:severe|mild|bad|serious|nasty)\s+)?(?P<what>(?i:[a-z][\w-]*))"
                  r"\s+(?i:allergy|allergies)\b", c.text)
    if not m or c.hedged or m.group("what").lower() in _NOT_ALLERGENS:
        return None
    return allergies(c, "user", "", m.group("what"), False)


@rule("mentions")
def language_in_passing(c: Clause, ctx: Context) -> list[Fact] | None:
    """"a CV line about languages: native Telugu, fluent Kannada", "tips for someone fluent in Welsh like me":
    a language the user speaks, said with how well (not another person's: "my wife is fluent in Welsh")."""
    if c.hedged or re.search(r"\b(?i:speak|speaks|spoke)\b", c.text) or re.match(
            r"^(?:(?i:my|our|his|her|their)\s+\w+|he|she|they|[A-Z][a-z]+\s+(?:is|speaks))\b", c.text):
        return None  # "I speak fluent Spanish" is the language rules'; "my wife is fluent in Welsh" is hers
    out = []
    for m in re.finditer(r"\b(?P<how>(?i:native|fluent|conversational|basic|intermediate|advanced))\s+(?:(?i:in)\s+)?"
                         r"(?P<l>[A-Za-z]+)\b", c.text):
        lang = m.group("l").lower()
        if lang in LANGS:
            out.append(make_fact(c, "user", f"language:{lang}", "yes",
                                 f"Speaks {lang.capitalize()} ({m.group('how').lower()})", "fact"))
    return out or None


_MODEL = re.compile(r"\b(?i:my|our)\s+(?:(?i:new|trusty|little|beloved)\s+)?(?:(?P<make>(?i:" + "|".join(
    sorted(CAR_MAKES, key=len, reverse=True)) + r"))\s+)?(?P<model>(?i:" + "|".join(
    re.escape(m) for m in sorted(CAR_MODELS, key=len, reverse=True)) + r"))(?![\w'’.-]*\w)")
_NOT_NOW = re.compile(r"\b(?:sold|sell|selling|got rid of|scrapped|traded|trading|gave away|written off|wrote off|"
                      r"used to|old|previous|former|no longer|anymore|any more|instead of|replaced)\b", re.IGNORECASE)


@rule("mentions")
def car_in_passing(c: Clause, ctx: Context) -> list[Fact] | None:
    """"How often should I service my XC40?", "help me budget for my hilux": the car the user drives, named
    by its model in passing (not one sold, old or replaced; a model that is also a word, "my golf clubs",
    only with its capital)."""
    m = _MODEL.search(c.text)
    if not m or c.hedged or _NOT_NOW.search(c.text):
        return None
    said = m.group("model")
    model = next(k for k in CAR_MODELS if k.lower() == said.lower())
    if model.lower() in CAR_MODEL_WORDS and said != model:
        return None
    make = m.group("make").capitalize() if m.group("make") else CAR_MODELS[model]
    car = f"{make} {model}"
    return [make_fact(c, "user", "car", car, drives(car), "fact")]


@rule("mentions")
def relative_in_place(c: Clause, ctx: Context) -> list[Fact] | None:
    """"My sister in Houston said ...", "a gift for my dad in Lyon?", "visit my sister Ngozi in Abuja", "at my
    mum's in Galway": where a relative lives, said in passing, even in a plan ("we're planning to visit my sister
    in Abuja": she is there); not an in-law ("my sister-in-law"), not "my son in Year 5"."""
    m = re.search(r"\b(?i:my|our)\s+(?P<rel>(?i:" + REL_RE + r"))(?:\s+(?P<who>(?-i:[^\W\d_a-z])[\w'’-]*))?"
                  r"(?P<owns>'s(?:\s+(?i:house|place|flat|home))?)?\s+"  # "staying at my mum's in Galway": her home
                  r"(?:(?i:who lives|living|based)\s+)?(?i:in|over in)\s+" + PLACE, c.text)
    if m and m.group("owns") and not re.search(r"\b(?i:at|to|from)\s+(?i:my|our)\s+$", c.text[:m.start("rel")]):
        m = None  # "my sister's flat in Poznań is huge" says what the flat is like, not where she lives
    if not m or m.group("place").split()[0] in NOT_NAMES | _NOT_PLACES or \
            (m.group("who") or "") in NOT_NAMES:
        return None
    rel = m.group("rel").lower()
    if rel in PETS or ROLES.get(rel) == "manager":
        return None
    place, who = m.group("place"), m.group("who")
    subject, said = (f"{rel}:{who.lower()}", f"{rel.capitalize()} {who}") if who else (rel, rel.capitalize())
    return [make_fact(c, subject, "residence", place, living_in(said, place), "fact")]


_NOT_PLACES = frozenset(("Year", "Grade", "Class", "Form", "Law", "Christ", "Reception"))


@rule("mentions")
def someone_new(c: Clause, ctx: Context) -> list[Fact] | None:
    """"I'm seeing someone new, his name is Andre", "I met someone, Kwame, early days", "Cian proposed!": a
    partner (a fiancé once proposed to), named now or by "his/her name is" after it."""
    proposed = re.match(r"^" + NAME + r"\s+(?:(?i:finally|just)\s+)?(?i:proposed|popped the question)\b", c.text)
    if proposed and proposed.group("name") not in NOT_NAMES:
        return [rel_fact(ctx.remember(Rel("fiance", proposed.group("name"))), c)]
    m = re.search(r"\b(?i:seeing|dating|met)\s+(?i:someone|somebody)(?:\s+(?i:new|special|nice))?"
                  r"(?:\s*,\s*(?:" + NAME + r"|(?P<low>[a-zà-ÿ][\w'’-]+))\s*(?:,|$))?", c.text)
    if not m or c.hedged or c.question:
        return None
    # a chat in lower case names them in lower case: "been seeing somebody, keisha, first real date"
    low = m.group("low") if m.group("low") and not (m.group("low") in STOP_WORDS or MARKERS.fullmatch(m.group("low"))
                                                     or TRAILING.fullmatch(" " + m.group("low"))) else None
    name = m.group("name") or (low.capitalize() if low else None)
    rel = ctx.remember(Rel("partner", name if name not in NOT_NAMES else None))
    return [rel_fact(rel, c)] if rel.name else []


# a second given name ("Mei Ling", "Anne Marie"): a capitalised word after the first that the sentence goes on from
_SECOND_NAME = re.compile(r"\s+(?P<second>[^\W\d_a-z][a-zà-ÿ'’-]+)(?=\s*(?:[,.!?;:)]|$)|\s+(?:is|was|has|had|and|"
                          r"who|will|would|just|can|does|did|got|went|said|turned|[a-z]+s)\b)")


# "he is my boyfriend", "she's my sister": who was named just before is the one meant
_IS_MY = re.compile(r"^(?:he|she)\s+is\s+(?:my|our)\s+(?:[\w-]+\s+)?(?:" + REL_RE + r")\s*$", re.IGNORECASE)
_HE_IS_MY = re.compile(r"\b(?:he|she)(?:['’]s|\s+is)\s+(?:my|our)\b", re.IGNORECASE)
_A_NAME = re.compile(r"(?<=\s)(?-i:[^\W\d_a-z])[\w'’-]+")


def _named_just_before(c: Clause) -> str | None:
    """The one name the clause right before ``c`` in its message says ("I will practice with Tom tonight"), or None
    (no name, or more than one: who "he" is cannot be told)."""
    said = _HE_IS_MY.search(c.event.content)
    before = c.event.content[:said.start()] if said else ""
    last = re.split(r"[,;.!?]\s*(?=\S)", before.strip(" ,;"))[-1]
    names = [n for n in _A_NAME.findall(f" {last}") if n not in NOT_NAMES and n.lower() not in STOP_WORDS]
    return names[0] if len(names) == 1 else None


@rule("mentions")
def relation_named(c: Clause, ctx: Context) -> list[Fact] | None:
    """"my daughter Ana", "our dog, Rex", "the dog, Pickles": remembered for later clauses; a fact when named in a
    statement."""
    t, out = c.text, []
    # "my daughter Ana", "our dog, Rex"; a pet is the household's when named after "the": "mind the dog, Pickles"
    for mr in re.finditer(r"\b(?:(?i:my|our)\s+" + REL_ADJ + r"(?P<rel>(?i:" + REL_RE + r"))(?:'s)?(?:,?\s+" + NAME
                          + r")?|(?i:the)\s+(?=(?i:" + "|".join(PETS) + r"),\s+[A-Z])(?P<pet>[a-z]+),\s+"
                          + NAME.replace("<name>", "<pet_name>") + r")\b", t):
        if mr.group("pet"):
            rel = ctx.remember(Rel(mr.group("pet").lower(), mr.group("pet_name")))
            if mr.group("pet_name") not in NOT_NAMES and not c.hedged and not (
                    c.question and _NAMING.search(t[:mr.start()])):
                out.append(rel_fact(rel, c))
            continue
        rel_word = mr.group("rel").lower()
        name = re.sub(r"['’]s$", "", mr.group("name") or "") or None  # "my manager Priya's leaving card"
        if name is None and _IS_MY.match(t):  # "practice with Tom tonight, he is my boyfriend": Tom
            name = _named_just_before(c)
        if name and t[mr.end("rel"):mr.start("name")].startswith("'s"):
            name = None  # "on my wife's Camry": what she has, not her name
        if name and (more := _SECOND_NAME.match(t, mr.end("name"))) and more.group("second") not in NOT_NAMES \
                and more.group("second").lower() not in LANGS:
            name = f"{name} {more.group('second')}"  # "my wife Mei Ling is ...", "my sister Anne Marie lives ..."
        if name and (name in NOT_NAMES or not name[0].isupper()):
            name = None
        if name and t[mr.end("rel"):mr.start("name")].strip() == "" and name in ("Is", "Was"):
            name = None
        if name and rel_word in _GROUP_WORDS:  # "my kids, Ada and Leon": each is named by counted_names
            continue
        rel = ctx.remember(Rel(rel_word, name))
        if name and not c.hedged and not (c.question and _NAMING.search(t[:mr.start()])):
            out.append(rel_fact(rel, c))  # said in a request too: "a birthday note for my husband Felix?"
    for mp in _NAME_THE_PET.finditer(t):  # "Biddy the cat will be disappointed": the household's pet
        rel = ctx.remember(Rel(mp.group("pet").lower(), mp.group("name")))
        if mp.group("name") not in NOT_NAMES and not c.hedged and not c.question:
            out.append(rel_fact(rel, c))
    return out or None


_NAME_THE_PET = re.compile(NAME + r",?\s+the\s+(?P<pet>" + "|".join(PETS) + r")(?=\s*(?:[,.!?;]|$)|\s+(?:is|was|"
                           r"will|has|had|loves|likes|hates|does|did|can|needs|got|gets|for|and|who|just|still|"
                           r"always|\w+ed)\b)")


@rule("mentions")
def late_relative(c: Clause, ctx: Context) -> list[Fact] | None:
    """"my late husband Seán loved Keegan": Seán has died; what memory holds of him as living is over."""
    m = re.search(r"\b(?i:my|our)\s+(?i:late)\s+(?P<rel>(?i:" + REL_RE + r"))\s+" + NAME, c.text)
    if not m or m.group("name") in NOT_NAMES or c.hedged:
        return None
    return loss(c, m.group("name"), f"Late {m.group('rel').lower()} {m.group('name')}")


@rule("mentions")
def counted_names(c: Clause, ctx: Context) -> list[Fact] | None:
    """"my two cats, Miso and Tofu", "with three kids named A, B and C", "my kids, Ada and Leon": one person or
    pet fact each."""
    out = []
    # a name may carry an age or a note in brackets ("Ada (7) and Leon (4)"); a colon may introduce the names
    name = r"[A-ZÀ-ÖØ-Þ][a-zß-ÿ]+(?:\s*\([^()]{0,20}\))?"
    for mm in re.finditer(r"\b(?:(?i:my|our)\s+|(?i:my|our|with|have|have got|got)\s+(?i:two|three|four|five|six|"
                          r"\d+)\s+)(?P<kind>(?i:"
                          r"dogs|cats|kids|children|twins|sons|daughters|rabbits|horses|birds|brothers|sisters|roommates|"
                          r"flatmates|housemates|friends|colleagues))\s*[,:]?\s+"
                          r"(?:(?i:named|called)\s+)?"
                          r"(?P<names>" + name + r"(?:(?:,\s*|\s+and\s+|,\s*and\s+)" + name + r")+)", c.text):
        word = {"kids": "child", "children": "child"}.get(mm.group("kind").lower(), mm.group("kind").lower()[:-1])
        for n in re.findall(r"[A-ZÀ-ÖØ-Þ][a-zß-ÿ]+", re.sub(r"\([^()]*\)", "", mm.group("names"))):
            if n not in NOT_NAMES and not c.hedged:
                out.append(rel_fact(ctx.remember(Rel(word, n)), c))
    return out or None


@rule("mentions", final=True)
def called_named(c: Clause, ctx: Context) -> list[Fact] | None:
    """"my cat is called Pickles", "our son named Leo", "my sister is Ana", "our new puppy is Biscuit": the name
    fact, and nothing more from the clause. Said with "is" only of whom one may have several: "Partner is Zoë",
    "Landlord is Okafor" name a role's one holder and are read as said (a new one replaces the old)."""
    mc = re.search(r"\b(?i:my|our)\s+(?P<rel>(?i:" + REL_RE + r"))\s+(?i:is\s+)?(?i:called|named)\s+" + NAME, c.text)
    mc = mc or re.match(r"^(?:(?i:my|our)\s+|(?=(?i:new)\s))" + REL_ADJ + r"(?P<rel>(?i:" + REL_RE + r"))\s+is\s+"
                        r"(?:now\s+)?" + NAME + r"$", c.text)
    name, said_is = mc.group("name") if mc else "", mc is not None and not re.search(r"(?i:called|named)", mc.group(0))
    if not mc or name in NOT_NAMES or name in NATIONALITIES or name in _FAITHS or c.hedged \
            or (said_is and mc.group("rel").lower() not in _MANY):
        return None
    return [rel_fact(ctx.remember(Rel(mc.group("rel").lower(), name)), c)]


_MANY = frozenset(("daughter", "son", "sister", "brother", "kid", "child", "baby", "grandson", "granddaughter", "aunt",
                   "uncle", "cousin", "niece", "nephew", "stepson", "stepdaughter", "friend", "best friend", "roommate",
                   "flatmate", "colleague", "coworker", *PETS))
_FAITHS = frozenset(("Catholic", "Muslim", "Jewish", "Hindu", "Buddhist", "Protestant", "Sikh", "Orthodox", "Anglican",
                     "Mormon", "Methodist", "Baptist"))  # "my son is Catholic" names no one


@rule("mentions")
def family_of(c: Clause, ctx: Context) -> list[Fact] | None:
    """"Our family of four is moving" -> household size."""
    mf = re.search(r"\b(?i:my|our)\s+(?i:family)\s+(?i:of)\s+(?P<n>(?i:two|three|four|five|six|seven|eight|\d+))\b",
                   c.text)
    if not mf or c.hedged:
        return None
    n = mf.group("n").lower()
    return [make_fact(c, "user", "household", n, f"Family of {n}", "fact")]


@rule("mentions")
def their_names_are(c: Clause, ctx: Context) -> list[Fact] | None:
    """"I have twins. Their names are Mia and Max": names for the group mentioned last."""
    mn = re.search(r"\b(?i:their)\s+(?i:names\s+are)\s+(?P<names>[A-Z][a-zà-ÿ]+(?:(?:,\s*|\s+and\s+)[A-Z][a-zà-ÿ]+)+)",
                   c.text)
    group = next((r for r in reversed(ctx.rels) if r.word in _GROUP_WORDS), None)
    if not mn or group is None or c.hedged:
        return None
    word = _GROUP_WORDS[group.word]
    return [rel_fact(ctx.remember(Rel(word, n)), c) for n in re.findall(r"[A-Z][a-zà-ÿ]+", mn.group("names"))]


@rule("mentions")
def pronoun_name_is(c: Clause, ctx: Context) -> list[Fact] | None:
    """"my daughter ... her name is Sofia", "we adopted a puppy, we named her Juno": names the person (or, with
    "its", the pet) mentioned last."""
    m = re.search(r"\b(?P<pro>(?i:his|her|its|their))\s+(?i:name\s+is)\s+" + NAME, c.text)
    given = None if m else re.search(r"^(?:I|we)\s+(?:have\s+)?(?:named|called)\s+(?P<pro>(?i:him|her|it))\s+" + NAME
                                      + r"$", c.text)  # "we named her Juno": a name given, to a pet or a baby
    m = m or given
    if not m or m.group("name") in NOT_NAMES or c.hedged:
        return None
    target = ctx.pronoun(m.group("pro")) if m.group("pro").lower() not in ("its", "it") else (
        next((r for r in reversed(ctx.rels) if r.is_pet), None))
    if target is None or (given and not (target.is_pet or target.word in _NEWBORN)):
        return None
    ctx.name(target, m.group("name"))
    return [rel_fact(target, c)]


_PET_ADJ = r"(?:new|little|baby|rescue|tiny|young|old|sweet|cute|gorgeous|lovely)"
_NEWBORN = frozenset(("baby", "son", "daughter", "child"))  # who is given a name (a pet too)


@rule("mentions", final=True)
def have_pets_or_children(c: Clause, ctx: Context) -> list[Fact] | None:
    """"I have a dog named Rex", "we adopted two kittens", "I have three kids", "got a new pup, Nel" (the subject
    left out, as in chat): pets and children owned."""
    t = c.text
    m = re.search(r"(?:\b(?:I|we)\s+|^)(?:have|have got|got|adopted|own)\s+(?P<n>a|an|one|two|three|four|five|\d+)\s+"
                  r"(?:" + _PET_ADJ + r"\s+)*(?P<kind>"
                  + "|".join(PETS) + r"|kids|children|sons|daughters|boys|girls|cats|dogs|"
                  r"rabbits|hamsters|birds|horses)\b(?P<rest>[^.?!]*)", t, re.IGNORECASE)
    if not m or c.hedged or c.question:
        return None
    kind = m.group("kind").lower()
    singular = kind[:-1] if kind.endswith("s") and kind[:-1] in PETS else kind
    rest = m.group("rest")
    out: list[Fact] = []
    other = re.search(r"\s+and\s+(?P<second>(?:a|an|one)\s+(?:" + _PET_ADJ + r"\s+)*(?:" + "|".join(PETS) +
                      r")\b.*)$", rest, re.IGNORECASE) if singular in PETS else None
    if other:  # "a dog named Pixel and a cat named Byte": the second pet is of its own kind
        rest = rest[:other.start()]
        said = f"I have {other['second']}"
        out += have_pets_or_children(replace(c, text=said, dated=said), ctx) or []
    listed = re.split(r"\b(?:named|called)\b|,", rest, maxsplit=1)[-1] if re.search(r"named|called|,", rest) else ""
    if re.search(r"\b(?:named|called)\s+[a-z]", rest):
        listed = trim_np(listed).title()  # "a cat called pickles": the name is explicit
    names = [n for n in re.findall(r"\b[A-Z][a-zà-ÿ]+\b", listed) if n not in NOT_NAMES]
    if singular in PETS and names:
        out = [rel_fact(ctx.remember(Rel(singular, n)), c) for n in names] + out
    elif singular in PETS:
        ctx.remember(Rel(singular))
        said = t[m.start():m.end("kind")] + rest if other else c.dated  # "a dog and a cat": each its own
        out.append(make_fact(c, "user", f"pet:{singular}", singular, tidy(third_person(trim_np(said))), "fact"))
    elif kind in ("kids", "children", "sons", "daughters", "boys", "girls"):
        summary = third_person(trim_np(t[m.start():]))
        value = trim_np(t[m.start("n"):])
        out.append(make_fact(c, "user", "children", value, summary, "fact"))
    return out
