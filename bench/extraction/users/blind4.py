# ruff: noqa: E501  (hand-written chat data: one message per line)
"""Blind extraction set 4: 32 hand-written chat users with memory probes.

Every conversation, fact and probe below was written by hand, one person at a
time, by an author who had not read the extractor, its rules, its tests or any
other data set of this project. Users with an even index form the "tune" split
and users with an odd index form the "held" split. Running this file checks
the data and prints its digest, which must equal FROZEN.
"""

from __future__ import annotations

import hashlib
import json
import re
from typing import Any

N_USERS = 32


def _session(start: str, *texts: str) -> dict[str, Any]:
    """Messages alternate user / assistant, starting with the user."""
    roles = ("user", "assistant")
    return {"start": start, "messages": [(roles[i % 2], t) for i, t in enumerate(texts)]}


def _probe(question: str, attr: str, latest: str | None, *, stale: tuple | list = (),
           gone: tuple | list = (), apart: str | None = None, weekly: bool = False,
           kinds: tuple | list = (), said: tuple | list = ()) -> dict[str, Any]:
    # "said" holds short snippets here; build() swaps each for the full user message.
    return {"question": question, "attr": attr, "latest": latest, "stale": list(stale),
            "gone": list(gone), "apart": apart, "weekly": weekly, "kinds": list(kinds),
            "said": list(said)}


# ---------------------------------------------------------------- b4-u00
def _u00():
    sessions = [
        _session(
            "2025-01-08T19:20:00",
            "Good evening. Could you suggest a quick dinner for two, something under 30 minutes?",
            "Happy to. Before I do, are there any allergies or foods you avoid?",
            "Shellfish, I'm allergic. Everything else is fine.",
            "Then try a lemon chicken orzo: sear chicken pieces, add orzo, stock and lemon zest, and finish with spinach and parmesan.",
            "Perfect. Also I need to write a message to the building manager. I live in Lyon, in the 7th arrondissement, and the lift has been broken for two weeks.",
            "Here's a draft: 'Dear Sir or Madam, the lift in our building has been out of service for two weeks. Could you let residents know when the repair is planned? Thank you.' Add your flat number at the end.",
            "Thank you. Last thing: my cat Pistache keeps scratching the sofa, any tips?",
            "Put a tall, sturdy scratching post right next to the sofa and rub a little catnip on it; double-sided tape on the sofa arms discourages her for a few weeks.",
            "I will try that. Merci!",
            "Avec plaisir. Good luck with the lift!",
        ),
        _session(
            "2025-01-29T12:05:00",
            "Hello again. I have a presentation next week. I work at Framatome and my partner Étienne says my slides have too much text. Can you help me shorten bullet points?",
            "Of course. Paste a slide and I'll cut each bullet down to its key idea, ideally under eight words.",
            "'The implementation of the new inspection procedure has resulted in a significant reduction of the average time required per weld.'",
            "Try: 'New inspection procedure: faster weld checks.' Put the actual figure, like '-18% time per weld', underneath.",
            "Much better. Another thing: I joined a choir, we rehearse every Tuesday evening. What can I do to warm up my voice in the tram on the way?",
            "Gentle humming, lip trills and slow sirens work well and are quiet enough for public transport. Sip water and avoid talking loudly over noise before rehearsal.",
            "Good. And I started bouldering at a gym near Part-Dieu, my forearms are dead. Is that normal?",
            "Yes, forearm fatigue is very common in the first weeks. Rest a day between sessions and try to push more with your legs.",
        ),
        _session(
            "2025-03-02T10:40:00",
            "Bonjour. Big news, we are leaving Lyon at the end of the month. Étienne got a teaching post in the Alps, and we found a flat in Grenoble, near the Île Verte.",
            "Congratulations on the move! Would you like a short moving checklist?",
            "Yes please, a short one.",
            "Give notice to your landlord, book movers, redirect your post, transfer electricity and internet, and update your address with your employer and bank.",
            "Good. How do I pack plates so they don't break? It's my grandmother's set.",
            "Wrap each plate in packing paper and stand them on their edges in a small, well-padded box, like records; never stack them flat.",
            "My sister lives in Nantes and wants to visit us in April. What is the best way for her to come?",
            "The simplest is usually a TGV to Paris and a connection to Grenoble, around five to six hours; a flight to Lyon plus a bus is the alternative.",
            "Merci. One more thing: my shoulder hurts since the bouldering, and honestly I'm stopping it completely, it's not for me.",
            "That sounds sensible. If the pain lasts more than a couple of weeks, see a physio to rule out a rotator cuff strain.",
        ),
        _session(
            "2025-04-06T18:15:00",
            "Hello! We are settled in Grenoble now. I found a choir here, rehearsals are on Thursday evenings. Can you suggest an easy classical piece for a small choir?",
            "Fauré's Cantique de Jean Racine is lovely and manageable, or Mozart's Ave verum corpus, which is short and well known.",
            "Nice. For my sister's visit I'd like to cook something from the Alps. Remember no shellfish for me.",
            "A gratin dauphinois with a green salad and some local charcuterie would be perfect, with no shellfish anywhere near it.",
            "And a last question, Pistache is hiding under the bed since the move. Should I worry?",
            "It's normal for a cat to hide for a week or two after a move. Keep her food, water and litter close by and let her explore at her own pace.",
            "Thank you, very helpful as always.",
            "You're welcome, enjoy the Alps!",
        ),
    ]
    probes = [
        _probe("where does the user live?", "residence", "Grenoble", stale=["Lyon"],
               kinds=["plain", "changed", "restated"],
               said=["I live in Lyon, in the 7th", "we are leaving Lyon", "We are settled in Grenoble"]),
        _probe("what company does she work for?", "employer", "Framatome", apart="Étienne",
               kinds=["two_facts", "in_passing"], said=["I work at Framatome"]),
        _probe("what's the name of the user's partner?", "partner", "Étienne", apart="Framatome",
               kinds=["two_facts", "in_passing", "non_ascii", "restated"],
               said=["I work at Framatome", "Étienne got a teaching post"]),
        _probe("what's my cat called?", "pet", "Pistache", kinds=["in_passing", "restated"],
               said=["my cat Pistache", "Pistache is hiding"]),
        _probe("which evening does the user have choir rehearsal?", "choir_day", "Thursday",
               stale=["Tuesday"], weekly=True, kinds=["in_passing", "changed"],
               said=["we rehearse every Tuesday evening", "rehearsals are on Thursday evenings"]),
        _probe("is there anything I should keep off the menu if I cook for her?", "allergy", "shellfish",
               kinds=["answer", "restated"],
               said=["Shellfish, I'm allergic.", "Remember no shellfish for me."]),
        _probe("what sport does the user do?", "sport", None, gone=["bouldering"],
               kinds=["in_passing", "ended"],
               said=["I started bouldering", "I'm stopping it completely"]),
        _probe("which city is her sister in?", "sister_city", "Nantes", kinds=["in_passing"],
               said=["My sister lives in Nantes"]),
    ]
    return sessions, probes


# ---------------------------------------------------------------- b4-u01
def _u01():
    sessions = [
        _session(
            "2025-02-11T23:40:00",
            "yo can u help me write a cv summary, i work nights at the asda depot in leeds, been there 3 yrs",
            "Sure: 'Reliable warehouse operative with three years of night-shift experience at a major supermarket distribution centre, accurate at picking, safety-minded and used to tight targets.' Want it tailored to a specific job?",
            "nah thats good. also my corsa is making a grinding noise when i brake, is it safe to drive",
            "Grinding usually means the brake pads are worn down to the metal, so get it checked as soon as possible and avoid long drives until then.",
            "ugh ok. last thing whats a good present for my girlfriend keisha she likes candles and true crime",
            "A nice scented candle set plus a true crime book like 'I'll Be Gone in the Dark' would suit her, or tickets to a true crime podcast live show.",
            "sick ty",
            "No problem, hope she likes it!",
        ),
        _session(
            "2025-03-04T14:02:00",
            "need a meal plan for the week, cheap, high protein",
            "Can do. Any foods you can't have or don't eat?",
            "lactose intolerant so no milk really, bit of cheese is ok",
            "Got it: think eggs, chicken thighs, tinned tuna, lentils, rice and oats with oat milk. Want me to lay out the seven days?",
            "yeah go on",
            "Breakfasts: oats with oat milk and banana; lunches: tuna rice bowls; dinners: chicken and lentil curry, chilli and egg fried rice, rotated through the week.",
            "cheers. we play 5 a side every monday, no wait wednesday, they moved it ages ago. what should i eat before",
            "For a Wednesday game, have a carb-heavy meal like pasta or rice two to three hours before, and a banana closer to kick-off.",
            "bet. and when do arsenal play next, im arsenal mad lol",
            "I can't check live fixtures, but the Premier League site or the Arsenal app will have the next match date.",
        ),
        _session(
            "2025-04-19T09:30:00",
            "bad week. asda let a load of us go on friday, im out of a job",
            "I'm sorry, that's rough. Do you want help with job applications or with checking what redundancy pay you're owed?",
            "redundancy pay first",
            "In the UK you get statutory redundancy pay after two years' service; with three years' service under age 41 it's about three weeks' pay, with a weekly cap. The gov.uk calculator will give you the figure.",
            "ok. also me and keisha are done, she moved back to her mums. so i need a cheaper room",
            "Sorry to hear that, it's a lot at once. SpareRoom and local Facebook groups are good for rooms; set a firm budget first.",
            "yeah. can u help me with a cover letter for a postal worker job",
            "Sure: open with your warehouse experience, stress early starts, reliability and stamina, and mention you know the local area well. Want a full draft?",
            "yes pls",
            "Dear Hiring Manager, I'm applying for the postal worker role. After three years of night shifts in a busy distribution centre I'm used to hard work, targets and unsociable hours, and I know the area well. I'd welcome the chance to join your team.",
        ),
        _session(
            "2025-05-27T18:10:00",
            "guess who got the job lol. started at royal mail last monday, early shifts",
            "Congratulations! That's great news. How are the early starts going?",
            "brutal. need a quick breakfast i can eat at 5am, remember no milk",
            "Overnight oats made with oat milk, or a peanut butter and banana wrap, are quick and dairy free.",
            "nice. my mum in birmingham wants me to visit, whats the cheapest way from leeds",
            "Coaches like National Express or Megabus are usually cheapest, often under £15 if booked early; trains are faster but pricier without a railcard.",
            "still doin 5 a side wednesdays but my knee is playing up, any stretches",
            "Try hamstring and quad stretches, glute bridges and calf raises; if the knee swells or locks, get it looked at before playing again.",
        ),
    ]
    probes = [
        _probe("who does the user work for?", "employer", "Royal Mail", stale=["Asda"],
               kinds=["two_facts", "changed", "informal"],
               said=["i work nights at the asda depot", "asda let a load of us go", "started at royal mail"]),
        _probe("which city is the user based in?", "residence", "Leeds", apart="Asda",
               kinds=["two_facts", "in_passing", "informal", "restated"],
               said=["i work nights at the asda depot", "whats the cheapest way from leeds"]),
        _probe("does the user have a girlfriend?", "partner", None, gone=["Keisha"],
               kinds=["in_passing", "ended", "informal"],
               said=["my girlfriend keisha", "me and keisha are done"]),
        _probe("what car does he drive?", "car", "Corsa", kinds=["in_passing", "informal"],
               said=["my corsa is making"]),
        _probe("what night is five-a-side football?", "football_day", "Wednesday", stale=["Monday"],
               weekly=True, kinds=["slip_same_message", "informal", "restated"],
               said=["every monday, no wait wednesday", "still doin 5 a side wednesdays"]),
        _probe("is there anything the user can't eat?", "diet", "lactose",
               kinds=["answer", "informal", "restated"],
               said=["lactose intolerant so no milk", "remember no milk"]),
        _probe("where does the user's mum live?", "mother_city", "Birmingham", kinds=["in_passing", "informal"],
               said=["my mum in birmingham"]),
        _probe("which football team does he support?", "team", "Arsenal", kinds=["in_passing", "informal"],
               said=["im arsenal mad"]),
    ]
    return sessions, probes


# ---------------------------------------------------------------- b4-u02
def _u02():
    sessions = [
        _session(
            "2025-03-10T08:50:00",
            "Hello, I need help. I am translator and I work for Comarch in Łódź, I must write email to client in English about delay, my English is not perfect.",
            "Of course. Tell me the client's name, what is delayed and the new date, and I'll write a polite email.",
            "Client is Mr Hartley, the manual translation is late one week, new date is 21 March.",
            "Dear Mr Hartley, I'm writing to let you know that the translation of the manual will be delayed by one week. The new delivery date is 21 March. I apologise for the inconvenience and thank you for your understanding.",
            "Very good, thank you. Other question, my son Kuba is 7 and does not want to read books. What to do?",
            "Let him choose books about things he loves and read together for ten minutes a day without pressure. Audiobooks alongside the printed book can help too.",
            "Good idea. He loves dinosaurs.",
            "Then try 'Dinosaur Cove' or a big illustrated dinosaur encyclopedia, they work well at his age.",
        ),
        _session(
            "2025-03-24T20:15:00",
            "Good evening. I want to cook for family on Sunday. I am vegetarian. My husband Tomasz and Kuba eat meat. Something for everybody?",
            "A build-your-own wrap night works well: grilled chicken for them, spiced beans and roasted vegetables for you, and shared toppings.",
            "Nice. Also his mother will come, she lives in Kraków, how long by train to us?",
            "Kraków to Łódź by train takes roughly three to three and a half hours, depending on the connection.",
            "Sorry, mistake, his mother is in Katowice, not Kraków. Kraków is his brother.",
            "No problem. From Katowice to Łódź it's about two and a half to three hours by train.",
            "Thanks. And I start Spanish course, it is every Monday evening. Any app to practise between lessons?",
            "Duolingo is good for a daily habit, and Language Transfer's free Spanish audio course is excellent for grammar intuition.",
            "I will try both.",
            "¡Buena suerte!",
        ),
        _session(
            "2025-04-28T13:00:00",
            "Hello. I have news, I got new job! From June I will work in CD Projekt, in localization team. I must write resignation letter to Comarch, can you help?",
            "Congratulations! A short version: 'Dear [Manager], I'm writing to resign from my position as translator, my last day being [date]. Thank you for the opportunities during my time at Comarch. Kind regards.'",
            "Perfect. Also I eat fish again, doctor said I need more omega-3, so now I am pescatarian. Recipe with salmon, easy?",
            "Bake a salmon fillet with lemon, dill and a little olive oil at 200°C for 12-15 minutes, with boiled potatoes and a cucumber salad.",
            "Our dog Pimpek ate Kuba's sock. Must I go to vet?",
            "If Pimpek is vomiting, lethargic, not eating or straining, go to the vet right away; a whole sock can cause a blockage, so calling the vet for advice now is safest.",
            "He seems ok but I call vet, thank you.",
            "Good plan, better to be safe.",
        ),
        _session(
            "2025-05-20T21:30:00",
            "Hello again. Book club question. My favourite writer is Olga Tokarczuk, can you recommend similar authors?",
            "You might enjoy Jenny Erpenbeck, László Krasznahorkai or Szczepan Twardoch for a similar mix of myth and history.",
            "Thank you. The Spanish course is still Monday, but I want also conversation on weekend. Ideas?",
            "Look for an intercambio meetup in your city, or use Tandem or HelloTalk to find a conversation partner online.",
            "Good. Last thing, I make fish soup for birthday of Tomasz's mother, any tip?",
            "Use a mix of white fish and salmon, build the broth from onion, carrot, celery and dill, and add the fish only in the last few minutes so it doesn't fall apart.",
            "Thank you, she will be happy.",
            "I hope the birthday is lovely!",
        ),
    ]
    probes = [
        _probe("where does the user live?", "residence", "Łódź", apart="Comarch",
               kinds=["two_facts", "non_ascii"], said=["I work for Comarch in Łódź"]),
        _probe("who is the user's employer?", "employer", "CD Projekt", stale=["Comarch"],
               kinds=["two_facts", "changed"],
               said=["I work for Comarch in Łódź", "I will work in CD Projekt"]),
        _probe("what's her husband called?", "spouse", "Tomasz", kinds=["in_passing", "restated"],
               said=["My husband Tomasz", "birthday of Tomasz's mother"]),
        _probe("which city does the mother-in-law live in?", "mother_in_law_city", "Katowice",
               stale=["Kraków"], kinds=["slip_next_message", "non_ascii"],
               said=["she lives in Kraków", "his mother is in Katowice"]),
        _probe("what evening is the Spanish class?", "spanish_class_day", "Monday", weekly=True,
               kinds=["plain", "restated"],
               said=["it is every Monday evening", "The Spanish course is still Monday"]),
        _probe("what diet does the user follow?", "diet", "pescatarian", stale=["vegetarian"],
               kinds=["changed"], said=["I am vegetarian.", "now I am pescatarian"]),
        _probe("what's the family dog called?", "pet", "Pimpek", kinds=["in_passing"],
               said=["Our dog Pimpek"]),
        _probe("whose novels would make a safe gift for her?", "favourite_author", "Tokarczuk",
               kinds=["plain"], said=["My favourite writer is Olga Tokarczuk"]),
        _probe("what is the user's son's name?", "child", "Kuba", kinds=["in_passing", "restated"],
               said=["my son Kuba is 7", "My husband Tomasz and Kuba", "Pimpek ate Kuba's sock"]),
    ]
    return sessions, probes


