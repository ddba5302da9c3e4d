// Kills engram-cli index, rebuild and remember (SIGKILL: no clean-up of any kind) and checks after
// each kill that the next run recovers: the journal holds a first-sight event for every indexed
// file, the vector file holds exactly the index's chunks, and recall equals a clean index of the
// same files.
//
// Each kill lands at a chosen moment of the write (engine/core/CrashPoint.h: ENGRAM_CRASH_AT), one
// round per moment, so every run checks every moment and a failure names it. Killed at a random
// time instead, the run before caught the rebuild's gap between emptying the index and marking the
// vector file stale 1 run in 8, and passed the other 7. ENGRAM_CRASH_KILLS=N adds N kills at random
// times after the chosen ones (bench/crash_recovery.sh runs hundreds): a search for moments this
// list lacks, not part of the suite.
#include "EngineFixtures.h"
#include "TestVault.h"
#include "WriterFixtures.h"
#include "vault/Engine.h"

#include <QDir>
#include <QElapsedTimer>
#include <QProcess>
#include <QRandomGenerator>
#include <QTemporaryDir>
#include <QTest>

#include <csignal>

using namespace engram;
using namespace engram::test;

namespace {

enum class Operation { Index, Rebuild, Remember };

/// A moment of a write where the run is killed: the crash point's name and which pass through it.
struct Moment {
    Operation operation;
    const char *point;
};

/// Every crash point of the three writers, in the order a run passes them.
const QList<Moment> kMoments{
    {Operation::Index, "index:generation-moved"},
    {Operation::Index, "index:batch-committed:1"},
    {Operation::Index, "index:indexed"},
    {Operation::Index, "index:finished"},
    {Operation::Index, "vectors:saved"},
    {Operation::Index, "vectors:ids-recorded"},
    {Operation::Rebuild, "rebuild:generation-moved"},
    {Operation::Rebuild, "rebuild:rows-deleted"},
    {Operation::Rebuild, "rebuild:replayed"},
    {Operation::Rebuild, "rebuild:vacuumed"},
    {Operation::Rebuild, "index:batch-committed:1"},
    {Operation::Rebuild, "index:indexed"},
    {Operation::Rebuild, "vectors:saved"},
    {Operation::Remember, "remember:written"},
    {Operation::Remember, "index-path:indexed"},
    {Operation::Remember, "vectors:saved"},
};

QStringList argumentsOf(Operation operation, const QString &vault, int round)
{
    switch (operation) {
    case Operation::Index: return {QStringLiteral("index"), QStringLiteral("--vault"), vault};
    case Operation::Rebuild: return {QStringLiteral("rebuild"), QStringLiteral("--vault"), vault};
    case Operation::Remember:
        return {QStringLiteral("remember"),
                QStringLiteral("--vault"),
                vault,
                QStringLiteral("--title"),
                QStringLiteral("Round %1").arg(round),
                QStringLiteral("The copper kettle of round %1 sings.").arg(round)};
    }
    return {};
}

constexpr int kNotes = 60;

/// Something for a run to do: new files, a changed file, a deleted one.
void changeTheVault(TestVault &vault, QRandomGenerator &random, int round)
{
    writeNotes(vault.path(), 3 + int(random.bounded(6)), 100 + round, QStringLiteral("round"));
    const int changed = (round * 7) % kNotes;
    const int removed = kNotes - 1 - round % kNotes;
    vault.write(QStringLiteral("notes/%1/note-31-%2.md").arg(changed % 17).arg(changed),
                QStringLiteral("# Changed %1\n\nThe harbour ferry left at dawn in round %1.\n").arg(round));
    vault.remove(QStringLiteral("notes/%1/note-31-%2.md").arg(removed % 17).arg(removed));
}

/// The next run recovers: what the header promises, checked after the kill `what` describes.
void checkRecovered(TestVault &vault, const QStringList &queries, const QString &what)
{
    {
        auto engine = test::openEngine(vault.path());
        const IndexReport report = engine->index();
        QVERIFY2(!report.error,
                 qPrintable(what + QStringLiteral(": ") + (report.error ? report.error->toString() : QString())));
    }
    QSet<QString> unseen = indexedPaths(vault.path());
    unseen.subtract(journalSeenPaths(vault.path()));
    QVERIFY2(unseen.isEmpty(),
             qPrintable(QStringLiteral("%1: %2 indexed files have no first-sight event").arg(what).arg(unseen.size())));
    const std::vector<qint64> stored = indexVectorIds(vault.path());
    QVERIFY2(!stored.empty(), qPrintable(what + QStringLiteral(": the index holds no vectors")));
    QVERIFY2(vectorFileIds(vault.path()) == stored,
             qPrintable(what + QStringLiteral(": the vector file is not the index's chunks")));

    // Recall equals a clean index of the same files (and the same journal).
    QTemporaryDir clean;
    copyVaultFiles(vault.path(), clean.path());
    auto fresh = test::openEngine(clean.path());
    QVERIFY(!fresh->index().error);
    auto recovered = test::openEngine(vault.path());
    QCOMPARE(recallLines(*recovered, queries), recallLines(*fresh, queries));
}

QProcessEnvironment crashingAt(const char *point)
{
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.insert(QStringLiteral("ENGRAM_CRASH_AT"), QString::fromLatin1(point));
    return environment;
}

} // namespace

