# ruff: noqa: E501  (hand-written chat data: one message per line)
"""Blind set 6: hand-written chat data for the offline fact extractor, written by hand, one user at a time,
by an author who had not read the extractor, its rules, its tests or any other data set.

Users with an even index form the "tune" split, odd ones "held". Running the file checks the data and
prints its digest."""

from __future__ import annotations

from typing import Any

import handwritten

N_USERS = 9
_session, _probe = handwritten.session, handwritten.probe


def _resolve(sessions: list[dict[str, Any]], snippets: list[str]) -> list[str]:
    user_msgs = [t for s in sessions for r, t in s["messages"] if r == "user"]
    out: list[str] = []
    for snip in snippets:
        hits = [m for m in user_msgs if snip in m]
        assert len(hits) == 1, (snip, len(hits))
        out.append(hits[0])
    return out


def _u00():
    sessions = [
        _session(
            "2025-02-03T19:12:00",
            "Hi! Can you help me plan a vegetarian dinner for four? My partner Magnus eats everything but I've been vegetarian since I was 15.",
            "Of course! How about a creamy mushroom and barley risotto with a crisp fennel salad? It's filling enough for meat-eaters too. Any ingredients you want to avoid?",
            "No nuts please, Magnus's brother is allergic. And it needs to be doable after a long shift, I'm a nurse at Haukeland so I'm usually wrecked by 6.",
            "Understood, nut-free and low effort. You could prep the barley the night before and finish the risotto in 25 minutes. Would you like a shopping list?",
            "Yes please. Shops here in Bergen close early on Saturday so I want to get it all Friday.",
            "Here's the list: pearl barley, 500g mixed mushrooms, 2 onions, garlic, vegetable stock, parmesan (or a vegetarian hard cheese), fennel, lemon, parsley, olive oil. Anything else?",
            "Perfect. Oh and dessert, something with berries maybe",
            "A simple berry crumble works well — oats, butter, flour and sugar for the topping, frozen berries underneath. 35 minutes in the oven.",
        ),
        _session(
            "2025-03-11T08:40:00",
            "Morning. I need to write a short message to my choir leader that I'll miss rehearsal next week.",
            "Sure. Which day is rehearsal, so I can mention it?",
            "Tuesday, no wait, Wednesday — we moved it to Wednesdays in January, I keep forgetting.",
            "Got it. Draft: \"Hi Kari, unfortunately I can't make it to rehearsal next Wednesday. I'll practise the alto part at home and see you the week after. Best, Sigrid\"",
            "Nice. Also Birk needs to go to the vet that day so that's the reason, you can add that",
            "Updated: \"Hi Kari, unfortunately I can't make it to rehearsal next Wednesday — my dog Birk has a vet appointment. I'll practise the alto part at home. Best, Sigrid\" Is Birk okay?",
            "Yeah just his yearly vaccines, he's a border collie, healthy as a horse",
            "Glad to hear it! Border collies are full of energy. Anything else for today?",
        ),
        _session(
            "2025-05-20T21:05:00",
            "Big news, we're moving! Magnus got a job in Trondheim so we're leaving Bergen end of June.",
            "Congratulations! That's a big change. Do you need help with a moving checklist?",
            "Yes. And I need to find a job there too, I've applied to St. Olavs hospital.",
            "Here's a checklist: notify Folkeregisteret of your new address, transfer utilities, book movers early, update your vet records for Birk, and register with a new GP. Good luck with St. Olavs!",
            "Thanks. Will have to find a new choir too, sad",
            "Trondheim has a lively choir scene — Nidarosdomens choirs and many community choirs. You might find one that also rehearses midweek.",
            "Update: got the St. Olavs job!! start in August",
            "Fantastic news, congratulations! That timing works well with the move.",
            "Ok we've been in Trondheim two weeks now, boxes everywhere but Birk loves the new garden",
            "That sounds lovely. Unpacking takes time — one room at a time. Glad Birk is settling in!",
        ),
    ]
    probes = [
        _probe("where does the user live now?", "home", "Trondheim", stale=["Bergen"], kinds=["changed", "in_passing", "restated"],
               said=["Shops here in Bergen", "we've been in Trondheim two weeks"]),
        _probe("where does the user work?", "employer", "St. Olavs", stale=["Haukeland"], kinds=["changed", "in_passing"],
               said=["I'm a nurse at Haukeland", "got the St. Olavs job"]),
        _probe("what is the user's job?", "job", "nurse", kinds=["in_passing"], said=["I'm a nurse at Haukeland"]),
        _probe("who is the user's partner?", "partner", "Magnus", kinds=["in_passing", "two_facts"], apart="vegetarian",
               said=["My partner Magnus eats everything"]),
        _probe("what diet does the user follow?", "diet", "vegetarian", kinds=["two_facts"], apart="Magnus",
               said=["I've been vegetarian since I was 15"]),
        _probe("which day does the user have choir rehearsal?", "choir_day", "Wednesday", stale=["Tuesday"], weekly=True,
               kinds=["slip_same_message", "answer"], said=["Tuesday, no wait, Wednesday"]),
        _probe("what is the user's dog called?", "pet", "Birk", kinds=["in_passing"],
               said=["Birk needs to go to the vet"]),
        _probe("what breed is the user's dog?", "dog_breed", "border collie", kinds=["answer"], said=["he's a border collie"]),
    ]
    return sessions, probes


