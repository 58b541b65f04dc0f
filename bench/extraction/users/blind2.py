"""A second blind set of multi-session chats ("blind2"): a test set only, never to be tuned on.

Written by a different author from ``natural.py`` and without reading it, its templates or its results, so
that it can say whether fixes made on the first blind set generalise. 40 users, 3-5 sessions each: requests
for help (recipes, emails, travel, code) with short assistant replies, and about 9 personal facts per user
scattered among them, said plainly, as short answers to the assistant, two in one sentence, inside a story,
as negations, with slips corrected (same message, next message, a later session), restated, and changed
(moves, new jobs, break-ups, pets gone, sports quit, vehicles sold, diets changed, new schedules).

Each user is a dict ``{"id", "split": "all", "sessions": [{"start", "messages": [(role, text)]}], "probes"}``;
each probe ``{"question", "attr", "latest", "stale", "gone", "apart", "weekly", "kinds", "said"}`` as
``phrasing.judge`` reads it. ``FROZEN`` is the digest of the set as committed before its first run: if the
generator changes, ``phrasing.py --set blind2`` refuses to run.
"""

from __future__ import annotations

import hashlib
import json
import random
from typing import Any

SEED = 31_2026
N_USERS = 40
FROZEN = "05a303efaa00"  # the set as committed (2026-12-03), before it was ever run through engram; frozen

PEOPLE = ["Jürgen", "Ngọc", "Željko", "Søren", "Łucja", "Zoë", "Inés", "Thảo", "Aoife", "Bartosz", "Kwame", "Ilse",
          "Mateus", "Priya", "Tomasz", "Yusuf", "Chiara", "Dagny", "Oksana", "Rafael", "Hamid", "Fenna", "Ludmila",
          "Tiago", "Björn", "Nnamdi", "Eilidh", "Radek", "Małgosia", "Anouk", "Farhan", "Grete", "Dominik", "Sunniva"]
KIDS = ["Elif", "Mika", "Jonah", "Saoirse", "Otto", "Amara", "Leon", "Noémie", "Kai", "Hedda", "Ruairí", "Lotte"]
PETS = ["Biscuit", "Pelle", "Mochi", "Ziggy", "Knödel", "Marmite", "Olive", "Pirulí", "Bramble", "Tofu", "Juniper",
        "Sprocket", "Fennel", "Pumba"]
SPECIES = ["rescue greyhound", "tabby cat", "border collie", "rabbit", "bearded dragon", "ginger cat", "beagle",
           "parrot"]
CITIES = ["São Paulo", "Kraków", "Göteborg", "Malmö", "Zürich", "Tromsø", "Düsseldorf", "Bogotá", "Porto", "Leeds",
          "Tartu", "Ljubljana", "Valencia", "Lyon", "Halifax", "Aarhus", "Brno", "Cork", "Nantes", "Bergen"]
HOODS = ["near the old harbour", "in a flat above a bakery", "right by the tram depot", "on the east side",
         "close to the botanical garden", "in the student quarter"]
EMPLOYERS = ["Kestrel Labs", "Brightwater Health", "Tandem Freight", "Halvard Systems", "Pellucid Games",
             "Cobalt Ridge", "Quillfeather", "Saltmarsh Energy", "Ardent Robotics", "Lumen Dental", "Vinterhav",
             "Greyfield Insurance"]
JOBS = ["physiotherapist", "data engineer", "paralegal", "sous chef", "UX researcher", "quantity surveyor",
        "translator", "pharmacist", "site manager", "copywriter", "lab technician", "product manager"]
DIETS = ["vegetarian", "vegan", "pescatarian", "keto"]
ALLERGIES = ["peanuts", "shellfish", "sesame", "kiwi"]
SPORTS = ["bouldering", "rowing", "fencing", "volleyball", "judo", "padel", "badminton", "kayaking", "handball"]
VEHICLES = [("Skoda", "Octavia"), ("Toyota", "Yaris"), ("folding", "Brompton"), ("old", "Vespa"),
            ("Hyundai", "Ioniq"), ("Citroën", "Berlingo"), ("Fiat", "Panda"), ("Honda", "Transalp")]
LANGUAGES = ["Portuguese", "Polish", "Vietnamese", "Swahili", "Icelandic", "Tagalog", "Greek", "Korean", "Catalan",
             "Finnish"]
RELATIVES = ["sister", "brother", "mum", "dad"]
ROLES = ["manager", "team lead", "business partner", "running buddy", "flatmate", "mentor"]
DAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]
ACTIVITIES = ["pottery class", "choir practice", "five-a-side", "food bank shift", "Dutch lesson", "D&D game",
              "book club", "life drawing class"]
FAVOURITES = {"cuisine": ["Ethiopian", "Georgian", "Sichuan", "Oaxacan", "Lebanese", "Keralan"],
              "band": ["Khruangbin", "Wolf Alice", "Sigur Rós", "Hiatus Kaiyote", "Beach House", "Big Thief"],
              "author": ["Le Guin", "Murakami", "Jansson", "Tokarczuk", "Ishiguro", "Adichie"]}
