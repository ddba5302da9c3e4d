#pragma once

#include "ViewData.h"

#include <QWidget>

class QListWidget;
class QTableView;

namespace engram {

class EmptyState;
class ToolStatsModel;

/// Tool-usage statistics (QtCharts): calls and success rate per tool, the
/// duration distribution, the most frequent call sequences; tools whose use
/// dropped are flagged.
class ToolStatsView : public QWidget {
    Q_OBJECT
public:
    explicit ToolStatsView(QWidget *parent = nullptr);

    void setData(const ToolStatsData &data);
    ToolStatsModel *model() const { return m_model; }

protected:
    void changeEvent(QEvent *event) override;

private:
    ToolStatsData m_data;
    ToolStatsModel *m_model;
    EmptyState *m_empty;
    QWidget *m_callsChart;
    QWidget *m_durationChart;
    QTableView *m_table;
    QListWidget *m_sequences;
};

} // namespace engram
