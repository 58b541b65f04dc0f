"""The "natural" set: multi-session chats in natural chat wording, written blind to the extractor's rules.

Issue 31. Written without reading the extractor, the strategies, consolidation or the other user sets (only
the harness ``phrasing.py``, whose judge scores it, and one printed user of ``talk`` for the data format), and
frozen (``FROZEN``) before its first run, so it measures the offline extractor on wording it was not fitted to.

40 users (18 tune, 22 held), 4 sessions each, 11 attributes per user (employer, partner, diet, sport, car,
a sibling's city, manager, a weekly appointment, a child's school, plus two of home city, pet, languages,
job); 465 probes. Each attribute follows a story picked with the seed: said once, restated in new words,
corrected (a typo or a wrong word, fixed at once, later in the session, or sessions later), switched, ended,
answered to the assistant's question (with or without an earlier value), said in one sentence with another
fact, or (home city) moved in passing. About a third of the users write casually (lowercase, no full stop).

``build()`` is the natural chats; ``build(plain=True)`` the same users and values, every fact one plain
sentence ("I work at Arup."), no filler, so wording and consolidation can be told apart. Split: ``held`` when
``sha1(id) % 2 == 1``. Each probe carries ``attr`` and ``said`` (the user messages that carried it).
"""

from __future__ import annotations

import hashlib
import json
import random
from datetime import datetime, timedelta
from typing import Any

SEED = 3131
USERS = 40
# the set as committed before its first run (2026-12-03); frozen, never regenerated
FROZEN = {"natural": "c6523792eaa5", "natural-plain": "71b3adc2af9e"}

# --- values -------------------------------------------------------------------------------------------------

EMPLOYERS = [
    "Ørsted",
    "Arup",
    "Siemens",
    "Nordea",
    "Maersk",
    "Spotify",
    "Zalando",
    "Vattenfall",
    "Equinor",
    "Bosch",
    "Nestlé",
    "Ericsson",
    "Klarna",
    "Unilever",
    "Philips",
    "Allianz",
    "Telefónica",
    "Accenture",
    "Lidl",
    "Deloitte",
    "Heineken",
    "Telenor",
    "Grundfos",
    "Carlsberg",
    "Rossmann",
    "Skanska",
]
FEMALE = [
    "Åsa",
    "Zoë",
    "Łucja",
    "Ngozi",
    "Siobhán",
    "Chloé",
    "Dagný",
    "Ilse",
    "Mei",
    "Hannah",
    "Aino",
    "Leila",
    "Marit",
    "Niamh",
    "Amélie",
    "Inês",
]
MALE = [
    "Søren",
    "Ørjan",
    "Émile",
    "Jörg",
    "José",
    "Kenji",
    "Rafael",
    "Tomasz",
    "Björn",
    "Sven",
    "Joaquín",
    "Oskar",
    "Ciarán",
    "Dmitri",
]
MANAGERS = [
    "Priya",
    "Ólafur",
    "Małgorzata",
    "Bartłomiej",
    "Thandiwe",
    "Renée",
    "Jürgen",
    "Tomás",
    "Yusuf",
    "Agnieszka",
    "Fatima",
    "Henrik",
    "Wojciech",
    "Siddharth",
    "Grete",
    "Ángel",
    "Kofi",
    "Lindiwe",
    "Mikael",
    "Beatriz",
    "Hiroshi",
    "Dervla",
    "Rasmus",
    "Gunnhild",
]
CITIES = [
    "Łódź",
    "Bergen",
    "Leeds",
    "Malmö",
    "Tromsø",
    "Zürich",
    "Kraków",
    "Göteborg",
    "Porto",
    "Lyon",
    "Gdańsk",
    "Aarhus",
    "Reykjavík",
    "Cork",
    "Graz",
    "Tartu",
    "Bilbao",
    "Utrecht",
    "Turku",
    "Brno",
    "Genoa",
    "Nantes",
    "Leipzig",
    "Coimbra",
    "Plovdiv",
    "Ghent",
    "Tampere",
    "Västerås",
    "Düsseldorf",
    "Córdoba",
    "Poznań",
]
CARS = [
    ("Škoda", "Fabia"),
    ("Kia", "Ceed"),
    ("Toyota", "Yaris"),
    ("Dacia", "Duster"),
    ("Fiat", "Panda"),
    ("Škoda", "Karoq"),
    ("Nissan", "Leaf"),
    ("VW", "Passat"),
    ("Honda", "Civic"),
    ("Toyota", "Corolla"),
    ("Nissan", "Qashqai"),
    ("Hyundai", "Kona"),
    ("Mazda", "CX-5"),
    ("Citroën", "Berlingo"),
    ("Volvo", "V60"),
    ("Renault", "Clio"),
    ("Dacia", "Sandero"),
    ("Ford", "Fiesta"),
    ("Subaru", "Forester"),
    ("Kia", "Niro"),
    ("Suzuki", "Swift"),
]
SPORTS = [
    ("padel", "play padel"),
    ("bouldering", "go bouldering"),
    ("tennis", "play tennis"),
    ("badminton", "play badminton"),
    ("volleyball", "play volleyball"),
    ("rowing", "row"),
    ("squash", "play squash"),
    ("judo", "do judo"),
    ("handball", "play handball"),
    ("fencing", "do fencing"),
    ("floorball", "play floorball"),
    ("kayaking", "go kayaking"),
    ("netball", "play netball"),
    ("karate", "do karate"),
    ("kickboxing", "do kickboxing"),
    ("cricket", "play cricket"),
    ("water polo", "play water polo"),
    ("curling", "do curling"),
]
DIETS = ["vegetarian", "vegan", "pescatarian", "keto", "gluten-free", "dairy-free", "paleo", "low-carb"]
SCHOOLS = [
    "Hillcrest",
    "Oakwood",
    "Brookfield",
    "Riverside",
    "Lindholm",
    "Solbakken",
    "Kastanjehof",
    "Ålholm",
    "Maplewood",
    "Greenhill",
    "Vesterbro",
    "Björkhagen",
    "Zielonka",
    "Fairhaven",
    "Kirkebakken",
    "Thornbury",
]
SCHOOL_KIND = ["Primary", "School", "Academy", "Skole", "Primary School", "Community School"]
KIDS = {
    "son": ["Mateo", "Noah", "Lukas", "Théo", "Jonas", "Emil", "Kai", "Oisín"],
    "daughter": ["Freja", "Oliwia", "Elif", "Ida", "Maja", "Astrid", "Zuzanna", "Nora", "Saoirse"],
}
ACTS = [
    "physio",
    "therapy",
    "piano lessons",
    "choir practice",
    "pottery class",
    "counselling",
    "guitar lessons",
    "singing lessons",
    "book club",
    "dance class",
    "swimming lessons",
    "life drawing class",
]
DAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]
JOBS = [
    "nurse",
    "architect",
    "electrician",
    "pharmacist",
    "translator",
    "accountant",
    "paramedic",
    "teacher",
    "carpenter",
    "dentist",
    "librarian",
    "surveyor",
    "plumber",
    "radiographer",
    "midwife",
    "welder",
    "chef",
]
PETS = [
    ("dog", ["Biscuit", "Rex", "Otis", "Nugget", "Bamse"]),
    ("cat", ["Mochi", "Luna", "Ziggy", "Kanelbulle"]),
    ("rabbit", ["Pippa", "Łatka", "Clover"]),
    ("parrot", ["Kiwi", "Pablo"]),
    ("tortoise", ["Shelly", "Göran"]),
    ("hamster", ["Pebbles", "Nibbles"]),
]
LANGS = [
    "Polish",
    "Portuguese",
    "Swahili",
    "Catalan",
    "Finnish",
    "Tagalog",
    "Turkish",
    "Greek",
    "Hindi",
    "Icelandic",
    "Welsh",
    "Korean",
    "Arabic",
    "Hungarian",
    "Romanian",
    "Yoruba",
    "Basque",
    "Dutch",
]

