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
    QHash<QString, QList<qsizetype>> after;
    for (qsizetype i = 0; i < delta.rows.size(); ++i)
        after[delta.rows.at(i).path] << i;

    CatalogEdit edit;
    for (const QString &path : paths) {
        const QList<int> old = before.value(path);
        const QList<qsizetype> fresh = after.value(path);
        const qsizetype kept = qMin(old.size(), fresh.size());
        for (qsizetype k = 0; k < kept; ++k)
            edit.changed << Change{old.at(k), fresh.at(k)};
        for (qsizetype k = kept; k < old.size(); ++k)
            edit.removed << old.at(k);
        for (qsizetype k = kept; k < fresh.size(); ++k)
            edit.appended << fresh.at(k);
        edit.filesAdded += int(!fresh.isEmpty()) - int(!old.isEmpty());
    }
    std::sort(edit.changed.begin(), edit.changed.end(), [](const Change &a, const Change &b) { return a.row < b.row; });
    std::sort(edit.removed.begin(), edit.removed.end());
    std::sort(edit.appended.begin(), edit.appended.end());
    return edit;
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
        rows.remove(first, last - first + 1);
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

} // namespace engram
