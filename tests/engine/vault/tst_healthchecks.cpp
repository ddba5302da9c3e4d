#include "ChatLoopbackServer.h"
#include "EngineFixtures.h"
#include "TestVault.h"
#include "cognition/CognitiveState.h"
#include "vault/Engine.h"
#include "vault/HealthChecks.h"

#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

using namespace engram;
using test::ChatLoopbackServer;
using test::TestVault;

namespace {

const QDateTime kNow = QDateTime::currentDateTime();

QString today()
{
    return kNow.toLocalTime().date().toString(Qt::ISODate);
}

QByteArray toolLine(const QDateTime &time)
{
    const QJsonObject o{{QStringLiteral("tool"), QStringLiteral("Bash")},
                        {QStringLiteral("ok"), true},
                        {QStringLiteral("session"), QStringLiteral("s")},
                        {QStringLiteral("time"), time.toUTC().toString(Qt::ISODate)}};
    return test::jsonLine(o);
}

} // namespace

class TestHealthChecks : public QObject {
    Q_OBJECT
private slots:
    void cognitiveState_missingInvalidStaleOk()
    {
        TestVault vault;
        HealthThresholds limits;
        QCOMPARE(HealthChecks::cognitiveState(vault.path(), limits, kNow).status, HealthStatus::NotYet);

        vault.write(QStringLiteral("state/cognitive.json"), QByteArray("{\n \"heuristics\": [1,\n"));
        const HealthCheck invalid = HealthChecks::cognitiveState(vault.path(), limits, kNow);
        QCOMPARE(invalid.status, HealthStatus::Error);
        QVERIFY(invalid.reason.startsWith(QStringLiteral("state/cognitive.json:")));

        QVERIFY(vault.remove(QStringLiteral("state/cognitive.json")));
        QVERIFY(CognitiveStore(vault.path()).setFocus(QStringLiteral("x"), {}));
        QCOMPARE(HealthChecks::cognitiveState(vault.path(), limits, kNow).status, HealthStatus::Ok);
        test::backdate(vault, QStringLiteral("state/cognitive.json"), 20 * 86400, kNow);
        QCOMPARE(HealthChecks::cognitiveState(vault.path(), limits, kNow).status, HealthStatus::Stale);
        limits.stateStaleDays = 30; // configurable
        QCOMPARE(HealthChecks::cognitiveState(vault.path(), limits, kNow).status, HealthStatus::Ok);
    }

    void memoryFolders_missingThenCounted()
    {
        TestVault vault;
        QCOMPARE(HealthChecks::memoryFolders(vault.path()).status, HealthStatus::NotYet);
        vault.write(QStringLiteral("memories/semantic/a.md"), QByteArray("# a\n"));
        const HealthCheck c = HealthChecks::memoryFolders(vault.path());
        QCOMPARE(c.status, HealthStatus::Ok);
        QVERIFY(c.reason.contains(QStringLiteral("semantic (1)")));
    }

    void todaysSession_missingStaleOk()
    {
        TestVault vault;
        HealthThresholds limits;
        // No session ever: not started yet, not a failure; the fix is a button that connects the agent.
        const HealthCheck never = HealthChecks::todaysSession(vault.path(), limits, kNow);
        QCOMPARE(never.status, HealthStatus::NotYet);
        QCOMPARE(never.fix, HealthFix::ConnectAgent);
        vault.write(QStringLiteral("sessions/2001-01-01/old.md"), QByteArray("User: hi\n"));
        QCOMPARE(HealthChecks::todaysSession(vault.path(), limits, kNow).status, HealthStatus::Missing);
        const QString file = QStringLiteral("sessions/%1/chat.md").arg(today());
        vault.write(file, QByteArray("User: hi\n"));
        QCOMPARE(HealthChecks::todaysSession(vault.path(), limits, kNow).status, HealthStatus::Ok);
        limits.sessionStaleHours = 1;
        test::backdate(vault, file, 2 * 3600, kNow);
        const HealthCheck stale = HealthChecks::todaysSession(vault.path(), limits, kNow);
        QCOMPARE(stale.status, HealthStatus::Stale);
        QVERIFY(stale.reason.contains(QStringLiteral("2 h ago")));
    }

