#include "hygiene/MemoryComparison.h"

#include "core/TextAnalysis.h"
#include "recall/WordFrequency.h"

#include <QRegularExpression>
#include <QStringView>

#include <algorithm>
#include <climits>
#include <initializer_list>

namespace engram {

namespace {

QSet<QString> setOf(std::initializer_list<const char *> words)
{
    QSet<QString> set;
    for (const char *w : words)
        set.insert(QString::fromLatin1(w));
    return set;
}

const QSet<QString> &weekdays()
{
    static const QSet<QString> set =
        setOf({"monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"});
    return set;
}

const QHash<QString, QString> &weekdayAbbreviations()
{
    static const QHash<QString, QString> map{
        {QStringLiteral("mon"), QStringLiteral("monday")},     {QStringLiteral("tue"), QStringLiteral("tuesday")},
        {QStringLiteral("tues"), QStringLiteral("tuesday")},   {QStringLiteral("wed"), QStringLiteral("wednesday")},
        {QStringLiteral("thu"), QStringLiteral("thursday")},   {QStringLiteral("thur"), QStringLiteral("thursday")},
        {QStringLiteral("thurs"), QStringLiteral("thursday")}, {QStringLiteral("fri"), QStringLiteral("friday")},
        {QStringLiteral("sat"), QStringLiteral("saturday")},   {QStringLiteral("sun"), QStringLiteral("sunday")}};
    return map;
}

const QSet<QString> &months()
{
    // "may", "march" and "august" are words too: a month only when capitalised (see monthOf).
    static const QSet<QString> set = setOf({"january", "february", "march", "april", "may", "june", "july", "august",
                                            "september", "october", "november", "december"});
    return set;
}

/// Words that say no, or undo: a memory holding one disagrees with one that affirms the same subject.
const QSet<QString> &monthAbbreviations()
{
    static const QSet<QString> set =
        setOf({"jan", "feb", "mar", "apr", "jun", "jul", "aug", "sep", "sept", "oct", "nov", "dec"});
    return set;
}

/// A month's name or its short form, in lower case ("june", "jun").
bool isMonthWord(const QString &lower)
{
    return months().contains(lower) || monthAbbreviations().contains(lower);
}

const QSet<QString> &negations()
{
    static const QSet<QString> set = setOf(
        {"not",      "no",      "never",    "dont",    "doesnt",    "didnt",      "wont",      "cant",      "cannot",
         "shouldnt", "isnt",    "arent",    "wasnt",   "werent",    "nobody",     "nothing",   "neither",   "nor",
         "without",  "stop",    "stopped",  "stops",   "drop",      "dropped",    "abandon",   "abandoned", "quit",
         "ditch",    "ditched", "avoid",    "avoided", "deprecate", "deprecated", "disable",   "disabled",  "ban",
         "banned",   "reject",  "rejected", "revert",  "reverted",  "cancel",     "cancelled", "canceled",  "scrap",
         "scrapped", "retire",  "retired",  "removed", "remove",    "against",    "forbid",    "forbidden"});
    return set;
}

/// Words that announce that something is different now.
const QSet<QString> &changeMarkers()
{
    static const QSet<QString> set = setOf(
        {"moved",   "move",     "moving",   "switched", "switch",    "switching",   "changed",   "change",  "now",
         "anymore", "longer",   "instead",  "replaced", "replace",   "became",      "become",    "started", "joined",
         "left",    "migrated", "upgraded", "updated",  "relocated", "rescheduled", "currently", "since",   "new"});
    return set;
}

/// Words that narrate one past event: two such memories both happened.
const QSet<QString> &eventWords()
{
    static const QSet<QString> set =
        setOf({"went",  "visited", "saw",  "met",    "spent",   "attended",  "celebrated", "watched",  "played",
               "tried", "bought",  "ate",  "took",   "had",     "yesterday", "weekend",    "trip",     "ago",
               "last",  "did",     "went", "walked", "hiked",   "ran",       "enjoyed",    "finished", "read",
               "wrote", "made",    "came", "got",    "tonight", "today"});
    return set;
}

/// The three things about a person that hold one value at a time: where they live, where they work, who their
/// partner is. A word of one of them in two texts about one person says both are about that slot.
const QHash<QString, int> &lifeSlotWords()
{
    static const QHash<QString, int> words = [] {
        QHash<QString, int> w;
        for (const char *word : {"live", "lives", "living", "lived", "home", "based", "resides", "reside", "relocated",
                                 "relocate", "relocating", "house", "flat", "apartment", "settled", "address"})
            w.insert(QString::fromLatin1(word), MemoryProfile::kHome);
        for (const char *word : {"work", "works", "working", "worked", "job", "jobs", "employer", "employed", "role",
                                 "hired", "joined", "quit", "quitting", "resigned", "career"})
            w.insert(QString::fromLatin1(word), MemoryProfile::kWork);
        for (const char *word :
             {"married",    "marry",   "marriage",  "husband", "wife",         "spouse", "partner", "boyfriend",
              "girlfriend", "fiance",  "fiancee",   "engaged", "relationship", "dating", "seeing",  "together",
              "divorced",   "divorce", "separated", "split",   "remarried",    "broke"})
            w.insert(QString::fromLatin1(word), MemoryProfile::kPartner);
        return w;
    }();
    return words;
}

/// People a person's fact can be about instead of them ("Maria's sister lives in Lyon" says nothing of where
/// Maria lives), and pets.
const QSet<QString> &relatives()
{
    static const QSet<QString> set =
        setOf({"sister",    "sisters",  "brother",     "brothers",    "sibling",  "siblings",  "mother",   "father",
               "mom",       "mum",      "dad",         "parent",      "parents",  "son",       "sons",     "daughter",
               "daughters", "kid",      "kids",        "child",       "children", "cousin",    "aunt",     "uncle",
               "niece",     "nephew",   "grandmother", "grandfather", "grandma",  "grandpa",   "friend",   "friends",
               "roommate",  "flatmate", "housemate",   "neighbour",   "neighbor", "colleague", "coworker", "boss",
               "dog",       "cat",      "pet"});
    return set;
}

/// Words that end what a person had ("left Montreal", "leaving Vireo Research", "the divorce from Christer", "sold
/// the Turku place"): said of a value an older fact states, they announce its change.
const QSet<QString> &endingWords()
{
    static const QSet<QString> set = setOf({"left", "leaving", "quit", "quitting", "resigned", "divorce", "divorced",
                                            "separated", "broke", "breaking", "ended", "sold", "gone"});
    return set;
}

/// Verbs that take a thing from one value to another ("migrated the currency service from SQLite to Cassandra",
/// "took over Zephyr from Noemi Chen", "was converted from JSON lines to TFRecords").
const QSet<QString> &transitionWords()
{
    static const QSet<QString> set =
        setOf({"migrated", "ported", "converted", "switched", "moved", "changed", "swapped", "transferred", "took",
               "upgraded", "downgraded", "replaced", "handed", "retargeted", "rewritten", "rewrote"});
    return set;
}

/// The stems of transitionWords: "migrating to", "switching to" go somewhere as "migrated to" does.
const QSet<QString> &transitionStems()
{
    static const QSet<QString> set = [] {
        QSet<QString> stems;
        for (const QString &word : transitionWords())
            stems.insert(TextAnalysis::stem(word));
        return stems;
    }();
    return set;
}

/// Words that drop what follows them in their clause ("Do not use Cognito in Saffron", "We dropped Vercel from
/// Nectar", "In Birch, Rollbar replaced Bugsnag", "Stop using Adafactor"): a decision undone.
const QSet<QString> &droppingWords()
{
    static const QSet<QString> set =
        setOf({"not",       "no",         "never",    "dont",     "doesnt",  "didnt",     "wont",   "stop",
               "stopped",   "stops",      "drop",     "dropped",  "abandon", "abandoned", "ditch",  "ditched",
               "deprecate", "deprecated", "ban",      "banned",   "scrap",   "scrapped",  "retire", "retired",
               "remove",    "removed",    "replaced", "rejected", "reverted"});
    return set;
}

/// Words that adopt what their clause names: a decision ("In Saffron, Cognito is the choice for login", "We decided to
/// use Knex", "For styling, Quill II went with Tailwind", "Nimbus uses SQS").
const QSet<QString> &adoptingWords()
{
    static const QSet<QString> set =
        setOf({"use", "uses", "using", "choice", "chose", "chosen", "picked", "decided", "decision", "settled",
               "adopted", "adopts", "handles", "handled", "standardised", "standardized"});
    return set;
}

/// Words that put a fact in the past ("lived in Lisbon until 2020", "used to work at Ferrovia"): history beside
/// the current value, not a change of it.
const QSet<QString> &historyWords()
{
    static const QSet<QString> set = setOf({"until", "till", "formerly", "former", "previously", "once"});
    return set;
}

/// Words before "one" that make it someone or something, not a count ("no one", "any one of", "every one").
const QSet<QString> &notACountBefore()
{
    static const QSet<QString> words = setOf({"no", "any", "every", "some", "each", "which", "this", "that"});
    return words;
}

/// A count written as a word ("three approvals", "one replica"): its digits, so "three" and "3" are one value and
/// "three approvals" / "one approval" two. Empty for any other word.
QString numberWordValue(const QString &lower)
{
    static const QStringList words = {QStringLiteral("one"),   QStringLiteral("two"),    QStringLiteral("three"),
                                      QStringLiteral("four"),  QStringLiteral("five"),   QStringLiteral("six"),
                                      QStringLiteral("seven"), QStringLiteral("eight"),  QStringLiteral("nine"),
                                      QStringLiteral("ten"),   QStringLiteral("eleven"), QStringLiteral("twelve")};
    const qsizetype i = words.indexOf(lower);
    return i < 0 ? QString() : QString::number(i + 1);
}

/// A year: 1900–2099.
bool isYear(const QString &lower)
{
    return lower.size() == 4 && (lower.startsWith(QLatin1String("19")) || lower.startsWith(QLatin1String("20")))
           && lower.at(2).isDigit() && lower.at(3).isDigit();
}

/// A capitalised word at the start of a sentence is a name only when it is not an everyday word
/// ("Deploys run …", "Maria works …": Zipf 4.5 splits them on the SUBTLEX-US list).
bool isEverydayWord(const QString &lower)
{
    const WordFrequency &frequency = WordFrequency::english();
    return !frequency.available() || frequency.zipf(lower) >= 4.5;
}

/// A word that names one thing rather than saying something general: rare in everyday English, or not on
/// the list at all ("webhooks", "geocoding"). Without the list no word is.
bool isSpecificWord(const QString &lower)
{
    const WordFrequency &frequency = WordFrequency::english();
    return frequency.available() && lower.size() >= 3 && !lower.front().isDigit()
           && frequency.zipf(lower) < kSpecificZipf;
}

/// Whether `newer` announces a change with a word of its own: a "now" both texts hold says nothing about
/// what differs between them.
bool announcesOwnChange(const MemoryProfile &older, const MemoryProfile &newer)
{
    if (!newer.announcesChange)
        return false;
    if (!older.announcesChange)
        return true;
    const QStringList olderWords = older.normalized.split(QLatin1Char(' '));
    const QSet<QString> had(olderWords.cbegin(), olderWords.cend());
    for (const QString &w : newer.normalized.split(QLatin1Char(' ')))
        if (changeMarkers().contains(w) && !had.contains(w))
            return true;
    return false;
}

/// The words of a profile's normalized text, in order.
QStringList wordsOf(const MemoryProfile &p)
{
    return p.normalized.split(QLatin1Char(' '), Qt::SkipEmptyParts);
}

/// `names` (lower case) as `p`'s text has them: in its order, a run of them side by side one name ("Atlas Freight"),
/// runs apart by commas; a name the words do not hold (a key of its own) after them, sorted.
QString namesAsWritten(const MemoryProfile &p, const QSet<QString> &names)
{
    QStringList runs;
    QSet<QString> seen;
    QString run;
    const QStringList words = wordsOf(p);
    for (qsizetype i = 0; i <= words.size(); ++i) {
        if (i < words.size() && names.contains(words[i])) {
            run += (run.isEmpty() ? QString() : QStringLiteral(" ")) + words[i];
            seen.insert(words[i]);
            continue;
        }
        if (!run.isEmpty() && !runs.contains(run))
            runs << run;
        run.clear();
    }
    QStringList rest(names.cbegin(), names.cend());
    rest.removeIf([&](const QString &name) { return seen.contains(name); });
    rest.sort();
    return (runs + rest).join(QStringLiteral(", "));
}

/// A life update: an older standing fact about a person's home, job or partner, and a newer text about that
/// person and the same slot that announces a change and names another value, or drops the older one ("Rohan
/// Takahashi lives in Cork" / "Rohan Takahashi has moved to Seattle"; a friend's turn "Remember Cedric Okafor?
/// He lives in Hamburg now"). The wording of the two may share nothing but the person. Not history ("lived in
/// Lisbon until 2020"), not a relative's fact ("her sister moved to Lyon"). Returns "from → to", or empty.
QString lifeUpdate(const MemoryProfile &older, const MemoryProfile &newer)
{
    const int sharedSlots = older.lifeSlots & newer.lifeSlots;
    // The older is a standing fact about a person, by their full name ("Rohan Takahashi"; "Incident on 21 May" is
    // no person), told as it stands: no event ("Met Kenji Costa on 26 June"), no history, no relative's fact.
    if (!older.standing || older.spoken || older.narratesEvent || older.person.size() < 2
        || older.values.contains(ValueClass::Month) || older.values.contains(ValueClass::Weekday) || older.history
        || newer.history || older.mentionsRelative || newer.mentionsRelative
        || !(announcesOwnChange(older, newer) || newer.endsValue))
        return {};
    auto samePerson = [](const QStringList &x, const QStringList &y) {
        const qsizetype n = qMin(x.size(), y.size()); // "Aaron" may be "Aaron Olsen"; "Mei Costa" is not "Mei Holm"
        return n > 0 && x.mid(0, n) == y.mid(0, n);
    };
    const QSet<QString> namesOlder = older.values.value(ValueClass::Name),
                        namesNewer = newer.values.value(ValueClass::Name);
    // The values: names besides the person's own ("Rohan Takahashi"). `kept`: the older's values the newer names too.
    QSet<QString> lost = namesOlder - namesNewer, gained = namesNewer - namesOlder, kept = namesOlder & namesNewer;
    for (const QString &own : older.person) {
        lost.remove(own);
        kept.remove(own);
    }
    for (const QString &own : older.person + newer.person)
        gained.remove(own);
    // The newer leads with that person by full name, or by first name when it names the older's value too
    // ("Brede's new home is Aachen" may be another Brede's); a turn of talk may (a friend: "Remember Cedric Okafor?
    // He lives in Hamburg now"); or the person speaks of themself, leading with no one new, and names the value
    // they left ("I moved to Seville! Left Montreal in July"): the speaker's first name alone may be another's.
    // A first name that leads a sentence after a word of talk ("Apparently Rosa works …") is who it is about too.
    const QStringList newerPerson =
        newer.person.isEmpty() && !newer.lead.isEmpty() ? QStringList{newer.lead} : newer.person;
    const bool named = samePerson(older.person, newerPerson) && (newerPerson.size() >= 2 || !kept.isEmpty());
    // The speaker known by their whole name (a participant of the transcript: "Mikkel Cullen") is that person: "I
    // live in Bergen now" needs no value they left.
    const bool speakerInFull = older.person.size() >= 2 && newer.speaker == older.person;
    const bool ownTurn = newer.spoken && newer.lead == older.person.first()
                         && (newer.person.isEmpty() || namesOlder.contains(newer.person.first()))
                         && (!kept.isEmpty() || speakerInFull);
    if (!named && !ownTurn)
        return {};
    // The same slot of their life; or, whatever the older's wording, the newer ends a value it states ("Cormac
    // Mulligan is with Ferncliff Pharma" / "… joined a wind park operator, leaving Ferncliff Pharma"), or drops it
    // ("Rosa works at a primary school these days, not Atlas Freight anymore").
    const bool dropsKept = std::any_of(kept.cbegin(), kept.cend(), [&](const QString &value) {
        return newer.dropped.contains(TextAnalysis::stem(value));
    });
    const bool endsKept = (newer.endsValue || dropsKept) && !kept.isEmpty();
    if (!sharedSlots && !(endsKept && (older.lifeSlots | newer.lifeSlots)))
        return {};
    if (newer.spoken)
        gained.remove(newer.lead);
    // Nothing named differs: a restatement, unless the newer ends a value both name ("leaving Ferncliff Pharma").
    if (lost.isEmpty() && gained.isEmpty() && !endsKept)
        return {};
    if (lost.isEmpty() && endsKept)
        lost = kept;
    const int told = sharedSlots ? sharedSlots : older.lifeSlots | newer.lifeSlots;
    const QString slot = (told & MemoryProfile::kHome)   ? QStringLiteral("home")
                         : (told & MemoryProfile::kWork) ? QStringLiteral("work")
                                                         : QStringLiteral("partner");
    return QStringLiteral("%1: %2 → %3")
        .arg(slot, namesAsWritten(older, lost), namesAsWritten(newer, gained))
        .simplified();
}

/// Whether a word is a day and a month as a log line writes them ("28.03", "09.10"): two digits, a dot, two digits, a
/// day of a month and a month of a year ("99.95", "0.84" and "3.11" are not).
bool isShortDate(const QString &word)
{
    if (word.size() != 5 || word[2] != QLatin1Char('.'))
        return false;
    bool dayOk = false, monthOk = false;
    const int day = word.left(2).toInt(&dayOk), month = word.mid(3).toInt(&monthOk);
    return dayOk && monthOk && day >= 1 && day <= 31 && month >= 1 && month <= 12;
}

/// Whether a word is a code of letters and digits that names one of a kind ("f5", "b12", "h100"), not a number
/// ("5e-5", "2016") nor a word.
bool isCode(const QString &word)
{
    const bool digits = std::any_of(word.cbegin(), word.cend(), [](QChar c) { return c.isDigit(); });
    const bool letters = std::any_of(word.cbegin(), word.cend(), [](QChar c) { return c.isLetter(); });
    static const QRegularExpression scientific(QStringLiteral("^[0-9.]+e-?[0-9]+$"));
    return digits && letters && !scientific.match(word).hasMatch();
}

/// Whether every word one side's text has and the other's lacks is a number or a weekday that side states: the
/// same sentence with a value swapped, not another thing of one template (a name, a letter, a month).
bool onlyValuesDiffer(const MemoryProfile &older, const MemoryProfile &newer, const QSet<QString> &swappedNames = {})
{
    auto wordSet = [](const MemoryProfile &p) {
        const QStringList words = wordsOf(p);
        return QSet<QString>(words.cbegin(), words.cend());
    };
    // A day of a month is a date, not a value: two appointments worded alike both hold ("Bank: 14 June, 11 am" /
    // "Bank: 12 June, 10:30 am").
    auto dateOf = [](const MemoryProfile &p) {
        QSet<QString> days;
        const QStringList words = wordsOf(p);
        for (qsizetype i = 0; i < words.size(); ++i)
            if ((i > 0 && isMonthWord(words[i - 1])) || (i + 1 < words.size() && isMonthWord(words[i + 1])))
                days.insert(words[i]);
        return days;
    };
    const QSet<QString> datesOlder = dateOf(older), datesNewer = dateOf(newer);
    auto isValue = [&](const QString &word, const MemoryProfile &p) {
        if ((&p == &older ? datesOlder : datesNewer).contains(word))
            return false;
        if (swappedNames.contains(word))
            return true;
        if (std::all_of(word.cbegin(), word.cend(), [](QChar c) { return c.isDigit() || c == QLatin1Char(':'); }))
            return true;
        const QSet<QString> days = p.values.value(ValueClass::Weekday);
        return std::any_of(days.cbegin(), days.cend(), [&](const QString &day) { return word.startsWith(day); });
    };
    const QSet<QString> a = wordSet(older), b = wordSet(newer);
    for (const QString &word : a - b)
        if (!isValue(word, older))
            return false;
    for (const QString &word : b - a)
        if (!isValue(word, newer))
            return false;
    return true;
}

/// Whether the one that says no holds the other's whole text word for word and says its no in sentences of its
/// own ("run-8891 …: 0.84 macro-F1 after 2k steps" / "… after 2k steps. In run-8891, no gain over the baseline"):
/// the no is about something else, and the other is a part of it, not its opposite. A few words more ("We deploy
/// on Fridays no more") are no sentence of their own.
bool saidNoBeside(const MemoryProfile &older, const MemoryProfile &newer)
{
    const MemoryProfile &saysNo = older.negated ? older : newer, &other = older.negated ? newer : older;
    const QStringList whole = wordsOf(saysNo);
    const QStringList part = wordsOf(other);
    if (part.isEmpty() || whole.size() < part.size() + kSentenceOfItsOwn)
        return false;
    for (qsizetype start = 0; start + part.size() <= whole.size(); ++start) {
        if (whole.mid(start, part.size()) != part)
            continue;
        const QStringList before = whole.mid(0, start), after = whole.mid(start + part.size());
        auto saysNoIn = [](const QStringList &words) {
            return std::any_of(words.cbegin(), words.cend(), [](const QString &w) { return negations().contains(w); });
        };
        // The no stands in a part of its own, long enough to be a sentence.
        return (after.size() >= kSentenceOfItsOwn && saysNoIn(after))
               || (before.size() >= kSentenceOfItsOwn && saysNoIn(before));
    }
    return false;
}

/// The words of `p` whose stems are in `stems`, in the order the text has them, each once: "a research engineer in
/// the group now" says "research engineer".
QString inTextOrder(const MemoryProfile &p, const QSet<QString> &stems)
{
    QStringList words;
    QSet<QString> seen;
    for (const QString &word : wordsOf(p))
        if (const QString stem = TextAnalysis::stem(word); stems.contains(stem) && !seen.contains(stem)) {
            seen.insert(stem);
            words << word;
        }
    return words.join(QLatin1Char(' '));
}

/// A transition: the newer takes a thing the older names from the older's value to another ("The code of the
/// sitemap service is TypeScript" / "The sitemap service was ported from TypeScript to Java"; "Noemi Chen leads
/// Zephyr" / "Ines Almeida took over Zephyr from Noemi Chen"). Both name one more thing (the service, the project),
/// and the newer names something the older does not (the new value). Returns "from → to", or empty.
QString transition(const MemoryProfile &older, const MemoryProfile &newer)
{
    if (newer.fromValues.isEmpty() || !older.fromValues.isEmpty() || !older.standing || older.history || newer.history
        || (older.spoken && newer.spoken))
        return {};
    const QSet<QString> olderHas = older.values.value(ValueClass::Name) | older.terms;
    // All of it ("from Noemi Chen" is not from Aaron Chen).
    const QSet<QString> left = newer.fromValues;
    if (!olderHas.contains(left))
        return {};
    // About one person, or the older's person is what the newer takes from ("Noemi Chen leads Zephyr" / "Ines
    // Almeida took over Zephyr from Noemi Chen"); "Vivian Vidal … in Osaka" is not "Paula Vidal moved from Osaka".
    if (older.person.size() >= 2 && newer.person.size() >= 2 && older.person != newer.person
        && !left.contains(QSet<QString>(older.person.cbegin(), older.person.cend())))
        return {};
    const QSet<QString> thingsOlder = older.values.value(ValueClass::Name) | older.specific,
                        thingsNewer = newer.values.value(ValueClass::Name) | newer.specific;
    const QSet<QString> subject = (thingsOlder & thingsNewer) - left;
    QSet<QString> to = thingsNewer - thingsOlder;
    // Or what it is now in everyday words ("a research engineer in the group now (was postdoc)").
    const bool inWords = to.isEmpty();
    if (inWords)
        to = newer.terms - older.terms;
    if (subject.isEmpty() || to.isEmpty())
        return {};
    // One thing, not two of a kind: not each side a specific word of its own besides the verb ("dataset
    // meter-readings … gs://shared-raw" / "dataset radiology-notes was migrated from gs://shared-raw").
    QSet<QString> ownNewer = newer.specific - older.specific;
    for (const QString &verb : transitionWords())
        ownNewer.remove(TextAnalysis::stem(verb));
    if (!(older.specific - newer.specific).isEmpty() && !ownNewer.isEmpty())
        return {};
    QStringList from(left.cbegin(), left.cend()), into(to.cbegin(), to.cend());
    from.sort();
    into.sort();
    return from.join(QStringLiteral(", ")) + QStringLiteral(" → ")
           + (inWords ? inTextOrder(newer, to) : into.join(QStringLiteral(", ")));
}

QSet<QString> thingsOf(const MemoryProfile &p);
QString spelled(const MemoryProfile &p, const QSet<QString> &stems);
bool oneNameTwoKinds(const MemoryProfile &p, const MemoryProfile &other);

/// What a memory names besides who told it (thingsOf without its sources): what it is about and states.
QSet<QString> statedThings(const MemoryProfile &p)
{
    QSet<QString> things = thingsOf(p);
    for (const QString &source : p.sources)
        things.remove(TextAnalysis::stem(source));
    return things;
}

/// A decision reversed: one side adopts a thing for a subject ("In Saffron, Cognito is the choice for login") and the
/// other drops it ("Do not use Cognito in Saffron anymore"; "In Birch, Rollbar replaced Bugsnag" / "The Birch team
/// picked Bugsnag"), whichever is newer. Both are standing facts that name one more thing in common (the project) or
/// two words of a subject ("the patent search paper"). Returns "adopted: Cognito → dropped", or empty.
QString decisionReversed(const MemoryProfile &older, const MemoryProfile &newer)
{
    if (!older.standing || !newer.standing || older.history || newer.history || older.spoken || newer.spoken)
        return {};
    // One name, two kinds: two projects ("the coral bleaching grant" / "… paper"), whatever one adopts and the other
    // drops.
    if (oneNameTwoKinds(older, newer))
        return {};
    const QSet<QString> thingsOlder = statedThings(older), thingsNewer = statedThings(newer);
    // Another project's decision: each side names a thing the other does not (besides who told it): "Acorn went with
    // Sentry" / "Lagoon moved … off Sentry", "the dialect drift paper" / "the tide forecasting grant". What replaced
    // the thing a side drops is no thing of its own ("In Thistle, Cognito replaced Clerk" / "For login, Thistle went
    // with Clerk").
    auto ownThings = [](const QSet<QString> &things, const QSet<QString> &others, const MemoryProfile &p) {
        QSet<QString> own = things - others;
        if (!p.dropped.isEmpty())
            own -= p.adopted;
        return own;
    };
    if (!ownThings(thingsOlder, thingsNewer, older).isEmpty() && !ownThings(thingsNewer, thingsOlder, newer).isEmpty())
        return {};
    const QSet<QString> shared = thingsOlder & thingsNewer;
    // One side has no word of its own besides those that adopt or drop ("Do not use Cognito in Saffron anymore" / "In
    // Saffron, Cognito is the choice for login"): "the patent search grant" and "… paper" are two projects, and a
    // thing shared may be the kind of decision ("multi-GPU training"), not its subject.
    auto ownTerms = [](const MemoryProfile &p, const MemoryProfile &other) {
        QSet<QString> own = p.terms - other.terms;
        for (const QString &word : adoptingWords())
            own.remove(TextAnalysis::stem(word));
        for (const QString &word : droppingWords())
            own.remove(TextAnalysis::stem(word));
        if (!p.dropped.isEmpty()) // what replaced the thing it drops ("raw SQL replaced Knex")
            own -= p.adopted;
        return own;
    };
    const bool oneSideWordsOnly = ownTerms(older, newer).isEmpty() || ownTerms(newer, older).isEmpty();
    auto reversal = [&](const MemoryProfile &adopting, const MemoryProfile &dropping) {
        const QSet<QString> undone = (adopting.adopted & dropping.dropped) - adopting.dropped - dropping.adopted;
        // Only where the drop holds undone is no decision undone: "No more gin in the OCR of parish registers paper"
        // / "Pre-registration: yes, for the OCR of parish registers paper".
        if ((undone - dropping.droppedWhere).isEmpty())
            return QSet<QString>();
        // A compound's parts are one thing ("multi-GPU training": "multi", "gpu").
        QSet<QString> counted = undone;
        for (const QString &word : older.specific | newer.specific) {
            if (!word.contains(QLatin1Char('-')))
                continue;
            bool part = false;
            for (const QString &piece : word.split(QLatin1Char('-'), Qt::SkipEmptyParts))
                part = counted.remove(TextAnalysis::stem(piece)) || part;
            if (part)
                counted.insert(word);
        }
        // The subject besides what is undone: both the thing and its project undone ("No new Mixpanel code in Vesper
        // Pro"), or another thing in common, or two subject words ("the patent search paper"), with one side's words
        // all the other's.
        const bool subject =
            counted.size() >= 3
            || (oneSideWordsOnly
                && (undone.size() >= 2 || !(shared - undone).isEmpty() || (older.terms & newer.terms).size() >= 2));
        // What the reason names: the things undone, not where the drop holds ("Stop using Petastorm on the patent
        // search grant": "Petastorm", not "patent, Petastorm").
        return subject ? undone - dropping.droppedWhere : QSet<QString>();
    };
    const QSet<QString> droppedByNewer = reversal(older, newer), droppedByOlder = reversal(newer, older);
    if (droppedByNewer.isEmpty() == droppedByOlder.isEmpty())
        return {}; // neither, or each side drops what the other adopts: not one decision
    // The things as the texts write them ("day.js", "kubernetes", not the stems "day.j", "kubernet").
    QStringList things;
    for (const QString &thing : droppedByNewer.isEmpty() ? droppedByOlder : droppedByNewer) {
        const QString inOlder = spelled(older, {thing});
        things << (inOlder != thing ? inOlder : spelled(newer, {thing}));
    }
    things.sort();
    return droppedByNewer.isEmpty()
               ? QStringLiteral("%1: dropped → adopted again").arg(things.join(QStringLiteral(", ")))
               : QStringLiteral("%1: adopted → dropped").arg(things.join(QStringLiteral(", ")));
}

/// What a memory names, whatever the words' case: its specific terms, names, numbers and dates ("Dataset
/// tide-gauges …" and "… of dataset tide-gauges" name the same things).
QSet<QString> thingsOf(const MemoryProfile &p)
{
    QSet<QString> things = p.specific;
    for (const QString &source : p.sources) // "… Heard it from Wes Moreau": the fact as one person told it
        things.insert(TextAnalysis::stem(source));
    for (auto it = p.values.cbegin(); it != p.values.cend(); ++it)
        for (const QString &v : it.value())
            things.insert(it.key() == ValueClass::Name ? TextAnalysis::stem(v) : v);
    // A letter names one of a kind ("the anechoic booth C", "the 3D printer B"): no word of English but "a" and
    // "i" is one letter long, and a profile keeps no letter as a term or a value.
    for (const QString &word : wordsOf(p))
        if (word.size() == 1 && word.front().isLetter() && word != QLatin1String("a") && word != QLatin1String("i"))
            things.insert(QStringLiteral("letter:") + word);
    return things;
}

/// The things a text names as one of a kind: a letter ("the laser cutter B") or a hyphenated name ("dataset
/// coral-frames").
QSet<QString> labelsOf(const MemoryProfile &p)
{
    QSet<QString> out;
    for (const QString &thing : thingsOf(p))
        if (thing.startsWith(QLatin1String("letter:")) || thing.contains(QLatin1Char('-')))
            out.insert(thing);
    return out;
}

/// `words` stemmed, joined by spaces and set off by them (" two week "): a run to look for in stemmedText.
QString stemmedWords(const QStringList &words)
{
    QStringList stems;
    for (const QString &w : words)
        stems << TextAnalysis::stem(w);
    return QLatin1Char(' ') + stems.join(QLatin1Char(' ')) + QLatin1Char(' ');
}

/// The words of `p` stemmed, as stemmedWords joins them: "last two weeks" holds " two week ".
QString stemmedText(const MemoryProfile &p)
{
    return stemmedWords(wordsOf(p));
}

/// Whether `p` names a thing by a hyphenated name whose last part `other` holds as a word, without that name or its
/// parts side by side ("If the mobile-notifications service gets slow …" / "The mobile team owns the notifications
/// service"): a narrower thing than the other's, so no copy of it.
bool namesANarrowerThing(const MemoryProfile &p, const MemoryProfile &other)
{
    const QSet<QString> otherLabels = labelsOf(other);
    const QString text = QLatin1Char(' ') + p.normalized + QLatin1Char(' ');
    for (const QString &label : labelsOf(p)) {
        const QStringList parts = label.split(QLatin1Char('-'), Qt::SkipEmptyParts);
        if (otherLabels.contains(label) || parts.size() < 2 || !other.terms.contains(TextAnalysis::stem(parts.last())))
            continue;
        const QString written = QLatin1Char(' ') + parts.join(QLatin1Char(' ')) + QLatin1Char(' ');
        const QString head = QLatin1Char(' ') + parts.last() + QLatin1Char(' ');
        // Not when the other writes the name apart ("two-week sprints" / "last two weeks": its words' stems), nor
        // when `p` holds its last part on its own too (a channel "#team-billing-ops" beside "the billing ops team").
        if (stemmedText(other).contains(stemmedWords(parts)) || text.count(head) > text.count(written))
            continue;
        return true;
    }
    return false;
}

/// Whether `test` holds after some "the" of `a` and some "the" of `b`: at the words where each starts a name
/// (`test` gets the places of the words after each "the").
template <typename Test>
bool afterSomeArticles(const QStringList &a, const QStringList &b, Test test)
{
    for (qsizetype i = 0; i < a.size(); ++i)
        if (a[i] == QLatin1String("the"))
            for (qsizetype k = 0; k < b.size(); ++k)
                if (b[k] == QLatin1String("the") && test(i + 1, k + 1))
                    return true;
    return false;
}

/// Whether the two name a thing by the same words after "the" but its last ("the glacier melt study" / "the glacier
/// melt grant", as "the billing service" / "the billing team"): two things of one name. The name's last shared word
/// is no everyday word, so what follows it is what kind of thing it is, not what the text says of it ("the
/// address-lookup service sent" / "… send").
bool oneNameTwoKinds(const MemoryProfile &p, const MemoryProfile &other)
{
    // Words that say what kind of work a name is ("the label noise study" / "the label noise paper"): after them the
    // name's last word need not be a rare one.
    static const QSet<QString> kinds = setOf({"study", "paper", "grant", "project", "proposal", "thesis", "survey",
                                              "team", "service", "app", "repo", "library", "dataset", "model"});
    const QStringList a = wordsOf(p), b = wordsOf(other);
    return afterSomeArticles(a, b, [&](qsizetype i, qsizetype k) {
        qsizetype same = 0;
        while (i + same < a.size() && k + same < b.size() && a[i + same] == b[k + same])
            ++same;
        if (same < 2 || i + same >= a.size() || k + same >= b.size())
            return false;
        // A word that adopts, drops or changes is what the text says of the thing ("the lab workstation lost out" /
        // "… handles compute"), not its kind.
        auto says = [](const QString &w) {
            return adoptingWords().contains(w) || droppingWords().contains(w) || transitionWords().contains(w)
                   || changeMarkers().contains(w) || w == QLatin1String("lost");
        };
        if (says(a[i + same]) || says(b[k + same]))
            return false;
        if (!p.specific.contains(TextAnalysis::stem(a[i + same - 1]))
            && !(kinds.contains(a[i + same]) && kinds.contains(b[k + same])))
            return false;
        const QString kind = TextAnalysis::stem(a[i + same]), otherKind = TextAnalysis::stem(b[k + same]);
        return p.terms.contains(kind) && !other.terms.contains(kind) && other.terms.contains(otherKind)
               && !p.terms.contains(otherKind);
    });
}

/// Whether the two name two things of one kind after "the": other words, then the same one ("the currency service"
/// / "the realtime-crm-sync service"), however much else they share ("… check that the currency rates job ran").
bool twoNamesOneKind(const MemoryProfile &p, const MemoryProfile &other)
{
    constexpr qsizetype kNameWords = 3;
    const QStringList a = wordsOf(p), b = wordsOf(other);
    // A name's words are words of its text's subject, none of them the kind.
    auto named = [](const QSet<QString> &words, const QString &kind, const MemoryProfile &x) {
        return !words.contains(kind) && std::all_of(words.cbegin(), words.cend(), [&](const QString &w) {
            return x.terms.contains(TextAnalysis::stem(w));
        });
    };
    // Not one thing each text names elsewhere ("the nightly sync in the gateway service" / "in the gateway service,
    // the nightly sync").
    auto namedIn = [](const QStringList &phrase, const MemoryProfile &x) {
        return (QLatin1Char(' ') + x.normalized + QLatin1Char(' '))
            .contains(QLatin1Char(' ') + phrase.join(QLatin1Char(' ')) + QLatin1Char(' '));
    };
    return afterSomeArticles(a, b, [&](qsizetype i, qsizetype k) {
        for (qsizetype m = 1; m <= kNameWords && i + m < a.size(); ++m) {
            const QString kind = a[i + m];
            if (!p.terms.contains(TextAnalysis::stem(kind)))
                continue;
            for (qsizetype n = 1; n <= kNameWords && k + n < b.size(); ++n) {
                if (b[k + n] != kind)
                    continue;
                const QStringList name = a.mid(i, m), otherName = b.mid(k, n);
                const QSet<QString> words(name.cbegin(), name.cend()), otherWords(otherName.cbegin(), otherName.cend());
                if (!words.intersects(otherWords) && named(words, kind, p) && named(otherWords, kind, other)
                    && !(namedIn(name, other) && namedIn(otherName, p)))
                    return true;
            }
        }
        return false;
    });
}

/// Who a told event was with: the words after "with" up to a small word ("… with Lotte on Sunday": "lotte"; "… with
/// the whole family": "whole", "family").
QSet<QString> companionsOf(const MemoryProfile &p)
{
    QSet<QString> out;
    const QStringList words = wordsOf(p);
    for (qsizetype i = 0; i + 1 < words.size(); ++i) {
        if (words[i] != QLatin1String("with"))
            continue;
        qsizetype k = i + 1;
        if (words[k] == QLatin1String("the") || words[k] == QLatin1String("my") || words[k] == QLatin1String("our"))
            ++k;
        for (; k < words.size() && !TextAnalysis::isStopWord(words[k]); ++k)
            out.insert(words[k]);
    }
    return out;
}

/// Whether two told events were each with someone, and no one of them both ("… at the lake beach with the whole
/// family" / "… at the lake beach with Lotte on Sunday"): two outings to one place.
bool eventsWithOthers(const MemoryProfile &older, const MemoryProfile &newer)
{
    if (!older.narratesEvent || !newer.narratesEvent)
        return false;
    const QSet<QString> a = companionsOf(older), b = companionsOf(newer);
    return !a.isEmpty() && !b.isEmpty() && !a.intersects(b);
}

/// Whether each text names one of a kind the other does not ("the laser cutter B" / "C", "dataset coral-frames" /
/// "coral-frames-v3"). Two of a kind are two things: what one says does not change or repeat what the other says.
bool labelsEachSide(const MemoryProfile &older, const MemoryProfile &newer)
{
    const QSet<QString> a = labelsOf(older), b = labelsOf(newer);
    return !(a - b).isEmpty() && !(b - a).isEmpty();
}

/// `stems` (subject terms of `p`) as `p` writes them, sorted and joined: a reason a person reads says
/// "handling → fns", not the stems "handl → fns".
QString spelled(const MemoryProfile &p, const QSet<QString> &stems)
{
    QStringList words;
    const QStringList written = wordsOf(p);
    for (const QString &stem : stems) {
        const auto it = std::find_if(written.cbegin(), written.cend(),
                                     [&](const QString &w) { return TextAnalysis::stem(w) == stem; });
        words << (it != written.cend() ? *it : stem);
    }
    words.sort();
    return words.join(QStringLiteral(", "));
}

struct Token {
    QString word; ///< as written (apostrophes folded, a possessive's "'s" dropped)
    QString lower;
    bool sentenceStart = false;
    bool possessive = false; ///< written with "'s": "Hale's home" is about Hale
    bool compound = false;   ///< joined to the word before by a hyphen ("mobile-address-lookup", "partner-reviews")
    bool joined = false; ///< right after the hyphen that joins it to the word before ("address" in "mobile-address")
    bool afterColon = false; ///< starts what a colon introduces ("Compute for model plover-small: Snellius")
    bool afterComma = false; ///< the first word after a comma ("In Thistle, Cognito replaced Clerk")
};

QList<Token> tokensOf(QStringView text)
{
    QList<Token> out;
    QString current;
    bool atStart = true;
    bool startOfCurrent = true;
    bool possessive = false;
    bool hyphen = false, compoundOfCurrent = false, joinedOfCurrent = false;
    bool colon = false, colonOfCurrent = false, comma = false, commaOfCurrent = false;
    auto flush = [&] {
        if (current.isEmpty())
            return;
        out << Token{current,           current.toLower(), startOfCurrent, possessive,
                     compoundOfCurrent, joinedOfCurrent,   colonOfCurrent, commaOfCurrent};
        current.clear();
        possessive = false;
        atStart = false;
    };
    for (qsizetype i = 0; i < text.size(); ++i) {
        const QChar c = text[i];
        if (c.isLetterOrNumber()) {
            if (current.isEmpty()) {
                startOfCurrent = atStart;
                compoundOfCurrent = hyphen;
                joinedOfCurrent = hyphen;
                colonOfCurrent = atStart && colon;
                commaOfCurrent = comma;
            }
            comma = false;
            hyphen = false;
            current += c;
        } else if ((c == QLatin1Char('\'') || c == QChar(0x2019)) && !current.isEmpty() && i + 1 < text.size()
                   && text[i + 1].isLetter()) {
            // "Hale's" is Hale ("Omar Hale's home is in Barcelona", "Omar Hale moved from Barcelona"); "don't"
            // stays "dont".
            if ((text[i + 1] == QLatin1Char('s') || text[i + 1] == QLatin1Char('S'))
                && (i + 2 == text.size() || !text[i + 2].isLetterOrNumber())) {
                possessive = true;
                i += 1; // the "s"
            }
            continue;
        } else if ((c == QLatin1Char('.') || c == QLatin1Char(',')) && !current.isEmpty() && current.back().isDigit()
                   && i + 1 < text.size() && text[i + 1].isDigit()) {
            current += c; // 2.5, 1,000, 3.11
        } else if (c == QLatin1Char(':') && !current.isEmpty() && current.back().isDigit() && i + 2 < text.size()
                   && text[i + 1].isDigit() && text[i + 2].isDigit()
                   && (i + 3 == text.size() || !text[i + 3].isLetterOrNumber())
                   && std::all_of(current.cbegin(), current.cend(), [](QChar d) { return d.isDigit(); })
                   && current.size() <= 2) {
            current += c; // a time of day is one value: "7:30" is not "7", "16:00" not "16" and "00"
        } else if (c == QLatin1Char('.') && !current.isEmpty() && current.back().isLetter() && i + 1 < text.size()
                   && text[i + 1].isLetter()) {
            current += c; // a name with a dot in it: "Day.js", "Node.js", "example.com"
        } else if (c == QLatin1Char('-') && current.size() >= 2 && current.back() == QLatin1Char('e')
                   && current.front().isDigit() && i + 1 < text.size() && text[i + 1].isDigit()
                   && std::all_of(current.cbegin(), current.cend() - 1,
                                  [](QChar d) { return d.isDigit() || d == QLatin1Char('.'); })) {
            current += c; // a number in scientific notation is one value: "2e-5", not "2e" and "5"
        } else if (c == QLatin1Char('+') && !current.isEmpty() && current.front().isDigit()) {
            current += c; // a grade or an age of its own: "7a+" is not "7a", "18+"
        } else {
            // A hyphen between two words joins them: both are parts of a compound.
            hyphen =
                c == QLatin1Char('-') && !current.isEmpty() && i + 1 < text.size() && text[i + 1].isLetterOrNumber();
            compoundOfCurrent = compoundOfCurrent || hyphen;
            flush();
            comma = comma || c == QLatin1Char(',');
            // A dash between clauses starts one; the hyphen inside "snow-depth" does not.
            // A dash set off by spaces starts one too ("No more Doccano in the paper — migrating to Label Studio");
            // one between two numbers is a range ("06:30–20:00").
            const bool dash = (c == QChar(0x2014) || c == QChar(0x2013)) && i > 0 && text[i - 1].isSpace();
            if (c == QLatin1Char('.') || c == QLatin1Char('!') || c == QLatin1Char('?') || c == QLatin1Char('\n')
                || c == QLatin1Char(':') || c == QLatin1Char(';') || (c == QLatin1Char('-') && !hyphen)
                || c == QLatin1Char('*') || c == QLatin1Char('#') || dash) {
                colon = c == QLatin1Char(':');
                atStart = true;
            }
        }
    }
    flush();
    return out;
}

/// What a text says held before, in brackets of its own: "(was Bergen)", "(was a postdoc)". The names in them (lower
/// case), or else their first word of substance, stemmed. ("formerly" is a word of history: a text with it tells a
/// past, not a change.)
QSet<QString> formerValues(const QString &text)
{
    static const QRegularExpression bracket(QStringLiteral("\\(was ([^()]{1,60})\\)"),
                                            QRegularExpression::CaseInsensitiveOption);
    QSet<QString> out;
    if (!text.contains(QLatin1String("(was "), Qt::CaseInsensitive))
        return out; // most texts: no expression run
    for (auto it = bracket.globalMatch(text); it.hasNext();) {
        const QList<Token> tokens = tokensOf(it.next().capturedView(1));
        QSet<QString> names;
        for (const Token &t : tokens)
            if (t.word.front().isUpper())
                names.insert(t.lower);
        if (names.isEmpty())
            for (const Token &t : tokens)
                if (!TextAnalysis::isStopWord(t.lower) && !t.word.front().isDigit()) {
                    names.insert(TextAnalysis::stem(t.lower));
                    break;
                }
        out.unite(names);
    }
    return out;
}

QString classKey(ValueClass c)
{
    switch (c) {
    case ValueClass::Weekday: return QStringLiteral("day");
    case ValueClass::Month: return QStringLiteral("month");
    case ValueClass::Number: return QStringLiteral("number");
    case ValueClass::Name: return QStringLiteral("name");
    }
    return {};
}

constexpr ValueClass kClasses[] = {ValueClass::Weekday, ValueClass::Month, ValueClass::Number, ValueClass::Name};

/// "fridays" → "friday": a schedule ("on Fridays") and a day ("on Friday") name the same value.
QString singular(const QString &lower)
{
    return lower.endsWith(QLatin1Char('s')) ? lower.chopped(1) : lower;
}

/// Whether a word only `p` has (`own`, stems) stands next to a word both have (`shared`): "the tax service" beside
/// "service", "Demo day" beside "demo".
bool ownWordBesideShared(const MemoryProfile &p, const QSet<QString> &own, const QSet<QString> &shared)
{
    QStringList stems;
    for (const QString &word : wordsOf(p))
        stems << TextAnalysis::stem(word);
    for (qsizetype i = 0; i < stems.size(); ++i)
        if (own.contains(stems[i])
            && ((i > 0 && shared.contains(stems[i - 1])) || (i + 1 < stems.size() && shared.contains(stems[i + 1]))))
            return true;
    return false;
}

/// Whether a word only `p` has (`own`, stems) comes after `value` in its text ("fridays" holds the value "friday").
bool ownWordAfter(const MemoryProfile &p, const QSet<QString> &own, const QString &value)
{
    const QStringList words = wordsOf(p);
    qsizetype i = 0;
    while (i < words.size() && words[i] != value && singular(words[i]) != value)
        ++i;
    for (++i; i < words.size(); ++i)
        if (own.contains(TextAnalysis::stem(words[i])))
            return true;
    return false;
}

/// Whether two standing facts are one statement with a name in it swapped as its value ("The loyalty service is
/// written in Go" / "… in Java"), not one template said of two things ("Vitest is the choice for unit tests in Heron"
/// / "… in Raven Express"): every word apart is a value or a name swapped (`conflicting`), no name swapped is what
/// any memory of the vault leads with (`leads`: a project, a person, a place is a subject; a language, a tool is
/// not), and none stands beside a name both hold ("Dune" / "Dune Mobile": a longer name, another project). Without
/// the vault's counts no name is known to be a value.
bool namesSwappedAsValues(const MemoryProfile &older, const MemoryProfile &newer, const QSet<QString> &conflicting,
                          const std::function<int(const QString &)> &leads)
{
    if (!leads)
        return false;
    const QString namePrefix = classKey(ValueClass::Name) + QLatin1Char(':');
    QSet<QString> swapped;
    for (const QString &key : conflicting)
        if (key.startsWith(namePrefix))
            swapped.insert(key.mid(namePrefix.size()));
    if (swapped.isEmpty() || !onlyValuesDiffer(older, newer, swapped))
        return false;
    if (std::any_of(swapped.cbegin(), swapped.cend(), [&](const QString &name) { return leads(name) > 0; }))
        return false;
    const QSet<QString> bothName = older.values.value(ValueClass::Name) & newer.values.value(ValueClass::Name);
    for (const MemoryProfile *p : {&older, &newer}) {
        const QStringList words = wordsOf(*p);
        for (qsizetype i = 0; i < words.size(); ++i)
            if (swapped.contains(words[i])
                && ((i > 0 && bothName.contains(words[i - 1]))
                    || (i + 1 < words.size() && bothName.contains(words[i + 1]))))
                return false;
    }
    return true;
}

/// Words of a label whose values are many at once ("Podcast tip from Yara Marsh: Hidden Brain", "… : Software
/// Misadventures"): each is one more, none replaces another.
const QSet<QString> &manyValuedWords()
{
    static const QSet<QString> words =
        setOf({"tip",    "tips",      "recommendation", "recommendations", "suggestion", "suggestions",
               "idea",   "ideas",     "favourite",      "favourites",      "favorite",   "favorites",
               "pick",   "picks",     "note",           "notes",           "reminder",   "reminders",
               "todo",   "question",  "questions",      "example",         "examples",   "quote",
               "quotes", "highlight", "highlights",     "lesson",          "lessons",    "link",
               "links",  "member",    "members",        "reading",         "update",     "updates"});
    return words;
}

/// One label, two values: two standing facts that start with the same label a colon ends, each followed by a short
/// value that shares no word with the other's ("Best way to reach Alvar Prentice: Matrix." / "…: Threema.",
/// "Curator of dataset parish-registers-v2: Goran Eriksen." / "…: Wojtek Corrigan."). A note kept as "label: value"
/// holds one value per label when the label is an attribute of a subject: words of its own, then a preposition,
/// then what names the subject (a name, a specific word, a letter). Not a label that is only the subject ("Apotek
/// Nord: open 06:30–20:00" / "Apotek Nord: Ebba replaced Aslak at reception": two attributes), nor one of many
/// values ("Podcast tip from …"), nor a log line's date ("21.08 Wojtek Corrigan: …"). Returns "matrix → threema",
/// or empty.
QString labelledValueChanged(const MemoryProfile &older, const MemoryProfile &newer)
{
    if (!older.standing || !newer.standing || older.spoken || newer.spoken || older.labelWords < 2
        || older.labelWords != newer.labelWords || older.labelValueWords > kLabelValueWords
        || newer.labelValueWords > kLabelValueWords)
        return {};
    const QStringList a = wordsOf(older), b = wordsOf(newer);
    const QStringList label = a.mid(0, older.labelWords);
    if (label != b.mid(0, newer.labelWords))
        return {};
    static const QSet<QString> prepositions = setOf({"of", "for", "at", "on", "in", "to", "with", "from", "about"});
    const auto preposition =
        std::find_if(label.cbegin() + 1, label.cend(), [](const QString &w) { return prepositions.contains(w); });
    if (preposition == label.cend())
        return {};
    // The attribute's words are plain ones: a name before the preposition is the subject's own ("The OCR of parish
    // registers study: …"), but the first word's capital is the sentence's ("Curator of dataset …").
    bool attribute = false;
    for (auto it = label.cbegin(); it != preposition; ++it) {
        if (manyValuedWords().contains(*it) || it->front().isDigit())
            return {};
        if (it != label.cbegin() && older.values.value(ValueClass::Name).contains(*it))
            return {};
        attribute = attribute || !TextAnalysis::isStopWord(*it);
    }
    auto namesThing = [&](const QString &word) {
        return older.values.value(ValueClass::Name).contains(word) || older.specific.contains(TextAnalysis::stem(word))
               || (word.size() == 1 && word.front().isLetter() && word != QLatin1String("a")
                   && word != QLatin1String("i"))
               || std::any_of(older.specific.cbegin(), older.specific.cend(), [&](const QString &thing) {
                      return thing.contains(QLatin1Char('-')) && thing.split(QLatin1Char('-')).contains(word);
                  });
    };
    if (!attribute || std::none_of(preposition + 1, label.cend(), namesThing))
        return {};
    auto content = [](const QStringList &words) {
        QSet<QString> out;
        for (const QString &w : words)
            if (!TextAnalysis::isStopWord(w))
                out.insert(TextAnalysis::stem(w));
        return out;
    };
    const QStringList valueOlder = a.mid(older.labelWords, older.labelValueWords),
                      valueNewer = b.mid(newer.labelWords, newer.labelValueWords);
    const QSet<QString> wordsOlder = content(valueOlder), wordsNewer = content(valueNewer);
    if (wordsOlder.isEmpty() || wordsNewer.isEmpty() || wordsOlder.intersects(wordsNewer))
        return {};
    return valueOlder.join(QLatin1Char(' ')) + QStringLiteral(" → ") + valueNewer.join(QLatin1Char(' '));
}

/// One value swapped and the rest worded apart ("Demo day for the onboarding team is Wednesday" / "The onboarding
/// team demos its work every Tuesday"; "Logs from the refunds service are retained for 7 days" / "Log retention for
/// the refunds service is 14 days now"): two standing facts, one value each side of one class (a day, a number;
/// not a name, which may be whose fact it is), the same names and labels, most of the smaller side's words shared
/// (`coverage`) and at most kOwnWordsApart of its own each side. Not two things of a kind (a word of its own each
/// side next to a shared one: "the tax service" / "the ratings service"), not two counts ("60 seconds" / "30 days":
/// a word of its own after the value).
bool valueSwappedApart(const MemoryProfile &older, const MemoryProfile &newer, const QSet<QString> &conflicting,
                       double coverage)
{
    if (!older.standing || !newer.standing || conflicting.size() != 2)
        return false;
    const QString key = *conflicting.cbegin();
    const QString kind = key.left(key.indexOf(QLatin1Char(':')) + 1);
    if (kind == classKey(ValueClass::Name) + QLatin1Char(':')
        || !std::all_of(conflicting.cbegin(), conflicting.cend(), [&](const QString &k) { return k.startsWith(kind); }))
        return false;
    if (older.values.value(ValueClass::Name) != newer.values.value(ValueClass::Name)
        || labelsOf(older) != labelsOf(newer))
        return false;
    const QSet<QString> shared = older.terms & newer.terms, ownOlder = older.terms - newer.terms,
                        ownNewer = newer.terms - older.terms;
    if (shared.size() < 2 || coverage < kSwappedApartCoverage || ownOlder.size() > kOwnWordsApart
        || ownNewer.size() > kOwnWordsApart)
        return false;
    QSet<QString> besides = shared; // and the names both hold ("Cached user profiles …": a word at a sentence's start)
    for (const QString &name : older.values.value(ValueClass::Name))
        besides.insert(TextAnalysis::stem(name));
    if (ownWordBesideShared(older, ownOlder, besides) && ownWordBesideShared(newer, ownNewer, besides))
        return false;
    QString valueOlder, valueNewer;
    const QSet<QString> keysOlder = older.valueKeys();
    for (const QString &k : conflicting)
        (keysOlder.contains(k) ? valueOlder : valueNewer) = k.mid(kind.size());
    if (isShortDate(valueOlder) || isShortDate(valueNewer)) // two days of a log ("14.09 — alarm on …")
        return false;
    // A word of its own after the value says where it holds ("… after 60 seconds on uploads": maybe not where the
    // other's does) or what it counts ("a 99.99% availability target" / "times out after 10 seconds").
    return !ownWordAfter(older, ownOlder, valueOlder) && !ownWordAfter(newer, ownNewer, valueNewer);
}

} // namespace

QString findingKindName(FindingKind kind)
{
    switch (kind) {
    case FindingKind::Duplicate: return QStringLiteral("duplicate");
    case FindingKind::Contradiction: return QStringLiteral("contradiction");
    case FindingKind::Stale: return QStringLiteral("stale");
    }
    return {};
}

bool findingKindFromName(const QString &name, FindingKind *kind)
{
    for (FindingKind k : {FindingKind::Duplicate, FindingKind::Contradiction, FindingKind::Stale})
        if (findingKindName(k) == name) {
            *kind = k;
            return true;
        }
    return false;
}

namespace {

/// Words that say who told a fact or where it was heard ("heard it from Wes Moreau", "per Omar, as of March",
/// "[src: Malin Tverberg]", "(noted 12.03)", "Worth double-checking with Rohan Klein"). "came" and "brought"
/// report only with "up" ("came up in the 1:1", "brought it up over lunch").
const QSet<QString> &reportingWords()
{
    static const QSet<QString> set =
        setOf({"per", "via", "src", "source", "heard", "mentioned", "told", "said", "says", "confirmed", "according",
               "checked", "noted", "reported", "came", "brought", "double"});
    return set;
}

/// Where a fact was heard, besides who said it: a clause set off by a dash or brackets may name only that
/// ("— Ulla Eriksen's e-mail", "— Mar group meeting", "— status Jul").
const QSet<QString> &channelWords()
{
    static const QSet<QString> set = setOf({"chat", "thread", "lunch", "call", "meeting", "group", "e", "mail", "email",
                                            "user", "message", "standup", "checking", "check", "worth", "status"});
    return set;
}

/// Whether `clause` only says where a fact comes from: reporting and channel words, names, dates and small words,
/// with a reporting word (or, set off by a dash or brackets, a channel word). "Lunch is with Maria" reports nothing;
/// "Maria came by on Friday" neither ("came" reports with "up"). Its names go to `names`, its other words (stemmed)
/// to `words`.
bool isProvenance(QStringView clause, bool setOff, QStringList *names, QStringList *words)
{
    bool reports = false, up = false, comeOrBring = false, channel = false, person = false, dated = false;
    QStringList named, said;
    qsizetype count = 0;
    for (qsizetype i = 0; i < clause.size();) {
        if (!clause[i].isLetterOrNumber()) {
            ++i;
            continue;
        }
        qsizetype end = i;
        // A date's dots stay in it ("12.03", "02.07.2024").
        while (end < clause.size()
               && (clause[end].isLetterOrNumber()
                   || (clause[end] == QLatin1Char('.') && end + 1 < clause.size() && clause[end - 1].isDigit()
                       && clause[end + 1].isDigit())))
            ++end;
        const QStringView word = clause.sliced(i, end - i);
        i = end;
        ++count;
        const QString lower = word.toString().toLower();
        if (!TextAnalysis::isStopWord(lower) && !word.front().isUpper() && !word.front().isDigit())
            said << TextAnalysis::stem(lower);
        if (word.front().isDigit()) {
            // A day, a day and month, a year: "on 16 April", "08.03", "in 2024"; never an amount ("120 a year").
            static const QRegularExpression date(
                QStringLiteral("^(\\d{1,2}|(19|20)\\d\\d|\\d{1,2}\\.\\d{1,2}(\\.\\d{2,4})?)$"));
            if (!date.match(word).hasMatch())
                return false;
            continue;
        }
        if (reportingWords().contains(lower)) {
            const bool needsUp = lower == QLatin1String("came") || lower == QLatin1String("brought");
            reports = reports || !needsUp;
            comeOrBring = comeOrBring || needsUp;
            continue;
        }
        if (lower == QLatin1String("up"))
            up = true;
        if (channelWords().contains(lower)) {
            channel = true;
            continue;
        }
        if (TextAnalysis::isStopWord(lower))
            continue; // "it", "to", "by", "as of"
        if (!word.front().isUpper())
            return false;
        named << lower; // a name, a month, a weekday
        if (months().contains(lower) || monthAbbreviations().contains(lower))
            dated = true;
        else
            person = true;
    }
    reports = reports || (comeOrBring && up);
    // Brackets may hold only who and when: "[Frida Karlsen, Jan]" (not "(Feb 17)", not "(was Poznan)").
    const bool signed_ = setOff && person && dated;
    if (count == 0 || count > 14 || !(reports || (setOff && channel) || signed_))
        return false;
    *names << named;
    *words << said;
    return true;
}

/// `text` without what it says at its end about where it comes from ("… Heard it from Wes Moreau.", "… (From a
/// chat with Lars Barros in November.)", "… — via Wilhelm Ilves, 08.03", "… [src: Zdenek Prentice]"): who told a
/// fact is not what it is about. The names those clauses hold go to `sources`. The first sentence stays whole.
QStringView withoutProvenance(QStringView text, QStringList *sources, QStringList *words)
{
    for (;;) {
        QStringView rest = text.trimmed();
        while (!rest.isEmpty() && (rest.back() == QLatin1Char('.') || rest.back() == QLatin1Char('!')))
            rest.chop(1);
        qsizetype start = -1; // where the last clause starts
        bool setOff = false;
        if (!rest.isEmpty() && (rest.back() == QLatin1Char(')') || rest.back() == QLatin1Char(']'))) {
            start = rest.lastIndexOf(rest.back() == QLatin1Char(')') ? QLatin1Char('(') : QLatin1Char('['));
            setOff = true;
        } else {
            for (const QStringView mark : {QStringView(u". "), QStringView(u"! "), QStringView(u"? "),
                                           QStringView(u" \u2014 "), QStringView(u" \u2013 "), QStringView(u" - ")}) {
                const qsizetype at = rest.lastIndexOf(mark);
                if (at > start) {
                    start = at;
                    setOff = mark.size() == 3;
                }
            }
        }
        if (start <= 0)
            return text;
        const QStringView head = rest.first(start);
        if (!std::any_of(head.cbegin(), head.cend(), [](QChar c) { return c.isLetter(); })
            || !isProvenance(rest.sliced(start), setOff, sources, words))
            return text;
        text = head;
    }
}

} // namespace

/// `text` without the label a transcript turn starts with ("**Rosa** (D1:2): …", "Rosa: …"): the speaker is
/// counted once, as the speaker, and the turn's number ("D1:2") is no name and no number the turn states.
static QStringView withoutTurnLabel(QStringView text, const QString &speaker)
{
    const QString name = speaker.trimmed();
    if (name.isEmpty())
        return text;
    qsizetype i = 0;
    auto skip = [&](auto isSkipped) {
        while (i < text.size() && isSkipped(text[i]))
            ++i;
    };
    skip([](QChar c) { return c == QLatin1Char('*') || c.isSpace(); });
    // The label may give the first name of a speaker known in full ("**Mikkel** (D1:2): …", "Mikkel Cullen").
    const QString first = name.section(QLatin1Char(' '), 0, 0);
    if (text.mid(i).startsWith(name, Qt::CaseInsensitive))
        i += name.size();
    else if (text.mid(i).startsWith(first, Qt::CaseInsensitive))
        i += first.size();
    else
        return text;
    skip([](QChar c) { return c == QLatin1Char('*') || c.isSpace(); });
    if (i < text.size() && text[i] == QLatin1Char('(')) {
        const qsizetype close = text.indexOf(QLatin1Char(')'), i);
        if (close < 0 || close - i > 24)
            return text;
        i = close + 1;
        skip([](QChar c) { return c.isSpace(); });
    }
    if (i >= text.size() || text[i] != QLatin1Char(':'))
        return text;
    return text.mid(i + 1);
}

MemoryProfile MemoryProfile::of(const QString &text, const QString &speaker)
{
    MemoryProfile p;
    QStringList normalized;
    // A turn of talk says who told it as part of what it says; a written memory may add it at its end.
    const bool spoken = !speaker.trimmed().isEmpty();
    QStringList sources, sourceWords;
    const QList<Token> tokens =
        tokensOf(spoken ? withoutTurnLabel(text, speaker) : withoutProvenance(text, &sources, &sourceWords));
    p.sources = QSet<QString>(sources.cbegin(), sources.cend());
    p.sourceWords = QSet<QString>(sourceWords.cbegin(), sourceWords.cend());
    int position = 0;
    bool leadRunOpen = false; // the previous token was the lead or the rest of its name
    bool nameRunOpen = false; // the previous token was a name
    QStringList run, fullName;
    int runStart = 0;
    int segment = -1; // sentences and clauses (after ".", ":", "-" …) so far: a written memory names its subject in
                      // the first
    auto closeRun = [&] {
        if (fullName.isEmpty() && run.size() >= 2 && runStart <= 3)
            fullName = run;
        run.clear();
    };
    int sinceArticle = -1; // tokens since "a"/"an" in this sentence: "a librarian at the city council" is a job
    // What this clause takes something from, kept when the clause has a verb of transition ("ported from X").
    QStringList pendingFrom;
    bool segmentTransits = false;
    // The things this clause names (names and specific words, as thingsOf keys them) with their places, and where a
    // word drops or adopts them: a clause that drops ("no longer uses Knex") or adopts ("went with Knex") a thing.
    QList<QPair<QString, qsizetype>> clauseThings;
    // Where "replaced" stands, and where the words before it that name what replaced a thing start ("Cognito", "raw
    // SQL", not the "Thistle" of "In Thistle, …").
    qsizetype dropsAfter = -1, dropsBefore = -1, replacedAt = -1, replacementFrom = -1;
    // Where a preposition after the dropping word starts where the drop holds ("No more gin in the OCR of parish
    // registers paper", "Stop using TensorBoard on the label noise grant"): MemoryProfile::droppedWhere.
    qsizetype scopeFrom = -1;
    bool clauseAdopts = false, clauseChanges = false, clauseValue = false;
    // A name or a specific word before: a label that names its subject ("Best way to reach Alvar Prentice: Matrix",
    // "Curator of dataset parish-registers-v2: Goran Eriksen") leads with none of the value after its colon; a label
    // that names nothing ("Our group: Zuzana Vukovic, data steward") is about that value.
    bool namedBefore = false;
    auto closeDecision = [&] {
        // What a colon introduces is the value its label holds now ("The rail punctuality grant — experiment tracking:
        // TensorBoard"): what the text adopts, unless it drops it ("Compute: no more the national cluster").
        clauseAdopts = clauseAdopts || clauseValue;
        for (const auto &[thing, at] : std::as_const(clauseThings)) {
            if ((dropsAfter >= 0 && at > dropsAfter) || (dropsBefore >= 0 && at < dropsBefore)) {
                p.dropped.insert(thing);
                if (dropsAfter >= 0 && scopeFrom >= 0 && at > scopeFrom)
                    p.droppedWhere.insert(thing);
            } else if ((clauseAdopts && dropsAfter < 0 && dropsBefore < 0)
                       || (replacedAt >= 0 && at < replacedAt && at >= replacementFrom))
                p.adopted.insert(thing);
        }
        // The other words of what replaced it are how that is called ("raw SQL", "React context"), not the subject's.
        for (qsizetype j = replacementFrom; replacedAt >= 0 && j < replacedAt; ++j)
            if (!TextAnalysis::isStopWord(tokens[j].lower))
                p.adopted.insert(TextAnalysis::stem(tokens[j].lower));
        clauseThings.clear();
        dropsAfter = dropsBefore = replacedAt = scopeFrom = -1;
        clauseAdopts = clauseChanges = clauseValue = false;
    };
    auto closeSegment = [&] {
        closeDecision();
        if (segmentTransits)
            for (const QString &v : std::as_const(pendingFrom))
                p.fromValues.insert(v);
        pendingFrom.clear();
        segmentTransits = false;
    };
    // A word joined to others by hyphens is the whole of it: "lark-small" and "lark-tiny" are two models,
    // "seagrass-survey" and "seagrass-survey-v2" two datasets, however alike the rest of the two texts.
    for (qsizetype k = 0; k < tokens.size();) {
        qsizetype end = k + 1;
        while (end < tokens.size() && tokens[end].joined)
            ++end;
        if (end - k >= 2) {
            QStringList parts;
            for (qsizetype j = k; j < end; ++j)
                parts << tokens[j].lower;
            // Everyday words joined ("held-out", "on-call", "follow-up") say how, not which one.
            if (!std::all_of(parts.cbegin(), parts.cend(),
                             [](const QString &part) { return !isSpecificWord(part) && !part.front().isDigit(); }))
                p.specific.insert(parts.join(QLatin1Char('-')));
        }
        k = end;
    }
    for (qsizetype k = 0; k < tokens.size(); ++k) {
        const Token &t = tokens[k];
        normalized << t.lower;
        position = t.sentenceStart ? 0 : position + 1;
        if (t.sentenceStart) {
            sinceArticle = -1;
            ++segment;
            closeSegment();
            clauseValue = t.afterColon;
        }
        if (transitionWords().contains(t.lower))
            segmentTransits = true;
        {
            const QString after =
                k + 1 < tokens.size() && !tokens[k + 1].sentenceStart ? tokens[k + 1].lower : QString();
            const QString before = k > 0 && !t.sentenceStart ? tokens[k - 1].lower : QString();
            if (transitionWords().contains(t.lower) || changeMarkers().contains(t.lower))
                clauseChanges = true;
            if (t.lower == QLatin1String("replaced") && after == QLatin1String("by"))
                dropsBefore = k; // "Knex was replaced by TypeORM"
            else if (dropsAfter >= 0 && scopeFrom < 0 && replacedAt < 0
                     && (t.lower == QLatin1String("in") || t.lower == QLatin1String("on")
                         || t.lower == QLatin1String("from") || t.lower == QLatin1String("for")))
                scopeFrom = k;
            else if (droppingWords().contains(t.lower) && dropsAfter < 0) {
                dropsAfter = k;
                if (t.lower == QLatin1String("replaced")) { // "In Thistle, Cognito replaced Clerk": Cognito is adopted
                    replacedAt = k;
                    replacementFrom = k;
                    while (replacementFrom > 0 && !tokens[replacementFrom].sentenceStart
                           && !tokens[replacementFrom].afterComma)
                        --replacementFrom;
                }
            } else if (t.lower == QLatin1String("off") && clauseChanges && dropsAfter < 0)
                dropsAfter = k; // "Lagoon moved error tracking off Sentry"
            else if (t.lower == QLatin1String("gone")
                     || (t.lower == QLatin1String("out")
                         && (before == QLatin1String("is") || before == QLatin1String("lost"))))
                dropsBefore = k; // "PostHog is gone", "Doccano is out", "Typst lost out"
            // "We switched to Selenium", "moved to Netlify": what a change goes to is what the clause adopts.
            if (adoptingWords().contains(t.lower)
                || ((t.lower == QLatin1String("went") || t.lower == QLatin1String("go"))
                    && after == QLatin1String("with"))
                || (transitionStems().contains(TextAnalysis::stem(t.lower)) && after == QLatin1String("to")))
                clauseAdopts = true;
        }
        if (t.lower == QLatin1String("from") && segmentTransits) { // "ported from X", not "came from X, switched off"
            // "from SQLite", "from Noemi Chen", "from a shipyard": the name after it, or its first content word.
            qsizetype j = k + 1;
            while (j < tokens.size() && !tokens[j].sentenceStart && TextAnalysis::isStopWord(tokens[j].lower)
                   && !tokens[j].word.front().isUpper())
                ++j;
            for (; j < tokens.size() && !tokens[j].sentenceStart && tokens[j].word.front().isUpper(); ++j)
                pendingFrom << tokens[j].lower;
            if (pendingFrom.isEmpty() && j < tokens.size() && !tokens[j].sentenceStart
                && !tokens[j].word.front().isDigit())
                pendingFrom << TextAnalysis::stem(tokens[j].lower);
        }
        const QString previous = k > 0 && !t.sentenceStart ? tokens[k - 1].lower : QString();
        const QString next = k + 1 < tokens.size() && !tokens[k + 1].sentenceStart ? tokens[k + 1].lower : QString();
        // A word of a name ("in Split") or of a compound ("partner-reviews") is no word of a life slot.
        // A capitalised word alone between two stops is a value ("Home base for Florin Bakker: Split.").
        const bool alone = t.sentenceStart && (k + 1 == tokens.size() || tokens[k + 1].sentenceStart);
        const bool plainWord = !t.compound && (!t.word.front().isUpper() || (t.sentenceStart && !alone));
        if (const auto slot = lifeSlotWords().constFind(t.lower); plainWord && slot != lifeSlotWords().cend()) {
            // "takes the tram to work" is a way to work, not a job; "doesn't work on Fridays", "works 8 am to 4 pm"
            // are hours.
            const bool hours = next == QLatin1String("on") || (!next.isEmpty() && next.front().isDigit());
            const bool commute = previous == QLatin1String("to") || previous == QLatin1String("from");
            // "lives with her spouse" is a partner, not a place.
            const bool livesWith = *slot == kHome && next == QLatin1String("with");
            if (livesWith)
                p.lifeSlots |= kPartner;
            else if (*slot != kWork || !(hours || commute))
                p.lifeSlots |= *slot;
        }
        // "moved to Seattle", "moving from Leeds": a home; "moved deploys to Tuesdays", "moving sweeps to the night
        // partition" are not.
        if ((t.lower == QLatin1String("moved") || t.lower == QLatin1String("moving")
             || t.lower == QLatin1String("move"))
            && (next == QLatin1String("to") || next == QLatin1String("from")) && k + 2 < tokens.size()
            && tokens[k + 2].word.front().isUpper())
            p.lifeSlots |= kHome;
        // "currently in Turku", "now in Leipzig": where someone is.
        if ((t.lower == QLatin1String("currently") || t.lower == QLatin1String("now")) && next == QLatin1String("in")
            && k + 2 < tokens.size() && tokens[k + 2].word.front().isUpper())
            p.lifeSlots |= kHome;
        if (plainWord && endingWords().contains(t.lower))
            p.endsValue = true;
        if (t.lower == QLatin1String("a") || t.lower == QLatin1String("an"))
            sinceArticle = 0;
        else if (sinceArticle >= 0 && ++sinceArticle <= 4 && t.lower == QLatin1String("at"))
            p.lifeSlots |= kWork;
        if (relatives().contains(t.lower))
            p.mentionsRelative = true;
        if (historyWords().contains(t.lower) || isYear(t.lower))
            p.history = true;
        const bool capitalised = t.word.front().isUpper();
        const bool continuesLead = leadRunOpen;
        leadRunOpen = false; // only a name right after the lead's continues its run
        const bool continuesName = nameRunOpen && !t.sentenceStart;
        nameRunOpen = false;
        const QString one = singular(t.lower);
        if (weekdays().contains(one)) {
            p.values[ValueClass::Weekday].insert(one);
            continue;
        }
        // A day as a note shortens it, with its capital ("Refresh of dataset meter-readings: Fri nights", "Wed
        // 16:00"): the same day as its whole name.
        if (const QString day = weekdayAbbreviations().value(t.lower); capitalised && !day.isEmpty()) {
            p.values[ValueClass::Weekday].insert(day);
            continue;
        }
        if (months().contains(t.lower) && capitalised) {
            p.values[ValueClass::Month].insert(t.lower);
            continue;
        }
        // A month shortened, with its capital ("left Kyoto for Debrecen in Oct"): a month, no name.
        if (monthAbbreviations().contains(t.lower) && capitalised) {
            p.values[ValueClass::Month].insert(t.lower);
            continue;
        }
        if (t.word.front().isDigit()) {
            p.values[ValueClass::Number].insert(t.lower);
            continue;
        }
        // A count before what it counts ("one approval"), not "one of them", "no one reviews", nor a name ("Two
        // Wheels").
        if (const QString count = numberWordValue(t.lower);
            !count.isEmpty() && k + 1 < tokens.size() && !tokens[k + 1].sentenceStart
            && (t.sentenceStart || !notACountBefore().contains(tokens[k - 1].lower))
            && !TextAnalysis::isStopWord(tokens[k + 1].lower) && tokens[k + 1].word.front().isLower()) {
            p.values[ValueClass::Number].insert(count);
            continue;
        }
        if (negations().contains(t.lower))
            p.negated = true;
        if (changeMarkers().contains(t.lower))
            p.announcesChange = true;
        if (eventWords().contains(t.lower))
            p.narratesEvent = true;
        if (negations().contains(t.lower) || changeMarkers().contains(t.lower) || eventWords().contains(t.lower))
            continue;
        // A capital "A" inside a sentence names one of a kind ("The laser cutter A gets calibrated …"), as "B" does
        // (thingsOf reads the other letters from the words; "a" there is the article).
        if (t.word == QLatin1String("A") && !t.sentenceStart)
            p.specific.insert(QStringLiteral("letter:a"));
        if (TextAnalysis::isStopWord(t.lower) || t.lower.size() < 2)
            continue;
        if (capitalised && t.lower != QLatin1String("i") && (!t.sentenceStart || !isEverydayWord(t.lower))) {
            // "Hale's home" is about Hale ("hale"); "Maria's sister" is not about Maria: that name keeps its "s"
            // ("marias"), another subject than "maria".
            const bool ownerOfAnother =
                t.possessive && k + 1 < tokens.size() && relatives().contains(tokens[k + 1].lower);
            const QString name = ownerOfAnother ? t.lower + QLatin1Char('s') : t.lower;
            p.values[ValueClass::Name].insert(name);
            clauseThings.append({TextAnalysis::stem(name), k});
            // The first full name near a sentence's start ("Employer of Davor Eriksen: …", "Home base for Nanna
            // Cullen: …") is who the text is about when its lead is one word.
            if (!continuesName) {
                closeRun();
                runStart = spoken || segment == 0 ? position : INT_MAX;
            }
            run << name;
            nameRunOpen = !ownerOfAnother;
            // The subject leads a sentence: a name among its first words ("Maria works …", "Ruth Ulrich's
            // hours …"), not one further on ("the team runs it in Grafana").
            if (p.lead.isEmpty() && position < 3 && !(clauseValue && namedBefore)) {
                p.lead = name;
                // Further on, a written memory names its source ("… [src: Malin Tverberg]"), not its subject.
                if (spoken || segment == 0)
                    p.person << name;
                leadRunOpen = !ownerOfAnother && !p.person.isEmpty();
            } else if (continuesLead && !t.sentenceStart) {
                p.person << name; // "Rohan Takahashi": the rest of the lead's name
                leadRunOpen = !ownerOfAnother && p.person.size() < 4;
            }
            namedBefore = true;
            continue;
        }
        const QString stem = TextAnalysis::stem(t.lower);
        p.terms.insert(stem);
        if (isSpecificWord(t.lower)) {
            p.specific.insert(stem);
            clauseThings.append({stem, k});
            namedBefore = true;
        }
    }
    closeRun();
    closeSegment();
    p.fromValues.unite(formerValues(text));
    if (p.person.size() < 2 && !fullName.isEmpty())
        p.person = fullName;
    if (!speaker.trimmed().isEmpty()) {
        p.spoken = true;
        // The speaker by the name the turn's label gives ("Mikkel"), and in full when the transcript says it
        // ("Mikkel Cullen"): that whole name says who speaks, not what the turn is about.
        p.speaker = TextAnalysis::words(speaker);
        if (!p.speaker.isEmpty()) {
            p.values[ValueClass::Name].insert(p.speaker.first());
            p.lead = p.speaker.first();
        }
    }
    p.normalized = normalized.join(QLatin1Char(' '));
    // "Label: value" at the start, the label one clause: tokens and normalized words are one to one.
    for (qsizetype k = 1; k < tokens.size() && !spoken; ++k) {
        if (!tokens[k].sentenceStart)
            continue;
        if (tokens[k].afterColon) {
            qsizetype end = k + 1;
            while (end < tokens.size() && !tokens[end].sentenceStart)
                ++end;
            p.labelWords = int(k);
            p.labelValueWords = int(end - k);
        }
        break;
    }
    return p;
}

QSet<QString> MemoryProfile::subjectKeys() const
{
    // "1>otto" (kHome, Otto): every name with every life slot the text speaks of. Rare features, so they pick the few
    // memories about one person's home among the dozens about that person.
    QSet<QString> keys;
    for (int slot : {kHome, kWork, kPartner})
        if (lifeSlots & slot)
            for (const QString &name : values.value(ValueClass::Name))
                keys.insert(QStringLiteral("%1>%2").arg(slot).arg(name));
    // "0>…": the text itself, so a copy finds its original when all its words are common ("No meetings for me on
    // Friday": "meet" is in hundreds of memories, too many to pick candidates from, and a day picks none).
    if (!normalized.isEmpty())
        keys.insert(kSameTextKeyPrefix + QString::number(qHash(normalized), 36));
    return keys;
}

QSet<QString> MemoryProfile::valueKeys() const
{
    QSet<QString> keys;
    for (ValueClass c : kClasses)
        for (const QString &v : values.value(c))
            keys.insert(classKey(c) + QLatin1Char(':') + v);
    return keys;
}

QString MemoryProfile::serialize() const
{
    // "flags|terms|day:x name:y …|lead person|specific terms|from|adopted|dropped|sources|source words|normalized" —
    // one line, space-separated sets, sorted for stability.
    QStringList t(terms.cbegin(), terms.cend());
    t.sort();
    QStringList v(valueKeys().cbegin(), valueKeys().cend());
    v.sort();
    const QString flags =
        QString(negated ? QLatin1Char('n') : QLatin1Char('-')) + (announcesChange ? QLatin1Char('c') : QLatin1Char('-'))
        + (narratesEvent ? QLatin1Char('e') : QLatin1Char('-')) + (spoken ? QLatin1Char('s') : QLatin1Char('-'))
        + (standing ? QLatin1Char('f') : QLatin1Char('-')) + (mentionsRelative ? QLatin1Char('r') : QLatin1Char('-'))
        + (history ? QLatin1Char('y') : QLatin1Char('-')) + ((lifeSlots & kHome) ? QLatin1Char('H') : QLatin1Char('-'))
        + ((lifeSlots & kWork) ? QLatin1Char('W') : QLatin1Char('-'))
        + ((lifeSlots & kPartner) ? QLatin1Char('P') : QLatin1Char('-'))
        + (endsValue ? QLatin1Char('x') : QLatin1Char('-'));
    QStringList own(specific.cbegin(), specific.cend());
    own.sort();
    auto sorted = [](const QSet<QString> &set) {
        QStringList list(set.cbegin(), set.cend());
        list.sort();
        return list.join(QLatin1Char(' '));
    };
    return flags + QLatin1Char('|') + t.join(QLatin1Char(' ')) + QLatin1Char('|') + v.join(QLatin1Char(' '))
           + QLatin1Char('|') + QStringList(QStringList{lead} + person).join(QLatin1Char(' ')) + QLatin1Char('|')
           + own.join(QLatin1Char(' ')) + QLatin1Char('|') + sorted(fromValues) + QLatin1Char('|') + sorted(adopted)
           + QLatin1Char('|') + sorted(dropped) + QLatin1Char('|') + sorted(sources) + QLatin1Char('|')
           + sorted(sourceWords) + QLatin1Char('|') + normalized + QLatin1Char('|')
           + QStringLiteral("%1 %2").arg(labelWords).arg(labelValueWords) + QLatin1Char('|')
           + speaker.join(QLatin1Char(' ')) + QLatin1Char('|') + sorted(droppedWhere);
}

MemoryProfile MemoryProfile::deserialize(const QString &line)
{
    MemoryProfile p;
    const QStringList parts = line.split(QLatin1Char('|'));
    if (parts.size() < 6)
        return p;
    p.negated = parts[0].contains(QLatin1Char('n'));
    p.announcesChange = parts[0].contains(QLatin1Char('c'));
    p.narratesEvent = parts[0].contains(QLatin1Char('e'));
    p.spoken = parts[0].contains(QLatin1Char('s'));
    p.standing = parts[0].contains(QLatin1Char('f'));
    p.mentionsRelative = parts[0].contains(QLatin1Char('r'));
    p.history = parts[0].contains(QLatin1Char('y'));
    p.endsValue = parts[0].contains(QLatin1Char('x'));
    p.lifeSlots = (parts[0].contains(QLatin1Char('H')) ? kHome : 0) | (parts[0].contains(QLatin1Char('W')) ? kWork : 0)
                  | (parts[0].contains(QLatin1Char('P')) ? kPartner : 0);
    for (const QString &t : parts[1].split(QLatin1Char(' '), Qt::SkipEmptyParts))
        p.terms.insert(t);
    for (const QString &key : parts[2].split(QLatin1Char(' '), Qt::SkipEmptyParts)) {
        const qsizetype colon = key.indexOf(QLatin1Char(':'));
        for (ValueClass c : kClasses)
            if (key.left(colon) == classKey(c))
                p.values[c].insert(key.mid(colon + 1));
    }
    p.person = parts[3].split(QLatin1Char(' '));
    p.lead = p.person.takeFirst();
    for (const QString &t : parts[4].split(QLatin1Char(' '), Qt::SkipEmptyParts))
        p.specific.insert(t);
    auto setOfWords = [](const QString &words) {
        const QStringList list = words.split(QLatin1Char(' '), Qt::SkipEmptyParts);
        return QSet<QString>(list.cbegin(), list.cend());
    };
    // A profile's normalized text holds no "|" (its words are letters and digits): the parts are where they are. A
    // line of another detector version is read as far as it goes (FindingIndex starts such profiles over anyway).
    if (parts.size() >= 11) {
        p.fromValues = setOfWords(parts[5]);
        p.adopted = setOfWords(parts[6]);
        p.dropped = setOfWords(parts[7]);
        p.sources = setOfWords(parts[8]);
        p.sourceWords = setOfWords(parts[9]);
        p.normalized = parts[10];
        if (parts.size() >= 12) {
            const QStringList label = parts[11].split(QLatin1Char(' '));
            p.labelWords = label.value(0).toInt();
            p.labelValueWords = label.value(1).toInt();
        }
        if (parts.size() >= 13)
            p.speaker = parts[12].split(QLatin1Char(' '), Qt::SkipEmptyParts);
        if (parts.size() >= 14)
            p.droppedWhere = setOfWords(parts[13]);
    } else {
        p.normalized = parts.last();
    }
    return p;
}

namespace {

/// `p` with the names it holds that `other` writes as a word of its subject ("Dataset coral-frames-v3 now holds …" /
/// "… in dataset coral-frames-v3", "Requests to the identity service …" / "The identity service …"): a capitalised
/// word at a sentence's start, which the other text shows to be a word, not a name.
MemoryProfile namesAsOtherWrites(const MemoryProfile &p, const MemoryProfile &other)
{
    const auto names = p.values.constFind(ValueClass::Name);
    if (names == p.values.cend())
        return p;
    const QSet<QString> otherNames = other.values.value(ValueClass::Name);
    MemoryProfile out = p;
    for (const QString &name : *names) {
        const QString stem = TextAnalysis::stem(name);
        if (otherNames.contains(name) || !other.terms.contains(stem))
            continue;
        out.values[ValueClass::Name].remove(name);
        out.terms.insert(stem);
        out.person.removeAll(name);
        if (out.lead == name) // the name it leads with after it ("Employer of Zofia Grieg: …"), if any
            out.lead = out.person.isEmpty() ? QString() : out.person.first();
    }
    if (out.values[ValueClass::Name].isEmpty())
        out.values.remove(ValueClass::Name);
    return out;
}

} // namespace

Comparison compare(const MemoryProfile &olderAsRead, const MemoryProfile &newerAsRead,
                   const std::function<double(const QString &)> &weight,
                   const std::function<int(const QString &)> &leads)
{
    const MemoryProfile older = namesAsOtherWrites(olderAsRead, newerAsRead),
                        newer = namesAsOtherWrites(newerAsRead, olderAsRead);
    Comparison out;
    auto w = [&](const QString &feature) { return weight ? weight(feature) : 1.0; };
    auto total = [&](const QSet<QString> &set) {
        double sum = 0.0;
        for (const QString &f : set)
            sum += w(f);
        return sum;
    };
    if (!older.normalized.isEmpty() && older.normalized == newer.normalized) {
        out.duplicate = true;
        out.similarity = 1.0;
        out.reason = QStringLiteral("the same text");
        return out;
    }
    // Without the word list no word names one thing and a capitalised everyday word may be a name: two services, or
    // two people of one template, read as one subject (on bench/hygiene's dev split 27 % of the contradictions were
    // right, 82 % of the copies). Only the same text is told then; health names the missing list.
    if (!WordFrequency::english().available())
        return out;

    // Values each side states and the other lacks, by class: a changed value when both sides have one.
    QSet<QString> conflicting;
    QStringList changes;
    bool manyValuesApart = false; // a class where a side states more values the other lacks than a change swaps
    for (ValueClass c : kClasses) {
        const QSet<QString> a = older.values.value(c), b = newer.values.value(c);
        const QSet<QString> onlyOlder = a - b, onlyNewer = b - a;
        if (onlyOlder.isEmpty() || onlyNewer.isEmpty())
            continue;
        // A name either text leads with is what it is about, not a value it states ("For error tracking, Glacier went
        // with Sentry" / "Lagoon moved error tracking off Sentry": two projects).
        auto about = [&](const QSet<QString> &names) {
            for (const MemoryProfile *p : {&older, &newer})
                if (names.contains(p->lead) || std::any_of(p->person.cbegin(), p->person.cend(), [&](const QString &n) {
                        return names.contains(n);
                    }))
                    return true;
            return false;
        };
        const bool leadsApart = c == ValueClass::Name && (about(onlyOlder) || about(onlyNewer));
        // A time of day, a day of a month and a count are three kinds of number ("We meet … on Mon at 11:00" /
        // "Page limit …: 6"; "… now due Apr 20" / "Page limit …: 8").
        auto kindsOf = [](const QSet<QString> &numbers, const MemoryProfile &p) {
            const QStringList words = wordsOf(p);
            QSet<int> kinds;
            for (const QString &n : numbers) {
                const qsizetype at = words.indexOf(n);
                const QString next = at >= 0 && at + 1 < words.size() ? words[at + 1] : QString();
                const QString previous = at > 0 ? words[at - 1] : QString();
                if (n.contains(QLatin1Char(':')) || next == QLatin1String("am") || next == QLatin1String("pm"))
                    kinds.insert(0);
                else if (isMonthWord(next) || isMonthWord(previous) || isShortDate(n))
                    kinds.insert(1);
                else
                    kinds.insert(2);
            }
            return kinds;
        };
        const bool numbersOfTwoKinds =
            c == ValueClass::Number && kindsOf(onlyOlder, older) != kindsOf(onlyNewer, newer);
        if (onlyOlder.size() > kMaxReplacedValues || onlyNewer.size() > kMaxReplacedValues || leadsApart
            || numbersOfTwoKinds) {
            manyValuesApart = true;
            continue;
        }
        for (const QString &v : onlyOlder)
            conflicting.insert(classKey(c) + QLatin1Char(':') + v);
        for (const QString &v : onlyNewer)
            conflicting.insert(classKey(c) + QLatin1Char(':') + v);
        QStringList from(onlyOlder.cbegin(), onlyOlder.cend()), to(onlyNewer.cbegin(), onlyNewer.cend());
        from.sort();
        to.sort();
        changes << from.join(QStringLiteral(", ")) + QStringLiteral(" → ") + to.join(QStringLiteral(", "));
    }
    const bool polarity = older.negated != newer.negated && !saidNoBeside(older, newer);

    // How alike two texts are is read from the whole of each, who told it too.
    auto sourceKeys = [](const MemoryProfile &p) {
        QSet<QString> keys = p.sourceWords;
        for (const QString &source : p.sources)
            keys.insert(classKey(ValueClass::Name) + QLatin1Char(':') + source);
        return keys;
    };
    const QSet<QString> a = (older.terms | older.valueKeys() | sourceKeys(older)) - conflicting;
    const QSet<QString> b = (newer.terms | newer.valueKeys() | sourceKeys(newer)) - conflicting;
    const QSet<QString> shared = a & b;
    const double smaller = qMin(total(a), total(b));
    const double coverage = smaller > 0.0 ? total(shared) / smaller : 0.0;
    const double unionWeight = total(a | b) + total(conflicting);
    out.similarity = unionWeight > 0.0 ? total(shared) / unionWeight : 0.0;

    // About the same thing: the same lead, or one's lead among the other's names.
    const bool sameThing = older.lead.isEmpty() || newer.lead.isEmpty() || older.lead == newer.lead
                           || older.values.value(ValueClass::Name).contains(newer.lead)
                           || newer.values.value(ValueClass::Name).contains(older.lead);
    const QSet<QString> sharedTerms = older.terms & newer.terms;
    const double smallerTerms = qMin(total(older.terms), total(newer.terms));
    const double termCoverage = smallerTerms > 0.0 ? total(sharedTerms) / smallerTerms : 0.0;
    const double termUnion = total(older.terms | newer.terms);
    // One statement with one slot changed: little of either side's wording is its own.
    const double termJaccard = termUnion > 0.0 ? total(sharedTerms) / termUnion : 0.0;
    const bool relatedSubject = sameThing && sharedTerms.size() >= 2 && termCoverage >= kRelatedCoverage;

    const bool announced = announcesOwnChange(older, newer);

    if (const QString update = lifeUpdate(older, newer); !update.isEmpty()) {
        out.contradiction = true;
        out.reason = update;
        return out;
    }

    if (const QString moved = transition(older, newer); !moved.isEmpty()) {
        out.contradiction = true;
        out.reason = moved;
        return out;
    }

    if (const QString reversed = decisionReversed(older, newer); !reversed.isEmpty()) {
        out.contradiction = true;
        out.reason = reversed;
        return out;
    }

    if (const QString relabelled = labelledValueChanged(older, newer); !relabelled.isEmpty()) {
        out.contradiction = true;
        out.reason = relabelled;
        return out;
    }

    if (!changes.isEmpty() || polarity) {
        // Two events, or two turns of talk, both happened: they disagree only when the newer says it changed.
        const bool told = (older.narratesEvent && newer.narratesEvent) || (older.spoken && newer.spoken);
        const double needed = announced ? kChangedStatementJaccard - 0.15 : kChangedStatementJaccard;
        const bool holds = older.standing || newer.standing || announced;
        // The same statement with its value changed, not two statements of one template about two things
        // ("the QA team holds retros on Tuesdays", "the pricing team … on Fridays"): the words only one side
        // has are few (a change announced may bring a word or two of its own), not each side words of its own
        // besides the value, and not each side names of its own ("For error tracking, Acorn went with Sentry",
        // "Lagoon moved error tracking off Sentry") unless they share their lead.
        // A change announced says it in verbs of its own ("uses Hydra for configuration" / "switched configuration to
        // plain YAML"): a word that adopts is none of the statement's own.
        QSet<QString> ownOlder = older.terms - newer.terms, ownNewer = newer.terms - older.terms;
        if (announced)
            for (const QString &word : adoptingWords()) {
                ownOlder.remove(TextAnalysis::stem(word));
                ownNewer.remove(TextAnalysis::stem(word));
            }
        const qsizetype ownWords = ownOlder.size() + ownNewer.size();
        const bool wordsEachSide = !ownOlder.isEmpty() && !ownNewer.isEmpty();
        // Who told each side is not whose it is: two sources are no two subjects.
        const QSet<QString> namesOlder = older.values.value(ValueClass::Name),
                            namesNewer = newer.values.value(ValueClass::Name);
        const bool sharedLead = !older.lead.isEmpty() && older.lead == newer.lead;
        const bool namesSwapped = std::any_of(conflicting.cbegin(), conflicting.cend(), [](const QString &key) {
            return key.startsWith(classKey(ValueClass::Name) + QLatin1Char(':'));
        });
        const bool namesEachSide =
            !(namesOlder - namesNewer).isEmpty() && !(namesNewer - namesOlder).isEmpty() && !sharedLead;
        // Each side names a thing of its own besides the values swapped ("Closed day at Bolt & Bracket: Thursday" /
        // "The quay sauna changed its closed day to Monday"): two places, two services.
        QSet<QString> thingsOlder = statedThings(older) - thingsOf(newer),
                      thingsNewer = statedThings(newer) - thingsOf(older);
        for (const QString &key : std::as_const(conflicting)) {
            const QString value = key.mid(key.indexOf(QLatin1Char(':')) + 1);
            for (QSet<QString> *own : {&thingsOlder, &thingsNewer}) {
                own->remove(value);
                own->remove(TextAnalysis::stem(value));
            }
        }
        const bool thingsEachSide = !thingsOlder.isEmpty() && !thingsNewer.isEmpty();
        // A day or a number of one subject (the same lead) changed, said with a change word, may be said in words of
        // their own ("Clara has volleyball on Wednesday evenings" / "Clara plays volleyball on Fridays now"); not when
        // names swap: another of that first name ("Diego Jovanovic" / "Diego Varga"), a place they left in the past
        // ("… is living in Copenhagen" / "… grew up in Vienna and left in 2020").
        const bool onePersonsValue =
            announced && (sharedLead || labelsOf(older).intersects(labelsOf(newer))) && !namesSwapped;
        // A code swapped beside another value names the thing it is said of ("Calibration of freezer F5: Wednesdays"
        // / "… freezer F12: Fridays": two freezers), as one name with two kinds does ("the crack detection grant" /
        // "… study": two projects).
        const bool codeBesideValue =
            conflicting.size() > 2 && std::any_of(conflicting.cbegin(), conflicting.cend(), [](const QString &key) {
                return isCode(key.mid(key.indexOf(QLatin1Char(':')) + 1));
            });
        const bool oneStatement = ownWords <= (announced || polarity ? 3 : 1) && !manyValuesApart && !thingsEachSide
                                  && !(!changes.isEmpty() && wordsEachSide && !onePersonsValue)
                                  && !(polarity && namesEachSide) && !codeBesideValue && !oneNameTwoKinds(older, newer);
        // Two standing facts worded alike to the last word but a number or a day ("Bluebird has a budget of 20
        // thousand euros" / "… of 80 thousand euros") cannot both hold now, said with a change word or not. Any
        // other word apart is another thing of one template: a name ("The budget for Vesper …"), a letter ("the
        // 3D printer B"), a date (two appointments worded alike both hold).
        const bool swapped =
            !changes.isEmpty() && older.standing && newer.standing && !told && onlyValuesDiffer(older, newer);
        const bool nameSwapped = !changes.isEmpty() && older.standing && newer.standing && !told
                                 && namesSwappedAsValues(older, newer, conflicting, leads);
        if (sameThing && holds && oneStatement && (announced || polarity || swapped || nameSwapped)
            && (sharedTerms.size() >= (announced ? 1 : 2)
                || ((swapped || nameSwapped) && !sharedTerms.isEmpty() && sharedLead))
            && termJaccard >= needed && (!told || (announced && !eventsWithOthers(older, newer)))) {
            out.contradiction = true;
            if (!changes.isEmpty())
                out.reason = changes.join(QStringLiteral("; "));
            else
                out.reason =
                    newer.negated ? QStringLiteral("the newer one says no") : QStringLiteral("the older one says no");
            return out;
        }
        if (sameThing && !polarity && !told && !manyValuesApart && !thingsEachSide && !codeBesideValue
            && valueSwappedApart(older, newer, conflicting, termCoverage)) {
            out.contradiction = true;
            out.reason = changes.join(QStringLiteral("; "));
            return out;
        }
        out.related = relatedSubject;
        return out;
    }

    // A slot swapped for a rare word ("The user's shell is zsh" → "… is fish"): the same statement, one or two
    // words each side, at least one of them no everyday English word.
    {
        const QSet<QString> onlyOlder = older.terms - newer.terms, onlyNewer = newer.terms - older.terms;
        auto rare = [](const QSet<QString> &words) {
            const WordFrequency &frequency = WordFrequency::english();
            for (const QString &w : words)
                if (frequency.available() && frequency.zipf(w) < kRareWordZipf)
                    return true;
            return false;
        };
        const bool holds = older.standing || newer.standing || announced;
        const bool oneWordEach = onlyOlder.size() == 1 && onlyNewer.size() == 1;
        // Neither states a value. Values both state ("… deploys on Thursdays", "… runs in AWS eu-central-1") make
        // the word swapped whose value it is (another service); a value one states alone makes its words another
        // statement ("The lichen atlas grant — optimiser: Lion" / "… is now due 21 May").
        const bool noValues = older.values.isEmpty() && newer.values.isEmpty();
        // Nor are the words swapped what names the thing ("the moth survey study" / "the peat coring study", "the …
        // paper" / "the … grant").
        const bool twoThings = oneNameTwoKinds(older, newer) || twoNamesOneKind(older, newer);
        if (sameThing && holds && announced && noValues && !twoThings && !manyValuesApart
            && !labelsEachSide(older, newer) && !onlyOlder.isEmpty() && !onlyNewer.isEmpty()
            && onlyOlder.size() <= kMaxReplacedValues && onlyNewer.size() <= kMaxReplacedValues
            && sharedTerms.size() >= 2 && (oneWordEach || termJaccard >= kChangedStatementJaccard - 0.15)
            && (rare(onlyOlder) || rare(onlyNewer)) && !(older.spoken && newer.spoken)) {
            out.contradiction = true;
            out.reason = spelled(older, onlyOlder) + QStringLiteral(" → ") + spelled(newer, onlyNewer);
            return out;
        }
    }

    // A copy restates one thing: not two leads ("Mei Holm is vegan", "Diego Ferreira is vegan … Mei Holm
    // confirmed it"), not each side a thing of its own ("the sync service …", "the billing service …").
    QSet<QString> thingsOlder = thingsOf(older), thingsNewer = thingsOf(newer);
    // A hyphenated name by its parts' stems: "double-charged" and "double-charge" are one thing.
    auto byStems = [](const QSet<QString> &things) {
        QSet<QString> out;
        for (const QString &thing : things) {
            if (!thing.contains(QLatin1Char('-')) || thing.startsWith(QLatin1String("letter:"))) {
                out.insert(thing);
                continue;
            }
            QStringList parts = thing.split(QLatin1Char('-'));
            for (QString &part : parts)
                part = TextAnalysis::stem(part);
            out.insert(parts.join(QLatin1Char('-')));
        }
        return out;
    };
    thingsOlder = byStems(thingsOlder);
    thingsNewer = byStems(thingsNewer);
    // Both name the same ones of a kind and no other ("dataset harbour-audio-v2", "AEC-2023-117"): a rare word each
    // side has of its own is how it says it ("Ethics clearance for the kelp transect survey: AEC-2023-117" / "The
    // kelp transect survey runs under an approval, AEC-2023-117"). Two things of one kind beside it stay two ("the
    // ledger service" / "the search service", both on "the on-call shadow rota": twoNamesOneKind below).
    if (const QSet<QString> labels = labelsOf(older); !labels.isEmpty() && labels == labelsOf(newer)) {
        const QSet<QString> wordingOlder = (thingsOlder - thingsNewer) & older.specific,
                            wordingNewer = (thingsNewer - thingsOlder) & newer.specific;
        thingsOlder -= wordingOlder;
        thingsNewer -= wordingNewer;
    }
    // Two leads are one subject only when each text names the other's ("Aoife … : Lille", "Home base for Aoife
    // …: Lille"): "Colm is off every Tuesday — via Mikkel" names Mikkel as a source, not as its subject.
    auto names = [](const MemoryProfile &p, const QString &lead) {
        return p.values.value(ValueClass::Name).contains(lead) || p.specific.contains(TextAnalysis::stem(lead));
    };
    const bool twoLeads = !older.lead.isEmpty() && !newer.lead.isEmpty() && older.lead != newer.lead
                          && !(names(newer, older.lead) && names(older, newer.lead));
    if (twoLeads || (!(thingsOlder - thingsNewer).isEmpty() && !(thingsNewer - thingsOlder).isEmpty())
        || namesANarrowerThing(older, newer) || namesANarrowerThing(newer, older) || oneNameTwoKinds(older, newer)
        || twoNamesOneKind(older, newer) || eventsWithOthers(older, newer)) {
        out.related = relatedSubject;
        return out;
    }
    const qsizetype smallerSize = qMin(a.size(), b.size());
    const double containment = coverage;
    if (out.similarity >= kDuplicateJaccard && smallerSize >= 2) {
        out.duplicate = true;
        QStringList wordsOlder = older.normalized.split(QLatin1Char(' ')),
                    wordsNewer = newer.normalized.split(QLatin1Char(' '));
        wordsOlder.sort();
        wordsNewer.sort();
        out.reason = wordsOlder == wordsNewer ? QStringLiteral("the same words in another order")
                                              : QStringLiteral("the same subject and words, reworded");
        return out;
    }
    if (containment >= kPartialContainment && smallerSize >= 3) {
        out.duplicate = true;
        out.reason = QStringLiteral("one holds the other");
        return out;
    }
    out.related = relatedSubject;
    return out;
}

} // namespace engram
