# ruff: noqa: E501  (hand-written chat data: one message per line)
"""Blind set 7: hand-written chat data for the offline fact extractor, written by hand, one user at a time,
by an author who had not read the extractor, its rules, its tests or any other data set (stop 48).

Users with an even index form the "tune" split, odd ones "held". Running the file checks the data and
prints its digest."""

from __future__ import annotations

from typing import Any

import handwritten

N_USERS = 24
_session, _probe = handwritten.session, handwritten.probe


def _u00():
    # Declan, 41, geography teacher in Cork; hurling coach, swaps car, training night moves.
    sessions = [
        _session(
            "2025-01-14T20:05:00",
            "hi, can you help me put together a lesson plan on coastal erosion for second years? 40 min class. I'm a geography teacher in a secondary school here in Cork so local examples would be a bonus",
            "Happy to. Here's a 40-minute outline:\n\n1. Hook (5 min): a photo of the eroded cliff path at Garrettstown, ask them what happened here.\n2. Processes (12 min): hydraulic action, abrasion, attrition and solution, one quick sketch each.\n3. Landforms (10 min): headlands and bays, then cave, arch, stack, using the Old Head of Kinsale as the local case study.\n4. Pair task (8 min): label a sequence diagram of a headland eroding.\n5. Exit ticket (5 min): one process and one landform in their own words.\n\nWould you like a worksheet for the pair task as well?",
            "thats great. could you add a short homework task, nothing too heavy, they've mocks coming up",
            "Sure, something light: each student finds one photo of coastal erosion anywhere on the Irish coast and writes three sentences naming the process at work and the landform it's creating. About 15 minutes, and it doubles as revision for the mocks.",
            "perfect. unrelated but my Octavia is making a grinding noise when I brake, is that pads or something worse?",
            "A grinding noise under braking usually means the pads are worn down to the metal backing plate, which can score the discs quickly, so it's worth getting it looked at this week rather than waiting. Roughly how many kilometres has it done, and do you know when the brakes were last replaced?",
            "about 190,000 km, it's a 2012 and no idea when the pads were last done. probably time to start thinking about replacing the whole car tbh",
            "At that mileage pads and discs might come to a couple of hundred euro, which is still cheaper than changing car, but it's worth weighing against anything else that's due soon, like the timing belt or the clutch. If you do start looking, jot down what you actually need (boot space, motorway driving, budget) and the search gets a lot quicker.",
        ),
        _session(
            "2025-02-20T18:30:00",
            "I coach the under-12 hurling team on Wednesday evenings and I need a warm-up that isn't just laps, any ideas",
            "A few that kids usually love:\n\n- Hurl-and-ball relay in pairs, carrying the sliotar on the bas.\n- 'Traffic lights': red = stop and control, amber = solo, green = sprint.\n- Dynamic stretches between cones (high knees, lunges with a twist).\n- A quick 3v3 keep-ball in a small grid.\n\nTen to twelve minutes in total keeps them moving without tiring them out before the drills.",
            "brilliant. my son Oisín is on the team so he'll be thrilled there's no laps lol",
            "Ha, he'll be the most popular lad on the pitch. Coaching your own child can be tricky; some coaches let another adult give their kid feedback now and then so he doesn't feel singled out either way.",
            "also need a message for the parents - training is moving from Wednesday to Thursday from next week because the pitch is booked. can you draft it, short and friendly",
            "Here you go:\n\n'Hi all, a quick heads-up: from next week U12 hurling training moves to Thursday evenings, same time, same pitch. The club needs the pitch on the other night. Thanks for your patience and see you there!'\n\nShould I sign it from you?",
            "sign it from Declan and Niamh? my wife does the teas and keeps track of the kit",
            "Of course, just finish it with '- Declan & Niamh'. Sounds like the team is in good hands between the two of you. Good luck with the new night!",
        ),
        _session(
            "2025-04-08T21:10:00",
            "we finally traded in the old Skoda and got a Toyota Corolla hybrid, a 2021. any tips to get good mileage out of a hybrid on the motorway?",
            "Congratulations on the new car! Hybrids shine in stop-start traffic, so on the motorway the gains come from the basics: keep to around 100-110 km/h, use cruise control, accelerate gently so the engine isn't revving hard, keep the tyres at the right pressure and take the roof box off when you don't need it. Where are you driving most often?",
            "mostly Cork to Limerick and back, my brother lives in Galway - sorry, Limerick, Galway is where he went to college and I still mix them up",
            "That's a good regular run for a hybrid, around two hours each way. The M20 section is mostly national road, so gentle acceleration out of the roundabouts will help your average more than anything. Do you usually bring the family up with you?",
            "yeah usually with Oisín, any ideas for a day out in Limerick for a 10 year old who's mad into sport?",
            "A few he might like: the Thomond Park stadium tour (he'd see the dressing rooms and the pitch-side), the Limerick Greenway on bikes if the weather holds, and King John's Castle if you want something non-sport for an hour. The stadium tour is probably the winner.",
            "Thomond Park tour sounds class, thanks",
            "Enjoy it! It's worth booking ahead at weekends, as tours fill up on match weeks.",
        ),
    ]
    probes = [
        _probe("what does the user do for work?", "job", "geography teacher", apart="Cork", kinds=["two_facts", "in_passing"], said=["I'm a geography teacher"]),
        _probe("which city does the user live in?", "home", "Cork", apart="geography teacher", kinds=["two_facts", "in_passing"], said=["secondary school here in Cork"]),
        _probe("what car does the user drive?", "car", "Corolla", stale=["Octavia"], kinds=["changed"], said=["my Octavia is making", "got a Toyota Corolla hybrid"]),
        _probe("what is the user's son called?", "son", "Oisín", kinds=["in_passing", "non_ascii"], said=["my son Oisín"]),
        _probe("what is the name of the user's wife?", "wife", "Niamh", kinds=["in_passing"], said=["my wife does the teas"]),
        _probe("which evening is the user's weekly hurling training?", "training_day", "Thursday", stale=["Wednesday"], weekly=True, kinds=["changed"], said=["on Wednesday evenings", "from Wednesday to Thursday"]),
        _probe("where does the user's brother live?", "brother_city", "Limerick", stale=["Galway"], kinds=["slip_same_message"], said=["my brother lives in Galway"]),
        _probe("what sport does the user coach?", "coached_sport", "hurling", kinds=["plain"], said=["I coach the under-12 hurling team"]),
    ]
    return sessions, probes


def _u01():
    # Priya, 27, data analyst in Toronto; vegetarian then vegan, breaks up with Arjun, runs Saturdays.
    sessions = [
        _session(
            "2025-03-02T11:20:00",
            "can u give me a high protein vegetarian meal prep plan for the week? i dont eat meat or fish but eggs and dairy are fine",
            "Sure! Before I build it out: how many meals a day do you want to prep, and are there any allergies or foods you can't stand?",
            "no allergies, hate mushrooms lol. just lunches, 5 days. i go into the office tues-thu and wfh the other days",
            "Here's a lunch plan, roughly 30-35 g protein each:\n\n- Mon: paneer tikka rice bowl with peas\n- Tue: egg fried rice with edamame\n- Wed: chickpea, feta and quinoa salad\n- Thu: black bean burrito bowl with cottage cheese crema\n- Fri: red lentil dal with Greek yogurt\n\nThe Tue-Thu ones travel well in a lunch box. Want a shopping list?",
            "ok cool. different thing, what's a good sql question to ask a junior in an interview? im a data analyst at Loblaw Digital and we're hiring",
            "A nice one: give them an orders table (customer_id, order_date, amount) and ask for each customer's most recent order plus their running total of spend. It shows whether they know GROUP BY versus window functions (ROW_NUMBER, SUM OVER), and you can follow up on ties and NULL dates.",
            "nice, the window function one is perfect",
            "Glad it helps. A good follow-up is to ask how they'd check their answer is right, since that tells you a lot about how a junior analyst thinks.",
        ),
        _session(
            "2025-04-19T22:45:00",
            "my boyfriend Arjun's bday is next week and im stuck. he's into climbing and board games. budget ~150 cad",
            "Some ideas in that range: a 10-visit bouldering punch card, a good chalk bag with a brush set, or a heavier board game like Ark Nova or Cascadia. Are you two in Toronto? I could suggest specific gyms or board game cafés.",
            "yeah we're in toronto, midtown",
            "Then a punch card at a bouldering gym plus an evening at a board game café would make a fun combo, and you'd stay around $150. Most cafés take reservations, which helps on weekends.",
            "the bouldering pass is a great idea. also i think im going fully vegan now, watched a documentary and cant unsee it lol. can u redo the meal prep without eggs and dairy",
            "Done, vegan version:\n\n- Mon: tofu tikka rice bowl with peas\n- Tue: tofu scramble wraps with black beans\n- Wed: chickpea and quinoa salad with tahini\n- Thu: tempeh burrito bowl\n- Fri: red lentil dal with soy yogurt\n\nIt's worth adding a B12 supplement once you drop eggs and dairy.",
            "tofu scramble yes. thx",
            "Enjoy! Silken tofu makes it creamier, and a pinch of kala namak gives it an eggy taste.",
        ),
        _session(
            "2025-06-30T19:05:00",
            "help me write a text to my landlord about the dishwasher leaking again",
            "Here's a draft:\n\n'Hi, the dishwasher is leaking again, there's water pooling under it after each cycle. Could you arrange a repair this week? I'm happy to be home to let someone in. Thanks!'",
            "good. can you make it firmer, it's the third time",
            "Firmer version:\n\n'Hi, the dishwasher is leaking again. This is the third time it's been reported, and the earlier repairs haven't fixed it. Please arrange for it to be properly repaired or replaced within the next week. Thanks.'",
            "thanks. ugh this month sucks, arjun and i broke up two weeks ago so now im also figuring out if i can afford this place alone",
            "I'm sorry, that's a lot at once. If it helps to look at the numbers together: what's the rent, and roughly what do you take home each month?",
            "rent is 2350, take home about 4800",
            "That's about 49% of your take-home on rent, well above the usual 30-35% guideline. It's doable for a few months if you have savings, but a roommate or a cheaper place would give you a lot more breathing room.",
            "yeah prob a roommate. also i started spanish on duolingo to keep my brain busy, any podcasts for beginners?",
            "Good distraction! For beginners: Coffee Break Spanish, Españolistos and Duolingo's own Spanish podcast (true stories told slowly). Pair one with your daily lessons and you'll notice progress quickly.",
        ),
        _session(
            "2025-08-12T07:40:00",
            "i signed up for a 10k in october!! i run with a club on saturday mornings, can u make me an 8 week plan",
            "Love it! To pitch the plan right, what's your current easy pace or a recent 5k time?",
            "around 6:10/km for 5k",
            "Great base. The plan: 3 runs a week plus your club run. Weeks 1-3: easy 5-6 km, one session of 6x400 m faster. Weeks 4-6: build the long run to 9-10 km, tempo 3-4 km. Week 7: a 10 km time trial at easy effort. Week 8: taper, two short runs and rest before race day.",
            "also my cat Biscuit keeps waking me at 5am for food, any tricks",
            "Classic cat move. A timed feeder set for 5am breaks the link between you and breakfast, and a play session right before bed tires them out. Ignoring the early wake-up calls completely (hard, I know) is the other half of it.",
            "lol the timed feeder it is",
            "Good call, and good luck with the training!",
            "oh and update on the apartment: i moved out of midtown, got a room in a shared house in the Annex. way cheaper and my housemates are nice",
            "That's great news, and the Annex is a lovely area with lots of cafés and easy subway access. It sounds like the move took a lot of pressure off.",
        ),
    ]
    probes = [
        _probe("what diet does the user follow?", "diet", "vegan", stale=["vegetarian"], kinds=["changed", "informal"], said=["vegetarian meal prep plan", "going fully vegan"]),
        _probe("where does the user work?", "employer", "Loblaw Digital", apart="data analyst", kinds=["two_facts", "in_passing"], said=["im a data analyst at Loblaw Digital"]),
        _probe("what is the user's job?", "job", "data analyst", apart="Loblaw Digital", kinds=["two_facts", "in_passing"], said=["im a data analyst at Loblaw Digital"]),
        _probe("which city does the user live in?", "home", "Toronto", kinds=["answer", "informal"], said=["yeah we're in toronto"]),
        _probe("who is the user's partner?", "partner", None, gone=["Arjun"], kinds=["ended", "informal"], said=["my boyfriend Arjun", "arjun and i broke up"]),
        _probe("which neighbourhood does the user live in?", "neighbourhood", "Annex", stale=["midtown"], kinds=["changed", "informal"], said=["yeah we're in toronto, midtown", "room in a shared house in the Annex"]),
        _probe("what language is the user learning?", "learning", "Spanish", kinds=["in_passing", "informal"], said=["i started spanish on duolingo"]),
        _probe("which day does the user run with a club each week?", "run_day", "Saturday", weekly=True, kinds=["in_passing"], said=["i run with a club on saturday mornings"]),
        _probe("what is the user's cat called?", "cat", "Biscuit", kinds=["in_passing"], said=["my cat Biscuit"]),
    ]
    return sessions, probes


def _u02():
    # Hiroshi, 63, retired Panasonic engineer; Osaka to Kyoto, bonsai, piano, medicine changed.
    sessions = [
        _session(
            "2025-01-09T09:15:00",
            "Good morning. I would like to ask about bonsai. My juniper is losing colour at the tips this winter. I keep it on the balcony of our apartment in Osaka, facing south. Is this normal?",
            "Good morning. Some bronzing of juniper foliage in winter is normal, especially in full sun and cold wind; it usually turns green again in spring. If the tips are dry and crisp rather than just darker, check the watering: balcony trees dry out quickly in winter wind even when it's cold.",
            "Thank you. It was a gift from my wife Keiko when I retired last year, so I worry about it very much.",
            "That's a lovely gift, and a juniper can live for decades with care, so it's worth the attention. How long have you been growing bonsai, and what kept you busy before retirement?",
            "Only two years. Before I retired I was an electrical engineer at Panasonic for 38 years, so there was no time for hobbies.",
            "Thirty-eight years is a long career! An engineer's patience and eye for detail suit bonsai very well. For now: water when the top centimetre of soil is dry, shelter the tree from strong north winds, and avoid fertiliser until spring.",
            "I will check the watering. Thank you very much.",
            "You're welcome. If the colour hasn't come back by April, send me a description and we can look at it again.",
        ),
        _session(
            "2025-03-15T10:00:00",
            "Hello again. My doctor started me on amlodipine 5 mg for blood pressure. Is it safe to drink grapefruit juice with it?",
            "Grapefruit can raise the level of amlodipine in the blood, though the effect is smaller than with some other blood pressure medicines. Many doctors advise avoiding large amounts; a small glass now and then is usually fine, but please confirm with your doctor or pharmacist.",
            "I see. Also my ankles have been swollen since I started it. Is this common?",
            "Yes, ankle swelling is one of the most common side effects of amlodipine, especially at first. It's not usually dangerous, but do mention it to your doctor, because there are alternatives if it bothers you.",
            "Thank you. Another question: my son works in Nagoya and he wants us to visit in April. Can you suggest a 2 day plan for older people, not too much walking?",
            "Of course. Day 1: Nagoya Castle in the morning (there are lifts in some areas), lunch of hitsumabushi, then a relaxed afternoon at the Tokugawa Garden. Day 2: the Toyota Commemorative Museum, which is indoors with benches, and an evening at Osu shopping street.",
            "Excuse me, I made a mistake. My son lives in Yokohama, not Nagoya. Nagoya is where his company head office is. Please make the plan for Yokohama.",
            "No problem. Day 1: Sankeien Garden in the morning (flat paths and tea houses), then lunch in Chinatown by taxi. Day 2: a gentle walk along Yamashita Park, the harbour view from the Osanbashi pier, and the Cup Noodles Museum if you want something fun. Taxis are easy between these.",
            "Sankeien garden is perfect. Keiko will like it very much.",
            "It's beautiful in April, with the cherry blossoms often still out. I hope you have a wonderful visit with your son.",
        ),
        _session(
            "2025-05-22T16:30:00",
            "We have moved! We sold the Osaka apartment and now live in Kyoto, in a small house with a garden. Finally my bonsai can be outside properly.",
            "Congratulations on the move! A garden is a big improvement for bonsai. Give the trees a few weeks in partial shade to adjust before putting them in full sun, and raise them on a bench to keep pests away.",
            "I have also started piano lessons, at 63 years old. The lesson is every Tuesday afternoon. Can you recommend simple pieces for an adult beginner?",
            "What a good challenge. Some adult-friendly pieces: Bach's Minuet in G, Satie's Gymnopédie No. 1 (simplified), Burgmüller's Arabesque, and simple arrangements of Japanese songs like 'Sakura Sakura'. The Faber 'Adult Piano Adventures' book is also well paced.",
            "The teacher says my left hand is weak. Are there exercises?",
            "Yes: play five-finger scales (C-G) slowly with the left hand only, practise simple broken chords, and try playing a melody you know with the left hand alone. Five minutes a day of left-hand-only work makes a big difference within a month.",
            "Thank you. The doctor changed my medicine to losartan because of the swelling. Should I still avoid grapefruit?",
            "Losartan is much less affected by grapefruit than amlodipine, so moderate amounts are generally considered fine. Your pharmacist can confirm for your exact dose. I hope the swelling settles down.",
        ),
    ]
    probes = [
        _probe("where does the user live?", "home", "Kyoto", stale=["Osaka"], kinds=["changed"], said=["apartment in Osaka", "now live in Kyoto"]),
        _probe("what is the user's wife called?", "wife", "Keiko", kinds=["in_passing"], said=["my wife Keiko"]),
        _probe("which company did the user work for before retiring?", "former_employer", "Panasonic", kinds=["answer"], said=["electrical engineer at Panasonic"]),
        _probe("what is the user's hobby?", "hobby", "bonsai", kinds=["plain"], said=["I would like to ask about bonsai"]),
        _probe("where does the user's son live?", "son_city", "Yokohama", stale=["Nagoya"], kinds=["slip_next_message"], said=["my son works in Nagoya", "My son lives in Yokohama"]),
        _probe("what blood pressure medicine does the user take?", "medication", "losartan", stale=["amlodipine"], kinds=["changed"], said=["started me on amlodipine", "changed my medicine to losartan"]),
        _probe("which day is the user's weekly piano lesson?", "lesson_day", "Tuesday", weekly=True, kinds=["in_passing"], said=["every Tuesday afternoon"]),
        _probe("what instrument is the user learning?", "instrument", "piano", kinds=["plain"], said=["started piano lessons"]),
    ]
    return sessions, probes


