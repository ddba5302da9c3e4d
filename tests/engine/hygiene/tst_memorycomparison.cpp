#include "hygiene/MemoryComparison.h"

#include <QTest>

using namespace engram;

namespace {

/// A standing fact's profile (a semantic memory or a note, as the finding index marks them).
MemoryProfile fact(const QString &text, const QString &speaker = {})
{
    MemoryProfile p = MemoryProfile::of(text, speaker);
    p.standing = speaker.isEmpty();
    return p;
}

} // namespace

/// The offline rules of hygiene/MemoryComparison, one row per shape a repeat or a disagreement takes (and
/// the look-alikes that are neither). Each expectation is the reading a person gives the two sentences.
class TestMemoryComparison : public QObject {
    Q_OBJECT
private slots:
    void compare_data()
    {
        QTest::addColumn<QString>("older");
        QTest::addColumn<QString>("newer");
        QTest::addColumn<QString>("expected"); // duplicate, contradiction or none

        // Repeats: exact, reordered, reworded, partial.
        // Hyphenated names on both sides, the sentences in another order: one run's log, twice.
        QTest::newRow("reordered, hyphenated names")
            << "run-1824 (tern-xl on beetle-elytra): 0.42 mAP after 120k steps. In run-1824, best so far."
            << "In run-1824, best so far. run-1824 (tern-xl on beetle-elytra): 0.42 mAP after 120k steps."
            << "duplicate";
        QTest::newRow("exact copy") << "Staging deploys need a green CI run first."
                                    << "Staging deploys need a green CI run first."
                                    << "duplicate";
        QTest::newRow("case and punctuation") << "The build cache lives in /var/cache/ci."
                                              << "the build cache lives in /var/cache/ci"
                                              << "duplicate";
        QTest::newRow("reordered clauses") << "Use ruff for linting, and black for formatting Python code."
                                           << "For formatting Python code use black, and ruff for linting."
                                           << "duplicate";
        QTest::newRow("reworded") << "The team prefers tabs over spaces for indentation in Go files."
                                  << "For indentation in Go files, our team prefers tabs to spaces."
                                  << "duplicate";
        QTest::newRow("reworded, other verb") << "Release notes are written by the on-call engineer every sprint."
                                              << "Every sprint the on-call engineer writes the release notes."
                                              << "duplicate";
        QTest::newRow("partial")
            << "Grafana dashboards for the payments service live in the observability folder and alert on latency."
            << "Grafana dashboards for the payments service live in the observability folder."
            << "duplicate";

        // Disagreements, member by member: each class of value, and polarity.
        QTest::newRow("weekday") << "We deploy to production on Fridays."
                                 << "We moved production deploys to Tuesdays."
                                 << "contradiction";
        QTest::newRow("number") << "The staging database runs Postgres 14."
                                << "The staging database now runs Postgres 16."
                                << "contradiction";
        QTest::newRow("month") << "The offsite is planned for October in Lisbon."
                               << "The offsite moved to November in Lisbon."
                               << "contradiction";
        QTest::newRow("name") << "Maria works at Acme as a data engineer."
                              << "Maria now works at Globex as a data engineer."
                              << "contradiction";
        QTest::newRow("reversed decision") << "We decided to use Redux for client state."
                                           << "We dropped Redux for client state."
                                           << "contradiction";
        QTest::newRow("negation") << "Feature flags are cleaned up after each release."
                                  << "Feature flags are not cleaned up after each release."
                                  << "contradiction";
        // Worded alike to the last word but a number or a day: no change word is needed.
        QTest::newRow("a number swapped, unannounced") << "Bluebird has a budget of 20 thousand euros."
                                                       << "Bluebird has a budget of 80 thousand euros."
                                                       << "contradiction";
        // A hyphenated name is a narrower thing than its last word alone, unless written apart on the other side, or
        // its text holds that word alone too (a channel named after the team).
        QTest::newRow("a hyphenated name, narrower") << "The mobile team owns the notifications service."
                                                     << "The mobile team owns the b2b-notifications service."
                                                     << "none";
        QTest::newRow("a hyphenated name written apart") << "The mobile team owns the b2b-notifications service."
                                                         << "The b2b notifications service is owned by the mobile team."
                                                         << "duplicate";
        QTest::newRow("a hyphenated name beside its words")
            << "There are 10 engineers on the billing ops team."
            << "The Slack channel for the billing ops team is #team-billing-ops. There are 10 engineers on the "
               "billing ops team."
            << "duplicate";
        // A count in words is a number: "three" and "3" one value, "three approvals" and "one approval" two.
        QTest::newRow("a count in words swapped")
            << "The billing ops team requires three approvals on every pull request."
            << "The billing ops team requires one approval on every pull request."
            << "contradiction";
        QTest::newRow("a count in words and in digits")
            << "The billing ops team requires three approvals on every pull request."
            << "The billing ops team requires 3 approvals on every pull request."
            << "duplicate";
        // Not a count: a number word before a name ("Two Wheels") or before no thing it counts ("one of").
        QTest::newRow("a number word in a name") << "Two Wheels is closed on Saturdays."
                                                 << "Don't go to Two Wheels on a Thursday; it's closed."
                                                 << "contradiction";
        QTest::newRow("one of, not a count") << "Pia is one of the maintainers of the tax service."
                                             << "Pia is one of the two maintainers of the tax service."
                                             << "duplicate";
        QTest::newRow("a day swapped, unannounced") << "Retros for the Berlin checkout team are on alternate Thursdays."
                                                    << "Retros for the Berlin checkout team are on alternate Fridays."
                                                    << "contradiction";

        // A hyphen inside a name joins it, it starts no clause: the transition's "from" is still in its clause.
        QTest::newRow("taken over, from a hyphenated thing's keeper") << "Curator of dataset snow-depth: Eila Fogarty."
                                                                      << "Dusan Vukovic took over curation of dataset "
                                                                         "snow-depth from Eila Fogarty."
                                                                      << "contradiction";

        // Neither: both hold.
        QTest::newRow("same subject, other fact") << "Deploys run on Fridays after the standup."
                                                  << "The deploy checklist requires a green CI run."
                                                  << "none";
        QTest::newRow("two events") << "Went hiking with Ana on Saturday near the lake."
                                    << "Went hiking with Ben on Sunday near the lake."
                                    << "none";
        QTest::newRow("a number about another thing") << "The API times out after 30 seconds."
                                                      << "The API allows 100 requests per minute."
                                                      << "none";
        QTest::newRow("same person, other fact") << "Maria works at Acme."
                                                 << "Maria's sister lives in Lyon."
                                                 << "none";
        QTest::newRow("unrelated") << "Coffee beans are ordered from the roaster in Leeds."
                                   << "The VPN certificate expires next spring."
                                   << "none";
        // A change word both texts hold announces nothing about what differs: two incidents, each "for now".
        QTest::newRow("a change word both hold")
            << "On 11 January connection pool exhaustion made the search service drop messages for about 40 "
               "minutes. Restarting the pods fixed it for now."
            << "On 10 December connection pool exhaustion made the search service drop messages for about 20 "
               "minutes. Restarting the pods fixed it for now."
            << "none";
        // A day changed, but each side names three people the other does not: two teams' standups.
        QTest::newRow("many names apart") << "The standup of the team with Ana, Ben and Carl is on Mondays."
                                          << "The standup of the team with Dora, Emil and Finn is on Tuesdays now."
                                          << "none";
        // The tool changed, and so did the service: each side has words of its own besides the value.
        QTest::newRow("a value and the subject changed") << "The loyalty service builds with Maven."
                                                         << "The search service builds with Gradle now."
                                                         << "none";
        // A no about another project: the names apart are the projects, not the tool.
        QTest::newRow("a no about another project") << "We decided to use Day.js for date handling in Dune."
                                                    << "Do not use Day.js in Lagoon anymore."
                                                    << "none";
        // The same words about two people: one of them is only the source of the other's fact.
        QTest::newRow("two leads") << "Mei Holm is vegan."
                                   << "Diego Ferreira is vegan, so pick the restaurant with that in mind. Mei Holm "
                                      "confirmed it."
                                   << "none";
        // The same runbook for two services: each names a service the other does not.
        QTest::newRow("one template, two services")
            << "If the sync service shows wrong prices, check that the currency rates job ran."
            << "If the thumbnails service shows wrong prices, check that the currency rates job ran."
            << "none";
        // Two leads that each text names are one subject, its sentences reordered.
        QTest::newRow("reordered, each lead named by both")
            << "Aoife Gallagher doesn't work on Thursdays. Home base for Aoife Gallagher: Lille."
            << "Home base for Aoife Gallagher: Lille. Aoife Gallagher doesn't work on Thursdays."
            << "duplicate";

        // Life updates: a person's home, job or partner, told differently as it changes.
        QTest::newRow("life update: moved") << "Rohan Takahashi lives in Cork."
                                            << "Rohan Takahashi has moved to Seattle."
                                            << "contradiction";
        QTest::newRow("life update: a possessive is the name") << "Omar Hale's home is in Barcelona."
                                                               << "Omar Hale moved from Barcelona to Denver."
                                                               << "contradiction";
        QTest::newRow("life update: a new job") << "Bianca Garnier is a QA engineer at Northwind Labs."
                                                << "Bianca Garnier started a new job at a small law firm."
                                                << "contradiction";
        QTest::newRow("life update: a new partner") << "Kenji Costa is in a relationship with Magda."
                                                    << "Kenji Costa and Magda broke up; he is with Gavin now."
                                                    << "contradiction";
        // Not a life update: another person of the same first name; one name alone, which may be anyone's; history
        // beside the current value; a relative's move; working hours; a move that is no home; an event.
        QTest::newRow("life: another person, same first name") << "Mei Costa's home is in Prague."
                                                               << "Mei Holm has moved to Oslo."
                                                               << "none";
        QTest::newRow("life: a first name alone") << "Maria lives in Paris."
                                                  << "Maria moved to Lyon now."
                                                  << "none";
        QTest::newRow("life: history")
            << "Stefan Sato is living in Oslo."
            << "Stefan Sato moved to Lisbon for a research job in 2019 and stayed until 2020."
            << "none";
        QTest::newRow("life: a relative's move") << "Maria Lopez lives in Paris."
                                                 << "Maria Lopez's sister moved to Lyon now."
                                                 << "none";
        QTest::newRow("life: working hours are no job") << "Nanna Strand is a chemist at Ferncliff Pharma."
                                                        << "Nanna Strand doesn't work on Mondays now."
                                                        << "none";
        QTest::newRow("life: moved to a team is no home") << "Tara Navarro lives in Portland."
                                                          << "Tara Navarro moved to a new team now."
                                                          << "none";
        QTest::newRow("life update: the newer ends the older's value")
            << "Cormac Mulligan is with Ferncliff Pharma (clinical data manager)."
            << "Cormac Mulligan joined a wind park operator as turbine engineer, leaving Ferncliff Pharma."
            << "contradiction";
        QTest::newRow("life update: the full name further into the clause")
            << "Employer of Davor Eriksen: Vireo Research; role: PhD student."
            << "Davor Eriksen joined Ferncliff Pharma as study coordinator, leaving Vireo Research."
            << "contradiction";
        QTest::newRow("life: a source named after the memory is not its subject")
            << "Malin Tverberg lives in Oslo."
            << "The seagrass survey moved to Bergen now. Malin Tverberg says so."
            << "none";
        QTest::newRow("life: lives with a spouse is no home") << "Jorunn Torvik lives with her spouse, Oddvar."
                                                              << "Jorunn Torvik — currently in Salzburg."
                                                              << "none";
        QTest::newRow("life: a word of a compound is no slot")
            << "Nora Xu's home is in Bologna."
            << "Nora Xu reviewed the mobile-address-lookup PR and asked for docs for the new setting."
            << "none";
        QTest::newRow("life: a name alone after a colon is a value") << "Nanna Gunnarsson and Vibeke are married."
                                                                     << "New home for Nanna Gunnarsson: Split."
                                                                     << "none";
        // Transitions: the newer takes the thing from the older's value to another.
        QTest::newRow("transition: ported from") << "The code of the sitemap service is TypeScript."
                                                 << "The sitemap service was ported from TypeScript to Java."
                                                 << "contradiction";
        QTest::newRow("transition: took over from") << "Noemi Chen leads Zephyr."
                                                    << "Ines Almeida took over Zephyr from Noemi Chen."
                                                    << "contradiction";
        QTest::newRow("transition: came from, then switched") << "The checkout service uses Redis."
                                                              << "The checkout outage came from Redis, so we "
                                                                 "switched the checkout service to a bigger instance."
                                                              << "none";
        QTest::newRow("transition: from another of the same surname")
            << "The Zephyr service is maintained by Aaron Chen."
            << "Ines Almeida took over Zephyr from Noemi Chen."
            << "none";
        QTest::newRow("transition: another person's move") << "Vivian Vidal signed up for the triathlon in Osaka."
                                                           << "Paula Vidal moved from Osaka to Glasgow."
                                                           << "none";
        QTest::newRow("transition: another dataset from the same place")
            << "Dataset meter-readings-v3 is stored in gs://shared-raw."
            << "Dataset radiology-notes was migrated from gs://shared-raw to s3://lab-archive."
            << "none";
        // One template, two things: the thing is a letter or a name, or the value is a date (two appointments).
        QTest::newRow("unannounced, another lettered thing") << "The 3D printer B gets calibrated every Tuesday."
                                                             << "The 3D printer C gets calibrated every Wednesday."
                                                             << "none";
        QTest::newRow("unannounced, another named thing") << "The budget for Vesper is 35 thousand euros."
                                                          << "The budget for Magpie is 60 thousand euros."
                                                          << "none";
        QTest::newRow("unannounced, another date") << "Eye test: 8 November, 3 pm, the optician at Station Square."
                                                   << "Eye test: 20 January, 2 pm, the optician at Station Square."
                                                   << "none";
        // A word besides the number on either side: the older's limit was for uploads, or the newer's is.
        QTest::newRow("unannounced, the newer's word besides the number")
            << "The API times out after 30 seconds."
            << "The API times out after 60 seconds on uploads."
            << "none";
        QTest::newRow("unannounced, the older's word besides the number")
            << "The API times out after 30 seconds on uploads."
            << "The API times out after 60 seconds."
            << "none";
        // Two of a kind: a letter or a hyphenated name apart is another thing, however alike the rest.
        QTest::newRow("another lettered thing, the same room") << "The anechoic booth C is in room A-0.40."
                                                               << "The anechoic booth D is in room A-0.40."
                                                               << "none";
        QTest::newRow("another model of a family") << "Learning rate for model lark-small: 6e-4."
                                                   << "Learning rate for model lark-tiny: 6e-4."
                                                   << "none";
        QTest::newRow("a changed count, another version")
            << "Dataset coral-frames holds 12000 labelled examples."
            << "Dataset coral-frames-v3 now holds 140000 labelled examples."
            << "none";
        QTest::newRow("a change announced about another lettered thing")
            << "Booking the laser cutter B: the lab calendar."
            << "The laser cutter C calibration moved to Wednesday."
            << "none";
        QTest::newRow("another version of a dataset") << "Format of dataset seagrass-survey: TFRecords."
                                                      << "Format of dataset seagrass-survey-v2: TFRecords."
                                                      << "none";
        // Who told it is not what it says: a source named at the end ("Heard it from …", "[src: …]").
        QTest::newRow("a changed value, one side says who told it")
            << "Production has 3 replicas of the b2b-subscriptions service. Came up in the 1:1 with Greta Torres."
            << "Production has 4 replicas of the b2b-subscriptions service."
            << "contradiction";
        QTest::newRow("one fact told by two people")
            << "The sync service builds with Gradle. Heard it from Wes Moreau."
            << "The sync service builds with Gradle. (From a chat with Lars Barros in November.)"
            << "duplicate";
        QTest::newRow("a swapped day, the same person") << "Imke Laine doesn't work on Fridays."
                                                        << "Imke Laine doesn't work on Thursdays."
                                                        << "contradiction";
        // Decisions reversed, worded apart: one side adopts a thing, the other drops it.
        QTest::newRow("decision: do not use") << "In Saffron, Cognito is the choice for login."
                                              << "Do not use Cognito in Saffron anymore."
                                              << "contradiction";
        QTest::newRow("decision: adopted again") << "Do not use Cognito in Saffron anymore."
                                                 << "In Saffron, Cognito is the choice for login."
                                                 << "contradiction";
        QTest::newRow("decision: replaced")
            << "The Birch team picked Bugsnag for error tracking after comparing it with Rollbar."
            << "In Birch, Rollbar replaced Bugsnag."
            << "contradiction";
        QTest::newRow("decision: moved off")
            << "Lantern will use PostHog for product analytics; the team agreed on it at planning."
            << "Lantern moved product analytics off PostHog."
            << "contradiction";
        QTest::newRow("decision: gone") << "For product analytics, Vesper went with PostHog."
                                        << "In Vesper, PostHog is gone; use Amplitude for product analytics."
                                        << "contradiction";
        QTest::newRow("decision: no longer, then another") << "We decided to use Knex in Willow."
                                                           << "Willow no longer uses Knex. We switched to TypeORM."
                                                           << "contradiction";
        QTest::newRow("decision: the replacement kept") << "For state management, Osprey went with Redux."
                                                        << "In Osprey, Redux replaced Recoil."
                                                        << "none";
        QTest::newRow("decision: another project drops the tool") << "For error tracking, Acorn went with Sentry."
                                                                  << "Lagoon moved error tracking off Sentry."
                                                                  << "none";
        QTest::newRow("decision: a project of the same topic")
            << "For the patent search paper we settled on Petastorm (data loading)."
            << "Stop using Petastorm on the patent search grant."
            << "none";
        QTest::newRow("decision: the same kind, two projects")
            << "Our choice for multi-GPU training on the active learning paper: DeepSpeed."
            << "The label noise paper has dropped DeepSpeed for multi-GPU training."
            << "none";
        QTest::newRow("a day changed at another place") << "Closed day at Bolt & Bracket: Thursday."
                                                        << "The quay sauna changed its closed day to Monday."
                                                        << "none";
        QTest::newRow("one place, two people's homes") << "Home base for Aoife Gallagher: Lille."
                                                       << "Home base for Odhran Quigley: Lille, now."
                                                       << "none";
        QTest::newRow("another service's deploys, the same day")
            << "The availability service deploys on Thursdays."
            << "We moved the subscriptions service deploys to Thursdays."
            << "none";
        QTest::newRow("another project of a topic, one says who told it")
            << "The dialect drift study includes a human evaluation."
            << "The dialect drift grant includes a human evaluation (checked with Iker)."
            << "none";
        QTest::newRow("a no, each side told by another")
            << "The moth colour patterns grant includes a human evaluation (checked with Zdenek Eklund)"
            << "The moth colour patterns grant goes ahead without human evaluation (told to me by Torsten Brolin on "
               "10.03)"
            << "contradiction";
        QTest::newRow("a no about another named project, one word of its own")
            << "For database access, Jasmine went with Drizzle."
            << "We dropped Drizzle from Sequoia; database access is handled with Knex now."
            << "none";
        QTest::newRow("a price at another place, more values apart")
            << "A loaf at Crumb costs about 6 euros."
            << "Went hiking at Mount Sorrel with Yasmin on Monday. Parking at the trailhead costs 6 euros now."
            << "none";
        QTest::newRow("life: a first name alone may be another's") << "Maria lives in Porto."
                                                                   << "Maria Santos has moved to Lisbon."
                                                                   << "none";
        QTest::newRow("life: a name in a later sentence is not who moved")
            << "Rohan Takahashi lives in Cork."
            << "The team offsite moved to Seattle. Rohan Takahashi booked the hotel."
            << "none";
        // A value swapped, the rest worded apart.
        QTest::newRow("worded apart: a budget") << "Quill II got a revised budget of 40 thousand euros."
                                                << "The budget for Quill II is 50 thousand euros."
                                                << "contradiction";
        QTest::newRow("worded apart: a count") << "Dataset legal-summaries holds 1200 labelled examples."
                                               << "Dataset legal-summaries: 60000 labelled examples."
                                               << "contradiction";
        QTest::newRow("worded apart: two things of a kind")
            << "Cached exchange rates in the tax service expire after 60 minutes."
            << "Cached user profiles in the ratings service expire after 10 minutes."
            << "none";
        QTest::newRow("worded apart: two services") << "The tax service keeps logs for 60 days."
                                                    << "The emea-pdf-render service keeps logs for 30 days."
                                                    << "none";
        QTest::newRow("worded apart: two counts") << "The realtime-consent service has a 99.99% availability target."
                                                  << "The realtime-consent service times out after 10 seconds."
                                                  << "none";
        QTest::newRow("worded apart: two people") << "Ben Tanaka averages 20 km of running per week."
                                                  << "Mei Tanaka averages 50 km of running per week."
                                                  << "none";
        QTest::newRow("worded apart: two lettered things") << "The 3D printer A gets calibrated every Monday."
                                                           << "The 3D printer C gets calibrated every Wednesday."
                                                           << "none";
        QTest::newRow("worded apart: another team's, in words of its own") << "Our standup is at 1:30 pm."
                                                                           << "The support tools team has standup at "
                                                                              "4:30 pm."
                                                                           << "none";
        QTest::newRow("a former value in brackets") << "Ragna Lachance \u2014 currently in Bergen."
                                                    << "Ragna Lachance is in Eindhoven these days (was Bergen)."
                                                    << "contradiction";
        QTest::newRow("a former value in brackets, the new one in everyday words")
            << "Erling Ciobanu is a postdoc in our group."
            << "Erling Ciobanu is a research engineer in the group now (was postdoc)."
            << "contradiction";
        QTest::newRow("partial, a no in a sentence of its own")
            << "run-8891 (tern-xl on tide-gauges): 0.84 macro-F1 after 2k steps."
            << "run-8891 (tern-xl on tide-gauges): 0.84 macro-F1 after 2k steps. In run-8891, no gain over the "
               "baseline."
            << "duplicate";
        QTest::newRow("a no tacked on is no sentence of its own") << "The sync service deploys on Fridays."
                                                                  << "The sync service deploys on Fridays, not now."
                                                                  << "contradiction";
        QTest::newRow("life: an event is no standing fact") << "Met Kenji Costa on 26 June about the partner API."
                                                            << "Kenji Costa and Magda broke up; he is with Gavin now."
                                                            << "none";

        // A capitalised word at a sentence's start that the other text writes as a word is that word, not a name.
        QTest::newRow("a sentence's first word, written small by the other")
            << "1200000 labelled examples in dataset coral-frames-v3."
            << "Dataset coral-frames-v3 now holds 140000 labelled examples."
            << "contradiction";
        QTest::newRow("a label's first word, written small by the other")
            << "Employer of Zofia Grieg: the university press; role: archivist."
            << "Zofia Grieg moved on from the university press; new employer: Tessellate AI."
            << "contradiction";
        QTest::newRow("a grade with a plus is another grade") << "Wiebke Vukovic climbs about 7a."
                                                              << "Wiebke Vukovic is climbing 7a+ now."
                                                              << "contradiction";
        // What a colon introduces is what its label holds: adopted, and dropped by the other.
        QTest::newRow("a value after a colon, dropped")
            << "The snowpack estimation grant \u2014 multi-GPU training: DDP."
            << "On the snowpack estimation grant, DDP is out; Horovod "
               "handles multi-GPU training."
            << "contradiction";
        QTest::newRow("a compound's parts are one thing: two papers' decisions")
            << "Our choice for multi-GPU training on the active learning paper: DeepSpeed."
            << "The label noise paper has dropped DeepSpeed for multi-GPU training."
            << "none";
        QTest::newRow("a change announced in a verb of its own") << "Model godwit-xl uses a batch size of 16."
                                                                 << "Model godwit-xl runs with batch size 1024 now."
                                                                 << "contradiction";
        // What replaced a thing is no thing of the text's own; the project before the comma is.
        QTest::newRow("replaced by a name") << "For login, Thistle went with Clerk."
                                            << "In Thistle, Cognito replaced Clerk."
                                            << "contradiction";
        QTest::newRow("replaced by words") << "In Umbra, Knex is the choice for database access."
                                           << "In Umbra, raw SQL replaced Knex."
                                           << "contradiction";
        QTest::newRow("replaced in another project") << "Decision: Sequoia uses our own Kubernetes setup for hosting."
                                                     << "In Falcon, Cloudflare Pages replaced our own Kubernetes setup."
                                                     << "none";
        QTest::newRow("replaced, the other project's comparison")
            << "The Cinder team picked Rollbar for error tracking after comparing it with Bugsnag."
            << "In Birch, Rollbar replaced Bugsnag."
            << "none";
        QTest::newRow("a name with a dot in it") << "In Saffron, Day.js is the choice for date handling."
                                                 << "In Saffron, date-fns replaced Day.js."
                                                 << "contradiction";
        // One of a kind both name, and nothing else named apart: the rare words each side has are its wording.
        QTest::newRow("a shared label, reworded") << "Ethics clearance for the kelp transect survey: AEC-2023-117."
                                                  << "The kelp transect survey runs under an approval, AEC-2023-117."
                                                  << "duplicate";
        QTest::newRow("a shared label, its format reworded") << "Serialisation of dataset harbour-audio-v2: Avro."
                                                             << "Dataset harbour-audio-v2 is archived as Avro."
                                                             << "duplicate";
        QTest::newRow("a shared label, two services of one kind")
            << "To onboard someone to the ledger service: give them read access to the repo, then pair on one small "
               "ticket, then add them to the on-call shadow rotation."
            << "How to onboard someone to the search service: 1) pair on one small ticket; 2) add them to the on-call "
               "shadow rotation."
            << "none";
        // The same name, another kind of thing after it.
        QTest::newRow("one name, a study and a grant") << "The glacier melt study uses bootstrap intervals for testing."
                                                       << "The glacier melt grant: bootstrap intervals for testing."
                                                       << "none";
        QTest::newRow("one name, then what it did") << "On 3 May the address-lookup service sent duplicate mails "
                                                       "for an hour because of a memory leak in the new release."
                                                    << "Incident on 3 May: a memory leak in the new release made the "
                                                       "address-lookup service send duplicate mails for an hour."
                                                    << "duplicate";
        // A rare word swapped is a changed value only in one statement: no value one side states alone, not the
        // words that name the thing.
        QTest::newRow("a rare word beside a value of its own") << "The lichen atlas grant \u2014 optimiser: Lion."
                                                               << "The lichen atlas grant is now due 21 May."
                                                               << "none";
        QTest::newRow("a rare word beside a value one side states alone") << "The seed bank vault sits in a quarry."
                                                                          << "The seed bank vault opens at 07:30 now."
                                                                          << "none";
        QTest::newRow("a rare word swapped, two of a kind")
            << "The laser cutter B is booked through the facility portal."
            << "The laser cutter C is booked on paper now."
            << "none";
        // Other words after "the", then the same: two things of one kind, however much else they share.
        QTest::newRow("two names of one kind") << "When the ledger service shows wrong totals, check that the ledger "
                                                  "export job ran."
                                               << "If the uploads service shows wrong totals: check that the ledger "
                                                  "export job ran."
                                               << "none";
        QTest::newRow("one name both write elsewhere")
            << "OPS-4411: the weekly sync in the billing service creates duplicates when two syncs overlap."
            << "In the billing service, the weekly sync creates duplicates if two syncs overlap (OPS-4411)."
            << "duplicate";
        QTest::newRow("a name of small words is none") << "The export service is owned by the data team and exposes "
                                                          "its metrics at /internal/metrics."
                                                       << "The export service exposes its metrics at /internal/metrics "
                                                          "and is owned by the data team."
                                                       << "duplicate";
        // Two told events, each with someone, no one in both: two outings to one place.
        QTest::newRow("one outing with others") << "Last Sunday: rowing on the fjord with the whole family. Rowed 6 "
                                                   "km without a break."
                                                << "Went rowing on the fjord with Ingrid on Sunday. Rowed 6 km without "
                                                   "a break."
                                                << "none";
        QTest::newRow("one outing with the same friend")
            << "Went up the hill climb to Monte Verde with Nils on Saturday. Rode 40 km in total."
            << "Last Saturday: went up the hill climb to Monte Verde with Nils. Rode 40 km in total."
            << "duplicate";
        QTest::newRow("two visits with others, a new wing") << "Visited the glass museum with Olga on 18 February."
                                                            << "Visited the glass museum with Cedric on 8 August. The "
                                                               "new wing is worth it."
                                                            << "none";
        QTest::newRow("a partner left, breaking up") << "Mira Holt's husband is Anselm."
                                                     << "Mira Holt got together with Petra after breaking up with "
                                                        "Anselm."
                                                     << "contradiction";
        QTest::newRow("one person's day, in words of its own") << "Ines Kowal has choir practice on Tuesday evenings."
                                                               << "Ines Kowal goes to choir practice on Thursdays now."
                                                               << "contradiction";
        QTest::newRow("a past of theirs") << "Aron Weiss is living in Ghent."
                                          << "Aron Weiss grew up in Porto and left in 2019."
                                          << "none";
        QTest::newRow("another of that first name") << "For context: Lena Brandt is a colleague the user mentors."
                                                    << "For context: Lena Okafor is a colleague who joined Kestrel the "
                                                       "same month as the user."
                                                    << "none";
        QTest::newRow("a job dropped, by first name")
            << "Mira Santos has a job at Siemens, working as a planner."
            << "Oh, before I forget. Apparently Mira works at a bakery these days, not Siemens anymore."
            << "contradiction";
        // Words and hyphenated names compared by their stems.
        QTest::newRow("a compound written apart") << "The data team works in two-week sprints."
                                                  << "Sprints on the data team last two weeks."
                                                  << "duplicate";
        QTest::newRow("a compound in another tense") << "On 4 May the ledger service double-charged some customers "
                                                        "for an hour because of a bad deploy."
                                                     << "Incident on 4 May: a bad deploy made the ledger service "
                                                        "double-charge customers for an hour."
                                                     << "duplicate";
        // A time of day is one value; a day of a month is a date, and two appointments both hold.
        QTest::newRow("a time of day changed") << "The Old Forge opens at 7 am."
                                               << "The Old Forge opens at 7:30 am."
                                               << "contradiction";
        QTest::newRow("a time of day swapped") << "The Kettle Yard cafe opens at 8:30 am."
                                               << "The Kettle Yard cafe opens at 9:30 am."
                                               << "contradiction";
        QTest::newRow("two appointments") << "Dentist: 9 May, 3 pm, Dr Lind."
                                          << "Dentist: 16 May, 2:30 pm, Dr Lind."
                                          << "none";
        QTest::newRow("rare words that name two projects")
            << "The moth survey study \u2014 experiment tracking: a spreadsheet."
            << "The peat coring study: switched experiment tracking to a spreadsheet."
            << "none";
        // A note kept as "label: value": an attribute of a subject holds one value.
        QTest::newRow("one label, two values") << "Best way to reach Ruth Okonkwo: Signal."
                                               << "Best way to reach Ruth Okonkwo: Telegram."
                                               << "contradiction";
        QTest::newRow("one label, two people") << "Curator of dataset reef-audio: Ines Varga."
                                               << "Curator of dataset reef-audio: Tomas Lind."
                                               << "contradiction";
        QTest::newRow("a label of many values") << "Book tip from Ruth Okonkwo: Piranesi."
                                                << "Book tip from Ruth Okonkwo: Stoner."
                                                << "none";
        QTest::newRow("a label that is its subject") << "Harbour Gym: open 06:00\u201322:00."
                                                     << "Harbour Gym: Tomas replaced Elin at the desk."
                                                     << "none";
        QTest::newRow("a label whose name is the subject's")
            << "The NLP of court records study: switched drafting to Overleaf."
            << "The NLP of court records study: code goes public with the paper."
            << "none";
        // Letters and log lines name one of a kind, or a day.
        QTest::newRow("the letter A names one of a kind") << "The fume hood A is booked through the lab calendar."
                                                          << "The fume hood C is booked through the lab calendar."
                                                          << "none";
        QTest::newRow("two days of a log") << "14.09 \u2014 alarm on fridge K2; cause: a door left open."
                                           << "03.11 \u2014 alarm on fridge K2; cause: a door left open."
                                           << "none";
        QTest::newRow("a weekday shortened") << "Refresh of dataset reef-audio: Fri nights."
                                             << "Refresh of dataset reef-audio: Tue nights."
                                             << "contradiction";
        QTest::newRow("a time of day and a count") << "We meet about the kelp survey on Thu at 14:00."
                                                   << "Page limit for the kelp survey: 8."
                                                   << "none";
        // A decision reversed: what a change goes to is adopted, a drop holds somewhere, two kinds are two projects.
        QTest::newRow("switched to another") << "Decision: Kestrel uses Playwright for end-to-end tests."
                                             << "Kestrel no longer uses Playwright. We switched to Cypress."
                                             << "contradiction";
        QTest::newRow("migrating to another, after a dash")
            << "For the fjord sediment paper we settled on Doccano (annotation)."
            << "No more Doccano in the fjord sediment paper \u2014 migrating to Label Studio."
            << "contradiction";
        QTest::newRow("one name, two kinds of work") << "Human eval is part of the label noise study."
                                                     << "Human eval dropped from the label noise paper."
                                                     << "none";
        QTest::newRow("a decision of one name, two kinds of work")
            << "For the kelp phenology study we settled on Doccano (annotation)."
            << "On the kelp phenology paper, Doccano is out; Label Studio handles annotation."
            << "none";
        QTest::newRow("a yes, and a no, of one name, two kinds of work")
            << "Human eval is part of the kelp phenology study."
            << "Human eval dropped from the kelp phenology paper."
            << "none";
        QTest::newRow("a day of a month and a count") << "The kelp survey is now due Apr 20."
                                                      << "Page limit for the kelp survey: 8."
                                                      << "none";
        QTest::newRow("a score of a named model, worded apart")
            << "Held-out accuracy of model wren-base: 0.81."
            << "After the relabelling, model wren-base is at 0.77 accuracy."
            << "contradiction";
        QTest::newRow("two drills") << "The fire drill is on 14.09."
                                    << "The fire drill is on 03.11."
                                    << "none";
        QTest::newRow("what a thing does is no kind of it")
            << "On the Ostrava pollen study, it is the national cluster for compute; the lab workstation lost out."
            << "On the Ostrava pollen study, the national cluster is out; the lab workstation handles compute."
            << "contradiction";
        QTest::newRow("a named thing's value, in words of its own")
            << "The order-export service times out after 30 seconds."
            << "The order-export service has a 45 second timeout now."
            << "contradiction";
        QTest::newRow("the project where a drop holds")
            << "No more gin in the speech drift paper \u2014 migrating to plain YAML."
            << "Pre-registration: yes, for the speech drift paper."
            << "none";
    }

