#include "ChatLoopbackServer.h"
#include "EngineFixtures.h"
#include "SecretCorpus.h"
#include "TestVault.h"
#include "agent/MemoryReview.h"
#include "hygiene/FindingJudge.h"
#include "vault/EngineInternals.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QTest>

using namespace engram;
using test::ChatLoopbackServer;
using test::TestVault;

Q_DECLARE_METATYPE(engram::test::ChatLoopbackServer::Reply)

namespace {

const QDateTime kNow(QDate(2026, 6, 1), QTime(12, 0), Qt::UTC);
const QByteArray kChatPath("/v1/chat/completions");

const QString kRetries = QStringLiteral("memories/semantic/webhook-retries.md");
const QString kDropped = QStringLiteral("memories/semantic/webhook-dropped.md");
const QString kFridays = QStringLiteral("memories/semantic/deploy-day.md");
const QString kTuesdays = QStringLiteral("memories/semantic/deploy-day-2.md");

/// A memory file as `remember` writes one, dated `created`.
void memory(TestVault &vault, const QString &path, const QString &created, const QString &text)
{
    vault.write(path, QStringLiteral("---\ntitle: %1\nstore: semantic\ncreated: %2\n---\n%3\n")
                          .arg(QFileInfo(path).completeBaseName(), created, text));
}

/// The webhook retries were dropped: the offline detector sees the same subject told differently (related),
/// no contradiction (no value it knows was replaced, no "not"), with the English word list and without it.
void writeWebhookPair(
    TestVault &vault,
    const QString &newer = QStringLiteral(
        "Failed webhook calls of the billing service are dropped without retries since the queue migration."))
{
    memory(vault, kRetries, QStringLiteral("2026-01-12"),
           QStringLiteral("The billing service retries failed webhook calls with exponential backoff."));
    memory(vault, kDropped, QStringLiteral("2026-03-20"), newer);
}

/// The deploy day moved: the offline detector calls it a contradiction ("friday → tuesday").
void writeDeployPair(TestVault &vault)
{
    memory(vault, kFridays, QStringLiteral("2026-01-15"),
           QStringLiteral("We deploy the billing service to production on Fridays."));
    memory(vault, kTuesdays, QStringLiteral("2026-04-20"),
           QStringLiteral("We moved billing service production deploys to Tuesdays."));
}

/// engram.json: the loopback server's chat model is the vault's llm endpoint.
void useJudge(TestVault &vault, const ChatLoopbackServer &server, int timeoutMs = 10000, const QJsonObject &review = {})
{
    QJsonObject root{{QStringLiteral("llm"), QJsonObject{{QStringLiteral("kind"), QStringLiteral("openai")},
                                                         {QStringLiteral("url"), server.url()},
                                                         {QStringLiteral("model"), QStringLiteral("judge-model")},
                                                         {QStringLiteral("timeoutMs"), timeoutMs}}}};
    if (!review.isEmpty())
        root.insert(QStringLiteral("review"), review);
    vault.write(QStringLiteral("engram.json"), QJsonDocument(root).toJson());
}

/// What an OpenAI-compatible server sends back when its model says `content`.
ChatLoopbackServer::Reply answer(const QString &content)
{
    const QJsonObject message{{QStringLiteral("role"), QStringLiteral("assistant")},
                              {QStringLiteral("content"), content}};
    return {200, QJsonDocument(
                     QJsonObject{{QStringLiteral("object"), QStringLiteral("chat.completion")},
                                 {QStringLiteral("choices"),
                                  QJsonArray{QJsonObject{{QStringLiteral("index"), 0},
                                                         {QStringLiteral("message"), message},
                                                         {QStringLiteral("finish_reason"), QStringLiteral("stop")}}}}})
                     .toJson(QJsonDocument::Compact)};
}

std::unique_ptr<Engine> opened(TestVault &vault)
{
    auto engine = test::openEngine(vault);
    engine->setClock([] { return kNow; });
    const IndexReport report = engine->index();
    if (report.error)
        qFatal("index failed: %s", qPrintable(report.error->toString()));
    return engine;
}

/// The open findings as "kind older → newer: reason" lines.
QStringList open(Engine &engine)
{
    auto findings = MemoryReview(engine).findings({}, kNow);
    if (!findings)
        qFatal("findings failed: %s", qPrintable(findings.error().toString()));
    QStringList out;
    for (const ReviewFinding &f : *findings)
        out << QStringLiteral("%1 %2 → %3: %4")
                   .arg(findingKindName(f.kind), f.older.chunk.path, f.newer.chunk.path, f.reason);
    out.sort();
    return out;
}

/// Who recall says contradicts `path`, asked with `query`.
QStringList contradictedBy(Engine &engine, const QString &query, const QString &path)
{
    RecallQuery q;
    q.text = query;
    q.reinforce = false;
    q.now = kNow;
    auto results = engine.recall(q);
    if (!results)
        qFatal("recall failed: %s", qPrintable(results.error().toString()));
    for (const RecallResult &r : *results)
        if (r.chunk.path == path)
            return r.contradictedBy;
    qFatal("recall of \"%s\" did not return %s", qPrintable(query), qPrintable(path));
    return {};
}

/// The user message of a recorded chat request.
QString question(const ChatLoopbackServer::Request &request)
{
    const QJsonArray messages =
        QJsonDocument::fromJson(request.body).object().value(QStringLiteral("messages")).toArray();
    return messages.last().toObject().value(QStringLiteral("content")).toString();
}

} // namespace