def _u03():
    # Zoë, 38, nurse in Walthamstow; ICU to practice nurse, gives up netball, new boyfriend.
    sessions = [
        _session(
            "2025-02-11T23:40:00",
            "on a break from a night shift so forgive typos. I'm an ICU nurse at Whipps Cross and I need to write a reflective piece for my revalidation, can you give me a structure",
            "Of course. Gibbs' reflective cycle works well for revalidation:\n\n1. Description: what happened.\n2. Feelings: what you were thinking and feeling.\n3. Evaluation: what went well and what didn't.\n4. Analysis: why, linking to the NMC Code where you can.\n5. Conclusion: what you could have done differently.\n6. Action plan: what you'll do next time.\n\nAbout a paragraph for each is plenty.",
            "gibbs is fine. the topic is a family meeting that went badly, I'll fill in the details myself",
            "That's a strong topic for revalidation because it maps onto communication and 'prioritise people' in the Code. In the analysis section, it's worth noting what made the meeting hard (timing, expectations, who was present) rather than only what was said.",
            "thanks. also my daughter Maisie (7) has a school project on the Victorians due friday, any quick ideas that don't need a glue gun lol",
            "A few no-glue-gun ones:\n\n- A peg doll dressed as a Victorian child worker, with fabric scraps and pipe cleaners.\n- A 'Victorian school day' timetable with slate-style chalk drawings.\n- A shoebox parlour with paper furniture held by tape.\n\nThe peg doll is quick and kids love dressing them.",
            "the peg doll one! she'll love that. ok back to the ward",
            "Good luck with the rest of the shift. Grab some water!",
        ),
        _session(
            "2025-03-30T14:10:00",
            "Hi it's Zoë again (well you won't remember me). Looking for dog friendly walks near Walthamstow where we live, for a beagle who pulls like a train",
            "Hi Zoë! Near Walthamstow: Lloyd Park for a short loop, the Lea Valley towpath for a longer flat walk, and Epping Forest (Highams Park end) for sniffing heaven. Note the Walthamstow Wetlands don't allow dogs. How old is your beagle, and how is he with other dogs?",
            "Pickle is 3 and loves every dog he meets, that's the problem lol",
            "Three is peak beagle energy! A front-clip harness helps a lot with pulling, and a long line in Epping Forest lets him sniff without dragging you. Letting him sniff is tiring for him, so it's worth building sniff breaks into the walk.",
            "lol noted. also I play netball Monday nights and my knee's been sore after, what stretches help",
            "For netball knees, try: quad stretch against a wall, hamstring stretch on a step, calf stretch, and glute bridges to strengthen the hips. If it's sore on the inside of the knee or swells, get it checked rather than pushing through.",
            "cheers. my sister Hannah lives in Leeds and she's a physio, she swears by foam rolling",
            "Your sister's right, foam rolling the quads and IT band after matches can really help. A video call with her to check your landing technique might be even better, since a lot of netball knee pain comes from landing.",
            "good idea I'll ask her",
            "Hope the knee settles! Enjoy the walks with Pickle.",
        ),
        _session(
            "2025-06-18T20:05:00",
            "big news, I've left ICU! starting as a practice nurse at a GP surgery next month, proper hours finally. can you help me prep for the first week, what do practice nurses mostly do",
            "Congratulations, that's a big change! Practice nurses mostly do: cervical screening, childhood and travel immunisations, wound care, chronic disease reviews (asthma, diabetes, COPD), blood tests and health checks. Which of those do you already feel confident with?",
            "smears and jabs I've done before, but not much chronic disease stuff. any resources?",
            "Good ones: the free Diabetes UK and Asthma + Lung UK e-learning modules, the NICE guidance summaries, and Practice Nurse journal. Ask the surgery whether they'll fund a diabetes or asthma diploma course, since many do in the first year.",
            "great. also had to give up netball, physio says the knee needs a proper rest, gutted",
            "I'm sorry, that's a hard one to give up. Swimming, cycling or a gentle pilates class keep you fit without the jumping. Would one of those appeal?",
            "maybe swimming. oh and I've started seeing someone, Femi, we're going to Brighton for a weekend - cheap-ish places to stay?",
            "How lovely! For cheap-ish in Brighton: the guesthouses in Kemptown, a YHA private room near the station, or an Airbnb in Hove, which is a bit quieter. Booking a Sunday night instead of a Saturday usually saves a lot.",
        ),
    ]
    probes = [
        _probe("what is the user's name?", "name", "Zoë", kinds=["in_passing", "non_ascii"], said=["it's Zoë again"]),
        _probe("what is the user's job?", "job", "practice nurse", stale=["ICU nurse"], kinds=["changed"], said=["I'm an ICU nurse", "starting as a practice nurse"]),
        _probe("what is the user's daughter's name?", "daughter", "Maisie", kinds=["in_passing"], said=["my daughter Maisie"]),
        _probe("what is the user's dog called?", "dog", "Pickle", kinds=["answer", "informal"], said=["Pickle is 3"]),
        _probe("which area does the user live in?", "home", "Walthamstow", kinds=["in_passing"], said=["near Walthamstow where we live"]),
        _probe("what team sport does the user play?", "sport", None, gone=["netball"], kinds=["ended"], said=["I play netball Monday nights", "had to give up netball"]),
        _probe("where does the user's sister live?", "sister_city", "Leeds", apart="physio", kinds=["two_facts"], said=["my sister Hannah lives in Leeds"]),
        _probe("who is the user seeing?", "partner", "Femi", kinds=["in_passing", "informal"], said=["I've started seeing someone, Femi"]),
    ]
    return sessions, probes


def _u04():
    # Mehmet, 45, architect in Kreuzberg from İzmir; sells the car, leaves Hallmann for his own studio.
    sessions = [
        _session(
            "2025-01-25T21:00:00",
            "Merhaba! I need to write an email to a client in German, formal, to tell him the building permit is delayed by 6 weeks. I'm an architect at Hallmann Architekten, my German is ok but for formal letters I always doubt myself",
            "Gern! Here's a draft:\n\n'Sehr geehrter Herr Vogel,\n\nleider müssen wir Ihnen mitteilen, dass sich die Erteilung der Baugenehmigung um voraussichtlich sechs Wochen verzögert. Das Bauamt benötigt zusätzliche Unterlagen zur Statik, die wir bereits vorbereiten. Wir halten Sie über jeden Schritt auf dem Laufenden.\n\nMit freundlichen Grüßen'\n\nShall I adjust the tone?",
            "sehr gut. can you make it a bit warmer but still Sie form",
            "Sure: add 'Wir bedauern diese Verzögerung sehr und verstehen, dass sie für Ihre Planung ärgerlich ist' after the first sentence, and close with 'Für Rückfragen stehe ich Ihnen jederzeit gern zur Verfügung.' That keeps the Sie form but sounds more personal.",
            "perfect. by the way, do you know if the Bauamt in Friedrichshain-Kreuzberg accepts digital submissions? our office is in Kreuzberg and we live just around the corner, so I can also go in person",
            "Berlin has been moving building applications to the digital platform, and many districts now accept electronic submissions, but the details change often. The safest thing is to call the Bauaufsicht directly or check the district's website before you send anything.",
            "ok I will call them. danke",
            "Gern geschehen! Good luck with the permit.",
        ),
        _session(
            "2025-03-07T18:45:00",
            "my mother in İzmir turns 75 in April and I want to surprise her with a trip. We fly from Berlin, me, my wife Selin and our two kids. Any idea for 4 days on the Aegean coast that isn't a huge resort?",
            "What a nice surprise! Some calmer options near İzmir: Alaçatı (stone houses, boutique hotels), Şirince (a hillside village with wine and views), Ayvalık and Cunda island (olive oil, seafood), or Foça (quiet harbour town). How old are the kids? That helps me pick.",
            "Deniz and Ada, they are 10 and 6. Ada gets carsick so not too much driving",
            "Then I'd base yourselves in one place: Foça is just over an hour from İzmir, has a calm beach and boat trips the kids will like, and no long drives. Şirince can be a half-day trip if your mother would enjoy it.",
            "Şirince is a nice idea, my father used to take us there. Also should we rent a car or take taxis? we sold our Passat last month, so i'm a bit out of practice lol",
            "For four days with a 75-year-old and two kids, a small rental car from İzmir airport is probably easiest, and you can ask for child seats. Taxis add up quickly outside the city. Driving on the coast roads is relaxed outside of summer.",
            "ok we will rent a small one",
            "Good plan. Book the child seats in advance, they sometimes run out. Your mother is lucky!",
        ),
        _session(
            "2025-05-10T08:30:00",
            "I play football every Saturday with some old colleagues from university and I think I pulled my hamstring. how long before I can play again",
            "Sorry to hear it. For a mild strain (grade 1, tight and sore but you can walk normally), it's usually 1-3 weeks. A grade 2, with bruising or pain when walking, takes 4-8 weeks. Ice in the first 48 hours, then gentle stretching and walking. How does it feel when you walk?",
            "walking is ok, only a bit tight. I'm 45 so I know I need to be more careful haha",
            "Sounds like grade 1. Give it two weeks, then a gentle jog; if that's painless, a light training before a real match. Warming up properly before the Saturday games will help prevent the next one.",
            "also a work thing. I left Hallmann in April and started my own studio with my friend Jonas. we need a name and a short text for the website, we do mostly residential renovations",
            "Exciting! Some name ideas: Studio Hof, Altbau Neu, Hinterhaus Architekten, Werkstatt Zwei, or simply Yılmaz & Jonas Architekten. 'Hof' nods to the Berlin courtyard buildings you probably work in a lot.",
            "I like Studio Hof, Jonas also. can you write 3 sentences for the About page",
            "Here you go:\n\n'Studio Hof is a small Berlin architecture practice focused on residential renovation. We help people make old buildings work for the way they live now, from single apartments to whole courtyard houses. We plan carefully, talk honestly about costs, and stay with you until the last detail is done.'",
        ),
    ]
    probes = [
        _probe("which neighbourhood does the user live in?", "home", "Kreuzberg", kinds=["in_passing"], said=["our office is in Kreuzberg"]),
        _probe("where does the user's mother live?", "mother_city", "İzmir", kinds=["in_passing", "non_ascii"], said=["my mother in İzmir"]),
        _probe("what is the name of the user's wife?", "wife", "Selin", kinds=["in_passing"], said=["my wife Selin"]),
        _probe("what are the user's children called?", "kids", "Deniz and Ada", kinds=["answer"], said=["Deniz and Ada, they are 10 and 6"]),
        _probe("what car does the user have?", "car", None, gone=["Passat"], kinds=["ended", "informal"], said=["we sold our Passat"]),
        _probe("which day does the user play football each week?", "football_day", "Saturday", weekly=True, kinds=["plain"], said=["I play football every Saturday"]),
        _probe("where does the user work?", "employer", "Studio Hof", stale=["Hallmann"], gone=["Hallmann"], kinds=["changed", "ended"], said=["architect at Hallmann Architekten", "I left Hallmann in April", "I like Studio Hof"]),
        _probe("who is the user's business partner?", "business_partner", "Jonas", kinds=["in_passing"], said=["with my friend Jonas"]),
    ]
    return sessions, probes