PARTNER_WORDS = ["partner", "wife", "husband", "girlfriend", "boyfriend"]

# Each attribute: statement clauses (lowercase, no final stop; {v} the value, other fields from the user's
# extras), probe questions, an assistant question and short answers (for facts given as answers), and changes.
ATTRS: dict[str, dict[str, Any]] = {
    "home": {
        "state": ["I live in {v}", "we're based in {v}, {hood}", "home is {v} these days",
                  "I've got a little place in {v}, {hood}", "I'm in {v}", "my flat's in {v}",
                  "we rent {hood} in {v}"],
        "q": ["where do I live?", "where does the user live now?", "which city is the user based in?",
              "what city am I in?"],
        "ask": ["Where are you based, by the way?", "Which city are you in?", "Where's home for you?"],
        "short": ["{v}", "{v}!", "oh, {v}", "{v}, {hood}", "{v} :)", "currently {v}"],
        "changes": {"move": (False, False, [
            "big news, we moved from {old} to {new} last month", "I'm not in {old} anymore, I relocated to {new}",
            "boxes everywhere, just finished the move to {new} (bye {old})",
            "since I left {old} for {new} the commute is way shorter",
            "new address! we packed up in {old} and now live in {new}",
            "{new} is home now, the {old} flat is handed back", "swapped {old} for {new} in the summer"])},
    },
    "employer": {
        "state": ["I work at {v}", "I'm at {v}", "my employer is {v}", "I've been with {v} for three years",
                  "I'm on the payroll at {v}", "work's at {v}, nothing glamorous", "our team at {v} is tiny"],
        "q": ["where do I work?", "who is the user's employer?", "which company does the user work for?",
              "what company am I at?"],
        "ask": ["Where do you work, if you don't mind me asking?", "Which company is that for?",
                "Which company do you work for?"],
        "short": ["{v}", "{v}, the one downtown", "it's {v}", "{v} 🙃", "at {v}", "{v} yeah"],
        "changes": {
            "new_job": (False, False, [
                "I handed in my notice at {old} and start at {new} on Monday",
                "new job! I'm at {new} now, {old} is behind me",
                "first week at {new} done, way better than {old}",
                "I left {old}, and {new} hired me", "moved over to {new} from {old} in September",
                "so I work for {new} now, I quit {old}"]),
            "laid_off": (True, False, [
                "{old} let me go last week, whole team cut", "I got laid off from {old}, job hunting now",
                "I'm between jobs, {old} did a round of redundancies",
                "no longer at {old}, they closed our office", "my contract at {old} ended and wasn't renewed",
                "{old} made me redundant so I'm unemployed for now"])},
    },
    "job": {
        "state": ["I'm a {v}", "I work as a {v}", "by day I'm a {v}", "I've been a {v} since uni",
                  "my job is {v}, mostly paperwork", "I trained as a {v} and still do it"],
        "q": ["what do I do for a living?", "what is the user's job?", "what's my job title?",
              "what does the user work as?"],
        "ask": ["What do you do for work?", "What's your role, out of interest?", "What's your job, if I may ask?"],
        "short": ["{v}", "I'm a {v}", "{v}, for my sins", "{v} lol", "a {v}", "{v} mostly"],
        "changes": {"new_role": (False, False, [
            "I'm no longer a {old}, I switched to {new}", "career change: from {old} to {new}, starting now",
            "got the {new} job! so long {old} life", "I retrained, {old} days are over, I'm a {new} now",
            "they moved me from {old} to {new} in the reorg", "after years as a {old} I now work as a {new}"])},
    },
    "partner": {
        "state": ["my {pw} {v} is coming too", "I'm with {v}, my {pw}", "{v} (my {pw}) says hi",
                  "me and my {pw} {v}", "my {pw}'s called {v}", "{v} and I have been together five years"],
        "q": ["what's my partner called?", "who is the user's partner?", "is the user in a relationship?",
              "what is the name of the user's partner?"],
        "ask": ["Who's coming with you?", "Is that for you and your partner? What's their name?",
                "Who are you cooking for?"],
        "short": ["{v}", "my {pw} {v}", "just {v}", "{v}, my {pw}", "{v} ❤️", "me and {v}"],
        "changes": {
            "breakup": (True, False, [
                "{old} and I split up in the spring", "I'm single again, {old} moved out",
                "we broke up, me and {old}", "{old} ended things last month",
                "not with {old} anymore, long story", "the relationship with {old} is over"]),
            "new_partner": (True, True, [
                "{old} and I broke up, and I've been seeing {new} since May",
                "I'm with {new} now, {old} and I split up ages ago",
                "after {old} ended things I met {new} at a friend's wedding",
                "not with {old} anymore — my new {pw} is {new}", "{new} is my {pw} now, {old} is history",
                "we split, me and {old}; now there's {new}"])},
    },
    "pet": {
        "state": ["my {species} {v} needs walking", "I have a {species} called {v}", "{v}, my {species}, is asleep",
                  "we adopted a {species}, {v}", "my {species} {v} ate my charger", "{v} (our {species})"],
        "q": ["does the user have pets?", "what's my pet called?", "what is the name of the user's pet?",
              "do I have an animal at home?"],
        "ask": ["Any pets at home?", "Do you have a pet?", "Who's the troublemaker in the photo?"],
        "short": ["a {species} called {v}", "yep, {v}", "{v}, a {species}", "{species}, {v} 🐾", "{v}!",
                  "just {v} the {species}"],
        "changes": {
            "pet_died": (True, False, [
                "{old} died last week, the house is so quiet", "we had to put {old} down, she was fifteen",
                "sad week, {old} passed away", "RIP {old}, we lost her on Sunday",
                "{old} is no longer with us", "we lost {old} to kidney trouble"]),
            "pet_rehomed": (True, False, [
                "we had to rehome {old}, my allergies got too bad", "{old} went to live with my aunt on her farm",
                "we gave up {old}, she lives with a family near the coast now", "{old} isn't with us anymore, rehomed",
                "no pets now, {old} went to a new family", "found {old} a new home, too much for our flat"])},
    },
    "diet": {
        "state": ["I'm {v}", "I eat {v}", "I went {v} a couple of years ago", "I eat strictly {v}",
                  "I've been {v} since uni", "everything has to be {v} for me"],
        "q": ["what diet do I follow?", "does the user have dietary restrictions?", "what does the user eat?",
              "any dietary requirements for me?"],
        "ask": ["Any dietary requirements I should know about?", "Do you eat meat?", "Any restrictions for the menu?"],
        "short": ["{v}", "I'm {v}", "{v} tho", "{v}, thanks for asking", "{v} 🌱", "strictly {v}"],
        "changes": {
            "diet_switch": (False, False, [
                "I've gone from {old} to {new}", "I switched from {old} to {new} in January",
                "no longer {old}, I'm {new} now", "I'm {new} now, {old} wasn't enough for me",
                "new year, new me: {new} instead of {old}", "doctor's advice, I'm {new} now rather than {old}"]),
            "diet_dropped": (True, False, [
                "I'm not {old} anymore, eating everything again", "I gave up being {old}, I eat meat now",
                "I quit being {old} after five years", "the {old} thing is over, I'm back on steak",
                "stopped being {old}, it wasn't working", "no longer {old}, ate a burger yesterday"])},
    },
    "allergy": {
        "state": ["I'm allergic to {v}", "I can't eat {v}, allergy", "{v} give me hives, so none of that",
                  "keep it {v}-free please, I'm allergic", "I have a {v} allergy",
                  "I carry an epipen because of {v}"],
        "q": ["what am I allergic to?", "does the user have any food allergies?", "what foods should I avoid?",
              "is the user allergic to anything?"],
        "ask": ["Any allergies?", "Anything you can't eat?", "Should I avoid any ingredients?"],
        "short": ["{v}", "{v}, badly", "allergic to {v}", "{v} 😬", "only {v}", "{v} allergy"],
        "changes": {},
    },
    "sport": {
        "state": ["I do {v} twice a week", "I'm really into {v}", "{v} is my thing", "I picked up {v} last year",
                  "my {v} club meets near work", "I'm hooked on {v}"],
        "q": ["what sport do I do?", "what's the user's hobby?", "does the user play any sport?",
              "what do I do to keep fit?"],
        "ask": ["Do you do any sport?", "What do you do for fun?", "Any hobbies?"],
        "short": ["{v}", "{v}!", "mostly {v}", "{v}, badly", "{v} 💪", "I do {v}"],
        "changes": {
            "quit_sport": (True, False, [
                "I quit {old}, my knee couldn't take it", "no more {old}, I gave it up",
                "I stopped doing {old} in the autumn", "I don't do {old} anymore", "{old} is over for me",
                "cancelled my {old} membership, done with it"]),
            "switch_sport": (True, True, [
                "I quit {old} and took up {new}", "I gave up {old}, {new} is my thing now",
                "stopped {old}; these days it's {new}", "no more {old}, I joined a {new} club instead",
                "{new} now, since I quit {old}", "I used to do {old} but I've switched to {new}"])},
    },
    "vehicle": {
        "state": ["my {mk} {v} needs new tyres", "I get around on my {mk} {v}", "I've got a {mk} {v}",
                  "the {mk} {v} is my daily ride", "I bought a {mk} {v} second hand", "I take the {mk} {v} to work"],
        "q": ["what do I drive?", "what vehicle does the user have?", "does the user own a car or bike?",
              "what's my ride?"],
        "ask": ["How do you get around?", "Do you drive?", "Car or public transport?"],
        "short": ["my {mk} {v}", "a {mk} {v}", "{v}, {mk}", "{mk} {v} lol", "the {v}", "I have a {v}"],
        "changes": {
            "sold": (True, False, [
                "I sold the {old}, taking the bus now", "the {old} is gone, sold it on Saturday",
                "got rid of the {old}", "no longer have the {old}, sold to a neighbour",
                "I don't own the {old} anymore", "finally sold my {old}"]),
            "replaced": (True, True, [
                "I sold the {old} and got a {new}", "swapped the {old} for a {new}",
                "traded in my {old}, picking up a {new} tomorrow", "the {old} is gone, I ride a {new} now",
                "new wheels: a {new}! sold the {old}", "got rid of the {old}, bought a {new}"])},
    },
    "languages": {
        "state": ["I speak {v}", "{v} is my mother tongue", "I grew up speaking {v} at home", "I'm fluent in {v}",
                  "I can get by in {v}", "I speak {v} with my grandparents"],
        "q": ["what languages do I speak?", "what languages does the user speak?", "does the user speak another "
              "language?", "which language do I speak besides English?"],
        "ask": ["Do you speak any other languages?", "Which language should the note be in?",
                "Is English your first language?"],
        "short": ["{v}", "{v} too", "{v}, fluently", "also {v}", "{v} 🙂", "some {v}"],
        "changes": {},
    },
    "family": {
        "state": ["my {rel} lives in {v}", "my {rel} is in {v}", "visiting my {rel} in {v}",
                  "my {rel} moved to {v} years ago", "my {rel}'s place in {v}", "my {rel}, who lives in {v}"],
        "q": ["where does my {rel} live?", "where does the user's {rel} live?", "which city is my {rel} in?",
              "where is the user's {rel} based?"],
        "ask": ["Where does your {rel} live?", "Which city is your {rel} in?", "Where's your {rel} these days?"],
        "short": ["{v}", "in {v}", "{v}!", "my {rel}'s in {v}", "{v} :)", "{v} still"],
        "changes": {"family_move": (False, False, [
            "my {rel} moved from {old} to {new}", "my {rel} left {old} and is in {new} now",
            "my {rel} relocated to {new}, so no more {old} visits", "my {rel} now lives in {new}, not {old}",
            "my {rel} finally got out of {old} and moved to {new}", "my {rel} swapped {old} for {new}"])},
    },
    "friend": {
        "state": ["my {role} {v} suggested it", "{v} is my {role}", "{v}, my {role}, is on leave",
                  "my {role} is called {v}", "I'm meeting {v}, my {role}", "my {role}, {v}, loves this stuff"],
        "q": ["who is my {role}?", "what's the name of the user's {role}?", "who's the user's {role}?",
              "what is my {role} called?"],
        "ask": ["Who's your {role}?", "And your {role}'s name?", "Who is your {role}, by the way?"],
        "short": ["{v}", "{v}, my {role}", "it's {v}", "{v} 👍", "oh {v}", "{v} obvs"],
        "changes": {"new_person": (False, False, [
            "{old} left, so {new} is my {role} now", "my new {role} is {new}, {old} moved on",
            "{new} took over from {old} as my {role}", "{old} isn't my {role} anymore, it's {new}",
            "we got a new {role}: {new} replaced {old}", "goodbye {old}, hello {new} (my {role})"])},
    },
    "commitment": {
        "state": ["I have {act} every {v}", "{act} is every {v}", "every {v} I've got {act}",
                  "I can't do {v}s, {act} every week", "{act} on {v}s, every week", "{act} is a weekly {v} thing"],
        "q": ["what do I do every week?", "does the user have a weekly commitment?", "when is my {act}?",
              "what is the user's regular weekly plan?"],
        "ask": ["When are you free in the week?", "Any fixed evenings I should plan around?",
                "Which day works best for you?"],
        "short": ["{act} every {v}", "any day except {v}, that's {act} every {v}", "every {v} is {act}",
                  "{act}, every {v}", "{act} each {v} 🙏", "{v}s are {act}, every week"],
        "changes": {"reschedule": (False, False, [
            "{act} moved from {old}s to every {new}", "{act} is every {new} now, no longer {old}",
            "they changed {act} to every {new} instead of {old}", "heads up, {act} is every {new} from now on "
            "({old} is free)", "{act} switched from {old} to {new}, still weekly", "every {new} now for {act}, "
            "{old} was cancelled"])},
    },
    "child": {
        "state": ["my {kid} {v} is {age}", "I have a {kid}, {v}, who's {age}", "{v} (my {kid}, {age})",
                  "my {age}-year-old {kid} {v}", "my {kid} {v} just started at {school}",
                  "{v}, my {kid}, goes to {school}"],
        "q": ["what's my kid's name?", "does the user have children?", "what is the name of the user's {kid}?",
              "who is my {kid}?"],
        "ask": ["What's your {kid}'s name?", "Who's the party for, your {kid}?", "What's your {kid} called?"],
        "short": ["my {kid} {v}", "{v}, turning {age}", "{v}!", "{v}, {age}", "{v} 🎂", "{v}, my {kid}"],
        "changes": {},
    },
    "favourite": {
        "state": ["my favourite {cat} is {v}", "I love {v}", "nothing beats {v}", "I'm obsessed with {v}",
                  "{v} is my all-time favourite {cat}", "I could live on {v}"],
        "q": ["what's my favourite {cat}?", "what {cat} does the user like most?", "who or what is my favourite "
              "{cat}?", "what is the user's favourite {cat}?"],
        "ask": ["What kind of {cat} do you like?", "Any favourite {cat}?", "Got a favourite {cat}?"],
        "short": ["{v}", "{v}, always", "{v} obviously", "{v}!!", "{v} 😍", "probably {v}"],
        "changes": {"new_favourite": (False, False, [
            "I've gone off {old}, {new} is my favourite now", "these days it's {new} rather than {old}",
            "my new favourite {cat} is {new}; {old} got old", "{new} has replaced {old} for me",
            "I'm into {new} now, less {old}", "forget {old}, I'm all about {new} these days"])},
    },
}

