"""A third blind set of multi-session chats ("blind3"), split by user into ``tune`` (even index) and ``held`` (odd).

Written by a helper author who did not read the extractor, its tests, its README or the other user sets, so that
the text was not foreseen by the extractor's rules. 48 users, 3-5 sessions each, weeks apart: mostly requests for
help (recipes, emails, trips, code, gifts, budgets, workouts, homework) with short assistant replies, and 8-10
personal facts per user scattered among them: said plainly, in passing inside a request, as short answers to the
assistant's question, two in one sentence, with slips corrected (same message or the next one), restated in other
words later, and changed later (moves, new jobs, lay-offs, break-ups, pets gone, sports quit or swapped, vehicles
sold or swapped, diets changed, a weekly class moved to another day, a child's new school, a relative's move,
a new manager, a new favourite). About 40% of users type informally (lowercase, dropped apostrophes, typos);
British, American, Indian, Australian and non-native English; non-ASCII names and places.

Each user is ``{"id", "split", "sessions": [{"start", "messages": [(role, text)]}], "probes"}``; each probe
``{"question", "attr", "latest", "stale", "gone", "apart", "weekly", "kinds", "said"}`` as ``phrasing.judge``
reads it. Everything comes from one seeded ``random.Random(SEED)``; ``FROZEN`` is the digest of ``build()``.
"""

from __future__ import annotations

import hashlib
import json
import random
import re
from datetime import datetime, timedelta
from typing import Any

SEED = 20260517
N_USERS = 48
FROZEN = "bfaadd580765"

DAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]

# ---------------------------------------------------------------------------------------------- value pools
CITIES = ["Lille", "Lyon", "Łódź", "Kraków", "São Paulo", "Porto", "Leeds", "Bristol", "Manchester", "Glasgow",
          "Cardiff", "Pune", "Bengaluru", "Chennai", "Kochi", "Hyderabad", "Melbourne", "Brisbane", "Perth",
          "Adelaide", "Auckland", "Denver", "Chicago", "Toronto", "Montréal", "Malmö", "Göteborg", "Zürich",
          "Düsseldorf", "Aarhus", "Odense", "Đà Nẵng", "Curitiba", "Florianópolis", "Bogotá", "Medellín",
          "Valparaíso", "Reykjavík", "Tromsø", "Córdoba", "Málaga", "Gdańsk", "Poznań", "Brno", "Nantes",
          "Rennes", "Besançon", "Hobart", "Nottingham", "Sheffield", "Dundee", "Galway", "Ahmedabad", "Jaipur",
          "Coimbatore", "Minneapolis", "Pittsburgh", "Sacramento", "Wellington", "Christchurch", "Niterói",
          "Plzeň", "Tartu", "Vilnius", "Utrecht", "Groningen", "Ghent", "Leuven", "Jyväskylä"]
EMPLOYERS = ["Ørsted", "Mærsk", "Nestlé", "Siemens", "Infosys", "Wipro", "Tesco", "Deloitte", "Atlassian", "Canva",
             "Zalando", "Spotify", "Telstra", "Woolworths", "Ocado", "Monzo", "Shopify", "Philips", "Airbus",
             "Allegro", "Embraer", "Natura", "Rakuten", "Flipkart", "Swiggy", "Zomato", "IKEA", "Lidl", "Accenture",
             "Unilever", "Bupa", "Qantas", "Škoda", "L'Oréal", "Nubank", "Vodafone", "Arup", "Novo Nordisk",
             "Carlsberg", "Mercado Libre", "Société Générale", "Bosch", "Tata Steel", "Sainsbury's", "Kmart"]
JOBS = {"data analyst": "analytics manager", "nurse": "midwife", "paralegal": "solicitor", "sous chef": "head chef",
        "teaching assistant": "primary teacher", "software engineer": "tech lead", "barista": "shift supervisor",
        "accountant": "finance manager", "UX designer": "design lead", "copywriter": "creative director",
        "lab technician": "lab manager", "electrician": "site supervisor", "social worker": "practice lead",
        "physiotherapist": "clinic manager", "graphic designer": "art director", "pharmacist": "pharmacy manager",
        "radiographer": "sonographer", "civil engineer": "project engineer", "HR advisor": "people partner",
        "quantity surveyor": "commercial manager", "paramedic": "ambulance dispatcher",
        "logistics coordinator": "operations lead", "dental hygienist": "practice manager",
        "architect": "associate director", "actuary": "pricing lead"}
PEOPLE = ["Tomasz", "Zoë", "Søren", "Joaquín", "Małgorzata", "Björn", "Chloé", "Anaïs", "Łukasz", "Renée", "José",
          "Inés", "Thảo", "Héloïse", "Jürgen", "Çağla", "Oisín", "Siobhán", "Aoife", "Priya", "Arjun", "Kavya",
          "Rohan", "Meera", "Tariq", "Farah", "Kwame", "Sunita", "Mia", "Liam", "Olivia", "Noah", "Ethan",
          "Hannah", "Callum", "Isla", "Mateus", "Beatriz", "Rafael", "Camila", "Felix", "Greta", "Lars", "Ingrid",
          "Marek", "Kasia", "Dmitri", "Yuki", "Hiro", "Mei", "Wei", "Dave", "Sandra", "Gareth", "Bronwyn", "Shane",
          "Kylie", "Brendan", "Tegan", "Marcus", "Nadia", "Omar", "Leila", "Yusuf", "Amara", "Chidi", "Linh",
          "Ayesha", "Imran", "Deepa", "Karthik", "Fatima", "Gustavo", "Thiago", "Luíza", "Nguyệt"]
MASC = {"Tomasz", "Søren", "Joaquín", "Björn", "Łukasz", "José", "Jürgen", "Oisín", "Arjun", "Rohan", "Tariq", "Kwame",
        "Liam", "Noah", "Ethan", "Callum", "Mateus", "Rafael", "Felix", "Lars", "Marek", "Dmitri", "Hiro", "Dave",
        "Gareth", "Shane", "Brendan", "Marcus", "Omar", "Yusuf", "Chidi", "Imran", "Karthik", "Gustavo", "Thiago"}
NEUTRAL = {"Yuki", "Wei", "Linh"}
PETS = ["Pip", "Luna", "Otis", "Bruno", "Kiki", "Pixel", "Nala", "Chester", "Ziggy", "Loki", "Winnie", "Rocco",
        "Pépite", "Chérie", "Mabel", "Percy", "Bramble", "Sheru", "Bagheera", "Rufus", "Juno", "Frida", "Gizmo",
        "Bijou", "Simba", "Tigger", "Ludo", "Dobby", "Sprocket", "Kaiser", "Mórrígan", "Fenrir"]
SPECIES = ["dog", "cat", "cat", "dog", "rabbit", "budgie", "tortoise", "guinea pig", "gecko", "parrot"]
DIETS = ["vegetarian", "vegan", "pescatarian", "keto", "gluten-free"]
DIET_NEXT = {"vegetarian": ["vegan", "pescatarian"], "vegan": ["vegetarian"], "pescatarian": ["vegetarian"],
             "keto": [], "gluten-free": []}
ALLERGIES = ["peanuts", "shellfish", "sesame", "cashews", "kiwi", "walnuts"]
SPORTS = [("tennis", "play", "playing"), ("padel", "play", "playing"), ("cricket", "play", "playing"),
          ("netball", "play", "playing"), ("badminton", "play", "playing"), ("volleyball", "play", "playing"),
          ("hockey", "play", "playing"), ("football", "play", "playing"), ("kabaddi", "play", "playing"),
          ("climbing", "go", "going"), ("bouldering", "go", "going"), ("kayaking", "go", "going"),
          ("swimming", "go", "going"), ("surfing", "go", "going"), ("cycling", "go", "going"),
          ("rowing", "do", "doing"), ("yoga", "do", "doing"), ("Pilates", "do", "doing"), ("boxing", "do", "doing"),
          ("judo", "do", "doing"), ("fencing", "do", "doing"), ("jiu-jitsu", "do", "doing")]
VEHICLES = [("Toyota", "Corolla", "car"), ("VW", "Golf", "car"), ("Honda", "Civic", "car"), ("Toyota", "Yaris", "car"),
            ("Škoda", "Octavia", "car"), ("Subaru", "Outback", "car"), ("Toyota", "Prius", "car"),
            ("Ford", "Fiesta", "car"), ("Hyundai", "Ioniq", "car"), ("Renault", "Clio", "car"),
            ("Nissan", "Qashqai", "car"), ("VW", "Tiguan", "car"), ("Subaru", "Forester", "car"),
            ("Fiat", "Panda", "car"), ("Nissan", "Micra", "car"), ("Kia", "Sportage", "car"),
            ("Maruti", "Baleno", "car"), ("Tata", "Nexon", "car"), ("Honda", "Activa", "scooter"),
            ("Vespa", "Primavera", "scooter"), ("Holden", "Commodore", "car"), ("Toyota", "HiLux", "ute"),
            ("Volvo", "XC40", "car"), ("Citroën", "Berlingo", "van"), ("Royal Enfield", "Meteor", "motorbike"),
            ("Mazda", "CX5", "car"), ("Dacia", "Duster", "car")]
LANGS = {"india": ["Hindi", "Tamil", "Malayalam", "Marathi", "Bengali", "Urdu", "Kannada", "Telugu"],
         "eu": ["Polish", "Portuguese", "Danish", "Dutch", "Italian", "Czech", "Ukrainian", "Norwegian", "Catalan",
                "Greek", "Spanish", "German", "French", "Icelandic"],
         "any": ["Vietnamese", "Swahili", "Tagalog", "Cantonese", "Welsh", "Yoruba", "Arabic", "Korean", "Farsi",
                 "Mandarin", "French", "Spanish", "German", "Italian", "Portuguese", "Polish", "Hindi", "Greek"]}
RELS = [("sister", "she", "her"), ("brother", "he", "his"), ("{mum}", "she", "her"), ("dad", "he", "his"),
        ("gran", "she", "her"), ("aunt", "she", "her"), ("uncle", "he", "his"), ("cousin", "she", "her")]
MROLES = ["manager", "boss", "line manager", "team lead", "supervisor"]
ACTS = ["pottery class", "choir practice", "book club", "life drawing", "piano lessons", "therapy",
        "orchestra rehearsal", "chess club", "bell-ringing practice", "improv class", "cooking class",
        "Bible study", "volunteering at the food bank", "D&D night", "sewing circle", "bhajan group",
        "Scouts", "ceramics workshop", "community garden shift", "tutoring"]
SCHOOLS = [("Greenfield", "Greenfield Primary"), ("Riverside", "Riverside Elementary"),
           ("Oakwood", "Oakwood Primary School"), ("Hillcrest", "Hillcrest Academy"),
           ("St Brigid's", "St Brigid's National School"), ("Kendriya Vidyalaya", "Kendriya Vidyalaya No. 2"),
           ("Delhi Public", "Delhi Public School"), ("Molière", "Lycée Molière"),
           ("João de Deus", "Escola João de Deus"),
           ("Maple Grove", "Maple Grove Elementary"), ("Bayside", "Bayside Primary"),
           ("Kingsford", "Kingsford Public School"), ("Willow Park", "Willow Park Montessori"),
           ("Żeromski", "Żeromski Primary"), ("St Xavier's", "St Xavier's High School"),
           ("Ashgrove", "Ashgrove State School"), ("Lakeview", "Lakeview Middle School"),
           ("Brookfield", "Brookfield Primary"), ("Sunnybank", "Sunnybank Public School"),
           ("Ørestad", "Ørestad Skole")]
FAVS = {"band": [("Radiohead", "Radiohead"), ("Arctic Monkeys", "Arctic Monkeys"), ("Sigur Rós", "Sigur Rós"),
                 ("Björk", "Björk"), ("Rosalía", "Rosalía"), ("Fleetwood Mac", "Fleetwood Mac"),
                 ("Tame Impala", "Tame Impala"), ("Hozier", "Hozier"), ("Khruangbin", "Khruangbin"),
                 ("Bon Iver", "Bon Iver"), ("Måneskin", "Måneskin"), ("Little Simz", "Little Simz"),
                 ("Rahman", "A. R. Rahman"), ("Prateek Kuhad", "Prateek Kuhad")],
        "author": [("Murakami", "Haruki Murakami"), ("Pratchett", "Terry Pratchett"), ("Le Guin", "Ursula Le Guin"),
                   ("Ferrante", "Elena Ferrante"), ("Tolkien", "Tolkien"), ("Rooney", "Sally Rooney"),
                   ("Lispector", "Clarice Lispector"), ("Winton", "Tim Winton"), ("Tokarczuk", "Olga Tokarczuk"),
                   ("Rushdie", "Salman Rushdie"), ("Atwood", "Margaret Atwood"),
                   ("García Márquez", "Gabriel García Márquez"), ("Adichie", "Chimamanda Adichie")],
        "cuisine": [("Thai", "Thai"), ("Lebanese", "Lebanese"), ("Ethiopian", "Ethiopian"), ("Sichuan", "Sichuan"),
                    ("Peruvian", "Peruvian"), ("Georgian", "Georgian"), ("Keralan", "Keralan"),
                    ("Mexican", "Mexican"), ("Sri Lankan", "Sri Lankan"), ("Moroccan", "Moroccan"),
                    ("Burmese", "Burmese"), ("Turkish", "Turkish")]}

