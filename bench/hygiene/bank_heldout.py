"""Template bank of the HELDOUT split: an applied-ML research group (datasets, models and
training runs, lab equipment, papers and grants, group conventions) and the owner's private
life (sailing, choir, allotment, climbing, chess; relatives and friends). Note-style phrasing
in the owner's own voice ("I", "my", "our group"), 24-hour times, colons and dashes, terse
lines. It shares no names, subjects or sentence shapes with bank_dev.py.
"""
from bankkit import Attr, EType, Free, a_an, fill, person_slots, thing_slots, render

F_NAMES = """Agnieszka Birgit Catalina Dagny Edda Fleur Gudrun Henrike Ingrid Jovana Katarzyna Liesel Malin Nkechi
Orla Pernille Radka Signe Tamsin Ulla Vesna Wiebke Yuki Zofia Aoife Brigid Coralie Dagmar Elspeth Femke Gwen Hedda
Imke Jorunn Kamala Liv Mirela Nanna Odette Ragna Saoirse Thandiwe Una Vigdis Wanjiru Ximena Ysolde Zuzana Annika
Beate Cosima Ditte Eila Frida""".split()
M_NAMES = """Anders Bartosz Cormac Dusan Eamon Fredrik Goran Halvard Ilkka Jurgen Kasimir Lorcan Mads Njal Ottar
Piotr Radek Sindre Tadeusz Ulf Vaclav Wojtek Yannick Zoltan Arvid Bjarne Casimir Davor Erling Florin Grigor Hamish
Iker Jarek Kristof Leif Mikkel Nandor Odhran Pavel Ragnar Sigurd Torsten Uwe Valter Wilhelm Yorick Zdenek Alvar
Brede Colm Dagfinn""".split()
SURNAMES = """Aaltonen Baranski Ciobanu Drummond Eklund Fairweather Gunnarsson Holloway Iversen Jaworski Kovacs
Lindgren MacAulay Nyberg Oduya Pajari Rasmussen Sorensen Tamm Uusitalo Vukovic Whitlock Yeoman Zeller Ahlberg Bakker
Corrigan Dvorak Engstrom Forsyth Gallagher Halloran Ilves Jablonski Karlsen Laine Mulligan Nordin ORourke Pohl
Ruotsalainen Strand Tverberg Underhill Virtanen Wachowski Ylonen Zajac Achterberg Blom Cullen Dahlberg Eriksen Fogarty
Grieg Haugen Inglis Juhl Kettunen Lachance Moberg Nagy Olafsson Prentice Quigley Rydberg Sveen Torvik Uhlig Vermeulen
Wennberg Yoder Zwart Arnesen Brolin Carrick Dunphy Elvestad Falkner Gjerde Hartigan""".split()
SURNAMES = ["O'Rourke" if s == "ORourke" else s for s in SURNAMES]

CITIES = """Kyoto Tampere Trieste Lille Cluj Ljubljana Halifax Boulder Dunedin Bergen Lucerne Toulouse Genoa Riga
Vilnius Uppsala Tartu Leipzig Dresden Aachen Grenoble Innsbruck Salzburg Wroclaw Poznan Debrecen Split Plovdiv
Thessaloniki Coimbra Braga Galway Aberdeen Cardiff Newcastle Eindhoven Leuven Delft Trondheim Stavanger Oulu Turku
Gothenburg Odense Freiburg Heidelberg Ottawa Wellington Hobart Reykjavik""".split()
ORG_ROLES = {
    "research": (["Greyhaven Institute", "Skerry Point Labs", "Tessellate AI", "Vireo Research", "Polar Echo"],
                 ["postdoc", "research engineer", "statistician", "PhD student", "principal investigator",
                  "data steward", "ML engineer"]),
    "bio": (["Cairn Biosciences", "Ferncliff Pharma", "a seed vault", "Brackenridge Infirmary"],
            ["lab technician", "biostatistician", "clinical data manager", "field ecologist", "study coordinator"]),
    "public": (["the national weather institute", "the statistics office", "the university press", "a county archive"],
               ["meteorologist", "survey methodologist", "proofreader", "archivist", "curator"]),
    "industry": (["Nordmark Instruments", "a shipyard", "a wind park operator", "a brewery", "a translation bureau"],
                 ["quality inspector", "procurement officer", "office manager"]),
}
OWN_ROLES = {"a shipyard": ["hull designer"], "a wind park operator": ["turbine engineer"], "a brewery": ["brewer"],
             "a translation bureau": ["localisation lead"], "Nordmark Instruments": ["firmware engineer"]}
ORGS = [o for group in ORG_ROLES.values() for o in group[0]]
SPOUSE_F = "Annelie Berit Caja Dorthe Elin Gerd Hilde Ida Johanna Karin Lene Mette Nelli Rikke Solveig Trine Vibeke".split()
SPOUSE_M = "Aksel Bendik Christer Didrik Einar Geir Harald Jens Kjell Lasse Morten Torbjorn Oddvar Roar Svein Tor Vidar".split()
DAYS = ["Mon", "Tue", "Wed", "Thu", "Fri"]
DAYNAMES = {"Mon": "Monday", "Tue": "Tuesday", "Wed": "Wednesday", "Thu": "Thursday", "Fri": "Friday",
            "Sat": "Saturday", "Sun": "Sunday"}
ALLDAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]
MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
CLOCK = ["08:00", "08:30", "09:00", "09:30", "10:00", "10:30", "11:00", "13:00", "13:30", "14:00", "15:00", "15:30",
         "16:00", "16:30"]


def pick(r, xs):
    return r.choice(xs)


def iso_day(r):
    return f"{r.randint(1, 28):02d}.{r.randint(1, 12):02d}"


def month_day(r):
    return f"{pick(r, MONTHS)} {r.randint(1, 28)}"


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
            e["colleague"] = r.random() < 0.35  # a member of my research group
            return e
    return None


GROUP_TIES = ["our group's journal club", "the shared office on the third floor", "the group retreat in " ,
              "co-teaching the statistics course", "the lab's Friday cake rota"]
GROUP_ROLES = ["postdoc", "PhD student", "research engineer", "lab technician", "data steward", "statistician"]


def g_tie(r, e, w):
    if e.get("colleague"):
        t = pick(r, GROUP_TIES)
        return {"tie": t + pick(r, CITIES) if t.endswith(" ") else t}
    ties = ["the sailing club", "choir", "my PhD years in " + pick(r, CITIES), "the allotment association",
            "my sister's wedding", "the climbing hall", "a summer school in " + pick(r, CITIES), "the chess club",
            "the parents' committee at school", "my old lab", "a hackathon in " + pick(r, CITIES), "the village fire brigade",
            "the reading group", "an ethics committee", "a boat trip years ago", "the neighbours' street party"]
    return {"tie": pick(r, ties)}


def g_base(r, e, w):
    return {"city": pick(r, CITIES), "mon": pick(r, MONTHS)}


def g_employer(r, e, w):
    group = pick(r, list(ORG_ROLES))
    orgs, roles = ORG_ROLES[group]
    org = pick(r, orgs)
    role = pick(r, roles + OWN_ROLES.get(org, []) * 3)
    return {"org": org, "role": role, "a_role": a_an(role), "mon": pick(r, MONTHS)}


def g_spouse(r, e, w):
    fem = r.random() < 0.5
    return {"partner": pick(r, SPOUSE_F if fem else SPOUSE_M), "yrs": str(r.randint(2, 19)), "mon": pick(r, MONTHS)}


def c_spouse(r, e, w, old):
    for _ in range(100):
        new = g_spouse(r, e, w)
        if new["partner"] != old["partner"]:
            return new


INSTR = [("cello", "the university orchestra"), ("viola", "a string quartet"), ("double bass", "a jazz trio"),
         ("oboe", "the town wind band"), ("bodhrán", "a folk session on Thursdays"), ("accordion", "a tango band"),
         ("trombone", "a brass ensemble"), ("harp", "the cathedral choir's concerts"), ("bassoon", "a chamber group")]


def g_instr(r, e, w):
    i, ens = pick(r, INSTR)
    return {"instr": i, "ens": ens}


GRADES = ["5c", "6a", "6a+", "6b", "6b+", "6c", "7a", "7a+", "7b"]


def g_grade(r, e, w):
    return {"grade": pick(r, GRADES)}


def c_grade(r, e, w, old):
    return {"grade": pick(r, [g for g in GRADES if g != old["grade"]])}


NATIVE = ["Estonian", "Slovene", "Icelandic", "Basque", "Welsh", "Catalan", "Romanian", "Lithuanian", "Maori",
          "Faroese", "Frisian", "Latvian", "Irish", "Romansh", "Breton"]
SCHOOLS = ["the Montessori school by the park", "the international school", "the village school",
           "a Steiner school", "the bilingual school uptown", "the music gymnasium"]
KIDS = "Aino Bram Cillian Dunja Eero Fenna Gisli Halla Ivo Jalmari Kaja Linnea Mio Noor Oskari Ylva Runa Sten".split()


def g_child(r, e, w):
    return {"kid": pick(r, KIDS), "school": pick(r, SCHOOLS), "kidrel": pick(r, ["son", "daughter"])}


FOODS = ["wheat", "lactose", "almonds", "raw onion", "mussels", "soy", "alcohol", "red meat"]


def g_avoid(r, e, w):
    return {"food": pick(r, FOODS)}


CROPS = ["leeks", "garlic", "rhubarb", "broad beans", "dahlias", "pumpkins", "potatoes", "blackcurrants", "kale"]


def g_crop(r, e, w):
    a, b = r.sample(CROPS, 2)
    return {"crop1": a, "crop2": b}


