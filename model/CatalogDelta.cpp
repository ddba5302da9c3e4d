#include "CatalogDelta.h"

#include <QHash>
#include <QSet>

#include <algorithm>

namespace engram {

namespace {

void count(VaultStats &stats, const MemoryRow &row, qint64 by)
{
    for (auto [counts, key] : {std::pair{&stats.byRegion, &row.region}, std::pair{&stats.byStore, &row.store},
                               std::pair{&stats.byLayer, &row.layer}, std::pair{&stats.byCategory, &row.category}}) {
        const qint64 n = counts->value(*key) + by;
        if (n > 0)
            counts->insert(*key, n);
        else
            counts->remove(*key); // a filter offers no value that no memory holds any more
    }
}

/// The edit for the files of `delta`, whose rows before it are `before(path)` (ascending).
template <typename RowsOf>
CatalogEdit planFrom(const CatalogDelta &delta, RowsOf before)
{
    const QSet<QString> paths(delta.paths.cbegin(), delta.paths.cend());
    QHash<QString, QList<qsizetype>> after;
    for (qsizetype i = 0; i < delta.rows.size(); ++i)
        after[delta.rows.at(i).path] << i;

    CatalogEdit edit;
    for (const QString &path : paths) {
        const QList<int> old = before(path);
        const QList<qsizetype> fresh = after.value(path);
        const qsizetype kept = qMin(old.size(), fresh.size());
        for (qsizetype k = 0; k < kept; ++k)
            edit.changed << CatalogEdit::Change{old.at(k), fresh.at(k)};
        for (qsizetype k = kept; k < old.size(); ++k)
            edit.removed << old.at(k);
        for (qsizetype k = kept; k < fresh.size(); ++k)
            edit.appended << fresh.at(k);
        edit.filesAdded += int(!fresh.isEmpty()) - int(!old.isEmpty());
    }
    std::sort(edit.changed.begin(), edit.changed.end(),
              [](const CatalogEdit::Change &a, const CatalogEdit::Change &b) { return a.row < b.row; });
    std::sort(edit.removed.begin(), edit.removed.end());
    std::sort(edit.appended.begin(), edit.appended.end());
    return edit;
}

} // namespace

CatalogEdit CatalogEdit::plan(const QList<MemoryRow> &rows, const CatalogDelta &delta)
{
    const QSet<QString> paths(delta.paths.cbegin(), delta.paths.cend());
    QHash<QString, QList<int>> before;
    // Rows of one file are adjacent and share one path string: one lookup per file, not per
    // row (a scan of 100k rows takes ~1 ms).
    const QChar *runData = nullptr;
    qsizetype runSize = -1;
    bool runHit = false;
    for (int i = 0; i < rows.size(); ++i) {
        const QString &path = rows.at(i).path;
        if (path.constData() != runData || path.size() != runSize) {
            runData = path.constData();
            runSize = path.size();
            runHit = paths.contains(path);
        }
        if (runHit)
            before[path] << i;
    }
    return planFrom(delta, [&before](const QString &path) { return before.value(path); });
}

void CatalogEdit::apply(QList<MemoryRow> &rows, const CatalogDelta &delta, VaultStats *stats) const
{
    for (const Change &c : changed) {
        if (stats) {
            count(*stats, rows.at(c.row), -1);
            count(*stats, delta.rows.at(c.source), +1);
        }
        rows[c.row] = delta.rows.at(c.source);
    }
    for (const auto &[first, last] : descendingRuns(removed)) {
        if (stats)
            for (int i = first; i <= last; ++i)
                count(*stats, rows.at(i), -1);
        removeRows(rows, first, last - first + 1);
    }
    for (qsizetype source : appended) {
        if (stats)
            count(*stats, delta.rows.at(source), +1);
        rows << delta.rows.at(source);
    }
    if (stats) {
        stats->files += filesAdded;
        stats->chunks = rows.size();
        stats->vectors = delta.vectors;
        stats->lastIndex = delta.lastIndex;
    }
}

void CatalogEdit::removeRows(QList<MemoryRow> &rows, qsizetype first, qsizetype count)
{
    if (first < rows.size() - first - count) {
        std::move_backward(rows.begin(), rows.begin() + first, rows.begin() + first + count);
        rows.remove(0, count); // the block's start moves: nothing else does
    } else {
        rows.remove(first, count);
    }
}

QList<QPair<int, int>> CatalogEdit::descendingRuns(const QList<int> &sorted)
{
    QList<QPair<int, int>> runs;
    for (int row : sorted) {
        if (!runs.isEmpty() && runs.last().second + 1 == row)
            runs.last().second = row;
        else
            runs.append({row, row});
    }
    std::reverse(runs.begin(), runs.end());
    return runs;
}

FileRowIndex::FileRowIndex(const QList<MemoryRow> &rows)
{
    for (int i = 0; i < rows.size();) {
        const QString &path = rows.at(i).path;
        int end = i + 1;
        // A file's rows share its path's text: comparing the pointer spares most comparisons.
        while (end < rows.size()
               && (rows.at(end).path.constData() == path.constData() ? rows.at(end).path.size() == path.size()
                                                                     : rows.at(end).path == path))
            ++end;
        Runs &runs = m_runs[path];
        if (!runs.isEmpty() && runs.last().first + runs.last().count == i)
            runs.last().count += end - i;
        else
            runs.append(Run{i, end - i});
        i = end;
    }
}

QList<int> FileRowIndex::rowsOf(const QString &path) const
{
    QList<int> rows;
    const auto it = m_runs.constFind(path);
    if (it == m_runs.cend())
        return rows;
    for (const Run &run : *it)
        for (int r = run.first; r < run.first + run.count; ++r)
            rows << r;
    return rows;
}

CatalogEdit FileRowIndex::plan(const CatalogDelta &delta) const
{
    return planFrom(delta, [this](const QString &path) { return rowsOf(path); });
}

void FileRowIndex::add(Runs &runs, int row)
{
    if (!runs.isEmpty() && runs.last().first + runs.last().count == row)
        ++runs.last().count;
    else
        runs.append(Run{row, 1});
}

void FileRowIndex::follow(const CatalogEdit &edit, const CatalogDelta &delta, qsizetype rowsBefore)
{
    const QList<int> &removed = edit.removed; // ascending
    auto removedBelow = [&removed](int row) {
        return int(std::lower_bound(removed.cbegin(), removed.cend(), row) - removed.cbegin());
    };
    // The delta's files: the rows they keep (changed in place), where they are once the removed rows are gone.
    QHash<QString, QList<int>> kept;
    for (const QString &path : delta.paths) {
        if (kept.contains(path))
            continue;
        QList<int> &rows = kept[path];
        for (int row : rowsOf(path))
            if (!std::binary_search(removed.cbegin(), removed.cend(), row))
                rows << row - removedBelow(row);
        m_runs.remove(path);
    }
    // Every other file lies wholly above or below each removed row.
    if (!removed.isEmpty())
        for (Runs &runs : m_runs)
            for (Run &run : runs)
                run.first -= removedBelow(run.first);
    for (auto it = kept.cbegin(); it != kept.cend(); ++it) {
        if (it->isEmpty())
            continue;
        Runs &runs = m_runs[it.key()];
        for (int row : *it)
            add(runs, row);
    }
    int row = int(rowsBefore - removed.size());
    for (qsizetype source : edit.appended)
        add(m_runs[delta.rows.at(source).path], row++);
}

} // namespace engram
