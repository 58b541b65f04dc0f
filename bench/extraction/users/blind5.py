# ruff: noqa: E501  (hand-written chat data: one message per line)
"""Blind extraction set 5: hand-written chat users with memory probes.

Every conversation, fact and probe below was written by hand, one person at a
time, by an author who had not read the extractor, its rules, its tests or any
other data set of this project. Users with an even index form the "tune" split
and users with an odd index form the "held" split. Running this file checks
the data and prints its digest, which must equal FROZEN.
"""

from __future__ import annotations

from typing import Any

import handwritten

N_USERS = 32


_session, _probe = handwritten.session, handwritten.probe


# ---------------------------------------------------------------- b5-u00
def _u00():
    sessions = [
        _session(
            "2025-01-08T19:20:00",
            "Hei! I need a fiskesuppe recipe for 6 people, but without any shellfish because I am allergic to it, so no shrimps please.",
            "Sure: a creamy fish soup with cod and salmon, carrots, leek and a splash of cream works well without shellfish. Do you want it thick or more like a broth?",
            "Thick, the way my mother makes it in Stavanger. She still lives there and always puts too much cream haha",
            "Then use about 3 dl cream and a little butter-flour roux to thicken it. Simmer the vegetables in stock first and add the fish only for the last 5 minutes.",
            "Perfect. Also Sindre (my husband) wants bread with it, any quick bread without yeast?",
            "A soda bread is ready in under an hour: flour, baking soda, salt and buttermilk. Bake at 200°C for about 35 minutes.",
            "Takk, this is great. We are in Bergen so it rains always, soup is the correct food",
            "Sounds like perfect soup weather. Enjoy the dinner!",
        ),
        _session(
            "2025-03-02T10:05:00",
            "Can you help me write a short notice for the choir board? Practice is moving to Monday, no wait, Tuesday, sorry Monday was the old day.",
            "Of course. Something like: 'From next week, choir practice moves to Tuesday evenings, same time and place.' Should I add the time?",
            "Yes 19:00, in the church hall. And add it in English and Norwegian, we have some Polish members who only read English.",
            "Here it is in both: 'Fra neste uke flyttes korøvelsen til tirsdager kl. 19:00 i menighetssalen.' / 'From next week, choir practice moves to Tuesdays at 19:00 in the church hall.'",
            "Nice. I speak Norwegian and English and a bit of German from school, but my German is terrible now.",
            "Your English is very clear! If you ever want to refresh German, short daily reading helps a lot.",
            "Maybe later. Now I must walk Birk, he is looking at me with the sad dog eyes",
            "Enjoy the walk! Say hi to Birk.",
        ),
        _session(
            "2025-06-14T21:40:00",
            "Big news, we moved to Tromsø! Sindre got a job at the university here. Now I need tips for midnight sun sleeping, I cannot sleep at all",
            "Congratulations on the move! Blackout curtains or a good sleep mask help most, and keep a fixed bedtime even when it feels like afternoon.",
            "Curtains are ordered. Birk also is confused, he wants to go out at 2 in the night",
            "Dogs often adapt within a couple of weeks. Keep his walks and meals at the same clock times as before.",
            "Ok. The choir here also practices on tuesday so I could join one, lucky",
            "That's a nice coincidence, it should make settling in easier.",
            "Yes. Last question: good hiking near Tromsø that is ok for an old dog?",
            "Prestvannet is a gentle lake loop, and the Fløya trail is fine if you take the cable car up and walk along the top.",
        ),
    ]
    probes = [
        _probe("where does the user live now?", "home", "Tromsø", stale=["Bergen"],
               kinds=["changed", "non_ascii"], said=["We are in Bergen", "we moved to Tromsø"]),
        _probe("what is the user's husband called?", "partner", "Sindre",
               kinds=["in_passing"], said=["Sindre (my husband)"]),
        _probe("what food allergy does the user have?", "allergy", "shellfish",
               kinds=["in_passing"], said=["allergic to it"]),
        _probe("which city does the user's mother live in?", "parent_city", "Stavanger",
               kinds=["answer", "in_passing"], said=["my mother makes it in Stavanger"]),
        _probe("which day is the user's choir practice?", "choir_day", "Tuesday", stale=["Monday"], weekly=True,
               kinds=["slip_same_message", "restated"], said=["Practice is moving to Monday", "practices on tuesday"]),
        _probe("what languages does the user speak?", "languages", "Norwegian and English",
               kinds=["plain"], said=["I speak Norwegian and English"]),
        _probe("what is the user's dog called?", "pet", "Birk",
               kinds=["in_passing", "restated"], said=["I must walk Birk", "Birk also is confused"]),
    ]
    return sessions, probes


# ---------------------------------------------------------------- b5-u01
def _u01():
    sessions = [
        _session(
            "2025-02-11T07:45:00",
            "yo can u explain photosynthesis like super simple, got a bio test tmrw",
            "Plants take in light, water and carbon dioxide and turn them into sugar for energy, giving off oxygen as a by-product. Want a quick mnemonic?",
            "ya pls. im in year 11 at Hollins Park High and our teacher is brutal lol",
            "Try 'Light Water Carbon makes Sugar and O2' — LWC → S + O. Good luck on the test!",
            "thx. also my mum keeps saying i need a hobby thats not fifa so i started boxing at the club by the station",
            "Boxing is great for fitness and focus. How often do you train?",
            "twice a week but the sparring one is thursday thats the main one",
            "Nice. Make sure to eat something light a couple of hours before sparring.",
        ),
        _session(
            "2025-03-20T16:30:00",
            "need a birthday msg for my sister Keira she's turning 20, she lives in Manchester now for uni",
            "How about: 'Happy 20th Keira! Manchester's lucky to have you. Miss you loads — see you soon!' Want it funnier?",
            "nah thats good. she left and now i got the room w the big window 😎",
            "Ha, a classic sibling perk. Enjoy the upgrade!",
            "also got a job at Greggs on saturdays, first payslip was like £58 lol",
            "Nice first job! Want help making a simple budget for it?",
            "maybe. im saving for driving lessons when i turn 17",
            "Smart. If you save around £40 a week, you'd have a good chunk for lessons by then.",
        ),
        _session(
            "2025-05-29T20:10:00",
            "quit boxing btw, broke my thumb on the bag 🙃 doing climbing now instead, wednesday nights",
            "Ouch, sorry about the thumb. Climbing is a great switch once it's healed. Is it bouldering or ropes?",
            "bouldering. the wall is in Warrington",
            "Good choice, bouldering is easy to start and social.",
            "and i left greggs, manager was a nightmare. working at the cinema now",
            "Cinema jobs can be fun, plus free films sometimes. Need help with anything for it?",
            "nah just wanted to rant lol. actually how do i ice a thumb properly",
            "Wrap ice in a cloth, 15–20 minutes at a time, a few times a day, and keep it raised. If the pain gets worse, see your GP.",
        ),
    ]
    probes = [
        _probe("what school does the user go to?", "school", "Hollins Park High",
               kinds=["answer", "in_passing", "informal"], said=["year 11 at Hollins Park High"]),
        _probe("what sport does the user do?", "sport", "bouldering", stale=["boxing"],
               kinds=["changed", "answer", "informal"], said=["i started boxing", "doing climbing now", "bouldering. the wall"]),
        _probe("which day is the user's main training night?", "training_day", "Wednesday", stale=["Thursday"], weekly=True,
               kinds=["changed", "informal"], said=["sparring one is thursday", "wednesday nights"]),
        _probe("where does the user's sister live?", "sibling_city", "Manchester",
               kinds=["two_facts", "in_passing"], apart="Keira", said=["lives in Manchester now"]),
        _probe("what is the user's sister called?", "sibling_name", "Keira",
               kinds=["two_facts"], apart="Manchester", said=["my sister Keira"]),
        _probe("where does the user work?", "employer", "cinema", stale=["Greggs"],
               kinds=["changed", "informal"], said=["got a job at Greggs", "working at the cinema now"]),
    ]
    return sessions, probes


# ---------------------------------------------------------------- b5-u02
def _u02():
    sessions = [
        _session(
            "2025-01-15T12:10:00",
            "Hello. Please help me write email to my manager Mr Lim, I want to take leave 3 days for Chinese New Year.",
            "Certainly. 'Dear Mr Lim, I would like to request annual leave from 28 to 30 January for Chinese New Year. My tasks will be covered before I go. Thank you.' Do you want to mention who covers your work?",
            "Yes, my colleague Shirley will cover the reconciliations. I am senior accountant, month end is very busy so must explain.",
            "Added: 'Shirley has kindly agreed to cover the reconciliations during my absence, and I will complete the month-end schedules before I leave.'",
            "Very good. My name at the end is 王芳 (Wang Fang), please put both.",
            "Done: 'Best regards, 王芳 (Wang Fang)'.",
            "Thank you. Also, vegetarian reunion dinner ideas? I am vegetarian since 2019 but family is not.",
            "Try a braised mushroom and tofu claypot, vegetarian 'yu sheng' and stir-fried nian gao with vegetables — everyone can share those.",
        ),
        _session(
            "2025-04-03T21:00:00",
            "I sold my Toyota Corolla last week. In Singapore COE so expensive, I just take MRT now.",
            "That makes sense given COE prices. Do you want help planning a commute or tracking what you save?",
            "Saving. How to track simply? I am accountant but for my own money I am lazy haha",
            "A simple spreadsheet with a monthly row for old car costs vs transport spending is enough. The difference goes straight to savings.",
            "Ok. Also my mahjong group is Friday night every week, we want a small prize fund, how to be fair?",
            "Everyone puts in the same small amount each week and the person with the most wins at month end takes the pot — simple and fair.",
            "Good idea. I will tell the aunties.",
            "Have fun at mahjong!",
        ),
        _session(
            "2025-07-22T08:30:00",
            "Bad news and good news. Mr Lim retired, new manager is Ms Rao, she is much more strict.",
            "New managers can take some adjusting. Is there anything you'd like to prepare for your first one-on-one with her?",
            "Yes, she ask everyone for list of our responsibilities. Mine: group consolidation, intercompany, audit liaison.",
            "Here's a clean list: 1) Group consolidation, 2) Intercompany reconciliations, 3) Audit liaison with external auditors. Want to add achievements?",
            "Add that I closed FY audit two weeks early. Also I practice tai chi in the morning at the park, no need to put that haha",
            "Added the early FY audit close. And tai chi in the park sounds like a great way to start the day.",
            "Yes, keeps me calm for Ms Rao 😅",
            "Good strategy! Good luck with the meeting.",
        ),
    ]
    probes = [
        _probe("who is the user's manager?", "manager", "Ms Rao", stale=["Mr Lim"],
               kinds=["changed"], said=["my manager Mr Lim", "new manager is Ms Rao"]),
        _probe("what is the user's job?", "job", "senior accountant",
               kinds=["in_passing", "answer"], said=["I am senior accountant"]),
        _probe("what diet does the user follow?", "diet", "vegetarian",
               kinds=["plain"], said=["I am vegetarian since 2019"]),
        _probe("what car does the user drive?", "car", None, gone=["Toyota Corolla"],
               kinds=["ended"], said=["I sold my Toyota Corolla"]),
        _probe("which evening is the user's mahjong group?", "mahjong_day", "Friday", weekly=True,
               kinds=["in_passing"], said=["mahjong group is Friday"]),
        _probe("what exercise does the user do?", "hobby", "tai chi",
               kinds=["in_passing"], said=["I practice tai chi"]),
        _probe("what is the user's full name in Chinese?", "name", "王芳",
               kinds=["non_ascii", "answer"], said=["My name at the end is"]),
    ]
    return sessions, probes


# ---------------------------------------------------------------- b5-u03
def _u03():
    sessions = [
        _session(
            "2025-02-02T06:15:00",
            "Good morning. I am 78 and not much good with these computers but my grandson Tyler set this up for me. I want to know how long to cook a pork roast, about 4 pounds.",
            "Good morning! At 325°F, plan on roughly 25 minutes per pound, so about 1 hour 40 minutes, until the inside reads 145°F. Will you be roasting vegetables with it?",
            "Potatoes and carrots, the way Dolores used to do them. She passed two years ago this March and I am still learning the kitchen.",
            "I'm very sorry about Dolores. Put the potatoes and carrots around the roast for the last hour and they'll soak up the juices nicely.",
            "Thank you kindly. I'll try it for Sunday, after the church breakfast at First Methodist. That's every Sunday, wouldn't miss it.",
            "That sounds like a lovely weekly tradition. Enjoy the roast afterwards!",
            "Will do. Now how do I turn up the letters on this screen",
            "Hold the Ctrl key and press + a few times to make everything bigger. Ctrl and 0 puts it back to normal.",
        ),
        _session(
            "2025-03-18T14:40:00",
            "My son Dale wants me to come out to Denver for Easter. He lives there with his wife. How do I find a cheap flight from Des Moines?",
            "Try searching a few weeks ahead on sites like Google Flights and compare nearby dates; mid-week flights are often cheaper. Would you drive to Des Moines airport?",
            "Yes I'd drive the truck, the old Ford F-150. Ames to Des Moines is only about 40 minutes.",
            "Then long-term parking at the airport is easy. Book the flight first, then reserve parking online to save a bit.",
            "Good. Also the dog, Buster, he's a beagle, who watches him? Tyler has football.",
            "A local kennel or a neighbor you trust could help. Many vets also offer boarding for a few days.",
            "I'll ask Marge next door. She likes Buster better than me I think.",
            "Sounds like Buster will be in good hands!",
        ),
        _session(
            "2025-05-09T10:00:00",
            "Well I finally did it, traded in the F-150 for a Buick Enclave. Dale said the truck was getting dangerous for my knees climbing up.",
            "Congratulations on the new car! The Enclave should be much easier to get in and out of. Do you need help with any of its features?",
            "Yes the bluetooth phone thing. How do I hook my phone up",
            "On the car screen choose Phone, then Pair Device. On your phone open Settings, Bluetooth, and pick the Buick from the list, then confirm the code matches.",
            "It worked! Now I can call Dale while I drive. Not too long mind you.",
            "Great job! Hands-free is much safer. Anything else today?",
            "What's a good pie for the church potluck? Rhubarb is my favorite but it's early",
            "Early rhubarb is actually tender and perfect for pie. Mix it with strawberries if it's too tart.",
        ),
    ]
    probes = [
        _probe("what car does the user drive?", "car", "Buick Enclave", stale=["Ford F-150", "F-150"],
               kinds=["changed", "in_passing"], said=["the old Ford F-150", "Buick Enclave"]),
        _probe("what is the user's wife called?", "partner", None, gone=["Dolores"],
               kinds=["ended", "in_passing"], said=["She passed two years ago"]),
        _probe("which city does the user's son live in?", "child_city", "Denver",
               kinds=["in_passing"], said=["He lives there with his wife"]),
        _probe("what is the user's dog called and what breed is it?", "pet", "Buster",
               kinds=["answer", "two_facts"], apart="beagle", said=["he's a beagle"]),
        _probe("which day is the user's church breakfast?", "church_day", "Sunday", weekly=True,
               kinds=["in_passing"], said=["every Sunday"]),
        _probe("what town does the user live in?", "home", "Ames",
               kinds=["answer", "in_passing"], said=["Ames to Des Moines"]),
        _probe("what is the user's favourite pie?", "favourite", "Rhubarb",
               kinds=["in_passing"], said=["Rhubarb is my favorite"]),
    ]
    return sessions, probes