FILLER = [  # (user request, assistant reply)
    ("Can you give me a quick recipe for a weeknight dal?", "Sure: fry onion, garlic and ginger, add red lentils, "
     "turmeric and stock, and simmer for 20 minutes. Finish with a tarka of cumin seeds in hot oil."),
    ("How do I make focaccia without a stand mixer?", "Use a wet, no-knead dough and do a few stretch-and-folds "
     "over two hours. Let it proof in the oiled tin and dimple it before baking."),
    ("What can I cook with leftover rice and two eggs?", "Fried rice is the obvious win. Scramble the eggs first, "
     "then fry the cold rice hot and fast with soy sauce and whatever veg you have."),
    ("Help me write an email asking my landlord to fix the boiler.", "Here's a short draft: 'Hi, the boiler has "
     "stopped producing hot water since Tuesday. Could you arrange a repair this week? Thanks.'"),
    ("Can you make this email sound less grumpy: 'I still haven't got the invoice.'", "Try: 'Just checking in "
     "on the invoice, could you resend it when you get a moment?'"),
    ("Draft a polite no to a wedding invite?", "'Thank you so much for the invitation! Sadly we can't make it, "
     "but we'll be raising a glass to you both.'"),
    ("What's a good two-day itinerary for Lisbon?", "Day one: Alfama, the castle and a fado evening. Day two: "
     "Belém in the morning and LX Factory in the afternoon."),
    ("Is a rail pass worth it for a week in Switzerland?", "Usually yes if you move between cities most days. "
     "For one base with day trips, a half-fare card is often cheaper."),
    ("What should I pack for a rainy hiking weekend?", "A proper waterproof shell, quick-dry layers and spare "
     "socks. Dry bags inside your pack help a lot."),
    ("Why does my Python loop print the same value every time?", "You're probably capturing the loop variable in "
     "a closure. Bind it as a default argument, like lambda x=x: x."),
    ("How do I reverse a list in JavaScript without mutating it?", "Use [...arr].reverse() or arr.toReversed() "
     "in newer runtimes."),
    ("What's the difference between git merge and rebase?", "Merge keeps both histories and adds a merge commit. "
     "Rebase replays your commits on top, giving a linear history."),
    ("Can you explain what a SQL left join does?", "It keeps every row from the left table and fills the right "
     "side with NULLs where nothing matches."),
    ("Any tips for sleeping better?", "Keep a fixed wake-up time, dim the lights in the evening and keep "
     "caffeine to the morning."),
    ("Suggest a birthday gift for a coworker under 30 euros?", "A nice notebook and pen, good coffee beans, or "
     "a small plant usually go down well."),
    ("How long should I boil an egg for a jammy yolk?", "About six and a half minutes from boiling, then "
     "straight into cold water."),
    ("Can you summarise the pros and cons of a standing desk?", "Pros: less sitting and often more energy. Cons: "
     "standing all day is tiring too, so alternate."),
    ("How do I centre a div with CSS?", "Make the parent a flex container with justify-content and "
     "align-items set to center."),
    ("Can you suggest a three-day route through the Scottish Highlands?", "Start in Fort William, head up the "
     "Great Glen to Inverness, then loop west to Skye. Book accommodation early in summer."),
    ("What's a good marinade for tofu?", "Soy sauce, maple syrup, garlic, ginger and a splash of rice vinegar. "
     "Press the tofu first and leave it for at least an hour."),
    ("How do I write a cover letter that isn't boring?", "Open with one concrete thing you did that matters to "
     "them, keep it under a page, and cut the generic adjectives."),
    ("Why is my bash script saying 'permission denied'?", "It probably isn't executable. Run chmod +x on it, or "
     "call it with bash script.sh."),
    ("What's a cheap way to get from the airport to the centre in Rome?", "The Leonardo Express is fastest; the "
     "shuttle buses are cheaper if you're not in a hurry."),
    ("Give me a simple banana bread recipe.", "Mash three ripe bananas, mix with melted butter, sugar, an egg "
     "and flour with baking soda, then bake for about an hour at 175°C."),
    ("Can you reword this Slack message so it sounds friendlier: 'Where's the report?'", "Try: 'Hey! Any "
     "update on the report? No rush if it's almost there.'"),
    ("Write a short thank-you note for my neighbour who watered the plants.", "'Thank you for looking after the "
     "plants while we were away, they've never looked happier!'"),
]
ACKS = ["Got it, thanks.", "Noted!", "Thanks for telling me.", "Good to know.", "Ah, lovely.", "Understood."]
NEWS = ["That sounds like a big change.", "Thanks for the update.", "Noted, I'll keep that in mind.",
        "Congrats on the change!", "Fair enough.", "Exciting!"]