def _u01():
    sessions = [
        _session(
            "2025-01-14T23:02:00",
            "hey can u help me write a cover letter in english? im a backend dev, 4 yrs exp, currently at trendyol",
            "Sure! What role and company are you applying to, and what would you like to highlight?",
            "senior backend at a berlin startup, remote. highlight go and kafka stuff tbh",
            "Here's an opening: \"Dear Hiring Team, I'm a backend engineer with four years of experience building high-traffic services in Go and Kafka at Trendyol, one of Türkiye's largest e-commerce platforms...\" Want me to continue?",
            "yes pls. also my english is ok but my german is zero lol, should i mention",
            "If the role is in English, you don't need to mention German. You could say you're open to learning it. Do you speak other languages?",
            "turkish obv, english, and a bit of arabic from my grandma",
            "Great — I'll add \"Turkish (native), English (professional), Arabic (basic)\". Here's the full letter...",
        ),
        _session(
            "2025-02-22T12:30:00",
            "my cat pamuk threw up again on the carpet in kadıköy flat, landlord gonna kill me. how to clean",
            "Blot it up, then use an enzyme cleaner or a mix of white vinegar and water, then baking soda once dry. Is Pamuk eating something unusual?",
            "she eats grass from the balcony plants ngl",
            "That's common — cats eat grass and then vomit. You could swap in cat grass. If it happens often, a vet check is a good idea.",
            "ok. also need a quick stretching routine, i play basketball every thursday with work guys and my knee hurts",
            "Try: quad stretch 30s each, hamstring stretch, calf stretch against a wall, and glute bridges. If the knee pain is sharp, see a physio before playing again.",
            "ye my gf elif says the same thing lol",
            "Elif sounds wise! Rest and ice can help meanwhile.",
        ),
        _session(
            "2025-04-30T01:15:00",
            "cant sleep. elif and i broke up last week, 2 yrs. anyway. need distraction",
            "I'm sorry, that's hard. Want to talk about it, or would you prefer something distracting — a book, a project, a plan for the weekend?",
            "distraction. also i got the berlin job!! starting june, company is called Lumora",
            "That's huge, congratulations! A new job and city is a lot of distraction in a good way. Do you want help planning the move?",
            "yes. selling my fiat egea this week, dont need a car there",
            "Good call, Berlin's public transport is great. For the sale, get it cleaned, gather service records, and price it against similar listings on sahibinden.",
            "and i quit basketball, knee is done, physio said no jumping for 6 months",
            "Sorry to hear that. Swimming or cycling are knee-friendly ways to stay active. Berlin has plenty of public pools.",
            "pamuk comes with me ofc. my sister zeynep will keep her in ankara till i find a flat",
            "That's a good plan. Check the EU pet passport requirements: microchip, rabies vaccine and a titer test from Türkiye, which takes a few months.",
        ),
    ]
    probes = [
        _probe("where does the user work?", "employer", "Lumora", stale=["Trendyol"], kinds=["changed", "informal"],
               said=["currently at trendyol", "company is called Lumora"]),
        _probe("what is the user's cat called?", "pet", "Pamuk", kinds=["in_passing", "informal"], said=["my cat pamuk threw up"]),
        _probe("who is the user's girlfriend?", "partner", None, gone=["Elif"], kinds=["ended", "informal"],
               said=["my gf elif", "elif and i broke up"]),
        _probe("which day does the user play basketball?", "basketball_day", None, gone=["Thursday"], kinds=["ended", "in_passing"],
               said=["i play basketball every thursday", "i quit basketball"]),
        _probe("what car does the user drive?", "car", None, gone=["Fiat Egea"], kinds=["ended", "in_passing"],
               said=["selling my fiat egea"]),
        _probe("where does the user's sister live?", "sister_city", "Ankara", apart="Pamuk", kinds=["in_passing"],
               said=["my sister zeynep will keep her in ankara"]),
        _probe("what is the user's sister called?", "sister", "Zeynep", kinds=["in_passing"], said=["my sister zeynep"]),
        _probe("which languages does the user speak?", "languages", "Arabic", kinds=["answer", "informal"],
               said=["a bit of arabic from my grandma"]),
    ]
    return sessions, probes


