// Workbench responsiveness on a large vault.
//   workbench_bench --vault DIR [--t0-ms EPOCH_MS] [--reindex]
// Prints one JSON line: time from process launch (t0, taken by the calling
// shell) to an interactive window (first event-loop turn after show), to the
// vault ready (memories listed), and — with --reindex — the longest UI-thread
// stall during a full rebuild, measured by a 5 ms timer's lateness.
#include "MainWindow.h"
#include "VaultInsights.h"
#include "VaultSession.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QDateTime>
#include <QElapsedTimer>
#include <QTimer>

#include <algorithm>
#include <cstdio>

int main(int argc, char *argv[])
{
    const qint64 mainEntered = QDateTime::currentMSecsSinceEpoch();
    QApplication app(argc, argv);
    QApplication::setOrganizationName(QStringLiteral("engram-bench"));
    QCommandLineParser parser;
    parser.addOption({QStringLiteral("vault"), QStringLiteral("vault"), QStringLiteral("dir")});
    parser.addOption({QStringLiteral("t0-ms"), QStringLiteral("launch time"), QStringLiteral("ms")});
    parser.addOption({QStringLiteral("reindex"), QStringLiteral("measure a full rebuild")});
    parser.addOption({QStringLiteral("probe-open"), QStringLiteral("probe the UI thread while the vault opens")});
    parser.addOption(
        {QStringLiteral("insights"), QStringLiteral("measure strengths, graph, tools and ledger (VaultInsights)")});
    parser.process(app);
    const qint64 t0 =
        parser.isSet(QStringLiteral("t0-ms")) ? parser.value(QStringLiteral("t0-ms")).toLongLong() : mainEntered;

    engram::MainWindow window;
    window.show();
    window.openVault(parser.value(QStringLiteral("vault")));
    qint64 interactiveMs = -1;
    qint64 readyMs = -1;
    QTimer::singleShot(0, &window, [&] { interactiveMs = QDateTime::currentMSecsSinceEpoch() - t0; });
    const bool probeOpen = parser.isSet(QStringLiteral("probe-open"));

    // The probe: a 5 ms timer; how late each tick arrives is how long the UI thread was busy.
    QList<qint64> lateness;
    QList<QPair<qint64, qint64>> worstAt; // (lateness, ms since the probe started)
    qint64 catalogAt = -1;
    QElapsedTimer clock;
    QTimer probe;
    probe.setTimerType(Qt::PreciseTimer);
    probe.setInterval(5);
    qint64 expected = 0;
    QObject::connect(&probe, &QTimer::timeout, &window, [&] {
        const qint64 now = clock.elapsed();
        lateness << qMax<qint64>(0, now - expected);
        worstAt << qMakePair(lateness.last(), now);
        expected = now + 5;
    });
    if (probeOpen) {
        clock.start();
        expected = 5;
        probe.start();
    }
    qint64 insightsMs = -1;
    QElapsedTimer insightsClock;
    bool rebuilding = false;
    qint64 rebuildMs = -1;
    QElapsedTimer rebuildClock;
    auto finish = [&] {
        std::sort(lateness.begin(), lateness.end());
        std::sort(worstAt.begin(), worstAt.end(), [](auto a, auto b) { return a.first > b.first; });
        for (int i = 0; i < qMin(5, int(worstAt.size())); ++i)
            std::fprintf(stderr, "stall %lld ms at %lld ms (catalog arrived at %lld ms)\n", worstAt.at(i).first,
                         worstAt.at(i).second, catalogAt);
        const qint64 worst = lateness.isEmpty() ? 0 : lateness.last();
        const qint64 p99 = lateness.isEmpty() ? 0 : lateness.at(qsizetype(double(lateness.size() - 1) * 0.99));
        std::printf("{\"chunks\": %lld, \"interactive_ms\": %lld, \"vault_ready_ms\": %lld, \"rebuild_ms\": %lld, "
                    "\"insights_ms\": %lld, \"graph_nodes\": %lld, \"graph_edges\": %lld, "
                    "\"probe_ticks\": %lld, \"max_stall_ms\": %lld, \"p99_stall_ms\": %lld}\n",
                    window.session()->stats().chunks, interactiveMs, readyMs, rebuildMs, insightsMs,
                    qint64(window.insights()->data().graph.nodes.size()),
                    qint64(window.insights()->data().graph.edges.size()), qint64(lateness.size()), worst, p99);
        std::fflush(stdout);
        app.quit();
    };
    QObject::connect(window.session(), &engram::VaultSession::catalogReady, &window, [&] {
        if (readyMs < 0) {
            readyMs = QDateTime::currentMSecsSinceEpoch() - t0;
            if (probeOpen)
                catalogAt = clock.elapsed();
            if (parser.isSet(QStringLiteral("insights"))) {
                clock.start();
                expected = 5;
                probe.start();
                insightsClock.start();
                return;
            }
            if (!parser.isSet(QStringLiteral("reindex"))) {
                QTimer::singleShot(probeOpen ? 1000 : 0, &window, finish);
                return;
            }
            clock.start();
            expected = 5;
            probe.start();
            rebuilding = true;
            rebuildClock.start();
            window.session()->requestRebuild();
        } else if (rebuilding && !window.session()->isBusy()) {
            catalogAt = clock.elapsed();
            rebuildMs = rebuildClock.elapsed();
            QTimer::singleShot(500, &window, finish); // keep probing while the views take the new catalog
        }
    });
    QObject::connect(window.insights(), &engram::VaultInsights::ready, &window, [&] {
        if (insightsClock.isValid() && insightsMs < 0) {
            insightsMs = insightsClock.elapsed();
            QTimer::singleShot(500, &window, finish); // keep probing while the views take the data
        }
    });
    QObject::connect(window.session(), &engram::VaultSession::openFailed, &window,
                     [&](const QString &, const QString &m) {
                         std::fprintf(stderr, "cannot open: %s\n", qPrintable(m));
                         app.exit(1);
                     });
    return app.exec();
}
