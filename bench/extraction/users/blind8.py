# ruff: noqa: E501  (hand-written chat data: one message per line)
"""Blind set 8: hand-written chat data for the offline fact extractor, written by hand, one user at a time,
by an author who had not read the extractor, its rules, its tests or any other data set (stop 51).

Users with an even index form the "tune" split, odd ones "held". Running the file checks the data and
prints its digest."""

from __future__ import annotations

from typing import Any

import handwritten

N_USERS = 24
_session, _probe = handwritten.session, handwritten.probe


def _u00():
    # Brazilian designer in Lisbon: moves neighbourhood, changes employer, pottery class moves day
    sessions = [
        _session(
            "2025-01-12T20:15:00",
            "hi! can you help me write email to my landlord? the heater in my flat in Alfama is broken since 2 weeks and is freezing, my cat Feijão sleeps on top of me all night lol",
            "Of course! Here's a draft:\n\nSubject: Broken heater – repair needed\n\nDear Mr. [Name],\n\nI'm writing to let you know that the heater in my flat has not been working for two weeks. With the current temperatures the flat is very cold, and I would be grateful if you could arrange a repair as soon as possible. Please let me know when a technician can come.\n\nKind regards,\n[Your name]",
            "good but more firm please. he always ignore me. also sign it Mariana Tavares",
            "Here's a firmer version:\n\nDear Mr. [Name],\n\nThe heater in my flat has been broken for two weeks, and I have already reported it without any response. Heating repairs are the landlord's responsibility under our contract. Please confirm by Friday when the repair will be done; if I don't hear back, I will have to look at other options.\n\nBest regards,\nMariana Tavares",
            "perfect. other thing, I work as UX designer at Lumen Studio and my boss wants me to present on friday, any tips for not be nervous in english?",
            "A few things that really help: rehearse the first two minutes until they're automatic, because the start is where nerves hit hardest. Keep slides visual so you're not reading long sentences, and prepare a couple of phrases to buy time with questions, like “Good question, let me show you.” Speaking a little slower than feels natural also sounds more confident, not less.",
            "ok thanks. i will practice with Tom tonight, he is my boyfriend and he is english so he can correct me",
            "That's a great plan. Ask Tom to listen for just one or two things, like your pace and any words you stumble on, rather than correcting everything — too many corrections the night before can make you more nervous. Good luck on Friday!",
        ),
        _session(
            "2025-02-20T12:40:00",
            "need a dinner idea for saturday, Tom's parents are coming to visit from Leeds. something portuguese but NO shrimp, i'm allergic to shrimp (the bad kind, i carry epipen)",
            "Some Portuguese dishes with no shellfish at all: bacalhau à Brás (salt cod with eggs, straw potatoes and olives), frango piri-piri, or a slow-cooked chanfana. Avoid carne de porco à alentejana since it traditionally has clams. For dessert, pastéis de nata from a good bakery or homemade arroz doce. Bacalhau à Brás is a real crowd-pleaser and easy for a group.",
            "bacalhau à brás sounds good. how many eggs for 6 people?",
            "For 6 people, use about 8–9 eggs, around 600 g of soaked salt cod, 800 g of potatoes cut into matchsticks (or a big bag of batata palha), 2 onions, black olives and parsley. The cod needs 24–48 hours of soaking with the water changed a few times, so plan to start by Thursday at the latest.",
            "ok. i can buy things after my pottery class, it finish at 8",
            "That works, most supermarkets in Lisbon stay open until 9 or later. Which day is your pottery class? If it's Thursday you'd be cutting it close for soaking the cod.",
            "tuesday. is every week, my therapy haha",
            "Tuesday is perfect then — buy the cod after class, start soaking it that night, and it'll be ready well before Saturday. And pottery as therapy sounds about right!",
            "last question, wine? Tom's dad only drinks red",
            "A Douro red is a safe bet that most people enjoy and it goes fine with bacalhau. If you want something lighter, look for a red from the Dão region. Have a lovely dinner!",
        ),
        _session(
            "2025-04-05T10:05:00",
            "hello again. I need to update my address for finanças, we moved to Campo de Ourique last month, me and Tom live together now 🙂 how do i do it?",
            "Congratulations on the new place! On the Portal das Finanças, log in and go to your personal data (Dados Pessoais) and then the address section. After you submit the new address, a confirmation code is sent by post to the new flat, and you enter it online to finish. If your residence card also shows an address, you may need to update that separately with AIMA.",
            "ok. also i left Lumen Studio, now i am senior product designer at Caravela Bank. can you help me update my linkedin headline?",
            "Congrats on the new role! A few options:\n1. Senior Product Designer at Caravela Bank | UX, Fintech & Design Systems\n2. Senior Product Designer @ Caravela Bank — making banking feel simple\n3. Product Designer crafting digital banking experiences | Caravela Bank\nWhich one feels most like you?",
            "the second one. btw the pottery studio changed schedule so my class is on thursday now, not tuesday anymore. annoying",
            "Great choice, it's friendly but clear. And sorry about the schedule change — at least it's still a weekly slot. Thursday evening can be a nice way to wind down before the weekend.",
            "and Feijão hates the new flat, he hides under the sofa all day",
            "That's very normal for cats after a move. Give him one quiet room with his litter, food and something that smells like the old flat, and let him explore the rest at his own pace. A plug-in pheromone diffuser can help too. Most cats settle within two or three weeks.",
            "thank you!! 🙏",
            "You're welcome! Enjoy the new home and the new job.",
        ),
    ]
    probes = [
        _probe("which neighbourhood of Lisbon does the user live in?", "home", "Campo de Ourique", stale=["Alfama"], kinds=["changed", "in_passing"], said=["heater in my flat in Alfama", "we moved to Campo de Ourique"]),
        _probe("where does the user work?", "employer", "Caravela Bank", stale=["Lumen Studio"], kinds=["changed"], said=["I work as UX designer at Lumen Studio", "now i am senior product designer at Caravela Bank"]),
        _probe("what is the user's job title?", "job_title", "senior product designer", stale=["UX designer"], kinds=["changed"], said=["I work as UX designer at Lumen Studio", "now i am senior product designer at Caravela Bank"]),
        _probe("what is the user's cat called?", "cat_name", "Feijão", kinds=["in_passing", "non_ascii", "restated"], said=["my cat Feijão sleeps", "Feijão hates the new flat"]),
        _probe("who is the user's partner?", "partner", "Tom", kinds=["in_passing", "restated"], said=["he is my boyfriend", "me and Tom live together now"]),
        _probe("what is the user allergic to?", "allergy", "shrimp", kinds=["in_passing"], said=["i'm allergic to shrimp"]),
        _probe("which day does the user have pottery class?", "pottery_day", "Thursday", stale=["Tuesday"], weekly=True, kinds=["answer", "changed"], said=["tuesday. is every week", "my class is on thursday now"]),
        _probe("where do the user's partner's parents live?", "partner_parents_city", "Leeds", kinds=["in_passing"], said=["visit from Leeds"]),
    ]
    return sessions, probes


def _u01():
    # young warehouse worker near Manchester, terse: breakup, new car, new job title, knee injury ends football
    sessions = [
        _session(
            "2025-01-08T23:02:00",
            "need help wording a text to my gf chloe, we had a row cos i went to 5 a side like every wednesday instead of her mums birthday meal",
            "Here's something you could send:\n\n“Hey, I've been thinking about earlier. I'm sorry I went to football instead of your mum's birthday meal — that wasn't fair on you or her. I'd like to make it up to both of you. Can we talk tomorrow?”",
            "too soppy. im not like that lol",
            "Fair enough, shorter and more you:\n\n“Sorry about tonight, I should've been at your mum's meal not football. My bad. I'll sort something to make it up to her — talk tomorrow?”",
            "ye thats better cheers",
            "No problem. Backing it up with something small for her mum, like flowers or a card, would go a long way.",
            "also how do u get dog hair out a car seat. staffy hair everywhere in the corsa",
            "Staffy hair is short and spiky so it weaves into fabric. Best tricks: wipe the seat with a damp rubber glove or a window squeegee, or use a pet hair stone, then hoover. A seat cover or old blanket stops it building up again. What's your staffy called, by the way?",
            "tyson. hes a big lad",
            "Tyson's a proper staffy name! A good brush outside once or twice a week, especially in spring and autumn when they shed more, will cut down the hair in the car a lot.",
            "any good groomers in levenshulme? thats where i am",
            "I can't check live listings, but searching “dog groomer Levenshulme” on Google Maps and sorting by reviews is your best bet — there are usually a few along Stockport Road. Ask for a deshedding treatment; it's made for short-haired breeds like staffies.",
        ),
        _session(
            "2025-03-02T14:30:00",
            "can u do my cv. been a picker at brightway logistics 3 yrs, got my forklift licence in jan, want forklift driver jobs",
            "Sure. Here's a layout:\n\nPROFILE\nReliable warehouse operative with 3 years' experience at Brightway Logistics, recently qualified as a counterbalance forklift driver (January 2025). Looking for a forklift driver role.\n\nEXPERIENCE\nWarehouse Picker – Brightway Logistics (2022–present)\n• Picked and packed orders accurately to daily targets\n• Worked safely in a busy warehouse\n\nQUALIFICATIONS\nCounterbalance forklift licence, January 2025\n\nWhat location and contact details do you want at the top?",
            "put salford. moved in with my brother kyle there last month. dont put the full address",
            "Good call — “Salford, Greater Manchester” plus your phone number and email is plenty. Employers only need to know you're local.",
            "hobbies? just put football i guess",
            "Sure: “Interests: five-a-side football.” It actually helps a bit — it shows teamwork and that you're active, which matters for warehouse work.",
            "ok looks good. do i need a cover letter for agencies",
            "For agencies, usually not — a short message when you apply does the job, like: “Hi, I've just got my counterbalance licence and have 3 years' warehouse experience. Available for forklift work around Salford and Trafford.” Agencies move fast, so applying quickly matters more than a long letter.",
        ),
        _session(
            "2025-05-18T11:11:00",
            "me and chloe split up btw so ignore all that text stuff lol. anyway need help selling my corsa, what do i write on autotrader",
            "Sorry to hear about you and Chloe. For the Corsa, tell me the year, mileage, engine size, MOT and any faults, and I'll write the ad.",
            "2014, 89k miles, 1.2 petrol, mot till november. got a golf now off my uncle so just want it gone",
            "Here you go:\n\n2014 Vauxhall Corsa 1.2 petrol – 89k miles – MOT until November\nReliable runaround, cheap to insure and run. Drives well, interior cleaned. Selling as I've upgraded. Viewings welcome in Salford. No time wasters.\n\nFor price, check similar Corsas near you on AutoTrader — for that age and mileage it's usually somewhere around £2,000–£3,000.",
            "lol. also dont play 5 a side anymore, did my knee in. physio says 6 weeks off",
            "Ouch, sorry. Do the physio's exercises properly even once it starts feeling better — knee injuries tend to come back when people rush. Swimming or cycling are often fine later if the physio agrees.",
            "and i got the forklift job!! start monday. still at brightway, just driving now not picking",
            "Congratulations! That's a proper step up, and staying at Brightway means you already know the site and the people. Good luck on Monday.",
            "cheers. tyson says hi 🐶",
            "Hi Tyson! 🐶 Enjoy the new job and go easy on that knee.",
        ),
    ]
    probes = [
        _probe("who is the user's girlfriend?", "partner", None, gone=["Chloe"], kinds=["ended", "informal"], said=["my gf chloe", "me and chloe split up"]),
        _probe("what sport does the user play?", "sport", None, gone=["5 a side"], kinds=["ended", "informal"], said=["instead of her mums birthday meal", "dont play 5 a side anymore"]),
        _probe("what is the user's dog called?", "dog_name", "Tyson", kinds=["answer", "informal"], said=["tyson. hes a big lad"]),
        _probe("what breed is the user's dog?", "dog_breed", "staffy", kinds=["in_passing"], said=["staffy hair everywhere"]),
        _probe("what car does the user drive?", "car", "Golf", stale=["Corsa"], kinds=["changed", "informal"], said=["staffy hair everywhere in the corsa", "got a golf now off my uncle"]),
        _probe("where does the user live?", "home", "Salford", stale=["Levenshulme"], kinds=["changed", "informal"], said=["any good groomers in levenshulme", "put salford. moved in with my brother kyle"]),
        _probe("what is the name of the user's brother?", "brother", "Kyle", kinds=["in_passing"], said=["moved in with my brother kyle"]),
        _probe("what is the user's job?", "job_title", "forklift driver", stale=["picker"], kinds=["changed", "informal"], said=["been a picker at brightway logistics", "just driving now not picking"]),
        _probe("which company does the user work for?", "employer", "Brightway Logistics", kinds=["restated", "informal"], said=["been a picker at brightway logistics", "still at brightway"]),
    ]
    return sessions, probes


def _u02():
    # Chinese chemistry student in Germany: Dresden to Munich, German course changes day twice, badminton ends
    sessions = [
        _session(
            "2025-02-10T09:20:00",
            "Hello, can you check my email to Professor Krüger? I am master student in chemistry at TU Dresden and I want ask for extension of my lab report. 'Dear Professor Krüger, I am sick last week so I can not finish the report, can I have one more week? Best, Wang Fang'",
            "Here's a polished version:\n\nDear Professor Krüger,\n\nI was ill last week and unfortunately could not finish my lab report on time. Would it be possible to have a one-week extension? I can provide a doctor's note if needed.\n\nThank you for your understanding.\n\nBest regards,\nWang Fang\n\nThe main fixes: “I was ill” (past tense), “could not” instead of “can not”, and offering the doctor's note makes the request stronger.",
            "Thank you. My English is ok but German is very hard, I take German course A2 at Volkshochschule every Monday evening",
            "A2 is a good place to be — German grammar becomes more logical once the cases click. A weekly evening class works best if you add 10–15 minutes of practice on the other days, for example flashcards or a slow-German podcast on the tram.",
            "Can you give me 5 sentences to practice 'weil'? Topic my family. My mother lives in Chengdu and she is teacher.",
            "Here are five, with the verb at the end after “weil”:\n1. Meine Mutter ist oft müde, weil sie viele Schüler hat.\n2. Ich rufe meine Mutter am Sonntag an, weil es in Chengdu dann Abend ist.\n3. Meine Mutter ist Lehrerin, weil sie Kinder liebt.\n4. Ich vermisse meine Familie, weil sie so weit weg ist.\n5. Ich lerne Deutsch, weil ich in Deutschland studiere.\nTry writing five of your own and I can check them.",
            "very useful 谢谢! I will write more tonight",
            "Gern geschehen! Send them over whenever you like.",
        ),
        _session(
            "2025-03-15T18:45:00",
            "I want cook dinner for my badminton club friends, we play every Friday in the Uni-Sporthalle. I am vegetarian, 5 people, any idea not too spicy? Germans cannot eat spicy haha",
            "Fun! A few ideas that work for a mixed group: vegetarian mapo tofu with mushrooms instead of pork (you control the chili), tomato and egg stir-fry, dry-fried green beans, and vegetable dumplings. Serve with rice and put chili oil on the table so everyone can choose their own level.",
            "mapo tofu without meat is good idea. How I make it less spicy?",
            "Use less doubanjiang (start with 1 tablespoon instead of 2–3), leave out the dried chilies, and reduce the Sichuan pepper. Add a bit more stock and a spoon of sweet bean paste for depth instead. The brave ones can add chili oil at the table.",
            "My boyfriend 李明 says also add more garlic. He is in Shanghai, we do long distance 😢 but he gives cooking advice by video haha",
            "More garlic is great advice — lots of flavour, no heat. Long distance is hard, but cooking “together” over video is a sweet way to stay close. Maybe he can join the dinner on the call for a few minutes and say hello to your friends.",
            "Oh and the German course moved, now it is Wednesday, not Monday anymore.",
            "Thanks for telling me — Wednesday evenings then. That splits your week nicely, with badminton on Friday.",
            "Yes! Ok I go shopping now",
            "Have fun cooking — I hope your club enjoys it!",
        ),
        _session(
            "2025-06-02T21:00:00",
            "Big news, I finished my master and now I am junior researcher at Helvion Chemicals in Munich! I moved here last week. I need to register my address, what documents?",
            "Congratulations, that's a big step! For the Anmeldung in Munich you need your passport, your residence permit, the Wohnungsgeberbestätigung (the landlord's confirmation form) and the registration form. Book an appointment at the Kreisverwaltungsreferat early because slots go fast — you're supposed to register within two weeks of moving in.",
            "My room is in Schwabing, very expensive but near the U-Bahn",
            "Schwabing is a lovely area, with the Englischer Garten right there for walks and lots of cafés. Being near the U-Bahn will make the commute much easier. Ask your landlord for the Wohnungsgeberbestätigung now so you have it before your appointment.",
            "I miss the badminton club in Dresden, no more Friday badminton for me 😢 maybe I try bouldering here",
            "That's understandable, a club is like a small family. Munich has many bouldering halls and they're great for meeting people, since everyone chats between attempts. Many also have beginner evenings.",
            "Also I stopped the course at Volkshochschule, the company pays a German course now, Tuesday mornings before work",
            "That's a great perk! A company course is often more focused on workplace German too, which will help at Helvion. Tuesday mornings before work is a good time when your head is still fresh.",
            "Danke! Munich is beautiful",
            "Bitte schön! Enjoy settling in.",
        ),
    ]
    probes = [
        _probe("which city does the user live in?", "city", "Munich", stale=["Dresden"], kinds=["changed"], said=["at TU Dresden", "now I am junior researcher at Helvion Chemicals in Munich"]),
        _probe("which neighbourhood does the user live in?", "neighbourhood", "Schwabing", kinds=["in_passing"], said=["My room is in Schwabing"]),
        _probe("where does the user work?", "employer", "Helvion Chemicals", kinds=["plain"], said=["now I am junior researcher at Helvion Chemicals in Munich"]),
        _probe("where does the user's mother live?", "mother_city", "Chengdu", apart="teacher", kinds=["two_facts", "in_passing"], said=["My mother lives in Chengdu"]),
        _probe("what does the user's mother do for a living?", "mother_job", "teacher", apart="Chengdu", kinds=["two_facts", "in_passing"], said=["My mother lives in Chengdu"]),
        _probe("what is the name of the user's boyfriend?", "boyfriend", "李明", kinds=["in_passing", "non_ascii"], said=["My boyfriend 李明"]),
        _probe("which day is the user's German course?", "german_course_day", "Tuesday", stale=["Monday", "Wednesday"], weekly=True, kinds=["changed"], said=["every Monday evening", "now it is Wednesday, not Monday", "Tuesday mornings before work"]),
        _probe("what is the user's diet?", "diet", "vegetarian", kinds=["in_passing"], said=["I am vegetarian, 5 people"]),
        _probe("which sport does the user play in a club?", "club_sport", None, gone=["badminton"], kinds=["ended"], said=["my badminton club friends", "no more Friday badminton"]),
    ]
    return sessions, probes


