#include "ToolStatsView.h"

#include "Appearance.h"
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
#include <QLogValueAxis>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QTableView>
#include <QVBoxLayout>
#include <QValueAxis>

#include <algorithm>
#include <cmath>
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
    // The charts get the room: upright tool names need ~170 px below the boxes.
    splitter->setStretchFactor(0, 3);
    splitter->setStretchFactor(1, 2);
    m_empty = new EmptyState(splitter, this);
    (new QVBoxLayout(this))->addWidget(m_empty);
    setData({});
}

void ToolStatsView::changeEvent(QEvent *event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::PaletteChange && !m_data.isEmpty())
        setData(m_data); // charts in the new palette's theme
}

void ToolStatsView::setData(const ToolStatsData &data)
{
    m_data = data;
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
    auto *chart = Appearance::newChart(palette());
    chart->setTitle(tr("Calls per tool"));
    chart->addSeries(bars);
    // Qt Charts cuts a label to its share of the axis ("mcp..."); the whole name is what a person
    // reads. Left axes may take 40 % of the chart, enough for names of ~35 characters.
    names->setTruncateLabels(false);
    chart->addAxis(names, Qt::AlignLeft);
    bars->attachAxis(names);
    auto *countAxis = new QValueAxis;
    countAxis->setLabelFormat(QStringLiteral("%d"));
    chart->addAxis(countAxis, Qt::AlignBottom);
    bars->attachAxis(countAxis);
    countAxis->applyNiceNumbers(); // whole calls: 0, 2, 4 … rather than 0, 2, 5, 7
    replaceChart(m_callsChart, chart);

    // A logarithmic axis: one 270 s call beside calls of 20 ms flattened every box of a linear axis
    // to a line at zero; on a log axis both read.
    double longest = 1.0;
    auto *boxes = new QBoxPlotSeries;
    auto *boxNames = new QBarCategoryAxis;
    for (const ToolStat &t : tools) {
        QList<qint64> d = data.durationsMs.value(t.name);
        if (d.isEmpty())
            continue;
        std::sort(d.begin(), d.end());
        // At least 1 ms: the axis is logarithmic.
        auto at = [&d](double q) {
            return qMax(1.0, double(d.at(qMin(d.size() - 1, qsizetype(q * double(d.size() - 1) + 0.5)))));
        };
        longest = qMax(longest, at(1.0));
        boxes->append(new QBoxSet(at(0), at(0.25), at(0.5), at(0.75), at(1.0), t.name));
        boxNames->append(t.name);
    }
    auto *durationChart = Appearance::newChart(palette());
    durationChart->setTitle(tr("Duration in ms, log scale: min, quartiles, max"));
    durationChart->addSeries(boxes);
    // Upright and whole: twelve names side by side in half the window leave each ~45 px, so a
    // slanted label overlapped its neighbour and Qt Charts hid it.
    boxNames->setTruncateLabels(false);
    boxNames->setLabelsAngle(-90);
    durationChart->addAxis(boxNames, Qt::AlignBottom);
    boxes->attachAxis(boxNames);
    auto *msAxis = new QLogValueAxis;
    msAxis->setBase(10);
    msAxis->setLabelFormat(QStringLiteral("%g"));
    msAxis->setRange(1, std::pow(10.0, std::ceil(std::log10(longest * 1.01))));
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
                                 .arg(locale().toString(d.recentRate * 100.0, 'f', 0))
                                 .arg(d.recentCalls)
                                 .arg(locale().toString(d.earlierRate * 100.0, 'f', 0)));
}

} // namespace engram
