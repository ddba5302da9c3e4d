// From a note written by any editor to a recall that finds it: write a file atomically (write a
// temporary, rename over: what editors and QSaveFile do) into an open vault and poll a query for
// its unique word every 5 ms until the answer holds the file. Also the watcher's idle cost: the
// process's CPU time over an idle stretch with the vault open.
//   recall_latency_bench [--vault DIR] [--notes N] [--writes N] [--idle-seconds S] [--timeout-ms MS]
// Without --vault a temporary vault of N notes is made. Prints one JSON line.
#include "VaultSession.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QFile>
#include <QGuiApplication>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSaveFile>
#include <QTemporaryDir>
#include <QTimer>

#include <algorithm>
#include <cstdio>
#include <sys/resource.h>

using namespace engram;

namespace {

double cpuSeconds()
{
    rusage usage{};
    getrusage(RUSAGE_SELF, &usage);
    return double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec)
           + double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6;
}

void writeAtomically(const QString &path, const QByteArray &bytes)
{
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(bytes) != bytes.size() || !file.commit())
        qFatal("cannot write %s", qPrintable(path));
}

/// Runs the event loop until `done` (checked every millisecond) or `ms` pass; false on timeout.
template <typename Done>
bool waitFor(Done done, int ms)
{
    if (done())
        return true;
    QEventLoop loop;
    QTimer check;
    check.setInterval(1);
    QObject::connect(&check, &QTimer::timeout, &loop, [&] {
        if (done())
            loop.quit();
    });
    QTimer::singleShot(ms, &loop, &QEventLoop::quit);
    check.start();
    loop.exec();
    return done();
}

/// Runs the event loop for `ms` with nothing else to do.
void idle(int ms)
{
    QEventLoop loop;
    QTimer::singleShot(ms, &loop, &QEventLoop::quit);
    loop.exec();
}

} // namespace

int main(int argc, char *argv[])
{
    QGuiApplication app(argc, argv);
    QCommandLineParser parser;
    parser.addOptions({{QStringLiteral("vault"), QStringLiteral("An existing vault."), QStringLiteral("dir")},
                       {QStringLiteral("notes"), QStringLiteral("Notes of the temporary vault."), QStringLiteral("n"),
                        QStringLiteral("2000")},
                       {QStringLiteral("writes"), QStringLiteral("Notes written and timed."), QStringLiteral("n"),
                        QStringLiteral("20")},
                       {QStringLiteral("idle-seconds"), QStringLiteral("Idle stretch for the CPU figure."),
                        QStringLiteral("s"), QStringLiteral("5")},
                       {QStringLiteral("timeout-ms"), QStringLiteral("How long a write may take to be found."),
                        QStringLiteral("ms"), QStringLiteral("5000")}});
    parser.process(app);

    QTemporaryDir temporary;
    QString vault = parser.value(QStringLiteral("vault"));
    if (vault.isEmpty()) {
        vault = temporary.path();
        QDir().mkpath(vault + QStringLiteral("/notes"));
        for (int i = 0; i < parser.value(QStringLiteral("notes")).toInt(); ++i)
            writeAtomically(vault + QStringLiteral("/notes/n%1.md").arg(i),
                            QStringLiteral("# Note %1\n\nOrdinary words about topic %2 and day %3.\n")
                                .arg(i)
                                .arg(i % 97)
                                .arg(i % 31)
                                .toUtf8());
    }

    VaultSession session;
    session.setRescanInterval(3600 * 1000); // only the watcher: the periodic rescan is not what is measured
    bool busy = false;
    QObject::connect(&session, &VaultSession::busyChanged, &app, [&busy](bool b) { busy = b; });
    session.open(vault);
    if (!waitFor([&] { return session.isOpen() && !busy && !session.catalog().isEmpty(); }, 600000))
        qFatal("the vault did not open and index");

    QList<RecallResult> last;
    int lastId = -1;
    bool replied = false;
    QObject::connect(&session, &VaultSession::recallReady, &app,
                     [&](int id, const QList<RecallResult> &results, const QString &) {
                         if (id != lastId)
                             return;
                         last = results;
                         replied = true;
                     });
    QList<double> latencies;
    const int writes = parser.value(QStringLiteral("writes")).toInt();
    const qint64 timeoutMs = parser.value(QStringLiteral("timeout-ms")).toLongLong();
    for (int i = 0; i < writes; ++i) {
        const QString word = QStringLiteral("zorblax%1quint").arg(i);
        const QString relative = QStringLiteral("notes/written-%1.md").arg(i);
        QElapsedTimer clock;
        clock.start();
        writeAtomically(vault + QLatin1Char('/') + relative,
                        QStringLiteral("# Written %1\n\nThe word %2 is only here.\n").arg(i).arg(word).toUtf8());
        bool found = false;
        while (!found && clock.elapsed() < timeoutMs) {
            replied = false;
            RecallQuery query;
            query.text = word;
            query.k = 5;
            lastId = session.requestRecall(query);
            waitFor([&] { return replied; }, 2000);
            for (const RecallResult &r : std::as_const(last))
                found = found || r.chunk.path == relative;
            if (!found)
                idle(5); // poll every 5 ms
        }
        latencies << (found ? double(clock.elapsed()) : double(timeoutMs));
        idle(300);
    }
    QJsonArray each;
    for (double ms : std::as_const(latencies))
        each.append(ms);
    std::sort(latencies.begin(), latencies.end());

    const double idleSeconds = parser.value(QStringLiteral("idle-seconds")).toDouble();
    const double before = cpuSeconds();
    idle(int(idleSeconds * 1000));
    const double idleCpu = (cpuSeconds() - before) / idleSeconds * 100.0;

    const QJsonObject out{{QStringLiteral("notes"), qint64(session.catalog().size())},
                          {QStringLiteral("writes"), writes},
                          {QStringLiteral("median_ms"), latencies.isEmpty() ? 0 : latencies.at(latencies.size() / 2)},
                          {QStringLiteral("max_ms"), latencies.isEmpty() ? 0 : latencies.last()},
                          {QStringLiteral("idle_cpu_percent"), idleCpu},
                          {QStringLiteral("each_ms"), each}};
    std::printf("%s\n", QJsonDocument(out).toJson(QJsonDocument::Compact).constData());
    session.close();
    return 0;
}
