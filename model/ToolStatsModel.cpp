#include "ToolStatsModel.h"

#include "Roles.h"

#include <QColor>
#include <QLocale>

namespace engram {

ToolStatsModel::ToolStatsModel(QObject *parent) : QAbstractTableModel(parent) { }

void ToolStatsModel::setStats(const ToolStatsData &data)
{
    beginResetModel();
    m_data = data;
    endResetModel();
}

int ToolStatsModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_data.stats.tools.size());
}

int ToolStatsModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant ToolStatsModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const ToolStat &t = m_data.stats.tools.at(index.row());
    const bool dropped = m_data.dropped(t.name);
    if (role == Qt::DisplayRole) {
        switch (index.column()) {
        case ToolColumn: return t.name;
        case CallsColumn: return t.calls;
        case SuccessColumn: return QStringLiteral("%1 %").arg(QLocale().toString(t.successRate * 100.0, 'f', 1));
        case MedianColumn: return t.p50Ms < 0 ? QVariant() : QVariant(tr("%1 ms").arg(t.p50Ms));
        case FlagColumn: return dropped ? tr("dropped") : QString();
        }
    }
    if (role == SortRole) {
        switch (index.column()) {
        case SuccessColumn: return t.successRate;
        case MedianColumn: return t.p50Ms;
        }
        return data(index, Qt::DisplayRole);
    }
    if (role == Qt::ToolTipRole && index.column() == MedianColumn && t.timedCalls > 0)
        return tr("%1 timed calls · p90 %2 ms · max %3 ms").arg(t.timedCalls).arg(t.p90Ms).arg(t.maxMs);
    if (role == Qt::ForegroundRole && dropped)
        return QColor(0xc6, 0x28, 0x28);
    return {};
}

QVariant ToolStatsModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case ToolColumn: return tr("Tool");
    case CallsColumn: return tr("Calls");
    case SuccessColumn: return tr("Success");
    case MedianColumn: return tr("Median duration");
    case FlagColumn: return tr("Flag");
    }
    return {};
}

} // namespace engram