# ---------------------------------------------------------------- b4-u03
def _u03():
    sessions = [
        _session(
            "2025-01-15T10:05:00",
            "Good morning. I'd like some help planning a vegetable patch. We live in Norwich and the garden faces south-west. What should I plant this spring?",
            "Lovely spot for it. In spring you could sow broad beans, peas, lettuce and radishes, then plant out courgettes and tomatoes after the last frost in mid-May.",
            "Splendid. My wife Margaret would like some herbs as well, which are easiest?",
            "Chives, mint (in a pot so it doesn't spread), parsley, thyme and rosemary are all easy and hardy in Norfolk.",
            "Thank you. Our Labrador, Barney, digs up everything I plant. Any way to stop him?",
            "Give Barney his own digging corner with loose soil and buried toys, and fence off the beds with low mesh while the seedlings establish.",
            "I shall try that. He's eleven, so perhaps he'll lose interest.",
            "Older dogs often do slow down, but a digging pit of his own may still keep him happy.",
        ),
        _session(
            "2025-02-03T15:30:00",
            "Hello. I've been asked to cut back on sugar by my GP. Could you suggest some puddings I can still have?",
            "Certainly. May I ask what the reason is, so I can pitch the suggestions properly?",
            "Type 2 diabetes, diagnosed in the autumn.",
            "Thank you. Good options are Greek yoghurt with berries, baked apples with cinnamon, and sugar-free jelly; small portions eaten with some protein help keep blood sugar steady.",
            "Very helpful. Now a different matter. I was a headmaster for twenty-six years and the old school has asked me to give a short speech at their centenary. Could you help me structure it?",
            "Gladly: open with a warm memory, then a few changes you saw over the years, a tribute to staff and pupils, and close with a hope for the next hundred years. Five minutes is ideal.",
            "Good. Our daughter Fiona lives in Auckland and would like to watch it. What's the time difference?",
            "Auckland is 13 hours ahead of the UK in February, so a 2pm speech would be 3am there; a recording might be kinder.",
            "A recording it is.",
            "Sensible. I can help with notes for the speech whenever you're ready.",
        ),
        _session(
            "2025-03-20T11:45:00",
            "I'm afraid we lost Barney on Monday. The vet said his heart simply gave out. Margaret is taking it hard. Could you help me write a few lines for a little memorial in the garden?",
            "I'm so sorry. Perhaps: 'Barney - loyal friend, keen gardener, forever in our hearts.' Or simply: 'Here lies Barney, a very good boy.'",
            "The first one is rather good. Thank you.",
            "You're welcome. Take care of each other.",
            "On a practical note, I'm selling the Octavia. It's a 2016 estate with 68,000 miles. What's a fair asking price?",
            "A 2016 Octavia estate with that mileage typically sells privately for roughly £7,000-£9,000 depending on trim and condition. Check Autotrader for local comparisons.",
            "And for something smaller, now there's no dog to carry, would a Honda Jazz suit two pensioners?",
            "Very much so: the Jazz is reliable, economical, easy to get in and out of, and has surprisingly flexible rear seats.",
            "Thank you. The bowls club meets on Thursday afternoons, so that will be its first outing.",
            "Sounds like a good first run for it.",
        ),
        _session(
            "2025-04-25T09:20:00",
            "Good morning. We bought the Honda Jazz in the end, a lovely blue one. How often should a hybrid be serviced?",
            "Generally once a year or every 12,500 miles, whichever comes first; the handbook has the exact schedule.",
            "Also the bowls league has moved our matches to Fridays from next month. Any tips for playing on a slower green?",
            "On a slow green, deliver with a bit more weight and take less green, since the bowl will curve less. Play a few practice ends to judge it.",
            "Good advice. And a low-sugar cake for Margaret's birthday, please, given my diabetes.",
            "An almond flour lemon cake lightly sweetened with erythritol works well, or a berry and yoghurt loaf with half the usual sugar.",
            "Splendid.",
            "Enjoy the celebration!",
        ),
    ]
    probes = [
        _probe("where is the user based?", "residence", "Norwich", kinds=["plain"],
               said=["We live in Norwich"]),
        _probe("what's his wife's name?", "spouse", "Margaret", kinds=["in_passing", "restated"],
               said=["My wife Margaret", "Margaret is taking it hard", "cake for Margaret's birthday"]),
        _probe("does the user have a dog?", "pet", None, gone=["Barney"], kinds=["in_passing", "ended"],
               said=["Our Labrador, Barney", "we lost Barney on Monday"]),
        _probe("what day does he play bowls?", "bowls_day", "Friday", stale=["Thursday"], weekly=True,
               kinds=["in_passing", "changed"],
               said=["bowls club meets on Thursday afternoons", "moved our matches to Fridays"]),
        _probe("does the user have any health conditions?", "health", "diabetes",
               kinds=["answer", "restated"], said=["Type 2 diabetes", "given my diabetes"]),
        _probe("where does the user's daughter live?", "daughter_city", "Auckland", kinds=["in_passing"],
               said=["Our daughter Fiona lives in Auckland"]),
        _probe("what car does the user drive?", "car", "Jazz", stale=["Octavia"], kinds=["changed"],
               said=["I'm selling the Octavia", "would a Honda Jazz suit", "We bought the Honda Jazz"]),
        _probe("what did he do for a living before retiring?", "former_job", "headmaster", kinds=["in_passing"],
               said=["I was a headmaster"]),
    ]
    return sessions, probes


# ---------------------------------------------------------------- b4-u04
def _u04():
    sessions = [
        _session(
            "2025-02-02T22:10:00",
            "hey can u help me make a study timetable, im a 2nd yr nursing student at ucd and exams are in 5 wks",
            "Sure! How many modules are you sitting, and roughly how many hours a day can you study?",
            "4 modules, maybe 4 hrs a day on weekdays bc i work weekends at insomnia, the one near my flat in rathmines",
            "Then rotate modules daily, about an hour each with short breaks, and keep Saturday mornings for a quick review before your shift; use the final week for past papers.",
            "perf thx. also whats a good bday gift for my bf cian, hes into climbing and coffee",
            "A chalk bag with a funny design, a climbing gym voucher, or a bag of speciality beans from a local roaster would all go down well.",
            "lol he gets free coffee off me already. climbing voucher it is",
            "Ha, fair point. The voucher's a safe bet then.",
        ),
        _session(
            "2025-03-09T11:25:00",
            "ok random q but i have a sore throat and the gp might give me antibiotics, is there anything i shud tell her",
            "Mention any medicines you already take, whether you could be pregnant, and any drug allergies. Are you allergic to anything?",
            "penicillin yeah, i come out in hives",
            "Then definitely tell her, so she can prescribe an alternative if antibiotics are needed.",
            "ok. also we do a sea swim every sunday morning at the forty foot, is it ok to go if im sick",
            "Best to skip this Sunday; cold water stresses the body and you'll recover faster with rest.",
            "boo ok. can u recommend songs like fontaines dc, theyre my fav band",
            "Try IDLES, Shame, The Murder Capital and Just Mustard for that post-punk feel.",
        ),
        _session(
            "2025-04-14T19:50:00",
            "SO cian proposed on saturday!!! im engaged omg",
            "Congratulations!! That's wonderful news. How did he do it?",
            "on top of the sugarloaf, he was so nervous lol. anyway we r moving in together, got a place in phibsborough from may. can u help me w a moving budget",
            "Love that. List the deposit and first month's rent, van hire or movers, internet and electricity set-up, basic furniture, and a buffer of about 10% for surprises.",
            "also i quit insomnia, placements start next month and i cant do both",
            "Makes sense, placements are full-on. Maybe set aside some savings to cover the gap in income.",
            "yep. what shud i cook on our first nite in the new place",
            "Something easy and celebratory: a one-pan sausage and veg traybake with a bottle of bubbly works perfectly among half-unpacked boxes.",
        ),
        _session(
            "2025-05-21T08:40:00",
            "morning! first week in phibsborough done. whats the best bus to ucd from here",
            "Several routes link the north inner city to Belfield; the Transport for Ireland journey planner will show the quickest one from your stop.",
            "ty. sea swim is still sundays but were moving it to seapoint. is it warmer",
            "Not really, the water is much the same along that coast, though Seapoint is shallow so it can feel a touch milder on sunny days.",
            "lol ok. last thing, wedding ideas on a budget? cian wants small",
            "Consider a weekday registry office ceremony followed by dinner in a pub's private room; it keeps costs down and feels intimate.",
            "love it",
            "Happy planning!",
        ),
    ]
    probes = [
        _probe("what university does she go to?", "university", "UCD", apart="nursing",
               kinds=["two_facts", "in_passing", "informal", "restated"],
               said=["nursing student at ucd", "best bus to ucd"]),
        _probe("what is the user studying?", "course", "nursing", apart="UCD",
               kinds=["two_facts", "in_passing", "informal"], said=["nursing student at ucd"]),
        _probe("where does the user live?", "residence", "Phibsborough", stale=["Rathmines"],
               kinds=["in_passing", "changed", "informal"],
               said=["near my flat in rathmines", "got a place in phibsborough", "first week in phibsborough"]),
        _probe("who is she engaged to?", "partner", "Cian", kinds=["in_passing", "restated", "informal"],
               said=["my bf cian", "cian proposed", "cian wants small"]),
        _probe("does the user have a part-time job?", "job", None, gone=["Insomnia"],
               kinds=["in_passing", "ended", "informal"],
               said=["i work weekends at insomnia", "i quit insomnia"]),
        _probe("which day does she go sea swimming?", "sea_swim_day", "Sunday", weekly=True,
               kinds=["plain", "restated", "informal"],
               said=["sea swim every sunday morning", "sea swim is still sundays"]),
        _probe("is the user allergic to any medication?", "allergy", "penicillin", kinds=["answer", "informal"],
               said=["penicillin yeah"]),
        _probe("what kind of music should I put on for her?", "favourite_band", "Fontaines",
               kinds=["plain", "informal"], said=["theyre my fav band"]),
    ]
    return sessions, probes


# ---------------------------------------------------------------- b4-u05
def _u05():
    sessions = [
        _session(
            "2025-02-20T21:05:00",
            "Hi, can you help me write a Slack message to my team? I'm a senior engineer at Adobe and I need to push back on a deadline without sounding negative.",
            "Sure. Something like: 'Quick heads-up: to ship the export feature at the quality we want, I'd like to move the release from the 28th to the 7th. Happy to walk through the trade-offs at standup.'",
            "That's good, thanks. Also my daughter Vy is in 2nd grade at Lincoln Elementary and has a science fair project due. Ideas that aren't a volcano?",
            "Try growing beans under different colored light, testing which paper towel absorbs most, or seeing which fruit makes the best battery; all are simple and measurable.",
            "Ooh the fruit battery. She'll love that.",
            "Lemons and potatoes work best; you'll need copper and zinc nails and a small LED.",
            "Last thing, I've been doing keto for a month, what's a keto friendly snack I can keep at my desk?",
            "Almonds, cheese crisps, sugar-free beef jerky and pork rinds all keep well at a desk.",
        ),
        _session(
            "2025-03-12T07:40:00",
            "Morning. My therapist moved our sessions to Wednesdays at 8am, which clashes with school drop-off. My husband Đức can do drop-off but he needs a reminder. How should I set that up?",
            "Create a shared recurring event every Wednesday at 7:30am titled 'Drop-off: Vy', invite Đức, and add a notification the night before too.",
            "Perfect. Can I do the same in Apple Reminders? He uses an iPhone.",
            "Yes: make a shared list with him, add 'Drop Vy at school' repeating every Wednesday, and set the alert for 7:30.",
            "Great. I want to send my mom in Austin a care package for her birthday, what could I include?",
            "A cozy throw, her favorite tea, a framed drawing by Vy and some treats from your area would make it personal.",
            "Oops, Houston, not Austin. My brother is the one in Austin. Does that change shipping time much?",
            "Not much; standard shipping within the US usually takes 3-5 business days to Houston, so send it about a week ahead.",
        ),
        _session(
            "2025-04-30T20:15:00",
            "Quick update and a question. We moved Vy to Hoover Elementary after spring break because Lincoln was overcrowded. How can I help her make friends at a new school?",
            "Set up a couple of playdates with classmates, sign her up for an after-school club, and ask her teacher who she might click with; the first few weeks are the hardest.",
            "Good ideas. Also I gave up on keto, I was miserable. Can you give me a normal balanced lunch idea for work?",
            "A grain bowl with brown rice, roasted chicken or tofu, plenty of vegetables and a tahini dressing is balanced and easy to prep.",
            "Nice. We live in San Jose and want a weekend trip within 3 hours for a 7-year-old. Suggestions?",
            "The Monterey Bay Aquarium and Carmel, the Santa Cruz Beach Boardwalk, or a cabin near Yosemite's western entrance are all kid friendly and within range.",
            "Monterey sounds perfect.",
            "Book the aquarium in advance; weekend tickets often sell out.",
        ),
        _session(
            "2025-06-02T12:30:00",
            "Hi! Therapy is still Wednesday mornings but it's virtual now. Any tips for doing a session from the office without being overheard?",
            "Book a small meeting room or phone booth, use headphones with a mic, and run a white noise app outside the door if you can.",
            "Thanks. Đức and I have our 10th anniversary next month. Gift ideas?",
            "The traditional 10th anniversary material is tin or aluminium, so engraved aluminium photo prints would fit, or plan a trip back to where you met.",
            "Oh he'd love a trip back to Da Nang. Okay, one last work thing: how do I ask for a promotion at Adobe's mid-year review?",
            "Bring a short list of impact examples mapped to the next level's expectations, ask your manager what gaps they see, and agree on a timeline.",
            "Okay, I'll start drafting that list tonight.",
            "Good idea, and keep it to four or five strong examples.",
        ),
    ]
    probes = [
        _probe("who employs the user?", "employer", "Adobe", kinds=["in_passing", "restated"],
               said=["senior engineer at Adobe", "promotion at Adobe's"]),
        _probe("what's her husband called?", "spouse", "Đức", kinds=["in_passing", "non_ascii", "restated"],
               said=["My husband Đức", "Đức and I have our 10th"]),
        _probe("which school does the user's daughter attend?", "child_school", "Hoover", stale=["Lincoln"],
               kinds=["in_passing", "changed"],
               said=["2nd grade at Lincoln Elementary", "We moved Vy to Hoover Elementary"]),
        _probe("when is the user's therapy appointment each week?", "therapy_day", "Wednesday", weekly=True,
               kinds=["in_passing", "restated"],
               said=["moved our sessions to Wednesdays", "Therapy is still Wednesday mornings"]),
        _probe("is the user following any special diet?", "diet", None, gone=["keto"],
               kinds=["in_passing", "ended"],
               said=["I've been doing keto", "I gave up on keto"]),
        _probe("where does the user's mother live?", "mother_city", "Houston", stale=["Austin"],
               kinds=["in_passing", "slip_next_message"],
               said=["my mom in Austin", "Oops, Houston, not Austin"]),
        _probe("which city does the user live in?", "residence", "San Jose", kinds=["in_passing"],
               said=["We live in San Jose"]),
        _probe("what's the name of her kid?", "child", "Vy", kinds=["in_passing", "restated"],
               said=["my daughter Vy", "We moved Vy to Hoover"]),
    ]
    return sessions, probes


# ---------------------------------------------------------------- b4-u06
def _u06():
    sessions = [
        _session(
            "2025-01-20T22:40:00",
            "Hi, I live in São Paulo and I work in Nubank as data analyst. I want to improve my English for interviews abroad, can you correct my texts sometimes?",
            "Of course! Send me any text and I'll correct it and explain the main mistakes.",
            "Thanks. First: 'I have 4 years of experience with SQL and I am responsible of the dashboards of credit team.'",
            "Corrected: 'I have four years of experience with SQL, and I'm responsible for the credit team's dashboards.' Note 'responsible for', not 'of'.",
            "Ah, always I make this mistake. Also, I play futsal with friends every Thursday, how to say 'pelada' in English haha?",
            "A pickup game or kickabout is the closest; 'pickup futsal on Thursdays' sounds natural.",
            "Pickup game, nice. My girlfriend Larissa says I speak English like a robot lol.",
            "Tell Larissa robots don't play pickup futsal! Practising out loud with podcasts will make it more natural.",
        ),
        _session(
            "2025-02-25T19:00:00",
            "Hello! Good news, Nubank approved my transfer to the Lisbon office, I go in April. What documents I need for Portugal?",
            "As a Brazilian moving for work you'll usually need a residence visa from the Portuguese consulate, your employment contract, proof of accommodation, a criminal record certificate and a NIF tax number.",
            "OK. And I will take my dog Paçoca, he is a small vira-lata. What is needed for the dog?",
            "He'll need a microchip, a rabies vaccine, a rabies antibody titer test at an approved lab at least three months before travel, and an official health certificate.",
            "Three months?! I need to do this fast.",
            "Yes, start the titer test as soon as possible; it's the step that usually delays people.",
            "Other thing. Me and Larissa, we finished. She don't want to leave Brazil. It's sad but ok.",
            "I'm sorry, that's a hard decision for both of you. Go easy on yourself while everything changes.",
        ),
        _session(
            "2025-04-22T11:15:00",
            "Olá from Lisbon! I arrived last week, I live in Alfama now, very steep haha. How I open a bank account here?",
            "Bring your passport, NIF, proof of address and work contract to a bank such as Millennium BCP or Caixa Geral; some banks let you start the process online.",
            "Good. And I want to start surfing, in Brazil I played futsal but here everybody surf. Where is good for beginner near Lisbon?",
            "Carcavelos and Costa da Caparica are the classic beginner spots, with lots of surf schools and easy transport.",
            "Which one is more easy from Alfama?",
            "Carcavelos is usually simpler: take the Cascais line from Cais do Sodré and walk a few minutes to the beach.",
            "Carcavelos then. Paçoca loves the new flat, he sleeps all day in the sun.",
            "Sounds like he's adapting faster than anyone!",
        ),
        _session(
            "2025-05-30T18:20:00",
            "Hello. I am surfing every Saturday morning in Carcavelos now, and I stopped futsal totally. My arms hurt a lot, any exercise?",
            "Paddling is the big one: try resistance band pulls, push-ups and some freestyle swimming once a week to build shoulder endurance.",
            "Thanks. I want to cook a Brazilian dinner for colleagues. Feijoada is too heavy for summer, what else?",
            "Moqueca is a great summer choice, or escondidinho. Should I avoid any ingredients for you or your guests?",
            "Only peanuts, I am allergic. So no pé-de-moleque for dessert haha.",
            "Then moqueca with rice and farofa, and a passion fruit mousse for dessert, all peanut-free.",
            "Perfect. My team is Corinthians, I will put the flag on the wall for the dinner haha.",
            "A bit of Corinthians decoration will make it feel like home!",
        ),
    ]
    probes = [
        _probe("where does the user live?", "residence", "Lisbon", stale=["São Paulo"],
               kinds=["plain", "changed", "non_ascii"],
               said=["I live in São Paulo", "transfer to the Lisbon office", "Olá from Lisbon"]),
        _probe("which company does he work for?", "employer", "Nubank", apart="São Paulo",
               kinds=["two_facts", "restated"],
               said=["I live in São Paulo", "Nubank approved my transfer"]),
        _probe("is the user in a relationship?", "partner", None, gone=["Larissa"],
               kinds=["in_passing", "ended"],
               said=["My girlfriend Larissa", "Me and Larissa, we finished"]),
        _probe("what's the name of his dog?", "pet", "Paçoca", kinds=["in_passing", "non_ascii", "restated"],
               said=["my dog Paçoca", "Paçoca loves the new flat"]),
        _probe("what sport does the user do?", "sport", "surfing", stale=["futsal"],
               kinds=["in_passing", "changed"],
               said=["I play futsal with friends", "I want to start surfing", "I am surfing every Saturday"]),
        _probe("which day of the week is his sport?", "sport_day", "Saturday", stale=["Thursday"], weekly=True,
               kinds=["changed"],
               said=["futsal with friends every Thursday", "I am surfing every Saturday"]),
        _probe("is he allergic to anything?", "allergy", "peanuts", kinds=["answer"],
               said=["Only peanuts, I am allergic"]),
        _probe("which football club does he support?", "team", "Corinthians", kinds=["in_passing"],
               said=["My team is Corinthians"]),
    ]
    return sessions, probes


