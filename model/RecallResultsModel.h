#pragma once

#include "recall/RecallTypes.h"

#include <QAbstractTableModel>

namespace engram {

/// Ranked recall results as rows: rank, score, source, text. The breakdown
/// of each result is served through BreakdownRole; a result of a linked vault
/// shows `[name]` before its source and serves the name through VaultRole.
class RecallResultsModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { RankColumn, ScoreColumn, BreakdownColumn, SourceColumn, RegionColumn, TextColumn, ColumnCount };

    explicit RecallResultsModel(QObject *parent = nullptr);

    void setResults(const QList<RecallResult> &results);
    const QList<RecallResult> &results() const { return m_results; }

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    QList<RecallResult> m_results;
};

} // namespace engram
