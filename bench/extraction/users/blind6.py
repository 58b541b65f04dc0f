# ruff: noqa: E501  (hand-written chat data: one message per line)
"""Blind set 6: hand-written chat data for the offline fact extractor, written by hand, one user at a time,
by an author who had not read the extractor, its rules, its tests or any other data set.

Users with an even index form the "tune" split, odd ones "held". Running the file checks the data and
prints its digest."""

from __future__ import annotations

from typing import Any

import handwritten

N_USERS = 24
_session, _probe = handwritten.session, handwritten.probe


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
        _probe("where does the user work?", "employer", "Readings", stale=["Chatime"], kinds=["changed", "ended", "informal"],
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


def _u09():
    sessions = [
        _session(
            "2025-02-02T15:30:00",
            "Olá! I'm a chef in Lisbon, Brazilian, need help to translate my new menu descriptions to good English for tourists",
            "Olá! Happy to help. Send me the dishes and the Portuguese descriptions.",
            "Moqueca de peixe — fish stew with coconut milk, dendê oil, peppers. Pão de queijo — cheese bread. Feijoada de sábado — black bean stew with pork, only saturdays",
            "1) Moqueca de peixe — Bahian fish stew simmered in coconut milk and palm oil with sweet peppers and coriander. 2) Pão de queijo — warm, chewy Brazilian cheese bread. 3) Saturday Feijoada — slow-cooked black bean stew with pork cuts, served Saturdays only. What's the restaurant called?",
            "Taberna do Largo",
            "Nice name! Want a short tagline for the top of the menu?",
            "Ops, sorry, is Tasca do Largo, not Taberna, I confuse with the place next door haha",
            "No worries — Tasca do Largo. Tagline: \"Brazilian soul, Lisbon street.\"",
        ),
        _session(
            "2025-03-19T23:55:00",
            "Finished the shift now. My wife Renata is 8 months pregnant, we need a list for the hospital bag",
            "Congratulations! Hospital bag: ID and health documents, birth plan, comfortable clothes, nursing bras, maternity pads, slippers, phone charger, snacks; for the baby: 3 bodysuits, hat, socks, blanket, car seat (if you drive).",
            "We don't have car, we use the metro and taxi. It is ok?",
            "Yes — in Lisbon many families use taxis or ride apps for the hospital trip. Just book one with a car seat option for going home, or bring a baby carrier.",
            "Good. And the name will be Alice, Renata chose, I agreed haha",
            "Alice is a beautiful name!",
            "And on Monday nights I play futsal with the Brazilian guys here, I think I will stop some weeks after the baby",
            "That makes sense — the first weeks are intense. The team will understand.",
        ),
        _session(
            "2025-07-08T10:10:00",
            "Alice is 3 months!! Sleep is zero. Also big change — I left Tasca do Largo, now I'm head chef at a new place in Alfama called Prado Sul",
            "Congratulations on Alice and on the head chef role! What can I help with?",
            "I need to write a message to my mother in Belo Horizonte, in English because my cousin who lives with her is learning and wants to read it haha, about Alice",
            "Sweet idea! Draft: \"Mãe, Alice is three months old today. She smiles when she hears music and grabs Renata's hair. We miss you. Come to Lisbon soon!\"",
            "Perfect. And futsal I stopped completely, no time, sad",
            "That's understandable with a baby and a new head chef job. Maybe later in the year.",
            "Maybe. At least I watch Atlético Mineiro games at night when Alice don't sleep",
            "A good use of those late nights!",
        ),
    ]
    probes = [
        _probe("where does the user work?", "employer", "Prado Sul", stale=["Tasca do Largo", "Taberna do Largo"], kinds=["changed", "slip_next_message"],
               said=["Taberna do Largo", "is Tasca do Largo, not Taberna", "head chef at a new place in Alfama"]),
        _probe("what is the user's job?", "job", "chef", kinds=["plain"], said=["I'm a chef in Lisbon"]),
        _probe("who is the user's wife?", "wife", "Renata", kinds=["in_passing"], said=["My wife Renata is 8 months pregnant"]),
        _probe("what is the user's daughter called?", "daughter", "Alice", kinds=["plain", "restated"], said=["the name will be Alice", "Alice is 3 months"]),
        _probe("which day does the user play futsal?", "futsal_day", None, gone=["Monday"], kinds=["ended", "in_passing"],
               said=["on Monday nights I play futsal", "futsal I stopped completely"]),
        _probe("where does the user's mother live?", "mother_city", "Belo Horizonte", kinds=["in_passing"], said=["my mother in Belo Horizonte"]),
        _probe("what football team does the user support?", "team", "Atlético Mineiro", kinds=["in_passing", "non_ascii"], said=["I watch Atlético Mineiro"]),
        _probe("where does the user live?", "home", "Lisbon", kinds=["two_facts"], apart="chef", said=["I'm a chef in Lisbon"]),
    ]
    return sessions, probes


def _u10():
    sessions = [
        _session(
            "2025-03-15T06:10:00",
            "morning. need a quick breakfast thats ok for type 2 diabetes, got diagnosed last month and im still figuring it out",
            "Morning! Good options: eggs scrambled with spinach and a slice of whole-grain toast; Greek yogurt with berries and a few walnuts; or oatmeal made with steel-cut oats plus a spoon of peanut butter. Aim for protein + fiber.",
            "eggs it is. gotta eat fast, i coach my son's little league team saturdays and we got a game at 9",
            "Sounds like a fun morning! What's your son's name and position?",
            "Marcus, he plays catcher. 10 years old and tougher than me lol",
            "Catchers have to be tough! Good luck today.",
            "thx. also my truck is making a grinding noise when i brake, its a 2012 f-150",
            "Grinding usually means the brake pads are worn down to the metal. Get it checked soon — driving on it can ruin the rotors.",
        ),
        _session(
            "2025-04-28T19:45:00",
            "hey so i work HVAC for Gulf Coast Air here in houston and my boss Rick wants me to write up a safety checklist for new guys",
            "Good idea. Checklist draft: PPE (gloves, glasses, boots), lockout/tagout before any electrical work, ladder inspection, refrigerant handling certification, attic heat precautions — water and breaks, never work alone in confined spaces.",
            "add something about heat. its brutal in the attics here, 140 degrees",
            "Added: \"Attic work: limit to 20-minute stretches above 120°F, cooling breaks in shade, electrolyte drinks, buddy check-ins every 15 minutes.\"",
            "perfect. also been seeing somebody, keisha, first real date since the divorce. where do i take her in houston thats not fancy but nice",
            "How about Discovery Green for a walk, then tacos at a spot in the Heights, or a picnic at Hermann Park with a paddle boat. Low-key but thoughtful.",
            "hermann park, she likes the outdoors",
            "Great choice. Have fun!",
        ),
        _session(
            "2025-07-02T20:20:00",
            "big week. got promoted to field supervisor. still at Gulf Coast but now i got 6 techs under me",
            "Congratulations! That's a big step. Any help needed for your new role?",
            "how to run a short morning meeting that doesnt waste time",
            "Keep it 10 minutes, standing: 1) safety note of the day, 2) today's jobs and who's on them, 3) any blockers, 4) one shout-out. End on time every day.",
            "nice. also finally got rid of the f-150, brakes and transmission both going. picked up a used silverado",
            "Good timing for an upgrade. How's the Silverado?",
            "runs great. taking it to baton rouge next month to see my mama",
            "Nice road trip — about 4 hours. Enjoy the visit with your mom!",
        ),
    ]
    probes = [
        _probe("what car does the user drive?", "car", "Silverado", stale=["F-150"], kinds=["changed", "informal"],
               said=["its a 2012 f-150", "picked up a used silverado"]),
        _probe("what medical condition does the user have?", "condition", "diabetes", kinds=["plain", "informal"], said=["ok for type 2 diabetes"]),
        _probe("which day does the user coach little league?", "coaching_day", "Saturday", weekly=True, kinds=["in_passing", "informal"],
               said=["i coach my son's little league team saturdays"]),
        _probe("what is the user's son called?", "son", "Marcus", kinds=["answer"], said=["Marcus, he plays catcher"]),
        _probe("where does the user work?", "employer", "Gulf Coast Air", apart="Rick", kinds=["two_facts", "restated"],
               said=["i work HVAC for Gulf Coast Air", "still at Gulf Coast"]),
        _probe("who is the user's boss?", "manager", "Rick", apart="Gulf Coast Air", kinds=["two_facts"], said=["my boss Rick wants me"]),
        _probe("who is the user dating?", "partner", "Keisha", kinds=["informal", "in_passing"], said=["been seeing somebody, keisha"]),
        _probe("where does the user's mother live?", "mother_city", "Baton Rouge", kinds=["in_passing", "informal"], said=["baton rouge next month to see my mama"]),
    ]
    return sessions, probes


def _u11():
    sessions = [
        _session(
            "2025-01-18T11:00:00",
            "Hello. I am UX designer at Rakuten in Tokyo. Can you check my English in this portfolio text? \"I am passionate for making the complex things simple for users.\"",
            "Sure! A smoother version: \"I'm passionate about making complex things simple for users.\" Would you like me to check more?",
            "Yes, thank you. \"I have 5 years experience in e-commerce and fintech apps.\"",
            "\"I have five years of experience designing e-commerce and fintech apps.\" Nice and clear.",
            "Also small question, my shiba inu Mochi chews my cables. How to stop?",
            "Use cable covers or spiral wraps, bitter apple spray, and give Mochi appropriate chew toys. Reward him when he chooses the toy instead.",
            "She, Mochi is a girl haha. OK I will try the spray.",
            "Sorry — she! Good luck with the spray.",
        ),
        _session(
            "2025-03-08T20:30:00",
            "Good evening. I am moving in with my boyfriend Kenta next month, from my small apartment in Setagaya to his place in Meguro. Can you make moving checklist for Japan?",
            "Congratulations! Checklist: submit a moving-out notice (tenshutsu-todoke) at the Setagaya ward office, then a moving-in notice (tennyu-todoke) at Meguro within 14 days; update My Number card, bank and credit cards, health insurance; cancel or transfer utilities; register Mochi's new address.",
            "Very helpful! Also is it ok to bring Mochi, his apartment allows pets I think",
            "Check the lease for a pet clause — some buildings allow only small dogs. Shibas usually count as medium, so confirm with the management company.",
            "OK I will ask. And on Sundays I go to tea ceremony class in Setagaya, it will be far now",
            "From Meguro it's only about 20 minutes by train, so you could keep the class.",
            "Good point, I keep it",
            "Great, continuity is nice during a move.",
        ),
        _session(
            "2025-05-25T09:15:00",
            "Hi! Now I live in Meguro with Kenta and Mochi, all ok. The building allowed her.",
            "Wonderful! How is everyone settling in?",
            "Good. I want to send a letter to my grandmother Chiyo (千代) in Sapporo, she is 88. Can you help write warm message? I will translate to Japanese myself.",
            "Draft: \"Dear Grandma, I hope you're keeping warm and well. I moved to a new home in Meguro with Kenta — Mochi has her own corner by the window. I think of you every time I make tea. I'll visit Sapporo this summer. With love, Yuki.\"",
            "Very beautiful. She taught me tea ceremony actually.",
            "Then mentioning tea is perfect. She'll love that.",
            "Also I quit Rakuten last week, I go to a small design studio called Hakobune from June",
            "Congratulations on the new role! Smaller studios can be very rewarding.",
        ),
    ]
    probes = [
        _probe("where does the user live now?", "home", "Meguro", stale=["Setagaya"], kinds=["changed", "restated"],
               said=["from my small apartment in Setagaya", "Now I live in Meguro"]),
        _probe("where does the user work?", "employer", "Hakobune", stale=["Rakuten"], kinds=["changed", "ended"],
               said=["I am UX designer at Rakuten", "I quit Rakuten last week"]),
        _probe("what is the user's dog called?", "pet", "Mochi", kinds=["in_passing"], said=["my shiba inu Mochi chews"]),
        _probe("who is the user's partner?", "partner", "Kenta", kinds=["in_passing", "two_facts"], apart="Meguro",
               said=["moving in with my boyfriend Kenta"]),
        _probe("which day does the user go to tea ceremony class?", "tea_day", "Sunday", weekly=True, kinds=["in_passing"],
               said=["on Sundays I go to tea ceremony class"]),
        _probe("what is the user's grandmother called?", "grandma", "Chiyo", kinds=["in_passing", "non_ascii"], said=["my grandmother Chiyo (千代)"]),
        _probe("where does the user's grandmother live?", "grandma_city", "Sapporo", apart="Chiyo", kinds=["in_passing"], said=["in Sapporo, she is 88"]),
        _probe("what is the user's job?", "job", "UX designer", kinds=["plain"], said=["I am UX designer at Rakuten"]),
    ]
    return sessions, probes


def _u12():
    sessions = [
        _session(
            "2025-02-14T14:00:00",
            "Hello there, my granddaughter set this up for me. I'm Bríd, 72, a retired primary teacher in Galway. Could you suggest a gluten-free brown bread? I'm coeliac these twenty years.",
            "Hello Bríd, lovely to meet you! Gluten-free brown soda bread: 400g gluten-free brown bread flour mix, 1 tsp bread soda, 1 tsp salt, 1 egg, 450ml buttermilk, a handful of seeds. Bake at 200°C for 45-50 minutes. Would you like tips to keep it moist?",
            "Yes please, the last one I made was like a brick.",
            "Add a tablespoon of treacle and a tablespoon of oil to the wet ingredients, and don't overbake — wrap it in a clean tea towel as it cools.",
            "Grand. Biddy the cat will be disappointed, she loves the crusts.",
            "Ha! Biddy can have a little crust as a treat. Anything else today?",
            "No, that's all, go raibh maith agat. I like to keep my Irish going, I taught through Irish for years.",
            "Go raibh míle maith agat, Bríd! Enjoy the baking.",
        ),
        _session(
            "2025-04-03T19:30:00",
            "Good evening. The book club meets Thursday afternoons in the library and it's my turn to pick. Something not too long, we're all old biddies ourselves.",
            "Ha! Some shorter, well-loved choices: 'Small Things Like These' by Claire Keegan, 'Foster' also by Keegan, 'The Remains of the Day' by Ishiguro, or 'Olive Kitteridge' if you want stories.",
            "Small Things Like These, perfect. My late husband Seán loved Keegan.",
            "A lovely choice, then, with a personal connection. I'm sorry about Seán.",
            "Thank you, it's three years now. Also, I want to send an email to my son Cathal in Boston, he wants me to visit at Christmas and I'm nervous of the flight.",
            "Draft: \"Dear Cathal, thank you for the invitation. I'd love to come at Christmas, but I'm a bit nervous about the long flight. Could you help me book an aisle seat and the assistance service at Shannon and Boston?\"",
            "That's exactly it. Well done.",
            "Glad to help!",
        ),
        _session(
            "2025-06-18T08:00:00",
            "Morning! News from Galway: I've started sea swimming at Blackrock with a group of ladies, every Tuesday at 7. Cold but marvellous.",
            "That's wonderful! Cold-water swimming is great for the mood. Any tips you'd like for keeping warm after?",
            "Yes, I shiver for an hour after.",
            "Dress quickly starting with your top half, wear a woolly hat, drink something warm, and avoid a hot shower straight away — let your body rewarm gradually.",
            "Also I've stopped driving, the eyes aren't what they were. I gave the Micra to my granddaughter Aoife.",
            "That's a sensible and generous decision. Are buses easy for you in Galway?",
            "Yes, the bus stops right at my door, and Aoife drives me to book club now.",
            "That's lovely. Enjoy your swims!",
        ),
    ]
    probes = [
        _probe("where does the user live?", "home", "Galway", kinds=["plain", "restated", "two_facts"], apart="teacher",
               said=["a retired primary teacher in Galway", "News from Galway"]),
        _probe("what diet restriction does the user have?", "diet", "coeliac", kinds=["in_passing"], said=["I'm coeliac these twenty years"]),
        _probe("what is the user's cat called?", "pet", "Biddy", kinds=["in_passing"], said=["Biddy the cat will be disappointed"]),
        _probe("which day does the user's book club meet?", "bookclub_day", "Thursday", weekly=True, kinds=["plain"],
               said=["The book club meets Thursday afternoons"]),
        _probe("which day does the user go sea swimming?", "swim_day", "Tuesday", weekly=True, kinds=["plain"],
               said=["every Tuesday at 7"]),
        _probe("who is the user's husband?", "husband", None, gone=["Seán"], kinds=["ended", "non_ascii"], said=["My late husband Seán"]),
        _probe("where does the user's son live?", "son_city", "Boston", kinds=["in_passing"], said=["my son Cathal in Boston"]),
        _probe("what car does the user drive?", "car", None, gone=["Micra"], kinds=["ended"], said=["I gave the Micra to my granddaughter"]),
    ]
    return sessions, probes


def _u13():
    sessions = [
        _session(
            "2025-01-27T12:15:00",
            "Hej! I need a vegan lunchbox plan for the week, I'm vegan and my wife Linnéa is too, but our son eats everything at förskola",
            "Hej! Vegan lunchbox week: Mon — lentil salad with roasted beets; Tue — chickpea and spinach wraps; Wed — leftover veggie chili with rice; Thu — soba noodles with tofu and peanut sauce; Fri — hummus, falafel and crudités.",
            "Great. Elis is 4, he goes to Ängen förskola, they serve meat there, we decided that's fine",
            "That seems a balanced approach. Anything else?",
            "I also want to prepare for a meeting at Volvo Cars, I'm project manager for the charging software",
            "Happy to help. What's the meeting about?",
            "Delays. My manager Henrik wants a recovery plan by Thursday",
            "Recovery plan outline: 1) current status and root cause, 2) options (scope cut, more resources, date shift) with trade-offs, 3) recommendation, 4) risks and next checkpoints.",
        ),
        _session(
            "2025-03-10T18:40:00",
            "Hi. Riding lesson was cancelled because of ice, so I have time. I ride every Monday at a stable outside Kungälv",
            "Sorry about the cancellation! Want to use the time for something specific?",
            "Plan a weekend visit to my sister in Malmö. No sorry, Lund, she moved from Malmö last year, I always say Malmö",
            "Gothenburg to Lund is about 2.5 hours by train or car. Ideas: walk the cathedral and botanical garden, coffee at Ebbas Fik-style cafés, and a day trip to Malmö's Ribersborg beach.",
            "We'll drive the XC40, Elis gets carsick on trains",
            "Driving makes sense then. Pack snacks and plan a stop in Halmstad.",
            "Good idea. Her name is Sanna btw, if I ask again",
            "Got it, Sanna in Lund.",
        ),
        _session(
            "2025-05-30T21:00:00",
            "Update: I'm leaving Volvo Cars. Got an offer from Polestar, same area, better team, starting in August",
            "Congratulations! Polestar sounds like a great fit. How are you feeling about it?",
            "Excited and sad, I liked Henrik",
            "That's natural. Leaving a good manager on good terms is valuable — you may work together again.",
            "And I stopped the riding lessons, it's too expensive with the new house",
            "Understandable. Did you move?",
            "Yes, from Majorna to a house in Mölndal, more space for Elis",
            "Congratulations on the house! Mölndal is lovely and close to the city.",
        ),
    ]
    probes = [
        _probe("where does the user work?", "employer", "Polestar", stale=["Volvo Cars"], kinds=["changed"],
               said=["prepare for a meeting at Volvo Cars", "Got an offer from Polestar"]),
        _probe("what diet does the user follow?", "diet", "vegan", apart="Linnéa", kinds=["two_facts"], said=["I'm vegan and my wife Linnéa is too"]),
        _probe("who is the user's wife?", "wife", "Linnéa", apart="vegan", kinds=["two_facts", "non_ascii"], said=["I'm vegan and my wife Linnéa is too"]),
        _probe("where does the user's son go to preschool?", "son_school", "Ängen", kinds=["in_passing", "non_ascii"], said=["he goes to Ängen förskola"]),
        _probe("which day does the user have riding lessons?", "riding_day", None, gone=["Monday"], kinds=["ended"],
               said=["I ride every Monday", "I stopped the riding lessons"]),
        _probe("where does the user's sister live?", "sister_city", "Lund", stale=["Malmö"], kinds=["slip_same_message", "non_ascii"],
               said=["No sorry, Lund"]),
        _probe("where does the user live now?", "home", "Mölndal", stale=["Majorna"], kinds=["changed", "answer", "non_ascii"],
               said=["from Majorna to a house in Mölndal"]),
        _probe("who was the user's manager at Volvo Cars?", "manager", "Henrik", kinds=["in_passing", "restated"], said=["My manager Henrik wants", "I liked Henrik"]),
    ]
    return sessions, probes


def _u14():
    sessions = [
        _session(
            "2025-02-05T05:45:00",
            "Habari! I run a small bakery in Kilimani, Nairobi. Need help to price my new banana bread, ingredients cost me about 180 bob per loaf",
            "Habari! A common rule is price = cost × 2.5 to 3 for baked goods, so 450-550 KES. Check what nearby cafés charge. What size is the loaf?",
            "Big one, 1kg",
            "For a 1kg loaf, 500 KES is reasonable; you could also sell slices at 80 KES each.",
            "Slices is a good idea. My husband Otieno says i undercharge everything haha",
            "He may be right! Value your work. Anything else?",
            "What's a name for the bakery instagram? The bakery is called Mama Wanjiru's",
            "Handle ideas: @mamawanjirusbakes, @mamawanjiru.ke, @wanjirusoven. Short and easy to spell is best.",
        ),
        _session(
            "2025-03-23T16:10:00",
            "Just back from chama. We meet every Sunday after church, I'm the treasurer this year so I need a simple spreadsheet",
            "Congratulations on being treasurer! Spreadsheet columns: Date, Member, Contribution, Loan issued, Loan repaid, Interest, Balance. One sheet per month, plus a summary sheet.",
            "Good. How do I calculate interest if 10% per month flat",
            "Flat 10% monthly: interest = principal × 0.10 × months. A 20,000 KES loan for 3 months = 6,000 KES interest, total 26,000.",
            "Perfect. Also my daughter Njeri wants help with her kiswahili insha, she's in class 7 at Riara school",
            "Happy to help — what's the topic of the insha?",
            "Likizo yangu — my holiday",
            "A structure: utangulizi (where you went), mwili (what you did, three paragraphs with methali), and hitimisho. A good methali: \"Safari ni hatua.\"",
        ),
        _session(
            "2025-06-14T10:30:00",
            "Good news, we sold the Probox and bought a Subaru Forester, second hand, for the deliveries and for going upcountry",
            "Congratulations! A Forester handles rough roads well. Going to visit family?",
            "Yes to Nyeri, my mum is there, every month",
            "That's lovely. About 2.5 hours from Nairobi. Anything else?",
            "Also we opened a second branch, in Westlands! So now two bakeries",
            "Wow, that's big growth! Congratulations. Do you need help with staffing or schedules?",
            "Yes, a rota for 4 staff, two shops, 6 days a week, closed Monday",
            "Rota draft: Kilimani — A and B alternate mornings/afternoons Tue-Sun; Westlands — C and D same pattern; each person gets one extra day off per week, rotating.",
        ),
    ]
    probes = [
        _probe("what does the user do for work?", "job", "bakery", kinds=["plain", "restated"], apart="Kilimani",
               said=["I run a small bakery in Kilimani", "So now two bakeries"]),
        _probe("who is the user's husband?", "husband", "Otieno", kinds=["in_passing"], said=["My husband Otieno says"]),
        _probe("which day does the user's chama meet?", "chama_day", "Sunday", weekly=True, kinds=["plain", "two_facts"], apart="treasurer",
               said=["We meet every Sunday after church"]),
        _probe("what is the user's role in the chama?", "chama_role", "treasurer", apart="Sunday", kinds=["two_facts"],
               said=["I'm the treasurer this year"]),
        _probe("which school does the user's daughter attend?", "daughter_school", "Riara", kinds=["in_passing"],
               said=["she's in class 7 at Riara school"]),
        _probe("what car does the user have?", "car", "Forester", stale=["Probox"], kinds=["changed", "two_facts"],
               said=["we sold the Probox and bought a Subaru Forester"]),
        _probe("where does the user's mother live?", "mother_city", "Nyeri", kinds=["answer", "informal"], said=["Yes to Nyeri, my mum is there"]),
        _probe("where does the user live?", "home", "Nairobi", kinds=["in_passing"], said=["in Kilimani, Nairobi"]),
    ]
    return sessions, probes


def _u15():
    sessions = [
        _session(
            "2025-02-19T20:05:00",
            "Hi, I need write bug report in better English. I am tester in Kiwi.com, Brno office. Text: \"When user click back button, the search results is lost.\"",
            "Improved: \"Title: Search results are lost after pressing the Back button. Steps: 1) Search for a flight, 2) Open a result, 3) Press Back. Expected: previous results shown. Actual: empty search page.\"",
            "Super, thank you. My team lead Radek is very strict about format",
            "Then adding Environment (browser, version, device) and Severity fields will keep Radek happy.",
            "Ok. Other thing — my band has rehearsal Thursday, I play bass, and I need to learn song fast. Tips?",
            "Learn the root notes first, then the rhythm pattern, then fills. Loop the hardest section at 75% speed. Which song?",
            "Wait, I lie, rehearsal is Tuesday. Thursday is gym. Song is Seven Nation Army, easy I think",
            "Noted — Tuesday rehearsal. Seven Nation Army is a great one; the riff is the whole song, focus on the groove.",
        ),
        _session(
            "2025-04-22T08:30:00",
            "Morning. Hay fever is killing me, I am allergic to birch pollen and Brno is full of birches now",
            "Sorry! Try a non-drowsy antihistamine (cetirizine or fexofenadine), saline nasal rinse, sunglasses outside, and shower after being outdoors. Check the pollen forecast.",
            "Thank you. Also I want plan trip with my girlfriend Lenka to visit my brother in Prague and father in Ostrava same weekend. Possible?",
            "Yes if you're efficient: Friday evening Brno → Prague (2.5h), Saturday in Prague, Sunday morning Prague → Ostrava (3.5h by train), Sunday evening Ostrava → Brno (2h).",
            "We take my Octavia, maybe easier",
            "By car: Brno–Prague 2h, Prague–Ostrava 3.5h, Ostrava–Brno 1.5h. Doable, but long Sunday.",
            "Ok. My brother is Jakub, he has baby now, so we bring present",
            "A nice idea — a soft toy or a personalised blanket is always appreciated.",
        ),
        _session(
            "2025-07-01T19:00:00",
            "Hello. I changed job! From today I am QA engineer at Red Hat, still in Brno, big office near Technology park",
            "Congratulations! Red Hat has a big community in Brno. Anything to prepare?",
            "I must learn Python quicker. Other thing: Lenka and me separated last month. So I am alone in flat now",
            "I'm sorry to hear about you and Lenka. That's a lot of change at once. For Python, try 'Automate the Boring Stuff' and pytest docs.",
            "Thanks. Band is good therapy. Still Tuesday rehearsals",
            "Music is great for that. Glad you have it.",
            "And I sold Octavia, I go with tram and bike now",
            "Brno's trams are excellent. Less stress with parking too!",
        ),
    ]
    probes = [
        _probe("where does the user work?", "employer", "Red Hat", stale=["Kiwi.com"], kinds=["changed"],
               said=["I am tester in Kiwi.com", "I am QA engineer at Red Hat"]),
        _probe("which day does the user's band rehearse?", "rehearsal_day", "Tuesday", stale=["Thursday"], weekly=True,
               kinds=["slip_next_message", "restated"], said=["my band has rehearsal Thursday", "rehearsal is Tuesday", "Still Tuesday rehearsals"]),
        _probe("what is the user allergic to?", "allergy", "birch pollen", kinds=["plain"], said=["I am allergic to birch pollen"]),
        _probe("who is the user's partner?", "partner", None, gone=["Lenka"], kinds=["ended"], said=["my girlfriend Lenka", "Lenka and me separated"]),
        _probe("where does the user's brother live?", "brother_city", "Prague", apart="Ostrava", kinds=["two_facts"],
               said=["my brother in Prague and father in Ostrava"]),
        _probe("where does the user's father live?", "father_city", "Ostrava", apart="Prague", kinds=["two_facts"],
               said=["my brother in Prague and father in Ostrava"]),
        _probe("what car does the user drive?", "car", None, gone=["Octavia"], kinds=["ended", "in_passing"], said=["We take my Octavia", "I sold Octavia"]),
        _probe("who was the user's team lead?", "manager", "Radek", kinds=["in_passing"], said=["My team lead Radek"]),
    ]
    return sessions, probes


def _u16():
    sessions = [
        _session(
            "2025-01-11T22:30:00",
            "hello po! can u help me budget my salary? im a nurse here in Dubai, Rashid Hospital, i send money home every month",
            "Hello! Of course. What's your monthly salary roughly, and how much do you usually send home?",
            "around 9000 aed, i send 4000 to my mother in Batangas, she takes care of my 2 kids",
            "Budget suggestion: 4,000 remittance, 1,800 shared accommodation, 900 food, 400 transport, 300 phone/internet, 600 savings, 1,000 buffer/personal. Do you pay rent alone?",
            "bedspace lang, shared w 3 other nurses",
            "Then 1,800 might be high — maybe 1,200 for bedspace, and move the extra 600 to savings.",
            "ok nice. my husband Jun is in Manila, he works in a call center, so he helps also",
            "Great, with two incomes it's easier to build savings for the kids' future.",
        ),
        _session(
            "2025-03-14T20:15:00",
            "hi again. zumba tonight was so fun, every friday after my shift w the pinoy group in Karama",
            "Sounds like a great way to unwind! Anything I can help with today?",
            "yes my eldest Bea needs help in math, grade 5, fractions. can u explain adding fractions simple so i can video call her",
            "Simple way: to add fractions, the bottoms (denominators) must match. 1/4 + 2/4 = 3/4. If they don't match, like 1/2 + 1/3, change both to sixths: 3/6 + 2/6 = 5/6.",
            "wow super clear salamat",
            "Walang anuman! Good luck to Bea.",
            "and i applied to canada, Manitoba, as nurse. fingers crossed",
            "Fingers crossed! Manitoba has been actively recruiting internationally educated nurses.",
        ),
        _session(
            "2025-07-20T18:00:00",
            "hi!! we made it, im now in Winnipeg, working at St. Boniface Hospital. Jun and the kids follow in december",
            "Congratulations, that's huge! How are you finding Winnipeg?",
            "cold already haha. i need a car, thinking used honda civic or toyota corolla",
            "Both are reliable and hold value. In Winnipeg, budget for winter tires and a block heater. A Civic is slightly sportier, a Corolla a bit more comfortable.",
            "ok i got the civic, 2019, white",
            "Congrats! Get winter tires on before November.",
            "no more zumba for now, no group here yet. will find one",
            "Winnipeg has a big Filipino community, especially around the West End — you'll likely find a group soon.",
        ),
    ]
    probes = [
        _probe("where does the user live now?", "home", "Winnipeg", stale=["Dubai"], kinds=["changed"],
               said=["im a nurse here in Dubai", "im now in Winnipeg"]),
        _probe("where does the user work?", "employer", "St. Boniface Hospital", stale=["Rashid Hospital"], kinds=["changed", "in_passing"],
               said=["Dubai, Rashid Hospital", "working at St. Boniface Hospital"]),
        _probe("where does the user's mother live?", "mother_city", "Batangas", kinds=["two_facts", "informal"], apart="4000",
               said=["my mother in Batangas"]),
        _probe("who is the user's husband?", "husband", "Jun", kinds=["in_passing", "two_facts"], apart="Manila",
               said=["my husband Jun is in Manila"]),
        _probe("which day does the user do zumba?", "zumba_day", None, gone=["Friday"], kinds=["ended", "informal"],
               said=["every friday after my shift", "no more zumba for now"]),
        _probe("what is the user's eldest child called?", "child", "Bea", kinds=["in_passing"], said=["my eldest Bea needs help"]),
        _probe("what car does the user drive?", "car", "Civic", kinds=["answer", "informal"], said=["i got the civic"]),
        _probe("what is the user's job?", "job", "nurse", kinds=["plain", "restated"], said=["im a nurse here in Dubai", "as nurse. fingers crossed"]),
    ]
    return sessions, probes


def _u17():
    sessions = [
        _session(
            "2025-02-25T13:10:00",
            "Ciao! I'm a lawyer in a firm in Milano, Bonelli & Partners, and I need to write an email in English to a client in London about a delay in a contract. Formal but kind.",
            "Ciao! Draft: \"Dear Mr Harris, I'm writing to let you know that finalising the supply agreement will take slightly longer than planned, as we're awaiting confirmation on two clauses from the counterparty. We now expect to circulate the final version by Friday 7 March...\"",
            "Perfect, very British. Grazie.",
            "Prego! Anything else?",
            "Yes, I want to book padel courts for me and my boyfriend Davide, we play every Wednesday — no, Thursday, Wednesday is his football. How do I say in English 'campo prenotato'?",
            "\"Court booked\" — e.g. \"Court booked for Thursday at 8pm.\"",
            "Easy! Also, a small thing, I'm allergic to cats but Davide wants one. Any cat that is ok?",
            "No cat is truly hypoallergenic, but breeds like Siberian or Devon Rex produce fewer allergens for some people. Spend time with one before deciding.",
        ),
        _session(
            "2025-04-12T17:45:00",
            "Ciao again. My nonna in Palermo is 91 and I want to write her a letter for Easter, but the kids of my cousin want to read it in English to practise, so English version.",
            "How sweet! Draft: \"Dear Nonna, Happy Easter! I wish I could be in Palermo to eat your cassata. Milan is grey but I think of your terrace and the lemons every day...\"",
            "Bellissimo. I also learn Spanish now, two times a week online, because the firm has many clients in Madrid",
            "Great skill to add. Italian speakers usually progress fast in Spanish — watch out for false friends like 'burro' (donkey, not butter)!",
            "Ahah yes. Davide and I are also looking for a bigger flat, maybe in Isola or NoLo",
            "Both are lively areas. Isola is more central and pricier; NoLo is more affordable and up-and-coming. What's your budget?",
            "Max 1600 per month",
            "NoLo would give you more space at that budget; in Isola you'd find smaller two-room flats.",
        ),
        _session(
            "2025-06-27T09:30:00",
            "News! I left Bonelli & Partners, now I'm in-house legal counsel at Pirelli. Less hours, same stress ahah",
            "Congratulations! In-house roles can be great for work-life balance. How's it going?",
            "Good. And we moved to NoLo, the flat has a balcony finally",
            "Wonderful! Balcony plants would be nice — basil, rosemary, cherry tomatoes.",
            "Also we sold my old Panda, in the city we use only the metro and the bikes",
            "Makes sense in Milan. Less worry about parking.",
            "Davide got a Devon Rex kitten, Pepe, and I'm surviving with antihistamines ahah",
            "Ha, love wins! Keep Pepe out of the bedroom and use a HEPA filter — it helps.",
        ),
    ]
    probes = [
        _probe("where does the user work?", "employer", "Pirelli", stale=["Bonelli & Partners"], kinds=["changed"],
               said=["Bonelli & Partners, and I need", "now I'm in-house legal counsel at Pirelli"]),
        _probe("which day does the user play padel?", "padel_day", "Thursday", stale=["Wednesday"], weekly=True,
               kinds=["slip_same_message", "in_passing"], said=["we play every Wednesday — no, Thursday"]),
        _probe("who is the user's partner?", "partner", "Davide", kinds=["in_passing", "restated"], said=["my boyfriend Davide"]),
        _probe("what is the user allergic to?", "allergy", "cats", kinds=["in_passing"], said=["I'm allergic to cats"]),
        _probe("where does the user's grandmother live?", "grandma_city", "Palermo", kinds=["in_passing"], said=["My nonna in Palermo is 91"]),
        _probe("which neighbourhood does the user live in?", "home", "NoLo", kinds=["changed", "answer"], said=["we moved to NoLo"]),
        _probe("what is the user's cat called?", "pet", "Pepe", kinds=["in_passing"], said=["a Devon Rex kitten, Pepe"]),
        _probe("what car does the user have?", "car", None, gone=["Panda"], kinds=["ended"], said=["we sold my old Panda"]),
    ]
    return sessions, probes


def _u18():
    sessions = [
        _session(
            "2025-03-09T23:40:00",
            "hi can u help me with english essay?? its about a person i admire. i want to write about my halmoni",
            "Of course! Tell me a bit about your halmoni — what makes you admire her?",
            "she ran a small fish restaurant in jagalchi market for 40 yrs, alone. i live with her and my mom in busan",
            "That's a powerful story. Opening idea: \"Every morning at 4 a.m., while Busan was still asleep, my grandmother was already gutting mackerel at Jagalchi Market...\"",
            "omg thats so good. can u make it sound like a 16 yr old wrote it tho lol my teacher will know",
            "Ha, fair. \"My grandmother wakes up at 4 a.m. every day. For forty years she ran a fish restaurant in Jagalchi Market, by herself...\"",
            "better. ok i have violin at orchestra tmr so gotta sleep",
            "Good night and good luck at orchestra!",
        ),
        _session(
            "2025-04-20T16:00:00",
            "ugh hagwon until 10pm every weekday. anyway my dog kongi ate my earphones",
            "Oh no! Is Kongi okay? Earphone parts can be dangerous — watch for vomiting or lethargy and call a vet if anything seems off.",
            "ya hes fine, hes a maltese and basically a vacuum lol",
            "Small dogs, big appetites! Keep cables out of reach.",
            "also my oppa is in the army now, started last month, i miss him. he's in cheorwon",
            "That's hard — 18 months is a long time. Letters and care packages mean a lot to soldiers. Want ideas for a package?",
            "ya",
            "Snacks (instant noodles, protein bars), lip balm, hand cream, socks, a handwritten letter, and photos of Kongi!",
            "kongi photos lmaooo yes",
            "He'll love it!",
        ),
        _session(
            "2025-06-29T21:10:00",
            "i quit orchestra. too much with exams. mom was sad but ok",
            "That's a tough decision, but your wellbeing matters. You can always play violin for fun later.",
            "ya. also we moved to seoul last week bc mom got a job here, new school in august and everything 😭",
            "That's a big move! New schools can be scary but also exciting. Do you know which school yet?",
            "jamsil high school. halmoni came with us",
            "That's good that she came too. Jamsil is a nice area near the Han River.",
            "at least seventeen's concerts are in seoul lol",
            "Ha, there's always a bright side! Enjoy being closer to the concerts.",
        ),
    ]
    probes = [
        _probe("where does the user live now?", "home", "Seoul", stale=["Busan"], kinds=["changed", "informal"], said=["i live with her and my mom in busan", "we moved to seoul last week"]),
        _probe("which school will the user attend?", "school", "Jamsil High School", kinds=["answer", "informal"], said=["jamsil high school"]),
        _probe("what instrument does the user play in orchestra?", "orchestra", None, gone=["violin"], kinds=["ended", "informal"],
               said=["i have violin at orchestra", "i quit orchestra"]),
        _probe("what is the user's dog called?", "pet", "Kongi", kinds=["in_passing", "informal"], said=["my dog kongi ate"]),
        _probe("what breed is the user's dog?", "dog_breed", "maltese", kinds=["answer", "informal"], said=["hes a maltese"]),
        _probe("where is the user's brother stationed?", "brother_city", "Cheorwon", kinds=["in_passing", "informal"], said=["he's in cheorwon"]),
        _probe("what is the user's favourite band?", "fav_band", "Seventeen", kinds=["in_passing", "informal"], said=["seventeen's concerts"]),
        _probe("who does the user live with?", "lives_with", "halmoni", kinds=["in_passing", "restated"], said=["i live with her and my mom", "halmoni came with us"]),
    ]
    return sessions, probes


def _u19():
    sessions = [
        _session(
            "2025-01-30T21:00:00",
            "Hola. I am history teacher in a liceo in Valparaíso. I need a lesson plan about the 1973 coup for students of 16 years, 90 minutes, balanced.",
            "Hola! Outline: 1) 10 min — warm-up: what do students already know? 2) 20 min — context: 1960s Chile, Cold War, UP government. 3) 30 min — primary sources in groups (a speech, a newspaper front page, a testimony). 4) 20 min — discussion: how do different groups remember 11 September? 5) 10 min — exit ticket.",
            "Very good. The sources I have. Thank you.",
            "You're welcome! Anything else?",
            "Training plan for a marathon, I run the Santiago marathon in April. My long run is every Sunday morning by the sea",
            "Great! Since April is close, keep the Sunday long run building to 30-32 km three weeks before, then taper. Midweek: one tempo run and one interval session. What's your goal time?",
            "Under 4 hours. Last year 4:12",
            "Very doable with consistent tempo work. Target pace around 5:35/km.",
        ),
        _session(
            "2025-03-18T19:20:00",
            "My daughter Josefa started university in Santiago, she studies medicine at the Universidad de Chile. I'm proud but the house is empty.",
            "Congratulations to her! It's normal to feel the empty house. Do you live alone now?",
            "Yes, only me and Neruda, the cat. Since the separation with Carolina two years ago.",
            "Neruda is a fitting name for a cat in Valparaíso! Anything I can help with to make the evenings better?",
            "Maybe a recipe of something for one person, not always completos haha",
            "Try a quick pastel de choclo in a small clay dish, or a salmon fillet with merkén and a tomato-avocado salad. Both are 30 minutes.",
            "The salmon. Merkén I love.",
            "Great choice — merkén makes everything better.",
        ),
        _session(
            "2025-05-06T22:15:00",
            "I did it!! 3:54 in Santiago marathon. My legs are dead.",
            "Congratulations — under 4 hours! Rest, hydrate, easy walking this week.",
            "Thanks. And another news, I'm with someone new, Paula, she is also a runner, we met in the running club",
            "How lovely! Shared passions make great foundations.",
            "She wants to go to Temuco with me to meet my mother in winter holidays, we drive the Swift, 1000 km haha",
            "That's a long trip in a small car! Split it in two days with a stop in Talca or Chillán.",
            "Good idea. Also Josefa changed, now she studies nursing, not medicine. Less years, she is happier.",
            "Being happy with your path matters a lot. Nursing is a great profession.",
        ),
    ]
    probes = [
        _probe("what does the user's daughter study?", "daughter_study", "nursing", stale=["medicine"], kinds=["changed"],
               said=["she studies medicine", "now she studies nursing"]),
        _probe("in which city does the user teach?", "job_place", "Valparaíso", kinds=["plain", "non_ascii"], said=["history teacher in a liceo in Valparaíso"]),
        _probe("which day does the user do the long run?", "longrun_day", "Sunday", weekly=True, kinds=["in_passing"],
               said=["My long run is every Sunday morning"]),
        _probe("what is the user's cat called?", "pet", "Neruda", kinds=["answer"], said=["only me and Neruda, the cat"]),
        _probe("who is the user's partner?", "partner", "Paula", gone=["Carolina"], kinds=["changed", "ended"],
               said=["the separation with Carolina", "someone new, Paula"]),
        _probe("where does the user's mother live?", "mother_city", "Temuco", apart="Swift", kinds=["in_passing", "two_facts"],
               said=["to Temuco with me to meet my mother"]),
        _probe("what car does the user drive?", "car", "Swift", apart="Temuco", kinds=["in_passing", "two_facts"], said=["we drive the Swift"]),
        _probe("in which city does the user's daughter go to university?", "daughter_city", "Santiago", kinds=["plain"], said=["started university in Santiago"]),
    ]
    return sessions, probes


def _u20():
    sessions = [
        _session(
            "2025-02-04T12:30:00",
            "Hi. Quick one: SQL query to get the top 5 customers by revenue per month. I'm a data analyst at Rabobank, table is transactions(customer_id, amount, ts).",
            "Here you go:\nWITH m AS (SELECT customer_id, date_trunc('month', ts) AS month, SUM(amount) AS revenue FROM transactions GROUP BY 1, 2), r AS (SELECT *, ROW_NUMBER() OVER (PARTITION BY month ORDER BY revenue DESC) AS rn FROM m) SELECT * FROM r WHERE rn <= 5;",
            "Nice, works. Thanks.",
            "Welcome! Anything else?",
            "My boyfriend Thijs wants a recipe for stamppot but vegetarian. He's the veggie one, I'm not.",
            "Vegetarian boerenkool stamppot: mash potatoes with curly kale, add butter, milk, mustard; serve with a smoked tofu 'rookworst' alternative or vegetarian sausages from Vegetarische Slager.",
            "Perfect, the vegetarian butcher sausages it is.",
            "Eet smakelijk!",
        ),
        _session(
            "2025-03-25T20:45:00",
            "Sad day. Our rabbit Snuffie died this morning, she was 9. Old age.",
            "I'm so sorry. Nine is a good long life for a rabbit. Is there anything I can help with?",
            "Not really. Maybe distract me. I have korfball training tonight, Tuesday, and I don't feel like going.",
            "Sometimes going helps — being with the team and moving can lift the mood. But it's also fine to skip one.",
            "I'll go. It's my thing since I was 8.",
            "Sounds like it'll do you good. Take care.",
            "Also my mother in Groningen called, she's coming to Utrecht next weekend to cheer me up. Sweet.",
            "That's lovely of her. Enjoy the visit.",
        ),
        _session(
            "2025-06-16T09:10:00",
            "Big changes. We bought a house in Amersfoort! Leaving Utrecht end of July, more space for the price.",
            "Congratulations! Amersfoort is lovely and well connected. Will you commute?",
            "Not to Rabobank anymore, I accepted an offer from Bol.com, hybrid, so 2 days in Utrecht office",
            "Congrats on the new role too! Bol.com's office is right by Utrecht Centraal, easy by train from Amersfoort.",
            "Exactly. We don't have a car, just the cargo bike, and we will keep it that way",
            "Amersfoort is very bikeable, you'll be fine.",
            "Korfball I'll continue in Amersfoort, there's a club, but training is on Thursdays there",
            "Great that you can keep playing. Thursdays it is, then.",
        ),
    ]
    probes = [
        _probe("where does the user live now?", "home", "Amersfoort", stale=["Utrecht"], kinds=["changed"],
               said=["We bought a house in Amersfoort"]),
        _probe("where does the user work?", "employer", "Bol.com", stale=["Rabobank"], kinds=["changed", "answer"],
               said=["data analyst at Rabobank", "accepted an offer from Bol.com"]),
        _probe("who is the user's partner?", "partner", "Thijs", kinds=["in_passing"], said=["My boyfriend Thijs"]),
        _probe("what was the user's rabbit called?", "pet", None, gone=["Snuffie"], kinds=["ended"], said=["Our rabbit Snuffie died"]),
        _probe("which day does the user have korfball training?", "korfball_day", "Thursday", stale=["Tuesday"], weekly=True,
               kinds=["changed", "in_passing"], said=["korfball training tonight, Tuesday", "training is on Thursdays there"]),
        _probe("where does the user's mother live?", "mother_city", "Groningen", kinds=["in_passing"], said=["my mother in Groningen"]),
        _probe("how does the user get around?", "transport", "cargo bike", kinds=["plain"], said=["just the cargo bike"]),
        _probe("what diet does the user's partner follow?", "partner_diet", "vegetarian", apart="Thijs", kinds=["two_facts"],
               said=["but vegetarian. He's the veggie one"]),
    ]
    return sessions, probes


def _u21():
    sessions = [
        _session(
            "2025-01-16T18:25:00",
            "Hello, I am civil engineer in Amman, I work for CCC on a hospital project. Can you explain me how to calculate concrete volume for a slab with openings?",
            "Sure: volume = (slab length × width × thickness) − (sum of openings' area × thickness). E.g. 20 m × 15 m × 0.25 m = 75 m³; minus two 2×3 m openings = 12 m² × 0.25 = 3 m³; total 72 m³. Add 5% for waste.",
            "Clear. Thanks.",
            "Welcome! Anything else?",
            "Yes, my fiancée Lina (لينا) and I need ideas for the wedding in June, something not too huge, but my mother wants 400 guests haha",
            "A classic negotiation! Options: a big traditional zaffeh and dinner for families, then a small evening party with friends. Or 250 guests with a shorter guest list per side. What does Lina prefer?",
            "Small. Very small.",
            "Then maybe suggest a compromise: a big family lunch in Irbid for your mother's relatives, and a small evening wedding in Amman.",
            "My mother lives in Irbid exactly, how did you know haha. Good idea",
            "Lucky guess! Good luck with the negotiations.",
        ),
        _session(
            "2025-03-20T22:40:00",
            "Ramadan kareem. I need easy suhoor ideas, I work on site in the morning and get hungry fast",
            "Ramadan kareem! Suhoor ideas: oats with dates and milk, eggs with whole-grain bread and labneh, foul with olive oil, plus lots of water. Slow carbs and protein keep you full.",
            "Foul always. Also after Ramadan I go back to football, every Friday after prayer with my cousins",
            "That's a nice tradition. Stretch well after a month off.",
            "I also start to learn French, the company maybe sends me to a project in Morocco",
            "Great idea — Morocco uses a lot of French in business. Apps plus a weekly class would be a good start.",
            "Where is cheap class in Amman",
            "The Institut français de Jordanie offers evening classes; also private tutors through local centres are cheaper.",
        ),
        _session(
            "2025-07-02T17:00:00",
            "We got married on 14 June! Lina is now my wife officially, 230 guests, compromise worked haha",
            "Mabrook! Congratulations to you both!",
            "Thank you. We moved in together, a flat in Khalda. Also I sold my old Elantra and we use Lina's Kia now",
            "Congratulations on the new home too. One car is easier anyway.",
            "And Morocco is confirmed, I go in September for 6 months to Casablanca, Lina comes with me",
            "Exciting! Have you started the French classes?",
            "Yes, twice a week at the institute",
            "Great, that'll help a lot in Casablanca.",
        ),
    ]
    probes = [
        _probe("who is the user's wife?", "wife", "Lina", kinds=["restated", "non_ascii", "changed"], said=["my fiancée Lina (لينا)", "Lina is now my wife officially"]),
        _probe("where does the user work?", "employer", "CCC", apart="Amman", kinds=["two_facts", "in_passing"], said=["I work for CCC"]),
        _probe("where does the user's mother live?", "mother_city", "Irbid", kinds=["in_passing"], said=["My mother lives in Irbid"]),
        _probe("which day does the user play football?", "football_day", "Friday", weekly=True, kinds=["in_passing"],
               said=["every Friday after prayer"]),
        _probe("what language is the user learning?", "learning_language", "French", kinds=["plain", "restated"], said=["I also start to learn French"]),
        _probe("which neighbourhood does the user live in?", "home", "Khalda", kinds=["plain"], said=["a flat in Khalda"]),
        _probe("what car does the user drive?", "car", "Kia", gone=["Elantra"], kinds=["ended", "changed", "two_facts"],
               said=["I sold my old Elantra"]),
        _probe("what is the user's job?", "job", "civil engineer", apart="CCC", kinds=["plain"], said=["I am civil engineer in Amman"]),
    ]
    return sessions, probes


def _u22():
    sessions = [
        _session(
            "2025-02-12T19:50:00",
            "Good evening, I have a dental practice in Budapest, 2nd district, and I need a polite English text for foreign patients about our cancellation policy",
            "Good evening! Draft: \"We kindly ask that you cancel or reschedule at least 24 hours before your appointment. Late cancellations or missed appointments may be charged a fee of 10,000 HUF. Thank you for your understanding.\"",
            "Very good. Can you make a shorter version for SMS too",
            "\"Reminder: appointment tomorrow at [time]. Please cancel at least 24h ahead to avoid a fee. — Dr. Horváth Dental\"",
            "Perfect. My husband Gábor says our website English is also terrible, he is right",
            "Happy to help with that too whenever you like.",
            "Another time. Now I walk Bogyó, our vizsla, he is crazy if he doesn't run 2 hours",
            "Vizslas need lots of exercise! Enjoy the walk.",
        ),
        _session(
            "2025-04-02T21:30:00",
            "Hello. My son Bence needs help, he is 17 and writes a motivation letter for university in Vienna, in English",
            "Happy to help. What does he want to study, and which university?",
            "Architecture at TU Wien",
            "Great. A strong structure: 1) a personal moment that sparked his interest, 2) what he's done about it (projects, drawing, internships), 3) why TU Wien specifically, 4) what he'll bring. Can he share a first draft?",
            "He will send tomorrow. Also my elbow hurts from tennis, I play every Wednesday with my friend Kati. Any exercise?",
            "Sounds like tennis elbow. Try eccentric wrist extensions with a light weight, forearm stretches, and a counterforce strap while playing. If it persists, see a physio.",
            "I'm a dentist, so the elbow is a bit important for my job haha",
            "Then definitely worth getting it checked early — rest it properly.",
        ),
        _session(
            "2025-06-19T20:00:00",
            "Bence got into TU Wien! He moves to Vienna in September.",
            "Congratulations to Bence! That's fantastic news.",
            "Thank you. I stopped tennis, the physio said at least 6 months pause, so I go swimming now on Wednesday instead",
            "Swimming is much kinder to the elbow. Good swap.",
            "Also my mother is moving in with us from Pécs, she is 80 and alone since my father died",
            "That's a caring decision. Do you need help preparing the house for her?",
            "Yes, the room of Bence will be hers after September haha, good timing",
            "Very practical! Consider grab bars in the bathroom and good lighting in the hallway.",
        ),
    ]
    probes = [
        _probe("what is the user's job?", "job", "dentist", kinds=["plain", "restated"], said=["I have a dental practice in Budapest", "I'm a dentist"]),
        _probe("who is the user's husband?", "husband", "Gábor", kinds=["in_passing", "non_ascii"], said=["My husband Gábor says"]),
        _probe("what is the user's dog called?", "pet", "Bogyó", apart="vizsla", kinds=["in_passing", "non_ascii"], said=["Now I walk Bogyó, our vizsla"]),
        _probe("which day does the user play tennis?", "tennis_day", None, gone=["Wednesday"], kinds=["ended", "in_passing"],
               said=["I play every Wednesday with my friend Kati", "I stopped tennis"]),
        _probe("which day does the user go swimming?", "swim_day", "Wednesday", weekly=True, kinds=["changed"],
               said=["I go swimming now on Wednesday"]),
        _probe("where will the user's son study?", "son_university", "TU Wien", kinds=["answer", "restated"], said=["Architecture at TU Wien", "Bence got into TU Wien"]),
        _probe("what is the user's son called?", "son", "Bence", kinds=["in_passing", "restated"], said=["My son Bence needs help", "Bence got into TU Wien"]),
        _probe("where does the user live?", "home", "Budapest", kinds=["in_passing"], said=["a dental practice in Budapest"]),
    ]
    return sessions, probes


def _u23():
    sessions = [
        _session(
            "2025-01-07T10:40:00",
            "hæ! I'm Þórunn, I work in quality control at a fish processing company in Reykjavík, Brim. I want to change careers to tourism, can you help me with a CV?",
            "Hæ Þórunn! Definitely. Tourism values languages, people skills and local knowledge. What languages do you speak, and any guiding experience?",
            "icelandic, english, danish (school danish lol), and some german from an exchange year",
            "Great mix for tourism. Key CV sections: profile (passionate about Icelandic nature), languages, transferable skills from QC (attention to detail, safety standards), and any hiking or first-aid courses.",
            "I have a wilderness first aid course from last year",
            "Perfect — put that near the top. Guides love that.",
            "also I ride a lot, I have an Icelandic horse, Stjarna, at a stable near Mosfellsbær",
            "That's a big plus for horse-tour companies! Mention riding experience clearly.",
        ),
        _session(
            "2025-03-03T20:00:00",
            "knitting club tonight, every monday we meet at a café downtown. can you help me convert a lopapeysa pattern from cm to inches for my american friend",
            "Sure — multiply by 0.394. Common ones: 50 cm = 19.7 in, 60 cm = 23.6 in, 100 cm = 39.4 in. Send me the measurements and I'll convert them all.",
            "chest 100, length 65, sleeve 48",
            "Chest 39.4 in, length 25.6 in, sleeve 18.9 in.",
            "takk! my boyfriend Einar wants one too but he is huge lol",
            "Ha — for a bigger size, add stitches in multiples of the yoke pattern repeat. Happy knitting!",
            "also my brother Gunnar in Akureyri is getting married in may, we drive up in my Duster",
            "Congratulations to him! Reykjavík to Akureyri is about 5 hours — check road.is for conditions in May.",
        ),
        _session(
            "2025-05-28T08:15:00",
            "I got a job as a guide!! at Arctic Trails, horse tours and glacier walks. I quit Brim last Friday",
            "Congratulations, Þórunn! That's a dream switch. When do you start?",
            "1 june. And Stjarna came with me, we just moved to Selfoss with Einar, closer to the work",
            "Selfoss is a great base for South Iceland tours. How exciting! Will you keep your knitting club?",
            "yes! still mondays, it's only an hour on the bus and I can knit on the way haha",
            "Perfect use of the commute!",
            "Gunnar's wedding was beautiful btw, I cried",
            "Aw, weddings do that! Glad it was lovely.",
        ),
    ]
    probes = [
        _probe("where does the user work?", "employer", "Arctic Trails", stale=["Brim"], kinds=["changed", "ended"],
               said=["fish processing company in Reykjavík, Brim", "I quit Brim last Friday"]),
        _probe("where does the user live now?", "home", "Selfoss", stale=["Reykjavík"], kinds=["changed", "non_ascii"],
               said=["we just moved to Selfoss with Einar"]),
        _probe("what is the user's horse called?", "pet", "Stjarna", kinds=["in_passing", "restated"], said=["an Icelandic horse, Stjarna", "Stjarna came with me"]),
        _probe("which day does the user go to knitting club?", "knitting_day", "Monday", weekly=True, kinds=["informal", "restated", "answer"],
               said=["every monday we meet at a café", "still mondays"]),
        _probe("who is the user's partner?", "partner", "Einar", kinds=["in_passing", "informal"], said=["my boyfriend Einar wants one too"]),
        _probe("where does the user's brother live?", "brother_city", "Akureyri", apart="Duster", kinds=["in_passing", "two_facts"],
               said=["my brother Gunnar in Akureyri"]),
        _probe("what car does the user drive?", "car", "Duster", apart="Akureyri", kinds=["in_passing", "two_facts"], said=["we drive up in my Duster"]),
        _probe("which languages does the user speak?", "languages", "Danish", kinds=["answer", "informal"], said=["icelandic, english, danish"]),
    ]
    return sessions, probes


_USERS = [_u00, _u01, _u02, _u03, _u04, _u05, _u06, _u07, _u08, _u09, _u10, _u11, _u12, _u13, _u14, _u15, _u16, _u17, _u18, _u19, _u20, _u21, _u22, _u23]


def build() -> list[dict[str, Any]]:
    return handwritten.build(_USERS, "b6", handwritten.resolve)


digest = handwritten.digest
FROZEN = "80d914955a74"


if __name__ == "__main__":
    handwritten.main(build, N_USERS, FROZEN)