class TestCrashRecovery : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void killedWriters_leaveAVaultTheNextRunRecovers();
};

void TestCrashRecovery::killedWriters_leaveAVaultTheNextRunRecovers()
{
    TestVault vault;
    writeNotes(vault.path(), kNotes, 31);
    QCOMPARE(runCli({QStringLiteral("index"), QStringLiteral("--vault"), vault.path()}), 0);
    const QStringList queries = noteQueries(8, 32);
    QRandomGenerator random(33);
    QElapsedTimer total;
    total.start();

    int round = 0;
    for (const Moment &moment : kMoments) {
        changeTheVault(vault, random, round);
        const QStringList arguments = argumentsOf(moment.operation, vault.path(), round);
        QProcess cli;
        cli.setProcessEnvironment(crashingAt(moment.point));
        startCli(cli, arguments);
        QVERIFY(cli.waitForFinished(120000));
        const QString what =
            QStringLiteral("round %1 (%2 killed at %3)").arg(round).arg(arguments.first(), QLatin1String(moment.point));
        // The run reached the moment and died there: a point renamed or no longer passed fails here.
        QVERIFY2(cli.exitStatus() == QProcess::CrashExit,
                 qPrintable(what
                            + QStringLiteral(": the run was not killed there, it exited with %1: %2")
                                  .arg(cli.exitCode())
                                  .arg(QString::fromUtf8(cli.readAllStandardError()))));
        checkRecovered(vault, queries, what);
        if (QTest::currentTestFailed())
            return;
        ++round;
    }

    // Kills at random times, for bench/crash_recovery.sh only (see the header).
    const int kills = qEnvironmentVariableIntValue("ENGRAM_CRASH_KILLS");
    int windowMs[3] = {400, 400, 100};
    int killed = 0;
    for (int i = 0; i < kills; ++i, ++round) {
        changeTheVault(vault, random, round);
        const auto operation = Operation(random.bounded(3));
        const QStringList arguments = argumentsOf(operation, vault.path(), round);
        QProcess cli;
        startCli(cli, arguments);
        // A random moment within the time such a run takes; the window follows what is seen.
        int &window = windowMs[int(operation)];
        const int delayMs = int(random.bounded(quint32(qMax(2, window))));
        if (!cli.waitForFinished(delayMs)) {
            ::kill(pid_t(cli.processId()), SIGKILL);
            cli.waitForFinished();
            ++killed;
            window = window * 5 / 4;
        } else {
            window = qMax(2, window / 2);
        }
        checkRecovered(
            vault, queries,
            QStringLiteral("round %1 (%2 killed after %3 ms)").arg(round).arg(arguments.first()).arg(delayMs));
        if (QTest::currentTestFailed())
            return;
    }
    qInfo("%lld chosen kills and %d random ones (of %d runs), all recovered in %lld ms", qint64(kMoments.size()),
          killed, kills, total.elapsed());
}

QTEST_GUILESS_MAIN(TestCrashRecovery)
#include "tst_crashrecovery.moc"
