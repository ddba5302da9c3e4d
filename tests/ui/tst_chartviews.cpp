// The chart views build new charts on every refresh of the vault's insights. QChartView::setChart
// hands the chart it showed back to the caller, so each replaced chart must be deleted, or every
// refresh leaks two charts with all their series, axes and text (found by LeakSanitizer).
#include "TimelineView.h"
#include "ToolStatsView.h"
#include "ViewData.h"
#include "cognition/ToolUsage.h"

#include <QChartView>
#include <QPointer>
#include <QTest>

using namespace engram;

namespace {

QList<QPointer<QChart>> shownCharts(const QWidget &view)
{
    QList<QPointer<QChart>> charts;
    for (QChartView *chartView : view.findChildren<QChartView *>())
        charts << QPointer<QChart>(chartView->chart());
    return charts;
}

ToolStatsData toolData()
{
    QList<ToolEvent> events;
    for (int i = 0; i < 6; ++i) {
        ToolEvent e;
        e.name = i % 2 ? QStringLiteral("Bash") : QStringLiteral("Read");
        e.ok = i != 3;
        e.sequence = i;
        e.sessionId = QStringLiteral("s1");
        e.durationMs = 10 * (i + 1);
        e.time = QDateTime(QDate(2026, 1, 5), QTime(9, 0), Qt::UTC).addSecs(i);
        events << e;
    }
    ToolStatsData data;
    data.stats = ToolUsage::statistics(events);
    for (const ToolEvent &e : events)
        data.durationsMs[e.name] << e.durationMs;
    return data;
}

TimelineData timelineData()
{
    TimelineData data;
    data.tokens << LayerTokens{QDate(2026, 1, 5), QStringLiteral("raw"), 1200}
                << LayerTokens{QDate(2026, 1, 5), QStringLiteral("daily"), 150};
    data.lineage << Lineage{
        QStringLiteral("consolidated/daily/2026-01-05.md"), QStringLiteral("daily"), {}, 8.0, QDate(2026, 1, 5)};
    return data;
}

} // namespace

class TestChartViews : public QObject {
    Q_OBJECT
private slots:
    void toolStats_refreshDeletesTheChartsItReplaces()
    {
        ToolStatsView view;
        view.setData(toolData());
        const QList<QPointer<QChart>> before = shownCharts(view);
        QCOMPARE(before.size(), 2);
        view.setData(toolData());
        for (const QPointer<QChart> &chart : before)
            QVERIFY2(chart.isNull(), "a replaced chart is still alive");
        for (const QPointer<QChart> &chart : shownCharts(view))
            QVERIFY(chart && !chart->series().isEmpty());
    }

    void timeline_refreshDeletesTheChartsItReplaces()
    {
        TimelineView view;
        view.setData(timelineData());
        const QList<QPointer<QChart>> before = shownCharts(view);
        QCOMPARE(before.size(), 2);
        view.setData(timelineData());
        for (const QPointer<QChart> &chart : before)
            QVERIFY2(chart.isNull(), "a replaced chart is still alive");
        for (const QPointer<QChart> &chart : shownCharts(view))
            QVERIFY(chart && !chart->series().isEmpty());
    }
};

QTEST_MAIN(TestChartViews)
#include "tst_chartviews.moc"