    void compare()
    {
        QFETCH(QString, older);
        QFETCH(QString, newer);
        QFETCH(QString, expected);
        const Comparison c = engram::compare(fact(older), fact(newer));
        const QString got = c.duplicate       ? QStringLiteral("duplicate")
                            : c.contradiction ? QStringLiteral("contradiction")
                                              : QStringLiteral("none");
        QVERIFY2(got == expected,
                 qPrintable(QStringLiteral("%1 (%2, similarity %3)").arg(got, c.reason).arg(c.similarity)));
    }

    void compare_namesTheChangedValue()
    {
        const Comparison c = engram::compare(fact(QStringLiteral("We deploy on Fridays.")),
                                             fact(QStringLiteral("We moved deploys to Tuesdays.")));
        QVERIFY(c.contradiction);
        QCOMPARE(c.reason, QStringLiteral("friday → tuesday"));
    }

    void compare_aLabelsValueChangedIsNamedAsWritten()
    {
        const Comparison reach = engram::compare(fact(QStringLiteral("Best way to reach Ruth Okonkwo: Signal.")),
                                                 fact(QStringLiteral("Best way to reach Ruth Okonkwo: Telegram.")));
        QCOMPARE(reach.reason, QStringLiteral("signal → telegram"));
        // Values that share a word are read by their class: the day, not the label's whole value.
        const Comparison refresh = engram::compare(fact(QStringLiteral("Refresh of dataset reef-audio: Fri nights.")),
                                                   fact(QStringLiteral("Refresh of dataset reef-audio: Tue nights.")));
        QCOMPARE(refresh.reason, QStringLiteral("friday → tuesday"));
    }