def _u05():
    # Ana Lúcia, 52, Brazilian in Porto; teacher turns translator, separates from Ricardo, parrot Zé.
    sessions = [
        _session(
            "2025-02-17T15:30:00",
            "Olá! I am English teacher in a language school in Porto and I need ideas for a conversation class, adults level B1, the theme is travel",
            "Olá! Some ideas for B1 adults:\n\n- 'Best and worst trip': pairs interview each other with question cards.\n- Travel problems role play: lost luggage, wrong hotel booking.\n- 'Plan a weekend in Porto for a tourist' in small groups, then present.\n- Would you rather...? questions (beach or mountains, plane or train).\n\nShall I write out the question cards?",
            "Very good. Can you make also a small role play, check-in at the airport?",
            "Sure:\n\nA (agent): Good morning, can I see your passport? Are you checking any bags?\nB (passenger): Yes, one suitcase. Could I have a window seat?\nA: Let me see... your bag is 2 kilos over, there's a fee of 30 euros.\nB: Oh no! Can I take some things out?\n\nStudents can continue with a problem of their choice.",
            "Thank you. Another thing, my doctor says I have diabetes type 2 and I must reduce carbs. I am Brazilian, I love my rice and beans haha. What can I eat for dinner?",
            "You can keep a lot of Brazilian flavour! Try: grilled chicken or fish with a big salad and a small portion of beans (beans are fine in moderation, they have fibre), moqueca with cauliflower rice, omelette with vegetables, or picadinho with more vegetables and less rice. Half the plate vegetables is a good rule.",
            "Cauliflower rice?? Ricardo will laugh at me. My husband eats everything",
            "Ha, he might be surprised! You could also just make the rice portion smaller and use brown rice, which is gentler on blood sugar. Cooking together can make the change easier for both of you.",
        ),
        _session(
            "2025-04-03T10:20:00",
            "Bom dia. My daughter Beatriz has exams at the university and she is very stressed. What can I send her, something nice, a package?",
            "Bom dia! A care package could have: her favourite snacks, good tea, a handwritten note, fuzzy socks, a scented candle, and maybe some homemade pão de queijo if it travels well. Does she live away from home? That changes what makes sense to send.",
            "She studies medicine in Coimbra, so one hour in train from us",
            "Then you could even bring it yourself on a weekend! Medicine exams are intense, so practical things like highlighters, healthy snacks and a voucher for a meal out might be most welcome.",
            "Good ideas. Also my parrot Zé is pulling his feathers. It is stress also?? haha everybody is stressed in this house",
            "Feather plucking can be stress, but also boredom, diet, dry air or a medical problem, so an avian vet visit is the best first step. How old is he, and how long have you had him?",
            "He is 14, we brought him from São Paulo when we moved to Portugal in 2016",
            "A long journey for him! Parrots can be sensitive to changes in routine or noise. More foraging toys, time out of the cage and a vet check should tell you a lot.",
            "Ok I will call the vet tomorrow",
            "Good. I hope it's nothing serious, and good luck to Beatriz with her exams.",
        ),
        _session(
            "2025-06-25T17:00:00",
            "Big change: I stopped at the language school, now I work freelance as translator, Portuguese to English and Italian. How I write a good profile on ProZ?",
            "Congratulations on the new path! A strong ProZ profile has: a clear headline (e.g. 'PT>EN and PT>IT translator, education and marketing'), your specialisations, years of experience, a short professional bio, samples, and your rates. What experience do you want to highlight?",
            "I have 20 years of teaching, and I did translations of the school materials. I studied Italian in Milan when I was young",
            "Those are great selling points: 20 years of teaching means you know language deeply, and the school materials count as real translation work. Lead with 'education and e-learning' as a specialisation.",
            "Perfect. What rate per word is normal in Europe for PT-EN?",
            "It varies a lot, but for a new freelancer in Europe roughly 0.07 to 0.10 euro per word is common for PT-EN, higher for specialised texts. Don't price yourself too low at the start.",
            "ok. Also I started a ceramics class every Thursday evening, to relax the mind. Is normal my hands hurt after?",
            "Quite normal at first, since throwing on the wheel uses hand muscles you don't usually use. Warm your hands before class, take short breaks, and use a good hand cream after, as clay dries the skin a lot.",
        ),
        _session(
            "2025-09-09T12:00:00",
            "Ricardo and I are separating. 26 years. I need to find an apartment for me alone in Porto, maybe Matosinhos near the sea, what is a normal rent for a T1?",
            "I'm sorry, that's a big change after 26 years. In Porto a T1 is usually somewhere around 800 to 1,100 euros a month depending on the area; Matosinhos near the beach tends to be at the higher end. Would you like help with a budget?",
            "Thank you. I am ok, really. It was coming for some time. Can you help me write a list of questions for visiting apartments?",
            "Of course:\n\n- What is included in the rent (condominium, water)?\n- How much is the deposit and how many months in advance?\n- Is there humidity or mould in winter?\n- How old are the windows and is there heating?\n- Is the building quiet at night?\n- Are pets allowed?",
            "Yes the pets one is important, Zé comes with me of course",
            "Of course he does! Ask for the pet permission in writing in the contract, so there are no surprises later.",
            "One more thing: as freelancer some months I make 1,800 euros and some months 2,500. Is 900 of rent too much for me?",
            "At 900 euros, rent would be between 36% and 50% of your income, which is tight in the weaker months. If you can, aim for around 800, and keep a buffer of three months of rent in savings so the quiet months don't cause stress.",
        ),
    ]
    probes = [
        _probe("which city does the user live in?", "home", "Porto", kinds=["in_passing"], said=["language school in Porto"]),
        _probe("what does the user do for a living?", "job", "translator", stale=["English teacher"], kinds=["changed", "informal"], said=["I am English teacher", "now I work freelance as translator"]),
        _probe("who is the user's husband?", "husband", None, gone=["Ricardo"], kinds=["ended"], said=["Ricardo will laugh at me", "Ricardo and I are separating"]),
        _probe("what health condition does the user have?", "condition", "diabetes", kinds=["in_passing"], said=["I have diabetes type 2"]),
        _probe("where does the user's daughter study?", "daughter_city", "Coimbra", kinds=["answer"], said=["She studies medicine in Coimbra"]),
        _probe("what is the user's parrot called?", "parrot", "Zé", kinds=["in_passing", "non_ascii"], said=["my parrot Zé"]),
        _probe("which day is the user's weekly ceramics class?", "ceramics_day", "Thursday", weekly=True, kinds=["in_passing"], said=["ceramics class every Thursday evening"]),
        _probe("where did the user live before Portugal?", "origin", "São Paulo", kinds=["answer", "non_ascii"], said=["we brought him from São Paulo"]),
    ]
    return sessions, probes


def _u06():
    # Tyler, 20s, Ohio State; switches major, quits barista job for an IT internship.
    sessions = [
        _session(
            "2025-01-20T01:15:00",
            "yo can u explain the second law of thermodynamics like im 5, exam thursday and my prof is useless",
            "Sure! Imagine your room: it never cleans itself, it only gets messier unless you put in effort. The second law says the same about energy: left alone, things spread out and get more disordered (entropy goes up). Heat flows from hot to cold on its own, never the other way unless you do work, like a fridge does.",
            "ok that actually makes sense. im a mechanical engineering major at ohio state and this class is killing my gpa",
            "Thermo is a famous GPA-killer, you're not alone. Practising problems on heat engines and Carnot efficiency tends to pay off most for exams. Want me to walk through a sample problem?",
            "maybe later lol. also my civic is making a clicking noise when i turn, its a 2009 with like 180k miles. is that expensive",
            "A clicking noise when turning is very often a worn CV joint. On a 2009 Civic, replacing a CV axle is usually one of the cheaper repairs, often a couple hundred dollars at an independent shop, less if you do it yourself. It's worth fixing before it fails completely.",
            "bet, ill ask my dad, he's a mechanic back in dayton",
            "Perfect, that's the best possible option. Good luck on Thursday!",
        ),
        _session(
            "2025-03-26T16:40:00",
            "ok so update i switched majors to computer science lmao thermo won. can u help me w this python bug, my loop only prints the last item\n\nfor x in items:\n    result = x\nprint(result)",
            "Congrats on the switch! Your print is outside the loop, so it only runs once after the loop ends, with the last value. Indent it:\n\nfor x in items:\n    print(x)\n\nOr, if you want to keep them, append to a list inside the loop.",
            "omg it was the indentation. also how do i ask for fewer shifts at work without getting fired, im a barista at a campus coffee place and they have me on 25hrs a week",
            "Totally reasonable ask. Something like: 'Hi, my course load got heavier this semester and I want to keep doing a good job here. Could I go down to about 15 hours a week? I'm happy to keep my weekend shifts.' Offering the shifts that are hardest to fill makes it an easy yes.",
            "thats good. my manager is chill, her name is Dana, so maybe less formal",
            "Then: 'Hey Dana! CS is kicking my butt this semester, any chance I could drop to around 15 hours? I can still do weekends if that helps.'",
            "perfect ty",
            "Anytime. Good luck with CS!",
        ),
        _session(
            "2025-05-29T21:30:00",
            "gf's birthday is coming up, Kayla, she loves plants and true crime podcasts. ideas under 60 bucks",
            "Some ideas: a terrarium kit she can build, a rare-ish plant like a pink princess philodendron cutting, a true crime book by one of her favourite podcast hosts, or a cute 'plant + podcast night' combo with snacks. Which podcasts does she like?",
            "the terrarium kit is so her. also i quit the coffee shop, got a summer internship doing IT helpdesk at the university hospital. any tips for the first week",
            "Nice! First week tips: keep a notebook of every system and acronym you hear, ask how tickets are prioritised, shadow someone on calls before taking your own, and never be afraid to say 'let me check and get back to you'. Hospitals take privacy very seriously, so read their HIPAA training carefully.",
            "what should i wear tho, they said business casual",
            "Chinos or dark jeans if allowed, a polo or button-down, and clean, comfortable shoes since helpdesk often means walking between departments. When in doubt, dress slightly more formal the first day and adjust.",
            "ok cool. btw me and my roommate Marcus are looking for a new apartment near campus for fall, what should we check",
            "Check: lease start date lines up with fall, who pays which utilities, internet options, parking, laundry, and how responsive the landlord is (ask current tenants if you can). And read the sublease rules in case one of you does a summer internship somewhere else.",
        ),
    ]
    probes = [
        _probe("what is the user studying?", "major", "computer science", stale=["mechanical engineering"], kinds=["changed", "informal"], said=["im a mechanical engineering major", "i switched majors to computer science"]),
        _probe("which university does the user attend?", "university", "ohio state", kinds=["in_passing", "informal"], said=["major at ohio state"]),
        _probe("what car does the user drive?", "car", "Civic", kinds=["in_passing", "informal"], said=["my civic is making a clicking noise"]),
        _probe("where does the user's dad live?", "dad_city", "Dayton", apart="mechanic", kinds=["two_facts", "informal"], said=["he's a mechanic back in dayton"]),
        _probe("what does the user's dad do for work?", "dad_job", "mechanic", apart="Dayton", kinds=["two_facts", "informal"], said=["he's a mechanic back in dayton"]),
        _probe("what job does the user have?", "job", "IT helpdesk", stale=["barista"], kinds=["changed"], said=["im a barista at a campus coffee place", "internship doing IT helpdesk"]),
        _probe("what is the name of the user's girlfriend?", "girlfriend", "Kayla", kinds=["in_passing", "informal"], said=["gf's birthday is coming up, Kayla"]),
    ]
    return sessions, probes


def _u07():
    # Åsa, 36, UX designer at Volvo Cars in Gothenburg; baby Signe, new EV, quits choir, moving to Malmö.
    sessions = [
        _session(
            "2025-01-07T12:30:00",
            "Can you help me write a short out-of-office message? I'm going on parental leave from March. Needs an English and a Swedish version.",
            "Of course. When are you back, and who should people contact while you're away?",
            "Back in October. Contact is my colleague Lars Ekström. For context I'm a UX designer at Volvo Cars here in Gothenburg, so keep it fairly corporate. Sign it Åsa Lindqvist.",
            "English:\n'Thank you for your email. I am on parental leave from March until October 2025 and will not be reading email. For urgent matters, please contact Lars Ekström. Best regards, Åsa Lindqvist'\n\nSwedish:\n'Tack för ditt mejl. Jag är föräldraledig från mars till oktober 2025 och läser inte min e-post. Vid brådskande ärenden, kontakta Lars Ekström. Vänliga hälsningar, Åsa Lindqvist'",
            "Good. Can you make the English one slightly warmer?",
            "'Thanks for your message! I'm on parental leave from March until October 2025, so I won't be checking email. For anything urgent, Lars Ekström is happy to help. Looking forward to catching up when I'm back. Åsa Lindqvist'",
            "Perfect, tack!",
            "Varsågod, and congratulations on the baby!",
        ),
        _session(
            "2025-02-22T20:15:00",
            "Karin and I are trying to pick a name. Baby is a girl. We like short Nordic names that also work in English. Suggestions?",
            "Some short ones that travel well: Signe, Ylva, Liv, Ebba, Freja, Maja, Tove, Elsa, Saga, Alva. Liv and Elsa are the easiest for English speakers; Signe and Ylva are more distinctive.",
            "Oh, Ylva is lovely. Karin's mum is called Ylva though, so maybe too much",
            "Could be a sweet tribute as a middle name instead! Signe or Saga would pair nicely with Ylva as a middle name.",
            "We'll think about it. Another thing: we need a bigger car. We have an old Volvo V70 that's falling apart. Thinking electric. Range matters, we drive to my parents in Luleå a few times a year",
            "Gothenburg to Luleå is well over 1,000 km, so you'll want good real-world range and fast charging. Worth a look: Kia EV6, Hyundai Ioniq 5, Volvo EX40, Skoda Enyaq. The EV6 and Ioniq 5 charge very fast, which matters most on long trips.",
            "oh I meant Umeå, not Luleå, my brother is the one in Luleå. the EV6 looks good, is charging ok on the E4 going north?",
            "Yes, the E4 corridor has decent fast-charger coverage now, with gaps getting smaller every year. Plan stops with an app like ABRP, and expect a bit less range in winter.",
            "thanks, that helps",
            "Happy to help, good luck with the name and the car hunt!",
        ),
        _session(
            "2025-05-30T03:10:00",
            "3am feeding and my brain is mush. How many ml should a 6 week old drink per feed? She's mostly breastfed but we're adding one bottle",
            "At 6 weeks, a bottle of roughly 90-120 ml is typical, but babies vary a lot. Watch her cues rather than the number: if she turns away or slows down, she's done. If she's having wet nappies and gaining weight, she's getting enough.",
            "Thank you. Her name is Signe by the way, we went with that in the end",
            "Signe is a beautiful name! I hope you get some sleep soon.",
            "We did get the Kia EV6 in April, very happy with it. Quiet enough that she falls asleep in it.",
            "A quiet car is a secret parenting weapon! Enjoy it.",
            "I also quit the choir I was in, no way I can do Wednesday evenings now. Maybe next year",
            "That makes sense, the first months are all-consuming. Singing to Signe counts as practice in the meantime!",
            "ha yes she's a tough audience",
            "The toughest. Get some rest when you can.",
        ),
        _session(
            "2025-10-14T18:40:00",
            "Back at work this week. Big news: we've decided to move to Malmö in the spring, Karin got a job at Lund University. Can you list what we need to do when moving municipality in Sweden?",
            "Congratulations to Karin! Main steps:\n\n1. Register the move with Skatteverket (within a week of moving).\n2. Apply for a förskola place in Malmö early, queues can be months.\n3. Transfer your vårdcentral registration.\n4. Update your address with your bank, insurance and car registration.\n5. Tell your employer if your tax table changes.\n\nWill you keep your job in Gothenburg?",
            "Yes, I'll ask Volvo about remote work, I can go to Gothenburg maybe twice a month",
            "That's a common setup now. It's worth putting the arrangement in writing, and checking whether travel is paid.",
            "Good plan. What's a good area in Malmö for families with a small child?",
            "Families often like Limhamn (near the sea, calm), Slottsstaden (green, close to parks), Västra Hamnen (modern, by the water) and Husie if you want more space. Since Karin will commute to Lund, being near a train station helps.",
            "Limhamn sounds nice. We'll look at rentals first and buy later",
            "Sensible: renting for a year lets you learn the neighbourhoods before committing. Blocket and the municipal housing queue (Boplats Syd) are the places to start, and the queue rewards joining early.",
        ),
    ]
    probes = [
        _probe("what is the user's name?", "name", "Åsa", kinds=["in_passing", "non_ascii"], said=["Sign it Åsa Lindqvist"]),
        _probe("what is the user's job?", "job", "UX designer", apart="Volvo Cars", kinds=["two_facts", "in_passing"], said=["I'm a UX designer at Volvo Cars"]),
        _probe("which company does the user work for?", "employer", "Volvo Cars", apart="UX designer", kinds=["two_facts", "in_passing"], said=["I'm a UX designer at Volvo Cars"]),
        _probe("who is the user's partner?", "partner", "Karin", kinds=["in_passing"], said=["Karin and I are trying to pick a name"]),
        _probe("what is the name of the user's daughter?", "daughter", "Signe", kinds=["in_passing"], said=["Her name is Signe"]),
        _probe("what car does the user drive?", "car", "EV6", stale=["V70"], kinds=["changed"], said=["old Volvo V70", "We did get the Kia EV6"]),
        _probe("does the user sing in a choir?", "choir", None, gone=["choir"], kinds=["ended"], said=["I also quit the choir"]),
        _probe("where do the user's parents live?", "parents_city", "Umeå", stale=["Luleå"], kinds=["slip_next_message", "non_ascii"], said=["my parents in Luleå", "I meant Umeå"]),
        _probe("where is the user moving to?", "moving_to", "Malmö", kinds=["in_passing", "non_ascii"], said=["move to Malmö in the spring"]),
    ]
    return sessions, probes