VARIETY = {"uk": {"mum": "mum", "holiday": "holiday", "flat": "flat", "fav": "favourite", "cur": "£",
                  "maths": "maths"},
           "us": {"mum": "mom", "holiday": "vacation", "flat": "apartment", "fav": "favorite", "cur": "$",
                  "maths": "math"},
           "india": {"mum": "mom", "holiday": "vacation", "flat": "flat", "fav": "favourite", "cur": "₹",
                     "maths": "maths"},
           "au": {"mum": "mum", "holiday": "holiday", "flat": "unit", "fav": "favourite", "cur": "$",
                  "maths": "maths"},
           "eu": {"mum": "mother", "holiday": "holiday", "flat": "apartment", "fav": "favourite", "cur": "€",
                  "maths": "math"}}
GREET = {"uk": ["hiya, ", "morning! ", "hi again, ", "right, "], "us": ["hey! ", "hi there, ", "ok so ", "hey, "],
         "india": ["hello, ", "hi, ", "good morning, ", "hi there, "],
         "au": ["g'day, ", "hey mate, ", "hey, ", "righto, "],
         "eu": ["hello, ", "hi, ", "good evening, ", "hello again, "]}
EMOJI = ["😅", "🙏", "😊", "👍", "😂", "🙃", "✨", "🤞"]

# ---------------------------------------------------------------------------------------------- filler requests
FILLERS: list[tuple[str, ...]] = [
    ("What can I make for dinner with chickpeas, spinach and a tin of tomatoes?",
     "A quick chickpea and spinach stew: fry onion and garlic, add cumin and paprika, then the tomatoes and chickpeas; "
     "simmer 15 minutes and wilt the spinach in at the end.",
     "can I freeze it?", "Yes, it freezes well for up to three months. Cool it fully first and leave a little space "
     "in the container."),
    ("Can you write a polite email declining a wedding invitation?",
     "Here's one: \"Thank you so much for the invitation. Unfortunately we won't be able to attend, but we'll be "
     "thinking of you both and wish you a wonderful day.\""),
    ("Plan a 3-day trip to Lisbon for me?",
     "Day 1: Alfama, the castle and a fado dinner. Day 2: Belém and the LX Factory. Day 3: a day trip to Sintra. "
     "Want restaurant ideas too?"),
    ("How do I remove duplicates from a list in Python but keep the order?",
     "Use `list(dict.fromkeys(items))`: it keeps the first occurrence of each item, in order."),
    ("my excel VLOOKUP returns #N/A even though the value is clearly there",
     "Usually it's trailing spaces or numbers stored as text. Try TRIM() on both sides, or switch to XLOOKUP."),
    ("Gift ideas for a coworker's leaving do, budget about {cur}20?",
     "A nice notebook and pen, a small plant, good coffee, or a group card with a voucher. Want more options?"),
    ("How do I start a 50/30/20 budget?",
     "Take your monthly take-home pay: 50% for needs, 30% for wants, 20% for savings or debt. Track a month first "
     "so you know where the money actually goes."),
    ("Give me a 20-minute no-equipment workout.",
     "Four rounds: 10 squats, 10 push-ups, 20 lunges, a 30-second plank, then a minute's rest.",
     "too easy lol, make it harder", "Add jump squats, decline push-ups and a 45-second plank, and cut rest to "
     "30 seconds."),
    ("Explain photosynthesis like I'm 10.",
     "Plants are like tiny kitchens: they take sunlight, water and air, and cook them into sugar for food, "
     "breathing out oxygen as a leftover."),
    ("What's the difference between affect and effect?",
     "Usually 'affect' is the verb (the rain affected the match) and 'effect' is the noun (the rain had an effect)."),
    ("Suggest a name for a group chat with my old uni friends.",
     "Some ideas: 'Still Procrastinating', 'Alumni Anonymous', 'The Group Project', 'Lecture Skippers'."),
    ("Write a haiku about rain.",
     "Grey sky softly breaks / gutters hum their tin-roof song / the street smells of earth"),
    ("Is it rude to leave a group chat without saying anything?",
     "Not really, especially a big one. In a small group a quick 'muting this for a bit, love you all' is kinder."),
    ("What's a houseplant that's hard to kill?",
     "Snake plants, pothos and ZZ plants are nearly indestructible: low light, water every couple of weeks."),
    ("Explain compound interest simply.",
     "You earn interest on your interest. 100 at 5% becomes 105, then 110.25, and it snowballs over time."),
    ("convert 350F to C", "350°F is about 175°C (or roughly 160°C in a fan oven)."),
    ("SQL: how do I get the second highest salary from an employees table?",
     "SELECT MAX(salary) FROM employees WHERE salary < (SELECT MAX(salary) FROM employees);"),
    ("Help me write a complaint to an airline about lost luggage.",
     "Sure: include your booking reference, flight number, the file reference from the desk, what was in the bag "
     "and what you've had to buy. Want me to draft it?",
     "yes please, keep it firm but polite", "\"Dear Customer Relations, my bag did not arrive on my flight and, "
     "despite my report at the airport, I have had no update. Please confirm its location and how I can claim for "
     "essentials I have had to buy.\""),
    ("Ideas for a 7-year-old's birthday party at home?",
     "A treasure hunt, a decorate-your-own-cupcake table, musical statues and a piñata usually go down well."),
    ("How do I get red wine out of a carpet?",
     "Blot, don't rub. Then dab with cold water and a little washing-up liquid, or sprinkle salt to draw it out."),
    ("Summarise the plot of Hamlet in 3 sentences.",
     "Hamlet's father's ghost says he was murdered by Claudius, now king. Hamlet feigns madness while plotting "
     "revenge, and things spiral. Almost everyone dies in the final duel."),
    ("Best way to learn touch typing as an adult?",
     "Fifteen minutes a day on a site like keybr or Monkeytype, eyes off the keys, accuracy before speed."),
    ("can you check this sentence: 'Their going to the park tomorow'",
     "Corrected: 'They're going to the park tomorrow.'"),
    ("Quick dessert with bananas and oats?",
     "Banana oat bites: mash two ripe bananas, stir in a cup of oats and some cinnamon, bake 15 minutes at 180°C."),
    ("What's the capital of Australia? settling an argument",
     "Canberra, not Sydney. It trips up a lot of people."),
    ("How do I make a git branch from a specific commit?",
     "git switch -c new-branch <commit-hash> (or git checkout -b new-branch <commit-hash>)."),
    ("Write a Python function that checks if a string is a palindrome.",
     "def is_palindrome(s): t = ''.join(c.lower() for c in s if c.isalnum()); return t == t[::-1]",
     "what does isalnum do", "It returns True if a character is a letter or a digit, so spaces and punctuation are "
     "skipped."),
    ("Help me word a text to a friend I haven't spoken to in a year.",
     "Try: \"Hey! I was just thinking about you and realised it's been way too long. How are you doing?\""),
    ("Suggest a name for my new sourdough starter.",
     "Bread Pitt, Clint Yeastwood, Doughy Parton or Jar Jar Binks."),
    ("how do I politely ask my neighbours to keep the noise down at night?",
     "Keep it friendly and specific: \"Hi, the walls are thin and I'm up early, would you mind keeping it down "
     "after 11?\" A note works if face to face feels awkward."),
    ("Explain what an ETF is.",
     "An exchange-traded fund: a basket of shares or bonds you can buy in one go on the stock market, usually "
     "with low fees."),
    ("I keep waking up at 3am, any tips?",
     "Keep the room cool and dark, avoid caffeine after lunch, and if you're awake for 20 minutes get up and read "
     "something dull until you feel sleepy."),
    ("Can you make this sound more professional: 'hey, the report is gonna be late, sorry'",
     "\"Hi, a quick heads-up that the report will be slightly delayed. I'll send it over as soon as it's ready.\""),
    ("homework help: what's the difference between weather and climate?",
     "Weather is what's happening outside today; climate is the average pattern over 30 years or more."),
    ("how do I centre a div", "On the parent: display: flex; justify-content: center; align-items: center."),
    ("What's a sensible budget for a week's {holiday} for two in Portugal?",
     "Roughly 1,500-2,500 in euros for flights, a mid-range stay and food, less outside peak season."),
    ("Gift ideas for a friend who has everything, under {cur}30?",
     "An experience (a cooking class voucher, cinema tickets), a personalised print, or fancy hot sauces."),
    ("Turn this into a shopping list: lentil soup for 4 and a big green salad",
     "Red lentils, onions, carrots, celery, garlic, stock cubes, lemon; lettuce, cucumber, tomatoes, olive oil."),
    ("my {maths} homework: what's 15% of 240?", "15% of 240 is 36 (10% is 24, 5% is 12)."),
    ("What {colour_word} should I paint a small north-facing room?",
     "Warm whites or soft warm neutrals help; avoid cool greys, which can look gloomy in north light."),
    ("Can you explain the offside rule in simple terms?",
     "A player is offside if they're nearer the goal line than the ball and the second-last defender when the "
     "ball is played to them, in the opponent's half."),
    ("recommend a podcast for a long drive?",
     "Try 'Radiolab' for science stories, 'The Rest Is History' for history, or 'Heavyweight' for something "
     "funny and moving."),
    ("How long do I boil an egg for a jammy yolk?", "About 6 and a half minutes from boiling, then straight into "
     "cold water."),
    ("What's a good way to memorise a speech?",
     "Break it into chunks, learn the first line of each chunk, then rehearse out loud while walking."),
]
FILLERS_BY_VARIETY: dict[str, list[tuple[str, ...]]] = {
    "uk": [("what's a good bake for a village fete?", "A lemon drizzle or tray of flapjacks: easy to cut, travels "
            "well, always sells out."),
           ("Is a railcard worth it if I take the train about once a month?", "Usually yes: a third off each fare "
            "pays for itself after two or three longer trips.")],
    "us": [("how do I dispute a charge on my credit card?", "Call the number on the back or use the app's dispute "
            "option; have the date, amount and any receipts ready."),
           ("side dish ideas for a summer cookout?", "Corn salad, a big pasta-free slaw, grilled peaches, or "
            "watermelon with lime and mint.")],
    "india": [("kindly suggest a simple rajma recipe in pressure cooker", "Soak rajma overnight, cook 5-6 whistles, "
               "then make an onion-tomato masala with ginger, garlic and garam masala and simmer together."),
              ("how to prepare for a group discussion round, please guide", "Read the news daily, practise "
               "structuring a point in 30 seconds, and listen and build on others instead of interrupting.")],
    "au": [("arvo snack ideas that aren't just biscuits?", "Cheese and crackers, fruit skewers, veggie sticks with "
            "hummus, or popcorn."),
           ("best way to keep the house cool in a heatwave without aircon?", "Close blinds on the sunny side early, "
            "open up at night for cross-breeze, and use a wet towel in front of a fan.")],
    "eu": [("Is 'I am here since 2019' correct English?", "Not quite: say 'I have been here since 2019'."),
           ("How do I write a formal email in English without sounding too direct?", "Soften requests: 'Would it "
            "be possible to...', 'I was wondering if...', and end with 'Many thanks in advance'.")],
}
RESTATE_ACK = ["Sure! Here are a few ideas: keep it simple and plan ahead.",
               "Happy to help with that. Want a short list?",
               "Good to hear! Anything else I can do?", "Nice! Here's a quick suggestion: start small and build up.",
               "Of course, let me put a few options together.", "Love that. Anything you'd like help with next?"]
CLOSERS = ["thanks!", "perfect, ty", "cheers", "great, that's all for now", "brilliant, thank you",
           "ok will try that", "thanks, super helpful", "legend, thanks"]

