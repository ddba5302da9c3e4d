"""Template bank of the DEV split: a product engineering team (services, projects, teams,
deploys, code review) and the user's private life (friends and family, restaurants,
hiking, cycling, cooking). Agent-style phrasing: "The user ...", "We ...", 12-hour times,
"seconds", full sentences. The heldout bank (bank_heldout.py) shares none of its names,
subjects or sentence shapes; tuning on this one tells nothing about that one.
"""
from bankkit import Attr, EType, Free, a_an, fill, person_slots, thing_slots, render

F_NAMES = """Ana Beatriz Chloe Dana Elena Fatima Greta Hannah Ines Julia Keiko Lena Mia Nadia Olga Priya Rosa
Sofia Tara Uma Vera Wendy Yara Zoe Amara Bianca Clara Daria Eva Freya Gabi Hana Ilse Jade Kira Leah Mei Nora
Paula Rina Selma Tess Vivian Willa Xenia Yasmin Zara Alba Celia Dora Esme Fiona Gemma Holly Iris Joana Lotte
Marta Noemi Pia Ruth""".split()
M_NAMES = """Ben Carlos Dario Emil Felix Gustavo Hugo Ivan Jonas Karim Luca Marco Niko Omar Pablo Rafael Sami
Tomas Viktor Wes Yusuf Anton Bruno Cyril Diego Elias Farid Gideon Henrik Ian Jasper Kofi Lars Mateo Nils Pedro
Quentin Ruben Stefan Theo Umar Vince Wim Xavi Yann Zane Aaron Bastian Cedric Dmitri Ezra Fabio Gil Hector
Idris Joel Kenji Leon Milo Nolan Otto Rohan""".split()
SURNAMES = """Ruiz Berg Okafor Lindqvist Moreau Tanaka Novak Costa Brennan Haddad Fischer Varga Silva Kowalski
Duarte Nakamura Osei Petrov Rossi Schmidt Torres Van-Dijk Walsh Yilmaz Abbott Baptiste Castillo Dimitriou Ekström
Ferreira Gallo Horvat Ibarra Jansen Kaur Lopes Maddox Nieminen Oyelaran Pereira Quinn Reyes Sato Tremblay Ueda
Vidal Weller Xu Young Zielinski Almeida Barros Conti Delgado Esposito Fontaine Garnier Hale Iqbal Jovanovic
Keller Lacroix Mendes Navarro Olsen Pastor Rahman Sandoval Takahashi Ulrich Vega Wójcik Yamada Zamora Amato
Bianchi Carvalho Dubois Engel Falk Garrido Hoffman Ivanova Jensen Klein Lund Marsh Nunez Ortiz Price Ramos Stone
Thorne Urban Valdez Ward Yates Arslan Brandt Chen Dahl Ellison Fuchs Gray Holm Ito Kato""".split()
SURNAMES = [s.replace("-", " ") for s in SURNAMES]

CITIES = """Lyon Porto Oslo Valencia Leeds Utrecht Gdansk Turin Bilbao Ghent Bristol Malmo Graz Nantes Bologna
Seville Cork Tallinn Brno Aarhus Montreal Denver Austin Portland Osaka Melbourne Edinburgh Lisbon Munich Vienna
Madrid Prague Dublin Copenhagen Hamburg Rotterdam Marseille Zurich Helsinki Krakow Barcelona Toronto Vancouver
Seattle Boston Chicago Glasgow Antwerp Basel Bordeaux""".split()
ORG_ROLES = {
    "tech": (["Brightline", "Copperleaf", "Northwind Labs", "Orbitly", "Stackwise", "Quarry Interactive", "Pinecrest Studios",
              "Cobalt Robotics", "Kite Mobility", "Parcelhub", "Bluefin Media"],
             ["designer", "product manager", "data analyst", "backend engineer", "QA engineer", "frontend developer",
              "engineering manager", "UX writer", "support lead", "recruiter", "marketing manager"]),
    "health": (["Lumen Health", "Greenway Clinics", "the regional hospital", "a dental practice"],
               ["nurse", "physiotherapist", "pharmacist", "office manager", "data analyst", "dental hygienist"]),
    "finance": (["Tidewater Bank", "Meridian Insurance"],
                ["accountant", "data analyst", "lawyer", "recruiter", "product manager", "risk analyst"]),
    "logistics": (["Halden Logistics", "Atlas Freight", "Ferrovia"],
                  ["operations manager", "dispatcher", "project manager", "data analyst", "sales lead"]),
    "public": (["the city council", "the public library", "a primary school"],
               ["policy adviser", "librarian", "teacher", "project manager", "translator"]),
    "studio": (["a design agency", "an architecture studio", "a small law firm", "Verdant Foods", "Saltmarsh Energy",
                "a solar startup"],
               ["project manager", "office manager", "sales lead", "marketing manager"]),
}
SPECIAL_ROLES = {"a design agency": ["designer", "art director"], "an architecture studio": ["architect"],
                 "a small law firm": ["lawyer", "paralegal"], "Verdant Foods": ["chef", "food technologist"],
                 "Saltmarsh Energy": ["electrical engineer"], "a solar startup": ["installer", "electrical engineer"]}
ORGS = [o for group in ORG_ROLES.values() for o in group[0]]
PARTNER_F = "Alice Bea Carmen Daphne Edith Flora Gloria Helena Ivy Jolene Kathy Lydia Magda Nina Odile Petra Renata Stella Thea Valerie".split()
PARTNER_M = "Adrian Boris Callum Dominic Edgar Frank Gavin Harold Isaac Jules Konrad Lionel Mauro Nathan Orson Patrick Roland Simon Tobias Victor".split()
WEEKDAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"]
ALLDAYS = WEEKDAYS + ["Saturday", "Sunday"]
MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
          "November", "December"]
TIMES = ["8:30 am", "9 am", "9:15 am", "9:30 am", "9:45 am", "10 am", "10:15 am", "10:30 am", "11 am", "11:30 am",
         "1:30 pm", "2 pm", "2:30 pm", "3 pm", "3:30 pm", "4 pm", "4:30 pm"]


def pick(r, xs):
    return r.choice(xs)


def date_phrase(r):
    return f"{r.randint(1, 28)} {pick(r, MONTHS)}"


# ---------------------------------------------------------------- people
def make_person(r, i, taken, w):
    for _ in range(500):
        if r.random() < 0.5:
            first, pron = pick(r, F_NAMES), "f"
        else:
            first, pron = pick(r, M_NAMES), "m"
        last = pick(r, SURNAMES)
        if (first, last) not in taken:
            taken.add((first, last))
            e = person_slots(first, last, pron)
            e["id"] = f"person:{first} {last}"
            e["colleague"] = r.random() < 0.4  # works with the user at Kestrel
            return e
    return None


COMPANY = "Kestrel"
KESTREL_ROLES = ["backend engineer", "senior engineer", "staff engineer", "engineering manager", "tech lead", "SRE",
                 "frontend engineer", "product engineer"]
COLLEAGUE_RELS = ["a colleague the user pairs with often", "someone the user sits next to at the office",
                  "a colleague who joined Kestrel the same month as the user", "a colleague from the Lisbon office",
                  "a colleague the user mentors", "a colleague the user shares on-call with now and then"]


def g_rel(r, e, w):
    if e.get("colleague"):
        return {"rel": pick(r, COLLEAGUE_RELS)}
    male = e["pron"] == "m"
    rels = ["a neighbor of the user", "an old friend of the user from university", "one of the user's cousins",
            "a former manager of the user", "a friend from the user's cycling club", "a former classmate from night school",
            "someone the user met at a conference in " + pick(r, CITIES), "a client the user freelances for",
            "the parent of a kid in the user's daughter's class", "a friend of the user's partner",
            "a former classmate of the user", "one of the user's " + ("uncles" if male else "aunts"),
            "a recruiter the user talks to now and then", "a volunteer the user knows from the food bank",
            "a friend from the user's old flat-share", "a contractor who worked on the user's kitchen"]
    return {"rel": pick(r, rels)}


def g_city(r, e, w):
    return {"city": pick(r, CITIES), "month": pick(r, MONTHS)}


def g_job(r, e, w):
    group = pick(r, list(ORG_ROLES))
    orgs, roles = ORG_ROLES[group]
    org = pick(r, orgs)
    role = pick(r, roles + SPECIAL_ROLES.get(org, []) * 2)
    return {"org": org, "role": role, "a_role": a_an(role), "month": pick(r, MONTHS)}


def g_partner(r, e, w):
    fem = r.random() < 0.5
    name = pick(r, PARTNER_F if fem else PARTNER_M)
    married = r.random() < 0.5
    if married:
        noun = "wife" if fem else "husband"
        pv = "is married to"
    else:
        noun = "girlfriend" if fem else "boyfriend"
        pv = "is in a relationship with"
    return {"partner": name, "pnoun": noun, "pv": pv, "month": pick(r, MONTHS)}


def c_partner(r, e, w, old):
    for _ in range(100):
        new = g_partner(r, e, w)
        if new["partner"] != old["partner"]:
            return new


def g_sibling(r, e, w):
    fem = r.random() < 0.5
    return {"sib": "sister" if fem else "brother", "sibname": pick(r, PARTNER_F if fem else PARTNER_M),
            "sibcity": pick(r, CITIES)}


PETS = [("dog", ["Biscuit", "Pepper", "Juno", "Ziggy", "Mochi", "Rufus", "Olive", "Taco", "Bruno", "Nala"]),
        ("cat", ["Miso", "Tofu", "Pixel", "Salem", "Clementine", "Gizmo", "Noodle", "Sushi", "Figaro", "Poppy"]),
        ("rabbit", ["Clover", "Thumper", "Hazel", "Bun"]), ("parrot", ["Kiwi", "Mango", "Rio"]),
        ("tortoise", ["Sheldon", "Speedy", "Tank"])]


def g_pet(r, e, w):
    kind, names = pick(r, PETS)
    return {"pet": kind, "petname": pick(r, names)}


SPORTS = ["tennis", "five-a-side football", "volleyball", "badminton", "squash", "basketball", "padel",
          "table tennis", "water polo", "ultimate frisbee"]


def g_sport(r, e, w):
    return {"sport": pick(r, SPORTS), "weekday": pick(r, WEEKDAYS)}


def c_sport(r, e, w, old):
    return {"sport": old["sport"], "weekday": pick(r, [d for d in WEEKDAYS if d != old["weekday"]])}


def g_birthday(r, e, w):
    return {"bday": date_phrase(r)}


DIETS = ["vegetarian", "vegan", "pescatarian", "gluten-free", "teetotal"]
ALLERGENS = ["peanuts", "shellfish", "cats", "penicillin", "bee stings", "sesame", "tree nuts", "kiwi"]


def g_diet(r, e, w):
    return {"diet": pick(r, DIETS)}


def g_allergy(r, e, w):
    return {"allergen": pick(r, ALLERGENS)}


CHANNELS = ["Signal", "a phone call", "WhatsApp", "text message", "Telegram", "a voice note"]


def g_contact(r, e, w):
    return {"channel": pick(r, CHANNELS)}


KID_NAMES = "Leo Ivy Noah Ella Finn Lily Arlo Maya Ezra Nina Jude Ada Otis Rue Kai Isla Remy Lola".split()


def g_kids(r, e, w):
    n = r.randint(1, 3)
    names = r.sample(KID_NAMES, n)
    words = {1: "one kid", 2: "two kids", 3: "three kids"}
    kids = names[0] if n == 1 else ", ".join(names[:-1]) + " and " + names[-1]
    return {"nkids": words[n], "kidnames": kids, "n": str(n), "are": "is" if n == 1 else "are",
            "kidword": "kid" if n == 1 else "kids"}


def g_running(r, e, w):
    return {"km": str(r.choice([10, 15, 20, 25, 30, 35, 40, 45, 50, 60]))}


def c_running(r, e, w, old):
    return {"km": str(pick(r, [k for k in [10, 15, 20, 25, 30, 35, 40, 45, 50, 60] if str(k) != old["km"]]))}


COMMUTES = [("cycles", "by bike"), ("takes the tram", "by tram"), ("drives", "by car"), ("walks", "on foot"),
            ("takes the train", "by train"), ("rides a scooter", "by scooter")]


def g_commute(r, e, w):
    verb, by = pick(r, COMMUTES)
    return {"cverb": verb, "cby": by}


LANGS = ["Portuguese", "Japanese", "Polish", "Arabic", "Swahili", "Greek", "Turkish", "Dutch", "Finnish",
         "Hungarian", "Korean", "Tagalog", "Czech", "Hindi", "Swedish"]


def g_lang(r, e, w):
    a, b = r.sample(LANGS, 2)
    return {"lang1": a, "lang2": b}