CARS = ["an old Saab 900", "a Nissan Leaf", "a Volvo 240", "a VW camper", "a Citroën Berlingo", "a Tesla Model 3",
        "a Fiat Panda", "no car at all"]


def g_car(r, e, w):
    return {"car": pick(r, CARS)}


def g_bday(r, e, w):
    return {"bday": month_day(r)}


def g_hens(r, e, w):
    return {"n": str(r.randint(2, 9))}


PHD = [("sea-ice modelling", "Tromso"), ("bird migration", "Uppsala"), ("medieval Latin", "Leuven"),
       ("protein folding", "Bern"), ("speech recognition", "St Andrews"), ("soil microbes", "Wageningen"),
       ("graph algorithms", "Aalborg"), ("ice-sheet retreat", "Innsbruck"), ("Bayesian survey methods", "Groningen")]


def g_phd(r, e, w):
    t, u = pick(r, PHD)
    return {"topic": t, "uni": u}


REACH = ["Matrix", "Threema", "the landline", "LinkedIn messages", "e-mail only", "SMS", "a Teams chat"]


def g_reach(r, e, w):
    return {"ch": pick(r, REACH)}


def g_off(r, e, w):
    return {"day": pick(r, list(DAYNAMES.values())[:5])}


ROWING = ["the quay rowers", "the university boat crew", "a masters crew", "the fjord rowers"]


def g_row(r, e, w):
    return {"club": pick(r, ROWING), "day": pick(r, ALLDAYS)}


def c_row(r, e, w, old):
    return {"club": old["club"], "day": pick(r, [d for d in ALLDAYS if d != old["day"]])}


PEOPLE_ATTRS = [
    Attr("tie", g_tie, say=["I know {S} from {tie}.", "{S} — we met through {tie}."], pred=["knows me from {tie}"],
         cat="person", tags=["contacts"], group="social", titles=["{S}", "Contact: {s}"], weight=0.6),
    Attr("base", g_base, say=["{S} is based in {city}.", "Home base for {S}: {city}.", "{S} — currently in {city}."],
         pred=["is based in {city}"], differ="city", life=True,
         upd=["{S} left {old_city} for {city} in {mon}.", "New address for {S}: {city}.",
              "{S} is in {city} these days (was {old_city}).", "{S} cleared out of {old_city}; settled in {city} now."],
         chat1=["we moved to {city} in {mon}", "I'm in {city} since {mon}, the {old_city} flat is gone",
                "we sold the {old_city} place and bought a house near {city}", "I live in {city} now"],
         chat3=["{s} has left {old_city}, {he} is in {city} now", "{S} bought a place in {city} and moved in {mon}",
                "{s} went to {city}, the {old_city} job ended", "{s}'s new home is {city}, since {mon}"],
         hist=["Until {year}, {S} was based in {old_city}.", "{S} spent years in {old_city} (until {year}).",
               "{S} studied in {old_city} (left {year})."],
         cat="person", tags=["contacts"], group="place", titles=["{S}: location", "Where is {s}"]),
    Attr("employer", g_employer,
         say=["{S} is with {org} ({role}).", "{S} — {role}, {org}.", "Employer of {S}: {org}; role: {role}."],
         pred=["is {a_role} with {org}"], differ="org", life=True,
         upd=["{S} joined {org} as {role}, leaving {old_org}.", "From {mon} on, {S} is at {org}.",
              "{S} moved on from {old_org}; new employer: {org}."],
         chat1=["I signed with {org}, starting as {role} in {mon}", "I left {old_org}, I'm {a_role} at {org} now",
                "my last day at {old_org} was Friday, {org} starts Monday"],
         chat3=["{s} quit {old_org} and went to {org}", "{S} is {a_role} at {org} these days",
                "{s} took the {org} offer, done with {old_org}"],
         hist=["{S} spent several years at {old_org} (until {year}).", "{year}: {S} still at {old_org}."],
         cat="person", tags=["contacts", "work"], group="work", titles=["{S}: work", "{s} — employer"],
         ok=lambda e: not e.get("colleague")),
    Attr("position", lambda r, e, w: (lambda role: {"role": role, "a_role": a_an(role)})(pick(r, GROUP_ROLES)),
         say=["{S} is {a_role} in our group.", "Our group: {S}, {role}."], pred=["is {a_role} in our group"],
         differ="role", upd=["{S} is {a_role} in the group now (was {old_role}).", "{S} moved from {old_role} to {role}."],
         cat="person", tags=["contacts", "group"], group="work", titles=["{S}: position"],
         ok=lambda e: bool(e.get("colleague"))),
    Attr("spouse", g_spouse, say=["{S} and {partner} are married.", "{S}'s spouse: {partner}.",
                                  "{S} lives with {his} spouse, {partner}."],
         pred=["shares a home with {his} spouse {partner}"], differ="partner", change=c_spouse, life=True,
         upd=["{S} and {old_partner} divorced; {S} remarried, to {partner}.", "{S} separated from {old_partner}; new partner: {partner}.",
              "{S} lives with {partner} now, since the split from {old_partner}."],
         chat1=["{old_partner} and I separated in {mon}, and I've been seeing {partner} since the summer",
                "{partner} and I are together now, the divorce from {old_partner} went through in {mon}"],
         chat3=["{s} and {old_partner} separated, {he} lives with {partner} now",
                "{S} is with {partner} now, since the divorce"],
         hist=["{S} was married to {old_partner} until {year}.", "{S} and {old_partner} divorced in {year}."],
         cat="person", tags=["contacts", "family"], group="family", titles=["{S}: family"]),
    Attr("instrument", g_instr, say=["{S} plays {instr} in {ens}.", "{S} — {instr}, with {ens}."],
         pred=["plays {instr} in {ens}"], cat="person", tags=["contacts", "music"], group="leisure",
         titles=["{s} and music"]),
    Attr("grade", g_grade, change=c_grade, say=["{S} climbs around {grade}.", "Climbing grade for {S}: about {grade}."],
         pred=["climbs around {grade}"], differ="grade",
         upd=["{S} is climbing {grade} now.", "{S} is at {grade} this season."],
         cat="person", tags=["contacts", "climbing"], group="leisure", numeric=True, titles=["{s}: climbing"]),
    Attr("native", lambda r, e, w: {"lang": pick(r, NATIVE)},
         say=["{S}'s first language is {lang}.", "{S} grew up speaking {lang}."], pred=["grew up speaking {lang}"],
         cat="person", tags=["contacts"], group="background", titles=["{s}: languages"]),
    Attr("child", g_child, say=["{S}'s {kidrel} {kid} goes to {school}.", "{kid}, {S}'s {kidrel}, attends {school}."],
         pred=["has a {kidrel}, {kid}, at {school}"], cat="person", tags=["contacts", "family"], group="family",
         titles=["{s}: kids"]),
    Attr("avoid", g_avoid, say=["{S} avoids {food}.", "No {food} for {S} — keep it in mind when cooking."],
         pred=["avoids {food}"], cat="person", tags=["contacts", "food"], group="food", titles=["{s}: food"]),
    Attr("allotment", g_crop, say=["{S} grows {crop1} and {crop2} on an allotment.", "On {S}'s allotment: {crop1}, {crop2}."],
         pred=["grows {crop1} and {crop2} on an allotment"], cat="person", tags=["contacts", "garden"],
         group="leisure", titles=["{s}: allotment"]),
    Attr("car", g_car, say=["{S} drives {car}.", "Car: {S} has {car}."], pred=["drives {car}"], differ="car",
         upd=["{S} swapped {old_car} for {car}.", "{S} drives {car} now."],
         cat="person", tags=["contacts"], group="home", titles=["{s}: car"]),
    Attr("bday", g_bday, say=["Birthday of {S}: {bday}.", "{S} celebrates {his} birthday on {bday}."],
         pred=["has {his} birthday on {bday}"], cat="person", tags=["contacts", "birthdays"], group="dates",
         titles=["Birthday: {s}"]),
    Attr("hens", g_hens, say=["{S} keeps {n} hens in the back garden.", "{n} hens live in {S}'s garden."],
         pred=["keeps {n} hens"], cat="person", tags=["contacts"], group="home", numeric=True, titles=["{s}: hens"]),
    Attr("phd", g_phd, say=["{S} did a PhD on {topic} in {uni}.", "PhD ({uni}) for {S}: {topic}."],
         pred=["did a PhD on {topic} in {uni}"], cat="person", tags=["contacts", "academia"], group="background",
         titles=["{s}: background"]),
    Attr("reach", g_reach, say=["Best way to reach {S}: {ch}.", "{S} answers fastest on {ch}."],
         pred=["answers fastest on {ch}"], differ="ch",
         upd=["{S} asked me to use {ch} going forward.", "Reach {S} on {ch} now — {old_ch} no longer."],
         cat="person", tags=["contacts"], group="social", titles=["Reaching {s}"]),
    Attr("off", g_off, say=["{S} doesn't work on {day}s.", "{S} is off every {day}."], pred=["is off every {day}"],
         differ="day", upd=["{S}'s day off moved to {day}.", "{S} is off on {day}s now."],
         cat="person", tags=["contacts", "calendar"], group="work", titles=["{s}: availability"]),
    Attr("rowing", g_row, change=c_row, say=["{S} rows with {club} on {day} mornings.", "{day} mornings: {S} rows with {club}."],
         pred=["rows with {club} on {day} mornings"], differ="day",
         upd=["{S}'s rowing outing is on {day} mornings now.", "{club} moved {S}'s crew to {day}."],
         cat="person", tags=["contacts", "rowing"], group="leisure", titles=["{s}: rowing"]),
]

