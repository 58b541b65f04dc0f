# ruff: noqa: E501  (hand-written chat data: one message per line)
"""Blind set 9: hand-written chat data for the offline fact extractor, written by hand, one user at a time,
by an author who had not read the extractor, its rules, its tests or any other data set but the format of
``blind8`` (stop 53).

Users with an even index form the "tune" split, odd ones "held". Running the file checks the data and
prints its digest."""

from __future__ import annotations

from typing import Any

import handwritten

N_USERS = 24
_session, _probe = handwritten.session, handwritten.probe


def _u00():
    # Danish wind engineer: Vestas in Aarhus -> Ørsted in Copenhagen, badminton night moves, sister in Odense
    sessions = [
        _session(
            "2025-02-03T08:47:00",
            "morning. can you fix the english in this email to a supplier? 'Dear Klaus, we have still not recieved the resin samples, which was promised for week 4. Please advice when they ship.' I'm a blade engineer at Vestas here in Aarhus and my english gets sloppy when I'm annoyed haha",
            "Here's a cleaned-up version:\n\n“Dear Klaus,\n\nWe have still not received the resin samples that were promised for week 4. Could you please let us know when they will ship?\n\nBest regards,\nFreja”\n\nSmall fixes: “received” (i before e after c), “samples … were promised” because samples is plural, and “advise” is the verb while “advice” is the noun. Your English is really good, annoyed or not!",
            "thx. yes sign Freja Holm",
            "Done — “Best regards, Freja Holm”. If you want it a bit firmer, you could add: “The delay is now affecting our test schedule.”",
            "add that. ok different thing, I want to bake a birthday cake for my boyfriend Mads on saturday, he loves chocolate. something not too hard?",
            "A chocolate sheet cake with a simple ganache is very forgiving: one bowl, no layers to stack. Before I give you a recipe — any allergies or things to avoid? Lots of chocolate cakes use ground nuts or praline.",
            "yes hazelnuts, I react pretty bad, so no nutella tricks either",
            "Good to know — no hazelnuts, no Nutella, and I'd skip praline and most “nougat” too. Recipe: 200 g flour, 250 g sugar, 60 g cocoa, 1½ tsp baking powder, 2 eggs, 2 dl milk, 1 dl oil, 2 dl hot coffee. Mix, pour into a 25×35 cm tin, bake 30–35 min at 175 °C. Ganache: 150 g dark chocolate melted into 1.5 dl warm cream. Always check the chocolate label for “may contain hazelnuts”.",
            "perfect, I'll buy stuff after badminton tonight, we play every wednesday at the hall near Frederiks Allé",
            "Nice way to break up the week. Most supermarkets in Aarhus are open until 21 or 22, so you'll have time after the game. Have fun at badminton and good luck with the cake!",
        ),
        _session(
            "2025-03-21T19:30:00",
            "ok big news, I got an offer from Ørsted!! offshore wind, Copenhagen. Mads says go for it. how do I resign nicely from Vestas, I've been there 6 years",
            "Congratulations, that's a big step! A good resignation letter is short and warm: say you're leaving and when, thank them for specific things, and offer to help with the handover. Check your contract for the notice period first — in Denmark salaried staff (funktionærer) often have one to three months' notice, depending on tenure and contract.",
            "3 months. write it to my manager Jesper pls",
            "Here's a draft:\n\n“Dear Jesper,\n\nI'm writing to let you know that I have accepted a position with another company and will resign from my role as blade engineer. In line with my three-month notice period, my last working day will be [date].\n\nThe last six years at Vestas have taught me more than I can say, and I'm grateful for your support. I'll do everything I can to make the handover smooth.\n\nBest regards,\nFreja Holm”",
            "nice. he will be sad lol. also we need a flat in cph, any tips for finding one? everyone says it's a nightmare",
            "It is competitive, but doable. Sign up for boligportal.dk and set instant alerts; reply within minutes with a short, personal message. Ask Ørsted HR if they have relocation help — big employers often do. And check housing-association waiting lists (andelsboliger / almene boliger) even if they take time.",
            "ok. we'll drive over in april to look, and sleep at my sister's in Odense on the way, she always has a spare room",
            "That's a handy halfway stop. Book a few viewings on the same day if you can, bring ID, payslips and the job contract, and be ready to say yes on the spot — good flats go fast.",
        ),
        _session(
            "2025-05-26T21:05:00",
            "hej again. we moved! we're in Nørrebro now, tiny flat but 5 min to the lakes. started at Ørsted last monday, everything is new and my brain is full",
            "Congratulations on the move and the new job! The first weeks are always exhausting — you're learning the people, the systems and a new city all at once. Is there anything I can help you organise?",
            "yes I need a weekly plan, I keep forgetting things. work 8-16, mads works late tues and thurs. and I found a badminton club here but they play mondays so that's my badminton night now instead of wednesdays",
            "Here's a simple weekly frame:\n\n• Monday: work 8–16, badminton in the evening — pack the bag the night before.\n• Tuesday: you cook and do a quick clean (Mads is late).\n• Wednesday: free evening / explore the neighbourhood.\n• Thursday: laundry + food shop (Mads late again).\n• Friday: something fun together.\n• Weekend: one big cook-up for the week, call family.\n\nWant me to turn it into a shared calendar list?",
            "that's good. also remind me which documents I need to change address in cph, I did it online but they want something for the car",
            "When you change address on borger.dk, the national registry (CPR) updates your address, and vehicle registration normally follows automatically. If they're asking for something about the car, it may be the insurance: tell your car insurer about the new address, because premiums in Copenhagen often differ from Aarhus. Parking is the other thing — Nørrebro has paid zones, and you'd apply for a resident parking permit through Københavns Kommune.",
            "ugh parking. ok thank you ❤️",
            "You're welcome! Enjoy the lakes — and good luck at your first Monday game with the new club.",
        ),
    ]
    probes = [
        _probe("where does the user work now?", "employer", "Ørsted", stale=["Vestas"], kinds=["changed", "non_ascii"], said=["I'm a blade engineer at Vestas", "started at Ørsted last monday"]),
        _probe("which city does the user live in?", "home_city", "Copenhagen", stale=["Aarhus"], kinds=["changed", "in_passing"], said=["Vestas here in Aarhus", "I got an offer from Ørsted!!", "we're in Nørrebro now"]),
        _probe("which neighbourhood does the user live in?", "neighbourhood", "Nørrebro", kinds=["non_ascii", "in_passing"], said=["we're in Nørrebro now"]),
        _probe("which day does the user play badminton?", "badminton_day", "Monday", stale=["Wednesday"], weekly=True, kinds=["changed", "in_passing"], said=["we play every wednesday", "that's my badminton night now"]),
        _probe("what is the user allergic to?", "allergy", "hazelnut", kinds=["answer", "informal"], said=["yes hazelnuts, I react pretty bad"]),
        _probe("where does the user's sister live?", "sister_city", "Odense", kinds=["in_passing"], said=["my sister's in Odense"]),
        _probe("what is the user's partner's name?", "partner", "Mads", kinds=["in_passing", "restated"], said=["my boyfriend Mads", "Mads says go for it"]),
    ]
    return sessions, probes


def _u01():
    # Vietnamese nursing student in Melbourne, non-native English: brother's city slip, job switch, stops being vegetarian
    sessions = [
        _session(
            "2025-03-04T22:18:00",
            "hello, can you check my essay intro? is for hand hygiene topic. 'Hand hygiene is the most simple and effective way for reduce infection in hospital, but many staff still not follow it.' i study nursing at Deakin, second year, english is my second language so pls be honest",
            "Happy to! Here's a smoother version:\n\n“Hand hygiene is the simplest and most effective way to reduce infections in hospitals, yet many healthcare workers still do not follow it consistently.”\n\nChanges: “the simplest” instead of “the most simple”, “to reduce” instead of “for reduce”, and “do not follow it consistently” sounds more academic. Your meaning was already clear — these are mostly small grammar points.",
            "thank you! 'yet' is good word. can you also give me 3 references ideas? must be after 2018",
            "Some places to look (check the exact details in your library database before citing):\n1. WHO guidance and reports on hand hygiene in health care (updated materials after 2018).\n2. Australian Commission on Safety and Quality in Health Care – National Hand Hygiene Initiative reports.\n3. Systematic reviews on hand hygiene compliance interventions in CINAHL or PubMed, filtered to 2018 onward.\nDeakin's library guide for nursing can show you how to filter by year.",
            "ok. i have to finish fast, tomorrow i work at the bubble tea shop in Box Hill whole day, every weekend i work there",
            "Then it's worth doing the references tonight and leaving only proofreading for after your shift. Even 20 minutes of reading it aloud on Sunday evening will catch most small mistakes.",
            "yes. also my brother birthday is soon, he live in Hanoi — ah sorry, Da Nang, he moved there last year, i always forget lol. what gift can send from australia that not break?",
            "Good, light things travel well: Tim Tams (he'll probably love them), macadamia nuts, a Melbourne-themed cap or T-shirt, or a nice wallet. Avoid anything liquid or fragile. Australia Post has international parcels to Vietnam, usually 1–3 weeks, so send it soon if the birthday is close.",
        ),
        _session(
            "2025-04-15T18:02:00",
            "hi again 😊 i want to cook pho for my housemates this friday but vegetarian pho, i am vegetarian since two years. can you give recipe for 5 people?",
            "Lovely idea! Vegetarian pho (phở chay) for 5:\n\nBroth: 3 L water, 2 onions and a thumb of ginger charred over a flame, 1 daikon, 2 carrots, 1 apple, 8 dried shiitake, 3 star anise, 1 cinnamon stick, 4 cloves, 1 tsp coriander seeds, soy sauce and a little rock sugar. Simmer 1 hour, strain, season.\n\nBowls: rice noodles, fried tofu, mushrooms, bok choy, bean sprouts, Thai basil, lime, chilli and hoisin.",
            "wow. where i buy star anise cheap?",
            "Asian grocers are much cheaper than supermarkets for spices — in Box Hill Central or on Station Street you'll find big bags of star anise and cinnamon for a few dollars. They'll also have the right rice noodles (bánh phở) and fried tofu.",
            "my housemate is korean, she ask me teach her some vietnamese. i speak vietnamese and english only, no korean haha. what is easy first words?",
            "Good starters: “Xin chào” (hello), “Cảm ơn” (thank you), “Ngon quá!” (so delicious!) — perfect for pho night — and “Bạn khỏe không?” (how are you?). Tones are the tricky part, so have her repeat after you slowly.",
            "ngon quá is perfect for friday 😂",
            "Exactly! Let her practise it before the first bite. Have a great pho night!",
        ),
        _session(
            "2025-06-10T12:40:00",
            "hi. i need to update my resume. i quit the bubble tea shop, now i work at Chemist Warehouse as pharmacy assistant, is more related to nursing. how to write it?",
            "Good move — that's much more relevant to nursing. Under Experience:\n\nPharmacy Assistant – Chemist Warehouse, Melbourne (May 2025 – present)\n• Assist customers with over-the-counter products and refer to the pharmacist when needed\n• Handle prescriptions and stock with attention to detail\n• Communicate with customers from diverse backgrounds\n\nYou can keep the bubble tea job shorter below it: customer service, cash handling, working under pressure.",
            "good. also question, doctor say my iron very low, she say eat meat. so i am not vegetarian anymore, i eat chicken and beef again now. is ok to take iron tablet too?",
            "Iron from meat (haem iron) is absorbed well, so that change should help. Tablets are often used alongside diet, but the dose matters and too much iron can be harmful, so follow your doctor's advice on whether to take them and how much. Taking them with vitamin C (like orange juice) and away from tea, coffee and milk helps absorption. They can cause constipation or stomach upset.",
            "ok she give me already, i take with orange juice then. last thing, my placement is in July at Monash Medical Centre, what to bring first day?",
            "For the first day: your student ID and placement paperwork, police check and immunisation records, a fob watch, black pens, a small notebook, comfortable closed shoes, and your uniform per Deakin's rules. Bring a water bottle and snacks — shifts are long. And don't be afraid to ask questions, supervisors like students who ask.",
            "thank you so much, you help me a lot this semester 🙏",
            "It's been a pleasure! Good luck with the placement — you'll do great.",
        ),
    ]
    probes = [
        _probe("what does the user study?", "field_of_study", "nursing", kinds=["plain", "restated"], said=["i study nursing at Deakin", "is more related to nursing"]),
        _probe("which university does the user attend?", "university", "Deakin", kinds=["in_passing"], said=["i study nursing at Deakin"]),
        _probe("where does the user work?", "employer", "Chemist Warehouse", stale=["bubble tea shop"], kinds=["changed", "informal"], said=["every weekend i work there", "now i work at Chemist Warehouse"]),
        _probe("where does the user's brother live?", "brother_city", "Da Nang", stale=["Hanoi"], kinds=["slip_same_message", "informal"], said=["ah sorry, Da Nang"]),
        _probe("is the user vegetarian?", "diet", None, gone=["vegetarian"], kinds=["ended"], said=["i am vegetarian since two years", "i am not vegetarian anymore"]),
        _probe("what languages does the user speak?", "languages", "Vietnamese and English", kinds=["in_passing", "informal"], said=["i speak vietnamese and english only"]),
    ]
    return sessions, probes


def _u02():
    # Polish backend dev in Wrocław, remote for a Berlin firm: manager changes, sells the car, wife + daughter's kindergarten in one sentence
    sessions = [
        _session(
            "2025-01-20T10:12:00",
            "quick python q. I have asyncio.gather over ~200 http calls and sometimes one hangs forever and the whole thing waits. how to put timeout per call not for all?",
            "Wrap each coroutine in its own timeout and gather those:\n\n```python\nasync def fetch_with_timeout(session, url, t=10):\n    try:\n        return await asyncio.wait_for(fetch(session, url), timeout=t)\n    except asyncio.TimeoutError:\n        return None\n\nresults = await asyncio.gather(*(fetch_with_timeout(s, u) for u in urls))\n```\n\nOn Python 3.11+ you can use `async with asyncio.timeout(t):` inside `fetch` instead. It's also worth limiting concurrency with an `asyncio.Semaphore(20)` so you don't open 200 connections at once.",
            "nice, semaphore is good idea. my team lead Greta will ask for tests, how I test the timeout without waiting 10s in test",
            "Make the timeout a parameter and pass something tiny in the test, with a fake fetch that sleeps longer:\n\n```python\nasync def slow(*_):\n    await asyncio.sleep(1)\n\nasync def test_timeout(monkeypatch):\n    monkeypatch.setattr(mod, \"fetch\", slow)\n    assert await mod.fetch_with_timeout(None, \"x\", t=0.01) is None\n```\n\nWith pytest-asyncio, mark it `@pytest.mark.asyncio`. It runs in ~10 ms.",
            "works 👍 btw unrelated, are all-season tyres ok for polish winter? my Octavia has summer ones still and I'm driving to Zakopane in feb",
            "For Zakopane in February I'd want proper winter tyres, or at least all-season tyres with the 3PMSF (snowflake) symbol — mountain roads there get snow and ice regularly. Summer tyres are genuinely dangerous below about 7 °C. Also pack chains: some mountain roads require them when signed.",
            "ok winter ones then. it's only me working from home so I can go during week when roads are empty. I'm backend dev at Fernweh, they're in Berlin but I'm fully remote from Wrocław",
            "Remote work makes mid-week trips much nicer — fewer crowds on the Zakopianka. If you're taking a laptop, check your accommodation's internet first; some mountain guesthouses have very weak connections.",
        ),
        _session(
            "2025-03-11T07:55:00",
            "can you help me write short message in english to the kindergarten teacher? the kindergarten is bilingual and teacher is from Ireland. Zosia will be absent Thursday and Friday, we go to grandparents",
            "Sure:\n\n“Dear Ms. [Name],\n\nJust to let you know that Zosia will be absent on Thursday and Friday this week, as we are visiting her grandparents. She'll be back on Monday.\n\nThank you,\n[Your name]”",
            "add that she should get the art homework if there is any. and sign Łukasz & Kasia",
            "“Dear Ms. [Name],\n\nJust to let you know that Zosia will be absent on Thursday and Friday this week, as we are visiting her grandparents. She'll be back on Monday. If there is any art homework, could you let us know so she can do it while we're away?\n\nThank you,\nŁukasz & Kasia”",
            "perfect. my wife Kasia is a dentist and Zosia is at Little Owls on Krzyki, so for us the most important is that the mornings are simple lol. any tips for less chaos at 7am with a 4 year old?",
            "A few things that work for many families: lay out clothes the night before (let her choose between two options), have a fixed breakfast routine, and use a simple picture chart of steps — toilet, teeth, dress, shoes — that she ticks off herself. A five-minute warning before leaving helps avoid meltdowns at the door.",
            "picture chart, she will love that. thanks",
            "You're welcome! Kids that age love being “in charge” of their own chart — have a good trip to the grandparents.",
        ),
        _session(
            "2025-05-02T16:30:00",
            "need help writing a retro summary. new manager Jonas started this month after Greta left, he is very into process and wants a written retro each sprint",
            "Here's a simple template:\n\n**Sprint N retro**\n• What went well: …\n• What didn't: …\n• What we'll try next sprint (max 3, each with an owner): …\n• Metrics: planned vs done, bugs found after release\n\nKeep it to half a page — Jonas will likely appreciate that it's short and has owners on the actions.",
            "good. went well: released the payment retry. didn't: two hotfixes, flaky integration tests. try: contract tests, fix CI cache",
            "**Sprint 14 retro**\n• Went well: payment retry released on time.\n• Didn't go well: two hotfixes after release; flaky integration tests slowed merges.\n• Next sprint: introduce contract tests for the payment API (owner: TBD); fix the CI cache to speed up pipelines (owner: TBD).\n• Metrics: [planned vs done], 2 post-release bugs.\n\nAdd the owners and it's ready.",
            "thx. also personal thing, we sold the Octavia last week, in the city we have the tram and a cargo bike for Zosia, so no car now. is cargo bike ok in rain with kid?",
            "Yes, with the right gear. A rain cover for the box (most brands sell one) keeps her dry and warm, and a waterproof cover for yourself plus mudguards make it pleasant. Ride a bit slower and brake earlier on wet tram tracks — cross them at a sharp angle, since wheels can slip in the grooves.",
            "tram tracks are the scary part yes. ok thanks!",
            "Take it easy at the crossings and you'll be fine. Enjoy the car-free life!",
        ),
    ]
    probes = [
        _probe("who is the user's manager?", "manager", "Jonas", stale=["Greta"], kinds=["changed", "in_passing"], said=["my team lead Greta", "new manager Jonas started"]),
        _probe("where does the user work?", "employer", "Fernweh", kinds=["plain"], said=["I'm backend dev at Fernweh"]),
        _probe("which city does the user live in?", "home_city", "Wrocław", kinds=["non_ascii", "in_passing"], said=["fully remote from Wrocław"]),
        _probe("what car does the user drive?", "car", None, gone=["Octavia"], kinds=["ended"], said=["my Octavia has summer ones", "we sold the Octavia last week"]),
        _probe("what is the name of the user's wife?", "wife", "Kasia", apart="Little Owls", kinds=["two_facts", "restated"], said=["sign Łukasz & Kasia", "my wife Kasia is a dentist"]),
        _probe("which kindergarten does the user's daughter go to?", "daughter_school", "Little Owls", apart="Kasia", kinds=["two_facts"], said=["Zosia is at Little Owls"]),
    ]
    return sessions, probes