    void compare_reasonNamesWhatChangedNotWhereOrWhen()
    {
        // A month shortened is a month, not a place moved to; where a drop holds is not what was dropped.
        const Comparison moved = engram::compare(fact(QStringLiteral("Ilse Berg lives in Turku.")),
                                                 fact(QStringLiteral("Ilse Berg left Turku for Tampere in Oct.")));
        QCOMPARE(moved.reason, QStringLiteral("home: turku → tampere"));
        const Comparison dropped =
            engram::compare(fact(QStringLiteral("For the kelp survey grant we settled on Petastorm for data loading.")),
                            fact(QStringLiteral("Stop using Petastorm on the kelp survey grant.")));
        QCOMPARE(dropped.reason, QStringLiteral("petastorm: adopted → dropped"));
    }

    void compare_transcriptSpeakerIsTheSubject()
    {
        // A life update told in the first person in a transcript: the speaker is who it is about.
        const Comparison c =
            engram::compare(fact(QStringLiteral("Caroline lives in Boston.")),
                            MemoryProfile::of(QStringLiteral("I just moved to Seattle, I live there now!"),
                                              QStringLiteral("Caroline")));
        QVERIFY2(c.contradiction, qPrintable(c.reason));
        QVERIFY2(c.reason.contains(QStringLiteral("boston → seattle")), qPrintable(c.reason));
    }