# ---------------------------------------------------------------- datasets
DS_NAMES = """dockside-speech street-scenes seagrass-survey bird-calls parish-registers radiology-notes field-plots
tide-gauges sensor-drift shop-receipts traffic-cams loom-defects wind-turbines discharge-letters stream-gauges
insect-traps beetle-elytra coral-frames pollen-counts rail-punctuality snow-depth dialect-interviews legal-summaries
patent-abstracts assembly-manuals herbarium-sheets viaduct-cracks heat-pumps meter-readings buoy-logs""".split()
BUCKETS = ["gs://grp-data-eu", "s3://lab-archive", "/mnt/nas/datasets", "gs://shared-raw", "s3://cold-storage-01",
           "/scratch/datasets", "the institute's Zenodo community"]
LICENSES = ["CC BY 4.0", "CC BY-NC 4.0", "a custom research-only licence", "MIT", "ODbL", "CC0"]
FORMATS = ["Parquet", "WebDataset shards", "JSON lines", "HDF5", "TFRecords", "Arrow files", "zipped PNGs"]
VENDORS = ["an external labelling vendor", "two student assistants", "our own annotation week", "Prolific workers",
           "the clinicians at Brackenridge Infirmary", "a crowdsourcing pilot"]


def make_dataset(r, i, taken, w):
    pool = [n for n in DS_NAMES if n not in taken]
    if not pool:
        pool = [f"{n}-v{k}" for k in (2, 3) for n in DS_NAMES if f"{n}-v{k}" not in taken]
        if not pool:
            return None
    name = pick(r, pool)
    taken.add(name)
    e = thing_slots(f"dataset {name}", name)
    e.update({"id": f"ds:{name}", "tag": name, "proj": pick(r, PROJECT_TAGS)})
    return e


def nums(choices, key="n"):
    def g(r, e, w):
        return {key: str(r.choice(choices))}

    def c(r, e, w, old):
        return {key: str(r.choice([x for x in choices if str(x) != old[key]]))}
    return g, c


g_size, c_size = nums([1200, 4800, 12000, 25000, 60000, 140000, 380000, 1200000])
g_classes, c_classes = nums([3, 5, 8, 12, 20, 37, 102, 250])

DATASET_ATTRS = [
    Attr("size", g_size, change=c_size, say=["{n} labelled examples in {S}.", "{S}: {n} labelled examples.",
                                             "{S} holds {n} labelled examples."],
         pred=["holds {n} labelled examples"], differ="n",
         upd=["{S} now holds {n} labelled examples.", "Recount after cleaning: {S} has {n} labelled examples."],
         cat="fact", tags=["datasets"], group="shape", numeric=True, titles=["{s} — size"]),
    Attr("where", lambda r, e, w: {"bucket": pick(r, BUCKETS)},
         say=["{S} lives under {bucket}.", "Location of {S}: {bucket}.", "{S} is stored in {bucket}."],
         pred=["is stored in {bucket}"], differ="bucket",
         upd=["{S} was migrated from {old_bucket} to {bucket}.", "{S} is under {bucket} since the storage migration."],
         cat="fact", tags=["datasets", "storage"], group="infra", titles=["{s} — location"]),
    Attr("license", lambda r, e, w: {"lic": pick(r, LICENSES)},
         say=["{S} is licensed {lic}.", "Licence for {S}: {lic}."], pred=["is licensed {lic}"], differ="lic",
         upd=["{S} was relicensed as {lic}.", "{S} — licence changed to {lic}."],
         cat="rule", tags=["datasets", "licensing"], group="legal", titles=["{s} — licence"]),
    Attr("curator", lambda r, e, w: {"P": w.colleague()["S"]},
         say=["{S} is curated by {P}.", "Curator of {S}: {P}."], pred=["is curated by {P}"], differ="P",
         upd=["{P} took over curation of {S} from {old_P}.", "{S}: new curator is {P}."],
         cat="person", tags=["datasets"], group="people", titles=["{s} — curator"]),
    Attr("refresh", lambda r, e, w: {"day": pick(r, DAYS)},
         say=["{S} is refreshed every {day} night.", "Refresh of {S}: {day} nights."],
         pred=["is refreshed every {day} night"], differ="day",
         upd=["{S} refreshes on {day} nights now.", "The {s} refresh moved to {day}."],
         cat="workflow", store="procedural", tags=["datasets", "pipelines"], group="infra", titles=["{s} — refresh"]),
    Attr("format", lambda r, e, w: {"fmt": pick(r, FORMATS)},
         say=["{S} is stored as {fmt}.", "Format of {S}: {fmt}."], pred=["is stored as {fmt}"], differ="fmt",
         upd=["{S} was converted from {old_fmt} to {fmt}.", "{S} comes as {fmt} now."],
         cat="fact", tags=["datasets"], group="shape", titles=["{s} — format"]),
    Attr("classes", g_classes, change=c_classes, say=["{S} covers {n} classes.", "Label set of {S}: {n} classes."],
         pred=["covers {n} classes"], differ="n", upd=["{S} was relabelled into {n} classes.", "{S} has {n} classes now."],
         cat="fact", tags=["datasets", "labels"], group="shape", numeric=True, titles=["{s} — labels"]),
    Attr("split", lambda r, e, w: {"split": pick(r, ["80/10/10", "70/15/15", "90/5/5", "60/20/20"])},
         say=["{S} uses a {split} train/val/test split.", "Split for {S}: {split}."], pred=["is split {split}"],
         differ="split", upd=["{S} is re-split {split} now.", "We changed the {s} split to {split}."],
         cat="rule", tags=["datasets", "evaluation"], group="shape", numeric=True, titles=["{s} — split"]),
    Attr("pii", lambda r, e, w: {"pii": pick(r, ["is cleared for external sharing", "contains no personal data",
                                                  "has names replaced by placeholders", "must stay on the EU servers"])},
         say=["{S} {pii}.", "Privacy note on {S}: it {pii}."], pred=["{pii}"], cat="rule", tags=["datasets", "privacy"],
         group="legal", titles=["{s} — privacy"]),
    Attr("labels", lambda r, e, w: {"vendor": pick(r, VENDORS)},
         say=["Labels for {S} come from {vendor}.", "{S} was annotated by {vendor}."], pred=["was annotated by {vendor}"],
         differ="vendor", upd=["{S} is now labelled by {vendor}.", "Annotation of {S} moved to {vendor}."],
         cat="fact", tags=["datasets", "labels"], group="people", titles=["{s} — annotation"]),
]

# ---------------------------------------------------------------- models
MODEL_NAMES = """lark wren finch plover tern gannet curlew dunlin skua fulmar merlin siskin
linnet godwit shrike nightjar bunting redstart whimbrel dipper""".split()
MODEL_SIZES = ["tiny", "small", "base", "large", "xl"]
CLUSTERS = ["Puhti", "the lab's A100 box", "Snellius", "the Jean Zay allocation", "our on-prem H100 node",
            "the department Slurm cluster", "a rented Lambda instance"]
FRAMEWORKS = ["PyTorch Lightning", "plain PyTorch", "JAX with Flax", "Hugging Face Trainer", "Keras"]
METRICS = [("macro-F1", ["0.61", "0.68", "0.72", "0.77", "0.81", "0.84"]), ("WER", ["7.9%", "9.4%", "11.2%", "14.8%"]),
           ("mAP", ["0.42", "0.49", "0.55", "0.63"]), ("AUROC", ["0.88", "0.91", "0.93", "0.95"])]
PRECISION = ["bf16", "fp16 with loss scaling", "fp32", "8-bit Adam states"]
PROJECT_TAGS = ["seabird", "tidewatch", "lexicon", "scanline", "fieldnotes", "groundtruth"]


def make_model(r, i, taken, w):
    for _ in range(100):
        name = f"{pick(r, MODEL_NAMES)}-{pick(r, MODEL_SIZES)}"
        if name not in taken:
            taken.add(name)
            e = thing_slots(f"model {name}", name)
            e.update({"id": f"model:{name}", "tag": name.split("-")[0], "proj": pick(r, PROJECT_TAGS)})
            return e
    return None


g_gpus, c_gpus = nums([2, 4, 8, 16, 32, 64])
g_batch, c_batch = nums([16, 32, 64, 128, 256, 512, 1024, 2048])
g_epochs, c_epochs = nums([3, 5, 10, 20, 30, 50, 100])


def g_lr(r, e, w):
    return {"lr": pick(r, ["1e-3", "3e-4", "1e-4", "5e-5", "2e-5", "6e-4"])}


def c_lr(r, e, w, old):
    return {"lr": pick(r, [x for x in ["1e-3", "3e-4", "1e-4", "5e-5", "2e-5", "6e-4"] if x != old["lr"]])}


def g_score(r, e, w):
    m, vals = pick(r, METRICS)
    return {"metric": m, "val": pick(r, vals)}


def c_score(r, e, w, old):
    vals = dict(METRICS)[old["metric"]]
    return {"metric": old["metric"], "val": pick(r, [v for v in vals if v != old["val"]])}


