// SessionCapture and SecretRedactor: incremental copies of agent transcripts into the vault.
#include "TestVault.h"
#include "core/VaultLock.h"
#include "ingest/SessionCapture.h"
#include "redaction/SecretRedactor.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>
#include <QtConcurrent/QtConcurrentRun>

using namespace engram;
using test::TestVault;

namespace {

QByteArray turn(int n, const QString &day = QStringLiteral("2025-09-03"))
{
    return QStringLiteral(
               "{\"type\":\"user\",\"message\":{\"role\":\"user\",\"content\":\"turn %1\"},\"timestamp\":\"%2T10:"
               "00:00.000Z\",\"sessionId\":\"s1\"}\n")
        .arg(n)
        .arg(day)
        .toUtf8();
}

QByteArray turns(int from, int to)
{
    QByteArray out;
    for (int i = from; i < to; ++i)
        out += turn(i);
    return out;
}

void writeAll(const QString &path, const QByteArray &bytes, bool append = false)
{
    QFile f(path);
    if (!f.open(append ? QIODevice::Append : QIODevice::WriteOnly) || f.write(bytes) != bytes.size())
        qFatal("cannot write %s", qPrintable(path));
}

QByteArray readAll(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

} // namespace

class TestSessionCapture : public QObject {
    Q_OBJECT
private slots:
    void capture_appendsOnlyCompleteNewLines()
    {
        TestVault vault;
        QTemporaryDir agent;
        const QString transcript = agent.filePath(QStringLiteral("11111111-2222-3333-4444-555555555555.jsonl"));
        writeAll(transcript, turns(0, 3) + "{\"type\":\"user\",\"mess"); // the agent is mid-line
        SessionCapture capture(vault.path(), true);
        auto first = capture.capture(transcript);
        QVERIFY2(first.ok(), first.ok() ? "" : qPrintable(first.error().toString()));
        QCOMPARE(first->target,
                 QStringLiteral("sessions/2025-09-03/claude-code-11111111-2222-3333-4444-555555555555.jsonl"));
        QVERIFY(first->created);
        QCOMPARE(first->linesAdded, 3);
        QCOMPARE(vault.read(first->target), turns(0, 3));
        writeAll(transcript, turns(0, 3) + turns(3, 6), false); // the line finished, more followed
        auto second = capture.capture(transcript);
        QVERIFY(second.ok());
        QCOMPARE(second->linesAdded, 3);
        QVERIFY(!second->recaptured);
        QCOMPARE(vault.read(first->target), turns(0, 6));
        auto third = capture.capture(transcript);
        QCOMPARE(third->linesAdded, 0);
        QCOMPARE(vault.read(first->target), turns(0, 6));
    }

    void capture_neverWritesThroughALinkOutOfTheVault()
    {
        TestVault vault;
        QTemporaryDir outside;
        QTemporaryDir agent;
        // sessions/ is a link to a folder outside the vault: the copy must not land there.
        QVERIFY(QFile::link(outside.path(), vault.filePath(QStringLiteral("sessions"))));
        const QString transcript = agent.filePath(QStringLiteral("11111111-2222-3333-4444-555555555555.jsonl"));
        writeAll(transcript, turns(0, 3));
        auto captured = SessionCapture(vault.path(), true).capture(transcript);
        QVERIFY(!captured.ok());
        QVERIFY2(captured.error().toString().contains(QLatin1String("outside")),
                 qPrintable(captured.error().toString()));
        QVERIFY(QDir(outside.path()).entryList(QDir::AllEntries | QDir::NoDotAndDotDot).isEmpty());
        QCOMPARE(readAll(transcript), turns(0, 3)); // the original untouched
    }

    void capture_resumedDaysLaterStaysOneFile()
    {
        TestVault vault;
        QTemporaryDir agent;
        const QString transcript = agent.filePath(QStringLiteral("s1.jsonl"));
        writeAll(transcript, turns(0, 2));
        SessionCapture capture(vault.path(), true);
        const QString target = capture.capture(transcript)->target;
        writeAll(transcript, turn(9, QStringLiteral("2025-09-20")), true);
        auto later = capture.capture(transcript);
        QCOMPARE(later->target, target);
        QCOMPARE(vault.read(target), turns(0, 2) + turn(9, QStringLiteral("2025-09-20")));
    }