# ---------------------------------------------------------------- b5-u04
def _u04():
    sessions = [
        _session(
            "2025-01-27T22:15:00",
            "ok so I need a vegan dinner that looks fancy but takes 30 min max. my boyfriend Tom's parents are coming and they think vegans only eat salad 🙄",
            "Try a mushroom and chestnut risotto with crispy sage and a lemony rocket side — rich, pretty and about 30 minutes. Any nut allergies at the table?",
            "no allergies. I've been vegan like 6 years, Tom isn't but he eats whatever I cook lol",
            "Then the risotto plus a dark chocolate avocado mousse for dessert will win them over.",
            "love it. sorry my cat Mochi keeps walking on the keyboard. dhjkfh",
            "Mochi clearly wants to help with the menu. 🐱",
            "she's a menace. ok last thing, how do i say 'cheers' in portuguese, they're from here and Tom's mum only speaks portuguese",
            "'Saúde!' is the usual toast in Portuguese.",
        ),
        _session(
            "2025-03-10T09:20:00",
            "can u help me polish my portfolio intro? I'm a UX designer at Farfetch here in Lisbon but I want to apply elsewhere",
            "Sure. Paste your current intro and tell me what kind of role you're aiming for.",
            "'Hi I'm Zoë, I design calm interfaces for chaotic products.' aiming for senior product design roles, remote ideally",
            "Nice hook. Maybe: 'Hi, I'm Zoë — a product designer who turns chaotic products into calm, usable interfaces.' Then add one line with a measurable result.",
            "result: reduced checkout drop-off 18% on the app redesign",
            "Perfect, that's a strong, concrete line. Add it right after the intro.",
            "also unrelated but Tom and I split up last weekend. so. the dinner worked but we didn't 😅",
            "I'm sorry, that sounds like a rough week. Focusing on the portfolio might be a good distraction — I'm here if you want to vent too.",
        ),
        _session(
            "2025-06-01T18:00:00",
            "update!! I got the job, I'm at Miro now, fully remote. still in Lisbon tho",
            "Congratulations! That's a big step. Anything you want help with for your first weeks?",
            "a little intro message for the team slack. also i speak english, italian and portuguese ok-ish, should i mention?",
            "Yes, it's a nice personal touch: 'Hi all! I'm Zoë, new product designer, based in Lisbon. I speak English, Italian and some Portuguese — happy to chat in any of them!'",
            "cute. also I'm seeing someone new, Inês, she's a ceramicist, she said put something about pottery in it bc i'm learning now haha",
            "Add: 'Currently learning pottery and making very wonky mugs.' It's friendly and shows personality.",
            "wonky is accurate 😂 thursday is my pottery class and my mugs look like potatoes",
            "Potato mugs are a rite of passage. They'll straighten out in a few weeks!",
        ),
    ]
    probes = [
        _probe("who is the user's partner?", "partner", "Inês", stale=["Tom"],
               kinds=["changed", "ended", "non_ascii", "informal"], said=["my boyfriend Tom's parents", "Tom and I split up", "seeing someone new"]),
        _probe("where does the user work?", "employer", "Miro", stale=["Farfetch"],
               kinds=["changed", "two_facts"], apart="Lisbon", said=["UX designer at Farfetch", "I'm at Miro now"]),
        _probe("what city does the user live in?", "home", "Lisbon",
               kinds=["two_facts", "restated"], apart="Farfetch", said=["at Farfetch here in Lisbon", "still in Lisbon"]),
        _probe("what diet does the user follow?", "diet", "vegan",
               kinds=["plain", "informal"], said=["I've been vegan"]),
        _probe("what is the user's cat called?", "pet", "Mochi",
               kinds=["in_passing"], said=["my cat Mochi"]),
        _probe("what languages does the user speak?", "languages", "english, italian and portuguese",
               kinds=["plain", "informal"], said=["i speak english, italian"]),
        _probe("which day is the user's pottery class?", "pottery_day", "Thursday", weekly=True,
               kinds=["informal", "in_passing"], said=["thursday is my pottery class"]),
    ]
    return sessions, probes


# ---------------------------------------------------------------- b5-u05
def _u05():
    sessions = [
        _session(
            "2025-02-20T20:45:00",
            "Hi, my kids Zosia and Antek need to learn the times tables, Zosia is 8 and Antek is 6. Any game ideas?",
            "Try 'times-table snap' with cards, or a dice game where they multiply the two numbers for points. Do they like competing with each other?",
            "Too much, they fight for everything 😂 Maybe better they play against me.",
            "Then a team game: they both play against you and share the points. Cooperation plus maths!",
            "Good. Also I am from Poland, we live in Wrocław, and the school here teaches it different from how I learned. Is there a trick for the 9s?",
            "The finger trick: hold up 10 fingers, fold down the nth finger for 9×n, and the fingers left and right give the tens and units.",
            "Wow they will love this. Thanks!",
            "Have fun with it!",
        ),
        _session(
            "2025-04-25T07:50:00",
            "Hello again. We are moving to Dublin next month, I got a job as QA lead at Stripe. Help me write a checklist for moving with kids?",
            "Congratulations! Key items: school places, PPS numbers, GP registration, housing, bank account, and packing kids' favorite things separately. Do you already have a school?",
            "Yes, St. Brigid's National School, both kids got a place there.",
            "Great, that's a big one done. Add uniform shopping and the school's start dates to the list.",
            "And the car — we keep the Skoda Octavia or sell it? It is left-hand drive.",
            "Left-hand drive cars are legal in Ireland but less practical and hard to resell. Many people sell before moving and buy locally.",
            "Ok I think we sell the Skoda then.",
            "That's probably the simpler route. Good luck with the move!",
        ),
        _session(
            "2025-08-12T19:30:00",
            "Łukasz here, we are in Dublin now, everything ok. My manager Fiona asks me to do a presentation about test automation, can you help structure?",
            "Sure: 1) Why automate, 2) Current coverage, 3) Proposed tools and pipeline, 4) Roadmap and costs, 5) Risks. How long should it be?",
            "20 minutes. The team knows Cypress already.",
            "Then skip basics and focus on the roadmap and flaky-test strategy — that's where most of the value is.",
            "Good idea. Also Saturday the kids go to Polish school in Dublin, so I prepare on Sunday.",
            "Sounds like a nice routine, keeping their Polish strong.",
            "Yes. And I still play chess online in the evening, it helps me think. Any openings for a beginner in 1.e4?",
            "The Italian Game is classic and easy to learn: 1.e4 e5 2.Nf3 Nc6 3.Bc4. It teaches good development.",
        ),
    ]
    probes = [
        _probe("what city does the user live in now?", "home", "Dublin", stale=["Wrocław"],
               kinds=["changed", "non_ascii", "restated"], said=["we live in Wrocław", "moving to Dublin next month", "we are in Dublin now"]),
        _probe("what are the user's children called?", "children", "Zosia and Antek",
               kinds=["plain"], said=["my kids Zosia and Antek"]),
        _probe("which school do the user's children attend?", "school", "St. Brigid's National School",
               kinds=["answer"], said=["both kids got a place"]),
        _probe("where does the user work?", "employer", "Stripe",
               kinds=["two_facts"], apart="QA lead", said=["QA lead at Stripe"]),
        _probe("what car does the user have?", "car", None, gone=["Skoda Octavia", "Skoda"],
               kinds=["ended"], said=["keep the Skoda Octavia", "we sell the Skoda"]),
        _probe("who is the user's manager?", "manager", "Fiona",
               kinds=["in_passing"], said=["My manager Fiona"]),
        _probe("which day do the user's kids go to Polish school?", "polish_school_day", "Saturday", weekly=True,
               kinds=["in_passing"], said=["Saturday the kids go to Polish school"]),
        _probe("what hobby does the user have?", "hobby", "chess",
               kinds=["in_passing"], said=["I still play chess"]),
    ]
    return sessions, probes


# ---------------------------------------------------------------- b5-u06
def _u06():
    sessions = [
        _session(
            "2025-01-12T17:05:00",
            "Good evening. I need a lunchbox plan for the week for my daughter, she has a peanut allergy so it must be very safe.",
            "Good evening! For your son's peanut allergy, some safe options are jollof rice with chicken, yam and egg sauce, or sandwiches with sunflower seed butter. Does the school have a nut-free policy?",
            "Not my son o, it is my daughter Adaeze, she is 9. The school is not strict about nuts, that is why I worry.",
            "Sorry about that mix-up. For Adaeze, label her lunchbox clearly and give her teacher a short note about the allergy and her EpiPen if she has one.",
            "She has the EpiPen. I am a teacher myself at Corona Secondary School, different school, so I know how busy teachers are.",
            "Then a one-page allergy card with her photo, symptoms and what to do will be easiest for her teacher.",
            "Good idea, I will make it tonight.",
            "Glad to help. I hope the week goes smoothly.",
        ),
        _session(
            "2025-03-04T21:30:00",
            "Please help me draft a message to our principal Mrs Adeyemi. I want to propose a reading club for JSS2.",
            "Sure: 'Dear Mrs Adeyemi, I would like to propose a weekly reading club for JSS2 students to build reading habits and comprehension...' When would it meet?",
            "Wednesday after the staff meeting, we already stay late that day.",
            "Added: 'The club would meet on Wednesdays after the staff meeting, so no extra trips to school are needed.'",
            "Perfect. And our generator keeps shutting off after 10 minutes, what can cause it? My husband Chidi says fuel but I am not sure.",
            "Common causes are a dirty air filter, old fuel, or a clogged carburettor. Chidi might be right — try fresh fuel and a clean filter first.",
            "Ehen, I will tell him he was right, he will be happy for one week 😂",
            "Ha! Hope the generator behaves.",
        ),
        _session(
            "2025-06-18T16:20:00",
            "We are planning to visit my sister Ngozi in Abuja for the long holiday. Road or flight from Lagos with two children?",
            "With two kids, a flight is much quicker (about an hour) and usually safer than the long road trip. How old is your other child?",
            "Our son Obinna is 5. So flight then.",
            "Yes — book early, the holiday fares rise quickly. Pack snacks that are safe for Adaeze.",
            "Of course. Also the reading club started and the children love it!",
            "That's wonderful news, congratulations on getting it running.",
            "Thank you. My favourite book to read with them is Things Fall Apart, of course",
            "A perfect choice — a classic with so much to discuss.",
        ),
    ]
    probes = [
        _probe("what allergy does the user's daughter have?", "child_allergy", "peanut",
               kinds=["in_passing"], said=["she has a peanut allergy"]),
        _probe("what is the user's daughter called?", "daughter", "Adaeze",
               kinds=["slip_next_message", "answer"], said=["it is my daughter Adaeze"]),
        _probe("what is the user's son called?", "son", "Obinna",
               kinds=["answer"], said=["Our son Obinna"]),
        _probe("where does the user work?", "employer", "Corona Secondary School",
               kinds=["in_passing"], said=["teacher myself at Corona Secondary School"]),
        _probe("who is the user's principal?", "manager", "Mrs Adeyemi",
               kinds=["in_passing"], said=["our principal Mrs Adeyemi"]),
        _probe("which day does the user's reading club meet?", "club_day", "Wednesday", weekly=True,
               kinds=["answer"], said=["Wednesday after the staff meeting"]),
        _probe("what is the user's husband called?", "partner", "Chidi",
               kinds=["in_passing"], said=["My husband Chidi"]),
        _probe("which city does the user's sister live in?", "sibling_city", "Abuja",
               kinds=["two_facts"], apart="Ngozi", said=["my sister Ngozi in Abuja"]),
    ]
    return sessions, probes


# ---------------------------------------------------------------- b5-u07
def _u07():
    sessions = [
        _session(
            "2025-02-05T13:00:00",
            "how to make cold brew at home",
            "Mix coarsely ground coffee with cold water (about 1:8), steep 12–18 hours in the fridge, then strain. Do you have a French press?",
            "yes. im a barista at Juan Valdez so i know espresso but not this",
            "Then the French press is perfect: steep in it overnight and press slowly in the morning.",
            "ok. also english practice, correct this: 'I am studying programming since 6 months'",
            "Better: 'I have been studying programming for 6 months.'",
            "thx. i speak spanish, english is my second, learning",
            "Your English is good! Keep practising a bit every day.",
        ),
        _session(
            "2025-04-14T22:10:00",
            "interview tmrw junior dev at Rappi. nervous. what questions",
            "Expect: tell me about yourself, a project you built, basic JavaScript or Python questions and maybe a small live coding task. What stack did you learn?",
            "react and node",
            "Review React hooks, async/await in Node, and how you'd fetch and render data. Prepare one project to explain end to end.",
            "ok. my girlfriend Valentina is quizzing me lol",
            "Great practice partner! Good luck tomorrow.",
            "gracias 🙏",
            "De nada — you've got this!",
        ),
        _session(
            "2025-06-30T08:05:00",
            "got the rappi job. quit juan valdez last week",
            "¡Felicitaciones! How's the first week going?",
            "good. long commute tho. i go on my moto, Yamaha NMAX, bogotá traffic is crazy",
            "A scooter is smart in Bogotá traffic. Make sure your helmet and reflective vest are up to date.",
            "yes. sunday i ride bike on the ciclovía, different thing, relaxing",
            "The Sunday ciclovía is a great way to unwind. Do you ride with anyone?",
            "with Valentina usually",
            "Sounds like a nice weekly ritual.",
        ),
    ]
    probes = [
        _probe("what is the user's job?", "job", "junior dev", stale=["barista"],
               kinds=["changed", "informal"], said=["im a barista at Juan Valdez", "got the rappi job"]),
        _probe("where does the user work?", "employer", "Rappi", stale=["Juan Valdez"],
               kinds=["changed", "informal", "two_facts"], apart="barista", said=["interview tmrw junior dev at Rappi", "quit juan valdez"]),
        _probe("what is the user's girlfriend called?", "partner", "Valentina",
               kinds=["in_passing", "restated"], said=["my girlfriend Valentina", "with Valentina usually"]),
        _probe("what vehicle does the user ride to work?", "vehicle", "Yamaha NMAX",
               kinds=["answer", "informal"], said=["Yamaha NMAX"]),
        _probe("what city does the user live in?", "home", "bogotá",
               kinds=["in_passing", "non_ascii"], said=["bogotá traffic"]),
        _probe("which day does the user cycle the ciclovía?", "cycling_day", "Sunday", weekly=True,
               kinds=["informal"], said=["sunday i ride bike"]),
        _probe("what languages does the user speak?", "languages", "spanish",
               kinds=["plain", "informal"], said=["i speak spanish"]),
    ]
    return sessions, probes