def _u03():
    # Japanese hotel receptionist in Osaka: promoted, manager changes (田中 -> Mori), stops koto, home city slip corrected next message
    sessions = [
        _session(
            "2025-02-14T23:40:00",
            "Good evening. I work front desk at Hotel Kaede in Umeda. A guest wrote complaint in English that the room was noisy because of construction. Can you help me to reply? My manager 田中 says reply must be polite but we cannot promise refund.",
            "Of course. Here's a polite reply without promising a refund:\n\n“Dear Mr./Ms. [Name],\n\nThank you for taking the time to share your feedback, and please accept our sincere apologies for the noise during your stay. The construction work near the hotel is outside our control, but we understand how much it affected your rest.\n\nWe have shared your comments with our management team, and we would be happy to offer you a quieter room on a higher floor on your next visit.\n\nWe hope to welcome you again.\n\nKind regards,\n[Name]\nFront Desk, Hotel Kaede”",
            "Very good. Is 'outside our control' rude? Japanese style is to apologize more.",
            "It isn't rude, but it can sound a little defensive. For a more apologetic tone, change that sentence to: “Although the construction work is being carried out by a third party, we should have informed you about it before your stay.” That takes responsibility for the communication, which fits a Japanese-style apology, without promising money.",
            "Yes this is better. Thank you. English emails are hardest part of my job.",
            "You're clearly doing well — the structure you need is always similar: thank, apologise, explain briefly, offer something, invite them back. If you save a few of these replies as templates, the next ones will be much faster.",
            "Good idea. I will make templates on my day off.",
            "Good plan. If you'd like, send me a list of the most common complaints and I can help draft a template for each.",
        ),
        _session(
            "2025-04-02T21:15:00",
            "Hello. I have interview for promotion next month, to assistant front office manager. Interview is partly English. Can you give me questions they might ask?",
            "Congratulations on getting the interview! Likely questions:\n1. Why do you want this role?\n2. Tell us about a difficult guest situation and how you handled it.\n3. How would you train a new front desk staff member?\n4. How do you handle conflict between team members?\n5. What would you improve at the front desk?\nShall we practise one?",
            "Yes, number 2. My answer: a guest lost passport, was very panic, I called police and embassy and stay with him until 2am.",
            "That's a strong story! Polished:\n\n“A guest once lost his passport late at night and was very distressed. I stayed calm, contacted the police to file a report and called his embassy's emergency line. I stayed with him until 2 a.m. until he had a plan for the next day. He later wrote to thank the hotel.”\n\nIt shows calmness, action and care — exactly what they want in a manager.",
            "Thank you. I am busy, I have koto lesson every Saturday morning so I practice English at night after work.",
            "Koto on Saturdays sounds like a lovely balance. For the interview, practising out loud matters more than writing — record yourself answering on your phone, then listen back once. Even 15 minutes a night for a few weeks makes a big difference.",
            "I will try. My cat Momo will listen too lol",
            "Momo is the perfect audience — no judgement! Good luck with your practice.",
        ),
        _session(
            "2025-06-18T22:05:00",
            "I got the promotion!! Now I am assistant front office manager. Also I moved closer to hotel, I live in Toyonaka now.",
            "Congratulations — that's wonderful news, and well deserved after all that practice! And a shorter commute will help with the new responsibilities. How are you finding the new role?",
            "Sorry, I wrote wrong. Not Toyonaka, Suita. Toyonaka is where my old friend lives, I mix them. New role is hard, I make the staff schedule and it is like puzzle.",
            "No problem — Suita, noted. Staff scheduling really is a puzzle. A few tips: start with the fixed constraints (people's days off, training, legal rest hours), then fill peak times like check-in 3–6 pm first, and keep one flexible person per week for sick days. A simple spreadsheet with a colour per shift helps you see gaps quickly.",
            "Good. And my manager is different now, 田中 moved to our Kyoto hotel, my new manager is Mori, very strict about numbers.",
            "Strict-about-numbers managers usually like short, regular updates. You could send Mori a weekly summary: occupancy, complaints received and solved, and staff hours vs. plan. It shows you're on top of things before they ask.",
            "OK I will do that. Also I stopped koto lessons, no time with new shifts. A little sad.",
            "That's understandable — a new management job takes a lot of energy at the start. Maybe you can return to koto once the schedule settles; many people come back to an instrument after a break and find they remember more than they expected.",
        ),
    ]
    probes = [
        _probe("what is the user's job title?", "job_title", "assistant front office manager", stale=["front desk"], kinds=["changed"], said=["I work front desk at Hotel Kaede", "Now I am assistant front office manager"]),
        _probe("who is the user's manager?", "manager", "Mori", stale=["田中"], kinds=["changed", "non_ascii"], said=["My manager 田中 says", "my new manager is Mori"]),
        _probe("where does the user live?", "home_city", "Suita", stale=["Toyonaka"], kinds=["slip_next_message"], said=["I live in Toyonaka now", "Not Toyonaka, Suita"]),
        _probe("what instrument does the user play?", "instrument", None, gone=["koto"], kinds=["ended"], said=["I have koto lesson every Saturday", "I stopped koto lessons"]),
        _probe("what is the name of the user's cat?", "cat_name", "Momo", kinds=["in_passing"], said=["My cat Momo will listen"]),
        _probe("where does the user work?", "employer", "Hotel Kaede", kinds=["plain"], said=["I work front desk at Hotel Kaede"]),
    ]
    return sessions, probes


def _u04():
    # Nigerian accountant: Lagos -> Toronto, KPMG -> between jobs -> Scotiabank, choir day moves, son's school, car as an answer
    sessions = [
        _session(
            "2025-01-09T19:20:00",
            "Good evening. Please help me to draft a reference request letter. I am a senior associate in audit at KPMG in Lagos and we are relocating to Canada in March, I need my partner at work to write a reference.",
            "Certainly. Here's a draft:\n\n“Dear [Partner's name],\n\nAs you know, my family and I will be relocating to Canada in March. As I prepare to apply for roles there, I would be very grateful if you could provide a reference letter describing my work as a Senior Associate in Audit, including the engagements I have led and my responsibilities in the team.\n\nCanadian employers often value letters on company letterhead with your contact details. I'm happy to send a summary of my key engagements to make this easier.\n\nThank you for your support over the years.\n\nKind regards,\n[Your name]”",
            "Very nice. Add that I have been there 7 years. My name is Chidi Okafor.",
            "Updated the opening: “As you know, after seven years with KPMG, my family and I will be relocating to Canada in March…” and signed it “Kind regards, Chidi Okafor”. Shall I also draft the summary of engagements?",
            "Later. Another thing, I lead the tenor section in our church choir, rehearsal is every Thursday evening, and they want me to write a farewell message for the choir. Something short and warm.",
            "Here's one:\n\n“Dear choir family,\n\nThese Thursday evenings with you have been a highlight of my week for years. Thank you for the harmony, the laughter and the prayers. As my family begins a new chapter in Canada, I carry your voices with me. Please keep us in your prayers, and we will keep you in ours.\n\nWith love,\nChidi”",
            "My wife Chiamaka cried when I read it to her 😄 it is good.",
            "That's the best review a farewell message can get! Wishing you and Chiamaka a smooth move.",
        ),
        _session(
            "2025-04-07T14:10:00",
            "Hello, we arrived in Toronto! We are in Scarborough, renting a basement apartment for now. I am between jobs at the moment, so I want to make my CV Canadian style. What is different?",
            "Welcome to Toronto! Key differences for a Canadian résumé:\n• No photo, date of birth, marital status or religion.\n• Two pages maximum, reverse chronological.\n• Achievements with numbers (“led audits of 12 clients with combined revenue of $X”).\n• Mention your designations — if you're ICAN-certified, note that and your plans for CPA Canada recognition.\n• A short summary at the top tailored to each job.",
            "I am ICAN chartered. How long to become CPA in Canada?",
            "It depends on the assessment: internationally trained accountants often have to complete some modules plus the Common Final Examination (CFE), while members of bodies with a mutual recognition agreement follow a shorter route. Check the CPA Ontario website for an assessment of your ICAN credentials — many people work in accounting roles while they do this.",
            "OK. Also our son Tobenna starts grade 2 at Highcastle Public School next week, he is nervous about the accent thing.",
            "That's very normal. Toronto schools are very diverse, so he won't be the only child with an accent — often a big share of students have parents born abroad. Ask the teacher if there's a buddy program, and consider an after-school activity like soccer or swimming, where friendships form quickly.",
            "Good. Our choir in the new church here practices on Saturdays, not Thursdays like in Lagos. So I can still sing 🙏",
            "That's wonderful — a church choir is also one of the best ways to build a community quickly in a new city. Saturdays might even suit the family better while you settle in.",
        ),
        _session(
            "2025-06-23T20:45:00",
            "Great news, I started at Scotiabank today as a financial analyst! Please help me write a thank you note to the recruiter Megan.",
            "Congratulations, Chidi! Here's a note:\n\n“Hi Megan,\n\nToday was my first day at Scotiabank, and I wanted to thank you for your guidance throughout the process. Your preparation tips for the interviews made a real difference, and I'm excited to start this new chapter.\n\nBest regards,\nChidi Okafor”",
            "Perfect. Now the commute is long from Scarborough to downtown. Is it better to drive or take the GO train?",
            "The GO train (Lakeshore East line) is usually faster and less stressful at rush hour — roughly 25–35 minutes to Union Station from Scarborough stations, and Union is right by the financial district. Driving downtown at peak times often takes an hour or more, plus expensive parking. Do you have a car?",
            "Yes, we bought a used RAV4 last month, mostly for Chiamaka and the school run. So GO train for me then.",
            "That split makes sense: the RAV4 for the school run and errands, and you on the GO. A monthly fare cap with Presto makes frequent trips cheaper. Drive to the station only if parking there is available early.",
            "Thank you my friend. God bless.",
            "You're very welcome — all the best in the new job!",
        ),
    ]
    probes = [
        _probe("where does the user work?", "employer", "Scotiabank", stale=["KPMG"], kinds=["changed"], said=["audit at KPMG in Lagos", "I am between jobs at the moment", "I started at Scotiabank today"]),
        _probe("which city does the user live in?", "home_city", "Toronto", stale=["Lagos"], kinds=["changed", "restated"], said=["audit at KPMG in Lagos", "we arrived in Toronto", "the commute is long from Scarborough"]),
        _probe("which day is the user's choir rehearsal?", "choir_day", "Saturday", stale=["Thursday"], weekly=True, kinds=["changed"], said=["rehearsal is every Thursday evening", "practices on Saturdays"]),
        _probe("which school does the user's son go to?", "son_school", "Highcastle Public School", kinds=["in_passing"], said=["at Highcastle Public School"]),
        _probe("what is the name of the user's wife?", "wife", "Chiamaka", kinds=["in_passing", "restated"], said=["My wife Chiamaka cried", "mostly for Chiamaka and the school run"]),
        _probe("what car does the user's family have?", "car", "RAV4", kinds=["answer"], said=["we bought a used RAV4"]),
    ]
    return sessions, probes


def _u05():
    # Swedish maths teacher in Gothenburg: separates from Henrik, vegan -> pescatarian, cello on Tuesdays restated, son's school
    sessions = [
        _session(
            "2025-01-26T17:05:00",
            "Hi! I teach maths at an upper secondary school in Göteborg and I want a fun intro task for exponential functions. My students are 17 and very tired in January 😅",
            "January fatigue is real! Try the paper-folding task: ask how many times they'd need to fold a 0.1 mm sheet of paper to reach the Moon (~384,000 km). Let them guess first — most say thousands. The answer is about 42 folds. Then model thickness = 0.1 · 2ⁿ mm and compare with a linear model. It gets surprised reactions and leads straight into the definition.",
            "Love it. My son Viggo is in his first year at Hvitfeldtska and I'll test it on him tonight haha",
            "A perfect test audience — if a teenager at home finds it interesting, your class probably will too. You could also ask him to predict first, to see which misconception shows up.",
            "Another thing: vegan dinner for 6 on saturday, Henrik's colleagues are coming. I'm vegan but they aren't, so something everybody likes?",
            "A crowd-pleaser that doesn't feel like “the vegan option”: a big tray of roasted vegetable and chickpea tagine with apricots, served with couscous, lemony herb yoghurt (oat- or soy-based) and flatbread. Start with hummus and crudités, and for dessert a dark chocolate mousse made with aquafaba. Everyone usually goes back for seconds of the tagine.",
            "Tagine it is. I need to finish early because of orchestra on friday? no wait, rehearsal is tuesday, friday is nothing. I'm tired too lol",
            "Ha, January is getting everyone. Tuesday rehearsal means Saturday is clear for cooking — the tagine can even be made on Friday, it tastes better the next day.",
        ),
        _session(
            "2025-03-12T20:30:00",
            "Can you help me find a cello piece for a small concert in June? Our amateur orchestra does a chamber evening. I'm intermediate, maybe grade 6.",
            "Some lovely options around that level: Fauré's “Élégie” (a little demanding but very rewarding), Saint-Saëns “The Swan”, Bach's Arioso (arranged for cello and piano), or Elgar's “Salut d'amour”. “The Swan” is a classic for a reason — beautiful, and the challenge is tone rather than speed.",
            "The swan is maybe too cliché but it's so beautiful. I'll play it for the conductor on Tuesday, we practise every Tuesday in the church in Haga.",
            "Clichés become clichés because people love them! Play it with your own phrasing and it won't sound generic. Bring a second option in case the conductor wants variety — the Élégie would contrast well.",
            "Good idea. Fauré as plan B.",
            "Sounds like a good plan. Good luck on Tuesday!",
            "Also quick question, how long does cooked lentil soup keep in the fridge?",
            "About 3–4 days in a closed container in the fridge. It freezes very well too — up to 3 months — so portioning some for busy weeks is a good idea.",
        ),
        _session(
            "2025-05-04T11:50:00",
            "Hi. A bit personal. Henrik and I separated in April, he moved out. I need to write to my parents-in-law, well ex, they were always kind to me. Can you help? It's hard to start.",
            "I'm sorry — that's a lot to carry. A warm, simple message is enough. For example:\n\n“Dear Birgitta and Lars,\n\nBy now Henrik has probably told you that we have separated. I wanted to write to you myself, because you have always been so kind to me, and that means a lot. Whatever happens, I hope we can stay in touch — Viggo loves you both very much.\n\nWarmly,\nÅsa”\n\nChange the names and anything that doesn't feel like you.",
            "That's beautiful. Thank you. Names are right, Birgitta and Lars.",
            "I'm glad it fits. Take your time sending it — there's no rush.",
            "Also, practical thing: I'm not vegan anymore, I started eating fish again a few months ago, my energy was so low. So pescatarian now I guess. Can you give me a simple week of dinners, for me and a teenage boy?",
            "Of course:\n• Mon: salmon, potatoes, peas and dill sauce.\n• Tue (orchestra night): quick tuna pasta with tomatoes and capers.\n• Wed: fish tacos with cabbage slaw.\n• Thu: lentil and vegetable soup with bread.\n• Fri: homemade pizza.\n• Sat: baked cod with a crumb crust, root vegetables.\n• Sun: shakshuka with feta and bread.\nAll of them are filling enough for a teenager.",
            "Tuesday tuna pasta, you remembered 😄 thanks",
            "Of course! Enjoy the week and the rehearsals.",
        ),
    ]
    probes = [
        _probe("who is the user's partner?", "partner", None, gone=["Henrik"], kinds=["ended", "in_passing"], said=["Henrik's colleagues are coming", "Henrik and I separated in April"]),
        _probe("what diet does the user follow?", "diet", "pescatarian", stale=["vegan"], kinds=["changed"], said=["I'm vegan but they aren't", "So pescatarian now I guess"]),
        _probe("which day does the user have orchestra rehearsal?", "orchestra_day", "Tuesday", stale=["Friday"], weekly=True, kinds=["slip_same_message", "restated"], said=["because of orchestra on friday? no wait", "we practise every Tuesday"]),
        _probe("what instrument does the user play?", "instrument", "cello", kinds=["plain"], said=["find a cello piece"]),
        _probe("which school does the user's son attend?", "son_school", "Hvitfeldtska", kinds=["in_passing"], said=["first year at Hvitfeldtska"]),
        _probe("what subject does the user teach?", "subject", "maths", kinds=["plain"], said=["I teach maths at an upper secondary school"]),
    ]
    return sessions, probes