    void capture_rewrittenTranscriptLosesNothingAndDoublesNothing()
    {
        TestVault vault;
        QTemporaryDir agent;
        const QString transcript = agent.filePath(QStringLiteral("s1.jsonl"));
        writeAll(transcript, turns(0, 10));
        SessionCapture capture(vault.path(), true);
        const QString target = capture.capture(transcript)->target;
        // Compacted by the agent: shorter, its first lines gone, a new one after.
        writeAll(transcript, turns(8, 10) + turn(10));
        auto shrunk = capture.capture(transcript);
        QVERIFY(shrunk.ok());
        QVERIFY(shrunk->recaptured);
        QVERIFY2(shrunk->note.contains(QLatin1String("shrank")), qPrintable(shrunk->note));
        QCOMPARE(shrunk->linesAdded, 1);
        QCOMPARE(vault.read(target), turns(0, 11));
        // Same length, different bytes in the captured part: also read whole again.
        QByteArray edited = turns(8, 10) + turn(10);
        edited.replace("turn 8", "turn X");
        writeAll(transcript, edited);
        auto rewritten = capture.capture(transcript);
        QVERIFY(rewritten->recaptured);
        QCOMPARE(rewritten->linesAdded, 1);
        QVERIFY(vault.read(target).startsWith(turns(0, 11)));
    }

    void capture_cutsBackAHalfAppendOfAKilledCapture()
    {
        TestVault vault;
        QTemporaryDir agent;
        const QString transcript = agent.filePath(QStringLiteral("s1.jsonl"));
        writeAll(transcript, turns(0, 2));
        SessionCapture capture(vault.path(), true);
        const QString target = capture.capture(transcript)->target;
        writeAll(vault.filePath(target), "{\"type\":\"us", true); // killed mid-append: the record was not updated
        writeAll(transcript, turn(2), true);
        QVERIFY(capture.capture(transcript).ok());
        QCOMPARE(vault.read(target), turns(0, 3));
    }

    void capture_withoutRecordMergesIntoTheExistingCopy()
    {
        TestVault vault;
        QTemporaryDir agent;
        const QString transcript = agent.filePath(QStringLiteral("s1.jsonl"));
        writeAll(transcript, turns(0, 3));
        SessionCapture capture(vault.path(), true);
        const QString target = capture.capture(transcript)->target;
        QVERIFY(QDir(vault.filePath(QStringLiteral(".engram"))).removeRecursively());
        writeAll(transcript, turn(3), true);
        auto again = capture.capture(transcript);
        QVERIFY(again->recaptured);
        QCOMPARE(again->linesAdded, 1);
        QCOMPARE(vault.read(target), turns(0, 4));
    }

    void capture_missingTranscriptIsAnErrorNamingIt()
    {
        TestVault vault;
        auto r = SessionCapture(vault.path(), true).capture(QStringLiteral("/nonexistent/s.jsonl"));
        QVERIFY(!r.ok());
        QCOMPARE(r.error().path, QStringLiteral("/nonexistent/s.jsonl"));
        QVERIFY(r.error().message.contains(QLatin1String("does not exist")));
        QVERIFY(!QFileInfo::exists(vault.filePath(QStringLiteral("sessions"))));
    }

    void capture_twoAtOnceWriteEachLineOnce()
    {
        TestVault vault;
        QTemporaryDir agent;
        const QString transcript = agent.filePath(QStringLiteral("s1.jsonl"));
        writeAll(transcript, turns(0, 2000));
        auto a = QtConcurrent::run([&] { return SessionCapture(vault.path(), true).capture(transcript); });
        auto b = QtConcurrent::run([&] { return SessionCapture(vault.path(), true).capture(transcript); });
        const auto ra = a.result();
        const auto rb = b.result();
        QVERIFY(ra.ok() && rb.ok());
        QCOMPARE(ra->linesAdded + rb->linesAdded, 2000);
        QCOMPARE(vault.read(ra->target), turns(0, 2000));
    }