    void compare_lifeUpdateToldByAFriendInATurn()
    {
        // The turn's label ("**Ezra** (D1:2):") is no name and no number; the person is the one the turn leads with.
        const Comparison c = engram::compare(
            fact(QStringLiteral("Cedric Okafor is living in Barcelona.")),
            MemoryProfile::of(
                QStringLiteral("**Ezra** (D1:2): I have gossip. Remember Cedric Okafor? He lives in Hamburg now."),
                QStringLiteral("Ezra")));
        QVERIFY2(c.contradiction, qPrintable(c.reason));
        QCOMPARE(c.reason, QStringLiteral("home: barcelona → hamburg"));
    }

    void compare_lifeUpdateNamesAWholeNameAsWritten()
    {
        // A name of two words is one name in the reason, in the text's order: "atlas freight", not "atlas, freight".
        const Comparison c =
            engram::compare(fact(QStringLiteral("Anton Berg works at Atlas Freight.")),
                            fact(QStringLiteral("Anton Berg left Atlas Freight; he works at the city council now.")));
        QVERIFY2(c.contradiction, qPrintable(c.reason));
        QCOMPARE(c.reason, QStringLiteral("work: atlas freight →"));
    }

    void compare_lifeUpdateToldByThePersonNamesWhatTheyLeft()
    {
        // "Kenji" alone may be another Kenji: the turn names the city the older fact states.
        const Comparison left = engram::compare(
            fact(QStringLiteral("Kenji Varga lives in Montreal.")),
            MemoryProfile::of(
                QStringLiteral("**Kenji** (D1:2): So much has changed! I moved to Seville! Left Montreal in July."),
                QStringLiteral("Kenji")));
        QVERIFY2(left.contradiction, qPrintable(left.reason));
        QCOMPARE(left.reason, QStringLiteral("home: montreal → seville"));
        const Comparison unnamed = engram::compare(
            fact(QStringLiteral("Mikkel Uhlig is based in Gothenburg.")),
            MemoryProfile::of(QStringLiteral("**Mikkel** (D1:2): I live in Bergen now, still living out of boxes"),
                              QStringLiteral("Mikkel")));
        QVERIFY2(!unnamed.contradiction, qPrintable(unnamed.reason));
        // Said by Sindre, about Signe.
        const Comparison other = engram::compare(
            fact(QStringLiteral("Sindre Lachance lives with his spouse, Bendik.")),
            MemoryProfile::of(
                QStringLiteral("**Sindre** (D1:2): Signe and Rikke separated, she lives with Vibeke now, Bendik says"),
                QStringLiteral("Sindre")));
        QVERIFY2(!other.contradiction, qPrintable(other.reason));
    }