def _u06():
    # retiree in Tucson: golf -> pickleball, trades Buick for Outback, daughter moves Portland -> Denver, penicillin allergy as an answer
    sessions = [
        _session(
            "2025-02-02T09:30:00",
            "Good morning. I would like help writing a birthday email to my granddaughter Lily who turns 10. She lives in Portland with my daughter Karen. I want it to be fun but I'm not very modern...",
            "Good morning! Here's a fun one:\n\n“Happy 10th birthday, Lily! 🎉\n\nDouble digits — that's a big deal! Grandpa and I are so proud of the smart, funny girl you've become. We hope your day is full of cake, giggles and exactly the presents you wanted. There's a little something from us in the mail.\n\nWe love you to the moon and back!\n\nGrandma”\n\nWant me to change anything — add a memory, or sign it differently?",
            "Sign it Grandma Marge and Grandpa Ray. And add that Rosie says woof. Rosie is our beagle, Lily adores her.",
            "“…We love you to the moon and back!\n\nGrandma Marge and Grandpa Ray\n\nP.S. Rosie says WOOF! 🐶”\n\nKids love a P.S. from the dog.",
            "That is darling. Now a boring question. My dentist wants to do a root canal and may give me antibiotics before. Is that normal?",
            "It can be. Antibiotics aren't routine for every root canal, but dentists prescribe them when there's an active infection with swelling, or for certain heart or joint-replacement conditions. Ask your dentist why they recommend it in your case. Are you allergic to any antibiotics? That's worth mentioning before they write the prescription.",
            "Yes, penicillin. I get hives all over. They have it in my file I think but I'll remind them.",
            "Definitely remind them — and since amoxicillin is in the penicillin family, ask them to double-check that too. Common alternatives exist, so it shouldn't be a problem once they know.",
        ),
        _session(
            "2025-03-30T15:10:00",
            "Hello again. Ray and I traded in the old Buick for a Subaru Outback yesterday! Can you explain the EyeSight thing, the dealer went too fast.",
            "Congratulations on the Outback! EyeSight is Subaru's driver-assist system, using two cameras behind the windshield:\n• Adaptive cruise control — keeps a set distance from the car ahead.\n• Pre-collision braking — warns you and brakes if you're about to hit something.\n• Lane departure warning / lane keep assist — beeps or steers gently if you drift.\nThe owner's manual (or the Subaru app) has short videos if you want to see each one.",
            "The beeping when I drift scared me half to death on Oracle Road. Can I turn it down?",
            "Yes — on most recent Outbacks you can adjust or turn off lane departure warnings in the settings on the big center screen (look for “Car Settings” → “EyeSight”). I'd suggest lowering the sensitivity rather than turning it off; the warnings get less startling once you're used to them.",
            "OK I'll ask Ray to find it, he likes buttons. We need to be at golf by 7 on Friday, our league tees off early before the heat.",
            "Smart — Tucson heat arrives fast. The Outback has plenty of room for two golf bags in the back. Enjoy the new car and your Friday round!",
            "Thank you dear.",
            "You're welcome! Drive safe.",
        ),
        _session(
            "2025-05-15T10:20:00",
            "Hello. Big changes in the family. Karen and the kids moved to Denver, her husband got a job there. So Lily is in Denver now. What is a nice thing to send for a new house?",
            "How exciting for them! Some thoughtful housewarming ideas: a family photo in a frame for the new living room, a local Colorado cookbook, a gift card to a Denver restaurant so they can take a night off, or a plant (a snake plant is hard to kill). For Lily, a little Denver map where she can mark her new favourite places would be sweet.",
            "The map for Lily is lovely. Also I have some news of my own. I've given up golf, my shoulder couldn't take it. Ray talked me into pickleball instead and we play Friday mornings at the rec center. I'm terrible but it's fun!",
            "That sounds like a great swap — pickleball is much gentler on the shoulder because the swing is short. Everyone's terrible for the first month, then it clicks. Good shoes with lateral support will help your knees too.",
            "What shoes? I just wear my walking sneakers.",
            "Walking shoes are made for forward motion, so they don't support sideways moves well. Look for “court shoes” — tennis or pickleball shoes from brands like ASICS, New Balance or K-Swiss. Many sporting goods stores in Tucson have them, and they'll feel much more stable right away.",
            "Will do. Rosie chewed my old ones anyway!",
            "Then it's a sign! Enjoy the new shoes — and your Friday games.",
        ),
    ]
    probes = [
        _probe("what sport does the user play?", "sport", "pickleball", stale=["golf"], gone=["golf"], kinds=["changed", "ended"], said=["We need to be at golf by 7 on Friday", "I've given up golf"]),
        _probe("what car does the user drive?", "car", "Subaru Outback", stale=["Buick"], kinds=["changed"], said=["traded in the old Buick for a Subaru Outback"]),
        _probe("where does the user's daughter live?", "daughter_city", "Denver", stale=["Portland"], kinds=["changed"], said=["She lives in Portland with my daughter Karen", "Karen and the kids moved to Denver"]),
        _probe("is the user allergic to any medication?", "allergy", "penicillin", kinds=["answer"], said=["Yes, penicillin"]),
        _probe("what is the name of the user's dog?", "dog_name", "Rosie", kinds=["in_passing", "restated"], said=["Rosie is our beagle", "Rosie chewed my old ones"]),
        _probe("what is the name of the user's husband?", "husband", "Ray", kinds=["in_passing"], said=["Grandpa Ray"]),
    ]
    return sessions, probes


def _u07():
    # data analyst in Bangalore, Indian English: Zestly -> Kirana Labs, Koramangala -> HSR Layout, fiancée becomes wife, stops cricket
    sessions = [
        _session(
            "2025-01-15T11:25:00",
            "hi need sql help urgently. postgres. table orders(user_id, order_date, amount). need monthly cohort retention, cohort = month of first order. my manager Deepa wants it by EOD 😩",
            "Here's a standard cohort query:\n\n```sql\nWITH firsts AS (\n  SELECT user_id, date_trunc('month', MIN(order_date)) AS cohort\n  FROM orders GROUP BY user_id\n), activity AS (\n  SELECT DISTINCT o.user_id, f.cohort,\n         date_trunc('month', o.order_date) AS month\n  FROM orders o JOIN firsts f USING (user_id)\n)\nSELECT cohort,\n       (EXTRACT(YEAR FROM age(month, cohort)) * 12 + EXTRACT(MONTH FROM age(month, cohort)))::int AS month_n,\n       COUNT(*) AS users\nFROM activity\nGROUP BY 1, 2\nORDER BY 1, 2;\n```\n\nDivide each row's users by the month_n = 0 count of its cohort to get retention %.",
            "working!! can you add the percentage in sql itself",
            "Add a window function:\n\n```sql\nSELECT cohort, month_n, users,\n       ROUND(100.0 * users / FIRST_VALUE(users) OVER (PARTITION BY cohort ORDER BY month_n), 1) AS retention_pct\nFROM ( ...previous query... ) t\nORDER BY cohort, month_n;\n```",
            "super yaar. I'm data analyst at Zestly since 2 years and still window functions confuse me lol",
            "They confuse everyone at first! The trick: a window function looks at a group of rows (the PARTITION) without collapsing them like GROUP BY does. Once that clicks, FIRST_VALUE, LAG and running totals all feel similar.",
            "ok. this sunday no cricket for me then, need to learn this properly. we play every sunday morning in a ground near Koramangala where I stay",
            "Skipping one match for window functions is dedication! Try the PostgreSQL tutorial on window functions and redo today's query from scratch — building it yourself is the fastest way to make it stick.",
        ),
        _session(
            "2025-02-28T20:40:00",
            "hello, wedding planning help pls. my fiancée Priya and me are getting married in april in Mysore. need a simple checklist for the groom side, my mother is stressing everyone",
            "Congratulations! A groom-side checklist:\n• Guest list and invitations for your side\n• Travel and stay for out-of-town relatives in Mysore\n• Outfits: sherwani/dhoti for each function, with fittings\n• Baraat: band, horse or car, decorations\n• Gifts for the bride's family, per your customs\n• Rings and any jewellery you're responsible for\n• Photographer coordination\n• Honeymoon bookings\n• One person (not you!) as the contact for day-of problems.",
            "the last one is genius. my sister is coming from Pune with her kids, she can be that person, she is very bossy 😂",
            "Perfect casting! Give her the vendor numbers and the schedule a week before, and you'll be free to actually enjoy the wedding.",
            "also for the mehendi lunch, I'm eggetarian and most of Priya's family is pure veg, so menu should be veg mostly. some ideas?",
            "A veg menu that works for everyone: paneer butter masala, vegetable biryani or bisi bele bath (a Karnataka favourite), dal tadka, aloo gobi, curd rice, puri, salads and pickles, with payasam or jalebi for dessert. You can add an egg curry counter for those who eat eggs, kept separate from the veg dishes.",
            "separate egg counter, ok my mom will like that",
            "It's a nice compromise — everyone's happy and nobody feels left out. Good luck with the planning!",
        ),
        _session(
            "2025-06-05T09:05:00",
            "hi again! married now 😄 Priya is officially my wife. we also shifted to HSR Layout from Koramangala, near her office. can you help me write address change email to my bank?",
            "Congratulations to you both! Here's a template:\n\nSubject: Request to update communication address\n\nDear Sir/Madam,\n\nI request you to update the communication address for my savings account [account number] to:\n[New address], HSR Layout, Bengaluru – [PIN]\n\nI have attached a copy of my rental agreement and Aadhaar as address proof.\n\nRegards,\n[Name]\n\nMost banks also let you do this online or in the app with Aadhaar-based verification.",
            "thanks. also update: left Zestly, joined Kirana Labs as senior analyst last month. better pay, and more python less excel",
            "Congrats on the new role! Moving from Excel-heavy work to Python is a great step. If you want, I can suggest a learning plan for pandas and plotting to ramp up quickly.",
            "yes later. one more, my Royal Enfield needs service, first time in HSR, is it ok to go to local mechanic or only showroom?",
            "For a Royal Enfield out of warranty, a good local mechanic who specialises in Enfields is usually fine and cheaper. If it's still under warranty, stick to the authorised service centre, since outside service can affect claims. Ask in local HSR groups or bikers' forums for recommendations.",
            "out of warranty, 2019 model. ok local it is. btw I don't play cricket anymore, after wedding sunday is for in-laws lunch lol",
            "Ha, married life schedules! Maybe an occasional weekday evening game in HSR could fit later. Good luck with the bike service.",
        ),
    ]
    probes = [
        _probe("where does the user work now?", "employer", "Kirana Labs", stale=["Zestly"], kinds=["changed", "informal"], said=["I'm data analyst at Zestly", "joined Kirana Labs as senior analyst"]),
        _probe("which neighbourhood does the user live in?", "neighbourhood", "HSR Layout", stale=["Koramangala"], kinds=["changed", "in_passing"], said=["near Koramangala where I stay", "we also shifted to HSR Layout"]),
        _probe("who is the user married to?", "partner", "Priya", kinds=["restated", "changed"], said=["my fiancée Priya", "Priya is officially my wife"]),
        _probe("where does the user's sister live?", "sister_city", "Pune", kinds=["in_passing", "informal"], said=["my sister is coming from Pune"]),
        _probe("what does the user eat?", "diet", "eggetarian", kinds=["in_passing", "two_facts"], apart="pure veg", said=["I'm eggetarian and most of Priya's family is pure veg"]),
        _probe("what motorbike does the user ride?", "motorbike", "Royal Enfield", kinds=["in_passing"], said=["my Royal Enfield needs service"]),
        _probe("does the user play cricket?", "cricket", None, gone=["cricket"], kinds=["ended", "informal"], said=["this sunday no cricket for me", "I don't play cricket anymore"]),
    ]
    return sessions, probes


