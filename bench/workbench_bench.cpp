// Workbench responsiveness on a large vault, the way a person meets it.
//   workbench_bench --vault DIR [--t0-ms EPOCH_MS] [--rebuild] [--touch N] [--writes N]
//                   [--idle-seconds S] [--insights]
// Prints one JSON line:
//   shown_ms       process launch (t0, taken by the calling shell) → the window's first paint;
//   list_ms        … → the memory list holds the catalog and answers (a scroll to its middle
//                  and its end, each painted);
//   settled_ms     … → the indexer's catch-up and the views' engine data (VaultInsights) done;
//   open_stall_ms  the longest UI-thread stall from the first paint until settled + 1 s;
//   --rebuild      a full rebuild (F5's heavy sibling): its time and the longest stall until the
//                  new catalog and engine data are in the views + 1 s;
//   --touch N      N notes appended to in place at once (no rename: only a watch that names files
//                  written in place sees them), the longest stall until settled + 1 s; touch_seen:
//                  how many came back in the catalog's deltas, touch_seen_ms when the last did;
//   --writes N     N notes written one every 50 ms (as an agent saves them), the time until the
//                  memory list holds all N and the longest stall until settled + 1 s;
//   --idle-seconds S  the process's CPU (user + system, /proc/self/stat) over S idle seconds;
//   --stacks       the UI thread's stack sampled during every stall over 50 ms, on stderr
//                  (bench/stall_stacks.py resolves and counts them);
//   findings, findings_ms  the Review view's open findings and when the last list of them came
//                  (settled also waits for them: the worker's detection is part of catching up);
//   --floor-seconds S  no window: the same probe alone for S seconds, what the machine's load
//                  alone makes of a 5 ms timer (2 shared cores: other processes' turns).
// A stall is how late a 5 ms timer fires (Qt::PreciseTimer): the time the UI thread was busy or
// waited for a core; *_busy_ms is the longest turn of its event loop in its own CPU time.
#include "MainWindow.h"
#include "MemoryBrowser.h"
#include "StallProbe.h"
#include "StallStacks.h"
#include "VaultInsights.h"
#include "VaultSession.h"

#include <QAbstractItemModel>
#include <QApplication>
#include <QCommandLineParser>
#include <QDateTime>
#include <QDir>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QFile>
#include <QSaveFile>
#include <QScrollBar>
#include <QSet>
#include <QTimer>
#include <QTreeView>

#include <cstdio>
#include <memory>
#include <unistd.h>

using namespace engram;

namespace {

/// Stops the probe and says on stderr how long the longest stall was and when it ended.
qint64 endPhase(StallProbe &probe, qint64 *busy = nullptr)
{
    const qint64 worst = probe.stop();
    std::fprintf(stderr,
                 "  longest stall %lld ms, ending %lld ms into the phase; longest turn %lld ms of UI-thread CPU\n",
                 worst, probe.worstAt(), probe.busy());
    if (busy)
        *busy = probe.busy();
    return worst;
}

/// Runs the event loop for `ms` without waking it more than its own timers do.
void spin(int ms)
{
    QEventLoop loop;
    QTimer::singleShot(ms, &loop, &QEventLoop::quit);
    loop.exec();
}

template <typename Predicate>
bool waitFor(Predicate done, qint64 timeoutMs)
{
    QElapsedTimer clock;
    clock.start();
    while (!done() && clock.elapsed() < timeoutMs)
        spin(20);
    return done();
}

qint64 cpuTicks()
{
    QFile stat(QStringLiteral("/proc/self/stat"));
    if (!stat.open(QIODevice::ReadOnly))
        return -1;
    const QByteArray line = stat.readAll();
    // Fields after the command's closing parenthesis; utime and stime are the 14th and 15th.
    const QList<QByteArray> fields = line.mid(line.lastIndexOf(')') + 2).split(' ');
    return fields.value(11).toLongLong() + fields.value(12).toLongLong();
}

class PaintSpy : public QObject {
public:
    qint64 firstPaint = -1;
    bool eventFilter(QObject *watched, QEvent *event) override
    {
        if (firstPaint < 0 && event->type() == QEvent::Paint)
            firstPaint = QDateTime::currentMSecsSinceEpoch();
        return QObject::eventFilter(watched, event);
    }
};

bool writeNote(const QString &path, const QByteArray &text)
{
    QSaveFile file(path);
    return file.open(QIODevice::WriteOnly) && file.write(text) == text.size() && file.commit();
}

} // namespace

