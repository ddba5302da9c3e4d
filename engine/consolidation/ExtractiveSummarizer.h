#pragma once

#include "consolidation/DigestFile.h"

#include <QList>
#include <QString>

namespace engram {

/// One selectable unit of a source: a turn, a paragraph or a digest line,
/// with the file and 1-based inclusive line range it came from.
struct SummaryUnit {
    QString text;
    QString path;
    int startLine = 0;
    int endLine = 0;
    QString category;       ///< the tagger's category (decision, lesson, rule, goal …), may be empty
    QList<SourceRange> raw; ///< for a digest line: the raw lines behind it
};

/// The offline, deterministic default summarizer. Units are scored by TF-IDF
/// centrality (cosine to the centroid of the source) and picked by maximal
/// marginal relevance, so the digest holds the most informative and least
/// redundant units that fit the token budget. Explicit decisions, lessons,
/// rules and goals are always kept verbatim first (they are what an agent
/// must not lose), as far as the budget allows.
class ExtractiveSummarizer {
public:
    struct Options {
        int tokenBudget = 300;
        double lambda = 0.7; ///< MMR trade-off: 1 = centrality only, 0 = novelty only
    };

    /// Indices of the chosen units, in source order.
    static QList<int> select(const QList<SummaryUnit> &units, const Options &options);

    /// True for a unit that states a decision, lesson, rule or goal.
    static bool isKeeper(const SummaryUnit &unit);
};

} // namespace engram