# --- wording per attribute ----------------------------------------------------------------------------------
# state: the value said once; clause: a part of a two-fact sentence; switch/ended: a change (old -> new / over);
# ask/answer: the assistant asks, the user answers; fix: corrections naming the attribute; questions: probes.

A: dict[str, dict[str, Any]] = {
    "employer": {
        "state": [
            "I work at {v}.",
            "been at {v} for about three years now",
            "work at {v} has been insane this month",
            "I've been working for {v} since 2021.",
            "just got back from the {v} summer party lol",
            "my company, {v}, is rolling out a new expenses tool and it's awful",
            "My employer is {v}, if that helps.",
        ],
        "clause": ["I work at {v}", "I'm at {v} these days", "I've been at {v} for ages"],
        "switch": [
            "new job! I'm at {new} now",
            "I switched from {old} to {new}, started monday",
            "I'm working for {new} now instead of {old}.",
            "left {old} last month, I just started at {new}",
            "quick update: I moved over to {new}, {old} is history",
            "So I finally did it, I quit {old} and joined {new}.",
        ],
        "ended": [
            "I'm between jobs now, {old} let me go",
            "I quit {old} last week, taking a break before looking again",
            "got laid off from {old} :(",
            "I no longer work at {old}.",
            "my last day at {old} was friday so I'm unemployed for now",
            "left {old} for good, not working at the moment",
        ],
        "ask": [
            "Which company do you work for, by the way?",
            "Where do you work, if you don't mind me asking?",
            "And where are you working these days?",
            "Who's your employer? It might change the template.",
            "What company are you with?",
            "Are you employed somewhere at the moment? Which company?",
        ],
        "answer": ["{v}", "at {v}", "I'm at {v}", "{v}, in the finance team", "oh, {v}", "{v} :)"],
        "fix": ["sorry, I work at {new}, not {old}", "my company is {new} obviously, not {old}"],
        "questions": [
            "where do I work?",
            "Where does the user work?",
            "who is my employer?",
            "which company do I work for?",
            "What company is the user with?",
            "where am I working now?",
        ],
        "plain": "I work at {v}.",
        "plain_over": "I no longer work at {v}.",
    },
    "partner": {
        "state": [
            "my {rel} {v} and I are going hiking this weekend",
            "{v} (my {rel}) says hi!",
            "I live with my {rel}, {v}.",
            "my {rel}'s name is {v}, btw",
            "{v} and I have been together five years now",
            "date night with {v} tonight, my {rel} picked the place",
            "My {rel} {v} thinks I spend too much time on my phone.",
        ],
        "clause": ["my {rel} is {v}", "I live with my {rel} {v}", "{v} is my {rel}"],
        "switch": [
            "I'm with {new} now, {old} and I split in the spring",
            "met someone new! {new}. {old} and I broke up",
            "{old} is my ex now, I've been seeing {new} for a few months",
            "my {rel} now is {new}, things with {old} ended",
            "After {old} and I broke up I met {new}, and we just moved in together.",
            "new {rel}: {new} :) it's over with {old}",
        ],
        "ended": [
            "{old} and I split up last month",
            "we broke up, me and {old}",
            "I'm single again, {old} and I ended things",
            "{old} moved out, we're not together anymore",
            "no longer with {old}, it's for the best",
            "{old} and I separated in the spring.",
        ],
        "ask": [
            "Are you seeing anyone, or is this a solo trip?",
            "Do you have a partner who'd come along?",
            "Is there a partner I should plan for too? What's their name?",
            "Who's the lucky person you're with?",
            "Would your partner join? What's their name, so I can put it on the booking?",
            "Who's your other half, if you have one?",
        ],
        "answer": [
            "yes, {v}",
            "yeah, my {rel} {v}",
            "{v}",
            "my {rel}, {v} :)",
            "{v}, my {rel}",
            "oh yes, {v} would come",
        ],
        "fix": ["sorry, my {rel} is {new}, not {old}, typing too fast", "it's {new}, my {rel} is {new} not {old}"],
        "questions": [
            "what's my partner's name?",
            "Who is the user's partner?",
            "who am I with?",
            "what is the name of my partner?",
            "Who is the user in a relationship with?",
            "who's my other half?",
        ],
        "plain": "My {rel} is {v}.",
        "plain_over": "I am no longer with {v}.",
    },
    "diet": {
        "state": [
            "I'm {v}, so no recipes with anything I can't eat pls",
            "I've been {v} for two years.",
            "I eat {v}, just so you know",
            "being {v} makes eating out tricky here",
            "I went {v} last year and feel great",
            "remember I'm {v} when you suggest food!",
        ],
        "clause": ["I'm {v}", "I eat {v}", "I went {v}"],
        "switch": [
            "I'm {new} now, not {old}",
            "gave up {old}, I'm {new} these days",
            "I switched from {old} to {new}.",
            "{new} now! {old} was too hard to keep up",
            "not {old} anymore, {new} instead",
            "I've gone {new}, the {old} phase is over",
            "went {new}, no more {old}",
        ],
        "ended": [
            "I'm not {old} anymore, eating everything again",
            "quit {old}, I eat meat again lol",
            "dropped the {old} thing",
            "gave up on being {old}.",
            "no longer {old}, back to normal food",
            "{old} didn't last, I eat whatever now",
        ],
        "ask": [
            "Any dietary restrictions I should know about for the menu?",
            "Do you follow any particular diet?",
            "Is there anything you don't eat? Any diet I should plan around?",
            "Before I suggest recipes: are you on any special diet?",
            "Do you eat meat, or do you have a diet?",
            "What kind of diet do you have, so I get the shopping list right?",
        ],
        "answer": ["I'm {v}", "{v}, yes", "yep, {v}", "{v} :)", "I eat {v}", "{v} for now"],
        "fix": ["sorry, I'm {new}, not {old}", "I meant {new}, I'm not {old}"],
        "questions": [
            "what diet do I follow?",
            "Does the user follow a diet?",
            "what do I eat, diet-wise?",
            "what is my diet?",
            "Which diet is the user on?",
            "am I on any diet?",
        ],
        "plain": "I am {v}.",
        "plain_over": "I am no longer {v}.",
    },
    "sport": {
        "state": [
            "I {vp} twice a week.",
            "{v} is my thing these days",
            "signed up for a {v} club last month",
            "been getting really into {v} lately",
            "my arms hurt from {v} yesterday lol",
            "I {vp} most weekends, it keeps me sane",
        ],
        "clause": ["I {vp}", "{v} is my sport", "I've been doing a lot of {v}"],
        "switch": [
            "switched to {new} now, {old} got boring",
            "I {new_vp} instead of {old} now.",
            "I gave up {old} and took up {new}",
            "swapped {old} for {new} this year",
            "{new} now! no more {old}",
            "I've moved on from {old} to {new}, way more fun",
        ],
        "ended": [
            "I don't {old_vp} anymore",
            "stopped {old}, my knee can't take it",
            "quit {old} after the injury.",
            "no more {old} for me",
            "haven't done {old} in months, I think I'm done with it",
            "gave up {old} this year, too busy",
        ],
        "ask": [
            "Do you do any sports?",
            "What do you do to stay active?",
            "Do you play anything, sport-wise?",
            "Is there a sport you do regularly?",
            "What's your sport, if you have one?",
            "Are you into any sports? I can fit it into the plan.",
        ],
        "answer": ["yeah, {v}", "{v}, mostly", "I {vp}", "{v}, twice a week", "mostly {v} :)", "{v}!"],
        "fix": ["sorry, I {new_vp}, not {old}", "it's {new}, not {old}, they're totally different lol"],
        "questions": [
            "what sport do I do?",
            "What sport does the user play?",
            "which sport am I into?",
            "what's my sport?",
            "Which sport does the user do?",
            "what do I do for sport?",
        ],
        "plain": "I {vp}.",
        "plain_over": "I no longer {vp}.",
    },
    "car": {
        "state": [
            "I drive a {make} {v}.",
            "my {make} {v} needs new tyres again",
            "got a {make} {v}, second hand",
            "the {v} is in the garage AGAIN",
            "my car's a {make} {v}",
            "commuting in my {v} takes forever",
        ],
        "clause": ["I drive a {make} {v}", "my car is a {make} {v}", "I've got a {make} {v}"],
        "switch": [
            "sold the {old}, got a {new_make} {new}",
            "I drive a {new} now instead of the {old}.",
            "traded in the {old} for a {new_make} {new}",
            "new car: {new_make} {new}! the {old} is gone",
            "swapped my {old} for a {new}",
            "replaced the {old} with a {new_make} {new} last week",
        ],
        "ended": [
            "I sold the car, the {old} is gone",
            "no car anymore, sold the {old}",
            "got rid of the {old}, going car-free",
            "the {old} was written off and I'm not replacing it",
            "I don't have a car now, sold my {old}.",
            "scrapped the {old} last week, bus from now on",
        ],
        "ask": [
            "Do you have a car, or should I look at trains?",
            "Are you driving? What car do you have?",
            "Do you own a car? It matters for the parking.",
            "What car do you drive?",
            "Will you take your own car? Which one is it?",
            "Do you have a car I should plan the route for?",
        ],
        "answer": ["yes, a {make} {v}", "yep, {make} {v}", "an old {v}", "a {v}", "{make} {v}, yeah", "the {v} :)"],
        "fix": ["sorry, it's a {new}, not a {old}, I always mix them up", "I drive a {new_make} {new}, not a {old}"],
        "questions": [
            "what car do I drive?",
            "What car does the user have?",
            "which car is mine?",
            "what do I drive?",
            "What car does the user drive?",
            "what's my car?",
        ],
        "plain": "I drive a {make} {v}.",
        "plain_over": "I no longer have a car.",
    },
    "sibling": {
        "state": [
            "my {sib} lives in {v}",
            "my {sib} just moved to {v}",
            "visiting my {sib} in {v} next month",
            "my {sib}'s flat in {v} is tiny lol",
            "My {sib} has been in {v} for a couple of years.",
            "flying to {v} to see my {sib} at easter",
        ],
        "clause": ["my {sib} just moved to {v}", "my {sib} lives in {v}", "my {sib} is in {v}"],
        "switch": [
            "my {sib} moved from {old} to {new}",
            "my {sib} left {old}, {pron}'s in {new} now",
            "my {sib} relocated to {new}.",
            "my {sib} is in {new} now, the {old} job ended",
            "guess what, my {sib} packed up and moved to {new}",
            "my {sib} lives in {new} now instead of {old}",
        ],
        "ask": [
            "Where does your {sib} live these days?",
            "Is your {sib} nearby? Where is {pron} based?",
            "Which city is your {sib} in?",
            "Where's your {sib} living now?",
            "Could you stay with your {sib}? Where do they live?",
            "Remind me, where is your {sib}?",
        ],
        "answer": ["{v}", "{v} now", "in {v}", "{v}, been there a while", "{pron}'s in {v}", "{v} :)"],
        "fix": ["sorry, my {sib} is in {new}, not {old}", "I meant {new}, my {sib} lives in {new}"],
        "questions": [
            "where does my {sib} live?",
            "Which city does the user's {sib} live in?",
            "where's my {sib} based?",
            "where does my {sib} live now?",
            "Where does the user's {sib} live?",
            "what city is my {sib} in?",
        ],
        "plain": "My {sib} lives in {v}.",
        "plain_over": None,
    },
    "manager": {
        "state": [
            "my manager is {v}",
            "{v}, my boss, wants the report by friday",
            "my line manager {v} approved my leave!",
            "I report to {v}.",
            "had a 1:1 with {v} (my manager) today, went fine",
            "{v} is my manager and honestly {v} is great",
        ],
        "clause": ["my manager is {v}", "I report to {v}", "{v} is my boss"],
        "switch": [
            "I've got a new manager, {new}. {old} moved to another team",
            "{old} left, so I report to {new} now",
            "my manager changed, it's {new} now instead of {old}",
            "reorg: my boss is {new} now",
            "{new} took over from {old} as my manager.",
            "bye {old}, hello {new} as my boss lol",
        ],
        "ask": [
            "Who's your manager? I can address it to them.",
            "Who do you report to?",
            "What's your manager's name?",
            "Who's your boss, so I can add them to the invite?",
            "Who should this go to, is there a manager I should name?",
            "Who manages you at the moment?",
        ],
        "answer": ["{v}", "{v}, my manager", "I report to {v}", "my boss is {v}", "{v} :)", "it's {v}"],
        "fix": ["sorry, my manager is {new}, not {old}", "I report to {new}, not {old}, wrong name"],
        "questions": [
            "who is my manager?",
            "What's the name of the user's boss?",
            "who do I report to?",
            "who's my boss?",
            "Who does the user report to?",
            "what is my manager's name?",
        ],
        "plain": "My manager is {v}.",
        "plain_over": None,
    },
    "weekly": {
        "state": [
            "I have {act} every {v}",
            "{act} is on {v}s, every week",
            "every {v} I've got my {act}",
            "{v}s are {act} days for me, it's weekly",
            "I go to my {act} each {v}",
            "can't do {v}s, that's my weekly {act}",
        ],
        "clause": ["I have {act} every {v}", "my {act} is every {v}", "{v}s are my {act}"],
        "switch": [
            "my {act} moved to {new}s",
            "{act} is on {new}s now instead of {old}s",
            "they switched my {act} from {old} to {new}, still every week",
            "can't do {old}s anymore so my {act} is {new}s now",
            "new slot for {act}: every {new}",
            "my weekly {act} got bumped to {new}, same time",
        ],
        "ask": [
            "When's your {act}? I'll keep that day free.",
            "What day is your weekly {act}?",
            "Which day do you have {act}?",
            "Is your {act} on a fixed day each week?",
            "When do you have {act} usually?",
            "What day should I avoid because of your {act}?",
        ],
        "answer": ["{v}s", "every {v}", "{v}, every week", "{v}s, weekly", "it's every {v}", "on {v}s"],
        "fix": ["sorry, {act} is on {new}s, not {old}s", "my {act} is every {new}, not {old}, I mixed it up"],
        "questions": [
            "when is my weekly {act}?",
            "What day is the user's weekly {act}?",
            "when do I have {act}?",
            "what day is my {act}?",
            "On which day does the user have {act}?",
            "when's my {act} each week?",
        ],
        "plain": "I have {act} every {v}.",
        "plain_over": None,
    },
    "school": {
        "state": [
            "my {kid_rel} {c} goes to {v} {kind}",
            "{c} started at {v} {kind} in september",
            "dropping {c} at {v} {kind} every morning is chaos",
            "{c}'s school ({v} {kind}) has a bake sale friday",
            "My {kid_rel} {c} is in year 3 at {v} {kind}.",
            "{c} is at {v} {kind} and loves it",
        ],
        "clause": ["{c} goes to {v} {kind}", "my {kid_rel} is at {v} {kind}", "{c} started at {v} {kind}"],
        "switch": [
            "{c} moved schools, {c} is at {new} now",
            "we took {c} out of {old}, {c} goes to {new} instead",
            "{c} started at {new} this term (left {old})",
            "{c} changed from {old} to {new} after the summer",
            "new school for {c}: {new}. {old} wasn't working out",
            "{c}'s at {new} since the move, not {old}",
        ],
        "ask": [
            "Which school does {c} go to?",
            "Where does {c} go to school?",
            "What's the name of {c}'s school?",
            "Which school is {c} at, so I can check the term dates?",
            "Where is {c} at school these days?",
            "Is {c} at a school nearby? Which one?",
        ],
        "answer": [
            "{v}",
            "{v} {kind}",
            "{v} {kind}, just round the corner",
            "{v} :)",
            "it's {v}",
            "{v}, since september",
        ],
        "fix": ["sorry, {c} goes to {new}, not {old}", "{c}'s school is {new}, I wrote {old} by mistake"],
        "questions": [
            "what school does my kid go to?",
            "Which school does the user's child go to?",
            "which school is {c} at?",
            "where does {c} go to school?",
            "What is the name of the user's child's school?",
            "what school is my {kid_rel} at?",
        ],
        "plain": "My {kid_rel} {c} goes to {v} {kind}.",
        "plain_over": None,
    },
    "home": {
        "state": [
            "I live in {v}.",
            "here in {v} it's been raining nonstop",
            "{v} is home for me",
            "we live in {v}, near the station",
            "the buses in {v} are always late ugh",
            "I'm based in {v}",
        ],
        "clause": ["I live in {v}", "I'm based in {v}", "home is {v}"],
        "switch": [
            "since we moved to {new} I cycle everywhere",
            "still unpacking boxes after the move to {new}",
            "the new flat in {new} is great, way bigger than the one in {old}",
            "we left {old} for {new} in may",
            "now that I'm in {new} the commute is so short",
            "moved to {new} last month btw",
        ],
        "ask": [
            "Where are you based?",
            "Which city do you live in?",
            "Where do you live, roughly?",
            "Which city should I look in for you?",
            "Where's home for you?",
            "What city are you in?",
        ],
        "answer": ["{v}", "in {v}", "{v}, in the centre", "I live in {v}", "{v} :)", "{v} for now"],
        "fix": ["sorry, I live in {new}, not {old}", "I'm in {new}, not {old}, typo"],
        "questions": [
            "where do I live?",
            "Which city does the user live in?",
            "what city am I in?",
            "where's home for me?",
            "Where does the user live?",
            "which city do I live in?",
        ],
        "plain": "I live in {v}.",
        "plain_over": None,
    },
    "pet": {
        "state": [
            "my {v} {name} ate my sock again",
            "we have a {v} called {name}",
            "{name} (my {v}) is sick today :(",
            "I've got a {v}, {name}, she's a menace",
            "walking/feeding {name}, my {v}, takes forever lol",
            "My {v} {name} turned five yesterday.",
        ],
        "clause": ["I have a {v} called {name}", "we got a {v} named {name}", "my {v} is {name}"],
        "switch": [
            "we rehomed the {old} and got a {new} called {new_name}",
            "no more {old}, we have a {new} now",
            "{new_name} is our new {new}; the {old} went to my aunt",
            "swapped the {old} for a {new} lol",
            "we have a {new} now instead of the {old}",
            "the {old} is gone, say hi to our {new} {new_name}",
        ],
        "ended": [
            "we had to put {old_name}, our {old}, down last month. no pets now",
            "our {old} died in the winter",
            "we rehomed the {old}, no pets anymore",
            "I don't have a {old} anymore.",
            "{old_name} the {old} went to live with my parents for good, so no pet here",
            "gave the {old} away, my allergies got bad",
        ],
        "ask": [
            "Do you have any pets?",
            "Any pets at home I should plan for?",
            "Do you have a pet, for the lease form?",
            "Is there a pet in the house?",
            "What pet do you have, if any?",
            "Do you have animals at home?",
        ],
        "answer": ["yes, a {v}", "a {v} called {name}", "just {name}, my {v}", "one {v}", "yep, a {v} :)", "a {v}!"],
        "fix": ["sorry, {new_name} is a {new}, not a {old}", "I meant {new}, we have a {new}"],
        "questions": [
            "what pet do I have?",
            "What pet does the user have?",
            "which animal do I have at home?",
            "what kind of pet is mine?",
            "Does the user have a pet? Which one?",
            "what animal do I own?",
        ],
        "plain": "I have a {v} named {name}.",
        "plain_over": "I no longer have a {v}.",
    },
    "job": {
        "state": [
            "I work as {an} {v}.",
            "I'm {an} {v}",
            "as {an} {v} I'm on my feet all day",
            "my job as {an} {v} is draining lately",
            "I've been {an} {v} for ten years",
            "being {an} {v} means weird hours",
        ],
        "clause": ["I work as {an} {v}", "I'm {an} {v}", "I'm {an} {v} by trade"],
        "switch": [
            "I retrained as {new_an} {new}, no more {old} work",
            "I'm {new_an} {new} now, used to be {old_an} {old}",
            "switched careers: {new} instead of {old}",
            "I work as {new_an} {new} now.",
            "left {old} work behind, I'm {new_an} {new} these days",
            "I started working as {new_an} {new}, done with being {old_an} {old}",
        ],
        "ask": [
            "What do you do for a living?",
            "What's your job, roughly?",
            "What do you work as?",
            "What's your profession, for the form?",
            "What kind of work do you do?",
            "What do you do for work?",
        ],
        "answer": ["I'm {an} {v}", "{v}", "{an} {v}", "I work as {an} {v}", "{v} :)", "{v}, for my sins"],
        "fix": ["sorry, I'm {new_an} {new}, not {old_an} {old}", "I work as {new_an} {new}, not {old}"],
        "questions": [
            "what do I do for a living?",
            "What is the user's job?",
            "what's my job?",
            "what do I work as?",
            "What does the user do for work?",
            "what is my profession?",
        ],
        "plain": "I work as {an} {v}.",
        "plain_over": None,
    },
    "languages": {
        "state": [
            "I speak {a} and {b}.",
            "I'm fluent in {a}, and my {b} is decent",
            "I grew up speaking {a} and {b}",
            "{a} and {b} are my languages, if that ever matters",
            "I can do {a} and {b}, nothing else really",
            "I speak {a} at home and {b} at work",
        ],
        "ask": [
            "Which languages do you speak?",
            "What languages can you work in?",
            "Do you speak anything besides English?",
            "Which languages should I look for in the listings?",
            "What languages do you know?",
            "Any other languages you speak?",
        ],
        "answer": ["{a} and {b}", "{a}, {b}", "I speak {a} and {b}", "{a} and some {b}", "{a} + {b}", "{a} and {b} :)"],
        "questions": [
            "which languages do I speak?",
            "What languages does the user speak?",
            "what languages can I speak?",
            "Which languages does the user know?",
            "what languages do I know?",
            "which languages can the user speak?",
        ],
        "plain": "I speak {v}.",
    },
}

