"""Word lists and regular-expression fragments the offline rules share: family words, jobs, diets, markers.

Written as plain strings (easier to read and extend than literals). Pure data, no logic beyond building
the sets and compiled patterns.
"""

from __future__ import annotations

import re

from ..core import timeref
from ..core.text import NATIONALITIES as NATIONALITIES  # its home is core.text; the extractor reads it here


def words(text: str) -> frozenset[str]:
    """A word list written as one string (easier to read and extend than a literal)."""
    return frozenset(text.split())


FAMILY = {"daughter": "f", "son": "m", "wife": "f", "husband": "m", "partner": "", "girlfriend": "f",
           "boyfriend": "m", "fiance": "", "fiancé": "m", "fiancée": "f", "sister": "f", "brother": "m",
           "mom": "f", "mum": "f", "mother": "f", "dad": "m", "father": "m", "kid": "", "child": "",
           "baby": "", "grandson": "m", "granddaughter": "f", "grandma": "f", "grandmother": "f",
           "grandpa": "m", "grandfather": "m", "aunt": "f", "uncle": "m", "cousin": "", "niece": "f",
           "nephew": "m", "stepson": "m", "stepdaughter": "f", "friend": "", "best friend": "",
           "roommate": "", "flatmate": "", "boss": "", "manager": "", "supervisor": "", "team lead": "",
           "colleague": "", "coworker": "",
           "doctor": "", "therapist": "", "landlord": "", "neighbour": "", "neighbor": "", "youngest": "",
           "eldest": "", "oldest": "", "twins": "", "twin": "", "kids": "", "children": "", "sons": "",
           "daughters": "", "housemate": "",
           # said the way families say them at home, and by marriage
           "mam": "f", "mammy": "f", "mummy": "f", "mommy": "f", "momma": "f", "daddy": "m", "nan": "f",
           "nana": "f", "nanna": "f", "gran": "f", "granny": "f", "grandad": "m", "granddad": "m",
           "mama": "f", "papa": "m", "stepmum": "f", "stepmom": "f", "stepdad": "m", "mother-in-law": "f",
           "father-in-law": "m", "sister-in-law": "f", "brother-in-law": "m", "parents": "", "grandparents": "",
           "in-laws": ""}
# person words that name several people: "my parents live", not "lives"
PLURAL_RELS = frozenset(w for w in FAMILY if w.endswith("s") and w not in ("boss", "actress"))
PETS = ("dog", "cat", "puppy", "kitten", "rabbit", "bunny", "hamster", "parrot", "bird", "horse",
         "guinea pig", "tortoise", "turtle", "fish", "snake", "ferret", "pony", "gecko", "lizard")
REL_WORDS = sorted([*FAMILY, *PETS], key=len, reverse=True)
REL_RE = "|".join(re.escape(w) for w in REL_WORDS)
# "my *new* manager", "my *younger* sister": the same person word (not "old"/"ex": someone else, before).
# "old" only of a pet: "my old dog Fly" is aged, "my old boss Priya" is a former one
REL_ADJ = r"(?:(?i:new|current|older|younger|little|big|elder|twin|line|family|old(?=\s+(?:" + "|".join(PETS) + \
    r")\b))\s+){0,2}"

# words that judge how well one does a thing: "a terrible cook", "an awful driver" say no job
JUDGED = words("""terrible awful bad good great decent lousy poor horrible amazing excellent hopeless useless rubbish
    fantastic brilliant better worse best worst average mediocre crap crappy shit shitty nervous reluctant""")