# ---------------------------------------------------------------- b4-u07
def _u07():
    sessions = [
        _session(
            "2025-03-03T17:45:00",
            "mate need a quote template for a sparky job, im with bayside electrical but doin a favour quote for my brother in law",
            "No worries: include your details and licence number, client details, scope of works, itemised materials, labour hours and rate, GST, total, how long the quote is valid and payment terms.",
            "legend. also the hilux is due for a service, how often should a diesel get done",
            "For a diesel HiLux it's generally every 10,000 km or 6 months, whichever comes first; towing or dusty sites may need it sooner.",
            "sweet. we play touch footy every monday arvo, any good warm up",
            "A few minutes of light jogging, then leg swings, walking lunges, high knees and short sprints with changes of direction.",
            "actually nah its tuesdays, mondays is the kids training. brain fried",
            "Ha, easy mix-up. Same warm-up works for Tuesdays!",
            "cheers",
            "Anytime, mate.",
        ),
        _session(
            "2025-03-28T20:10:00",
            "quit smoking 3 weeks ago and im going nuts, any tips for the cravings",
            "Good on you. Delay each craving for 10 minutes, keep your hands busy, drink cold water and dodge triggers like smoko breaks; patches or gum roughly double your chances.",
            "yeah got patches. the missus shaz reckons im cranky as",
            "Crankiness usually peaks in the first month, so tell Shaz it should ease soon. Exercise helps a lot.",
            "also ringo our blue heeler keeps gettin out under the fence, how do i stop him",
            "Bury chicken wire along the fence line in an L-shape or lay pavers along the bottom; heelers get bored, so more exercise and puzzle toys help too.",
            "hes a menace lol. we live in wynnum so hes always off to the mangroves",
            "A muddy heeler in the mangroves is a classic! A GPS tag on his collar could save you some searching.",
        ),
        _session(
            "2025-05-06T06:30:00",
            "big news, got a job with energex, starting in 2 wks. gotta tell bayside, how do i word a resignation",
            "Congrats! Keep it short: 'Hi [boss], I'm resigning from Bayside Electrical, with my last day being [date]. Thanks for the opportunities, happy to help with the handover.'",
            "good one. the patches r done, still off the smokes 2 months now",
            "That's a big milestone, well done. Watch out for old triggers like a beer with mates.",
            "yeah thats the hard one. whats a good bday cake for shaz shes turning 40, she loves lemon",
            "A lemon drizzle layer cake with lemon curd filling and cream cheese icing would be a winner.",
            "sweet as",
            "Hope it's a great party!",
        ),
        _session(
            "2025-06-14T19:00:00",
            "loving energex so far, the work utes got better gear than my hilux lol. broncos r playing tues night, been a fan since i was 5, but touch is tuesdays. which do i pick",
            "If it's a big game you could record it and watch after touch, as long as you can dodge spoilers.",
            "no spoilers is impossible with my group chat lol. ok different q, whats a easy dinner for 4 on the bbq",
            "Marinated chicken thigh skewers, corn on the cob and a big salad, done in under 30 minutes.",
            "beauty. ringo will want the scraps",
            "Keep cooked bones away from him, they splinter.",
            "yeah learned that one the hard way lol",
            "Raw bones or a proper chew are safer options for him.",
        ),
    ]
    probes = [
        _probe("who does the user work for?", "employer", "Energex", stale=["Bayside"],
               kinds=["in_passing", "changed", "informal"],
               said=["im with bayside electrical", "got a job with energex", "loving energex so far"]),
        _probe("what day is touch footy?", "touch_day", "Tuesday", stale=["Monday"], weekly=True,
               kinds=["slip_next_message", "restated", "informal"],
               said=["touch footy every monday", "actually nah its tuesdays", "touch is tuesdays"]),
        _probe("what does he drive?", "car", "Hilux", kinds=["in_passing", "informal", "restated"],
               said=["the hilux is due for a service", "better gear than my hilux"]),
        _probe("does the user smoke?", "smoking", None, gone=["smoking"], kinds=["ended", "informal"],
               said=["quit smoking 3 weeks ago", "still off the smokes"]),
        _probe("what's his wife called?", "partner", "Shaz", kinds=["in_passing", "restated", "informal"],
               said=["the missus shaz", "cake for shaz"]),
        _probe("what's the dog's name?", "pet", "Ringo", kinds=["in_passing", "informal", "restated"],
               said=["ringo our blue heeler", "ringo will want the scraps"]),
        _probe("which suburb does the user live in?", "residence", "Wynnum", kinds=["plain", "informal"],
               said=["we live in wynnum"]),
        _probe("which footy team does he follow?", "team", "Broncos", kinds=["in_passing", "informal"],
               said=["been a fan since i was 5"]),
    ]
    return sessions, probes


# ---------------------------------------------------------------- b4-u08
def _u08():
    sessions = [
        _session(
            "2025-01-27T09:00:00",
            "Hello, I am doing my PhD at DESY in Hamburg, in X-ray physics. I must write an abstract for a conference, max 150 words. Can you check it when I send it?",
            "Of course, paste it in and I'll tighten it to 150 words and fix the English.",
            "I send it later. First a personal thing: I am vegan and my boyfriend Jörg is not, we fight about the shopping list. Can you give me 5 dinners we both like?",
            "Try a chickpea curry, lentil bolognese, bean chilli, a tofu stir-fry, and homemade pizza where he adds cheese on his half.",
            "Good. The pizza solution is very diplomatic haha.",
            "Everyone wins with half-and-half pizza.",
            "Also I row in a club on the Alster, Wednesday evenings. Is it ok to row with a little cold?",
            "If it's only above the neck, like a runny nose, light rowing is usually fine; with fever or chest symptoms, rest.",
        ),
        _session(
            "2025-03-05T14:30:00",
            "Hi! I got a postdoc offer at Lund University, starting in May. We will live in Malmö. Jörg found a job there too. Can you help with a reply to accept the offer?",
            "Dear Professor Lindqvist, thank you very much for the offer. I'm delighted to accept the postdoctoral position starting in May and look forward to joining the group. Best regards.",
            "Perfect, only the name is Professor Berg, not Lindqvist, but I change it.",
            "Good catch, just swap the name in.",
            "I must stop rowing, the club in Hamburg will be too far and I don't want to start again there. A bit sad.",
            "That's a shame, but it's understandable with so much changing. Cycling or swimming could fill the gap if you miss the exercise.",
            "Maybe later. Now too much to organise.",
            "Understandable, one thing at a time.",
        ),
        _session(
            "2025-05-18T20:05:00",
            "Hej! We are in Malmö now. I take a Swedish course, it is every Tuesday - sorry, every Thursday, I confuse it always. How can I learn the pronunciation faster?",
            "Shadowing works well: play short Swedish clips and repeat immediately after the speaker. SVT's 'Lätt svenska' news is good for this.",
            "Very good. Is there vegan Swedish food? Traditional I mean.",
            "Not many traditional dishes are vegan, but you can make vegan köttbullar with soy mince, and Swedish shops are full of oat-based products.",
            "And my sister in Vienna asks what is the best way to visit us, train or fly?",
            "Flying from Vienna to Copenhagen and taking the Öresund train to Malmö is fastest, about three to four hours door to door; the train takes a full day.",
            "Then she flies. Thank you!",
            "Have a nice visit together!",
        ),
        _session(
            "2025-06-25T16:40:00",
            "Hello, first month at Lund University done. My Swedish course on Thursday goes well. Can you correct this: 'Jag har bott i Malmö sedan maj.'",
            "That's correct! 'I have lived in Malmö since May.' Nicely done.",
            "Yay. Jörg and I want to buy used bikes. What to check?",
            "Check the frame for cracks, that the gears shift smoothly, the brake pads and tyre wear; ask for the frame number and make sure it isn't reported stolen.",
            "Good, thank you. Also vegan protein for cycling to work?",
            "Tofu, tempeh, lentils, seitan and a soy or pea protein shake cover it easily.",
            "Perfect, thank you.",
            "Happy cycling!",
        ),
    ]
    probes = [
        _probe("where does the user live now?", "residence", "Malmö", stale=["Hamburg"],
               kinds=["two_facts", "changed", "non_ascii", "restated"],
               said=["PhD at DESY in Hamburg", "We will live in Malmö", "We are in Malmö now"]),
        _probe("where does she work?", "employer", "Lund", stale=["DESY"], kinds=["two_facts", "changed"],
               said=["PhD at DESY in Hamburg", "postdoc offer at Lund University", "first month at Lund University"]),
        _probe("what's the boyfriend's name?", "partner", "Jörg", apart="vegan",
               kinds=["two_facts", "non_ascii", "restated"],
               said=["my boyfriend Jörg", "Jörg found a job there", "Jörg and I want to buy"]),
        _probe("what diet does she follow?", "diet", "vegan", apart="Jörg",
               kinds=["two_facts", "restated"],
               said=["I am vegan and my boyfriend", "Is there vegan Swedish food", "Also vegan protein"]),
        _probe("does the user still go rowing?", "sport", None, gone=["rowing"],
               kinds=["in_passing", "ended"],
               said=["I row in a club on the Alster", "I must stop rowing"]),
        _probe("which day is the Swedish class?", "swedish_class_day", "Thursday", stale=["Tuesday"],
               weekly=True, kinds=["slip_same_message", "restated", "non_ascii"],
               said=["every Tuesday - sorry, every Thursday", "My Swedish course on Thursday"]),
        _probe("in what city does her sister live?", "sister_city", "Vienna", kinds=["in_passing"],
               said=["my sister in Vienna"]),
    ]
    return sessions, probes


# ---------------------------------------------------------------- b4-u09
def _u09():
    sessions = [
        _session(
            "2025-02-08T22:15:00",
            "Hi. I'm a product manager at Flipkart. Need to write a PRD outline for a new returns feature, what sections should it have?",
            "Problem statement, goals and non-goals, user personas, user stories, requirements, success metrics, edge cases, dependencies, rollout plan and open questions.",
            "Thanks. Also my parents are coming from Kanpur next week and staying a month. Any tips to keep the peace in a 2BHK lol",
            "Give them the better bedroom, agree a loose plan for meals and outings, and carve out a little quiet time for yourselves each day.",
            "Sorry, Lucknow, not Kanpur. Kanpur is my uncle. Anyway my wife Priya will appreciate those tips.",
            "Noted, Lucknow! A happy Priya means a happy house.",
            "True. We live in Whitefield, where can I take them for a nice weekend outing?",
            "Nandi Hills at sunrise, Lalbagh if the flower show is on, or a day trip to Mysore Palace would all suit visiting parents.",
        ),
        _session(
            "2025-03-10T19:45:00",
            "Planning a team dinner for 12 people. Which cuisine works for everyone?",
            "A South Indian place or a North Indian thali restaurant usually works for mixed groups. Do you personally have any dietary needs I should keep in mind?",
            "I'm vegetarian, no egg also.",
            "Then a thali place is ideal: plenty for you, and non-veg dishes for the others if they serve both.",
            "Good. I play badminton every Saturday morning with college friends, any tips to improve my smash?",
            "Turn your shoulders fully, hit at the highest point, and snap the wrist at contact; shadow drills help the timing.",
            "Will try. Also thinking to buy an EV, Tata Nexon EV or MG ZS EV?",
            "The Nexon EV is cheaper with good service coverage; the ZS EV is roomier and more premium. For city use the Nexon is usually the value pick.",
        ),
        _session(
            "2025-04-25T23:30:00",
            "Big change, I'm leaving Flipkart. Joining Razorpay as senior PM next month. Need a farewell message for my team.",
            "Congratulations! 'Team, after four wonderful years it's time to say goodbye. I'll miss the launches, the chaos and the chai breaks. Thank you for everything, let's stay in touch.'",
            "Nice. Razorpay office is in Koramangala so we are moving to HSR Layout to cut the commute. Whitefield traffic is killing me.",
            "That should save you a lot of time; HSR to Koramangala is a short ride. Want a moving checklist?",
            "No it's fine. We booked the Nexon, delivery in May!",
            "Exciting! Ask about a home charger installation when you take delivery.",
            "Good point, will ask the dealer.",
            "Also check which charging apps work near your new place.",
        ),
        _session(
            "2025-06-08T08:10:00",
            "Settled in HSR Layout now. The badminton group shifted to Sunday mornings since the court near here is cheaper on Sundays. Any warm-up routine?",
            "Jog lightly for five minutes, then arm circles, lunges, side shuffles and a few minutes of easy rallying before full smashes.",
            "Thanks. Priya's birthday is next week, she loves Carnatic music. Gift?",
            "Tickets to a concert at Chowdiah Memorial Hall, or good headphones with a playlist of her favourite artists.",
            "Concert tickets is a great idea.",
            "Check the Chowdiah and Gayana Samaja listings for dates.",
            "Will do, thanks.",
            "Hope she enjoys it!",
        ),
    ]
    probes = [
        _probe("who does the user work for?", "employer", "Razorpay", stale=["Flipkart"],
               kinds=["plain", "changed"],
               said=["product manager at Flipkart", "Joining Razorpay as senior PM"]),
        _probe("which part of Bengaluru does he live in?", "residence", "HSR Layout", stale=["Whitefield"],
               kinds=["plain", "changed", "restated"],
               said=["We live in Whitefield", "moving to HSR Layout", "Settled in HSR Layout now"]),
        _probe("what's the user's wife called?", "spouse", "Priya", kinds=["in_passing", "restated"],
               said=["my wife Priya", "Priya's birthday is next week"]),
        _probe("which city are his parents from?", "parents_city", "Lucknow", stale=["Kanpur"],
               kinds=["in_passing", "slip_next_message"],
               said=["parents are coming from Kanpur", "Sorry, Lucknow, not Kanpur"]),
        _probe("anything to keep in mind when picking a restaurant for him?", "diet", "vegetarian",
               kinds=["answer"], said=["I'm vegetarian, no egg also"]),
        _probe("when does he play badminton?", "badminton_day", "Sunday", stale=["Saturday"], weekly=True,
               kinds=["in_passing", "changed"],
               said=["badminton every Saturday morning", "shifted to Sunday mornings"]),
        _probe("what car is the user getting?", "car", "Nexon", kinds=["in_passing", "restated"],
               said=["Tata Nexon EV or MG ZS EV", "We booked the Nexon"]),
    ]
    return sessions, probes


# ---------------------------------------------------------------- b4-u10
def _u10():
    sessions = [
        _session(
            "2025-01-22T23:55:00",
            "ok i need help w my bio lab report, the intro is a mess. im a bio major at ut austin btw",
            "Happy to help. Paste your intro and tell me the hypothesis, and I'll help you restructure it into background, gap and aim.",
            "hypothesis is that salt concentration affects germination rate in radish seeds",
            "Good. Open with why salinity matters for crops, summarise what's known about salt stress in germination, then state your aim and hypothesis in the last two sentences.",
            "ok thats helpful. also i work at heb like 20 hrs a week, how do i ask my manager for fewer hours during finals",
            "Ask early and in person: give your finals dates, propose specific reduced hours, and offer to pick up extra shifts afterwards.",
            "ty!! ur a lifesaver",
            "Good luck with the report!",
        ),
        _session(
            "2025-02-19T21:30:00",
            "ugh diego and i are over. 2 yrs down the drain. can u distract me w something",
            "I'm sorry, breakups are awful. Want a comfort-food recipe, a playlist, or a silly fun fact?",
            "playlist. bad bunny is my fav so smth in that vibe",
            "Try Rauw Alejandro, Feid, Young Miko, Jhayco and Karol G, and put 'Tití Me Preguntó' on loop as needed.",
            "lmao yes. also practice for ballet folklorico is thursdays and i dont wanna go bc diegos cousin is in it",
            "That's understandable. You could arrive right on time and stick with your friends; after a couple of weeks it usually gets less awkward.",
            "true i love dancing too much to quit",
            "Don't let him take that from you too.",
        ),
        _session(
            "2025-04-03T16:20:00",
            "so i officially switched my major to computer science!! bio wasnt it. what intro cs books would u recommend",
            "'Automate the Boring Stuff with Python' is fun and practical, and 'Think Python' builds the fundamentals. Later on, 'Grokking Algorithms' is very approachable.",
            "perf. also my parents in el paso want me home for easter, cheapest way to get there",
            "Flights can be cheap if you book early; the bus takes around 10-11 hours but is usually the lowest price.",
            "ew 11 hrs. flight it is. our family dog chulo is old and i wanna see him",
            "That's a lovely reason to go; give Chulo some extra treats.",
            "lol he gets too many already",
            "Then extra belly rubs instead!",
        ),
        _session(
            "2025-05-12T13:05:00",
            "ok random update lol im seeing someone new, his name is andre and hes in my data structures class",
            "Ooh, nice! How's it going?",
            "good so far. what should we do for a cheap date in austin",
            "Barton Springs on a sunny day, sunset at Mount Bonnell, or food trucks on South Congress are all cheap and fun.",
            "mount bonnell is cute. also folklorico practice moved to fridays for the summer",
            "Good to know, Friday evenings are a fun way to start the weekend.",
            "oh and i quit heb, got an on campus job at the library instead",
            "Nice, library jobs are great for studying during quiet shifts.",
        ),
    ]
    probes = [
        _probe("what is the user's major?", "major", "computer science", stale=["bio"],
               kinds=["in_passing", "changed", "informal"],
               said=["im a bio major at ut austin", "switched my major to computer science"]),
        _probe("which university does she attend?", "university", "UT Austin", kinds=["in_passing", "informal"],
               said=["im a bio major at ut austin"]),
        _probe("does the user have a boyfriend?", "partner", "Andre", stale=["Diego"],
               kinds=["ended", "changed", "informal"],
               said=["diego and i are over", "his name is andre"]),
        _probe("what day is her dance practice?", "dance_day", "Friday", stale=["Thursday"], weekly=True,
               kinds=["in_passing", "changed", "informal"],
               said=["ballet folklorico is thursdays", "folklorico practice moved to fridays"]),
        _probe("where does the user work?", "employer", "library", stale=["HEB"],
               kinds=["in_passing", "changed", "informal"],
               said=["i work at heb", "got an on campus job at the library"]),
        _probe("where do her parents live?", "parents_city", "El Paso", kinds=["in_passing", "informal"],
               said=["my parents in el paso"]),
        _probe("who is the user's favourite artist?", "favourite_artist", "Bad Bunny",
               kinds=["answer", "informal"], said=["bad bunny is my fav"]),
        _probe("what's the name of her family's dog?", "pet", "Chulo", kinds=["in_passing", "informal"],
               said=["our family dog chulo"]),
    ]
    return sessions, probes


