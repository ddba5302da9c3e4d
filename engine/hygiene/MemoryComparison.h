#pragma once

#include <QHash>
#include <QSet>
#include <QString>
#include <QStringList>

#include <functional>

namespace engram {

/// The three problems a memory can have with another: it repeats it, it cannot hold at the same time
/// as it, or it is an old fact that newer material talks about differently.
enum class FindingKind { Duplicate, Contradiction, Stale };

QString findingKindName(FindingKind kind); ///< "duplicate", "contradiction", "stale"
bool findingKindFromName(const QString &name, FindingKind *kind);

/// The classes of value a memory states, whose change makes two memories about one subject disagree.
enum class ValueClass { Weekday, Month, Number, Name };

/// What one memory's text says, reduced to what a comparison needs (built once per memory, offline):
/// its subject terms (stemmed content words, without the values and the words of change and negation),
/// the values it states by class, whether it negates or reverses something ("not", "dropped"), and whether
/// it announces a change ("moved", "switched", "no longer", "now").
struct MemoryProfile {
    QSet<QString> terms;
    QHash<ValueClass, QSet<QString>> values;
    bool negated = false;
    bool announcesChange = false;
    bool narratesEvent = false; ///< tells a past event ("went", "visited", "on Saturday") rather than a standing fact
    bool spoken = false;        ///< a turn of a conversation (it has a speaker)
    /// A standing fact (a semantic or procedural memory, a note, a consolidated fact) rather than an event, a
    /// goal or an appointment: set by the caller, who knows the store. Two memories that are neither (two
    /// appointments, two incidents) both hold unless the newer announces a change.
    bool standing = false;
    /// Who or what it is about first: the speaker of a turn, else the first name in the text ("maria" in
    /// "Maria works at Acme"); empty when it names none. Two memories led by different names are about
    /// different things ("Maria works at Acme", "Ana works at Acme").
    QString lead;
    /// The name the text leads with, in full ("rohan", "takahashi"): who a life fact is about. A turn's speaker is
    /// not in it: "Signe and Rikke separated", said by Sindre, is about Signe.
    QStringList person;
    /// The subject terms (as stemmed in `terms`) whose word is no everyday English word (Zipf below
    /// kSpecificZipf, or not on the list): a service, a project, a tool. Two memories that each hold one the
    /// other lacks are about two things, however much else they share ("the sync service" / "the billing
    /// service").
    QSet<QString> specific;
    QString normalized; ///< lower-case words joined by one space: what an exact copy shares
    /// The slots of a person's life it speaks of (kHome, kWork, kPartner: "lives in", "a librarian at", "married
    /// to"), each of which holds one value at a time.
    int lifeSlots = 0;
    static constexpr int kHome = 1, kWork = 2, kPartner = 4;
    bool mentionsRelative = false; ///< names a relative, a friend or a pet ("her sister", "my dog"): another subject
    bool history = false;          ///< places a fact in the past ("until 2020", "formerly", a year)
    bool endsValue = false;        ///< ends something ("left", "leaving", "divorced", "sold the … place")
    /// What a clause with a verb of transition takes something from ("ported from TypeScript": "typescript"; "took
    /// over Zephyr from Noemi Chen": "noemi", "chen"): names as written, other words stemmed.
    QSet<QString> fromValues;
    /// What a clause of it adopts ("In Saffron, Cognito is the choice for login": "saffron", "cognito") and what one
    /// drops ("Do not use Cognito in Saffron anymore"; "Willow no longer uses Knex": "knex"; "In Birch, Rollbar
    /// replaced Bugsnag": "bugsnag"), as thingsOf keys them: the two sides of a decision reversed.
    QSet<QString> adopted;
    QSet<QString> dropped;
    /// Of `dropped`, what a preposition after the dropping word places the drop in ("No more gin in the OCR of parish
    /// registers paper": "ocr", "parish", "regist"): where it holds, maybe not itself dropped.
    QSet<QString> droppedWhere;
    /// Who told it, as a written memory says at its end ("… Heard it from Wes Moreau.", "… [src: Zdenek Prentice]"):
    /// names in lower case, in none of the sets above. Two texts told by two people may still be two things of one
    /// template, so a copy's checks count them as things; what a text states and is about does not.
    QSet<QString> sources;
    QSet<QString>
        sourceWords; ///< the other words of those clauses, stemmed ("say", "lunch"): part of a copy's likeness
    /// A label a colon ends at the text's start ("Best way to reach Alvar Prentice: Matrix."): how many of
    /// `normalized`'s first words it is, and how many after it are the value it holds (to that sentence's end); 0
    /// without one.
    int labelWords = 0;
    int labelValueWords = 0;
    /// Who says it, a turn's speaker in lower-case words: the name its label gives ("mikkel"), or the whole name
    /// the transcript's participants give ("mikkel", "cullen"). Only its first word is among the names it states.
    QStringList speaker;