def _u03():
    # retired American: toast, type 2 diabetes, moves Tucson to Sarasota, dog rehomed, golf day moves
    sessions = [
        _session(
            "2025-01-20T16:00:00",
            "Good afternoon. I need help writing a short toast for our 40th wedding anniversary party. My wife's name is Linda. We married in 1985 in Dayton, Ohio. The party is at the country club here in Tucson.",
            "Congratulations on forty years! Here's a start:\n\n“Forty years ago, in Dayton, Ohio, I married the best thing that ever happened to me. Linda, you've put up with my bad jokes, my golf stories and my cooking for four decades, and somehow you're still smiling. Thank you all for being here to celebrate with us. Please raise your glasses — to Linda, and to the next forty.”",
            "That is nice. Can you mention our two kids? Mark lives in Phoenix and Jennifer is in Sarasota, they're both flying in.",
            "Of course. I'd add after the thank-you: “We're especially happy that Mark made the trip from Phoenix and Jennifer came all the way from Sarasota.” Would you like to mention grandchildren too? If so, how many and what are their names?",
            "Three. Tyler, Emma and Noah. Sorry, not Emma, Emily. Emma is the neighbor's girl.",
            "No problem — Tyler, Emily and Noah. Here's the new ending:\n\n“…and to our grandchildren, Tyler, Emily and Noah, who keep us young and keep us broke. To Linda, and to the next forty.”",
            "Very good. Linda will cry, she always does.",
            "That's the sign of a good toast! Speak slowly, pause before the last line, and enjoy the moment. Happy anniversary to you both.",
        ),
        _session(
            "2025-02-27T08:30:00",
            "My doctor told me last week I have type 2 diabetes. Can you suggest a breakfast that won't spike my sugar? I used to eat pancakes every morning.",
            "I'm sorry to hear that, but it's very manageable with some changes. Good swaps: eggs with spinach and a slice of whole-grain toast, plain Greek yogurt with berries and nuts, or steel-cut oatmeal with cinnamon and a spoon of peanut butter. The idea is protein and fiber, fewer refined carbs. Your doctor or a diabetes educator can give you specific targets.",
            "I play golf Thursday mornings with the men's league at Ventana Canyon, so I need something that lasts till lunch.",
            "Then eggs or Greek yogurt are your best bet — protein keeps you full much longer. A veggie omelet with one slice of whole-grain toast around 7 will carry you through 18 holes better than pancakes ever did.",
            "What about snacks on the course?",
            "A small handful of almonds, string cheese, a hard-boiled egg, or an apple with peanut butter. Skip sports drinks and regular soda — water or unsweetened iced tea instead. It's also worth keeping a few glucose tablets in your bag, especially if your doctor starts you on medication.",
            "Our dog Biscuit also needs to lose weight, ha. He's a beagle and he steals my toast.",
            "Beagles are famous food thieves! Measured meals, green beans as a low-calorie treat and a longer walk each day usually help. You two can diet together.",
            "Linda says I should also cut out beer. She's probably right.",
            "She probably is — regular beer has quite a lot of carbs. If you want one now and then, a light beer with food is a better choice, but check with your doctor first.",
        ),
        _session(
            "2025-06-14T19:10:00",
            "We moved to Sarasota two weeks ago to be near Jennifer and the grandkids. The house in Tucson still hasn't sold. Can you help me rewrite the listing? The realtor's version is boring. 3 bed, 2 bath, pool, mountain views.",
            "Happy to. Try this:\n\n“Wake up to the Santa Catalina Mountains from this bright 3-bed, 2-bath home. Spend evenings by your private pool watching the desert sunset turn the mountains pink. Lovingly kept by the same owners for years, with room for family, guests and a home office. Minutes from golf, trails and shopping.”\n\nAdd any upgrades — new roof, AC, kitchen — since buyers love those.",
            "Good. Sad part is the condo here doesn't allow dogs, so Biscuit went to live with Mark in Phoenix. He's spoiled rotten there.",
            "That must have been hard, but it sounds like Biscuit landed in a good home with family, and you'll see him when you visit. Spoiled rotten is a beagle's dream.",
            "I already found a golf group down here. They play Tuesdays at a course near Lakewood Ranch, so that's my new golf day.",
            "That's great — a weekly group is the fastest way to make friends in a new town. Florida mornings get hot and humid, so bring extra water and keep those snacks handy.",
            "Sugar numbers are better too, A1C down to 6.4",
            "That's excellent progress! Whatever you've been doing with breakfast and the beer is clearly working. Keep it up.",
        ),
    ]
    probes = [
        _probe("what is the name of the user's wife?", "wife", "Linda", kinds=["plain"], said=["My wife's name is Linda"]),
        _probe("which city does the user live in?", "city", "Sarasota", stale=["Tucson"], kinds=["changed"], said=["country club here in Tucson", "We moved to Sarasota"]),
        _probe("what is the name of the user's granddaughter?", "granddaughter", "Emily", stale=["Emma"], kinds=["slip_same_message", "answer"], said=["Sorry, not Emma, Emily"]),
        _probe("what health condition does the user have?", "health", "type 2 diabetes", kinds=["plain"], said=["I have type 2 diabetes"]),
        _probe("which day does the user play golf?", "golf_day", "Tuesday", stale=["Thursday"], weekly=True, kinds=["changed"], said=["I play golf Thursday mornings", "They play Tuesdays"]),
        _probe("what is the user's dog called?", "dog", None, gone=["Biscuit"], kinds=["ended"], said=["Our dog Biscuit", "Biscuit went to live with Mark"]),
        _probe("where does the user's son live?", "son_city", "Phoenix", apart="Sarasota", kinds=["two_facts"], said=["Mark lives in Phoenix and Jennifer is in Sarasota"]),
        _probe("where does the user's daughter live?", "daughter_city", "Sarasota", apart="Phoenix", kinds=["two_facts", "restated"], said=["Mark lives in Phoenix and Jennifer is in Sarasota", "to be near Jennifer and the grandkids"]),
    ]
    return sessions, probes


def _u04():
    # Nigerian backend engineer: Lagos to Ottawa (with a typo), new employer, choir day changes, car sold
    sessions = [
        _session(
            "2025-01-15T21:30:00",
            "Hi, I need to prep for a system design interview next week. I'm a backend engineer at Kudipay in Lagos, 4 years experience mostly Go and Postgres",
            "That's a strong stack for fintech. System design interviews usually go: clarify requirements, estimate scale, sketch the high-level architecture, then go deep on one or two parts — data model, consistency, failure handling. Want me to give you a mock question?",
            "yes pls, something payments related",
            "Design a ledger service for a payments company. It records every money movement between accounts, must never lose or double-count money, handles 2,000 transactions per second at peak, and lets users see their balance in near real time. Start with requirements and the data model.",
            "I'd use double entry, each transfer is two rows, idempotency key on every request, balances computed from entries with a cached balance per account, and a nightly reconciliation job. Postgres partitioned by month. is that enough?",
            "That's a solid core. To push it further, talk about: how you update the cached balance atomically with the entries (same transaction, or an outbox), how you handle concurrent transfers from one hot account (row locks vs. optimistic versioning), what happens if a downstream bank call times out, and how you'd scale reads. Interviewers love hearing trade-offs out loud.",
            "Makes sense. I'll practise more on Saturday after choir rehearsal, that's my only free time lol",
            "Saturday works! Try timing yourself — 45 minutes for one question, talking out loud as if someone is listening. Two or three full mocks before the interview will make a big difference. Good luck!",
        ),
        _session(
            "2025-03-03T07:50:00",
            "I got the job!! Senior backend engineer at Norland Pay, based in Toronto. Need help with a resignation letter for Kudipay",
            "Congratulations! Here's a draft:\n\nDear [Manager],\n\nPlease accept this letter as formal notice of my resignation from my position as Backend Engineer at Kudipay. My last working day will be [date], in line with my notice period.\n\nI'm grateful for the opportunities I've had here and will do everything I can to ensure a smooth handover.\n\nKind regards,\n[Name]",
            "Sorry typo, Ottawa not Toronto. Their HQ is Toronto but my team is in Ottawa",
            "Got it — Ottawa. It doesn't change the letter since it doesn't mention the city, but it's good to know for your relocation planning.",
            "Also can you add something thanking my manager Mr Okafor? He really pushed for my promotion last year",
            "Sure, add this paragraph: “I'd especially like to thank you, Mr Okafor, for your support and mentorship, and for championing my promotion last year. Working with you has shaped the engineer I am today.”",
            "perfect. my fiancé Tobi is coming with me, we're doing the wedding in April before we fly out 😍",
            "Congratulations twice over! A wedding and an international move in the same spring is a lot — start the spousal paperwork early, since some of it needs your marriage certificate.",
            "I also have to sell my Corolla before I leave, how do I price it fairly in Lagos?",
            "Check listings for the same year, trim and condition on Jiji and Cars45, and ask one or two dealers for a quote to get a range. Price slightly above where you'd settle, because buyers in Lagos expect to negotiate. Having service records and clean papers ready will help you get a better price.",
        ),
        _session(
            "2025-07-09T20:05:00",
            "Hello from Ottawa! Even summer evenings feel cold to me lol. We live in Centretown, near Bank Street",
            "Welcome to Ottawa! Centretown is a great spot — walkable, close to the canal and lots of food on Bank Street. Wait until you see January though!",
            "Yes! I joined the choir at St. Brigid's, rehearsals are Thursday evenings here, not Saturday like back home",
            "That's lovely — a choir is a wonderful way to build community in a new city. Thursday evenings also leave your weekends free for exploring.",
            "Tobi and I are settling in. Sold the Corolla to my cousin before we left, so we're taking the bus everywhere, no car yet",
            "OC Transpo plus the O-Train will get you most places in Centretown. A Presto card makes it easier. In winter you might appreciate a car, but many people in the core manage fine without one.",
            "My sister Adaeze is visiting from London in August. What should we do in Ottawa for a weekend? She's vegetarian, unlike me 😂",
            "A fun August weekend: Saturday — ByWard Market in the morning, Parliament Hill, then a walk or bike ride along the Rideau Canal. Sunday — the National Gallery, then a trip across to Gatineau Park for views. For food, there are good vegetarian-friendly spots around Bank Street and the Glebe. Enjoy the visit!",
        ),
    ]
    probes = [
        _probe("which city does the user live in?", "city", "Ottawa", stale=["Lagos", "Toronto"], kinds=["changed", "slip_next_message"], said=["backend engineer at Kudipay in Lagos", "Sorry typo, Ottawa not Toronto", "Hello from Ottawa"]),
        _probe("which company does the user work for?", "employer", "Norland Pay", stale=["Kudipay"], kinds=["changed"], said=["backend engineer at Kudipay in Lagos", "Senior backend engineer at Norland Pay"]),
        _probe("who is the user's partner?", "partner", "Tobi", kinds=["in_passing", "restated"], said=["my fiancé Tobi", "Tobi and I are settling in"]),
        _probe("which neighbourhood does the user live in?", "neighbourhood", "Centretown", kinds=["in_passing"], said=["We live in Centretown"]),
        _probe("which day is the user's choir rehearsal?", "choir_day", "Thursday", stale=["Saturday"], weekly=True, kinds=["changed", "in_passing"], said=["Saturday after choir rehearsal", "rehearsals are Thursday evenings here"]),
        _probe("what car does the user own?", "car", None, gone=["Corolla"], kinds=["ended"], said=["sell my Corolla", "Sold the Corolla to my cousin"]),
        _probe("what is the name of the user's sister?", "sister", "Adaeze", kinds=["in_passing"], said=["My sister Adaeze"]),
        _probe("where does the user's sister live?", "sister_city", "London", kinds=["in_passing"], said=["My sister Adaeze"]),
    ]
    return sessions, probes


def _u05():
    # Polish accountant in Łódź: daughter's age corrected, coeliac, job change, walking day moves
    sessions = [
        _session(
            "2025-02-01T10:00:00",
            "Good morning. I need help to plan birthday party for my daughter Zuzia, she will be 9. Party at home in Łódź, 10 kids. Ideas for games?",
            "What fun! For 10 kids at home: a treasure hunt with clues around the flat, musical statues, a “decorate your own cupcake” station, a quiz about animals or their favourite films, and a craft corner making friendship bracelets. Plan about two hours with food in the middle.",
            "Sorry I make mistake, she will be 8, not 9. 9 is next year haha",
            "No problem — 8 is a great age for these games, they'll all still work. Maybe make the treasure hunt clues pictures plus short words, so everyone can join in easily.",
            "Also cake must be gluten free because I have coeliac disease and I want to eat too 🙂",
            "Of course! A chocolate cake made with ground almonds or a certified gluten-free flour blend works really well and the kids won't notice the difference. Just check the baking powder and the chocolate are labelled gluten-free, and use clean tins and bowls to avoid cross-contamination.",
            "My son Kuba (14) says the party games are for babies and he will stay in his room with computer",
            "A classic 14-year-old reaction! You could give him a “grown-up” job — DJ, judge of the treasure hunt, or the official photographer. Teenagers often enjoy a role like that more than they admit, and the little ones will think he's very cool.",
        ),
        _session(
            "2025-03-10T19:30:00",
            "Hi. I must write a complaint in English to a hotel in Gdańsk, we stayed there last weekend with my husband Marek and the room was dirty, hair in the bathroom and stains on the sheets.",
            "Here's a draft:\n\nSubject: Complaint about room cleanliness\n\nDear Sir or Madam,\n\nMy husband and I stayed at your hotel last weekend. Unfortunately, the room was not clean: there was hair in the bathroom and stains on the bed sheets. This was very disappointing.\n\nI would appreciate a response and a partial refund for our stay.\n\nYours faithfully,\n[Name]",
            "Make more polite but clear. I am accountant so I like when things are precise 😄",
            "A more precise version:\n\nDear Sir or Madam,\n\nI am writing about our stay from 7 to 9 March (booking no. [number]). On arrival we found hair in the bathroom and visible stains on the bed sheets. We reported it at reception, but the room was not cleaned again during our stay.\n\nI would be grateful if you could offer a refund of one night. I look forward to your reply.\n\nKind regards,\n[Name]",
            "Good. Also do you know some Nordic walking routes near Łódź? I go with my friend Ewa every Sunday morning but we are bored of Łagiewniki forest",
            "Some alternatives: the Arturówek area with its ponds and forest paths, the trails in Lasy Łódzkie further north, the Grotniki area, or a longer trip to the Spała forests by the Pilica river. Each gives you a change of scenery without driving too far.",
            "ok thank you, we try Arturówek first",
            "Good choice — enjoy your walk!",
        ),
        _session(
            "2025-05-25T17:40:00",
            "Hello, Kuba finishes 8th grade in June and from September he goes to XXI Liceum, the one with maths profile. How can he prepare in summer without hating me? 😅",
            "Congratulations to Kuba! Keep it light: 20–30 minutes a few times a week, maybe puzzle-style maths like olympiad problems or apps, rather than school exercises. Let him choose the time. A small reward system helps. Most important is that he rests — the first year of liceum is a big jump.",
            "He is very good at maths but lazy",
            "Then challenge is better than repetition. Give him harder, more interesting problems — logic puzzles, programming in Python, or maths competition archives. Bored clever kids often wake up when something is actually difficult.",
            "Also I changed job in April, now I work as chief accountant in a logistics company, Trans-Bałtyk. More money, more stress",
            "Congratulations on the promotion! The first months as chief accountant are usually the hardest, with the year-end and audits to learn. Try to protect some time each week that's only for you.",
            "And Nordic walking is now Saturday, Ewa works on Sundays now",
            "Saturday morning walks are a great way to start the weekend — and a good way to shake off the work stress.",
            "Yes, it helps a lot",
            "Glad to hear it. Good luck to you and to Kuba!",
        ),
    ]
    probes = [
        _probe("which city does the user live in?", "city", "Łódź", kinds=["in_passing", "non_ascii"], said=["Party at home in Łódź"]),
        _probe("how old is the user's daughter Zuzia?", "daughter_age", "8", stale=["9"], kinds=["slip_next_message"], said=["she will be 9. Party", "she will be 8, not 9"]),
        _probe("what is the name of the user's son?", "son_name", "Kuba", kinds=["in_passing"], said=["My son Kuba (14)"]),
        _probe("which school will the user's son go to?", "son_school", "XXI Liceum", kinds=["plain"], said=["he goes to XXI Liceum"]),
        _probe("what health condition does the user have?", "health", "coeliac disease", kinds=["in_passing"], said=["I have coeliac disease"]),
        _probe("what is the name of the user's husband?", "husband", "Marek", kinds=["in_passing"], said=["my husband Marek"]),
        _probe("which day does the user go Nordic walking?", "walking_day", "Saturday", stale=["Sunday"], weekly=True, kinds=["changed"], said=["every Sunday morning", "Nordic walking is now Saturday"]),
        _probe("what is the user's job title?", "job_title", "chief accountant", stale=["accountant"], kinds=["changed"], said=["I am accountant so", "now I work as chief accountant"]),
        _probe("which company does the user work for?", "employer", "Trans-Bałtyk", kinds=["in_passing", "non_ascii"], said=["now I work as chief accountant"]),
    ]
    return sessions, probes