# ---------------------------------------------------------------- b4-u11
def _u11():
    sessions = [
        _session(
            "2025-02-14T21:10:00",
            "Hello. My name is Yūko. I live in Osaka and work at Panasonic as designer of home appliances. I want to study English in Vancouver next year. Please tell me how to prepare.",
            "Great goal! Take an IELTS practice test to see your level, practise speaking online with tutors, and research language schools and Canada's study permit rules for courses over six months.",
            "Thank you. My level is maybe intermediate. I have a cat, Mochi, I worry for her when I go.",
            "Family or a trusted friend could look after Mochi, or a pet sitter; cats usually cope well in a familiar, calm home.",
            "My mother lives in Fukuoka, maybe she can take Mochi.",
            "That sounds like a good solution, especially if Mochi already knows her.",
            "Yes, Mochi likes her very much.",
            "Then Mochi will be in good hands.",
        ),
        _session(
            "2025-03-21T19:30:00",
            "Good evening. I want to cook for my friends from an English exchange group. Japanese food but not too difficult.",
            "Karaage, okonomiyaki and onigiri are easy crowd pleasers. Are there any foods you can't eat yourself?",
            "I have allergy to buckwheat, so no soba for me.",
            "Understood, skip soba and watch for buckwheat in some crackers and teas; udon is a safe noodle alternative.",
            "Also every Saturday I practise taiko drums with a group. My friends want to come watch, how do I explain taiko in English?",
            "You could say: 'Taiko is traditional Japanese ensemble drumming, very physical and rhythmic, often played at festivals.'",
            "Very good explanation. Murakami is my favourite writer, which of his books is easiest in English?",
            "'Norwegian Wood' and 'What I Talk About When I Talk About Running' are quite readable in translation.",
        ),
        _session(
            "2025-05-09T12:45:00",
            "I left Panasonic at the end of April. Now I have no job and I prepare for Canada. I feel a little afraid.",
            "That's a brave step, and feeling nervous is normal. A simple weekly plan for money and study can make it feel more manageable.",
            "Yes. The school in Vancouver starts in September. What to pack for the weather there?",
            "Layers: a waterproof jacket, a warm sweater, waterproof shoes and an umbrella; autumn and winter are rainy but rarely very cold.",
            "Mochi will go to my mother in Fukuoka in August. I am sad but she is happy.",
            "Mochi will be well loved there, and you can video call.",
            "Yes! Thank you.",
            "Good luck with the preparations.",
        ),
        _session(
            "2025-06-20T22:00:00",
            "Hello again. Taiko practice moved from Saturday to Sunday this month. Also I want to write a message to thank my taiko group before I leave, can you help?",
            "Of course: 'Thank you all for the energy, patience and laughter every week. Playing with you has been one of the happiest parts of my life in Osaka. I'll miss you, and I'll come back to drum again!'",
            "It's beautiful, I cry a little. Can you recommend a book for the flight?",
            "Murakami's 'Kafka on the Shore' is long enough for a flight across the Pacific.",
            "Good, I did not read that one yet.",
            "Enjoy it, and have a safe flight!",
            "Good, I did not read that one yet.",
            "Enjoy it!",
        ),
    ]
    probes = [
        _probe("what's the user's name?", "name", "Yūko", kinds=["plain", "non_ascii"],
               said=["My name is Yūko"]),
        _probe("which city does the user live in?", "residence", "Osaka", apart="Panasonic",
               kinds=["two_facts"], said=["I live in Osaka and work at Panasonic"]),
        _probe("who does she work for?", "employer", None, gone=["Panasonic"], kinds=["two_facts", "ended"],
               said=["I live in Osaka and work at Panasonic", "I left Panasonic"]),
        _probe("where is she going to study?", "study_plan", "Vancouver", kinds=["plain", "restated"],
               said=["study English in Vancouver", "The school in Vancouver starts"]),
        _probe("what is her cat called?", "pet", "Mochi", kinds=["in_passing", "restated"],
               said=["I have a cat, Mochi", "maybe she can take Mochi", "Mochi will go to my mother"]),
        _probe("where does her mother live?", "mother_city", "Fukuoka", kinds=["in_passing", "restated"],
               said=["My mother lives in Fukuoka", "Mochi will go to my mother in Fukuoka"]),
        _probe("is there an ingredient I must leave out if I cook for her?", "allergy", "buckwheat",
               kinds=["answer"], said=["I have allergy to buckwheat"]),
        _probe("which day is taiko practice?", "taiko_day", "Sunday", stale=["Saturday"], weekly=True,
               kinds=["in_passing", "changed"],
               said=["every Saturday I practise taiko", "Taiko practice moved from Saturday to Sunday"]),
        _probe("who's her favourite author?", "favourite_author", "Murakami", kinds=["plain"],
               said=["Murakami is my favourite writer"]),
    ]
    return sessions, probes


# ---------------------------------------------------------------- b4-u12
def _u12():
    sessions = [
        _session(
            "2025-01-12T20:00:00",
            "Evening. My boy Callum starts first year at Hillhead High after the summer and he's nervous. Any tips I can pass on?",
            "Tell him everyone's new in first year, get his timetable and a map early, and join a club in the first few weeks; that's where friendships happen.",
            "Good shout. He's into football like his dad, Partick Thistle daft the pair of us.",
            "Then the school football team's an easy win. And the Jags need all the young supporters they can get!",
            "Ha, don't I know it. Another thing, I'm a bus driver with First Glasgow, early shifts, and my back's in bits. Stretches?",
            "Try cat-cow, knee-to-chest and piriformis stretches before and after shifts, and set the seat so your hips are slightly above your knees.",
            "Cheers pal.",
            "Look after that back.",
        ),
        _session(
            "2025-02-16T18:30:00",
            "Right, my big toe's swollen and red, it's agony. Doc's sending me for bloods. What should I eat meantime?",
            "Drink plenty of water and cut back on red meat, shellfish and beer while you wait. Did the doctor say what he suspects?",
            "gout, he reckons. at 45!",
            "It's more common than you'd think. Cherries, low-fat dairy and lots of water can help, and avoid alcohol, especially beer, during a flare.",
            "No beer, great. My wife Shona will be delighted.",
            "At least someone's happy about it!",
            "We're getting a pup next month, cocker spaniel. What do we need to buy?",
            "A crate, bed, bowls, puppy food, collar and lead, ID tag, chew toys, poo bags and puppy pads. Book a vet check for the first week.",
        ),
        _session(
            "2025-04-02T21:15:00",
            "Pup's here! We've called her Bramble. She's chewed two of Shona's shoes already.",
            "Welcome Bramble! Give her plenty of chew toys and swap one in whenever she grabs a shoe; puppies teethe hard at this age.",
            "Will do. I've got pipe band practice Wednesdays and she'd be left 3 hours. Is that ok at 10 weeks?",
            "At 10 weeks three hours is a bit long; get someone to pop in halfway, or leave her in a safe pen with a toy and a puppy pad.",
            "Shona can let her out. Good news at work as well, I'm coming off the buses, they've made me a depot controller.",
            "Congratulations on the promotion! No more early driving shifts for your back.",
            "Aye, still early starts but sitting at a desk.",
            "A good chair will be worth every penny then.",
        ),
        _session(
            "2025-05-18T11:00:00",
            "Need a speech for Shona's 50th. 20 years married. Funny but not cheesy.",
            "Open with a light joke about how she's put up with you, and the Jags, for 20 years, tell one real story that shows who she is, and finish with a toast to her.",
            "perfect. And Callum's been picked for the Hillhead High under-13s!",
            "Brilliant! Tell him well done.",
            "Will do. Last thing, control room shifts start at 5, what's a quick breakfast? Mind the gout.",
            "Porridge with cherries or berries and a glass of milk is quick, filling and gout friendly.",
            "Cheers, that'll do me.",
            "Enjoy the party!",
        ),
    ]
    probes = [
        _probe("what's the name of the user's wife?", "spouse", "Shona", kinds=["in_passing", "restated"],
               said=["My wife Shona", "chewed two of Shona's shoes", "speech for Shona's 50th"]),
        _probe("which school is his son going to?", "child_school", "Hillhead High", kinds=["in_passing", "restated"],
               said=["starts first year at Hillhead High", "picked for the Hillhead High"]),
        _probe("which football team does the user support?", "team", "Partick Thistle", kinds=["in_passing"],
               said=["Partick Thistle daft"]),
        _probe("what is the user's job?", "job", "controller", stale=["driver"],
               kinds=["two_facts", "changed"],
               said=["I'm a bus driver with First Glasgow", "made me a depot controller"]),
        _probe("who employs him?", "employer", "First Glasgow", kinds=["two_facts"],
               said=["I'm a bus driver with First Glasgow"]),
        _probe("any medical condition that affects what he eats?", "health", "gout",
               kinds=["answer", "restated"], said=["gout, he reckons", "Mind the gout"]),
        _probe("what's the new puppy called?", "pet", "Bramble", kinds=["plain"],
               said=["We've called her Bramble"]),
        _probe("what night does the user have band practice?", "band_practice_day", "Wednesday", weekly=True,
               kinds=["in_passing"], said=["pipe band practice Wednesdays"]),
    ]
    return sessions, probes


# ---------------------------------------------------------------- b4-u13
def _u13():
    sessions = [
        _session(
            "2025-02-02T17:20:00",
            "Hi, I'm a mechanical engineer at Vestas here in Aarhus. I need a LinkedIn headline that isn't boring.",
            "Try: 'Mechanical engineer making wind turbine blades lighter and longer-lived | Blade loads & fatigue'. Adjust it to your specialism.",
            "Blade loads is exactly it. Also, my husband Mikkel and I want a weekend in Hamburg, tips?",
            "Walk the Speicherstadt and HafenCity, catch a concert at the Elbphilharmonie, and visit the Fischmarkt early on Sunday.",
            "Nice. What about food there?",
            "Try Franzbrötchen, Labskaus and a Fischbrötchen. Do you have any dietary restrictions I should factor in?",
            "Coeliac, so gluten is out.",
            "Then skip the pastries; Hamburg has a few dedicated gluten-free bakeries and most fish places can do a plate without bread.",
        ),
        _session(
            "2025-03-16T10:10:00",
            "Our rabbit Bølle has stopped eating since yesterday. Is that serious?",
            "Yes, in rabbits that can be an emergency called GI stasis. Please call a vet today.",
            "Ok, calling now.",
            "Good. Keep him warm and note when he last pooped so you can tell the vet.",
            "Different topic. I play handball on Tuesdays, old boys team. Knee brace recommendations?",
            "A stabilising knee sleeve or a light hinged brace gives good support for handball's cutting movements.",
            "Thanks. My favourite band Mew is touring, can you help me write a message asking friends to come?",
            "'Mew are touring and I'm getting tickets. Who's in? It'll be like 2005 all over again.'",
        ),
        _session(
            "2025-04-28T19:00:00",
            "Bølle didn't make it, the vet couldn't save him. Mikkel is heartbroken. How do we explain this to our niece, she's 6?",
            "I'm so sorry. Use simple, honest words: Bølle's body stopped working and he died, and it's okay to feel sad. Drawing a picture of him together can help.",
            "Thank you, we'll do the drawing.",
            "That's a lovely way to remember him.",
            "And a work thing: I've accepted a job at Grundfos in Bjerringbro. I'll commute from Aarhus. How do I negotiate a remote day?",
            "Frame it around output: propose one fixed remote day for focused design work and offer to review it after three months.",
            "Good idea.",
            "Good luck with the new role.",
        ),
        _session(
            "2025-06-05T07:50:00",
            "First week at Grundfos done, lots of pumps lol. Handball moved to Mondays for the summer, what's a good cross-training?",
            "Cycling and swimming are gentle on the knees and build endurance; add some single-leg strength work.",
            "I ride my Bullitt cargo bike everywhere already haha.",
            "Then you're already halfway there!",
            "Gluten-free lunchbox ideas for work?",
            "A rice salad with chicken and vegetables, smørrebrød on gluten-free rye-style bread, or a quinoa bowl with leftovers.",
            "Great, thanks.",
            "Enjoy the new job!",
        ),
    ]
    probes = [
        _probe("where does the user work?", "employer", "Grundfos", stale=["Vestas"],
               kinds=["two_facts", "changed", "restated"],
               said=["mechanical engineer at Vestas", "accepted a job at Grundfos", "First week at Grundfos"]),
        _probe("which city does he live in?", "residence", "Aarhus", kinds=["two_facts", "restated"],
               said=["mechanical engineer at Vestas here in Aarhus", "I'll commute from Aarhus"]),
        _probe("what is his husband's name?", "spouse", "Mikkel", kinds=["in_passing", "restated"],
               said=["my husband Mikkel", "Mikkel is heartbroken"]),
        _probe("are there foods the user must avoid?", "diet", "coeliac", kinds=["answer", "restated"],
               said=["Coeliac, so gluten is out", "Gluten-free lunchbox ideas"]),
        _probe("does the user have a pet?", "pet", None, gone=["Bølle"],
               kinds=["in_passing", "ended", "non_ascii"],
               said=["Our rabbit Bølle", "Bølle didn't make it"]),
        _probe("which day does he play handball?", "handball_day", "Monday", stale=["Tuesday"], weekly=True,
               kinds=["in_passing", "changed"],
               said=["I play handball on Tuesdays", "Handball moved to Mondays"]),
        _probe("what's his favourite band?", "favourite_band", "Mew", kinds=["plain"],
               said=["My favourite band Mew"]),
        _probe("how does the user get around?", "bike", "Bullitt", kinds=["in_passing"],
               said=["I ride my Bullitt cargo bike"]),
    ]
    return sessions, probes


# ---------------------------------------------------------------- b4-u14
def _u14():
    sessions = [
        _session(
            "2025-01-05T13:30:00",
            "Good afternoon. I'm a pharmacist in Lagos and we are relocating to Toronto in March through express entry. How do I get licensed as a pharmacist in Canada?",
            "You'll go through the Pharmacy Examining Board of Canada: document evaluation, the Evaluating Exam and the Qualifying Exam, then registration with the Ontario College of Pharmacists.",
            "Hmm it's a long road o. My husband Chidi is an engineer, he has it easier.",
            "Engineering has its own licensing too, but he may be able to work while getting it. You could work as a pharmacy assistant during your exams.",
            "That's a good idea. Our son Obinna is 9, how do schools work there?",
            "Public schools in Ontario are free and assigned by address; you register with the local school board once you have a lease.",
            "Ok thank you, that's a relief.",
            "You're welcome, and good luck with the move!",
        ),
        _session(
            "2025-02-18T09:00:00",
            "Please help me write a farewell message to my church choir, we rehearse every Friday and I will miss them.",
            "'My dear choir family, every Friday with you has been a blessing. Thank you for the songs, the laughter and the prayers. I carry you with me to Toronto. God bless you all.'",
            "Beautiful. My sister in Houston said we should stop there first but it's too expensive.",
            "Flying direct is usually simpler with a child and lots of luggage; you can plan a Houston visit once you're settled.",
            "Exactly. What winter clothes should I buy for a 9 year old?",
            "An insulated parka, snow pants, waterproof boots, thermal layers, mittens and a warm hat; buying them in Canada is often cheaper and better suited.",
            "Ok we will buy there.",
            "Good plan, and check second-hand stores for great deals.",
        ),
        _session(
            "2025-04-07T18:45:00",
            "We are in Toronto now, in Scarborough. Cold wahala! Obinna started at a school near us, Military Trail Public School.",
            "Welcome to Toronto! How is Obinna finding it?",
            "He likes it, he already has friends. I found a job as pharmacy assistant at Shoppers Drug Mart while I write my exams.",
            "That's a great start, you'll learn the Canadian system from the inside.",
            "Yes o. Can you make me a study plan for the Evaluating Exam, 3 months?",
            "Month 1: pharmaceutical sciences and pharmacology review; month 2: pharmacy practice and therapeutics with practice questions; month 3: full mock exams and weak areas.",
            "Perfect, I will print it.",
            "Good luck with the studying!",
        ),
        _session(
            "2025-05-20T20:10:00",
            "I joined a Nigerian church choir here, practice is on Thursdays. Chidi says I'm happier now.",
            "That's lovely to hear, a community makes a big difference.",
            "Yes. Can you give me a jollof recipe that works with Canadian tomatoes? They're not the same.",
            "Use canned plum tomatoes plus tomato paste, fry the paste well, and blend in roasted red peppers for sweetness and colour.",
            "Thank you my dear. Shoppers gave me more hours too.",
            "Great news, well done.",
            "God bless you.",
            "Enjoy the jollof!",
        ),
    ]
    probes = [
        _probe("where does the user live?", "residence", "Toronto", stale=["Lagos"],
               kinds=["two_facts", "changed", "restated"],
               said=["I'm a pharmacist in Lagos", "We are in Toronto now"]),
        _probe("what is her profession?", "job", "pharmacist", kinds=["two_facts"],
               said=["I'm a pharmacist in Lagos"]),
        _probe("where does she work at the moment?", "employer", "Shoppers Drug Mart",
               kinds=["in_passing", "restated"],
               said=["pharmacy assistant at Shoppers Drug Mart", "Shoppers gave me more hours"]),
        _probe("what's her husband's name?", "spouse", "Chidi", kinds=["in_passing", "restated"],
               said=["My husband Chidi", "Chidi says I'm happier now"]),
        _probe("which school does her son go to?", "child_school", "Military Trail", kinds=["in_passing"],
               said=["Military Trail Public School"]),
        _probe("what's her son called?", "child", "Obinna", kinds=["in_passing", "restated"],
               said=["Our son Obinna is 9", "Obinna started at a school"]),
        _probe("what night is choir practice?", "choir_day", "Thursday", stale=["Friday"], weekly=True,
               kinds=["in_passing", "changed"],
               said=["we rehearse every Friday", "practice is on Thursdays"]),
        _probe("where does her sister live?", "sister_city", "Houston", kinds=["in_passing"],
               said=["My sister in Houston"]),
    ]
    return sessions, probes