MODEL_ATTRS = [
    Attr("gpus", g_gpus, change=c_gpus, say=["{S} trains on {n} GPUs.", "GPUs for {S}: {n}.", "Training {S} takes {n} GPUs."],
         pred=["trains on {n} GPUs"], differ="n", upd=["{S} is trained on {n} GPUs now.", "We moved {S} to {n} GPUs."],
         cat="fact", tags=["models", "compute"], group="compute", numeric=True, titles=["{s} — compute"]),
    Attr("lr", g_lr, change=c_lr, say=["Learning rate for {S}: {lr}.", "{S} uses lr {lr}."], pred=["uses lr {lr}"],
         differ="lr", upd=["{S}: lr set to {lr} after the divergence.", "{S} trains with lr {lr} now."],
         cat="fact", tags=["models", "hyperparameters"], group="hparams", numeric=True, titles=["{s} — lr"]),
    Attr("batch", g_batch, change=c_batch, say=["{S} uses a batch size of {n}.", "Batch size, {S}: {n}."],
         pred=["uses a batch size of {n}"], differ="n", upd=["{S} runs with batch size {n} now.", "Batch size of {S} changed to {n}."],
         cat="fact", tags=["models", "hyperparameters"], group="hparams", numeric=True, titles=["{s} — batch size"]),
    Attr("framework", lambda r, e, w: {"fw": pick(r, FRAMEWORKS)},
         say=["{S} is implemented in {fw}.", "Code for {S}: {fw}."], pred=["is implemented in {fw}"], differ="fw",
         upd=["{S} was ported from {old_fw} to {fw}.", "{S} runs on {fw} now."],
         cat="fact", tags=["models", "code"], group="code", titles=["{s} — code"]),
    Attr("cluster", lambda r, e, w: {"cl": pick(r, CLUSTERS)},
         say=["{S} runs on {cl}.", "Compute for {S}: {cl}."], pred=["runs on {cl}"], differ="cl",
         upd=["{S} moved from {old_cl} to {cl}.", "{S} jobs go to {cl} now."],
         cat="fact", tags=["models", "compute"], group="compute", titles=["{s} — cluster"]),
    Attr("ckpt", lambda r, e, w: {"path": pick(r, BUCKETS) + "/ckpt/" + e["s"]},
         say=["Checkpoints of {S} go to {path}.", "{S} checkpoints: {path}."], pred=["writes checkpoints to {path}"],
         cat="fact", tags=["models", "storage"], group="code", titles=["{s} — checkpoints"]),
    Attr("score", g_score, change=c_score, say=["{S} reaches {val} {metric} on the held-out set.",
                                                 "Held-out {metric} of {S}: {val}."],
         pred=["reaches {val} {metric} on the held-out set"], differ="val",
         upd=["After the label fix {S} is at {val} {metric}.", "Re-evaluated {S}: {val} {metric}."],
         cat="fact", tags=["models", "results"], group="results", numeric=True, titles=["{s} — results"]),
    Attr("epochs", g_epochs, change=c_epochs, say=["{S} trains for {n} epochs.", "Epochs for {S}: {n}."],
         pred=["trains for {n} epochs"], differ="n", upd=["{S} is trained for {n} epochs now.", "We set {S} to {n} epochs."],
         cat="fact", tags=["models", "hyperparameters"], group="hparams", numeric=True, titles=["{s} — schedule"]),
    Attr("precision", lambda r, e, w: {"prec": pick(r, PRECISION)},
         say=["{S} trains in {prec}.", "Numerics for {S}: {prec}."], pred=["trains in {prec}"], differ="prec",
         upd=["{S} switched to {prec}.", "{S} uses {prec} since the instability."],
         cat="fact", tags=["models"], group="hparams", titles=["{s} — precision"]),
    Attr("baseline", lambda r, e, w: {"base": pick(r, ["logistic regression on TF-IDF", "a BM25 reranker", "last year's CNN",
                                                         "the vendor's API", "a gradient-boosted tree", "zero-shot CLIP"])},
         say=["{S} is compared against {base}.", "Baseline for {S}: {base}."], pred=["is compared against {base}"],
         cat="fact", tags=["models", "evaluation"], group="results", titles=["{s} — baseline"]),
]

# ---------------------------------------------------------------- equipment
EQUIP = [("the confocal microscope", "microscope"), ("freezer F", "freezer"), ("the plate reader", "reader"),
         ("the thermal cycler", "cycler"), ("the 3D printer", "printer"), ("the drone", "drone"),
         ("the CTD probe", "probe"), ("the centrifuge", "centrifuge"), ("the anechoic booth", "booth"),
         ("the laser cutter", "cutter"), ("the mass spectrometer", "spectrometer"), ("the sediment corer", "corer")]
ROOMS = ["B-104", "B-117", "C-2.09", "C-3.14", "basement lab 0.12", "the field cabin", "A-0.40", "D-1.22"]
BOOKING = ["the lab calendar", "a shared spreadsheet", "the facility portal", "a paper list on the door", "Resource Booker"]


def make_equipment(r, i, taken, w):
    for _ in range(200):
        base, short = pick(r, EQUIP)
        if base == "freezer F":
            name = f"freezer F{r.randint(1, 12)}"
        else:
            name = f"{base} {r.choice(['A', 'B', 'C', 'D'])}"  # always lettered: "the centrifuge" alone would be ambiguous
        if name not in taken:
            taken.add(name)
            e = thing_slots(name, name.replace("the ", ""))
            e.update({"id": f"eq:{name}", "tag": short})
            return e
    return None


EQUIP_ATTRS = [
    Attr("room", lambda r, e, w: {"room": pick(r, ROOMS)}, say=["{S} is in room {room}.", "{S} — room {room}."],
         pred=["sits in room {room}"], differ="room", upd=["{S} was moved to {room}.", "{S} is in {room} since the renovation."],
         cat="fact", tags=["lab"], group="where", titles=["{s}: room"]),
    Attr("book", lambda r, e, w: {"tool": pick(r, BOOKING)}, say=["{S} is booked through {tool}.", "Booking {S}: {tool}."],
         pred=["is booked through {tool}"], differ="tool", upd=["Bookings for {S} go through {tool} now.",
                                                                 "{S} moved from {old_tool} to {tool} for bookings."],
         cat="workflow", store="procedural", tags=["lab", "booking"], group="use", titles=["Booking {s}"]),
    Attr("calib", lambda r, e, w: {"day": pick(r, list(DAYNAMES.values())[:5])},
         say=["{S} gets calibrated every {day}.", "Calibration of {S}: {day}s."], pred=["gets calibrated every {day}"],
         differ="day", upd=["Calibration of {S} is on {day}s now.", "{S} calibration moved to {day}."],
         cat="workflow", store="procedural", tags=["lab", "maintenance"], group="use", titles=["{s}: calibration"]),
    Attr("keeper", lambda r, e, w: {"P": w.colleague()["S"]}, say=["{P} is responsible for {S}.", "Responsible for {S}: {P}."],
         pred=["is looked after by {P}"], differ="P", upd=["{P} took over {S} from {old_P}.", "{S} is {P}'s responsibility now."],
         cat="person", tags=["lab"], group="people", titles=["{s}: contact"]),
    Attr("cap", lambda r, e, w: {"h": str(r.choice([1, 2, 3, 4, 6, 8]))},
         say=["Sessions on {S} are capped at {h} hours.", "{S}: max {h} h per booking."], pred=["is capped at {h} hours per booking"],
         differ="h", upd=["{S} bookings are capped at {h} hours now.", "The cap on {S} went to {h} h."],
         cat="rule", tags=["lab", "booking"], group="use", numeric=True, titles=["{s}: booking cap"]),
    Attr("induction", lambda r, e, w: {"ind": pick(r, ["a safety induction", "a one-hour training with the technician",
                                                        "signing the risk assessment", "a supervised first session"])},
         say=["{S} requires {ind} before first use.", "Before using {S}: {ind}."], pred=["requires {ind} before first use"],
         cat="rule", store="procedural", tags=["lab", "safety"], group="use", titles=["{s}: induction"]),
]

# ---------------------------------------------------------------- research projects (papers, grants) with decisions
PROJ = ["the {t} paper", "the {t} grant", "the {t} study"]
TOPICS = ["seabird counts", "dialect drift", "crack detection", "tide forecasting", "receipt parsing", "pollen maps",
          "turbine faults", "clinical letters", "moth colour patterns", "label noise", "active learning", "OCR of parish registers",
          "coral bleaching", "rail punctuality", "snowpack estimation", "patent search"]
VENUES = ["NeurIPS", "ICLR", "ACL", "EMNLP", "CVPR", "Interspeech", "KDD", "AISTATS", "ICASSP", "LREC"]
FUNDERS = ["the research board", "an EU Horizon call", "the Wellcome Trust", "a national research fund",
           "the Nordic innovation fund", "an industry partner"]


def make_project(r, i, taken, w):
    for _ in range(300):
        t = pick(r, TOPICS)
        shape = pick(r, PROJ)
        v = pick(r, VENUES)
        name = shape.format(v=v, t=t)
        key = (shape, t)
        if key not in taken:
            taken.add(key)
            e = thing_slots(name, t)
            e.update({"id": f"proj:{name}", "tag": t.replace(" ", "-"), "kind": shape.split()[-1],
                      "proj": pick(r, PROJECT_TAGS)})
            return e
    return None


def decision(key, area, options):
    def g(r, e, w):
        tool, alt = r.sample(options, 2)
        return {"tool": tool, "alt": alt, "area": area}
    say = ["Agreed in group meeting: {S} uses {tool} for {area}.", "{S} — {area}: {tool}.",
           "For {S} we settled on {tool} ({area}).", "On {S}, it is {tool} for {area}; {alt} lost out.",
           "Our choice for {area} on {S}: {tool}."]
    rev = ["On {S}, {tool} is out; {alt} handles {area}.", "Stop using {tool} on {S}.",
           "{S}: switched {area} to {alt}.", "No more {tool} in {S} — migrating to {alt}.",
           "{S} has dropped {tool} for {area}."]
    return Attr(key, g, say=say, rev=rev, pred=["settled on {tool} for {area}"], cat="decision",
                tags=["decisions", key], group="method", titles=["{S}: " + area])


def stance(key, say, rev, tags, papers_only=False):
    return Attr(key, lambda r, e, w: {}, say=say, rev=rev, cat="decision", tags=["decisions"] + tags, group="policy",
                titles=["{S}: " + key.replace("-", " ")],
                ok=(lambda e: e["kind"] != "grant") if papers_only else None)