SORRY = ["Oh no, I'm sorry to hear that.", "That sounds hard.", "Thanks for letting me know.", "Sorry, that's rough.",
         "Noted, I'll keep that in mind.", "I'm sorry."]
COMBINE = ["{C}. {req}", "{req} btw {c}.", "quick one, {c}. {req}", "{C}, anyway: {req}", "{req} For context, {c}.",
           "Hi! {C}. {req}", "{C} — {req}"]
TWO = ["{C1}, and {c2}.", "{C1}; also {c2}.", "{C1} and {c2}, for context.", "{C1}, plus {c2}.",
       "Some background: {c1} and {c2}.", "{C1}, oh and {c2}."]
STORY = ["Long story, but on Saturday, because {c}, I ended up missing the last train home.",
         "Funny thing happened, I was telling the barista that {c} and she knew someone from there!",
         "My week's been chaos. {C}, and the washing machine flooded the kitchen. Anyway, any ideas for dinner?",
         "Ugh, so I was at the dentist and, since {c}, we got talking for ages and I was late for everything.",
         "Random, but at a party yesterday someone asked about me and I said {c}. Made me realise I never "
         "told you.", "I was sorting old photos (context: {c}) and found one from ten years ago, wild."]
NEGATE = ["{C}, not {x}.", "Not {x}, by the way: {c}.", "{C} (not {x}, everyone gets that wrong).",
          "People assume {x} but no, {c}.", "It isn't {x}! {C}.", "{C}. Never {x}, whatever my mum says."]