# ---------------------------------------------------------------- b4-u15
def _u15():
    sessions = [
        _session(
            "2025-02-10T09:30:00",
            "Good morning. I am 71 and my doctor has put me on tablets for high blood pressure. Which foods should I cut down on?",
            "Reduce salt, processed meats, stock cubes, salty snacks and pickles, and limit alcohol. More vegetables, fruit, beans and whole grains help.",
            "My quilting group meets on Wednesdays and there is always cake. Is a small slice allowed?",
            "A small slice now and then is fine; salt and overall balance matter most for blood pressure.",
            "Good, because Hettie's melktert is not to be missed.",
            "A slice of melktert with friends is good for the soul.",
            "My son Pieter lives in Brisbane and wants me to visit. Is such a long flight safe with my blood pressure?",
            "Generally yes if it's well controlled, but check with your doctor, walk around the cabin, stay hydrated and wear compression socks.",
            "Excuse me, I wrote Brisbane but Pieter is in Perth. My head! Is the flight to Perth shorter?",
            "Yes, Perth is closer to South Africa; there are direct flights from Johannesburg of about 11 hours.",
        ),
        _session(
            "2025-03-15T15:00:00",
            "I live in Stellenbosch and my old Corolla has become difficult to drive, my eyes are not what they were. Should I stop driving?",
            "If you struggle to see at night or read signs, have an eye test first; if it can't be corrected, giving up driving is the safer choice.",
            "The optometrist is next week. If I stop, how do I get around?",
            "Family and friends, e-hailing apps like Uber or Bolt, and some churches and retirement villages run shuttles.",
            "My dachshund Worsie needs the vet too, how will I manage that?",
            "Some vets do house calls, or a pet taxi service can take you both.",
            "That is useful, thank you.",
            "You're welcome.",
        ),
        _session(
            "2025-05-03T11:20:00",
            "Well, I sold the Corolla to my neighbour's grandson. No more driving for me.",
            "That's a sensible and brave decision. Would you like help setting up Uber?",
            "Yes please, step by step. I have a smartphone.",
            "Download the Uber app, sign up with your phone number, add a payment card, then type your destination in 'Where to?'. The driver's name and car appear before they arrive.",
            "Also, the quilting group has moved to Tuesday mornings, because the church hall is booked on Wednesdays now.",
            "Tuesday mornings it is, and an Uber will get you there easily.",
            "Thank you, dear.",
            "It's a pleasure.",
        ),
        _session(
            "2025-06-22T14:40:00",
            "I am flying to Perth in September to see Pieter and the grandchildren. What should I pack in my hand luggage with my tablets?",
            "Keep your blood pressure tablets in their original packaging with a copy of the prescription, plus compression socks, an empty water bottle to fill after security, and a cardigan.",
            "Thank you. Worsie will stay with my neighbour.",
            "He'll be well looked after.",
            "Can you suggest a pattern for a baby quilt? My granddaughter is expecting.",
            "A simple patchwork of squares in soft pastels, or a 'rail fence' pattern, is quick and charming for a baby.",
            "Rail fence, I like that.",
            "It'll be a lovely heirloom.",
        ),
    ]
    probes = [
        _probe("where does the user live?", "residence", "Stellenbosch", apart="Corolla",
               kinds=["two_facts"], said=["I live in Stellenbosch"]),
        _probe("what car does the user drive?", "car", None, gone=["Corolla"],
               kinds=["two_facts", "ended"],
               said=["I live in Stellenbosch", "I sold the Corolla"]),
        _probe("what health condition is she being treated for?", "health", "blood pressure",
               kinds=["plain", "restated"],
               said=["tablets for high blood pressure", "safe with my blood pressure"]),
        _probe("which day does her quilting group meet?", "quilting_day", "Tuesday", stale=["Wednesday"],
               weekly=True, kinds=["in_passing", "changed"],
               said=["quilting group meets on Wednesdays", "moved to Tuesday mornings"]),
        _probe("which city does her son live in?", "son_city", "Perth", stale=["Brisbane"],
               kinds=["slip_next_message", "restated"],
               said=["Pieter lives in Brisbane", "I wrote Brisbane but Pieter is in Perth", "flying to Perth in September"]),
        _probe("what's her son's name?", "son", "Pieter", kinds=["in_passing", "restated"],
               said=["My son Pieter", "to see Pieter and the grandchildren"]),
        _probe("what's the dog called?", "pet", "Worsie", kinds=["in_passing", "restated"],
               said=["My dachshund Worsie", "Worsie will stay"]),
    ]
    return sessions, probes


# ---------------------------------------------------------------- b4-u16
def _u16():
    sessions = [
        _session(
            "2025-01-18T21:00:00",
            "Hey, I'm a backend engineer at Amazon and I'm thinking about leaving for a startup. What questions should I ask in interviews to judge a startup's health?",
            "Ask about runway in months, the last funding round and investors, revenue or growth metrics, burn rate, and how decisions get made. Also ask why the last few people left.",
            "Good list. Also, I'm trying to get into climbing, my girlfriend Hana got me into it. Tips for sore fingers?",
            "Keep early sessions short, avoid tiny crimps, and rest at least a day between climbing days; finger tendons adapt more slowly than muscles.",
            "Noted. What's a good snack to bring to the gym? I'm allergic to tree nuts, so trail mix is out.",
            "Bananas, rice cakes with sunflower seed butter, pretzels, or a nut-free protein bar.",
            "Perfect, thanks.",
            "Have fun on the wall!",
        ),
        _session(
            "2025-03-02T10:30:00",
            "I got the offer. Leaving Amazon to join a 20-person startup called Tidepool. Need a resignation email.",
            "'Hi [Manager], I wanted to let you know I've accepted a role elsewhere, and my last day will be [date]. I've learned a lot here and I'll make sure the handover is smooth. Thanks for everything.'",
            "Thanks. Saturdays I volunteer at a Korean school teaching kids hangul, I grew up speaking Korean at home. Any games for 6-year-olds?",
            "Try hangul bingo, a 'build the syllable' card game where kids combine consonant and vowel cards, and a letter scavenger hunt.",
            "Love the syllable game. Also I'm proposing to Hana next month, ring budget advice?",
            "Spend what's comfortable without going into debt; there's no rule. Lab-grown diamonds or coloured stones give more value.",
            "Lab-grown it is.",
            "Good luck, I hope she says yes!",
        ),
        _session(
            "2025-04-13T19:20:00",
            "She said yes! Hana and I are engaged. We're also leaving our apartment in Seattle and moving to Bellevue for a bigger place. Packing tips?",
            "Congratulations! Pack room by room, label boxes with contents and destination room, and keep an 'open first' box of essentials.",
            "Also I basically stopped climbing, my elbow hates it. I started running instead. Is Couch to 5K ok?",
            "Couch to 5K is a great start; run three times a week at an easy pace and get properly fitted running shoes.",
            "Got it.",
            "Enjoy the running.",
            "And how do I update my address with the DMV?",
            "In Washington you can update it online through the Department of Licensing website within 10 days of moving.",
        ),
        _session(
            "2025-05-25T08:00:00",
            "Settled in Bellevue. The first month at Tidepool is intense. How do I avoid burning out?",
            "Set a hard stop most days, protect your sleep, and treat your runs and volunteering as non-negotiable recovery.",
            "Yeah, the Korean school moved my class to Sundays though, so Saturdays are free now.",
            "That gives you a proper rest day then.",
            "Wedding venue ideas near Seattle for 80 people?",
            "Look at Woodinville wineries, lodges on the Kitsap Peninsula, or garden venues on the Eastside; book early for summer dates.",
            "Woodinville sounds great.",
            "Wine country weddings are lovely, enjoy the planning!",
        ),
    ]
    probes = [
        _probe("who does the user work for?", "employer", "Tidepool", stale=["Amazon"],
               kinds=["plain", "changed", "restated"],
               said=["backend engineer at Amazon", "Leaving Amazon to join", "first month at Tidepool"]),
        _probe("who is the user engaged to?", "partner", "Hana", kinds=["in_passing", "restated"],
               said=["my girlfriend Hana", "proposing to Hana", "Hana and I are engaged"]),
        _probe("where does he live?", "residence", "Bellevue", stale=["Seattle"], kinds=["changed", "restated"],
               said=["our apartment in Seattle", "Settled in Bellevue"]),
        _probe("what exercise does the user do?", "sport", "running", stale=["climbing"],
               kinds=["in_passing", "changed"],
               said=["get into climbing", "I started running instead"]),
        _probe("what's the user allergic to?", "allergy", "tree nuts", kinds=["in_passing"],
               said=["allergic to tree nuts"]),
        _probe("what day does he teach at the Korean school?", "volunteer_day", "Sunday", stale=["Saturday"],
               weekly=True, kinds=["in_passing", "changed"],
               said=["Saturdays I volunteer", "moved my class to Sundays"]),
        _probe("what language did he grow up speaking at home?", "language", "Korean", kinds=["in_passing"],
               said=["I grew up speaking Korean"]),
    ]
    return sessions, probes


# ---------------------------------------------------------------- b4-u17
def _u17():
    sessions = [
        _session(
            "2025-02-01T01:10:00",
            "hi, i'm barista in valparaíso but i'm learning programming. can you explain me what is a closure in javascript?",
            "A closure is a function that remembers the variables from where it was created, even after the outer function has finished running.",
            "ahh ok. can you give example?",
            "function makeCounter() { let n = 0; return () => ++n; } const c = makeCounter(); c(); c(); // 2 - the inner function keeps access to n.",
            "nice!! my girlfriend javiera say i talk only about code now jaja",
            "Maybe take Javiera out for a completo as an apology!",
            "jaja yes. also i have english class every wednesday, no sorry, monday, i always confuse. how to practice listening?",
            "Watch tech talks or series with English subtitles, then without; coding podcasts are great because you already know the topic.",
        ),
        _session(
            "2025-03-08T18:20:00",
            "good news!! i got job as junior developer at falabella, in santiago. i move next month",
            "¡Felicitaciones! That's a big step. Need help planning the move?",
            "yes, how i find apartment in santiago not too expensive? near metro",
            "Look on Portal Inmobiliario and Facebook groups, and consider areas like Ñuñoa or San Miguel, which have good metro links and are usually cheaper than Providencia.",
            "ñuñoa sounds good. my cat pelusa comes with me, apartments accept cats?",
            "Many do, but ask directly and mention she's an indoor, neutered cat; a small pet deposit is common.",
            "ok. i'm vegetarian since january, what cheap food for lunch at work?",
            "Porotos granados, lentil stews, tortilla de verduras and humitas are cheap, filling and meat free.",
        ),
        _session(
            "2025-04-24T21:00:00",
            "ok now i live in ñuñoa, santiago!! first week at falabella. my code review had 30 comments haha",
            "That's normal for a first pull request; comments are how you learn the codebase. Which kind were most common?",
            "mostly naming and tests",
            "Ask your reviewer for the team's naming conventions and write the tests before opening the PR; the next ones will be much smaller.",
            "javiera stays in valpo, we do long distance now",
            "Long distance is tough but doable; set regular video calls and plan visits ahead.",
            "colo-colo is my team and they play at home next week!! i go to the stadium finally",
            "Enjoy the Monumental! Bring a jacket, evenings get cold.",
        ),
        _session(
            "2025-06-01T16:40:00",
            "hey, english class moved to tuesdays because of new job. is fine. can you check my english email?",
            "Sure, paste it.",
            "'Dear team, I finished the ticket, please you can review when you have time?'",
            "Better: 'Hi team, I've finished the ticket. Could you review it when you have a moment?'",
            "thanks! still vegetarian btw, any high protein recipe?",
            "A lentil and chickpea stew with quinoa, or scrambled tofu with black beans, gives plenty of protein.",
            "pelusa says hi jaja",
            "Hi Pelusa!",
        ),
    ]
    probes = [
        _probe("which city does the user live in?", "residence", "Santiago", stale=["Valparaíso"],
               kinds=["two_facts", "changed", "informal", "non_ascii"],
               said=["i'm barista in valparaíso", "junior developer at falabella, in santiago", "now i live in ñuñoa, santiago"]),
        _probe("what does the user do for a living?", "job", "developer", stale=["barista"], apart="Falabella",
               kinds=["two_facts", "changed", "informal"],
               said=["i'm barista in valparaíso", "junior developer at falabella"]),
        _probe("which company does he work for?", "employer", "Falabella", apart="Santiago",
               kinds=["two_facts", "restated", "informal"],
               said=["junior developer at falabella", "first week at falabella"]),
        _probe("what's his girlfriend called?", "partner", "Javiera", kinds=["in_passing", "restated", "informal"],
               said=["my girlfriend javiera", "javiera stays in valpo"]),
        _probe("when is the user's English class?", "english_class_day", "Tuesday", stale=["Wednesday", "Monday"],
               weekly=True, kinds=["slip_same_message", "changed", "informal"],
               said=["every wednesday, no sorry, monday", "english class moved to tuesdays"]),
        _probe("what's his cat called?", "pet", "Pelusa", kinds=["in_passing", "restated", "informal"],
               said=["my cat pelusa", "pelusa says hi"]),
        _probe("does he eat meat?", "diet", "vegetarian", kinds=["plain", "restated", "informal"],
               said=["i'm vegetarian since january", "still vegetarian btw"]),
        _probe("which football club is he a fan of?", "team", "Colo-Colo", kinds=["plain", "informal"],
               said=["colo-colo is my team"]),
    ]
    return sessions, probes


# ---------------------------------------------------------------- b4-u18
def _u18():
    sessions = [
        _session(
            "2025-01-09T20:30:00",
            "Hiya. Twins' birthday party next month, they're turning 6. Gethin wants dinosaurs and Nia wants unicorns. Help!",
            "Do a 'dino-corn' party: a prehistoric meadow theme with dinosaur and unicorn cupcakes, a fossil dig and 'pin the horn on the unicorn'.",
            "Dino-corn, I love it. Gethin can't have sesame, he's allergic, so I need to watch the food.",
            "Check labels on bread rolls, crackers and houmous, which often contain sesame, and ask other parents not to bring homemade snacks.",
            "Good point. And I'm an accountant at Admiral, year end is killing me. Quick dinners?",
            "Traybakes, stir-fries and a slow cooker chilli batched at the weekend; keep frozen veg and microwave rice on hand.",
            "Lifesaver.",
            "Good luck with the busy season!",
        ),
        _session(
            "2025-02-22T21:10:00",
            "My mam in Swansea is coming to help with the party. Rhys has to work. Can you help plan the day?",
            "Set up in the morning with your mam, food prep by noon, guests at 2, games until 3:30, then cake and goodie bags at 4. Keep a quiet corner for overwhelmed kids.",
            "Brilliant. Also I've joined Pilates on Mondays for my back. Is it ok with a slipped disc history?",
            "Often yes, if the instructor knows and you avoid deep forward bends; clinical Pilates run by a physio is the safest option.",
            "I'll tell her. The twins are at Ysgol Pencae, their class want Welsh cakes at the party too.",
            "Welsh cakes are perfect and easy to make sesame-free: flour, butter, sugar, currants, egg and a pinch of nutmeg.",
            "Diolch!",
            "Croeso!",
        ),
        _session(
            "2025-04-06T19:40:00",
            "So I'm going down to three days a week at Admiral from May. Need to email HR to confirm.",
            "'Dear HR, following my conversation with [manager], I'm writing to confirm my move to a three-day working week from 1 May. Please let me know if you need anything further.'",
            "Perfect. And the Monday Pilates class got cancelled, so I'm doing the Thursday one instead.",
            "Thursday is a good midweek reset.",
            "We're swapping the Zafira for a Sharan, more boot space for all the twins' stuff. Worth it?",
            "Yes, the Sharan's sliding doors and bigger boot are great with young kids; check the gearbox service history.",
            "Will do.",
            "Good luck with the swap!",
        ),
        _session(
            "2025-05-28T09:15:00",
            "The Sharan is great, sliding doors are a game changer in the Tesco car park. Half term ideas near us in Cardiff?",
            "Techniquest in the Bay, St Fagans museum, Cosmeston Lakes and a day at Barry Island are all good with six-year-olds.",
            "St Fagans, good idea. Gethin had a reaction at a friend's house, sesame in the bread. Should I get him an EpiPen?",
            "Talk to your GP or allergy clinic about an adrenaline auto-injector, especially after a reaction, and give the school an allergy action plan.",
            "Booked an appointment. Thanks.",
            "Good, I hope he's okay.",
            "He's fine now, just a few hives.",
            "Glad to hear it.",
        ),
    ]
    probes = [
        _probe("what is the user's son allergic to?", "child_allergy", "sesame", kinds=["in_passing", "restated"],
               said=["Gethin can't have sesame", "sesame in the bread"]),
        _probe("who does she work for?", "employer", "Admiral", apart="accountant",
               kinds=["two_facts", "restated"],
               said=["I'm an accountant at Admiral", "three days a week at Admiral"]),
        _probe("what does the user do for a living?", "job", "accountant", apart="Admiral",
               kinds=["two_facts"], said=["I'm an accountant at Admiral"]),
        _probe("where does her mum live?", "mother_city", "Swansea", kinds=["in_passing"],
               said=["My mam in Swansea"]),
        _probe("what's her husband called?", "spouse", "Rhys", kinds=["in_passing"],
               said=["Rhys has to work"]),
        _probe("which school are the twins at?", "child_school", "Ysgol Pencae", kinds=["in_passing"],
               said=["The twins are at Ysgol Pencae"]),
        _probe("which day does the user go to Pilates?", "pilates_day", "Thursday", stale=["Monday"], weekly=True,
               kinds=["in_passing", "changed"],
               said=["Pilates on Mondays", "doing the Thursday one instead"]),
        _probe("what's the family car?", "car", "Sharan", stale=["Zafira"], kinds=["changed", "restated"],
               said=["swapping the Zafira for a Sharan", "The Sharan is great"]),
        _probe("which city does she live in?", "residence", "Cardiff", kinds=["in_passing"],
               said=["near us in Cardiff"]),
    ]
    return sessions, probes


# ---------------------------------------------------------------- b4-u19
def _u19():
    sessions = [
        _session(
            "2025-02-04T19:00:00",
            "Hello. I am from Kharkiv, now I live in Cork with my daughter Sofiia. I need help to write CV in English, I was accountant in Ukraine.",
            "Of course. Start with a short profile, then your accounting experience, education, software skills like 1C or Excel, and languages. Which languages do you speak?",
            "Ukrainian native, Russian, English intermediate, and a little Polish.",
            "Great, list them with levels: Ukrainian (native), Russian (fluent), English (B1), Polish (basic).",
            "Thank you. Sofiia goes to Scoil Mhuire primary school, she speaks better English than me already.",
            "Kids pick it up so fast! She can be your conversation partner.",
            "Yes, she corrects me all the time haha.",
            "That's the best kind of teacher.",
        ),
        _session(
            "2025-03-18T20:30:00",
            "I have English class every Tuesday at the ETB centre. Teacher says I must practise small talk. Give me phrases for work?",
            "Try: 'How was your weekend?', 'Any plans for the evening?', 'Lovely day, isn't it?' - and talking about the weather always works in Ireland.",
            "Haha yes, weather. My husband Andrii is still in Ukraine, we talk every evening. Sometimes I am very tired.",
            "That's a heavy load to carry alone. Ukrainian community groups in Cork can be a real support, and it's okay to ask for help.",
            "Thank you. I applied for job at Apple in Hollyhill, finance operations. Interview is Friday!",
            "Good luck! Prepare examples of reconciliations, month-end close and working to deadlines, using the STAR method.",
            "What is STAR method?",
            "Situation, Task, Action, Result: describe the context, your responsibility, what you did and the outcome, in about two minutes.",
        ),
        _session(
            "2025-05-02T18:00:00",
            "I got the job at Apple! Start in two weeks. But English class is Tuesday evening and work finish late. Can I change?",
            "Congratulations! Ask the ETB centre whether there's an online class or another evening.",
            "They have only Wednesday morning, I can't. So I stop the class and I practise at work instead.",
            "That's a sensible choice; using English every day at work is excellent practice.",
            "Sofiia wants a dog now. In Ireland, what to consider?",
            "Check your lease allows pets, budget for food, vet and insurance, and consider adopting from Dogs Trust or a local shelter.",
            "Ok, I will look at Dogs Trust.",
            "They're lovely about matching families with the right dog.",
        ),
        _session(
            "2025-06-15T13:25:00",
            "We adopted a dog from Dogs Trust! Mixed breed, his name is Lucky, Sofiia chose it.",
            "How lovely! Lucky's a fitting name. How is he settling in?",
            "Good, but he barks when we leave for work and school. What to do?",
            "Practise short departures, leave him a stuffed Kong, keep leaving and returning low-key, and build up the time gradually.",
            "And Andrii will come to visit in August, I am so happy. What to do in Cork with him?",
            "Walk around Kinsale, visit Blarney Castle, take the ferry to Spike Island, and spend a day on the Beara peninsula if you have a car.",
            "Spike Island, good. Thank you for everything.",
            "You're very welcome. Enjoy the summer together!",
        ),
    ]
    probes = [
        _probe("where does the user live?", "residence", "Cork", apart="Kharkiv", kinds=["two_facts"],
               said=["now I live in Cork"]),
        _probe("where is she originally from?", "hometown", "Kharkiv", apart="Cork", kinds=["two_facts"],
               said=["I am from Kharkiv"]),
        _probe("what's her daughter's name?", "child", "Sofiia", kinds=["two_facts", "restated"],
               said=["my daughter Sofiia", "Sofiia goes to Scoil Mhuire", "Sofiia wants a dog"]),
        _probe("where does the user work?", "employer", "Apple", kinds=["plain", "restated"],
               said=["applied for job at Apple", "I got the job at Apple"]),
        _probe("who is her husband?", "spouse", "Andrii", kinds=["in_passing", "restated"],
               said=["My husband Andrii", "Andrii will come to visit"]),
        _probe("is the user still taking English classes?", "english_class", None, gone=["Tuesday"],
               kinds=["plain", "ended"],
               said=["English class every Tuesday", "So I stop the class"]),
        _probe("does she have any pets?", "pet", "Lucky", kinds=["plain"],
               said=["his name is Lucky"]),
        _probe("which school does Sofiia attend?", "child_school", "Scoil Mhuire", kinds=["in_passing"],
               said=["Sofiia goes to Scoil Mhuire"]),
        _probe("what is the user's native language?", "language", "Ukrainian", kinds=["answer"],
               said=["Ukrainian native"]),
    ]
    return sessions, probes