# ---------------------------------------------------------------- b5-u08
def _u08():
    sessions = [
        _session(
            "2025-01-20T10:30:00",
            "Good morning. I should like a gluten-free Victoria sponge recipe, as I am coeliac and the bridge ladies insist on cake.",
            "Good morning! Use a gluten-free self-raising flour blend with an extra ½ tsp of baking powder and a tablespoon of milk; otherwise the classic method works. When is the bridge afternoon?",
            "Tuesdays, at the church hall in Widcombe. We have played there since I retired from the library.",
            "Lovely. Bake the sponge the day before — gluten-free cakes actually firm up nicely overnight.",
            "Splendid. My little dog, Pip, will of course expect the crumbs. He is a Jack Russell of enormous opinions.",
            "Jack Russells rarely lack opinions! Just keep the jam away from him.",
            "Quite. Thank you, dear.",
            "You're very welcome. Enjoy the bridge.",
        ),
        _session(
            "2025-03-15T15:00:00",
            "I am afraid I have sad news. Pip died on Thursday, at fifteen. The house is dreadfully quiet.",
            "I'm so sorry, Margaret. Fifteen years is a long life full of companionship. Would it help to talk about him, or would you like ideas for remembering him?",
            "Ideas, I think. My sister Eleanor in Edinburgh suggested planting something.",
            "A rose or a small shrub in his favourite corner of the garden is a lovely idea. Some people add a small engraved stone.",
            "A rose, then. Something white. Would 'Iceberg' do in Bath? Our garden is rather shady.",
            "Iceberg copes with partial shade better than most roses; give it at least four hours of sun and rich soil.",
            "Thank you. I shall drive to the garden centre in the Jazz tomorrow.",
            "That sounds like a good plan. Take care of yourself.",
        ),
        _session(
            "2025-05-27T11:45:00",
            "A small change of routine: bridge has moved to Wednesdays because the hall has been let to a toddler group on Tuesdays. Could you help me word a note to the members?",
            "Of course: 'Dear all, from June our bridge afternoons will be held on Wednesdays at the usual time, as the hall is now used on Tuesdays. With best wishes, Margaret.'",
            "Perfect. Also my Honda Jazz failed its MOT on the brakes, how much should that cost to put right, roughly?",
            "Front pads and discs on a Jazz typically cost around £150–£250 at an independent garage. Getting two quotes is sensible.",
            "I shall. And I have been reading Barbara Pym again, she remains my favourite author after all these years.",
            "Excellent Women is a wonderful reread. Do you have a favourite of hers?",
            "Excellent Women, without doubt.",
            "A fine choice!",
        ),
    ]
    probes = [
        _probe("which day does the user play bridge?", "bridge_day", "Wednesday", stale=["Tuesday"], weekly=True,
               kinds=["changed", "answer"], said=["Tuesdays, at the church hall", "bridge has moved to Wednesdays"]),
        _probe("what dog does the user have?", "pet", None, gone=["Pip"],
               kinds=["ended"], said=["My little dog, Pip", "Pip died on Thursday"]),
        _probe("what is the user's dietary restriction?", "diet", "coeliac",
               kinds=["in_passing"], said=["I am coeliac"]),
        _probe("where does the user's sister live?", "sibling_city", "Edinburgh",
               kinds=["two_facts", "in_passing"], apart="Eleanor", said=["My sister Eleanor in Edinburgh"]),
        _probe("what car does the user drive?", "car", "Honda Jazz",
               kinds=["in_passing", "restated"], said=["in the Jazz tomorrow", "my Honda Jazz failed"]),
        _probe("which city does the user live in?", "home", "Bath",
               kinds=["in_passing"], said=["do in Bath"]),
        _probe("who is the user's favourite author?", "favourite", "Barbara Pym",
               kinds=["plain"], said=["reading Barbara Pym"]),
    ]
    return sessions, probes


# ---------------------------------------------------------------- b5-u09
def _u09():
    sessions = [
        _session(
            "2025-02-09T23:10:00",
            "Hi, I need SQL help. I am data analyst in Infosys, Bengaluru, and need to find second highest salary per department",
            "Use a window function: SELECT * FROM (SELECT dept, salary, DENSE_RANK() OVER (PARTITION BY dept ORDER BY salary DESC) r FROM emp) t WHERE r = 2; Which database are you on?",
            "Oracle",
            "That query works as-is in Oracle. DENSE_RANK handles ties so you still get the true second-highest.",
            "Superb. Also small personal query, wife Anjali and me want to start SIP, 10k per month, index fund or flexi cap?",
            "For a long horizon, a low-cost Nifty 50 index fund is a simple core; a flexi-cap can be added if you want some active exposure. How many years are you investing for?",
            "15 years minimum, for kid's education. Baby is due in June 🙂",
            "Congratulations! With 15 years, an index-heavy SIP is a solid choice. Consider increasing it yearly with your salary.",
        ),
        _session(
            "2025-04-22T07:00:00",
            "Gym schedule please, I go Monday Wednesday Friday before office. I am lactose intolerant so protein options without milk",
            "Try a push / pull / legs split across those days. For protein: eggs, paneer-free dal, soy chunks, chicken, and lactose-free whey or pea protein.",
            "Paneer I can eat small quantity actually, its low lactose. Monday is leg day, fix that",
            "Noted: Monday legs, Wednesday push, Friday pull. A little paneer is fine then.",
            "Also which is better for me, Hindi or Kannada class? I speak Malayalam, English and Hindi already so maybe Kannada",
            "Since you already speak Hindi and live in Bengaluru, Kannada will be more useful day to day — and Malayalam shares some Dravidian roots with it.",
            "Kannada it is 👍",
            "Great choice, good luck!",
        ),
        _session(
            "2025-08-03T20:40:00",
            "Lot of updates. Baby girl Diya arrived in June, and I switched jobs, joined Swiggy as senior analyst. We shifted to Pune too for Anjali's parents",
            "Congratulations on Diya and the new role! How are you settling into Pune?",
            "Settling. Sleeping 4 hours only 😅 Anjali's parents live in Kothrud, we took flat nearby",
            "Having family close by will help a lot with a newborn. Anything I can help with?",
            "Yes, swaddle technique, Diya keeps getting her hands out",
            "Fold a square blanket into a triangle, place her with shoulders at the fold, tuck one arm down snugly, fold the bottom up, then wrap the other side firmly. Keep hips loose.",
            "Will try tonight. Thanks",
            "Good luck, and congratulations again!",
        ),
    ]
    probes = [
        _probe("where does the user work?", "employer", "Swiggy", stale=["Infosys"],
               kinds=["changed", "two_facts"], apart="Pune", said=["data analyst in Infosys", "joined Swiggy"]),
        _probe("which city does the user live in now?", "home", "Pune", stale=["Bengaluru"],
               kinds=["changed", "two_facts"], apart="Swiggy", said=["in Infosys, Bengaluru", "shifted to Pune"]),
        _probe("what is the user's wife called?", "partner", "Anjali",
               kinds=["in_passing", "restated"], said=["wife Anjali and me", "for Anjali's parents"]),
        _probe("what is the user's child called?", "child", "Diya",
               kinds=["plain", "two_facts"], apart="Swiggy", said=["Baby girl Diya"]),
        _probe("what dietary restriction does the user have?", "diet", "lactose intolerant",
               kinds=["in_passing"], said=["I am lactose intolerant"]),
        _probe("which languages does the user speak?", "languages", "Malayalam, English and Hindi",
               kinds=["in_passing"], said=["I speak Malayalam, English and Hindi"]),
        _probe("which day is the user's leg day?", "leg_day", "Monday", weekly=True,
               kinds=["slip_next_message"], said=["Monday is leg day"]),
    ]
    return sessions, probes


# ---------------------------------------------------------------- b5-u10
def _u10():
    sessions = [
        _session(
            "2025-01-30T18:25:00",
            "Howzit. I'm an electrician, run my own small business, need a quote template that looks professional. Nothing fancy",
            "Sure: header with your business name and contact details, client details, a table of items (labour, materials, call-out fee), VAT line, total, validity date and payment terms. Are you VAT registered?",
            "Not yet, turnover's still under the limit. Business name is Dlamini Electrical.",
            "Then leave the VAT line off and add 'Not VAT registered' under the total. Want me to write it out?",
            "Ja please. Also put my bakkie number plate on it? no that's silly, forget it",
            "Agreed, skip the plate. Here's a clean template with Dlamini Electrical at the top, items table, total and 14-day validity.",
            "Lekker. Thanks bru",
            "Any time, good luck with the quotes!",
        ),
        _session(
            "2025-03-12T21:15:00",
            "My Hilux needs new tyres, all-terrain or highway? I do mostly town jobs in Joburg but sometimes farms",
            "If most of your driving is town with occasional gravel, a mild all-terrain gives you the best of both without much road noise. What size are the current tyres?",
            "265/65 R17",
            "Good size for that — look at the BFGoodrich Trail-Terrain or a Dunlop AT3 in 265/65 R17.",
            "Ok. And my brother Bongani stays in Soweto, he wants to learn the trade, how do apprenticeships work here?",
            "He can register as an apprentice through a SETA-accredited programme, work under a qualified electrician for the hours needed, then do the trade test. You could be his mentor if you're qualified.",
            "Sorry Bongani moved actually, he's in Pretoria now since last year. I keep forgetting. Can he still do it with me?",
            "Yes, as long as he can work under you regularly; the distance is the main practical issue.",
        ),
        _session(
            "2025-05-20T19:50:00",
            "Thursday is 5-a-side with the okes, I always pull my hamstring. Warmup ideas?",
            "Do 8–10 minutes: light jog, leg swings, walking lunges, hamstring sweeps and a few short accelerating runs. Also stretch after the game.",
            "Will try. Thandi says I'm too old for it at 38 haha",
            "Plenty of people play well into their 40s — warm-ups are the secret.",
            "Tell her that 😂. Also my daughter Lerato starts at Parktown Girls next year, what should we buy early",
            "Uniform, school shoes, stationery list and a good backpack usually sell out — check the school's list and shop in November.",
            "Sharp. And Chiefs lost again, my team is killing me",
            "Chiefs fans are nothing if not loyal — better luck next match!",
        ),
    ]
    probes = [
        _probe("what is the user's job?", "job", "electrician",
               kinds=["plain"], said=["I'm an electrician"]),
        _probe("what is the name of the user's business?", "employer", "Dlamini Electrical",
               kinds=["answer"], said=["Business name is Dlamini Electrical"]),
        _probe("what vehicle does the user drive?", "car", "Hilux",
               kinds=["in_passing", "informal"], said=["My Hilux needs"]),
        _probe("which city does the user's brother live in?", "sibling_city", "Pretoria", stale=["Soweto"],
               kinds=["slip_next_message", "changed"], said=["Bongani stays in Soweto", "he's in Pretoria now"]),
        _probe("which day does the user play 5-a-side?", "football_day", "Thursday", weekly=True,
               kinds=["informal"], said=["Thursday is 5-a-side"]),
        _probe("what school will the user's daughter attend?", "school", "Parktown Girls",
               kinds=["two_facts"], apart="Lerato", said=["starts at Parktown Girls"]),
        _probe("who is the user's partner?", "partner", "Thandi",
               kinds=["in_passing"], said=["Thandi says"]),
        _probe("what is the user's favourite football team?", "favourite", "Chiefs",
               kinds=["informal", "in_passing"], said=["Chiefs lost again"]),
    ]
    return sessions, probes


# ---------------------------------------------------------------- b5-u11
def _u11():
    sessions = [
        _session(
            "2025-02-16T06:40:00",
            "Guten Morgen. I work night shifts as nurse on the cardiology station at UKE in Hamburg. How can I sleep better in the day?",
            "Guten Morgen! Keep the room completely dark and cool, wear earplugs, avoid caffeine in the last 6 hours of your shift, and keep the same sleep window even on days off where possible. How many nights in a row do you work?",
            "Four nights, then four free. My husband Jürgen is very loud in the morning with coffee machine 🙄",
            "A white-noise machine could help a lot, and maybe Jürgen could make coffee before you get home.",
            "I will tell him. Also I eat fish but no meat, since 20 years. Quick dinners for before the shift?",
            "Try salmon with rice and greens, tuna and white bean salad, or a quick shrimp and vegetable stir-fry — light but filling.",
            "Good, thank you.",
            "Gern geschehen. Sleep well!",
        ),
        _session(
            "2025-04-08T14:10:00",
            "I need to write a letter of resignation in German and English. I leave UKE and start in a hospice, Hospiz Leuchtfeuer, in June.",
            "That's a big change. Here's a short version: 'Sehr geehrte Frau/Herr …, hiermit kündige ich mein Arbeitsverhältnis fristgerecht zum 31. Mai 2025.' Who should it be addressed to?",
            "To my Stationsleitung, Frau Brandt.",
            "'Sehr geehrte Frau Brandt, hiermit kündige ich mein Arbeitsverhältnis fristgerecht zum 31. Mai 2025. Ich danke Ihnen für die gute Zusammenarbeit.' And in English: 'Dear Ms Brandt, I hereby resign from my position effective 31 May 2025. Thank you for our good cooperation.'",
            "Perfect. No more night shifts, finally.",
            "That will make a huge difference to your sleep. Congratulations on the new job.",
            "Danke. At the hospice my new boss is Herr Okonkwo, very kind man.",
            "That sounds like a good start.",
        ),
        _session(
            "2025-07-05T08:00:00",
            "Saturday mornings I row on the Alster with my club, today wind is strong. Is 25 km/h too much for a four?",
            "25 km/h is borderline; on a sheltered part of the Alster a coxed four can usually manage, but waves on open water get risky. Check what your club's safety rules say.",
            "Club rule is 30, so ok. After rowing we go to Isemarkt, best market in Hamburg",
            "Enjoy both! Isemarkt under the railway is lovely on a Saturday.",
            "Also our son Finn moved to Leipzig for studying, he calls only when he needs money haha",
            "A classic student pattern! Maybe set a weekly call time with him.",
            "Sunday evening, good idea.",
            "That could become a nice routine.",
        ),
    ]
    probes = [
        _probe("where does the user work?", "employer", "Hospiz Leuchtfeuer", stale=["UKE"],
               kinds=["changed"], said=["at UKE in Hamburg", "start in a hospice"]),
        _probe("who is the user's manager?", "manager", "Herr Okonkwo", stale=["Frau Brandt"],
               kinds=["changed", "answer"], said=["To my Stationsleitung", "my new boss is Herr Okonkwo"]),
        _probe("what is the user's husband called?", "partner", "Jürgen",
               kinds=["in_passing", "non_ascii"], said=["My husband Jürgen"]),
        _probe("what diet does the user follow?", "diet", "fish but no meat",
               kinds=["plain"], said=["I eat fish but no meat"]),
        _probe("which day does the user go rowing?", "rowing_day", "Saturday", weekly=True,
               kinds=["in_passing"], said=["Saturday mornings I row"]),
        _probe("which city does the user's son live in?", "child_city", "Leipzig",
               kinds=["two_facts"], apart="Finn", said=["our son Finn moved to Leipzig"]),
        _probe("what city does the user live in?", "home", "Hamburg",
               kinds=["in_passing", "restated"], said=["at UKE in Hamburg", "best market in Hamburg"]),
    ]
    return sessions, probes