# ---------------------------------------------------------------------------------------------- templates per attribute
# plain: user messages; passing: (user, assistant); ask: (lead user, assistant question); answer: user replies;
# clause: used in two-fact sentences and slips; restate: later user messages; ack: assistant replies;
# q_near / q_far: probe questions (far ones avoid the words the fact is usually said with).
SPEC: dict[str, dict[str, Any]] = {
    "home": {
        "plain": ["I live in {v}, by the way.", "Just so you know, I'm based in {v}.", "fyi home for me is {v}",
                  "I've been living in {v} for about three years now.",
                  "We're in {v}, if that matters for any of this.",
                  "Some context: I live in {v}, so local suggestions are best.",
                  "I moved to {v} a while back and I'm settled here now."],
        "passing": [("any good brunch spots near me? I'm in {v}",
                     "I can't check live listings, but in {v} food blogs and local subreddits are great for brunch "
                     "recs. Want tips on what to look for?"),
                    ("What's a realistic monthly grocery budget for two people living in {v}?",
                     "It varies a lot, but for two people in {v} a mid-range grocery budget is a few hundred a month. "
                     "Want a breakdown by category?"),
                    ("I need a short bio for a community newsletter. Mention that I live in {v} and like gardening.",
                     "Here's a draft: \"A proud {v} resident with a soft spot for gardening...\" Want it longer?"),
                    ("what should I wear this weekend, it's getting cold here in {v}",
                     "Layers: a thermal base, a warm jumper and a waterproof shell. Want a checklist?"),
                    ("Help me draft a message to my landlord here in {v} about a leaking tap.",
                     "\"Hi, the kitchen tap has started leaking. Could you arrange for someone to take a look this "
                     "week? Thanks!\""),
                    ("Friends are visiting me in {v} for the first time. One-day itinerary for my home city?",
                     "Morning: old town walk and coffee. Afternoon: a museum or market. Evening: dinner somewhere "
                     "local. Want it budget-friendly?")],
        "ask": [("Can you help me plan some day trips for a long weekend?",
                 "Definitely! Where are you based, so I can suggest places within a couple of hours?"),
                ("I want to find a community garden to volunteer at.", "Lovely idea. Which city are you in?"),
                ("what's the best time of year to repaint the outside of a house?",
                 "Depends a lot on your climate. Where do you live?"),
                ("Recommend a good winter coat?", "Sure, what's the weather like where you are? Which city?")],
        "answer": ["{v}", "I'm in {v}.", "{v}, been here a few years 😄", "we live in {v}", "{v} these days",
                   "i live in {v}"],
        "clause": ["I live in {v}", "I'm based in {v}", "home is {v}"],
        "restate": ["Like I said before, I'm in {v}, so keep suggestions local.",
                    "Anything fun happening around {v} soon? It's home after all.",
                    "Still in {v}, still loving it. Anyway, quick question about rent insurance?",
                    "Since I live in {v}, which nearby beaches are worth a trip?",
                    "Being a {v} local, I never do the touristy stuff here, ha."],
        "ack": ["Got it, {v}. I'll keep that in mind.", "Nice, {v}! Noted.", "Thanks, that helps.",
                "Good to know!"],
        "q_near": ["where do I live?", "which city am I based in?",
                   "what city am I living in these days?", "which city is home for me right now?",
                   "remind me where I'm based?"],
        "q_far": ["which town do I get my post delivered to?", "where's my current address, city-wise?",
                  "if a friend came to stay with me, where would they travel to?"],
    },
    "employer": {
        "plain": ["I work at {v}.", "I'm at {v}, been there four years.", "fyi I work for {v}", "My employer is {v}.",
                  "I've been with {v} since 2021.", "Work-wise, I'm at {v}.", "I'm employed by {v}, for context."],
        "passing": [("Can you help me write a LinkedIn headline? I work at {v}.",
                     "Sure! Something like \"Helping {v} ship better work, one project at a time.\" What's your "
                     "focus?"),
                    ("Help me draft an out-of-office reply for my {v} email account.",
                     "\"Thanks for your email. I'm currently out of the office with limited access to email and "
                     "will reply when I'm back.\""),
                    ("My company, {v}, is doing a volunteering day. Can you suggest some team activities?",
                     "Beach or park clean-ups, a food bank shift, or mentoring students all work well for teams."),
                    ("write a polite email to HR at {v} (where I work) asking about parental leave",
                     "\"Hi HR team, could you please share {v}'s parental leave policy and how I should apply? "
                     "Thanks!\""),
                    ("I've got my annual review at {v} soon. Tips for talking about my achievements?",
                     "Bring numbers, link your work to team goals, and have one ask ready (training, pay, scope)."),
                    ("How do I explain to my friends what {v} actually does? I work there and still fumble it",
                     "Try one sentence: who the customer is, what problem you solve, and one example.")],
        "ask": [("I want to ask for a raise, can you help me prep?",
                 "Of course. Which company are you at? Some have formal review cycles."),
                ("help me fill in this mortgage application, the employment bit",
                 "Sure. Who's your current employer?"),
                ("Should I use my work email for this conference signup?",
                 "Depends on the policy. Who do you work for?")],
        "answer": ["{v}", "I work for {v}.", "{v}, been there a while", "at {v}", "{v} 🙂"],
        "clause": ["I work at {v}", "I'm at {v}"],
        "restate": ["As I mentioned, I'm at {v}. Can you help me plan my week?",
                    "Things at {v} are hectic this quarter, can you suggest quick lunches?",
                    "The {v} office is doing a bake sale, what's easy to make?",
                    "Still working for {v}. Any tips for staying focused in open-plan offices?"],
        "ack": ["Got it, {v}.", "Noted, thanks!", "Thanks for the context."],
        "q_near": ["where do I work?", "who do I work for?",
                   "which company am I employed by?", "who's my employer at the moment?"],
        "q_far": ["who pays my salary?", "which organisation do I draw a paycheck from?"],
    },
    "job": {
        "plain": ["I'm {art} {v}.", "I work as {art} {v}.", "By trade I'm {art} {v}.",
                  "I've been {art} {v} for about eight years.", "for context im {art} {v}",
                  "My job is {v}, in case that's useful."],
        "passing": [("As {art} {v}, what's a good way to avoid burnout?",
                     "Protect your breaks, set a hard stop at the end of the day, and talk to colleagues early."),
                    ("Help me write a short intro for a conference badge: I'm {art} {v}.",
                     "\"Hi, I'm {art} {v} who loves swapping ideas. Come say hi!\""),
                    ("Can you suggest some podcasts for {art} {v}? That's my job.",
                     "Look for industry podcasts plus one general career show; want specific names?"),
                    ("What certifications would look good on the CV of {art} {v} like me?",
                     "It depends on your region, but a recognised professional body certificate is a good start."),
                    ("i'm {art} {v} and my back is killing me after long days, any advice?",
                     "Check your setup, take movement breaks every hour, and try a few mobility exercises.")],
        "ask": [("Can you help me figure out what I can claim on my tax return?",
                 "Sure. What do you do for work? Some expenses depend on your occupation."),
                ("help me write a dating profile", "Fun! What do you do for a living?"),
                ("what's a good laptop for work?", "Depends on the work. What's your job?")],
        "answer": ["I'm {art} {v}.", "{v}", "{art} {v}, for my sins", "{v}, been doing it for years"],
        "clause": ["I'm {art} {v}", "I work as {art} {v}"],
        "restate": ["Speaking as {art} {v}, I need a better way to organise my notes. Ideas?",
                    "Being {art} {v} means my evenings are short, so quick recipes please.",
                    "Still {art} {v}, still loving it most days."],
        "ack": ["Nice, {v}! Noted.", "Got it.", "Thanks, that's useful context."],
        "q_near": ["what's my job?", "what's my job title?", "what do I do for work?", "what do I work as?"],
        "q_far": ["how do I earn a living?", "what's my occupation?", "what would I put under 'profession' on a form?"],
    },
    "partner": {
        "plain": ["My {role}'s name is {v}.", "I live with my {role}, {v}.", "{v} is my {role}, we've been together "
                  "six years.", "my {role} {v} says hi lol", "Me and my {role} {v} are planning a trip.",
                  "For context, my {role} is called {v}."],
        "passing": [("can you help me write a birthday note for my {role} {v}? turning 40 next month",
                     "Of course! \"Happy 40th, {v}! Here's to the best decade yet...\" Want it funny or soppy?"),
                    ("Gift ideas for my {role} {v}? Loves board games and hiking.",
                     "A new strategy game, a trail map of somewhere you could go together, or a good flask."),
                    ("Plan a date night for me and {v}, my {role}.",
                     "Cook something new together, then a film or a walk somewhere with a view."),
                    ("{v} (my {role}) and I keep arguing about chores. Suggest a fair split?",
                     "List all tasks with time estimates, split by preference, and review monthly."),
                    ("Write a short anniversary poem for {v}, my {role}.",
                     "\"Through all the years and all the weather, {v}, my favourite word is 'together'.\"")],
        "ask": [("help me plan a weekend away", "Lovely! Is it a solo trip or are you going with someone?"),
                ("what should I cook for a romantic dinner", "Sweet! Who are you cooking for?"),
                ("I need an anniversary gift idea.", "Happy to help! What's your partner's name and what are they "
                 "into?")],
        "answer": ["my {role} {v}", "{v}, my {role}", "my {role}, {v} 🥰", "{v} (my {role})"],
        "clause": ["my {role}'s called {v}", "my {role} is {v}"],
        "restate": ["{v} and I tried the recipe you suggested, huge hit.", "Me and {v} are thinking of getting a "
                    "puzzle for the weekend, any recs?", "My {role} {v} wants to learn to dance, where do we start?"],
        "ack": ["Aw, lovely. Noted!", "Nice, {v}! Got it.", "Thanks, good to know."],
        "q_near": ["what's my partner's name?", "who's my {role}?", "what's my {role} called?"],
        "q_far": ["who am I in a relationship with?", "who's my other half?", "who do I share my life with?"],
    },
    "pet": {
        "plain": ["I have a {species} called {v}.", "We've got a {species}, {v}.", "My {species} {v} is asleep on "
                  "my keyboard lol", "Our {species}'s name is {v}.", "fun fact: my {species} is named {v}",
                  "I share my {flat} with a {species} called {v}."],
        "passing": [("What human foods are safe for a {species}? Asking for {v}, my {species}.",
                     "It depends on the species, but plain cooked veg in small amounts is usually fine; avoid "
                     "onion, garlic, chocolate and grapes."),
                    ("help me write an ad for a pet sitter, for my {species} {v}",
                     "\"Looking for a kind, reliable sitter for {v}, our {species}. Must love animals!\""),
                    ("{v} (our {species}) keeps chewing cables, any tips?",
                     "Cable covers, bitter spray and more enrichment toys usually help."),
                    ("Can you suggest a name for an Instagram account for my {species} {v}?",
                     "How about '{v}_chronicles', 'the_daily_{v}' or '{v}_and_friends'?"),
                    ("how often should I take my {species} {v} to the vet for checkups?",
                     "Once a year for a healthy adult, twice for older animals.")],
        "ask": [("planning a 10-day trip abroad, what should I sort before I go?",
                 "Good thinking. Do you have any pets that need looking after?"),
                ("I'm choosing a new sofa, fabric or leather?",
                 "Quick question: any pets in the house? That changes the answer a lot."),
                ("help me make a weekly cleaning rota", "Sure. Any pets? Fur changes how often you need to hoover.")],
        "answer": ["yep, a {species} called {v}", "just the one, {v}, a {species}", "a {species}! {v} 🐾",
                   "yes, {v} the {species}"],
        "clause": ["I've got a {species} called {v}", "my {species} is {v}"],
        "restate": ["{v} says hi 🐾 anyway, can you help with a shopping list?", "My {species} {v} chewed my "
                    "charger again, lol.", "{v} has a vet appointment later, what should I ask about?"],
        "ack": ["Aw, hi {v}!", "Cute! Noted.", "Good to know."],
        "q_near": ["what's my pet's name?", "what's my {species} called?", "what is my {species}'s name again?"],
        "q_far": ["which animal lives with me and what's it called?", "who do I feed every morning besides myself?"],
    },
    "diet": {
        "plain": ["I'm {v}.", "I've been {v} for years, just so you know.", "fyi I eat {v}", "Keep in mind I'm {v}.",
                  "Just a heads up, I'm {v}.", "My diet's {v}, has been for a while."],
        "passing": [("Give me a quick dinner recipe, I'm {v}.",
                     "A one-tray roast veg traybake with herbs works. Want quantities?"),
                    ("meal prep ideas for the week? {v} btw", "Grain bowls, soups and traybakes all keep well."),
                    ("Help me write a note to a wedding caterer saying I'm {v}.",
                     "\"Hello, just to let you know I'm {v}; could you please let me know the options? Thanks!\""),
                    ("Plan a 3-day menu for me, I eat {v}.", "Here's a simple plan with breakfast, lunch and dinner "
                     "for each day."),
                    ("As someone who's {v}, what should I order at a steakhouse work dinner?",
                     "Look at the sides and starters, and ask the kitchen; most will adapt something.")],
        "ask": [("Can you plan me a week of dinners?", "Sure! Any dietary requirements or allergies I should know?"),
                ("I'm going to a cooking class, what should I tell the host?",
                 "It's worth mentioning any dietary needs. Do you have any?"),
                ("Suggest a menu for my birthday dinner", "Fun! Any foods you avoid or can't eat?")],
        "answer": ["I'm {v}", "{v}, yeah", "yes, {v}", "I eat {v}"],
        "clause": ["I'm {v}"],
        "restate": ["Remember I'm {v}, so nothing off-plan please. Dinner ideas?",
                    "Still {v}, so keep that in mind for the party menu.",
                    "Obviously it needs to be {v}, as always."],
        "ack": ["Noted, {v}.", "Got it, I'll keep suggestions {v}.", "Thanks for telling me."],
        "q_near": ["what's my diet?", "what kind of eater am I?", "what diet do I follow?", "what do I eat?"],
        "q_far": ["what should a host know before cooking for me?", "anything to bear in mind when feeding me?"],
    },
    "allergy": {
        "plain": ["I'm allergic to {v}.", "Heads up, I'm allergic to {v}.", "i cant eat {v}, allergic",
                  "anything with {v} is off limits for me, allergy", "I react badly to {v}, proper allergy.",
                  "{v} send me to hospital, so none of that please."],
        "passing": [("Quick dinner recipe please, no {v}, I'm allergic.",
                     "A lemony roast veg and bean traybake, no {v} anywhere. Want quantities?"),
                    ("Help me write a message to a restaurant about being allergic to {v}.",
                     "\"Hi, I have a serious allergy to {v}. Could you let me know which dishes are safe?\""),
                    ("Which cuisines should I be careful with? I'm allergic to {v}.",
                     "Check sauces and dressings especially, and always ask the staff."),
                    ("snack ideas for a road trip, but I can't have {v} (allergy)",
                     "Fruit, popcorn, cheese and crackers, veggie sticks, rice cakes.")],
        "ask": [("Can you plan me a week of dinners?", "Sure! Any dietary requirements or allergies I should know?"),
                ("I'm going to a cooking class, what should I tell the host?",
                 "It's worth mentioning any allergies. Do you have any?"),
                ("Suggest a menu for my birthday dinner", "Fun! Any foods you avoid or can't eat?")],
        "answer": ["allergic to {v}", "just {v}, allergic", "{v}! allergic", "I'm allergic to {v}"],
        "clause": ["I'm allergic to {v}"],
        "restate": ["and no {v} obviously, the allergy hasn't gone anywhere", "Remember the {v} allergy when "
                    "you suggest snacks.", "Still can't have {v}, so check the ingredients for me?"],
        "ack": ["Noted, no {v}.", "Got it, I'll avoid {v}.", "Thanks, important to know."],
        "q_near": ["do I have any food allergies?", "what am I allergic to?"],
        "q_far": ["anything I can't have at dinner?", "what should a host know before cooking for me?"],
    },
    "sport": {
        "plain": ["I {verb} {v} a couple of times a week.", "I've been {verbing} {v} for about two years.",
                  "I'm really into {v} at the moment.", "Big {v} fan here, I {verb} {v} whenever I can.",
                  "I {verb} {v} with friends most weekends.", "fyi my main hobby is {v}"],
        "passing": [("Can you suggest stretches for after {v}? I {verb} {v} twice a week.",
                     "Hip flexor, hamstring and shoulder stretches, 30 seconds each."),
                    ("What should I eat before {v}? I usually {verb} {v} in the evening.",
                     "Something light with carbs 1-2 hours before: a banana and toast, or yoghurt and oats."),
                    ("help me budget for {v} gear, I {verb} {v} regularly and my stuff is falling apart",
                     "Prioritise safety gear, then footwear, then clothes; second-hand groups can save a lot."),
                    ("Write me a funny Instagram caption for a photo of me {verbing} {v}.",
                     "\"Professional at trying, amateur at everything else.\""),
                    ("My knees hurt after {v}. Normal? I {verb} {v} a lot.",
                     "Some soreness is common, but sharp pain isn't; rest and see a physio if it persists.")],
        "ask": [("I want a weekly workout plan.", "Sure! Do you already do any sports I should build around?"),
                ("help me plan my week so I'm less stressed", "Happy to. What do you do to unwind, any sports?"),
                ("how many calories should I eat a day?", "Depends on activity. Do you play any sport regularly?")],
        "answer": ["I {verb} {v}", "{v}, 2-3x a week", "yeah, {v}", "mostly {v}"],
        "clause": ["I {verb} {v}"],
        "restate": ["Had a great {v} session earlier, any recovery tips?", "{v} is keeping me sane honestly.",
                    "Still {verbing} {v}, I think I'm getting better at it!"],
        "ack": ["Nice, {v}! Noted.", "Love that.", "Great, good to know."],
        "q_near": ["what sport do I do?", "what's my regular sport?", "which sport am I into?"],
        "q_far": ["how do I stay active?", "what keeps me fit?", "what do I do to keep in shape?"],
    },
    "vehicle": {
        "plain": ["I drive a {brand} {v}.", "My {kind} is a {brand} {v}.", "I've got an old {brand} {v}.",
                  "we've got a {brand} {v}", "I get around in a {brand} {v}.", "fyi my {kind}: {brand} {v}"],
        "passing": [("How often should I service my {brand} {v}? It's a 2017.",
                     "Every 12 months or 10-15k km is typical; check the handbook."),
                    ("my {v} is making a clicking noise when I turn, what could it be?",
                     "Often a CV joint. Get it checked soon."),
                    ("Roof box for a {brand} {v}? Going camping.",
                     "Check the roof load limit in the manual and get bars made for your model."),
                    ("Help me budget for my {v}: fuel, insurance, servicing", "Let's list each cost per month."),
                    ("Best phone mount for a {brand} {v}?", "A vent or dash mount usually fits; check reviews.")],
        "ask": [("plan me a road trip", "Fun! What are you driving? Range and comfort matter."),
                ("should I get winter tyres?", "Depends on the vehicle. What do you drive?"),
                ("what's the cheapest way to get to the airport from home?",
                 "Do you have your own vehicle, or are you relying on public transport?")],
        "answer": ["a {brand} {v}", "{v}", "my {v}, an old one", "we have a {brand} {v}"],
        "clause": ["I drive a {brand} {v}"],
        "restate": ["The {v} needs new tyres again, ugh.", "My {brand} {v} passed its inspection!",
                    "Took the {v} on a long drive, fuel use was great."],
        "ack": ["Nice, noted!", "Got it, a {v}.", "Good to know."],
        "q_near": ["what car do I drive?", "what do I drive?", "what's my vehicle?", "what {kind} have I got?"],
        "q_far": ["what's parked outside my place?", "what are my wheels?", "what would I take on a road trip?"],
    },
    "languages": {
        "plain": ["I speak {l1} and {v}.", "I'm fluent in {l1}, and pretty good at {v}.",
                  "{l1} is my first language, {v} my second.", "I grew up with {l1} at home and learned {v} at "
                  "school.", "languages: {l1} and {v}, plus English obviously"],
        "passing": [("Can you translate this into {v}? I speak it but I'm rusty on formal stuff: 'Thank you for "
                     "your hospitality.'", "Here you go, and I can adjust the formality if needed."),
                    ("help me write a CV line about languages: native {l1}, fluent {v}",
                     "\"Languages: {l1} (native), {v} (fluent), English (professional).\""),
                    ("I'm bilingual ({l1} and {v}), any jobs where that's a plus?",
                     "Translation, customer support, tourism, NGOs and international sales."),
                    ("Any tips for keeping my {v} sharp? I speak it alongside {l1} but rarely use it now.",
                     "Podcasts, a weekly language exchange, and reading the news in it.")],
        "ask": [("Help me write my CV skills section.", "Sure! Do you speak any languages besides English?"),
                ("I want to volunteer with refugees, what skills are useful?",
                 "Languages help a lot! What languages do you speak?"),
                ("Which subtitles should I turn on for this film?", "What languages are you comfortable in?")],
        "answer": ["{l1} and {v}", "{l1}, {v}", "{l1} natively, {v} pretty well", "{l1} + {v}"],
        "clause": ["I speak {l1} and {v}"],
        "restate": ["I used my {v} at the market today and nobody laughed!", "Since I speak {v}, could you give me "
                    "the phrase in that too?"],
        "ack": ["Great combo!", "Noted, {v} and {l1}.", "Nice, that's useful."],
        "q_near": ["what languages do I speak?", "which languages do I know?"],
        "q_far": ["if someone needed an interpreter, what could I help with?", "am I multilingual, and in what?"],
    },
    "relative_city": {
        "plain": ["My {rel} lives in {v}.", "My {rel}'s in {v}.", "Family-wise, my {rel} is over in {v}.",
                  "my {rel} lives in {v}, I visit when I can", "I've got a {rel} in {v}."],
        "passing": [("Cheapest way to get to {v}? Visiting my {rel}, who lives there.",
                     "Booking early and travelling off-peak usually wins. Want me to compare options?"),
                    ("Gift ideas for my {rel} in {v}? I'll post it.", "Something light: a book, nice tea, a print."),
                    ("Help me plan a weekend in {v} while I visit my {rel}.",
                     "Mix a slow morning with them, a market, and one dinner out."),
                    ("What's the time difference to {v}? My {rel} lives there and I always call at bad times.",
                     "Tell me where you are and I'll work it out."),
                    ("Can you suggest things to do with my {rel} in {v}? {pron_cap} lives there.",
                     "A food tour, a museum, or a day trip nearby.")],
        "ask": [("I want to plan a trip to see family", "Lovely! Who are you visiting and where do they live?"),
                ("help me plan the family holidays logistics", "Sure. Where does your family live?"),
                ("Suggest a gift to post to a relative.", "Who's it for and where do they live? Postage matters.")],
        "answer": ["my {rel} in {v}", "my {rel}, {pron}'s in {v}", "{v}, my {rel} lives there"],
        "clause": ["my {rel} lives in {v}"],
        "restate": ["Going to see my {rel} in {v} soon, what should I bring?", "My {rel} in {v} says the weather's "
                    "awful there.", "Calling my {rel} over in {v} tonight."],
        "ack": ["Nice, noted.", "Got it, {v}.", "Good to know!"],
        "q_near": ["where does my {rel} live?", "which city is my {rel} in?"],
        "q_far": ["where would I travel for a family visit to my {rel}?", "what's my {rel}'s home town nowadays?"],
    },
    "manager": {
        "plain": ["My {mrole} is {v}.", "I report to {v}, my {mrole}.", "{v} is my {mrole}.",
                  "my {mrole} {v} is lovely honestly", "I work under {v}, my {mrole}."],
        "passing": [("Help me write an email to my {mrole} {v} asking for a day off next week.",
                     "\"Hi {v}, would it be possible to take a day off next week? Cover is sorted. Thanks!\""),
                    ("{v}, my {mrole}, wants a project update. Can you help me structure it?",
                     "Done, at risk, next steps, asks. Keep each to 2-3 bullets."),
                    ("How do I tell my {mrole} {v} I'm overloaded without sounding whiny?",
                     "Be factual: list current work, estimate time, and ask which to deprioritise."),
                    ("draft a thank-you note to {v}, my {mrole}, for supporting me this year",
                     "\"Hi {v}, thank you for your support this year, it's made a real difference.\""),
                    ("Prep me for my one-to-one with {v}, my {mrole}.", "Bring wins, blockers and one ask.")],
        "ask": [("I need to ask for flexible hours, help me draft something.",
                 "Sure. Who will you send it to, who's your manager?"),
                ("how do I get better feedback at work?", "Who do you report to? It helps to tailor how you ask."),
                ("help me prepare for my performance review", "Of course. Who's conducting it?")],
        "answer": ["my {mrole}, {v}", "{v}", "{v}, my {mrole}", "I report to {v}"],
        "clause": ["my {mrole} is {v}"],
        "restate": ["{v} liked the email btw!", "Had my one-to-one with {v} and it went well.",
                    "{v} (my {mrole}) approved the plan, thanks for the help."],
        "ack": ["Got it, {v}.", "Noted!", "Thanks."],
        "q_near": ["who's my manager?", "what's my {mrole}'s name?", "who do I report to?"],
        "q_far": ["who's in charge of me at work?", "who approves my leave requests?"],
    },
    "commitment": {
        "plain": ["I have {act} every {v}.", "Every {v} evening I've got {act}.",
                  "{act_cap} is on {v} nights, so I'm busy then.", "I do {act} on {v} evenings.",
                  "My {act} is every {v}, without fail.", "{v} is {act} night for me, every week."],
        "passing": [("Can you help me plan meals for the week? I get home late on {v} because of {act}.",
                     "Sure, let's make that a leftovers night."),
                    ("help me find a babysitter for {v} evenings, I have {act} every week",
                     "Local parent groups and sitter apps are good places to start."),
                    ("What should I bring to {act}? It's every {v} after work.", "A water bottle and a snack!"),
                    ("I'm trying to plan my week around {act} on {v} night, where should I fit errands?",
                     "Batch errands into one other evening plus a weekend morning.")],
        "ask": [("help me make a weekly schedule", "Sure! Any fixed commitments during the week?"),
                ("when's the best evening for a dinner party?",
                 "Depends, are any evenings already taken by regular plans?"),
                ("My friend wants a standing weekly catch-up. Which evening?",
                 "Do you have any regular commitments to avoid?")],
        "answer": ["{act} on {v} evenings", "just {act}, every {v}", "{v} is {act}", "yes, {act} every {v}"],
        "clause": ["I have {act} every {v}"],
        "restate": ["Off to {act} soon, it's {v}!", "{act_cap} every {v} is still the highlight of my week.",
                    "Can't do {v} evening, that's {act}."],
        "ack": ["Noted, {v}.", "Got it!", "Sounds fun."],
        "q_near": ["which day is my {act}?", "when is my {act} each week?", "what day do I have {act}?"],
        "q_far": ["which evening am I always busy?", "what night of the week is spoken for?",
                  "when am I never free for dinner?"],
    },
    "school": {
        "plain": ["My {kidrel} {kid} goes to {full}.", "{kid} is at {full}.", "Our {kidrel} {kid} is at {full}.",
                  "{kid} started at {full} this year.", "my kid {kid} attends {full}"],
        "passing": [("Help me write an email to {kid}'s teacher at {full} about a dentist appointment.",
                     "\"Dear teacher, {kid} will leave at 2pm for a dentist appointment. Thank you.\""),
                    ("What should I pack for my {kidrel}'s school trip? {full} sent a list but it's vague.",
                     "Packed lunch, water, a raincoat and comfortable shoes are safe bets."),
                    ("Ideas for a bake sale at {full}? My {kidrel} goes there.", "Flapjacks, cupcakes, rice "
                     "crispy squares: cheap and easy to portion."),
                    ("{kid} needs help with fractions homework, they do it differently at {full}. Can you explain?",
                     "Sure! A fraction is a part of a whole..."),
                    ("draft a note to {full} saying {kid} will be picked up by grandma",
                     "\"Dear staff, {kid} will be collected by their grandmother today. Thank you.\"")],
        "ask": [("My {kidrel} needs a school project idea.", "Fun! Which school and year are they in?"),
                ("help me write a letter to the school", "Sure. Which school does your child go to?"),
                ("what's a good after-school routine?", "How old is your child, and which school are they at?")],
        "answer": ["{kid} is at {full}", "{full}, year 4", "{full}", "{kid} goes to {full}"],
        "clause": ["my {kidrel} {kid} goes to {full}"],
        "restate": ["{kid} had a great week at {full}!", "{full} is having a fair soon, ideas for a stall?",
                    "Parents' evening at {full} tomorrow, what should I ask?"],
        "ack": ["Noted!", "Lovely, got it.", "Thanks."],
        "q_near": ["what school does {kid} go to?", "where does my {kidrel} go to school?"],
        "q_far": ["where do I drop {kid} off each morning?", "which place is {kid} learning at these days?"],
    },
    "favourite": {
        "plain": ["My {fav} {thing} is {full}.", "Can't get enough of {noun}, my all-time {fav}.",
                  "{noun_cap} is my {fav}, always has been.", "I'm obsessed with {noun}.",
                  "fav {thing}? {full}, no contest"],
        "passing": {"band": [("Playlist of stuff similar to {full}? They're my {fav} band.",
                              "Sure, here are ten artists with a similar feel."),
                             ("{full} is my {fav} band. Are they touring anywhere soon?",
                              "I can't check live dates; their official site will have them.")],
                    "author": [("Recommend books like {full}'s, {fav} author of mine.",
                                "Here are five with a similar style."),
                               ("Gift idea for a book club friend? I'd pick {full} since they're my {fav} author.",
                                "A nice edition of one of their novels would be lovely.")],
                    "cuisine": [("What's an easy {full} dish to cook at home? It's my {fav} food.",
                                 "Here's a simple one that needs no special equipment."),
                                ("Best {full} dishes to order for a group? It's my {fav} cuisine.",
                                 "Go for a mix of sharing plates, one soup and something crunchy.")]},
        "ask": [("Help me pick a theme for my birthday party.", "Fun! What are you into, favourite music, books or "
                 "food?"), ("suggest something fun for a rainy weekend", "What do you like? Any favourite bands, "
                 "authors or food?")],
        "answer": ["{noun}, always", "probably {noun}", "{noun}!", "easy, {full}"],
        "clause": ["my {fav} {thing} is {full}"],
        "restate": ["Listening to / reading / eating {noun} again, never gets old.", "Still {noun} for me every time.",
                    "Nothing beats {noun}, honestly."],
        "ack": ["Great taste!", "Noted, {full}.", "Love that."],
        "q_near": {"band": ["who's my {fav} band?", "which band do I like best?"],
                   "author": ["who's my {fav} author?", "which writer do I like most?"],
                   "cuisine": ["what's my {fav} cuisine?", "what food do I like best?"]},
        "q_far": {"band": ["which group do I listen to most?", "whose music do I love?"],
                  "author": ["whose books do I love most?", "whose novels could I reread forever?"],
                  "cuisine": ["what kind of restaurant would I choose?", "what should I order if I want a treat?"]},
    },
}
SPEC["favourite"]["restate"] = ["Still {noun} for me every time.", "Nothing beats {noun}, honestly.",
                                "Treated myself to some {noun} this week, never gets old."]

