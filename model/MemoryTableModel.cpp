#include "MemoryTableModel.h"

#include "MemoryLabel.h"
#include "Roles.h"
#include "Vocabulary.h"

#include <QLocale>

namespace engram {

MemoryTableModel::MemoryTableModel(QObject *parent) : QAbstractTableModel(parent) { }

void MemoryTableModel::setRows(const QList<MemoryRow> &rows)
{
    beginResetModel();
    m_rows = rows;
    endResetModel();
}

void MemoryTableModel::applyDelta(const CatalogDelta &delta)
{
    const CatalogEdit edit = CatalogEdit::plan(m_rows, delta);
    // Changes first: their row numbers are the ones before any removal.
    for (qsizetype i = 0; i < edit.changed.size();) {
        qsizetype end = i;
        m_rows[edit.changed.at(i).row] = delta.rows.at(edit.changed.at(i).source);
        while (end + 1 < edit.changed.size() && edit.changed.at(end + 1).row == edit.changed.at(end).row + 1) {
            ++end;
            m_rows[edit.changed.at(end).row] = delta.rows.at(edit.changed.at(end).source);
        }
        Q_EMIT dataChanged(index(edit.changed.at(i).row, 0), index(edit.changed.at(end).row, ColumnCount - 1));
        i = end + 1;
    }
    for (const auto &[first, last] : CatalogEdit::descendingRuns(edit.removed)) {
        beginRemoveRows({}, first, last);
        m_rows.remove(first, last - first + 1);
        endRemoveRows();
    }
    if (!edit.appended.isEmpty()) {
        const int first = int(m_rows.size());
        beginInsertRows({}, first, first + int(edit.appended.size()) - 1);
        for (qsizetype source : edit.appended)
            m_rows << delta.rows.at(source);
        endInsertRows();
    }
}

void MemoryTableModel::setStrengths(const QHash<qint64, MemoryStrength> &strengths)
{
    // Strengths arrive after every index run; most did not move as far as the table shows
    // them (two decimals). Only rows that did are announced: a dataChanged over 100k rows
    // makes the proxy test every one of them against its filter again.
    auto moves = [&](qint64 id) {
        const auto before = m_strengths.constFind(id);
        const auto after = strengths.constFind(id);
        if ((before == m_strengths.constEnd()) != (after == strengths.constEnd()))
            return true;
        return before != m_strengths.constEnd()
               && (qRound64(before->strength * 100.0) != qRound64(after->strength * 100.0)
                   || before->archived != after->archived || before->lastAccess != after->lastAccess);
    };
    QList<int> moved;
    for (int r = 0; r < m_rows.size(); ++r)
        if (moves(m_rows.at(r).id))
            moved << r;
    m_strengths = strengths;
    for (qsizetype i = 0; i < moved.size();) {
        qsizetype end = i;
        while (end + 1 < moved.size() && moved.at(end + 1) == moved.at(end) + 1)
            ++end;
        Q_EMIT dataChanged(index(moved.at(i), StrengthColumn), index(moved.at(end), LastAccessColumn));
        i = end + 1;
    }
}

int MemoryTableModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int MemoryTableModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant MemoryTableModel::display(const MemoryRow &row, int column) const
{
    switch (column) {
    case TitleColumn: return memoryLabel(row.title, row.heading);
    case StoreColumn: return Vocabulary::store(row.store);
    case RegionColumn: return Vocabulary::region(row.region);
    case LayerColumn: return Vocabulary::layer(row.layer);
    case StrengthColumn: {
        const auto it = m_strengths.constFind(row.id);
        return it == m_strengths.constEnd() ? QVariant() : QVariant(QString::number(it->strength, 'f', 2));
    }
    case LastAccessColumn: {
        const auto it = m_strengths.constFind(row.id);
        if (it == m_strengths.constEnd() || !it->lastAccess.isValid())
            return {};
        return QLocale().toString(it->lastAccess.toLocalTime(), QLocale::ShortFormat);
    }
    case SourceColumn: return QStringLiteral("%1:%2-%3").arg(row.path).arg(row.startLine).arg(row.endLine);
    }
    return {};
}

QVariant MemoryTableModel::sortValue(const MemoryRow &row, int column) const
{
    switch (column) {
    case StrengthColumn: return m_strengths.value(row.id, MemoryStrength{-1.0, {}, false}).strength;
    case LastAccessColumn: return m_strengths.value(row.id).lastAccess;
    case SourceColumn:
        return row.path + QLatin1Char(':') + QString::number(row.startLine).rightJustified(8, QLatin1Char('0'));
    }
    return display(row, column);
}

QVariant MemoryTableModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const MemoryRow &row = m_rows.at(index.row());
    switch (role) {
    case Qt::DisplayRole: return display(row, index.column());
    case Qt::ToolTipRole:
        if (index.column() == StrengthColumn && m_strengths.isEmpty())
            return tr("No strength data yet: it appears once the dynamics journal records accesses.");
        return QStringLiteral("%1\n%2:%3-%4").arg(row.title, row.path).arg(row.startLine).arg(row.endLine);
    case SortRole: return sortValue(row, index.column());
    case ChunkIdRole: return row.id;
    case PathRole: return row.path;
    case StartLineRole: return row.startLine;
    case EndLineRole: return row.endLine;
    case TitleRole: return row.title;
    case RegionRole: return row.region;
    case StoreRole: return row.store;
    case LayerRole: return row.layer;
    case CategoryRole: return row.category;
    case StrengthRole: return m_strengths.value(row.id, MemoryStrength{-1.0, {}, false}).strength;
    case SearchTextRole: return row.title + QLatin1Char(' ') + row.heading + QLatin1Char(' ') + row.path;
    }
    return {};
}

QVariant MemoryTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case TitleColumn: return tr("Title");
    case StoreColumn: return tr("Store");
    case RegionColumn: return tr("Region");
    case LayerColumn: return tr("Layer", "consolidation layer");
    case StrengthColumn: return tr("Strength");
    case LastAccessColumn: return tr("Last access");
    case SourceColumn: return tr("Source");
    }
    return {};
}

} // namespace engram
