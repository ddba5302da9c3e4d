#pragma once

#include "index/Embedder.h"

#include <QHash>
#include <QList>
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
                   double background);

    double match(const QString &text, double cosine) const;
    double coverage(const QString &text) const;
    /// The cosine's evidence above the null level (0 at or below it).
    double meaning(double cosine) const;
    double nullCosine() const { return m_nullCosine; }

    /// Lower-case stems of the content words of `text` (letters and digits; stop-words and single
    /// letters dropped), as the index's porter tokenizer splits them.
    static QStringList contentStems(QStringView text);

    /// The name the vault knows one edit away from `word` (a capitalised query word the vault lacks:
    /// "John" where every turn says "Jon"), lower case, or empty. A spelling counts as a name when a
    /// chunk holds it capitalised where no sentence starts.
    static QString nameNear(IndexStore &store, const QString &word);

private:
    /// A list, not a hash: coverage sums the idf of the stems present in the same order as `max`
    /// sums them all, so a text with every stem scores exactly 1 in every process (summed in a
    /// QHash's per-process order it was 1 or 0.9999999999999998, and recall JSON differed by run).
    struct Part {
        QList<QPair<QString, double>> idf; ///< stem and its idf, each stem once, in query order
        double max = 0.0;                  ///< the sum of idf: all the part could match
    };
    QList<Part> m_parts;
    QSet<QString> m_names; ///< stems of the capitalised words the vault knows
    double m_nullCosine = 1.0;
};

} // namespace engram