def _u08():
    # Raj, 58, bus driver in Leicester; daughter's wedding speech, retires, tabla class moves.
    sessions = [
        _session(
            "2025-02-04T19:50:00",
            "Hello, my daughter Pooja is getting married in August and I have to give the father's speech. I am not a speaker, I am a bus driver for 30 years lol. Can you help me start?",
            "Congratulations! A father's speech doesn't need to be polished, just warm and honest. To help me draft something, can you tell me a bit about the groom: his name, and how they met?",
            "His name is Aarav, they met at university in Manchester. He is a dentist, very good boy",
            "Here's an opening:\n\n'Good evening everyone. For those who don't know me, I'm Pooja's dad. I've spent thirty years driving people around this city, but nothing prepared me for the journey of watching my little girl grow up. When Pooja met Aarav at university in Manchester, we knew quickly that he was a good one, and a dentist too, so at least our teeth are in safe hands...'\n\nShall I continue?",
            "very nice. can you put a small joke about me getting lost driving to their house even though I drive for a living",
            "Add this: 'The first time I drove to meet Aarav's family, I got lost. Thirty years on the buses, and I needed the satnav to find one house. Pooja has never let me forget it.'",
            "ha ha my wife Meena will like that",
            "She'll probably remind everyone it's true! Would you like a closing toast as well?",
        ),
        _session(
            "2025-04-12T08:05:00",
            "Morning. My son Vikram lives in Dubai and wants us to visit after the wedding, in October. Is October too hot?",
            "October in Dubai is still warm, usually around 30-35°C in the day, but it's much more comfortable than summer and evenings are pleasant. Mornings and evenings are good for walking; plan indoor things for midday.",
            "We are vegetarian, no egg also. Will we find food ok?",
            "Very easily. Dubai has a huge number of Indian vegetarian restaurants, especially in Karama and Bur Dubai, and most places label vegetarian dishes. Just ask about egg in bakery items and desserts.",
            "Good. Also I have started tabla lessons, every Tuesday at the community centre. My fingers are hurting, is it normal",
            "Yes, very normal in the first weeks; your fingertips and the side of your hand are getting used to the strikes. Keep practice sessions short, warm up your hands, and the soreness usually eases within a month.",
            "My teacher says practice 20 minutes each day. Can you make me a simple practice schedule",
            "A 20-minute daily plan:\n\n- 3 min: warm-up, loosen fingers and wrists\n- 7 min: basic bols slowly (Na, Tin, Ge, Ke)\n- 7 min: the theka your teacher gave you, with a metronome\n- 3 min: play along with a slow recording\n\nSpeed comes later, clean strokes first.",
            "thank you very much",
            "You're welcome. Enjoy the tabla, and the Dubai trip!",
        ),
        _session(
            "2025-07-01T21:20:00",
            "I have finally retired from the buses! Last shift was Friday. Now I am thinking to volunteer, something with old people maybe. Ideas here in Leicester?",
            "Congratulations on your retirement! In Leicester you could look at Age UK Leicester Shire & Rutland (befriending and lunch clubs), Royal Voluntary Service (community transport, which might suit a former driver), local hospital volunteering, or day centres at temples and community centres.",
            "Age UK befriending sounds good. I will phone them",
            "Lovely. Befriending usually means a weekly visit or call with one older person, and they'll give you training first.",
            "Also the tabla class moved to Thursday because the teacher has a new job. I need to tell the WhatsApp group, can you write a short message",
            "'Hi everyone, just to let you know our tabla class is now on Thursdays, same time and place, because of Guruji's new job. See you Thursday!'",
            "Thank you. The wedding is in 6 weeks, I am still nervous about the speech",
            "That's natural. Practise it out loud a few times a week, to Meena or even in the mirror, and keep a printed copy in your pocket. People will be on your side; they want you to do well.",
        ),
    ]
    probes = [
        _probe("what does the user do for work?", "job", None, gone=["bus driver"], kinds=["ended"], said=["I am a bus driver for 30 years", "finally retired from the buses"]),
        _probe("which city does the user live in?", "home", "Leicester", kinds=["in_passing"], said=["Ideas here in Leicester?"]),
        _probe("what is the user's wife called?", "wife", "Meena", kinds=["in_passing"], said=["my wife Meena"]),
        _probe("where does the user's son live?", "son_city", "Dubai", kinds=["in_passing"], said=["My son Vikram lives in Dubai"]),
        _probe("what diet does the user follow?", "diet", "vegetarian", kinds=["in_passing"], said=["We are vegetarian, no egg also"]),
        _probe("which day is the user's weekly tabla class?", "tabla_day", "Thursday", stale=["Tuesday"], weekly=True, kinds=["changed"], said=["every Tuesday at the community centre", "tabla class moved to Thursday"]),
        _probe("what instrument is the user learning?", "instrument", "tabla", kinds=["plain"], said=["I have started tabla lessons"]),
        _probe("who is the user's daughter marrying?", "future_son_in_law", "Aarav", kinds=["answer"], said=["His name is Aarav"]),
    ]
    return sessions, probes


def _u09():
    # Kasia, 31, Polish vet nurse in Edinburgh; moves in with Callum in Leith, goes back to uni in Glasgow.
    sessions = [
        _session(
            "2025-01-28T18:00:00",
            "hiya, I'm a vet nurse and I need to make a poster for our clinic waiting room about rabbit dental problems. can you give me short punchy text",
            "Here's a draft:\n\n'Is your bunny's smile OK?\nRabbit teeth never stop growing.\nWatch for: drooling, eating less, dropping food, weepy eyes.\nHay, hay and more hay keeps teeth worn down.\nBook a dental check today!'\n\nWant a catchier headline?",
            "yes something catchier pls",
            "Options: 'Check the chompers!', 'Tooth be told: bunnies need dental checks', or 'Hay is for healthy teeth'.",
            "haha 'Check the chompers' it is. different q - my boyfriend Callum and I are moving in together, into his flat in Leith. what's a fair way to split bills when he owns and I don't",
            "Common fair setups: you pay him a below-market rent (so he's not profiting, but you're contributing to the home), and you split utilities and groceries 50/50 or in proportion to income. Agree in writing what happens to anything you pay towards renovations, just in case.",
            "good points, we'll talk tonight",
            "Good luck! These talks go better over food.",
        ),
        _session(
            "2025-03-14T21:30:00",
            "need a birthday message in Polish for my brother, can you check my grammar: 'Wszystkiego najlepszego braciszku, dużo zdrowia i żebyś w końcu znalazł dziewczynę'",
            "The grammar is correct and it's a very sisterly message! A slightly smoother version: 'Wszystkiego najlepszego, braciszku! Dużo zdrowia i żebyś w końcu znalazł sobie dziewczynę :)'. The comma after 'najlepszego' is standard.",
            "dzięki! my brother Piotr is in Kraków, ugh no, Łódź, he moved back there last year. I'm sending a parcel too, how long does Royal Mail take to Poland?",
            "International Standard to Poland usually takes 5-7 working days, and International Tracked a bit less, often 3-5. If it's for a specific date I'd go tracked and post it this week.",
            "ok tracked it is. also we adopted a retired greyhound!! his name is Bolt and he is the laziest dog alive",
            "Ha, retired racing greyhounds are famous couch potatoes, the '40 mph couch potato'. How old is he?",
            "he's 5, ex racer. any tips for the first weeks",
            "Give him a quiet space with a soft bed (they have bony bodies), keep walks short at first, use a martingale collar because their heads are narrow, and never let him off lead near roads. Many ex-racers have never seen stairs or glass doors, so go slowly.",
            "aw the stairs thing is so true, he's terrified of them",
            "Treats and patience on the bottom step work well. He'll get there!",
        ),
        _session(
            "2025-05-20T12:45:00",
            "climbing question: I go bouldering at a wall in Edinburgh twice a week and my fingers are always sore, what are good finger exercises",
            "Soreness is common when you're climbing regularly. Try: finger extensions with a rubber band (to balance out all the gripping), rice bucket exercises, gentle finger stretches after sessions, and take at least a day off between bouldering days. Sharp pain in a finger joint is a reason to rest.",
            "thx. also I've been thinking of leaving the clinic and going back to uni to do vet med. I'm 31, is that mad?",
            "Not mad at all, many vet students are mature entrants, and your nursing experience is a big plus on applications. It is five years and expensive, so it's worth thinking about finances and where you'd study. Have you looked at which universities?",
            "it would be Glasgow probably, the entry requirements are a bit more flexible for graduates and nurses",
            "Glasgow's vet school is excellent. Check their graduate-entry route and the deadline for UCAS; it's usually mid-October for vet medicine.",
            "yeah I'll talk to Callum. he'd have to put up with me commuting",
            "It's a big decision for both of you. Good luck with the chat!",
        ),
        _session(
            "2025-09-01T09:30:00",
            "update: I got in!! starting vet medicine at Glasgow this month. last day at the clinic was Friday. can you help me plan a budget as a mature student",
            "Congratulations, that's fantastic! Let's build a budget. What income will you have: savings, student loan, any part-time work?",
            "I have savings of 12k and a SAAS loan. Callum is staying in Leith for now, I'll commute on the train 3 days a week",
            "Then: rent and bills share in Leith, train travel (a season or flexi ticket plus a 26-30 or mature student railcard if eligible), books and equipment (vet students need stethoscope, scrubs, boots), food, and a buffer. Spread the 12k across five years as a top-up, not a first-year cushion.",
            "yes Edinburgh to Glasgow Queen St every day would kill me, 3 days is enough",
            "Sensible. Try to group lectures on those 3 days if the timetable allows, and use the train time for reading.",
            "great, thanks for all the help",
            "Good luck with your first term!",
        ),
    ]
    probes = [
        _probe("what does the user do?", "occupation", "student", stale=["vet nurse"], kinds=["changed"], said=["I'm a vet nurse", "as a mature student"]),
        _probe("who is the user's partner?", "partner", "Callum", kinds=["in_passing"], said=["my boyfriend Callum"]),
        _probe("which area does the user live in?", "home", "Leith", kinds=["in_passing"], said=["into his flat in Leith", "Callum is staying in Leith"]),
        _probe("where does the user's brother live?", "brother_city", "Łódź", stale=["Kraków"], kinds=["slip_same_message", "non_ascii"], said=["my brother Piotr is in Kraków"]),
        _probe("what is the user's dog called?", "dog", "Bolt", kinds=["in_passing"], said=["his name is Bolt"]),
        _probe("which university does the user attend?", "university", "Glasgow", kinds=["restated"], said=["it would be Glasgow probably", "starting vet medicine at Glasgow"]),
        _probe("what sport does the user do?", "sport", "bouldering", kinds=["plain"], said=["I go bouldering at a wall"]),
    ]
    return sessions, probes


def _u10():
    # Carlos, 47, electrician in San Antonio; side business goes full time, swaps trucks.
    sessions = [
        _session(
            "2025-02-09T20:30:00",
            "hey I need help writing a quote for a customer, panel upgrade 100 to 200 amp. I'm a licensed electrician in San Antonio, working for a big contractor but doing side jobs on weekends",
            "Sure. A clean quote could look like:\n\n- Customer name, address, date\n- Scope: replace existing 100A panel with new 200A panel, upgrade service entrance cable and meter base as required, new grounding and bonding, label all circuits\n- Materials and labor: $____\n- Timeline: 1 day, power off approx. 6-8 hours\n- Warranty: 1 year labor\n- Valid for 30 days\n\nWant me to format it as a document?",
            "nice. add a line that permit fees and utility coordination are extra",
            "Added: 'Permit fees and utility company disconnect/reconnect coordination are not included and will be billed at cost.'",
            "perfect. what should I call my side business, something with Mendoza",
            "Ideas: Mendoza Electric, Mendoza Power & Light, Mendoza Electrical Services, M Electric Co. Simple and searchable usually wins for local trades.",
            "Mendoza Electric LLC, simple is best lol",
            "Agreed, people will remember it. Check the Texas SOS name availability before you file.",
        ),
        _session(
            "2025-04-06T13:15:00",
            "my daughter Sofía made varsity volleyball!! what are good snacks for tournament days, they last like 8 hours",
            "Congrats to her! Good tournament snacks: PB&J or turkey wraps, bananas and oranges, pretzels, granola bars, string cheese, and lots of water plus an electrolyte drink. Small, frequent snacks between matches beat one big meal.",
            "she's a sophomore at Reagan High. the coach wants parents to bring food for the whole team too, 14 girls",
            "For 14 players: a big tray of wraps cut in halves, a fruit platter, a bag of pretzels and trail mix portions in cups, plus a cooler of water. Maybe coordinate with other parents on a sign-up sheet.",
            "good. my truck is a 2015 F-150 and it has a weird shudder at around 45 mph, is that transmission?",
            "A shudder around 40-50 mph on that era of F-150 is often the torque converter clutch; sometimes a transmission fluid change fixes it, sometimes it needs the converter. It could also be driveline, like a U-joint. How many miles does it have?",
            "120k miles. my mom in Monterrey says just pray lol",
            "Praying and a fluid change can't hurt! At 120k it's worth having a transmission shop scan it for codes before it gets worse.",
            "ha ok I'll take it in",
            "Good call. Tell Sofía good luck this season!",
        ),
        _session(
            "2025-07-19T22:00:00",
            "ok so I went full time with Mendoza Electric, left the contractor in June. need a simple invoice template and tips to set up quickbooks",
            "Congrats on going out on your own! Invoice basics: business name and license number, customer info, invoice number and date, line items (labor, materials), tax if applicable, total, payment terms (e.g. due in 15 days) and payment methods. In QuickBooks, set up your items and services first, connect your business bank account, and create categories for materials, vehicle and tools.",
            "also traded in the Ford, got a Silverado 2500 for hauling. is business use deductible",
            "Generally, if you use the truck for business you can deduct either the standard mileage rate or actual expenses for the business-use share, and heavy trucks may qualify for bigger depreciation deductions. Keep a mileage log and check with a CPA for your case.",
            "got it. my wife Lupita is doing the books for now, she's good with numbers",
            "That's a great help early on. Give her her own QuickBooks login so you can both see everything.",
            "last thing, my bowling league is Wednesday nights, sorry, Tuesday nights, Wednesday is softball. anyway they want me to be treasurer lol, do i need to do anything formal",
            "Not much: keep a separate bank account for league money (not your personal one), record every payment in and out, and give a short report at the end of the season. A shared spreadsheet keeps everyone happy.",
        ),
    ]
    probes = [
        _probe("what is the user's trade?", "job", "electrician", apart="San Antonio", kinds=["two_facts", "in_passing"], said=["I'm a licensed electrician in San Antonio"]),
        _probe("which city does the user live in?", "home", "San Antonio", apart="electrician", kinds=["two_facts", "in_passing"], said=["I'm a licensed electrician in San Antonio"]),
        _probe("what is the user's business called?", "business", "Mendoza Electric", kinds=["restated"], said=["Mendoza Electric LLC, simple is best", "full time with Mendoza Electric"]),
        _probe("what is the user's daughter called?", "daughter", "Sofía", kinds=["in_passing", "non_ascii"], said=["my daughter Sofía"]),
        _probe("which school does the user's daughter attend?", "daughter_school", "Reagan High", kinds=["in_passing"], said=["sophomore at Reagan High"]),
        _probe("what truck does the user drive?", "truck", "Silverado", stale=["F-150"], kinds=["changed"], said=["my truck is a 2015 F-150", "got a Silverado 2500"]),
        _probe("where does the user's mother live?", "mother_city", "Monterrey", kinds=["in_passing", "informal"], said=["my mom in Monterrey"]),
        _probe("which night does the user bowl each week?", "bowling_day", "Tuesday", stale=["Wednesday"], weekly=True, kinds=["slip_same_message", "in_passing"], said=["my bowling league is Wednesday nights"]),
    ]
    return sessions, probes