def _u06():
    # Bengaluru product manager: moves neighbourhood, new employer, swaps motorbike for e-scooter, cricket day moves
    sessions = [
        _session(
            "2025-01-05T22:10:00",
            "hey, need a quick leave application to my manager. my father is having knee surgery in Pune next week and I need to fly there for 5 days",
            "Here's a short one:\n\nSubject: Leave request – 13 to 17 January\n\nHi [Manager],\n\nMy father is undergoing knee surgery in Pune next week, and I'd like to take leave from 13 to 17 January to be with him. I'll hand over my open items before I leave and will be reachable for anything urgent.\n\nThanks,\n[Name]",
            "good. manager name is Sunil, and I'm a product manager at Zestcart, add that in the signature",
            "Updated:\n\nHi Sunil,\n\nMy father is undergoing knee surgery in Pune next week, and I'd like to take leave from 13 to 17 January to be with him. I'll hand over my open items before I leave and will be reachable for anything urgent.\n\nThanks,\n[Your name]\nProduct Manager, Zestcart",
            "thanks. also thinking of riding my Royal Enfield Classic from our place in Indiranagar to Pune instead of flying lol, how long would that take?",
            "It's roughly 840 km via NH48, so about 14–16 hours of riding — realistically two days with a night halt around Hubballi or Belagavi. Fun trip, but with only five days of leave and your dad just out of surgery, flying gives you much more time with him. Maybe save the ride for a long weekend.",
            "haha ok fine I'll fly. wife Priya said the same thing",
            "Sounds like Priya and I agree! I hope the surgery goes smoothly and your father recovers quickly.",
        ),
        _session(
            "2025-02-18T07:15:00",
            "need lunchbox ideas for my daughter Anvi, she's 5 and super picky. no dairy heavy stuff pls, she's lactose intolerant like me",
            "Some dairy-light ideas kids usually like: mini idlis with a mild chutney, vegetable poha, ragi dosa rolls with jaggery-coconut filling, chapati pinwheels with potato sabzi, and fruit like grapes or apple slices. Does her school have food rules, for example no nuts? Which school is she at?",
            "Greenwood High, Sarjapur road campus. yes its nut free",
            "Then skip peanut chutney and nut-based laddoos. Sesame or roasted chana laddoos make a good nut-free sweet, and you can rotate the ideas above through the week so she doesn't get bored.",
            "ok. btw I play cricket every sunday morning with office guys, need an easy high protein breakfast before that",
            "Easy options: a three-egg omelette with a chapati, moong dal chilla with some tofu or paneer-free filling, or sprouts chaat with a banana. Eat about 90 minutes before play and keep a banana and water in your kit bag.",
            "perfect 👍",
            "Enjoy the match!",
            "lol we usually lose",
            "Then the breakfast is for morale! Have fun anyway.",
        ),
        _session(
            "2025-04-30T18:00:00",
            "we just moved from Indiranagar to Whitefield, closer to Anvi's school and my new office. need a message for our old society whatsapp group saying bye",
            "Here's one:\n\n“Hi all! After six lovely years we've moved to Whitefield. Thank you for the Diwali parties, the cricket in the parking lot, and for always rescuing our parcels. Do drop in if you're ever on the other side of the traffic 😄”",
            "funny but less cringe pls",
            "Toned down:\n\n“Hi everyone, we've moved to Whitefield this week. Thanks for being great neighbours all these years. Stay in touch, and let us know if you're ever in our area!”",
            "also sold the Enfield, whitefield traffic is crazy, got an Ather scooter instead. how do I claim the EV subsidy?",
            "For Ather, the central PM E-DRIVE subsidy is usually applied directly at purchase, so it's already reflected in the on-road price — check your invoice. Karnataka doesn't give a separate state cash subsidy right now, but EVs get a road tax exemption. Keep the invoice and registration papers safe.",
            "new office is Rivulet Labs btw, joined as senior PM last month, does that change anything for tax?",
            "Changing jobs mid-year mainly means you should give your new employer the salary and TDS details from Zestcart (Form 12B or the numbers from your payslips), so they deduct the right TDS. Otherwise you'll end up paying extra when you file your return.",
            "and cricket moved to saturdays, the ground is booked on sundays now",
            "Saturday cricket it is — and the omelette-and-chapati plan works just as well on a Saturday morning.",
        ),
    ]
    probes = [
        _probe("which area of Bengaluru does the user live in?", "neighbourhood", "Whitefield", stale=["Indiranagar"], kinds=["changed", "in_passing"], said=["from our place in Indiranagar", "we just moved from Indiranagar to Whitefield"]),
        _probe("which company does the user work for?", "employer", "Rivulet Labs", stale=["Zestcart"], kinds=["changed"], said=["product manager at Zestcart", "new office is Rivulet Labs"]),
        _probe("where does the user's father live?", "father_city", "Pune", kinds=["in_passing"], said=["knee surgery in Pune"]),
        _probe("what is the name of the user's wife?", "wife", "Priya", kinds=["in_passing"], said=["wife Priya said"]),
        _probe("what is the user's daughter called?", "daughter", "Anvi", kinds=["in_passing", "restated"], said=["my daughter Anvi", "closer to Anvi's school"]),
        _probe("which school does the user's daughter attend?", "daughter_school", "Greenwood High", kinds=["answer"], said=["Greenwood High, Sarjapur"]),
        _probe("what dietary restriction does the user have?", "diet", "lactose intolerant", kinds=["in_passing"], said=["lactose intolerant like me"]),
        _probe("what two-wheeler does the user ride?", "vehicle", "Ather", stale=["Royal Enfield"], kinds=["changed"], said=["riding my Royal Enfield Classic", "got an Ather scooter instead"]),
        _probe("which day does the user play cricket?", "cricket_day", "Saturday", stale=["Sunday"], weekly=True, kinds=["changed"], said=["I play cricket every sunday", "cricket moved to saturdays"]),
    ]
    return sessions, probes


def _u07():
    # French lycée student in Lyon: gets a Saturday job, quits horse riding, changes career plan
    sessions = [
        _session(
            "2025-01-14T17:45:00",
            "hiii can u help me with my english essay about social media 😭 its for tomorrow. im in terminale at lycée Ampère in Lyon",
            "Of course! What's the exact question or topic, and how many words do you need?",
            "250 words. my thesis is: social media makes teens more lonely. i need 3 arguments",
            "Here are three:\n1. Comparison: constantly seeing other people's “perfect” lives makes teens feel left out and inadequate.\n2. Replacement: time spent scrolling often replaces face-to-face time with friends, and online contact is shallower.\n3. Fear of missing out: seeing events you weren't invited to increases feelings of exclusion.\nFor a stronger essay, add one counter-argument (social media helps isolated teens find communities) and explain why your thesis still holds.",
            "merci!! my teacher is so strict omg, she removes points for every small mistake",
            "Then watch for the classics: “teenagers are” not “teenagers is”, no capital letters on days' names in French but yes in English, and don't forget the -s on third person verbs (“social media makes”). Read it out loud once at the end — you'll catch a lot.",
            "also i have horse riding wednesday afternoon so i must finish it tonight",
            "Good plan — write the three paragraphs tonight, and do a quick proofread tomorrow morning with fresh eyes. You've got this!",
        ),
        _session(
            "2025-03-08T15:20:00",
            "i want a job at the boulangerie Chez Paulette near my house, only saturday mornings. can u write a short motivation letter? in english bc the owner is english lol",
            "Sure! Here's a short one:\n\nDear Madam,\n\nI am a final-year student at lycée and I would love to work at Chez Paulette on Saturday mornings. I am punctual, friendly and I learn quickly. I am a regular customer and I really like the atmosphere of your bakery.\n\nI would be happy to come in for a trial morning.\n\nBest regards,\n[Name]",
            "cute. also put that i want to study medecine after the bac so i am serious and organised",
            "Added: “After my baccalauréat I plan to study medicine, so I am used to working hard, staying organised and taking responsibility.” Just a tip: in English it's spelled “medicine”.",
            "ok. my dad lives in Marseille since the divorce and i go there every other weekend, do i need to say it?",
            "You don't need to explain why, but it's honest to mention availability. You could write: “I am available every Saturday morning, except one weekend in two, and I can suggest someone to cover or swap.” Employers appreciate knowing early.",
            "ok thx 💕",
            "Good luck with the application!",
        ),
        _session(
            "2025-05-20T20:40:00",
            "i got the job at Chez Paulette!! saturday 7h-13h 🥐 i come home smelling like croissants",
            "Congratulations! That's a lovely first job — and honestly, smelling like croissants is a perk.",
            "but i stopped horse riding, not enough time with bac + work. sad for Caramel (the horse i always rode)",
            "That's a hard choice, but it makes sense with the bac coming. Maybe you can visit Caramel once the exams are over, or go back to riding next year.",
            "now can u help me revise for philo? the subject is 'is freedom doing what we want?'",
            "Classic subject! A simple plan:\nI. Yes — freedom as the absence of constraint, doing what we desire (common sense view).\nII. But — our desires are often not chosen: we can be slaves to our impulses (Spinoza, Plato).\nIII. So — true freedom may be acting according to reason or to laws we give ourselves (Rousseau, Kant).\nUse an everyday example in each part, like choosing to scroll instead of revising.",
            "lol my dog Pistache literally ate my notes",
            "The oldest excuse in the book, except it's true! Take photos of your notes from now on so Pistache can't strike again.",
            "also i changed my mind, i want to be a nurse not a doctor, the studies are shorter and i like the contact with patients",
            "That's a great reason to choose it. Nursing in France is a 3-year degree through Parcoursup (IFSI), and there's a lot of patient contact from the start. Make sure you check the application deadlines.",
        ),
    ]
    probes = [
        _probe("which city does the user live in?", "city", "Lyon", kinds=["in_passing"], said=["lycée Ampère in Lyon"]),
        _probe("which school does the user attend?", "school", "lycée Ampère", kinds=["in_passing", "non_ascii"], said=["lycée Ampère in Lyon"]),
        _probe("does the user do horse riding?", "riding", None, gone=["horse riding"], kinds=["ended", "informal"], said=["i have horse riding wednesday", "i stopped horse riding"]),
        _probe("where does the user work?", "employer", "Chez Paulette", kinds=["restated"], said=["boulangerie Chez Paulette", "i got the job at Chez Paulette"]),
        _probe("which day does the user work at the bakery?", "work_day", "Saturday", weekly=True, kinds=["restated", "informal"], said=["only saturday mornings", "saturday 7h-13h"]),
        _probe("where does the user's father live?", "father_city", "Marseille", kinds=["in_passing"], said=["my dad lives in Marseille"]),
        _probe("what career does the user want?", "career_plan", "nurse", stale=["medecine"], kinds=["changed", "informal"], said=["study medecine after the bac", "i want to be a nurse not a doctor"]),
        _probe("what is the user's dog called?", "dog", "Pistache", kinds=["in_passing"], said=["my dog Pistache"]),
    ]
    return sessions, probes


def _u08():
    # Japanese translator in Osaka: TOEIC, breakup, taiko ends, transfer to Fukuoka, new pottery habit
    sessions = [
        _session(
            "2025-02-12T21:05:00",
            "Hello. I am preparing TOEIC test in March. Can you correct my self introduction? 'My name is Misaki Sato. I am 29 years old and I am working in pharmaceutical company in Osaka as translator.'",
            "Nice start! A more natural version:\n\n“My name is Misaki Sato. I'm 29 years old, and I work as a translator at a pharmaceutical company in Osaka.”\n\nNotes: use the simple present “I work” for a permanent job, and English needs “a” before singular jobs and companies (“a translator”, “a pharmaceutical company”).",
            "Thank you. I want add hobby. I play taiko drums every Thursday night with community group. How to say naturally?",
            "You could say: “In my free time, I play taiko drums with a community group every Thursday evening.” If you want to add something personal: “It's a great way to relieve stress after work.”",
            "And my cat? Her name is Mochi (もち), she is 3 years old. Kawaii 😸",
            "Sure: “I also have a three-year-old cat named Mochi. She's very cute and a little lazy.” Note “three-year-old” has hyphens when it comes before a noun.",
            "I will memorize. ありがとう",
            "You're welcome! Good luck with your TOEIC preparation.",
        ),
        _session(
            "2025-03-28T12:30:00",
            "I got TOEIC 815 points!! My goal was 800 🎉",
            "Congratulations! 815 is a great score — well done on beating your goal.",
            "Now I want write a message to my boyfriend's mother. Kenji's mother is Canadian, she lives in Vancouver. She invite us for dinner when she visits Osaka.",
            "How lovely! Here's a message:\n\n“Dear Mrs. [Name], thank you so much for your kind invitation. Kenji and I would be very happy to join you for dinner while you're in Osaka. Please let us know which day suits you best. I'm looking forward to meeting you! Best wishes, Misaki”",
            "Also, I cannot eat soba because I have buckwheat allergy. How to tell her politely?",
            "You can add a simple line: “Just so you know, I have a buckwheat allergy, so I can't eat soba — but I'm happy with almost anything else!” It's polite and helpful, and hosts usually appreciate knowing in advance.",
            "And taiko moved to Friday from April, because the hall is under renovation",
            "Thanks for the update — so from April it's Friday evenings. For your TOEIC-style introduction you'd now say “every Friday evening”.",
        ),
        _session(
            "2025-06-18T22:50:00",
            "I broke up with Kenji last month. It's ok, really. Now I need to write email to my manager to request transfer to Fukuoka office.",
            "I'm sorry about the breakup. Here's a draft for the transfer request:\n\nDear [Manager],\n\nI would like to ask whether it might be possible to transfer to our Fukuoka office. For family reasons, I would like to live closer to my parents. I would continue my translation work with the same commitment, and I'm happy to discuss timing so that my current projects are handed over smoothly.\n\nKind regards,\nMisaki Sato",
            "My parents live in Fukuoka and my father is sick, so I want to be near them. Please polite.",
            "Here's a more polite version with that reason:\n\n“…My father has been unwell recently, and my parents live in Fukuoka, so I would be very grateful if a transfer to the Fukuoka office could be considered. I understand this depends on the needs of the team…”\n\nI hope your father gets better soon.",
            "Transfer approved!! I move in August. Also I played my last taiko practice already, last Friday, the group gave me a small drum 🥲",
            "That's wonderful news, and what a touching gift from the group. It sounds like they'll miss you!",
            "Mochi will come with me of course",
            "Of course! For the move, a carrier she already knows and a familiar blanket will make the journey less stressful for her.",
        ),
        _session(
            "2025-09-02T19:00:00",
            "Hi! I live in Fukuoka now, small apartment near Tenjin. Mochi likes the new window 😺 Can you help me write a thank-you message for my old team in Osaka?",
            "Welcome to Fukuoka! Here's a message:\n\n“Dear team, thank you so much for everything during my years in Osaka. I learned so much from all of you, and I'll miss our lunches and your kindness. Please come and visit me in Fukuoka — I'll show you the best ramen! With gratitude, Misaki”",
            "Less formal please, they are like friends",
            "Sure:\n\n“Hi everyone! I'm settled in Fukuoka now and I miss you all already. Thanks for all the fun lunches, the help with tricky translations and the big farewell party. Come visit — ramen is on me! 🍜 Misaki”",
            "Perfect. I also started pottery class here, Sunday mornings. Very relaxing",
            "That sounds lovely — Fukuoka and nearby Saga have a long pottery tradition, so you're in the right place.",
            "Yes! I made a cup, it's ugly haha",
            "The first cup is always a little wobbly — that's part of its charm. Keep it, you'll love comparing it with your tenth one!",
        ),
    ]
    probes = [
        _probe("which city does the user live in?", "city", "Fukuoka", stale=["Osaka"], kinds=["changed"], said=["pharmaceutical company in Osaka", "I live in Fukuoka now"]),
        _probe("which area of the city does the user live near?", "neighbourhood", "Tenjin", kinds=["in_passing"], said=["near Tenjin"]),
        _probe("what is the user's cat called?", "cat", "Mochi", kinds=["plain", "restated"], said=["Her name is Mochi", "Mochi will come with me"]),
        _probe("who is the user's boyfriend?", "partner", None, gone=["Kenji"], kinds=["ended"], said=["Kenji's mother is Canadian", "I broke up with Kenji"]),
        _probe("what food allergy does the user have?", "allergy", "buckwheat", kinds=["in_passing"], said=["buckwheat allergy"]),
        _probe("does the user play taiko?", "taiko", None, gone=["taiko"], kinds=["ended"], said=["I play taiko drums every Thursday", "taiko moved to Friday", "my last taiko practice"]),
        _probe("which day does the user go to pottery class?", "pottery_day", "Sunday", weekly=True, kinds=["plain"], said=["pottery class here, Sunday mornings"]),
        _probe("what is the user's job?", "job", "translator", apart="Osaka", kinds=["two_facts"], said=["as translator"]),
        _probe("what TOEIC score did the user get?", "toeic", "815", kinds=["plain"], said=["TOEIC 815 points"]),
    ]
    return sessions, probes


