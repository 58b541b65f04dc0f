"""A scenario set of the ways people say things the offline rules were not written around ("talk").

Written on 2026-12-02 for issue 31, in wording of its own (none of it copied from ``scenarios/`` or the other
generators), and split before any rule was changed for it: ``sha1(user id) % 2 == 1`` is ``held`` (never read
to change a rule), the rest ``tune``. Each user has 3 sessions; facts come among filler and small talk.

Phrasing classes (``kinds`` of a probe):

- ``conjunction``: two values of one attribute in one clause ("I speak Tagalog and Greek");
- ``switch``: a change said with switched / instead / now ("I switched to padel, squash got boring");
- ``ended``: an ending or negation in a later session ("I no longer work at X, I'm between jobs",
  "X and I split up", "I don't play the cello anymore", "we sold the camper"); probed as *negated*: the
  value must not come back as current;
- ``correction``: the next message corrects the previous one ("sorry, typo: Y, not X");
- ``answer``: a fragment answering the assistant's question ("Do you have a car?" / "yes, a Civic");
- ``script``: a name starting with a non-ASCII letter ("I work at Ørsted", "my wife Åsa");
- ``weekly``: a weekly habit ("I have choir every Thursday evening") must stay weekly;
- ``two_facts``: two facts about two people in one sentence, which must not fuse into one record;
- ``restated``: the same fact said again later in other words (duplicates).
"""

from __future__ import annotations

import hashlib
import json
import random
from typing import Any

SEED = 20261204

LANGS = ["Tagalog", "Greek", "Swahili", "Finnish", "Hungarian", "Catalan", "Turkish", "Polish", "Dutch", "Thai",
         "Korean", "Hebrew"]
SPORTS = ["squash", "padel", "badminton", "table tennis", "volleyball", "bouldering", "rowing", "fencing", "judo",
          "handball"]
CARS = ["Honda Jazz", "Kia Niro", "Mazda CX-5", "Peugeot 208", "Hyundai Kona", "Skoda Fabia", "Subaru Outback",
        "Renault Zoe", "Volvo XC40", "Ford Puma"]
EMPLOYERS = ["Brightwave", "Norrland Energy", "Kestrel Labs", "Pinecone Health", "Harbor Freight Lines",
             "Quillsoft", "Tidewater Bank", "Copperleaf", "Meridian Foods", "Stellar Logistics"]
SCRIPT_EMPLOYERS = ["Ørsted", "Škoda Auto", "Équinoxe Conseil", "Ålborg Dental", "Øresund Data", "Żabka",
                    "Ísafold Media", "Über Kitchens"]
PARTNERS = ["Mateo", "Ingrid", "Tomasz", "Priya", "Jonah", "Leilani", "Rafael", "Noor", "Callum", "Yuki"]
SCRIPT_NAMES = ["Åsa", "Øystein", "Élodie", "Ülle", "Łucja", "Ömer", "Ștefan", "Þóra"]
INSTRUMENTS = ["cello", "trumpet", "banjo", "accordion", "harp", "saxophone", "drums", "clarinet"]
VEHICLES = ["camper van", "motorbike", "sailboat", "pickup truck", "scooter"]
CITIES = ["Tromsø", "Valencia", "Leeds", "Graz", "Porto Alegre", "Hobart", "Tartu", "Nantes", "Cork", "Bergamo",
          "Ljubljana", "Halifax"]
TYPO_CITIES = [("Gdnask", "Gdansk"), ("Brsitol", "Bristol"), ("Lyom", "Lyon"), ("Bremne", "Bremen"),
               ("Tampre", "Tampere"), ("Malgaa", "Malaga"), ("Turni", "Turin"), ("Aarhsu", "Aarhus")]
HABITS = [("choir", "Thursday"), ("pottery class", "Monday"), ("five-a-side football", "Wednesday"),
          ("a book club", "Tuesday"), ("swimming lessons", "Saturday"), ("band practice", "Friday"),
          ("therapy", "Monday"), ("a climbing session", "Sunday")]
MANAGERS = ["Folasade", "Gunnar", "Marisol", "Dmitri", "Aroha", "Benedikt", "Chiara", "Kwame"]

FILLER = [
    "Could you give me a quick idea for dinner tonight?",
    "What's a decent podcast for a long drive?",
    "Any tips for sleeping better when it's hot?",
    "How long should I boil an egg for a runny yolk?",
    "Can you help me word a polite reminder email?",
    "What's a good stretch after sitting all day?",
    "Remind me how to convert Fahrenheit to Celsius.",
    "Is it worth getting a standing desk?",
]
REPLIES = ["Sure, here's one idea.", "Happy to help with that.", "Good question, here's a short answer.",
           "Here you go."]


def _probe(question: str, latest: str | None, *, stale: tuple[str, ...] = (), gone: tuple[str, ...] = (),
           kinds: tuple[str, ...], weekly: bool = False, apart: str | None = None) -> dict[str, Any]:
    return {"question": question, "latest": latest, "stale": list(stale), "gone": list(gone), "kinds": list(kinds),
            "weekly": weekly, "apart": apart}