FIX_NOW = [
    "sorry, typo: {new} not {old}",
    "wait, I meant {new}",
    "oops, {new}, not {old}",
    "*{new}",
    "correction: it's {new}, not {old}",
    "no sorry, {new}! brain is fried today",
    "ugh autocorrect. {new}",
    "did I say {old}? I meant {new}",
]
FIX_SAME = [
    "I think I said {old} earlier, it's {new}",
    "ignore what I said about {old}, it's {new}",
    "quick fix: I meant {new} when I said {old}",
    "going back to what I said: {old} was wrong, it's {new}",
    "hm, scratch {old}, it's {new}",
    "actually no, {new}, not {old}, sorry",
]
FIX_PAST = [
    "last time I told you {old} but it's actually {new}, my mistake",
    "btw I got something wrong before: {new}, not {old}",
    "small correction from the other day: {new}, not {old}",
    "I realised I told you {old} last time, it's {new}",
    "about what I said before, {old}? no, {new}",
    "one fix from our last chat: {new}, not {old}",
]
JOIN = [
    "{a} and {b}",
    "{a}, also {b}",
    "{a}; oh and {b}",
    "{a}, plus {b}",
    "{a} - and {b}, random I know",
    "{a}, and btw {b}",
    "so {a}, and {b}",
]
LEAD = [
    "can you help me plan next week?",
    "I need some advice on something",
    "ok another question for you",
    "help me sort out the weekend?",
    "could you draft a quick message for me?",
    "I'm filling in a form, can you help?",
    "can you help me book something?",
    "I want to organise a little get-together",
]

