#include "TestVault.h"
#include "agent/SessionCheckpoint.h"
#include "vault/Engine.h"

#include <QTest>

using namespace engram;
using test::TestVault;

class TestSessionCheckpoint : public QObject {
    Q_OBJECT
private slots:
    void save_writesASessionNoteAndIndexesIt()
    {
        TestVault vault;
        vault.write(QStringLiteral("notes/a.md"), QStringLiteral("# A\n\nA note.\n"));
        auto engine = test::openIndexed(vault);
        const QByteArray fingerprint = vault.fingerprint();
        Checkpoint c;
        c.summary = QStringLiteral("The parser reads headings; the tokenizer is next.");
        c.focus = QStringLiteral("the parser");
        c.decisions = {QStringLiteral("headings split chunks")};
        c.openQuestions = {QStringLiteral("Do tables need their own chunks?")};
        c.nextSteps = {QStringLiteral("write the tokenizer")};
        c.tags = {QStringLiteral("parser")};
        const QDateTime now(QDate(2026, 5, 4), QTime(9, 30, 15));
        auto saved = SessionCheckpoint::save(*engine, c, now);
        QVERIFY(saved.ok());
        QCOMPARE(saved->path, QStringLiteral("sessions/2026-05-04/checkpoint-093015.md"));
        QCOMPARE(saved->title, QStringLiteral("Checkpoint 2026-05-04 09:30"));
        QCOMPARE(saved->chunks, 5); // summary, focus, decisions, open questions, next steps
        QVERIFY(saved->indexProblems.isEmpty());
        const QString note = QString::fromUtf8(vault.read(saved->path));
        QCOMPARE(saved->bytes, qint64(vault.read(saved->path).size()));
        for (const char *part : {"## Summary", "## Focus", "- headings split chunks", "## Open questions",
                                 "- write the tokenizer", "kind: checkpoint"})
            QVERIFY2(note.contains(QLatin1String(part)), part);
        // Indexed at once: recall finds it without another index run.
        RecallQuery q;
        q.text = QStringLiteral("tokenizer parser headings");
        auto results = engine->recall(q);
        QVERIFY(results.ok() && !results->isEmpty());
        QCOMPARE(results->constFirst().chunk.path, saved->path);
        QCOMPARE(saved->toJson()[QStringLiteral("path")].toString(), saved->path);
        QVERIFY(fingerprint != vault.fingerprint()); // the one new file
        QCOMPARE(vault.read(QStringLiteral("notes/a.md")), QByteArray("# A\n\nA note.\n"));
    }

    void save_inTheSameSecondNeverOverwrites()
    {
        TestVault vault;
        auto engine = test::openIndexed(vault);
        Checkpoint c;
        c.summary = QStringLiteral("one");
        const QDateTime now(QDate(2026, 5, 4), QTime(9, 30, 15));
        auto first = SessionCheckpoint::save(*engine, c, now);
        c.summary = QStringLiteral("two");
        auto second = SessionCheckpoint::save(*engine, c, now);
        QVERIFY(first.ok() && second.ok());
        QCOMPARE(second->path, QStringLiteral("sessions/2026-05-04/checkpoint-093015-2.md"));
        QVERIFY(QString::fromUtf8(vault.read(first->path)).contains(QStringLiteral("\none\n")));
    }
};

QTEST_GUILESS_MAIN(TestSessionCheckpoint)
#include "tst_sessioncheckpoint.moc"
