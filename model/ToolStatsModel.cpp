#include "ToolStatsModel.h"

#include "Roles.h"

#include <QColor>

#include <algorithm>

namespace engram {

ToolStatsModel::ToolStatsModel(QObject *parent) : QAbstractTableModel(parent) {}

void ToolStatsModel::setStats(const ToolStatsData &data)
{
    beginResetModel();
    m_data = data;
    endResetModel();
}

qint64 ToolStatsModel::median(QList<qint64> values)
{
    if (values.isEmpty())
        return -1;
    std::sort(values.begin(), values.end());
    return values.at(values.size() / 2);
}

int ToolStatsModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_data.tools.size());
}

int ToolStatsModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant ToolStatsModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const ToolStat &t = m_data.tools.at(index.row());
    if (role == Qt::DisplayRole) {
        switch (index.column()) {
        case ToolColumn: return t.tool;
        case CallsColumn: return t.calls;
        case SuccessColumn: return QStringLiteral("%1 %").arg(t.successRate() * 100.0, 0, 'f', 1);
        case MedianColumn: {
            const qint64 m = median(t.durationsMs);
            return m < 0 ? QVariant() : QVariant(tr("%1 ms").arg(m));
        }
        case FlagColumn: return t.dropped ? tr("dropped") : QString();
        }
    }
    if (role == SortRole) {
        switch (index.column()) {
        case SuccessColumn: return t.successRate();
        case MedianColumn: return median(t.durationsMs);
        }
        return data(index, Qt::DisplayRole);
    }
    if (role == Qt::ForegroundRole && t.dropped)
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