FILLER = [
    (
        "Can you help me word a polite reminder email?",
        "Sure. Keep it short: thank them, restate the request, and give a date.",
    ),
    (
        "how long do I boil an egg for a runny yolk",
        "About six minutes from boiling water, then straight into cold water.",
    ),
    ("What's a good name for a sourdough starter lol", "How about Doughbi-Wan? Bread Pitt is also popular."),
    (
        "Is it worth getting a standing desk?",
        "It can help if you alternate; standing all day isn't better than sitting.",
    ),
    (
        "summarise the plot of Hamlet in two lines",
        "A prince avenges his father's murder by his uncle. Nearly everyone dies.",
    ),
    (
        "Can you recommend a podcast for a long drive?",
        "Try a narrative one like a true-crime or history series; they make hours fly.",
    ),
    ("how do I get red wine out of a carpet", "Blot it, then use cold water and a little dish soap; don't rub."),
    (
        "What's the difference between a list and a tuple in Python?",
        "A list can be changed; a tuple can't. Tuples are handy as dict keys.",
    ),
    (
        "Give me a quick stretch routine for my back",
        "Try cat-cow, child's pose and a gentle knee-to-chest stretch, 30 seconds each.",
    ),
    ("ugh mondays", "Hang in there! Want a tiny plan to make the week easier?"),
    (
        "any tips for falling asleep faster?",
        "Keep a fixed bedtime, dim the lights an hour before and keep screens out of bed.",
    ),
    ("what's 15% of 240", "That's 36."),
    ("Write a haiku about rain", "Grey roofs hum softly / the gutter keeps its own time / puddles learn the sky."),
    ("How do I convert a PDF to Word?", "Most word processors can open a PDF directly; otherwise use an export tool."),
    ("thanks, that was useful!", "Glad it helped!"),
    (
        "Can you suggest a birthday card message for a coworker?",
        "Wishing you a great year ahead, and cake that lives up to expectations!",
    ),
    ("what's a good houseplant that's hard to kill", "A snake plant or a pothos; both forgive missed waterings."),
    ("How many cups of coffee a day is too much?", "For most adults, more than about four cups is a lot of caffeine."),
    (
        "explain compound interest like I'm five",
        "Your money earns a little extra, and then that extra earns extra too.",
    ),
    ("hi again :)", "Hi! What can I do for you today?"),
    ("morning!", "Good morning! How can I help?"),
    (
        "Can you make my CV summary sound less boring?",
        "Sure. Lead with one concrete result, then two strengths, in under 60 words.",
    ),
    ("what should I cook tonight, something quick", "A one-pan pasta or a stir-fry; both take under 20 minutes."),
    ("is it 'affect' or 'effect' here: the rain will ___ the game", "'Affect': it's the verb."),
    ("recommend a board game for four people", "Try Ticket to Ride; easy to learn and good with four."),
    (
        "how do I politely decline a meeting",
        "Thank them, say you can't make it, and offer an alternative or ask for notes.",
    ),
    ("lol ok", "Anything else I can help with?"),
    ("Can you translate 'good luck' into French?", "'Bonne chance.'"),
    (
        "what's the best way to clean a cast iron pan",
        "Rinse with hot water, scrub with salt if needed, dry it and oil it lightly.",
    ),
    ("remind me how to calculate a tip quickly", "Take 10%, then halve it for 5% and add them for 15%."),
]
ACK = [
    "Got it, thanks for telling me.",
    "Nice!",
    "Oh, good to know.",
    "Thanks for the update.",
    "Ah, that makes sense.",
    "Noted. Anything I can help with there?",
    "Cool, I'll keep that in mind.",
    "Sounds lovely.",
]
ACK_CHANGE = [
    "That's a big change! How are you finding it?",
    "Oh wow, thanks for the update.",
    "Good to know, I'll keep that in mind.",
    "Ah, okay. Hope it's going well!",
]
ACK_OVER = [
    "Oh, sorry to hear that.",
    "Ah, okay. That's a lot of change.",
    "Thanks for letting me know.",
    "I see. Hope you're doing alright.",
]
ACK_FIX = ["No worries!", "Got it, thanks for the correction.", "Ah, understood.", "No problem, noted."]
ECHO = ["Oh nice, {v}!", "{v}, lovely.", "Ah, {v}. Good to know."]