SAME_FIX = ["{Cw}, sorry, I mean {v}.", "{Cw}... wait no, {v}. typo", "{Cw} — {v}, I mean, not {w}.",
            "{Cw}, er, {v}! brain fart.", "{Cw}*{v}, sorry", "{Cw} (ugh, autocorrect: {v})"]
NEXT_FIX = ["sorry, I meant {v}, not {w}", "*{v}", "oops, {v} not {w}", "correction: {v}. no idea why I typed "
            "{w}", "{v}, I mean. not {w}", "wait, I said {w}? it's {v}"]
LATER_FIX = ["By the way, last time I said {w} but I got that wrong, it's {v}.", "Small correction from before: "
             "{v}, not {w}.", "I mixed something up earlier: not {w}, {v}.", "Ignore what I said about {w}, "
             "it's actually {v}.", "Correction to something I told you: {v}, not {w}. My bad.",
             "Earlier I wrote {w} — that was a slip, it's {v}."]
CONFIRM = [("Still {v}?", "yep"), ("Is it still {v}?", "yes, still {v}"), ("And that's {v}, right?", "yep 👍"),
           ("Just checking, {v}?", "correct"), ("Still the same, {v}?", "yup"), ("{v}, as before?", "yes")]
ABBREV = {"you": "u", "are": "r", "because": "bc", "though": "tho", "please": "pls", "really": "rly",
          "tonight": "tonite", "and": "&", "thanks": "thx", "probably": "prob"}