int main(int argc, char *argv[])
{
    const qint64 mainEntered = QDateTime::currentMSecsSinceEpoch();
    QApplication app(argc, argv);
    QApplication::setOrganizationName(QStringLiteral("engram-bench"));
    QCommandLineParser parser;
    parser.addOption({QStringLiteral("vault"), QStringLiteral("vault"), QStringLiteral("dir")});
    parser.addOption({QStringLiteral("t0-ms"), QStringLiteral("launch time"), QStringLiteral("ms")});
    parser.addOption({QStringLiteral("rebuild"), QStringLiteral("measure a full rebuild")});
    parser.addOption({QStringLiteral("touch"), QStringLiteral("rewrite N files at once"), QStringLiteral("n")});
    parser.addOption({QStringLiteral("writes"), QStringLiteral("write N notes, one each 50 ms"), QStringLiteral("n")});
    parser.addOption({QStringLiteral("idle-seconds"), QStringLiteral("measure idle CPU"), QStringLiteral("s")});
    parser.addOption({QStringLiteral("floor-seconds"), QStringLiteral("the probe alone"), QStringLiteral("s")});
    parser.addOption({QStringLiteral("stacks"), QStringLiteral("print the UI thread's stack during stalls")});
    parser.process(app);
    std::unique_ptr<StallStacks> stacks;
    if (parser.isSet(QStringLiteral("stacks")))
        stacks = std::make_unique<StallStacks>();
    if (const int floor = parser.value(QStringLiteral("floor-seconds")).toInt(); floor > 0) {
        StallProbe alone;
        alone.start();
        spin(floor * 1000);
        std::printf("{\"floor_seconds\": %d, \"floor_stall_ms\": %lld}\n", floor, endPhase(alone));
        return 0;
    }
    const qint64 t0 =
        parser.isSet(QStringLiteral("t0-ms")) ? parser.value(QStringLiteral("t0-ms")).toLongLong() : mainEntered;
    auto since = [t0] { return QDateTime::currentMSecsSinceEpoch() - t0; };
    const QString vault = QDir(parser.value(QStringLiteral("vault"))).absolutePath();

    MainWindow window;
    PaintSpy paints;
    window.installEventFilter(&paints);
    VaultSession *session = window.session();
    VaultInsights *insights = window.insights();
    auto *table = window.browser()->findChild<QTreeView *>(QStringLiteral("memoryTable"));
    bool failed = false;
    QObject::connect(session, &VaultSession::openFailed, &window, [&](const QString &, const QString &m) {
        std::fprintf(stderr, "cannot open: %s\n", qPrintable(m));
        failed = true;
    });
    QStringList written; // paths the catalog has taken in with this run's text
    QString nonce = QString::number(QDateTime::currentMSecsSinceEpoch());
    QStringList touched;     // files appended to in place
    QSet<QString> touchSeen; // … that a catalog delta has brought back
    QElapsedTimer touchClock;
    qint64 touchSeenMs = -1;
    QObject::connect(session, &VaultSession::catalogChanged, &window, [&](const CatalogDelta &delta) {
        for (const MemoryRow &row : delta.rows)
            if (row.title.contains(nonce) && !written.contains(row.path))
                written << row.path;
        for (const QString &path : delta.paths)
            if (touched.contains(path) && !touchSeen.contains(path)) {
                touchSeen.insert(path);
                if (touchSeen.size() == touched.size())
                    touchSeenMs = touchClock.elapsed();
            }
    });
    window.show();
    window.openVault(vault);

    StallProbe probe;
    waitFor([&] { return paints.firstPaint >= 0; }, 60000);
    const qint64 shownMs = paints.firstPaint - t0;
    probe.start();
    // The catalog has arrived whole and the views hold the engine data computed after it.
    bool catalogSeen = false;
    bool insightsCurrent = false;
    QObject::connect(session, &VaultSession::catalogReady, &window, [&] {
        catalogSeen = true;
        insightsCurrent = false;
    });
    QObject::connect(insights, &VaultInsights::ready, &window, [&] { insightsCurrent = true; });
    // The Review view asks for the findings on opening and after every run that changed files; the
    // worker brings them up to date first (at the first opening of a vault, a scan of all of it).
    bool findingsCurrent = false;
    qsizetype findings = -1;
    qint64 findingsMs = -1;
    QObject::connect(session, &VaultSession::indexed, &window, [&](const IndexReport &report) {
        if (report.indexed + report.removed + report.failed > 0 || !report.changedPaths.isEmpty())
            findingsCurrent = false;
    });
    QObject::connect(session, &VaultSession::findingsReady, &window,
                     [&](const QList<ReviewFinding> &found, const QString &) {
                         findingsCurrent = true;
                         findings = found.size();
                         findingsMs = since();
                     });
    const auto quiet = [&] {
        return session->isOpen() && catalogSeen && insightsCurrent && findingsCurrent && !session->isBusy()
               && !insights->isPending();
    };
    // Settled: nothing running for a whole second (the indexer's catch-up follows the first catalog).
    auto settle = [&](qint64 timeoutMs) {
        QElapsedTimer clock;
        clock.start();
        while (clock.elapsed() < timeoutMs) {
            if (!waitFor(quiet, timeoutMs - clock.elapsed()))
                return false;
            spin(1000);
            if (quiet())
                return true;
        }
        return false;
    };

    waitFor([&] { return failed || (session->isOpen() && table->model()->rowCount() > 0); }, 600000);
    if (failed)
        return 1;
    // Usable: it scrolls to its middle and to its end, each step painted.
    QScrollBar *bar = table->verticalScrollBar();
    bar->setValue(bar->maximum() / 2);
    table->viewport()->repaint();
    bar->setValue(bar->maximum());
    table->viewport()->repaint();
    bar->setValue(0);
    const qint64 listMs = since();
    const qint64 listRows = table->model()->rowCount();
    settle(3600000);
    const qint64 settledMs = since() - 1000;
    std::fprintf(stderr, "open:\n");
    qint64 openBusy = -1, rebuildBusy = -1, touchBusy = -1, writesBusy = -1;
    const qint64 openStall = endPhase(probe, &openBusy);

    qint64 rebuildMs = -1, rebuildStall = -1;
    if (parser.isSet(QStringLiteral("rebuild"))) {
        probe.start();
        QElapsedTimer clock;
        clock.start();
        session->requestRebuild();
        waitFor([&] { return session->isBusy(); }, 10000);
        settle(7200000);
        rebuildMs = clock.elapsed() - 1000;
        std::fprintf(stderr, "rebuild:\n");
        rebuildStall = endPhase(probe, &rebuildBusy);
    }

    qint64 touchMs = -1, touchStall = -1;
    const int touch = parser.value(QStringLiteral("touch")).toInt();
    if (touch > 0) {
        // Notes, not sessions: appending a line to a transcript changes only its last turn.
        QStringList files;
        for (const MemoryRow &row : session->catalog())
            if (!row.session && row.path.startsWith(QLatin1String("notes/"))
                && (files.isEmpty() || files.constLast() != row.path) && files.size() < touch)
                files << row.path;
        touched = files;
        probe.start();
        QElapsedTimer clock;
        clock.start();
        touchClock.start();
        for (const QString &f : std::as_const(files)) {
            QFile file(vault + QLatin1Char('/') + f);
            if (file.open(QIODevice::Append))
                file.write("\nTouched by the workbench benchmark " + nonce.toUtf8() + ".\n");
        }
        waitFor([&] { return session->isBusy(); }, 60000);
        settle(7200000);
        touchMs = clock.elapsed() - 1000;
        std::fprintf(stderr, "touch %lld files:\n", qint64(files.size()));
        touchStall = endPhase(probe, &touchBusy);
    }

    qint64 writesMs = -1, writesStall = -1;
    const int writes = parser.value(QStringLiteral("writes")).toInt();
    if (writes > 0) {
        QDir(vault).mkpath(QStringLiteral("notes/bench-writes"));
        probe.start();
        QElapsedTimer clock;
        clock.start();
        for (int i = 0; i < writes; ++i) {
            const QString name =
                QStringLiteral("%1/notes/bench-writes/w%2.md").arg(vault).arg(i, 3, 10, QLatin1Char('0'));
            const QByteArray text = QStringLiteral("# Bench write %1 %2\n\nA note the benchmark wrote: %3 words "
                                                   "about nothing in particular.\n")
                                        .arg(nonce)
                                        .arg(i)
                                        .arg(i * 7)
                                        .toUtf8();
            if (!writeNote(name, text))
                std::fprintf(stderr, "cannot write %s\n", qPrintable(name));
            spin(50);
        }
        waitFor([&] { return written.size() >= writes; }, 600000);
        writesMs = clock.elapsed();
        settle(7200000);
        std::fprintf(stderr, "%d writes (%lld in the list after %lld ms):\n", writes, qint64(written.size()), writesMs);
        writesStall = endPhase(probe, &writesBusy);
    }

    double idleCpu = -1;
    const int idleSeconds = parser.value(QStringLiteral("idle-seconds")).toInt();
    if (idleSeconds > 0) {
        settle(7200000);
        const qint64 before = cpuTicks();
        spin(idleSeconds * 1000);
        idleCpu = 100.0 * double(cpuTicks() - before) / double(sysconf(_SC_CLK_TCK)) / idleSeconds;
    }

    std::printf("{\"chunks\": %lld, \"list_rows\": %lld, \"shown_ms\": %lld, \"list_ms\": %lld, \"settled_ms\": %lld, "
                "\"open_stall_ms\": %lld, \"rebuild_ms\": %lld, \"rebuild_stall_ms\": %lld, \"touch_ms\": %lld, "
                "\"touch_stall_ms\": %lld, \"writes_ms\": %lld, \"writes_stall_ms\": %lld, \"idle_cpu_pct\": %.2f, "
                "\"graph_nodes\": %lld, \"open_busy_ms\": %lld, \"rebuild_busy_ms\": %lld, \"touch_busy_ms\": %lld, "
                "\"writes_busy_ms\": %lld, \"touch_seen\": %lld, \"touch_seen_ms\": %lld, \"findings\": %lld, "
                "\"findings_ms\": %lld}\n",
                session->stats().chunks, listRows, shownMs, listMs, settledMs, openStall, rebuildMs, rebuildStall,
                touchMs, touchStall, writesMs, writesStall, idleCpu, qint64(insights->data().graph.nodes.size()),
                openBusy, rebuildBusy, touchBusy, writesBusy, qint64(touchSeen.size()), touchSeenMs, qint64(findings),
                findingsMs);
    std::fflush(stdout);
    return 0;
}