def _u11():
    # Nkechi, 35, lawyer in Lagos; wedding with Emeka, mum's city corrected, moves to a fintech.
    sessions = [
        _session(
            "2025-03-11T07:10:00",
            "I need to summarise a 40-page share purchase agreement for a client who won't read it. Can you suggest a one-page structure? I'm a corporate lawyer, so it can be technical, but the client isn't.",
            "A one-page structure that works for non-lawyers:\n\n1. The deal in one sentence (who buys what, for how much).\n2. Price and payment (upfront, deferred, earn-out).\n3. Key dates (signing, conditions, completion).\n4. What the client promises (warranties, indemnities, caps and time limits).\n5. What the client can't do (restrictive covenants).\n6. What could go wrong and what it would cost.\n\nPlain headings, no clause numbers in the body.",
            "Good. Add a 'red flags' section at the top.",
            "Done: start with 'Red flags (read this first)': three to five bullets, each one sentence, e.g. 'You are personally liable for tax issues up to 3 years after completion.' Then the six sections below.",
            "Thanks. Personal one: I'm planning my wedding for December. Emeka and I want a small church ceremony and a big reception, typical Igbo wedding problems lol. Checklist?",
            "Congratulations! A checklist by month: venue and church booking now, traditional wedding (igba nkwu) date agreed with both families, caterers, aso-ebi fabric chosen and ordered, MC and band, photographer, guest list per family, and travel plans for guests. Where will the wedding be?",
            "In Enugu, where my mum lives. Most guests will fly in from Lagos.",
            "Enugu is easy from Lagos by air. Book a block of hotel rooms early, since December is peak season with everyone home for Christmas.",
            "Sorry, I have to correct myself: my mum moved to Owerri last year, so the wedding is in Owerri. Old habits.",
            "No problem. Owerri works well too; guests can fly into Sam Mbakwe Airport. The December rush applies there as well, so hotels early.",
        ),
        _session(
            "2025-05-02T22:30:00",
            "I'm allergic to shellfish and the caterer keeps sending menus with prawns in half the dishes. Help me write a firm but polite email.",
            "'Dear [Caterer], thank you for the revised menu. As I've mentioned before, I have a shellfish allergy, so prawns, crayfish, crab and lobster cannot be in any dish I or my guests at the high table will eat, and I would prefer none on the menu at all to avoid cross-contamination. Please send a revised menu without shellfish by Friday. Kind regards, Nkechi'",
            "Perfect. Also, I'm interviewing for general counsel at a fintech, Paystride. What questions should I expect?",
            "Likely themes: regulatory (CBN licensing, KYC/AML, data protection under the NDPA), how you'd build a small legal function, managing outside counsel and budgets, commercial contracts with banks and partners, and how you balance risk with a fast-moving product team. Expect a 'tell us about a time you said no to the business' question.",
            "Regulatory mostly, CBN stuff. I've been at Banjo & Partners 8 years so this is a big jump.",
            "A big jump but a natural one; eight years of corporate work gives you deal experience many in-house candidates lack. Prepare two or three stories where your advice enabled a deal rather than blocking it.",
            "Thank you, this is gold.",
            "Good luck! Let me know how it goes.",
            "I will. Fingers crossed.",
            "Fingers crossed for you!",
        ),
        _session(
            "2025-07-21T19:00:00",
            "I got the Paystride job! Started last week. Feels strange not billing hours. Can you help me draft a 90-day plan?",
            "Congratulations! A 90-day plan:\n\nDays 1-30: listen and map: meet every team lead, review all licences, key contracts and open disputes, understand the regulatory calendar.\nDays 31-60: fix the urgent: contract templates, approval process, a compliance tracker.\nDays 61-90: build: legal budget, outside counsel panel, training for the sales team.\n\nWho do you report to?",
            "The legal team is 3 lawyers plus me. I report to the CEO, Tunde Bakare, very hands on.",
            "With a hands-on CEO, a short weekly written update (risks, decisions needed, wins) will build trust fast and save you from constant ad hoc questions.",
            "Also, my sister in Houston is coming for the wedding with her two kids; what paperwork do US kids need for Nigeria?",
            "US passport holders need a Nigerian visa (or visa on arrival approval for some categories), valid passports with 6 months left, and yellow fever vaccination certificates. If the kids are Nigerian citizens through a parent, a Nigerian passport makes it simpler.",
            "They have Nigerian passports too actually, my sister Ada made sure. So easier.",
            "Much easier then: they can travel on the Nigerian passports to enter. Just make sure the yellow fever cards are with them.",
            "Great, thanks!",
            "You're welcome, and congratulations again on the new role.",
        ),
    ]
    probes = [
        _probe("what is the user's job?", "job", "general counsel", stale=["corporate lawyer"], kinds=["changed"], said=["I'm a corporate lawyer", "interviewing for general counsel", "I got the Paystride job"]),
        _probe("who does the user work for?", "employer", "Paystride", stale=["Banjo & Partners"], kinds=["changed"], said=["I've been at Banjo & Partners", "I got the Paystride job"]),
        _probe("who is the user marrying?", "fiance", "Emeka", kinds=["in_passing"], said=["Emeka and I want a small church ceremony"]),
        _probe("where does the user's mother live?", "mother_city", "Owerri", stale=["Enugu"], kinds=["slip_next_message", "answer"], said=["In Enugu, where my mum lives", "my mum moved to Owerri"]),
        _probe("what is the user allergic to?", "allergy", "shellfish", kinds=["plain"], said=["I'm allergic to shellfish"]),
        _probe("who does the user report to?", "boss", "Tunde Bakare", kinds=["answer"], said=["I report to the CEO, Tunde Bakare"]),
        _probe("where does the user's sister live?", "sister_city", "Houston", kinds=["in_passing"], said=["my sister in Houston"]),
        _probe("what is the user's sister called?", "sister", "Ada", kinds=["in_passing"], said=["my sister Ada made sure"]),
    ]
    return sessions, probes


def _u12():
    # JB, 29, backend dev in Lyon; quits rugby for climbing, splits with Camille, meets Inès.
    sessions = [
        _session(
            "2025-01-16T22:10:00",
            "hey, in Go how do I cancel a bunch of goroutines when one of them fails? errgroup?",
            "Yes, errgroup is the idiomatic way:\n\ng, ctx := errgroup.WithContext(ctx)\nfor _, job := range jobs {\n    job := job\n    g.Go(func() error { return job.Run(ctx) })\n}\nif err := g.Wait(); err != nil { ... }\n\nWhen one function returns an error, ctx is cancelled, so the others should check ctx.Done() and stop. Wait returns the first error.",
            "ok nice. we use Go a lot at work, I'm backend dev at Doctolib, in the Lyon office",
            "Makes sense, errgroup fits well there. If you also need to limit concurrency, g.SetLimit(n) is available in recent versions.",
            "other question, my girlfriend Camille wants a weekend in the Ardèche. my parents have a farm there but she wants a hotel lol. nice places near Vallon-Pont-d'Arc?",
            "Ha, understandable! Near Vallon-Pont-d'Arc: a chambre d'hôte in a stone mas with a pool, a small boutique hotel in Vallon itself, or a cabin-style 'cabane' in the trees for something romantic. Maybe lunch at your parents' farm on the Sunday as a compromise?",
            "good compromise haha. merci!",
            "Avec plaisir, bon weekend!",
        ),
        _session(
            "2025-03-03T09:40:00",
            "got a concussion at rugby on sunday. doctor says 3 weeks no contact. what symptoms should i watch",
            "Sorry to hear that. Watch for: a headache that gets worse, repeated vomiting, confusion, unusual drowsiness, slurred speech, weakness or numbness, or one pupil bigger than the other. Any of those means A&E straight away. Also rest from screens as much as you can in the first days.",
            "ok. honestly I think I'll stop rugby, it's the second one in a year and I'm 29, not 19",
            "That sounds like a sensible decision. Two concussions in a year is a real signal, and there are plenty of sports that keep you fit without the impacts. Is there something you'd like to try instead?",
            "maybe climbing or running. can you help me write a message to the club captain to say I'm stopping",
            "'Salut, I wanted to tell you before the others: after this second concussion I've decided to stop playing. It's been a great few years with the club and I'll still come to watch and to the troisième mi-temps. Merci pour tout.'",
            "his name is Mathis, we're friends so casual is ok",
            "'Salut Mathis, I'm stopping rugby, second concussion in a year and my head says enough. Great years with you guys, I'll still come to the matches and the apéros. Merci pour tout!'",
            "perfect",
            "Take care of your head!",
        ),
        _session(
            "2025-06-08T23:55:00",
            "can't sleep. Camille and I split up last month. I'm ok, it was mutual, but the flat feels big. any tips to make a place feel like yours again",
            "Sorry, even a mutual breakup is a lot. Small changes help: move the furniture around, repaint one wall, buy new bedding, put up photos of things you love, and have friends over to fill the space with new memories.",
            "yes I'll repaint. also I want to learn Japanese, I want to go to Japan next year. Anki or a class?",
            "Both, ideally: a class gives you structure, speaking practice and accountability, and Anki is great for kana and vocabulary between classes. Start with hiragana and katakana before the class begins.",
            "there is a class at the Institut in Lyon on Wednesday evenings, I'll try that",
            "Great. Weekly classes plus 15 minutes of Anki a day will get you a long way in a year.",
            "ok good night",
            "Good night, I hope you sleep a bit.",
        ),
        _session(
            "2025-10-12T14:20:00",
            "so I'm seeing someone new, Inès, she's a nurse at Édouard Herriot. what's a good first trip together, not too long, from Lyon",
            "Nice! Short trips from Lyon: Annecy (lake, old town, 1h40 by car), Beaujolais villages for wine, the Vercors for hiking, or Turin by train for something more urban. Annecy is hard to beat for a first trip.",
            "Annecy is a good idea. oh and my Japanese class moved to Thursdays, which is annoying",
            "Change of schedule is annoying, but at least you're sticking with it! Ganbatte.",
            "yes and I started climbing in July, much better for my head than rugby lol",
            "Ha, literally! Climbing is also a good one to do together in Annecy, there are crags close to the lake.",
            "she might be up for it, I'll ask",
            "Have a great trip!",
        ),
    ]
    probes = [
        _probe("which company does the user work for?", "employer", "Doctolib", apart="backend dev", kinds=["two_facts", "in_passing"], said=["I'm backend dev at Doctolib"]),
        _probe("what is the user's job?", "job", "backend dev", apart="Doctolib", kinds=["two_facts", "in_passing"], said=["I'm backend dev at Doctolib"]),
        _probe("who is the user's partner?", "partner", "Inès", stale=["Camille"], gone=["Camille"], kinds=["changed", "ended", "non_ascii"], said=["my girlfriend Camille", "Camille and I split up", "seeing someone new, Inès"]),
        _probe("what sport does the user do?", "sport", "climbing", stale=["rugby"], gone=["rugby"], kinds=["changed", "ended"], said=["concussion at rugby", "I think I'll stop rugby", "I started climbing in July"]),
        _probe("which day is the user's weekly Japanese class?", "class_day", "Thursday", stale=["Wednesday"], weekly=True, kinds=["changed"], said=["on Wednesday evenings", "moved to Thursdays"]),
        _probe("what language is the user learning?", "learning", "Japanese", kinds=["in_passing"], said=["I want to learn Japanese"]),
        _probe("where do the user's parents live?", "parents_region", "Ardèche", kinds=["in_passing", "non_ascii"], said=["my parents have a farm there"]),
        _probe("which city does the user live in?", "home", "Lyon", kinds=["restated"], said=["in the Lyon office", "at the Institut in Lyon"]),
    ]
    return sessions, probes


def _u13():
    # Dot, 78, widow in Adelaide; knee replacement, moves from Glenelg to Brighton, bowls day changes.
    sessions = [
        _session(
            "2025-02-02T10:05:00",
            "Good morning. I would like to knit a jumper for my great-grandson who is 2. Can you give me a simple pattern in 8 ply? Thank you, Dot",
            "Good morning, Dot! A simple raglan jumper for a 2-year-old in 8 ply:\n\n- Needles: 4 mm, with 3.25 mm for ribbing.\n- Cast on 64 stitches, knit 2x2 rib for 4 cm.\n- Change to 4 mm, stocking stitch until the body measures 20 cm.\n- Knit the sleeves the same way, 40 stitches, 22 cm.\n- Join for a raglan yoke, decreasing every second row, then finish with a ribbed neck.\n\nShall I write out the yoke decreases row by row?",
            "Yes please, my eyes are not what they were. He lives in Melbourne with my grandson Liam and his wife, so it gets cold there in winter.",
            "Of course. Yoke, with all pieces on one circular needle (168 stitches): Row 1: *knit to 3 stitches before the marker, k2tog, k1, slip marker, k1, ssk*, repeat at all four markers. Row 2: purl. Repeat these two rows until 64 stitches remain, then work 2x2 rib for 3 cm and cast off loosely. A warm jumper will be perfect for a Melbourne winter.",
            "Now a different matter. I am having my knee replaced in April at the Flinders. What should I do to get the house ready? I have lived on my own in Glenelg since my husband Ron passed away.",
            "I'm sorry about Ron. To prepare the house: remove loose rugs, set up a chair with arms at a good height, put everyday things at waist height, get a shower chair and a raised toilet seat, and have meals in the freezer. A night light between the bedroom and bathroom helps a lot. Will anyone be staying with you after the operation?",
            "My daughter Karen will stay the first week. Thank you dear.",
            "That's good to hear. The first week is when help matters most. Wishing you a smooth operation.",
        ),
        _session(
            "2025-05-18T15:30:00",
            "Hello again, the knee is done and I am walking with a frame. Physio says exercises three times a day. Can you make me a chart to tick off?",
            "Well done! Here's a simple chart:\n\nDay | Morning | Lunchtime | Evening\nMon | [ ] | [ ] | [ ]\nTue | [ ] | [ ] | [ ]\n...and so on to Sunday.\n\nPrint it big and stick it on the fridge. Shall I add the names of your exercises down the side?",
            "That is lovely. My cat Mittens keeps trying to sleep on my leg, is that harmful for the new knee?",
            "A cat's weight on the leg isn't dangerous, but she shouldn't lie on the wound or stop you moving. A cushion beside you for her might keep everyone happy.",
            "I miss my lawn bowls on Wednesdays terribly. When might I go back?",
            "Many people can return to lawn bowls around 3 months after a knee replacement, once bending and balance are good. Your surgeon or physio will know best, so ask at your next check-up.",
            "I'll ask Dr Nguyen at the next visit.",
            "Good idea. Keep going with the exercises, they really do make the difference.",
            "Thank you, you are very patient with me.",
            "It's my pleasure, Dot.",
        ),
        _session(
            "2025-09-27T11:00:00",
            "Some news. I have sold the house in Glenelg and moved into a retirement village in Brighton, still near the sea. Karen insisted. Can you help me write a letter to my old neighbours saying goodbye?",
            "Of course. What are your neighbours' names, and is there a memory you'd like to mention?",
            "Their names are Bev and Alan, they were next door for 25 years. Alan always fixed my gutters.",
            "'Dear Bev and Alan,\n\nAfter 25 years of being neighbours, it feels very strange to write this. I have moved to a retirement village in Brighton, and I wanted to thank you for everything: the cups of tea over the fence, Alan rescuing my gutters every winter, and your kindness after Ron passed. Please come and visit, the kettle is always on.\n\nWith love,\nDot'",
            "Mittens came with me of course, they allow one cat. And there is a bowls club here that plays on Fridays so I have joined that.",
            "That's wonderful, a new club is a lovely way to meet people. And Mittens will enjoy a new window to sit in.",
            "You are very kind. Bye for now.",
            "Bye for now, Dot. Enjoy your new home.",
        ),
    ]
    probes = [
        _probe("where does the user live now?", "home", "Brighton", stale=["Glenelg"], kinds=["changed"], said=["on my own in Glenelg", "retirement village in Brighton, still near the sea"]),
        _probe("what is the user's name?", "name", "Dot", kinds=["plain"], said=["Thank you, Dot"]),
        _probe("who is the user's husband?", "husband", None, gone=["Ron"], kinds=["ended"], said=["my husband Ron passed away"]),
        _probe("what is the name of the user's grandson?", "grandson", "Liam", kinds=["in_passing"], said=["my grandson Liam"]),
        _probe("what is the user's daughter called?", "daughter", "Karen", kinds=["restated"], said=["My daughter Karen will stay", "Karen insisted"]),
        _probe("what is the user's cat called?", "cat", "Mittens", kinds=["in_passing", "restated"], said=["My cat Mittens", "Mittens came with me"]),
        _probe("which day does the user play lawn bowls each week?", "bowls_day", "Friday", stale=["Wednesday"], weekly=True, kinds=["changed"], said=["lawn bowls on Wednesdays", "plays on Fridays"]),
    ]
    return sessions, probes


