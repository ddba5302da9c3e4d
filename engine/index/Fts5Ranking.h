#pragma once

#include "core/Result.h"

#include <QtGlobal>

#include <unordered_map>
#include <vector>

struct sqlite3;

namespace engram {

/// Row lengths (in tokens, all columns) that FTS5 ranking has looked up, by rowid. Owned by
/// the connection's IndexStore, which clears it whenever the index may have changed.
struct RowLengthCache {
    std::unordered_map<qint64, int> tokens;
    void clear() { tokens.clear(); }

    /// What ranking computed for each row of one query, when a caller sets `record` for it: the
    /// phrases' idf, and per row each scored phrase's BM25 term frequency part (its score over its
    /// idf; 0 when the row lacks the phrase, 1 for one hit in a row of average length), the parts of
    /// rows[r] at parts[r * idf.size()...]. Rows come in the order FTS5 ranks them: ascending.
    struct Record {
        std::vector<double> idf;
        std::vector<qint64> rows;
        std::vector<double> parts;
    };
    Record *record = nullptr;
};

/// Registers `engram_bm25(table, weights...)` on one connection: FTS5's bm25() — the same
/// formula, the same sums in the same order, so the same scores to the last bit (tested) —
/// except that a row's length comes from `cache` after its first lookup. bm25() asks FTS5 for
/// it on every matching row, and FTS5 answers with a nested query of its %_docsize table:
/// about a third of a keyword search at 100k chunks (bench/README.md).
///
/// Also `engram_bm25_leading(table, weight per column..., rows per phrase...)`: the same score over
/// the first n phrases of the query only, n being the number of row counts given. A row count is
/// the number of rows holding that phrase (its idf), or -1 to have it counted as bm25() does. The
/// phrases after them only choose rows: "rare OR ((common) AND rare)" matches the rows holding
/// `rare` and ranks them by both terms, while FTS5 seeks the common term's long doclist only at
/// those rows and no row count walks it.
Status installCachedBm25(sqlite3 *db, RowLengthCache *cache);

} // namespace engram
