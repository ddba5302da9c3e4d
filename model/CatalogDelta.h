#pragma once

#include "index/MemoryCatalog.h"
#include "vault/Engine.h"

#include <QList>
#include <QStringList>

namespace engram {

/// What one incremental index run changed in the catalog: every row of
/// `paths` is replaced by the rows of `rows` that carry its path (none for a
/// removed file). The index worker sends it instead of the whole catalog, so
/// saving one note in a 100k-memory vault moves one row, not 100k.
struct CatalogDelta {
    QStringList paths;
    QList<MemoryRow> rows; ///< the current rows of `paths`, file by file
    // The counts that do not follow from the rows (the rest are updated from them).
    qint64 vectors = 0;
    QString lastIndex;
};

/// Where a delta lands in a list of rows. Chunk ids change when a file is
/// re-indexed, so rows are matched by file and position within it: the k-th
/// old row of a file becomes its k-th new row (changed in place), extra old
/// rows are removed, extra new rows are appended. A selection on a saved note
/// stays on its row.
struct CatalogEdit {
    struct Change {
        int row = 0;      ///< index in the list before any removal
        qsizetype source; ///< index into CatalogDelta::rows
    };
    QList<Change> changed;     ///< ascending by row
    QList<int> removed;        ///< ascending
    QList<qsizetype> appended; ///< indexes into CatalogDelta::rows, in order
    int filesAdded = 0;        ///< files with rows now and none before, less the converse

    static CatalogEdit plan(const QList<MemoryRow> &rows, const CatalogDelta &delta);
    /// Applies the edit to `rows` (as a model does, without the signals) and keeps `stats` in step.
    void apply(QList<MemoryRow> &rows, const CatalogDelta &delta, VaultStats *stats = nullptr) const;
    /// Runs of consecutive rows in `sorted` (ascending) as {first, last}, last run first: the
    /// order in which removals keep the indexes of the runs still to go valid.
    static QList<QPair<int, int>> descendingRuns(const QList<int> &sorted);
};

} // namespace engram