def _u09():
    # farmer near Dubbo, NSW: old kelpie dies and a pup arrives, ute replaced, bowls day moves
    sessions = [
        _session(
            "2025-01-25T06:40:00",
            "morning. need help writing a notice for the CWA newsletter, we're doing a bake stall fundraiser for Dubbo hospital on the 15th",
            "Morning! Here's a notice:\n\nBAKE STALL FUNDRAISER\nSaturday 15 February, 8am till sold out\nIn support of Dubbo Hospital\nScones, slices, jams, pickles and more — all homemade by your local CWA branch. Come early for the lamingtons!\nDonations of baked goods gratefully accepted.",
            "good. add that donations can be dropped at our place, Karinya Station, out on the Mendooran road",
            "Added: “Donations can be dropped off before the 14th at Karinya Station on the Mendooran Road — just leave them on the verandah if no one's about.” Want me to add a contact number line too?",
            "ta. also my old kelpie Dusty's been crook, vet reckons it's his kidneys. he's 14. anything I can do to make him comfy?",
            "Sorry to hear that. For older dogs with kidney trouble: plenty of fresh water always within reach, the kidney diet your vet recommends, a soft warm bed out of draughts, and short gentle walks if he still enjoys them. Small frequent meals can help if his appetite is down. Keep an eye on drinking and weeing and let the vet know about big changes.",
            "thanks love",
            "You're welcome. Give Dusty a pat from me.",
        ),
        _session(
            "2025-03-04T20:15:00",
            "well we lost Dusty last week. Graeme dug him a spot under the pepper tree. anyway I want a few lines for the farm facebook page, nothing too soppy",
            "I'm sorry for your loss. Something simple:\n\n“Farewell to Dusty, 14 years a working kelpie on Karinya. Best mate, best worker, and never once let a sheep get the better of him. He's resting under the pepper tree now, keeping an eye on the yards.”",
            "that's lovely, ta. also i play bowls tuesday arvo and they've asked me to be club secretary, what does that usually involve?",
            "Usually: taking minutes at committee meetings, handling correspondence and emails, keeping the membership list, sending out notices, and sometimes entering teams for pennants and liaising with the district association. It can be a few hours a week, more around the AGM. Ask the outgoing secretary for their files before you say yes.",
            "righto. new pup arrives saturday, another kelpie",
            "Lovely — a young kelpie will keep you busy! Has she got a name yet?",
            "Rusty. grandkids picked it",
            "Rusty's a great name for a kelpie. Start short training sessions early and lots of socialising, and she'll grow into a ripper working dog.",
        ),
        _session(
            "2025-05-12T13:00:00",
            "need an ad to sell the old Hilux, 2009, 380k km, runs fine, bit of rust. we bought a LandCruiser last month so it's surplus",
            "Here's an ad:\n\n2009 Toyota Hilux – 380,000 km\nFarm ute, runs well, used daily until recently. Some surface rust, honest wear and tear. Great paddock basher or workhorse. Selling as replaced. Price: [$] ONO.",
            "put pickup only, Dubbo area",
            "Done: “Pickup only, Dubbo area. Call or text [number].” Adding a few clear photos — including the rusty bits — saves time with tyre-kickers.",
            "my sister Kerry is coming over from Perth for a fortnight. any ideas for a day trip from Dubbo? she's not a zoo person",
            "A few options: Wellington Caves and the Burrendong Dam area, a drive up to the Warrumbungles for the bush walks and dark skies, the historic Old Dubbo Gaol, or a wine tasting day around Mudgee. Mudgee is a nice full day out with lunch.",
            "bowls has moved to wednesdays btw, club needed tuesday for pennants",
            "Righto, Wednesday arvo bowls then. Mudgee on a Tuesday with Kerry could work nicely around it.",
            "Rusty chewed through the hose again 🙄",
            "Kelpie pups need a job or they'll invent one! A chew toy or a frozen bone in the heat of the day might save the next hose.",
        ),
    ]
    probes = [
        _probe("what is the name of the user's property?", "home", "Karinya Station", kinds=["plain"], said=["our place, Karinya Station"]),
        _probe("which town does the user live near?", "town", "Dubbo", kinds=["in_passing", "restated"], said=["fundraiser for Dubbo hospital", "put pickup only, Dubbo area"]),
        _probe("what is the user's dog called?", "dog", "Rusty", gone=["Dusty"], kinds=["ended", "answer"], said=["my old kelpie Dusty", "we lost Dusty last week", "Rusty. grandkids picked it"]),
        _probe("what is the user's husband called?", "husband", "Graeme", kinds=["in_passing"], said=["Graeme dug him a spot"]),
        _probe("which day does the user play bowls?", "bowls_day", "Wednesday", stale=["Tuesday"], weekly=True, kinds=["changed", "informal"], said=["i play bowls tuesday arvo", "bowls has moved to wednesdays"]),
        _probe("what vehicle does the user drive?", "vehicle", "LandCruiser", stale=["Hilux"], kinds=["changed"], said=["sell the old Hilux"]),
        _probe("where does the user's sister live?", "sister_city", "Perth", kinds=["in_passing"], said=["my sister Kerry"]),
    ]
    return sessions, probes


def _u10():
    # chef in Guadalajara: sons' ages, knee injury ends running, swim day moves, opens own taquería
    sessions = [
        _session(
            "2025-02-06T23:30:00",
            "hola! I need help with english for a menu. I am chef at La Lumbre in Guadalajara and we will have many american tourists this spring. how I describe 'chiles en nogada'?",
            "Here's a menu description:\n\n“Chiles en Nogada — roasted poblano peppers stuffed with spiced pork, fruit and nuts, covered in a creamy walnut sauce and topped with pomegranate seeds and parsley. A seasonal classic in the colors of the Mexican flag.”",
            "muy bien. and 'pozole rojo con tostadas'?",
            "“Pozole Rojo — a rich red chile broth with slow-cooked pork and hominy corn, served with shredded cabbage, radish, oregano, lime and crispy tostadas on the side.”",
            "thanks amigo. my sons laugh at my english pronunciation haha. Mateo is 10 and Santiago is 7 and both speak better than me",
            "Kids always pick up accents faster! It's a good sign they're learning. You could practise the menu descriptions with them — they'd probably love being the teachers for once.",
            "I also run every sunday, long run with a club, training for the Maratón de Guadalajara. tips for nutrition?",
            "For marathon training: carbs are your main fuel, so rice, tortillas, beans, pasta and fruit are your friends. Eat a carb-rich dinner the night before long runs, a light breakfast 2–3 hours before, and practise taking gels or dates during runs over 90 minutes. Protein after the run helps recovery.",
        ),
        _session(
            "2025-04-01T16:00:00",
            "bad news, I hurt my knee, doctor says no running for 3 months. so no marathon 😞. he says swimming is ok",
            "I'm sorry — that's frustrating after all the training. Swimming is a great way to keep your fitness without stressing the knee. Follow the physio plan and there will be other marathons.",
            "I signed up for swimming, tuesday nights at the pool near my house in Zapopan",
            "Good decision. Start gently — if breaststroke kicks hurt the knee, stick to freestyle or use a pull buoy. Tuesday nights are a nice way to end a long kitchen day too.",
            "also my wife Fernanda wants we go to Oaxaca in semana santa, can you make a 4 days plan",
            "Here's a 4-day Oaxaca plan:\nDay 1: Zócalo, Santo Domingo church, mezcal tasting in the evening.\nDay 2: Monte Albán in the morning, market 20 de Noviembre for lunch (tlayudas!).\nDay 3: Day trip to Hierve el Agua and a mezcal village.\nDay 4: Cooking class, then shopping for barro negro pottery.\nBook early, Semana Santa is busy.",
            "perfecto!",
            "Have a wonderful trip — and as a chef you'll love the markets.",
        ),
        _session(
            "2025-06-10T22:00:00",
            "amigo big news, I left La Lumbre! I open my own taquería with my brother Beto, 'El Comal de Beto', in Tlaquepaque",
            "¡Felicidades! That's a huge step. Opening with family can be wonderful — just agree early on who decides what, and write it down.",
            "we need instagram bio in english and spanish",
            "Here you go:\n\n🌮 El Comal de Beto | Tacos hechos a mano en Tlaquepaque\nHandmade tacos from a chef's kitchen, family-run in Tlaquepaque 🔥\n📍 [address] · Mar–Dom 8pm–2am",
            "and now I must be there early so swimming moved to thursday mornings",
            "Thursday morning swims before opening are a smart way to keep it up. Just make sure you eat something after — restaurant days are long.",
            "Mateo wants to work in the taquería on weekends lol he is only 10",
            "At 10 he could be the official salsa taster or help fold napkins for an hour! It's a nice way to share the family business.",
            "knee is better but I don't run anymore, I prefer swimming now, less pain",
            "That's a very reasonable choice. Swimming is kind to the joints and great cardio — and you'll need the energy for the taquería.",
        ),
    ]
    probes = [
        _probe("where does the user work?", "employer", "El Comal de Beto", stale=["La Lumbre"], kinds=["changed"], said=["I am chef at La Lumbre", "I left La Lumbre"]),
        _probe("how old is the user's son Mateo?", "mateo_age", "10", apart="7", kinds=["two_facts", "restated"], said=["Mateo is 10 and Santiago is 7", "he is only 10"]),
        _probe("how old is the user's son Santiago?", "santiago_age", "7", apart="10", kinds=["two_facts"], said=["Mateo is 10 and Santiago is 7"]),
        _probe("does the user run?", "running", None, gone=["running"], kinds=["ended"], said=["I also run every sunday", "I don't run anymore"]),
        _probe("which day does the user go swimming?", "swim_day", "Thursday", stale=["Tuesday"], weekly=True, kinds=["changed"], said=["tuesday nights at the pool", "swimming moved to thursday mornings"]),
        _probe("what is the name of the user's wife?", "wife", "Fernanda", kinds=["in_passing"], said=["my wife Fernanda"]),
        _probe("what is the name of the user's brother?", "brother", "Beto", kinds=["in_passing"], said=["my brother Beto"]),
        _probe("where does the user live?", "home", "Zapopan", kinds=["in_passing"], said=["near my house in Zapopan"]),
    ]
    return sessions, probes


def _u11():
    # Romanian IT worker: Cluj to Bucharest, girlfriend becomes wife, new bike, futsal ends, parents' city slip
    sessions = [
        _session(
            "2025-01-18T11:30:00",
            "Salut. I want to plan a bike trip on the Transfăgărășan in summer with my girlfriend Ioana. We live in Cluj-Napoca. How many days do we need?",
            "Great idea! The Transfăgărășan itself is about 90 km from Cârțișoara to Curtea de Argeș, with a long climb to Bâlea Lac at over 2,000 m. If you ride there from Cluj, the full trip is around 300–350 km each way depending on route. Most people do it in 4–6 days with rest stops.",
            "We have road bikes, mine is a Trek Domane, hers is older. Is 4 days ok?",
            "A Trek Domane is perfect for it — endurance geometry and wide gearing help on long climbs. Four days is possible if you take the train part of the way, for example Cluj to Sibiu by train, then ride. If you want to cycle all the way from Cluj, plan 5–6 days.",
            "I have asthma, is the altitude a problem?",
            "At around 2,000 m most people with well-controlled asthma are fine, but cold air and hard effort on the climb can trigger symptoms. Keep your reliever inhaler in an easy pocket, warm up gradually, and cover your mouth with a buff at the top where it's cold. It's worth checking with your doctor before the trip.",
            "ok we can sleep at my parents in Sibiu, sorry no, Brașov — Sibiu is where my grandmother lives 😄 both on the way anyway",
            "Perfect, free beds and home cooking! A stop in Sibiu before the climb and one in Brașov after coming down the other side would split the trip nicely.",
        ),
        _session(
            "2025-03-22T20:00:00",
            "Need help with CV. I work in IT support at Carpathia Soft since 5 years but I want DevOps roles. I did AWS Solutions Architect certification last month",
            "Good move. Lead with a profile like: “IT professional with 5 years at Carpathia Soft supporting production systems, AWS Certified Solutions Architect, moving into DevOps.” Then frame your support work in DevOps terms — automation scripts, monitoring, incident response, Linux administration — with concrete numbers where you can.",
            "add Terraform and Docker, I use them in home projects. languages: Romanian native, English C1, Hungarian B1",
            "Added a Projects section: “Home lab: Terraform-provisioned AWS environment running Dockerised services with CI/CD through GitHub Actions.” Languages: Romanian (native), English (C1), Hungarian (B1). Put a GitHub link next to the projects, recruiters like to see real code.",
            "I play futsal on Monday evenings with colleagues, should I put it in hobbies?",
            "You can, briefly — “Futsal (weekly, with colleagues)” shows teamwork and that you get along with people. Just keep the hobbies to one line.",
            "ok thanks",
            "Good luck with the applications!",
        ),
        _session(
            "2025-07-01T09:10:00",
            "Ioana and me got married in June!! 💍 now she needs to change her name on documents, what's the order in Romania?",
            "Casă de piatră! The usual order: first the marriage certificate (you already have it), then the identity card at the local population office within 15 days, then the passport, driving licence, bank accounts, and finally employer and health insurance. The new ID is the key one, the rest follow from it.",
            "And I got the DevOps job, at Bitwise Cloud in Bucharest, we move there in August. So many papers 😅",
            "Congratulations! Big month. For the move: register your new address once you have a rental contract, and update your ID with the new residence.",
            "I sold the Trek, bought a Canyon Grizl, gravel bike is better for Bucharest roads haha",
            "Ha, very practical — potholes and tram tracks are much friendlier on gravel tyres. The Grizl is a great bike for that.",
            "futsal is over for me, last game was last Monday, no team in Bucharest yet",
            "The end of an era! Companies in Bucharest often have their own futsal or football groups, so ask at Bitwise once you start.",
            "true",
            "Good luck with the move in August!",
        ),
        _session(
            "2025-09-14T18:20:00",
            "hello from Bucharest. we rent in Drumul Taberei now. can you help me write a message to the landlord about the AC not working?",
            "Sure:\n\n“Hello Mr. [Name], I wanted to let you know that the air conditioning in the apartment has stopped working. It turns on but doesn't cool. Could you please arrange for someone to check it this week? We're available most evenings. Thank you!”",
            "shorter pls, he is Italian and doesn't speak Romanian so English is good",
            "“Hello Mr. [Name], the AC in the apartment isn't cooling anymore. Could someone come to check it this week? Evenings are best for us. Thanks!”",
            "mulțumesc. Ioana already found a job, she's a pharmacist at Catena",
            "Great news for both of you — that was fast!",
            "and my asthma is worse here with the pollution, any tips?",
            "Check an air quality app and avoid outdoor rides on high-pollution days, especially near big roads. An air purifier with a HEPA filter in the bedroom helps a lot, and ride your gravel bike in Parcul Moghioroș or along quieter streets rather than main roads. If symptoms increase, see a doctor to review your medication.",
        ),
    ]
    probes = [
        _probe("which city does the user live in?", "city", "Bucharest", stale=["Cluj-Napoca"], kinds=["changed"], said=["We live in Cluj-Napoca", "hello from Bucharest"]),
        _probe("which neighbourhood does the user live in?", "neighbourhood", "Drumul Taberei", kinds=["in_passing"], said=["we rent in Drumul Taberei"]),
        _probe("where do the user's parents live?", "parents_city", "Brașov", stale=["Sibiu"], kinds=["slip_same_message", "non_ascii"], said=["sorry no, Brașov"]),
        _probe("who is the user's wife?", "wife", "Ioana", kinds=["restated", "in_passing"], said=["my girlfriend Ioana", "Ioana and me got married"]),
        _probe("which company does the user work for?", "employer", "Bitwise Cloud", stale=["Carpathia Soft"], kinds=["changed"], said=["IT support at Carpathia Soft", "at Bitwise Cloud in Bucharest"]),
        _probe("what bike does the user ride?", "bike", "Canyon Grizl", stale=["Trek Domane"], kinds=["changed"], said=["mine is a Trek Domane", "bought a Canyon Grizl"]),
        _probe("what health condition does the user have?", "health", "asthma", kinds=["plain", "restated"], said=["I have asthma", "my asthma is worse"]),
        _probe("does the user play futsal?", "futsal", None, gone=["futsal"], kinds=["ended"], said=["I play futsal on Monday", "futsal is over for me"]),
        _probe("what is the user's wife's job?", "wife_job", "pharmacist", kinds=["in_passing"], said=["she's a pharmacist at Catena"]),
    ]
    return sessions, probes