RACES = ["half marathon", "10K", "marathon", "trail race", "triathlon", "charity swim"]


def g_race(r, e, w):
    return {"race": pick(r, RACES), "rcity": pick(r, CITIES), "rmonth": pick(r, MONTHS)}


def g_hours(r, e, w):
    start = r.choice([7, 8, 9, 10])
    return {"h1": f"{start} am", "h2": f"{start + 8 - 12} pm", "tz": pick(r, ["CET", "UK time", "Eastern time", "Pacific time", "IST"])}


PEOPLE_ATTRS = [
    Attr("rel", g_rel, say=["{S} is {rel}.", "For context: {S} is {rel}."], pred=["is {rel}"],
         cat="person", tags=["people"], group="social", titles=["Who {s} is", "{S}"], weight=0.6),
    Attr("city", g_city, say=["{S} lives in {city}.", "{S} is living in {city}.", "{S}'s home is in {city}.",
                              "{S} lives in {city}, so meet-ups need planning."],
         pred=["lives in {city}"], differ="city", life=True,
         upd=["{S} moved from {old_city} to {city}.", "{S} has moved to {city}.",
              "{S} lives in {city} now; {he} left {old_city} in {month}.", "{S} relocated to {city} this {month}."],
         chat1=["I moved to {city}! Left {old_city} in {month}.", "I live in {city} now, moved a few weeks ago.",
                "I left {old_city}. I'm in {city} since last month.",
                "I'm writing this from my new flat in {city}. The move from {old_city} was chaos.",
                "I finally did it, I moved to {city} in {month}.", "Packed up everything in {old_city} and went. I live in {city} now."],
         chat3=["Did you hear {s} moved to {city}? {He} left {old_city} for good in {month}.",
                "{s} isn't in {old_city} anymore, {he} moved to {city} a few weeks ago.",
                "I talked to {s} yesterday, {he}'s living in {city} now. Can you believe it?",
                "Remember {S}? {He} lives in {city} now.", "{S} packed up and moved to {city}, did you know?"],
         hist=["{S} lived in {old_city} until {year}.", "{S} grew up in {old_city} and left in {year}.",
               "Back in {year} {S} was still living in {old_city}."],
         cat="person", tags=["people"], group="place", titles=["Where {s} lives", "{S} — home"]),
    Attr("job", g_job, say=["{S} works at {org} as {a_role}.", "{S} is {a_role} at {org}.",
                            "{S} has a job at {org}, working as {a_role}."],
         pred=["works at {org} as {a_role}", "is {a_role} at {org}"], differ="org", life=True,
         upd=["{S} left {old_org} and now works at {org} as {a_role}.", "{S} started a new job at {org}.",
              "{S} switched jobs: {he} is {a_role} at {org} now.", "{S} joined {org} after quitting {old_org}."],
         chat1=["I quit {old_org}. Starting at {org} as {a_role} next Monday.",
                "New job for me, finally. I'm {a_role} at {org} now, so no more drama at {old_org}.",
                "I left {old_org} last month. I work at {org} now and honestly I love it.",
                "I took the job at {org}! I'm their new {role}.", "I work at {org} now. Handed in my notice at {old_org} in {month}."],
         chat3=["Guess who left {old_org}? {s}! {He}'s {a_role} at {org} now.", "{S} works at {org} now, as {a_role}.",
                "{s} told me {he} took the job at {org}. {He} handed in {his} notice at {old_org} last week.",
                "Apparently {s} works at {org} these days, not {old_org} anymore."],
         hist=["{S} used to work at {old_org}.", "{S} worked at {old_org} until {year}.",
               "Before {year}, {S} was at {old_org}."],
         cat="person", tags=["people", "work"], group="work", titles=["{S}'s job", "{s}'s work"],
         ok=lambda e: not e.get("colleague")),
    Attr("role", lambda r, e, w: (lambda role: {"role": role, "a_role": a_an(role), "team": pick(r, TEAMS)})(
             pick(r, KESTREL_ROLES)),
         say=["{S} is {a_role} on the {team} team at Kestrel.", "At Kestrel, {S} works as {a_role} on the {team} team."],
         pred=["is {a_role} on the {team} team"], differ="team",
         upd=["{S} moved to the {team} team.", "{S} joined the {team} team, leaving the {old_team} team."],
         cat="person", tags=["people", "work"], group="work", titles=["{S}'s role", "{s} at work"],
         ok=lambda e: bool(e.get("colleague"))),
    Attr("partner", g_partner, say=["{S} {pv} {partner}.", "{S}'s {pnoun} is {partner}."],
         pred=["{pv} {partner}"], change=c_partner, differ="partner", life=True,
         upd=["{S} and {old_partner} broke up; {he} is with {partner} now.", "{S} has a new partner, {partner}.",
              "{S} got together with {partner} after breaking up with {old_partner}."],
         chat1=["{old_partner} and I broke up in the spring. I'm seeing someone new, {partner}, and it's going really well.",
                "Personal update: I'm with {partner} now. Things with {old_partner} ended a while ago.",
                "I met someone! {partner}. It's been three months, and {old_partner} is history."],
         chat3=["Apparently {s} and {old_partner} broke up. {He}'s with {partner} now.",
                "Did you meet {partner}? That's {s}'s new partner, {he} and {old_partner} aren't together anymore.",
                "{S} is seeing someone new, {partner}. {He} and {old_partner} broke up in {month}."],
         hist=["{S} was with {old_partner} until {year}.", "{S} and {old_partner} broke up in {year}."],
         cat="person", tags=["people", "family"], group="family", titles=["{s}'s partner", "{S} — family"]),
    Attr("sibling", g_sibling, say=["{S}'s {sib} {sibname} lives in {sibcity}.",
                                    "{S} has a {sib}, {sibname}, who lives in {sibcity}."],
         pred=["has a {sib} named {sibname} in {sibcity}"], cat="person", tags=["people", "family"],
         group="family", titles=["{s}'s family"]),
    Attr("pet", g_pet, say=["{S} has a {pet} called {petname}.", "{S}'s {pet} is named {petname}."],
         pred=["has a {pet} called {petname}"], cat="person", tags=["people"], group="home",
         titles=["{s}'s pet"]),
    Attr("sport", g_sport, say=["{S} plays {sport} every {weekday}.", "Every {weekday} {S} plays {sport}.",
                                "{S} has {sport} on {weekday} evenings."],
         pred=["plays {sport} every {weekday}"], differ="weekday", change=c_sport,
         upd=["{S} moved {his} {sport} night to {weekday}.", "{S} plays {sport} on {weekday}s now."],
         cat="person", tags=["people", "sport"], group="leisure", titles=["{s}'s sport"]),
    Attr("birthday", g_birthday, say=["{S}'s birthday is on {bday}.", "{S} was born on {bday}."],
         pred=["has a birthday on {bday}"], cat="person", tags=["people", "birthdays"], group="dates",
         titles=["{s}'s birthday"]),
    Attr("diet", g_diet, say=["{S} is {diet}.", "{S} is {diet}, so pick the restaurant with that in mind."],
         pred=["is {diet}"], cat="person", tags=["people", "food"], group="food", titles=["{s} — food"]),
    Attr("allergy", g_allergy, say=["{S} is allergic to {allergen}.", "{S} has an allergy to {allergen}."],
         pred=["is allergic to {allergen}"], cat="person", tags=["people", "health"], group="food",
         titles=["{s}'s allergy"]),
    Attr("contact", g_contact, say=["{S} prefers to be contacted by {channel}.",
                                    "{S} would rather get {channel} than an email."],
         pred=["prefers to be contacted by {channel}"], differ="channel",
         upd=["{S} asked to be reached by {channel} from now on.", "{S} wants {channel} now, not {old_channel}."],
         cat="person", tags=["people", "contact"], group="social", titles=["How to reach {s}"]),
    Attr("kids", g_kids, say=["{S} has {nkids}: {kidnames}.", "{kidnames} {are} {S}'s {kidword}."],
         pred=["has {nkids}, {kidnames}"], cat="person", tags=["people", "family"], group="family", numeric=True,
         titles=["{s}'s kids"]),
    Attr("running", g_running, say=["{S} runs about {km} km a week.", "{S} averages {km} km of running per week."],
         pred=["runs about {km} km a week"], differ="km", change=c_running,
         upd=["{S} runs about {km} km a week these days.", "{S}'s weekly running is at {km} km now."],
         cat="person", tags=["people", "running"], group="leisure", numeric=True, titles=["{s}'s running"]),
    Attr("commute", g_commute, say=["{S} {cverb} to work.", "{S} gets to the office {cby}."],
         pred=["{cverb} to work"], differ="cby",
         upd=["{S} gets to work {cby} now.", "{S} stopped going {old_cby}; {he} {cverb} to work these days."],
         cat="person", tags=["people"], group="work", titles=["{s}'s commute"]),
    Attr("lang", g_lang, say=["{S} speaks {lang1} and {lang2}.", "{S} is fluent in {lang1} and {lang2}."],
         pred=["speaks {lang1} and {lang2}"], cat="person", tags=["people"], group="background",
         titles=["{s}'s languages"]),
    Attr("race", g_race, say=["{S} is training for the {rcity} {race} in {rmonth}.",
                              "{S} signed up for the {race} in {rcity} this {rmonth}."],
         pred=["is training for the {rcity} {race} in {rmonth}"], cat="person", tags=["people", "running"],
         group="leisure", titles=["{s}'s race"]),
    Attr("hours", g_hours, say=["{S} is usually online from {h1} to {h2} {tz}.",
                                "{S} works {h1} to {h2} {tz}, so don't book calls outside that."],
         pred=["is usually online from {h1} to {h2} {tz}"], differ="h1",
         upd=["{S} now starts at {h1} {tz} and logs off at {h2}.", "{S}'s hours changed to {h1}–{h2} {tz}."],
         cat="person", tags=["people", "work"], group="work", numeric=True, titles=["{s}'s hours"]),
]

# ---------------------------------------------------------------- services
SVC_NAMES = """billing search checkout notifications auth media ledger reports invoices inventory pricing sync export
webhooks gateway profiles catalog scheduler audit feeds payouts shipping reviews recommendations geocoding thumbnails
uploads mailer tax coupons subscriptions onboarding referrals chat presence translations pdf-render importer crm-sync
quotes bookings availability ratings wishlist cart orders returns refunds loyalty identity consent fraud-check
address-lookup currency sitemap banners""".split()
SVC_PREFIX = ["partner", "legacy", "mobile", "internal", "b2b", "admin", "emea", "bulk", "realtime", "public", "ops"]
PRODUCTS = ["storefront", "marketplace", "backoffice", "mobile-app", "partner-portal"]
TEAMS = ["payments", "growth", "platform", "mobile", "data", "identity", "search", "core", "infra", "web",
         "partner", "fulfillment", "checkout", "onboarding", "security"]


def make_service(r, i, taken, w):
    pool = [n for n in SVC_NAMES if n not in taken]
    if not pool:
        pool = [f"{p}-{n}" for p in SVC_PREFIX for n in SVC_NAMES if f"{p}-{n}" not in taken]
        if not pool:
            return None
    name = pick(r, pool)
    taken.add(name)
    e = thing_slots(f"the {name} service", name)
    e.update({"id": f"svc:{name}", "name": name, "product": pick(r, PRODUCTS), "tag": name})
    return e


LANGS_CODE = ["Go", "Kotlin", "TypeScript", "Python", "Rust", "Java", "Elixir", "Ruby"]
DBS = ["Postgres 13", "Postgres 14", "Postgres 15", "Postgres 16", "MySQL 8", "MongoDB 6", "DynamoDB",
       "Redis", "Cassandra", "SQLite"]
REGIONS = ["AWS eu-west-1", "AWS us-east-1", "AWS eu-central-1", "GCP europe-west4", "our Hetzner machines",
           "Azure West Europe", "GCP us-central1"]
CACHED = ["responses", "lookups", "exchange rates", "search results", "user profiles", "feature flags", "tokens"]
BUILD = ["Bazel", "Gradle", "Make", "npm scripts", "Maven", "Cargo", "Poetry", "Nx"]
HEALTH = ["/healthz", "/status", "/ping", "/-/ready", "/health/live", "/internal/health"]


def num(choices):
    def g(r, e, w):
        return {"n": str(r.choice(choices))}

    def c(r, e, w, old):
        return {"n": str(r.choice([x for x in choices if str(x) != old["n"]]))}
    return g, c


