#pragma once

#include "ViewData.h"

#include <QAbstractTableModel>

namespace engram {

/// Tool-usage statistics as rows: tool, calls, success rate, median duration, drop flag.
class ToolStatsModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { ToolColumn, CallsColumn, SuccessColumn, MedianColumn, FlagColumn, ColumnCount };

    explicit ToolStatsModel(QObject *parent = nullptr);

    void setStats(const ToolStatsData &data);
    const ToolStatsData &statsData() const { return m_data; }

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    ToolStatsData m_data;
};

} // namespace engram