def _u02():
    sessions = [
        _session(
            "2025-03-02T10:05:00",
            "Hello, I need ideas for a birthday party of my daughter Lucía, she is 8. Something in the house, not expensive.",
            "How fun! A themed afternoon works well: a treasure hunt, a craft table (decorate cupcakes or make bracelets), and a mini disco. What does Lucía like?",
            "She loves the horses and painting. Her friends from the school are coming, around 12 kids, all from Colegio Santa Ana.",
            "Then a horse theme: paint wooden horse figures, pin the tail on the pony, and a horse-shaped cake. For 12 kids, plan 2 hours. Should I make a timetable?",
            "Yes please. And food without shellfish, I am allergic to it and I don't want it in the house at all.",
            "Absolutely. Timetable: 17:00 arrivals and painting, 17:40 treasure hunt, 18:15 snacks (mini sandwiches, fruit skewers, crisps), 18:40 cake, 19:00 disco. No shellfish anywhere.",
            "Perfect, my husband Javier will do the disco part haha, he thinks he is a DJ",
            "That sounds like a great role for him! Have a wonderful party.",
        ),
        _session(
            "2025-04-15T18:20:00",
            "Can you help me to write an email to the director of my school? I am teacher of English in IES Triana, here in Sevilla.",
            "Of course. What is the email about?",
            "I want to ask to change my timetable on Mondays because I go to pilates at 18h and the meetings finish at 18:30.",
            "Draft: \"Dear Director, I'm writing to ask whether the Monday department meetings could finish by 17:45, as I have a prior commitment at 18:00. I'm happy to contribute in other ways...\" Would you like it more formal?",
            "Is good. Also our car is broken again, the Seat León, 14 years old. Javier says we must buy new one.",
            "Fourteen years is a good run. Do you want help comparing options — hybrid, electric, petrol?",
            "Maybe hybrid, we drive a lot to Cádiz to see my mother every two weeks.",
            "For frequent medium trips a hybrid is a great choice. The Toyota Corolla hybrid, Kia Niro and Renault Clio E-Tech are popular. I can compare them.",
        ),
        _session(
            "2025-06-09T09:45:00",
            "Good morning! Finally we bought the car, a Toyota Corolla hybrid, grey. We sold the old Seat for only 900 euros.",
            "Congratulations on the new car! The Corolla hybrid is very economical. Anything you need help with today?",
            "Yes, the pilates studio changed the groups, so now I go on Thursdays, not Monday anymore. So I don't need that email finally haha.",
            "Ha, problem solved by itself! Thursdays it is. Anything else?",
            "A recipe for gazpacho but a little different, for the summer dinners with Javier's parents.",
            "Try a watermelon gazpacho: watermelon, tomatoes, cucumber, a little red pepper, garlic, sherry vinegar, olive oil and salt. Blend and chill for 2 hours.",
            "Ooh nice. Pablo will like it, he is the one who doesn't eat vegetables",
            "The watermelon makes it sweeter, so kids often like it. How old is Pablo?",
            "5, he is starting at Colegio Santa Ana in September with his sister.",
            "How nice that they'll be at the same school. Enjoy your summer dinners!",
        ),
    ]
    probes = [
        _probe("what car does the user have?", "car", "Corolla", stale=["Seat León"], kinds=["changed", "non_ascii"],
               said=["the Seat León, 14 years old", "a Toyota Corolla hybrid, grey"]),
        _probe("which day does the user go to pilates?", "pilates_day", "Thursday", stale=["Monday"], weekly=True,
               kinds=["changed", "in_passing"], said=["I go to pilates at 18h", "now I go on Thursdays"]),
        _probe("what is the user allergic to?", "allergy", "shellfish", kinds=["in_passing"], said=["I am allergic to it"]),
        _probe("who is the user's husband?", "husband", "Javier", kinds=["in_passing", "restated"],
               said=["my husband Javier will do the disco"]),
        _probe("which school do the user's children go to?", "kids_school", "Colegio Santa Ana", kinds=["in_passing", "restated"],
               said=["all from Colegio Santa Ana", "he is starting at Colegio Santa Ana"]),
        _probe("where does the user work?", "employer", "IES Triana", apart="Sevilla", kinds=["two_facts"],
               said=["I am teacher of English in IES Triana"]),
        _probe("where does the user live?", "home", "Sevilla", apart="IES Triana", kinds=["two_facts", "in_passing"],
               said=["here in Sevilla"]),
        _probe("where does the user's mother live?", "mother_city", "Cádiz", kinds=["in_passing", "non_ascii"],
               said=["to Cádiz to see my mother"]),
    ]
    return sessions, probes