g_timeout, c_timeout = num([5, 10, 15, 20, 30, 45, 60, 90, 120])
g_rate, c_rate = num([60, 100, 120, 200, 300, 500, 600, 1000, 1200])
g_replicas, c_replicas = num([2, 3, 4, 5, 6, 8, 10, 12])
g_retention, c_retention = num([7, 14, 30, 45, 60, 90, 180, 365])


def g_port(r, e, w):
    return {"port": str(r.choice([3000, 5000, 7070, 8000, 8080, 8081, 8443, 9000, 9090, 4000, 6060]) + r.randint(0, 9))}


def g_cache(r, e, w):
    return {"thing": pick(r, CACHED), "n": str(r.choice([1, 2, 5, 10, 15, 30, 60]))}


def c_cache(r, e, w, old):
    return {"thing": old["thing"], "n": str(r.choice([x for x in [1, 2, 5, 10, 15, 30, 60] if str(x) != old["n"]]))}


def g_slo(r, e, w):
    return {"slo": pick(r, ["99.5%", "99.9%", "99.95%", "99.99%", "99%"])}


def g_person_ref(r, e, w):
    return {"P": w.colleague()["S"]}


SERVICE_ATTRS = [
    Attr("lang", lambda r, e, w: {"lang": pick(r, LANGS_CODE)},
         say=["{S} is written in {lang}.", "{S} is a {lang} codebase.", "The code of {S} is {lang}."],
         pred=["is written in {lang}"], differ="lang",
         upd=["We rewrote {S} in {lang}.", "{S} was ported from {old_lang} to {lang}."],
         cat="fact", tags=["services"], group="stack", titles=["{s} stack"]),
    Attr("db", lambda r, e, w: {"db": pick(r, DBS)},
         say=["{S} stores its data in {db}.", "{S} uses {db} as its database.", "The database behind {S} is {db}."],
         pred=["stores its data in {db}"], differ="db",
         upd=["{S} now runs on {db}.", "We migrated {S} from {old_db} to {db}.", "{S} moved its data to {db}."],
         cat="fact", tags=["services", "database"], group="stack", titles=["{s} database"]),
    Attr("timeout", g_timeout, change=c_timeout,
         say=["{S} times out after {n} seconds.", "Requests to {S} time out after {n} seconds.",
              "The request timeout on {S} is {n} seconds."],
         pred=["times out after {n} seconds"], differ="n",
         upd=["We changed the timeout on {S} to {n} seconds.", "{S} has a {n}-second timeout now."],
         cat="fact", tags=["services", "limits"], group="limits", numeric=True, titles=["{s} timeout"]),
    Attr("rate", g_rate, change=c_rate,
         say=["{S} allows {n} requests per minute per client.", "The rate limit on {S} is {n} requests per minute.",
              "Each client gets {n} requests per minute on {S}."],
         pred=["allows {n} requests per minute per client"], differ="n",
         upd=["The rate limit on {S} is {n} requests per minute now.", "We set {S} to {n} requests per minute per client."],
         cat="fact", tags=["services", "limits"], group="limits", numeric=True, titles=["{s} rate limit"]),
    Attr("port", g_port, say=["{S} listens on port {port}.", "Locally, {S} runs on port {port}."],
         pred=["listens on port {port}"], cat="fact", tags=["services", "local-dev"], group="ops", numeric=True,
         titles=["{s} port"]),
    Attr("owner", lambda r, e, w: {"team": pick(r, TEAMS)},
         say=["{S} is owned by the {team} team.", "The {team} team owns {S}.", "{S} belongs to the {team} team."],
         pred=["is owned by the {team} team"], differ="team",
         upd=["Ownership of {S} moved from the {old_team} team to the {team} team.", "{S} now belongs to the {team} team."],
         cat="fact", tags=["services", "ownership"], group="ops", titles=["Who owns {s}"]),
    Attr("deploy", lambda r, e, w: {"weekday": pick(r, WEEKDAYS)},
         say=["{S} deploys on {weekday}s.", "Deploys of {S} go out on {weekday}s.", "{S} ships to production every {weekday}."],
         pred=["deploys on {weekday}s"], differ="weekday",
         upd=["We moved {S} deploys to {weekday}s.", "{S} deploys on {weekday}s now, not {old_weekday}s."],
         cat="rule", store="procedural", tags=["services", "deploys"], group="ops", titles=["{s} deploy day"]),
    Attr("region", lambda r, e, w: {"region": pick(r, REGIONS)},
         say=["{S} runs in {region}.", "{S} is hosted in {region}."], pred=["runs in {region}"], differ="region",
         upd=["{S} was moved to {region}.", "{S} runs in {region} since the migration."],
         cat="fact", tags=["services", "hosting"], group="stack", titles=["{s} hosting"]),
    Attr("cache", g_cache, change=c_cache,
         say=["{S} caches {thing} for {n} minutes.", "Cached {thing} in {S} expire after {n} minutes."],
         pred=["caches {thing} for {n} minutes"], differ="n",
         upd=["{S} keeps {thing} in cache for {n} minutes now.", "We changed the {thing} cache in {S} to {n} minutes."],
         cat="fact", tags=["services", "cache"], group="limits", numeric=True, titles=["{s} cache"]),
    Attr("alerts", lambda r, e, w: {"chan": pick(r, [e["name"] + "-alerts", "oncall-" + pick(r, TEAMS),
                                                     "ops-" + e["name"], e["name"] + "-pager", "alerts-" + pick(r, PRODUCTS)])},
         say=["Alerts for {S} go to #{chan}.", "{S} sends its alerts to #{chan}."],
         pred=["sends its alerts to #{chan}"], differ="chan",
         upd=["Alerts for {S} were moved to #{chan}.", "{S} alerts go to #{chan} now."],
         cat="fact", tags=["services", "alerts"], group="ops", titles=["{s} alerts"]),
    Attr("replicas", g_replicas, change=c_replicas,
         say=["{S} runs {n} replicas in production.", "Production has {n} replicas of {S}."],
         pred=["runs {n} replicas in production"], differ="n",
         upd=["We scaled {S} to {n} replicas.", "{S} runs {n} replicas in production now."],
         cat="fact", tags=["services", "capacity"], group="limits", numeric=True, titles=["{s} replicas"]),
    Attr("retention", g_retention, change=c_retention,
         say=["{S} keeps logs for {n} days.", "Logs from {S} are retained for {n} days."],
         pred=["keeps logs for {n} days"], differ="n",
         upd=["Log retention for {S} is {n} days now.", "We changed {S} to keep logs for {n} days."],
         cat="rule", tags=["services", "logs"], group="limits", numeric=True, titles=["{s} log retention"]),
    Attr("maintainer", g_person_ref, say=["{P} is the go-to person for {S}.", "Ask {P} about anything in {S}."],
         pred=["is maintained mostly by {P}"], differ="P",
         upd=["{P} took over {S} from {old_P}.", "{P} is the main maintainer of {S} now."],
         cat="person", tags=["services", "people"], group="ops", titles=["{s} contact"]),
    Attr("build", lambda r, e, w: {"tool": pick(r, BUILD)},
         say=["{S} builds with {tool}.", "The {s} build uses {tool}."], pred=["builds with {tool}"], differ="tool",
         upd=["{S} switched from {old_tool} to {tool} for builds.", "{S} builds with {tool} now."],
         cat="fact", tags=["services", "build"], group="stack", titles=["{s} build"]),
    Attr("health", lambda r, e, w: {"hpath": pick(r, HEALTH)},
         say=["{S} exposes its health check at {hpath}.", "The health endpoint of {S} is {hpath}."],
         pred=["exposes its health check at {hpath}"], cat="fact", tags=["services", "monitoring"], group="ops",
         titles=["{s} health check"]),
    Attr("slo", g_slo, say=["{S} has a {slo} availability target.", "The availability SLO for {S} is {slo}."],
         pred=["has a {slo} availability target"], differ="slo",
         upd=["The SLO for {S} is {slo} now.", "We set the {S} availability target to {slo}."],
         cat="fact", tags=["services", "slo"], group="limits", numeric=True, titles=["{s} SLO"]),
]

# ---------------------------------------------------------------- projects (initiatives) with decisions
PROJ_NAMES = """Lantern Bluebird Granite Saffron Tundra Juniper Marigold Falcon Pebble Comet Willow Ember Orchid
Basalt Cinder Lagoon Meadow Nimbus Quartz Redwood Sequoia Thistle Vesper Zephyr Alder Birch Cedar Dune Fennel
Glacier Heron Indigo Jasmine Kelp Lynx Magpie Nectar Osprey Poppy Quill Raven Sparrow Tamarind Umbra Violet
Walnut Yarrow Zinnia Acorn Bramble""".split()
CLIENTS = ["the Dutch retail chain", "our biggest B2B customer", "the internal finance team", "the sales team",
           "a logistics partner in Hamburg", "the customer support team", "the marketing team", "a hotel group",
           "the mobile team", "a university spin-off"]
GOALS = ["cut checkout time in half", "replace the legacy admin panel", "let customers export their data",
         "move the last services off the old data centre", "add single sign-on for enterprise customers",
         "make search results load under 200 ms", "give support agents a full order history",
         "ship the app in three new languages", "reduce failed payments by a third", "rebuild onboarding for mobile",
         "automate monthly invoicing", "replace the homegrown job runner"]


def make_project(r, i, taken, w):
    pool = [n for n in PROJ_NAMES if n not in taken]
    if not pool:
        pool = [f"{n} {k}" for k in ("II", "Next", "Lite", "Mobile", "Pro", "Express") for n in PROJ_NAMES
                if f"{n} {k}" not in taken]
        if not pool:
            return None
    name = pick(r, pool)
    taken.add(name)
    e = thing_slots(name, name)
    e.update({"id": f"proj:{name}", "tag": name.lower().replace(" ", "-"), "product": pick(r, PRODUCTS)})
    return e


def decision(key, area, options, titles=None, extra_say=(), extra_rev=()):
    def g(r, e, w):
        tool, alt = r.sample(options, 2)
        return {"tool": tool, "alt": alt, "area": area}
    say = ["We decided to use {tool} for {area} in {S}.", "Decision: {S} uses {tool} for {area}.",
           "{S} will use {tool} for {area}; the team agreed on it at planning.",
           "For {area}, {S} went with {tool}.", "In {S}, {tool} is the choice for {area}.",
           "The {S} team picked {tool} for {area} after comparing it with {alt}."] + list(extra_say)
    rev = ["We dropped {tool} from {S}; {area} is handled with {alt} now.", "Do not use {tool} in {S} anymore.",
           "{S} no longer uses {tool}. We switched to {alt}.", "In {S}, {alt} replaced {tool}.",
           "In {S}, {tool} is gone; use {alt} for {area}.", "No new {tool} code in {S}, please. It's being removed.",
           "{S} moved {area} off {tool}."] + list(extra_rev)
    return Attr(key, g, say=say, rev=rev, pred=["uses {tool} for {area}"], cat="decision",
                tags=["decisions", key], group="stack", titles=titles or ["{S}: " + area, "{s} " + key + " decision"])


def policy(key, say, rev, tags, group="process"):
    return Attr(key, lambda r, e, w: {}, say=say, rev=rev, cat="decision", tags=["decisions"] + tags,
                group=group, titles=["{S} " + key.replace("-", " ")])


def g_deadline(r, e, w):
    return {"date": date_phrase(r)}


def g_budget(r, e, w):
    return {"n": str(r.choice([20, 35, 40, 50, 60, 75, 80, 90, 120, 150, 200, 250]))}


def c_budget(r, e, w, old):
    return {"n": str(r.choice([x for x in [20, 35, 40, 50, 60, 75, 80, 90, 120, 150, 200, 250] if str(x) != old["n"]]))}


def g_sync(r, e, w):
    return {"weekday": pick(r, WEEKDAYS[:4]), "time": pick(r, TIMES)}  # Friday is the user's no-meeting day


def c_sync(r, e, w, old):
    return {"weekday": pick(r, [d for d in WEEKDAYS[:4] if d != old["weekday"]]), "time": pick(r, TIMES)}