def g_deadline(r, e, w):
    return {"date": month_day(r)}


g_pages, c_pages = nums([4, 6, 8, 9, 10, 12])
g_funds, c_funds = nums([40, 85, 120, 180, 240, 400, 650])

PROJECT_ATTRS = [
    Attr("deadline", g_deadline, say=["Deadline for {S}: {date}.", "{S} is due {date}.", "{S} must be submitted by {date}."],
         pred=["is due {date}"], differ="date", upd=["{S} deadline changed to {date}.", "{S} now due {date}."],
         cat="fact", store="prospective", tags=["papers", "deadlines"], group="plan", titles=["{S}: deadline"]),
    Attr("venue", lambda r, e, w: {"ven": pick(r, VENUES)},
         say=["{S} is aimed at {ven}.", "Target venue for {S}: {ven}."], pred=["is aimed at {ven}"], differ="ven",
         upd=["{S} was retargeted to {ven}.", "We're sending {S} to {ven} instead of {old_ven}."],
         cat="fact", tags=["papers"], group="plan", titles=["{S}: venue"], ok=lambda e: e["kind"] != "grant"),
    Attr("first", lambda r, e, w: {"P": w.colleague()["S"]},
         say=["{P} is first author on {S}.", "First author, {S}: {P}."], pred=["has {P} as first author"], differ="P",
         upd=["{P} is first author on {S} now.", "Authorship of {S} changed: {P} goes first."],
         cat="person", tags=["papers", "authorship"], group="people", titles=["{S}: authors"], ok=lambda e: e["kind"] != "grant"),
    Attr("pages", g_pages, change=c_pages, say=["{S} allows {n} pages.", "Page limit for {S}: {n}."],
         pred=["allows {n} pages"], differ="n", upd=["The page limit for {S} is {n} now.", "{S} may use {n} pages now."],
         cat="rule", tags=["papers"], group="plan", numeric=True, titles=["{S}: format"], ok=lambda e: e["kind"] != "grant"),
    Attr("funds", lambda r, e, w: {**g_funds(r, e, w), "funder": pick(r, FUNDERS)},
         change=lambda r, e, w, old: {**c_funds(r, e, w, old), "funder": old["funder"]},
         say=["{S} is funded with {n}k from {funder}.", "Funding of {S}: {n}k ({funder})."],
         pred=["is funded with {n}k from {funder}"], differ="n",
         upd=["{S} funding revised to {n}k.", "{S} now gets {n}k from {funder}."],
         cat="fact", tags=["grants", "budget"], group="money", numeric=True, titles=["{S}: funding"], ok=lambda e: e["kind"] != "paper"),
    Attr("ethics", lambda r, e, w: {"ref": f"ERC-{r.randint(2019, 2025)}-{r.randint(10, 999):03d}"},
         say=["Ethics approval for {S}: {ref}.", "{S} runs under ethics reference {ref}."],
         pred=["runs under ethics reference {ref}"], cat="rule", tags=["ethics"], group="legal",
         titles=["{S}: ethics"]),
    Attr("meet", lambda r, e, w: {"day": pick(r, DAYS[:4]), "time": pick(r, CLOCK)},  # Friday is my deep-work day
         change=lambda r, e, w, old: {"day": pick(r, [d for d in DAYS[:4] if d != old["day"]]), "time": pick(r, CLOCK)},
         say=["{S} check-in: {day} {time}.", "We meet about {S} on {day} at {time}."], pred=["meets {day} at {time}"],
         differ="day", upd=["{S} check-in moved to {day} {time}.", "New slot for {S}: {day}, {time}."],
         cat="event", store="procedural", tags=["meetings"], group="plan", titles=["{S}: check-in"]),
    decision("tracking", "experiment tracking", ["Weights & Biases", "MLflow", "Neptune", "TensorBoard", "a spreadsheet"]),
    decision("optim", "optimisation", ["AdamW", "Lion", "SGD with momentum", "Adafactor"]),
    decision("dist", "multi-GPU training", ["DeepSpeed", "FSDP", "DDP", "Horovod"]),
    decision("config", "configuration", ["Hydra", "gin", "plain YAML", "argparse options"]),
    decision("loader", "data loading", ["WebDataset", "Hugging Face datasets", "Petastorm", "DALI"]),
    decision("stats", "significance testing", ["bootstrap intervals", "paired t-tests", "permutation tests"]),
    decision("annot", "annotation", ["Label Studio", "Prodigy", "CVAT", "Doccano"]),
    decision("writing", "drafting", ["Overleaf", "a Git repo with LaTeX", "Google Docs", "Typst"]),
    decision("compute", "compute", ["the national cluster", "compute credits", "the lab workstation"]),
    stance("preregister", ["{S} gets pre-registered before data collection.", "Pre-registration: yes, for {S}."],
           ["No pre-registration for {S} after all.", "{S} will not be pre-registered."], ["methods"]),
    stance("open-code", ["Code for {S} will be released under MIT on acceptance.", "{S}: code goes public with the paper."],
           ["{S} code stays internal.", "We won't release the {s} code."], ["open-science"]),
    stance("human-eval", ["{S} includes a human evaluation.", "Human eval is part of {S}."],
           ["Human eval dropped from {S}.", "{S} goes ahead without human evaluation."], ["evaluation"]),
    stance("arxiv", ["{S} goes on arXiv before review.", "Preprint for {S}: yes, arXiv first."],
           ["No preprint for {S} until the decision.", "{S} stays off arXiv during review."], ["open-science"],
           papers_only=True),
]

# ---------------------------------------------------------------- me (one entity) and our group


def me_attr(key, gen, say, upd=(), differ=None, cat="fact", store="semantic", tags=(), group="prefs", numeric=False):
    return Attr(key, gen, say=say, upd=upd, differ=differ, cat=cat, store=store, tags=["me"] + list(tags),
                group=group, numeric=numeric, titles=["Me: " + key.replace("-", " ")])


def ch(*opts):
    return lambda r, e, w: {"v": pick(r, list(opts))}


ME_ATTRS = [
    me_attr("plots", ch("matplotlib", "seaborn", "ggplot2", "Plotly"), ["My plots: {v}, always.", "I make figures with {v}."],
            ["Figures in {v} going forward."], "v", tags=["tools"]),
    me_attr("notation", ch("bold lowercase for vectors", "hats for estimates", "Einstein summation"),
            ["Notation I use in drafts: {v}.", "In my papers: {v}."], ["Switched my notation to {v}."], "v", tags=["writing"]),
    me_attr("refs", ch("Zotero", "JabRef", "a BibTeX file in Git", "Paperpile"),
            ["References live in {v}.", "I manage citations with {v}."], ["Citations moved to {v}."], "v", tags=["tools"]),
    me_attr("units", ch("SI units with thin spaces", "metric with no spaces", "units in brackets in table headers"),
            ["Units in my tables: {v}.", "Tables: {v}."], ["Tables use {v} now."], "v", cat="rule", tags=["writing"]),
    me_attr("deep-work", ch("Friday"), ["{v} is my deep-work day — no meetings.",
                                                              "No meetings for me on {v}."],
            cat="rule", tags=["calendar"]),
    me_attr("editor", ch("JupyterLab", "PyCharm", "Vim with slime", "RStudio", "Spyder"),
            ["I write analysis code in {v}.", "My analysis setup: {v}."], ["Moved my analysis work to {v}."], "v",
            tags=["tools"]),
    me_attr("env", ch("conda", "uv", "Hatch", "pixi"), ["Environments: {v}.", "I manage environments with {v}."],
            ["Environments via {v} now."], "v", tags=["tools"]),
    me_attr("seed", ch("42", "1234", "0", "2024"), ["Default random seed in my scripts: {v}.", "I seed everything with {v}."],
            ["Changed my default seed to {v}."], "v", cat="rule", tags=["reproducibility"], numeric=True),
    me_attr("group-meeting", ch("Mon 10:00", "Tue 14:00", "Thu 09:30", "Wed 11:00"),
            ["Group meeting: {v}.", "Our group meets {v}."], ["Group meeting moved to {v}."], "v", cat="event",
            store="procedural", tags=["meetings"], group="group"),
    me_attr("reading-group", ch("every other Wed 16:00", "Thu 12:00 over lunch", "first Mon of the month"),
            ["Reading group: {v}.", "We read papers together {v}."], ["Reading group is {v} now."], "v", cat="event",
            store="procedural", tags=["meetings"], group="group"),
    me_attr("readers", ch("two internal readers", "one internal reader", "the whole group"),
            ["Every submission needs {v} before it goes out.", "Drafts go to {v} before submission."],
            ["Submissions need {v} now."], "v", cat="rule", store="procedural", tags=["writing"], group="group"),
    me_attr("quota", ch("2000", "5000", "8000", "12000"), ["Our GPU quota: {v} GPU-hours a quarter.",
                                                           "We get {v} GPU-hours per quarter."],
            ["GPU quota is {v} GPU-hours a quarter now."], "v", tags=["compute"], group="group", numeric=True),
    me_attr("notebooks", ch("never committed with outputs", "kept out of the main repo", "converted to scripts before review"),
            ["Notebooks are {v}.", "Group rule: notebooks {v}."], cat="rule", store="procedural", tags=["code"],
            group="group"),
    me_attr("results-log", ch("the group wiki", "a results.md in each repo", "the shared spreadsheet"),
            ["Final numbers go into {v}.", "We log results in {v}."], ["Results are logged in {v} now."], "v",
            cat="rule", store="procedural", tags=["results"], group="group"),
    me_attr("data-access", ch("a signed data agreement", "the PI's approval", "the data steward's okay"),
            ["Raw data access needs {v}.", "Nobody gets raw data without {v}."], cat="rule", store="procedural",
            tags=["data"], group="group"),
    me_attr("sailing", ch("Saturday mornings", "Wednesday evenings", "Sunday afternoons"),
            ["I sail on {v}, weather permitting.", "Sailing slot: {v}."], ["My sailing slot is {v} now."], "v",
            tags=["personal", "sailing"], group="personal"),
    me_attr("choir", ch("Tuesday 19:30", "Thursday 20:00", "Monday 19:00"), ["Choir rehearsal: {v}.", "I sing in choir, {v}."],
            ["Choir moved to {v}."], "v", cat="event", tags=["personal", "choir"], group="personal"),
    me_attr("plot-no", ch("14", "27", "31", "8"), ["My allotment is plot {v}.", "Allotment: plot {v}."], cat="fact",
            tags=["personal", "garden"], group="personal"),
    me_attr("bike", ch("a steel touring bike", "a long-tail bike", "a folding bike"), ["I ride to the institute on {v}.", "Daily ride: {v}."],
            ["I ride {v} now."], "v", tags=["personal"], group="personal"),
    me_attr("house-policy", ch("the 1st", "the 20th", "the last working day"), ["The house policy premium is paid on {v} of each month.",
                                                                            "Premium debit: {v} of the month."],
            ["The premium goes out on {v} now."], "v", tags=["personal", "money"], group="personal"),
]


