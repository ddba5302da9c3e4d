#include "ToolStatsView.h"

#include "EmptyState.h"
#include "Roles.h"
#include "ToolStatsModel.h"

#include <QBarCategoryAxis>
#include <QBarSet>
#include <QBoxPlotSeries>
#include <QBoxSet>
#include <QChartView>
#include <QHeaderView>
#include <QHorizontalBarSeries>
#include <QListWidget>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QTableView>
#include <QVBoxLayout>
#include <QValueAxis>

#include <algorithm>
#include <memory>

namespace engram {

namespace {

/// Shows `chart` in `view` (a QChartView) and deletes the chart it showed: setChart hands the
/// previous chart back to the caller, so replacing charts on every refresh leaked them all.
void replaceChart(QWidget *view, QChart *chart)
{
    auto *chartView = static_cast<QChartView *>(view);
    std::unique_ptr<QChart> previous(chartView->chart());
    chartView->setChart(chart);
}

} // namespace

ToolStatsView::ToolStatsView(QWidget *parent) : QWidget(parent), m_model(new ToolStatsModel(this))
{
    setObjectName(QStringLiteral("toolStatsView"));
    auto *splitter = new QSplitter(Qt::Vertical, this);
    auto *charts = new QSplitter(Qt::Horizontal, splitter);
    auto *calls = new QChartView(charts);
    calls->setObjectName(QStringLiteral("toolCallsChart"));
    calls->setRenderHint(QPainter::Antialiasing);
    m_callsChart = calls;
    auto *durations = new QChartView(charts);
    durations->setObjectName(QStringLiteral("toolDurationChart"));
    durations->setRenderHint(QPainter::Antialiasing);
    m_durationChart = durations;
    auto *lists = new QSplitter(Qt::Horizontal, splitter);
    auto *proxy = new QSortFilterProxyModel(this);
    proxy->setSourceModel(m_model);
    proxy->setSortRole(SortRole);
    m_table = new QTableView(lists);
    m_table->setObjectName(QStringLiteral("toolStatsTable"));
    m_table->setModel(proxy);
    m_table->setSortingEnabled(true);
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_sequences = new QListWidget(lists);
    m_sequences->setObjectName(QStringLiteral("toolSequences"));
    m_empty = new EmptyState(splitter, this);
    (new QVBoxLayout(this))->addWidget(m_empty);
    setData({});
}

void ToolStatsView::setData(const ToolStatsData &data)
{
    m_model->setStats(data);
    if (data.isEmpty()) {
        m_empty->showMessage(tr("No tool usage recorded yet.\nTool calls from agent logs are counted here: calls and "
                                "success rate per tool, durations, common sequences, and tools whose use dropped."));
        return;
    }
    m_empty->showContent();
    QList<ToolStat> tools = data.stats.tools;
    std::sort(tools.begin(), tools.end(), [](const ToolStat &a, const ToolStat &b) { return a.calls < b.calls; });
    tools = tools.mid(qMax(qsizetype(0), tools.size() - 12)); // the twelve most used

    auto *ok = new QBarSet(tr("succeeded"));
    auto *failed = new QBarSet(tr("failed"));
    auto *names = new QBarCategoryAxis;
    for (const ToolStat &t : tools) {
        *ok << double(t.calls - t.failures);
        *failed << double(t.failures);
        names->append(data.dropped(t.name) ? tr("%1 ⚠ dropped").arg(t.name) : t.name);
    }
    failed->setColor(QColor(0xc6, 0x28, 0x28));
    auto *bars = new QHorizontalBarSeries;
    bars->setBarWidth(0.7);
    bars->append(ok);
    bars->append(failed);
    auto *chart = new QChart;
    chart->setTitle(tr("Calls per tool"));
    chart->addSeries(bars);
    chart->addAxis(names, Qt::AlignLeft);
    bars->attachAxis(names);
    auto *countAxis = new QValueAxis;
    countAxis->setLabelFormat(QStringLiteral("%d"));
    chart->addAxis(countAxis, Qt::AlignBottom);
    bars->attachAxis(countAxis);
    replaceChart(m_callsChart, chart);

    auto *boxes = new QBoxPlotSeries;
    auto *boxNames = new QBarCategoryAxis;
    for (const ToolStat &t : tools) {
        QList<qint64> d = data.durationsMs.value(t.name);
        if (d.isEmpty())
            continue;
        std::sort(d.begin(), d.end());
        auto at = [&d](double q) {
            return double(d.at(qMin(d.size() - 1, qsizetype(q * double(d.size() - 1) + 0.5))));
        };
        boxes->append(new QBoxSet(at(0), at(0.25), at(0.5), at(0.75), at(1.0), t.name));
        boxNames->append(t.name);
    }
    auto *durationChart = new QChart;
    durationChart->setTitle(tr("Duration (ms): min, quartiles, max"));
    durationChart->addSeries(boxes);
    durationChart->addAxis(boxNames, Qt::AlignBottom);
    boxes->attachAxis(boxNames);
    auto *msAxis = new QValueAxis;
    durationChart->addAxis(msAxis, Qt::AlignLeft);
    boxes->attachAxis(msAxis);
    durationChart->legend()->hide();
    replaceChart(m_durationChart, durationChart);

    m_sequences->clear();
    for (const ToolSequence &s : data.stats.triples + data.stats.pairs)
        m_sequences->addItem(tr("%1 × %2").arg(s.count).arg(s.tools.join(QStringLiteral(" → "))));
    for (const ToolRateDrop &d : data.stats.drops)
        m_sequences->addItem(tr("⚠ %1: success %2 % in the last %3 calls, %4 % before")
                                 .arg(d.name)
                                 .arg(d.recentRate * 100.0, 0, 'f', 0)
                                 .arg(d.recentCalls)
                                 .arg(d.earlierRate * 100.0, 0, 'f', 0));
}

} // namespace engram