STORIES = ["stated", "restate", "correction", "switch", "ended", "answer", "answer"]
ENDABLE = {"employer", "partner", "diet", "sport", "car", "pet"}
NO_FIX = {"languages"}


def _typo(word: str, rng: random.Random) -> str | None:
    if len(word) < 5 or " " in word or "-" in word:
        return None
    i = rng.randrange(1, len(word) - 2)
    slip = word[:i] + word[i + 1] + word[i] + word[i + 2 :]
    return slip if slip != word else None


def _fmt(template: str, ctx: dict[str, str]) -> str:
    return template.format(**ctx)


class _User:
    """One user's values, stories and events, in both wordings."""

    def __init__(self, index: int, rng: random.Random) -> None:
        self.id = f"n{index:03d}"
        self.rng = rng
        self.casual = rng.random() < 0.35
        female = rng.random() < 0.5
        self.partner_pool = FEMALE if female else MALE
        sib = rng.choice(["sister", "brother"])
        kid = rng.choice(["son", "daughter"])
        self.ctx = {
            "rel": rng.choice(["wife", "girlfriend", "partner"] if female else ["husband", "boyfriend", "partner"]),
            "sib": sib,
            "pron": "she" if sib == "sister" else "he",
            "c": rng.choice(KIDS[kid]),
            "kid_rel": kid,
            "act": rng.choice(ACTS),
            "kind": rng.choice(SCHOOL_KIND),
        }
        self.cities: set[str] = set()
        self.events: list[dict[str, Any]] = []
        self.probes: list[dict[str, Any]] = []

    def pool(self, attr: str) -> list[dict[str, str]]:
        r = self.rng
        if attr == "employer":
            return [{"v": v} for v in r.sample(EMPLOYERS, 3)]
        if attr == "partner":
            return [{"v": v} for v in r.sample(self.partner_pool, 3)]
        if attr == "diet":
            return [{"v": v} for v in r.sample(DIETS, 3)]
        if attr == "sport":
            return [{"v": v, "vp": vp} for v, vp in r.sample(SPORTS, 3)]
        if attr == "car":
            return [{"v": m, "make": mk} for mk, m in r.sample(CARS, 3)]
        if attr in ("sibling", "home"):  # never a city of the other one
            cities = r.sample([c for c in CITIES if c not in self.cities], 3)
            self.cities.update(cities)
            return [{"v": v} for v in cities]
        if attr == "manager":
            return [{"v": v} for v in r.sample(MANAGERS, 3)]
        if attr == "weekly":
            return [{"v": v} for v in r.sample(DAYS, 3)]
        if attr == "school":
            return [{"v": v} for v in r.sample(SCHOOLS, 3)]
        if attr == "job":
            return [{"v": v, "an": "an" if v[0] in "aeiou" else "a"} for v in r.sample(JOBS, 3)]
        if attr == "pet":
            return [{"v": k, "name": r.choice(ns)} for k, ns in r.sample(PETS, 3)]
        raise KeyError(attr)

    def c(self, item: dict[str, str], extra: dict[str, str] | None = None) -> dict[str, str]:
        return {**self.ctx, **item, **(extra or {})}

    def change_ctx(self, old: dict[str, str], new: dict[str, str]) -> dict[str, str]:
        ctx = {**self.ctx, "old": old["v"], "new": new["v"]}
        ctx.update({f"old_{k}": v for k, v in old.items() if k != "v"})
        ctx.update({f"new_{k}": v for k, v in new.items() if k != "v"})
        return ctx

    def event(self, session: int, natural: list[tuple[str, str]], plain: list[str]) -> None:
        self.events.append({"session": session, "natural": natural, "plain": plain})

    def say(self, attr: str, item: dict[str, str], session: int, key: str = "state", echo: bool = False) -> str:
        text = _fmt(self.rng.choice(A[attr][key]), self.c(item))
        reply = _fmt(self.rng.choice(ECHO), {"v": item["v"]}) if echo else self.rng.choice(ACK)
        self.event(session, [("user", text), ("assistant", reply)], [_fmt(A[attr]["plain"], self.c(item))])
        return text

    def ask(self, attr: str, item: dict[str, str], session: int) -> str:
        r = self.rng
        text = _fmt(r.choice(A[attr]["answer"]), self.c(item))
        self.event(
            session,
            [
                ("user", r.choice(LEAD)),
                ("assistant", _fmt(r.choice(A[attr]["ask"]), self.ctx)),
                ("user", text),
                ("assistant", r.choice(ACK)),
            ],
            [_fmt(A[attr]["plain"], self.c(item))],
        )
        return text

    def probe(
        self,
        attr: str,
        latest: str | None,
        stale: list[str],
        gone: list[str],
        kinds: list[str],
        said: list[str],
        apart: str | None = None,
    ) -> None:
        values = [v for v in [latest, *stale, *gone] if v]
        kinds = [*kinds, f"attr:{attr}"]
        if any(not v.isascii() for v in values):
            kinds.append("script")
        if self.casual:
            kinds.append("casual")
        self.probes.append(
            {
                "question": _fmt(self.rng.choice(A[attr]["questions"]), self.ctx),
                "latest": latest,
                "stale": stale,
                "gone": gone,
                "kinds": kinds,
                "weekly": attr == "weekly",
                "apart": apart,
                "attr": attr,
                "said": said,
            }
        )

    # --- stories --------------------------------------------------------------------------------------------

    def story(self, attr: str, kind: str) -> None:
        r = self.rng
        a, b, _ = self.pool(attr)
        early, late = r.choice([0, 1]), r.choice([2, 3])
        if kind == "stated":
            self.probe(attr, a["v"], [], [], ["stated"], [self.say(attr, a, r.randrange(4), echo=r.random() < 0.2)])
        elif kind == "restate":
            first = self.say(attr, a, early)
            options = [t for t in A[attr]["state"] if _fmt(t, self.c(a)) != first]
            again = _fmt(r.choice(options), self.c(a))
            self.event(late, [("user", again), ("assistant", r.choice(ACK))], [_fmt(A[attr]["plain"], self.c(a))])
            self.probe(attr, a["v"], [], [], ["restate"], [first, again])
        elif kind == "correction":
            typo = _typo(a["v"], r) if attr != "weekly" and r.random() < 0.5 else None
            slip = {**a, "v": typo} if typo else ({**b, "name": a["name"]} if attr == "pet" else b)
            when = r.choice(["now", "session", "later"])
            first = self.say(attr, slip, early, echo=r.random() < 0.3)
            ctx = self.change_ctx(slip, a)
            if when == "later":
                fix = _fmt(r.choice(FIX_PAST + A[attr]["fix"]), ctx)
                self.event(late, [("user", fix), ("assistant", r.choice(ACK_FIX))], [_fmt(A[attr]["plain"], self.c(a))])
            else:
                fix = _fmt(r.choice((FIX_NOW if when == "now" else FIX_SAME) + A[attr]["fix"]), ctx)
                self.events[-1]["fix"] = {
                    "now": when == "now",
                    "natural": [("user", fix), ("assistant", r.choice(ACK_FIX))],
                    "plain": [_fmt(A[attr]["plain"], self.c(a))],
                }
            self.probe(attr, a["v"], [slip["v"]], [], ["correction", f"fix-{when}"], [first, fix])
        elif kind in ("switch", "relocation"):
            first = self.say(attr, a, early)
            change = _fmt(r.choice(A[attr]["switch"]), self.change_ctx(a, b))
            self.event(
                late, [("user", change), ("assistant", r.choice(ACK_CHANGE))], [_fmt(A[attr]["plain"], self.c(b))]
            )
            self.probe(attr, b["v"], [a["v"]], [], [kind], [first, change])
        elif kind == "ended":
            first = self.say(attr, a, early)
            over = _fmt(r.choice(A[attr]["ended"]), self.change_ctx(a, b))
            self.event(
                late, [("user", over), ("assistant", r.choice(ACK_OVER))], [_fmt(A[attr]["plain_over"], self.c(a))]
            )
            self.probe(attr, None, [], [a["v"]], ["ended"], [first, over])
        elif kind == "answer":
            if r.random() < 0.5:
                first = self.say(attr, a, early)
                said = self.ask(attr, b, late)
                self.probe(attr, b["v"], [a["v"]], [], ["answer", "answer-update"], [first, said])
            else:
                self.probe(attr, a["v"], [], [], ["answer"], [self.ask(attr, a, r.randrange(4))])
        else:
            raise ValueError(kind)

    def two_facts(self, x: str, y: str) -> None:
        r = self.rng
        ix, iy = self.pool(x)[0], self.pool(y)[0]
        text = _fmt(
            r.choice(JOIN),
            {"a": _fmt(r.choice(A[x]["clause"]), self.c(ix)), "b": _fmt(r.choice(A[y]["clause"]), self.c(iy))},
        )
        self.event(
            r.randrange(4),
            [("user", text), ("assistant", r.choice(ACK))],
            [_fmt(A[x]["plain"], self.c(ix)), _fmt(A[y]["plain"], self.c(iy))],
        )
        self.probe(x, ix["v"], [], [], ["two_facts"], [text], apart=iy["v"])
        self.probe(y, iy["v"], [], [], ["two_facts"], [text], apart=ix["v"])

    def languages(self) -> None:
        r = self.rng
        la, lb = r.sample(LANGS, 2)
        ctx = {"a": la, "b": lb}
        s = r.randrange(4)
        if r.random() < 0.5:
            text = _fmt(r.choice(A["languages"]["state"]), ctx)
            self.event(
                s,
                [("user", text), ("assistant", r.choice(ACK))],
                [_fmt(A["languages"]["plain"], {"v": la}), _fmt(A["languages"]["plain"], {"v": lb})],
            )
            kind = "stated"
        else:
            text = _fmt(r.choice(A["languages"]["answer"]), ctx)
            self.event(
                s,
                [
                    ("user", r.choice(LEAD)),
                    ("assistant", r.choice(A["languages"]["ask"])),
                    ("user", text),
                    ("assistant", r.choice(ACK)),
                ],
                [_fmt(A["languages"]["plain"], {"v": la}), _fmt(A["languages"]["plain"], {"v": lb})],
            )
            kind = "answer"
        for lang in (la, lb):
            self.probe("languages", lang, [], [], [kind, "conjunction"], [text])