def _u03():
    sessions = [
        _session(
            "2025-01-20T20:10:00",
            "hi, I need to prepare a short presentation for work tomorrow, about delivery delays in Q4. my manager Agnieszka wants max 5 slides",
            "Happy to help. What's your role and who's the audience?",
            "logistics planner at DHL, Wrocław hub. audience is regional managers",
            "Suggested 5 slides: 1) Q4 summary in numbers, 2) main causes of delays, 3) impact on customers, 4) what we already changed, 5) next steps and asks. Want me to draft text for each?",
            "yes. causes were mainly weather in december and two sorting machines broken",
            "Slide 2 — \"Main causes: (a) severe weather in December disrupted linehaul; (b) two sorting machines out of service for 9 days combined.\" Shall I add numbers?",
            "no numbers yet, I will put them in the morning. thanks man",
            "Good luck with the presentation!",
        ),
        _session(
            "2025-02-27T21:35:00",
            "ok random question, is oat milk ok for making pancakes? I'm lactose intolerant and Ola wants pancakes lol",
            "Yes, oat milk works very well in pancakes — it's slightly sweet. Use the same amount as regular milk. Lactose-free butter or oil for the pan.",
            "great. Ola is my girlfriend btw, we live together in Nadodrze since last year",
            "Nice neighbourhood! Enjoy the pancakes. Anything to go with them?",
            "something not too sweet",
            "Try cottage-cheese-free toppings: sliced banana with peanut butter, or blueberries with a bit of lemon zest and maple syrup.",
            "also need to stretch fingers, I do bouldering on tuesdays and my forearms are dead",
            "Try wrist flexor and extensor stretches, finger extensions with a rubber band, and rice bucket exercises. Rest days matter too!",
        ),
        _session(
            "2025-04-18T17:00:00",
            "Hi. Bit of a sad day. Our dog Kora died this morning, she was 14. I grew up with her at my parents' place in Opole.",
            "I'm so sorry. Fourteen years is a long, loved life. Is there anything I can help with — writing something for her, or just talking?",
            "maybe help me write a message to my brother Michał, he's in Dublin and can't come home",
            "Draft: \"Michał, Kora passed away this morning, peacefully. Mum and Dad were with her. I know you wish you could be here. She had the best life. Call me when you can.\"",
            "thanks that's good. also work news, Agnieszka left, new boss is Tomasz, seems ok",
            "Change of managers is always an adjustment. Hope Tomasz turns out well.",
            "and one good thing — I proposed to Ola last weekend and she said yes :)",
            "Oh, congratulations to you both! A bittersweet week, but that's wonderful news.",
        ),
    ]
    probes = [
        _probe("who is the user's manager?", "manager", "Tomasz", stale=["Agnieszka"], kinds=["changed", "in_passing"],
               said=["my manager Agnieszka wants", "new boss is Tomasz"]),
        _probe("where does the user work?", "employer", "DHL", apart="Wrocław", kinds=["answer"], said=["logistics planner at DHL"]),
        _probe("who is the user's partner?", "partner", "Ola", kinds=["in_passing", "restated"],
               said=["Ola is my girlfriend btw", "I proposed to Ola"]),
        _probe("what is the user's diet restriction?", "diet", "lactose intolerant", kinds=["in_passing"], said=["I'm lactose intolerant"]),
        _probe("which day does the user go bouldering?", "bouldering_day", "Tuesday", weekly=True, kinds=["in_passing", "informal"],
               said=["I do bouldering on tuesdays"]),
        _probe("what was the user's family dog called?", "pet", None, gone=["Kora"], kinds=["ended"], said=["Our dog Kora died"]),
        _probe("where does the user's brother live?", "brother_city", "Dublin", kinds=["in_passing", "non_ascii"],
               said=["my brother Michał, he's in Dublin"]),
        _probe("where do the user's parents live?", "parents_city", "Opole", kinds=["in_passing"], said=["my parents' place in Opole"]),
    ]
    return sessions, probes


