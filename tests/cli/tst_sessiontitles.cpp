// Transcripts copied into a vault read by their titles in what an agent gets back: recall --json
// results and pack --json items name the session's request, project and date, not its UUID.
#include "CliRunner.h"
#include "TestVault.h"

#include <QDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

using namespace engram;
using namespace engram::test;

namespace {

const QString kSample =
    QStringLiteral("samples/claude-code/projects/-path-to-Demo/fe5e1c67-53e7-4862-81ae-d0e013e3270b.jsonl");
const QString kInVault = QStringLiteral("sessions/2025-09-03/claude-code-fe5e1c67-53e7-4862-81ae-d0e013e3270b.jsonl");
const QString kTitle = QStringLiteral("create TODO app by Next.js — Demo, 2025-09-03");

} // namespace

class TestSessionTitles : public QObject {
    Q_OBJECT
    TestVault m_vault;

private slots:
    void initTestCase()
    {
        qputenv("TZ", "UTC"); // the title's date is the local date the session started
        ENGRAM_REQUIRE_SHARED(kSample);
        QFile sample(sharedPath(kSample));
        QVERIFY(sample.open(QIODevice::ReadOnly));
        m_vault.write(kInVault, sample.readAll());
        const CliRun index = cli(m_vault, {QStringLiteral("index"), QStringLiteral("--json")});
        QVERIFY2(index.exitCode == 0, index.describe().constData());
    }

    void recallJson_resultsFromATranscriptCarryItsTitle()
    {
        const CliRun run = cli(m_vault, {QStringLiteral("recall"), QStringLiteral("--json"), QStringLiteral("-k"),
                                         QStringLiteral("5"), QStringLiteral("TodoItem component checkbox")});
        QVERIFY2(run.exitCode == 0, run.describe().constData());
        const QJsonArray results = QJsonDocument::fromJson(run.out).object().value(QStringLiteral("results")).toArray();
        QVERIFY(!results.isEmpty());
        for (const QJsonValue &value : results) {
            QCOMPARE(value.toObject().value(QStringLiteral("path")).toString(), kInVault);
            QCOMPARE(value.toObject().value(QStringLiteral("title")).toString(), kTitle);
        }
    }

    void packJson_itemsFromATranscriptCarryItsTitle()
    {
        const CliRun run = cli(m_vault, {QStringLiteral("pack"), QStringLiteral("--json"), QStringLiteral("--budget"),
                                         QStringLiteral("600"), QStringLiteral("TodoItem component checkbox")});
        QVERIFY2(run.exitCode == 0, run.describe().constData());
        const QJsonArray items = QJsonDocument::fromJson(run.out).object().value(QStringLiteral("items")).toArray();
        QVERIFY(!items.isEmpty());
        for (const QJsonValue &value : items)
            QCOMPARE(value.toObject().value(QStringLiteral("title")).toString(), kTitle);
    }
};

QTEST_GUILESS_MAIN(TestSessionTitles)
#include "tst_sessiontitles.moc"
