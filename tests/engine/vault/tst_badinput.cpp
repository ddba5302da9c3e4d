#include "EngineFixtures.h"
#include "TestVault.h"
#include "Unprivileged.h"
#include "index/VectorIndex.h"
#include "vault/EngineInternals.h"

#include <QFile>
#include <QFileInfo>
#include <QTest>

#include <optional>

using namespace engram;
using test::TestVault;

namespace {

/// The good part of every vault: these must be indexed whatever else is in it.
void writeGoodFiles(TestVault &vault)
{
    vault.write(QStringLiteral("notes/alpha.md"),
                QStringLiteral("# Alpaca\n\nThe alpaca named Quilliam eats hay in the morning.\n"));
    vault.write(QStringLiteral("sessions/2026-01-02/talk.md"),
                QStringLiteral("User: did Quilliam get his hay?\n\nAssistant: Yes, at seven.\n\n"
                               "User: good.\n\nAssistant: He also had carrots.\n"));
}

void writeLargeFile(const QString &path, qint64 bytes)
{
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        qFatal("cannot write %s", qPrintable(path));
    const QByteArray line = QByteArray("All work and no play makes a very large note indeed. ").repeated(16) + '\n';
    for (qint64 written = 0; written < bytes; written += line.size())
        file.write(line);
}

/// True when permission bits do not stop this process from reading (e.g. it runs as root).
bool permissionsAreIgnored(const QString &path)
{
    QFile probe(path);
    return probe.open(QIODevice::ReadOnly);
}

std::optional<Problem> problemFor(Engine &engine, const QString &path)
{
    for (const Problem &p : internals(engine).store().problems())
        if (p.path == path)
            return p;
    return std::nullopt;
}

} // namespace

class TestBadInput : public QObject {
    Q_OBJECT
private slots:
    void badFile_isReportedAndTheRestIsIndexed_data()
    {
        QTest::addColumn<QString>("kind");
        QTest::addColumn<QString>("path");
        QTest::addColumn<QString>("severity"); // of the recorded problem
        QTest::addColumn<QString>("message");  // a fragment of it
        QTest::addColumn<int>("line");         // 0: any

        const auto u = [](const char *text) { return QString::fromUtf8(text); };
        QTest::newRow("invalid UTF-8") << u("utf8") << u("notes/latin1.md") << u("error") << u("not valid UTF-8") << 3;
        QTest::newRow("binary with .md name") << u("binary") << u("notes/photo.md") << u("error") << u("binary") << 0;
        QTest::newRow("empty file") << u("empty") << u("notes/empty.md") << u("warning") << u("empty") << 0;
        QTest::newRow("50 MiB file") << u("huge") << u("notes/huge.md") << u("error") << u("over the 8.0 MiB limit")
                                     << 0;
        QTest::newRow("front matter not YAML")
            << u("yaml") << u("notes/broken-yaml.md") << u("error") << u("front matter") << 3;
        QTest::newRow("unterminated front matter")
            << u("unterminated") << u("notes/open.md") << u("error") << u("never closed") << 1;
        QTest::newRow("deleted between scan and read")
            << u("deleted") << u("notes/zz-gone.md") << u("warning") << u("deleted") << 0;
        QTest::newRow("unreadable file") << u("unreadable") << u("notes/secret.md") << u("error") << u("cannot read")
                                         << 0;
        QTest::newRow("symlink loop") << u("loop") << u("notes/loop") << u("warning") << u("symlink loop") << 0;
    }

