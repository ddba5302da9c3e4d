#pragma once

#include "recall/RecallTypes.h"

namespace engram {

/// A token-budgeted Markdown pack: the cognitive-state preamble first, then
/// results in rank order while they fit, grouped by region, each citing
/// `path:start-end`. Token counts are estimates (characters / 4).
struct ContextPack {
    QString markdown;
    int tokens = 0;
    int budget = 0;
    int preambleTokens = 0;
    QList<RecallResult> included; ///< in rank order
    int skipped = 0;              ///< results that did not fit

    /// Builds a pack. The preamble may use at most half the budget; results
    /// fill the rest greedily in rank order (an item too large is skipped).
    /// No line is spent twice: an item shows only the lines (EvidenceText units) no earlier item
    /// holds, and an item with none left, or holding only a citation, is left out. With nothing
    /// included the pack is its header and preamble.
    static ContextPack build(const QString &query, const QString &preamble, const QList<RecallResult> &ranked,
                             int budget);

    /// How one result is written in a pack (also its token cost).
    static QString renderItem(const RecallResult &result);
};

} // namespace engram