# ---------------------------------------------------------------- b4-u20
def _u20():
    sessions = [
        _session(
            "2025-01-25T12:10:00",
            "hiya, need a bday message for my bf tom, we've been together 3 yrs, something cute not cringe",
            "'Happy birthday Tom. Three years of you stealing the duvet and I'd still pick you every time. Love you x'",
            "lol perfect he does steal the duvet. also im a barista and want to get into UX writing, where do i start",
            "Read 'Strategic Writing for UX' by Torrey Podmajersky, rewrite clunky microcopy from apps you use as portfolio pieces, and look at content design courses.",
            "ooh ok. the cafe is in hackney and i live in hackney too so commute is 5 mins lol",
            "Best commute in London!",
            "true. i go to life drawing every thursday at a pub in dalston, any tips for drawing hands",
            "Block the palm in as a simple mitten shape and the fingers as cylinders, then refine; lots of 30-second gesture sketches help.",
        ),
        _session(
            "2025-03-01T23:20:00",
            "me and tom broke up. hes moving to manchester for work and neither of us wants long distance",
            "I'm really sorry. That's painful even when it's mutual. How are you holding up?",
            "meh. need a cheap 1 bed somewhere east, hackney rents are mad",
            "Walthamstow, Leyton and Forest Gate are usually cheaper than Hackney with good transport links; check Rightmove and SpareRoom.",
            "walthamstow looks nice",
            "It has the market, the wetlands and the Victoria line, so it's a good pick.",
            "my asthma flares up with stress, anything besides my inhaler",
            "Keep taking your preventer as prescribed, try slow breathing exercises, and see your GP if you're needing your reliever more than usual.",
        ),
        _session(
            "2025-04-20T14:00:00",
            "ok life update!! moved to walthamstow last weekend AND i got a junior content designer job at monzo",
            "Amazing, congratulations on both! When do you start at Monzo?",
            "may 6th. so bye bye cafe. life drawing is still thursdays but its a trek from here now",
            "Maybe look for a class closer to home, or treat the trek as sketchbook time on the Tube.",
            "good shout. fav food is ethiopian, where shud i go to celebrate",
            "I can't vouch for what's open now, but check recent reviews for Ethiopian restaurants near you; injera with a mixed veg platter is a great celebration meal.",
            "yesss injera",
            "Enjoy the celebration!",
        ),
        _session(
            "2025-06-07T10:40:00",
            "found a closer life drawing class, its on tuesdays, sorry i mean wednesdays, at the walthamstow library. so quitting the dalston one",
            "Nice, much easier than crossing London every week.",
            "also i met someone, kwame, early days but hes lovely",
            "That's lovely to hear! Enjoy getting to know him.",
            "ty. best way to carry my brompton on the tube at rush hour",
            "Fold it fully, carry it by the saddle, and stand in the door area; a cover bag makes it less of a nuisance.",
            "perfect",
            "Happy commuting!",
        ),
    ]
    probes = [
        _probe("who is the user's boyfriend?", "partner", "Kwame", stale=["Tom"],
               kinds=["ended", "changed", "informal"],
               said=["my bf tom", "me and tom broke up", "i met someone, kwame"]),
        _probe("where does the user live?", "residence", "Walthamstow", stale=["Hackney"], apart="Monzo",
               kinds=["two_facts", "changed", "informal"],
               said=["i live in hackney too", "moved to walthamstow last weekend"]),
        _probe("which company does the user work for?", "employer", "Monzo", apart="Walthamstow",
               kinds=["two_facts", "changed", "informal"],
               said=["content designer job at monzo"]),
        _probe("what is his job?", "job", "content designer", stale=["barista"],
               kinds=["two_facts", "changed", "informal"],
               said=["im a barista", "content designer job at monzo"]),
        _probe("which evening is life drawing?", "drawing_day", "Wednesday", stale=["Thursday", "Tuesday"],
               weekly=True, kinds=["slip_same_message", "changed", "informal"],
               said=["life drawing every thursday", "life drawing is still thursdays", "its on tuesdays, sorry i mean wednesdays"]),
        _probe("does the user have any health conditions?", "health", "asthma", kinds=["in_passing", "informal"],
               said=["my asthma flares up"]),
        _probe("where should I book to take him out for dinner?", "favourite_cuisine", "Ethiopian",
               kinds=["plain", "informal"], said=["fav food is ethiopian"]),
        _probe("what bike does he have?", "bike", "Brompton", kinds=["in_passing", "informal"],
               said=["carry my brompton"]),
    ]
    return sessions, probes


# ---------------------------------------------------------------- b4-u21
def _u21():
    sessions = [
        _session(
            "2025-01-30T20:00:00",
            "Hello! I am game designer at Ubisoft. I need to prepare a talk for students, 10 minutes, about level design. Can you help with the plan?",
            "Sure: 1) what level design is, 2) a before/after example of a level, 3) three principles like guiding the player, pacing and readability, 4) your career path, 5) questions.",
            "Parfait. My boyfriend Mathieu says I should put a joke at the beginning.",
            "Open with a funny bug from one of your games; students love a good collision glitch story.",
            "Ha, I have many. Also my dog Caramel must lose weight, the vet says. What food?",
            "Ask your vet about a weight management food, measure portions exactly, swap treats for green beans or carrot pieces, and add a longer walk.",
            "Green beans, he will be surprised haha.",
            "He'll get used to them!",
        ),
        _session(
            "2025-03-03T18:45:00",
            "I live in Montréal, in Rosemont, and the winter is too long this year. Ideas for indoor activities on weekends?",
            "Climbing gyms, the Biodôme, board game cafés, the Museum of Fine Arts, or a pottery workshop.",
            "Ha! I already do ceramic class every Tuesday evening, I love it.",
            "Then maybe try a weekend wheel-throwing intensive to level up.",
            "Good idea. Mathieu and me, we want to go to Iceland in June. Itinerary for 7 days?",
            "Days 1-2 Reykjavik and the Golden Circle, days 3-4 the south coast with Seljalandsfoss and Vík, day 5 Jökulsárlón, days 6-7 back west with a lagoon stop.",
            "Great. I don't eat pork, is Icelandic food ok?",
            "Yes, lamb and fish dominate; just check hot dogs and some stews, which can contain pork.",
        ),
        _session(
            "2025-04-16T21:30:00",
            "Big decision. I quit Ubisoft last week, too much crunch. I will take some months off before looking for something.",
            "That's a big step, and putting your health first is valid. Would you like help budgeting for the break?",
            "Yes, I have savings for around 6 months.",
            "List fixed costs, set a monthly spending cap, keep a buffer for surprises, and pick a date to start job searching so the break stays relaxing.",
            "Also the ceramic class changes to Monday, the teacher has a new schedule.",
            "Monday pottery is a nice way to start the week.",
            "Yes, and I have more time now haha.",
            "Enjoy it, that's what breaks are for.",
        ),
        _session(
            "2025-05-28T11:00:00",
            "Iceland in two weeks! Caramel stays with my parents in Québec City. What to pack?",
            "Waterproof jacket and trousers, warm layers, hiking boots, a swimsuit for the lagoons and an eye mask for the midnight sun.",
            "Eye mask, good idea. Also the Canadiens are in the playoffs, Mathieu is crazy happy haha.",
            "Go Habs! Hope they go deep.",
            "Can you help me make a small portfolio website for when I look for a job again?",
            "Use a simple template on Squarespace or Carrd: an about section, three or four case studies of levels you designed with before/after images, and contact details.",
            "Carrd looks easy, thank you.",
            "Good luck with it!",
        ),
    ]
    probes = [
        _probe("who does the user work for?", "employer", None, gone=["Ubisoft"], kinds=["plain", "ended"],
               said=["game designer at Ubisoft", "I quit Ubisoft"]),
        _probe("which city does the user live in?", "residence", "Montréal", kinds=["plain", "non_ascii"],
               said=["I live in Montréal"]),
        _probe("what's her boyfriend's name?", "partner", "Mathieu", kinds=["in_passing", "restated"],
               said=["My boyfriend Mathieu", "Mathieu and me, we want", "Mathieu is crazy happy"]),
        _probe("what's her dog called?", "pet", "Caramel", kinds=["in_passing", "restated"],
               said=["my dog Caramel", "Caramel stays with my parents"]),
        _probe("which evening is her ceramics class?", "ceramics_day", "Monday", stale=["Tuesday"], weekly=True,
               kinds=["in_passing", "changed"],
               said=["ceramic class every Tuesday", "ceramic class changes to Monday"]),
        _probe("where is the user going on holiday?", "trip", "Iceland", kinds=["plain", "restated"],
               said=["go to Iceland in June", "Iceland in two weeks"]),
        _probe("is there any meat I shouldn't serve her?", "diet", "pork", kinds=["plain"],
               said=["I don't eat pork"]),
        _probe("where do her parents live?", "parents_city", "Québec", kinds=["in_passing", "non_ascii"],
               said=["my parents in Québec City"]),
    ]
    return sessions, probes


# ---------------------------------------------------------------- b4-u22
def _u22():
    sessions = [
        _session(
            "2025-01-06T07:15:00",
            "Morning. I'm retiring from the Honda plant in Marysville at the end of March after 31 years. Can you help me write a short speech for my send-off?",
            "Sure: thank your coworkers, tell one funny story from the line, name a mentor or two, and close with what you'll miss and what's next. Keep it under three minutes.",
            "What's next is fishing. Lots of fishing. Debbie says I'll drive her nuts at home.",
            "Maybe plan a couple of fishing trips a month and a project or two to keep Debbie happy!",
            "Ha. We're in Columbus, any good lakes nearby for crappie?",
            "Alum Creek, Hoover Reservoir and Buckeye Lake are all known for crappie; spring is prime time.",
            "We live right by Hoover so that's perfect.",
            "Can't beat a lake on your doorstep.",
        ),
        _session(
            "2025-02-20T19:30:00",
            "My knee's shot. They scheduled a knee replacement for May 14. What should I do to prepare?",
            "Do the prehab exercises your surgeon or PT recommends, set up a ground-floor sleeping area, clear trip hazards, and line up help for the first two weeks.",
            "Debbie's on it. Rotary meets Tuesdays at noon, will I be able to go after surgery?",
            "Most people manage short outings with a walker or cane within two to four weeks, so you might miss a few Tuesday meetings.",
            "Fine by me, they can do without my jokes. Grandson Brady wants to learn to fish this summer, what rod for a 7 year old?",
            "A short spincast combo around 4 to 5 feet, like a Zebco, is simple and durable for a kid.",
            "Brody, not Brady. Darn phone. Anyway, a Zebco it is.",
            "Got it, Brody! He'll have fun with it.",
        ),
        _session(
            "2025-04-02T10:00:00",
            "Officially retired as of Friday. Feels strange not setting the alarm.",
            "Congratulations! Give yourself a few weeks to find a new rhythm.",
            "Also traded in the F-150 for a Silverado. How do I figure out if I got a fair deal?",
            "Compare your trade-in value against Kelley Blue Book, and the Silverado's price against listings with the same trim and mileage.",
            "I think we did okay. Debbie picked the color.",
            "Then it's a win either way!",
            "Rotary moved to Wednesdays at noon with the new venue. Can you write a short welcome note for new members?",
            "'Welcome to Rotary! We meet Wednesdays at noon for lunch, service projects and good company. We're glad you're here.'",
        ),
        _session(
            "2025-06-10T15:20:00",
            "Knee replacement went fine, physical therapy three times a week now. Any tips to stay motivated?",
            "Track your range of motion weekly so you can see progress, set small goals like walking to the mailbox, and reward yourself.",
            "Goal is to get back in the boat by August with Brody.",
            "That's a great motivator.",
            "What's a good low-sodium lunch? Doc wants my blood pressure down too.",
            "A turkey and veggie wrap with hummus, or a big salad with grilled chicken and a vinaigrette.",
            "Debbie will like that one.",
            "Enjoy!",
        ),
    ]
    probes = [
        _probe("where does the user work?", "employer", None, gone=["Honda"], kinds=["plain", "ended"],
               said=["retiring from the Honda plant", "Officially retired as of Friday"]),
        _probe("what's his wife called?", "spouse", "Debbie", kinds=["in_passing", "restated"],
               said=["Debbie says I'll drive her nuts", "Debbie picked the color"]),
        _probe("which city does the user live in?", "residence", "Columbus", kinds=["plain"],
               said=["We're in Columbus"]),
        _probe("what does he drive?", "truck", "Silverado", stale=["F-150"], kinds=["changed"],
               said=["traded in the F-150 for a Silverado"]),
        _probe("what day does Rotary meet?", "rotary_day", "Wednesday", stale=["Tuesday"], weekly=True,
               kinds=["in_passing", "changed"],
               said=["Rotary meets Tuesdays at noon", "Rotary moved to Wednesdays"]),
        _probe("what's the grandson's name?", "grandson", "Brody", stale=["Brady"],
               kinds=["slip_next_message", "restated"],
               said=["Grandson Brady wants", "Brody, not Brady", "in the boat by August with Brody"]),
        _probe("how does the user like to spend his free time?", "hobby", "fishing", kinds=["plain"],
               said=["What's next is fishing"]),
        _probe("what operation did he have?", "surgery", "knee replacement", kinds=["plain", "restated"],
               said=["scheduled a knee replacement", "Knee replacement went fine"]),
    ]
    return sessions, probes


# ---------------------------------------------------------------- b4-u23
def _u23():
    sessions = [
        _session(
            "2025-02-12T22:50:00",
            "hi po! im a nurse in dubai, working at rashid hospital, and i got accepted for a job in the uk. can u help me w the visa docs list",
            "Congratulations! For the Health and Care Worker visa you'll need your certificate of sponsorship, passport, TB test results, English test results if required, NMC registration progress, and proof of funds unless your employer covers maintenance.",
            "ok thank u. my daughter andrea will stay w my mama in cebu for first year, i feel guilty",
            "That's a hard choice and it comes from love. Regular video calls and a clear plan to bring her over can help you both.",
            "yes we call every sunday, thats our family video call",
            "That weekly call will be something you both look forward to.",
            "yes po",
            "Good luck with the paperwork!",
        ),
        _session(
            "2025-03-25T21:10:00",
            "where is leicester? my new job is at glenfield hospital there",
            "Leicester is in the East Midlands, about an hour by train from London St Pancras, and close to Nottingham and Birmingham.",
            "ok. whats the weather like, i only know dubai heat lol",
            "Cool and often grey, around 5-20°C depending on the season, with rain any time; bring layers and a good waterproof coat.",
            "omg. also my bf jomar is staying in dubai for now, hes an engineer there",
            "Long distance across time zones is hard; try to keep a fixed time to talk, like your Sunday family calls.",
            "yes po. we plan for him to follow next year",
            "Having a plan helps a lot.",
        ),
        _session(
            "2025-05-10T18:30:00",
            "hello from leicester!! i live near the hospital, small flat but ok. can u help me budget on band 5 salary",
            "Welcome! List rent, council tax, utilities, phone, transport and food, then set amounts for money sent home and savings.",
            "i send 400 pounds to mama every month for andrea",
            "Then build that in first as a fixed cost; paying it on payday makes the rest of the month clearer.",
            "ok. coldplay is my fav band and i got a ticket for wembley in august, how to get there cheap",
            "Book an advance train ticket early, or take a National Express coach, which is usually the cheapest option.",
            "coach then hehe",
            "Enjoy the concert!",
        ),
        _session(
            "2025-06-29T20:00:00",
            "so jomar and i broke up. he said he wont move to uk after all. its ok, i focus on andrea and work",
            "I'm sorry, that's painful. It's good that your priorities are clear; be gentle with yourself.",
            "thanks po. sunday call with mama and andrea moved to saturday bc of my shifts",
            "Saturdays will work just as well, and she'll still look forward to it.",
            "can u suggest filipino food i can cook here, ingredients easy to find in leicester",
            "Chicken adobo and sinigang are easy; Asian supermarkets usually stock tamarind soup mix, fish sauce and calamansi juice.",
            "adobo it is",
            "Enjoy a taste of home!",
        ),
    ]
    probes = [
        _probe("where does the user live?", "residence", "Leicester", stale=["Dubai"],
               kinds=["two_facts", "changed", "informal"],
               said=["im a nurse in dubai", "hello from leicester"]),
        _probe("which hospital does she work at?", "employer", "Glenfield", stale=["Rashid"],
               kinds=["two_facts", "changed", "informal"],
               said=["working at rashid hospital", "my new job is at glenfield hospital"]),
        _probe("what is the user's profession?", "job", "nurse", kinds=["two_facts", "informal"],
               said=["im a nurse in dubai"]),
        _probe("does she have a boyfriend?", "partner", None, gone=["Jomar"], kinds=["in_passing", "ended", "informal"],
               said=["my bf jomar", "jomar and i broke up"]),
        _probe("what's the user's daughter called?", "child", "Andrea", kinds=["in_passing", "restated", "informal"],
               said=["my daughter andrea", "every month for andrea"]),
        _probe("where is her daughter living?", "child_city", "Cebu", kinds=["in_passing", "informal"],
               said=["my mama in cebu"]),
        _probe("what day is her weekly video call home?", "family_call_day", "Saturday", stale=["Sunday"],
               weekly=True, kinds=["in_passing", "changed", "informal"],
               said=["we call every sunday", "moved to saturday"]),
        _probe("what band does the user like?", "favourite_band", "Coldplay", kinds=["plain", "informal"],
               said=["coldplay is my fav band"]),
    ]
    return sessions, probes