def _u08():
    # French nurse Zoë: Lyon -> Grenoble, Croix-Rousse -> CHU Grenoble Alpes, climbing moves from Wednesday gym to Sunday outdoors
    sessions = [
        _session(
            "2025-03-02T14:10:00",
            "hello, I work nights this month and I sleep terrible after. any tips? I'm nurse in cardiology at the Croix-Rousse hospital in Lyon, shift is 21h-7h",
            "Night shifts are hard on sleep. Things that help many nurses:\n• Wear sunglasses on the way home — morning light tells your brain it's daytime.\n• Keep the bedroom very dark (blackout curtains or a mask) and cool.\n• Go to bed quickly after getting home, with a short wind-down but no screens.\n• Earplugs or white noise against daytime noise.\n• Keep caffeine to the first half of the shift.\n• On days off, shift gradually instead of flipping completely.",
            "sunglasses, I never thought. my rabbit Caramel is very active at morning also, he thumps in the cage lol",
            "Rabbits are most active at dawn and dusk, so Caramel is right on schedule! If possible, keep his space in another room while you sleep, or give him something to chew and dig just before bed so he's busy.",
            "ok. another question for work, we have new gloves at the service and my hands are red. I'm allergic to latex so normally I use nitrile, maybe the new ones are different brand",
            "It's worth checking the box carefully — some gloves contain accelerators or other chemicals that cause contact dermatitis even without latex. Report it to occupational health (médecine du travail) and ask for an alternative brand; with a documented latex allergy, they should make sure you have safe gloves. Use a fragrance-free emollient after shifts.",
            "yes I will go to médecine du travail. merci!",
            "Avec plaisir! Take care of your hands — and good luck with the night shifts.",
        ),
        _session(
            "2025-04-20T18:35:00",
            "hi! I need new climbing shoes, my old ones have a hole. I climb every wednesday in a bouldering gym in Villeurbanne with Théo, my boyfriend. intermediate, 6a-6b. which type?",
            "At 6a–6b in a bouldering gym, a moderately downturned shoe with velcro is a great choice — easy on and off between problems, precise enough for small holds. Popular options: La Sportiva Python or Katana (velcro), Scarpa Instinct VS, or Evolv Shaman. Try them in the afternoon when your feet are slightly swollen, and go snug but not painful.",
            "Théo has the Katana and he loves them. but they are expensive",
            "Look for last season's colours online (often 20–30% cheaper), or ask your gym about resole services for the old pair — resoling costs much less than new shoes, if the rand isn't too damaged.",
            "the hole is in the rand I think. so new. ok I try the Instinct",
            "Good choice — the Instinct VS is great for bouldering. Have fun on Wednesday!",
            "merci 🧗‍♀️",
            "De rien! Enjoy the new shoes.",
        ),
        _session(
            "2025-07-01T21:00:00",
            "big news: we decided to move to Grenoble! Théo's family is there and mountains for climbing. I got a job at CHU Grenoble Alpes, in the emergency department, I start in september. can you help me write a nice email to my cadre (head nurse) to say I leave?",
            "Congratulations, that's exciting! Here's a draft (in English — I can translate to French if you prefer):\n\n“Dear [Name],\n\nI wanted to let you know personally that I will be leaving the cardiology department, as I have accepted a position at CHU Grenoble Alpes starting in September. I'll respect my notice period and help with the transition.\n\nWorking in this team has taught me so much, and I'm grateful for your support.\n\nKind regards,\nZoë”",
            "in french please, she is very french 😄",
            "Bien sûr :\n\n« Bonjour [Prénom],\n\nJe souhaitais vous informer personnellement que je quitterai le service de cardiologie : j'ai accepté un poste au CHU Grenoble Alpes à partir de septembre. Je respecterai mon préavis et ferai de mon mieux pour faciliter la transition.\n\nTravailler dans cette équipe m'a énormément appris et je vous remercie pour votre soutien.\n\nBien cordialement,\nZoë »",
            "parfait. is it bad to go from cardio to urgences? friends say urgences is crazy",
            "It's a big change but not a bad one: your cardiology skills (ECGs, chest pain, monitoring) are very valuable in emergency. The pace is faster and less predictable, so ask about their onboarding or tutoring programme for new nurses. Many people find it exhausting but very rewarding.",
            "ok that makes me feel better. and moving a rabbit 1h30 by car, is it ok for him?",
            "Yes, most rabbits handle a short trip fine. Use a secure carrier with a towel and some hay, keep the car cool and quiet, and don't feed anything new that day. Put the carrier on the floor behind a seat rather than on a seat, so it can't slide. Once you arrive, set up his space first so he can settle while you unpack.",
        ),
        _session(
            "2025-09-22T19:45:00",
            "bonsoir! we are in Grenoble now, finally. first weeks at the urgences done, I survived 😅 now I want to plan my week better",
            "Welcome to Grenoble, and well done surviving the first weeks! Tell me your shifts and fixed activities and I'll help you lay them out.",
            "shifts change every week, 12h. fixed thing: climbing is on sunday now, outside in the Chartreuse with Théo's cousins, not the wednesday gym anymore. and Caramel needs the vet for vaccination",
            "Then let's anchor the week around Sunday:\n• Sunday: climbing in the Chartreuse — check the weather on Saturday.\n• The day after a run of 12 h shifts: rest only, no big plans.\n• Your first free weekday: vet for Caramel (rabbits need yearly vaccines against RHD and myxomatosis), groceries, batch cooking.\n• Keep one evening a week free with Théo, no chores.\nWould you like a template you can fill in each week when you get the schedule?",
            "yes please, simple",
            "Here you go:\n\nWEEK OF ____\nShifts: Mon __ Tue __ Wed __ Thu __ Fri __ Sat __\nSunday: climbing ✔\nRest day(s): ____\nErrands day: ____ (vet / shopping / cooking)\nEvening with Théo: ____\n\nFill it in when the planning comes out and you're done in two minutes.",
            "top, merci beaucoup",
            "Avec plaisir — bon courage aux urgences et bonne grimpe dimanche !",
        ),
    ]
    probes = [
        _probe("where does the user work?", "employer", "CHU Grenoble Alpes", stale=["Croix-Rousse"], kinds=["changed"], said=["cardiology at the Croix-Rousse hospital", "I got a job at CHU Grenoble Alpes"]),
        _probe("which city does the user live in?", "home_city", "Grenoble", stale=["Lyon"], kinds=["changed", "restated"], said=["Croix-Rousse hospital in Lyon", "we decided to move to Grenoble", "we are in Grenoble now"]),
        _probe("which day does the user go climbing?", "climbing_day", "Sunday", stale=["Wednesday"], weekly=True, kinds=["changed"], said=["I climb every wednesday", "climbing is on sunday now"]),
        _probe("who is the user's partner?", "partner", "Théo", kinds=["non_ascii", "in_passing", "restated"], said=["with Théo, my boyfriend", "Théo's family is there"]),
        _probe("what is the user allergic to?", "allergy", "latex", kinds=["in_passing"], said=["I'm allergic to latex"]),
        _probe("what pet does the user have?", "pet", "Caramel", kinds=["in_passing", "restated"], said=["my rabbit Caramel", "Caramel needs the vet"]),
    ]
    return sessions, probes


def _u09():
    # Mexican cook in Chicago, Spanish-flavoured English: quits La Milpa for his own food truck (name given as an answer), daughter's school, Sunday league
    sessions = [
        _session(
            "2025-02-10T16:20:00",
            "hola, I need a description for a special in the menu, english is not my first language. is a mole negro with duck, my grandmother recipe from Oaxaca. soy sous chef at La Milpa here in Pilsen and the owner wants it fancy",
            "Here's a description with a bit of flair:\n\n“Pato en Mole Negro — Slow-roasted duck in a traditional Oaxacan mole negro, made from a family recipe with over twenty ingredients including chilhuacle chiles, toasted seeds and dark chocolate. Served with handmade corn tortillas and sesame.”\n\nWant a shorter version for a chalkboard?",
            "yes shorter, and put 'abuela's recipe' is more nice",
            "“Duck in Mole Negro — Abuela's Oaxacan recipe, 20+ ingredients, slow-cooked for two days. Handmade tortillas.”",
            "perfecto. also the owner want to know the cost per plate, duck leg is 6.50, mole is maybe 2 dollars per plate, tortillas 50 cents, sesame nothing. what price?",
            "Food cost is about $9 per plate. Restaurants usually aim for food cost around 28–35% of the menu price, so that points to roughly $26–32. For a special with a strong story like abuela's mole, $28 is a reasonable place to start.",
            "28 good. ok I go, I have to rest, tomorrow sunday I play soccer in the liga in Douglass Park, every sunday since 10 years lol",
            "Ten years in the same league — that's commitment! Enjoy the game, and good luck with the special.",
        ),
        _session(
            "2025-04-06T22:10:00",
            "I have a dream to open my own food truck. what permits I need in Chicago? my wife Lupita does the numbers, she is good with the excel, I am good with the food 😅",
            "Sounds like a great team! In Chicago you'd generally need:\n• A business license for a mobile food vendor (Mobile Food Preparer if you cook on the truck) from the city's business affairs department (BACP).\n• A health inspection of the truck by the Chicago Department of Public Health.\n• A licensed commissary (shared kitchen) where the truck is based and serviced.\n• Food handler / food service sanitation certification.\n• Fire safety inspection if you use propane.\n• Commercial vehicle insurance.\nRules change, so check the city's official site for the current list and fees.",
            "commissary is expensive? Lupita says we have 40k saved",
            "Commissary rent in Chicago often runs a few hundred to over a thousand dollars a month, depending on what's included. A used truck in good shape can cost $40k–100k, so $40k may cover a used truck or a trailer, but you'd likely need a small loan for equipment, permits and a cash cushion. Many owners start with a trailer or by renting a truck to test the concept.",
            "renting first, is smart. my brother in Guadalajara did the same with a taqueria stand",
            "Your brother's experience could be gold — ask him what surprised him most in the first six months. The lessons about costs and slow days transfer well even across countries.",
            "I will call him. gracias amigo",
            "¡De nada! Good luck with the dream — keep me posted.",
        ),
        _session(
            "2025-06-30T13:05:00",
            "ok is happening!! I quit La Milpa last week and the truck starts on friday, we rent it for 6 months first like you say. I need instagram posts for the opening",
            "¡Felicidades! That's huge. What's the truck called? And what's on the menu — I'll write a few opening posts around it.",
            "Tacos Chispa. menu: al pastor, suadero, mushroom with epazote for vegetarians, and abuela's mole on weekends",
            "Here are three posts:\n\n1. “🔥 Tacos Chispa opens THIS FRIDAY! Al pastor off the trompo, suadero, and mushroom-epazote for our veggie friends. Follow for our location every day. ¡Nos vemos!”\n\n2. “Weekends = Abuela's mole. Twenty ingredients. Two days of cooking. One bite to understand. 🖤 #TacosChispa”\n\n3. “From Pilsen with love 🌮 Tacos Chispa is a family dream: Roy cooks, Lupita runs the show. Come say hola!”",
            "jaja is true Lupita runs the show. also my daughter Ximena starts at Benito Juárez high school in august, she wants to work in the truck in summer, is legal at 14?",
            "In Illinois, 14- and 15-year-olds can work with limits: a work permit (employment certificate) is generally required, there are caps on hours, and it's restricted to safer tasks — cooking over open flames, using fryers and slicers is generally off-limits at that age. She could likely help with cashier, taking orders or prepping cold ingredients. Check the Illinois Department of Labor's youth employment rules before she starts.",
            "ok cashier then, she is good with people. gracias!",
            "Sounds perfect. Best of luck on Friday — I hope there's a line around the block!",
        ),
    ]
    probes = [
        _probe("where does the user work?", "employer", "Tacos Chispa", stale=["La Milpa"], kinds=["changed", "answer"], said=["soy sous chef at La Milpa", "I quit La Milpa last week", "Tacos Chispa. menu"]),
        _probe("which neighbourhood of Chicago does the user work in?", "neighbourhood", "Pilsen", kinds=["in_passing", "informal"], said=["La Milpa here in Pilsen"]),
        _probe("what is the name of the user's wife?", "wife", "Lupita", kinds=["in_passing", "restated"], said=["my wife Lupita does the numbers", "Lupita runs the show. also"]),
        _probe("which school will the user's daughter attend?", "daughter_school", "Benito Juárez", kinds=["in_passing", "non_ascii"], said=["starts at Benito Juárez high school"]),
        _probe("which day does the user play soccer?", "soccer_day", "Sunday", weekly=True, kinds=["informal", "in_passing"], said=["every sunday since 10 years"]),
        _probe("where does the user's brother live?", "brother_city", "Guadalajara", kinds=["in_passing"], said=["my brother in Guadalajara"]),
    ]
    return sessions, probes


def _u10():
    # German PhD student in Munich: supervisor changes Müller -> Öztürk, quits the brass band, coeliac as an answer, Schwabing -> Giesing
    sessions = [
        _session(
            "2025-01-30T23:55:00",
            "biblatex question. my supervisor Prof. Müller wants IEEE style with numbers in order of appearance. I have \\usepackage[style=ieee]{biblatex} but refs come out sorted by author?",
            "With biblatex-ieee the default should be citation order, but something may be overriding it. Try setting it explicitly:\n\n```latex\n\\usepackage[style=ieee, sorting=none, backend=biber]{biblatex}\n\\addbibresource{refs.bib}\n```\n\nThen delete the auxiliary files (.aux, .bbl, .bcf) and run pdflatex → biber → pdflatex → pdflatex. If the order still looks wrong, check that you're not loading natbib or another package that changes sorting.",
            "sorting=none did it, thx. it's almost midnight and I have brass band rehearsal tomorrow, I should sleep",
            "Definitely — a tired embouchure is no fun. What do you play?",
            "trumpet. Blaskapelle in Schwabing, every thursday. very bavarian, lederhosen in summer lol",
            "That sounds like great fun — and a nice counterweight to a thesis. Get some sleep and enjoy Thursday's rehearsal!",
            "gute nacht",
            "Gute Nacht!",
        ),
        _session(
            "2025-03-18T12:30:00",
            "I want to bake a birthday cake for my girlfriend Lena but it has to be gluten free. any recipe that doesn't taste like cardboard?",
            "Definitely! Before I pick one: is this for coeliac disease (so strict, including cross-contamination) or a preference? It changes how careful you need to be with oats, baking powder and shared equipment.",
            "coeliac, me, diagnosed at 19. Lena eats everything but she's used to my food by now",
            "Got it — strict gluten-free then. A flourless chocolate cake is naturally gluten-free and tastes rich, not like a substitute:\n\n200 g dark chocolate, 150 g butter, 150 g sugar, 4 eggs, 40 g cocoa, pinch of salt.\nMelt chocolate and butter, whisk in sugar, then eggs one at a time, then sift in cocoa. Bake in a 22 cm lined tin at 180 °C for 25–30 min. Serve with berries and whipped cream.\n\nCheck the chocolate and cocoa labels for “may contain gluten”, and use clean tins and bowls.",
            "nice, that's like a brownie cake. she loves raspberries",
            "Perfect — pile fresh raspberries on top and dust with a little cocoa. Maybe add a raspberry coulis on the side.",
            "sounds good. danke!",
            "Gern geschehen! Happy birthday to Lena.",
        ),
        _session(
            "2025-05-27T17:40:00",
            "hi. some changes: Müller is retiring early, so I switched to Dr. Öztürk's group. same topic basically, battery degradation models. how do I write a nice thank-you to Müller?",
            "Here's a draft:\n\n“Dear Professor Müller,\n\nAs you prepare for your retirement, I wanted to thank you for your guidance during the first part of my doctorate. Your advice on how to frame my research questions on battery degradation has shaped my work, and I'll continue building on it in Dr. Öztürk's group.\n\nI wish you a wonderful retirement.\n\nWith best regards,\nFelix Brandt”",
            "good. in German it's more formal but I'll translate myself. also I quit the Blaskapelle, no time before submission, and we moved to Giesing, me and Lena, because rent in Schwabing got crazy",
            "Big few months! Giving up the band is a shame, but it's common to pause hobbies in the final thesis stretch. Giesing has good U-Bahn connections to the university, so the commute should be fine.",
            "yes U2 is ok. last thing, Öztürk wants a weekly progress email every Monday. template?",
            "Keep it short so it's easy to write every week:\n\nSubject: Weekly update – [date]\n\n1. Done last week: …\n2. Planned this week: …\n3. Blockers / questions: …\n4. (Optional) Figures or results: attached.\n\nFive minutes every Monday morning, and it's a great record when you write the thesis.",
            "perfect",
            "Good luck with the new group!",
        ),
    ]
    probes = [
        _probe("who is the user's PhD supervisor?", "supervisor", "Öztürk", stale=["Müller"], kinds=["changed", "non_ascii"], said=["my supervisor Prof. Müller", "I switched to Dr. Öztürk's group"]),
        _probe("what instrument does the user play?", "instrument", None, gone=["trumpet"], kinds=["answer", "ended"], said=["trumpet. Blaskapelle in Schwabing", "I quit the Blaskapelle"]),
        _probe("which neighbourhood does the user live in?", "neighbourhood", "Giesing", stale=["Schwabing"], apart="Blaskapelle", kinds=["changed", "two_facts"], said=["we moved to Giesing, me and Lena"]),
        _probe("does the user have any medical condition?", "condition", "coeliac", kinds=["answer"], said=["coeliac, me, diagnosed at 19"]),
        _probe("who is the user's girlfriend?", "partner", "Lena", kinds=["in_passing", "restated"], said=["my girlfriend Lena", "me and Lena, because rent"]),
    ]
    return sessions, probes