    void toolUsage_missingInvalidStaleOk()
    {
        TestVault vault;
        HealthThresholds limits;
        QCOMPARE(HealthChecks::toolUsage(vault.path(), limits, kNow).status, HealthStatus::NotYet);
        vault.write(QStringLiteral("state/tool-usage.jsonl"), QByteArray("garbage\n"));
        QCOMPARE(HealthChecks::toolUsage(vault.path(), limits, kNow).status, HealthStatus::Error);
        vault.write(QStringLiteral("state/tool-usage.jsonl"), toolLine(kNow.addDays(-10)));
        QCOMPARE(HealthChecks::toolUsage(vault.path(), limits, kNow).status, HealthStatus::Stale);
        vault.write(QStringLiteral("state/tool-usage.jsonl"), toolLine(kNow.addSecs(-60)));
        QCOMPARE(HealthChecks::toolUsage(vault.path(), limits, kNow).status, HealthStatus::Ok);
    }

    void reflections_offMissingInvalidStaleOk()
    {
        TestVault vault;
        Config config;
        const HealthCheck off = HealthChecks::reflections(vault.path(), config, kNow);
        QCOMPARE(off.status, HealthStatus::Ok);
        QVERIFY(off.reason.contains(QStringLiteral("no llm endpoint")));

        config.llmEndpoint.kind = QStringLiteral("ollama");
        config.llmEndpoint.url = QStringLiteral("http://127.0.0.1:1");
        QCOMPARE(HealthChecks::reflections(vault.path(), config, kNow).status, HealthStatus::NotYet);
        vault.write(QStringLiteral("state/reflections.jsonl"), QByteArray("nope\n"));
        QCOMPARE(HealthChecks::reflections(vault.path(), config, kNow).status, HealthStatus::Error);
        const QJsonObject record{{QStringLiteral("id"), QStringLiteral("r-1")},
                                 {QStringLiteral("time"), kNow.addDays(-30).toUTC().toString(Qt::ISODate)},
                                 {QStringLiteral("status"), QStringLiteral("proposed")}};
        const QByteArray old = QJsonDocument(record).toJson(QJsonDocument::Compact) + '\n';
        vault.write(QStringLiteral("state/reflections.jsonl"), old);
        QCOMPARE(HealthChecks::reflections(vault.path(), config, kNow).status, HealthStatus::Stale);
        config.health.reflectionStaleDays = 60;
        const HealthCheck ok = HealthChecks::reflections(vault.path(), config, kNow);
        QCOMPARE(ok.status, HealthStatus::Ok);
        QVERIFY(ok.reason.contains(QStringLiteral("1 awaiting a decision")));
    }

    void endpoint_notConfiguredUnreachableReachable()
    {
        QCOMPARE(HealthChecks::endpoint(QStringLiteral("llm endpoint"), Endpoint{}).status, HealthStatus::Ok);

        ChatLoopbackServer server;
        QVERIFY(server.start());
        server.setReply("/api/tags", {200, R"({"models":[]})", 0, false, false});
        Endpoint e;
        e.kind = QStringLiteral("ollama");
        e.url = server.url();
        e.model = QStringLiteral("llama3.2");
        QCOMPARE(HealthChecks::endpoint(QStringLiteral("llm endpoint"), e).status, HealthStatus::Ok);
        QCOMPARE(server.requests().first().method, QByteArray("GET"));

        server.setReply("/api/tags", {503, R"({"error":"loading"})", 0, false, false});
        QCOMPARE(HealthChecks::endpoint(QStringLiteral("llm endpoint"), e).status, HealthStatus::Error);

        const QString url = server.url();
        server.quit();
        server.wait();
        e.url = url; // nobody listens there any more
        const HealthCheck refused = HealthChecks::endpoint(QStringLiteral("llm endpoint"), e);
        QCOMPARE(refused.status, HealthStatus::Error);
        QVERIFY(refused.reason.contains(QStringLiteral("cannot reach")));
    }