TWO_JOIN = ["{a} and {b}.", "{a}, and {b}, if that helps.", "Quick context: {a}, {b}.", "{a}, oh and {b}.",
            "fyi {a} and {b}", "About me: {a}; {b}.", "For context, {a} and {b}, so tailor things to that.",
            "Background: {a} and {b}.", "Can you keep in mind that {a} and {b}?"]
TWO_ACK = ["Thanks for the context, noted both!", "Got it, thanks!", "Perfect, that helps me tailor things.",
           "Noted. How can I help today?"]
SLIP_SAME = [", sorry, {disp}.", ", no wait, {disp}, I always mix those up.", "... actually {disp}, not {old}, typo.",
             " (ugh, I mean {disp})", ", err, {disp} I mean.", ", scratch that, it's {disp}.", ", oops, {disp}*",
             ". Sorry, {disp}! Not {old}. Brain's fried."]
SLIP_NEXT = ["*{disp} not {old}", "sorry, I meant {disp}, not {old}", "wait, did I say {old}? it's {disp}",
             "correction: {disp}. {old} was a typo", "autocorrect strikes again, {disp}, not {old}",
             "oh sorry, not {old}, {disp}", "lol no, {disp}. dunno why I typed {old}", "{disp}!! not {old}, sorry"]
SLIP_ECHO = ["Got it, {old}!", "Noted, {old}.", "Thanks, {old} it is.", "Okay, {old}. What can I help with?"]
SLIP_FIX = ["Ah, {disp}. Thanks for the correction!", "No worries, {disp} it is.", "Updated: {disp}.",
            "Got it, {disp}, not {old}."]