def _u11():
    # Korean-American high-schooler in New Jersey: changes school, violin -> piano, brother in Boston, Saturday job
    sessions = [
        _session(
            "2025-01-12T20:50:00",
            "can u help w chem hw. if 4.0 g of H2 reacts with excess O2 how many grams of water. i keep getting 18 but answer key says 36??",
            "Let's check it step by step:\n1. 2H₂ + O₂ → 2H₂O\n2. Moles of H₂ = 4.0 g ÷ 2.0 g/mol = 2.0 mol\n3. The ratio H₂ : H₂O is 2 : 2, so 2.0 mol of water forms.\n4. Mass = 2.0 mol × 18 g/mol = 36 g\n\nMy guess is you used 1 mol of H₂ — maybe by dividing by 4 or using the atomic mass of H (1.0) twice. H₂ is 2.0 g/mol.",
            "OHHH i divided by 4 bc of the 4.0 lol. ty",
            "Easy mistake! Always write units next to every number — “g ÷ g/mol = mol” — and slips like that become obvious.",
            "ok next one is limiting reactant ugh. also i have violin after this so i have like 20 min",
            "Let's be quick then. Limiting reactant recipe: convert both reactants to moles, divide each by its coefficient in the balanced equation, and the smaller result is the limiting reactant. Use that one for everything after. Send me the problem and we'll do it in 5 minutes.",
            "nvm i got it!! im a sophomore at Fort Lee High and our chem teacher goes SO fast",
            "Nice work figuring it out yourself! If the pace is tough, watching a short video on each topic before class (preview, not review) can make the lecture way easier to follow. Good luck at violin!",
        ),
        _session(
            "2025-03-09T16:15:00",
            "i need to write a personal essay for english class about a change in my life. topic: i quit violin this year after 9 years and started piano instead. my mom was NOT happy lol",
            "That's a great topic — it has conflict, growth and a relationship. A possible structure:\n1. Opening scene: the last time you put the violin in its case.\n2. Background: nine years of lessons, what violin meant to you and your mom.\n3. The turn: why piano — what were you looking for?\n4. The conflict: your mom's reaction, and what it showed about her hopes.\n5. Now: what you've learned about choosing your own path.\nWant help with the opening paragraph?",
            "yes. why piano: i like that i can play songs alone and sing with it, violin always needed orchestra",
            "Opening draft:\n\n“For nine years, my violin needed other people. It needed a piano accompanist, an orchestra, a conductor counting us in. The day I closed its case for the last time, I wasn't running away from music — I was looking for a way to make it on my own.”\n\nThen go into the background.",
            "omg thats so good. can i use it",
            "It's your story, so yes — but rewrite it a bit in your own voice so it sounds like you, since teachers can often tell. Change a few words or add a detail only you would know, like the smell of rosin or your teacher's name.",
            "ok. my oppa Daniel is at BU in Boston, he went thru the same thing with my mom and cello lol. maybe i put him in",
            "That could be a great detail — it shows the pattern in your family and that your mom came around with him. Keep it to a sentence or two so the focus stays on you.",
        ),
        _session(
            "2025-09-14T21:30:00",
            "first week at Bergen County Academies done and its SO much harder than Fort Lee High. i transferred for junior year. how do ppl manage",
            "Congrats on getting in — it's known for being tough, so it's normal that the first weeks feel overwhelming. What helps most:\n• A weekly planner with every deadline in one place.\n• Doing the hardest subject first each evening.\n• Going to teachers' office hours early, before you fall behind.\n• Finding one or two classmates to study with.\n• Protecting sleep — it affects grades more than an extra hour of studying.",
            "sleep lol. i also work at Paris Baguette every saturday, 8-2, so weekends are short",
            "Then Saturday afternoon and Sunday are your main homework blocks. Try doing light tasks (reading, flashcards) on Saturday evening when you're tired from work, and save the heavy problem sets for Sunday morning when you're fresh.",
            "makes sense. and piano lessons are on wednesdays so wed is a light homework day",
            "Exactly — plan around it: short tasks on Wednesdays and bigger ones on Mondays and Tuesdays. If you write the whole week out once, you'll see where the real free time is.",
            "ok ill try. thx u always help",
            "Anytime! You've got this — first weeks are the hardest.",
        ),
    ]
    probes = [
        _probe("which school does the user go to?", "school", "Bergen County Academies", stale=["Fort Lee High"], kinds=["changed", "informal"], said=["im a sophomore at Fort Lee High", "i transferred for junior year"]),
        _probe("what instrument does the user play?", "instrument", "piano", stale=["violin"], gone=["violin"], kinds=["changed", "ended", "restated"], said=["i have violin after this", "i quit violin this year after 9 years and started piano instead", "piano lessons are on wednesdays"]),
        _probe("where does the user's brother study?", "brother_city", "Boston", kinds=["in_passing", "informal"], said=["my oppa Daniel is at BU in Boston"]),
        _probe("where does the user work?", "employer", "Paris Baguette", kinds=["in_passing"], said=["i also work at Paris Baguette every saturday"]),
        _probe("which day does the user work?", "work_day", "Saturday", weekly=True, kinds=["in_passing", "informal"], said=["i also work at Paris Baguette every saturday"]),
        _probe("which day does the user have piano?", "piano_day", "Wednesday", weekly=True, kinds=["informal"], said=["piano lessons are on wednesdays"]),
    ]
    return sessions, probes


def _u12():
    # Argentine freelance translator in Buenos Aires: Palermo -> Villa Crespo, tango moves Thursday -> Monday, cat allergy, adopts a dog
    sessions = [
        _session(
            "2025-02-05T11:00:00",
            "hi! I need a polite but firm email for a client who hasn't paid my invoice, 45 days late. I'm a freelance translator, english-spanish, mostly medical texts",
            "Here's a draft:\n\nSubject: Overdue invoice #[number] – payment reminder\n\nDear [Name],\n\nI hope you're well. I'm writing about invoice #[number] for the translation of [project], issued on [date] with 30-day payment terms. The payment is now 45 days overdue.\n\nCould you please confirm when the payment will be made? I've attached the invoice again for convenience.\n\nI'd appreciate settling this by [date], so that I can continue to prioritise your upcoming projects.\n\nBest regards,\n[Name]",
            "great. the last line is a bit passive aggressive and I love it 😂 sign Valentina Ruiz",
            "Ha — polite on the surface, clear underneath. Signed: “Best regards, Valentina Ruiz”.",
            "thanks. now I need to rush, tango class at 8, every thursday in a milonga in Palermo, it's 5 min walk from my place",
            "Living five minutes from your milonga sounds ideal! Enjoy the class.",
            "jaja yes, Palermo has its advantages. rent is not one of them",
            "That's Palermo for you! Enjoy the dancing.",
        ),
        _session(
            "2025-04-10T19:25:00",
            "why do my eyes itch so much at my friend's apartment?? I was sneezing all evening",
            "Does your friend have a pet, or is the place dusty? Itchy eyes and sneezing indoors are classic allergy signs — cats, dust mites and mould are the usual suspects.",
            "she has two cats. ok I think I knew it, I'm allergic to cats, I just hoped it was gone. is there a pill?",
            "Non-drowsy antihistamines like loratadine or cetirizine, taken an hour before visiting, help many people, and antihistamine eye drops help with itchy eyes. Meeting outdoors or at your place when possible is the easiest fix. If it's bad or you get wheezing, see a doctor — an allergist can also discuss longer-term treatment.",
            "loratadine I have. another thing, I'm starting an italian course in May, for the citizenship, my grandfather was from Genova. any app you recommend?",
            "Nice reason to learn! Spanish speakers pick up Italian fast. Good tools: Duolingo or Babbel for daily practice, the “Coffee Break Italian” podcast for listening, and italki for conversation with a tutor. For citizenship you'll likely need a B1 certificate (CILS or CELI), so check which exam your consulate accepts.",
            "B1, ok that's the goal. gracias!",
            "¡De nada! With Spanish as a base, B1 is very reachable.",
        ),
        _session(
            "2025-06-12T09:40:00",
            "hola! Martín and I moved in together, we're in Villa Crespo now, bye bye Palermo rent 🙌 can you make a simple list of what to buy for a first shared kitchen?",
            "Congratulations on the move! Basics:\n• 1 large and 1 small frying pan, 1 big pot, 1 small saucepan\n• Good chef's knife, paring knife, cutting board\n• Mixing bowl, colander, grater, peeler\n• Wooden spoons, spatula, tongs, ladle\n• Baking tray, oven dish\n• Plates, bowls, glasses, cutlery for 4–6\n• Tupperware\n• Mate and termo are probably covered 😉",
            "jaja Martín has like 4 mates. also we adopted a dog!! Fideo, a mutt from a shelter, so the cat allergy is not a problem",
            "A dog is a great choice for you two! Welcome, Fideo. For the first weeks: keep a calm routine, same walking and feeding times, and let him explore the new flat slowly. Since he's from a shelter, a vet check-up and updated vaccines are a good start.",
            "yes vet on saturday. also my tango class moved to mondays, the teacher changed the schedule, so no more thursdays",
            "Mondays are a nice way to start the week dancing. Villa Crespo to Palermo is still close, so it shouldn't change much for you.",
            "exactly. ok thanks for the list!",
            "You're welcome! Enjoy the new home with Martín and Fideo.",
        ),
    ]
    probes = [
        _probe("which neighbourhood does the user live in?", "neighbourhood", "Villa Crespo", stale=["Palermo"], kinds=["changed"], said=["it's 5 min walk from my place", "we're in Villa Crespo now"]),
        _probe("which day does the user take tango classes?", "tango_day", "Monday", stale=["Thursday"], weekly=True, kinds=["changed", "in_passing"], said=["every thursday in a milonga", "my tango class moved to mondays"]),
        _probe("what is the user allergic to?", "allergy", "cat", kinds=["answer", "restated"], said=["I'm allergic to cats", "so the cat allergy is not a problem"]),
        _probe("who is the user's partner?", "partner", "Martín", kinds=["non_ascii", "in_passing"], said=["Martín and I moved in together"]),
        _probe("what is the user's dog called?", "dog_name", "Fideo", kinds=["in_passing"], said=["we adopted a dog!! Fideo"]),
        _probe("what does the user do for work?", "job", "translator", kinds=["plain"], said=["I'm a freelance translator"]),
        _probe("what language is the user learning?", "learning_language", "Italian", kinds=["in_passing"], said=["starting an italian course in May"]),
    ]
    return sessions, probes


def _u13():
    # Irish plumber in Cork, terse: Transit -> Vito, proposes to Aoife, gives up hurling, brother in Sydney, son's Gaelscoil
    sessions = [
        _session(
            "2025-02-18T07:10:00",
            "need a quote template. self employed plumber in cork. job is full bathroom refit, customer wants it in writing",
            "Here's a simple quote layout:\n\nQUOTATION\n[Your name / business name], Plumbing & Heating, Cork\nPhone | Email | VAT no. (if registered)\n\nQuote no.: ___  Date: ___  Valid for: 30 days\nCustomer: ___  Address: ___\n\nDescription of works:\n• Strip out existing bathroom suite and tiles\n• Supply and fit new WC, basin, shower/bath\n• Pipework alterations as required\n• Tiling (if included)\n• Removal of waste\n\nMaterials: €___\nLabour: €___\nTotal (incl./excl. VAT): €___\n\nPayment terms: e.g. 30% deposit, balance on completion.\nExclusions: anything not listed, e.g. electrical or plastering.",
            "grand. put tiling as separate line, customer is getting own tiler",
            "Updated: “Tiling — not included (by customer's tiler). Price assumes walls and floor are ready for tiling by others.” That way nobody argues later about who preps the walls.",
            "good thinking. also the transit failed the CVRT, brakes. is it worth fixing a 2012 with 290k km",
            "At 290k km and 13 years old, it depends on the rest of the van. If the brakes are the only fail item and the engine, gearbox and body are sound, fixing brakes is usually a few hundred euro and worth it. If rust, clutch or injectors are also on the way out, it might be time to look at a replacement before you sink more into it.",
            "clutch is slipping too to be honest. ill get it through this time and look around. training tonight anyway, tuesday hurling, cant be late",
            "Makes sense — get it through the test and start looking without pressure. Enjoy training!",
        ),
        _session(
            "2025-04-03T21:45:00",
            "personal one. me and aoife are together 5 years. thinking of proposing in june in kerry. ideas that arent cheesy",
            "Lovely! Some non-cheesy ideas in Kerry:\n• A walk to a quiet spot she loves — maybe on the Dingle Peninsula or Ladies View — just the two of you, no audience.\n• A simple picnic at Derrynane beach with something that means something to you two.\n• If she's not into big moments, a quiet evening at the place you're staying, then tell family together the next day.\nWhat's her style — private or does she like a bit of a fuss?",
            "private. shed kill me if there was a crowd",
            "Then the walk or the picnic, with nobody else around. Bring a flask of tea and don't overthink the words — say why you want to spend your life with her, in your own voice. A photographer hiding in a bush is exactly the crowd she'd hate!",
            "ha. my brother Seán is in Sydney, he'll want to fly home for the wedding if she says yes",
            "Give him plenty of notice then — flights from Sydney are long and dear, so once you have a date he'll want to book early. Fingers crossed for June!",
            "cheers",
            "Best of luck!",
        ),
        _session(
            "2025-07-15T18:30:00",
            "she said yes 💍 now the headache starts lol. need help with a budget spreadsheet for a small wedding, 80 people",
            "Congratulations to you and Aoife! For a small wedding of 80, set up these columns: Item | Estimate | Actual | Paid | Due date. Rows:\n• Venue + food (usually the biggest, ~40–50%)\n• Drinks\n• Church/ceremony fees\n• Photographer\n• Music / band\n• Rings\n• Dress and suits\n• Flowers\n• Cake\n• Cars\n• Stationery\n• Contingency (10%)\nTotal it at the bottom and compare with what you've set aside.",
            "ok. also swapped the transit for a vito, merc, 2019. much better on the road. can i claim the van on tax",
            "Yes — as a self-employed plumber, a van used for the business can generally be claimed through capital allowances (wear and tear) over several years, and running costs like diesel, insurance and repairs are deductible in proportion to business use. Your accountant will set it up correctly; keep the invoice and a log of business vs personal use.",
            "grand. and no more hurling for me, back is banjaxed, physio said stop. so tuesdays are free for wedding stuff now",
            "Sorry to hear about your back — but wedding planning will happily take your Tuesday evenings! Keep the physio exercises going; backs get better with consistent work.",
            "also the young lad Oisín starts in Gaelscoil Uí Drisceoil in september, do i need to learn irish to help with homework lol",
            "Not fluently! Gaelscoileanna expect that many parents aren't fluent. Learning a few basic phrases helps, and the school may run classes for parents. Homework is often designed so kids can explain it to you — which also helps their Irish.",
        ),
    ]
    probes = [
        _probe("what van does the user drive?", "van", "Vito", stale=["Transit"], kinds=["changed", "informal"], said=["the transit failed the CVRT", "swapped the transit for a vito"]),
        _probe("who is the user's partner?", "partner", "Aoife", kinds=["restated", "in_passing"], said=["me and aoife are together 5 years", "she said yes"]),
        _probe("does the user play hurling?", "hurling", None, gone=["hurling"], kinds=["ended", "informal"], said=["tuesday hurling, cant be late", "no more hurling for me"]),
        _probe("where does the user's brother live?", "brother_city", "Sydney", kinds=["in_passing"], said=["my brother Seán is in Sydney"]),
        _probe("which school will the user's son attend?", "son_school", "Gaelscoil Uí Drisceoil", kinds=["in_passing", "non_ascii"], said=["starts in Gaelscoil Uí Drisceoil"]),
        _probe("what does the user do for a living?", "job", "plumber", kinds=["plain", "informal"], said=["self employed plumber in cork"]),
    ]
    return sessions, probes


def _u14():
    # Chinese-born engineer near Seattle: Amazon -> Tidepool, mother's city slip (Chongqing -> Chengdu), Go club night moves, daughter's daycare
    sessions = [
        _session(
            "2025-01-22T21:10:00",
            "I'm interviewing candidates tomorrow for our team at Amazon, SDE II level. give me a good medium coding question that's not on leetcode top 100?",
            "Here's one that tests reasoning more than memorisation:\n\n**Meeting room booking log.** You get a stream of events `(time, room_id, 'book' | 'release')`. Implement `busiest_room(t1, t2)` returning the room with the most booked time in the window [t1, t2].\n\nWhat it reveals: choosing a data structure (per-room sorted intervals), handling overlaps with the window, and edge cases (bookings that start before t1 or never get released). A strong SDE II candidate will ask clarifying questions first.",
            "nice. follow-up for strong candidates?",
            "Follow-ups: (1) make `busiest_room` fast if it's called far more often than events arrive — e.g. prefix sums per room over time buckets; (2) what changes if events can arrive out of order; (3) how would you shard this if there are millions of rooms across regions?",
            "great, using it. also random: my mom in Chongqing, oops, Chengdu, typing too fast, wants to visit in april. what's the fastest visa route for parents, B2?",
            "Yes, a B-2 visitor visa is the usual route for parents visiting. She applies with the DS-160 form, pays the fee and attends an interview at the US consulate in Chengdu. An invitation letter from you (with your status, address and the purpose and length of the visit) helps. Interview wait times vary a lot, so check the current wait time on the consulate's site and apply soon if April is the goal.",
            "chengdu consulate, convenient. ok",
            "Very convenient — good luck with the application!",
        ),
        _session(
            "2025-03-05T08:20:00",
            "my daughter Mia turns 4 and her daycare, Little Sprouts, allows store-bought treats only. ideas that aren't cupcakes? also I'm lactose intolerant so I'd love something I can eat too lol",
            "Fun non-cupcake ideas, store-bought:\n• Fruit skewers or a fruit tray (often allowed as “treats”)\n• Mini muffins from a bakery — ask for a dairy-free option\n• Rice Krispies-style bars (check labels; many have no milk)\n• Animal crackers in little cups with stickers\n• Popsicles, if they have a freezer — fruit-only ones are dairy-free\nCheck with the teachers about nut rules too.",
            "fruit popsicles, mia will love it. they have a freezer",
            "Perfect, fruit popsicles it is — colourful, dairy-free, and kids go wild for them. Happy birthday to Mia!",
            "btw do you know any chinese bakeries in Bellevue that do dairy free? we live near Crossroads",
            "I can't check current listings, but Bellevue has several Asian bakeries around Crossroads and along NE 8th St. Taiwanese- and Chinese-style bakeries often use less dairy than French ones, but milk powder is common, so ask specifically. Searching “dairy-free bakery Bellevue” on Google Maps and reading recent reviews is the fastest way.",
            "ok ill ask my husband David, he has a sweet tooth, he knows them all",
            "Sounds like David is the right expert for the job! Enjoy the birthday.",
        ),
        _session(
            "2025-05-19T19:40:00",
            "update: I left Amazon and joined Tidepool, a climate data startup, as staff engineer. 3rd week now. how do I onboard fast at a startup with almost no docs",
            "Congrats! Startups without docs reward a few habits:\n• Run everything locally in week one and write down every step that was painful — that becomes the missing setup doc.\n• Ask for one “system tour” from the person who wrote most of the code.\n• Pick a small real bug to fix end to end; you'll touch the deploy path early.\n• Keep a running list of questions and ask in batches.\n• As staff engineer, notice where decisions are being made informally and write short design notes.",
            "writing the setup doc is smart, they'll love it. also my Go club moved from thursday to tuesday nights, so I have to move my 1:1s. any tip for saying no to evening meetings at a startup?",
            "Set your calendar working hours and block Tuesday evening as busy with a recurring event. Then say it simply: “I'm not available Tuesday evenings, but happy to do mornings or Wednesday.” Offering alternatives makes it clearly about scheduling, not commitment. At staff level, modelling sustainable hours also helps the team.",
            "yes. I've played Go since I was 8, it's my only non-screen hobby, not giving it up",
            "Then it's worth protecting! A hobby that old is good for focus too — many engineers say board games help them think about systems.",
            "also my mom's visa got approved! she comes in june",
            "Wonderful news! Mia will love having her grandmother around. June in Seattle is a nice time to visit too.",
        ),
    ]
    probes = [
        _probe("where does the user work?", "employer", "Tidepool", stale=["Amazon"], kinds=["changed"], said=["our team at Amazon", "I left Amazon and joined Tidepool"]),
        _probe("where does the user's mother live?", "mother_city", "Chengdu", stale=["Chongqing"], kinds=["slip_same_message", "informal"], said=["my mom in Chongqing, oops, Chengdu"]),
        _probe("which evening does the user play Go?", "go_day", "Tuesday", stale=["Thursday"], weekly=True, kinds=["changed"], said=["my Go club moved from thursday to tuesday nights"]),
        _probe("which daycare does the user's daughter attend?", "daughter_daycare", "Little Sprouts", kinds=["in_passing"], said=["her daycare, Little Sprouts"]),
        _probe("does the user have any food intolerance?", "intolerance", "lactose", kinds=["in_passing"], said=["I'm lactose intolerant"]),
        _probe("what is the name of the user's husband?", "husband", "David", kinds=["in_passing"], said=["my husband David"]),
        _probe("which city does the user live in?", "home_city", "Bellevue", kinds=["in_passing"], said=["bakeries in Bellevue"]),
    ]
    return sessions, probes


