"""New scenario families for the consolidation bench, written before any rule was changed for them.

The base set (``generate.py``) states, restates, corrects and changes facts with one set of templates, and the
rules have since been tuned on its ``dev`` split, so its ``test`` split measures new combinations of known
phrasings. These families are ways of saying the same kinds of thing that the base set never uses:

- **asked**: the assistant asks and the user answers with a fragment ("Where are you based?" / "Tallinn.");
- **late correction**: a plain statement taken back in a later message or session ("Earlier I said I work
  at Globex, that was wrong: it's Initech.");
- **assistant slip**: the assistant restates a wrong value and the user puts it right ("Since you're in
  Leeds, ..." / "Bristol, actually, not Leeds.");
- **still?**: the assistant asks whether an old value still holds and the user answers with the new one
  ("Are you still at Hooli?" / "No, I'm at Contoso now.");
- **two-step change**: the old value negated in one sentence and the new one said in the next ("No more
  Globex for me. Initech hired me last week.");
- **pronoun**: a person named once and then referred to as he/she ("My brother Kenji got a new job. He's a
  vet now.");
- **paraphrased restatement**: a value said again without "as I said" ("Living in Porto is great.");
- **hedge then do**: a value first hedged ("I might move to Oslo") and later done ("Moved to Oslo!");
- **casual**: lower case, no final punctuation, "lol", a trailing emoji word;
- a third party's employer (``person_employer``), an attribute the base set does not have.

Same shape as ``generate.build()`` (users with sessions and probes; probe kinds name the families) and the
same frozen split by hash of the user id (``f000`` ...), so a family lands in both splits. A fixed seed;
:data:`DIGEST` is checked on every run.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any

from generate import (
    ASSISTANT_ACK,
    CARS,
    CITIES,
    COMPANIES,
    DIETS,
    FAVOURITES,
    FILLER,
    HOBBIES,
    JOBS,
    LANGUAGES,
    PEOPLE,
    _a,
    split_of,
)

SEED = 20261202
DIGEST = "252ac379a7c783e1"  # of build(), frozen when the families were written, before any rule change for them
N_USERS = 60

# {v} value, {old} previous value, {wrong} a slip, {a}/{old_a}/{wrong_a} with an article, {d} a decoy,
# {rel} {name} {pro} {Pro} a person, {cat} a favourite's category.
F: dict[str, dict[str, list[str]]] = {
    "residence": {
        "ask": ["Where are you based, so I can suggest local options?", "Which city are you in, by the way?"],
        "answer": ["{v}.", "Oh, {v}.", "I'm in {v}.", "{v}, for now at least."],
        "state": ["Our flat in {v} is tiny but I love it.", "Writing to you from {v}, where I live."],
        "paraphrase": ["Living in {v} is great, honestly.", "Here in {v} it's been raining nonstop."],
        "late": ["Earlier I said I live in {wrong}, that was wrong: it's {v}.",
                 "Small correction to what I told you: I live in {v}, not {wrong}."],
        "slip": ["Since you're in {wrong}, you could try the market by the river."],
        "slip_fix": ["{v}, actually, not {wrong}.", "I'm in {v}, not {wrong}!"],
        "still": ["Are you still in {old}?"],
        "still_ans": ["No, I'm in {v} now.", "Not anymore, we moved to {v}."],
        "two_step": ["We left {old} for good. Our new place is in {v}.", "No more {old} for me. I live in {v} now."],
        "hedge": ["I might move to {v} next year.", "Thinking about moving to {v}, not sure yet."],
        "done": ["We did it, we moved to {v}!", "The move to {v} happened, finally."],
        "casual": ["moved to {v} lol", "im in {v} now btw"],
        "question": ["where's the user based these days?", "In which city does the user live?"],
    },
    "job": {
        "ask": ["What do you do for work, if you don't mind me asking?"],
        "answer": ["I'm {a}.", "{A}.", "Oh, {a}, for my sins."],
        "state": ["My job as {a} keeps me busy.", "Work as {a} has been hectic."],
        "paraphrase": ["Being {a} is exhausting some weeks.", "Another long week of being {a}."],
        "late": ["Earlier I said I'm {wrong_a}, that was wrong: I'm {a}.",
                 "Small correction: I work as {a}, not as {wrong_a}."],
        "slip": ["As {wrong_a}, you probably know this already."],
        "slip_fix": ["I'm {a}, actually, not {wrong_a}."],
        "still": ["Are you still working as {old_a}?"],
        "still_ans": ["No, I'm {a} now.", "Not anymore, I retrained as {a}."],
        "two_step": ["I'm done being {old_a}. I started as {a} this month."],
        "hedge": ["I might retrain as {a}.", "Maybe I should become {a}?"],
        "done": ["I did it: I'm {a} now!", "Retraining done, I'm officially {a}."],
        "casual": ["im {a} now lol", "new job, {a} now"],
        "question": ["what does the user work as?", "the user's profession"],
    },
    "employer": {
        "ask": ["Which company are you with?"],
        "answer": ["{v}.", "I'm with {v}.", "{v}, in operations."],
        "state": ["My team at {v} is great.", "Things at {v}, where I work, are busy."],
        "paraphrase": ["The canteen at {v} is surprisingly good.", "{v} gave us Friday off."],
        "late": ["Earlier I said I work at {wrong}, that was wrong: it's {v}.",
                 "Correction to what I told you before: my employer is {v}, not {wrong}."],
        "slip": ["Since you work at {wrong}, you might get a discount."],
        "slip_fix": ["I work at {v}, not {wrong}.", "{v}, actually, not {wrong}."],
        "still": ["Are you still at {old}?"],
        "still_ans": ["No, I'm at {v} now.", "Not anymore, I joined {v}."],
        "two_step": ["No more {old} for me. {v} hired me last week.", "I handed in my notice at {old}. I start at {v} "
                     "on Monday."],
        "hedge": ["I have an interview at {v} next week.", "I might apply to {v}."],
        "done": ["Got the job at {v}, I started today!", "I'm at {v} now, the offer came through."],
        "casual": ["work at {v} now lol", "joined {v} btw"],
        "question": ["who is the user's employer?", "Which company employs the user?"],
    },
    "diet": {
        "ask": ["Any dietary requirements I should know about?"],
        "answer": ["I'm {v}.", "Yes, {v}.", "{V}, strictly."],
        "state": ["Being {v} makes eating out tricky.", "As someone who is {v}, I cook a lot."],
        "paraphrase": ["Finding {v} options at work is hard.", "Eating {v} is easier than people think."],
        "late": ["Earlier I said I'm {wrong}, that was wrong: I'm {v}."],
        "slip": ["Since you're {wrong}, here are some ideas."],
        "slip_fix": ["I'm {v}, not {wrong}."],
        "still": ["Are you still {old}?"],
        "still_ans": ["No, I'm {v} now.", "Not anymore, I'm {v} these days."],
        "two_step": ["I stopped being {old}. I eat {v} now."],
        "hedge": ["I might try going {v}.", "Thinking of going {v} for a month."],
        "done": ["I went {v} and I'm sticking with it.", "Officially {v} now!"],
        "casual": ["im {v} now lol", "went {v} btw"],
        "question": ["what does the user eat, diet-wise?", "Does the user follow a particular diet?"],
    },
    "favourite": {
        "ask": ["What's your favourite {cat}?"],
        "answer": ["{V}.", "Definitely {v}.", "{V}, no contest."],
        "state": ["Nothing beats {v}, it's my favourite {cat}.", "I'd pick {v} as my favourite {cat} any day."],
        "paraphrase": ["I could talk about {v} all day.", "Ah, {v}, never gets old."],
        "late": ["Earlier I said my favourite {cat} is {wrong}, that was wrong: it's {v}."],
        "slip": ["Since {wrong} is your favourite {cat}, you'll like this."],
        "slip_fix": ["My favourite {cat} is {v}, not {wrong}."],
        "still": ["Is {old} still your favourite {cat}?"],
        "still_ans": ["No, it's {v} now.", "Not anymore, {v} is my favourite {cat}."],
        "two_step": ["I'm over {old}. {V} is my favourite {cat} now."],
        "hedge": ["{V} might become my favourite {cat}."],
        "done": ["Decided: {v} is my favourite {cat} now."],
        "casual": ["fav {cat} is {v} now lol"],
        "question": ["which {cat} does the user like most?", "user's favourite {cat}"],
    },
    "car": {
        "ask": ["What car do you have?"],
        "answer": ["A {v}.", "I have a {v}.", "An old {v}."],
        "state": ["My {v} needs new tyres.", "Took my {v} in for a service."],
        "paraphrase": ["The {v} did great on the motorway.", "Filled up the {v} today."],
        "late": ["Earlier I said I drive a {wrong}, that was wrong: it's a {v}."],
        "slip": ["Since you drive a {wrong}, check the tyre pressure."],
        "slip_fix": ["I drive a {v}, not a {wrong}."],
        "still": ["Do you still drive the {old}?"],
        "still_ans": ["No, I have a {v} now.", "Not anymore, I bought a {v}."],
        "two_step": ["The {old} is gone. I picked up a {v} yesterday."],
        "hedge": ["I'm tempted by a {v}.", "I might buy a {v}."],
        "done": ["Bought the {v}, it's mine now!"],
        "casual": ["got a {v} now lol"],
        "question": ["what does the user drive?", "the user's car"],
    },
    "hobby": {
        "ask": ["What do you do for fun?"],
        "answer": ["{V}, mostly.", "Mostly {v}.", "I do {v}."],
        "state": ["Nothing relaxes me like {v}, my main hobby."],
        "paraphrase": ["Had a great {v} session yesterday.", "My {v} club meets on Thursdays."],
        "late": ["Earlier I said my hobby is {wrong}, that was wrong: it's {v}."],
        "slip": ["Since you're into {wrong}, here's a tip."],
        "slip_fix": ["I'm into {v}, not {wrong}."],
        "still": ["Are you still doing {old}?"],
        "still_ans": ["No, I'm into {v} now.", "Not anymore, I took up {v}."],
        "two_step": ["I'm done with {old}. I took up {v} instead."],
        "hedge": ["I might take up {v}.", "{V} looks fun, maybe I'll try it."],
        "done": ["I took up {v} and I love it.", "Signed up for {v}, it's my thing now."],
        "casual": ["into {v} now lol"],
        "question": ["what does the user do for fun?", "the user's hobby"],
    },
    "language": {
        "ask": ["Are you learning any languages?"],
        "answer": ["{V}.", "Yes, {v}.", "I'm learning {v}."],
        "state": ["My {v} lessons are going well.", "Practising my {v} every day."],
        "paraphrase": ["My {v} teacher is so patient.", "Watched a film in {v} to practise."],
        "late": ["Earlier I said I'm learning {wrong}, that was wrong: it's {v}."],
        "slip": ["Since you're learning {wrong}, try this podcast."],
        "slip_fix": ["I'm learning {v}, not {wrong}."],
        "still": ["Are you still learning {old}?"],
        "still_ans": ["No, I'm learning {v} now.", "Not anymore, I switched to {v}."],
        "two_step": ["I dropped {old}. I'm learning {v} now."],
        "hedge": ["I might start {v} next.", "Thinking about learning {v}."],
        "done": ["Started {v} lessons today!", "I'm learning {v} now, signed up yesterday."],
        "casual": ["learning {v} now lol"],
        "question": ["what language is the user studying?", "the language the user is learning"],
    },
    "person_residence": {
        "ask": ["Where does your {rel} live?"],
        "answer": ["{Name}? {V}.", "My {rel} {name} lives in {v}.", "In {v}."],
        "state": ["Visiting my {rel} {name} in {v} next week; that's where {pro} lives."],
        "paraphrase": ["{Name} says {v} is lovely this time of year.", "{Name} loves living in {v}."],
        "late": ["Earlier I said my {rel} {name} lives in {wrong}, that was wrong: {pro} lives in {v}."],
        "slip": ["Since {name} lives in {wrong}, you could visit often."],
        "slip_fix": ["{Name} lives in {v}, not {wrong}."],
        "still": ["Is {name} still in {old}?"],
        "still_ans": ["No, {pro} lives in {v} now.", "Not anymore, {pro} moved to {v}."],
        "two_step": ["My {rel} {name} left {old}. {Pro} lives in {v} now."],
        "pronoun": ["Talked to my {rel} {name} today. {Pro} lives in {v} these days.",
                    "My {rel} {name} called. {Pro} moved to {v}."],
        "hedge": ["{Name} might move to {v}."],
        "done": ["{Name} moved to {v} after all."],
        "casual": ["{name} lives in {v} now lol"],
        "question": ["where is {name} living?", "Which city does the user's {rel} live in?"],
    },
    "person_job": {
        "ask": ["What does your {rel} do?"],
        "answer": ["{Name}? {Pro}'s {a}.", "My {rel} {name} is {a}.", "{A}."],
        "state": ["My {rel} {name} loves {pro_pos} job as {a}."],
        "paraphrase": ["{Name} had a long shift, being {a} is hard."],
        "late": ["Earlier I said my {rel} {name} is {wrong_a}, that was wrong: {pro}'s {a}."],
        "slip": ["Since {name} is {wrong_a}, {pro} can help."],
        "slip_fix": ["{Name} is {a}, not {wrong_a}."],
        "still": ["Is {name} still working as {old_a}?"],
        "still_ans": ["No, {pro}'s {a} now.", "Not anymore, {pro} retrained as {a}."],
        "two_step": ["{Name} quit {pro_pos} job. {Pro}'s {a} now."],
        "pronoun": ["My {rel} {name} got a new job. {Pro}'s {a} now.",
                    "Caught up with my {rel} {name}. {Pro} works as {a} these days."],
        "hedge": ["{Name} might retrain as {a}."],
        "done": ["{Name} is {a} now, {pro} did it."],
        "casual": ["{name} is {a} now lol"],
        "question": ["what is {name}'s occupation?", "What does the user's {rel} do?"],
    },
    "person_employer": {
        "ask": ["Where does your {rel} work?"],
        "answer": ["{Name}? At {v}.", "My {rel} {name} works at {v}.", "{v}."],
        "state": ["My {rel} {name} works at {v}.", "{Name}, my {rel}, is at {v}."],
        "paraphrase": ["{Name} says {v} is a good place to work."],
        "late": ["Earlier I said my {rel} {name} works at {wrong}, that was wrong: it's {v}."],
        "slip": ["Since {name} works at {wrong}, {pro} might know."],
        "slip_fix": ["{Name} works at {v}, not {wrong}."],
        "still": ["Is {name} still at {old}?"],
        "still_ans": ["No, {pro}'s at {v} now.", "Not anymore, {pro} joined {v}."],
        "two_step": ["{Name} left {old}. {Pro} works at {v} now."],
        "pronoun": ["My {rel} {name} changed jobs. {Pro} works at {v} now."],
        "hedge": ["{Name} has an interview at {v}."],
        "done": ["{Name} got the job at {v}."],
        "casual": ["{name} works at {v} now lol"],
        "question": ["which company does {name} work for?", "Who employs the user's {rel}?"],
    },
}
POOLS: dict[str, list[str]] = {"residence": CITIES, "job": JOBS, "employer": COMPANIES, "diet": DIETS, "car": CARS,
                               "hobby": HOBBIES, "language": LANGUAGES, "person_residence": CITIES,
                               "person_job": JOBS, "person_employer": COMPANIES}
OWN = ["residence", "job", "employer", "diet", "favourite", "car", "hobby", "language"]
THEIRS = ["person_residence", "person_job", "person_employer"]


@dataclass
class Track:
    attr: str
    values: list[str] = field(default_factory=list)
    cat: str = ""
    rel: str = ""
    name: str = ""
    gender: str = ""
    first: str = "state"  # how the first value is said: state, asked, pronoun, casual
    wrong: str = ""  # a slip taken back: "late" (a later message) or "slip" (the assistant's)
    fix: str = ""
    changes: list[str] = field(default_factory=list)  # per change: change family
    restate: bool = False
    decoy: str = ""
    kinds: list[str] = field(default_factory=list)


def fmt(tpl: str, tr: Track, v: str, old: str = "", wrong: str = "", d: str = "") -> str:
    pro = "she" if tr.gender == "f" else "he"
    return tpl.format(v=v, V=v[:1].upper() + v[1:], old=old, wrong=wrong, d=d, a=_a(v), A=_a(v).capitalize(),
                      old_a=_a(old) if old else "", wrong_a=_a(wrong) if wrong else "", cat=tr.cat, rel=tr.rel,
                      name=tr.name, Name=tr.name, pro=pro, Pro=pro.capitalize(),
                      pro_pos="her" if tr.gender == "f" else "his")


def make_user(rng: random.Random, n: int) -> dict[str, Any]:
    uid = f"f{n:03d}"
    used: set[str] = set()

    def draw(pool: list[str], k: int) -> list[str]:
        got = rng.sample([x for x in pool if x not in used], k)
        used.update(got)
        return got

    n_sessions = rng.randint(3, 5)
    tracks: list[Track] = []
    for attr in rng.sample(OWN, rng.randint(3, 4)):
        tr = Track(attr)
        if attr == "favourite":
            tr.cat = rng.choice(sorted(FAVOURITES))
        tracks.append(tr)
    for rel in rng.sample(sorted(PEOPLE), rng.randint(1, 2)):
        gender, names = PEOPLE[rel]
        name = rng.choice([x for x in names if x not in used])
        used.add(name)
        for attr in rng.sample(THEIRS, rng.choice([1, 2])):
            tracks.append(Track(attr, rel=rel, name=name, gender=gender))
    for tr in tracks:
        fam = F[tr.attr]
        pool = FAVOURITES[tr.cat] if tr.attr == "favourite" else POOLS[tr.attr]
        n_change = rng.choice([0, 1, 1, 2]) if n_sessions >= 3 else rng.choice([0, 1])
        tr.values = draw(pool, 1 + n_change)
        firsts = ["state", "asked", "casual"] + (["pronoun"] if "pronoun" in fam else [])
        tr.first = rng.choice(firsts)
        tr.kinds.append(tr.first if tr.first != "state" else "stated")
        r = rng.random()
        if r < 0.2:
            tr.wrong, tr.fix = draw(pool, 1)[0], "late"
            tr.kinds.append("late correction")
        elif r < 0.35:
            tr.wrong, tr.fix = draw(pool, 1)[0], "slip"
            tr.kinds.append("assistant slip")
        for _ in range(n_change):
            ch = rng.choice(["still", "two_step", "hedge", "casual"] + (["pronoun"] if "pronoun" in fam else []))
            tr.changes.append(ch)
            tr.kinds += ["changed", {"still": "still?", "two_step": "two-step change", "hedge": "hedge then do",
                                     "casual": "casual", "pronoun": "pronoun"}[ch]]
        tr.restate = rng.random() < 0.4
        if tr.restate:
            tr.kinds.append("paraphrased restatement")
        if rng.random() < 0.3:
            tr.decoy = draw(pool, 1)[0]
            tr.kinds.append("decoy")
    # a timeline of (session, order, user text or (assistant, user) pair) per track
    events: list[list[tuple[float, list[list[str]]]]] = [[] for _ in range(n_sessions)]
    for tr in tracks:
        fam = F[tr.attr]
        k = len(tr.values)
        s0 = rng.randint(0, n_sessions - k)
        sess = [s0, *sorted(rng.sample(range(s0 + 1, n_sessions), k - 1))]
        first_v = tr.wrong if tr.fix == "late" else tr.values[0]
        if tr.first == "asked":
            ev = [["assistant", fmt(rng.choice(fam["ask"]), tr, first_v)],
                  ["user", fmt(rng.choice(fam["answer"]), tr, first_v)]]
        else:
            key = {"state": "state", "casual": "casual", "pronoun": "pronoun"}[tr.first]
            ev = [["user", fmt(rng.choice(fam[key]), tr, first_v, old=first_v)]]
        events[sess[0]].append((0.0, ev))
        t_first = sess[0]
        if tr.fix == "late":  # later in the same session, or in the next one if no change comes first
            nxt = sess[0] + 1
            s = nxt if nxt < (sess[1] if k > 1 else n_sessions) and rng.random() < 0.5 else sess[0]
            events[s].append((0.5 if s == sess[0] else 0.1,
                              [["user", fmt(rng.choice(fam["late"]), tr, tr.values[0], wrong=tr.wrong)]]))
        elif tr.fix == "slip":
            events[t_first].append((0.5, [["assistant", fmt(rng.choice(fam["slip"]), tr, tr.values[0],
                                                            wrong=tr.wrong)],
                                          ["user", fmt(rng.choice(fam["slip_fix"]), tr, tr.values[0],
                                                       wrong=tr.wrong)]]))
        for i, ch in enumerate(tr.changes, start=1):
            v, old = tr.values[i], tr.values[i - 1]
            s = sess[i]
            if ch == "still":
                ev = [["assistant", fmt(rng.choice(fam["still"]), tr, v, old=old)],
                      ["user", fmt(rng.choice(fam["still_ans"]), tr, v, old=old)]]
            elif ch == "hedge":
                events[rng.randint(sess[i - 1], s - 1) if s > sess[i - 1] else s].append(
                    (0.7 if s > sess[i - 1] else 0.2, [["user", fmt(rng.choice(fam["hedge"]), tr, v, old=old)]]))
                ev = [["user", fmt(rng.choice(fam["done"]), tr, v, old=old)]]
            else:
                ev = [["user", fmt(rng.choice(fam[ch]), tr, v, old=old)]]
            events[s].append((0.3, ev))
        if tr.restate:
            s = rng.randint(sess[-1], n_sessions - 1)
            events[s].append((0.9 if s == sess[-1] else 0.4,
                              [["user", fmt(rng.choice(fam["paraphrase"]), tr, tr.values[-1])]]))
        if tr.decoy:
            events[rng.randrange(n_sessions)].append((rng.random(), [["user", _decoy(rng, tr)]]))
    t0 = datetime(2026, 3, 2, 8, 30) + timedelta(days=rng.randint(0, 60), hours=rng.randint(0, 9))
    sessions = []
    for si in range(n_sessions):
        items = sorted(events[si], key=lambda x: x[0])
        msgs: list[list[str]] = []
        for _ in range(rng.randint(1, 3)):  # fillers among the items, keeping the items' order
            items.insert(rng.randint(0, len(items)), (0.0, [list(p) for p in zip(("user", "assistant"),
                                                                                   rng.choice(FILLER), strict=True)]))
        for _, ev in items:
            for role, text in ev:
                if msgs and msgs[-1][0] == role:  # keep user/assistant alternating
                    msgs.append(["assistant" if role == "user" else "user",
                                 rng.choice(ASSISTANT_ACK) if role == "user" else "Ok."])
                msgs.append([role, text])
            if ev[-1][0] == "user":
                msgs.append(["assistant", rng.choice(ASSISTANT_ACK)])
        start = t0 + timedelta(days=si * rng.randint(2, 8), hours=rng.randint(0, 5))
        sessions.append({"start": start.isoformat(), "messages": msgs})
        t0 = start
    probes = []
    for tr in tracks:
        probes.append({
            "attr": tr.attr, "subject": f"{tr.rel}:{tr.name}" if tr.rel else "user",
            "question": rng.choice(F[tr.attr]["question"]).format(cat=tr.cat, rel=tr.rel, name=tr.name),
            "latest": tr.values[-1], "stale": tr.values[:-1] + ([tr.wrong] if tr.wrong else []),
            "decoys": [tr.decoy] if tr.decoy else [], "kinds": sorted(set(tr.kinds)),
        })
    return {"id": uid, "split": split_of(uid), "sessions": sessions, "probes": probes}


_DECOYS = {"residence": ["My manager just got back from {d}.", "Is {d} worth a weekend trip?"],
           "job": ["My neighbour works as {d_a}.", "Would I make a good {d}, do you think?"],
           "employer": ["{d} is hiring, apparently. Not for me.", "Did you see the news about {d}?"],
           "diet": ["My flatmate went {d}, I could never."],
           "favourite": ["My partner's favourite {cat} is {d}."],
           "car": ["My dad drives a {d}."],
           "hobby": ["My kids want to try {d}."],
           "language": ["My partner speaks {d}."],
           "person_residence": ["{name} went to {d} on holiday."],
           "person_job": ["{name} once thought about being {d_a}."],
           "person_employer": ["{name} turned down an offer from {d}."]}


def _decoy(rng: random.Random, tr: Track) -> str:
    d = tr.decoy
    return rng.choice(_DECOYS[tr.attr]).format(d=d, d_a=_a(d), cat=tr.cat, name=tr.name)


def build() -> list[dict[str, Any]]:
    """The families' users: the same on every run."""
    rng = random.Random(SEED)
    return [make_user(rng, n) for n in range(N_USERS)]