def _u12():
    # widowed Scottish grandmother: Inverness to Glasgow, gives up driving, hip replacement, knitting day changes
    sessions = [
        _session(
            "2025-02-02T14:00:00",
            "Hello dear. My grandson set this up for me. I'd like to write a birthday letter to my son Alasdair, he's turning 45. I'm in Inverness and he's in Calgary so I can't be there.",
            "Hello! What a lovely idea. Here's a start:\n\n“My dear Alasdair,\n\nHappy 45th birthday! It hardly seems possible that my wee boy is 45. I wish I could be there to celebrate with you, but I'll be thinking of you all day here in Inverness. I hope Calgary treats you to some sunshine.\n\nAll my love,\nMum”",
            "That's lovely. Can you add that Hamish the cat has been keeping me company and sends his love, ha ha.",
            "Of course: “Hamish the cat has been keeping me good company through the dark evenings, and he sends his love too — in his own grumpy way.”",
            "I also want to tell him I've decided to give up driving. My eyes aren't what they were. I'll sell the Micra to the neighbour's lad.",
            "That's a sensible and brave decision. You could write: “I've also decided to give up driving, as my eyes aren't what they used to be. The Micra is going to the lad next door, so it'll stay in the street at least! Don't worry about me, the buses are fine.”",
            "Yes put that in. Thank you dear, you're very clever.",
            "You're very welcome. I'm sure Alasdair will love getting a letter from his mum.",
        ),
        _session(
            "2025-03-19T10:30:00",
            "Good morning. I go to a knitting group at the church hall every Wednesday and we are making blankets for the hospice. Could you help me with a simple pattern for a baby blanket?",
            "What a kind project. A simple one: with 4.5 mm needles and DK yarn, cast on 120 stitches. Knit 8 rows for a garter border. Then: knit 6, purl to the last 6, knit 6 on wrong-side rows, and knit all stitches on right-side rows. Continue until about 75 cm, then knit 8 rows and cast off. It makes a neat blanket with a border that doesn't curl.",
            "What does 'k2tog' mean? I learned in the old way.",
            "It means “knit two together” — you put the needle through two stitches at once and knit them as one, which decreases by one stitch. You won't need it for the blanket above, but you'll see it a lot in modern patterns.",
            "Thank you. My hip is sore today, I'm waiting on a hip replacement at Raigmore. The list is long.",
            "I'm sorry, waiting in pain is hard. A cushion that keeps your knees slightly lower than your hips can help while knitting, and gentle movement every half hour. It's worth asking your GP to update Raigmore if the pain gets worse.",
            "My daughter Fiona keeps on at me to move down to Glasgow to be near her.",
            "That's a big decision. It might help to think about what you'd miss in Inverness and what would be easier near Fiona — especially after the hip operation. Maybe visit for a few weeks first and see how it feels.",
        ),
        _session(
            "2025-06-08T16:45:00",
            "Hello again. Well, a lot has happened. I had the new hip done in April and I'm walking much better, and I moved to Glasgow last month! A wee flat in Shawlands, ten minutes from Fiona.",
            "What wonderful news on both counts! Walking better and living close to Fiona — that's quite a spring. How are you finding Shawlands?",
            "I've found a knitting group here, Friday mornings at the Shawlands library. Could you help me write a wee note introducing myself for their newsletter?",
            "Of course:\n\n“Hello, I'm Morag, newly arrived from Inverness to be near my daughter. I've been knitting for sixty years, mostly blankets and jumpers for the grandchildren, and I'm delighted to have found such a welcoming group. If anyone needs help with cables, I'm your woman!”",
            "Hamish is settling in, he sits at the window watching the pigeons all day.",
            "He's found his new television! Cats often settle once they have a good window.",
            "The Micra is sold, so it's the bus for me now. Fiona got me my bus pass sorted.",
            "Glasgow's buses will take you most places, and with the bus pass it's free. It sounds like you're settling in beautifully.",
        ),
    ]
    probes = [
        _probe("which city does the user live in?", "city", "Glasgow", stale=["Inverness"], kinds=["changed"], said=["I'm in Inverness and he's in Calgary", "I moved to Glasgow last month"]),
        _probe("which area of the city does the user live in?", "neighbourhood", "Shawlands", kinds=["in_passing"], said=["A wee flat in Shawlands"]),
        _probe("where does the user's son live?", "son_city", "Calgary", apart="Inverness", kinds=["two_facts"], said=["I'm in Inverness and he's in Calgary"]),
        _probe("what is the user's cat called?", "cat", "Hamish", kinds=["in_passing", "restated"], said=["Hamish the cat", "Hamish is settling in"]),
        _probe("what car does the user drive?", "car", None, gone=["Micra"], kinds=["ended"], said=["sell the Micra", "The Micra is sold"]),
        _probe("which day does the user go to her knitting group?", "knitting_day", "Friday", stale=["Wednesday"], weekly=True, kinds=["changed"], said=["church hall every Wednesday", "Friday mornings at the Shawlands library"]),
        _probe("what is the name of the user's daughter?", "daughter", "Fiona", kinds=["in_passing", "restated"], said=["My daughter Fiona", "ten minutes from Fiona"]),
        _probe("what operation did the user have?", "surgery", "hip replacement", kinds=["restated"], said=["waiting on a hip replacement", "I had the new hip done"]),
    ]
    return sessions, probes


def _u13():
    # Brazilian ICU nurse: São Paulo to Dublin, IELTS, breakup, dog stays behind, volleyball
    sessions = [
        _session(
            "2025-01-09T22:20:00",
            "oi! I am nurse in São Paulo, 5 years in ICU, and I want to work in Ireland. can you help me understand the NMBI registration? 🙏",
            "Of course! Roughly: 1) create an account on the NMBI portal and apply as an overseas nurse, 2) send your qualification documents, transcripts and a letter of good standing from COREN, 3) prove your English (IELTS Academic or OET), 4) NMBI assesses your training and may ask for an adaptation period or aptitude test. It usually takes several months, so start the documents early.",
            "my english is B2, i need IELTS 7 in each part? omg",
            "NMBI asks for an overall 7.0, with at least 7.0 in reading, listening and speaking and 6.5 in writing (check the current rules on their site, they sometimes change). From B2 it's very doable with a few months of focused practice, especially writing task 2.",
            "ok i will study every day. my boyfriend Lucas helps me, he lived in London 2 years",
            "That's a big advantage — practise speaking only in English with him a few evenings a week. For writing, do one task 2 essay every two days and have it checked.",
            "last thing: vegan food in Dublin is easy? i am vegan since 2019",
            "Yes, Dublin is pretty vegan-friendly — most supermarkets have good plant-based ranges and there are many vegan cafés and restaurants. Hospital canteens are more hit and miss, so meal prep will be your friend on long shifts.",
        ),
        _session(
            "2025-03-30T13:10:00",
            "IELTS result: 7.5 overall, 7 in writing!!! 🎉🎉",
            "Parabéns! That's an excellent result — you've cleared the bar with room to spare.",
            "now cover letter for St. James's Hospital please, ICU staff nurse, 5 years at Hospital das Clínicas",
            "Here's a draft:\n\nDear Hiring Manager,\n\nI am writing to apply for the ICU Staff Nurse position at St. James's Hospital. I have five years of critical care experience at Hospital das Clínicas in São Paulo, one of the largest hospitals in Latin America, caring for ventilated, post-surgical and multi-trauma patients.\n\nI have completed my NMBI application and achieved IELTS 7.5. I'm excited to bring my experience and calm under pressure to your team.\n\nKind regards,\n[Name]",
            "add that i speak portuguese and spanish too",
            "Added: “I also speak Portuguese (native) and Spanish, which I hope can help with patients and families from those communities.”",
            "my dog Paçoca will come with us, how does pet travel from brazil to ireland work?",
            "Ireland treats Brazil as an unlisted country for pets, so you'll need a microchip, rabies vaccination, a rabies antibody blood test at an approved lab, then a three-month wait after the blood sample before travel, plus an EU health certificate. Dogs must arrive via approved routes, usually as cargo into Dublin Airport. Start soon because of the waiting period.",
            "Lucas is more worried about the dog than the visa lol",
            "Honestly fair — the pet process has more waiting than the paperwork for you!",
        ),
        _session(
            "2025-08-21T19:40:00",
            "Hi from Dublin ☔ i arrived 2 weeks ago! living in Rathmines, small room but cute",
            "Welcome to Dublin! Rathmines is a great area — lots of shops and cafés, and an easy trip into the city centre. Invest in a good rain jacket!",
            "i started at St James's in the ICU, its intense. can you help me write a message to my mum? she lives in Recife, sorry, in Olinda, she moved there last year. in english so she practices haha",
            "How sweet! Here's a message:\n\n“Hi Mum! I'm finally in Dublin. It rains a lot but people are very friendly. I started at the hospital in the ICU — it's busy but I'm learning so much. I miss you and your food! Say hello to everyone in Olinda. Love you!”",
            "Lucas didn't come in the end, we broke up in June 💔 Paçoca stayed with him in São Paulo, it was better for her",
            "I'm so sorry, that's a lot of change at once. It sounds like you made a caring decision for Paçoca. Be gentle with yourself while you settle in.",
            "i joined a volleyball team to meet people, training is on tuesdays",
            "That's a great way to make friends in a new city. A weekly training gives you something to look forward to between shifts.",
            "yes the team is very nice, 2 brazilians too 😄",
            "Perfect — a bit of home in Dublin!",
        ),
    ]
    probes = [
        _probe("which city does the user live in?", "city", "Dublin", stale=["São Paulo"], kinds=["changed", "non_ascii"], said=["I am nurse in São Paulo", "Hi from Dublin"]),
        _probe("which area does the user live in?", "neighbourhood", "Rathmines", kinds=["in_passing"], said=["living in Rathmines"]),
        _probe("who is the user's partner?", "partner", None, gone=["Lucas"], kinds=["ended"], said=["my boyfriend Lucas", "Lucas didn't come in the end"]),
        _probe("what is the user's dog called?", "dog", None, gone=["Paçoca"], kinds=["ended", "non_ascii"], said=["my dog Paçoca", "Paçoca stayed with him"]),
        _probe("what diet does the user follow?", "diet", "vegan", kinds=["plain"], said=["i am vegan since 2019"]),
        _probe("which hospital does the user work at?", "employer", "St James's", kinds=["restated"], said=["cover letter for St. James's Hospital", "i started at St James's"]),
        _probe("where does the user's mother live?", "mother_city", "Olinda", stale=["Recife"], kinds=["slip_same_message"], said=["she lives in Recife, sorry, in Olinda"]),
        _probe("which day does the user have volleyball training?", "volleyball_day", "Tuesday", weekly=True, kinds=["plain"], said=["training is on tuesdays"]),
    ]
    return sessions, probes


def _u14():
    # Hamburg engineer: kids' ages, school name slip, home-office day moves, leaves Airbus
    sessions = [
        _session(
            "2025-02-14T17:00:00",
            "Need to plan a Valentine's dinner at home tonight. My wife Katrin is vegetarian and I'm a terrible cook. Kids (Lena, 5, and Paul, 2) should be asleep by 8.",
            "Doable! A low-risk menu: burrata with tomatoes and good bread to start, mushroom risotto as the main (impressive but forgiving), and chocolate mousse from a good bakery for dessert. Light some candles, put on music, and you're done.",
            "Risotto sounds doable. How long does it take?",
            "About 35–40 minutes of actual cooking, most of it stirring. Chop the onion and mushrooms and warm the stock before the kids go to bed, then start the rice at 8:15 and you'll eat by 9. Finish with butter and parmesan — check the parmesan is vegetarian, traditional Parmigiano uses animal rennet.",
            "Ok. Good thing I work from home on Thursdays at Airbus, I bought everything yesterday.",
            "Perfect planning. Then tonight is just cooking — and stirring risotto with a glass of wine in hand is not a bad way to spend half an hour.",
            "Wine? Katrin likes Riesling.",
            "A dry Riesling from the Mosel or Rheingau goes really well with mushroom risotto — the acidity cuts through the creaminess. Look for “trocken” on the label.",
        ),
        _session(
            "2025-04-11T07:30:00",
            "I'm allergic to birch pollen and this week is killing me. Anything besides antihistamines? I cycle to work at Finkenwerder every day.",
            "Birch season is brutal. Beyond antihistamines: a steroid nasal spray used daily during the season works well, wraparound sunglasses and a buff on the bike help a lot, shower and change when you arrive, and keep bedroom windows closed during the day. If it's bad every year, ask your doctor about immunotherapy.",
            "We live in Eimsbüttel, it's about 40 min by bike + ferry.",
            "Then the ferry part is a small break at least. On high-pollen days you could take the ferry from Landungsbrücken for longer and ride less — pollen counts are usually lower over the water.",
            "Also my home office day moved to Monday, new team meeting on Thursdays that I have to attend in person.",
            "Makes sense. A Monday at home is nice for planning the week, and you can choose the lower-pollen days to cycle.",
            "Good idea, thanks.",
            "Hope the pollen eases off soon!",
        ),
        _session(
            "2025-07-28T21:15:00",
            "Lena turned 6 last week and starts at the Grundschule Lutterothstraße, sorry, no, Grundschule Tornquiststraße, in two weeks. Can you help me write a short speech for her Einschulung party?",
            "Happy birthday to Lena! Here's a short speech:\n\n“Dear Lena, today you're starting a big adventure. You'll learn to read the books we read to you, write your own stories and make new friends. We're so proud of how curious and brave you are. And don't worry — Paul will keep your room warm while you're at school. Viel Erfolg, little one!”",
            "Good. Add Oma Gisela who is coming from Kiel for it",
            "Added: “And a special welcome to Oma Gisela, who came all the way from Kiel to celebrate with you.”",
            "I also changed jobs, left Airbus in June, now at Velaro, a drone startup, as lead systems engineer.",
            "Congratulations! A startup will feel very different from Airbus — probably faster and less process-heavy. Good luck in the new role.",
            "Still Eimsbüttel, but now I cycle 15 minutes instead of 40 😄",
            "That's a huge win — and less time in the pollen next spring!",
        ),
    ]
    probes = [
        _probe("what is the name of the user's wife?", "wife", "Katrin", kinds=["plain"], said=["My wife Katrin is vegetarian"]),
        _probe("what diet does the user's wife follow?", "wife_diet", "vegetarian", kinds=["plain"], said=["My wife Katrin is vegetarian"]),
        _probe("how old is the user's daughter Lena?", "lena_age", "6", stale=["5"], apart="2", kinds=["changed", "two_facts"], said=["Kids (Lena, 5, and Paul, 2)", "Lena turned 6"]),
        _probe("how old is the user's son Paul?", "paul_age", "2", apart="5", kinds=["two_facts"], said=["Kids (Lena, 5, and Paul, 2)"]),
        _probe("which school will the user's daughter attend?", "daughter_school", "Grundschule Tornquiststraße", stale=["Grundschule Lutterothstraße"], kinds=["slip_same_message", "non_ascii"], said=["sorry, no, Grundschule Tornquiststraße"]),
        _probe("which day does the user work from home?", "home_office_day", "Monday", stale=["Thursday"], weekly=True, kinds=["changed"], said=["work from home on Thursdays", "home office day moved to Monday"]),
        _probe("where does the user work?", "employer", "Velaro", stale=["Airbus"], kinds=["changed"], said=["work from home on Thursdays at Airbus", "now at Velaro, a drone startup"]),
        _probe("what is the user allergic to?", "allergy", "birch pollen", kinds=["plain"], said=["I'm allergic to birch pollen"]),
        _probe("which neighbourhood of Hamburg does the user live in?", "neighbourhood", "Eimsbüttel", kinds=["non_ascii", "restated"], said=["We live in Eimsbüttel", "Still Eimsbüttel"]),
    ]
    return sessions, probes