PROJECT_ATTRS = [
    Attr("lead", g_person_ref, say=["{P} leads {S}.", "{S} is led by {P}.", "The lead on {S} is {P}."],
         pred=["is led by {P}"], differ="P", upd=["{P} took over {S} from {old_P}.", "{S} has a new lead: {P}."],
         cat="person", tags=["projects", "people"], group="people", titles=["{S} lead"]),
    Attr("deadline", g_deadline, say=["{S} is due on {date}.", "The deadline for {S} is {date}.",
                                      "{S} has to be done by {date}."],
         pred=["is due on {date}"], differ="date", upd=["{S} is now due on {date}.", "The {S} deadline moved to {date}."],
         cat="fact", store="prospective", tags=["projects", "deadlines"], group="plan", titles=["{S} deadline"]),
    Attr("budget", g_budget, change=c_budget,
         say=["{S} has a budget of {n} thousand euros.", "The budget for {S} is {n} thousand euros."],
         pred=["has a budget of {n} thousand euros"], differ="n",
         upd=["The {S} budget is {n} thousand euros now.", "{S} got a revised budget of {n} thousand euros."],
         cat="fact", tags=["projects", "budget"], group="plan", numeric=True, titles=["{S} budget"]),
    Attr("client", lambda r, e, w: {"client": pick(r, CLIENTS)},
         say=["{S} is being built for {client}.", "The customer for {S} is {client}."],
         pred=["is being built for {client}"], cat="fact", tags=["projects"], group="scope", titles=["{S} customer"]),
    Attr("sync", g_sync, change=c_sync,
         say=["The {S} weekly sync is on {weekday}s at {time}.", "{S} has its weekly sync every {weekday} at {time}."],
         pred=["has its weekly sync every {weekday} at {time}"], differ="weekday",
         upd=["The {S} sync moved to {weekday}s at {time}.", "The {S} weekly is on {weekday} at {time} from now on."],
         cat="event", store="procedural", tags=["projects", "meetings"], group="plan", titles=["{S} sync"]),
    Attr("repo", lambda r, e, w: {"repo": e["tag"] + pick(r, ["", "-web", "-api", "-monorepo", "-app"])},
         say=["The code for {S} lives in the {repo} repository.", "{S} is in the {repo} repo."],
         pred=["lives in the {repo} repository"], cat="fact", tags=["projects", "repos"], group="scope",
         titles=["{S} repo"]),
    Attr("goal", lambda r, e, w: {"goal": pick(r, GOALS)},
         say=["The goal of {S} is to {goal}.", "{S} exists to {goal}."], pred=["aims to {goal}"],
         cat="goal", store="prospective", tags=["projects", "goals"], group="scope", titles=["{S} goal"]),
    Attr("size", lambda r, e, w: {"n": str(r.randint(2, 9))},
         say=["{S} has {n} engineers on it.", "There are {n} engineers working on {S}."],
         pred=["has {n} engineers on it"], cat="fact", tags=["projects", "staffing"], group="plan", numeric=True,
         titles=["{S} staffing"]),
    decision("state", "state management", ["Redux", "MobX", "Zustand", "React context", "Recoil"]),
    decision("styling", "styling", ["Tailwind", "CSS modules", "styled-components", "Sass"]),
    decision("api", "the public API", ["GraphQL", "REST", "gRPC"]),
    decision("tests", "end-to-end tests", ["Playwright", "Cypress", "Selenium"]),
    decision("unit", "unit tests", ["Jest", "Vitest", "Mocha"]),
    decision("flags", "feature flags", ["LaunchDarkly", "Unleash", "a homegrown flag table", "Flagsmith"]),
    decision("orm", "database access", ["Prisma", "TypeORM", "raw SQL", "Drizzle", "Knex"]),
    decision("mobile", "the mobile client", ["React Native", "Flutter", "native Swift and Kotlin"]),
    decision("auth", "login", ["Auth0", "Keycloak", "Cognito", "Clerk"]),
    decision("analytics", "product analytics", ["Amplitude", "Mixpanel", "PostHog"]),
    decision("dates", "date handling", ["date-fns", "Moment.js", "Luxon", "Day.js"]),
    decision("pm", "package management", ["pnpm", "Yarn", "npm"]),
    decision("hosting", "hosting the frontend", ["Vercel", "Netlify", "our own Kubernetes setup", "Cloudflare Pages"]),
    decision("errors", "error tracking", ["Sentry", "Rollbar", "Bugsnag"]),
    decision("queue", "background jobs", ["Sidekiq", "BullMQ", "Celery", "SQS"]),
    policy("feature-freeze", ["We agreed on a feature freeze one week before each {S} release.",
                              "{S} releases get a one-week feature freeze."],
           ["{S} releases don't get a feature freeze anymore.", "No more feature freezes before {S} releases."],
           ["releases"]),
    policy("safari", ["{S} will keep supporting Safari 14.", "We decided {S} stays compatible with Safari 14."],
           ["{S} dropped Safari 14 support.", "Don't spend time on Safari 14 bugs in {S}; it is unsupported."],
           ["browsers"]),
    policy("offline", ["We decided {S} will support offline mode.", "{S} has to work offline; that was agreed with product."],
           ["Offline mode is out of scope for {S}.", "{S} will not support offline mode."], ["scope"]),
    policy("monorepo", ["{S} stays in one monorepo.", "We keep all of {S} in a single monorepo."],
           ["{S} is split into separate repositories now.", "We broke the {S} monorepo up into per-service repos."],
           ["repos"]),
    policy("pairing", ["All {S} work is done in pairs.", "We pair on every {S} ticket."],
           ["Pairing on {S} is optional.", "{S} tickets are done solo unless someone asks for a pair."], ["process"]),
]

# ---------------------------------------------------------------- teams (third person)
TEAM_NAMES = ["payments", "growth", "platform", "mobile", "data", "identity", "search", "core", "infra", "web",
              "partner", "fulfillment", "checkout", "onboarding", "security", "design systems", "QA", "billing ops",
              "marketplace", "developer experience", "support tools", "pricing", "catalog", "ads", "moderation"]
TEAM_CITY = ["Berlin", "Lisbon", "Warsaw", "Remote", "London", "Madrid", "Paris", "Dublin", "Prague", "Austin"]
TRACKERS = ["Jira", "Linear", "GitHub Projects", "Shortcut", "YouTrack"]
ONCALL = ["PagerDuty", "Opsgenie", "incident.io", "Grafana OnCall"]
BRANCHES = ["feature/<ticket>-<slug>", "<initials>/<topic>", "<ticket>/<short-description>", "fix/<ticket>",
            "user/<name>/<topic>"]


def make_team(r, i, taken, w):
    pool = [n for n in TEAM_NAMES if n not in taken]
    if not pool:
        pool = [f"{c} {n}" for c in TEAM_CITY for n in TEAM_NAMES if f"{c} {n}" not in taken]
        if not pool:
            return None
    name = pick(r, pool)
    taken.add(name)
    e = thing_slots(f"the {name} team", name)
    e.update({"id": f"team:{name}", "tag": name.lower().replace(" ", "-")})
    return e


def g_time(r, e, w):
    return {"time": pick(r, TIMES)}


def c_time(r, e, w, old):
    return {"time": pick(r, [t for t in TIMES if t != old["time"]])}


TEAM_ATTRS = [
    Attr("standup", g_time, change=c_time, say=["{S} has standup at {time}.", "Standup for {S} is at {time} every day."],
         pred=["has standup at {time}"], differ="time",
         upd=["{S} moved standup to {time}.", "Standup for {S} is at {time} now."],
         cat="event", store="procedural", tags=["teams", "meetings"], group="rituals", titles=["{s} standup"]),
    Attr("sprint", lambda r, e, w: dict(zip(("n", "weeks"), pick(r, [("one", "one week"), ("two", "two weeks"),
                                                                     ("three", "three weeks")]))),
         say=["{S} works in {n}-week sprints.", "Sprints on {S} last {weeks}."], pred=["works in {n}-week sprints"],
         differ="n", upd=["{S} switched to {n}-week sprints.", "{S} runs {n}-week sprints now."],
         cat="rule", store="procedural", tags=["teams", "process"], group="rituals", numeric=True,
         titles=["{s} sprints"]),
    Attr("demo", lambda r, e, w: {"weekday": pick(r, WEEKDAYS[:4])},
         say=["{S} demos its work every {weekday}.", "Demo day for {S} is {weekday}."], pred=["demos its work every {weekday}"],
         differ="weekday", upd=["{S} moved its demos to {weekday}s.", "{S} demos on {weekday}s now."],
         cat="event", store="procedural", tags=["teams", "demos"], group="rituals", titles=["{s} demos"]),
    Attr("approvals", lambda r, e, w: {"n": pick(r, ["one approval", "two approvals", "three approvals"])},
         say=["{S} requires {n} on every pull request.", "Pull requests in {S}'s repos need {n}."],
         pred=["requires {n} on every pull request"], differ="n",
         upd=["{S} requires {n} per pull request now.", "{S} changed its review rule to {n} per pull request."],
         cat="rule", store="procedural", tags=["teams", "code-review"], group="review", numeric=True,
         titles=["{s} review rule"]),
    Attr("branches", lambda r, e, w: {"pattern": pick(r, BRANCHES)},
         say=["Branches in {S}'s repos are named {pattern}.", "{S} names branches {pattern}."],
         pred=["names branches {pattern}"], cat="rule", store="procedural", tags=["teams", "git"], group="review",
         titles=["{s} branch names"]),
    Attr("retro", lambda r, e, w: {"weekday": pick(r, WEEKDAYS)},
         say=["{S} holds retros every other {weekday}.", "Retros for {S} are on alternate {weekday}s."],
         pred=["holds retros every other {weekday}"], differ="weekday",
         upd=["{S} moved retros to every other {weekday}.", "{S} has its retros on {weekday}s now."],
         cat="event", store="procedural", tags=["teams", "meetings"], group="rituals", titles=["{s} retros"]),
    Attr("channel", lambda r, e, w: {"chan": "team-" + e["tag"].replace(" ", "-") + pick(r, ["", "-chat", "-dev", "-internal"])},
         say=["{S} talks in #{chan} on Slack.", "The Slack channel for {S} is #{chan}."],
         pred=["talks in #{chan} on Slack"], cat="fact", tags=["teams", "slack"], group="people",
         titles=["{s} channel"]),
    Attr("oncall", lambda r, e, w: {"tool": pick(r, ONCALL)},
         say=["{S} runs its on-call rotation in {tool}.", "{S} uses {tool} for on-call."],
         pred=["uses {tool} for on-call"], differ="tool",
         upd=["{S} moved on-call from {old_tool} to {tool}.", "{S} uses {tool} for on-call now."],
         cat="fact", store="procedural", tags=["teams", "oncall"], group="tools", titles=["{s} on-call"]),
    Attr("tracker", lambda r, e, w: {"tool": pick(r, TRACKERS)},
         say=["{S} tracks its work in {tool}.", "{S} keeps its tickets in {tool}."], pred=["tracks its work in {tool}"],
         differ="tool", upd=["{S} moved its tickets from {old_tool} to {tool}.", "{S} tracks work in {tool} now."],
         cat="fact", tags=["teams", "tools"], group="tools", titles=["{s} tracker"]),
    Attr("headcount", lambda r, e, w: {"n": str(r.randint(3, 14))},
         say=["{S} has {n} engineers.", "There are {n} engineers on {S}."], pred=["has {n} engineers"],
         cat="fact", tags=["teams", "staffing"], group="people", numeric=True, titles=["{s} size"]),
]

# ---------------------------------------------------------------- the user (one entity)


def user_attr(key, gen, say, upd=(), differ=None, cat="fact", store="semantic", tags=(), group="prefs",
              numeric=False, rev=()):
    return Attr(key, gen, say=say, upd=upd, differ=differ, cat=cat, store=store, tags=["user"] + list(tags),
                group=group, numeric=numeric, rev=rev, titles=[key.replace("-", " ").capitalize()])


def ch(*opts):
    return lambda r, e, w: {"v": pick(r, list(opts))}