def _classes(r: random.Random) -> list[Any]:
    """Each class: a function returning (messages for sessions 0, 1, 2 as lists of (role, text), probes)."""

    def conjunction() -> tuple[list[list[tuple[str, str]]], list[dict[str, Any]]]:
        a, b = r.sample(LANGS, 2)
        say = r.choice([f"Funny thing, I speak {a} and {b}, but my spelling is awful in both.",
                        f"Growing up I picked up {a} and {b}, so I can help translate.",
                        f"I'm fluent in {a} and {b}, if that ever matters for you."])
        return [[("user", say)], [], []], [
            _probe("Which languages does the user speak?", a, kinds=("conjunction",)),
            _probe("Which languages does the user speak?", b, kinds=("conjunction",))]

    def switch() -> tuple[list[list[tuple[str, str]]], list[dict[str, Any]]]:
        old, new = r.sample(SPORTS, 2)
        first = r.choice([f"Most weekends I play {old}, it keeps me sane.",
                          f"My sport is {old}, I play it twice a week."])
        later = r.choice([f"I switched to {new} now, {old} got boring.",
                          f"These days I play {new} instead of {old}.",
                          f"I've swapped {old} for {new}, my knees thank me."])
        return [[("user", first)], [("user", later)], []], [
            _probe("What sport does the user play?", new, stale=(old,), kinds=("switch",))]

    def car_switch() -> tuple[list[list[tuple[str, str]]], list[dict[str, Any]]]:
        old, new = r.sample(CARS, 2)
        first = f"I drive a {old}, it's ancient but reliable."
        later = r.choice([f"I drive a {new} now instead of the {old}.",
                          f"Traded up: it's a {new} for me these days, the {old} is gone."])
        return [[("user", first)], [], [("user", later)]], [
            _probe("What car does the user drive?", new, stale=(old,), kinds=("switch",))]

    def ended_job() -> tuple[list[list[tuple[str, str]]], list[dict[str, Any]]]:
        e = r.choice(EMPLOYERS)
        first = r.choice([f"I work at {e} as a data analyst.", f"I've been at {e} for three years now, in finance."])
        later = r.choice([f"I no longer work at {e}, I'm between jobs right now.",
                          f"Big change: I left {e} last month and I'm between jobs.",
                          f"I got laid off from {e}, so I'm job hunting."])
        return [[("user", first)], [("user", later)], []], [
            _probe("Where does the user work?", None, gone=(e,), kinds=("ended",))]

    def split_up() -> tuple[list[list[tuple[str, str]]], list[dict[str, Any]]]:
        n = r.choice(PARTNERS)
        word = r.choice(["boyfriend", "girlfriend", "partner"])
        first = f"My {word} {n} and I are going to Crete in June."
        later = r.choice([f"{n} and I split up last month.", f"My {word} and I broke up, so no Crete after all.",
                          f"I'm single again, {n} and I ended things."])
        return [[("user", first)], [], [("user", later)]], [
            _probe(f"Who is the user's {word}?", None, gone=(n,), kinds=("ended",))]

    def no_more_instrument() -> tuple[list[list[tuple[str, str]]], list[dict[str, Any]]]:
        i = r.choice(INSTRUMENTS)
        first = f"I play the {i} in a little community orchestra."
        later = r.choice([f"I don't play the {i} anymore, no time.", f"I gave up the {i} over the winter.",
                          f"I haven't touched the {i} in months, I've quit."])
        return [[("user", first)], [("user", later)], []], [
            _probe("What instrument does the user play?", None, gone=(i,), kinds=("ended",))]

    def sold() -> tuple[list[list[tuple[str, str]]], list[dict[str, Any]]]:
        v = r.choice(VEHICLES)
        first = f"We have a {v} parked in the driveway."
        later = r.choice([f"We sold the {v} last week.", f"The {v} is sold, finally."])
        return [[("user", first)], [], [("user", later)]], [
            _probe(f"Does the user own a {v}?", None, gone=(v,), kinds=("ended",))]

    def correction() -> tuple[list[list[tuple[str, str]]], list[dict[str, Any]]]:
        wrong, right = r.choice(TYPO_CITIES)
        msgs = [("user", f"My sister just moved to {wrong}."), ("assistant", f"How exciting, {wrong} sounds lovely!"),
                ("user", r.choice([f"sorry, typo: {right}, not {wrong}.", f"oops, I meant {right}, not {wrong}."]))]
        return [msgs, [], []], [
            _probe("Where does the user's sister live?", right, stale=(wrong,), kinds=("correction",))]

    def answer_car() -> tuple[list[list[tuple[str, str]]], list[dict[str, Any]]]:
        c = r.choice(CARS)
        msgs = [("user", "I need to plan a trip to the coast."), ("assistant", "Do you have a car?"),
                ("user", r.choice([f"yes, a {c}", f"Yep, a {c}.", f"yeah, an old {c}"]))]
        return [[], msgs, []], [_probe("What car does the user have?", c, kinds=("answer",))]

    def answer_job() -> tuple[list[list[tuple[str, str]]], list[dict[str, Any]]]:
        e = r.choice(EMPLOYERS)
        msgs = [("user", "Work has been hectic lately."), ("assistant", "Where are you working these days?"),
                ("user", r.choice([f"{e}, since March.", f"At {e}.", f"{e} still"]))]
        return [msgs, [], []], [_probe("Where does the user work?", e, kinds=("answer",))]

    def script_employer() -> tuple[list[list[tuple[str, str]]], list[dict[str, Any]]]:
        e = r.choice(SCRIPT_EMPLOYERS)
        return [[], [("user", f"I work at {e}, mostly on the planning side.")], []], [
            _probe("Where does the user work?", e, kinds=("script",))]

    def script_partner() -> tuple[list[list[tuple[str, str]]], list[dict[str, Any]]]:
        n = r.choice(SCRIPT_NAMES)
        w = r.choice(["wife", "husband"])
        return [[("user", f"My {w} {n} is turning forty next week, I need gift ideas.")], [], []], [
            _probe(f"What is the name of the user's {w}?", n, kinds=("script",))]

    def weekly() -> tuple[list[list[tuple[str, str]]], list[dict[str, Any]]]:
        what, day = r.choice(HABITS)
        say = r.choice([f"I have {what} every {day} evening.", f"Every {day} I go to {what}.",
                        f"{what[0].upper() + what[1:]} is on {day}s, every week."])
        return [[("user", say)], [], []], [
            _probe(f"When does the user have {what}?", day, kinds=("weekly",), weekly=True)]

    def two_facts() -> tuple[list[list[tuple[str, str]]], list[dict[str, Any]]]:
        city = r.choice(CITIES)
        m = r.choice(MANAGERS)
        sib = r.choice(["brother", "sister"])
        say = r.choice([f"My {sib} lives in {city} and my manager is {m}.",
                        f"My manager is {m}, and my {sib} lives in {city}."])
        return [[], [("user", say)], []], [
            _probe(f"Where does the user's {sib} live?", city, kinds=("two_facts",), apart=m),
            _probe("Who is the user's manager?", m, kinds=("two_facts",), apart=city)]

    def restated() -> tuple[list[list[tuple[str, str]]], list[dict[str, Any]]]:
        city = r.choice(CITIES)
        first = f"I live in {city}, near the river."
        again = r.choice([f"Like I mentioned, home is {city}.", f"{city} is where I live, as you know.",
                          f"Still in {city}, nothing new there."])
        return [[("user", first)], [], [("user", again)]], [
            _probe("Where does the user live?", city, kinds=("restated",))]

    return [conjunction, switch, car_switch, ended_job, split_up, no_more_instrument, sold, correction,
            answer_car, answer_job, script_employer, script_partner, weekly, two_facts, restated]