def _u15():
    # Birmingham chemistry teacher and single mum: promotion, new partner, Zumba day moves
    sessions = [
        _session(
            "2025-01-07T21:00:00",
            "Hiya, can you help me make a revision timetable for my son? He's got mocks in February and GCSEs in May.",
            "Happy to! What's his name, which subjects is he taking, and roughly how many hours a day can he realistically do?",
            "Kwame. Maths, English lit and lang, combined science, history, RE, French and computer science. Maybe 2 hours on school nights",
            "Here's a weekly plan for Kwame, 2 × 50-minute blocks on school nights:\nMon: Maths / English lit\nTue: Science / French\nWed: History / Computer science\nThu: Maths / English lang\nFri: RE / free choice\nSat: one past paper (rotate subjects), then rest\nSun: Science / Maths catch-up\nPut the weakest subjects in the first block of the evening, when he's freshest.",
            "He won't stick to it lol but thanks. I'm a chemistry teacher myself so I'll do the science with him",
            "That's a real advantage. Maybe keep your science sessions short and focused on past-paper questions, so it feels like help rather than a second school day.",
            "At my school (Holte School) we tell kids 25 minute chunks so that matches",
            "Then split each 50-minute block into two 25-minute chunks with a five-minute break — the Pomodoro approach. It'll feel familiar to him.",
        ),
        _session(
            "2025-03-12T19:20:00",
            "I need to write a personal statement for an internal promotion, head of science. Been teaching 14 years, 6 of them at Holte.",
            "Here's a draft opening:\n\n“I have taught science for fourteen years, six of them at Holte School, where I have led the KS4 chemistry curriculum, raised GCSE outcomes and mentored early-career teachers. I want to lead a science department where every student, whatever their starting point, sees themselves as a scientist.”\n\nThen add a paragraph each on results, leadership and your vision.",
            "Can you tone it down, it sounds a bit arrogant",
            "Softer version: “Over fourteen years of teaching science, including six at Holte School, I've been lucky to work with brilliant colleagues and students. Together we've improved chemistry results and built a supportive culture for new teachers. I'd love the chance to build on that as Head of Science.”",
            "Ha. My GP says my blood pressure is too high so I'm supposed to reduce stress, and here I am applying for promotions",
            "Ha, the irony! It might be worth thinking now about how you'd protect some time for yourself in the new role — delegating, fixed hours for emails. Your GP's advice still counts.",
            "I do Zumba on Mondays at the leisure centre, that helps a lot",
            "That's great — regular exercise really does help with blood pressure and stress. Keep that Monday slot sacred.",
            "Perfect, submitting tomorrow",
            "Good luck — I hope you get it!",
        ),
        _session(
            "2025-05-29T22:40:00",
            "I got head of science!! 🎉 Starts in September.",
            "Congratulations! That's fantastic — well deserved after fourteen years.",
            "Also... I've been seeing someone. Femi. We met at church. Help me plan a dinner at mine where Kwame meets him properly 😬",
            "How exciting! Keep it relaxed: a Saturday or Sunday early evening, food Kwame likes, and maybe something to do besides sitting face to face — a board game or a football match on TV gives them something to talk about. Brief Kwame beforehand and let him ask questions.",
            "Femi doesn't eat pork, so I'll do jollof and grilled chicken",
            "Perfect — jollof and grilled chicken is a crowd-pleaser and nobody's nervous around good jollof. Add a simple salad and plantain and you're sorted.",
            "My mum in Kumasi already wants to know when the wedding is 😂",
            "Ha, mums are the same everywhere! One dinner at a time.",
        ),
        _session(
            "2025-10-03T20:30:00",
            "A month in as head of science and I'm drowning in emails lol. Can you write me a template reply for parents about missing homework?",
            "Here's a template:\n\n“Dear [Parent],\n\nThank you for your message. I've checked with [teacher], and [student] has [number] homework tasks outstanding in science. We'd like to support [him/her] to catch up — the tasks are on [platform], and homework club runs on Wednesdays after school. Please let me know if there's anything making homework difficult at the moment.\n\nKind regards,\n[Name]\nHead of Science”",
            "Good. Zumba's moved to Tuesdays now with the new instructor, so Monday is my admin night",
            "Sounds like a good rhythm — admin Monday, Zumba Tuesday to shake it off.",
            "Kwame passed everything and started sixth form, chemistry A level like his mum 😊",
            "That's brilliant! Congratulations to Kwame — you must be so proud.",
            "Femi and I are taking Kwame to Ghana at Christmas to meet my mum",
            "What a special trip! That'll be a Christmas to remember for all three of you.",
        ),
    ]
    probes = [
        _probe("what is the name of the user's son?", "son", "Kwame", kinds=["answer"], said=["Kwame. Maths, English lit"]),
        _probe("what is the user's job title?", "job_title", "head of science", stale=["chemistry teacher"], kinds=["changed"], said=["I'm a chemistry teacher myself", "A month in as head of science"]),
        _probe("which school does the user work at?", "employer", "Holte School", kinds=["in_passing", "restated"], said=["(Holte School)", "6 of them at Holte"]),
        _probe("what health issue has the user's GP mentioned?", "health", "blood pressure", kinds=["in_passing"], said=["my blood pressure is too high"]),
        _probe("which day does the user do Zumba?", "zumba_day", "Tuesday", stale=["Monday"], weekly=True, kinds=["changed"], said=["I do Zumba on Mondays", "Zumba's moved to Tuesdays"]),
        _probe("who is the user's partner?", "partner", "Femi", kinds=["plain", "restated"], said=["I've been seeing someone. Femi", "Femi and I are taking Kwame"]),
        _probe("where does the user's mother live?", "mother_city", "Kumasi", kinds=["in_passing"], said=["My mum in Kumasi"]),
    ]
    return sessions, probes


def _u16():
    # Finnish game programmer, terse: breakup, moves to Espoo, one cat dies, hockey day moves, quits Japanese
    sessions = [
        _session(
            "2025-01-22T00:40:00",
            "can't sleep. give me a 3 day itinerary for tokyo in april, going with my girlfriend aino",
            "Tokyo in April is cherry blossom season, nice timing. Day 1: Asakusa and Senso-ji in the morning, Ueno Park for blossoms, evening in Akihabara. Day 2: Meiji Shrine and Harajuku, Shibuya crossing, dinner in Shinjuku's Omoide Yokocho. Day 3: Tsukiji outer market breakfast, teamLab, then Odaiba or Nakameguro along the river at night.",
            "less temples more food and arcades",
            "Revised: Day 1: Tsukiji outer market, Akihabara arcades (Sega and Taito stations), ramen in the evening. Day 2: depachika food halls in Shinjuku, Golden Gai, late-night Don Quijote. Day 3: Nakano Broadway for retro games, okonomiyaki, then izakaya hopping in Ebisu.",
            "yeah. she speaks some japanese, i'm doing duolingo japanese. 40 day streak",
            "Nice streak! Learn a few survival phrases before you go — sumimasen, kore kudasai, arigatou gozaimasu, and how to read the menu words for ramen types. It makes a surprising difference.",
            "also need a catsitter while we're away. tips for finding one in kallio?",
            "Ask neighbours or friends first — someone in your building is easiest. Otherwise, local Facebook groups, pet sitting apps, or a vet clinic notice board work well. How many cats do you have, and what are their names? It's useful for the ad.",
            "two. sisu and pulla",
            "Cute names. Your ad could say: “Looking for a reliable catsitter in Kallio for Sisu and Pulla, two friendly cats, [dates]. Daily visit for food, water, litter and some company. Paid.”",
        ),
        _session(
            "2025-04-20T11:00:00",
            "back from tokyo. aino and i broke up on the last day. don't ask",
            "I won't. Sorry, that's rough — especially at the end of a trip. Take it easy this week.",
            "need to write a message to my landlord, moving out of the kallio flat end of may, can't afford it alone",
            "Here's a simple notice:\n\n“Hi [Name], I'm writing to give notice that I'll be moving out of the flat at [address] at the end of May. Please let me know the process for the final inspection and the deposit. Thanks, [Name]”\n\nCheck your contract's notice period — in Finland it's usually one month for tenants.",
            "found a place in espoo, leppävaara. closer to work anyway since kettu games moved the office to otaniemi",
            "Leppävaara is handy — the train gets you to Helsinki in about 12 minutes and Otaniemi is a short bus or bike ride. A good reset.",
            "hockey is still wednesdays at least. only normal thing left",
            "Good to have one fixed point in the week. Going out and hitting pucks is decent therapy.",
        ),
        _session(
            "2025-06-15T16:30:00",
            "settled in leppävaara. pulla has been sick, vet thinks kidneys. she's 15",
            "Sorry to hear that. At 15, kidney disease is common in cats. A kidney diet, plenty of water (a fountain helps), and regular checkups can give her good time. Ask the vet about subcutaneous fluids if needed.",
            "ok. also trying to eat vegetarian now. give me 5 easy dinners, i can't cook",
            "Five easy ones:\n1. Pasta with pesto, cherry tomatoes and chickpeas\n2. Halloumi wraps with salad and hummus\n3. Frozen dumplings with stir-fried vegetables\n4. Lentil soup from a jar of tomato sauce, red lentils and spices\n5. Mushroom and spinach omelette",
            "no mushrooms. hate them",
            "Swap 5 for a cheese and spinach omelette, or a quesadilla with black beans and peppers. No mushrooms anywhere.",
            "thanks. also quit duolingo. tokyo kind of ruined japanese for me lol",
            "Understandable. You can always come back to it later if you want to — or not.",
        ),
        _session(
            "2025-08-30T21:00:00",
            "pulla died last week. sisu keeps looking for her",
            "I'm really sorry. Fifteen years is a long time together. Cats do grieve — keep Sisu's routine steady and give her extra attention.",
            "should i get another cat so sisu isn't alone",
            "Maybe, but give it a few weeks. Some cats are happier alone, others do better with company. If Sisu stays clingy or stops eating, a calm adult cat from a shelter could be a good match.",
            "ok. work thing: got promoted to lead programmer at kettu. write a short linkedin post that isn't cringe",
            "Here's a low-cringe version:\n\n“Some news: I'm now Lead Programmer at Kettu Games. Thanks to the team for putting up with my code reviews. Back to work.”",
            "hockey moved to thursdays this season btw, rink schedule changed",
            "Thursday hockey then. At least it's still a fixed night in the week.",
        ),
    ]
    probes = [
        _probe("who is the user's girlfriend?", "partner", None, gone=["Aino"], kinds=["ended", "informal"], said=["my girlfriend aino", "aino and i broke up"]),
        _probe("where does the user live?", "home", "Leppävaara", stale=["Kallio"], kinds=["changed", "non_ascii", "informal"], said=["finding one in kallio", "found a place in espoo, leppävaara"]),
        _probe("what are the user's cats called?", "cats", "Sisu", gone=["Pulla"], kinds=["answer", "ended"], said=["two. sisu and pulla", "pulla died last week"]),
        _probe("which company does the user work for?", "employer", "Kettu Games", kinds=["in_passing", "restated"], said=["kettu games moved the office", "lead programmer at kettu"]),
        _probe("what is the user's job title?", "job_title", "lead programmer", kinds=["plain"], said=["promoted to lead programmer"]),
        _probe("which day does the user play hockey?", "hockey_day", "Thursday", stale=["Wednesday"], weekly=True, kinds=["changed", "informal"], said=["hockey is still wednesdays", "hockey moved to thursdays"]),
        _probe("what diet is the user trying?", "diet", "vegetarian", kinds=["plain"], said=["trying to eat vegetarian now"]),
        _probe("which language is the user learning?", "language", None, gone=["japanese"], kinds=["ended", "informal"], said=["i'm doing duolingo japanese", "also quit duolingo"]),
        _probe("what food does the user hate?", "dislike", "mushrooms", kinds=["informal"], said=["no mushrooms. hate them"]),
    ]
    return sessions, probes


def _u17():
    # Catalan PhD student in Barcelona: fieldwork town typo, climbing day moves, siblings abroad
    sessions = [
        _session(
            "2025-02-24T10:15:00",
            "Hola! I have to present my PhD progress at a conference in Lisbon in May, can you help me make the abstract shorter? It's about posidonia meadows on the Costa Brava, I'm at the ICM in Barcelona",
            "Sure! Paste the abstract and tell me the word limit. Meanwhile, the usual trick is one sentence each for context, gap, method, main result and implication — and cut anything that describes the study area in too much detail.",
            "limit is 250 and mine is 280 😩 the main parts are the study sites, the drone mapping method, and the loss we found, about 12% since 2010",
            "Then trim like this: describe the study sites in one sentence (“six meadows along the Costa Brava”), merge the method into one sentence with the key technical detail only, and lead with the 12% loss as your headline result. End with one line on what it means for management. That alone usually saves 30–40 words.",
            "perfect!! my girlfriend Marta says it's the first time she understands my research 😂",
            "That's the best test there is — if Marta gets it, the conference audience will too!",
            "we live in Gràcia and every café here is full of people with laptops, I'll go write there",
            "Sounds like the perfect writing environment. Good luck with the abstract — 250 words will feel roomy once the structure is tight.",
        ),
        _session(
            "2025-04-03T18:50:00",
            "I need a training plan for climbing. I go to the gym every Thursday but I want to climb 6b outside by summer",
            "Doable! With 2–3 sessions a week: one session of volume on routes a grade below your limit, one of bouldering or hard moves for strength, and, if possible, a weekend outdoors to get used to real rock. Add 15 minutes of core and antagonist exercises at the end, and prioritise footwork over pulling harder.",
            "i can only do 2 sessions a week because of fieldwork in Tortosa",
            "Two is fine: Thursday for hard bouldering, and one weekend session on routes. Use fieldwork days as rest — they'll probably be tiring anyway.",
            "typo sorry, fieldwork is in Tarragona, not Tortosa 🙈",
            "No problem! Tarragona is close to Siurana and Montsant too, so you might even sneak in an outdoor session after fieldwork.",
            "my brother Pau lives in Berlin and my sister Laia in Madrid, both come home for Easter so I'll take them to Siurana",
            "A family climbing day sounds great. Siurana has lots of easy and moderate routes in the first sectors, so it works for mixed levels — bring plenty of water and start early.",
        ),
        _session(
            "2025-06-26T21:30:00",
            "the conference in Lisbon was amazing!! now I need a thank-you email to my supervisor Dr. Sala, she paid for the trip from the project",
            "Here's a draft:\n\n“Dear Dr. Sala,\n\nThank you so much for supporting my trip to the conference in Lisbon. Presenting the posidonia results was a great experience, and the feedback has given me several ideas for the next chapter. I really appreciate your trust and the funding from the project.\n\nBest regards,\nNúria”",
            "btw climbing moved to tuesdays, the thursday group got too crowded",
            "Tuesday it is! Less crowded walls are better for projecting anyway.",
            "Marta's parents come for dinner this weekend, they're from Vic and love meat but I'm vegetarian 😅 ideas?",
            "Go for dishes that don't feel like anything is missing: an escalivada with romesco and good bread, a rich mushroom and chickpea stew, and a crema catalana for dessert. Or make a shared vegetarian table and let Marta grill some botifarra on the side for them.",
            "she also says hi lol",
            "Hi Marta! Good luck with the dinner.",
        ),
    ]
    probes = [
        _probe("which neighbourhood does the user live in?", "neighbourhood", "Gràcia", kinds=["in_passing", "non_ascii"], said=["we live in Gràcia"]),
        _probe("which institute does the user work at?", "workplace", "ICM", kinds=["in_passing"], said=["I'm at the ICM in Barcelona"]),
        _probe("who is the user's partner?", "partner", "Marta", kinds=["in_passing", "restated"], said=["my girlfriend Marta", "Marta's parents come"]),
        _probe("which day does the user go climbing?", "climbing_day", "Tuesday", stale=["Thursday"], weekly=True, kinds=["changed"], said=["the gym every Thursday", "climbing moved to tuesdays"]),
        _probe("where does the user do fieldwork?", "fieldwork", "Tarragona", stale=["Tortosa"], kinds=["slip_next_message"], said=["fieldwork in Tortosa", "fieldwork is in Tarragona"]),
        _probe("where does the user's brother live?", "brother_city", "Berlin", apart="Madrid", kinds=["two_facts"], said=["my brother Pau lives in Berlin"]),
        _probe("where does the user's sister live?", "sister_city", "Madrid", apart="Berlin", kinds=["two_facts"], said=["my brother Pau lives in Berlin"]),
        _probe("what diet does the user follow?", "diet", "vegetarian", kinds=["in_passing"], said=["but I'm vegetarian"]),
        _probe("what is the user's research about?", "research", "posidonia", kinds=["plain"], said=["about posidonia meadows"]),
    ]
    return sessions, probes


