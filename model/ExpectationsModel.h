#pragma once

#include "agent/Expectations.h"

#include <QAbstractTableModel>

namespace engram {

/// The rows of an expectation check (agent/Expectations): status, question, expected memory, rank
/// and the change since the check before. A check replaces every row at once: it is one answer.
class ExpectationsModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { StatusColumn, QuestionColumn, TargetColumn, RankColumn, ChangeColumn, ColumnCount };

    explicit ExpectationsModel(QObject *parent = nullptr);

    void setReport(const ExpectationReport &report);
    const ExpectationReport &report() const { return m_report; }

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    QString statusText(const ExpectationResult &result) const;
    QString rankText(const ExpectationResult &result) const;
    QString changeText(const ExpectationResult &result) const;

    ExpectationReport m_report;
};

} // namespace engram