# ---------------------------------------------------------------------------------------------- changes
CHANGES: dict[str, list[tuple[str, str]]] = {
    "moved": [
        ("Big news: we moved! We're in {new} now, left {old} last month.",
         "Congratulations on the move to {new}! How are you settling in?"),
        ("so i finally moved out of {old}. new {flat} in {new} 🎉", "Woo, congrats on the new place in {new}!"),
        ("Update: I've relocated to {new} for good. {old} feels like ages ago.", "Exciting! Noted, {new}."),
        ("I don't live in {old} anymore, moved to {new} a few weeks ago.", "Thanks for the update. How's {new}?"),
        ("Can you help me find a GP in {new}? Just moved here from {old}.",
         "Sure: register with a practice in your catchment area; your local health service site lists them."),
        ("We've swapped {old} for {new}. Loads of boxes still to unpack.", "Good luck with the unpacking!"),
        ("help me write a change of address email, I've moved from {old} to {new}",
         "\"Hi all, just a note that I've moved from {old} to {new}; please update your records.\""),
        ("New city, new me: living in {new} since the start of the month. Bye {old}!", "Love it. Noted!"),
        ("Unpacking in {new} this week, we left {old} for good.", "Hope the move went smoothly!")],
    "new_job": [
        ("I left {old}! Started at {new} this week.", "Congrats on the new job at {new}!"),
        ("new job alert: I'm at {new} now. {old} is officially behind me", "Amazing, congrats!"),
        ("Quit {old}. Now at {new}, first week has been a blur.", "That's a big change, well done!"),
        ("so I switched jobs, I work for {new} now instead of {old}", "Nice! How's {new} treating you?"),
        ("Update on the work front: {new} hired me, so no more {old}.", "Congratulations!"),
        ("After six years at {old} I finally jumped ship, I'm with {new} now.", "Brave move, congrats!"),
        ("help me update my CV: current employer is {new}, previous was {old}",
         "Sure, put {new} at the top with your start date, then {old} below."),
        ("I'm not at {old} anymore, joined {new} last month.", "Thanks for the update, good luck at {new}!")],
    "laid_off": [
        ("{old} laid off half our team, including me. So I'm job hunting.", "I'm sorry, that's rough. Want help "
         "with your CV?"),
        ("got made redundant from {old} yesterday. kinda numb tbh", "I'm really sorry. Take a breath; I can help "
         "with next steps whenever you're ready."),
        ("Can you help me write a cover letter? I was let go from {old} last month.", "Of course. What kind of "
         "role are you applying for?"),
        ("I no longer work at {old}, they cut my role.", "Sorry to hear that. How are you doing?"),
        ("Between jobs right now; {old} and I parted ways.", "Understood. Let me know how I can help."),
        ("my contract at {old} ended and they didn't renew it, so, unemployed for now", "That's tough. Want to "
         "sketch a job-search plan?"),
        ("Budget help please: I lost my job at {old}, need to stretch my savings.", "Let's start with essentials "
         "and cut the rest."),
        ("They restructured at {old} and I'm out. Any tips for the first week of unemployment?",
         "Sort the admin first (benefits, final pay), then give yourself a few days before job hunting.")],
    "hired": [
        ("Good news finally: I got a job at {new}!", "Brilliant, congratulations!"),
        ("job hunt over 🎉 I've started at {new}", "Yay! Well deserved."),
        ("Update: I'm working for {new} now, after the {old} layoff.", "So glad it worked out."),
        ("{new} offered me a role and I've started, so I'm employed again!", "Fantastic news."),
        ("I'm at {new} now. Way better than {old} if I'm honest.", "Love to hear it."),
        ("Help me write a thank-you to the recruiter who got me into {new}? First week went great.",
         "\"Thank you so much for your help, the first week at {new} has been great.\""),
        ("new job!! {new}. been there a couple of weeks", "Congrats!!"),
        ("Back in work: {new} took me on.", "That's great news.")],
    "promoted": [
        ("I got promoted! I'm {new_art} {new} now, no longer {old_art} {old}.", "Congratulations, well earned!"),
        ("new title: {new}. bye bye {old} days 😎", "Ha, congrats!"),
        ("Help me update my email signature, I'm now {new_art} {new} (was {old_art} {old}).",
         "\"Name | {new}\": clean and simple."),
        ("After years as {old_art} {old}, I retrained and I'm working as {new_art} {new}.", "Huge change, well "
         "done!"),
        ("Career update: moved up from {old} to {new} this month.", "Amazing, congrats!"),
        ("i'm not {old_art} {old} anymore!! officially {new_art} {new} as of this week", "Woo! Congrats!"),
        ("Can you suggest books for a first-time {new}? I just stepped up from {old}.", "Sure, here are a few "
         "classics on leading people."),
        ("My role changed: I'm {new_art} {new} now. Being {old_art} {old} was getting stale anyway.",
         "Sounds like a good move.")],
    "new_partner": [
        ("{old} and I broke up a while ago. I'm seeing someone new now, {new}.", "Thanks for telling me. I hope "
         "things are going well with {new}."),
        ("so yeah, me and {old} split up 💔 but I've met {new} and it's going really well", "Glad you're happy!"),
        ("Date ideas for a new relationship? My {new_role} {new} and I have been together a month. Things with {old} "
         "ended a while back.", "A cooking class, a gallery and coffee, or a sunset walk."),
        ("Not with {old} anymore. {new} is my {new_role} now.", "Noted, thanks."),
        ("update: single for like 5 minutes after {old}, now dating {new} 😅", "Ha, good for you!"),
        ("Help me write a nice card for {new}, my new {new_role}. First one since {old} and I separated.",
         "\"{new}, thanks for making everything brighter lately.\""),
        ("{old} is my ex now. New {new_role}: {new}.", "Got it."),
        ("Things ended with {old}. I'm with {new} these days and honestly happier.", "That's lovely to hear.")],
    "breakup": [
        ("{old} and I broke up last month.", "I'm sorry. How are you holding up?"),
        ("I'm single again, {old} and I called it quits.", "That's a big change. Be kind to yourself."),
        ("Can you help me cope? My {old_role} {old} and I split up.", "I'm sorry. Small routines and friends help."),
        ("we split up. me and {old}. still processing", "That's hard. Take your time."),
        ("Just so you know, I'm not with {old} anymore.", "Thanks for telling me."),
        ("Need a budget for living alone now that {old} and I have separated.", "Let's list your fixed costs first."),
        ("Help me write a message to friends saying {old} and I have ended things, amicably.",
         "\"Hi all, {old} and I have decided to go our separate ways, on good terms.\""),
        ("{old} moved out. We're done. Single life it is.", "Sending support.")],
    "pet_died": [
        ("Sad news, {old} passed away last week. 😢", "I'm so sorry about {old}."),
        ("we had to put {old} down. {old} was old and really ill", "I'm so sorry. That's a hard decision."),
        ("Help me write a little memorial post for {old}, my {old_species} who died.", "\"Run free, {old}...\""),
        ("lost {old} this week. house feels empty", "I'm really sorry."),
        ("Our {old_species} {old} is no longer with us.", "I'm sorry for your loss."),
        ("{old} died in {pos_home} sleep at the weekend, peacefully at least", "I'm so sorry.")],
    "pet_rehomed": [
        ("We had to rehome {old}, my landlord said no pets.", "That must have been hard."),
        ("{old} went to live with my cousin, they have a garden. So no pets for me now.", "Sounds like a good home."),
        ("gave {old} to a friend's farm, better life there honestly", "Sounds like {old} landed on their feet."),
        ("{old} has a new family now; couldn't look after a {old_species} with my hours.", "That's a kind choice.")],
    "pet_new": [
        ("After {old} died we adopted a {new_species}, {new}!", "Welcome, {new}!"),
        ("new family member: {new}, a rescue {new_species}. still miss {old} though", "Aw, welcome {new}."),
        ("We got a {new_species} called {new} a few months after losing {old}.", "That's lovely."),
        ("Can you help me pick toys for {new}, our new {new_species}? {old} passed last year.",
         "Sure! Here are a few safe options."),
        ("{old} went to live with my parents, and we adopted {new} the {new_species}.", "Nice!"),
        ("meet {new}! {new_species}, 2 yrs old. the house was too quiet without {old}", "Hi {new}!"),
        ("Rehomed {old} with my aunt and now we've got {new}, a little {new_species}.", "Cute!"),
        ("{old} is gone, sadly, but {new} (our new {new_species}) is settling in.", "I'm sorry about {old}, and "
         "welcome {new}.")],
    "diet_change": [
        ("Update: I switched from {old} to {new} last month.", "Noted, {new} from now on."),
        ("i'm {new} now btw, the {old} thing didn't stick", "Got it!"),
        ("New diet: {new}. No longer {old}.", "Noted."),
        ("Help me restock my pantry, I've gone {new} (was {old} before).", "Sure, here's a starter list."),
        ("Doctor's orders: I'm {new} now instead of {old}.", "Understood."),
        ("Plot twist: no longer {old}. I eat {new} these days.", "Ha, noted!"),
        ("recipe pls, I'm {new} now, stopped being {old}", "Here's one."),
        ("After a month of trying, I'm properly {new}; the {old} days are over.", "Well done!")],
    "diet_ended": [
        ("I'm not {old} anymore, I eat everything again.", "Noted, no restrictions."),
        ("gave up being {old}, back to eating whatever 🍔", "Ha, fair enough."),
        ("No longer doing {old}, no dietary restrictions now.", "Got it."),
        ("Update: I stopped being {old}. Anything goes food-wise.", "Noted!"),
        ("I quit the {old} thing, turns out I missed too much.", "Understandable."),
        ("Recipe ideas? I've dropped {old}, so no limits.", "Sure!"),
        ("fyi not {old} these days, just normal eating", "Noted."),
        ("Ditched {old} a while ago; suggest whatever when it comes to recipes.", "Will do.")],
    "sport_switch": [
        ("I quit {old} and took up {new} instead.", "Nice switch! How are you finding {new}?"),
        ("no more {old} for me, {new} is the new obsession", "Ha, love it."),
        ("Swapped {old} for {new}, my knees are grateful", "Good call."),
        ("I've stopped {old_verbing} {old}; I {new_verb} {new} now.", "Noted!"),
        ("Help me buy gear for {new}? I gave up {old} last month.", "Sure, here's a starter kit."),
        ("Update: {new} has replaced {old} in my weekly routine.", "Sounds fun."),
        ("after the injury I had to stop {old}, so now I {new_verb} {new}", "Sorry about the injury; glad you found "
         "{new}."),
        ("Left my {old} club. Joined a {new} group instead.", "New group, new friends!")],
    "sport_quit": [
        ("I quit {old}.", "Okay, noted."),
        ("I've given up {old}, no time anymore.", "Understandable."),
        ("no more {old}, my shoulder can't take it", "Sorry to hear that."),
        ("Stopped {old_verbing} {old} a while ago, haven't replaced it with anything.", "Noted."),
        ("I don't {old_verb} {old} anymore.", "Got it."),
        ("Cancelled my {old} membership. Taking a break from sport entirely.", "Rest is good too."),
        ("Help me make a home stretching routine, I quit {old} and don't do any sport now.", "Sure, here's a gentle "
         "one."),
        ("Hung up my {old} gear for good.", "End of an era!")],
    "vehicle_swap": [
        ("Sold the {old}, bought a {new_brand} {new}!", "Congrats on the {new}!"),
        ("we got rid of the {old}, got a {new_brand} {new} instead", "Nice upgrade?"),
        ("Traded in my {old} for a {new_brand} {new}.", "Enjoy the new ride!"),
        ("New {new_kind}! A {new_brand} {new}. The {old} went to a dealer.", "Exciting!"),
        ("I finally replaced the {old}: it's a {new_brand} {new} now.", "Good choice."),
        ("The {old} died for good, so I bought a {new_brand} {new}.", "RIP {old}! Enjoy the {new}."),
        ("Update: driving a {new_brand} {new} these days. Sold the {old}.", "Noted."),
        ("picked up a secondhand {new_brand} {new} after selling the {old}", "Nice find.")],
    "vehicle_sold": [
        ("Sold my {old}. Going without a {old_kind} from now on!", "Freedom! And savings."),
        ("We sold the {old}, no {old_kind} now, bikes and trains only.", "Good for you."),
        ("i got rid of the {old}, couldn't afford the insurance", "Makes sense."),
        ("the {old} is gone, scrapped it. Not replacing it.", "Noted."),
        ("No more {old}; I take the bus everywhere now.", "Buses are underrated."),
        ("Budget update: sold the {old}, so no vehicle costs anymore.", "That frees up a lot."),
        ("Our {old} got written off and we decided not to get another one.", "Glad you're okay!"),
        ("I don't have the {old} anymore, sold it to my neighbour.", "Got it.")],
    "rel_moved": [
        ("My {rel} moved from {old} to {new}.", "Noted, {new}."),
        ("update: my {rel} isn't in {old} anymore, {pron}'s in {new} now", "Thanks for the update."),
        ("My {rel} relocated to {new}, so no more {old} trips.", "New place to visit!"),
        ("Help me plan a visit to my {rel} in {new}, {pron} just moved there from {old}.", "Sure!"),
        ("{rel_cap} left {old}! {pron_cap} lives in {new} now.", "Big change!"),
        ("My {rel} finally sold {pos} place in {old} and bought in {new}.", "Exciting for them."),
        ("family news: my {rel} moved to {new}. {old} felt too small apparently", "Ha, fair."),
        ("Visiting my {rel} is going to be different now, {pron}'s swapped {old} for {new}.", "New adventures!")],
    "new_manager": [
        ("{old} left, so my new {mrole} is {new}.", "Hope {new} is good to work with!"),
        ("my {mrole} changed, it's {new} now, not {old}", "Noted."),
        ("Update: {old} moved teams and {new} is my {mrole} now.", "Got it."),
        ("New {mrole} as of this week: {new}. Miss {old} already.", "Changes take time."),
        ("Help me write a welcome message to {new}, who's replacing {old} as my {mrole}.",
         "\"Welcome aboard, {new}! Looking forward to working with you.\""),
        ("{old} retired; I report to {new} now.", "Noted."),
        ("Reorg at work: {new} took over from {old} as my {mrole}.", "Reorgs, eh. Noted."),
        ("So I don't work for {old} anymore, it's {new} now. Different style.", "Different can be good!")],
    "manager_newjob": [
        ("My {mrole} at the new place is {new}.", "Hope {new} is great."),
        ("{new} is my new {mrole}, seems chill", "Nice."),
        ("I report to {new} now at the new job.", "Noted."),
        ("new job, new {mrole}: {new}", "Got it."),
        ("Help me write an intro email to {new}, my {mrole} at the new company.", "\"Hi {new}, great to meet "
         "you...\""),
        ("Met my new {mrole}, {new}, this week. Very different from {old}.", "Different how?"),
        ("{new} runs my new team, so they're my {mrole} now.", "Noted."),
        ("At least {new} (new {mrole}) is nicer than {old} was.", "Ha, glad to hear it.")],
    "day_moved": [
        ("My {act} moved from {old} to {new}.", "Noted, {new} now."),
        ("heads up, {act} is on {new} now, not {old}", "Got it."),
        ("They switched {act} to {new} evenings, so {old} is free again!", "Nice, an evening back."),
        ("Update: {act} is every {new} from now on instead of {old}.", "Noted."),
        ("can u help me rearrange my week, {act} got moved to {new} (used to be {old})", "Sure, let's redo it."),
        ("{old} no longer works for the organisers, so {act} is every {new} now.", "Okay!"),
        ("New schedule: {act} every {new}. No more {old} sessions.", "Got it."),
        ("Good news, {old} evenings are free: {act} is on {new} now.", "Enjoy the free evening!")],
    "school_change": [
        ("We moved {kid} from {old} to {new_full}.", "Hope {kid} settles in well."),
        ("{kid} switched schools, {new_full} now, not {old}", "Noted."),
        ("update: {kid} started at {new_full} this term, left {old}", "Exciting!"),
        ("Help me write a thank-you to the teachers at {old}, {kid} has moved to {new_full}.",
         "\"Thank you for everything you did for {kid}.\""),
        ("{kid} isn't at {old} anymore; {new_full} was a better fit.", "Glad you found a good fit."),
        ("New school for {kid}: {new_full}. Fingers crossed.", "Fingers crossed!"),
        ("We took {kid} out of {old}; {kpron}'s at {new_full} now.", "Noted."),
        ("{kid}'s doing well at {new_full} after leaving {old}", "Great to hear.")],
    "fav_change": [
        ("Honestly I'm over {old_noun}, {new_noun} is my {fav} now.", "Tastes change!"),
        ("new {fav}: {new_noun}. sorry {old}", "Ha, noted."),
        ("My taste changed: {new_noun} has replaced {old_noun} as my {fav}.", "Noted."),
        ("I used to love {old_noun} most but it's {new_noun} now.", "Fair!"),
        ("Can't believe I'm saying it, but {new_noun} beats {old_noun} for me these days.", "Big call!"),
        ("{fav} {thing}? {new_full} now, not {old}", "Got it."),
        ("Been on a huge {new_full} kick, it's overtaken {old} as my {fav}.", "Nice."),
        ("Update for you: my {fav} {thing} is {new_full} (it used to be {old_full}).", "Noted.")],
}

