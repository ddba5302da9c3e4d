// The MCP tools over a personal vault that links a team vault: recall labels each result with its
// vault, remember writes into the linked vault when asked.
#include "McpHarness.h"
#include "TestVault.h"
#include "agent/VaultSet.h"
#include "vault/Engine.h"

#include <QFileInfo>
#include <QJsonArray>
#include <QTest>

using engram::test::McpHarness;
using engram::test::TestVault;

namespace {

QJsonObject structured(const QJsonObject &answer)
{
    return answer.value(QStringLiteral("result")).toObject().value(QStringLiteral("structuredContent")).toObject();
}

/// A team vault with one indexed memory; the harness's vault links it.
struct LinkedHarness {
    TestVault team;
    std::unique_ptr<McpHarness> harness;

    LinkedHarness()
    {
        team.write(QStringLiteral("notes/database.md"),
                   QByteArray("# Database\n\nThe team database runs on PostgreSQL for replication.\n"));
        (void)engram::test::openIndexed(team);
        harness = std::make_unique<McpHarness>([this](TestVault &personal) {
            personal.write(QStringLiteral("notes/database.md"),
                           QByteArray("# Database\n\nWe picked SQLite for the notebook database because it embeds.\n"));
            QVERIFY(engram::VaultSet::addLink(personal.path(), {QStringLiteral("team"), team.path()}));
        });
        harness->initialize();
    }
};

} // namespace

class TestMcpLinkedVaults : public QObject {
    Q_OBJECT
private slots:
    void recall_labelsEachResultWithItsVault()
    {
        LinkedHarness h;
        const QJsonObject answer =
            h.harness->callTool(QStringLiteral("recall"), {{QStringLiteral("query"), QStringLiteral("database")}});
        const QJsonArray results = structured(answer).value(QStringLiteral("results")).toArray();
        QStringList vaults;
        for (const QJsonValue &r : results)
            vaults << r.toObject().value(QStringLiteral("vault")).toString();
        QVERIFY2(vaults.contains(QLatin1String("personal")) && vaults.contains(QLatin1String("team")),
                 qPrintable(vaults.join(u',')));
        const QString text = answer.value(QStringLiteral("result"))
                                 .toObject()
                                 .value(QStringLiteral("content"))
                                 .toArray()
                                 .first()
                                 .toObject()
                                 .value(QStringLiteral("text"))
                                 .toString();
        QVERIFY2(text.contains(QLatin1String("[team] notes/database.md:")), qPrintable(text));
    }

    void remember_withVault_writesIntoTheLinkedVault()
    {
        LinkedHarness h;
        const QJsonObject answer = h.harness->callTool(
            QStringLiteral("remember"),
            {{QStringLiteral("content"), QStringLiteral("Releases are cut on Thursdays by the on-call person.")},
             {QStringLiteral("vault"), QStringLiteral("team")}});
        const QJsonObject written = structured(answer);
        QCOMPARE(written.value(QStringLiteral("vault")).toString(), QStringLiteral("team"));
        const QString path = written.value(QStringLiteral("path")).toString();
        QVERIFY2(QFileInfo::exists(h.team.filePath(path)), qPrintable(path));
        QVERIFY(!QFileInfo::exists(h.harness->vault.filePath(path)));
        QVERIFY(written.value(QStringLiteral("chunks")).toInt() > 0);

        const QJsonArray results =
            structured(h.harness->callTool(QStringLiteral("recall"),
                                           {{QStringLiteral("query"), QStringLiteral("Thursdays releases")}}))
                .value(QStringLiteral("results"))
                .toArray();
        QVERIFY(!results.isEmpty());
        QCOMPARE(results.first().toObject().value(QStringLiteral("source")).toString().section(QLatin1Char(':'), 0, 0),
                 path);
        QCOMPARE(results.first().toObject().value(QStringLiteral("vault")).toString(), QStringLiteral("team"));

        const QJsonObject unknown =
            h.harness->callTool(QStringLiteral("remember"), {{QStringLiteral("content"), QStringLiteral("x")},
                                                             {QStringLiteral("vault"), QStringLiteral("ops")}});
        QVERIFY(unknown.value(QStringLiteral("result")).toObject().value(QStringLiteral("isError")).toBool());
    }
};

QTEST_GUILESS_MAIN(TestMcpLinkedVaults)
#include "tst_mcplinkedvaults.moc"