# ---------------------------------------------------------------- b4-u24
def _u24():
    sessions = [
        _session(
            "2025-01-14T18:00:00",
            "Hello! I am English teacher in a secondary school in Sevilla, IES Murillo. I need a fun activity for students of 15 years about past simple.",
            "Try 'Two truths and a lie' about last weekend, or a crime mystery where students interrogate suspects about what they did yesterday.",
            "The mystery is perfect, they love crime. My boyfriend Íñigo says I work too much in the evenings haha.",
            "Maybe keep one evening a week completely free for the two of you.",
            "We have flamenco class together on Wednesday, it is our evening!",
            "That's a lovely shared evening, and great exercise too.",
            "Yes, and Íñigo dances very bad haha.",
            "Then it's extra fun to watch!",
        ),
        _session(
            "2025-02-26T20:40:00",
            "I have a problem with fruits, the doctor says I am intolerant to fructose. What can I eat for breakfast?",
            "Lower-fructose options include oats, eggs, lactose-free yoghurt, firm bananas and small portions of berries; avoid honey, apples, pears and juices.",
            "No apples, so sad. Our tortoise Manolo eats more fruit than me now.",
            "Manolo is living the good life! Just remember tortoises should mostly eat greens, with fruit only as a treat.",
            "Ah, good to know. And the flamenco class moves to Monday from next week.",
            "Flamenco on Mondays will make the week start better.",
            "Is true!",
            "¡Olé!",
        ),
        _session(
            "2025-04-10T19:15:00",
            "News: next year I change school, I got a place at IES Velázquez, more close to home. Can you help me write a thank you message to my colleagues at Murillo?",
            "'Dear colleagues, after these wonderful years at Murillo, I'm moving to a new school next year. Thank you for your support, your laughter and your patience. I will miss you all!'",
            "Very nice. And I need gift ideas for Íñigo, he turns 35, he loves cycling.",
            "Bike lights, a good jersey, a saddle bag, or a cycling day trip together.",
            "Maybe a day trip to Doñana by bike.",
            "That sounds perfect.",
            "Thank you!",
            "De nada!",
        ),
        _session(
            "2025-06-05T21:00:00",
            "Íñigo and me, we broke up. I don't want to talk too much about it. But I still go to flamenco on Mondays, alone now.",
            "I'm sorry. It's good that you're keeping flamenco for yourself.",
            "Yes. Can you help me plan the first week in September at Velázquez?",
            "Start with a getting-to-know-you speaking activity, a short diagnostic test, class rules made together, and a fun vocabulary game.",
            "Good. Also my sister lives in Bilbao, I go there in July. What to see?",
            "The Guggenheim, pintxos in the Casco Viejo, the Artxanda funicular, and a day trip to San Juan de Gaztelugatxe.",
            "Pintxos, yes!",
            "Enjoy Bilbao!",
        ),
    ]
    probes = [
        _probe("which school does the user teach at?", "employer", "Velázquez", stale=["Murillo"],
               kinds=["two_facts", "changed", "non_ascii", "restated"],
               said=["IES Murillo", "I got a place at IES Velázquez", "first week in September at Velázquez"]),
        _probe("which city does the user live in?", "residence", "Sevilla", apart="Murillo",
               kinds=["two_facts"], said=["secondary school in Sevilla"]),
        _probe("does she have a partner?", "partner", None, gone=["Íñigo"],
               kinds=["in_passing", "ended", "non_ascii"],
               said=["My boyfriend Íñigo", "gift ideas for Íñigo", "Íñigo and me, we broke up"]),
        _probe("which evening is her flamenco class?", "flamenco_day", "Monday", stale=["Wednesday"], weekly=True,
               kinds=["in_passing", "changed", "restated"],
               said=["flamenco class together on Wednesday", "flamenco class moves to Monday", "flamenco on Mondays"]),
        _probe("what does the user have trouble digesting?", "intolerance", "fructose", kinds=["plain"],
               said=["intolerant to fructose"]),
        _probe("what's the tortoise called?", "pet", "Manolo", kinds=["in_passing"],
               said=["Our tortoise Manolo"]),
        _probe("where does her sister live?", "sister_city", "Bilbao", kinds=["in_passing"],
               said=["my sister lives in Bilbao"]),
        _probe("what does the user do for work?", "job", "teacher", kinds=["two_facts"],
               said=["I am English teacher"]),
    ]
    return sessions, probes


# ---------------------------------------------------------------- b4-u25
def _u25():
    sessions = [
        _session(
            "2025-01-28T23:30:00",
            "hey can help me w my resume? im year 3 business at nus, doing internship at grab now",
            "Sure. Lead with education (NUS, expected graduation, relevant modules), then the Grab internship with two or three impact bullets with numbers, then CCAs and skills.",
            "ok. cca i do dragon boat, training every saturday morning at kallang",
            "Dragon boat shows teamwork and discipline; list any regattas you've raced in.",
            "ok can. also my gf hui min wants to go bkk for valentines, budget itinerary 3 days?",
            "Day 1: Grand Palace and Wat Pho, evening street food in Chinatown; day 2: Chatuchak market and a rooftop bar; day 3: a floating market morning and a massage.",
            "shiok, thanks",
            "Have a great trip!",
        ),
        _session(
            "2025-03-12T22:00:00",
            "my grab internship ending, they didnt convert me lol. sad",
            "That's disappointing, but the experience still looks strong on your resume. Want help targeting other roles?",
            "ya pls, thinking shopee or sea",
            "Tailor your resume to their e-commerce roles, highlight any ops or analytics work from Grab, and reach out to NUS alumni there on LinkedIn.",
            "ok. btw we stay in tampines, whats a good cheap supper spot nearby",
            "Tampines Round Market & Food Centre and the kopitiams around Tampines Central are solid; try the prawn noodles or roti prata.",
            "ok will try",
            "Enjoy!",
        ),
        _session(
            "2025-04-30T00:20:00",
            "GOT THE OFFER FROM SHOPEE. graduate programme, start july",
            "Congratulations!! That's fantastic. Any questions about the offer?",
            "how to negotiate salary as fresh grad",
            "Check market ranges, thank them, then politely ask if there's flexibility on base pay or a sign-on bonus, pointing to your internship experience.",
            "ok. dragon boat shifting to sunday mornings cos kallang got events on saturdays",
            "Sunday paddling it is. Don't forget sunblock.",
            "haha ok. also hui min and i planning to apply bto together, whats the process",
            "Apply on the HDB Flat Portal during a sales launch under the fiancé/fiancée scheme, get your HFE letter first, then ballot; with a queue number you get to book a flat.",
        ),
        _session(
            "2025-06-18T21:40:00",
            "done with exams!! graduating from nus in august. what to wear for commencement",
            "Formal business attire under the gown: a shirt and tie or a smart dress, plus comfortable shoes for all the standing.",
            "ok. first day at shopee is 7 july, nervous sia",
            "Totally normal. Arrive early, take notes and ask lots of questions in the first weeks.",
            "and we got a queue number for bto in tampines!!",
            "Amazing news, congratulations to you and Hui Min!",
            "thanks!!",
            "Enjoy the celebrations!",
        ),
    ]
    probes = [
        _probe("which university is the user at?", "university", "NUS", apart="Grab",
               kinds=["two_facts", "in_passing", "restated", "informal"],
               said=["year 3 business at nus", "graduating from nus"]),
        _probe("who is he going to work for?", "employer", "Shopee", stale=["Grab"],
               kinds=["two_facts", "ended", "changed", "informal"],
               said=["doing internship at grab", "my grab internship ending", "GOT THE OFFER FROM SHOPEE", "first day at shopee"]),
        _probe("what is his girlfriend's name?", "partner", "Hui Min", kinds=["in_passing", "restated", "informal"],
               said=["my gf hui min", "hui min and i planning"]),
        _probe("what day is dragon boat training?", "training_day", "Sunday", stale=["Saturday"], weekly=True,
               kinds=["in_passing", "changed", "informal"],
               said=["training every saturday morning", "dragon boat shifting to sunday mornings"]),
        _probe("which part of Singapore does the user live in?", "residence", "Tampines",
               kinds=["in_passing", "informal", "restated"],
               said=["we stay in tampines", "queue number for bto in tampines"]),
        _probe("what sport does he do?", "sport", "dragon boat", kinds=["answer", "informal"],
               said=["cca i do dragon boat"]),
    ]
    return sessions, probes


# ---------------------------------------------------------------- b4-u26
def _u26():
    sessions = [
        _session(
            "2025-02-06T08:30:00",
            "Good morning. I am a marine biologist at the University of Bergen. I need to write a grant summary of 200 words for lay readers. Could you review it later?",
            "Gladly. Paste it in when ready and I'll simplify the jargon and check it reads well for non-specialists.",
            "Thank you. My daughter Liv is starting barnehage next month. How do I help a two-year-old settle in?",
            "Keep the first days short, bring a familiar cuddly toy, say a clear and calm goodbye, and keep routines at home steady.",
            "And I am allergic to cats, but the barnehage has one. Should I worry?",
            "Liv won't be affected by your allergy, but dander on her clothes might bother you; changing her clothes after pick-up helps.",
            "Good tip, thank you.",
            "You're welcome.",
        ),
        _session(
            "2025-03-14T17:10:00",
            "I do orienteering with a club every Tuesday evening. We live in Bergen, so it is almost always wet. Any tips for night orienteering in the rain?",
            "A strong headlamp with a backup, a waterproof map case, studded shoes for slippery rock, and rely on compass bearings more than terrain features.",
            "Good. My partner Øystein wants to start skiing with Liv next winter, what age is good?",
            "Many Norwegian children start around three; short, playful sessions on flat ground work best.",
            "She will be three next winter, perfect.",
            "Then she's right on schedule!",
            "Ha, yes. Thank you.",
            "Have fun out there!",
        ),
        _session(
            "2025-04-29T20:00:00",
            "We are moving to Tromsø in August. I got a position at UiT, the Arctic University. Øystein can work remotely.",
            "Congratulations! Tromsø is beautiful. Would you like some tips for the dark season?",
            "Yes please, it worries me a bit.",
            "Use a daylight lamp in the mornings, keep a steady sleep routine, get outside around midday, and make the most of cosy evenings with friends.",
            "And orienteering, are there clubs there?",
            "Yes, Tromsø has active orienteering clubs, and the midnight-sun races in summer are a highlight.",
            "Wonderful.",
            "You'll fit right in.",
        ),
        _session(
            "2025-09-10T19:30:00",
            "Hello from Tromsø! First weeks at UiT are going well. The orienteering club here trains on Thursdays, so Thursday is my club night now.",
            "Great to hear you're settling in. Thursday training will be a good way to meet people.",
            "Liv started at the new barnehage too. She loves snow already.",
            "Perfect place for a snow-loving kid.",
            "Can you help me write a short welcome email to my new research group?",
            "'Dear all, I'm delighted to join the group at UiT. My work focuses on marine biology in cold waters, and I look forward to hearing about your projects. Please drop by for coffee anytime!'",
            "Very good, thank you.",
            "Good luck with the new group!",
        ),
    ]
    probes = [
        _probe("where does the user live?", "residence", "Tromsø", stale=["Bergen"],
               kinds=["plain", "changed", "non_ascii", "restated"],
               said=["We live in Bergen", "moving to Tromsø in August", "Hello from Tromsø"]),
        _probe("where does she work?", "employer", "UiT", stale=["University of Bergen"],
               kinds=["two_facts", "changed", "restated"],
               said=["marine biologist at the University of Bergen", "I got a position at UiT", "First weeks at UiT"]),
        _probe("what is the user's profession?", "job", "marine biologist", kinds=["two_facts"],
               said=["marine biologist at the University of Bergen"]),
        _probe("what's her partner's name?", "partner", "Øystein", kinds=["in_passing", "non_ascii", "restated"],
               said=["My partner Øystein", "Øystein can work remotely"]),
        _probe("what's her daughter called?", "child", "Liv", kinds=["in_passing", "restated"],
               said=["My daughter Liv", "Liv started at the new barnehage"]),
        _probe("is she allergic to anything?", "allergy", "cats", kinds=["plain"],
               said=["I am allergic to cats"]),
        _probe("what evening does she do orienteering?", "orienteering_day", "Thursday", stale=["Tuesday"],
               weekly=True, kinds=["plain", "changed"],
               said=["orienteering with a club every Tuesday", "trains on Thursdays"]),
    ]
    return sessions, probes


# ---------------------------------------------------------------- b4-u27
def _u27():
    sessions = [
        _session(
            "2025-01-11T15:00:00",
            "yo i freelance as a graphic designer out of denver, how much should i charge for a logo package",
            "Freelance logo packages often range from $800 to $3,000 depending on scope, research and number of concepts; spell out the deliverables clearly.",
            "ok ill start at 1200. also our dog pickles is eating the couch, shes a 1 yr old lab mix",
            "At that age it's often boredom; more exercise, frozen Kongs and crate time when you're out should help.",
            "my gf megan wants to crate train her, i feel bad",
            "A crate feels like a den to a dog when it's introduced positively; make it comfy and never use it as punishment.",
            "ok cool. dnd night is thursdays at my place, snack ideas that arent greasy for the dice",
            "Veggie sticks with dip, grapes, popcorn eaten with chopsticks (a classic), and pretzel bites.",
        ),
        _session(
            "2025-02-24T19:50:00",
            "got a job offer from a branding agency called Fieldwork, full time. should i give up freelancing",
            "Weigh stability, benefits and what you'd learn against freedom and earning ceiling. Could you keep a client or two on the side if the contract allows?",
            "yeah thats the plan. i said yes",
            "Congrats! Check the contract for a moonlighting clause before taking on side work.",
            "also dnd is moving to fridays, wait no, saturdays. friday is megans thing",
            "Saturday sessions can run longer too, nice.",
            "lol yes. snowboarding at breck this weekend, what wax for spring snow",
            "A warm-temperature wax for slushy spring snow; a universal wax works if you're unsure.",
        ),
        _session(
            "2025-04-08T21:30:00",
            "rough news. we had to rehome pickles, she bit the neighbors kid and the landlord gave us an ultimatum. shes with a family on a farm now",
            "I'm so sorry, that's a heartbreaking decision. A farm with space and structure may really suit her.",
            "yeah. megan's taking it hard",
            "It's a real loss for both of you; give each other time.",
            "can u help me write a case study for the fieldwork website, a rebrand for a coffee roaster",
            "Structure it as challenge, approach and outcome, with before/after visuals and one metric like increased sales or engagement.",
            "cool ty",
            "Good luck with it!",
        ),
        _session(
            "2025-05-30T12:10:00",
            "big news megan and i got engaged on a hike at red rocks!!",
            "Congratulations to you both! What a spot.",
            "thx! wedding will be small. also my subaru needs new tires, all season or summer for colorado",
            "All-season tires are fine most of the year, but for winter mountain trips dedicated winter tires are worth it.",
            "ok. mountain biking is my summer thing now that snowboarding's over, trails near denver for beginners",
            "Green Mountain, Apex Park and Bear Creek Lake Park are beginner friendly.",
            "sweet",
            "Have fun on the trails!",
        ),
    ]
    probes = [
        _probe("who does the user work for?", "employer", "Fieldwork", stale=["freelance"],
               kinds=["in_passing", "changed", "informal"],
               said=["i freelance as a graphic designer", "agency called Fieldwork", "fieldwork website"]),
        _probe("which city is the user based in?", "residence", "Denver", apart="graphic designer",
               kinds=["two_facts", "informal"],
               said=["i freelance as a graphic designer out of denver"]),
        _probe("does the user have a dog?", "pet", None, gone=["Pickles"], kinds=["in_passing", "ended", "informal"],
               said=["our dog pickles", "we had to rehome pickles"]),
        _probe("who is he engaged to?", "partner", "Megan", kinds=["in_passing", "restated", "informal"],
               said=["my gf megan", "megan and i got engaged"]),
        _probe("what night is his D&D game?", "dnd_day", "Saturday", stale=["Thursday", "Friday"], weekly=True,
               kinds=["slip_same_message", "changed", "informal"],
               said=["dnd night is thursdays", "fridays, wait no, saturdays"]),
        _probe("what car does he drive?", "car", "Subaru", kinds=["in_passing", "informal"],
               said=["my subaru needs new tires"]),
        _probe("what does the user do for a living?", "job", "graphic designer", apart="Denver",
               kinds=["two_facts", "informal"],
               said=["i freelance as a graphic designer"]),
    ]
    return sessions, probes