    void badFile_isReportedAndTheRestIsIndexed()
    {
        QFETCH(QString, kind);
        QFETCH(QString, path);
        QFETCH(QString, severity);
        QFETCH(QString, message);
        QFETCH(int, line);

        TestVault vault;
        writeGoodFiles(vault);
        const QString absolute = vault.filePath(path);
        std::optional<test::UnprivilegedScope> asNobody; // until the end of the row
        if (kind == QLatin1String("utf8")) {
            vault.write(path, QByteArray("# Caf\xc3\xa9\n\nna\xefve in Latin-1: caf\xe9 cr\xe8me\n"));
        } else if (kind == QLatin1String("binary")) {
            QByteArray png("\x89PNG\r\n\x1a\n\0\0\0\rIHDR", 16);
            for (int i = 0; i < 4096; ++i)
                png.append(char(i * 7 % 256));
            vault.write(path, png);
        } else if (kind == QLatin1String("empty")) {
            vault.write(path, QByteArray());
        } else if (kind == QLatin1String("huge")) {
            writeLargeFile(absolute, 50LL * 1024 * 1024);
            QVERIFY(QFileInfo(absolute).size() >= 50LL * 1024 * 1024);
        } else if (kind == QLatin1String("yaml")) {
            vault.write(path, QStringLiteral("---\ntitle: fine\n{{ this: is [not yaml\n---\n# Body\n\ntext\n"));
        } else if (kind == QLatin1String("unterminated")) {
            vault.write(path, QStringLiteral("---\ntitle: never ends\n\n# Body\n\nThe fence is never closed.\n"));
        } else if (kind == QLatin1String("deleted")) {
            vault.write(path, QStringLiteral("# Gone\n\nThis note disappears mid-index.\n"));
        } else if (kind == QLatin1String("unreadable")) {
            vault.write(path, QStringLiteral("# Secret\n\nNobody may read this.\n"));
            QVERIFY(QFile::setPermissions(absolute, QFileDevice::Permissions()));
            // Root reads a file whatever its permissions (CI runs as root): the engine then runs as nobody.
            asNobody.emplace(vault.path());
            QVERIFY2(asNobody->error().isEmpty(), qPrintable(asNobody->error()));
            QVERIFY2(!permissionsAreIgnored(absolute), "the mode-000 file is still readable, so nothing is tested");
        } else if (kind == QLatin1String("loop")) {
            QVERIFY(QFile::link(QStringLiteral(".."), absolute)); // notes/loop -> the vault root
        }

        QByteArray fingerprint = vault.fingerprint();
        auto opened = Engine::open(vault.path());
        QVERIFY2(opened.ok(), qPrintable(opened.ok() ? QString() : opened.error().toString()));
        Engine &engine = **opened;
        if (kind == QLatin1String("deleted")) {
            // The scan has listed notes/zz-gone.md; it is deleted after notes/alpha.md is read, before its turn.
            internals(engine).indexer().setDocumentObserver([&](const Document &doc, const QList<qint64> &) {
                if (doc.path == QLatin1String("notes/alpha.md") && QFile::exists(absolute)) {
                    QVERIFY(QFile::remove(absolute));
                    fingerprint = vault.fingerprint();
                }
            });
        }
        const IndexReport report = engine.index();
        QVERIFY(!QFile::exists(absolute) || kind != QLatin1String("deleted"));

        // A recorded, human-readable problem, in the report, the index and health.
        const std::optional<Problem> problem = problemFor(engine, path);
        QVERIFY2(problem, qPrintable(QStringLiteral("no problem recorded for %1; problems:\n%2")
                                         .arg(path, test::problemList(internals(engine).store().problems()))));
        QCOMPARE(problem->severity, severity);
        QVERIFY2(problem->message.contains(message, Qt::CaseInsensitive), qPrintable(problem->message));
        if (line > 0)
            QCOMPARE(problem->line, line);
        bool reported = false;
        for (const Problem &p : report.problems)
            reported = reported || (p.path == path && p.message == problem->message);
        QVERIFY(reported);
        const HealthCheck problems = test::healthCheck(engine, QStringLiteral("indexing problems"));
        QVERIFY2(problems.reason.contains(path) && problems.reason.contains(problem->message),
                 qPrintable(problems.reason));
        QCOMPARE(problems.status, severity == QLatin1String("error") ? HealthStatus::Error : HealthStatus::Ok);
        QCOMPARE(test::healthCheck(engine, QStringLiteral("index matches files")).status, HealthStatus::Ok);
        if (severity == QLatin1String("error"))
            QVERIFY(internals(engine).store().chunksOfFile(path).isEmpty());

        // The rest of the vault is indexed and recallable.
        QVERIFY(internals(engine).store().file(QStringLiteral("notes/alpha.md")));
        QVERIFY(internals(engine).store().file(QStringLiteral("sessions/2026-01-02/talk.md")));
        RecallQuery query;
        query.text = QStringLiteral("Quilliam alpaca hay");
        auto results = engine.recall(query);
        QVERIFY(results.ok() && !results->isEmpty());
        QCOMPARE(results->front().chunk.path, QStringLiteral("notes/alpha.md"));

        // No vault file was touched.
        QCOMPARE(vault.fingerprint(), fingerprint);
        if (kind == QLatin1String("unreadable"))
            QFile::setPermissions(absolute, QFileDevice::ReadOwner | QFileDevice::WriteOwner);
    }

    void pathWithSpacesAndNonAscii_isIndexedAndRecallable()
    {
        TestVault vault;
        writeGoodFiles(vault);
        const QString path = QStringLiteral("notes/Grüße und Café/été 2024 ☕ plan.md");
        vault.write(path, QStringLiteral("# Sommer\n\nDas Quokkafest findet im Juli am See statt.\n"));
        const QByteArray fingerprint = vault.fingerprint();
        auto engine = Engine::open(vault.path());
        QVERIFY(engine.ok());
        const IndexReport report = (*engine)->index();
        QCOMPARE(report.failed, 0);
        QVERIFY2(internals(**engine).store().problems().isEmpty(),
                 qPrintable(test::problemList(internals(**engine).store().problems())));
        QVERIFY(internals(**engine).store().file(path));
        RecallQuery query;
        query.text = QStringLiteral("Quokkafest");
        auto results = (*engine)->recall(query);
        QVERIFY(results.ok() && !results->isEmpty());
        QCOMPARE(results->front().chunk.path, path);
        QCOMPARE((*engine)->sourceText(results->front().chunk),
                 QStringLiteral("Das Quokkafest findet im Juli am See statt."));
        QCOMPARE((*engine)->indexPath(path).unchanged, 1);
        QCOMPARE(test::healthCheck(**engine, QStringLiteral("index matches files")).status, HealthStatus::Ok);
        QCOMPARE(vault.fingerprint(), fingerprint);
    }