def _u14():
    # Wei, 33, product manager in Singapore; son born, moves Grab to Shopee and Tampines to Punggol.
    sessions = [
        _session(
            "2025-03-04T13:00:00",
            "can help me write a PRD outline for a feature, in-app tipping for drivers. I'm product manager at Grab, need it by tmr",
            "Sure, here's an outline:\n\n1. Problem and background\n2. Goals and non-goals\n3. User stories (passenger, driver)\n4. UX flow: when the tip prompt appears, preset amounts, custom amount\n5. Payments and payout logic\n6. Edge cases: cancelled rides, refunds, disputes\n7. Rollout plan and experiments\n8. Open questions",
            "ok can. add success metrics section",
            "Added 9. Success metrics: tip attach rate, average tip amount, driver earnings uplift, impact on passenger rating and retention, and guardrails like checkout drop-off and support tickets.",
            "thanks lah. also my wife Mei Ling is 7 months pregnant, what should we pack for the hospital bag",
            "For Mei Ling: IC and hospital documents, loose comfy clothes, nursing bras, maternity pads, toiletries, phone charger with a long cable, snacks. For baby: a few onesies, mittens, a swaddle, a going-home outfit and the car seat. For you: snacks, change of clothes, and patience! Which hospital will it be?",
            "KKH, quite far from our place in Tampines but ok noted",
            "KKH is very experienced with deliveries. Register online beforehand to save time on the day. All the best to both of you!",
        ),
        _session(
            "2025-05-25T02:30:00",
            "baby came 2 weeks early!! everything ok. now 2am and he won't sleep. tips?",
            "Congratulations!! Newborns often mix up day and night at first. Keep night feeds dark and quiet, swaddle him, and try white noise. In the day, keep the house bright and normal. What's his name?",
            "Ethan. Chinese name 陈宇轩 but everyone will call him Ethan lah",
            "Lovely names! The first weeks are the hardest; it does get better around 6-8 weeks as his sleep organises itself.",
            "ok will try swaddle. my mother-in-law is flying in from Penang to help for confinement, she's very traditional, any tips to survive lol",
            "Ha, a classic! Agree on a few things in advance with Mei Ling (what you're both OK with), let her mum take over the cooking, which is a huge help, and pick your battles: the herbal soups are fine, safe sleep rules are not negotiable.",
            "haha ya. she only speaks Hokkien and Mandarin, my Mandarin is so-so",
            "Good chance to practise! Mei Ling can translate the important stuff, and food is a universal language anyway.",
            "true true",
            "Get some sleep when the baby sleeps!",
        ),
        _session(
            "2025-08-30T21:15:00",
            "back to work after paternity leave. actually i'm switching companies, joining Shopee next month as senior product manager. how to negotiate the start date",
            "Congrats! Be clear and early: tell Shopee your notice period and any leave you want in between, and suggest a specific date rather than asking 'when should I start'. Most companies are flexible by a week or two if you ask politely at the offer stage.",
            "ok. also we finally moved from Tampines to Punggol last weekend, the BTO reno is done. Mei Ling wants scandinavian style but the place is still quite bare, cheap decor ideas?",
            "Congrats on the new home! Cheap Scandinavian touches: linen-look curtains, a light wool rug, a few big plants, warm-white lamps instead of ceiling lights, and wood or white shelves with fewer things on them. What budget are you working with?",
            "budget maybe 3k for now, baby stuff first",
            "3k goes a long way: rug and curtains first (they change a room the most), then lamps and plants, and add art slowly. Anchor heavy furniture to the wall now that Ethan will be crawling soon.",
            "and my badminton kakis moved our Thursday games to Sunday morning, which works better with the baby lol",
            "Sunday morning badminton sounds like a good reset for the week. Enjoy the games!",
        ),
    ]
    probes = [
        _probe("which company does the user work for?", "employer", "Shopee", stale=["Grab"], kinds=["changed", "informal"], said=["I'm product manager at Grab", "joining Shopee next month"]),
        _probe("what is the user's job?", "job", "product manager", kinds=["restated"], said=["I'm product manager at Grab", "as senior product manager"]),
        _probe("what is the user's wife's name?", "wife", "Mei Ling", kinds=["in_passing"], said=["my wife Mei Ling"]),
        _probe("what is the user's son called?", "son", "Ethan", kinds=["answer", "informal"], said=["everyone will call him Ethan"]),
        _probe("what is the son's Chinese name?", "son_chinese_name", "陈宇轩", kinds=["answer", "non_ascii"], said=["Chinese name 陈宇轩"]),
        _probe("where does the user live?", "home", "Punggol", stale=["Tampines"], kinds=["changed"], said=["our place in Tampines", "moved from Tampines to Punggol"]),
        _probe("where is the user's mother-in-law from?", "mother_in_law_city", "Penang", kinds=["in_passing"], said=["flying in from Penang"]),
        _probe("which day does the user play badminton each week?", "badminton_day", "Sunday", stale=["Thursday"], weekly=True, kinds=["changed", "informal"], said=["moved our Thursday games to Sunday"]),
    ]
    return sessions, probes


def _u15():
    # Valentina, 24, designer in Medellín; boyfriend slip, freelance to agency, IELTS, dog and new cat.
    sessions = [
        _session(
            "2025-02-14T16:20:00",
            "hola! i need a logo concept description for a client, a small coffee roaster here in Medellín called 'Tinto Lento'. i'm a freelance graphic designer so i do everything from home",
            "¡Hola! A concept description:\n\n'Tinto Lento celebrates slow coffee: the logo pairs a hand-drawn coffee cherry with a relaxed, rounded wordmark, as if written on a café chalkboard. The curve under the name suggests both a smile and the steam of a fresh cup, a reminder to take your time.'\n\nShall I suggest a palette?",
            "super. they like earth colors. what fonts could match",
            "For an earthy, slow feel: a soft serif like Recoleta or Fraunces for the wordmark, and a clean sans like DM Sans or Work Sans for secondary text. Palette: coffee brown, terracotta, cream and a muted green.",
            "perfect. unrelated, today is san valentin and my boyfriend Andrés wants to cook me dinner, easy recipe he can't ruin? i don't eat meat, only fish",
            "Oven-baked salmon with lemon, garlic and honey: 15 minutes in the oven at 200°C, with rice and a simple avocado salad. Almost impossible to ruin, and it looks fancy.",
            "jaja sorry i wrote Andrés, that's my brother, my boyfriend is Julián. anyway the salmon is perfect",
            "Ha, no problem! I hope Julián enjoys cooking it. ¡Feliz San Valentín!",
        ),
        _session(
            "2025-04-22T19:45:00",
            "I'm preparing for IELTS to apply to a master in Spain, can you correct this writing task? 'Nowadays many people thinks that working from home is more better than the office...'",
            "Sure! Corrections: 'many people think' (not thinks), and 'better' (not 'more better'). Improved: 'Nowadays, many people believe that working from home is better than working in an office.' Want me to go through the rest?",
            "yes please, and what band do you think this is",
            "With those fixes, your ideas and structure look like around a 6.0 to 6.5. Linking words and a wider range of vocabulary would push it higher.",
            "i need 6.5 for the program in Barcelona. also my salsa class is on tuesdays, is it bad to skip one in the exam week",
            "Skipping one class is fine, and the dancing might actually help with stress! If the exam is on a Wednesday, maybe skip; otherwise keep it.",
            "ok. my dog Lola ate my pencil case lol is that dangerous",
            "It depends on what was in it! Pens and plastic pieces can cause blockages. Watch for vomiting, not eating, a swollen belly or no poop, and call a vet if you see any of those, or right away if she ate batteries or a lot of plastic.",
            "only erasers I think, she seems fine",
            "Probably fine then, but keep an eye on her for a day or two.",
        ),
        _session(
            "2025-07-11T12:10:00",
            "update: i stopped freelancing, i took a full time job at an agency, Lumbre Estudio, as junior art director. the commute is long, podcasts to practice english listening?",
            "Congratulations on the job! Good podcasts for listening practice: 'All Ears English', 'BBC 6 Minute English', '99% Invisible' (great for a designer), and 'Design Matters' with Debbie Millman.",
            "good. also Julián and i are getting a cat, Lola (my dog) is very friendly so should be ok. how do we introduce them",
            "Keep the cat in a separate room for the first days, swap blankets so they learn each other's smell, then short meetings with the dog on a lead. Give the cat high places to escape to. It can take a few weeks.",
            "we will call the cat Mango",
            "Mango is a great name! Lola and Mango sounds like a cartoon.",
            "also i started eating chicken again, my doctor says my iron is low. is chicken good for iron or only red meat?",
            "Chicken has some iron, especially the dark meat, but much less than red meat. Since you eat fish, sardines and clams are great, and beans and lentils with vitamin C (like lime juice) help too.",
            "ok thanks. oh and with the new job i moved my salsa class to thursdays, the tuesday group finished too late",
            "Makes sense, a late class before a workday is hard. Keep dancing, it's a great way to switch off after the agency!",
        ),
    ]
    probes = [
        _probe("which city does the user live in?", "home", "Medellín", kinds=["in_passing", "non_ascii"], said=["here in Medellín"]),
        _probe("what is the user's job?", "job", "junior art director", stale=["freelance graphic designer"], apart="Lumbre Estudio", kinds=["changed", "two_facts"], said=["i'm a freelance graphic designer", "as junior art director"]),
        _probe("which company does the user work for?", "employer", "Lumbre Estudio", apart="junior art director", kinds=["two_facts", "in_passing"], said=["at an agency, Lumbre Estudio"]),
        _probe("who is the user's boyfriend?", "boyfriend", "Julián", stale=["Andrés"], kinds=["slip_next_message", "non_ascii"], said=["my boyfriend Andrés wants", "my boyfriend is Julián"]),
        _probe("what is the user's brother's name?", "brother", "Andrés", kinds=["non_ascii", "informal"], said=["that's my brother"]),
        _probe("which day is the user's weekly salsa class?", "salsa_day", "Thursday", stale=["Tuesday"], weekly=True, kinds=["changed", "informal"], said=["my salsa class is on tuesdays", "i moved my salsa class to thursdays"]),
        _probe("what is the user's dog called?", "dog", "Lola", kinds=["in_passing"], said=["my dog Lola"]),
        _probe("what is the user's cat called?", "cat", "Mango", kinds=["in_passing"], said=["we will call the cat Mango"]),
    ]
    return sessions, probes


def _u16():
    # Gareth, 55, sheep farmer near Llanidloes; old dog dies, new pup, Defender sold.
    sessions = [
        _session(
            "2025-01-22T06:15:00",
            "im a sheep farmer near Llanidloes, lambing starts in 3 weeks. need a checklist for the lambing shed, 400 ewes, mostly Welsh Mountain",
            "Lambing shed checklist:\n\n- Pens: individual pens built, clean and limed, fresh straw stocked\n- Kit: gloves, lube, lambing ropes, stomach tubes, iodine, heat lamps, warming box\n- Medicines: calcium, glucose, antibiotics from the vet, pain relief\n- Records: ear tags, tagger, marker spray, notebook or app\n- Feed: ewe nuts, hay or silage, clean water points\n- Dead-stock: arrangements with the collection service",
            "good. add colostrum",
            "Added: frozen ewe colostrum saved from last year, or powdered colostrum replacer, plus feeding bottles and teats. Aim for 50 ml per kg in the first 6 hours for weak lambs.",
            "my daughter says I should use a spreadsheet for records. she's at Aberystwyth doing computer science so she'll set it up. what columns",
            "Columns: ewe tag, date lambed, number born, number alive, sex, lamb tags, birth weight if you weigh, assistance needed (yes/no), problems (mastitis, prolapse), and fostering notes. Then later columns for weaning weight and sales.",
            "that'll do. diolch",
            "Croeso! Good luck with lambing.",
        ),
        _session(
            "2025-03-19T21:50:00",
            "landy won't start when its cold, 2006 Defender td5. glow plugs?",
            "The Td5 doesn't actually use glow plugs for starting in normal conditions; cold-start problems are more often a weak battery, the fuel pump, the injector harness leaking oil, or the ECU relay. Does it crank normally but not fire?",
            "cranks fine. batterys new. ill check the relay",
            "Good place to start. Also check the fuel pump is priming (you should hear it when you turn the key) and look for oil in the injector loom plug, that's a classic Td5 fault.",
            "my old dog Fly is 14 and struggling now. vet says maybe time. how do you know",
            "I'm sorry. People often look at whether she still enjoys the things she used to, whether she's eating, whether she's in pain she can't hide, and whether the bad days outnumber the good ones. Some find it helps to mark good and bad days on a calendar.",
            "my wife Sian says we'll know. she's right usually",
            "She probably is. Fly's had a long working life with you; making the decision before she suffers is the last kindness you can give her.",
            "aye",
            "Take care of yourself too.",
        ),
        _session(
            "2025-06-05T20:30:00",
            "we lost Fly in April. got a new pup, Nel, 10 weeks. best way to start training for sheep work",
            "Sorry about Fly, and welcome to Nel. At 10 weeks, focus on her name, recall, 'lie down' and lead work, and lots of handling. Let her see sheep from outside a pen but don't let her work them until she's 6-9 months and shows interest and some control.",
            "shes a collie cross. bit mad",
            "Mad is normal at that age! Short, calm sessions, five minutes at a time, and plenty of time off to be a pup. The focus comes with age.",
            "also sold the Defender finally, got a Toyota Hilux. what tyres for muddy hill work",
            "For hill farms, a good all-terrain like the BFGoodrich KO2 or General Grabber AT3 is a solid all-rounder; if you're mostly in mud, a mud-terrain like the Cooper Discoverer STT Pro grips better but is noisier on the road.",
            "thanks. shearing next week, weather permitting",
            "Hope the weather holds! Good luck with the shearing.",
        ),
    ]
    probes = [
        _probe("what does the user do for a living?", "job", "sheep farmer", apart="Llanidloes", kinds=["two_facts", "informal"], said=["im a sheep farmer near Llanidloes"]),
        _probe("where does the user live?", "home", "Llanidloes", apart="sheep farmer", kinds=["two_facts"], said=["im a sheep farmer near Llanidloes"]),
        _probe("where does the user's daughter study?", "daughter_uni", "Aberystwyth", apart="computer science", kinds=["two_facts"], said=["she's at Aberystwyth doing computer science"]),
        _probe("what is the user's dog called?", "dog", "Nel", stale=["Fly"], gone=["Fly"], kinds=["changed", "ended"], said=["my old dog Fly is 14", "we lost Fly in April"]),
        _probe("what vehicle does the user drive?", "vehicle", "Hilux", stale=["Defender"], gone=["Defender"], kinds=["changed", "ended", "informal"], said=["2006 Defender td5", "sold the Defender finally"]),
        _probe("what is the user's wife called?", "wife", "Sian", kinds=["in_passing"], said=["my wife Sian"]),
        _probe("what breed of sheep does the user keep?", "breed", "Welsh Mountain", kinds=["plain"], said=["mostly Welsh Mountain"]),
    ]
    return sessions, probes


