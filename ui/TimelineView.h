#pragma once

#include "ViewData.h"
#include "consolidation/Consolidator.h"

#include <QWidget>

class QLabel;
class QPushButton;
class QTreeWidget;
class QTreeWidgetItem;

namespace engram {

class EmptyState;

/// Consolidation over time (QtCharts): tokens per layer per day, the
/// compression ratio of each digest, and the lineage of a selected digest
/// or fact back to its sources.
class TimelineView : public QWidget {
    Q_OBJECT
public:
    explicit TimelineView(QWidget *parent = nullptr);

    void setData(const TimelineData &data);
    const TimelineData &data() const { return m_data; }
    /// Shows the lineage tree of `digest` (from Consolidator::lineage) under its row.
    void setLineage(const QString &digest, const LineageNode &root);
    /// A line under the buttons: a run in progress, its summary or an error.
    void setStatus(const QString &text, bool running = false);

Q_SIGNALS:
    void digestSelected(const QString &path);
    void consolidateRequested();

protected:
    void changeEvent(QEvent *event) override;

private:
    TimelineData m_data;
    EmptyState *m_empty;
    QWidget *m_tokensChart;
    QWidget *m_ratioChart;
    QTreeWidget *m_lineage;
    QPushButton *m_consolidate;
    QLabel *m_status;
};

} // namespace engram