def _u18():
    # Atlanta trucker: becomes dispatcher, gout, bowling night moves, trades pickup
    sessions = [
        _session(
            "2025-01-11T05:30:00",
            "hey i need help writing a email to my dispatcher. i been a truck driver for Crescent Freight 11 years and they keep giving me the long hauls to Texas and i got a family",
            "Here's a draft:\n\n“Hi [Name], I wanted to talk about my route assignments. I've been with Crescent Freight for 11 years and I'm glad to do my part, but the recent run of long hauls to Texas is making it hard to be home for my family. Would it be possible to get more regional runs, or alternate long hauls with shorter routes? Thanks for considering it. [Name]”",
            "yeah but dont make it sound like im quitting",
            "Sure, more upbeat: “Hi [Name], hope you're good. I've really enjoyed my 11 years with Crescent and plan to be here a lot longer. I wanted to ask if we could mix in more regional routes with the Texas runs — it'd help a lot at home. Happy to talk about what works for the schedule. Thanks!”",
            "good. my son DeShawn turns 16 next month and wants to learn to drive in my F-150 lol no way",
            "Ha, a full-size pickup is a lot of truck for a first-timer — big blind spots and hard to park. A smaller sedan is much easier to learn on.",
            "what car should a 16 year old learn on",
            "Something small, automatic and predictable: a Corolla, Civic, Camry or similar sedan. Good visibility, easy parking and not too much power. Start in empty parking lots on Sunday mornings, then quiet neighborhood streets.",
        ),
        _session(
            "2025-03-05T21:10:00",
            "my daughter Kiara got into Spelman!!! help me write a facebook post im so proud",
            "Congratulations! Here's a post:\n\n“Proud dad moment 🎓💙 My baby girl Kiara got accepted to Spelman College! All those late nights studying paid off. Baby girl, I'm so proud of you. Atlanta's next big thing right here!”",
            "add she wants to be a doctor like her grandma",
            "Added: “She's heading for pre-med and wants to be a doctor, just like her grandma. Dr. Kiara — I like the sound of that!”",
            "also my doctor says my gout is from too much red meat and beer. what do i eat now",
            "For gout: cut back on red meat, organ meats, shellfish and beer, and avoid sugary sodas. Good choices: chicken in moderate portions, eggs, low-fat dairy, beans, vegetables, whole grains, cherries and lots of water. Drinking plenty of water every day really helps flush uric acid.",
            "i bowl friday nights with the league, what can i order at the alley",
            "Bowling alley menus are tough, but try grilled chicken sandwiches, a salad with grilled chicken, or a veggie wrap. Swap fries for a side salad when you can, and switch to water or diet soda instead of beer most weeks.",
            "Denise says no more wings lol",
            "Denise might be onto something — wings plus beer is a classic gout trigger! Grilled chicken is the safe play.",
        ),
        _session(
            "2025-05-14T19:00:00",
            "big change, i got off the road. crescent made me a dispatcher, day shift monday to friday, home every night",
            "Congratulations! That's a big change — home every night is huge for your family. Your years of driving will make you a better dispatcher too; you know what the drivers are dealing with.",
            "now i need help with excel lol they use spreadsheets for everything",
            "Happy to help. Start with the basics dispatchers use most: filtering and sorting, freezing the top row, simple formulas like SUM and COUNTIF, and VLOOKUP or XLOOKUP to match loads to drivers. What do you need to do first?",
            "ok vlookup. explain like im 5",
            "Imagine you have a list of truck numbers with driver names next to them. VLOOKUP says: “Find this truck number in the first column, then tell me what's in the column next to it.” Example: =VLOOKUP(A2, Drivers!A:B, 2, FALSE) means look for the truck number in A2, search the Drivers sheet, give back column 2 (the driver's name), and only exact matches.",
            "bowling moved to thursday nights since the league merged with another one",
            "Thursday bowling, got it. With the new day shift, that works out nicely.",
            "and we traded the F-150 for a Silverado. DeShawn learning on my wife's Camry instead",
            "Nice upgrade — and the Camry is a great car for DeShawn to learn on. Good call.",
        ),
    ]
    probes = [
        _probe("which company does the user work for?", "employer", "Crescent Freight", kinds=["restated", "informal"], said=["truck driver for Crescent Freight", "crescent made me a dispatcher"]),
        _probe("what is the user's job?", "job_title", "dispatcher", stale=["truck driver"], kinds=["changed", "informal"], said=["truck driver for Crescent Freight", "crescent made me a dispatcher"]),
        _probe("what is the name of the user's son?", "son", "DeShawn", kinds=["in_passing"], said=["my son DeShawn"]),
        _probe("which college did the user's daughter get into?", "daughter_college", "Spelman", kinds=["plain"], said=["Kiara got into Spelman"]),
        _probe("what health condition does the user have?", "health", "gout", kinds=["in_passing"], said=["my gout is from"]),
        _probe("which night does the user go bowling?", "bowling_day", "Thursday", stale=["Friday"], weekly=True, kinds=["changed", "informal"], said=["i bowl friday nights", "bowling moved to thursday nights"]),
        _probe("what truck does the user drive?", "vehicle", "Silverado", stale=["F-150"], kinds=["changed"], said=["learn to drive in my F-150", "traded the F-150 for a Silverado"]),
        _probe("what is the name of the user's wife?", "wife", "Denise", kinds=["in_passing"], said=["Denise says no more wings"]),
    ]
    return sessions, probes


def _u19():
    # Vietnamese student in Melbourne: moves suburb, changes job and course, temple class moves day
    sessions = [
        _session(
            "2025-03-01T15:00:00",
            "hi can u help me paraphrase this paragraph for my assignment, its for my accounting subject at RMIT: 'Accrual accounting recognises revenue when it is earned rather than when cash is received, giving a more accurate picture of performance.'",
            "Sure! Here's a paraphrase:\n\n“Under accrual accounting, income is recorded at the point it is earned, not when the payment actually arrives, which gives a truer view of how a business is performing.”\n\nRemember to still cite the original source, even when you paraphrase.",
            "thank u!! is it plagiarism if i use grammarly",
            "Using Grammarly to fix spelling and grammar is generally fine. It becomes a problem if a tool rewrites whole sentences or ideas for you. Check RMIT's academic integrity rules for your subject — some lecturers specify what's allowed.",
            "ok. i work at a bubble tea shop after uni, Gong Cha in Footscray, so i dont have much time 😭",
            "That's a lot to juggle. Try short focused blocks — even 45 minutes before a shift adds up — and start assignments the week they're released so deadlines don't pile up.",
            "i live in Footscray too, with 3 other vietnamese girls lol, so its close at least",
            "That helps! No commute between home and work means more time for study — and you've got built-in study buddies.",
        ),
        _session(
            "2025-04-16T22:30:00",
            "help me write a speech for my grandma's 80th birthday, she lives in Huế. i will read it on video call in vietnamese but i want to write in english first",
            "What a lovely idea. Here's a draft:\n\n“Dear Grandma, happy 80th birthday! Even though I'm far away in Melbourne, I think of you every day. Thank you for your patience, your cooking and your stories. Everything good in me, I learned from you. I wish you health, happiness and many more birthdays. I love you so much.”",
            "she raised me when my parents were working in Saigon",
            "Then you could add: “When Mum and Dad were working in Saigon, you raised me as your own. You taught me how to cook, how to be kind, and how to be strong. I owe you more than I can say.”",
            "my eczema is so bad from stress, any tips",
            "Sorry, stress flares are the worst. Use a thick fragrance-free moisturiser right after showering, keep showers short and lukewarm, wear soft cotton, and try not to scratch — cold compresses help with itching. If it's not improving, a GP or pharmacist can suggest a steroid cream.",
            "i teach vietnamese to little kids at the temple on weekends, so cute but tiring",
            "That's a lovely thing to do. Which day do you teach? It might help to plan study around it.",
            "saturday mornings, 9 to 11",
            "Then Saturday afternoons could be a rest block, and Sunday a focused study day. Protecting some rest time will help your skin too.",
        ),
        _session(
            "2025-08-05T13:45:00",
            "i moved to Carlton!! closer to uni, and i quit gong cha, now i work at the uni library",
            "Congrats on the move! The library job sounds much calmer — and you might even get some reading done on quiet shifts.",
            "also i switched from accounting to nursing this semester, my parents were shocked haha",
            "That's brave! Nursing is a very practical, in-demand career. Your parents will come around when they see you're happy. How are the first weeks going?",
            "the temple class is sunday mornings now, the monk changed it",
            "Sunday mornings then — so Saturdays are free for study or rest.",
            "and eczema is better since i quit bubble tea job lol",
            "Less stress and no more handling ice and sugar all day — that makes sense! Glad it's calmer.",
        ),
    ]
    probes = [
        _probe("which suburb does the user live in?", "suburb", "Carlton", stale=["Footscray"], kinds=["changed"], said=["i live in Footscray too", "i moved to Carlton"]),
        _probe("where does the user work part-time?", "job", "uni library", stale=["Gong Cha"], kinds=["changed", "informal"], said=["Gong Cha in Footscray", "now i work at the uni library"]),
        _probe("what does the user study?", "course", "nursing", stale=["accounting"], kinds=["changed"], said=["my accounting subject at RMIT", "i switched from accounting to nursing"]),
        _probe("which university does the user attend?", "university", "RMIT", kinds=["in_passing"], said=["my accounting subject at RMIT"]),
        _probe("where does the user's grandmother live?", "grandma_city", "Huế", kinds=["in_passing", "non_ascii"], said=["she lives in Huế"]),
        _probe("what skin condition does the user have?", "health", "eczema", kinds=["plain", "restated"], said=["my eczema is so bad", "eczema is better"]),
        _probe("which day does the user teach at the temple?", "teaching_day", "Sunday", stale=["Saturday"], weekly=True, kinds=["answer", "changed"], said=["saturday mornings, 9 to 11", "the temple class is sunday mornings now"]),
    ]
    return sessions, probes


def _u20():
    # Galway fisherman: stent, sells boat and retires, hurling coaching day moves, takes up sea swimming
    sessions = [
        _session(
            "2025-01-28T21:45:00",
            "Howya. I need a letter to the Department about the new quota rules. I've fished out of Rossaveel for 35 years and this is going to finish us off",
            "Here's a draft:\n\n“Dear Sir/Madam,\n\nI am writing as an inshore fisherman who has fished out of Rossaveel for 35 years. I am deeply concerned that the proposed quota changes will make small family boats like mine unviable. Communities along the Connemara coast depend on these boats. I urge the Department to consult directly with inshore fishermen before the rules are finalised.\n\nYours faithfully,\n[Name]”",
            "Grand. Sign it Séamus Ó Briain, skipper, the Bríd Óg. She's named after the wife",
            "Done:\n\n“Yours faithfully,\nSéamus Ó Briain\nSkipper, the Bríd Óg, Rossaveel”\n\nA lovely name for a boat.",
            "Also I coach the under-12 hurlers in Moycullen every Tuesday evening, any drills for the wet weather? The pitch is a swamp",
            "For a wet pitch: keep them moving with short-passing grids (handpassing and striking in fours), ground-hurling drills — which actually suit wet grass — and first-touch work off the wall if you have a ball alley. Small-sided games in a corner of the pitch save the rest of it. Keep sessions short and finish with a fun game.",
            "Good man",
            "Best of luck with the lads!",
        ),
        _session(
            "2025-03-25T10:00:00",
            "Had a bit of a scare, they put a stent in my heart a fortnight ago. Doctor says no more fags and go easy on the pints. What can I have for breakfast that's not a fry?",
            "Glad you're on the mend. Heart-friendly breakfasts: porridge with berries or a banana, wholemeal toast with poached eggs, brown bread with a bit of smoked salmon, or Greek yoghurt with fruit and a few nuts. You can keep the odd fry for special occasions — grilled, not fried, with plenty of tomatoes and mushrooms.",
            "Bríd has me on porridge already ha",
            "Bríd knows what she's at! A handful of berries and a spoon of seeds will make it more interesting.",
            "My son Cathal is over in Boston, he wants me to come out for a holiday in the summer. Is flying ok after a stent?",
            "Many people can fly within a few weeks of an uncomplicated stent, and by summer you'd likely be fine — but check with your cardiologist first and tell your travel insurer about the procedure. On the flight, walk around and drink plenty of water.",
            "Fair enough, I'll ask",
            "Good. Boston in the summer with Cathal sounds like a grand holiday.",
        ),
        _session(
            "2025-06-02T18:30:00",
            "Well I've done it, sold the boat and retired. The Bríd Óg went to a young lad from Carna. Help me write a post for the harbour Facebook page?",
            "Congratulations on your retirement! Here's a post:\n\n“After 35 years fishing out of Rossaveel, I've hung up the oilskins. The Bríd Óg has gone to a fine young skipper from Carna — look after her, she's a good boat. Thanks to everyone on the pier for the years of craic and help. I'll still be down for the chat. — Séamus”",
            "Good. Bríd says I need something to do now so I've started the sea swimming at Blackrock every Sunday morning with a crowd of lads",
            "Brilliant — Blackrock is the place for it, and a cold dip is great for the head. With the stent, ease in gradually, don't stay in too long, and swim with the group rather than alone.",
            "The hurling training's moved to Wednesdays from now on, the club is redoing the pitch",
            "Wednesdays then. With the new pitch, no more swamp drills!",
            "And I haven't had a smoke in 10 weeks!",
            "That's a massive achievement, Séamus — well done. Your heart will thank you.",
        ),
    ]
    probes = [
        _probe("what is the user's boat called?", "boat", None, gone=["Bríd Óg"], kinds=["ended", "non_ascii"], said=["the Bríd Óg. She's named", "The Bríd Óg went to a young lad"]),
        _probe("what is the user's job?", "job", None, gone=["skipper"], kinds=["ended"], said=["Sign it Séamus Ó Briain, skipper", "sold the boat and retired"]),
        _probe("what is the name of the user's wife?", "wife", "Bríd", kinds=["in_passing", "non_ascii"], said=["Bríd has me on porridge"]),
        _probe("where does the user's son live?", "son_city", "Boston", kinds=["in_passing"], said=["My son Cathal is over in Boston"]),
        _probe("what heart procedure did the user have?", "health", "stent", kinds=["plain"], said=["they put a stent in my heart"]),
        _probe("which day does the user coach hurling?", "hurling_day", "Wednesday", stale=["Tuesday"], weekly=True, kinds=["changed"], said=["every Tuesday evening", "hurling training's moved to Wednesdays"]),
        _probe("which day does the user go sea swimming?", "swim_day", "Sunday", weekly=True, kinds=["in_passing"], said=["every Sunday morning with a crowd"]),
        _probe("which harbour did the user fish out of?", "harbour", "Rossaveel", kinds=["in_passing"], said=["fished out of Rossaveel"]),
    ]
    return sessions, probes