USER_ATTRS = [
    user_attr("editor", ch("Neovim", "VS Code", "Emacs", "IntelliJ", "Helix", "Zed"),
              ["The user edits code in {v}.", "The user's editor is {v}."],
              ["The user switched to {v} for editing.", "The user codes in {v} now."], "v", tags=["tools"]),
    user_attr("shell", ch("zsh", "fish", "bash", "nushell"), ["The user's shell is {v}.", "The user works in {v}."],
              ["The user moved to {v} as the default shell."], "v", tags=["tools"]),
    user_attr("theme", ch("dark", "light", "high-contrast"), ["The user prefers a {v} theme everywhere.",
                                                              "Use a {v} theme in anything built for the user."],
              ["The user wants a {v} theme now."], "v"),
    user_attr("indent", ch("four spaces", "two spaces", "tabs"), ["The user indents code with {v}.",
                                                                  "New files for the user use {v} for indentation."],
              ["The user asked to indent with {v} from now on."], "v", cat="rule", store="procedural", tags=["style"]),
    user_attr("answers", ch("short answers with the code first", "a summary first and details after",
                            "bullet points over prose"), ["The user prefers {v}.", "When answering, give the user {v}."],
              ["The user asked for {v} from now on."], "v", tags=["style"]),
    user_attr("script-lang", ch("Python", "Bash", "TypeScript", "Go"), ["The user writes throwaway scripts in {v}.",
                                                                       "Quick scripts for the user should be in {v}."],
              ["The user wants quick scripts in {v} now."], "v", tags=["tools"]),
    user_attr("os", ch("macOS", "Fedora", "Ubuntu", "Arch Linux", "Windows with WSL"), ["The user works on {v}.",
                                                                                       "The user's laptop runs {v}."],
              ["The user moved the laptop to {v}."], "v", tags=["tools"]),
    user_attr("no-meetings", ch("Friday"), ["{v} is the user's no-meeting day, apart from standup.",
                                            "Don't book meetings for the user on {v}s."], cat="rule", tags=["calendar"]),
    user_attr("timezone", ch("Lisbon time", "CET", "Eastern time", "UK time"), ["The user is on {v}.",
                                                                             "Schedule things for the user in {v}."],
              ["The user is on {v} now after the move."], "v", tags=["calendar"]),
    user_attr("commit-style", ch("the imperative mood", "Conventional Commits", "a ticket id prefix"),
              ["The user writes commit messages in {v}.", "Commit messages for the user follow {v}."],
              ["The user's commits use {v} now."], "v", cat="rule", store="procedural", tags=["git"]),
    user_attr("coffee", ch("oat milk", "no sugar", "a double espresso"), ["The user takes coffee with {v}.",
                                                                           "Coffee for the user: {v}."],
              ["The user takes coffee with {v} these days."], "v", tags=["personal"]),
    user_attr("we-release", ch(*WEEKDAYS), ["We ship the mobile app on {v}s.", "Mobile app releases go out on {v}s.",
                                             "The mobile app goes to the stores every {v}."],
              ["We moved the mobile app release to {v}s.", "Mobile app releases go out on {v}s now."], "v", cat="rule",
              store="procedural", tags=["releases", "mobile"], group="process"),
    user_attr("we-standup", ch(*TIMES), ["Our standup is at {v}.", "The team standup starts at {v}."],
              ["Standup moved to {v}.", "Our standup starts at {v} now."], "v", cat="event", store="procedural",
              tags=["meetings"], group="process"),
    user_attr("we-freeze", ch("two days", "three days", "a week", "five days"),
              ["Code freeze starts {v} before a release.", "We freeze the code {v} before each release."],
              ["Code freeze is {v} before a release now."], "v", cat="rule", store="procedural", tags=["releases"],
              group="process"),
    user_attr("we-merge", ch("squash-merge", "rebase and merge", "merge with a merge commit"),
              ["We {v} pull requests.", "Pull requests get {v}d."],
              ["We {v} pull requests now."], "v", cat="rule", store="procedural", tags=["git"], group="process"),
    user_attr("we-pr-size", ch("300", "400", "500", "200"), ["Our pull requests must stay under {v} changed lines.",
                                                            "Keep pull requests below {v} lines of diff."],
              ["The pull request size limit is {v} lines now."], "v", cat="rule", store="procedural",
              tags=["code-review"], group="process", numeric=True),
    user_attr("we-adr", ch("more than one service", "the public API", "the database schema"),
              ["We write an ADR for any decision that touches {v}."], cat="rule", store="procedural",
              tags=["docs"], group="process"),
    user_attr("we-hotfix", ch("the release branch", "main"), ["Hotfixes go to {v} first."],
              ["Hotfixes go to {v} first now."], "v", cat="rule", store="procedural", tags=["releases"], group="process"),
    user_attr("we-ci", ch("GitHub Actions", "GitLab CI", "Buildkite", "CircleCI"),
              ["Our CI runs on {v}.", "We use {v} for CI."], ["CI moved to {v}.", "We run CI on {v} now."], "v",
              tags=["ci"], group="process"),
    user_attr("we-checklist", ch("a green CI run", "a second reviewer", "a changelog entry"),
              ["The deploy checklist requires {v}.", "Nothing gets deployed without {v}."], cat="rule",
              store="procedural", tags=["deploys"], group="process"),
    user_attr("gym", ch("Monday and Thursday mornings", "Tuesday and Friday evenings", "weekday lunchtimes"),
              ["The user goes to the gym on {v}.", "The user's gym slots are {v}; keep them free."],
              ["The user's gym time moved to {v}."], "v", cat="rule", tags=["personal", "calendar"]),
    user_attr("partner", ch("Noor", "Sasha", "Robin", "Alex"), ["The user's partner is {v}."], cat="person",
              tags=["personal", "family"], group="family"),
    user_attr("daughter", ch("Elif", "Mara", "June"), ["The user's daughter {v} is in second grade.",
                                                       "{v}, the user's daughter, is seven."], cat="person",
              tags=["personal", "family"], group="family"),
    user_attr("car", ch("a 2016 Skoda Octavia", "an old Volvo estate", "a Renault Zoe"),
              ["The user drives {v}.", "The user's car is {v}."], ["The user drives {v} now."], "v",
              tags=["personal"], group="home"),
    user_attr("bank", ch("the first of the month", "the 15th", "the last Friday of the month"),
              ["The user pays rent on {v}.", "Rent is due on {v} for the user."], ["Rent is due on {v} now."], "v",
              cat="fact", tags=["personal", "money"], group="home"),
]


def make_user(r, i, taken, w):
    if i > 0:
        return None
    e = thing_slots("the user", "user")
    e.update({"id": "user", "tag": None, "no_pronoun": True})
    return e


# ---------------------------------------------------------------- places
PLACE_KINDS = {
    "restaurant": (["Casa Verde", "The Copper Pot", "Bao House", "Little Fig", "Osteria Lupo", "Saffron Table",
                    "Noodle Bar Hino", "El Faro", "The Green Door", "Trattoria Sole", "Kebab Palace", "Masa",
                    "The Salt Cellar", "Pho Lan", "Dosa Corner", "Tavern Nine"],
                   ["pasta", "ramen", "dumplings", "tacos", "paella", "curry", "grilled fish", "pho", "dosas",
                    "burgers", "gnocchi", "bibimbap"]),
    "café": (["Café Morena", "Bean Theory", "The Daily Grind", "Kaffe Lund", "Corner Roast", "Drip & Co",
              "Café Aurora", "Steam Room"], ["flat whites", "cinnamon buns", "cold brew", "cheesecake", "cortados"]),
    "bakery": (["Crumb", "Levain Street", "Boulangerie Marcel", "The Rye House", "Sugar & Spelt"],
               ["sourdough", "croissants", "rye bread", "pastel de nata", "focaccia"]),
    "bike shop": (["Spoke & Chain", "Velo Garage", "Two Wheels", "Cadence Cycles"],
                  ["wheel truing", "quick brake repairs", "second-hand road bikes", "bike fitting"]),
    "bar": (["The Anchor", "Bar Lumière", "Hop Yard", "Vinoteca Nove", "The Fox and Kettle"],
            ["natural wine", "craft beer", "negronis", "pub quizzes"]),
}
STREETS = ["Elm Street", "Harbour Road", "Rua das Flores", "Mill Lane", "Station Square", "Kings Parade", "Canal Street",
           "Oak Avenue", "Market Street", "Church Lane", "Rosemary Walk", "Bridge Street"]


def make_place(r, i, taken, w):
    kinds = list(PLACE_KINDS)
    for _ in range(200):
        kind = pick(r, kinds)
        name = pick(r, PLACE_KINDS[kind][0])
        if name not in taken:
            taken.add(name)
            e = thing_slots(name, name)
            e.update({"id": f"place:{name}", "kind": kind, "tag": "places"})
            return e
    return None


def g_street(r, e, w):
    return {"street": pick(r, STREETS), "no": str(r.randint(2, 140))}


def c_street(r, e, w, old):
    return {"street": pick(r, [s for s in STREETS if s != old["street"]]), "no": str(r.randint(2, 140))}


def g_special(r, e, w):
    return {"special": pick(r, PLACE_KINDS[e["kind"]][1])}


OPENING = {"restaurant": ["noon", "12:30 pm", "6 pm", "6:30 pm", "7 pm"], "café": ["7 am", "7:30 am", "8 am", "9 am"],
           "bakery": ["6:30 am", "7 am", "7:30 am", "8 am"], "bike shop": ["9 am", "10 am", "11 am"],
           "bar": ["4 pm", "5 pm", "6 pm", "7 pm"]}
PRICED = {"restaurant": ("a meal", [15, 18, 20, 25, 30, 35, 40, 50]), "café": ("a coffee and a pastry", [5, 6, 7, 8, 9]),
          "bakery": ("a loaf", [3, 4, 5, 6, 7]), "bike shop": ("a basic service", [30, 40, 45, 50, 60, 70]),
          "bar": ("a drink", [4, 5, 6, 7, 8, 9, 10, 12])}


def g_opens(r, e, w):
    return {"time": pick(r, OPENING[e["kind"]])}


def c_opens(r, e, w, old):
    return {"time": pick(r, [t for t in OPENING[e["kind"]] if t != old["time"]])}


def g_price(r, e, w):
    item, prices = PRICED[e["kind"]]
    return {"item": item, "n": str(pick(r, prices))}


PLACE_ATTRS = [
    Attr("address", g_street, change=c_street, say=["{S} is at {no} {street}.", "{S}'s address is {no} {street}."],
         pred=["is at {no} {street}"], differ="street",
         upd=["{S} moved to {no} {street}.", "{S} has a new address: {no} {street}."],
         cat="fact", tags=["places"], group="where", titles=["{S} address"]),
    Attr("closed", lambda r, e, w: {"weekday": pick(r, ALLDAYS)},
         say=["{S} is closed on {weekday}s.", "Don't go to {S} on a {weekday}; it's closed."],
         pred=["is closed on {weekday}s"], differ="weekday",
         upd=["{S} closes on {weekday}s now.", "{S} changed its day off to {weekday}."],
         cat="fact", tags=["places"], group="when", titles=["{S} hours"]),
    Attr("special", g_special, say=["{S} does excellent {special}.", "Go to {S} for the {special}."],
         pred=["does excellent {special}"], cat="fact", tags=["places", "recommendations"], group="what",
         titles=["{S}"]),
    Attr("opens", g_opens, change=c_opens, say=["{S} opens at {time}.", "{S} doesn't open until {time}."],
         pred=["opens at {time}"], differ="time", upd=["{S} opens at {time} now.", "{S} changed its opening time to {time}."],
         cat="fact", tags=["places"], group="when", numeric=True, titles=["{S} opening time"]),
    Attr("price", g_price,
         say=["{item} at {S} costs about {n} euros.", "At {S}, expect to pay around {n} euros for {item}."],
         pred=["charges about {n} euros for {item}"], cat="fact", tags=["places", "money"], group="what", numeric=True,
         titles=["{S} prices"]),
    Attr("booking", lambda r, e, w: {"how": pick(r, ["only takes bookings by phone", "doesn't take reservations",
                                                       "books up a week ahead", "takes bookings on its website"])},
         say=["{S} {how}.", "Heads-up: {S} {how}."], pred=["{how}"], differ="how",
         upd=["{S} {how} now.", "These days {S} {how}."],
         cat="fact", tags=["places"], group="when", titles=["Booking {S}"]),
]

ETYPES = [
    EType("person", 250, make_person, PEOPLE_ATTRS, "people", minimum=40),
    EType("service", 75, make_service, SERVICE_ATTRS, "services", minimum=10, project=lambda e: e["product"]),
    EType("project", 55, make_project, PROJECT_ATTRS, "projects", minimum=10, project=lambda e: e["tag"]),
    EType("team", 30, make_team, TEAM_ATTRS, "teams", minimum=8),
    EType("user", 0, make_user, USER_ATTRS, "me", minimum=1),
    EType("place", 55, make_place, PLACE_ATTRS, "places", minimum=10),
]
ENTITY_SHARE = 0.58
TAIL_P = 0.3
TAILS = ["{P} mentioned this on {date}.", "Heard it from {P}.", "(From a chat with {P} in {month}.)",
         "Worth double-checking with {P}.", "{P} brought it up over lunch.", "Came up in the 1:1 with {P}.",
         "{P} told the user on {date}.", "Source: a Slack thread with {P}.", "Per {P}, as of {month}.",
         "{P} confirmed it in {month}."]


def tail(r, w, text):
    return text + " " + render(pick(r, TAILS), {"P": w.any("person")["S"], "date": date_phrase(r), "month": pick(r, MONTHS)})