def _casual(text: str) -> str:
    text = text.lower().rstrip(".")
    return text.replace("i'm ", "im ").replace("don't", "dont").replace("you", "u") if text else text


def _sessions(user: _User, plain: bool, rng: random.Random, start: datetime) -> list[dict[str, Any]]:
    sessions = []
    for si in range(4):
        chunks: list[list[tuple[str, str]]] = []
        for ev in (e for e in user.events if e["session"] == si):
            if plain:
                chunks.append([("user", t) for t in ev["plain"] + ev.get("fix", {}).get("plain", [])])
                continue
            chunks.append(list(ev["natural"]))
            if "fix" in ev:
                fix = list(ev["fix"]["natural"])
                if ev["fix"]["now"]:
                    chunks[-1].extend(fix)
                else:
                    chunks.append(fix)  # later in the same session, after whatever comes between
        if not plain:
            rng.shuffle(chunks)
            chunks = _keep_fix_after_slip(chunks, user, si)
            for u, a in rng.sample(FILLER, rng.randint(2, 4)):
                chunks.insert(rng.randint(0, len(chunks)), [("user", u), ("assistant", a)])
        msgs = [
            (role, _casual(t) if (user.casual and role == "user" and not plain) else t)
            for chunk in chunks
            for role, t in chunk
        ]
        if msgs:  # a plain session with no fact in it is left out
            sessions.append({"start": (start + timedelta(days=23 * si)).isoformat(), "messages": msgs})
    return sessions