def _u21():
    # Egyptian architect: Cairo to Dubai, twins' allergies in one sentence, calligraphy class continues online
    sessions = [
        _session(
            "2025-02-09T13:20:00",
            "Hello, I'm an architect at Nile Form Architects in Cairo. I need help with the text for my portfolio, it's for a competition in Dubai, a community library.",
            "Happy to help. A strong portfolio text for a competition usually has: a one-line concept, a short paragraph on how the design responds to the site and climate, one on how people use the space, and one on materials and sustainability. Could you share your concept in a few sentences?",
            "more concise please, the jury reads 200 entries",
            "Then aim for around 120 words:\n\n“A library as a shaded courtyard. Thick walls and a perforated screen filter the desert light; reading rooms open onto a cool central garden. Flexible ground-floor spaces host workshops and markets, making the library a daily meeting place rather than a silent archive. Local stone and passive ventilation reduce energy use by an estimated 40%.”",
            "thanks. sorry for slow replies, my twins Youssef and Layla are 4 and they're climbing on me right now 😅",
            "No need to apologise — architecture with two four-year-olds climbing on you deserves a prize of its own!",
            "Youssef is allergic to eggs and Layla to peanuts, so birthday parties are a nightmare. any safe cake recipe?",
            "A “wacky cake” is perfect: it has no eggs, dairy or nuts. Mix 1½ cups flour, 1 cup sugar, ¼ cup cocoa, 1 tsp baking soda and ½ tsp salt; add 1 cup water, ⅓ cup oil, 1 tbsp vinegar and 1 tsp vanilla. Bake at 180°C for 30–35 minutes. Frost with a dairy-free chocolate icing and check all labels for “may contain nuts”.",
        ),
        _session(
            "2025-04-13T20:00:00",
            "We won the competition!! And my husband Karim got a job offer in Dubai, so we're probably moving this summer.",
            "Congratulations on the win, and on Karim's offer! That's a lot of good news at once.",
            "I need to compare nurseries in Dubai Marina and JLT for the twins",
            "Things to compare: KHDA rating, curriculum (British EYFS, IB or Montessori), fees and what they include, allergy policy — important for your twins — class size, outdoor space and drop-off traffic. JLT and Dubai Marina are next to each other, so visiting three or four in one day is realistic.",
            "I'm allergic to penicillin, how do I make sure doctors in UAE know?",
            "Tell every new doctor and make sure it's recorded in your file, register with a clinic once you arrive so your records are in one place, and consider a medical alert bracelet. Keep a note in English and Arabic on your phone's medical ID too.",
            "My calligraphy class is every Saturday morning here in Zamalek, I will miss it so much",
            "That's understandable. Some teachers offer online lessons — it might be worth asking before you leave. Dubai also has Arabic calligraphy workshops you could try.",
        ),
        _session(
            "2025-08-18T10:40:00",
            "We moved to Dubai! We're in JLT in the end, and the twins started at Little Oasis Nursery this week",
            "Welcome to Dubai! JLT is very practical with kids, with the parks around the lakes. I hope the twins are enjoying Little Oasis.",
            "I still work for Nile Form, remotely, two days a week, and freelance the rest",
            "That's a nice balance — keeping a link to Nile Form while building your own client base here.",
            "I found my old calligraphy teacher online, so the class continues, still Saturdays, Cairo time 😄",
            "Wonderful, you didn't lose it after all! Cairo and Dubai are only two hours apart, so Saturday morning still works.",
            "Karim's mother is staying with us for a month, she lives in Alexandria. Ideas for Dubai things for an older lady who doesn't like heat?",
            "Indoor options: the Dubai Mall aquarium and fountains in the evening, the Museum of the Future, Al Fahidi historical district in the early morning, an abra ride across the creek at sunset, and afternoon tea at a hotel. The Etihad Museum is quiet and air-conditioned too.",
        ),
    ]
    probes = [
        _probe("which city does the user live in?", "city", "Dubai", stale=["Cairo"], kinds=["changed"], said=["Nile Form Architects in Cairo", "We moved to Dubai"]),
        _probe("which neighbourhood does the user live in?", "neighbourhood", "JLT", stale=["Zamalek"], kinds=["changed", "in_passing"], said=["here in Zamalek", "We're in JLT in the end"]),
        _probe("what is the name of the user's husband?", "husband", "Karim", kinds=["in_passing"], said=["my husband Karim"]),
        _probe("what is the user's son Youssef allergic to?", "youssef_allergy", "eggs", apart="peanuts", kinds=["two_facts"], said=["Youssef is allergic to eggs"]),
        _probe("what is the user's daughter Layla allergic to?", "layla_allergy", "peanuts", apart="eggs", kinds=["two_facts"], said=["Youssef is allergic to eggs"]),
        _probe("what medicine is the user allergic to?", "own_allergy", "penicillin", kinds=["plain"], said=["I'm allergic to penicillin"]),
        _probe("which day is the user's calligraphy class?", "calligraphy_day", "Saturday", weekly=True, kinds=["restated"], said=["My calligraphy class is every Saturday", "still Saturdays, Cairo time"]),
        _probe("which nursery do the user's twins attend?", "nursery", "Little Oasis Nursery", kinds=["in_passing"], said=["Little Oasis Nursery"]),
        _probe("where does the user's mother-in-law live?", "mother_in_law_city", "Alexandria", kinds=["in_passing"], said=["she lives in Alexandria"]),
    ]
    return sessions, probes


def _u22():
    # young Montréal designer: barista to designer, moves out, breakup, derby day moves
    sessions = [
        _session(
            "2025-01-31T12:00:00",
            "omg help i have an interview at Studio Boréal tomorrow and my cover letter sucks 😩",
            "We can fix that! Tell me which role it is and a bit about your background, or paste the letter.",
            "junior graphic designer role. im a barista at Café Olimpico rn but i did graphic design at Dawson and i freelance a bit",
            "Here's a draft:\n\n“Hi Studio Boréal team,\n\nI'm a graphic designer trained at Dawson College, currently freelancing on posters and brand identities for local musicians and cafés — while pulling espressos at Café Olimpico. I love your work for [project] and how playful your typography is. I'd love to bring my energy and my eye for detail to your team as a Junior Graphic Designer.\n\nThanks for your time,\n[Name]”",
            "make it less formal, theyre a cool studio. my bf maxime says its fine but hes biased lol",
            "Looser version:\n\n“Hey Boréal crew! I'm a Dawson-trained designer who makes posters and identities for local bands and cafés — and yes, I also make a mean flat white at Olimpico. Your work on [project] is the reason I want to join you. I'd love to bring that same energy as your next junior designer. Let's talk?”",
            "ty ty 💖 my cat poutine approves (he sat on the keyboard)",
            "A keyboard-sitting endorsement is the highest honour. Good luck tomorrow!",
        ),
        _session(
            "2025-03-16T23:50:00",
            "GOT THE JOB 🎉🎉 junior graphic designer at Studio Boréal!! start april 1",
            "Congratulations!! That's amazing — all the freelance work paid off.",
            "need to quit olimpico nicely, write a text to my manager Sophie?",
            "“Hi Sophie! I wanted to let you know first — I got a full-time design job, so I'll need to leave Olimpico. My last shift can be [date], giving you two weeks. Thank you so much for everything, I loved working with you all ☕💛”",
            "also i get migraines from screens, any tips now that i'll be on a computer all day",
            "A few things help: the 20-20-20 rule (every 20 minutes, look 20 feet away for 20 seconds), match screen brightness to the room, use a warm night mode, keep your screen at arm's length and slightly below eye level, drink water and don't skip meals. If they're frequent, ask your doctor about preventive options.",
            "derby practice is mondays so i need my eyes to not die lol",
            "Ha — hard to block when you can't see straight! Protect Monday by taking it easy on screens that afternoon.",
        ),
        _session(
            "2025-05-22T19:15:00",
            "moving out of my roommate's place in Rosemont into my own studio apt in Verdun 🏠 help me make a packing checklist",
            "Exciting! A quick checklist:\n• 2 weeks before: declutter, book movers or a van, change address with Canada Post\n• 1 week: pack books and décor, label boxes by room\n• 3 days: set up Hydro-Québec and internet at the new place\n• Moving day: essentials bag (chargers, toiletries, meds, cat food and litter)\n• After: update your address with the SAAQ and RAMQ",
            "also i have like 40 plants lol",
            "Plant-parent moving tips: water them two days before, put small ones in open boxes, wrap tall ones loosely in paper, and move them yourself in the car rather than in the truck. They'll sulk for a week then bounce back.",
            "me and maxime broke up last month and now he wants to take poutine. NO. poutine is MY cat",
            "Sorry about the breakup — and ugh, that's stressful. If Poutine is registered or microchipped in your name and you paid the vet bills, keep those records handy. Don't let him take the cat without an agreement.",
            "derby moved to wednesdays btw because of the new rink",
            "Wednesday derby it is! Nice to have a new rink too.",
        ),
        _session(
            "2025-07-04T14:30:00",
            "verdun is so cute, the canal is right there 🥹 i ride a bixi to the studio now",
            "That sounds like a dream commute — a canal ride beats the metro any day!",
            "can u help me write an insta caption for my first client project at boréal? a poster for a jazz bar",
            "“My first poster at Studio Boréal is out in the wild 🎷 Made for [bar name]'s summer jazz nights — go listen, stay for the negronis.”",
            "lowercase pls, more chill",
            "“first poster at boréal is out 🎷 made for [bar name]'s summer jazz nights. go listen, stay for the negronis”",
            "perfect ty",
            "Congrats on the first project!",
        ),
    ]
    probes = [
        _probe("which neighbourhood does the user live in?", "neighbourhood", "Verdun", stale=["Rosemont"], kinds=["changed", "informal"], said=["my roommate's place in Rosemont", "own studio apt in Verdun"]),
        _probe("what is the user's job?", "job", "junior graphic designer", stale=["barista"], kinds=["changed", "informal"], said=["im a barista at Café Olimpico", "GOT THE JOB"]),
        _probe("where does the user work?", "employer", "Studio Boréal", stale=["Café Olimpico"], kinds=["changed", "non_ascii"], said=["im a barista at Café Olimpico", "GOT THE JOB"]),
        _probe("what is the user's cat called?", "cat", "Poutine", kinds=["in_passing", "restated", "informal"], said=["my cat poutine approves", "poutine is MY cat"]),
        _probe("who is the user's boyfriend?", "partner", None, gone=["Maxime"], kinds=["ended", "informal"], said=["my bf maxime", "me and maxime broke up"]),
        _probe("what health problem does the user have?", "health", "migraines", kinds=["in_passing"], said=["i get migraines from screens"]),
        _probe("which day is the user's derby practice?", "derby_day", "Wednesday", stale=["Monday"], weekly=True, kinds=["changed", "informal"], said=["derby practice is mondays", "derby moved to wednesdays"]),
        _probe("where did the user study graphic design?", "school", "Dawson", apart="Café Olimpico", kinds=["two_facts"], said=["i did graphic design at Dawson"]),
    ]
    return sessions, probes


def _u23():
    # Dutch project manager: second baby, house move with a city typo, quits korfball, new car
    sessions = [
        _session(
            "2025-01-16T20:30:00",
            "Hi! My wife Sanne and I are expecting our second in June 🎉 (I'm the one carrying this time). Can you help me write a short announcement for my team at Spoorwerk?",
            "Congratulations! Here's a short one:\n\n“Hi all! Some personal news: Sanne and I are expecting our second child in June. I'm feeling well and fully on top of things, and I'll share leave plans well in advance so we can organise cover. Happy to answer questions — and yes, I'll accept all baby name suggestions.”",
            "More Dutch-direct please haha, less American",
            "Fair! “Hi all, I'm pregnant, due in June. Leave plans follow later. Work as usual until then.”",
            "Our daughter Noor is 3 and very excited to be a big sister, she tells everyone at the crèche",
            "That's adorable — the whole crèche probably knows before your team does!",
            "Also, what's a good cargo bike for two kids? We live in Utrecht, in Lombok, and our old Volvo is useless in the city",
            "For two kids, look at a box bike (bakfiets) with two seats and belts: Urban Arrow, Babboe and Bakfiets.nl are popular in the Netherlands, and electric assist makes a big difference with two children. Test ride a few — many shops in Utrecht rent them by the day.",
        ),
        _session(
            "2025-03-20T08:45:00",
            "We're buying a house in Apeldoorn! Need a checklist for the viewing on Saturday",
            "Exciting! Viewing checklist: energy label and insulation, age of the roof and boiler, signs of damp or foundation issues, window frames, noise from neighbours and traffic, parking or bike storage, VvE costs if it's an apartment, and the route to crèche and schools. Always do a structural survey (bouwkundige keuring) before signing.",
            "Sorry, I mean Amersfoort, not Apeldoorn. Too little sleep 😅",
            "Understandable! Amersfoort it is — the checklist is the same. Check the train connections to Utrecht if you'll commute.",
            "Also I need to tell my korfball team I'm stopping, I'm 5 months pregnant now. We train Tuesday nights, can you help with a short message for the team app?",
            "“Hi team! Time to hang up my korfball shoes — I'm 5 months pregnant, so I'm stopping for now. Thanks for all the Tuesday nights and the third halves. I'll come and cheer at home games!”",
            "Sanne's parents live in Zwolle, so Amersfoort is closer for them too",
            "That's a nice bonus — grandparents nearby are worth a lot with two little ones.",
        ),
        _session(
            "2025-06-25T03:10:00",
            "Baby's here! Born 18 June, a boy, Daan 💙 can you help me write the birth card text? In English for my British colleagues",
            "Congratulations! Here's a birth card text:\n\n“We are delighted to welcome our son, Daan, born on 18 June 2025. With love from Sanne and Femke.”",
            "Add Noor as proud big sister",
            "“We are delighted to welcome our son, Daan, born on 18 June 2025. With love from Sanne, Femke and proud big sister Noor.”",
            "ok. I'm on leave until October. Simple nap schedule for a newborn? ha",
            "Honest answer: newborns don't really have a schedule yet. In the first weeks they sleep 14–17 hours a day in short stretches. Watch for tired signs and try to get him down after 45–60 minutes awake. A real routine usually starts around 3–4 months.",
            "It's 3am and he's awake so I'm asking you 😅",
            "Then the schedule is whatever gets you both back to sleep! Dim lights, quiet feed, no play. You're doing great.",
        ),
        _session(
            "2025-10-20T21:00:00",
            "Back at work! We moved to Amersfoort in August. I'm part-time now at Spoorwerk, 4 days. Can you help me write an email to my manager about my new schedule?",
            "Welcome back! Here's a draft:\n\n“Hi [Manager], now that I'm back, here's a quick overview of my schedule: I work Monday to Thursday, 8:30–17:00, and I'm off on Fridays. For anything urgent on Friday, please contact [colleague]. Let me know if you'd like to discuss how we split my projects.”",
            "Fridays are my day off, Sanne's mum comes from Zwolle on Fridays to look after Daan, so I'm home too",
            "That's a lovely arrangement — a Friday with Daan and Oma. The email already says Fridays off, so you're set.",
            "Also we sold the Volvo and got an electric Kia, the cargo bike does the rest",
            "Good combination — the Kia for longer trips and the cargo bike for daily errands. Charging at home will help.",
            "Thanks!",
            "You're welcome. Good luck with the first weeks back!",
        ),
    ]
    probes = [
        _probe("which city does the user live in?", "city", "Amersfoort", stale=["Utrecht", "Apeldoorn"], kinds=["changed", "slip_next_message"], said=["We live in Utrecht", "Sorry, I mean Amersfoort", "We moved to Amersfoort in August"]),
        _probe("what is the name of the user's wife?", "wife", "Sanne", kinds=["plain"], said=["My wife Sanne"]),
        _probe("what is the name of the user's daughter?", "daughter", "Noor", kinds=["in_passing"], said=["Our daughter Noor"]),
        _probe("what is the name of the user's baby son?", "son", "Daan", kinds=["plain"], said=["a boy, Daan"]),
        _probe("which company does the user work for?", "employer", "Spoorwerk", kinds=["in_passing", "restated"], said=["my team at Spoorwerk", "part-time now at Spoorwerk"]),
        _probe("does the user play korfball?", "korfball", None, gone=["korfball"], kinds=["ended"], said=["tell my korfball team I'm stopping"]),
        _probe("where do the user's parents-in-law live?", "in_laws_city", "Zwolle", kinds=["in_passing", "restated"], said=["Sanne's parents live in Zwolle", "Sanne's mum comes from Zwolle"]),
        _probe("what car does the user have?", "car", "Kia", stale=["Volvo"], kinds=["changed"], said=["our old Volvo", "got an electric Kia"]),
        _probe("which day of the week does the user have off work?", "day_off", "Friday", weekly=True, kinds=["plain"], said=["Fridays are my day off"]),
    ]
    return sessions, probes


_USERS = [_u00, _u01, _u02, _u03, _u04, _u05, _u06, _u07, _u08, _u09, _u10, _u11,
          _u12, _u13, _u14, _u15, _u16, _u17, _u18, _u19, _u20, _u21, _u22, _u23]


def build() -> list[dict[str, Any]]:
    return handwritten.build(_USERS, "b8", handwritten.resolve)


digest = handwritten.digest
FROZEN = "245af2e17d1e"


if __name__ == "__main__":
    handwritten.main(build, N_USERS, FROZEN)
