#pragma once

#include "index/MemoryCatalog.h"
#include "vault/Engine.h"

#include <QHash>
#include <QList>
#include <QStringList>
#include <QVarLengthArray>

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
    /// rows.remove(first, count), moving the rows above the gap down when they are fewer than those
    /// below it (the list then starts further into its block): rows removed near the top of a million
    /// moved the 900,000 below them (~10 ms a list).
    static void removeRows(QList<MemoryRow> &rows, qsizetype first, qsizetype count);
};

/// Where each file's rows are in a list of rows, kept in step with the edits applied to it: a delta
/// finds its files' rows by their paths instead of looking at every row. At a million rows that
/// look took 50-90 ms of the UI thread per delta (a cache miss a row), twice: the session's catalog
/// and the table's rows.
class FileRowIndex {
public:
    FileRowIndex() = default;
    /// Any thread: one pass over `rows` (a million in ~50-90 ms).
    explicit FileRowIndex(const QList<MemoryRow> &rows);

    /// The rows of `path`, ascending (a file's rows in order, rows appended to it after them).
    QList<int> rowsOf(const QString &path) const;
    qsizetype fileCount() const { return m_runs.size(); }
    /// CatalogEdit::plan for the list indexed, from the rows of the delta's files only.
    CatalogEdit plan(const CatalogDelta &delta) const;
    /// Follows `edit` applied to the list indexed, which held `rowsBefore` rows: the delta's files
    /// keep their changed rows and take the appended ones; files below a removed row move up
    /// (one pass over the files, only when rows were removed).
    void follow(const CatalogEdit &edit, const CatalogDelta &delta, qsizetype rowsBefore);

private:
    /// Adjacent rows of one file. A file is one run until rows appended to it make a second.
    struct Run {
        int first = 0;
        int count = 0;
    };
    using Runs = QVarLengthArray<Run, 1>;
    static void add(Runs &runs, int row);

    QHash<QString, Runs> m_runs;
};

} // namespace engram