# ---------------------------------------------------------------- free generators
ACTIVITIES = {
    "hiking": (["Cold Creek", "Pine Ridge", "the Eagle Trail", "Falcon Crag", "the old quarry loop", "Lake Ardin",
                "the Seven Bridges path", "Mount Sorrel"],
               ["The trail was muddy after the rain.", "We got to the summit just before the fog came in.",
                "Took the long loop and did 18 km.", "Saw two deer near the car park.",
                "The last climb was brutal but the view was worth it.", "Forgot sunscreen again; buy a small tube for the bag.",
                "Stopped at the hut for soup halfway.", "!The path is closed past the second bridge.",
                "Need better boots before the next one.", "Finished in under four hours.",
                "!Parking at the trailhead costs 6 euros now.", "Got lost for twenty minutes at the fork by the pylons."]),
    "cycling": (["the river path", "the coast road", "the gravel loop past the reservoir", "the hill climb to Santa Ana",
                 "the canal towpath", "the old railway line"],
                ["Averaged 24 km/h, best this year.", "Had a puncture at the 30 km mark.",
                 "Headwind the whole way back.", "The new saddle is much better.",
                 "Stopped for coffee at the bakery in the village.",
                 "!The gravel section is rougher than it looks on the map.", "Rode 65 km in total.",
                 "The chain kept slipping in the small ring; get it checked.", "Took the train back from the far end."]),
    "cooking": (["a Thai curry", "fresh pasta", "a sourdough loaf", "shakshuka", "a slow-cooked ragù",
                 "dumplings from scratch", "a lemon tart", "paella", "a mushroom risotto", "falafel"],
                ["It took twice as long as the recipe said.", "Too much salt; halve it next time.",
                 "The kids asked for seconds.", "Turned out great, save the recipe.", "The dough didn't rise enough.",
                 "Use the bigger pan next time.", "!The oven runs hot, so lower it by 20 degrees.",
                 "Needs more lime at the end."]),
    "a gig": (["the Lowlands", "Mira Sol", "Kid Copper", "Delta Blue", "Paper Lanterns", "The Night Owls"],
                  ["The sound was too loud at the front.", "Great encore.", "Tickets were 35 euros each.",
                   "Get seats on the balcony next time.", "They played the whole first album.",
                   "The support act was better than the headliner."]),
    "the cinema": (["the new Villeneuve film", "a Studio Ghibli rerun", "the documentary about the Tour de France",
                    "a Korean thriller", "the late showing of Alien", "the festival's opening film"],
                   ["Way too long.", "Would see it again.", "The popcorn was stale.", "Book the recliner seats next time.",
                    "The subtitles were out of sync for the first ten minutes."]),
    "a museum": (["the modern art museum", "the maritime museum", "the science centre", "the photography gallery",
                  "the natural history museum", "the railway museum"],
                 ["!The new wing is worth it.", "!Free entry on the first Sunday of the month.", "Crowded; go early.",
                  "The audio guide was excellent.", "!The café upstairs has a good view of the harbour."]),
    "kayaking": (["the lake", "the estuary", "the river below the weir", "the bay"],
                 ["Capsized once near the reeds.", "Rented the double kayak for two hours.",
                  "Calm water, perfect day.", "Saw a heron fishing by the jetty."]),
    "the farmers' market": (["Market Square", "the harbour market", "the Saturday market on Mill Lane"],
                            ["Bought a huge bag of tomatoes.", "!The cheese stall is back.",
                             "Found good honey from a local farm.", "The fish van sold out by ten."]),
    "swimming": (["the lido", "the lake beach", "the city pool", "the cove below the lighthouse"],
                 ["The water was colder than expected.", "Swam 1.5 km without stopping.",
                  "!Lanes were packed; the early session is quieter.", "!Lifeguards only start in June."]),
    "a day trip": (["the wine villages", "the old walled town", "the islands", "the castle ruins"],
                   ["The ferry back was an hour late.", "Lunch at the square was overpriced.",
                    "!Take the earlier bus; the last one is at six.", "Bought olive oil from the co-op."]),
    "a food festival": (["the street food festival", "the harbour food fair", "the chili festival"],
                        ["The queues were huge after one.", "Best thing was the Georgian dumplings.",
                         "!Bring cash; half the stalls don't take cards."]),
    "a comedy show": (["the Cellar Club", "the open-mic night at Hop Yard", "the arts centre"],
                      ["Sat in the front row and got picked on.", "Two acts were great, the rest forgettable."]),
}
COMPANIONS_EXTRA = ["the kids", "the user's partner", "the whole family", "the neighbors", "the cycling club"]


def when_phrase(r):
    k = r.random()
    if k < 0.45:
        return "on " + pick(r, ALLDAYS)
    if k < 0.8:
        return "on " + date_phrase(r)
    return "last " + pick(r, ["weekend", "Saturday", "Sunday"])


OUTING_SHAPES = {
    "hiking": ("Went hiking at {place} with {who} {when}.", "{When}: hike at {place} with {who}."),
    "cycling": ("Rode {place} with {who} {when}.", "{When}: bike ride along {place} with {who}."),
    "cooking": ("Made {place} with {who} {when}.", "{When}: cooked {place} together with {who}."),
    "a gig": ("Saw {place} live with {who} {when}.", "{When}: {place} gig with {who}."),
    "the cinema": ("Watched {place} at the cinema with {who} {when}.", "{When}: cinema with {who}, {place}."),
    "a museum": ("Visited {place} with {who} {when}.", "{When}: {place} with {who}."),
    "kayaking": ("Went kayaking on {place} with {who} {when}.", "{When}: kayaking on {place} with {who}."),
    "the farmers' market": ("Went to {place} with {who} {when}.", "{When}: {place} with {who}."),
    "swimming": ("Went swimming at {place} with {who} {when}.", "{When}: swim at {place} with {who}."),
    "a day trip": ("Took a day trip to {place} with {who} {when}.", "{When}: day trip to {place} with {who}."),
    "a food festival": ("Went to {place} with {who} {when}.", "{When}: {place} with {who}."),
    "a comedy show": ("Saw a comedy show at {place} with {who} {when}.", "{When}: comedy at {place} with {who}."),
}


def f_outing(r, w):
    act = pick(r, list(ACTIVITIES))
    where, details = ACTIVITIES[act]
    place = pick(r, where)
    det = pick(r, details)
    also = []
    if det.startswith("!"):
        # a fact about the place (or the user's oven), not about that day: stated once in the vault
        det = det[1:]
        also = [("placefact", "oven" if act == "cooking" else place, det)]
    who = pick(r, w.people())["s"] if r.random() < 0.75 else pick(r, COMPANIONS_EXTRA)
    when = when_phrase(r)
    slots = {"place": place, "who": who, "when": when, "When": when[0].upper() + when[1:]}
    main, alt = (render(t, slots) for t in OUTING_SHAPES[act])
    return {"key": ("outing", act, place, det, who), "also": also, "forms": [main + " " + det, alt + " " + det],
            "parts": [main, det] if len(det.split()) > 5 else None, "tags": ["personal", act.split()[-1]],
            "project": None}


SYMPTOMS = [("returned 502s", "return 502s"), ("was down", "go down"), ("dropped messages", "drop messages"),
            ("served stale data", "serve stale data"), ("timed out on every request", "time out"),
            ("failed its health checks", "fail its health checks"), ("double-charged some customers", "double-charge customers"),
            ("sent duplicate emails", "send duplicate emails")]
CAUSES = ["an expired TLS certificate", "a full disk on the database host", "a bad config push", "a missing index on the orders table",
          "a DNS change that had not propagated", "connection pool exhaustion", "a memory leak in the new release",
          "a cron job that ran twice", "a retry storm from the mobile app", "an upstream outage at the payment provider",
          "a schema migration that locked the table", "a feature flag left on in production"]
FIXES = ["We rolled back the release.", "Restarting the pods fixed it for now.", "We added an alert for it afterwards.",
         "The postmortem is in the incidents folder.", "A hotfix went out the same evening.",
         "We raised the pool size and it recovered."]


def f_incident(r, w):
    svc = w.any("service")
    date = date_phrase(r)
    sym, sym_inf = pick(r, SYMPTOMS)
    cause = pick(r, CAUSES)
    mins = r.choice([5, 10, 12, 20, 25, 40, 45, 90])
    fix = pick(r, FIXES)
    p1 = f"On {date} {svc['S']} {sym} for about {mins} minutes."
    p2 = f"The cause of the {date} {svc['name']} incident was {cause}."
    main = f"On {date} {svc['S']} {sym} for about {mins} minutes because of {cause}. {fix}"
    alt = f"Incident on {date}: {cause} made {svc['S']} {sym_inf} for about {mins} minutes. {fix}"
    return {"key": ("incident", svc["id"], date), "forms": [render(main, {}), render(alt, {})],
            "parts": [render(p1, {}), render(p2, {})], "tags": ["incidents", svc["name"]], "project": svc["product"]}


LESSONS = [("gets slow", ["check the connection pool first", "look at the slow query log before touching the code",
                          "check whether the cache hit rate dropped", "look for a deploy in the last hour"]),
           ("returns 401s", ["check the clock skew on the hosts", "check whether the signing key was rotated",
                             "see if the token audience changed"]),
           ("fails to start", ["check that the migrations ran", "look for a missing environment variable",
                               "check that the secrets mount is readable"]),
           ("runs out of memory", ["look for unbounded page sizes", "check the image cache size",
                                   "compare the heap dump with the last good release"]),
           ("loses events", ["check the consumer group offsets", "see if the dead-letter queue is filling up",
                             "check whether a consumer was scaled to zero"]),
           ("shows wrong prices", ["purge the CDN cache", "check that the currency rates job ran",
                                   "look at the rounding in the tax step"]),
           ("floods the logs", ["lower the log level of the HTTP client", "look for a retry loop without backoff"]),
           ("has flaky tests", ["run them with a fixed seed", "check for tests sharing a database",
                                "look for sleeps instead of waits"]),
           ("rejects webhooks", ["check the signature secret", "compare the payload version with the docs"]),
           ("stalls on deploy", ["check the readiness endpoint", "look for a migration waiting on a lock"])]
LESSON_TAILS = ["Last time it took half a day to find.", "This bit us twice in one month.",
                "The runbook has the exact commands.", "Don't restart it blindly; you lose the evidence.",
                "It is almost never the code itself.", "Write down what you find in the incident channel.",
                "Page the owning team only after that.", "Graphs for it are on the service dashboard.", ""]


def f_lesson(r, w):
    svc = w.any("service")
    sym, fixes = pick(r, LESSONS)
    fix = pick(r, fixes)
    tail = pick(r, LESSON_TAILS)
    p1 = render(f"When {svc['S']} {sym}, {fix}.", {})
    alt = render(f"If {svc['S']} {sym}: {fix}.", {})
    forms = [(p1 + " " + tail).strip(), (alt + " " + tail).strip()]
    return {"key": ("lesson", svc["id"], sym), "forms": forms, "parts": [p1, tail] if tail else None,
            "tags": ["lessons", svc["name"]], "project": svc["product"]}


# Every topic is scoped (a project, a team, the person met) and gets one outcome in the whole
# vault, so two meetings never state the same or opposite outcomes about one thing.
TOPICS = [("the {proj} roadmap", ["we agreed to cut the reporting feature", "mobile gets two more engineers",
                                  "the roadmap review moves to next month"]),
          ("hiring for {proj}", ["the role opens in the Lisbon office", "the take-home test gets shorter",
                                 "we want someone with payments experience"]),
          ("data retention in {proj}", ["legal wants 90 days at most for raw logs", "backups stay encrypted at rest"]),
          ("the partner API for {proj}", ["they need webhooks before they sign",
                                          "we promised a sandbox by the end of the month"]),
          ("on-call load on the {team} team", ["night pages go to the secondary first", "a third person joins the rotation"]),
          ("the {proj} design review", ["the new navigation needs another round", "icons will come from the design system"]),
          ("{his} career plans", ["a staff role is the goal for next year", "more mentoring time would help"]),
          ("the {team} team's budget for next year", ["cloud costs have to drop by 15 percent", "travel is frozen until March"]),
          ("the {proj} accessibility audit", ["the checkout forms fail contrast checks", "icons lack alt text"]),
          ("the {proj} migration plan", ["the old data centre goes read-only first", "each team migrates its own services"]),
          ("the {proj} pricing test", ["the annual plan discount goes to 20 percent", "the test runs for four weeks"]),
          ("the {team} support backlog", ["two engineers rotate onto support each sprint", "refund requests get a canned reply"]),
          ("the {team} team offsite", ["it will be in Porto in the autumn", "the agenda is due two weeks before"]),
          ("the {proj} security review", ["all admin endpoints need audit logs", "the pen test is booked for spring"])]