class TestFindingJudge : public QObject {
    Q_OBJECT
private slots:
    void contradiction_turnsARelatedPairIntoAFinding_withTheModelsReason_andReachesRecall()
    {
        TestVault vault;
        writeWebhookPair(vault);
        {
            // Without a model the detector stores the pair as related and shows nothing.
            auto offline = opened(vault);
            QVERIFY(offline->updateFindings(nullptr, Engine::Judging::Full).ok());
            QCOMPARE(open(*offline), QStringList());
            QCOMPARE(internals(*offline).findings().rows(FindingIndex::Stored::Related)->size(), 1);
        }
        ChatLoopbackServer server;
        QVERIFY(server.start());
        server.setReply(
            kChatPath,
            answer(QStringLiteral(
                R"({"verdict": "contradiction", "reason": "retries were dropped in the queue migration"})")));
        useJudge(vault, server);
        auto engine = opened(vault);
        auto scan = engine->updateFindings(nullptr, Engine::Judging::Full);
        QVERIFY(scan.ok());
        QCOMPARE(scan->judgeError, QString());
        QCOMPARE(scan->judged, 1);
        QCOMPARE(scan->awaitingJudge, 0);
        QCOMPARE(server.requests().size(), 1);
        QCOMPARE(open(*engine),
                 QStringList{QStringLiteral(
                     "contradiction memories/semantic/webhook-retries.md → memories/semantic/webhook-dropped.md: "
                     "judged by judge-model: retries were dropped in the queue migration")});
        QCOMPARE(contradictedBy(*engine, QStringLiteral("what happens to failed webhook calls of the billing service"),
                                kRetries),
                 QStringList{kDropped});
    }

    void distinct_removesTheDetectorsFinding_andRecallsNoContradiction()
    {
        TestVault vault;
        writeDeployPair(vault);
        const QString query = QStringLiteral("which day do billing production deploys happen");
        {
            auto offline = opened(vault);
            QVERIFY(offline->updateFindings(nullptr, Engine::Judging::Full).ok());
            QCOMPARE(open(*offline),
                     QStringList{QStringLiteral("contradiction memories/semantic/deploy-day.md → "
                                                "memories/semantic/deploy-day-2.md: friday → tuesday")});
            QCOMPARE(contradictedBy(*offline, query, kFridays), QStringList{kTuesdays});
        }
        ChatLoopbackServer server;
        QVERIFY(server.start());
        server.setReply(
            kChatPath, answer(QStringLiteral(R"({"verdict": "distinct", "reason": "two services, two deploy days"})")));
        useJudge(vault, server);
        auto engine = opened(vault);
        auto scan = engine->updateFindings(nullptr, Engine::Judging::Full);
        QVERIFY(scan.ok());
        QCOMPARE(scan->judged, 1);
        QCOMPARE(open(*engine), QStringList());
        QCOMPARE(contradictedBy(*engine, query, kFridays), QStringList());
    }