Q_ENDED = {"partner": ["am I seeing anyone?", "who's my partner?"], "pet": ["do I have a pet, and what's its name?",
                                                                       "what's my pet called?"],
           "sport": ["what sport do I do?", "how do I stay active?"], "vehicle": ["what do I drive?",
                                                                                "what car do I have?"],
           "diet": ["what's my diet?", "do I follow any special diet?"], "employer": ["where do I work?",
                                                                                    "who's my employer?"]}
ATTRS = ["home", "employer", "job", "partner", "pet", "diet", "sport", "vehicle", "languages", "relative_city",
         "manager", "commitment", "school", "favourite"]
SLIPPABLE = {"home", "relative_city", "commitment", "vehicle", "employer", "school", "manager", "pet"}
CONTRACT = [(r"\bI'm\b", "im"), (r"\bdon't\b", "dont"), (r"\bcan't\b", "cant"), (r"\bit's\b", "its"),
            (r"\bthat's\b", "thats"), (r"\bI've\b", "ive"), (r"\bdoesn't\b", "doesnt"), (r"\byou\b", "u"),
            (r"\bplease\b", "pls"), (r"\bthanks\b", "thx"), (r"\bbecause\b", "cuz"), (r"\bgoing to\b", "gonna"),
            (r"\bwant to\b", "wanna"), (r"\bby the way\b", "btw"), (r"\bI'll\b", "ill"), (r"\bwe're\b", "were")]