MEETING_SHAPES = [("Met {P} on {date} to talk about {topic}: {out}.", "Meeting with {P} ({date}) about {topic} — {out}."),
                  ("Call with {P} on {date} about {topic}. Outcome: {out}.", "{date}, call with {P} re {topic}: {out}."),
                  ("Lunch with {P} on {date}, talking about {topic}; {out}.",
                   "Talked {topic} with {P} over lunch on {date}; {out}.")]


def f_meeting(r, w):
    p = w.colleague()
    date = date_phrase(r)
    template, outcomes = pick(r, TOPICS)
    topic = template.format(proj=w.any("project")["s"], team=w.any("team")["s"], his=p["his"])
    out = pick(r, outcomes)
    a, b = pick(r, MEETING_SHAPES)
    slots = {"P": p["S"], "date": date, "topic": topic, "out": out}
    scope = topic.replace(p["his"] + " career", p["id"] + " career")
    return {"key": ("meeting", p["id"], date), "also": [("meeting-topic", scope)],
            "forms": [render(a, slots), render(b, slots)], "tags": ["meetings"], "project": None}


TASKS = ["renew the domain for the {x} docs site", "send the invoice to {p}", "book the flights to {c}",
         "review {p}'s pull request on {x}", "call {p} about the contract", "update the on-call schedule for {x}",
         "file the expense report for the {c} trip", "order a birthday present for {p}", "renew the passport",
         "cancel the free trial of the {x} monitoring tool", "back up the photos from the {c} trip",
         "prepare the slides for the {x} demo", "pay the car insurance", "book a table for {p}'s farewell",
         "send {p} the notes from the {x} postmortem", "submit the talk proposal for the {c} meetup",
         "water the neighbors' plants while they are in {c}", "return the library books", "get the bike serviced",
         "ask {p} for the {x} access token"]


def f_reminder(r, w):
    t = pick(r, TASKS)
    p = w.colleague() if ("pull request" in t or "token" in t or "postmortem" in t) else w.any("person")
    svc = w.any("service")
    task = t.format(x=svc["name"], c=pick(r, CITIES), p=p["S"])
    date = date_phrase(r)
    shapes = [("Remind the user to {t} before {d}.", "The user needs to {t} by {d}."),
              ("Todo for the user: {t} (due {d}).", "By {d} the user has to {t}."),
              ("Don't let the user forget to {t}; deadline {d}.", "The user should {t} before {d}.")]
    a, b = pick(r, shapes)
    return {"key": ("task", task), "forms": [a.format(t=task, d=date), b.format(t=task, d=date)],
            "tags": ["reminders"], "project": None}


WORKFLOWS = [("rotate the API keys of {S}", ["run the rotate-keys job in CI", "restart the pods one by one",
                                              "update the key in the secrets manager", "check the error rate for ten minutes"]),
             ("reindex {S}", ["scale the workers to zero", "run the reindex task against a replica",
                              "swap the index alias", "scale the workers back up"]),
             ("run {S} locally", ["start the dependencies with docker compose", "copy .env.example to .env",
                                  "run make dev", "load fixtures with make fixtures"]),
             ("add a column to the {s} database", ["write an expand migration", "deploy it before the code change",
                                                   "backfill in chunks of ten thousand", "add the constraint last"]),
             ("debug {S} in staging", ["port-forward the pod", "turn on debug logging with the feature flag",
                                       "attach the debugger from the IDE", "turn the flag off again when done"]),
             ("release {S}", ["tag the commit on main", "wait for the canary to stay green for 30 minutes",
                              "promote the canary", "post in the release channel"]),
             ("roll back {S}", ["find the last good image tag", "redeploy it with the rollback job",
                                "freeze the pipeline", "open an incident ticket"]),
             ("onboard someone to {S}", ["give them read access to the repo", "pair on one small ticket",
                                          "walk through the dashboards", "add them to the on-call shadow rotation"])]


def f_workflow(r, w):
    svc = w.any("service")
    task, steps = pick(r, WORKFLOWS)
    k = r.randint(2, 3)
    idx = sorted(r.sample(range(len(steps)), k))
    chosen = [steps[i] for i in idx]
    tname = fill(task, svc)
    seq = ", then ".join(chosen)
    main = f"To {tname}: {seq}."
    alt = f"How to {tname}: " + "; ".join(f"{i + 1}) {c}" for i, c in enumerate(chosen)) + "."
    return {"key": ("workflow", svc["id"], task), "forms": [main, alt], "tags": ["howto", svc["name"]],
            "project": svc["product"]}


TRIPS = ["a work trip", "a long weekend", "a family visit", "a conference", "a wedding", "a team offsite",
         "a friend's birthday"]
HOTELS = ["a small hotel near the station", "an apartment in the old town", "a friend's place", "the conference hotel",
          "a B&B by the beach", "a hostel near the university", "the user's aunt's flat"]


def f_trip(r, w):
    """At most one trip per half month, so no two trips overlap."""
    city = pick(r, CITIES)
    kind = pick(r, TRIPS)
    half = r.randint(0, 1)
    d1 = r.randint(1, 8) + 14 * half
    month = pick(r, MONTHS)
    d2 = d1 + r.randint(2, 5)
    hotel = pick(r, HOTELS)
    main = f"The user is going to {city} for {kind} from {d1} to {d2} {month}, staying at {hotel}."
    alt = f"Trip: {city}, {d1}–{d2} {month} ({kind}); accommodation is {hotel}."
    return {"key": ("trip", month, half), "forms": [main, alt], "tags": ["travel"], "project": None}


BUYS = [("a standing desk", "the office shop"), ("new running shoes", "the sports outlet"), ("a road bike", "Spoke & Chain"),
        ("a dishwasher", "the appliance store"), ("a 27-inch monitor", "an online shop"), ("a tent", "the outdoor store"),
        ("wireless headphones", "the airport shop"), ("a coffee grinder", "Bean Theory"),
        ("winter tyres", "the garage"), ("a mechanical keyboard", "a small shop in Utrecht"),
        ("a child seat for the bike", "Velo Garage"), ("a cast-iron pan", "the market"), ("an e-reader", "the electronics store"),
        ("a rain jacket", "the outdoor store"), ("a robot vacuum", "an online shop"), ("a drill", "the DIY store")]


def f_purchase(r, w):
    item, shop = pick(r, BUYS)
    date = date_phrase(r)
    years = r.choice([1, 2, 3, 5])
    price = r.choice([89, 120, 149, 199, 240, 320, 450, 699])
    main = f"Bought {item} from {shop} on {date} for {price} euros; the warranty runs {years} years."
    alt = f"{item[0].upper() + item[1:]} bought on {date} at {shop}, {price} euros, {years}-year warranty."
    return {"key": ("buy", item), "forms": [main, alt],
            "parts": [f"Bought {item} from {shop} on {date} for {price} euros.",
                      f"The warranty on the {item.split(' ', 1)[1]} runs {years} years."],
            "tags": ["home", "purchases"], "project": None}


BUGS = [("the CSV export", ["drops the last row", "cuts off at 65,536 rows", "writes dates the US way"],
         ["the file has more than 65k rows", "a field contains a line break", "the browser locale is German"]),
        ("the login redirect", ["loops back to the start page", "lands on a blank page"],
         ["the session cookie expires mid-flow", "Safari blocks third-party cookies", "the user has two tabs open"]),
        ("the invoice PDF", ["shows garbled characters", "puts the VAT on the wrong line"],
         ["the customer name has accents", "the invoice has more than one currency"]),
        ("search autocomplete", ["returns nothing", "freezes the tab"],
         ["the query ends with a space", "the query has an apostrophe", "the catalog is reindexing"]),
        ("push notifications", ["never arrive", "arrive twice"],
         ["the phone is in low-power mode", "the app was updated overnight", "the user has two devices"]),
        ("the date picker", ["shows the wrong day", "jumps a month ahead"],
         ["the browser locale is Arabic", "the daylight saving change happens overnight"]),
        ("the cart total", ["is off by one cent", "ignores the discount"],
         ["a coupon and a gift card are combined", "the quantity is above 99"]),
        ("image uploads", ["fail with a 413", "come out rotated"], ["the photo is HEIC", "the file is larger than 20 MB"]),
        ("the retry logic", ["retries forever", "gives up after one attempt"],
         ["the upstream sends 429 without Retry-After", "the connection resets mid-response"]),
        ("the nightly sync", ["skips records", "creates duplicates"],
         ["a record is deleted while the sync runs", "two syncs run at once after a slow night"]),
        ("the password reset email", ["goes to spam", "has an expired link"],
         ["the user's domain has strict DMARC", "the email is opened after 15 minutes"]),
        ("pagination", ["repeats items across pages", "skips the last page"],
         ["items are added while paging", "the page size is 100"])]
BUG_STATUS = ["Not fixed yet.", "Fix is in review.", "Workaround: ask support to re-run it.", "Marked as wontfix for now.",
              "Fixed in the last release.", ""]


def f_bug(r, w):
    svc = w.any("service")
    what, hows, whens = pick(r, BUGS)
    how, when = pick(r, hows), pick(r, whens)
    status = pick(r, BUG_STATUS)
    ticket = f"{pick(r, ['ENG', 'WEB', 'PAY', 'OPS', 'APP'])}-{r.randint(100, 9999)}"
    main = render(f"{ticket}: {what} in {svc['S']} {how} when {when}.", {})
    alt = render(f"In {svc['S']}, {what} {how} if {when} ({ticket}).", {})
    forms = [(main + " " + status).strip(), (alt + " " + status).strip()]
    return {"key": ("bug", ticket), "also": [("bug-area", svc["id"], what)], "forms": forms,
            "parts": [main, status] if status else None,
            "tags": ["bugs", svc["name"]], "project": svc["product"]}


REVIEW_CHANGE = ["adds retries to the HTTP client", "partitions the orders table", "moves config to environment variables",
                 "replaces the cron job with a queue", "adds rate limiting per tenant", "removes the old v1 endpoints",
                 "introduces a read replica", "caches the product list", "rewrites the CSV importer",
                 "adds OpenTelemetry tracing", "changes the session timeout", "upgrades the ORM"]
REVIEW_ASK = ["a load test before merging", "smaller commits", "a feature flag around it", "a migration rollback plan",
              "tests for the error paths", "a note in the changelog", "metrics on the new code path",
              "a second reviewer from the owning team", "docs for the new setting", "a comparison against main"]


def f_review(r, w):
    svc = w.any("service")
    p = w.colleague()
    change, ask = pick(r, REVIEW_CHANGE), pick(r, REVIEW_ASK)
    main = render(f"{p['S']} reviewed the {svc['name']} PR that {change} and asked for {ask}.", {})
    alt = render(f"Review feedback from {p['S']} on the {svc['name']} change that {change}: wants {ask}.", {})
    return {"key": ("review", svc["id"], change, p["id"]), "forms": [main, alt], "tags": ["code-review", svc["name"]],
            "project": svc["product"]}


APPTS = [("dentist", ["Dr. Silva", "Dr. Novak", "Dr. Reyes"]), ("GP", ["Dr. Okafor", "Dr. Lund"]),
         ("physio", ["Marta at the sports clinic", "the clinic on Mill Lane"]), ("haircut", ["the barber on Canal Street"]),
         ("car service", ["the garage on Oak Avenue"]), ("vet", ["the vet on Bridge Street"]),
         ("eye test", ["the optician at Station Square"]), ("bank", ["the mortgage adviser"])]


def f_appointment(r, w):
    kind, withs = pick(r, APPTS)
    who = withs[0]  # one dentist, one GP ...: the user has one of each
    date = date_phrase(r)
    time = pick(r, TIMES)
    main = f"The user's {kind} appointment is on {date} at {time} with {who}."
    alt = f"{kind[0].upper() + kind[1:]}: {date}, {time}, {who}."
    return {"key": ("appt", kind, date), "forms": [main, alt], "tags": ["calendar", "personal"], "project": None}


RECS = [("book", ["The Overstory", "Piranesi", "A Philosophy of Software Design", "Project Hail Mary",
                  "Klara and the Sun", "The Dispossessed", "Designing Data-Intensive Applications", "Educated"],
         ["because of the ending", "as the best thing they read this year", "for a long train ride", "as a gift idea",
          "for the chapters on trade-offs", ""]),
        ("podcast", ["Software Misadventures", "The Rest Is History", "Hidden Brain", "Darknet Diaries"],
         ["for the commute", "especially the older episodes", "for long runs", ""]),
        ("series", ["Severance", "Slow Horses", "The Bear", "Shōgun", "Dark"],
         ["especially the second season", "for the characters", "to watch with subtitles on", ""]),
        ("restaurant", ["Casa Verde", "Pho Lan", "Osteria Lupo", "Masa", "Dosa Corner"],
         ["for the lunch menu", "for a birthday dinner", "if you sit on the terrace", ""])]