    void distinct_onARelatedPair_leavesItTheMaterialOfAStaleFact()
    {
        // An old fact and a newer session that tells its subject differently: "distinct" says neither repeat
        // nor conflict, nothing about age, so the stale finding stays.
        TestVault vault;
        memory(vault, QStringLiteral("memories/semantic/oncall-tool.md"), QStringLiteral("2025-09-01"),
               QStringLiteral("The on-call rotation for the billing service is scheduled in the shared calendar."));
        vault.write(QStringLiteral("sessions/2026-02-10/standup.md"),
                    test::markdownTranscript(QStringLiteral("2026-02-10"),
                                             {QStringLiteral("For the billing service on-call rotation we schedule "
                                                             "shifts in the incident tool."),
                                              QStringLiteral("Good, the rotation reminders work there.")}));
        ChatLoopbackServer server;
        QVERIFY(server.start());
        server.setReply(kChatPath, answer(QStringLiteral(R"({"verdict": "distinct", "reason": "two tools"})")));
        useJudge(vault, server);
        auto engine = opened(vault);
        auto scan = engine->updateFindings(nullptr, Engine::Judging::Full);
        QVERIFY(scan.ok());
        QVERIFY(scan->judged >= 1);
        QCOMPARE(server.requests().size(), int(scan->judged));
        auto stale = MemoryReview(*engine).findings(FindingKind::Stale, kNow);
        QVERIFY(stale.ok());
        QCOMPARE(stale->size(), 1);
        QCOMPARE(stale->first().older.chunk.path, QStringLiteral("memories/semantic/oncall-tool.md"));
        QCOMPARE(stale->first().newer.chunk.path, QStringLiteral("sessions/2026-02-10/standup.md"));
    }

    void duplicate_fromAFencedAnswer_makesTheRelatedPairADuplicate()
    {
        TestVault vault;
        writeWebhookPair(vault);
        ChatLoopbackServer server;
        QVERIFY(server.start());
        server.setReply(kChatPath, answer(QStringLiteral("```json\n{\"verdict\": \"duplicate\", \"reason\": \"both "
                                                         "are about webhook retries\"}\n```")));
        useJudge(vault, server);
        auto engine = opened(vault);
        auto scan = engine->updateFindings(nullptr, Engine::Judging::Full);
        QVERIFY(scan.ok());
        QCOMPARE(scan->judgeError, QString());
        QCOMPARE(open(*engine),
                 QStringList{QStringLiteral(
                     "duplicate memories/semantic/webhook-retries.md → memories/semantic/webhook-dropped.md: "
                     "judged by judge-model: both are about webhook retries")});
    }

    void aPairIsAskedOnce_alsoByTheNextProcess()
    {
        TestVault vault;
        writeDeployPair(vault);
        ChatLoopbackServer server;
        QVERIFY(server.start());
        server.setReply(kChatPath,
                        answer(QStringLiteral(R"({"verdict": "contradiction", "reason": "the deploy day moved"})")));
        useJudge(vault, server);
        {
            auto engine = opened(vault);
            QCOMPARE(engine->updateFindings(nullptr, Engine::Judging::Full)->judged, 1);
            auto again = engine->updateFindings(nullptr, Engine::Judging::Full);
            QVERIFY(again.ok());
            QCOMPARE(again->judged, 0);
            QCOMPARE(server.requests().size(), 1);
        }
        auto next = opened(vault); // another process: the verdict is in the index
        auto scan = next->updateFindings(nullptr, Engine::Judging::Full);
        QVERIFY(scan.ok());
        QCOMPARE(scan->judged, 0);
        QCOMPARE(server.requests().size(), 1);
        QCOMPARE(open(*next), QStringList{QStringLiteral("contradiction memories/semantic/deploy-day.md → "
                                                         "memories/semantic/deploy-day-2.md: judged by judge-model: "
                                                         "the deploy day moved")});
    }