# ---------------------------------------------------------------- b5-u12
def _u12():
    sessions = [
        _session(
            "2025-01-09T01:30:00",
            "cant sleep. give me a cheap vegetarian meal prep for the week, im a broke ubc student lol",
            "Try a big pot of chickpea curry, a tray of roasted veg with rice, and overnight oats for breakfasts — all under about $35. Do you have a freezer?",
            "tiny one, shared w 3 roommates in a basement suite in kits",
            "Then portion the curry into 3–4 containers and freeze just two; the rest keeps 4 days in the fridge.",
            "ok bet. also my cat biscuit ate a hair tie, should i panic",
            "If Biscuit is eating, pooping and not vomiting, watch closely for 48 hours; if there's vomiting, lethargy or no appetite, call a vet right away since it can cause a blockage.",
            "she seems fine, sassy as usual",
            "Good sign. Keep hair ties out of reach!",
        ),
        _session(
            "2025-03-03T17:45:00",
            "help me write a text to my boss at the bubble tea place, i need to swap my tuesday shift",
            "Sure: 'Hi! Would it be okay if I swapped my Tuesday shift this week? I can cover another day instead. Thanks!' What's your boss's name?",
            "Mei. and actually its wednesday not tuesday, i always mix them up",
            "Updated: 'Hi Mei! Would it be okay if I swapped my Wednesday shift this week? I can cover another day instead. Thanks!'",
            "perfect. also update: went full vegan this month, jun (partner) got me into it",
            "That's a big change! Make sure to get B12 and enough protein — tofu, lentils and tempeh are your friends.",
            "ya jun cooks tempeh like a god",
            "Lucky you!",
        ),
        _session(
            "2025-05-22T12:00:00",
            "summer plans: going home to Calgary for 2 months, my parents are there. what do i do with biscuit",
            "You could bring her — cats can fly in-cabin on most Canadian airlines with a carrier — or ask a roommate to cat-sit. Do your roommates get along with her?",
            "one of them is allergic so no. ill fly her",
            "Then book her in-cabin spot early; airlines limit pets per flight.",
            "ok. also i talk cantonese with my parents and english everywhere else, should i put both on my resume",
            "Yes — list 'English (native), Cantonese (fluent)' under languages. It's a real asset in Vancouver.",
            "nice. fav thing about summer = stardew valley all night no guilt",
            "A perfect summer plan. Enjoy Calgary!",
        ),
    ]
    probes = [
        _probe("what is the user's cat called?", "pet", "biscuit",
               kinds=["in_passing", "informal", "restated"], said=["my cat biscuit", "what do i do with biscuit"]),
        _probe("what diet does the user follow?", "diet", "vegan", stale=["vegetarian"],
               kinds=["changed", "informal"], said=["cheap vegetarian meal prep", "went full vegan"]),
        _probe("who is the user's partner?", "partner", "jun",
               kinds=["in_passing", "two_facts", "informal"], apart="vegan", said=["jun (partner)"]),
        _probe("who is the user's boss?", "manager", "Mei",
               kinds=["answer"], said=["Mei. and actually"]),
        _probe("which day is the user's regular bubble tea shift?", "shift_day", "Wednesday", stale=["Tuesday"], weekly=True,
               kinds=["slip_next_message"], said=["swap my tuesday shift", "its wednesday not tuesday"]),
        _probe("which city do the user's parents live in?", "parent_city", "Calgary",
               kinds=["in_passing"], said=["going home to Calgary"]),
        _probe("what languages does the user speak?", "languages", "cantonese",
               kinds=["informal"], said=["i talk cantonese"]),
        _probe("what is the user's favourite thing about summer?", "favourite", "stardew valley",
               kinds=["informal"], said=["stardew valley all night"]),
    ]
    return sessions, probes


# ---------------------------------------------------------------- b5-u13
def _u13():
    sessions = [
        _session(
            "2025-02-14T11:00:00",
            "Good day. I am a retired pharmacist from Amman and I have type 2 diabetes. Can you suggest a dessert for Friday family lunch that will not raise my sugar too much?",
            "Good day! A small serving of baked apples with cinnamon and walnuts, or Greek yoghurt with berries and a few crushed pistachios, are gentle on blood sugar. How many people come to the lunch?",
            "Every Friday around fifteen, my children and grandchildren. My son Omar cannot come, he lives in Dubai.",
            "Then make a large tray of the baked apples; they look festive for fifteen and are easy to portion.",
            "Good. My granddaughter Layla wants me to teach her tatreez, the Palestinian embroidery. What is a simple first pattern?",
            "A small cypress tree or an eight-pointed star in cross-stitch is a classic beginner motif. Use 14-count Aida cloth and red thread for practice.",
            "The star, of course. It was my mother's favourite.",
            "A beautiful way to pass it on.",
        ),
        _session(
            "2025-04-01T19:30:00",
            "I want to practise my French, I speak Arabic and English well but French I learned in school long ago. Can we talk a little?",
            "Avec plaisir ! Parlez-moi de votre journée. Qu'avez-vous fait aujourd'hui ?",
            "J'ai cuisiné maqluba pour ma fille. Elle habite à Toronto mais elle est ici pour les vacances.",
            "Très bien ! Votre phrase est parfaite. La maqluba était réussie ?",
            "Oui, très réussie, mais j'ai oublié le yaourt.",
            "Ce n'est pas grave ! Votre français est très bon.",
            "Merci. Enough for today, my eyes are tired.",
            "Of course — well done, à bientôt !",
        ),
        _session(
            "2025-06-10T09:15:00",
            "I sold the Kia yesterday. My eyes are not good for night driving anymore, my son-in-law drives me now.",
            "That's a sensible decision. Would it help to look at taxi apps or other transport options in Amman for the daytime?",
            "Careem I use already. But where can I put the money, 9,000 dinars, safely?",
            "A term deposit at a Jordanian bank is low-risk; many offer around 5–6% a year. Splitting it between two banks adds safety. Would you need access to part of it?",
            "Maybe 2,000 for Layla's university next year.",
            "Then keep 2,000 in a savings account you can reach and put 7,000 in a one-year deposit.",
            "Good plan. Thank you my dear",
            "You're most welcome. Take care.",
        ),
    ]
    probes = [
        _probe("what was the user's profession?", "job", "retired pharmacist",
               kinds=["two_facts"], apart="Amman", said=["I am a retired pharmacist"]),
        _probe("what health condition affects the user's diet?", "diet", "type 2 diabetes",
               kinds=["two_facts"], apart="retired pharmacist", said=["I have type 2 diabetes"]),
        _probe("which day is the user's family lunch?", "family_lunch_day", "Friday", weekly=True,
               kinds=["in_passing", "answer"], said=["Every Friday around fifteen"]),
        _probe("which city does the user's son live in?", "child_city", "Dubai",
               kinds=["in_passing"], said=["he lives in Dubai"]),
        _probe("which city does the user's daughter live in?", "daughter_city", "Toronto",
               kinds=["in_passing"], said=["Elle habite à Toronto"]),
        _probe("what car does the user drive?", "car", None, gone=["Kia"],
               kinds=["ended"], said=["I sold the Kia"]),
        _probe("which languages does the user speak?", "languages", "Arabic and English",
               kinds=["plain"], said=["I speak Arabic and English"]),
        _probe("what craft does the user practise?", "hobby", "tatreez",
               kinds=["in_passing"], said=["teach her tatreez"]),
    ]
    return sessions, probes


# ---------------------------------------------------------------- b5-u14
def _u14():
    sessions = [
        _session(
            "2025-03-01T09:00:00",
            "Hey! So I'm doing my first half marathon in May, Brisbane, and I need a 10 week plan. I can run 8k now without dying",
            "Nice base! Plan: 3 easy runs a week plus one long run that grows by ~1.5 km weekly up to 18 km, with a cutback week every 3rd week. Which day suits the long run?",
            "Sunday defo, Saturday I'm at netball all morning",
            "Sunday long runs it is. Keep the Saturday netball as your cross-training and don't go hard the day before.",
            "Sweet. Oh I'm a physio so I'll probably overthink the stretching part haha",
            "Then you'll know better than most — just keep the easy runs genuinely easy.",
            "Deal 😅",
            "Good luck with the training!",
        ),
        _session(
            "2025-04-02T20:30:00",
            "Need a gift idea for my partner Liam, he's turning 40 and he's impossible",
            "What's he into? Hobbies, food, anything he's mentioned wanting?",
            "He's a chef so food stuff is risky 😂 he loves surfing and his old ute",
            "Maybe a surf trip weekend to Noosa, or a quality leather seat cover or restoration kit for the ute. Experiences usually beat things for the 'impossible' crowd.",
            "Noosa weekend, love it. We'd need someone to mind the dog, Pickles, she's a kelpie cross and eats shoes",
            "A friend or a local pet sitter with a fenced yard would suit a kelpie — and a shoe-free house!",
            "lol yes. ok booking it",
            "Have a wonderful weekend!",
        ),
        _session(
            "2025-06-12T18:10:00",
            "Did the half! 2:04. Also news, I've left the public hospital and opened my own clinic with a mate, called Bayside Physio",
            "Congratulations on both! Need help with anything for the clinic — marketing, website text, forms?",
            "Website 'about us' blurb. Two physios, sports + women's health, based in Wynnum",
            "'Bayside Physio is a locally owned clinic in Wynnum, run by two experienced physiotherapists specialising in sports injuries and women's health. We'll get you moving — and keep you there.'",
            "Love it. Also netball moved to Tuesday nights now, so Saturdays free finally",
            "More time for long runs — or lie-ins!",
            "Lie-ins 100%",
            "Well earned!",
        ),
    ]
    probes = [
        _probe("what is the user's job?", "job", "physio",
               kinds=["in_passing", "restated"], said=["I'm a physio", "Two physios, sports"]),
        _probe("where does the user work?", "employer", "Bayside Physio", stale=["public hospital"],
               kinds=["changed"], said=["opened my own clinic"]),
        _probe("which day does the user play netball?", "netball_day", "Tuesday", stale=["Saturday"], weekly=True,
               apart="Sunday", kinds=["changed", "two_facts"], said=["Saturday I'm at netball", "netball moved to Tuesday"]),
        _probe("which day does the user do her long run?", "long_run_day", "Sunday", weekly=True,
               kinds=["answer", "two_facts", "informal"], apart="Saturday", said=["Sunday defo"]),
        _probe("what is the user's partner called?", "partner", "Liam",
               kinds=["plain"], said=["my partner Liam"]),
        _probe("what is the user's dog called and what kind is it?", "pet", "Pickles",
               kinds=["two_facts"], apart="kelpie", said=["the dog, Pickles"]),
        _probe("which city was the user's first half marathon in?", "race_city", "Brisbane",
               kinds=["in_passing"], said=["in May, Brisbane"]),
    ]
    return sessions, probes


# ---------------------------------------------------------------- b5-u15
def _u15():
    sessions = [
        _session(
            "2025-01-18T15:20:00",
            "hello, i am Nguyễn Thị Hoa, 47, i own small pho restaurant in Houston. need help translate menu to spanish, many customers latino",
            "Happy to help! Send me the English menu items and I'll translate them. Do you want the Vietnamese names kept too?",
            "yes keep vietnamese. first: Phở tái - rare beef noodle soup",
            "'Phở tái – sopa de fideos con res poco cocida.' Next item?",
            "Bún chả - grilled pork with vermicelli",
            "'Bún chả – cerdo a la parrilla con fideos de arroz.'",
            "good. my husband Tuấn say spanish menu is waste of money, i say no",
            "Clear bilingual menus often help new customers order with confidence — I think you're right.",
        ),
        _session(
            "2025-03-25T22:40:00",
            "my daughter Linh is in 10th grade at Bellaire High, she need help with chemistry balancing equations, can you explain so i can help her",
            "Sure: count atoms of each element on both sides, then add coefficients (numbers in front) until they match. Example: H2 + O2 → H2O becomes 2H2 + O2 → 2H2O.",
            "ok i understand a little. she is smarter than me lol",
            "Helping her shows you care — that matters a lot. Want another example to practise together?",
            "yes one more",
            "Try: CH4 + O2 → CO2 + H2O. Answer: CH4 + 2O2 → CO2 + 2H2O.",
            "thank you. restaurant close Monday so we study together that day",
            "That's a lovely routine.",
        ),
        _session(
            "2025-06-08T10:05:00",
            "we bought a second restaurant!! in Sugar Land. now i need manager, how to write job post",
            "Congratulations! Include: title, location, responsibilities (staff, inventory, customer service), requirements, hours, pay range and how to apply. What's the pay?",
            "$18-22 hour, full time",
            "'Now hiring: Restaurant Manager – Sugar Land. Full-time, $18–22/hr. Lead a friendly team at our new phở restaurant...' Want me to complete it?",
            "yes. also we move house to Sugar Land too, closer to new place, Houston too far now",
            "Makes sense with a new business. Here's the full post ready to share.",
            "thanks so much",
            "Good luck with the second restaurant!",
        ),
    ]
    probes = [
        _probe("what does the user do for work?", "job", "pho restaurant",
               kinds=["two_facts"], apart="Houston", said=["i own small pho restaurant"]),
        _probe("where does the user live now?", "home", "Sugar Land", stale=["Houston"],
               kinds=["changed", "informal"], said=["pho restaurant in Houston", "we move house to Sugar Land"]),
        _probe("what is the user's husband called?", "partner", "Tuấn",
               kinds=["in_passing", "non_ascii"], said=["my husband Tuấn"]),
        _probe("what is the user's daughter called?", "child", "Linh",
               kinds=["two_facts"], apart="Bellaire High", said=["my daughter Linh"]),
        _probe("which school does the user's daughter go to?", "school", "Bellaire High",
               kinds=["two_facts"], apart="Linh", said=["at Bellaire High"]),
        _probe("which day is the user's restaurant closed and she studies with her daughter?", "study_day", "Monday", weekly=True,
               kinds=["in_passing"], said=["restaurant close Monday"]),
        _probe("what languages does the user keep on her menu?", "languages", "vietnamese",
               kinds=["answer", "informal"], said=["yes keep vietnamese"]),
    ]
    return sessions, probes