JOB_HEADS = words("""nurse doctor physician surgeon teacher engineer developer programmer designer lawyer attorney
    accountant architect chef cook pilot pharmacist dentist vet veterinarian paramedic firefighter officer
    electrician plumber carpenter mechanic farmer journalist writer editor translator photographer artist
    musician actor actress student researcher scientist professor lecturer consultant analyst manager
    salesperson cashier waiter waitress barista bartender driver therapist psychologist counsellor counselor
    worker librarian receptionist secretary entrepreneur freelancer nanny cleaner banker economist marketer
    recruiter hairdresser tailor baker butcher administrator technician tutor coach trainer instructor
    midwife carer caregiver clerk tech assistant officer soldier sailor dancer singer composer illustrator
    animator copywriter investor founder ceo cto director supervisor intern apprentice postman courier
    janitor gardener builder welder surveyor geologist biologist chemist physicist mathematician statistician
    historian archaeologist curator judge paralegal optician physiotherapist physio radiographer sonographer
    dietitian nutritionist pastor priest rabbi imam retiree pensioner housewife homemaker helper crew attendant
    steward stewardess guard porter labourer laborer trucker dispatcher planner inspector ranger dev""")
# a role named by what one heads: "head of science", "deputy head of maths", "director of operations"
HEAD_OF = (r"(?:(?:deputy\s+|assistant\s+)?head|director|chief|lead)\s+of\s+[a-z][\w-]*"
           r"(?:\s+(?:and\s+)?(?!(?:at|in|for|with|since|and)\b)[a-z][\w-]*)?")
DIETS = {"vegetarian": "vegetarian", "vegan": "vegan", "pescatarian": "pescatarian", "pescetarian":
          "pescatarian", "keto": "keto", "gluten-free": "gluten-free", "gluten free": "gluten-free",
          "halal": "halal", "kosher": "kosher", "paleo": "paleo", "flexitarian": "flexitarian",
          "dairy-free": "dairy-free", "dairy free": "dairy-free", "plant-based": "plant-based",
          "plant based": "plant-based", "teetotal": "teetotal", "veggie": "vegetarian"}
LANGS = words("""english spanish french german italian portuguese dutch russian chinese mandarin cantonese
    japanese korean arabic hindi urdu bengali punjabi turkish greek polish swedish norwegian danish finnish
    czech hungarian romanian ukrainian hebrew persian farsi thai vietnamese indonesian malay tagalog swahili
    catalan basque galician irish welsh latin telugu tamil kannada malayalam marathi gujarati nepali sinhala
    yoruba igbo hausa amharic somali zulu xhosa afrikaans filipino cebuano burmese khmer lao mongolian kazakh
    uzbek georgian armenian azerbaijani icelandic estonian latvian lithuanian slovak slovenian croatian serbian
    bosnian bulgarian macedonian albanian maltese luxembourgish scottish gaelic breton frisian esperanto""")
CHANNELS = {"email": "email", "e-mail": "email", "emails": "email", "text": "text message", "texts":
             "text message", "text message": "text message", "text messages": "text message", "sms":
             "text message", "phone": "phone call", "phone call": "phone call", "phone calls": "phone call",
             "call": "phone call", "calls": "phone call", "whatsapp": "WhatsApp", "telegram": "Telegram",
             "signal": "Signal", "slack": "Slack", "post": "post", "letter": "letter", "video call":
             "video call", "video calls": "video call", "zoom": "Zoom", "teams": "Teams"}
CHANNEL_RE = ("(?:a |an )?(?:quick |short |simple )?(?P<ch>e-?mails?|text messages?|texts?|sms|phone calls?|"
               "calls?|whatsapp|telegram|signal|slack|video calls?|zoom)")
DAYPARTS = ("mornings", "afternoons", "evenings", "nights", "weekends", "weekdays", "lunchtime", "morning",
             "afternoon", "evening")
EVENT_NOUNS = """appointment meeting exam test interview wedding party flight trip holiday vacation conference
    course class lesson school surgery operation concert match game deadline report presentation birthday
    anniversary visit date dinner lunch checkup check-up review move ceremony graduation funeral recital
    tournament race marathon hearing session shift audition exhibition show festival procedure scan
    treatment vaccination jab consultation webinar workshop seminar retreat reunion"""