    void aChangedText_isAskedAgain()
    {
        TestVault vault;
        writeWebhookPair(vault);
        ChatLoopbackServer server;
        QVERIFY(server.start());
        server.setReply(kChatPath,
                        answer(QStringLiteral(R"({"verdict": "contradiction", "reason": "no retries now"})")));
        useJudge(vault, server);
        auto engine = opened(vault);
        QCOMPARE(engine->updateFindings(nullptr, Engine::Judging::Full)->judged, 1);
        writeWebhookPair(
            vault,
            QStringLiteral(
                "Failed webhook calls of the billing service are dropped after a single retry since the queue migration."));
        QVERIFY(!engine->indexPath(kDropped).error);
        server.setReply(kChatPath,
                        answer(QStringLiteral(R"({"verdict": "contradiction", "reason": "one retry now"})")));
        auto scan = engine->updateFindings(nullptr, Engine::Judging::Full);
        QVERIFY(scan.ok());
        QCOMPARE(scan->judged, 1);
        const auto requests = server.requests();
        QCOMPARE(requests.size(), 2);
        QVERIFY(
            question(requests[1])
                .contains(QLatin1String(
                    "Failed webhook calls of the billing service are dropped after a single retry since the queue migration.")));
        QCOMPARE(open(*engine),
                 QStringList{QStringLiteral(
                     "contradiction memories/semantic/webhook-retries.md → memories/semantic/webhook-dropped.md: "
                     "judged by judge-model: one retry now")});
    }

    void failure_leavesTheDetectorsVerdict_saysWhy_andAsksAgain_data()
    {
        QTest::addColumn<ChatLoopbackServer::Reply>("reply");
        QTest::addColumn<QString>("expected");
        QTest::newRow("prose") << answer(QStringLiteral("They look like two different days to me."))
                               << QStringLiteral("did not answer with the JSON object asked for; it answered \"They "
                                                 "look like two different days to me.\"");
        QTest::newRow("another verdict")
            << answer(QStringLiteral(R"({"verdict": "unrelated", "reason": "n/a"})"))
            << QStringLiteral("none of duplicate, contradiction, distinct; it answered \"{\"verdict\": \"unrelated\"");
        QTest::newRow("no verdict") << answer(QStringLiteral(R"({"reason": "the day moved"})"))
                                    << QStringLiteral("none of duplicate, contradiction, distinct");
        QTest::newRow("no choices") << ChatLoopbackServer::Reply{200, R"({"object":"chat.completion","choices":[]})"}
                                    << QStringLiteral("no choices[0].message.content");
        QTest::newRow("server error") << ChatLoopbackServer::Reply{500, R"({"error":{"message":"model not loaded"}})"}
                                      << QStringLiteral("HTTP 500: model not loaded");
        QTest::newRow("timeout") << ChatLoopbackServer::Reply{200, answer(QStringLiteral("{}")).body, 3000}
                                 << QStringLiteral("did not answer within 300 ms");
        QTest::newRow("hang up") << ChatLoopbackServer::Reply{200, {}, 0, true}
                                 << QStringLiteral("closed the connection");
    }
    void failure_leavesTheDetectorsVerdict_saysWhy_andAsksAgain()
    {
        QFETCH(ChatLoopbackServer::Reply, reply);
        QFETCH(QString, expected);
        TestVault vault;
        writeDeployPair(vault);
        ChatLoopbackServer server;
        QVERIFY(server.start());
        server.setReply(kChatPath, reply);
        useJudge(vault, server, 300);
        auto engine = opened(vault);
        auto scan = engine->updateFindings(nullptr, Engine::Judging::Full);
        QVERIFY2(scan.ok(), "a judge that fails does not fail the update");
        QCOMPARE(scan->judged, 0);
        QCOMPARE(scan->awaitingJudge, 1);
        QVERIFY2(scan->judgeError.contains(expected), qPrintable(scan->judgeError));
        QVERIFY2(scan->judgeError.startsWith(
                     QLatin1String("the llm judge could not judge 1 pair(s); they keep the detector's verdict")),
                 qPrintable(scan->judgeError));
        QVERIFY2(scan->judgeError.contains(server.url()), qPrintable(scan->judgeError));
        QCOMPARE(open(*engine), QStringList{QStringLiteral("contradiction memories/semantic/deploy-day.md → "
                                                           "memories/semantic/deploy-day-2.md: friday → tuesday")});
        QVERIFY(engine->updateFindings(nullptr, Engine::Judging::Full).ok());
        QCOMPARE(server.requests().size(), 2); // nothing was remembered: the next update asks again
    }

