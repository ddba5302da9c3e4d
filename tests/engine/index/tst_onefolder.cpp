// A vault whose notes all sit in one folder, 20,000 of them here (a million in
// bench/one_folder.sh): every note is indexed; comparing the folder with the index grows with the
// files, not with their square (10,000 within 5 times the SQLite steps of 2,500, counted; a
// quadratic step would be 16 times); and a note written among them is found by comparing that folder alone, quickly.
#include "EngineFixtures.h"
#include "TestVault.h"
#include "core/Database.h"
#include "index/IndexStore.h"
#include "vault/Engine.h"
#include "vault/EngineInternals.h"

#include <QFile>
#include <QTest>

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

/// SQLite steps a folder comparison may take per file it holds: its row read in path order (8
/// measured, at 2 500 and 10 000 notes).
constexpr qint64 kStepsPerFile = 10;

/// The work one comparison of inbox/ with the index does, counted: the operations SQLite's virtual
/// machine runs for it (rows read from the index, each a bounded number of steps). Not CPU time,
/// which moves with the machine's load.
qint64 folderComparisonSteps(Engine &engine)
{
    const Database &db = internals(engine).store().database();
    const qint64 before = db.vmSteps();
    const FileChanges changes = engine.changesIn({QStringLiteral("inbox")});
    if (!changes.isEmpty())
        qFatal("inbox/ differs from the index");
    return db.vmSteps() - before;
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
        // Quickly, counted: the folder's rows read once, a bounded number of SQLite steps a file (a
        // wall-clock bound of 2 s measured the machine's load as much as the comparison).
        const Database &db = internals(*engine).store().database();
        const qint64 before = db.vmSteps();
        const FileChanges changes = engine->changesIn({QStringLiteral("inbox")});
        const qint64 steps = db.vmSteps() - before;
        QCOMPARE(changes.changedPaths(), QStringList{changed});
        QVERIFY2(steps <= kStepsPerFile * kNotes,
                 qPrintable(QStringLiteral("%1 steps for %2 files").arg(steps).arg(kNotes)));
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

        const qint64 smallSteps = folderComparisonSteps(*smallEngine);
        const qint64 largeSteps = folderComparisonSteps(*largeEngine);
        qInfo("inbox/ compared with the index: %d notes %lld SQLite steps, %d notes %lld",
              2500 / test::kSanitizerShrink, smallSteps, 10000 / test::kSanitizerShrink, largeSteps);
        QVERIFY2(smallSteps > 0, "the comparison read nothing from the index");
        // Four times the files: four times the rows read (a query per file, or a scan of the whole
        // index per file, makes it sixteen).
        QVERIFY2(largeSteps <= 5 * smallSteps, qPrintable(QStringLiteral("%1 vs %2").arg(largeSteps).arg(smallSteps)));
    }
};

QTEST_GUILESS_MAIN(TestOneFolder)
#include "tst_onefolder.moc"