EMOJI = ["😅", "🙂", "lol", "😂", "🙏", "!!", "haha"]
WEIGHTS = {"plain": 4, "answer": 3, "passing": 2, "negation": 2, "correct_same": 1, "correct_next": 1,
           "correct_later": 1}


def cap(s: str) -> str:
    return s[:1].upper() + s[1:]


def informal(text: str, rng: random.Random) -> str:
    """Lowercase, shortened common words, an emoji: how people type on a phone (values untouched but case)."""
    words = [ABBREV.get(w.lower(), w) if rng.random() < 0.7 else w for w in text.split(" ")]
    out = " ".join(words).lower().replace("i'm ", "im ").replace("don't", "dont")
    return out.rstrip(".") + " " + rng.choice(EMOJI)


def misspell(v: str, rng: random.Random) -> str:
    """A typo that is still a different word: two inner letters swapped."""
    letters = [i for i in range(1, len(v) - 2) if v[i].isalpha() and v[i + 1].isalpha() and v[i] != v[i + 1]]
    if not letters:
        return v + v[-1]
    i = rng.choice(letters)
    return v[:i] + v[i + 1] + v[i] + v[i + 2:]


class User:
    """One user's sessions and probes, built from the seeded random source."""

    def __init__(self, idx: int, rng: random.Random) -> None:
        self.rng = rng
        self.id = f"b2u{idx:02d}"
        self.n = rng.choice([3, 4, 4, 5])
        self.casual = rng.random() < 0.35
        self.sessions: list[list[tuple[str, str]]] = [[] for _ in range(self.n)]
        self.filler = rng.sample(FILLER, len(FILLER))
        self.people = rng.sample(PEOPLE, 12)
        self.extras = {"hood": rng.choice(HOODS), "pw": rng.choice(PARTNER_WORDS), "species": rng.choice(SPECIES),
                       "rel": rng.choice(RELATIVES), "role": rng.choice(ROLES), "act": rng.choice(ACTIVITIES),
                       "kid": rng.choice(["son", "daughter"]), "age": str(rng.randint(4, 15)),
                       "school": rng.choice(["Hillside Primary", "the Montessori", "St Olav's", "Riverside School"]),
                       "cat": rng.choice(sorted(FAVOURITES)), "mk": ""}
        self.probes: list[dict[str, Any]] = []

    def req(self) -> tuple[str, str]:
        if not self.filler:
            self.filler = self.rng.sample(FILLER, len(FILLER))
        return self.filler.pop()

    def say(self, si: int, text: str, reply: str) -> str:
        if self.casual and self.rng.random() < 0.6:
            text = informal(text, self.rng)
        self.sessions[si] += [("user", text), ("assistant", reply)]
        return text

    def clause(self, attr: str, v: str, extras: dict[str, str] | None = None) -> str:
        return self.rng.choice(ATTRS[attr]["state"]).format(v=v, **(extras or self.extras))

    def values(self, attr: str) -> list[str]:
        """Two distinct candidate values (first, replacement) for an attribute."""
        pools = {"home": CITIES, "employer": EMPLOYERS, "job": JOBS, "diet": DIETS, "allergy": ALLERGIES,
                 "sport": SPORTS, "languages": LANGUAGES, "family": CITIES, "commitment": DAYS,
                 "favourite": FAVOURITES[self.extras["cat"]], "child": KIDS, "pet": PETS}
        if attr in ("partner", "friend"):
            return [self.people.pop(), self.people.pop()]
        if attr == "vehicle":
            (m1, v1), (m2, v2) = self.rng.sample(VEHICLES, 2)
            return [v1, v2, m2, m1]
        return self.rng.sample(pools[attr], 2)