    void aServerThatFails_isAskedThreeTimesInARow_thenLeftForTheNextUpdate()
    {
        TestVault vault;
        writeDeployPair(vault);
        writeWebhookPair(vault);
        memory(vault, QStringLiteral("memories/semantic/maria.md"), QStringLiteral("2026-01-20"),
               QStringLiteral("Maria Lopez lives in Porto with her two cats."));
        memory(vault, QStringLiteral("memories/semantic/maria-2.md"), QStringLiteral("2026-04-02"),
               QStringLiteral("Maria Lopez moved to Lisbon last spring and lives there with her two cats."));
        memory(vault, QStringLiteral("memories/semantic/staging.md"), QStringLiteral("2026-01-22"),
               QStringLiteral("The staging database is refreshed from production every night."));
        memory(vault, QStringLiteral("memories/semantic/staging-2.md"), QStringLiteral("2026-04-05"),
               QStringLiteral("Refreshing the staging database from production every night was stopped because of "
                              "privacy rules."));
        ChatLoopbackServer server;
        QVERIFY(server.start());
        server.setReply(kChatPath, {500, R"({"error":{"message":"model not loaded"}})"});
        useJudge(vault, server);
        auto engine = opened(vault);
        auto scan = engine->updateFindings(nullptr, Engine::Judging::Full);
        QVERIFY(scan.ok());
        QVERIFY2(scan->awaitingJudge >= 4, qPrintable(QString::number(scan->awaitingJudge)));
        QCOMPARE(server.requests().size(), 3);
        QVERIFY2(scan->judgeError.startsWith(
                     QLatin1String("the llm judge could not judge 3 pair(s) and stopped after 3 failures in a row; ")),
                 qPrintable(scan->judgeError));
        QVERIFY(engine->updateFindings(nullptr, Engine::Judging::Full).ok());
        QCOMPARE(server.requests().size(), 6); // the next update tries again, three at most
    }