def _keep_fix_after_slip(chunks: list[list[tuple[str, str]]], user: _User, si: int) -> list[list[tuple[str, str]]]:
    """A correction said later in the same session stays after its slip (the shuffle may have swapped them)."""
    for ev in (e for e in user.events if e["session"] == si and "fix" in e and not e["fix"]["now"]):
        slip = next(i for i, ch in enumerate(chunks) if ch == ev["natural"])
        fix = next(i for i, ch in enumerate(chunks) if ch == ev["fix"]["natural"])
        if fix < slip:
            chunks.insert(slip, chunks.pop(fix))
    return chunks


def _split(uid: str) -> str:
    return "held" if int(hashlib.sha1(uid.encode()).hexdigest(), 16) % 2 == 1 else "tune"


def build(plain: bool = False) -> list[dict[str, Any]]:
    """The users, natural chats (``plain``: one plain sentence per fact, no filler); same seed, same users."""
    out = []
    for i in range(USERS):
        rng = random.Random(SEED * 1000 + i)
        user = _User(i, rng)
        extra = rng.sample(["home", "pet", "languages", "job"], 2)
        attrs = ["employer", "partner", "diet", "sport", "car", "sibling", "manager", "weekly", "school", *extra]
        pairable = [a for a in attrs if a != "languages"]
        pairs = [rng.sample(pairable, 2)]
        for attr in attrs:
            if attr in pairs[0]:
                continue
            if attr == "languages":
                user.languages()
                continue
            kinds = [k for k in STORIES if k != "ended" or attr in ENDABLE]
            if attr == "home":
                kinds = [k if k != "switch" else "relocation" for k in kinds] + ["relocation"]
            user.story(attr, rng.choice(kinds))
        user.two_facts(*pairs[0])
        sessions = _sessions(user, plain, random.Random(SEED * 7 + i), datetime(2026, 2, 2 + i % 20, 19, 0))
        out.append({"id": user.id, "split": _split(user.id), "sessions": sessions, "probes": user.probes})
    return out


def digest(users: list[dict[str, Any]]) -> str:
    return hashlib.sha1(json.dumps(users, sort_keys=True, ensure_ascii=False).encode()).hexdigest()[:12]


if __name__ == "__main__":
    for variant in (False, True):
        us = build(variant)
        print(
            "plain" if variant else "natural",
            digest(us),
            len(us),
            sum(len(u["probes"]) for u in us),
            sum(len(s["messages"]) for u in us for s in u["sessions"]),
        )