def make_me(r, i, taken, w):
    if i > 0:
        return None
    e = thing_slots("I", "me")
    e.update({"id": "me", "tag": None, "no_pronoun": True})
    return e


# ---------------------------------------------------------------- venues of the private life
VENUE_KINDS = {
    "climbing hall": ["Crux Hall", "The Overhang", "Boulderhaus", "Chalk Works", "Gravity Barn"],
    "sailing club": ["Nordhavn Sailing Club", "the Lakeside Yacht Club", "Westerly Dinghy Club"],
    "sauna": ["Löyly Sauna", "the quay sauna", "Kallbad Pier"],
    "market": ["the Saturday flea market", "Halle 3 market", "the fish auction hall"],
    "music shop": ["Forte Strings", "Reed & Bow", "Keyhole Music"],
    "chess club": ["the Knight's Rest chess club", "the Gambit Room"],
    "ironmonger": ["Bolt & Bracket", "the cooperative ironmonger"],
    "pharmacy": ["the pharmacy on Linnégatan", "Apotek Nord"],
}
DISTRICTS = ["Nordhavn", "the old docks", "Linnéstaden", "the university quarter", "Vesterbro", "the islet",
             "the industrial estate", "the depot district"]


def make_venue(r, i, taken, w):
    kinds = list(VENUE_KINDS)
    for _ in range(200):
        kind = pick(r, kinds)
        name = pick(r, VENUE_KINDS[kind])
        if name not in taken:
            taken.add(name)
            e = thing_slots(name, name)
            e.update({"id": f"venue:{name}", "kind": kind, "tag": "venues"})
            return e
    return None


VENUE_ATTRS = [
    Attr("district", lambda r, e, w: {"dist": pick(r, DISTRICTS)}, say=["{S} — in {dist}.", "{S} is over in {dist}."],
         pred=["is in {dist}"], differ="dist", upd=["{S} relocated to {dist}.", "{S} is in {dist} since it moved."],
         cat="fact", tags=["venues"], group="where", titles=["{S}"]),
    Attr("hours", lambda r, e, w: {"o": pick(r, ["06:30", "07:00", "09:00", "10:00", "12:00", "16:00"]),
                                   "c": pick(r, ["18:00", "20:00", "21:30", "22:00", "23:00"])},
         change=lambda r, e, w, old: {"o": pick(r, [x for x in ["06:30", "07:00", "09:00", "10:00", "12:00", "16:00"]
                                                    if x != old["o"]]), "c": old["c"]},
         say=["{S}: open {o}–{c}.", "Opening hours of {S}: {o} to {c}."], pred=["is open {o}–{c}"], differ="o",
         upd=["{S} opens at {o} now.", "New hours at {S}: {o}–{c}."],
         cat="fact", tags=["venues"], group="when", numeric=True, titles=["{S}: hours"]),
    Attr("shut", lambda r, e, w: {"day": pick(r, ALLDAYS)}, say=["{S} is shut on {day}s.", "Closed day at {S}: {day}."],
         pred=["is shut on {day}s"], differ="day", upd=["{S} is shut on {day}s now.", "{S} changed its closed day to {day}."],
         cat="fact", tags=["venues"], group="when", titles=["{S}: closed"]),
    Attr("fee", lambda r, e, w: {"fee": str(r.choice([15, 25, 30, 45, 60, 90, 120, 240]))},
         change=lambda r, e, w, old: {"fee": str(r.choice([x for x in [15, 25, 30, 45, 60, 90, 120, 240] if str(x) != old["fee"]]))},
         say=["Membership at {S}: {fee} a year.", "{S} charges {fee} a year for membership."],
         pred=["charges {fee} a year for membership"], differ="fee",
         upd=["{S} membership went to {fee} a year.", "Membership fee at {S} is {fee} now."],
         cat="fact", tags=["venues", "money"], group="money", numeric=True, titles=["{S}: fees"],
         ok=lambda e: e["kind"] in ("climbing hall", "sailing club", "sauna", "chess club")),
    Attr("contact", lambda r, e, w: {"P": pick(r, STAFF)}, say=["At {S}, ask for {P}.", "{P} runs reception at {S}."],
         pred=["has {P} at reception"], differ="P", upd=["{P} runs reception at {S} now.", "{S}: {P} replaced {old_P} at reception."],
         cat="person", tags=["venues"], group="people", titles=["{S}: contact"]),
]

ETYPES = [
    EType("person", 230, make_person, PEOPLE_ATTRS, "contacts", minimum=40),
    EType("dataset", 45, make_dataset, DATASET_ATTRS, "datasets", minimum=10, project=lambda e: e["proj"]),
    EType("model", 60, make_model, MODEL_ATTRS, "models", minimum=10, project=lambda e: e["proj"]),
    EType("equipment", 40, make_equipment, EQUIP_ATTRS, "lab", minimum=8),
    EType("project", 40, make_project, PROJECT_ATTRS, "research", minimum=10, project=lambda e: e["proj"]),
    EType("me", 0, make_me, ME_ATTRS, "me", minimum=1),
    EType("venue", 24, make_venue, VENUE_ATTRS, "venues", minimum=8),
]
ENTITY_SHARE = 0.58
TAIL_P = 0.3
TAILS = ["— via {P}, {d}", "[src: {P}]", "(told to me by {P} on {d})", "— {m} group meeting",
         "(checked with {P})", "— {P} says so", "[{P}, {m}]", "(noted {d})", "— {P}'s e-mail", "— status {m}"]


def tail(r, w, text):
    t = render(pick(r, TAILS), {"P": w.any("person")["S"], "d": iso_day(r), "m": pick(r, MONTHS)})
    return (text[:-1] if text.endswith(".") else text) + " " + t


# ---------------------------------------------------------------- free generators
def f_run(r, w):
    m = w.any("model")
    d = w.any("dataset")
    run = f"run-{r.randint(100, 9999)}"
    speech = any(k in d["s"] for k in ("speech", "calls", "interviews"))
    metric, vals = METRICS[1] if speech else pick(r, [m_ for m_ in METRICS if m_[0] != "WER"])
    val = pick(r, vals)
    steps = r.choice(["2k", "10k", "40k", "120k", "300k"])
    obs = pick(r, ["loss spiked around warmup end", "val curve still rising", "overfits after epoch 3",
                   "no gain over the baseline", "best so far", "throughput dropped by half on node 3",
                   "grad norm exploded once, recovered", "eval script had the wrong split, rerun pending"])
    main = f"{run} ({m['s']} on {d['s']}): {val} {metric} after {steps} steps; {obs}."
    alt = f"Training log {run}: {m['s']}, data {d['s']}, {steps} steps, {metric} {val} — {obs}."
    return {"key": ("run", run), "forms": [main, alt], "parts": [f"{run} ({m['s']} on {d['s']}): {val} {metric} after {steps} steps.",
                                                                 f"In {run}, {obs}."],
            "tags": ["experiments", m["tag"]], "project": m["proj"]}


STAFF = ["Hjalmar", "Tuva", "Saga", "Aslak", "Ebba", "Vilho", "Maja", "Oiva", "Sunniva", "Tarjei"]
LAB_EVENTS = [("alarm on {eq}", ["a door left ajar overnight", "a failed compressor", "a power cut in the building",
                                 "a faulty sensor"]),
              ("{eq} down for repair", ["a cracked lens", "a firmware update gone wrong", "a coolant leak", "a jammed rotor"]),
              ("spill next to {eq}", ["a dropped buffer bottle", "an overfilled tray", "a cracked vial"])]
LAB_ACTIONS = ["Samples moved to the backup unit.", "Facility manager informed.", "Engineer visit booked.",
               "Written up in the safety logbook.", "Nothing lost, luckily.", "Two plates had to be redone."]


def f_labevent(r, w):
    eq = w.any("equipment")
    what, causes = pick(r, LAB_EVENTS[:1] if eq["tag"] == "freezer" else LAB_EVENTS[1:])
    cause = pick(r, causes)
    act = pick(r, LAB_ACTIONS)
    d = iso_day(r)
    head = what.format(eq=eq["s"])
    main = f"{d} — {head}; cause: {cause}. {act}"
    alt = f"Lab mishap {d}: {head} after {cause}. {act}"
    return {"key": ("lab", eq["id"], d), "forms": [main, alt], "parts": [f"{d} — {head}; cause: {cause}.", act],
            "tags": ["lab", "mishaps"], "project": None}


