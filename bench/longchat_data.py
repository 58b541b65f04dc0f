# ruff: noqa: E501  (template data reads better one attribute per line)
"""A long user/assistant chat corpus for retrieval, generated from templates with a fixed seed (no model).

Each conversation is one user working through several projects with an assistant that answers at length
(replies of 1,500-4,500 characters that restate the user's words among much advice, so they are split into
chunks when indexed). The user states details of each project once, changes some of them in a later session
("actually, let's make it larch"), and fills the rest with thanks, follow-up questions and asides. Questions
ask what the user said, wanted or changed; their evidence is the user message that holds the answer.

Written before any ranking was tuned on it; conversations 0-4 are the tune split, 5-9 the test split.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Any

SEED = 20261201
CONVERSATIONS = 10
TUNE = range(0, 5)

# project: (name used in questions, topic words for the assistant, {attribute: spec})
# spec: values, statements (user, {v}), changes (user, {v} new, {o} old), questions said/changed/original
PROJECTS: dict[str, dict[str, Any]] = {
    "shed": {
        "name": "the garden shed",
        "words": ["foundation", "joists", "cladding", "screws", "level ground", "treated posts", "drainage",
                  "planning rules", "window", "workbench", "ventilation", "gutters"],
        "attrs": {
            "timber": {"values": ["cedar", "larch", "spruce", "Douglas fir"],
                       "say": ["I think I'll build the shed out of {v}.", "For the walls I'm leaning towards {v} boards."],
                       "change": ["Actually, forget the {o}, I'd rather use {v} for the shed walls."],
                       "q": ["Which timber did I pick for the shed?", "What wood did I want the shed built from?"],
                       "qc": ["What did I switch the shed's timber to?"], "qo": ["Which wood did I first choose for the shed before changing my mind?"]},
            "size": {"values": ["three by four metres", "two and a half by three metres", "four by five metres"],
                     "say": ["The shed should be about {v}, that fits the corner behind the hedge."],
                     "change": ["We measured again and the shed has to be {v} instead of {o}."],
                     "q": ["How big did I say the shed would be?", "What dimensions did I want for the shed?"],
                     "qc": ["What new size did I settle on for the shed after measuring again?"],
                     "qo": ["What was the shed's size in my first plan?"]},
            "roof": {"values": ["corrugated metal sheets", "a sedum green roof", "bitumen felt shingles"],
                     "say": ["On top I want {v}, mostly because of how it looks from the kitchen."],
                     "change": ["Change of plan for the top: {v} rather than {o}."],
                     "q": ["What roofing did I want on the shed?"], "qc": ["What did I change the shed roof to?"],
                     "qo": ["What roof covering did I plan before the change?"]},
            "budget": {"values": ["1,800 euros", "2,400 euros", "950 euros"],
                       "say": ["I can't spend more than {v} on the whole thing, materials included."],
                       "change": ["My partner and I talked, the shed money is now {v}, not {o}."],
                       "q": ["How much money did I say I could spend on the shed?"],
                       "qc": ["What is the shed budget after I revised it?"], "qo": ["What was my original shed budget?"]},
        },
    },
    "app": {
        "name": "the habit-tracking app",
        "words": ["screens", "notifications", "onboarding", "streaks", "database schema", "login", "widgets",
                  "testing", "store listing", "accessibility", "offline mode", "analytics"],
        "attrs": {
            "framework": {"values": ["Flutter", "React Native", "Kotlin Multiplatform", "SwiftUI"],
                          "say": ["I've decided to write the app in {v}, I know it a little already."],
                          "change": ["I'm dropping {o}; the app will be built with {v} after all."],
                          "q": ["Which framework did I choose for my app?", "What did I say I'd build the habit app with?"],
                          "qc": ["What framework did I move the app to?"], "qo": ["What was the app framework I first picked?"]},
            "backend": {"values": ["Supabase", "Firebase", "a small Go server on a VPS"],
                        "say": ["For storing users' streaks I'll go with {v}."],
                        "change": ["New idea for the data side: {v} instead of {o}."],
                        "q": ["Where did I want to store the app's user data?"], "qc": ["What backend did I switch to?"],
                        "qo": ["Which backend did I plan to use at the start?"]},
            "appname": {"values": ["Tiny Steps", "Streakling", "DailyDent", "Sprout"],
                        "say": ["I'm calling it {v}, the domain was free."],
                        "change": ["Someone already uses {o}, so the app is renamed {v}."],
                        "q": ["What name did I give my app?"], "qc": ["What was the app renamed to?"],
                        "qo": ["What was the app called before the rename?"]},
            "launch": {"values": ["the first week of March", "mid-June", "before Christmas"],
                       "say": ["I'd like it in the stores by {v}."],
                       "change": ["Realistically the launch slips to {v}; {o} was too tight."],
                       "q": ["When did I hope to launch the app?"], "qc": ["What is the app's launch date after it slipped?"],
                       "qo": ["When did I originally want to release the app?"]},
        },
    },
    "wedding": {
        "name": "the wedding",
        "words": ["invitations", "catering", "photographer", "seating plan", "flowers", "rings", "vows",
                  "rain plan", "transport", "guest list", "rehearsal", "speeches"],
        "attrs": {
            "venue": {"values": ["an old barn outside Ghent", "the botanical garden pavilion", "a lakeside hotel in Annecy"],
                      "say": ["We've put a deposit on {v} for the ceremony and dinner."],
                      "change": ["We lost the deposit on {o}; it's going to be {v} now."],
                      "q": ["Where did I say the wedding would be held?", "Which venue did we book for the wedding?"],
                      "qc": ["What venue did we move the wedding to?"], "qo": ["Where was the wedding going to be before we changed venue?"]},
            "guests": {"values": ["around 60 people", "about 120 guests", "just 25 close friends and family"],
                       "say": ["We're inviting {v}, no more."],
                       "change": ["The list grew, so plan for {v} rather than {o}."],
                       "q": ["How many guests did I say we would invite?"], "qc": ["How many guests after the list changed?"],
                       "qo": ["How many people did we first plan to invite?"]},
            "music": {"values": ["a jazz trio", "a DJ who plays old soul records", "a ceilidh band"],
                      "say": ["For the evening we want {v}."],
                      "change": ["We cancelled {o} and booked {v} for the party."],
                      "q": ["What music did we want at the wedding party?"], "qc": ["What did we book for music after cancelling?"],
                      "qo": ["Which music act did we first want?"]},
            "month": {"values": ["September", "late May", "October"],
                      "say": ["The date we're aiming for is in {v}."],
                      "change": ["Family can't make {o}, so the wedding moves to {v}."],
                      "q": ["In which month did I say we'd get married?"], "qc": ["What month did the wedding move to?"],
                      "qo": ["When was the wedding first planned for?"]},
        },
    },
    "marathon": {
        "name": "my marathon training",
        "words": ["long runs", "tempo sessions", "intervals", "recovery", "stretching", "hydration", "gels",
                  "taper", "heart rate", "cadence", "blisters", "strength work"],
        "attrs": {
            "race": {"values": ["the Rotterdam marathon", "the Berlin marathon", "the Valencia marathon"],
                     "say": ["I signed up for {v}, it's my first full one."],
                     "change": ["I deferred {o}; I'm running {v} instead."],
                     "q": ["Which race did I say I'm training for?"], "qc": ["Which marathon did I switch to?"],
                     "qo": ["What race was I originally registered for?"]},
            "goal": {"values": ["under four hours", "three hours forty five", "just finishing without walking"],
                     "say": ["My target is {v}."],
                     "change": ["After the injury I'm lowering my target to {v}, {o} is out."],
                     "q": ["What finishing time did I want in the marathon?"], "qc": ["What is my marathon goal after I lowered it?"],
                     "qo": ["What was my first marathon target?"]},
            "restday": {"values": ["Mondays", "Fridays", "Wednesdays"],
                        "say": ["I always keep {v} free from running, that's choir night."],
                        "change": ["My rest day has to be {v} now, {o} don't work any more."],
                        "q": ["Which day of the week did I keep for rest?"], "qc": ["What day did my rest day move to?"],
                        "qo": ["Which rest day did I have before?"]},
            "mileage": {"values": ["40 kilometres a week", "55 kilometres a week", "30 kilometres a week"],
                        "say": ["Right now I'm doing {v}."],
                        "change": ["I bumped it up to {v} from {o}."],
                        "q": ["How much was I running per week?"], "qc": ["What weekly distance did I increase to?"],
                        "qo": ["What was my weekly volume before I increased it?"]},
        },
    },
    "novel": {
        "name": "my novel",
        "words": ["chapters", "outline", "dialogue", "pacing", "subplot", "antagonist", "first draft", "editing",
                  "beta readers", "query letter", "point of view", "backstory"],
        "attrs": {
            "protagonist": {"values": ["Ines Marlow", "Tobias Wren", "Hana Okafor"],
                            "say": ["The main character is called {v}, a lighthouse keeper's daughter."],
                            "change": ["I renamed my heroine: {v}, because {o} sounded too much like a real author."],
                            "q": ["What is the name of my novel's main character?"], "qc": ["What did I rename my protagonist to?"],
                            "qo": ["What was the protagonist's name in the first draft?"]},
            "setting": {"values": ["a fishing town in Cornwall", "Trieste in the 1920s", "a research station in Svalbard"],
                        "say": ["The story takes place in {v}."],
                        "change": ["I moved the whole book from {o} to {v}."],
                        "q": ["Where is my novel set?"], "qc": ["Where did I move the novel's setting to?"],
                        "qo": ["Where was the story set before I moved it?"]},
            "words": {"values": ["90,000 words", "70,000 words", "120,000 words"],
                      "say": ["I'm aiming for a manuscript of roughly {v}."],
                      "change": ["My editor friend says {o} is too long, so I'm cutting to {v}."],
                      "q": ["How long did I want my manuscript to be?"], "qc": ["What length am I cutting the novel to?"],
                      "qo": ["What word count did I aim for at first?"]},
            "pov": {"values": ["first person", "close third person", "alternating narrators"],
                    "say": ["I'm writing it in {v}."],
                    "change": ["I rewrote chapter one in {v}; {o} felt flat."],
                    "q": ["What point of view did I say I write the novel in?"], "qc": ["Which narration did I switch to?"],
                    "qo": ["What narrative voice did I use before rewriting?"]},
        },
    },
    "move": {
        "name": "the move",
        "words": ["lease", "deposit", "movers", "boxes", "utilities", "internet contract", "neighbourhood",
                  "commute", "inspection", "furniture", "address change", "keys"],
        "attrs": {
            "city": {"values": ["Utrecht", "Leipzig", "Porto", "Lyon"],
                     "say": ["We're moving to {v} for my partner's job."],
                     "change": ["The job offer changed, so it's {v} now, not {o}."],
                     "q": ["Which city did I say we're moving to?"], "qc": ["What city are we moving to after the job changed?"],
                     "qo": ["Where were we first going to move?"]},
            "rent": {"values": ["1,300 a month", "950 a month", "1,700 a month"],
                     "say": ["Our ceiling for rent is {v}."],
                     "change": ["We can stretch the rent to {v}; {o} found us nothing."],
                     "q": ["How much rent did I say we could pay?"], "qc": ["What is our rent limit after stretching it?"],
                     "qo": ["What was our first rent ceiling?"]},
            "rooms": {"values": ["two bedrooms", "three bedrooms and a study", "one bedroom with a balcony"],
                      "say": ["We need at least {v}."],
                      "change": ["With the baby coming we need {v}, {o} won't do."],
                      "q": ["How many rooms did I say we need?"], "qc": ["What size flat do we need now?"],
                      "qo": ["What flat size did we look for at first?"]},
            "date": {"values": ["the end of April", "the first of August", "early November"],
                     "say": ["The movers are booked for {v}."],
                     "change": ["The handover slipped, so the movers come {v} instead of {o}."],
                     "q": ["When did I book the movers?"], "qc": ["When are the movers coming after the delay?"],
                     "qo": ["What moving date did we have first?"]},
        },
    },
    "podcast": {
        "name": "the podcast",
        "words": ["episodes", "guests", "editing", "cover art", "RSS feed", "sponsors", "intro music",
                  "recording schedule", "show notes", "audience", "interview questions", "trailer"],
        "attrs": {
            "topic": {"values": ["urban beekeepers' stories", "local history of the tram lines", "interviews with retired teachers"],
                      "say": ["The show is about {v}."],
                      "change": ["I'm pivoting the show from {o} to {v}."],
                      "q": ["What did I say my podcast is about?"], "qc": ["What topic did I pivot the podcast to?"],
                      "qo": ["What was the podcast's first topic?"]},
            "length": {"values": ["25 minutes", "about an hour", "ten-minute episodes"],
                       "say": ["Each episode should run {v}."],
                       "change": ["Listeners drop off, so episodes will be {v}, not {o}."],
                       "q": ["How long did I want each episode to be?"], "qc": ["What episode length did I change to?"],
                       "qo": ["How long were episodes meant to be at first?"]},
            "mic": {"values": ["a Shure SM7B", "a Rode PodMic", "a cheap USB condenser"],
                    "say": ["I'm recording with {v}."],
                    "change": ["I returned the {o} and got {v}."],
                    "q": ["Which microphone did I say I record with?"], "qc": ["What microphone did I replace mine with?"],
                    "qo": ["What mic did I have before returning it?"]},
            "day": {"values": ["Tuesday mornings", "every other Friday", "Sunday evenings"],
                    "say": ["New episodes go out on {v}."],
                    "change": ["Release day is now {v}; {o} clashed with work."],
                    "q": ["When did I say new episodes come out?"], "qc": ["What release day did I move to?"],
                    "qo": ["What was the release schedule before the change?"]},
        },
    },
    "kitchen": {
        "name": "the kitchen renovation",
        "words": ["cabinets", "plumbing", "electrics", "extractor hood", "splashback", "lighting", "sink",
                  "appliances", "contractor", "permits", "flooring", "worktop"],
        "attrs": {
            "counter": {"values": ["oak butcher block", "white quartz", "polished concrete"],
                        "say": ["For the counters I've set my heart on {v}."],
                        "change": ["The quote for {o} was absurd, so it's {v} for the counters."],
                        "q": ["What countertop material did I want?"], "qc": ["What did I change the countertops to?"],
                        "qo": ["Which counter material did I want before the quote?"]},
            "colour": {"values": ["sage green", "navy blue", "warm grey"],
                       "say": ["The cabinet fronts will be painted {v}."],
                       "change": ["We tried a sample and {o} looked wrong; the cabinets will be {v}."],
                       "q": ["What colour did I choose for the cabinets?"], "qc": ["What cabinet colour did we switch to?"],
                       "qo": ["What colour were the cabinets going to be first?"]},
            "budget": {"values": ["18,000 euros", "11,500 euros", "25,000 euros"],
                       "say": ["The whole renovation has to stay under {v}."],
                       "change": ["After the plumbing surprise we allow {v} instead of {o}."],
                       "q": ["What budget did I set for the kitchen?"], "qc": ["What is the kitchen budget after the surprise?"],
                       "qo": ["What was the first kitchen budget?"]},
            "floor": {"values": ["terracotta tiles", "large grey porcelain tiles", "oak parquet"],
                      "say": ["On the floor we're putting {v}."],
                      "change": ["We went with {v} for the floor in the end, {o} were too slippery."],
                      "q": ["What flooring did I want in the kitchen?"], "qc": ["What kitchen floor did we end up choosing?"],
                      "qo": ["Which floor did we plan before changing?"]},
        },
    },
}

FILLER_USER = [
    "Thanks, that's really helpful.", "Can you explain the second point in more detail?",
    "Let me think about it and come back tomorrow.", "Okay, that makes sense.", "Hmm, I'm not sure about that.",
    "Could you make me a checklist from this?", "Good, let's continue with the next step.",
    "What would you do in my place?", "Sorry, I got distracted, where were we?", "Perfect, noted.",
]
QUESTION_USER = [
    "What should I think about first for {p}?", "What are the usual mistakes people make with {p}?",
    "Can you give me a rough timeline for {p}?", "How do I keep {p} from getting out of hand?",
    "Is there anything about {w} I should check for {p}?", "What do you think about {w} for {p}?",
]
ADVICE = [
    "A good way to approach {w} is to break it into small steps and check each one before moving on.",
    "Many people underestimate how long {w} takes, so it helps to add a margin of a week or two.",
    "If you are unsure about {w}, it is worth asking someone who has done it recently.",
    "Keep a simple list of decisions about {w}, with the date and the reason, so you can revisit them.",
    "For {w}, the cheapest option up front is not always the cheapest over the years.",
    "It is easy to get lost in details of {w}; decide what matters most to you and let the rest follow.",
    "Before committing to anything about {w}, compare at least two or three alternatives side by side.",
    "When it comes to {w}, small adjustments early on save a lot of rework later.",
    "Think about how {w} interacts with everything else in {p}, because the parts depend on each other.",
    "Write down your assumptions about {w}; if one turns out wrong, you will know what to revisit.",
    "A common pattern with {w} is to start simple, test it, and only then add refinements.",
    "Do not forget to budget time for {w}; it often ends up on the critical path of {p}.",
]
RESTATE = [
    "Since you mentioned {v}, let me take that into account: {v} shapes a lot of the next decisions for {p}.",
    "Going with {v} is a reasonable choice for {p}, and it affects how you handle {w}.",
    "With {v} in mind, here is how I would organise the next steps for {p}.",
    "Noted: {v}. That changes a few things about {w}, which I explain below.",
]
OPENERS = ["Great question.", "Sure, let me go through it.", "Happy to help with that.", "Here is how I see it.",
           "That is a common situation.", "Let me lay out the options."]
CLOSERS = ["Let me know which of these you want to dig into.", "Tell me how it goes and we can adjust.",
           "I can turn this into a checklist if that helps.", "Happy to go deeper on any of these points."]


@dataclass
class Conversation:
    """One user's chat: messages in order (role, text, at, id) and questions (text, evidence ids, kind)."""

    cid: str
    messages: list[dict[str, Any]] = field(default_factory=list)
    questions: list[dict[str, Any]] = field(default_factory=list)


