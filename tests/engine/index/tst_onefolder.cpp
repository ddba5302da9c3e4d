// A vault whose notes all sit in one folder, 20,000 of them here (a million in
// bench/one_folder.sh): every note is indexed; comparing the folder with the index grows with the
// files, not with their square (10,000 within 8 times the CPU of 2,500; a quadratic step would be
// 16 times); and a note written among them is found by comparing that folder alone, quickly.
#include "EngineFixtures.h"
#include "TestVault.h"
#include "vault/Engine.h"

#include <QElapsedTimer>
#include <QFile>
#include <QTest>

#include <ctime>

using namespace engram;
using test::TestVault;

namespace {

void writeNotes(TestVault &vault, int count)
{
    vault.write(QStringLiteral("inbox/.keep"), QByteArray()); // the folder
    const char *words[] = {"river", "lamp", "copper", "orchard", "signal", "harbor", "maple", "violet"};
    for (int i = 0; i < count; ++i) {
        QFile file(vault.filePath(QStringLiteral("inbox/n%1.md").arg(i, 6, 10, QLatin1Char('0'))));
        if (!file.open(QIODevice::WriteOnly))
            qFatal("cannot write %s", qPrintable(file.fileName()));
        file.write(QStringLiteral("note %1 about %2\n").arg(i).arg(QLatin1String(words[i % 8])).toUtf8());
    }
}

double cpuMs()
{
    timespec t{};
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return double(t.tv_sec) * 1000.0 + double(t.tv_nsec) / 1e6;
}

/// The least CPU of three comparisons of inbox/ with the index.
double folderComparisonMs(Engine &engine)
{
    double best = 1e9;
    for (int round = 0; round < 3; ++round) {
        const double start = cpuMs();
        const FileChanges changes = engine.changesIn({QStringLiteral("inbox")});
        best = qMin(best, cpuMs() - start);
        if (!changes.isEmpty())
            qFatal("inbox/ differs from the index");
    }
    return best;
}

} // namespace

class TestOneFolder : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void twentyThousandNotes_areAllIndexed_andOneWriteIsFoundInItsFolder()
    {
        constexpr int kNotes = 20000 / test::kSanitizerShrink;
        TestVault vault;
        writeNotes(vault, kNotes);
        auto engine = test::openEngine(vault);
        const IndexReport report = engine->index();
        QVERIFY(!report.error);
        QCOMPARE(report.indexed, kNotes);
        QCOMPARE(report.failed, 0);
        QCOMPARE(engine->stats().files, qint64(kNotes));

        // Written in place, among 20,000 (4,000 under the sanitizers): the folder's comparison names it
        // and nothing else.
        const QString changed = QStringLiteral("inbox/n%1.md").arg(kNotes / 2 + 345, 6, 10, QLatin1Char('0'));
        QTest::qWait(10); // a later mtime
        {
            QFile file(vault.filePath(changed));
            QVERIFY(file.open(QIODevice::Append));
            file.write("and the word zebracorn\n");
        }
        QElapsedTimer clock;
        clock.start();
        const FileChanges changes = engine->changesIn({QStringLiteral("inbox")});
        const qint64 foundMs = clock.elapsed();
        QCOMPARE(changes.changedPaths(), QStringList{changed});
        QVERIFY2(foundMs < 2000 * test::kSanitizerSlowdown, qPrintable(QString::number(foundMs)));
        const IndexReport again = engine->indexPath(changed);
        QVERIFY(!again.error);
        RecallQuery query;
        query.text = QStringLiteral("zebracorn");
        query.reinforce = false;
        auto results = engine->recall(query);
        QVERIFY(results && !results->isEmpty());
        QCOMPARE(results->first().chunk.path, changed);
    }

    void comparingTheFolder_growsLinearlyWithItsFiles()
    {
        TestVault small;
        writeNotes(small, 2500 / test::kSanitizerShrink);
        auto smallEngine = test::openEngine(small);
        QVERIFY(!smallEngine->index().error);
        TestVault large;
        writeNotes(large, 10000 / test::kSanitizerShrink);
        auto largeEngine = test::openEngine(large);
        QVERIFY(!largeEngine->index().error);

        const double smallMs = folderComparisonMs(*smallEngine);
        const double largeMs = folderComparisonMs(*largeEngine);
        qInfo("inbox/ compared with the index: 2,500 notes %.1f ms, 10,000 notes %.1f ms of CPU", smallMs, largeMs);
        QVERIFY2(largeMs < 8 * qMax(smallMs, 1.0), qPrintable(QStringLiteral("%1 vs %2").arg(largeMs).arg(smallMs)));
    }
};

QTEST_GUILESS_MAIN(TestOneFolder)
#include "tst_onefolder.moc"
