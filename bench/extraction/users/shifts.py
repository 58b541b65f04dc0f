"""A third scenario set for the consolidation bench: how people say a fact *changed*, written before any rule for it.

Written after the rules for hobbies as a family, for people named after they were described, for records
saying a value is over and for prospects that came true were designed on the other sets' ``dev`` splits,
and before any rule was changed for this set, to measure whether those rules generalise. Everything here
is new to the rules: the values (hobbies, cars, languages, companies, cities, people and their names are
not in the other sets), the phrasings, and these shapes:

- **switch**: a hobby, language or car replaced with new words ("I've moved on from golf to archery",
  "I swapped surfing for sailing", "I'm no longer learning Czech; Hindi is my new project");
- **addition**: a second hobby that does *not* end the first ("I've also started baking, on top of
  hiking"); both are probed, neither is stale;
- **end, then new**: the old value said to be over in one session and the new one in a later session
  ("I sold the Fiat Panda." ... "Just bought a Nissan Leaf.");
- **prospect**: an application or interview, then the job ("I applied for a job at Orbit Labs." ...
  "Orbit Labs offered me the job and I said yes.");
- **described, then named**: a person first met without a name, named in the same message ("My new
  manager is a chemist. Her name is Zofia.") or in a later session ("My neighbour works as a dentist." ...
  "My neighbour Tariq is a teacher now.").

Same shape as ``generate.build()``, ids ``g000`` ..., the same frozen split by hash of the id. A fixed seed;
:data:`DIGEST` is checked on every run.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any

from generate import ASSISTANT_ACK, FILLER, _a, split_of

SEED = 20261203
DIGEST = "8c2d270d4cd38a64"  # of build(), frozen when the set was written, before any rule change for it
N_USERS = 48

HOBBIES = ["cycling", "painting", "surfing", "golf", "baking", "photography", "hiking", "fencing", "archery",
           "sailing", "gardening", "boxing"]
CARS = ["Fiat Panda", "Mini Cooper", "Skoda Fabia", "Peugeot 208", "Nissan Leaf", "Hyundai Kona", "Volvo XC40",
        "Dacia Sandero", "Subaru Outback", "BMW i3"]
LANGS = ["Swedish", "Turkish", "Polish", "Hindi", "Mandarin", "Czech", "Finnish", "Hebrew", "Russian", "Vietnamese"]
COMPANIES = ["Bluebird Media", "Orbit Labs", "Greenleaf Bank", "Summit Analytics", "Nimbus Games", "Redwood Clinics",
             "Lumen Energy", "Harbor Works"]
CITIES = ["Aarhus", "Malmo", "Nantes", "Bilbao", "Trieste", "Poznan", "Tartu", "Leipzig", "Bergamo", "Galway"]
JOBS = ["dentist", "chemist", "plumber", "teacher", "surveyor", "midwife", "baker", "optician", "engineer", "lawyer"]
PEOPLE = {"neighbour": ("m", ["Tariq", "Emil", "Ivo"]), "flatmate": ("f", ["Lea", "Noor", "Ines"]),
          "manager": ("f", ["Zofia", "Dana", "Ines"]), "aunt": ("f", ["Noor", "Lea", "Dana"]),
          "uncle": ("m", ["Rafael", "Karl", "Emil"]), "coworker": ("m", ["Karl", "Rafael", "Tariq"])}

T: dict[str, dict[str, list[str]]] = {
    "hobby": {
        "first": ["I'm really into {v} these days.", "{V} is my favourite way to unwind.",
                  "I love {v}, I do it every week.", "My big passion is {v}."],
        "switch": ["I've moved on from {old} to {v}.", "These days it's all {v}, no more {old}.",
                   "I swapped {old} for {v}.", "{V} has taken over from {old} for me.",
                   "I'm into {v} now, {old} got boring."],
        "add": ["I've also started {v}, on top of {old}.", "Alongside {old}, I now do {v} too.",
                "Picked up {v} as a second hobby."],
        "end": ["I've stopped {old}, my knee can't take it.", "No more {old} for me."],
        "new": ["I started {v} last month.", "Trying {v} now."],
        "question": ["What does the user do in their free time?", "the user's current hobby"],
    },
    "car": {
        "first": ["I drive a {v}.", "My car's a {v}.", "I get around in my {v}."],
        "switch": ["Sold my {old} last month. Now I drive a {v}.", "I don't have the {old} anymore; I bought a {v}.",
                   "Traded the {old} in; the new car is a {v}."],
        "end": ["I sold the {old}.", "The {old} finally died, it's at the scrapyard."],
        "new": ["Just bought a {v}.", "I drive a {v} now."],
        "question": ["What car does the user have now?", "the user's vehicle"],
    },
    "language": {
        "first": ["I'm learning {v}.", "I've been taking {v} classes.", "Studying {v} in the evenings."],
        "switch": ["I'm no longer learning {old}; {v} is my new project.", "I switched from {old} to {v}.",
                   "Quit {old} and signed up for {v} classes."],
        "end": ["I stopped learning {old}.", "I gave up on {old}, too hard."],
        "new": ["I'm learning {v} now.", "Started {v} lessons this week."],
        "question": ["Which language is the user studying at the moment?", "the language the user studies"],
    },
    "employer": {
        "first": ["I work at {v}.", "I've been at {v} for three years.", "My employer is {v}."],
        "prospect": ["I applied for a job at {v}.", "I have a second interview with {v} on Thursday.",
                     "{v} invited me to interview."],
        "done": ["{v} offered me the job and I said yes, I start next week.", "I accepted the offer from {v}.",
                 "First week at {v} done!"],
        "switch": ["I left {old} and joined {v}.", "I work at {v} now, I left {old} in May."],
        "question": ["Where does the user work now?", "the user's company"],
    },
    "residence": {
        "first": ["I live in {v}.", "Home is {v} these days.", "I'm based in {v}."],
        "switch": ["We relocated from {old} to {v}.", "Said goodbye to {old}; we live in {v} now.",
                   "I moved to {v} in the spring."],
        "question": ["What city does the user call home?", "where does the user live?"],
    },
    "person_job": {
        "asked": ["What does your {rel} do?"],
        "answer": ["{A}, I think.", "{A}.", "Oh, {pro}'s {a}."],
        "described": ["My new {rel} is {a}. {Pos} name is {name}.", "My {rel} works as {a}; {pos} name is {name}."],
        "unnamed": ["My {rel} works as {a}.", "My {rel} is {a}."],
        "named": ["My {rel} {name} is really nice.", "My {rel} {name} came round for dinner."],
        "switch": ["{name} retrained; {pro}'s {a} now.", "{name} is working as {a} these days.",
                   "My {rel} {name} switched careers and became {a}."],
        "question": ["What does {name} do for a living?", "What is the user's {rel}'s job?"],
    },
    "person_residence": {
        "asked": ["Where does your {rel} live?"],
        "answer": ["{V}.", "In {v}, I think."],
        "described": ["My {rel} lives in {v}. {Pos} name is {name}.", "My new {rel} is from here, {pro} lives in "
                      "{v}; {pos} name is {name}."],
        "unnamed": ["My {rel} lives in {v}.", "My {rel} is based in {v}."],
        "named": ["My {rel} {name} is really nice.", "My {rel} {name} came round for dinner."],
        "switch": ["{name} moved to {v}.", "{name} lives in {v} now.", "My {rel} {name} relocated to {v}."],
        "question": ["Where does {name} live?", "Which city is the user's {rel} in?"],
    },
}
POOLS = {"hobby": HOBBIES, "car": CARS, "language": LANGS, "employer": COMPANIES, "residence": CITIES,
         "person_job": JOBS, "person_residence": CITIES}
OWN = ["hobby", "car", "language", "employer", "residence"]


@dataclass
class Track:
    attr: str
    values: list[str] = field(default_factory=list)
    how: str = ""  # hobby: switch / add / end; car, language: switch / end; employer: prospect / switch
    first: str = "first"  # a person: asked / described / unnamed
    rel: str = ""
    name: str = ""
    gender: str = ""
    kinds: list[str] = field(default_factory=list)


def fmt(tpl: str, tr: Track, v: str = "", old: str = "") -> str:
    pro = "she" if tr.gender == "f" else "he"
    pos = "her" if tr.gender == "f" else "his"
    return tpl.format(v=v, V=v[:1].upper() + v[1:], old=old, a=_a(v), A=_a(v).capitalize(), rel=tr.rel,
                      name=tr.name, pro=pro, pos=pos, Pos=pos.capitalize())


def make_user(rng: random.Random, n: int) -> dict[str, Any]:
    uid = f"g{n:03d}"
    n_sessions = rng.randint(3, 5)
    used: set[str] = set()

    def draw(pool: list[str], k: int) -> list[str]:
        got = rng.sample([x for x in pool if x not in used], k)
        used.update(got)
        return got

    tracks = []
    for attr in rng.sample(OWN, 3):
        tr = Track(attr)
        tr.how = rng.choice({"hobby": ["switch", "add", "end"], "car": ["switch", "end"],
                             "language": ["switch", "end"], "employer": ["prospect", "switch"],
                             "residence": ["switch"]}[attr])
        tr.values = draw(POOLS[attr], 2)
        tr.kinds = [tr.how]
        tracks.append(tr)
    for rel in rng.sample(sorted(PEOPLE), rng.randint(1, 2)):
        gender, names = PEOPLE[rel]
        name = rng.choice([x for x in names if x not in used])
        used.add(name)
        attr = rng.choice(["person_job", "person_residence"])
        tr = Track(attr, rel=rel, name=name, gender=gender, first=rng.choice(["asked", "described", "unnamed"]))
        tr.values = draw(POOLS[attr], rng.choice([1, 2]))
        tr.kinds = [{"asked": "described, then named", "described": "named in the message",
                     "unnamed": "described, then named"}[tr.first]] + (["changed"] if len(tr.values) > 1 else [])
        tracks.append(tr)

    events: list[list[list[list[str]]]] = [[] for _ in range(n_sessions)]
    for tr in tracks:
        t = T[tr.attr]
        s0 = rng.randint(0, n_sessions - 3)
        s1, s2 = s0 + 1, rng.randint(s0 + 2, n_sessions - 1)
        v0, v1 = tr.values[0], tr.values[-1]
        if tr.attr.startswith("person_"):
            if tr.first == "asked":
                events[s0].append([["assistant", fmt(rng.choice(t["asked"]), tr, v0)],
                                   ["user", fmt(rng.choice(t["answer"]), tr, v0)]])
                events[s1].append([["user", fmt(rng.choice(t["named"]), tr, v0)]])
            elif tr.first == "described":
                events[s0].append([["user", fmt(rng.choice(t["described"]), tr, v0)]])
            else:
                events[s0].append([["user", fmt(rng.choice(t["unnamed"]), tr, v0)]])
                events[s1].append([["user", fmt(rng.choice(t["named"]), tr, v0)]])
            if len(tr.values) > 1:
                events[s2].append([["user", fmt(rng.choice(t["switch"]), tr, v1, old=v0)]])
            continue
        events[s0].append([["user", fmt(rng.choice(t["first"]), tr, v0)]])
        if tr.how in ("switch", "add"):
            events[s2].append([["user", fmt(rng.choice(t[tr.how]), tr, v1, old=v0)]])
        elif tr.how == "end":
            events[s1].append([["user", fmt(rng.choice(t["end"]), tr, old=v0)]])
            events[s2].append([["user", fmt(rng.choice(t["new"]), tr, v1)]])
        else:  # prospect: the interview, then the job
            events[s1].append([["user", fmt(rng.choice(t["prospect"]), tr, v1)]])
            events[s2].append([["user", fmt(rng.choice(t["done"]), tr, v1)]])

    t0 = datetime(2026, 5, 4, 9, 0) + timedelta(days=rng.randint(0, 40), hours=rng.randint(0, 8))
    sessions = []
    for si in range(n_sessions):
        items = list(events[si])
        rng.shuffle(items)
        for _ in range(rng.randint(1, 3)):
            items.insert(rng.randint(0, len(items)), [list(p) for p in zip(("user", "assistant"), rng.choice(FILLER),
                                                                          strict=True)])
        msgs: list[list[str]] = []
        for ev in items:
            for role, text in ev:
                if msgs and msgs[-1][0] == role:
                    msgs.append(["assistant" if role == "user" else "user",
                                 rng.choice(ASSISTANT_ACK) if role == "user" else "Ok."])
                msgs.append([role, text])
            if ev[-1][0] == "user":
                msgs.append(["assistant", rng.choice(ASSISTANT_ACK)])
        start = t0 + timedelta(days=si * rng.randint(3, 9), hours=rng.randint(0, 5))
        sessions.append({"start": start.isoformat(), "messages": msgs})
        t0 = start

    probes = []
    for tr in tracks:
        q = rng.choice(T[tr.attr]["question"]).format(rel=tr.rel, name=tr.name)
        subject = f"{tr.rel}:{tr.name}" if tr.rel else "user"
        if tr.how == "add":  # two hobbies at once: both are current, neither is stale
            for v in tr.values:
                probes.append({"attr": tr.attr, "subject": subject, "question": q, "latest": v, "stale": [],
                               "decoys": [], "kinds": tr.kinds})
            continue
        probes.append({"attr": tr.attr, "subject": subject, "question": q, "latest": tr.values[-1],
                       "stale": tr.values[:-1], "decoys": [], "kinds": tr.kinds})
    return {"id": uid, "split": split_of(uid), "sessions": sessions, "probes": probes}


def build() -> list[dict[str, Any]]:
    """The set's users: the same on every run."""
    rng = random.Random(SEED)
    return [make_user(rng, n) for n in range(N_USERS)]