# ---------------------------------------------------------------- b4-u28
def _u28():
    sessions = [
        _session(
            "2025-02-17T21:00:00",
            "Hello, I am civil engineer at Orascom in Cairo. I have interview with a company in Riyadh next week. What questions they ask usually?",
            "Expect questions on your project experience, site safety, managing subcontractors, handling delays and cost overruns, and software like Primavera or AutoCAD; prepare an example for each.",
            "Thank you. My wife Nour is worried about moving with our son Youssef. He is 5.",
            "At five, children adapt quickly; international schools in Riyadh are used to new families, and keeping routines the same helps.",
            "Yes. And I have high cholesterol, doctor say less fried food. What Egyptian food is healthy?",
            "Ful medames with olive oil instead of butter, grilled fish, molokhia with little ghee, and lentil soup are good choices.",
            "Ful every day then haha.",
            "Not the worst fate!",
        ),
        _session(
            "2025-03-30T22:30:00",
            "I got the job! Project engineer at Nesma in Riyadh, I start in May. How to tell my manager at Orascom?",
            "Congratulations! Ask for a private meeting, thank him for the experience, give your notice date, and offer to help with the handover.",
            "Good. Every Thursday I go to Arabic calligraphy class, I will miss it. Is there calligraphy in Riyadh?",
            "Yes, Riyadh has calligraphy courses at cultural centres and private studios, and the Ministry of Culture runs programmes too.",
            "Nice. Al Ahly plays the final this week, I hope I can watch them in Riyadh also, I support them since I am child.",
            "With the large Egyptian community there, you'll surely find cafés showing Al Ahly matches.",
            "Inshallah.",
            "Good luck with the move!",
        ),
        _session(
            "2025-05-22T20:00:00",
            "We are in Riyadh now, in Al Olaya. Very hot! Youssef starts school in September at Riyadh International, no sorry, the British International School Riyadh, I mix the names.",
            "Lots of new names to learn! Ask the school about orientation days over the summer.",
            "Good idea. Also I found a calligraphy teacher here, lessons are on Saturday.",
            "Wonderful that you can continue. Saturdays will give you relaxed time to practise.",
            "Yes. Nour likes the new apartment also.",
            "That makes a big difference when settling in.",
            "Thank you my friend.",
            "Anytime.",
        ),
        _session(
            "2025-07-15T21:15:00",
            "Nour wants to learn driving here. Is it allowed for women now in Saudi?",
            "Yes, women have been allowed to drive since 2018; she can take lessons at a driving school and get a licence.",
            "Great, she will be happy. The doctor here says my cholesterol is better. I walk every evening in the mall haha.",
            "Mall walking is perfect in this heat. Well done on the progress!",
            "Can you help me write an email to ask HR at Nesma about a visit visa for my mother?",
            "'Dear HR, I'd like to ask about the process and eligibility for a family visit visa for my mother. Could you advise on the required documents? Thank you.'",
            "Perfect, I send it now.",
            "Good luck!",
        ),
    ]
    probes = [
        _probe("who does the user work for?", "employer", "Nesma", stale=["Orascom"],
               kinds=["two_facts", "changed", "restated"],
               said=["civil engineer at Orascom in Cairo", "Project engineer at Nesma", "HR at Nesma"]),
        _probe("which city does the user live in?", "residence", "Riyadh", stale=["Cairo"],
               kinds=["two_facts", "changed"],
               said=["civil engineer at Orascom in Cairo", "We are in Riyadh now"]),
        _probe("what's his wife's name?", "spouse", "Nour", kinds=["in_passing", "restated"],
               said=["My wife Nour", "Nour likes the new apartment", "Nour wants to learn driving"]),
        _probe("what's the name of his son?", "child", "Youssef", kinds=["in_passing", "restated"],
               said=["our son Youssef", "Youssef starts school"]),
        _probe("which school will Youssef go to?", "child_school", "British International",
               stale=["Riyadh International"], kinds=["slip_same_message"],
               said=["at Riyadh International, no sorry"]),
        _probe("when is his calligraphy lesson?", "calligraphy_day", "Saturday", stale=["Thursday"], weekly=True,
               kinds=["in_passing", "changed"],
               said=["Every Thursday I go to Arabic calligraphy", "lessons are on Saturday"]),
        _probe("what should I know about his health?", "health", "cholesterol", kinds=["plain", "restated"],
               said=["I have high cholesterol", "my cholesterol is better"]),
        _probe("which football club does he follow?", "team", "Al Ahly", kinds=["in_passing"],
               said=["I support them since I am child"]),
    ]
    return sessions, probes


# ---------------------------------------------------------------- b4-u29
def _u29():
    sessions = [
        _session(
            "2025-01-19T20:20:00",
            "Hi, I am a dentist with my own clinic in Guadalajara. I want to write a post for Instagram about flossing, short and friendly.",
            "'Your gums called: they miss you! Flossing once a day removes the plaque your toothbrush can't reach. Two minutes tonight = a healthier smile tomorrow.'",
            "Love it. My husband Rodrigo says I need to post more videos.",
            "Short 30-second tips like 'how to floss properly' perform well, so Rodrigo might be right!",
            "Haha don't tell him. Our cats Frida and Diego are always in my videos anyway.",
            "Cats are the secret to social media success.",
            "Is true, the cat videos have more likes than the teeth.",
            "Maybe end every tip with a cat cameo!",
        ),
        _session(
            "2025-03-02T14:10:00",
            "I want to make a Sunday lunch for my parents-in-law. Ideas?",
            "Pozole or birria are festive options. Any ingredients you need to avoid?",
            "Dairy, I am lactose intolerant. But they love cheese.",
            "Serve cheese on the side for them; birria with consommé, tortillas and salsa is naturally dairy free.",
            "Perfect. Also every Wednesday I go to zumba with my sister, my knee hurts a little. Stretches?",
            "Quad, hamstring and calf stretches, plus glute bridges for strength; take the low-impact options on jumps.",
            "I will try.",
            "Take it easy on the jumps for a while.",
        ),
        _session(
            "2025-04-14T22:30:00",
            "We lost Diego this weekend, he was 16. Frida is looking for him everywhere.",
            "I'm so sorry. Cats do grieve; keep Frida's routine steady and give her extra attention.",
            "Thank you. I need a nice message for my patients, the clinic closes for Easter week.",
            "'Our clinic will be closed during Semana Santa, from [date] to [date]. We'll be back with big smiles on [date]! For emergencies, call [number].'",
            "Also I stopped zumba, my knee was worse. The doctor says swimming is better.",
            "Swimming is great for knees; start with a couple of sessions a week.",
            "Ok I will find a pool.",
            "Good luck!",
        ),
        _session(
            "2025-06-01T09:40:00",
            "I swim every Tuesday, ah no, every Friday morning before the clinic, at a pool near my house. My knee is much better.",
            "Great routine, and great news about the knee.",
            "Rodrigo and I go to Oaxaca in July for our anniversary. What to see?",
            "Monte Albán, Hierve el Agua, the markets and mezcal tastings, and plenty of mole.",
            "Mole without crema for me haha.",
            "Most moles are dairy free anyway.",
            "Perfect!",
            "Enjoy the anniversary trip!",
        ),
    ]
    probes = [
        _probe("what does the user do for work?", "job", "dentist", apart="Guadalajara",
               kinds=["two_facts"], said=["I am a dentist with my own clinic"]),
        _probe("which city does she live in?", "residence", "Guadalajara", apart="dentist",
               kinds=["two_facts"], said=["I am a dentist with my own clinic"]),
        _probe("what's her husband's name?", "spouse", "Rodrigo", kinds=["in_passing", "restated"],
               said=["My husband Rodrigo", "Rodrigo and I go to Oaxaca"]),
        _probe("what pets does the user have?", "pet", "Frida", gone=["Diego"],
               kinds=["in_passing", "ended"],
               said=["Our cats Frida and Diego", "We lost Diego"]),
        _probe("is there anything I shouldn't cook for her?", "diet", "lactose", kinds=["answer"],
               said=["Dairy, I am lactose intolerant"]),
        _probe("what exercise does she do?", "sport", "swimming", stale=["zumba"],
               kinds=["in_passing", "ended", "changed"],
               said=["every Wednesday I go to zumba", "I stopped zumba", "I swim every Tuesday"]),
        _probe("which morning does she swim?", "swim_day", "Friday", stale=["Tuesday"], weekly=True,
               kinds=["slip_same_message"], said=["I swim every Tuesday, ah no, every Friday"]),
        _probe("where is she travelling in July?", "trip", "Oaxaca", kinds=["in_passing"],
               said=["Rodrigo and I go to Oaxaca"]),
    ]
    return sessions, probes


# ---------------------------------------------------------------- b4-u30
def _u30():
    sessions = [
        _session(
            "2025-02-03T22:40:00",
            "can u help me plan a food shop for a week, im a student in bath, ugh, bristol i mean, brain not working",
            "Sure! What's your budget, and are there any foods you don't eat?",
            "like 30 quid. and im veggie",
            "Pasta, rice, tinned tomatoes, lentils, chickpeas, eggs, cheese, frozen veg, bananas, oats and bread; batch a big chilli and a pasta bake.",
            "nice. also i work saturdays at tesco on gloucester road, can i claim anything back for washing my uniform",
            "You may be able to claim a small uniform tax rebate from HMRC if you wash a branded uniform yourself; gov.uk has the flat rates.",
            "lol its like 6 quid but ill take it",
            "Every little helps!",
        ),
        _session(
            "2025-03-11T20:15:00",
            "roller derby training is wednesdays and i keep falling on my bum, how do i fall safely",
            "Learn to fall small and forward onto your knee pads, tuck your fingers in, and practise controlled falls at low speed.",
            "ok. my gf priya says i look like a baby deer on skates lol",
            "Baby deer become graceful skaters with practice!",
            "haha. also i went vegan this month, is that ok with derby training, protein wise",
            "Yes, plenty of athletes are vegan; include tofu, lentils, beans, seitan and soy milk, and take B12.",
            "already on b12",
            "Great, you're set.",
            "can u help me write an email to my lecturer asking for an extension, been ill",
            "'Dear Dr [Name], I've been unwell this week and am struggling to finish the essay due on Friday. Would a one-week extension be possible? I can provide a note if needed. Thank you.'",
        ),
        _session(
            "2025-04-22T17:30:00",
            "quit tesco!! got a job at the uni library instead, way chiller",
            "Nice upgrade, and quiet shifts might leave time for reading.",
            "yes. priya and i split up last week, it was mutual, were still mates",
            "Good that it's amicable; still, look after yourself.",
            "ty. derby moved to mondays btw. any vegan pre training snack",
            "A banana with peanut butter, or a few dates and a handful of nuts, about an hour before.",
            "dates r good",
            "Easy to throw in your kit bag too.",
        ),
        _session(
            "2025-06-03T14:00:00",
            "summers here and im staying in bristol instead of going home. any cheap things to do",
            "Walk over the Clifton Suspension Bridge, wander the harbourside, visit free museums like M Shed, and picnic on Brandon Hill.",
            "love that. derby still mondays but we have a bout on a saturday in july!!",
            "Exciting! Get some extra scrimmage practice in before then.",
            "will do",
            "Good luck in the bout!",
            "ty!!",
            "Have a great summer!",
        ),
    ]
    probes = [
        _probe("where does the user live?", "residence", "Bristol", stale=["Bath"],
               kinds=["slip_same_message", "restated", "informal"],
               said=["im a student in bath, ugh, bristol i mean", "im staying in bristol"]),
        _probe("what does she eat - any diet?", "diet", "vegan", stale=["veggie"],
               kinds=["answer", "changed", "informal"],
               said=["im veggie", "i went vegan this month"]),
        _probe("where does the user work?", "employer", "library", stale=["Tesco"],
               kinds=["in_passing", "changed", "informal"],
               said=["i work saturdays at tesco", "quit tesco!!"]),
        _probe("does she have a girlfriend?", "partner", None, gone=["Priya"], kinds=["in_passing", "ended", "informal"],
               said=["my gf priya", "priya and i split up"]),
        _probe("which day is roller derby training?", "derby_day", "Monday", stale=["Wednesday"], weekly=True,
               kinds=["plain", "changed", "restated", "informal"],
               said=["roller derby training is wednesdays", "derby moved to mondays", "derby still mondays"]),
        _probe("what sport does the user play?", "sport", "roller derby", kinds=["plain", "informal"],
               said=["roller derby training is wednesdays"]),
    ]
    return sessions, probes


# ---------------------------------------------------------------- b4-u31
def _u31():
    sessions = [
        _session(
            "2025-01-07T19:00:00",
            "Hello, I work at Red Hat in Brno as QA engineer. Can you explain me the difference between pytest fixture scope function and module?",
            "A function-scoped fixture is created fresh for every test; a module-scoped one is created once per test file and shared by its tests. Use module scope for expensive setup the tests don't modify.",
            "Clear, thanks. My wife Lenka is pregnant, the baby comes in April! What do we really need to buy, not marketing?",
            "A car seat, a safe cot with a mattress, some sleepsuits and vests, nappies, muslins, a pram or carrier, and a thermometer. Most other things can wait.",
            "Good, Lenka will like this short list.",
            "Congratulations to you both!",
            "Thank you!",
            "Good luck with the preparations.",
        ),
        _session(
            "2025-02-19T21:30:00",
            "Every Friday I play ice hockey with colleagues, amateur league. Should I stop when the baby comes?",
            "Not necessarily; agree a schedule with Lenka so you both get some time for yourselves, and maybe pause for the first few weeks.",
            "Ok. Our dog Ťapka is already jealous of the baby things haha.",
            "Let Ťapka sniff the baby items and keep her routines; before the first meeting, bring home a blanket with the baby's smell.",
            "Smart. What Czech band can I show to my English colleague? I like Lucie the most.",
            "Lucie is a great start; add Kryštof, Chinaski and Mňága a Žďorp for a classic Czech mix.",
            "Good list.",
            "Enjoy sharing it!",
        ),
        _session(
            "2025-04-18T23:10:00",
            "She is here! Our daughter Emma was born on Tuesday, 3.2 kg. Everybody is healthy.",
            "Congratulations! Welcome to the world, Emma. How are you all doing?",
            "Sorry, typo, it's Ema, with one m. Tired but happy. Hockey I pause until summer.",
            "Welcome, Ema! Pausing hockey is sensible. Sleep whenever the baby sleeps.",
            "Can you give me quick meals I can cook with one hand lol",
            "Overnight oats, sheet-pan chicken and vegetables, omelettes and ready-made soups are all one-hand friendly.",
            "Perfect.",
            "Enjoy these first weeks.",
        ),
        _session(
            "2025-06-24T20:00:00",
            "I go back to hockey from July, but now the league plays on Wednesdays. Lenka agreed.",
            "Good that you found a balance. A Wednesday game will break up the week nicely.",
            "Also I move to a new team at Red Hat, now I work on OpenShift testing.",
            "Nice, OpenShift is a big product with lots to learn.",
            "We want to go with Ema to the grandparents in Olomouc in August, is 3 hours in car ok with baby?",
            "Yes, with breaks every 1.5-2 hours for feeding and changing, and a properly fitted rear-facing car seat.",
            "Ok, thank you.",
            "Have a good trip!",
        ),
    ]
    probes = [
        _probe("who does the user work for?", "employer", "Red Hat", apart="Brno",
               kinds=["two_facts", "restated"],
               said=["I work at Red Hat in Brno", "new team at Red Hat"]),
        _probe("which city does he live in?", "residence", "Brno", apart="Red Hat", kinds=["two_facts"],
               said=["I work at Red Hat in Brno"]),
        _probe("what's his wife called?", "spouse", "Lenka", kinds=["in_passing", "restated"],
               said=["My wife Lenka", "Lenka will like", "Lenka agreed"]),
        _probe("what's the baby's name?", "child", "Ema", stale=["Emma"], kinds=["slip_next_message", "restated"],
               said=["Our daughter Emma", "it's Ema, with one m", "go with Ema to the grandparents"]),
        _probe("what's the dog called?", "pet", "Ťapka", kinds=["in_passing", "non_ascii"],
               said=["Our dog Ťapka"]),
        _probe("what day does he play hockey?", "hockey_day", "Wednesday", stale=["Friday"], weekly=True,
               kinds=["plain", "changed"],
               said=["Every Friday I play ice hockey", "the league plays on Wednesdays"]),
        _probe("what music would make a good present for him?", "favourite_band", "Lucie", kinds=["plain"],
               said=["I like Lucie the most"]),
        _probe("where do the grandparents live?", "grandparents_city", "Olomouc", kinds=["in_passing"],
               said=["grandparents in Olomouc"]),
    ]
    return sessions, probes


_USERS = [
    _u00, _u01, _u02, _u03, _u04, _u05, _u06, _u07,
    _u08, _u09, _u10, _u11, _u12, _u13, _u14, _u15,
    _u16, _u17, _u18, _u19, _u20, _u21, _u22, _u23,
    _u24, _u25, _u26, _u27, _u28, _u29, _u30, _u31,
]


def _resolve(sessions: list[dict[str, Any]], snippets: list[str]) -> list[str]:
    """Turn each snippet into the one full user message that contains it, in chat order."""
    user_msgs = [t for s in sessions for r, t in s["messages"] if r == "user"]
    found: list[int] = []
    for snip in snippets:
        hits = [i for i, t in enumerate(user_msgs) if snip in t]
        if len(hits) != 1:
            raise ValueError(f"snippet {snip!r} matches {len(hits)} user messages")
        if hits[0] not in found:
            found.append(hits[0])
    return [user_msgs[i] for i in sorted(found)]


def build() -> list[dict[str, Any]]:
    users: list[dict[str, Any]] = []
    for idx, make in enumerate(_USERS):
        sessions, probes = make()
        for p in probes:
            p["said"] = _resolve(sessions, p["said"])
        users.append({
            "id": f"b4-u{idx:02d}",
            "split": "tune" if idx % 2 == 0 else "held",
            "sessions": sessions,
            "probes": probes,
        })
    return users


def digest(users: list[dict[str, Any]]) -> str:
    blob = json.dumps(users, sort_keys=True, ensure_ascii=False, default=list)
    return hashlib.sha256(blob.encode("utf-8")).hexdigest()[:12]


FROZEN = "5643f91cc01d"


_KINDS = {"plain", "in_passing", "answer", "two_facts", "slip_same_message", "slip_next_message",
          "changed", "ended", "restated", "informal", "non_ascii"}
_PROBE_KEYS = {"question", "attr", "latest", "stale", "gone", "apart", "weekly", "kinds", "said"}
_DAYS = {"Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"}


def _word_in(value: str, text: str) -> bool:
    return re.search(r"(?<!\w)" + re.escape(value.lower()) + r"s?(?!\w)", text.lower()) is not None


def _check(users: list[dict[str, Any]]) -> None:
    assert len(users) == N_USERS
    for u in users:
        uid = u["id"]
        assert 3 <= len(u["sessions"]) <= 4, uid
        starts = [s["start"] for s in u["sessions"]]
        assert starts == sorted(starts), uid
        for s in u["sessions"]:
            msgs = s["messages"]
            assert 8 <= len(msgs) <= 16, (uid, s["start"], len(msgs))
            assert len(msgs) % 2 == 0, (uid, s["start"])
            for i, (role, _t) in enumerate(msgs):
                assert role == ("user" if i % 2 == 0 else "assistant"), (uid, s["start"], i)
        user_msgs = [t for s in u["sessions"] for r, t in s["messages"] if r == "user"]
        user_text = "\n".join(user_msgs)
        for p in u["probes"]:
            where = (uid, p["attr"])
            assert set(p) == _PROBE_KEYS, where
            assert p["kinds"] and set(p["kinds"]) <= _KINDS, where
            assert p["said"], where
            for m in p["said"]:
                assert m in user_msgs, where
            for v in ([p["latest"]] if p["latest"] else []) + p["stale"] + p["gone"]:
                assert _word_in(v, user_text), (where, v)
            if p["apart"]:
                assert _word_in(p["apart"], user_text), (where, p["apart"])
            if p["weekly"]:
                assert p["latest"] in _DAYS, where
            if p["latest"] is None:
                assert p["gone"], where
        attrs = [p["attr"] for p in u["probes"]]
        assert len(attrs) == len(set(attrs)), uid


if __name__ == "__main__":
    _users = build()
    _check(_users)
    assert digest(_users) == digest(build()), "build() is not deterministic"
    _probes = [p for u in _users for p in u["probes"]]
    _counts: dict[str, int] = {}
    for _p in _probes:
        for _k in _p["kinds"]:
            _counts[_k] = _counts.get(_k, 0) + 1
    _moving = sum(1 for _p in _probes if _p["stale"] or _p["gone"])
    print(f"users={len(_users)} probes={len(_probes)} with change/correction/ending={_moving}")
    for _k in sorted(_counts):
        print(f"  {_k}: {_counts[_k]}")
    print("digest:", digest(_users), "frozen:", FROZEN, "match:", digest(_users) == FROZEN)