# ---------------------------------------------------------------- b5-u16
def _u16():
    sessions = [
        _session(
            "2025-02-03T23:55:00",
            "I'm a PhD student in materials science at METU in Ankara and my advisor Prof. Demir wants the literature review by Friday 😭 how do I structure 40 papers",
            "Group them by theme, not by paper: e.g. synthesis methods, characterization, applications, open problems. Then write a short synthesis per group. What's your topic?",
            "perovskite solar cell stability",
            "Good themes then: degradation mechanisms (moisture, heat, light), encapsulation strategies, compositional engineering, and measurement standards. End with the gaps your thesis fills.",
            "ok that's actually so helpful. my cat Fıstık is sitting on paper #23 so I guess that one is skipped",
            "Fıstık has made an executive decision. 😄 You can come back to it later.",
            "😂 thanks",
            "Good luck with the deadline!",
        ),
        _session(
            "2025-04-17T19:00:00",
            "Need an outfit idea for salsa night. I go every Thursday with my boyfriend Emre, this week is a themed 'white party'",
            "Try a flowy white midi dress or white wide-leg trousers with a fitted top, plus comfortable suede-soled dance shoes. Does Emre need ideas too?",
            "he'll just wear a white shirt, he's hopeless lol",
            "A crisp white linen shirt is actually perfect for salsa — breathable and classic.",
            "true. also do you know any Korean apps, I'm learning Korean for fun, I already speak Turkish, English and some German",
            "Try Talk To Me In Korean, Duolingo for basics, and HelloTalk for chatting with native speakers.",
            "annyeong 👋",
            "안녕하세요! Good luck with it!",
        ),
        _session(
            "2025-07-09T10:30:00",
            "so big change, Prof. Demir moved to a university in Germany, I now have a new advisor, Dr. Selin Kaya. How do I write a nice first email?",
            "'Dear Dr. Kaya, I'm looking forward to working with you. I'd be grateful for a short meeting to introduce my project on perovskite stability and discuss next steps. Best regards, …'",
            "good. also I broke up with Emre, he moved to Izmir and we didn't want long distance",
            "I'm sorry, that's hard even when it's mutual. Take care of yourself.",
            "I'm ok. I still go to salsa, just with friends now",
            "That's great — keeping the things you love helps a lot.",
            "And Fıstık is my emotional support anyway 🐱",
            "The best kind of support!",
        ),
    ]
    probes = [
        _probe("who is the user's PhD advisor?", "manager", "Dr. Selin Kaya", stale=["Prof. Demir"],
               kinds=["changed"], said=["my advisor Prof. Demir", "new advisor, Dr. Selin Kaya"]),
        _probe("where does the user study?", "employer", "METU",
               kinds=["two_facts"], apart="Ankara", said=["materials science at METU"]),
        _probe("what is the user's cat called?", "pet", "Fıstık",
               kinds=["in_passing", "non_ascii", "restated"], said=["my cat Fıstık", "Fıstık is my emotional support"]),
        _probe("who is the user's boyfriend?", "partner", None, gone=["Emre"],
               kinds=["ended"], said=["my boyfriend Emre", "I broke up with Emre"]),
        _probe("which day does the user go to salsa?", "salsa_day", "Thursday", weekly=True,
               kinds=["in_passing", "two_facts"], apart="Emre", said=["I go every Thursday"]),
        _probe("which languages does the user speak?", "languages", "Turkish, English and some German",
               kinds=["in_passing"], said=["I already speak Turkish"]),
        _probe("what city does the user live in?", "home", "Ankara",
               kinds=["two_facts"], apart="METU", said=["at METU in Ankara"]),
    ]
    return sessions, probes


# ---------------------------------------------------------------- b5-u17
def _u17():
    sessions = [
        _session(
            "2025-01-06T04:30:00",
            "Truck driver. Need meals I can make in a cab with a 12v cooker. Doc says low sodium now",
            "Good options: oatmeal with fruit, chicken breast with rice and frozen veg, low-sodium bean chili, eggs and sweet potatoes. Skip canned soups and jerky. Do you have a fridge in the cab?",
            "small one yes",
            "Then pre-cook chicken and rice at home for 3–4 days and just reheat in the cooker.",
            "Ok. Drive for Werner, OTR, home every 2 weeks in Knoxville",
            "That's a tough schedule. Meal prep on your home days will save you money and salt.",
            "Got it",
            "Safe driving.",
        ),
        _session(
            "2025-03-14T21:00:00",
            "Dog question. My dog Duke, well Duchess really, the grandkids named her and then found out she's a girl. Shes a lab mix. She gets carsick when she rides with me",
            "Poor Duchess. Try short practice rides, no food 2–3 hours before, a crate facing forward, and ask the vet about maropitant (Cerenia) for longer trips.",
            "Vet visit is next week. Will ask",
            "Good plan. Bring notes on how long into a ride she gets sick.",
            "Also bowling league moved off Tuesday to Wednesday. Can you make me a reminder text for the guys",
            "'Heads up fellas — league night is now Wednesday, same time at the lanes. Don't show up Tuesday!'",
            "Ha good",
            "Glad it works.",
        ),
        _session(
            "2025-06-02T13:15:00",
            "Left Werner. Bought my own rig, Peterbilt 579, owner operator now. How do I do quarterly taxes",
            "Congrats on going independent! Estimate yearly profit, set aside about 25–30%, and pay the IRS quarterly estimates (Form 1040-ES) in April, June, September and January. Do you have an accountant?",
            "No",
            "Worth getting one who knows trucking — per diem, IFTA and depreciation on the 579 can save you a lot.",
            "My daughter Tammy in Nashville knows one. I'll call her",
            "Great, a referral from family is a good start.",
            "Yep",
            "Good luck with the new business.",
        ),
    ]
    probes = [
        _probe("where does the user work?", "employer", "owner operator", stale=["Werner"],
               kinds=["changed", "informal"], said=["Drive for Werner", "Left Werner"]),
        _probe("what truck does the user drive?", "car", "Peterbilt 579",
               kinds=["plain", "informal"], said=["Peterbilt 579"]),
        _probe("what diet has the user's doctor put him on?", "diet", "low sodium",
               kinds=["in_passing", "informal"], said=["Doc says low sodium"]),
        _probe("what is the user's dog called?", "pet", "Duchess", stale=["Duke"],
               kinds=["slip_same_message"], said=["My dog Duke, well Duchess"]),
        _probe("which day is the user's bowling league?", "bowling_day", "Wednesday", stale=["Tuesday"], weekly=True,
               kinds=["changed"], said=["bowling league moved off Tuesday"]),
        _probe("where does the user's daughter live?", "child_city", "Nashville",
               kinds=["two_facts"], apart="Tammy", said=["My daughter Tammy in Nashville"]),
        _probe("where is the user's home?", "home", "Knoxville",
               kinds=["in_passing", "two_facts"], apart="Werner", said=["home every 2 weeks in Knoxville"]),
    ]
    return sessions, probes


# ---------------------------------------------------------------- b5-u18
def _u18():
    sessions = [
        _session(
            "2025-02-22T17:30:00",
            "Buenas tardes. I am 71 years and I want to learn how to send photos by WhatsApp to my daughter Mariana in Monterrey. My grandson explain me but too fast.",
            "Buenas tardes! Open the chat with Mariana, tap the paperclip or the + sign, choose Gallery, pick the photo, and press the green arrow. Would you like me to go slower with any step?",
            "The paperclip I don't find. I have a Samsung.",
            "On Samsung it's usually a small paperclip icon inside the message box, on the right, next to the camera. Tap it and choose Gallery.",
            "Ahh yes! I send her a photo of Paco, our parrot. He says 'hola guapa' to everybody haha",
            "Paco sounds like a charmer! Mariana will love it.",
            "Thank you very much, you are more patient than my grandson",
            "It's my pleasure. Enjoy sharing photos!",
        ),
        _session(
            "2025-04-11T10:40:00",
            "Good morning. My husband Ernesto and I dance danzón every Wednesday in the plaza here in Guadalajara. I want a nice dress, what colours are traditional?",
            "Danzón dresses are often bright or pastel — red, white, turquoise or soft pink — usually with a flowing skirt and often a fan as accessory. Do you prefer long or knee length?",
            "Long, I am not young girl anymore 😄",
            "A long flowing skirt in red or turquoise will look elegant and move beautifully.",
            "Red then. Also, I am allergic to penicillin, the doctor give me amoxicillin yesterday, is the same family?",
            "Yes — amoxicillin is a penicillin-type antibiotic. Please don't take it and call your doctor or pharmacist today to get an alternative.",
            "Ay Dios, thank you! I call now.",
            "Please do. I hope you feel better soon.",
        ),
        _session(
            "2025-06-25T20:15:00",
            "I want a playlist for Ernesto's birthday party, he is 75. Juan Gabriel is my favourite, but he likes more the boleros, Los Panchos",
            "A mix works well: Los Panchos 'Sabor a mí', 'Bésame mucho', Juan Gabriel 'Querida', 'Amor eterno', plus some danzón like 'Nereidas' for dancing. How long should the playlist be?",
            "3 hours more or less",
            "About 50 songs. I'll alternate boleros and Juan Gabriel, with danzón blocks every half hour.",
            "Perfect. Mariana comes from Monterrey with the children, so put something for kids too",
            "Add 'La Bamba' and 'Cielito Lindo' — everyone sings along.",
            "Yes! Muchas gracias",
            "¡De nada! Feliz cumpleaños to Ernesto.",
        ),
    ]
    probes = [
        _probe("where does the user's daughter live?", "child_city", "Monterrey",
               kinds=["two_facts", "restated"], apart="Mariana", said=["my daughter Mariana in Monterrey", "Mariana comes from Monterrey"]),
        _probe("what pet does the user have?", "pet", "Paco",
               kinds=["in_passing", "two_facts"], apart="parrot", said=["a photo of Paco"]),
        _probe("what is the user's husband called?", "partner", "Ernesto",
               kinds=["two_facts"], apart="Wednesday", said=["My husband Ernesto and I dance"]),
        _probe("which day does the user dance danzón?", "dance_day", "Wednesday", weekly=True,
               kinds=["two_facts"], apart="Guadalajara", said=["danzón every Wednesday"]),
        _probe("what city does the user live in?", "home", "Guadalajara",
               kinds=["in_passing", "two_facts"], apart="Wednesday", said=["in the plaza here in Guadalajara"]),
        _probe("what is the user allergic to?", "allergy", "penicillin",
               kinds=["plain"], said=["I am allergic to penicillin"]),
        _probe("who is the user's favourite singer?", "favourite", "Juan Gabriel",
               kinds=["plain"], said=["Juan Gabriel is my favourite"]),
    ]
    return sessions, probes


# ---------------------------------------------------------------- b5-u19
def _u19():
    sessions = [
        _session(
            "2025-01-25T11:10:00",
            "Morning! Quick one — I'm doing a PhD in civil engineering at Imperial, and I need to explain finite element analysis to my mum who's visiting from Kumasi. Layman version?",
            "Sure: 'Engineers cut a big complicated structure into thousands of tiny simple pieces, work out how each piece bends or stretches, then add them all up to see how the whole thing behaves.'",
            "Perfect, she'll love that. She still thinks I'm 'doing computers' 😂",
            "That's basically fair! FEA is a lot of computing.",
            "Also need a flat-warming dish, we just got a place in Croydon, me and Efua. Feeding 12",
            "Jollof for 12 is a crowd-pleaser; add grilled chicken, kelewele and a simple salad. Do you want quantities?",
            "Yes please, and I'll flex with the jollof obviously",
            "About 1.5 kg rice, 800 g tomato purée, 4 red peppers, 3 scotch bonnets, 3 onions. Fry the base well — the smoky bottom is the prize.",
        ),
        _session(
            "2025-03-21T18:45:00",
            "Our jazz band rehearses Thursdays, no hold on, it's Fridays since January, I keep saying Thursday. Anyway I need a practice routine for sax, 30 min a day",
            "Try: 5 min long tones, 5 min scales in the week's key, 10 min on a transcription or lick, 10 min playing through a tune from your set. Which saxophone do you play?",
            "Tenor",
            "Then add overtone exercises to the long tones — great for tenor sound.",
            "Cheers. Efua says I practise too loud in the flat lol",
            "A practice mute or booking a rehearsal room once a week could keep the peace!",
            "Diplomacy through mutes. Noted",
            "Good luck with rehearsal!",
        ),
        _session(
            "2025-06-29T09:30:00",
            "Efua and I got engaged last night!! 💍 Need help with a speech for the engagement party",
            "Congratulations!! Tell me a bit about how you met and one funny story, and I'll draft it.",
            "Met at a Ghanaian students' society party at uni, she beat me at Ludo and never let me forget it",
            "'I met Efua at a society party where she beat me at Ludo — and she has reminded me every week since. Efua, you win at everything, including making me the happiest man alive.'",
            "Ha that's brilliant. Arsenal mention too? She hates that I'm an Arsenal fan",
            "Add: 'I promise to love you more than Arsenal — which, as everyone here knows, is saying something.'",
            "Perfect 😂",
            "Congratulations again to you both!",
        ),
    ]
    probes = [
        _probe("where does the user study?", "employer", "Imperial",
               kinds=["in_passing"], said=["civil engineering at Imperial"]),
        _probe("which city is the user's mother from?", "parent_city", "Kumasi",
               kinds=["in_passing"], said=["visiting from Kumasi"]),
        _probe("who is the user's partner?", "partner", "Efua",
               kinds=["two_facts", "restated"], apart="Croydon", said=["me and Efua", "Efua and I got engaged"]),
        _probe("where does the user live?", "home", "Croydon",
               kinds=["two_facts", "in_passing"], apart="Efua", said=["got a place in Croydon"]),
        _probe("which day does the user's jazz band rehearse?", "rehearsal_day", "Friday", stale=["Thursday"], weekly=True,
               kinds=["slip_same_message"], said=["rehearses Thursdays"]),
        _probe("what instrument does the user play?", "hobby", "Tenor",
               kinds=["answer"], said=["Tenor"]),
        _probe("which football team does the user support?", "favourite", "Arsenal",
               kinds=["informal"], said=["I'm an Arsenal fan"]),
    ]
    return sessions, probes