def split_of(user_id: str) -> str:
    return "held" if int(hashlib.sha1(user_id.encode()).hexdigest(), 16) % 2 == 1 else "tune"


def build(n_users: int = 48) -> list[dict[str, Any]]:
    """The users, deterministic for the seed."""
    r = random.Random(SEED)
    users = []
    for u in range(n_users):
        uid = f"t{u:03d}"
        classes = _classes(r)
        picked = r.sample(classes, 5)
        # one attribute per user for each probe's question (two employers would make a user inconsistent)
        seen: set[str] = set()
        chosen = []
        for c in picked:
            sessions, probes = c()
            qs = {p["question"] for p in probes}
            if qs & seen:
                continue
            seen |= qs
            chosen.append((sessions, probes))
        sessions_msgs: list[list[tuple[str, str]]] = [[], [], []]
        probes: list[dict[str, Any]] = []
        for sess, ps in chosen:
            for i in range(3):
                for role, text in sess[i]:
                    sessions_msgs[i].append((role, text))
                if sess[i] and sess[i][-1][0] == "user":
                    sessions_msgs[i].append(("assistant", r.choice(REPLIES)))
            probes += ps
        out_sessions = []
        for i, msgs in enumerate(sessions_msgs):
            filler = r.choice(FILLER)
            body = [("user", filler), ("assistant", r.choice(REPLIES)), *msgs]
            out_sessions.append({"start": f"2026-0{3 + i}-1{u % 9}T18:00:00", "messages": body})
        users.append({"id": uid, "split": split_of(uid), "sessions": out_sessions, "probes": probes})
    return users


def digest(users: list[dict[str, Any]]) -> str:
    return hashlib.sha1(json.dumps(users, sort_keys=True, ensure_ascii=False).encode()).hexdigest()[:12]


if __name__ == "__main__":
    for user in build()[:3]:
        print(json.dumps(user, indent=1, ensure_ascii=False))
    print(digest(build()))