EVENT_NOUNS_SET = frozenset(EVENT_NOUNS.split())
# things that happen once, whose day is a date, never a habit's day ("which day is the party?")
ONE_OFF_RE = (r"(?:birthday|anniversary|wedding|flight|exam|interview|deadline|party|trip|move|surgery|operation|"
              r"due date|appointment|check-?up|scan|procedure|hearing|funeral)")
TRIVIAL_HAVE = words("""question questions idea ideas problem problems issue issues doubt feeling minute
    moment time chance lot bit few headache cold thought suggestion request favour favor sec second look
    clue plan plans list go try day week night morning evening afternoon way choice point appointment
    meeting meetings call thing things stuff something anything nothing""")
BODY = words("""knee knees back shoulder shoulders neck hip hips ankle ankles wrist wrists elbow foot feet leg legs
    arm arms hand hands eye eyes ear ears tooth teeth stomach heart skin head""")
TRAILING = re.compile(
    r"(?:,?\s+(?:lately|too|as well|also|anymore|any more|these days|nowadays|recently|really|honestly|"
    r"though|either|at all|so much|very much|a lot|now|again|in general|so far|mostly|for now|for sure|"
    r"already|actually|there|here|completely|anyway|by the way|funnily enough|of course|ugh|lol|haha|yay|phew|argh|"
    r"hooray|ha|(?:for\s+)?(?:\d+|a few|a couple of|two|three|four|five|six|ten)\s+(?:years?|months?|weeks?)"
    r"(?:\s+now)?))+\s*$", re.IGNORECASE)  # "at Crescent Freight 11 years": how long it has been is no part of what
MARKERS = re.compile(
    r"^(?:(?:so|well|oh|ah|hey|hi|hello|also|and|but|anyway|anyways|actually|honestly|btw|by the way|plus|"
    r"yes|yeah|yep|no(?=[,!.])|nope|ok|okay|alright|sadly|unfortunately|luckily|fortunately|thankfully|"
    r"good news|big news|great news|sad news|bad news|quick update|small change|heads up|update|fyi|"
    r"as i said|as i mentioned|like i said|like i mentioned|like i told you|as i told you|again|"
    r"just a reminder(?: that)?|a reminder(?: that)?|keep in mind(?: that)?|by trade|finally|just so you know|"
    r"for the record|for context|now|then|"
    r"turns out|it turns out|funnily enough|important|also important|basically|these days|nowadays|"
    r"thanks|thank you|great|cool|perfect|sure|right|um|uh|hmm|well then|oh and|and also|remember|"
    r"note|reminder|just|(?:one\s+)?other thing|another thing|one more thing|on another note|side note|"
    r"(?:totally\s+|completely\s+)?unrelated(?:\s+but)?|random(?:\s+but)?|different topic|change of topic|"
    r"new topic)\b[,:!.]?\s*)+", re.IGNORECASE)
NOTE_PREFIX = re.compile(r"^(?:(?:a )?(?:note|notes|reminder|remind me|memo|for the record|todo|to-do)"
                          r"(?: for me| to self| to myself)?)\s*[:,-]\s*", re.IGNORECASE)
HEDGES = re.compile(
    r"\b(?:maybe|perhaps|might|may be|possibly|probably|not sure|unsure|undecided|who knows|hopefully|"
    r"someday|some day|one day|thinking about|thinking of|considering|wondering|if i|if we|i wish|wish i|"
    r"would love to|i'd love to|i would love|i'd like|i would like|would be nice|could be|in theory|"
    r"hypothetically|imagine|dream(?:ing)? of|daydream|supposed to|planning to|plan to|hoping to|"
    r"hope to|want to move|might be|unless|pretend|suppose|(?:think|guess|reckon) (?:i|we) (?:will|'ll|might))\b",
    re.IGNORECASE)