    void request_holdsBothTextsDatesAndSources_atTemperatureZero()
    {
        TestVault vault;
        writeDeployPair(vault);
        ChatLoopbackServer server;
        QVERIFY(server.start());
        server.setReply(kChatPath, answer(QStringLiteral(R"({"verdict": "contradiction", "reason": "moved"})")));
        useJudge(vault, server);
        auto engine = opened(vault);
        QVERIFY(engine->updateFindings(nullptr, Engine::Judging::Full).ok());
        const auto requests = server.requests();
        QCOMPARE(requests.size(), 1);
        QCOMPARE(requests[0].method, QByteArray("POST"));
        QCOMPARE(requests[0].path, kChatPath);
        const QJsonObject body = QJsonDocument::fromJson(requests[0].body).object();
        QCOMPARE(body.value(QStringLiteral("model")).toString(), QStringLiteral("judge-model"));
        QCOMPARE(body.value(QStringLiteral("temperature")).toDouble(-1), 0.0);
        QCOMPARE(body.value(QStringLiteral("stream")).toBool(true), false);
        const QJsonArray messages = body.value(QStringLiteral("messages")).toArray();
        QCOMPARE(messages.size(), 2);
        const QString system = messages[0].toObject().value(QStringLiteral("content")).toString();
        for (const char *asked : {"\"verdict\"", "\"reason\"", "duplicate", "contradiction", "distinct"})
            QVERIFY2(system.contains(QLatin1String(asked)), asked);
        // The older first, each with its date and where it is (front matter on lines 1–5, the text on line 6).
        QCOMPARE(question(requests[0]),
                 QStringLiteral("Older memory (2026-01-15, memories/semantic/deploy-day.md:6-6):\n"
                                "We deploy the billing service to production on Fridays.\n\n"
                                "Newer memory (2026-04-20, memories/semantic/deploy-day-2.md:6-6):\n"
                                "We moved billing service production deploys to Tuesdays."));
    }

    void aSecretInAMemory_neverReachesTheEndpoint()
    {
        QList<test::SecretSample> secrets;
        for (const test::SecretSample &s : test::secretCorpus(test::corpusSeedFromEnvironment()))
            if (!s.multiLine() && secrets.size() < 6)
                secrets << s;
        QCOMPARE(secrets.size(), 6);
        TestVault vault;
        // Both texts carry the same keys, pasted on lines of their own (the pair stays one the detector stores).
        QStringList pasted;
        for (const test::SecretSample &s : std::as_const(secrets))
            pasted << QString::fromUtf8(s.text);
        memory(vault, kRetries, QStringLiteral("2026-01-12"),
               QStringLiteral("The billing service retries failed webhook calls with exponential backoff.\n%1")
                   .arg(pasted.join(u'\n')));
        memory(vault, kDropped, QStringLiteral("2026-03-20"),
               QStringLiteral("Failed webhook calls of the billing service are dropped without retries since the "
                              "queue migration.\n%1")
                   .arg(pasted.join(u'\n')));
        ChatLoopbackServer server;
        QVERIFY(server.start());
        server.setReply(kChatPath,
                        answer(QStringLiteral(R"({"verdict": "contradiction", "reason": "no retries now"})")));
        useJudge(vault, server);
        auto engine = opened(vault);
        QVERIFY(engine->updateFindings(nullptr, Engine::Judging::Full).ok());
        const auto requests = server.requests();
        QCOMPARE(requests.size(), 1);
        const QString asked = question(requests[0]);
        QVERIFY2(asked.contains(QLatin1String("retries failed webhook calls"))
                     && asked.contains(QLatin1String("[REDACTED:")),
                 qPrintable(asked));
        for (const test::SecretSample &s : secrets)
            QVERIFY2(!test::holdsRunOf(requests[0].body, s.body),
                     qPrintable(QStringLiteral("a %1 reached the endpoint: %2").arg(s.kind, asked)));
    }

    void judgePerUpdate_capsTheRequests_contradictionsFirst_theRestNextTime()
    {
        TestVault vault;
        writeWebhookPair(vault);
        writeDeployPair(vault);
        ChatLoopbackServer server;
        QVERIFY(server.start());
        server.setReply(kChatPath, answer(QStringLiteral(R"({"verdict": "contradiction", "reason": "changed"})")));
        useJudge(vault, server, 10000, QJsonObject{{QStringLiteral("judgePerUpdate"), 1}});
        auto engine = opened(vault);
        auto first = engine->updateFindings(nullptr, Engine::Judging::Full);
        QVERIFY(first.ok());
        QCOMPARE(first->judged, 1);
        QCOMPARE(first->awaitingJudge, 1);
        QVERIFY(question(server.requests().at(0)).contains(QLatin1String("Fridays"))); // the stored contradiction
        auto second = engine->updateFindings(nullptr, Engine::Judging::Full);
        QVERIFY(second.ok());
        QCOMPARE(second->judged, 1);
        QCOMPARE(second->awaitingJudge, 0);
        QVERIFY(question(server.requests().at(1)).contains(QLatin1String("retries failed webhook calls")));
        QCOMPARE(server.requests().size(), 2);
    }