def other(u: User, p: dict[str, Any]) -> str:
    """A value of the same attribute that is none of this user's (for slips and negations)."""
    while True:
        w = u.values(p["attr"])[0]
        if w not in p["vals"]:
            return w


def plan(u: User, attrs: list[str]) -> list[dict[str, Any]]:
    """For each attribute: how it is first said, in which session, and what changes later."""
    rng = u.rng
    out = []
    for attr in attrs:
        spec = ATTRS[attr]
        vals = u.values(attr)
        if attr == "vehicle":
            u.extras["mk"] = vals[3]
        mode = rng.choices(list(WEIGHTS), weights=list(WEIGHTS.values()))[0]
        if mode == "negation" and attr in ("partner", "pet", "child", "friend"):
            mode = "plain"
        change = None
        if spec["changes"] and rng.random() < 0.5 and mode != "correct_later":
            change = rng.choice(sorted(spec["changes"]))
        first = rng.randrange(u.n - 1) if (change or mode == "correct_later") else rng.randrange(u.n)
        later = rng.randrange(first + 1, u.n) if first < u.n - 1 else None
        out.append({"attr": attr, "vals": vals, "mode": mode, "change": change, "first": first, "later": later,
                    "restate": change is None and later is not None and rng.random() < 0.35})
    plain = [p for p in out if p["mode"] == "plain" and p["attr"] != "commitment"]
    rng.shuffle(plain)
    for a, b in zip(plain[0:4:2], plain[1:4:2], strict=False):  # up to two pairs said in one sentence each
        b["first"] = a["first"] = min(a["first"], b["first"])
        a["with"], b["with"] = b, a
    return out


def introduce(u: User, p: dict[str, Any]) -> tuple[list[str], list[str], list[str]]:
    """Say the first value; returns (kinds, user messages carrying the fact, slipped values)."""
    rng, attr, v, si = u.rng, p["attr"], p["vals"][0], p["first"]
    spec = ATTRS[attr]
    mode = p["mode"]
    if "with" in p:
        if p.get("done"):
            return ["two_facts"], p["said"], []
        mate = p["with"]
        text = rng.choice(TWO).format(C1=cap(u.clause(attr, v)), c1=u.clause(attr, v),
                                      c2=u.clause(mate["attr"], mate["vals"][0]))
        req, reply = u.req()
        said = u.say(si, f"{text} {req}", reply)
        mate["done"], mate["said"] = True, [said]
        return ["two_facts"], [said], []
    if mode == "answer":
        req, reply = u.req()
        u.say(si, req, f"{reply} {rng.choice(spec['ask']).format(**u.extras)}")
        said = u.say(si, rng.choice(spec["short"]).format(v=v, **u.extras), rng.choice(ACKS))
        return ["answer"], [said], []
    if mode == "passing":
        c = u.clause(attr, v)
        said = u.say(si, rng.choice(STORY).format(c=c, C=cap(c)), "What a week! " + u.req()[1])
        return ["passing"], [said], []
    if mode == "negation":
        x = other(u, p)
        p["negated"] = x
        c = u.clause(attr, v)
        said = u.say(si, rng.choice(NEGATE).format(c=c, C=cap(c), x=x), rng.choice(ACKS))
        return ["negation"], [said], []
    if mode == "plain":
        c = u.clause(attr, v)
        req, reply = u.req()
        said = u.say(si, rng.choice(COMBINE).format(c=c, C=cap(c), req=req), reply)
        return ["plain"], [said], []
    w = misspell(v, rng) if rng.random() < 0.5 else other(u, p)
    cw = u.clause(attr, w)
    req, reply = u.req()
    if mode == "correct_same":
        said = u.say(si, rng.choice(SAME_FIX).format(Cw=cap(cw), v=v, w=w) + " " + req, reply)
        return ["correction_same"], [said], [w]
    first = u.say(si, f"{cap(cw)}. {req}", reply)
    if mode == "correct_next":
        said = u.say(si, rng.choice(NEXT_FIX).format(v=v, w=w), rng.choice(ACKS))
        return ["correction_next"], [first, said], [w]
    said = u.say(p["later"], rng.choice(LATER_FIX).format(v=v, w=w), rng.choice(ACKS))
    return ["correction_later"], [first, said], [w]