    void compare_lifeUpdateByFirstNameNamesTheOlderValue()
    {
        // "Brede" alone may be another Brede: a first name is the person only with the older's value named too.
        const Comparison other = engram::compare(
            fact(QStringLiteral("Brede Ilves is based in Plovdiv.")),
            MemoryProfile::of(
                QStringLiteral("**Iker** (D1:2): Brede's new home is Aachen, since Feb, he seems thrilled"),
                QStringLiteral("Iker")));
        QVERIFY2(!other.contradiction, qPrintable(other.reason));
        const Comparison same = engram::compare(
            fact(QStringLiteral("Jorunn Torvik lives with her spouse, Oddvar.")),
            MemoryProfile::of(
                QStringLiteral("**Tamsin** (D1:2): Jorunn and Oddvar separated, she lives with Nelli now"),
                QStringLiteral("Tamsin")));
        QVERIFY2(same.contradiction, qPrintable(same.reason));
        QCOMPARE(same.reason, QStringLiteral("partner: oddvar → nelli"));
    }

    void profile_ofATurnLeavesOutItsLabel()
    {
        const MemoryProfile p =
            MemoryProfile::of(QStringLiteral("**Rosa** (D1:2): Omar Hale's home is in Leeds."), QStringLiteral("Rosa"));
        QCOMPARE(p.values.value(ValueClass::Name), QSet<QString>({QStringLiteral("rosa"), QStringLiteral("omar"),
                                                                  QStringLiteral("hale"), QStringLiteral("leeds")}));
        QVERIFY(!p.values.contains(ValueClass::Number));
        QCOMPARE(p.person, QStringList({QStringLiteral("omar"), QStringLiteral("hale")}));
        QCOMPARE(p.lead, QStringLiteral("rosa"));
        QCOMPARE(p.lifeSlots, MemoryProfile::kHome);
        const MemoryProfile back = MemoryProfile::deserialize(p.serialize());
        QCOMPARE(back.person, p.person);
        const MemoryProfile told = fact(QStringLiteral("Willow no longer uses Knex. We switched to TypeORM. Heard it "
                                                       "from Wes Moreau over lunch."));
        const MemoryProfile toldBack = MemoryProfile::deserialize(told.serialize());
        QCOMPARE(toldBack.dropped, told.dropped);
        QCOMPARE(toldBack.adopted, told.adopted);
        QCOMPARE(toldBack.sources, QSet<QString>({QStringLiteral("wes"), QStringLiteral("moreau")}));
        QCOMPARE(toldBack.sourceWords, told.sourceWords);
        QVERIFY(told.sourceWords.contains(QStringLiteral("lunch")));
        QCOMPARE(told.dropped, QSet<QString>({QStringLiteral("knex")}));
        QCOMPARE(toldBack.normalized, told.normalized);
        QCOMPARE(back.lead, p.lead);
        QCOMPARE(back.lifeSlots, p.lifeSlots);
        // A plain "Speaker: text" label too (agent logs).
        const MemoryProfile plain =
            MemoryProfile::of(QStringLiteral("Rosa: we deploy on 3 servers"), QStringLiteral("Rosa"));
        QCOMPARE(plain.values.value(ValueClass::Number), QSet<QString>({QStringLiteral("3")}));
        QCOMPARE(plain.normalized, QStringLiteral("we deploy on 3 servers"));
    }