def _u04():
    sessions = [
        _session(
            "2025-02-08T07:30:00",
            "Good morning! Need a quick tiffin idea for my son Aarav, he's 7 and super picky. Only veg, we don't eat eggs also.",
            "Good morning! Try mini paneer parathas rolled with a little ketchup, or vegetable idlis with a small box of coconut chutney. Does he have a nut-free rule at school?",
            "Yes his school is nut-free, Inventure Academy.",
            "Then skip peanut chutney. Mini parathas, corn-cheese sandwiches, or a sweet poha with raisins all work.",
            "Sorry, I mixed up — Aarav is at Greenwood High. Inventure is where my niece studies. Both are nut-free anyway 😅",
            "No problem, noted — Greenwood High. The ideas still work!",
            "Thanks. Rohan will pack it today, I have an early standup.",
            "Have a good standup! What do you work on, if you don't mind me asking?",
            "I'm a product manager at Infosys, payments team.",
            "Nice — payments is a busy space. Good luck today!",
        ),
        _session(
            "2025-03-22T15:10:00",
            "Help me write a WhatsApp message to my veena teacher that I can't come this Saturday.",
            "Sure: \"Namaste Ma'am, I'm sorry, I won't be able to attend class this Saturday due to a family function. I'll practise the varnam at home. Thank you!\" Is the class weekly?",
            "yes every Saturday morning, 9 to 10.",
            "Great, I'll remember. Anything else?",
            "My parents are coming from Chennai next week, need a 3-day plan in Bengaluru that's not too tiring for them, they're in their 70s.",
            "Day 1: Lalbagh early morning walk, lunch at home, evening at ISKCON temple. Day 2: Cubbon Park and the Visvesvaraya museum, light dinner out. Day 3: a relaxed drive to Nandi Hills for sunrise only if they're up for it, or a family lunch at MTR.",
            "MTR for sure, Appa loves it.",
            "Perfect choice. Enjoy the visit!",
        ),
        _session(
            "2025-06-01T22:00:00",
            "Quick update for context, I switched jobs — joined Flipkart last Monday, still payments but consumer side.",
            "Congratulations on the move to Flipkart! How's the first week been?",
            "Chaotic but good. Also my manager there is Deepa, she's great.",
            "Great to have a good manager from the start. Anything I can help you prepare?",
            "A 30-60-90 day plan doc",
            "Here's a structure: 30 days — learn the product, meet stakeholders, read metrics; 60 days — identify 2-3 quick wins and ship one; 90 days — propose a roadmap for the next half. Want it filled in for payments?",
            "yes, and keep it short. Rohan says I overdo docs lol",
            "Short version coming up — one page, bullet points only.",
        ),
    ]
    probes = [
        _probe("which school does the user's son attend?", "son_school", "Greenwood High", stale=["Inventure Academy"],
               kinds=["slip_next_message", "answer"], said=["his school is nut-free, Inventure Academy", "Aarav is at Greenwood High"]),
        _probe("what is the user's son's name?", "son", "Aarav", kinds=["in_passing"], said=["my son Aarav, he's 7"]),
        _probe("where does the user work?", "employer", "Flipkart", stale=["Infosys"], kinds=["changed", "answer"],
               said=["product manager at Infosys", "joined Flipkart last Monday"]),
        _probe("which day does the user have veena class?", "veena_day", "Saturday", weekly=True, kinds=["answer", "restated"],
               said=["can't come this Saturday", "every Saturday morning"]),
        _probe("who is the user's manager?", "manager", "Deepa", kinds=["in_passing"], said=["my manager there is Deepa"]),
        _probe("where do the user's parents live?", "parents_city", "Chennai", apart="Bengaluru", kinds=["two_facts", "in_passing"],
               said=["My parents are coming from Chennai"]),
        _probe("what diet does the user's family follow?", "diet", "veg", kinds=["in_passing", "informal"], said=["Only veg, we don't eat eggs"]),
        _probe("who is the user's partner?", "partner", "Rohan", kinds=["in_passing"], said=["Rohan will pack it today"]),
    ]
    return sessions, probes


def _u05():
    sessions = [
        _session(
            "2025-01-09T13:45:00",
            "salut! can you explain the difference between mitosis and meiosis simply? I'm TAing a first year bio lab at McGill and my brain is fried",
            "Sure! Mitosis: one cell divides into two identical cells (same chromosome number) — used for growth and repair. Meiosis: two rounds of division produce four cells with half the chromosomes — used to make eggs and sperm, and it shuffles genes.",
            "perfect that's exactly the level. also can u make a 5 question quiz",
            "1) How many daughter cells result from meiosis? 2) Which process makes gametes? 3) Are mitosis daughter cells genetically identical? 4) What is crossing over? 5) In which phase do sister chromatids separate in mitosis?",
            "merci!! my PhD supervisor is Dr. Okafor if anyone asks lol, she wants the quiz by friday",
            "Ha, noted. Good luck getting it to Dr. Okafor on time!",
            "also my bf Mathieu wants to go to Rimouski to see my grand-mère for her 90th, any ideas what to bring",
            "A photo book of family pictures is lovely for a 90th, or a framed print of a place she loves. Flowers and a homemade dessert are classic too.",
        ),
        _session(
            "2025-03-03T22:50:00",
            "ugh. hockey tonight was brutal, we lost 7-1. sunday night women's league in Verdun, I'm the goalie",
            "Ouch, 7-1 is rough — but goalie stats usually reflect the whole team. How are you feeling?",
            "fine, just tired. btw I need a doctor's note template? I'm allergic to penicillin and they keep forgetting at the clinic",
            "You could carry an allergy card: \"ALLERGY: Penicillin — reaction: [hives/anaphylaxis]. Name, date of birth, emergency contact.\" Also ask the clinic to flag it in your file.",
            "hives. ok good idea",
            "I'll fill it in: \"ALLERGY: Penicillin — reaction: hives.\" Keep it in your wallet.",
            "Mathieu and I broke up btw, so no Rimouski trip together lol. it's fine, it was time",
            "I'm sorry — sounds like you're at peace with it. Will you still go see your grand-mère?",
            "yeah by bus, in April",
            "The Orléans Express bus is a comfortable ride. Your grand-mère will be so happy.",
        ),
        _session(
            "2025-05-17T11:05:00",
            "ok so I've been seeing someone, her name is Camille, we met at the hockey league 🙈 she plays defence",
            "That's lovely! Meeting through a shared passion is a great start.",
            "need a date idea in Montréal that isn't a bar",
            "Ideas: a picnic on Mont-Royal at sunset, the Jardin botanique, a pottery class, or biking the Lachine Canal and getting ice cream.",
            "lachine canal!! I don't have a car anyway, just my bike",
            "Perfect then — bikes and Bixi stations along the canal make it easy. Stop at Atwater Market for snacks.",
            "also I quit hockey for the summer season, too much with the thesis. Camille is still playing",
            "Makes sense to prioritize the thesis. You can always return in the fall.",
        ),
    ]
    probes = [
        _probe("who is the user's partner?", "partner", "Camille", stale=["Mathieu"], kinds=["changed", "ended"],
               said=["my bf Mathieu", "Mathieu and I broke up", "her name is Camille"]),
        _probe("what is the user allergic to?", "allergy", "penicillin", kinds=["in_passing"], said=["I'm allergic to penicillin"]),
        _probe("where does the user study?", "university", "McGill", kinds=["in_passing"], said=["first year bio lab at McGill"]),
        _probe("who is the user's supervisor?", "supervisor", "Okafor", kinds=["in_passing", "informal"], said=["my PhD supervisor is Dr. Okafor"]),
        _probe("where does the user's grandmother live?", "grandma_city", "Rimouski", kinds=["in_passing", "non_ascii"], said=["to Rimouski to see my grand-mère"]),
        _probe("which day does the user play hockey?", "hockey_day", None, gone=["Sunday"], kinds=["ended", "informal"],
               said=["sunday night women's league", "I quit hockey"]),
        _probe("where does the user live?", "home", "Montréal", kinds=["in_passing", "non_ascii"], said=["date idea in Montréal"]),
        _probe("how does the user get around?", "transport", "bike", kinds=["in_passing", "informal"], said=["just my bike"]),
    ]
    return sessions, probes