QUESTION_START = re.compile(  # ("do not ever suggest pork": a standing instruction, not a question)
    r"^(?:do(?!\s+not\s+ever\b)|does|did|is|are|was|were|can|could|would|will|should|shall|have|has|what|what's|"
    r"whats|how|"
    r"why|where|when|which|who|whom|whose|any|anything|got any|isn't|aren't|don't|doesn't|won't|"
    r"wouldn't|shouldn't|right)\b", re.IGNORECASE)
PERSIST = re.compile(r"\b(?:from now on|going forward|in (?:the )?future|always|never|do not ever|every time|"
                      r"whenever|by default|anymore|any more|instead)\b", re.IGNORECASE)
OPINION_VERBS = re.compile(r"\b(?:thinks?|says?|said|believes?|feels?|wants?|suggests?|suggested|told|"
                            r"tells|reckons?|keeps telling|asked|wonders?)\b", re.IGNORECASE)

# titles said before a name: no end of a sentence after their dot, part of the name they go with
TITLES = ("Mr", "Mrs", "Ms", "Dr", "Prof", "St", "Mt", "Fr", "Sr", "Jr")
# of a person, in English and as people from elsewhere say them ("my boss Herr Lindqvist", "Señora Ruiz")
TITLE_RE = r"(?:(?:Mr|Mrs|Ms|Dr|Prof)\.?|Herr|Frau|Señor|Señora|Senhor|Senhora|Signor|Signora|Monsieur|Madame)\s+"
# a name, with the title it is said with ("Ms Rao", "Dr. Kaya", "Mrs. Chan": the title is how the user knows them)
NAME = r"(?P<name>(?:" + TITLE_RE + r"(?=[A-Z]))?[A-Z][a-zà-ÿ'’-]+)"
NOT_NAMES = words("""I The A An My Our Your His Her Their It This That These Those Yes No Not Just Also
    So And But Or Then Now Here There What When Where Why How Hi Hello Hey Thanks Thank Please Sorry Well
    Okay Ok Sure Fine Good Great Monday Tuesday Wednesday Thursday Friday Saturday Sunday January February
    March April May June July August September October November December Mr Mrs Ms Dr Mom Mum Dad
    Actually Really Very Still Always Never English Spanish French German Italian Boy Girl Baby""")
NO_PLACE = NOT_NAMES | {"Anyway"}
# (a capital "I" after it starts the next clause: "since I moved to Denver I've had trouble sleeping")
_PLACE_NAME = r"[A-Z][\w'’.-]*(?:\s+(?:de|da|do|del|di|la|le|of|upon|am|an|der|el|sur|y)?\s*(?!I\b)[A-Z][\w'’-]*)*"
# a place and the larger one it lies in, as people write them: "Kilimani, Nairobi", "Austin, TX", "Cork, Ireland"
# (only where the clause goes on with no verb of the second name's: "in Leeds, Mark says hi" is two clauses; not an
# acronym's name, "in Sevilla, IES Murillo")
_REGION_TAIL = (r"\s+(?!(?:" + "|".join(sorted(NO_PLACE)) + r")\b)(?![A-Z]{2,}\s+[A-Z])" + _PLACE_NAME
                + r"(?=\s*(?:$|[.!?;,)]|\s+(?:now|these days|since|for|in|at|last|this|from|with|but|so)\b))")
PLACE = r"(?P<place>" + _PLACE_NAME + r"(?:," + _REGION_TAIL + r")?)"
# the comma of "a bakery in Kilimani, Nairobi", which does not end the noun phrase (text.trim_np)
REGION_COMMA = re.compile(r"(\b(?:in|from|near)\s+" + _PLACE_NAME + r"),(?=" + _REGION_TAIL + r")")