def _reply(rng: random.Random, project: dict[str, Any], value: str | None) -> str:
    """A long assistant answer: advice paragraphs about the project's topics, restating the user's value."""
    paras = [rng.choice(OPENERS)]
    n = rng.randint(4, 9)
    for i in range(n):
        words = rng.sample(project["words"], 3)
        sents = [rng.choice(ADVICE).format(w=w, p=project["name"]) for w in words]
        if value is not None and (i == 0 or rng.random() < 0.3):
            sents.insert(rng.randrange(len(sents) + 1),
                         rng.choice(RESTATE).format(v=value, p=project["name"], w=rng.choice(project["words"])))
        paras.append(f"{i + 1}. " + " ".join(sents))
    paras.append(rng.choice(CLOSERS))
    return "\n\n".join(paras)


def _exchange(conv: Conversation, rng: random.Random, at: datetime, text: str, project: dict[str, Any],
              value: str | None) -> tuple[str, datetime]:
    """Append a user message and the assistant's long reply; return the user message's id."""
    uid = f"{conv.cid}:m{len(conv.messages)}"
    conv.messages.append({"id": uid, "role": "user", "content": text, "at": at})
    at += timedelta(seconds=rng.randint(20, 90))
    conv.messages.append({"id": f"{conv.cid}:m{len(conv.messages)}", "role": "assistant",
                          "content": _reply(rng, project, value), "at": at})
    return uid, at + timedelta(seconds=rng.randint(30, 300))


