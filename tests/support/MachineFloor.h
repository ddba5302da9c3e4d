#pragma once

#include "TurnProbe.h"

#include <QAbstractTableModel>
#include <QSortFilterProxyModel>

namespace engram::test {

/// A flat table of `rows` titles and numbers: what Qt's own proxy sorts and filters at the least.
class FloorModel : public QAbstractTableModel {
public:
    explicit FloorModel(int rows) : m_rows(rows) { }
    int rowCount(const QModelIndex &parent = {}) const override { return parent.isValid() ? 0 : m_rows; }
    int columnCount(const QModelIndex &parent = {}) const override { return parent.isValid() ? 0 : 2; }
    QVariant data(const QModelIndex &index, int role) const override
    {
        if (role != Qt::DisplayRole)
            return {};
        if (index.column() == 1)
            return 0.5 + double(index.row() % 50) / 100.0;
        return QStringLiteral("Session s%1.jsonl").arg(index.row(), 6, 10, QLatin1Char('0'));
    }

private:
    int m_rows;
};

/// The floor of a step that must look at every one of `rows` top rows (a sort, a search, the list
/// from its first page again), on this machine and now: Qt's QSortFilterProxyModel sorting a flat
/// model of as many rows by a number, then filtering them by a word, with no view, in CPU ms. A
/// machine half as fast takes twice as long for both; a list that does more than the floor's work
/// a turn does not follow it.
inline qint64 proxyFloorMs(int rows)
{
    FloorModel model(rows);
    QSortFilterProxyModel proxy;
    proxy.setSourceModel(&model);
    qint64 floor = 0;
    for (int round = 0; round < 3; ++round) { // the least of three: the floor, not the machine's noise
        proxy.sort(-1);
        proxy.setFilterFixedString(QString());
        const qint64 start = test::threadCpuMs();
        proxy.sort(1, Qt::DescendingOrder);
        proxy.setFilterFixedString(QStringLiteral("s0000"));
        const qint64 spent = test::threadCpuMs() - start;
        floor = round == 0 ? spent : qMin(floor, spent);
    }
    return floor;
}

} // namespace engram::test