# ---------------------------------------------------------------- b5-u20
def _u20():
    sessions = [
        _session(
            "2025-02-07T12:30:00",
            "oi! I need a LinkedIn headline, I'm a brand manager at Natura in São Paulo, 10 years in marketing, want something less boring",
            "Some options: 'Brand manager at Natura · Turning beauty into stories people trust' or '10 years building brands people feel good about'. What do you want recruiters to notice most?",
            "sustainability stuff, that's my thing",
            "'Brand manager at Natura · Building sustainable beauty brands that people actually love.'",
            "ótimo. also my husband Thiago wants a pug, I want a mutt from the shelter. help me win 😂",
            "Shelter dogs are often healthier and you save a life — and there are pug mixes in shelters too, so everyone wins.",
            "pug mix, genius, he can't argue",
            "Compromise achieved!",
        ),
        _session(
            "2025-04-19T16:00:00",
            "We adopted him!! Feijão, pug mix, 3 years old, snores like a truck. What food is ok for him",
            "Congratulations! A good-quality small-breed adult food, measured portions (pugs gain weight easily), and no grapes, onion, chocolate or xylitol. Is he a picky eater?",
            "He eats everything including Thiago's flip flops",
            "Then chew toys and keeping shoes up high are your new best friends.",
            "haha true. Other thing, therapy moved to Tuesday evenings, can u remind me how to block it in Google Calendar as recurring",
            "Create the event, click 'Does not repeat' and change it to 'Weekly on Tuesday', then save. You can also set it as 'busy' so nobody books over it.",
            "feito, obrigado",
            "De nada!",
        ),
        _session(
            "2025-07-15T08:50:00",
            "Big life change: we moved to Florianópolis! I'm still at Natura but fully remote now. Best beaches for learning to surf?",
            "Parabéns! Barra da Lagoa and Praia Mole have beginner-friendly spots and surf schools; Joaquina is better once you improve. Have you surfed before?",
            "never, I'm 35 and scared lol",
            "Plenty of people start at 35! Take a few lessons with a school at Barra da Lagoa — calm, shallow and fun.",
            "Ok. And my sister in Recife says I abandoned São Paulo for the beach like a cliché",
            "A happy cliché is still happy. 😄",
            "true. also I speak portuguese english and spanish, can I work with agencies abroad from here?",
            "Definitely — with three languages and remote experience you're a good fit for international agencies.",
        ),
    ]
    probes = [
        _probe("where does the user live now?", "home", "Florianópolis", stale=["São Paulo"],
               kinds=["changed", "non_ascii"], said=["Natura in São Paulo", "we moved to Florianópolis"]),
        _probe("where does the user work?", "employer", "Natura",
               kinds=["two_facts", "restated"], apart="São Paulo", said=["brand manager at Natura", "I'm still at Natura"]),
        _probe("what is the user's husband called?", "partner", "Thiago",
               kinds=["in_passing"], said=["my husband Thiago"]),
        _probe("what is the user's dog called?", "pet", "Feijão",
               kinds=["non_ascii", "two_facts"], apart="pug mix", said=["We adopted him!! Feijão"]),
        _probe("which day is the user's therapy?", "therapy_day", "Tuesday", weekly=True,
               kinds=["in_passing", "informal"], said=["therapy moved to Tuesday evenings"]),
        _probe("where does the user's sister live?", "sibling_city", "Recife",
               kinds=["in_passing"], said=["my sister in Recife"]),
        _probe("what languages does the user speak?", "languages", "portuguese english and spanish",
               kinds=["informal"], said=["I speak portuguese english and spanish"]),
    ]
    return sessions, probes


# ---------------------------------------------------------------- b5-u21
def _u21():
    sessions = [
        _session(
            "2025-01-13T21:20:00",
            "Hello. I work at Panasonic in Osaka, office job. I want to do working holiday in Australia. What do I need?",
            "You'll need a Working Holiday visa (subclass 417), a valid passport, proof of funds (about AUD 5,000), and health insurance is recommended. How old are you? The limit for Japan is 30.",
            "I am 24.",
            "Then you're eligible. Apply online via ImmiAccount; it's often approved within a few weeks.",
            "Thank you. Also I cannot eat soba, I have buckwheat allergy. Is buckwheat common in Australian food?",
            "Not very common, but check gluten-free breads and pancakes, which sometimes use buckwheat flour. Always read labels.",
            "OK, I will be careful.",
            "Good luck with your plans!",
        ),
        _session(
            "2025-03-29T10:00:00",
            "My taiko group practice is Saturday. Before I leave Japan we have last performance. How to say goodbye speech in simple English for foreign members?",
            "'Thank you all for drumming with me. I learned so much from you. I will miss our Saturdays. Please visit me in Australia!' Which city will you live in?",
            "Melbourne. My boyfriend Kenta is not happy about it.",
            "Long distance is hard. Maybe plan regular video calls and a visit date so you both have something to look forward to.",
            "Yes, maybe. Thank you.",
            "You're welcome. Good luck with the performance!",
            "I will do my best 🥁",
            "頑張って!",
        ),
        _session(
            "2025-07-02T19:40:00",
            "Now I am in Melbourne! I work at a café in Fitzroy, barista. My English is getting better I think",
            "Your English sounds great! How is café life?",
            "Busy but fun. Kenta and I broke up last month, long distance was too hard. I am ok now.",
            "I'm sorry — that's a lot on top of a big move. It's good to hear you're doing ok.",
            "Yes. I want to find taiko group here, do you know?",
            "Melbourne has a few — search for Wadaiko Rindo or taiko classes at the Japanese community centres.",
            "Great, I will check. I miss drumming",
            "I hope you find a group soon!",
        ),
    ]
    probes = [
        _probe("what city does the user live in now?", "home", "Melbourne", stale=["Osaka"],
               kinds=["changed", "answer"], said=["Panasonic in Osaka", "Melbourne. My boyfriend", "Now I am in Melbourne"]),
        _probe("where does the user work?", "employer", "café in Fitzroy", stale=["Panasonic"],
               kinds=["changed", "non_ascii", "two_facts"], apart="barista", said=["I work at Panasonic", "I work at a café in Fitzroy"]),
        _probe("what is the user's job?", "job", "barista", stale=["office job"],
               kinds=["changed", "two_facts"], apart="café in Fitzroy", said=["office job", "in Fitzroy, barista"]),
        _probe("what is the user allergic to?", "allergy", "buckwheat",
               kinds=["in_passing"], said=["I have buckwheat allergy"]),
        _probe("who is the user's boyfriend?", "partner", None, gone=["Kenta"],
               kinds=["ended"], said=["My boyfriend Kenta", "Kenta and I broke up"]),
        _probe("what hobby does the user have?", "hobby", "taiko",
               kinds=["in_passing", "restated"], said=["My taiko group practice", "find taiko group here"]),
        _probe("how old is the user?", "age", "24",
               kinds=["answer"], said=["I am 24."]),
    ]
    return sessions, probes


# ---------------------------------------------------------------- b5-u22
def _u22():
    sessions = [
        _session(
            "2025-02-02T14:00:00",
            "Hi po! Sunday is my only day off, I am domestic helper here in Hong Kong. I want to send money to my kids in Cebu, which is cheaper, remittance center or app?",
            "Apps like Remitly or the GCash/Western Union options are usually cheaper and faster than walk-in centres, and you can do it on your day off from your phone. How much do you usually send?",
            "8000 pesos monthly. My mama takes care of Jhun and Princess in Cebu",
            "Then compare the exchange rate plus fees for that amount; even a small difference adds up over a year.",
            "Ok po. Also my employer Mrs. Chan wants me to cook Cantonese soup, how to make the lotus root soup",
            "Simmer pork ribs (blanched first), sliced lotus root, a few dried dates and peanuts in water for 2–3 hours, season with salt at the end.",
            "Thank you! She is very kind, Mrs. Chan",
            "That's good to hear. Enjoy your Sunday!",
        ),
        _session(
            "2025-04-06T13:30:00",
            "Good afternoon. Jhun is graduating grade 6 at Mabolo Elementary, I cannot go home. How to make video call nice for him?",
            "Arrange a time with your mama right after the ceremony, ask her to hold the phone steady, and prepare a short message or a small gift delivered by a cousin. Want help writing the message?",
            "Yes, in english and bisaya mix, that is how we talk",
            "'Jhun, proud kaayo si Mama nimo! Congratulations on your graduation. I love you so much, and I'll see you soon. Ampingan kanunay!'",
            "😭 perfect. I speak Tagalog, Bisaya and English but write english is hard",
            "You communicate beautifully. Your message will mean the world to him.",
            "Salamat kaayo",
            "Walay sapayan!",
        ),
        _session(
            "2025-08-17T15:10:00",
            "Update po, my contract with Mrs. Chan finished, new employer is the Leung family in Sha Tin. 2 kids, a dog.",
            "I hope the new family is good to you! Is there anything you need to prepare for the new job?",
            "The dog is a golden retriever, I never take care dog before. What do I need to know",
            "Daily walks (at least an hour), regular brushing because they shed a lot, measured meals, and never give chocolate, grapes or onion.",
            "Ok. And still Sunday off, same day, good for church",
            "That's good — keeping your day off the same makes it easier to plan.",
            "Yes. Thank you for always helping me",
            "Always happy to help. Ingat!",
        ),
    ]
    probes = [
        _probe("who is the user's employer?", "employer", "Leung family", stale=["Mrs. Chan"],
               kinds=["changed"], said=["my employer Mrs. Chan", "new employer is the Leung family"]),
        _probe("what is the user's job?", "job", "domestic helper",
               kinds=["two_facts"], apart="Sunday", said=["I am domestic helper"]),
        _probe("which day is the user's day off?", "day_off", "Sunday", weekly=True,
               kinds=["two_facts", "restated"], apart="domestic helper", said=["Sunday is my only day off", "still Sunday off"]),
        _probe("what is the user's son called?", "son", "Jhun",
               kinds=["in_passing", "two_facts"], apart="Cebu", said=["takes care of Jhun and Princess"]),
        _probe("where do the user's children live?", "children_city", "Cebu",
               kinds=["in_passing", "restated"], said=["my kids in Cebu", "takes care of Jhun and Princess"]),
        _probe("which school does the user's son go to?", "school", "Mabolo Elementary",
               kinds=["plain"], said=["at Mabolo Elementary"]),
        _probe("what languages does the user speak?", "languages", "Tagalog, Bisaya and English",
               kinds=["plain"], said=["I speak Tagalog, Bisaya and English"]),
    ]
    return sessions, probes


# ---------------------------------------------------------------- b5-u23
def _u23():
    sessions = [
        _session(
            "2025-01-22T07:15:00",
            "Habari. I retired early from Del Monte where I was an agronomist and now my husband Kariuki and I keep layers on our shamba near Thika. 500 birds. How do I improve egg production?",
            "Hongera on the new venture! Key levers: 16 hours of light a day, layers mash with 16–18% protein, clean water always, calcium grit, and deworming every 3 months. How old are the birds?",
            "About 30 weeks",
            "That's peak laying age, so feed and light matter most now. Aim for about 120 g feed per bird per day.",
            "Ok. We sell the eggs every Tuesday at the market in Thika town",
            "Great. Keep records of trays per day — it quickly shows when something is wrong.",
            "Yes, I use an exercise book, very old school 😄",
            "Whatever works! Exercise books never run out of battery.",
        ),
        _session(
            "2025-03-30T20:00:00",
            "We sold the Prado, fuel was eating all the profit. Now we have a Probox for the eggs, it is ugly but works",
            "The Probox is the workhorse of Kenyan small business — cheap to run and easy to fix. Anything you need help with for it?",
            "No, it is fine. Question about my daughter Wambui, she wants to study medicine in Eldoret at Moi University. Is it good?",
            "Moi University's medical school is well regarded, with strong clinical training at Moi Teaching and Referral Hospital. What does Wambui like about it?",
            "She likes that her cousin is there. I like that it is cheaper than Nairobi hostels",
            "Both good reasons! Eldoret is also calmer for students.",
            "Yes. Thank you",
            "Karibu!",
        ),
        _session(
            "2025-06-14T09:45:00",
            "My sister in Mombasa sent me hibiscus tea, can I sell it at the market also? Tuesday market, no I mean we moved to Thursday, the county changed the days",
            "Selling packaged tea may need a KEBS mark or county permit, depending on how it's packed. Check with the county trade office first.",
            "Ok. And I am diabetic, is hibiscus tea good for me?",
            "Unsweetened hibiscus tea is fine and may even help blood pressure; just skip the sugar and check with your doctor if you're on medication.",
            "No sugar, yes. Kariuki will complain 😂",
            "He can add his own!",
            "Thank you my friend",
            "Karibu sana.",
        ),
    ]
    probes = [
        _probe("what car does the user drive?", "car", "Probox", stale=["Prado"],
               kinds=["changed"], said=["We sold the Prado"]),
        _probe("which day does the user sell eggs at the market?", "market_day", "Thursday", stale=["Tuesday"], weekly=True,
               kinds=["changed", "slip_same_message"], said=["every Tuesday at the market", "we moved to Thursday"]),
        _probe("what is the user's husband called?", "partner", "Kariuki",
               kinds=["two_facts", "restated"], apart="Del Monte", said=["my husband Kariuki and I", "Kariuki will complain"]),
        _probe("which company does the user work for?", "employer", None, gone=["Del Monte"],
               kinds=["ended", "two_facts"], apart="Kariuki", said=["I retired early from Del Monte"]),
        _probe("where does the user's sister live?", "sibling_city", "Mombasa",
               kinds=["in_passing"], said=["My sister in Mombasa"]),
        _probe("what does the user's daughter want to study, and where?", "child_plan", "Moi University",
               kinds=["two_facts"], apart="Wambui", said=["my daughter Wambui"]),
        _probe("what health condition does the user have?", "diet", "diabetic",
               kinds=["in_passing"], said=["I am diabetic"]),
    ]
    return sessions, probes