    void capture_largeTranscriptEditedInItsTailIsReadWholeAgain()
    {
        // The head fingerprint covers the first 64 KiB only: 2000 turns are ~250 KiB, and the edit
        // is in the last of them, so only the tail fingerprint sees it.
        TestVault vault;
        QTemporaryDir agent;
        const QString transcript = agent.filePath(QStringLiteral("s1.jsonl"));
        const QByteArray original = turns(0, 2000);
        QVERIFY(original.size() > 3 * 64 * 1024);
        writeAll(transcript, original);
        SessionCapture capture(vault.path(), true);
        const QString target = capture.capture(transcript)->target;
        QByteArray edited = original;
        const qsizetype at = edited.lastIndexOf("turn 1998");
        QVERIFY(at > 2 * 64 * 1024);
        edited.replace(at, 9, "turn X998"); // same length: the size alone says nothing changed
        writeAll(transcript, edited + turn(2000));
        auto again = capture.capture(transcript);
        QVERIFY(again.ok());
        QVERIFY(again->recaptured);
        QVERIFY2(again->note.contains(QLatin1String("changed")), qPrintable(again->note));
        // Everything held before stays; the edited line and the new one are added, once each.
        // Appended from the old offset instead, the copy would lack the edited line.
        const QByteArray editedLine = QByteArray(turn(1998)).replace("turn 1998", "turn X998");
        QCOMPARE(again->linesAdded, 2);
        QCOMPARE(vault.read(target), original + editedLine + turn(2000));
    }

    void capture_vaultCopyShorterThanRecordedGetsWhatItLacks()
    {
        // The person deleted two lines from the vault copy (or a sync gave an older one): the next
        // capture adds the lines it lacks, not only what the transcript gained since.
        TestVault vault;
        QTemporaryDir agent;
        const QString transcript = agent.filePath(QStringLiteral("s1.jsonl"));
        writeAll(transcript, turns(0, 5));
        SessionCapture capture(vault.path(), true);
        const QString target = capture.capture(transcript)->target;
        writeAll(vault.filePath(target), turn(0) + turn(1) + turn(4)); // turns 2 and 3 gone
        writeAll(transcript, turn(5), true);
        auto again = capture.capture(transcript);
        QVERIFY(again.ok());
        QVERIFY(again->recaptured);
        QVERIFY2(again->note.contains(QLatin1String("shorter")), qPrintable(again->note));
        QCOMPARE(again->linesAdded, 3);
        QCOMPARE(vault.read(target), turn(0) + turn(1) + turn(4) + turn(2) + turn(3) + turn(5));
        // And the record follows the copy: the next capture appends only what is new.
        writeAll(transcript, turn(6), true);
        auto next = capture.capture(transcript);
        QVERIFY(!next->recaptured);
        QCOMPARE(next->linesAdded, 1);
        QCOMPARE(vault.read(target), turn(0) + turn(1) + turn(4) + turn(2) + turn(3) + turn(5) + turn(6));
    }

    void capture_waitsForACaptureOfTheSameSessionHoldingItsLock()
    {
        // The overlap is forced, not hoped for: the test holds the session's capture lock (the
        // file a capture of claude-code session s1 takes, named by hand here) while captures run.
        TestVault vault;
        QTemporaryDir agent;
        const QString transcript = agent.filePath(QStringLiteral("s1.jsonl"));
        writeAll(transcript, turns(0, 3));
        QVERIFY(QDir().mkpath(vault.filePath(QStringLiteral(".engram/captures"))));
        auto held = VaultLock::acquireFile(vault.filePath(QStringLiteral(".engram/captures/claude-code-s1.lock")),
                                           QStringLiteral("the test"), 0);
        QVERIFY(held.ok());

        // A capture that may wait 50 ms gives up naming the lock and writes nothing.
        SessionCapture impatient(vault.path(), true);
        impatient.setLockTimeout(50);
        auto refused = impatient.capture(transcript);
        QVERIFY(!refused.ok());
        QVERIFY2(refused.error().toString().contains(QLatin1String("capture of session claude-code-s1")),
                 qPrintable(refused.error().toString()));
        QVERIFY(!QFileInfo::exists(vault.filePath(QStringLiteral("sessions"))));

        // One that waits reads the transcript only once the lock is free: the lines written while
        // the test held it are in its copy.
        auto waiting = QtConcurrent::run([&] { return SessionCapture(vault.path(), true).capture(transcript); });
        QTest::qWait(100);
        QVERIFY(!waiting.isFinished());
        writeAll(transcript, turns(3, 5), true);
        held->reset();
        const auto captured = waiting.result();
        QVERIFY(captured.ok());
        QCOMPARE(captured->linesAdded, 5);
        QCOMPARE(vault.read(captured->target), turns(0, 5));
    }