def _u17():
    # Amira, 40, dentist in Montréal; son changes school, divorced from Karim, new partner Marc.
    sessions = [
        _session(
            "2025-02-26T21:05:00",
            "Bonsoir. I'm a dentist and I want a short, friendly text for our clinic's Instagram about flossing for kids. Something parents will actually read.",
            "Here's one:\n\n'Brushing cleans 60% of the tooth. Flossing gets the rest! 🦷 Kids can start flossing as soon as two teeth touch. Floss picks make it easier for little hands, and a sticker chart makes it a game. Tiny habit, big smiles.'",
            "Can you also do a French version? Most of our patients here in Montréal prefer French.",
            "'Le brossage nettoie 60 % de la dent. La soie dentaire s'occupe du reste! 🦷 Les enfants peuvent commencer dès que deux dents se touchent. Les bâtonnets de soie sont plus faciles pour les petites mains, et un tableau d'autocollants en fait un jeu. Petite habitude, grands sourires.'",
            "Parfait. Personal question: my son Rami (9) is being bullied at school. He's at École Saint-Louis. How should I approach the principal?",
            "I'm sorry he's going through that. Write down specific incidents (dates, what happened, who), ask for a meeting rather than raising it at pickup, and ask what the school's anti-bullying plan is and how they'll follow up. Agree on a date to check in again.",
            "His dad and I are divorced, so I also need to tell Karim without it becoming a fight. Tips?",
            "Keep it about Rami: share the facts in writing, say what you're doing, and ask for one concrete thing (e.g. 'can you talk to him this weekend too?'). Avoid blaming anyone, and suggest you both present a united front to the school.",
            "Thanks, that's helpful.",
            "You're welcome. I hope the meeting goes well.",
        ),
        _session(
            "2025-05-09T08:20:00",
            "We decided to move Rami to a different school in September, École Jeanne-Mance, smaller classes. How do I prepare him for the change?",
            "Visit the school together over the summer, meet his new teacher if possible, and let him help choose his school things. Talk positively about it being a fresh start, and arrange a playdate with a kid from the new school before September if you can.",
            "His sister Lina (6) is happy where she is, thankfully.",
            "That's good, one change at a time. She might miss having her brother at school, so a little extra attention for her in September could help too.",
            "Thanks. Unrelated: I've started piano lessons on Saturday mornings, 40 years old and terrible. Which Czerny book should I start with?",
            "Not terrible, just beginning! For adults, Czerny Op. 599 (Practical Method for Beginners) is the usual start, then Op. 139. Pair it with pieces you enjoy so it doesn't feel like pure exercise.",
            "My teacher suggested Op. 599 as well. Fine.",
            "Then you're on the right track. Slow and clean beats fast and messy!",
        ),
        _session(
            "2025-08-16T17:40:00",
            "I've been seeing someone for a few months, Marc, and we're planning our first trip together. He's a chef so food matters a lot. 4 days, somewhere 2-3 hours flight from Montréal?",
            "Lovely! Great food cities in that range: New Orleans, Chicago, Charleston, Mexico City (a bit longer), or Nashville. For a chef, New Orleans or Mexico City are hard to beat.",
            "New Orleans is perfect. Also does it make sense to buy travel insurance if I already have one through my clinic?",
            "Possibly not: many group plans include travel medical coverage for short trips outside Canada. Check how many days per trip are covered, the maximum amount, and whether trip cancellation is included, since that's often separate.",
            "I own the clinic, it's a group plan I set up. I'll check the details.",
            "Then you'll have the plan documents handy. If cancellation isn't included, a cheap cancellation-only policy can fill the gap.",
            "Great, thanks.",
            "Have a wonderful trip!",
        ),
    ]
    probes = [
        _probe("what is the user's profession?", "job", "dentist", kinds=["plain"], said=["I'm a dentist"]),
        _probe("which city does the user live in?", "home", "Montréal", kinds=["in_passing", "non_ascii", "restated"], said=["our patients here in Montréal", "flight from Montréal"]),
        _probe("what is the user's son called?", "son", "Rami", kinds=["in_passing"], said=["my son Rami"]),
        _probe("which school does the user's son go to?", "son_school", "Jeanne-Mance", stale=["Saint-Louis"], kinds=["changed"], said=["He's at École Saint-Louis", "École Jeanne-Mance, smaller classes"]),
        _probe("what is the user's daughter called?", "daughter", "Lina", kinds=["in_passing"], said=["His sister Lina"]),
        _probe("who is the user's partner?", "partner", "Marc", gone=["Karim"], kinds=["ended", "in_passing"], said=["His dad and I are divorced", "seeing someone for a few months, Marc"]),
        _probe("what does the user's partner do?", "partner_job", "chef", kinds=["in_passing"], said=["He's a chef"]),
        _probe("which day is the user's weekly piano lesson?", "piano_day", "Saturday", weekly=True, kinds=["in_passing"], said=["piano lessons on Saturday mornings"]),
    ]
    return sessions, probes


def _u18():
    # Bill, 67, retired machinist in Milwaukee; sells the Harley, takes up woodworking, shelter dog.
    sessions = [
        _session(
            "2025-03-08T14:00:00",
            "how do i build a simple bird house for my grand daughter she is 6",
            "A simple first birdhouse is a great project to do together. What tools do you have to work with? That decides how simple we keep the cuts.",
            "i got a table saw and a drill im a retired machinist so tools are no problem lol",
            "Then you're well set up. Use one 1x6 board about 5 feet long: cut a floor (4in), two sides (5.5in front edge, 4.5in back for the slope), front and back (8in and 9in), and a roof (7in and 8in pieces). Drill a 1.25in entrance hole about 6in up the front, add two small drainage holes in the floor, and screw it together. Cedar or pine both work.",
            "cedar ok",
            "Cedar is ideal, it weathers well without paint. Don't finish the inside, and leave the roof on one hinge or a screw so you can clean it out each fall.",
            "ok thank you. shes coming saturday",
            "She'll love building it with you. Would you like to paint or burn her name over the hole? What's her name?",
            "Kaylee. she will love that",
            "Kaylee's house it is! A wood-burning pen makes nice letters on cedar and she can help trace them.",
        ),
        _session(
            "2025-04-27T19:30:00",
            "doc put me on eliquis for afib. can i still have a beer or two",
            "Moderate alcohol is generally allowed on Eliquis, but alcohol can increase bleeding risk and can also trigger AFib episodes in some people. A beer or two occasionally is usually OK; ask your doctor what they're comfortable with for you.",
            "ok. also what about fishing on the boat alone any risk with the blood thinner",
            "The main risks are cuts bleeding longer and a fall or head bump. Keep a first aid kit with pressure bandages on board, wear your life jacket, carry a charged phone, and let someone know when you'll be back. Going with a buddy is safer if you can.",
            "we live in milwaukee so we go out on lake michigan mostly for perch",
            "Lake Michigan can change fast, so check the marine forecast before heading out, and a small VHF radio is worth having. Enjoy the perch!",
            "my wife donna says i should sell the harley now too. she worries",
            "That's understandable with a blood thinner, since a crash would be more dangerous. It's a tough call after years of riding. Maybe talk to your doctor about it together with Donna.",
            "ya ill think about it",
            "Take your time with it.",
        ),
        _session(
            "2025-07-13T10:45:00",
            "well i sold the harley. kinda sad. now what do i do with all the garage space",
            "That's a big change, it's OK to miss it. With that space and your tools, you could set up a proper woodworking corner, a fly-tying bench for fishing, or a workshop for fixing neighbours' stuff. What do you enjoy most?",
            "woodworking yes. i want to make a rocking chair for donna for our 45th anniversary in october",
            "What a gift! A rocking chair is an ambitious but doable project for a machinist: get a good set of plans (e.g. a Shaker-style rocker), make templates for the rockers and back slats from hardboard, and do a test joint in scrap first.",
            "good. which wood oak or maple",
            "Both are great. Oak is easier to work and has a strong grain; hard maple is smoother and very durable but harder on tools. For a first rocker, white oak is a lovely choice.",
            "we also got a dog from the shelter a lab mix named Duke. he chews everything",
            "Labs chew, especially young ones. Give Duke his own chew toys, keep the shop door closed and your wood offcuts out of reach, and lots of walks help burn off the energy.",
            "lol he already got a piece of oak",
            "Ha, he's got good taste in wood!",
        ),
    ]
    probes = [
        _probe("what did the user do for work before retiring?", "former_job", "machinist", kinds=["answer", "informal"], said=["im a retired machinist"]),
        _probe("what is the user's granddaughter called?", "granddaughter", "Kaylee", kinds=["answer"], said=["Kaylee. she will love that"]),
        _probe("what medication does the user take?", "medication", "eliquis", kinds=["plain", "informal"], said=["doc put me on eliquis"]),
        _probe("which city does the user live in?", "home", "Milwaukee", kinds=["in_passing", "informal"], said=["we live in milwaukee"]),
        _probe("what is the user's wife called?", "wife", "Donna", kinds=["restated", "informal"], said=["my wife donna says", "rocking chair for donna"]),
        _probe("does the user ride a motorcycle?", "motorcycle", None, gone=["harley"], kinds=["ended", "informal"], said=["sell the harley now", "well i sold the harley"]),
        _probe("what is the user's dog called?", "dog", "Duke", kinds=["in_passing"], said=["a lab mix named Duke"]),
        _probe("what hobby has the user taken up?", "hobby", "woodworking", kinds=["answer", "informal"], said=["woodworking yes"]),
    ]
    return sessions, probes


def _u19():
    # Ananya, 26, frontend dev in Bangalore; Infosys to Flipkart, new manager, violin slip.
    sessions = [
        _session(
            "2025-01-12T21:40:00",
            "Hi! can you explain the difference between useMemo and useCallback with a small example? interview at Flipkart next week 😬",
            "Sure! useMemo caches a computed value; useCallback caches a function.\n\nconst total = useMemo(() => items.reduce((s, i) => s + i.price, 0), [items]);\nconst onAdd = useCallback((id) => addItem(id), [addItem]);\n\nuseCallback(fn, deps) is the same as useMemo(() => fn, deps). Both only help if something downstream relies on reference equality, like React.memo children.",
            "Thanks, that's clear. I'm currently a frontend dev at Infosys, 3 years, so really hoping to switch",
            "Three years is a good point to move. For Flipkart-level interviews, also revise rendering performance, state management, and a machine-coding round (like building an autocomplete or an infinite scroll list in an hour).",
            "what salary should I ask for? currently 14 LPA",
            "For an SDE 2 frontend role at a large product company, offers are commonly well above service-company pay; a 40-70% jump isn't unusual. Check recent data on levels.fyi and AmbitionBox, and let them make the first number if you can.",
            "ok will research levels.fyi",
            "Good luck, you've got this!",
        ),
        _session(
            "2025-02-23T07:30:00",
            "got the offer!!! joining Flipkart on March 10 as SDE 2. help me write a resignation email to my manager Suresh",
            "Congratulations!! Draft:\n\n'Hi Suresh,\n\nI'm writing to let you know that I have decided to resign from my position, with my last working day as per the notice period. I've learned a lot in my three years here and I'm grateful for your support. I'll make sure everything is handed over smoothly.\n\nThanks,\nAnanya'",
            "make it slightly warmer, he was a good manager",
            "Add: 'Working with you has been one of the best parts of my time here; your guidance on the payments project in particular helped me grow a lot. I hope we stay in touch.'",
            "perfect. I also need to tell my parents in Chennai, they wanted me to move back home lol",
            "Tell them about what the new role means for you (growth, learning, stability at a big company) and maybe plan a visit soon so it doesn't feel like you're moving further away.",
            "also, weekend question - my violin class is Saturday, no wait, it's Sunday morning, and I want a practice routine for varnams during weekdays, 30 min",
            "A 30-minute weekday routine:\n\n- 5 min: open strings and shruti alignment with a drone\n- 5 min: sarali and janta varisais in two speeds\n- 15 min: the varnam, one section at a time, first speed then second\n- 5 min: play through what you learned on Sunday\n\nRecord yourself once a week to hear progress.",
            "thanks!",
            "All the best for the new job!",
        ),
        _session(
            "2025-05-04T19:20:00",
            "my new manager at Flipkart is Neha, she's great but I feel slow. how to ramp up faster in a big codebase",
            "Feeling slow at two months is normal. Tips: pick one feature area and go deep, trace a real user flow end to end, keep a personal glossary, ask for small bugs first, and book a weekly 15 minutes with a senior engineer for questions. And tell Neha what you're learning; managers love seeing the curve.",
            "thx. on another note, amma is pushing the marriage thing, they found a 'nice boy' in Coimbatore 🙄 how do I tell them I want 2 more years",
            "Be calm and specific: say you're not saying no to marriage, just 'not before 28', and give your reasons (new job, settling in). Offering a timeline often reassures parents more than an open-ended 'later'.",
            "ya. i'm vegetarian and he's not, that's my excuse for now lol",
            "Ha, that's one way! But the honest timeline conversation will probably save you from the next 'nice boy' too.",
            "also doing a half marathon here in Bangalore in October, first one, plan please",
            "A 20-week plan: weeks 1-6 build to 25 km a week with a long run of 10 km; weeks 7-14 add a tempo run and build the long run to 16-18 km; weeks 15-18 peak at 35 km a week; weeks 19-20 taper. Run early mornings to avoid the heat.",
        ),
    ]
    probes = [
        _probe("which company does the user work for?", "employer", "Flipkart", stale=["Infosys"], kinds=["changed"], said=["frontend dev at Infosys", "joining Flipkart on March 10"]),
        _probe("which city does the user live in?", "home", "Bangalore", kinds=["in_passing"], said=["half marathon here in Bangalore"]),
        _probe("who is the user's manager?", "manager", "Neha", stale=["Suresh"], kinds=["changed"], said=["my manager Suresh", "my new manager at Flipkart is Neha"]),
        _probe("where do the user's parents live?", "parents_city", "Chennai", kinds=["in_passing", "informal"], said=["my parents in Chennai"]),
        _probe("which day is the user's weekly violin class?", "violin_day", "Sunday", stale=["Saturday"], weekly=True, kinds=["slip_same_message"], said=["my violin class is Saturday, no wait"]),
        _probe("what instrument does the user play?", "instrument", "violin", kinds=["in_passing"], said=["my violin class is Saturday"]),
        _probe("what diet does the user follow?", "diet", "vegetarian", kinds=["in_passing", "informal"], said=["i'm vegetarian and he's not"]),
    ]
    return sessions, probes


def _u20():
    # Mads, 50, marine engineer in Aarhus; leaves Ørsted for Vestas, daughter off to DTU, boat Havørn.
    sessions = [
        _session(
            "2025-02-05T19:00:00",
            "I need to prepare a 10-minute talk for engineering students at Aarhus University about careers in offshore wind. I'm a marine engineer at Ørsted, 20 years in the industry. Outline?",
            "Here's a 10-minute outline:\n\n1. (1 min) Who you are and a striking photo from your first offshore job.\n2. (3 min) How the industry changed in 20 years: from early near-shore parks to today's giant turbines and floating wind.\n3. (3 min) What marine engineers actually do: foundations, cables, vessels, O&M.\n4. (2 min) Skills that matter: the ones they learn at university and the ones they don't.\n5. (1 min) How to get in: internships, graduate programmes, Q&A.",
            "Good. Add something about mistakes I made early, they like that",
            "Add a 'Three things I got wrong' slide after point 3: for example, underestimating weather windows, not listening to the vessel crew, and thinking the technical answer was always the whole answer. Keep each to one story.",
            "Perfect. Off topic: my daughter Freja is choosing between DTU in Lyngby and Aarhus University, she wants engineering too. Pros and cons?",
            "DTU: Denmark's dedicated technical university, very strong industry links and a wide range of engineering programmes, but it means moving to Copenhagen and higher living costs. Aarhus University: strong engineering too, especially in some fields, she could live cheaply, and it's close to home. What does she want to specialise in?",
            "Probably energy or mechanical. She likes the idea of moving out. Louise (my wife) wants her close by haha",
            "Classic! For energy, DTU Wind and Energy Systems is world-class, which might be a strong argument for Lyngby. It's only a few hours by train, so she can come home for weekends.",
            "I'll tell Louise that",
            "Good luck with the negotiation at home!",
        ),
        _session(
            "2025-04-28T21:00:00",
            "We are getting the boat ready for the season. She's a 32-foot Bavaria called Havørn. What should be on a spring checklist?",
            "Spring checklist:\n\n- Hull: antifouling, anodes, check the through-hulls and seacocks\n- Engine: oil and filters, impeller, fuel filter, coolant, belts\n- Rig: inspect standing rigging, swage fittings, halyards\n- Sails: check stitching, UV strips\n- Safety: life jackets, flares, fire extinguisher, first aid, liferaft service date\n- Electrics: batteries, navigation lights, VHF",
            "Thanks. The engine is a Volvo Penta D1-30. Impeller change interval?",
            "Volvo Penta recommends checking the impeller annually and replacing it at least every 2 years, but many owners just replace it every spring since it's cheap insurance. Carry a spare on board.",
            "Good. Also I am learning Spanish on Tuesdays at the evening school, because Louise and I want to sail to Spain when we retire. Any good Spanish podcasts for sailors? haha",
            "Not many for sailors specifically! But 'Coffee Break Spanish' and 'Notes in Spanish' are great, and for sailing vocabulary try Spanish-language YouTube channels about cruising. Learning the marine VHF phrases in Spanish would be useful.",
            "Perfect",
            "¡Buen viento!",
        ),
        _session(
            "2025-08-20T18:15:00",
            "Big decision made: I leave Ørsted after 20 years and go to Vestas from October, as head of service engineering. Can you help me write a goodbye message to my team?",
            "Congratulations! Draft:\n\n'Dear all,\n\nAfter 20 years, I've decided to take on a new challenge, and from October I'll be joining Vestas. It has been a privilege to work with such skilled and good-humoured people. I'm proud of what we built together, and I'll be following your projects closely. Thank you for everything.\n\nMads'",
            "Less formal please, we are Danish haha",
            "'Hi everyone, after 20 years it's time for something new, and I'm off to Vestas in October. Thanks for the good times, the bad coffee and all the stormy days offshore. I'll miss you. Cake in the canteen on my last Friday! Mads'",
            "Good. Freja got into DTU so she moves to Copenhagen next week. Louise is sad. What can I do to cheer her up?",
            "Plan something just for the two of you: a weekend away, a nice dinner, or a first trip to visit Freja together in a month. Empty nest feelings are real, so a plan for what's next helps.",
            "A weekend in Skagen maybe",
            "Skagen is perfect, the light in early autumn is beautiful. Book somewhere cosy!",
        ),
    ]
    probes = [
        _probe("which company does the user work for?", "employer", "Vestas", stale=["Ørsted"], gone=["Ørsted"], kinds=["changed", "ended", "non_ascii"], said=["marine engineer at Ørsted", "I leave Ørsted after 20 years"]),
        _probe("what is the user's job?", "job", "head of service engineering", stale=["marine engineer"], kinds=["changed"], said=["I'm a marine engineer", "as head of service engineering"]),
        _probe("what is the user's wife called?", "wife", "Louise", kinds=["in_passing", "restated"], said=["Louise (my wife)", "Louise is sad"]),
        _probe("what is the user's daughter called?", "daughter", "Freja", kinds=["in_passing"], said=["my daughter Freja"]),
        _probe("which university does the user's daughter attend?", "daughter_uni", "DTU", kinds=["in_passing"], said=["Freja got into DTU"]),
        _probe("what is the user's boat called?", "boat", "Havørn", kinds=["in_passing", "non_ascii"], said=["Bavaria called Havørn"]),
        _probe("which day is the user's weekly Spanish class?", "spanish_day", "Tuesday", weekly=True, kinds=["in_passing"], said=["learning Spanish on Tuesdays"]),
    ]
    return sessions, probes