def _filler(conv: Conversation, rng: random.Random, at: datetime, project: dict[str, Any]) -> datetime:
    if rng.random() < 0.5:
        text = rng.choice(FILLER_USER)
    else:
        text = rng.choice(QUESTION_USER).format(p=project["name"], w=rng.choice(project["words"]))
    _, at = _exchange(conv, rng, at, text, project, None)
    return at


def conversation(index: int, seed: int = SEED) -> Conversation:
    """The ``index``-th conversation: 6 of the projects, 4 details each, about 40% changed later."""
    rng = random.Random(seed * 1000 + index)
    conv = Conversation(cid=f"chat-{index}")
    keys = rng.sample(sorted(PROJECTS), 6)
    at = datetime(2025, 1, 6, 9, 0, tzinfo=UTC) + timedelta(days=rng.randint(0, 60))
    plans = []  # (project key, attr, value, change value or None)
    for key in keys:
        for attr, spec in PROJECTS[key]["attrs"].items():
            value, new = rng.sample(spec["values"], 2)
            plans.append((key, attr, value, new if rng.random() < 0.4 else None))
    said: dict[tuple[str, str], str] = {}
    # statements: one or two sessions per project, details in random order among filler
    sessions: list[list[tuple[str, str]]] = []
    for key in keys:
        items = [(key, attr) for k, attr, _, _ in plans if k == key]
        rng.shuffle(items)
        cut = rng.randint(1, len(items) - 1)
        sessions += [items[:cut], items[cut:]]
    rng.shuffle(sessions)
    changes = [(k, a) for k, a, _, new in plans if new is not None]
    rng.shuffle(changes)
    value_of = {(k, a): (v, new) for k, a, v, new in plans}
    pending: list[tuple[str, str]] = []
    for si, items in enumerate(sessions):
        project = PROJECTS[items[0][0]]
        for _ in range(rng.randint(0, 2)):
            at = _filler(conv, rng, at, project)
        for key, attr in items:
            spec = PROJECTS[key]["attrs"][attr]
            v = value_of[(key, attr)][0]
            said[(key, attr)], at = _exchange(conv, rng, at, rng.choice(spec["say"]).format(v=v), PROJECTS[key], v)
            for _ in range(rng.randint(0, 2)):
                at = _filler(conv, rng, at, PROJECTS[key])
            if (key, attr) in changes:
                pending.append((key, attr))
        # changes come at least one session later, a few per session
        if si > 0 and pending:
            for key, attr in pending[: rng.randint(1, 2)]:
                spec = PROJECTS[key]["attrs"][attr]
                old, new = value_of[(key, attr)]
                cid, at = _exchange(conv, rng, at, rng.choice(spec["change"]).format(v=new, o=old), PROJECTS[key], new)
                said[(key, attr, "change")] = cid  # type: ignore[index]
                pending.remove((key, attr))
        at += timedelta(days=rng.randint(1, 6), hours=rng.randint(0, 8))
    for key, attr in pending:  # changes still pending go into a final session
        spec = PROJECTS[key]["attrs"][attr]
        old, new = value_of[(key, attr)]
        cid, at = _exchange(conv, rng, at, rng.choice(spec["change"]).format(v=new, o=old), PROJECTS[key], new)
        said[(key, attr, "change")] = cid  # type: ignore[index]
    for key, attr, _, new in plans:
        spec = PROJECTS[key]["attrs"][attr]
        first = said[(key, attr)]
        if new is None:
            conv.questions.append({"question": rng.choice(spec["q"]), "evidence": [first], "kind": "said"})
        else:
            change = said[(key, attr, "change")]  # type: ignore[index]
            conv.questions.append({"question": rng.choice(spec["qc"]), "evidence": [change], "kind": "changed"})
            conv.questions.append({"question": rng.choice(spec["qo"]), "evidence": [first], "kind": "original"})
            conv.questions.append({"question": rng.choice(spec["q"]), "evidence": [first, change], "kind": "said+changed"})
    return conv


def corpus(n: int = CONVERSATIONS, seed: int = SEED) -> list[Conversation]:
    return [conversation(i, seed) for i in range(n)]