TRANSIENT = words("""sorry glad happy sure fine ok okay good great tired exhausted excited nervous worried
    stressed busy back home ready done afraid curious confused interested bored hungry thirsty sick ill late early
    free available around away off up out going about able unable new lost stuck scared annoyed upset angry sad
    grateful thankful pleased delighted thrilled surprised shocked disappointed frustrated overwhelmed fed tempted
    keen desperate dying starving only like also""")
MONTH_WORDS = "|".join((*timeref.MONTHS, "jan", "feb", "mar", "apr", "jun", "jul", "aug", "sep", "sept", "oct",
                        "nov", "dec"))
FILLER = re.compile(r"^(?:thanks?|thank you|ok|okay|sure|great|cool|perfect|sounds good|got it|noted|yes|no|"
                     r"yeah|hi|hello|hey|bye|good|nice|wonderful|lovely|ha|haha|of course|you're welcome)\b[\s!.,]*",
                     re.IGNORECASE)
CAR_MAKES = words("""toyota honda vw volkswagen tesla ford kia mazda renault skoda volvo bmw audi fiat peugeot citroen
    nissan hyundai mercedes subaru seat opel vauxhall mini jeep lexus suzuki dacia polestar porsche chevrolet
    mitsubishi prius""")
# Car models people name without their make ("my XC40 is making a noise"), and the make: what a model said in
# passing says the user drives. Models that are also English words (Golf, Focus, Leaf, Jazz) count only when
# written with a capital (see :data:`CAR_MODEL_WORDS`).
CAR_MODELS = {
    **{m: "Toyota" for m in ("Corolla", "Yaris", "Prius", "RAV4", "HiLux", "Hilux", "Aygo", "C-HR", "Auris", "Camry")},
    **{m: "Honda" for m in ("Civic", "CR-V", "HR-V", "Jazz", "Accord", "Activa")},
    **{m: "Volkswagen" for m in ("Golf", "Polo", "Passat", "Tiguan", "T-Roc", "ID.3", "ID.4", "Touran")},
    **{m: "Volvo" for m in ("XC40", "XC60", "XC90", "V60", "V90", "S60", "EX30")},
    **{m: "Ford" for m in ("Fiesta", "Focus", "Kuga", "Puma", "Mondeo", "Ranger", "Mustang")},
    **{m: "Kia" for m in ("Niro", "Sportage", "Ceed", "Picanto", "Sorento", "EV6")},
    **{m: "Hyundai" for m in ("Ioniq", "Kona", "Tucson", "i10", "i20", "i30", "Santa Fe")},
    **{m: "Skoda" for m in ("Octavia", "Fabia", "Superb", "Kodiaq", "Karoq", "Enyaq")},
    **{m: "Renault" for m in ("Clio", "Megane", "Captur", "Zoe", "Kangoo")},
    **{m: "Nissan" for m in ("Qashqai", "Juke", "Leaf", "Micra", "X-Trail")},
    **{m: "Subaru" for m in ("Outback", "Forester", "Impreza")},
    **{m: "Mazda" for m in ("MX-5", "CX-5", "CX-30", "Mazda3")},
    **{m: "Peugeot" for m in ("208", "308", "2008", "3008")},
    **{m: "Fiat" for m in ("Panda", "Punto", "500")},
    **{m: "Vauxhall" for m in ("Corsa", "Astra", "Mokka")},
    **{m: "Dacia" for m in ("Duster", "Sandero", "Jogger")},
    **{m: "Tesla" for m in ("Model 3", "Model Y", "Model S")},
    **{m: "Ford" for m in ("F-150", "Transit", "Bronco", "Explorer")},
    **{m: "Chevrolet" for m in ("Silverado", "Equinox", "Malibu", "Tahoe")},
    **{m: "Toyota" for m in ("Tacoma", "Tundra", "Highlander")},
    **{m: "Honda" for m in ("Odyssey", "Pilot")},
}
CAR_MODEL_WORDS = words("""golf focus leaf jazz panda polo puma ranger outback juke captur superb mustang accord civic
    fiesta""")

