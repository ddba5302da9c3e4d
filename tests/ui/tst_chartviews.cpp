// The chart views build new charts on every refresh of the vault's insights. QChartView::setChart
// hands the chart it showed back to the caller, so each replaced chart must be deleted, or every
// refresh leaks two charts with all their series, axes and text (found by LeakSanitizer).
#include "TimelineView.h"
#include "ToolStatsView.h"
#include "ViewData.h"
#include "cognition/ToolUsage.h"

#include <QChartView>
#include <QGraphicsTextItem>
#include <QLogValueAxis>
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

/// Tools with long names, and one 270 s call among calls of tens of milliseconds.
ToolStatsData longNamedToolData()
{
    const QStringList names{QStringLiteral("mcp__engram__recall"),
                            QStringLiteral("mcp__engram__remember"),
                            QStringLiteral("WebFetch"),
                            QStringLiteral("TodoWrite"),
                            QStringLiteral("Bash"),
                            QStringLiteral("Read")};
    QList<ToolEvent> events;
    for (int i = 0; i < 60; ++i) {
        ToolEvent e;
        e.name = names.at(i % names.size());
        e.ok = i % 7 != 0;
        e.sequence = i;
        e.sessionId = QStringLiteral("s1");
        e.durationMs = i == 4 ? 270000 : 20 + i;
        e.time = QDateTime(QDate(2026, 1, 5), QTime(9, 0), Qt::UTC).addSecs(i);
        events << e;
    }
    ToolStatsData data;
    data.stats = ToolUsage::statistics(events);
    for (const ToolEvent &e : events)
        data.durationsMs[e.name] << e.durationMs;
    return data;
}

/// Every text a chart view draws: title, legend, axis labels.
QStringList drawnTexts(QChartView *view)
{
    QStringList texts;
    for (QGraphicsItem *item : view->scene()->items())
        if (auto *text = dynamic_cast<QGraphicsTextItem *>(item); text && text->isVisible())
            texts << text->toPlainText();
    return texts;
}

QChartView *chartView(const QWidget &view, const char *name)
{
    return view.findChild<QChartView *>(QLatin1String(name));
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

    void toolStats_namesAreNotElidedAtTheDefaultSize()
    {
        ToolStatsView view;
        view.resize(1180, 680); // the Tools tab in the default 1200 × 780 window
        view.setData(longNamedToolData());
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        QTest::qWait(100);
        for (const char *name : {"toolCallsChart", "toolDurationChart"}) {
            const QStringList texts = drawnTexts(chartView(view, name));
            QVERIFY2(texts.contains(QStringLiteral("mcp__engram__remember")), qPrintable(texts.join(u'|')));
            for (const QString &text : texts)
                QVERIFY2(!text.contains(QChar(0x2026)) && !text.contains(QLatin1String("...")),
                         qPrintable(QStringLiteral("%1: %2").arg(QLatin1String(name), text)));
        }
    }

    void toolStats_durationsUseALogScaleAndSaySo()
    {
        ToolStatsView view;
        view.setData(longNamedToolData());
        QChart *chart = chartView(view, "toolDurationChart")->chart();
        QVERIFY(chart->title().contains(QStringLiteral("log")));
        const QList<QAbstractAxis *> axes = chart->axes(Qt::Vertical);
        QCOMPARE(axes.size(), 1);
        auto *log = qobject_cast<QLogValueAxis *>(axes.first());
        QVERIFY(log);
        // The 270 s outlier is on the axis, and so is the fastest call: neither is cut off.
        QVERIFY(log->max() >= 270000);
        QVERIFY(log->min() <= 20);
    }

    void timeline_ratioChartTextIsNotCutAtTheDefaultSize()
    {
        TimelineView view;
        view.resize(1180, 680);
        view.setData(timelineData());
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        const QStringList texts = drawnTexts(chartView(view, "timelineRatioChart"));
        QVERIFY(texts.contains(QStringLiteral("Compression ratio")));
        for (const QString &text : texts)
            QVERIFY2(!text.contains(QChar(0x2026)) && !text.contains(QLatin1String("...")), qPrintable(text));
    }

    void charts_followADarkPalette()
    {
        ToolStatsView view;
        view.setData(longNamedToolData());
        QCOMPARE(chartView(view, "toolCallsChart")->chart()->theme(), QChart::ChartThemeLight);
        QPalette dark = view.palette();
        dark.setColor(QPalette::Window, QColor(0x20, 0x20, 0x24));
        dark.setColor(QPalette::WindowText, QColor(0xe8, 0xe8, 0xe8));
        dark.setColor(QPalette::Base, QColor(0x18, 0x18, 0x1c));
        dark.setColor(QPalette::Text, QColor(0xe8, 0xe8, 0xe8));
        view.setPalette(dark);
        for (const char *name : {"toolCallsChart", "toolDurationChart"}) {
            QChart *chart = chartView(view, name)->chart();
            QCOMPARE(chart->theme(), QChart::ChartThemeDark);
            QCOMPARE(chart->titleBrush().color(), QColor(0xe8, 0xe8, 0xe8));
        }
    }
};

QTEST_MAIN(TestChartViews)
#include "tst_chartviews.moc"