def _u06():
    sessions = [
        _session(
            "2025-02-11T16:20:00",
            "Good afternoon. I would like to write a farewell speech. I retire in April after 38 years as an engineer at Airbus in Finkenwerder.",
            "Congratulations on such a long career! How long should the speech be, and what tone — funny, heartfelt, or both?",
            "Both, maybe 3 minutes. Not too emotional, we are Hamburgers after all.",
            "Ha! Here's an outline: a joke about your first day, two memorable projects, thanks to colleagues by name, and a closing line about what's next. Which projects matter most to you?",
            "The A380 wing assembly and the A320neo. And I must thank my boss Herr Lindqvist, he is Swedish and always brings cinnamon buns.",
            "Lovely detail. Draft opening: \"When I started here in 1987, the coffee machine was newer than me — today I'm older than the coffee machine, and so is Herr Lindqvist's supply of cinnamon buns...\"",
            "Very good! My wife Gisela will laugh at that.",
            "I'm glad! I'll finish the rest of the speech now.",
        ),
        _session(
            "2025-04-06T10:00:00",
            "Hello again. The doctor told me I have gout, so no more red meat and less beer. Terrible news for a man from Hamburg.",
            "Sorry to hear that — gout can be painful. Plenty of good food is still fine: poultry in moderation, fish like cod, lots of vegetables, low-fat dairy, cherries. Want a week of meal ideas?",
            "Yes please. Gisela cooks usually but I want to help now that I have time.",
            "Great: Mon — lentil soup (small portion) with bread; Tue — baked cod with potatoes and dill; Wed — vegetable omelette; Thu — chicken and vegetable stir-fry; Fri — Käsespätzle light version...",
            "On Fridays I play Skat with my friends at the Kneipe, so Friday dinner is there, skip it.",
            "Noted — Friday is your Skat night. I'll leave Friday open. Any drinks at Skat you'd like alternatives for?",
            "Alcohol-free Weizen is acceptable I think",
            "Good choice — alcohol-free wheat beer is much better for gout than regular beer.",
        ),
        _session(
            "2025-06-30T14:30:00",
            "Now I am retired for two months! Strange feeling. We also gave away the old Passat to our neighbour's son and bought a VW ID.3.",
            "Congratulations on both! How are you finding electric driving?",
            "Quiet. Too quiet. Fritzi does not like it, she barks at the charging cable.",
            "Ha! Is Fritzi your dog?",
            "Yes our dachshund, 9 years old, the boss of the house.",
            "Dachshunds usually are! Anything I can help with today?",
            "We plan to drive to Munich to visit our daughter Anke. Is it possible with the ID.3 without much stress?",
            "Yes — Hamburg to Munich is about 780 km. Plan two charging stops, for example near Kassel and Nürnberg, 25-30 minutes each. Use the Ionity or EnBW app to check chargers.",
        ),
    ]
    probes = [
        _probe("where does the user work?", "employer", None, gone=["Airbus"], kinds=["ended", "plain"],
               said=["as an engineer at Airbus in Finkenwerder", "Now I am retired"]),
        _probe("who was the user's boss?", "manager", "Lindqvist", kinds=["in_passing"], said=["my boss Herr Lindqvist"]),
        _probe("who is the user's wife?", "wife", "Gisela", kinds=["in_passing", "restated"], said=["My wife Gisela"]),
        _probe("what car does the user drive?", "car", "ID.3", stale=["Passat"], kinds=["changed", "two_facts"],
               said=["bought a VW ID.3"]),
        _probe("which day does the user play Skat?", "skat_day", "Friday", weekly=True, kinds=["plain"],
               said=["On Fridays I play Skat"]),
        _probe("what is the user's dog called?", "pet", "Fritzi", kinds=["answer"], said=["Fritzi does not like it", "our dachshund"]),
        _probe("where does the user's daughter live?", "daughter_city", "Munich", kinds=["in_passing"],
               said=["visit our daughter Anke"]),
        _probe("what food must the user avoid?", "diet", "red meat", kinds=["plain"], said=["no more red meat"]),
    ]
    return sessions, probes