def _cap(s: str) -> str:
    return s[:1].upper() + s[1:]


def _art(title: str) -> str:
    return "an" if title[0].lower() in "aeiou" or title.startswith(("HR", "UX")) else "a"


class Msg:
    def __init__(self, role: str, text: str, attrs: tuple[str, ...] = ()) -> None:
        self.role, self.text, self.attrs = role, text, attrs


class _User:
    """Everything about one user while it is being written."""

    def __init__(self, rng: random.Random, index: int) -> None:
        self.rng = rng
        self.index = index
        self.variety = rng.choices(["uk", "us", "india", "au", "eu"], weights=[30, 25, 15, 15, 15])[0]
        self.informal = rng.random() < 0.4
        self.words = dict(VARIETY[self.variety])
        self.words["colour_word"] = "color" if self.variety == "us" else "colour"
        self.n_sess = rng.choice([3, 4, 4, 5, 5])
        self.cities = rng.sample(CITIES, 6)
        self.people = rng.sample(PEOPLE, 8)
        self.pets = rng.sample(PETS, 3)
        self.employers = rng.sample(EMPLOYERS, 3)
        self.vehicles = rng.sample(VEHICLES, 3)
        self.sports = rng.sample(SPORTS, 2)
        self.days = rng.sample(DAYS[:5] if rng.random() < 0.8 else DAYS, 3)
        self.schools = rng.sample(SCHOOLS, 3)
        self.used: set[str] = set()

    def pick(self, seq: list[Any]) -> Any:
        return self.rng.choice(seq)


def _items(u: _User, attr: str) -> list[dict[str, Any]]:
    """[first value, replacement value, slip value] for an attribute, each a dict of template fields."""
    r = u.rng
    if attr == "home":
        return [{"v": c, "disp": c} for c in u.cities[:3]]
    if attr == "relative_city":
        rel, pron, pos = r.choice(RELS)
        rel = rel.format(**u.words)
        return [{"v": c, "disp": c, "rel": rel, "rel_cap": _cap(rel), "pron": pron, "pron_cap": _cap(pron),
                 "pos": pos} for c in u.cities[3:6]]
    if attr == "employer":
        return [{"v": e, "disp": e} for e in u.employers]
    if attr == "job":
        t = r.choice(sorted(JOBS))
        return [{"v": t, "disp": t, "art": _art(t)}, {"v": JOBS[t], "disp": JOBS[t], "art": _art(JOBS[t])}]
    if attr == "partner":
        def role(name: str, roles: dict[str, list[str]]) -> str:
            return r.choice(roles["n" if name in NEUTRAL else "m" if name in MASC else "f"])

        first = {"m": ["husband", "boyfriend", "fiancé", "partner"], "f": ["wife", "girlfriend", "fiancée", "partner"],
                 "n": ["partner"]}
        later = {"m": ["boyfriend", "partner"], "f": ["girlfriend", "partner"], "n": ["partner"]}
        return [{"v": u.people[0], "disp": u.people[0], "role": role(u.people[0], first)},
                {"v": u.people[1], "disp": u.people[1], "role": role(u.people[1], later)}]
    if attr == "manager":
        mrole = r.choice(MROLES)
        return [{"v": p, "disp": p, "mrole": mrole} for p in u.people[2:5]]
    if attr == "school":
        kid = u.people[5]
        kidrel, kpron = ("son", "he") if kid in MASC else ("daughter", "she")
        return [{"v": v, "full": f, "disp": f, "kid": kid, "kidrel": kidrel, "kpron": kpron} for v, f in u.schools]
    if attr == "pet":
        return [{"v": p, "disp": p, "species": r.choice(SPECIES), "pos_home": "their"} for p in u.pets]
    if attr == "vehicle":
        return [{"v": m, "brand": b, "kind": k, "disp": f"{b} {m}"} for b, m, k in u.vehicles]
    if attr == "sport":
        return [{"v": s, "disp": s, "verb": vb, "verbing": vg} for s, vb, vg in u.sports]
    if attr == "commitment":
        act = r.choice(ACTS)
        return [{"v": d, "disp": d, "act": act, "act_cap": _cap(act)} for d in u.days]
    if attr == "languages":
        pool = LANGS["india"] if u.variety == "india" else LANGS["eu"] if u.variety == "eu" else LANGS["any"]
        l1, l2 = r.sample(pool, 2)
        return [{"v": l2, "disp": l2, "l1": l1}]
    if attr == "diet":
        if r.random() < 0.35:
            return [{"v": a, "disp": a, "sub": "allergy"} for a in r.sample(ALLERGIES, 2)]
        d = r.choice(DIETS)
        nxt = DIET_NEXT[d]
        out = [{"v": d, "disp": d, "sub": "diet"}]
        if nxt:
            out.append({"v": r.choice(nxt), "disp": "", "sub": "diet"})
            out[1]["disp"] = out[1]["v"]
        return out
    if attr == "favourite":
        thing = r.choice(["band", "author", "cuisine"])
        out = []
        for v, full in r.sample(FAVS[thing], 2):
            noun = full + " food" if thing == "cuisine" else full
            out.append({"v": v, "full": full, "disp": full, "thing": thing, "noun": noun, "noun_cap": _cap(noun),
                        "sub": thing})
        return out
    raise KeyError(attr)


def _ctx(u: _User, item: dict[str, Any], **extra: Any) -> dict[str, Any]:
    return {**u.words, **item, **extra}


def _change_ctx(u: _User, old: dict[str, Any], new: dict[str, Any]) -> dict[str, Any]:
    ctx = dict(u.words)
    ctx.update(old)
    for k, val in old.items():
        ctx["old_" + k] = val
    for k, val in new.items():
        ctx["new_" + k] = val
    ctx["old"], ctx["new"] = old["v"], new["v"]
    return ctx


def _pick(u: _User, spec: dict[str, Any], key: str, item: dict[str, Any]) -> Any:
    val = spec[key]
    if isinstance(val, dict):
        val = val[item["sub"]]
    return u.pick(val)


def _variants(spec: dict[str, Any], key: str, item: dict[str, Any]) -> list[str]:
    val = spec[key]
    return list(val[item["sub"]] if isinstance(val, dict) else val)


STOP = {"a", "an", "the", "i", "i'm", "im", "my", "me", "do", "does", "did", "is", "are", "am", "was", "what",
        "whats", "what's", "which", "who", "whos", "who's", "where", "when", "how", "to", "of", "in", "on", "at",
        "for", "and", "or", "it", "its", "it's", "with", "be", "these", "days", "again", "now", "right", "remind",
        "any", "i've", "ive", "that", "this", "there", "you", "u", "get", "got", "have", "has"}


def _content(text: str) -> set[str]:
    return {w for w in re.findall(r"[\w']+", text.lower()) if w not in STOP}


def _spec(attr: str, item: dict[str, Any]) -> dict[str, Any]:
    return SPEC["allergy"] if attr == "diet" and item.get("sub") == "allergy" else SPEC[attr]


def _filler(u: _User) -> list[Msg]:
    pool = [f for f in FILLERS + FILLERS_BY_VARIETY[u.variety] if f[0] not in u.used]
    f = u.pick(pool)
    u.used.add(f[0])
    out = [Msg("user" if i % 2 == 0 else "assistant", t.format(**u.words)) for i, t in enumerate(f)]
    return out


def _plan(u: _User) -> tuple[list[str], dict[str, dict[str, Any]]]:
    """Which attributes this user has, and for each: its values and what happens to it."""
    r = u.rng
    order = ATTRS[:]
    r.shuffle(order)
    k = r.randint(8, 10)
    chosen: list[str] = []
    excluded: set[str] = set()
    plans: dict[str, dict[str, Any]] = {}
    for attr in order:
        if len(chosen) == k:
            break
        if attr in excluded:
            continue
        items = _items(u, attr)
        p: dict[str, Any] = {"attr": attr, "items": items, "first": items[0], "change": None, "slip": None,
                             "restate": r.random() < 0.3}
        roll = r.random()
        if attr == "home" and roll < 0.35:
            p["change"] = "moved"
        elif attr == "employer" and roll < 0.4:
            p["change"] = r.choice(["new_job", "new_job", "laid_off", "laid_off_hired"])
        elif attr == "job" and roll < 0.25:
            p["change"] = "promoted"
        elif attr == "partner" and roll < 0.3:
            p["change"] = r.choice(["new_partner", "breakup"])
        elif attr == "pet" and roll < 0.35:
            p["change"] = r.choice(["pet_died", "pet_rehomed", "pet_new", "pet_new"])
        elif attr == "diet" and roll < 0.4 and items[0]["sub"] == "diet":
            p["change"] = "diet_change" if len(items) > 1 and r.random() < 0.65 else "diet_ended"
        elif attr == "sport" and roll < 0.4:
            p["change"] = r.choice(["sport_switch", "sport_switch", "sport_quit"])
        elif attr == "vehicle" and roll < 0.35:
            p["change"] = r.choice(["vehicle_swap", "vehicle_swap", "vehicle_sold"])
        elif attr == "relative_city" and roll < 0.3:
            p["change"] = "rel_moved"
        elif attr == "manager" and roll < 0.3:
            p["change"] = "new_manager"
        elif attr == "commitment" and roll < 0.35:
            p["change"] = "day_moved"
        elif attr == "school" and roll < 0.3:
            p["change"] = "school_change"
        elif attr == "favourite" and roll < 0.3:
            p["change"] = "fav_change"
        if attr in SLIPPABLE and r.random() < 0.2:
            p["slip"] = r.choice(["same", "next"])
        # consistency between attributes
        if attr == "employer" and p["change"] == "laid_off":
            excluded |= {"job", "manager"}
            if "job" in chosen or "manager" in chosen:
                p["change"] = "new_job"
                excluded -= {"job", "manager"}
        if attr == "home" and p["change"] == "moved":
            if "commitment" in chosen:
                p["change"] = None
            else:
                excluded.add("commitment")
        if attr == "commitment" and "home" in plans and plans["home"]["change"] == "moved":
            continue
        if attr in ("job", "manager") and "employer" in plans and plans["employer"]["change"] == "laid_off":
            continue
        chosen.append(attr)
        plans[attr] = p
    # a new job brings a new manager; a move brings a new school
    emp = plans.get("employer")
    if emp and emp["change"] in ("new_job", "laid_off_hired") and "manager" in plans:
        plans["manager"]["change"] = "manager_newjob"
        plans["manager"]["follows"] = "employer"
    home = plans.get("home")
    if home and home["change"] == "moved" and "school" in plans:
        plans["school"]["change"] = "school_change"
        plans["school"]["follows"] = "home"
    return chosen, plans


def _needs(p: dict[str, Any]) -> int:
    n = {None: 0, "laid_off_hired": 2}.get(p["change"], 1)
    return n + (1 if p["restate"] else 0)