    void capture_redactsUnlessTurnedOff()
    {
        TestVault vault;
        QTemporaryDir agent;
        const QString transcript = agent.filePath(QStringLiteral("s1.jsonl"));
        const QByteArray line = "{\"type\":\"user\",\"message\":{\"content\":\"key sk-proj-abcdefghijklmnopqrstuvwx "
                                "and postgres://app:hunter2@db/x\"},\"timestamp\":\"2025-09-03T10:00:00Z\"}\n";
        writeAll(transcript, line);
        auto redacted = SessionCapture(vault.path(), true).capture(transcript);
        QCOMPARE(redacted->redactions, 2);
        const QByteArray copy = vault.read(redacted->target);
        QVERIFY(!copy.contains("hunter2") && !copy.contains("sk-proj-abc"));
        QVERIFY(copy.contains("postgres://app:[REDACTED:url-password]@db/x"));
        QCOMPARE(readAll(transcript), line); // the original is never modified

        TestVault plain;
        auto kept = SessionCapture(plain.path(), false).capture(transcript);
        QCOMPARE(kept->redactions, 0);
        QCOMPARE(plain.read(kept->target), line);
    }

    void redact_coversTheListedPatterns_data()
    {
        QTest::addColumn<QByteArray>("input");
        QTest::addColumn<QByteArray>("expected");
        QTest::newRow("openai") << QByteArray("k=sk-abcdefghijklmnopqrstuvwxyz012345 end")
                                << QByteArray("k=[REDACTED:api-key] end");
        QTest::newRow("anthropic") << QByteArray("sk-ant-api03-abcdefghijklmnopqrstuv_-XY")
                                   << QByteArray("[REDACTED:anthropic-key]");
        QTest::newRow("aws") << QByteArray("AKIAIOSFODNN7EXAMPLE") << QByteArray("[REDACTED:aws-access-key-id]");
        QTest::newRow("github") << QByteArray("ghp_abcdefghijklmnopqrstuvwxyzABCDEFGHIJ")
                                << QByteArray("[REDACTED:github-token]");
        QTest::newRow("github pat") << QByteArray("github_pat_11ABCDEFG0123456789_abcdefghijklmnop")
                                    << QByteArray("[REDACTED:github-token]");
        QTest::newRow("slack") << QByteArray("xoxb-123456789012-abcdefghij") << QByteArray("[REDACTED:slack-token]");
        QTest::newRow("jwt") << QByteArray(
            "Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N")
                             << QByteArray("Bearer [REDACTED:jwt]");
        QTest::newRow("pem in json") << QByteArray("\"-----BEGIN RSA PRIVATE KEY-----\\nMIIEow\\n-----END RSA PRIVATE "
                                                   "KEY-----\\n\"")
                                     << QByteArray("\"[REDACTED:private-key]\\n\"");
        QTest::newRow("url password") << QByteArray("https://bob:s3cret@example.com/")
                                      << QByteArray("https://bob:[REDACTED:url-password]@example.com/");
        QTest::newRow("plain words stay") << QByteArray("ask-me about the desk-lamp, AKIA is a word")
                                          << QByteArray("ask-me about the desk-lamp, AKIA is a word");
        QTest::newRow("url without password stays")
            << QByteArray("see https://example.com/a:b@c") << QByteArray("see https://example.com/a:b@c");
    }

    void redact_coversTheListedPatterns()
    {
        QFETCH(QByteArray, input);
        QFETCH(QByteArray, expected);
        int count = 0;
        QCOMPARE(SecretRedactor::redact(input, &count), expected);
        QCOMPARE(count, input == expected ? 0 : 1);
    }
};

QTEST_GUILESS_MAIN(TestSessionCapture)
#include "tst_sessioncapture.moc"