def _u07():
    sessions = [
        _session(
            "2025-01-25T06:50:00",
            "Good morning o. Please I need a simple jollof rice recipe for 20 people, my twins are turning 6 on Saturday",
            "Good morning! Happy early birthday to the twins. For 20: 2kg parboiled rice, 1.5L blended tomato-pepper base (8 tomatoes, 6 tatashe, 3 scotch bonnet, 3 onions), 250ml oil, stock, curry, thyme, bay leaves. Do you want a step-by-step?",
            "Yes please. Then the kids' party is at home in Lekki, small small decorations",
            "Steps: fry onions in oil, add tomato paste, then the blend, cook down 30-40 mins until oil floats; add stock and seasoning, then washed rice; cover with foil and lid, steam on low. What are the twins' names, for a banner?",
            "Kamsi and Kosi",
            "Banner idea: \"Happy 6th Birthday Kamsi & Kosi!\" in gold and blue. Anything else?",
            "That's all for now, thank you jare. Their dad Emeka will handle the music",
            "Perfect division of labour! Enjoy the party.",
        ),
        _session(
            "2025-03-04T21:15:00",
            "Evening. I'm an accountant at Access Bank and I need to explain IFRS 9 expected credit loss to new staff in plain words",
            "Plain version: instead of waiting for a borrower to default before booking a loss, IFRS 9 asks us to estimate losses we expect in future and set money aside now — 12 months of expected loss for healthy loans, lifetime loss for loans that have got riskier.",
            "This is good. Also make a small example with numbers",
            "Example: loan of ₦10m, 2% chance of default in 12 months, and if it defaults we lose 40%. ECL = 10m × 2% × 40% = ₦80,000 to set aside.",
            "Perfect. My oga Mrs Adeyemi will like this",
            "Glad to help! Good luck with the training.",
            "Also abeg remind me, Bible study is Wednesday evening, I always forget to prepare",
            "I can't set reminders, but a phone alarm on Wednesday afternoon would help. Want a quick prep checklist for each week?",
            "Yes short one",
            "1) Read the passage Tuesday night, 2) note one question, 3) note one thing to apply. Done!",
        ),
        _session(
            "2025-05-12T19:40:00",
            "We are relocating to Abuja! Emeka got transferred, so I'm moving to the Access Bank branch in Wuse 2",
            "That's big news! Congratulations on the transfer. Do you need help with school options for the twins in Abuja?",
            "Yes, they are in Corona School now, want something similar",
            "Good options in Abuja include Lifegate, Premiere Academy's junior school, and Regent School. Visit and compare curriculum, class sizes and fees.",
            "Thank you. And my Camry will be driven up by our driver, the road is long o",
            "Lagos to Abuja is roughly 750km — a day and a half with a stop in Lokoja is sensible.",
            "Update: we've settled in Abuja, twins start at Regent School next week",
            "Wonderful, welcome to Abuja! I hope the twins love Regent School.",
        ),
    ]
    probes = [
        _probe("where does the user live now?", "home", "Abuja", stale=["Lekki"], kinds=["changed", "restated"],
               said=["at home in Lekki", "we've settled in Abuja"]),
        _probe("where does the user work?", "employer", "Access Bank", kinds=["plain", "restated"],
               said=["I'm an accountant at Access Bank", "the Access Bank branch in Wuse 2"]),
        _probe("what school do the user's twins attend?", "kids_school", "Regent School", stale=["Corona School"], kinds=["changed", "answer"],
               said=["they are in Corona School", "twins start at Regent School"]),
        _probe("what are the user's twins called?", "kids", "Kamsi", kinds=["answer"], said=["Kamsi and Kosi"]),
        _probe("who is the user's husband?", "husband", "Emeka", kinds=["in_passing"], said=["Their dad Emeka"]),
        _probe("who is the user's boss?", "manager", "Adeyemi", kinds=["informal", "in_passing"], said=["My oga Mrs Adeyemi"]),
        _probe("which day does the user have Bible study?", "bible_day", "Wednesday", weekly=True, kinds=["in_passing", "informal"],
               said=["Bible study is Wednesday evening"]),
        _probe("what car does the user have?", "car", "Camry", kinds=["in_passing"], said=["my Camry will be driven"]),
    ]
    return sessions, probes


