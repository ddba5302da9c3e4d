#pragma once

#include "agent/MemoryReview.h"

#include <QAbstractTableModel>

namespace engram {

/// The open review findings (duplicates, contradictions, stale facts) as rows, in the order the
/// engine gives them: newest, then most recalled first. A new list is taken as a delta where it
/// keeps the order of the rows it shares with the old one (a resolved finding is one row removed),
/// so a view keeps its selection; only a reordering resets. Filtering by kind is a proxy's.
class ReviewModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { KindColumn, MemoryColumn, ReasonColumn, DateColumn, RecallsColumn, ColumnCount };

    explicit ReviewModel(QObject *parent = nullptr);

    void setFindings(const QList<ReviewFinding> &findings);
    const QList<ReviewFinding> &findings() const { return m_findings; }
    const ReviewFinding &finding(int row) const { return m_findings.at(row); }
    /// The row of finding `id`, or -1.
    int rowOf(const QString &id) const;

    /// "Duplicate", "Contradiction", "Stale fact" in the person's language.
    static QString kindLabel(FindingKind kind);
    /// The engine's reason in the person's language where it has a known shape, else as it is.
    static QString reasonText(const ReviewFinding &finding);

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    /// Whether the new list keeps the shared rows' order, so removals then insertions reach it.
    bool keepsOrder(const QList<ReviewFinding> &next) const;

    QList<ReviewFinding> m_findings;
};

} // namespace engram