    void listingsAPersonOrAnAgentWaitsFor_askNothing_theWorkbenchAsksAFew()
    {
        TestVault vault;
        writeWebhookPair(vault);
        writeDeployPair(vault);
        ChatLoopbackServer server;
        QVERIFY(server.start());
        server.setReply(kChatPath, answer(QStringLiteral(R"({"verdict": "contradiction", "reason": "changed"})")));
        useJudge(vault, server, 10000);
        auto engine = opened(vault);
        // `review` without --judge, MCP review and resolve: the stored verdicts, no model call.
        auto waited = engine->updateFindings();
        QVERIFY(waited.ok());
        QCOMPARE(waited->judged, 0);
        QCOMPARE(server.requests().size(), 0);
        // The workbench's worker between index runs: a few pairs (two stored here), not review.judgePerUpdate.
        auto background = engine->updateFindings(nullptr, Engine::Judging::Background);
        QVERIFY(background.ok());
        QCOMPARE(background->judged, 2);
        QCOMPARE(server.requests().size(), 2);
    }

    void judgeOff_asksNothing()
    {
        TestVault vault;
        writeDeployPair(vault);
        ChatLoopbackServer server;
        QVERIFY(server.start());
        server.setReply(kChatPath, answer(QStringLiteral(R"({"verdict": "distinct", "reason": "x"})")));
        useJudge(vault, server, 10000, QJsonObject{{QStringLiteral("judge"), false}});
        auto engine = opened(vault);
        auto scan = engine->updateFindings(nullptr, Engine::Judging::Full);
        QVERIFY(scan.ok());
        QCOMPARE(scan->judged, 0);
        QCOMPARE(scan->awaitingJudge, 0);
        QCOMPARE(server.requests().size(), 0);
        QCOMPARE(open(*engine).size(), 1);
    }

    void parse_readsTheThreeVerdicts_andRefusesAnythingElse()
    {
        auto verdict = [](const char *text) {
            auto j = FindingJudge::parse(QString::fromUtf8(text));
            return j ? judgeVerdictName(j->verdict) + QLatin1Char('|') + j->reason : QStringLiteral("error");
        };
        QCOMPARE(verdict(R"({"verdict": "duplicate", "reason": "same"})"), QStringLiteral("duplicate|same"));
        QCOMPARE(verdict(R"({"verdict": "contradiction", "reason": "moved"})"), QStringLiteral("contradiction|moved"));
        QCOMPARE(verdict(R"({"verdict": "distinct", "reason": "two things"})"), QStringLiteral("distinct|two things"));
        QCOMPARE(verdict(R"({"verdict": " Contradiction ", "reason": "case"})"), QStringLiteral("contradiction|case"));
        QCOMPARE(verdict("```\n{\"verdict\": \"distinct\", \"reason\": \"fenced\"}\n```"),
                 QStringLiteral("distinct|fenced"));
        QCOMPARE(verdict(R"({"verdict": "contradictory", "reason": "close, but not asked for"})"),
                 QStringLiteral("error"));
        QCOMPARE(verdict(R"({"verdict": ["distinct"]})"), QStringLiteral("error"));
        QCOMPARE(verdict("distinct"), QStringLiteral("error"));
        QCOMPARE(verdict(""), QStringLiteral("error"));
    }
};

QTEST_GUILESS_MAIN(TestFindingJudge)
#include "tst_findingjudge.moc"