def f_recommendation(r, w):
    kind, titles, whys = pick(r, RECS)
    title = pick(r, titles)
    p = w.any("person")
    why = pick(r, whys)
    main = f"{p['S']} recommended the {kind} {title}" + (f" {why}" if why else "") + "."
    alt = f"{kind[0].upper() + kind[1:]} tip from {p['S']}: {title}" + (f" ({why})" if why else "") + "."
    return {"key": ("rec", p["id"], title), "forms": [main, alt], "tags": ["recommendations"], "project": None}


WORK_ON = ["the {s} rate limiter", "moving {s} to the new hosting", "the {s} API docs", "a flaky test suite in {s}",
           "the {s} dashboard", "removing dead code from {s}", "the {s} on-call runbook", "a memory leak in {s}",
           "the {s} schema cleanup", "paging fatigue from {s} alerts"]
BLOCKED = ["waiting for security sign-off", "blocked on a staging database refresh", "needs design input",
           "waiting on the data team", "should be done by Friday", "paused until after the release",
           "needs another pair of hands", "going faster than planned"]


def f_worklog(r, w):
    svc = w.any("service")
    p = w.colleague()
    what = pick(r, WORK_ON).format(s=svc["name"])
    status = pick(r, BLOCKED)
    date = date_phrase(r)
    main = f"As of {date}, {p['S']} is working on {what}; {status}."
    alt = f"{p['S']} — {what} ({status}, {date})."
    return {"key": ("worklog", what), "forms": [main, alt], "tags": ["status", svc["name"]],
            "project": svc["product"]}


FREES = [
    Free("outing", 1.3, f_outing, "event", "episodic", "journal", ["personal"]),
    Free("incident", 1.0, f_incident, "event", "episodic", "incidents", ["incidents"]),
    Free("lesson", 0.6, f_lesson, "lesson", "procedural", "runbooks", ["lessons"]),
    Free("meeting", 0.9, f_meeting, "event", "episodic", "meetings", ["meetings"]),
    Free("reminder", 0.7, f_reminder, "goal", "prospective", "todo", ["reminders"]),
    Free("workflow", 0.4, f_workflow, "workflow", "procedural", "runbooks", ["howto"]),
    Free("trip", 0.5, f_trip, "event", "prospective", "travel", ["travel"]),
    Free("purchase", 0.2, f_purchase, "fact", "episodic", "home", ["home"]),
    Free("bug", 0.9, f_bug, "fact", "semantic", "bugs", ["bugs"]),
    Free("review", 0.7, f_review, "event", "episodic", "reviews", ["code-review"]),
    Free("appointment", 0.4, f_appointment, "event", "prospective", "calendar", ["calendar"]),
    Free("recommendation", 0.4, f_recommendation, "fact", "semantic", "recommendations", ["recommendations"]),
    Free("worklog", 0.7, f_worklog, "event", "episodic", "status", ["status"]),
]

EVENT_SRC = Free("event-pair", 0, None, "event", "episodic", "journal", ["personal"])


def event_pair(r, w):
    """Two outings of the same kind at the same place, other company, other day: both happened."""
    act = pick(r, list(ACTIVITIES))
    where, details = ACTIVITIES[act]
    place = pick(r, where)
    p1, p2 = r.sample(w.people(), 2)
    if r.random() < 0.5:
        d1, d2 = r.sample(ALLDAYS[4:] + ["Friday evening", "Thursday evening", "Monday evening"], 2)
    else:
        d1, d2 = date_phrase(r), date_phrase(r)
    shape = OUTING_SHAPES[act][0]
    a = render(shape, {"place": place, "who": p1["s"], "when": "on " + d1})
    b = render(shape, {"place": place, "who": p2["s"], "when": "on " + d2})
    episode = [d for d in details if not d.startswith("!")]
    if r.random() < 0.6 and len(episode) >= 2:
        da, db = r.sample(episode, 2)
        a, b = a + " " + da, b + " " + db
    return {"key": ("eventpair", act, place, p1["id"], p2["id"]), "a": a, "b": b, "tags": ["personal"]}


# ---------------------------------------------------------------- generated chats (life updates)
# A chat is 2-5 turns around the one planted turn. Every turn goes through the vault's
# near-duplicate gate (w.fits), so turns are put together from parts and tried until one fits.
GREET = ["Hey {s}!", "{s}!", "Hi {s}!", "Morning {s}!", "Evening {s}!", "Hey you!", "{s}, hi!", "Hello stranger!"]
ASK = ["It's been forever. How are you doing?", "What's new with you?", "How have things been since the spring?",
       "I was just looking at photos from {o_city} and thought of you.", "Sorry I went quiet after the {o_thing}. How are you?",
       "Did you survive the week?", "Are we still on for coffee at some point?",
       "I owe you a message since your birthday. Catch me up?", "Quick one before my next meeting: how's everything?",
       "Random question, are you around next weekend?", "How did the {o_thing} go?", "Are you still doing the Tuesday runs?",
       "I just saw your photos from {o_city}! When was that?", "Long time! How's the family?", "Any plans for {o_month}?"]
LEAD1 = ["Big news, actually!", "Okay, so.", "Oh, there's one thing I didn't tell you.",
         "Honestly, it's been a wild couple of months.", "Not much, except the big thing.", "So much has changed!",
         "Good! Tired, but good.", "Where do I start?", ""]
EXTRA1 = {
    "city": ["Still unpacking boxes.", "The neighborhood is lovely.", "My plants did not survive the van.",
             "I don't know anyone yet, so visit!", "The flat is tiny but bright.", "I can see the river from the kitchen.", ""],
    "job": ["First week was a blur.", "I get my own team, which is scary.", "The commute is longer, but worth it.",
            "They gave me a ridiculous laptop.", "My new boss is great so far.", ""],
    "partner": ["I'm a bit nervous telling people.", "You'd like them, I promise.", "It feels really easy.",
                "Mum already approves, which is a first.", ""],
}
BRIDGE3 = ["Good, thanks!", "All fine here.", "Busy, but fine.", "Can't complain.", "Oh, before I forget.",
           "I have gossip.", ""]
EXTRA3 = {
    "city": ["{He} seemed really happy about it.", "Apparently the flat has a garden.", "{He} sold the car before leaving.", ""],
    "job": ["{He} sounded relieved.", "It's a step up, from what I heard.", "{He} starts next month, I think.", ""],
    "partner": ["{He} looked happy in the photos.", "I only found out through Instagram.", ""],
}
REACT = {
    "city": ["No way! {city}? What made you pick it?", "Wow, {city}! I didn't see that coming. Do you like it so far?",
             "{city}, seriously? That's a big move. How's the new place?", "Oh wow. So no more {old_city} for you?",
             "That's huge, {s}. Is {city} expensive?", "I'm jealous, I always wanted to live in {city}.",
             "Wait, you actually did it! How's the flat in {city}?", "Do you miss {old_city} at all?"],
    "job": ["Congrats! {org} is a great place. When did you decide?", "That's amazing news. How's the team at {org}?",
            "Wow, finally out of {old_org}! Do you miss anything there?", "{org}! Is it remote or in the office?",
            "Good for you. What's the hardest part of the new job?", "So proud of you. You earned that one.",
            "What does a week at {org} look like?", "Did {old_org} try to keep you?"],
    "partner": ["Oh! I'm sorry about {old_partner}, but I'm glad you're happy. Where did you meet {partner}?",
                "That's lovely. Can't wait to meet {partner}!", "Wow, a lot has happened. Are you okay?",
                "{partner}? Tell me everything.", "Honestly you sound really happy. That's what matters.",
                "How did {old_partner} take it?"],
}
REACT3 = {
    "city": ["Really? I thought {s} loved {old_city}.", "Huh, {city}. Good for {him} though.",
             "I had no idea. We should visit {him} there.", "Wait, when did that happen? {He} never said a word.",
             "{city} suits {him}, honestly."],
    "job": ["Oh nice, {he} was unhappy at {old_org} for ages.", "Good for {him}. {org} pays well, I heard.",
            "I had no idea {he} was even looking.", "That explains why {he}'s been so busy.", "About time {he} left."],
    "partner": ["Oh wow, I didn't know they broke up.", "Huh. Have you met {partner}?", "I hope {he}'s doing alright.",
                "That's news to me. {He} seemed happy with {old_partner}.", "Good for {him}, really."],
}
DETAIL1 = {
    "city": ["The rent is lower and I can walk everywhere.", "My commute is ten minutes now, it's unreal.",
             "I found a flat with a balcony, so I'm mostly out there.", "Still figuring out the buses, but I love the food here.",
             "Honestly the hardest part was selling the furniture.", "There's a market right under my window on Saturdays."],
    "job": ["The team is small but really kind.", "It's a lot more responsibility, but I needed that.",
            "The office is right by the river, I have lunch outside every day.",
            "Onboarding was a mess, but it's getting better.", "The pay is better and nobody emails me at night."],
    "partner": ["We met at a friend's barbecue, of all places.", "It's still early, but it feels easy.",
                "We've been cooking together a lot.", "We're going away for a weekend next month."],
}
DETAIL3 = {
    "city": ["{He} said the rent there is half of what {he} paid.", "Apparently {he} found a flat near the old harbour.",
             "{He} wants us to come for a weekend in {o_month}."],
    "job": ["{He} starts with a team of six, I think.", "{He} told me the hiring process took two months.",
            "The new office is across town from {his} old one."],
    "partner": ["They met through work, I think.", "{He} posted a photo from a trip with {partner}.",
                "{He} said it's serious this time."],
}
CLOSERS = ["We have to celebrate properly. Dinner soon?", "Send me pictures! And call me this weekend.",
           "I'm so happy for you. Let's catch up properly soon.", "Okay, I have to run, but I want the full story next time.",
           "Let me know when you have a free evening.", "Give me a shout when you're back in town."]
CLOSERS3 = ["Let's message {him} this weekend.", "We should send {him} something nice.",
            "I'll ask {him} about it on Friday.", "Remind me to call {him}."]
OTHERS_THING = ["conference", "wedding", "move", "holidays", "marathon", "launch", "exam", "trip"]


def _first_fit(r, w, options, slots, taken):
    """The first option (in random order) whose text passes the gate and is not close to this chat's own turns."""
    order = list(options)
    r.shuffle(order)
    for o in order:
        text = render(o, slots).strip()
        if text and w.fits(text) and all(w.close(text, t) is False for t in taken):
            return text
    return None


def _combos(r, heads, cores, tails, n=40):
    out = []
    for _ in range(n):
        out.append(" ".join(x for x in (pick(r, heads), pick(r, cores), pick(r, tails)) if x))
    return out


def chat(r, w, e, a, slots, first_person):
    kind = a.key
    friends = [p for p in r.sample(w.people(), 3) if p["id"] != e["id"]][:2]
    f1 = friends[0]
    s = dict(slots)
    s["o_city"] = pick(r, CITIES)
    s["o_thing"] = pick(r, OTHERS_THING)
    s["o_month"] = pick(r, MONTHS)
    turns = []
    said = []

    def add(speaker, text):
        turns.append((speaker, text))
        said.append(text)

    def can(who):
        return not turns or turns[-1][0] != who["s"]

    if first_person:
        participants = [f1["S"], e["S"]]
        opener = _first_fit(r, w, _combos(r, GREET, ASK, [""]), s, said)
        if opener:
            add(f1["s"], opener)
        core = _first_fit(r, w, _combos(r, LEAD1, a.chat1, EXTRA1[kind]), s, said)
        if core is None:
            return None
        planted = len(turns)
        add(e["s"], core)
        for who, bank, p in ((f1, REACT[kind], 1.0), (e, DETAIL1[kind], 0.8), (f1, CLOSERS, 0.6)):
            if r.random() < p and can(who):
                text = _first_fit(r, w, bank, s, said)
                if text:
                    add(who["s"], text)
    else:
        f2 = friends[1]
        participants = [f1["S"], f2["S"]]
        s2 = dict(s)
        s2["s"] = f2["s"]
        opener = _first_fit(r, w, _combos(r, GREET, ASK, [""]), s2, said)
        if opener:
            add(f1["s"], opener)
        core = _first_fit(r, w, _combos(r, BRIDGE3, a.chat3, EXTRA3[kind]), s, said)
        if core is None:
            return None
        planted = len(turns)
        add(f2["s"], core)
        for who, bank, p in ((f1, REACT3[kind], 1.0), (f2, DETAIL3[kind], 0.7), (f1, CLOSERS3, 0.5)):
            if r.random() < p and can(who):
                text = _first_fit(r, w, bank, s, said)
                if text:
                    add(who["s"], text)
    return {"participants": participants, "turns": turns, "planted": planted}