HOBBIES = {
    "sailing": (["out of Nordhavn", "around the beacon", "to the skerries", "on the fjord"],
                ["Force 4, reefed early.", "Went over in a gust; righted the dinghy fine.", "Flat calm, paddled back.", "Lost a fender."]),
    "choir": (["at the cathedral", "in the community hall", "at the care home concert"],
              ["Tenors were short.", "We sang the Pärt piece.", "Rehearsal ran 30 min over."]),
    "bouldering": (["at Crux Hall", "at Boulderhaus", "in the forest boulders"],
                   ["Sent the yellow 6b.", "Skin torn on the crimps.", "New set on the cave wall."]),
    "gardening": (["on my plot", "at the allotment"],
                      ["Planted the garlic.", "Slugs got the lettuce.", "Harvested 4 kg of potatoes.", "Fixed the shed roof."]),
    "chess": (["at the Knight's Rest", "at the Gambit Room", "in the park tournament"],
              ["Lost on time in a won endgame.", "Drew with the club champion.", "Tried the Scandinavian, bad idea."]),
    "birdwatching": (["at the tidal flats hide", "on the reedbed loop", "by the sluice"],
                     ["Saw a spoonbill.", "Three hen harriers.", "Mist, saw nothing."]),
    "sauna": (["at the quay sauna", "at Löyly"], ["Sea temperature 6 °C.", "Crowded at the cold plunge."]),
    "cross-country skiing": (["on the lit track", "on the high trails"], ["Waxed wrong, no grip.", "12 km classic."]),
    "board games": (["at Bram's place", "at the parish hall games night"], ["Played Root for three hours.", "Won at Azul."]),
    "orienteering": (["in the city forest", "on the island course"], ["Missed control 7 completely.", "Mispunched at the end."]),
}
HOBBY_SHAPES = [("{When}: {hobby} {where} with {who}. {det}", "{hobby_c} {where} ({when}) with {who} — {det}"),
                ("{hobby_c} with {who} {where}, {when}. {det}", "{When} — {hobby} {where}, {who} along. {det}")]


def when_h(r):
    k = r.random()
    if k < 0.5:
        return pick(r, ALLDAYS)
    return iso_day(r)


def f_hobby(r, w):
    hobby = pick(r, list(HOBBIES))
    wheres, dets = HOBBIES[hobby]
    where, det = pick(r, wheres), pick(r, dets)
    who = pick(r, w.people())["s"]
    when = when_h(r)
    a, b = pick(r, HOBBY_SHAPES)
    slots = {"When": when, "when": when, "hobby": hobby, "hobby_c": hobby[0].upper() + hobby[1:], "where": where,
             "who": who, "det": det}
    return {"key": ("hobby", hobby, where, det, who), "forms": [render(a, slots), render(b, slots)],
            "tags": ["personal", hobby.split()[-1]], "project": None}


NAN_CAUSES = [("NaN loss", ["an fp16 overflow in the attention logits", "a zero-length sequence in the batch",
                            "log of zero in the custom loss", "a learning rate warmup that was too short"],
               ["Gradient clipping at 1.0 keeps it away.", "Guarded the loss with an epsilon."]),
              ("Loss plateau", ["labels shuffled by the loader bug", "frozen layers that were meant to train",
                                "a weight decay of 0.1 on the embeddings"], ["Plot the per-class loss early."]),
              ("OOM on step 1", ["eval batch size copied from the 80 GB config", "activation checkpointing switched off"],
               ["Keep one config per GPU type."]),
              ("Suspiciously good eval score", ["test images leaking into train via near-duplicates",
                                                "the val split reused as test"], ["A dedup check runs before every training job now."]),
              ("Slow data loading", ["too few workers for JPEG decoding", "the dataset on NFS instead of local scratch"],
               ["Profile the loader before blaming the GPU."])]
FIXES_H = ["Check this first next time.", "Added an assert for it.", "Took two days to find.",
           "Now covered by a regression check.", ""]


def f_lesson(r, w):
    m = w.any("model")
    sym, causes, own = pick(r, NAN_CAUSES)
    cause = pick(r, causes)
    fix = pick(r, FIXES_H + own)
    p1 = f"{sym} in {m['s']} came from {cause}."
    alt = f"Lesson ({m['s']}): {sym[0].lower() + sym[1:] if not sym.startswith(('NaN', 'OOM')) else sym} traced to {cause}."
    return {"key": ("lesson", m["id"], sym), "forms": [(p1 + " " + fix).strip(), (alt + " " + fix).strip()],
            "parts": [p1, fix] if fix else None, "tags": ["lessons", m["tag"]], "project": m["proj"]}


PAPER_TOPIC = ["label-smoothing", "data-pruning", "calibration", "contrastive audio", "active-learning", "OCR-free parsing",
               "test-time adaptation", "expert routing", "bird-sound", "distillation", "curriculum", "synthetic-data"]
PAPER_KIND = ["survey", "benchmark", "position paper", "workshop paper", "ICLR oral", "tech report", "follow-up"]
PAPERS = [f"the {t} {k}" for t in PAPER_TOPIC for k in PAPER_KIND]
CLAIMS = ["gains vanish with proper tuning of the baseline", "half the data gives the same accuracy",
          "the effect only holds above a billion parameters", "calibration degrades after fine-tuning",
          "the method needs ten times the compute", "their ablation misses the obvious control",
          "it transfers badly to low-resource languages", "results are on a single seed"]
OPINIONS = ["Worth trying on our setup.", "Not convinced.", "Cite it in the related work.", "Ask the authors for code.",
            "Good figure 3.", ""]


def f_reading(r, w):
    paper, claim, op = pick(r, PAPERS), pick(r, CLAIMS), pick(r, OPINIONS)
    main = f"Read {paper}: {claim}. {op}".strip()
    alt = f"Notes on {paper} — claim: {claim}. {op}".strip()
    return {"key": ("read", paper), "forms": [main, alt], "parts": [f"Read {paper}: {claim}.", op] if op else None,
            "tags": ["reading"], "project": None}


# Each topic is scoped (the person, a dataset, a model, a project) and gets one outcome in the vault.
SYNC_TOPICS = [("{his} thesis chapter 3", ["restructure around the ablations", "cut the related work by half"]),
               ("the data agreement for {ds}", ["legal needs a DPIA first", "the infirmary wants a named contact"]),
               ("the {proj} poster", ["A0 portrait, print by Friday", "lead with the error analysis"]),
               ("compute for {model}", ["ask for 3000 extra GPU-hours", "move sweeps to the night partition"]),
               ("the {proj} rebuttal", ["run the missing baseline", "answer reviewer 2 point by point"]),
               ("an RA for {proj}", ["interview the top three", "advertise on the national portal"]),
               ("the {ds} field trip", ["book the boat for two days", "bring spare batteries for the recorders"]),
               ("{his} teaching load", ["swap two lectures with the statistics course", "grade the projects by the 20th"])]


def f_sync(r, w):
    p = w.colleague()
    template, outs = pick(r, SYNC_TOPICS)
    topic = template.format(his=p["his"], ds=w.any("dataset")["s"], proj=w.any("project")["s"], model=w.any("model")["s"])
    scope = template.format(his=p["id"], ds=topic, proj=topic, model=topic)
    out = pick(r, outs)
    d = iso_day(r)
    main = f"Catch-up w/ {p['S']} ({d}) on {topic} → {out}."
    alt = f"{d} {p['S']}: {topic}; next step: {out}."
    return {"key": ("sync", p["id"], d), "also": [("sync-topic", scope)], "forms": [main, alt], "tags": ["meetings"], "project": None}


TODO = ["renew the ethics approval for {t}", "upload the {d} data card", "send {p} the reviewer comments",
        "book the confocal for the {t} samples", "submit the travel claim for {c}", "archive the {d} raw files",
        "return the borrowed hydrophone to {p}", "register for the {c} workshop", "pay the sailing club fee",
        "order seed potatoes for the allotment", "get the car through inspection", "ask {p} for the {d} annotations",
        "renew the reading-room pass", "send the grant report on {t}", "defrost freezer F{n}"]


def f_todo(r, w):
    t = pick(r, TODO)
    p = w.colleague() if ("reviewer" in t or "annotations" in t) else w.any("person")
    d = w.any("dataset")
    task = t.format(t=pick(r, TOPICS), d=d["s"], p=p["S"], c=pick(r, CITIES), n=r.randint(1, 12))
    due = iso_day(r)
    shapes = [("TODO ({due}): {task}.", "Before {due}: {task}."), ("Must {task} by {due}.", "{due} deadline — {task}.")]
    a, b = pick(r, shapes)
    return {"key": ("todo", task), "forms": [a.format(due=due, task=task), b.format(due=due, task=task)],
            "tags": ["todo"], "project": None}


def f_travel(r, w):
    c = pick(r, CITIES)
    why = pick(r, ["a workshop", "fieldwork", "a thesis defence", "a grant meeting", "my cousin's wedding", "a choir tour",
                   "a sailing regatta", "a summer school"])
    half = r.randint(0, 1)  # at most one trip per half month: no two trips overlap
    d1 = r.randint(1, 8) + 14 * half
    mon = pick(r, MONTHS)
    d2 = d1 + r.randint(1, 5)
    stay = pick(r, ["the guest house of the institute", "a room above a print shop", "my cousin's sofa", "an inn by the quay",
                    "the field cabin bunks"])
    main = f"{c}, {mon} {d1}–{d2}: {why}; lodging: {stay}."
    alt = f"Travelling to {c} for {why} ({mon} {d1}–{d2}), sleeping at {stay}."
    return {"key": ("travel", mon, half), "forms": [main, alt], "tags": ["travel"], "project": None}


VERDICTS = ["weak accept", "borderline", "reject — the baseline is untuned", "accept", "major revision"]