def follow(u: User, p: dict[str, Any]) -> tuple[list[str], list[str], str | None, list[str], list[str]]:
    """The later session: a change or a restatement; returns (kinds, said, latest, stale, gone)."""
    rng, attr, vals = u.rng, p["attr"], p["vals"]
    old = vals[0]
    if p["change"]:
        over, replaced, templates = ATTRS[attr]["changes"][p["change"]]
        new = vals[1]
        extras = dict(u.extras)
        if attr == "vehicle":
            extras["mk"] = vals[2]
        text = cap(rng.choice(templates).format(old=old, new=new, **extras)) + "."
        req, reply = u.req()
        ack = rng.choice(SORRY if over else NEWS)
        said = u.say(p["later"], f"{text} {req}" if rng.random() < 0.5 else text, f"{ack} {reply}")
        if over and not replaced:
            return [p["change"]], [said], None, [], [old]
        if over:
            return [p["change"]], [said], new, [], [old]
        return [p["change"]], [said], new, [old], []
    if p["restate"]:
        if rng.random() < 0.5:
            ask, yes = rng.choice(CONFIRM)
            req, reply = u.req()
            u.say(p["later"], req, f"{reply} {ask.format(v=old)}")
            said = u.say(p["later"], yes.format(v=old), rng.choice(ACKS))
        else:
            c = u.clause(attr, old)
            req, reply = u.req()
            said = u.say(p["later"], f"{cap(c)}, as you know. {req}", reply)
        return ["restate"], [said], old, [], []
    return [], [], old, [], []


def build_user(idx: int, rng: random.Random) -> dict[str, Any]:
    u = User(idx, rng)
    pool = [a for a in ATTRS if a != "allergy"]
    attrs = rng.sample(pool, 9)
    if "diet" in attrs and rng.random() < 0.4:
        attrs[attrs.index("diet")] = "allergy"
    plans = plan(u, attrs)
    events = sorted(plans, key=lambda p: (p["first"], rng.random()))
    for si in range(u.n):  # some filler first in each session
        req, reply = u.req()
        u.say(si, req, reply)
    facts = {}
    for p in events:
        facts[p["attr"]] = introduce(u, p)
    for p in sorted(plans, key=lambda p: (p["later"] or 0, rng.random())):
        kinds, said, slips = facts[p["attr"]]
        k2, s2, latest, stale, gone = follow(u, p)
        spec = ATTRS[p["attr"]]
        apart = p["with"]["vals"][0] if "with" in p else None
        if "negated" in p:
            gone = [*gone, p["negated"]]
        value_kinds = [k for k, val in (("non_ascii", p["vals"][0]),) if not val.isascii()]
        u.probes.append({"question": rng.choice(spec["q"]).format(**u.extras), "attr": p["attr"], "latest": latest,
                         "stale": stale + slips, "gone": gone, "apart": apart, "weekly": p["attr"] == "commitment",
                         "kinds": kinds + k2 + value_kinds + (["informal"] if u.casual else []),
                         "said": said + s2})
    for si in range(u.n):  # a closing request in each session
        req, reply = u.req()
        u.say(si, req, reply)
    day = rng.randint(1, 20)
    sessions = []
    for si, msgs in enumerate(u.sessions):
        hour, minute = rng.randint(8, 21), rng.choice([0, 15, 30])
        sessions.append({"start": f"2026-{3 + si * 2:02d}-{day:02d}T{hour:02d}:{minute:02d}:00", "messages": msgs})
    return {"id": u.id, "split": "all", "sessions": sessions, "probes": u.probes}


def build() -> list[dict[str, Any]]:
    """The whole set, the same every time (one seeded random source)."""
    rng = random.Random(SEED)
    return [build_user(i, rng) for i in range(N_USERS)]


def digest(users: list[dict[str, Any]]) -> str:
    """A short hash of the generated users, to tell whether the set is the one first run."""
    blob = json.dumps(users, sort_keys=True, ensure_ascii=False, default=list)
    return hashlib.sha256(blob.encode("utf-8")).hexdigest()[:12]