    /// `speaker`: who says it (a transcript turn's speaker), counted as a name the text is about.
    static MemoryProfile of(const QString &text, const QString &speaker = {});
    /// A compact line for the index (review_profiles.profile) and back.
    QString serialize() const;
    static MemoryProfile deserialize(const QString &line);
    /// Every name and value, as "class:value": subject words of their own when both sides share them.
    QSet<QString> valueKeys() const;
    /// Every name with every life slot the text speaks of ("1>otto": Otto's home): what picks the memories about
    /// one person's home, job or partner as candidates (FindingIndex), never part of a comparison.
    QSet<QString> subjectKeys() const;
};

/// How two memories relate, and why, in words a person reads in the Review view.
struct Comparison {
    bool duplicate = false;
    bool contradiction = false;
    bool related = false;    ///< the same subject, neither repeated nor contradicted
    double similarity = 0.0; ///< idf-weighted Jaccard of the subject terms and values
    QString reason;          ///< "the same text", "Friday → Tuesday", "one says no"
};

/// Compares two memory profiles. `older` and `newer` by the date of their source (a change is announced
/// by the newer one). `weight` gives a term's weight (its idf in the vault: rare words say more about the
/// subject than common ones); terms it does not know weigh 1.
///
/// Offline rules, tuned on bench/hygiene's dev split and measured on its held-out split (bench/README.md):
/// - duplicate: the same normalized text; or, with no value or polarity in conflict, a weighted Jaccard of
///   at least kDuplicateJaccard, or one holding nearly all of the other (kPartialContainment) — unless each
///   side names a thing the other does not (a name, a number, a date, a specific word: two services, two
///   outings) or they lead with two people neither text names both of;
/// - contradiction: about the same thing (the same lead name, when both have one), the same subject terms
///   (a weighted Jaccard of at least kChangedStatementJaccard, at least two terms) and either a value
///   replaced (one class — a day, a month, a number, a name — where each side states one or two values the
///   other lacks) or one side negating or reversing what the other affirms. Two narrated past events (hiking
///   on Saturday, hiking on Sunday) and two turns of talk disagree only when the newer announces a change,
///   with a change word the older does not hold ("for now" in both announces nothing). Not one statement, so
///   no contradiction: a class where a side states more than kMaxReplacedValues values the other lacks; a
///   changed value with words of its own on each side (another service, not another value); a no with names
///   of its own on each side and no shared lead (another project's decision).
/// - life update: an older standing fact about a person by full name and one slot of their life (home, job,
///   partner), and a newer text about that person and slot that announces a change with a name the older lacks,
///   or without one the older had, however differently the two are worded ("Rohan Takahashi lives in Cork" /
///   "Rohan Takahashi has moved to Seattle"). A turn of talk may tell it: a friend naming the person, or the
///   person, naming the value they left. A newer that ends a value the older names ("leaving Ferncliff Pharma")
///   needs no shared slot word. A first name alone is the person only when the newer names the older's value
///   too. Not history (a year, "until"), not about a relative, not an event; a source's name after the memory
///   ("[src: …]") is not its subject.
/// - transition: a newer clause with a verb of transition takes a thing from a value the older states ("ported
///   from TypeScript to Java", "took over Zephyr from Noemi Chen"): both name one more thing, the newer a new one;
///   not each side a specific word of its own (another dataset), not another person of the same surname.
/// - a name swapped as the value: two standing facts worded alike but a name ("… is written in Rust" / "… in
///   Kotlin"), when `leads` (how many of the vault's memories lead with a name) says no memory is about either;
///   without it no name is known to be a value.
/// - one label, two values: "Best way to reach Alvar Prentice: Matrix" / "…: Threema", a label that is an
///   attribute of a subject (its own words, a preposition, what names the subject), values that share no word.
Comparison compare(const MemoryProfile &older, const MemoryProfile &newer,
                   const std::function<double(const QString &)> &weight = {},
                   const std::function<int(const QString &)> &leads = {});

constexpr double kDuplicateJaccard = 0.6;
constexpr double kPartialContainment = 0.9;
constexpr double kSubjectCoverage = 0.6;
/// A contradiction is one statement with a slot changed: the subject terms' weighted Jaccard (0.15 less when
/// the newer announces the change).
constexpr double kChangedStatementJaccard = 0.5;
/// Related (the same subject, told differently): what a stale fact is checked against.
constexpr double kRelatedCoverage = 0.5;
/// A class where a side states more values than this the other lacks is a different memory, not a changed value.
constexpr int kMaxReplacedValues = 2;
/// A value swapped in two facts worded apart: the share of the smaller side's subject words both hold, at least,
/// and the words each side has of its own, at most.
constexpr double kSwappedApartCoverage = 0.6;
constexpr int kOwnWordsApart = 2;
/// The words a label's value holds at most ("Best way to reach Alvar Prentice: Matrix"): more is a sentence of its
/// own, not one value.
constexpr int kLabelValueWords = 6;
/// Words a part of a text needs to be a sentence of its own ("In run-8891, no gain over the baseline"), not a
/// clause tacked on ("… no more").
constexpr int kSentenceOfItsOwn = 4;
/// How a subject key of the text itself starts (MemoryProfile::subjectKeys): it picks a text's copies as
/// candidates besides its rarest words (FindingIndex).
inline constexpr QLatin1String kSameTextKeyPrefix("0>");
/// A word rarer than this in general English (Zipf, WordFrequency) is a value when it is what two otherwise
/// equal statements swap ("zsh" → "fish"): an everyday word swapped is more often a rewording.
constexpr double kRareWordZipf = 3.0;
/// Below this a subject word is specific (MemoryProfile::specific): "billing" 3.3, "cart" 3.9 are; "work" is not.
constexpr double kSpecificZipf = 4.0;

} // namespace engram