# ---------------------------------------------------------------- b5-u24
def _u24():
    sessions = [
        _session(
            "2025-02-10T19:00:00",
            "Hiya. Wee question, I'm 16 and want to make a CV for a Saturday job. Never had a job before, what do I even put",
            "Put your school and subjects, any volunteering or clubs, skills like teamwork or languages, and a short personal statement. What do you do outside school?",
            "I play shinty for the school team and I help at my gran's B&B in Oban in the summer",
            "Perfect — shinty shows teamwork and commitment, and the B&B is real customer-service experience. Both go on the CV.",
            "Oh sweet. I'm at Kingussie High btw, S5",
            "Great, add 'Kingussie High School, S5' with your Highers subjects under Education.",
            "Highers are English, Maths, Biology, Gaelic and Geography",
            "That's a strong set. Gaelic is a lovely extra to highlight too.",
        ),
        _session(
            "2025-03-26T17:20:00",
            "Got the job!! Saturdays at the Co-op in Aviemore. Need a thank-you message for the manager, Shona",
            "Congratulations! 'Hi Shona, thank you so much for the opportunity — I'm really looking forward to starting on Saturday!'",
            "Cheers. Also my dog Bramble (collie) keeps chasing the neighbours' chickens, how do I stop her",
            "Collies have strong herding instincts. Keep her on a lead near the chickens, practise a solid 'leave it' with high-value treats, and give her lots of mental work like fetch and scent games.",
            "She's obsessed, honestly. Mum's fuming",
            "Tired collies are well-behaved collies — extra exercise usually helps a lot.",
            "Will try, ta",
            "Good luck with Bramble!",
        ),
        _session(
            "2025-06-05T21:10:00",
            "Need help picking a uni course, thinking vet medicine at Glasgow or maybe Edinburgh",
            "Both are excellent vet schools. Consider entry requirements (very high Highers), work experience with animals, and whether you'd prefer city-centre (Edinburgh's Easter Bush is out of town) or Glasgow's Garscube campus.",
            "Garscube looks nicer tbh. Also quit the Co-op, they kept giving me Sundays and I've shinty on Sundays now",
            "That's fair — shinty fixtures don't move. Any other job ideas to fit around it?",
            "Gonna help at a vet clinic in Grantown instead, for experience, Saturdays still",
            "That's perfect work experience for vet school applications!",
            "Yeah that's the plan 🐾",
            "Sounds like a great plan.",
        ),
    ]
    probes = [
        _probe("which school does the user go to?", "school", "Kingussie High",
               kinds=["informal"], said=["I'm at Kingussie High"]),
        _probe("what sport does the user play?", "sport", "shinty",
               kinds=["answer", "two_facts", "restated"], apart="Oban", said=["I play shinty for the school team", "I've shinty on Sundays now"]),
        _probe("which city does the user's grandmother live in?", "parent_city", "Oban",
               kinds=["answer", "two_facts"], apart="shinty", said=["my gran's B&B in Oban"]),
        _probe("where does the user have a Saturday job?", "employer", "vet clinic", stale=["Co-op"],
               kinds=["changed", "informal"], said=["Saturdays at the Co-op", "quit the Co-op", "help at a vet clinic"]),
        _probe("who was the user's manager?", "manager", None, gone=["Shona"],
               kinds=["ended"], said=["the manager, Shona", "quit the Co-op"]),
        _probe("what is the user's dog called?", "pet", "Bramble",
               kinds=["in_passing"], said=["my dog Bramble"]),
        _probe("which day does the user play shinty?", "shinty_day", "Sunday", weekly=True,
               kinds=["in_passing", "informal"], said=["shinty on Sundays now"]),
    ]
    return sessions, probes


# ---------------------------------------------------------------- b5-u25
def _u25():
    sessions = [
        _session(
            "2025-01-31T18:00:00",
            "Hello. Translate to English please, short: 'Kiitos tarjouksesta, palaan asiaan maanantaina.' For my work email. I am project manager in Nokia, Tampere.",
            "'Thank you for the offer, I will get back to you on Monday.'",
            "Good. Also wife Päivi asks, how long to cook reindeer stew, poronkäristys, for 4",
            "Fry thinly sliced frozen reindeer in butter, add onion, water and a little beer, then simmer about 45–60 minutes. Serve with mashed potato and lingonberries.",
            "Yes this is correct. Thank you",
            "Hyvää ruokahalua!",
            "Friday we have sauna evening with neighbours, always Friday. Some snack idea not sausage?",
            "Try smoked salmon on rye, pickled herring, cucumber with dill and salt, or a simple potato salad.",
        ),
        _session(
            "2025-04-15T08:20:00",
            "Birch pollen is starting. I am very allergic. Which medicine is best, I used cetirizine before",
            "Cetirizine is a good choice; some people also add a nasal steroid spray like fluticasone early in the season. Start before symptoms peak.",
            "Ok. Also bad news, Nokia had layoffs, I was one. 24 years there",
            "I'm sorry, that's a big loss after 24 years. Would it help to work on your CV or think about next steps?",
            "Yes CV later. Not today",
            "Of course. Whenever you're ready.",
            "Thanks",
            "Take care.",
        ),
        _session(
            "2025-06-20T15:30:00",
            "New job, I start at Ouraring as senior project manager in August. Still Tampere office, good",
            "Congratulations! That's a great outcome. Anything to prepare before August?",
            "We sold the old Volvo V70 and bought a Škoda Enyaq, electric. How to find charging on trip to Lapland",
            "Use apps like PlugShare, K-Lataus or Virta to plan routes; fast chargers are common along the E75 up to Rovaniemi. Plan stops every 200–250 km in cold weather.",
            "Good. Son Eero drives part of the way, he just got licence",
            "Nice — a long road trip is great practice for him.",
            "Päivi not so sure 😅",
            "Understandable! Maybe she picks the quiet stretches for him.",
        ),
    ]
    probes = [
        _probe("where does the user work?", "employer", "Ouraring", stale=["Nokia"],
               kinds=["changed", "ended"], said=["project manager in Nokia", "Nokia had layoffs", "I start at Ouraring"]),
        _probe("what is the user's wife called?", "partner", "Päivi",
               kinds=["in_passing", "non_ascii", "restated"], said=["wife Päivi asks", "Päivi not so sure"]),
        _probe("which day is the user's sauna evening?", "sauna_day", "Friday", weekly=True,
               kinds=["plain"], said=["always Friday"]),
        _probe("what is the user allergic to?", "allergy", "Birch pollen",
               kinds=["plain"], said=["Birch pollen is starting"]),
        _probe("what car does the user drive?", "car", "Škoda Enyaq", stale=["Volvo V70"],
               kinds=["changed", "non_ascii"], said=["bought a Škoda Enyaq"]),
        _probe("what city does the user live in?", "home", "Tampere",
               kinds=["in_passing", "restated"], said=["in Nokia, Tampere", "Still Tampere office"]),
        _probe("what is the user's son called?", "child", "Eero",
               kinds=["in_passing"], said=["Son Eero drives"]),
    ]
    return sessions, probes


# ---------------------------------------------------------------- b5-u26
def _u26():
    sessions = [
        _session(
            "2025-02-25T20:30:00",
            "Hi! I'm an architect in Toronto and I'm making a Nowruz haft-sin with my son Kian, he's 4. How do I explain each item simply?",
            "Lovely idea! Sabzeh (sprouts) = new life, samanu (sweet pudding) = strength, senjed = love, sir (garlic) = health, sib (apple) = beauty, somāq = sunrise, serkeh (vinegar) = patience. Want a little story for each?",
            "Yes, short ones. He loves the goldfish most of course 🐟",
            "The goldfish stands for life and movement — tell him it's 'swimming into the new year'. Short stories coming up!",
            "Merci! My mom in Shiraz will be on video call so he can show her",
            "She'll love that. Maybe let Kian say 'Nowruz mobarak' to her.",
            "He says it every morning already lol",
            "Perfect practice!",
        ),
        _session(
            "2025-04-09T12:15:00",
            "Work question. My manager Daniel wants a 1-page summary of our daycare centre project, budget went over 8%. How to present it without panic",
            "Lead with the cause and the fix: 'Costs are 8% over due to steel pricing; we've identified savings in finishes that bring us back to +2%.' Then a short table and next steps. What caused the overrun?",
            "Steel prices and a redesign of the playground after the city asked",
            "Then frame the playground as a city-required change — that's scope, not mismanagement. Separate it from the steel increase.",
            "Smart. Also I do hot yoga Monday nights to survive this job 😅",
            "Sounds like a good way to decompress.",
            "Reza (husband) says I should switch to something calmer like Pilates but no",
            "Stick with what helps you!",
        ),
        _session(
            "2025-07-28T09:00:00",
            "We're thinking about moving to Montreal, Reza got an offer at McGill. My French is ok, I speak Farsi, English and French. Would I find architect jobs?",
            "Montreal has a strong architecture scene; you'll need to be registered with the OAQ, and working French helps a lot. Your Ontario licence can transfer under the mobility agreement.",
            "Good. Kian would go to French school then, he'd learn fast",
            "Kids pick up languages quickly, especially at 4–5. Bill 101 also means he'd generally attend French school.",
            "And yoga there is Monday too, I checked 😂",
            "Some things must stay constant!",
            "Exactly. Thanks!",
            "Good luck with the decision!",
        ),
    ]
    probes = [
        _probe("what is the user's job?", "job", "architect",
               kinds=["two_facts", "restated"], apart="Toronto", said=["I'm an architect in Toronto", "find architect jobs"]),
        _probe("what is the user's son called?", "child", "Kian",
               kinds=["in_passing"], said=["my son Kian"]),
        _probe("where does the user's mother live?", "parent_city", "Shiraz",
               kinds=["in_passing"], said=["My mom in Shiraz"]),
        _probe("who is the user's manager?", "manager", "Daniel",
               kinds=["in_passing"], said=["My manager Daniel"]),
        _probe("which day does the user do yoga?", "yoga_day", "Monday", weekly=True,
               kinds=["in_passing", "restated"], said=["hot yoga Monday nights", "yoga there is Monday too"]),
        _probe("what is the user's husband called?", "partner", "Reza",
               kinds=["in_passing"], said=["Reza (husband)"]),
        _probe("which languages does the user speak?", "languages", "Farsi, English and French",
               kinds=["plain", "two_facts"], apart="McGill", said=["I speak Farsi, English and French"]),
        _probe("which city does the user live in?", "home", "Toronto",
               kinds=["two_facts"], apart="architect", said=["architect in Toronto"]),
    ]
    return sessions, probes


# ---------------------------------------------------------------- b5-u27
def _u27():
    sessions = [
        _session(
            "2025-01-17T10:20:00",
            "Good morning. My granddaughter set up this for me. I am George, 80 years, I was a tailor for 50 years here in Melbourne, Oakleigh. I want to write a letter to my son Nikos in Athens for his name day.",
            "Good morning, George! Happy to help. Would you like it warm and simple, and in English or Greek?",
            "In Greek if you can. Χρόνια πολλά and that we miss him",
            "'Αγαπητέ μου Νίκο, Χρόνια πολλά για τη γιορτή σου! Σου ευχόμαστε υγεία και χαρά. Μας λείπεις πολύ. Με αγάπη, ο πατέρας σου.'",
            "Beautiful. Eleni my wife cried when I read it to her",
            "That says it's just right. Would you like it in English as well?",
            "No, Greek is good. Thank you",
            "You're welcome. Χρόνια πολλά to Nikos!",
        ),
        _session(
            "2025-03-07T14:00:00",
            "Every Friday I play tavli at the kafeneio on Eaton Mall with my friends. They cheat, I am sure. What are the rules for doubling?",
            "In backgammon, before rolling a player can offer to double the stakes; the opponent either accepts (and owns the cube) or resigns the game at the current stakes. Only the cube owner can redouble. Traditional Greek tavli is often played without the cube, though.",
            "Aha! We play without, so Stavros is inventing rules. I knew it",
            "Ha — you've got proof now!",
            "Also my new hearing aids whistle sometimes. Why?",
            "Whistling is feedback — usually the dome isn't sitting snugly, there's earwax, or the volume is high. See your audiologist if it continues.",
            "I go to the audiologist, thank you",
            "Good idea. Enjoy your tavli on Friday!",
        ),
        _session(
            "2025-05-16T11:30:00",
            "We are moving to a smaller place, unit in Glen Waverley near my daughter Sophia. The house in Oakleigh is too big for two old people",
            "That sounds like a sensible move, and it's lovely to be near Sophia. Would a moving checklist help?",
            "Yes, and how to choose what to give away. 50 years of things",
            "Start with rooms you use least, keep things you use or truly love, and let the grandchildren choose keepsakes — it makes giving away easier.",
            "Good. My old sewing machine, the Singer, stays with me. Never I give it",
            "Of course — some things are part of who you are.",
            "And still Friday tavli, Sophia will drive me",
            "Wonderful — Stavros won't get away with anything.",
        ),
    ]
    probes = [
        _probe("where does the user live now?", "home", "Glen Waverley", stale=["Oakleigh"],
               kinds=["changed"], said=["here in Melbourne, Oakleigh", "unit in Glen Waverley"]),
        _probe("what was the user's job?", "job", "tailor",
               kinds=["plain", "two_facts"], apart="Oakleigh", said=["I was a tailor for 50 years"]),
        _probe("where does the user's son live?", "child_city", "Athens",
               kinds=["two_facts"], apart="Nikos", said=["my son Nikos in Athens"]),
        _probe("what is the user's wife called?", "partner", "Eleni",
               kinds=["in_passing"], said=["Eleni my wife"]),
        _probe("which day does the user play tavli?", "tavli_day", "Friday", weekly=True,
               kinds=["plain", "restated"], said=["Every Friday I play tavli", "still Friday tavli"]),
        _probe("what is the user's daughter called?", "daughter", "Sophia",
               kinds=["in_passing", "restated"], said=["near my daughter Sophia", "Sophia will drive me"]),
        _probe("what is the user's most treasured possession?", "favourite", "Singer",
               kinds=["plain"], said=["the Singer, stays"]),
    ]
    return sessions, probes


