// Kills engram-cli index, rebuild and remember at random moments (SIGKILL: no clean-up of any
// kind) and checks after each kill that the next run recovers: the journal holds a first-sight
// event for every indexed file, the vector file holds exactly the index's chunks, and recall
// equals a clean index of the same files. ENGRAM_CRASH_KILLS sets how many kills (default 8;
// bench/crash_recovery.sh runs hundreds).
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
#include <QThread>

#include <csignal>

using namespace engram;
using namespace engram::test;

class TestCrashRecovery : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void killedWriters_leaveAVaultTheNextRunRecovers();
};

void TestCrashRecovery::killedWriters_leaveAVaultTheNextRunRecovers()
{
    const int kills = qMax(1, qEnvironmentVariableIntValue("ENGRAM_CRASH_KILLS") > 0
                                  ? qEnvironmentVariableIntValue("ENGRAM_CRASH_KILLS")
                                  : 8);
    TestVault vault;
    writeNotes(vault.path(), 250, 31);
    QCOMPARE(runCli({QStringLiteral("index"), QStringLiteral("--vault"), vault.path()}), 0);
    const QStringList queries = noteQueries(15, 32);
    QRandomGenerator random(33);

    int windowMs[3] = {400, 400, 100};
    int killed = 0;
    int finishedFirst = 0;
    QElapsedTimer total;
    total.start();
    for (int round = 0; round < kills; ++round) {
        // Something for the run to do: new files, a changed file, a deleted one.
        writeNotes(vault.path(), 20 + int(random.bounded(60)), 100 + round, QStringLiteral("round"));
        const int changed = (round * 7) % 250;
        const int removed = 249 - round;
        vault.write(QStringLiteral("notes/%1/note-31-%2.md").arg(changed % 17).arg(changed),
                    QStringLiteral("# Changed %1\n\nThe harbour ferry left at dawn in round %1.\n").arg(round));
        vault.remove(QStringLiteral("notes/%1/note-31-%2.md").arg(removed % 17).arg(removed));

        const int operation = int(random.bounded(3));
        QStringList arguments;
        if (operation == 0)
            arguments = {QStringLiteral("index"), QStringLiteral("--vault"), vault.path()};
        else if (operation == 1)
            arguments = {QStringLiteral("rebuild"), QStringLiteral("--vault"), vault.path()};
        else
            arguments = {QStringLiteral("remember"),
                         QStringLiteral("--vault"),
                         vault.path(),
                         QStringLiteral("--title"),
                         QStringLiteral("Round %1").arg(round),
                         QStringLiteral("The copper kettle of round %1 sings.").arg(round)};
        QProcess cli;
        startCli(cli, arguments);
        // A random moment within the time such a run takes; the window follows what is seen (a run
        // that finished first shrinks it), so kills land mid-run on fast and slow machines alike.
        int &window = windowMs[operation];
        const int delayMs = int(random.bounded(quint32(qMax(2, window))));
        if (!cli.waitForFinished(delayMs)) {
            ::kill(pid_t(cli.processId()), SIGKILL);
            cli.waitForFinished();
            ++killed;
            window = window * 5 / 4;
        } else {
            ++finishedFirst;
            window = qMax(2, window / 2);
        }
        const QString what =
            QStringLiteral("round %1 (%2 killed after %3 ms)").arg(round).arg(arguments.first()).arg(delayMs);

        // The next run recovers.
        {
            auto engine = test::openEngine(vault.path());
            const IndexReport report = engine->index();
            QVERIFY2(!report.error,
                     qPrintable(what + QStringLiteral(": ") + (report.error ? report.error->toString() : QString())));
        }
        QSet<QString> unseen = indexedPaths(vault.path());
        unseen.subtract(journalSeenPaths(vault.path()));
        QVERIFY2(
            unseen.isEmpty(),
            qPrintable(QStringLiteral("%1: %2 indexed files have no first-sight event").arg(what).arg(unseen.size())));
        const std::vector<qint64> stored = indexVectorIds(vault.path());
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
    qInfo("%d kills, %d runs finished before their kill; all recovered in %lld ms", killed, finishedFirst,
          total.elapsed());
    QVERIFY2(killed >= qMax(1, kills / 4),
             "most runs finished before they were killed: the test killed (almost) nothing");
}

QTEST_GUILESS_MAIN(TestCrashRecovery)
#include "tst_crashrecovery.moc"