# What a standing commitment's sessions are called ("rehearsals are on Thursdays", "the class moves to Monday"):
# they name when it meets, not what is done in it.
SESSIONS = words("""practice practise practices class classes lesson lessons session sessions rehearsal rehearsals
    training trainings club group course meetup meeting meetings""")
SESSIONS_RE = "|".join(sorted(SESSIONS, key=len, reverse=True))
# Words that say the user is away from home (so "here in Sevilla" is not where they live)
AWAY_RE = r"\b(?i:holiday|trip|visiting|vacation|conference|travelling|traveling|staying|hotel)\b"

# Pastimes: a taste whose object is one of these (or a verb in -ing, see text.is_activity) is a hobby, a
# family of its own (``user/hobby:climb``), so "into climbing now" can take the place of the other hobbies
# without ending "likes jazz". Sports, games, crafts, arts, outdoor and music pastimes.
ACTIVITIES = words("""tennis yoga pilates chess pottery ceramics salsa tango ballet zumba karate judo taekwondo
    aikido kung-fu jiu-jitsu jujitsu boxing kickboxing fencing archery golf football soccer rugby cricket
    baseball basketball volleyball netball hockey handball badminton padel pickleball ping-pong
    lacrosse softball polo bowling darts snooker billiards croquet parkour crossfit triathlon marathons
    marathon gym weightlifting powerlifting calisthenics aerobics spinning cycling biking running jogging
    swimming rowing kayaking canoeing sailing surfing windsurfing kitesurfing diving snorkelling snorkeling
    skiing snowboarding skating skateboarding climbing bouldering mountaineering hiking trekking camping
    fishing hunting birdwatching birding gardening knitting crochet crocheting sewing quilting embroidery
    weaving woodworking carpentry whittling origami calligraphy painting drawing sketching photography
    sculpting sculpture baking cooking brewing dancing singing choir karaoke guitar piano violin cello drums
    ukulele saxophone flute trumpet harp banjo accordion dj djing podcasting blogging writing poetry
    reading gaming videogames poker sudoku crosswords jigsaws puzzles scrabble backgammon mahjong
    astronomy stargazing meditation improv theatre theater acting juggling volunteering 5-a-side five-a-side futsal""")
ACTIVITIES_RE = "|".join(sorted((re.escape(a) for a in ACTIVITIES), key=len, reverse=True))
# a sport said by its verb ("I swim", "I haven't swum since May"): each form of the verb, and the sport it names
SPORT_VERBS = {"swim": "swimming", "run": "running", "climb": "climbing", "surf": "surfing", "ski": "skiing",
               "box": "boxing", "row": "rowing", "skate": "skating", "dance": "dancing", "hike": "hiking",
               "jog": "jogging", "cycle": "cycling", "golf": "golf", "fence": "fencing", "sail": "sailing"}
SPORT_PARTICIPLES = {"run": "running", "swum": "swimming", "swam": "swimming", "climbed": "climbing",
                     "surfed": "surfing", "skied": "skiing", "boxed": "boxing", "rowed": "rowing", "skated": "skating",
                     "danced": "dancing", "hiked": "hiking", "cycled": "cycling", "jogged": "jogging",
                     **{sport: sport for sport in SPORT_VERBS.values()}}  # "have not been swimming since May"
# the words for a child of the user: what "is at X" means of them is their school
CHILDREN = frozenset(("daughter", "son", "kid", "child", "twin", "stepson", "stepdaughter", "youngest", "eldest",
                      "oldest"))
ACTIVITY_NOUN_ING = words("""thing nothing something anything everything king ring string spring wing sibling
    darling pudding dumpling stuffing filling frosting icing dressing herring whiting seasoning clothing
    ceiling morning evening building wedding meeting feeling lightning earring bedding smoking drinking vaping
    working commuting dating seeing using taking eating living renting paying trying going learning studying""")