# ---------------------------------------------------------------- b5-u28
def _u28():
    sessions = [
        _session(
            "2025-02-04T22:45:00",
            "hey! flight attendant life question: how do u fix jet lag fast, I'm cabin crew at Wizz Air based in Bucharest and we did 3 early starts in a row",
            "Short flights mean it's more sleep debt than jet lag: nap max 20–30 min, get daylight in the morning, skip caffeine after midday and keep a wind-down routine. How early are the report times?",
            "4:15 am 💀",
            "Oof. Then an early bedtime (around 8:30 pm) on those nights and a blackout mask are your best tools.",
            "ok. my bf Vlad says I sleep like a cat anyway. my actual cat Zuzu agrees lol",
            "Zuzu is clearly the expert here. 🐈",
            "she is. thx!",
            "Sleep well!",
        ),
        _session(
            "2025-04-18T13:00:00",
            "I'm switching base to Budapest next month!! Need basic Hungarian phrases, I speak Romanian, English and Italian but Hungarian is alien 😭",
            "Exciting! Start with: Szia (hi), Köszönöm (thank you), Kérem (please), Elnézést (excuse me), Nem értem (I don't understand), Egy kávét kérek (a coffee, please).",
            "köszönöm 😅 also Vlad is coming too, he can work remote",
            "That makes the move much easier. Are you bringing Zuzu?",
            "obviously!! she has a passport already",
            "Then you're all set — just book her vet check for the EU pet passport.",
            "done already",
            "Great organisation!",
        ),
        _session(
            "2025-07-26T11:00:00",
            "VLAD PROPOSED 💍💍 on the Chain Bridge!! I need ideas for telling my bunica in Iași, she doesn't do tech",
            "Congratulations!! A handwritten letter with a photo of the ring, or a phone call with your parents there so they can celebrate with her.",
            "phone call, I call her every Sunday anyway so this Sunday will be special",
            "Perfect — she'll remember it forever.",
            "Also I crochet in hotel rooms on layovers, thinking of making little gifts for the wedding guests",
            "Crocheted flower boutonnières or small coasters would be lovely, personal favours.",
            "coasters!! ok starting now",
            "Good luck — and congratulations again!",
        ),
    ]
    probes = [
        _probe("what is the user's job?", "job", "cabin crew",
               kinds=["two_facts", "informal"], apart="Bucharest", said=["I'm cabin crew at Wizz Air"]),
        _probe("where is the user based?", "home", "Budapest", stale=["Bucharest"],
               kinds=["changed"], said=["based in Bucharest", "switching base to Budapest"]),
        _probe("who is the user's partner?", "partner", "Vlad",
               kinds=["in_passing", "restated", "informal"], said=["my bf Vlad", "VLAD PROPOSED"]),
        _probe("what is the user's cat called?", "pet", "Zuzu",
               kinds=["in_passing"], said=["my actual cat Zuzu"]),
        _probe("which languages does the user speak?", "languages", "Romanian, English and Italian",
               kinds=["in_passing"], said=["I speak Romanian, English and Italian"]),
        _probe("which city does the user's grandmother live in?", "parent_city", "Iași",
               kinds=["non_ascii", "in_passing"], said=["my bunica in Iași"]),
        _probe("which day does the user call her grandmother?", "call_day", "Sunday", weekly=True,
               kinds=["answer"], said=["I call her every Sunday"]),
        _probe("what hobby does the user have?", "hobby", "crochet",
               kinds=["plain"], said=["I crochet in hotel rooms"]),
    ]
    return sessions, probes


# ---------------------------------------------------------------- b5-u29
def _u29():
    sessions = [
        _session(
            "2025-01-11T16:40:00",
            "Hello, I am from Ukraine, living in Kraków since 2022 with my son Maksym. He is 11. I want help with his Polish homework, it is about a poem of Mickiewicz",
            "Happy to help! Which poem is it, and what does the task ask him to do?",
            "'Powrót taty'. He must write what is the moral",
            "The moral is about the power of a child's faith and prayer: the children's prayer softens the robbers' hearts and saves their father. He could write 2–3 sentences on that.",
            "Thank you. I speak Ukrainian and Russian and now Polish quite ok, but poems are difficult",
            "Poetry is hard in any second language — you're doing great helping him.",
            "My husband Andriy is still in Kyiv, he will call tonight, Maksym will tell him about the poem",
            "That's a lovely thing for them to share.",
        ),
        _session(
            "2025-03-18T11:15:00",
            "I am hairdresser, I work in a salon on Karmelicka street but I want to open my own. What do I need in Poland for small business?",
            "You'd register a sole proprietorship (JDG) via CEIDG online, choose a tax form, register with ZUS (new businesses get reduced contributions), and check sanitary (Sanepid) requirements for the salon. Do you have a location?",
            "Not yet, looking in Podgórze",
            "Podgórze is growing and has lots of young families — could be a good fit.",
            "Also my Polish course is on Tuesday evening, can you give me exercises with business words?",
            "Sure: faktura (invoice), najem (rent), umowa (contract), klient (client), rezerwacja (booking). Try making one sentence with each.",
            "Potrzebuję umowy najmu. Good?",
            "Bardzo dobrze! Perfect sentence.",
        ),
        _session(
            "2025-07-04T19:00:00",
            "I did it! Salon 'Olena Hair' is open in Podgórze since Monday. Need Instagram text, nice and simple",
            "Gratulacje! 'Olena Hair is open in Podgórze! ✂️ Cuts, colour and styling with love. Book now — we speak Polish, Ukrainian and English.' Want hashtags?",
            "Yes please, and Russian also add",
            "Added Russian. Hashtags: #krakow #podgorze #fryzjer #olenahair #hairkrakow",
            "Also my mother come from Lviv to help me in first months, she was also hairdresser",
            "That's wonderful — two generations behind the chair!",
            "Yes 😊 and Polish course I must change to Thursday because salon is open late Tuesday",
            "That makes sense. Good luck with the salon!",
        ),
    ]
    probes = [
        _probe("where does the user work?", "employer", "Olena Hair", stale=["Karmelicka"],
               kinds=["changed"], said=["salon on Karmelicka street", "Salon 'Olena Hair' is open"]),
        _probe("what is the user's job?", "job", "hairdresser",
               kinds=["plain"], said=["I am hairdresser"]),
        _probe("which city does the user live in?", "home", "Kraków",
               kinds=["two_facts", "non_ascii"], apart="Maksym", said=["living in Kraków since 2022"]),
        _probe("what is the user's son called?", "child", "Maksym",
               kinds=["two_facts"], apart="Kraków", said=["with my son Maksym"]),
        _probe("where is the user's husband?", "partner_city", "Kyiv",
               kinds=["two_facts"], apart="Andriy", said=["My husband Andriy is still in Kyiv"]),
        _probe("which day is the user's Polish course?", "course_day", "Thursday", stale=["Tuesday"], weekly=True,
               kinds=["changed"], said=["Polish course is on Tuesday", "change to Thursday"]),
        _probe("which city is the user's mother from?", "parent_city", "Lviv",
               kinds=["in_passing"], said=["my mother come from Lviv"]),
        _probe("which languages does the user speak?", "languages", "Ukrainian and Russian",
               kinds=["plain"], said=["I speak Ukrainian and Russian"]),
    ]
    return sessions, probes


# ---------------------------------------------------------------- b5-u30
def _u30():
    sessions = [
        _session(
            "2025-02-18T15:50:00",
            "kia ora, I teach chem at Rangitoto College and I need a quick demo for year 9 that's safe and flashy",
            "Try elephant's toothpaste with 6% hydrogen peroxide, yeast and dish soap — big foam, low risk, goggles on. Want a worksheet to go with it?",
            "yes pls, 1 page, with a prediction question",
            "Done: aim, materials, a 'predict what will happen' box, observation table and a question on catalysts.",
            "legend. also my sister in Wellington wants to come up for Easter, sorry not Wellington, that's my brother, my sister's in Napier",
            "No worries! Is she driving up from Napier?",
            "yeah, in her dodgy car haha",
            "Hope it makes the trip! Enjoy the visit.",
        ),
        _session(
            "2025-04-22T20:20:00",
            "Touch rugby is Thursday nights and I keep rolling my ankle. Taping tips?",
            "Use rigid tape in a stirrup and figure-eight pattern over an underwrap, and do balance and calf raises during the week to strengthen it. If it keeps happening, see a physio.",
            "cheers. Also I've got a tree nut allergy, is almond milk in the team smoothies a problem? asking for a mate lol no asking for me",
            "Yes — almonds are tree nuts, so skip almond milk. Oat or soy milk are safer options; just check labels for cross-contamination.",
            "Oat it is. My partner Aroha's going to make them",
            "Nice teamwork!",
            "She's the organised one",
            "Every team needs one!",
        ),
        _session(
            "2025-07-14T08:30:00",
            "Got a new job for term 3! Head of science at Westlake Boys. Bit nervous ngl",
            "Congratulations! That's a big step up. What's worrying you most?",
            "leading people older than me. my new principal, Mr Tapsell, says I'll be fine",
            "Listen first, ask what's working, and make small changes early. Respect their experience and they'll respect your leadership.",
            "solid. also the Demio finally died on the motorway, need a cheap reliable used car",
            "Sorry about the Demio! A used Toyota Corolla or Mazda 3 around 2015 is reliable and easy to fix in NZ.",
            "went with a Corolla, 2016, hatch",
            "Great choice — it'll run forever.",
        ),
    ]
    probes = [
        _probe("where does the user work?", "employer", "Westlake Boys", stale=["Rangitoto College"],
               kinds=["changed", "two_facts"], apart="Head of science", said=["I teach chem at Rangitoto College", "Head of science at Westlake Boys"]),
        _probe("which city does the user's sister live in?", "sibling_city", "Napier", stale=["Wellington"],
               kinds=["slip_same_message", "informal"], said=["my sister in Wellington wants"]),
        _probe("which day is the user's touch rugby?", "rugby_day", "Thursday", weekly=True,
               kinds=["plain"], said=["Touch rugby is Thursday nights"]),
        _probe("what is the user allergic to?", "allergy", "tree nut",
               kinds=["slip_same_message", "informal"], said=["I've got a tree nut allergy"]),
        _probe("what is the user's partner called?", "partner", "Aroha",
               kinds=["in_passing"], said=["My partner Aroha's"]),
        _probe("what car does the user drive?", "car", "Corolla", stale=["Demio"],
               kinds=["changed", "answer"], said=["the Demio finally died", "went with a Corolla"]),
        _probe("who is the user's principal?", "manager", "Mr Tapsell",
               kinds=["in_passing", "informal"], said=["my new principal, Mr Tapsell"]),
    ]
    return sessions, probes


# ---------------------------------------------------------------- b5-u31
def _u31():
    sessions = [
        _session(
            "2025-01-24T20:10:00",
            "Good evening my friend. I am Ahmed, retired civil engineer, 65, from Heliopolis in Cairo. I worked 12 years in Stuttgart long ago so I speak Arabic, German and English. Today I want a recipe for koshari that my grandson Youssef will eat, he hates onions",
            "Good evening, Ahmed! Make the koshari as usual — rice, lentils, macaroni, chickpeas and spicy tomato sauce — and serve the crispy onions in a separate bowl so Youssef can skip them.",
            "Clever. His mother always puts them on top, now I am the hero grandfather",
            "A well-earned title!",
            "Also my wife Mona wants to know, how long do we boil the lentils, brown ones",
            "Brown lentils need about 20–25 minutes of simmering until tender but not mushy.",
            "Thank you. Mona says you are better than her cookbook 😄",
            "That's very kind of her!",
        ),
        _session(
            "2025-03-28T09:30:00",
            "Every Thursday I take the train to Alexandria to see my sister Samira, she lives alone since her husband died. Is there a faster train now?",
            "The Spanish (Talgo) and VIP services take about 2.5 hours from Ramses Station, faster than the ordinary trains. Booking on the ENR website or app is easiest.",
            "Good. Also my Hyundai Elantra makes a noise when I turn the wheel, like a groan",
            "A groan when steering often means low power-steering fluid or a worn pump; on newer Elantras with electric steering it could be the column. Have a mechanic check it soon.",
            "It is 2014 model",
            "The 2014 Elantra uses electric power steering, so a groan may be the steering column coupler — a known issue that's fairly cheap to fix.",
            "Excellent, I will tell the mechanic exactly this",
            "Good luck with it!",
        ),
        _session(
            "2025-06-06T21:00:00",
            "My favourite singer is Umm Kulthum, I want to explain to Youssef why she is great. He only listens to Wegz",
            "Tell him she could sing one song for an hour and keep a stadium silent — then play 'Enta Omri' and let him hear the orchestra build. Maybe find a Wegz song that samples classic Egyptian music to bridge the gap.",
            "Good idea. Also news: I gave the Elantra to my son Karim, I don't drive anymore, Cairo traffic is too much for my nerves",
            "That sounds like a peaceful decision. Do you use Uber or the metro now?",
            "Metro for Thursday to Ramses, and Uber otherwise",
            "That works well, and no parking stress either!",
            "Exactly, now I read on the train",
            "The best part of train travel. Enjoy!",
        ),
    ]
    probes = [
        _probe("what car does the user drive?", "car", None, gone=["Hyundai Elantra", "Elantra"],
               kinds=["ended"], said=["my Hyundai Elantra makes a noise", "I gave the Elantra to my son Karim"]),
        _probe("which languages does the user speak?", "languages", "Arabic, German and English",
               kinds=["in_passing", "two_facts"], apart="Stuttgart", said=["I speak Arabic, German and English"]),
        _probe("which day does the user visit his sister?", "visit_day", "Thursday", weekly=True,
               kinds=["plain", "restated"], said=["Every Thursday I take the train", "Metro for Thursday"]),
        _probe("where does the user's sister live?", "sibling_city", "Alexandria",
               kinds=["two_facts"], apart="Samira", said=["to Alexandria to see my sister Samira"]),
        _probe("what is the user's wife called?", "partner", "Mona",
               kinds=["in_passing", "restated"], said=["my wife Mona", "Mona says you are better"]),
        _probe("who is the user's favourite singer?", "favourite", "Umm Kulthum",
               kinds=["plain"], said=["My favourite singer is Umm Kulthum"]),
        _probe("what is the user's grandson called?", "grandchild", "Youssef",
               kinds=["in_passing"], said=["my grandson Youssef"]),
        _probe("where does the user live?", "home", "Heliopolis",
               kinds=["in_passing"], said=["from Heliopolis in Cairo"]),
    ]
    return sessions, probes


_USERS = [_u00, _u01, _u02, _u03, _u04, _u05, _u06, _u07, _u08, _u09, _u10, _u11, _u12, _u13, _u14, _u15, _u16, _u17, _u18, _u19, _u20, _u21, _u22, _u23, _u24, _u25, _u26, _u27, _u28, _u29, _u30, _u31]


def build() -> list[dict[str, Any]]:
    return handwritten.build(_USERS, "b5", handwritten.resolve)


digest = handwritten.digest
FROZEN = "c78fa8f87707"


if __name__ == "__main__":
    handwritten.main(build, N_USERS, FROZEN)
