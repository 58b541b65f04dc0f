"""Generate the consolidation scenario set: synthetic users whose facts are stated, restated, corrected and changed.

Written before any extraction rule was changed for it, and generated, not hand-tuned: a fixed seed, value
pools and phrasing templates below. Each user has 3-5 sessions a few days apart. A user's *tracks* are
attributes of the user or of a person they name (a sister's city, a friend's job); each track is stated
among filler (requests, small talk, thanks), sometimes with a self-correction ("I live in Lyon, sorry, I
mean Lille"), sometimes restated later ("As I said, my sister Rosa lives in Quito"), and often changed
once or twice in a later session. Decoys mention other values of the same attribute without asserting
them (questions, hypotheticals, the assistant's suggestions). Each track ends with a probe: a question
about the attribute, the latest value, the stale values and the decoys.

The split is frozen by user id: ``sha1(id) % 3 == 0`` is ``test`` (never used to tune a rule), the rest
is ``dev``. ``bench/extraction/consolidation.py`` builds the set in memory (:func:`build`) and checks its
digest (:data:`DIGEST`) so a changed generator cannot pass silently; ``python generate.py PATH`` writes it
as JSON to read.
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

SEED = 20261201
DIGEST = "6b5cbbfd56d435a1"  # of build(): the set as frozen before any rule was changed for it
N_USERS = 120
OUT = Path("/tmp/engram-consolidation-users.json")


def split_of(user_id: str) -> str:
    """The frozen split: a third of the users, by hash of their id, are the test split."""
    return "test" if int(hashlib.sha1(user_id.encode()).hexdigest(), 16) % 3 == 0 else "dev"


CITIES = ["Lisbon", "Porto", "Quito", "Lima", "Lyon", "Lille", "Leeds", "Bristol", "Oslo", "Bergen", "Ghent",
          "Antwerp", "Bologna", "Turin", "Seville", "Valencia", "Krakow", "Gdansk", "Tallinn", "Riga", "Dublin",
          "Cork", "Montreal", "Calgary", "Denver", "Austin", "Osaka", "Sapporo", "Nairobi", "Accra", "Adelaide",
          "Perth", "Glasgow", "Aberdeen", "Utrecht", "Leiden", "Basel", "Zurich", "Graz", "Brno"]
JOBS = ["nurse", "teacher", "architect", "pharmacist", "electrician", "accountant", "graphic designer",
        "physiotherapist", "software developer", "chef", "journalist", "vet", "paramedic", "librarian",
        "translator", "civil engineer", "dentist", "photographer", "data analyst", "carpenter"]
COMPANIES = ["Acme Logistics", "Northwind", "Globex", "Initech", "Umbrella Health", "Stark Foods", "Wayne Transit",
             "Hooli", "Vandelay Imports", "Soylent Labs", "Pied Piper", "Contoso", "Tyrell Energy", "Cyberdyne",
             "Oceanic Air", "Monarch Bank", "Bluth Homes", "Dunder Paper"]
DIETS = ["vegetarian", "vegan", "pescatarian", "gluten-free", "keto"]
FAVOURITES = {"food": ["lasagne", "ramen", "paella", "tacos", "sushi", "curry", "pho", "risotto"],
              "colour": ["green", "teal", "orange", "purple", "yellow", "navy"],
              "band": ["Radiohead", "Coldplay", "Muse", "Blondie", "Queen", "Abba", "Oasis"],
              "film": ["Amelie", "Alien", "Heat", "Arrival", "Amadeus", "Jaws"]}
CHANNELS = ["email", "text message", "WhatsApp", "phone call"]
CARS = ["Toyota Corolla", "Honda Civic", "VW Golf", "Tesla Model 3", "Ford Fiesta", "Kia Niro", "Mazda 3",
        "Renault Clio", "Skoda Octavia", "Volvo V60"]
HOBBIES = ["tennis", "yoga", "swimming", "climbing", "running", "chess", "pottery", "salsa", "rowing", "knitting"]
LANGUAGES = ["Japanese", "Portuguese", "German", "Italian", "Korean", "Arabic", "Greek", "Dutch"]
PEOPLE = {"sister": ("f", ["Rosa", "Ana", "Lucia", "Mei", "Ingrid", "Priya", "Chloe", "Marta"]),
          "brother": ("m", ["Tomas", "Javier", "Kenji", "Olaf", "Ravi", "Luca", "Ben", "Marek"]),
          "friend": ("f", ["Hannah", "Sofia", "Nadia", "Elif", "Grace", "Yara"]),
          "cousin": ("m", ["Diego", "Felix", "Omar", "Sami", "Hugo", "Anton"]),
          "mother": ("f", ["Maria", "Helen", "Akiko", "Brigid"]),
          "colleague": ("m", ["Peter", "Arjun", "Mateo", "Lars", "Kofi"])}


def _a(word: str) -> str:
    return ("an " if word[:1].lower() in "aeiou" else "a ") + word


# Templates per attribute: state / restate / change / correct / decoy / question. {v} the value, {old} the
# previous one, {wrong} the slip a correction takes back, {a} "a"/"an" + value, {rel} {name} {pro} a person.
T: dict[str, dict[str, list[str]]] = {
    "residence": {
        "state": ["I live in {v}.", "I'm based in {v} these days.", "We live in {v} with the kids.",
                  "Home for me is {v}.", "I've been living in {v} for a few years now.", "I'm in {v}, by the way.",
                  "I live in {v}, so weather is always a topic."],
        "restate": ["As I said, I live in {v}.", "Like I mentioned, I'm in {v}.", "Just a reminder that I live in {v}.",
                    "Again, I'm based in {v}.", "Remember, I live in {v}."],
        "change": ["Big news: I moved to {v} last week.", "We've relocated from {old} to {v}.",
                   "I don't live in {old} anymore, I moved to {v}.", "Quick update, I'm living in {v} now.",
                   "Finally settled in {v} after the move from {old}.", "I just moved to {v}!"],
        "correct": ["I live in {wrong}, sorry, I mean {v}.", "I'm based in {wrong}... no wait, {v}. Typo.",
                    "I live in {wrong}. Correction: {v}, not {wrong}."],
        "decoy": ["Is {d} nice in the spring?", "Maybe one day I'll move to {d}.", "My boss keeps going on about {d}.",
                  "If I lived in {d} I'd cycle everywhere."],
        "question": ["Where does the user live?", "Which city is the user living in now?", "user's home city"],
    },
    "job": {
        "state": ["I work as {a}.", "I'm {a}.", "By trade I'm {a}.", "I've been working as {a} for ten years.",
                  "I'm {a}, so my shifts are all over the place."],
        "restate": ["As I said, I'm {a}.", "Like I told you, I work as {a}.", "Again, I'm {a}."],
        "change": ["I changed careers, I'm {a} now.", "I'm no longer {old_a}, I work as {a} since May.",
                   "I retrained and now I work as {a}.", "New job: I'm {a} now!"],
        "correct": ["I'm {wrong_a}, sorry, I meant {a}."],
        "decoy": ["Do you think I'd make a good {d}?", "My neighbour is {d_a}, she loves it."],
        "question": ["What does the user do for a living?", "What is the user's job?", "user occupation"],
    },
    "employer": {
        "state": ["I work at {v}.", "I'm at {v}, in the finance team.", "I've been with {v} since 2019.",
                  "I work for {v}."],
        "restate": ["As I said, I work at {v}.", "Like I mentioned, I'm at {v}."],
        "change": ["I left {old} and joined {v} last month.", "Started a new job at {v} on Monday!",
                   "I accepted an offer from {v}, so goodbye {old}.", "I work for {v} now."],
        "correct": ["I work at {wrong}, sorry, I mean {v}."],
        "decoy": ["Have you heard anything about {d}?", "A recruiter from {d} messaged me, not interested."],
        "question": ["Which company does the user work for?", "Where is the user employed?"],
    },
    "diet": {
        "state": ["I'm {v}.", "I've been {v} for years.", "Keep in mind I'm {v}.", "I'm {v}, just so you know."],
        "restate": ["As I said, I'm {v}.", "Remember I'm {v}."],
        "change": ["I'm {v} now, I switched last month.", "I went {v} in January.", "I'm not {old} anymore, I'm {v}."],
        "correct": ["I'm {wrong}, sorry, I mean {v}."],
        "decoy": ["Is it hard to go {d}?", "My partner is thinking about going {d}."],
        "question": ["What diet does the user follow?", "the user's dietary restrictions"],
    },
    "favourite": {
        "state": ["My favourite {cat} is {v}.", "{V} is my favourite {cat}.", "My all-time favourite {cat} is {v}."],
        "restate": ["As I said, my favourite {cat} is {v}.", "Like I said, {v} is my favourite {cat}."],
        "change": ["My favourite {cat} is {v} now.", "These days my favourite {cat} is {v}, not {old}.",
                   "I've gone off {old}; {v} is my favourite {cat} now."],
        "correct": ["My favourite {cat} is {wrong}, sorry, I meant {v}."],
        "decoy": ["Do you like {d}?", "My brother's favourite {cat} is {d}, weirdly."],
        "question": ["What is the user's favourite {cat}?"],
    },
    "contact": {
        "state": ["{V} works best for me.", "Please contact me by {v}.", "I prefer {v}.", "Reach me by {v}, please."],
        "restate": ["As I said, {v} works best for me.", "Again, please contact me by {v}."],
        "change": ["Actually, {v} is better for me from now on.", "Please use {v} instead of {old} going forward.",
                   "From now on I prefer {v}."],
        "correct": ["{Wrong} works best, sorry, I mean {v}."],
        "decoy": ["Does anyone still use {d}?"],
        "question": ["How does the user prefer to be contacted?", "user's preferred contact channel"],
    },
    "car": {
        "state": ["I drive a {v}.", "My car is a {v}.", "I've got a {v}, it's old but reliable."],
        "restate": ["As I said, I drive a {v}.", "Like I mentioned, my car is a {v}."],
        "change": ["I sold the {old} and bought a {v}.", "I traded in my {old} for a {v}.",
                   "New car! I drive a {v} now."],
        "correct": ["I drive a {wrong}, sorry, I mean a {v}."],
        "decoy": ["Is the {d} any good?", "I test drove a {d} for fun, not for me."],
        "question": ["What car does the user drive?"],
    },
    "hobby": {
        "state": ["I'm really into {v}.", "I love {v}, I do it every weekend.", "My main hobby is {v}."],
        "restate": ["As I said, I'm into {v}.", "Like I said, I love {v}."],
        "change": ["I gave up {old}, I'm into {v} now.", "I quit {old}. These days it's all about {v}.",
                   "My main hobby is {v} now."],
        "correct": ["I'm into {wrong}, sorry, I mean {v}."],
        "decoy": ["Is {d} hard to learn?", "Maybe I should try {d} someday."],
        "question": ["What hobby is the user into?", "user's main hobby"],
    },
    "language": {
        "state": ["I'm learning {v}.", "I've started {v} lessons.", "I'm learning {v} on an app every morning."],
        "restate": ["As I said, I'm learning {v}.", "Like I mentioned, I'm learning {v}."],
        "change": ["I stopped learning {old}; I'm learning {v} now.", "Switched from {old} to {v} lessons.",
                   "I'm learning {v} now instead of {old}."],
        "correct": ["I'm learning {wrong}, sorry, I mean {v}."],
        "decoy": ["Is {d} easier than English?", "My cousin speaks {d}."],
        "question": ["Which language is the user learning?"],
    },
    "person_residence": {
        "state": ["My {rel} {name} lives in {v}.", "{name}, my {rel}, is in {v}.", "My {rel} {name} is based in {v}.",
                  "My {rel} {name} lives in {v}, so I visit a lot."],
        "restate": ["As I said, my {rel} {name} lives in {v}.", "Like I mentioned, {name} lives in {v}.",
                    "Remember, my {rel} {name} is in {v}."],
        "change": ["{name} moved to {v} last month.", "My {rel} {name} has moved from {old} to {v}.",
                   "{name} relocated to {v}.", "My {rel} {name} lives in {v} now."],
        "correct": ["My {rel} {name} lives in {wrong}, sorry, I mean {v}."],
        "decoy": ["{name} wants to visit {d} next year.", "Maybe {name} will move to {d} one day."],
        "question": ["Where does the user's {rel} {name} live?", "Which city is {name} in?"],
    },
    "person_job": {
        "state": ["My {rel} {name} is {a}.", "{name}, my {rel}, works as {a}.", "My {rel} {name} works as {a}."],
        "restate": ["As I said, my {rel} {name} is {a}.", "Like I mentioned, {name} works as {a}."],
        "change": ["{name} became {a}.", "My {rel} {name} is {a} now, {pro} retrained.",
                   "{name} quit being {old_a} and works as {a} now."],
        "correct": ["My {rel} {name} is {wrong_a}, sorry, I mean {a}."],
        "decoy": ["{name} would love to be {d_a}."],
        "question": ["What does the user's {rel} {name} do for work?", "What is {name}'s job?"],
    },
}
POOLS: dict[str, list[str]] = {"residence": CITIES, "job": JOBS, "employer": COMPANIES, "diet": DIETS,
                               "contact": CHANNELS, "car": CARS, "hobby": HOBBIES, "language": LANGUAGES,
                               "person_residence": CITIES, "person_job": JOBS}

# Filler turns: (user, assistant) pairs, requests with their answers and small talk with its reply.
FILLER = [
    ("Can you suggest something quick for dinner tonight?", "Sure! A quick stir-fry with whatever vegetables you "
     "have, a frittata, or a simple pasta with garlic, olive oil and chilli. Each takes about twenty minutes."),
    ("How do I get red wine out of a carpet?", "Blot the stain (don't rub), then apply a mix of dish soap and warm "
     "water, and blot again with a clean cloth until it lifts."),
    ("Any book recommendations for a long flight?", "For a long flight, consider a gripping novel, a collection of "
     "short stories, or a light non-fiction book you can dip in and out of."),
    ("Thanks, that's really helpful!", "Glad that helped! Let me know if there's anything else."),
    ("Could you draft a polite reminder email to my landlord about the broken heater?", "Here's a draft: 'Dear "
     "landlord, I wanted to follow up on the heater, which is still not working. Could you let me know when "
     "someone can come to fix it? Thank you.'"),
    ("Can you explain how compound interest works?", "Compound interest means you earn interest on your interest: "
     "each period the interest is added to the balance, so the next period's interest is computed on more."),
    ("Help me plan a three-day workout routine.", "A simple plan: day one full-body strength, day two a brisk walk "
     "or easy run, day three mobility and core. Rest between sessions and increase the load gradually."),
    ("I had such a long day, honestly.", "Sorry to hear that. A short walk and an early night can help reset."),
    ("What's a nice houseplant that survives neglect?", "Snake plants, ZZ plants and pothos all tolerate low light "
     "and irregular watering very well."),
    ("How long should I boil an egg for a runny yolk?", "Six to six and a half minutes, then cool the egg in cold "
     "water."),
    ("Hi again!", "Hello! What can I do for you today?"),
    ("Ok, cool.", "Great."),
    ("What's the difference between a Roth IRA and a 401k?", "A 401(k) is offered through an employer and is "
     "usually funded before tax; a Roth IRA is opened by you and funded with after-tax money, with tax-free "
     "withdrawals in retirement."),
    ("What should I pack for a weekend of hiking?", "Layers, a waterproof jacket, good boots, water, snacks, a "
     "map or offline maps on your phone, sun cream and a small first-aid kit."),
    ("The weather has been awful all week.", "That sounds grim. Hopefully the weekend is brighter."),
    ("Give me three ideas for a birthday present for a ten-year-old.", "A beginner science kit, a graphic novel "
     "series, or a day out at a climbing wall."),
    ("Can you summarise the main points of stoicism?", "Focus on what you control, accept what you don't, act "
     "with virtue, and treat setbacks as practice."),
    ("Sounds good, thank you.", "You're welcome!"),
]
FILLER_USER = [u for u, _ in FILLER]
ASSISTANT_ACK = ["Noted, thanks for letting me know.", "Got it.", "Thanks for the update!",
                 "Understood. I'll keep that in mind.", "Good to know!"]
ASSISTANT_ECHO = ["Since you mentioned {v}, here's a tip that might help.",
                  "Got it, {v}. I'll keep that in mind for suggestions.",
                  "Noted: {v}. Anything else I should know?"]


@dataclass
class Track:
    attr: str
    values: list[str]  # first value, then each change
    cat: str = ""  # favourite category
    rel: str = ""
    name: str = ""
    gender: str = ""
    wrong: str | None = None  # a self-correction on the first statement
    restate_after: list[int] = field(default_factory=list)  # value indices restated
    decoys: list[str] = field(default_factory=list)
    kinds: list[str] = field(default_factory=list)


def fmt(tpl: str, tr: Track, v: str, old: str = "", wrong: str = "", d: str = "") -> str:
    pro = "she" if tr.gender == "f" else "he"
    out = tpl.format(v=v, V=v[:1].upper() + v[1:], old=old, wrong=wrong, Wrong=wrong[:1].upper() + wrong[1:], d=d,
                     a=_a(v), old_a=_a(old) if old else "", wrong_a=_a(wrong) if wrong else "",
                     d_a=_a(d) if d else "", cat=tr.cat, rel=tr.rel, name=tr.name, pro=pro)
    return out


def make_user(rng: random.Random, n: int) -> dict[str, Any]:
    uid = f"u{n:03d}"
    used: set[str] = set()

    def draw(pool: list[str], k: int) -> list[str]:
        free = [x for x in pool if x not in used]
        got = rng.sample(free, k)
        used.update(got)
        return got

    n_sessions = rng.randint(3, 5)
    attrs = ["residence", "job", "employer", "diet", "favourite", "contact", "car", "hobby", "language"]
    chosen = rng.sample(attrs, rng.randint(3, 5))
    people = rng.sample(sorted(PEOPLE), rng.randint(1, 2))
    tracks: list[Track] = []
    for attr in chosen:
        tr = Track(attr, [])
        pool = POOLS.get(attr) or []
        if attr == "favourite":
            tr.cat = rng.choice(sorted(FAVOURITES))
            pool = FAVOURITES[tr.cat]
        tracks.append(tr)
        tr.values = []
        tr.kinds = []
        tr.decoys = []
        tr.__dict__["pool"] = pool
    for rel in people:
        gender, names = PEOPLE[rel]
        name = rng.choice([x for x in names if x not in used])
        used.add(name)
        for attr in rng.sample(["person_residence", "person_job"], rng.choice([1, 2])):
            tr = Track(attr, [], rel=rel, name=name, gender=gender)
            tr.__dict__["pool"] = POOLS[attr]
            tracks.append(tr)
    # at least two tracks change; some change twice
    n_change = {id(tr): 0 for tr in tracks}
    for tr in rng.sample(tracks, min(len(tracks), max(2, round(len(tracks) * 0.55)))):
        n_change[id(tr)] = 2 if rng.random() < 0.25 and n_sessions >= 3 else 1
    plan: list[list[tuple[str, Track, int]]] = [[] for _ in range(n_sessions)]
    for tr in tracks:
        pool = tr.__dict__.pop("pool")
        k = 1 + n_change[id(tr)]
        tr.values = draw(pool, k)
        if rng.random() < 0.18:
            tr.wrong = draw(pool, 1)[0]
            tr.kinds.append("corrected")
        if rng.random() < 0.45:
            tr.decoys = draw(pool, 1)
            tr.kinds.append("decoy")
        start = rng.randint(0, max(0, n_sessions - 1 - k + 1) if k > 1 else n_sessions - 2)
        s = start
        plan[s].append(("state", tr, 0))
        for i in range(1, k):
            s = rng.randint(s + 1, n_sessions - (k - i))
            plan[s].append(("change", tr, i))
            tr.kinds.append("changed")
        if rng.random() < 0.5:
            vi = len(tr.values) - 1 if rng.random() < 0.6 else 0
            first = next(si for si, items in enumerate(plan)
                         if any(t is tr and kind in ("state", "change") and i == vi for kind, t, i in items))
            later = [si for si in range(first, n_sessions)
                     if not any(t is tr and kind == "change" and i > vi for kind, t, i in
                                [x for ss in plan[first:si + 1] for x in ss])]
            if later:
                plan[rng.choice(later)].append(("restate", tr, vi))
                tr.kinds.append("restated")
        for d in tr.decoys:
            plan[rng.randrange(n_sessions)].append(("decoy", tr, 0))
            del d
    t0 = datetime(2026, 1, 5, 9, 0) + timedelta(days=rng.randint(0, 60), hours=rng.randint(0, 9))
    sessions = []
    for si in range(n_sessions):
        items = plan[si][:]
        rng.shuffle(items)
        items = _stable_timeline(items)  # a track's own items in timeline order
        msgs: list[list[str]] = []
        fillers = rng.randint(2, 4)
        slots = items + [("filler", None, 0)] * fillers  # type: ignore[list-item]
        seq = _interleave(rng, slots)
        for kind, tr, vi in seq:
            if kind == "filler":
                u, a = rng.choice(FILLER)
                msgs.append(["user", u])
                msgs.append(["assistant", a])
                continue
            assert tr is not None
            text = _utterance(rng, kind, tr, vi)
            if rng.random() < 0.35:  # a fact stated among filler, in the same message
                text = rng.choice(["Thanks! ", "Hi. ", "Quick one. ", ""]) + text + " " + rng.choice(FILLER_USER)
            msgs.append(["user", text])
            if kind != "decoy" and rng.random() < 0.3:
                msgs.append(["assistant", rng.choice(ASSISTANT_ECHO).format(v=tr.values[vi])])
            else:
                msgs.append(["assistant", rng.choice(ASSISTANT_ACK)])
        start = t0 + timedelta(days=si * rng.randint(2, 9), hours=rng.randint(0, 5))
        sessions.append({"start": start.isoformat(), "messages": msgs})
        t0 = start
    probes = []
    for tr in tracks:
        q = rng.choice(T[tr.attr]["question"])
        probes.append({
            "attr": tr.attr, "subject": f"{tr.rel}:{tr.name}" if tr.rel else "user",
            "question": q.format(cat=tr.cat, rel=tr.rel, name=tr.name),
            "latest": tr.values[-1], "stale": tr.values[:-1] + ([tr.wrong] if tr.wrong else []),
            "decoys": tr.decoys, "kinds": sorted(set(tr.kinds)) or ["stated"],
        })
    return {"id": uid, "split": split_of(uid), "sessions": sessions, "probes": probes}


def _stable_timeline(items: list[tuple[str, Track, int]]) -> list[tuple[str, Track, int]]:
    """Within a session, one track's items keep their timeline order (state/change by value index)."""
    out = list(items)
    for tr in {id(t): t for _, t, _ in items}.values():
        idx = [i for i, (_, t, _) in enumerate(out) if t is tr]
        mine = sorted((out[i] for i in idx), key=lambda x: (x[2], {"state": 0, "change": 0, "decoy": 1,
                                                                    "restate": 2}[x[0]]))
        for i, item in zip(idx, mine, strict=True):
            out[i] = item
    return out