    void compare_eventsAndAppointmentsDisagreeOnlyOnAnAnnouncedChange()
    {
        // Neither side a standing fact: two appointments both hold.
        const Comparison both = engram::compare(
            MemoryProfile::of(QStringLiteral("The dentist appointment is on 23 March at the clinic.")),
            MemoryProfile::of(QStringLiteral("The dentist appointment is on 16 January at the clinic.")));
        QVERIFY(!both.contradiction);
        const Comparison moved = engram::compare(
            MemoryProfile::of(QStringLiteral("The dentist appointment is on 23 March at the clinic.")),
            MemoryProfile::of(QStringLiteral("The dentist appointment moved to 16 January at the clinic.")));
        QVERIFY2(moved.contradiction, qPrintable(moved.reason));
    }

    void compare_aRareWordSwappedIsAChangedValue()
    {
        const Comparison c = engram::compare(fact(QStringLiteral("The user's shell is zsh.")),
                                             fact(QStringLiteral("The user's shell is fish now.")));
        QVERIFY2(c.contradiction, qPrintable(c.reason));
        QCOMPARE(c.reason, QStringLiteral("zsh → fish"));
    }

    void compare_aSwappedWordIsNamedAsWritten()
    {
        // The reason is read by a person: the words as the texts write them ("biome"), not their stems ("biom").
        const Comparison c = engram::compare(fact(QStringLiteral("The team's linter is eslint.")),
                                             fact(QStringLiteral("The team's linter is biome now.")));
        QVERIFY2(c.contradiction, qPrintable(c.reason));
        QCOMPARE(c.reason, QStringLiteral("eslint → biome"));
    }