    void secondIndexRun_keepsTheProblemsOfUnchangedFiles()
    {
        TestVault vault;
        writeGoodFiles(vault);
        vault.write(QStringLiteral("notes/empty.md"), QByteArray());
        vault.write(QStringLiteral("notes/odd-tag.md"),
                    QStringLiteral("---\nstore: nowhere\n---\nText about kiwis.\n"));
        vault.write(QStringLiteral("notes/latin1.md"), QByteArray("caf\xe9\n"));
        auto engine = Engine::open(vault.path());
        QVERIFY(engine.ok());
        (*engine)->index();
        const QString before = test::problemList(internals(**engine).store().problems());
        QCOMPARE(internals(**engine).store().problems().size(), 3);
        const IndexReport again = (*engine)->index();
        QCOMPARE(again.indexed, 0);
        QCOMPARE(test::problemList(internals(**engine).store().problems()), before);

        vault.remove(QStringLiteral("notes/empty.md"));
        vault.remove(QStringLiteral("notes/latin1.md"));
        (*engine)->index();
        QVERIFY(!problemFor(**engine, QStringLiteral("notes/empty.md")));
        QVERIFY(!problemFor(**engine, QStringLiteral("notes/latin1.md")));
        QVERIFY(problemFor(**engine, QStringLiteral("notes/odd-tag.md")));
    }

    void fileThatGrowsPastTheCap_isRemovedAndSaysWhy()
    {
        TestVault vault;
        writeGoodFiles(vault);
        vault.write(QStringLiteral("engram.json"), QByteArray(R"({"index": {"maxFileBytes": 4096}})"));
        vault.write(QStringLiteral("notes/growing.md"),
                    QStringLiteral("# Growing\n\nThe narwhal note starts small.\n"));
        auto engine = Engine::open(vault.path());
        QVERIFY(engine.ok());
        (*engine)->index();
        QVERIFY(internals(**engine).store().file(QStringLiteral("notes/growing.md")));
        writeLargeFile(vault.filePath(QStringLiteral("notes/growing.md")), 8192);
        const IndexReport report = (*engine)->index();
        QCOMPARE(report.removed, 1);
        QVERIFY(!internals(**engine).store().file(QStringLiteral("notes/growing.md")));
        const auto problem = problemFor(**engine, QStringLiteral("notes/growing.md"));
        QVERIFY2(problem && problem->message.contains(QStringLiteral("limit")),
                 qPrintable(test::problemList(internals(**engine).store().problems())));
        QCOMPARE(internals(**engine).vectors().size(), internals(**engine).store().chunkCount());
    }

    void fileThatBecomesBad_losesItsChunksAndGetsAProblem()
    {
        TestVault vault;
        writeGoodFiles(vault);
        vault.write(QStringLiteral("notes/flaky.md"), QStringLiteral("# Flaky\n\nThe zebrafinch sings.\n"));
        auto engine = Engine::open(vault.path());
        QVERIFY(engine.ok());
        (*engine)->index();
        QVERIFY(!internals(**engine).store().chunksOfFile(QStringLiteral("notes/flaky.md")).isEmpty());
        vault.write(QStringLiteral("notes/flaky.md"), QByteArray("# Flaky\n\nThe zebrafinch \xff\xfe sings.\n"));
        const IndexReport report = (*engine)->indexPath(QStringLiteral("notes/flaky.md"));
        QCOMPARE(report.failed, 1);
        QVERIFY(internals(**engine).store().chunksOfFile(QStringLiteral("notes/flaky.md")).isEmpty());
        QVERIFY(problemFor(**engine, QStringLiteral("notes/flaky.md")));
        QCOMPARE(internals(**engine).vectors().size(), internals(**engine).store().chunkCount());
        RecallQuery query;
        query.text = QStringLiteral("zebrafinch");
        auto results = (*engine)->recall(query);
        QVERIFY(results.ok());
        for (const RecallResult &r : *results)
            QVERIFY(r.chunk.path != QLatin1String("notes/flaky.md"));
    }
};

QTEST_GUILESS_MAIN(TestBadInput)
#include "tst_badinput.moc"