def _u15():
    # Finnish game artist: Kallio -> Tapiola and partner's new job in one sentence, promoted to lead, ice swimming moves Sunday -> Saturday
    sessions = [
        _session(
            "2025-01-19T15:30:00",
            "moi! can you help with my artstation bio? I'm a 3D environment artist at Kuura Games in Helsinki, 5 years in games, mostly stylized nature stuff. current bio is just 'I make trees' lol",
            "“I make trees” has charm, but here's something that keeps the personality:\n\n“3D environment artist at Kuura Games, Helsinki. Five years building stylized worlds — forests, ruins, weather and light. I love turning a mood board into a place you want to walk around in. (Yes, I make a lot of trees.)”",
            "haha the last line stays. thanks!",
            "It's the best line! Pin two or three of your strongest environment pieces at the top of the profile, so visitors see your range right away.",
            "good tip. ok now I'm going to avanto, ice swimming, every sunday with friends at the sauna near our place in Kallio",
            "Brave! Enjoy the avanto — and the sauna afterwards. Remember to get in slowly and keep the first dips short if the water is near zero.",
            "been doing it 3 winters, I'm addicted 🥶",
            "Three winters — you're a veteran! Enjoy it.",
        ),
        _session(
            "2025-03-25T20:05:00",
            "my dog Hilla (finnish lapphund, 2 years) barks at every other dog on walks. how to train this?",
            "Lapphunds are herding dogs and naturally vocal, so this is common. A method that works for many dogs:\n1. Find her “threshold” — the distance at which she notices another dog but doesn't bark yet.\n2. At that distance, every time she looks at a dog, mark it (“yes!”) and give a high-value treat.\n3. Slowly decrease the distance over weeks.\n4. Avoid tight leash tension and scolding; it adds stress.\nA local positive-reinforcement trainer can help a lot if it's intense.",
            "ok the 'look at dog, get treat' thing makes sense. she's perfect inside, just outside she's a drama queen",
            "That's very typical. Inside she feels safe; outside, dogs approaching head-on are stressful. Walking in quieter times and places while you train gives you more good repetitions.",
            "my sister in Tampere has two dogs and Hilla is totally fine with them, weird",
            "Not weird at all — she knows them, and meeting in a relaxed home setting is very different from a dog approaching on a narrow pavement. It actually shows her social skills are fine; it's the leash situation that's the trigger.",
            "interesting. thanks, will try this week",
            "Good luck! Short, frequent sessions work best.",
        ),
        _session(
            "2025-06-08T12:15:00",
            "big month! Aleksi got a job in Otaniemi and we bought a rowhouse in Tapiola, moving in july. bye Kallio. what's a good checklist for moving in Finland?",
            "Congratulations! Finnish moving checklist:\n• Make a moving notification (muuttoilmoitus) at Posti/DVV — it updates your address with many authorities.\n• Electricity contract for the new address (and end the old one).\n• Home insurance for the rowhouse.\n• Internet order early — installation can take weeks.\n• Housing company (taloyhtiö) info: sauna turns, waste sorting, parking.\n• Update your address with your employer, bank and vet.\n• Register Hilla's new address if she's in a registry.",
            "sauna turns, so finnish 😂 also work news, I'm lead environment artist now, since May. managing 4 people, I'm a bit scared",
            "Congratulations on the promotion! Being scared is normal and even healthy — it means you care. A few things help new leads: hold regular short 1:1s with each of your four, stay involved in some art yourself but accept you'll make less, and ask your own manager what success looks like in your first three months.",
            "1:1s ok. also I'll have to find a new avanto place in Espoo, there's a club that swims on saturdays, so saturday will be my day now",
            "That sounds like a good fit — and Espoo has plenty of seaside spots. A new club is also a great way to meet people in a new area.",
            "yes. kiitos!",
            "Ole hyvä! Good luck with the move.",
        ),
    ]
    probes = [
        _probe("which neighbourhood does the user live in?", "neighbourhood", "Tapiola", stale=["Kallio"], apart="Otaniemi", kinds=["changed", "two_facts"], said=["near our place in Kallio", "we bought a rowhouse in Tapiola"]),
        _probe("where does the user's partner work?", "partner_workplace", "Otaniemi", apart="Tapiola", kinds=["two_facts", "in_passing"], said=["Aleksi got a job in Otaniemi"]),
        _probe("what is the user's job title?", "job_title", "lead environment artist", stale=["3D environment artist"], kinds=["changed"], said=["I'm a 3D environment artist at Kuura Games", "I'm lead environment artist now"]),
        _probe("which day does the user go ice swimming?", "ice_swim_day", "Saturday", stale=["Sunday"], weekly=True, kinds=["changed", "in_passing"], said=["every sunday with friends", "saturday will be my day now"]),
        _probe("what is the user's dog's name?", "dog_name", "Hilla", kinds=["in_passing", "restated"], said=["my dog Hilla", "Hilla is totally fine"]),
        _probe("where does the user's sister live?", "sister_city", "Tampere", kinds=["in_passing"], said=["my sister in Tampere"]),
        _probe("where does the user work?", "employer", "Kuura Games", kinds=["plain"], said=["at Kuura Games in Helsinki"]),
    ]
    return sessions, probes


def _u16():
    # Bristol mum: son's peanut allergy and school, yoga day slip then change, dental reception -> full time at a vets, sister in Cardiff
    sessions = [
        _session(
            "2025-01-27T13:05:00",
            "hiya can u help me write to my sons teacher. Alfie is in year 2 at St Werburgh's Primary and he's allergic to peanuts, they have a trip to the farm next week and I want to make sure they know + have his epipen",
            "Of course! Here's a message:\n\n“Dear Mrs/Mr [Name],\n\nI'm writing ahead of next week's farm trip about Alfie's peanut allergy. Could you please make sure that:\n• his adrenaline auto-injector (EpiPen) goes on the trip with a trained adult,\n• staff check packed lunches and any snacks at the farm for peanuts,\n• the farm knows about his allergy in case of food or feed that contains nuts?\n\nI'm happy to provide a second pen or talk it through before the trip.\n\nMany thanks,\n[Your name]”",
            "perfect thanks. I'd volunteer to go but I work part time on reception at a dental practice and they never let me swap shifts",
            "That's completely understandable — a clear message like this does the job just as well. You could also ask who the adult carrying his pen will be, so you know he's covered.",
            "good idea. sign it Gemma Morgan",
            "Done: “Many thanks, Gemma Morgan”. Hope Alfie has a brilliant time at the farm!",
            "he's obsessed with goats so hes going to be unbearable lol",
            "A goat-obsessed seven-year-old at a farm — that's a day he'll talk about for weeks! 🐐",
        ),
        _session(
            "2025-03-14T19:40:00",
            "need a cheap 5 day meal plan for a family of 4, no peanuts obviously. also nothing too long on tuesdays bc I have yoga",
            "Here's a budget plan, nut-free:\n• Mon: sausage and bean casserole with mash\n• Tue (yoga night): wraps with chicken, salad and salsa — 15 minutes\n• Wed: spaghetti bolognese (make double, freeze half)\n• Thu: baked potatoes with chilli (from the frozen bolognese plus beans and spices)\n• Fri: homemade pizza night\nAlways check labels for “may contain nuts”, especially on wraps and pizza bases.",
            "wait sorry its monday not tuesday, yoga is mondays. tuesday is Alfie's swimming. brain is fried",
            "No problem — just swap Monday and Tuesday:\n• Mon (yoga night): quick chicken wraps\n• Tue (swimming): sausage casserole, made in the morning or in a slow cooker so it's ready when you're back\nEverything else stays the same.",
            "slow cooker yes. Gareth can put it on, he starts late on tuesdays",
            "Perfect — Gareth puts it on in the morning and dinner's ready after swimming. Slow cooker sausages are hard to ruin.",
            "brill. thank you!!",
            "You're welcome! Enjoy yoga on Monday.",
        ),
        _session(
            "2025-05-30T20:20:00",
            "update lol, left the dental practice and started full time at Redland Vets, still reception but animals are nicer than people with toothache 😂 need help with a childcare plan for the summer hols",
            "Congrats on the new job — and fair point about the animals! For summer childcare with full-time hours, a mix usually works:\n• Holiday clubs (many Bristol schools and leisure centres run them; check if they accept childcare vouchers/Tax-Free Childcare).\n• Swapping days with other parents.\n• Family help for a week or two.\n• Some annual leave split between you and Gareth.\nWhich weeks are hardest to cover?",
            "august mostly. my sister in Cardiff said she can have Alfie for a week, he loves going there",
            "That's a great help. So August could look like: week 1 with your sister in Cardiff, week 2 holiday club, week 3 leave for you or Gareth, week 4 holiday club or a parent swap. Book clubs early — they fill fast.",
            "and make sure the club knows about peanuts. oh also my yoga moved to thursdays bc of the new hours, so I need thursday pickups covered",
            "Yes — give any holiday club the allergy details and a spare pen. For Thursdays, ask whether the club runs a late pickup, or make Thursday one of Gareth's pickup days.",
            "gareth thursdays, done 👍",
            "Sorted! Good luck with the summer planning.",
        ),
    ]
    probes = [
        _probe("where does the user work?", "employer", "Redland Vets", stale=["dental practice"], kinds=["changed"], said=["I work part time on reception at a dental practice", "started full time at Redland Vets"]),
        _probe("what is the user's son allergic to?", "son_allergy", "peanut", kinds=["in_passing", "two_facts"], apart="St Werburgh's", said=["he's allergic to peanuts"]),
        _probe("which school does the user's son attend?", "son_school", "St Werburgh's", apart="peanut", kinds=["two_facts"], said=["Alfie is in year 2 at St Werburgh's Primary"]),
        _probe("which day does the user do yoga?", "yoga_day", "Thursday", stale=["Monday", "Tuesday"], weekly=True, kinds=["slip_next_message", "changed"], said=["bc I have yoga", "yoga is mondays", "my yoga moved to thursdays"]),
        _probe("what is the name of the user's husband?", "husband", "Gareth", kinds=["in_passing"], said=["Gareth can put it on"]),
        _probe("where does the user's sister live?", "sister_city", "Cardiff", kinds=["in_passing"], said=["my sister in Cardiff"]),
    ]
    return sessions, probes


def _u17():
    # Turkish civil engineer: İzmir -> Berlin, Ege Yapı -> Baumann & Partner, breaks up with Emre, cat Pamuk, three languages as a list
    sessions = [
        _session(
            "2025-02-11T10:45:00",
            "Hello, quick check please. Slab 6m x 8m, 20cm thick, how many m3 concrete and how many mixer trucks if truck is 9 m3? I'm site engineer at Ege Yapı in İzmir, I want to double check the foreman.",
            "Volume = 6 × 8 × 0.20 = 9.6 m³. Add roughly 5% for waste and uneven subgrade → about 10.1 m³. With 9 m³ trucks, that's 2 trucks (the second only partly full). Many sites order the first truck full and the second with the balance once they see how the pour is going.",
            "Yes, foreman said 2 trucks also. Good 👍",
            "Then you're both right! Confirm the slump and the pour time with the plant so the second truck arrives before the first part starts to set.",
            "Another question, not engineering. My boyfriend Emre says my cat Pamuk is too fat. She is 6.5 kg. Is it fat?",
            "It depends on her frame — a large cat can be healthy at 6.5 kg, but for an average domestic cat the ideal is often 3.5–5 kg. Check her shape: you should feel her ribs easily with light pressure and see a waist from above. If not, ask your vet about a target weight and measure food instead of free-feeding.",
            "I can't feel ribs 😅 ok Emre is right, don't tell him",
            "Your secret is safe! Small changes work: measure portions, use a puzzle feeder, and play with her for 10 minutes twice a day.",
        ),
        _session(
            "2025-04-22T21:00:00",
            "Big news, I accepted a job in Berlin! Baumann & Partner, structural engineer, start in June. I need to translate my diploma, is sworn translation needed for Germany?",
            "Congratulations! For German authorities and employers, certified (sworn) translations by a translator sworn in Germany (“beeidigte/ermächtigte Übersetzer”) are usually expected for official documents like diplomas. For engineering recognition, check the state engineering chamber (in Berlin, the Baukammer Berlin) and the “anabin” database for how your Turkish degree is classified.",
            "Ok. Emre stays in İzmir for now, we try long distance. Is it crazy?",
            "Not crazy — lots of couples do it, especially for a career move. It helps to agree on how often you'll talk and visit, and to have a rough plan for the future, like whether one of you might move later. Flights from Berlin to İzmir are fairly frequent and not too expensive.",
            "We'll see. What about Pamuk, can she fly with me?",
            "Yes. For a cat from Turkey to Germany you'll typically need a microchip, a rabies vaccination, a rabies antibody titre test (done at an EU-approved lab, then a waiting period), and a health certificate. Because the titre test has a waiting period of three months, start immediately if you want her with you soon. Many airlines allow cats in the cabin under a weight limit — though at 6.5 kg plus carrier she might be just over.",
            "Three months! Ok my mother can keep her until september",
            "Good plan — start the titre test now and she can join you in the autumn.",
        ),
        _session(
            "2025-08-03T17:30:00",
            "Hi. Emre and I broke up, long distance didn't work. It's ok, more or less. I need something to do on weekends in Berlin, I don't know anybody.",
            "I'm sorry, that's hard, especially in a new city. Some good ways to meet people in Berlin: a sports club (Vereine are very social), an international meetup or language exchange (Tandem), a climbing or bouldering gym, volunteering, or a Turkish-German cultural association. Is there a sport you like?",
            "Tennis. I joined a club in Tempelhof already, every saturday morning there's a mixed doubles group",
            "That's a great start — doubles groups are very social. Stay for a coffee after playing even when you're tired; that's where friendships start.",
            "Yes. My German is the problem, I speak Turkish, English and German but German only B1, people switch to english",
            "A common Berlin problem! Say “Können wir auf Deutsch bleiben? Ich möchte üben.” — most people are happy to help when they know you want to practise. Your tennis group is perfect for low-pressure conversation.",
            "Good sentence, I will use it. Also Pamuk arrives next month finally, my flat in Neukölln is ready for her",
            "Wonderful — having her with you will make the flat feel like home. Set up a quiet corner with her bed, litter and food before she arrives.",
        ),
    ]
    probes = [
        _probe("where does the user work?", "employer", "Baumann & Partner", stale=["Ege Yapı"], kinds=["changed", "non_ascii"], said=["I'm site engineer at Ege Yapı", "Baumann & Partner, structural engineer"]),
        _probe("which city does the user live in?", "home_city", "Berlin", stale=["İzmir"], kinds=["changed", "non_ascii", "restated"], said=["Ege Yapı in İzmir", "I accepted a job in Berlin", "weekends in Berlin"]),
        _probe("who is the user's partner?", "partner", None, gone=["Emre"], kinds=["ended"], said=["My boyfriend Emre", "Emre and I broke up"]),
        _probe("what is the name of the user's cat?", "cat_name", "Pamuk", kinds=["in_passing", "restated"], said=["my cat Pamuk", "Pamuk arrives next month"]),
        _probe("what languages does the user speak?", "languages", "Turkish, English and German", kinds=["plain"], said=["I speak Turkish, English and German"]),
        _probe("which day does the user play tennis?", "tennis_day", "Saturday", weekly=True, kinds=["answer", "in_passing"], said=["every saturday morning there's a mixed doubles group"]),
    ]
    return sessions, probes