def _u08():
    sessions = [
        _session(
            "2025-03-06T01:20:00",
            "hiii can u help me w my architecture essay intro, its on brutalism in melbourne. im 2nd yr at RMIT",
            "Hi! Sure. A possible opening: \"Melbourne's brutalist buildings — from the Eastern Hill Fire Station to the Former Footscray Tech — divide opinion as sharply as their concrete edges...\" Want it more academic?",
            "bit more academic pls, my tutor is strict",
            "\"This essay examines brutalism's legacy in Melbourne, arguing that its civic ambitions have been obscured by its aesthetic reputation...\" How's that?",
            "omg yes. ok also i live in footscray w 3 housemates and we have no food ideas, cheap dinners?",
            "Cheap share-house dinners: fried rice with frozen veg, chickpea curry, pasta bake, egg and tomato stir-fry, big pots of soup. Any dietary needs?",
            "peanut allergy (me), otherwise no",
            "Noted — I'll skip satay and anything with peanut oil. Chickpea curry is a safe bet.",
        ),
        _session(
            "2025-04-10T22:40:00",
            "ugh my shift at chatime ran late again. how do i ask my manager for less weekend shifts politely",
            "Try: \"Hi [Manager], I really enjoy working here, but with my studio deadlines I'd like to reduce weekend shifts. Could I do Sundays only from next month?\" What's their name?",
            "Ben",
            "\"Hi Ben, I really enjoy working here...\" — same as above. Good luck!",
            "tyy. also learning korean on duolingo rn, 80 day streak 🔥 viet + english + korean soon lol",
            "An 80-day streak is impressive! Pairing it with K-dramas with Korean subtitles helps a lot.",
            "i do that already hehe",
            "Then you're on the right track!",
        ),
        _session(
            "2025-06-22T14:00:00",
            "moved to brunswick!! so much closer to uni. new room is tiny but its mine",
            "Congrats on the move! Tiny rooms can be cosy. Want some small-space storage ideas?",
            "yess. also quit chatime finally, now working at Readings bookshop on lygon st, way calmer",
            "Working in a bookshop sounds lovely. Storage ideas: under-bed boxes, over-door organisers, a tall narrow shelf, hooks on the back of the door, and a bed with drawers if you can.",
            "mum in hà nội keeps asking for pics of my room lol",
            "Send her a before-and-after once you've set it up — she'll love it.",
            "ok also badminton is now thursdays not sundays, the club changed the court booking",
            "Got it — Thursdays for badminton now. Enjoy!",
        ),
    ]
    probes = [
        _probe("where does the user live now?", "home", "Brunswick", stale=["Footscray"], kinds=["changed", "informal"],
               said=["i live in footscray", "moved to brunswick"]),
        _probe("where does the user work?", "employer", "Readings", stale=["Chatime"], gone=["Chatime"], kinds=["changed", "ended", "informal"],
               said=["my shift at chatime", "quit chatime finally"]),
        _probe("what is the user allergic to?", "allergy", "peanut", kinds=["answer", "informal"], said=["peanut allergy (me)"]),
        _probe("where does the user study?", "university", "RMIT", kinds=["in_passing", "informal"], said=["im 2nd yr at RMIT"]),
        _probe("who was the user's manager at the tea shop?", "manager", "Ben", kinds=["answer"], said=["Ben"]),
        _probe("which day does the user play badminton?", "badminton_day", "Thursday", stale=["Sunday"], weekly=True,
               kinds=["changed", "informal"], said=["badminton is now thursdays"]),
        _probe("where does the user's mother live?", "mother_city", "Hà Nội", kinds=["in_passing", "non_ascii"], said=["mum in hà nội"]),
        _probe("what language is the user learning?", "learning_language", "Korean", kinds=["informal", "in_passing"], said=["learning korean on duolingo"]),
    ]
    return sessions, probes


_USERS = [_u00, _u01, _u02, _u03, _u04, _u05, _u06, _u07, _u08]


def build() -> list[dict[str, Any]]:
    return handwritten.build(_USERS, "b6", _resolve)


digest = handwritten.digest
FROZEN = "none"


if __name__ == "__main__":
    _users = build()
    handwritten.check(_users, N_USERS)
    assert digest(build()) == digest(_users)
    print(f"users={len(_users)} probes={sum(len(u['probes']) for u in _users)} digest={digest(_users)} frozen={FROZEN}")