def _build_user(rng: random.Random, index: int, start: datetime) -> dict[str, Any]:
    u = _User(rng, index)
    chosen, plans = _plan(u)
    n = u.n_sess
    for p in plans.values():
        while _needs(p) > n - 1:
            if p["restate"]:
                p["restate"] = False
            elif p["change"] == "laid_off_hired":
                p["change"] = "new_job"
    # delivery
    deliveries: dict[str, str] = {}
    for attr in chosen:
        p = plans[attr]
        if p["slip"]:
            deliveries[attr] = "plain"
        else:
            deliveries[attr] = rng.choices(["plain", "in_passing", "answer", "two_facts"], weights=[28, 32, 20, 20])[0]
    pairs: list[tuple[str, str]] = []
    twos = [a for a in chosen if deliveries[a] == "two_facts"]
    rng.shuffle(twos)
    while len(twos) >= 2:
        pairs.append((twos.pop(), twos.pop()))
    for a in twos:
        deliveries[a] = "plain"
    # sessions: events are (session, key, [Msg...])
    load = [0] * n
    events: list[tuple[int, float, list[Msg]]] = []
    said: dict[str, list[Msg]] = {a: [] for a in chosen}
    kinds: dict[str, list[str]] = {a: [deliveries[a]] for a in chosen}
    apart: dict[str, str | None] = dict.fromkeys(chosen)
    stale: dict[str, list[str]] = {a: [] for a in chosen}
    gone: dict[str, list[str]] = {a: [] for a in chosen}
    latest: dict[str, str | None] = {a: plans[a]["first"]["v"] for a in chosen}
    latest_item: dict[str, dict[str, Any] | None] = {a: plans[a]["first"] for a in chosen}
    change_sess: dict[str, int] = {}

    def place(lo: int, hi: int, size: int) -> int:
        options = list(range(lo, hi + 1))
        weights = [1.0 / (1 + load[s]) ** 2 for s in options]
        s = rng.choices(options, weights=weights)[0]
        load[s] += size
        return s

    def add(sess: int, key: float, msgs: list[Msg]) -> None:
        events.append((sess, key, msgs))

    def first_message(attr: str) -> list[Msg]:
        p = plans[attr]
        item = p["first"]
        spec = _spec(attr, item)
        ctx = _ctx(u, item)
        how = deliveries[attr]
        if p["slip"]:
            wrong = p["items"][2] if len(p["items"]) > 2 else p["items"][1]
            wctx = _ctx(u, wrong, **({"species": item["species"]} if attr == "pet" else {}))
            clause = _cap(u.pick(spec["clause"]).format(**wctx))
            stale[attr].append(wrong["v"])
            fix = {"disp": item["disp"], "old": wrong["v"]}
            if p["slip"] == "same":
                kinds[attr].append("slip_same_message")
                text = clause + u.pick(SLIP_SAME).format(**fix)
                return [Msg("user", text, (attr,)), Msg("assistant", u.pick(SLIP_FIX).format(**fix))]
            kinds[attr].append("slip_next_message")
            return [Msg("user", clause + ".", (attr,)), Msg("assistant", u.pick(SLIP_ECHO).format(old=wrong["disp"])),
                    Msg("user", u.pick(SLIP_NEXT).format(**fix), (attr,)),
                    Msg("assistant", u.pick(SLIP_FIX).format(**fix))]
        if how == "plain":
            return [Msg("user", _pick(u, spec, "plain", item).format(**ctx), (attr,)),
                    Msg("assistant", u.pick(spec["ack"]).format(**ctx))]
        if how == "in_passing":
            q, a = _pick(u, spec, "passing", item)
            return [Msg("user", q.format(**ctx), (attr,)), Msg("assistant", a.format(**ctx))]
        lead, question = u.pick(spec["ask"])
        return [Msg("user", lead.format(**ctx)), Msg("assistant", question.format(**ctx)),
                Msg("user", u.pick(spec["answer"]).format(**ctx), (attr,)),
                Msg("assistant", u.pick(spec["ack"]).format(**ctx))]

    # first statements: pairs first, then singles
    first_sess: dict[str, int] = {}
    for a, b in pairs:
        hi = min(n - 1 - _needs(plans[a]), n - 1 - _needs(plans[b]))
        s = place(0, hi, 2)
        first_sess[a] = first_sess[b] = s
        ia, ib = plans[a]["first"], plans[b]["first"]
        ca = u.pick(_spec(a, ia)["clause"]).format(**_ctx(u, ia))
        cb = u.pick(_spec(b, ib)["clause"]).format(**_ctx(u, ib))
        text = _cap(u.pick(TWO_JOIN).format(a=ca, b=cb))
        apart[a], apart[b] = ib["v"], ia["v"]
        add(s, rng.random(), [Msg("user", text, (a, b)), Msg("assistant", u.pick(TWO_ACK))])
    for attr in chosen:
        if attr in first_sess:
            continue
        msgs = first_message(attr)
        s = place(0, n - 1 - _needs(plans[attr]), len(msgs))
        first_sess[attr] = s
        add(s, rng.random(), msgs)
    # changes; a follower (manager after a new job, school after a move) changes in its parent's last session
    for attr in chosen:
        p = plans[attr]
        ch = p["change"]
        if ch is None or p.get("follows"):
            continue
        follower = next((a for a in chosen if plans[a].get("follows") == attr), None)
        fd = first_sess[follower] if follower else -1
        while True:
            r_ = 1 if p["restate"] else 0
            if ch == "laid_off_hired":
                s_lo, s_hi = first_sess[attr] + 1, n - 2 - r_
                ok = s_lo <= s_hi and max(s_lo + 1, fd + 1) <= n - 1 - r_
            else:
                s_lo, s_hi = max(first_sess[attr], fd) + 1, n - 1 - r_
                ok = s_lo <= s_hi
            if ok:
                break
            if p["restate"]:
                p["restate"] = False
            elif ch == "laid_off_hired":
                ch = p["change"] = "new_job"
            else:
                raise AssertionError((attr, ch, first_sess[attr], fd, n))
        old, items = p["first"], p["items"]
        s = place(s_lo, s_hi, 2)
        key = rng.random()
        change_sess[attr] = s
        if ch == "laid_off_hired":
            ctx = _change_ctx(u, old, items[1])
            t, a = u.pick(CHANGES["laid_off"])
            add(s, key, [Msg("user", t.format(**ctx), (attr,)), Msg("assistant", a.format(**ctx))])
            s = place(max(s + 1, fd + 1), n - 1 - (1 if p["restate"] else 0), 2)
            key = rng.random()
            change_sess[attr] = s
            t, a = u.pick(CHANGES["hired"])
            add(s, key, [Msg("user", t.format(**ctx), (attr,)), Msg("assistant", a.format(**ctx))])
            stale[attr].append(old["v"])
            latest[attr], latest_item[attr] = items[1]["v"], items[1]
            kinds[attr].append("changed")
        else:
            ended = ch in ("laid_off", "breakup", "pet_died", "pet_rehomed", "diet_ended", "sport_quit",
                           "vehicle_sold")
            new = items[1] if len(items) > 1 else items[0]
            ctx = _change_ctx(u, old, new)
            t, a = u.pick(CHANGES[ch])
            add(s, key, [Msg("user", t.format(**ctx), (attr,)), Msg("assistant", a.format(**ctx))])
            if ended:
                gone[attr].append(old["v"])
                latest[attr], latest_item[attr] = None, None
                kinds[attr].append("ended")
            else:
                stale[attr].append(old["v"])
                latest[attr], latest_item[attr] = new["v"], new
                kinds[attr].append("changed")
        if follower:
            fp = plans[follower]
            fold, fnew = fp["items"][0], fp["items"][1]
            ctx = _change_ctx(u, fold, fnew)
            t, a = u.pick(CHANGES[fp["change"]])
            load[s] += 2
            add(s, key + 0.0001, [Msg("user", t.format(**ctx), (follower,)), Msg("assistant", a.format(**ctx))])
            change_sess[follower] = s
            stale[follower].append(fold["v"])
            latest[follower], latest_item[follower] = fnew["v"], fnew
            kinds[follower].append("changed")
    # restatements (of the current value, after any change)
    for attr in chosen:
        p = plans[attr]
        item = latest_item[attr]
        if not p["restate"] or item is None:
            continue
        lo = max(first_sess[attr], change_sess.get(attr, -1)) + 1
        if lo > n - 1:
            continue
        s = place(lo, n - 1, 2)
        spec = _spec(attr, item)
        ctx = _ctx(u, item)
        add(s, rng.random(), [Msg("user", u.pick(spec["restate"]).format(**ctx), (attr,)),
                              Msg("assistant", u.pick(RESTATE_ACK))])
        kinds[attr].append("restated")
    # assemble sessions
    sessions = []
    when = start
    protect = _protected(plans)
    for si in range(n):
        facts = sorted([e for e in events if e[0] == si], key=lambda e: e[1])
        blocks = [e[2] for e in facts]
        total = sum(len(b) for b in blocks)
        assert total <= 18, (index, si, total)
        target = rng.randint(max(8, total + 2), 20)
        lead = rng.random() < 0.75
        fillers: list[list[Msg]] = []
        while total < target:
            f = _filler(u)
            if total + len(f) > 20:
                f = f[:2]
            if total + len(f) > 20:
                break
            fillers.append(f)
            total += len(f)
        if lead and fillers:
            blocks.insert(0, fillers.pop())
        for f in fillers:
            blocks.insert(rng.randint(0, len(blocks)), f)
        msgs = [m for b in blocks for m in b]
        if total < 20 and rng.random() < 0.3:
            msgs.append(Msg("user", u.pick(CLOSERS)))
        first_user = True
        for m in msgs:
            if m.role != "user":
                continue
            m.text = _style(u, m.text, protect, greet=first_user and rng.random() < 0.4)
            first_user = False
        for m in msgs:
            for a in m.attrs:
                said[a].append(m)
        sessions.append({"start": when.isoformat(timespec="seconds"),
                         "messages": [(m.role, m.text) for m in msgs]})
        when = when + timedelta(days=rng.randint(14, 45), minutes=rng.randint(-300, 300))
    probes = []
    for attr in chosen:
        item = latest_item[attr] or plans[attr]["first"]
        spec = _spec(attr, item)
        if latest[attr] is None and attr in Q_ENDED:
            cands = Q_ENDED[attr]
        else:
            cands = [*_variants(spec, "q_near", item), *_variants(spec, "q_far", item)]
        cands = [c.format(**_ctx(u, item)) for c in cands]
        # about a third of the questions share no content word with what was said
        heard = {w for m in said[attr] for w in _content(m.text)}
        far = rng.random() < 1 / 3
        fitting = [c for c in cands if bool(_content(c) & heard) != far]
        q = u.pick(fitting or cands)
        ks = kinds[attr]
        if u.informal:
            ks.append("informal")
        values = [latest[attr]] if latest[attr] else gone[attr]
        if any(ord(c) > 127 and c.isalpha() for v in values for c in v):
            ks.append("non_ascii")
        probes.append({"question": q, "attr": attr, "latest": latest[attr], "stale": stale[attr],
                       "gone": gone[attr], "apart": apart[attr], "weekly": attr == "commitment",
                       "kinds": ks, "said": [m.text for m in said[attr]]})
    return {"id": f"b3-u{index:02d}", "split": "tune" if index % 2 == 0 else "held", "sessions": sessions,
            "probes": probes}


def _protected(plans: dict[str, dict[str, Any]]) -> set[str]:
    words = {d.lower() for d in DAYS}
    for p in plans.values():
        for item in p["items"]:
            for val in item.values():
                if isinstance(val, str):
                    words |= {w.lower() for w in re.findall(r"\w+", val)}
    return words


def _style(u: _User, text: str, protect: set[str], greet: bool) -> str:
    r = u.rng
    if greet:
        g = r.choice(GREET[u.variety])
        text = g + (text if text.startswith(("I ", "I'", "{")) or text[:1].isdigit() else text[:1].lower() + text[1:])
    if u.informal:
        for pat, rep in CONTRACT:
            if r.random() < 0.6:
                text = re.sub(pat, rep, text)
        if r.random() < 0.8:
            text = text.lower()
        text = text.rstrip(".")
        if r.random() < 0.5:
            cands = [m for m in re.finditer(r"[^\W\d_]{6,}", text) if m.group().lower() not in protect]
            if cands:
                m = r.choice(cands)
                w = m.group()
                j = r.randint(1, len(w) - 3)
                w = w[:j] + w[j + 1] + w[j] + w[j + 2:]
                text = text[:m.start()] + w + text[m.end():]
    if r.random() < 0.06:
        text = text + " " + r.choice(EMOJI)
    return text


def build() -> list[dict[str, Any]]:
    """The set, the same every time (one seeded random.Random)."""
    rng = random.Random(SEED)
    users = []
    for i in range(N_USERS):
        start = datetime(2025, 9, 1, 7, 0) + timedelta(days=rng.randint(0, 120), minutes=rng.randint(0, 15 * 60))
        users.append(_build_user(rng, i, start))
    return users


def digest(users: list[dict[str, Any]]) -> str:
    blob = json.dumps(users, sort_keys=True, ensure_ascii=False, default=list)
    return hashlib.sha256(blob.encode("utf-8")).hexdigest()[:12]