def _u18():
    # Montreal ESL teacher: car given as an answer then replaced, beer-league hockey moves day, new principal, daughter's school
    sessions = [
        _session(
            "2025-01-14T19:15:00",
            "hey, I teach ESL at École secondaire Jeanne-Mance, sec 2 kids. I need a 60 min lesson on past simple vs present perfect that isn't boring. they're 13-14",
            "Here's a 60-minute plan:\n1. (10 min) Warm-up: “Have you ever…?” bingo — students walk around and find someone who has ever eaten poutine at 3 a.m., met a celebrity, etc. When they find one, they ask a follow-up in past simple: “When did you do it?”\n2. (15 min) Discover the rule from their own examples on the board: experience (present perfect) vs finished time (past simple).\n3. (20 min) Pair task: interview a partner and write a mini-profile.\n4. (10 min) Quick game: you say a time marker (“yesterday”, “ever”, “in 2019”), teams race to make a correct sentence.\n5. (5 min) Exit ticket: two sentences each.",
            "bingo is great, they love moving around. merci!",
            "Avec plaisir! Keep the bingo prompts funny and local — Montreal references get more buy-in.",
            "good idea. gotta go, beer league hockey tonight, tuesdays are sacred lol",
            "Enjoy the game! Tuesday hockey is a Canadian institution.",
            "haha it is. our team is terrible but the beer after is great",
            "Sounds like the important part is covered! Have fun.",
        ),
        _session(
            "2025-03-03T12:00:00",
            "planning a weekend in Quebec City for spring break with my partner Geneviève and our daughter. any tips for a 7 year old?",
            "Quebec City is great with kids! Ideas:\n• Walk the Old Town and ride the Funiculaire.\n• Terrasse Dufferin — there's often a toboggan slide in winter season.\n• Musée de la civilisation, which usually has good kids' exhibits.\n• Montmorency Falls, with the cable car and suspension bridge.\n• Sugar shack (cabane à sucre) nearby in March — tire d'érable on snow is a hit with kids.\nAre you driving up?",
            "yeah we have an old Civic, 2011, it'll do the trip fine",
            "The Civic will be fine on the 40 or the 20 — about 3 hours. Check that the winter tires are still good (they're required in Quebec until mid-March) and carry a scraper and washer fluid rated for −40.",
            "ok. Chloé is in 2nd grade at École Saint-Enfant-Jésus, she's doing a project on New France, so the museum is perfect",
            "Perfect timing! She could take photos for her project at the Place Royale area and the Maison Chevalier. A little notebook to draw what she sees would make it feel like a real explorer mission.",
            "she'll love being an 'explorer'. thanks!",
            "Have a wonderful trip!",
        ),
        _session(
            "2025-06-20T21:30:00",
            "end of year! our principal Mme Tremblay is retiring and the new one is M. Bouchard, I'm supposed to say a few words at her party. 1 minute, funny but warm",
            "Here's a one-minute toast:\n\n“Mme Tremblay, for X years you've been the calm in our storms: the photocopier jams, the snow days announced at 5:58 a.m., the sec 2 field trips we still don't talk about. You always had time for us — and for every student who knocked on your door. We'll miss your laugh, your lists and your famous ‘on va s'arranger’. Bonne retraite — you've earned every minute of it!”",
            "'on va s'arranger' is exactly her 😂 perfect",
            "Then you've got it! Deliver it slowly and pause after the photocopier line — that's where the laugh will be.",
            "also news, we traded the Civic for a Kia Niro EV, the rebates were good. charging at home on a normal plug is ok?",
            "Congrats on going electric! A normal 120 V outlet (level 1) works but is slow — roughly 6–8 km of range per hour. For daily commuting that can be enough overnight. A 240 V level 2 charger is much more practical in winter, and Quebec and Hydro-Québec programs have offered rebates on home chargers, so check what's currently available.",
            "ok. and hockey league moved to thursdays for the summer season, so no more tuesdays, Geneviève is happy bc tuesday is her yoga",
            "A win for everyone! Thursday hockey, Tuesday yoga — a balanced household.",
        ),
    ]
    probes = [
        _probe("what car does the user drive?", "car", "Niro", stale=["Civic"], kinds=["answer", "changed"], said=["yeah we have an old Civic", "we traded the Civic for a Kia Niro EV"]),
        _probe("which day does the user play hockey?", "hockey_day", "Thursday", stale=["Tuesday"], weekly=True, kinds=["changed", "informal"], said=["tuesdays are sacred", "hockey league moved to thursdays"]),
        _probe("who is the principal at the user's school?", "principal", "Bouchard", stale=["Tremblay"], kinds=["changed", "in_passing"], said=["the new one is M. Bouchard"]),
        _probe("who is the user's partner?", "partner", "Geneviève", kinds=["non_ascii", "in_passing"], said=["my partner Geneviève"]),
        _probe("which school does the user's daughter attend?", "daughter_school", "Saint-Enfant-Jésus", kinds=["in_passing", "non_ascii"], said=["2nd grade at École Saint-Enfant-Jésus"]),
        _probe("where does the user teach?", "workplace", "Jeanne-Mance", kinds=["plain"], said=["I teach ESL at École secondaire Jeanne-Mance"]),
    ]
    return sessions, probes


def _u19():
    # Egyptian pharmacist: Cairo -> Dubai, Seif -> Aster, quits smoking, wife's name in Arabic script, daughter's school, plays oud
    sessions = [
        _session(
            "2025-02-08T22:30:00",
            "Hello doctor 😄 I need study plan for the DHA exam for pharmacists in Dubai. I am pharmacist at Seif Pharmacies in Heliopolis, Cairo, 6 years experience, exam in 10 weeks",
            "Happy to help (though I'm not a doctor!). A 10-week plan:\n• Weeks 1–2: pharmacology by system (cardio, CNS, antimicrobials) — drug classes, mechanisms, key side effects.\n• Weeks 3–4: pharmacotherapy of common diseases (diabetes, hypertension, asthma, infections).\n• Week 5: calculations (doses, dilutions, paediatric dosing) — daily practice.\n• Week 6: pharmaceutics, pharmacokinetics.\n• Week 7: law and ethics relevant to Dubai practice, OTC counselling.\n• Weeks 8–9: full practice MCQ sets under timed conditions, review every mistake.\n• Week 10: light review, rest before the exam.\nAbout 1.5–2 hours on weekdays and more on weekends.",
            "Good. Calculations is my weak point. Also I try to stop smoking now, 10 per day, my wife نور (Nour) says if I go to Dubai I must stop 😅",
            "She's giving you good motivation! As a pharmacist you know the options: nicotine replacement (patch plus a short-acting form like gum works better than either alone), or varenicline or bupropion with a prescription. Setting a quit date and telling friends helps, and the exam stress is a known trigger, so plan what you'll do instead during study breaks — a walk, water, gum.",
            "Patch plus gum, I will start Saturday. For calculations, give me 3 questions now",
            "1. A child weighs 18 kg; dose is 15 mg/kg/day divided every 8 hours. How many mg per dose?\n2. How many mL of 20% KCl solution contain 40 mmol K⁺? (KCl MW 74.5)\n3. Dilute 500 mL of 70% alcohol to 40%. How much water to add?\n\nAnswers when you're ready!",
            "1) 90 mg 2) I'm not sure 3) 375 ml",
            "1) Correct: 270 mg/day ÷ 3 = 90 mg. 2) 40 mmol × 74.5 mg = 2,980 mg ≈ 2.98 g; 20% = 20 g/100 mL, so 2.98 ÷ 0.2 ≈ 14.9 mL. 3) Correct: 500 × 70 = V × 40 → V = 875 mL, so add 375 mL. Two out of three — the mmol ones just need practice.",
        ),
        _session(
            "2025-05-01T15:00:00",
            "I passed the DHA!! And I have offer from Aster Pharmacy in Dubai. Can you help me reply to accept, and ask about housing allowance?",
            "Congratulations! Here's a reply:\n\n“Dear [Name],\n\nThank you very much for the offer for the Pharmacist position at Aster Pharmacy. I am delighted to accept.\n\nBefore signing, could you please clarify the housing allowance — whether it is included in the monthly package or paid separately, and whether company accommodation is an option? I will be relocating with my wife and daughter.\n\nI look forward to joining the team.\n\nBest regards,\nKarim Mansour”",
            "Perfect. Also good news, I don't smoke anymore, 7 weeks now with no cigarette 💪",
            "That's a huge achievement — seven weeks is past the hardest part for most people. Keep an eye on high-risk moments like the move and the first weeks in a new job, and keep some gum around just in case.",
            "Yes. In Dubai I want to continue my oud lessons, I play oud since university. Is there music schools?",
            "Yes, Dubai has several music institutes that teach oud, and there are private teachers too — search for “oud lessons Dubai” and look for places with Arabic music departments. Some community centres also have informal oud and Arabic music groups, which are a great way to meet people.",
            "Good, I will search when I arrive",
            "Sounds good. Congratulations again on the exam and the job!",
        ),
        _session(
            "2025-08-19T20:10:00",
            "We arrived in Dubai, we live in Al Barsha now. My daughter Salma starts at Crescent International School next week, grade 4. How to help her adjust, she is shy",
            "Welcome to Dubai! For a shy child starting a new school:\n• Visit the school together before the first day, find her classroom and the toilets.\n• Ask the teacher to pair her with a kind buddy for the first week.\n• Keep mornings calm and predictable.\n• After school, ask specific questions (“Who did you sit with at lunch?”) instead of “How was school?”.\n• Invite one classmate over after a couple of weeks — one friend makes a big difference.",
            "Good, the buddy idea. نور will talk to the teacher. Also my brother in Alexandria wants to visit in winter, what visa he needs?",
            "Egyptian citizens generally need a visit visa for the UAE arranged in advance — you can usually sponsor a relative's visit visa as a UAE resident, or he can apply through an airline or a travel agency that processes UAE visas. Rules change, so check the ICP/GDRFA Dubai website for the current requirements before he books.",
            "Ok. The work at Aster is good, busier than Seif but more organized",
            "Busier but organized is a good combination — you'll learn the systems quickly. Glad the start is going well.",
            "Thank you my friend",
            "You're welcome — all the best to you, Nour and Salma in the new home!",
        ),
    ]
    probes = [
        _probe("where does the user work?", "employer", "Aster Pharmacy", stale=["Seif"], kinds=["changed", "restated"], said=["pharmacist at Seif Pharmacies", "offer from Aster Pharmacy in Dubai", "The work at Aster is good"]),
        _probe("which city does the user live in?", "home_city", "Dubai", stale=["Cairo"], kinds=["changed"], said=["Heliopolis, Cairo", "We arrived in Dubai"]),
        _probe("what is the name of the user's wife?", "wife", "نور", kinds=["non_ascii", "in_passing", "restated"], said=["my wife نور (Nour)", "نور will talk to the teacher"]),
        _probe("does the user smoke?", "smoking", None, gone=["smoking"], kinds=["ended"], said=["I try to stop smoking now", "I don't smoke anymore"]),
        _probe("which school does the user's daughter attend?", "daughter_school", "Crescent International School", kinds=["in_passing"], said=["starts at Crescent International School"]),
        _probe("what instrument does the user play?", "instrument", "oud", kinds=["in_passing"], said=["I play oud since university"]),
        _probe("where does the user's brother live?", "brother_city", "Alexandria", kinds=["in_passing"], said=["my brother in Alexandria"]),
    ]
    return sessions, probes


def _u20():
    # Madrid marketer: laid off and between jobs, running club -> padel on Wednesdays, dog Churro, sister in Sevilla
    sessions = [
        _session(
            "2025-03-06T09:50:00",
            "hola! I'm marketing manager at Pimentón Media and I have to present Q1 results to the board in english tomorrow 😬 can you make my slide titles sound less spanish? 'Growth of the followers in the social networks', 'The campaign of summer was a success of conversion'",
            "Sure! More natural English:\n• “Social media follower growth”\n• “Summer campaign: strong conversion results”\nSlide titles in English are usually short noun phrases, without “the” and “of” chains. Want to send me the rest?",
            "yes: 'Budget that we have spent vs planned', 'Next steps for to improve the engagement'",
            "• “Budget: actual vs planned”\n• “Next steps to improve engagement”\nYou're very close — mostly it's “for to” (just “to”) and dropping extra articles.",
            "mil gracias. tonight I can't practise much, I have to walk Churro and then run club, we run in Retiro every saturday morning and tomorrow is only thursday but the coach wants an extra session lol",
            "A busy evening! A good trick: rehearse the presentation out loud while you walk Churro — talking to a dog is great practice, and he won't interrupt. Good luck with the board tomorrow!",
            "jajaja Churro is the best audience",
            "Exactly — zero tough questions. ¡Suerte!",
        ),
        _session(
            "2025-05-14T18:30:00",
            "bad news. Pimentón Media had layoffs and I was one of them. So now I'm between jobs. Can you help me with a LinkedIn post that doesn't sound desperate?",
            "I'm sorry, Lucía — that's a rough hit. Here's a post that's confident and open:\n\n“After four great years leading marketing at Pimentón Media, I was affected by this month's restructuring. I'm proud of what we built: [1–2 concrete wins, e.g. +60% social growth, award-winning summer campaign].\n\nI'm now open to new roles in brand and growth marketing in Madrid or remote. If you know a team that needs someone who loves data and stories in equal measure, I'd love to talk. 🙌”",
            "I like it. The +60% is real, put that",
            "Done. Leading with a real number makes it concrete and memorable. Tag a few former colleagues who can vouch for you — it increases reach a lot.",
            "ok. at least now I have time. my sister lives in Sevilla, maybe I go there for a week with Churro, my boyfriend Javier can't, he works",
            "A week in Sevilla with your sister could be a good reset. Just remember May and June there get very hot — walk Churro early morning or after sunset, and check the asphalt with your hand before long walks.",
            "true, Churro hates heat. he's a bulldog, poor thing",
            "Bulldogs really struggle in heat because of their short noses. Keep him cool, bring a cooling mat, and avoid midday outings completely — Sevilla will be tough for him, so maybe plan indoor time around the hottest hours.",
        ),
        _session(
            "2025-07-02T20:10:00",
            "hola again. still between jobs, 2 interviews next week. one is in english, can you do a mock interview with me?",
            "Of course! Let's start:\n\nQ1: “Tell me about yourself and why you're interested in this role.”\n\nTake your time and answer as you would in the interview — I'll give feedback after.",
            "I am marketing professional with 8 years experience, last 4 as marketing manager. I love combine data and creativity. I'm interested because your company is growing fast and I want to build the brand from early stage",
            "Solid content! Small fixes: “I'm a marketing professional…”, “I love combining data and creativity”. Add one concrete result to make it stick: “…where I grew our social audience by 60% in a year.” Then end with why them specifically — mention a product or campaign of theirs you admire.",
            "ok good. also I stopped the running club, my knee. I play padel now with friends every wednesday in Lavapiés, much more fun honestly",
            "Padel is a great choice — lots of fun, very social, and the court is smaller, though it still has quick turns, so warm up well for the knee. Lavapiés on a Wednesday evening sounds like a good way to break up the job-hunting week.",
            "yes, near my flat, 3 min walk. ok next question please",
            "Q2: “Tell me about a campaign that didn't go as planned. What did you learn?”",
        ),
    ]
    probes = [
        _probe("where does the user work?", "employer", None, gone=["Pimentón Media"], kinds=["ended", "non_ascii"], said=["I'm marketing manager at Pimentón Media", "So now I'm between jobs", "still between jobs"]),
        _probe("what sport does the user do?", "sport", "padel", stale=["running"], gone=["running club"], kinds=["changed", "ended"], said=["then run club, we run in Retiro", "I stopped the running club"]),
        _probe("which day does the user play padel?", "padel_day", "Wednesday", weekly=True, kinds=["in_passing"], said=["I play padel now with friends every wednesday"]),
        _probe("what is the user's dog called?", "dog_name", "Churro", kinds=["in_passing", "restated"], said=["I have to walk Churro", "he's a bulldog, poor thing"]),
        _probe("where does the user's sister live?", "sister_city", "Sevilla", kinds=["in_passing"], said=["my sister lives in Sevilla"]),
        _probe("which neighbourhood does the user live in?", "neighbourhood", "Lavapiés", kinds=["in_passing", "non_ascii"], said=["in Lavapiés, much more fun", "near my flat, 3 min walk"]),
        _probe("who is the user's partner?", "partner", "Javier", kinds=["in_passing"], said=["my boyfriend Javier"]),
    ]
    return sessions, probes