    void profile_readsACountInWords_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("numbers"); // the profile's numbers, sorted, space-separated
        QTest::newRow("a count") << "The team requires three approvals."
                                 << "3";
        QTest::newRow("one thing") << "The team requires one approval."
                                   << "1";
        QTest::newRow("one of them") << "Pia is one of the maintainers."
                                     << "";
        QTest::newRow("no one") << "No one reviews on Fridays."
                                << "";
        QTest::newRow("a name") << "Lunch at Two Wheels, then Three Kings."
                                << "";
        QTest::newRow("before a number") << "Room two 14 is booked."
                                         << "14";
        QTest::newRow("a time of day") << "Standup moves to 9:30 on Monday, the review to 16:00."
                                       << "16:00 9:30";
        QTest::newRow("a score is two numbers") << "We won 3:2 at 123:45 minutes."
                                                << "123 2 3 45";
    }

    void profile_readsACountInWords()
    {
        QFETCH(QString, text);
        QFETCH(QString, numbers);
        QStringList got = MemoryProfile::of(text).values.value(ValueClass::Number).values();
        got.sort();
        QCOMPARE(got.join(QLatin1Char(' ')), numbers);
    }

    void profile_leavesOutWhoToldIt_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("kept");        // the normalized text the profile keeps
        QTest::addColumn<QString>("sourceNames"); // space-separated
        QTest::newRow("heard it from") << "Production has 3 replicas. Heard it from Wes Moreau."
                                       << "production has 3 replicas"
                                       << "wes moreau";
        QTest::newRow("per, as of") << "Lagoon is due on 17 April. Per Omar Jovanovic, as of March."
                                    << "lagoon is due on 17 april"
                                    << "omar jovanovic march";
        QTest::newRow("came up") << "Standup is at 9 am. Came up in the 1:1 with Greta Torres."
                                 << "standup is at 9 am"
                                 << "greta torres";
        QTest::newRow("brackets and a dash, twice")
            << "Dataset insect-traps was relicensed as CC0 [Frida Karlsen, Jan] \u2014 via Nils Yates, 08.03"
            << "dataset insect traps was relicensed as cc0"
            << "frida karlsen jan nils yates";
        QTest::newRow("noted, a date") << "The study is pre-registered (noted 12.03)"
                                       << "the study is pre registered"
                                       << "";
        QTest::newRow("a channel set off") << "The quay sauna is in the islet \u2014 Aug group meeting"
                                           << "the quay sauna is in the islet"
                                           << "aug";
        // Not who told it: a value, a former value, a visit, an amount, the only sentence.
        QTest::newRow("a value set off") << "The quay sauna \u2014 in Vesterbro."
                                         << "the quay sauna in vesterbro"
                                         << "";
        QTest::newRow("a former value") << "Nanna Cullen is in Leipzig these days (was Poznan)."
                                        << "nanna cullen is in leipzig these days was poznan"
                                        << "";
        QTest::newRow("came by") << "Standup is at 9 am. Maria came by on Friday."
                                 << "standup is at 9 am maria came by on friday"
                                 << "";
        QTest::newRow("a channel in a sentence") << "The offsite is on Friday. Lunch is with Maria."
                                                 << "the offsite is on friday lunch is with maria"
                                                 << "";
        QTest::newRow("an amount") << "Membership costs 120 (per year)."
                                   << "membership costs 120 per year"
                                   << "";
        QTest::newRow("the only sentence") << "Heard it from Wes Moreau."
                                           << "heard it from wes moreau"
                                           << "";
    }

    void profile_leavesOutWhoToldIt()
    {
        QFETCH(QString, text);
        QFETCH(QString, kept);
        QFETCH(QString, sourceNames);
        const QStringList sources = sourceNames.split(QLatin1Char(' '), Qt::SkipEmptyParts);
        const MemoryProfile p = fact(text);
        QCOMPARE(p.normalized, kept);
        QCOMPARE(p.sources, QSet<QString>(sources.cbegin(), sources.cend()));
        for (const QString &source : sources) // no subject, no value
            QVERIFY2(!p.valueKeys().contains(QStringLiteral("name:") + source) && !p.terms.contains(source),
                     qPrintable(source));
        // A turn of talk keeps all it says.
        const MemoryProfile turn = MemoryProfile::of(text, QStringLiteral("Rosa"));
        QVERIFY(turn.sources.isEmpty());
    }

    void compare_namesTheFormerValue()
    {
        const Comparison moved =
            engram::compare(fact(QStringLiteral("Aoife Rydberg \u2014 currently in Poznan.")),
                            fact(QStringLiteral("Aoife Rydberg is in Riga these days (was Poznan).")));
        QCOMPARE(moved.reason, QStringLiteral("poznan → riga"));
        const Comparison role = engram::compare(
            fact(QStringLiteral("Erling Ciobanu is a postdoc in our group.")),
            fact(QStringLiteral("Erling Ciobanu is a research engineer in the group now (was a postdoc).")));
        QCOMPARE(role.reason, QStringLiteral("postdoc → research engineer"));
    }

    void compare_namesTheDecisionReversed()
    {
        const Comparison dropped = engram::compare(fact(QStringLiteral("In Saffron, Cognito is the choice for login.")),
                                                   fact(QStringLiteral("Do not use Cognito in Saffron anymore.")));
        QCOMPARE(dropped.reason, QStringLiteral("cognito: adopted → dropped")); // dropped in Saffron, not Saffron
        const Comparison again = engram::compare(fact(QStringLiteral("Willow no longer uses Knex.")),
                                                 fact(QStringLiteral("We decided to use Knex in Willow.")));
        QCOMPARE(again.reason, QStringLiteral("knex: dropped → adopted again"));
        const MemoryProfile replacedBy = fact(QStringLiteral("In Willow, Knex was replaced by TypeORM."));
        QCOMPARE(replacedBy.dropped, QSet<QString>({QStringLiteral("knex"), QStringLiteral("willow")}));
        const MemoryProfile lostOut =
            fact(QStringLiteral("On the tide paper, it is Typst for drafting; LaTeX lost out."));
        QCOMPARE(lostOut.dropped, QSet<QString>({QStringLiteral("latex")}));
        QCOMPARE(lostOut.adopted, QSet<QString>());
        // The things as written, not as stemmed ("kubernet"), a name with a dot whole.
        const Comparison written =
            engram::compare(fact(QStringLiteral("In Falcon, our own Kubernetes setup is the choice for hosting.")),
                            fact(QStringLiteral("In Falcon, Cloudflare Pages replaced our own Kubernetes setup.")));
        QCOMPARE(written.reason, QStringLiteral("kubernetes, setup: adopted → dropped"));
        const Comparison dotted = engram::compare(fact(QStringLiteral("In Saffron, Day.js is the choice for dates.")),
                                                  fact(QStringLiteral("In Saffron, date-fns replaced Day.js.")));
        QCOMPARE(dotted.reason, QStringLiteral("day.js: adopted → dropped"));
    }

    void compare_aNameSwappedAsItsValue()
    {
        // A name no memory of the vault leads with is a value ("Rust", "Kotlin"); one that leads memories is a subject
        // ("Osprey"), and without the vault's counts no name is known to be a value.
        const auto none = [](const QString &) { return 0; };
        const MemoryProfile rust = fact(QStringLiteral("The search service is written in Rust.")),
                            kotlin = fact(QStringLiteral("The search service is written in Kotlin."));
        const Comparison c = engram::compare(rust, kotlin, {}, none);
        QVERIFY2(c.contradiction, qPrintable(c.reason));
        QCOMPARE(c.reason, QStringLiteral("rust → kotlin"));
        QVERIFY(!engram::compare(rust, kotlin).contradiction);
        QVERIFY(!engram::compare(rust, kotlin, {}, [](const QString &name) {
                     return name == QLatin1String("kotlin") ? 4 : 0;
                 }).contradiction);
        const MemoryProfile heron = fact(QStringLiteral("The weekly report for Heron is sent by Ivo.")),
                            wren = fact(QStringLiteral("The weekly report for Wren is sent by Ivo."));
        QVERIFY(engram::compare(heron, wren, {}, none).contradiction); // nothing says Heron is a project
        QVERIFY(!engram::compare(heron, wren, {}, [](const QString &name) {
                     return name == QLatin1String("heron") || name == QLatin1String("wren") ? 9 : 0;
                 }).contradiction);
        // A name beside one both hold is part of a longer one: "Heron Mobile" is another project.
        QVERIFY(!engram::compare(fact(QStringLiteral("Decision: Heron uses Sentry for error tracking.")),
                                 fact(QStringLiteral("Decision: Heron Mobile uses Bugsnag for error tracking.")), {},
                                 none)
                     .contradiction);
    }

    void compare_lifeUpdateByTheSpeakerInFull()
    {
        // A transcript's participants give the speaker's whole name: "Mikkel" is then Mikkel Uhlig, who needs to name
        // no value they left; by the label's first name alone it may be another Mikkel.
        const MemoryProfile older = fact(QStringLiteral("Mikkel Uhlig is based in Gothenburg."));
        const QString turn = QStringLiteral("**Mikkel** (D1:2): I live in Bergen now, still living out of boxes");
        const Comparison whole = engram::compare(older, MemoryProfile::of(turn, QStringLiteral("Mikkel Uhlig")));
        QVERIFY2(whole.contradiction, qPrintable(whole.reason));
        QCOMPARE(whole.reason, QStringLiteral("home: gothenburg → bergen"));
        QVERIFY(!engram::compare(older, MemoryProfile::of(turn, QStringLiteral("Mikkel Berg"))).contradiction);
        QVERIFY(!engram::compare(older, MemoryProfile::of(turn, QStringLiteral("Mikkel"))).contradiction);
        // The whole name says who speaks: a turn's copy-likeness counts its first name only.
        const MemoryProfile spoken = MemoryProfile::of(turn, QStringLiteral("Mikkel Uhlig"));
        QCOMPARE(spoken.speaker, QStringList({QStringLiteral("mikkel"), QStringLiteral("uhlig")}));
        QVERIFY(!spoken.values.value(ValueClass::Name).contains(QStringLiteral("uhlig")));
    }

    void profile_readsNamedThingsAndNumbersWhole()
    {
        // Everyday words joined say how ("held-out", "on-call"), a rare word or a number joined names one thing
        // ("wren-base", "macro-f1"); a number in scientific notation is one value.
        const MemoryProfile p = fact(QStringLiteral("Held-out macro-F1 of model wren-base with lr 2e-5: 0.81."));
        QVERIFY(!p.specific.contains(QStringLiteral("held-out")));
        QVERIFY(p.specific.contains(QStringLiteral("wren-base")));
        QVERIFY(p.specific.contains(QStringLiteral("macro-f1")));
        QCOMPARE(p.values.value(ValueClass::Number), QSet<QString>({QStringLiteral("2e-5"), QStringLiteral("0.81")}));
    }

    void profile_aLabelsValueLeadsOnlyWhenTheLabelNamesNothing()
    {
        QCOMPARE(fact(QStringLiteral("Best way to reach Ruth Okonkwo: Threema.")).lead, QString());
        QCOMPARE(fact(QStringLiteral("Our team: Piet Jansen, data steward.")).lead, QStringLiteral("piet"));
        const MemoryProfile labelled =
            fact(QStringLiteral("Curator of dataset reef-audio: Ines Varga. Ask her first."));
        QCOMPARE(labelled.labelWords, 5);      // curator of dataset reef audio
        QCOMPARE(labelled.labelValueWords, 2); // ines varga
        QCOMPARE(fact(QStringLiteral("Ines Varga curates it. Note: ask her first.")).labelWords, 0);
    }

    void profile_roundTripsThroughItsLine()
    {
        const MemoryProfile p = fact(QStringLiteral("Maria no longer works at Acme since March 2025."));
        const MemoryProfile back = MemoryProfile::deserialize(p.serialize());
        QCOMPARE(back.terms, p.terms);
        QCOMPARE(back.valueKeys(), p.valueKeys());
        QCOMPARE(back.negated, p.negated);
        QCOMPARE(back.announcesChange, p.announcesChange);
        QCOMPARE(back.normalized, p.normalized);
        QCOMPARE(back.lead, p.lead);
        QCOMPARE(back.standing, p.standing);
        QCOMPARE(back.history, p.history);
        QCOMPARE(back.lifeSlots, p.lifeSlots);
        QCOMPARE(back.person, p.person);
        QVERIFY(p.history);                          // a year
        QCOMPARE(p.lifeSlots, MemoryProfile::kWork); // "works"
        QCOMPARE(p.person, QStringList({QStringLiteral("maria")}));
        const MemoryProfile ported = fact(QStringLiteral("The sitemap service was ported from TypeScript to Java."));
        QCOMPARE(ported.fromValues, QSet<QString>({QStringLiteral("typescript")}));
        QCOMPARE(MemoryProfile::deserialize(ported.serialize()).fromValues, ported.fromValues);
        QCOMPARE(MemoryProfile::deserialize(ported.serialize()).normalized, ported.normalized);
        const MemoryProfile relative = fact(QStringLiteral("Maria's brother lives in Lyon."));
        QCOMPARE(MemoryProfile::deserialize(relative.serialize()).mentionsRelative, true);
        QCOMPARE(relative.lead, QStringLiteral("marias")); // Maria's brother, not Maria
        QVERIFY(p.negated);
        QVERIFY(p.announcesChange);
        QVERIFY(p.valueKeys().contains(QStringLiteral("month:march")));
        QVERIFY(p.valueKeys().contains(QStringLiteral("number:2025")));
        QVERIFY(p.valueKeys().contains(QStringLiteral("name:acme")));
        const MemoryProfile labelled = fact(QStringLiteral("Curator of dataset reef-audio: Ines Varga."));
        const MemoryProfile labelledBack = MemoryProfile::deserialize(labelled.serialize());
        QCOMPARE(labelledBack.labelWords, labelled.labelWords);
        QCOMPARE(labelledBack.labelValueWords, labelled.labelValueWords);
        const MemoryProfile spoken = MemoryProfile::of(QStringLiteral("I moved."), QStringLiteral("Mikkel Uhlig"));
        QCOMPARE(MemoryProfile::deserialize(spoken.serialize()).speaker, spoken.speaker);
        const MemoryProfile dropped = fact(QStringLiteral("No more gin in the speech drift paper."));
        QVERIFY(!dropped.droppedWhere.isEmpty());
        QCOMPARE(MemoryProfile::deserialize(dropped.serialize()).droppedWhere, dropped.droppedWhere);
    }
};

QTEST_GUILESS_MAIN(TestMemoryComparison)
#include "tst_memorycomparison.moc"
