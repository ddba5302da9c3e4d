#include "ChatLoopbackServer.h"
#include "EngineFixtures.h"
#include "TestVault.h"
#include "cognition/CognitiveState.h"
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
        QCOMPARE(HealthChecks::cognitiveState(vault.path(), limits, kNow).status, QStringLiteral("missing"));

        vault.write(QStringLiteral("state/cognitive.json"), QByteArray("{\n \"heuristics\": [1,\n"));
        const HealthCheck invalid = HealthChecks::cognitiveState(vault.path(), limits, kNow);
        QCOMPARE(invalid.status, QStringLiteral("error"));
        QVERIFY(invalid.reason.startsWith(QStringLiteral("state/cognitive.json:")));

        QVERIFY(vault.remove(QStringLiteral("state/cognitive.json")));
        QVERIFY(CognitiveStore(vault.path()).setFocus(QStringLiteral("x"), {}));
        QCOMPARE(HealthChecks::cognitiveState(vault.path(), limits, kNow).status, QStringLiteral("ok"));
        test::backdate(vault, QStringLiteral("state/cognitive.json"), 20 * 86400, kNow);
        QCOMPARE(HealthChecks::cognitiveState(vault.path(), limits, kNow).status, QStringLiteral("stale"));
        limits.stateStaleDays = 30; // configurable
        QCOMPARE(HealthChecks::cognitiveState(vault.path(), limits, kNow).status, QStringLiteral("ok"));
    }

    void memoryFolders_missingThenCounted()
    {
        TestVault vault;
        QCOMPARE(HealthChecks::memoryFolders(vault.path()).status, QStringLiteral("missing"));
        vault.write(QStringLiteral("memories/semantic/a.md"), QByteArray("# a\n"));
        const HealthCheck c = HealthChecks::memoryFolders(vault.path());
        QCOMPARE(c.status, QStringLiteral("ok"));
        QVERIFY(c.reason.contains(QStringLiteral("semantic (1)")));
    }

    void todaysSession_missingStaleOk()
    {
        TestVault vault;
        HealthThresholds limits;
        vault.write(QStringLiteral("sessions/2001-01-01/old.md"), QByteArray("User: hi\n"));
        QCOMPARE(HealthChecks::todaysSession(vault.path(), limits, kNow).status, QStringLiteral("missing"));
        const QString file = QStringLiteral("sessions/%1/chat.md").arg(today());
        vault.write(file, QByteArray("User: hi\n"));
        QCOMPARE(HealthChecks::todaysSession(vault.path(), limits, kNow).status, QStringLiteral("ok"));
        limits.sessionStaleHours = 1;
        test::backdate(vault, file, 2 * 3600, kNow);
        const HealthCheck stale = HealthChecks::todaysSession(vault.path(), limits, kNow);
        QCOMPARE(stale.status, QStringLiteral("stale"));
        QVERIFY(stale.reason.contains(QStringLiteral("2 h ago")));
    }

    void toolUsage_missingInvalidStaleOk()
    {
        TestVault vault;
        HealthThresholds limits;
        QCOMPARE(HealthChecks::toolUsage(vault.path(), limits, kNow).status, QStringLiteral("missing"));
        vault.write(QStringLiteral("state/tool-usage.jsonl"), QByteArray("garbage\n"));
        QCOMPARE(HealthChecks::toolUsage(vault.path(), limits, kNow).status, QStringLiteral("error"));
        vault.write(QStringLiteral("state/tool-usage.jsonl"), toolLine(kNow.addDays(-10)));
        QCOMPARE(HealthChecks::toolUsage(vault.path(), limits, kNow).status, QStringLiteral("stale"));
        vault.write(QStringLiteral("state/tool-usage.jsonl"), toolLine(kNow.addSecs(-60)));
        QCOMPARE(HealthChecks::toolUsage(vault.path(), limits, kNow).status, QStringLiteral("ok"));
    }

    void reflections_offMissingInvalidStaleOk()
    {
        TestVault vault;
        Config config;
        const HealthCheck off = HealthChecks::reflections(vault.path(), config, kNow);
        QCOMPARE(off.status, QStringLiteral("ok"));
        QVERIFY(off.reason.contains(QStringLiteral("no llm endpoint")));

        config.llmEndpoint.kind = QStringLiteral("ollama");
        config.llmEndpoint.url = QStringLiteral("http://127.0.0.1:1");
        QCOMPARE(HealthChecks::reflections(vault.path(), config, kNow).status, QStringLiteral("missing"));
        vault.write(QStringLiteral("state/reflections.jsonl"), QByteArray("nope\n"));
        QCOMPARE(HealthChecks::reflections(vault.path(), config, kNow).status, QStringLiteral("error"));
        const QJsonObject record{{QStringLiteral("id"), QStringLiteral("r-1")},
                                 {QStringLiteral("time"), kNow.addDays(-30).toUTC().toString(Qt::ISODate)},
                                 {QStringLiteral("status"), QStringLiteral("proposed")}};
        const QByteArray old = QJsonDocument(record).toJson(QJsonDocument::Compact) + '\n';
        vault.write(QStringLiteral("state/reflections.jsonl"), old);
        QCOMPARE(HealthChecks::reflections(vault.path(), config, kNow).status, QStringLiteral("stale"));
        config.health.reflectionStaleDays = 60;
        const HealthCheck ok = HealthChecks::reflections(vault.path(), config, kNow);
        QCOMPARE(ok.status, QStringLiteral("ok"));
        QVERIFY(ok.reason.contains(QStringLiteral("1 awaiting a decision")));
    }

    void endpoint_notConfiguredUnreachableReachable()
    {
        QCOMPARE(HealthChecks::endpoint(QStringLiteral("llm endpoint"), Endpoint{}).status, QStringLiteral("ok"));

        ChatLoopbackServer server;
        QVERIFY(server.start());
        server.setReply("/api/tags", {200, R"({"models":[]})", 0, false, false});
        Endpoint e;
        e.kind = QStringLiteral("ollama");
        e.url = server.url();
        e.model = QStringLiteral("llama3.2");
        QCOMPARE(HealthChecks::endpoint(QStringLiteral("llm endpoint"), e).status, QStringLiteral("ok"));
        QCOMPARE(server.requests().first().method, QByteArray("GET"));

        server.setReply("/api/tags", {503, R"({"error":"loading"})", 0, false, false});
        QCOMPARE(HealthChecks::endpoint(QStringLiteral("llm endpoint"), e).status, QStringLiteral("error"));

        const QString url = server.url();
        server.quit();
        server.wait();
        e.url = url; // nobody listens there any more
        const HealthCheck refused = HealthChecks::endpoint(QStringLiteral("llm endpoint"), e);
        QCOMPARE(refused.status, QStringLiteral("error"));
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
};

QTEST_GUILESS_MAIN(TestHealthChecks)
#include "tst_healthchecks.moc"