def _interleave(rng: random.Random, slots: list[Any]) -> list[Any]:
    """Fillers dropped at random positions between the fact items, which keep their order."""
    facts = [s for s in slots if s[0] != "filler"]
    fillers = [s for s in slots if s[0] == "filler"]
    out = list(facts)
    for f in fillers:
        out.insert(rng.randint(0, len(out)), f)
    return out


def _utterance(rng: random.Random, kind: str, tr: Track, vi: int) -> str:
    tpl = T[tr.attr]
    v = tr.values[vi]
    old = tr.values[vi - 1] if vi > 0 else ""
    if kind == "state" and tr.wrong:
        return fmt(rng.choice(tpl["correct"]), tr, v, wrong=tr.wrong)
    if kind == "decoy":
        return fmt(rng.choice(tpl["decoy"]), tr, v, d=tr.decoys[0])
    return fmt(rng.choice(tpl[kind]), tr, v, old=old)


def build() -> list[dict[str, Any]]:
    """The scenario set: the same users, sessions and probes on every run."""
    rng = random.Random(SEED)
    return [make_user(rng, n) for n in range(N_USERS)]


def digest(users: list[dict[str, Any]]) -> str:
    return hashlib.sha256(json.dumps(users, sort_keys=True, ensure_ascii=False).encode()).hexdigest()[:16]


def main() -> None:
    users = build()
    out = Path(sys.argv[1]) if len(sys.argv) > 1 else OUT
    out.write_text(json.dumps({"seed": SEED, "digest": digest(users), "users": users}, indent=1,
                              ensure_ascii=False) + "\n", encoding="utf-8")
    probes = [p for u in users for p in u["probes"]]
    by_split = {s: sum(1 for u in users if u["split"] == s) for s in ("dev", "test")}
    print(f"{len(users)} users ({by_split}), {len(probes)} probes, "
          f"{sum('changed' in p['kinds'] for p in probes)} changed, {sum('restated' in p['kinds'] for p in probes)} "
          f"restated, {sum('corrected' in p['kinds'] for p in probes)} corrected, "
          f"{sum(p['subject'] != 'user' for p in probes)} about third parties, digest {digest(users)} -> {out}")


if __name__ == "__main__":
    main()
