#pragma once

#include "index/Embedder.h"
#include "recall/WordFrequency.h"

#include <QHash>
#include <QList>
#include <QRegularExpression>
#include <QSet>
#include <QString>
#include <QStringList>

namespace engram {

class IndexStore;

/// An absolute, calibrated answer to "does this memory match the query at all?" (0..1), where the
/// ranking's relevance is only relative to the best candidate. Two pieces of evidence, the larger wins:
/// - coverage: the share of the query's content words the text holds, each weighted by its BM25 idf
///   in this vault, over the most the query could reach (a word the vault never saw counts in full
///   against it: "zorblaxian" alone reaches 0);
/// - meaning: the vector cosine above the embedder's null level for this query, as a share of what is
///   left up to 1. The null level is the higher of the query's best cosine with fixed probe sentences
///   on unrelated subjects and the median cosine of its own nearest neighbours (what the vault gives
///   any query: hashed vectors collide, so even a script the vault never saw finds neighbours at 0.3).
/// - a name: a capitalised word of the query (not its first word) that the vault knows. "What do Jon
///   and Gina have in common?" is about people the vault knows although Jon and Gina are in every turn
///   (idf near 0); a memory that names them matches at kRelevant. A name the vault lacks counts as
///   the known name one edit away ("John" for "Jon"), if there is one.
/// Below `kRelevant` a memory is unrelated; a query none of whose results reach it recalls nothing.
///
/// The gate asks a second question beside the match: are the question's *specific* words here?
/// specificCoverage() weighs each query word by its idf in the vault times how rare it is in general
/// English (WordFrequency: "basil", "Tokyo" weigh much, "best", "way", "time" little), a word the vault
/// never saw counts twice, and a text whose matched words are all everyday filler covers nothing of it.
/// A query none of whose results reach kRelevant on it recalls nothing ("What time zone is Tokyo in?"
/// against a "comfort zone" turn); a result under it beside results over it is flagged partial. Time
/// words (a month, a weekday, "yesterday", a year, the words of the time QueryTime reads) weigh nothing
/// and are never names the vault lacks: recall matches the time by the memories' dates, not by words.
class RelevanceGauge {
public:
    /// Measured on LoCoMo dev and tests/data/recall/unrelated-queries.txt in each conversation
    /// (bench/relevance_threshold.sh): no unrelated query goes past 0.199 (a stray "control", "decision",
    /// "schedule"); 382 of the 383 dev questions reach 0.236 or name someone the vault knows. The one
    /// below (conv-30:q009, 0.199) asks about "Jean and John" in a conversation of Jon and Gina: it
    /// passes through nameNear ("John" → "Jon").
    static constexpr double kRelevant = 0.22;

    /// `store` gives document frequencies; `queryVector` may be empty (no vector side);
    /// `background`: the median cosine of the query's nearest neighbours.
    RelevanceGauge(IndexStore &store, const QString &query, Embedder *embedder, const Vector &queryVector,
                   double background, const WordFrequency &english = WordFrequency::english());

    /// Tuned on the tuning half of bench/gate (bench/gate/README.md): English specificity runs from 0 for a
    /// word of Zipf kCommonZipf or more to 1 at kRareZipf or less, squared; 1 for a word the list lacks
    /// and for a capitalised word of the question the vault lacks (a name it never mentions: "Tokyo");
    /// a word the vault lacks weighs kAbsentWeight times more; a word of Zipf kFillerZipf or more is filler.
    static constexpr double kCommonZipf = 6.0;
    static constexpr double kRareZipf = 2.0;
    static constexpr double kAbsentWeight = 2.0;
    static constexpr double kFillerZipf = 4.0;

    double match(const QString &text, double cosine) const;
    double coverage(const QString &text) const;
    /// The cosine's evidence above the null level (0 at or below it).
    double meaning(double cosine) const;
    double nullCosine() const { return m_nullCosine; }
    /// The share of the query's weight by specificity (above) that `text` holds, 0 when every word it
    /// holds is filler; a name of the query the vault knows, written as a name in `text`, counts as
    /// kRelevant. Equal to coverage() without the English list (every word then weighs its idf alone).
    double specificCoverage(const QString &text) const;
    /// Whether `text` holds under kRelevant of what the question asks besides its names, by the same
    /// weights: a turn that names Jon but says nothing of the studio the question asks about.
    bool isPartial(const QString &text) const;
    /// Whether the English frequency list weighed the words (false: it is not installed).
    bool usesEnglish() const { return m_usesEnglish; }

    /// Lower-case stems of the content words of `text` (letters and digits; stop-words and single
    /// letters dropped), as the index's porter tokenizer splits them.
    static QStringList contentStems(QStringView text);
    /// The content words of `text` in lower case, unstemmed (contentStems() is their stems).
    static QStringList contentWords(QStringView text);

    /// The name the vault knows one edit away from `word` (a capitalised query word the vault lacks:
    /// "John" where every turn says "Jon"), lower case, or empty. A spelling counts as a name when a
    /// chunk holds it capitalised where no sentence starts.
    static QString nameNear(IndexStore &store, const QString &word);

private:
    /// The share of the question's weight `text` holds (the best part's); `withoutNames` leaves the names
    /// out of the question, `fillerRule` counts a text holding only filler as 0; `asked` (may be null) is
    /// set when any word was left to weigh.
    double specificShare(const QString &text, bool withoutNames, bool fillerRule, bool *asked) const;

    /// A list, not a hash: coverage sums the idf of the stems present in the same order as `max`
    /// sums them all, so a text with every stem scores exactly 1 in every process (summed in a
    /// QHash's per-process order it was 1 or 0.9999999999999998, and recall JSON differed by run).
    struct Part {
        QList<QPair<QString, double>> idf; ///< stem and its idf, each stem once, in query order
        double max = 0.0;                  ///< the sum of idf: all the part could match
        QList<double> weight;              ///< per stem of `idf`: idf × English specificity (× absent)
        QList<bool> filler;                ///< per stem of `idf`: an everyday word in English
    };
    QList<Part> m_parts;
    QSet<QString> m_names; ///< stems of the capitalised words the vault knows
    /// The same names as spelled capitalised ("Caroline", or "Jon" for "John"): the gate counts a name
    /// only where a text writes it as one ("Windows" of a question is not the "window" of a turn).
    QList<QPair<QString, QRegularExpression>> m_spelledNames;
    double m_nullCosine = 1.0;
    bool m_usesEnglish = false;
};

} // namespace engram