    void engineHealth_includesCognitiveChecks()
    {
        TestVault vault;
        vault.write(
            QStringLiteral("engram.json"),
            QJsonDocument(QJsonObject{{QStringLiteral("health"), QJsonObject{{QStringLiteral("stateStaleDays"), 1}}}})
                .toJson());
        auto engine = Engine::open(vault.path());
        QVERIFY(engine.ok());
        QCOMPARE((*engine)->config().health.stateStaleDays, 1);
        QStringList names;
        for (const HealthCheck &c : (*engine)->health())
            names << c.name;
        for (const QString &name :
             {QStringLiteral("cognitive state"), QStringLiteral("memory folders"), QStringLiteral("today's session"),
              QStringLiteral("tool usage"), QStringLiteral("reflections"), QStringLiteral("llm endpoint")})
            QVERIFY2(names.contains(name), qPrintable(name));
    }

    void healthStatusName_isTheWordOfTheCli()
    {
        QCOMPARE(healthStatusName(HealthStatus::Ok), QStringLiteral("ok"));
        QCOMPARE(healthStatusName(HealthStatus::NotYet), QStringLiteral("not-yet"));
        QCOMPARE(healthStatusName(HealthStatus::Stale), QStringLiteral("stale"));
        QCOMPARE(healthStatusName(HealthStatus::Missing), QStringLiteral("missing"));
        QCOMPARE(healthStatusName(HealthStatus::Error), QStringLiteral("error"));
    }

    void engineHealth_saysWhichFixAsAKindAndAsText()
    {
        TestVault vault;
        vault.write(QStringLiteral("notes/a.md"), QStringLiteral("# A\n\nApples.\n"));
        auto engine = Engine::open(vault.path());
        QVERIFY(engine);
        QVERIFY(!(*engine)->index().error);
        vault.write(QStringLiteral("notes/b.md"), QStringLiteral("# B\n\nBananas.\n"));
        const QList<HealthCheck> checks = (*engine)->health();
        auto find = [&checks](const QString &name) {
            for (const HealthCheck &c : checks)
                if (c.name == name)
                    return c;
            return HealthCheck{};
        };
        const HealthCheck stale = find(QStringLiteral("index matches files"));
        QCOMPARE(stale.status, HealthStatus::Stale);
        QCOMPARE(stale.reason, QStringLiteral("1 new, 0 changed, 0 deleted since the last index"));
        QCOMPARE(stale.fix, HealthFix::Reindex);
        QCOMPARE(stale.fixText, QStringLiteral("engram-cli index"));
        const HealthCheck integrity = find(QStringLiteral("index integrity"));
        QCOMPARE(integrity.status, HealthStatus::Ok);
        QCOMPARE(integrity.fix, HealthFix::Rebuild);
        QCOMPARE(integrity.fixText, QStringLiteral("engram-cli rebuild"));
        QCOMPARE(find(QStringLiteral("vectors = chunks")).fix, HealthFix::Rebuild);
        QCOMPARE(find(QStringLiteral("journal")).fix, HealthFix::Rebuild);
        QCOMPARE(find(QStringLiteral("indexing problems")).fix, HealthFix::Reindex);
        // A fix a person makes: its kind says so, whatever words its text uses.
        QCOMPARE(find(QStringLiteral("last re-index")).status, HealthStatus::Ok);
        const HealthCheck state = find(QStringLiteral("cognitive state"));
        QCOMPARE(state.status, HealthStatus::NotYet);
        QCOMPARE(state.fix, HealthFix::EditState); // the workbench's button opens the State view
        QVERIFY(state.fixText.startsWith(QLatin1String("engram-cli state focus")));
        QCOMPARE(find(QStringLiteral("memory folders")).fix, HealthFix::Manual);
    }
};

QTEST_GUILESS_MAIN(TestHealthChecks)
#include "tst_healthchecks.moc"
