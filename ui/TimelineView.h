#pragma once

#include "ViewData.h"

#include <QWidget>

class QTreeWidget;

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

private:
    TimelineData m_data;
    EmptyState *m_empty;
    QWidget *m_tokensChart;
    QWidget *m_ratioChart;
    QTreeWidget *m_lineage;
};

} // namespace engram