def _u21():
    # Indonesian MSc student in the Netherlands: Amstelveen -> Amsterdam-Noord, supermarket job -> student assistant, Dutch class moves day, halal
    sessions = [
        _session(
            "2025-01-08T16:40:00",
            "hi, stats question for my thesis. I have water quality samples from 12 canals, measured 4 times each. can I use normal ANOVA or is it repeated measures?",
            "Since each canal is measured four times, the measurements within a canal aren't independent — so a plain one-way ANOVA would be wrong. Options:\n• Repeated-measures ANOVA if time is a factor and the design is balanced.\n• Better and more flexible: a linear mixed model with canal as a random effect, e.g. in R: `lmer(quality ~ time + (1 | canal), data = d)`.\nMixed models also handle a missing sample without dropping the whole canal.",
            "mixed model, ok my supervisor will like that. I'm doing MSc environmental science at VU, first time using R seriously 😅",
            "You picked a good first project for it! The `lme4` and `lmerTest` packages will be your friends, and `ggplot2` for plots. Write the analysis as an R script from the start rather than typing into the console — future you will thank you.",
            "ok. I have to go to work now, I work part time at the Albert Heijn in Amstelveen, close to my room",
            "Good luck with the shift! When you're back, I can help you write the first version of the model step by step.",
            "thank you, tomorrow maybe 🙏",
            "Anytime!",
        ),
        _session(
            "2025-02-20T19:10:00",
            "my friends want to have dinner for my birthday, I eat halal only. is there good halal places in Amsterdam not too expensive?",
            "Happy early birthday! Amsterdam has plenty of halal options: Turkish and Moroccan restaurants in areas like De Baarsjes and around Bos en Lommer, Indonesian and Surinamese places (many are halal — ask to be sure), and Middle Eastern grills. Searching “halal restaurant Amsterdam” with recent reviews will help you find current favourites.",
            "Indonesian place with my friends, good idea, I miss rendang. but maybe not tuesday, I have Dutch class every tuesday evening",
            "Then a Wednesday or weekend dinner works better. Indonesian food in the Netherlands is often excellent — rendang, sate and a rijsttafel to share with friends would be perfect.",
            "rijsttafel is a dutch thing actually lol but yes",
            "True — it's a Dutch colonial invention, not something you'd usually eat in Indonesia! But it's fun for a group. Enjoy your birthday dinner.",
            "hehe thanks",
            "Selamat ulang tahun in advance!",
        ),
        _session(
            "2025-04-29T21:00:00",
            "I moved! Now I live in Amsterdam-Noord, a room in a shared house, 15 min ferry to Centraal. it's much better than Amstelveen for my social life",
            "Congratulations on the move! Noord is a great area, with lots of creative spaces and the free ferry is a nice commute. Do you need help with registration at the municipality (gemeente)?",
            "yes, what do I need to register?",
            "Make an appointment with the Gemeente Amsterdam to register your new address within five days of moving. Bring your passport or residence card, your rental contract (or written permission from the main tenant plus a copy of their ID), and your birth certificate if it's your first registration. Your BSN stays the same.",
            "ok. and I quit Albert Heijn, now I'm a student assistant at the university, helping in the GIS lab. better for my CV",
            "Great move — a student assistant job in a GIS lab is very relevant for environmental science and looks good to employers and PhD programmes. Ask whether you can use some of the data or tools for your thesis too.",
            "good idea, I'll ask",
            "Good luck!",
        ),
        _session(
            "2025-06-25T17:20:00",
            "my brother is coming from Surabaya to visit in july! first time in Europe. what should we do in 5 days?",
            "How exciting! A 5-day plan:\n• Day 1: canal walk, Jordaan, Anne Frank House (book weeks ahead).\n• Day 2: Rijksmuseum, Vondelpark, picnic.\n• Day 3: day trip to Zaanse Schans (windmills) and Volendam.\n• Day 4: Utrecht or Haarlem by train.\n• Day 5: show him Noord — NDSM wharf, the ferry, and your favourite places.\nJuly is peak season, so book tickets online.",
            "nice. and my Dutch class changed, the tuesday group closed so I'm in the thursday group now. so thursday evenings we can't do anything",
            "Then plan the Utrecht or Haarlem trip on a day other than Thursday, and keep Thursday as a relaxed evening for him in Noord while you're at class.",
            "perfect. he loves trains so utrecht is good",
            "Then he'll love Utrecht Centraal — it's the biggest station in the country. Have a wonderful visit!",
            "last thing, does he need a visa? he has indonesian passport",
            "Yes — Indonesian citizens need a Schengen short-stay visa for the Netherlands. He applies through the Dutch visa application centre in Indonesia, usually with a flight booking, travel insurance, proof of funds and an invitation letter from you with your address and a copy of your residence permit. Apply early, since summer appointments fill up quickly.",
        ),
    ]
    probes = [
        _probe("where does the user live?", "home", "Amsterdam-Noord", stale=["Amstelveen"], kinds=["changed"], said=["Albert Heijn in Amstelveen, close to my room", "Now I live in Amsterdam-Noord"]),
        _probe("what is the user's job?", "job", "student assistant", stale=["Albert Heijn"], kinds=["changed"], said=["I work part time at the Albert Heijn", "now I'm a student assistant"]),
        _probe("which day does the user have Dutch class?", "dutch_class_day", "Thursday", stale=["Tuesday"], weekly=True, kinds=["changed", "in_passing"], said=["I have Dutch class every tuesday evening", "I'm in the thursday group now"]),
        _probe("does the user have dietary restrictions?", "diet", "halal", kinds=["plain"], said=["I eat halal only"]),
        _probe("where does the user's brother live?", "brother_city", "Surabaya", kinds=["in_passing"], said=["my brother is coming from Surabaya"]),
        _probe("what does the user study?", "field_of_study", "environmental science", kinds=["in_passing"], said=["MSc environmental science at VU"]),
    ]
    return sessions, probes


def _u22():
    # Nairobi backend engineer: Safaricom -> Pesaflow, long run moves Sunday -> Saturday, sister's city corrected next message, Vitz -> Forester
    sessions = [
        _session(
            "2025-02-17T13:30:00",
            "niaje. django question. I have a view that calls an external payment API and sometimes it takes 20s and the request times out. how do I make it async properly?",
            "Two common approaches:\n1. **Background job (recommended):** the view creates a pending payment record, enqueues a task (Celery or RQ) that calls the API, and returns immediately with a payment ID. The client polls or gets a callback/webhook when it's done.\n2. **Async view:** Django supports `async def` views, and you can use `httpx.AsyncClient` with a timeout — but the client still waits 20 s, so it only helps server throughput, not the user's wait.\nFor payments, option 1 is more robust: retries, idempotency keys and a clear status.",
            "option 1. we have celery already. I'm backend engineer at Safaricom, M-Pesa integrations, so callbacks I know well lol",
            "Then you're in home territory — treat the external API exactly like an STK push: send, store the pending state, and reconcile on callback. Add an idempotency key per request so a retried Celery task can't charge twice, and a periodic task that checks stuck payments.",
            "idempotency key yes, good. ok I'm off, need to sleep early, long run tomorrow? no, sunday. every sunday 25k for the Nairobi marathon in october",
            "25 km every Sunday — serious training! Hydrate well on Saturday and get to bed early. Good luck with the marathon build-up.",
            "asante 🏃🏾",
            "Karibu! Enjoy the run.",
        ),
        _session(
            "2025-04-09T20:15:00",
            "need a gift idea for my girlfriend Wanjiru, our 2 year anniversary. she likes plants and cooking. budget 10k bob",
            "Nice! Within about KSh 10,000:\n• A nice indoor plant (fiddle-leaf fig or monstera) in a beautiful pot, plus a plant care kit.\n• A cooking class for two — there are some in Nairobi focused on Ethiopian, Indian or Swahili coast cuisine.\n• A quality cast-iron pan with a handwritten card of recipes you'll cook together.\nThe cooking class for two is an experience you share — usually a hit for anniversaries.",
            "cooking class for two, nice. also my sister in Kisumu wants a laptop for uni, what's good under 60k?",
            "Under KSh 60,000 look for: at least 8 GB RAM, an SSD (256 GB or more), and a recent Intel Core i3/i5 or AMD Ryzen 3/5. Refurbished business laptops like Lenovo ThinkPad or HP EliteBook are great value and very durable. What will she study? That affects whether she needs more power.",
            "sorry, she's in Mombasa not Kisumu, Kisumu is where our parents are. she's doing accounting at TUM",
            "Got it — Mombasa. For accounting at the Technical University of Mombasa, a refurbished ThinkPad T480 or EliteBook 840 with 8 GB RAM and an SSD is more than enough for Excel, QuickBooks and studying. The keyboard is great for long assignments, too.",
            "thinkpad then. thank you bro",
            "Karibu! Happy anniversary to you and Wanjiru.",
        ),
        _session(
            "2025-07-21T18:40:00",
            "update: I left Safaricom, started at Pesaflow last week, fintech startup, lead backend. way more chaos but I'm learning a lot. how do I set up good on-call without burning out the team?",
            "Congrats on the lead role! For a small team:\n• Weekly rotation, with one primary and one backup.\n• Clear alert rules: only page for customer-impacting issues; everything else goes to a daytime channel.\n• Runbooks for the top 10 alerts.\n• A short review after each incident, without blame.\n• Compensation or time off after a rough on-call week.\n• Track pages per week — if someone gets woken up a lot, fix the alerts.",
            "runbooks, we have zero lol. also my long runs are on saturday now, sunday is church with Wanjiru's family, so saturdays 6am",
            "Saturday early runs are great — cooler and quieter roads. Start writing runbooks one at a time: each time an alert fires, whoever handles it writes down the steps. In a month you'll have the important ones.",
            "good system. also sold the Vitz, got a used Forester, the Vitz couldn't handle the road to Wanjiru's shags",
            "The Forester will handle rough rural roads much better with its ground clearance and AWD. Check the CVT service history if it's a newer model, and budget a bit more for fuel than the Vitz.",
            "fuel yes it's thirsty 😂 ok thanks",
            "Enjoy the Forester — and good luck with the on-call setup!",
        ),
    ]
    probes = [
        _probe("where does the user work?", "employer", "Pesaflow", stale=["Safaricom"], kinds=["changed"], said=["I'm backend engineer at Safaricom", "started at Pesaflow last week"]),
        _probe("which day does the user do his long run?", "long_run_day", "Saturday", stale=["Sunday"], weekly=True, kinds=["changed", "slip_same_message"], said=["long run tomorrow? no, sunday", "my long runs are on saturday now"]),
        _probe("where does the user's sister live?", "sister_city", "Mombasa", stale=["Kisumu"], kinds=["slip_next_message"], said=["my sister in Kisumu wants a laptop", "she's in Mombasa not Kisumu"]),
        _probe("where do the user's parents live?", "parents_city", "Kisumu", kinds=["in_passing"], said=["Kisumu is where our parents are"]),
        _probe("who is the user's girlfriend?", "partner", "Wanjiru", kinds=["in_passing", "restated"], said=["my girlfriend Wanjiru", "church with Wanjiru's family"]),
        _probe("what car does the user drive?", "car", "Forester", stale=["Vitz"], kinds=["changed", "informal"], said=["sold the Vitz, got a used Forester"]),
    ]
    return sessions, probes


def _u23():
    # retired Greek fisherman in Thessaloniki, broken English: tavli moves Thursday -> Saturday, gives the Panda away, diabetes, wife's name in Greek script
    sessions = [
        _session(
            "2025-03-10T10:20:00",
            "Hello. I rent small apartment to tourist, airbnb. My english is not good. Please write for me message: welcome, key is in box, code 4721, wifi password is in kitchen, beach is 10 minute walk",
            "Of course! Here's a friendly message:\n\n“Welcome to Thessaloniki! 😊\n\nThe key is in the lockbox next to the door — the code is 4721. You'll find the Wi-Fi password on a card in the kitchen. The beach promenade is a 10-minute walk from the apartment.\n\nIf you need anything, please send me a message. Enjoy your stay!\n\n[Your name]”",
            "Very good. Put my name Stavros. And that I can recommend taverna, I know all, I was fisherman 40 years in Kalamaria, now retired",
            "“…If you need anything, please send me a message. I was a fisherman in Kalamaria for 40 years, so I'm happy to recommend the best fish tavernas nearby! Enjoy your stay!\n\nStavros”\n\nGuests love tips from a local like that.",
            "Good. Every Thursday I am in the kafeneio for tavli with friends, so if they message Thursday evening I answer late",
            "Then add one line: “On Thursday evenings I may reply a little later.” Guests appreciate knowing that in advance.",
            "Yes add. Thank you my friend",
            "You're welcome, Stavros! Good luck with the guests — and with the tavli.",
        ),
        _session(
            "2025-05-05T09:00:00",
            "Doctor say I have diabetes, type 2. I am 71. What I can eat? My wife Ελένη (Eleni) cook everything with bread and potato 😟",
            "I'm sorry to hear that, but type 2 diabetes can be managed well with food and activity. Good news: a lot of traditional Greek food fits:\n• Lots of vegetables, horta, salads with olive oil.\n• Legumes: fasolada, fakes (lentils), revithia — excellent.\n• Fish and seafood, grilled.\n• Smaller portions of bread and potatoes — not zero, just less, and whole-grain bread is better.\n• Fruit in moderate amounts, whole not juice.\n• Less sweets and sugary drinks.\nYour doctor or a dietitian can give you exact amounts.",
            "Fish is good, I love fish. Ελένη will be happy, less cooking potato haha",
            "Perfect — grilled fish with horta and a bit of bread is a great diabetes-friendly meal. Walking after meals also helps lower blood sugar, even 15 minutes.",
            "I walk to the port every morning already",
            "That's excellent — keep that habit! Daily walking is one of the best things for type 2 diabetes.",
            "Ok. Also my son Giorgos in Athens say I must check sugar every day, is true?",
            "It depends on your treatment. If you take insulin or certain tablets that can cause low sugar, daily checks are often recommended. If you're managing it with diet or metformin only, your doctor may suggest checking less often. Ask your doctor what's right for you — Giorgos is right to care, though!",
        ),
        _session(
            "2025-08-12T19:30:00",
            "Hello again. I give my old Panda to my grandson, he pass the driving test. Now I take bus. Please explain me how to pay bus with phone, they say new system",
            "What a nice gift for your grandson! Thessaloniki's OASTH buses accept contactless payment: if your phone has a bank card in Google Pay or Apple Pay, you hold the phone near the card reader on the bus when you get on. You can also buy tickets in the OASTH app. Seniors can get discounted fares with the right card — ask at an OASTH ticket office.",
            "Discount for old man, good 😄 I will ask",
            "Definitely ask — it can save a lot if you use the bus every day.",
            "Also the kafeneio now is closed on Thursday, new owner. So we play tavli Saturday morning now, same friends",
            "Saturday morning tavli sounds even better — a nice start to the weekend. Good that the group stays together.",
            "Yes. My friend Kostas always win, he is cheating I think haha",
            "Ha! Maybe Saturday mornings will bring you better luck with the dice.",
        ),
    ]
    probes = [
        _probe("which day does the user play tavli?", "tavli_day", "Saturday", stale=["Thursday"], weekly=True, kinds=["changed"], said=["Every Thursday I am in the kafeneio for tavli", "we play tavli Saturday morning now"]),
        _probe("what is the name of the user's wife?", "wife", "Ελένη", kinds=["non_ascii", "in_passing", "restated"], said=["My wife Ελένη (Eleni)", "Ελένη will be happy"]),
        _probe("does the user have any medical condition?", "condition", "diabetes", kinds=["plain"], said=["Doctor say I have diabetes"]),
        _probe("what car does the user drive?", "car", None, gone=["Panda"], kinds=["ended", "informal"], said=["I give my old Panda to my grandson"]),
        _probe("where does the user's son live?", "son_city", "Athens", kinds=["in_passing"], said=["my son Giorgos in Athens"]),
        _probe("what did the user do for work?", "former_job", "fisherman", kinds=["in_passing", "informal"], said=["I was fisherman 40 years in Kalamaria"]),
    ]
    return sessions, probes


_USERS = [_u00, _u01, _u02, _u03, _u04, _u05, _u06, _u07, _u08, _u09, _u10, _u11,
          _u12, _u13, _u14, _u15, _u16, _u17, _u18, _u19, _u20, _u21, _u22, _u23]


def build() -> list[dict[str, Any]]:
    return handwritten.build(_USERS, "b9", handwritten.resolve)


digest = handwritten.digest
FROZEN = "fc9692a0901d"


if __name__ == "__main__":
    handwritten.main(build, N_USERS, FROZEN)