def f_review(r, w):
    v = pick(r, VENUES)
    n = r.randint(100, 9999)
    verdict = pick(r, VERDICTS)
    due = iso_day(r)
    issue = pick(r, ["no error bars", "missing ablation of the loss term", "a test set overlap", "unclear data licence",
                     "overclaimed title", "good writing, thin experiments", "strong results on one dataset only"])
    main = f"Reviewing {v} submission #{n}: {verdict} ({issue}); due {due}."
    alt = f"{v} #{n} — my review: {verdict}; main issue: {issue}. Due {due}."
    return {"key": ("rev", v, n), "forms": [main, alt], "tags": ["reviewing"], "project": None}


ORDERS = [("pipette tips", "the lab supplier"), ("two 4 TB SSDs", "the IT shop"), ("a hydrophone", "an ocean-tech vendor"),
          ("liquid nitrogen refill", "the gas supplier"), ("ear defenders", "the safety shop"),
          ("a spare GPU fan", "the workstation vendor"), ("sample bags", "the field-kit supplier"),
          ("a label printer", "the office supplier")]


def f_order(r, w):
    item, vendor = pick(r, ORDERS)
    d = iso_day(r)
    po = f"PO-{r.randint(1000, 99999)}"
    main = f"Ordered {item} from {vendor} ({po}); expected {d}."
    alt = f"{po}: {item}, {vendor}, arriving around {d}."
    return {"key": ("order", po), "forms": [main, alt], "tags": ["purchasing"], "project": None}


FREES = [
    Free("run", 1.2, f_run, "event", "episodic", "experiments", ["experiments"]),
    Free("labevent", 0.6, f_labevent, "event", "episodic", "lab", ["lab"]),
    Free("hobby", 1.2, f_hobby, "event", "episodic", "diary", ["personal"]),
    Free("lesson", 0.7, f_lesson, "lesson", "procedural", "lessons", ["lessons"]),
    Free("reading", 0.6, f_reading, "fact", "semantic", "reading", ["reading"]),
    Free("sync", 0.9, f_sync, "event", "episodic", "meetings", ["meetings"]),
    Free("todo", 0.8, f_todo, "goal", "prospective", "todo", ["todo"]),
    Free("travel", 0.5, f_travel, "event", "prospective", "travel", ["travel"]),
    Free("review", 0.6, f_review, "goal", "prospective", "reviewing", ["reviewing"]),
    Free("order", 0.5, f_order, "fact", "episodic", "purchasing", ["purchasing"]),
]

# ---------------------------------------------------------------- hard-negative event pairs
EVENT_SRC = Free("event-pair", 0, None, "event", "episodic", "diary", ["personal"])


def event_pair(r, w):
    """The same hobby at the same spot, other company and day: two events that both happened."""
    hobby = pick(r, list(HOBBIES))
    wheres, dets = HOBBIES[hobby]
    where = pick(r, wheres)
    p1, p2 = r.sample(w.people(), 2)
    d1, d2 = r.sample(ALLDAYS, 2) if r.random() < 0.5 else (iso_day(r), iso_day(r))
    shape = "{When}: {hobby} {where} with {who}."
    a = render(shape, {"When": d1, "hobby": hobby, "where": where, "who": p1["s"]})
    b = render(shape, {"When": d2, "hobby": hobby, "where": where, "who": p2["s"]})
    if r.random() < 0.6 and len(dets) >= 2:
        x, y = r.sample(dets, 2)
        a, b = a + " " + x, b + " " + y
    return {"key": ("eventpair", hobby, where, p1["id"], p2["id"]), "a": a, "b": b, "tags": ["personal"]}


# ---------------------------------------------------------------- generated chats (life updates)
# Texting style: lower case, few full stops. Every turn passes the vault's near-duplicate gate (w.fits).
HELLO = ["hej {s}", "{s}!!", "yo {s}", "hi hi {s}", "{s} :)", "long time {s}", "oi {s}", "hallo {s}"]
ASK = ["things ok up north?", "are you coming to the regatta", "{o_thing} done? went ok?", "still alive?",
       "got a minute this week", "is the choir concert still on", "saw your pics from {o_city}, jealous",
       "are you free {o_day}", "defence went ok?", "fancy the sauna sometime", "knee any better",
       "you never answered about {o_day}", "any news"]
LEAD = ["ok so,", "well, news:", "funny you ask,", "honestly a lot,", "brace yourself:", "short version:", "sooo", ""]
TAIL1 = {
    "base": ["still living out of boxes", "the view is unreal", "no idea where anything is yet", "come visit!!", ""],
    "employer": ["more money, longer trip in", "first week was pure onboarding", "nervous but happy", ""],
    "spouse": ["it's all very calm this time", "don't tell everyone yet", "we're happy :)", ""],
}
TAIL3 = {
    "base": ["never saw it coming", "house needs work, I hear", "{he} seems thrilled", ""],
    "employer": ["{he}'s over the moon", "big step up", "no more commuting for {him}", ""],
    "spouse": ["{he} seems good though", "saw them at the market", ""],
}
REPLY = {
    "base": ["wait {city}?? since when", "no way, {city} is gorgeous", "so no more {old_city}, huh", "ahh that's big. you ok?",
             "send me the address", "that's far from us though"],
    "employer": ["{org}! congrats", "finally out of {old_org}", "nice colleagues?", "do they let you work remote?",
                 "you deserve it", "how did {old_org} take it"],
    "spouse": ["oh wow. you alright?", "{partner} — I need to meet them", "I'm really glad for you",
               "so {old_partner} is out of the picture?", "that's a lot in one year"],
}
REPLY3 = {
    "base": ["{city}, really", "huh. {he} always said {he}'d never leave {old_city}", "road trip to see {him}?",
             "nice for {him}"],
    "employer": ["{org} is a good place", "{old_org} never deserved {him}", "I'll write {him} a note", "lucky {him}"],
    "spouse": ["oh no, poor {old_partner}", "first I hear of it", "fingers crossed {he}'s ok", "if {he}'s happy, fine"],
}
MORE1 = {
    "base": ["rent's lower, garden's bigger", "the pastry shop downstairs starts baking at 5", "boat to work now, ha"],
    "employer": ["small team, very nerdy", "I get a proper desk for once", "the lab there is brand new"],
    "spouse": ["the regatta is where it started", "surprisingly easy so far"],
}
MORE3 = {
    "base": ["{he} posted the view from the rooftop", "{he} wants to host midsummer there"],
    "employer": ["{he} starts in the new year", "{he} called the interview brutal"],
    "spouse": ["they came to choir together last week", "{he} mentioned it at the sauna"],
}
BYE = ["talk soon x", "call you sunday", "ok gotta run, tell me more later", "dinner once you're home?",
       "so chuffed for you. ok bye", "more on {o_day}?"]
BYE3 = ["let's send {him} a card", "I'll call {him} at the weekend", "note to self: congratulate {him}"]
THINGS = ["defence", "regatta", "grant interview", "concert", "move", "exam", "surgery", "field trip"]


def _first_fit(r, w, options, slots, taken):
    order = list(options)
    r.shuffle(order)
    for o in order:
        text = fill(o, slots).strip()  # texting: no capitals added
        if text and w.fits(text) and all(w.close(text, t) is False for t in taken):
            return text
    return None


def _join(parts, sep):
    out = ""
    for p in parts:
        if not p:
            continue
        if not out:
            out = p
        elif out[-1] in ",:!?)" or sep == " ":
            out += " " + p
        else:
            out += sep + p
    return out


def _combos(r, heads, cores, tails, n=40, sep=", "):
    return [_join((pick(r, heads), pick(r, cores), pick(r, tails)), sep) for _ in range(n)]


def chat(r, w, e, a, slots, first_person):
    kind = a.key
    friends = [p for p in r.sample(w.people(), 3) if p["id"] != e["id"]][:2]
    f1 = friends[0]
    s = dict(slots)
    s["o_city"] = pick(r, CITIES)
    s["o_thing"] = pick(r, THINGS)
    s["o_day"] = pick(r, ALLDAYS)
    turns = []
    said = []

    def add(who, text):
        turns.append((who["s"], text))
        said.append(text)

    def can(who):
        return not turns or turns[-1][0] != who["s"]

    if first_person:
        participants = [f1["S"], e["S"]]
        opener = _first_fit(r, w, _combos(r, HELLO, ASK, [""], sep=" "), s, said)
        if opener:
            add(f1, opener)
        core = _first_fit(r, w, _combos(r, LEAD, a.chat1, TAIL1[kind]), s, said)
        if core is None:
            return None
        planted = len(turns)
        add(e, core)
        for who, bank, p in ((f1, REPLY[kind], 1.0), (e, MORE1[kind], 0.7), (f1, BYE, 0.6)):
            if r.random() < p and can(who):
                text = _first_fit(r, w, bank, s, said)
                if text:
                    add(who, text)
    else:
        f2 = friends[1]
        participants = [f1["S"], f2["S"]]
        s2 = dict(s)
        s2["s"] = f2["s"]
        opener = _first_fit(r, w, _combos(r, HELLO, ASK, [""], sep=" "), s2, said)
        if opener:
            add(f1, opener)
        core = _first_fit(r, w, _combos(r, [""], a.chat3, TAIL3[kind]), s, said)
        if core is None:
            return None
        planted = len(turns)
        add(f2, core)
        for who, bank, p in ((f1, REPLY3[kind], 1.0), (f2, MORE3[kind], 0.6), (f1, BYE3, 0.5)):
            if r.random() < p and can(who):
                text = _first_fit(r, w, bank, s, said)
                if text:
                    add(who, text)
    return {"participants": participants, "turns": turns, "planted": planted}