def _u21():
    # Jess, 28, paramedic; Brisbane to Caloundra, engaged to Mia, stops touch footy.
    sessions = [
        _session(
            "2025-03-17T06:45:00",
            "just finished a night shift, brain fried. whats a quick high protein breakfast before I sleep that won't keep me awake",
            "Something light and easy to digest: Greek yoghurt with a few oats and banana, scrambled eggs on toast, or a protein smoothie with milk and peanut butter. Skip the coffee and keep it smallish so your stomach isn't busy while you sleep. Do you work nights regularly?",
            "yeah rotating, i'm a paramedic with QAS so nights every 3rd week",
            "That's a tough roster. Blackout curtains, earplugs, and keeping the same sleep window on your night weeks make a big difference. A small protein snack around 2-3am on shift can stop the 6am crash too.",
            "cheers. also my gf Mia's birthday is sat, she's into pottery and true crime, any gift ideas around $100",
            "Ideas: a pottery wheel class voucher for two, a nice set of pottery tools and clay, a true crime book and a cosy blanket combo, or tickets to a live true crime podcast show if one is touring.",
            "pottery class voucher, done. thanks legend",
            "Easy win. Sleep well!",
        ),
        _session(
            "2025-05-06T20:10:00",
            "our lizard Bluey hasn't eaten in 5 days, is that normal in winter for a blue tongue",
            "Yes, blue-tongues often slow right down or stop eating in the cooler months (brumation). If he's not losing weight, his eyes are clear and he's not lethargic when warm, it's usually normal. How old is he, and is he still basking?",
            "hes about 8, still basks a bit in the afternoon",
            "That sounds like normal winter behaviour. Keep fresh water available, and weigh him every week or two; if he drops more than about 10% of his weight, see a reptile vet.",
            "unrelated, i play touch footy wednesday nights here in Brisbane and rolled my ankle, how long off",
            "For a mild sprain, usually 1-3 weeks; moderate, 3-6 weeks. Rest, ice, compression and elevation for the first couple of days, then gentle movement. Get it checked if you can't put weight on it.",
            "yeah i'll ice it. my Forester is a manual, can i even drive lol",
            "If it's your left ankle, the clutch will hurt; if it's the right, braking might. Rule of thumb: if you couldn't do an emergency stop without pain, don't drive yet.",
            "left one. bus it is",
            "Smart call. Rest up!",
        ),
        _session(
            "2025-09-21T15:30:00",
            "big few months! Mia and I got engaged AND we moved up to Caloundra on the Sunshine Coast, I transferred stations. any tips for planning a small beach wedding",
            "Congratulations on both! Beach wedding tips: check the council permit for the beach you want, have a wet-weather backup, do it late afternoon for the light and less heat, think about shoes and wind for everyone, and keep the reception somewhere close. How many guests are you thinking?",
            "about 60 guests. next spring",
            "60 is a nice size. Spring on the Sunshine Coast is a great time. Book the venue and celebrant in the next couple of months, they fill up fast for September-October.",
            "no more touch footy for me now, too far to drive back to Brisbane for it. might join the local surf club instead",
            "Surf lifesaving clubs are a great way to meet people in a new town, and they'd probably love someone with paramedic skills.",
            "haha true. also Bluey survived winter, he's eating again",
            "Great news for Bluey! Sounds like everyone is settling in well.",
            "oh and we sold the Forester, the commute up here is all highway so we got a RAV4 hybrid. is it worth getting the extended warranty",
            "Toyota's standard warranty is already good, and hybrid batteries on the RAV4 are covered for a long time if you keep up the scheduled servicing. Extended warranties from dealers are often poor value; read exactly what's covered before you pay for one.",
        ),
    ]
    probes = [
        _probe("what is the user's job?", "job", "paramedic", apart="QAS", kinds=["answer", "two_facts", "informal"], said=["i'm a paramedic with QAS"]),
        _probe("which service does the user work for?", "employer", "QAS", apart="paramedic", kinds=["answer", "two_facts"], said=["i'm a paramedic with QAS"]),
        _probe("who is the user's partner?", "partner", "Mia", kinds=["restated", "informal"], said=["my gf Mia's birthday", "Mia and I got engaged"]),
        _probe("where does the user live now?", "home", "Caloundra", stale=["Brisbane"], kinds=["changed"], said=["here in Brisbane", "we moved up to Caloundra"]),
        _probe("what is the user's lizard called?", "lizard", "Bluey", kinds=["restated", "informal"], said=["our lizard Bluey", "Bluey survived winter"]),
        _probe("what car does the user drive?", "car", "RAV4", stale=["Forester"], gone=["Forester"], kinds=["changed", "ended", "informal"], said=["my Forester is a manual", "we sold the Forester"]),
        _probe("what team sport does the user play?", "sport", None, gone=["touch footy"], kinds=["ended", "informal"], said=["i play touch footy wednesday nights", "no more touch footy for me"]),
    ]
    return sessions, probes


def _u22():
    # Olena, 44, from Kharkiv, in Kraków since the war; cashier back to accountant, passes Polish B2.
    sessions = [
        _session(
            "2025-01-30T20:00:00",
            "Hello. I am accountant from Ukraine, but in Poland I work now as cashier in Biedronka because my Polish is not enough for office. Can you help me make a CV in Polish for accounting jobs?",
            "Of course. A Polish CV (życiorys) usually has: Dane osobowe (name, phone, email), Doświadczenie zawodowe (most recent first), Wykształcenie, Umiejętności (software, languages), and at the end the RODO clause consenting to data processing, which Polish employers expect. What experience should we include?",
            "I have 18 years experience in Kharkiv, in a bank and then in a small company. I know 1C and Excel very good",
            "Great. For example:\n\nDoświadczenie zawodowe:\n- Główna księgowa, [firma], Charków (2014-2022): prowadzenie pełnej księgowości, rozliczenia VAT, sprawozdania finansowe.\n- Księgowa, [bank], Charków (2004-2014).\n\nUmiejętności: 1C, Excel (zaawansowany), ...\n\nWhat is your level of Polish, officially?",
            "My Polish is B1 now, I do the B2 exam in June",
            "Then write 'język polski: B1 (egzamin B2 w czerwcu 2025)'. Showing the exam date tells employers you're improving fast.",
            "Ok I will write it like this",
            "Good luck! Send it to me when it's ready and I'll check the Polish.",
        ),
        _session(
            "2025-03-25T19:10:00",
            "My son Maksym is 15 and has problems in Polish school, the math teacher says he is lazy but in Ukraine he was the best. What can I do?",
            "That's frustrating for both of you. Often it isn't laziness but language: math word problems and the teacher's explanations are harder in a second language. Ask for a meeting, explain his previous results, and ask whether the school offers extra Polish lessons for Ukrainian students, which many do.",
            "Yes, maybe language is the problem. He understands the math but not the questions",
            "That's very common. A Polish-Ukrainian math glossary and a tutor who can explain in both languages could help a lot for a few months.",
            "My husband Andriy works remote for a Ukrainian IT company, he can help with math in evenings, but he is tired",
            "Maybe just 20 minutes twice a week with Andriy on the vocabulary, and an online tutor for the rest? It takes pressure off everyone.",
            "Ok, tutor online. Price in Kraków is normal 80 zł per hour?",
            "Yes, 60-100 zł per hour is typical in Kraków for secondary school math, online often a bit cheaper.",
            "Thank you",
            "You're welcome. I'm sure he'll catch up quickly.",
        ),
        _session(
            "2025-07-02T18:30:00",
            "Good news!! I passed B2 Polish! And I got a job as accountant in an office, Baltica Services, here in Kraków. I start 1 August. I finished with Biedronka yesterday.",
            "Congratulations, Olena! That's a huge achievement in such a short time. How do you feel?",
            "Happy and scared. What I must know about Polish accounting, differences with Ukraine? Especially VAT",
            "Key things: Polish VAT is usually 23% (with reduced 8% and 5% rates), returns are filed monthly or quarterly as JPK_VAT files, the KSeF e-invoicing system is coming in, and ZUS social contributions are a big topic. Corporate income tax (CIT) is 19% or 9% for small taxpayers.",
            "Thank you. Also we want to celebrate, family dinner. Restaurant in Kraków with Ukrainian or Georgian food?",
            "There are several Georgian restaurants in the Kazimierz and Old Town areas with khachapuri and khinkali, and a few Ukrainian places too. Check recent reviews for a family-friendly one.",
            "Maksym loves khachapuri, so Georgian. Perfect",
            "Enjoy the celebration, you deserve it!",
        ),
    ]
    probes = [
        _probe("what is the user's job?", "job", "accountant", stale=["cashier"], gone=["cashier"], kinds=["changed", "ended"], said=["I work now as cashier", "I got a job as accountant"]),
        _probe("where does the user work?", "employer", "Baltica Services", stale=["Biedronka"], gone=["Biedronka"], kinds=["changed", "ended"], said=["cashier in Biedronka", "I finished with Biedronka"]),
        _probe("which city does the user live in?", "home", "Kraków", kinds=["non_ascii", "in_passing"], said=["Price in Kraków", "here in Kraków"]),
        _probe("where is the user from?", "origin", "Kharkiv", kinds=["answer"], said=["18 years experience in Kharkiv"]),
        _probe("what level of Polish does the user have?", "polish_level", "B2", stale=["B1"], kinds=["changed"], said=["My Polish is B1 now", "I passed B2 Polish"]),
        _probe("what is the user's son called?", "son", "Maksym", kinds=["in_passing"], said=["My son Maksym"]),
        _probe("what is the user's husband called?", "husband", "Andriy", kinds=["in_passing"], said=["My husband Andriy"]),
    ]
    return sessions, probes


def _u23():
    # Mateo, 17, liceo student in Bologna; plays bass, Giulia breaks up with him, quits the pizzeria.
    sessions = [
        _session(
            "2025-02-12T17:30:00",
            "hi can you explain the photoelectric effect simple, i have a test tomorrow at liceo and my physics teacher explains like a robot",
            "Sure! Light comes in little packets called photons. When a photon hits a metal, it can knock out an electron, but only if that single photon has enough energy. Energy depends on the colour (frequency), not on how bright the light is. So brighter red light might knock out nothing, while dim blue or UV light does. Einstein got the Nobel Prize for explaining this.",
            "ok now i get it. can you give 3 exercises",
            "1) A photon has energy 3.0 eV and the work function is 2.3 eV: what's the max kinetic energy of the electron? 2) What's the threshold frequency for a metal with work function 4.0 eV? 3) Why doesn't increasing the intensity of red light produce electrons? (Answers: 0.7 eV; about 9.7 x 10^14 Hz; because each photon still has too little energy.)",
            "thx. btw i play bass in a band with friends, we need a name, we play like funk rock",
            "Fun! Some ideas: Groove Laboratory, The Slap Theory, Funkenstein, Basso Continuo (a music nerd joke), or something Italian and silly like Lenticchie Elettriche ('electric lentils').",
            "'Lenticchie Elettriche' lol my drummer will love it, we're taking it",
            "Ha, great choice, it's memorable. Now you need a logo with a lentil holding a bass.",
        ),
        _session(
            "2025-04-15T22:10:00",
            "my girlfriend Giulia and i have our 1 year anniversary on saturday, i have like 40 euro, ideas in Bologna?",
            "Cute! With 40 euro: a picnic at Giardini Margherita with her favourite food, a sunset walk up to San Luca, gelato, and a small handmade gift like a playlist or a letter. Or a cheap dinner at an osteria in the Quadrilatero.",
            "picnic ai Giardini Margherita is nice. I work at a pizzeria on weekends so it has to be sunday",
            "Sunday works, maybe late afternoon so you catch the sunset. You could even bring a pizza from work if they let you!",
            "also my motorino Piaggio Liberty doesnt start when cold, what can i check",
            "Check: the battery (cold weather kills weak ones), the spark plug (cheap to replace), the fuel (old fuel can cause problems), and the choke or carburettor on older models. Try kick-starting with the rear wheel on the stand if it has a kick start.",
            "ok i ask my uncle he has a garage",
            "Perfect, he'll find it quickly. Have a great anniversary!",
            "grazie!!",
            "Prego!",
        ),
        _session(
            "2025-07-28T23:40:00",
            "giulia broke up with me last week. i dont really want to talk about it. can you just help me make a summer plan so i dont go crazy",
            "Of course, no need to talk about it. A summer plan: mornings for something productive (a course, English, exercise), afternoons for friends and music, one small trip, and one goal to finish by September. What do you want to get better at?",
            "i want to improve english to apply to university in the Netherlands, Eindhoven maybe, for physics",
            "Great goal! TU Eindhoven's physics and engineering programmes are taught in English and usually ask for IELTS 6.5 or similar. Plan: 30 minutes of English a day, one English series without Italian subtitles, and an IELTS practice test every two weeks.",
            "also i quit the pizzeria, the owner was never paying on time",
            "Good for you standing up for yourself. You could look for summer work with fairer pay, or use the time for the English and the band.",
            "band practice is tuesdays, that stays at least",
            "Good, keep that. Music is a great way to get through a tough summer.",
        ),
    ]
    probes = [
        _probe("who is the user's girlfriend?", "girlfriend", None, gone=["Giulia"], kinds=["ended", "informal"], said=["my girlfriend Giulia", "giulia broke up with me"]),
        _probe("what instrument does the user play?", "instrument", "bass", kinds=["in_passing"], said=["i play bass in a band"]),
        _probe("what is the name of the user's band?", "band", "Lenticchie Elettriche", kinds=["answer", "informal"], said=["we're taking it"]),
        _probe("which city does the user live in?", "home", "Bologna", kinds=["in_passing"], said=["ideas in Bologna?"]),
        _probe("where does the user work?", "job", None, gone=["pizzeria"], kinds=["ended"], said=["I work at a pizzeria on weekends", "i quit the pizzeria"]),
        _probe("what scooter does the user ride?", "scooter", "Piaggio Liberty", kinds=["in_passing", "informal"], said=["my motorino Piaggio Liberty"]),
        _probe("which day is the user's weekly band practice?", "practice_day", "Tuesday", weekly=True, kinds=["informal"], said=["band practice is tuesdays"]),
        _probe("where does the user want to study?", "study_plan", "Eindhoven", kinds=["answer"], said=["Eindhoven maybe, for physics"]),
    ]
    return sessions, probes


_USERS = [_u00, _u01, _u02, _u03, _u04, _u05, _u06, _u07, _u08, _u09, _u10, _u11,
          _u12, _u13, _u14, _u15, _u16, _u17, _u18, _u19, _u20, _u21, _u22, _u23]


def build() -> list[dict[str, Any]]:
    return handwritten.build(_USERS, "b7", handwritten.resolve)


digest = handwritten.digest
FROZEN = "a32bb63a9fc9"


if __name__ == "__main__":
    handwritten.main(build, N_USERS, FROZEN)
